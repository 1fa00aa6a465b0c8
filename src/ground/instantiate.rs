//! Semi-naive, indexed instantiation of normalised rules, component by
//! component, producing the ground program.
//!
//! For each strongly connected component of the predicate graph (in
//! dependency order) the rules defining it are instantiated to a fixpoint:
//! in round 0 with every body atom ranging over all atoms, afterwards once
//! per positive body literal over the component, that literal ranging over
//! the last round's new atoms ("delta"), earlier ones over "old" atoms and
//! later ones over "all" (gringo's / datafrog's scheme).  Joins follow a
//! [`plan`] and look atoms up through per-predicate indexes on the bound
//! argument positions.  Rules with aggregates or conditions over their own
//! component are re-instantiated in full each round and built once the
//! component is complete.
//!
//! Invariants: an atom marked `fact` is true in every answer set (it was
//! derived from a body of facts); a rule instance whose body is false under
//! the facts is never emitted; a literal over a completed predicate that is
//! not in its domain is false.

use super::aggregate::{compare, possible_values, reachable, Aux, Cond, GroundAgg, Truth};
use super::depgraph::{body_preds, components, head_preds};
use super::domain::{project, AtomInfo, Pred, Range};
use super::hash::Map;
use super::hash::{IMap, ISet};
use super::plan::{assign_var, binds_nothing, plan, Step};
use super::rule::{AtomPat, ChoiceElem, Elem, Head, Lit, PredId, Rule};
use super::symbol::{Sym, Symbols};
use super::term::{Binding, GTerm, Var, NO_MATCH};
use crate::program::{self, Atom, Body, GroundProgram};
use crate::syntax::ast::{AggFun, CmpOp, Sign};

/// Why grounding stopped early.
#[derive(Debug, Clone, PartialEq)]
pub enum Abort {
    /// More ground atoms than allowed; names the predicate that grew last.
    TooManyAtoms { pred: String, limit: usize },
    /// The interrupt flag was set (time limit, Ctrl-C).
    Interrupted,
}

/// The grounder's state: symbols, predicate domains and the program built.
pub struct Instantiator {
    pub syms: Symbols,
    pub preds: Vec<Pred>,
    pub prog: GroundProgram,
    /// `#show t : body` results: the term and the atom of its body (None: always).
    pub shows: Vec<(Sym, Option<Atom>)>,
    nn: Map<Atom, Atom>,
    defs: Map<Vec<program::Lit>, Atom>,
    disjs: Map<Vec<Vec<program::Lit>>, Atom>,
    /// Definitions of the auxiliary atoms in `defs` and `disjs` that have
    /// been tied to them (see `Aux::tie`), by atom.
    parts: Map<Atom, Vec<Vec<program::Lit>>>,
    /// Instances of rules with recursive aggregates, built at the end of their component.
    deferred: ISet<(usize, Box<[Option<Sym>]>)>,
    pub max_atoms: usize,
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The rule whose instance is being built (for messages).
    current: crate::syntax::span::Span,
    /// Disjunctive rules emitted (index in the program) and their source rule.
    pub disjunctions: Vec<(usize, crate::syntax::span::Span)>,
}

/// One way an element's condition holds: the local binding's tuple/atom
/// values and the undecided literals.
/// The matches of a condition, stored flat: for match `k`, the values of
/// `vars` (the variables the join binds) at `values[k * vars.len()..]`;
/// large conditions must not cost an allocation per match.
struct CondBindings {
    vars: Vec<Var>,
    values: Vec<Sym>,
    /// Per match, per literal of the condition: the position of the atom
    /// it matched (`NO_MATCH`: none), see [`Binding::matched`].
    matches: Vec<u32>,
    width: usize,
    count: usize,
}

impl CondBindings {
    /// Match `k`'s atom positions, one per literal of the condition.
    fn matches(&self, k: usize) -> &[u32] {
        &self.matches[k * self.width..(k + 1) * self.width]
    }

    /// Binds match `k`'s variables in `b` (a copy of the binding joined from).
    fn load(&self, k: usize, b: &mut Binding) {
        let w = self.vars.len();
        for (v, s) in self.vars.iter().zip(&self.values[k * w..(k + 1) * w]) {
            b.set(*v, *s);
        }
    }
}

struct ElemInstance {
    values: Vec<Sym>,
    lits: Vec<program::Lit>,
}

impl Instantiator {
    pub fn new(syms: Symbols, preds: Vec<Pred>) -> Instantiator {
        Instantiator {
            syms,
            preds,
            prog: GroundProgram::new(),
            shows: Vec::new(),
            nn: Map::default(),
            defs: Map::default(),
            disjs: Map::default(),
            parts: Map::default(),
            deferred: ISet::default(),
            max_atoms: usize::MAX,
            current: Default::default(),
            interrupt: None,
            disjunctions: Vec::new(),
        }
    }

