//! The parser driver: text to statements plus diagnostics.
//!
//! Runs the logos lexer, reports and drops lexer errors (as gringo does),
//! feeds the rest to the LALRPOP parser with error recovery at `.`, and turns
//! every parse error into a gringo-style `syntax error, unexpected X`
//! diagnostic.  Invariant: never panics, whatever the input; the statements
//! returned are only those that parsed.

use super::ast::*;
use super::lexer::{LexError, Token};
use super::span::{FileId, Span};
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{FactArg, GroundFacts};
use lalrpop_util::ParseError;
use logos::Logos;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused)]
    grammar,
    "/asp.rs"
);

/// The language a file is read in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// The clingo 5 language.
    Clingo5,
    /// The gringo 3 language (lparse's keywords without `#` included).
    Gringo3,
}

/// One alternative of a parenthesised argument pool, as written: its
/// arguments, whether a `,` ended it, and whether `;;` (not `;`) came
/// before it.
#[derive(Clone, Debug)]
pub struct Alt {
    /// The alternative's arguments.
    pub args: Vec<Term>,
    /// Whether a `,` ended it.
    pub trailing_comma: bool,
    /// Whether `;;` (not `;`) came before it.
    pub after_double: bool,
}

/// The head of a clingo 5 rule as written: an ordinary head, a negated
/// atom (`not a`, `not not a`), or `#true`/`#false`.
#[derive(Clone, Debug)]
pub enum RuleHead {
    /// An atom, choice or disjunction.
    Head(Head),
    /// `not a` or `not not a` (the span covers the head literal).
    Not(Span, Term, Sign),
    /// `#true` or `#false`.
    Bool(bool),
    /// A disjunction, with the comparisons and `#true`/`#false` written
    /// among its elements (conditional or not).
    Disjunction(Vec<ChoiceElem>, Vec<FixedElem>),
}

/// A disjunct, or an element of a choice, that is a comparison or
/// `#true`/`#false` (with no tuple).
pub fn fixed(lit: Literal, cond: Vec<Literal>) -> FixedElem {
    FixedElem { terms: Vec::new(), lit, cond }
}

/// The elements of a choice or head aggregate as written, apart: those
/// over atoms and those over comparisons or `#true`/`#false`.
pub fn split_items<E>(items: Vec<Result<E, FixedElem>>) -> (Vec<E>, Vec<FixedElem>) {
    let mut elems = Vec::new();
    let mut fixed = Vec::new();
    for i in items {
        match i {
            Ok(e) => elems.push(e),
            Err(f) => fixed.push(f),
        }
    }
    (elems, fixed)
}

/// A disjunction's elements so far with one more element, an atom's or a
/// comparison's (`#true`'s, `#false`'s).
pub fn push_item(
    (mut elems, mut fixed): (Vec<ChoiceElem>, Vec<FixedElem>),
    item: Result<ChoiceElem, FixedElem>,
) -> (Vec<ChoiceElem>, Vec<FixedElem>) {
    match item {
        Ok(e) => elems.push(e),
        Err(f) => fixed.push(f),
    }
    (elems, fixed)
}

