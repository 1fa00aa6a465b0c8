//! The ground program as readable rules (`--text`), one per line, in
//! gringo's `--text` style: `a:-b,not c.`, `a;b:-c.`, `{p(1);p(2)}.`,
//! `:-x.`, `:-.` for an empty constraint, weight bodies as `2<=#sum{1,0:q(1);2,1:r}` (weight, then the
//! literal's position, which keeps repeated literals apart), minimize
//! literals as weak constraints `:~a.[2@1,0]` (weight@priority, then the
//! position in its statement, for the same reason), `#heuristic a:b.[1@0,level]`,
//! `#edge(u,v):a.`, then one
//! `#show t:a.` / `#show t.` line per printed term that is not just the
//! atom's own name.  Atoms print by their names, auxiliary atoms (from
//! aggregates and conditions) as `#aux(N)`.
//!
//! Facts come first (as gringo prints them), then the other rules.
//!
//! Invariant: the text is a function of the grounding alone (the program's
//! rule order, then the output table's order), so it can be snapshot-tested.

use crate::ground::Grounding;
use crate::program::{Atom, Body, GroundProgram, Head, Lit};
use std::io::{self, Write};

/// A grounding as `--text` prints it: its rules, then the `#show` lines its output table needs.
pub fn ground_text(g: &Grounding) -> String {
    let mut out = Vec::new();
    write_ground_text(g, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("names are text")
}

/// [`ground_text`], written to `out` as it is made (the text of a large
/// program is never whole in memory).
pub fn write_ground_text(g: &Grounding, out: &mut impl Write) -> io::Result<()> {
    // Names are made when printed, not kept for every atom (large programs).
    let names = |a: Atom| g.atom_syms.get(&a).map(|s| g.syms.display(*s));
    let nodes = |n: u32| g.node_name(n);
    write_program_text(&g.program, &names, &nodes, out)?;
    // the terms shown unconditionally that are an atom's own name (facts)
    let unconditional: std::collections::HashSet<_> =
        g.output.iter().filter(|(_, c)| c.is_none()).map(|(s, _)| *s).collect();
    let atom_names: std::collections::HashSet<_> =
        g.atom_syms.values().filter(|s| unconditional.contains(*s)).collect();
    for (sym, cond) in &g.output {
        match cond {
            Some(a) if g.atom_syms.get(a) == Some(sym) => {}
            Some(a) => writeln!(out, "#show {}:{}.", g.syms.display(*sym), name(&names, *a))?,
            None if atom_names.contains(sym) => {}
            None => writeln!(out, "#show {}.", g.syms.display(*sym))?,
        }
    }
    Ok(())
}

fn name(names: &dyn Fn(Atom) -> Option<String>, a: Atom) -> String {
    names(a).unwrap_or_else(|| format!("#aux({})", a.0))
}

/// The rules of a program, atoms named by `names` (others `#aux(N)`),
/// the nodes of its edges by their numbers.
pub fn program_text(p: &GroundProgram, names: &dyn Fn(Atom) -> Option<String>) -> String {
    let mut out = Vec::new();
    write_program_text(p, names, &|n: u32| n.to_string(), &mut out).expect("writing to memory");
    String::from_utf8(out).expect("names are text")
}

/// [`program_text`], written to `out`.
pub fn write_program_text(
    p: &GroundProgram,
    names: &dyn Fn(Atom) -> Option<String>,
    nodes: &dyn Fn(u32) -> String,
    out: &mut impl Write,
) -> io::Result<()> {
    let lit = |l: Lit| {
        if l.is_positive() {
            name(names, l.atom())
        } else {
            format!("not {}", name(names, l.atom()))
        }
    };
    // the facts first, as gringo prints them, then the other rules
    let fact = |r: &&crate::program::Rule| matches!((&r.head, &r.body), (Head::Disjunction(h), Body::Normal(b)) if h.len() == 1 && b.is_empty());
    for r in p.rules.iter().filter(fact).chain(p.rules.iter().filter(|r| !fact(r))) {
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
            writeln!(out, ":-.")?;
        } else if body.is_empty() {
            writeln!(out, "{}.", head)?;
        } else {
            writeln!(out, "{}:-{}.", head, body)?;
        }
    }
    for &a in p.project.iter().flatten() {
        writeln!(out, "#project {}.", name(names, a))?;
    }
    for &(a, v) in &p.externals {
        match v {
            crate::program::External::False => writeln!(out, "#external {}.", name(names, a))?,
            v => writeln!(out, "#external {}.[{}]", name(names, a), v.name())?,
        }
    }
    for h in &p.heuristics {
        let cond = h.condition.iter().map(|l| lit(*l)).collect::<Vec<_>>().join(",");
        let sep = if cond.is_empty() { "" } else { ":" };
        writeln!(
            out,
            "#heuristic {}{}{}.[{}@{},{}]",
            name(names, h.atom),
            sep,
            cond,
            h.value,
            h.priority,
            h.modifier.name()
        )?;
    }
    for e in &p.edges {
        let cond = e.condition.iter().map(|l| lit(*l)).collect::<Vec<_>>().join(",");
        let sep = if cond.is_empty() { "" } else { ":" };
        writeln!(out, "#edge({},{}){}{}.", nodes(e.from), nodes(e.to), sep, cond)?;
    }
    for m in &p.minimize {
        for (i, (l, w)) in m.lits.iter().enumerate() {
            writeln!(out, ":~{}.[{}@{},{}]", lit(*l), w, m.priority, i)?;
        }
    }
    Ok(())
}