    /// Instantiates all rules.
    pub fn run(&mut self, rules: &[Rule]) -> Result<(), Abort> {
        let comps = components(self.preds.len(), rules);
        let mut comp_of = vec![0usize; self.preds.len()];
        for (i, c) in comps.iter().enumerate() {
            for p in &c.preds {
                comp_of[p.0 as usize] = i;
            }
        }
        let mut by_comp: Vec<Vec<usize>> = vec![Vec::new(); comps.len()];
        let mut last: Vec<usize> = Vec::new();
        for (i, r) in rules.iter().enumerate() {
            match head_preds(r).first() {
                Some(p) => by_comp[comp_of[p.0 as usize]].push(i),
                None => last.push(i),
            }
        }
        for (ci, comp) in comps.iter().enumerate() {
            let rs = &by_comp[ci];
            if !comp.recursive {
                for &r in rs {
                    self.ground_rule(rules, r, None, &[])?;
                }
            } else {
                self.fixpoint(rules, rs, &comp.preds, &comp_of, ci)?;
            }
            for p in &comp.preds {
                let pr = &mut self.preds[p.0 as usize];
                pr.complete = true;
                pr.mentioned.clear();
            }
        }
        for &r in &last {
            self.ground_rule(rules, r, None, &[])?;
        }
        self.classical_negation_constraints();
        Ok(())
    }

    fn fixpoint(
        &mut self,
        rules: &[Rule],
        rs: &[usize],
        preds: &[PredId],
        comp_of: &[usize],
        ci: usize,
    ) -> Result<(), Abort> {
        let in_comp = |p: PredId| comp_of[p.0 as usize] == ci;
        // Positive body literals over the component, per rule.
        let recursive_lits: Vec<Vec<usize>> = rs
            .iter()
            .map(|&r| {
                rules[r]
                    .body
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| matches!(l, Lit::Atom { sign: Sign::Pos, atom } if in_comp(atom.pred)))
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect();
        let complex: Vec<bool> = rs
            .iter()
            .map(|&r| {
                let mut elem_preds = Vec::new();
                for l in &rules[r].body {
                    if matches!(l, Lit::Agg(_) | Lit::Cond { .. }) {
                        let mut ps = Vec::new();
                        l.preds(&mut ps);
                        elem_preds.extend(ps.into_iter().map(|(p, _)| p));
                    }
                }
                {
                    for e in rules[r].head.elems() {
                        let mut ps = Vec::new();
                        e.cond.iter().for_each(|c| c.preds(&mut ps));
                        elem_preds.extend(ps.into_iter().map(|(p, _)| p));
                    }
                }
                let _ = body_preds;
                elem_preds.into_iter().any(in_comp)
            })
            .collect();
        for p in preds {
            let pr = &mut self.preds[p.0 as usize];
            pr.old_end = 0;
            pr.new_end = 0;
        }
        let mut round = 0;
        loop {
            let before: usize = preds.iter().map(|p| self.preds[p.0 as usize].atoms.len()).sum();
            for (k, &r) in rs.iter().enumerate() {
                if complex[k] {
                    self.ground_rule(rules, r, None, &[])?;
                    continue;
                }
                if round == 0 {
                    if recursive_lits[k].is_empty() {
                        self.ground_rule(rules, r, None, &[])?;
                    }
                } else {
                    for (j, &lit) in recursive_lits[k].iter().enumerate() {
                        let mut ranges: Vec<(usize, Range)> = vec![(lit, Range::Delta)];
                        for (j2, &l2) in recursive_lits[k].iter().enumerate() {
                            if j2 != j {
                                ranges.push((l2, if j2 < j { Range::Old } else { Range::All }));
                            }
                        }
                        self.ground_rule(rules, r, Some(lit), &ranges)?;
                    }
                }
            }
            let mut more = false;
            for p in preds {
                more |= self.preds[p.0 as usize].next_round();
            }
            let after: usize = preds.iter().map(|p| self.preds[p.0 as usize].atoms.len()).sum();
            round += 1;
            if !more && after == before && round > 1 {
                break;
            }
        }
        // Build the deferred instances now that the component is complete.
        let deferred = std::mem::take(&mut self.deferred);
        for (r, vals) in deferred {
            let mut b = Binding::new(rules[r].num_vars);
            for (i, v) in vals.iter().enumerate() {
                if let Some(s) = v {
                    b.set(Var(i as u32), *s);
                }
            }
            self.build_instance(&rules[r], &b, false);
        }
        Ok(())
    }

    fn size_of(&self, p: PredId) -> usize {
        self.preds[p.0 as usize].atoms.len()
    }

    /// Instantiates rule `r`; `first` is the delta literal of a semi-naive
    /// round, `ranges` the atom ranges of its recursive literals.
    fn ground_rule(
        &mut self,
        rules: &[Rule],
        r: usize,
        first: Option<usize>,
        ranges: &[(usize, Range)],
    ) -> Result<(), Abort> {
        let rule = &rules[r];
        let global = global_vars(rule);
        let bound = vec![false; rule.num_vars];
        let (steps, _) = {
            let sz = |p: PredId| self.size_of(p);
            plan(&rule.body, &bound, &global, first, &sz)
        };
        let mut lit_ranges = vec![Range::All; rule.body.len()];
        for &(l, rg) in ranges {
            lit_ranges[l] = rg;
        }
        self.prepare_indexes(&rule.body, &steps);
        let mut out: Vec<Box<[Option<Sym>]>> = Vec::new();
        let mut b = Binding::new(rule.num_vars);
        join(&self.preds, &mut self.syms, &rule.body, &steps, &lit_ranges, &mut b, &mut |b| {
            out.push(b.values().into())
        });
        let defer = self.is_deferred(rule);
        for vals in out {
            let mut b = Binding::new(rule.num_vars);
            for (i, v) in vals.iter().enumerate() {
                if let Some(s) = v {
                    b.set(Var(i as u32), *s);
                }
            }
            if defer {
                if self.possible(rule, &b) {
                    self.build_instance(rule, &b, true);
                    self.deferred.insert((r, vals));
                }
            } else {
                self.build_instance(rule, &b, false);
            }
            if self.interrupt.as_ref().is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) {
                return Err(Abort::Interrupted);
            }
            if self.prog.num_atoms as usize > self.max_atoms {
                let pred = head_preds(rule)
                    .first()
                    .map(|p| self.pred_name(*p))
                    .unwrap_or_else(|| "#aux".to_string());
                return Err(Abort::TooManyAtoms { pred, limit: self.max_atoms });
            }
        }
        Ok(())
    }

