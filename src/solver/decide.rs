//! The decision heuristic: VSIDS activities in a binary max-heap, with
//! phase saving and target phases.
//!
//! Invariant: every unassigned variable is in the heap (assigned ones may
//! linger and are skipped when popped); `index[v]` is `v`'s heap position
//! or `NONE`. Activities grow by `inc`, which grows by `1/decay` per
//! conflict, all rescaled together before overflowing. `phase[v]` is the
//! saved value of `v`: initially false, then (with progress saving) the
//! value `v` last had. With target phases on, `target[v]` (+1 true, -1
//! false, 0 none) is `v`'s value in the longest conflict-free trail prefix
//! seen since the last restart (`target_len` literals long) and, when set,
//! overrides `phase[v]` — Biere and Fleury's "target phases" (POS 2020),
//! which lead the search back towards the largest consistent partial
//! assignment it has found rather than the last one.
//!
//! With sign scores on (a search in plain mode, see `phases`), a variable
//! without a phase saved since they went on is decided to the sign its
//! literals have more often in the learnt clauses so far (`occ[v]`: the
//! occurrences of `v` minus those of `¬v`; 0 leaves it to `phase[v]`) —
//! clasp's VSIDS sign score: a decision that satisfies the most learnt
//! clauses keeps their watches from being visited.
//!
//! With a decay ramp (clasp's `--vsids-progress`, Biere's and glucose's
//! dynamic decay), the decay starts lower — recent conflicts weigh much
//! more than older ones, so early decisions follow the latest conflicts —
//! and grows by `step` every `every` conflicts until it reaches the
//! search's decay (`decay_target`), which it never exceeds.
//!
//! With the domain heuristic (see `domain`), variables also have a level
//! — the heap orders by level first, then by activity — a sign that
//! overrides both phases, and a factor for their bumps; without it these
//! vectors stay empty and cost nothing.

use super::lit::{SLit, Var};

const NONE: u32 = u32::MAX;

/// The order in which variables are decided, and the sign each is given (see the module docs).
#[derive(Clone)]
pub struct VarOrder {
    heap: Vec<Var>,
    index: Vec<u32>,
    /// Per variable: its VSIDS activity.
    pub activity: Vec<f64>,
    inc: f64,
    decay: f64,
    /// The decay a ramp ends at (the decay itself without one).
    decay_target: f64,
    /// The decay ramp in progress: its step, its period in conflicts, and
    /// the conflicts since the decay last grew.
    ramp: Option<(f64, u64, u64)>,
    /// Per variable: its saved phase, the value it is given when decided.
    pub phase: Vec<bool>,
    /// Target phases in use (see the module documentation).
    targets: bool,
    target: Vec<i8>,
    target_len: usize,
    /// Per variable (empty: all 0): its domain-heuristic level.
    level: Vec<i32>,
    /// Per variable (empty: none): the literal it is decided to.
    sign: Vec<Option<SLit>>,
    /// Per variable (empty: all 1): the factor of its bumps.
    factor: Vec<f64>,
    /// Per variable: occurrences of its positive literal in learnt
    /// clauses minus those of its negative one.
    occ: Vec<i32>,
    /// Sign scores in use (see the module documentation).
    occ_signs: bool,
    /// Per variable: a phase was saved since sign scores went on.
    saved: Vec<bool>,
}

impl VarOrder {
    /// An order over `num_vars` variables, all in the heap with activity 0 and phase false.
    pub fn new(num_vars: usize) -> VarOrder {
        let mut o = VarOrder {
            heap: Vec::with_capacity(num_vars),
            index: vec![NONE; num_vars],
            activity: vec![0.0; num_vars],
            inc: 1.0,
            decay: 0.95,
            decay_target: 0.95,
            ramp: None,
            phase: vec![false; num_vars],
            targets: false,
            target: Vec::new(),
            target_len: 0,
            level: Vec::new(),
            sign: Vec::new(),
            factor: Vec::new(),
            occ: vec![0; num_vars],
            occ_signs: false,
            saved: vec![false; num_vars],
        };
        for v in 0..num_vars {
            o.insert(Var(v as u32));
        }
        o
    }

    #[inline]
    fn less(&self, a: Var, b: Var) -> bool {
        if !self.level.is_empty() {
            let (la, lb) = (self.level[a.index()], self.level[b.index()]);
            if la != lb {
                return la > lb;
            }
        }
        // max-heap on activity; ties towards lower index (atoms first)
        let (x, y) = (self.activity[a.index()], self.activity[b.index()]);
        x > y || (x == y && a.0 < b.0)
    }

