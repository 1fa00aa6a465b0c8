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

use crate::program::{Body, GroundProgram, Head, Lit};
use std::fmt::Write;

/// aspif literal of a program literal.
fn lit(l: Lit) -> i64 {
    let a = l.atom().0 as i64 + 1;
    if l.is_positive() {
        a
    } else {
        -a
    }
}

/// The whole program as aspif text.  `output`: printed text and the atom
/// that must be true (`None`: always printed).
pub fn aspif(program: &GroundProgram, output: &[(String, Option<crate::program::Atom>)]) -> String {
    let mut s = String::from("asp 1 0 0\n");
    for r in &program.rules {
        let (ht, atoms) = match &r.head {
            Head::Disjunction(h) => (0, h),
            Head::Choice(h) => (1, h),
        };
        write!(s, "1 {} {}", ht, atoms.len()).unwrap();
        for a in atoms {
            write!(s, " {}", a.0 as u64 + 1).unwrap();
        }
        match &r.body {
            Body::Normal(ls) => {
                write!(s, " 0 {}", ls.len()).unwrap();
                for l in ls {
                    write!(s, " {}", lit(*l)).unwrap();
                }
            }
            Body::Weight { bound, lits } => {
                write!(s, " 1 {} {}", bound, lits.len()).unwrap();
                for (l, w) in lits {
                    write!(s, " {} {}", lit(*l), w).unwrap();
                }
            }
        }
        s.push('\n');
    }
    if let Some(atoms) = &program.project {
        write!(s, "3 {}", atoms.len()).unwrap();
        for a in atoms {
            write!(s, " {}", a.0 as u64 + 1).unwrap();
        }
        s.push('\n');
    }
    for (a, v) in &program.externals {
        let code = match v {
            crate::program::External::Free => 0,
            crate::program::External::True => 1,
            crate::program::External::False => 2,
            crate::program::External::Release => 3,
        };
        writeln!(s, "5 {} {}", a.0 as u64 + 1, code).unwrap();
    }
    for h in &program.heuristics {
        write!(
            s,
            "7 {} {} {} {} {}",
            h.modifier.code(),
            h.atom.0 as u64 + 1,
            h.value,
            h.priority,
            h.condition.len()
        )
        .unwrap();
        for l in &h.condition {
            write!(s, " {}", lit(*l)).unwrap();
        }
        s.push('\n');
    }
    for e in &program.edges {
        write!(s, "8 {} {} {}", e.from, e.to, e.condition.len()).unwrap();
        for l in &e.condition {
            write!(s, " {}", lit(*l)).unwrap();
        }
        s.push('\n');
    }
    // one minimize statement per priority, lowest first (as gringo)
    let mut levels = program.objective();
    levels.reverse();
    for (priority, lits) in levels {
        write!(s, "2 {} {}", priority, lits.len()).unwrap();
        for (l, w) in lits {
            write!(s, " {} {}", lit(l), w).unwrap();
        }
        s.push('\n');
    }
    for (text, cond) in output {
        match cond {
            None => writeln!(s, "4 {} {} 0", text.len(), text).unwrap(),
            Some(a) => writeln!(s, "4 {} {} 1 {}", text.len(), text, a.0 as u64 + 1).unwrap(),
        }
    }
    s.push_str("0\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Atom, Rule};

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
