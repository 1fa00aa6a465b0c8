//! DIMACS CNF and weighted (MaxSAT) CNF to a [`GroundInput`], as clasp
//! reads them: `c` comment lines, the problem line `p cnf VARS CLAUSES` or
//! `p wcnf VARS CLAUSES [TOP]`, then clauses of non-zero literals each
//! ended by `0` (in wcnf led by a weight; a weight of `TOP` or more makes
//! a clause hard). A clause may span lines, and a line hold several; the
//! number of clauses declared is not checked (clasp does not), and a
//! clause with a literal and its negation is dropped (as clasp drops it).
//!
//! As a program: variable `i` is atom `i - 1`, every variable is a free
//! choice, a (hard) clause is the constraint that none of its literals
//! holds, and a soft clause of weight `w` costs `w` when none holds (an
//! atom that holds exactly then, minimized at priority 0). The output table
//! prints `i` when variable `i` is true and `-i` when it is false, so an
//! answer set names every variable once ([`crate::sat_output`] writes it
//! as clasp's `v` lines).
//!
//! Invariant: the answer sets are the models of the hard clauses, each
//! once, and their costs the weights of the soft clauses they violate.

use super::{lines, GroundInput, Nums, ReadError};
use crate::program::{Atom, GroundProgram, Head, Lit, Minimize, Rule};

/// A problem line may declare at most this many variables (a hostile one
/// cannot make the reader allocate without end).
const MAX_VARS: u32 = 100_000_000;

fn err<T>(line: usize, msg: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError { line, msg: msg.into() })
}

/// The problem line's kind.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Cnf,
    /// Weighted, with the weight that makes a clause hard (`None`: all soft).
    Wcnf(Option<i64>),
}

/// The first line that is not a comment, if it is a DIMACS problem line:
/// the number of variables. Comments are lines starting with `c` followed
/// by a blank or the line's end.
pub fn problem(text: &[u8]) -> Option<u32> {
    for (_, l) in lines(text) {
        let t = trim_start(l);
        if t.is_empty() || t == b"c" || t.starts_with(b"c ") || t.starts_with(b"c\t") {
            continue;
        }
        let words: Vec<&[u8]> = t.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty()).collect();
        return match words.as_slice() {
            [b"p", b"cnf" | b"wcnf", vars, ..] => std::str::from_utf8(vars).ok()?.parse().ok(),
            _ => None,
        };
    }
    None
}

fn trim_start(l: &[u8]) -> &[u8] {
    let st = l.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(l.len());
    &l[st..]
}

/// Reads a DIMACS CNF or WCNF file (see the module doc).
pub fn read(text: &[u8]) -> Result<GroundInput, ReadError> {
    read_as(text, false)
}

