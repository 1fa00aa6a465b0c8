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
    #[default]
    Invalid,
    NumberTooLarge,
}

#[derive(Logos, Clone, Copy, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip r"%([^*\n][^\n]*)?")]
pub enum Token<'s> {
    /// `%* ... *%`, skipped; an unterminated one is an error.
    #[token("%*", block_comment)]
    BlockComment,
    #[regex(r"[_']*[a-z][A-Za-z0-9_']*", |l| l.slice())]
    Ident(&'s str),
    #[regex(r"[_']*[A-Z][A-Za-z0-9_']*", |l| l.slice())]
    Var(&'s str),
    #[token("_")]
    Anon,
    #[regex(r"[0-9]+", |l| l.slice().parse::<i64>().map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0x[0-9A-Fa-f]+", |l| i64::from_str_radix(&l.slice()[2..], 16).map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0b[01]+", |l| i64::from_str_radix(&l.slice()[2..], 2).map_err(|_| LexError::NumberTooLarge))]
    #[regex(r"0o[0-7]+", |l| i64::from_str_radix(&l.slice()[2..], 8).map_err(|_| LexError::NumberTooLarge))]
    Number(i64),
    #[regex(r#""([^"\\\n]|\\.)*""#, |l| l.slice())]
    Str(&'s str),

    #[token("not")]
    Not,
    #[token("#count")]
    Count,
    #[token("#sum")]
    Sum,
    #[token("#sum+")]
    SumPlus,
    #[token("#min")]
    Min,
    #[token("#max")]
    Max,
    #[token("#avg")]
    Avg,
    #[token("#even")]
    Even,
    #[token("#odd")]
    Odd,
    #[token("#show")]
    Show,
    #[token("#hide")]
    Hide,
    #[token("#const")]
    Const,
    #[token("#inf")]
    #[token("#infimum")]
    Inf,
    #[token("#sup")]
    #[token("#supremum")]
    Sup,
    #[token("#true")]
    True,
    #[token("#false")]
    False,
    #[token("#minimize")]
    #[token("#minimise")]
    Minimize,
    #[token("#maximize")]
    #[token("#maximise")]
    Maximize,
    #[token("#domain")]
    Domain,
    #[token("#compute")]
    Compute,
    #[token("#abs")]
    AbsFn,
    #[token("#mod")]
    ModFn,
    #[token("#pow")]
    PowFn,
    #[token("#div")]
    DivFn,
    #[token("#base")]
    Base,
    #[token("#cumulative")]
    Cumulative,
    #[token("#volatile")]
    Volatile,
    /// A directive this lexer knows to exist but minasp does not support
    /// (`#program`, `#include`, `#external`, ...): reported by the parser.
    #[regex(r"#(program|include|external|script|defined|heuristic|project|edge|theory)", |l| l.slice())]
    Unsupported(&'s str),

    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(";;")]
    SemiSemi,
    #[token(".")]
    Dot,
    #[token("..")]
    DotDot,
    #[token(":")]
    Colon,
    #[token(":-")]
    If,
    #[token(":~")]
    WeakIf,
    #[token(":=")]
    Assign,
    #[token("=")]
    Eq,
    #[token("==")]
    EqEq,
    #[token("!=")]
    Neq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("**")]
    StarStar,
    #[token("/")]
    Slash,
    #[token("\\")]
    Backslash,
    #[token("|")]
    Bar,
    #[token("&")]
    Amp,
    #[token("?")]
    Question,
    #[token("^")]
    Caret,
    #[token("~")]
    Tilde,
    #[token("@")]
    At,
    /// Inserted by [`tokens`] before the first real token: selects the
    /// dialect's start rule in the grammar.  Never produced from text.
    DialectClingo5,
    DialectGringo3,
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
            LParen => "(",
            RParen => ")",
            LBrack => "[",
            RBrack => "]",
            LBrace => "{",
            RBrace => "}",
            Comma => ",",
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
            BlockComment => "%*",
        };
        f.write_str(s)
    }
}

fn block_comment<'s>(lex: &mut logos::Lexer<'s, Token<'s>>) -> logos::FilterResult<(), LexError> {
    match lex.remainder().find("*%") {
        Some(i) => {
            lex.bump(i + 2);
            logos::FilterResult::Skip
        }
        None => {
            lex.bump(lex.remainder().len());
            logos::FilterResult::Error(LexError::Invalid)
        }
    }
}

/// A token or a lexer error, with its byte range.
pub type Spanned<'s> = (usize, Result<Token<'s>, LexError>, usize);

/// All tokens of `text`.
pub fn tokens(text: &str) -> Vec<Spanned<'_>> {
    let mut lex = Token::lexer(text);
    let mut out = Vec::new();
    while let Some(tok) = lex.next() {
        let r = lex.span();
        out.push((r.start, tok, r.end));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn comments_are_skipped() {
        use Token::*;
        assert_eq!(
            kinds("a. % line\n%* block\n spanning *% b.%\nc."),
            vec![Ident("a"), Dot, Ident("b"), Dot, Ident("c"), Dot]
        );
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
        let t = tokens("p $ q.");
        assert!(t.iter().any(|(_, r, _)| r.is_err()));
        let t = tokens("p(99999999999999999999999).");
        assert!(t.iter().any(|(_, r, _)| *r == Err(LexError::NumberTooLarge)));
    }
}
