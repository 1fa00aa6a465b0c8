//! Optimisation over the answer sets, as clasp's `--opt-mode`: the order in
//! which answer sets are reported and the bounds the search is given.
//!
//! - `opt` (branch and bound): each answer set found tightens the bound to
//!   "strictly better" (lexicographically over the priorities, highest
//!   first), so the answer sets come with improving costs; when none is left
//!   the last one is optimal.
//! - `optN`: as `opt`, then a second search, bounded by the optimum (not
//!   strictly), enumerates every optimal answer set.
//! - `enum`: every answer set within the bound, no tightening.
//! - `ignore`: the minimize statements are ignored.
//!
//! An initial bound (`opt,10`) admits costs up to and including it.  With
//! `--opt-strategy=usc`, `opt` and `optN` approach the optimum from below
//! (core-guided, [`crate::solver::Oll`]) instead of by branch and bound;
//! programs with disjunctions that are not head-cycle-free stay with
//! branch and bound.
//!
//! Invariant: in `opt` and `optN`, the costs of the answer sets reported
//! before the optimum was proven strictly decrease; once it is proven,
//! every answer set reported has the optimal costs.  The bound only tightens
//! within one solver; the optimal phase runs in a new one, because the
//! first solver's learnt clauses may depend on the strict bound.

use crate::models::Models;
use crate::program::GroundProgram;
use crate::solver::{Bound, Outcome, Stats, Tuning};
use crate::translate::TranslateError;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// clasp's optimisation modes (`--opt-mode`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum OptMode {
    /// Find an optimal answer set, reporting the improving ones on the way.
    #[default]
    Opt,
    /// Enumerate the answer sets within the bound.
    Enum,
    /// Find the optimum, then enumerate every optimal answer set.
    OptN,
    /// Ignore the minimize statements.
    Ignore,
}

/// How the optimum is approached (`--opt-strategy`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum OptStrategy {
    /// Model-guided branch and bound (`bb`): every model tightens the bound.
    #[default]
    BranchAndBound,
    /// Core-guided (`usc`, OLL): unsatisfiable cores raise a lower bound
    /// until a model meets it ([`crate::solver::Oll`]).
    CoreGuided,
}

impl std::str::FromStr for OptStrategy {
    type Err = String;

    /// clasp's spellings: `bb` or `usc`, with clasp's sub-options after a
    /// comma accepted and not used (`bb,lin`, `usc,oll`), or `0`/`1`.
    fn from_str(s: &str) -> Result<OptStrategy, String> {
        match s.split(',').next().map(str::trim) {
            Some("bb") | Some("0") => Ok(OptStrategy::BranchAndBound),
            Some("usc") | Some("1") => Ok(OptStrategy::CoreGuided),
            _ => Err(format!("'{s}' is not an optimisation strategy (bb, usc)")),
        }
    }
}

/// `--opt-mode=<mode>[,<bound>...]`: the mode and an initial bound, its
/// values highest priority first; and `--opt-strategy`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptConfig {
    /// The mode.
    pub mode: OptMode,
    /// Costs up to and including these are admitted (empty: no bound).
    pub bound: Vec<i64>,
    /// How `opt` and `optN` approach the optimum.
    pub strategy: OptStrategy,
    /// clingo's `--opt-stop`: the search stops (neither exhausted nor
    /// optimal) after an answer set whose costs, as far as these values
    /// go, are at most these, highest priority first (empty: never).
    pub stop: Vec<i64>,
}

impl std::str::FromStr for OptConfig {
    type Err = String;

    /// Parses clasp's spelling: `opt`, `enum,3`, `optN,10,-2`, `ignore`.
    fn from_str(s: &str) -> Result<OptConfig, String> {
        let mut parts = s.split(',');
        let mode = match parts.next().map(str::trim) {
            Some("opt") => OptMode::Opt,
            Some("enum") => OptMode::Enum,
            Some("optN") => OptMode::OptN,
            Some("ignore") => OptMode::Ignore,
            Some(m) => return Err(format!("'{m}' is not an optimisation mode (opt, enum, optN, ignore)")),
            None => return Err("no optimisation mode".into()),
        };
        let bound = parts
            .map(|p| p.trim().parse::<i64>().map_err(|_| format!("'{p}' is not an integer bound")))
            .collect::<Result<Vec<i64>, String>>()?;
        Ok(OptConfig { mode, bound, strategy: OptStrategy::default(), stop: Vec::new() })
    }
}

