//! Answer sets of any ground program, disjunctions included.
//!
//! Normal, choice and weight rules go straight to the CDCL [`Solver`].
//! Disjunctive rules are first shifted into normal rules when every one is
//! head-cycle-free ([`crate::program::shift`]).  Otherwise each disjunction
//! `h1 | ... | hn :- B` is relaxed to `{h1;...;hn} :- B` plus `:- B, not h1,
//! ..., not hn`; every stable model of the relaxed program that is a
//! *minimal* model of the disjunctive program's reduct is an answer set, and
//! every answer set is among them.  Minimality is checked
//! ([`crate::minimality`]) by founding the candidate's atoms one positive
//! component at a time, and where that fails by a second solver call on a
//! small program whose models are the smaller models of the reduct (none:
//! the candidate is an answer set).  A smaller model
//! `Y` shows that `U = M \ Y` is unfounded; the constraint "all of `U`
//! true, and no rule supports `U` from outside" then excludes the candidate
//! and every other candidate with the same flaw, but no answer set (Leone,
//! Rullo and Scarcello's unfounded sets for disjunctive programs).  It is
//! added to the live solver ([`crate::translate::ProgramSolver::add_support_nogood`]), which keeps
//! its learnt clauses; the search leaves each answer set behind by
//! backtracking, as it enumerates models (the nogoods send it back to the
//! root, which first turns its record of the models returned into
//! clauses);
//! the check, too, grows one solver (a larger smaller model each time)
//! instead of building one per step.
//!
//! Invariant: [`Models::next`] returns exactly the answer sets of the
//! program given to [`Models::new`], each once.

use crate::program::{
    falsity, shift, Atom, Body, Edge, External, GroundProgram, Head, Heuristic, Lit, Minimize, Rule,
};
use crate::solver::{Outcome, Stats, Tuning};
use crate::translate::{Memory, ProgramSolver as Solver, Support, TranslateError as SolverError};
use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Enumerates the answer sets of one ground program, one per call of [`Models::next`].
pub struct Models {
    /// Atoms the solver never needs to see (facts nothing else mentions,
    /// atoms without rules) are left out; this maps its models back.
    map: Arc<Compaction>,
    solver: Solver,
    /// The disjunctive program, when candidates need the minimality check.
    disjunctive: Option<Disjunctive>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Models come with their atoms' values (off: empty, see
    /// [`Models::model_values`]).
    values: bool,
}

/// The state of the minimality-checking search.
struct Disjunctive {
    /// The program with its disjunctions.
    original: GroundProgram,
    /// Its components, for the minimality check.
    parts: crate::minimality::Components,
}

impl Models {
    /// Prepares the search: compacts the program, shifts or relaxes its disjunctions, and translates it
    /// for the solver; `Err` if the translation fails.
    pub fn new(program: &GroundProgram, tuning: Tuning) -> Result<Models, SolverError> {
        Models::build(Cow::Borrowed(program), tuning)
    }

    /// [`Models::new`] for a program the caller no longer needs: it is
    /// dropped once translated, before the solver is built, so that the
    /// two do not take memory at the same time.
    pub fn consume(program: GroundProgram, tuning: Tuning) -> Result<Models, SolverError> {
        Models::build(Cow::Owned(program), tuning)
    }

