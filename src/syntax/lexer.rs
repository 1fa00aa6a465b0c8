//! The lexer: source text to tokens with byte offsets (logos).
//!
//! One token set serves both dialects; which keywords a dialect accepts is
//! the grammar's business.  Invariant: the lexer never fails as a whole —
//! an unknown character or directive becomes a [`LexError`] item in the
//! stream, which the parser reports as gringo does (`lexer error, unexpected
//! X`) and skips.

use logos::Logos;
use std::fmt;

/// Why a piece of input is not a token.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum LexError {
    /// Not the start of any token, or a block comment left unterminated.
    #[default]
    Invalid,
    /// An integer literal that does not fit in an `i64`.
    NumberTooLarge,
}

/// A token of either dialect (keyword and operator variants are named after their spelling).
#[derive(Logos, Clone, Copy, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip r"%([^*\n][^\n]*)?")]
pub enum Token<'s> {
    /// `%* ... *%`, skipped (they nest, as in clingo); an unterminated one is an error.
    #[token("%*", block_comment)]
    BlockComment,
    /// An identifier (lowercase initial after any `_`/`'`): a constant, function or predicate name.
    #[regex(r"[_']*[a-z][A-Za-z0-9_']*", |l| l.slice())]
    Ident(&'s str),
    /// A variable name (uppercase initial after any `_`/`'`).
    #[regex(r"[_']*[A-Z][A-Za-z0-9_']*", |l| l.slice())]
    Var(&'s str),
    /// `_`, the anonymous variable.
    #[token("_")]
    Anon,
    /// An integer literal: decimal, or `0x` hexadecimal, `0b` binary, `0o` octal.
    #[regex(r"[0-9]+", |l| l.slice().parse::<i64>().map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0x[0-9A-Fa-f]+", |l| i64::from_str_radix(&l.slice()[2..], 16).map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0b[01]+", |l| i64::from_str_radix(&l.slice()[2..], 2).map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0o[0-7]+", |l| i64::from_str_radix(&l.slice()[2..], 8).map_err(|_| LexError::NumberTooLarge))]
    Number(i64),
    /// A string literal as written, quotes and escape sequences included;
    /// as in clingo, `\"`, `\\` and `\n` are its only escapes (`"a\tb"` is
    /// no string: a lexer error at its opening quote, and the text after
    /// the quote is read on, see [`chunks`]).
    #[regex(r#""([^"\\\n]|\\["\\n])*""#, |l| l.slice())]
    Str(&'s str),

    /// `not`, default negation.
    #[token("not")]
    Not,
    /// `#count`
    #[token("#count")]
    Count,
    /// `#sum`
    #[token("#sum")]
    Sum,
    /// `#sum+`
    #[token("#sum+")]
    SumPlus,
    /// `#min`
    #[token("#min")]
    Min,
    /// `#max`
    #[token("#max")]
    Max,
    /// `#avg` (gringo 3)
    #[token("#avg")]
    Avg,
    /// `#even` (gringo 3)
    #[token("#even")]
    Even,
    /// `#odd` (gringo 3)
    #[token("#odd")]
    Odd,
    /// `#show`
    #[token("#show")]
    Show,
    /// `#hide` (gringo 3)
    #[token("#hide")]
    Hide,
    /// `#const`
    #[token("#const")]
    Const,
    /// `#inf` or `#infimum`, the smallest term.
    #[token("#inf")]
    #[token("#infimum")]
    Inf,
    /// `#sup` or `#supremum`, the greatest term.
    #[token("#sup")]
    #[token("#supremum")]
    Sup,
    /// `#true`
    #[token("#true")]
    True,
    /// `#false`
    #[token("#false")]
    False,
    /// `#minimize` or `#minimise`
    #[token("#minimize")]
    #[token("#minimise")]
    Minimize,
    /// `#maximize` or `#maximise`
    #[token("#maximize")]
    #[token("#maximise")]
    Maximize,
    /// `#domain` (gringo 3 variable domain declaration)
    #[token("#domain")]
    Domain,
    /// `#compute` (lparse / gringo 3)
    #[token("#compute")]
    Compute,
    /// `#abs`, gringo 3's absolute-value function.
    #[token("#abs")]
    AbsFn,
    /// `#mod`, gringo 3's modulo function.
    #[token("#mod")]
    ModFn,
    /// `#pow`, gringo 3's power function.
    #[token("#pow")]
    PowFn,
    /// `#div`, gringo 3's integer-division function.
    #[token("#div")]
    DivFn,
    /// `#base` (gringo 3 incremental part)
    #[token("#base")]
    Base,
    /// `#cumulative` (gringo 3 incremental part)
    #[token("#cumulative")]
    Cumulative,
    /// `#volatile` (gringo 3 incremental part)
    #[token("#volatile")]
    Volatile,
    /// `#program`
    #[token("#program")]
    Program,
    /// `#include`
    #[token("#include")]
    Include,
    /// `#external`
    #[token("#external")]
    External,
    /// `#defined`
    #[token("#defined")]
    Defined,
    /// `#project`
    #[token("#project")]
    Project,
    /// `#heuristic`
    #[token("#heuristic")]
    Heuristic,
    /// `#edge`
    #[token("#edge")]
    Edge,
    /// A directive this lexer knows to exist but minasp does not support
    /// (`#theory`, asprin's `#preference`/`#optimize`): reported by the
    /// parser, with its statement.
    #[regex(r"#(theory|preference|optimize|disjoint)", |l| l.slice())]
    Unsupported(&'s str),
    /// A whole `#script (lang) ... #end.` block, or gringo 3's
    /// `#begin_lua ... #end_lua.` (minasp runs no scripts).
    #[token("#script", |l| script_block(l, "#end"))]
    #[token("#begin_lua", |l| script_block(l, "#end_lua"))]
    Script,
    /// `#name` that is no directive of either dialect: a lexer error.
    #[regex(r"#[a-z_][A-Za-z0-9_]*", |l| l.slice(), priority = 1)]
    UnknownDirective(&'s str),
    /// `$` (clingo 4's constraint syntax, not supported).
    #[token("$")]
    Dollar,

    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `[`
    #[token("[")]
    LBrack,
    /// `]`
    #[token("]")]
    RBrack,
    /// `{`
    #[token("{")]
    LBrace,
    /// `}`
    #[token("}")]
    RBrace,
    /// `,`
    #[token(",")]
    Comma,
    /// `;`
    #[token(";")]
    Semi,
    /// `;;` (gringo 3 pool separator)
    #[token(";;")]
    SemiSemi,
    /// `.`
    #[token(".")]
    Dot,
    /// `..` (interval)
    #[token("..")]
    DotDot,
    /// `:`
    #[token(":")]
    Colon,
    /// `:-`
    #[token(":-")]
    If,
    /// `:~` (weak constraint)
    #[token(":~")]
    WeakIf,
    /// `:=` (gringo 3 assignment)
    #[token(":=")]
    Assign,
    /// `=`
    #[token("=")]
    Eq,
    /// `==`
    #[token("==")]
    EqEq,
    /// `!=` (also written `<>`, as gringo accepts it)
    #[token("!=")]
    #[token("<>")]
    Neq,
    /// `<`
    #[token("<")]
    Lt,
    /// `<=`
    #[token("<=")]
    Le,
    /// `>`
    #[token(">")]
    Gt,
    /// `>=`
    #[token(">=")]
    Ge,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `*`
    #[token("*")]
    Star,
    /// `**` (power)
    #[token("**")]
    StarStar,
    /// `/` (integer division)
    #[token("/")]
    Slash,
    /// `\` (modulo)
    #[token("\\")]
    Backslash,
    /// `|` (disjunction in heads, absolute value around a term)
    #[token("|")]
    Bar,
    /// `&` (bitwise and)
    #[token("&")]
    Amp,
    /// `?` (bitwise or)
    #[token("?")]
    Question,
    /// `^` (bitwise xor)
    #[token("^")]
    Caret,
    /// `~` (bitwise complement)
    #[token("~")]
    Tilde,
    /// `@` (priority level in optimisation statements)
    #[token("@")]
    At,
    /// Inserted by [`tokens`] before the first real token: selects the
    /// dialect's start rule in the grammar.  Never produced from text.
    DialectClingo5,
    /// As [`Token::DialectClingo5`], for gringo 3.
    DialectGringo3,
    /// Stands for a run of facts taken out of the token stream and read in
    /// bulk (`syntax::parse`'s fact runs): the run's number.  Never
    /// produced from text.
    Facts(u32),
}

impl fmt::Display for Token<'_> {
    /// gringo's spelling of a token in "unexpected X" messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Token::*;
        let s = match self {
            Ident(_) => "<IDENTIFIER>",
            Var(_) => "<VARIABLE>",
            Anon => "<ANONYMOUS>",
            Number(_) => "<NUMBER>",
            Str(_) => "<STRING>",
            Not => "not",
            Count => "#count",
            Sum => "#sum",
            SumPlus => "#sum+",
            Min => "#min",
            Max => "#max",
            Avg => "#avg",
            Even => "#even",
            Odd => "#odd",
            Show => "#show",
            Hide => "#hide",
            Const => "#const",
            Inf => "#inf",
            Sup => "#sup",
            True => "#true",
            False => "#false",
            Minimize => "#minimize",
            Maximize => "#maximize",
            Domain => "#domain",
            Compute => "#compute",
            AbsFn => "#abs",
            ModFn => "#mod",
            PowFn => "#pow",
            DivFn => "#div",
            Base => "#base",
            Cumulative => "#cumulative",
            Volatile => "#volatile",
            Unsupported(s) => s,
            Script => "#script",
            UnknownDirective(s) => s,
            Dollar => "$",
            Program => "#program",
            Include => "#include",
            External => "#external",
            Defined => "#defined",
            Project => "#project",
            Heuristic => "#heuristic",
            Edge => "#edge",
            LParen => "(",
            RParen => ")",
            LBrack => "[",
            RBrack => "]",
            LBrace => "{",
            RBrace => "}",
            Comma => "\",\"",
            Semi => ";",
            SemiSemi => ";;",
            Dot => ".",
            DotDot => "..",
            Colon => ":",
            If => ":-",
            WeakIf => ":~",
            Assign => ":=",
            Eq => "=",
            EqEq => "==",
            Neq => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Plus => "+",
            Minus => "-",
            Star => "*",
            StarStar => "**",
            Slash => "/",
            Backslash => "\\",
            Bar => "|",
            Amp => "&",
            Question => "?",
            Caret => "^",
            Tilde => "~",
            At => "@",
            DialectClingo5 | DialectGringo3 => "<start>",
            Facts(_) => "<facts>",
            BlockComment => "%*",
        };
        f.write_str(s)
    }
}

fn block_comment<'s>(lex: &mut logos::Lexer<'s, Token<'s>>) -> logos::FilterResult<(), LexError> {
    // as clingo's lexer: block comments nest, and a `%` that opens no block
    // comment hides the rest of its line (a `*%` there closes nothing)
    let rest = lex.remainder().as_bytes();
    let mut depth = 1;
    let mut i = 0;
    while i < rest.len() {
        if rest[i..].starts_with(b"*%") {
            i += 2;
            depth -= 1;
            if depth == 0 {
                lex.bump(i);
                return logos::FilterResult::Skip;
            }
        } else if rest[i..].starts_with(b"%*") {
            i += 2;
            depth += 1;
        } else if rest[i] == b'%' {
            i = rest[i..].iter().position(|&b| b == b'\n').map_or(rest.len(), |k| i + k);
        } else {
            i += 1;
        }
    }
    lex.bump(rest.len());
    logos::FilterResult::Error(LexError::Invalid)
}

/// Consumes a script block up to and including `end` and its `.` (to the
/// end of the text when it is never closed).
fn script_block<'s>(lex: &mut logos::Lexer<'s, Token<'s>>, end: &str) {
    let rest = lex.remainder();
    let mut from = 0;
    while let Some(i) = rest[from..].find(end) {
        let after = from + i + end.len();
        let tail = rest[after..].trim_start();
        if tail.starts_with('.') {
            lex.bump(rest.len() - tail.len() + 1);
            return;
        }
        from = after;
    }
    lex.bump(rest.len());
}

