//! The command line: clingo's options (clap), with clingo's spellings
//! (`-q1`, a bare number as the model limit) and its `-W` classes.
//!
//! Shared by the `minasp` binary and every embedding that takes clingo's
//! arguments (the Python module's `Control(arguments=[...])`): one parser,
//! one meaning per flag.  Invariant: [`Cli::options`] is the only place
//! flags become [`crate::Options`].

use crate::diagnostics::{Diagnostic, InfoClass};
use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "minasp",
    version,
    disable_version_flag = true,
    about = "Answer-set programming: a gringo-language grounder and a CDCL stable-model solver, clingo-compatible",
    long_about = None
)]
/// The parsed command line.
pub struct Cli {
    /// Warnings for clasp's search-tuning options given, which minasp
    /// ignores (see [`crate::clasp_tuning`]).
    #[arg(skip)]
    pub ignored: Vec<String>,
    /// Input files (`-` or none: standard input); a bare number sets the model limit.
    #[arg(value_name = "FILES")]
    pub files: Vec<String>,
    /// Compute at most N models (0 for all).
    #[arg(short = 'n', long = "models", value_name = "N")]
    pub models: Option<u64>,
    /// Replace constant NAME by VALUE (`-c n=5`).
    #[arg(short = 'c', long = "const", value_name = "NAME=VALUE")]
    pub consts: Vec<String>,
    /// Print the ground program as readable rules and stop.
    #[arg(long = "text")]
    pub text: bool,
    /// Re-verify every answer set against the ground program (always on in debug builds).
    #[arg(long = "check")]
    pub check: bool,
    /// Check the candidate answers in FILE (clingo's output, or one
    /// candidate per line) instead of solving: `Candidate N: stable` or
    /// `not stable` with the reasons; exit 0 when all are stable, else 1.
    #[arg(long = "verify", value_name = "FILE")]
    pub verify: Vec<String>,
    /// After each answer set: why ATOM (a ground atom as clingo prints it)
    /// is in it (its derivation) or not (the rules that fail).
    #[arg(long = "why", value_name = "ATOM")]
    pub why: Vec<String>,
    /// On an unsatisfiable program: after the summary, an irreducible set
    /// of its integrity constraints that cannot all hold, located.
    #[arg(long = "explain")]
    pub explain: bool,
    /// Incremental programs (iclingo's `#cumulative`/`#volatile`, or
    /// `#include <incmode>.`): solve at least N steps (clingo 5 also reads
    /// `-c imin=N`, which wins).
    #[arg(long = "imin", value_name = "N")]
    pub imin: Option<u64>,
    /// Incremental programs: solve at most N steps (`-c imax=N`).
    #[arg(long = "imax", value_name = "N")]
    pub imax: Option<u64>,
    /// Incremental programs: stop at the first step with this result,
    /// SAT (the default), UNSAT or UNKNOWN (`-c istop="UNSAT"`).
    #[arg(long = "istop", value_name = "RESULT", value_parser = parse_istop)]
    pub istop: Option<crate::incremental::StopOn>,
    /// gringo 3's incremental programs (`#cumulative t.`, `#volatile t.`):
    /// no step loop, but the one program of step N — `base`, `#cumulative`
    /// for 1..N, `#volatile` for N — grounded (`--text` prints it) and
    /// solved once, as clingo 3 and gringo 3 did.
    #[arg(long = "ifixed", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub ifixed: Option<u64>,
    /// Incremental programs: whether each step's search starts from the
    /// clauses the last step learnt, `keep` (the default) or `forget`
    /// (iclingo's option).
    #[arg(long = "ilearnt", value_name = "KEEP", value_parser = crate::carry::parse_keep)]
    pub ilearnt: Option<bool>,
    /// Incremental programs: whether each step's search starts from the
    /// last step's activities and phases, `keep` (the default, as clingo
    /// 5; iclingo's default was `forget`) or `forget`.
    #[arg(long = "iheuristic", value_name = "KEEP", value_parser = crate::carry::parse_keep)]
    pub iheuristic: Option<bool>,
    /// Stop after N seconds (grounding and solving): models found so far are
    /// kept, the summary says `TIME LIMIT   : 1`.
    #[arg(long = "time-limit", value_name = "N")]
    pub time_limit: Option<u64>,
    /// Stop with an error when grounding makes more than N ground atoms.
    #[arg(long = "max-ground-atoms", value_name = "N", default_value_t = 20_000_000)]
    pub max_ground_atoms: usize,
    /// Silence or enable classes of infos, as clingo: `-W none`, `-W all`,
    /// `-W no-atom-undefined`, `-W operation-undefined,no-dialect`, ...
    #[arg(short = 'W', long = "warn", value_name = "WARN", value_parser = parse_warn)]
    pub warn: Vec<Vec<(bool, InfoClass)>>,
    /// Print the solver's statistics after the summary (as clingo's
    /// `--stats`; `-s`, `--stats=2` print the same counters).
    #[arg(short = 's', long = "stats", value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "1")]
    pub stats: Option<u8>,
    /// Seed of the random decisions (`--rand-freq`).
    #[arg(long = "seed", value_name = "N")]
    pub seed: Option<u64>,
    /// Make this share of the decisions (0 to 1) on a random variable.
    #[arg(long = "rand-freq", value_name = "P", value_parser = parse_freq)]
    pub rand_freq: Option<f64>,
    /// Restart policy, as clasp: `no`, `L,<n>` (Luby, the default `L,100`),
    /// `x,<n>,<f>` (geometric), `F,<n>` (fixed), `D,<n>,<f>[,<lim>]`
    /// (dynamic: when the mean LBD of the last `n` learnt clauses times `f`
    /// exceeds the mean of all).
    #[arg(short = 'r', long = "restarts", value_name = "POLICY",
          value_parser = |s: &str| s.parse::<crate::solver::params::Restarts>())]
    pub restarts: Option<crate::solver::params::Restarts>,
    /// Stop the search after <n> conflicts or <m> restarts, as clasp's
    /// `--solve-limit`: the result is then UNKNOWN (or the answer sets
    /// found so far, more possible).
    #[arg(long = "solve-limit", value_name = "N[,M]",
          value_parser = |s: &str| s.parse::<crate::solver::params::SolveLimit>())]
    pub solve_limit: Option<crate::solver::params::SolveLimit>,
    /// Answer sets are the supported models (the models of Clark's
    /// completion), not the stable ones, as clasp's `--supp-models`.
    #[arg(long = "supp-models")]
    pub supp_models: bool,
    /// The first decisions follow MOMS-like scores from the binary clauses
    /// (clasp's `--init-moms`, on in clasp's default preset); minasp's
    /// default is the variables' order (see `solver::moms`).
    #[arg(long = "init-moms", overrides_with = "no_init_moms")]
    pub init_moms: bool,
    /// The first decisions follow the variables' order (the default).
    #[arg(long = "no-init-moms", overrides_with = "init_moms")]
    pub no_init_moms: bool,
    /// A preset of the search parameters: `auto`, `tweety`, `many` (the
    /// defaults), `handy`, `trendy` (dynamic restarts), `frumpy`, `crafty`
    /// (geometric restarts), `jumpy` (frequent restarts, 1% random decisions).
    #[arg(long = "configuration", value_name = "NAME",
          value_parser = |s: &str| crate::solver::params::Params::configuration(s))]
    pub configuration: Option<crate::solver::params::Params>,
    /// Decision heuristic: `Vsids` or `Domain` (Vsids modified by the
    /// program's `#heuristic` directives), each with an optional `,<n>`:
    /// the activities decay by 0.<n> per conflict, as clasp's (`,92`:
    /// 0.92; `,0`: the default).
    #[arg(long = "heuristic", value_name = "NAME[,<n>]", value_parser = parse_heuristic)]
    pub heuristic: Option<Heuristic>,
    /// The VSIDS decay's ramp (clasp's `--vsids-progress`): `<n>[,<i>][,<c>]`
    /// starts at decay 0.<n> and adds <i>/100 (default 0.01) every <c>
    /// conflicts (default 5000) up to the search's decay; `0`: a fixed
    /// decay (the default).
    #[arg(long = "vsids-progress", value_name = "<n>[,<i>][,<c>]",
          value_parser = |s: &str| s.parse::<crate::solver::params::Progress>())]
    pub vsids_progress: Option<crate::solver::params::Progress>,
    /// Enumeration: `auto`/`bt`/`record` (answer sets), `brave` (atoms in
    /// some answer set), `cautious` (atoms in every answer set) or
    /// `domRec` (with `--heuristic=Domain`: answer sets recorded on the
    /// atoms the heuristic gives a level, e.g. the subset-minimal ones).
    #[arg(short = 'e', long = "enum-mode", value_name = "MODE",
          value_parser = |s: &str| s.parse::<crate::enumerate::EnumMode>())]
    pub enum_mode: Option<crate::enumerate::EnumMode>,
    /// A DIMACS CNF is a MaxSAT problem: every clause soft, of weight 1.
    #[arg(long = "opt-sat")]
    pub opt_sat: bool,
    /// With `--heuristic=Domain`: a default modification for atoms without
    /// `#heuristic` directives, `<mod>[,<pick>...]` with `<mod>` `level`,
    /// `pos`, `true`, `neg`, `false`, `init` or `factor` (1-7) and `<pick>`
    /// `all` (the default), `scc`, `hcc`, `disj`, `opt`, `show` (or a mask);
    /// `no`: none (clasp's `--dom-mod`).
    #[arg(long = "dom-mod", value_name = "MOD[,PICK]",
          value_parser = |s: &str| s.parse::<crate::dom_mod::DomModArg>())]
    pub dom_mod: Option<crate::dom_mod::DomModArg>,
    /// Projected enumeration: answer sets that differ on the projected
    /// atoms (`auto`: the `#project` atoms if any, else the shown ones;
    /// `show`; `project`; `no`).
    #[arg(long = "project", value_name = "MODE", num_args = 0..=1, require_equals = true,
          default_missing_value = "auto", value_parser = |s: &str| s.parse::<crate::enumerate::ProjectMode>())]
    pub project: Option<crate::enumerate::ProjectMode>,
    /// Threads: N differently configured searches race for the first
    /// answer, the winner goes on (clasp's `compete`; `split` is refused).
    #[arg(short = 't', long = "parallel-mode", value_name = "N", value_parser = parse_threads)]
    pub threads: Option<u32>,
    /// Input language: `auto` (judged per file), `gringo3` or `clingo5`.
    #[arg(long = "dialect", value_enum, default_value_t = DialectArg::Auto)]
    pub dialect: DialectArg,
    /// Run as `clingo` (ground and solve), `gringo` (print the ground program
    /// in aspif) or `clasp` (solve a ground program in aspif or smodels).
    #[arg(long = "mode", value_enum, default_value_t = Mode::Clingo)]
    pub mode: Mode,
    /// Print the ground program and stop: `aspif` (as --mode=gringo; also
    /// `intermediate`), `text` (as --text), `reify` (as facts) or `smodels`.
    #[arg(short = 'o', long = "output", value_enum, value_name = "FORMAT")]
    pub output: Option<GroundOutput>,
    /// With `--output=reify`: `scc(C,A)` facts for the atoms on positive cycles.
    #[arg(long = "reify-sccs")]
    pub reify_sccs: bool,
    /// With `--output=reify`: the step as each fact's last argument.
    #[arg(long = "reify-steps")]
    pub reify_steps: bool,
    /// Output format: 0 text, 1 ASP competition, 2 JSON, 3 none.
    #[arg(long = "outf", value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub outf: u8,
    /// Verbosity: `-V0` prints only the answers and the result word.
    #[arg(short = 'V', long = "verbose", value_name = "N", num_args = 0..=1,
          default_missing_value = "2")]
    pub verbose: Option<u8>,
    /// Which models to print: `-q` (`--quiet=2`) none, `--quiet=1` only the
    /// last, `--quiet=0` all; the second number does the same for the
    /// `Optimization:` lines (default: as the first). Of clingo's
    /// `--quiet=<m>,<o>,<t>`, the call part must be 2 (clingo's per-call
    /// blocks are not printed).
    #[arg(short = 'q', long = "quiet", value_name = "M[,O[,T]]", num_args = 0..=1,
          require_equals = true, default_missing_value = "2", value_parser = parse_quiet)]
    pub quiet: Option<(u8, u8)>,
    /// Optimisation: `opt` (find an optimum, the default), `enum` (every
    /// answer set within the bound), `optN` (the optimum, then every
    /// optimal answer set), `ignore`; `,B1,B2..` an initial bound, highest
    /// priority first (costs up to and including it).
    #[arg(long = "opt-mode", value_name = "MODE[,BOUND..]", value_parser = parse_opt_mode)]
    pub opt_mode: Option<crate::optimize::OptConfig>,
    /// Stop optimising at an answer set whose costs are at most these
    /// (highest priority first; as clingo 5.8's `--opt-stop`): the
    /// optimum is then not proven.
    #[arg(long = "opt-stop", value_name = "BOUND[,BOUND..]", value_parser = parse_opt_stop)]
    pub opt_stop: Option<OptStop>,
    /// How `opt`/`optN` approach the optimum: `bb` (branch and bound, the
    /// default) or `usc` (core-guided, from below); clasp's sub-options
    /// (`bb,lin`, `usc,oll`) are accepted.
    #[arg(long = "opt-strategy", value_name = "STRATEGY", value_parser = parse_opt_strategy)]
    pub opt_strategy: Option<crate::optimize::OptStrategy>,
    /// Print version information.
    #[arg(long = "version", action = clap::ArgAction::Version)]
    pub version: Option<bool>,
}

