//! A whole program from its files: every file parsed, `#include` followed,
//! statements split by `#program` part.
//!
//! Invariants: each file is read once (a repeated include, also one of a
//! file still being read — a file that includes itself — is clingo's
//! warning `already included file`, and is skipped); an included file is
//! read where its `#include` stands, its statements starting in the part
//! the including file is in; at the end of every file the part is `base`
//! again (as gringo 5 reads parts).  Statements keep their order;
//! `#const`, `#show p/n.` and `#show.` count for the whole program
//! whatever part they are written in (as clingo).

use super::ast::Statement;
use super::parse::{self, Dialect};
use super::span::{FileId, SourceMap, Span};
use crate::diagnostics::{Diagnostic, Level};
use std::path::{Path, PathBuf};

/// A program's statements by part.
#[derive(Default)]
pub struct Parts {
    /// The statements of the part `base` (the one grounded from the
    /// command line), and the statements that hold in every part
    /// (`#const`, `#show p/n.`, `#show.`).
    pub base: Vec<Statement>,
    /// The statements of every other part, in order (a part written in
    /// several places appears several times).
    pub other: Vec<Part>,
    /// Errors, warnings and infos, in the order they were found.
    pub diags: Vec<Diagnostic>,
    /// `#include <incmode>.` was read: the program is to be grounded and
    /// solved step by step, as clingo 5's incmode does.
    pub incmode: bool,
}

impl Parts {
    /// Whether and how the program is incremental: `#include <incmode>.`
    /// or iclingo's `#cumulative t.`/`#volatile t.` parts.
    pub fn incremental(&self) -> Option<crate::incremental::Form> {
        use crate::incremental::{Form, CUMULATIVE, VOLATILE};
        if self.incmode {
            Some(Form::Incmode)
        } else if self.other.iter().any(|p| p.name == CUMULATIVE || p.name == VOLATILE) {
            Some(Form::Iclingo)
        } else {
            None
        }
    }
}

/// A stretch of statements of one part other than `base`.
pub struct Part {
    /// The part's name.
    pub name: String,
    /// Its parameters' names (`#program step(t).`).
    pub params: Vec<String>,
    /// The statements.
    pub stmts: Vec<Statement>,
}

/// The part a file starts in: `base`, or the part a text was added to
/// (clingo's `Control.add(name, params, text)`).
pub type PartName = (String, Vec<String>);

/// Parses the files in `sources` (those there when called, in order,
/// each starting in `base`) and every file they include, which are added
/// to `sources`.
pub fn read_program(sources: &mut SourceMap, dialect: Dialect) -> Parts {
    let top: Vec<(FileId, PartName)> = sources.files().map(|(id, _)| (id, base())).collect();
    read_files(sources, &top, dialect)
}

/// Parses the files `top` (each starting in the part given) and every
/// file they include, which are added to `sources`.
pub fn read_files(sources: &mut SourceMap, top: &[(FileId, PartName)], dialect: Dialect) -> Parts {
    let mut r = Reader {
        sources,
        dialect,
        parts: Parts::default(),
        part: base(),
        stack: Vec::new(),
        read: Vec::new(),
    };
    let mut files = Vec::new();
    for (id, part) in top {
        let (id, part) = (*id, part.clone());
        let name = r.sources.file(id).name.clone();
        match canonical(&name) {
            Some(p) if r.read.contains(&p) => r.parts.diags.push(
                Diagnostic { level: Level::Warning, ..Diagnostic::global_error("already included file:") }
                    .with_detail(name),
            ),
            Some(p) => {
                r.read.push(p);
                files.push((id, part));
            }
            None => files.push((id, part)),
        }
    }
    for (id, part) in files {
        r.part = part;
        r.file(id);
    }
    r.parts
}

/// clingo 5's rule for a constant defined more than once: an
/// `[override]` definition wins over those without; two of the same kind
/// are an error ("redefinition of constant"), whatever their values. The
/// definitions that lose are dropped, so that each name keeps one. The
/// names in `given` (`-c`) override every definition: no error for them.
pub fn one_definition_per_constant(parts: &mut Parts, sources: &SourceMap, given: &[&str]) {
    // per name: the definition that holds (its index, kind and span)
    let mut chosen: Vec<(&str, usize, bool, Span)> = Vec::new();
    let mut dropped = vec![false; parts.base.len()];
    for (i, s) in parts.base.iter().enumerate() {
        let Statement::Const { span, name, value, is_override } = s else { continue };
        if given.contains(&name.as_str()) {
            continue;
        }
        let Some(c) = chosen.iter_mut().find(|c| c.0 == name) else {
            chosen.push((name, i, *is_override, *span));
            continue;
        };
        if c.2 == *is_override {
            parts.diags.push(
                Diagnostic::error(*span, "redefinition of constant:")
                    .with_detail(format!("#const {}={}.", name, sources.text(value.span)))
                    .with_note(c.3, "constant also defined here"),
            );
            dropped[i] = true;
        } else if *is_override {
            dropped[c.1] = true;
            *c = (name, i, true, *span);
        } else {
            dropped[i] = true;
        }
    }
    let mut i = 0;
    parts.base.retain(|_| {
        i += 1;
        !dropped[i - 1]
    });
}

