//! Unfounded-set checking with source pointers (clasp's approach, Gebser,
//! Kaufmann, Schaub: "Conflict-driven answer set solving: from theory to
//! practice", AIJ 2012).
//!
//! Only atoms in non-trivial strongly connected components of the positive
//! dependency graph ("cyclic" atoms) are tracked. Each cyclic atom may have
//! a *source*: one of its supporting bodies that is not false and is
//! supported without circularity, i.e. (w.r.t. the atom's component) all
//! its internal positive atoms are sourced — for a weight body, the
//! non-false literals other than unsourced internal atoms reach the bound.
//! Sources are assigned in a well-founded order (an atom gets a source only
//! from already-sourced internal atoms), and are removed transitively as
//! soon as the source body, or (for weight bodies) any of its literals,
//! becomes false, so the sourced atoms are always acyclically supported.
//!
//! Invariants, between checks: every cyclic atom that is not false and has
//! no source is in `queue`; `unsourced[b]` counts the unsourced internal
//! positive atoms of body `b`; `head` is the trail prefix whose
//! falsifications have been applied to the sources. Sources survive
//! backtracking (it only makes bodies non-false).
//!
//! A check (at a propagation fixpoint) applies new falsifications, tries to
//! source the queued atoms, and reports the rest: they form an unfounded
//! set, split by component. For each part `U` the solver adds the loop
//! nogoods `a -> external support of U` for `a` in `U`, whose external
//! literals are all false now: false bodies without positive atoms in `U`,
//! and for weight bodies that could hold without `U` but are not false,
//! their false literals outside `U`.
//!
//! Measured and not kept (2026-11-30, TSP by reachability `tune_s2`, whose
//! checks take a fifth of its time; same search either way): sourcing
//! atoms from true bodies first, so that fewer sources are lost when
//! bodies become false — 1.04 of the time (lost sources 110k -> 100k, but
//! atoms unsourced 531k -> 550k); trying the queued atoms in the order
//! they lost their sources — unchanged; each body's heads in one flat
//! list and the removal loop over borrowed fields instead of look-ups
//! through `self` (the same searches; TSP and Hamiltonian cycle by
//! reachability, tuning rows, seeds 0-2, paired): 0.997 of the time.

use super::translation::Translation;
use crate::program::lists::Lists;
use crate::solver::{Answer, Assignment, Propagator, SLit, Var};
use std::sync::Arc;

const NONE: u32 = u32::MAX;

#[derive(Clone)]
struct UBody {
    lit: SLit,
    /// The component in which this body has internal positive atoms.
    scc: u32,
    /// `None`: conjunction; `Some(bound)`: weight body.
    bound: Option<i64>,
    lits: Vec<(SLit, i64)>,
    /// Cyclic atoms this body supports.
    heads: Vec<u32>,
}

/// The unfounded-set checker of a non-tight program, run as a solver propagator (see the module docs).
#[derive(Clone)]
pub struct Unfounded {
    num_atoms: usize,
    // the program's structure, never changed once built: copies of the
    // checker (a portfolio's searches, see `Propagator::fork`) share it
    scc_of: Arc<[u32]>,
    /// Per atom (cyclic ones only): the bodies of its rules.
    supports: Arc<Lists>,
    /// The bodies of the rules with cyclic heads.
    bodies: Arc<[UBody]>,
    /// Per atom: bodies in which it is an internal positive atom.
    pred_of: Arc<Lists>,
    /// Per literal: bodies whose sourced heads must be re-checked when the
    /// literal becomes false.
    false_watch: Arc<Lists>,
    // the state of the search
    /// Per body: its unsourced internal positive atoms.
    unsourced: Vec<u32>,
    source: Vec<u32>,
    queue: Vec<u32>,
    in_queue: Vec<bool>,
    head: usize,
    stack: Vec<u32>,
    cand: Vec<u32>,
    in_u: Vec<bool>,
    body_mark: Vec<bool>,
    var_mark: Vec<bool>,
    /// Output of `check`: per part, a range of `out_atoms` and of `out_ext`.
    groups: Vec<(u32, u32, u32, u32)>,
    out_atoms: Vec<u32>,
    out_ext: Vec<SLit>,
}

