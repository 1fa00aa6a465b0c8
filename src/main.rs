//! The `minasp` command line: clingo's interface over the library.
//!
//! Reads files (or stdin), parses, grounds, solves and prints in clingo's
//! format; diagnostics go to stderr, and the exit code follows clasp's
//! convention (10/20/30 for results, 65 for input errors, 1 for usage).

use clap::Parser;
use minasp::diagnostics::{has_errors, Diagnostic};
use minasp::ground;
use minasp::models::Models;
use minasp::output::{self, Summary};
use minasp::solver::Outcome;
use minasp::syntax::parse::{parse, Dialect};
use minasp::syntax::span::SourceMap;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "minasp",
    version,
    disable_version_flag = true,
    about = "Answer-set programming: a gringo-language grounder and a CDCL stable-model solver, clingo-compatible"
)]
struct Cli {
    /// Input files (`-` or none: standard input); a bare number sets the model limit.
    #[arg(value_name = "FILES")]
    files: Vec<String>,
    /// Compute at most N models (0 for all).
    #[arg(short = 'n', long = "models", value_name = "N")]
    models: Option<u64>,
    /// Replace constant NAME by VALUE (`-c n=5`).
    #[arg(short = 'c', long = "const", value_name = "NAME=VALUE")]
    consts: Vec<String>,
    /// Print the ground program as readable rules and stop.
    #[arg(long = "text")]
    text: bool,
    /// Re-verify every answer set against the ground program (always on in debug builds).
    #[arg(long = "check")]
    check: bool,
    /// Stop after N seconds (grounding and solving): models found so far are
    /// kept, the summary says `TIME LIMIT   : 1`.
    #[arg(long = "time-limit", value_name = "N")]
    time_limit: Option<u64>,
    /// Stop with an error when grounding makes more than N ground atoms.
    #[arg(long = "max-ground-atoms", value_name = "N", default_value_t = 20_000_000)]
    max_ground_atoms: usize,
    /// Silence a class of infos, as clingo: `-W no-atom-undefined`,
    /// `-W no-operation-undefined`, `-W no-dialect`, or `-W none`.
    #[arg(short = 'W', long = "warn", value_name = "WARN")]
    warn: Vec<String>,
    /// Print the solver's statistics after the summary (as clingo's `--stats`).
    #[arg(long = "stats")]
    stats: bool,
    /// Input language: `auto` (judged per file), `gringo3` or `clingo5`.
    #[arg(long = "dialect", value_enum, default_value_t = DialectArg::Auto)]
    dialect: DialectArg,
    /// Run as `clingo` (ground and solve), `gringo` (print the ground program
    /// in aspif) or `clasp` (solve a ground program in aspif or smodels).
    #[arg(long = "mode", value_enum, default_value_t = Mode::Clingo)]
    mode: Mode,
    /// Print the ground program and stop: `aspif` (as --mode=gringo) or `text` (as --text).
    #[arg(long = "output", value_enum, value_name = "FORMAT")]
    output: Option<GroundOutput>,
    /// Output format: 0 text, 1 ASP competition, 2 JSON.
    #[arg(long = "outf", value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=2))]
    outf: u8,
    /// Verbosity: `-V0` prints only the answers and the result word.
    #[arg(short = 'V', long = "verbose", value_name = "N", num_args = 0..=1,
          default_missing_value = "2")]
    verbose: Option<u8>,
    /// Which models to print: `-q` (`--quiet=2`) none, `--quiet=1` only the
    /// last, `--quiet=0` all. Of clingo's `--quiet=<m>,<o>,<t>`, the cost
    /// part has no effect (no optimization) and the call part must be 2
    /// (clingo's per-call blocks are not printed).
    #[arg(short = 'q', long = "quiet", value_name = "M[,O[,T]]", num_args = 0..=1,
          require_equals = true, default_missing_value = "2", value_parser = parse_quiet)]
    quiet: Option<u8>,
    /// Print version information.
    #[arg(long = "version", action = clap::ArgAction::Version)]
    version: Option<bool>,
}

