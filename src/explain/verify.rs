//! Checking a candidate answer (`--verify`): is it an answer set of the
//! program — or, when the program shows only part of its atoms, the shown
//! part of one — and if not, why not, in terms of the source rules.
//!
//! The verdict is exact: the candidate becomes clauses on the answer sets
//! (each shown term in it is shown, every other shown term is not) and the
//! solver, with its unfounded-set check and the minimality check of
//! disjunctive programs, looks for an answer set satisfying them.  The
//! reasons are read off the ground program under the candidate's truth
//! values (auxiliary atoms — conditions, aggregates — evaluated from them):
//! unsupported atoms, atoms a rule derives that are missing, violated
//! constraints and broken bounds, unfounded sets, a cycle of `#edge`
//! directives; with `#show`, a smallest
//! set of candidate facts that no answer set has together.
//!
//! Invariant: `stable` is true exactly when some answer set shows exactly
//! the candidate's atoms; every reason names ground rules that exist.

use super::reduct::{self, body_holds, supports};
use crate::ground::Grounding;
use crate::models::Models;
use crate::program::{Atom, Body, Head, Lit, Rule};
use crate::solver::{Outcome, Tuning};
use std::collections::{HashMap, HashSet};

/// What is wrong with a candidate (one reason; rules are indices into the
/// ground program).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// An atom in no answer set (no rule can derive it; with `#show`: no
    /// answer set shows it).
    Unknown(String),
    /// A shown term missing from the candidate that every answer set shows.
    AlwaysShown(String),
    /// A candidate atom without a rule whose body holds: the rules with it
    /// in the head, each with the first body literal that fails (if named).
    Unsupported {
        /// The atom.
        atom: String,
        /// The rules that could derive it, with what fails in each.
        rules: Vec<(usize, String)>,
    },
    /// An atom not in the candidate that a rule with a true body derives.
    Missing {
        /// The atom.
        atom: String,
        /// The rule.
        rule: usize,
    },
    /// A disjunctive rule whose body holds with no head atom true.
    EmptyDisjunction {
        /// The rule.
        rule: usize,
    },
    /// An integrity constraint (or a choice's or aggregate's bound) whose
    /// body holds.
    Violated {
        /// The rule.
        rule: usize,
    },
    /// Candidate atoms that only support each other.
    Unfounded {
        /// The atoms.
        atoms: Vec<String>,
        /// The rules with them in the head whose bodies hold.
        rules: Vec<usize>,
    },
    /// The edges of `#edge` directives whose conditions hold form a cycle:
    /// its nodes in order (the first again at the end).
    Cycle(Vec<String>),
    /// Shown atoms and absences that no answer set has together (a
    /// smallest such set: each `-a` is "a is not shown").
    Incompatible(Vec<String>),
}

/// The verdict on one candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Some answer set shows exactly the candidate.
    pub stable: bool,
    /// Why not (empty when stable).
    pub reasons: Vec<Reason>,
}

/// One requirement a candidate makes: a shown term is (or is not) shown.
#[derive(Clone, Debug)]
struct Requirement {
    /// The term, `-` in front when it must not be shown.
    label: String,
    /// The clauses that say so.
    clauses: Vec<Vec<Lit>>,
}

