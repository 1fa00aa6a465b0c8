//! Enumeration by backtracking (clasp's `--enum-mode=bt`): after a model,
//! the last decision is flipped — its negation asserted, without a
//! reason, one level down — instead of a clause blocking the model being
//! added, so that enumerating a million models does not leave a million
//! clauses behind (each model would cost more than the last).
//!
//! Invariant: `flipped` lists, in trail order, the literals asserted this
//! way; each lies at a level `1..=floor`, and the part of the search space
//! under the reasonless literals before it on the trail and its negation
//! has been searched (every model there reported).  No backjump or
//! restart goes below `floor`; a conflict at a level `<= floor` means the
//! part under that level is searched too, and flips its decision in turn.
//! Anything else that must go below `floor` (clauses added between
//! models, assumptions) first turns each flip into the clause that says
//! the same ([`Solver::settle_flips`]): "the flipped literal, or one of
//! the reasonless literals before it is different".  Learnt unit clauses
//! found above the root (`floor > 0`) are asserted at the floor and kept
//! in `units` until they can be asserted at the root.

use super::assignment::Reason;
use super::lit::SLit;
use super::Solver;

impl Solver {
    /// After a model: flips the last decision (see the module
    /// documentation).  `false`: there is none, no model is left.
    pub(super) fn flip_last(&mut self) -> bool {
        self.exhausted_below(self.assign.decision_level())
    }

    /// Leaves the model just returned behind, as enumeration does after
    /// each model (see the module documentation), for a caller that has
    /// the solver neither flip nor block its models
    /// ([`Solver::models_excluded_by_caller`]) and excludes only some of
    /// them otherwise.  Call right after [`Solver::next_model`] returned a
    /// model, with nothing added since.
    pub fn leave_model(&mut self) {
        if !self.done && self.assumptions.is_empty() {
            self.flip_last();
        }
    }

    /// Everything under the assignment of levels `..=level` has been
    /// searched: flips the decision of `level` (or of the level below,
    /// where a learnt unit is false).  `false`: `level` is the root, no
    /// model is left.
    pub(super) fn exhausted_below(&mut self, mut level: u32) -> bool {
        loop {
            if level <= self.assumed_levels {
                self.done = true;
                return false;
            }
            let start = self.assign.level_start(level - 1);
            let decision = self.assign.trail[start];
            self.floor = level - 1;
            while self.flipped.last().is_some_and(|&f| self.assign.pos[f.var().index()] as usize >= start) {
                self.flipped.pop();
            }
            self.backtrack(level - 1);
            // a learnt unit false here: nothing under this level either
            if self.units.iter().any(|&u| self.assign.is_false(u)) {
                level -= 1;
                continue;
            }
            for k in 0..self.units.len() {
                let u = self.units[k];
                if self.assign.is_undef(u) {
                    self.assign.assign(u, Reason::None);
                }
            }
            self.assign.assign(!decision, Reason::None);
            if self.floor > 0 {
                self.flipped.push(!decision);
            } else {
                // at the root: the flip is for good, and so are the units
                self.units.clear();
            }
            return true;
        }
    }

    /// Projected enumeration by backtracking (clasp's): the projected
    /// variables are decided first (a domain-heuristic level above the
    /// others), so the decisions up to the deepest one on a projected
    /// variable fix the projection, and flipping that decision leaves the
    /// part of the search space with this projection behind.  `false`
    /// when the order cannot be kept (a domain heuristic is in use): the
    /// caller excludes each model by a clause instead.
    pub fn project_on(&mut self, vars: &[super::lit::Var]) -> bool {
        // an earlier projection (an earlier solve of the same search) goes first
        if let Some(old) = self.projected.take() {
            for v in (0..old.len()).filter(|&v| old[v]) {
                self.order.set_level(super::lit::Var(v as u32), 0);
            }
        }
        if self.domain.is_some() || self.order.has_levels() {
            return false;
        }
        let mut projected = vec![false; self.num_vars()];
        for &v in vars {
            projected[v.index()] = true;
            self.order.set_level(v, 1);
        }
        self.projected = Some(projected);
        true
    }

    /// After a model in projected enumeration: flips the deepest decision
    /// on a projected variable if every decision up to it is on one and
    /// every projected variable is assigned by then; otherwise (a random
    /// decision broke the order, or assumptions came first) excludes the
    /// projection by its clause.
    pub(super) fn flip_projected(&mut self) {
        let projected = self.projected.as_ref().expect("projected enumeration");
        let decisions: Vec<SLit> = self.assign.decisions().collect();
        let deepest = decisions.iter().rposition(|d| projected[d.var().index()]).map_or(0, |i| i + 1);
        let ordered = self.assumptions.is_empty()
            && decisions[..deepest].iter().all(|d| projected[d.var().index()])
            && projected.iter().enumerate().all(|(v, &p)| {
                !p || self.assign.lit_level(super::lit::Var(v as u32).pos()) as usize <= deepest
            });
        if ordered {
            self.exhausted_below(deepest as u32);
        } else {
            let clause: Vec<SLit> = (0..projected.len())
                .filter(|&v| projected[v])
                .map(|v| super::lit::Var(v as u32).pos())
                .map(|l| if self.assign.is_true(l) { !l } else { l })
                .collect();
            self.exclude(&clause);
        }
    }

