//! The clause arena: all long (3+ literal) clauses, addressed by a 32-bit
//! [`ClauseRef`] (an offset into one `Vec`).
//!
//! Layout per clause: three header words (length; flags with the LBD in the
//! high bits; activity as `f32` bits) followed by the literals; a problem
//! clause of [`CIRCULAR`] literals or more has one word more after them:
//! where the last search for a new watch stopped. Invariant:
//! a live clause's literals are distinct and not complementary; a clause
//! that is the reason of an assigned literal has that literal first.
//! Deleted clauses stay in place (flagged) until [`ClauseDb::collect`]
//! compacts the arena and returns the relocation to apply to references.

use super::lit::SLit;

/// A long clause: the arena offset of its first header word.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct ClauseRef(pub u32);

const HEADER: usize = 3;

/// Problem clauses this long search for a new watch round the clause from
/// where the last search stopped (Gent's circular search), so that
/// literals made false one after the other are not all looked at again on
/// every visit: linear work per clause along a branch, not quadratic.
/// Shorter and learnt clauses search from the start, as always.
/// Measured and not kept (2026-11-30; the suite's tuning rows, seeds 0-2,
/// paired): every clause of 4 or more literals (8 or more), learnt ones
/// too, searching round from where it stopped — 1.14 (1.09) of the time
/// and 1.18 (1.06) of the conflicts. It scans fewer literals (killer
/// sudoku by sums `tune_s2_swap`: 5.7 -> 3.1 per watch moved) but picks
/// other watches, and the searches come out longer.
pub const CIRCULAR: usize = 100;

/// The words after the literals of a clause with these length and flags.
fn trailer(len: usize, flags: u32) -> usize {
    (len >= CIRCULAR && flags & LEARNT == 0) as usize
}
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
const LBD_SHIFT: u32 = 2;

/// The arena of long clauses, problem and learnt.
#[derive(Clone, Default)]
pub struct ClauseDb {
    arena: Vec<SLit>,
    /// References of the live learnt clauses.
    pub learnt: Vec<ClauseRef>,
    wasted: usize,
}