    fn sift_up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if !self.less(v, self.heap[p]) {
                break;
            }
            self.heap[i] = self.heap[p];
            self.index[self.heap[i].index()] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.less(self.heap[r], self.heap[l]) { r } else { l };
            if !self.less(self.heap[c], v) {
                break;
            }
            self.heap[i] = self.heap[c];
            self.index[self.heap[i].index()] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    /// Puts `v` back in the heap (after it was unassigned); nothing if it is there already.
    pub fn insert(&mut self, v: Var) {
        if self.index[v.index()] != NONE {
            return;
        }
        self.heap.push(v);
        let i = self.heap.len() - 1;
        self.index[v.index()] = i as u32;
        self.sift_up(i);
    }

    /// Removes and returns the most active variable in the heap (it may be assigned); `None` if empty.
    pub fn pop(&mut self) -> Option<Var> {
        if self.heap.is_empty() {
            return None;
        }
        let top = self.heap[0];
        self.index[top.index()] = NONE;
        let last = self.heap.pop().unwrap();
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last.index()] = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Raises `v`'s activity by the current increment, rescaling all activities before they overflow.
    pub fn bump(&mut self, v: Var) {
        let by = self.factor.get(v.index()).map_or(self.inc, |f| self.inc * f);
        let a = &mut self.activity[v.index()];
        *a += by;
        if *a > 1e100 {
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        let i = self.index[v.index()];
        if i != NONE {
            self.sift_up(i as usize);
        }
    }

    /// Gives the variables these activities (initial scores, below the
    /// first bump; see `moms`) and reorders the heap.
    pub fn set_initial_scores(&mut self, scores: &[f64]) {
        for (a, &x) in self.activity.iter_mut().zip(scores) {
            *a = x;
        }
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// Sets the activity decay factor (the inverse of the growth of `inc`).
    /// A ramp in progress ends at the new decay.
    pub fn set_decay(&mut self, decay: f64) {
        self.decay_target = decay;
        self.decay = match self.ramp {
            Some(_) => self.decay.min(decay),
            None => decay,
        };
    }

    /// Starts a decay ramp (see the module documentation): the decay is
    /// `start` (at most the decay set), and grows by `step` every `every`
    /// conflicts up to the decay set.
    pub fn set_ramp(&mut self, start: f64, step: f64, every: u64) {
        if step > 0.0 && every > 0 && start < self.decay_target {
            self.decay = start;
            self.ramp = Some((step, every, 0));
        }
    }

    /// The current bump (activities are comparable in units of it).
    pub fn increment(&self) -> f64 {
        self.inc
    }

    /// Grows the increment (once per conflict), so that later bumps weigh more than earlier ones.
    pub fn decay(&mut self) {
        self.inc /= self.decay;
        if let Some((step, every, since)) = &mut self.ramp {
            *since += 1;
            if *since >= *every {
                *since = 0;
                self.decay = (self.decay + *step).min(self.decay_target);
                if self.decay >= self.decay_target {
                    self.ramp = None;
                }
            }
        }
    }

    /// Adds a variable (unassigned, activity 0, phase false).
    pub fn grow(&mut self) {
        let v = Var(self.index.len() as u32);
        self.index.push(NONE);
        self.activity.push(0.0);
        self.phase.push(false);
        self.occ.push(0);
        self.saved.push(false);
        if self.targets {
            self.target.push(0);
        }
        if !self.level.is_empty() {
            self.level.push(0);
        }
        if !self.sign.is_empty() {
            self.sign.push(None);
        }
        if !self.factor.is_empty() {
            self.factor.push(1.0);
        }
        self.insert(v);
    }

    /// Re-establishes `v`'s heap position after its key changed.
    fn reposition(&mut self, v: Var) {
        let i = self.index[v.index()];
        if i != NONE {
            self.sift_up(i as usize);
            let i = self.index[v.index()];
            self.sift_down(i as usize);
        }
    }

    /// Some variable has a domain-heuristic level.
    pub fn has_levels(&self) -> bool {
        self.level.iter().any(|&l| l != 0)
    }

    /// Sets `v`'s domain-heuristic level (higher levels are decided first).
    pub fn set_level(&mut self, v: Var, level: i32) {
        if self.level.is_empty() {
            if level == 0 {
                return;
            }
            self.level = vec![0; self.index.len()];
        }
        if self.level[v.index()] != level {
            self.level[v.index()] = level;
            self.reposition(v);
        }
    }

    /// Sets the literal `v` is decided to (`None`: its phase decides).
    pub fn set_sign(&mut self, v: Var, sign: Option<SLit>) {
        if self.sign.is_empty() {
            if sign.is_none() {
                return;
            }
            self.sign = vec![None; self.index.len()];
        }
        self.sign[v.index()] = sign;
    }

    /// Multiplies `v`'s future bumps by `factor`.
    pub fn set_factor(&mut self, v: Var, factor: f64) {
        if self.factor.is_empty() {
            self.factor = vec![1.0; self.index.len()];
        }
        self.factor[v.index()] = factor;
    }

    /// Adds `by` to `v`'s activity (an initial activity).
    pub fn add_activity(&mut self, v: Var, by: f64) {
        self.activity[v.index()] += by;
        self.reposition(v);
    }

    /// Turns target phases on (those set before, if any, hold again) or off.
    pub fn use_targets(&mut self, on: bool) {
        if on && self.target.len() != self.phase.len() {
            self.target = vec![0; self.phase.len()];
        }
        self.targets = on;
        self.target_len = 0;
    }

    /// At a conflict: `prefix` is the part of the trail below the
    /// conflict's level, a consistent partial assignment; if it is the
    /// longest since the last restart, its values become the targets.
    pub fn offer_target(&mut self, prefix: &[SLit]) {
        if !self.targets || prefix.len() <= self.target_len {
            return;
        }
        for &l in prefix {
            self.target[l.var().index()] = if l.is_positive() { 1 } else { -1 };
        }
        self.target_len = prefix.len();
    }

    /// Counts the literals of a clause learnt from a conflict towards
    /// the sign scores.
    pub fn count_learnt(&mut self, lits: &[SLit]) {
        for &l in lits {
            self.occ[l.var().index()] += if l.is_positive() { 1 } else { -1 };
        }
    }

    /// Turns sign scores on (no phase counts as saved yet) or off.
    pub fn use_sign_scores(&mut self, on: bool) {
        self.occ_signs = on;
        self.saved.fill(false);
    }

    /// At a restart: the next conflict-free prefix of any length becomes
    /// the target (the old values stay until overwritten).
    pub fn restarted(&mut self) {
        self.target_len = 0;
    }

    /// The literal of `v` to decide.
    #[inline]
    pub fn decision(&self, v: Var) -> SLit {
        if let Some(&Some(l)) = self.sign.get(v.index()) {
            return l;
        }
        let i = v.index();
        match self.target.get(i) {
            Some(&t) if t != 0 && self.targets => v.lit(t > 0),
            _ if self.occ_signs && !self.saved[i] && self.occ[i] != 0 => v.lit(self.occ[i] > 0),
            _ => v.lit(self.phase[i]),
        }
    }

    /// Re-inserts an unassigned literal's variable; with `save`, its
    /// value becomes the variable's preferred sign (progress saving).
    #[inline]
    pub fn unassigned(&mut self, l: SLit, save: bool) {
        if save {
            self.phase[l.var().index()] = l.is_positive();
            self.saved[l.var().index()] = true;
        }
        self.insert(l.var());
    }
}

#[cfg(test)]
mod tests {
    use super::super::lit::Var;
    use super::VarOrder;

    #[test]
    fn target_phases_follow_the_longest_consistent_prefix() {
        let (a, b, c) = (Var(0), Var(1), Var(2));
        let mut o = VarOrder::new(3);
        o.phase[a.index()] = true;
        // without targets, the saved phase decides
        o.offer_target(&[a.lit(false)]);
        assert_eq!(o.decision(a), a.pos());
        o.use_targets(true);
        o.offer_target(&[a.lit(false), b.pos()]);
        assert_eq!(o.decision(a), a.lit(false));
        assert_eq!(o.decision(b), b.pos());
        // unset target: the saved phase
        assert_eq!(o.decision(c), c.lit(false));
        // a shorter prefix is ignored ...
        o.offer_target(&[a.pos()]);
        assert_eq!(o.decision(a), a.lit(false));
        // ... until a restart
        o.restarted();
        o.offer_target(&[a.pos()]);
        assert_eq!(o.decision(a), a.pos());
        assert_eq!(o.decision(b), b.pos());
    }

    #[test]
    fn sign_scores_follow_learnt_clauses_until_a_phase_is_saved() {
        let (a, b, c) = (Var(0), Var(1), Var(2));
        let mut o = VarOrder::new(3);
        o.count_learnt(&[a.pos(), b.lit(false), c.pos()]);
        o.count_learnt(&[a.pos(), b.pos(), c.lit(false)]);
        o.count_learnt(&[b.lit(false)]);
        // off: the phases decide (all false)
        assert_eq!([o.decision(a), o.decision(b), o.decision(c)], [a.lit(false), b.lit(false), c.lit(false)]);
        o.phase[b.index()] = true;
        o.use_sign_scores(true);
        // a: +2 -> true; b: -1 -> false over its phase; c: 0 -> its phase
        assert_eq!([o.decision(a), o.decision(b), o.decision(c)], [a.pos(), b.lit(false), c.lit(false)]);
        // a phase saved since (progress saving) wins over the score
        o.unassigned(a.lit(false), true);
        o.unassigned(b.lit(false), false);
        assert_eq!([o.decision(a), o.decision(b)], [a.lit(false), b.lit(false)]);
        // turned on again: saved phases no longer count as saved
        o.use_sign_scores(true);
        assert_eq!(o.decision(a), a.pos());
        o.use_sign_scores(false);
        assert_eq!(o.decision(a), a.lit(false));
    }
}
