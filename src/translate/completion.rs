//! Translation of a ground program into the solver's constraints: Clark's
//! completion over atom variables and body variables.
//!
//! Owns the mapping from program rules to solver variables. Atom `i` is
//! variable `i`; variable `num_atoms` is the constant `true`; each further
//! variable is one distinct (normalised) rule body, shared by all rules with
//! that body. Bodies of exactly one literal use that literal directly (so do
//! conjunctions with one literal left once those an integrity constraint of
//! one literal fixes are taken out: `:- not a.` makes `a` a unit clause and
//! the body `x, a` the literal `x`; the body's literals stay as they are for
//! the unfounded-set checker), and
//! weight bodies are normalised (duplicates merged, weights capped at the
//! bound) and turned into conjunctions, disjunctions or the constants
//! `true`/`false` when that is what they are. The constraints produced:
//! - body definition: `β <-> conjunction` as clauses, `β <-> bound <= sum`
//!   as a native weight constraint (or clauses for a disjunction);
//! - a normal rule `h :- B` gives `β -> h`; a constraint `:- B` gives `¬β`;
//!   a choice rule gives nothing in this direction;
//! - support: every atom implies the disjunction of the bodies of the rules
//!   (normal or choice) having it in the head; no rule means false.
//!
//! Invariant: the models of the produced clauses and weight constraints,
//! restricted to atoms, are exactly the supported models of the program;
//! `supports` and `bodies` describe the rule structure the unfounded-set
//! checker needs to cut them down to the stable ones.

use std::collections::BTreeMap;

use super::translation::{BodyId, BodyInfo, Translation};
use super::TranslateError as SolverError;
use crate::program::{Atom, Body, GroundProgram, Head, Lit};
use crate::solver::{ClauseList, SLit, Var};

/// What a body is, beside its literals (with their weights, as
/// `BodyInfo::lits` holds them): two bodies are the same body when both
/// agree.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Kind {
    And,
    Or,
    Sum(i64),
}

/// The solver literal of a program literal.
pub fn slit(l: Lit) -> SLit {
    Var(l.atom().0).lit(l.is_positive())
}

/// Which atoms of the program the translation keeps, and their numbers
/// in it: all, as they are, or those `index` gives a number (`u32::MAX`:
/// left out: a fact nothing else mentions, or an atom false in every
/// answer set, see `crate::models::Compaction`), `0..len`; and which atoms
/// are false in every answer set (`false_atoms`, empty if none; see
/// [`crate::program::falsity`]), kept or not.
#[derive(Clone, Copy)]
pub struct AtomMap<'a> {
    index: Option<&'a [u32]>,
    false_atoms: &'a [bool],
    len: usize,
}

impl<'a> AtomMap<'a> {
    /// Every atom of a program with `n` atoms, numbered as it is.
    pub fn identity(n: usize) -> AtomMap<'static> {
        AtomMap { index: None, false_atoms: &[], len: n }
    }

    /// The atoms `index` numbers, `0..len`; those `false_atoms` marks are false.
    pub fn new(index: &'a [u32], false_atoms: &'a [bool], len: usize) -> AtomMap<'a> {
        AtomMap { index: Some(index), false_atoms, len }
    }

    /// The number `a` has in the translation, if it is kept.
    pub fn get(&self, a: Atom) -> Option<Var> {
        match self.index {
            None => Some(Var(a.0)),
            Some(ix) => Some(ix[a.index()]).filter(|&i| i != u32::MAX).map(Var),
        }
    }

    /// The value `a` has in every answer set, if it is fixed: false if
    /// marked so, true if it was left out otherwise (a fact).
    pub fn value(&self, a: Atom) -> Option<bool> {
        if self.false_atoms.get(a.index()) == Some(&true) {
            Some(false)
        } else {
            self.get(a).is_none().then_some(true)
        }
    }

    /// The number of a kept atom.
    fn var(&self, a: Atom) -> Var {
        self.get(a).expect("an atom left out by the compaction occurs in a rule")
    }

    /// The solver literal of a program literal over a kept atom.
    pub fn lit(&self, l: Lit) -> SLit {
        self.var(l.atom()).lit(l.is_positive())
    }
}

