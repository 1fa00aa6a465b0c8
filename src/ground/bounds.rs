//! Variables bound by the bounds their comparisons give them, as clingo 5.6
//! and later read them: `q(X) :- 1 < X, X < 4.` is safe and gives `q(2)`
//! and `q(3)`, where clingo 5.4 called `X` unsafe.
//!
//! The comparisons of a scope whose two sides are linear in its variables
//! (sums of integer multiples of variables and integer constants; ground
//! parts are evaluated, so `X <= 2**3` counts) and the intervals `X = a..b`
//! with linear ends are read as integer inequalities. Bounds propagate
//! through them (`sum a_i x_i >= b` gives each `x_j` the bound that the
//! other variables' bounds leave it) until nothing changes, or for at most
//! [`ROUNDS`] rounds. A variable that nothing else binds, and that has both
//! bounds, is then bound by the interval between them: a range literal
//! over constants is added to its scope. The comparisons stay, so the rule
//! holds for exactly the integers that satisfy them. Variables are given
//! intervals one at a time, the narrowest first, and safety is worked out
//! again after each, so a variable an equation binds once another is bound
//! (`Y = X + 1`) is not enumerated on its own.
//!
//! Scopes are the body (for the rule's variables) and each condition of a
//! conditional literal, aggregate element or head element (for its local
//! variables); a condition's bounds take the body's comparisons too. Only
//! constants bound: `p(Y), Y < X, X < Y + 3` leaves `X` unsafe, as in clingo.
//!
//! Invariant: a variable gets an interval only when every integer value it
//! can take in an instance of its scope lies inside it, so adding the range
//! literal changes no instance: it only makes a rule clingo 5.4 would have
//! rejected groundable.

use super::instantiate::global_vars;
use super::plan::plan;
use super::rule::{Head, Lit, Rule};
use super::symbol::Symbols;
use super::term::{Binding, GTerm, OpId, Var};
use crate::syntax::ast::{BinOp, CmpOp, UnOp};

/// Rounds of propagation at most: bounds that keep moving (`X < Y, Y < X`
/// with one bound) stop here; what was derived by then is still sound.
const ROUNDS: usize = 64;

/// `sum coef * var + constant`.
#[derive(Clone, Debug, Default)]
struct Linear {
    terms: Vec<(Var, i128)>,
    constant: i128,
}

impl Linear {
    /// Coefficients and constants stay below this (in absolute value), so
    /// that propagation's products and sums cannot overflow; an expression
    /// beyond it is not used.
    const LIMIT: i128 = 1 << 62;

    fn checked(self) -> Option<Linear> {
        let ok = |c: i128| c.abs() < Self::LIMIT;
        (ok(self.constant) && self.terms.iter().all(|&(_, c)| ok(c))).then_some(self)
    }

    fn scaled(mut self, k: i128) -> Option<Linear> {
        for (_, c) in self.terms.iter_mut() {
            *c = c.checked_mul(k)?;
        }
        self.constant = self.constant.checked_mul(k)?;
        self.checked()
    }

    fn plus(mut self, other: Linear) -> Option<Linear> {
        for (v, c) in other.terms {
            match self.terms.iter_mut().find(|(w, _)| *w == v) {
                Some((_, d)) => *d += c,
                None => self.terms.push((v, c)),
            }
        }
        self.constant += other.constant;
        self.checked()
    }
}