/// The rule for a head and a body: a negated head moves into the body of
/// an integrity constraint (`not a :- B` is `:- B, a`; `not not a :- B`
/// is `:- B, not a`), `#false` makes a constraint, and `#true` a rule that
/// can never be violated (none).
pub fn rule(span: Span, head: RuleHead, mut body: Vec<BodyLit>) -> Option<Statement> {
    let head = match head {
        RuleHead::Head(h) => h,
        RuleHead::Bool(true) => return None,
        RuleHead::Bool(false) => Head::False,
        // a comparison (or `#true`, `#false`) in a disjunction holds or
        // fails as the rule is grounded: the rule is satisfied where it
        // holds, so it is the rule with its negation in the body; with a
        // condition (`a ; X < 2 : c(X)`) each instance is the disjunct "the
        // condition holds" where the comparison does (gringo's reading), so
        // the rule is the rule where no such instance holds, the body
        // conditional `#false : c(X), X < 2`
        RuleHead::Disjunction(elems, fixed) => {
            for FixedElem { lit: c, cond, .. } in fixed {
                if !cond.is_empty() {
                    if c.kind != LitKind::Bool(false) {
                        // (an unsafe variable is reported in the rule, as gringo does)
                        let never = Literal { span: c.span, sign: Sign::Pos, kind: LitKind::Bool(false) };
                        let cond = cond.into_iter().chain(std::iter::once(c)).collect();
                        body.push(BodyLit::Conditional { span, lit: never, cond });
                    }
                    continue;
                }
                let kind = match c.kind {
                    LitKind::Cmp(op, a, b) => LitKind::Cmp(op.negate(), a, b),
                    LitKind::Bool(b) => LitKind::Bool(!b),
                    k => k,
                };
                body.push(BodyLit::Lit(Literal { kind, ..c }));
            }
            if elems.is_empty() {
                Head::False
            } else {
                Head::Disjunction(elems)
            }
        }
        RuleHead::Not(at, t, sign) => {
            let sign = if sign == Sign::NotNot { Sign::Not } else { Sign::Pos };
            body.push(BodyLit::Lit(Literal { span: at, sign, kind: LitKind::Atom(t) }));
            Head::False
        }
    };
    Some(Statement::Rule(Rule { span, head, body }))
}

/// A lexer failure as seen by the parser (lexer errors are filtered out
/// before parsing, so this only exists to satisfy the grammar's types).
#[derive(Clone, Debug, PartialEq)]
pub struct LexFailure(pub LexError);

/// Parses one file.
pub fn parse(file: FileId, text: &str, dialect: Dialect) -> (Vec<Statement>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let dialect_token = match dialect {
        Dialect::Clingo5 => Token::DialectClingo5,
        Dialect::Gringo3 => Token::DialectGringo3,
    };
    // in a file with a script block, calls of its functions are no further errors
    let script_seen = (text.contains("#script") || text.contains("#begin_lua"))
        && Token::lexer(text).any(|t| t == Ok(Token::Script));
    let gringo3 = dialect == Dialect::Gringo3;
    // the tokens a chunk of statements at a time, so that a large file's
    // tokens never exist all at once beside its syntax tree
    let runs = FactRuns::default();
    let toks = std::iter::once((0, dialect_token, 0)).chain(
        super::lexer::chunks(text, super::lexer::CHUNK).flat_map(|chunk| {
            let toks = checked_tokens(file, text, chunk, gringo3, script_seen, &mut diags);
            take_fact_runs(file, toks, &runs)
        }),
    );
    let end = text.len();
    let mut errors = Vec::new();
    let result =
        grammar::ProgramParser::new().parse(file, dialect, &mut errors, &runs, toks.map(Ok::<_, LexFailure>));
    for e in errors {
        diags.push(syntax_error(file, e.error, end));
    }
    let mut stmts = match result {
        Ok(s) => s,
        Err(e) => {
            diags.push(syntax_error(file, e, end));
            Vec::new()
        }
    };
    if !gringo3 {
        stmts = super::atom_places::checked(file, text, stmts, &mut diags);
    }
    diags.sort_by_key(|d| d.span.map(|s| s.lo));
    (stmts, diags)
}

/// How many facts in a row make a run worth reading in bulk (fewer stay
/// ordinary rules: a program of a few facts reads as it always did).
const FACT_RUN: usize = 16;

/// The fact runs taken out of a file's tokens ([`take_fact_runs`]), by
/// number, until the parser takes each back at its [`Token::Facts`].
#[derive(Default)]
pub struct FactRuns(std::cell::RefCell<Vec<GroundFacts>>);

impl FactRuns {
    fn push(&self, run: GroundFacts) -> u32 {
        let mut runs = self.0.borrow_mut();
        runs.push(run);
        (runs.len() - 1) as u32
    }

    /// Run `i`, taken out (the grammar's action for [`Token::Facts`]).
    pub fn take(&self, i: u32) -> GroundFacts {
        std::mem::take(&mut self.0.borrow_mut()[i as usize])
    }
}

