//! clasp's output for a DIMACS input (SAT-competition style), made from
//! the text format line by line: an answer set (the variables named `i`
//! and `-i`, see [`crate::aspif::dimacs`]) becomes `v` lines of the
//! literals by variable, ended by `0` and wrapped past 70 characters; the
//! costs `o COST`; the result word `s WORD`; every other line a `c `
//! comment, a summary's labels padded to 15 columns as clasp pads them.
//!
//! Invariant: every line written is a complete line of the text format,
//! transformed as a whole; nothing is added or dropped.

use std::io::{self, Write};

/// A writer that turns the text format into clasp's SAT output.
pub struct SatLines<W: Write> {
    inner: W,
    pending: Vec<u8>,
    /// The next line is an answer set's.
    model_next: bool,
}

impl<W: Write> SatLines<W> {
    /// Transforms what is written and passes it to `inner`.
    pub fn new(inner: W) -> SatLines<W> {
        SatLines { inner, pending: Vec::new(), model_next: false }
    }

    fn line(&mut self, line: &str) -> io::Result<()> {
        if std::mem::take(&mut self.model_next) {
            return self.values(line);
        }
        if line.starts_with("Answer: ") {
            self.model_next = true;
            return writeln!(self.inner, "c {line}");
        }
        if let Some(costs) = line.strip_prefix("Optimization: ") {
            return writeln!(self.inner, "o {costs}");
        }
        if matches!(line, "SATISFIABLE" | "UNSATISFIABLE" | "OPTIMUM FOUND" | "UNKNOWN") {
            return writeln!(self.inner, "s {line}");
        }
        if line.is_empty() {
            return writeln!(self.inner, "c ");
        }
        // a summary line `Label        : value`: the label padded to 15
        if let Some((label, value)) = line.split_once(" : ") {
            return writeln!(self.inner, "c {:<15}: {}", label.trim_end(), value.trim_start());
        }
        writeln!(self.inner, "c {line}")
    }

    /// `v 1 -2 3 ... 0`, by variable, a new `v` line past 70 characters.
    fn values(&mut self, line: &str) -> io::Result<()> {
        let mut lits: Vec<i64> = line.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        lits.sort_by_key(|l| l.unsigned_abs());
        let mut text = String::from("v");
        for t in lits.iter().map(i64::to_string).chain(std::iter::once("0".to_string())) {
            if text.len() > 70 {
                writeln!(self.inner, "{text}")?;
                text = String::from("v");
            }
            text.push(' ');
            text.push_str(&t);
        }
        writeln!(self.inner, "{text}")
    }
}

impl<W: Write> Write for SatLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            let line = String::from_utf8_lossy(&line[..i]).into_owned();
            self.line(&line)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_becomes_clasps_sat_output() {
        let mut out = SatLines::new(Vec::new());
        let text = "minasp version 0.1.0\nReading from s.cnf\nSolving...\nAnswer: 1\n-2 1 3\nOptimization: 2\n\
                    OPTIMUM FOUND\n\nModels       : 1\n  Optimum    : yes\nTime         : 0.000s (Solving: 0.00s)\nCPU Time     : 0.000s\n";
        out.write_all(text.as_bytes()).unwrap();
        assert_eq!(
            String::from_utf8(out.inner).unwrap(),
            "c minasp version 0.1.0\nc Reading from s.cnf\nc Solving...\nc Answer: 1\nv 1 -2 3 0\no 2\n\
             s OPTIMUM FOUND\nc \nc Models         : 1\nc   Optimum      : yes\nc Time           : 0.000s (Solving: 0.00s)\nc CPU Time       : 0.000s\n"
        );
    }

    #[test]
    fn long_value_lines_wrap_as_clasps() {
        let mut out = SatLines::new(Vec::new());
        let lits: Vec<String> =
            (1..=40).map(|i| if i % 3 == 0 { format!("-{i}") } else { i.to_string() }).collect();
        out.write_all(format!("Answer: 1\n{}\n", lits.join(" ")).as_bytes()).unwrap();
        let text = String::from_utf8(out.inner).unwrap();
        let v: Vec<&str> = text.lines().filter(|l| l.starts_with('v')).collect();
        // clasp 3.3.5's lines for these 40 literals
        assert_eq!(v[0], "v 1 2 -3 4 5 -6 7 8 -9 10 11 -12 13 14 -15 16 17 -18 19 20 -21 22 23 -24");
        assert_eq!(v[1], "v 25 26 -27 28 29 -30 31 32 -33 34 35 -36 37 38 -39 40 0");
    }
}
