//! One search across the steps of an incremental run, as clingo keeps one
//! solver: the search of a step is grown by the next step's rules
//! ([`crate::models::Models::grow`], over [`delta`]) when they only
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

use crate::program::packed::{self, Packed};
use crate::program::{Atom, External, GroundProgram, Head, Rule};
use crate::translate::Memory;

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

/// The rules of the program a step's search saw, as [`delta`] compares
/// them with the next step's: packed ([`Packed`]), a fraction of the
/// memory of the rules themselves, so that a step does not keep the last
/// step's whole program.  A step of a streaming grounder (see
/// [`crate::ground::packing`]) logs no rules: the next step hands on its
/// new rules alone ([`extends`]).
pub struct Log {
    num_atoms: u32,
    /// The program has an objective or edges: a search of it cannot grow.
    minimize: bool,
    rules: Option<Packed>,
}

impl Log {
    /// The log of `p`'s rules.
    pub fn of(p: &GroundProgram) -> Log {
        Log { rules: Some(Packed::of(&p.rules)), ..Log::without_rules(p) }
    }

    /// The log of `p` without its rules.
    pub fn without_rules(p: &GroundProgram) -> Log {
        Log { num_atoms: p.num_atoms, minimize: !p.minimize.is_empty() || !p.edges.is_empty(), rules: None }
    }
}

/// How the externals of a step compare with those of the step before: the
/// old atoms that were choices in the old search, and the atoms released.
struct Externals {
    open: Vec<bool>,
    released: Vec<bool>,
}

impl Externals {
    /// `None` if the old search's learning cannot be kept whatever the
    /// rules: an objective, fewer atoms, or an old atom become an input.
    fn compare(
        old: &Log,
        old_open: &[(Atom, External)],
        new: &GroundProgram,
        new_open: &[(Atom, External)],
    ) -> Option<Externals> {
        if new.num_atoms < old.num_atoms || old.minimize || !new.minimize.is_empty() || !new.edges.is_empty()
        {
            return None;
        }
        let mut open = vec![false; old.num_atoms as usize];
        for &(a, v) in old_open {
            open[a.index()] = v != External::Release;
        }
        let mut released = vec![false; new.num_atoms as usize];
        for &(a, v) in new_open {
            if v == External::Release {
                released[a.index()] = true;
            } else if a.0 < old.num_atoms && !open[a.index()] {
                return None;
            }
        }
        Some(Externals { open, released })
    }

    /// Whether rule `r` defines an old atom the old search did not have
    /// as a choice.
    fn redefines(&self, r: &Rule) -> bool {
        let (Head::Disjunction(h) | Head::Choice(h)) = &r.head;
        h.iter().any(|a| self.open.get(a.index()) == Some(&false))
    }
}

/// Whether everything learnt on the program `old` logs holds on it with
/// `step`'s rules added (a streaming grounder's step: its new rules only),
/// as [`delta`] decides for whole programs: no new rule defines an old
/// atom other than an external the old search had as a choice.
pub fn extends(
    old: &Log,
    old_open: &[(Atom, External)],
    step: &GroundProgram,
    new_open: &[(Atom, External)],
) -> bool {
    Externals::compare(old, old_open, step, new_open)
        .is_some_and(|x| !step.rules.iter().any(|r| x.redefines(r)))
}

/// Whether the logged rule `bytes` has an atom `released` marks in its
/// positive body (a conjunction; a weight body never counts).
fn inert(bytes: &[u8], released: &[bool]) -> bool {
    packed::positive_body(bytes).is_some_and(|b| b.iter().any(|a| released[a.index()]))
}

/// Whether everything learnt on `old` (with its open externals as
/// choices) holds on `new`: see the module documentation and [`delta`].
pub fn still_holds(old: &GroundProgram, new: &GroundProgram) -> bool {
    delta(&Log::of(old), &old.open_externals(), new, &new.open_externals()).is_some()
}

/// The rules `new` adds to `old` (the [`Log`] of the program a step
/// searched) if everything learnt on `old` holds on `new` (`None`
/// otherwise); `old_open` and `new_open` are their
/// [`GroundProgram::open_externals`].  Both programs are read in order (a
/// grounder appends each step's rules): every rule of `old` must come
/// again in `new`, in order, unless releasing an external made it inert (a
/// released atom in its positive body); the rules of `new` in between are
/// the added ones, and none may have an old atom in its head other than an
/// external the old search had as a choice.  An old atom must not become
/// an input.
pub fn delta<'a>(
    old: &Log,
    old_open: &[(Atom, External)],
    new: &'a GroundProgram,
    new_open: &[(Atom, External)],
) -> Option<Vec<&'a Rule>> {
    let logged = old.rules.as_ref()?;
    let x = Externals::compare(old, old_open, new, new_open)?;
    let mut added = Vec::new();
    let mut bytes = Vec::new();
    let mut i = 0;
    for r in &new.rules {
        bytes.clear();
        packed::encode(r, &mut bytes);
        let mut k = i;
        while k < logged.len() && logged.bytes(k) != bytes && inert(logged.bytes(k), &x.released) {
            k += 1;
        }
        if k < logged.len() && logged.bytes(k) == bytes {
            i = k + 1;
            continue;
        }
        if x.redefines(r) {
            return None;
        }
        added.push(r);
    }
    (i..logged.len()).all(|k| inert(logged.bytes(k), &x.released)).then_some(added)
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
        // the rules added are found in order, between the old ones
        let d = delta(&Log::of(&old), &[], &new, &[]).expect("holds");
        assert_eq!(d, vec![&new.rules[1], &new.rules[2]]);
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
