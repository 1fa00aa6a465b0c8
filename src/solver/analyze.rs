//! Conflict analysis: first-UIP learning, recursive minimisation (MiniSat's
//! abstract-level test, with failed paths poisoned as in clasp's and later
//! MiniSat's), binary-clause minimisation (glucose's), LBD, and the
//! backjump level.
//!
//! Works on *antecedents*: for an implied true literal `p`, the true
//! literals whose conjunction implied it (read off its clause, or computed
//! by the weight propagator from the trail). Invariant: `seen` and `poison`
//! are all false outside `analyze`; the learnt clause's first literal is the asserting
//! (UIP) literal and its second has the highest remaining level.
//!
//! Measured and not kept (2026-11-29; the suite's tuning rows, both
//! binaries on the same seeds, paired): on-the-fly strengthening of learnt
//! reasons (Han and Somenzi; clasp's `--otfs`: a reason `C` of `p` whose
//! resolvent holds nothing else becomes `C` without `p`, or is deleted
//! when the learnt clause subsumes it) — 1.09 of the conflicts and 1.08 of
//! the time over 6 seeds (without the golfer rows 1.06 / 1.05), though
//! killer sudoku `held_s3` fell from 358k to 143k conflicts; the
//! strengthening alone 1.035 / 1.01, the deletion alone 1.045 / 1.05 (4
//! seeds); only in plain mode (see `phases`) 1.07 / 1.09 (without the
//! golfer rows 1.00 / 1.02; 3 seeds). Vivification of learnt clauses of
//! LBD 6 or less at the root level (each tried once, literal by literal,
//! every 2,000 conflicts within a tenth of the propagations; CaDiCaL's and
//! kissat's) — 1.03 of the conflicts, 1.06 of the time over 3 seeds
//! (without the golfer rows 0.96 / 0.99; killer sudoku 0.7x, killer by
//! assignment `tune_s2_swap` 2.4x).
//! The golfer rows `tune_s1` swing 5-20x under either of these two: their
//! searches are heavy-tailed (seeds 3-8 take 5-10x seeds 0-2's conflicts).
//! Shrinking (Fleury and Biere's all-UIP minimisation: the literals of
//! one lower level replaced by that level's first implication point when
//! the walk back to it meets only that level's, the root's or the
//! clause's literals; 2026-12-01, 4 seeds): killer sudoku by sums
//! `tune_s2_swap` 65,106 -> 125,075 conflicts, `tune_s1` 8,865 -> 16,377,
//! vertex cover by cardinality `tune_s1` 14,499 -> 29,488. Not kept.
//! Bumping, of the lower levels, only the variables the minimised clause
//! keeps, not every one resolution meets (clasp's VSIDS default,
//! `--score-res=min`; 2026-11-30, suite and optimisation tuning rows,
//! seeds 0-1 and 2-3, paired): 1.15 and 1.18 of the time, 1.24 of the
//! conflicts, vertex cover and colouring rows over 1.5x; killer sudoku
//! `tune_s2_swap` 1.28x the conflicts over 6 seeds.
//! Ordering the learnt clause's literals after the first two by level
//! (2026-11-30, suite tuning rows, seeds 0-2, paired), which decides
//! where the search for a new watch finds one: highest level first 1.11
//! of the time and 1.08 of the conflicts, lowest first 1.01 and 1.02.
//! Reason-side bumping (CaDiCaL's `bumpreason`: after learning, the
//! variables of the reasons of the learnt clause's implied literals
//! bumped too, once each; 2026-11-30, the suite's and the optimisation
//! rows' tuning half, seeds 0-2, paired): suite rows 1.08 of the time and
//! 1.13 of the conflicts (without the golfer rows 1.03 and 1.09),
//! optimisation rows 0.97 and 0.97; only after learnt clauses of 12
//! literals or fewer: suite rows 1.04 and 1.10, optimisation rows 1.04
//! and 1.03. Not kept.

use super::assignment::Reason;
use super::lit::SLit;
use super::{Conflict, Solver};

