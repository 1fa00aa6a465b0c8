//! smodels (lparse) text to a [`GroundInput`], as `gringo --output=smodels`
//! writes it: rules up to a line `0`, the symbol table (`ATOM NAME` lines)
//! up to `0`, the compute statements `B+` / `B-` (atoms that must be true /
//! false, each list ended by `0`), an optional `E` list (free externals)
//! and the optional number of models. Names `_heuristic(A,M,V,P)` and
//! `_edge(U,V)` in the symbol table are also, as clasp reads them, the
//! `#heuristic` directive for the atom named `A` and the `#edge`
//! directive from node `U` to node `V` (numbers), each under the
//! condition that its own atom holds.
//!
//! Rule types read: 1 basic, 2 constraint (cardinality body), 3 choice,
//! 5 weight, 8 disjunctive, 6 minimize (a later statement has a higher
//! priority, as clasp reads them), and clasp's `91 atom value` (an
//! external: 0 false, 1 true, 2 free).
//! Invariant: one rule or table entry per line; every error names its line.

use super::read::weight_body;
use super::{lines, AtomMap, GroundInput, Nums, ReadError};
use crate::program::{Atom, Body, GroundProgram, Head, Lit, Rule};

fn err<T>(line: usize, msg: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError { line, msg: msg.into() })
}

#[derive(PartialEq, Eq, Clone, Copy, Debug)]
enum Section {
    Rules,
    Symbols,
    /// Expecting `B+`.
    BeforePos,
    Pos,
    /// Expecting `B-`.
    BeforeNeg,
    Neg,
    /// After `B-`'s `0`: `E` or the number of models.
    AfterNeg,
    External,
    /// After the number of models: nothing more.
    Done,
}

/// Reads an smodels program: rules, symbol table, `B+` / `B-` lists (turned into constraints),
/// optional `E` list and number of models.
pub fn read(text: &[u8]) -> Result<GroundInput, ReadError> {
    let mut prog = GroundProgram::new();
    let mut atoms = AtomMap::default();
    let mut output = Vec::new();
    let mut sec = Section::Rules;
    let mut last = 0;
    for (n, l) in lines(text) {
        last = n;
        let trimmed = trim(l);
        if trimmed.is_empty() {
            continue;
        }
        match sec {
            Section::Rules => {
                let mut nums = Nums::new(n, l);
                if let Some(r) = rule(&mut nums, &mut prog, &mut atoms)? {
                    if let Some(r) = r {
                        prog.add(r);
                    }
                } else {
                    sec = Section::Symbols;
                }
            }
            Section::Symbols => {
                if trimmed == b"0" {
                    sec = Section::BeforePos;
                    continue;
                }
                let sp = trimmed.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(trimmed.len());
                let mut nums = Nums::new(n, &trimmed[..sp]);
                let a = nums.atom_num("an atom number in the symbol table")?;
                let name = trim(&trimmed[sp..]);
                if name.is_empty() {
                    return err(n, "symbol table entry without a name");
                }
                let name = match std::str::from_utf8(name) {
                    Ok(s) => s.to_string(),
                    Err(_) => return err(n, "the atom name is not valid UTF-8"),
                };
                let a = atoms.atom(&mut prog, a);
                output.push((name, vec![a.pos()]));
            }
            Section::BeforePos | Section::BeforeNeg => {
                let want: &[u8] = if sec == Section::BeforePos { b"B+" } else { b"B-" };
                if trimmed != want {
                    return err(
                        n,
                        format!(
                            "expected `{}`, found `{}`",
                            String::from_utf8_lossy(want),
                            String::from_utf8_lossy(trimmed)
                        ),
                    );
                }
                sec = if sec == Section::BeforePos { Section::Pos } else { Section::Neg };
            }
            Section::Pos | Section::Neg | Section::External => {
                let mut nums = Nums::new(n, l);
                let v = nums.int("an atom number or `0`")?;
                nums.end()?;
                if v == 0 {
                    sec = match sec {
                        Section::Pos => Section::BeforeNeg,
                        Section::Neg => Section::AfterNeg,
                        _ => Section::AfterNeg,
                    };
                    continue;
                }
                if v < 0 {
                    return err(n, format!("expected a positive atom number, found {}", v));
                }
                let a = atoms.atom(&mut prog, v as u64);
                match sec {
                    // B+: `:- not a`; B-: `:- a`; the `E` list: free externals, as clasp reads it
                    Section::Pos => prog.add(Rule::constraint(vec![a.neg()])),
                    Section::Neg => prog.add(Rule::constraint(vec![a.pos()])),
                    _ => add_external(&mut prog, a, crate::program::External::Free),
                }
            }
            Section::AfterNeg => {
                if trimmed == b"E" {
                    sec = Section::External;
                    continue;
                }
                let mut nums = Nums::new(n, l);
                let m = nums.int("the number of models")?;
                nums.end()?;
                if m < 0 {
                    return err(n, format!("the number of models must not be negative, found {}", m));
                }
                sec = Section::Done;
            }
            Section::Done => {
                return err(n, "unexpected input after the end of the program");
            }
        }
    }
    let missing = match sec {
        Section::Rules => Some("the `0` that ends the rules"),
        Section::Symbols => Some("the `0` that ends the symbol table"),
        Section::BeforePos => Some("`B+`"),
        Section::Pos => Some("the `0` that ends the `B+` list"),
        Section::BeforeNeg => Some("`B-`"),
        Section::Neg => Some("the `0` that ends the `B-` list"),
        Section::External => Some("the `0` that ends the `E` list"),
        Section::AfterNeg | Section::Done => None,
    };
    if let Some(what) = missing {
        // A text ending in a line break has an empty last "line".
        let line = if text.ends_with(b"\n") { last } else { last + 1 };
        return err(line, format!("unexpected end of input: expected {}", what));
    }
    directives(&mut prog, &output);
    Ok(GroundInput { program: prog, output })
}