    fn build(program: Cow<'_, GroundProgram>, tuning: Tuning) -> Result<Models, SolverError> {
        let heuristics = if tuning.params.domain { program.heuristics.clone() } else { Vec::new() };
        let edges = program.edges.clone();
        let closed = match program {
            Cow::Borrowed(p) => p.closed(),
            Cow::Owned(p) => Cow::Owned(p.into_closed()),
        };
        let map = compaction(&closed, |_| false);
        let (mut solver, disjunctive) = if shift::has_disjunctions(&closed) {
            // shifted or relaxed: a program of its own
            let mut p = compacted(&closed, &map);
            drop(closed);
            let disjunctive = match shift::shift(&mut p) {
                Ok(()) => None,
                Err(_) => {
                    let original = p.clone();
                    relax(&mut p);
                    let parts = crate::minimality::Components::new(&original);
                    Some(Disjunctive { original, parts })
                }
            };
            // the candidates of a relaxed program are searched for as one
            // model is: each failed minimality check adds a nogood and
            // sends the search back to the root, and with the static signs
            // of enumeration it comes back to the same region, one
            // candidate at a time (differential seed 311464, `-n 0`: 41 s
            // with them, 0.2 s without). Answer sets are still blocked one
            // by one (measured 2026-12-02 on three saturation programs of
            // 2,478-50,156 answer sets: 0.92-1.22 of the time).
            let tuning = if disjunctive.is_some() { Tuning { enumerate: false, ..tuning } } else { tuning };
            (Solver::consume(p, tuning)?, disjunctive)
        } else {
            // translated through the compaction's numbers, not copied
            #[cfg(debug_assertions)]
            let check = compacted(&closed, &map);
            let solver = Solver::mapped(
                closed,
                &map.index,
                &map.false_atoms,
                map.kept.len(),
                tuning,
                #[cfg(debug_assertions)]
                check,
            )?;
            (solver, None)
        };
        if !heuristics.is_empty() {
            solver.set_heuristics(&map.heuristics(&heuristics));
        }
        if !edges.is_empty() {
            solver.set_edges(&map.edges(&edges));
        }
        if disjunctive.is_some() {
            // a candidate that is no answer set is excluded by its nogood,
            // an answer set by backtracking past it (see `Models::next`)
            solver.models_excluded_by_caller(true);
        }
        Ok(Models { map: Arc::new(map), solver, disjunctive, interrupt: None, values: true })
    }

    /// [`Models::new`] for the step of an incremental run: the program's
    /// open externals are choices whose values are assumptions, and the
    /// search starts from what an earlier step's learnt (`memory`, which
    /// the caller vouches for; see [`crate::carry`]).  A program whose
    /// candidates need the minimality check is searched as by
    /// [`Models::new`] and remembers nothing.
    pub fn remembering(
        program: &GroundProgram,
        tuning: Tuning,
        memory: Option<&Memory>,
    ) -> Result<Models, SolverError> {
        let (opened, assumed) = program.opened();
        // the externals each solve assumes values for stay open
        let mut frozen = vec![false; program.num_atoms as usize];
        for (a, v) in program.open_externals() {
            frozen[a.index()] = v != External::Release;
        }
        let (mut p, map) = compact(&opened, |a| frozen[a.index()]);
        if shift::shift(&mut p).is_err() {
            return Models::new(program, tuning);
        }
        let mut solver = Solver::remembering(&p, tuning)?;
        if tuning.params.domain && !program.heuristics.is_empty() {
            solver.set_heuristics(&map.heuristics(&program.heuristics));
        }
        if !program.edges.is_empty() {
            solver.set_edges(&map.edges(&program.edges));
        }
        if let Some(m) = memory {
            solver.recall(m, |l| map.literal(l));
        }
        let mut models =
            Models { map: Arc::new(map), solver, disjunctive: None, interrupt: None, values: true };
        models.assume(assumed);
        Ok(models)
    }

    /// Makes every later search assume `lits` (literals of the full
    /// program; see [`Solver::assume`]).
    fn assume(&mut self, lits: impl IntoIterator<Item = Lit>) {
        let mut assume = Vec::new();
        for l in lits {
            match self.map.literal(l) {
                Ok(l) => assume.push(l),
                Err(true) => {}
                // an external no rule mentions, assumed true: no answer set
                Err(false) => self.solver.add_clause(&[]),
            }
        }
        self.solver.assume(&assume);
    }

