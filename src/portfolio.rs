//! Parallel search, `-t N`: a portfolio of N differently configured
//! searches in threads racing for the first answer (clasp's `compete`
//! mode), passing their short learnt clauses to each other while they race
//! ([`crate::solver::share`]). The other searches are copies of the first
//! made before the race ([`Search::fork`]), as clasp's threads share one
//! problem: nothing is translated twice.
//!
//! Invariants: every search of the race solves the same program under the
//! same clauses (assumptions, projections), so any of them may answer;
//! the first to answer (a model, or no model) wins and the others are
//! stopped; the winner is the search that continues (further answer sets,
//! better costs), so enumeration and optimisation stay those of one
//! search — correct and without repetitions.  Optimising by branch and
//! bound to the optimum ([`Race::converge`]), the searches race to the
//! proof instead: every answer set found tightens every search's bound,
//! only improving answer sets are reported, and the first search to
//! exhaust its bound proves the best costs optimal and goes on alone
//! (`optN`'s optimal answer sets).  A stop asked for by the user reaches
//! every search.  The search that goes on counts the other searches'
//! counters as its own (`--stats` sums them, as clasp sums its threads').

use crate::optimize::{Found, OptConfig, OptMode, OptStrategy, Search};
use crate::program::{GroundProgram, Lit};
use crate::solver::params::{Params, Restarts};
use crate::solver::Tuning;
use crate::solver::{Bound, Stats};
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
    /// The program to make the other searches from, when the race owns
    /// it (a lean solve's, whose rules nothing reads later): it goes
    /// before they are copied from the first (see [`Race::copies`]), or,
    /// when they must be made from it, as soon as the last of them is
    /// made, before the race is over. `None`: they are made from the
    /// program the race is run on.
    pub whole: Option<Arc<GroundProgram>>,
}

/// The parameters of search `i` of a portfolio whose first search uses
/// `base`: other seeds, restart policies and a little randomness, as
/// clasp's portfolio varies its configurations (not the initial order:
/// see `solver::moms`); every other search for one model starts in
/// clasp's plain mode (`solver::phases`), which proves unsatisfiable
/// programs faster, where the first search starts with target phases,
/// which find the models of planning programs quickly. Measured and not
/// kept (2026-11-29, `bench/run.sh --threads 2 suite/`, one run): clasp's
/// VSIDS decay 0.92 for the plain-first searches (it halves killer
/// sudoku's conflicts in one search): suite halves 0.94 / 0.92 of clingo's
/// time against 0.96 / 0.89 before, 5 held-back rows over 2x against 3.
/// Nor (2026-11-30, `-t 2` on the suite's tuning rows, seeds 0-1, runs
/// paired) the plain-first searches staying in plain mode, as clasp's
/// second configuration does: 0.99 of the time and 0.94 of the
/// conflicts, but golfer by count `tune_s1` 3.8x and by slots `tune_s2`
/// 1.3x; with clasp's dynamic restarts (`D,100,0.7`) as well, 1.09.
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
        plain_first: i % 2 == 1,
        ..base
    }
}

