//! Safety: every variable of a rule must be bound by a positive body
//! literal, an equation or interval with a bound right-hand side, or an
//! assignment aggregate; element-local variables by their element's
//! condition.  An unsafe rule is an error in gringo's format, naming each
//! unsafe variable with its location; as gringo, the variables local to a
//! body aggregate's element or to a conditional literal get an error of
//! their own, placed at that aggregate or literal.

use super::instantiate::global_vars;
use super::plan::plan;
use super::rule::{Lit, Rule};
use super::symbol::Symbols;
use super::term::{GTerm, Var};
use crate::diagnostics::Diagnostic;
use crate::syntax::span::Span;

/// Adds an error diagnostic if `r` is unsafe: one for the variables of
/// the rule (and of its head's elements), at the rule, and, as clingo
/// places them, one for each body aggregate element or conditional
/// literal whose own variables are unsafe, at that aggregate or literal.
pub fn check(r: &Rule, _syms: &Symbols, diags: &mut Vec<Diagnostic>) {
    let global = global_vars(r);
    let none = vec![false; r.num_vars];
    let (_, bound) = plan(&r.body, &none, &global, None, &|_| 0);
    let mut unsafe_vars: Vec<Var> = Vec::new();
    let need = |vs: Vec<Var>, bound: &[bool], out: &mut Vec<Var>| {
        for v in vs {
            if !bound[v.0 as usize] && !out.contains(&v) {
                out.push(v);
            }
        }
    };
    let mut gv = Vec::new();
    for (i, g) in global.iter().enumerate() {
        if *g {
            gv.push(Var(i as u32));
        }
    }
    need(gv, &bound, &mut unsafe_vars);
    // Element conditions.
    let elem = |cond: &[Lit], terms: Vec<&GTerm>, extra: Option<&Lit>, out: &mut Vec<Var>| {
        let (_, b2) = plan(cond, &bound, &bound, None, &|_| 0);
        let mut vs = Vec::new();
        terms.iter().for_each(|t| t.vars(&mut vs));
        if let Some(l) = extra {
            l.vars(&mut vs);
        }
        cond.iter().for_each(|c| c.vars(&mut vs));
        need(vs, &b2, out);
    };
    let mut local: Vec<(Span, Vec<Var>)> = Vec::new();
    for l in &r.body {
        match l {
            Lit::Agg(a) => {
                for e in &a.elems {
                    let mut vs = Vec::new();
                    elem(&e.cond, e.tuple.iter().collect(), None, &mut vs);
                    local.push((a.span, vs));
                }
            }
            Lit::Cond { span, lit, cond } => {
                let mut vs = Vec::new();
                elem(cond, vec![], Some(lit), &mut vs);
                local.push((*span, vs));
            }
            _ => {}
        }
    }
    for e in r.head.elems() {
        elem(&e.cond, e.atoms().flat_map(|a| &a.args).collect(), None, &mut unsafe_vars);
    }
    for (span, vs) in local {
        report(r, span, vs, diags);
    }
    report(r, r.span, unsafe_vars, diags);
}

/// The error for the unsafe variables `vs` of `r` (none: no error), at `span`.
fn report(r: &Rule, span: Span, mut unsafe_vars: Vec<Var>, diags: &mut Vec<Diagnostic>) {
    if unsafe_vars.is_empty() {
        return;
    }
    unsafe_vars.sort_by_key(|v| (r.var_spans[v.0 as usize].lo, v.0));
    let unsafe_written = unsafe_vars.iter().any(|v| !r.var_names[v.0 as usize].starts_with('#'));
    let mut d = Diagnostic::error(span, "unsafe variables in:").quoting_source();
    for v in unsafe_vars {
        let name = &r.var_names[v.0 as usize];
        // Variables made by the normaliser (for intervals) are unsafe only
        // because a written variable is: name only the written ones.
        if name.starts_with('#') && unsafe_written {
            continue;
        }
        let shown = if name.starts_with('#') { "an interval".to_string() } else { format!("'{}'", name) };
        d = d.with_note(r.var_spans[v.0 as usize], format!("{} is unsafe", shown));
    }
    // the rules one written rule becomes may repeat its error (see
    // `negated_heads`): reported once
    if diags.last() != Some(&d) {
        diags.push(d);
    }
}