    /// Can the aggregates of a deferred instance still hold with the atoms
    /// derived so far?  If not, it derives nothing this round (a later
    /// round asks again: the answer only grows with the atoms).
    fn possible(&mut self, rule: &Rule, b: &Binding) -> bool {
        for l in &rule.body {
            let Lit::Agg(a) = l else { continue };
            if a.sign != Sign::Pos || assign_var(a).is_some() {
                continue;
            }
            let mut bounds = Vec::with_capacity(a.bounds.len());
            for (op, t) in &a.bounds {
                match t.eval(b, &mut self.syms) {
                    Some(k) => bounds.push((*op, k)),
                    None => return false,
                }
            }
            let mut tuples: ISet<Box<[Sym]>> = ISet::default();
            for e in &a.elems {
                self.each_elem(&e.cond, &e.tuple, b, &mut |inst| {
                    tuples.insert(inst.values.into());
                });
            }
            if !reachable(a.fun, tuples.iter().map(|t| &t[..]), &bounds, &mut self.syms) {
                return false;
            }
        }
        true
    }

    /// A rule whose aggregates/conditions range over a predicate that is not
    /// complete yet is built at the end of the component.
    fn is_deferred(&self, rule: &Rule) -> bool {
        let mut ps = Vec::new();
        for l in &rule.body {
            if matches!(l, Lit::Agg(_) | Lit::Cond { .. }) {
                l.preds(&mut ps);
            }
        }
        {
            for e in rule.head.elems() {
                e.cond.iter().for_each(|c| c.preds(&mut ps));
            }
        }
        ps.iter().any(|(p, _)| !self.preds[p.0 as usize].complete)
    }

    pub fn pred_name(&self, p: PredId) -> String {
        let k = self.preds[p.0 as usize].key;
        format!("{}{}/{}", if k.neg { "-" } else { "" }, self.syms.name_str(k.name), k.arity)
    }

    fn prepare_indexes(&mut self, lits: &[Lit], steps: &[Step]) {
        for s in steps {
            if let Step::Match { lit, mask } = s {
                if let Lit::Atom { atom, .. } = &lits[*lit] {
                    // A fully bound atom is looked up in the atom set itself.
                    if !binds_nothing(&lits[*lit], s) {
                        self.preds[atom.pred.0 as usize].ensure_index(*mask);
                    }
                }
            }
        }
    }

    /// Looks up an atom: `Some(info)` if derived so far.
    fn find(&self, pred: PredId, args: &[Sym]) -> Option<AtomInfo> {
        self.preds[pred.0 as usize].atoms.get(args).copied()
    }

