//! Which dialect a file is written in, judged from its tokens.
//!
//! A file is gringo 3 if it uses a construct only gringo 3 has (`#hide`,
//! `[..]` weight aggregates, `#domain`, `#compute`, `:=`, `;;`, `#abs` and
//! friends, `#avg`/`#even`/`#odd`, incremental parts, conditions chained
//! with `:`), clingo 5 if it uses one only clingo 5 has (`;` between the
//! elements of `#count{..}` and the like, `;` between body literals,
//! `#inf`/`#sup`, `#sum+`, `:~`, `#program`/`#include`/...), neutral
//! otherwise.  Invariant: the evidence returned names the first such token.

use super::lexer::{chunks, Token, CHUNK};
use super::parse::Dialect;
use super::span::{FileId, SourceMap, Span};
use crate::diagnostics::Diagnostic;

/// What a file's text says about its dialect.
#[derive(Clone, Debug, PartialEq)]
pub struct Evidence {
    /// The dialect and the first construct that shows it; `None`: neutral.
    pub dialect: Option<(Dialect, Span, &'static str)>,
    /// A construct whose meaning differs between the dialects (for the
    /// `info:` line when a neutral file is read one way).
    pub ambiguous: Option<(Span, &'static str)>,
    /// The first construct of the other dialect, if the file has both.
    pub conflict: Option<(Dialect, Span, &'static str)>,
}

/// Judges the dialect of `text`, the contents of `file` (the spans returned point into it).
pub fn classify(file: FileId, text: &str) -> Evidence {
    let mut dialect: Option<(Dialect, Span, &'static str)> = None;
    let mut ambiguous = None;
    let mut conflict: Option<(Dialect, Span, &'static str)> = None;
    let mut note = |d: Dialect,
                    lo: usize,
                    hi: usize,
                    what: &'static str,
                    out: &mut Option<(Dialect, Span, &'static str)>| {
        match out {
            None => *out = Some((d, Span::new(file, lo, hi), what)),
            Some((first, _, _)) if *first != d && conflict.is_none() => {
                conflict = Some((d, Span::new(file, lo, hi), what))
            }
            _ => {}
        }
    };
    // Brace depth and whether the innermost `{` belongs to a `#count`-like aggregate.
    let mut braces: Vec<bool> = Vec::new();
    let mut parens = 0usize;
    // Per open parenthesis: its first `;` and whether it has a `,`.
    let mut groups: Vec<(Option<Span>, bool)> = Vec::new();
    let mut in_body = false;
    let mut last_colon: Option<usize> = None;
    let mut show_stmt = false;
    let mut show_colon = false;
    // inside a weak constraint, up to its `[w@p]`
    let mut weak = false;
    // the token before the chunk's first
    let mut last: Option<Token> = None;
    // in a `#const` statement; just after its `.`
    let mut in_const = false;
    let mut const_ended = false;
    // a chunk of whole statements at a time (a large file's tokens never
    // exist all at once)
    for spanned in chunks(text, CHUNK) {
        let bare = super::lparse::first_keyword(&spanned);
        let toks: Vec<(usize, Token, usize)> =
            spanned.into_iter().filter_map(|(l, t, h)| t.ok().map(|t| (l, t, h))).collect();
        for (i, (lo, t, hi)) in toks.iter().enumerate() {
            let (lo, hi) = (*lo, *hi);
            let prev = if i > 0 { Some(toks[i - 1].1) } else { last };
            if bare.is_some_and(|b| b.0 == lo) {
                note(Dialect::Gringo3, lo, hi, "an lparse keyword without '#'", &mut dialect);
            }
            use Token::*;
            let after_const = std::mem::take(&mut const_ended);
            match t {
                Const => in_const = true,
                Dot if in_const => {
                    in_const = false;
                    const_ended = true;
                }
                _ => {}
            }
            match t {
                Hide => note(Dialect::Gringo3, lo, hi, "#hide", &mut dialect),
                Domain => note(Dialect::Gringo3, lo, hi, "#domain", &mut dialect),
                Compute => note(Dialect::Gringo3, lo, hi, "#compute", &mut dialect),
                Assign => note(Dialect::Gringo3, lo, hi, ":=", &mut dialect),
                SemiSemi => note(Dialect::Gringo3, lo, hi, ";;", &mut dialect),
                AbsFn | ModFn | PowFn | DivFn => {
                    note(Dialect::Gringo3, lo, hi, "#abs/#mod/#pow/#div", &mut dialect)
                }
                Avg | Even | Odd => note(Dialect::Gringo3, lo, hi, "#avg/#even/#odd", &mut dialect),
                Base | Cumulative | Volatile => {
                    note(Dialect::Gringo3, lo, hi, "#base/#cumulative/#volatile", &mut dialect)
                }
                // `:~ body. [w@p]`: the weak constraint's tuple, not a weight aggregate
                LBrack if weak && prev == Some(Dot) => {}
                // `#const n = 1. [override]` (`[default]`, or a misspelling)
                LBrack
                    if after_const
                        && matches!(toks.get(i + 1), Some((_, Ident(_), _)))
                        && matches!(toks.get(i + 2), Some((_, RBrack, _))) =>
                {
                    note(Dialect::Clingo5, lo, hi, "#const with [default] or [override]", &mut dialect)
                }
                LBrack => note(Dialect::Gringo3, lo, hi, "a [..] weight aggregate", &mut dialect),
                SumPlus => note(Dialect::Clingo5, lo, hi, "#sum+", &mut dialect),
                WeakIf => {
                    weak = true;
                    note(Dialect::Clingo5, lo, hi, ":~", &mut dialect)
                }
                RBrack => weak = false,
                // `#external a. [true]`, `#heuristic a. [1,sign]`: a value, not a weight aggregate
                External => weak = true,
                Heuristic => {
                    weak = true;
                    note(Dialect::Clingo5, lo, hi, "a clingo 5 directive", &mut dialect)
                }
                Edge => note(Dialect::Clingo5, lo, hi, "a clingo 5 directive", &mut dialect),
                // gringo 3's Lua block; other constructs minasp refuses decide
                // nothing (the refusal names them, whatever the dialect)
                Script if text[lo..].starts_with("#begin_lua") => {
                    note(Dialect::Gringo3, lo, hi, "#begin_lua", &mut dialect)
                }
                Unsupported(_) => {}
                // gringo 3 has `#include "file".` too; `#include <lib>.` is clingo 5's
                Include if toks.get(i + 1).is_some_and(|t| t.1 != Token::Lt) => {}
                Script | Program | Include | Defined | Project => {
                    note(Dialect::Clingo5, lo, hi, "a clingo 5 directive", &mut dialect)
                }
                Inf | Sup if matches!(&text[lo..hi], "#inf" | "#sup") => {
                    note(Dialect::Clingo5, lo, hi, "#inf/#sup", &mut dialect)
                }
                _ => {}
            }
            match t {
                Token::LBrace => {
                    let agg = matches!(
                        prev,
                        Some(
                            Token::Count
                                | Token::Sum
                                | Token::SumPlus
                                | Token::Min
                                | Token::Max
                                | Token::Minimize
                                | Token::Maximize
                        )
                    );
                    // `&name{ e1, e2 }`: a theory atom's elements (clingo 5's
                    // theory syntax), separated by `;` or `,` in either dialect's eyes
                    let theory = i >= 2
                        && matches!(toks[i - 2].1, Token::Amp)
                        && matches!(toks[i - 1].1, Token::Ident(_));
                    braces.push(agg || theory);
                    last_colon = None;
                }
                Token::RBrace => {
                    braces.pop();
                    last_colon = None;
                }
                Token::LParen => {
                    parens += 1;
                    groups.push((None, false));
                }
                Token::RParen => {
                    parens = parens.saturating_sub(1);
                    // `p(1,2;3)`: one argument pooled (gringo 3) or two argument lists (clingo 5).
                    if let Some((Some(semi), true)) = groups.pop() {
                        if ambiguous.is_none() {
                            ambiguous = Some((
                            semi,
                            "pooling with several arguments (p(1,2;3) pools one argument in gringo 3, whole argument lists in clingo 5)",
                        ));
                        }
                    }
                }
                Token::Comma => {
                    // `1 { a, b } 1.`: clingo 5 separates the elements of a
                    // choice or set with `;` (its commas are in conditions)
                    if braces.last() == Some(&false) && parens == 0 && last_colon.is_none() {
                        note(Dialect::Gringo3, lo, hi, "',' between the elements of {..}", &mut dialect);
                    }
                    if let Some(g) = groups.last_mut() {
                        g.1 = true;
                    }
                }
                Token::Semi => {
                    if braces.last() == Some(&true) && parens == 0 {
                        note(Dialect::Clingo5, lo, hi, "';' between aggregate elements", &mut dialect);
                    } else if braces.last() == Some(&false) && parens == 0 {
                        // `{ a ; b }`: gringo 3 separates a choice's elements with `,`
                        note(Dialect::Clingo5, lo, hi, "';' between the elements of {..}", &mut dialect);
                    } else if braces.is_empty() && parens == 0 && in_body {
                        note(Dialect::Clingo5, lo, hi, "';' between body literals", &mut dialect);
                    } else if parens > 0 && in_body && ambiguous.is_none() {
                        ambiguous = Some((
                            Span::new(file, lo, hi),
                            "pooling in a body (a conjunction in gringo 3, one rule per option in clingo 5)",
                        ));
                    } else if parens > 0 && last_colon.is_some() && ambiguous.is_none() {
                        ambiguous = Some((
                        Span::new(file, lo, hi),
                        "pooling in a condition (a conjunction in gringo 3, one element per option in clingo 5)",
                    ));
                    }
                    if let Some(g) = groups.last_mut() {
                        g.0.get_or_insert(Span::new(file, lo, hi));
                    }
                    last_colon = None;
                }
                Token::Colon if show_stmt && !show_colon => {
                    // `#show t : body`: this colon separates the term from the body.
                    show_colon = true;
                    if ambiguous.is_none() {
                        ambiguous = Some((
                            Span::new(file, lo, hi),
                            "'#show t : body' (true atoms in gringo 3, terms in clingo 5)",
                        ));
                    }
                }
                Token::Colon => {
                    if last_colon.is_some() && !in_body && braces.last() == Some(&true) {
                        // `#count{ X : p(X) : d(X) } 1.`: tuple, atom, condition
                        note(Dialect::Clingo5, lo, hi, "a head aggregate element 't : a : c'", &mut dialect);
                    } else if last_colon.is_some() {
                        note(Dialect::Gringo3, lo, hi, "conditions chained with ':'", &mut dialect);
                    }
                    last_colon = Some(lo);
                }
                Token::If => {
                    in_body = true;
                    last_colon = None;
                }
                Token::Dot => {
                    in_body = false;
                    show_stmt = false;
                    show_colon = false;
                    last_colon = None;
                    braces.clear();
                    parens = 0;
                    groups.clear();
                }
                Token::RBrack => last_colon = None,
                Token::Show => show_stmt = true,
                _ => {}
            }
        }
        last = toks.last().map(|t| t.1).or(last);
    }
    Evidence { dialect, ambiguous, conflict }
}

/// The dialect for the whole input: forced by `--dialect`, else judged per
/// file; neutral files follow the others, all-neutral input is clingo 5, a
/// mix is an error.  Returns `info:` diagnostics where a neutral file's
/// meaning depends on the choice.
pub fn choose(
    sources: &SourceMap,
    forced: Option<Dialect>,
) -> Result<(Dialect, Vec<Diagnostic>), Diagnostic> {
    let evidence: Vec<_> = sources.files().map(|(id, f)| classify(id, &f.text)).collect();
    let name = |d: Dialect| if d == Dialect::Gringo3 { "gringo 3" } else { "clingo 5" };
    let dialect = match forced {
        Some(d) => d,
        None => {
            if let Some(e) = evidence.iter().find(|e| e.conflict.is_some()) {
                let (a, b) = (e.dialect.unwrap(), e.conflict.unwrap());
                return Err(Diagnostic::error(
                    b.1,
                    format!(
                        "this file mixes dialects: {} ({}) is {}, but {} is {}; choose one with --dialect=gringo3 or --dialect=clingo5",
                        a.2,
                        sources.location(a.1),
                        name(a.0),
                        b.2,
                        name(b.0)
                    ),
                ));
            }
            let g3 = evidence.iter().find_map(|e| e.dialect.filter(|x| x.0 == Dialect::Gringo3));
            let c5 = evidence.iter().find_map(|e| e.dialect.filter(|x| x.0 == Dialect::Clingo5));
            match (g3, c5) {
                (Some(a), Some(b)) => {
                    return Err(Diagnostic::error(
                        a.1,
                        format!(
                            "the input mixes dialects: {} is gringo 3, but {} ({}) is clingo 5; choose one with --dialect=gringo3 or --dialect=clingo5",
                            a.2,
                            b.2,
                            sources.location(b.1)
                        ),
                    ))
                }
                (Some(_), None) => Dialect::Gringo3,
                _ => Dialect::Clingo5,
            }
        }
    };
    let mut infos = Vec::new();
    // Only an automatic choice needs saying: `--dialect` already says it.
    for e in evidence.iter().filter(|_| forced.is_none()) {
        if let (None, Some((span, what))) = (e.dialect, e.ambiguous) {
            infos.push(
                Diagnostic::info(span, format!("read as {}: {}", name(dialect), what))
                    .with_class(crate::diagnostics::InfoClass::Dialect),
            );
        }
    }
    Ok((dialect, infos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Option<Dialect> {
        classify(FileId(0), s).dialect.map(|x| x.0)
    }

    #[test]
    fn markers_of_each_dialect() {
        assert_eq!(d("#hide. p."), Some(Dialect::Gringo3));
        assert_eq!(d("a :- 1 [b=2, c] 2."), Some(Dialect::Gringo3));
        assert_eq!(d("1 { m(X) : p(X) : q(X) } 1."), Some(Dialect::Gringo3));
        assert_eq!(d("a :- #count{ X : p(X); Y : q(Y) } > 1."), Some(Dialect::Clingo5));
        assert_eq!(d("a :- b; c."), Some(Dialect::Clingo5));
        assert_eq!(d("p(#sup)."), Some(Dialect::Clingo5));
        assert_eq!(d("p(#supremum)."), None);
        assert_eq!(d("p(1..3). q(X) :- p(X), not r(X)."), None);
        assert_eq!(d("{ a : b, c }."), None);
        assert_eq!(d("1 { a, b } 1."), Some(Dialect::Gringo3));
        assert_eq!(d("1 { a ; b } 1."), Some(Dialect::Clingo5));
        assert_eq!(d("{ p(1;2) }."), None);
        assert_eq!(d("a :- 1 { b, c(1,2) }."), Some(Dialect::Gringo3));
        assert_eq!(d("1 { a(1,2) ; b : c, d } 1."), Some(Dialect::Clingo5));
        assert_eq!(d("a :- #count { X, Y : p(X,Y) } > 1."), None);
        // A clingo 5 term show whose body has a conditional literal.
        assert_eq!(d("#show X : e(X,Y), q(L1) : e(X,L1), a."), None);
        // clingo 5 head aggregates (tuple, atom, condition) are no chains
        assert_eq!(d("#count{ X : p(X) : d(X) } 1."), Some(Dialect::Clingo5));
        assert_eq!(d("#program s(k). #count{ I : o(k,I) : s(k,I), 0 < I } 1."), Some(Dialect::Clingo5));
        // Lua blocks came with gringo 3; refused constructs decide nothing
        assert_eq!(d("#begin_lua function f() end #end_lua. p(X) :- X := 1."), Some(Dialect::Gringo3));
        assert_eq!(d("#disjoint { 1 : $x }."), None);
        // a theory atom's commas are clingo 5's theory syntax
        assert_eq!(d("#program base. &display{window,caption=1}."), Some(Dialect::Clingo5));
        assert_eq!(d("&display{window,caption=1}."), None);
    }

    #[test]
    fn neutral_files_with_a_meaning_that_differs() {
        let e = classify(FileId(0), "r :- p(1;2).");
        assert_eq!(e.dialect, None);
        assert!(e.ambiguous.is_some());
        assert!(classify(FileId(0), "p(1;2).").ambiguous.is_none());
        // Several arguments: one pooled argument or two argument lists.
        assert!(classify(FileId(0), "edge(1,2;3;4).").ambiguous.is_some());
        assert!(classify(FileId(0), "p(X) :- q(X), r(f(1;2),3).").ambiguous.is_some());
        assert!(classify(FileId(0), "{ a(X) : p(X;Y) } :- q(X,Y).").ambiguous.is_some());
        assert!(classify(FileId(0), "p(f(1;2)). q(1,2).").ambiguous.is_none());
    }
}
