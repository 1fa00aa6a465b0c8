//! The CDCL core: conflict-driven clause learning (clasp-style) over a
//! [`Problem`] of variables, clauses and native weight constraints, with
//! [`Propagator`]s for what is not a clause (the unfounded-set check of
//! `crate::translate`).  It knows nothing of programs, atoms or syntax.
//!
//! Owns the public API ([`Solver`], [`Outcome`], [`Stats`], [`Problem`],
//! [`Propagator`]) and the search loop. Invariant at every return of
//! [`Solver::next_model`] with a model: it satisfies every clause, weight
//! constraint and propagator, and it is excluded from then on — its last
//! decision flipped without a reason below a floor no backjump crosses
//! (`flip`), or, under assumptions, a clause blocking the decisions that
//! led to it — so no model is returned twice; no model is ever
//! excluded otherwise, because every other added clause (learnt, or a
//! propagator's nogood) is a consequence of the problem and its
//! propagators.
//!
//! Submodules: `lit` variables and literals, `assignment` the trail,
//! `clause_db` the clause arena, `watch` watch lists, `propagate` unit
//! propagation and backtracking, `weight` weight constraints, `analyze`
//! conflict analysis, `decide` VSIDS, `phases` the signs of decisions
//! for one model, `restart` schedules, `simplify`
//! root-level clean-up, `extend` variables and clauses added between
//! models, `memory` what a search learnt, for another, `problem` the
//! input, `propagator` the propagator interface, `minimize` and `acyclic`
//! two propagators, `external` propagators written outside the solver.

mod acyclic;
mod analyze;
mod assignment;
mod clause_db;
mod decide;
pub mod domain;
mod dynamic_restart;
mod extend;
pub mod external;
mod flip;
mod fork;
mod lit;
mod memory;
mod minimize;
mod moms;
mod oll;
pub mod params;
mod phases;
mod problem;
mod propagate;
mod propagator;
mod restart;
pub mod share;
mod simplify;
mod watch;
mod weight;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use acyclic::GraphEdge;
pub use assignment::Assignment;
use assignment::Reason;
use clause_db::{ClauseDb, ClauseRef};
use decide::VarOrder;
pub use lit::{SLit, Var};
pub use memory::Learnt;
pub use minimize::{Bound, BoundCell, Minimize};
pub use oll::{Oll, Step};
pub use problem::{ClauseList, Problem, WeightSpec};
pub use propagator::{Answer, Propagator};
use restart::Schedule;
use watch::Watches;
use weight::WeightDb;

/// The result of a search for the next model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A model: the value of every variable, by index.
    Model(Vec<bool>),
    /// No further models.
    Exhausted,
    /// The interrupt flag was set.
    Interrupted,
}

/// Search statistics.
#[derive(Default, Clone, Debug)]
pub struct Stats {
    /// Solver variables: atoms, the constant `true`, and distinct bodies.
    pub variables: u64,
    /// Problem constraints: binary clauses, longer clauses, weight constraints.
    pub binary: u64,
    /// Problem clauses of three or more literals.
    pub clauses: u64,
    /// Problem weight constraints.
    pub weights: u64,
    /// Conflicts met during search.
    pub conflicts: u64,
    /// Decisions (literals chosen, not implied).
    pub decisions: u64,
    /// Literals propagated (taken from the trail and their consequences derived).
    pub propagations: u64,
    /// Restarts of the search.
    pub restarts: u64,
    /// Clauses added during search: learnt from conflicts or from propagators.
    pub learned: u64,
    /// Learnt clauses a step of an incremental run starts with: given by
    /// another search ([`Solver::adopt`]), or kept by this one when it
    /// was grown for the step ([`Solver::count_kept`]); not among
    /// `--stats`' counters.
    pub adopted: u64,
}

impl Stats {
    /// Adds another search's search counters (decisions, conflicts,
    /// propagations, restarts, learnt clauses) to these, as clasp's
    /// `--stats` sums its threads' (the problem's sizes stay these).
    pub fn add_search(&mut self, o: &Stats) {
        self.decisions += o.decisions;
        self.conflicts += o.conflicts;
        self.propagations += o.propagations;
        self.restarts += o.restarts;
        self.learned += o.learned;
    }

    /// These counters with the search counters (decisions, conflicts,
    /// propagations, restarts, learnt clauses) counted since `earlier`, a
    /// copy taken from the same search before: what one call of a search
    /// kept across calls counted (the problem's sizes stay these).
    pub fn search_since(&self, earlier: &Stats) -> Stats {
        Stats {
            decisions: self.decisions.saturating_sub(earlier.decisions),
            conflicts: self.conflicts.saturating_sub(earlier.conflicts),
            propagations: self.propagations.saturating_sub(earlier.propagations),
            restarts: self.restarts.saturating_sub(earlier.restarts),
            learned: self.learned.saturating_sub(earlier.learned),
            ..self.clone()
        }
    }

