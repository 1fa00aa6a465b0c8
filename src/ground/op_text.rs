//! How clingo shows a written operation whose value is undefined in some
//! rule instance (`info: operation undefined:`), and where it places it.
//!
//! gringo simplifies an operation over one variable occurrence, integers,
//! `+`, `-` and multiplication by integers into a linear term `m*X+n`,
//! shown as clingo 5.8 shows it — `(X+1)`, `(2*X)`, `(X+-1)`, `(-1*X+1)`,
//! `(X+0)` for `m = 1, n = 0` — and placed at the variable; any other
//! operation is shown as written, over its operands shown the same way
//! (`(X*Y)`, `(X/2)`, `|X|`, `(~X)`), and placed at the whole operation.
//!
//! Invariant: [`describe`] only reads the written term; nothing here
//! decides whether an operation is undefined.

use crate::syntax::ast::{BinOp, Term, TermKind, UnOp};
use crate::syntax::span::Span;

/// A written term read as gringo's linear simplification reads it.
enum Lin<'a> {
    /// An integer (possibly computed, as `2+3`).
    Const(i64),
    /// `m*X+n` over the one occurrence of variable `X` (at `span`).
    Var { name: &'a str, span: Span, m: i64, n: i64 },
    /// Anything else.
    Other,
}

fn linear(t: &Term) -> Lin<'_> {
    match &t.kind {
        TermKind::Int(i) => Lin::Const(*i),
        TermKind::Var(name) => Lin::Var { name, span: t.span, m: 1, n: 0 },
        TermKind::Unary(UnOp::Neg, a) => match linear(a) {
            Lin::Const(i) => i.checked_neg().map_or(Lin::Other, Lin::Const),
            Lin::Var { name, span, m, n } => Lin::Var { name, span, m: -m, n: -n },
            Lin::Other => Lin::Other,
        },
        TermKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let sign = if *op == BinOp::Sub { -1 } else { 1 };
            match (op, linear(a), linear(b)) {
                (BinOp::Mul, Lin::Const(x), Lin::Const(y)) => x.checked_mul(y).map_or(Lin::Other, Lin::Const),
                (BinOp::Mul, Lin::Const(k), Lin::Var { name, span, m, n })
                | (BinOp::Mul, Lin::Var { name, span, m, n }, Lin::Const(k)) => {
                    match (m.checked_mul(k), n.checked_mul(k)) {
                        (Some(m), Some(n)) => Lin::Var { name, span, m, n },
                        _ => Lin::Other,
                    }
                }
                (BinOp::Mul, ..) => Lin::Other,
                (_, Lin::Const(x), Lin::Const(y)) => x.checked_add(sign * y).map_or(Lin::Other, Lin::Const),
                (_, Lin::Var { name, span, m, n }, Lin::Const(k)) => {
                    n.checked_add(sign * k).map_or(Lin::Other, |n| Lin::Var { name, span, m, n })
                }
                (_, Lin::Const(k), Lin::Var { name, span, m, n }) => {
                    k.checked_add(sign * n).map_or(Lin::Other, |n| Lin::Var { name, span, m: sign * m, n })
                }
                _ => Lin::Other,
            }
        }
        _ => Lin::Other,
    }
}

/// `-X`, `-(-X)`, ...: a negated variable, which gringo keeps as written
/// (it may negate a function term) unless it is an operand of a binary
/// operation, where it is linear.
fn negated_variable(t: &Term) -> bool {
    match &t.kind {
        TermKind::Unary(UnOp::Neg, a) => matches!(a.kind, TermKind::Var(_)) || negated_variable(a),
        _ => false,
    }
}

fn show_negation(t: &Term) -> String {
    match &t.kind {
        TermKind::Unary(UnOp::Neg, a) => format!("(-{})", show_negation(a)),
        _ => show(t),
    }
}

/// An operand `-X` of a binary operation that is not linear (`-X*Y`),
/// which gringo shows as the linear term it is there: where it is placed
/// and how it is shown.
pub fn negated_operand(t: &Term) -> Option<(Span, String)> {
    if !negated_variable(t) {
        return None;
    }
    match linear(t) {
        Lin::Var { name, span, m, n } => Some((span, show_linear(name, m, n))),
        _ => None,
    }
}

fn show_linear(name: &str, m: i64, n: i64) -> String {
    match (m, n) {
        (1, 0) => format!("({name}+0)"),
        (1, n) => format!("({name}+{n})"),
        (m, 0) => format!("({m}*{name})"),
        (m, n) => format!("({m}*{name}+{n})"),
    }
}

/// The most nodes of a written operation that are described: describing
/// reads the whole operation, and every operation inside a long one is
/// described too, so a longer one (20,000 summands) goes without.
const DESCRIBED_NODES: usize = 64;

/// Does `t` have at most `*budget` nodes (counting them off)?
fn within(t: &Term, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    match &t.kind {
        TermKind::Func { args, .. } => args.iter().all(|a| within(a, budget)),
        TermKind::Pool(alts) => alts.iter().all(|a| within(a, budget)),
        TermKind::Unary(_, a) => within(a, budget),
        TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => within(a, budget) && within(b, budget),
        _ => true,
    }
}