struct Builder<'a> {
    map: AtomMap<'a>,
    t: Translation,
    /// The distinct bodies, by kind and literals: a table of indices into
    /// `t.bodies` (the literals are not stored twice).
    index: hashbrown::HashTable<BodyId>,
    /// Per body: its kind.
    kinds: Vec<Kind>,
    /// Per atom: the value a constraint of one literal fixes it to.
    fixed: Vec<Option<bool>>,
}

/// Per atom of the translation (numbered as `map` says): the value an
/// integrity constraint of one literal fixes it to (`:- not a.` fixes
/// `a` true, `:- a.` false), as clasp's preprocessing does before it gives
/// bodies variables. An atom that constraints fix both ways keeps one
/// value: the other constraint's body is then the constant true, its
/// clause empty (no model, as the program has none).
fn fixed_by_constraints(program: &GroundProgram, map: AtomMap<'_>) -> Vec<Option<bool>> {
    let mut fixed: Vec<Option<bool>> = vec![None; map.len];
    for rule in &program.rules {
        let Some(rule) = crate::program::falsity::rule_under(rule, |a| map.value(a)) else { continue };
        let (Head::Disjunction(h), Body::Normal(ls)) = (&rule.head, &rule.body) else { continue };
        let ([l], true) = (ls.as_slice(), h.is_empty()) else { continue };
        let v = map.var(l.atom()).index();
        fixed[v] = Some(!l.is_positive());
    }
    fixed
}

/// The hash of a body of `kind` with these literals.
fn body_hash(kind: Kind, lits: impl Iterator<Item = (SLit, i64)>) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = crate::ground::hash::Hasher::default().build_hasher();
    kind.hash(&mut h);
    for x in lits {
        x.hash(&mut h);
    }
    h.finish()
}

