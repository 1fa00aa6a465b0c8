//! The atoms derived so far, per predicate, with their indexes.
//!
//! Each predicate keeps its atoms in one insertion-ordered set (gringo's
//! domain): positions `0..old_end` are "old", `old_end..new_end` the "delta"
//! of the current semi-naive round, `0..new_end` "all"; atoms inserted during
//! a round lie beyond `new_end` and become visible in the next one.
//! Indexes map the values of the bound parts of a pattern (an
//! [`IndexKey`]: arguments, or sub-terms of arguments) to the positions of
//! the atoms having them, built on demand and brought up to date
//! incrementally.
//!
//! Invariant: an index's position lists are ascending, and cover exactly
//! those of positions `0..upto` of the atom set that have the key's paths.

use super::hash::Map;
use super::index_key::IndexKey;
use super::rule::PredKey;
use super::symbol::{Sym, Symbols};
use crate::program::Atom;
use std::hash::BuildHasher;

/// What the grounder knows of one ground atom.
#[derive(Copy, Clone, Debug)]
pub struct AtomInfo {
    /// The atom's number in the ground program.
    pub atom: Atom,
    /// Certainly true (a fact or a stratified consequence of facts).
    pub fact: bool,
}

/// One predicate's atoms: their argument tuples, all of the predicate's
/// arity, stored end to end in insertion order, each with its
/// [`AtomInfo`], and found by their arguments through a hash table of
/// positions.  An atom costs its arguments, its info and a table slot (a
/// million facts are a few tens of megabytes, not a box and a map entry
/// each).
///
/// Invariant: atom `i`'s arguments are `args[i * arity .. (i + 1) *
/// arity]`; the table holds each position `0..len` once, under the hash
/// of its arguments; no two atoms have the same arguments.
#[derive(Clone)]
pub struct AtomSet {
    arity: usize,
    args: Vec<Sym>,
    infos: Vec<AtomInfo>,
    table: hashbrown::HashTable<u32>,
}

impl AtomSet {
    /// No atoms, of arity `arity`.
    pub fn new(arity: usize) -> AtomSet {
        AtomSet { arity, args: Vec::new(), infos: Vec::new(), table: hashbrown::HashTable::new() }
    }

    fn hash(args: &[Sym]) -> u64 {
        super::hash::Hasher::default().hash_one(args)
    }

    /// How many atoms there are.
    pub fn len(&self) -> usize {
        self.infos.len()
    }

    /// No atoms.
    pub fn is_empty(&self) -> bool {
        self.infos.is_empty()
    }

    fn args_at(&self, i: usize) -> &[Sym] {
        &self.args[i * self.arity..(i + 1) * self.arity]
    }

    /// The position of the atom with arguments `args`.
    pub fn get_index_of(&self, args: &[Sym]) -> Option<usize> {
        self.table.find(Self::hash(args), |&i| self.args_at(i as usize) == args).map(|&i| i as usize)
    }

    /// The atom with arguments `args`.
    pub fn get(&self, args: &[Sym]) -> Option<&AtomInfo> {
        self.get_index_of(args).map(|i| &self.infos[i])
    }

    /// The atom with arguments `args`, to change.
    pub fn get_mut(&mut self, args: &[Sym]) -> Option<&mut AtomInfo> {
        self.get_index_of(args).map(|i| &mut self.infos[i])
    }

    /// The atom at position `i`.
    pub fn get_index(&self, i: usize) -> Option<(&[Sym], &AtomInfo)> {
        self.infos.get(i).map(|info| (self.args_at(i), info))
    }

    /// Adds the atom `args` (not yet in the set: see [`AtomSet::get`]).
    pub fn insert(&mut self, args: &[Sym], info: AtomInfo) {
        debug_assert_eq!(args.len(), self.arity);
        debug_assert!(self.get(args).is_none(), "an atom added twice");
        let i = self.infos.len() as u32;
        let AtomSet { arity, args: all, table, .. } = self;
        let arity = *arity;
        table.insert_unique(Self::hash(args), i, |&j| {
            Self::hash(&all[j as usize * arity..(j as usize + 1) * arity])
        });
        all.extend_from_slice(args);
        self.infos.push(info);
    }

