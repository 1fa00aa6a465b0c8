//! The trail: the current partial assignment with levels and reasons.
//!
//! Invariant: `trail` lists exactly the assigned literals in assignment
//! order; `trail_lim[d]` is the trail length when decision level `d + 1`
//! began (its first literal is that level's decision); for every assigned
//! variable `v`, `level[v]`, `reason[v]` and `pos[v]` (its trail index) are
//! meaningful, and `value` holds 1 for the true literal, -1 for the false
//! one, 0 for both literals of an unassigned variable. Levels never decrease
//! along the trail.

use super::clause_db::ClauseRef;
use super::lit::SLit;

/// Why a literal was assigned.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// A decision, a root-level unit, or a unit derived at a higher level.
    None,
    /// Implied by the binary clause `(lit ∨ other)`; holds `other` (false).
    Binary(SLit),
    /// Implied by a long clause whose first literal is the implied one.
    Clause(ClauseRef),
    /// Implied by a weight constraint (explained on demand from the trail).
    Weight(u32),
    /// Implied by the propagator of this index (explained on demand).
    Propagator(u32),
}

/// The current partial assignment (see the module docs for its invariant).
#[derive(Clone)]
pub struct Assignment {
    /// Per literal code: 1 true, -1 false, 0 unassigned.
    pub value: Vec<i8>,
    /// Per variable: the decision level it was assigned at.
    pub level: Vec<u32>,
    /// Per variable: why it was assigned.
    pub reason: Vec<Reason>,
    /// Per variable: its index in `trail`.
    pub pos: Vec<u32>,
    /// The assigned literals, in assignment order.
    pub trail: Vec<SLit>,
    /// Per decision level `d + 1`: the trail length when it began.
    pub trail_lim: Vec<u32>,
}

impl Assignment {
    /// An empty assignment over `num_vars` variables, at decision level 0.
    pub fn new(num_vars: usize) -> Assignment {
        Assignment {
            value: vec![0; num_vars * 2],
            level: vec![0; num_vars],
            reason: vec![Reason::None; num_vars],
            pos: vec![0; num_vars],
            trail: Vec::with_capacity(num_vars),
            trail_lim: Vec::new(),
        }
    }

    /// The current decision level (0: the root).
    #[inline]
    pub fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }
    /// True if `l` is assigned true.
    #[inline]
    pub fn is_true(&self, l: SLit) -> bool {
        self.value[l.code()] > 0
    }
    /// Per variable: whether it is true (read off the positive literals'
    /// values, which sit at even codes, in one pass).
    pub fn truth_values(&self) -> Vec<bool> {
        self.value.chunks_exact(2).map(|v| v[0] > 0).collect()
    }
    /// True if `l` is assigned false.
    #[inline]
    pub fn is_false(&self, l: SLit) -> bool {
        self.value[l.code()] < 0
    }
    /// True if `l`'s variable is unassigned.
    #[inline]
    pub fn is_undef(&self, l: SLit) -> bool {
        self.value[l.code()] == 0
    }
    /// The decision level `l`'s variable was assigned at (meaningful only if it is assigned).
    #[inline]
    pub fn lit_level(&self, l: SLit) -> u32 {
        self.level[l.var().index()]
    }

    /// Makes `l` true at the current decision level.
    #[inline]
    pub fn assign(&mut self, l: SLit, reason: Reason) {
        debug_assert!(self.is_undef(l));
        self.value[l.code()] = 1;
        self.value[(!l).code()] = -1;
        let v = l.var().index();
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.pos[v] = self.trail.len() as u32;
        self.trail.push(l);
    }

    /// Opens a new decision level; the next literal assigned is its decision.
    pub fn new_level(&mut self) {
        self.trail_lim.push(self.trail.len() as u32);
    }

    /// Trail length at the start of level `level + 1` (what backtracking to
    /// `level` keeps).
    pub fn level_start(&self, level: u32) -> usize {
        if level as usize >= self.trail_lim.len() {
            self.trail.len()
        } else {
            self.trail_lim[level as usize] as usize
        }
    }

    /// The decision literal of each level, in order.
    pub fn decisions(&self) -> impl Iterator<Item = SLit> + '_ {
        self.trail_lim.iter().map(move |&p| self.trail[p as usize])
    }
}