/// The models part of `--quiet=<m>[,<o>[,<t>]]`: up to three numbers;
/// values over 2 mean 2, as in clingo. A call part below 2 (clingo then
/// prints a block per solve call and an accumulated one) is refused
/// rather than silently printed differently.
fn parse_quiet(s: &str) -> Result<(u8, u8), String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > 3 {
        return Err(format!("'{s}' has more than three parts"));
    }
    let mut levels = Vec::new();
    for p in parts {
        match p.trim().parse::<u32>() {
            Ok(n) => levels.push(n.min(2) as u8),
            Err(_) => return Err(format!("'{p}' is not a number")),
        }
    }
    if levels.get(2).is_some_and(|&t| t < 2) {
        return Err("per-call output (a third part below 2) is not supported".into());
    }
    Ok((levels[0], levels.get(1).copied().unwrap_or(levels[0])))
}

/// `--istop`: SAT, UNSAT or UNKNOWN.
fn parse_istop(text: &str) -> Result<crate::incremental::StopOn, String> {
    crate::incremental::StopOn::parse(text).ok_or_else(|| format!("'{text}': expected SAT, UNSAT or UNKNOWN"))
}

fn parse_freq(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{s}' is not a number from 0 to 1")),
    }
}

/// `--heuristic`: Vsids or Domain, and the decay the user gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristic {
    /// `Domain`: decisions follow the program's `#heuristic` directives.
    pub domain: bool,
    /// clasp's `<n>` read as the decay factor 0.<n> (`None`: not given or 0).
    pub decay: Option<f64>,
}

