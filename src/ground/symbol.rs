//! Ground terms ("symbols"), interned: a [`Sym`] is a 32-bit handle into a
//! [`Symbols`] table, so equality and hashing are on integers and a ground
//! atom's arguments are a slice of handles.
//!
//! Integers are 32-bit and arithmetic wraps, as in clingo 5.
//! Invariant: equal terms have equal handles (the table is an `IndexSet`).
//! The total order is clingo's: `#inf` < integers < constants < negated
//! constants < strings < functions (sign, then arity, then name, then
//! arguments) < `#sup`; tuples are functions with the empty name.

use super::hash::ISet;
use super::term::OpId;
use crate::syntax::span::Span;
use std::cmp::Ordering;
use std::fmt::{self, Write};

/// Handle of an interned name (a constant's or function's name).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Name(pub u32);

/// Handle of an interned ground term.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Sym(u32);

impl Sym {
    /// A handle no table gives out (a table never holds 2^32 terms).
    pub const NONE: Sym = Sym(u32::MAX);
}

/// What a ground term is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SymData {
    /// `#inf`, the smallest term.
    Inf,
    /// `#sup`, the greatest term.
    Sup,
    /// An integer (32-bit, as in clingo 5).
    Int(i32),
    /// A string, escape sequences resolved.
    Str(Box<str>),
    /// A constant (no args), function or tuple (empty name); `neg` for
    /// classically negated terms like `-a` or `-f(1)`.
    Func {
        /// The name (the empty name for a tuple).
        name: Name,
        /// Whether the term is classically negated.
        neg: bool,
        /// The arguments.
        args: Args,
    },
}

/// A function term's arguments: up to three in place (most atoms and
/// terms have no more), more in a box of their own — a table of millions
/// of atoms then holds no allocation per atom.
///
/// Invariant: three or fewer arguments are always `Inline` (so that equal
/// lists have equal forms); equality, hashing and the slice they deref to
/// are the arguments' alone.
#[derive(Clone)]
pub enum Args {
    /// `len` arguments, the first `len` of `syms`.
    Inline {
        /// How many.
        len: u8,
        /// The arguments, then unused slots.
        syms: [Sym; 3],
    },
    /// Four or more arguments (behind one thin pointer, to keep the
    /// common inline form, and every symbol, small).
    Boxed(Box<Vec<Sym>>),
}

impl std::ops::Deref for Args {
    type Target = [Sym];
    fn deref(&self) -> &[Sym] {
        match self {
            Args::Inline { len, syms } => &syms[..*len as usize],
            Args::Boxed(b) => b.as_slice(),
        }
    }
}

impl From<Vec<Sym>> for Args {
    fn from(v: Vec<Sym>) -> Args {
        if v.len() <= 3 {
            let mut syms = [Sym::NONE; 3];
            syms[..v.len()].copy_from_slice(&v);
            Args::Inline { len: v.len() as u8, syms }
        } else {
            Args::Boxed(Box::new(v))
        }
    }
}

impl FromIterator<Sym> for Args {
    fn from_iter<I: IntoIterator<Item = Sym>>(it: I) -> Args {
        Args::from(it.into_iter().collect::<Vec<Sym>>())
    }
}

impl PartialEq for Args {
    fn eq(&self, other: &Args) -> bool {
        **self == **other
    }
}

impl Eq for Args {}

impl std::hash::Hash for Args {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h)
    }
}

impl fmt::Debug for Args {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

#[cfg(test)]
#[test]
fn a_symbol_is_three_words() {
    assert_eq!(std::mem::size_of::<Args>(), 16);
    assert_eq!(std::mem::size_of::<SymData>(), 24);
}

/// The interning table for names and symbols.
#[derive(Clone, Default)]
pub struct Symbols {
    names: ISet<Box<str>>,
    syms: ISet<SymData>,
    /// The written operations of non-ground terms and the intervals (see
    /// `term::OpId`): where each is, clingo's message and how it shows it.
    ops: Vec<(Span, &'static str, String)>,
    /// Operations found undefined while instantiating, not yet reported.
    undefined: Vec<OpId>,
    /// The script functions calls `@f(..)` evaluate through.
    pub calls: super::functions::Calls,
    /// The handles of the integers from `-SMALL_INTS.0` below
    /// `SMALL_INTS.1` interned so far (`Sym::NONE`: not yet), by value
    /// plus `SMALL_INTS.0`: arithmetic makes integers in every rule
    /// instance, and this finds them without hashing.
    small_ints: Vec<Sym>,
}

/// The range of integers [`Symbols::int`] finds without hashing.
const SMALL_INTS: (i32, i32) = (1 << 10, 1 << 17);

/// The most undefined operations kept for reporting between two reports
/// (clingo writes at most 20 messages).
const UNDEFINED_KEPT: usize = 1000;

impl Symbols {
    /// A table holding only the empty name (the tuple name, `Name(0)`).
    pub fn new() -> Symbols {
        let mut s = Symbols::default();
        s.name(""); // the tuple name is Name(0)
        s
    }

