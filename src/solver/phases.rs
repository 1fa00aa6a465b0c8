//! The sign a search for one model gives its decisions, in two modes it
//! alternates between at restarts.
//!
//! - **Target** mode: progress saving on every backjump, and target
//!   phases (see `decide`): the search is led back towards the largest
//!   consistent partial assignment it has found. That finds models of
//!   planning and puzzle programs quickly.
//! - **Plain** mode, clasp's default: phases are saved only on backjumps
//!   over more than 160 levels; a variable without a saved phase is
//!   decided to the sign its literals have more often in the clauses
//!   learnt so far (clasp's VSIDS sign score, see `decide`), and with no
//!   such majority atoms are decided false and bodies true.
//!   Where the assignment target phases lead back to is a trap (a
//!   vertex cover as small as it can be: the longest consistent prefix
//!   leaves out nodes the cover needs), this escapes it.
//!
//! A search starts in target mode (the portfolio's odd-numbered searches
//! in plain mode, see `Params::plain_first`); it switches after `FIRST`
//! conflicts, each period in plain mode lasts as long as the target
//! period before it, and each target period is `GROW` times the one
//! before. Neither mode can stay stuck for long, and as conflicts
//! accumulate the time is shared about evenly: a program that one mode
//! solves quickly costs at most about three times what that mode alone
//! would take.
//!
//! Plain mode first, measured against target mode first (2026-11-29) and
//! not made the default. With 1% random decisions, both binaries run row
//! by row, 3 seeds: the tuning half's 52 single-model suite rows took
//! 0.96 of the time (conflicts over 6 seeds 0.98), the held-back half's
//! 0.89 (conflicts 0.82), the other 56 single-model tuning rows 0.97;
//! unsatisfiable rows gained most (killer sudoku `tune_s2_swap` 0.25x,
//! colouring 0.5x), planning rows lost (sokoban `tune_s1` 2.6x). But the
//! full benchmark run (deterministic, `bench/run.sh`) went from 0.80 to
//! 0.83 of clingo's time over all rows: held-back suite half 0.95 ->
//! 0.86, tuning half 0.79 -> 0.88, incremental planning 0.75 -> 0.97, the
//! 15-puzzle walk of 40 moves 25 s -> 54 s (its conflicts cost 1.7 times
//! as much in plain mode), three Solitaire boards 3-8x slower. Planning
//! with frame axioms is what target phases are for, so they stay first,
//! and plain mode first is the other half of `-t 2`.
//!
//! Dynamic restarts (clasp's `D,100,0.7`) in plain mode and Luby ones in
//! target mode, as kissat pairs its focused and stable modes, measured the
//! same way (2026-11-29, 3 seeds): the tuning half's suite rows 0.96 of
//! the time (vertex cover, colouring 0.6x; golfer_count `tune_s1` 12x,
//! sokoban `tune_s1` 2.8x), the other tuning rows 1.09 (Solitaire
//! `full_29` 4x, 3-SAT `s5` 4.4x), the held-back suite rows 1.06; not
//! adopted. Dynamic restarts in target mode instead: tuning suite rows
//! 1.04 (the killer sudokus 0.35-0.6x, golfer_count `tune_s1` 25x).
//!
//! Nor can the clauses learnt tell the modes apart. Counted per mode on
//! every tuning suite row (2026-11-30): plain mode's learnt clauses have a
//! third to a half of target mode's LBD on every row (killer sudoku 6
//! against 16, Hanoi 5 against 9, blocks world 4 against 57), planning
//! rows included, where target mode finds the plan: a choice of mode by
//! LBD would always pick plain. Plain mode alone on killer sudoku by sums
//! `held_s3` (seeds 0-2): 20,618, 10,912 and 18,495 conflicts (clingo
//! 19,831, 16,232, 17,033; alternating 45,271, 11,391, 76,482), learnt
//! clauses of 21 literals on average as clasp's, 32 in target mode alone.
//!
//! Plain periods three times as long after a target period that found
//! no longer consistent assignment than any before it (above the root
//! level; unsatisfiable programs stall there, planning ones keep
//! growing), measured the same way: tuning suite rows 0.97 (vertex
//! cover 0.7x, killer sudoku by sums 0.71x, golfer_count `tune_s1`
//! 2.2x), other tuning rows 1.02, held-back suite rows 1.03 (Hanoi
//! `held_s7` 2.4x); six times as long: tuning suite rows 1.02. Not
//! adopted.
//!
//! Target mode made more like kissat's stable mode, measured 2026-12-01
//! (the suite's tuning rows, seeds 0-2, paired): the target kept across
//! restarts (reset only when the mode switches) 1.04 of the time and 0.98
//! of the conflicts (killer sudoku by sums `tune_s1` 0.37x, colouring
//! 0.27x; the golfer rows `tune_s1` 4.8x and 7.3x, sokoban by moves
//! `tune_s1` 2.0x); restarts three times as far apart in target mode
//! (Luby unit 300) 1.06 of the time and 1.10 of the conflicts (vertex
//! cover by cardinality `tune_s1` 3.6x). Not kept.
//!
//! Periods measured in propagation effort instead of conflicts (kissat
//! switches its modes by "ticks"; here the long-clause watches visited
//! and clauses looked into, the first period still 4,000 conflicts),
//! measured 2026-12-01 (6 seeds each): on killer sudoku by sums
//! `tune_s2_swap` the two modes spent about as many ticks per conflict,
//! so the periods hardly moved (72,665 conflicts against 70,107); vertex
//! cover by cardinality `tune_s1` 35,815 against 15,591. Not kept.
//! Dynamic restarts in plain mode measured again the same day with four
//! seeds (the suite's 52 tuning rows, paired): 1.008 of the time and
//! 1.002 of the conflicts — vertex cover 0.4-0.6x, 3-SAT and colouring
//! 0.66-0.76x, but sokoban by moves `tune_s1` 3.2x, Hanoi `tune_s3`
//! 1.4x, the golfer rows `tune_s1` 4.7x and 5.6x. Not kept.
//! Each mode with its own VSIDS activities (as kissat's two modes have
//! their own heuristics; only the current mode's bumped, plain mode's
//! starting from 0 or from MOMS scores), measured the same day, 4 seeds:
//! killer sudoku by sums `tune_s2_swap` 65,106 conflicts -> 89,104 (from
//! 0) and 73,755 (MOMS), `tune_s1` 8,865 -> 11,326 and 10,576, vertex
//! cover by cardinality `tune_s1` 14,499 -> 22,890 and 30,252, by count
//! `tune_s2_under` 360,673 -> 333,356 and 341,730. Not kept.
//!
//! Target mode first, measured on the benchmarks' tuning half (45 single-model suite rows,
//! solitaire, 3-SAT, pigeon-hole and 15-puzzle rows; 3 seeds each with
//! 1% random decisions, 213 runs): the geometric mean of the time ratios
//! to clingo went from 0.92 to 0.84 and the largest ratio from 39 to 12
//! (the two vertex-cover rows: 20x and 34x in target mode alone, 1.1x and
//! 1.3x alternating). Three unsatisfiable rows got slower (vertex cover
//! 0.67 -> 1.85, the killer sudokus 4.1 -> 8.1 and 2.4 -> 3.5): a
//! conflict costs more in plain mode there. Plain periods half or a
//! quarter as long as target ones helped less overall (0.89, 0.90).
//! The sign scores were added later, measured the same way on the 78
//! single-model tuning rows (234 runs): 1.115 -> 1.025, the suite rows
//! 1.19 -> 1.09, 3-SAT and pigeon-hole 0.97 -> 0.74. Without them a
//! conflict cost three times as much in plain mode as in target mode on
//! the killer sudokus: decisions against most learnt clauses' literals
//! made the search visit their watches ten times as often (clasp's own
//! choices follow the same scores).
//! Branch and bound is in plain mode throughout, as clasp's is. On the
//! optimisation tuning rows (16 rows, 3 runs each: deterministic and 2
//! seeds of 1% random decisions) target mode throughout gave a geometric
//! mean of 1.41 against clingo, alternating 1.18, plain mode 0.94: graph
//! colouring with the fewest colours 2.5x -> 1.0x, TSP in the position
//! style 3.4x -> 1.5x, timetabling 2.5-4x -> under 1x; TSP by
//! reachability went from 0.9x to 2.3x (as many conflicts as clasp, at
//! twice its cost each).
//!
//! Invariant: `current` is the current mode; `next` is the conflict count
//! at which the next restart switches modes; `len` is the length of the
//! last target period.