    /// Keeps only the atoms `keep` accepts, in their order (positions
    /// change: indexes over the set are stale).
    pub fn retain(&mut self, mut keep: impl FnMut(&AtomInfo) -> bool) {
        let arity = self.arity;
        let mut n = 0;
        for i in 0..self.infos.len() {
            if keep(&self.infos[i]) {
                self.infos[n] = self.infos[i];
                self.args.copy_within(i * arity..(i + 1) * arity, n * arity);
                n += 1;
            }
        }
        if n == self.infos.len() {
            return;
        }
        self.infos.truncate(n);
        self.args.truncate(n * arity);
        self.infos.shrink_to_fit();
        self.args.shrink_to_fit();
        let AtomSet { args, table, .. } = self;
        let at = |j: u32| Self::hash(&args[j as usize * arity..(j as usize + 1) * arity]);
        *table = hashbrown::HashTable::with_capacity(n);
        for i in 0..n as u32 {
            table.insert_unique(at(i), i, |&j| at(j));
        }
    }

    /// The atoms in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&[Sym], &AtomInfo)> + '_ {
        (0..self.len()).map(|i| (self.args_at(i), &self.infos[i]))
    }
}

#[derive(Default)]
struct Index {
    upto: usize,
    map: Map<Box<[Sym]>, Vec<u32>>,
}

/// One predicate's domain: its atoms, the round boundaries and the indexes.
pub struct Pred {
    /// The predicate's name, arity and sign.
    pub key: PredKey,
    /// The atoms derived so far (argument tuples), in insertion order.
    pub atoms: AtomSet,
    /// Atoms mentioned (under `not`) before being derived; they get their
    /// program atom here and keep it if they are derived later.
    pub mentioned: Map<Box<[Sym]>, Atom>,
    indexes: Map<IndexKey, Index>,
    /// End of the "old" atoms, seen by earlier rounds.
    pub old_end: usize,
    /// End of the current round's atoms; `old_end..new_end` is the delta.
    pub new_end: usize,
    /// All rules that can derive this predicate have been instantiated.
    pub complete: bool,
    /// A rule or a fact derives atoms of it (in this grounding or an
    /// earlier step), not only `#external` directives: without one, its
    /// atoms are inputs, which no rule of the program can make true.
    pub derived: bool,
}

/// Which atoms of a predicate a join step sees.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Range {
    /// Old and delta atoms: `0..new_end`.
    All,
    /// Atoms of earlier rounds: `0..old_end`.
    Old,
    /// The last round's new atoms: `old_end..new_end`.
    Delta,
}

impl Pred {
    /// Frees the indexes and the mentioned-atom table (after grounding,
    /// when only the atoms themselves are still needed).
    pub fn release_indexes(&mut self) {
        self.indexes = Map::default();
        self.mentioned = Map::default();
    }

    /// Forgets the atoms `gone` accepts, as if never derived: a rule
    /// grounded later matches none of them, and one that derives one makes
    /// it a new atom (clingo's domain cleanup after a solve).  Between
    /// groundings only: every atom counts as old.
    pub fn forget(&mut self, gone: impl Fn(Atom) -> bool) {
        let before = self.atoms.len();
        self.atoms.retain(|info| !gone(info.atom));
        if self.atoms.len() != before {
            self.indexes = Map::default();
        }
        self.old_end = self.atoms.len();
        self.new_end = self.atoms.len();
    }

    /// An empty domain for the predicate `key`.
    pub fn new(key: PredKey) -> Pred {
        Pred {
            key,
            atoms: AtomSet::new(key.arity as usize),
            mentioned: Map::default(),
            indexes: Map::default(),
            old_end: 0,
            new_end: 0,
            complete: false,
            derived: false,
        }
    }

