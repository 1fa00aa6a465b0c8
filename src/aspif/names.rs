//! Printed terms of a ground program's output table (`p(1,"a")`, `-q`,
//! `(1,2)`), parsed back into symbols so that a model's atoms print in
//! clingo's term order ([`crate::ground::symbol::Symbols::cmp`]).
//!
//! Invariant: sorting is total and never fails; text that is not a term
//! (theory output, odd names) sorts after every term, by its bytes.

use crate::ground::symbol::{Name, Sym, SymData, Symbols};
use std::cmp::Ordering;

/// Sorts printed terms by clingo's term order and removes repeats.
pub fn sort_terms(texts: Vec<&str>) -> Vec<String> {
    let mut syms = Symbols::new();
    let mut keyed: Vec<(Option<Sym>, &str)> = texts.into_iter().map(|t| (parse(&mut syms, t), t)).collect();
    keyed.sort_by(|(a, ta), (b, tb)| match (a, b) {
        (Some(a), Some(b)) => syms.cmp(*a, *b).then_with(|| ta.cmp(tb)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => ta.cmp(tb),
    });
    let mut out: Vec<String> = keyed.into_iter().map(|(_, t)| t.to_string()).collect();
    out.dedup();
    out
}

/// Parses a whole printed term; `None` if the text is not one.
pub fn parse(syms: &mut Symbols, text: &str) -> Option<Sym> {
    let mut p = P { s: text.as_bytes(), i: 0 };
    let t = p.term(syms, 0)?;
    if p.i == p.s.len() {
        Some(t)
    } else {
        None
    }
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn term(&mut self, syms: &mut Symbols, depth: usize) -> Option<Sym> {
        if depth > 200 {
            return None;
        }
        let neg = self.eat(b'-');
        match self.peek()? {
            b'0'..=b'9' => {
                let st = self.i;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.i += 1;
                }
                let digits = std::str::from_utf8(&self.s[st..self.i]).ok()?;
                let v: i64 = digits.parse().ok()?;
                let v = if neg { -v } else { v };
                Some(syms.int(i32::try_from(v).ok()?))
            }
            b'"' if !neg => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.i += 1;
                            break;
                        }
                        b'\\' => {
                            self.i += 1;
                            match self.peek()? {
                                b'n' => out.push('\n'),
                                b'"' => out.push('"'),
                                b'\\' => out.push('\\'),
                                _ => return None,
                            }
                            self.i += 1;
                        }
                        _ => {
                            // Copy one UTF-8 character.
                            let rest = std::str::from_utf8(&self.s[self.i..]).ok()?;
                            let c = rest.chars().next()?;
                            out.push(c);
                            self.i += c.len_utf8();
                        }
                    }
                }
                Some(syms.intern(SymData::Str(out.into())))
            }
            b'#' if !neg => {
                if self.s[self.i..].starts_with(b"#inf") {
                    self.i += 4;
                    Some(syms.intern(SymData::Inf))
                } else if self.s[self.i..].starts_with(b"#sup") {
                    self.i += 4;
                    Some(syms.intern(SymData::Sup))
                } else {
                    None
                }
            }
            b'(' if !neg => {
                self.i += 1;
                let (args, trailing) = self.args(syms, depth)?;
                if args.len() == 1 && !trailing {
                    // `(t)` is just t (clingo never prints it, but accept it).
                    return Some(args[0]);
                }
                Some(syms.func(Name(0), false, args))
            }
            c if c == b'_' || c.is_ascii_lowercase() => {
                let st = self.i;
                while self.peek() == Some(b'_') {
                    self.i += 1;
                }
                if !matches!(self.peek(), Some(b'a'..=b'z')) {
                    return None;
                }
                while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_' || c == b'\'') {
                    self.i += 1;
                }
                let name = std::str::from_utf8(&self.s[st..self.i]).ok()?.to_string();
                let name = syms.name(&name);
                let args = if self.eat(b'(') { self.args(syms, depth)?.0 } else { vec![] };
                Some(syms.func(name, neg, args))
            }
            _ => None,
        }
    }

    /// Arguments after `(` up to and including `)`; whether a trailing comma
    /// was present.
    fn args(&mut self, syms: &mut Symbols, depth: usize) -> Option<(Vec<Sym>, bool)> {
        let mut args = Vec::new();
        if self.eat(b')') {
            return Some((args, false));
        }
        loop {
            args.push(self.term(syms, depth + 1)?);
            if self.eat(b')') {
                return Some((args, false));
            }
            if !self.eat(b',') {
                return None;
            }
            if self.eat(b')') {
                return Some((args, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_sorts() {
        let mut s = Symbols::new();
        for t in ["a", "-a", "f(1,\"x\\\"y\")", "(1,)", "()", "(1,2)", "-f(-3)", "#sup", "g(h(a),(b,c))"] {
            let sym = parse(&mut s, t).unwrap_or_else(|| panic!("{}", t));
            assert_eq!(s.display(sym), t);
        }
        assert!(parse(&mut s, "f(").is_none());
        assert!(parse(&mut s, "X").is_none());
        assert!(parse(&mut s, "a b").is_none());
        assert_eq!(
            sort_terms(vec!["p(10)", "b", "p(2)", "&theory{}", "-a", "b", "3"]),
            vec!["3", "b", "-a", "p(2)", "p(10)", "&theory{}"]
        );
    }
}
