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
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
        }
    }
    pub fn info(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Info,
            span: Some(span),
            message: message.into(),
            detail: vec![],
            notes: vec![],
        }
    }
    pub fn global_error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            span: None,
            message: message.into(),
            detail: vec![],
            notes: vec![],
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
    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }

    /// The message as gringo prints it, ending with a newline.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        match self.span {
            Some(s) => write!(
                out,
                "{}: {}: {}",
                sources.location(s),
                self.level.as_str(),
                self.message
            ),
            None => write!(out, "{}: {}", self.level.as_str(), self.message),
        }
        .unwrap();
        out.push('\n');
        for d in &self.detail {
            writeln!(out, "  {}", d).unwrap();
        }
        for (s, n) in &self.notes {
            writeln!(out, "{}: note: {}", sources.location(*s), n).unwrap();
        }
        out
    }
}

/// True if any diagnostic is an error.
pub fn has_errors(ds: &[Diagnostic]) -> bool {
    ds.iter().any(Diagnostic::is_error)
}
