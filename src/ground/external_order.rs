//! gringo's statement grounding order, for what depends on it in
//! clingo's answers: which of several `#external` declarations of one
//! atom counts, and whether gringo knows a derived fact when it grounds a
//! disjunction that fact satisfies (see `finish_externals`).
//!
//! clasp gives an atom declared external more than once the value of the
//! declaration it reads last, and gringo writes the declarations in the
//! order it grounds their statements: a depth-first walk of the statement
//! dependency graph (a statement depends on the statements whose head may
//! unify with an atom of its body or conditions), started from the
//! statements in reverse source order, each statement after the ones it
//! depends on (post-order), the ones a body atom depends on in source
//! order; inside a strongly connected component, its components over
//! positive dependencies only, walked the same way. So an atom no statement uses keeps its first declaration
//! (`#external y. [true]` then `#external y. [false]`: `y` is true), and
//! an atom a later rule uses keeps the last one before that rule (the same
//! two followed by `:- y.`: `y` is false). Checked against clingo 5.4.1
//! and 5.8.3 on the orders of three declarations, with and without users,
//! users before and after them, direct and through another rule, and a
//! user whose atom cannot unify with the declaration (`:- y(2).`), and
//! a user through a projection (`q(1) :- x.` and `r :- q(_), z.` before
//! the declarations and `#external x : a.`: gringo's projection statement
//! for `q(_)` comes after all the program's, so it is walked first). A
//! `[release]` declaration wins wherever it stands: clasp never makes a
//! released atom external again.
//!
//! Invariant: [`emission_order`] numbers every rule of `rules`; a rule's
//! number is larger than those of the rules it depends on, unless they
//! are on a cycle with it.

use super::rule::{AtomPat, Head, Lit, PredId, Rule};
use super::symbol::{Sym, SymData, Symbols};
use super::term::GTerm;
use crate::syntax::ast::Sign;

/// The position of each rule in gringo's grounding order (see the module
/// documentation), indexed like `rules`. The rules `late` picks out (the
/// projections of anonymous variables) stand after all others, as
/// gringo adds its projection statements after the program's.
pub fn emission_order(rules: &[Rule], syms: &Symbols, late: impl Fn(&Rule) -> bool) -> Vec<usize> {
    let deps = dependencies(rules, syms);
    let (mut all, at_end): (Vec<usize>, Vec<usize>) = (0..rules.len()).partition(|&i| !late(&rules[i]));
    all.extend(at_end);
    all.reverse();
    let mut order = vec![0; rules.len()];
    let mut next = 0;
    for scc in components(&all, |i| deps[i].iter().map(|&(j, _, _)| j).collect()) {
        // within a component, the components of its positive dependencies,
        // the nodes taken in the reverse order of the component's list
        let inside: super::hash::Set<usize> = scc.iter().copied().collect();
        let roots: Vec<usize> = scc.iter().rev().copied().collect();
        let positive = |i: usize| -> Vec<usize> {
            deps[i].iter().filter(|&&(j, p, _)| p && inside.contains(&j)).map(|&(j, _, _)| j).collect()
        };
        for part in components(&roots, positive) {
            for i in part {
                order[i] = next;
                next += 1;
            }
        }
    }
    order
}

/// Each rule's dependencies: the rule providing each of its body atoms
/// (in body order, providers in source order), whether positively, and
/// the atom's predicate.
fn dependencies(rules: &[Rule], syms: &Symbols) -> Vec<Vec<(usize, bool, PredId)>> {
    // the head atoms of each predicate, in source order
    let mut providers: super::hash::Map<PredId, Vec<(usize, &AtomPat)>> = Default::default();
    for (i, r) in rules.iter().enumerate() {
        for a in head_atoms(r) {
            providers.entry(a.pred).or_default().push((i, a));
        }
    }
    rules
        .iter()
        .map(|r| {
            let mut out = Vec::new();
            for (b, positive) in body_atoms(r) {
                for &(j, h) in providers.get(&b.pred).map_or(&[][..], |v| v) {
                    if may_unify_all(&b.args, &h.args, syms) {
                        out.push((j, positive, b.pred));
                    }
                }
            }
            out
        })
        .collect()
}

/// The predicates gringo may not have finished when it grounds a rule
/// that has one of their atoms under `not`: a statement that may give
/// such an atom is on a cycle with that rule (`{ b } = 1 :- not not
/// q(0).` and `#external q(3) : b.`). gringo keeps the negative literal
/// there, though no statement gives `q(0)`, so what the literal stands
/// in the way of stays in its domain.
pub fn open_under_not(rules: &[Rule], syms: &Symbols) -> super::hash::Set<PredId> {
    let deps = dependencies(rules, syms);
    let all: Vec<usize> = (0..rules.len()).collect();
    let mut component = vec![0; rules.len()];
    for (k, scc) in components(&all, |i| deps[i].iter().map(|&(j, _, _)| j).collect()).into_iter().enumerate()
    {
        for i in scc {
            component[i] = k;
        }
    }
    let mut open = super::hash::Set::default();
    for (i, d) in deps.iter().enumerate() {
        for &(j, positive, pred) in d {
            if !positive && component[j] == component[i] {
                open.insert(pred);
            }
        }
    }
    open
}

