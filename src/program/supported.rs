//! Supported models (clasp's `--supp-models`, `--no-ufs-check`): the
//! models of Clark's completion, where an atom needs a rule whose body
//! holds but not a derivation free of positive loops (`a :- b. b :- a.`
//! with `a :- not x.` has the supported model where `x`, `a` and `b` hold).
//!
//! Made by rewriting the ground program: each positive body literal `b`
//! becomes `not n`, with `n :- not b.` for a fresh atom `n` (one per `b`),
//! so `b` is read as `not not b`. The result has no positive dependencies
//! (it is tight, and its disjunctions head-cycle-free), so its stable
//! models are its supported models (Fages), and its completion is the
//! program's: `not n` holds exactly where `b` does.
//!
//! Invariant: the stable models of the rewritten program, restricted to
//! the program's atoms, are the supported models of the program; rewriting
//! it again changes nothing (no positive body literal is left).

use super::{Atom, Body, GroundProgram, Lit, Rule};
use std::collections::HashMap;

/// Rewrites `p` so that its answer sets are its supported models.
pub fn rewrite(p: &mut GroundProgram) {
    let mut fresh: HashMap<Atom, Atom> = HashMap::new();
    let mut next = p.num_atoms;
    let mut negated = |l: Lit| -> Lit {
        if !l.is_positive() {
            return l;
        }
        let n = *fresh.entry(l.atom()).or_insert_with(|| {
            next += 1;
            Atom(next - 1)
        });
        Lit::new(n, false)
    };
    for r in &mut p.rules {
        match &mut r.body {
            Body::Normal(lits) => lits.iter_mut().for_each(|l| *l = negated(*l)),
            Body::Weight { lits, .. } => lits.iter_mut().for_each(|(l, _)| *l = negated(*l)),
        }
    }
    // (in the order the fresh atoms were numbered)
    let mut pairs: Vec<(Atom, Atom)> = fresh.into_iter().collect();
    pairs.sort_unstable_by_key(|&(_, n)| n);
    for (b, n) in pairs {
        let made = p.new_atom();
        debug_assert_eq!(made, n);
        p.add(Rule::normal(n, vec![Lit::new(b, false)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positive_body_literals_become_double_negations() {
        // a :- b.  b :- a.  a :- not x.  (x, a, b: atoms 0, 1, 2)
        let mut p = GroundProgram::new();
        let (x, a, b) = (p.new_atom(), p.new_atom(), p.new_atom());
        p.add(Rule::normal(a, vec![Lit::new(b, true)]));
        p.add(Rule::normal(b, vec![Lit::new(a, true)]));
        p.add(Rule::normal(a, vec![Lit::new(x, false)]));
        rewrite(&mut p);
        // two fresh atoms, for b and a, each `n :- not atom.`
        assert_eq!(p.num_atoms, 5);
        let negative = |r: &Rule| match &r.body {
            Body::Normal(ls) => ls.iter().all(|l| !l.is_positive()),
            Body::Weight { lits, .. } => lits.iter().all(|(l, _)| !l.is_positive()),
        };
        assert!(p.rules.iter().all(negative));
        assert_eq!(p.rules.len(), 5);
        // again: nothing changes
        let before = p.rules.clone();
        rewrite(&mut p);
        assert_eq!(p.rules, before);
        assert_eq!(p.num_atoms, 5);
    }
}
