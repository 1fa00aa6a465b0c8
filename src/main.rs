//! The `minasp` command line: clingo's interface over the library.
//!
//! Reads files (or stdin), parses, grounds, solves and prints in clingo's
//! format; diagnostics go to stderr, and the exit code follows clasp's
//! convention (10/20/30 for results, 65 for input errors, 1 for usage).

use clap::Parser;
use minasp::diagnostics::{has_errors, Diagnostic};
use minasp::ground::{self, Grounding};
use minasp::models::Models;
use minasp::output::{self, Summary};
use minasp::solver::Outcome;
use minasp::syntax::parse::{parse, Dialect};
use minasp::syntax::span::SourceMap;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "minasp",
    version,
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
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    ExitCode::from(run(cli) as u8)
}

fn run(mut cli: Cli) -> i32 {
    let start = Instant::now();
    let stdout = io::stdout();
    let mut out = stdout.lock();
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

    let mut sources = SourceMap::new();
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut stmts = Vec::new();
    let inputs: Vec<String> = if cli.files.is_empty() {
        vec!["-".into()]
    } else {
        cli.files.clone()
    };
    for f in &inputs {
        let text = if f == "-" {
            let mut buf = Vec::new();
            if let Err(e) = io::stdin().read_to_end(&mut buf) {
                diags.push(Diagnostic::global_error(format!(
                    "<stdin>: cannot read: {}",
                    e
                )));
                continue;
            }
            buf
        } else {
            match std::fs::read(f) {
                Ok(t) => t,
                Err(e) => {
                    diags.push(Diagnostic::global_error(format!(
                        "file could not be opened: {}: {}",
                        f, e
                    )));
                    continue;
                }
            }
        };
        let text = match String::from_utf8(text) {
            Ok(t) => t,
            Err(_) => {
                diags.push(Diagnostic::global_error(format!(
                    "{}: input is not valid UTF-8",
                    f
                )));
                continue;
            }
        };
        let name = if f == "-" {
            "<stdin>".to_string()
        } else {
            f.clone()
        };
        let id = sources.add(name, text);
        let (s, d) = parse(id, &sources.file(id).text.clone(), Dialect::Clingo5);
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
                    None => diags.push(Diagnostic::global_error(format!(
                        "invalid constant definition: '{}'",
                        c
                    ))),
                }
            }
            None => diags.push(Diagnostic::global_error(format!(
                "invalid constant definition: '{}' (expected NAME=VALUE)",
                c
            ))),
        }
    }
    if has_errors(&diags) {
        return input_error(
            &mut out,
            &mut stderr,
            &sources,
            &diags,
            &inputs,
            cli.text,
            "parsing failed",
        );
    }
    let opts = ground::Options {
        consts,
        ..Default::default()
    };
    let (grounding, infos) = match ground::ground(&stmts, &opts) {
        Ok(g) => g,
        Err(mut d) => {
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
        let _ = stderr.write_all(d.render(&sources).as_bytes());
    }
    if cli.text {
        let _ = out.write_all(minasp::text::ground_text(&grounding).as_bytes());
        return 0;
    }
    solve(
        &mut out,
        &grounding,
        &inputs,
        limit,
        cli.check || cfg!(debug_assertions),
        start,
    )
}

fn parse_const_value(
    id: minasp::syntax::span::FileId,
    text: &str,
) -> Option<minasp::syntax::ast::Term> {
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
    for d in diags {
        let _ = err.write_all(d.render(sources).as_bytes());
    }
    let _ = writeln!(err, "*** ERROR: (minasp): {}", what);
    if !text {
        let _ = output::header(out, inputs);
        let _ = writeln!(out, "UNKNOWN");
    }
    65
}

fn solve(
    out: &mut dyn Write,
    g: &Grounding,
    inputs: &[String],
    limit: u64,
    check: bool,
    start: Instant,
) -> i32 {
    let _ = output::header(out, inputs);
    let mut solver = match Models::new(&g.program) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}", e);
            let _ = writeln!(out, "UNKNOWN");
            return 65;
        }
    };
    let _ = output::solving(out);
    let solve_start = Instant::now();
    let mut count = 0u64;
    let mut first = None;
    let mut more = false;
    let mut exhausted = false;
    loop {
        match solver.next() {
            Outcome::Model(m) => {
                if check && !minasp::models::is_answer_set(&g.program, &m) {
                    eprintln!("*** internal error: the solver returned a model that is not stable; please report this");
                    std::process::exit(70);
                }
                count += 1;
                first.get_or_insert(solve_start.elapsed());
                let atoms: Vec<String> =
                    g.shown(&m).into_iter().map(|s| g.syms.display(s)).collect();
                let _ = output::answer(out, count, &atoms);
                if limit != 0 && count >= limit {
                    more = true;
                    break;
                }
            }
            Outcome::Exhausted => {
                exhausted = true;
                break;
            }
            Outcome::Interrupted => break,
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
        interrupted: false,
        total: start.elapsed(),
        solving,
        first_model: first.unwrap_or(solving),
        unsat: if result == output::Result::Unsatisfiable {
            solving
        } else {
            Default::default()
        },
        cpu: start.elapsed(),
    };
    let _ = output::summary(out, result, &s);
    output::exit_code(result, more)
}
