//! Native propagation of weight constraints `beta <-> bound <= sum w_i [l_i]`.
//!
//! Each constraint keeps two counters over the literals whose assignment the
//! propagator has *processed* (the trail up to the propagation head):
//! `sum_true` (weight of true literals) and `max` (weight of literals not
//! false). Invariant: after processing trail literal `p`, the counters of
//! every constraint watching `p` include it, and backtracking reverts exactly
//! the processed literals. Propagation in both directions:
//! `sum_true >= bound` forces `beta`, `max < bound` forces `!beta`; when
//! `beta` is true every literal whose loss would make `max < bound` is
//! forced true, when `beta` is false every literal whose truth would make
//! `sum_true >= bound` is forced false. Reasons are not stored: they are
//! recomputed from the trail (literals assigned before the implied one).
//! Literals are kept sorted by decreasing weight so forcing scans stop early.

use super::assignment::{Assignment, Reason};
use super::lit::SLit;
use thin_vec::ThinVec;

/// Watch index meaning "the body literal `beta` itself".
pub const BETA: u32 = u32::MAX;

/// An entry of a watch list: a constraint and which of its literals is watched.
#[derive(Copy, Clone, Debug)]
pub struct WeightWatch {
    /// The constraint's index in `WeightDb::cons`.
    pub cid: u32,
    /// The literal's index in the constraint's `lits`, or `BETA` for `beta`.
    pub idx: u32,
}

/// One constraint `beta <-> bound <= sum w_i [l_i]` with its counters.
#[derive(Clone, Debug)]
pub struct WeightConstraint {
    /// The literal equivalent to the constraint holding.
    pub beta: SLit,
    /// The least weight of true literals for the constraint to hold.
    pub bound: i64,
    /// The literals, by decreasing weight.
    pub lits: Vec<SLit>,
    /// `weights[i]` is the weight of `lits[i]`.
    pub weights: Vec<i64>,
    /// The weight of the processed true literals.
    pub sum_true: i64,
    /// The weight of the literals not processed as false.
    pub max: i64,
}

/// What a weight constraint's conflict or implication is explained by.
pub struct WeightDb {
    /// The constraints, indexed by constraint id.
    pub cons: Vec<WeightConstraint>,
    /// `watch[x]`: constraint entries to update/check when `x` becomes true
    /// (empty, not even per-literal lists, while there is no constraint;
    /// a list is one word, see `watch::Watches`).
    pub watch: Vec<ThinVec<WeightWatch>>,
    num_vars: usize,
}

impl WeightDb {
    /// An empty store for `num_vars` variables.
    pub fn new(num_vars: usize) -> WeightDb {
        WeightDb { cons: Vec::new(), watch: Vec::new(), num_vars }
    }

    /// Makes room for one more variable.
    pub fn grow(&mut self) {
        self.num_vars += 1;
        if !self.watch.is_empty() {
            self.watch.extend([ThinVec::new(), ThinVec::new()]);
        }
    }

    /// Adds `beta <-> bound <= sum`, with `1 <= bound <= sum of weights`,
    /// weights in `1..=bound`, distinct literals.
    pub fn add(&mut self, beta: SLit, bound: i64, mut lits: Vec<(SLit, i64)>) {
        lits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if self.watch.is_empty() {
            self.watch = vec![ThinVec::new(); self.num_vars * 2];
        }
        let cid = self.cons.len() as u32;
        self.watch[beta.code()].push(WeightWatch { cid, idx: BETA });
        self.watch[(!beta).code()].push(WeightWatch { cid, idx: BETA });
        for (i, &(l, _)) in lits.iter().enumerate() {
            self.watch[l.code()].push(WeightWatch { cid, idx: i as u32 });
            self.watch[(!l).code()].push(WeightWatch { cid, idx: i as u32 });
        }
        let max = lits.iter().map(|x| x.1).sum();
        self.cons.push(WeightConstraint {
            beta,
            bound,
            lits: lits.iter().map(|x| x.0).collect(),
            weights: lits.iter().map(|x| x.1).collect(),
            sum_true: 0,
            max,
        });
    }

    /// Counter update for trail literal `p` (call once per processed `p`).
    #[inline]
    pub fn update(&mut self, p: SLit) {
        self.shift(p, 1);
    }

