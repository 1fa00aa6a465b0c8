//! A ground program as the solver's problem: Clark's completion over atom
//! and body variables (`completion`), atoms merged with their only rule's
//! body (`equiv`), and the unfounded-set check as a propagator
//! (`unfounded`).  The solver (`crate::solver`) knows none of this: it sees
//! variables, clauses, weight constraints and propagators.
//!
//! Invariant: the models of the problem, restricted to the atoms' literals
//! and cut down by the unfounded-set propagator, are exactly the stable
//! models of the program; [`ProgramSolver`] returns them in terms of atoms.

mod completion;
mod equiv;
mod grow;
mod memory;
#[cfg(test)]
mod tests;
mod translation;
mod unfounded;

use crate::program::{Atom, GroundProgram, Lit};
use crate::solver::{Bound, BoundCell, Oll, Outcome, Problem, SLit, Solver, Stats, Step, Tuning, Var};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use completion::slit;
use completion::AtomMap;
pub use grow::Refused;
pub use memory::{Memory, Term};

/// Why a program cannot be translated.
#[derive(Debug, thiserror::Error)]
pub enum TranslateError {
    /// A construct the completion cannot express (disjunctive rules must be
    /// shifted or relaxed first, see [`crate::models`]).
    #[error("unsupported program construct: {0}")]
    Unsupported(String),
}

/// A solver for the stable models of one ground program.
pub struct ProgramSolver {
    solver: Solver,
    /// Per atom: the literal standing for it.
    atom_lit: Vec<SLit>,
    /// The literal of the constant `true`.
    true_lit: SLit,
    /// The bound on the program's objective, if it has one.
    bound: Option<BoundCell>,
    /// The objective's levels in solver literals, highest priority first.
    objective: Vec<Vec<(SLit, i64)>>,
    /// The core-guided search, once begun.
    oll: Option<Oll>,
    /// Made to remember ([`ProgramSolver::remembering`]): per solver
    /// variable, the conjunction of program literals it stands for.
    meaning: Option<Vec<Option<Box<[Lit]>>>>,
    #[cfg(debug_assertions)]
    program: GroundProgram,
}

impl ProgramSolver {
    /// Translates `program` and sets up the solver and its propagators.
    pub fn new(program: &GroundProgram, tuning: Tuning) -> Result<ProgramSolver, TranslateError> {
        let map = AtomMap::identity(program.num_atoms as usize);
        ProgramSolver::build(std::borrow::Cow::Borrowed(program), map, tuning, false, None)
    }

    /// [`ProgramSolver::new`] for the program `program` restricted to the
    /// atoms `index` numbers `0..len`, with the atoms `false_atoms` marks
    /// false (every other atom left out is only a plain fact of its own,
    /// or false: the compaction's program, translated without being
    /// copied; an owned `program` is dropped once translated, before the
    /// solver is built).  `compacted` is that program, built in debug
    /// builds only, to check every model against.
    pub fn mapped(
        program: std::borrow::Cow<'_, GroundProgram>,
        index: &[u32],
        false_atoms: &[bool],
        len: usize,
        tuning: Tuning,
        #[cfg(debug_assertions)] compacted: GroundProgram,
    ) -> Result<ProgramSolver, TranslateError> {
        let map = AtomMap::new(index, false_atoms, len);
        #[cfg(debug_assertions)]
        let check = Some(compacted);
        #[cfg(not(debug_assertions))]
        let check = None;
        ProgramSolver::build(program, map, tuning, false, check)
    }

    /// [`ProgramSolver::new`] for a program the caller no longer needs: it
    /// is dropped once translated, before the solver is built, so that the
    /// two do not take memory at the same time.
    pub fn consume(program: GroundProgram, tuning: Tuning) -> Result<ProgramSolver, TranslateError> {
        let map = AtomMap::identity(program.num_atoms as usize);
        ProgramSolver::build(std::borrow::Cow::Owned(program), map, tuning, false, None)
    }

    /// [`ProgramSolver::new`], for a solver whose learning is to be
    /// taken out ([`ProgramSolver::memory`]) and given to the solver of a
    /// larger program ([`ProgramSolver::recall`]).
    pub fn remembering(program: &GroundProgram, tuning: Tuning) -> Result<ProgramSolver, TranslateError> {
        let map = AtomMap::identity(program.num_atoms as usize);
        ProgramSolver::build(std::borrow::Cow::Borrowed(program), map, tuning, true, None)
    }

