//! Removing what underivable atoms and facts make pointless.
//!
//! An atom that heads no rule is false in every answer set, so a rule
//! needing it positively can never fire and `not a` on it always holds; a
//! fact is true in every answer set, so a rule needing `not f` can never
//! fire and `f` in a body always holds, and a rule with `f` in its
//! (disjunctive) head is satisfied whatever the rest. A weight body left
//! reached for certain is a fact's body, one reached only with all its
//! literals a conjunction.
//! Dropping such rules can leave more atoms without rules; the pass repeats
//! until nothing changes; minimize literals over such atoms go too.
//! Invariant: the answer sets and their costs are unchanged (atoms keep
//! their indices; only rules, body literals and minimize literals that are
//! false or satisfied for certain go away).

use super::{Body, GroundProgram, Head, Lit, Rule};
use thin_vec::ThinVec;

/// Simplifies in place; returns how many rules were removed.
pub fn drop_underivable(p: &mut GroundProgram) -> usize {
    drop_underivable_along(p, &mut Vec::<()>::new())
}

/// As [`drop_underivable`]; `side` (empty, or one entry per rule) loses
/// the entries of the rules removed, so that it stays parallel to them.
pub fn drop_underivable_along<T>(p: &mut GroundProgram, side: &mut Vec<T>) -> usize {
    simplify(p, side, None, 0)
}

/// As [`drop_underivable_along`], keeping what it takes to put the
/// program back as it was ([`Undo::apply`]): a multi-shot grounder hands
/// its rules on simplified and takes them back for the next step.  The
/// atoms below `given` count as derivable (not as facts): `p` holds only
/// a step's rules, and those atoms may have rules in earlier steps.
pub fn drop_underivable_undoable<T>(p: &mut GroundProgram, side: &mut Vec<T>, given: u32) -> Undo<T> {
    let mut undo = Undo { changed: Default::default(), tracked: !side.is_empty() };
    simplify(p, side, Some(&mut undo), given);
    undo
}

/// The rules [`drop_underivable_undoable`] removed or changed, as they
/// were, by their place in the program before (with the `side` entries of
/// the removed ones).
pub struct Undo<T> {
    changed: std::collections::BTreeMap<u32, Changed<T>>,
    /// Whether `side` was kept.
    tracked: bool,
}

/// A rule as it was before simplification changed or removed it.
struct Changed<T> {
    rule: Rule,
    removed: bool,
    /// The `side` entry of a removed rule (when `side` is kept).
    side: Option<T>,
}

impl<T> Undo<T> {
    /// Puts the removed and changed rules (and the removed `side`
    /// entries, when `side` is kept) back into `rules`, the simplified
    /// rules: the rules are then those before simplification, in order.
    pub fn apply(self, rules: &mut Vec<Rule>, side: &mut Vec<T>) {
        let tracked = self.tracked;
        let removed = self.changed.values().filter(|c| c.removed).count();
        let (old, total) = (rules.len(), rules.len() + removed);
        rules.resize_with(total, || Rule::constraint(Vec::new()));
        let mut sides = tracked.then(|| side.drain(..).map(Some).collect::<Vec<_>>());
        if let Some(s) = &mut sides {
            s.resize_with(total, || None);
        }
        // from the back, each kept rule moves to its old place (never
        // to a lower one), the removed rules fill the gaps
        let mut changed = self.changed.into_iter().rev().peekable();
        let mut next = old;
        for at in (0..total).rev() {
            let entry = changed.next_if(|(k, _)| *k as usize == at).map(|(_, e)| e);
            if !entry.as_ref().is_some_and(|c| c.removed) {
                next -= 1;
                rules.swap(next, at);
                if let Some(s) = &mut sides {
                    s.swap(next, at);
                }
            }
            if let Some(c) = entry {
                rules[at] = c.rule;
                if let (Some(s), Some(x)) = (&mut sides, c.side) {
                    s[at] = Some(x);
                }
            }
        }
        debug_assert_eq!(next, 0);
        if let Some(s) = sides {
            side.extend(s.into_iter().map(|x| x.expect("every place filled")));
        }
    }
}

