//! Ground rules packed into one flat array of bytes, a fraction of the
//! memory of [`Rule`]s (a 64-byte value and a body allocation each): a
//! step of an incremental run keeps the rules of the steps before it this
//! way, and what the last step's search saw.
//!
//! Invariant: a rule's bytes are a kind byte (bit 0: a choice head, bit
//! 1: a weight body), then variable-length numbers (7 bits a byte, low
//! first): the head's length and atoms, for a weight body its bound, the
//! body's length and literals (for a weight body, each with its weight).
//! Each atom is written as its difference from the atom before it in the
//! rule (zigzag: small either way), a literal as that difference times two
//! plus one if negative.  One rule has one packing: equal bytes, equal
//! rules, and [`Packed::rule`] gives back the rule pushed.

use super::{Atom, Body, Head, Lit, Rule};

/// Rules in the order pushed.
#[derive(Clone, Debug, Default)]
pub struct Packed {
    bytes: Vec<u8>,
    /// Where each rule starts in `bytes`.
    starts: Vec<u32>,
}

impl Packed {
    /// The rules `rules`, packed.
    pub fn of<'a>(rules: impl IntoIterator<Item = &'a Rule>) -> Packed {
        let mut p = Packed::default();
        for r in rules {
            p.push(r);
        }
        p.bytes.shrink_to_fit();
        p.starts.shrink_to_fit();
        p
    }

    /// How many rules there are.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Appends rule `r`.
    pub fn push(&mut self, r: &Rule) {
        self.starts.push(self.bytes.len() as u32);
        encode(r, &mut self.bytes);
    }

    /// Appends `rules`, with room made for exactly them (a run's earlier
    /// steps grow by a step at a time).
    pub fn extend(&mut self, rules: &[Rule]) {
        let mut more = Vec::new();
        let mut starts = Vec::with_capacity(rules.len());
        for r in rules {
            starts.push((self.bytes.len() + more.len()) as u32);
            encode(r, &mut more);
        }
        self.bytes.reserve_exact(more.len());
        self.bytes.extend_from_slice(&more);
        self.starts.reserve_exact(starts.len());
        self.starts.extend_from_slice(&starts);
    }

    /// The bytes of rule `k`.
    pub fn bytes(&self, k: usize) -> &[u8] {
        let end = self.starts.get(k + 1).map_or(self.bytes.len(), |&e| e as usize);
        &self.bytes[self.starts[k] as usize..end]
    }

    /// Rule `k`, unpacked.
    pub fn rule(&self, k: usize) -> Rule {
        decode(self.bytes(k))
    }

    /// The rules, unpacked, in order.
    pub fn rules(&self) -> impl Iterator<Item = Rule> + '_ {
        (0..self.len()).map(|k| self.rule(k))
    }
}

/// Appends `x`, 7 bits a byte, low first.
fn put(x: u64, out: &mut Vec<u8>) {
    let mut x = x;
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Small numbers either way small: 0, -1, 1, -2, ... as 0, 1, 2, 3, ...
fn zigzag(x: i64) -> u64 {
    ((x << 1) ^ (x >> 63)) as u64
}

fn unzigzag(x: u64) -> i64 {
    (x >> 1) as i64 ^ -((x & 1) as i64)
}

/// Appends rule `r`'s bytes (see the module documentation).
pub fn encode(r: &Rule, out: &mut Vec<u8>) {
    let (choice, h) = match &r.head {
        Head::Disjunction(h) => (0, h),
        Head::Choice(h) => (1, h),
    };
    let weight = matches!(r.body, Body::Weight { .. }) as u8;
    out.push(choice | weight << 1);
    let mut last = 0i64;
    let mut atom = |a: Atom, out: &mut Vec<u8>, lit: Option<bool>| {
        let d = zigzag(a.0 as i64 - last);
        last = a.0 as i64;
        match lit {
            None => put(d, out),
            Some(positive) => put(d << 1 | !positive as u64, out),
        }
    };
    put(h.len() as u64, out);
    for &a in h {
        atom(a, out, None);
    }
    match &r.body {
        Body::Normal(ls) => {
            put(ls.len() as u64, out);
            for l in ls {
                atom(l.atom(), out, Some(l.is_positive()));
            }
        }
        Body::Weight { bound, lits } => {
            put(zigzag(*bound), out);
            put(lits.len() as u64, out);
            for &(l, w) in lits {
                atom(l.atom(), out, Some(l.is_positive()));
                put(zigzag(w), out);
            }
        }
    }
}

/// Reads one rule's bytes in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    last: i64,
}

impl Reader<'_> {
    fn number(&mut self) -> u64 {
        let (mut x, mut shift) = (0u64, 0);
        loop {
            let b = self.bytes[self.at];
            self.at += 1;
            x |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return x;
            }
            shift += 7;
        }
    }

    fn atom_of(&mut self, d: u64) -> Atom {
        self.last += unzigzag(d);
        Atom(self.last as u32)
    }

    fn atom(&mut self) -> Atom {
        let d = self.number();
        self.atom_of(d)
    }

    fn lit(&mut self) -> Lit {
        let x = self.number();
        Lit::new(self.atom_of(x >> 1), x & 1 == 0)
    }
}

