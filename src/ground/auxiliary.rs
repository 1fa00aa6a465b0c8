//! Auxiliary atoms: an atom for a conjunction or a disjunction of
//! literals or for a weight body, `not not a`, and the truth of a
//! condition after grounding ([`Truth`]).  The aggregate translation (`aggregate.rs`), conditional
//! literals and `#show t : body` name their conditions through it.
//!
//! Invariant: logically equal definitions share one atom (the disjunctive
//! aggregate translation needs equal elements to be one proposition); an
//! atom made here is defined by its rules alone, and one tied
//! (`Aux::tie`) also implies its definition.

use super::hash::Map;
use crate::program::{Atom, Body, GroundProgram, Head, Lit, Rule};
use crate::syntax::ast::Sign;

/// A condition after grounding: decided, or a conjunction of literals.
#[derive(Clone, Debug, PartialEq)]
pub enum Truth {
    /// Holds in every model.
    True,
    /// Holds in no model.
    False,
    /// Holds exactly when all these literals do.
    Lits(Vec<Lit>),
}

impl Truth {
    /// The conjunction of two conditions.
    pub fn and(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::False, _) | (_, Truth::False) => Truth::False,
            (Truth::True, x) | (x, Truth::True) => x,
            (Truth::Lits(mut a), Truth::Lits(b)) => {
                a.extend(b);
                Truth::Lits(a)
            }
        }
    }
}

/// Makes auxiliary atoms and their rules in the program being built.
pub struct Aux<'a> {
    /// The program the auxiliary atoms and their rules are added to.
    pub prog: &'a mut GroundProgram,
    /// `not not a` for atom a is `not nn(a)` with `nn(a) :- not a`.
    pub nn: &'a mut Map<Atom, Atom>,
    /// Auxiliary atoms by their defining body, so equal definitions share one.
    pub defs: &'a mut Map<Vec<Lit>, Atom>,
    /// Auxiliary atoms by their alternative bodies.
    pub disjs: &'a mut Map<Vec<Vec<Lit>>, Atom>,
    /// Auxiliary atoms by their weight body (bound, then the weighted
    /// literals in order): an aggregate that does not depend on all of its
    /// rule's variables is one atom for every instance, as in gringo.
    pub sums: &'a mut Map<(i64, Box<[(Lit, i64)]>), Atom>,
    /// The definition (alternatives of conjunctions) of every atom made by
    /// `conj_atom` or `disj_atom`; emptied once the atom is tied.
    pub parts: &'a mut Map<Atom, Vec<Vec<Lit>>>,
    /// While translating a recursive aggregate: its atom, the "element
    /// is false or the aggregate holds" atoms made so far, and the
    /// literals of its settled elements (see [`GroundAgg::unsettled`]).
    pub recursive: Option<(Atom, Map<Lit, Atom>, super::hash::Set<Lit>)>,
    /// The atoms declared external so far that no rule derives: inputs,
    /// which no auxiliary rule may head (an external that heads a rule
    /// loses its value).
    pub inputs: &'a super::hash::Set<Atom>,
}

