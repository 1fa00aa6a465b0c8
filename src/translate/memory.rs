//! What one search of a program learnt, said in the program's atoms so
//! that the search of a larger program (the next step of an incremental
//! run) can start from it: each learnt clause with every solver literal
//! replaced by what it stands for — an atom, or the conjunction of program
//! literals a rule body is — and each atom's activity and phase.
//!
//! Invariant: a [`Memory`] holds only clauses the old search learnt whose
//! every variable stands for an atom or a conjunction of atom literals
//! (clauses over weight bodies, disjunctions or variables added later are
//! left out), each with the same meaning as in the old search.  Whether
//! they still hold is the caller's question (see `crate::carry`); here
//! they are only translated out of one solver and into another, where a
//! conjunction the new translation has no variable for gets one defined
//! by it ([`crate::solver::Solver::conjunction`]).

use super::translation::Translation;
use super::ProgramSolver;
use crate::program::{Atom, Lit};
use crate::solver::{SLit, Var};

/// One literal of a remembered clause: a conjunction of program literals
/// ([`Memory::conjs`]), or its negation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The conjunction itself, not its negation.
    pub positive: bool,
    /// The conjunction's index in [`Memory::conjs`].
    pub conj: u32,
}

/// What a search learnt, by program atoms (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The program has no stable model at all.
    pub inconsistent: bool,
    /// The conjunctions the clauses speak of, each once: program literals,
    /// sorted (empty: true).
    pub conjs: Vec<Box<[Lit]>>,
    /// Learnt clauses with their LBD (a clause of one term: a literal the
    /// search fixed for good).
    pub clauses: Vec<(Vec<Term>, u32)>,
    /// Per conjunction the search had a variable for (an atom, or a body):
    /// the variable's activity (in units of the bump) and saved value, if
    /// either is not the initial one.
    pub heuristic: Vec<(u32, f64, bool)>,
}

/// Per solver variable of `t` (after atom merging, with `atom_lit`): the
/// conjunction of program literals it stands for, if it stands for one.
pub(super) fn meanings(t: &Translation, atom_lit: &[SLit]) -> Vec<Option<Box<[Lit]>>> {
    let n = t.num_atoms;
    let mut meaning: Vec<Option<Box<[Lit]>>> = vec![None; t.num_vars];
    for (a, &l) in atom_lit.iter().enumerate() {
        if l == Var(a as u32).pos() {
            meaning[a] = Some(Box::new([Lit::new(Atom(a as u32), true)]));
        }
    }
    meaning[t.true_lit.var().index()] = Some(Box::new([]));
    // the conjunction bodies with variables of their own, by variable
    let mut body_of = vec![u32::MAX; t.num_vars];
    for (i, b) in t.bodies.iter().enumerate() {
        let v = b.lit.var().index();
        if b.bound.is_none() && b.lit.is_positive() && v > n && b.lits.len() >= 2 {
            body_of[v] = i as u32;
        }
    }
    // bodies may stand on bodies (merged atoms): resolved depth first,
    // each once; `visiting` cuts what cannot be a cycle but costs nothing
    let mut visiting = vec![false; t.num_vars];
    for v in 0..t.num_vars {
        if body_of[v] != u32::MAX && meaning[v].is_none() {
            resolve(t, &body_of, v, &mut meaning, &mut visiting);
        }
    }
    meaning
}

fn resolve(
    t: &Translation,
    body_of: &[u32],
    v: usize,
    meaning: &mut Vec<Option<Box<[Lit]>>>,
    visiting: &mut Vec<bool>,
) -> bool {
    if meaning[v].is_some() {
        return true;
    }
    if body_of[v] == u32::MAX || visiting[v] {
        return false;
    }
    visiting[v] = true;
    let mut conj: Vec<Lit> = Vec::new();
    let mut ok = true;
    for &(l, _) in &t.bodies[body_of[v] as usize].lits {
        let w = l.var().index();
        if !resolve(t, body_of, w, meaning, visiting) {
            ok = false;
            break;
        }
        let m = meaning[w].as_deref().unwrap_or(&[]);
        match (l.is_positive(), m) {
            (true, m) => conj.extend_from_slice(m),
            (false, [x]) => conj.push(x.negate()),
            _ => {
                ok = false;
                break;
            }
        }
    }
    visiting[v] = false;
    if ok {
        conj.sort_unstable();
        conj.dedup();
        if !conj.windows(2).any(|w| w[0] == w[1].negate()) {
            meaning[v] = Some(conj.into_boxed_slice());
            return true;
        }
    }
    false
}

