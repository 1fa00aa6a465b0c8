//! The program's `#external` declarations once a grounding is done: which
//! exist, and with which value, as clingo has them.
//!
//! gringo declares an external for each instance of a condition it could
//! not rule out while grounding, so minasp rules out what gringo rules
//! out: conditions on atoms no rule can make true, or (negated) on atoms
//! true for certain, counting the disjunctions gringo keeps or whose
//! atoms it puts in its domain though minasp drops them
//! ([`Satisfied`]). Of several declarations of one atom, a release
//! counts, or else the one clasp reads last in gringo's grounding order
//! ([`super::external_order`]).
//!
//! Invariant: after [`Instantiator::finish_externals`] every atom has at
//! most one entry in the program's externals, and the pending
//! declarations and [`Satisfied`] records are empty.

use super::hash::Map;
use super::instantiate::{Instantiator, KeptDisjunction, Satisfied};
use super::rule::{Head, PredId, Rule};
use super::symbol::Sym;
use crate::program::{self, Atom, Body};
use crate::syntax::span::Span;

impl Instantiator {
    /// The program's externals: one per atom, leaving out those whose
    /// condition a fact derived later in the same component refutes (`not
    /// b` with `b.`). Of several declarations of one atom with different
    /// values, a release counts, or else the one clasp reads last in
    /// gringo's output (see `external_order`).
    pub(super) fn finish_externals(&mut self, rules: &[Rule], facts: &super::rule::Facts) {
        // gringo's statement order, worked out once and only when needed
        let mut cached: Option<GringoOrder> = None;
        // a disjunction satisfied by a fact gringo knows when it grounds
        // it (written as one, or derived by a statement it grounds first)
        // is dropped by gringo too, with the plain disjuncts before the
        // fact in its domain
        if self.satisfied.iter().any(|s| s.by.is_some()) {
            let by: super::hash::Set<&(PredId, Vec<Sym>)> =
                self.satisfied.iter().filter_map(|s| s.by.as_ref().map(|(k, _)| k)).collect();
            let written: super::hash::Set<(PredId, Vec<Sym>)> = (0..facts.len())
                .map(|i| facts.get(i))
                .map(|(_, p, a)| (p, a.to_vec()))
                .filter(|k| by.contains(k))
                .collect();
            let derived_first = |s: &Satisfied, order: &GringoOrder| -> bool {
                let Some(((pred, args), _)) = &s.by else { return false };
                order.known_before(rules, *pred, args, s.span)
            };
            if self.satisfied.iter().any(|s| s.by.as_ref().is_some_and(|(k, _)| !written.contains(k))) {
                cached.get_or_insert_with(|| self.gringo_order(rules));
            }
            let order = cached.as_ref();
            for s in &mut self.satisfied {
                let known = match &s.by {
                    Some((k, _)) => written.contains(k) || order.is_some_and(|o| derived_first(s, o)),
                    None => false,
                };
                if known {
                    if let Some((_, before)) = &mut s.by {
                        s.atoms = std::mem::take(before);
                    }
                }
            }
        }
        let mut fact = vec![false; self.prog.num_atoms as usize];
        for r in &self.prog.rules {
            if let (program::Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
                if h.len() == 1 && b.is_empty() {
                    fact[h[0].index()] = true;
                }
            }
        }
        // a disjunction minasp grounded before the fact that satisfies it
        // was derived, where gringo derived the fact first (`p(1) ; b ;
        // s(2).` then `b :- not w.`), gringo has dropped, with the
        // disjuncts before the fact in its domain
        let mut kept = std::mem::take(&mut self.kept);
        self.drop_satisfied_late(rules, &mut kept, &fact, &mut cached);
        // (grounding in steps: the externals of earlier steps stay as they are)
        let mut seen: super::hash::Set<Atom> = self.prog.externals.iter().map(|(a, _)| *a).collect();
        // a positive condition no rule can make true refutes too (`#external
        // y : b.` with `b :- not a.` and `a.`), and so does a negative one
        // on an atom that is true for certain though not yet a fact (`not
        // b` with `b :- not c.` where nothing derives `c`; seed 230683);
        // worked out only when needed
        let possible = self.externals.iter().any(|(_, _, body, _)| !body.is_empty()).then(|| {
            let open = self.open_under_not(rules);
            loop {
                let possible = self.possibly_true(&fact, &seen);
                if !self.certainly_true(&possible, &open, &mut fact) {
                    break possible;
                }
                // a fact only now known for certain may satisfy one too
                // (`a :- not d.` where `d` shares a component with `a`)
                self.drop_satisfied_late(rules, &mut kept, &fact, &mut cached);
            }
        });
        self.satisfied.clear();
        self.dropped.clear();
        self.mentioned = Vec::new();
        let kept: Vec<(Atom, program::External, Span)> = std::mem::take(&mut self.externals)
            .into_iter()
            .filter(|(_, _, body, _)| {
                !body.iter().any(|l| {
                    if l.is_positive() {
                        possible.as_ref().is_some_and(|p| !p[l.atom().index()])
                    } else {
                        fact[l.atom().index()]
                    }
                })
            })
            .map(|(a, value, _, span)| (a, value, span))
            .collect();
        // where declarations of one atom disagree, the position of each
        // statement in gringo's output (worked out only then)
        let mut first: Map<Atom, program::External> = Default::default();
        let disagree = kept.iter().any(|&(a, v, _)| *first.entry(a).or_insert(v) != v);
        let position: Map<Span, usize> = if disagree {
            let order = cached.get_or_insert_with(|| self.gringo_order(rules));
            rules
                .iter()
                .zip(&order.order)
                .filter(|(r, _)| matches!(r.head, Head::External { .. }))
                .map(|(r, &k)| (r.span, k))
                .collect()
        } else {
            Default::default()
        };
        let mut at: Map<Atom, (usize, usize)> = Default::default();
        for (a, value, span) in kept {
            if seen.insert(a) {
                at.insert(a, (self.prog.externals.len(), position.get(&span).copied().unwrap_or(0)));
                self.prog.externals.push((a, value));
            } else if let Some(&(i, k)) = at.get(&a) {
                // a release is for good, whatever clasp reads after it
                let here = position.get(&span).copied().unwrap_or(0);
                let old = &mut self.prog.externals[i].1;
                if value == program::External::Release || (here > k && *old != program::External::Release) {
                    *old = value;
                    at.insert(a, (i, here));
                }
            }
        }
    }