/// One answer set found by [`Search::next`].
pub enum Found {
    /// An answer set (by atom) and its costs (empty without optimisation);
    /// `optimal` once the optimum is proven (`optN`'s second phase).
    Model {
        /// Truth of each atom of the program.
        truth: Vec<bool>,
        /// Costs at each level, highest priority first.
        costs: Vec<i64>,
        /// Known to be optimal.
        optimal: bool,
    },
    /// No further answer set.
    Exhausted,
    /// The search was interrupted.
    Interrupted,
}

/// The answer sets of one ground program in the order of an [`OptMode`].
pub struct Search {
    models: Models,
    config: OptConfig,
    /// The program has minimize statements and the mode does not ignore them.
    optimizing: bool,
    /// The costs of the last answer set of the converging phase.
    last: Option<Vec<i64>>,
    /// The optimum is proven (and, in `optN`, the optimal phase has begun).
    proven: bool,
    interrupt: Option<Arc<AtomicBool>>,
    /// The user's search parameters, for the solvers made later.
    params: crate::solver::params::Params,
    /// Racing (see [`Search::converge_only`]): the converging phase ends
    /// with `Exhausted`, the optimal phase is not begun.
    converge_only: bool,
    /// `optN`'s optimal phase is to begin at the next call (see [`Search::settle`]).
    optimal_pending: bool,
    /// An answer set within `--opt-stop` was found: the search is over.
    stop_reached: bool,
    /// The search counters of the other searches of the races this one
    /// took part in (see [`Search::count_others`]).
    others: Stats,
    /// Which search of the last race this one was (0: the first; see
    /// [`crate::portfolio`]), clingo's `Winner`.
    winner: usize,
    /// Propagators written outside the solver, in every solver this
    /// search makes.
    users: Vec<Arc<std::sync::Mutex<dyn crate::solver::external::UserPropagator>>>,
    /// The clauses added by the caller (assumptions), in every solver
    /// this search makes.
    clauses: Vec<Vec<crate::program::Lit>>,
}

impl Search {
    /// Prepares the search for `program` (see [`Models::new`]).
    pub fn new(program: &GroundProgram, tuning: Tuning, config: OptConfig) -> Result<Search, TranslateError> {
        let optimizing = !program.minimize.is_empty() && config.mode != OptMode::Ignore;
        Ok(Search::with(Models::new(program, tuning)?, optimizing, tuning, config))
    }

    /// [`Search::new`] for a program the caller no longer needs (see
    /// [`Models::consume`]).
    pub fn consume(
        program: GroundProgram,
        tuning: Tuning,
        config: OptConfig,
    ) -> Result<Search, TranslateError> {
        let optimizing = !program.minimize.is_empty() && config.mode != OptMode::Ignore;
        Ok(Search::with(Models::consume(program, tuning)?, optimizing, tuning, config))
    }

    fn with(mut models: Models, optimizing: bool, tuning: Tuning, config: OptConfig) -> Search {
        if optimizing && !config.bound.is_empty() && config.mode != OptMode::Ignore {
            models.set_bound(Bound { costs: config.bound.clone(), strict: false });
        }
        // converging, each answer set's costs become a strict bound (`next`)
        if optimizing && matches!(config.mode, OptMode::Opt | OptMode::OptN) {
            models.models_excluded_by_bound(true);
        }
        Search {
            models,
            config,
            optimizing,
            last: None,
            proven: false,
            interrupt: None,
            params: tuning.params,
            converge_only: false,
            optimal_pending: false,
            stop_reached: false,
            others: Stats::default(),
            winner: 0,
            users: Vec::new(),
            clauses: Vec::new(),
        }
    }

