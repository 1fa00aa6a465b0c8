//! The ground program: the one thing the grounder hands to the solver.
//!
//! It has the shape of clasp's `aspif` rules, with nothing of the source
//! language left in it: atoms are dense indices `Atom(0..num_atoms)`, a body
//! literal is an atom or its default negation, a head is a disjunction (a
//! single atom for a normal rule, none for an integrity constraint) or a
//! choice over atoms, and a body is either a conjunction of literals or a
//! weight constraint `bound <= sum of weights of the true literals`.
//!
//! Invariants (checked by [`GroundProgram::validate`]):
//! - every atom mentioned is `< num_atoms`;
//! - weights in weight bodies are strictly positive (the grounder rewrites
//!   negative weights before building a rule);
//! - an atom with no rule having it in its head is false in every model.
//!
//! Which atoms are printed, and as what text, is not part of this type: the
//! grounder keeps that table, the solver never needs it.

pub mod falsity;
pub mod lists;
pub mod packed;
pub mod shift;
pub mod simplify;
pub mod supported;

use std::fmt;

use thin_vec::ThinVec;

/// A ground atom of the program, dense from 0.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Atom(pub u32);

impl Atom {
    /// The atom's number, for indexing per-atom vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The positive literal `a`.
    pub fn pos(self) -> Lit {
        Lit::new(self, true)
    }
    /// The default-negated literal `not a`.
    pub fn neg(self) -> Lit {
        Lit::new(self, false)
    }
}

/// A body literal: an atom (`positive`) or its default negation `not a`.
/// Packed as `atom * 2 + (negated as u32)`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Lit {
    /// The literal `atom` if `positive`, else `not atom`.
    pub fn new(atom: Atom, positive: bool) -> Lit {
        Lit(atom.0 * 2 + (!positive) as u32)
    }
    /// The literal's atom.
    pub fn atom(self) -> Atom {
        Atom(self.0 >> 1)
    }
    /// True for `a`, false for `not a`.
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }
    /// The default negation of this literal (`not not a` is `a` here: only
    /// use it where that reading is intended, e.g. in the solver).
    pub fn negate(self) -> Lit {
        Lit(self.0 ^ 1)
    }
    /// The packed form `atom * 2 + (negated as u32)`, dense from 0: for indexing per-literal vectors.
    pub fn code(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_positive() {
            write!(f, "{}", self.atom().0)
        } else {
            write!(f, "not {}", self.atom().0)
        }
    }
}

/// A rule head's atoms: one in place (facts and normal rules, most rules
/// of a program, need no allocation for their head), more on the heap.
pub type Atoms = smallvec::SmallVec<[Atom; 1]>;

/// The head of a ground rule.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Head {
    /// At least one of the atoms is true if the body is (aspif's disjunction).
    /// Empty: an integrity constraint. One atom: a normal rule.
    Disjunction(Atoms),
    /// Any subset of the atoms may be true if the body is.
    Choice(Atoms),
}

/// The body of a ground rule. Its literals are a `ThinVec` (one word in
/// the rule, length and capacity on the heap, nothing allocated when
/// empty): most rules of big programs are facts, and a rule is 48 bytes
/// where with a `Vec` it was 64.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Body {
    /// All literals true. Empty: the body is true (a fact).
    Normal(ThinVec<Lit>),
    /// The weights of the true literals add up to at least `bound`.
    /// Weights are > 0. A literal may occur several times (weights add up).
    Weight {
        /// The least total weight of true literals that makes the body true.
        bound: i64,
        /// The literals, each with its weight.
        lits: ThinVec<(Lit, i64)>,
    },
}

/// One ground rule `head :- body`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rule {
    /// What the rule derives.
    pub head: Head,
    /// When the rule applies.
    pub body: Body,
}

