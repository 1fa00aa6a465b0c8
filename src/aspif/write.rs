//! A ground program and its output table as aspif version 1, the way
//! gringo 5 writes it: `asp 1 0 0`, one `1 ...` line per rule (head type
//! 0 disjunction / 1 choice; body type 0 normal / 1 weight), one `2 ...`
//! minimize statement per priority (lowest first), one `4 ...`
//! line per printed term (`4 LEN TEXT 0` always printed, `4 LEN TEXT 1 LIT`
//! printed when the atom is true), and `0`.
//!
//! Invariant: atom `i` of the [`GroundProgram`] is aspif atom `i + 1`;
//! rules and output lines keep the program's and the table's order, so the
//! text is a function of its input.

use crate::program::{Atom, Body, Edge, External, GroundProgram, Head, Heuristic, Lit};
use std::fmt::Write;

/// aspif literal of a program literal.
pub fn lit(l: Lit) -> i64 {
    let a = l.atom().0 as i64 + 1;
    if l.is_positive() {
        a
    } else {
        -a
    }
}

/// aspif atom of a program atom.
pub fn atom(a: Atom) -> u64 {
    a.0 as u64 + 1
}

/// One aspif statement of a program, borrowed from it.
pub enum Statement<'a> {
    /// `1 ...`: a rule.
    Rule {
        /// The head is a choice (else a disjunction).
        choice: bool,
        /// The head's atoms.
        head: &'a [Atom],
        /// The body.
        body: &'a Body,
    },
    /// `3 ...`: the `#project` atoms.
    Project(&'a [Atom]),
    /// `5 atom value`.
    External(Atom, External),
    /// `7 ...`.
    Heuristic(&'a Heuristic),
    /// `8 ...`.
    Edge(&'a Edge),
    /// `2 priority ...`: one per priority, the lowest first.
    Minimize(i64, Vec<(Lit, i64)>),
    /// `4 ...`: a printed term and the atom that must hold (`None`: always).
    Output(&'a str, Option<Atom>),
}

/// The statements of `program` and its output table in the order gringo
/// writes them (see the module's invariant).
pub fn statements<'a>(
    program: &'a GroundProgram,
    output: &'a [(String, Option<Atom>)],
) -> impl Iterator<Item = Statement<'a>> + 'a {
    let rules = program.rules.iter().map(|r| match &r.head {
        Head::Disjunction(h) => Statement::Rule { choice: false, head: h, body: &r.body },
        Head::Choice(h) => Statement::Rule { choice: true, head: h, body: &r.body },
    });
    // one minimize statement per priority, lowest first (as gringo)
    let mut levels = program.objective();
    levels.reverse();
    rules
        .chain(program.project.as_deref().map(Statement::Project))
        .chain(program.externals.iter().map(|&(a, v)| Statement::External(a, v)))
        .chain(program.heuristics.iter().map(Statement::Heuristic))
        .chain(program.edges.iter().map(Statement::Edge))
        .chain(levels.into_iter().map(|(p, lits)| Statement::Minimize(p, lits)))
        .chain(output.iter().map(|(text, cond)| Statement::Output(text, *cond)))
}

/// The aspif code of an external's value.
pub fn external_code(v: External) -> u32 {
    match v {
        External::Free => 0,
        External::True => 1,
        External::False => 2,
        External::Release => 3,
    }
}

fn push_lits(s: &mut String, lits: &[Lit]) {
    write!(s, " {}", lits.len()).unwrap();
    for &l in lits {
        write!(s, " {}", lit(l)).unwrap();
    }
}

/// The whole program as aspif text.  `output`: printed text and the atom
/// that must be true (`None`: always printed).
pub fn aspif(program: &GroundProgram, output: &[(String, Option<Atom>)]) -> String {
    let mut s = String::from("asp 1 0 0\n");
    for st in statements(program, output) {
        match st {
            Statement::Rule { choice, head, body } => {
                write!(s, "1 {} {}", choice as u8, head.len()).unwrap();
                for &a in head {
                    write!(s, " {}", atom(a)).unwrap();
                }
                match body {
                    Body::Normal(ls) => {
                        s.push_str(" 0");
                        push_lits(&mut s, ls);
                    }
                    Body::Weight { bound, lits } => {
                        write!(s, " 1 {} {}", bound, lits.len()).unwrap();
                        for (l, w) in lits {
                            write!(s, " {} {}", lit(*l), w).unwrap();
                        }
                    }
                }
            }
            Statement::Project(atoms) => {
                write!(s, "3 {}", atoms.len()).unwrap();
                for &a in atoms {
                    write!(s, " {}", atom(a)).unwrap();
                }
            }
            Statement::External(a, v) => write!(s, "5 {} {}", atom(a), external_code(v)).unwrap(),
            Statement::Heuristic(h) => {
                write!(s, "7 {} {} {} {}", h.modifier.code(), atom(h.atom), h.value, h.priority).unwrap();
                push_lits(&mut s, &h.condition);
            }
            Statement::Edge(e) => {
                write!(s, "8 {} {}", e.from, e.to).unwrap();
                push_lits(&mut s, &e.condition);
            }
            Statement::Minimize(priority, lits) => {
                write!(s, "2 {} {}", priority, lits.len()).unwrap();
                for (l, w) in lits {
                    write!(s, " {} {}", lit(l), w).unwrap();
                }
            }
            Statement::Output(text, None) => write!(s, "4 {} {} 0", text.len(), text).unwrap(),
            Statement::Output(text, Some(a)) => write!(s, "4 {} {} 1 {}", text.len(), text, atom(a)).unwrap(),
        }
        s.push('\n');
    }
    s.push_str("0\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Rule;

    #[test]
    fn writes_gringo_shape_and_reads_back() {
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        p.add(Rule { head: Head::Choice(smallvec::smallvec![a]), body: Body::Normal(thin_vec::thin_vec![]) });
        p.add(Rule::normal(b, vec![a.neg()]));
        p.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![]),
            body: Body::Weight { bound: 2, lits: thin_vec::thin_vec![(a.pos(), 1), (b.pos(), 2)] },
        });
        let out = vec![("a".to_string(), Some(Atom(0))), ("x(\"s t\")".to_string(), None)];
        let t = aspif(&p, &out);
        assert_eq!(
            t,
            "asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 0 1 -1\n1 0 0 1 2 2 1 1 2 2\n4 1 a 1 1\n4 8 x(\"s t\") 0\n0\n"
        );
        let g = crate::aspif::read::read(t.as_bytes()).unwrap();
        assert_eq!(g.program.rules, p.rules);
        assert_eq!(g.output[1], ("x(\"s t\")".to_string(), vec![]));
    }
}