/// `t` as a linear expression, if it is one.
fn linear(t: &GTerm, syms: &mut Symbols) -> Option<Linear> {
    if t.is_ground() {
        let value = t.eval(&Binding::new(0), syms)?;
        return Some(Linear { terms: Vec::new(), constant: syms.as_int(value)? as i128 });
    }
    match t {
        GTerm::Var(v) => Some(Linear { terms: vec![(*v, 1)], constant: 0 }),
        GTerm::Unary(UnOp::Neg, a, _) => linear(a, syms)?.scaled(-1),
        GTerm::Binary(BinOp::Add, a, b, _) => linear(a, syms)?.plus(linear(b, syms)?),
        GTerm::Binary(BinOp::Sub, a, b, _) => linear(a, syms)?.plus(linear(b, syms)?.scaled(-1)?),
        GTerm::Binary(BinOp::Mul, a, b, _) => {
            let (a, b) = (linear(a, syms)?, linear(b, syms)?);
            match (a.terms.is_empty(), b.terms.is_empty()) {
                (true, _) => b.scaled(a.constant),
                (_, true) => a.scaled(b.constant),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `sum coef * var >= bound`.
struct AtLeast {
    terms: Vec<(Var, i128)>,
    bound: i128,
}

/// `d >= min` as an inequality over the variables (`None` if `d` has none).
fn at_least(d: Linear, min: i128) -> Option<AtLeast> {
    let terms: Vec<(Var, i128)> = d.terms.into_iter().filter(|&(_, c)| c != 0).collect();
    (!terms.is_empty()).then(|| AtLeast { terms, bound: min - d.constant })
}

/// The inequalities `l` gives, where it is a linear comparison or interval.
fn inequalities(l: &Lit, syms: &mut Symbols, out: &mut Vec<AtLeast>) {
    let mut diff = |a: &GTerm, b: &GTerm, min: i128, out: &mut Vec<AtLeast>| {
        let d = linear(a, syms).zip(linear(b, syms)).and_then(|(a, b)| a.plus(b.scaled(-1)?));
        if let Some(d) = d {
            out.extend(at_least(d, min));
        }
    };
    match l {
        Lit::Cmp { op, l, r } => match op {
            CmpOp::Ge => diff(l, r, 0, out),
            CmpOp::Gt => diff(l, r, 1, out),
            CmpOp::Le => diff(r, l, 0, out),
            CmpOp::Lt => diff(r, l, 1, out),
            CmpOp::Eq => {
                diff(l, r, 0, out);
                diff(r, l, 0, out);
            }
            CmpOp::Ne => {}
        },
        Lit::Range { t, lo, hi, .. } => {
            diff(t, lo, 0, out);
            diff(hi, t, 0, out);
        }
        _ => {}
    }
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// Per variable, the bounds the inequalities give it (`lo[v] > hi[v]`: no
/// integer satisfies them).
fn propagate(ineqs: &[AtLeast], num_vars: usize) -> (Vec<Option<i128>>, Vec<Option<i128>>) {
    let (min, max) = (i32::MIN as i128, i32::MAX as i128);
    let mut lo: Vec<Option<i128>> = vec![None; num_vars];
    let mut hi: Vec<Option<i128>> = vec![None; num_vars];
    for _ in 0..ROUNDS {
        let mut changed = false;
        for q in ineqs {
            for (j, &(x, a)) in q.terms.iter().enumerate() {
                // the most the other terms can contribute
                let mut rest = 0i128;
                let known = q.terms.iter().enumerate().filter(|&(i, _)| i != j).all(|(_, &(y, c))| {
                    let end = if c > 0 { hi[y.0 as usize] } else { lo[y.0 as usize] };
                    end.map(|e| rest += c * e).is_some()
                });
                if !known {
                    continue;
                }
                let need = q.bound - rest;
                let x = x.0 as usize;
                if a > 0 {
                    let b = ceil_div(need, a).max(min);
                    if lo[x].is_none_or(|l| b > l) {
                        lo[x] = Some(b);
                        changed = true;
                    }
                } else {
                    let b = floor_div(need, a).min(max);
                    if hi[x].is_none_or(|h| b < h) {
                        hi[x] = Some(b);
                        changed = true;
                    }
                }
                if lo[x].zip(hi[x]).is_some_and(|(l, h)| l > h) {
                    return (lo, hi);
                }
            }
        }
        if !changed {
            break;
        }
    }
    (lo, hi)
}

/// The literal binding `v` to the narrowest interval `scope` gives to one of
/// the variables `want`, if one has both bounds.
fn interval(scope: &[&Lit], want: &[Var], num_vars: usize, syms: &mut Symbols) -> Option<Lit> {
    let mut ineqs = Vec::new();
    for l in scope {
        inequalities(l, syms, &mut ineqs);
    }
    if ineqs.is_empty() {
        return None;
    }
    let (lo, hi) = propagate(&ineqs, num_vars);
    let (v, l, h) = want
        .iter()
        .filter_map(|&v| Some((v, lo[v.0 as usize]?, hi[v.0 as usize]?)))
        .min_by_key(|&(v, l, h)| (h - l, v.0))?;
    // an empty interval: any ends with nothing between them will do
    let (l, h) = if l > h { (1, 0) } else { (l, h) };
    Some(Lit::Range {
        t: GTerm::Var(v),
        lo: GTerm::Sym(syms.int(l as i32)),
        hi: GTerm::Sym(syms.int(h as i32)),
        op: OpId::NONE,
    })
}

/// The rule with a range literal for each variable that only its bounds
/// bind (see the module documentation); a rule without such a variable is
/// left as it is.
pub fn bind(r: &mut Rule, syms: &mut Symbols) {
    let has_cmp = |ls: &[Lit]| ls.iter().any(|l| matches!(l, Lit::Cmp { .. } | Lit::Range { .. }));
    let in_conds = r.body.iter().any(|l| match l {
        Lit::Cond { cond, .. } => has_cmp(cond),
        Lit::Agg(a) => a.elems.iter().any(|e| has_cmp(&e.cond)),
        _ => false,
    }) || r.head.elems().iter().any(|e| has_cmp(&e.cond));
    if !in_conds && !has_cmp(&r.body) {
        return;
    }
    let global = global_vars(r);
    let none = vec![false; r.num_vars];
    let mut bound;
    loop {
        bound = plan(&r.body, &none, &global, None, &|_| 0).1;
        let want: Vec<Var> =
            (0..r.num_vars).filter(|&i| global[i] && !bound[i]).map(|i| Var(i as u32)).collect();
        if want.is_empty() || !has_cmp(&r.body) {
            break;
        }
        let scope: Vec<&Lit> = r.body.iter().collect();
        match interval(&scope, &want, r.num_vars, syms) {
            Some(lit) => r.body.push(lit),
            None => break,
        }
    }
    // the conditions, each with the body's comparisons
    let outer: Vec<Lit> =
        r.body.iter().filter(|l| matches!(l, Lit::Cmp { .. } | Lit::Range { .. })).cloned().collect();
    let num_vars = r.num_vars;
    let mut conds: Vec<(&mut Vec<Lit>, Vec<Var>)> = Vec::new();
    for l in r.body.iter_mut() {
        match l {
            Lit::Cond { lit, cond, .. } => {
                let mut vs = Vec::new();
                lit.vars(&mut vs);
                conds.push((cond, vs));
            }
            Lit::Agg(a) => {
                for e in a.elems.iter_mut() {
                    let mut vs = Vec::new();
                    e.tuple.iter().for_each(|t| t.vars(&mut vs));
                    conds.push((&mut e.cond, vs));
                }
            }
            _ => {}
        }
    }
    if let Head::Choice { elems, .. } | Head::Disjunction(elems) = &mut r.head {
        for e in elems.iter_mut() {
            let mut vs = Vec::new();
            e.atoms().flat_map(|a| &a.args).for_each(|t| t.vars(&mut vs));
            e.weight.iter().for_each(|t| t.vars(&mut vs));
            conds.push((&mut e.cond, vs));
        }
    }
    for (cond, mut vs) in conds {
        if !has_cmp(cond) && !has_cmp(&outer) {
            continue;
        }
        cond.iter().for_each(|c| c.vars(&mut vs));
        loop {
            let b2 = plan(cond, &bound, &bound, None, &|_| 0).1;
            let want: Vec<Var> = vs.iter().copied().filter(|v| !b2[v.0 as usize]).collect();
            if want.is_empty() {
                break;
            }
            let scope: Vec<&Lit> = outer.iter().chain(cond.iter()).collect();
            match interval(&scope, &want, num_vars, syms) {
                Some(lit) => cond.push(lit),
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(i: u32) -> GTerm {
        GTerm::Var(Var(i))
    }

    #[test]
    fn bounds_propagate_through_sums_and_multiples() {
        let mut syms = Symbols::new();
        let c = |syms: &mut Symbols, i: i32| GTerm::Sym(syms.int(i));
        // 1 < X + Y, X < 3, Y < 2, 0 <= 2 * X
        let two = c(&mut syms, 2);
        let lits = vec![
            Lit::Cmp {
                op: CmpOp::Lt,
                l: c(&mut syms, 1),
                r: GTerm::Binary(BinOp::Add, Box::new(v(0)), Box::new(v(1)), OpId::NONE),
            },
            Lit::Cmp { op: CmpOp::Lt, l: v(0), r: c(&mut syms, 3) },
            Lit::Cmp { op: CmpOp::Lt, l: v(1), r: two.clone() },
            Lit::Cmp {
                op: CmpOp::Le,
                l: c(&mut syms, 0),
                r: GTerm::Binary(BinOp::Mul, Box::new(two), Box::new(v(0)), OpId::NONE),
            },
        ];
        let mut ineqs = Vec::new();
        for l in &lits {
            inequalities(l, &mut syms, &mut ineqs);
        }
        let (lo, hi) = propagate(&ineqs, 2);
        // X in 0..2 from 2X >= 0 and X <= 2; then Y >= 2 - X >= 0; Y <= 1; X >= 2 - Y >= 1
        assert_eq!((lo[0], hi[0]), (Some(1), Some(2)));
        assert_eq!((lo[1], hi[1]), (Some(0), Some(1)));
    }

    #[test]
    fn coefficients_too_large_make_no_bound() {
        let mut syms = Symbols::new();
        let mut t = v(0);
        for _ in 0..8 {
            let k = GTerm::Sym(syms.int(1_000_000));
            t = GTerm::Binary(BinOp::Mul, Box::new(t), Box::new(k), OpId::NONE);
        }
        // 10^48 * X: beyond the limit, so not used (and no overflow)
        assert!(linear(&t, &mut syms).is_none());
        let small = GTerm::Binary(BinOp::Mul, Box::new(v(0)), Box::new(GTerm::Sym(syms.int(3))), OpId::NONE);
        assert_eq!(linear(&small, &mut syms).map(|l| l.terms), Some(vec![(Var(0), 3)]));
    }

    #[test]
    fn division_rounds_towards_the_feasible_side() {
        assert_eq!((floor_div(7, 2), ceil_div(7, 2)), (3, 4));
        assert_eq!((floor_div(-7, 2), ceil_div(-7, 2)), (-4, -3));
        assert_eq!((floor_div(7, -2), ceil_div(7, -2)), (-4, -3));
        assert_eq!((floor_div(6, -2), ceil_div(6, -2)), (-3, -3));
    }

    #[test]
    fn bounds_that_keep_moving_stop() {
        // X >= 0, Y >= X + 1, X >= Y + 1: no integers, and no upper bound
        let ineqs = vec![
            AtLeast { terms: vec![(Var(0), 1)], bound: 0 },
            AtLeast { terms: vec![(Var(1), 1), (Var(0), -1)], bound: 1 },
            AtLeast { terms: vec![(Var(0), 1), (Var(1), -1)], bound: 1 },
        ];
        let (lo, hi) = propagate(&ineqs, 2);
        assert!(lo[0].is_some() && hi[0].is_none() && hi[1].is_none());
    }
}