/// [`drop_underivable_along`], noting in `undo` what it changes: each
/// rule is looked at once, then again only when an atom it mentions loses
/// its last rule or becomes a fact (a worklist: a cascade along a chain of
/// time steps costs its length, not a pass over the program per step).
/// The result is the fixpoint the passes of the module docs reach.
fn simplify<T>(
    p: &mut GroundProgram,
    side: &mut Vec<T>,
    mut undo: Option<&mut Undo<T>>,
    given: u32,
) -> usize {
    let tracked = !side.is_empty();
    debug_assert!(!tracked || side.len() == p.rules.len());
    let n = p.num_atoms as usize;
    // rules per head atom still there; an atom with none (and not below
    // `given`, not external: those may be true) is underivable
    let mut heads = vec![0u32; n];
    let mut fact = vec![false; n];
    let mut open = vec![false; n];
    open[..given as usize].fill(true);
    // an external atom may be true (assigned, or free)
    p.externals.iter().for_each(|(a, _)| open[a.index()] = true);
    for r in &p.rules {
        match &r.head {
            Head::Disjunction(h) | Head::Choice(h) => h.iter().for_each(|a| heads[a.index()] += 1),
        }
        if let (Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
            if h.len() == 1 && b.is_empty() {
                fact[h[0].index()] = true;
            }
        }
    }
    let mut defined: Vec<bool> = (0..n).map(|a| open[a] || heads[a] > 0).collect();
    // the rules each atom occurs in (head or body)
    let occurs = {
        let rules = &p.rules;
        super::lists::Lists::build(n, || {
            rules.iter().enumerate().flat_map(|(i, r)| {
                let head: &[super::Atom] = match &r.head {
                    Head::Disjunction(h) | Head::Choice(h) => h,
                };
                // (one of the two is empty: no iterator boxed per rule)
                let (normal, weighted): (&[Lit], &[(Lit, i64)]) = match &r.body {
                    Body::Normal(ls) => (ls, &[]),
                    Body::Weight { lits, .. } => (&[], lits),
                };
                let body = normal.iter().map(|l| l.atom()).chain(weighted.iter().map(|(l, _)| l.atom()));
                head.iter().copied().chain(body).map(move |a| (a.index(), i as u32))
            })
        })
    };
    let mut alive = vec![true; p.rules.len()];
    let mut queued = vec![true; p.rules.len()];
    let mut queue: Vec<u32> = (0..p.rules.len() as u32).rev().collect();
    let changed_at = |atom: usize, queue: &mut Vec<u32>, queued: &mut Vec<bool>, alive: &[bool]| {
        for &j in occurs.get(atom) {
            if alive[j as usize] && !queued[j as usize] {
                queued[j as usize] = true;
                queue.push(j);
            }
        }
    };
    let mut removed = 0;
    while let Some(i) = queue.pop() {
        let i = i as usize;
        queued[i] = false;
        if !alive[i] {
            continue;
        }
        let r = &mut p.rules[i];
        if let Some(u) = undo.as_deref_mut() {
            if touches(r, &defined, &fact) {
                u.changed.entry(i as u32).or_insert_with(|| Changed {
                    rule: r.clone(),
                    removed: false,
                    side: None,
                });
            }
        }
        let mut new_fact = false;
        if !keep_rule(r, &defined, &fact, &mut new_fact) {
            alive[i] = false;
            removed += 1;
            let head: &[super::Atom] = match &r.head {
                Head::Disjunction(h) | Head::Choice(h) => h,
            };
            for a in head.iter().map(|a| a.index()) {
                heads[a] -= 1;
                if heads[a] == 0 && !open[a] && defined[a] {
                    defined[a] = false;
                    changed_at(a, &mut queue, &mut queued, &alive);
                }
            }
        } else if new_fact {
            let Head::Disjunction(h) = &r.head else { unreachable!("a new fact has one head atom") };
            let a = h[0].index();
            if !fact[a] {
                fact[a] = true;
                changed_at(a, &mut queue, &mut queued, &alive);
            }
        }
    }
    // the rules left, and `side` and the places beside them
    if removed > 0 {
        let mut k = alive.iter();
        p.rules.retain(|_| *k.next().expect("one per rule"));
        if let Some(u) = undo {
            let mut removed_side = Vec::new();
            if tracked {
                for (x, &keep) in std::mem::take(side).into_iter().zip(&alive) {
                    if keep {
                        side.push(x);
                    } else {
                        removed_side.push(x);
                    }
                }
            }
            let mut removed_side = removed_side.into_iter();
            for (at, _) in alive.iter().enumerate().filter(|(_, &keep)| !keep) {
                // a removed rule was touched: its entry is there
                let c = u.changed.get_mut(&(at as u32)).expect("noted");
                c.removed = true;
                c.side = removed_side.next();
            }
        } else if tracked {
            let mut k = alive.iter();
            side.retain(|_| *k.next().unwrap_or(&true));
        }
    }
    drop_false_minimize_literals(p, &defined, &fact);
    removed
}