impl Solver {
    /// Appends the antecedents of the implied true literal `p`.
    pub(super) fn antecedents(&self, p: SLit, out: &mut Vec<SLit>) {
        match self.assign.reason[p.var().index()] {
            Reason::None => {}
            Reason::Binary(o) => out.push(!o),
            Reason::Clause(c) => {
                let lits = self.db.lits(c);
                debug_assert_eq!(lits[0], p);
                out.extend(lits[1..].iter().map(|&l| !l));
            }
            Reason::Weight(cid) => self.weights.antecedents(cid, Some(p), &self.assign, self.qhead, out),
            Reason::Propagator(k) => self.propagators[k as usize].explain(p, &self.assign, out),
        }
    }

    /// The true literals whose conjunction is the conflict.
    pub(super) fn conflict_antecedents(&self, c: Conflict, out: &mut Vec<SLit>) {
        match c {
            Conflict::Binary(a, b) => {
                out.push(!a);
                out.push(!b);
            }
            Conflict::Clause(cr) => out.extend(self.db.lits(cr).iter().map(|&l| !l)),
            Conflict::Weight(cid) => self.weights.antecedents(cid, None, &self.assign, self.qhead, out),
            Conflict::Nogood => out.extend(self.scratch.conflict_nogood.iter().map(|&l| !l)),
            Conflict::Root => {}
        }
    }

    /// The literal block distance of `lits`: how many decision levels
    /// they span, not counting the levels of assumptions (see
    /// `Solver::assumed_levels`); at least 1.
    pub(super) fn compute_lbd(&mut self, lits: &[SLit]) -> u32 {
        self.scratch.lbd_stamp += 1;
        let stamp = self.scratch.lbd_stamp;
        let mut n = 0;
        for &l in lits {
            let lv = self.assign.lit_level(l) as usize;
            if (1..=self.assumed_levels as usize).contains(&lv) {
                continue;
            }
            if self.scratch.level_stamp.len() <= lv {
                self.scratch.level_stamp.resize(lv + 1, 0);
            }
            if self.scratch.level_stamp[lv] != stamp {
                self.scratch.level_stamp[lv] = stamp;
                n += 1;
            }
        }
        n.max(1)
    }

    fn bump_clause(&mut self, p: SLit) {
        if let Reason::Clause(c) = self.assign.reason[p.var().index()] {
            if self.db.is_learnt(c) {
                let a = self.db.activity(c) + self.cla_inc;
                self.db.set_activity(c, a);
                if a > 1e20 {
                    for k in 0..self.db.learnt.len() {
                        let c = self.db.learnt[k];
                        let x = self.db.activity(c);
                        self.db.set_activity(c, x * 1e-20);
                    }
                    self.cla_inc *= 1e-20;
                }
            }
        }
    }

    /// Analyses a conflict whose antecedents include a literal of the
    /// current level (> 0). Leaves the learnt clause in `self.scratch.learnt` and
    /// returns the backjump level.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> u32 {
        let mut buf = std::mem::take(&mut self.scratch.abuf);
        let mut learnt = std::mem::take(&mut self.scratch.learnt);
        buf.clear();
        learnt.clear();
        learnt.push(SLit::from_raw(0));
        self.conflict_antecedents(conflict, &mut buf);
        if let Conflict::Clause(c) = conflict {
            if self.db.is_learnt(c) {
                let a = self.db.activity(c) + self.cla_inc;
                self.db.set_activity(c, a);
            }
        }
        let cur = self.assign.decision_level();
        let mut path = 0u32;
        let mut idx = self.assign.trail.len();
        let p = loop {
            for &q in &buf {
                let v = q.var().index();
                let lv = self.assign.level[v];
                if !self.seen[v] && lv > 0 {
                    self.seen[v] = true;
                    self.order.bump(q.var());
                    if lv == cur {
                        path += 1;
                    } else {
                        learnt.push(!q);
                    }
                }
            }
            loop {
                idx -= 1;
                if self.seen[self.assign.trail[idx].var().index()] {
                    break;
                }
            }
            let p = self.assign.trail[idx];
            self.seen[p.var().index()] = false;
            path -= 1;
            if path == 0 {
                break p;
            }
            self.bump_clause(p);
            buf.clear();
            self.antecedents(p, &mut buf);
        };
        learnt[0] = !p;