    /// Drops (into `dropped`, with a [`Satisfied`] record of the atoms
    /// gringo has in its domain) the disjunctions of `kept` that a fact
    /// satisfies which gringo knew when it grounded them, and takes every
    /// disjunction a fact satisfies out of `kept`.
    fn drop_satisfied_late(
        &mut self,
        rules: &[Rule],
        kept: &mut Vec<KeptDisjunction>,
        fact: &[bool],
        cached: &mut Option<GringoOrder>,
    ) {
        // the first of its own atoms that is a fact (they come first in the
        // rule's head; a fresh atom after them, of a conditional or
        // conjunctive disjunct, is not one gringo has)
        let first_fact = |k: &KeptDisjunction| match &self.prog.rules[k.rule].head {
            program::Head::Disjunction(h) => {
                h[..k.heads.len().min(h.len())].iter().position(|a| fact[a.index()])
            }
            program::Head::Choice(_) => None,
        };
        let (late, rest): (Vec<KeptDisjunction>, Vec<KeptDisjunction>) =
            kept.drain(..).partition(|k| first_fact(k).is_some());
        *kept = rest;
        if late.is_empty() {
            return;
        }
        let order = cached.get_or_insert_with(|| self.gringo_order(rules));
        for k in late {
            let r = &self.prog.rules[k.rule];
            let (Some(at), program::Head::Disjunction(h), Body::Normal(body)) =
                (first_fact(&k), &r.head, &r.body)
            else {
                continue;
            };
            let (pred, args) = &k.heads[at];
            if order.known_before(rules, *pred, args, k.span) {
                let atoms = if k.plain { h[..at].to_vec() } else { Vec::new() };
                self.satisfied.push(Satisfied { atoms, body: body.to_vec(), by: None, span: k.span });
                self.dropped.insert(k.rule);
            }
        }
    }

    /// gringo's grounding order of `rules` (projections of anonymous
    /// variables, its own statements, after the program's).
    fn gringo_order(&self, rules: &[Rule]) -> GringoOrder {
        let projection = |r: &Rule| match &r.head {
            Head::Atom(a) => self.syms.name_str(self.preds[a.pred.0 as usize].key.name).starts_with("#proj"),
            _ => false,
        };
        GringoOrder::new(rules, super::external_order::emission_order(rules, &self.syms, projection))
    }

    /// Per atom: gringo may not have finished its predicate where it is
    /// under `not` ([`super::external_order::open_under_not`]), so it
    /// does not take it for false there even if nothing can make it true.
    fn open_under_not(&self, rules: &[Rule]) -> Vec<bool> {
        let mut open = vec![false; self.prog.num_atoms as usize];
        let preds = super::external_order::open_under_not(rules, &self.syms);
        for &p in &preds {
            let pred = &self.preds[p.0 as usize];
            for (_, info) in (0..pred.atoms.len()).filter_map(|i| pred.atoms.get_index(i)) {
                open[info.atom.index()] = true;
            }
        }
        for (p, a) in &self.mentioned {
            if preds.contains(p) {
                open[a.index()] = true;
            }
        }
        open
    }

