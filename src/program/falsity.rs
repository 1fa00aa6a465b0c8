//! Atoms that the shape of a program makes false in every answer set,
//! found before any search (the first thing clasp's preprocessing does),
//! and rules rewritten for such fixed values.
//!
//! An atom is false for certain when an integrity constraint `:- a.`
//! rules it out, or when every rule with it in the head needs, in its
//! body, an atom that is false for certain (positively; for a weight
//! body, so much of its weight that the bound cannot be reached).  The
//! second part cascades: [`false_atoms`] follows it over occurrence
//! lists, in time linear in the size of the rules.  Planning encodings
//! are full of such atoms (`:- to(X,Y,T), not cell(X,Y).` rules out every
//! move off the board, and with it every fluent that only such a move
//! could reach), which would otherwise each cost the search a variable
//! and clauses.
//!
//! Invariant: every atom [`false_atoms`] marks is false in every answer
//! set of the rules it was given (together with any further rules that
//! do not have those atoms in their heads), and replacing each rule `r`
//! by [`rule_under`]`(r, value)`, for a `value` that only fixes atoms to
//! what they are in every answer set, keeps the answer sets (restricted to
//! the atoms left open) and never lets a rewritten rule mention a fixed atom.

use std::borrow::Cow;
use std::ops::Range;

use super::{Atom, Atoms, Body, Head, Rule};