impl Builder<'_> {
    fn new_var(&mut self) -> Var {
        let v = Var(self.t.num_vars as u32);
        self.t.num_vars += 1;
        v
    }

    /// The body of `kind` with these literals, if there is one.
    fn find<I: Iterator<Item = (SLit, i64)>>(&self, kind: Kind, lits: impl Fn() -> I) -> Option<BodyId> {
        let hash = body_hash(kind, lits());
        let same = |b: &BodyId| {
            self.kinds[b.0 as usize] == kind && self.t.bodies[b.0 as usize].lits.iter().copied().eq(lits())
        };
        self.index.find(hash, same).copied()
    }

    /// The body of `kind` with these literals: found, or made by `info`.
    fn add_body<I: Iterator<Item = (SLit, i64)>>(
        &mut self,
        kind: Kind,
        lits: impl Fn() -> I,
        info: impl FnOnce(&mut Builder) -> BodyInfo,
    ) -> BodyId {
        if let Some(b) = self.find(kind, &lits) {
            return b;
        }
        let b = BodyId(self.t.bodies.len() as u32);
        let i = info(self);
        debug_assert!(i.lits.iter().copied().eq(lits()));
        self.t.bodies.push(i);
        self.kinds.push(kind);
        let (bodies, kinds) = (&self.t.bodies, &self.kinds);
        let rehash = |b: &BodyId| body_hash(kinds[b.0 as usize], bodies[b.0 as usize].lits.iter().copied());
        self.index.insert_unique(body_hash(kind, lits()), b, rehash);
        b
    }

    /// A conjunction of distinct, non-complementary literals. Its literal
    /// is that of the conjunction of those not fixed true by a constraint
    /// (see [`fixed_by_constraints`]), or false if one is fixed false: in
    /// every model the two agree.
    fn conjunction(&mut self, lits: Vec<SLit>) -> BodyId {
        let pairs = || lits.iter().map(|&l| (l, 1));
        self.add_body(Kind::And, pairs, |bld| {
            let fixed =
                |l: SLit| bld.fixed.get(l.var().index()).and_then(|&v| v).map(|v| v == l.is_positive());
            let open: Vec<SLit> = lits.iter().copied().filter(|&l| fixed(l) != Some(true)).collect();
            let lit = match open.len() {
                _ if open.iter().any(|&l| fixed(l) == Some(false)) => !bld.t.true_lit,
                0 => bld.t.true_lit,
                1 => open[0],
                _ => {
                    let beta = bld.new_var().pos();
                    let mut big = vec![beta];
                    for &l in &open {
                        bld.t.clauses.push(&[!beta, l]);
                        big.push(!l);
                    }
                    bld.t.clauses.push(&big);
                    beta
                }
            };
            BodyInfo { lit, bound: None, lits: lits.iter().map(|&l| (l, 1)).collect() }
        })
    }

    /// Normalises and adds a body; `None` if it can never hold.
    fn body(&mut self, body: &Body) -> Option<BodyId> {
        match body {
            Body::Normal(ls) => {
                let mut lits: Vec<SLit> = ls.iter().map(|&l| self.map.lit(l)).collect();
                lits.sort();
                lits.dedup();
                if lits.windows(2).any(|w| w[0] == !w[1]) {
                    return None;
                }
                Some(self.conjunction(lits))
            }
            Body::Weight { bound, lits } => {
                let bound = *bound;
                if bound <= 0 {
                    return Some(self.conjunction(vec![]));
                }
                let mut merged: BTreeMap<SLit, i64> = BTreeMap::new();
                for &(l, w) in lits {
                    *merged.entry(self.map.lit(l)).or_insert(0) += w;
                }
                let wl: Vec<(SLit, i64)> = merged.into_iter().map(|(l, w)| (l, w.min(bound))).collect();
                let total: i64 = wl.iter().map(|x| x.1).sum();
                if total < bound {
                    return None;
                }
                if total == bound {
                    // every literal is needed: a conjunction
                    let lits: Vec<SLit> = wl.iter().map(|x| x.0).collect();
                    if lits.windows(2).any(|w| w[0] == !w[1]) {
                        return None;
                    }
                    return Some(self.conjunction(lits));
                }
                if wl.iter().all(|x| x.1 >= bound) {
                    // any literal suffices: a disjunction
                    let lits: Vec<SLit> = wl.iter().map(|x| x.0).collect();
                    let pairs = || lits.iter().map(|&l| (l, 1));
                    return Some(self.add_body(Kind::Or, pairs, |bld| {
                        let lit = if lits.len() == 1 {
                            lits[0]
                        } else if lits.windows(2).any(|w| w[0] == !w[1]) {
                            bld.t.true_lit
                        } else {
                            let beta = bld.new_var().pos();
                            let mut big = vec![!beta];
                            for &l in &lits {
                                bld.t.clauses.push(&[beta, !l]);
                                big.push(l);
                            }
                            bld.t.clauses.push(&big);
                            beta
                        };
                        BodyInfo { lit, bound: Some(1), lits: lits.iter().map(|&l| (l, 1)).collect() }
                    }));
                }
                let pairs = || wl.iter().copied();
                Some(self.add_body(Kind::Sum(bound), pairs, |bld| {
                    let beta = bld.new_var().pos();
                    bld.t.weights.push((beta, bound, wl.clone()));
                    BodyInfo { lit: beta, bound: Some(bound), lits: wl.clone() }
                }))
            }
        }
    }
}

/// Builds the completion of `program`.
#[cfg(test)]
pub fn translate(program: &GroundProgram) -> Result<Translation, SolverError> {
    translate_mapped(program, AtomMap::identity(program.num_atoms as usize))
}