impl Rule {
    /// The fact `a.`.
    pub fn fact(a: Atom) -> Rule {
        Rule { head: Head::Disjunction(smallvec::smallvec![a]), body: Body::Normal(ThinVec::new()) }
    }
    /// The choice `{a}.`.
    pub fn choice(a: Atom) -> Rule {
        Rule { head: Head::Choice(smallvec::smallvec![a]), body: Body::Normal(ThinVec::new()) }
    }
    /// The normal rule `head :- body` (a conjunction of literals).
    pub fn normal(head: Atom, body: impl Into<ThinVec<Lit>>) -> Rule {
        Rule { head: Head::Disjunction(smallvec::smallvec![head]), body: Body::Normal(body.into()) }
    }
    /// The integrity constraint `:- body`.
    pub fn constraint(body: impl Into<ThinVec<Lit>>) -> Rule {
        Rule { head: Head::Disjunction(smallvec::smallvec![]), body: Body::Normal(body.into()) }
    }
    /// The same rule over other atoms: each literal (and head atom, as its
    /// positive literal) replaced by what `lit` makes of it.
    pub fn renamed(&self, lit: impl Fn(Lit) -> Lit) -> Rule {
        let atom = |a: Atom| lit(a.pos()).atom();
        let head = match &self.head {
            Head::Disjunction(h) => Head::Disjunction(h.iter().map(|&a| atom(a)).collect()),
            Head::Choice(h) => Head::Choice(h.iter().map(|&a| atom(a)).collect()),
        };
        let body = match &self.body {
            Body::Normal(ls) => Body::Normal(ls.iter().map(|&l| lit(l)).collect()),
            Body::Weight { bound, lits } => {
                Body::Weight { bound: *bound, lits: lits.iter().map(|&(l, w)| (lit(l), w)).collect() }
            }
        };
        Rule { head, body }
    }
}

/// A minimize statement (aspif's): at its priority, the cost of an
/// answer set is the sum of the weights of its true literals.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Minimize {
    /// The priority level: higher levels count first.
    pub priority: i64,
    /// The literals with their weights (any sign; a literal may repeat).
    pub lits: Vec<(Lit, i64)>,
}

/// The value an external atom has unless something assigns it (clingo
/// 5.4's `#external a. [value]`; aspif's `5 atom value`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum External {
    /// False (the default).
    False,
    /// True.
    True,
    /// Neither: a free choice.
    Free,
    /// Released: false for good.
    Release,
}

impl External {
    /// The value `#external a. [name]` gives: `true`, `free` and `release`
    /// by name; any other name is false, as clingo 5.4 reads it.
    pub fn from_name(name: &str) -> External {
        match name {
            "true" => External::True,
            "free" => External::Free,
            "release" => External::Release,
            _ => External::False,
        }
    }

    /// The value's name in clingo's syntax (`#external a.[true]`).
    pub fn name(self) -> &'static str {
        match self {
            External::False => "false",
            External::True => "true",
            External::Free => "free",
            External::Release => "release",
        }
    }

    /// The literal a search of [`GroundProgram::opened`] assumes for the
    /// open external `atom` with this value (`free`, `release`: none).
    pub fn assumption(self, atom: Atom) -> Option<Lit> {
        match self {
            External::True => Some(atom.pos()),
            External::False => Some(atom.neg()),
            External::Free | External::Release => None,
        }
    }
}

/// What a `#heuristic` directive changes about its atom's decisions
/// (clasp's domain heuristic, `--heuristic=Domain`); the aspif code is the
/// variant's position.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Modifier {
    /// Atoms of higher levels are decided first.
    Level,
    /// Positive value: decide true; negative: decide false.
    Sign,
    /// The activity bumps of the atom are multiplied by the value.
    Factor,
    /// The value is added to the atom's initial activity.
    Init,
    /// `Level` with the value, and the sign true.
    True,
    /// `Level` with the value, and the sign false.
    False,
}

impl Modifier {
    /// Every modifier, in aspif's order (`7 code ...`).
    pub const ALL: [Modifier; 6] =
        [Modifier::Level, Modifier::Sign, Modifier::Factor, Modifier::Init, Modifier::True, Modifier::False];

    /// The modifier's name in clingo's syntax (`[1@2,level]`).
    pub fn name(self) -> &'static str {
        match self {
            Modifier::Level => "level",
            Modifier::Sign => "sign",
            Modifier::Factor => "factor",
            Modifier::Init => "init",
            Modifier::True => "true",
            Modifier::False => "false",
        }
    }

    /// The modifier called `name`, if any.
    pub fn from_name(name: &str) -> Option<Modifier> {
        Modifier::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The aspif code (`7 code atom value priority condition`).
    pub fn code(self) -> u32 {
        Modifier::ALL.iter().position(|m| *m == self).expect("listed") as u32
    }
}

