//! Small weight bodies as clauses instead of weight constraints, as
//! clasp's default `--trans-ext=dynamic` turns a weight rule of at most six
//! literals and at most fifteen minimal subsets into normal rules: the
//! upper bound of `1 { x(V) : v(V) } 1` over five values, or
//! `:- 2 { meet(P,Q,W) : week(W) }.` over five weeks, becomes binary
//! clauses `¬a ∨ ¬b` once its body variable is false, where a weight
//! constraint would propagate the same more slowly and explain it with
//! longer reasons.
//!
//! Invariant: the clauses [`clauses`] returns for `β` and
//! `bound ≤ Σ w·l` are every prime implicate of `β ↔ bound ≤ Σ w·l`:
//! `β ∨ ¬S` for each minimal set `S` of literals whose weights reach the
//! bound, and `¬β ∨ T` for each minimal set `T` that, all false, leaves
//! the rest below it. They have the same models as the weight constraint,
//! and unit propagation on them derives all it derives.

use crate::solver::SLit;

/// At most this many literals (clasp's limit for a transformation without
/// auxiliary atoms).
const MAX_LITS: usize = 6;
/// At most this many minimal sets reaching the bound (clasp's limit).
const MAX_SETS: usize = 15;

/// The clauses of `β ↔ bound ≤ Σ w·l` over these distinct literals with
/// positive weights, or `None` if the body is too big for them (more than
/// [`MAX_LITS`] literals or [`MAX_SETS`] minimal sets reaching the bound),
/// has a weight below one, or a literal and its complement.
pub fn clauses(beta: SLit, lits: &[(SLit, i64)], bound: i64) -> Option<Vec<Vec<SLit>>> {
    let n = lits.len();
    if n > MAX_LITS || lits.iter().any(|&(_, w)| w < 1) {
        return None;
    }
    if lits.iter().any(|&(l, _)| lits.iter().any(|&(m, _)| m == !l)) {
        return None;
    }
    let weight = |set: u32| -> i64 { (0..n).filter(|&i| set >> i & 1 == 1).map(|i| lits[i].1).sum() };
    let total = weight((1 << n) - 1);
    let members = |set: u32| (0..n).filter(move |&i| set >> i & 1 == 1);
    // minimal sets whose truth reaches the bound
    let reaching = |set: u32| weight(set) >= bound;
    let reach: Vec<u32> =
        (0..1u32 << n).filter(|&s| reaching(s) && members(s).all(|i| !reaching(s & !(1 << i)))).collect();
    if reach.len() > MAX_SETS {
        return None;
    }
    // minimal sets whose falsity leaves the others below the bound
    let blocking = |set: u32| total - weight(set) < bound;
    let block = (0..1u32 << n).filter(|&s| blocking(s) && members(s).all(|i| !blocking(s & !(1 << i))));
    let mut out = Vec::new();
    for s in reach {
        out.push(std::iter::once(beta).chain(members(s).map(|i| !lits[i].0)).collect());
    }
    for t in block {
        out.push(std::iter::once(!beta).chain(members(t).map(|i| lits[i].0)).collect());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::clauses;
    use crate::solver::{SLit, Var};

    /// Every assignment of `β` and the literals satisfies the clauses
    /// exactly when `β` is `bound ≤ Σ w·l`.
    fn check(weights: &[i64], bound: i64) -> usize {
        let lits: Vec<(SLit, i64)> =
            weights.iter().enumerate().map(|(i, &w)| (Var(i as u32).pos(), w)).collect();
        let beta = Var(weights.len() as u32).pos();
        let cs = clauses(beta, &lits, bound).expect("small enough");
        let n = weights.len();
        for m in 0..1u32 << (n + 1) {
            let holds = |l: SLit| (m >> l.var().index() & 1 == 1) == l.is_positive();
            let sum: i64 = lits.iter().filter(|x| holds(x.0)).map(|x| x.1).sum();
            let sat = cs.iter().all(|c| c.iter().any(|&l| holds(l)));
            assert_eq!(
                sat,
                holds(beta) == (sum >= bound),
                "weights {weights:?} bound {bound} assignment {m:b}"
            );
        }
        cs.len()
    }

    #[test]
    fn clauses_define_the_sum() {
        // at least two of five: ten sets reach it, five sets of four block it
        assert_eq!(check(&[1, 1, 1, 1, 1], 2), 10 + 5);
        assert_eq!(check(&[1, 1, 1], 2), 3 + 3);
        // the five alone, or the five ones; the five and any one
        assert_eq!(check(&[5, 1, 1, 1, 1, 1], 5), 2 + 5);
        check(&[3, 2, 2, 1], 4);
        check(&[2, 3, 4, 1, 2, 2], 7);
    }

    #[test]
    fn big_bodies_stay_weight_constraints() {
        let lits: Vec<(SLit, i64)> = (0..7).map(|i| (Var(i).pos(), 1)).collect();
        assert!(clauses(Var(9).pos(), &lits, 2).is_none());
        // at least three of six: twenty sets
        assert!(clauses(Var(9).pos(), &lits[..6], 3).is_none());
        let with_complement = [(Var(0).pos(), 1), (Var(0).lit(false), 1), (Var(1).pos(), 1)];
        assert!(clauses(Var(9).pos(), &with_complement, 2).is_none());
    }
}
