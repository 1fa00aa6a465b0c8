//! A ground program and its output table in the smodels (lparse) format,
//! as `gringo --output=smodels` writes it: atom 1 is false (a constraint
//! is a rule for it, and `B-` lists it), aspif atom `i` is smodels atom
//! `i + 1`; rule types 1 (basic), 2 (cardinality), 3 (choice), 5 (weight),
//! 6 (minimize, one per priority, the lowest first), 8 (disjunctive);
//! `91 atom value` for an external (clasp's extension: 0 false, 1 true,
//! 2 free); a `#heuristic` directive is an atom named
//! `_heuristic(ATOM,MODIFIER,VALUE,PRIORITY)` that holds when its
//! condition does, an `#edge` one named `_edge(U,V)` (clasp reads both);
//! the symbol table names each printed term's atom (a fresh one where the
//! term has no atom of its own, or its atom is named already).
//!
//! Invariant: the text has the program's answer sets, read by clasp or by
//! [`super::smodels::read`]: weights are made positive (a negative weight
//! on `l` is the weight on `not l`, the bound raised by it), and a weight
//! body in a choice, a disjunction or a constraint gets an atom of its own.
//! A `#project` directive has no smodels form: an error, as gringo's.

use super::write::{statements, Statement};
use crate::program::{Atom, Body, External, GroundProgram, Lit};
use std::fmt::Write;

/// The smodels atom of a program atom (1 is the false atom).
fn atom(a: Atom) -> u64 {
    a.0 as u64 + 2
}

/// `n neg negs.. poss..` of a normal body.
fn normal_body(lits: &[Lit]) -> String {
    let neg: Vec<u64> = lits.iter().filter(|l| !l.is_positive()).map(|l| atom(l.atom())).collect();
    let pos: Vec<u64> = lits.iter().filter(|l| l.is_positive()).map(|l| atom(l.atom())).collect();
    let mut s = format!("{} {}", lits.len(), neg.len());
    for a in neg.iter().chain(&pos) {
        write!(s, " {a}").unwrap();
    }
    s
}

/// A weight body with positive weights only: the bound and the literals,
/// negative ones first, as smodels lists them.
fn positive_weights(bound: i64, lits: &[(Lit, i64)]) -> (i64, Vec<(Lit, i64)>) {
    let mut bound = bound;
    let mut out: Vec<(Lit, i64)> = Vec::with_capacity(lits.len());
    for &(l, w) in lits {
        match w {
            0 => {}
            w if w < 0 => {
                bound -= w;
                out.push((l.negate(), -w));
            }
            w => out.push((l, w)),
        }
    }
    out.sort_by_key(|(l, _)| l.is_positive());
    (bound.max(0), out)
}

/// `bound n neg negs.. poss.. weights..` (type 5) of a weight body made positive.
fn weight_body(bound: i64, lits: &[(Lit, i64)]) -> String {
    let neg = lits.iter().filter(|(l, _)| !l.is_positive()).count();
    let mut s = format!("{bound} {} {neg}", lits.len());
    for (l, _) in lits {
        write!(s, " {}", atom(l.atom())).unwrap();
    }
    for (_, w) in lits {
        write!(s, " {w}").unwrap();
    }
    s
}