/// The models part of `--quiet=<m>[,<o>[,<t>]]`: up to three numbers;
/// values over 2 mean 2, as in clingo. A call part below 2 (clingo then
/// prints a block per solve call and an accumulated one) is refused
/// rather than silently printed differently.
fn parse_quiet(s: &str) -> Result<u8, String> {
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
    Ok(levels[0])
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum DialectArg {
    Auto,
    Gringo3,
    Clingo5,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Clingo,
    Gringo,
    Clasp,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GroundOutput {
    Aspif,
    Text,
}

/// How answers are printed (from --outf and -V), and whether stdout carries
/// a ground program instead (no `UNKNOWN` there after an input error).
static STYLE: std::sync::OnceLock<(output::Style, bool)> = std::sync::OnceLock::new();

fn style() -> output::Style {
    STYLE.get().map(|s| s.0).unwrap_or_default()
}

fn main() -> ExitCode {
    // clingo's `-q1` (an attached value to a flag whose value is optional
    // and otherwise needs `=`) is `--quiet=1`
    let args: Vec<String> = std::env::args()
        .map(|a| match a.strip_prefix("-q") {
            Some(v) if v.starts_with(|c: char| c.is_ascii_digit()) => format!("--quiet={v}"),
            _ => a,
        })
        .collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // The pipeline runs on a thread with a large stack: deep input must
    // meet a located error or enough room, never the 8 MiB of `main`.
    let worker = std::thread::Builder::new().stack_size(WORKER_STACK).spawn(move || run(cli));
    let code = match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => 70,
    };
    ExitCode::from(code as u8)
}

/// Stack of the thread that parses, grounds and solves.
const WORKER_STACK: usize = 1 << 30;

/// Who writes the answer to stdout: nobody yet, the pipeline, or the stop
/// watchdog (which then exits the process).  Before the pipeline prints
/// anything, a stop (signal or time limit) that the running phase does not
/// notice within [`GRACE`] is answered by the watchdog itself, so every
/// phase stops promptly with clingo's `UNKNOWN` / `INTERRUPTED` output.
static OUTPUT: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);
const OUTPUT_FREE: u8 = 0;
const OUTPUT_PIPELINE: u8 = 1;
const OUTPUT_WATCHDOG: u8 = 2;
/// How long a stopped run may take to stop on its own.
const GRACE: std::time::Duration = std::time::Duration::from_millis(250);
/// What the watchdog needs to print the answer of a stopped run.
static RUN_INFO: OnceLock<(Vec<String>, Instant)> = OnceLock::new();

/// The pipeline takes stdout.  If the watchdog already has, this thread
/// waits for the process to end.
fn claim_output() {
    if OUTPUT.compare_exchange(OUTPUT_FREE, OUTPUT_PIPELINE, Ordering::SeqCst, Ordering::SeqCst).is_err()
        && OUTPUT.load(Ordering::SeqCst) == OUTPUT_WATCHDOG
    {
        loop {
            std::thread::park();
        }
    }
}

/// After a stop: if the pipeline has printed nothing within the grace
/// period, print the stopped run's answer and exit.
fn watchdog() {
    std::thread::sleep(GRACE);
    if OUTPUT.compare_exchange(OUTPUT_FREE, OUTPUT_WATCHDOG, Ordering::SeqCst, Ordering::SeqCst).is_err() {
        return;
    }
    let stop = stop_reason();
    if let Some((inputs, start)) = RUN_INFO.get() {
        let ground_out = STYLE.get().is_some_and(|s| s.1);
        if !ground_out {
            let mut out = io::stdout();
            let _ = output::Printer::new(&mut out, style(), inputs).unknown(start.elapsed(), stop);
            let _ = out.flush();
        }
    }
    std::process::exit(output::exit_code(output::Result::Unknown, false, stop));
}

/// Set by Ctrl-C, SIGTERM or the time limit; checked by grounder and solver.
static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
/// `--stats`: print the solver's counters after the summary.
static STATS: AtomicBool = AtomicBool::new(false);
/// Set (before STOP) when the time limit is what stopped the run.
static TIMED_OUT: AtomicBool = AtomicBool::new(false);