    /// The problem's sizes alone, the search counters zero.
    pub fn sizes(&self) -> Stats {
        self.search_since(self)
    }

    /// The problem's constraints: binary and longer clauses, weight constraints.
    pub fn problem_constraints(&self) -> u64 {
        self.binary + self.clauses + self.weights
    }

    /// The counters by the names `--stats` prints them under, in its order.
    pub fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("Variables", self.variables),
            ("Binary", self.binary),
            ("Clauses", self.clauses),
            ("Weights", self.weights),
            ("Choices", self.decisions),
            ("Conflicts", self.conflicts),
            ("Restarts", self.restarts),
            ("Propagations", self.propagations),
            ("Learnt", self.learned),
        ]
    }
}

/// A conflict found by propagation: the constraint all of whose literals
/// are false.
#[derive(Copy, Clone, Debug)]
enum Conflict {
    Binary(SLit, SLit),
    Clause(ClauseRef),
    Weight(u32),
    /// A propagator's nogood, all of its literals false (one or more), held in
    /// `Scratch::conflict_nogood` for this analysis only (as clasp's
    /// constraints are their own reasons, it is not stored: the
    /// propagator answers it again whenever it applies).
    Nogood,
    /// A propagator's empty nogood: no model is left at all.
    Root,
}

/// How the search is tuned for the task at hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tuning {
    /// More than one model is wanted. Then, as clasp by default, decisions
    /// use a static sign — atoms false, bodies true, phases saved only on
    /// backjumps over more than 160 levels — and VSIDS decays by 0.92:
    /// after a model is blocked, saved phases would lead the search straight
    /// back to it, and a choice atom that is also a body is tried true
    /// (one decision per choice) rather than false one alternative at a
    /// time. A search for one model alternates between target phases
    /// with progress saving on every backjump and clasp's plain mode
    /// (static signs and sign scores; see `phases`), unless it optimises.
    pub enumerate: bool,
    /// The models are those of optimisation (branch and bound, or the
    /// core-guided searches under assumptions): such a search is in plain
    /// mode throughout, as clasp's (see `phases`).
    pub optimize: bool,
    /// The user's search parameters (restarts, random decisions).
    pub params: params::Params,
}

/// A CDCL solver over a [`Problem`] and its [`Propagator`]s.
pub struct Solver {
    /// The share of decisions made at random, and their generator.
    rand_freq: f64,
    rng: params::Rng,
    /// Conflicts or restarts after which the search stops (`--solve-limit`).
    solve_limit: Option<params::SolveLimit>,
    assign: Assignment,
    db: ClauseDb,
    watches: Watches,
    weights: WeightDb,
    order: VarOrder,
    propagators: Vec<Box<dyn Propagator>>,
    /// What the propagators answer (reused).
    prop_out: Answer,
    qhead: usize,
    schedule: Schedule,
    stats: Stats,
    interrupt: Option<Arc<AtomicBool>>,
    /// No (further) models: the root level is inconsistent.
    done: bool,
    cla_inc: f32,
    /// Per variable: met in the conflict analysis under way (all false
    /// between analyses).
    seen: Vec<bool>,
    /// Per variable: shown not implied by the learnt clause being
    /// minimised (see `analyze`; all false between analyses).
    poison: Vec<bool>,
    /// The buffers conflict analysis reuses.
    scratch: analyze::Scratch,
    /// Decision levels `1..=assumed_levels` hold assumptions (decided
    /// before anything else): the LBD of a learnt clause does not count
    /// them (glucose's treatment of assumptions), or every clause learnt
    /// under many assumptions would look like one of high LBD.
    assumed_levels: u32,
    /// Trail length at the last root-level simplification.
    simplified_at: usize,
    /// No root-level simplification before this many propagations.
    simplify_after: u64,
    /// Phases are saved only on backjumps over more than this many levels.
    save_progress: u32,
    /// Variables added for conjunctions after the start (see [`extend`]).
    defined: std::collections::HashMap<Vec<SLit>, SLit>,
    /// Variables added for weight conditions after the start.
    defined_weights: std::collections::HashMap<(i64, Vec<(SLit, i64)>), SLit>,
    /// Literals decided first, in order, by [`Solver::solve_assuming`].
    assumptions: Vec<SLit>,
    /// How many assumptions, from the first, are known to hold: each
    /// decision looks on from there, not from the first (thousands of
    /// assumptions cost no more than a pass per backtrack).
    assumed_true: usize,
    /// Assumptions every call of [`Solver::next_model`] makes (see
    /// [`Solver::assume`]); models found under them are blocked.
    standing: Vec<SLit>,
    /// Models found under assumptions are blocked (in [`Solver::next_model`]).
    blocking: bool,
    /// The caller excludes every model found before asking for the next
    /// (see [`Solver::models_excluded_by_bound`]): no blocking clause.
    excluded_by_bound: bool,
    /// The caller excludes every model by a clause before asking for the
    /// next (see [`Solver::models_excluded_by_caller`]): no blocking clause.
    excluded_by_caller: bool,
    /// [`Solver::next_model`] returns the model's values (off: an empty
    /// vector, see [`Solver::model_values`]).
    model_values: bool,
    /// Projected enumeration by backtracking (see [`Solver::project_on`]):
    /// per variable, whether it is projected on.
    projected: Option<Vec<bool>>,
    /// The learnt binary clauses (kept in the watch lists only).
    learnt_binaries: Vec<(SLit, SLit)>,
    /// After [`Assumed::Core`]: the assumptions that cannot all hold.
    core: Vec<SLit>,
    /// The conditional part of the domain heuristic, if any.
    domain: Option<domain::Domain>,
    /// The portfolio's clause exchange, while racing (see [`share`]).
    share: Option<share::Port>,
    /// Variables at the start (shared with a portfolio's other searches).
    start_vars: usize,
    /// A search for one model: its alternation of phase modes.
    modes: Option<phases::Modes>,
    /// Enumeration by backtracking (see [`flip`]): no backjump goes below
    /// this level, whose literals without reason include `flipped`.
    floor: u32,
    /// The last decisions' negations asserted after models (see [`flip`]).
    flipped: Vec<SLit>,
    /// Learnt units asserted at the floor, to be asserted at the root.
    units: Vec<SLit>,
}

