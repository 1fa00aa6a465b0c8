//! The Potassco ground-program formats: `aspif` (version 1) out and in, and
//! the older `smodels` format in — what lets minasp's grounder be checked
//! against clasp and its solver against gringo, each half on its own.
//!
//! - [`write`](mod@write): a [`GroundProgram`] and its output table as aspif, the way
//!   gringo 5 writes it.
//! - [`write_smodels`]: a [`GroundProgram`] as smodels text, as gringo writes it.
//! - [`reify`]: a [`GroundProgram`] as gringo's reified facts (`--output=reify`).
//! - [`read`]: aspif text to a [`GroundInput`].
//! - [`smodels`]: smodels text (rules, symbol table, compute statements) to a
//!   [`GroundInput`].
//! - [`dimacs`]: DIMACS CNF and WCNF (MaxSAT) to a [`GroundInput`], as clasp reads them.
//! - [`names`]: printed terms of an output table, parsed back so that models
//!   print in clingo's term order.
//!
//! Invariant: reading never panics on any input; every rejection is a
//! [`ReadError`] naming the offending line.

pub mod dimacs;
pub mod names;
pub mod read;
pub mod reify;
pub mod smodels;
pub mod write;
pub mod write_smodels;

use crate::program::{Atom, GroundProgram, Lit};
use std::collections::HashMap;
use std::fmt;

/// Which ground format a text is in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Format {
    /// Potassco's aspif, version 1 (starts with `asp `).
    Aspif,
    /// The older smodels (lparse) numeric format.
    Smodels,
    /// DIMACS CNF or weighted CNF (MaxSAT), as clasp reads them.
    Dimacs,
}

/// Guesses the format of a ground program from its beginning: `asp ` starts
/// aspif, a first line made of integers only is smodels, `c` comment lines
/// then `p cnf`/`p wcnf` DIMACS (no clingo program starts like that).
/// `None`: none of them (a clingo program, or garbage).
pub fn detect(text: &[u8]) -> Option<Format> {
    if dimacs::problem(text).is_some() {
        return Some(Format::Dimacs);
    }
    let start = text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(text.len());
    let rest = &text[start..];
    if rest.starts_with(b"asp ") || rest.starts_with(b"asp\t") {
        return Some(Format::Aspif);
    }
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let line = &rest[..end];
    let mut any = false;
    for tok in line.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()) {
        let digits = tok.strip_prefix(b"-").unwrap_or(tok);
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        any = true;
    }
    if any {
        Some(Format::Smodels)
    } else {
        None
    }
}

/// A malformed or unsupported ground program: what and where (1-based line).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadError {
    /// The 1-based number of the offending line.
    pub line: usize,
    /// What is wrong with it.
    pub msg: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.msg)
    }
}

impl std::error::Error for ReadError {}

/// A ground program read from aspif or smodels, with what to print.
#[derive(Clone, Debug, Default)]
pub struct GroundInput {
    /// The rules read, over atoms renumbered densely from the input's atom numbers.
    pub program: GroundProgram,
    /// Printed terms, each with the literals that must all be true (empty:
    /// always printed).  A term may occur several times (printed once if
    /// any of its conditions holds).
    pub output: Vec<(String, Vec<Lit>)>,
}

impl GroundInput {
    /// The printed terms of a model: sorted by clingo's term order (terms
    /// that do not parse as terms last, by their text), without repeats.
    pub fn shown(&self, model: &[bool]) -> Vec<String> {
        let holds = |l: &Lit| model.get(l.atom().index()).copied().unwrap_or(false) == l.is_positive();
        let texts: Vec<&str> =
            self.output.iter().filter(|(_, c)| c.iter().all(holds)).map(|(t, _)| t.as_str()).collect();
        names::sort_terms(texts)
    }
}

/// Several aspif programs as one, as clingo's `load_aspif` reads them into
/// one program: their atom numbers are the same atoms. The first's header,
/// then every program's statements, then the end. One program (in any
/// format) is returned as it is.
pub fn join(programs: &[Vec<u8>]) -> Vec<u8> {
    if let [one] = programs {
        return one.clone();
    }
    let mut out = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        let mut lines: Vec<&[u8]> = p.split(|&b| b == b'\n').collect();
        while lines.last().is_some_and(|l| l.iter().all(u8::is_ascii_whitespace)) {
            lines.pop();
        }
        // the end statement `0`
        if lines.last().is_some_and(|l| l.trim_ascii() == b"0") {
            lines.pop();
        }
        let skip = usize::from(i > 0 && lines.first().is_some_and(|l| l.starts_with(b"asp ")));
        for l in &lines[skip..] {
            out.extend_from_slice(l);
            out.push(b'\n');
        }
    }
    out.extend_from_slice(b"0\n");
    out
}

/// Reads a ground program in any of the formats (detected; `Err` if none).
pub fn read_any(text: &[u8]) -> Result<GroundInput, ReadError> {
    read_any_as(text, false)
}

