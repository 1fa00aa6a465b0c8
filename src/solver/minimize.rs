//! The minimize constraint: a lexicographic objective over literals and
//! the bound it must beat, as a [`Propagator`] (clasp's
//! `MinimizeConstraint`, model-guided).
//!
//! The objective has levels, highest priority first; the cost of an
//! assignment at a level is the sum of the weights of its true literals.
//! Internally every weight is positive: `w` on `l` with `w < 0` is `-w` on
//! `!l` plus the constant `w` (the level's offset), and a literal's weights
//! at one level are added up.
//!
//! Invariant: `sum[k]` is the weight at level `k` of the true literals in
//! `trail[..head]`.  With a bound `B` (costs `<= B`, or `< B` when strict,
//! lexicographically), at every fixpoint: if the costs so far exceed the
//! bound the answer is a conflict nogood (the true literals of the levels
//! up to the violated one); otherwise every unassigned literal whose weight
//! alone would exceed the bound at the first level not yet decided is
//! implied false.  Nogoods and explanations are the true literals (those
//! assigned before the implied one) of the levels up to that one, each
//! level's heaviest first and only as many as it takes: the levels before
//! the deciding one must weigh their limits (the most they may cost), the
//! deciding one more than its own (a conflict), or more than its own less
//! the implied literal's weight.  An explanation uses the limits of the
//! bound its literal was implied under (`limits`).  A tighter bound keeps
//! every earlier nogood and explanation valid (they only say "the bound is
//! exceeded"), so the bound may only be tightened while a search runs.
//! Fewer literals than all the true ones (measured 2026-11-29 against
//! taking them all, the tuning half of `bench/`'s optimisation rows, 6
//! seeds, paired): 0.94 of the time, the knapsacks and TSPs 0.76-1.04x;
//! the held-back half, measured after the choice, 0.96 (TSP by
//! reachability `held_s3` 1.3-1.4x, the knapsacks' `held_s4` 0.55-0.65x).

use super::assignment::Assignment;
use super::lit::SLit;
use super::propagator::{Answer, Propagator};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A bound on the costs: every model found must have costs `<=` (or `<`
/// when `strict`) `costs`, lexicographically, highest priority first.
/// Fewer values than levels bound the leading levels only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// One value per level, highest priority first.
    pub costs: Vec<i64>,
    /// Models must be strictly better than `costs`.
    pub strict: bool,
}

impl Bound {
    /// `self` admits more than `other` where both say "strictly better
    /// than" costs of every level: then `self` must not replace `other`
    /// while a search runs (searches racing under `-t N` tighten each
    /// other's bounds, and a model found under an older bound may come
    /// later than a better one).
    pub fn looser_than(&self, other: &Bound) -> bool {
        self.strict && other.strict && self.costs.len() == other.costs.len() && self.costs > other.costs
    }

    /// Puts `self` in `cell` unless the bound there is tighter.
    pub fn set_in(self, cell: &BoundCell) {
        let mut c = cell.lock().expect("bound lock");
        if !c.as_ref().is_some_and(|old| self.looser_than(old)) {
            *c = Some(self);
        }
    }
}

/// Where the bound is set from outside the solver (shared with the propagator).
pub type BoundCell = Arc<Mutex<Option<Bound>>>;

/// The minimize propagator (see the module documentation).
#[derive(Clone)]
pub struct Minimize {
    /// Per level: the literals with positive weights, heaviest first.
    levels: Vec<Vec<(SLit, i64)>>,
    /// Per level: the cost when no literal of `levels` is true.
    offset: Vec<i64>,
    /// Per literal code: the levels it counts at, with its weight there.
    occurs: Vec<Vec<(u32, i64)>>,
    sum: Vec<i64>,
    head: usize,
    bound: BoundCell,
    /// By variable: how its literal implied false was implied.
    implied: Vec<Implied>,
    /// The per-level limits (the most each level may cost, offsets
    /// removed) of the bounds implications were made under, oldest first.
    limits: Vec<Vec<i64>>,
    /// Scratch: the limits of the current bound.
    current: Vec<i64>,
}

