//! A search's copy for another search of a portfolio (`-t N`), made
//! without translating the program again: clasp's threads each have a
//! solver over one shared problem.
//!
//! Invariant: the copy holds the same problem, learnt clauses and
//! heuristic state as the original, at the root level, with the restart
//! policy, random decisions, seed and first sign mode of `params`, its own
//! counters (the problem's sizes kept), no clause exchange and no
//! interrupt flag; its propagators are their own copies (each with its
//! own bound: see [`Propagator::fork`]). What never changes once built —
//! the weight constraints' literals and weights, the unfounded-set
//! checker's program structure — is shared by `Arc`, not copied. The two
//! then search apart: any model of one is a model of the other.

use super::params::{Params, Rng};
use super::propagator::Propagator;
use super::restart::Schedule;
use super::{phases, Answer, Solver, Stats};

impl Solver {
    /// The copy of this solver for a search with `params` (see the module
    /// documentation).  The solver must be at the root level (between
    /// searches).
    pub fn fork(&self, params: Params) -> Solver {
        debug_assert_eq!(self.assign.decision_level(), 0);
        let propagators: Vec<Box<dyn Propagator>> = self.propagators.iter().map(|p| p.fork()).collect();
        let stats = Stats {
            variables: self.stats.variables,
            binary: self.stats.binary,
            clauses: self.stats.clauses,
            weights: self.stats.weights,
            ..Stats::default()
        };
        let mut schedule = Schedule::new(params.restarts);
        schedule.fit_to(stats.problem_constraints());
        let mut s = Solver {
            rand_freq: params.rand_freq,
            solve_limit: params.solve_limit,
            rng: Rng::new(params.seed),
            assign: self.assign.clone(),
            db: self.db.clone(),
            watches: self.watches.clone(),
            weights: self.weights.clone(),
            order: self.order.clone(),
            propagators,
            prop_out: Answer::default(),
            qhead: self.qhead,
            schedule,
            stats,
            interrupt: None,
            done: self.done,
            cla_inc: self.cla_inc,
            seen: self.seen.clone(),
            poison: self.poison.clone(),
            scratch: super::analyze::Scratch::default(),
            assumed_levels: self.assumed_levels,
            simplified_at: self.simplified_at,
            simplify_after: self.simplify_after,
            save_progress: self.save_progress,
            defined: self.defined.clone(),
            defined_weights: self.defined_weights.clone(),
            assumptions: self.assumptions.clone(),
            assumed_true: 0,
            standing: self.standing.clone(),
            blocking: self.blocking,
            excluded_by_bound: self.excluded_by_bound,
            excluded_by_caller: self.excluded_by_caller,
            model_values: self.model_values,
            projected: self.projected.clone(),
            learnt_binaries: self.learnt_binaries.clone(),
            core: Vec::new(),
            domain: self.domain.clone(),
            share: None,
            start_vars: self.start_vars,
            modes: None,
            floor: 0,
            flipped: Vec::new(),
            units: Vec::new(),
        };
        // the sign mode starts over, in the mode `params` asks for
        if let Some(m) = &self.modes {
            let first = if params.plain_first { phases::Mode::Plain } else { phases::Mode::Target };
            s.modes = Some(m.restarted(0, first));
            s.switch_mode(first);
        }
        s
    }

    /// The bound cell of the objective a propagator stands for (see
    /// [`Propagator::bound`]): a copy's own, after [`Solver::fork`].
    pub fn objective_bound(&self) -> Option<super::BoundCell> {
        self.propagators.iter().find_map(|p| p.bound())
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::{Params, Restarts};
    use super::super::{Bound, ClauseList, Outcome, Problem, Solver, Tuning, Var};
    use std::sync::Arc;

    /// Clauses and a weight constraint over 6 variables: x0 ∨ x1,
    /// ¬x2 ∨ x3 ∨ x4, and x5 ↔ 2 <= 1·x0 + 1·x2 + 1·x4.
    fn problem() -> Problem {
        let v = |i: u32| Var(i).pos();
        let mut clauses = ClauseList::default();
        clauses.push(&[v(0), v(1)]);
        clauses.push(&[!v(2), v(3), v(4)]);
        let weights = vec![(v(5), 2, vec![(v(0), 1), (v(2), 1), (v(4), 1)])];
        Problem { num_vars: 6, clauses, weights, ..Default::default() }
    }

    fn all_models(s: &mut Solver) -> Vec<Vec<bool>> {
        let mut models = Vec::new();
        while let Outcome::Model(m) = s.next_model() {
            models.push(m);
        }
        models.sort();
        models
    }

    /// A copy with other parameters searches apart from the original and
    /// finds exactly its models, which are those of the problem (checked
    /// by brute force).
    #[test]
    fn a_copy_finds_the_same_models_as_its_original() {
        for enumerate in [true, false] {
            let tuning = Tuning { enumerate, ..Tuning::default() };
            let original = Solver::new(problem(), tuning);
            let other = Params {
                seed: 99,
                rand_freq: 0.5,
                restarts: Restarts::Fixed(1),
                plain_first: true,
                ..Params::default()
            };
            let mut copy = original.fork(other);
            let mut original = original;
            let mut want: Vec<Vec<bool>> = (0..64u32)
                .map(|k| (0..6).map(|i| k >> i & 1 == 1).collect::<Vec<bool>>())
                .filter(|m| m[0] || m[1])
                .filter(|m| !m[2] || m[3] || m[4])
                .filter(|m| m[5] == ([m[0], m[2], m[4]].iter().filter(|&&b| b).count() >= 2))
                .collect();
            want.sort();
            // the weight constraints' terms are shared, not copied
            assert!(copy.weights.shares_terms_with(&original.weights));
            assert_eq!(all_models(&mut copy), want);
            assert_eq!(copy.stats().variables, 6);
            assert_eq!(all_models(&mut original), want);
        }
    }

    /// The copy's objective has its own bound, holding the original's at
    /// the time of the copy: tightening either leaves the other's.
    #[test]
    fn a_copy_has_its_own_bound() {
        let mut original = Solver::new(problem(), Tuning { optimize: true, ..Tuning::default() });
        let cell = original.add_objective(&[vec![(Var(1).pos(), 3), (Var(3).pos(), 1)]]);
        *cell.lock().unwrap() = Some(Bound { costs: vec![4], strict: true });
        let copy = original.fork(Params::default());
        let theirs = copy.objective_bound().expect("the copy has an objective");
        assert!(!Arc::ptr_eq(&cell, &theirs));
        assert_eq!(*theirs.lock().unwrap(), Some(Bound { costs: vec![4], strict: true }));
        *cell.lock().unwrap() = Some(Bound { costs: vec![1], strict: true });
        assert_eq!(theirs.lock().unwrap().as_ref().map(|b| b.costs.clone()), Some(vec![4]));
        // under its bound (cost < 4) the copy still finds x1 false or x3 false models only
        let mut copy = copy;
        while let Outcome::Model(m) = copy.next_model() {
            assert!(3 * m[1] as i64 + m[3] as i64 <= 3);
        }
    }
}
