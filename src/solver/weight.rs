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
//! `sum_true >= bound` is forced false. Reasons are not stored: the
//! reason of an implied literal is the constraint's literals of one side
//! (true, or false) assigned before it, in the constraint's order. They
//! are read off the constraint's stacks of processed literals (see
//! `WeightDb::seen`, in trail order, so a prefix) and the trail's
//! unprocessed part, so explaining costs the length of the reason, not of
//! the constraint (the one true literal of an exactly-one-of-1,700-actions
//! choice explains each of the 1,699 literals it forces false).
//! Literals are kept sorted by decreasing weight so forcing scans stop early.
//!
//! Layout: a literal's assignment touches every constraint watching it, so
//! the counters, the bound and `beta` of a constraint sit together in one
//! small header, and a watch entry says which counter it moves (and, for a
//! cardinality constraint, needs no weight); literals and weights of all
//! constraints are in two flat arrays that only forcing, explaining and
//! weighted counting read, shared by the copies of a search (`-t N`).
//! Counting and checking are one pass over the watch list.
//!
//! Measured and not kept (2026-11-29; suite tuning rows, 3 seeds, paired):
//! a constraint that at the root level allows at most one more of its
//! unassigned literals (weight 1, `beta` false; 12 literals or fewer)
//! given up for the binary clauses over their pairs, which binary-clause
//! minimisation can use (killer sudoku written with pairwise constraints
//! by hand takes half the conflicts; clasp takes 1.6x more with them):
//! the killer sudokus 0.4-0.6x, but sokoban by moves `tune_s1` 3.1x,
//! Latin squares by pairs `tune_s2` 1.5x, golfer `tune_s1` rows 4-6x; 1.06
//! of the time over all rows, 1.00 without the golfer rows.
//! Also measured and not kept (2026-11-29, same rows, 3 seeds): reasons
//! cut to the fewest literals of their side that still imply (the
//! heaviest first, or the earliest on the trail), as the minimize
//! constraint's are (`minimize`): 1.08 and 1.14 of the time over all
//! constraints, 1.01 and 1.04 over weighted ones only. One killer
//! sudoku's default seed went from 45,271 conflicts to 7,912, but over
//! 3 seeds the killer tuning rows moved 0.65-1.3x either way.
//! Reasons of only the literals the constraint had processed when it
//! implied (clasp's: a stack length kept per implied variable), not also
//! those of the same side the trail holds before the implied literal but
//! that were processed after it was implied; a conflict's, the processed
//! ones only. Measured 2026-11-30 (the suite's and the optimisation rows'
//! tuning half, seeds 0-2, paired): suite rows 1.07 of the time and of
//! the conflicts (vertex cover by count `tune_s1` 5.3x), optimisation
//! rows 0.96 and 0.99. Not kept.

use super::assignment::{Assignment, Reason};
use super::lit::SLit;
use std::sync::Arc;
use thin_vec::ThinVec;

/// Watch slot meaning "the body literal `beta` itself".
const BETA: u32 = u32::MAX;

/// An entry of a watch list: a constraint and which of its literals is
/// watched, and whether its truth (`slot` even) or its falsity (`slot`
/// odd: the watched literal is the negation) moves a counter.
#[derive(Copy, Clone, Debug)]
pub struct WeightWatch {
    /// The constraint's index in `WeightDb::heads`.
    cid: u32,
    /// `2 * i` (literal `i` true) or `2 * i + 1` (literal `i` false), or `BETA`.
    slot: u32,
}

/// One constraint `beta <-> bound <= sum w_i [l_i]`: its counters and where
/// its literals are.
#[derive(Clone, Debug)]
struct Head {
    /// The literal equivalent to the constraint holding.
    beta: SLit,
    /// Its literals are `lits[start..end]` (weights likewise).
    start: u32,
    end: u32,
    /// Every weight is 1.
    unit: bool,
    /// The least weight of true literals for the constraint to hold.
    bound: i64,
    /// The weight of the processed true literals.
    sum_true: i64,
    /// The weight of the literals not processed as false.
    max: i64,
    /// How many processed literals made `sum_true` grow, and how many made
    /// `max` shrink (the lengths of the two stacks in `WeightDb::seen`).
    n_true: u32,
    n_false: u32,
}