impl Aux<'_> {
    /// An atom equivalent to the conjunction `lits`.
    pub fn conj_atom(&mut self, lits: Vec<Lit>) -> Atom {
        if let Some(a) = self.defs.get(&lits) {
            return *a;
        }
        let a = self.prog.new_atom();
        self.prog.add(Rule::normal(a, lits.as_slice()));
        self.parts.insert(a, vec![lits.clone()]);
        self.defs.insert(lits, a);
        a
    }

    /// One literal equivalent to the conjunction.
    pub fn conj_lit(&mut self, mut lits: Vec<Lit>) -> Lit {
        if lits.len() == 1 {
            return lits.pop().unwrap();
        }
        self.conj_atom(lits).pos()
    }

    /// An atom true iff any of the conjunctions holds.  Equal definitions
    /// share one atom: logically equal elements must be one proposition
    /// (the disjunctive translation of recursive aggregates relies on it).
    pub fn disj_atom(&mut self, alts: &[Vec<Lit>]) -> Atom {
        let mut key: Vec<Vec<Lit>> = alts
            .iter()
            .map(|a| {
                let mut a = a.clone();
                a.sort_unstable();
                a.dedup();
                a
            })
            .collect();
        key.sort();
        key.dedup();
        if let Some(a) = self.disjs.get(&key) {
            return *a;
        }
        let a = self.prog.new_atom();
        for alt in &key {
            self.prog.add(Rule::normal(a, alt.clone()));
        }
        self.parts.insert(a, key.clone());
        self.disjs.insert(key, a);
        a
    }

    /// Makes an auxiliary atom imply its definition, for when a disjunctive
    /// rule may derive it (`n | a` in [`Aux::elem_false`]): otherwise a
    /// model of the reduct could make `a` true without its conjunction and
    /// wrongly refute minimality. A conjunction gives `x :- a` for each of
    /// its positive atoms (negative ones cannot matter: below an
    /// interpretation where `a` holds they stay false); alternatives give
    /// `c1 | ... | ck :- a, y1, ..., ym`, with `ci` the positive
    /// alternatives (conjunctions named and tied in turn) and `not yj` the
    /// single negative ones. This is the distribution of `n ∨ (C1 ∨ ...)`
    /// that gringo's translation writes over the element's own literals.
    pub(super) fn tie(&mut self, a: Atom) {
        let Some(alts) = self.parts.remove(&a) else { return };
        if let [conj] = alts.as_slice() {
            for &x in conj {
                if x.is_positive() && !self.inputs.contains(&x.atom()) {
                    self.prog.add(Rule::normal(x.atom(), vec![a.pos()]));
                }
            }
            return;
        }
        let mut heads = Vec::new();
        let mut body = vec![a.pos()];
        for alt in alts {
            match alt.as_slice() {
                // an input keeps its value: `x | c :- a` is `c :- a, not x`
                [x] if x.is_positive() && !self.inputs.contains(&x.atom()) => heads.push(x.atom()),
                [x] => body.push(x.negate()),
                _ => {
                    let c = self.conj_atom(alt);
                    self.tie(c);
                    heads.push(c);
                }
            }
        }
        heads.sort_unstable();
        heads.dedup();
        self.prog.add(Rule { head: Head::Disjunction(heads.into()), body: Body::Normal(body.into()) });
    }

    /// `not l`, keeping the negation default: `not (not a)` is `not nn(a)`.
    pub fn negate(&mut self, l: Lit) -> Lit {
        if l.is_positive() {
            l.negate()
        } else {
            self.not_not(l.atom())
        }
    }

    /// `not not a`.
    pub fn not_not(&mut self, a: Atom) -> Lit {
        if let Some(n) = self.nn.get(&a) {
            return n.neg();
        }
        let n = self.prog.new_atom();
        self.prog.add(Rule::normal(n, vec![a.neg()]));
        self.nn.insert(a, n);
        n.neg()
    }

    /// The negation of a condition (a conjunction is first named by an auxiliary atom).
    pub fn negate_truth(&mut self, t: Truth) -> Truth {
        match t {
            Truth::True => Truth::False,
            Truth::False => Truth::True,
            Truth::Lits(ls) => {
                let l = self.conj_lit(ls);
                Truth::Lits(vec![self.negate(l)])
            }
        }
    }

    /// The disjunction of two conditions.
    pub fn or_truth(&mut self, a: Truth, b: Truth) -> Truth {
        match (a, b) {
            (Truth::True, _) | (_, Truth::True) => Truth::True,
            (Truth::False, x) | (x, Truth::False) => x,
            (Truth::Lits(x), Truth::Lits(y)) => Truth::Lits(vec![self.disj_atom(&[x, y]).pos()]),
        }
    }

    /// The condition under default negation `sign`.
    pub fn apply_sign(&mut self, sign: Sign, t: Truth) -> Truth {
        match sign {
            Sign::Pos => t,
            Sign::Not => self.negate_truth(t),
            Sign::NotNot => {
                let n = self.negate_truth(t);
                self.negate_truth(n)
            }
        }
    }
}
