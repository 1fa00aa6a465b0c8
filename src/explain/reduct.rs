//! The reduct of a ground program under an interpretation (an answer set
//! or a candidate), as explanations read it: which rules support an atom,
//! and in which order the reduct's least model derives the true atoms.
//!
//! Invariant: an atom gets a derivation only from a rule that supports it
//! (its body holds, no other head atom of a disjunction is true) and whose
//! positive body atoms were derived in earlier rounds; true atoms left
//! without one form the greatest unfounded set among the true atoms.

use crate::ground::Grounding;
use crate::program::{Atom, Body, Head, Lit, Rule};

/// Whether a body holds under `v`.
pub(crate) fn body_holds(b: &Body, v: &[bool]) -> bool {
    let holds = |l: &Lit| v[l.atom().index()] == l.is_positive();
    match b {
        Body::Normal(ls) => ls.iter().all(holds),
        Body::Weight { bound, lits } => {
            lits.iter().filter(|(l, _)| holds(l)).map(|(_, w)| *w).sum::<i64>() >= *bound
        }
    }
}

/// Whether rule `r` supports `a` under `v`: its body holds and (for a
/// disjunction) no other head atom is true.
pub(crate) fn supports(r: &Rule, a: Atom, v: &[bool]) -> bool {
    body_holds(&r.body, v)
        && match &r.head {
            Head::Choice(_) => true,
            Head::Disjunction(h) => h.iter().all(|&b| b == a || !v[b.index()]),
        }
}

/// Per true atom: the round of the reduct's least model that derives it
/// and a rule that does (atoms not derived: none).
pub(crate) fn derivation_order(g: &Grounding, v: &[bool]) -> Vec<Option<(u32, usize)>> {
    let mut order: Vec<Option<(u32, usize)>> = vec![None; v.len()];
    let derived =
        |order: &[Option<(u32, usize)>], l: &Lit| !l.is_positive() || order[l.atom().index()].is_some();
    let mut round = 0;
    loop {
        round += 1;
        let mut new = Vec::new();
        for (i, r) in g.program.rules.iter().enumerate() {
            let (Head::Disjunction(h) | Head::Choice(h)) = &r.head;
            for &a in h {
                if order[a.index()].is_some() || !v[a.index()] || !supports(r, a, v) {
                    continue;
                }
                let ok = match &r.body {
                    Body::Normal(ls) => ls.iter().all(|l| derived(&order, l)),
                    Body::Weight { bound, lits } => {
                        lits.iter()
                            .filter(|(l, _)| v[l.atom().index()] == l.is_positive() && derived(&order, l))
                            .map(|(_, w)| *w)
                            .sum::<i64>()
                            >= *bound
                    }
                };
                if ok {
                    new.push((a, i));
                }
            }
        }
        if new.is_empty() {
            return order;
        }
        for (a, i) in new {
            order[a.index()].get_or_insert((round, i));
        }
    }
}
