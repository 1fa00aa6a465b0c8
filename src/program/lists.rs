//! Fixed lists of indices, one per key, stored flat: adjacency lists built
//! once and only read, such as the unfounded-set checker's and the rules
//! each atom occurs in for simplification (a `Vec<Vec<u32>>`
//! costs a 24-byte header per key, and most keys of a large program have
//! an empty list).
//!
//! Invariant: the list of key `k` is `items[starts[k]..starts[k + 1]]`;
//! a key at or past `starts.len() - 1` has the empty list.

/// Per key, a list of `u32`, built once from `(key, item)` pairs.
#[derive(Clone, Debug, Default)]
pub struct Lists {
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    /// The lists of keys `0..num_keys`: each pair `(key, item)` appends
    /// `item` to `key`'s list, in the order given (`pairs` is called twice:
    /// once to count, once to fill).
    pub fn build<I: Iterator<Item = (usize, u32)>>(num_keys: usize, pairs: impl Fn() -> I) -> Lists {
        let mut starts = vec![0u32; num_keys + 1];
        for (k, _) in pairs() {
            starts[k + 1] += 1;
        }
        for k in 0..num_keys {
            starts[k + 1] += starts[k];
        }
        let mut fill = starts.clone();
        let mut items = vec![0u32; starts[num_keys] as usize];
        for (k, x) in pairs() {
            items[fill[k] as usize] = x;
            fill[k] += 1;
        }
        Lists { starts, items }
    }

    /// The list of `key` (empty for keys past those built).
    #[inline]
    pub fn get(&self, key: usize) -> &[u32] {
        match (self.starts.get(key), self.starts.get(key + 1)) {
            (Some(&s), Some(&e)) => &self.items[s as usize..e as usize],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lists;

    #[test]
    fn lists_keep_the_order_of_their_pairs() {
        let pairs = [(2usize, 7u32), (0, 1), (2, 3), (0, 5)];
        let l = Lists::build(4, || pairs.iter().copied());
        assert_eq!(l.get(0), &[1, 5]);
        assert_eq!(l.get(1), &[] as &[u32]);
        assert_eq!(l.get(2), &[7, 3]);
        assert_eq!(l.get(3), &[] as &[u32]);
        assert_eq!(l.get(9), &[] as &[u32]);
    }
}