    /// Grows the search of the last program (made by
    /// [`Models::remembering`]) into the search of `new`, which adds the
    /// rules `added` ([`crate::carry::delta`]; `open`: `new`'s open
    /// externals), keeping all it has learnt; `false` (nothing changed) when
    /// a rule cannot be added that way (see [`crate::translate::Refused`]).
    pub fn grow(
        &mut self,
        new: &GroundProgram,
        added: &[&Rule],
        open: &[(Atom, External)],
        tuning: Tuning,
    ) -> bool {
        // (an edge's condition may be over new atoms: a new propagator)
        if self.disjunctive.is_some() || self.map.full_len > new.num_atoms as usize || !new.edges.is_empty() {
            return false;
        }
        let (n, total) = (self.map.full_len, new.num_atoms as usize);
        // new open externals are choices (their values are assumptions)
        let choices: Vec<Rule> = open
            .iter()
            .filter(|&&(a, v)| a.index() >= n && v != External::Release)
            .map(|&(a, _)| Rule::choice(a))
            .collect();
        let rules: Vec<&Rule> = added.iter().copied().chain(&choices).collect();
        let defines_old = |r: &&Rule| match &r.head {
            Head::Disjunction(h) | Head::Choice(h) => h.iter().any(|a| a.index() < n),
        };
        if rules.iter().any(defines_old) {
            return false;
        }
        // the new atoms false for all to see, given the old ones
        let map = &self.map;
        let mut frozen = vec![false; total - n];
        for &(a, v) in open.iter().filter(|(a, _)| a.index() >= n) {
            frozen[a.index() - n] = v != External::Release;
        }
        let fresh_false = falsity::false_atoms(
            rules.len(),
            |i| rules[i],
            n..total,
            |a| map.value(a),
            |a| frozen[a.index() - n],
        )
        .unwrap_or_default();
        let value = |a: Atom| match a.index().checked_sub(n) {
            None => map.value(a),
            Some(k) => (fresh_false.get(k) == Some(&true)).then_some(false),
        };
        let rules: Vec<_> = rules.iter().filter_map(|r| falsity::rule_under(r, value)).collect();
        // the new atoms these rules mention, numbered after the old ones
        let mut mentioned = vec![false; total - n];
        for r in &rules {
            mention(r, |a| {
                if let Some(k) = a.index().checked_sub(n) {
                    mentioned[k] = true;
                }
            });
        }
        let mut count = map.kept.len() as u32;
        let fresh: Vec<u32> = mentioned
            .iter()
            .map(|&m| {
                count += m as u32;
                if m {
                    count - 1
                } else {
                    u32::MAX
                }
            })
            .collect();
        // the rules over the compact atoms (`rule_under` left only open ones)
        let lit = |l: Lit| match l.atom().index().checked_sub(n) {
            Some(k) => Lit::new(Atom(fresh[k]), l.is_positive()),
            None => map.literal(l).expect("an open old atom is kept"),
        };
        let rules: Vec<Rule> = rules.iter().map(|r| r.renamed(lit)).collect();
        if self.solver.grow(count, &rules).is_err() {
            return false;
        }
        let map = Arc::make_mut(&mut self.map);
        if !fresh_false.is_empty() || !map.false_atoms.is_empty() {
            map.false_atoms.resize(n, false);
            map.false_atoms
                .extend(fresh_false.iter().copied().chain(std::iter::repeat(false)).take(total - n));
        }
        map.kept.extend((n..total).filter(|&a| fresh[a - n] != u32::MAX).map(|a| Atom(a as u32)));
        map.index.extend(fresh);
        map.always_true.resize(total, false);
        map.full_len = total;
        // externals released since: false for good
        for &(a, v) in open {
            if v == External::Release {
                if let Ok(l) = self.map.literal(a.pos()) {
                    self.solver.add_clause(&[l.atom().neg()]);
                }
            }
        }
        self.assume(open.iter().filter_map(|&(a, v)| v.assumption(a)));
        if tuning.params.domain && !new.heuristics.is_empty() {
            self.solver.set_heuristics(&self.map.heuristics(&new.heuristics));
        }
        true
    }

    /// What the search has learnt so far, by the atoms of the program
    /// given to [`Models::remembering`] (`None` from any other search).
    pub fn memory(&self) -> Option<Memory> {
        if self.disjunctive.is_some() {
            return None;
        }
        self.solver.memory(|a| self.map.kept[a.index()])
    }

    /// Joins (or leaves) a portfolio's clause exchange (see
    /// [`crate::solver::share`]): the candidate search only, never a
    /// minimality check's.
    pub fn share(&mut self, exchange: Option<(Arc<crate::solver::share::Exchange>, usize)>) -> bool {
        self.solver.share(exchange)
    }

    /// Whether [`Models::fork`] can copy this search.
    pub fn forkable(&self) -> bool {
        self.disjunctive.is_none() && self.solver.forkable()
    }

    /// A copy for another search of a portfolio, with `params` (see
    /// [`crate::solver::Solver::fork`]): the compaction is shared, nothing
    /// is translated again. `None` for a program whose candidates need
    /// the minimality check, or unless the solver is
    /// [`Solver::forkable`].
    pub fn fork(&self, params: crate::solver::params::Params) -> Option<Models> {
        if !self.forkable() {
            return None;
        }
        let solver = self.solver.fork(params)?;
        Some(Models {
            map: self.map.clone(),
            solver,
            disjunctive: None,
            interrupt: None,
            values: self.values,
        })
    }