/// Builds the completion of `program` over the atoms `map` keeps,
/// numbered as it says: that of the program the compaction would copy,
/// without the copy (each rule is read without its fixed atoms, see
/// [`crate::program::falsity::rule_under`]).
pub fn translate_mapped(program: &GroundProgram, map: AtomMap<'_>) -> Result<Translation, SolverError> {
    let n = map.len;
    let true_lit = Var(n as u32).pos();
    let mut b = Builder {
        map,
        t: Translation {
            num_atoms: n,
            num_vars: n + 1,
            true_lit,
            clauses: ClauseList::of(&[true_lit]),
            weights: Vec::new(),
            bodies: Vec::new(),
            supports: vec![Vec::new(); n],
            atom_lit: Vec::new(),
            scc_of: Vec::new(),
            num_scc: 0,
        },
        index: hashbrown::HashTable::new(),
        kinds: Vec::new(),
        fixed: fixed_by_constraints(program, map),
    };
    // the constraints that fix atoms are these unit clauses (their own
    // bodies' literals are constants now)
    for (v, f) in b.fixed.iter().enumerate() {
        if let Some(value) = *f {
            b.t.clauses.push(&[Var(v as u32).lit(value)]);
        }
    }
    // integrity constraints with a conjunctive body are clauses of their
    // own, without a body variable, unless the body has one already (a
    // rule with a head shares it): clasp has no variable for them either,
    // and a body variable fixed false leaves a clause of three or more
    // literals where a binary one does.  (A rule with a head that comes
    // later makes the body's variable; the clause then says what `¬β`
    // would.)
    // atoms of a choice rule's head are not merged (see below)
    let mut mergeable = vec![true; n];
    for rule in &program.rules {
        // without its fixed atoms (the plain facts of atoms left out go)
        let Some(rule) = crate::program::falsity::rule_under(rule, |a| map.value(a)) else {
            continue;
        };
        if let Head::Choice(h) = &rule.head {
            h.iter().for_each(|&a| mergeable[map.var(a).index()] = false);
        }
        if let Head::Disjunction(h) = &rule.head {
            if h.len() >= 2 {
                return Err(SolverError::Unsupported("disjunctive rules".into()));
            }
            if let (true, Body::Normal(ls)) = (h.is_empty(), &rule.body) {
                if ls.len() >= 2 {
                    let mut lits: Vec<SLit> = ls.iter().map(|&l| map.lit(l)).collect();
                    lits.sort();
                    lits.dedup();
                    if lits.windows(2).any(|w| w[0] == !w[1]) {
                        continue;
                    }
                    match b.find(Kind::And, || lits.iter().map(|&l| (l, 1))) {
                        Some(body) => {
                            let beta = b.t.bodies[body.0 as usize].lit;
                            b.t.clauses.push(&[!beta]);
                        }
                        None => {
                            lits.iter_mut().for_each(|l| *l = !*l);
                            b.t.clauses.push(&lits);
                        }
                    }
                    continue;
                }
            }
        }
        let Some(body) = b.body(&rule.body) else {
            continue;
        };
        let beta = b.t.bodies[body.0 as usize].lit;
        let heads: &[crate::program::Atom] = match &rule.head {
            Head::Disjunction(h) => {
                match h.first() {
                    None => b.t.clauses.push(&[!beta]),
                    Some(&a) => b.t.clauses.push(&[!beta, map.var(a).pos()]),
                }
                h
            }
            Head::Choice(h) => h,
        };
        for &a in heads {
            b.t.supports[map.var(a).index()].push(body);
        }
    }
    for s in &mut b.t.supports {
        s.sort_by_key(|x| x.0);
        s.dedup();
    }
    for a in 0..n {
        let mut c = vec![Var(a as u32).lit(false)];
        let mut trivially = false;
        for &body in &b.t.supports[a] {
            let l = b.t.bodies[body.0 as usize].lit;
            trivially |= l == true_lit;
            c.push(l);
        }
        if !trivially {
            b.t.clauses.push(&c);
        }
    }
    // atoms with exactly one normal rule and no choice rule, and not
    // counted in a weight constraint, may be merged with their body
    for (_, _, lits) in &b.t.weights {
        for &(l, _) in lits {
            if l.var().index() < n {
                mergeable[l.var().index()] = false;
            }
        }
    }
    b.t.atom_lit = super::equiv::merge(&mut b.t, &mergeable);
    Ok(b.t)
}

