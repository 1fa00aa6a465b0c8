//! AST to ground program: normalise, check safety, instantiate.
//!
//! [`ground`] is the grounder's whole interface: statements in, a
//! [`Grounding`] (the ground program for the solver plus the table of what
//! to print for which atom) or diagnostics out; [`Grounder`] does the same
//! in steps (multi-shot), each step's statements over the earlier steps'
//! atoms.
//! Invariant: if no error diagnostic is returned, every rule was safe and
//! instantiated completely.

pub mod aggregate;
pub mod auxiliary;
mod backend;
mod body_rewrite;
mod bounds;
pub mod depgraph;
pub mod domain;
mod external_order;
mod externals;
pub mod functions;
pub mod hash;
pub mod index_key;
mod instance;
pub mod instantiate;
mod join;
mod linear;
mod negated_heads;
pub mod normalize;
mod op_text;
pub mod packing;
pub mod plan;
pub mod pools;
pub mod rule;
pub mod safety;
pub mod symbol;
pub mod term;
#[cfg(test)]
mod tests;
pub mod tuple_globals;

use crate::diagnostics::Diagnostic;
use crate::program::{Atom, GroundProgram};
use crate::syntax::ast::{self, Statement};
use domain::Pred;
use hash::ISet;
use rule::PredKey;
use symbol::{Sym, Symbols};

/// What the grounder hands on: the program and what to print.
#[derive(Clone)]
pub struct Grounding {
    /// The ground program for the solver.
    pub program: GroundProgram,
    /// The symbol table the printed terms refer to.
    pub syms: Symbols,
    /// Printed terms with the atom that must be true (None: always printed).
    pub output: Vec<(Sym, Option<Atom>)>,
    /// The symbol of every atom that stands for a ground atom of the
    /// program (shown or not); auxiliary atoms have none.
    pub atom_syms: AtomSyms,
    /// With [`Options::record_origins`]: the source rule of each ground
    /// rule (parallel to `program.rules`); otherwise empty.
    pub origins: Vec<crate::syntax::span::Span>,
    /// The term of each node of `program.edges`, by its number.
    pub nodes: Vec<Sym>,
    /// From a streaming grounder ([`Options::stream_steps`]): which
    /// step this is, and whether `program` holds only its rules.
    pub streamed: Option<packing::Streamed>,
    /// The atom of each symbol in `atom_syms`, made when first asked for
    /// ([`Grounding::atom_of`]).
    atom_index: std::sync::OnceLock<hash::Map<Sym, Atom>>,
    /// The positions of `output` in the term order of their symbols (a
    /// stable sort), made when first asked for ([`Grounding::shown`]).
    output_order: std::sync::OnceLock<Vec<u32>>,
}

impl Grounding {
    /// The name of atom `a` as clingo prints it (`None`: an auxiliary atom).
    pub fn atom_name(&self, a: Atom) -> Option<String> {
        self.atom_syms.get(&a).map(|s| self.syms.display(*s))
    }

    /// The term of node `n` of `program.edges`, as clingo prints it (its
    /// number when the grounding has none: a ground program read in).
    pub fn node_name(&self, n: u32) -> String {
        self.nodes.get(n as usize).map_or_else(|| n.to_string(), |s| self.syms.display(*s))
    }

    /// The atom standing for the ground atom `s` (`None`: none does).
    pub fn atom_of(&self, s: Sym) -> Option<Atom> {
        self.atom_index.get_or_init(|| self.atom_syms.iter().map(|(a, s)| (*s, a)).collect()).get(&s).copied()
    }

    /// The printed terms of a model, sorted by the term order, without repeats.
    /// The table is sorted once; a model's terms are then its rows in
    /// that order (a model of many atoms among hundreds of thousands
    /// printed is not sorted again).
    pub fn shown(&self, model: &[bool]) -> Vec<Sym> {
        let order = self.output_order.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.output.len() as u32).collect();
            order.sort_by(|&i, &j| self.syms.cmp(self.output[i as usize].0, self.output[j as usize].0));
            order
        });
        let mut out: Vec<Sym> = order
            .iter()
            .map(|&i| self.output[i as usize])
            .filter(|(_, a)| a.is_none_or(|a| model[a.index()]))
            .map(|(s, _)| s)
            .collect();
        out.dedup();
        out
    }
}