    /// The search of one step of an incremental run, without an objective
    /// (see [`Models::remembering`]).
    pub fn remembering(
        program: &GroundProgram,
        tuning: Tuning,
        config: OptConfig,
        memory: Option<&crate::translate::Memory>,
    ) -> Result<Search, TranslateError> {
        Ok(Search {
            models: Models::remembering(program, tuning, memory)?,
            config,
            optimizing: false,
            last: None,
            proven: false,
            interrupt: None,
            params: tuning.params,
            converge_only: false,
            optimal_pending: false,
            stop_reached: false,
            others: Stats::default(),
            winner: 0,
            users: Vec::new(),
            clauses: Vec::new(),
        })
    }

    /// Grows the search into that of `new`, which adds the rules `added`,
    /// keeping what it learnt (see [`Models::grow`]); `false` (nothing
    /// changed) when it cannot.
    pub fn grow(
        &mut self,
        new: &GroundProgram,
        added: &[&crate::program::Rule],
        open: &[(crate::program::Atom, crate::program::External)],
        tuning: Tuning,
    ) -> bool {
        !self.optimizing && self.models.grow(new, added, open, tuning)
    }

    /// The atoms false in every answer set, for good (see
    /// [`Models::false_for_good`]); `None` when optimising.
    pub fn false_for_good(&self) -> Option<Vec<bool>> {
        if self.optimizing {
            return None;
        }
        self.models.false_for_good()
    }

    /// The value the program fixes for atom `a` (see [`Models::fixed_value`]).
    pub fn fixed_value(&self, a: crate::program::Atom) -> Option<bool> {
        self.models.fixed_value(a)
    }

    /// Atom `a`'s value in every answer set still to be found, if known
    /// (see [`Models::root_value`]).
    pub fn root_value(&self, a: crate::program::Atom) -> Option<bool> {
        self.models.root_value(a)
    }

    /// What the search has learnt so far (see [`Models::memory`]).
    pub fn memory(&self) -> Option<crate::translate::Memory> {
        self.models.memory()
    }

    /// From now on, only answer sets that satisfy the clause `lits` (see
    /// [`Models::add_clause`]).
    pub fn add_clause(&mut self, lits: &[crate::program::Lit]) {
        self.models.add_clause(lits);
        self.clauses.push(lits.to_vec());
    }

    /// Adds a propagator written outside the solver (see
    /// [`crate::solver::external`]); a solver made later has it too.
    pub fn add_user_propagator(
        &mut self,
        user: Arc<std::sync::Mutex<dyn crate::solver::external::UserPropagator>>,
    ) {
        self.models.add_user_propagator(user.clone());
        self.users.push(user);
    }

    /// See [`Models::project_on`].
    pub fn project_on(&mut self, on: &[crate::program::Atom]) -> bool {
        self.models.project_on(on)
    }

    /// See [`Models::models_excluded_by_caller`].
    pub fn models_excluded_by_caller(&mut self, on: bool) {
        self.models.models_excluded_by_caller(on);
    }

    /// See [`Models::exclude`].
    pub fn exclude(&mut self, lits: &[crate::program::Lit]) {
        self.models.exclude(lits);
    }

    /// The answer sets are ranked by costs (there is an objective and the
    /// mode does not ignore it).
    pub fn optimizing(&self) -> bool {
        self.optimizing
    }

    /// The mode searched in.
    pub fn mode(&self) -> OptMode {
        self.config.mode
    }

    /// The optimum is known: the converging phase of `opt`/`optN` ended, or
    /// `enum` saw every answer set within its bound.
    pub fn proven(&self) -> bool {
        self.proven
    }

    /// Joins (or leaves, `None`) a portfolio's clause exchange (see
    /// [`crate::solver::share`]); false when it does not join (another
    /// problem, or a core-guided optimisation, whose hardened bounds are
    /// not the program's consequences).
    pub fn share(&mut self, exchange: Option<(Arc<crate::solver::share::Exchange>, usize)>) -> bool {
        let core_guided = self.optimizing && self.config.strategy == OptStrategy::CoreGuided;
        self.models.share(exchange.filter(|_| !core_guided))
    }

