//! Growing a live solver: fresh variables and clauses added between two
//! models, so that the disjunctive candidate-and-check loop
//! ([`crate::models`]) adds each unfounded-set nogood to the one solver it
//! searches with — keeping what that solver has learnt — instead of
//! translating the grown program again for every candidate.
//!
//! Invariant: a fresh variable is defined by existing literals, both ways
//! (a conjunction, or a weight condition), so it is a function of them and
//! no model is duplicated; a clause added is the caller's claim that it
//! excludes no wanted model (an unfounded-set nogood excludes no answer
//! set). Additions happen at decision level 0, after which the search goes
//! on as if they had been there from the start (learnt clauses and the
//! blocking clauses of earlier models stay).

use super::assignment::Reason;
use super::lit::{SLit, Var};
use super::Solver;

impl Solver {
    /// Adds one unassigned variable (not an atom) to every per-variable
    /// table.
    fn grow(&mut self) -> Var {
        let v = Var(self.assign.level.len() as u32);
        self.assign.value.extend([0, 0]);
        self.assign.level.push(0);
        self.assign.reason.push(Reason::None);
        self.assign.pos.push(0);
        self.watches.long.extend([Default::default(), Default::default()]);
        self.watches.bin.extend([Default::default(), Default::default()]);
        self.weights.grow();
        self.order.grow();
        self.seen.push(false);
        self.poison.push(false);
        if let Some(p) = &mut self.projected {
            p.push(false);
        }
        let n = self.num_vars();
        for p in &mut self.propagators {
            p.grow(n);
        }
        self.stats.variables += 1;
        v
    }

    /// The value `l` has for good (at the root level), if it has one.
    pub fn root_value(&self, l: SLit) -> Option<bool> {
        if self.assign.is_undef(l) || self.assign.lit_level(l) > 0 {
            return None;
        }
        Some(self.assign.is_true(l))
    }

    /// A fresh variable, free (the caller defines it by clauses).
    pub fn new_var(&mut self) -> Var {
        self.backtrack(0);
        self.grow()
    }

    /// A new problem to search (a solver grown by an incremental run's
    /// next step): the restart sequence, the reduction intervals and the
    /// alternation of phase modes start over, as clasp's search state does
    /// at each solve call. Activities and saved phases are kept, as clasp
    /// keeps its heuristic. Measured and not kept (2026-11-30, `bench/`'s
    /// incremental rows, seeds 0-4, paired): forgetting both at each step
    /// (new atoms then decided in grounding order, as in a fresh search)
    /// took the tuning rows to 1.06 of the time, the saved phases alone to
    /// 1.02; the held-back rows, run after the choice, to 0.86 and 0.82.
    /// Nor (seeds 0-9) new variables starting with the activity of one bump
    /// now, so that a step's new atoms come before old ones not bumped
    /// lately (as CaDiCaL queues new variables first): tuning rows 1.02 of
    /// the time and 1.04 of the conflicts, held-back rows 0.88.
    pub fn new_problem(&mut self) {
        self.schedule.start_over(self.stats.problem_constraints());
        if let Some(mode) = self.modes.as_mut().and_then(|m| m.start_over(self.stats.conflicts)) {
            self.switch_mode(mode);
        }
    }

    /// Counts, as clauses given to this search at its start
    /// ([`super::Stats::adopted`]), the learnt clauses it has now.
    pub fn count_kept(&mut self) {
        self.stats.adopted = (self.db.learnt.len() + self.learnt_binaries.len()) as u64;
    }

    /// A literal equivalent to the conjunction of `lits` (solver literals),
    /// shared between calls with the same set.
    pub fn conjunction(&mut self, mut lits: Vec<SLit>) -> SLit {
        self.backtrack(0);
        lits.sort();
        lits.dedup();
        if lits.len() == 1 {
            return lits[0];
        }
        if let Some(&s) = self.defined.get(&lits) {
            return s;
        }
        let s = self.grow().pos();
        let mut big = vec![s];
        for &l in &lits {
            self.add_problem_clause(&[!s, l]);
            big.push(!l);
        }
        self.add_problem_clause(&big);
        self.defined.insert(lits, s);
        s
    }