/// The symbol of each atom that stands for a ground atom of the program,
/// by atom number (auxiliary atoms have none).
///
/// Invariant: `syms[a]` is atom `a`'s symbol, or [`Sym::NONE`] for none.
#[derive(Clone, Default, Debug)]
pub struct AtomSyms {
    syms: Vec<Sym>,
}

impl AtomSyms {
    /// Atom `a` stands for the ground atom `s`.
    pub fn insert(&mut self, a: Atom, s: Sym) {
        if self.syms.len() <= a.index() {
            self.syms.resize(a.index() + 1, Sym::NONE);
        }
        self.syms[a.index()] = s;
    }

    /// The ground atom `a` stands for, if any.
    pub fn get(&self, a: &Atom) -> Option<&Sym> {
        self.syms.get(a.index()).filter(|s| **s != Sym::NONE)
    }

    /// Whether `a` stands for a ground atom (is not auxiliary).
    pub fn contains_key(&self, a: &Atom) -> bool {
        self.get(a).is_some()
    }

    /// The atoms with their ground atoms, by atom number.
    pub fn iter(&self) -> impl Iterator<Item = (Atom, &Sym)> + '_ {
        self.syms.iter().enumerate().filter(|(_, s)| **s != Sym::NONE).map(|(a, s)| (Atom(a as u32), s))
    }

    /// The ground atoms, by atom number.
    pub fn values(&self) -> impl Iterator<Item = &Sym> + '_ {
        self.iter().map(|(_, s)| s)
    }
}

/// The statements (a range of them) that are one instance of a program
/// part such as `#program step(t).`, with its parameters' values.
pub type PartInstance = (std::ops::Range<usize>, Vec<(String, crate::Value)>);

/// Grounder settings.
pub struct Options {
    /// `-c name=value` overrides.
    pub consts: Vec<(String, ast::Term)>,
    /// Stop with an error beyond this many ground atoms.
    pub max_atoms: usize,
    /// How the statements are to be read.
    pub dialect: crate::syntax::parse::Dialect,
    /// Report body atoms of predicates no rule can derive (clingo's
    /// `info: atom does not occur in any rule head`).
    pub warn_undefined: bool,
    /// Checked while instantiating: when set, grounding stops.
    pub interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Keep the source rule of each ground rule ([`Grounding::origins`],
    /// for explanations).
    pub record_origins: bool,
    /// Give every atom its symbol ([`Grounding::atom_syms`]); otherwise
    /// only the shown atoms and the externals have one (what a solve that
    /// prints shown atoms and assigns externals needs: the symbols of a
    /// million atoms nobody prints take memory).
    pub name_all_atoms: bool,
    /// Hand on only each step's new rules, keeping the earlier steps'
    /// packed (see [`packing`]): for a run whose search grows step by
    /// step and reads nothing else of the program.  Not with
    /// [`Options::record_origins`].
    pub stream_steps: bool,
    /// The parameters of program parts: the statements in each range are
    /// an instance of a part such as `#program step(t).`, grounded with
    /// the parameters (`t`) replaced by the values given.  Ranges are in
    /// order and do not overlap.
    pub params: Vec<PartInstance>,
    /// Predicates (name, arity, classical negation) the program has facts
    /// of in parts this grounding leaves out (see [`check`]): a `#show
    /// p/n.` of one of them gets no "no atoms over signature" info.
    pub written_elsewhere: Vec<(String, u32, bool)>,
    /// What script calls `@f(..)` evaluate through (`None`: no function
    /// is defined, as in a program run from the command line).
    pub functions: Option<std::sync::Arc<dyn functions::Functions>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            consts: vec![],
            max_atoms: usize::MAX,
            dialect: crate::syntax::parse::Dialect::Clingo5,
            warn_undefined: true,
            interrupt: None,
            record_origins: false,
            name_all_atoms: true,
            stream_steps: false,
            params: vec![],
            written_elsewhere: vec![],
            functions: None,
        }
    }
}

/// Grounds a parsed program.  Returns the grounding and the diagnostics
/// (infos and warnings even on success); `Err` carries the diagnostics when
/// there is an error.  The statements are dropped once normalised (a
/// million facts' syntax trees need not outlive their rules).
pub fn ground(
    stmts: Vec<Statement>,
    opts: &Options,
) -> Result<(Grounding, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut g = Grounder::new(opts.record_origins);
    let diags = g.add(stmts, opts)?;
    Ok((g.finish(), diags))
}

