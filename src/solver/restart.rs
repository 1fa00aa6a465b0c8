//! Restart and learned-clause-database schedules.
//!
//! Restarts follow the policy given ([`Restarts`]; by default the Luby
//! sequence scaled by 100 conflicts; dynamic ones: see `dynamic_restart`). Reductions
//! of the learnt clause database happen every `reduce_interval` conflicts,
//! the interval growing by `reduce_inc` each time (glucose style), and
//! also whenever the learnt clauses a reduction may delete outnumber a
//! limit set by the problem's size (three per problem constraint, from
//! 1,000 to 19,500, growing by a tenth each time the conflicts grow by half,
//! up to 20 times the start; after clasp's `--del-init=3.0,500,19500` and
//! `--del-grow=1.1,20.0`, with a lower bound of 1,000, which kept pigeon-hole
//! and TSP rows from slowing down): a small problem keeps a small database,
//! so its propagation stays fast. Both count conflicts since their last firing;
//! they never fire mid-propagation.
//!
//! Measured and not kept (2026-11-29; suite tuning rows, seeds 0-2 and
//! 3-5, paired): restarts counting, in the manner of local restarts, only
//! the conflicts since the decision of level 1 (so a unit learnt resets
//! the count): 1.04 and 0.97 of the time, 1.10 and 1.05 of the conflicts;
//! killer sudoku's tuning rows 0.92 (6 seeds; the default seed of
//! `tune_s2_swap` 110,795 -> 48,324 conflicts). Counting from the deepest
//! level's decision instead: killer 1.02. clasp's own form, read from its
//! `Solver::search` (a counter per decision level; a conflict counts at
//! the level it jumps back to, a popped level's count passes to the level
//! below; a full restart when the current level's count reaches the Luby
//! limit, checked only after conflicts), measured 2026-11-29 on killer
//! sudoku's tuning rows, paired, seeds 0-2 and 3-5: 1.00 and 1.08 of the
//! time with units of 100; 0.98 and 1.40 with tweety's unit of 60 (the
//! unit of 60 alone: 0.79 and 1.05). Not kept.
//!
//! Reduction intervals as clasp's `--del-cfl=+,2000,100,20` runs them
//! (the increment's count starts over after 20 reductions, then after
//! 21, ...: the interval stays near its start, where ours grows without
//! bound), measured 2026-11-30 on the suite's and the optimisation rows'
//! tuning half, seeds 0-2, paired, with peak memory: with our increment
//! of 300, 1.00 of the time, 1.00 of the conflicts and 1.00 of the
//! memory (optimisation rows 0.98, 1.01, 0.99); with clasp's 100, 1.08
//! of the time and 1.11 of the conflicts (one row 6.9x), memory 0.99
//! (optimisation rows 0.96, 1.04, 0.96). Not kept: at `-t 1` these runs
//! are too short for the interval to matter, and the memory of long
//! `-t 2` races follows the conflicts of both searches, as clingo's does
//! (golfer by slots `held_s6` with `-t 2`, five runs: 13.7 MB at 28k
//! conflicts, 23.8 MB at 209k; clingo 18.4 MB at 95k, 21.9 MB at 257k).

/// The `i`-th element (0-based) of the Luby sequence 1 1 2 1 1 2 4 ...
pub fn luby(mut i: u64) -> u64 {
    let mut size = 1u64;
    let mut seq = 0u32;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1u64 << seq
}

use super::dynamic_restart::DynamicRestarts;
use super::params::Restarts;

/// When to restart and when to reduce the learnt clauses, counted in conflicts (see the module docs).
#[derive(Clone)]
pub struct Schedule {
    policy: Restarts,
    restarts: u64,
    conflicts_since_restart: u64,
    restart_limit: u64,
    conflicts_since_reduce: u64,
    reduce_interval: u64,
    reduce_inc: u64,
    /// The most deletable learnt clauses kept before a reduction.
    size_limit: f64,
    /// The limit's bound as it grows.
    size_limit_max: f64,
    /// Conflicts since the schedule started, and the count at which the
    /// limit next grows.
    conflicts: u64,
    next_growth: u64,
    /// The learnt clauses the last reduction could not delete (glue
    /// clauses, reasons): not counted against the limit.
    undeletable: usize,
    /// Dynamic restarts' state, under that policy.
    dynamic: Option<DynamicRestarts>,
}

/// Learnt clauses kept per problem constraint, and the bounds of that limit.
const PER_CONSTRAINT: f64 = 3.0;
const SIZE_LIMIT_MIN: f64 = 1_000.0;
const SIZE_LIMIT_MAX: f64 = 19_500.0;
/// The limit grows by this factor, up to `SIZE_LIMIT_GROWTH_MAX` times its start...
const SIZE_LIMIT_GROWTH: f64 = 1.1;
const SIZE_LIMIT_GROWTH_MAX: f64 = 20.0;
/// ...each time the conflicts grow by half, from this many.
const FIRST_GROWTH: u64 = 100;

