//! Explanations for people, in terms of the source rules, located as
//! gringo locates its messages: checking candidate answers against a
//! program (`--verify`, [`verify`]), why an atom is or is not in an answer
//! set (`--why`, [`why`]), and which constraints make a program
//! unsatisfiable (`--explain`, [`core`]).
//!
//! Invariant: explanations only read the grounding (with
//! [`crate::ground::Options::record_origins`], which maps each ground rule
//! to its source rule) and the solver's verdicts; they never change either.

pub mod candidates;
pub mod core;
mod reduct;
pub mod verify;
pub mod why;

use crate::ground::Grounding;
use crate::program::{Atom, Body, Head, Lit};
use crate::syntax::span::SourceMap;
use verify::{Reason, Verdict};

/// The lines `--verify` prints for candidate `n` (from 1): `Candidate n:
/// stable` or `Candidate n: not stable` and, indented, the reasons.
pub fn render_verdict(n: usize, v: &Verdict, g: &Grounding, sources: &SourceMap) -> String {
    let mut out = format!("Candidate {}: {}\n", n, if v.stable { "stable" } else { "not stable" });
    let full = verify::full_candidate(g);
    for r in &v.reasons {
        match r {
            Reason::Unknown(a) if full => {
                out.push_str(&format!("  {} is in the candidate, but no rule can derive it\n", a))
            }
            Reason::Unknown(a) => {
                out.push_str(&format!("  {} is in the candidate, but no answer set shows it\n", a))
            }
            Reason::AlwaysShown(a) => {
                out.push_str(&format!("  {} is missing from the candidate, but every answer set has it\n", a))
            }
            Reason::Unsupported { atom, rules } => {
                if rules.is_empty() {
                    out.push_str(&format!("  {} is in the candidate, but no rule can derive it\n", atom));
                } else {
                    out.push_str(&format!("  {} is in the candidate, but no rule supports it:\n", atom));
                }
                for (i, why) in rules {
                    out.push_str(&rule_line(*i, g, sources));
                    out.push_str(&format!("      {}  ({})\n", instance(*i, g), why));
                }
            }
            Reason::Missing { atom, rule } => {
                out.push_str(&format!(
                    "  {} is missing from the candidate, but this rule derives it:\n",
                    atom
                ));
                out.push_str(&rule_line(*rule, g, sources));
                out.push_str(&format!("      {}  (its body holds)\n", instance(*rule, g)));
            }
            Reason::EmptyDisjunction { rule } => {
                out.push_str(
                    "  a disjunctive rule's body holds, but none of its head atoms is in the candidate:\n",
                );
                out.push_str(&rule_line(*rule, g, sources));
                out.push_str(&format!("      {}\n", instance(*rule, g)));
            }
            Reason::Violated { rule } => {
                out.push_str("  a constraint is violated (or a bound broken):\n");
                out.push_str(&rule_line(*rule, g, sources));
                out.push_str(&format!("      {}\n", instance(*rule, g)));
            }
            Reason::Unfounded { atoms, rules } => {
                out.push_str(&format!(
                    "  {} only support{} each other (an unfounded set: nothing outside derives them):\n",
                    atoms.join(", "),
                    if atoms.len() == 1 { "s" } else { "" }
                ));
                for i in rules {
                    out.push_str(&rule_line(*i, g, sources));
                    out.push_str(&format!("      {}\n", instance(*i, g)));
                }
            }
            Reason::Cycle(nodes) => {
                out.push_str(&format!(
                    "  the edges of #edge directives whose conditions hold form a cycle: {}\n",
                    nodes.join(" -> ")
                ));
            }
            Reason::Incompatible(labels) if labels.is_empty() => {
                out.push_str("  the program has no answer set at all\n");
            }
            Reason::Incompatible(labels) => {
                let shown: Vec<&str> =
                    labels.iter().filter(|l| !l.starts_with('-')).map(|s| s.as_str()).collect();
                let absent: Vec<&str> = labels.iter().filter_map(|l| l.strip_prefix('-')).collect();
                let line = match (shown.is_empty(), absent.is_empty()) {
                    (false, true) => format!("no answer set shows {}", shown.join(", ")),
                    (true, false) => format!("no answer set leaves out all of {}", absent.join(", ")),
                    _ => format!(
                        "no answer set shows {} while leaving out {}",
                        shown.join(", "),
                        absent.join(", ")
                    ),
                };
                out.push_str(&format!("  {}\n", line));
            }
        }
    }
    out
}

