//! Join plans: in which order a rule's body literals are evaluated so that
//! each finds the variables it needs bound; and safety, which is "a plan
//! exists that binds every variable".
//!
//! Invariant: in a plan, a step's literal is ready when it runs — a
//! positive atom's arguments are matchable, a check's variables are all
//! bound, a binder's right-hand side is bound.

use super::index_key::IndexKey;
use super::rule::{Lit, PredId};
use super::term::{GTerm, Var};
use crate::syntax::ast::{CmpOp, Sign};

/// One step of a join plan, on the literal at index `lit` of those planned.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Enumerate the atoms matching positive literal `lit`, found by the
    /// parts of the pattern bound before the step (`key`).
    Match {
        /// Index of the literal among those planned.
        lit: usize,
        /// The bound parts of the pattern (arguments and sub-terms).
        key: IndexKey,
    },
    /// `pattern = term` with the term bound: match the pattern (`swap`:
    /// the pattern is on the right).
    Unify {
        /// Index of the literal among those planned.
        lit: usize,
        /// The pattern is the right-hand side.
        swap: bool,
    },
    /// `t in lo..hi` with the bounds bound: enumerate.
    Range {
        /// Index of the literal among those planned.
        lit: usize,
    },
    /// `t` among the values of `@f(args)` with the arguments bound: call.
    Call {
        /// Index of the literal among those planned.
        lit: usize,
    },
    /// An assignment aggregate `X = #agg{..}`: enumerate the possible values.
    Assign {
        /// Index of the literal among those planned.
        lit: usize,
    },
    /// A literal whose variables are all bound.
    Check {
        /// Index of the literal among those planned.
        lit: usize,
    },
}

impl Step {
    /// The index of the step's literal among those planned.
    pub fn lit(&self) -> usize {
        match self {
            Step::Match { lit, .. }
            | Step::Unify { lit, .. }
            | Step::Range { lit }
            | Step::Call { lit }
            | Step::Assign { lit }
            | Step::Check { lit } => *lit,
        }
    }
}

/// Bodies with more literals to order than this choose between equal
/// enumerations by position alone (the tests they let run are counted
/// otherwise: quadratic in the literals).
const UNLOCK_LIMIT: usize = 12;

/// How many atoms a predicate has now (for join ordering).
pub type SizeOf<'a> = &'a dyn Fn(PredId) -> usize;

/// Orders `lits` (all of them except conditional literals and non-assigning
/// aggregates, which are evaluated once the rule's variables are bound).
/// `bound` holds the variables bound beforehand; `global` tells which
/// variables count as global (for assignment aggregates); `first` forces a
/// literal (the delta of a semi-naive round) to go first when it is ready.
/// Returns the plan and the variables bound at its end.
pub fn plan(
    lits: &[Lit],
    bound: &[bool],
    global: &[bool],
    first: Option<usize>,
    size: SizeOf<'_>,
) -> (Vec<Step>, Vec<bool>) {
    let mut bound = bound.to_vec();
    let mut todo: Vec<usize> = (0..lits.len()).filter(|&i| planned(&lits[i])).collect();
    let mut steps = Vec::new();
    if let Some(f) = first {
        if let Some(s) = ready(&lits[f], f, &bound, global) {
            todo.retain(|&i| i != f);
            apply(&lits[f], &s, &mut bound);
            steps.push(s);
        }
    }
    loop {
        // Checks and lookups bind nothing: take all that are ready in one
        // sweep (a rule with many ground literals must not cost a sweep each).
        todo.retain(|&i| match ready(&lits[i], i, &bound, global) {
            Some(s @ Step::Check { .. }) => {
                steps.push(s);
                false
            }
            Some(s @ Step::Match { .. }) if binds_nothing(&lits[i], &s) => {
                steps.push(s);
                false
            }
            _ => true,
        });
        let mut best: Option<(u64, usize, Step)> = None;
        for (k, &i) in todo.iter().enumerate() {
            if let Some(s) = ready(&lits[i], i, &bound, global) {
                let cost = match &s {
                    Step::Check { .. } => 0,
                    Step::Unify { .. } => 1,
                    Step::Range { .. } | Step::Call { .. } | Step::Assign { .. } => 2,
                    Step::Match { key, lit } => {
                        let n = match &lits[*lit] {
                            Lit::Atom { atom, .. } => size(atom.pred) as u64,
                            _ => 0,
                        };
                        let b = key.len() as u64;
                        // Fully bound: a lookup. Otherwise smaller and more bound first:
                        // a sixteenth of the atoms per bound part, or, for large
                        // predicates, the atoms to the power of the pattern's unbound
                        // share (`reachable(seq(X,Y))`, `X` bound, of a million atoms:
                        // about a thousand).
                        if binds_nothing(&lits[*lit], &s) {
                            3
                        } else {
                            let share = match &lits[*lit] {
                                Lit::Atom { atom, .. } => unbound_share(&atom.args, &bound),
                                _ => 1.0,
                            };
                            let root = ((n + 1) as f64).powf(share) as u64;
                            10 + ((n + 1) / (1 + 16 * b)).min(root)
                        }
                    }
                };
                let better = match &best {
                    None => true,
                    Some((c, _, _)) if cost < *c => true,
                    // of two enumerations as large, the one after which
                    // more tests can run (`p(A), p(B), p(D), D-A > 9`:
                    // `p(D)` before `p(B)`); few literals only
                    Some((c, bk, _)) if cost == *c && cost >= 10 && todo.len() <= UNLOCK_LIMIT => {
                        let unlocks = |j: usize| {
                            let mut after = bound.clone();
                            apply(&lits[todo[j]], &s, &mut after);
                            todo.iter()
                                .filter(|&&t| t != todo[j])
                                .filter(|&&t| {
                                    matches!(ready(&lits[t], t, &after, global), Some(Step::Check { .. }))
                                })
                                .count()
                        };
                        unlocks(k) > unlocks(*bk)
                    }
                    _ => false,
                };
                if better {
                    best = Some((cost, k, s));
                }
            }
        }
        match best {
            None => break,
            Some((_, k, s)) => {
                let i = todo.remove(k);
                apply(&lits[i], &s, &mut bound);
                steps.push(s);
            }
        }
    }
    (steps, bound)
}