impl Unfounded {
    /// `None` if the program is tight (no positive loops).
    pub fn new(t: &Translation) -> Option<Unfounded> {
        let n = t.num_atoms;
        if t.num_scc == 0 {
            return None;
        }
        let scc_of = t.scc_of.clone();
        let cyclic = |a: usize| scc_of[a] != NONE;
        // only the bodies of rules with cyclic heads are looked at: they
        // get local numbers, in the order of the translation's
        let mut local = vec![NONE; t.bodies.len()];
        for a in (0..n).filter(|&a| cyclic(a)) {
            for &b in &t.supports[a] {
                local[b.0 as usize] = 0;
            }
        }
        let mut bodies: Vec<UBody> = Vec::new();
        for (i, b) in t.bodies.iter().enumerate() {
            if local[i] == NONE {
                continue;
            }
            local[i] = bodies.len() as u32;
            bodies.push(UBody {
                lit: b.lit,
                scc: NONE,
                bound: b.bound,
                lits: b.lits.clone(),
                heads: Vec::new(),
            });
        }
        let local = &local;
        let supports = Lists::build(n, || {
            (0..n)
                .filter(|&a| cyclic(a))
                .flat_map(|a| t.supports[a].iter().map(move |b| (a, local[b.0 as usize])))
        });
        for a in (0..n).filter(|&a| cyclic(a)) {
            for &bi in supports.get(a) {
                let body = &mut bodies[bi as usize];
                body.heads.push(a as u32);
                let internal = body.lits.iter().any(|&(l, _)| {
                    l.is_positive() && l.var().index() < n && scc_of[l.var().index()] == scc_of[a]
                });
                if internal {
                    body.scc = scc_of[a];
                }
            }
        }
        let internal = |b: &UBody, l: SLit| {
            let v = l.var().index();
            b.scc != NONE && l.is_positive() && v < n && scc_of[v] == b.scc
        };
        let pred_of = Lists::build(n, || {
            bodies.iter().enumerate().flat_map(move |(bi, b)| {
                b.lits
                    .iter()
                    .filter(move |&&(l, _)| internal(b, l))
                    .map(move |&(l, _)| (l.var().index(), bi as u32))
            })
        });
        let unsourced: Vec<u32> =
            bodies.iter().map(|b| b.lits.iter().filter(|&&(l, _)| internal(b, l)).count() as u32).collect();
        // a body's own literal, then (weight bodies of a component) its
        // literals, in body order
        let false_watch = Lists::build(t.num_vars * 2, || {
            bodies.iter().enumerate().flat_map(|(bi, b)| {
                let own = std::iter::once((b.lit.code(), bi as u32));
                let weighted = b.scc != NONE && b.bound.is_some();
                let lits = b.lits.iter().filter(move |&&(l, _)| weighted && l != b.lit);
                own.chain(lits.map(move |&(l, _)| (l.code(), bi as u32)))
            })
        });
        let queue: Vec<u32> = (0..n as u32).filter(|&a| scc_of[a as usize] != NONE).collect();
        let mut in_queue = vec![false; n];
        for &a in &queue {
            in_queue[a as usize] = true;
        }
        let num_bodies = bodies.len();
        Some(Unfounded {
            num_atoms: n,
            scc_of: scc_of.into(),
            supports: Arc::new(supports),
            bodies: bodies.into(),
            pred_of: Arc::new(pred_of),
            false_watch: Arc::new(false_watch),
            unsourced,
            source: vec![NONE; n],
            queue,
            in_queue,
            head: 0,
            stack: Vec::new(),
            cand: Vec::new(),
            in_u: vec![false; n],
            body_mark: vec![false; num_bodies],
            var_mark: vec![false; t.num_vars],
            groups: Vec::new(),
            out_atoms: Vec::new(),
            out_ext: Vec::new(),
        })
    }

    #[inline]
    fn enqueue(&mut self, a: u32) {
        if !self.in_queue[a as usize] {
            self.in_queue[a as usize] = true;
            self.queue.push(a);
        }
    }

    /// Called for each variable unassigned by backtracking.
    #[inline]
    fn on_unassign(&mut self, v: Var) {
        let a = v.index();
        if a < self.num_atoms && self.scc_of[a] != NONE && self.source[a] == NONE {
            self.enqueue(a as u32);
        }
    }