/// Grounding in steps, as clingo grounds program parts one call after
/// another: each [`Grounder::add`] instantiates only the new statements,
/// over the atoms of every earlier step; rules grounded in an earlier step
/// are not grounded again, so they never see atoms of later steps (clingo's
/// modular composition of steps).  Atoms keep their numbers from step to
/// step; [`Grounder::grounding`] is the program so far.
pub struct Grounder {
    inst: instantiate::Instantiator,
    keys: ISet<PredKey>,
    show: normalize::ShowSpec,
    project: Option<Vec<PredKey>>,
    /// Predicates some rule of an earlier step has in its head (or
    /// declared `#defined`): no "does not occur in any rule head" for them.
    headed: hash::Set<rule::PredId>,
    /// Predicates in the bodies of rules of earlier steps.
    mentioned: hash::Set<rule::PredId>,
    /// Every `#show p/n.` grounded so far: as clingo, each step reports
    /// those that still have no atoms.
    shows: Vec<(rule::PredId, crate::syntax::span::Span)>,
    aux: u32,
    /// After [`Grounder::grounding`]: what the program handed on lacks
    /// of the grounder's own, until [`Grounder::take_back`].
    handed: Option<Handed>,
    /// How many atoms the symbol table was last grown for.
    tabled: usize,
    /// [`Options::name_all_atoms`] of the last step.
    name_all: bool,
    /// When streaming ([`Options::stream_steps`]): the steps handed on.
    earlier: Option<packing::Earlier>,
    /// What was added through the backend (see `backend`).
    added: backend::Added,
}

/// What a grounding handed on by a [`Grounder`] differs in from the
/// grounder's program: the simplification, and the projection atoms
/// gathered for the output.
struct Handed {
    undo: crate::program::simplify::Undo<crate::syntax::span::Span>,
    project: Option<Vec<Atom>>,
    /// Whether the grounder records origins.
    origins: bool,
}

impl Grounder {
    /// A grounder with nothing grounded; `record_origins`: keep the source
    /// rule of each ground rule.
    pub fn new(record_origins: bool) -> Grounder {
        let mut inst = instantiate::Instantiator::new(Symbols::new(), Vec::new());
        if record_origins {
            inst.origins = Some(Vec::new());
        }
        Grounder {
            inst,
            keys: ISet::default(),
            show: Default::default(),
            project: None,
            headed: Default::default(),
            mentioned: Default::default(),
            shows: Vec::new(),
            aux: 0,
            handed: None,
            tabled: 0,
            name_all: true,
            earlier: None,
            added: Default::default(),
        }
    }