    /// Whether [`Models::next`] returns each answer set's values (on by
    /// default). Off, every answer set is an empty vector: for a caller
    /// that only counts them, which then costs no time per atom (10^6
    /// answer sets of 6,000 atoms took 10 s with, 0.7 s without). A
    /// program whose candidates need the minimality check keeps them.
    pub fn model_values(&mut self, on: bool) {
        if self.disjunctive.is_none() {
            self.values = on;
            self.solver.model_values(on);
        }
    }

    /// Stops the search (and any minimality check) when the flag is set; [`Models::next`] then returns
    /// `Interrupted`.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.solver.set_interrupt(flag.clone());
        self.interrupt = Some(flag);
    }

    /// Per atom of the program: whether it is false in every answer set,
    /// known when the program was compacted or at the root of the search.
    /// Such an atom stays false when rules for new atoms are added (the
    /// program is their bottom: Lifschitz and Turner's splitting), unless
    /// the search blocked an answer set (no consequence of the program:
    /// the caller's to rule out).  `None` for a disjunctive program, whose
    /// search is over its relaxation, and once no answer set is left.
    pub fn false_for_good(&self) -> Option<Vec<bool>> {
        if self.disjunctive.is_some() || self.solver.exhausted() {
            return None;
        }
        let map = &self.map;
        let gone = (0..map.full_len as u32).map(Atom).map(|a| {
            map.value(a) == Some(false)
                || (map.index[a.index()] != u32::MAX && self.solver.false_at_root(Atom(map.index[a.index()])))
        });
        Some(gone.collect())
    }

    /// The value the compaction fixed for atom `a` of the program (a
    /// fact, or an atom without rules or false by its constraints), if
    /// any: its value in every answer set.
    pub fn fixed_value(&self, a: Atom) -> Option<bool> {
        self.map.value(a)
    }

    /// Atom `a`'s value in every answer set still to be found, where the
    /// compaction or the search's root has fixed it (`None`: not known;
    /// always for a program whose candidates need the minimality check).
    pub fn root_value(&self, a: Atom) -> Option<bool> {
        if let Some(v) = self.map.value(a) {
            return Some(v);
        }
        match self.map.index[a.index()] {
            u32::MAX => None,
            _ if self.disjunctive.is_some() => None,
            i => self.solver.root_value(Atom(i)),
        }
    }

    /// No answer set is left, known without searching (see [`Solver::exhausted`]).
    pub fn exhausted(&self) -> bool {
        self.disjunctive.is_none() && self.solver.exhausted()
    }

    /// Branch and bound: the caller tightens the bound past every answer
    /// set before asking for the next (see
    /// [`ProgramSolver::models_excluded_by_bound`]).  Not for programs
    /// whose candidates are checked for minimality, whose search is asked
    /// again after a candidate that is not an answer set.
    pub fn models_excluded_by_bound(&mut self, on: bool) {
        if self.disjunctive.is_none() {
            self.solver.models_excluded_by_bound(on);
        }
    }

    /// Projected enumeration by backtracking on the atoms `on` (see
    /// [`Solver::project_on`]); `false` when the search cannot (a
    /// disjunctive program's candidates, a domain heuristic): the caller
    /// excludes each answer set by its projection's clause.
    pub fn project_on(&mut self, on: &[Atom]) -> bool {
        if self.disjunctive.is_some() {
            return false;
        }
        let atoms: Vec<Atom> =
            on.iter().filter_map(|&a| self.map.literal(a.pos()).ok()).map(|l| l.atom()).collect();
        self.solver.project_on(&atoms)
    }

    /// Projected enumeration and consequences: the caller excludes every
    /// answer set by a clause ([`Models::exclude`]) before asking for the
    /// next (see [`Solver::models_excluded_by_caller`]).  Not for programs
    /// whose candidates are checked for minimality (as
    /// [`Models::models_excluded_by_bound`]).
    pub fn models_excluded_by_caller(&mut self, on: bool) {
        if self.disjunctive.is_none() {
            self.solver.models_excluded_by_caller(on);
        }
    }

    /// Bounds the costs of the answer sets still to be found (see
    /// [`Solver::set_bound`]).
    pub fn set_bound(&mut self, bound: crate::solver::Bound) {
        self.solver.set_bound(bound);
    }

    /// Where the objective's bound is kept (see [`Solver::bound_cell`]).
    pub fn bound_cell(&self) -> Option<crate::solver::BoundCell> {
        self.solver.bound_cell()
    }

    /// The next step of the core-guided search (see
    /// [`Solver::next_core_guided`]); `None` for programs whose candidates
    /// need the minimality check (not head-cycle-free disjunctions), which
    /// only branch and bound handles.
    pub fn next_core_guided(&mut self) -> Option<Outcome> {
        if self.disjunctive.is_some() {
            return None;
        }
        Some(match self.solver.next_core_guided() {
            Outcome::Model(m) => Outcome::Model(self.map.expand(&m)),
            other => other,
        })
    }

    /// A core of `assumptions` (literals of the program given to
    /// [`Models::new`]): the indices of some of them that hold together
    /// in no answer set (empty: there is no answer set at all).  `None`
    /// when a candidate has them all — for a program whose candidates
    /// need the minimality check that is no proof of an answer set — or
    /// when the search was interrupted.
    pub fn core(&mut self, assumptions: &[Lit]) -> Option<Vec<usize>> {
        let (mut lits, mut which) = (Vec::new(), Vec::new());
        for (i, &l) in assumptions.iter().enumerate() {
            match self.map.literal(l) {
                Ok(c) => {
                    lits.push(c);
                    which.push(i);
                }
                Err(true) => {}
                Err(false) => return Some(vec![i]),
            }
        }
        let core = self.solver.core(&lits)?;
        Some(core.into_iter().map(|k| which[k]).collect())
    }

    /// Adds a propagator written outside the solver (see
    /// [`crate::solver::external`]), over the program's literals (an
    /// atom's number plus one, negative for a negation).
    pub fn add_user_propagator(
        &mut self,
        user: Arc<std::sync::Mutex<dyn crate::solver::external::UserPropagator>>,
    ) {
        let map = self.map.clone();
        let literal_of = move |n: i32| -> Option<Result<Lit, bool>> {
            let a = n.unsigned_abs().checked_sub(1)? as usize;
            (a < map.full_len).then(|| map.literal(Lit::new(Atom(a as u32), n > 0)))
        };
        self.solver.add_user_propagator(user, &literal_of);
    }

    /// Adds the clause `lits` (literals of the program given to
    /// [`Models::new`]): from now on, only answer sets satisfying it.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(clause) = self.map.clause(lits) {
            self.solver.add_clause(&clause);
        }
    }

    /// [`Models::add_clause`] for a clause that excludes the answer set
    /// just found: the search backjumps only as far as it says.
    pub fn exclude(&mut self, lits: &[Lit]) {
        let Some(clause) = self.map.clause(lits) else { return };
        if self.disjunctive.is_some() {
            self.solver.add_clause(&clause);
        } else {
            self.solver.exclude(&clause);
        }
    }

    /// The main solver's counters (the minimality checks are not counted).
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// The next answer set, `Exhausted` when there is none left.
    pub fn next(&mut self) -> Outcome {
        if self.disjunctive.is_none() {
            // the solver's values straight into the full program's atoms
            return match self.solver.next_model_values() {
                Outcome::Model(vals) if !self.values => Outcome::Model(vals),
                Outcome::Model(vals) => {
                    Outcome::Model(self.map.expand_by(|i| self.solver.atom_value(&vals, i)))
                }
                other => other,
            };
        }
        loop {
            match self.solver.next_model() {
                Outcome::Model(mut m) => {
                    let Some(d) = &mut self.disjunctive else { unreachable!("checked above") };
                    m.truncate(d.original.num_atoms as usize);
                    match d.parts.unfounded(&d.original, &m, self.interrupt.clone()) {
                        Err(()) => return Outcome::Interrupted,
                        // an answer set: left behind as the solver's own
                        // enumeration leaves a model; the nogood of a later
                        // failed check goes back to the root, which turns
                        // that into a clause first (see `crate::solver::flip`)
                        Ok(None) => {
                            self.solver.leave_model();
                            return Outcome::Model(self.map.expand(&m));
                        }
                        Ok(Some(unfounded)) => {
                            // added to the live solver, which keeps what it has learnt
                            let supports = external_supports(&d.original, &unfounded);
                            self.solver.add_support_nogood(&unfounded, &supports);
                        }
                    }
                }
                other => return other,
            }
        }
    }
}

