//! The predicate dependency graph and its strongly connected components
//! (petgraph), in the order the instantiator must process them.
//!
//! An edge `p -> q` means some rule with `q` in its head mentions `p` in its
//! body (positively, negatively, or inside an aggregate or condition).  All
//! head predicates of one choice rule are tied into one component.
//! Invariant: `components()` lists every predicate exactly once, and a
//! component comes after every component it depends on.

use super::rule::{Head, PredId, Rule};
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};

/// A strongly connected component of the predicate dependency graph.
pub struct Component {
    /// Its predicates.
    pub preds: Vec<PredId>,
    /// Some predicate depends on itself (through a cycle or a self-loop).
    pub recursive: bool,
}

/// Head predicates of a rule.
pub fn head_preds(r: &Rule) -> Vec<PredId> {
    match &r.head {
        Head::Atom(a) | Head::External { atom: a, .. } => vec![a.pred],
        Head::Choice { elems, .. } | Head::Disjunction(elems) => {
            elems.iter().flat_map(|e| e.atoms().map(|a| a.pred)).collect()
        }
        Head::False
        | Head::Show(_)
        | Head::Edge(_)
        | Head::Minimize(_)
        | Head::Project(_)
        | Head::Heuristic(_) => {
            vec![]
        }
    }
}

/// Predicates a rule's body (and head conditions) mention.
pub fn body_preds(r: &Rule) -> Vec<PredId> {
    let mut out = Vec::new();
    r.body.iter().for_each(|l| l.preds(&mut out));
    {
        for e in r.head.elems() {
            e.cond.iter().for_each(|c| c.preds(&mut out));
        }
    }
    out.into_iter().map(|(p, _)| p).collect()
}

/// The components of the dependency graph over `num_preds` predicates,
/// dependencies first.
pub fn components(num_preds: usize, rules: &[Rule]) -> Vec<Component> {
    let mut g: DiGraph<(), ()> = DiGraph::with_capacity(num_preds, rules.len());
    for _ in 0..num_preds {
        g.add_node(());
    }
    let n = |p: PredId| NodeIndex::new(p.0 as usize);
    let mut self_loop = vec![false; num_preds];
    for r in rules {
        let heads = head_preds(r);
        for b in body_preds(r) {
            for &h in &heads {
                g.update_edge(n(b), n(h), ());
                if b == h {
                    self_loop[h.0 as usize] = true;
                }
            }
        }
        for w in heads.windows(2) {
            if w[0] != w[1] {
                g.update_edge(n(w[0]), n(w[1]), ());
                g.update_edge(n(w[1]), n(w[0]), ());
            }
        }
    }
    let mut sccs = tarjan_scc(&g);
    sccs.reverse();
    sccs.into_iter()
        .map(|c| {
            let preds: Vec<PredId> = c.iter().map(|x| PredId(x.index() as u32)).collect();
            let recursive = preds.len() > 1 || self_loop[preds[0].0 as usize];
            Component { preds, recursive }
        })
        .collect()
}