/// A match step with every argument bound: a lookup.
pub fn binds_nothing(l: &Lit, s: &Step) -> bool {
    match (l, s) {
        (Lit::Atom { atom, .. }, Step::Match { key, .. }) => key.is_full(atom.args.len()),
        _ => false,
    }
}

/// Literals that take part in a join plan.
fn planned(l: &Lit) -> bool {
    match l {
        Lit::Cond { .. } => false,
        Lit::Agg(a) => assign_var(a).is_some(),
        _ => true,
    }
}

/// `X = #agg{..}` (as stored: `value = X`) with X a plain variable.
pub fn assign_var(a: &super::rule::Agg) -> Option<Var> {
    if a.sign != Sign::Pos || a.bounds.len() != 1 {
        return None;
    }
    match &a.bounds[0] {
        (CmpOp::Eq, super::term::GTerm::Var(v)) => Some(*v),
        _ => None,
    }
}

/// Which share of a pattern's arguments is unbound: each of the `k`
/// arguments counts `1/k`, shared equally among a function term's own
/// arguments when the term is partly bound.
fn unbound_share(args: &[GTerm], bound: &[bool]) -> f64 {
    fn share(t: &GTerm, w: f64, bound: &[bool]) -> f64 {
        let mut vs = Vec::new();
        t.vars(&mut vs);
        if all_bound(&vs, bound) {
            return 0.0;
        }
        match t {
            GTerm::Func { args, .. } if !args.is_empty() => {
                args.iter().map(|a| share(a, w / args.len() as f64, bound)).sum()
            }
            _ => w,
        }
    }
    args.iter().map(|a| share(a, 1.0 / args.len() as f64, bound)).sum()
}

fn all_bound(vs: &[Var], bound: &[bool]) -> bool {
    vs.iter().all(|v| bound[v.0 as usize])
}

fn ready(l: &Lit, i: usize, bound: &[bool], global: &[bool]) -> Option<Step> {
    let is_bound = |v: Var| bound[v.0 as usize];
    let mut vs = Vec::new();
    match l {
        Lit::Atom { sign: Sign::Pos, atom } => {
            // Arguments bind together: `p(T, T\2)` is ready once `T` is.
            GTerm::matchable_all(&atom.args, &is_bound)?;
            Some(Step::Match { lit: i, key: IndexKey::of(&atom.args, &is_bound) })
        }
        Lit::Cmp { op: CmpOp::Eq, l: a, r: b } => {
            l.vars(&mut vs);
            if all_bound(&vs, bound) {
                return Some(Step::Check { lit: i });
            }
            let (mut va, mut vb) = (Vec::new(), Vec::new());
            a.vars(&mut va);
            b.vars(&mut vb);
            if all_bound(&vb, bound) && a.matchable(&is_bound).is_some() {
                Some(Step::Unify { lit: i, swap: false })
            } else if all_bound(&va, bound) && b.matchable(&is_bound).is_some() {
                Some(Step::Unify { lit: i, swap: true })
            } else {
                None
            }
        }
        Lit::Range { t, lo, hi, .. } => {
            let mut vl = Vec::new();
            lo.vars(&mut vl);
            hi.vars(&mut vl);
            if !all_bound(&vl, bound) {
                return None;
            }
            t.matchable(&is_bound)?;
            Some(Step::Range { lit: i })
        }
        Lit::Call { t, args, .. } => {
            let mut va = Vec::new();
            args.iter().for_each(|a| a.vars(&mut va));
            if !all_bound(&va, bound) {
                return None;
            }
            t.matchable(&is_bound)?;
            Some(Step::Call { lit: i })
        }
        Lit::Agg(a) => {
            let v = assign_var(a)?;
            // The element variables that are global must be bound first.
            for e in &a.elems {
                e.tuple.iter().for_each(|t| t.vars(&mut vs));
                e.cond.iter().for_each(|c| c.vars(&mut vs));
            }
            // A variable used inside the elements cannot be assigned by them.
            if vs.iter().any(|w| (*w == v || global[w.0 as usize]) && !bound[w.0 as usize]) {
                return None;
            }
            if bound[v.0 as usize] {
                Some(Step::Check { lit: i })
            } else {
                Some(Step::Assign { lit: i })
            }
        }
        _ => {
            l.vars(&mut vs);
            all_bound(&vs, bound).then_some(Step::Check { lit: i })
        }
    }
}