impl ClauseDb {
    /// Stores a clause of 3 or more literals (its LBD capped at 2^20) and returns its reference; a learnt
    /// one is also listed in `learnt`.
    pub fn alloc(&mut self, lits: &[SLit], learnt: bool, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 3);
        let r = ClauseRef(self.arena.len() as u32);
        self.arena.push(SLit::from_raw(lits.len() as u32));
        self.arena.push(SLit::from_raw((lbd.min(1 << 20) << LBD_SHIFT) | learnt as u32));
        self.arena.push(SLit::from_raw(0f32.to_bits()));
        self.arena.extend_from_slice(lits);
        if trailer(lits.len(), learnt as u32) == 1 {
            self.arena.push(SLit::from_raw(2));
        }
        if learnt {
            self.learnt.push(r);
        }
        r
    }

    /// Words in use (headers and literals, including deleted clauses).
    pub fn arena_len(&self) -> usize {
        self.arena.len()
    }

    /// The number of literals of clause `c`.
    #[inline]
    pub fn len(&self, c: ClauseRef) -> usize {
        self.arena[c.0 as usize].raw() as usize
    }
    /// The literals of clause `c`.
    #[inline]
    pub fn lits(&self, c: ClauseRef) -> &[SLit] {
        let s = c.0 as usize + HEADER;
        &self.arena[s..s + self.len(c)]
    }
    /// The literals of clause `c`, to reorder in place.
    #[inline]
    pub fn lits_mut(&mut self, c: ClauseRef) -> &mut [SLit] {
        let s = c.0 as usize + HEADER;
        let n = self.len(c);
        &mut self.arena[s..s + n]
    }
    fn flags(&self, c: ClauseRef) -> u32 {
        self.arena[c.0 as usize + 1].raw()
    }
    /// True if clause `c` was learnt (not part of the problem).
    pub fn is_learnt(&self, c: ClauseRef) -> bool {
        self.flags(c) & LEARNT != 0
    }
    /// The literal block distance recorded for clause `c` when it was stored.
    pub fn lbd(&self, c: ClauseRef) -> u32 {
        self.flags(c) >> LBD_SHIFT
    }
    /// The activity of clause `c` (0 when stored).
    pub fn activity(&self, c: ClauseRef) -> f32 {
        f32::from_bits(self.arena[c.0 as usize + 2].raw())
    }
    /// Sets the activity of clause `c`.
    pub fn set_activity(&mut self, c: ClauseRef, a: f32) {
        self.arena[c.0 as usize + 2] = SLit::from_raw(a.to_bits());
    }
    /// Where the search for a new watch of clause `c` starts: for a problem
    /// clause of [`CIRCULAR`] literals or more, where the last one found
    /// one; otherwise 2.
    #[inline]
    pub fn search_pos(&self, c: ClauseRef) -> usize {
        let len = self.len(c);
        match trailer(len, self.flags(c)) {
            1 => self.arena[c.0 as usize + HEADER + len].raw() as usize,
            _ => 2,
        }
    }
    /// Records where the search for a new watch of clause `c` found one
    /// (kept only where [`ClauseDb::search_pos`] reads it).
    #[inline]
    pub fn set_search_pos(&mut self, c: ClauseRef, k: usize) {
        let len = self.len(c);
        if trailer(len, self.flags(c)) == 1 {
            self.arena[c.0 as usize + HEADER + len] = SLit::from_raw(k as u32);
        }
    }
    /// Flags clause `c` as deleted; its space is reclaimed (and it leaves `learnt`) at the next `collect`.
    pub fn delete(&mut self, c: ClauseRef) {
        let f = self.flags(c);
        self.arena[c.0 as usize + 1] = SLit::from_raw(f | DELETED);
        self.wasted += HEADER + self.len(c) + trailer(self.len(c), f);
    }

    /// References of all live clauses (problem and learnt), in arena order.
    pub fn live(&self) -> Vec<ClauseRef> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.arena.len() {
            let len = self.arena[i].raw() as usize;
            let flags = self.arena[i + 1].raw();
            if flags & DELETED == 0 {
                out.push(ClauseRef(i as u32));
            }
            i += HEADER + len + trailer(len, flags);
        }
        out
    }

    /// Compacts the arena, dropping deleted clauses. The returned
    /// [`Relocation`] maps each live clause's old reference to its new one
    /// (and a deleted clause to `None`); `learnt` is already relocated.
    pub fn collect(&mut self) -> Relocation {
        self.sweep(|_, _, _| Fate::Keep, &mut Vec::new())
    }

    /// Moves the live clauses down over the deleted ones and over those
    /// `fate` (given their literals and flags) drops, in place — a clause
    /// only moves down, so the arena is never held twice —; a clause whose
    /// fate is [`Fate::Shorten`] is replaced where it lands by the literals
    /// `fate` left in the scratch vector (activity 0, LBD at most their
    /// number, search from the start) and its new reference added to
    /// `shortened`. Relocates `learnt`.
    fn sweep(
        &mut self,
        mut fate: impl FnMut(&[SLit], u32, &mut Vec<SLit>) -> Fate,
        shortened: &mut Vec<ClauseRef>,
    ) -> Relocation {
        let mut forward: Vec<(u32, u32)> = Vec::new();
        let mut scratch = Vec::new();
        let (mut i, mut w) = (0, 0);
        while i < self.arena.len() {
            let len = self.arena[i].raw() as usize;
            let flags = self.arena[i + 1].raw();
            let size = HEADER + len + trailer(len, flags);
            if flags & DELETED == 0 {
                scratch.clear();
                match fate(&self.arena[i + HEADER..i + HEADER + len], flags, &mut scratch) {
                    Fate::Drop => {}
                    Fate::Keep => {
                        forward.push((i as u32, w as u32));
                        self.arena.copy_within(i..i + size, w);
                        w += size;
                    }
                    Fate::Shorten => {
                        // fewer literals than the clause had: all written below `i + size`
                        let n = scratch.len();
                        debug_assert!(n >= 3 && n < len);
                        let lbd = (flags >> LBD_SHIFT).min(n as u32);
                        forward.push((i as u32, w as u32));
                        shortened.push(ClauseRef(w as u32));
                        self.arena[w] = SLit::from_raw(n as u32);
                        self.arena[w + 1] = SLit::from_raw((lbd << LBD_SHIFT) | (flags & LEARNT));
                        self.arena[w + 2] = SLit::from_raw(0f32.to_bits());
                        self.arena[w + HEADER..w + HEADER + n].copy_from_slice(&scratch);
                        w += HEADER + n;
                        if trailer(n, flags) == 1 {
                            self.arena[w] = SLit::from_raw(2);
                            w += 1;
                        }
                    }
                }
            }
            i += size;
        }
        self.arena.truncate(w);
        self.wasted = 0;
        let reloc = Relocation { forward };
        self.learnt.retain_mut(|c| match reloc.get(*c) {
            Some(n) => {
                *c = n;
                true
            }
            None => false,
        });
        reloc
    }
}

