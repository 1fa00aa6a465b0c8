//! lparse's keywords without `#`: `minimize [a = 1].`, `compute {a}.`,
//! `sum [a = 2] 3`, `count {a, b}`.
//!
//! lparse and gringo 2 accepted these names with or without `#` (gringo 2
//! warned that the bare form was deprecated); programs of that era, and the
//! gringo 3 era examples copied from them, still use them.  Read naively
//! they are a constant bound in front of an aggregate (`minimize <= [..]`),
//! which no integer sum ever reaches: a silent wrong answer.
//!
//! Invariant: a bare name is taken for a keyword only where a constant
//! could stand nowhere sensible, i.e. immediately before the `[` or `{` it
//! opens (and, for the directives, at the start of a statement), so no
//! predicate or constant named `sum`, `minimize`, ... changes meaning.

use super::lexer::{Spanned, Token};

/// The keyword token a bare name at `toks[i]` spells in its position, if any.
pub fn keyword_at<'s>(toks: &[Spanned<'s>], i: usize) -> Option<Token<'s>> {
    let Some((_, Ok(Token::Ident(name)), _)) = toks.get(i) else { return None };
    let next = |k: usize| toks.get(i + k).and_then(|(_, t, _)| t.as_ref().ok());
    let opens = |k: usize, brack: bool, brace: bool| match next(k) {
        Some(Token::LBrack) => brack,
        Some(Token::LBrace) => brace,
        _ => false,
    };
    let statement_start = i == 0 || matches!(toks[i - 1].1, Ok(Token::Dot));
    let tok = match *name {
        "minimize" | "minimise" if statement_start && opens(1, true, true) => Token::Minimize,
        "maximize" | "maximise" if statement_start && opens(1, true, true) => Token::Maximize,
        "compute" if statement_start && opens(1, false, true) => Token::Compute,
        "compute"
            if statement_start && matches!(next(1), Some(Token::Number(_))) && opens(2, false, true) =>
        {
            Token::Compute
        }
        "sum" if opens(1, true, false) => Token::Sum,
        "min" if opens(1, true, false) => Token::Min,
        "max" if opens(1, true, false) => Token::Max,
        "avg" if opens(1, true, false) => Token::Avg,
        "count" if opens(1, false, true) => Token::Count,
        "even" if opens(1, false, true) => Token::Even,
        "odd" if opens(1, false, true) => Token::Odd,
        _ => return None,
    };
    Some(tok)
}

/// Whether the token stream has any bare keyword (for dialect detection):
/// the position of the first.
pub fn first_keyword(toks: &[Spanned<'_>]) -> Option<(usize, usize)> {
    (0..toks.len()).find(|&i| keyword_at(toks, i).is_some()).map(|i| (toks[i].0, toks[i].2))
}

/// The message for a bare keyword where it cannot be read as one.
pub fn refused(name: &str, keyword: Token<'_>) -> String {
    format!(
        "'{name}' without '#' is lparse's spelling of '{keyword}', which clingo 5 does not have: write '{keyword}', or read the file with --dialect=gringo3"
    )
}

/// Rewrites bare keywords into their tokens (gringo 3), or reports them
/// (clingo 5, where the bare name would silently be a constant bound) and
/// drops their statement, so that one message is all the user
/// sees.
pub fn rewrite<'s>(
    toks: Vec<Spanned<'s>>,
    gringo3: bool,
    errors: &mut Vec<(usize, usize, String)>,
) -> Vec<Spanned<'s>> {
    let found: Vec<(usize, Token<'s>)> =
        (0..toks.len()).filter_map(|i| keyword_at(&toks, i).map(|k| (i, k))).collect();
    if found.is_empty() {
        return toks;
    }
    let mut out = toks;
    let mut keep = vec![true; out.len()];
    for (i, k) in found {
        if gringo3 {
            out[i].1 = Ok(k);
        } else if keep[i] {
            if let (lo, Ok(Token::Ident(name)), hi) = out[i] {
                errors.push((lo, hi, refused(name, k)));
            }
            let end = (i..out.len()).find(|&j| matches!(out[j].1, Ok(Token::Dot))).unwrap_or(out.len() - 1);
            let start = (0..i).rev().find(|&j| matches!(out[j].1, Ok(Token::Dot))).map_or(0, |j| j + 1);
            keep[start..=end].iter_mut().for_each(|x| *x = false);
        }
    }
    let mut keep = keep.into_iter();
    out.retain(|_| keep.next().unwrap_or(true));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lexer::tokens;

    fn kw(s: &str) -> Vec<Token<'_>> {
        let t = tokens(s);
        (0..t.len()).filter_map(|i| keyword_at(&t, i)).collect()
    }

    #[test]
    fn bare_keywords_only_where_a_constant_makes_no_sense() {
        assert_eq!(kw("minimize [a = 1]."), vec![Token::Minimize]);
        assert_eq!(kw("a. maximise {a}."), vec![Token::Maximize]);
        assert_eq!(kw("compute 2 {a}."), vec![Token::Compute]);
        assert_eq!(kw("q :- sum [a = 2] 3, count {a, b} 1."), vec![Token::Sum, Token::Count]);
        // Names used as predicates or constants keep their meaning.
        assert!(kw("minimize(1). sum(X) :- p(X). q :- minimize. a :- count(3).").is_empty());
        assert!(kw("p :- x [a] 1.").is_empty());
        // Not at the start of a statement: no directive.
        assert!(kw("p :- minimize [a].").is_empty());
    }
}