    /// Reverts [`WeightDb::update`] for `p`.
    #[inline]
    pub fn undo(&mut self, p: SLit) {
        self.shift(p, -1);
    }

    /// Moves the counters of the constraints watching `p`: `p` true adds
    /// its weight to `sum_true`, `p` the negation of a constraint literal
    /// takes it from `max`; `dir` is 1 to apply, -1 to revert.
    #[inline]
    fn shift(&mut self, p: SLit, dir: i64) {
        let Some(ws) = self.watch.get(p.code()) else { return };
        for w in ws {
            if w.idx != BETA {
                let c = &mut self.cons[w.cid as usize];
                let i = w.idx as usize;
                if c.lits[i] == p {
                    c.sum_true += dir * c.weights[i];
                } else {
                    c.max -= dir * c.weights[i];
                }
            }
        }
    }

    /// Propagates all constraints watching `p` (after `update(p)`); on a
    /// conflict returns the constraint's index.
    #[inline]
    pub fn propagate(&self, p: SLit, a: &mut Assignment) -> Result<(), u32> {
        let Some(ws) = self.watch.get(p.code()) else { return Ok(()) };
        for w in ws {
            self.cons[w.cid as usize].check(w.cid, w.idx, p, a)?;
        }
        Ok(())
    }

    /// The true literals whose conjunction implied the true literal `p`
    /// (reason `Weight(cid)`), or, with `p = None`, whose conjunction is
    /// the constraint's current conflict.
    pub fn antecedents(&self, cid: u32, p: Option<SLit>, a: &Assignment, out: &mut Vec<SLit>) {
        let c = &self.cons[cid as usize];
        let limit = match p {
            Some(p) => a.pos[p.var().index()],
            None => u32::MAX,
        };
        let before = |l: SLit| a.pos[l.var().index()] < limit;
        let push_true = |out: &mut Vec<SLit>| {
            for &l in &c.lits {
                if a.is_true(l) && before(l) {
                    out.push(l);
                }
            }
        };
        let push_false = |out: &mut Vec<SLit>| {
            for &l in &c.lits {
                if a.is_false(l) && before(l) {
                    out.push(!l);
                }
            }
        };
        match p {
            Some(p) if p == c.beta => push_true(out),
            Some(p) if p == !c.beta => push_false(out),
            _ => {
                if a.is_true(c.beta) {
                    out.push(c.beta);
                    push_false(out);
                } else {
                    debug_assert!(a.is_false(c.beta));
                    out.push(!c.beta);
                    push_true(out);
                }
            }
        }
    }
}

impl WeightConstraint {
    #[inline]
    fn check(&self, cid: u32, idx: u32, p: SLit, a: &mut Assignment) -> Result<(), u32> {
        let beta = self.beta;
        if idx == BETA {
            if a.is_true(beta) {
                if self.max < self.bound {
                    return Err(cid);
                }
                self.force_true(cid, a);
            } else {
                if self.sum_true >= self.bound {
                    return Err(cid);
                }
                self.force_false(cid, a);
            }
        } else if self.lits[idx as usize] == p {
            if self.sum_true >= self.bound {
                if a.is_false(beta) {
                    return Err(cid);
                } else if a.is_undef(beta) {
                    a.assign(beta, Reason::Weight(cid));
                }
            } else if a.is_false(beta) {
                self.force_false(cid, a);
            }
        } else if self.max < self.bound {
            if a.is_true(beta) {
                return Err(cid);
            } else if a.is_undef(beta) {
                a.assign(!beta, Reason::Weight(cid));
            }
        } else if a.is_true(beta) {
            self.force_true(cid, a);
        }
        Ok(())
    }

    #[inline]
    fn force_true(&self, cid: u32, a: &mut Assignment) {
        let slack = self.max - self.bound;
        for (i, &w) in self.weights.iter().enumerate() {
            if w <= slack {
                break;
            }
            let l = self.lits[i];
            if a.is_undef(l) {
                a.assign(l, Reason::Weight(cid));
            }
        }
    }

    #[inline]
    fn force_false(&self, cid: u32, a: &mut Assignment) {
        let room = self.bound - 1 - self.sum_true;
        for (i, &w) in self.weights.iter().enumerate() {
            if w <= room {
                break;
            }
            let l = self.lits[i];
            if a.is_undef(l) {
                a.assign(!l, Reason::Weight(cid));
            }
        }
    }
}
