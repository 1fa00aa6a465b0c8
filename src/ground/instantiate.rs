//! Semi-naive, indexed instantiation of normalised rules, component by
//! component, producing the ground program.
//!
//! For each strongly connected component of the predicate graph (in
//! dependency order) the rules defining it are instantiated to a fixpoint:
//! in round 0 with every body atom ranging over all atoms, afterwards once
//! per positive body literal over the component, that literal ranging over
//! the last round's new atoms ("delta"), earlier ones over "old" atoms and
//! later ones over "all" (gringo's / datafrog's scheme).  The join itself
//! is in `join.rs`, the building of rule instances in `instance.rs`; this
//! file holds the fixpoint and the predicates' domains.  Rules with
//! aggregates or conditions over their own component are re-instantiated in
//! full each round (deriving heads only where their aggregates can still
//! reach their bounds) and built once the component is complete.
//!
//! Invariants: an atom marked `fact` is true in every answer set (it was
//! derived from a body of facts); a rule instance whose body is false under
//! the facts is never emitted; a literal over a completed predicate that is
//! not in its domain is false.

use super::aggregate::reachable;
use super::depgraph::{components, head_preds};
use super::domain::{AtomInfo, Pred, Range};
use super::hash::ISet;
use super::hash::Map;
use super::join::{join, join_cut, Cut};
use super::plan::{apply, assign_var, binds_nothing, plan, Step};
use super::rule::{Facts, Head, Lit, PredId, Rule};
use super::symbol::{Sym, Symbols};
use super::term::{Binding, Var};
use crate::program::{self, Atom, GroundProgram};
use crate::syntax::ast::Sign;
use crate::syntax::span::Span;

/// Why grounding stopped early.
#[derive(Debug, Clone, PartialEq)]
pub enum Abort {
    /// More ground atoms than allowed; names the predicate that grew last.
    TooManyAtoms {
        /// The first head predicate (`name/arity`) of the rule being instantiated; `#aux` if none.
        pred: String,
        /// The limit exceeded.
        limit: usize,
    },
    /// The interrupt flag was set (time limit, Ctrl-C).
    Interrupted,
    /// A script function failed (see [`super::functions`]): its message.
    Function(String),
}

/// The grounder's state: symbols, predicate domains and the program built.
pub struct Instantiator {
    /// The names and ground terms met so far.
    pub syms: Symbols,
    /// Every predicate's domain, indexed by [`PredId`].
    pub preds: Vec<Pred>,
    /// The ground program built so far.
    pub prog: GroundProgram,
    /// `#show t : body` results: the term and the atom of its body (None: always).
    pub shows: Vec<(Sym, Option<Atom>)>,
    pub(super) nn: Map<Atom, Atom>,
    pub(super) defs: Map<Vec<program::Lit>, Atom>,
    pub(super) disjs: Map<Vec<Vec<program::Lit>>, Atom>,
    pub(super) sums: Map<(i64, Box<[(program::Lit, i64)]>), Atom>,
    /// Definitions of the auxiliary atoms in `defs` and `disjs` that have
    /// been tied to them (see `Aux::tie`), by atom.
    pub(super) parts: Map<Atom, Vec<Vec<program::Lit>>>,
    /// Instances of rules with recursive aggregates, built at the end of their component.
    pub(super) deferred: ISet<(usize, Box<[Option<Sym>]>)>,
    /// Stop with [`Abort::TooManyAtoms`] beyond this many program atoms.
    pub max_atoms: usize,
    /// Checked while instantiating: when set, stop with [`Abort::Interrupted`].
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The rule whose instance is being built (for messages).
    pub(super) current: crate::syntax::span::Span,
    /// Disjunctive rules emitted (index in the program) and their source rule.
    pub disjunctions: Vec<(usize, crate::syntax::span::Span)>,
    /// Ground optimisation elements, in the order they were built.
    pub minimize: OptElements,
    /// Ground externals with the undecided literals of their condition
    /// and the span of their statement, in the order they were built (see
    /// `finish_externals`).
    pub(super) externals: Vec<(Atom, program::External, Vec<program::Lit>, Span)>,
    /// Disjunctive rule instances left out that gringo may keep or have
    /// put atoms of in its domain (see `finish_externals`).
    pub(super) satisfied: Vec<Satisfied>,
    /// Whether to keep `kept`: some `#external` has a condition.
    pub(super) track_disjunctions: bool,
    /// Disjunctive rules made of disjuncts without conditions (see
    /// `finish_externals`): a fact derived after minasp grounds one may be
    /// one gringo knew before, and then gringo has dropped the rule.
    pub(super) kept: Vec<KeptDisjunction>,
    /// Rules of `kept` gringo has dropped (see `finish_externals`).
    pub(super) dropped: super::hash::Set<usize>,
    /// With `track_disjunctions`: the atoms mentioned (under `not`) before
    /// any rule derived them, by predicate, as their predicates forget
    /// them once complete (see `finish_externals`).
    pub(super) mentioned: Vec<(PredId, Atom)>,
    /// The atoms of `externals` (see `Aux::inputs`).
    pub(super) inputs: super::hash::Set<Atom>,
    /// The pairs `p(t)`, `-p(t)` already made a constraint.
    pub(super) complementary: super::hash::Set<(Atom, Atom)>,
    /// The nodes of the ground `#edge` directives: a node's number in
    /// [`GroundProgram::edges`] is its index here.
    pub nodes: ISet<Sym>,
    /// Ground `#heuristic` directives whose atom is looked up at the end
    /// (see `finish_heuristics`).
    pub(super) heuristics: Vec<PendingHeuristic>,
    /// Optimisation elements whose weight or priority is no integer: where,
    /// and the tuple as clingo quotes it (`x@1`).
    pub ignored_tuples: Vec<(crate::syntax::span::Span, String)>,
    /// With `Some`, the source rule of each ground rule (parallel to
    /// `prog.rules`; see `build_instance`).
    pub origins: Option<Vec<crate::syntax::span::Span>>,
    /// `#heuristic` directives ignored (clingo's info): the offending term.
    pub ignored_heuristics: Vec<crate::syntax::span::Span>,
    /// The facts derived in this run: they join the program as rules at
    /// the end of the run (an atom is half a word here, a rule eight; a
    /// run's largest structures are built while its facts are still being
    /// derived).
    facts: Vec<Atom>,
    /// When origins are recorded: the source rule of each of `facts`.
    fact_origins: Vec<crate::syntax::span::Span>,
}