/// `#heuristic atom : condition. [value@priority, modifier]`, ground:
/// while the condition holds, the modifier applies to the atom (of the
/// modifiers of one kind for one atom, the one with the highest priority;
/// on equal priorities the last in [`GroundProgram::heuristics`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Heuristic {
    /// The atom the decisions are about.
    pub atom: Atom,
    /// What changes.
    pub modifier: Modifier,
    /// By how much (a level, a sign, a factor, an activity).
    pub value: i64,
    /// Which modifier of a kind wins for an atom (not negative).
    pub priority: i64,
    /// When it applies: all of these hold (empty: always).
    pub condition: Vec<Lit>,
}

/// `#edge (u,v) : condition.`, ground (aspif's `8 u v condition`): while
/// the condition holds, the graph has the edge from node `u` to node `v`;
/// in every answer set the edges whose conditions hold form no cycle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Edge {
    /// The node the edge leaves.
    pub from: u32,
    /// The node it enters.
    pub to: u32,
    /// When it is in the graph: all of these hold (empty: always).
    pub condition: Vec<Lit>,
}

/// A ground program: atoms `0..num_atoms` and rules over them.
#[derive(Clone, Default, Debug)]
pub struct GroundProgram {
    /// How many atoms there are: every atom is `< num_atoms`.
    pub num_atoms: u32,
    /// The rules, in the order they were added.
    pub rules: Vec<Rule>,
    /// The minimize statements: answer sets are ranked by their costs,
    /// lexicographically from the highest priority down (none: no
    /// optimisation).
    pub minimize: Vec<Minimize>,
    /// The external atoms (inputs) with their default values, each once.
    /// An external atom that also heads a rule is an ordinary atom (the
    /// rule defines it, as in clasp); see [`GroundProgram::closed`].
    pub externals: Vec<(Atom, External)>,
    /// The atoms of `#project` directives (`None`: the program has none;
    /// they matter only to projected enumeration, `--project`).
    pub project: Option<Vec<Atom>>,
    /// The `#heuristic` directives, in the order they were grounded (they
    /// guide the search with `--heuristic=Domain`; answer sets do not
    /// depend on them).
    pub heuristics: Vec<Heuristic>,
    /// The `#edge` directives: the answer sets are those of the rules
    /// whose edges (those with their conditions true) form no cycle.
    pub edges: Vec<Edge>,
}

impl GroundProgram {
    /// A copy of everything but the rules (it has none).
    pub fn clone_without_rules(&self) -> GroundProgram {
        GroundProgram {
            num_atoms: self.num_atoms,
            rules: Vec::new(),
            minimize: self.minimize.clone(),
            externals: self.externals.clone(),
            project: self.project.clone(),
            heuristics: self.heuristics.clone(),
            edges: self.edges.clone(),
        }
    }

    /// Per atom: whether a rule makes it a fact (`a.`).
    pub fn facts(&self) -> Vec<bool> {
        let mut fact = vec![false; self.num_atoms as usize];
        for r in &self.rules {
            if let (Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
                if let ([a], true) = (&h[..], b.is_empty()) {
                    fact[a.index()] = true;
                }
            }
        }
        fact
    }

    /// The objective: the priorities of the minimize statements, highest
    /// first, each with all its literals (statements of one priority
    /// merged).  Empty: no optimisation.
    pub fn objective(&self) -> Vec<(i64, Vec<(Lit, i64)>)> {
        let mut levels: std::collections::BTreeMap<i64, Vec<(Lit, i64)>> = Default::default();
        for m in &self.minimize {
            levels.entry(m.priority).or_default().extend(m.lits.iter().copied());
        }
        levels.into_iter().rev().collect()
    }

    /// The costs of the interpretation `truth` (by atom) at each level of
    /// [`GroundProgram::objective`], highest priority first.
    pub fn costs(&self, truth: &[bool]) -> Vec<i64> {
        let holds = |l: Lit| truth.get(l.atom().index()).copied().unwrap_or(false) == l.is_positive();
        self.objective()
            .iter()
            .map(|(_, lits)| lits.iter().filter(|&&(l, _)| holds(l)).map(|&(_, w)| w).sum())
            .collect()
    }
}