/// The atoms of `scope` false in every answer set of the `len` rules
/// (`rule(i)` is the `i`-th), as a flag per atom of `scope` (indexed from
/// its start); `None` when there are none.  Atoms outside `scope` are
/// given: `known` says which are fixed (`Some(value)`), and they are never
/// marked.  Nor are the `frozen` atoms: an external whose value each
/// solve assumes anew must stay open to the search (as clasp freezes
/// them), even where these rules rule it out.  Atoms of `scope` that some
/// rule not among these may define must be frozen.
pub fn false_atoms<'a>(
    len: usize,
    rule: impl Fn(usize) -> &'a Rule,
    scope: Range<usize>,
    known: impl Fn(Atom) -> Option<bool>,
    frozen: impl Fn(Atom) -> bool,
) -> Option<Vec<bool>> {
    let in_scope = |a: Atom| scope.contains(&a.index());
    let local = |a: Atom| a.index() - scope.start;
    let n = scope.len();
    // a literal false from the start: over a given atom, fixed the other way
    let given_false = |l: super::Lit| !in_scope(l.atom()) && known(l.atom()) == Some(!l.is_positive());
    let mut dead = vec![false; len];
    let mut slack: crate::ground::hash::Map<u32, i64> = Default::default();
    let mut live = vec![0u32; n];
    let mut queue: Vec<Atom> = Vec::new();
    let mut falsified = vec![false; n];
    for (i, dead) in dead.iter_mut().enumerate() {
        let r = rule(i);
        *dead = match &r.body {
            Body::Normal(ls) => ls.iter().any(|&l| given_false(l)),
            Body::Weight { bound, lits } => {
                let reachable: i64 = lits.iter().filter(|&&(l, _)| !given_false(l)).map(|x| x.1).sum();
                if reachable >= *bound {
                    slack.insert(i as u32, reachable - bound);
                }
                reachable < *bound
            }
        };
        match (&r.head, &r.body) {
            // `:- a.`
            (Head::Disjunction(h), Body::Normal(ls)) if h.is_empty() && ls.len() == 1 => {
                let l = ls[0];
                if l.is_positive() && in_scope(l.atom()) && !falsified[local(l.atom())] && !frozen(l.atom()) {
                    falsified[local(l.atom())] = true;
                    queue.push(l.atom());
                }
            }
            (Head::Disjunction(h) | Head::Choice(h), _) if !*dead => {
                for &a in h.iter().filter(|&&a| in_scope(a)) {
                    live[local(a)] += 1;
                }
            }
            _ => {}
        }
    }
    for (k, &l) in live.iter().enumerate() {
        let a = Atom((scope.start + k) as u32);
        if l == 0 && !falsified[k] && !frozen(a) {
            falsified[k] = true;
            queue.push(a);
        }
    }
    if queue.is_empty() {
        return None;
    }
    // the rules each atom of the scope occurs in positively (a CSR table)
    let mut start = vec![0u32; n + 1];
    for (i, _) in dead.iter().enumerate().filter(|(_, d)| !**d) {
        positive(rule(i), |a, _| {
            if in_scope(a) {
                start[local(a) + 1] += 1;
            }
        });
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut occ = vec![(0u32, 0i64); start[n] as usize];
    for (i, _) in dead.iter().enumerate().filter(|(_, d)| !**d) {
        positive(rule(i), |a, w| {
            if in_scope(a) {
                occ[fill[local(a)] as usize] = (i as u32, w);
                fill[local(a)] += 1;
            }
        });
    }
    drop(fill);
    while let Some(a) = queue.pop() {
        let k = local(a);
        for &(i, w) in &occ[start[k] as usize..start[k + 1] as usize] {
            if dead[i as usize] {
                continue;
            }
            let dies = match slack.get_mut(&i) {
                Some(s) => {
                    *s -= w;
                    *s < 0
                }
                None => true,
            };
            if !dies {
                continue;
            }
            dead[i as usize] = true;
            let (Head::Disjunction(h) | Head::Choice(h)) = &rule(i as usize).head;
            for &b in h.iter().filter(|&&b| in_scope(b)) {
                let kb = local(b);
                live[kb] -= 1;
                if live[kb] == 0 && !falsified[kb] && !frozen(b) {
                    falsified[kb] = true;
                    queue.push(b);
                }
            }
        }
    }
    Some(falsified)
}

/// Calls `f` with the atom and weight (1 in a conjunction) of each
/// positive body literal of `r`.
fn positive(r: &Rule, mut f: impl FnMut(Atom, i64)) {
    match &r.body {
        Body::Normal(ls) => ls.iter().filter(|l| l.is_positive()).for_each(|l| f(l.atom(), 1)),
        Body::Weight { lits, .. } => {
            lits.iter().filter(|(l, _)| l.is_positive()).for_each(|&(l, w)| f(l.atom(), w))
        }
    }
}

/// Rule `r` once the atoms `value` fixes have their values (`None`: the
/// atom is open): `None` when the rule can never apply or never matter (a
/// body literal is false, the weight bound is out of reach, a head atom is
/// true, or a choice is left without atoms); otherwise the rule without
/// its fixed literals (a true body literal dropped, a weight bound lowered
/// by the weight of true literals), without false head atoms (a normal
/// rule with a false head becomes an integrity constraint on its body),
/// borrowed when nothing changes.
pub fn rule_under(r: &Rule, value: impl Fn(Atom) -> Option<bool>) -> Option<Cow<'_, Rule>> {
    let fixed = |a: Atom| value(a).is_some();
    let (heads, choice) = match &r.head {
        Head::Disjunction(h) => (h, false),
        Head::Choice(h) => (h, true),
    };
    let body_fixed = match &r.body {
        Body::Normal(ls) => ls.iter().any(|l| fixed(l.atom())),
        Body::Weight { lits, .. } => lits.iter().any(|(l, _)| fixed(l.atom())),
    };
    let head_fixed = heads.iter().any(|&a| fixed(a));
    if !head_fixed && !body_fixed {
        return Some(Cow::Borrowed(r));
    }
    if !choice && heads.iter().any(|&a| value(a) == Some(true)) {
        return None;
    }
    let head_atoms: Atoms = heads.iter().copied().filter(|&a| !fixed(a)).collect();
    if choice && head_atoms.is_empty() {
        return None;
    }
    let holds = |l: super::Lit| value(l.atom()).map(|v| v == l.is_positive());
    let body = match &r.body {
        Body::Normal(ls) => {
            if ls.iter().any(|&l| holds(l) == Some(false)) {
                return None;
            }
            Body::Normal(ls.iter().copied().filter(|&l| holds(l).is_none()).collect())
        }
        Body::Weight { bound, lits } => {
            let mut bound = *bound;
            let mut open = Vec::with_capacity(lits.len());
            for &(l, w) in lits {
                match holds(l) {
                    None => open.push((l, w)),
                    Some(true) => bound -= w,
                    Some(false) => {}
                }
            }
            if bound <= 0 {
                Body::Normal(thin_vec::ThinVec::new())
            } else if open.iter().map(|x| x.1).sum::<i64>() < bound {
                return None;
            } else {
                Body::Weight { bound, lits: open.into() }
            }
        }
    };
    let head = if choice { Head::Choice(head_atoms) } else { Head::Disjunction(head_atoms) };
    Some(Cow::Owned(Rule { head, body }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{GroundProgram, Lit};

    fn falsity(p: &GroundProgram) -> Vec<bool> {
        let n = p.num_atoms as usize;
        false_atoms(p.rules.len(), |i| &p.rules[i], 0..n, |_| None, |_| false)
            .unwrap_or_else(|| vec![false; n])
    }

    #[test]
    fn a_ruled_out_atom_takes_what_only_it_derives_along() {
        // {go}. to :- go. :- to. gap :- to. at :- gap. at :- stay. {stay}.
        // w :- 2 {to = 1, gap = 1, stay = 1}.  v :- 2 {to = 1, stay = 2}.
        let mut p = GroundProgram::new();
        let [go, to, gap, at, stay, w, v] = [(); 7].map(|_| p.new_atom());
        p.add(Rule::choice(go));
        p.add(Rule::normal(to, vec![go.pos()]));
        p.add(Rule::constraint(vec![to.pos()]));
        p.add(Rule::normal(gap, vec![to.pos()]));
        p.add(Rule::normal(at, vec![gap.pos()]));
        p.add(Rule::normal(at, vec![stay.pos()]));
        p.add(Rule::choice(stay));
        let weight = |bound, lits: Vec<_>| Rule {
            head: Head::Disjunction(smallvec::smallvec![w]),
            body: Body::Weight { bound, lits: thin_vec::ThinVec::from(lits) },
        };
        p.add(weight(2, vec![(to.pos(), 1), (gap.pos(), 1), (stay.pos(), 1)]));
        let mut r = weight(2, vec![(to.pos(), 1), (stay.pos(), 2)]);
        r.head = Head::Disjunction(smallvec::smallvec![v]);
        p.add(r);
        let f = falsity(&p);
        assert_eq!(f, vec![false, true, true, false, false, true, false]);
        // each marked atom is false in every answer set, checked by brute force
        let n = p.num_atoms as usize;
        for bits in 0u32..1 << n {
            let m: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            if p.is_stable_model(&m) {
                assert!((0..n).all(|i| !(f[i] && m[i])), "{m:?}");
            }
        }
    }

    #[test]
    fn nothing_to_find_is_none() {
        let mut p = GroundProgram::new();
        let [a, b] = [(); 2].map(|_| p.new_atom());
        p.add(Rule::choice(a));
        p.add(Rule::normal(b, vec![a.pos()]));
        p.add(Rule::constraint(vec![a.pos(), b.neg()]));
        assert!(false_atoms(p.rules.len(), |i| &p.rules[i], 0..2, |_| None, |_| false).is_none());
    }

    #[test]
    fn given_atoms_outside_the_scope_are_read_not_marked() {
        // old: a (false), b (open); new: c :- a.  d :- b.  e :- not a.
        let (a, b, c, d, e) = (Atom(0), Atom(1), Atom(2), Atom(3), Atom(4));
        let rules =
            [Rule::normal(c, vec![a.pos()]), Rule::normal(d, vec![b.pos()]), Rule::normal(e, vec![a.neg()])];
        let known = |x: Atom| (x == a).then_some(false);
        let f = false_atoms(rules.len(), |i| &rules[i], 2..5, known, |_| false).expect("c is false");
        assert_eq!(f, vec![true, false, false]);
    }

    #[test]
    fn rules_are_rewritten_for_fixed_atoms() {
        let (a, b, c, t) = (Atom(0), Atom(1), Atom(2), Atom(3));
        // a false, t true, b and c open
        let value = |x: Atom| match x.0 {
            0 => Some(false),
            3 => Some(true),
            _ => None,
        };
        let open = Rule::normal(b, vec![c.pos()]);
        assert!(matches!(rule_under(&open, value), Some(Cow::Borrowed(_))));
        // a false head: a constraint on the body; `not a` and `t` hold
        let r = Rule::normal(a, vec![b.pos(), a.neg(), t.pos()]);
        assert_eq!(rule_under(&r, value).map(Cow::into_owned), Some(Rule::constraint(vec![b.pos()])));
        // a false body literal, a true head: never matters
        assert!(rule_under(&Rule::normal(b, vec![a.pos()]), value).is_none());
        assert!(rule_under(&Rule::normal(t, vec![b.pos()]), value).is_none());
        // a choice keeps its open atoms, and goes without any
        let ch =
            Rule { head: Head::Choice(smallvec::smallvec![a, b]), body: Body::Normal(thin_vec::thin_vec![]) };
        assert_eq!(rule_under(&ch, value).map(Cow::into_owned), Some(Rule::choice(b)));
        assert!(rule_under(&Rule::choice(a), value).is_none());
        // weights: true literals lower the bound, false ones go
        let wr = |bound, lits: Vec<_>| Rule {
            head: Head::Disjunction(smallvec::smallvec![c]),
            body: Body::Weight { bound, lits: lits.into() },
        };
        let r = wr(3, vec![(t.pos(), 1), (a.pos(), 5), (b.pos(), 2), (Lit::new(a, false), 1)]);
        assert_eq!(rule_under(&r, value).map(Cow::into_owned), Some(wr(1, vec![(b.pos(), 2)])));
        assert!(rule_under(&wr(4, vec![(a.pos(), 5), (b.pos(), 2)]), value).is_none());
        assert_eq!(
            rule_under(&wr(2, vec![(t.pos(), 2), (b.pos(), 2)]), value).map(Cow::into_owned),
            Some(Rule::normal(c, vec![]))
        );
    }
}