    /// Registers a written operation (or interval): at `span`, reported
    /// with the message `what` and shown as `text`.
    pub fn add_op(&mut self, span: Span, what: &'static str, text: String) -> OpId {
        self.ops.push((span, what, text));
        OpId(self.ops.len() as u32 - 1)
    }

    /// Records that operation `id` was undefined in an instance.
    pub fn note_undefined(&mut self, id: OpId) {
        if id.0 != OpId::NONE.0 && self.undefined.len() < UNDEFINED_KEPT {
            self.undefined.push(id);
        }
    }

    /// The undefined operations recorded since the last call, in order:
    /// where each is written, clingo's message and how it shows it.
    pub fn take_undefined(&mut self) -> Vec<(Span, &'static str, String)> {
        let ids = std::mem::take(&mut self.undefined);
        ids.into_iter().filter_map(|id| self.ops.get(id.0 as usize).cloned()).collect()
    }

    /// The values of the call `@name(args)` (see [`super::functions`]):
    /// `None` when no function is defined.
    pub fn call(&mut self, name: Name, args: &[Sym]) -> Option<Vec<Sym>> {
        let args: Vec<crate::value::Value> = args.iter().map(|a| self.value(*a)).collect();
        let name = self.name_str(name).to_string();
        let values = self.calls.call(&name, &args)?;
        Some(values.iter().map(|v| self.intern_value(v)).collect())
    }

    /// The handle of the name `n`, interned if new.
    pub fn name(&mut self, n: &str) -> Name {
        if let Some(i) = self.names.get_index_of(n) {
            return Name(i as u32);
        }
        Name(self.names.insert_full(n.into()).0 as u32)
    }

    /// The text of a name.
    pub fn name_str(&self, n: Name) -> &str {
        &self.names[n.0 as usize]
    }

    /// The handle of a ground term, interned if new.
    pub fn intern(&mut self, d: SymData) -> Sym {
        // one look-up: an equal term already in the table keeps its handle
        Sym(self.syms.insert_full(d).0 as u32)
    }

    /// Makes room for `n` more terms (growing by doubling would hold
    /// twice the table at once).
    pub fn reserve(&mut self, n: usize) {
        self.syms.reserve(n);
    }

    /// The handle of a ground term if it is in the table.
    pub fn find(&self, d: &SymData) -> Option<Sym> {
        self.syms.get_index_of(d).map(|i| Sym(i as u32))
    }

    /// The handle of the name `n` if it is in the table.
    pub fn find_name(&self, n: &str) -> Option<Name> {
        self.names.get_index_of(n).map(|i| Name(i as u32))
    }

    /// The ground term a handle stands for.
    pub fn get(&self, s: Sym) -> &SymData {
        &self.syms[s.0 as usize]
    }

    /// The handle of the integer `i`.
    pub fn int(&mut self, i: i32) -> Sym {
        if !(-SMALL_INTS.0..SMALL_INTS.1).contains(&i) {
            return self.intern(SymData::Int(i));
        }
        let k = (i + SMALL_INTS.0) as usize;
        match self.small_ints.get(k) {
            Some(&s) if s != Sym::NONE => s,
            _ => {
                let s = self.intern(SymData::Int(i));
                if self.small_ints.len() <= k {
                    self.small_ints.resize(k + 1, Sym::NONE);
                }
                self.small_ints[k] = s;
                s
            }
        }
    }

    /// The integer `s` stands for, if it is one.
    pub fn as_int(&self, s: Sym) -> Option<i32> {
        match self.get(s) {
            SymData::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The name of `s` if it is a constant (a plain name, not negated).
    pub fn as_const(&self, s: Sym) -> Option<&str> {
        match self.get(s) {
            SymData::Func { name, neg: false, args } if args.is_empty() => Some(self.name_str(*name)),
            _ => None,
        }
    }

    /// The handle of a function term (a tuple if `name` is empty, a constant if `args` is).
    pub fn func(&mut self, name: Name, neg: bool, args: Vec<Sym>) -> Sym {
        self.intern(SymData::Func { name, neg, args: args.into() })
    }

    /// The handle of the constant `name`.
    pub fn constant(&mut self, name: &str) -> Sym {
        let n = self.name(name);
        self.func(n, false, vec![])
    }

    fn rank(&self, s: Sym) -> u8 {
        match self.get(s) {
            SymData::Inf => 0,
            SymData::Int(_) => 1,
            SymData::Func { args, neg, .. } if args.is_empty() => {
                if *neg {
                    3
                } else {
                    2
                }
            }
            SymData::Str(_) => 4,
            SymData::Func { .. } => 5,
            SymData::Sup => 6,
        }
    }

    /// clingo's total order on terms.
    pub fn cmp(&self, a: Sym, b: Sym) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ra, rb) = (self.rank(a), self.rank(b));
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (self.get(a), self.get(b)) {
            (SymData::Int(x), SymData::Int(y)) => x.cmp(y),
            (SymData::Str(x), SymData::Str(y)) => x.cmp(y),
            (
                SymData::Func { name: n1, neg: s1, args: a1 },
                SymData::Func { name: n2, neg: s2, args: a2 },
            ) => s1
                .cmp(s2)
                .then(a1.len().cmp(&a2.len()))
                .then_with(|| self.name_str(*n1).cmp(self.name_str(*n2)))
                .then_with(|| {
                    for (x, y) in a1.iter().zip(a2.iter()) {
                        let o = self.cmp(*x, *y);
                        if o != Ordering::Equal {
                            return o;
                        }
                    }
                    Ordering::Equal
                }),
            _ => Ordering::Equal,
        }
    }