/// Whether [`keep_rule`] would remove or change `r`.
fn touches(r: &Rule, defined: &[bool], fact: &[bool]) -> bool {
    if satisfied_by_a_fact(r, fact) {
        return true;
    }
    match &r.body {
        // a false literal removes the rule, a true one leaves it
        Body::Normal(ls) => ls.iter().any(|l| {
            let a = l.atom().index();
            !defined[a] || fact[a]
        }),
        // (rarer, and more ways to change: try it)
        Body::Weight { .. } => {
            let mut tried = r.clone();
            !keep_rule(&mut tried, defined, fact, &mut false) || tried != *r
        }
    }
}

/// Whether rule `r` stays (its body can hold), with the literals true for
/// certain taken out; `new_facts` is set when that leaves a fact.
fn keep_rule(r: &mut Rule, defined: &[bool], fact: &[bool], new_facts: &mut bool) -> bool {
    if satisfied_by_a_fact(r, fact) {
        return false;
    }
    match &mut r.body {
        Body::Normal(ls) => {
            let false_lit = |l: &Lit| {
                let a = l.atom().index();
                if l.is_positive() {
                    !defined[a]
                } else {
                    fact[a]
                }
            };
            if ls.iter().any(false_lit) {
                return false;
            }
            if ls.is_empty() {
                return true;
            }
            // literals true for certain: `not a` of an atom without rules, a fact
            ls.retain(|l| if l.is_positive() { !fact[l.atom().index()] } else { defined[l.atom().index()] });
            *new_facts |= ls.is_empty() && matches!(&r.head, Head::Disjunction(h) if h.len() == 1);
            true
        }
        Body::Weight { bound, lits } => {
            // a literal decided for certain leaves; a true one counts
            let mut b = *bound;
            lits.retain(|&(l, w)| {
                let a = l.atom().index();
                let truth = match (defined[a], fact[a]) {
                    (true, false) => return true,
                    (false, _) => !l.is_positive(),
                    (true, true) => l.is_positive(),
                };
                if truth {
                    b -= w;
                }
                false
            });
            *bound = b;
            let total: i64 = lits.iter().map(|x| x.1).sum();
            if total < b {
                return false;
            }
            // reached already, or reached only with every literal: a conjunction
            if b <= 0 || lits.iter().all(|&(_, w)| total - w < b) {
                let mut conj: ThinVec<Lit> =
                    if b <= 0 { ThinVec::new() } else { lits.iter().map(|x| x.0).collect() };
                conj.sort_unstable();
                conj.dedup();
                *new_facts |= conj.is_empty() && matches!(&r.head, Head::Disjunction(h) if h.len() == 1);
                r.body = Body::Normal(conj);
            }
            true
        }
    }
}

/// Whether `r` is a disjunctive (or normal) rule, not a fact itself, with
/// a fact in its head: every interpretation with the fact satisfies it, so
/// it constrains nothing and supports nothing an answer set needs.
fn satisfied_by_a_fact(r: &Rule, fact: &[bool]) -> bool {
    let Head::Disjunction(h) = &r.head else { return false };
    let bodyless = matches!(&r.body, Body::Normal(ls) if ls.is_empty());
    !(bodyless && h.len() == 1) && h.iter().any(|a| fact[a.index()])
}

