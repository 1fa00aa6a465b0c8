//! Propagators written outside the solver (clingo's `Propagator`): they
//! watch solver literals, hear which of them became true and which lost
//! their values, check assignments, and answer with clauses.
//!
//! Literals are numbered as clingo numbers solver literals: variable `v`
//! is `v + 1`, its negation `-(v + 1)`. Invariant (the contract of
//! [`UserPropagator`]): every clause it adds follows from the problem it
//! stands for; [`External`] keeps each clause and, at every propagation
//! fixpoint, answers those that are conflicts or imply a literal, so a
//! clause added once keeps applying (clingo's locked clauses). `undo`
//! hears of exactly the literals `propagate` was told of that lose their
//! values (whatever the watches are by then), before the trail shrinks.

use super::assignment::Assignment;
use super::lit::{SLit, Var};
use super::propagator::{Answer, Propagator};
use std::sync::{Arc, Mutex};

/// When [`UserPropagator::check`] is called (clingo's `PropagatorCheckMode`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CheckMode {
    /// Never.
    Off,
    /// On total assignments (clingo's default).
    #[default]
    Total,
    /// At every propagation fixpoint.
    Fixpoint,
    /// Both.
    Both,
}

/// The solver literal of `l`.
pub fn number(l: SLit) -> i32 {
    let n = l.var().index() as i32 + 1;
    if l.is_positive() {
        n
    } else {
        -n
    }
}

/// The literal numbered `n` (`None`: no such variable among `num_vars`).
pub fn literal(n: i32, num_vars: usize) -> Option<SLit> {
    let v = n.unsigned_abs().checked_sub(1)? as usize;
    (v < num_vars).then(|| Var(v as u32).lit(n > 0))
}

/// What a propagator reads of the assignment.
#[derive(Copy, Clone)]
pub struct View<'a> {
    a: &'a Assignment,
}

impl<'a> View<'a> {
    /// A view of `a`.
    pub fn new(a: &'a Assignment) -> View<'a> {
        View { a }
    }

    /// The assignment viewed.
    pub fn assignment(self) -> &'a Assignment {
        self.a
    }

    fn lit(&self, n: i32) -> Option<SLit> {
        literal(n, self.a.level.len())
    }

    /// The value of literal `n`: `Some(true)`, `Some(false)` or `None`
    /// (unassigned, or no literal of the solver).
    pub fn value(&self, n: i32) -> Option<bool> {
        let l = self.lit(n)?;
        match self.a.value[l.code()] {
            0 => None,
            v => Some(v > 0),
        }
    }

    /// The decision level literal `n` was assigned at (`None`: unassigned).
    pub fn level(&self, n: i32) -> Option<u32> {
        self.value(n).map(|_| self.a.lit_level(self.lit(n).expect("assigned")))
    }

    /// Whether `n` is a literal of the solver.
    pub fn has_literal(&self, n: i32) -> bool {
        self.lit(n).is_some()
    }

    /// The current decision level.
    pub fn decision_level(&self) -> u32 {
        self.a.decision_level()
    }

    /// The decision literal of level `level` (1 and up).
    pub fn decision(&self, level: u32) -> Option<i32> {
        let start = *self.a.trail_lim.get((level as usize).checked_sub(1)?)?;
        self.a.trail.get(start as usize).map(|&l| number(l))
    }

    /// Every variable is assigned.
    pub fn is_total(&self) -> bool {
        self.a.trail.len() == self.a.level.len()
    }

    /// How many variables the solver has.
    pub fn size(&self) -> usize {
        self.a.level.len()
    }

    /// The assigned literals, in the order they were assigned.
    pub fn trail(&self) -> Vec<i32> {
        self.a.trail.iter().map(|&l| number(l)).collect()
    }
}

/// What a propagator may do while the solver searches: read the
/// assignment, add clauses, change its watches.
pub struct PropagateControl<'a> {
    view: View<'a>,
    clauses: &'a mut Vec<Vec<SLit>>,
    watch: &'a mut Vec<bool>,
    conflict: bool,
}

