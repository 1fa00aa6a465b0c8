//! clingo's text output: header, `Answer: N` lines, the result word and
//! the summary, written to any `Write` and flushed after every answer so a
//! killed run never loses a printed model.
//!
//! Invariant: the shape is exactly clingo's (see `../shared/docs/output.md`);
//! only the version line names minasp.

use std::io::{self, Write};
use std::time::Duration;

/// How the search ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Result {
    Satisfiable,
    Unsatisfiable,
    Unknown,
}

/// Summary numbers.
pub struct Summary {
    pub models: u64,
    /// The search stopped at the model limit (more may exist).
    pub more: bool,
    pub interrupted: bool,
    pub total: Duration,
    pub solving: Duration,
    pub first_model: Duration,
    pub unsat: Duration,
    pub cpu: Duration,
}

pub fn header(out: &mut dyn Write, files: &[String]) -> io::Result<()> {
    writeln!(out, "minasp version {}", env!("CARGO_PKG_VERSION"))?;
    match files.len() {
        0 => writeln!(out, "Reading from stdin")?,
        1 if files[0] == "-" => writeln!(out, "Reading from stdin")?,
        1 => writeln!(out, "Reading from {}", files[0])?,
        _ => writeln!(out, "Reading from {} ...", files[0])?,
    }
    out.flush()
}

pub fn solving(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "Solving...")?;
    out.flush()
}

pub fn answer(out: &mut dyn Write, n: u64, atoms: &[String]) -> io::Result<()> {
    writeln!(out, "Answer: {}", n)?;
    writeln!(out, "{}", atoms.join(" "))?;
    out.flush()
}

pub fn result_word(r: Result) -> &'static str {
    match r {
        Result::Satisfiable => "SATISFIABLE",
        Result::Unsatisfiable => "UNSATISFIABLE",
        Result::Unknown => "UNKNOWN",
    }
}

pub fn summary(out: &mut dyn Write, r: Result, s: &Summary) -> io::Result<()> {
    writeln!(out, "{}", result_word(r))?;
    writeln!(out)?;
    let plus = if s.more || r == Result::Unknown {
        "+"
    } else {
        ""
    };
    writeln!(out, "{:<13}: {}{}", "Models", s.models, plus)?;
    if s.interrupted {
        writeln!(out, "{:<13}: 1", "INTERRUPTED")?;
    }
    writeln!(out, "{:<13}: 1", "Calls")?;
    writeln!(
        out,
        "{:<13}: {:.3}s (Solving: {:.2}s 1st Model: {:.2}s Unsat: {:.2}s)",
        "Time",
        s.total.as_secs_f64(),
        s.solving.as_secs_f64(),
        s.first_model.as_secs_f64(),
        s.unsat.as_secs_f64()
    )?;
    writeln!(out, "{:<13}: {:.3}s", "CPU Time", s.cpu.as_secs_f64())?;
    out.flush()
}

/// Exit code in clasp's convention.
pub fn exit_code(r: Result, more: bool) -> i32 {
    match r {
        Result::Satisfiable if more => 10,
        Result::Satisfiable => 30,
        Result::Unsatisfiable => 20,
        Result::Unknown => 0,
    }
}
