//! Restart and learned-clause-database schedules.
//!
//! Restarts follow the policy given ([`Restarts`]; by default the Luby
//! sequence scaled by 100 conflicts). Reductions
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

use super::params::Restarts;

/// When to restart and when to reduce the learnt clauses, counted in conflicts (see the module docs).
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
            Restarts::Never => u64::MAX,
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

    /// True (once) when the current Luby run is over.
    pub fn should_restart(&mut self) -> bool {
        if self.conflicts_since_restart < self.restart_limit {
            return false;
        }
        self.restarts += 1;
        self.conflicts_since_restart = 0;
        self.restart_limit = match self.policy {
            Restarts::Luby(u) => u.saturating_mul(luby(self.restarts)),
            Restarts::Geometric(u, f) => (u as f64 * f.powi(self.restarts.min(1000) as i32)).min(1e18) as u64,
            Restarts::Fixed(u) => u,
            Restarts::Never => u64::MAX,
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
    use super::{Restarts, Schedule};

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

    #[test]
    fn luby_sequence() {
        let v: Vec<u64> = (0..15).map(super::luby).collect();
        assert_eq!(v, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
