//! Atom–body equivalences: an atom defined by exactly one normal rule and
//! not on a positive loop is equivalent to that rule's body, so the solver
//! uses the body's literal for it instead of a variable of its own (the
//! simplest of clasp's `--eq` merges). A positive body literal (an atom,
//! or a body variable) is used; so is a negative one (`a :- not b.`: `a`
//! is `¬b`) where `b` is on no positive loop ([`merge_negative`]).
//!
//! Invariant after [`merge`]: `atom_lit[a]` is the solver literal whose
//! value is atom `a`'s; for a merged atom it is a literal of another
//! variable, and no clause, weight constraint or body mentions `a`'s own
//! variable (it is left out of the search). Merging never touches atoms
//! of positive loops, and the checker sees the same loops: a merged atom
//! is replaced by a positive literal, either of an atom it depends on
//! positively (so positive dependency paths are kept, only shorter) or of
//! a body variable (which the unfounded-set checker treats as external, as
//! it treated the non-looping atom), or by the negative literal of an atom
//! on no loop (whose positive literal in a body, where `not a` stood, the
//! checker treats as external too).

use petgraph::graph::{DiGraph, NodeIndex};

use super::translation::Translation;
use crate::solver::{SLit, Var};

/// Marks atoms on positive loops: `scc_of[a]` is the index of `a`'s
/// non-trivial strongly connected component of the positive dependency
/// graph, `u32::MAX` for other atoms. Returns the number of components.
pub fn cyclic_components(t: &Translation) -> (Vec<u32>, u32) {
    let n = t.num_atoms;
    // the positive dependencies of atom `a`: atoms `v` in its supports' bodies
    let deps = |a: usize| {
        t.supports[a].iter().flat_map(|b| &t.bodies[b.0 as usize].lits).filter_map(move |&(l, _)| {
            let v = l.var().index();
            (l.is_positive() && v < n).then_some(v)
        })
    };
    // an atom on a loop depends on an atom and another depends on it: the
    // graph has only the edges between such atoms (fewer edges, less memory)
    let (mut depends, mut needed) = (vec![false; n], vec![false; n]);
    for a in 0..n {
        for v in deps(a) {
            depends[a] = true;
            needed[v] = true;
        }
    }
    let on_loop = |a: usize| depends[a] && needed[a];
    let edges = (0..n).filter(|&a| on_loop(a)).map(|a| deps(a).filter(|&v| on_loop(v)).count()).sum();
    let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n, edges);
    for _ in 0..n {
        g.add_node(());
    }
    let mut self_loop = vec![false; n];
    for a in (0..n).filter(|&a| on_loop(a)) {
        for v in deps(a).filter(|&v| on_loop(v)) {
            g.add_edge(NodeIndex::new(a), NodeIndex::new(v), ());
            self_loop[a] |= v == a;
        }
    }
    let mut scc_of = vec![u32::MAX; n];
    let mut num = 0u32;
    for comp in petgraph::algo::kosaraju_scc(&g) {
        if comp.len() > 1 || self_loop[comp[0].index()] {
            for x in comp {
                scc_of[x.index()] = num;
            }
            num += 1;
        }
    }
    (scc_of, num)
}

/// The literal standing for `l` once merged atoms are replaced.
fn resolve(atom_lit: &[SLit], num_atoms: usize, mut l: SLit) -> SLit {
    loop {
        let v = l.var().index();
        if v >= num_atoms || atom_lit[v] == Var(v as u32).pos() {
            return l;
        }
        let t = atom_lit[v];
        l = if l.is_positive() { t } else { !t };
    }
}

/// The second round of [`merge`]: an atom whose only rule's body is one
/// negative literal (`a :- not b.`, the even loops of guesses) is merged
/// into that literal, `a` becoming `¬b`, where `b` is on no positive loop.
/// A body that had `not a` then has `b`, a positive literal, where the
/// program has no positive dependency: harmless exactly because the
/// unfounded-set checker reads only positive literals of atoms on loops
/// (`t.scc_of`, computed before merging) as dependencies, and `b` is on
/// none. The targets are final: a target is not merged in this round,
/// nor is an atom that is already one. Returns how many were merged.
fn merge_negative(t: &Translation, mergeable: &[bool], scc_of: &[u32], atom_lit: &mut [SLit]) -> usize {
    let n = t.num_atoms;
    let mut target_of = vec![false; t.num_vars];
    let mut merged = 0;
    for a in 0..n {
        if !mergeable[a] || scc_of[a] != u32::MAX || t.supports[a].len() != 1 {
            continue;
        }
        if atom_lit[a] != Var(a as u32).pos() || target_of[a] {
            continue;
        }
        let body = t.supports[a][0];
        let target = resolve(atom_lit, n, t.bodies[body.0 as usize].lit);
        let v = target.var().index();
        if target.is_positive() || v == a || (v < n && scc_of[v] != u32::MAX) {
            continue;
        }
        atom_lit[a] = target;
        target_of[v] = true;
        merged += 1;
    }
    merged
}

