//! The acyclicity constraint: a directed graph whose edges are present
//! while their conditions (conjunctions of literals) hold must have no
//! cycle, as a [`Propagator`] (clasp's acyclicity check behind `#edge`).
//!
//! Invariant: `count[e]` is the number of literals of edge `e`'s condition
//! that are true in `trail[..head]`; the edges whose count has reached
//! the condition's length — the present edges — form no cycle, except
//! that an edge that closes one is answered with a conflict nogood (the
//! negated conditions of the cycle's edges) at once, so the solver undoes
//! it before anything else is asked.  Edges without a condition are
//! present always; a cycle among them alone is an empty nogood.
//!
//! Propagation: when an edge `u -> v` becomes present, each edge `x -> y`
//! with a path `v ->* x` and `y ->* u` of present edges would close a
//! cycle; if all but one of its condition's literals are true and that
//! one is unassigned, its negation is implied, explained by the true
//! literals of that edge and of the paths.  This finds a subset of what
//! could be implied (it only looks around the edge just added); the
//! conflicts are complete, so every total assignment the solver accepts
//! has an acyclic graph.

use super::assignment::Assignment;
use super::lit::SLit;
use super::propagator::{Answer, Propagator};

/// One edge of the graph, for [`Acyclic::new`].
#[derive(Clone, Debug)]
pub struct GraphEdge {
    /// The node it leaves.
    pub from: u32,
    /// The node it enters.
    pub to: u32,
    /// It is present while all of these hold.
    pub condition: Vec<SLit>,
}

/// The acyclicity propagator (see the module documentation).
#[derive(Clone)]
pub struct Acyclic {
    edges: Vec<GraphEdge>,
    /// Per edge: its condition's literals true in `trail[..head]`.
    count: Vec<u32>,
    /// Per literal code: the edges whose condition has it.
    occurs: Vec<Vec<u32>>,
    /// Per node: the edges leaving it, and those entering it.
    out: Vec<Vec<u32>>,
    into: Vec<Vec<u32>>,
    head: usize,
    /// The edges without conditions have a cycle: no model at all.
    broken: bool,
    /// Per literal code: the explanation of the literal, when implied last.
    reasons: std::collections::HashMap<u32, Vec<SLit>>,
    /// The nodes the last forward search reached.
    reached: Vec<u32>,
    /// The edge the last forward search started with.
    start: u32,
    /// Search marks: per node, the search that reached it last (forward,
    /// backward) and the edge it was reached by.
    seen_fwd: Vec<u32>,
    seen_bwd: Vec<u32>,
    via_fwd: Vec<u32>,
    via_bwd: Vec<u32>,
    epoch: u32,
    stack: Vec<u32>,
}

impl Acyclic {
    /// The constraint over `edges` (nodes are any numbers) in a solver of
    /// `num_vars` variables.
    pub fn new(edges: Vec<GraphEdge>, num_vars: usize) -> Acyclic {
        // the nodes numbered anew, densely (aspif's may be any numbers)
        let mut dense: std::collections::HashMap<u32, u32> = Default::default();
        let mut edges = edges;
        for e in &mut edges {
            e.condition.sort_unstable();
            e.condition.dedup();
            for n in [&mut e.from, &mut e.to] {
                let next = dense.len() as u32;
                *n = *dense.entry(*n).or_insert(next);
            }
        }
        let nodes = dense.len();
        let mut occurs = vec![Vec::new(); 2 * num_vars];
        let mut out = vec![Vec::new(); nodes];
        let mut into = vec![Vec::new(); nodes];
        for (i, e) in edges.iter().enumerate() {
            for l in &e.condition {
                occurs[l.code()].push(i as u32);
            }
            out[e.from as usize].push(i as u32);
            into[e.to as usize].push(i as u32);
        }
        let mut a = Acyclic {
            count: vec![0; edges.len()],
            edges,
            occurs,
            out,
            into,
            head: 0,
            broken: false,
            reasons: Default::default(),
            reached: Vec::new(),
            start: u32::MAX,
            seen_fwd: vec![0; nodes],
            seen_bwd: vec![0; nodes],
            via_fwd: vec![u32::MAX; nodes],
            via_bwd: vec![u32::MAX; nodes],
            epoch: 0,
            stack: Vec::new(),
        };
        // the unconditional edges, added one by one
        for e in 0..a.edges.len() {
            if a.edges[e].condition.is_empty() && a.forward(e as u32, a.edges[e].from) {
                a.broken = true;
            }
        }
        a
    }

    fn present(&self, e: u32) -> bool {
        self.count[e as usize] as usize == self.edges[e as usize].condition.len()
    }

