//! Dynamic restarts (clasp's `--restarts=D,n,f[,lim]`, glucose's policy):
//! a run ends when the clauses learnt lately are worse than usual — the
//! mean LBD of the last `n` learnt clauses times the factor exceeds the
//! mean over all learnt so far (with `lim > 0` and that mean above `lim`,
//! conflict levels stand in for LBDs). As clasp's, the factor adapts to
//! the runs' lengths: a run that reaches [`CAP`] conflicts ends anyway and
//! raises it by 0.1, a run of [`LONG`] or more raises it by 0.05, and one
//! shorter than [`SHORT`] lowers it by 0.05 while it is above the factor
//! given — so a factor that would never fire on a program still restarts it.
//!
//! Invariant: `window` holds the (LBD, conflict level) of the clauses
//! learnt since the last restart, at most `n` of them, and `window_lbd`,
//! `window_level` are their sums; `learnt`, `total_lbd`, `total_level`
//! count all clauses learnt since the policy started; `factor >= given`.

use std::collections::VecDeque;

/// The longest run, and the run lengths from which the factor rises or falls.
pub const CAP: u64 = 16_000;
pub const LONG: u64 = 4_000;
pub const SHORT: u64 = 1_000;

/// The state of dynamic restarts (see the module documentation).
#[derive(Clone)]
pub struct DynamicRestarts {
    n: u64,
    given: f64,
    lim: u32,
    /// The factor in use.
    pub factor: f64,
    window: VecDeque<(u32, u32)>,
    window_lbd: u64,
    window_level: u64,
    learnt: u64,
    total_lbd: u64,
    total_level: u64,
}

impl DynamicRestarts {
    /// The policy `D,n,factor,lim` before any conflict.
    pub fn new(n: u64, factor: f64, lim: u32) -> DynamicRestarts {
        DynamicRestarts {
            n,
            given: factor,
            lim,
            factor,
            window: VecDeque::new(),
            window_lbd: 0,
            window_level: 0,
            learnt: 0,
            total_lbd: 0,
            total_level: 0,
        }
    }

    /// Records a clause learnt from a conflict: its LBD and the decision
    /// level of the conflict.
    pub fn record(&mut self, lbd: u32, level: u32) {
        self.learnt += 1;
        self.total_lbd += u64::from(lbd);
        self.total_level += u64::from(level);
        if self.window.len() as u64 >= self.n {
            let (l, v) = self.window.pop_front().expect("a full window");
            self.window_lbd -= u64::from(l);
            self.window_level -= u64::from(v);
        }
        self.window.push_back((lbd, level));
        self.window_lbd += u64::from(lbd);
        self.window_level += u64::from(level);
    }

    /// True when the run of `run` conflicts should end: the window is full
    /// and worse than usual, or the run is as long as it may be.
    pub fn due(&self, run: u64) -> bool {
        if run >= CAP {
            return true;
        }
        if (self.window.len() as u64) < self.n || self.learnt == 0 {
            return false;
        }
        let n = self.n as f64;
        let mean_lbd = self.total_lbd as f64 / self.learnt as f64;
        let (recent, overall) = if self.lim > 0 && mean_lbd > f64::from(self.lim) {
            (self.window_level as f64 / n, self.total_level as f64 / self.learnt as f64)
        } else {
            (self.window_lbd as f64 / n, mean_lbd)
        };
        recent * self.factor > overall
    }

    /// A run of `run` conflicts ended: the factor adapts, the window empties.
    pub fn restarted(&mut self, run: u64) {
        if run >= CAP {
            self.factor += 0.1;
        } else if run >= LONG {
            self.factor += 0.05;
        } else if run < SHORT && self.factor > self.given {
            self.factor = (self.factor - 0.05).max(self.given);
        }
        self.window.clear();
        (self.window_lbd, self.window_level) = (0, 0);
    }
}