impl<'a> PropagateControl<'a> {
    /// The assignment.
    pub fn assignment(&self) -> View<'a> {
        self.view
    }

    /// Adds the clause `lits` (solver literals; an unknown one is
    /// refused); `false` if it is a conflict under the assignment (the
    /// propagator should then return).
    pub fn add_clause(&mut self, lits: &[i32]) -> Result<bool, i32> {
        let mut clause = Vec::with_capacity(lits.len());
        for &n in lits {
            clause.push(self.view.lit(n).ok_or(n)?);
        }
        let conflict = clause.iter().all(|&l| self.view.a.is_false(l));
        self.conflict |= conflict;
        self.clauses.push(clause);
        Ok(!conflict)
    }

    /// Whether a clause added in this call is a conflict. The clauses take
    /// effect when the call returns: `false` only for a conflict.
    pub fn propagate(&self) -> bool {
        !self.conflict
    }

    /// Watches literal `n` from now on (an unknown one is refused).
    pub fn add_watch(&mut self, n: i32) -> Result<(), i32> {
        let l = self.view.lit(n).ok_or(n)?;
        self.watch[l.code()] = true;
        Ok(())
    }

    /// Watches literal `n` no more.
    pub fn remove_watch(&mut self, n: i32) {
        if let Some(l) = self.view.lit(n) {
            self.watch[l.code()] = false;
        }
    }

    /// Whether literal `n` is watched.
    pub fn has_watch(&self, n: i32) -> bool {
        self.view.lit(n).is_some_and(|l| self.watch[l.code()])
    }
}

/// A propagator written outside the solver, over solver literals.
pub trait UserPropagator: Send {
    /// Before a search: told the solver literals of program literals,
    /// answers with watches, clauses and the check mode.
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        let _ = init;
    }
    /// Watched literals `changes` became true (since the last call).
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[i32]);
    /// Watched literals `changes`, told of by `propagate`, lose their values.
    fn undo(&mut self, assignment: &View<'_>, changes: &[i32]);
    /// The assignment is total (or at a fixpoint: see [`CheckMode`]).
    fn check(&mut self, ctl: &mut PropagateControl<'_>);
}

/// A [`UserPropagator`] as one of the solver's propagators.
pub struct External {
    user: Arc<Mutex<dyn UserPropagator>>,
    mode: CheckMode,
    /// Per literal code: watched.
    watch: Vec<bool>,
    /// The trail up to here was told of.
    told: usize,
    /// The literals `propagate` was told of, with their trail positions
    /// (ascending): what `undo` tells of when they lose their values.
    reported: Vec<(usize, i32)>,
    /// The clauses added so far.
    clauses: Vec<Vec<SLit>>,
    /// Scratch: the watched literals of one call.
    changes: Vec<i32>,
}

impl External {
    /// `user` over `num_vars` variables, watching `watches`, checking
    /// when `mode` says.
    pub fn new(
        user: Arc<Mutex<dyn UserPropagator>>,
        num_vars: usize,
        watches: &[SLit],
        mode: CheckMode,
    ) -> External {
        let mut watch = vec![false; 2 * num_vars];
        for l in watches {
            watch[l.code()] = true;
        }
        External {
            user,
            mode,
            watch,
            told: 0,
            reported: Vec::new(),
            clauses: Vec::new(),
            changes: Vec::new(),
        }
    }

    /// The clauses that are conflicts or imply a literal, as nogoods
    /// (their one literal not false first).
    fn answer(&self, a: &Assignment, out: &mut Answer) {
        let mut clause = Vec::new();
        for c in &self.clauses {
            if c.iter().any(|&l| a.is_true(l)) {
                continue;
            }
            let mut open = c.iter().filter(|&&l| a.is_undef(l));
            let first = open.next().copied();
            if open.next().is_some() {
                continue;
            }
            clause.clear();
            clause.extend(first);
            clause.extend(c.iter().copied().filter(|&l| Some(l) != first));
            out.nogoods.push(&clause);
        }
    }
}

impl Propagator for External {
    fn propagate(&mut self, a: &Assignment, out: &mut Answer) {
        let Ok(mut user) = self.user.lock() else { return };
        self.changes.clear();
        let from = self.told.min(a.trail.len());
        for (i, &l) in a.trail.iter().enumerate().skip(from) {
            if self.watch[l.code()] {
                self.changes.push(number(l));
                self.reported.push((i, number(l)));
            }
        }
        self.told = a.trail.len();
        let mut ctl = PropagateControl {
            view: View { a },
            clauses: &mut self.clauses,
            watch: &mut self.watch,
            conflict: false,
        };
        if !self.changes.is_empty() {
            user.propagate(&mut ctl, &self.changes);
        }
        let total = a.trail.len() == a.level.len();
        let check = match self.mode {
            CheckMode::Off => false,
            CheckMode::Total => total,
            CheckMode::Fixpoint | CheckMode::Both => true,
        };
        if check && !ctl.conflict {
            user.check(&mut ctl);
        }
        drop(user);
        self.answer(a, out);
    }

    fn undo(&mut self, a: &Assignment, trail_len: usize) {
        self.told = self.told.min(trail_len);
        // exactly the literals `propagate` was told of from `trail_len` on
        let keep = self.reported.partition_point(|&(i, _)| i < trail_len);
        if keep == self.reported.len() {
            return;
        }
        self.changes.clear();
        self.changes.extend(self.reported.drain(keep..).map(|(_, l)| l));
        if let Ok(mut user) = self.user.lock() {
            user.undo(&View { a }, &self.changes);
        }
    }

    fn grow(&mut self, num_vars: usize) {
        self.watch.resize(2 * num_vars, false);
    }

    fn fork(&self) -> Box<dyn Propagator> {
        // (one search runs with user propagators: see `crate::Control`)
        Box::new(External {
            user: self.user.clone(),
            mode: self.mode,
            watch: self.watch.clone(),
            told: self.told,
            reported: self.reported.clone(),
            clauses: self.clauses.clone(),
            changes: Vec::new(),
        })
    }
}

/// What a propagator is told and may do before the search: which solver
/// literal each program literal is, and which literals it watches, which
/// clauses hold from the start, and when it checks.
pub struct PropagateInit<'a> {
    view: View<'a>,
    /// The solver literal of a program literal (its atom's number plus
    /// one, negative for a negation); `None`: no atom of the program.
    literal_of: &'a dyn Fn(i32) -> Option<i32>,
    /// The watched literals.
    pub watches: Vec<SLit>,
    /// Clauses added.
    pub clauses: Vec<Vec<SLit>>,
    /// When `check` is called.
    pub check_mode: CheckMode,
}

