//! Search parameters a user may set: the restart policy, random decisions
//! and their seed (clasp's `--restarts`, `--rand-freq`, `--seed`), initial
//! scores (`--init-moms`), the decay ramp (`--vsids-progress`), and the
//! presets `--configuration` names.
//!
//! Invariant: the parameters change how the search runs, never what it
//! finds — every setting is complete and sound.

use std::str::FromStr;

/// When to restart, in conflicts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Restarts {
    /// The Luby sequence scaled by a unit (clasp's `L,n`).
    Luby(u64),
    /// `unit`, then each run `factor` times longer (clasp's `x,n,f`).
    Geometric(u64, f64),
    /// Every `n` conflicts (clasp's `F,n`).
    Fixed(u64),
    /// Glucose-style (clasp's `D,n,f[,lim]`): after at least `n` conflicts
    /// since the last restart, when the mean LBD of the last `n` learnt
    /// clauses times `f` exceeds the mean over the whole search; with
    /// `lim > 0` and that whole-search mean above `lim`, conflict levels
    /// stand in for LBDs.
    Dynamic(u64, f64, u32),
    /// Never (clasp's `no`).
    Never,
}

impl FromStr for Restarts {
    type Err = String;

    /// clasp's spellings: `no`/`0`, `L,n`, `x,n,f`, `F,n`, `D,n,f[,lim]`.
    fn from_str(s: &str) -> Result<Restarts, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let num = |i: usize| -> Result<u64, String> {
            match parts.get(i).map(|p| p.parse::<u64>()) {
                Some(Ok(n)) if n > 0 => Ok(n),
                _ => Err(format!("'{s}': expected a positive number of conflicts")),
            }
        };
        match parts[0] {
            "no" | "0" if parts.len() == 1 => Ok(Restarts::Never),
            "L" | "l" | "luby" if parts.len() <= 3 => Ok(Restarts::Luby(num(1)?)),
            "F" | "f" | "fixed" if parts.len() <= 2 => Ok(Restarts::Fixed(num(1)?)),
            "x" | "*" | "geom" if parts.len() <= 4 => {
                let factor = match parts.get(2).map(|f| f.parse::<f64>()) {
                    Some(Ok(f)) if f >= 1.0 => f,
                    _ => return Err(format!("'{s}': expected x,<unit>,<factor> with factor >= 1")),
                };
                Ok(Restarts::Geometric(num(1)?, factor))
            }
            "D" | "d" if (3..=4).contains(&parts.len()) => {
                let factor = match parts[2].parse::<f64>() {
                    Ok(f) if f > 0.0 && f.is_finite() => f,
                    _ => return Err(format!("'{s}': expected D,<n>,<f>[,<lim>] with factor > 0")),
                };
                let lim = match parts.get(3).map(|l| l.parse::<u32>()) {
                    None => 0,
                    Some(Ok(l)) => l,
                    Some(Err(_)) => {
                        return Err(format!("'{s}': expected D,<n>,<f>[,<lim>] with a whole number <lim>"))
                    }
                };
                Ok(Restarts::Dynamic(num(1)?, factor, lim))
            }
            _ => Err(format!("'{s}': expected no, L,<n>, x,<n>,<f>, F,<n> or D,<n>,<f>[,<lim>]")),
        }
    }
}

/// How the VSIDS decay develops (clasp's `--vsids-progress`, see `decide`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// The decay stays fixed (the default, and clasp's `--vsids-progress=0`).
    /// A ramp from 0.85 by 0.01 every 5,000 conflicts as the default of
    /// searches for one model measured 0.93 and 0.99 (time geomean against
    /// no ramp) on the 66 suite and solitaire tuning rows with two sets of
    /// 3 seeds, with rows 2-8x slower either way: noise, not a gain.
    Off,
    /// From `start`, `step` more every `every` conflicts, up to the
    /// search's decay.
    Ramp {
        /// The first decay.
        start: f64,
        /// What the decay grows by.
        step: f64,
        /// Conflicts between growths.
        every: u64,
    },
}