/// The program restricted to the atoms some rule other than a plain fact
/// mentions once the atoms false in every answer set that its shape shows
/// are taken out ([`crate::program::falsity`]), renumbered densely.
#[derive(Clone)]
struct Compaction {
    /// Atoms of the full program.
    full_len: usize,
    /// Per full atom: true for the facts nothing else mentions (true in
    /// every answer set), false for the others; a model starts as a copy.
    always_true: Vec<bool>,
    /// Per full atom: false in every answer set (empty: none is); such
    /// an atom is left out unless the objective mentions it.
    false_atoms: Vec<bool>,
    /// `kept[i]` is the full program's atom for the compact atom `i`.
    kept: Vec<Atom>,
    /// The compact atom of each full atom (`u32::MAX`: left out).
    index: Vec<u32>,
}

impl Compaction {
    /// The compact literal for `l`, or its fixed value when its atom was
    /// left out (a fact, or an atom that is always false).
    fn literal(&self, l: Lit) -> Result<Lit, bool> {
        match self.index[l.atom().index()] {
            u32::MAX => Err(self.always_true[l.atom().index()] == l.is_positive()),
            i => Ok(Lit::new(Atom(i), l.is_positive())),
        }
    }

    /// The value atom `a` has in every answer set, if the compaction
    /// fixed it (left out, or marked false).
    fn value(&self, a: Atom) -> Option<bool> {
        if self.false_atoms.get(a.index()) == Some(&true) {
            return Some(false);
        }
        self.literal(a.pos()).err()
    }