/// A violated [`GroundProgram`] invariant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidProgram {
    /// A rule mentions an atom `>= num_atoms`.
    #[error("rule {rule}: atom {atom} is out of range (program has {num_atoms} atoms)")]
    AtomOutOfRange {
        /// The rule's index in [`GroundProgram::rules`].
        rule: usize,
        /// The offending atom's number.
        atom: u32,
        /// The program's number of atoms.
        num_atoms: u32,
    },
    /// A weight body has a weight `<= 0`.
    #[error("rule {rule}: weight {weight} is not positive")]
    NonPositiveWeight {
        /// The rule's index in [`GroundProgram::rules`].
        rule: usize,
        /// The offending weight.
        weight: i64,
    },
}

impl GroundProgram {
    /// An empty program: no atoms, no rules.
    pub fn new() -> GroundProgram {
        GroundProgram::default()
    }

    /// A fresh atom.
    pub fn new_atom(&mut self) -> Atom {
        let a = Atom(self.num_atoms);
        self.num_atoms += 1;
        a
    }

    /// Appends a rule.
    pub fn add(&mut self, rule: Rule) {
        self.rules.push(rule);
    }

    /// The program the answer sets are the stable models of: each external
    /// atom that heads no rule (after clasp's simplifications, see
    /// [`GroundProgram::open_externals`]) becomes what its value says — a
    /// choice (`free`), a fact (`true`), or nothing (`false`, `release`: no
    /// rule derives it).  Without externals, the program itself.
    pub fn closed(&self) -> std::borrow::Cow<'_, GroundProgram> {
        if self.externals.is_empty() {
            return std::borrow::Cow::Borrowed(self);
        }
        std::borrow::Cow::Owned(self.clone().into_closed())
    }

    /// [`GroundProgram::closed`] of a program no longer needed as it is.
    pub fn into_closed(mut self) -> GroundProgram {
        if self.externals.is_empty() {
            return self;
        }
        let open = self.open_externals();
        self.externals.clear();
        self.project = None;
        for (a, v) in open {
            match v {
                External::Free => self.add(Rule::choice(a)),
                External::True => self.add(Rule::fact(a)),
                External::False | External::Release => {}
            }
        }
        self
    }

    /// [`GroundProgram::closed`], but every open external atom that is not
    /// released is a choice, and the literals returned say which value
    /// each `true` or `false` one has: the answer sets of the closed
    /// program are those of this one in which the literals hold.  What a
    /// search of it learns does not depend on the externals' values, only
    /// on which were released.
    pub fn opened(&self) -> (std::borrow::Cow<'_, GroundProgram>, Vec<Lit>) {
        if self.externals.is_empty() {
            return (std::borrow::Cow::Borrowed(self), Vec::new());
        }
        let mut p = self.clone();
        p.externals.clear();
        p.project = None;
        let open = self.open_externals();
        for &(a, v) in &open {
            if v != External::Release {
                p.add(Rule::choice(a));
            }
        }
        let assumed = open.iter().filter_map(|&(a, v)| v.assumption(a)).collect();
        (std::borrow::Cow::Owned(p), assumed)
    }

    /// The external atoms no rule defines, with their values.  As clasp
    /// simplifies before it decides: a disjunctive rule with a head atom in
    /// its positive body is a tautology and defines nothing; a head atom in
    /// the rule's negative body (`x :- not x` is the constraint `:- not
    /// x`), or in a choice rule's body at all, is not defined by that rule.
    pub fn open_externals(&self) -> Vec<(Atom, External)> {
        let mut defined = vec![false; self.num_atoms as usize];
        for r in &self.rules {
            let body: &[Lit] = match &r.body {
                Body::Normal(ls) => ls,
                Body::Weight { .. } => &[],
            };
            let (h, choice) = match &r.head {
                Head::Disjunction(h) => (h, false),
                Head::Choice(h) => (h, true),
            };
            if !choice && body.iter().any(|l| l.is_positive() && h.contains(&l.atom())) {
                continue;
            }
            for a in h {
                if !(body.contains(&a.neg()) || choice && body.contains(&a.pos())) {
                    defined[a.index()] = true;
                }
            }
        }
        self.externals.iter().copied().filter(|(a, _)| !defined[a.index()]).collect()
    }

    /// Checks the invariants in the module documentation.
    pub fn validate(&self) -> Result<(), InvalidProgram> {
        for (i, r) in self.rules.iter().enumerate() {
            let head = match &r.head {
                Head::Disjunction(a) | Head::Choice(a) => a,
            };
            let mut atoms: Vec<Atom> = head.to_vec();
            match &r.body {
                Body::Normal(ls) => atoms.extend(ls.iter().map(|l| l.atom())),
                Body::Weight { lits, .. } => {
                    for &(l, w) in lits {
                        if w <= 0 {
                            return Err(InvalidProgram::NonPositiveWeight { rule: i, weight: w });
                        }
                        atoms.push(l.atom());
                    }
                }
            }
            if let Some(a) = atoms.iter().find(|a| a.0 >= self.num_atoms) {
                return Err(InvalidProgram::AtomOutOfRange { rule: i, atom: a.0, num_atoms: self.num_atoms });
            }
        }
        if let Some(&(a, _)) = self.externals.iter().find(|(a, _)| a.0 >= self.num_atoms) {
            return Err(InvalidProgram::AtomOutOfRange {
                rule: self.rules.len(),
                atom: a.0,
                num_atoms: self.num_atoms,
            });
        }
        for m in &self.minimize {
            if let Some((l, _)) = m.lits.iter().find(|(l, _)| l.atom().0 >= self.num_atoms) {
                let atom = l.atom().0;
                return Err(InvalidProgram::AtomOutOfRange {
                    rule: self.rules.len(),
                    atom,
                    num_atoms: self.num_atoms,
                });
            }
        }
        Ok(())
    }

    /// Is `model` (the set of true atoms, as a bitmap over all atoms) a stable
    /// model of this program?  It must satisfy every rule, and equal the least
    /// model of its reduct: the atoms derivable from the rules whose negative
    /// literals hold in `model`, where a choice rule derives only head atoms
    /// that are in `model`, and a weight body counts its negative literals as
    /// evaluated in `model` and its positive literals in the derivation.
    ///
    /// Independent of the solver: a plain fixpoint, quadratic at worst. Used to
    /// re-verify every answer set in debug builds, with `--check`, and in tests.
    pub fn is_stable_model(&self, model: &[bool]) -> bool {
        if !self.satisfied_by(model) || self.edge_cycle(model).is_some() {
            return false;
        }
        self.least_model_of_reduct(model) == model
    }

    /// A cycle among the edges whose conditions `model` satisfies, as the
    /// indices of its edges in [`GroundProgram::edges`] in path order
    /// (`None`: they form none).
    pub fn edge_cycle(&self, model: &[bool]) -> Option<Vec<usize>> {
        let holds = |l: &Lit| model.get(l.atom().index()).copied().unwrap_or(false) == l.is_positive();
        let mut out: std::collections::HashMap<u32, Vec<usize>> = Default::default();
        for (i, e) in self.edges.iter().enumerate() {
            if e.condition.iter().all(holds) {
                out.entry(e.from).or_default().push(i);
            }
        }
        // depth-first search, iterative: 0 unvisited, 1 on the path, 2 done
        let mut state: std::collections::HashMap<u32, u8> = Default::default();
        let mut starts: Vec<u32> = out.keys().copied().collect();
        starts.sort_unstable();
        for s in starts {
            if state.get(&s).is_some() {
                continue;
            }
            // the path: (node, the edge that entered it, next out-edge to try)
            let mut path: Vec<(u32, usize, usize)> = vec![(s, usize::MAX, 0)];
            state.insert(s, 1);
            while let Some(&mut (n, _, ref mut next)) = path.last_mut() {
                let edges = out.get(&n).map_or(&[][..], Vec::as_slice);
                let Some(&e) = edges.get(*next) else {
                    state.insert(n, 2);
                    path.pop();
                    continue;
                };
                *next += 1;
                let to = self.edges[e].to;
                match state.get(&to) {
                    None => {
                        state.insert(to, 1);
                        path.push((to, e, 0));
                    }
                    Some(1) => {
                        let start = path.iter().position(|p| p.0 == to).expect("on the path");
                        let mut cycle: Vec<usize> = path[start + 1..].iter().map(|p| p.1).collect();
                        cycle.push(e);
                        return Some(cycle);
                    }
                    Some(_) => {}
                }
            }
        }
        None
    }

    /// Does `model` satisfy every rule (as a classical formula)?
    pub fn satisfied_by(&self, model: &[bool]) -> bool {
        let val = |l: Lit, m: &[bool]| m[l.atom().index()] == l.is_positive();
        for r in &self.rules {
            let body = match &r.body {
                Body::Normal(ls) => ls.iter().all(|&l| val(l, model)),
                Body::Weight { bound, lits } => {
                    lits.iter().filter(|&&(l, _)| val(l, model)).map(|&(_, w)| w).sum::<i64>() >= *bound
                }
            };
            if let Head::Disjunction(h) = &r.head {
                if body && !h.iter().any(|a| model[a.index()]) {
                    return false;
                }
            }
        }
        true
    }

    /// The atoms derivable from the reduct of the program w.r.t. `model`
    /// (a disjunctive head derives its atom when exactly one is in `model`,
    /// which is exact for programs without disjunctions).
    fn least_model_of_reduct(&self, model: &[bool]) -> Vec<bool> {
        let mut derived = vec![false; model.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for r in &self.rules {
                let holds = |l: Lit, d: &[bool]| {
                    if l.is_positive() {
                        d[l.atom().index()]
                    } else {
                        !model[l.atom().index()]
                    }
                };
                let body = match &r.body {
                    Body::Normal(ls) => ls.iter().all(|&l| holds(l, &derived)),
                    Body::Weight { bound, lits } => {
                        lits.iter().filter(|&&(l, _)| holds(l, &derived)).map(|&(_, w)| w).sum::<i64>()
                            >= *bound
                    }
                };
                if !body {
                    continue;
                }
                let heads: Vec<Atom> = match &r.head {
                    Head::Choice(h) => h.iter().copied().filter(|a| model[a.index()]).collect(),
                    Head::Disjunction(h) => {
                        let t: Vec<Atom> = h.iter().copied().filter(|a| model[a.index()]).collect();
                        if t.len() == 1 {
                            t
                        } else {
                            vec![]
                        }
                    }
                };
                for a in heads {
                    if !derived[a.index()] {
                        derived[a.index()] = true;
                        changed = true;
                    }
                }
            }
        }
        derived
    }
}

