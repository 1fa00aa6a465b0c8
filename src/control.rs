//! The library's front door, shaped after clingo's `Control`: add or load
//! program text, ground it, then solve and iterate over the answer sets;
//! interrupt a running search from another thread.
//!
//! ```
//! use minasp::{Control, Options};
//!
//! let mut ctl = Control::new(Options::default());
//! ctl.add("base", "p(1..3). { q(X) : p(X) } 1.");
//! ctl.ground().expect("a valid program");
//! let mut solve = ctl.solve(0).expect("a solvable program");
//! let models: Vec<Vec<String>> = solve.by_ref().map(|m| m.shown()).collect();
//! assert_eq!(models.len(), 4);
//! assert!(solve.result().exhausted);
//! ```
//!
//! Invariant: the stages run in order — sources, then [`Control::ground`]
//! (which parses every source, chooses the dialect and grounds), then
//! [`Control::solve`]; diagnostics of every stage are kept in order and
//! [`Control::render`] prints them as gringo does.  An error diagnostic
//! means [`Error::Input`], never a partial result.
//!
//! Multi-shot use (clingo's Python API): sources may be added to named
//! parts, [`Control::ground_parts`] may be called again with more part
//! instances (only the new ones are instantiated, over the atoms of the
//! earlier steps, as clingo does), externals may be assigned between
//! solves, and a solve may assume literals.  A [`Solve`] and its [`Model`]s own what they
//! read (shared, not borrowed), so they may outlive later changes.

use crate::diagnostics::{has_errors, Diagnostic};
use crate::enumerate::{projection_clause, Consequences, DomainRecord, EnumMode, ProjectMode};
use crate::ground::{self, Grounding};
use crate::models::is_answer_set;
use crate::optimize::{Found, OptConfig, OptMode, Search};
use crate::program::{Atom, External, GroundProgram};
use crate::solver::{Stats, Tuning};
use crate::syntax::ast::Statement;
use crate::syntax::include::PartName;
use crate::syntax::parse::{self, Dialect};
use crate::syntax::span::{FileId, SourceMap, Span};
use crate::Value;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How the input is read and grounded.
#[derive(Clone, Debug)]
pub struct Options {
    /// The input language; `None`: judged per file (see
    /// [`crate::syntax::dialect::choose`]).
    pub dialect: Option<Dialect>,
    /// `-c NAME=VALUE` definitions, overriding `#const`.
    pub consts: Vec<(String, String)>,
    /// Grounding stops with an error beyond this many ground atoms.
    pub max_ground_atoms: usize,
    /// Re-check every answer set against the ground program.
    pub check: bool,
    /// How minimize statements rank the answer sets (`--opt-mode`).
    pub opt: OptConfig,
    /// The search parameters (`--seed`, `--rand-freq`, `--restarts`, `--configuration`).
    pub params: crate::solver::params::Params,
    /// Answer sets, or brave or cautious consequences (`--enum-mode`).
    pub enum_mode: EnumMode,
    /// Projected enumeration (`--project`).
    pub project: ProjectMode,
    /// Keep what explanations need (the source rule of each ground rule).
    pub explain: bool,
    /// Searches racing for the first answer (`-t N`, see [`crate::portfolio`]).
    pub threads: usize,
    /// What a step of an incremental run passes on to the next
    /// (`--ilearnt`, `--iheuristic`; see [`crate::carry`]).
    pub keep: crate::carry::Keep,
    /// Keep only what a run that prints its answer sets needs, as clingo
    /// does: only shown atoms and externals get symbols (unless `explain`;
    /// see [`ground::Options::name_all_atoms`]), and the ground program's
    /// rules are freed once the search is built, where nothing later reads
    /// them (one grounding, one solve on one thread, no explanations, no
    /// `optN` phase; checks keep a copy).  The command line sets it
    /// (unless it prints the ground program); after such a solve,
    /// [`Control::symbolic_atoms`] and [`Model::atoms`] see only named
    /// atoms, and a second solve sees no rules.
    pub lean: bool,
    /// The answer sets are the supported models (clasp's `--supp-models`,
    /// see [`crate::program::supported`]), not the stable ones.
    pub supported: bool,
    /// clasp's `--dom-mod`: with the domain heuristic, a default
    /// modification of the decisions on a set of atoms (see
    /// [`crate::dom_mod`]).
    pub dom_mod: Option<crate::dom_mod::DomMod>,
    /// A DIMACS CNF read in is a MaxSAT problem, each clause soft (clasp's `--opt-sat`).
    pub opt_sat: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: None,
            consts: Vec::new(),
            max_ground_atoms: 20_000_000,
            check: cfg!(debug_assertions),
            opt: OptConfig::default(),
            params: Default::default(),
            enum_mode: EnumMode::Auto,
            project: ProjectMode::No,
            explain: false,
            threads: 1,
            keep: crate::carry::Keep::default(),
            lean: false,
            supported: false,
            dom_mod: None,
            opt_sat: false,
        }
    }
}