/// Merges every atom whose only support is the body of one normal rule
/// (`defined_by_normal_rule[a]`) into that body's literal, and rewrites
/// the translation accordingly; also records the positive-loop components
/// in `t.scc_of`/`t.num_scc` (merging leaves them as they are). Returns
/// `atom_lit`.
pub fn merge(t: &mut Translation, defined_by_normal_rule: &[bool]) -> Vec<SLit> {
    let n = t.num_atoms;
    let mut atom_lit: Vec<SLit> = (0..n as u32).map(|a| Var(a).pos()).collect();
    let (scc_of, num_scc) = cyclic_components(t);
    t.num_scc = num_scc;
    let mut merged = 0;
    for a in 0..n {
        if !defined_by_normal_rule[a] || scc_of[a] != u32::MAX || t.supports[a].len() != 1 {
            continue;
        }
        let body = t.supports[a][0];
        let target = resolve(&atom_lit, n, t.bodies[body.0 as usize].lit);
        // a negative target would turn negative dependencies into
        // positive ones (and could create positive loops)
        if !target.is_positive() || target.var().index() == a {
            continue;
        }
        atom_lit[a] = target;
        merged += 1;
    }
    merged += merge_negative(t, defined_by_normal_rule, &scc_of, &mut atom_lit);
    t.scc_of = scc_of;
    if merged == 0 {
        return atom_lit;
    }
    for a in 0..n {
        atom_lit[a] = resolve(&atom_lit, n, atom_lit[a]);
    }
    let map = |l: SLit| -> SLit {
        let v = l.var().index();
        if v < n {
            if l.is_positive() {
                atom_lit[v]
            } else {
                !atom_lit[v]
            }
        } else {
            l
        }
    };
    for l in t.clauses.lits_mut() {
        *l = map(*l);
    }
    for (beta, _, lits) in &mut t.weights {
        *beta = map(*beta);
        for (l, _) in lits.iter_mut() {
            *l = map(*l);
        }
    }
    for b in &mut t.bodies {
        b.lit = map(b.lit);
        for (l, _) in b.lits.iter_mut() {
            *l = map(*l);
        }
    }
    for a in 0..n {
        if atom_lit[a].var().index() != a {
            t.supports[a].clear();
        }
    }
    atom_lit
}

#[cfg(test)]
mod tests {
    use super::super::completion::translate;
    use crate::program::{Atom, GroundProgram, Head, Lit, Rule};
    use crate::solver::Var;

    fn program(rules: Vec<Rule>, n: u32) -> GroundProgram {
        let mut p = GroundProgram { num_atoms: n, ..Default::default() };
        for r in rules {
            p.add(r);
        }
        p
    }

    #[test]
    fn chains_merge_into_their_first_literal() {
        // {c}. a :- c. b :- a. d :- not b.
        let (a, b, c, d) = (Atom(0), Atom(1), Atom(2), Atom(3));
        let not_b = Lit::new(b, false);
        let p = program(
            vec![
                Rule {
                    head: Head::Choice(smallvec::smallvec![c]),
                    body: crate::program::Body::Normal(thin_vec::thin_vec![]),
                },
                Rule::normal(a, vec![Lit::new(c, true)]),
                Rule::normal(b, vec![Lit::new(a, true)]),
                Rule::normal(d, vec![not_b]),
            ],
            4,
        );
        let t = translate(&p).unwrap();
        let c_lit = Var(2).pos();
        assert_eq!(t.atom_lit[0], c_lit);
        assert_eq!(t.atom_lit[1], c_lit);
        // a choice atom keeps its variable; d, defined by `not b`, is ¬c
        assert_eq!(t.atom_lit[2], c_lit);
        assert_eq!(t.atom_lit[3], !c_lit);
        // the merged variables occur in no clause
        let merged = [Var(0), Var(1), Var(3)];
        assert!(t.clauses.iter().flatten().all(|l| !merged.contains(&l.var())));
    }

    #[test]
    fn loops_are_not_merged_and_even_loops_once() {
        // a :- b. b :- a. b :- c. {c}. e :- not f. f :- not e.
        let at = |i| Atom(i);
        let p = program(
            vec![
                Rule::normal(at(0), vec![Lit::new(at(1), true)]),
                Rule::normal(at(1), vec![Lit::new(at(0), true)]),
                Rule::normal(at(1), vec![Lit::new(at(2), true)]),
                Rule {
                    head: Head::Choice(smallvec::smallvec![at(2)]),
                    body: crate::program::Body::Normal(thin_vec::thin_vec![]),
                },
                Rule::normal(at(3), vec![Lit::new(at(4), false)]),
                Rule::normal(at(4), vec![Lit::new(at(3), false)]),
            ],
            5,
        );
        let t = translate(&p).unwrap();
        for i in 0..3 {
            assert_eq!(t.atom_lit[i], Var(i as u32).pos(), "atom {i} merged");
        }
        // e is f's negation; f, a target, keeps its variable
        assert_eq!(t.atom_lit[3], Var(4).lit(false));
        assert_eq!(t.atom_lit[4], Var(4).pos());
    }
}