    /// The program atom for a (possibly not yet derived) atom mentioned in a body.
    fn mention(&mut self, pred: PredId, args: Vec<Sym>) -> Atom {
        let pr = &mut self.preds[pred.0 as usize];
        if let Some(i) = pr.atoms.get(args.as_slice()) {
            return i.atom;
        }
        if let Some(a) = pr.mentioned.get(args.as_slice()) {
            return *a;
        }
        let a = self.prog.new_atom();
        self.preds[pred.0 as usize].mentioned.insert(args.into(), a);
        a
    }

    /// Adds a head atom to its domain; a fact gets its fact rule.
    fn insert(&mut self, pred: PredId, args: Vec<Sym>, fact: bool) -> Atom {
        let pr = &mut self.preds[pred.0 as usize];
        if let Some(info) = pr.atoms.get_mut(args.as_slice()) {
            if fact && !info.fact {
                info.fact = true;
                let a = info.atom;
                self.prog.add(program::Rule::fact(a));
            }
            return info.atom;
        }
        let atom = match pr.mentioned.remove(args.as_slice()) {
            Some(a) => a,
            None => self.prog.new_atom(),
        };
        self.preds[pred.0 as usize].atoms.insert(args.into(), AtomInfo { atom, fact });
        if fact {
            self.prog.add(program::Rule::fact(atom));
        }
        atom
    }

    fn eval_args(&mut self, a: &AtomPat, b: &Binding) -> Option<Vec<Sym>> {
        a.args.iter().map(|t| t.eval(b, &mut self.syms)).collect()
    }

    /// The ground literal of an atom literal under `b`: `Ok(None)` if it
    /// certainly holds, `Err(())` if it certainly fails.
    fn atom_lit(&mut self, sign: Sign, a: &AtomPat, b: &Binding) -> Result<Option<program::Lit>, ()> {
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

    fn aux(&mut self) -> Aux<'_> {
        self.aux_and_syms().0
    }

    /// The auxiliary-atom maker together with the symbols (for aggregates,
    /// which need both).
    fn aux_and_syms(&mut self) -> (Aux<'_>, &Symbols) {
        let aux = Aux {
            prog: &mut self.prog,
            nn: &mut self.nn,
            defs: &mut self.defs,
            disjs: &mut self.disjs,
            parts: &mut self.parts,
            recursive: None,
        };
        (aux, &self.syms)
    }

    /// Builds one rule instance; with `heads_only` just adds its head atoms
    /// to their domains (for deferred instances during the fixpoint).
    fn build_instance(&mut self, rule: &Rule, b: &Binding, heads_only: bool) {
        self.current = rule.span;
        if heads_only {
            match &rule.head {
                Head::Atom(a) => {
                    if let Some(args) = self.eval_args(a, b) {
                        self.insert(a.pred, args, false);
                    }
                }
                Head::Choice { elems, .. } | Head::Disjunction(elems) => {
                    for e in elems {
                        for inst in self.ground_elem_atoms(e, b) {
                            self.insert(e.atom.pred, inst, false);
                        }
                    }
                }
                _ => {}
            }
            return;
        }
        let mut body: Vec<program::Lit> = Vec::new();
        for l in &rule.body {
            match self.body_lit(l, b, None) {
                Truth::False => return,
                Truth::True => {}
                Truth::Lits(ls) => body.extend(ls),
            }
        }
        body.sort_unstable();
        body.dedup();
        let certain = body.is_empty();
        match &rule.head {
            Head::Atom(a) => {
                let args = match self.eval_args(a, b) {
                    Some(x) => x,
                    None => return,
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
                }
            }
            Head::Choice { elems, bounds } => self.choice(elems, bounds, b, body),
            Head::Disjunction(elems) => self.disjunction(elems, b, body),
        }
    }

