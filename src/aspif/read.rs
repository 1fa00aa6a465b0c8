//! aspif (version 1) text to a [`GroundInput`]: the statements gringo 5
//! emits.  Rules (choice and disjunctive heads, normal and weight bodies),
//! output statements and comments are read; externals are kept with their
//! values ([`GroundProgram::closed`] gives them their meaning);
//! assumptions become integrity constraints; heuristics are ignored (they
//! only guide the search); minimize statements keep their priorities.
//! Projection statements are kept for `--project`, edge statements (`#edge`,
//! acyclicity) with their node numbers; theory statements change what the
//! answers are and are rejected as unsupported.
//!
//! Invariant: one statement per line; every error names its line; input
//! atom numbers are renumbered densely (`AtomMap`).

use super::{lines, AtomMap, GroundInput, Nums, ReadError};
use crate::program::{Body, Edge, External, GroundProgram, Head, Heuristic, Lit, Modifier, Rule};

fn err<T>(line: usize, msg: impl Into<String>) -> Result<T, ReadError> {
    Err(ReadError { line, msg: msg.into() })
}

/// Reads an aspif program (header `asp 1 0 0`, statements, `0`).
pub fn read(text: &[u8]) -> Result<GroundInput, ReadError> {
    let mut r = Reader::default();
    let mut it = lines(text).filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace));
    let Some((hline, header)) = it.next() else {
        return err(1, "empty input: expected the aspif header `asp 1 0 0`");
    };
    let htoks: Vec<&[u8]> = header.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).collect();
    if htoks.first() != Some(&&b"asp"[..]) || htoks.len() < 4 {
        return err(hline, "expected the aspif header `asp 1 0 0`");
    }
    if htoks[1] != b"1" {
        return err(
            hline,
            format!(
                "unsupported aspif version {}.{}.{} (expected 1.0.0)",
                String::from_utf8_lossy(htoks[1]),
                String::from_utf8_lossy(htoks[2]),
                String::from_utf8_lossy(htoks[3])
            ),
        );
    }
    for t in &htoks[2..4] {
        if !t.iter().all(u8::is_ascii_digit) {
            return err(hline, "malformed aspif header: expected `asp 1 0 0`");
        }
    }
    if let Some(tag) = htoks[4..].iter().find(|t| **t == b"incremental") {
        return err(
            hline,
            format!("`{}` aspif programs (several steps) are not supported", String::from_utf8_lossy(tag)),
        );
    }
    let mut last = hline;
    let mut ended = false;
    for (n, l) in it {
        last = n;
        if ended {
            return err(n, "unexpected statement after the end of the program (`0`)");
        }
        if r.statement(n, l)? {
            ended = true;
        }
    }
    if !ended {
        return err(last + 1, "unexpected end of input: the program must end with a line `0`");
    }
    Ok(r.finish())
}

#[derive(Default)]
struct Reader {
    prog: GroundProgram,
    atoms: AtomMap,
    output: Vec<(String, Vec<Lit>)>,
    /// External atoms and their last declared value (0 free, 1 true, 2 false, 3 release).
    externals: Vec<(crate::program::Atom, i64)>,
}

impl Reader {
    fn lit(&mut self, n: i64) -> Lit {
        let a = self.atoms.atom(&mut self.prog, n.unsigned_abs());
        Lit::new(a, n > 0)
    }

    /// A count and that many literals, in a collection `with_capacity`
    /// makes for them (a rule body's `ThinVec` is made at its size, not copied).
    fn lits<C: Extend<Lit>>(
        &mut self,
        nums: &mut Nums,
        what: &str,
        with_capacity: fn(usize) -> C,
    ) -> Result<C, ReadError> {
        let k = nums.count(&format!("the number of {}", what))?;
        let mut v = with_capacity(k);
        for _ in 0..k {
            let l = nums.lit_num("a literal")?;
            v.extend([self.lit(l)]);
        }
        Ok(v)
    }

