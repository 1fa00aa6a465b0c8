//! Initial decision scores from the problem's binary clauses (clasp's
//! `--init-moms`): before the first conflict, the variables whose two
//! literals each imply many others through binary clauses come first.
//!
//! A variable's score is clasp's MOMS-like `s⁺·s⁻·1024 + s⁺ + s⁻`, where
//! `s⁺` and `s⁻` count the literals its positive and its negative literal
//! imply through binary clauses (or, in a problem without binary clauses,
//! the long clauses in which each literal is watched); the scores are
//! scaled into `[0, 1]`, below the first bump of a conflict (1), so they
//! only order the variables no conflict has bumped yet.
//!
//! Invariant: scores change the order of decisions, never the models.
//!
//! Off by default in minasp (clasp's default preset has it on), measured
//! on the 85 tuning rows of `bench/`, three seeds each: as the default,
//! MOMS scores took the time geomean to 0.88 (conflicts 0.91) and cut
//! killer sudoku's unsatisfiable rows 2-4x, but the solitaire rows —
//! whose atoms in grounding order, time step by time step, are a good
//! first order — took 2-5x more conflicts (`full_29` over six seeds:
//! 7,200 a run without, 32,500 with). In the second search of a `-t 2`
//! portfolio they took the suite's tuning rows to a time geomean of 0.80
//! against the portfolio without, but its held-back rows to 1.06 and 1.09
//! (two runs of three seeds): no gain that holds, so no search uses them
//! unless `--init-moms` asks. Measured again as the default 2026-12-01
//! (the suite's 52 tuning rows, 4 seeds, paired): 0.967 of the time,
//! 0.997 of the conflicts, 3-SAT by choices `tune_s2` 0.25x, colouring
//! with negation `tune_s2` 4.3x (0.04 s -> 0.19 s). In plain mode alone
//! (clasp's search) they matter most: killer sudoku by sums
//! `tune_s2_swap` (unsatisfiable) takes 32,032 conflicts on average over
//! 6 seeds with them, as clingo's 32,549, and 84,244 without.

use super::lit::Var;
use super::watch::Watches;

/// The initial scores of variables `0..num_vars`, each in `[0, 1]`
/// (all 0 when no literal implies another).
pub fn scores(watches: &Watches, num_vars: usize) -> Vec<f64> {
    let binary = watches.bin.iter().any(|b| !b.is_empty());
    let implied = |v: Var, positive: bool| {
        let l = if positive { v.pos() } else { !v.pos() };
        if binary {
            watches.bin[l.code()].len() as f64
        } else {
            // the long clauses in which `l` is watched
            watches.long[(!l).code()].len() as f64
        }
    };
    let mut scores: Vec<f64> = (0..num_vars as u32)
        .map(|v| {
            let (p, n) = (implied(Var(v), true), implied(Var(v), false));
            p * n * 1024.0 + p + n
        })
        .collect();
    let max = scores.iter().copied().fold(0.0, f64::max);
    if max > 0.0 {
        for s in &mut scores {
            *s /= max;
        }
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::super::{ClauseList, Problem, Solver, Tuning};
    use super::*;

    #[test]
    fn a_variable_implying_most_both_ways_scores_highest() {
        let v = |i: u32| Var(i).pos();
        let mut clauses = ClauseList::default();
        // x0 and ¬x0 each imply two literals; x2 and ¬x2 one each; of
        // x1 and x3 only the negative literal implies one
        clauses.push(&[!v(0), v(1)]);
        clauses.push(&[!v(0), v(2)]);
        clauses.push(&[v(0), v(3)]);
        clauses.push(&[v(0), !v(2)]);
        let s = Solver::new(Problem { num_vars: 4, clauses, ..Default::default() }, Tuning::default());
        let got = scores(&s.watches, 4);
        assert_eq!(got[0], 1.0);
        assert!(got.iter().skip(1).all(|&x| x < 1.0 && x >= 0.0), "{got:?}");
        // x2's product is non-zero, x1's and x3's are 0
        assert!(got[2] > got[1] && got[2] > got[3], "{got:?}");
        // without clauses all scores are 0
        let s = Solver::new(Problem { num_vars: 2, ..Default::default() }, Tuning::default());
        assert_eq!(scores(&s.watches, 2), vec![0.0, 0.0]);
    }
}
