//! Restart and learned-clause-database schedules.
//!
//! Restarts follow the policy given ([`Restarts`]; by default the Luby
//! sequence scaled by 100 conflicts). Reductions
//! of the learnt clause database happen every `reduce_interval` conflicts,
//! the interval growing by `reduce_inc` each time (glucose style). Both
//! count conflicts since their last firing; they never fire mid-propagation.

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
}

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
        }
    }

    /// Counts one conflict towards both the next restart and the next reduction.
    pub fn on_conflict(&mut self) {
        self.conflicts_since_restart += 1;
        self.conflicts_since_reduce += 1;
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
    /// restart sequence and the reduction intervals as at the start.
    pub fn start_over(&mut self) {
        *self = Schedule::new(self.policy);
    }

    /// True (once) when the learnt database should be reduced.
    pub fn should_reduce(&mut self) -> bool {
        if self.conflicts_since_reduce < self.reduce_interval {
            return false;
        }
        self.conflicts_since_reduce = 0;
        self.reduce_interval += self.reduce_inc;
        true
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
            s.should_reduce();
        }
        assert!(s.restarts > 3 && s.restart_limit > fresh.0 && s.reduce_interval > fresh.1);
        s.start_over();
        assert_eq!(
            (s.restarts, s.restart_limit, s.reduce_interval, s.conflicts_since_reduce),
            (0, fresh.0, fresh.1, 0)
        );
    }

    #[test]
    fn luby_sequence() {
        let v: Vec<u64> = (0..15).map(super::luby).collect();
        assert_eq!(v, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
