//! Why an atom is, or is not, in an answer set (`--why ATOM`).
//!
//! A true atom is explained by a derivation: the rule instance that
//! supports it, located at its source rule, and below it the derivations
//! of the named atoms its positive body needs — each atom explained once,
//! in the order the reduct's least model derives them, so positive loops
//! never explain themselves.  A false atom is explained by every rule
//! instance with it in the head and the body literal that fails there, or
//! by there being none.
//!
//! Invariant: every rule printed under a true atom supports it in the
//! answer set (its body holds, no other head atom of a disjunction is
//! true), and its positive named body atoms were derived before it.

use super::reduct::{body_holds, derivation_order};
use super::{instance, rule_line};
use crate::ground::Grounding;
use crate::program::{Atom, Body, Head, Lit, Rule};
use crate::syntax::span::SourceMap;
use std::collections::HashMap;

/// The explanation lines for each of `atoms` (as clingo prints them) in
/// the answer set `model` (the truth of every atom of `g`'s program); the
/// derivation order is computed once, when a true atom needs it.
pub fn why(g: &Grounding, sources: &SourceMap, model: &[bool], atoms: &[String]) -> Vec<String> {
    let mut order = None;
    atoms.iter().flat_map(|a| why_one(g, sources, model, a, &mut order)).collect()
}

fn why_one(
    g: &Grounding,
    sources: &SourceMap,
    model: &[bool],
    atom: &str,
    order: &mut Option<Vec<Option<(u32, usize)>>>,
) -> Vec<String> {
    let Some(a) = g.atom_syms.iter().find(|(_, s)| g.syms.display(**s) == atom).map(|(a, _)| a) else {
        if g.output.iter().any(|(s, _)| g.syms.display(*s) == atom) {
            return vec![format!("{} is a term shown by #show, not an atom of the program", atom)];
        }
        return vec![format!("{} is false: it occurs in no rule that can derive it", atom)];
    };
    if model[a.index()] {
        let order = order.get_or_insert_with(|| derivation_order(g, model));
        let mut out = vec![format!("{} is true:", atom)];
        let mut done = vec![false; model.len()];
        explain_true(g, sources, model, order, a, 1, &mut done, &mut out);
        out
    } else {
        // printed all the same by a `#show t : body.` whose body holds
        let printed = g
            .output
            .iter()
            .any(|(s, c)| g.syms.display(*s) == atom && c.is_none_or(|c| c != a && model[c.index()]));
        let note = if printed { " (it is printed by a #show statement, as a term)" } else { "" };
        let rules: Vec<usize> = g
            .program
            .rules
            .iter()
            .enumerate()
            .filter(|(_, r)| matches!(&r.head, Head::Disjunction(h) | Head::Choice(h) if h.contains(&a)))
            .map(|(i, _)| i)
            .collect();
        if rules.is_empty() {
            return vec![format!("{} is false: no rule can derive it{}", atom, note)];
        }
        let mut out = vec![format!("{} is false: no rule derives it{}", atom, note)];
        for i in rules {
            out.push(rule_line(i, g, sources).trim_end().to_string());
            out.push(format!("      {}  ({})", instance(i, g), why_not(g, &g.program.rules[i], a, model)));
        }
        out
    }
}

/// Why rule `r` does not derive the false atom `a`.
fn why_not(g: &Grounding, r: &Rule, a: Atom, model: &[bool]) -> String {
    let name = |a: Atom| g.atom_name(a);
    if body_holds(&r.body, model) {
        return match &r.head {
            Head::Choice(_) => "its body holds, but the choice leaves it out".to_string(),
            Head::Disjunction(h) => {
                let others: Vec<String> =
                    h.iter().filter(|&&b| b != a && model[b.index()]).filter_map(|b| name(*b)).collect();
                format!("its body holds, and {} is true instead", others.join(", "))
            }
        };
    }
    if let Body::Normal(ls) = &r.body {
        if let Some(l) = ls.iter().find(|l| model[l.atom().index()] != l.is_positive()) {
            if let Some(n) = name(l.atom()) {
                return if l.is_positive() { format!("{} is false", n) } else { format!("{} is true", n) };
            }
        }
    }
    "its body does not hold".to_string()
}

/// The named atoms a derivation of rule `i` needs: its positive body
/// atoms that are true, through auxiliary atoms to the named ones their
/// own derivations need.
fn needs(
    g: &Grounding,
    order: &[Option<(u32, usize)>],
    model: &[bool],
    i: usize,
    out: &mut Vec<Atom>,
    seen: &mut HashMap<Atom, ()>,
) {
    let lits: Vec<Lit> = match &g.program.rules[i].body {
        Body::Normal(ls) => ls.to_vec(),
        Body::Weight { lits, .. } => lits.iter().map(|(l, _)| *l).collect(),
    };
    for l in lits {
        let a = l.atom();
        if !l.is_positive() || !model[a.index()] || seen.insert(a, ()).is_some() {
            continue;
        }
        if g.atom_syms.contains_key(&a) {
            out.push(a);
        } else if let Some((_, j)) = order[a.index()] {
            needs(g, order, model, j, out, seen);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn explain_true(
    g: &Grounding,
    sources: &SourceMap,
    model: &[bool],
    order: &[Option<(u32, usize)>],
    a: Atom,
    depth: usize,
    done: &mut [bool],
    out: &mut Vec<String>,
) {
    let pad = "  ".repeat(depth);
    let name = g.atom_name(a).unwrap_or_default();
    if done[a.index()] {
        out.push(format!("{}{}: see above", pad, name));
        return;
    }
    done[a.index()] = true;
    let Some((_, i)) = order[a.index()] else {
        out.push(format!("{}{}: true, but no rule derives it (an external input)", pad, name));
        return;
    };
    // a rule whose body the grounder found true from facts alone is a fact
    // of the ground program; its source rule may still have a body
    let written_fact = g
        .origins
        .get(i)
        .is_some_and(|s| (s.file.0 as usize) < sources.files().count() && !sources.text(*s).contains(":-"));
    // (a disjunction derives the one of its atoms the others leave true)
    let disjunctive = matches!(&g.program.rules[i].head, Head::Disjunction(h) if h.len() > 1);
    let how = match (&g.program.rules[i].head, &g.program.rules[i].body) {
        (Head::Choice(_), _) => "chosen by",
        _ if disjunctive => "derived by",
        (_, Body::Normal(ls)) if ls.is_empty() && written_fact => "is a fact:",
        (_, Body::Normal(ls)) if ls.is_empty() => "follows from facts by",
        _ => "derived by",
    };
    let loc = rule_line(i, g, sources);
    out.push(format!("{}{} {} {}", pad, name, how, loc.trim()));
    if disjunctive || !matches!(&g.program.rules[i].body, Body::Normal(ls) if ls.is_empty()) {
        out.push(format!("{}  {}", pad, instance(i, g)));
    }
    let mut next = Vec::new();
    needs(g, order, model, i, &mut next, &mut HashMap::new());
    next.sort_by_key(|b| order[b.index()].map(|(r, _)| r));
    for b in next {
        explain_true(g, sources, model, order, b, depth + 1, done, out);
    }
}
