//! Root-level simplification: once new literals are fixed at decision
//! level 0, clauses satisfied by them are deleted and their false literals
//! removed (long clauses that shrink to two literals become binary ones).
//!
//! Invariant afterwards: no clause mentions a root-level variable, root
//! literals have no reason (they are never explained), and every long
//! clause is watched by its first two literals. Weight constraints that
//! can no longer propagate are no longer watched (see
//! `WeightDb::simplify`); the unfounded-set checker is left alone.

use super::assignment::Reason;
use super::lit::SLit;
use super::Solver;

impl Solver {
    /// Call only at decision level 0 at a propagation fixpoint.
    pub(super) fn simplify(&mut self) {
        debug_assert_eq!(self.assign.decision_level(), 0);
        // MiniSat's rule: only when new root literals exist and at least as
        // many propagations as there are clause literals happened since the
        // last pass, so the pass costs no more than the search between two
        if self.assign.trail.len() == self.simplified_at || self.stats.propagations < self.simplify_after {
            return;
        }
        self.simplified_at = self.assign.trail.len();
        for &l in &self.assign.trail {
            self.assign.reason[l.var().index()] = Reason::None;
        }
        // binary clauses (¬x ∨ y) stored as y in bin[x]
        for x in 0..self.watches.bin.len() {
            let xl = SLit::from_raw(x as u32);
            if !self.assign.is_undef(xl) {
                self.watches.bin[x].clear();
                continue;
            }
            let value = &self.assign.value;
            self.watches.bin[x].retain(|&y| value[y.code()] == 0);
        }
        // no clause is a reason at the root level: references to clauses
        // are rebuilt below, only the watches hold any
        let value = &self.assign.value;
        let watches = &mut self.watches;
        let shortened = self.db.simplify(
            |l| value[l.code()] > 0,
            |l| value[l.code()] < 0,
            |a, b| watches.add_binary(a, b),
        );
        for ws in &mut self.watches.long {
            ws.clear();
        }
        // the clauses left whole first, then the shortened ones: each
        // literal's watches are visited in that order
        let live = self.db.live();
        let whole = live.iter().filter(|c| shortened.binary_search_by_key(&c.0, |s| s.0).is_err());
        for &c in whole.chain(&shortened) {
            let (a, b) = {
                let l = self.db.lits(c);
                (l[0], l[1])
            };
            self.watches.watch_clause(c, &[a, b]);
        }
        self.weights.simplify(&self.assign);
        self.simplify_after =
            self.stats.propagations + self.db.arena_len() as u64 + self.watches.num_binary();
    }
}