    /// A clause (a disjunction) over the compact atoms: `None` when it
    /// holds for certain; the literals false for certain left out.
    fn clause(&self, lits: &[Lit]) -> Option<Vec<Lit>> {
        let mut out = Vec::with_capacity(lits.len());
        for &l in lits {
            match self.literal(l) {
                Ok(c) => out.push(c),
                Err(true) => return None,
                Err(false) => {}
            }
        }
        Some(out)
    }

    /// A condition (a conjunction) over the compact atoms: `None` when it
    /// is false for certain; the literals true for certain left out.
    fn condition(&self, lits: &[Lit]) -> Option<Vec<Lit>> {
        let mut out = Vec::with_capacity(lits.len());
        for &c in lits {
            match self.literal(c) {
                Ok(c) => out.push(c),
                Err(true) => {}
                Err(false) => return None,
            }
        }
        Some(out)
    }

    /// The heuristic directives over the compact atoms: those on atoms
    /// left out (their value is fixed) or with a condition that is false
    /// for certain are dropped (see [`Compaction::condition`]).
    fn heuristics(&self, hs: &[Heuristic]) -> Vec<Heuristic> {
        let kept = |h: &Heuristic| {
            let atom = self.literal(h.atom.pos()).ok()?.atom();
            Some(Heuristic { atom, condition: self.condition(&h.condition)?, ..h.clone() })
        };
        hs.iter().filter_map(kept).collect()
    }

    /// The edges over the compact atoms: those whose condition is false
    /// for certain are dropped (see [`Compaction::condition`]).
    fn edges(&self, es: &[Edge]) -> Vec<Edge> {
        es.iter()
            .filter_map(|e| Some(Edge { condition: self.condition(&e.condition)?, ..e.clone() }))
            .collect()
    }

    fn expand(&self, m: &[bool]) -> Vec<bool> {
        self.expand_by(|i| m[i])
    }

    /// The full program's model where compact atom `i` has `value(i)`.
    fn expand_by(&self, value: impl Fn(usize) -> bool) -> Vec<bool> {
        let mut full = self.always_true.clone();
        for (i, a) in self.kept.iter().enumerate() {
            full[a.index()] = value(i);
        }
        full
    }
}

/// [`compaction`] and [`compacted`].
fn compact(p: &GroundProgram, frozen: impl Fn(Atom) -> bool) -> (GroundProgram, Compaction) {
    let map = compaction(p, frozen);
    (compacted(p, &map), map)
}

/// The plain fact of an atom, if `r` is one.
fn fact_atom(r: &Rule) -> Option<Atom> {
    match (&r.head, &r.body) {
        (Head::Disjunction(h), Body::Normal(b)) if h.len() == 1 && b.is_empty() => Some(h[0]),
        _ => None,
    }
}