    /// The solver of `program` over the atoms `map` keeps; `check`, the
    /// program to check models against in debug builds (`program` itself
    /// when `None`).
    fn build(
        program: std::borrow::Cow<'_, GroundProgram>,
        map: AtomMap<'_>,
        tuning: Tuning,
        remember: bool,
        check: Option<GroundProgram>,
    ) -> Result<ProgramSolver, TranslateError> {
        let t = completion::translate_mapped(&program, map)?;
        let literal = |l: Lit| {
            let s = t.atom_lit[map.get(l.atom()).expect("objective atoms are kept").index()];
            if l.is_positive() {
                s
            } else {
                !s
            }
        };
        let objective: Vec<Vec<(SLit, i64)>> = program
            .objective()
            .iter()
            .map(|(_, lits)| lits.iter().map(|&(l, w)| (literal(l), w)).collect())
            .collect();
        #[cfg(debug_assertions)]
        let program = check.unwrap_or_else(|| program.into_owned());
        #[cfg(not(debug_assertions))]
        drop((program, check));
        let ufs = unfounded::Unfounded::new(&t);
        let meaning = remember.then(|| memory::meanings(&t, &t.atom_lit));
        let known: Vec<(Vec<SLit>, SLit)> = if remember {
            let conj = t.bodies.iter().filter(|b| b.bound.is_none() && b.lits.len() >= 2);
            conj.map(|b| (b.lits.iter().map(|x| x.0).collect(), b.lit)).collect()
        } else {
            Vec::new()
        };
        // A merged atom's own variable occurs nowhere: fixed at the root,
        // so that it is never decided.
        let units = t
            .atom_lit
            .iter()
            .enumerate()
            .filter(|(a, l)| l.var().index() != *a)
            .map(|(a, _)| Var(a as u32).lit(false))
            .collect();
        let translation::Translation {
            num_vars, true_lit, clauses, weights, bodies, supports, atom_lit, ..
        } = t;
        let enumeration_phases = bodies.iter().map(|b| b.lit).collect();
        // what only the translation needed goes before the solver comes
        drop((bodies, supports));
        let problem = Problem { num_vars, enumeration_phases, clauses, weights, units };
        let mut solver = Solver::new(problem, tuning);
        if let Some(u) = ufs {
            solver.add_propagator(Box::new(u));
        }
        for (lits, lit) in known {
            solver.know_conjunction(lits, lit);
        }
        let bound = (!objective.is_empty()).then(|| solver.add_objective(&objective));
        Ok(ProgramSolver {
            solver,
            bound,
            objective,
            oll: None,
            meaning,
            true_lit,
            atom_lit,
            #[cfg(debug_assertions)]
            program,
        })
    }

    /// The next stable model (index = atom), each once.
    pub fn next_model(&mut self) -> Outcome {
        match self.solver.next_model() {
            Outcome::Model(vals) => Outcome::Model(self.to_atoms(&vals)),
            other => other,
        }
    }

    /// Decides by the domain heuristic with these `#heuristic` directives
    /// (see [`crate::solver::domain`]); `true` and `false` are a level
    /// and a sign.
    pub fn set_heuristics(&mut self, hs: &[crate::program::Heuristic]) {
        use crate::program::Modifier;
        use crate::solver::domain::{Kind, Modification};
        let mut mods = Vec::new();
        for h in hs {
            let lit = self.literal(h.atom.pos());
            let condition: Vec<SLit> = h.condition.iter().map(|&c| self.literal(c)).collect();
            let m = |kind, value| Modification {
                lit,
                kind,
                value,
                priority: h.priority,
                condition: condition.clone(),
            };
            match h.modifier {
                Modifier::Level => mods.push(m(Kind::Level, h.value)),
                Modifier::Sign => mods.push(m(Kind::Sign, h.value)),
                Modifier::Factor => mods.push(m(Kind::Factor, h.value)),
                Modifier::Init => mods.push(m(Kind::Init, h.value)),
                Modifier::True => mods.extend([m(Kind::Level, h.value), m(Kind::Sign, 1)]),
                Modifier::False => mods.extend([m(Kind::Level, h.value), m(Kind::Sign, -1)]),
            }
        }
        self.solver.set_domain(mods);
    }

    /// Adds the acyclicity constraint of the `#edge` directives `edges`:
    /// the edges whose conditions hold form no cycle in any model.
    pub fn set_edges(&mut self, edges: &[crate::program::Edge]) {
        let graph = edges
            .iter()
            .map(|e| crate::solver::GraphEdge {
                from: e.from,
                to: e.to,
                condition: e.condition.iter().map(|&c| self.literal(c)).collect(),
            })
            .collect();
        self.solver.add_acyclicity(graph);
    }

    /// The solver literal of a program literal.
    pub fn literal(&self, l: Lit) -> SLit {
        let s = self.atom_lit[l.atom().index()];
        if l.is_positive() {
            s
        } else {
            !s
        }
    }

