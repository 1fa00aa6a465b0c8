//! Which bound parts of an atom pattern a join step finds atoms by: the
//! bound arguments, and inside a function argument that is only partly
//! bound (`reachable(seq(X,Y))` with `X` bound), the bound sub-terms.
//!
//! Invariant: every [`Path`] of a key ends at a sub-term of the pattern
//! whose variables are all bound before the step, and goes down only
//! through function terms of the pattern (written `f(..)` or `-f(..)`,
//! whose sign the path flips; not arithmetic).  An atom can match the pattern only if, for every path,
//! its argument has the path's functions on the way down ([`walk`]
//! succeeds) and the term reached equals the pattern's value there — so
//! finding atoms by these values misses none that match.

use super::symbol::{Name, Sym, SymData, Symbols};
use super::term::{Binding, GTerm, Var};
use crate::syntax::ast::UnOp;

/// One step down into a function term: the function it must be, and
/// which of its arguments to take.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Down {
    name: Name,
    neg: bool,
    arity: u32,
    child: u32,
}

/// Where a bound sub-term sits in an atom: its argument, then the way down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    arg: u32,
    down: Vec<Down>,
}

/// The bound parts of a pattern, in argument order (depth first inside an
/// argument).  Empty: the step enumerates every atom in its range.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct IndexKey {
    paths: Vec<Path>,
}

impl IndexKey {
    /// The key of a pattern with arguments `args`, given which variables
    /// are bound.
    pub fn of(args: &[GTerm], is_bound: &dyn Fn(Var) -> bool) -> IndexKey {
        let mut paths = Vec::new();
        for (i, a) in args.iter().enumerate() {
            collect(a, i as u32, &mut Vec::new(), is_bound, &mut paths);
        }
        IndexKey { paths }
    }

    /// The key that finds atoms by all of their arguments.
    pub fn full(arity: usize) -> IndexKey {
        IndexKey { paths: (0..arity as u32).map(|arg| Path { arg, down: Vec::new() }).collect() }
    }

    /// No bound parts: a scan.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// How many bound parts.
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// Every one of `arity` arguments is bound: a look-up of one atom.
    pub fn is_full(&self, arity: usize) -> bool {
        self.paths.len() == arity && self.paths.iter().all(|p| p.down.is_empty())
    }

    /// The values of an atom with arguments `args` at the key's paths;
    /// `None` if the atom lacks a path's functions (it matches no pattern
    /// with this key).
    pub fn project(&self, args: &[Sym], syms: &Symbols) -> Option<Vec<Sym>> {
        self.paths.iter().map(|p| walk(p, args, syms)).collect()
    }

    /// The pattern's values at the key's paths under `b`; `None` if one is
    /// undefined (no atom matches then).
    pub fn values(&self, args: &[GTerm], b: &Binding, syms: &mut Symbols) -> Option<Vec<Sym>> {
        let mut out = Vec::with_capacity(self.paths.len());
        for p in &self.paths {
            let mut t = &args[p.arg as usize];
            for d in &p.down {
                let f = match t {
                    GTerm::Unary(UnOp::Neg, a, _) => &**a,
                    t => t,
                };
                match f {
                    GTerm::Func { args, .. } => t = &args[d.child as usize],
                    _ => unreachable!("a key's path goes down through the pattern's functions"),
                }
            }
            out.push(t.eval(b, syms)?);
        }
        Some(out)
    }
}

/// The term of `args` at `path`, if the functions on the way match.
fn walk(path: &Path, args: &[Sym], syms: &Symbols) -> Option<Sym> {
    let mut s = args[path.arg as usize];
    for d in &path.down {
        match syms.get(s) {
            SymData::Func { name, neg, args }
                if *name == d.name && *neg == d.neg && args.len() == d.arity as usize =>
            {
                s = args[d.child as usize]
            }
            _ => return None,
        }
    }
    Some(s)
}

/// Adds the paths to the bound parts of `t` (at argument `arg`, reached by `down`).
fn collect(t: &GTerm, arg: u32, down: &mut Vec<Down>, is_bound: &dyn Fn(Var) -> bool, out: &mut Vec<Path>) {
    let mut vs = Vec::new();
    t.vars(&mut vs);
    if vs.iter().all(|v| is_bound(*v)) {
        out.push(Path { arg, down: down.clone() });
        return;
    }
    // `-f(..)` is `f(..)` with its sign flipped (see `GTerm::matches_all`)
    let (f, flip) = match t {
        GTerm::Unary(UnOp::Neg, a, _) => (&**a, true),
        t => (t, false),
    };
    if let GTerm::Func { name, neg, args } = f {
        for (j, a) in args.iter().enumerate() {
            down.push(Down { name: *name, neg: *neg != flip, arity: args.len() as u32, child: j as u32 });
            collect(a, arg, down, is_bound, out);
            down.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::term::OpId;

    #[test]
    fn a_bound_sub_term_of_a_partly_bound_argument_is_part_of_the_key() {
        let mut syms = Symbols::new();
        let seq = syms.name("seq");
        let (x, y) = (Var(0), Var(1));
        // reachable(seq(X,Y)) with X bound
        let pat = vec![GTerm::Func { name: seq, neg: false, args: vec![GTerm::Var(x), GTerm::Var(y)] }];
        let key = IndexKey::of(&pat, &|v| v == x);
        assert_eq!(key.len(), 1);
        assert!(!key.is_full(1));
        let (a, c) = (syms.constant("a"), syms.constant("c"));
        let atom = syms.func(seq, false, vec![a, c]);
        assert_eq!(key.project(&[atom], &syms), Some(vec![a]));
        // an atom whose argument is no seq/2 cannot match: it has no key
        let other = syms.func(seq, false, vec![a]);
        assert_eq!(key.project(&[other], &syms), None);
        assert_eq!(key.project(&[a], &syms), None);
        let mut b = Binding::new(2);
        b.set(x, c);
        assert_eq!(key.values(&pat, &b, &mut syms), Some(vec![c]));
        // nothing bound: a scan; everything bound: a look-up
        assert!(IndexKey::of(&pat, &|_| false).is_empty());
        assert!(IndexKey::of(&pat, &|_| true).is_full(1));
        assert_eq!(IndexKey::of(&pat, &|_| true), IndexKey::full(1));
        // s(-seq(X,Y)) with X bound: the atoms s(-seq(..)), not s(seq(..))
        let neg = vec![GTerm::Unary(UnOp::Neg, Box::new(pat[0].clone()), OpId(0))];
        let key = IndexKey::of(&neg, &|v| v == x);
        assert_eq!(key.len(), 1);
        let flipped = syms.func(seq, true, vec![a, c]);
        assert_eq!(key.project(&[flipped], &syms), Some(vec![a]));
        assert_eq!(key.project(&[atom], &syms), None);
        assert_eq!(key.values(&neg, &b, &mut syms), Some(vec![c]));
    }
}
