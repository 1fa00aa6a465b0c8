//! clingo's info `global variable in tuple of aggregate element`: a
//! variable of a body aggregate's element tuple that also occurs outside
//! every aggregate element and condition of the rule (in the head, a plain
//! body literal or a bound) is the same in every element instance, so the
//! tuples it tells apart are fewer than the writer may think
//! (`q(X) :- p(X), #count { X : r(X) } > 0.` counts at most 1).
//!
//! Invariant: one info per body aggregate and variable name, at the
//! variable's first occurrence in that aggregate's tuples, in the order
//! of the names (`X` before `Y`, whatever the order written) — as clingo
//! 5.4 and 5.8 report them.

use super::normalize::{lit_vars, term_vars as vars};
use crate::diagnostics::{Diagnostic, InfoClass};
use crate::syntax::ast::{self, AggElem, BodyLit, Head, Term, TermKind};

/// The infos for rule `r` (clingo 5 dialect).
pub fn infos(r: &ast::Rule, diags: &mut Vec<Diagnostic>) {
    let aggregates: Vec<&ast::Aggregate> = r
        .body
        .iter()
        .filter_map(|l| match l {
            BodyLit::Aggregate { agg, .. } => Some(agg),
            _ => None,
        })
        .collect();
    if !aggregates.iter().any(|a| a.elems.iter().any(|e| matches!(e, AggElem::Tuple { .. }))) {
        return;
    }
    let mut global = Vec::new();
    match &r.head {
        Head::Atom(t) => vars(t, &mut global),
        Head::Disjunction(elems) => {
            elems.iter().filter(|e| e.cond.is_empty()).for_each(|e| vars(&e.atom, &mut global))
        }
        Head::Choice(c) => c.left.iter().chain(&c.right).for_each(|b| vars(&b.term, &mut global)),
        Head::Aggregate(a) => a.left.iter().chain(&a.right).for_each(|b| vars(&b.term, &mut global)),
        Head::False => {}
    }
    for l in &r.body {
        match l {
            BodyLit::Lit(l) => lit_vars(l, &mut global),
            BodyLit::Conditional { .. } => {}
            BodyLit::Aggregate { agg, .. } => {
                agg.left.iter().chain(&agg.right).for_each(|b| vars(&b.term, &mut global))
            }
        }
    }
    for agg in aggregates {
        let mut seen: Vec<&Term> = Vec::new();
        for e in &agg.elems {
            if let AggElem::Tuple { terms, .. } = e {
                terms.iter().for_each(|t| var_terms(t, &mut seen));
            }
        }
        // by name, as clingo reports them (a set of variables)
        seen.sort_by(|a, b| var_name(a).cmp(var_name(b)));
        let mut reported: Vec<&str> = Vec::new();
        for t in seen {
            let TermKind::Var(name) = &t.kind else { continue };
            if global.iter().any(|g| g == name) && !reported.contains(&name.as_str()) {
                reported.push(name);
                diags.push(
                    Diagnostic::info(t.span, "global variable in tuple of aggregate element:")
                        .with_detail(name.clone())
                        .with_class(InfoClass::GlobalVariable),
                );
            }
        }
    }
}

/// The name of a variable occurrence.
fn var_name(t: &Term) -> &str {
    match &t.kind {
        TermKind::Var(name) => name,
        _ => "",
    }
}

/// The variable occurrences in `t`, in the order written.
fn var_terms<'t>(t: &'t Term, out: &mut Vec<&'t Term>) {
    match &t.kind {
        TermKind::Var(_) => out.push(t),
        TermKind::Func { args, .. } => args.iter().for_each(|a| var_terms(a, out)),
        TermKind::Pool(alts) => alts.iter().for_each(|a| var_terms(a, out)),
        TermKind::Unary(_, a) => var_terms(a, out),
        TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => {
            var_terms(a, out);
            var_terms(b, out);
        }
        TermKind::Anon | TermKind::Int(_) | TermKind::Str(_) | TermKind::Inf | TermKind::Sup => {}
    }
}