        // minimisation
        let mut to_clear = std::mem::take(&mut self.scratch.to_clear);
        to_clear.clear();
        to_clear.extend(learnt[1..].iter().map(|l| l.var().index() as u32));
        let mut abstract_levels = 0u32;
        for &l in &learnt[1..] {
            abstract_levels |= 1 << (self.assign.lit_level(l) & 31);
        }
        let mut j = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            let keep = self.assign.reason[l.var().index()] == Reason::None
                || !self.lit_redundant(l, abstract_levels, &mut to_clear);
            if keep {
                learnt[j] = l;
                j += 1;
            }
        }
        learnt.truncate(j);
        for &v in &to_clear {
            self.seen[v as usize] = false;
        }
        self.scratch.to_clear = to_clear;
        for &v in &self.scratch.poisoned {
            self.poison[v as usize] = false;
        }
        self.scratch.poisoned.clear();

        self.minimize_binary(&mut learnt);

        // backjump level: highest level among the rest, moved to position 1
        let mut bj = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.assign.lit_level(learnt[k]) > self.assign.lit_level(learnt[best]) {
                    best = k;
                }
            }
            learnt.swap(1, best);
            bj = self.assign.lit_level(learnt[1]);
        }
        self.scratch.abuf = buf;
        self.scratch.learnt = learnt;
        bj
    }

    /// Removes from the learnt clause `uip ∨ ...` every literal `¬o` for
    /// which a binary clause `uip ∨ o` exists (`o` true): resolving the two
    /// on `o` gives the clause without `¬o`. Recursive minimisation cannot
    /// find these: `o` was assigned before the conflict level, and the
    /// binary clause did not imply it. On the suite's tuning rows (3 seeds,
    /// paired) 0.72 of the conflicts and 0.84 of the time; held-back rows
    /// 0.75 and 0.87; other rows 1.01. It costs some rows steadily (6 more
    /// seeds: golfer by count `held_s6` 4x, vertex cover `held_s3` 3.3x).
    /// Measured and not kept: every literal of the clause as the anchor,
    /// not only the UIP (tuning rows 1.06 of the time); glucose's limit to
    /// clauses of LBD 6 or less (1.20); lowering a learnt clause's LBD when
    /// it takes part in a conflict (clasp's `--update-lbd`; 1.11).
    fn minimize_binary(&mut self, learnt: &mut Vec<SLit>) {
        if learnt.len() <= 2 {
            return;
        }
        for &l in &learnt[1..] {
            self.seen[l.var().index()] = true;
        }
        let mut removed = false;
        for &o in &self.watches.bin[(!learnt[0]).code()] {
            let v = o.var().index();
            if self.seen[v] && self.assign.is_true(o) {
                self.seen[v] = false;
                removed = true;
            }
        }
        if removed {
            let mut j = 1;
            for i in 1..learnt.len() {
                if self.seen[learnt[i].var().index()] {
                    learnt[j] = learnt[i];
                    j += 1;
                }
            }
            learnt.truncate(j);
        }
        for &l in &learnt[1..] {
            self.seen[l.var().index()] = false;
        }
    }

    /// Is the false literal `l` of the learnt clause implied by the others?
    /// A depth-first search through the antecedents of `¬l`. A variable
    /// all of whose antecedents are in the clause, at level 0 or shown
    /// implied is marked `seen` (implied: later questions stop there too);
    /// one reached that is a decision, or of a level no clause literal has,
    /// fails the search, and every variable on the path to it is marked
    /// `poison`, so that no later question explores it again. The marks
    /// change only the work, not the answer: each variable is explored at
    /// most once per conflict.
    fn lit_redundant(&mut self, l: SLit, abstract_levels: u32, to_clear: &mut Vec<u32>) -> bool {
        let mut frames = std::mem::take(&mut self.scratch.mstack);
        let mut buf = std::mem::take(&mut self.scratch.mtmp);
        frames.clear();
        buf.clear();
        self.antecedents(!l, &mut buf);
        frames.push(Frame { lit: !l, start: 0, next: 0, end: buf.len() as u32 });
        let ok = loop {
            let t = frames.len() - 1;
            let top = frames[t];
            if top.next == top.end {
                frames.pop();
                buf.truncate(top.start as usize);
                if frames.is_empty() {
                    break true;
                }
                let v = top.lit.var().index();
                self.seen[v] = true;
                to_clear.push(v as u32);
                continue;
            }
            frames[t].next += 1;
            let r = buf[top.next as usize];
            let v = r.var().index();
            let lv = self.assign.level[v];
            if self.seen[v] || lv == 0 {
                continue;
            }
            if !self.poison[v]
                && self.assign.reason[v] != Reason::None
                && abstract_levels & (1 << (lv & 31)) != 0
            {
                let start = buf.len() as u32;
                self.antecedents(r, &mut buf);
                frames.push(Frame { lit: r, start, next: start, end: buf.len() as u32 });
                continue;
            }
            // `r` is not implied by the clause, nor is any variable on the path to it
            for f in &frames[1..] {
                let w = f.lit.var().index();
                self.poison[w] = true;
                self.scratch.poisoned.push(w as u32);
            }
            break false;
        };
        self.scratch.mstack = frames;
        self.scratch.mtmp = buf;
        ok
    }
}

