//! Messages for the user, rendered in gringo's format:
//! `file:line:col-col: error: message`, continuation lines indented by two
//! spaces, then one `note:` line per note.
//!
//! Invariant: every stage reports problems as [`Diagnostic`] values; only
//! the CLI prints them, and an `Error` diagnostic always means exit code 65.

use crate::syntax::span::{SourceMap, Span};
use std::fmt::Write;

#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Level {
    Info,
    Warning,
    Error,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub level: Level,
    /// Where; `None` for messages about the run as a whole (e.g. a bad flag).
    pub span: Option<Span>,
    /// First line of the message; further lines (e.g. the offending rule)
    /// go into `detail` and are printed indented by two spaces.
    pub message: String,
    pub detail: Vec<String>,
    pub notes: Vec<(Span, String)>,
    /// Print the source text of `span` (on one line) under the message,
    /// as gringo prints the offending rule.
    pub quote_source: bool,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    pub fn info(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Info,
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    pub fn global_error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            span: None,
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    pub fn with_detail(mut self, line: impl Into<String>) -> Diagnostic {
        self.detail.push(line.into());
        self
    }
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.notes.push((span, note.into()));
        self
    }
    pub fn quoting_source(mut self) -> Diagnostic {
        self.quote_source = true;
        self
    }
    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }

    /// The message as gringo prints it, ending with a newline.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        match self.span {
            Some(s) => write!(out, "{}: {}: {}", sources.location(s), self.level.as_str(), self.message),
            None => write!(out, "{}: {}", self.level.as_str(), self.message),
        }
        .unwrap();
        out.push('\n');
        if let (true, Some(s)) = (self.quote_source, self.span) {
            writeln!(out, "  {}", one_line(sources.text(s))).unwrap();
        }
        for d in &self.detail {
            writeln!(out, "  {}", d).unwrap();
        }
        for (s, n) in &self.notes {
            writeln!(out, "{}: note: {}", sources.location(*s), n).unwrap();
        }
        // gringo ends every message with an empty line.
        out.push('\n');
        out
    }
}

/// Source text on one line: runs of white space become one space, and
/// none is kept next to punctuation (`p(X):-not q(X).`).
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for w in words {
        let glue =
            out.ends_with(|c: char| "(,;:-.{}".contains(c)) || w.starts_with(|c: char| "),;:.}".contains(c));
        if !out.is_empty() && !glue {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// True if any diagnostic is an error.
pub fn has_errors(ds: &[Diagnostic]) -> bool {
    ds.iter().any(Diagnostic::is_error)
}