/// Which atoms of `p` are false in every answer set for all to see
/// ([`crate::program::falsity`]), which of the others some rule other
/// than a plain fact mentions once those are taken out (kept, renumbered
/// densely in order), and which of the rest are facts.  The `frozen`
/// atoms are never taken out (see [`falsity::false_atoms`]).
fn compaction(p: &GroundProgram, frozen: impl Fn(Atom) -> bool) -> Compaction {
    let n = p.num_atoms as usize;
    let false_atoms =
        falsity::false_atoms(p.rules.len(), |i| &p.rules[i], 0..n, |_| None, frozen).unwrap_or_default();
    let value = |a: Atom| (false_atoms.get(a.index()) == Some(&true)).then_some(false);
    let mut referenced = vec![false; n];
    let mut fact = vec![false; n];
    for r in &p.rules {
        let Some(r) = falsity::rule_under(r, value) else { continue };
        if let Some(a) = fact_atom(&r) {
            fact[a.index()] = true;
            continue;
        }
        mention(&r, |a| referenced[a.index()] = true);
    }
    for m in &p.minimize {
        m.lits.iter().for_each(|(l, _)| referenced[l.atom().index()] = true);
    }
    for e in &p.edges {
        e.condition.iter().for_each(|l| referenced[l.atom().index()] = true);
    }
    let mut index = vec![u32::MAX; n];
    let mut kept = Vec::new();
    let mut always_true = vec![false; n];
    for a in 0..n {
        if referenced[a] {
            index[a] = kept.len() as u32;
            kept.push(Atom(a as u32));
        } else {
            always_true[a] = fact[a];
        }
    }
    Compaction { full_len: n, always_true, false_atoms, kept, index }
}

/// Calls `f` with every atom rule `r` mentions.
fn mention(r: &Rule, mut f: impl FnMut(Atom)) {
    match &r.head {
        Head::Disjunction(h) | Head::Choice(h) => h.iter().for_each(|&a| f(a)),
    }
    match &r.body {
        Body::Normal(ls) => ls.iter().for_each(|l| f(l.atom())),
        Body::Weight { lits, .. } => lits.iter().for_each(|(l, _)| f(l.atom())),
    }
}

/// `p` over the atoms `map` keeps, in their numbers: each rule without
/// its fixed atoms (the facts of the others are left out, which are most
/// rules of a fact-heavy program).
fn compacted(p: &GroundProgram, map: &Compaction) -> GroundProgram {
    let index = &map.index;
    let map_atom = |a: Atom| Atom(index[a.index()]);
    let map_lit = |l: Lit| Lit::new(map_atom(l.atom()), l.is_positive());
    let minimize = p
        .minimize
        .iter()
        .map(|m| Minimize {
            priority: m.priority,
            lits: m.lits.iter().map(|&(l, w)| (map_lit(l), w)).collect(),
        })
        .collect();
    let under = |r| falsity::rule_under(r, |a| map.value(a));
    let mut q = GroundProgram {
        num_atoms: map.kept.len() as u32,
        rules: Vec::with_capacity(p.rules.iter().filter(|r| under(r).is_some()).count()),
        minimize,
        externals: Vec::new(),
        project: None,
        heuristics: Vec::new(),
        edges: map.edges(&p.edges),
    };
    for r in &p.rules {
        let Some(r) = under(r) else { continue };
        q.rules.push(r.renamed(map_lit));
    }
    q
}

/// Is `m` an answer set of `p`?  For programs without disjunctions this is
/// [`GroundProgram::is_stable_model`] (a plain fixpoint, independent of the
/// solver); with disjunctions: `m` satisfies `p` and no smaller model of the
/// reduct exists.
pub fn is_answer_set(p: &GroundProgram, m: &[bool]) -> bool {
    let p = &*p.closed();
    let disjunctive = shift::has_disjunctions(p);
    if !disjunctive {
        return p.is_stable_model(m);
    }
    p.satisfied_by(m)
        && crate::minimality::smaller_model(p.num_atoms, p.rules.iter(), m, &|_| true, None) == Ok(None)
}