/// The buffers conflict analysis (and the reading of propagators'
/// nogoods) reuses from one conflict to the next, so that none allocates
/// once they have grown; a copy of a search (see `fork`) starts with
/// empty ones. Between analyses only two things in it mean anything: the
/// nogood of a [`Conflict::Nogood`], from the propagator's answer to its
/// analysis, and the LBD stamps (`lbd_stamp` only grows, and no entry of
/// `level_stamp` is above it).
#[derive(Default)]
pub(super) struct Scratch {
    /// Antecedents of the literal being resolved.
    pub(super) abuf: Vec<SLit>,
    /// The clause being learnt, its asserting literal first.
    pub(super) learnt: Vec<SLit>,
    /// Variables `seen` was set for during minimisation.
    pub(super) to_clear: Vec<u32>,
    /// Variables `poison` was set for.
    pub(super) poisoned: Vec<u32>,
    /// The depth-first search of `lit_redundant`, and its antecedents.
    pub(super) mstack: Vec<Frame>,
    pub(super) mtmp: Vec<SLit>,
    /// A propagator's nogood as the solver reads it.
    pub(super) tmp_clause: Vec<SLit>,
    /// The clause of a [`Conflict::Nogood`].
    pub(super) conflict_nogood: Vec<SLit>,
    /// Per decision level: the last LBD computation that counted it.
    pub(super) level_stamp: Vec<u64>,
    pub(super) lbd_stamp: u64,
}

/// A variable whose antecedents `lit_redundant` is going through:
/// `buf[start..end]` are they, `next` the first not yet looked at.
#[derive(Copy, Clone)]
pub(super) struct Frame {
    lit: SLit,
    start: u32,
    next: u32,
    end: u32,
}

#[cfg(test)]
mod tests {
    use super::super::assignment::Reason;
    use super::super::lit::Var;
    use super::super::{ClauseList, Problem, Solver, Tuning};