    /// Which of `lits` (program literals) cannot all hold in a model of
    /// the translation: the indices of such a subset (empty: there is no
    /// model at all), found by a search that decides them first (see
    /// [`Solver::solve_assuming`]); `None` when a model has them all, or
    /// when the search was interrupted.
    pub fn core(&mut self, lits: &[Lit]) -> Option<Vec<usize>> {
        let s: Vec<SLit> = lits.iter().map(|&l| self.literal(l)).collect();
        match self.solver.solve_assuming(&s) {
            crate::solver::Assumed::Core(core) => {
                Some((0..s.len()).filter(|&i| core.contains(&s[i])).collect())
            }
            _ => None,
        }
    }

    /// Adds a propagator written outside the solver, told by its `init`
    /// the solver literal of each program literal: `literal_of` gives the
    /// literal of this translation for it, or its value when the program
    /// fixed it (`None`: no atom). See [`crate::solver::external`].
    pub fn add_user_propagator(
        &mut self,
        user: std::sync::Arc<std::sync::Mutex<dyn crate::solver::external::UserPropagator>>,
        literal_of: &dyn Fn(i32) -> Option<Result<Lit, bool>>,
    ) {
        use crate::solver::external::{number, External, PropagateInit};
        let true_lit = self.true_lit;
        let solver_literal = |n: i32| -> Option<i32> {
            Some(number(match literal_of(n)? {
                Ok(l) => self.literal(l),
                Err(true) => true_lit,
                Err(false) => !true_lit,
            }))
        };
        let root = self.solver.root_assignment();
        let mut given = PropagateInit::new(&root, &solver_literal);
        if let Ok(mut u) = user.lock() {
            u.init(&mut given);
        }
        let PropagateInit { watches, clauses, check_mode, .. } = given;
        for c in &clauses {
            self.solver.add_clause(c);
        }
        let num_vars = self.solver.num_vars();
        self.solver.add_propagator(Box::new(External::new(user, num_vars, &watches, check_mode)));
    }