impl Race {
    /// Runs `first` and the other searches until one answers; `first`
    /// becomes the winner (to continue with); returns its answer.  `stop`
    /// is the user's stop flag, which every search of the race obeys.
    pub fn run(mut self, first: &mut Search, program: &GroundProgram, stop: &Arc<AtomicBool>) -> Found {
        let done = Arc::new(AtomicBool::new(false));
        let exchange = Arc::new(crate::solver::share::Exchange::default());
        let copies = self.copies(first);
        // once copying, the race's program is gone: no search is made from it
        let copying = !copies.is_empty();
        let mut copies = copies.into_iter();
        first.share(Some((exchange.clone(), 0)));
        let (tx, rx) = mpsc::channel::<(usize, Option<Search>, Found)>();
        let mut slot = Some(&mut *first);
        let whole = self.whole.take();
        let race = &self;
        let (winner, found, mut others) = std::thread::scope(|scope| {
            for i in 0..race.threads {
                let tx = tx.clone();
                let done = done.clone();
                let first = slot.take();
                let copy = if first.is_none() { copies.next() } else { None };
                let exchange = exchange.clone();
                let source = if first.is_none() { whole.clone() } else { None };
                scope.spawn(move || match first {
                    Some(search) => {
                        search.set_interrupt(done);
                        let found = search.next(program);
                        let _ = tx.send((0, None, found));
                    }
                    None => {
                        // a copy, or made while the first search runs
                        let made =
                            if copying { copy } else { race.make(i, source.as_deref().unwrap_or(program)) };
                        drop(source);
                        let Some(mut search) = made else { return };
                        search.share(Some((exchange, i)));
                        search.set_interrupt(done);
                        let found = search.next(program);
                        let _ = tx.send((i, Some(search), found));
                    }
                });
            }
            // the program goes with the last search made from it
            drop(whole);
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
            let best = results.iter().position(|(_, _, f)| !matches!(f, Found::Interrupted)).unwrap_or(0);
            let (index, winner, found) = results.swap_remove(best);
            let mut others = Stats::default();
            for s in results.iter().filter_map(|(_, s, _)| s.as_ref()) {
                others.add_search(&s.stats());
            }
            (winner.map(|w| (index, w)), found, others)
        });
        if let Some((index, w)) = winner {
            // the first search lost: its counters join the others'
            others.add_search(&first.stats());
            *first = w;
            first.set_winner(index);
        }
        first.count_others(&others);
        // the winner goes on alone
        first.share(None);
        first.set_interrupt(stop.clone());
        found
    }

    /// The race can run to the optimum: branch and bound in `opt` or
    /// `optN` on a program with an objective (see [`Race::converge`]).
    pub fn converges(&self, first: &Search) -> bool {
        first.optimizing()
            && matches!(self.config.mode, OptMode::Opt | OptMode::OptN)
            && self.config.strategy == OptStrategy::BranchAndBound
    }