/// The weight constraints, their counters and watch lists.
#[derive(Clone)]
pub struct WeightDb {
    heads: Vec<Head>,
    /// The literals of all constraints, each constraint's by decreasing
    /// weight; never changed once added, so copies of a search (see
    /// `fork`) share them.
    lits: Arc<Vec<SLit>>,
    /// `weights[i]` is the weight of `lits[i]` (shared likewise).
    weights: Arc<Vec<i64>>,
    /// Per constraint, over the same range as its literals: the indices
    /// (in the constraint) of the processed literals that moved a counter,
    /// in trail order — true ones (`sum_true`) from the start of the range
    /// up, false ones (`max`) from its end down. A constraint literal is
    /// processed at most once, so the two stacks never meet.
    seen: Vec<u32>,
    /// `watch[x]`: constraint entries to update/check when `x` becomes true
    /// (empty, not even per-literal lists, while there is no constraint;
    /// a list is one word, see `watch::Watches`).
    watch: Vec<ThinVec<WeightWatch>>,
    num_vars: usize,
    /// Per constraint: no longer watched (see [`WeightDb::simplify`]).
    dead: Vec<bool>,
    /// The constraints with the same literals and weights as another, in
    /// groups, over the first `grouped` constraints.
    groups: Vec<Vec<u32>>,
    grouped: usize,
}

/// Moves the counter of the constraint that watch `w` names by the
/// watched literal's weight, `dir` times (`w` on `beta` moves none), and
/// pushes the literal's index on the side's stack in `seen` (`dir` 1) or
/// pops it (`dir` -1: undone in reverse trail order, so it is on top).
#[inline]
fn move_counter(heads: &mut [Head], weights: &[i64], seen: &mut [u32], w: WeightWatch, dir: i64) {
    if w.slot == BETA {
        return;
    }
    let h = &mut heads[w.cid as usize];
    let i = w.slot / 2;
    let by = dir * if h.unit { 1 } else { weights[(h.start + i) as usize] };
    if w.slot & 1 == 0 {
        h.sum_true += by;
        if dir > 0 {
            seen[(h.start + h.n_true) as usize] = i;
            h.n_true += 1;
        } else {
            h.n_true -= 1;
            debug_assert_eq!(seen[(h.start + h.n_true) as usize], i);
        }
    } else {
        h.max -= by;
        if dir > 0 {
            h.n_false += 1;
            seen[(h.end - h.n_false) as usize] = i;
        } else {
            debug_assert_eq!(seen[(h.end - h.n_false) as usize], i);
            h.n_false -= 1;
        }
    }
}

impl WeightDb {
    /// An empty store for `num_vars` variables.
    pub fn new(num_vars: usize) -> WeightDb {
        WeightDb {
            heads: Vec::new(),
            lits: Arc::default(),
            weights: Arc::default(),
            seen: Vec::new(),
            watch: Vec::new(),
            num_vars,
            dead: Vec::new(),
            groups: Vec::new(),
            grouped: 0,
        }
    }

    /// Whether `self` and `other` hold their literals and weights in one
    /// place (a search and its copy, see `fork`).
    #[cfg(test)]
    pub fn shares_terms_with(&self, other: &WeightDb) -> bool {
        Arc::ptr_eq(&self.lits, &other.lits) && Arc::ptr_eq(&self.weights, &other.weights)
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
        let cid = self.heads.len() as u32;
        self.watch[beta.code()].push(WeightWatch { cid, slot: BETA });
        self.watch[(!beta).code()].push(WeightWatch { cid, slot: BETA });
        for (i, &(l, _)) in lits.iter().enumerate() {
            let i = i as u32;
            self.watch[l.code()].push(WeightWatch { cid, slot: 2 * i });
            self.watch[(!l).code()].push(WeightWatch { cid, slot: 2 * i + 1 });
        }
        let start = self.lits.len() as u32;
        Arc::make_mut(&mut self.lits).extend(lits.iter().map(|x| x.0));
        Arc::make_mut(&mut self.weights).extend(lits.iter().map(|x| x.1));
        self.seen.resize(self.lits.len(), 0);
        self.heads.push(Head {
            beta,
            start,
            end: self.lits.len() as u32,
            unit: lits.iter().all(|x| x.1 == 1),
            bound,
            sum_true: 0,
            max: lits.iter().map(|x| x.1).sum(),
            n_true: 0,
            n_false: 0,
        });
        self.dead.push(false);
    }