/// The result of [`Solver::solve_assuming`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// A model in which every assumption holds (not blocked: asking again
    /// may return it again).
    Model(Vec<bool>),
    /// No model has all the assumptions true; these (a subset of them)
    /// already cannot all hold.  Empty: no model at all.
    Core(Vec<SLit>),
    /// The interrupt flag was set.
    Interrupted,
}

impl Solver {
    /// A solver for `problem`, tuned for one model or many.
    pub fn new(problem: Problem, tuning: Tuning) -> Solver {
        let nv = problem.num_vars;
        let mut s = Solver {
            assign: Assignment::new(nv),
            db: ClauseDb::default(),
            watches: Watches::new(nv),
            weights: WeightDb::new(nv),
            order: VarOrder::new(nv),
            propagators: Vec::new(),
            prop_out: Answer::default(),
            qhead: 0,
            schedule: Schedule::new(tuning.params.restarts),
            rand_freq: tuning.params.rand_freq,
            solve_limit: tuning.params.solve_limit,
            rng: params::Rng::new(tuning.params.seed),
            stats: Stats::default(),
            interrupt: None,
            done: false,
            cla_inc: 1.0,
            seen: vec![false; nv],
            poison: vec![false; nv],
            scratch: analyze::Scratch::default(),
            assumed_levels: 0,
            simplified_at: 0,
            simplify_after: 0,
            save_progress: 0,
            defined: std::collections::HashMap::new(),
            defined_weights: std::collections::HashMap::new(),
            assumptions: Vec::new(),
            assumed_true: 0,
            standing: Vec::new(),
            blocking: false,
            excluded_by_bound: false,
            excluded_by_caller: false,
            model_values: true,
            projected: None,
            learnt_binaries: Vec::new(),
            core: Vec::new(),
            domain: None,
            share: None,
            start_vars: nv,
            modes: None,
            floor: 0,
            flipped: Vec::new(),
            units: Vec::new(),
        };
        // clasp's static signs: bodies true, everything else false
        let mut static_signs = vec![false; nv];
        for l in &problem.enumeration_phases {
            static_signs[l.var().index()] = l.is_positive();
        }
        if tuning.enumerate {
            s.order.phase = static_signs;
            s.order.set_decay(0.92);
            s.save_progress = phases::PLAIN_SAVE_PROGRESS;
        } else if tuning.optimize {
            // branch and bound in plain mode throughout (see `phases`)
            s.order.phase = static_signs;
            s.order.use_sign_scores(true);
            s.save_progress = phases::PLAIN_SAVE_PROGRESS;
        } else {
            let first = if tuning.params.plain_first { phases::Mode::Plain } else { phases::Mode::Target };
            s.modes = Some(phases::Modes::new(static_signs, 0, first));
            s.switch_mode(first);
        }
        if let Some(d) = tuning.params.decay {
            s.order.set_decay(d);
        }
        if let params::Progress::Ramp { start, step, every } = tuning.params.progress {
            s.order.set_ramp(start, step, every);
        }
        // each constraint's literals are moved, and go once stored
        let num_weights = problem.weights.len() as u64;
        for (beta, bound, lits) in problem.weights {
            s.weights.add(beta, bound, lits);
        }
        // a binary clause given twice (say, by two integrity constraints
        // that ground to the same pair) is watched once
        let mut binaries = std::collections::HashSet::new();
        for c in problem.clauses.iter() {
            if let [a, b] = *c {
                if !binaries.insert((a.min(b), a.max(b))) {
                    continue;
                }
            }
            s.add_problem_clause(c);
        }
        drop(binaries);
        for &l in &problem.units {
            if !s.done {
                s.add_problem_clause(&[l]);
            }
        }
        if tuning.params.init_moms {
            let scores = moms::scores(&s.watches, nv);
            s.order.set_initial_scores(&scores);
        }
        s.stats.variables = nv as u64;
        s.stats.weights = num_weights;
        s.schedule.fit_to(s.stats.problem_constraints());
        s
    }