fn stop_flag() -> Arc<AtomicBool> {
    STOP.get_or_init(|| Arc::new(AtomicBool::new(false))).clone()
}

/// Why the run was stopped early, if it was.
fn stop_reason() -> Option<output::Stop> {
    if !stop_flag().load(Ordering::SeqCst) {
        None
    } else if TIMED_OUT.load(Ordering::SeqCst) {
        Some(output::Stop::TimeLimit)
    } else {
        Some(output::Stop::Interrupted)
    }
}

/// Installs the signal handler and the time-limit timer.
fn arm_stops(time_limit: Option<u64>) {
    let flag = stop_flag();
    let _ = ctrlc::set_handler(move || {
        flag.store(true, Ordering::SeqCst);
        std::thread::spawn(watchdog);
    });
    if let Some(secs) = time_limit {
        let flag = stop_flag();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(secs));
            TIMED_OUT.store(true, Ordering::SeqCst);
            flag.store(true, Ordering::SeqCst);
            watchdog();
        });
    }
}

fn run(mut cli: Cli) -> i32 {
    let start = Instant::now();
    arm_stops(cli.time_limit);
    STATS.store(cli.stats, Ordering::Relaxed);
    let mut out = io::stdout();
    let mut stderr = io::stderr();
    // A bare number among the arguments is the model limit (as in clingo).
    let mut models = cli.models;
    cli.files.retain(|f| match f.parse::<u64>() {
        Ok(n) if !std::path::Path::new(f).exists() => {
            models = Some(n);
            false
        }
        _ => true,
    });
    let limit = models.unwrap_or(1);
    let _ = STYLE.set((
        output::Style {
            format: match cli.outf {
                1 => output::Format::Competition,
                2 => output::Format::Json,
                _ => output::Format::Text,
            },
            verbose: cli.verbose.unwrap_or(1),
            models: match cli.quiet.unwrap_or(0) {
                0 => output::Quiet::All,
                1 => output::Quiet::Last,
                _ => output::Quiet::None,
            },
        },
        cli.mode == Mode::Gringo || cli.output.is_some(),
    ));
    let inputs: Vec<String> = if cli.files.is_empty() { vec!["-".into()] } else { cli.files.clone() };
    let _ = RUN_INFO.set((inputs, start));
    if let Some(code) = solve_ground_input(&mut out, &cli, limit, start) {
        return code;
    }

    let mut sources = SourceMap::new();
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut stmts = Vec::new();
    let inputs: Vec<String> = if cli.files.is_empty() { vec!["-".into()] } else { cli.files.clone() };
    for f in &inputs {
        let text = if f == "-" {
            let mut buf = Vec::new();
            if let Err(e) = io::stdin().read_to_end(&mut buf) {
                diags.push(Diagnostic::global_error(format!("<stdin>: cannot read: {}", e)));
                continue;
            }
            buf
        } else {
            match std::fs::read(f) {
                Ok(t) => t,
                Err(e) => {
                    diags.push(Diagnostic::global_error(format!("file could not be opened: {}: {}", f, e)));
                    continue;
                }
            }
        };
        let text = match String::from_utf8(text) {
            Ok(t) => t,
            Err(_) => {
                diags.push(Diagnostic::global_error(format!("{}: input is not valid UTF-8", f)));
                continue;
            }
        };
        let name = if f == "-" { "<stdin>".to_string() } else { f.clone() };
        sources.add(name, text);
    }
    let dialect = match choose_dialect(&sources, cli.dialect) {
        Ok((d, infos)) => {
            diags.extend(infos);
            d
        }
        Err(e) => {
            diags.push(e);
            Dialect::Clingo5
        }
    };
    let dialect_failed = has_errors(&diags);
    let files: Vec<(minasp::syntax::span::FileId, String)> =
        sources.files().map(|(id, f)| (id, f.text.clone())).collect();
    for (id, text) in files.into_iter().filter(|_| !dialect_failed) {
        let (s, d) = parse(id, &text, dialect);
        stmts.extend(s);
        diags.extend(d);
    }
    // -c name=value
    let mut consts = Vec::new();
    for c in &cli.consts {
        match c.split_once('=') {
            Some((n, v)) => {
                let id = sources.add(format!("<cmd>:{}", n), v.to_string());
                let text = sources.file(id).text.clone();
                match parse_const_value(id, &text) {
                    Some(t) => consts.push((n.trim().to_string(), t)),
                    None => {
                        diags.push(Diagnostic::global_error(format!("invalid constant definition: '{}'", c)))
                    }
                }
            }
            None => diags.push(Diagnostic::global_error(format!(
                "invalid constant definition: '{}' (expected NAME=VALUE)",
                c
            ))),
        }
    }
    if has_errors(&diags) {
        return input_error(&mut out, &mut stderr, &sources, &diags, &inputs, cli.text, "parsing failed");
    }
    let opts = ground::Options {
        consts,
        dialect,
        max_atoms: cli.max_ground_atoms,
        interrupt: Some(stop_flag()),
        ..Default::default()
    };
    let (grounding, infos) = match ground::ground(&stmts, &opts) {
        Ok(g) => g,
        Err(mut d) => {
            if let Some(stop) = stop_reason() {
                // Stopped while grounding: no answer, like clingo.
                claim_output();
                let _ = output::Printer::new(&mut out, style(), &inputs).unknown(start.elapsed(), Some(stop));
                return output::exit_code(output::Result::Unknown, false, Some(stop));
            }
            diags.append(&mut d);
            return input_error(
                &mut out,
                &mut stderr,
                &sources,
                &diags,
                &inputs,
                cli.text,
                "grounding stopped because of errors",
            );
        }
    };
    for d in diags.iter().chain(infos.iter()) {
        if !silenced(&cli.warn, d) {
            let _ = stderr.write_all(d.render(&sources).as_bytes());
        }
    }
    claim_output();
    if cli.text || cli.output == Some(GroundOutput::Text) {
        let _ = out.write_all(minasp::text::ground_text(&grounding).as_bytes());
        return 0;
    }
    if cli.mode == Mode::Gringo || cli.output == Some(GroundOutput::Aspif) {
        let table: Vec<(String, Option<minasp::program::Atom>)> =
            grounding.output.iter().map(|(s, a)| (grounding.syms.display(*s), *a)).collect();
        let text = minasp::aspif::write::aspif(&grounding.program, &table);
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        return 0;
    }
    let shown = |m: &[bool]| -> Vec<String> {
        grounding.shown(m).into_iter().map(|s| grounding.syms.display(s)).collect()
    };
    solve(&mut out, &grounding.program, &shown, &inputs, limit, cli.check || cfg!(debug_assertions), start)
}

