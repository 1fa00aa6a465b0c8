//! One search across the steps of an incremental run, as clingo keeps one
//! solver: the search of a step is grown by the next step's rules
//! ([`crate::models::Models::grow`], over [`added_rules`]) when they only
//! define new atoms; otherwise the next step's program is translated
//! afresh and the new solver is given the old one's learnt clauses,
//! activities and phases, by atom (see [`crate::translate::Memory`]).
//!
//! Invariant: a search (or what it learnt) is carried to the next step
//! only if everything it learnt holds there, which [`still_holds`]
//! checks: the old search saw the old program with its open externals as
//! choices (their values were assumptions, so nothing learnt depends on
//! them), and the new program must be that program plus rules for new
//! atoms or for those externals, plus constraints, less what releasing
//! externals made inert.  The old search must not have found an answer
//! set (blocking it added a clause that is not a consequence of the
//! program), which the caller checks.

use crate::program::{Atom, Body, External, GroundProgram, Head, Rule};
use crate::translate::Memory;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// What a step passes on to the next (iclingo's `--ilearnt` and
/// `--iheuristic`; clingo 5, whose solver lives across the steps, keeps
/// both).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Keep {
    /// The learnt clauses.
    pub learnt: bool,
    /// The activities and phases.
    pub heuristic: bool,
}

impl Default for Keep {
    fn default() -> Keep {
        Keep { learnt: true, heuristic: true }
    }
}

impl Keep {
    /// `memory` without what is not kept.
    pub fn apply(self, mut memory: Memory) -> Memory {
        if !self.learnt {
            memory.inconsistent = false;
            memory.clauses.clear();
        }
        if !self.heuristic {
            memory.heuristic.clear();
        }
        memory
    }
}

/// `keep` or `forget` (iclingo's values of `--ilearnt`, `--iheuristic`).
pub fn parse_keep(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "keep" => Ok(true),
        "forget" => Ok(false),
        _ => Err(format!("'{text}': expected keep or forget")),
    }
}

/// Whether everything learnt on `old` (with its open externals as
/// choices) holds on `new`: see the module documentation.
pub fn still_holds(old: &GroundProgram, new: &GroundProgram) -> bool {
    if new.num_atoms < old.num_atoms || !old.minimize.is_empty() || !new.minimize.is_empty() {
        return false;
    }
    // the externals that were choices in the old search
    let open: HashSet<Atom> =
        old.open_externals().into_iter().filter(|(_, v)| *v != External::Release).map(|(a, _)| a).collect();
    // an old atom that was not an input must not become one
    let new_open = new.open_externals();
    if new_open.iter().any(|&(a, v)| v != External::Release && a.0 < old.num_atoms && !open.contains(&a)) {
        return false;
    }
    let released: HashSet<Atom> =
        new_open.iter().filter(|(_, v)| *v == External::Release).map(|&(a, _)| a).collect();
    let fixed = |a: Atom| a.0 < old.num_atoms && !open.contains(&a);
    definitions(old, &fixed, &released) == definitions(new, &fixed, &released)
}

/// The rules of `new` that `old` does not have, or more: both are read in
/// order, and a rule of `new` is taken as added unless it is the next rule
/// of `old` (a grounder appends each step's rules), passing over the old
/// rules that releasing an external made inert (a released atom in the
/// positive body: `new` may leave them out).  A rule taken as added that
/// `old` has after all is one the caller would add again: a constraint
/// (harmless) or a rule for an old atom, which the caller refuses.
pub fn added_rules<'a>(old: &GroundProgram, new: &'a GroundProgram) -> Vec<&'a Rule> {
    let mut released = vec![false; new.num_atoms as usize];
    for (a, v) in new.open_externals() {
        if v == External::Release {
            released[a.index()] = true;
        }
    }
    let inert = |r: &Rule| match &r.body {
        Body::Normal(ls) => ls.iter().any(|l| l.is_positive() && released[l.atom().index()]),
        Body::Weight { .. } => false,
    };
    let mut out = Vec::new();
    let mut i = 0;
    for r in &new.rules {
        let mut k = i;
        while k < old.rules.len() && old.rules[k] != *r && inert(&old.rules[k]) {
            k += 1;
        }
        if k < old.rules.len() && old.rules[k] == *r {
            i = k + 1;
        } else {
            out.push(r);
        }
    }
    out
}

