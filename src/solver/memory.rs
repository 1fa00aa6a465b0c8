//! What a search has learnt, taken out of one solver and given to another
//! whose problem extends the first one's: the learnt clauses (long ones
//! with their LBD, binary ones, root-level literals), and each variable's
//! activity (in units of the current bump) and saved phase.
//!
//! Invariant: every clause of a [`Learnt`] is a consequence of the
//! problem the solver was built on, its propagators, and the clauses added
//! to it since ([`Solver::add_clause`], blocked models): the caller, who
//! alone knows what those were, decides whether they still hold in the
//! problem it gives them to ([`Solver::adopt`]).  Assumptions are
//! decisions, never root-level literals, so nothing learnt depends on
//! them.

use super::lit::{SLit, Var};
use super::Solver;

/// What one search learnt (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Learnt {
    /// The root level is inconsistent: the problem has no model at all.
    pub inconsistent: bool,
    /// Learnt clauses, each with its LBD; root-level literals are clauses
    /// of one literal.
    pub clauses: Vec<(Vec<SLit>, u32)>,
    /// Per variable: its activity divided by the current bump, and its
    /// saved phase.
    pub heuristic: Vec<(f64, bool)>,
}

impl Solver {
    /// What this search has learnt so far (see the module documentation).
    pub fn learnt(&self) -> Learnt {
        let mut clauses: Vec<(Vec<SLit>, u32)> = Vec::new();
        let root = self.assign.level_start(0);
        clauses.extend(self.assign.trail[..root].iter().map(|&l| (vec![l], 1)));
        clauses.extend(self.learnt_binaries.iter().map(|&(a, b)| (vec![a, b], 2)));
        for &c in &self.db.learnt {
            clauses.push((self.db.lits(c).to_vec(), self.db.lbd(c)));
        }
        let inc = self.order.increment();
        let heuristic =
            (0..self.num_vars()).map(|v| (self.order.activity[v] / inc, self.order.phase[v])).collect();
        Learnt { inconsistent: self.done, clauses, heuristic }
    }

    /// Adds, at the root level, a clause another search learnt (the
    /// caller's claim that it holds here), as a learnt clause with `lbd`.
    pub fn adopt(&mut self, lits: &[SLit], lbd: u32) {
        self.backtrack(0);
        if lits.is_empty() {
            self.done = true;
            return;
        }
        self.stats.adopted += 1;
        self.add_root_clause(lits, Some(lbd.max(1)));
    }

    /// Gives `v` the activity (in units of the current bump) and the saved
    /// phase another search had for what `v` stands for.
    pub fn adopt_heuristic(&mut self, v: Var, activity: f64, phase: bool) {
        let by = activity * self.order.increment() - self.order.activity[v.index()];
        if by > 0.0 {
            self.order.add_activity(v, by);
        }
        self.order.phase[v.index()] = phase;
    }
}