    /// Marks the nodes reachable from edge `e`'s target over present edges
    /// other than `e` (`via_fwd`: the edge each was reached by); stops
    /// early and answers `true` when `stop` is reached.
    fn forward(&mut self, e: u32, stop: u32) -> bool {
        self.epoch += 1;
        self.start = e;
        let start = self.edges[e as usize].to;
        self.seen_fwd[start as usize] = self.epoch;
        self.via_fwd[start as usize] = e;
        self.reached.clear();
        self.reached.push(start);
        if start == stop {
            return true;
        }
        self.stack.clear();
        self.stack.push(start);
        while let Some(n) = self.stack.pop() {
            for k in 0..self.out[n as usize].len() {
                let f = self.out[n as usize][k];
                let t = self.edges[f as usize].to;
                if f == e || self.seen_fwd[t as usize] == self.epoch || !self.present(f) {
                    continue;
                }
                self.seen_fwd[t as usize] = self.epoch;
                self.via_fwd[t as usize] = f;
                self.reached.push(t);
                if t == stop {
                    return true;
                }
                self.stack.push(t);
            }
        }
        false
    }

    /// Marks the nodes that reach edge `e`'s source over present edges
    /// (`via_bwd`: the edge each leaves by), in the current epoch.
    fn backward(&mut self, e: u32) {
        let start = self.edges[e as usize].from;
        self.seen_bwd[start as usize] = self.epoch;
        self.via_bwd[start as usize] = u32::MAX;
        self.stack.clear();
        self.stack.push(start);
        while let Some(n) = self.stack.pop() {
            for k in 0..self.into[n as usize].len() {
                let f = self.into[n as usize][k];
                let s = self.edges[f as usize].from;
                if f == e || self.seen_bwd[s as usize] == self.epoch || !self.present(f) {
                    continue;
                }
                self.seen_bwd[s as usize] = self.epoch;
                self.via_bwd[s as usize] = f;
                self.stack.push(s);
            }
        }
    }

    /// Pushes the condition literals of the forward search's path to
    /// `node`, the start edge's included.
    fn path_fwd(&self, mut node: u32, lits: &mut Vec<SLit>) {
        loop {
            let f = self.via_fwd[node as usize];
            lits.extend_from_slice(&self.edges[f as usize].condition);
            if f == self.start {
                return;
            }
            node = self.edges[f as usize].from;
        }
    }

    /// Pushes the condition literals of the backward search's path from
    /// `node` to the start edge's source.
    fn path_bwd(&self, mut node: u32, lits: &mut Vec<SLit>) {
        loop {
            let f = self.via_bwd[node as usize];
            if f == u32::MAX {
                return;
            }
            lits.extend_from_slice(&self.edges[f as usize].condition);
            node = self.edges[f as usize].to;
        }
    }

    /// Edge `e` has just become present: a conflict nogood if it closes a
    /// cycle (`true`), else the literals it implies.
    fn added(&mut self, e: u32, a: &Assignment, out: &mut Answer) -> bool {
        let from = self.edges[e as usize].from;
        if self.forward(e, from) {
            let mut lits = Vec::new();
            self.path_fwd(from, &mut lits);
            let mut clause: Vec<SLit> = lits.iter().map(|&l| !l).collect();
            clause.sort_unstable();
            clause.dedup();
            out.nogoods.push(&clause);
            return true;
        }
        self.backward(e);
        // the edges from what `e` reaches back to what reaches `e`
        let reached = std::mem::take(&mut self.reached);
        for &x in &reached {
            for &f in &self.out[x as usize] {
                let g = &self.edges[f as usize];
                if self.seen_bwd[g.to as usize] != self.epoch || self.present(f) {
                    continue;
                }
                let mut open = None;
                let mut blocked = false;
                for &c in &g.condition {
                    if a.is_false(c) || (a.is_undef(c) && open.replace(c).is_some()) {
                        blocked = true;
                        break;
                    }
                }
                let Some(c) = open.filter(|_| !blocked) else { continue };
                let mut why: Vec<SLit> = g.condition.iter().copied().filter(|&l| l != c).collect();
                self.path_bwd(g.to, &mut why);
                self.path_fwd(x, &mut why);
                why.sort_unstable();
                why.dedup();
                self.reasons.insert((!c).code() as u32, why);
                out.implied.push(!c);
            }
        }
        self.reached = reached;
        false
    }
}

impl Propagator for Acyclic {
    fn propagate(&mut self, a: &Assignment, out: &mut Answer) {
        if self.broken {
            out.nogoods.push(&[]);
            return;
        }
        while self.head < a.trail.len() {
            let l = a.trail[self.head];
            self.head += 1;
            for &e in &self.occurs[l.code()] {
                self.count[e as usize] += 1;
            }
            for k in 0..self.occurs[l.code()].len() {
                let e = self.occurs[l.code()][k];
                if self.present(e) && self.added(e, a, out) {
                    // the solver backtracks over `l` before it asks again
                    return;
                }
            }
        }
    }

    fn explain(&self, lit: SLit, _: &Assignment, out: &mut Vec<SLit>) {
        out.extend_from_slice(&self.reasons[&(lit.code() as u32)]);
    }