fn parse_heuristic(s: &str) -> Result<Heuristic, String> {
    let (name, n) = match s.split_once(',') {
        Some((name, n)) => (name, Some(n)),
        None => (s, None),
    };
    let domain = match name {
        "Vsids" | "vsids" => false,
        "Domain" | "domain" => true,
        _ => return Err(format!("'{s}': expected Vsids or Domain")),
    };
    let decay = match n.map(|d| d.trim().parse::<u32>()) {
        None | Some(Ok(0)) => None,
        // clasp's reading: <n> divided by 10 until at most 1 (92 -> 0.92, 5 -> 0.5)
        Some(Ok(p)) => {
            let mut m = p as f64;
            while m > 1.0 {
                m /= 10.0;
            }
            Some(m)
        }
        Some(Err(_)) => {
            return Err(format!(
                "'{s}': expected {name} or {name},<n> with <n> a number (e.g. {name},92 decays by 0.92)"
            ))
        }
    };
    Ok(Heuristic { domain, decay })
}

/// clasp's `-t N[,compete]`: N searches racing (`split` is refused by name).
fn parse_threads(s: &str) -> Result<u32, String> {
    let (n, mode) = s.split_once(',').unwrap_or((s, "compete"));
    if mode != "compete" {
        return Err(format!("'{mode}': minasp's threads compete (a portfolio); 'split' is not supported"));
    }
    match n.parse::<u32>() {
        Ok(n @ 1..=64) => Ok(n),
        _ => Err(format!("'{s}': expected a number of threads from 1 to 64")),
    }
}

