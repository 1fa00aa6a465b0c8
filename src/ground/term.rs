//! Non-ground terms of normalised rules: evaluation under a binding and
//! matching against ground symbols (binding variables on the way).
//!
//! Invariant: a [`GTerm`] holds no pools and no intervals (the normaliser
//! removed them) and its variables are dense [`Var`] indices of its rule.
//! Evaluation is total: an undefined operation (division by zero, arithmetic
//! on a non-integer) gives `None`, never a panic.

use super::symbol::{Name, Sym, SymData, Symbols};
use crate::syntax::ast::{BinOp, UnOp};

/// A variable of a rule, dense from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Var(pub u32);

/// Values of a rule's variables during instantiation.
#[derive(Clone, Debug)]
pub struct Binding {
    vals: Vec<Option<Sym>>,
    /// Per literal of the join that made this binding (`NO_MATCH` when
    /// none): the position, in its predicate's atom set, of the atom the
    /// literal was matched against, so the instance need not look it up.
    matched: Vec<u32>,
}

/// No atom matched (in [`Binding::matched`] and the flat copies of it).
pub const NO_MATCH: u32 = u32::MAX;

impl Binding {
    /// A binding of `n` variables, all unbound, with no matches recorded.
    pub fn new(n: usize) -> Binding {
        Binding { vals: vec![None; n], matched: Vec::new() }
    }
    /// Records that literal `lit` matched the atom at position `pos`.
    pub fn set_match(&mut self, lit: usize, pos: u32) {
        if self.matched.len() <= lit {
            self.matched.resize(lit + 1, NO_MATCH);
        }
        self.matched[lit] = pos;
    }
    /// Forgets the atom literal `lit` matched.
    pub fn clear_match(&mut self, lit: usize) {
        if let Some(m) = self.matched.get_mut(lit) {
            *m = NO_MATCH;
        }
    }
    /// A copy of the values only (no matches).
    pub fn values_only(&self) -> Binding {
        Binding { vals: self.vals.clone(), matched: Vec::new() }
    }
    /// Forgets all matches (before joining other literals under it).
    pub fn clear_matches(&mut self) {
        self.matched.clear();
    }
    /// The position of the atom literal `lit` matched, if one is recorded.
    pub fn matched(&self, lit: usize) -> Option<u32> {
        self.matched.get(lit).copied().filter(|&m| m != NO_MATCH)
    }

    /// The value of `v`, if bound.
    pub fn get(&self, v: Var) -> Option<Sym> {
        self.vals[v.0 as usize]
    }
    /// Binds `v` to `s`.
    pub fn set(&mut self, v: Var, s: Sym) {
        self.vals[v.0 as usize] = Some(s);
    }
    /// Unbinds `v`.
    pub fn unset(&mut self, v: Var) {
        self.vals[v.0 as usize] = None;
    }
    /// The values of all variables, indexed by [`Var`] (`None`: unbound).
    pub fn values(&self) -> &[Option<Sym>] {
        &self.vals
    }
}

/// Which written operation a term's operation node stands for: an index
/// into [`Symbols`]' table of operations (where it is written and how
/// clingo shows it), read only to name an undefined operation
/// ([`GTerm::note_undefined`]). It never changes what a term means, so
/// all are equal.
#[derive(Clone, Copy, Debug)]
pub struct OpId(pub u32);

impl OpId {
    /// An operation the grounder made itself, never reported.
    pub const NONE: OpId = OpId(u32::MAX);
}

impl PartialEq for OpId {
    fn eq(&self, _: &OpId) -> bool {
        true
    }
}

/// A term of a normalised rule (ground parts may already be symbols).
#[derive(Clone, PartialEq, Debug)]
pub enum GTerm {
    /// A variable.
    Var(Var),
    /// A ground term.
    Sym(Sym),
    /// A function term, constant or tuple (empty name).
    Func {
        /// The name.
        name: Name,
        /// Whether the term is classically negated.
        neg: bool,
        /// The arguments.
        args: Vec<GTerm>,
    },
    /// A unary operation, and which written operation it is.
    Unary(UnOp, Box<GTerm>, OpId),
    /// An arithmetic or bitwise binary operation (on integers), and which
    /// written operation it is.
    Binary(BinOp, Box<GTerm>, Box<GTerm>, OpId),
}

