//! Terms written where clingo 5's grammar wants an atom: `a :- 3.`,
//! `X.`, `{ f(1)+1 }.`, `a :- (b).`, `a :- @f(1).`. The grammar here
//! reads any term there (one rule for both dialects); clingo's parser
//! stops at the token after the term. So does this check, after parsing:
//! `syntax error, unexpected .` at that token, and the statement is
//! dropped, as clingo's error recovery drops it (the run ends with
//! "parsing failed").
//!
//! Invariant: a statement is kept only if every literal and element in it
//! that names an atom (heads, body and condition literals, `#external`,
//! `#project` and `#heuristic` atoms) has one: a name, possibly with
//! arguments and classical negation, not in parentheses, not a script
//! call.

use super::ast::{AggElem, BodyLit, Head, LitKind, Literal, Statement, Term, TermKind, UnOp};
use super::lexer::Token;
use super::span::{FileId, Span};
use crate::diagnostics::Diagnostic;
use logos::Logos;

/// The statements of a clingo 5 file whose atoms are all atoms; an error
/// for each other one, at the token after its first term that is not.
pub fn checked(
    file: FileId,
    text: &str,
    stmts: Vec<Statement>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Statement> {
    let mut kept = Vec::with_capacity(stmts.len());
    for s in stmts {
        let mut first: Option<&Term> = None;
        each_atom(&s, &mut |t| {
            if !is_atom(t, text) && first.is_none_or(|f| t.span.lo < f.span.lo) {
                first = Some(t);
            }
        });
        // `#external`, `#project` and `#heuristic` take an atom only: one
        // that does not start like one fails at its first token
        let directive =
            matches!(s, Statement::External { .. } | Statement::Project { .. } | Statement::Heuristic { .. });
        // (and one that does, at the token after its leftmost operand)
        let at = first.map(|t| match t {
            t if directive && !starts_like_atom(text, t.span.lo as usize) => t.span.lo as usize,
            t if directive => written_end(leftmost(t), text),
            t => written_end(t, text),
        });
        match at {
            None => kept.push(s),
            Some(at) => diags.push(unexpected_after(file, text, at)),
        }
    }
    kept
}

/// Is `t` an atom (see the module documentation)? A pool of atoms
/// (`p(1;2)`, read as `p(1);p(2)`) is one.
fn is_atom(t: &Term, text: &str) -> bool {
    let t = match &t.kind {
        TermKind::Unary(UnOp::Neg, x) => x,
        _ => t,
    };
    if let TermKind::Pool(alts) = &t.kind {
        return alts.iter().all(|a| is_atom(a, text));
    }
    matches!(&t.kind, TermKind::Func { name, .. } if !name.is_empty() && !name.starts_with('@'))
        && !parenthesized(t, text)
}

/// Is `t` written in parentheses (`(b)`, read as `b`)? Where an atom
/// belongs, nothing else puts a `(` right before it.
fn parenthesized(t: &Term, text: &str) -> bool {
    let before = text[..t.span.lo as usize].trim_end();
    before.ends_with('(') || text.as_bytes().get(t.span.lo as usize) == Some(&b'(')
}

/// Where `t` ends as written: after the `)` of each `(` right before it.
fn written_end(t: &Term, text: &str) -> usize {
    let mut open = text[..t.span.lo as usize].trim_end().bytes().rev().take_while(|&b| b == b'(').count();
    let mut end = t.span.hi as usize;
    while open > 0 {
        let rest = &text[end..];
        let skipped = rest.len() - rest.trim_start().len();
        if !rest.trim_start().starts_with(')') {
            break;
        }
        end += skipped + 1;
        open -= 1;
    }
    end
}

/// The leftmost operand of `t` (`f(1)` in `f(1)+1`).
fn leftmost(t: &Term) -> &Term {
    match &t.kind {
        TermKind::Binary(_, l, _) => leftmost(l),
        _ => t,
    }
}

/// Does the text at `at` start with a name or `-`?
fn starts_like_atom(text: &str, at: usize) -> bool {
    matches!(Token::lexer(&text[at..]).next(), Some(Ok(Token::Ident(_) | Token::Minus)))
}

/// clingo's error at the first token from byte `from` on.
fn unexpected_after(file: FileId, text: &str, from: usize) -> Diagnostic {
    let mut lex = Token::lexer(&text[from..]);
    while let Some(t) = lex.next() {
        if let Ok(t) = t {
            let r = lex.span();
            return Diagnostic::error(
                Span::new(file, from + r.start, from + r.end),
                format!("syntax error, unexpected {}", t),
            );
        }
    }
    Diagnostic::error(Span::end_of_input(file, text.len()), "syntax error, unexpected EOF")
}

/// Calls `f` on every term of `s` written where an atom belongs.
fn each_atom<'a>(s: &'a Statement, f: &mut dyn FnMut(&'a Term)) {
    match s {
        Statement::Rule(r) => {
            match &r.head {
                Head::Atom(t) => f(t),
                Head::False => {}
                Head::Choice(c) => {
                    c.elems.iter().for_each(|e| {
                        f(&e.atom);
                        lits(&e.cond, f);
                    });
                    c.fixed.iter().for_each(|e| lits(&e.cond, f));
                }
                Head::Disjunction(es) => es.iter().for_each(|e| {
                    f(&e.atom);
                    lits(&e.cond, f);
                }),
                Head::Aggregate(a) => {
                    a.elems.iter().for_each(|e| {
                        f(&e.atom);
                        lits(&e.cond, f);
                    });
                    a.fixed.iter().for_each(|e| lits(&e.cond, f));
                }
            }
            body(&r.body, f);
        }
        Statement::ShowTerm { body: b, .. } | Statement::Edge { body: b, .. } => body(b, f),
        Statement::External { atom, body: b, .. } | Statement::Heuristic { atom, body: b, .. } => {
            f(atom);
            body(b, f);
        }
        Statement::Project { atom: Some(ab), .. } => {
            f(&ab.0);
            body(&ab.1, f);
        }
        Statement::Optimize { elems, .. } => elems.iter().for_each(|e| body(&e.cond, f)),
        _ => {}
    }
}

fn body<'a>(b: &'a [BodyLit], f: &mut dyn FnMut(&'a Term)) {
    for l in b {
        match l {
            BodyLit::Lit(l) => lit(l, f),
            BodyLit::Conditional { lit: l, cond, .. } => {
                lit(l, f);
                lits(cond, f);
            }
            BodyLit::Aggregate { agg, .. } => {
                for e in &agg.elems {
                    match e {
                        AggElem::Tuple { cond, .. } => lits(cond, f),
                        AggElem::Lit { lit: l, cond } | AggElem::Weighted { lit: l, cond, .. } => {
                            lit(l, f);
                            lits(cond, f);
                        }
                    }
                }
            }
        }
    }
}

fn lits<'a>(ls: &'a [Literal], f: &mut dyn FnMut(&'a Term)) {
    ls.iter().for_each(|l| lit(l, f));
}

fn lit<'a>(l: &'a Literal, f: &mut dyn FnMut(&'a Term)) {
    if let LitKind::Atom(t) = &l.kind {
        f(t)
    }
}