/// Checks `candidate` (atoms as clingo prints them) against `g`.
pub fn verify(g: &Grounding, candidate: &[String]) -> Verdict {
    let wanted: HashSet<&str> = candidate.iter().map(|s| s.as_str()).collect();
    // shown term -> the atoms that show it (None: always shown)
    let mut shown: HashMap<String, Vec<Option<Atom>>> = HashMap::new();
    for (s, a) in &g.output {
        shown.entry(g.syms.display(*s)).or_default().push(*a);
    }
    let mut reasons = Vec::new();
    let mut unknown: Vec<&str> = wanted.iter().copied().filter(|a| !shown.contains_key(*a)).collect();
    unknown.sort_unstable();
    reasons.extend(unknown.iter().map(|a| Reason::Unknown(a.to_string())));
    let mut requirements = Vec::new();
    let mut terms: Vec<&String> = shown.keys().collect();
    terms.sort();
    for t in terms {
        let conds = &shown[t];
        if wanted.contains(t.as_str()) {
            if conds.iter().all(|c| c.is_some()) {
                let clause = conds.iter().map(|c| c.expect("conditional").pos()).collect();
                requirements.push(Requirement { label: t.clone(), clauses: vec![clause] });
            }
        } else if conds.iter().any(|c| c.is_none()) {
            reasons.push(Reason::AlwaysShown(t.clone()));
        } else {
            let clauses = conds.iter().map(|c| vec![c.expect("conditional").neg()]).collect();
            requirements.push(Requirement { label: format!("-{}", t), clauses });
        }
    }
    if !reasons.is_empty() {
        return Verdict { stable: false, reasons };
    }
    if satisfiable(g, &requirements) {
        return Verdict { stable: true, reasons };
    }
    // Every named atom shown as itself: the candidate fixes all of them,
    // and the rules say what is wrong; otherwise, which requirements clash.
    if full_candidate(g) {
        reasons = rule_reasons(g, &wanted);
    }
    if reasons.is_empty() {
        reasons.push(Reason::Incompatible(smallest_clash(g, requirements)));
    }
    Verdict { stable: false, reasons }
}

/// Whether some answer set of `g` meets every requirement.
fn satisfiable(g: &Grounding, reqs: &[Requirement]) -> bool {
    let Ok(mut models) = Models::new(&g.program, Tuning::default()) else { return false };
    for r in reqs {
        for c in &r.clauses {
            models.add_clause(c);
        }
    }
    matches!(models.next(), Outcome::Model(_))
}

/// A subset of `reqs` that no answer set meets, from which no requirement
/// can be left out (deletion-based; absences are tried first, so that the
/// clash is told in the candidate's own atoms where it can be).
fn smallest_clash(g: &Grounding, mut reqs: Vec<Requirement>) -> Vec<String> {
    reqs.sort_by_key(|r| !r.label.starts_with('-'));
    let mut i = 0;
    while i < reqs.len() {
        let removed = reqs.remove(i);
        if satisfiable(g, &reqs) {
            reqs.insert(i, removed);
            i += 1;
        }
    }
    reqs.into_iter().map(|r| r.label).collect()
}

/// Every atom with a name is shown, as itself, and nothing else is (no
/// `#show` statements).
pub(crate) fn full_candidate(g: &Grounding) -> bool {
    let named: HashSet<crate::ground::symbol::Sym> = g.atom_syms.values().copied().collect();
    let mut shown = HashSet::new();
    for (s, a) in &g.output {
        match a {
            Some(a) if g.atom_syms.get(a) == Some(s) => {}
            None if named.contains(s) => {}
            _ => return false,
        }
        shown.insert(*s);
    }
    named.iter().all(|s| shown.contains(s))
}