/// The `#heuristic` and `#edge` directives the names `_heuristic(..)` and
/// `_edge(..)` stand for (see the module doc); a malformed one is only a name.
fn directives(prog: &mut GroundProgram, output: &[(String, Vec<Lit>)]) {
    use crate::program::{Edge, Heuristic, Modifier};
    // the atom each name in the symbol table stands for (the first, as a scan would find)
    let mut named: std::collections::HashMap<&str, Atom> = Default::default();
    for (n, c) in output {
        if let Some(l) = c.first() {
            named.entry(n.as_str()).or_insert(l.atom());
        }
    }
    let atom_named = |n: &str| named.get(n).copied();
    for (name, cond) in output {
        let [holds] = cond.as_slice() else { continue };
        let holds = *holds;
        if let Some(args) = name.strip_prefix("_heuristic(").and_then(|r| r.strip_suffix(')')) {
            // the atom's name may hold commas: the last three arguments are plain
            let mut parts = args.rsplitn(4, ',');
            let (Some(p), Some(v), Some(m), Some(a)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let Some(modifier) = Modifier::from_name(m) else { continue };
            if let (Some(atom), Ok(value), Ok(priority)) = (atom_named(a), v.parse(), p.parse()) {
                prog.heuristics.push(Heuristic { atom, modifier, value, priority, condition: vec![holds] });
            }
        } else if let Some(args) = name.strip_prefix("_edge(").and_then(|r| r.strip_suffix(')')) {
            if let Some((Ok(from), Ok(to))) = args.split_once(',').map(|(u, v)| (u.parse(), v.parse())) {
                prog.edges.push(Edge { from, to, condition: vec![holds] });
            }
        }
    }
}

fn trim(l: &[u8]) -> &[u8] {
    let st = l.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(l.len());
    let en = l.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(st, |i| i + 1);
    &l[st..en.max(st)]
}

/// One rule line: `None` at the `0` that ends the rules; `Some(None)` for a
/// rule whose body can never hold.
#[allow(clippy::option_option)]
fn rule(
    nums: &mut Nums,
    prog: &mut GroundProgram,
    atoms: &mut AtomMap,
) -> Result<Option<Option<Rule>>, ReadError> {
    let mut atom = |nums: &mut Nums, what: &str| -> Result<Atom, ReadError> {
        let a = nums.atom_num(what)?;
        Ok(atoms.atom(prog, a))
    };
    let t = nums.int("a rule type")?;
    let r = match t {
        0 => {
            nums.end()?;
            return Ok(None);
        }
        1 => {
            let h = atom(nums, "the head atom")?;
            let body = lits(nums, &mut atom)?;
            Some(Rule::normal(h, body))
        }
        2 => {
            let h = atom(nums, "the head atom")?;
            let (k, neg) = counts(nums)?;
            let bound = nums.int("the bound")?;
            let ls = lit_list(nums, &mut atom, k, neg)?;
            weight_body(bound, ls.into_iter().map(|l| (l, 1)).collect())
                .map(|body| Rule { head: Head::Disjunction(smallvec::smallvec![h]), body })
        }
        3 | 8 => {
            let nh = nums.count("the number of head atoms")?;
            let mut hs = Vec::with_capacity(nh);
            for _ in 0..nh {
                hs.push(atom(nums, "a head atom")?);
            }
            let body = lits(nums, &mut atom)?;
            let head = if t == 3 { Head::Choice(hs.into()) } else { Head::Disjunction(hs.into()) };
            Some(Rule { head, body: Body::Normal(body.into()) })
        }
        5 => {
            let h = atom(nums, "the head atom")?;
            let bound = nums.int("the bound")?;
            let (k, neg) = counts(nums)?;
            let ls = lit_list(nums, &mut atom, k, neg)?;
            let mut wl = Vec::with_capacity(k);
            for l in ls {
                let w = nums.int("a weight")?;
                if w < 0 {
                    return nums.err(format!("negative weight {} is not supported", w));
                }
                if w > 0 {
                    wl.push((l, w));
                }
            }
            weight_body(bound, wl).map(|body| Rule { head: Head::Disjunction(smallvec::smallvec![h]), body })
        }
        6 => {
            // `6 0 #lits #neg negs.. poss.. weights..`; a later statement has a higher priority
            if nums.int("the 0 of a minimize statement")? != 0 {
                return nums.err("a minimize statement starts with 6 0");
            }
            let (k, neg) = counts(nums)?;
            let ls = lit_list(nums, &mut atom, k, neg)?;
            let mut wl = Vec::with_capacity(k);
            for l in ls {
                wl.push((l, nums.int("a weight")?));
            }
            nums.end()?;
            let priority = prog.minimize.len() as i64;
            prog.minimize.push(crate::program::Minimize { priority, lits: wl });
            return Ok(Some(None));
        }
        91 => {
            // clasp's extension: `91 atom value`, an external (0 false, 1 true, 2 free)
            let a = atom(nums, "the external atom")?;
            let value = match nums.int("the external's value")? {
                0 => crate::program::External::False,
                1 => crate::program::External::True,
                2 => crate::program::External::Free,
                v => return nums.err(format!("an external's value is 0, 1 or 2, found {v}")),
            };
            nums.end()?;
            add_external(prog, a, value);
            return Ok(Some(None));
        }
        t => return nums.err(format!("unknown rule type {}", t)),
    };
    nums.end()?;
    Ok(Some(r))
}

/// Declares `a` external with `value` (the last declaration counts).
fn add_external(prog: &mut GroundProgram, a: Atom, value: crate::program::External) {
    prog.externals.retain(|(b, _)| *b != a);
    prog.externals.push((a, value));
}

/// `#lits #neg`, checked.
fn counts(nums: &mut Nums) -> Result<(usize, usize), ReadError> {
    let k = nums.count("the number of literals")?;
    let neg = nums.count("the number of negative literals")?;
    if neg > k {
        return nums.err(format!("{} negative literals but only {} literals in all", neg, k));
    }
    Ok((k, neg))
}

fn lit_list(
    nums: &mut Nums,
    atom: &mut dyn FnMut(&mut Nums, &str) -> Result<Atom, ReadError>,
    k: usize,
    neg: usize,
) -> Result<Vec<Lit>, ReadError> {
    let mut v = Vec::with_capacity(k);
    for i in 0..k {
        let a = atom(nums, "a body atom")?;
        v.push(if i < neg { a.neg() } else { a.pos() });
    }
    Ok(v)
}

fn lits(
    nums: &mut Nums,
    atom: &mut dyn FnMut(&mut Nums, &str) -> Result<Atom, ReadError>,
) -> Result<Vec<Lit>, ReadError> {
    let (k, neg) = counts(nums)?;
    lit_list(nums, atom, k, neg)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRINGO: &[u8] = b"1 2 0 0\n3 1 3 0 0\n1 4 1 1 3\n8 2 5 6 1 0 2\n2 7 2 0 1 3 4\n5 8 2 2 1 3 4 1 2\n1 1 1 0 8\n0\n2 a\n3 b\n5 c\n0\nB+\n0\nB-\n1\n0\n1\n";

    #[test]
    fn reads_gringo_output() {
        let g = read(GRINGO).unwrap();
        // 7 rules + B- 1.
        assert_eq!(g.program.rules.len(), 8);
        assert_eq!(g.output.len(), 3);
    }

    #[test]
    fn errors_name_lines() {
        let e = read(b"1 2 0 0\n1 3 2 1 4\n0\n0\nB+\n0\nB-\n0\n1\n").unwrap_err();
        assert_eq!(e.line, 2, "{}", e);
        let e = read(b"1 2 0 0\n7 1\n0\n").unwrap_err();
        assert!(e.msg.contains("unknown rule type 7"));
        let e = read(b"1 2 0 0\n0\n2 a\n").unwrap_err();
        assert!(e.msg.contains("symbol table"), "{}", e);
        let e = read(b"1 0 0 0\n0\n0\nB+\n0\nB-\n0\n1\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = read(b"1 2 0 0\n0\n0\nB+\n0\nB-\n0\n1\n1\n").unwrap_err();
        assert_eq!(e.line, 9);
    }
}