/// The rules of `p` with a head atom that is `fixed`, each as a hash of
/// its normal form with the `released` atoms false (rules that can never
/// apply left out), sorted.
fn definitions(p: &GroundProgram, fixed: &impl Fn(Atom) -> bool, released: &HashSet<Atom>) -> Vec<u64> {
    let mut out = Vec::new();
    for r in &p.rules {
        let head = match &r.head {
            Head::Disjunction(h) | Head::Choice(h) => h,
        };
        if !head.iter().any(|&a| fixed(a)) {
            continue;
        }
        if let Some(h) = normal_form(r, released) {
            out.push(h);
        }
    }
    out.sort_unstable();
    out
}

/// A hash of `r` with heads and body sorted, `not a` left out and the
/// rule dropped (`None`) for each released `a`.
fn normal_form(r: &Rule, released: &HashSet<Atom>) -> Option<u64> {
    let mut h = DefaultHasher::new();
    match &r.head {
        Head::Disjunction(a) => (0u8, sorted(a.iter().copied())).hash(&mut h),
        Head::Choice(a) => (1u8, sorted(a.iter().copied())).hash(&mut h),
    }
    match &r.body {
        Body::Normal(ls) => {
            let mut body = Vec::with_capacity(ls.len());
            for &l in ls {
                if released.contains(&l.atom()) {
                    if l.is_positive() {
                        return None;
                    }
                    continue;
                }
                body.push(l);
            }
            (0u8, sorted(body)).hash(&mut h);
        }
        Body::Weight { bound, lits } => (1u8, bound, sorted(lits.iter().copied())).hash(&mut h),
    }
    Some(h.finish())
}

fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Lit;

    fn program(n: u32, rules: Vec<Rule>, externals: Vec<(Atom, External)>) -> GroundProgram {
        GroundProgram { num_atoms: n, rules, externals, ..GroundProgram::default() }
    }

    #[test]
    fn new_atoms_inputs_and_constraints_keep_what_was_learnt() {
        let (a, b, e, c) = (Atom(0), Atom(1), Atom(2), Atom(3));
        let old = program(2, vec![Rule::normal(a, vec![Lit::new(b, false)])], vec![]);
        // a rule for a new atom over old ones, and a constraint
        let new = program(
            4,
            vec![
                Rule::normal(a, vec![b.neg()]),
                Rule::normal(c, vec![a.pos()]),
                Rule::constraint(vec![a.pos()]),
            ],
            vec![],
        );
        assert!(still_holds(&old, &new));
        // an external that was a choice may get rules
        let old = program(3, vec![Rule::normal(a, vec![e.pos()])], vec![(e, External::True)]);
        let new = program(3, vec![Rule::normal(a, vec![e.pos()]), Rule::fact(e)], vec![(e, External::True)]);
        assert!(still_holds(&old, &new));
        // releasing it makes its rules inert; they may then be dropped
        let new = program(3, vec![], vec![(e, External::Release)]);
        assert!(still_holds(&old, &new));
    }

    #[test]
    fn a_redefined_atom_loses_what_was_learnt() {
        let (a, b, e) = (Atom(0), Atom(1), Atom(2));
        let old = program(2, vec![Rule::normal(a, vec![b.pos()])], vec![]);
        // b had no rule (false): now it has one
        let new = program(2, vec![Rule::normal(a, vec![b.pos()]), Rule::fact(b)], vec![]);
        assert!(!still_holds(&old, &new));
        // a gets a second rule
        let new = program(3, vec![Rule::normal(a, vec![b.pos()]), Rule::normal(a, vec![e.pos()])], vec![]);
        assert!(!still_holds(&old, &new));
        // a rule disappears
        assert!(!still_holds(&old, &program(2, vec![], vec![])));
        // an atom that was false becomes an input
        assert!(!still_holds(&old, &program(2, old.rules.clone(), vec![(b, External::Free)])));
        // a released external was false: it cannot be defined later
        let old = program(3, vec![], vec![(e, External::Release)]);
        assert!(!still_holds(&old, &program(3, vec![Rule::fact(e)], vec![(e, External::Release)])));
    }
}