/// The possible external supports of `u` (sorted) in `p`: for each rule
/// with a head atom in `u`, unless its body relies on `u`, the condition
/// that its body holds without `u` (normal literals, or a weight
/// condition over the literals outside `u`) and no other head atom
/// outside `u` is true.
fn external_supports(p: &GroundProgram, u: &[Atom]) -> Vec<Support> {
    let in_u = |a: Atom| u.binary_search(&a).is_ok();
    let mut out = Vec::new();
    for r in &p.rules {
        let (heads, choice) = match &r.head {
            Head::Disjunction(h) => (h, false),
            Head::Choice(h) => (h, true),
        };
        if !heads.iter().any(|a| in_u(*a)) {
            continue;
        }
        let mut support = Support { weight: None, lits: Vec::new() };
        match &r.body {
            Body::Normal(ls) => {
                if ls.iter().any(|l| l.is_positive() && in_u(l.atom())) {
                    continue;
                }
                support.lits.extend(ls.iter().copied());
            }
            Body::Weight { bound, lits } => {
                let rest: Vec<(Lit, i64)> =
                    lits.iter().copied().filter(|(l, _)| !(l.is_positive() && in_u(l.atom()))).collect();
                if rest.iter().map(|x| x.1).sum::<i64>() < *bound {
                    continue;
                }
                support.weight = Some((*bound, rest));
            }
        }
        if !choice {
            support.lits.extend(heads.iter().filter(|a| !in_u(**a)).map(|a| a.neg()));
        }
        out.push(support);
    }
    out
}

/// Replaces each disjunction by a choice and a constraint.
fn relax(p: &mut GroundProgram) {
    let mut extra = Vec::new();
    for r in &mut p.rules {
        if let Head::Disjunction(h) = &r.head {
            if h.len() > 1 {
                let h = h.clone();
                match &r.body {
                    Body::Normal(b) => {
                        let mut c = b.clone();
                        c.extend(h.iter().map(|a| a.neg()));
                        extra.push(Rule::constraint(c));
                    }
                    Body::Weight { .. } => {
                        // Name the weight body first.
                        let aux = Atom(p.num_atoms);
                        p.num_atoms += 1;
                        extra.push(Rule {
                            head: Head::Disjunction(smallvec::smallvec![aux]),
                            body: r.body.clone(),
                        });
                        r.body = Body::Normal(thin_vec::thin_vec![aux.pos()]);
                        let mut c = vec![aux.pos()];
                        c.extend(h.iter().map(|a| a.neg()));
                        extra.push(Rule::constraint(c));
                    }
                }
                r.head = Head::Choice(h);
            }
        }
    }
    p.rules.extend(extra);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `a | b.  a :- b.  b :- a.  {d}.  c :- not a, d.` has the answer
    /// sets {a, b} and {a, b, d}; the support of `c` is a conjunction,
    /// whose variable is made once and shared when the nogood recurs.
    #[test]
    fn repeated_nogoods_share_their_support_variables() {
        let (a, b, c, d) = (Atom(0), Atom(1), Atom(2), Atom(3));
        let mut p = GroundProgram { num_atoms: 4, ..Default::default() };
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a, b]),
            body: Body::Normal(thin_vec::thin_vec![]),
        });
        p.add(Rule::normal(a, vec![b.pos()]));
        p.add(Rule::normal(b, vec![a.pos()]));
        p.add(Rule { head: Head::Choice(smallvec::smallvec![d]), body: Body::Normal(thin_vec::thin_vec![]) });
        p.add(Rule::normal(c, vec![a.neg(), d.pos()]));
        let mut q = p.clone();
        relax(&mut q);
        let mut s = Solver::new(&q, Tuning::default()).unwrap();
        let before = s.stats().variables;
        let u = [a, c];
        s.add_support_nogood(&u, &external_supports(&p, &u));
        let vars = s.stats().variables;
        assert_eq!(vars, before + 1, "a variable for the conjunction `not a, d`");
        s.add_support_nogood(&u, &external_supports(&p, &u));
        assert_eq!(s.stats().variables, vars, "and it is reused");
        // the answer sets, through the candidate-and-check loop
        let mut m = Models::new(&p, Tuning::default()).unwrap();
        let mut found = Vec::new();
        while let Outcome::Model(x) = m.next() {
            found.push(x);
        }
        found.sort();
        assert_eq!(found, vec![vec![true, true, false, false], vec![true, true, false, true]]);
    }
}