    /// Turns the flips into clauses (see the module documentation) and
    /// lowers the floor to the root; the caller backtracks next.
    pub(super) fn settle_flips(&mut self) {
        let mut before: Vec<SLit> = Vec::new();
        let mut next = 0;
        let start = self.assign.level_start(0);
        for i in start..self.assign.trail.len() {
            if next == self.flipped.len() {
                break;
            }
            let x = self.assign.trail[i];
            if self.assign.reason[x.var().index()] != Reason::None {
                continue;
            }
            if x == self.flipped[next] {
                next += 1;
                let mut clause = vec![x];
                clause.extend(before.iter().rev().map(|&y| !y));
                self.attach(&clause, false, 0);
            }
            before.push(x);
        }
        self.flipped.clear();
        self.floor = 0;
    }

    /// At the root: asserts the learnt units kept while the floor was
    /// above it.  `false`: one is false, no model is left.
    pub(super) fn assert_kept_units(&mut self) -> bool {
        debug_assert_eq!(self.assign.decision_level(), 0);
        for u in std::mem::take(&mut self.units) {
            if self.assign.is_false(u) {
                self.done = true;
                return false;
            }
            if self.assign.is_undef(u) {
                self.assign.assign(u, Reason::None);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::solver::params::Restarts;
    use crate::solver::{ClauseList, Outcome, Problem, SLit, Solver, Tuning, Var};

    /// A random 3-CNF over `n` variables with `m` clauses (xorshift from `seed`).
    fn cnf(n: u32, m: usize, mut seed: u64) -> Vec<Vec<SLit>> {
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..m)
            .map(|_| (0..3).map(|_| Var((next() % n as u64) as u32).lit(next() % 2 == 0)).collect())
            .collect()
    }

    /// An enumerating solver over `clauses` (`n` variables), its tuning
    /// changed by `tune`.
    fn enumerating(clauses: &[Vec<SLit>], n: u32, tune: impl FnOnce(&mut Tuning)) -> Solver {
        let mut list = ClauseList::default();
        clauses.iter().for_each(|c| list.push(c));
        let mut tuning = Tuning { enumerate: true, ..Default::default() };
        tune(&mut tuning);
        Solver::new(Problem { num_vars: n as usize, clauses: list, ..Default::default() }, tuning)
    }

    /// A model as bits (variable `i` is bit `i`).
    fn bits(m: &[bool]) -> u32 {
        m.iter().enumerate().map(|(i, &t)| (t as u32) << i).sum()
    }

    fn satisfies(clauses: &[Vec<SLit>], bits: u32) -> bool {
        let holds = |l: SLit| ((bits >> l.var().index()) & 1 == 1) == l.is_positive();
        clauses.iter().all(|c| c.iter().any(|&l| holds(l)))
    }

    /// Every model of random formulas once, under restarts after every
    /// conflict and with clauses added between models (each added clause
    /// turns the flips into clauses first): the brute-force count.
    #[test]
    fn enumeration_by_flips_finds_every_model_once() {
        for seed in 1..40u64 {
            let n = 14;
            let clauses = cnf(n, 40, seed * 7919);
            for (restarts, extra) in
                [(Restarts::Luby(100), false), (Restarts::Fixed(1), false), (Restarts::Fixed(2), true)]
            {
                let mut s = enumerating(&clauses, n, |t| t.params.restarts = restarts);
                let mut added: Vec<Vec<SLit>> = Vec::new();
                let mut seen = std::collections::HashSet::new();
                while let Outcome::Model(m) = s.next_model() {
                    let bits = bits(&m);
                    assert!(satisfies(&clauses, bits) && satisfies(&added, bits), "seed {seed}: not a model");
                    assert!(seen.insert(bits), "seed {seed}: model {bits:b} twice");
                    if extra && seen.len() % 5 == 0 {
                        // exclude the models with x0 as in this one and x1 not
                        let c = vec![Var(0).lit(!m[0]), Var(1).lit(true)];
                        s.add_clause(&c);
                        added.push(c);
                    }
                }
                // the brute-force count of what was not yet found
                let rest = (0..1u32 << n)
                    .filter(|&b| satisfies(&clauses, b) && satisfies(&added, b) && !seen.contains(&b))
                    .count();
                assert_eq!(rest, 0, "seed {seed}: {rest} models missed");
            }
        }
    }

    /// Clauses over fresh conjunction variables added between models, as
    /// the disjunctive candidate-and-check loop adds its nogoods: each
    /// turns the flips into clauses and goes back to the root, where the
    /// units learnt above it are asserted and must be propagated before
    /// the root is simplified (which drops a binary clause over a false
    /// literal as if it had already implied its other one: a model broke
    /// a conjunction's definition, and language seed 160532 printed
    /// answer sets twice). Every model once, every conjunction as defined.
    #[test]
    fn clauses_over_new_variables_between_models_keep_every_model_once() {
        for seed in 1..60u64 {
            let n = 12;
            let clauses = cnf(n, 30, seed * 6_700_417);
            let mut s = enumerating(&clauses, n, |t| t.params.restarts = Restarts::Fixed(1));
            let mut added: Vec<Vec<SLit>> = Vec::new();
            let mut defined: Vec<(SLit, SLit, SLit)> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            let mut k = seed;
            while let Outcome::Model(m) = s.next_model() {
                let bits = bits(&m[..n as usize]);
                assert!(satisfies(&clauses, bits) && satisfies(&added, bits), "seed {seed}: not a model");
                for &(c, a, b) in &defined {
                    let holds = |l: SLit| m[l.var().index()] == l.is_positive();
                    assert_eq!(holds(c), holds(a) && holds(b), "seed {seed}: {c:?} is not {a:?} and {b:?}");
                }
                assert!(seen.insert(bits), "seed {seed}: model {bits:b} twice");
                if seen.len() % 3 == 0 {
                    // "not (xa and xb), or xc", through a new variable for "xa and xb"
                    k = k.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let v = |i: u64| Var(((k >> (8 * i)) % n as u64) as u32).lit((k >> (40 + i)) & 1 == 0);
                    let (a, b, c) = (v(0), v(1), v(2));
                    if a.var() == b.var() {
                        continue;
                    }
                    let ab = s.conjunction(vec![a, b]);
                    defined.push((ab, a, b));
                    s.add_clause(&[!ab, c]);
                    added.push(vec![!a, !b, c]);
                }
            }
            let rest = (0..1u32 << n)
                .filter(|&b| satisfies(&clauses, b) && satisfies(&added, b) && !seen.contains(&b))
                .count();
            assert_eq!(rest, 0, "seed {seed}: {rest} models missed");
        }
    }

    /// Projected enumeration: each model excluded by the clause of its
    /// projection on x0..x4 ([`Solver::exclude`], no flip): every
    /// projection of the brute-force models once.
    #[test]
    fn models_excluded_by_their_projections_give_each_projection_once() {
        for seed in 1..40u64 {
            let n = 12;
            let clauses = cnf(n, 30, seed * 104_729);
            let mut s = enumerating(&clauses, n, |t| t.params.restarts = Restarts::Fixed(3));
            s.models_excluded_by_caller(true);
            let mut seen = std::collections::HashSet::new();
            while let Outcome::Model(m) = s.next_model() {
                let bits = bits(&m);
                assert!(satisfies(&clauses, bits), "seed {seed}: not a model");
                assert!(seen.insert(bits & 31), "seed {seed}: projection {:b} twice", bits & 31);
                let clause: Vec<SLit> = (0..5).map(|v| Var(v).lit(!m[v as usize])).collect();
                s.exclude(&clause);
            }
            let all: std::collections::HashSet<u32> =
                (0..1u32 << n).filter(|&b| satisfies(&clauses, b)).map(|b| b & 31).collect();
            assert_eq!(seen, all, "seed {seed}");
        }
    }

    /// Projected enumeration by backtracking (x0..x4 decided first, the
    /// deepest of them flipped), also with random decisions that break the
    /// order (then the projection's clause): every projection once.
    #[test]
    fn projected_flips_give_each_projection_once() {
        for seed in 1..40u64 {
            let n = 12;
            let clauses = cnf(n, 30, seed * 15_485_863);
            for rand_freq in [0.0, 0.3] {
                let mut s = enumerating(&clauses, n, |t| {
                    t.params.restarts = Restarts::Fixed(3);
                    t.params.rand_freq = rand_freq;
                    t.params.seed = seed;
                });
                assert!(s.project_on(&(0..5).map(Var).collect::<Vec<_>>()));
                let mut seen = std::collections::HashSet::new();
                while let Outcome::Model(m) = s.next_model() {
                    let bits = bits(&m);
                    assert!(satisfies(&clauses, bits), "seed {seed}: not a model");
                    assert!(
                        seen.insert(bits & 31),
                        "seed {seed} ({rand_freq}): projection {:b} twice",
                        bits & 31
                    );
                }
                let all: std::collections::HashSet<u32> =
                    (0..1u32 << n).filter(|&b| satisfies(&clauses, b)).map(|b| b & 31).collect();
                assert_eq!(seen, all, "seed {seed} ({rand_freq})");
            }
        }
    }
}