fn parse_opt_strategy(s: &str) -> Result<crate::optimize::OptStrategy, String> {
    s.parse()
}

/// `--opt-stop`'s bound, highest priority first.
#[derive(Clone, Debug)]
pub struct OptStop(pub Vec<i64>);

/// `--opt-stop`: integers, comma-separated (clingo's `no`: none).
fn parse_opt_stop(s: &str) -> Result<OptStop, String> {
    if s.trim() == "no" {
        return Ok(OptStop(Vec::new()));
    }
    let bound =
        s.split(',').map(|p| p.trim().parse::<i64>().map_err(|_| format!("'{p}' is not an integer bound")));
    Ok(OptStop(bound.collect::<Result<_, _>>()?))
}

fn parse_opt_mode(s: &str) -> Result<crate::optimize::OptConfig, String> {
    s.parse()
}

/// `--dialect`: the input language.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialectArg {
    /// Judged per file.
    Auto,
    /// gringo 3 (ASP Competition 2009).
    Gringo3,
    /// clingo 5.
    Clingo5,
}

/// `--mode`: what the run does.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Ground and solve.
    Clingo,
    /// Print the ground program in aspif.
    Gringo,
    /// Solve a ground program in aspif or smodels.
    Clasp,
}

/// `--output`: the ground program's format when it is printed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroundOutput {
    /// aspif, as `--mode=gringo` (gringo's name: `intermediate`).
    #[value(alias = "intermediate")]
    Aspif,
    /// Readable rules, as `--text`.
    Text,
    /// The program as facts (gringo's reification).
    Reify,
    /// The smodels (lparse) format.
    Smodels,
}

