//! Why a program has no answer set (`--explain`): an irreducible set of
//! its integrity constraints — the statements written as constraints
//! (`:- body.`, `#false :- body.`, `not a :- body.`) — that cannot all
//! hold together, and within them an irreducible set of ground instances.
//! The bounds of choices and head aggregates are part of the rules, not
//! constraints: they are always kept.
//!
//! Both are found by deletion: a statement (then an instance) is left out
//! for good when the program without it is still unsatisfiable.  Each test
//! solves the program with only the kept constraints.
//!
//! Invariant: with only the constraints of the core (only its instances)
//! the program has no answer set, and leaving out any one of them gives it
//! one; an empty core means the program has no answer set even without
//! any constraint.

use crate::ground::Grounding;
use crate::models::Models;
use crate::program::{GroundProgram, Head};
use crate::solver::{Outcome, Tuning};
use crate::syntax::span::Span;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Above this many ground instances in the core's statements, the
/// instances are listed as they are, not reduced.
const MAX_INSTANCES: usize = 200;

/// An unsatisfiable core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    /// The statements (their source spans, in source order), each with the
    /// ground rules (indices into the program) of the core.
    pub statements: Vec<(Span, Vec<usize>)>,
    /// The instances were reduced to an irreducible set.
    pub instances_reduced: bool,
}

/// The core of the unsatisfiable program of `g` (recorded with origins);
/// `None` when the program has answer sets or the search was stopped.
pub fn unsat_core(
    g: &Grounding,
    sources: &crate::syntax::span::SourceMap,
    interrupt: Option<Arc<AtomicBool>>,
) -> Option<Core> {
    let written_as_constraint = |i: usize| {
        g.origins.get(i).is_some_and(|s| {
            (s.file.0 as usize) < sources.files().count() && {
                let t = sources.text(*s).trim_start();
                t.starts_with(":-") || t.starts_with("#false") || t.starts_with("not ")
            }
        })
    };
    let constraints: Vec<usize> = g
        .program
        .rules
        .iter()
        .enumerate()
        .filter(|(i, r)| matches!(&r.head, Head::Disjunction(h) if h.is_empty()) && written_as_constraint(*i))
        .map(|(i, _)| i)
        .collect();
    let mut by_statement: Vec<(Span, Vec<usize>)> = Vec::new();
    for &i in &constraints {
        let span = g.origins.get(i).copied().unwrap_or_default();
        match by_statement.iter_mut().find(|(s, _)| *s == span) {
            Some((_, v)) => v.push(i),
            None => by_statement.push((span, vec![i])),
        }
    }
    let others: Vec<bool> = {
        let mut keep = vec![true; g.program.rules.len()];
        constraints.iter().for_each(|&i| keep[i] = false);
        keep
    };
    let test = |kept: &[usize]| -> Option<bool> {
        let mut p = GroundProgram { rules: Vec::new(), ..g.program.clone() };
        p.rules =
            g.program.rules.iter().enumerate().filter(|(i, _)| others[*i]).map(|(_, r)| r.clone()).collect();
        p.rules.extend(kept.iter().map(|&i| g.program.rules[i].clone()));
        p.minimize.clear();
        let mut m = Models::new(&p, Tuning::default()).ok()?;
        if let Some(f) = &interrupt {
            m.set_interrupt(f.clone());
        }
        match m.next() {
            Outcome::Model(_) => Some(true),
            Outcome::Exhausted => Some(false),
            Outcome::Interrupted => None,
        }
    };
    let all: Vec<usize> = by_statement.iter().flat_map(|(_, v)| v.clone()).collect();
    if test(&all)? {
        return None;
    }
    // statements
    let mut i = 0;
    while i < by_statement.len() {
        let rest: Vec<usize> = by_statement
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .flat_map(|(_, (_, v))| v.clone())
            .collect();
        if !test(&rest)? {
            by_statement.remove(i);
        } else {
            i += 1;
        }
    }
    // instances within them
    let total: usize = by_statement.iter().map(|(_, v)| v.len()).sum();
    let reduce = total <= MAX_INSTANCES;
    if reduce {
        let mut kept: Vec<usize> = by_statement.iter().flat_map(|(_, v)| v.clone()).collect();
        let mut k = 0;
        while k < kept.len() {
            let removed = kept.remove(k);
            if test(&kept)? {
                kept.insert(k, removed);
                k += 1;
            }
        }
        for (_, v) in &mut by_statement {
            v.retain(|i| kept.contains(i));
        }
    }
    by_statement.sort_by_key(|(s, _)| (s.file, s.lo));
    Some(Core { statements: by_statement, instances_reduced: reduce })
}

/// The lines `--explain` prints for a core.
pub fn render(core: &Core, g: &Grounding, sources: &crate::syntax::span::SourceMap) -> String {
    let edges = !g.program.edges.is_empty();
    if core.statements.is_empty() {
        let mut out = String::from(
            "The program has no answer set even without its integrity constraints: the rules alone \
             (facts, choices and their bounds, negation) leave no stable model",
        );
        out.push_str(if edges { " whose #edge directives form no cycle.\n" } else { ".\n" });
        return out;
    }
    let mut out = String::from(if edges {
        "These constraints cannot all hold, given that the edges of #edge directives form no cycle (with \
         only them the program has no answer set; without any one of them it has one):\n"
    } else {
        "These constraints cannot all hold (with only them the program has no answer set; without any one \
         of them it has one):\n"
    });
    for (span, rules) in &core.statements {
        let located = (span.file.0 as usize) < sources.files().count();
        if located {
            let text: String = sources.text(*span).split_whitespace().collect::<Vec<_>>().join(" ");
            out.push_str(&format!("{}: {}\n", sources.location(*span), text));
        } else {
            out.push_str("(a constraint of the ground program)\n");
        }
        for &i in rules {
            out.push_str(&format!("  {}\n", super::instance(i, g)));
        }
    }
    if !core.instances_reduced {
        out.push_str("(the ground instances are all those of these constraints, not reduced)\n");
    }
    out
}