/// Why a stage could not complete.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input has errors: see [`Control::diagnostics`].
    #[error("{0}")]
    Input(&'static str),
    /// The run was interrupted ([`Interrupter::interrupt`]) before it had a result.
    #[error("interrupted")]
    Interrupted,
    /// A stage was called out of order (e.g. `solve` before `ground`).
    #[error("{0}")]
    Usage(&'static str),
}

/// Stops a running [`Control`] from any thread (a signal handler, a timer).
///
/// ```
/// use minasp::{Control, Options};
///
/// // 12 queens: 14,200 answer sets, more than we want to wait for.
/// let mut ctl = Control::new(Options { check: false, ..Options::default() });
/// ctl.add("queens", "q(1..12). 1 { at(X,Y) : q(Y) } 1 :- q(X).
///                    :- at(X1,Y), at(X2,Y), X1 < X2.
///                    :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.");
/// ctl.ground().unwrap();
/// let stop = ctl.interrupter();
/// let mut solve = ctl.solve(0).unwrap();
/// let mut seen = 0;
/// for _model in solve.by_ref() {
///     seen += 1;
///     if seen == 10 {
///         // From another thread just the same: `std::thread::spawn(move || stop.interrupt())`.
///         stop.interrupt();
///     }
/// }
/// assert!(solve.result().interrupted && !solve.result().exhausted);
/// assert!(seen < 14_200);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupter(Arc<AtomicBool>);

impl Interrupter {
    /// Asks the grounder or solver to stop at the next check.
    pub fn interrupt(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    /// Clears the request (before the next solve of an embedding that
    /// solves several times).
    pub fn reset(&self) {
        self.0.store(false, Ordering::SeqCst);
    }
    /// Whether [`Interrupter::interrupt`] was called.
    pub fn is_interrupted(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// A ground program ready to solve: from the grounder, or read as aspif or
/// smodels.
#[derive(Clone)]
enum Ground {
    Grounded(Grounding),
    Read(crate::aspif::GroundInput),
}

impl Ground {
    fn program(&self) -> &GroundProgram {
        match self {
            Ground::Grounded(g) => &g.program,
            Ground::Read(r) => &r.program,
        }
    }

    /// From a streaming grounder: the step and whether the program holds
    /// only its rules.
    fn streamed(&self) -> Option<crate::ground::packing::Streamed> {
        match self {
            Ground::Grounded(g) => g.streamed,
            Ground::Read(_) => None,
        }
    }

    fn program_mut(&mut self) -> &mut GroundProgram {
        match self {
            Ground::Grounded(g) => &mut g.program,
            Ground::Read(r) => &mut r.program,
        }
    }

    /// The atom standing for the ground atom `v` (`None`: the program has
    /// no such atom).
    fn atom_of(&self, v: &Value) -> Option<Atom> {
        match self {
            Ground::Grounded(g) => g.atom_of(g.syms.find_value(v)?),
            Ground::Read(r) => {
                let text = v.to_string();
                r.output
                    .iter()
                    .find(|(t, c)| *t == text && c.len() == 1 && c[0].is_positive())
                    .map(|(_, c)| c[0].atom())
            }
        }
    }

    /// The output table as observers are told it: shown atoms with their
    /// aspif atom (0: a fact), other shown terms with their condition.
    fn output_table(&self) -> Vec<crate::observe::Shown> {
        use crate::observe::{atom, Shown};
        let program = self.program();
        let fact = program.facts();
        match self {
            Ground::Grounded(g) => g
                .output
                .iter()
                .map(|&(s, cond)| {
                    let v = g.syms.value(s);
                    match cond {
                        Some(a) if g.atom_syms.get(&a) == Some(&s) => Shown::Atom(v, atom(a)),
                        Some(a) => Shown::Term(v, vec![atom(a) as i32]),
                        None if g.atom_of(s).is_some_and(|a| fact[a.index()]) => Shown::Atom(v, 0),
                        None => Shown::Term(v, Vec::new()),
                    }
                })
                .collect(),
            Ground::Read(r) => r
                .output
                .iter()
                .filter_map(|(text, cond)| {
                    let v = Value::parse(text)?;
                    Some(match cond[..] {
                        [l] if l.is_positive()
                            && matches!(&v, Value::Func { name, .. } if !name.is_empty()) =>
                        {
                            Shown::Atom(v, atom(l.atom()))
                        }
                        _ => Shown::Term(v, cond.iter().map(|&l| crate::observe::lit(l)).collect()),
                    })
                })
                .collect(),
        }
    }

    /// The values of `texts` (terms as printed).
    fn values(texts: Vec<String>) -> Vec<Value> {
        texts.iter().filter_map(|t| Value::parse(t)).collect()
    }

    fn shown_values(&self, model: &[bool]) -> Vec<Value> {
        match self {
            Ground::Grounded(g) => g.shown(model).into_iter().map(|s| g.syms.value(s)).collect(),
            Ground::Read(r) => Ground::values(r.shown(model)),
        }
    }

    fn atom_values(&self, model: &[bool]) -> Vec<Value> {
        match self {
            Ground::Grounded(g) => {
                let mut syms: Vec<_> =
                    g.atom_syms.iter().filter(|(a, _)| model[a.index()]).map(|(_, s)| *s).collect();
                syms.sort_by(|a, b| g.syms.cmp(*a, *b));
                syms.into_iter().map(|s| g.syms.value(s)).collect()
            }
            Ground::Read(r) => Ground::values(r.shown(model)),
        }
    }

    /// The atoms the shown terms' conditions are over.
    fn output_atoms(&self) -> Vec<crate::program::Atom> {
        let mut atoms: Vec<_> = match self {
            Ground::Grounded(g) => g.output.iter().filter_map(|(_, a)| *a).collect(),
            Ground::Read(r) => r.output.iter().flat_map(|(_, ls)| ls.iter().map(|l| l.atom())).collect(),
        };
        atoms.sort_unstable();
        atoms.dedup();
        atoms
    }

    /// How many terms [`Ground::shown`] has for `model` (no text made).
    fn shown_count(&self, model: &[bool]) -> usize {
        match self {
            Ground::Grounded(g) => g.shown(model).len(),
            Ground::Read(r) => r.shown(model).len(),
        }
    }

    fn shown(&self, model: &[bool]) -> Vec<String> {
        match self {
            Ground::Grounded(g) => g.shown(model).into_iter().map(|s| g.syms.display(s)).collect(),
            Ground::Read(r) => r.shown(model),
        }
    }

    /// The ground atoms of a model that stand for atoms of the program
    /// (auxiliary atoms left out), in clingo's term order.
    fn atoms(&self, model: &[bool]) -> Vec<String> {
        match self {
            Ground::Grounded(g) => {
                let mut syms: Vec<_> =
                    g.atom_syms.iter().filter(|(a, _)| model[a.index()]).map(|(_, s)| *s).collect();
                syms.sort_by(|a, b| g.syms.cmp(*a, *b));
                syms.into_iter().map(|s| g.syms.display(s)).collect()
            }
            Ground::Read(r) => r.shown(model),
        }
    }
}

/// An atom of the ground program, as clingo's `SymbolicAtom`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolicAtom {
    /// The ground atom.
    pub symbol: Value,
    /// The program's atom (its index plus one is its literal).
    pub atom: Atom,
    /// It is a fact.
    pub fact: bool,
    /// It is declared `#external` (and not released).
    pub external: bool,
}

/// Grounds and solves logic programs.  See the [module documentation](self).
pub struct Control {
    options: Options,
    sources: Arc<SourceMap>,
    /// The files added or loaded (not included), with the part each starts in.
    top: Vec<(FileId, PartName)>,
    diagnostics: Vec<Diagnostic>,
    ground: Option<Arc<Ground>>,
    /// The part instances grounded so far, each with how many of `top`'s
    /// sources there were when it was last grounded.
    grounded: Vec<((String, Vec<Value>), usize)>,
    /// External atoms assigned a value, in order (applied anew after
    /// each grounding).
    assigned: Vec<(Value, External)>,
    /// The grounder of a multi-shot run, kept between steps.
    live: Option<ground::Grounder>,
    /// The format of the ground program read in (see [`Control::load_ground`]).
    read_format: Option<crate::aspif::Format>,
    /// The program's incremental form, as the last parse found it.
    incremental: Option<crate::incremental::Form>,
    /// The program's `#const` definitions as written (name, value text),
    /// as the last parse found them.
    program_consts: Vec<(String, String)>,
    interrupter: Interrupter,
    /// What script calls `@f(..)` evaluate through in the next groundings.
    functions: Option<Arc<dyn crate::Functions>>,
    /// In an incremental run: what the last step's search learnt, for the
    /// next step's (see [`crate::carry`]); its [`Solve`] leaves it here.
    carried: Arc<Mutex<Option<Carried>>>,
    /// Literals the next solve assumes, added through a backend.
    assume_next: Vec<crate::program::Lit>,
    /// Propagators written outside the solver, in every search from now on.
    propagators: Vec<Arc<Mutex<dyn crate::solver::external::UserPropagator>>>,
    /// Observers of the ground program (see [`crate::observe`]).
    /// The latest registered first, as clingo tells them.
    observers: Vec<crate::observe::Observed>,
    /// A step is open: something was grounded, added or assigned since
    /// the last solve (an observer registered now is in it).
    stepping: bool,
    /// [`Control::end_step`] told the observers the step ended: the next
    /// solve does not tell it again.
    step_ended: bool,
    /// The projection atoms added and removed through the API.
    project_edit: ProjectEdit,
}

/// Changes to the projection atoms (clingo's `add_project`,
/// `remove_project`, `replace_project`), applied to each program handed on.
/// Invariant: `dropped` holds the atoms projected on when the projection
/// was last removed (later `#project` directives add to what is left);
/// `added` the atoms added since, each once.
#[derive(Clone, Default)]
struct ProjectEdit {
    cleared: bool,
    dropped: Vec<Atom>,
    added: Vec<Atom>,
}

impl ProjectEdit {
    fn apply(&self, program: &mut GroundProgram) {
        if !self.cleared && self.added.is_empty() {
            return;
        }
        let mut atoms: Vec<Atom> = program.project.take().unwrap_or_default();
        atoms.retain(|a| !self.dropped.contains(a));
        for a in &self.added {
            if !atoms.contains(a) {
                atoms.push(*a);
            }
        }
        program.project = Some(atoms);
    }
}

/// A step's search, with the log of the program it searched (its atoms
/// are the search's): grown into the next step's search, or what it learnt
/// given to a new one.
struct Carried {
    log: crate::carry::Log,
    /// The step of a streaming grounder searched (see
    /// [`crate::ground::packing`]).
    step: Option<u32>,
    /// The program's open externals.
    open: Vec<(Atom, External)>,
    search: Search,
}

impl Control {
    /// A control with no program yet.
    pub fn new(options: Options) -> Control {
        Control {
            options,
            sources: Arc::new(SourceMap::new()),
            top: Vec::new(),
            diagnostics: Vec::new(),
            ground: None,
            grounded: Vec::new(),
            assigned: Vec::new(),
            live: None,
            read_format: None,
            incremental: None,
            program_consts: Vec::new(),
            interrupter: Interrupter::default(),
            functions: None,
            carried: Arc::new(Mutex::new(None)),
            assume_next: Vec::new(),
            propagators: Vec::new(),
            observers: Vec::new(),
            stepping: false,
            step_ended: false,
            project_edit: ProjectEdit::default(),
        }
    }

    /// Adds program text under a name (used in messages).
    pub fn add(&mut self, name: &str, text: &str) {
        self.add_to_part("base", &[], name, text);
    }

    /// Adds program text to the part `part(params)` (the text may switch
    /// parts with `#program`; as clingo's `Control.add(part, params, text)`).
    pub fn add_to_part(&mut self, part: &str, params: &[String], name: &str, text: &str) {
        let id = Arc::make_mut(&mut self.sources).add(name, text);
        self.top.push((id, (part.to_string(), params.to_vec())));
    }

    /// The syntax errors of `text` (parsed as the part it would be added
    /// to, in the dialect of the options or clingo 5), rendered as gringo
    /// prints them; empty when it parses.  For embeddings that report
    /// syntax errors when text is added, as clingo's `Control.add` does.
    pub fn syntax_errors(&self, name: &str, text: &str) -> Vec<String> {
        let mut sources = SourceMap::new();
        let id = sources.add(name, text);
        let dialect = self.options.dialect.unwrap_or(Dialect::Clingo5);
        let (_, diags) = parse::parse(id, text, dialect);
        diags.iter().filter(|d| d.is_error()).map(|d| d.render(&sources)).collect()
    }

    /// Adds the program in a file (`-`: standard input).  A file that
    /// cannot be read is an error diagnostic, reported by
    /// [`Control::ground`]; bytes that are not UTF-8 are lexer errors
    /// where they stand (see [`crate::syntax::span::decode`]).
    pub fn load(&mut self, path: &str) {
        let (name, bytes) = match read(path) {
            Ok(x) => x,
            Err(d) => {
                self.diagnostics.push(d);
                return;
            }
        };
        let id = Arc::make_mut(&mut self.sources).add(name, crate::syntax::span::decode(bytes));
        self.top.push((id, ("base".to_string(), Vec::new())));
    }

    /// Uses a ground program in the aspif or smodels format (detected)
    /// instead of program text.
    pub fn load_ground(&mut self, bytes: &[u8]) -> Result<(), crate::aspif::ReadError> {
        let mut g = Ground::Read(crate::aspif::read_any_as(bytes, self.options.opt_sat)?);
        self.read_format = crate::aspif::detect(bytes);
        if self.options.supported {
            crate::program::supported::rewrite(g.program_mut());
        }
        self.add_default_heuristics(&mut g);
        self.project_edit = ProjectEdit::default();
        self.ground = Some(Arc::new(g));
        // (a grounder of earlier steps handed its program on: it is gone)
        self.live = None;
        self.observe();
        Ok(())
    }

    /// The format of the ground program [`Control::load_ground`] read
    /// (`None`: the program is text, or nothing was read).
    pub fn read_format(&self) -> Option<crate::aspif::Format> {
        self.read_format
    }

    /// A warning about the whole run, given once however many steps.
    fn warn_once(&mut self, message: &str) {
        let d = Diagnostic::global_warning(message);
        if !self.diagnostics.contains(&d) {
            self.diagnostics.push(d);
        }
    }

    /// `--dom-mod`, where it applies: with the domain heuristic.
    fn dom_mod(&self) -> Option<crate::dom_mod::DomMod> {
        self.options.dom_mod.filter(|_| self.options.params.domain)
    }

    /// The directives `--dom-mod` stands for join the program's own.
    fn add_default_heuristics(&self, g: &mut Ground) {
        if let Some(m) = self.dom_mod() {
            let objective = self.options.opt.mode != OptMode::Ignore;
            let made = m.directives(g.program(), &g.output_atoms(), objective);
            g.program_mut().heuristics.extend(made);
        }
    }

    /// Adds a `-c NAME=VALUE` definition (overriding `#const NAME`); a
    /// malformed one is an error diagnostic, reported by [`Control::ground`].
    pub fn add_const(&mut self, definition: &str) {
        // a constant's name is an identifier: lower-case first (after `_`s)
        let is_name = |n: &str| {
            n.trim_start_matches('_').starts_with(|c: char| c.is_ascii_lowercase())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        };
        match definition.split_once('=') {
            Some((n, v)) if is_name(n.trim()) => {
                self.options.consts.push((n.trim().to_string(), v.to_string()))
            }
            _ => self.diagnostics.push(Diagnostic::global_error(format!(
                "invalid constant definition: '{}' (expected NAME=VALUE, NAME a lower-case identifier)",
                definition
            ))),
        }
    }

    /// The options this control was made with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The options of the solves to come (clingo's configuration, set
    /// between solves); what was grounded stays as it was grounded.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// After [`Control::ground`]: the program has minimize statements and
    /// the optimisation mode does not ignore them, so the answer sets are
    /// ranked by their costs.
    pub fn optimizing(&self) -> bool {
        self.options.opt.mode != OptMode::Ignore
            && self.ground.as_ref().is_some_and(|g| !g.program().minimize.is_empty())
    }

    /// Script calls `@f(..)` of the groundings to come evaluate through
    /// `functions` (clingo's grounding context); `None`: no function is
    /// defined, each call is an undefined operation.
    pub fn set_functions(&mut self, functions: Option<Arc<dyn crate::Functions>>) {
        self.functions = functions;
    }

    /// A handle that stops grounding or solving from another thread.
    pub fn interrupter(&self) -> Interrupter {
        self.interrupter.clone()
    }

    /// Parses every source (choosing the dialect), then grounds the part
    /// `base`.  Infos and warnings are kept in [`Control::diagnostics`]
    /// either way.  A single-shot grounding: the grounder's tables are
    /// freed (a later [`Control::ground_parts`] grounds `base` again).
    pub fn ground(&mut self) -> Result<(), Error> {
        // (a program only a backend made is grounded on)
        let backend_only = self.grounded.is_empty() && self.live.is_some();
        if self.ground.is_some() && !backend_only {
            return Ok(());
        }
        self.ground_parts_as(&[("base".to_string(), Vec::new())], false)
    }

    /// Grounds the part instances `parts` (`("step", [1])` grounds
    /// `#program step(t).` with `t` = 1) on top of those grounded before,
    /// as clingo does: only the new instances are instantiated, over the
    /// atoms of every earlier step; rules of earlier steps are not grounded
    /// again.  Instances grounded before are not repeated unless their
    /// part got statements since (then all of them are grounded again, as
    /// clingo grounds them); a part nobody wrote grounds to nothing.
    /// Assigned externals keep their values.
    pub fn ground_parts(&mut self, parts: &[(String, Vec<Value>)]) -> Result<(), Error> {
        self.ground_parts_as(parts, true)
    }

    /// [`Control::ground_parts`]; `more`: further steps may follow (the
    /// grounder is kept).
    fn ground_parts_as(&mut self, parts: &[(String, Vec<Value>)], more: bool) -> Result<(), Error> {
        if matches!(self.ground.as_deref(), Some(Ground::Read(_))) {
            return Ok(());
        }
        let mut new: Vec<(String, Vec<Value>)> = Vec::new();
        for p in parts {
            // an instance grounded before is grounded again, as clingo
            // grounds it, when its part got statements since
            let since = self.grounded.iter().find(|(g, _)| g == p).map(|&(_, n)| n);
            let grown = since.is_some_and(|n| self.top[n..].iter().any(|(_, (part, _))| *part == p.0));
            if (since.is_none() || grown) && !new.contains(p) {
                new.push(p.clone());
            }
        }
        if self.ground.is_some() && new.is_empty() {
            return Ok(());
        }
        // after a single-shot grounding, the steps so far are grounded again
        let steps: Vec<_> = if self.live.is_none() {
            self.grounded.iter().map(|(g, _)| g).filter(|g| !new.contains(g)).chain(&new).cloned().collect()
        } else {
            new.clone()
        };
        let regrounded = self.live.is_none();
        let before = self.diagnostics.len();
        let result = self.ground_instances(&steps, more);
        // a diagnostic seen in an earlier grounding is not repeated, but
        // for clingo's check of the `#show p/n.` so far, made at each step
        let mut fresh: Vec<Diagnostic> = self.diagnostics.drain(before..).collect();
        let every_step = |d: &Diagnostic| !regrounded && d.message == ground::NO_ATOMS_OVER_SIGNATURE;
        fresh.retain(|d| every_step(d) || !self.diagnostics.contains(d));
        self.diagnostics.extend(fresh);
        if result.is_ok() {
            for p in new {
                let sources = self.top.len();
                match self.grounded.iter_mut().find(|(g, _)| *g == p) {
                    Some((_, n)) => *n = sources,
                    None => self.grounded.push((p, sources)),
                }
            }
            self.observe();
        }
        result
    }

    /// Grounds `instances` on the live grounder (a new one if there is
    /// none); `more`: keep it for further steps.
    fn ground_instances(&mut self, instances: &[(String, Vec<Value>)], more: bool) -> Result<(), Error> {
        if self.top.is_empty() && !has_errors(&self.diagnostics) {
            self.add("<empty>", "");
        }
        let dialect = match crate::syntax::dialect::choose(&self.sources, self.options.dialect) {
            Ok((d, infos)) => {
                self.diagnostics.extend(infos);
                d
            }
            Err(e) => {
                self.diagnostics.push(e);
                return Err(Error::Input("parsing failed"));
            }
        };
        let sources = Arc::make_mut(&mut self.sources);
        let mut parts = crate::syntax::include::read_files(sources, &self.top, dialect);
        if dialect == Dialect::Clingo5 {
            let given: Vec<&str> = self.options.consts.iter().map(|(n, _)| n.trim()).collect();
            crate::syntax::include::one_definition_per_constant(&mut parts, sources, &given);
        }
        self.incremental = parts.incremental();
        self.program_consts = parts
            .base
            .iter()
            .filter_map(|s| match s {
                Statement::Const { name, value, .. } => {
                    Some((name.clone(), sources.text(value.span).to_string()))
                }
                _ => None,
            })
            .collect();
        self.diagnostics.extend(std::mem::take(&mut parts.diags));
        let (stmts, params, unused) = instances_of(parts.base, parts.other, instances);
        let (consts, invalid) = command_line_consts(sources, &self.options.consts);
        for (name, value) in invalid {
            self.diagnostics
                .push(Diagnostic::global_error(format!("invalid constant definition: '{}={}'", name, value)));
        }
        if has_errors(&self.diagnostics) {
            return Err(Error::Input("parsing failed"));
        }
        let opts = ground::Options {
            consts,
            dialect,
            max_atoms: self.options.max_ground_atoms,
            interrupt: Some(self.interrupter.0.clone()),
            record_origins: self.options.explain,
            name_all_atoms: !self.options.lean || self.options.explain,
            // steps grow one search that reads nothing else of them
            stream_steps: self.options.lean && !self.options.explain,
            params: Vec::new(),
            functions: self.functions.clone(),
            ..Default::default()
        };
        // Parts not asked for are not grounded, but checked.
        let mut written_elsewhere = Vec::new();
        if !unused.is_empty() {
            let (errors, written) = ground::check(&unused, &opts);
            self.diagnostics.extend(errors);
            if has_errors(&self.diagnostics) {
                return Err(Error::Input("grounding stopped because of errors"));
            }
            written_elsewhere = written;
        }
        let opts = ground::Options { params, written_elsewhere, ..opts };
        // the last step's program goes back to the grounder, which
        // handed it on (a grounding that fails leaves none)
        let mut grounder = match self.live.take() {
            Some(mut grounder) => {
                if let Some(last) = self.ground.take() {
                    if let Ground::Grounded(g) =
                        Arc::try_unwrap(last).unwrap_or_else(|shared| (*shared).clone())
                    {
                        grounder.take_back(g);
                    }
                }
                // what the last step's search knows false for good is
                // forgotten, as clingo cleans up its domains
                let gone = self.carried.lock().ok().and_then(|c| c.as_ref()?.search.false_for_good());
                if let Some(gone) = gone {
                    grounder.forget(|a| gone.get(a.index()) == Some(&true));
                }
                grounder
            }
            None => ground::Grounder::new(self.options.explain),
        };
        match grounder.add(stmts, &opts) {
            Ok(infos) => {
                self.diagnostics.extend(infos);
                let g = if more {
                    let g = grounder.grounding();
                    self.live = Some(grounder);
                    g
                } else {
                    grounder.finish()
                };
                let mut g = Ground::Grounded(g);
                for (v, value) in &self.assigned {
                    set_external(&mut g, v, *value);
                }
                self.project_edit.apply(g.program_mut());
                if self.options.supported {
                    if self.live.is_some() {
                        // (a grounder that goes on numbers its atoms itself)
                        self.warn_once("--supp-models: a program grounded in steps has its stable models");
                    } else {
                        crate::program::supported::rewrite(g.program_mut());
                    }
                }
                if self.dom_mod().is_some() && self.live.is_some() {
                    self.warn_once(
                        "--dom-mod: a program grounded in steps keeps its own #heuristic directives only",
                    );
                } else {
                    self.add_default_heuristics(&mut g);
                }
                self.ground = Some(Arc::new(g));
                Ok(())
            }
            Err(d) => {
                if self.interrupter.is_interrupted() {
                    return Err(Error::Interrupted);
                }
                self.diagnostics.extend(d);
                Err(Error::Input("grounding stopped because of errors"))
            }
        }
    }

    /// Adds a propagator written outside the solver (clingo's
    /// `register_propagator`) to the searches of every later solve: its
    /// `init` is called at the start of each (see
    /// [`crate::solver::external`]). With propagators a solve is one
    /// search (`-t N` does not race) that starts afresh.
    pub fn register_propagator(&mut self, p: Arc<Mutex<dyn crate::solver::external::UserPropagator>>) {
        self.propagators.push(p);
    }

    /// Opens a backend on the program (clingo's `Control.backend()`):
    /// the program grounded so far (none yet: an empty one that the next
    /// groundings grow), or the ground program read in. Until
    /// [`Control::close_backend`] gives it back the control has no
    /// program: close before grounding or solving again.  A program
    /// grounded in one shot ([`Control::ground`]) cannot be added to:
    /// ground with [`Control::ground_parts`].
    pub fn open_backend(&mut self) -> Result<crate::Backend, Error> {
        use crate::backend::Target;
        // after a grounding that failed, the parts grounded before it are
        // grounded again first (as the next grounding would)
        if self.live.is_none() && self.ground.is_none() && !self.grounded.is_empty() {
            self.ground_parts_as(&[], true)?;
        }
        let target = match (self.live.take(), self.ground.take()) {
            (Some(mut grounder), last) => {
                if let Some(last) = last {
                    if let Ground::Grounded(g) =
                        Arc::try_unwrap(last).unwrap_or_else(|shared| (*shared).clone())
                    {
                        grounder.take_back(g);
                    }
                }
                Target::Grounder(Box::new(grounder))
            }
            (None, None) => Target::Grounder(Box::new(ground::Grounder::new(self.options.explain))),
            (None, Some(last)) => match Arc::try_unwrap(last).unwrap_or_else(|shared| (*shared).clone()) {
                Ground::Read(r) => Target::Read(r),
                grounded => {
                    self.ground = Some(Arc::new(grounded));
                    return Err(Error::Usage("a backend adds to a program grounded in steps (ground_parts)"));
                }
            },
        };
        Ok(crate::Backend { target, assumptions: Vec::new(), declared: Vec::new() })
    }

    /// Takes back the program of a backend opened by
    /// [`Control::open_backend`], with what was added to it; its
    /// assumptions hold for the next solve.
    pub fn close_backend(&mut self, backend: crate::Backend) {
        use crate::backend::Target;
        self.assume_next.extend(backend.assumptions);
        let mut g = match backend.target {
            Target::Grounder(mut grounder) => {
                let g = grounder.grounding();
                self.live = Some(*grounder);
                Ground::Grounded(g)
            }
            Target::Read(r) => Ground::Read(r),
        };
        // a declaration's value replaces the one assigned before
        self.assigned.retain(|(v, _)| g.atom_of(v).is_none_or(|a| !backend.declared.contains(&a)));
        for (v, value) in &self.assigned {
            set_external(&mut g, v, *value);
        }
        self.project_edit.apply(g.program_mut());
        self.ground = Some(Arc::new(g));
        self.observe();
    }

    /// Runs `f` on a backend of the program ([`Control::open_backend`]),
    /// closed when it returns.
    pub fn with_backend<R>(&mut self, f: impl FnOnce(&mut crate::Backend) -> R) -> Result<R, Error> {
        let mut backend = self.open_backend()?;
        let r = f(&mut backend);
        self.close_backend(backend);
        Ok(r)
    }

    /// Assigns the external atom `atom` a value (`Release`: false for
    /// good) for the next solves, as clingo's `assign_external`; `false`
    /// when the program has no such external atom (nothing changes).
    pub fn assign_external(&mut self, atom: &Value, value: External) -> bool {
        let Some(ground) = &mut self.ground else { return false };
        if !set_external(Arc::make_mut(ground), atom, value) {
            return false;
        }
        self.assigned.retain(|(v, _)| v != atom);
        self.assigned.push((atom.clone(), value));
        self.stepping = true;
        if let (false, Some(ground)) = (self.observers.is_empty(), self.ground.as_deref()) {
            if let Some(a) = ground.atom_of(atom) {
                self.observers.iter_mut().for_each(|o| o.tell_external(a, value));
            }
        }
        true
    }

    /// Tells `observer` the ground program from now on, and the steps
    /// solves end (clingo's `register_observer`; see [`crate::observe`]):
    /// what is grounded already is not told.
    pub fn register_observer(&mut self, observer: Box<dyn crate::observe::Observer>) {
        let shown = self.ground.as_deref().map(|g| g.output_table()).unwrap_or_default();
        let program = self.ground.as_deref().map(|g| (g.program(), &shown[..]));
        let observed = crate::observe::Observed::new(observer, program, self.stepping);
        self.observers.insert(0, observed);
    }

    /// Tells the observers what the program has that they were not told.
    fn observe(&mut self) {
        self.stepping = true;
        let Some(ground) = self.ground.as_deref() else { return };
        if self.observers.is_empty() {
            return;
        }
        let shown = ground.output_table();
        let ended = self.step_ended;
        self.observers.iter_mut().for_each(|o| o.tell(ground.program(), &shown, ended));
    }

    /// Tells the observers now that the next solve, under `assumptions`,
    /// ends the step (so that what they do then, such as adding through a
    /// backend, is in that solve, as in clingo, where observers are told
    /// as the solve starts).
    pub fn end_step(&mut self, assumptions: &[(Value, bool)]) {
        self.observe_solve(assumptions);
        self.step_ended = true;
    }

    /// Tells the observers that a solve under `assumptions` ends the step.
    fn observe_solve(&mut self, assumptions: &[(Value, bool)]) {
        if self.observers.is_empty() {
            self.stepping = false;
            return;
        }
        self.observe();
        self.stepping = false;
        let mut lits: Vec<i32> = Vec::new();
        if let Some(ground) = self.ground.as_deref() {
            for (v, truth) in assumptions {
                if let Some(a) = ground.atom_of(v) {
                    let l = crate::observe::atom(a) as i32;
                    lits.push(if *truth { l } else { -l });
                }
            }
        }
        lits.extend(self.assume_next.iter().map(|&l| crate::observe::lit(l)));
        self.observers.iter_mut().for_each(|o| o.end(&lits));
    }

    /// The atoms of the ground program that stand for ground atoms (not
    /// auxiliary ones), in the order they were made.
    pub fn symbolic_atoms(&self) -> Vec<SymbolicAtom> {
        let Some(ground) = &self.ground else { return Vec::new() };
        let program = ground.program();
        let fact = program.facts();
        // as clingo: an external that a rule or fact also defines is no
        // longer an external
        let mut external = vec![false; program.num_atoms as usize];
        for (a, v) in &program.externals {
            external[a.index()] = *v != External::Release;
        }
        for r in &program.rules {
            match &r.head {
                crate::program::Head::Disjunction(h) | crate::program::Head::Choice(h) => {
                    h.iter().for_each(|a| external[a.index()] = false)
                }
            }
        }
        let mut out: Vec<SymbolicAtom> = match &**ground {
            Ground::Grounded(g) => g.atom_syms.iter().map(|(a, s)| (a, g.syms.value(*s))).collect::<Vec<_>>(),
            Ground::Read(r) => r
                .output
                .iter()
                .filter(|(_, c)| c.len() == 1 && c[0].is_positive())
                .filter_map(|(t, c)| Some((c[0].atom(), Value::parse(t)?)))
                .collect(),
        }
        .into_iter()
        .map(|(atom, symbol)| SymbolicAtom {
            symbol,
            atom,
            fact: fact[atom.index()],
            external: external[atom.index()],
        })
        .collect();
        out.sort_by_key(|a| a.atom);
        out
    }

    /// Starts solving for at most `models` answer sets (0: all).
    pub fn solve(&mut self, models: u64) -> Result<Solve, Error> {
        self.solve_assuming(models, &[])
    }

    /// The atom standing for the ground atom `v` (`None`: the program has
    /// none, or nothing is grounded).
    pub fn atom_of(&self, v: &Value) -> Option<Atom> {
        self.ground.as_deref()?.atom_of(v)
    }

    /// Adds `atoms` to the atoms answer sets are projected on with
    /// `--project` (clingo's `Control.add_project`), for this program and
    /// the steps grounded after it.
    /// Atoms the program does not have are left out.
    pub fn add_project(&mut self, atoms: &[Atom]) {
        let num_atoms = self.ground.as_deref().map_or(0, |g| g.program().num_atoms);
        for a in atoms.iter().filter(|a| a.0 < num_atoms) {
            if !self.project_edit.added.contains(a) {
                self.project_edit.added.push(*a);
            }
        }
        self.edit_project();
    }

    /// Projects on no atom (clingo's `Control.remove_project`): `#project`
    /// directives of later steps, and [`Control::add_project`], add to it.
    pub fn remove_project(&mut self) {
        let current = self.ground.as_deref().and_then(|g| g.program().project.clone()).unwrap_or_default();
        let edit = &mut self.project_edit;
        edit.cleared = true;
        for a in current.into_iter().chain(std::mem::take(&mut edit.added)) {
            if !edit.dropped.contains(&a) {
                edit.dropped.push(a);
            }
        }
        self.edit_project();
    }

    /// Projects on `atoms` only (clingo's `Control.replace_project`).
    pub fn replace_project(&mut self, atoms: &[Atom]) {
        self.remove_project();
        self.add_project(atoms);
    }

    fn edit_project(&mut self) {
        if let Some(ground) = self.ground.as_mut() {
            self.project_edit.apply(Arc::make_mut(ground).program_mut());
        }
        self.observe();
    }

    /// Drops the program's minimize statements (clingo's
    /// `Control.remove_minimize`): later solves have no objective unless
    /// a later grounding brings one.
    pub fn remove_minimize(&mut self) {
        if let Some(live) = self.live.as_mut() {
            live.remove_minimize();
        }
        if let Some(ground) = self.ground.as_mut() {
            if let Ground::Grounded(g) = Arc::make_mut(ground) {
                g.program.minimize.clear();
            }
        }
    }

    /// The value of the constant `name` (`#const` in the program, or
    /// `-c`, which wins), as clingo's `Control.get_const`; `None` if no
    /// constant has that name, or the program does not parse.
    pub fn get_const(&mut self, name: &str) -> Option<Value> {
        let (dialect, _) = crate::syntax::dialect::choose(&self.sources, self.options.dialect).ok()?;
        let sources = Arc::make_mut(&mut self.sources);
        let parts = crate::syntax::include::read_files(sources, &self.top, dialect);
        let (consts, invalid) = command_line_consts(sources, &self.options.consts);
        if !invalid.is_empty() {
            return None;
        }
        let opts = ground::Options { consts, dialect, ..Default::default() };
        ground::constants(&parts.base, &opts).into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// A core of `assumptions` (as [`Control::solve_assuming`] takes
    /// them) for a solve under them that found no answer set: the indices
    /// of some of them that hold together in no answer set (empty: the
    /// program has none at all), found by a search that decides them first,
    /// as clasp's; not always the smallest.  When that search finds a
    /// candidate with them all (a disjunctive program whose candidates need
    /// the minimality check) or is interrupted: all of them.
    pub fn core(&mut self, assumptions: &[(Value, bool)]) -> Result<Vec<usize>, Error> {
        let Some(ground) = &self.ground else { return Err(Error::Usage("core before ground")) };
        let (mut lits, mut which) = (Vec::new(), Vec::new());
        for (i, (v, truth)) in assumptions.iter().enumerate() {
            match ground.atom_of(v) {
                Some(a) => {
                    lits.push(crate::program::Lit::new(a, *truth));
                    which.push(i);
                }
                // an atom the program does not have is false
                None if *truth => return Ok(vec![i]),
                None => {}
            }
        }
        let tuning = Tuning { enumerate: false, optimize: false, params: self.options.params };
        let mut models = match crate::models::Models::new(ground.program(), tuning) {
            Ok(m) => m,
            Err(e) => {
                self.diagnostics.push(Diagnostic::global_error(e.to_string()));
                return Err(Error::Input("the program cannot be solved"));
            }
        };
        models.set_interrupt(self.interrupter.0.clone());
        for p in &self.propagators {
            models.add_user_propagator(p.clone());
        }
        Ok(match models.core(&lits) {
            Some(core) => core.into_iter().map(|k| which[k]).collect(),
            None => (0..assumptions.len()).collect(),
        })
    }

    /// Starts solving for at most `models` answer sets (0: all) that
    /// agree with the assumptions: ground atoms that must be true (`true`)
    /// or false.  An atom the program does not have is false.
    pub fn solve_assuming(&mut self, models: u64, assumptions: &[(Value, bool)]) -> Result<Solve, Error> {
        if self.ground.is_none() {
            return Err(Error::Usage("solve before ground"));
        }
        if std::mem::take(&mut self.step_ended) {
            self.stepping = false;
        } else {
            self.observe_solve(assumptions);
        }
        let Some(ground) = &self.ground else { return Err(Error::Usage("solve before ground")) };
        // The hand-off to the solver: the grounder's invariants, checked in debug builds.
        #[cfg(debug_assertions)]
        if let Err(e) = ground.program().validate() {
            panic!("internal error: the ground program is invalid: {e:?}");
        }
        // Optimisation (branch and bound, core-guided) is a sequence of
        // single-model searches with their own tuning (plain mode
        // throughout, see `solver::phases`), unless all answer sets are
        // enumerated (`enum`, `ignore`, no objective).
        let converging = !ground.program().minimize.is_empty()
            && matches!(self.options.opt.mode, OptMode::Opt | OptMode::OptN);
        let tuning = Tuning {
            enumerate: models != 1 && !converging,
            optimize: converging,
            params: self.options.params,
        };
        // A step of an incremental run — an incmode or iclingo program, or
        // parts grounded step by step through `ground_parts` (a script's
        // own loop) — continues the last step's search, or starts from
        // what it learnt, if that still holds (no objective, no
        // assumptions of the caller's: see `crate::carry`).
        // It is one search also under `-t N`: the portfolio's searches
        // would each start afresh at every step. Nor do copies of the
        // step's search (`Search::fork`, with what it learnt) racing it at
        // every step, the winner carried on, pay: measured 2026-12-03
        // (`-t 2`, medians of 3, wall time, one other core busy) every
        // incremental row of `bench/` was slower (Hanoi n=6 1.9 s -> 7.7
        // s, the sliding puzzle 0.8 -> 0.95 s, clingo's 15-puzzle example
        // to 25 steps 12 -> 16 s).
        let assumed = std::mem::take(&mut self.assume_next);
        let remembering = (self.incremental.is_some() || self.live.is_some())
            && assumptions.is_empty()
            && assumed.is_empty()
            && self.propagators.is_empty()
            && ground.program().minimize.is_empty();
        let carried = self.carried.lock().map(|mut c| c.take()).unwrap_or(None);
        // the program's open externals, for this step and the next
        let new_open = if remembering { ground.program().open_externals() } else { Vec::new() };
        // A streaming grounder's step has only its new rules: they are
        // the rules added to the last step's search, if they extend it.
        let streamed = ground.streamed();
        let partial = streamed.is_some_and(|s| s.partial);
        let (mut grown, mut memory) = (None, None);
        if let Some(c) = carried.filter(|_| remembering) {
            let new = ground.program();
            let next_step = c.step.zip(streamed).is_some_and(|(old, new)| old + 1 == new.step);
            let added = match partial {
                true => (next_step && crate::carry::extends(&c.log, &c.open, new, &new_open))
                    .then(|| new.rules.iter().collect()),
                false => crate::carry::delta(&c.log, &c.open, new, &new_open),
            };
            if let Some(added) = added {
                let mut s = c.search;
                if self.options.keep == crate::carry::Keep::default()
                    && s.grow(new, &added, &new_open, tuning)
                {
                    grown = Some(s);
                } else {
                    memory = s.memory().map(|m| self.options.keep.apply(m));
                }
            }
        }
        // A step's search that does not grow the last one's, or a check of
        // its answer sets, needs the whole program: the earlier steps'
        // rules unpacked.
        let whole = match (&self.live, partial && (grown.is_none() || self.options.check)) {
            (Some(live), true) => live.earlier().map(|e| e.whole(ground.program())),
            _ => None,
        };
        // A lean solve hands the rules to the search, which drops them once
        // translated, before its solver is built: they are read by nothing
        // later (one grounding, one solve, no explanations,
        // no `optN` phase; with checks, the checker keeps a copy).
        let rules_read_later = !self.options.lean
            || self.options.explain
            || self.live.is_some()
            || self.incremental.is_some()
            || (!ground.program().minimize.is_empty() && self.options.opt.mode == OptMode::OptN);
        let handed = match grown {
            None if !rules_read_later => self.ground.as_mut().and_then(Arc::get_mut).map(|g| {
                let p = g.program_mut();
                let rules = std::mem::take(&mut p.rules);
                GroundProgram { rules, ..p.clone_without_rules() }
            }),
            _ => None,
        };
        // (the copy for the checker, or the whole program of a step)
        let kept = if self.options.check { handed.clone() } else { None }.or(whole);
        let Some(ground) = &self.ground else { return Err(Error::Usage("solve before ground")) };
        let program = kept.as_ref().unwrap_or(ground.program());
        let mut impossible = false;
        let mut clauses = Vec::new();
        for (v, truth) in assumptions {
            match ground.atom_of(v) {
                Some(a) => clauses.push(vec![crate::program::Lit::new(a, *truth)]),
                None => impossible |= *truth,
            }
        }
        clauses.extend(assumed.into_iter().map(|l| vec![l]));
        let config = self.options.opt.clone();
        let (search, race) = match (grown, handed) {
            (Some(s), _) => (Ok(s), None),
            (None, _) if remembering => (Search::remembering(program, tuning, config, memory.as_ref()), None),
            // `-t N`: the race holds a handed program, whose rules go
            // before its other searches are copied from the first (or,
            // when they must be made from it, once they are made)
            // (not with `--opt-stop`: one search stops where it says)
            (None, handed)
                if self.options.threads > 1 && config.stop.is_empty() && self.propagators.is_empty() =>
            {
                let whole = handed.map(Arc::new);
                let first = Search::new(whole.as_deref().unwrap_or(program), tuning, config.clone());
                let threads = self.options.threads;
                let clauses = clauses.clone();
                (first, Some(crate::portfolio::Race { threads, tuning, config, clauses, whole }))
            }
            (None, Some(program)) => (Search::consume(program, tuning, config), None),
            (None, None) => (Search::new(program, tuning, config), None),
        };
        let mut solver = match search {
            Ok(s) => s,
            Err(e) => {
                self.diagnostics.push(Diagnostic::global_error(e.to_string()));
                return Err(Error::Input("the program cannot be solved"));
            }
        };
        solver.set_interrupt(self.interrupter.0.clone());
        for c in &clauses {
            solver.add_clause(c);
        }
        for p in &self.propagators {
            solver.add_user_propagator(p.clone());
        }
        let consequences = match self.options.enum_mode {
            EnumMode::Auto | EnumMode::DomRec => None,
            mode => Some(Consequences::new(mode == EnumMode::Brave, ground.output_atoms())),
        };
        let mut warnings = Vec::new();
        let dom_rec = match self.options.enum_mode {
            EnumMode::DomRec if !self.options.params.domain => {
                warnings.push("Reasoning mode requires domain heuristic and is ignored.");
                None
            }
            EnumMode::DomRec => {
                let also = match self.dom_mod().filter(|m| m.records()) {
                    Some(m) => {
                        let objective = self.options.opt.mode != OptMode::Ignore;
                        m.picked(program, &ground.output_atoms(), objective)
                            .into_iter()
                            .map(|(l, _)| l.atom())
                            .collect()
                    }
                    None => Vec::new(),
                };
                // clasp records no atom fixed before the search
                let record =
                    DomainRecord::new(&program.heuristics, &also, |a| solver.fixed_value(a).is_some());
                if record.is_none() && !solver.exhausted() {
                    warnings.push("domRec ignored: No domain atoms found.");
                }
                record
            }
            _ => None,
        };
        let project = ground.program().project.clone();
        let project_on = match self.options.project {
            ProjectMode::No => None,
            ProjectMode::Show => Some(ground.output_atoms()),
            ProjectMode::Project => Some(project.unwrap_or_default()),
            ProjectMode::Auto => Some(project.unwrap_or_else(|| ground.output_atoms())),
        };
        // as clasp: optimising to one optimum while projecting, warned
        // of unless the projection is on every atom of the objective (a
        // domain record always, as clasp 3.3's)
        if solver.optimizing() && self.options.opt.mode == OptMode::Opt && !solver.exhausted() {
            let unsure = match (&dom_rec, &project_on) {
                (Some(_), _) => true,
                (None, Some(on)) => {
                    let on: std::collections::HashSet<_> = on.iter().collect();
                    program.minimize.iter().flat_map(|m| &m.lits).any(|(l, _)| !on.contains(&l.atom()))
                }
                (None, None) => false,
            };
            if unsure {
                warnings.push("Projection: Optimization may depend on enumeration order.");
            }
        }
        // projected enumeration by backtracking where the search can; each
        // answer set is otherwise excluded by its projection's clause
        // (not while optimising: the converging answer sets are excluded by the bound)
        let project_on = project_on.filter(|on| solver.optimizing() || !solver.project_on(on));
        if project_on.is_some() || consequences.is_some() || dom_rec.is_some() {
            // each answer set is then excluded by its projection or consequence clause
            solver.models_excluded_by_caller(true);
        }
        Ok(Solve {
            consequences,
            project_on,
            dom_rec,
            warnings,
            ground: ground.clone(),
            sources: self.sources.clone(),
            carry: remembering.then(|| (self.carried.clone(), new_open)),
            race,
            pending: Default::default(),
            stop: self.interrupter.0.clone(),
            start: solver.stats(),
            solver,
            limit: models,
            count: 0,
            optimal: 0,
            last_costs: Vec::new(),
            check: self.options.check,
            atoms: true,
            kept,
            more: false,
            exhausted: false,
            interrupted: false,
            done: impossible,
        }
        .impossible(impossible))
    }

    /// Every diagnostic so far (errors, warnings, infos), in order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// A diagnostic as gringo prints it (`file:line:col-col: error: ...`).
    pub fn render(&self, d: &Diagnostic) -> String {
        d.render(&self.sources)
    }

    /// Checks each candidate (atoms as clingo prints them) and renders
    /// the verdicts as `--verify` prints them; `Err` before grounding or
    /// on a ground program read as aspif/smodels.  The first value: all
    /// candidates are stable.
    pub fn verify(&self, candidates: &[Vec<String>]) -> Result<(bool, String), Error> {
        let Some(g) = self.grounding() else {
            return Err(Error::Usage("--verify needs a program to ground, not a ground program"));
        };
        let mut all = true;
        let mut text = String::new();
        for (i, c) in candidates.iter().enumerate() {
            let v = crate::explain::verify::verify(g, c);
            all &= v.stable;
            text.push_str(&crate::explain::render_verdict(i + 1, &v, g, &self.sources));
        }
        Ok((all, text))
    }

    /// For an unsatisfiable program: an irreducible set of its integrity
    /// constraints that cannot hold together, rendered as `--explain`
    /// prints it (see [`crate::explain::core`]); `None` when the program
    /// has answer sets, was not grounded from text, or the search was
    /// interrupted.
    pub fn explain_unsat(&self) -> Option<String> {
        let g = self.grounding()?;
        let core = crate::explain::core::unsat_core(g, &self.sources, Some(self.interrupter.0.clone()))?;
        Some(crate::explain::core::render(&core, g, &self.sources))
    }

    /// After [`Control::ground`]: how the program is incremental, if it
    /// is (`#include <incmode>.`, or iclingo's `#cumulative`/`#volatile`
    /// parts); such a program is run step by step
    /// ([`crate::incremental::Steps`]).
    pub fn incremental(&self) -> Option<crate::incremental::Form> {
        self.incremental
    }

    /// The value of the constant `name` (clingo's `get_const`): a `-c`
    /// definition, else the program's `#const` (after [`Control::ground`]);
    /// `None` when neither defines it or the value is not a ground term.
    pub fn constant(&self, name: &str) -> Option<Value> {
        let cmd = self.options.consts.iter().rev().find(|(n, _)| n.trim() == name).map(|(_, v)| v);
        let text = cmd.or_else(|| self.program_consts.iter().find(|(n, _)| n == name).map(|(_, v)| v))?;
        Value::parse(text)
    }

    /// The grounder's result (after [`Control::ground`] on program text).
    pub fn grounding(&self) -> Option<&Grounding> {
        match self.ground.as_deref() {
            Some(Ground::Grounded(g)) => Some(g),
            _ => None,
        }
    }
}

/// Sets the external atom `v`'s value; `false` if `v` is not an external
/// atom of the program.
fn set_external(g: &mut Ground, v: &Value, value: External) -> bool {
    let Some(atom) = g.atom_of(v) else { return false };
    match g.program_mut().externals.iter_mut().find(|(a, _)| *a == atom) {
        Some(e) if e.1 != External::Release => {
            e.1 = value;
            true
        }
        _ => false,
    }
}

/// The `-c name=value` constants parsed (each value a source of its own,
/// `<cmd>:name`), and those whose value is no term.
fn command_line_consts(sources: &mut SourceMap, given: &[(String, String)]) -> ConstsRead {
    let (mut consts, mut invalid) = (Vec::new(), Vec::new());
    for (name, value) in given {
        let id = sources.add(format!("<cmd>:{}", name), value.clone());
        match parse::const_value(id, value) {
            Some(t) => consts.push((name.trim().to_string(), t)),
            None => invalid.push((name.clone(), value.clone())),
        }
    }
    (consts, invalid)
}

/// Constants read from the command line, and the definitions that are not.
type ConstsRead = (Vec<(String, crate::syntax::ast::Term)>, Vec<(String, String)>);

/// The statements of the part instances asked for: `base` (or, without
/// it, only the statements that hold in every part), then each instance
/// of another part, with its parameters' values by statement range; and
/// the statements of parts not asked for.
fn instances_of(
    base: Vec<Statement>,
    other: Vec<crate::syntax::include::Part>,
    instances: &[(String, Vec<Value>)],
) -> (Vec<Statement>, Vec<ground::PartInstance>, Vec<Statement>) {
    let mut stmts = if instances.iter().any(|(n, a)| n == "base" && a.is_empty()) {
        base
    } else {
        base.into_iter()
            .filter(|s| {
                matches!(
                    s,
                    Statement::Const { .. } | Statement::ShowSig { .. } | Statement::ShowNothing { .. }
                )
            })
            .collect()
    };
    let mut params = Vec::new();
    let mut unused = Vec::new();
    for part in other {
        let mut used = false;
        for (name, args) in instances {
            // iclingo's volatile part is asked for guarded (a step), or as
            // it is written (`--ifixed`: the one step there is)
            let fixed =
                part.name == crate::incremental::VOLATILE && name == crate::incremental::FIXED_VOLATILE;
            if (*name == part.name || fixed) && args.len() == part.params.len() {
                used = true;
                let start = stmts.len();
                let mut instance = part.stmts.clone();
                if part.name == crate::incremental::VOLATILE && !fixed {
                    let span = instance.first().map_or(Span::NOWHERE, |s| s.span());
                    crate::incremental::guard_volatile(&mut instance, &part.params[0], span);
                }
                stmts.extend(instance);
                params.push((
                    start..stmts.len(),
                    part.params.iter().cloned().zip(args.iter().cloned()).collect(),
                ));
            }
        }
        if !used {
            unused.extend(part.stmts);
        }
    }
    (stmts, params, unused)
}

/// An input's name and bytes (`-`: stdin), or clingo's message.
fn read(path: &str) -> Result<(String, Vec<u8>), Diagnostic> {
    use std::io::Read;
    if path == "-" {
        let mut buf = Vec::new();
        return match std::io::stdin().read_to_end(&mut buf) {
            Ok(_) => Ok(("-".into(), buf)),
            Err(e) => Err(Diagnostic::command_line_error("stdin could not be read:", e.to_string())),
        };
    }
    match std::fs::read(Path::new(path)) {
        Ok(b) => Ok((path.to_string(), b)),
        Err(_) => Err(Diagnostic::command_line_error("file could not be opened:", path)),
    }
}

/// One answer set.
#[derive(Clone)]
pub struct Model {
    ground: Arc<Ground>,
    sources: Arc<SourceMap>,
    number: u64,
    /// Per atom of the ground program; `None` from a solve made
    /// [`Solve::without_atoms`].
    truth: Option<Vec<bool>>,
    costs: Vec<i64>,
    optimal: bool,
    consequences: Option<(usize, usize)>,
}

impl Model {
    /// 1 for the first answer set found, 2 for the next, ...; with
    /// `--opt-mode=optN` the optimal answer sets are numbered from 1 again,
    /// as clingo prints them.
    pub fn number(&self) -> u64 {
        self.number
    }
    /// Its costs, highest priority first (empty without optimisation).
    pub fn cost(&self) -> &[i64] {
        &self.costs
    }
    /// The priority of each cost (clingo's `Model.priority`), highest first.
    pub fn priorities(&self) -> Vec<i64> {
        if self.costs.is_empty() {
            return Vec::new();
        }
        self.ground.program().objective().iter().map(|(p, _)| *p).collect()
    }
    /// Under `-e brave|cautious` (the model is then the consequences so
    /// far): how many shown terms are known consequences, and how many
    /// may be.
    pub fn consequences(&self) -> Option<(usize, usize)> {
        self.consequences
    }
    /// It is known to be optimal (the optimal answer sets of `optN`).
    pub fn optimality_proven(&self) -> bool {
        self.optimal
    }
    /// What clingo prints for it (after `#show`), in clingo's term order
    /// (nothing from a solve made [`Solve::without_atoms`], as for every
    /// reading of its atoms below).
    pub fn shown(&self) -> Vec<String> {
        self.truth.as_ref().map_or_else(Vec::new, |t| self.ground.shown(t))
    }
    /// Every true atom of the program (auxiliary atoms left out), in
    /// clingo's term order, whether shown or not.
    pub fn atoms(&self) -> Vec<String> {
        self.truth.as_ref().map_or_else(Vec::new, |t| self.ground.atoms(t))
    }
    /// Is this atom (as printed, e.g. `p(1,"a")`) true?
    pub fn contains(&self, atom: &str) -> bool {
        self.atoms().iter().any(|a| a == atom)
    }
    /// What clingo prints for it, as values.
    pub fn shown_values(&self) -> Vec<Value> {
        self.truth.as_ref().map_or_else(Vec::new, |t| self.ground.shown_values(t))
    }
    /// Every true atom of the program (auxiliary atoms left out), as
    /// values, in clingo's term order.
    pub fn atom_values(&self) -> Vec<Value> {
        self.truth.as_ref().map_or_else(Vec::new, |t| self.ground.atom_values(t))
    }
    /// Is the ground atom `atom` true?
    pub fn contains_value(&self, atom: &Value) -> bool {
        let Some(t) = &self.truth else { return false };
        self.ground.atom_of(atom).is_some_and(|a| t[a.index()])
    }
    /// The truth value of every atom of the ground program, by index.
    pub fn truth(&self) -> &[bool] {
        self.truth.as_deref().unwrap_or(&[])
    }
    /// Why each of `atoms` (as printed) is or is not in this answer set,
    /// as lines (see [`crate::explain::why`]); the rules are located when
    /// the program was grounded with [`Options::explain`].
    pub fn why(&self, atoms: &[String]) -> Vec<String> {
        let Some(truth) = &self.truth else { return Vec::new() };
        match &*self.ground {
            Ground::Grounded(g) => crate::explain::why::why(g, &self.sources, truth, atoms),
            Ground::Read(_) => atoms
                .iter()
                .map(|a| format!("{}: --why needs a program to ground, not a ground program", a))
                .collect(),
        }
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model").field("number", &self.number).field("shown", &self.shown()).finish()
    }
}

/// The summary of a search, as clingo's `SolveResult`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveResult {
    /// An answer set was found.
    pub satisfiable: bool,
    /// No answer set exists.
    pub unsatisfiable: bool,
    /// Every answer set was found (the search space is exhausted).
    pub exhausted: bool,
    /// The search was interrupted.
    pub interrupted: bool,
}

/// A running search: iterate for the answer sets, then read the result.
pub struct Solve {
    ground: Arc<Ground>,
    /// The program text (for explanations).
    sources: Arc<SourceMap>,
    solver: Search,
    /// The search's counters when this call began: a search grown from
    /// the last step's has counted that step's work already.
    start: Stats,
    /// In an incremental run: where to leave the search for the next
    /// step (see [`crate::carry`]), and the program's open externals.
    carry: Option<(Arc<Mutex<Option<Carried>>>, Vec<(Atom, External)>)>,
    /// With `-t N`: the other searches, racing for the first answer (or,
    /// optimising, to the optimum).
    race: Option<crate::portfolio::Race>,
    /// Answers a race to the optimum found, still to be given out.
    pending: std::collections::VecDeque<Found>,
    /// The user's stop flag.
    stop: Arc<AtomicBool>,
    /// Under `-e brave|cautious`: the consequences so far.
    consequences: Option<Consequences>,
    /// Under `--project`: the atoms answer sets are projected on.
    project_on: Option<Vec<crate::program::Atom>>,
    /// Under `--enum-mode=domRec`: what each answer set's clause is over.
    dom_rec: Option<DomainRecord>,
    /// clasp's warnings about how this solve enumerates.
    warnings: Vec<&'static str>,
    limit: u64,
    count: u64,
    /// Answer sets found after the optimum was proven (`optN`).
    optimal: u64,
    /// The costs of the last answer set.
    last_costs: Vec<i64>,
    check: bool,
    /// Models come with their atoms (see [`Solve::without_atoms`]).
    atoms: bool,
    /// With `check`, when the ground program's rules were freed
    /// ([`Options::lean`]): the program the answer sets are checked on.
    kept: Option<GroundProgram>,
    more: bool,
    exhausted: bool,
    interrupted: bool,
    done: bool,
}

impl Solve {
    /// The answer sets from now on come without their atoms (every
    /// reading of them in [`Model`] is empty), for a caller that counts
    /// them or reads their costs only, as `minasp -q` does: no time is
    /// spent per atom of each answer set (10^6 answer sets over 6,000
    /// atoms: 10 s with them, 0.7 s without). The answer sets found are
    /// the same.
    pub fn without_atoms(&mut self) {
        self.atoms = false;
        // the solve itself reads them for these
        let reads =
            self.check || self.project_on.is_some() || self.dom_rec.is_some() || self.consequences.is_some();
        if !reads {
            self.solver.model_values(false);
        }
    }

    /// With an assumption no answer set can meet: nothing to search.
    fn impossible(mut self, impossible: bool) -> Solve {
        if impossible {
            self.exhausted = true;
        }
        self
    }

    /// Nothing is left to find after the model just returned (a
    /// consequence or projection clause would be empty).
    fn finish_early(&mut self) {
        self.more = false;
        self.exhausted = true;
        self.done = true;
    }

    /// How many shown terms are known consequences and how many may be,
    /// with the consequences `truth` so far: brave — the terms shown so
    /// far, of all terms; cautious — the terms shown for certain (facts),
    /// of those shown so far.
    /// The consequence bounds clasp prints with each answer set: for
    /// brave, the shown terms found so far and those that may still be
    /// (every atom not false for good at the search's root); for cautious,
    /// those true for good at the root among the candidates, and the
    /// candidates.
    fn bounds(&self, brave: bool, truth: &[bool]) -> (usize, usize) {
        let now = self.ground.shown_count(truth);
        let settled = |i: usize| self.solver.root_value(crate::program::Atom(i as u32));
        if brave {
            let may: Vec<bool> = (0..truth.len()).map(|i| truth[i] || settled(i) != Some(false)).collect();
            (now, self.ground.shown_count(&may).max(now))
        } else {
            let sure: Vec<bool> = (0..truth.len()).map(|i| truth[i] && settled(i) == Some(true)).collect();
            (self.ground.shown_count(&sure).min(now), now)
        }
    }

    /// Under `-e brave|cautious`: the summary's consequence lines.
    pub fn consequences(&self) -> Option<crate::report::ConsSummary> {
        let c = self.consequences.as_ref()?;
        let truth = c.current()?;
        let (lower, upper) = self.bounds(c.brave(), truth);
        let complete = self.exhausted && !self.interrupted;
        // complete, every candidate left is a consequence (and every brave one found)
        let (lower, upper) = match (complete, c.brave()) {
            (true, true) => (lower, lower),
            (true, false) => (upper, upper),
            (false, _) => (lower, upper),
        };
        Some(crate::report::ConsSummary { kind: c.kind(), complete, lower, upper })
    }

    /// What the search has established so far.
    pub fn result(&self) -> SolveResult {
        SolveResult {
            satisfiable: self.count > 0,
            unsatisfiable: self.count == 0 && self.exhausted,
            exhausted: self.exhausted,
            interrupted: self.interrupted,
        }
    }

    /// clasp's warnings about how this solve enumerates (an
    /// `--enum-mode=domRec` that does not apply), for where clingo prints
    /// them: after `Reading from`.
    pub fn warnings(&self) -> &[&'static str] {
        &self.warnings
    }

    /// From now on in this solve, only answer sets in which one of
    /// `lits` holds (clingo's `SolveControl.add_clause`, called between
    /// answer sets): literals over the program's atoms, by number; one of
    /// no atom is false.  The solves after this one do not have it.
    /// Answers a race to the optimum found before are given out still.
    pub fn add_clause(&mut self, lits: &[crate::program::Lit]) {
        let atoms = self.kept.as_ref().unwrap_or(self.ground.program()).num_atoms as usize;
        let clause: Vec<_> = lits.iter().copied().filter(|l| l.atom().index() < atoms).collect();
        // (an empty clause: the search is over, as the next call finds)
        self.solver.add_clause(&clause);
    }

    /// How many answer sets were found so far.
    pub fn models(&self) -> u64 {
        self.count
    }

    /// Answer sets are left that were not asked for (the model limit was
    /// reached before the search space was exhausted).
    pub fn more(&self) -> bool {
        self.more
    }

    /// The solver's counters.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// The solver's counters of this call alone: the search counters
    /// (decisions, conflicts, ...) counted since the call began, which a
    /// search grown from the last step's did not start at zero (see
    /// [`Stats::search_since`]); the problem's sizes now.
    pub fn call_stats(&self) -> Stats {
        self.solver.stats().search_since(&self.start)
    }

    /// Under `-t N`: which search of the race answered (0: the first),
    /// clingo's `Winner`.
    pub fn winner(&self) -> usize {
        self.solver.winner()
    }

    /// With optimisation (minimize statements the mode does not ignore):
    /// what is known about the optimum so far.
    pub fn optimization(&self) -> Option<Optimization> {
        if !self.solver.optimizing() {
            return None;
        }
        let mode = self.solver.mode();
        let proven = self.solver.proven() || (self.exhausted && self.count > 0);
        Some(Optimization {
            mode,
            proven,
            costs: self.last_costs.clone(),
            optimal: match mode {
                OptMode::OptN => self.optimal,
                _ => proven as u64,
            },
        })
    }
}

/// What a search knows about the optimum (see [`Solve::optimization`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimization {
    /// The mode searched in.
    pub mode: OptMode,
    /// The optimum is proven (`opt`, `optN`) or every answer set within
    /// the bound was found (`enum`).
    pub proven: bool,
    /// The costs of the last answer set (empty: none found).
    pub costs: Vec<i64>,
    /// How many answer sets were reported as optimal.
    pub optimal: u64,
}

/// The search's learning is left for the next step of an incremental run,
/// unless it found an answer set (blocking it added a clause that is not
/// a consequence of the program, and what was learnt after may rest on it).
impl Drop for Solve {
    fn drop(&mut self) {
        let Some((slot, open)) = self.carry.take() else { return };
        let empty = Search::new(&GroundProgram::new(), Tuning::default(), OptConfig::default());
        let carried = match empty {
            Ok(empty) if self.count == 0 => Some(Carried {
                open,
                step: self.ground.streamed().map(|s| s.step),
                log: match self.ground.streamed() {
                    Some(_) => crate::carry::Log::without_rules(self.ground.program()),
                    None => crate::carry::Log::of(self.ground.program()),
                },
                search: std::mem::replace(&mut self.solver, empty),
            }),
            _ => None,
        };
        if let Ok(mut c) = slot.lock() {
            *c = carried;
        };
    }
}

impl Iterator for Solve {
    type Item = Model;

    fn next(&mut self) -> Option<Model> {
        if self.done {
            return None;
        }
        // Racing to the optimum needs every answer set to be the search's
        // own: not with a model limit (the first answers are wanted), a
        // projection or consequences (their clauses come per answer set).
        let to_optimum = |race: &crate::portfolio::Race, solve: &Solve| {
            race.converges(&solve.solver)
                && solve.limit == 0
                && solve.project_on.is_none()
                && solve.dom_rec.is_none()
                && solve.consequences.is_none()
        };
        // the program searched: the whole one where the grounding has a step's rules only
        let program = self.kept.as_ref().unwrap_or(self.ground.program());
        let found = match (self.pending.pop_front(), self.race.take()) {
            (Some(f), _) => f,
            (None, Some(race)) if to_optimum(&race, self) => {
                self.pending = race.converge(&mut self.solver, program, &self.stop).into();
                self.pending.pop_front().unwrap_or(Found::Exhausted)
            }
            (None, Some(race)) => race.run(&mut self.solver, program, &self.stop),
            (None, None) => self.solver.next(program),
        };
        match found {
            Found::Model { truth: m, costs, optimal } => {
                if self.check && !is_answer_set(program, &m) {
                    panic!(
                        "internal error: the solver returned a model that is not stable; please report this"
                    );
                }
                self.count += 1;
                self.optimal += optimal as u64;
                self.last_costs = costs.clone();
                // optN: the limit counts the optimal answer sets
                let counted = if self.solver.mode() == OptMode::OptN && self.solver.optimizing() {
                    self.optimal
                } else {
                    self.count
                };
                if self.limit != 0 && counted >= self.limit {
                    // As clasp: "more" unless exhaustion is already known.
                    self.more = !self.solver.exhausted();
                    self.exhausted = !self.more;
                    self.done = true;
                }
                let number = if optimal { self.optimal } else { self.count };
                let mut truth = m;
                let mut consequences = None;
                if let Some(on) = &self.project_on {
                    match projection_clause(on, &truth) {
                        Some(c) => self.solver.exclude(&c),
                        None => self.finish_early(),
                    }
                }
                if let Some(record) = &self.dom_rec {
                    match record.clause(&truth) {
                        Some(c) => self.solver.exclude(&c),
                        None => self.finish_early(),
                    }
                }
                // optN: the consequences are those of the optimal answer
                // sets; the converging ones are printed as they are (clasp)
                let converging = self.solver.mode() == OptMode::OptN && self.solver.optimizing() && !optimal;
                if let Some(cons) = self.consequences.as_mut().filter(|_| !converging) {
                    let clause = cons.add(&truth);
                    let brave = cons.brave();
                    truth = cons.current().map(<[bool]>::to_vec).unwrap_or(truth);
                    match clause {
                        Some(c) => self.solver.exclude(&c),
                        None => self.finish_early(),
                    }
                    consequences = Some(self.bounds(brave, &truth));
                }
                Some(Model {
                    ground: self.ground.clone(),
                    sources: self.sources.clone(),
                    number,
                    truth: self.atoms.then_some(truth),
                    costs,
                    optimal,
                    consequences,
                })
            }
            Found::Exhausted => {
                self.exhausted = true;
                self.done = true;
                None
            }
            Found::Interrupted => {
                self.more = true;
                self.interrupted = true;
                self.done = true;
                None
            }
        }
    }
}
