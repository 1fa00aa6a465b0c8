//! clingo's text output: header, `Answer: N` lines, the result word and
//! the summary, written to any `Write` and flushed after every answer so a
//! killed run never loses a printed model.
//!
//! Invariant: the shape is exactly clingo's (see `../shared/docs/output.md`);
//! only the version line names minasp.

pub use crate::report::{
    costs_text, exit_code, result_word, ConsSummary, OptSummary, Result, Shown, Stop, Summary,
};
use std::io::{self, Write};
use std::time::Duration;

/// Writes the text format's header: the version line and `Reading from ...` (the first file, `...` if
/// there are more; stdin if none or `-`).
pub fn header(out: &mut dyn Write, files: &[String]) -> io::Result<()> {
    writeln!(out, "minasp version {}", env!("CARGO_PKG_VERSION"))?;
    match files.len() {
        0 => writeln!(out, "Reading from stdin")?,
        1 if files[0] == "-" => writeln!(out, "Reading from stdin")?,
        1 => writeln!(out, "Reading from {}", shown_path(&files[0]))?,
        _ => writeln!(out, "Reading from {} ...", shown_path(&files[0]))?,
    }
    out.flush()
}

/// A file name as clingo's header shows it: a name of 40 characters or
/// more as `...` and its last 38.
fn shown_path(name: &str) -> String {
    let n = name.chars().count();
    if n < 40 {
        name.to_string()
    } else {
        format!("...{}", name.chars().skip(n - 38).collect::<String>())
    }
}

/// Writes the `Solving...` line.
pub fn solving(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "Solving...")?;
    out.flush()
}

/// Writes a shown model as clingo does: its atoms part (an `Answer: n`
/// line, none under `-V0`, then the atoms on one line) if `atoms`, and its
/// meta part (`Consequences: [lo;hi]` under `-e brave|cautious`, then
/// `Optimization: c1 c2` if it has costs) if `meta`; minasp's `why` lines
/// last, with the atoms.
fn shown_answer(out: &mut dyn Write, m: &Shown, atoms: bool, meta: bool, quiet: bool) -> io::Result<()> {
    if atoms {
        if !quiet {
            writeln!(out, "Answer: {}", m.number)?;
        }
        writeln!(out, "{}", m.atoms.join(" "))?;
    }
    if meta {
        if let Some((lo, hi)) = m.consequences {
            writeln!(out, "Consequences: [{lo};{hi}]")?;
        }
        if !m.costs.is_empty() {
            writeln!(out, "Optimization: {}", costs_text(&m.costs))?;
        }
    }
    if atoms {
        for l in &m.why {
            writeln!(out, "{}", l)?;
        }
    }
    out.flush()
}

/// Writes the result word, a blank line and the summary lines (`Models`, `Calls`, `Time`, ...).
pub fn summary(out: &mut dyn Write, r: Result, s: &Summary) -> io::Result<()> {
    writeln!(out, "{}", result_word(r))?;
    writeln!(out)?;
    let plus = if s.more || r == Result::Unknown { "+" } else { "" };
    for (label, value) in summary_lines(s, plus) {
        writeln!(out, "{:<13}: {}", label, value)?;
    }
    out.flush()
}

/// The summary's label/value lines after the result word, in clingo's order.
fn summary_lines(s: &Summary, plus: &str) -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    if let Some(stop) = s.interrupted {
        lines.push((stop.label(), "1".to_string()));
    }
    lines.push(("Models", format!("{}{}", s.models, plus)));
    // with both, clingo's order: the kind of consequences, the optimum,
    // the costs, then the number of consequences
    if let Some(c) = &s.consequences {
        let kind = if c.kind == "Brave" { "  Brave" } else { "  Cautious" };
        lines.push((kind, if c.complete { "yes" } else { "unknown" }.to_string()));
    }
    if let Some(o) = &s.optimization {
        lines.push(("  Optimum", if o.proven { "yes" } else { "unknown" }.to_string()));
        if o.optimal > 1 {
            lines.push(("  Optimal", o.optimal.to_string()));
        }
        if let Some(c) = &o.costs {
            lines.push(("Optimization", costs_text(c)));
        }
    }
    if let Some(c) = &s.consequences {
        lines.push(("Consequences", format!("{}{}", c.lower, if c.complete { "" } else { "+" })));
    }
    lines.push(("Calls", s.calls.to_string()));
    lines.push((
        "Time",
        format!(
            "{:.3}s (Solving: {:.2}s 1st Model: {:.2}s Unsat: {:.2}s)",
            s.total.as_secs_f64(),
            s.solving.as_secs_f64(),
            s.first_model.as_secs_f64(),
            s.unsat.as_secs_f64()
        ),
    ));
    lines.push(("CPU Time", format!("{:.3}s", s.cpu.as_secs_f64())));
    if let Some((n, winner)) = s.threads {
        lines.push(("Threads", format!("{n:<8} (Winner: {winner})")));
    }
    lines
}