/// One `-W` value: a comma-separated list of `all`, `none`, `CLASS` or
/// `no-CLASS`; each item says which classes it switches on or off.
fn parse_warn(s: &str) -> Result<Vec<(bool, InfoClass)>, String> {
    let mut out = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        match item {
            "all" => out.extend(InfoClass::ALL.map(|c| (true, c))),
            "none" => out.extend(InfoClass::ALL.map(|c| (false, c))),
            _ => {
                let (on, name) = match item.strip_prefix("no-") {
                    Some(n) => (false, n),
                    None => (true, item),
                };
                match InfoClass::from_name(name) {
                    Some(c) => out.push((on, c)),
                    None => {
                        return Err(format!(
                            "'{item}' is not a warning class (classes: all, none, {})",
                            class_names()
                        ))
                    }
                }
            }
        }
    }
    Ok(out)
}

/// An option's value without the blanks around it, as clasp reads it
/// (`--models= 3`, `-t 2` as one argument, as a script's
/// `Control(["-t 2"])` gives it): `--models=3`, `-t2`.
fn trim_value(a: String) -> String {
    if let Some(long) = a.strip_prefix("--") {
        if let Some((name, value)) = long.split_once('=') {
            return format!("--{name}={}", value.trim());
        }
    } else if let Some(short) = a.strip_prefix('-') {
        let mut chars = short.chars();
        if let (Some(c), Some(rest)) = (chars.next(), Some(chars.as_str())) {
            if c.is_ascii_alphabetic() && rest.starts_with(char::is_whitespace) && !rest.trim().is_empty() {
                return format!("-{c}{}", rest.trim());
            }
        }
    }
    a
}

fn class_names() -> String {
    InfoClass::ALL.map(InfoClass::name).join(", ")
}

impl Cli {
    /// Parses the arguments; clingo's `-q1` (an attached value to a flag
    /// whose value is otherwise optional) is `--quiet=1`.
    pub fn parse_args() -> Result<Cli, clap::Error> {
        Cli::parse_from_args(std::env::args())
    }

    /// As [`Cli::parse_args`], from `args` (the first is the program name).
    /// clasp's search-tuning options are taken out first (see
    /// [`crate::clasp_tuning`]); [`Cli::ignored`] holds their warnings.
    pub fn parse_from_args(args: impl IntoIterator<Item = String>) -> Result<Cli, clap::Error> {
        let args = args.into_iter().map(trim_value).map(|a| match a.strip_prefix("-q") {
            Some(v) if v.starts_with(|c: char| c.is_ascii_digit()) => format!("--quiet={v}"),
            _ => a,
        });
        use clap::CommandFactory;
        let command = Cli::command();
        let own: Vec<&str> = command.get_arguments().filter_map(|a| a.get_long()).collect();
        let (args, ignored) = crate::clasp_tuning::take(args.collect(), &own)
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")))?;
        let mut cli = Cli::try_parse_from(args)?;
        cli.ignored = ignored;
        Ok(cli)
    }