/// A ground `#heuristic` directive before its atom is known to exist.
pub(super) struct PendingHeuristic {
    /// The directive (its position among the `#heuristic` rules).
    pub(super) statement: u32,
    pub(super) pred: PredId,
    pub(super) args: Vec<Sym>,
    pub(super) modifier: program::Modifier,
    pub(super) value: i64,
    pub(super) priority: i64,
    pub(super) condition: Vec<program::Lit>,
}

/// The ground optimisation elements so far: each `(priority, weight,
/// tuple)` in the order first built, with the distinct bodies that make it
/// count. A body given again adds nothing (grounding in steps repeats a
/// step part's `#minimize` at every step: it stays one element, not one
/// more alternative per step).
#[derive(Clone, Debug, Default)]
pub struct OptElements {
    groups: super::hash::IMap<OptKey, ISet<Vec<program::Lit>>>,
}

/// An optimisation element's priority, weight and the rest of its tuple.
pub type OptKey = (i64, i64, Vec<Sym>);

impl OptElements {
    /// Adds `e` (nothing if it is there already).
    pub fn push(&mut self, e: OptInstance) {
        self.groups.entry((e.priority, e.weight, e.tuple)).or_default().insert(e.body);
    }

    /// Forgets every element.
    pub fn clear(&mut self) {
        self.groups.clear();
    }

    /// Each `(priority, weight, tuple)` with its bodies, in the order built.
    pub fn groups(&self) -> impl Iterator<Item = (&OptKey, &ISet<Vec<program::Lit>>)> {
        self.groups.iter()
    }
}

/// One ground optimisation element `weight@priority, tuple : body`.
#[derive(Clone, Debug)]
pub struct OptInstance {
    /// The priority level.
    pub priority: i64,
    /// The weight (negated for `#maximize`).
    pub weight: i64,
    /// The rest of the tuple.
    pub tuple: Vec<Sym>,
    /// When it counts: all these literals hold (empty: always).
    pub body: Vec<program::Lit>,
}

impl Instantiator {
    /// An instantiator for the predicates `preds` (indexed by [`PredId`]), with an empty program.
    pub fn new(syms: Symbols, preds: Vec<Pred>) -> Instantiator {
        Instantiator {
            syms,
            preds,
            prog: GroundProgram::new(),
            shows: Vec::new(),
            nn: Map::default(),
            defs: Map::default(),
            disjs: Map::default(),
            sums: Map::default(),
            parts: Map::default(),
            deferred: ISet::default(),
            max_atoms: usize::MAX,
            current: Default::default(),
            interrupt: None,
            disjunctions: Vec::new(),
            minimize: OptElements::default(),
            externals: Vec::new(),
            satisfied: Vec::new(),
            track_disjunctions: false,
            kept: Vec::new(),
            dropped: Default::default(),
            mentioned: Vec::new(),
            inputs: Default::default(),
            complementary: Default::default(),
            heuristics: Vec::new(),
            nodes: ISet::default(),
            ignored_heuristics: Vec::new(),
            origins: None,
            ignored_tuples: Vec::new(),
            facts: Vec::new(),
            fact_origins: Vec::new(),
        }
    }