    /// Adds to `fact` the atoms some rule makes true for certain: its one
    /// head by a normal body whose positive atoms are facts and whose
    /// negative ones cannot be true (not `possible`, and not `open`: gringo
    /// knows it too). Returns whether it added any.
    fn certainly_true(&self, possible: &[bool], open: &[bool], fact: &mut [bool]) -> bool {
        let mut added = false;
        let mut changed = true;
        while changed {
            changed = false;
            for r in &self.prog.rules {
                if let (program::Head::Disjunction(h), Body::Normal(b)) = (&r.head, &r.body) {
                    if h.len() == 1
                        && !fact[h[0].index()]
                        && b.iter().all(|l| {
                            if l.is_positive() {
                                fact[l.atom().index()]
                            } else {
                                !possible[l.atom().index()] && !open[l.atom().index()]
                            }
                        })
                    {
                        fact[h[0].index()] = true;
                        changed = true;
                        added = true;
                    }
                }
            }
        }
        added
    }

    /// The atoms some rule may make true, given the facts, the externals
    /// of earlier steps `open` and the pending declarations, each where
    /// its condition may hold (the least fixpoint over the rules, a
    /// negative literal failing only on a fact, a weight body always
    /// possible).
    fn possibly_true(&self, fact: &[bool], open: &super::hash::Set<Atom>) -> Vec<bool> {
        let mut possible = fact.to_vec();
        for a in open {
            possible[a.index()] = true;
        }
        let holds = |b: &[program::Lit], possible: &[bool]| {
            b.iter()
                .all(|l| if l.is_positive() { possible[l.atom().index()] } else { !fact[l.atom().index()] })
        };
        let mut changed = true;
        while changed {
            changed = false;
            // a declaration makes its atom possible where its condition may
            // hold (`#external q(X) : q(X).` alone gives none; language seed
            // 344743)
            for (a, _, body, _) in &self.externals {
                if !possible[a.index()] && holds(body, &possible) {
                    possible[a.index()] = true;
                    changed = true;
                }
            }
            for Satisfied { atoms, body, .. } in &self.satisfied {
                if holds(body, &possible) {
                    for h in atoms {
                        changed |= !std::mem::replace(&mut possible[h.index()], true);
                    }
                }
            }
            for (i, r) in self.prog.rules.iter().enumerate() {
                if self.dropped.contains(&i) {
                    continue;
                }
                let heads = match &r.head {
                    program::Head::Disjunction(h) | program::Head::Choice(h) => h,
                };
                if heads.iter().all(|h| possible[h.index()]) {
                    continue;
                }
                let holds = match &r.body {
                    Body::Normal(b) => holds(b, &possible),
                    Body::Weight { .. } => true,
                };
                if holds {
                    for h in heads.iter() {
                        if !possible[h.index()] {
                            possible[h.index()] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
        possible
    }
}

/// gringo's grounding order of the statements (see `external_order`),
/// with what `known_before` looks up.
struct GringoOrder {
    /// The position of each rule.
    order: Vec<usize>,
    /// The first position of each statement's rules.
    first: Map<Span, usize>,
    /// The normal rules that may derive atoms of each predicate.
    by_pred: Map<PredId, Vec<usize>>,
}

impl GringoOrder {
    fn new(rules: &[Rule], order: Vec<usize>) -> GringoOrder {
        let mut first: Map<Span, usize> = Default::default();
        let mut by_pred: Map<PredId, Vec<usize>> = Default::default();
        for (i, r) in rules.iter().enumerate() {
            let k = first.entry(r.span).or_insert(order[i]);
            *k = (*k).min(order[i]);
            // only a normal rule makes a fact (a disjunction or a choice
            // puts its atoms in the domain, not among the facts)
            if let Head::Atom(a) = &r.head {
                by_pred.entry(a.pred).or_default().push(i);
            }
        }
        GringoOrder { order, first, by_pred }
    }

    /// Whether gringo knows the fact `pred(args)` when it grounds the
    /// statement at `span`: a normal rule that may derive it comes before.
    fn known_before(&self, rules: &[Rule], pred: PredId, args: &[Sym], span: Span) -> bool {
        let providers = self.by_pred.get(&pred).map_or(&[][..], |v| v);
        let known = providers
            .iter()
            .filter(|&&i| super::external_order::gives(&rules[i], pred, args))
            .map(|&i| self.order[i])
            .min();
        matches!((known, self.first.get(&span)), (Some(k), Some(&a)) if k < a)
    }
}