    /// The literal equivalent to the conjunction of `lits`, if there is one
    /// (a single literal, or a conjunction defined or recorded before).
    pub fn find_conjunction(&self, mut lits: Vec<SLit>) -> Option<SLit> {
        lits.sort();
        lits.dedup();
        match lits[..] {
            [] => None,
            [l] => Some(l),
            _ => self.defined.get(&lits).copied(),
        }
    }

    /// Records that `s` is equivalent to the conjunction of `lits` (by
    /// the problem's own clauses), for [`Solver::conjunction`] to find.
    pub fn know_conjunction(&mut self, mut lits: Vec<SLit>, s: SLit) {
        lits.sort();
        lits.dedup();
        self.defined.entry(lits).or_insert(s);
    }

    /// A literal equivalent to `bound <= sum of the weights of the true
    /// literals of lits` under the root assignment: `Err(false)` if that
    /// can never hold, `Err(true)` if it always does.
    pub fn weight_literal(&mut self, bound: i64, lits: &[(SLit, i64)]) -> Result<SLit, bool> {
        self.backtrack(0);
        // duplicates merged
        let mut merged: std::collections::BTreeMap<SLit, i64> = std::collections::BTreeMap::new();
        for &(l, w) in lits {
            *merged.entry(l).or_insert(0) += w;
        }
        merged.retain(|_, w| *w > 0);
        let mut bound = bound;
        // root values, and complementary pairs (one of the two is true)
        let mut rest: Vec<(SLit, i64)> = Vec::new();
        for (&l, &w) in &merged {
            if self.assign.is_false(l) {
                continue;
            }
            if self.assign.is_true(l) {
                bound -= w;
                continue;
            }
            if let Some(&wn) = merged.get(&!l) {
                if l.is_positive() {
                    // counted once, from the positive side
                    let m = w.min(wn);
                    bound -= m;
                    if w > m {
                        rest.push((l, w - m));
                    }
                    if wn > m {
                        rest.push((!l, wn - m));
                    }
                }
                continue;
            }
            rest.push((l, w));
        }
        if bound <= 0 {
            return Err(true);
        }
        for x in &mut rest {
            x.1 = x.1.min(bound);
        }
        let total: i64 = rest.iter().map(|x| x.1).sum();
        if total < bound {
            return Err(false);
        }
        rest.sort();
        let key = (bound, rest);
        if let Some(&w) = self.defined_weights.get(&key) {
            return Ok(w);
        }
        let w = self.grow().pos();
        self.weights.add(w, key.0, key.1.clone());
        self.stats.weights += 1;
        self.defined_weights.insert(key, w);
        Ok(w)
    }

    /// Adds the clause `lits`, which the current assignment falsifies (it
    /// excludes the model just found), by backjumping as far as it says —
    /// to the second-highest level of its literals, where it implies the
    /// other — instead of going back to the root; any other clause as
    /// [`Solver::add_clause`].
    pub fn exclude(&mut self, lits: &[SLit]) {
        let mut c = lits.to_vec();
        c.sort_unstable();
        c.dedup();
        if self.done || c.iter().any(|&l| !self.assign.is_false(l)) {
            return self.add_clause(&c);
        }
        c.retain(|&l| self.assign.lit_level(l) > 0);
        c.sort_by_key(|&l| std::cmp::Reverse(self.assign.lit_level(l)));
        match c.len() {
            0 => self.done = true,
            1 => self.add_clause(&c),
            _ => {
                let (top, next) = (self.assign.lit_level(c[0]), self.assign.lit_level(c[1]));
                self.backtrack(if top > next { next } else { next - 1 });
                let reason = self.attach(&c, false, 0);
                if top > next {
                    self.assign.assign(c[0], reason);
                }
            }
        }
    }

    /// Adds the clause `lits` (one of them must hold) at the root level.
    pub fn add_clause(&mut self, lits: &[SLit]) {
        self.backtrack(0);
        if self.done {
            return;
        }
        self.add_problem_clause(lits);
    }
}