impl ProgramSolver {
    /// What the search has learnt so far, with atoms renamed by `atom`;
    /// `None` unless the solver was made to remember
    /// ([`ProgramSolver::remembering`]).
    pub fn memory(&self, atom: impl Fn(Atom) -> Atom) -> Option<Memory> {
        let meaning = self.meaning.as_ref()?;
        let learnt = self.solver.learnt();
        let mut conjs: Vec<Box<[Lit]>> = Vec::new();
        // per variable: its conjunction's index, once it has one
        let mut index = vec![u32::MAX; meaning.len()];
        let mut index_of = |v: usize, conjs: &mut Vec<Box<[Lit]>>| -> Option<u32> {
            let conj = meaning.get(v)?.as_ref()?;
            if index[v] == u32::MAX {
                let mut c: Vec<Lit> =
                    conj.iter().map(|l| Lit::new(atom(l.atom()), l.is_positive())).collect();
                c.sort_unstable();
                index[v] = conjs.len() as u32;
                conjs.push(c.into_boxed_slice());
            }
            Some(index[v])
        };
        let mut clauses = Vec::with_capacity(learnt.clauses.len());
        'clauses: for (lits, lbd) in &learnt.clauses {
            let mut terms = Vec::with_capacity(lits.len());
            for l in lits {
                let Some(conj) = index_of(l.var().index(), &mut conjs) else { continue 'clauses };
                terms.push(Term { positive: l.is_positive(), conj });
            }
            clauses.push((terms, *lbd));
        }
        let mut heuristic = Vec::new();
        for (v, &(activity, phase)) in learnt.heuristic.iter().enumerate() {
            if activity > 0.0 || phase {
                if let Some(conj) = index_of(v, &mut conjs) {
                    heuristic.push((conj, activity, phase));
                }
            }
        }
        Some(Memory { inconsistent: learnt.inconsistent, conjs, clauses, heuristic })
    }

    /// Gives the search what another one learnt (see the module
    /// documentation), its atoms renamed by `lit` (`Err(v)`: the literal
    /// has the fixed value `v` here).  The caller vouches that every
    /// clause still holds.
    pub fn recall(&mut self, memory: &Memory, lit: impl Fn(Lit) -> Result<Lit, bool>) {
        if memory.inconsistent {
            self.solver.adopt(&[], 1);
            return;
        }
        // per conjunction: its literal here, or its fixed value
        let mut here: Vec<Option<Result<SLit, bool>>> = vec![None; memory.conjs.len()];
        let mut clause = Vec::new();
        'clauses: for (terms, lbd) in &memory.clauses {
            clause.clear();
            for t in terms {
                let value = match here[t.conj as usize] {
                    Some(v) => v,
                    None => {
                        let v = self.conjunction_here(&memory.conjs[t.conj as usize], &lit);
                        here[t.conj as usize] = Some(v);
                        v
                    }
                };
                match value {
                    Ok(c) => clause.push(if t.positive { c } else { !c }),
                    // a true literal: the clause holds; a false one: left out
                    Err(v) if v == t.positive => continue 'clauses,
                    Err(_) => {}
                }
            }
            self.solver.adopt(&clause, *lbd);
        }
        // a conjunction no clause needed is not given a variable for this
        for &(conj, activity, phase) in &memory.heuristic {
            let found = match here[conj as usize] {
                Some(v) => v.ok(),
                None => self.known_conjunction(&memory.conjs[conj as usize], &lit),
            };
            if let Some(s) = found {
                self.solver.adopt_heuristic(s.var(), activity, phase == s.is_positive());
            }
        }
    }

    /// The literal standing for the conjunction `conj` of program literals
    /// renamed by `lit`, if it has one already.
    fn known_conjunction(&self, conj: &[Lit], lit: &impl Fn(Lit) -> Result<Lit, bool>) -> Option<SLit> {
        let mut lits = Vec::with_capacity(conj.len());
        for &l in conj {
            match lit(l) {
                Ok(l) => lits.push(self.literal(l)),
                Err(true) => {}
                Err(false) => return None,
            }
        }
        self.solver.find_conjunction(lits)
    }

    /// The literal standing for the conjunction `conj` of program literals
    /// renamed by `lit` (defined if the translation has none), or its
    /// fixed value.
    fn conjunction_here(
        &mut self,
        conj: &[Lit],
        lit: &impl Fn(Lit) -> Result<Lit, bool>,
    ) -> Result<SLit, bool> {
        let mut lits = Vec::with_capacity(conj.len());
        for &l in conj {
            match lit(l) {
                Ok(l) => lits.push(self.literal(l)),
                Err(true) => {}
                Err(false) => return Err(false),
            }
        }
        if lits.is_empty() {
            return Err(true);
        }
        Ok(self.solver.conjunction(lits))
    }
}
