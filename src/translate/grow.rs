//! Growing a live [`ProgramSolver`] by the rules of the next step of an
//! incremental run, instead of translating the whole program again: the
//! new atoms get variables of their own, each new body a variable defined
//! by its literals ([`crate::solver::Solver::conjunction`],
//! [`crate::solver::Solver::weight_literal`]) except the conjunction of an
//! integrity constraint (a clause of its own), each rule its clauses and
//! each new atom its completion, as `completion` would have made them;
//! body literals the solver has fixed for good are folded in first (a
//! rule whose body has one false for good adds nothing), so that the dead
//! ends of a domain that outgrows its board cost no variables.
//!
//! Invariant: the rules given define only atoms the solver does not have
//! yet (or are constraints), so no clause of the solver — problem clause or
//! learnt — changes meaning, and the models of the grown solver are the
//! stable models of the grown program.  What cannot be grown this way is
//! refused before anything changes: a head of an old atom, a disjunction,
//! a positive loop among the new atoms (the unfounded-set check would need
//! a component of its own).

use super::ProgramSolver;
use crate::program::{Atom, Body, Head, Lit, Rule};
use crate::solver::SLit;
use petgraph::graph::{DiGraph, NodeIndex};

/// Why a solver was not grown (it is unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// A rule has an atom the solver had already in its head.
    OldHead,
    /// A disjunctive rule.
    Disjunction,
    /// The new atoms have a positive loop.
    Loop,
}

impl ProgramSolver {
    /// Adds the atoms up to `num_atoms` and the `rules` over them (see the
    /// module documentation).
    pub fn grow(&mut self, num_atoms: u32, rules: &[Rule]) -> Result<(), Refused> {
        let old = self.atom_lit.len();
        let n = num_atoms as usize;
        // checks first: nothing changes when the step is refused
        let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n.saturating_sub(old), 0);
        for _ in old..n {
            g.add_node(());
        }
        for r in rules {
            let heads: &[Atom] = match &r.head {
                Head::Disjunction(h) if h.len() > 1 => return Err(Refused::Disjunction),
                Head::Disjunction(h) | Head::Choice(h) => h,
            };
            if heads.iter().any(|a| a.index() < old) {
                return Err(Refused::OldHead);
            }
            let body: Vec<Lit> = match &r.body {
                Body::Normal(ls) => ls.to_vec(),
                Body::Weight { lits, .. } => lits.iter().map(|x| x.0).collect(),
            };
            for h in heads {
                for l in body.iter().filter(|l| l.is_positive() && l.atom().index() >= old) {
                    if l.atom() == *h {
                        return Err(Refused::Loop);
                    }
                    g.add_edge(NodeIndex::new(h.index() - old), NodeIndex::new(l.atom().index() - old), ());
                }
            }
        }
        if petgraph::algo::kosaraju_scc(&g).iter().any(|c| c.len() > 1) {
            return Err(Refused::Loop);
        }
        for _ in old..n {
            let v = self.solver.new_var();
            self.atom_lit.push(v.pos());
        }
        let mut supports: Vec<Vec<SLit>> = vec![Vec::new(); n - old];
        let mut conjunctions: Vec<(SLit, &[Lit])> = Vec::new();
        for r in rules {
            // an integrity constraint with a conjunctive body is a clause of
            // its own, with no body variable, unless its body has one (as
            // `completion` translates it)
            if let (Head::Disjunction(h), Body::Normal(ls)) = (&r.head, &r.body) {
                if h.is_empty() && ls.len() >= 2 {
                    let Some(mut lits) = self.folded(ls) else { continue };
                    lits.sort();
                    lits.dedup();
                    if lits.windows(2).any(|w| w[0] == !w[1]) {
                        continue;
                    }
                    match self.solver.find_conjunction(lits.clone()) {
                        Some(beta) => self.solver.add_clause(&[!beta]),
                        None => self.solver.add_clause(&lits.iter().map(|&l| !l).collect::<Vec<_>>()),
                    }
                    continue;
                }
            }
            let Some(beta) = self.body_literal(&r.body) else { continue };
            if let Body::Normal(ls) = &r.body {
                conjunctions.push((beta, ls));
            }
            match &r.head {
                Head::Disjunction(h) => match h.first() {
                    None => self.solver.add_clause(&[!beta]),
                    Some(&a) => {
                        let head = self.atom_lit[a.index()];
                        self.solver.add_clause(&[!beta, head]);
                        supports[a.index() - old].push(beta);
                    }
                },
                Head::Choice(h) => h.iter().for_each(|a| supports[a.index() - old].push(beta)),
            }
        }
        // completion: a new atom holds only with one of its bodies
        for (i, bodies) in supports.into_iter().enumerate() {
            if bodies.contains(&self.true_lit) {
                continue;
            }
            let mut c = vec![!self.atom_lit[old + i]];
            c.extend(bodies);
            self.solver.add_clause(&c);
        }
        // what the new variables stand for, should the search be remembered
        if let Some(meaning) = &mut self.meaning {
            meaning.resize(self.solver.num_vars(), None);
            for a in old..n {
                meaning[self.atom_lit[a].var().index()] = Some(Box::new([Lit::new(Atom(a as u32), true)]));
            }
            for (beta, lits) in conjunctions {
                let m = &mut meaning[beta.var().index()];
                if beta.is_positive() && m.is_none() && lits.len() >= 2 {
                    let mut conj = lits.to_vec();
                    conj.sort_unstable();
                    conj.dedup();
                    *m = Some(conj.into_boxed_slice());
                }
            }
        }
        #[cfg(debug_assertions)]
        {
            self.program.num_atoms = num_atoms;
            self.program.rules.extend_from_slice(rules);
        }
        self.solver.count_kept();
        self.solver.new_problem();
        Ok(())
    }

    /// The solver literals of the conjunction `ls`, those fixed for good
    /// folded in: `None` if one is false for good (the conjunction never
    /// holds), the true ones left out.
    fn folded(&self, ls: &[Lit]) -> Option<Vec<SLit>> {
        let mut lits: Vec<SLit> = Vec::with_capacity(ls.len());
        for &l in ls {
            let s = self.literal(l);
            match self.solver.root_value(s) {
                Some(false) => return None,
                Some(true) => {}
                None => lits.push(s),
            }
        }
        Some(lits)
    }

    /// The literal that holds iff `body` does (its conjunction, or weight
    /// condition); `None` if it can never hold.
    fn body_literal(&mut self, body: &Body) -> Option<SLit> {
        match body {
            Body::Normal(ls) => {
                let lits = self.folded(ls)?;
                if lits.is_empty() {
                    return Some(self.true_lit);
                }
                Some(self.solver.conjunction(lits))
            }
            Body::Weight { bound, lits } => {
                let wl: Vec<(SLit, i64)> = lits.iter().map(|&(l, w)| (self.literal(l), w)).collect();
                match self.solver.weight_literal(*bound, &wl) {
                    Ok(l) => Some(l),
                    Err(true) => Some(self.true_lit),
                    Err(false) => None,
                }
            }
        }
    }
}