#[cfg(test)]
mod tests {
    use super::translate;
    use crate::program::{Atom, Body, GroundProgram, Head, Rule};
    use crate::solver::Var;

    /// `{a; b; c}.  :- a, b.  d :- b, not c.  :- b, not c.`: the first
    /// constraint is the clause `¬a ∨ ¬b`, with no variable of its own; the
    /// second shares its body with the rule for `d` before it, whose
    /// variable it negates.
    #[test]
    fn constraints_are_clauses_without_body_variables() {
        let (a, b, c, d) = (Atom(0), Atom(1), Atom(2), Atom(3));
        let mut p = GroundProgram { num_atoms: 4, ..Default::default() };
        p.add(Rule {
            head: Head::Choice(smallvec::smallvec![a, b, c]),
            body: Body::Normal(thin_vec::thin_vec![]),
        });
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![]),
            body: Body::Normal(thin_vec::thin_vec![a.pos(), b.pos()]),
        });
        p.add(Rule::normal(d, vec![b.pos(), c.neg()]));
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![]),
            body: Body::Normal(thin_vec::thin_vec![b.pos(), c.neg()]),
        });
        let t = translate(&p).unwrap();
        // atoms, `true`, and one body variable: that of `b, not c`
        assert_eq!(t.num_vars, 4 + 1 + 1);
        let clauses: Vec<Vec<_>> = t.clauses.iter().map(|c| c.to_vec()).collect();
        let (va, vb) = (Var(0), Var(1));
        assert!(clauses.contains(&vec![va.lit(false), vb.lit(false)]));
        let beta = Var(5).pos();
        assert!(clauses.contains(&vec![!beta]));
    }

    /// `{c; d}. h :- c, b. b :- d. :- not b. e :- c, not f. f :- d. :- f.`:
    /// the constraints fix `b` true and `f` false, so the body `c, b` is
    /// `c`, the body `c, not f` is `c` too, and neither needs a variable;
    /// the fixed values stay as unit clauses (of `d`, into which `b` and
    /// `f` are merged).
    #[test]
    fn constraints_of_one_literal_fix_atoms_out_of_bodies() {
        let (c, d, h, b, e, f) = (Atom(0), Atom(1), Atom(2), Atom(3), Atom(4), Atom(5));
        let mut p = GroundProgram { num_atoms: 6, ..Default::default() };
        let constraint = |l| Rule {
            head: Head::Disjunction(smallvec::smallvec![]),
            body: Body::Normal(thin_vec::thin_vec![l]),
        };
        p.add(Rule {
            head: Head::Choice(smallvec::smallvec![c, d]),
            body: Body::Normal(thin_vec::thin_vec![]),
        });
        p.add(Rule::normal(h, vec![c.pos(), b.pos()]));
        p.add(Rule::normal(b, vec![d.pos()]));
        p.add(constraint(b.neg()));
        p.add(Rule::normal(e, vec![c.pos(), f.neg()]));
        p.add(Rule::normal(f, vec![d.pos()]));
        p.add(constraint(f.pos()));
        let t = translate(&p).unwrap();
        // atoms and `true`: no body variables
        assert_eq!(t.num_vars, 6 + 1);
        let (vc, vd) = (Var(0).pos(), Var(1).pos());
        assert_eq!((t.atom_lit[2], t.atom_lit[4]), (vc, vc));
        assert_eq!((t.atom_lit[3], t.atom_lit[5]), (vd, vd));
        let clauses: Vec<Vec<_>> = t.clauses.iter().map(|c| c.to_vec()).collect();
        assert!(clauses.contains(&vec![vd]) && clauses.contains(&vec![!vd]));
    }
}