/// The truth of every atom under the candidate: named atoms as the
/// candidate says, auxiliary ones from the rules that define them
/// (a fixpoint from false).
pub(crate) fn valuation(g: &Grounding, wanted: &HashSet<&str>) -> Vec<bool> {
    let n = g.program.num_atoms as usize;
    let mut v = vec![false; n];
    for (a, s) in g.atom_syms.iter() {
        v[a.index()] = wanted.contains(g.syms.display(*s).as_str());
    }
    let aux = |a: Atom| !g.atom_syms.contains_key(&a);
    loop {
        let mut changed = false;
        for r in &g.program.rules {
            if let Head::Disjunction(h) = &r.head {
                if let [a] = h.as_slice() {
                    if aux(*a) && !v[a.index()] && body_holds(&r.body, &v) {
                        v[a.index()] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return v;
        }
    }
}

/// Why rule `r` does not support `a` under `v`: the first named body
/// literal that fails, or the other true head atom of a disjunction.
fn failure(g: &Grounding, r: &Rule, a: Atom, v: &[bool]) -> String {
    let name = |a: Atom| g.atom_name(a);
    if body_holds(&r.body, v) {
        if let Head::Disjunction(h) = &r.head {
            let others: Vec<String> =
                h.iter().filter(|&&b| b != a && v[b.index()]).filter_map(|b| name(*b)).collect();
            return format!(
                "its body holds, but {} is true too: a disjunction supports an atom only when its other head atoms are false",
                others.join(", ")
            );
        }
    }
    if let Body::Normal(ls) = &r.body {
        if let Some(l) = ls.iter().find(|l| v[l.atom().index()] != l.is_positive()) {
            if let Some(n) = name(l.atom()) {
                return if l.is_positive() {
                    format!("{} is false", n)
                } else {
                    format!("not {}: {} is true", n, n)
                };
            }
        }
    }
    "its body does not hold".to_string()
}

/// The reasons a full candidate is no answer set.
fn rule_reasons(g: &Grounding, wanted: &HashSet<&str>) -> Vec<Reason> {
    let v = valuation(g, wanted);
    let name = |a: Atom| g.atom_name(a);
    let rules = &g.program.rules;
    let mut heads: HashMap<Atom, Vec<usize>> = HashMap::new();
    for (i, r) in rules.iter().enumerate() {
        let (Head::Disjunction(h) | Head::Choice(h)) = &r.head;
        for a in h {
            heads.entry(*a).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    if let Some(cycle) = g.program.edge_cycle(&v) {
        let edges = &g.program.edges;
        let mut nodes: Vec<String> = cycle.iter().map(|&e| g.node_name(edges[e].from)).collect();
        nodes.push(g.node_name(edges[cycle[0]].from));
        out.push(Reason::Cycle(nodes));
    }
    // candidate atoms without support
    let mut named: Vec<(String, Atom)> = g.atom_syms.iter().map(|(a, s)| (g.syms.display(*s), a)).collect();
    named.sort();
    for (text, a) in &named {
        if !v[a.index()] {
            continue;
        }
        let rs = heads.get(a).cloned().unwrap_or_default();
        let supported = rs.iter().any(|&i| supports(&rules[i], *a, &v));
        if !supported {
            let rules = rs.iter().map(|&i| (i, failure(g, &rules[i], *a, &v))).collect();
            out.push(Reason::Unsupported { atom: text.clone(), rules });
        }
    }
    for (i, r) in rules.iter().enumerate() {
        if !body_holds(&r.body, &v) {
            continue;
        }
        match &r.head {
            Head::Disjunction(h) if h.is_empty() => out.push(Reason::Violated { rule: i }),
            Head::Disjunction(h) if h.iter().all(|a| !v[a.index()]) => match h.as_slice() {
                // (an auxiliary atom the fixpoint left false is no reason)
                [a] => {
                    if let Some(atom) = name(*a) {
                        out.push(Reason::Missing { atom, rule: i })
                    }
                }
                _ => out.push(Reason::EmptyDisjunction { rule: i }),
            },
            _ => {}
        }
    }
    if out.is_empty() {
        out.extend(unfounded(g, &v, &heads));
    }
    out
}

/// The true named atoms the reduct does not derive (see
/// [`reduct::derivation_order`]), with the rules supporting them.
fn unfounded(g: &Grounding, v: &[bool], heads: &HashMap<Atom, Vec<usize>>) -> Option<Reason> {
    let rules = &g.program.rules;
    let order = reduct::derivation_order(g, v);
    let mut atoms = Vec::new();
    let mut rs = Vec::new();
    let mut named: Vec<(String, Atom)> = g
        .atom_syms
        .iter()
        .filter(|(a, _)| v[a.index()] && order[a.index()].is_none())
        .map(|(a, s)| (g.syms.display(*s), a))
        .collect();
    named.sort();
    for (text, a) in named {
        atoms.push(text);
        for &i in heads.get(&a).into_iter().flatten() {
            if supports(&rules[i], a, v) && !rs.contains(&i) {
                rs.push(i);
            }
        }
    }
    (!atoms.is_empty()).then_some(Reason::Unfounded { atoms, rules: rs })
}
