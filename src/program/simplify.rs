//! Removing what underivable atoms make pointless.
//!
//! An atom that heads no rule is false in every answer set, so a rule
//! needing it positively can never fire and `not a` on it always holds.
//! Dropping such rules can leave more atoms without rules; the pass repeats
//! until nothing changes.  Invariant: the answer sets are unchanged (atoms
//! keep their indices; only rules and body literals go away).

use super::{Body, GroundProgram, Head};

/// Simplifies in place; returns how many rules were removed.
pub fn drop_underivable(p: &mut GroundProgram) -> usize {
    let n = p.num_atoms as usize;
    let mut removed = 0;
    loop {
        let mut defined = vec![false; n];
        for r in &p.rules {
            match &r.head {
                Head::Disjunction(h) | Head::Choice(h) => h.iter().for_each(|a| defined[a.index()] = true),
            }
        }
        let before = p.rules.len();
        let mut changed = false;
        p.rules.retain_mut(|r| match &mut r.body {
            Body::Normal(ls) => {
                if ls.iter().any(|l| l.is_positive() && !defined[l.atom().index()]) {
                    return false;
                }
                let k = ls.len();
                ls.retain(|l| l.is_positive() || defined[l.atom().index()]);
                changed |= ls.len() != k;
                true
            }
            Body::Weight { bound, lits } => {
                let k = lits.len();
                let mut b = *bound;
                lits.retain(|&(l, w)| {
                    if defined[l.atom().index()] {
                        true
                    } else {
                        if !l.is_positive() {
                            b -= w;
                        }
                        false
                    }
                });
                *bound = b;
                changed |= lits.len() != k;
                lits.iter().map(|x| x.1).sum::<i64>() >= *bound
            }
        });
        removed += before - p.rules.len();
        // Shortened bodies define nothing new; only removed rules can
        // leave further atoms without rules.
        let _ = changed;
        if p.rules.len() == before {
            return removed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Rule;

    #[test]
    fn underivable_atoms_vanish_in_cascade() {
        // a :- b.  c :- a.  d :- not a.  (b has no rule)
        let mut p = GroundProgram::new();
        let (a, b, c, d) = (p.new_atom(), p.new_atom(), p.new_atom(), p.new_atom());
        p.add(Rule::normal(a, vec![b.pos()]));
        p.add(Rule::normal(c, vec![a.pos()]));
        p.add(Rule::normal(d, vec![a.neg()]));
        assert_eq!(drop_underivable(&mut p), 2);
        assert_eq!(p.rules, vec![Rule::normal(d, vec![])]);
        assert!(p.is_stable_model(&[false, false, false, true]));
    }
}