/// Replaces each run of at least [`FACT_RUN`] statements that are facts
/// over integers and strings (`p(1,"a").`, `q.`) by one [`Token::Facts`]
/// standing for the run, kept in `runs` as a [`GroundFacts`]: a file of a
/// million facts is then no million syntax trees.  `toks` are whole
/// statements (a chunk of them).
fn take_fact_runs<'s>(
    file: FileId,
    toks: Vec<(usize, Token<'s>, usize)>,
    runs: &FactRuns,
) -> Vec<(usize, Token<'s>, usize)> {
    let mut out = Vec::with_capacity(toks.len());
    // the run so far: where its tokens start in `out`, and its facts
    let mut run: Option<(usize, GroundFacts)> = None;
    // the run's names, by text
    let mut names: std::collections::HashMap<&'s str, usize> = std::collections::HashMap::new();
    let flush = |out: &mut Vec<(usize, Token<'s>, usize)>, run: &mut Option<(usize, GroundFacts)>| {
        if let Some((from, facts)) = run.take() {
            if facts.facts.len() >= FACT_RUN {
                let (lo, hi) = (out[from].0, out[out.len() - 1].2);
                out.truncate(from);
                out.push((lo, Token::Facts(runs.push(facts)), hi));
            }
        }
    };
    let mut i = 0;
    while i < toks.len() {
        if i == 0 || toks[i - 1].1 == Token::Dot {
            match fact_at(&toks, i) {
                Some((end, name, args)) => {
                    let (_, facts) = run.get_or_insert_with(|| (out.len(), GroundFacts::default()));
                    if facts.facts.is_empty() {
                        names.clear();
                    }
                    // (a hash look-up: a run may have as many names as facts)
                    let name = *names.entry(name).or_insert_with(|| {
                        facts.names.push(name.to_string());
                        facts.names.len() - 1
                    });
                    let span = Span::new(file, toks[i].0, toks[end - 1].2);
                    facts.facts.push((span, name as u32, facts.args.len() as u32));
                    facts.args.extend(args);
                    out.extend_from_slice(&toks[i..end]);
                    i = end;
                    continue;
                }
                None => flush(&mut out, &mut run),
            }
        }
        out.push(toks[i]);
        i += 1;
    }
    flush(&mut out, &mut run);
    out
}