/// `    FILE:LINE:COL-COL: the rule as written` for ground rule `i` (its
/// source rule), or a note that its origin is unknown.
pub(crate) fn rule_line(i: usize, g: &Grounding, sources: &SourceMap) -> String {
    match g.origins.get(i) {
        Some(&span) if (span.file.0 as usize) < sources.files().count() => {
            format!("    {}: {}\n", sources.location(span), one_line(sources.text(span)))
        }
        _ => "    (a rule of the ground program)\n".to_string(),
    }
}

/// The source text on one line, whitespace runs collapsed.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A literal as a student reads it: a named atom by its name; an
/// auxiliary atom that one rule defines by what that rule says (`2 <=
/// #sum{1:s(1);1:s(2)}`, `(a, not b)`; a definition by one literal is that
/// literal, so `not` over it cancels out); `None` when that is not simple.
fn lit_text(l: Lit, g: &Grounding, depth: u32) -> Option<String> {
    let neg = |t: String| if l.is_positive() { t } else { format!("not {}", t) };
    if let Some(s) = g.atom_syms.get(&l.atom()) {
        return Some(neg(g.syms.display(*s)));
    }
    if depth == 0 {
        return None;
    }
    let a = l.atom();
    let mut defs =
        g.program.rules.iter().filter(|r| matches!(&r.head, Head::Disjunction(h) if h.as_slice() == [a]));
    let def = defs.next()?;
    if defs.next().is_some() {
        return None;
    }
    match &def.body {
        Body::Normal(ls) if ls.len() == 1 => {
            let inner = if l.is_positive() { ls[0] } else { ls[0].negate() };
            lit_text(inner, g, depth - 1)
        }
        Body::Normal(ls) => {
            let parts: Option<Vec<String>> = ls.iter().map(|x| lit_text(*x, g, depth - 1)).collect();
            Some(neg(format!("({})", parts?.join(", "))))
        }
        Body::Weight { bound, lits } => {
            let elems: Option<Vec<String>> = lits
                .iter()
                .map(|(x, w)| lit_text(*x, g, depth - 1).map(|n| format!("{}:{}", w, n)))
                .collect();
            Some(neg(format!("{} <= #sum{{{}}}", bound, elems?.join(";"))))
        }
    }
}

/// Ground rule `i` with its named atoms (auxiliary atoms of conditions and
/// aggregates shown by their definitions when simple, else summarised).
pub fn instance(i: usize, g: &Grounding) -> String {
    let r = &g.program.rules[i];
    let name = |a: Atom| g.atom_name(a);
    let lit = |l: &Lit| lit_text(*l, g, 4);
    let (head, choice) = match &r.head {
        Head::Disjunction(h) => (h, false),
        Head::Choice(h) => (h, true),
    };
    let heads: Vec<String> = head.iter().filter_map(|a| name(*a)).collect();
    let head = if choice { format!("{{{}}}", heads.join(";")) } else { heads.join(";") };
    let (mut body, hidden) = match &r.body {
        Body::Normal(ls) => {
            let named: Vec<String> = ls.iter().filter_map(lit).collect();
            let hidden = named.len() < ls.len();
            (named, hidden)
        }
        Body::Weight { bound, lits } => {
            let elems: Vec<String> =
                lits.iter().map(|(l, w)| format!("{}:{}", w, lit(l).unwrap_or_else(|| "…".into()))).collect();
            (vec![format!("{} <= #sum{{{}}}", bound, elems.join(";"))], false)
        }
    };
    if hidden {
        body.push("(a condition or aggregate)".to_string());
    }
    match (head.is_empty(), body.is_empty()) {
        // a constraint whose body the grounder found true: gringo's `#false.`
        (true, true) if !choice => "#false.".to_string(),
        (_, true) => format!("{}.", head),
        (true, false) => format!(":- {}.", body.join(", ")),
        (false, false) => format!("{} :- {}.", head, body.join(", ")),
    }
}