    /// The term as clingo prints it.
    pub fn display(&self, s: Sym) -> String {
        let mut out = String::new();
        self.write(s, &mut out);
        out
    }

    /// Appends the term as clingo prints it to `out`.
    pub fn write(&self, s: Sym, out: &mut String) {
        match self.get(s) {
            SymData::Inf => out.push_str("#inf"),
            SymData::Sup => out.push_str("#sup"),
            SymData::Int(i) => write!(out, "{}", i).unwrap(),
            SymData::Str(t) => {
                out.push('"');
                for c in t.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            SymData::Func { name, neg, args } => {
                if *neg {
                    out.push('-');
                }
                let n = self.name_str(*name);
                out.push_str(n);
                if !args.is_empty() || n.is_empty() {
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.write(*a, out);
                    }
                    if n.is_empty() && args.len() == 1 {
                        out.push(',');
                    }
                    out.push(')');
                }
            }
        }
    }
}

/// Adapter to print a symbol with `{}`.
pub struct Show<'a>(pub &'a Symbols, pub Sym);

impl fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.display(self.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clingo_term_order() {
        // The order clingo 5.8.3 gives for these terms (checked with `<`).
        let mut t = Symbols::new();
        let a = t.constant("a");
        let b = t.constant("b");
        let na = {
            let n = t.name("a");
            t.func(n, true, vec![])
        };
        let one = t.int(1);
        let m1 = t.int(-1);
        let s = t.intern(SymData::Str("r".into()));
        let f = t.name("f");
        let f1 = t.func(f, false, vec![one]);
        let fa = t.func(f, false, vec![a]);
        let tup1 = t.func(Name(0), false, vec![one]);
        let tup2 = t.func(Name(0), false, vec![one, one]);
        let nf1 = t.func(f, true, vec![one]);
        let empty = t.func(Name(0), false, vec![]);
        let inf = t.intern(SymData::Inf);
        let sup = t.intern(SymData::Sup);
        let want = [inf, m1, one, empty, a, b, na, s, tup1, f1, fa, tup2, nf1, sup];
        let mut got = want.to_vec();
        got.reverse();
        got.sort_by(|x, y| t.cmp(*x, *y));
        assert_eq!(got, want);
        assert_eq!(t.display(tup1), "(1,)");
        assert_eq!(t.display(empty), "()");
        assert_eq!(t.display(nf1), "-f(1)");
    }
}

#[cfg(test)]
mod small_int_tests {
    use super::{SymData, Symbols, SMALL_INTS};

    /// `int` gives each integer the one handle the table has for it,
    /// found without hashing or not, before or after other terms and in
    /// a copy of the table.
    #[test]
    fn an_integer_has_one_handle_inside_the_small_range_and_out() {
        let mut t = Symbols::new();
        let edges = [
            -SMALL_INTS.0 - 1,
            -SMALL_INTS.0,
            -1,
            0,
            1,
            7,
            SMALL_INTS.1 - 1,
            SMALL_INTS.1,
            i32::MIN,
            i32::MAX,
        ];
        let first: Vec<_> = edges.iter().map(|&i| t.int(i)).collect();
        let other = t.constant("c");
        for (&i, &s) in edges.iter().zip(&first) {
            assert_eq!(t.int(i), s, "{i}");
            assert_eq!(t.intern(SymData::Int(i)), s, "{i}");
            assert_eq!(t.as_int(s), Some(i));
            assert_ne!(s, other);
        }
        // interned directly first, found by `int` after
        let direct = t.intern(SymData::Int(42));
        assert_eq!(t.int(42), direct);
        let mut copy = t.clone();
        assert_eq!(copy.int(7), first[5]);
        let big = copy.int(99_999);
        assert_eq!(copy.as_int(big), Some(99_999));
    }
}