    #[inline]
    fn is_internal(&self, l: SLit, scc: u32) -> bool {
        let v = l.var().index();
        l.is_positive() && v < self.num_atoms && self.scc_of[v] == scc
    }

    /// Does weight body `b` reach its bound without false literals and
    /// unsourced internal atoms?
    fn weight_supported(&self, b: &UBody, a: &Assignment) -> bool {
        let bound = b.bound.unwrap_or(b.lits.len() as i64);
        let mut sum = 0;
        for &(l, w) in &b.lits {
            if a.is_false(l) || (self.is_internal(l, b.scc) && self.source[l.var().index()] == NONE) {
                continue;
            }
            sum += w;
            if sum >= bound {
                return true;
            }
        }
        false
    }

    /// Can body `bi` be the source of atom `c`?
    fn supports_atom(&self, bi: u32, c: u32, a: &Assignment) -> bool {
        let b = &self.bodies[bi as usize];
        if a.is_false(b.lit) {
            return false;
        }
        if b.scc != self.scc_of[c as usize] {
            return true;
        }
        match b.bound {
            None => self.unsourced[bi as usize] == 0,
            Some(_) => self.weight_supported(b, a),
        }
    }

    /// Removes the sources of the internal heads sourced by `bi`, and
    /// transitively of everything sourced through them.
    fn invalidate(&mut self, bi: u32) {
        let b = &self.bodies[bi as usize];
        for &h in &b.heads {
            if self.source[h as usize] == bi {
                self.stack.push(h);
            }
        }
        while let Some(c) = self.stack.pop() {
            if self.source[c as usize] == NONE {
                continue;
            }
            self.source[c as usize] = NONE;
            self.enqueue(c);
            for k in 0..self.pred_of.get(c as usize).len() {
                let pb = self.pred_of.get(c as usize)[k];
                self.unsourced[pb as usize] += 1;
                let body = &self.bodies[pb as usize];
                if body.bound.is_some() || self.unsourced[pb as usize] == 1 {
                    for &h in &body.heads {
                        if self.source[h as usize] == pb && self.scc_of[h as usize] == body.scc {
                            self.stack.push(h);
                        }
                    }
                }
            }
        }
    }

    /// Sources `c` from body `bi` and propagates sourcing forward.
    fn set_source(&mut self, c: u32, bi: u32, a: &Assignment) {
        self.source[c as usize] = bi;
        self.stack.push(c);
        while let Some(c) = self.stack.pop() {
            for k in 0..self.pred_of.get(c as usize).len() {
                let pb = self.pred_of.get(c as usize)[k];
                self.unsourced[pb as usize] -= 1;
                let body = &self.bodies[pb as usize];
                if a.is_false(body.lit) {
                    continue;
                }
                let ok = match body.bound {
                    None => self.unsourced[pb as usize] == 0,
                    Some(_) => self.weight_supported(body, a),
                };
                if !ok {
                    continue;
                }
                let body = &self.bodies[pb as usize];
                for &h in &body.heads {
                    if self.source[h as usize] == NONE && self.scc_of[h as usize] == body.scc {
                        self.source[h as usize] = pb;
                        self.stack.push(h);
                    }
                }
            }
        }
    }

    /// Brings the sources up to date with assignment `a` (at a propagation
    /// fixpoint). Returns true if an unfounded set was found; then `groups`,
    /// `out_atoms`, `out_ext` describe its parts and their external literals.
    fn check(&mut self, a: &Assignment) -> bool {
        for i in self.head..a.trail.len() {
            let f = !a.trail[i];
            for k in 0..self.false_watch.get(f.code()).len() {
                let bi = self.false_watch.get(f.code())[k];
                self.invalidate(bi);
            }
        }
        self.head = a.trail.len();
        let mut cand = std::mem::take(&mut self.cand);
        cand.clear();
        while let Some(c) = self.queue.pop() {
            self.in_queue[c as usize] = false;
            if self.source[c as usize] == NONE && !a.is_false(Var(c).pos()) {
                cand.push(c);
            }
        }
        for &c in &cand {
            if self.source[c as usize] != NONE {
                continue;
            }
            for k in 0..self.supports.get(c as usize).len() {
                let bi = self.supports.get(c as usize)[k];
                if self.supports_atom(bi, c, a) {
                    self.set_source(c, bi, a);
                    break;
                }
            }
        }
        cand.retain(|&c| self.source[c as usize] == NONE);
        for &c in &cand {
            self.enqueue(c);
        }
        self.groups.clear();
        self.out_atoms.clear();
        self.out_ext.clear();
        if cand.is_empty() {
            self.cand = cand;
            return false;
        }
        cand.sort_by_key(|&c| (self.scc_of[c as usize], c));
        let mut i = 0;
        while i < cand.len() {
            let scc = self.scc_of[cand[i] as usize];
            let mut j = i;
            while j < cand.len() && self.scc_of[cand[j] as usize] == scc {
                j += 1;
            }
            let part = &cand[i..j];
            self.external(part, a);
            i = j;
        }
        self.cand = cand;
        true
    }

