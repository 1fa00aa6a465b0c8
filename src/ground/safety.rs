//! Safety: every variable of a rule must be bound by a positive body
//! literal, an equation or interval with a bound right-hand side, or an
//! assignment aggregate; element-local variables by their element's
//! condition.  An unsafe rule is an error in gringo's format, naming each
//! unsafe variable with its location.

use super::instantiate::global_vars;
use super::plan::plan;
use super::rule::{Lit, Rule};
use super::symbol::Symbols;
use super::term::{GTerm, Var};
use crate::diagnostics::Diagnostic;

/// Adds an error diagnostic if `r` is unsafe.
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
    for l in &r.body {
        match l {
            Lit::Agg(a) => {
                for e in &a.elems {
                    elem(&e.cond, e.tuple.iter().collect(), None, &mut unsafe_vars);
                }
            }
            Lit::Cond { lit, cond } => elem(cond, vec![], Some(lit), &mut unsafe_vars),
            _ => {}
        }
    }
    {
        for e in r.head.elems() {
            elem(&e.cond, e.atom.args.iter().collect(), None, &mut unsafe_vars);
        }
    }
    if unsafe_vars.is_empty() {
        return;
    }
    unsafe_vars.sort_by_key(|v| (r.var_spans[v.0 as usize].lo, v.0));
    let unsafe_written = unsafe_vars.iter().any(|v| !r.var_names[v.0 as usize].starts_with('#'));
    let mut d = Diagnostic::error(r.span, "unsafe variables in:").quoting_source();
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
    diags.push(d);
}