    fn choice(
        &mut self,
        elems: &[ChoiceElem],
        bounds: &[(CmpOp, GTerm)],
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
                atoms.entry(key).or_insert(Cond::Alts(vec![])).or(inst.lits);
            }
        }
        let mut certain_heads = Vec::new();
        let mut gagg = GroundAgg {
            sign: Sign::Pos,
            fun: if weighted { AggFun::Sum } else { AggFun::Count },
            elems: IMap::default(),
            bounds: vec![],
            recursive: false,
        };
        for ((pred, args), cond) in atoms {
            let one = self.syms.int(1);
            let w = weights.get(&(pred, args.clone())).copied().unwrap_or(one);
            if let Some(i) = self.find(pred, &args) {
                if i.fact {
                    // A fact counts when its element's condition holds.
                    let key = self.syms.int(i.atom.0 as i32);
                    gagg.elems.insert(vec![w, key].into(), cond);
                    continue;
                }
            }
            let a = self.insert(pred, args.to_vec(), false);
            let mut elem = Cond::Alts(vec![]);
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
                            head: program::Head::Choice(vec![a]),
                            body: Body::Normal(bd),
                        });
                        let mut l = alt.clone();
                        l.push(a.pos());
                        elem.or(l);
                    }
                }
            }
            let key = self.syms.int(a.0 as i32);
            gagg.elems.insert(vec![w, key].into(), elem);
        }
        if !certain_heads.is_empty() {
            self.prog.add(program::Rule {
                head: program::Head::Choice(certain_heads),
                body: Body::Normal(body.clone()),
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

    /// `a | b : c :- body`: the atoms whose conditions certainly hold form
    /// the disjunction (gringo 3's conditions are domain predicates);
    /// atoms under an undecided condition are left out.
    fn disjunction(&mut self, elems: &[ChoiceElem], b: &Binding, body: Vec<program::Lit>) {
        let mut heads: Vec<(PredId, Vec<Sym>)> = Vec::new();
        for e in elems {
            for inst in self.ground_elem(&e.cond, &e.atom.args, b) {
                if inst.lits.is_empty() && !heads.iter().any(|(p, a)| *p == e.atom.pred && *a == inst.values)
                {
                    heads.push((e.atom.pred, inst.values));
                }
            }
        }
        if heads.iter().any(|(p, a)| self.find(*p, a).is_some_and(|i| i.fact)) {
            return;
        }
        let certain = body.is_empty();
        if heads.len() == 1 {
            let (p, a) = heads.pop().unwrap();
            let h = self.insert(p, a, certain);
            if !certain {
                self.prog.add(program::Rule::normal(h, body));
            }
            return;
        }
        let atoms: Vec<Atom> = heads.into_iter().map(|(p, a)| self.insert(p, a, false)).collect();
        self.prog.add(program::Rule { head: program::Head::Disjunction(atoms), body: Body::Normal(body) });
    }

    /// A body literal under the rule's (complete) binding.
    /// `matched`: the position of the atom a positive literal was matched
    /// against by the join that made `b`, if known.
    fn body_lit(&mut self, l: &Lit, b: &Binding, matched: Option<u32>) -> Truth {
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
            Lit::Cmp { .. } | Lit::Range { .. } | Lit::Bool(_) => {
                if check(&self.preds, &mut self.syms, l, b) {
                    Truth::True
                } else {
                    Truth::False
                }
            }
            Lit::Cond { lit, cond } => self.conditional(lit, cond, b),
            Lit::Agg(a) => {
                let recursive = a.elems.iter().any(|e| {
                    e.cond.iter().any(|c| {
                        matches!(c, Lit::Atom { sign: Sign::Pos, atom }
                            if !self.preds[atom.pred.0 as usize].complete)
                    })
                });
                let mut g =
                    GroundAgg { sign: a.sign, fun: a.fun, elems: IMap::default(), bounds: vec![], recursive };
                for (op, t) in &a.bounds {
                    match t.eval(b, &mut self.syms) {
                        Some(k) => g.bounds.push((*op, k)),
                        None => return Truth::False,
                    }
                }
                for e in &a.elems {
                    self.each_elem(&e.cond, &e.tuple, b, &mut |inst| {
                        g.elems.entry(inst.values.into()).or_insert(Cond::Alts(vec![])).or(inst.lits);
                    });
                }
                let (mut aux, syms) = self.aux_and_syms();
                aux.aggregate(&g, syms)
            }
        }
    }

    /// `lit : cond`: for every instance of the condition, the literal holds.
    fn conditional(&mut self, lit: &Lit, cond: &[Lit], b: &Binding) -> Truth {
        // A condition over a predicate still being instantiated may depend
        // on this very rule: then `c -> l` needs gringo's disjunctive reading.
        let recursive = cond
            .iter()
            .any(|c| matches!(c, Lit::Atom { sign: Sign::Pos, atom } if !self.preds[atom.pred.0 as usize].complete));
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
                (l, _) if recursive => self.implication_disjunctive(l, cond_lits),
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
    fn implication(&mut self, l: Truth, cond: Vec<program::Lit>) -> Truth {
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
    /// rule: `C :- cond.`, each positive condition atom `c :- C.`, `:- C, a.`
    /// for each `not a` in the condition, `e :- l.`, `e :- not C.` and the
    /// disjunction `e | C :- not not l.` (shifted later if head-cycle-free).
    fn implication_disjunctive(&mut self, l: Truth, cond: Vec<program::Lit>) -> Truth {
        let mut aux = self.aux();
        let c = aux.prog.new_atom();
        aux.prog.add(program::Rule::normal(c, cond.clone()));
        for x in &cond {
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
                head: program::Head::Disjunction(vec![e, c]),
                body: Body::Normal(vec![nnl]),
            });
            let at = self.prog.rules.len() - 1;
            self.disjunctions.push((at, self.current));
        }
        Truth::Lits(vec![e.pos()])
    }

    /// Instances of an element condition under the global binding `b`, with
    /// the values of `terms` and the undecided condition literals.
    fn ground_elem(&mut self, cond: &[Lit], terms: &[GTerm], b: &Binding) -> Vec<ElemInstance> {
        let mut out = Vec::new();
        self.each_elem(cond, terms, b, &mut |inst| out.push(inst));
        out
    }

    /// [`Self::ground_elem`], handing each instance to `f` as it is made
    /// (large aggregates are not collected twice).
    fn each_elem(&mut self, cond: &[Lit], terms: &[GTerm], b: &Binding, f: &mut dyn FnMut(ElemInstance)) {
        let found = self.cond_bindings(cond, b);
        let mut b2 = b.clone();
        b2.clear_matches();
        for k in 0..found.count {
            found.load(k, &mut b2);
            let Some(lits) = self.cond_lits(cond, &b2, found.matches(k)) else { continue };
            let values: Option<Vec<Sym>> = terms.iter().map(|t| t.eval(&b2, &mut self.syms)).collect();
            if let Some(values) = values {
                f(ElemInstance { values, lits });
            }
        }
    }

    /// Head atoms of a choice element that can be chosen (for deferred rules).
    fn ground_elem_atoms(&mut self, e: &ChoiceElem, b: &Binding) -> Vec<Vec<Sym>> {
        self.ground_elem(&e.cond, &e.atom.args, b).into_iter().map(|i| i.values).collect()
    }

    /// Joins a condition: the bindings extending `b` that match it.
    fn cond_bindings(&mut self, cond: &[Lit], b: &Binding) -> CondBindings {
        let bound: Vec<bool> = b.values().iter().map(|v| v.is_some()).collect();
        let global = bound.clone();
        let (steps, _) = {
            let sz = |p: PredId| self.size_of(p);
            plan(cond, &bound, &global, None, &sz)
        };
        self.prepare_indexes(cond, &steps);
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
        join(&self.preds, &mut self.syms, cond, &steps, &ranges, &mut b2, &mut |x| {
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
    fn cond_lits(&mut self, cond: &[Lit], bi: &Binding, matches: &[u32]) -> Option<Vec<program::Lit>> {
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

    /// `:- p(t), -p(t).` for every atom derived with both signs.
    fn classical_negation_constraints(&mut self) {
        let mut pos_of: Map<(super::symbol::Name, u32), usize> = Map::default();
        for (i, p) in self.preds.iter().enumerate() {
            if !p.key.neg {
                pos_of.insert((p.key.name, p.key.arity), i);
            }
        }
        for i in 0..self.preds.len() {
            let key = self.preds[i].key;
            if !key.neg {
                continue;
            }
            let Some(&j) = pos_of.get(&(key.name, key.arity)) else {
                continue;
            };
            let pairs: Vec<(AtomInfo, AtomInfo)> = self.preds[i]
                .atoms
                .iter()
                .filter_map(|(args, n)| self.preds[j].atoms.get(args).map(|p| (*p, *n)))
                .collect();
            for (p, n) in pairs {
                let mut body = Vec::new();
                if !p.fact {
                    body.push(p.atom.pos());
                }
                if !n.fact {
                    body.push(n.atom.pos());
                }
                self.prog.add(program::Rule::constraint(body));
            }
        }
    }
}

/// Variables of the rule outside elements.
pub fn global_vars(rule: &Rule) -> Vec<bool> {
    let mut g = vec![false; rule.num_vars];
    let mut vs = Vec::new();
    for l in &rule.body {
        l.outer_vars(&mut vs);
    }
    match &rule.head {
        Head::Atom(a) => a.args.iter().for_each(|t| t.vars(&mut vs)),
        Head::Choice { bounds, .. } => bounds.iter().for_each(|(_, t)| t.vars(&mut vs)),
        Head::Disjunction(_) => {}
        Head::Show(t) => t.vars(&mut vs),
        Head::False => {}
    }
    for v in vs {
        g[v.0 as usize] = true;
    }
    g
}

/// Evaluates a fully bound built-in literal (and filters negative atoms
/// that are already decided).
fn check(preds: &[Pred], syms: &mut Symbols, l: &Lit, b: &Binding) -> bool {
    match l {
        Lit::Cmp { op, l, r } => match (l.eval(b, syms), r.eval(b, syms)) {
            (Some(x), Some(y)) => compare(syms, *op, x, y),
            _ => false,
        },
        Lit::Range { t, lo, hi } => match (t.eval(b, syms), lo.eval(b, syms), hi.eval(b, syms)) {
            (Some(x), Some(l), Some(h)) => match (syms.as_int(x), syms.as_int(l), syms.as_int(h)) {
                (Some(x), Some(l), Some(h)) => l <= x && x <= h,
                _ => false,
            },
            _ => false,
        },
        Lit::Bool(v) => *v,
        Lit::Atom { sign, atom } => {
            let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(b, syms)).collect();
            let Some(args) = args else { return false };
            let p = &preds[atom.pred.0 as usize];
            let found = p.atoms.get(args.as_slice());
            match sign {
                Sign::Pos => found.is_some(),
                Sign::Not => !found.is_some_and(|i| i.fact),
                Sign::NotNot => found.is_some() || !p.complete,
            }
        }
        Lit::Agg(_) | Lit::Cond { .. } => true,
    }
}

/// What a join reads: the domains, the literals, the plan and the atom
/// range of each literal.
#[derive(Clone, Copy)]
struct Join<'a> {
    preds: &'a [Pred],
    lits: &'a [Lit],
    steps: &'a [Step],
    ranges: &'a [Range],
}

/// Runs the whole plan under `b`, calling `emit` for every complete binding.
fn join(
    preds: &[Pred],
    syms: &mut Symbols,
    lits: &[Lit],
    steps: &[Step],
    ranges: &[Range],
    b: &mut Binding,
    emit: &mut dyn FnMut(&Binding),
) {
    join_from(Join { preds, lits, steps, ranges }, syms, 0, b, emit)
}

/// Runs `steps[k..]`.  Steps that bind nothing (checks, look-ups of fully
/// bound atoms) run in a loop: recursion is one level per binding step, so
/// a rule with thousands of ground literals needs no deep stack.
fn join_from(j: Join<'_>, syms: &mut Symbols, k: usize, b: &mut Binding, emit: &mut dyn FnMut(&Binding)) {
    let mut end = k;
    let ok = loop {
        match j.steps.get(end) {
            Some(Step::Check { lit }) if check(j.preds, syms, &j.lits[*lit], b) => end += 1,
            Some(Step::Check { .. }) => break false,
            Some(s @ Step::Match { lit, mask }) if binds_nothing(&j.lits[*lit], s) => {
                match look_up(j, syms, b, *lit, *mask) {
                    Some(pos) => b.set_match(*lit, pos),
                    None => break false,
                }
                end += 1;
            }
            _ => break true,
        }
    };
    if ok {
        join_step(j, syms, end, b, emit);
    }
    for s in &j.steps[k..end] {
        if let Step::Match { lit, .. } = s {
            b.clear_match(*lit);
        }
    }
}

/// The position of the atom a fully bound positive literal names, if it
/// is in the literal's range.
fn look_up(j: Join<'_>, syms: &mut Symbols, b: &Binding, lit: usize, mask: u64) -> Option<u32> {
    let Lit::Atom { atom, .. } = &j.lits[lit] else { return None };
    let p = &j.preds[atom.pred.0 as usize];
    let (lo, hi) = p.bounds(j.ranges[lit]);
    if mask == 0 {
        // No arguments: the one atom of the predicate, if in range.
        return (lo < hi).then_some(lo as u32);
    }
    let key: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(b, syms)).collect();
    let pos = p.atoms.get_index_of(key?.as_slice())?;
    (lo <= pos && pos < hi).then_some(pos as u32)
}

/// Runs `steps[k..]`, step `k` being any step.
fn join_step(j: Join<'_>, syms: &mut Symbols, k: usize, b: &mut Binding, emit: &mut dyn FnMut(&Binding)) {
    let Join { preds, lits, steps, ranges } = j;
    let Some(step) = steps.get(k) else {
        emit(b);
        return;
    };
    let mut newly: Vec<Var> = Vec::new();
    match step {
        Step::Check { lit } => {
            if check(preds, syms, &lits[*lit], b) {
                join_from(j, syms, k + 1, b, emit);
            }
        }
        Step::Match { lit, mask } => {
            let Lit::Atom { atom, .. } = &lits[*lit] else {
                return;
            };
            let p = &preds[atom.pred.0 as usize];
            let (lo, hi) = p.bounds(ranges[*lit]);
            if *mask == 0 {
                for pos in lo..hi {
                    let (args, _) = p.atoms.get_index(pos).unwrap();
                    b.set_match(*lit, pos as u32);
                    try_match(j, syms, k, b, emit, atom, args, &mut newly);
                }
            } else {
                let mut key = Vec::new();
                for (i, t) in atom.args.iter().enumerate() {
                    if i < 64 && mask & (1 << i) != 0 {
                        match t.eval(b, syms) {
                            Some(s) => key.push(s),
                            None => return,
                        }
                    }
                }
                let positions = p.lookup(*mask, &key, lo, hi);
                for &pos in positions {
                    let (args, _) = p.atoms.get_index(pos as usize).unwrap();
                    debug_assert_eq!(project(args, *mask), key);
                    b.set_match(*lit, pos);
                    try_match(j, syms, k, b, emit, atom, args, &mut newly);
                }
            }
            b.clear_match(*lit);
        }
        Step::Unify { lit, swap } => {
            let Lit::Cmp { l, r, .. } = &lits[*lit] else {
                return;
            };
            let (pat, val) = if *swap { (r, l) } else { (l, r) };
            if let Some(s) = val.eval(b, syms) {
                if pat.matches(s, b, syms, &mut newly) {
                    join_from(j, syms, k + 1, b, emit);
                }
                for v in newly.drain(..) {
                    b.unset(v);
                }
            }
        }
        Step::Range { lit } => {
            let Lit::Range { t, lo, hi } = &lits[*lit] else {
                return;
            };
            let (Some(l), Some(h)) = (lo.eval(b, syms), hi.eval(b, syms)) else {
                return;
            };
            let (Some(l), Some(h)) = (syms.as_int(l), syms.as_int(h)) else {
                return;
            };
            for i in l as i64..=h as i64 {
                let s = syms.int(i as i32);
                if t.matches(s, b, syms, &mut newly) {
                    join_from(j, syms, k + 1, b, emit);
                }
                for v in newly.drain(..) {
                    b.unset(v);
                }
            }
        }
        Step::Assign { lit } => {
            let Lit::Agg(a) = &lits[*lit] else { return };
            let Some(var) = assign_var(a) else { return };
            let elems = scan_elems(preds, syms, &a.elems, b);
            for s in possible_values(a.fun, &elems, syms) {
                b.set(var, s);
                join_from(j, syms, k + 1, b, emit);
            }
            b.unset(var);
        }
    }
}

/// Matches `atom` against one candidate's `args` and goes on with step `k + 1`.
#[allow(clippy::too_many_arguments)]
fn try_match(
    j: Join<'_>,
    syms: &mut Symbols,
    k: usize,
    b: &mut Binding,
    emit: &mut dyn FnMut(&Binding),
    atom: &AtomPat,
    args: &[Sym],
    newly: &mut Vec<Var>,
) {
    // Structure first, then arithmetic (`q(D-J,J)`, `p(T,T\2)`): see GTerm::matches_all.
    let ok = GTerm::matches_all(&atom.args, args, b, syms, newly);
    if ok {
        join_from(j, syms, k + 1, b, emit);
    }
    for v in newly.drain(..) {
        b.unset(v);
    }
}

/// The tuples of an aggregate's elements reachable now, with whether each
/// certainly holds (for the values of an assignment aggregate).
fn scan_elems(preds: &[Pred], syms: &mut Symbols, elems: &[Elem], b: &Binding) -> Vec<(Box<[Sym]>, bool)> {
    let mut out: IMap<Box<[Sym]>, bool> = IMap::default();
    for e in elems {
        let bound: Vec<bool> = b.values().iter().map(|v| v.is_some()).collect();
        let sz = |p: PredId| preds[p.0 as usize].atoms.len();
        let (steps, _) = plan(&e.cond, &bound, &bound, None, &sz);
        // Indexes may be missing here: fall back to scans for masked steps.
        let steps: Vec<Step> = steps
            .into_iter()
            .map(|s| match s {
                Step::Match { lit, .. } => Step::Match { lit, mask: 0 },
                s => s,
            })
            .collect();
        let ranges = vec![Range::All; e.cond.len()];
        let mut found: Vec<Binding> = Vec::new();
        let mut b2 = b.clone();
        b2.clear_matches();
        join(preds, syms, &e.cond, &steps, &ranges, &mut b2, &mut |x| found.push(x.values_only()));
        for bi in found {
            let vals: Option<Vec<Sym>> = e.tuple.iter().map(|t| t.eval(&bi, syms)).collect();
            let Some(vals) = vals else { continue };
            let certain = e.cond.iter().all(|l| match l {
                Lit::Atom { sign: Sign::Pos, atom } => {
                    let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(&bi, syms)).collect();
                    args.and_then(|a| preds[atom.pred.0 as usize].atoms.get(a.as_slice()).copied())
                        .is_some_and(|i| i.fact)
                }
                Lit::Atom { sign: Sign::Not, atom } => {
                    let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(&bi, syms)).collect();
                    let p = &preds[atom.pred.0 as usize];
                    p.complete && args.is_some_and(|a| p.atoms.get(a.as_slice()).is_none())
                }
                Lit::Atom { .. } | Lit::Agg(_) | Lit::Cond { .. } => false,
                _ => true,
            });
            let e = out.entry(vals.into()).or_insert(false);
            *e |= certain;
        }
    }
    out.into_iter().collect()
}
