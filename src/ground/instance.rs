//! Rule instances: a binding of a rule's body (found by the join) becomes
//! ground rules, with the facts evaluated away — literals decided by the
//! facts dropped or the instance dropped, aggregates and conditional
//! literals translated through auxiliary atoms, choice and disjunctive
//! heads built with their conditions.
//!
//! Invariant: an instance whose body is false under the facts emits
//! nothing; a head derived from facts alone becomes a fact.

use super::aggregate::{Aux, Cond, GroundAgg, Truth, Tuple};
use super::domain::Range;
use super::hash::{IMap, Map};
use super::instantiate::{Instantiator, KeptDisjunction, OptInstance, PendingHeuristic, Satisfied};
use super::join::{check, join};
use super::plan::plan;
use super::rule::{AtomPat, ChoiceElem, Head, Lit, PredId, Rule};
use super::symbol::{Sym, Symbols};
use super::term::{Binding, GTerm, Var, NO_MATCH};
use crate::program::{self, Atom, Body};
use crate::syntax::ast::{AggFun, CmpOp, Sign};

/// One way an element's condition holds: the local binding's tuple/atom
/// values and the undecided literals.
/// The matches of a condition, stored flat: for match `k`, the values of
/// `vars` (the variables the join binds) at `values[k * vars.len()..]`;
/// large conditions must not cost an allocation per match.
pub(super) struct CondBindings {
    pub(super) vars: Vec<Var>,
    pub(super) values: Vec<Sym>,
    /// Per match, per literal of the condition: the position of the atom
    /// it matched (`NO_MATCH`: none), see [`Binding::matched`].
    pub(super) matches: Vec<u32>,
    pub(super) width: usize,
    pub(super) count: usize,
}

impl CondBindings {
    /// Match `k`'s atom positions, one per literal of the condition.
    pub(super) fn matches(&self, k: usize) -> &[u32] {
        &self.matches[k * self.width..(k + 1) * self.width]
    }

    /// Binds match `k`'s variables in `b` (a copy of the binding joined from).
    pub(super) fn load(&self, k: usize, b: &mut Binding) {
        let w = self.vars.len();
        for (v, s) in self.vars.iter().zip(&self.values[k * w..(k + 1) * w]) {
            b.set(*v, *s);
        }
    }
}

pub(super) struct ElemInstance {
    pub(super) values: Vec<Sym>,
    pub(super) lits: Vec<program::Lit>,
}

/// One disjunct that is a conjunction (see `ChoiceElem::conj`): its atoms,
/// and the literals of the condition under which it stands.
type Conjunction = (Vec<(PredId, Vec<Sym>)>, Vec<program::Lit>);

impl Instantiator {
    pub(super) fn eval_args(&mut self, a: &AtomPat, b: &Binding) -> Option<Vec<Sym>> {
        a.args.iter().map(|t| t.eval(b, &mut self.syms)).collect()
    }