    /// At the root level, at a propagation fixpoint: stops watching the
    /// constraints that can propagate nothing any more — those satisfied
    /// for good, and those whose `beta` is fixed and which another
    /// constraint over the same weighted literals, with `beta` fixed the
    /// same way, implies (`sum >= 7` given `sum >= 9`; `sum < 9` given
    /// `sum < 7`): the stronger one forces every literal and finds every
    /// conflict the weaker one would.  (A program's `T = #sum {..}` gives
    /// one pair of such constraints per possible `T`, of which only the
    /// pair around the required total stays.)  Their heads stay, so
    /// they still explain root literals, which are never explained anyway.
    pub fn simplify(&mut self, a: &Assignment) {
        if self.heads.is_empty() {
            return;
        }
        if self.grouped != self.heads.len() {
            self.group();
        }
        let mut newly = false;
        for (cid, h) in self.heads.iter().enumerate() {
            let gone =
                (a.is_true(h.beta) && h.sum_true >= h.bound) || (a.is_false(h.beta) && h.max < h.bound);
            if gone && !self.dead[cid] {
                self.dead[cid] = true;
                newly = true;
            }
        }
        for g in &self.groups {
            // the strongest fixed-true and fixed-false members
            let live = |&&c: &&u32| !self.dead[c as usize];
            let bound = |c: u32| self.heads[c as usize].bound;
            let beta = |c: u32| self.heads[c as usize].beta;
            let strongest_true =
                g.iter().filter(live).filter(|&&c| a.is_true(beta(c))).max_by_key(|&&c| bound(c));
            let strongest_false =
                g.iter().filter(live).filter(|&&c| a.is_false(beta(c))).min_by_key(|&&c| bound(c));
            let (st, sf) = (strongest_true.copied(), strongest_false.copied());
            for &c in g {
                let implied = (a.is_true(beta(c)) && Some(c) != st) || (a.is_false(beta(c)) && Some(c) != sf);
                if implied && !self.dead[c as usize] {
                    self.dead[c as usize] = true;
                    newly = true;
                }
            }
        }
        if newly {
            let dead = &self.dead;
            for ws in &mut self.watch {
                ws.retain(|w| !dead[w.cid as usize]);
            }
        }
    }

    /// Finds the groups of constraints with equal literals and weights.
    fn group(&mut self) {
        let mut by_terms: std::collections::HashMap<(&[SLit], &[i64]), Vec<u32>> = Default::default();
        for (cid, h) in self.heads.iter().enumerate() {
            let r = h.start as usize..h.end as usize;
            by_terms.entry((&self.lits[r.clone()], &self.weights[r])).or_default().push(cid as u32);
        }
        self.groups = by_terms.into_values().filter(|g| g.len() > 1).collect();
        self.grouped = self.heads.len();
    }

    /// Processes trail literal `p` (once, in trail order): moves the
    /// counters of the constraints watching `p` — `p` true adds its weight
    /// to `sum_true`, `p` the negation of a constraint literal takes it from
    /// `max` — and propagates each; on a conflict the remaining counters
    /// are still moved (so that [`WeightDb::undo`] reverts exactly what was
    /// done) and the first conflicting constraint's index is returned.
    #[inline]
    pub fn process(&mut self, p: SLit, a: &mut Assignment) -> Result<(), u32> {
        let Some(ws) = self.watch.get(p.code()) else { return Ok(()) };
        let mut result = Ok(());
        for w in ws {
            move_counter(&mut self.heads, &self.weights, &mut self.seen, *w, 1);
            if result.is_ok() {
                result = self.check(w.cid, w.slot, a);
            }
        }
        result
    }

    /// Moves the counters as [`WeightDb::process`] does, without propagating.
    #[inline]
    pub fn update(&mut self, p: SLit) {
        self.shift(p, 1);
    }