/// Conflicts before the first switch. Measured against 2,000 and 8,000
/// (2026-11-30, the suite's tuning rows, seeds 0-2, paired): 1.05 and
/// 1.09 of the time, 1.04 and 1.06 of the conflicts.
const FIRST: u64 = 4000;

/// Each target period is this many times the one before.
const GROW: f64 = 1.5;

/// Backjumps over more levels than this save phases in plain mode.
pub const PLAIN_SAVE_PROGRESS: u32 = 160;

/// The alternation between the two modes (see the module documentation).
#[derive(Clone)]
pub struct Modes {
    /// The mode the search started in.
    first: Mode,
    /// The mode the search is in.
    current: Mode,
    next: u64,
    len: u64,
    /// Per variable: its sign in plain mode (true for bodies); variables
    /// beyond it are false.
    initial: Vec<bool>,
}

/// The mode a search switches to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Target,
    Plain,
}

impl Modes {
    /// Alternation for a search in mode `first` now, at `conflicts`, whose
    /// plain-mode signs are `initial`.
    pub fn new(initial: Vec<bool>, conflicts: u64, first: Mode) -> Modes {
        Modes { first, current: first, next: conflicts + FIRST, len: FIRST, initial }
    }

    /// Back to the first mode with the first period ahead, at `conflicts`
    /// (a search given a new problem); the mode to switch to, if any.
    pub fn start_over(&mut self, conflicts: u64) -> Option<Mode> {
        let now = self.current;
        *self = Modes::new(std::mem::take(&mut self.initial), conflicts, self.first);
        (now != self.first).then_some(self.first)
    }