/// Which of clingo's output formats (`--outf`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Format {
    /// `--outf=0`: the text format above.
    #[default]
    Text,
    /// `--outf=1`: the ASP competition format (`ANSWER` and the last model
    /// as facts, or `INCONSISTENT`; everything else as `% ` comments).
    Competition,
    /// `--outf=2`: one JSON document ([`crate::json`]).
    Json,
    /// `--outf=3`: nothing on standard output (the exit code tells the result).
    Silent,
}

/// Which models are printed (clingo's `--quiet=<m>`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Quiet {
    /// Every model, as it is found (`--quiet=0`, the default).
    All,
    /// Only the last model, at the end (`--quiet=1`).
    Last,
    /// None (`-q`, `--quiet=2`).
    None,
}

/// How to print: the format, the verbosity (`-V0`: answers and the
/// result word only, as `clingo -V0`) and which models.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Style {
    /// The output format (`--outf`).
    pub format: Format,
    /// The verbosity (`-V`): 0 prints only answers and the result word; any other value prints it all.
    pub verbose: u8,
    /// Which models are printed (`--quiet`).
    pub models: Quiet,
    /// Which `Optimization:` lines are printed (`--quiet=M,C`).
    pub costs: Quiet,
    /// The shown terms are DIMACS literals (`i`, `-i`): JSON gives them
    /// as numbers, by variable, as clasp does.
    pub numeric: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style { format: Format::Text, verbose: 1, models: Quiet::All, costs: Quiet::All, numeric: false }
    }
}

/// Prints one run in any [`Format`]: call [`Printer::header`],
/// [`Printer::solving`], [`Printer::model`] for each model and
/// [`Printer::finish`] once.  Every format is written as it goes (text
/// flushed after every answer; JSON's witnesses when found, the rest of
/// the document at `finish`).
pub struct Printer<'a> {
    out: &'a mut dyn Write,
    style: Style,
    inputs: Vec<String>,
    /// The JSON document written so far.
    json: crate::json::Stream,
    /// [`Printer::solving`] was called (a solver call is under way).
    solving: bool,
    /// The models kept for the end (`--quiet=1`, the competition format):
    /// the last one, or every optimal one of `optN`.
    kept: Vec<Shown>,
    /// The header is out (printed here, or before grounding by whoever
    /// made this printer: see [`Printer::after_header`]).
    header_done: bool,
}