    /// Reverts [`WeightDb::process`] (or [`WeightDb::update`]) for `p`.
    #[inline]
    pub fn undo(&mut self, p: SLit) {
        self.shift(p, -1);
    }

    #[inline]
    fn shift(&mut self, p: SLit, dir: i64) {
        let Some(ws) = self.watch.get(p.code()) else { return };
        for w in ws {
            move_counter(&mut self.heads, &self.weights, &mut self.seen, *w, dir);
        }
    }

    /// The true literals whose conjunction implied the true literal `p`
    /// (reason `Weight(cid)`), or, with `p = None`, whose conjunction is
    /// the constraint's current conflict: `beta`'s literal first when `p`
    /// is a constraint literal or there is a conflict, then the constraint
    /// literals of one side assigned before `p` (all assigned ones for a
    /// conflict), in the constraint's order. The trail's literals from
    /// `qhead` on are not processed yet: if they are more than the
    /// constraint's literals, the constraint is scanned instead.
    pub fn antecedents(&self, cid: u32, p: Option<SLit>, a: &Assignment, qhead: usize, out: &mut Vec<SLit>) {
        let c = &self.heads[cid as usize];
        let limit = match p {
            Some(p) => a.pos[p.var().index()] as usize,
            None => a.trail.len(),
        };
        let truth = match p {
            Some(p) if p == c.beta => true,
            Some(p) if p == !c.beta => false,
            _ if a.is_true(c.beta) => {
                out.push(c.beta);
                false
            }
            _ => {
                debug_assert!(a.is_false(c.beta));
                out.push(!c.beta);
                true
            }
        };
        let lits = &self.lits[c.start as usize..c.end as usize];
        let unprocessed = a.trail.get(qhead..limit).unwrap_or(&[]);
        if lits.len() <= unprocessed.len() {
            // a scan of the constraint costs less than one of the trail
            for &l in lits {
                let l = if truth { l } else { !l };
                if a.is_true(l) && (a.pos[l.var().index()] as usize) < limit {
                    out.push(l);
                }
            }
            return;
        }
        // the indices, collected as raw literals, then sorted and mapped:
        // the processed ones are a prefix of their stack (trail order) ...
        let base = out.len();
        let before = |&&i: &&u32| (a.pos[self.lits[(c.start + i) as usize].var().index()] as usize) < limit;
        if truth {
            let stack = &self.seen[c.start as usize..(c.start + c.n_true) as usize];
            out.extend(stack.iter().take_while(before).map(|&i| SLit::from_raw(i)));
        } else {
            let stack = &self.seen[(c.end - c.n_false) as usize..c.end as usize];
            out.extend(stack.iter().rev().take_while(before).map(|&i| SLit::from_raw(i)));
        }
        // ... and the unprocessed ones are found through their watches
        for &l in unprocessed {
            for w in &self.watch[l.code()] {
                if w.cid == cid && w.slot != BETA && (w.slot & 1 == 0) == truth {
                    out.push(SLit::from_raw(w.slot / 2));
                }
            }
        }
        out[base..].sort_unstable();
        for x in &mut out[base..] {
            let l = lits[x.raw() as usize];
            *x = if truth { l } else { !l };
        }
    }

