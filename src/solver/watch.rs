//! Watch lists for clauses.
//!
//! `long[x]` lists the long clauses that watch `!x` (one of their first two
//! literals), to be visited when `x` becomes true; each entry carries a
//! blocker literal of the clause (if it is true the clause is satisfied and
//! need not be visited). `bin[x]` lists, for every binary clause `(!x ∨ y)`,
//! the literal `y`, implied as soon as `x` is true. Invariant: every live
//! long clause is watched exactly by its first two literals.

use super::clause_db::{ClauseRef, Relocation};
use super::lit::SLit;
use thin_vec::ThinVec;

/// A long list whose capacity exceeds this many times its length (plus a
/// little) is shrunk to a quarter more than its length when the arena is
/// compacted. A list grows while its literal stays false and shrinks only
/// as its clauses are deleted, so without this every list keeps the
/// capacity of its longest moment: on a 144,000-conflict search (social
/// golfer, 6,246 variables) the lists held 446,000 watches of capacity for
/// 42,000 live ones, 3.5 MB of the 16 MB peak.
const SLACK: usize = 3;

/// One watch of a long clause.
#[derive(Copy, Clone, Debug)]
pub struct Watch {
    /// Another literal of the clause: if it is true, the clause need not be visited.
    pub blocker: SLit,
    /// The watched clause.
    pub cref: ClauseRef,
}

/// The watch lists of all clauses, indexed by literal code.  A binary
/// list is a `ThinVec`: one word, no allocation while empty (a `Vec` is
/// three words per literal).  The long lists, taken out and put back at
/// every propagation, stay `Vec`s: a `ThinVec` there cost 3-5% of the time
/// of search-heavy runs.
#[derive(Clone)]
pub struct Watches {
    /// `long[x]`: watches of the long clauses to visit when `x` becomes true.
    pub long: Vec<Vec<Watch>>,
    /// `bin[x]`: the literals implied by binary clauses as soon as `x` is true.
    pub bin: Vec<ThinVec<SLit>>,
}

impl Watches {
    /// Empty watch lists for the literals of `num_vars` variables.
    pub fn new(num_vars: usize) -> Watches {
        Watches { long: vec![Vec::new(); num_vars * 2], bin: vec![ThinVec::new(); num_vars * 2] }
    }

    /// Watches the first two literals of a long clause.
    pub fn watch_clause(&mut self, c: ClauseRef, lits: &[SLit]) {
        self.long[(!lits[0]).code()].push(Watch { blocker: lits[1], cref: c });
        self.long[(!lits[1]).code()].push(Watch { blocker: lits[0], cref: c });
    }

    /// Watches the binary clause `(a ∨ b)`: `b` is implied when `a` is false, and `a` when `b` is.
    pub fn add_binary(&mut self, a: SLit, b: SLit) {
        self.bin[(!a).code()].push(b);
        self.bin[(!b).code()].push(a);
    }

    /// The number of binary clauses (each is listed twice).
    pub fn num_binary(&self) -> u64 {
        self.bin.iter().map(|b| b.len() as u64).sum::<u64>() / 2
    }

    /// Applies an arena compaction: drops watches of deleted clauses, and
    /// gives back the capacity of lists far longer than they are (see [`SLACK`]).
    pub fn relocate(&mut self, reloc: &Relocation) {
        for ws in &mut self.long {
            ws.retain_mut(|w| match reloc.get(w.cref) {
                Some(n) => {
                    w.cref = n;
                    true
                }
                None => false,
            });
            if ws.capacity() > SLACK * ws.len() + 8 {
                ws.shrink_to(ws.len() + ws.len() / 4);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::clause_db::ClauseDb;

    /// Compaction drops the watches of deleted clauses, keeps the order of
    /// the rest, and gives back the capacity of a list that has become far
    /// longer than its watches.
    #[test]
    fn relocation_drops_dead_watches_and_shrinks_their_lists() {
        let lit = |i: u32| SLit::from_raw(i);
        let mut db = ClauseDb::default();
        let mut w = Watches::new(1000);
        // 200 clauses all watching literal 0 (and one of their own)
        let refs: Vec<ClauseRef> = (0..200u32)
            .map(|i| {
                let lits = [lit(0), lit(2 * i + 10), lit(2 * i + 12)];
                let c = db.alloc(&lits, true, 3);
                w.watch_clause(c, &lits);
                c
            })
            .collect();
        let list = (!lit(0)).code();
        assert_eq!(w.long[list].len(), 200);
        // clause 190 (kept) is alone on its other literal's list
        let other = (!lit(2 * 190 + 10)).code();
        let other_capacity = w.long[other].capacity();
        for (i, &c) in refs.iter().enumerate() {
            if i % 10 != 0 {
                db.delete(c);
            }
        }
        let reloc = db.collect();
        w.relocate(&reloc);
        let kept: Vec<ClauseRef> = refs.iter().filter_map(|&c| reloc.get(c)).collect();
        assert_eq!(kept.len(), 20);
        assert_eq!(w.long[list].iter().map(|x| x.cref).collect::<Vec<_>>(), kept);
        assert!(w.long[list].capacity() <= SLACK * 20 + 8, "capacity {}", w.long[list].capacity());
        // a list that is not far too long keeps its capacity
        assert_eq!(w.long[other].len(), 1);
        assert_eq!(w.long[other].capacity(), other_capacity);
    }
}