/// Is this info switched off by a `-W no-...` flag?
fn silenced(warn: &[String], d: &Diagnostic) -> bool {
    if d.is_error() {
        return false;
    }
    let off = |class: &str| warn.iter().any(|w| w == "none" || w == &format!("no-{}", class));
    (d.message.starts_with("atom does not occur") && off("atom-undefined"))
        || (d.message.starts_with("operation undefined") && off("operation-undefined"))
        || (d.message.starts_with("read as") && off("dialect"))
}

/// The dialect for the whole input: forced by `--dialect`, else judged per
/// file; neutral files follow the others, all-neutral input is clingo 5, a
/// mix is an error.  Returns `info:` diagnostics where a neutral file's
/// meaning depends on the choice.
fn choose_dialect(sources: &SourceMap, arg: DialectArg) -> Result<(Dialect, Vec<Diagnostic>), Diagnostic> {
    use minasp::syntax::dialect::classify;
    let evidence: Vec<_> = sources.files().map(|(id, f)| classify(id, &f.text)).collect();
    let forced = match arg {
        DialectArg::Gringo3 => Some(Dialect::Gringo3),
        DialectArg::Clingo5 => Some(Dialect::Clingo5),
        DialectArg::Auto => None,
    };
    let name = |d: Dialect| if d == Dialect::Gringo3 { "gringo 3" } else { "clingo 5" };
    let dialect = match forced {
        Some(d) => d,
        None => {
            if let Some(e) = evidence.iter().find(|e| e.conflict.is_some()) {
                let (a, b) = (e.dialect.unwrap(), e.conflict.unwrap());
                return Err(Diagnostic::error(
                    b.1,
                    format!(
                        "this file mixes dialects: {} ({}) is {}, but {} is {}; choose one with --dialect=gringo3 or --dialect=clingo5",
                        a.2,
                        sources.location(a.1),
                        name(a.0),
                        b.2,
                        name(b.0)
                    ),
                ));
            }
            let g3 = evidence.iter().find_map(|e| e.dialect.filter(|x| x.0 == Dialect::Gringo3));
            let c5 = evidence.iter().find_map(|e| e.dialect.filter(|x| x.0 == Dialect::Clingo5));
            match (g3, c5) {
                (Some(a), Some(b)) => {
                    return Err(Diagnostic::error(
                        a.1,
                        format!(
                            "the input mixes dialects: {} is gringo 3, but {} ({}) is clingo 5; choose one with --dialect=gringo3 or --dialect=clingo5",
                            a.2,
                            b.2,
                            sources.location(b.1)
                        ),
                    ))
                }
                (Some(_), None) => Dialect::Gringo3,
                _ => Dialect::Clingo5,
            }
        }
    };
    let mut infos = Vec::new();
    // Only an automatic choice needs saying: `--dialect` already says it.
    for e in evidence.iter().filter(|_| forced.is_none()) {
        if let (None, Some((span, what))) = (e.dialect, e.ambiguous) {
            infos.push(Diagnostic::info(span, format!("read as {}: {}", name(dialect), what)));
        }
    }
    Ok((dialect, infos))
}