/// A token or a lexer error, with its byte range.
pub type Spanned<'s> = (usize, Result<Token<'s>, LexError>, usize);

/// All tokens of `text`, in one vector (for small texts and tests; a
/// file is read in [`chunks`]).
pub fn tokens(text: &str) -> Vec<Spanned<'_>> {
    chunks(text, usize::MAX).next().unwrap_or_default()
}

/// How many tokens a chunk holds at least (see [`chunks`]).
pub const CHUNK: usize = 1 << 16;

/// The tokens of `text` in runs of whole statements, each run at least
/// `min` tokens long (the last one: what is left).  A run ends at a `.`
/// outside parentheses and braces, so each statement is in one run; a
/// large file's tokens never exist all at once.
pub fn chunks(text: &str, min: usize) -> Chunks<'_> {
    Chunks { lex: Token::lexer(text), min }
}

/// The iterator of [`chunks`].
pub struct Chunks<'s> {
    lex: logos::Lexer<'s, Token<'s>>,
    min: usize,
}

impl<'s> Iterator for Chunks<'s> {
    type Item = Vec<Spanned<'s>>;

    fn next(&mut self) -> Option<Vec<Spanned<'s>>> {
        let mut out = Vec::new();
        let mut depth = 0i32;
        while let Some(tok) = self.lex.next() {
            let r = self.lex.span();
            match tok {
                Ok(Token::LParen | Token::LBrace) => depth += 1,
                Ok(Token::RParen | Token::RBrace) => depth -= 1,
                _ => {}
            }
            if tok.is_err() && r.end > r.start + 1 && self.lex.source()[r.start..].starts_with('"') {
                // a quote that opens no string is the error, alone; the
                // text after it is read on (as clingo: `p("abc).` is
                // `p(abc).` after the error)
                let mut lex = Token::lexer(self.lex.source());
                lex.bump(r.start + 1);
                self.lex = lex;
                out.push((r.start, tok, r.start + 1));
                continue;
            }
            let end = matches!(tok, Ok(Token::Dot)) && depth <= 0;
            out.push((r.start, tok, r.end));
            if end {
                depth = 0;
                if out.len() >= self.min {
                    break;
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_runs_of_whole_statements() {
        let text = "p(1). q(X) :- r(X;Y). {a;b}. f((1.)). s.";
        let runs: Vec<_> = chunks(text, 2).collect();
        assert!(runs.len() > 1);
        for r in &runs {
            assert_eq!(r.last().map(|t| t.1.clone()), Some(Ok(Token::Dot)));
        }
        assert_eq!(runs.concat(), tokens(text));
    }

    fn kinds(s: &str) -> Vec<Token<'_>> {
        tokens(s).into_iter().map(|(_, t, _)| t.unwrap()).collect()
    }

    #[test]
    fn rule_tokens() {
        use Token::*;
        assert_eq!(
            kinds("p(X,_) :- not q(\"a\\\"b\"), X <= 10..12."),
            vec![
                Ident("p"),
                LParen,
                Var("X"),
                Comma,
                Anon,
                RParen,
                If,
                Not,
                Ident("q"),
                LParen,
                Str("\"a\\\"b\""),
                RParen,
                Comma,
                Var("X"),
                Le,
                Number(10),
                DotDot,
                Number(12),
                Dot
            ]
        );
    }

    #[test]
    fn not_equal_is_also_written_as_gringo_reads_it() {
        use Token::*;
        assert_eq!(kinds("X <> Y"), vec![Var("X"), Neq, Var("Y")]);
        assert_eq!(kinds("X<>Y != Z"), vec![Var("X"), Neq, Var("Y"), Neq, Var("Z")]);
    }

    #[test]
    fn comments_are_skipped() {
        use Token::*;
        assert_eq!(
            kinds("a. % line\n%* block\n spanning *% b.%\nc."),
            vec![Ident("a"), Dot, Ident("b"), Dot, Ident("c"), Dot]
        );
    }

    /// As clingo 5.4 and 5.8 read them: block comments nest, `*%*` closes
    /// one and leaves a `*`, and inside a block comment a `%` that opens
    /// no other one hides the rest of its line, `*%` included.
    #[test]
    fn block_comments_nest_and_hide_line_comments() {
        use Token::*;
        assert_eq!(kinds("%* x %* y *% b. *% a."), vec![Ident("a"), Dot]);
        assert_eq!(kinds("%* x **% a."), vec![Ident("a"), Dot]);
        assert_eq!(kinds("%* x *%* b."), vec![Star, Ident("b"), Dot]);
        assert_eq!(kinds("%* x % *% b.\n *% a."), vec![Ident("a"), Dot]);
        for unterminated in ["%* x % *% b. *% a.", "%*% a. *% c.", "%* a %* b *% c."] {
            assert!(Token::lexer(unterminated).any(|t| t.is_err()), "{unterminated}");
        }
    }

    #[test]
    fn directives_and_operators() {
        use Token::*;
        assert_eq!(
            kinds("#count #sum+ #sum #inf #supremum ** :- :~ := .. ;;"),
            vec![Count, SumPlus, Sum, Inf, Sup, StarStar, If, WeakIf, Assign, DotDot, SemiSemi]
        );
    }

    #[test]
    fn bad_characters_are_errors_not_panics() {
        let t = tokens("p ` q.");
        assert!(t.iter().any(|(_, r, _)| r.is_err()));
        let t = tokens("p(99999999999999999999999).");
        assert!(t.iter().any(|(_, r, _)| *r == Err(LexError::NumberTooLarge)));
    }
}