/// How a literal was implied false, for its explanation.
#[derive(Clone, Copy, Default)]
struct Implied {
    /// The level that decided it.
    level: u32,
    /// The snapshot in `Minimize::limits` it was implied under.
    under: u32,
    /// Its weight at that level.
    weight: i64,
}

/// One level with positive weights only, heaviest first, and the constant
/// left over: `w` on `l` with `w < 0` is `-w` on `!l` plus `w`; a
/// variable's weights (of either sign of literal) are added up.
pub(super) fn normalize(lits: &[(SLit, i64)]) -> (Vec<(SLit, i64)>, i64) {
    // weight of each variable being true, plus a constant
    let mut by_var: HashMap<u32, i64> = HashMap::new();
    let mut constant = 0i64;
    for &(l, w) in lits {
        if l.is_positive() {
            *by_var.entry(l.var().0).or_default() += w;
        } else {
            constant += w;
            *by_var.entry(l.var().0).or_default() -= w;
        }
    }
    let mut vars: Vec<(u32, i64)> = by_var.into_iter().filter(|&(_, w)| w != 0).collect();
    vars.sort_unstable();
    let mut level = Vec::with_capacity(vars.len());
    for (v, w) in vars {
        let var = super::lit::Var(v);
        if w > 0 {
            level.push((var.pos(), w));
        } else {
            constant += w;
            level.push((var.lit(false), -w));
        }
    }
    level.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    (level, constant)
}

impl Minimize {
    /// The constraint for `levels` (highest priority first; weights of any
    /// sign) over `num_vars` variables, bounded by what `bound` holds.
    pub fn new(levels: &[Vec<(SLit, i64)>], num_vars: usize, bound: BoundCell) -> Minimize {
        let mut norm = Vec::with_capacity(levels.len());
        let mut offset = Vec::with_capacity(levels.len());
        let mut occurs = vec![Vec::new(); 2 * num_vars];
        for (k, lits) in levels.iter().enumerate() {
            let (level, constant) = normalize(lits);
            for &(l, w) in &level {
                occurs[l.code()].push((k as u32, w));
            }
            norm.push(level);
            offset.push(constant);
        }
        let n = norm.len();
        Minimize {
            levels: norm,
            offset,
            occurs,
            sum: vec![0; n],
            head: 0,
            bound,
            implied: vec![Implied::default(); num_vars],
            limits: Vec::new(),
            current: Vec::new(),
        }
    }