/// The program as smodels text; `name`: an atom's name, for `#heuristic`
/// directives (one without a name is left out). `Err` with gringo's
/// message for what the format cannot say.
pub fn smodels(
    program: &GroundProgram,
    output: &[(String, Option<Atom>)],
    name: &dyn Fn(Atom) -> Option<String>,
) -> Result<String, String> {
    let mut rules = String::new();
    let mut next = program.num_atoms as u64 + 2;
    let mut fresh = || {
        next += 1;
        next - 1
    };
    let mut names: Vec<(u64, String)> = Vec::new();
    let mut named = std::collections::HashSet::new();
    let mut externals = String::new();
    for st in statements(program, output) {
        match st {
            Statement::Rule { choice, head, body } => {
                let heads: Vec<u64> = head.iter().map(|&a| atom(a)).collect();
                if choice && heads.is_empty() {
                    continue;
                }
                let body_text = match body {
                    Body::Normal(ls) => normal_body(ls),
                    Body::Weight { bound, lits } => {
                        let (bound, lits) = positive_weights(*bound, lits);
                        let cardinality = lits.iter().all(|&(_, w)| w == 1);
                        if !choice && heads.len() == 1 && cardinality {
                            let neg = lits.iter().filter(|(l, _)| !l.is_positive()).count();
                            let mut s = format!("2 {} {} {neg} {bound}", heads[0], lits.len());
                            for (l, _) in &lits {
                                write!(s, " {}", atom(l.atom())).unwrap();
                            }
                            writeln!(rules, "{s}").unwrap();
                            continue;
                        }
                        if !choice && heads.len() == 1 {
                            writeln!(rules, "5 {} {}", heads[0], weight_body(bound, &lits)).unwrap();
                            continue;
                        }
                        // the body gets an atom of its own
                        let aux = fresh();
                        writeln!(rules, "5 {aux} {}", weight_body(bound, &lits)).unwrap();
                        format!("1 0 {aux}")
                    }
                };
                match (choice, heads.len()) {
                    (true, n) => writeln!(rules, "3 {n} {} {body_text}", join(&heads)).unwrap(),
                    (false, 0) => writeln!(rules, "1 1 {body_text}").unwrap(),
                    (false, 1) => writeln!(rules, "1 {} {body_text}", heads[0]).unwrap(),
                    (false, n) => writeln!(rules, "8 {n} {} {body_text}", join(&heads)).unwrap(),
                }
            }
            Statement::Project(_) => return Err("projection directive not supported".into()),
            Statement::External(a, v) => {
                let code = match v {
                    External::False => 0,
                    External::True => 1,
                    External::Free => 2,
                    // released: false for good
                    External::Release => {
                        writeln!(rules, "1 1 1 0 {}", atom(a)).unwrap();
                        continue;
                    }
                };
                writeln!(externals, "91 {} {code}", atom(a)).unwrap();
            }
            Statement::Heuristic(h) => {
                let Some(name) = name(h.atom) else { continue };
                let m = h.modifier.name();
                let x = fresh();
                writeln!(rules, "1 {x} {}", normal_body(&h.condition)).unwrap();
                names.push((x, format!("_heuristic({name},{m},{},{})", h.value, h.priority)));
            }
            Statement::Edge(e) => {
                let x = fresh();
                writeln!(rules, "1 {x} {}", normal_body(&e.condition)).unwrap();
                names.push((x, format!("_edge({},{})", e.from, e.to)));
            }
            Statement::Minimize(_, lits) => {
                // a negative weight's constant shift does not change the ranking
                let (_, lits) = positive_weights(0, &lits);
                let neg = lits.iter().filter(|(l, _)| !l.is_positive()).count();
                let mut s = format!("6 0 {} {neg}", lits.len());
                for (l, _) in &lits {
                    write!(s, " {}", atom(l.atom())).unwrap();
                }
                for (_, w) in &lits {
                    write!(s, " {w}").unwrap();
                }
                writeln!(rules, "{s}").unwrap();
            }
            Statement::Output(text, cond) => {
                let x = match cond {
                    Some(a) if named.insert(atom(a)) => atom(a),
                    Some(a) => {
                        let x = fresh();
                        writeln!(rules, "1 {x} 1 0 {}", atom(a)).unwrap();
                        x
                    }
                    None => {
                        let x = fresh();
                        writeln!(rules, "1 {x} 0 0").unwrap();
                        x
                    }
                };
                names.push((x, text.to_string()));
            }
        }
    }
    names.sort_by_key(|(a, _)| *a);
    let mut s = rules;
    s.push_str(&externals);
    s.push_str("0\n");
    for (a, n) in names {
        writeln!(s, "{a} {n}").unwrap();
    }
    s.push_str("0\nB+\n0\nB-\n1\n0\n1\n");
    Ok(s)
}

fn join(atoms: &[u64]) -> String {
    atoms.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Head, Rule};

    #[test]
    fn negative_weights_become_positive() {
        // c :- 1 <= #sum{2:a; -1:b}: 2 <= 2:a + 1:not b
        let (bound, lits) = positive_weights(1, &[(Atom(0).pos(), 2), (Atom(1).pos(), -1)]);
        assert_eq!(bound, 2);
        assert_eq!(lits, vec![(Atom(1).neg(), 1), (Atom(0).pos(), 2)]);
    }

    #[test]
    fn writes_gringos_shape_and_refuses_projection() {
        // {a}. b :- not a. :- a, b.  #show a/0.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule { head: Head::Choice(smallvec::smallvec![a]), body: Body::Normal(thin_vec::thin_vec![]) });
        p.add(Rule::normal(b, vec![a.neg()]));
        p.add(Rule::constraint(vec![a.pos(), b.pos()]));
        let text = smodels(&p, &[("a".into(), Some(a))], &|_| None).unwrap();
        assert_eq!(text, "3 1 2 0 0\n1 3 1 1 2\n1 1 2 0 2 3\n0\n2 a\n0\nB+\n0\nB-\n1\n0\n1\n");
        let mut q = p.clone();
        q.project = Some(vec![a]);
        assert_eq!(smodels(&q, &[], &|_| None), Err("projection directive not supported".to_string()));
    }
}