impl FromStr for Progress {
    type Err = String;

    /// clasp's spelling: `0` (off) or `<n>[,<i>][,<c>]`: start at decay
    /// 0.<n>, grow by <i>/100 (1 to 100, default 1) every <c> conflicts
    /// (default 5000).
    fn from_str(s: &str) -> Result<Progress, String> {
        let bad = || {
            format!("'{s}': expected 0 or <n>[,<i>][,<c>] (e.g. 85,1,5000: from 0.85, 0.01 more every 5000 conflicts)")
        };
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let nums: Vec<u64> =
            parts.iter().map(|p| p.parse::<u64>()).collect::<Result<_, _>>().map_err(|_| bad())?;
        match nums[..] {
            [0] => Ok(Progress::Off),
            [n, ..] if n > 0 && nums.len() <= 3 => {
                let step = *nums.get(1).unwrap_or(&1);
                let every = *nums.get(2).unwrap_or(&5000);
                if !(1..=100).contains(&step) || every == 0 {
                    return Err(bad());
                }
                let mut start = n as f64;
                while start >= 1.0 {
                    start /= 10.0;
                }
                Ok(Progress::Ramp { start, step: step as f64 / 100.0, every })
            }
            _ => Err(bad()),
        }
    }
}

/// The parameters of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Seeds the random decisions.
    pub seed: u64,
    /// The share of decisions made on a random variable (0 to 1).
    pub rand_freq: f64,
    /// The restart policy.
    pub restarts: Restarts,
    /// Decisions follow the program's `#heuristic` directives
    /// (`--heuristic=Domain`).
    pub domain: bool,
    /// The VSIDS decay factor the user chose (clasp's `--heuristic=Vsids,<n>`
    /// is 0.<n>); `None`: the search's own (0.95 for one model, 0.92
    /// when enumerating). clasp's 0.92 for one model too, measured
    /// 2026-11-29 (suite tuning rows, 3 seeds, paired): 1.09 of the time
    /// (killer sudoku `held_s3` half the conflicts, golfer `tune_s1` rows
    /// 10x); 0.92 in plain mode only (see `phases`): 1.02.
    pub decay: Option<f64>,
    /// The first decisions follow scores from the binary clauses (clasp's
    /// `--init-moms`, see `moms`); off: the variables' order.
    pub init_moms: bool,
    /// The decay ramp.
    pub progress: Progress,
    /// A search for one model starts in plain mode, not target mode (see
    /// `phases`). Not a clasp option: the portfolio's odd-numbered
    /// searches (`-t N`) set it.
    pub plain_first: bool,
    /// Stop after this many conflicts or restarts (clasp's `--solve-limit`).
    pub solve_limit: Option<SolveLimit>,
}

/// clasp's `--solve-limit=<n>[,<m>]`: the search stops (its answer so far
/// unknown) after `n` conflicts, or `m` restarts, in all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveLimit {
    /// Conflicts.
    pub conflicts: u64,
    /// Restarts; `None`: no limit.
    pub restarts: Option<u64>,
}

impl std::str::FromStr for SolveLimit {
    type Err = String;
    fn from_str(s: &str) -> Result<SolveLimit, String> {
        // clasp's `umax`: no limit
        let number = |w: &str| match w.trim() {
            "umax" => Ok(None),
            w => w.parse::<u64>().map(Some).map_err(|_| {
                format!("'{s}': expected <n>[,<m>], numbers of conflicts and restarts (or umax)")
            }),
        };
        let (n, m) = match s.split_once(',') {
            None => (number(s)?, None),
            Some((n, m)) => (number(n)?, number(m)?),
        };
        Ok(SolveLimit { conflicts: n.unwrap_or(u64::MAX), restarts: m })
    }
}

impl SolveLimit {
    /// Whether a search with these counts has reached the limit.
    pub fn reached(&self, conflicts: u64, restarts: u64) -> bool {
        conflicts >= self.conflicts || self.restarts.is_some_and(|m| restarts >= m)
    }
}