impl<'a> Printer<'a> {
    /// A printer writing to `out` in `style`; `inputs` are the input file names for the header.
    pub fn new(out: &'a mut dyn Write, style: Style, inputs: &[String]) -> Printer<'a> {
        Printer {
            out,
            style,
            inputs: inputs.to_vec(),
            json: crate::json::Stream::new(style.numeric),
            solving: false,
            kept: Vec::new(),
            header_done: false,
        }
    }

    /// This printer goes on after a header printed before it was made (as
    /// clingo, before the program is read, so that the reader's messages
    /// follow `Reading from`): [`Printer::header`] prints nothing.
    pub fn after_header(mut self, printed: bool) -> Self {
        self.header_done |= printed;
        self
    }

    fn quiet(&self) -> bool {
        self.style.verbose == 0
    }

    /// Whether a model's atoms are ever printed ([`Shown::atoms`] may stay
    /// empty otherwise: a million atoms need not be made text for `-q`).
    pub fn prints_atoms(&self) -> bool {
        self.style.format != Format::Silent && self.style.models != Quiet::None
    }

    /// Prints the header (as `% ` comments in the competition format; nothing in JSON or at `-V0`).
    pub fn header(&mut self) -> io::Result<()> {
        if self.style.format == Format::Silent || std::mem::replace(&mut self.header_done, true) {
            return Ok(());
        }
        match self.style.format {
            Format::Text if !self.quiet() => header(self.out, &self.inputs),
            Format::Competition if !self.quiet() => {
                let mut buf = Vec::new();
                header(&mut buf, &self.inputs)?;
                comment(self.out, &buf)
            }
            _ => Ok(()),
        }
    }

    /// Prints the `Solving...` line (as a comment in the competition format; nothing in JSON or at `-V0`).
    /// Called again, it starts another solver call (an incremental
    /// program's next step): JSON's `Call` list gets another entry.
    pub fn solving(&mut self) -> io::Result<()> {
        if self.style.format == Format::Silent {
            return Ok(());
        }
        if std::mem::replace(&mut self.solving, true) && self.style.format == Format::Json {
            self.json.end_call(self.out, &self.inputs)?;
        }
        match self.style.format {
            Format::Text if !self.quiet() => solving(self.out),
            Format::Competition if !self.quiet() => comment(self.out, b"Solving...\n"),
            _ => Ok(()),
        }
    }

    /// Takes a model: printed now in the text format, kept for `finish` by
    /// the others and under `--quiet=1`, dropped under `--quiet=2`.
    pub fn model(&mut self, m: Shown) -> io::Result<()> {
        if self.style.format == Format::Silent {
            return Ok(());
        }
        if self.style.format == Format::Text && self.style.costs != self.style.models {
            return self.model_text_split(m);
        }
        match (self.style.models, self.style.format) {
            (Quiet::None, _) | (_, Format::Silent) => Ok(()),
            (Quiet::Last, _) | (_, Format::Competition) => {
                // the last model, or every optimal one
                self.keep(m);
                Ok(())
            }
            (Quiet::All, Format::Text) => {
                let quiet = self.quiet();
                shown_answer(self.out, &m, true, true, quiet)
            }
            (Quiet::All, Format::Json) => self.json.witness(self.out, &self.inputs, &m),
        }
    }

    /// The text format when models and costs are quiet in different ways
    /// (`--quiet=1,0`): each printed as its part says, the kept ones at
    /// `finish`.
    fn model_text_split(&mut self, m: Shown) -> io::Result<()> {
        let quiet = self.quiet();
        shown_answer(self.out, &m, self.style.models == Quiet::All, self.style.costs == Quiet::All, quiet)?;
        self.keep(m);
        Ok(())
    }

    /// Keeps `m` for `finish`: instead of the models kept so far, or with
    /// them when they and `m` are all optimal (`optN`).
    fn keep(&mut self, m: Shown) {
        if !(m.optimal && self.kept.last().is_some_and(|k| k.optimal)) {
            self.kept.clear();
        }
        self.kept.push(m);
    }

    /// Solver counters after the summary (`--stats`), text format only.
    pub fn stats(&mut self, counters: &[(&str, u64)]) -> io::Result<()> {
        if self.style.format == Format::Silent {
            return Ok(());
        }
        if self.style.format != Format::Text || self.quiet() {
            return Ok(());
        }
        writeln!(self.out)?;
        for (name, n) in counters {
            writeln!(self.out, "{:<13}: {}", name, n)?;
        }
        self.out.flush()
    }

    /// Ends the run: prints any kept model, then the result word `r` and the summary `s` (in JSON, the
    /// whole document).
    pub fn finish(&mut self, r: Result, s: &Summary) -> io::Result<()> {
        if self.style.format == Format::Silent {
            return Ok(());
        }
        if self.style.format == Format::Text && self.style.costs != self.style.models {
            // `--quiet=M,C` with M != C: the kept model's atoms and/or its costs
            let quiet = self.quiet();
            if let Some(last) = self.kept.last() {
                let (atoms, meta) = (self.style.models == Quiet::Last, self.style.costs == Quiet::Last);
                shown_answer(self.out, last, atoms, meta, quiet)?;
            }
            self.kept.clear();
        }
        // `--quiet=1`: the last model (or the optimal ones), just before the result
        if self.style.models == Quiet::Last {
            let quiet = self.quiet();
            for m in &self.kept {
                match self.style.format {
                    Format::Text => shown_answer(self.out, m, true, true, quiet)?,
                    Format::Json => self.json.witness(self.out, &self.inputs, m)?,
                    Format::Competition | Format::Silent => {}
                }
            }
        }
        match self.style.format {
            Format::Silent => Ok(()),
            Format::Text if self.quiet() => {
                writeln!(self.out, "{}", result_word(r))?;
                self.out.flush()
            }
            Format::Text => summary(self.out, r, s),
            Format::Json => {
                self.json.finish(self.out, &self.inputs, r, s)?;
                self.out.flush()
            }
            Format::Competition => {
                for m in &self.kept {
                    if !self.quiet() {
                        writeln!(self.out, "% Answer: {}", m.number)?;
                    }
                    writeln!(self.out, "ANSWER")?;
                    let facts: Vec<String> = m.atoms.iter().map(|a| format!("{}.", a)).collect();
                    writeln!(self.out, "{}", facts.join(" "))?;
                    if let (Some((lo, hi)), false) = (m.consequences, self.quiet()) {
                        writeln!(self.out, "% Consequences: [{lo};{hi}]")?;
                    }
                    if !m.costs.is_empty() {
                        writeln!(self.out, "COST {}", costs_text(&m.costs))?;
                    }
                }
                match (self.kept.is_empty(), r) {
                    (false, Result::Optimum) => writeln!(self.out, "OPTIMUM")?,
                    (true, Result::Unsatisfiable) => writeln!(self.out, "INCONSISTENT")?,
                    (true, Result::Unknown) => writeln!(self.out, "UNKNOWN")?,
                    // models found but not printed (`-q`), or no optimum
                    _ => {}
                }
                if !self.quiet() {
                    let plus = if s.more || r == Result::Unknown { "+" } else { "" };
                    writeln!(self.out, "% ")?;
                    for (label, value) in summary_lines(s, plus) {
                        writeln!(self.out, "% {:<15}: {}", label, value)?;
                    }
                }
                self.out.flush()
            }
        }
    }

    /// After an input error: `UNKNOWN` in the chosen format, with the
    /// summary (`Models : 0+`, `Calls`, `Time`), as clingo prints it.
    pub fn unknown(&mut self, elapsed: Duration, stop: Option<Stop>) -> io::Result<()> {
        if self.style.format == Format::Silent {
            return Ok(());
        }
        self.header()?;
        let s = Summary {
            models: 0,
            more: true,
            interrupted: stop,
            total: elapsed,
            solving: Duration::ZERO,
            first_model: Duration::ZERO,
            unsat: Duration::ZERO,
            cpu: elapsed,
            threads: None,
            optimization: None,
            consequences: None,
            stats: Vec::new(),
            calls: 1,
        };
        // as clingo (5.4 and 5.8): the result word and the summary
        self.finish(Result::Unknown, &s)
    }
}

/// Writes text as `% `-prefixed comment lines.
fn comment(out: &mut dyn Write, text: &[u8]) -> io::Result<()> {
    for line in String::from_utf8_lossy(text).lines() {
        writeln!(out, "% {}", line)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A writer whose text the test reads while the printer holds it.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// JSON witnesses are written when found, not kept for the end (a
    /// million models held as JSON took 10 GB): before `finish` the text
    /// holds both, and after it the whole document parses, with every
    /// call of an incremental run.
    #[test]
    fn json_witnesses_are_written_as_they_are_found() {
        let shared = Shared::default();
        let mut out = shared.clone();
        let style = Style { format: Format::Json, ..Style::default() };
        let mut p = Printer::new(&mut out, style, &["x.lp".to_string()]);
        p.header().unwrap();
        p.solving().unwrap();
        p.solving().unwrap();
        p.model(Shown { atoms: vec!["a".into()], ..Shown::default() }).unwrap();
        p.model(Shown { atoms: vec!["b".into(), "c".into()], ..Shown::default() }).unwrap();
        let before = String::from_utf8(shared.0.borrow().clone()).unwrap();
        assert!(before.contains("\"a\"") && before.contains("\"c\""), "{before}");
        let s = Summary {
            models: 2,
            more: false,
            interrupted: None,
            total: Duration::ZERO,
            solving: Duration::ZERO,
            first_model: Duration::ZERO,
            unsat: Duration::ZERO,
            cpu: Duration::ZERO,
            threads: None,
            optimization: None,
            consequences: None,
            stats: Vec::new(),
            calls: 2,
        };
        p.finish(Result::Satisfiable, &s).unwrap();
        let text = String::from_utf8(shared.0.borrow().clone()).unwrap();
        assert!(text.starts_with(&before));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["Call"][0], serde_json::json!({}));
        assert_eq!(v["Call"][1]["Witnesses"][1]["Value"], serde_json::json!(["b", "c"]));
        assert_eq!(v["Result"], "SATISFIABLE");
        let calls = [
            vec![],
            vec![
                Shown { atoms: vec!["a".into()], ..Shown::default() },
                Shown { atoms: vec!["b".into(), "c".into()], ..Shown::default() },
            ],
        ];
        assert_eq!(
            text,
            crate::json::document(&["x.lp".to_string()], &calls, Result::Satisfiable, &s, false)
        );
    }
}
