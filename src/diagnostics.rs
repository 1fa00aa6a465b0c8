//! Messages for the user, rendered in gringo's format:
//! `file:line:col-col: error: message`, continuation lines indented by two
//! spaces, then one `note:` line per note.
//!
//! Invariant: every stage reports problems as [`Diagnostic`] values; only
//! the CLI prints them, and an `Error` diagnostic always means exit code 65.

use crate::syntax::span::{SourceMap, Span};
use std::fmt::Write;

/// How serious a diagnostic is, ordered from least to most serious.
#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Level {
    /// Printed as `info:`; the run goes on.
    Info,
    /// Printed as `warning:`; the run goes on.
    Warning,
    /// Printed as `error:`; the run stops (exit code 65).
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

/// The class of an info, as `-W` names it (clingo's classes, plus
/// minasp's `dialect`): `-W no-atom-undefined` silences that class.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InfoClass {
    /// `info: atom does not occur in any rule head`.
    AtomUndefined,
    /// `info: operation undefined` (e.g. division by zero).
    OperationUndefined,
    /// `info: read as clingo 5: ...`, where a neutral file's meaning
    /// depends on the dialect.
    Dialect,
    /// Classes clingo has that minasp never reports.
    FileIncluded,
    /// clingo's `variable-unbounded` (never reported by minasp).
    VariableUnbounded,
    /// `info: global variable in tuple of aggregate element` (clingo's
    /// `global-variable`, see `ground::tuple_globals`).
    GlobalVariable,
    /// Any other info: the class [`Diagnostic::info`] gives unless [`Diagnostic::with_class`] refiles it.
    Other,
}

impl InfoClass {
    /// Every class, in `-W all` order.
    pub const ALL: [InfoClass; 7] = [
        InfoClass::AtomUndefined,
        InfoClass::OperationUndefined,
        InfoClass::Dialect,
        InfoClass::FileIncluded,
        InfoClass::VariableUnbounded,
        InfoClass::GlobalVariable,
        InfoClass::Other,
    ];

    /// The class's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            InfoClass::AtomUndefined => "atom-undefined",
            InfoClass::OperationUndefined => "operation-undefined",
            InfoClass::Dialect => "dialect",
            InfoClass::FileIncluded => "file-included",
            InfoClass::VariableUnbounded => "variable-unbounded",
            InfoClass::GlobalVariable => "global-variable",
            InfoClass::Other => "other",
        }
    }

    /// The class a name denotes.
    pub fn from_name(name: &str) -> Option<InfoClass> {
        InfoClass::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A message for the user: an error, warning or info with its location.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// How serious: an error stops the run.
    pub level: Level,
    /// For infos: the class `-W` filters by.
    pub class: Option<InfoClass>,
    /// Where; `None` for messages about the run as a whole (e.g. a bad flag).
    pub span: Option<Span>,
    /// First line of the message; further lines (e.g. the offending rule)
    /// go into `detail` and are printed indented by two spaces.
    pub message: String,
    /// Further lines of the message, each printed indented by two spaces.
    pub detail: Vec<String>,
    /// Notes, each printed after the message as `location: note: text`.
    pub notes: Vec<(Span, String)>,
    /// Print the source text of `span` (on one line) under the message,
    /// as gringo prints the offending rule.
    pub quote_source: bool,
}

impl Diagnostic {
    /// An error at `span`, with no detail or notes.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            class: None,
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    /// A warning at `span`, with no detail or notes.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { level: Level::Warning, ..Diagnostic::error(span, message) }
    }
    /// An info at `span`, of class [`InfoClass::Other`] until [`Diagnostic::with_class`] says otherwise.
    pub fn info(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Info,
            class: Some(InfoClass::Other),
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    /// An error about the run as a whole, without a location.
    pub fn global_error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            class: None,
            span: None,
            message: message.into(),
            detail: vec![],
            notes: vec![],
            quote_source: false,
        }
    }
    /// Adds a line to the detail, printed indented under the message.
    pub fn with_detail(mut self, line: impl Into<String>) -> Diagnostic {
        self.detail.push(line.into());
        self
    }
    /// Adds a note pointing at `span`, printed after the message.
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.notes.push((span, note.into()));
        self
    }
    /// Files this info under `class` (for `-W`).
    pub fn with_class(mut self, class: InfoClass) -> Diagnostic {
        self.class = Some(class);
        self
    }
    /// Makes the rendered message quote the source text of its span on one line.
    pub fn quoting_source(mut self) -> Diagnostic {
        self.quote_source = true;
        self
    }
    /// True if this is an error (level [`Level::Error`]).
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
