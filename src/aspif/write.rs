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
use std::io;

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

fn write_lits(w: &mut impl io::Write, lits: &[Lit]) -> io::Result<()> {
    write!(w, " {}", lits.len())?;
    for &l in lits {
        write!(w, " {}", lit(l))?;
    }
    Ok(())
}

/// The whole program as aspif text.  `output`: printed text and the atom
/// that must be true (`None`: always printed).
pub fn aspif(program: &GroundProgram, output: &[(String, Option<Atom>)]) -> String {
    let mut buf = Vec::new();
    write_aspif(program, output, &mut buf).expect("writing to memory");
    String::from_utf8(buf).expect("aspif is text")
}

/// Writes the program as aspif text to `w` as it goes (a program of
/// millions of rules is never held as text in memory).
pub fn write_aspif(
    program: &GroundProgram,
    output: &[(String, Option<Atom>)],
    w: &mut impl io::Write,
) -> io::Result<()> {
    w.write_all(b"asp 1 0 0\n")?;
    for st in statements(program, output) {
        match st {
            Statement::Rule { choice, head, body } => {
                write!(w, "1 {} {}", choice as u8, head.len())?;
                for &a in head {
                    write!(w, " {}", atom(a))?;
                }
                match body {
                    Body::Normal(ls) => {
                        w.write_all(b" 0")?;
                        write_lits(w, ls)?;
                    }
                    Body::Weight { bound, lits } => {
                        write!(w, " 1 {} {}", bound, lits.len())?;
                        for (l, wt) in lits {
                            write!(w, " {} {}", lit(*l), wt)?;
                        }
                    }
                }
            }
            Statement::Project(atoms) => {
                write!(w, "3 {}", atoms.len())?;
                for &a in atoms {
                    write!(w, " {}", atom(a))?;
                }
            }
            Statement::External(a, v) => write!(w, "5 {} {}", atom(a), external_code(v))?,
            Statement::Heuristic(h) => {
                write!(w, "7 {} {} {} {}", h.modifier.code(), atom(h.atom), h.value, h.priority)?;
                write_lits(w, &h.condition)?;
            }
            Statement::Edge(e) => {
                write!(w, "8 {} {}", e.from, e.to)?;
                write_lits(w, &e.condition)?;
            }
            Statement::Minimize(priority, lits) => {
                write!(w, "2 {} {}", priority, lits.len())?;
                for (l, wt) in lits {
                    write!(w, " {} {}", lit(l), wt)?;
                }
            }
            Statement::Output(text, None) => write!(w, "4 {} {} 0", text.len(), text)?,
            Statement::Output(text, Some(a)) => write!(w, "4 {} {} 1 {}", text.len(), text, atom(a))?,
        }
        w.write_all(b"\n")?;
    }
    w.write_all(b"0\n")
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