    /// Notes the undefined operation of the first of `terms` without a
    /// value under `b` (clingo's `operation undefined` info).
    pub(super) fn note_undefined<'t>(&mut self, terms: impl IntoIterator<Item = &'t GTerm>, b: &Binding) {
        if let Some(t) = terms.into_iter().find(|t| t.eval(b, &mut self.syms).is_none()) {
            t.note_undefined(b, &mut self.syms);
        }
    }

    /// The ground literal of an atom literal under `b`: `Ok(None)` if it
    /// certainly holds, `Err(())` if it certainly fails.
    pub(super) fn atom_lit(
        &mut self,
        sign: Sign,
        a: &AtomPat,
        b: &Binding,
    ) -> Result<Option<program::Lit>, ()> {
        let args = self.eval_args(a, b).ok_or(())?;
        let found = self.find(a.pred, &args);
        let complete = self.preds[a.pred.0 as usize].complete;
        match (sign, found) {
            (Sign::Pos, Some(i)) => Ok(if i.fact { None } else { Some(i.atom.pos()) }),
            (Sign::Pos, None) => {
                if complete {
                    Err(())
                } else {
                    Ok(Some(self.mention(a.pred, args).pos()))
                }
            }
            (Sign::Not, Some(i)) => {
                if i.fact {
                    Err(())
                } else {
                    Ok(Some(i.atom.neg()))
                }
            }
            (Sign::Not, None) => {
                if complete {
                    Ok(None)
                } else {
                    Ok(Some(self.mention(a.pred, args).neg()))
                }
            }
            (Sign::NotNot, Some(i)) => {
                if i.fact {
                    Ok(None)
                } else {
                    Ok(Some(self.aux().not_not(i.atom)))
                }
            }
            (Sign::NotNot, None) => {
                if complete {
                    Err(())
                } else {
                    let at = self.mention(a.pred, args);
                    Ok(Some(self.aux().not_not(at)))
                }
            }
        }
    }

    pub(super) fn aux(&mut self) -> Aux<'_> {
        self.aux_and_syms().0
    }

    /// The auxiliary-atom maker together with the symbols (for aggregates,
    /// which need both).
    pub(super) fn aux_and_syms(&mut self) -> (Aux<'_>, &Symbols) {
        let aux = Aux {
            prog: &mut self.prog,
            nn: &mut self.nn,
            defs: &mut self.defs,
            disjs: &mut self.disjs,
            sums: &mut self.sums,
            parts: &mut self.parts,
            recursive: None,
            inputs: &self.inputs,
        };
        (aux, &self.syms)
    }

    /// Builds one rule instance; with `heads_only` just adds its head atoms
    /// to their domains (for deferred instances during the fixpoint).
    /// When origins are recorded, the ground rules made so far without one
    /// get the source rule's span.
    pub(super) fn build_instance(&mut self, rule: &Rule, b: &Binding, heads_only: bool) {
        self.instance(rule, b, heads_only);
        if let Some(o) = &mut self.origins {
            o.resize(self.prog.rules.len(), rule.span);
        }
    }

    fn instance(&mut self, rule: &Rule, b: &Binding, heads_only: bool) {
        self.current = rule.span;
        if heads_only {
            match &rule.head {
                Head::Atom(a) | Head::External { atom: a, .. } => {
                    if let Some(args) = self.eval_args(a, b) {
                        self.insert(a.pred, args, false);
                    }
                }
                Head::Choice { elems, .. } | Head::Disjunction(elems) => {
                    let mut atoms: Vec<(PredId, Vec<Sym>)> = Vec::new();
                    for e in elems {
                        for a in e.atoms() {
                            for inst in self.ground_elem(&e.cond, &a.args, b) {
                                atoms.push((a.pred, inst.values));
                            }
                        }
                    }
                    // a choice whose lower bound is out of reach derives nothing
                    // (see `choice`; weights are not known here)
                    if let Head::Choice { bounds, .. } = &rule.head {
                        if !bounds.is_empty() && elems.iter().all(|e| e.weight.is_none()) {
                            let distinct: super::hash::Set<&(PredId, Vec<Sym>)> = atoms.iter().collect();
                            if self.out_of_reach(bounds, Some(distinct.len() as i64), b) {
                                return;
                            }
                        }
                    }
                    for (pred, args) in atoms {
                        self.insert(pred, args, false);
                    }
                }
                _ => {}
            }
            return;
        }
        let mut body: Vec<program::Lit> = Vec::new();
        // the atoms a body aggregate came down to (`x :- 1 { x }.` is `x :- x.`)
        let mut from_aggregates: smallvec::SmallVec<[program::Atom; 2]> = smallvec::SmallVec::new();
        for l in &rule.body {
            match self.body_lit(l, b, None) {
                Truth::False => return,
                Truth::True => {}
                Truth::Lits(ls) => {
                    if let Lit::Agg(_) = l {
                        from_aggregates.extend(ls.iter().filter(|l| l.is_positive()).map(|l| l.atom()));
                    }
                    body.extend(ls)
                }
            }
        }
        body.sort_unstable();
        body.dedup();
        let start = self.prog.rules.len();
        self.head_instance(rule, b, body);
        if !from_aggregates.is_empty() {
            self.name_aggregate_support(start, &from_aggregates);
        }
    }

    /// Where a body aggregate came down to the rule's own head atom, that
    /// atom stands behind an auxiliary atom in the rules added from `start`
    /// (`x :- aux. aux :- x.`), as in gringo, which names every body
    /// aggregate: the rule then defines its head, and an external `x`
    /// stops being one as in clasp, where the written tautology `x :- x.`
    /// would leave it open (see [`program::GroundProgram::open_externals`]).
    /// Equivalent either way for every other purpose: the auxiliary atom
    /// holds exactly when `x` does.
    fn name_aggregate_support(&mut self, start: usize, atoms: &[program::Atom]) {
        for i in start..self.prog.rules.len() {
            let r = &self.prog.rules[i];
            let (program::Head::Disjunction(h) | program::Head::Choice(h)) = &r.head;
            let Body::Normal(body) = &r.body else { continue };
            let own: smallvec::SmallVec<[program::Atom; 2]> =
                atoms.iter().copied().filter(|a| h.contains(a) && body.contains(&a.pos())).collect();
            if own.is_empty() {
                continue;
            }
            let named: Vec<(program::Lit, program::Lit)> =
                own.iter().map(|&a| (a.pos(), self.aux().conj_atom(vec![a.pos()]).pos())).collect();
            let Body::Normal(body) = &mut self.prog.rules[i].body else { continue };
            for l in body.iter_mut() {
                if let Some(&(_, n)) = named.iter().find(|(x, _)| x == l) {
                    *l = n;
                }
            }
            body.sort_unstable();
        }
    }

    /// The ground rule (or directive) of one instance of `rule` whose body
    /// came down to `body` (sorted, without duplicates).
    fn head_instance(&mut self, rule: &Rule, b: &Binding, body: Vec<program::Lit>) {
        let certain = body.is_empty();
        match &rule.head {
            Head::Atom(a) => {
                let args = match self.eval_args(a, b) {
                    Some(x) => x,
                    None => {
                        self.note_undefined(&a.args, b);
                        return;
                    }
                };
                if let Some(i) = self.find(a.pred, &args) {
                    if i.fact {
                        return;
                    }
                }
                let h = self.insert(a.pred, args, certain);
                if !certain {
                    self.prog.add(program::Rule::normal(h, body));
                }
            }
            Head::False => self.prog.add(program::Rule::constraint(body)),
            Head::Show(t) => {
                if let Some(s) = t.eval(b, &mut self.syms) {
                    let a = if certain { None } else { Some(self.aux().conj_atom(body)) };
                    self.shows.push((s, a));
                } else {
                    t.note_undefined(b, &mut self.syms);
                }
            }
            Head::Edge(ts) => {
                if let (Some(u), Some(v)) = (ts[0].eval(b, &mut self.syms), ts[1].eval(b, &mut self.syms)) {
                    let from = self.nodes.insert_full(u).0 as u32;
                    let to = self.nodes.insert_full(v).0 as u32;
                    self.prog.edges.push(program::Edge { from, to, condition: body });
                }
            }
            Head::Choice { elems, bounds, bounded } => self.choice(elems, bounds, *bounded, b, body),
            Head::Disjunction(elems) => self.disjunction(elems, b, body),
            Head::Minimize(m) => {
                let super::rule::MinimizeHead { weight, priority, tuple } = &**m;
                self.minimize_elem(weight, priority, tuple, b, body)
            }
            Head::Heuristic(h) => {
                let super::rule::HeuristicHead { atom, value, priority, modifier, spans, order } = &**h;
                self.heuristic(atom, [value, priority, modifier], *spans, *order, b, body)
            }
            // the atom is in the body: it exists
            Head::Project(atom) => {
                if let Some(i) = self.eval_args(atom, b).and_then(|args| self.find(atom.pred, &args)) {
                    self.prog.project.get_or_insert_with(Vec::new).push(i.atom);
                }
            }
            // The external exists whenever its condition may hold; the
            // condition is not part of it (aspif's externals have none),
            // but is kept until the facts are known (see `finish_externals`).
            Head::External { atom, value } => {
                if let Some(args) = self.eval_args(atom, b) {
                    let value = match value {
                        None => program::External::False,
                        Some(t) => match t.eval(b, &mut self.syms) {
                            Some(v) => self
                                .syms
                                .as_const(v)
                                .map_or(program::External::False, program::External::from_name),
                            None => return,
                        },
                    };
                    let a = self.insert(atom.pred, args, false);
                    // an input, unless a rule derives it too (then it is an
                    // ordinary atom, as in clasp)
                    if !self.preds[atom.pred.0 as usize].derived {
                        self.inputs.insert(a);
                    }
                    self.externals.push((a, value, body, rule.span));
                }
            }
        }
    }

    /// One ground `#heuristic`; one whose value or priority is no integer,
    /// whose priority is negative, or whose modifier is none of clasp's
    /// is ignored with clingo's info at the offending term.
    fn heuristic(
        &mut self,
        atom: &AtomPat,
        terms: [&GTerm; 3],
        spans: [crate::syntax::span::Span; 3],
        statement: u32,
        b: &Binding,
        condition: Vec<program::Lit>,
    ) {
        let Some(args) = self.eval_args(atom, b) else { return };
        // the atom itself is in the body only to range over its domain
        let mut condition = condition;
        if let Some(i) = self.find(atom.pred, &args) {
            condition.retain(|l| *l != i.atom.pos());
        }
        let mut vals = [None; 3];
        for (v, t) in vals.iter_mut().zip(terms) {
            match t.eval(b, &mut self.syms) {
                Some(s) => *v = Some(s),
                None => return,
            }
        }
        let [value, priority, modifier] = vals.map(|v| v.expect("evaluated"));
        let value = self.syms.as_int(value);
        let priority = self.syms.as_int(priority).filter(|p| *p >= 0);
        let modifier = self.syms.as_const(modifier).and_then(program::Modifier::from_name);
        let (Some(value), Some(priority), Some(modifier)) = (value, priority, modifier) else {
            let bad = if value.is_none() {
                spans[0]
            } else if priority.is_none() {
                spans[1]
            } else {
                spans[2]
            };
            self.ignored_heuristics.push(bad);
            return;
        };
        let (value, priority) = (value as i64, priority as i64);
        self.heuristics.push(PendingHeuristic {
            statement,
            pred: atom.pred,
            args,
            modifier,
            value,
            priority,
            condition,
        });
    }

    /// The program's `#heuristic` directives: those whose atom occurs in
    /// the program (clingo drops the others), the last statement's first, as
    /// gringo orders them — among modifiers of equal priority, clasp takes
    /// the last one given, which is then the first in the source.
    pub(super) fn finish_heuristics(&mut self) {
        let mut pending = std::mem::take(&mut self.heuristics);
        // statements from the last to the first, each's instances in order
        pending.sort_by_key(|h| std::cmp::Reverse(h.statement));
        for h in pending {
            if let Some(i) = self.find(h.pred, &h.args) {
                let atom = i.atom;
                self.prog.heuristics.push(program::Heuristic {
                    atom,
                    modifier: h.modifier,
                    value: h.value,
                    priority: h.priority,
                    condition: h.condition,
                });
            }
        }
    }

    /// The program's minimize statements from the ground optimisation
    /// elements: one per priority, highest first, with one literal per
    /// distinct `(weight, tuple)` that holds when any of its elements'
    /// bodies does (a tuple counts once however many bodies hold).  Made
    /// anew from every element so far (grounding in steps: a tuple of an
    /// earlier step still counts once).
    pub(super) fn finish_minimize(&mut self) {
        let groups: Vec<(i64, i64, Vec<Vec<program::Lit>>)> = self
            .minimize
            .groups()
            .map(|(&(priority, weight, _), alts)| (priority, weight, alts.iter().cloned().collect()))
            .collect();
        self.prog.minimize.clear();
        let mut levels: std::collections::BTreeMap<i64, Vec<(program::Lit, i64)>> = Default::default();
        for (priority, weight, mut alts) in groups {
            let lit = if alts.iter().any(|a| a.is_empty()) {
                self.aux().conj_atom(Vec::new()).pos()
            } else if alts.len() == 1 {
                self.aux().conj_lit(alts.pop().expect("one"))
            } else {
                self.aux().disj_atom(&alts).pos()
            };
            levels.entry(priority).or_default().push((lit, weight));
        }
        for (priority, lits) in levels.into_iter().rev() {
            self.prog.minimize.push(program::Minimize { priority, lits });
        }
    }

    /// One ground optimisation element; one whose weight or priority is
    /// no integer is ignored with an info, as clingo does.
    fn minimize_elem(
        &mut self,
        weight: &GTerm,
        priority: &GTerm,
        tuple: &[GTerm],
        b: &Binding,
        body: Vec<program::Lit>,
    ) {
        let (Some(w), Some(p)) = (weight.eval(b, &mut self.syms), priority.eval(b, &mut self.syms)) else {
            self.note_undefined([weight, priority], b);
            return;
        };
        let mut t = Vec::with_capacity(tuple.len());
        for x in tuple {
            match x.eval(b, &mut self.syms) {
                Some(s) => t.push(s),
                None => {
                    x.note_undefined(b, &mut self.syms);
                    return;
                }
            }
        }
        match (self.syms.as_int(w), self.syms.as_int(p)) {
            (Some(weight), Some(priority)) => {
                let (priority, weight) = (priority as i64, weight as i64);
                self.minimize.push(OptInstance { priority, weight, tuple: t, body });
            }
            _ => {
                let mut text = format!("{}@{}", self.syms.display(w), self.syms.display(p));
                for s in &t {
                    text.push(',');
                    self.syms.write(*s, &mut text);
                }
                self.ignored_tuples.push((self.current, text));
            }
        }
    }

    pub(super) fn choice(
        &mut self,
        elems: &[ChoiceElem],
        bounds: &[(CmpOp, GTerm)],
        bounded: bool,
        b: &Binding,
        body: Vec<program::Lit>,
    ) {
        // Head atoms with the ways their conditions hold (and, in a weight
        // constraint head, their weight: the first one written).
        let weighted = elems.iter().any(|e| e.weight.is_some());
        let mut atoms: IMap<(PredId, Box<[Sym]>), Cond> = IMap::default();
        let mut weights: Map<(PredId, Box<[Sym]>), Sym> = Map::default();
        for e in elems {
            let mut terms = e.atom.args.clone();
            terms.extend(e.weight.iter().cloned());
            for mut inst in self.ground_elem(&e.cond, &terms, b) {
                let w = if e.weight.is_some() { inst.values.pop() } else { None };
                let key: (PredId, Box<[Sym]>) = (e.atom.pred, inst.values.into());
                if let Some(w) = w {
                    weights.entry(key.clone()).or_insert(w);
                }
                atoms.entry(key).or_insert(Cond::Alts(thin_vec::ThinVec::new())).or(inst.lits);
            }
        }
        // A lower bound that all the elements together cannot reach makes the
        // rule a constraint: no atom of it is derived (and gringo adds none
        // to its domain, so `#external x : p(3)` is no external then).
        let one = self.syms.int(1);
        let mut most = Some(0i64);
        for key in atoms.keys().filter(|_| !bounds.is_empty()) {
            let w = weights.get(key).copied().unwrap_or(one);
            most = most.zip(self.syms.as_int(w)).map(|(m, w)| m + (w as i64).max(0));
        }
        if self.out_of_reach(bounds, most, b) {
            self.prog.add(program::Rule::constraint(body));
            return;
        }
        let body = if bounded { self.name_own_heads(&atoms, body) } else { body };
        let mut certain_heads = Vec::new();
        let mut gagg = GroundAgg {
            sign: Sign::Pos,
            fun: if weighted { AggFun::Sum } else { AggFun::Count },
            elems: IMap::default(),
            bounds: vec![],
            recursive: false,
            unsettled: Default::default(),
        };
        for ((pred, args), cond) in atoms {
            let one = self.syms.int(1);
            let w = weights.get(&(pred, args.clone())).copied().unwrap_or(one);
            if let Some(i) = self.find(pred, &args) {
                if i.fact {
                    // A fact counts when its element's condition holds.
                    let key = self.syms.int(i.atom.0 as i32);
                    gagg.elems.insert(smallvec::smallvec![w, key], cond);
                    continue;
                }
            }
            let a = self.insert(pred, args.to_vec(), false);
            let mut elem = Cond::Alts(thin_vec::ThinVec::new());
            match &cond {
                Cond::Certain => {
                    certain_heads.push(a);
                    elem.or(vec![a.pos()]);
                }
                Cond::Alts(alts) => {
                    for alt in alts {
                        let mut bd = body.clone();
                        bd.extend(alt.iter().copied());
                        self.prog.add(program::Rule {
                            head: program::Head::Choice(smallvec::smallvec![a]),
                            body: Body::Normal(bd.into()),
                        });
                        let mut l = alt.clone();
                        l.push(a.pos());
                        elem.or(l);
                    }
                }
            }
            let key = self.syms.int(a.0 as i32);
            gagg.elems.insert(smallvec::smallvec![w, key], elem);
        }
        if !certain_heads.is_empty() {
            self.prog.add(program::Rule {
                head: program::Head::Choice(certain_heads.into()),
                body: Body::Normal(body.as_slice().into()),
            });
        }
        if bounds.is_empty() {
            return;
        }
        for (op, t) in bounds {
            match t.eval(b, &mut self.syms) {
                Some(k) => gagg.bounds.push((*op, k)),
                None => return,
            }
        }
        let (mut aux, syms) = self.aux_and_syms();
        match aux.aggregate(&gagg, syms) {
            Truth::True => {}
            Truth::False => aux.prog.add(program::Rule::constraint(body)),
            Truth::Lits(ls) => {
                let l = aux.conj_lit(ls);
                let n = aux.negate(l);
                let mut bd = body;
                bd.push(n);
                aux.prog.add(program::Rule::constraint(bd));
            }
        }
    }

    /// A choice head with bounds (written, or on the head aggregate it is
    /// the choice part of) whose body mentions one of its own atoms `x`:
    /// the body stands behind an auxiliary atom (`aux :- body.`), as
    /// gringo puts the body of every bounded choice head behind one; the
    /// rule then defines `x` whatever the body says of it, and an external
    /// `x` stops being one as in clasp (see
    /// [`program::GroundProgram::open_externals`]; `{x} :- x.` without
    /// bounds leaves it open).  Equivalent for every other purpose.
    fn name_own_heads(
        &mut self,
        heads: &IMap<(PredId, Box<[Sym]>), Cond>,
        body: Vec<program::Lit>,
    ) -> Vec<program::Lit> {
        let own = body
            .iter()
            .any(|l| heads.keys().any(|(p, args)| self.find(*p, args).is_some_and(|x| x.atom == l.atom())));
        if own {
            vec![self.aux().conj_atom(body).pos()]
        } else {
            body
        }
    }

    /// Whether a lower bound of a choice head (`bounds`, as `value op t`)
    /// asks for more than `most`, the largest count or sum its elements
    /// reach (`None`: not known).
    fn out_of_reach(&mut self, bounds: &[(CmpOp, GTerm)], most: Option<i64>, b: &Binding) -> bool {
        let Some(m) = most else { return false };
        bounds.iter().any(|(op, t)| {
            let need = t.eval(b, &mut self.syms).and_then(|k| self.syms.as_int(k)).map(i64::from);
            match (op, need) {
                (CmpOp::Ge | CmpOp::Eq, Some(k)) => m < k,
                (CmpOp::Gt, Some(k)) => m <= k,
                _ => false,
            }
        })
    }

    /// `a | b : c :- body`: the atoms whose conditions certainly hold form
    /// the disjunction (gringo 3's conditions are domain predicates); an
    /// atom under an undecided condition stands in it as a fresh atom for
    /// "the atom, where the condition holds" (see below).
    pub(super) fn disjunction(&mut self, elems: &[ChoiceElem], b: &Binding, mut body: Vec<program::Lit>) {
        let mut heads: Vec<(PredId, Vec<Sym>)> = Vec::new();
        // Disjuncts whose condition is not decided by the facts: (atom, condition).
        let mut conditional: Vec<(PredId, Vec<Sym>, Vec<program::Lit>)> = Vec::new();
        // A disjunct whose term is undefined (`q(2/0)`) drops the rule
        // instance where its condition holds, as an undefined head drops a
        // normal rule (clingo): all of it under a condition the facts
        // decide, else the rule holds only where the condition does not.
        let mut undefined: Vec<Vec<program::Lit>> = Vec::new();
        // Disjuncts that are conjunctions (see `ChoiceElem::conj`): the atoms
        // of one instance of the condition but for the interval, and that
        // condition.
        let mut conjunctions: Vec<Conjunction> = Vec::new();
        // The disjuncts without condition, as indices into `heads`, up to
        // the first whose term is undefined (`in_domain`: how many come
        // before it): gringo has put those before it in its domain when it
        // drops the rule (language seed 181641).
        let mut plain: Vec<usize> = Vec::new();
        let mut in_domain: Option<usize> = None;
        // every disjunct is a plain atom as written: where gringo knows a
        // fact that satisfies the rule, it has put the disjuncts before
        // the fact in its domain; with a conditional literal among them it
        // translates the disjunction whole and puts none there (`c ; a ;
        // r(3) : dom(1).` with `a` a fact: `c` is not in its domain)
        let all_plain = elems.iter().all(|e| e.cond.is_empty() && e.conj.is_empty() && e.also.is_empty());
        for e in elems {
            if !e.conj.is_empty() || !e.also.is_empty() {
                self.conjunctive_disjunct(e, b, &mut conjunctions, &mut undefined);
                continue;
            }
            let is_plain = e.cond.is_empty() && in_domain.is_none();
            self.each_elem_instance(&e.cond, &e.atom.args, b, &mut |values, lits| match values {
                None => {
                    if is_plain {
                        in_domain = Some(plain.len());
                    }
                    undefined.push(lits)
                }
                Some(values) if !lits.is_empty() => conditional.push((e.atom.pred, values, lits)),
                Some(values) => {
                    let i = heads.iter().position(|(p, a)| *p == e.atom.pred && *a == values).unwrap_or_else(
                        || {
                            heads.push((e.atom.pred, values));
                            heads.len() - 1
                        },
                    );
                    if is_plain {
                        plain.push(i);
                    }
                }
            });
        }
        if undefined.iter().any(|lits| lits.is_empty()) {
            if let Some(n) = in_domain.filter(|&n| n > 0) {
                let atoms = self.insert_some(&heads, &plain[..n]);
                self.satisfied.push(Satisfied { atoms, body, by: None, span: self.current });
            }
            return;
        }
        for lits in undefined {
            let mut aux = self.aux();
            let l = aux.conj_lit(lits);
            body.push(aux.negate(l));
        }
        if let Some(k) = heads.iter().position(|(p, a)| self.find(*p, a).is_some_and(|i| i.fact)) {
            // satisfied by a fact: no rule, but where the fact is derived
            // gringo may not know it yet and keep the rule, whose atoms may
            // then make the condition of an `#external y : p.` hold
            // (language seed 231204; see `finish_externals`); where it
            // knows the fact, it has put the plain disjuncts before it in
            // its domain, as for an undefined term
            let by = heads[k].clone();
            let is_fact = |i: usize| self.find(heads[i].0, &heads[i].1).is_some_and(|x| x.fact);
            let first = if all_plain { plain.iter().position(|&i| is_fact(i)).unwrap_or(0) } else { 0 };
            let before = self.insert_some(&heads, &plain[..first]);
            let atoms = heads.into_iter().chain(conditional.into_iter().map(|(p, a, _)| (p, a)));
            let atoms: Vec<Atom> = atoms.map(|(p, a)| self.insert(p, a, false)).collect();
            self.satisfied.push(Satisfied { atoms, body, by: Some((by, before)), span: self.current });
            return;
        }
        let certain = body.is_empty();
        if !conditional.is_empty() || !conjunctions.is_empty() {
            // `a : c` counts as a disjunct only where `c` holds: a fresh atom `d`
            // stands in the disjunction for `a` and `c`, with `a :- d, c.`,
            // `:- d, not c.` and `d :- a, c.` (so that `a` true by another
            // rule satisfies the disjunction too, as in clingo; `a` follows
            // from `d` only with `c`, so a model where `c` does not hold but
            // by `a` itself is not minimal, as gringo's translation has it)
            // (tracked as the plain ones below: its atoms come first in the
            // rule's head, before the fresh ones)
            let tracked = self.track_disjunctions.then(|| heads.clone());
            let mut atoms: Vec<Atom> = heads.into_iter().map(|(p, a)| self.insert(p, a, false)).collect();
            for (p, a, lits) in conditional {
                let h = self.insert(p, a, false);
                let d = self.prog.new_atom();
                let mut forth = vec![d.pos()];
                forth.extend(lits.iter().copied());
                self.prog.add(program::Rule::normal(h, forth));
                let mut back = vec![h.pos()];
                back.extend(lits.iter().copied());
                self.prog.add(program::Rule::normal(d, back));
                for l in lits {
                    self.prog.add(program::Rule::constraint(vec![d.pos(), l.negate()]));
                }
                atoms.push(d);
            }
            // a conjunction the same way: each atom `a_i :- d, c.`, and
            // `d :- a_1, .., a_k, c.`
            for (args, lits) in conjunctions {
                let d = self.prog.new_atom();
                let mut back = Vec::new();
                let mut forth = vec![d.pos()];
                forth.extend(lits.iter().copied());
                for (p, a) in args {
                    let h = self.insert(p, a, false);
                    self.prog.add(program::Rule::normal(h, forth.clone()));
                    back.push(h.pos());
                }
                back.extend(lits.iter().copied());
                self.prog.add(program::Rule::normal(d, back));
                for l in lits {
                    self.prog.add(program::Rule::constraint(vec![d.pos(), l.negate()]));
                }
                atoms.push(d);
            }
            if let Some(heads) = tracked {
                let (rule, span) = (self.prog.rules.len(), self.current);
                self.kept.push(KeptDisjunction { rule, heads, span, plain: false });
            }
            self.prog.add(program::Rule {
                head: program::Head::Disjunction(atoms.into()),
                body: Body::Normal(body.into()),
            });
            return;
        }
        if heads.len() == 1 {
            let (p, a) = heads.pop().unwrap();
            let h = self.insert(p, a, certain);
            if !certain {
                self.prog.add(program::Rule::normal(h, body));
            }
            return;
        }
        if self.track_disjunctions && (plain.len() == heads.len() || !all_plain) {
            let (rule, span) = (self.prog.rules.len(), self.current);
            self.kept.push(KeptDisjunction { rule, heads: heads.clone(), span, plain: all_plain });
        }
        let atoms: Vec<Atom> = heads.into_iter().map(|(p, a)| self.insert(p, a, false)).collect();
        self.prog.add(program::Rule {
            head: program::Head::Disjunction(atoms.into()),
            body: Body::Normal(body.into()),
        });
    }

    /// The atoms `heads[i]` for each `i` of `which`, in the domain.
    fn insert_some(&mut self, heads: &[(PredId, Vec<Sym>)], which: &[usize]) -> Vec<Atom> {
        which.iter().map(|&i| self.insert(heads[i].0, heads[i].1.clone(), false)).collect()
    }

    /// The instances of a disjunct `p(1..X) : d(X)` or `s(L,L;L,2) : v(L)`
    /// (see `ChoiceElem::conj` and `ChoiceElem::also`): per instance of the
    /// condition without its intervals, the atoms of all the intervals'
    /// values and all the pool's options (none where an interval is empty:
    /// the empty conjunction, which holds), or the condition's literals in
    /// `undefined` where an atom is undefined.
    fn conjunctive_disjunct(
        &mut self,
        e: &ChoiceElem,
        b: &Binding,
        out: &mut Vec<Conjunction>,
        undefined: &mut Vec<Vec<program::Lit>>,
    ) {
        let is_conj = |l: &Lit| match l {
            Lit::Range { t: GTerm::Var(v), .. } | Lit::Call { t: GTerm::Var(v), .. } => e.conj.contains(v),
            _ => false,
        };
        let cond: Vec<Lit> = e.cond.iter().filter(|l| !is_conj(l)).cloned().collect();
        let found = self.cond_bindings(&cond, b);
        let mut b2 = b.clone();
        b2.clear_matches();
        // the conjunctions made, so that each is made once (a set: a
        // condition may have many instances)
        let mut made: std::collections::HashSet<Conjunction> = std::collections::HashSet::new();
        'instances: for k in 0..found.count {
            found.load(k, &mut b2);
            let Some(lits) = self.cond_lits(&cond, &b2, found.matches(k)) else { continue };
            // each interval's (or script call's) variable and values; an
            // undefined end or argument drops the rule where the condition
            // holds, as an undefined atom does
            let mut ranges: Vec<(Var, Vec<Sym>)> = Vec::new();
            for l in e.cond.iter().filter(|l| is_conj(l)) {
                match l {
                    Lit::Range { t: GTerm::Var(v), lo, hi, .. } => {
                        let end = |t: &GTerm, me: &mut Self| {
                            t.eval(&b2, &mut me.syms).and_then(|s| me.syms.as_int(s))
                        };
                        match (end(lo, self), end(hi, self)) {
                            (Some(lo), Some(hi)) => {
                                let values =
                                    (lo as i64..=hi as i64).map(|i| self.syms.int(i as i32)).collect();
                                ranges.push((*v, values));
                            }
                            _ => {
                                self.note_undefined([lo, hi], &b2);
                                undefined.push(lits);
                                continue 'instances;
                            }
                        }
                    }
                    Lit::Call { t: GTerm::Var(v), name, args, op } => {
                        match super::join::call(&mut self.syms, *name, args, *op, &b2) {
                            Some(values) => ranges.push((*v, values)),
                            None => {
                                undefined.push(lits);
                                continue 'instances;
                            }
                        }
                    }
                    _ => {}
                }
            }
            // all combinations of the intervals' values
            let mut atoms = Vec::new();
            let mut at: Vec<usize> = vec![0; ranges.len()];
            let mut done = ranges.iter().any(|r| r.1.is_empty());
            while !done {
                for (r, &i) in ranges.iter().zip(&at) {
                    b2.set(r.0, r.1[i]);
                }
                // a pool's option that is undefined is left out (clingo); with
                // none left, the rule is dropped where the condition holds
                let mut defined = false;
                for a in e.atoms() {
                    match a.args.iter().map(|t| t.eval(&b2, &mut self.syms)).collect::<Option<Vec<Sym>>>() {
                        Some(values) => {
                            atoms.push((a.pred, values));
                            defined = true;
                        }
                        None => self.note_undefined(&a.args, &b2),
                    }
                }
                if !defined {
                    undefined.push(lits.clone());
                    continue 'instances;
                }
                // the next combination, the last interval fastest
                done = true;
                for j in (0..ranges.len()).rev() {
                    if at[j] + 1 < ranges[j].1.len() {
                        at[j] += 1;
                        done = false;
                        break;
                    }
                    at[j] = 0;
                }
            }
            // each atom once (`p(1..2;5)`: `p(5)` is in every option of the
            // interval), each conjunction once (`p(1..3) : d(X)` is the same
            // conjunction for every `X`), as gringo writes them
            if atoms.len() > 1 {
                let mut seen = std::collections::HashSet::new();
                atoms.retain(|a| seen.insert(a.clone()));
            }
            if made.insert((atoms.clone(), lits.clone())) {
                out.push((atoms, lits));
            }
        }
    }

    /// A body literal under the rule's (complete) binding.
    /// `matched`: the position of the atom a positive literal was matched
    /// against by the join that made `b`, if known.
    pub(super) fn body_lit(&mut self, l: &Lit, b: &Binding, matched: Option<u32>) -> Truth {
        match l {
            Lit::Atom { sign: Sign::Pos, atom } if matched.is_some() => {
                #[cfg(debug_assertions)]
                let expected = self.eval_args(atom, b);
                let pos = matched.unwrap_or_default() as usize;
                let (args, info) =
                    self.preds[atom.pred.0 as usize].atoms.get_index(pos).expect("matched atom");
                #[cfg(debug_assertions)]
                debug_assert_eq!(expected.as_deref(), Some(&args[..]), "a stale match");
                let _ = args;
                if info.fact {
                    Truth::True
                } else {
                    Truth::Lits(vec![info.atom.pos()])
                }
            }
            Lit::Atom { sign, atom } => match self.atom_lit(*sign, atom, b) {
                Err(()) => Truth::False,
                Ok(None) => Truth::True,
                Ok(Some(l)) => Truth::Lits(vec![l]),
            },
            // the join that made `b` took the variable from the call's
            // values: it holds, and the function is not called again
            Lit::Call { .. } => Truth::True,
            Lit::Cmp { .. } | Lit::Range { .. } | Lit::Bool(_) => {
                if check(&self.preds, &mut self.syms, l, b) {
                    Truth::True
                } else {
                    Truth::False
                }
            }
            Lit::Cond { lit, cond, .. } => self.conditional(lit, cond, b),
            Lit::Agg(a) => {
                // per element: a positive atom of a predicate still being
                // instantiated (the aggregate is recursive), and one of those
                // that a rule derives (the element is unsettled; an input,
                // an external no rule derives, is settled all the same)
                let reach: smallvec::SmallVec<[(bool, bool); 8]> = a
                    .elems
                    .iter()
                    .map(|e| {
                        let mut r = (false, false);
                        for c in &e.cond {
                            if let Lit::Atom { sign: Sign::Pos, atom } = c {
                                let p = &self.preds[atom.pred.0 as usize];
                                if !p.complete {
                                    r = (true, r.1 || p.derived);
                                }
                            }
                        }
                        r
                    })
                    .collect();
                let recursive = reach.iter().any(|r| r.0);
                let mut g = GroundAgg {
                    sign: a.sign,
                    fun: a.fun,
                    elems: IMap::default(),
                    bounds: vec![],
                    recursive,
                    unsettled: Default::default(),
                };
                for (op, t) in &a.bounds {
                    match t.eval(b, &mut self.syms) {
                        Some(k) => g.bounds.push((*op, k)),
                        None => return Truth::False,
                    }
                }
                for (e, &(_, unsettled)) in a.elems.iter().zip(&reach) {
                    self.each_elem(&e.cond, &e.tuple, b, &mut |inst| {
                        let tuple = Tuple::from_slice(&inst.values);
                        if unsettled {
                            g.unsettled.insert(tuple.clone());
                        }
                        g.elems.entry(tuple).or_insert(Cond::Alts(thin_vec::ThinVec::new())).or(inst.lits);
                    });
                }
                let (mut aux, syms) = self.aux_and_syms();
                aux.aggregate(&g, syms)
            }
        }
    }

    /// `lit : cond`: for every instance of the condition, the literal holds.
    pub(super) fn conditional(&mut self, lit: &Lit, cond: &[Lit], b: &Binding) -> Truth {
        // A condition over a predicate still being instantiated that a rule
        // derives may depend on this very rule: then `c -> l` needs gringo's
        // disjunctive reading. An atom no rule derives (an external, an
        // input) depends on nothing: it gets no rule there, which would
        // take away its value.
        let mut recursive = false;
        let mut inputs: smallvec::SmallVec<[&AtomPat; 2]> = smallvec::SmallVec::new();
        for c in cond {
            if let Lit::Atom { sign: Sign::Pos, atom } = c {
                let p = &self.preds[atom.pred.0 as usize];
                match (p.complete, p.derived) {
                    (false, true) => recursive = true,
                    (_, false) => inputs.push(atom),
                    (true, true) => {}
                }
            }
        }
        let found = self.cond_bindings(cond, b);
        let mut result = Truth::True;
        let mut b2 = b.clone();
        b2.clear_matches();
        for k in 0..found.count {
            found.load(k, &mut b2);
            let Some(cond_lits) = self.cond_lits(cond, &b2, found.matches(k)) else { continue };
            let l = match lit {
                Lit::Atom { sign, atom } => match self.atom_lit(*sign, atom, &b2) {
                    Err(()) => Truth::False,
                    Ok(None) => Truth::True,
                    Ok(Some(l)) => Truth::Lits(vec![l]),
                },
                other => {
                    if check(&self.preds, &mut self.syms, other, &b2) {
                        Truth::True
                    } else {
                        Truth::False
                    }
                }
            };
            let t = match (l, cond_lits.is_empty()) {
                (Truth::True, _) => Truth::True,
                (Truth::False, true) => Truth::False,
                (l, _) if recursive => {
                    let mut input_lits = Vec::new();
                    for atom in &inputs {
                        if let Ok(Some(x)) = self.atom_lit(Sign::Pos, atom, &b2) {
                            input_lits.push(x);
                        }
                    }
                    self.implication_disjunctive(l, cond_lits, &input_lits)
                }
                (l, _) => self.implication(l, cond_lits),
            };
            result = result.and(t);
            if result == Truth::False {
                return result;
            }
        }
        result
    }

    /// `cond -> l` as `e` with `e :- l.` and `e :- not c.` for each condition
    /// literal (exact when the condition does not depend on `e`).
    pub(super) fn implication(&mut self, l: Truth, cond: Vec<program::Lit>) -> Truth {
        let mut aux = self.aux();
        let e = aux.prog.new_atom();
        if let Truth::Lits(ls) = l {
            aux.prog.add(program::Rule::normal(e, ls));
        }
        for c in cond {
            let n = aux.negate(c);
            aux.prog.add(program::Rule::normal(e, vec![n]));
        }
        Truth::Lits(vec![e.pos()])
    }

    /// `cond -> l` as gringo reads it when the condition may depend on the
    /// rule: `C :- cond.`, each positive condition atom `c :- C.` (but for
    /// `inputs`, atoms no rule derives), `:- C, a.` for each `not a` in the
    /// condition, `e :- l.`, `e :- not C.` and the disjunction
    /// `e | C :- not not l.` (shifted later if head-cycle-free).
    pub(super) fn implication_disjunctive(
        &mut self,
        l: Truth,
        cond: Vec<program::Lit>,
        inputs: &[program::Lit],
    ) -> Truth {
        let mut aux = self.aux();
        let c = aux.prog.new_atom();
        aux.prog.add(program::Rule::normal(c, cond.clone()));
        for x in &cond {
            if inputs.contains(x) {
                continue;
            }
            if x.is_positive() {
                aux.prog.add(program::Rule::normal(x.atom(), vec![c.pos()]));
            } else {
                aux.prog.add(program::Rule::constraint(vec![c.pos(), x.atom().pos()]));
            }
        }
        let e = aux.prog.new_atom();
        aux.prog.add(program::Rule::normal(e, vec![c.neg()]));
        if let Truth::Lits(ls) = l {
            let l1 = aux.conj_lit(ls.clone());
            aux.prog.add(program::Rule::normal(e, ls));
            let nl = aux.negate(l1);
            let nnl = aux.negate(nl);
            aux.prog.add(program::Rule {
                head: program::Head::Disjunction(smallvec::smallvec![e, c]),
                body: Body::Normal(thin_vec::thin_vec![nnl]),
            });
            let at = self.prog.rules.len() - 1;
            self.disjunctions.push((at, self.current));
        }
        Truth::Lits(vec![e.pos()])
    }

    /// Instances of an element condition under the global binding `b`, with
    /// the values of `terms` and the undecided condition literals.
    pub(super) fn ground_elem(&mut self, cond: &[Lit], terms: &[GTerm], b: &Binding) -> Vec<ElemInstance> {
        let mut out = Vec::new();
        self.each_elem(cond, terms, b, &mut |inst| out.push(inst));
        out
    }

    /// [`Self::ground_elem`], handing each instance to `f` as it is made
    /// (large aggregates are not collected twice).
    pub(super) fn each_elem(
        &mut self,
        cond: &[Lit],
        terms: &[GTerm],
        b: &Binding,
        f: &mut dyn FnMut(ElemInstance),
    ) {
        self.each_elem_instance(cond, terms, b, &mut |values, lits| {
            if let Some(values) = values {
                f(ElemInstance { values, lits })
            }
        });
    }

    /// [`Self::each_elem`], also handing on the instances whose terms are
    /// undefined (values `None`, after their info is noted), with their
    /// condition's literals.
    pub(super) fn each_elem_instance(
        &mut self,
        cond: &[Lit],
        terms: &[GTerm],
        b: &Binding,
        f: &mut dyn FnMut(Option<Vec<Sym>>, Vec<program::Lit>),
    ) {
        let found = self.cond_bindings(cond, b);
        let mut b2 = b.clone();
        b2.clear_matches();
        for k in 0..found.count {
            found.load(k, &mut b2);
            let Some(lits) = self.cond_lits(cond, &b2, found.matches(k)) else { continue };
            let values: Option<Vec<Sym>> = terms.iter().map(|t| t.eval(&b2, &mut self.syms)).collect();
            if values.is_none() {
                self.note_undefined(terms, &b2);
            }
            f(values, lits);
        }
    }

    /// Joins a condition: the bindings extending `b` that match it.
    pub(super) fn cond_bindings(&mut self, cond: &[Lit], b: &Binding) -> CondBindings {
        let bound: Vec<bool> = b.values().iter().map(|v| v.is_some()).collect();
        let global = bound.clone();
        let (steps, _) = {
            let sz = |p: PredId| self.size_of(p);
            plan(cond, &bound, &global, None, &sz)
        };
        self.prepare_indexes(cond, &steps, &bound);
        let ranges = vec![Range::All; cond.len()];
        let mut found = CondBindings {
            vars: Vec::new(),
            values: Vec::new(),
            matches: Vec::new(),
            width: cond.len(),
            count: 0,
        };
        let mut b2 = b.clone();
        b2.clear_matches();
        join(&self.preds, &mut self.syms, cond, &steps, &ranges, &mut b2, &mut |x, _| {
            if found.count == 0 {
                // every match binds the same variables: those of the plan
                found.vars = (0..x.values().len())
                    .filter(|&i| b.values()[i].is_none() && x.values()[i].is_some())
                    .map(|i| Var(i as u32))
                    .collect();
            }
            for &v in &found.vars {
                found.values.push(x.get(v).expect("a join binds the same variables in every match"));
            }
            found.matches.extend((0..cond.len()).map(|i| x.matched(i).unwrap_or(NO_MATCH)));
            found.count += 1;
        });
        found
    }

    /// The undecided literals of a condition under a binding that matches
    /// it; `None` if one of them is false.
    /// `matches`: the join's atom positions, as in [`CondBindings::matches`].
    pub(super) fn cond_lits(
        &mut self,
        cond: &[Lit],
        bi: &Binding,
        matches: &[u32],
    ) -> Option<Vec<program::Lit>> {
        let mut lits = Vec::new();
        for (i, l) in cond.iter().enumerate() {
            match self.body_lit(l, bi, matches.get(i).copied().filter(|&m| m != NO_MATCH)) {
                Truth::False => return None,
                Truth::True => {}
                Truth::Lits(ls) => lits.extend(ls),
            }
        }
        Some(lits)
    }
}
