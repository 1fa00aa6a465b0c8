//! Short learnt clauses passed between the searches of a portfolio (`-t N`):
//! each search exports its learnt clauses of LBD at most 2 or at most 3
//! literals, and imports the others' when it is at the root level.
//!
//! Invariant: only searches of the same problem share — the same variables
//! from the start (the first to join fixes the count, a search with
//! another count is not let in) — and only clauses over those variables
//! (not over variables a search added later, which are its own); a clause
//! passed on is a consequence of the problem and the nogoods of its
//! propagators, so importing it excludes no model.  Model-blocking clauses
//! are never learnt clauses, and a search that has left the exchange
//! neither exports nor imports.
//!
//! Measured (2026-11-30, `-t 2`, the suite's 48 first tuning rows, 5 runs
//! each, medians): without importing, the races took 1.20 of the time
//! (killer sudoku by sums `tune_s2_swap` 3.5x, blocks world by STRIPS
//! `tune_s1` 2.0x; 9 rows faster, golfer_slots `tune_s1` 0.64x). On some
//! rows the first search alone finds a model in 20-50 ms and the imports
//! send it elsewhere (3-SAT by choices `held_s6`, colouring by choices
//! `held_s1`: 100-150 ms with `-t 2`, with a spread of 60-90 ms).

use super::lit::SLit;
use std::sync::{Arc, Mutex};

/// Clauses longer than this and of a higher LBD stay with their search.
const MAX_LEN: usize = 3;
/// LBD up to which a clause is passed on whatever its length.
const MAX_LBD: u32 = 2;

/// The pool every search of one portfolio writes to and reads from.
#[derive(Default)]
pub struct Exchange {
    /// The variables every search of the exchange starts with.
    vars: Mutex<Option<usize>>,
    /// The clauses passed on so far: exporter, literals, LBD.
    pool: Mutex<Vec<(usize, Box<[SLit]>, u32)>>,
}

/// One search's place at the exchange.
pub struct Port {
    exchange: Arc<Exchange>,
    id: usize,
    /// Clauses of the pool read so far.
    cursor: usize,
    /// Variables shared with the other searches (`0..vars`).
    vars: usize,
}

impl Port {
    /// Joins `exchange` as search `id` of a problem with `vars` variables
    /// at the start; `None` if the searches already there have another
    /// number of variables.
    pub fn join(exchange: Arc<Exchange>, id: usize, vars: usize) -> Option<Port> {
        let mut known = exchange.vars.lock().unwrap_or_else(|e| e.into_inner());
        if *known.get_or_insert(vars) != vars {
            return None;
        }
        drop(known);
        Some(Port { exchange, id, cursor: 0, vars })
    }

    /// Passes a learnt clause on if it is short or of low LBD and over the
    /// shared variables.
    pub fn export(&self, lits: &[SLit], lbd: u32) {
        if (lits.len() > MAX_LEN && lbd > MAX_LBD) || lits.iter().any(|l| l.var().index() >= self.vars) {
            return;
        }
        let mut pool = self.exchange.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.push((self.id, lits.into(), lbd));
    }

    /// The clauses the other searches passed on since the last call.
    pub fn import(&mut self, out: &mut Vec<(Vec<SLit>, u32)>) {
        let pool = self.exchange.pool.lock().unwrap_or_else(|e| e.into_inner());
        for (from, lits, lbd) in &pool[self.cursor..] {
            if *from != self.id {
                out.push((lits.to_vec(), *lbd));
            }
        }
        self.cursor = pool.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Var;

    #[test]
    fn searches_see_each_others_short_clauses_only() {
        let ex = Arc::new(Exchange::default());
        let mut a = Port::join(ex.clone(), 0, 10).unwrap();
        let mut b = Port::join(ex.clone(), 1, 10).unwrap();
        // another problem size is not let in
        assert!(Port::join(ex.clone(), 2, 11).is_none());
        let l = |v: u32| Var(v).pos();
        a.export(&[l(1), l(2)], 5);
        a.export(&[l(1), l(2), l(3), l(4)], 2);
        a.export(&[l(1), l(2), l(3), l(4)], 3); // long, high LBD: kept
        a.export(&[l(1), l(12)], 1); // a variable of a's own: kept
        b.export(&[l(5)], 1);
        let mut got = Vec::new();
        b.import(&mut got);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0.len(), 4);
        got.clear();
        b.import(&mut got);
        assert!(got.is_empty(), "read once");
        a.import(&mut got);
        assert_eq!(got, vec![(vec![l(5)], 1)]);
    }
}