impl<'a> PropagateInit<'a> {
    /// Over the root assignment `a`, program literals mapped by `literal_of`.
    pub fn new(a: &'a Assignment, literal_of: &'a dyn Fn(i32) -> Option<i32>) -> PropagateInit<'a> {
        PropagateInit {
            view: View { a },
            literal_of,
            watches: Vec::new(),
            clauses: Vec::new(),
            check_mode: CheckMode::Total,
        }
    }

    /// The solver literal of the program literal `program`.
    pub fn solver_literal(&self, program: i32) -> Option<i32> {
        (self.literal_of)(program)
    }

    /// The assignment at the root.
    pub fn assignment(&self) -> View<'a> {
        self.view
    }

    /// Watches literal `n` (an unknown one is refused).
    pub fn add_watch(&mut self, n: i32) -> Result<(), i32> {
        let l = self.view.lit(n).ok_or(n)?;
        self.watches.push(l);
        Ok(())
    }

    /// Watches literal `n` no more.
    pub fn remove_watch(&mut self, n: i32) {
        if let Some(l) = self.view.lit(n) {
            self.watches.retain(|&w| w != l);
        }
    }

    /// Adds the clause `lits` (an unknown literal is refused); `false` if
    /// it cannot hold at the root.
    pub fn add_clause(&mut self, lits: &[i32]) -> Result<bool, i32> {
        let clause = lits.iter().map(|&n| self.view.lit(n).ok_or(n)).collect::<Result<Vec<_>, _>>()?;
        let holds = clause.iter().any(|&l| !self.view.a.is_false(l));
        self.clauses.push(clause);
        Ok(holds)
    }
}