    /// Appends one group: `part` and the (false) literals of its external
    /// support.
    fn external(&mut self, part: &[u32], a: &Assignment) {
        let a_start = self.out_atoms.len() as u32;
        let e_start = self.out_ext.len() as u32;
        for &c in part {
            self.in_u[c as usize] = true;
            self.out_atoms.push(c);
        }
        let mut touched: Vec<u32> = Vec::new();
        for &c in part {
            for &bi in self.supports.get(c as usize) {
                if self.body_mark[bi as usize] {
                    continue;
                }
                self.body_mark[bi as usize] = true;
                touched.push(bi);
                let b = &self.bodies[bi as usize];
                let in_u = |l: SLit| {
                    let v = l.var().index();
                    l.is_positive() && v < self.num_atoms && self.in_u[v]
                };
                let push = |l: SLit, marks: &mut Vec<bool>, out: &mut Vec<SLit>| {
                    debug_assert!(a.is_false(l));
                    if !marks[l.var().index()] {
                        marks[l.var().index()] = true;
                        out.push(l);
                    }
                };
                match b.bound {
                    None => {
                        if b.lits.iter().any(|&(l, _)| in_u(l)) {
                            continue;
                        }
                        push(b.lit, &mut self.var_mark, &mut self.out_ext);
                    }
                    Some(bound) => {
                        let outside: i64 = b.lits.iter().filter(|&&(l, _)| !in_u(l)).map(|x| x.1).sum();
                        if outside < bound {
                            continue;
                        }
                        if a.is_false(b.lit) {
                            push(b.lit, &mut self.var_mark, &mut self.out_ext);
                        } else {
                            for &(l, _) in &b.lits {
                                if !in_u(l) && a.is_false(l) {
                                    push(l, &mut self.var_mark, &mut self.out_ext);
                                }
                            }
                        }
                    }
                }
            }
        }
        for bi in touched {
            self.body_mark[bi as usize] = false;
        }
        for &c in part {
            self.in_u[c as usize] = false;
        }
        for k in e_start as usize..self.out_ext.len() {
            let v = self.out_ext[k].var().index();
            self.var_mark[v] = false;
        }
        self.groups.push((a_start, self.out_atoms.len() as u32, e_start, self.out_ext.len() as u32));
    }
}

impl Propagator for Unfounded {
    fn fork(&self) -> Box<dyn Propagator> {
        Box::new(self.clone())
    }

    /// The loop nogoods of the unfounded atoms that are not false yet:
    /// `a -> external support of U` for each `a` in an unfounded set `U`.
    fn propagate(&mut self, a: &Assignment, out: &mut Answer) {
        if !self.check(a) {
            return;
        }
        let mut clause = Vec::new();
        for &(a0, a1, e0, e1) in &self.groups {
            for &c in &self.out_atoms[a0 as usize..a1 as usize] {
                let al = Var(c).pos();
                if a.is_false(al) {
                    continue;
                }
                clause.clear();
                clause.push(!al);
                clause.extend_from_slice(&self.out_ext[e0 as usize..e1 as usize]);
                out.nogoods.push(&clause);
            }
        }
    }

    fn undo(&mut self, assignment: &Assignment, trail_len: usize) {
        let unassigned = &assignment.trail[trail_len..];
        for l in unassigned {
            self.on_unassign(l.var());
        }
        self.head = self.head.min(trail_len);
    }

    /// New variables are never atoms, so never on a loop (nor watched).
    fn grow(&mut self, num_vars: usize) {
        self.var_mark.resize(num_vars, false);
    }
}