/// What [`ClauseDb::sweep`] does with a live clause.
enum Fate {
    Keep,
    Drop,
    /// Replace its literals by those left in the scratch vector.
    Shorten,
}

impl ClauseDb {
    /// At the root level: drops the clauses a literal `is_true` makes
    /// true, takes the literals `is_false` makes false out of the others —
    /// a clause left with two goes to `binary` — and compacts the arena in
    /// place. Returns the shortened clauses (activity 0, LBD at most their
    /// length), in arena order; the learnt ones among them are listed last
    /// in `learnt`, as if learnt just now.  References held elsewhere are
    /// stale afterwards, except those in `learnt`.
    pub fn simplify(
        &mut self,
        is_true: impl Fn(SLit) -> bool,
        is_false: impl Fn(SLit) -> bool,
        mut binary: impl FnMut(SLit, SLit),
    ) -> Vec<ClauseRef> {
        let mut shortened = Vec::new();
        let fate = |lits: &[SLit], _, left: &mut Vec<SLit>| {
            if lits.iter().any(|&l| is_true(l)) {
                return Fate::Drop;
            }
            if !lits.iter().any(|&l| is_false(l)) {
                return Fate::Keep;
            }
            left.extend(lits.iter().copied().filter(|&l| !is_false(l)));
            debug_assert!(left.len() >= 2, "a clause false at the root level");
            if left.len() == 2 {
                binary(left[0], left[1]);
                return Fate::Drop;
            }
            Fate::Shorten
        };
        self.sweep(fate, &mut shortened);
        // stable: whole learnt clauses first, in their order, then the shortened ones
        let is_shortened = |c: &ClauseRef| shortened.binary_search_by_key(&c.0, |s| s.0).is_ok();
        let (mut learnt, late): (Vec<ClauseRef>, Vec<ClauseRef>) =
            self.learnt.iter().partition(|c| !is_shortened(c));
        learnt.extend(late);
        self.learnt = learnt;
        shortened
    }
}

/// Old-to-new clause references after [`ClauseDb::collect`] (sorted).
pub struct Relocation {
    forward: Vec<(u32, u32)>,
}

