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

    /// Applies an arena compaction: drops watches of deleted clauses.
    pub fn relocate(&mut self, reloc: &Relocation) {
        for ws in &mut self.long {
            ws.retain_mut(|w| match reloc.get(w.cref) {
                Some(n) => {
                    w.cref = n;
                    true
                }
                None => false,
            });
        }
    }
}