/// The rule of `bytes` (one rule's, as [`encode`] wrote them).
fn decode(bytes: &[u8]) -> Rule {
    let kind = bytes[0];
    let mut r = Reader { bytes, at: 1, last: 0 };
    let n = r.number() as usize;
    let atoms = (0..n).map(|_| r.atom()).collect();
    let head = if kind & 1 == 0 { Head::Disjunction(atoms) } else { Head::Choice(atoms) };
    let body = if kind & 2 == 0 {
        let n = r.number() as usize;
        Body::Normal((0..n).map(|_| r.lit()).collect())
    } else {
        let bound = unzigzag(r.number());
        let n = r.number() as usize;
        Body::Weight { bound, lits: (0..n).map(|_| (r.lit(), unzigzag(r.number()))).collect() }
    };
    Rule { head, body }
}

/// The positive body atoms of the rule of `bytes` if its body is a
/// conjunction (`None` for a weight body).
pub fn positive_body(bytes: &[u8]) -> Option<Vec<Atom>> {
    match decode(bytes) {
        Rule { body: Body::Normal(ls), .. } => {
            Some(ls.iter().filter(|l| l.is_positive()).map(|l| l.atom()).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn weight(bound: i64, w: i64) -> Rule {
        Rule {
            head: Head::Disjunction(smallvec::smallvec![Atom(0)]),
            body: Body::Weight { bound, lits: thin_vec::thin_vec![(Atom(1).pos(), w), (Atom(2).neg(), 3)] },
        }
    }

    fn rules() -> Vec<Rule> {
        let (a, b) = (Atom(0), Atom(1));
        vec![
            Rule::fact(a),
            Rule::choice(a),
            Rule::normal(a, vec![b.pos()]),
            Rule::normal(a, vec![b.neg()]),
            Rule::constraint(vec![a.pos(), b.pos()]),
            Rule::constraint(vec![]),
            Rule { head: Head::Choice(smallvec::smallvec![a, b]), body: Body::Normal(thin_vec::thin_vec![]) },
            Rule {
                head: Head::Disjunction(smallvec::smallvec![a, b]),
                body: Body::Normal(thin_vec::thin_vec![b.neg()]),
            },
            weight(1, 1),
            weight(1, 2),
            weight(1 << 33, 1),
            weight(-5, 1 << 40),
        ]
    }

    #[test]
    fn packed_rules_unpack_as_they_were_and_tell_apart_what_rules_do() {
        let rules = rules();
        let p = Packed::of(&rules);
        assert_eq!(p.len(), rules.len());
        assert_eq!(p.rules().collect::<Vec<_>>(), rules);
        for i in 0..rules.len() {
            for j in 0..rules.len() {
                assert_eq!(p.bytes(i) == p.bytes(j), i == j, "{:?} {:?}", rules[i], rules[j]);
            }
        }
        let mut q = Packed::default();
        q.extend(&rules[..3]);
        q.push(&rules[3]);
        assert_eq!(q.rules().collect::<Vec<_>>(), rules[..4].to_vec());
        assert_eq!(positive_body(p.bytes(4)), Some(vec![Atom(0), Atom(1)]));
        assert!(positive_body(p.bytes(8)).is_none());
    }

    fn any_rule() -> impl Strategy<Value = Rule> {
        // atoms near 0, near the largest a literal holds (2^31 - 1), and in between
        let top = i32::MAX as u32;
        let atom = prop_oneof![0u32..4, 100_000u32..100_100, (top - 4)..=top].prop_map(Atom);
        let lit = (atom.clone(), any::<bool>()).prop_map(|(a, p)| Lit::new(a, p));
        let head =
            (any::<bool>(), proptest::collection::vec(atom, 0..4)).prop_map(|(choice, h)| match choice {
                true => Head::Choice(h.into_iter().collect()),
                false => Head::Disjunction(h.into_iter().collect()),
            });
        let weight = prop_oneof![-3i64..3, Just(i64::MIN), Just(i64::MAX), any::<i64>()];
        let body = prop_oneof![
            proptest::collection::vec(lit.clone(), 0..5).prop_map(|ls| Body::Normal(ls.into())),
            (weight.clone(), proptest::collection::vec((lit, weight), 0..4))
                .prop_map(|(bound, lits)| Body::Weight { bound, lits: lits.into() }),
        ];
        (head, body).prop_map(|(head, body)| Rule { head, body })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Any rules, however large their atoms and weights, unpack as
        /// they were packed, and two pack alike only if they are equal.
        #[test]
        fn any_rules_unpack_as_packed(rules in proptest::collection::vec(any_rule(), 0..12)) {
            let p = Packed::of(&rules);
            prop_assert_eq!(p.rules().collect::<Vec<_>>(), rules.clone());
            let mut q = Packed::default();
            q.extend(&rules);
            prop_assert_eq!(q.rules().collect::<Vec<_>>(), rules.clone());
            for i in 0..rules.len() {
                for j in 0..rules.len() {
                    prop_assert_eq!(p.bytes(i) == p.bytes(j), rules[i] == rules[j]);
                }
            }
        }
    }
}