impl GTerm {
    /// Adds this term's variables to `out` (in order of occurrence, repeats kept out).
    pub fn vars(&self, out: &mut Vec<Var>) {
        match self {
            GTerm::Var(v) => {
                if !out.contains(v) {
                    out.push(*v)
                }
            }
            GTerm::Sym(_) => {}
            GTerm::Func { args, .. } => args.iter().for_each(|a| a.vars(out)),
            GTerm::Unary(_, a, _) => a.vars(out),
            GTerm::Binary(_, a, b, _) => {
                a.vars(out);
                b.vars(out)
            }
        }
    }

    /// Whether the term has no variables.
    pub fn is_ground(&self) -> bool {
        let mut v = Vec::new();
        self.vars(&mut v);
        v.is_empty()
    }

    /// Variables this term can bind when matched against a symbol, given
    /// that the variables satisfying `bound` are already bound.  Returns
    /// `None` if the term cannot be matched before more variables are bound.
    pub fn matchable(&self, bound: &dyn Fn(Var) -> bool) -> Option<Vec<Var>> {
        GTerm::matchable_all(std::slice::from_ref(self), bound)
    }

    /// As [`GTerm::matchable`] for terms matched together (an atom's
    /// arguments): variables and function symbols bind first, anywhere in
    /// the terms; then each arithmetic subterm must be evaluable with what
    /// they bound, or be linear in its only variable (`p(T, T\2)`: `T`
    /// binds, then `T\2` is a check; `p(X+1)` binds X).
    pub fn matchable_all(terms: &[GTerm], bound: &dyn Fn(Var) -> bool) -> Option<Vec<Var>> {
        let mut out = Vec::new();
        let mut pending = Vec::new();
        for t in terms {
            t.collect_structure(bound, &mut out, &mut pending);
        }
        while !pending.is_empty() {
            let before = pending.len();
            pending.retain(|t: &&GTerm| {
                let mut vs = Vec::new();
                t.vars(&mut vs);
                let alone = vs.len() == 1;
                vs.retain(|v| !bound(*v) && !out.contains(v));
                match vs.as_slice() {
                    [] => false,
                    // as gringo: only a term over one variable is inverted
                    // (`p(X+1)` binds X; `p(X+D)` binds nothing, even with X bound)
                    [v] if alone && t.linear_in(*v).is_some() => {
                        out.push(*v);
                        false
                    }
                    _ => true,
                }
            });
            if pending.len() == before {
                return None;
            }
        }
        Some(out)
    }