    /// Whether [`Search::fork`] can copy this search (see [`Models::forkable`]).
    pub fn forkable(&self) -> bool {
        self.models.forkable()
    }

    /// A copy of this search, where it stands, for another search of a
    /// portfolio with `params` (see [`Models::fork`]); its own bound, no
    /// interrupt flag, no counters of other searches.
    pub fn fork(&self, params: crate::solver::params::Params) -> Option<Search> {
        Some(Search {
            models: self.models.fork(params)?,
            config: self.config.clone(),
            optimizing: self.optimizing,
            last: self.last.clone(),
            proven: self.proven,
            interrupt: None,
            params,
            converge_only: self.converge_only,
            optimal_pending: self.optimal_pending,
            stop_reached: self.stop_reached,
            others: Stats::default(),
            winner: 0,
            users: self.users.clone(),
            clauses: self.clauses.clone(),
        })
    }

    /// Stops the search when the flag is set.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.models.set_interrupt(flag.clone());
        self.interrupt = Some(flag);
    }

    /// No answer set is left, known without searching.
    pub fn exhausted(&self) -> bool {
        self.models.exhausted()
    }

    /// The solver's counters (of the current phase), with the search
    /// counters of the other searches of its races added.
    pub fn stats(&self) -> Stats {
        let mut s = self.models.stats();
        s.add_search(&self.others);
        s
    }

    /// Counts the search counters of another search of a race (see
    /// [`crate::portfolio`]) as this one's, as clasp counts all its threads'.
    pub fn count_others(&mut self, s: &Stats) {
        self.others.add_search(s);
    }

    /// Records that this search won a race as its search `index` (it
    /// was made as that copy of the first).
    pub fn set_winner(&mut self, index: usize) {
        self.winner = index;
    }

    /// Which search of the last race this one was (0 if it raced none).
    pub fn winner(&self) -> usize {
        self.winner
    }

    /// For a search that races others to the optimum (see
    /// [`crate::portfolio`]): the converging phase ends with `Exhausted`
    /// (the bound it had cannot be beaten), and `optN`'s optimal phase
    /// waits for [`Search::settle`], which says what the optimum is.
    pub fn converge_only(&mut self) {
        self.converge_only = true;
    }

    /// After a race to the optimum that this search's `Exhausted` ended:
    /// `optimum` is the best costs any racing search found (`None`: no
    /// answer set); `optN`'s optimal phase begins at the next call.
    pub fn settle(&mut self, optimum: Option<Vec<i64>>) {
        self.converge_only = false;
        self.proven = true;
        self.optimal_pending = self.config.mode == OptMode::OptN && optimum.is_some();
        self.last = optimum;
    }

    /// Where the objective's bound is kept, for racing searches to tighten
    /// (`None` without objective).
    pub fn bound_cell(&self) -> Option<crate::solver::BoundCell> {
        self.optimizing.then(|| self.models.bound_cell()).flatten()
    }

    /// Begins `optN`'s optimal phase: a new solver, bounded by `optimum`.
    fn begin_optimal(&mut self, program: &GroundProgram, optimum: Vec<i64>) -> bool {
        self.proven = true;
        match Models::new(program, Tuning { enumerate: true, params: self.params, ..Tuning::default() }) {
            Ok(m) => self.models = m,
            Err(_) => return false,
        }
        for c in &self.clauses {
            self.models.add_clause(c);
        }
        for u in &self.users {
            self.models.add_user_propagator(u.clone());
        }
        if let Some(f) = &self.interrupt {
            self.models.set_interrupt(f.clone());
        }
        self.models.set_bound(Bound { costs: optimum, strict: false });
        true
    }

    /// Are `costs` within `--opt-stop` (compared as far as both go)?
    fn within_stop(&self, costs: &[i64]) -> bool {
        let n = self.config.stop.len().min(costs.len());
        !self.config.stop.is_empty() && costs[..n] <= self.config.stop[..n]
    }

    /// Whether answer sets come with their atoms' values (see
    /// [`Models::model_values`]); an optimising search keeps them, for
    /// their costs.
    pub fn model_values(&mut self, on: bool) {
        if !self.optimizing {
            self.models.model_values(on);
        }
    }

    /// The next answer set in the mode's order.
    pub fn next(&mut self, program: &GroundProgram) -> Found {
        // stopped as `--solve-limit` stops: more answer sets may exist
        if self.stop_reached {
            return Found::Interrupted;
        }
        if std::mem::take(&mut self.optimal_pending) {
            let optimum = self.last.clone().unwrap_or_default();
            if !self.begin_optimal(program, optimum) {
                return Found::Exhausted;
            }
        }
        loop {
            let converging = matches!(self.config.mode, OptMode::Opt | OptMode::OptN) && !self.proven;
            let core_guided =
                self.optimizing && converging && self.config.strategy == OptStrategy::CoreGuided;
            let outcome = match core_guided.then(|| self.models.next_core_guided()).flatten() {
                // a model optimal for the levels done so far: reported if it improves
                Some(Outcome::Model(truth)) => {
                    let costs = program.costs(&truth);
                    if self.last.as_ref().is_some_and(|l| *l <= costs) {
                        continue;
                    }
                    self.last = Some(costs.clone());
                    self.stop_reached = self.within_stop(&costs);
                    return Found::Model { truth, costs, optimal: false };
                }
                Some(other) => other,
                None => self.models.next(),
            };
            match outcome {
                Outcome::Model(truth) => {
                    if !self.optimizing {
                        return Found::Model { truth, costs: Vec::new(), optimal: false };
                    }
                    let costs = program.costs(&truth);
                    if converging {
                        self.models.set_bound(Bound { costs: costs.clone(), strict: true });
                        self.last = Some(costs.clone());
                        self.stop_reached = self.within_stop(&costs);
                    }
                    return Found::Model { truth, costs, optimal: self.proven };
                }
                Outcome::Exhausted => {
                    if !self.optimizing || self.proven {
                        return Found::Exhausted;
                    }
                    match (self.config.mode, &self.last) {
                        (OptMode::OptN, Some(_)) if self.converge_only => {
                            self.proven = true;
                            return Found::Exhausted;
                        }
                        (OptMode::OptN, Some(optimum)) => {
                            // the optimal phase: a new solver, bounded by the optimum
                            let optimum = optimum.clone();
                            if !self.begin_optimal(program, optimum) {
                                return Found::Exhausted;
                            }
                        }
                        (OptMode::Opt, Some(_)) => {
                            self.proven = true;
                            return Found::Exhausted;
                        }
                        _ => return Found::Exhausted,
                    }
                }
                Outcome::Interrupted => return Found::Interrupted,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OptConfig, Search};
    use crate::program::GroundProgram;
    use crate::solver::{Stats, Tuning};

    /// A search's counters include those of the other searches of its
    /// races (as clasp's `--stats` sums its threads'), but the problem's
    /// sizes are its own.
    #[test]
    fn the_counters_of_a_race_are_summed() {
        let mut s = Search::new(&GroundProgram::default(), Tuning::default(), OptConfig::default()).unwrap();
        let own = s.stats();
        let other = Stats {
            variables: 7,
            conflicts: 5,
            decisions: 9,
            restarts: 2,
            propagations: 11,
            learned: 4,
            ..Stats::default()
        };
        s.count_others(&other);
        s.count_others(&other);
        let t = s.stats();
        assert_eq!(t.conflicts, own.conflicts + 10);
        assert_eq!(t.decisions, own.decisions + 18);
        assert_eq!(t.restarts, own.restarts + 4);
        assert_eq!(t.propagations, own.propagations + 22);
        assert_eq!(t.learned, own.learned + 8);
        assert_eq!(t.variables, own.variables, "the problem is this search's");
    }
}
