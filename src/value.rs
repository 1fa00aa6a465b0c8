//! Ground terms as plain owned values — what embeddings hand in and get
//! back (clingo's `Symbol`), independent of any grounding's symbol table.
//!
//! Invariant: `Ord` is clingo's total order on terms and `Display` is how
//! clingo prints them, the same as [`Symbols::cmp`] and
//! [`Symbols::display`] on the interned form; [`Symbols::value`] and
//! [`Symbols::find_value`] convert between the two without loss.

use crate::ground::symbol::{Sym, SymData, Symbols};
use crate::syntax::ast::{Term, TermKind};
use std::cmp::Ordering;
use std::fmt;

/// A ground term.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// `#inf`, the smallest term.
    Inf,
    /// `#sup`, the greatest term.
    Sup,
    /// An integer (32-bit, as in clingo).
    Int(i32),
    /// A string (escape sequences resolved).
    Str(String),
    /// A constant (no arguments), a function, or a tuple (empty name);
    /// `neg`: classically negated (`-a`, `-f(1)`).
    Func {
        /// The name (empty for a tuple).
        name: String,
        /// The arguments.
        args: Vec<Value>,
        /// Classically negated.
        neg: bool,
    },
}

impl Value {
    /// The constant or function `name(args)`.
    pub fn func(name: &str, args: Vec<Value>) -> Value {
        Value::Func { name: name.to_string(), args, neg: false }
    }

    /// Parses and evaluates a ground term as clingo's `parse_term` does
    /// (`"f(1+2,a)"` is `f(3,a)`); `None` when the text is not a ground
    /// term or its arithmetic is undefined.
    pub fn parse(text: &str) -> Option<Value> {
        let mut sources = crate::syntax::span::SourceMap::new();
        let id = sources.add("<string>", text);
        let term = crate::syntax::parse::const_value(id, text)?;
        let mut syms = Symbols::new();
        let s = eval(&term, &mut syms)?;
        Some(syms.value(s))
    }

    /// The position of its kind in clingo's order.
    fn rank(&self) -> u8 {
        match self {
            Value::Inf => 0,
            Value::Int(_) => 1,
            Value::Func { args, neg, .. } if args.is_empty() => 2 + *neg as u8,
            Value::Str(_) => 4,
            Value::Func { .. } => 5,
            Value::Sup => 6,
        }
    }
}

/// A ground term's value, or `None` (a variable, an interval or pool, or
/// undefined arithmetic).
fn eval(t: &Term, syms: &mut Symbols) -> Option<Sym> {
    use crate::ground::term::{binary, unary};
    Some(match &t.kind {
        TermKind::Int(i) => syms.int(*i as i32),
        TermKind::Str(s) => syms.intern(SymData::Str(s.as_str().into())),
        TermKind::Inf => syms.intern(SymData::Inf),
        TermKind::Sup => syms.intern(SymData::Sup),
        TermKind::Func { name, args } => {
            let args = args.iter().map(|a| eval(a, syms)).collect::<Option<Vec<_>>>()?;
            let n = syms.name(name);
            syms.func(n, false, args)
        }
        TermKind::Unary(op, a) => {
            let a = eval(a, syms)?;
            unary(*op, a, syms)?
        }
        TermKind::Binary(op, a, b) => {
            let (a, b) = (eval(a, syms)?, eval(b, syms)?);
            let v = binary(*op, syms.as_int(a)?, syms.as_int(b)?)?;
            syms.int(v)
        }
        TermKind::Var(_) | TermKind::Anon | TermKind::Pool(_) | TermKind::Interval(..) => return None,
    })
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        let (ra, rb) = (self.rank(), other.rank());
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (self, other) {
            (Value::Int(x), Value::Int(y)) => x.cmp(y),
            (Value::Str(x), Value::Str(y)) => x.cmp(y),
            (Value::Func { name: n1, args: a1, neg: s1 }, Value::Func { name: n2, args: a2, neg: s2 }) => {
                s1.cmp(s2).then(a1.len().cmp(&a2.len())).then_with(|| n1.cmp(n2)).then_with(|| a1.cmp(a2))
            }
            _ => Ordering::Equal,
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut syms = Symbols::new();
        let s = syms.intern_value(self);
        f.write_str(&syms.display(s))
    }
}

impl Symbols {
    /// The owned value of `s`.
    pub fn value(&self, s: Sym) -> Value {
        match self.get(s) {
            SymData::Inf => Value::Inf,
            SymData::Sup => Value::Sup,
            SymData::Int(i) => Value::Int(*i),
            SymData::Str(t) => Value::Str(t.to_string()),
            SymData::Func { name, neg, args } => Value::Func {
                name: self.name_str(*name).to_string(),
                args: args.iter().map(|a| self.value(*a)).collect(),
                neg: *neg,
            },
        }
    }

    /// The handle of `v`, interned if new.
    pub fn intern_value(&mut self, v: &Value) -> Sym {
        let d = match v {
            Value::Inf => SymData::Inf,
            Value::Sup => SymData::Sup,
            Value::Int(i) => SymData::Int(*i),
            Value::Str(t) => SymData::Str(t.as_str().into()),
            Value::Func { name, args, neg } => {
                let args = args.iter().map(|a| self.intern_value(a)).collect();
                SymData::Func { name: self.name(name), neg: *neg, args }
            }
        };
        self.intern(d)
    }

    /// The handle of `v` if this table has it (`None`: no term of the
    /// program is `v`).
    pub fn find_value(&self, v: &Value) -> Option<Sym> {
        let d = match v {
            Value::Inf => SymData::Inf,
            Value::Sup => SymData::Sup,
            Value::Int(i) => SymData::Int(*i),
            Value::Str(t) => SymData::Str(t.as_str().into()),
            Value::Func { name, args, neg } => {
                let args = args.iter().map(|a| self.find_value(a)).collect::<Option<_>>()?;
                SymData::Func { name: self.find_name(name)?, neg: *neg, args }
            }
        };
        self.find(&d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_text_are_the_interned_ones() {
        let texts = [
            "#inf", "-1", "2", "()", "a", "b", "-a", "\"r\"", "(1,)", "f(1)", "f(a)", "(1,1)", "-f(1)",
            "#sup",
        ];
        let values: Vec<Value> = texts.iter().map(|t| Value::parse(t).unwrap()).collect();
        let mut sorted = values.clone();
        sorted.reverse();
        sorted.sort();
        assert_eq!(sorted, values);
        let printed: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        assert_eq!(printed, texts);
    }

    #[test]
    fn parse_evaluates_like_clingo() {
        assert_eq!(Value::parse("f(1+2,-g(a))").unwrap().to_string(), "f(3,-g(a))");
        assert_eq!(Value::parse("\"a\\\"b\"").unwrap(), Value::Str("a\"b".into()));
        assert_eq!(Value::parse("1/0"), None);
        assert_eq!(Value::parse("X"), None);
        assert_eq!(Value::parse("p("), None);
        assert_eq!(Value::parse("1..2"), None);
    }

    #[test]
    fn find_value_only_finds_terms_of_the_table() {
        let mut syms = Symbols::new();
        let v = Value::parse("f(a,(1,\"x\"))").unwrap();
        assert_eq!(syms.find_value(&v), None);
        let s = syms.intern_value(&v);
        assert_eq!(syms.find_value(&v), Some(s));
        assert_eq!(syms.value(s), v);
        assert_eq!(syms.find_value(&Value::parse("f(a,(1,\"y\"))").unwrap()), None);
    }
}
