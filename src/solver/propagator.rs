//! Propagators: constraints the solver does not hold as clauses (an
//! unfounded-set check, later a minimize constraint or a heuristic) take
//! part in the search through this interface, as clasp's post-propagators
//! do.
//!
//! Invariant (the contract): at every fixpoint of unit propagation the
//! solver calls [`Propagator::propagate`]; the propagator answers with
//! nogoods, each a clause whose literals are all false under the current
//! assignment except perhaps its first, which is then implied (or the
//! clause is a conflict).  Each clause must follow from the problem the
//! propagator stands for, so adding it loses no model.  When literals are
//! unassigned, [`Propagator::undo`] hears of it before the trail shrinks;
//! when the solver adds a variable, [`Propagator::grow`] does.

use super::assignment::Assignment;
use super::lit::SLit;
use super::problem::ClauseList;

/// A constraint checked at propagation fixpoints and explained by clauses.
pub trait Propagator: Send {
    /// Reads the assignment and pushes nogoods (see the module
    /// documentation) onto `out`, which is empty on entry.  Pushing nothing
    /// means the propagator is satisfied for now.
    fn propagate(&mut self, assignment: &Assignment, out: &mut ClauseList);

    /// The trail is cut back to `trail_len`; `unassigned` are the literals
    /// that lose their values.
    fn undo(&mut self, unassigned: &[SLit], trail_len: usize);

    /// The solver now has `num_vars` variables.
    fn grow(&mut self, num_vars: usize);
}