    /// Grounds `stmts` on top of what was grounded before.  Returns the
    /// diagnostics (infos and warnings even on success); `Err` carries them
    /// when there is an error, and the grounder is then not to be used again.
    pub fn add(&mut self, stmts: Vec<Statement>, opts: &Options) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        assert!(self.handed.is_none(), "a grounder grounds again only once its program is back");
        let mut diags = Vec::new();
        let norm = normalize::normalize(
            &stmts,
            normalize::Constants { overrides: &opts.consts, params: &opts.params },
            opts.dialect,
            &mut self.inst.syms,
            &mut self.keys,
            &mut diags,
            self.aux,
        );
        drop(stmts);
        self.aux = norm.aux;
        for r in &norm.rules {
            safety::check(r, &self.inst.syms, &mut diags);
        }
        if crate::diagnostics::has_errors(&diags) {
            return Err(diags);
        }
        for show in &norm.show_sigs {
            // (a part's `#show` may come again with every step)
            if !self.shows.contains(show) {
                self.shows.push(*show);
            }
        }
        if opts.warn_undefined {
            let before = Before { headed: &self.headed, mentioned: &self.mentioned, shows: &self.shows };
            undefined_atoms(&norm, &self.keys, &self.inst.syms, before, &opts.written_elsewhere, &mut diags);
        }
        self.mentioned.extend(norm.body_atoms.iter().map(|(p, _)| *p));
        let inst = &mut self.inst;
        inst.preds.extend(self.keys.iter().skip(inst.preds.len()).map(|k| Pred::new(*k)));
        // a predicate the new rules derive is open again until they are grounded
        for p in headed_preds(&norm) {
            inst.preds[p.0 as usize].complete = false;
            self.headed.insert(p);
        }
        let derived = norm.rules.iter().filter(|r| !matches!(r.head, rule::Head::External { .. }));
        for p in derived.flat_map(depgraph::head_preds).chain(norm.facts.preds()) {
            inst.preds[p.0 as usize].derived = true;
        }
        self.headed.extend(norm.defined.iter().copied());
        self.name_all = opts.name_all_atoms;
        if opts.stream_steps && self.earlier.is_none() && inst.origins.is_none() {
            self.earlier = Some(packing::Earlier::default());
        }
        inst.max_atoms = opts.max_atoms;
        inst.interrupt = opts.interrupt.clone();
        inst.track_disjunctions =
            norm.rules.iter().any(|r| matches!(r.head, rule::Head::External { .. }) && !r.body.is_empty());
        inst.syms.calls.set(opts.functions.clone());
        let mut ran = inst.run(&norm.rules, &norm.facts);
        if let (Ok(()), Some(message)) = (&ran, inst.syms.calls.failure()) {
            ran = Err(instantiate::Abort::Function(message.to_string()));
        }
        inst.syms.calls.set(None);
        match ran {
            Ok(()) => {}
            Err(instantiate::Abort::Function(message)) => {
                diags.push(Diagnostic::global_error(message));
                return Err(diags);
            }
            Err(instantiate::Abort::Interrupted) => {
                diags.push(Diagnostic::global_error("grounding interrupted"));
                return Err(diags);
            }
            Err(instantiate::Abort::TooManyAtoms { pred, limit }) => {
                diags.push(Diagnostic::global_error(format!(
                    "grounding stopped: more than {} ground atoms (last growing predicate: {})",
                    limit, pred
                )));
                return Err(diags);
            }
        }
        inst.finish_minimize();
        for (span, what, shown) in inst.syms.take_undefined() {
            diags.push(
                Diagnostic::info(span, what)
                    .with_class(crate::diagnostics::InfoClass::OperationUndefined)
                    .with_detail(shown),
            );
        }
        for (span, tuple) in std::mem::take(&mut inst.ignored_tuples) {
            diags.push(
                Diagnostic::info(span, format!("tuple ignored:\n  {}", tuple))
                    .with_class(crate::diagnostics::InfoClass::OperationUndefined),
            );
        }
        inst.finish_externals(&norm.rules, &norm.facts);
        inst.finish_heuristics();
        for span in std::mem::take(&mut inst.ignored_heuristics) {
            diags.push(
                Diagnostic::info(span, "heuristic directive ignored")
                    .with_class(crate::diagnostics::InfoClass::OperationUndefined),
            );
        }
        if let Some(o) = &mut inst.origins {
            // the minimize statements' auxiliary rules
            o.resize(inst.prog.rules.len(), crate::syntax::span::Span::NOWHERE);
        }
        let show = norm.show;
        self.show.explicit |= show.explicit;
        self.show.hide_all |= show.hide_all;
        for k in show.sigs {
            if !self.show.sigs.contains(&k) {
                self.show.sigs.push(k);
            }
        }
        for k in show.hidden {
            if !self.show.hidden.contains(&k) {
                self.show.hidden.push(k);
            }
        }
        if let Some(ks) = norm.project {
            let all = self.project.get_or_insert_with(Vec::new);
            for k in ks {
                if !all.contains(&k) {
                    all.push(k);
                }
            }
        }
        Ok(diags)
    }

    /// The program grounded so far, handed on: the grounder's program and
    /// symbols go with it, and must come back ([`Grounder::take_back`])
    /// before more is grounded (not to keep two copies of the program).
    pub fn grounding(&mut self) -> Grounding {
        self.merge_shows();
        let mut program = std::mem::take(&mut self.inst.prog);
        let recorded = self.inst.origins.is_some();
        let mut origins = self.inst.origins.take().unwrap_or_default();
        let project = program.project.clone();
        let given = self.earlier.as_ref().map_or(0, |e| e.atoms);
        let undo = crate::program::simplify::drop_underivable_undoable(&mut program, &mut origins, given);
        let streamed = self.earlier.as_mut().map(|e| {
            // externals that rules define are inputs no more
            let open: hash::Set<Atom> = program.open_externals().into_iter().map(|(a, _)| a).collect();
            let (open, defined) = program.externals.iter().partition(|(a, _)| open.contains(a));
            program.externals = open;
            e.defined_externals.extend::<Vec<_>>(defined);
            packing::Streamed { step: e.steps, partial: !e.rules.is_empty() }
        });
        self.handed = Some(Handed { undo, project, origins: recorded });
        let mut syms = std::mem::take(&mut self.inst.syms);
        let preds: Vec<_> = self.inst.preds.iter().map(|p| (p.key, &p.atoms)).collect();
        let named = self.named(&syms, &preds);
        syms.reserve(named - self.tabled.min(named));
        self.tabled = named;
        Grounding { streamed, ..self.table(program, origins, syms, preds, self.inst.shows.clone()) }
    }

    /// One output entry per shown term, as gringo's: a term that `#show
    /// t : body.` shows under several conditions is shown under an atom
    /// true iff one of them holds (so `--project=show` tells answer sets
    /// apart by the terms they show, not by which condition shows them),
    /// and one shown always is shown unconditionally.
    fn merge_shows(&mut self) {
        let shows = &mut self.inst.shows;
        if shows.len() < 2 {
            return;
        }
        let mut by_term: hash::Map<Sym, Vec<Option<Atom>>> = hash::Map::default();
        let mut order = Vec::new();
        for (s, a) in shows.drain(..) {
            let conds = by_term.entry(s).or_insert_with(|| {
                order.push(s);
                Vec::new()
            });
            if !conds.contains(&a) {
                conds.push(a);
            }
        }
        let mut merged = Vec::with_capacity(order.len());
        for s in order {
            let conds = &by_term[&s];
            let a = if conds.contains(&None) {
                None
            } else if conds.len() == 1 {
                conds[0]
            } else {
                let alts: Vec<Vec<crate::program::Lit>> =
                    conds.iter().flatten().map(|a| vec![a.pos()]).collect();
                Some(self.inst.aux().disj_atom(&alts))
            };
            merged.push((s, a));
        }
        self.inst.shows = merged;
        if let Some(o) = &mut self.inst.origins {
            o.resize(self.inst.prog.rules.len(), crate::syntax::span::Span::NOWHERE);
        }
    }

    /// Forgets the minimize statements grounded so far (clingo's
    /// `Control.remove_minimize`): later steps' statements start anew.
    pub fn remove_minimize(&mut self) {
        self.inst.minimize.clear();
        self.inst.prog.minimize.clear();
    }

    /// Takes back the grounding [`Grounder::grounding`] handed on (a
    /// copy of it if it is still in use elsewhere): its program as the
    /// grounder made it, and its symbols, for the next step.  A streaming
    /// grounder packs the step's rules away.
    pub fn take_back(&mut self, g: Grounding) {
        let Some(handed) = self.handed.take() else { return };
        let Grounding { mut program, syms, mut origins, .. } = g;
        handed.undo.apply(&mut program.rules, &mut origins);
        program.project = handed.project;
        if let Some(e) = &mut self.earlier {
            e.rules.extend(&program.rules);
            e.atoms = program.num_atoms;
            e.steps += 1;
            program.rules = Vec::new();
        }
        self.inst.prog = program;
        self.inst.origins = handed.origins.then_some(origins);
        self.inst.syms = syms;
    }

    /// Forgets the atoms `gone` accepts (false in every answer set of the
    /// program grounded so far and of every program that adds rules for
    /// new atoms to it, such as a search's root-level falsehoods after a
    /// solve): the rules grounded from now on match none of them, `not`
    /// one of them holds, and a rule that derives one makes it a new atom.
    /// This is clingo's cleanup of the domains between the steps of an
    /// incremental run, which keeps a step's rules to those that can
    /// matter.  Externals stay (their values are the user's to assign).
    pub fn forget(&mut self, gone: impl Fn(Atom) -> bool) {
        let defined = self.earlier.iter().flat_map(|e| &e.defined_externals);
        let external: hash::Set<Atom> =
            self.inst.prog.externals.iter().chain(defined).map(|(a, _)| *a).collect();
        for p in &mut self.inst.preds {
            p.forget(|a| gone(a) && !external.contains(&a));
        }
    }

    /// With [`Options::stream_steps`]: the steps handed on before the one
    /// handed on last, packed.
    pub fn earlier(&self) -> Option<&packing::Earlier> {
        self.earlier.as_ref()
    }

    /// The program grounded, the grounder consumed (its domains freed one
    /// by one while the output table is built, to keep the peak low).
    pub fn finish(mut self) -> Grounding {
        self.merge_shows();
        let mut program = std::mem::take(&mut self.inst.prog);
        if let Some(e) = self.earlier.take() {
            // (nothing handed on before: the rules stay where they are)
            if !e.rules.is_empty() {
                let mut rules: Vec<_> = e.rules.rules().collect();
                rules.append(&mut program.rules);
                program.rules = rules;
            }
            program.externals.extend(e.defined_externals);
        }
        let mut origins = self.inst.origins.take().unwrap_or_default();
        let mut preds = std::mem::take(&mut self.inst.preds);
        for p in &mut preds {
            p.release_indexes();
        }
        let preds = preds.into_iter().map(|p| (p.key, p.atoms));
        let mut syms = std::mem::take(&mut self.inst.syms);
        let shows = std::mem::take(&mut self.inst.shows);
        crate::program::simplify::drop_underivable_along(&mut program, &mut origins);
        let preds: Vec<(PredKey, domain::AtomSet)> = preds.collect();
        syms.reserve(self.named(&syms, &preds));
        self.table(program, origins, syms, preds, shows)
    }

    /// Whether the atoms of predicate `key` are shown.
    fn shown(&self, syms: &Symbols, key: &PredKey) -> bool {
        !syms.name_str(key.name).starts_with('#') && self.show.shows(key)
    }

    /// How many atoms get a symbol (at most: externals are not counted
    /// apart).
    fn named<A: std::borrow::Borrow<domain::AtomSet>>(
        &self,
        syms: &Symbols,
        preds: &[(PredKey, A)],
    ) -> usize {
        let named = |key: &PredKey| self.name_all || self.shown(syms, key);
        preds.iter().filter(|(key, _)| named(key)).map(|(_, atoms)| atoms.borrow().len()).sum()
    }

    /// The grounding of the simplified `program` with its output table,
    /// from the atoms of each predicate.
    fn table<A: std::borrow::Borrow<domain::AtomSet>>(
        &self,
        mut program: GroundProgram,
        origins: Vec<crate::syntax::span::Span>,
        mut syms: Symbols,
        preds: Vec<(PredKey, A)>,
        shows: Vec<(Sym, Option<Atom>)>,
    ) -> Grounding {
        let mut output: Vec<(Sym, Option<Atom>)> = Vec::new();
        let mut atom_syms = AtomSyms { syms: vec![Sym::NONE; program.num_atoms as usize] };
        let mut external = vec![false; if self.name_all { 0 } else { program.num_atoms as usize }];
        for (a, _) in &program.externals {
            if let Some(x) = external.get_mut(a.index()) {
                *x = true;
            }
        }
        for (key, atoms) in preds {
            let atoms = atoms.borrow();
            let shown = self.shown(&syms, &key);
            let named = self.name_all || shown;
            let projected = self.project.as_ref().is_some_and(|ks| ks.contains(&key));
            for (args, info) in atoms.iter() {
                if projected {
                    program.project.get_or_insert_with(Vec::new).push(info.atom);
                }
                if !named && !external[info.atom.index()] {
                    continue;
                }
                let s = syms.func(key.name, key.neg, args.to_vec());
                atom_syms.insert(info.atom, s);
                if shown {
                    output.push((s, if info.fact { None } else { Some(info.atom) }));
                }
            }
        }
        output.extend(shows);
        if self.project.is_some() || program.project.is_some() {
            let all = program.project.get_or_insert_with(Vec::new);
            all.sort_unstable();
            all.dedup();
        }
        Grounding {
            program,
            syms,
            output,
            atom_syms,
            origins,
            nodes: self.inst.nodes.iter().copied().collect(),
            streamed: None,
            atom_index: Default::default(),
            output_order: Default::default(),
        }
    }
}