    /// Instantiates all rules.
    pub fn run(&mut self, rules: &[Rule], facts: &Facts) -> Result<(), Abort> {
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
        // the facts of each component, in order (grounded before its rules)
        let mut facts_by_comp: Vec<Vec<u32>> = vec![Vec::new(); comps.len()];
        for (i, p) in facts.preds().enumerate() {
            facts_by_comp[comp_of[p.0 as usize]].push(i as u32);
        }
        for (ci, comp) in comps.iter().enumerate() {
            for &i in &facts_by_comp[ci] {
                self.ground_fact(facts.get(i as usize))?;
            }
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
        self.add_facts();
        self.classical_negation_constraints();
        // those constraints come from no statement of the source
        if let Some(o) = &mut self.origins {
            o.resize(self.prog.rules.len(), crate::syntax::span::Span::NOWHERE);
        }
        Ok(())
    }

    /// Stops on an interrupt or a failed script function.
    fn stop_check(&self) -> Result<(), Abort> {
        if self.interrupt.as_ref().is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(Abort::Interrupted);
        }
        match self.syms.calls.failure() {
            Some(message) => Err(Abort::Function(message.to_string())),
            None => Ok(()),
        }
    }

    /// The fact `pred(args).` written at `span`, as [`Self::ground_rule`]
    /// grounds a rule without body or variables.
    fn ground_fact(&mut self, (span, pred, args): (Span, PredId, &[Sym])) -> Result<(), Abort> {
        // (`insert` adds the fact unless the atom is a fact already)
        self.current = span;
        self.insert(pred, args.to_vec(), true);
        self.stop_check()?;
        if self.prog.num_atoms as usize > self.max_atoms {
            return Err(Abort::TooManyAtoms { pred: self.pred_name(pred), limit: self.max_atoms });
        }
        Ok(())
    }