impl Default for Params {
    fn default() -> Params {
        Params {
            seed: 1,
            rand_freq: 0.0,
            restarts: Restarts::Luby(100),
            domain: false,
            decay: None,
            init_moms: false,
            progress: Progress::Off,
            plain_first: false,
            solve_limit: None,
        }
    }
}

impl Params {
    /// The preset `--configuration=name` selects: `auto`, `tweety` and
    /// `many` are minasp's defaults (Luby restarts of 100 conflicts);
    /// `handy` and `trendy` restart dynamically (`D,100,0.7`, as clasp's
    /// presets of those names); `frumpy` restarts geometrically (100 conflicts, 1.5
    /// times longer each run); `jumpy` restarts often (Luby of 32) and
    /// makes 1% of its decisions at random; `crafty` restarts geometrically
    /// from 128 conflicts.  Options given beside it override it.
    pub fn configuration(name: &str) -> Result<Params, String> {
        let d = Params::default();
        Ok(match name {
            "auto" | "tweety" | "many" => d,
            "handy" | "trendy" => Params { restarts: Restarts::Dynamic(100, 0.7, 0), ..d },
            "frumpy" => Params { restarts: Restarts::Geometric(100, 1.5), ..d },
            "jumpy" => Params { restarts: Restarts::Luby(32), rand_freq: 0.01, ..d },
            "crafty" => Params { restarts: Restarts::Geometric(128, 1.5), ..d },
            _ => {
                return Err(format!(
                    "'{name}' is not a configuration (auto, frumpy, jumpy, tweety, handy, crafty, trendy, many; minasp reads no configuration files)"
                ))
            }
        })
    }
}

/// A small fast pseudo-random generator (xorshift64*): the same seed gives
/// the same search.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restarts_read_clasp_spellings() {
        assert_eq!("no".parse::<Restarts>(), Ok(Restarts::Never));
        assert_eq!("L,64".parse::<Restarts>(), Ok(Restarts::Luby(64)));
        assert_eq!("x,100,1.5".parse::<Restarts>(), Ok(Restarts::Geometric(100, 1.5)));
        assert_eq!("F,500".parse::<Restarts>(), Ok(Restarts::Fixed(500)));
        assert_eq!("D,100,0.7".parse::<Restarts>(), Ok(Restarts::Dynamic(100, 0.7, 0)));
        assert_eq!("d,50,0.8,20".parse::<Restarts>(), Ok(Restarts::Dynamic(50, 0.8, 20)));
        for bad in ["D,100", "D,0,0.7", "D,100,0", "D,100,-1", "D,100,0.7,x", "D,100,0.7,1,2"] {
            assert!(bad.parse::<Restarts>().is_err(), "{bad}");
        }
        assert!("L".parse::<Restarts>().is_err());
        assert!("x,100,0.5".parse::<Restarts>().is_err());
    }

    #[test]
    fn progress_reads_clasp_spellings() {
        assert_eq!("0".parse::<Progress>(), Ok(Progress::Off));
        assert_eq!("85".parse::<Progress>(), Ok(Progress::Ramp { start: 0.85, step: 0.01, every: 5000 }));
        assert_eq!("8,2,100".parse::<Progress>(), Ok(Progress::Ramp { start: 0.8, step: 0.02, every: 100 }));
        for bad in ["", "x", "85,0", "85,101", "85,1,0", "85,1,1,1", "-3"] {
            assert!(bad.parse::<Progress>().is_err(), "{bad}");
        }
    }

    #[test]
    fn configurations_are_presets() {
        assert_eq!(Params::configuration("auto"), Ok(Params::default()));
        assert_ne!(Params::configuration("frumpy").unwrap(), Params::default());
        assert_eq!(Params::configuration("trendy").unwrap().restarts, Restarts::Dynamic(100, 0.7, 0));
        assert!(Params::configuration("foo").is_err());
    }

    #[test]
    fn random_numbers_stay_in_range() {
        let mut r = Rng::new(0);
        for _ in 0..1000 {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            assert!(r.below(7) < 7);
        }
    }
}