    /// Joins a portfolio's clause exchange as search `id` (see [`share`]),
    /// or leaves it (`None`); false when the exchange is of another problem.
    pub fn share(&mut self, exchange: Option<(std::sync::Arc<share::Exchange>, usize)>) -> bool {
        self.share = exchange.and_then(|(ex, id)| share::Port::join(ex, id, self.start_vars));
        self.share.is_some()
    }

    /// At the root level: adds the clauses the other searches passed on;
    /// true if any was added (to propagate before deciding).
    fn import_shared(&mut self) -> bool {
        let Some(port) = &mut self.share else { return false };
        let mut got = Vec::new();
        port.import(&mut got);
        let mut added = false;
        for (lits, lbd) in got {
            added |= self.add_root_clause(&lits, Some(lbd));
        }
        added
    }

    /// A copy of the assignment at the root level (the values the search
    /// has for good).
    pub fn root_assignment(&self) -> Assignment {
        let mut a = Assignment::new(self.num_vars());
        for &l in &self.assign.trail[..self.assign.level_start(0).min(self.assign.trail.len())] {
            a.assign(l, Reason::None);
        }
        a
    }

    /// Adds a propagator (see [`Propagator`]); it is consulted from the
    /// next propagation fixpoint on.
    pub fn add_propagator(&mut self, p: Box<dyn Propagator>) {
        self.propagators.push(p);
    }

    /// Uses the domain heuristic with these modifications (see
    /// [`domain`]) from the next decision on.
    pub fn set_domain(&mut self, mods: Vec<domain::Modification>) {
        self.domain = domain::Domain::install(mods, &mut self.order);
    }

    /// Adds the objective `levels` (highest priority first; see
    /// [`Minimize`]) as a propagator; models are then bounded by what the
    /// returned cell holds (nothing at first).  The bound may only be
    /// tightened during one search.
    pub fn add_objective(&mut self, levels: &[Vec<(SLit, i64)>]) -> BoundCell {
        let cell: BoundCell = Arc::new(std::sync::Mutex::new(None));
        let m = Minimize::new(levels, self.num_vars(), cell.clone());
        self.add_propagator(Box::new(m));
        cell
    }

    /// Adds the constraint that the edges present (those whose conditions
    /// hold) form no cycle (see [`acyclic`]).
    pub fn add_acyclicity(&mut self, edges: Vec<GraphEdge>) {
        let a = acyclic::Acyclic::new(edges, self.num_vars());
        self.add_propagator(Box::new(a));
    }

    /// Variables of the problem (including those added since).
    pub fn num_vars(&self) -> usize {
        self.assign.level.len()
    }

    /// Adds a clause of the translation at the root level.
    fn add_problem_clause(&mut self, c: &[SLit]) {
        self.add_root_clause(c, None);
    }

