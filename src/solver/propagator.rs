//! Propagators: constraints the solver does not hold as clauses (an
//! unfounded-set check, the minimize constraint, later a heuristic) take
//! part in the search through this interface, as clasp's post-propagators
//! do.
//!
//! Invariant (the contract): at every fixpoint of unit propagation the
//! solver calls [`Propagator::propagate`]; the propagator answers with
//! nogoods, each a clause whose literals are all false under the current
//! assignment except perhaps its first, which is then implied (or the
//! clause is a conflict; an empty clause: no model is left), and with
//! unassigned literals it implies, each explained only when conflict
//! analysis asks ([`Propagator::explain`]) by true literals assigned
//! before it.  Each clause and explanation must follow from the problem
//! the propagator stands for, so adding it loses no model.  A nogood that
//! is a conflict is analysed and then dropped (the learnt clause is what
//! stays, as clasp's constraints serve as their own reasons), so a
//! propagator must answer it again whenever it applies.  When literals
//! are unassigned, [`Propagator::undo`] hears of it before the trail
//! shrinks; when the solver adds a variable, [`Propagator::grow`] does.

use super::assignment::Assignment;
use super::lit::SLit;
use super::problem::ClauseList;

/// What a propagator answers at a fixpoint.
#[derive(Default)]
pub struct Answer {
    /// Nogoods as clauses (see the module documentation).
    pub nogoods: ClauseList,
    /// Unassigned literals implied now, explained on demand.
    pub implied: Vec<SLit>,
}

impl Answer {
    /// No nogood and no implied literal.
    pub fn is_empty(&self) -> bool {
        self.nogoods.is_empty() && self.implied.is_empty()
    }
}

/// A constraint checked at propagation fixpoints and explained by clauses.
pub trait Propagator: Send {
    /// Reads the assignment and answers with nogoods and implied literals
    /// (see the module documentation) in `out`, which is empty on entry.
    /// Answering nothing means the propagator is satisfied for now.
    fn propagate(&mut self, assignment: &Assignment, out: &mut Answer);

    /// Pushes onto `out` true literals, each assigned before `lit`, whose
    /// conjunction implies `lit`, which this propagator answered as implied
    /// and which is still assigned.
    fn explain(&self, lit: SLit, assignment: &Assignment, out: &mut Vec<SLit>) {
        let _ = (lit, assignment, out);
        unreachable!("this propagator implies no literal without a clause");
    }

    /// The trail is cut back to `trail_len`: the literals of
    /// `assignment.trail[trail_len..]` lose their values (they still have
    /// them in `assignment`).
    fn undo(&mut self, assignment: &Assignment, trail_len: usize);

    /// The solver now has `num_vars` variables.
    fn grow(&mut self, num_vars: usize);

    /// A copy of this propagator in its current state, for a copy of its
    /// solver (see `Solver::fork`); one that holds a bound ([`Propagator::bound`])
    /// holds its own copy of it, so that tightening one search's bound
    /// leaves the other's.
    fn fork(&self) -> Box<dyn Propagator>;

    /// The cell the bound of the objective this propagator stands for is
    /// set in from outside, if it stands for one (the minimize constraint).
    fn bound(&self) -> Option<super::minimize::BoundCell> {
        None
    }
}
