//! The clause arena: all long (3+ literal) clauses, addressed by a 32-bit
//! [`ClauseRef`] (an offset into one `Vec`).
//!
//! Layout per clause: three header words (length; flags with the LBD in the
//! high bits; activity as `f32` bits) followed by the literals. Invariant:
//! a live clause's literals are distinct and not complementary; a clause
//! that is the reason of an assigned literal has that literal first.
//! Deleted clauses stay in place (flagged) until [`ClauseDb::collect`]
//! compacts the arena and returns the relocation to apply to references.

use super::lit::SLit;

/// A long clause: the arena offset of its first header word.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct ClauseRef(pub u32);

const HEADER: usize = 3;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
const LBD_SHIFT: u32 = 2;

/// The arena of long clauses, problem and learnt.
#[derive(Default)]
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
    /// Flags clause `c` as deleted; its space is reclaimed (and it leaves `learnt`) at the next `collect`.
    pub fn delete(&mut self, c: ClauseRef) {
        let f = self.flags(c);
        self.arena[c.0 as usize + 1] = SLit::from_raw(f | DELETED);
        self.wasted += HEADER + self.len(c);
    }

    /// References of all live clauses (problem and learnt), in arena order.
    pub fn live(&self) -> Vec<ClauseRef> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.arena.len() {
            let len = self.arena[i].raw() as usize;
            if self.arena[i + 1].raw() & DELETED == 0 {
                out.push(ClauseRef(i as u32));
            }
            i += HEADER + len;
        }
        out
    }

    /// Compacts the arena, dropping deleted clauses. The returned
    /// [`Relocation`] maps each live clause's old reference to its new one
    /// (and a deleted clause to `None`); `learnt` is already relocated.
    pub fn collect(&mut self) -> Relocation {
        let old = std::mem::take(&mut self.arena);
        let mut forward: Vec<(u32, u32)> = Vec::new();
        let mut i = 0;
        let mut new_arena = Vec::with_capacity(old.len() - self.wasted);
        while i < old.len() {
            let len = old[i].raw() as usize;
            let flags = old[i + 1].raw();
            if flags & DELETED == 0 {
                forward.push((i as u32, new_arena.len() as u32));
                new_arena.extend_from_slice(&old[i..i + HEADER + len]);
            }
            i += HEADER + len;
        }
        self.arena = new_arena;
        self.wasted = 0;
        let reloc = Relocation { forward };
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.retain_mut(|c| match reloc.get(*c) {
            Some(n) => {
                *c = n;
                true
            }
            None => false,
        });
        self.learnt = learnt;
        reloc
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