    /// Adds a clause at the root level: a problem clause, or (with its
    /// LBD) a learnt one, which clause deletion may drop.  Returns whether
    /// it changed anything (not satisfied, not a tautology).
    fn add_root_clause(&mut self, c: &[SLit], learnt: Option<u32>) -> bool {
        if self.done {
            return false;
        }
        let mut lits = c.to_vec();
        lits.sort();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] == !w[1]) {
            return false;
        }
        lits.retain(|&l| !self.assign.is_false(l));
        if lits.iter().any(|&l| self.assign.is_true(l)) {
            return false;
        }
        match (lits.len(), learnt) {
            (0, _) => self.done = true,
            (1, _) => self.assign.assign(lits[0], Reason::None),
            (_, Some(lbd)) => {
                self.attach(&lits, true, lbd);
            }
            (n, None) => {
                if n == 2 {
                    self.stats.binary += 1;
                } else {
                    self.stats.clauses += 1;
                }
                self.attach(&lits, false, 0);
            }
        }
        true
    }

    /// Stores a clause whose first two literals are to be watched; returns
    /// the reason to use for its first literal.
    fn attach(&mut self, lits: &[SLit], learnt: bool, lbd: u32) -> Reason {
        match lits.len() {
            0 | 1 => Reason::None,
            2 => {
                self.watches.add_binary(lits[0], lits[1]);
                if learnt {
                    self.learnt_binaries.push((lits[0], lits[1]));
                }
                Reason::Binary(lits[1])
            }
            _ => {
                let c = self.db.alloc(lits, learnt, lbd);
                self.watches.watch_clause(c, lits);
                Reason::Clause(c)
            }
        }
    }

    /// Enumerates the models (under the standing assumptions, see
    /// [`Solver::assume`]): each call returns the next one.
    pub fn next_model(&mut self) -> Outcome {
        if self.done {
            return Outcome::Exhausted;
        }
        self.assumptions.clone_from(&self.standing);
        self.assumed_true = 0;
        self.blocking = true;
        let found = self.search();
        self.blocking = false;
        self.assumptions.clear();
        match found {
            Some(o) => o,
            None => {
                self.done = true;
                Outcome::Exhausted
            }
        }
    }

    /// Branch and bound: the caller tightens the objective's bound past
    /// every model [`Solver::next_model`] returns before it asks again, so
    /// the model needs no blocking clause (clasp adds none either): the
    /// next call finds the minimize constraint in conflict where the model
    /// left off and backjumps as far as that conflict says.
    pub fn models_excluded_by_bound(&mut self, on: bool) {
        self.excluded_by_bound = on;
    }

    /// Projected enumeration and consequences: the caller excludes every
    /// model by a clause ([`Solver::exclude`]) before it asks for the
    /// next, so the model is neither flipped nor blocked; the clause then
    /// backjumps from where the model left off, as a learnt one.
    pub fn models_excluded_by_caller(&mut self, on: bool) {
        self.excluded_by_caller = on;
    }

    /// Whether [`Solver::next_model`] returns the model's values (on by
    /// default); off, every model is an empty vector, for a caller that
    /// only counts models: the search is the same, without the copy of
    /// every variable's value per model.
    pub fn model_values(&mut self, on: bool) {
        self.model_values = on;
    }

    /// Makes every later call of [`Solver::next_model`] decide `lits`
    /// first: its models are those in which they all hold (each blocked
    /// once found, by a clause that mentions the assumptions), and
    /// `Exhausted` means there is none left under them.  What is learnt
    /// meanwhile does not depend on them (see [`memory`]).
    pub fn assume(&mut self, lits: Vec<SLit>) {
        self.standing = lits;
    }

    /// Searches for a model in which all `assumptions` hold, deciding them
    /// first (MiniSat's incremental interface); unlike
    /// [`Solver::next_model`] the model is not blocked.  What was learnt
    /// stays valid for later calls with other assumptions.
    pub fn solve_assuming(&mut self, assumptions: &[SLit]) -> Assumed {
        if self.done {
            return Assumed::Core(Vec::new());
        }
        self.backtrack(0);
        self.assumptions = self.standing.iter().chain(assumptions).copied().collect();
        self.assumed_true = 0;
        self.core.clear();
        let r = self.search_assuming();
        self.assumptions.clear();
        r
    }

    fn search_assuming(&mut self) -> Assumed {
        match self.search() {
            None => {
                self.done = true;
                Assumed::Core(Vec::new())
            }
            Some(Outcome::Interrupted) => Assumed::Interrupted,
            Some(Outcome::Exhausted) => Assumed::Core(std::mem::take(&mut self.core)),
            Some(Outcome::Model(m)) => Assumed::Model(m),
        }
    }

    /// Decides assumption `a` at a new level (below every other decision).
    fn decide_assumption(&mut self, a: SLit) {
        self.stats.decisions += 1;
        self.assign.new_level();
        self.assumed_levels = self.assign.decision_level();
        self.assign.assign(a, Reason::None);
    }

    /// The assumptions behind the false assumption `a`: `a` and those whose
    /// decisions imply `!a` (MiniSat's `analyzeFinal`).
    fn analyze_final(&mut self, a: SLit) -> Vec<SLit> {
        let mut core = vec![a];
        if self.assign.lit_level(!a) == 0 {
            return core;
        }
        let mut seen = std::mem::take(&mut self.seen);
        seen[a.var().index()] = true;
        // from the first decision on (`level_start(0)`: where level 1 starts)
        let start = self.assign.level_start(0);
        let mut ante = Vec::new();
        for i in (start..self.assign.trail.len()).rev() {
            let x = self.assign.trail[i];
            if !seen[x.var().index()] {
                continue;
            }
            seen[x.var().index()] = false;
            if self.assign.reason[x.var().index()] == assignment::Reason::None {
                core.push(x);
            } else {
                ante.clear();
                self.antecedents(x, &mut ante);
                for &y in &ante {
                    if self.assign.lit_level(y) > 0 {
                        seen[y.var().index()] = true;
                    }
                }
            }
        }
        self.seen = seen;
        core
    }

    /// Stops the search when the flag is set: [`Solver::next_model`] then returns `Interrupted`.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// True when it is already known, without further search, that no
    /// model is left (as after a model found without any decision) —
    /// clasp's criterion for reporting an exhausted search at a model limit.
    pub fn exhausted(&self) -> bool {
        self.done
    }

    /// A copy of the search counters so far.
    pub fn stats(&self) -> Stats {
        self.stats.clone()
    }

    /// The interrupt flag is set, or the search has spent its budget
    /// (`--solve-limit`; an interruption that the caller did not ask for,
    /// so that the run ends as clasp's does there: no stop reported).
    fn interrupted(&self) -> bool {
        self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || self.solve_limit.is_some_and(|l| l.reached(self.stats.conflicts, self.stats.restarts))
    }

    /// The CDCL loop. `None`: no more models.
    fn search(&mut self) -> Option<Outcome> {
        loop {
            let mut conflict = self.propagate();
            if conflict.is_none() {
                match self.run_propagators() {
                    Ok(true) => continue,
                    Ok(false) => {}
                    Err(c) => conflict = Some(c),
                }
            }
            if let Some(c) = conflict {
                self.stats.conflicts += 1;
                let lv = self.assign.decision_level();
                if lv > 0 {
                    let consistent = self.assign.level_start(lv - 1);
                    self.order.offer_target(&self.assign.trail[..consistent]);
                }
                self.schedule.on_conflict();
                if !self.resolve_conflict(c) {
                    return None;
                }
                if self.interrupted() {
                    return Some(Outcome::Interrupted);
                }
                continue;
            }
            // at a fixpoint without conflict
            if self.schedule.should_restart() {
                self.stats.restarts += 1;
                self.backtrack(self.floor);
                self.order.restarted();
                if let Some(mode) = self.modes.as_mut().and_then(|m| m.at_restart(self.stats.conflicts)) {
                    self.switch_mode(mode);
                }
            }
            if self.schedule.should_reduce(self.db.learnt.len()) {
                self.reduce_db();
            }
            if self.assign.decision_level() == 0 {
                if !self.units.is_empty() {
                    // the units kept above the root are propagated before
                    // anything else, simplification included (which drops
                    // the binary clauses over false literals, as if each
                    // had already implied its other literal)
                    if !self.assert_kept_units() {
                        return None;
                    }
                    continue;
                }
                if self.import_shared() {
                    if self.done {
                        return None;
                    }
                    continue;
                }
                self.simplify();
            }
            if self.stats.decisions.is_multiple_of(256) && self.interrupted() {
                return Some(Outcome::Interrupted);
            }
            // assumptions are decided first, in order
            if !self.assumptions.is_empty() {
                let mut i = self.assumed_true;
                while self.assumptions.get(i).is_some_and(|&a| self.assign.is_true(a)) {
                    i += 1;
                }
                self.assumed_true = i;
                let pending = self.assumptions.get(i).copied();
                if let Some(a) = pending.filter(|&a| self.assign.is_false(a)) {
                    self.core = self.analyze_final(a);
                    self.backtrack(0);
                    return Some(Outcome::Exhausted);
                }
                if let Some(a) = pending {
                    self.decide_assumption(a);
                    continue;
                }
            }
            let mut next = None;
            if self.rand_freq > 0.0 && self.num_vars() > 0 && self.rng.unit() < self.rand_freq {
                // a random variable (it stays in the heap, skipped when popped)
                let v = Var(self.rng.below(self.num_vars()) as u32);
                if self.assign.is_undef(v.pos()) {
                    next = Some(v);
                }
            }
            if let Some(d) = &self.domain {
                d.refresh(&self.assign, &mut self.order);
            }
            while next.is_none() {
                let Some(v) = self.order.pop() else { break };
                if self.assign.is_undef(v.pos()) {
                    next = Some(v);
                }
            }
            match next {
                Some(v) => {
                    self.stats.decisions += 1;
                    let l = self.order.decision(v);
                    self.assign.new_level();
                    self.assign.assign(l, Reason::None);
                }
                None => {
                    let model = if self.model_values { self.assign.truth_values() } else { Vec::new() };
                    if (self.excluded_by_bound || self.excluded_by_caller) && self.assumptions.is_empty() {
                        // the tightened bound refutes it at the next call:
                        // the search goes back only as far as that conflict
                        // (at the root there is nothing else to find)
                        self.done |= self.assign.decision_level() == 0;
                    } else if self.blocking && self.projected.is_some() {
                        self.flip_projected();
                    } else if self.assumptions.is_empty() && self.blocking {
                        // (`done` once no decision is left to flip)
                        self.flip_last();
                    } else if self.assumptions.is_empty() || self.blocking {
                        self.block_model();
                    } else {
                        self.backtrack(0);
                    }
                    return Some(Outcome::Model(model));
                }
            }
        }
    }

    /// Decides signs as `mode` says from now on (see `phases`).
    fn switch_mode(&mut self, mode: phases::Mode) {
        let Some(modes) = &self.modes else { return };
        match mode {
            phases::Mode::Plain => {
                for (v, p) in self.order.phase.iter_mut().enumerate() {
                    *p = modes.initial(v);
                }
                self.order.use_targets(false);
                self.order.use_sign_scores(true);
                self.save_progress = phases::PLAIN_SAVE_PROGRESS;
            }
            phases::Mode::Target => {
                self.order.use_targets(true);
                self.order.use_sign_scores(false);
                self.save_progress = 0;
            }
        }
    }

    /// Learns from a conflict and backjumps; false if the root level is
    /// inconsistent.
    fn resolve_conflict(&mut self, c: Conflict) -> bool {
        // a conflict may lie entirely below the current level (loop
        // nogoods found late): go down to its highest level first
        let mut buf = std::mem::take(&mut self.scratch.abuf);
        buf.clear();
        self.conflict_antecedents(c, &mut buf);
        let max = buf.iter().map(|&l| self.assign.lit_level(l)).max().unwrap_or(0);
        self.scratch.abuf = buf;
        if max == 0 {
            self.done = true;
            return false;
        }
        if max <= self.floor {
            // enumerating by backtracking: everything under level `max` is searched
            return self.exhausted_below(max);
        }
        if max < self.assign.decision_level() {
            self.backtrack(max);
        }
        let level = self.assign.decision_level();
        let bj = self.analyze(c).max(self.floor);
        self.backtrack(bj);
        let learnt = std::mem::take(&mut self.scratch.learnt);
        if learnt.len() == 1 && bj > 0 {
            self.units.push(learnt[0]);
        }
        let lbd = self.compute_lbd(&learnt);
        self.schedule.on_learnt(lbd, level);
        self.order.count_learnt(&learnt);
        if let Some(port) = &self.share {
            port.export(&learnt, lbd);
        }
        let reason = self.attach(&learnt, true, lbd);
        self.assign.assign(learnt[0], reason);
        self.scratch.learnt = learnt;
        self.stats.learned += 1;
        self.order.decay();
        self.cla_inc /= 0.999;
        true
    }

    /// Adds the clause excluding the current (total) assignment's decisions
    /// ([`Solver::exclude`]: it backjumps so that the clause asserts the
    /// last decision's negation; no decision: no model is left).
    fn block_model(&mut self) {
        let clause: Vec<SLit> = self.assign.decisions().map(|d| !d).collect();
        self.exclude(&clause);
    }

    /// Asks the propagators at a propagation fixpoint.  Returns `Ok(true)`
    /// if their answers implied new literals (propagate again), `Ok(false)`
    /// if they are satisfied, or a conflict.  A nogood that implies its
    /// first literal is learnt, its two watched literals those of the
    /// highest levels; a conflicting one is analysed but not stored (see
    /// [`Conflict::Nogood`]); an implied literal is assigned with the
    /// propagator as its reason.
    fn run_propagators(&mut self) -> Result<bool, Conflict> {
        let mut out = std::mem::take(&mut self.prop_out);
        let mut result = Ok(false);
        for k in 0..self.propagators.len() {
            out.nogoods.clear();
            out.implied.clear();
            self.propagators[k].propagate(&self.assign, &mut out);
            if out.is_empty() {
                continue;
            }
            let mut clause = std::mem::take(&mut self.scratch.tmp_clause);
            // conflicts first: a clause whose literals are all false
            'outer: for pass in 0..2 {
                for c in out.nogoods.iter() {
                    let Some(&first) = c.first() else {
                        result = Err(Conflict::Root);
                        break 'outer;
                    };
                    let conflict = self.assign.is_false(first);
                    if (pass == 0) != conflict || !(conflict || self.assign.is_undef(first)) {
                        continue;
                    }
                    clause.clear();
                    clause.extend_from_slice(c);
                    if let Err(c) = self.learn_nogood(&mut clause, conflict) {
                        result = Err(c);
                        break 'outer;
                    }
                    result = Ok(true);
                }
            }
            if result.is_ok() {
                for &l in &out.implied {
                    if self.assign.is_undef(l) {
                        self.assign.assign(l, Reason::Propagator(k as u32));
                        result = Ok(true);
                    } else if self.assign.is_false(l) {
                        // implied after all but already false: its explanation is a conflict
                        clause.clear();
                        self.propagators[k].explain(l, &self.assign, &mut clause);
                        for x in clause.iter_mut() {
                            *x = !*x;
                        }
                        clause.insert(0, l);
                        if let Err(c) = self.learn_nogood(&mut clause, true) {
                            result = Err(c);
                            break;
                        }
                    }
                }
            }
            self.scratch.tmp_clause = clause;
            if result.is_err() {
                break;
            }
        }
        self.prop_out = out;
        result
    }

    /// Learns a propagator's nogood `clause` (all false but perhaps its
    /// first literal, which it then implies). If all are false it is a
    /// conflict, kept only for its analysis ([`Conflict::Nogood`]).
    fn learn_nogood(&mut self, clause: &mut [SLit], conflict: bool) -> Result<(), Conflict> {
        if conflict {
            self.scratch.conflict_nogood.clear();
            self.scratch.conflict_nogood.extend_from_slice(clause);
            return Err(Conflict::Nogood);
        }
        // the second watch: the literal of highest level after the implied one
        let n = clause.len();
        if n > 2 {
            let best = (2..n).fold(1, |b, j| {
                if self.assign.lit_level(clause[j]) > self.assign.lit_level(clause[b]) {
                    j
                } else {
                    b
                }
            });
            clause.swap(1, best);
        }
        let lbd = self.compute_lbd(clause);
        let reason = self.attach(clause, true, lbd);
        self.stats.learned += 1;
        self.assign.assign(clause[0], reason);
        Ok(())
    }

    /// Deletes about half of the learnt clauses (not locked, LBD > 2),
    /// worst LBD / lowest activity first, and compacts the arena.
    /// Measured and not kept (2026-11-29, suite tuning rows, 3 seeds,
    /// paired): sparing also the clauses of LBD 6 or less that took part
    /// in a conflict since the last reduction (the "tier 2" of glucose's
    /// successors): 1.10 of the time, 1.05 of the conflicts (without the
    /// heavy-tailed golfer rows 1.03 and 0.99). Lowest activity first
    /// whatever the LBD (clasp's `--deletion=basic,50` sorts by activity;
    /// 2026-11-30, suite and optimisation tuning rows, seeds 0-1 and 2-3,
    /// paired): 1.13 and 1.21 of the time, 1.10 and 1.16 of the conflicts.
    fn reduce_db(&mut self) {
        let mut cands: Vec<ClauseRef> = Vec::new();
        let keep_lbd = if cfg!(test) { 0 } else { 2 };
        for &c in &self.db.learnt {
            if self.db.lbd(c) <= keep_lbd {
                continue;
            }
            let l0 = self.db.lits(c)[0];
            let locked = self.assign.is_true(l0) && self.assign.reason[l0.var().index()] == Reason::Clause(c);
            if !locked {
                cands.push(c);
            }
        }
        cands.sort_by(|&a, &b| {
            self.db.lbd(b).cmp(&self.db.lbd(a)).then(
                self.db.activity(a).partial_cmp(&self.db.activity(b)).unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let n = cands.len() / 2;
        self.schedule.reduced(self.db.learnt.len() - cands.len());
        for &c in &cands[..n] {
            self.db.delete(c);
        }
        let reloc = self.db.collect();
        self.watches.relocate(&reloc);
        for &l in &self.assign.trail {
            let r = &mut self.assign.reason[l.var().index()];
            if let Reason::Clause(c) = *r {
                *r = Reason::Clause(reloc.get(c).expect("locked clause deleted"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ClauseList, Outcome, Problem, Solver, Tuning, Var};

    /// A binary clause given twice (in either order) is stored once; the
    /// models are still exactly those of the clauses.
    #[test]
    fn a_binary_clause_given_twice_is_stored_once() {
        let v = |i: u32| Var(i).pos();
        let mut clauses = ClauseList::default();
        clauses.push(&[v(0), v(1)]);
        clauses.push(&[v(1), v(0)]);
        clauses.push(&[v(0), !v(2)]);
        clauses.push(&[v(0), v(1)]);
        let tuning = Tuning { enumerate: true, ..Default::default() };
        let mut s = Solver::new(Problem { num_vars: 3, clauses, ..Default::default() }, tuning);
        assert_eq!(s.stats().binary, 2);
        let mut models = Vec::new();
        while let Outcome::Model(m) = s.next_model() {
            models.push(m);
        }
        models.sort();
        // x0 ∨ x1 and x0 ∨ ¬x2: every assignment with x0, and ¬x0 x1 ¬x2
        let mut want: Vec<Vec<bool>> = (0..8u32)
            .map(|k| (0..3).map(|i| k >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|m| m[0] || (m[1] && !m[2]))
            .collect();
        want.sort();
        assert_eq!(models, want);
    }
}