/// Where the operation `t` (a unary or binary operation of a non-ground
/// term) is placed and how it is shown, and whether it is part of a
/// linear term (whose inner operations are then the same operation);
/// `None` for an operation of more than [`DESCRIBED_NODES`] nodes.
pub fn describe(t: &Term) -> Option<(Span, String, bool)> {
    let mut budget = DESCRIBED_NODES;
    if !within(t, &mut budget) {
        return None;
    }
    Some(match linear(t) {
        // `-X` (or `-(-X)`) on its own is shown as written, at the whole term
        _ if negated_variable(t) => (t.span, show_negation(t), false),
        Lin::Var { name, span, m, n } => (span, show_linear(name, m, n), true),
        _ => (t.span, show(t), false),
    })
}

/// How clingo shows the interval `lo..hi` it finds undefined (`None`
/// for bounds of more than [`DESCRIBED_NODES`] nodes).
pub fn interval(lo: &Term, hi: &Term) -> Option<String> {
    let mut budget = DESCRIBED_NODES;
    (within(lo, &mut budget) && within(hi, &mut budget)).then(|| format!("{}..{}", show(lo), show(hi)))
}

/// A written term as clingo shows it inside an operation.
fn show(t: &Term) -> String {
    if let Lin::Var { name, m, n, .. } = linear(t) {
        if !matches!(t.kind, TermKind::Var(_)) {
            return show_linear(name, m, n);
        }
    }
    match &t.kind {
        TermKind::Var(n) => n.clone(),
        TermKind::Anon => "_".into(),
        TermKind::Int(i) => i.to_string(),
        TermKind::Str(s) => format!("{s:?}"),
        TermKind::Inf => "#inf".into(),
        TermKind::Sup => "#sup".into(),
        TermKind::Func { name, args } => {
            let args: Vec<String> = args.iter().map(show).collect();
            if args.is_empty() && !name.is_empty() {
                name.clone()
            } else if name.is_empty() && args.len() == 1 {
                format!("({},)", args[0])
            } else {
                format!("{}({})", name, args.join(","))
            }
        }
        TermKind::Pool(alts) => alts.iter().map(show).collect::<Vec<_>>().join(";"),
        TermKind::Unary(UnOp::Neg, a) => format!("(-{})", show(a)),
        TermKind::Unary(UnOp::Abs, a) => format!("|{}|", show(a)),
        TermKind::Unary(UnOp::BitNot, a) => format!("(~{})", show(a)),
        TermKind::Binary(op, a, b) => format!("({}{}{})", show(a), op.as_str(), show(b)),
        TermKind::Interval(lo, hi) => format!("{}..{}", show(lo), show(hi)),
    }
}

#[cfg(test)]
mod tests {
    use super::describe;
    use crate::syntax::parse::{parse, Dialect};
    use crate::syntax::span::SourceMap;

    /// The shown form of the first argument of the head `q(T)` (read by the parser).
    fn shown(term: &str) -> String {
        let mut m = SourceMap::new();
        let text = format!("q({term}).");
        let f = m.add("t.lp", &text);
        let (stmts, diags) = parse(f, &text, Dialect::Clingo5);
        assert!(diags.is_empty(), "{term}");
        let crate::syntax::ast::Statement::Rule(r) = &stmts[0] else { panic!() };
        let crate::syntax::ast::Head::Atom(a) = &r.head else { panic!() };
        let crate::syntax::ast::TermKind::Func { args, .. } = &a.kind else { panic!() };
        describe(&args[0]).unwrap().1
    }

    #[test]
    fn operations_are_shown_as_clingo_5_8_shows_them() {
        // each checked against clingo 5.8.3's info for `Z = T` with X, Y bound to `a`
        for (t, want) in [
            ("X+1", "(X+1)"),
            ("1+X", "(X+1)"),
            ("X-1", "(X+-1)"),
            ("1-X", "(-1*X+1)"),
            ("2*X+1", "(2*X+1)"),
            ("X*2", "(2*X)"),
            ("X+0", "(X+0)"),
            ("X*1", "(X+0)"),
            ("X+1+2", "(X+3)"),
            ("3*(X+1)", "(3*X+3)"),
            ("-(X+1)", "(-1*X+-1)"),
            ("-X", "(-X)"),
            ("-X+1", "(-1*X+1)"),
            ("2*(-X)", "(-2*X)"),
            ("1-(-X)", "(X+1)"),
            ("2*(X*3)", "(6*X)"),
            ("X*X", "(X*X)"),
            ("X/2", "(X/2)"),
            ("X+Y", "(X+Y)"),
            ("X-Y", "(X-Y)"),
            ("X**2", "(X**2)"),
            ("|X|", "|X|"),
            ("~X", "(~X)"),
            ("X&1", "(X&1)"),
        ] {
            assert_eq!(shown(t), want, "{t}");
        }
    }
}
