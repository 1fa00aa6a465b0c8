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

use crate::diagnostics::{has_errors, Diagnostic};
use crate::enumerate::{projection_clause, Consequences, EnumMode, ProjectMode};
use crate::ground::{self, Grounding};
use crate::models::is_answer_set;
use crate::optimize::{Found, OptConfig, OptMode, Search};
use crate::program::GroundProgram;
use crate::solver::{Stats, Tuning};
use crate::syntax::parse::{self, Dialect};
use crate::syntax::span::SourceMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
    /// Whether [`Interrupter::interrupt`] was called.
    pub fn is_interrupted(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// A ground program ready to solve: from the grounder, or read as aspif or
/// smodels.
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

/// Grounds and solves logic programs.  See the [module documentation](self).
pub struct Control {
    options: Options,
    sources: SourceMap,
    diagnostics: Vec<Diagnostic>,
    ground: Option<Ground>,
    interrupter: Interrupter,
}

impl Control {
    /// A control with no program yet.
    pub fn new(options: Options) -> Control {
        Control {
            options,
            sources: SourceMap::new(),
            diagnostics: Vec::new(),
            ground: None,
            interrupter: Interrupter::default(),
        }
    }

    /// Adds program text under a name (used in messages).
    pub fn add(&mut self, name: &str, text: &str) {
        self.sources.add(name, text);
    }

    /// Adds the program in a file (`-`: standard input).  A file that
    /// cannot be read is an error diagnostic, reported by
    /// [`Control::ground`]; bytes that are not UTF-8 are lexer errors
    /// where they stand (see [`crate::syntax::span::decode`]).
    pub fn load(&mut self, path: &str) {
        let (name, bytes) = match read(path) {
            Ok(x) => x,
            Err(msg) => {
                self.diagnostics.push(Diagnostic::global_error(msg));
                return;
            }
        };
        self.sources.add(name, crate::syntax::span::decode(bytes));
    }

    /// Uses a ground program in the aspif or smodels format (detected)
    /// instead of program text.
    pub fn load_ground(&mut self, bytes: &[u8]) -> Result<(), crate::aspif::ReadError> {
        self.ground = Some(Ground::Read(crate::aspif::read_any(bytes)?));
        Ok(())
    }

    /// Adds a `-c NAME=VALUE` definition (overriding `#const NAME`); a
    /// malformed one is an error diagnostic, reported by [`Control::ground`].
    pub fn add_const(&mut self, definition: &str) {
        match definition.split_once('=') {
            Some((n, v)) => self.options.consts.push((n.trim().to_string(), v.to_string())),
            None => self.diagnostics.push(Diagnostic::global_error(format!(
                "invalid constant definition: '{}' (expected NAME=VALUE)",
                definition
            ))),
        }
    }

    /// The options this control was made with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// After [`Control::ground`]: the program has minimize statements and
    /// the optimisation mode does not ignore them, so the answer sets are
    /// ranked by their costs.
    pub fn optimizing(&self) -> bool {
        self.options.opt.mode != OptMode::Ignore
            && self.ground.as_ref().is_some_and(|g| !g.program().minimize.is_empty())
    }

    /// A handle that stops grounding or solving from another thread.
    pub fn interrupter(&self) -> Interrupter {
        self.interrupter.clone()
    }

    /// Parses every source (choosing the dialect), then grounds.  Infos and
    /// warnings are kept in [`Control::diagnostics`] either way.
    pub fn ground(&mut self) -> Result<(), Error> {
        if self.ground.is_some() {
            return Ok(());
        }
        if self.sources.files().next().is_none() && !has_errors(&self.diagnostics) {
            self.sources.add("<empty>", "");
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
        let parts = crate::syntax::include::read_program(&mut self.sources, dialect);
        self.diagnostics.extend(parts.diags);
        let stmts = parts.base;
        let other_parts = parts.other;
        let mut consts = Vec::new();
        for (name, value) in &self.options.consts {
            let id = self.sources.add(format!("<cmd>:{}", name), value.clone());
            match parse::const_value(id, value) {
                Some(t) => consts.push((name.trim().to_string(), t)),
                None => self.diagnostics.push(Diagnostic::global_error(format!(
                    "invalid constant definition: '{}={}'",
                    name, value
                ))),
            }
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
            ..Default::default()
        };
        // Parts other than `base` are not grounded from here, but checked.
        if !other_parts.is_empty() {
            self.diagnostics.extend(ground::check(&other_parts, &opts));
            if has_errors(&self.diagnostics) {
                return Err(Error::Input("grounding stopped because of errors"));
            }
        }
        match ground::ground(stmts, &opts) {
            Ok((g, infos)) => {
                self.diagnostics.extend(infos);
                self.ground = Some(Ground::Grounded(g));
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

    /// Starts solving for at most `models` answer sets (0: all).
    pub fn solve(&mut self, models: u64) -> Result<Solve<'_>, Error> {
        let Some(ground) = &self.ground else { return Err(Error::Usage("solve before ground")) };
        // The hand-off to the solver: the grounder's invariants, checked in debug builds.
        #[cfg(debug_assertions)]
        if let Err(e) = ground.program().validate() {
            panic!("internal error: the ground program is invalid: {e:?}");
        }
        // Branch and bound is a sequence of single-model searches: their
        // tuning (progress saving, target phases), unless all answer sets
        // are enumerated (`enum`, `ignore`, no objective).
        let converging = !ground.program().minimize.is_empty()
            && matches!(self.options.opt.mode, OptMode::Opt | OptMode::OptN);
        let tuning = Tuning { enumerate: models != 1 && !converging, params: self.options.params };
        let mut solver = match Search::new(ground.program(), tuning, self.options.opt.clone()) {
            Ok(s) => s,
            Err(e) => {
                self.diagnostics.push(Diagnostic::global_error(e.to_string()));
                return Err(Error::Input("the program cannot be solved"));
            }
        };
        solver.set_interrupt(self.interrupter.0.clone());
        let consequences = match self.options.enum_mode {
            EnumMode::Auto => None,
            mode => Some(Consequences::new(mode == EnumMode::Brave, ground.output_atoms())),
        };
        // the bound that does not move: all shown terms (brave), the facts (cautious)
        let fixed_bound = ground
            .shown(&vec![self.options.enum_mode == EnumMode::Brave; ground.program().num_atoms as usize])
            .len();
        let project = ground.program().project.clone();
        let project_on = match self.options.project {
            ProjectMode::No => None,
            ProjectMode::Show => Some(ground.output_atoms()),
            ProjectMode::Project => Some(project.unwrap_or_default()),
            ProjectMode::Auto => Some(project.unwrap_or_else(|| ground.output_atoms())),
        };
        Ok(Solve {
            consequences,
            fixed_bound,
            project_on,
            ground,
            sources: &self.sources,
            solver,
            limit: models,
            count: 0,
            optimal: 0,
            last_costs: Vec::new(),
            check: self.options.check,
            more: false,
            exhausted: false,
            interrupted: false,
            done: false,
        })
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

    /// The grounder's result (after [`Control::ground`] on program text).
    pub fn grounding(&self) -> Option<&Grounding> {
        match &self.ground {
            Some(Ground::Grounded(g)) => Some(g),
            _ => None,
        }
    }
}

fn read(path: &str) -> Result<(String, Vec<u8>), String> {
    use std::io::Read;
    if path == "-" {
        let mut buf = Vec::new();
        return match std::io::stdin().read_to_end(&mut buf) {
            Ok(_) => Ok(("<stdin>".into(), buf)),
            Err(e) => Err(format!("<stdin>: cannot read: {}", e)),
        };
    }
    match std::fs::read(Path::new(path)) {
        Ok(b) => Ok((path.to_string(), b)),
        Err(e) => Err(format!("file could not be opened: {}: {}", path, e)),
    }
}

/// One answer set.
#[derive(Clone)]
pub struct Model<'a> {
    ground: &'a Ground,
    sources: &'a SourceMap,
    number: u64,
    truth: Vec<bool>,
    costs: Vec<i64>,
    optimal: bool,
    consequences: Option<(usize, usize)>,
}

impl Model<'_> {
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
    /// What clingo prints for it (after `#show`), in clingo's term order.
    pub fn shown(&self) -> Vec<String> {
        self.ground.shown(&self.truth)
    }
    /// Every true atom of the program (auxiliary atoms left out), in
    /// clingo's term order, whether shown or not.
    pub fn atoms(&self) -> Vec<String> {
        self.ground.atoms(&self.truth)
    }
    /// Is this atom (as printed, e.g. `p(1,"a")`) true?
    pub fn contains(&self, atom: &str) -> bool {
        self.atoms().iter().any(|a| a == atom)
    }
    /// The truth value of every atom of the ground program, by index.
    pub fn truth(&self) -> &[bool] {
        &self.truth
    }
    /// Why each of `atoms` (as printed) is or is not in this answer set,
    /// as lines (see [`crate::explain::why`]); the rules are located when
    /// the program was grounded with [`Options::explain`].
    pub fn why(&self, atoms: &[String]) -> Vec<String> {
        match self.ground {
            Ground::Grounded(g) => crate::explain::why::why(g, self.sources, &self.truth, atoms),
            Ground::Read(_) => atoms
                .iter()
                .map(|a| format!("{}: --why needs a program to ground, not a ground program", a))
                .collect(),
        }
    }
}

impl std::fmt::Debug for Model<'_> {
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
pub struct Solve<'a> {
    ground: &'a Ground,
    /// The program text (for explanations).
    sources: &'a SourceMap,
    solver: Search,
    /// Under `-e brave|cautious`: the consequences so far.
    consequences: Option<Consequences>,
    /// The bound on the consequences that does not move: how many terms
    /// are shown at all (brave), or for certain (cautious).
    fixed_bound: usize,
    /// Under `--project`: the atoms answer sets are projected on.
    project_on: Option<Vec<crate::program::Atom>>,
    limit: u64,
    count: u64,
    /// Answer sets found after the optimum was proven (`optN`).
    optimal: u64,
    /// The costs of the last answer set.
    last_costs: Vec<i64>,
    check: bool,
    more: bool,
    exhausted: bool,
    interrupted: bool,
    done: bool,
}

impl Solve<'_> {
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
    fn bounds(&self, brave: bool, truth: &[bool]) -> (usize, usize) {
        let now = self.ground.shown(truth).len();
        if brave {
            (now, self.fixed_bound.max(now))
        } else {
            (self.fixed_bound.min(now), now)
        }
    }

    /// Under `-e brave|cautious`: the summary's consequence lines.
    pub fn consequences(&self) -> Option<crate::report::ConsSummary> {
        let c = self.consequences.as_ref()?;
        let truth = c.current()?;
        let (lower, upper) = self.bounds(c.brave(), truth);
        let complete = self.exhausted && !self.interrupted;
        Some(crate::report::ConsSummary {
            kind: c.kind(),
            complete,
            lower,
            upper: if complete { lower } else { upper },
        })
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

impl<'a> Iterator for Solve<'a> {
    type Item = Model<'a>;

    fn next(&mut self) -> Option<Model<'a>> {
        if self.done {
            return None;
        }
        match self.solver.next(self.ground.program()) {
            Found::Model { truth: m, costs, optimal } => {
                if self.check && !is_answer_set(self.ground.program(), &m) {
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
                        Some(c) => self.solver.add_clause(&c),
                        None => self.finish_early(),
                    }
                }
                if let Some(cons) = &mut self.consequences {
                    let clause = cons.add(&truth);
                    let brave = cons.brave();
                    truth = cons.current().map(<[bool]>::to_vec).unwrap_or(truth);
                    match clause {
                        Some(c) => self.solver.add_clause(&c),
                        None => self.finish_early(),
                    }
                    consequences = Some(self.bounds(brave, &truth));
                }
                Some(Model {
                    ground: self.ground,
                    sources: self.sources,
                    number,
                    truth,
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