/// Minimize literals that are false (an atom without rules, `not` a fact)
/// count nothing: they go, and a priority left without literals is no level of the objective
/// (as gringo drops elements whose condition it found false).
fn drop_false_minimize_literals(p: &mut GroundProgram, defined: &[bool], fact: &[bool]) {
    for m in &mut p.minimize {
        m.lits.retain(
            |(l, _)| if l.is_positive() { defined[l.atom().index()] } else { !fact[l.atom().index()] },
        );
    }
    p.minimize.retain(|m| !m.lits.is_empty());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Atom;
    use proptest::prelude::*;

    #[test]
    fn underivable_atoms_vanish_in_cascade() {
        // a :- b.  c :- a.  d :- not a.  (b has no rule)
        let mut p = GroundProgram::new();
        let (a, b, c, d) = (p.new_atom(), p.new_atom(), p.new_atom(), p.new_atom());
        p.add(Rule::normal(a, vec![b.pos()]));
        p.add(Rule::normal(c, vec![a.pos()]));
        p.add(Rule::normal(d, vec![a.neg()]));
        assert_eq!(drop_underivable(&mut p), 2);
        assert_eq!(p.rules, vec![Rule::normal(d, vec![])]);
        assert!(p.is_stable_model(&[false, false, false, true]));
    }

    /// The passes the module docs describe, each over every rule until
    /// nothing changes: the reference the worklist must agree with.
    fn reference(p: &mut GroundProgram) {
        loop {
            let n = p.num_atoms as usize;
            let mut defined = vec![false; n];
            let mut fact = vec![false; n];
            p.externals.iter().for_each(|(a, _)| defined[a.index()] = true);
            for r in &p.rules {
                match &r.head {
                    Head::Disjunction(h) | Head::Choice(h) => {
                        h.iter().for_each(|a| defined[a.index()] = true)
                    }
                }
                if let (Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
                    if h.len() == 1 && b.is_empty() {
                        fact[h[0].index()] = true;
                    }
                }
            }
            let before = p.rules.len();
            let mut new_facts = false;
            p.rules.retain_mut(|r| keep_rule(r, &defined, &fact, &mut new_facts));
            if p.rules.len() == before && !new_facts {
                drop_false_minimize_literals(p, &defined, &fact);
                return;
            }
        }
    }

    /// A random program over 8 atoms (heads over the first 6, so that
    /// some atoms have no rules): normal rules, facts, constraints and
    /// weight rules.
    fn program() -> impl Strategy<Value = GroundProgram> {
        let lits = prop::collection::vec((0u32..8, any::<bool>()), 0..4);
        let rule = prop_oneof![
            (0u32..6, lits.clone()).prop_map(|(h, b)| Rule::normal(
                Atom(h),
                b.iter().map(|&(a, s)| Lit::new(Atom(a), s)).collect::<Vec<_>>()
            )),
            lits.clone().prop_map(|b| Rule::constraint(
                b.iter().map(|&(a, s)| Lit::new(Atom(a), s)).collect::<Vec<_>>()
            )),
            (0u32..6, 0u32..6, lits.clone()).prop_map(|(h1, h2, b)| Rule {
                head: Head::Disjunction(if h1 == h2 {
                    smallvec::smallvec![Atom(h1)]
                } else {
                    smallvec::smallvec![Atom(h1), Atom(h2)]
                }),
                body: Body::Normal(b.iter().map(|&(a, s)| Lit::new(Atom(a), s)).collect()),
            }),
            (0u32..6, lits.clone()).prop_map(|(h, b)| Rule {
                head: Head::Choice(smallvec::smallvec![Atom(h)]),
                body: Body::Normal(b.iter().map(|&(a, s)| Lit::new(Atom(a), s)).collect()),
            }),
            (0u32..6, -1i64..6, prop::collection::vec((0u32..8, any::<bool>(), 1i64..3), 1..4)).prop_map(
                |(h, bound, ls)| Rule {
                    head: Head::Disjunction(smallvec::smallvec![Atom(h)]),
                    body: Body::Weight {
                        bound,
                        lits: ls.iter().map(|&(a, s, w)| (Lit::new(Atom(a), s), w)).collect()
                    },
                }
            ),
        ];
        (prop::collection::vec(rule, 0..14), prop::collection::vec(0u32..8, 0..2)).prop_map(
            |(rules, externals)| {
                let externals =
                    externals.into_iter().map(|a| (Atom(a), crate::program::External::False)).collect();
                GroundProgram { num_atoms: 8, rules, externals, ..GroundProgram::default() }
            },
        )
    }

    /// The answer sets of `p` (no externals), by brute force: models
    /// whose reduct has no smaller model.
    fn answer_sets(p: &GroundProgram) -> Vec<u32> {
        let n = p.num_atoms;
        let holds = |set: u32, a: Atom| set >> a.0 & 1 == 1;
        // whether `x` satisfies the reduct of `p` by `m` (x = m: `p` itself)
        let satisfies = |x: u32, m: u32| {
            p.rules.iter().all(|r| {
                let lit = |l: &Lit| if l.is_positive() { holds(x, l.atom()) } else { !holds(m, l.atom()) };
                let body = match &r.body {
                    Body::Normal(ls) => ls.iter().all(lit),
                    Body::Weight { bound, lits } => {
                        lits.iter().filter(|(l, _)| lit(l)).map(|x| x.1).sum::<i64>() >= *bound
                    }
                };
                !body
                    || match &r.head {
                        Head::Disjunction(h) => h.iter().any(|&a| holds(x, a)),
                        Head::Choice(h) => h.iter().all(|&a| !holds(m, a) || holds(x, a)),
                    }
            })
        };
        (0..1u32 << n)
            .filter(|&m| satisfies(m, m) && (0..m).all(|x| x & !m != 0 || x == m || !satisfies(x, m)))
            .collect()
    }

    #[test]
    fn rules_with_a_fact_in_the_head_go_and_weight_bodies_settle() {
        // f.  a ; f :- not b.  c :- 2 { f = 1, a = 1, not g = 1 }.  d :- 3 { a = 1, f = 1, c = 1 }.
        let mut p = GroundProgram::new();
        let [f, a, b, c, d, g] = [0; 6].map(|_| p.new_atom());
        let weight =
            |bound, lits: &[(Lit, i64)]| Body::Weight { bound, lits: lits.iter().copied().collect() };
        p.add(Rule::fact(f));
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a, f]),
            body: Body::Normal(thin_vec::thin_vec![b.neg()]),
        });
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![c]),
            body: weight(2, &[(f.pos(), 1), (a.pos(), 1), (g.neg(), 1)]),
        });
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![d]),
            body: weight(3, &[(a.pos(), 1), (f.pos(), 1), (c.pos(), 1)]),
        });
        assert_eq!(drop_underivable(&mut p), 2);
        // a lost its rule; c is a fact; d :- a, c had no way without a
        assert_eq!(p.rules, vec![Rule::fact(f), Rule::fact(c)]);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]
        /// Simplification keeps the answer sets.
        #[test]
        fn simplification_keeps_the_answer_sets(p in program()) {
            let p = GroundProgram { externals: Vec::new(), ..p };
            let mut q = p.clone();
            drop_underivable(&mut q);
            prop_assert_eq!(answer_sets(&q), answer_sets(&p));
        }

        /// The worklist leaves nothing the passes would still change (the
        /// cascade is complete), and no more rules than the passes leave
        /// (it may leave fewer: it sees a new fact before the passes' next
        /// round does, so `a :- 0 {not a}.` twice is one fact, not two).
        #[test]
        fn the_worklist_simplifies_as_far_as_the_passes(p in program()) {
            let (mut q, mut r) = (p.clone(), p.clone());
            drop_underivable(&mut q);
            let mut again = q.clone();
            reference(&mut again);
            prop_assert_eq!(&again.rules, &q.rules);
            prop_assert_eq!(&again.minimize, &q.minimize);
            reference(&mut r);
            prop_assert!(q.rules.len() <= r.rules.len(), "{:?} against {:?}", q.rules, r.rules);
        }

        /// Undoable simplification simplifies as the plain one does, and
        /// undoing it gives back the rules (and side entries) as they were.
        #[test]
        fn simplification_undone_gives_back_the_program(p in program(), tracked in any::<bool>()) {
            let side0: Vec<usize> = if tracked { (0..p.rules.len()).collect() } else { Vec::new() };
            let (mut plain, mut plain_side) = (p.clone(), side0.clone());
            drop_underivable_along(&mut plain, &mut plain_side);
            let (mut q, mut side) = (p.clone(), side0.clone());
            let undo = drop_underivable_undoable(&mut q, &mut side, 0);
            prop_assert_eq!(&q.rules, &plain.rules);
            prop_assert_eq!(&side, &plain_side);
            undo.apply(&mut q.rules, &mut side);
            prop_assert_eq!(&q.rules, &p.rules);
            prop_assert_eq!(&side, &side0);
        }
    }
}