    /// Propagates constraint `cid` after its counters moved for the
    /// literal of watch `slot`.
    #[inline]
    fn check(&self, cid: u32, slot: u32, a: &mut Assignment) -> Result<(), u32> {
        let h = &self.heads[cid as usize];
        let beta = h.beta;
        if slot == BETA {
            if a.is_true(beta) {
                if h.max < h.bound {
                    return Err(cid);
                }
                self.force_true(cid, a);
            } else {
                if h.sum_true >= h.bound {
                    return Err(cid);
                }
                self.force_false(cid, a);
            }
        } else if slot & 1 == 0 {
            if h.sum_true >= h.bound {
                if a.is_false(beta) {
                    return Err(cid);
                } else if a.is_undef(beta) {
                    a.assign(beta, Reason::Weight(cid));
                }
            } else if a.is_false(beta) {
                self.force_false(cid, a);
            }
        } else if h.max < h.bound {
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

    /// `beta` true: forces every literal whose loss would leave too little.
    #[inline]
    fn force_true(&self, cid: u32, a: &mut Assignment) {
        let h = &self.heads[cid as usize];
        let slack = h.max - h.bound;
        let range = h.start as usize..h.end as usize;
        for (&w, &l) in self.weights[range.clone()].iter().zip(&self.lits[range]) {
            if w <= slack {
                break;
            }
            if a.is_undef(l) {
                a.assign(l, Reason::Weight(cid));
            }
        }
    }

    /// `beta` false: forces false every literal whose truth would reach the bound.
    #[inline]
    fn force_false(&self, cid: u32, a: &mut Assignment) {
        let h = &self.heads[cid as usize];
        let room = h.bound - 1 - h.sum_true;
        let range = h.start as usize..h.end as usize;
        for (&w, &l) in self.weights[range.clone()].iter().zip(&self.lits[range]) {
            if w <= room {
                break;
            }
            if a.is_undef(l) {
                a.assign(!l, Reason::Weight(cid));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::assignment::{Assignment, Reason};
    use super::super::lit::{SLit, Var};
    use super::WeightDb;

    /// Processes the trail from `from` on, as the solver does.
    fn process_all(db: &mut WeightDb, a: &mut Assignment, from: &mut usize) -> Result<(), u32> {
        while *from < a.trail.len() {
            let p = a.trail[*from];
            *from += 1;
            db.process(p, a)?;
        }
        Ok(())
    }

    fn lit(v: u32) -> SLit {
        Var(v).pos()
    }

    #[test]
    fn fixed_constraints_implied_by_a_stronger_one_are_no_longer_watched() {
        // x0..x3 weighted 1..4; beta b4: sum >= 3, b5: sum >= 6 (both fixed
        // true), b6: sum >= 8, b7: sum >= 9 (both fixed false), b8: sum >= 5
        // (free), and b9: sum >= 2 over other weights (another group)
        let terms = |ws: [i64; 4]| (0..4).map(|i| (lit(i), ws[i as usize])).collect::<Vec<_>>();
        let mut db = WeightDb::new(10);
        for (beta, bound) in [(4, 3), (5, 6), (6, 8), (7, 9), (8, 5)] {
            db.add(lit(beta), bound, terms([1, 2, 3, 4]));
        }
        db.add(lit(9), 2, terms([2, 2, 2, 2]));
        let mut a = Assignment::new(10);
        let mut head = 0;
        for l in [lit(4), lit(5), !lit(6), !lit(7), lit(9)] {
            a.assign(l, Reason::None);
        }
        process_all(&mut db, &mut a, &mut head).unwrap();
        db.simplify(&a);
        // the strongest of each fixed side stays, as do the free one and
        // the other group's only member
        assert_eq!(db.dead, [true, false, false, true, false, false]);
        let watched = |cid: u32| db.watch.iter().any(|ws| ws.iter().any(|w| w.cid == cid));
        assert!(!watched(0) && !watched(3));
        assert!(watched(1) && watched(2) && watched(4) && watched(5));
        // the stronger ones still propagate: x3 (4) and x2 (3) false leave
        // at most 3 < 6, a conflict of constraint 1 (sum >= 6)
        a.new_level();
        a.assign(!lit(3), Reason::None);
        process_all(&mut db, &mut a, &mut head).unwrap();
        // sum >= 6 with x3 lost needs x0, x1, x2 (1 + 2 + 3): all forced
        assert!(a.is_true(lit(0)) && a.is_true(lit(1)) && a.is_true(lit(2)));
        // and the 6 they make is at least 5: b8 holds
        assert_eq!(process_all(&mut db, &mut a, &mut head), Ok(()));
        assert!(a.is_true(lit(8)));
    }

    /// Reasons are read off the stacks of processed literals: the true
    /// literals (or false ones) before the implied literal, however long
    /// the constraint; backtracking pops what it undoes.
    #[test]
    fn reasons_are_the_literals_of_one_side_before_the_implied_one() {
        // b8 <-> 2 <= x0 + .. + x7, b8 false: at most one of x0..x7
        let mut db = WeightDb::new(19);
        db.add(lit(8), 2, (0..8).map(|i| (lit(i), 1)).collect());
        // b9 <-> 2 <= x0 + x1 + x10 + x11, b9 true
        db.add(lit(9), 2, [0, 1, 10, 11].iter().map(|&i| (lit(i), 1)).collect());
        // b18 <-> 1 <= x0 + x1 + x12 + .. + x17, b18 true
        db.add(lit(18), 1, [0, 1, 12, 13, 14, 15, 16, 17].iter().map(|&i| (lit(i), 1)).collect());
        let mut a = Assignment::new(19);
        let mut head = 0;
        a.assign(!lit(8), Reason::None);
        a.assign(lit(9), Reason::None);
        a.assign(lit(18), Reason::None);
        process_all(&mut db, &mut a, &mut head).unwrap();
        let reason = |db: &WeightDb, a: &Assignment, head: usize, cid: u32, p: SLit| {
            let mut out = Vec::new();
            db.antecedents(cid, Some(p), a, head, &mut out);
            out
        };
        // x5 true: the other seven forced false, each because of x5 alone
        a.new_level();
        a.assign(lit(5), Reason::None);
        process_all(&mut db, &mut a, &mut head).unwrap();
        for i in (0..8).filter(|&i| i != 5) {
            assert!(a.is_false(lit(i)));
            assert_eq!(a.reason[i as usize], Reason::Weight(0));
        }
        assert_eq!(reason(&db, &a, head, 0, !lit(3)), [!lit(8), lit(5)]);
        // x0 and x1 false leave b9 x10 and x11 as its only way to 2:
        // forced by b9 and the two false literals
        assert!(a.is_true(lit(10)) && a.reason[10] == Reason::Weight(1));
        assert_eq!(reason(&db, &a, head, 1, lit(11)), [lit(9), !lit(0), !lit(1)]);
        // undone and redone the other way: the stacks were popped
        let start = a.level_start(0);
        for i in (start..head).rev() {
            db.undo(a.trail[i]);
        }
        for l in a.trail.split_off(start) {
            a.value[l.code()] = 0;
            a.value[(!l).code()] = 0;
        }
        a.trail_lim.clear();
        head = start;
        assert_eq!((db.heads[0].n_true, db.heads[0].n_false), (0, 0));
        a.new_level();
        a.assign(lit(7), Reason::None);
        a.assign(lit(6), Reason::None);
        // x7 forces the others false, x6 (already true) is a conflict,
        // found before the literals x7 forced are processed
        assert_eq!(process_all(&mut db, &mut a, &mut head), Err(0));
        assert!(head < a.trail.len() && a.is_false(lit(4)));
        // every true literal before it, in the constraint's order, the
        // unprocessed ones (from the trail) as well as the processed ones
        assert_eq!(reason(&db, &a, head, 0, !lit(4)), [!lit(8), lit(6), lit(7)]);
        let mut conflict = Vec::new();
        db.antecedents(0, None, &a, head, &mut conflict);
        assert_eq!(conflict, [!lit(8), lit(6), lit(7)]);
        // b9 (4 literals, fewer than the 6 unprocessed: a scan) and b18 (8
        // literals: its stack, empty, and the trail): x0 and x1 are false,
        // unprocessed, so x11 is not forced yet
        for (cid, beta) in [(1, lit(9)), (2, lit(18))] {
            let mut r = Vec::new();
            db.antecedents(cid, None, &a, head, &mut r);
            assert_eq!(r, [beta, !lit(0), !lit(1)]);
        }
    }

    #[test]
    fn satisfied_constraints_are_no_longer_watched() {
        let mut db = WeightDb::new(4);
        db.add(lit(2), 1, vec![(lit(0), 1), (lit(1), 1)]);
        db.add(lit(3), 2, vec![(lit(0), 1), (lit(1), 1)]);
        let mut a = Assignment::new(4);
        let mut head = 0;
        a.assign(lit(0), Reason::None);
        process_all(&mut db, &mut a, &mut head).unwrap();
        // b2 forced true and satisfied for good; b3 still open
        assert!(a.is_true(lit(2)));
        process_all(&mut db, &mut a, &mut head).unwrap();
        db.simplify(&a);
        assert_eq!(db.dead, [true, false]);
    }
}
