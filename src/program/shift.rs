//! Shifting head-cycle-free disjunctions into normal rules.
//!
//! A disjunctive rule `a | b :- B.` whose head atoms lie in different
//! strongly connected components of the positive dependency graph can be
//! replaced by `a :- B, not b.` and `b :- B, not a.` without changing the
//! answer sets (Ben-Eliyahu and Dechter's head-cycle-free programs).  The
//! solver only handles normal, choice and weight rules, so every
//! disjunction must pass through here.
//!
//! Invariant: after [`shift`] returns `Ok`, no rule has a disjunctive head
//! with more than one atom.

use super::{Body, GroundProgram, Head, Rule};
use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};

/// Index (in `rules`) of a disjunctive rule whose head atoms share a
/// positive cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotHeadCycleFree {
    /// The rule's index in [`GroundProgram::rules`].
    pub rule: usize,
}

/// Some rule of `p` has a disjunctive head of two or more atoms.
pub fn has_disjunctions(p: &GroundProgram) -> bool {
    p.rules.iter().any(|r| matches!(&r.head, Head::Disjunction(h) if h.len() > 1))
}

/// The strongly connected component of each atom (by index) in the
/// positive dependency graph of `p` (an edge from each positive body atom
/// to each head atom); an atom on no positive cycle is alone in its own.
pub fn positive_components(p: &GroundProgram) -> Vec<usize> {
    let n = p.num_atoms as usize;
    let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n, p.rules.len());
    for _ in 0..n {
        g.add_node(());
    }
    for r in &p.rules {
        let heads = match &r.head {
            Head::Disjunction(h) | Head::Choice(h) => h,
        };
        let pos: Vec<usize> = match &r.body {
            Body::Normal(ls) => ls.iter().filter(|l| l.is_positive()).map(|l| l.atom().index()).collect(),
            Body::Weight { lits, .. } => {
                lits.iter().filter(|(l, _)| l.is_positive()).map(|(l, _)| l.atom().index()).collect()
            }
        };
        for &b in &pos {
            for h in heads {
                g.add_edge(NodeIndex::new(b), NodeIndex::new(h.index()), ());
            }
        }
    }
    let mut scc = vec![0usize; n];
    for (i, c) in kosaraju_scc(&g).into_iter().enumerate() {
        for x in c {
            scc[x.index()] = i;
        }
    }
    scc
}

/// Shifts every disjunctive rule if all are head-cycle-free; otherwise
/// leaves the program unchanged and names the first one that is not.
pub fn shift(p: &mut GroundProgram) -> Result<(), NotHeadCycleFree> {
    if !has_disjunctions(p) {
        return Ok(());
    }
    let scc = positive_components(p);
    for (i, r) in p.rules.iter().enumerate() {
        if let Head::Disjunction(h) = &r.head {
            let mut comps: Vec<usize> = h.iter().map(|a| scc[a.index()]).collect();
            comps.sort_unstable();
            comps.dedup();
            if comps.len() < h.len() {
                return Err(NotHeadCycleFree { rule: i });
            }
        }
    }
    let mut out = Vec::with_capacity(p.rules.len());
    for r in std::mem::take(&mut p.rules) {
        match (&r.head, &r.body) {
            (Head::Disjunction(h), Body::Normal(body)) if h.len() > 1 => {
                for a in h {
                    let mut b = body.clone();
                    b.extend(h.iter().filter(|x| *x != a).map(|x| x.neg()));
                    out.push(Rule::normal(*a, b));
                }
            }
            (Head::Disjunction(h), Body::Weight { .. }) if h.len() > 1 => {
                // A weight body first gets an atom of its own.
                let aux = p.new_atom();
                out.push(Rule { head: Head::Disjunction(smallvec::smallvec![aux]), body: r.body.clone() });
                for a in h {
                    let mut b = vec![aux.pos()];
                    b.extend(h.iter().filter(|x| *x != a).map(|x| x.neg()));
                    out.push(Rule::normal(*a, b));
                }
            }
            _ => out.push(r),
        }
    }
    p.rules = out;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_cycle_free_disjunction_is_shifted() {
        // a | b.  has the models {a} and {b}.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a, b]),
            body: Body::Normal(thin_vec::thin_vec![]),
        });
        shift(&mut p).unwrap();
        assert_eq!(p.rules.len(), 2);
        assert!(p.is_stable_model(&[true, false]));
        assert!(p.is_stable_model(&[false, true]));
        assert!(!p.is_stable_model(&[true, true]));
    }

    #[test]
    fn head_cycles_are_refused() {
        // a | b.  a :- b.  b :- a.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a, b]),
            body: Body::Normal(thin_vec::thin_vec![]),
        });
        p.add(Rule::normal(a, vec![b.pos()]));
        p.add(Rule::normal(b, vec![a.pos()]));
        assert_eq!(shift(&mut p), Err(NotHeadCycleFree { rule: 0 }));
    }
}
