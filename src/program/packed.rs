//! Ground rules packed into one flat array of words, a fraction of the
//! memory of [`Rule`]s (a 64-byte value and a body allocation each): a
//! step of an incremental run keeps the rules of the steps before it this
//! way, and what the last step's search saw.
//!
//! Invariant: a rule's words are its head kind, head length, head atoms,
//! body kind, then for a conjunction its length and literals, for a weight
//! body its bound (two words), length and literals each with its weight
//! (two words); a literal is `atom << 1 | negative`.  Equal words, equal
//! rules, and [`Packed::rule`] gives back the rule pushed.

use super::{Atom, Body, Head, Lit, Rule};

/// Rules in the order pushed.
#[derive(Clone, Debug, Default)]
pub struct Packed {
    words: Vec<u32>,
    /// Where each rule starts in `words` (and, last, where they end).
    starts: Vec<u32>,
}

impl Packed {
    /// The rules `rules`, packed.
    pub fn of<'a>(rules: impl IntoIterator<Item = &'a Rule> + Clone) -> Packed {
        let (mut n, mut total) = (0, 0);
        for r in rules.clone() {
            n += 1;
            total += encoded_len(r);
        }
        let mut p = Packed { words: Vec::with_capacity(total), starts: Vec::with_capacity(n + 1) };
        for r in rules {
            p.push(r);
        }
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
        self.starts.push(self.words.len() as u32);
        encode(r, &mut self.words);
    }

    /// Appends `rules`, with room made once for all of them.
    pub fn extend(&mut self, rules: &[Rule]) {
        self.words.reserve_exact(rules.iter().map(encoded_len).sum());
        self.starts.reserve_exact(rules.len());
        for r in rules {
            self.push(r);
        }
    }

    /// The words of rule `k`.
    pub fn words(&self, k: usize) -> &[u32] {
        let end = self.starts.get(k + 1).map_or(self.words.len(), |&e| e as usize);
        &self.words[self.starts[k] as usize..end]
    }

    /// Rule `k`, unpacked.
    pub fn rule(&self, k: usize) -> Rule {
        decode(self.words(k))
    }

    /// The rules, unpacked, in order.
    pub fn rules(&self) -> impl Iterator<Item = Rule> + '_ {
        (0..self.len()).map(|k| self.rule(k))
    }
}

/// The literal as a word.
fn lit_word(l: Lit) -> u32 {
    l.atom().0 << 1 | !l.is_positive() as u32
}

/// The literal of a word.
fn word_lit(w: u32) -> Lit {
    Lit::new(Atom(w >> 1), w & 1 == 0)
}

/// How many words [`encode`] appends for `r`.
pub fn encoded_len(r: &Rule) -> usize {
    let (Head::Disjunction(h) | Head::Choice(h)) = &r.head;
    2 + h.len()
        + match &r.body {
            Body::Normal(ls) => 2 + ls.len(),
            Body::Weight { lits, .. } => 4 + 3 * lits.len(),
        }
}

/// Appends rule `r`'s words (see the module documentation).
pub fn encode(r: &Rule, out: &mut Vec<u32>) {
    let wide = |x: i64, out: &mut Vec<u32>| out.extend([x as u32, (x >> 32) as u32]);
    let (kind, h) = match &r.head {
        Head::Disjunction(h) => (0, h),
        Head::Choice(h) => (1, h),
    };
    out.extend([kind, h.len() as u32]);
    out.extend(h.iter().map(|a| a.0));
    match &r.body {
        Body::Normal(ls) => {
            out.extend([0, ls.len() as u32]);
            out.extend(ls.iter().map(|&l| lit_word(l)));
        }
        Body::Weight { bound, lits } => {
            out.push(1);
            wide(*bound, out);
            out.push(lits.len() as u32);
            for &(l, w) in lits {
                out.push(lit_word(l));
                wide(w, out);
            }
        }
    }
}

/// The rule of `words` (one rule's, as [`encode`] wrote them).
fn decode(words: &[u32]) -> Rule {
    let n = words[1] as usize;
    let atoms = words[2..2 + n].iter().map(|&a| Atom(a)).collect();
    let head = if words[0] == 0 { Head::Disjunction(atoms) } else { Head::Choice(atoms) };
    let b = 2 + n;
    let body = if words[b] == 0 {
        Body::Normal(words[b + 2..].iter().map(|&w| word_lit(w)).collect())
    } else {
        let lits = words[b + 4..].chunks_exact(3).map(|c| (word_lit(c[0]), wide_of(c[1], c[2]))).collect();
        Body::Weight { bound: wide_of(words[b + 1], words[b + 2]), lits }
    };
    Rule { head, body }
}

/// The number of two words (low, high).
fn wide_of(low: u32, high: u32) -> i64 {
    (low as u64 | (high as u64) << 32) as i64
}

/// The positive body atoms of the rule of `words` if its body is a
/// conjunction (`None` for a weight body).
pub fn positive_body(words: &[u32]) -> Option<impl Iterator<Item = Atom> + '_> {
    let body = 2 + words[1] as usize;
    (words[body] == 0).then(|| words[body + 2..].iter().filter(|&&l| l & 1 == 0).map(|&l| Atom(l >> 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weight(bound: i64, w: i64) -> Rule {
        Rule {
            head: Head::Disjunction(smallvec::smallvec![Atom(0)]),
            body: Body::Weight { bound, lits: vec![(Atom(1).pos(), w), (Atom(2).neg(), 3)] },
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
            Rule { head: Head::Choice(smallvec::smallvec![a, b]), body: Body::Normal(vec![]) },
            Rule { head: Head::Disjunction(smallvec::smallvec![a, b]), body: Body::Normal(vec![b.neg()]) },
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
                assert_eq!(p.words(i) == p.words(j), i == j, "{:?} {:?}", rules[i], rules[j]);
            }
        }
        let mut q = Packed::default();
        q.extend(&rules[..3]);
        q.push(&rules[3]);
        assert_eq!(q.rules().collect::<Vec<_>>(), rules[..4].to_vec());
        assert_eq!(positive_body(p.words(4)).map(|b| b.collect::<Vec<_>>()), Some(vec![Atom(0), Atom(1)]));
        assert!(positive_body(p.words(8)).is_none());
    }
}