impl Relocation {
    /// The new reference of the clause that was at `c`; `None` if it was deleted.
    pub fn get(&self, c: ClauseRef) -> Option<ClauseRef> {
        self.forward.binary_search_by_key(&c.0, |&(o, _)| o).ok().map(|i| ClauseRef(self.forward[i].1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clause(from: u32, n: u32) -> Vec<SLit> {
        (from..from + n).map(|i| SLit::from_raw(2 * i)).collect()
    }

    #[test]
    fn long_problem_clauses_keep_their_search_position_through_compaction() {
        let mut db = ClauseDb::default();
        let short = db.alloc(&clause(0, 3), false, 0);
        let long = db.alloc(&clause(10, CIRCULAR as u32), false, 0);
        let learnt = db.alloc(&clause(500, CIRCULAR as u32 + 5), true, 7);
        let gone = db.alloc(&clause(900, CIRCULAR as u32), false, 0);
        let last = db.alloc(&clause(2000, 4), false, 0);
        assert_eq!(db.live(), vec![short, long, learnt, gone, last]);
        assert_eq!((db.search_pos(short), db.search_pos(long), db.search_pos(learnt)), (2, 2, 2));
        db.set_search_pos(long, 57);
        db.set_search_pos(learnt, 33); // not kept: learnt clauses search from the start
        db.set_search_pos(short, 2);
        assert_eq!((db.search_pos(long), db.search_pos(learnt)), (57, 2));
        db.delete(gone);
        let reloc = db.collect();
        assert_eq!(reloc.get(gone), None);
        let (long, learnt, last) =
            (reloc.get(long).unwrap(), reloc.get(learnt).unwrap(), reloc.get(last).unwrap());
        assert_eq!(db.live(), vec![reloc.get(short).unwrap(), long, learnt, last]);
        assert_eq!(db.lits(long), &clause(10, CIRCULAR as u32)[..]);
        assert_eq!(db.lits(learnt), &clause(500, CIRCULAR as u32 + 5)[..]);
        assert_eq!(db.lits(last), &clause(2000, 4)[..]);
        assert_eq!(db.search_pos(long), 57);
        assert_eq!(db.learnt, vec![learnt]);
        assert_eq!(db.lbd(learnt), 7);
    }

    #[test]
    fn root_simplification_shrinks_and_drops_clauses() {
        let mut db = ClauseDb::default();
        // variables 0..9 (literal 2v): 3 true, 4 and 5 false
        let lit = |v: u32| SLit::from_raw(2 * v);
        let is_true = |l: SLit| l == lit(3);
        let is_false = |l: SLit| l == lit(4) || l == lit(5);
        let satisfied = db.alloc(&[lit(0), lit(3), lit(6)], false, 0);
        let to_binary = db.alloc(&[lit(0), lit(4), lit(7)], false, 0);
        let shrunk = db.alloc(&[lit(5), lit(6), lit(4), lit(7), lit(8), lit(9)], true, 5);
        let kept = db.alloc(&[lit(6), lit(7), lit(8)], false, 0);
        let long: Vec<SLit> = (10..10 + CIRCULAR as u32 + 1).map(lit).chain([lit(4)]).collect();
        let circular = db.alloc(&long, false, 0);
        db.set_search_pos(circular, 40);
        let _ = (satisfied, to_binary, shrunk, kept);
        let mut binaries = Vec::new();
        let shortened = db.simplify(is_true, is_false, |a, b| binaries.push((a, b)));
        assert_eq!(binaries, [(lit(0), lit(7))]);
        let live = db.live();
        assert_eq!(live.len(), 3);
        // the clauses left keep their order, moved down over the dropped
        // ones; the shortened learnt one still listed, its LBD at most its length
        assert_eq!(live[0], ClauseRef(0));
        assert_eq!(db.lits(live[0]), &[lit(6), lit(7), lit(8), lit(9)]);
        assert!(db.is_learnt(live[0]) && db.learnt == [live[0]] && db.lbd(live[0]) == 4);
        assert_eq!(db.lits(live[1]), &[lit(6), lit(7), lit(8)]);
        assert!(!db.is_learnt(live[1]));
        assert_eq!(db.lits(live[2]), &long[..CIRCULAR + 1]);
        assert_eq!(shortened, [live[0], live[2]]);
        assert_eq!(db.search_pos(live[2]), 2);
        assert_eq!(db.arena_len(), (HEADER + 4) + (HEADER + 3) + (HEADER + CIRCULAR + 1 + 1));
    }
}