/// The errors grounding `stmts` would report before instantiating
/// (unsafe variables, bad constructs), without grounding: for program
/// parts that are parsed but not grounded; and the predicates they have
/// facts of (name, arity, classical negation).
pub fn check(stmts: &[Statement], opts: &Options) -> (Vec<Diagnostic>, Vec<(String, u32, bool)>) {
    let (norm, syms, keys, mut diags) = normalized(stmts, opts);
    diags.retain(|d| d.is_error());
    // as clingo: only facts of a part left out give its predicate atoms
    let preds: hash::Set<rule::PredId> = norm.facts.preds().collect();
    let written = preds
        .into_iter()
        .map(|p| {
            let key = keys[p.0 as usize];
            (syms.name_str(key.name).to_string(), key.arity, key.neg)
        })
        .collect();
    (diags, written)
}

/// The constants `stmts` define (`#const`), and those `opts` gives
/// (`-c`, which win), with their values as grounding evaluates them.
pub fn constants(stmts: &[Statement], opts: &Options) -> Vec<(String, crate::Value)> {
    let defs: Vec<Statement> =
        stmts.iter().filter(|s| matches!(s, Statement::Const { .. })).cloned().collect();
    let (norm, syms, _, _) = normalized(&defs, opts);
    norm.consts.iter().map(|(name, v)| (name.clone(), syms.value(*v))).collect()
}