    /// Variables outside arithmetic go to `out`; arithmetic subterms with
    /// a variable to `pending`.
    fn collect_structure<'a>(
        &'a self,
        bound: &dyn Fn(Var) -> bool,
        out: &mut Vec<Var>,
        pending: &mut Vec<&'a GTerm>,
    ) {
        match self {
            GTerm::Var(v) => {
                if !bound(*v) && !out.contains(v) {
                    out.push(*v);
                }
            }
            GTerm::Sym(_) => {}
            GTerm::Func { args, .. } => args.iter().for_each(|a| a.collect_structure(bound, out, pending)),
            // clingo's `-t` matches the value with its sign flipped (an
            // integer's or a function's): `-X`, `-f(X)` bind as `X`, `f(X)`
            GTerm::Unary(UnOp::Neg, a, _) => a.collect_structure(bound, out, pending),
            _ => {
                if !self.is_ground() {
                    pending.push(self)
                }
            }
        }
    }

    /// If this term is `a*v + b` for ground-evaluable `a != 0`, `b` (where
    /// every other variable is bound), the coefficient path to invert it.
    fn linear_in(&self, v: Var) -> Option<()> {
        fn occurs(t: &GTerm, v: Var) -> usize {
            match t {
                GTerm::Var(w) => (*w == v) as usize,
                GTerm::Sym(_) => 0,
                GTerm::Func { .. } => 100,
                GTerm::Unary(UnOp::Neg, a, _) => occurs(a, v),
                GTerm::Unary(_, a, _) => 100 * occurs(a, v),
                GTerm::Binary(op, a, b, _) => {
                    let (x, y) = (occurs(a, v), occurs(b, v));
                    match op {
                        BinOp::Add | BinOp::Sub => x + y,
                        BinOp::Mul if x == 0 || y == 0 => x + y,
                        _ => 100 * (x + y),
                    }
                }
            }
        }
        (occurs(self, v) == 1).then_some(())
    }

    /// The value of the term, if all its variables are bound and every
    /// operation is defined.
    pub fn eval(&self, b: &Binding, syms: &mut Symbols) -> Option<Sym> {
        match self {
            GTerm::Var(v) => b.get(*v),
            GTerm::Sym(s) => Some(*s),
            GTerm::Func { name, neg, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(a.eval(b, syms)?);
                }
                Some(syms.func(*name, *neg, vals))
            }
            GTerm::Unary(op, a, _) => {
                let x = a.eval(b, syms)?;
                unary(*op, x, syms)
            }
            GTerm::Binary(..) => Some(syms.int(self.eval_int(b, syms)?)),
        }
    }

    /// The term is an operation on integers (`-X`, `X+1`, `|X|`, ...).
    pub fn is_arithmetic(&self) -> bool {
        matches!(self, GTerm::Unary(..) | GTerm::Binary(..))
    }

    /// The value of the term if it is an integer (and all its variables
    /// are bound and every operation is defined), as [`GTerm::eval`]
    /// computes it, but without interning the values of its operations:
    /// an arithmetic term is evaluated without a hash look-up per operation.
    pub fn eval_int(&self, b: &Binding, syms: &Symbols) -> Option<i32> {
        match self {
            GTerm::Var(v) => syms.as_int(b.get(*v)?),
            GTerm::Sym(s) => syms.as_int(*s),
            GTerm::Func { .. } => None,
            // (`-f(x)` is a function term, not an integer)
            GTerm::Unary(op, a, _) => {
                let x = a.eval_int(b, syms)?;
                Some(match op {
                    UnOp::Neg => x.wrapping_neg(),
                    UnOp::Abs => x.wrapping_abs(),
                    UnOp::BitNot => !x,
                })
            }
            GTerm::Binary(op, a, c, _) => {
                let x = a.eval_int(b, syms)?;
                let y = c.eval_int(b, syms)?;
                binary(*op, x, y)
            }
        }
    }

    /// The innermost operation of this term (in the order of evaluation)
    /// whose operands have values but that is undefined on them; `None`
    /// when the term has a value or a variable is unbound.
    fn first_undefined(&self, b: &Binding, syms: &mut Symbols) -> Option<OpId> {
        match self {
            GTerm::Var(_) | GTerm::Sym(_) => None,
            GTerm::Func { args, .. } => args.iter().find_map(|a| a.first_undefined(b, syms)),
            GTerm::Unary(op, a, id) => {
                if let Some(inner) = a.first_undefined(b, syms) {
                    return Some(inner);
                }
                if *op != UnOp::Neg {
                    if let Some(inner) = a.negated_symbol(*id, b, syms) {
                        return Some(inner);
                    }
                }
                let x = a.eval(b, syms)?;
                unary(*op, x, syms).is_none().then_some(*id)
            }
            GTerm::Binary(op, a, c, id) => {
                if let Some(inner) = a.first_undefined(b, syms).or_else(|| c.first_undefined(b, syms)) {
                    return Some(inner);
                }
                if let Some(inner) = a.negated_symbol(*id, b, syms).or_else(|| c.negated_symbol(*id, b, syms))
                {
                    return Some(inner);
                }
                let (x, y) = (a.eval(b, syms)?, c.eval(b, syms)?);
                let value = syms.as_int(x).zip(syms.as_int(y)).and_then(|(x, y)| binary(*op, x, y));
                value.is_none().then_some(*id)
            }
        }
    }

    /// An operand `-X` of an arithmetic operation (`parent`) that is a
    /// linear term of its own (`(-1*X)`, see `normalize`), with `X` bound
    /// to a symbol that is no integer: clingo finds it undefined there,
    /// before the operation it is in (`|-X|` with `X = a`).
    fn negated_symbol(&self, parent: OpId, b: &Binding, syms: &mut Symbols) -> Option<OpId> {
        let GTerm::Unary(UnOp::Neg, v, id) = self else { return None };
        // (ids compare equal as terms: their numbers tell them apart)
        if id.0 == parent.0 || !matches!(**v, GTerm::Var(_)) {
            return None;
        }
        let x = v.eval(b, syms)?;
        syms.as_int(x).is_none().then_some(*id)
    }

    /// Records, for clingo's `operation undefined` info, the undefined
    /// operation that leaves this term without a value under `b` (none
    /// when the grounder made the operation itself).
    pub fn note_undefined(&self, b: &Binding, syms: &mut Symbols) {
        if let Some(id) = self.first_undefined(b, syms) {
            syms.note_undefined(id);
        }
    }

    /// Matches the term against `s`, binding unbound variables; on failure
    /// the binding may hold partial bindings of the variables in `newly`
    /// (the caller unbinds them).  `newly` receives every variable bound here.
    pub fn matches(&self, s: Sym, b: &mut Binding, syms: &mut Symbols, newly: &mut Vec<Var>) -> bool {
        GTerm::matches_all(std::slice::from_ref(self), &[s], b, syms, newly)
    }

    /// Matches terms against symbols together (an atom's arguments), in the
    /// order [`GTerm::matchable_all`] plans: structure first, then each
    /// arithmetic subterm once it is evaluable or linear in one variable.
    pub fn matches_all(
        terms: &[GTerm],
        vals: &[Sym],
        b: &mut Binding,
        syms: &mut Symbols,
        newly: &mut Vec<Var>,
    ) -> bool {
        let mut pending: Vec<(&GTerm, Sym)> = Vec::new();
        for (t, s) in terms.iter().zip(vals) {
            if !t.match_structure(*s, b, syms, newly, &mut pending) {
                return false;
            }
        }
        while !pending.is_empty() {
            let before = pending.len();
            let mut k = 0;
            while k < pending.len() {
                let (t, s) = pending[k];
                if let GTerm::Unary(UnOp::Neg, a, _) = t {
                    // `-t` against `s`: `t` against `s` with its sign flipped
                    // (none for strings and `#inf`/`#sup`)
                    let Some(flipped) = unary(UnOp::Neg, s, syms) else { return false };
                    let mut inner = Vec::new();
                    if !a.match_structure(flipped, b, syms, newly, &mut inner) {
                        return false;
                    }
                    pending.swap_remove(k);
                    pending.extend(inner);
                    continue;
                }
                let done = match t.free_var(b) {
                    Free::None => {
                        if t.eval(b, syms) != Some(s) {
                            return false;
                        }
                        true
                    }
                    Free::One(v) if t.linear_in(v).is_some() => {
                        if !t.invert(v, s, b, syms, newly) {
                            return false;
                        }
                        true
                    }
                    _ => false,
                };
                if done {
                    pending.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            if pending.len() == before {
                // Not matchable with what is bound (the plan never asks this).
                return false;
            }
        }
        true
    }

    /// Matches everything but arithmetic; arithmetic subterms and the
    /// symbols they must equal go to `pending`.
    fn match_structure<'a>(
        &'a self,
        s: Sym,
        b: &mut Binding,
        syms: &Symbols,
        newly: &mut Vec<Var>,
        pending: &mut Vec<(&'a GTerm, Sym)>,
    ) -> bool {
        match self {
            GTerm::Var(v) => match b.get(*v) {
                Some(x) => x == s,
                None => {
                    b.set(*v, s);
                    newly.push(*v);
                    true
                }
            },
            GTerm::Sym(x) => *x == s,
            GTerm::Func { name, neg, args } => match syms.get(s) {
                SymData::Func { name: n, neg: g, args: a }
                    if n == name && g == neg && a.len() == args.len() =>
                {
                    args.iter().zip(a.iter()).all(|(t, x)| t.match_structure(*x, b, syms, newly, pending))
                }
                _ => false,
            },
            _ => {
                pending.push((self, s));
                true
            }
        }
    }

    /// The variables of this term not bound in `b`: none, one, or more.
    fn free_var(&self, b: &Binding) -> Free {
        match self {
            GTerm::Var(v) => {
                if b.get(*v).is_some() {
                    Free::None
                } else {
                    Free::One(*v)
                }
            }
            GTerm::Sym(_) => Free::None,
            GTerm::Func { args, .. } => args.iter().fold(Free::None, |acc, a| acc.join(a.free_var(b))),
            GTerm::Unary(_, a, _) => a.free_var(b),
            GTerm::Binary(_, a, c, _) => a.free_var(b).join(c.free_var(b)),
        }
    }

    /// Solves `self = s` for `v`, the term being linear in `v` with every
    /// other variable bound: evaluates at v=0 and v=1 and checks the result.
    fn invert(&self, v: Var, s: Sym, b: &mut Binding, syms: &mut Symbols, newly: &mut Vec<Var>) -> bool {
        let target = match syms.as_int(s) {
            Some(t) => t as i64,
            None => return false,
        };
        let zero = syms.int(0);
        let one = syms.int(1);
        b.set(v, zero);
        let f0 = self.eval(b, syms).and_then(|x| syms.as_int(x));
        b.set(v, one);
        let f1 = self.eval(b, syms).and_then(|x| syms.as_int(x));
        b.unset(v);
        let (f0, f1) = match (f0, f1) {
            (Some(a), Some(c)) => (a as i64, c as i64),
            _ => return false,
        };
        let a = f1 - f0;
        if a == 0 || (target - f0) % a != 0 {
            return false;
        }
        let x = (target - f0) / a;
        if x < i32::MIN as i64 || x > i32::MAX as i64 {
            return false;
        }
        let xs = syms.int(x as i32);
        b.set(v, xs);
        newly.push(v);
        // Check (guards against wrap-around and non-linear surprises).
        self.eval(b, syms) == Some(s)
    }
}

/// How many unbound variables a term has (see [`GTerm::free_var`]).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Free {
    None,
    One(Var),
    Many,
}