    /// Branch and bound in all searches at once, to the proven optimum
    /// (clasp's `compete` mode with a shared bound): each answer set found
    /// tightens every search's bound, and the first search to exhaust its
    /// bound proves the best costs found optimal.  Returns the improving
    /// answer sets in the order they were found, then `Exhausted` in `opt`
    /// (or when there is no answer set), nothing more in `optN` (the
    /// winner, now `first`, goes on to the optimal answer sets), or
    /// `Interrupted` when the user stopped the race first.
    ///
    /// Soundness: a search sends an answer set before it tightens the
    /// others' bounds with its costs, so every bound a search holds is the
    /// costs of an answer set already sent; its `Exhausted` says nothing
    /// beats that bound, so the best costs sent are optimal.
    pub fn converge(
        mut self,
        first: &mut Search,
        program: &GroundProgram,
        stop: &Arc<AtomicBool>,
    ) -> Vec<Found> {
        let done = Arc::new(AtomicBool::new(false));
        let exchange = Arc::new(crate::solver::share::Exchange::default());
        let mut searches: Vec<Option<Search>> = vec![None];
        let copies = self.copies(first);
        if copies.is_empty() {
            searches.extend(self.make_others(program));
        } else {
            searches.extend(copies.into_iter().map(Some));
        }
        let first_cell = first.bound_cell();
        let cells: Vec<crate::solver::BoundCell> = std::iter::once(first_cell)
            .chain(searches.iter().skip(1).map(|s| s.as_ref().and_then(Search::bound_cell)))
            .flatten()
            .collect();
        enum Message {
            /// An answer set and its costs.
            Model(Vec<bool>, Vec<i64>),
            /// Search `i` ended (handing itself back unless it is `first`)
            /// with these counters.
            End(usize, Option<Search>, Found, Stats),
        }
        let (tx, rx) = mpsc::channel::<Message>();
        let mut slot = Some(&mut *first);
        let (winner, mut out, best, ended) = std::thread::scope(|scope| {
            for (i, made) in searches.into_iter().enumerate() {
                let first = if i == 0 { slot.take() } else { None };
                if first.is_none() && made.is_none() {
                    continue;
                }
                let (tx, done, exchange, cells) = (tx.clone(), done.clone(), exchange.clone(), &cells);
                scope.spawn(move || {
                    let run = |search: &mut Search| -> Found {
                        search.share(Some((exchange, i)));
                        search.set_interrupt(done);
                        search.converge_only();
                        loop {
                            match search.next(program) {
                                Found::Model { truth, costs, .. } => {
                                    let bound = Bound { costs: costs.clone(), strict: true };
                                    let _ = tx.send(Message::Model(truth, costs));
                                    for cell in cells {
                                        bound.clone().set_in(cell);
                                    }
                                }
                                end => return end,
                            }
                        }
                    };
                    match (first, made) {
                        (Some(search), _) => {
                            let end = run(search);
                            let _ = tx.send(Message::End(i, None, end, search.stats()));
                        }
                        (None, Some(mut search)) => {
                            let end = run(&mut search);
                            let stats = search.stats();
                            let _ = tx.send(Message::End(i, Some(search), end, stats));
                        }
                        (None, None) => {}
                    }
                });
            }
            drop(tx);
            let mut out: Vec<Found> = Vec::new();
            let mut best: Option<Vec<i64>> = None;
            let mut winner: Option<(usize, Option<Search>)> = None;
            let mut ended: Vec<(usize, Stats)> = Vec::new();
            loop {
                // the user's stop reaches every search
                if stop.load(Ordering::SeqCst) {
                    done.store(true, Ordering::SeqCst);
                }
                let message = match rx.recv_timeout(Duration::from_millis(10)) {
                    Ok(m) => m,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
                match message {
                    Message::Model(truth, costs) => {
                        // only improving answer sets are reported
                        if best.as_ref().is_none_or(|b| costs < *b) {
                            best = Some(costs.clone());
                            out.push(Found::Model { truth, costs, optimal: false });
                        }
                    }
                    Message::End(i, search, end, stats) => {
                        ended.push((i, stats));
                        if matches!(end, Found::Exhausted) && winner.is_none() {
                            // the optimum is proven: the others stop
                            done.store(true, Ordering::SeqCst);
                            winner = Some((i, search));
                        }
                    }
                }
            }
            (winner, out, best, ended)
        });
        // the counters of every search but the one that goes on
        let goes_on = winner.as_ref().map_or(0, |w| w.0);
        let mut others = Stats::default();
        for (_, s) in ended.iter().filter(|(i, _)| *i != goes_on) {
            others.add_search(s);
        }
        let (proven, any) = (winner.is_some(), best.is_some());
        if let Some((i, search)) = winner {
            if i != 0 {
                if let Some(s) = search {
                    *first = s;
                    first.set_winner(i);
                }
            }
            first.settle(best);
        }
        first.count_others(&others);
        first.share(None);
        first.set_interrupt(stop.clone());
        if !proven {
            out.push(Found::Interrupted);
        } else if self.config.mode == OptMode::Opt || !any {
            out.push(Found::Exhausted);
        }
        out
    }

    /// Searches 1 to `threads - 1` as copies of `first` (see
    /// [`Search::fork`]), made before the race: nothing is translated
    /// again, and the race's program, if it owns one, goes before they
    /// are made, as none is made from it. Empty when `first` cannot be
    /// copied (see [`Search::forkable`]): the others are then made from
    /// the program.
    fn copies(&mut self, first: &Search) -> Vec<Search> {
        if !first.forkable() {
            return Vec::new();
        }
        self.whole = None;
        (1..self.threads).filter_map(|i| first.fork(params(self.tuning.params, i))).collect()
    }

    /// Searches 1 to `threads - 1`, made in parallel (see [`Race::make`])
    /// from the race's program if it owns one, which then goes, else from
    /// `program`.
    fn make_others(&mut self, program: &GroundProgram) -> Vec<Option<Search>> {
        let whole = self.whole.take();
        let source = whole.as_deref().unwrap_or(program);
        let race = &*self;
        std::thread::scope(|scope| {
            let made: Vec<_> = (1..race.threads).map(|i| scope.spawn(move || race.make(i, source))).collect();
            made.into_iter().map(|h| h.join().ok().flatten()).collect()
        })
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

#[cfg(test)]
mod tests {
    use super::params;
    use crate::solver::params::Params;

    /// The first search is the user's; the others vary seed and restarts,
    /// and every other one starts in plain mode.
    #[test]
    fn every_other_search_of_a_portfolio_starts_in_plain_mode() {
        let base = Params::default();
        assert_eq!(params(base, 0), base);
        for i in 1..6 {
            let p = params(base, i);
            assert_ne!(p.seed, base.seed);
            assert_eq!(p.plain_first, i % 2 == 1, "search {i}");
        }
    }
}
