//! The ground program as readable rules (`--text`), one per line, for
//! teaching and debugging: atoms by their printed names, auxiliary atoms as
//! `#aux(N)`.
//!
//! Invariant: the text is a function of the grounding alone (stable order:
//! the program's rule order).

use crate::ground::Grounding;
use crate::program::{Atom, Body, Head, Lit};
use std::collections::HashMap;

pub fn ground_text(g: &Grounding) -> String {
    let names: HashMap<Atom, String> = g
        .atom_syms
        .iter()
        .map(|(a, s)| (*a, g.syms.display(*s)))
        .collect();
    let name = |a: Atom| {
        names
            .get(&a)
            .cloned()
            .unwrap_or_else(|| format!("#aux({})", a.0))
    };
    let lit = |l: Lit| {
        if l.is_positive() {
            name(l.atom())
        } else {
            format!("not {}", name(l.atom()))
        }
    };
    let mut out = String::new();
    for r in &g.program.rules {
        let head = match &r.head {
            Head::Disjunction(h) => h.iter().map(|a| name(*a)).collect::<Vec<_>>().join("|"),
            Head::Choice(h) => format!(
                "{{{}}}",
                h.iter().map(|a| name(*a)).collect::<Vec<_>>().join(";")
            ),
        };
        let body = match &r.body {
            Body::Normal(ls) => ls.iter().map(|l| lit(*l)).collect::<Vec<_>>().join(","),
            Body::Weight { bound, lits } => format!(
                "{}#sum{{{}}}",
                bound,
                lits.iter()
                    .enumerate()
                    .map(|(i, (l, w))| format!("{},{}:{}", w, i, lit(*l)))
                    .collect::<Vec<_>>()
                    .join(";")
            ),
        };
        if body.is_empty() {
            out.push_str(&format!("{}.\n", head));
        } else {
            out.push_str(&format!("{}:-{}.\n", head, body));
        }
    }
    out
}