fn parse_const_value(id: minasp::syntax::span::FileId, text: &str) -> Option<minasp::syntax::ast::Term> {
    // `#const x = VALUE.` parsed by the real grammar.
    let wrapped = format!("#const x = {}.", text);
    let (s, d) = parse(id, &wrapped, Dialect::Clingo5);
    if !d.is_empty() {
        return None;
    }
    match s.into_iter().next() {
        Some(minasp::syntax::ast::Statement::Const { value, .. }) => Some(value),
        _ => None,
    }
}

fn input_error(
    out: &mut dyn Write,
    err: &mut dyn Write,
    sources: &SourceMap,
    diags: &[Diagnostic],
    inputs: &[String],
    text: bool,
    what: &str,
) -> i32 {
    claim_output();
    for d in diags {
        let _ = err.write_all(d.render(sources).as_bytes());
    }
    let _ = writeln!(err, "*** ERROR: (minasp): {}", what);
    let ground_out = STYLE.get().is_some_and(|s| s.1);
    if !text && !ground_out {
        let _ = output::Printer::new(out, style(), inputs).unknown(Instant::now().elapsed(), None);
    }
    65
}

/// `--mode=clasp`, or a single input that starts like aspif or smodels:
/// read the ground program and solve it.  `None`: not a ground input (go on
/// parsing).
fn solve_ground_input(out: &mut dyn Write, cli: &Cli, limit: u64, start: Instant) -> Option<i32> {
    use io::BufRead;
    let inputs: Vec<String> = if cli.files.is_empty() { vec!["-".into()] } else { cli.files.clone() };
    let forced = cli.mode == Mode::Clasp;
    if !forced && (cli.mode != Mode::Clingo || inputs.len() != 1 || cli.text || cli.output.is_some()) {
        return None;
    }
    let name = if inputs[0] == "-" { "<stdin>".to_string() } else { inputs[0].clone() };
    let fail = |out: &mut dyn Write, msg: String| -> Option<i32> {
        claim_output();
        eprintln!("{}", msg);
        eprintln!("*** ERROR: (minasp): reading the ground program failed");
        let _ = output::Printer::new(out, style(), &inputs).unknown(start.elapsed(), None);
        Some(65)
    };
    if inputs.len() != 1 {
        return fail(
            out,
            format!("error: --mode=clasp reads one ground program, got {} inputs", inputs.len()),
        );
    }
    // Look at the beginning without consuming it (stdin stays readable by the parser).
    if !forced {
        let looks_ground = if inputs[0] == "-" {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            lock.fill_buf().is_ok_and(|b| minasp::aspif::detect(b).is_some())
        } else {
            let mut head = Vec::new();
            std::fs::File::open(&inputs[0])
                .and_then(|f| f.take(4096).read_to_end(&mut head))
                .is_ok_and(|_| minasp::aspif::detect(&head).is_some())
        };
        if !looks_ground {
            return None;
        }
    }
    let mut text = Vec::new();
    let read = if inputs[0] == "-" {
        io::stdin().read_to_end(&mut text).map(|_| ())
    } else {
        std::fs::read(&inputs[0]).map(|t| text = t)
    };
    if let Err(e) = read {
        return fail(out, format!("{}: error: cannot read: {}", name, e));
    }
    let ground = match minasp::aspif::read_any(&text) {
        Ok(g) => g,
        Err(e) => return fail(out, format!("{}:{}: error: {}", name, e.line, e.msg)),
    };
    let shown = |m: &[bool]| ground.shown(m);
    Some(solve(out, &ground.program, &shown, &inputs, limit, cli.check || cfg!(debug_assertions), start))
}