fn base() -> (String, Vec<String>) {
    ("base".to_string(), Vec::new())
}

struct Reader<'a> {
    sources: &'a mut SourceMap,
    dialect: Dialect,
    parts: Parts,
    /// The part statements go to.
    part: (String, Vec<String>),
    /// The files being read (canonical paths, names), outermost first.
    stack: Vec<(PathBuf, String)>,
    /// Every file read or being read (canonical paths).
    read: Vec<PathBuf>,
}

impl Reader<'_> {
    fn file(&mut self, id: FileId) {
        let name = self.sources.file(id).name.clone();
        let path = canonical(&name);
        if let Some(p) = &path {
            self.stack.push((p.clone(), name));
        }
        let (stmts, diags) = parse::parse(id, &self.sources.file(id).text, self.dialect);
        self.parts.diags.extend(diags);
        // a plain file in `base` (the usual case, and the large one): its
        // statements as they are, without a second copy
        let plain = self.part.0 == "base"
            && self.part.1.is_empty()
            && !stmts.iter().any(|s| matches!(s, Statement::Program { .. } | Statement::Include { .. }));
        if plain {
            if self.parts.base.is_empty() {
                self.parts.base = stmts;
            } else {
                self.parts.base.extend(stmts);
            }
            if path.is_some() {
                self.stack.pop();
            }
            return;
        }
        for s in stmts {
            match s {
                Statement::Program { name, params, .. } => self.part = (name, params),
                Statement::Include { span, path, library } => self.include(id, span, &path, library),
                // `#program base(t).` is another part than `base`; constants
                // and `#show p/n.` hold for the whole program, whatever the part
                s if (self.part.0 == "base" && self.part.1.is_empty())
                    || matches!(
                        s,
                        Statement::Const { .. } | Statement::ShowSig { .. } | Statement::ShowNothing { .. }
                    ) =>
                {
                    self.parts.base.push(s)
                }
                s => match self.parts.other.last_mut() {
                    Some(p) if p.name == self.part.0 && p.params == self.part.1 => p.stmts.push(s),
                    _ => self.parts.other.push(Part {
                        name: self.part.0.clone(),
                        params: self.part.1.clone(),
                        stmts: vec![s],
                    }),
                },
            }
        }
        self.part = base();
        if path.is_some() {
            self.stack.pop();
        }
    }

    fn include(&mut self, from: FileId, span: Span, path: &str, library: bool) {
        if library && path == "incmode" {
            // clingo's library program: `#program check(t). #external query(t).`
            self.parts.incmode = true;
            let t = |name: &str, args| {
                super::ast::Term::new(span, super::ast::TermKind::Func { name: name.to_string(), args })
            };
            let query = t("query", vec![t("t", vec![])]);
            self.parts.other.push(Part {
                name: "check".to_string(),
                params: vec!["t".to_string()],
                stmts: vec![Statement::External { span, atom: Box::new(query), body: vec![], value: None }],
            });
            return;
        }
        if library {
            self.parts.diags.push(Diagnostic::error(
                span,
                format!("#include <{path}> is not supported: minasp's only library program is <incmode>"),
            ));
            return;
        }
        let Some(found) = resolve(&self.sources.file(from).name, path) else {
            self.parts.diags.push(Diagnostic::error(span, "file could not be opened:").with_detail(path));
            return;
        };
        let key = canonical(&found.to_string_lossy()).unwrap_or_else(|| found.clone());
        // a file still being read (one that includes itself, directly or
        // not) was already included too: clingo skips it with this warning
        if self.read.contains(&key) || self.stack.iter().any(|(p, _)| *p == key) {
            self.parts.diags.push(Diagnostic::warning(span, "already included file:").with_detail(path));
            return;
        }
        let name = found.to_string_lossy().into_owned();
        let text = match std::fs::read(&found) {
            Ok(bytes) => super::span::decode(bytes),
            Err(_) => {
                self.parts.diags.push(Diagnostic::error(span, "file could not be opened:").with_detail(path));
                return;
            }
        };
        self.read.push(key);
        let id = self.sources.add(name, text);
        // the included file starts in the includer's part; after it, base
        self.file(id);
    }
}

/// Where `#include "path"` in the file named `from` points: relative to
/// the working directory, then to that file's directory, in clingo's order
/// (where both exist, clingo reads the working directory's); absolute
/// paths as they are; `None` when no such file exists.
fn resolve(from: &str, path: &str) -> Option<PathBuf> {
    let p = Path::new(path);
    if p.is_file() {
        return Some(p.to_path_buf());
    }
    if p.is_absolute() {
        return None;
    }
    let dir = Path::new(from).parent().filter(|d| !from.starts_with('<') && !d.as_os_str().is_empty());
    dir.map(|d| d.join(p)).filter(|candidate| candidate.is_file())
}

/// The canonical path of a file name, `None` for names that are not files
/// (`-` for stdin, as clingo names it; text added under a name such as
/// `<block>`).
fn canonical(name: &str) -> Option<PathBuf> {
    if name == "-" || name.starts_with('<') {
        return None;
    }
    std::fs::canonicalize(name).ok()
}
