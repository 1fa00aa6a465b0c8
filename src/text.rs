//! The ground program as readable rules (`--text`), one per line, in
//! gringo's `--text` style: `a:-b,not c.`, `a;b:-c.`, `{p(1);p(2)}.`,
//! `:-x.`, `:-.` for an empty constraint, weight bodies as `2<=#sum{1,0:q(1);2,1:r}` (weight, then the
//! literal's position, which keeps repeated literals apart), minimize
//! literals as weak constraints `:~a.[2@1,0]` (weight@priority, then the
//! position in its statement, for the same reason), `#heuristic a:b.[1@0,level]`, then one
//! `#show t:a.` / `#show t.` line per printed term that is not just the
//! atom's own name.  Atoms print by their names, auxiliary atoms (from
//! aggregates and conditions) as `#aux(N)`.
//!
//! Invariant: the text is a function of the grounding alone (the program's
//! rule order, then the output table's order), so it can be snapshot-tested.

use crate::ground::Grounding;
use crate::program::{Atom, Body, GroundProgram, Head, Lit};

/// A grounding as `--text` prints it: its rules, then the `#show` lines its output table needs.
pub fn ground_text(g: &Grounding) -> String {
    // Names are made when printed, not kept for every atom (large programs).
    let names = |a: Atom| g.atom_syms.get(&a).map(|s| g.syms.display(*s));
    let mut out = program_text(&g.program, &names);
    let atom_names: std::collections::HashSet<_> = g.atom_syms.values().collect();
    for (sym, cond) in &g.output {
        match cond {
            Some(a) if g.atom_syms.get(a) == Some(sym) => {}
            Some(a) => out.push_str(&format!("#show {}:{}.\n", g.syms.display(*sym), name(&names, *a))),
            None if atom_names.contains(sym) => {}
            None => out.push_str(&format!("#show {}.\n", g.syms.display(*sym))),
        }
    }
    out
}

fn name(names: &dyn Fn(Atom) -> Option<String>, a: Atom) -> String {
    names(a).unwrap_or_else(|| format!("#aux({})", a.0))
}

/// The rules of a program, atoms named by `names` (others `#aux(N)`).
pub fn program_text(p: &GroundProgram, names: &dyn Fn(Atom) -> Option<String>) -> String {
    let lit = |l: Lit| {
        if l.is_positive() {
            name(names, l.atom())
        } else {
            format!("not {}", name(names, l.atom()))
        }
    };
    let mut out = String::new();
    for r in &p.rules {
        let head = match &r.head {
            Head::Disjunction(h) => h.iter().map(|a| name(names, *a)).collect::<Vec<_>>().join(";"),
            Head::Choice(h) => {
                format!("{{{}}}", h.iter().map(|a| name(names, *a)).collect::<Vec<_>>().join(";"))
            }
        };
        let body = match &r.body {
            Body::Normal(ls) => ls.iter().map(|l| lit(*l)).collect::<Vec<_>>().join(","),
            Body::Weight { bound, lits } => format!(
                "{}<=#sum{{{}}}",
                bound,
                lits.iter()
                    .enumerate()
                    .map(|(i, (l, w))| format!("{},{}:{}", w, i, lit(*l)))
                    .collect::<Vec<_>>()
                    .join(";")
            ),
        };
        if body.is_empty() && head.is_empty() {
            // An empty constraint (the program is unsatisfiable): gringo prints `:-.`.
            out.push_str(":-.\n");
        } else if body.is_empty() {
            out.push_str(&format!("{}.\n", head));
        } else {
            out.push_str(&format!("{}:-{}.\n", head, body));
        }
    }
    for &a in p.project.iter().flatten() {
        out.push_str(&format!("#project {}.\n", name(names, a)));
    }
    for &(a, v) in &p.externals {
        match v {
            crate::program::External::False => out.push_str(&format!("#external {}.\n", name(names, a))),
            v => out.push_str(&format!("#external {}.[{}]\n", name(names, a), v.name())),
        }
    }
    for h in &p.heuristics {
        let cond = h.condition.iter().map(|l| lit(*l)).collect::<Vec<_>>().join(",");
        let sep = if cond.is_empty() { "" } else { ":" };
        out.push_str(&format!(
            "#heuristic {}{}{}.[{}@{},{}]\n",
            name(names, h.atom),
            sep,
            cond,
            h.value,
            h.priority,
            h.modifier.name()
        ));
    }
    for m in &p.minimize {
        for (i, (l, w)) in m.lits.iter().enumerate() {
            out.push_str(&format!(":~{}.[{}@{},{}]\n", lit(*l), w, m.priority, i));
        }
    }
    out
}
