//! The completion's result, as the later stages (atom merging, the
//! unfounded-set check, the problem handed to the solver) read it.
//!
//! Invariant: `bodies[b].lit` holds iff body `b` does; `supports[a]` lists
//! every distinct body of a rule with `a` in its head; `atom_lit[a]` is the
//! literal standing for atom `a`.

use crate::solver::{ClauseList, SLit, WeightSpec};

/// Index of a distinct rule body.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BodyId(pub u32);

/// A distinct body, as the unfounded-set checker sees it.
#[derive(Clone, Debug)]
pub struct BodyInfo {
    /// The solver literal that is true iff the body holds.
    pub lit: SLit,
    /// `None`: a conjunction of `lits` (weights all 1). `Some(bound)`:
    /// `bound <= sum of weights of true lits`.
    pub bound: Option<i64>,
    /// The body's literals, each with its weight.
    pub lits: Vec<(SLit, i64)>,
}

/// A ground program's completion.
pub struct Translation {
    /// The program's atoms: variables `0..num_atoms`.
    pub num_atoms: usize,
    /// Solver variables in all: the atoms, the constant `true`, then one per body that needs its own.
    pub num_vars: usize,
    /// The literal of the constant `true` (fixed by a unit clause).
    pub true_lit: SLit,
    /// The completion's clauses.
    pub clauses: ClauseList,
    /// Weight constraints to propagate natively.
    pub weights: Vec<WeightSpec>,
    /// The distinct bodies, indexed by `BodyId`.
    pub bodies: Vec<BodyInfo>,
    /// Per atom: the distinct bodies of the rules with the atom in the head.
    pub supports: Vec<Vec<BodyId>>,
    /// Per atom: the literal standing for it (its own variable unless it
    /// was merged with its body, see `equiv`).
    pub atom_lit: Vec<SLit>,
    /// Per atom: its positive-loop component (`u32::MAX`: on no loop).
    pub scc_of: Vec<u32>,
    /// How many positive-loop components there are (0: the program is tight).
    pub num_scc: u32,
}