    fn undo(&mut self, assignment: &Assignment, trail_len: usize) {
        let unassigned = &assignment.trail[trail_len..];
        for (j, &l) in unassigned.iter().enumerate() {
            if trail_len + j >= self.head {
                break;
            }
            for &e in &self.occurs[l.code()] {
                self.count[e as usize] -= 1;
            }
        }
        self.head = self.head.min(trail_len);
    }

    fn grow(&mut self, num_vars: usize) {
        self.occurs.resize_with(2 * num_vars, Vec::new);
    }

    fn fork(&self) -> Box<dyn Propagator> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::assignment::Reason;
    use crate::solver::{Outcome, Problem, Solver, Tuning, Var};

    fn lit(v: u32) -> SLit {
        Var(v).pos()
    }

    fn edge(from: u32, to: u32, condition: &[SLit]) -> GraphEdge {
        GraphEdge { from, to, condition: condition.to_vec() }
    }

    /// The models over `num_vars` free variables with these edges, as
    /// bit masks, sorted.
    fn models(num_vars: usize, edges: Vec<GraphEdge>) -> Vec<u32> {
        let mut s = Solver::new(Problem { num_vars, ..Default::default() }, Tuning::default());
        s.add_acyclicity(edges);
        let mut out = Vec::new();
        while let Outcome::Model(m) = s.next_model() {
            out.push(m.iter().enumerate().map(|(i, &t)| (t as u32) << i).sum());
        }
        out.sort_unstable();
        out
    }

    /// The triangle 0 -> 1 -> 2 -> 0 of edges x0, x1, x2: every assignment
    /// but the one with all three.
    #[test]
    fn a_triangle_excludes_only_all_three_edges() {
        let m = models(3, vec![edge(0, 1, &[lit(0)]), edge(1, 2, &[lit(1)]), edge(2, 0, &[lit(2)])]);
        assert_eq!(m, (0..7).collect::<Vec<u32>>());
    }

    /// Conditions are conjunctions: the edge 1 -> 0 is there only with x1
    /// and x2; a self-loop under x3 makes x3 false; an edge whose condition
    /// has a literal and its negation is never there.
    #[test]
    fn conditions_are_conjunctions() {
        let e = vec![
            edge(0, 1, &[lit(0)]),
            edge(1, 0, &[lit(1), lit(2)]),
            edge(5, 5, &[lit(3)]),
            edge(2, 3, &[lit(0), !lit(0)]),
            edge(3, 2, &[]),
        ];
        let m = models(4, e);
        let want: Vec<u32> = (0..16).filter(|b| b & 8 == 0 && b & 7 != 7).collect();
        assert_eq!(m, want);
    }

    /// With x0 and x1 true (the path 0 -> 1 -> 2), the edge 2 -> 0 under
    /// x3 and x2 is implied away once x2 holds: x3 is implied false,
    /// explained by the path and x2.
    #[test]
    fn an_edge_closing_a_cycle_is_implied_false() {
        let e = vec![edge(0, 1, &[lit(0)]), edge(1, 2, &[lit(1)]), edge(2, 0, &[lit(3), lit(2)])];
        let mut p = Acyclic::new(e, 4);
        let mut a = Assignment::new(4);
        let mut out = Answer::default();
        for v in [2, 0] {
            a.assign(lit(v), Reason::None);
        }
        p.propagate(&a, &mut out);
        assert!(out.is_empty());
        a.new_level();
        a.assign(lit(1), Reason::None);
        p.propagate(&a, &mut out);
        assert!(out.nogoods.is_empty());
        assert_eq!(out.implied, vec![!lit(3)]);
        let mut why = Vec::new();
        p.explain(!lit(3), &a, &mut why);
        why.sort_unstable();
        assert_eq!(why, vec![lit(0), lit(1), lit(2)]);
        // undone, and the other way round: x3 true first, then x1 closes
        // the cycle: a conflict over all four
        p.undo(&a, 2);
        a.trail.pop();
        a.value[lit(1).code()] = 0;
        a.value[(!lit(1)).code()] = 0;
        a.assign(lit(3), Reason::None);
        a.assign(lit(1), Reason::None);
        let mut out = Answer::default();
        p.propagate(&a, &mut out);
        let nogoods: Vec<Vec<SLit>> = out.nogoods.iter().map(|c| c.to_vec()).collect();
        assert_eq!(nogoods, vec![vec![!lit(0), !lit(1), !lit(2), !lit(3)]]);
    }

    /// Node numbers as large as aspif allows cost no memory of their own.
    #[test]
    fn sparse_node_numbers_are_numbered_anew() {
        let far = u32::MAX;
        assert!(models(1, vec![edge(far, 0, &[]), edge(0, far, &[lit(0)])]) == vec![0]);
    }

    /// A cycle of unconditional edges: no model at all.
    #[test]
    fn unconditional_cycle_leaves_no_model() {
        assert!(models(1, vec![edge(0, 1, &[]), edge(1, 0, &[])]).is_empty());
        assert_eq!(models(1, vec![edge(0, 1, &[]), edge(1, 2, &[]), edge(2, 0, &[lit(0)])]), vec![0]);
    }
}