/// The predicates that rules or facts of `norm` have in their heads.
fn headed_preds(norm: &normalize::Normalized) -> impl Iterator<Item = rule::PredId> + '_ {
    norm.rules.iter().flat_map(depgraph::head_preds).chain(norm.facts.preds())
}

/// The statements normalised and checked for safety, with the symbol and
/// predicate tables and the diagnostics so far.
fn normalized(
    stmts: &[Statement],
    opts: &Options,
) -> (normalize::Normalized, Symbols, ISet<PredKey>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut syms = Symbols::new();
    let mut keys = ISet::default();
    let norm = normalize::normalize(
        stmts,
        normalize::Constants { overrides: &opts.consts, params: &opts.params },
        opts.dialect,
        &mut syms,
        &mut keys,
        &mut diags,
        0,
    );
    for r in &norm.rules {
        safety::check(r, &syms, &mut diags);
    }
    (norm, syms, keys, diags)
}

/// clingo's info for a `#show p/n.` of a predicate without atoms, which
/// it gives again at every step of a program grounded in steps.
pub const NO_ATOMS_OVER_SIGNATURE: &str = "no atoms over signature occur in program:";

/// What the steps grounded before the new statements had.
struct Before<'a> {
    /// Predicates in rule heads (or `#defined`).
    headed: &'a hash::Set<rule::PredId>,
    /// Predicates in rule bodies.
    mentioned: &'a hash::Set<rule::PredId>,
    /// Every `#show p/n.` so far, the new statements' included.
    shows: &'a [(rule::PredId, crate::syntax::span::Span)],
}