/// [`read_any`]; `max_sat`: a DIMACS CNF's clauses are soft (see [`dimacs::read_as`]).
pub fn read_any_as(text: &[u8], max_sat: bool) -> Result<GroundInput, ReadError> {
    match detect(text) {
        Some(Format::Aspif) => read::read(text),
        Some(Format::Smodels) => smodels::read(text),
        Some(Format::Dimacs) => dimacs::read_as(text, max_sat),
        None => Err(ReadError {
            line: 1,
            msg: "expected a ground program in the aspif (`asp 1 0 0`), smodels or DIMACS format".into(),
        }),
    }
}

/// Dense numbering of the atoms of a file (any positive numbers, in order of
/// first mention) as [`Atom`]s `0..n`: a sparse or huge atom number in the
/// input costs nothing.
#[derive(Default)]
pub(crate) struct AtomMap {
    map: HashMap<u64, Atom>,
}

impl AtomMap {
    pub(crate) fn atom(&mut self, prog: &mut GroundProgram, n: u64) -> Atom {
        *self.map.entry(n).or_insert_with(|| prog.new_atom())
    }
}

/// Lines of a text, numbered from 1, as byte slices without the line break.
pub(crate) fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    text.split(|&b| b == b'\n').enumerate().map(|(i, l)| (i + 1, l.strip_suffix(b"\r").unwrap_or(l)))
}

/// The integers of a line, each with a check.
pub(crate) struct Nums<'a> {
    toks: std::vec::IntoIter<&'a [u8]>,
    line: usize,
}

impl<'a> Nums<'a> {
    pub(crate) fn new(line: usize, text: &'a [u8]) -> Nums<'a> {
        let toks: Vec<&[u8]> = text.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).collect();
        Nums { toks: toks.into_iter(), line }
    }

    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> Result<T, ReadError> {
        Err(ReadError { line: self.line, msg: msg.into() })
    }

    /// The next integer; `what` names it in the error.
    pub(crate) fn int(&mut self, what: &str) -> Result<i64, ReadError> {
        match self.toks.next() {
            None => self.err(format!("line ends early: expected {}", what)),
            Some(t) => match std::str::from_utf8(t).ok().and_then(|s| s.parse::<i64>().ok()) {
                Some(i) => Ok(i),
                None => self.err(format!(
                    "expected {} (an integer), found `{}`",
                    what,
                    String::from_utf8_lossy(t)
                )),
            },
        }
    }

    /// A non-negative count, bounded by the tokens left on the line so a
    /// bogus count fails at once instead of allocating.
    pub(crate) fn count(&mut self, what: &str) -> Result<usize, ReadError> {
        let n = self.int(what)?;
        if n < 0 {
            return self.err(format!("{} must not be negative, found {}", what, n));
        }
        if n as u128 > self.toks.len() as u128 {
            return self.err(format!(
                "line ends early: {} is {} but only {} numbers follow",
                what,
                n,
                self.toks.len()
            ));
        }
        Ok(n as usize)
    }

    /// A positive atom number.
    pub(crate) fn atom_num(&mut self, what: &str) -> Result<u64, ReadError> {
        let n = self.int(what)?;
        if n <= 0 {
            return self.err(format!("{} must be a positive atom number, found {}", what, n));
        }
        Ok(n as u64)
    }

    /// A literal: a non-zero integer, negative for `not`.
    pub(crate) fn lit_num(&mut self, what: &str) -> Result<i64, ReadError> {
        let n = self.int(what)?;
        if n == 0 {
            return self.err(format!("{} must be a non-zero literal, found 0", what));
        }
        Ok(n)
    }

    /// No token is left on the line.
    pub(crate) fn at_end(&self) -> bool {
        self.toks.len() == 0
    }

    pub(crate) fn end(&mut self) -> Result<(), ReadError> {
        match self.toks.next() {
            None => Ok(()),
            Some(t) => self
                .err(format!("unexpected `{}` after the end of the statement", String::from_utf8_lossy(t))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two aspif programs joined are one: their atom numbers name the
    /// same atoms, and the second's header and the first's end are gone.
    #[test]
    fn joined_programs_share_their_atoms() {
        let first = b"asp 1 0 0\n1 1 2 1 2 0 0\n4 1 a 1 1\n0\n".to_vec();
        let second = b"asp 1 0 0\n1 0 1 3 0 1 2\n4 1 c 1 3\n0\n\n".to_vec();
        let joined = join(&[first.clone(), second]);
        assert_eq!(joined, b"asp 1 0 0\n1 1 2 1 2 0 0\n4 1 a 1 1\n1 0 1 3 0 1 2\n4 1 c 1 3\n0\n".to_vec());
        let g = read_any(&joined).unwrap();
        assert_eq!(g.program.rules.len(), 2);
        assert_eq!(join(std::slice::from_ref(&first)), first);
    }

    #[test]
    fn detects_formats() {
        assert_eq!(detect(b"asp 1 0 0\n0\n"), Some(Format::Aspif));
        assert_eq!(detect(b"\n  1 2 0 0\n0\n"), Some(Format::Smodels));
        assert_eq!(detect(b"a :- b.\n"), None);
        assert_eq!(detect(b"1.\n"), None);
        assert_eq!(detect(b"c DIMACS\np cnf 2 1\n1 -2 0\n"), Some(Format::Dimacs));
        assert_eq!(detect(b"c :- a.\np :- c.\n"), None);
        assert_eq!(detect(b""), None);
    }
}
