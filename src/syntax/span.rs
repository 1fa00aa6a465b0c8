//! Source locations: which file, which bytes; line:col only when a message
//! is printed.
//!
//! Invariant: a [`Span`] lies inside the text of its file as stored in
//! [`SourceMap`], except [`Span::end_of_input`] (one byte past the end,
//! and no other span has that shape); `lo <= hi`.

/// Index of a file in the [`SourceMap`].
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Span {
    /// The file the bytes are in.
    pub file: FileId,
    /// Offset of the first byte.
    pub lo: u32,
    /// Offset one past the last byte.
    pub hi: u32,
}

impl Span {
    /// The span of no source text (a rule the grounder adds by itself,
    /// such as `:- p, -p.` for classical negation).
    pub const NOWHERE: Span = Span { file: FileId(u32::MAX), lo: 0, hi: 0 };

    /// The bytes `lo..hi` of `file`.
    pub fn new(file: FileId, lo: usize, hi: usize) -> Span {
        Span { file, lo: lo as u32, hi: hi as u32 }
    }
    /// The end of `file`'s input, `len` bytes long: where a syntax error
    /// says "unexpected EOF" (rendered as clingo renders it, see
    /// [`SourceMap::location`]).
    pub fn end_of_input(file: FileId, len: usize) -> Span {
        Span::new(file, len, len + 1)
    }
    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span { file: self.file, lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }
}

/// One loaded source: its name as shown in messages (stdin is `-`, as in clingo's)
/// and its text.
#[derive(Clone)]
pub struct SourceFile {
    /// The name shown in messages.
    pub name: String,
    /// The whole text.
    pub text: String,
    line_starts: Vec<usize>,
}

/// All sources of a run.
#[derive(Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// The text of a source file: its bytes when they are UTF-8; otherwise
/// each invalid byte becomes U+FFFD, which the lexer reports where it
/// stands (`lexer error, unexpected \u{fffd}`, as gringo reports the byte),
/// so that the error is located and the rest of the file is still read.
pub fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len() + 16);
            for chunk in bytes.utf8_chunks() {
                text.push_str(chunk.valid());
                for _ in chunk.invalid() {
                    text.push(char::REPLACEMENT_CHARACTER);
                }
            }
            text
        }
    }
}

/// A 1-based line and column (column counted in bytes, as gringo does).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LineCol {
    /// Line number, from 1.
    pub line: usize,
    /// Column in bytes, from 1.
    pub col: usize,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        self.files.push(SourceFile { name: name.into(), text, line_starts });
        FileId(self.files.len() as u32 - 1)
    }

    /// The file with id `id`.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// All files, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    /// The line and column of byte `offset` of `file`.
    pub fn line_col(&self, file: FileId, offset: u32) -> LineCol {
        let f = self.file(file);
        let off = offset as usize;
        let line = f.line_starts.partition_point(|&s| s <= off);
        LineCol { line, col: off - f.line_starts[line - 1] + 1 }
    }

    /// gringo's location prefix: `file:line:col-col` on one line,
    /// `file:line:col-line:col` across lines (end column exclusive).
    pub fn location(&self, span: Span) -> String {
        let f = self.file(span.file);
        if span.lo as usize == f.text.len() && span.hi == span.lo + 1 {
            // the end of the input (see `Span::end_of_input`): clingo puts it
            // at column 1 of the line after the last, as if the text ended
            // with a line break when it does not
            let breaks = f.text.matches('\n').count() + usize::from(!f.text.ends_with('\n'));
            return format!("{}:{}:1-2", f.name, breaks + 1);
        }
        let a = self.line_col(span.file, span.lo);
        let b = self.line_col(span.file, span.hi);
        let name = &self.file(span.file).name;
        if a.line == b.line {
            format!("{}:{}:{}-{}", name, a.line, a.col, b.col)
        } else {
            format!("{}:{}:{}-{}:{}", name, a.line, a.col, b.line, b.col)
        }
    }

    /// The text `span` covers (none past the end of the input).
    pub fn text(&self, span: Span) -> &str {
        let t = &self.file(span.file).text;
        &t[(span.lo as usize).min(t.len())..(span.hi as usize).min(t.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_gringo_style() {
        let mut m = SourceMap::new();
        let text = "p(1).\nq(X) :- p(X) foo.\n";
        let f = m.add("e.lp", text);
        assert_eq!(m.location(Span::new(f, 19, 22)), "e.lp:2:14-17");
        assert_eq!(m.location(Span::new(f, 0, 8)), "e.lp:1:1-2:3");
        // the end of the input: the line after the last, as clingo says
        assert_eq!(m.location(Span::end_of_input(f, text.len())), "e.lp:3:1-2");
        let g = m.add("g.lp", "a :- b");
        assert_eq!(m.location(Span::end_of_input(g, 6)), "g.lp:2:1-2");
        assert_eq!(m.text(Span::end_of_input(g, 6)), "");
    }

    #[test]
    fn invalid_bytes_become_replacement_characters_in_place() {
        assert_eq!(decode(b"a.\nb\xff\xfe :- a.".to_vec()), "a.\nb\u{fffd}\u{fffd} :- a.");
        assert_eq!(decode("p(\"\u{e9}\").".as_bytes().to_vec()), "p(\"\u{e9}\").");
    }
}
