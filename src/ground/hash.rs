//! The grounder's hash tables: `std` and `indexmap` tables with foldhash's
//! fast hasher instead of SipHash. Keys are interned handles and short
//! slices of them, hashed millions of times while grounding (the symbol
//! table and the atom sets dominated profiles with SipHash); none comes
//! from an adversary, so a DoS-resistant hash buys nothing here.
//!
//! Invariant: the hasher is seeded by a fixed constant, so iteration
//! orders (and with them atom numbering and output) are the same on every
//! run.

/// A fixed-seed foldhash builder.
pub type Hasher = foldhash::fast::FixedState;
/// A `HashMap` with the fixed-seed hasher.
pub type Map<K, V> = std::collections::HashMap<K, V, Hasher>;
/// A `HashSet` with the fixed-seed hasher.
pub type Set<K> = std::collections::HashSet<K, Hasher>;
/// An insertion-ordered `IndexMap` with the fixed-seed hasher.
pub type IMap<K, V> = indexmap::IndexMap<K, V, Hasher>;
/// An insertion-ordered `IndexSet` with the fixed-seed hasher.
pub type ISet<K> = indexmap::IndexSet<K, Hasher>;