fn solve(
    out: &mut dyn Write,
    program: &minasp::program::GroundProgram,
    shown: &dyn Fn(&[bool]) -> Vec<String>,
    inputs: &[String],
    limit: u64,
    check: bool,
    start: Instant,
) -> i32 {
    // limit 0 means all models
    let tuning = minasp::solver::Tuning { enumerate: limit != 1 };
    let solver = Models::new(program, tuning);
    claim_output();
    let mut p = output::Printer::new(out, style(), inputs);
    let mut solver = match solver {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}", e);
            let _ = p.unknown(start.elapsed(), None);
            return 65;
        }
    };
    let _ = p.header();
    solver.set_interrupt(stop_flag());
    let _ = p.solving();
    let solve_start = Instant::now();
    let mut count = 0u64;
    let mut first = None;
    let mut more = false;
    let mut exhausted = false;
    loop {
        match solver.next() {
            Outcome::Model(m) => {
                if check && !minasp::models::is_answer_set(program, &m) {
                    eprintln!("*** internal error: the solver returned a model that is not stable; please report this");
                    std::process::exit(70);
                }
                count += 1;
                first.get_or_insert(solve_start.elapsed());
                let atoms = shown(&m);
                let _ = p.model(count, &atoms);
                if limit != 0 && count >= limit {
                    // Like clasp: "more" unless exhaustion is already known.
                    more = !solver.exhausted();
                    exhausted = !more;
                    break;
                }
            }
            Outcome::Exhausted => {
                exhausted = true;
                break;
            }
            Outcome::Interrupted => {
                more = true;
                break;
            }
        }
    }
    let result = if count > 0 {
        output::Result::Satisfiable
    } else if exhausted {
        output::Result::Unsatisfiable
    } else {
        output::Result::Unknown
    };
    let solving = solve_start.elapsed();
    let s = Summary {
        models: count,
        more,
        interrupted: stop_reason(),
        total: start.elapsed(),
        solving,
        first_model: first.unwrap_or(solving),
        unsat: if result == output::Result::Unsatisfiable { solving } else { Default::default() },
        cpu: start.elapsed(),
    };
    let _ = p.finish(result, &s);
    if STATS.load(Ordering::Relaxed) {
        let st = solver.stats();
        let _ = p.stats(&[
            ("Variables", st.variables),
            ("Binary", st.binary),
            ("Clauses", st.clauses),
            ("Weights", st.weights),
            ("Choices", st.decisions),
            ("Conflicts", st.conflicts),
            ("Restarts", st.restarts),
            ("Propagations", st.propagations),
            ("Learnt", st.learned),
        ]);
    }
    output::exit_code(result, more, stop_reason())
}