impl Free {
    fn join(self, other: Free) -> Free {
        match (self, other) {
            (Free::None, x) | (x, Free::None) => x,
            (Free::One(a), Free::One(c)) if a == c => Free::One(a),
            _ => Free::Many,
        }
    }
}

/// Unary operations; clingo's `-` also flips the sign of function terms.
pub fn unary(op: UnOp, x: Sym, syms: &mut Symbols) -> Option<Sym> {
    match (op, syms.get(x).clone()) {
        (UnOp::Neg, SymData::Int(i)) => Some(syms.int(i.wrapping_neg())),
        // Also tuples: clingo's `-(1,a)`.
        (UnOp::Neg, SymData::Func { name, neg, args }) => Some(syms.func(name, !neg, args.to_vec())),
        (UnOp::Abs, SymData::Int(i)) => Some(syms.int(i.wrapping_abs())),
        (UnOp::BitNot, SymData::Int(i)) => Some(syms.int(!i)),
        _ => None,
    }
}

/// Integer operations with 32-bit wrap-around, as clingo 5 computes them;
/// `None` where clingo's result is undefined.
pub fn binary(op: BinOp, x: i32, y: i32) -> Option<i32> {
    Some(match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::Div => {
            if y == 0 {
                return None;
            }
            x.wrapping_div(y)
        }
        BinOp::Mod => {
            if y == 0 {
                return None;
            }
            x.wrapping_rem(y)
        }
        BinOp::Pow => {
            if y >= 0 {
                x.wrapping_pow(y as u32)
            } else {
                // clingo 5.8: any base but 0 gives 0 (even 1**-1); 0**-1 is undefined.
                if x == 0 {
                    return None;
                }
                0
            }
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_terms_are_inverted() {
        let mut syms = Symbols::new();
        // X*2-2 against 2 binds X=2; against 1 fails.
        let two = syms.int(2);
        let t = GTerm::Binary(
            BinOp::Sub,
            Box::new(GTerm::Binary(
                BinOp::Mul,
                Box::new(GTerm::Var(Var(0))),
                Box::new(GTerm::Sym(two)),
                OpId::NONE,
            )),
            Box::new(GTerm::Sym(two)),
            OpId::NONE,
        );
        assert!(t.matchable(&|_| false).is_some());
        let mut b = Binding::new(1);
        let mut newly = vec![];
        assert!(t.matches(two, &mut b, &mut syms, &mut newly));
        assert_eq!(b.get(Var(0)), Some(two));
        let one = syms.int(1);
        let mut b = Binding::new(1);
        assert!(!t.matches(one, &mut b, &mut syms, &mut vec![]));
    }

    #[test]
    fn arithmetic_wraps_like_clingo() {
        assert_eq!(binary(BinOp::Add, i32::MAX, 1), Some(i32::MIN));
        assert_eq!(binary(BinOp::Pow, 2, 40), Some(0));
        assert_eq!(binary(BinOp::Div, -7, 2), Some(-3));
        assert_eq!(binary(BinOp::Mod, -7, 3), Some(-1));
        assert_eq!(binary(BinOp::Div, 7, 0), None);
    }
}
