//! Messages for the user, rendered in gringo's format:
//! `file:line:col-col: error: message`, continuation lines indented by two
//! spaces, then one `note:` line per note.
//!
//! Invariant: every stage reports problems as [`Diagnostic`] values; only
//! the front ends (the CLI, the Python module) write them, at most as many
//! as clingo would ([`MessageLimit`]), and an `Error` diagnostic always
//! means exit code 65.

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

/// clingo's limit on the messages of a run (20 by default; the Python
/// API's `message_limit`): each message written counts; infos and
/// warnings past the limit are dropped; an error is written while the
/// limit lasts, and the first one even after it, but once the limit is
/// spent and an error written, any further message ends the run with
/// "too many messages." (measured against clingo 5.4.1 with 0-25 infos
/// before 1-21 errors; an info after an error, which minasp's stages do
/// not produce, as gringo's logger checks it).
///
/// Invariant: `left` is the limit less the messages written so far (not
/// below 0); `errors` says whether an error was written; `stopped` whether
/// a message came past the limit after one (the run ends).
#[derive(Clone, Debug)]
pub struct MessageLimit {
    left: u32,
    errors: bool,
    stopped: bool,
}

/// What to do with the next message under a [`MessageLimit`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Admit {
    /// Write it.
    Write,
    /// Drop it: an info or warning past the limit.
    Drop,
    /// Write nothing more: "too many messages.", and the run fails.
    TooMany,
}

impl MessageLimit {
    /// clingo's default limit.
    pub const DEFAULT: u32 = 20;

    /// A limit of `limit` messages.
    pub fn new(limit: u32) -> MessageLimit {
        MessageLimit { left: limit, errors: false, stopped: false }
    }

    /// True once a message came past the limit after an error: the run
    /// ends with "too many messages." and nothing more is written.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counts a message of `level` if it is written.
    pub fn admit(&mut self, level: Level) -> Admit {
        if self.left == 0 && self.errors {
            self.stopped = true;
            return Admit::TooMany;
        }
        if level == Level::Error {
            self.errors = true;
        } else if self.left == 0 {
            return Admit::Drop;
        }
        self.left = self.left.saturating_sub(1);
        Admit::Write
    }
}

impl Default for MessageLimit {
    fn default() -> MessageLimit {
        MessageLimit::new(MessageLimit::DEFAULT)
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
    /// Without a span: about the command line (an input file that cannot
    /// be opened), located as clingo locates it, at `<cmd>`.
    pub command_line: bool,
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
            command_line: false,
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
            command_line: false,
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
            command_line: false,
        }
    }
    /// An error about the command line, at clingo's `<cmd>` (`message`, then
    /// `detail` on the next line).
    pub fn command_line_error(message: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic { command_line: true, ..Diagnostic::global_error(message) }.with_detail(detail)
    }
    /// A warning about the run as a whole, without a location.
    pub fn global_warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic { level: Level::Warning, ..Diagnostic::global_error(message) }
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
            None if self.command_line => write!(out, "<cmd>: {}: {}", self.level.as_str(), self.message),
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

#[cfg(test)]
mod tests {
    use super::{Admit, Level, MessageLimit};

    /// Writes `infos` infos, then `errors` errors: (written, too many?).
    fn run(limit: u32, infos: usize, errors: usize) -> (usize, bool) {
        let mut m = MessageLimit::new(limit);
        let levels = std::iter::repeat_n(Level::Info, infos).chain(std::iter::repeat_n(Level::Error, errors));
        let mut written = 0;
        for level in levels {
            match m.admit(level) {
                Admit::Write => written += 1,
                Admit::Drop => {}
                Admit::TooMany => return (written, true),
            }
        }
        (written, false)
    }

    #[test]
    fn the_limit_counts_as_clingos() {
        assert_eq!(run(20, 25, 0), (20, false));
        assert_eq!(run(20, 0, 20), (20, false));
        assert_eq!(run(20, 0, 21), (20, true));
        assert_eq!(run(20, 5, 16), (20, true));
        // the first error is written even past the limit, a second is not
        assert_eq!(run(20, 25, 1), (21, false));
        assert_eq!(run(20, 25, 2), (21, true));
        assert_eq!(run(0, 3, 1), (1, false));
        // once spent, and an error written, an info ends the run too
        let mut m = MessageLimit::new(1);
        assert_eq!(m.admit(Level::Error), Admit::Write);
        assert!(!m.stopped());
        assert_eq!(m.admit(Level::Info), Admit::TooMany);
        assert!(m.stopped());
    }
}