    /// One statement; `Ok(true)` at the final `0`.
    fn statement(&mut self, n: usize, l: &[u8]) -> Result<bool, ReadError> {
        let mut nums = Nums::new(n, l);
        // Output and comment statements carry text: look at the type first.
        let first = l.split(|b| b.is_ascii_whitespace()).find(|t| !t.is_empty()).unwrap_or(b"");
        match first {
            b"4" => return self.output_stmt(n, l).map(|_| false),
            b"10" => return Ok(false),
            _ => {}
        }
        match nums.int("a statement type")? {
            0 => {
                nums.end()?;
                Ok(true)
            }
            1 => {
                let head = match nums.int("a head type (0 disjunction, 1 choice)")? {
                    0 => Head::Disjunction(self.head_atoms(&mut nums)?.into()),
                    1 => Head::Choice(self.head_atoms(&mut nums)?.into()),
                    t => return nums.err(format!("unknown head type {} (expected 0 or 1)", t)),
                };
                let body = match nums.int("a body type (0 normal, 1 weight)")? {
                    0 => Some(Body::Normal(self.lits(
                        &mut nums,
                        "body literals",
                        thin_vec::ThinVec::with_capacity,
                    )?)),
                    1 => {
                        let bound = nums.int("the bound of a weight body")?;
                        let k = nums.count("the number of weighted literals")?;
                        let mut ls = Vec::with_capacity(k);
                        for _ in 0..k {
                            let l = nums.lit_num("a literal")?;
                            let w = nums.int("a weight")?;
                            if w < 0 {
                                return nums
                                    .err(format!("negative weight {} in a weight body is not supported", w));
                            }
                            let l = self.lit(l);
                            if w > 0 {
                                ls.push((l, w));
                            }
                        }
                        weight_body(bound, ls)
                    }
                    t => return nums.err(format!("unknown body type {} (expected 0 or 1)", t)),
                };
                nums.end()?;
                if let Some(body) = body {
                    self.prog.add(Rule { head, body });
                }
                Ok(false)
            }
            2 => {
                let priority = nums.int("a priority")?;
                let k = nums.count("the number of weighted literals")?;
                let mut lits = Vec::with_capacity(k);
                for _ in 0..k {
                    let l = nums.lit_num("a literal")?;
                    let w = nums.int("a weight")?;
                    lits.push((self.lit(l), w));
                }
                nums.end()?;
                self.prog.minimize.push(crate::program::Minimize { priority, lits });
                Ok(false)
            }
            3 => {
                let k = nums.count("the number of projected atoms")?;
                let mut atoms = Vec::with_capacity(k);
                for _ in 0..k {
                    let a = nums.atom_num("a projected atom")?;
                    atoms.push(self.atoms.atom(&mut self.prog, a));
                }
                nums.end()?;
                self.prog.project.get_or_insert_with(Vec::new).extend(atoms);
                Ok(false)
            }
            5 => {
                let a = nums.atom_num("an external atom")?;
                let v = nums.int("the value of an external (0 free, 1 true, 2 false, 3 release)")?;
                if !(0..=3).contains(&v) {
                    return nums.err(format!(
                        "unknown external value {} (expected 0 free, 1 true, 2 false or 3 release)",
                        v
                    ));
                }
                nums.end()?;
                let a = self.atoms.atom(&mut self.prog, a);
                self.externals.push((a, v));
                Ok(false)
            }
            6 => {
                let ls = self.lits(&mut nums, "assumption literals", Vec::with_capacity)?;
                nums.end()?;
                for l in ls {
                    // The assumption l must hold: `:- not l`.
                    let c = if l.is_positive() { l.atom().neg() } else { l.atom().pos() };
                    self.prog.add(Rule::constraint(vec![c]));
                }
                Ok(false)
            }
            7 => {
                let code = nums.int("a heuristic modifier")?;
                let Some(&modifier) = usize::try_from(code).ok().and_then(|c| Modifier::ALL.get(c)) else {
                    return nums.err(format!("unknown heuristic modifier {}", code));
                };
                let a = nums.atom_num("the heuristic's atom")?;
                let atom = self.atoms.atom(&mut self.prog, a);
                let value = nums.int("the heuristic's value")?;
                let priority = nums.int("the heuristic's priority")?;
                if priority < 0 {
                    return nums.err("a heuristic's priority is not negative");
                }
                let condition = self.lits(&mut nums, "condition literals", Vec::with_capacity)?;
                nums.end()?;
                self.prog.heuristics.push(Heuristic { atom, modifier, value, priority, condition });
                Ok(false)
            }
            8 => {
                let mut node = |what| {
                    let n = nums.int(what)?;
                    u32::try_from(n).or_else(|_| nums.err(format!("{what} {n} is not a node number")))
                };
                let from = node("the edge's first node")?;
                let to = node("the edge's second node")?;
                let condition = self.lits(&mut nums, "condition literals", Vec::with_capacity)?;
                nums.end()?;
                self.prog.edges.push(Edge { from, to, condition });
                Ok(false)
            }
            9 => nums.err("theory statements (theory atoms) are not supported"),
            t => nums.err(format!("unknown statement type {}", t)),
        }
    }