#[cfg(test)]
mod tests {
    /// What a fact costs in the program: one rule, no allocation.
    #[test]
    fn rules_are_small() {
        assert_eq!(std::mem::size_of::<super::Rule>(), 48);
        assert_eq!(std::mem::size_of::<super::Body>(), 16);
    }
    use super::*;

    #[test]
    fn lit_packing_round_trips() {
        let a = Atom(7);
        assert_eq!(a.pos().atom(), a);
        assert!(a.pos().is_positive());
        assert!(!a.neg().is_positive());
        assert_eq!(a.pos().negate(), a.neg());
    }

    #[test]
    fn stable_model_check_on_even_loop() {
        // a :- not b.  b :- not a.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule::normal(a, vec![b.neg()]));
        p.add(Rule::normal(b, vec![a.neg()]));
        assert!(p.is_stable_model(&[true, false]));
        assert!(p.is_stable_model(&[false, true]));
        assert!(!p.is_stable_model(&[true, true]));
        assert!(!p.is_stable_model(&[false, false]));
    }

    #[test]
    fn positive_loop_is_unfounded() {
        // a :- b.  b :- a.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule::normal(a, vec![b.pos()]));
        p.add(Rule::normal(b, vec![a.pos()]));
        assert!(p.is_stable_model(&[false, false]));
        assert!(!p.is_stable_model(&[true, true]));
    }

    #[test]
    fn validate_rejects_bad_weights() {
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a]),
            body: Body::Weight { bound: 1, lits: thin_vec::thin_vec![(a.pos(), 0)] },
        });
        assert!(p.validate().is_err());
    }
}
