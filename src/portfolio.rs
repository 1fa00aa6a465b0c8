//! Parallel search, `-t N`: a portfolio of N differently configured
//! searches in threads racing for the first answer (clasp's `compete`
//! mode), passing their short learnt clauses to each other while they race
//! ([`crate::solver::share`]).
//!
//! Invariants: every search of the race solves the same program under the
//! same clauses (assumptions, projections), so any of them may answer;
//! the first to answer (a model, or no model) wins and the others are
//! stopped; the winner is the search that continues (further answer sets,
//! better costs), so enumeration and optimisation stay those of one
//! search — correct and without repetitions.  A stop asked for by the
//! user reaches every search.

use crate::optimize::{Found, OptConfig, Search};
use crate::program::{GroundProgram, Lit};
use crate::solver::params::{Params, Restarts};
use crate::solver::Tuning;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The searches other than the first, still to be made.
pub struct Race {
    /// How many searches race (the first one included).
    pub threads: usize,
    /// The first search's tuning; the others vary its parameters.
    pub tuning: Tuning,
    /// The optimisation mode and strategy.
    pub config: OptConfig,
    /// The clauses every search gets (assumptions).
    pub clauses: Vec<Vec<Lit>>,
}

/// The parameters of search `i` of a portfolio whose first search uses
/// `base`: other seeds, restart policies and a little randomness, as
/// clasp's portfolio varies its configurations.
pub fn params(base: Params, i: usize) -> Params {
    if i == 0 {
        return base;
    }
    let restarts = match i % 4 {
        1 => Restarts::Geometric(100, 1.5),
        2 => Restarts::Luby(32),
        3 => Restarts::Geometric(128, 1.5),
        _ => Restarts::Luby(256),
    };
    Params {
        seed: base.seed.wrapping_add(7919 * i as u64),
        rand_freq: if i % 2 == 1 { 0.01 } else { 0.02 },
        restarts,
        ..base
    }
}

impl Race {
    /// Runs `first` and the other searches until one answers; `first`
    /// becomes the winner (to continue with); returns its answer.  `stop`
    /// is the user's stop flag, which every search of the race obeys.
    pub fn run(self, first: &mut Search, program: &GroundProgram, stop: &Arc<AtomicBool>) -> Found {
        let done = Arc::new(AtomicBool::new(false));
        let exchange = Arc::new(crate::solver::share::Exchange::default());
        first.share(Some((exchange.clone(), 0)));
        let (tx, rx) = mpsc::channel::<(Option<Search>, Found)>();
        let mut slot = Some(&mut *first);
        let (winner, found) = std::thread::scope(|scope| {
            for i in 0..self.threads {
                let tx = tx.clone();
                let done = done.clone();
                let first = slot.take();
                let race = &self;
                let exchange = exchange.clone();
                scope.spawn(move || match first {
                    Some(search) => {
                        search.set_interrupt(done);
                        let found = search.next(program);
                        let _ = tx.send((None, found));
                    }
                    None => {
                        let Some(mut search) = race.make(i, program) else { return };
                        search.share(Some((exchange, i)));
                        search.set_interrupt(done);
                        let found = search.next(program);
                        let _ = tx.send((Some(search), found));
                    }
                });
            }
            drop(tx);
            let mut results = Vec::new();
            // the first answer; meanwhile, pass the user's stop on
            loop {
                match rx.recv_timeout(Duration::from_millis(10)) {
                    Ok(r) => {
                        results.push(r);
                        break;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if stop.load(Ordering::SeqCst) {
                            done.store(true, Ordering::SeqCst);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            done.store(true, Ordering::SeqCst);
            results.extend(rx.iter());
            // an answer beats a search that was stopped
            let best = results.iter().position(|(_, f)| !matches!(f, Found::Interrupted)).unwrap_or(0);
            results.swap_remove(best)
        });
        if let Some(w) = winner {
            *first = w;
        }
        // the winner goes on alone
        first.share(None);
        first.set_interrupt(stop.clone());
        found
    }

    /// Search `i` (from 1): the program translated anew with its own
    /// parameters, with the race's clauses.
    fn make(&self, i: usize, program: &GroundProgram) -> Option<Search> {
        let tuning = Tuning { params: params(self.tuning.params, i), ..self.tuning };
        let mut search = Search::new(program, tuning, self.config.clone()).ok()?;
        for c in &self.clauses {
            search.add_clause(c);
        }
        Some(search)
    }
}
