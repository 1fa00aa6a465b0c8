//! Removing what underivable atoms and facts make pointless.
//!
//! An atom that heads no rule is false in every answer set, so a rule
//! needing it positively can never fire and `not a` on it always holds; a
//! fact is true in every answer set, so a rule needing `not f` can never
//! fire and `f` in a body always holds.
//! Dropping such rules can leave more atoms without rules; the pass repeats
//! until nothing changes; minimize literals over such atoms go too.
//! Invariant: the answer sets and their costs are unchanged (atoms keep
//! their indices; only rules, body literals and minimize literals that are
//! false go away).

use super::{Body, GroundProgram, Head, Lit, Rule};

/// Simplifies in place; returns how many rules were removed.
pub fn drop_underivable(p: &mut GroundProgram) -> usize {
    drop_underivable_along(p, &mut Vec::<()>::new())
}

/// As [`drop_underivable`]; `side` (empty, or one entry per rule) loses
/// the entries of the rules removed, so that it stays parallel to them.
pub fn drop_underivable_along<T>(p: &mut GroundProgram, side: &mut Vec<T>) -> usize {
    let tracked = !side.is_empty();
    debug_assert!(!tracked || side.len() == p.rules.len());
    let n = p.num_atoms as usize;
    let mut removed = 0;
    loop {
        let mut defined = vec![false; n];
        let mut fact = vec![false; n];
        // an external atom may be true (assigned, or free)
        p.externals.iter().for_each(|(a, _)| defined[a.index()] = true);
        for r in &p.rules {
            match &r.head {
                Head::Disjunction(h) | Head::Choice(h) => h.iter().for_each(|a| defined[a.index()] = true),
            }
            if let (Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
                if h.len() == 1 && b.is_empty() {
                    fact[h[0].index()] = true;
                }
            }
        }
        let before = p.rules.len();
        let mut new_facts = false;
        let mut kept = Vec::with_capacity(if tracked { before } else { 0 });
        p.rules.retain_mut(|r| {
            let keep = keep_rule(r, &defined, &fact, &mut new_facts);
            if tracked {
                kept.push(keep);
            }
            keep
        });
        if tracked {
            let mut k = kept.into_iter();
            side.retain(|_| k.next().unwrap_or(true));
        }
        removed += before - p.rules.len();
        // Removed rules can leave further atoms without rules, and new
        // facts falsify further `not a`.
        if p.rules.len() == before && !new_facts {
            drop_false_minimize_literals(p, &defined, &fact);
            return removed;
        }
    }
}

/// Whether rule `r` stays (its body can hold), with the literals true for
/// certain taken out; `new_facts` is set when that leaves a fact.
fn keep_rule(r: &mut Rule, defined: &[bool], fact: &[bool], new_facts: &mut bool) -> bool {
    match &mut r.body {
        Body::Normal(ls) => {
            let false_lit = |l: &Lit| {
                let a = l.atom().index();
                if l.is_positive() {
                    !defined[a]
                } else {
                    fact[a]
                }
            };
            if ls.iter().any(false_lit) {
                return false;
            }
            if ls.is_empty() {
                return true;
            }
            // literals true for certain: `not a` of an atom without rules, a fact
            ls.retain(|l| if l.is_positive() { !fact[l.atom().index()] } else { defined[l.atom().index()] });
            *new_facts |= ls.is_empty() && matches!(&r.head, Head::Disjunction(h) if h.len() == 1);
            true
        }
        Body::Weight { bound, lits } => {
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
            lits.iter().map(|x| x.1).sum::<i64>() >= *bound
        }
    }
}

/// Minimize literals that are false (an atom without rules, `not` a fact)
/// count nothing: they go, and a priority left without literals is no level of the objective
/// (as gringo drops elements whose condition it found false).
fn drop_false_minimize_literals(p: &mut GroundProgram, defined: &[bool], fact: &[bool]) {
    for m in &mut p.minimize {
        m.lits.retain(
            |(l, _)| if l.is_positive() { defined[l.atom().index()] } else { !fact[l.atom().index()] },
        );
    }
    p.minimize.retain(|m| !m.lits.is_empty());
}

#[cfg(test)]
mod tests {
    use super::*;

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