/// Tarjan's strongly connected components of the graph `edges` over
/// `roots`, dependencies first, walking the roots and the edges in the
/// order given; each component lists its nodes latest found first.
fn components(roots: &[usize], edges: impl Fn(usize) -> Vec<usize>) -> Vec<Vec<usize>> {
    let mut index: super::hash::Map<usize, (usize, usize)> = Default::default(); // node -> (index, lowlink)
    let mut on_trail: super::hash::Set<usize> = Default::default();
    let mut trail: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    let mut counter = 0;
    for &root in roots {
        if index.contains_key(&root) {
            continue;
        }
        let mut stack: Vec<(usize, Vec<usize>, usize)> = Vec::new();
        index.insert(root, (counter, counter));
        counter += 1;
        trail.push(root);
        on_trail.insert(root);
        stack.push((root, edges(root), 0));
        while let Some((node, es, k)) = stack.last_mut() {
            let node = *node;
            if let Some(&e) = es.get(*k) {
                *k += 1;
                if let Some(&(ei, _)) = index.get(&e) {
                    if on_trail.contains(&e) {
                        let entry = index.get_mut(&node).expect("indexed");
                        entry.1 = entry.1.min(ei);
                    }
                } else {
                    index.insert(e, (counter, counter));
                    counter += 1;
                    trail.push(e);
                    on_trail.insert(e);
                    let ee = edges(e);
                    stack.push((e, ee, 0));
                }
                continue;
            }
            stack.pop();
            let (ni, nl) = index[&node];
            if let Some((parent, _, _)) = stack.last() {
                let entry = index.get_mut(parent).expect("indexed");
                entry.1 = entry.1.min(nl);
            }
            if ni == nl {
                let mut scc = Vec::new();
                while let Some(t) = trail.pop() {
                    on_trail.remove(&t);
                    scc.push(t);
                    if t == node {
                        break;
                    }
                }
                out.push(scc);
            }
        }
    }
    out
}

/// Whether rule `r`'s head may give the atom `pred(args)`.
pub fn gives(r: &Rule, pred: PredId, args: &[Sym]) -> bool {
    head_atoms(r).iter().any(|a| {
        a.pred == pred
            && a.args.len() == args.len()
            && a.args.iter().zip(args).all(|(t, s)| !matches!(t, GTerm::Sym(x) if x != s))
    })
}

/// The atoms a rule may derive or declare.
fn head_atoms(r: &Rule) -> Vec<&AtomPat> {
    match &r.head {
        Head::Atom(a) | Head::External { atom: a, .. } => vec![a],
        Head::Choice { elems, .. } | Head::Disjunction(elems) => {
            elems.iter().flat_map(|e| e.atoms()).collect()
        }
        _ => Vec::new(),
    }
}

/// The atoms of a rule's body and of its head's conditions, with whether
/// they occur positively (not under `not`).
fn body_atoms(r: &Rule) -> Vec<(&AtomPat, bool)> {
    fn lit<'a>(l: &'a Lit, out: &mut Vec<(&'a AtomPat, bool)>) {
        match l {
            Lit::Atom { sign, atom } => out.push((atom, *sign == Sign::Pos)),
            Lit::Cond { lit: l, cond, .. } => {
                lit(l, out);
                cond.iter().for_each(|c| lit(c, out));
            }
            Lit::Agg(a) => a.elems.iter().flat_map(|e| &e.cond).for_each(|c| lit(c, out)),
            Lit::Cmp { .. } | Lit::Range { .. } | Lit::Call { .. } | Lit::Bool(_) => {}
        }
    }
    let mut out = Vec::new();
    r.body.iter().for_each(|l| lit(l, &mut out));
    r.head.elems().iter().flat_map(|e| &e.cond).for_each(|l| lit(l, &mut out));
    out
}

fn may_unify_all(a: &[GTerm], b: &[GTerm], syms: &Symbols) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| may_unify(x, y, syms))
}

/// Whether two terms may stand for the same value: variables and
/// arithmetic match anything (each occurrence on its own, so this may say
/// yes where real unification says no, never the other way); a ground
/// term matches a function term only if it is a function of that name and
/// arity whose arguments may match (`s(3,2)` and `s(f(X),f(X))` do not).
fn may_unify(a: &GTerm, b: &GTerm, syms: &Symbols) -> bool {
    match (a, b) {
        (GTerm::Sym(x), GTerm::Sym(y)) => x == y,
        (GTerm::Func { name: n1, neg: s1, args: a1 }, GTerm::Func { name: n2, neg: s2, args: a2 }) => {
            n1 == n2 && s1 == s2 && may_unify_all(a1, a2, syms)
        }
        (GTerm::Sym(x), GTerm::Func { name, neg, args })
        | (GTerm::Func { name, neg, args }, GTerm::Sym(x)) => match syms.get(*x) {
            SymData::Func { name: n, neg: s, args: xs } => {
                n == name
                    && s == neg
                    && xs.len() == args.len()
                    && xs.iter().zip(args).all(|(x, t)| may_unify(&GTerm::Sym(*x), t, syms))
            }
            _ => false,
        },
        _ => true,
    }
}