    /// Appends to `out` the true literals of levels `..=level` assigned
    /// before trail position `before`: at each level `j`, the heaviest ones
    /// until their weight reaches `need(j)` (all of them if it never
    /// does); sorted, each once (what was in `out` before is left alone).
    fn reasons(
        &self,
        level: usize,
        before: usize,
        need: impl Fn(usize) -> i64,
        a: &Assignment,
        out: &mut Vec<SLit>,
    ) {
        let start = out.len();
        for (j, lits) in self.levels[..=level].iter().enumerate() {
            let mut need = need(j);
            for &(l, w) in lits {
                if need <= 0 {
                    break;
                }
                if a.is_true(l) && (a.pos[l.var().index()] as usize) < before {
                    out.push(l);
                    need -= w;
                }
            }
        }
        // a literal may be of several levels
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if kept == start || out[i] != out[kept - 1] {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

impl Propagator for Minimize {
    /// A copy with its own cell, holding the bound this one holds now.
    fn fork(&self) -> Box<dyn Propagator> {
        let bound = self.bound.lock().expect("bound lock").clone();
        Box::new(Minimize { bound: Arc::new(Mutex::new(bound)), ..self.clone() })
    }

    fn bound(&self) -> Option<BoundCell> {
        Some(self.bound.clone())
    }

    fn propagate(&mut self, a: &Assignment, out: &mut Answer) {
        for &l in &a.trail[self.head..] {
            for &(k, w) in &self.occurs[l.code()] {
                self.sum[k as usize] += w;
            }
        }
        self.head = a.trail.len();
        // read in place: this runs at every fixpoint
        let cell = self.bound.lock().expect("bound lock");
        let Some(bound) = cell.as_ref() else { return };
        let n = bound.costs.len().min(self.levels.len());
        // the most each level may cost (offsets removed)
        let mut limits = std::mem::take(&mut self.current);
        limits.clear();
        limits
            .extend((0..n).map(|k| bound.costs[k] - self.offset[k] - i64::from(k + 1 == n && bound.strict)));
        drop(cell);
        let mut under: Option<u32> = None;
        for k in 0..n {
            let last = k + 1 == n;
            let limit = limits[k];
            let s = self.sum[k];
            if s > limit {
                // levels before `k` cost at least their limits, `k` more than its own
                let need = |j: usize| limits[j] + i64::from(j == k);
                let mut reasons = Vec::new();
                self.reasons(k, usize::MAX, need, a, &mut reasons);
                let clause: Vec<SLit> = reasons.iter().map(|&l| !l).collect();
                out.nogoods.push(&clause);
                break;
            }
            for &(l, w) in &self.levels[k] {
                if s + w <= limit {
                    break;
                }
                if a.is_undef(l) {
                    // the snapshot of these limits, taken once per call
                    let under = *under.get_or_insert_with(|| {
                        if self.limits.last() != Some(&limits) {
                            self.limits.push(limits.clone());
                        }
                        (self.limits.len() - 1) as u32
                    });
                    out.implied.push(!l);
                    self.implied[l.var().index()] = Implied { level: k as u32, under, weight: w };
                }
            }
            if s < limit || last {
                break;
            }
            // s == limit: this level's cost is fixed at the bound; the next one decides
        }
        self.current = limits;
    }

    fn explain(&self, lit: SLit, a: &Assignment, out: &mut Vec<SLit>) {
        let v = lit.var().index();
        let Implied { level, under, weight: w } = self.implied[v];
        let k = level as usize;
        let limits = &self.limits[under as usize];
        // `!lit`'s weight at level `k` on top of the reason's would exceed the limit
        let need = |j: usize| if j == k { limits[j] - w + 1 } else { limits[j] };
        let start = out.len();
        self.reasons(k, a.pos[v] as usize, need, a, out);
        debug_assert!(out[start..].iter().all(|&l| l != lit && l != !lit));
    }

    fn undo(&mut self, assignment: &Assignment, trail_len: usize) {
        let unassigned = &assignment.trail[trail_len..];
        for (j, &l) in unassigned.iter().enumerate() {
            if trail_len + j >= self.head {
                break;
            }
            for &(k, w) in &self.occurs[l.code()] {
                self.sum[k as usize] -= w;
            }
        }
        self.head = self.head.min(trail_len);
    }

    fn grow(&mut self, num_vars: usize) {
        self.occurs.resize_with(2 * num_vars, Vec::new);
        self.implied.resize(num_vars, Implied::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Outcome, Problem, Solver, Tuning, Var};

    /// A strict bound only gives way to a tighter one of the same levels
    /// (racing searches); any other bound replaces what is there.
    #[test]
    fn a_cell_is_only_tightened_by_strict_bounds() {
        let cell: BoundCell = Arc::new(Mutex::new(None));
        let strict = |c: Vec<i64>| Bound { costs: c, strict: true };
        strict(vec![3, 5]).set_in(&cell);
        strict(vec![3, 7]).set_in(&cell);
        assert_eq!(cell.lock().unwrap().as_ref().unwrap().costs, vec![3, 5]);
        strict(vec![2, 9]).set_in(&cell);
        assert_eq!(cell.lock().unwrap().as_ref().unwrap().costs, vec![2, 9]);
        Bound { costs: vec![4], strict: false }.set_in(&cell);
        assert_eq!(cell.lock().unwrap().as_ref().unwrap().costs, vec![4]);
    }

    /// The search over `x0 ∨ x1 ∨ x2 ∨ x3` minimising `3 x0 - x1 + 2 x2 + x3`,
    /// with its bound cell; `excluded`: models get no blocking clause.
    fn search(excluded: bool) -> (Solver, BoundCell) {
        let x: Vec<SLit> = (0..4).map(|v| Var(v).pos()).collect();
        let mut clauses = crate::solver::ClauseList::default();
        clauses.push(&x);
        let mut s = Solver::new(Problem { num_vars: 4, clauses, ..Default::default() }, Tuning::default());
        let bound: BoundCell = Arc::new(Mutex::new(None));
        let levels = vec![vec![(x[0], 3), (x[1], -1), (x[2], 2), (x[3], 1)]];
        s.add_propagator(Box::new(Minimize::new(&levels, 4, bound.clone())));
        s.models_excluded_by_bound(excluded);
        (s, bound)
    }

    /// Branch and bound to the end, each model's cost the next strict
    /// bound; the costs must strictly decrease.  Returns the last.
    fn converge(s: &mut Solver, bound: &BoundCell) -> i64 {
        let mut last = i64::MAX;
        while let Outcome::Model(m) = s.next_model() {
            let cost: i64 = [3, -1, 2, 1].iter().zip(&m).filter(|(_, &t)| t).map(|(w, _)| *w).sum();
            assert!(cost < last);
            last = cost;
            *bound.lock().unwrap() = Some(Bound { costs: vec![cost], strict: true });
        }
        last
    }

    /// All models of "at least one of x0..x3" with weights 3, -1, 2, 1 at
    /// one level: branch and bound ends at the optimum -1 ({x1}).
    #[test]
    fn branch_and_bound_reaches_the_optimum() {
        let (mut s, bound) = search(false);
        assert_eq!(converge(&mut s, &bound), -1);
    }

    /// A bound's conflict is analysed but its nogood is not stored: the
    /// learnt clauses are the analyses' alone, one per conflict at most
    /// (before, each bound conflict added its nogood as well).
    #[test]
    fn bound_conflicts_leave_only_their_analyses() {
        // 3-clauses over 16 variables (a fixed pseudo-random sequence), each
        // variable costing its index + 1
        let n = 16usize;
        let x: Vec<SLit> = (0..n as u32).map(|v| Var(v).pos()).collect();
        let mut clauses = crate::solver::ClauseList::default();
        let mut r = 7u32;
        let mut next = || {
            r = r.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (r >> 8) as usize
        };
        let mut list = Vec::new();
        for _ in 0..40 {
            let c: Vec<SLit> =
                (0..3).map(|_| if next() % 3 == 0 { !x[next() % n] } else { x[next() % n] }).collect();
            clauses.push(&c);
            list.push(c);
        }
        // the optimum by brute force
        let cost = |m: u32| (0..n).filter(|&i| m >> i & 1 == 1).map(|i| i as i64 + 1).sum::<i64>();
        let holds = |m: u32, l: SLit| (m >> l.var().index() & 1 == 1) == l.is_positive();
        let optimum =
            (0..1u32 << n).filter(|&m| list.iter().all(|c| c.iter().any(|&l| holds(m, l)))).map(cost).min();
        let mut s = Solver::new(Problem { num_vars: n, clauses, ..Default::default() }, Tuning::default());
        let bound: BoundCell = Arc::new(Mutex::new(None));
        let levels = vec![x.iter().enumerate().map(|(i, &l)| (l, i as i64 + 1)).collect()];
        s.add_propagator(Box::new(Minimize::new(&levels, n, bound.clone())));
        let mut last = i64::MAX;
        while let Outcome::Model(m) = s.next_model() {
            last = m.iter().enumerate().filter(|(_, &t)| t).map(|(i, _)| i as i64 + 1).sum();
            *bound.lock().unwrap() = Some(Bound { costs: vec![last], strict: true });
        }
        assert_eq!(Some(last), optimum);
        let st = s.stats();
        assert!(st.conflicts > 0, "{st:?}");
        assert!(st.learned <= st.conflicts && s.db.learnt.len() as u64 <= st.conflicts, "{st:?}");
    }

    /// Explanations and nogoods take each level's heaviest true literals,
    /// only as many as the bound needs, under the limits of the bound a
    /// literal was implied under.
    #[test]
    fn reasons_are_the_heaviest_true_literals_the_bound_needs() {
        use super::super::assignment::Reason;
        let x: Vec<SLit> = (0..5).map(|v| Var(v).pos()).collect();
        let weights = [5, 4, 3, 1, 1];
        let levels = vec![x.iter().zip(weights).map(|(&l, w)| (l, w)).collect::<Vec<_>>()];
        let cell: BoundCell = Arc::new(Mutex::new(Some(Bound { costs: vec![8], strict: false })));
        let mut m = Minimize::new(&levels, 5, cell.clone());
        let mut a = Assignment::new(5);
        let fix = |m: &mut Minimize, a: &mut Assignment, l: SLit| {
            a.new_level();
            a.assign(l, Reason::None);
            let mut out = Answer::default();
            m.propagate(a, &mut out);
            out
        };
        // x4, x3, x2 true cost 5: x0 (5) and x1 (4) would exceed 8
        assert!(fix(&mut m, &mut a, x[4]).is_empty());
        assert!(fix(&mut m, &mut a, x[3]).is_empty());
        let out = fix(&mut m, &mut a, x[2]);
        assert_eq!(out.implied, [!x[0], !x[1]]);
        for &l in &out.implied {
            a.assign(l, Reason::Propagator(0));
        }
        // the bound tightened meanwhile: explanations keep the old limits
        *cell.lock().unwrap() = Some(Bound { costs: vec![6], strict: false });
        let explain = |l: SLit| {
            let mut r = Vec::new();
            m.explain(l, &a, &mut r);
            r
        };
        // !x0: 4 of the 5 are enough (8 - 5 + 1): x2 and one of x3, x4
        assert_eq!(explain(!x[0]), [x[2], x[3]]);
        // !x1: 5 (8 - 4 + 1), all three
        assert_eq!(explain(!x[1]), [x[2], x[3], x[4]]);
        // a conflict under the bound 6 (cost 5 + x0's 5): more than 6 of
        // the true literals, the heaviest first
        let mut m = Minimize::new(&levels, 5, cell);
        let mut a = Assignment::new(5);
        for l in [x[4], x[3], x[0]] {
            a.assign(l, Reason::None);
        }
        let mut out = Answer::default();
        m.propagate(&a, &mut out);
        let nogoods: Vec<&[SLit]> = out.nogoods.iter().collect();
        assert_eq!(nogoods, [&[!x[0], !x[3], !x[4]][..]]);
        a.assign(x[2], Reason::None);
        let mut out = Answer::default();
        m.propagate(&a, &mut out);
        // 5 + 3 are enough; x3 and x4 are left out
        let nogoods: Vec<&[SLit]> = out.nogoods.iter().collect();
        assert_eq!(nogoods, [&[!x[0], !x[2]][..]]);
    }

    #[test]
    fn branch_and_bound_adds_no_blocking_clauses() {
        // the bound left as it is, the model is found again: nothing blocks it
        let (mut s, _) = search(true);
        let (Outcome::Model(a), Outcome::Model(b)) = (s.next_model(), s.next_model()) else {
            panic!("no model")
        };
        assert_eq!(a, b);
        // tightened each time, the bound alone leads to the optimum
        let (mut s, bound) = search(true);
        assert_eq!(converge(&mut s, &bound), -1);
    }
}
