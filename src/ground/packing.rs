//! The steps a streaming [`super::Grounder`] has handed on, packed: an
//! incremental run's search grows step by step on each step's new rules
//! ([`crate::models::Models::grow`]), as clasp's does, so the grounder
//! need not keep the earlier steps' rules as rules; it keeps them packed
//! ([`Packed`], about a third of their memory) for the searches that need
//! the whole program (a step that redefines an old atom, an objective,
//! checking an answer set).
//!
//! Invariant: the earlier steps' rules as the grounder made them (before
//! simplification), followed by the rules of the step handed on, are the
//! program a grounder that does not stream would have; the externals
//! that earlier steps' rules define are kept apart (no step's search has
//! them as inputs any more), and with the step's externals they are the
//! program's.

use crate::program::packed::Packed;
use crate::program::{Atom, External, GroundProgram};

/// What a streaming grounder keeps of the steps it handed on.
#[derive(Default)]
pub struct Earlier {
    /// Their rules, as grounded.
    pub rules: Packed,
    /// The externals their rules define.
    pub defined_externals: Vec<(Atom, External)>,
    /// How many atoms there were at the last hand-off: the next step's
    /// rules are simplified taking these as derivable.
    pub atoms: u32,
    /// How many steps were handed on.
    pub steps: u32,
}

/// How a streaming grounder's hand-off relates to the steps before it
/// ([`super::Grounding::streamed`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// The number of the hand-off, from 0.
    pub step: u32,
    /// Whether the program's rules are only this step's (the earlier
    /// steps' are packed in the grounder: [`Earlier::whole`]).
    pub partial: bool,
}

impl Earlier {
    /// The whole program of the step `step` (handed on after these
    /// earlier steps): the earlier rules unpacked before the step's, the
    /// externals they define added back, simplified as a grounder that
    /// does not stream simplifies.
    pub fn whole(&self, step: &GroundProgram) -> GroundProgram {
        let mut rules = Vec::with_capacity(self.rules.len() + step.rules.len());
        rules.extend(self.rules.rules());
        rules.extend(step.rules.iter().cloned());
        let mut externals = step.externals.clone();
        externals.extend(self.defined_externals.iter().copied());
        let mut whole = GroundProgram { rules, externals, ..step.clone_without_rules() };
        crate::program::simplify::drop_underivable(&mut whole);
        whole
    }
}