    /// `v0 ∨ v1` is a binary clause: in the learnt clause `v0 ∨ ¬v1 ∨ ¬v2`
    /// (`v1`, `v2` true at level 1, `v0` false at level 2) resolving with it
    /// removes `¬v1`; `¬v2` has no such clause and stays, as does `¬v3`
    /// whose binary clause `v0 ∨ ¬v3` has the wrong sign.
    #[test]
    fn binary_clauses_with_the_uip_remove_literals() {
        let v = |i: u32| Var(i).pos();
        let mut clauses = ClauseList::default();
        clauses.push(&[v(0), v(1)]);
        clauses.push(&[v(0), !v(3)]);
        let mut s = Solver::new(Problem { num_vars: 4, clauses, ..Default::default() }, Tuning::default());
        s.assign.new_level();
        for i in 1..4 {
            s.assign.assign(v(i), Reason::None);
        }
        s.assign.new_level();
        s.assign.assign(!v(0), Reason::None);
        let mut learnt = vec![v(0), !v(1), !v(2), !v(3)];
        s.minimize_binary(&mut learnt);
        assert_eq!(learnt, vec![v(0), !v(2), !v(3)]);
        assert!(s.seen.iter().all(|&x| !x), "seen is left clear");
        // nothing to remove: unchanged
        let mut learnt = vec![v(0), !v(2), !v(3)];
        s.minimize_binary(&mut learnt);
        assert_eq!(learnt, vec![v(0), !v(2), !v(3)]);
    }

    /// Level 1: decision `v1`, then `v4` (by `¬v1 ∨ v4`); level 2: decision
    /// `v2`, then `v5` (by `¬v2 ∨ v5`), `v6` and `v7` (by `¬v5 ∨ v6`,
    /// `¬v5 ∨ v7`). In the clause `v0 ∨ ¬v1 ∨ ¬v4 ∨ ¬v6 ∨ ¬v7`, `¬v4` is
    /// implied by `¬v1`; `¬v6` is not (its path leads to the decision `v2`,
    /// not in the clause), which poisons `v5`, so that `¬v7` fails at `v5`
    /// without going down to `v2` again.
    #[test]
    fn redundancy_marks_implied_and_poisoned_variables() {
        let v = |i: u32| Var(i).pos();
        let mut s = Solver::new(Problem { num_vars: 8, ..Default::default() }, Tuning::default());
        s.assign.new_level();
        s.assign.assign(v(1), Reason::None);
        s.assign.assign(v(4), Reason::Binary(!v(1)));
        s.assign.new_level();
        s.assign.assign(v(2), Reason::None);
        s.assign.assign(v(5), Reason::Binary(!v(2)));
        s.assign.assign(v(6), Reason::Binary(!v(5)));
        s.assign.assign(v(7), Reason::Binary(!v(5)));
        let clause = [!v(1), !v(4), !v(6), !v(7)];
        let mut to_clear = Vec::new();
        for l in clause {
            s.seen[l.var().index()] = true;
            to_clear.push(l.var().index() as u32);
        }
        let levels = (1 << 1) | (1 << 2);
        assert!(s.lit_redundant(!v(4), levels, &mut to_clear));
        assert!(!s.lit_redundant(!v(6), levels, &mut to_clear));
        assert!(s.poison[5] && !s.poison[2] && !s.poison[6], "only the path below the clause is poisoned");
        assert!(!s.lit_redundant(!v(7), levels, &mut to_clear));
        assert_eq!(s.scratch.poisoned, vec![5]);
        // nothing but the clause's own variables was marked implied
        assert_eq!(to_clear.len(), clause.len());
    }

    #[test]
    fn levels_of_assumptions_do_not_count_in_the_lbd() {
        let mut s = Solver::new(Problem { num_vars: 4, ..Default::default() }, Tuning::default());
        let v = |i: u32| Var(i).pos();
        // levels 1 and 2 hold assumptions, 3 and 4 decisions
        s.decide_assumption(v(0));
        s.decide_assumption(v(1));
        for i in 2..4 {
            s.assign.new_level();
            s.assign.assign(v(i), Reason::None);
        }
        let clause = [!v(0), !v(1), !v(2), !v(3)];
        assert_eq!(s.compute_lbd(&clause), 2);
        // only assumption levels: still at least 1
        assert_eq!(s.compute_lbd(&[!v(0), !v(1)]), 1);
        // back to level 1: level 2 is a decision's from now on
        s.backtrack(1);
        s.assign.new_level();
        s.assign.assign(v(2), Reason::None);
        assert_eq!(s.assumed_levels, 1);
        assert_eq!(s.compute_lbd(&[!v(0), !v(2)]), 1);
        s.backtrack(0);
        assert_eq!(s.assumed_levels, 0);
    }
}