    fn head_atoms(&mut self, nums: &mut Nums) -> Result<Vec<crate::program::Atom>, ReadError> {
        let k = nums.count("the number of head atoms")?;
        let mut v = Vec::with_capacity(k);
        for _ in 0..k {
            let a = nums.atom_num("a head atom")?;
            v.push(self.atoms.atom(&mut self.prog, a));
        }
        Ok(v)
    }

    /// `4 LEN TEXT N LITS`: TEXT is exactly LEN bytes (it may hold spaces).
    fn output_stmt(&mut self, n: usize, l: &[u8]) -> Result<(), ReadError> {
        let mut i = 0;
        let skip_ws = |i: &mut usize| {
            while *i < l.len() && l[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        skip_ws(&mut i);
        i += 1; // the `4`
        skip_ws(&mut i);
        let st = i;
        while i < l.len() && !l[i].is_ascii_whitespace() {
            i += 1;
        }
        let len_tok = &l[st..i];
        let len: usize = match std::str::from_utf8(len_tok).ok().and_then(|s| s.parse().ok()) {
            Some(k) => k,
            None if len_tok.is_empty() => {
                return err(n, "line ends early: expected the length of the output text")
            }
            None => {
                return err(
                    n,
                    format!(
                        "expected the length of the output text (an integer), found `{}`",
                        String::from_utf8_lossy(len_tok)
                    ),
                )
            }
        };
        if i >= l.len() || l[i] != b' ' {
            return err(n, "line ends early: expected the output text");
        }
        i += 1;
        if l.len() - i < len {
            return err(
                n,
                format!(
                    "line ends early: the output text should be {} bytes, only {} are left",
                    len,
                    l.len() - i
                ),
            );
        }
        let text = match std::str::from_utf8(&l[i..i + len]) {
            Ok(t) => t.to_string(),
            Err(_) => return err(n, "the output text is not valid UTF-8"),
        };
        let rest = &l[i + len..];
        if !rest.is_empty() && !rest[0].is_ascii_whitespace() {
            return err(n, format!("the output text is longer than its length {}", len));
        }
        let mut nums = Nums::new(n, rest);
        let cond = self.lits(&mut nums, "condition literals", Vec::with_capacity)?;
        nums.end()?;
        self.output.push((text, cond));
        Ok(())
    }

    fn finish(mut self) -> GroundInput {
        let mut last = std::collections::HashMap::new();
        for (a, v) in &self.externals {
            last.insert(*a, *v);
        }
        let mut ext: Vec<_> = last.into_iter().collect();
        ext.sort();
        self.prog.externals = ext
            .into_iter()
            .map(|(a, v)| {
                let v = match v {
                    0 => External::Free,
                    1 => External::True,
                    3 => External::Release,
                    _ => External::False,
                };
                (a, v)
            })
            .collect();
        GroundInput { program: self.prog, output: self.output }
    }
}

/// A weight body `bound <= sum`, simplified: `None` if it can never hold,
/// an empty normal body if it always holds.
pub(crate) fn weight_body(bound: i64, lits: Vec<(Lit, i64)>) -> Option<Body> {
    if bound <= 0 {
        return Some(Body::Normal(thin_vec::ThinVec::new()));
    }
    let total: i128 = lits.iter().map(|&(_, w)| w as i128).sum();
    if total < bound as i128 {
        return None;
    }
    Some(Body::Weight { bound, lits: lits.into() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gringo_output() {
        let t = b"asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 1 2 2 1 1 3 1\n4 4 p(1) 1 1\n4 8 s(\"a b\") 0\n10 a comment\n0\n";
        let g = read(t).unwrap();
        assert_eq!(g.program.rules.len(), 2);
        assert_eq!(g.output.len(), 2);
        assert_eq!(g.output[1].0, "s(\"a b\")");
    }

    #[test]
    fn errors_name_lines() {
        let e = read(b"asp 1 0 0\n1 0 1\n0\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = read(b"asp 1 0 0\n1 0 1 1 0 0\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = read(b"asp 1 0 0\n1 0 1 0 0 0\n0\n").unwrap_err();
        assert!(e.msg.contains("positive"), "{}", e.msg);
        let e = read(b"asp 1 0 0\n42\n0\n").unwrap_err();
        assert!(e.msg.contains("unknown statement type 42"));
        let e = read(b"asp 1 0 0\n4 10 p 0\n0\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = read(b"asp 1 0 0\n1 0 99999999999 1\n0\n").unwrap_err();
        assert_eq!(e.line, 2);
    }
}