impl Schedule {
    /// The schedule at the start of the search (tiny intervals under `cfg(test)`).
    pub fn new(policy: Restarts) -> Schedule {
        // tests use tiny intervals so that restarts and database reductions
        // happen even on the small programs of the property tests
        let (reduce_interval, reduce_inc) = if cfg!(test) { (6, 1) } else { (2000, 300) };
        let policy = match policy {
            Restarts::Luby(_) if cfg!(test) => Restarts::Luby(2),
            p => p,
        };
        let unit = match policy {
            Restarts::Luby(u) | Restarts::Geometric(u, _) | Restarts::Fixed(u) => u,
            Restarts::Dynamic(..) | Restarts::Never => u64::MAX,
        };
        Schedule {
            policy,
            restarts: 0,
            conflicts_since_restart: 0,
            restart_limit: unit,
            conflicts_since_reduce: 0,
            reduce_interval,
            reduce_inc,
            size_limit: f64::INFINITY,
            size_limit_max: f64::INFINITY,
            conflicts: 0,
            next_growth: FIRST_GROWTH,
            undeletable: 0,
            dynamic: match policy {
                Restarts::Dynamic(n, f, lim) => Some(DynamicRestarts::new(n, f, lim)),
                _ => None,
            },
        }
    }

    /// Sets the learnt-clause size limit from the number of problem
    /// constraints (binary and longer clauses, weight constraints).
    pub fn fit_to(&mut self, problem_size: u64) {
        self.size_limit = (PER_CONSTRAINT * problem_size as f64).clamp(SIZE_LIMIT_MIN, SIZE_LIMIT_MAX);
        self.size_limit_max = self.size_limit * SIZE_LIMIT_GROWTH_MAX;
    }

    /// Counts one conflict towards both the next restart and the next reduction.
    pub fn on_conflict(&mut self) {
        self.conflicts_since_restart += 1;
        self.conflicts_since_reduce += 1;
        self.conflicts += 1;
        if self.conflicts >= self.next_growth {
            self.next_growth += self.next_growth / 2;
            self.size_limit = (self.size_limit * SIZE_LIMIT_GROWTH).min(self.size_limit_max);
        }
    }

    /// Records a clause learnt from a conflict: its LBD and the decision
    /// level of the conflict (what dynamic restarts go by).
    pub fn on_learnt(&mut self, lbd: u32, level: u32) {
        if let Some(d) = &mut self.dynamic {
            d.record(lbd, level);
        }
    }

    /// True (once) when the current run is over.
    pub fn should_restart(&mut self) -> bool {
        if let Some(d) = &mut self.dynamic {
            if !d.due(self.conflicts_since_restart) {
                return false;
            }
            d.restarted(self.conflicts_since_restart);
        } else if self.conflicts_since_restart < self.restart_limit {
            return false;
        }
        self.restarts += 1;
        self.conflicts_since_restart = 0;
        self.restart_limit = match self.policy {
            Restarts::Luby(u) => u.saturating_mul(luby(self.restarts)),
            Restarts::Geometric(u, f) => (u as f64 * f.powi(self.restarts.min(1000) as i32)).min(1e18) as u64,
            Restarts::Fixed(u) => u,
            Restarts::Dynamic(..) | Restarts::Never => u64::MAX,
        };
        true
    }

    /// Starts over, as clasp's search state does at each solve call: the
    /// restart sequence and the reduction intervals as at the start, the
    /// size limit set from the problem's constraints now.
    pub fn start_over(&mut self, problem_size: u64) {
        *self = Schedule::new(self.policy);
        self.fit_to(problem_size);
    }

    /// True when the learnt database of `learnt` clauses should be
    /// reduced: once when the reduction interval is over, and whenever
    /// the clauses beyond those the last reduction could not delete
    /// outnumber the size limit.
    pub fn should_reduce(&mut self, learnt: usize) -> bool {
        if self.conflicts_since_reduce >= self.reduce_interval {
            self.conflicts_since_reduce = 0;
            self.reduce_interval += self.reduce_inc;
            return true;
        }
        learnt.saturating_sub(self.undeletable) as f64 > self.size_limit
    }

    /// Records that a reduction left `undeletable` clauses it could not delete.
    pub fn reduced(&mut self, undeletable: usize) {
        self.undeletable = undeletable;
    }
}

#[cfg(test)]
mod tests {
    use super::super::dynamic_restart::{CAP, LONG};
    use super::{Restarts, Schedule};

    fn factor(s: &Schedule) -> f64 {
        s.dynamic.as_ref().expect("dynamic restarts").factor
    }

    /// After many restarts and reductions, starting over gives the
    /// intervals of a new schedule (clasp's state at a new solve call).
    #[test]
    fn a_schedule_started_over_is_new() {
        let mut s = Schedule::new(Restarts::Geometric(10, 2.0));
        let fresh = (s.restart_limit, s.reduce_interval);
        for _ in 0..10_000 {
            s.on_conflict();
            s.should_restart();
            s.should_reduce(0);
        }
        assert!(s.restarts > 3 && s.restart_limit > fresh.0 && s.reduce_interval > fresh.1);
        s.start_over(0);
        assert_eq!(
            (s.restarts, s.restart_limit, s.reduce_interval, s.conflicts_since_reduce),
            (0, fresh.0, fresh.1, 0)
        );
    }