    /// The library options these flags ask for.
    pub fn options(&self) -> crate::Options {
        use crate::syntax::parse::Dialect;
        crate::Options {
            dialect: match self.dialect {
                DialectArg::Auto => None,
                DialectArg::Gringo3 => Some(Dialect::Gringo3),
                DialectArg::Clingo5 => Some(Dialect::Clingo5),
            },
            max_ground_atoms: self.max_ground_atoms,
            check: self.check || cfg!(debug_assertions),
            opt: crate::optimize::OptConfig {
                strategy: self.opt_strategy.unwrap_or_default(),
                stop: self.opt_stop.clone().map(|s| s.0).unwrap_or_default(),
                ..self.opt_mode.clone().unwrap_or_default()
            },
            params: self.params(),
            enum_mode: self.enum_mode.unwrap_or_default(),
            project: self.project.unwrap_or_default(),
            explain: !self.verify.is_empty() || !self.why.is_empty() || self.explain,
            threads: self.threads.unwrap_or(1) as usize,
            // (the ground program printed names every atom)
            lean: !self.prints_ground_program(),
            keep: crate::carry::Keep {
                learnt: self.ilearnt.unwrap_or(true),
                heuristic: self.iheuristic.unwrap_or(true),
            },
            // (a solving option: a printed ground program is the program's)
            supported: self.supp_models && !self.prints_ground_program(),
            dom_mod: self.dom_mod.and_then(|d| d.0).filter(|_| !self.prints_ground_program()),
            opt_sat: self.opt_sat,
            ..crate::Options::default()
        }
    }

    /// Is this info switched off by the `-W` flags (the last word wins)?
    pub fn silenced(&self, d: &Diagnostic) -> bool {
        let Some(class) = d.class.filter(|_| !d.is_error()) else { return false };
        let mut on = true;
        for (enable, c) in self.warn.iter().flatten() {
            if *c == class {
                on = *enable;
            }
        }
        !on
    }

    /// The model limit (0: all) if one was given, from `-n` or a bare
    /// number among the files, and the input files.  As clingo: a bare
    /// number is the model limit even where a file has that name.
    pub fn models_and_inputs(&self) -> (Option<u64>, Vec<String>) {
        let mut models = self.models;
        let mut files = Vec::new();
        for f in &self.files {
            match f.parse::<u64>() {
                Ok(n) => models = Some(n),
                _ => files.push(f.clone()),
            }
        }
        if files.is_empty() {
            files.push("-".into());
        }
        (models, files)
    }

    /// The search parameters: the `--configuration` preset (default:
    /// minasp's defaults), then `--seed`, `--rand-freq`, `--restarts`,
    /// `--heuristic`, `--init-moms`, `--vsids-progress`.
    pub fn params(&self) -> crate::solver::params::Params {
        let mut p = self.configuration.unwrap_or_default();
        if let Some(s) = self.seed {
            p.seed = s;
        }
        if let Some(f) = self.rand_freq {
            p.rand_freq = f;
        }
        if let Some(r) = self.restarts {
            p.restarts = r;
        }
        if let Some(h) = self.heuristic {
            p.domain = h.domain;
            p.decay = h.decay.or(p.decay);
        }
        p.init_moms = (p.init_moms || self.init_moms) && !self.no_init_moms;
        if let Some(r) = self.vsids_progress {
            p.progress = r;
        }
        p.solve_limit = self.solve_limit;
        p
    }

    /// How answers are printed.
    pub fn style(&self) -> crate::output::Style {
        use crate::output::{Format, Quiet, Style};
        let quiet = |n: u8| match n {
            0 => Quiet::All,
            1 => Quiet::Last,
            _ => Quiet::None,
        };
        Style {
            format: match self.outf {
                1 => Format::Competition,
                2 => Format::Json,
                3 => Format::Silent,
                _ => Format::Text,
            },
            verbose: self.verbose.unwrap_or(1),
            models: quiet(self.quiet.map_or(0, |q| q.0)),
            costs: quiet(self.quiet.map_or(0, |q| q.1)),
            numeric: false,
        }
    }

    /// The ground program is printed instead of answers.
    pub fn prints_ground_program(&self) -> bool {
        self.mode == Mode::Gringo || self.output.is_some() || self.text
    }
}