    /// The positions `lo..hi` that `r` selects; all atoms once the predicate is complete.
    pub fn bounds(&self, r: Range) -> (usize, usize) {
        if self.complete {
            return (0, self.atoms.len());
        }
        match r {
            Range::All => (0, self.new_end),
            Range::Old => (0, self.old_end),
            Range::Delta => (self.old_end, self.new_end),
        }
    }

    /// Makes sure the index on `key` exists and covers all atoms.
    pub fn ensure_index(&mut self, key: &IndexKey, syms: &Symbols) {
        if key.is_empty() {
            return;
        }
        if !self.indexes.contains_key(key) {
            self.indexes.insert(key.clone(), Index::default());
        }
        let idx = self.indexes.get_mut(key).unwrap();
        let atoms = &self.atoms;
        while idx.upto < atoms.len() {
            let (args, _) = atoms.get_index(idx.upto).unwrap();
            if let Some(values) = key.project(args, syms) {
                idx.map.entry(values.into()).or_default().push(idx.upto as u32);
            }
            idx.upto += 1;
        }
    }

    /// The index on `key` exists and covers the positions `0..hi`.
    pub fn has_index(&self, key: &IndexKey, hi: usize) -> bool {
        self.indexes.get(key).is_some_and(|i| i.upto >= hi)
    }

    /// Positions of the atoms whose bound parts (`key`) have the values
    /// `values`, restricted to `lo..hi`.  The index must be up to date.
    pub fn lookup(&self, key: &IndexKey, values: &[Sym], lo: usize, hi: usize) -> &[u32] {
        match self.indexes.get(key).and_then(|i| i.map.get(values)) {
            None => &[],
            Some(v) => {
                let a = v.partition_point(|&p| (p as usize) < lo);
                let b = v.partition_point(|&p| (p as usize) < hi);
                &v[a..b]
            }
        }
    }

    /// Advances the round: the delta becomes old, what was added becomes delta.
    /// Returns whether the new delta is non-empty.
    pub fn next_round(&mut self) -> bool {
        self.old_end = self.new_end;
        self.new_end = self.atoms.len();
        self.new_end > self.old_end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::symbol::Symbols;

    #[test]
    fn atoms_are_found_by_their_arguments_in_insertion_order() {
        let mut syms = Symbols::new();
        let s: Vec<Sym> = (0..50).map(|i| syms.int(i)).collect();
        let mut set = AtomSet::new(2);
        for i in 0..49 {
            set.insert(&[s[i], s[i + 1]], AtomInfo { atom: Atom(i as u32), fact: i % 2 == 0 });
        }
        assert_eq!(set.len(), 49);
        for i in 0..49 {
            assert_eq!(set.get_index_of(&[s[i], s[i + 1]]), Some(i));
            assert_eq!(
                set.get(&[s[i], s[i + 1]]).map(|a| (a.atom, a.fact)),
                Some((Atom(i as u32), i % 2 == 0))
            );
            assert_eq!(set.get_index(i).map(|(args, _)| args.to_vec()), Some(vec![s[i], s[i + 1]]));
        }
        assert!(set.get(&[s[1], s[0]]).is_none());
        set.get_mut(&[s[1], s[2]]).unwrap().fact = true;
        assert!(set.get(&[s[1], s[2]]).unwrap().fact);
        let order: Vec<u32> = set.iter().map(|(_, i)| i.atom.0).collect();
        assert_eq!(order, (0..49).collect::<Vec<u32>>());
        // arity 0: the one atom of the predicate
        let mut zero = AtomSet::new(0);
        assert!(zero.get(&[]).is_none());
        zero.insert(&[], AtomInfo { atom: Atom(7), fact: false });
        assert_eq!(zero.get(&[]).map(|a| a.atom), Some(Atom(7)));
        assert_eq!(zero.len(), 1);
    }
}