    /// The alternation of a copy of this search (see `fork`) that starts
    /// in mode `first` at `conflicts`, with the same plain-mode signs.
    pub fn restarted(&self, conflicts: u64, first: Mode) -> Modes {
        Modes::new(self.initial.clone(), conflicts, first)
    }

    /// At a restart after `conflicts` conflicts in all: the mode to
    /// switch to, if it is time.
    pub fn at_restart(&mut self, conflicts: u64) -> Option<Mode> {
        if conflicts < self.next {
            return None;
        }
        self.current = if self.current == Mode::Plain { Mode::Target } else { Mode::Plain };
        if self.current == Mode::Target {
            self.len = (self.len as f64 * GROW) as u64;
        }
        self.next = conflicts + self.len;
        Some(self.current)
    }

    /// The plain-mode sign of variable `v`.
    pub fn initial(&self, v: usize) -> bool {
        self.initial.get(v).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::super::lit::Var;
    use super::super::params::Params;
    use super::super::{Problem, Solver, Tuning};
    use super::{Mode, Modes, FIRST, PLAIN_SAVE_PROGRESS};

    #[test]
    fn a_search_for_one_model_switches_between_target_and_plain_signs() {
        // v2 is a body: plain mode decides it true, the others false
        let problem =
            || Problem { num_vars: 3, enumeration_phases: vec![Var(2).pos()], ..Default::default() };
        // plain mode first when asked (the portfolio's other searches):
        // static signs, phases saved on long backjumps, sign scores
        let plain_first = Params { plain_first: true, ..Params::default() };
        let mut s = Solver::new(problem(), Tuning { params: plain_first, ..Tuning::default() });
        assert!(s.modes.is_some());
        assert_eq!(s.order.phase, [false, false, true]);
        assert_eq!(s.save_progress, PLAIN_SAVE_PROGRESS);
        s.order.count_learnt(&[Var(0).pos()]);
        assert_eq!(s.order.decision(Var(0)), Var(0).pos());
        // by default target mode first
        let mut s = Solver::new(problem(), Tuning::default());
        assert!(s.modes.is_some());
        assert_eq!(s.save_progress, 0);
        s.order.phase = vec![true, true, false];
        s.order.offer_target(&[Var(0).pos()]);
        s.switch_mode(Mode::Plain);
        assert_eq!(s.order.phase, [false, false, true]);
        assert_eq!(s.save_progress, PLAIN_SAVE_PROGRESS);
        // no target phase overrides the plain sign
        assert_eq!(s.order.decision(Var(0)), Var(0).lit(false));
        // the sign its literals have more often in learnt clauses does
        s.order.count_learnt(&[Var(0).pos(), Var(2).lit(false)]);
        assert_eq!(s.order.decision(Var(0)), Var(0).pos());
        assert_eq!(s.order.decision(Var(2)), Var(2).lit(false));
        s.switch_mode(Mode::Target);
        // not in target mode: the phase (true) decides v2
        assert_eq!(s.order.decision(Var(2)), Var(2).pos());
        assert_eq!(s.save_progress, 0);
        s.order.offer_target(&[Var(1).pos()]);
        assert_eq!(s.order.decision(Var(1)), Var(1).pos());
        // neither branch and bound nor enumeration alternates
        for tuning in
            [Tuning { optimize: true, ..Tuning::default() }, Tuning { enumerate: true, ..Tuning::default() }]
        {
            assert!(Solver::new(problem(), tuning).modes.is_none());
        }
        // branch and bound is in plain mode throughout: static signs,
        // phases saved on long backjumps, sign scores
        let mut s = Solver::new(problem(), Tuning { optimize: true, ..Tuning::default() });
        assert_eq!(s.order.phase, [false, false, true]);
        assert_eq!(s.save_progress, PLAIN_SAVE_PROGRESS);
        s.order.count_learnt(&[Var(0).pos()]);
        assert_eq!(s.order.decision(Var(0)), Var(0).pos());
        s.order.offer_target(&[Var(1).pos()]);
        assert_eq!(s.order.decision(Var(1)), Var(1).lit(false));
    }

    #[test]
    fn modes_alternate_with_growing_periods() {
        let mut m = Modes::new(vec![true, false], 0, Mode::Target);
        assert_eq!(m.at_restart(FIRST - 1), None);
        assert_eq!(m.at_restart(FIRST), Some(Mode::Plain));
        // plain lasts as long as the target period before it
        assert_eq!(m.at_restart(2 * FIRST - 1), None);
        assert_eq!(m.at_restart(2 * FIRST), Some(Mode::Target));
        // the next target period is 1.5 times longer, as is the plain one after it
        assert_eq!(m.at_restart(2 * FIRST + 3 * FIRST / 2 - 1), None);
        assert_eq!(m.at_restart(2 * FIRST + 3 * FIRST / 2), Some(Mode::Plain));
        assert_eq!(m.at_restart(5 * FIRST - 1), None);
        assert_eq!(m.at_restart(5 * FIRST), Some(Mode::Target));
        assert!(m.initial(0) && !m.initial(1) && !m.initial(7));
        // a new problem: the first mode, the first period again
        assert_eq!(m.at_restart(6 * FIRST), None);
        let mut m2 = Modes::new(vec![], 0, Mode::Target);
        m2.at_restart(FIRST);
        assert_eq!(m2.start_over(FIRST + 1), Some(Mode::Target));
        assert_eq!(m2.at_restart(2 * FIRST), None);
        assert_eq!(m2.at_restart(2 * FIRST + 1), Some(Mode::Plain));
        // plain first: FIRST conflicts plain, then target 1.5 times as
        // long, then plain as long as that
        let mut m3 = Modes::new(vec![], 0, Mode::Plain);
        assert_eq!(m3.start_over(10), None);
        assert_eq!(m3.at_restart(FIRST + 9), None);
        assert_eq!(m3.at_restart(FIRST + 10), Some(Mode::Target));
        let t = FIRST + 10 + 3 * FIRST / 2;
        assert_eq!(m3.at_restart(t - 1), None);
        assert_eq!(m3.at_restart(t), Some(Mode::Plain));
        assert_eq!(m3.at_restart(t + 3 * FIRST / 2), Some(Mode::Target));
        assert_eq!(m3.start_over(t + 3 * FIRST / 2 + 1), Some(Mode::Plain));
    }
}