/// Marks the variables literal `l` binds (its outer variables) as bound.
pub fn apply(l: &Lit, _s: &Step, bound: &mut [bool]) {
    let mut vs = Vec::new();
    l.outer_vars(&mut vs);
    for v in vs {
        bound[v.0 as usize] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::super::rule::{AtomPat, Lit, PredId};
    use super::super::symbol::Name;
    use super::super::term::{GTerm, Var};
    use super::{plan, Step};
    use crate::syntax::ast::{CmpOp, Sign};

    /// `p(A), p(B), p(C), p(D), D > A`: of the equal enumerations after
    /// `p(A)`, `p(D)` goes first, so the test runs after two of them, not
    /// four (100 times fewer bindings at 100 atoms a predicate).
    #[test]
    fn an_enumeration_that_lets_a_test_run_goes_first_among_equals() {
        let p = |v: u32| Lit::Atom {
            sign: Sign::Pos,
            atom: AtomPat { pred: PredId(0), args: vec![GTerm::Var(Var(v))] },
        };
        let lits = vec![
            p(0),
            p(1),
            p(2),
            p(3),
            Lit::Cmp { op: CmpOp::Gt, l: GTerm::Var(Var(3)), r: GTerm::Var(Var(0)) },
        ];
        let none = vec![false; 4];
        let (steps, bound) = plan(&lits, &none, &none, None, &|_| 100);
        let order: Vec<usize> = steps
            .iter()
            .map(|s| match s {
                Step::Match { lit, .. } | Step::Check { lit } => *lit,
                other => panic!("{:?}", other),
            })
            .collect();
        assert_eq!(order, [0, 3, 4, 1, 2]);
        assert!(bound.iter().all(|b| *b));
    }

    /// `ground(seq(X,Y)) :- ground(X), ground(Y), reachable(seq(X,Y)).`
    /// (a public poetry generator: 26 thousand `ground`, 760 thousand
    /// `reachable` atoms), `ground(X)` first: `reachable(seq(X,Y))` is
    /// found by `X` through the index and binds `Y`, so `ground(Y)` is a
    /// look-up.  Taking `ground(Y)` second joined every pair of `ground`
    /// atoms (grounding over 300 s against gringo's 30 s).
    #[test]
    fn a_large_predicate_found_by_a_bound_sub_term_goes_before_a_scan() {
        let (ground, reachable) = (PredId(0), PredId(1));
        let atom = |pred, args| Lit::Atom { sign: Sign::Pos, atom: AtomPat { pred, args } };
        let seq =
            GTerm::Func { name: Name(0), neg: false, args: vec![GTerm::Var(Var(0)), GTerm::Var(Var(1))] };
        let lits = vec![
            atom(ground, vec![GTerm::Var(Var(0))]),
            atom(ground, vec![GTerm::Var(Var(1))]),
            atom(reachable, vec![seq]),
        ];
        let none = vec![false; 2];
        let size = |p: PredId| if p == ground { 25_867 } else { 762_067 };
        let (steps, _) = plan(&lits, &none, &none, Some(0), &size);
        let order: Vec<(usize, usize)> = steps
            .iter()
            .map(|s| match s {
                Step::Match { lit, key } => (*lit, key.len()),
                other => panic!("{:?}", other),
            })
            .collect();
        assert_eq!(order, [(0, 0), (2, 1), (1, 1)]);
        assert!(super::binds_nothing(&lits[1], &steps[2]));
    }
}