/// `info: atom does not occur in any rule head` for each body atom whose
/// predicate no rule (fact, rule or choice) has in its head, nor a fact
/// of a part left out; `info: no
/// atoms over signature occur in program` for each `#show p/n.` so far of
/// a predicate no grounded statement has (nor a fact of a part left out),
/// at every step as clingo.
fn undefined_atoms(
    norm: &normalize::Normalized,
    keys: &ISet<PredKey>,
    syms: &Symbols,
    before: Before<'_>,
    written_elsewhere: &[(String, u32, bool)],
    diags: &mut Vec<Diagnostic>,
) {
    let mut defined: hash::Set<_> = norm.defined.iter().copied().collect();
    defined.extend(before.headed.iter().copied());
    defined.extend(headed_preds(norm));
    // `#show p/n.` of a predicate written nowhere else
    let mut written = defined.clone();
    written.extend(norm.body_atoms.iter().map(|(p, _)| *p));
    written.extend(before.mentioned.iter().copied());
    for (p, span) in before.shows {
        let key = keys[p.0 as usize];
        let elsewhere = |(name, arity, neg): &(String, u32, bool)| {
            *arity == key.arity && *neg == key.neg && name == syms.name_str(key.name)
        };
        if !written.contains(p) && !written_elsewhere.iter().any(elsewhere) {
            let sig = format!("{}{}/{}", if key.neg { "-" } else { "" }, syms.name_str(key.name), key.arity);
            diags.push(
                Diagnostic::info(*span, NO_ATOMS_OVER_SIGNATURE)
                    .with_detail(sig)
                    .with_class(crate::diagnostics::InfoClass::AtomUndefined),
            );
        }
    }
    for (p, span) in &norm.body_atoms {
        // as clingo: a fact of a part left out gives its predicate atoms
        let key = keys[p.0 as usize];
        let elsewhere = |(name, arity, neg): &(String, u32, bool)| {
            *arity == key.arity && *neg == key.neg && name == syms.name_str(key.name)
        };
        if !defined.contains(p) && !written_elsewhere.iter().any(elsewhere) {
            diags.push(
                Diagnostic::info(*span, "atom does not occur in any rule head:")
                    .with_class(crate::diagnostics::InfoClass::AtomUndefined)
                    .quoting_source(),
            );
        }
    }
}