/// [`read`]; with `max_sat` (clasp's `--opt-sat`), every clause of a CNF
/// is soft, of weight 1: the fewest violated clauses are optimal.
pub fn read_as(text: &[u8], max_sat: bool) -> Result<GroundInput, ReadError> {
    let mut prog = GroundProgram::new();
    let mut kind = None;
    let mut vars = 0u32;
    // the clause being read: its weight (wcnf) and literals
    let mut weight: Option<i64> = None;
    let mut clause: Vec<i64> = Vec::new();
    let mut soft: Vec<(Lit, i64)> = Vec::new();
    let mut last = 0;
    for (n, l) in lines(text) {
        last = n;
        let t = trim_start(l);
        if t.is_empty() || t.first() == Some(&b'c') || t.first() == Some(&b'%') {
            continue;
        }
        if t.first() == Some(&b'p') {
            if kind.is_some() {
                return err(n, "a second problem line");
            }
            let words: Vec<&[u8]> = t.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty()).collect();
            let num = |w: &[u8], what: &str| -> Result<i64, ReadError> {
                match std::str::from_utf8(w).ok().and_then(|s| s.parse::<i64>().ok()) {
                    Some(v) if v >= 0 => Ok(v),
                    _ => err(n, format!("expected {what}, found `{}`", String::from_utf8_lossy(w))),
                }
            };
            let k = match words.as_slice() {
                [b"p", b"cnf", v, c] => {
                    vars =
                        u32::try_from(num(v, "the number of variables")?).or(err(n, "too many variables"))?;
                    num(c, "the number of clauses")?;
                    Kind::Cnf
                }
                [b"p", b"wcnf", v, c, rest @ ..] if rest.len() <= 1 => {
                    vars =
                        u32::try_from(num(v, "the number of variables")?).or(err(n, "too many variables"))?;
                    num(c, "the number of clauses")?;
                    let top = match rest.first() {
                        Some(t) => Some(num(t, "the weight of hard clauses")?),
                        None => None,
                    };
                    Kind::Wcnf(top)
                }
                _ => return err(n, "expected `p cnf <vars> <clauses>` or `p wcnf <vars> <clauses> [<top>]`"),
            };
            if vars > MAX_VARS {
                return err(n, format!("{vars} variables: minasp reads at most {MAX_VARS}"));
            }
            for _ in 0..vars {
                prog.new_atom();
            }
            let all: Vec<Atom> = (0..vars).map(Atom).collect();
            prog.add(Rule {
                head: Head::Choice(all.into()),
                body: crate::program::Body::Normal(Default::default()),
            });
            kind = Some(k);
            continue;
        }
        let Some(k) = kind else {
            return err(n, "expected the problem line `p cnf <vars> <clauses>` before the clauses");
        };
        let mut nums = Nums::new(n, l);
        while !nums.at_end() {
            if k != Kind::Cnf && weight.is_none() {
                let w = nums.int("a clause's weight")?;
                if w <= 0 {
                    return nums.err(format!("a clause's weight must be positive, found {w}"));
                }
                weight = Some(w);
                continue;
            }
            let v = nums.int("a literal or `0`")?;
            if v == 0 {
                let mut lits: Vec<Lit> =
                    clause.drain(..).map(|v| Lit::new(Atom(v.unsigned_abs() as u32 - 1), v > 0)).collect();
                lits.sort_unstable();
                lits.dedup();
                let tautology = lits.windows(2).any(|w| w[0].atom() == w[1].atom());
                let hard = match (k, weight.take()) {
                    (Kind::Cnf, _) if max_sat => Some(1),
                    (Kind::Cnf, _) => None,
                    (Kind::Wcnf(Some(top)), Some(w)) if w >= top => None,
                    (_, w) => w,
                };
                if tautology {
                    // always satisfied, costs nothing: clasp drops it
                    continue;
                }
                // none of the clause's literals holds: the body negates each
                let violated: Vec<Lit> = lits.iter().map(|l| l.negate()).collect();
                match hard {
                    None => prog.add(Rule::constraint(violated)),
                    Some(w) => match violated.as_slice() {
                        [one] => soft.push((*one, w)),
                        _ => {
                            let cost = prog.new_atom();
                            prog.add(Rule::normal(cost, violated));
                            soft.push((cost.pos(), w));
                        }
                    },
                }
                continue;
            }
            if v.unsigned_abs() > vars as u64 {
                return nums.err(format!("literal {v} names no variable (the problem line declares {vars})"));
            }
            clause.push(v);
        }
    }
    if kind.is_none() {
        return err(last.max(1), "expected the problem line `p cnf <vars> <clauses>`");
    }
    if !clause.is_empty() || weight.is_some() {
        return err(last.max(1), "unexpected end of input: expected the `0` that ends the last clause");
    }
    if !soft.is_empty() {
        prog.minimize.push(Minimize { priority: 0, lits: soft });
    }
    let mut output = Vec::with_capacity(2 * vars as usize);
    for i in 0..vars {
        output.push(((i + 1).to_string(), vec![Atom(i).pos()]));
        output.push((format!("-{}", i + 1), vec![Atom(i).neg()]));
    }
    Ok(GroundInput { program: prog, output })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_are_constraints_and_soft_clauses_costs() {
        let g = read(b"c a comment\np wcnf 2 3 10\n10 1 2 0\n3 -1\n 0 2 -2 0\n").unwrap();
        // {x1;x2}. :- not x1, not x2. (hard); x1 costs 3; x2 costs 2
        assert_eq!(g.program.rules.len(), 2);
        assert_eq!(g.program.minimize[0].lits, vec![(Atom(0).pos(), 3), (Atom(1).pos(), 2)]);
        assert_eq!(g.output.len(), 4);
        assert_eq!(problem(b"c x\nc\np cnf 7 0\n"), Some(7));
        assert_eq!(problem(b"c :- a.\n"), None);
        assert_eq!(problem(b"p. q :- p.\n"), None);
    }

    #[test]
    fn malformed_input_names_its_line() {
        assert_eq!(read(b"p cnf 2 1\n1 3 0\n").unwrap_err().line, 2);
        // the end of input is the line after the last line break
        assert_eq!(read(b"p cnf 2 1\n1 2\n").unwrap_err().line, 3);
        assert_eq!(read(b"1 2 0\n").unwrap_err().line, 1);
        // more (or fewer) clauses than declared are read, as clasp reads them
        assert_eq!(read(b"p cnf 2 1\n1 0\n2 0\n").unwrap().program.rules.len(), 3);
        assert!(read(b"p wcnf 2 1 5\n0 1 0\n").is_err());
        assert_eq!(read(b"p cnf 4000000000 1\n").unwrap_err().line, 1);
        // --opt-sat: each clause soft, of weight 1
        let g = read_as(b"p cnf 1 2\n1 0\n-1 0\n", true).unwrap();
        assert_eq!(g.program.minimize[0].lits, vec![(Atom(0).neg(), 1), (Atom(0).pos(), 1)]);
    }
}