/// The fact over integers and strings that starts at `toks[i]`, if one
/// does: the index after its `.`, its name and its arguments.
fn fact_at<'s>(toks: &[(usize, Token<'s>, usize)], i: usize) -> Option<(usize, &'s str, Vec<FactArg>)> {
    let Token::Ident(name) = toks[i].1 else { return None };
    let mut args = Vec::new();
    let mut j = i + 1;
    if toks.get(j)?.1 == Token::LParen {
        j += 1;
        loop {
            let arg = match (toks.get(j)?.1, toks.get(j + 1).map(|t| t.1)) {
                (Token::Number(n), _) if n <= i32::MAX as i64 => {
                    j += 1;
                    FactArg::Int(n as i32)
                }
                (Token::Minus, Some(Token::Number(n))) if n <= 1 << 31 => {
                    j += 2;
                    FactArg::Int((-n) as i32)
                }
                (Token::Str(t), _) => {
                    j += 1;
                    FactArg::Str(unescape(t).into())
                }
                _ => return None,
            };
            args.push(arg);
            match toks.get(j)?.1 {
                Token::Comma => j += 1,
                Token::RParen => {
                    j += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    (toks.get(j)?.1 == Token::Dot).then_some((j + 1, name, args))
}

/// The tokens of a run of whole statements as the parser is to see them:
/// lexer errors and bare lparse keywords reported and taken out (or, in
/// gringo 3, the keywords made keyword tokens), statements with constructs
/// minasp cannot support reported and dropped (see [`drop_unsupported`]).
fn checked_tokens<'s>(
    file: FileId,
    text: &'s str,
    chunk: Vec<super::lexer::Spanned<'s>>,
    gringo3: bool,
    script_seen: bool,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(usize, Token<'s>, usize)> {
    let mut bare = Vec::new();
    let spanned = super::lparse::rewrite(chunk, gringo3, &mut bare);
    for (lo, hi, msg) in bare {
        diags.push(Diagnostic::error(Span::new(file, lo, hi), msg));
    }
    // the lexer errors reported, the tokens kept in the same buffer
    let mut toks: Vec<(usize, Token<'_>, usize)> = spanned
        .into_iter()
        .filter_map(|(lo, t, hi)| match t {
            Ok(Token::UnknownDirective(d)) => {
                diags
                    .push(Diagnostic::error(Span::new(file, lo, hi), format!("lexer error, unexpected {d}")));
                None
            }
            Ok(t) => Some((lo, t, hi)),
            Err(LexError::NumberTooLarge) => {
                diags.push(Diagnostic::error(
                    Span::new(file, lo, hi),
                    format!("lexer error, number out of range {}", &text[lo..hi]),
                ));
                None
            }
            Err(LexError::Invalid) => {
                let bad = &text[lo..hi];
                let (hi, what) = if bad.starts_with("%*") {
                    (lo + 2, "lexer error, block comment '%*' is never closed with '*%'".to_string())
                } else {
                    // Name the first character only (an unterminated string's quote).
                    let c = bad.chars().next().map_or(0, char::len_utf8);
                    (lo + c, format!("lexer error, unexpected {}", &bad[..c]))
                };
                diags.push(Diagnostic::error(Span::new(file, lo, hi), what));
                None
            }
        })
        .collect();
    if !gringo3 && toks.iter().any(|t| t.1 == Token::SemiSemi) {
        // clingo 5 has no `;;`: it reads two `;` (an empty pool element
        // between them: `p(1;;2)` is `p(1)`, `p` and `p(2)`)
        toks = toks
            .into_iter()
            .flat_map(|(lo, t, hi)| match t {
                Token::SemiSemi => vec![(lo, Token::Semi, lo + 1), (lo + 1, Token::Semi, hi)],
                t => vec![(lo, t, hi)],
            })
            .collect();
    }
    drop_unsupported(file, text, &mut toks, gringo3, script_seen, diags);
    toks
}

/// Removes each statement that uses a construct minasp cannot support —
/// scripts (`#script`, `@f(..)` calls), theory atoms (`&name`, `#theory`),
/// clingo 4's `$` constraints and `#disjoint`, asprin's `#preference`/`#optimize` —
/// and reports it once, located at the construct, instead of the syntax
/// errors its tokens would cause.
fn drop_unsupported(
    file: FileId,
    text: &str,
    toks: &mut Vec<(usize, Token<'_>, usize)>,
    gringo3: bool,
    script_seen: bool,
    diags: &mut Vec<Diagnostic>,
) {
    let is_term_end = |t: &Token| {
        matches!(
            t,
            Token::Number(_)
                | Token::Var(_)
                | Token::Ident(_)
                | Token::Str(_)
                | Token::Anon
                | Token::RParen
                | Token::Bar
                | Token::Inf
                | Token::Sup
        )
    };
    // kept statements are moved down in place (`kept` tokens so far)
    let mut kept = 0;
    let mut i = 0;
    while i < toks.len() {
        // one statement: up to a `.` outside braces (or the end)
        let start = i;
        let mut depth = 0i32;
        while i < toks.len() {
            match toks[i].1 {
                Token::LBrace | Token::LParen => depth += 1,
                Token::RBrace | Token::RParen => depth -= 1,
                Token::Dot if depth <= 0 => {
                    i += 1;
                    break;
                }
                Token::Script => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let stmt = &toks[start..i];
        let mut problem: Option<(usize, usize, String)> = None;
        for (k, &(lo, t, hi)) in stmt.iter().enumerate() {
            let prev = if k == 0 { None } else { Some(&stmt[k - 1].1) };
            let next = stmt.get(k + 1).map(|x| x.1);
            let found = match t {
                Token::Script => {
                    let header = text[lo..hi].find(')').map_or(hi, |p| lo + p + 1);
                    let header = text[lo..header].find('\n').map_or(header, |p| lo + p);
                    Some((
                        lo,
                        header,
                        format!(
                            "{} is not supported: minasp has no embedded scripting",
                            one_line(&text[lo..header])
                        ),
                    ))
                }
                Token::Unsupported(d @ "#theory") => {
                    Some((lo, hi, format!("{d} is not supported: minasp has no theory solving")))
                }
                Token::Unsupported("#disjoint") => {
                    Some((lo, hi, "#disjoint is not supported: minasp has no constraint solving".to_string()))
                }
                Token::Unsupported(d) => Some((
                    lo,
                    hi,
                    format!("{d} is not supported: minasp does not implement asprin's preferences"),
                )),
                Token::Dollar => Some((
                    lo,
                    hi,
                    "clingo 4's constraint syntax ($) is not supported: minasp has no constraint solving"
                        .to_string(),
                )),
                // `@f(..)`: not a priority (`w@p`, after a term); in clingo 5
                // an undefined operation (see `normalize`), in gringo 3 an error
                Token::At
                    if gringo3 && matches!(next, Some(Token::Ident(_))) && !prev.is_some_and(is_term_end) =>
                {
                    let name_hi = stmt[k + 1].2;
                    Some((
                        lo,
                        name_hi,
                        format!(
                            "script call {} is not supported: minasp has no embedded scripting",
                            &text[lo..name_hi]
                        ),
                    ))
                }
                Token::Amp
                    if matches!(next, Some(Token::Ident(_)))
                        && prev.is_none_or(|p| {
                            matches!(
                                p,
                                Token::If
                                    | Token::Comma
                                    | Token::Semi
                                    | Token::Not
                                    | Token::Colon
                                    | Token::WeakIf
                            )
                        }) =>
                {
                    let name_hi = stmt[k + 1].2;
                    Some((
                        lo,
                        name_hi,
                        format!(
                            "theory atom {} is not supported: minasp has no theory solving",
                            &text[lo..name_hi]
                        ),
                    ))
                }
                _ => None,
            };
            if found.is_some() {
                problem = found;
                break;
            }
        }
        match problem {
            Some((_, _, msg)) if script_seen && msg.starts_with("script call") => {}
            Some((lo, hi, msg)) => diags.push(Diagnostic::error(Span::new(file, lo, hi), msg)),
            None => {
                toks.copy_within(start..i, kept);
                kept += i - start;
            }
        }
    }
    toks.truncate(kept);
}

/// Text on one line, runs of white space made one space.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn syntax_error(file: FileId, e: ParseError<usize, Token<'_>, LexFailure>, end: usize) -> Diagnostic {
    match e {
        ParseError::UnrecognizedToken { token: (lo, t, hi), expected } => Diagnostic::error(
            Span::new(file, lo, hi),
            format!("syntax error, unexpected {}{}", t, expecting(&expected)),
        ),
        ParseError::UnrecognizedEof { expected, .. } => Diagnostic::error(
            Span::end_of_input(file, end),
            format!("syntax error, unexpected EOF{}", expecting(&expected)),
        ),
        ParseError::ExtraToken { token: (lo, t, hi) } => {
            Diagnostic::error(Span::new(file, lo, hi), format!("syntax error, unexpected {}", t))
        }
        ParseError::InvalidToken { location } => {
            Diagnostic::error(Span::new(file, location, location + 1), "syntax error, invalid token")
        }
        ParseError::User { error } => {
            Diagnostic::error(Span::new(file, 0, 0), format!("lexer error: {:?}", error.0))
        }
    }
}

/// `, expecting a or b` for short lists of expected tokens (gringo names at
/// most a handful).
fn expecting(expected: &[String]) -> String {
    let names: Vec<String> = expected.iter().map(|e| token_name(e)).collect();
    if names.is_empty() || names.len() > 5 {
        String::new()
    } else {
        format!(", expecting {}", names.join(" or "))
    }
}

/// LALRPOP names terminals by their grammar spelling (`"\".\""`, `IDENT`).
fn token_name(t: &str) -> String {
    match t {
        "IDENT" => "<IDENTIFIER>".into(),
        "VAR" => "<VARIABLE>".into(),
        "NUMBER" => "<NUMBER>".into(),
        "STRING" => "<STRING>".into(),
        _ => match t.trim_matches('"').replace("\\\\", "\\").replace("\\\"", "\"") {
            // bison's name for the comma is quoted (clingo: `expecting ","`)
            c if c == "," => "\",\"".into(),
            name => name,
        },
    }
}

/// The chain `a op b rest..` (see `LitKind::Chain`).
pub fn chain(a: Term, op: CmpOp, b: Term, rest: Vec<(CmpOp, Term)>) -> LitKind {
    let mut terms = vec![a, b];
    let mut ops = vec![op];
    for (op, t) in rest {
        ops.push(op);
        terms.push(t);
    }
    LitKind::Chain(terms, ops)
}

/// The text of a string literal without quotes, escapes resolved
/// (`\"`, `\\`, `\n`: the only ones the lexer takes).
pub fn unescape(s: &str) -> String {
    let inner = &s[1..s.len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The argument lists a pool stands for.  clingo 5: `;` (and `;;`)
/// separate whole argument lists.  gringo 3: `;;` separates argument
/// lists and `;` pools the single arguments beside it (`p(X,Y;Z)` is
/// `p(X,Y)` and `p(X,Z)`).
fn arg_lists(span: Span, pool: Vec<Alt>, dialect: Dialect) -> Vec<(Vec<Term>, bool)> {
    match dialect {
        Dialect::Clingo5 => pool.into_iter().map(|a| (a.args, a.trailing_comma)).collect(),
        Dialect::Gringo3 => {
            let mut lists: Vec<(Vec<Vec<Term>>, bool)> = Vec::new();
            for a in pool {
                match lists.last_mut() {
                    Some((groups, trailing))
                        if !a.after_double && !groups.is_empty() && !a.args.is_empty() =>
                    {
                        // `x;y`: the first argument joins the last one's options.
                        let mut it = a.args.into_iter();
                        groups.last_mut().unwrap().push(it.next().unwrap());
                        groups.extend(it.map(|t| vec![t]));
                        *trailing = a.trailing_comma;
                    }
                    _ => lists.push((a.args.into_iter().map(|t| vec![t]).collect(), a.trailing_comma)),
                }
            }
            lists
                .into_iter()
                .map(|(groups, trailing)| {
                    let args =
                        groups
                            .into_iter()
                            .map(|mut g| {
                                if g.len() == 1 {
                                    g.pop().unwrap()
                                } else {
                                    Term::new(span, TermKind::Pool(g))
                                }
                            })
                            .collect();
                    (args, trailing)
                })
                .collect()
        }
    }
}

/// `name(a;b)` is a pool of `name(a)` and `name(b)`.
pub fn func_pool(span: Span, name: &str, pool: Vec<Alt>, dialect: Dialect) -> Term {
    let mut alts: Vec<Term> = arg_lists(span, pool, dialect)
        .into_iter()
        .map(|(mut args, _)| {
            // no spare room: a million facts keep their arguments until grounded
            args.shrink_to_fit();
            Term::new(span, TermKind::Func { name: name.to_string(), args })
        })
        .collect();
    if alts.len() == 1 {
        alts.pop().unwrap()
    } else {
        Term::new(span, TermKind::Pool(alts))
    }
}

/// `(a)` is `a`, `(a,)` and `(a,b)` are tuples, `()` the empty tuple,
/// `(a;b)` a pool.
pub fn tuple_pool(span: Span, pool: Vec<Alt>, dialect: Dialect) -> Term {
    let mut alts: Vec<Term> = arg_lists(span, pool, dialect)
        .into_iter()
        .map(|(mut args, trailing)| {
            if args.len() == 1 && !trailing {
                args.pop().unwrap()
            } else {
                Term::new(span, TermKind::Func { name: String::new(), args })
            }
        })
        .collect();
    if alts.len() == 1 {
        alts.pop().unwrap()
    } else {
        Term::new(span, TermKind::Pool(alts))
    }
}

/// Reads `p/2` or `-p/2` (as parsed: a division) as a signature.
pub fn sig_of_term(t: &Term) -> Option<(String, usize, bool)> {
    if let TermKind::Binary(BinOp::Div, a, b) = &t.kind {
        let arity = match b.kind {
            TermKind::Int(n) if n >= 0 => n as usize,
            _ => return None,
        };
        let (inner, negative) = match &a.kind {
            TermKind::Unary(UnOp::Neg, x) => (x.as_ref(), true),
            _ => (a.as_ref(), false),
        };
        if let TermKind::Func { name, args } = &inner.kind {
            if args.is_empty() && !name.is_empty() {
                return Some((name.clone(), arity, negative));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of many chunks (see `lexer::chunks`) reads as one: statements
    /// whose checks look across a chunk's end, an unsupported construct and
    /// a lexer error in a later chunk are found where they are.
    #[test]
    fn a_large_file_reads_chunk_by_chunk_as_one() {
        let mut src = String::new();
        for i in 0..30_000 {
            src.push_str(&format!("p({i},{}).\n", i + 1));
        }
        let late = src.len();
        src.push_str(":~ p(1,2). [1@1]\nq :- #count { X : p(X,_) } > 3.\n&diff { a } <= 2.\nr ` .\n");
        let (stmts, diags) = parse(FileId(0), &src, Dialect::Clingo5);
        let count = |s: &Statement| match s {
            Statement::Facts(f) => f.facts.len(),
            _ => 1,
        };
        assert_eq!(
            stmts.iter().map(count).sum::<usize>(),
            30_003,
            "every fact, the weak constraint, the aggregate rule and `r.` (the bad character left out)"
        );
        assert!(stmts.len() < 10, "the facts read in bulk: {} statements", stmts.len());
        let msgs: Vec<_> =
            diags.iter().map(|d| (d.span.unwrap().lo as usize >= late, d.message.clone())).collect();
        assert_eq!(msgs.len(), 2, "{msgs:?}");
        assert!(msgs.iter().all(|(after, _)| *after), "{msgs:?}");
        assert!(msgs.iter().any(|(_, m)| m.contains("theory atom &diff")), "{msgs:?}");
        assert!(msgs.iter().any(|(_, m)| m.contains("unexpected `")), "{msgs:?}");
        let ev = crate::syntax::dialect::classify(FileId(0), &src);
        assert_eq!(
            ev.dialect.map(|d| (d.0, d.1.lo as usize)),
            Some((Dialect::Clingo5, late)),
            "the ':~' of the last chunk"
        );
    }

    /// Sixteen facts or more in a row over integers and strings are read in
    /// bulk, in their place among the statements; fewer, or a fact with
    /// any other term, stay rules.
    #[test]
    fn runs_of_facts_are_read_in_bulk_in_their_place() {
        let run: String = (0..16).map(|i| format!("e({i},-{i},\"s\\\"\"). ")).collect();
        let src = format!("a :- b. {run}f(x). {}c :- a.", "g(1). ".repeat(15));
        let stmts = ok(&src);
        assert_eq!(stmts.len(), 1 + 1 + 1 + 15 + 1);
        assert!(matches!(&stmts[0], Statement::Rule(_)));
        let Statement::Facts(f) = &stmts[1] else { panic!("{:?}", stmts[1]) };
        assert_eq!(f.facts.len(), 16);
        let (span, name, args) = f.get(3);
        assert_eq!((name, &src[span.lo as usize..span.hi as usize]), ("e", "e(3,-3,\"s\\\"\")."));
        assert_eq!(args, &[FactArg::Int(3), FactArg::Int(-3), FactArg::Str("s\"".into())][..]);
        assert!(stmts[2..].iter().all(|s| matches!(s, Statement::Rule(_))));
        // as rules: the fact `e(3,-3,"s\\\"")`
        let Statement::Rule(Rule { head: Head::Atom(t), body, .. }) = &f.rules()[3] else { panic!() };
        let TermKind::Func { name, args } = &t.kind else { panic!("{t:?}") };
        let kinds: Vec<&TermKind> = args.iter().map(|a| &a.kind).collect();
        assert_eq!((name.as_str(), body.len()), ("e", 0));
        assert_eq!(kinds, [&TermKind::Int(3), &TermKind::Int(-3), &TermKind::Str("s\"".into())]);
    }

    fn ok(src: &str) -> Vec<Statement> {
        let (s, d) = parse(FileId(0), src, Dialect::Clingo5);
        assert!(d.is_empty(), "unexpected diagnostics for {:?}: {:?}", src, d);
        s
    }

    #[test]
    fn parses_the_core_language() {
        let src = r#"
            p(1..3). q(X) :- p(X), not r(X), not not s.  -p(1).
            :- p(X), X > 2.
            1 { a(X) : p(X) ; b } 2 :- c.
            {a;b} = 1.
            t :- 2 #count{ X,Y : p(X), q(Y); 1 : r } 3.
            u(N) :- N = #sum{ X : p(X) }.
            v :- #min{ X : p(X) } >= 2, { a; not b } 1.
            w :- p(X) : q(X), r(X); s.
            #const n = 3.  #show.  #show p/1.  #show -p/1.  #show (X,Y) : p(X), q(Y).
            f(|-X| ** 2 \ 3 & 1 ? 2 ^ ~4, "s\"x", (1,), (), #inf, #sup, f(1;2)).
        "#;
        let s = ok(src);
        assert_eq!(s.len(), 16);
    }

    #[test]
    fn conditions_extend_to_the_next_semicolon() {
        let s = ok("w :- a : b, c; d.");
        match &s[0] {
            Statement::Rule(r) => {
                assert_eq!(r.body.len(), 2);
                match &r.body[0] {
                    BodyLit::Conditional { cond, .. } => assert_eq!(cond.len(), 2),
                    b => panic!("not a conditional literal: {:?}", b),
                }
            }
            s => panic!("{:?}", s),
        }
    }

    #[test]
    fn show_signature_and_term() {
        let s = ok("#show p/2. #show -q/1. #show p.");
        assert!(matches!(&s[0], Statement::ShowSig { name, arity: 2, negative: false, .. } if name == "p"));
        assert!(matches!(&s[1], Statement::ShowSig { negative: true, arity: 1, .. }));
        assert!(matches!(&s[2], Statement::ShowTerm { .. }));
    }

    #[test]
    fn syntax_errors_are_gringo_style_and_recover() {
        let mut m = crate::syntax::span::SourceMap::new();
        let src = "p(1).\nq(X) :- p(X) foo.\nr(.\ns.\n";
        let f = m.add("e.lp", src);
        let (s, d) = parse(f, src, Dialect::Clingo5);
        assert_eq!(d.len(), 2, "{:?}", d);
        assert!(d[0].render(&m).starts_with("e.lp:2:14-17: error: syntax error, unexpected <IDENTIFIER>"));
        assert!(d[1].render(&m).starts_with("e.lp:3:3-4: error: syntax error, unexpected ."));
        assert_eq!(s.len(), 2, "p(1). and s. survive");
    }

    #[test]
    fn lexer_errors_are_reported() {
        let (_, d) = parse(FileId(0), "p ` q.", Dialect::Clingo5);
        assert!(d.iter().any(|d| d.message.contains("lexer error")));
    }
}

#[cfg(test)]
mod soup {
    //! Random token soup never makes the parser panic.
    use super::*;
    use proptest::prelude::*;

    const PIECES: &[&str] = &[
        "p",
        "q(X)",
        "X",
        "_",
        "1",
        "\"s\"",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ";",
        ";;",
        ".",
        "..",
        ":",
        ":-",
        ":~",
        ":=",
        "=",
        "==",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "+",
        "-",
        "*",
        "**",
        "/",
        "\\",
        "|",
        "&",
        "?",
        "^",
        "~",
        "@",
        "not",
        "#count",
        "#sum",
        "#sum+",
        "#min",
        "#max",
        "#avg",
        "#even",
        "#odd",
        "#show",
        "#hide",
        "#const",
        "#inf",
        "#sup",
        "#domain",
        "#compute",
        "#minimize",
        "#abs",
        "#program",
        "%c\n",
        "%* b *%",
        "$",
        "\u{e9}",
        "#true",
        "#false",
        "#base",
        "#cumulative t",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]
        #[test]
        fn token_soup_never_panics(idx in proptest::collection::vec(0..PIECES.len(), 0..40)) {
            let text: String = idx.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
            for d in [Dialect::Clingo5, Dialect::Gringo3] {
                let _ = parse(FileId(0), &text, d);
            }
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
            for d in [Dialect::Clingo5, Dialect::Gringo3] {
                let _ = parse(FileId(0), &text, d);
            }
        }
    }
}

/// The value of a `-c NAME=VALUE` definition, read by the grammar as the
/// right-hand side of `#const`; `None` if it is not a term.
pub fn const_value(file: FileId, text: &str) -> Option<Term> {
    let wrapped = format!("#const x = {}.", text);
    let (s, d) = parse(file, &wrapped, Dialect::Clingo5);
    if !d.is_empty() {
        return None;
    }
    match s.into_iter().next() {
        Some(Statement::Const { value, .. }) => Some(value),
        _ => None,
    }
}
