//! Unit propagation to a fixpoint over binary clauses, long clauses (two
//! watched literals with blockers) and weight constraints; and backtracking.
//!
//! Invariant: `qhead <= trail.len()`; every trail literal before `qhead`
//! has been fully processed: weight counters moved, and (unless a
//! conflict was returned while processing it) all its watches visited.
//! No allocation happens here: watch lists are taken out and put back.
//!
//! Measured and not kept (2026-11-30; the suite's and the optimisation
//! rows' tuning half, seeds 0-2, paired): when the search for a new
//! watch meets a true literal, keeping the watch where it is with that
//! literal as its blocker instead of moving it (CaDiCaL's way): 1.15 of
//! the time and 1.14 of the conflicts on the suite rows (without the
//! heavy-tailed golfer rows 1.11 and 1.12), 1.11 of the time on the
//! optimisation rows though 0.97 of their conflicts.

use super::assignment::Reason;
use super::clause_db::CIRCULAR;
use super::watch::Watch;
use super::{Conflict, Solver};

impl Solver {
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.assign.trail.len() {
            let p = self.assign.trail[self.qhead];
            self.qhead += 1;
            self.stats.propagations += 1;

            // binary clauses (¬p ∨ q)
            let bins = &self.watches.bin[p.code()];
            for &q in bins {
                let v = self.assign.value[q.code()];
                if v == 0 {
                    self.assign.assign(q, Reason::Binary(!p));
                } else if v < 0 {
                    self.weights.update(p);
                    return Some(Conflict::Binary(!p, q));
                }
            }

            // long clauses watching ¬p
            let false_lit = !p;
            let mut ws = std::mem::take(&mut self.watches.long[p.code()]);
            let n = ws.len();
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < n {
                let w = ws[i];
                i += 1;
                if self.assign.is_true(w.blocker) {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let lits = self.db.lits_mut(w.cref);
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let nw = Watch { blocker: first, cref: w.cref };
                if first != w.blocker && self.assign.is_true(first) {
                    ws[j] = nw;
                    j += 1;
                    continue;
                }
                // a new watch (round a very long problem clause, see `CIRCULAR`)
                let len = lits.len();
                if len < CIRCULAR {
                    // a plain scan of the slice: no range chain, no second look-up of the clause
                    if let Some(k) = lits[2..].iter().position(|&l| !self.assign.is_false(l)) {
                        lits.swap(1, k + 2);
                        self.watches.long[(!lits[1]).code()].push(nw);
                        continue;
                    }
                } else {
                    let start = self.db.search_pos(w.cref).clamp(2, len - 1);
                    let lits = self.db.lits_mut(w.cref);
                    if let Some(k) = (start..len).chain(2..start).find(|&k| !self.assign.is_false(lits[k])) {
                        lits.swap(1, k);
                        self.watches.long[(!lits[1]).code()].push(nw);
                        self.db.set_search_pos(w.cref, k);
                        continue;
                    }
                }
                ws[j] = nw;
                j += 1;
                if self.assign.is_false(first) {
                    conflict = Some(Conflict::Clause(w.cref));
                    while i < n {
                        ws[j] = ws[i];
                        j += 1;
                        i += 1;
                    }
                } else {
                    self.assign.assign(first, Reason::Clause(w.cref));
                }
            }
            ws.truncate(j);
            self.watches.long[p.code()] = ws;
            if conflict.is_some() {
                self.weights.update(p);
                return conflict;
            }

            // weight constraints: counted, then propagated (see `weight`)
            if let Err(cid) = self.weights.process(p, &mut self.assign) {
                return Some(Conflict::Weight(cid));
            }
        }
        None
    }

    /// Undoes all assignments above `level`.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.assign.decision_level() <= level {
            return;
        }
        if level < self.floor {
            self.settle_flips();
        }
        let start = self.assign.level_start(level);
        let save = self.assign.decision_level() - level > self.save_progress;
        let processed = self.qhead.min(self.assign.trail.len());
        for i in (start..processed).rev() {
            let p = self.assign.trail[i];
            self.weights.undo(p);
        }
        for p in &mut self.propagators {
            p.undo(&self.assign, start);
        }
        for i in start..self.assign.trail.len() {
            let l = self.assign.trail[i];
            self.assign.value[l.code()] = 0;
            self.assign.value[(!l).code()] = 0;
            self.order.unassigned(l, save);
        }
        self.assign.trail.truncate(start);
        self.assign.trail_lim.truncate(level as usize);
        self.assumed_levels = self.assumed_levels.min(level);
        self.assumed_true = 0;
        self.qhead = self.qhead.min(start);
    }
}