    pub(super) fn fixpoint(
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

    pub(super) fn size_of(&self, p: PredId) -> usize {
        self.preds[p.0 as usize].atoms.len()
    }

    /// Instantiates rule `r`; `first` is the delta literal of a semi-naive
    /// round, `ranges` the atom ranges of its recursive literals.
    pub(super) fn ground_rule(
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
        self.prepare_indexes(&rule.body, &steps, &bound);
        let mut out: Vec<Box<[Option<Sym>]>> = Vec::new();
        let mut b = Binding::new(rule.num_vars);
        let defer = self.is_deferred(rule);
        let made = std::cell::RefCell::new(super::hash::Set::default());
        match cut_of(rule, &steps, &made).filter(|_| !defer) {
            Some(cut) => {
                let preds = &self.preds;
                join_cut(
                    &self.preds,
                    &mut self.syms,
                    &rule.body,
                    &steps,
                    &lit_ranges,
                    &mut b,
                    Some(cut),
                    &mut |b, syms| {
                        out.push(b.values().into());
                        // the instance makes its head a fact if every atom it matched is one
                        let fact = certain_match(preds, &rule.body, b);
                        if fact {
                            if let Some(args) = cut.head.args.iter().map(|t| t.eval(b, syms)).collect() {
                                made.borrow_mut().insert(args);
                            }
                        }
                        fact
                    },
                )
            }
            None => {
                join(&self.preds, &mut self.syms, &rule.body, &steps, &lit_ranges, &mut b, &mut |b, _| {
                    out.push(b.values().into())
                })
            }
        }
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
            self.stop_check()?;
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
    pub(super) fn possible(&mut self, rule: &Rule, b: &Binding) -> bool {
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
    pub(super) fn is_deferred(&self, rule: &Rule) -> bool {
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

    /// A predicate as `name/arity` (`-name/arity` if classically negated), for messages.
    pub fn pred_name(&self, p: PredId) -> String {
        let k = self.preds[p.0 as usize].key;
        format!("{}{}/{}", if k.neg { "-" } else { "" }, self.syms.name_str(k.name), k.arity)
    }

    /// Builds the indexes the plan `steps` of `lits` finds atoms through,
    /// `bound` holding the variables bound before it: those of its match
    /// steps, and those of the element conditions of its assignment
    /// aggregates (`N = #count { Y : edge(X,Y) }` with `X` bound), planned
    /// as [`scan_elems`](super::join::scan_elems) plans them with what is
    /// bound at that step.
    pub(super) fn prepare_indexes(&mut self, lits: &[Lit], steps: &[Step], bound: &[bool]) {
        let mut bound = bound.to_vec();
        for s in steps {
            match s {
                Step::Match { lit, key } => {
                    if let Lit::Atom { atom, .. } = &lits[*lit] {
                        // A fully bound atom is looked up in the atom set itself.
                        if !binds_nothing(&lits[*lit], s) {
                            self.preds[atom.pred.0 as usize].ensure_index(key, &self.syms);
                        }
                    }
                }
                Step::Assign { lit } => {
                    if let Lit::Agg(a) = &lits[*lit] {
                        for e in &a.elems {
                            let (esteps, _) = {
                                let sz = |p: PredId| self.size_of(p);
                                plan(&e.cond, &bound, &bound, None, &sz)
                            };
                            self.prepare_indexes(&e.cond, &esteps, &bound);
                        }
                    }
                }
                _ => {}
            }
            apply(&lits[s.lit()], s, &mut bound);
        }
    }

    /// Looks up an atom: `Some(info)` if derived so far.
    pub(super) fn find(&self, pred: PredId, args: &[Sym]) -> Option<AtomInfo> {
        self.preds[pred.0 as usize].atoms.get(args).copied()
    }

    /// The program atom for a (possibly not yet derived) atom mentioned in a body.
    pub(super) fn mention(&mut self, pred: PredId, args: Vec<Sym>) -> Atom {
        let pr = &mut self.preds[pred.0 as usize];
        if let Some(i) = pr.atoms.get(args.as_slice()) {
            return i.atom;
        }
        if let Some(a) = pr.mentioned.get(args.as_slice()) {
            return *a;
        }
        let a = self.prog.new_atom();
        self.preds[pred.0 as usize].mentioned.insert(args.into(), a);
        if self.track_disjunctions {
            self.mentioned.push((pred, a));
        }
        a
    }

    /// Adds a head atom to its domain; a fact gets its fact rule.
    pub(super) fn insert(&mut self, pred: PredId, args: Vec<Sym>, fact: bool) -> Atom {
        let pr = &mut self.preds[pred.0 as usize];
        if let Some(info) = pr.atoms.get_mut(args.as_slice()) {
            let (a, new_fact) = (info.atom, fact && !info.fact);
            if new_fact {
                info.fact = true;
                self.add_fact(a);
            }
            return a;
        }
        let atom = match pr.mentioned.remove(args.as_slice()) {
            Some(a) => a,
            None => self.prog.new_atom(),
        };
        self.preds[pred.0 as usize].atoms.insert(&args, AtomInfo { atom, fact });
        if fact {
            self.add_fact(atom);
        }
        atom
    }

    /// Fact `a` derived (it joins the program at the end of the run).
    fn add_fact(&mut self, a: Atom) {
        self.facts.push(a);
        if self.origins.is_some() {
            self.fact_origins.push(self.current);
        }
    }

    /// The facts of this run join the program, after its other rules.
    fn add_facts(&mut self) {
        let facts = std::mem::take(&mut self.facts);
        self.prog.rules.reserve_exact(facts.len());
        let spans = std::mem::take(&mut self.fact_origins);
        if let Some(o) = &mut self.origins {
            debug_assert_eq!(o.len(), self.prog.rules.len(), "every rule has its origin");
            debug_assert_eq!(spans.len(), facts.len(), "every fact has its origin");
            o.extend(spans);
        }
        for a in facts {
            self.prog.add(program::Rule::fact(a));
        }
    }

    /// `:- p(t), -p(t).` for every atom derived with both signs.
    pub(super) fn classical_negation_constraints(&mut self) {
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
                // (grounding in steps: each pair once)
                if !self.complementary.insert((p.atom, n.atom)) {
                    continue;
                }
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

/// The cut of a normal rule whose body has positive atoms and built-in
/// literals only (see [`super::join::Cut`]): its instance under a binding
/// is a fact exactly when every atom the binding matched is one. `None`
/// where no step after the one that binds the head's last variable binds
/// anything (`tri(X,Y,Z) :- a(X,Y), a(Y,Z), a(Z,X).`): nothing to cut.
fn cut_of<'r>(
    rule: &'r Rule,
    steps: &[Step],
    made: &'r std::cell::RefCell<super::hash::Set<Vec<Sym>>>,
) -> Option<Cut<'r>> {
    let Head::Atom(head) = &rule.head else { return None };
    let plain = rule.body.iter().all(|l| {
        matches!(l, Lit::Atom { sign: Sign::Pos, .. } | Lit::Cmp { .. } | Lit::Range { .. } | Lit::Bool(_))
    });
    if !plain {
        return None;
    }
    let mut vars = Vec::new();
    head.args.iter().for_each(|t| t.vars(&mut vars));
    let mut bound = vec![false; rule.num_vars];
    let all_bound = |bound: &[bool]| vars.iter().all(|v| bound[v.0 as usize]);
    let mut at = all_bound(&bound).then_some(0);
    for (k, s) in steps.iter().enumerate() {
        let before = bound.iter().filter(|&&x| x).count();
        apply(&rule.body[s.lit()], s, &mut bound);
        match at {
            // a step after the head's binds a variable: it may enumerate
            // bindings the cut saves (otherwise the cut only costs)
            Some(at) if bound.iter().filter(|&&x| x).count() > before => {
                return Some(Cut { head, at, made });
            }
            Some(_) => {}
            None if all_bound(&bound) => at = Some(k + 1),
            None => {}
        }
    }
    None
}

/// Every positive atom of `body` matched an atom that is a fact under `b`.
fn certain_match(preds: &[Pred], body: &[Lit], b: &Binding) -> bool {
    body.iter().enumerate().all(|(i, l)| match l {
        Lit::Atom { atom, .. } => b
            .matched(i)
            .and_then(|pos| preds[atom.pred.0 as usize].atoms.get_index(pos as usize))
            .is_some_and(|(_, info)| info.fact),
        _ => true,
    })
}

/// Variables of the rule outside elements.
pub fn global_vars(rule: &Rule) -> Vec<bool> {
    let mut g = vec![false; rule.num_vars];
    let mut vs = Vec::new();
    for l in &rule.body {
        l.outer_vars(&mut vs);
    }
    match &rule.head {
        Head::Atom(a) | Head::Project(a) => a.args.iter().for_each(|t| t.vars(&mut vs)),
        Head::External { atom, value } => {
            atom.args.iter().chain(value).for_each(|t| t.vars(&mut vs));
        }
        Head::Choice { bounds, .. } => bounds.iter().for_each(|(_, t)| t.vars(&mut vs)),
        Head::Disjunction(_) => {}
        Head::Show(t) => t.vars(&mut vs),
        Head::Edge(ts) => ts.iter().for_each(|t| t.vars(&mut vs)),
        Head::Heuristic(h) => {
            let super::rule::HeuristicHead { atom, value, priority, modifier, .. } = &**h;
            atom.args.iter().for_each(|t| t.vars(&mut vs));
            for t in [value, priority, modifier] {
                t.vars(&mut vs);
            }
        }
        Head::Minimize(m) => {
            let super::rule::MinimizeHead { weight, priority, tuple } = &**m;
            weight.vars(&mut vs);
            priority.vars(&mut vs);
            tuple.iter().for_each(|t| t.vars(&mut vs));
        }
        Head::False => {}
    }
    for v in vs {
        g[v.0 as usize] = true;
    }
    g
}

/// An atom by its predicate and arguments.
pub(super) type GroundAtom = (PredId, Vec<Sym>);

/// A disjunctive rule instance left out because a fact satisfies it or a
/// disjunct's term is undefined, whose atoms gringo may have in its domain
/// (it keeps a rule a fact it does not know yet satisfies, and puts the
/// plain disjuncts before a fact written as one or an undefined term in
/// its domain).
pub(super) struct Satisfied {
    /// The atoms gringo has in its domain (where `by` is a fact derived,
    /// not written).
    pub atoms: Vec<Atom>,
    /// The undecided literals of the body.
    pub body: Vec<program::Lit>,
    /// The satisfying fact, and the atoms in gringo's domain if it is
    /// written as a fact; none for an undefined term.
    pub by: Option<(GroundAtom, Vec<Atom>)>,
    /// The statement of the disjunction.
    pub span: Span,
}

/// A disjunctive rule of the program, kept where some `#external` has a
/// condition: gringo may have dropped it (see `finish_externals`). Its
/// own atoms come first in its head, before the fresh atoms of its
/// conditional or conjunctive disjuncts.
pub(super) struct KeptDisjunction {
    /// Its index among the program's rules.
    pub rule: usize,
    /// Its head atoms by predicate and arguments, in the rule's order.
    pub heads: Vec<GroundAtom>,
    /// The statement it comes from.
    pub span: Span,
    /// Its disjuncts are all plain atoms (no condition, as written): where
    /// gringo drops it for a fact, it has put the disjuncts before the fact
    /// in its domain; a disjunction with a conditional literal it
    /// translates whole, and then none.
    pub plain: bool,
}