    /// A small problem's database is reduced when its deletable learnt
    /// clauses outnumber three per constraint (at least 1,000), whatever the
    /// interval; clauses a reduction could not delete do not count; the
    /// limit grows with the conflicts, up to 20 times its start, and a new
    /// problem sets it afresh.
    #[test]
    fn a_small_problem_keeps_a_small_database() {
        let mut s = Schedule::new(Restarts::Never);
        s.fit_to(100);
        assert_eq!(s.size_limit, 1_000.0);
        assert!(!s.should_reduce(1_000));
        assert!(s.should_reduce(1_001));
        s.reduced(300);
        assert!(!s.should_reduce(1_300));
        assert!(s.should_reduce(1_301));
        let mut big = Schedule::new(Restarts::Never);
        big.fit_to(1_000_000);
        assert_eq!(big.size_limit, 19_500.0);
        assert!(!big.should_reduce(19_500));
        // growth at 100, 150, 225, ... conflicts: 23 times up to a million
        for _ in 0..1_000_000 {
            s.on_conflict();
        }
        assert!((s.size_limit - 1_000.0 * 1.1f64.powi(23)).abs() < 1e-6, "{}", s.size_limit);
        s.size_limit = 19_999.0;
        for _ in 0..1_000_000 {
            s.on_conflict();
        }
        assert_eq!(s.size_limit, 1_000.0 * 20.0);
        s.start_over(1_000);
        assert_eq!(s.size_limit, 3_000.0);
    }

    /// Dynamic restarts wait for a full window of learnt clauses, then
    /// restart when their mean LBD times the factor exceeds the mean of
    /// all; the window starts empty again after each restart. With a
    /// limit below the mean LBD, conflict levels are compared instead.
    #[test]
    fn dynamic_restarts_follow_the_lbd_of_recent_clauses() {
        let mut s = Schedule::new(Restarts::Dynamic(3, 0.7, 0));
        for _ in 0..10 {
            s.on_conflict();
            s.on_learnt(4, 9);
        }
        // recent 4 * 0.7 < 4: no restart, however many conflicts pass
        assert!(!s.should_restart());
        // window 4, 4, 10: 6 * 0.7 = 4.2 <= 50 / 11
        s.on_learnt(10, 9);
        assert!(!s.should_restart());
        // window 4, 10, 10: 8 * 0.7 = 5.6 > 60 / 12
        s.on_learnt(10, 9);
        assert!(s.should_restart());
        assert!(!s.should_restart(), "the window is empty after a restart");
        s.on_learnt(10, 9);
        s.on_learnt(10, 9);
        assert!(!s.should_restart());
        s.on_learnt(10, 9);
        assert!(s.should_restart());
        // levels: a limit of 5 is below the mean LBD; recent levels 9 * 0.7
        // do not exceed their mean 9, though the LBDs would restart
        let mut s = Schedule::new(Restarts::Dynamic(2, 0.7, 5));
        for lbd in [6, 6, 20, 20] {
            s.on_learnt(lbd, 9);
        }
        assert!(!s.should_restart());
        let mut s = Schedule::new(Restarts::Dynamic(2, 0.7, 0));
        for lbd in [6, 6, 20, 20] {
            s.on_learnt(lbd, 9);
        }
        assert!(s.should_restart());
        // a factor that never fires: the run ends at the cap and the factor
        // rises; a long run raises it less; short runs bring it back down
        let mut s = Schedule::new(Restarts::Dynamic(2, 0.5, 0));
        for i in 0..CAP {
            s.on_conflict();
            s.on_learnt(5, 9);
            assert_eq!(s.should_restart(), i + 1 == CAP);
        }
        assert!((factor(&s) - 0.6).abs() < 1e-9);
        for _ in 0..LONG {
            s.on_conflict();
            s.on_learnt(5, 9);
        }
        s.on_learnt(30, 9);
        s.on_learnt(30, 9);
        assert!(s.should_restart());
        assert!((factor(&s) - 0.65).abs() < 1e-9);
        for _ in 0..3 {
            s.on_conflict();
            s.on_learnt(30, 9);
            s.on_learnt(30, 9);
            assert!(s.should_restart());
        }
        assert!((factor(&s) - 0.5).abs() < 1e-9, "not below the factor given: {}", factor(&s));
        // other policies ignore learnt clauses
        let mut s = Schedule::new(Restarts::Never);
        s.on_learnt(3, 3);
        assert!(s.dynamic.is_none());
    }

    #[test]
    fn luby_sequence() {
        let v: Vec<u64> = (0..15).map(super::luby).collect();
        assert_eq!(v, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