    /// Adds the clause `lits` (program literals, one must hold) at the root.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        let c: Vec<SLit> = lits.iter().map(|&l| self.literal(l)).collect();
        self.solver.add_clause(&c);
    }

    /// Adds the nogood "all atoms of `u` true and none of `supports` holds"
    /// as a clause at the root level.
    pub fn add_support_nogood(&mut self, u: &[Atom], supports: &[Support]) {
        let mut clause: Vec<SLit> = u.iter().map(|&a| !self.literal(a.pos())).collect();
        for s in supports {
            let mut lits: Vec<SLit> = s.lits.iter().map(|&l| self.literal(l)).collect();
            if let Some((bound, wl)) = &s.weight {
                let wl: Vec<(SLit, i64)> = wl.iter().map(|&(l, w)| (self.literal(l), w)).collect();
                match self.solver.weight_literal(*bound, &wl) {
                    Ok(w) => lits.push(w),
                    Err(true) => {}
                    Err(false) => continue,
                }
            }
            if lits.is_empty() {
                // an unconditional support: the nogood holds trivially
                return;
            }
            clause.push(self.solver.conjunction(lits));
        }
        self.solver.add_clause(&clause);
    }

    /// See [`Solver::project_on`]: the variables of the literals of `atoms`.
    pub fn project_on(&mut self, atoms: &[Atom]) -> bool {
        let vars: Vec<Var> = atoms.iter().map(|&a| self.literal(a.pos()).var()).collect();
        self.solver.project_on(&vars)
    }

    /// See [`Solver::models_excluded_by_caller`].
    pub fn models_excluded_by_caller(&mut self, on: bool) {
        self.solver.models_excluded_by_caller(on);
    }

    /// See [`Solver::model_values`]: off, [`ProgramSolver::next_model_values`]
    /// returns empty models.
    pub fn model_values(&mut self, on: bool) {
        self.solver.model_values(on);
    }

    /// See [`Solver::leave_model`].
    pub fn leave_model(&mut self) {
        self.solver.leave_model();
    }

    /// Adds the clause `lits` (program literals), which excludes the model
    /// just found (see [`Solver::exclude`]).
    pub fn exclude(&mut self, lits: &[Lit]) {
        let c: Vec<SLit> = lits.iter().map(|&l| self.literal(l)).collect();
        self.solver.exclude(&c);
    }

    /// See [`Solver::models_excluded_by_bound`] (only with an objective).
    pub fn models_excluded_by_bound(&mut self, on: bool) {
        self.solver.models_excluded_by_bound(on && self.bound.is_some());
    }

    /// Bounds the costs of the models still to be found (levels as in
    /// [`GroundProgram::objective`]); a program without objective ignores
    /// it.  Within one search the bound may only be tightened.
    pub fn set_bound(&mut self, bound: Bound) {
        if let Some(cell) = &self.bound {
            bound.set_in(cell);
        }
    }

    /// Where the objective's bound is kept (`None` without objective):
    /// another thread may tighten it while this solver searches.
    pub fn bound_cell(&self) -> Option<BoundCell> {
        self.bound.clone()
    }

    /// The next step of the core-guided search for the optimum (see
    /// [`Oll`]): a model optimal for the levels done so far, or
    /// `Exhausted` once every level is optimal (or there is no model).
    pub fn next_core_guided(&mut self) -> Outcome {
        let bound = self.bound.clone().unwrap_or_default();
        let oll = self.oll.get_or_insert_with(|| Oll::new(&self.objective, bound));
        match oll.step(&mut self.solver) {
            Step::Model(vals) => Outcome::Model(self.to_atoms(&vals)),
            Step::Done => Outcome::Exhausted,
            Step::Interrupted => Outcome::Interrupted,
        }
    }

    /// The next model as the values of the solver's variables, by index
    /// ([`ProgramSolver::atom_value`] reads an atom's), without the atoms'
    /// vector that [`ProgramSolver::next_model`] builds.
    pub fn next_model_values(&mut self) -> Outcome {
        let outcome = self.solver.next_model();
        #[cfg(debug_assertions)]
        if let Outcome::Model(vals) = &outcome {
            if vals.len() == self.solver.num_vars() {
                self.to_atoms(vals);
            }
        }
        outcome
    }

    /// Atom `a`'s value in a model given as the values of the solver's
    /// variables (see [`ProgramSolver::next_model_values`]).
    #[inline]
    pub fn atom_value(&self, vals: &[bool], a: usize) -> bool {
        let l = self.atom_lit[a];
        vals[l.var().index()] == l.is_positive()
    }

    fn to_atoms(&self, vals: &[bool]) -> Vec<bool> {
        let m: Vec<bool> = self.atom_lit.iter().map(|l| vals[l.var().index()] == l.is_positive()).collect();
        #[cfg(debug_assertions)]
        debug_assert!(self.program.is_stable_model(&m), "not a stable model: {m:?}");
        m
    }

    /// Joins (or leaves) a portfolio's clause exchange (see
    /// [`crate::solver::share`]).
    pub fn share(&mut self, exchange: Option<(Arc<crate::solver::share::Exchange>, usize)>) -> bool {
        self.solver.share(exchange)
    }

    /// Whether [`ProgramSolver::fork`] can copy this solver: not once the
    /// core-guided search has begun.
    pub fn forkable(&self) -> bool {
        self.oll.is_none()
    }

    /// A copy for another search of a portfolio, with `params` (see
    /// [`Solver::fork`]); `None` unless [`ProgramSolver::forkable`].
    pub fn fork(&self, params: crate::solver::params::Params) -> Option<ProgramSolver> {
        if !self.forkable() {
            return None;
        }
        let solver = self.solver.fork(params);
        let bound = match self.bound {
            Some(_) => Some(solver.objective_bound()?),
            None => None,
        };
        Some(ProgramSolver {
            solver,
            atom_lit: self.atom_lit.clone(),
            true_lit: self.true_lit,
            bound,
            objective: self.objective.clone(),
            oll: None,
            meaning: self.meaning.clone(),
            #[cfg(debug_assertions)]
            program: self.program.clone(),
        })
    }

    /// Stops the search when the flag is set.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.solver.set_interrupt(flag);
    }

    /// Atom `a`'s value at the root of the search, if it has one: its
    /// value in every model of the clauses the search has (learnt ones
    /// included).
    pub fn root_value(&self, a: Atom) -> Option<bool> {
        self.solver.root_value(self.literal(a.pos()))
    }

    /// Whether atom `a` is false at the root of the search (see
    /// [`ProgramSolver::root_value`]).
    pub fn false_at_root(&self, a: Atom) -> bool {
        self.solver.root_value(self.literal(a.pos())) == Some(false)
    }

    /// No model is left, known without searching.
    pub fn exhausted(&self) -> bool {
        self.solver.exhausted()
    }

    /// The solver's counters.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// Makes every later search decide these program literals first (see
    /// [`Solver::assume`]).
    pub fn assume(&mut self, lits: &[Lit]) {
        let s = lits.iter().map(|&l| self.literal(l)).collect();
        self.solver.assume(s);
    }
}

/// How a rule can support a set of atoms from outside (see
/// [`crate::models`]): all of `lits` true and, if there is one, the
/// weight condition `bound <= sum` over the body literals not relying on
/// the set.
#[derive(Clone, Debug)]
pub struct Support {
    /// The weight condition, if the rule has a weight body.
    pub weight: Option<(i64, Vec<(Lit, i64)>)>,
    /// Literals that must all hold.
    pub lits: Vec<Lit>,
}
