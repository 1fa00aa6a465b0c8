//! Comparisons of linear integer terms (`S*1000+E*100+N*10+D == ..`)
//! compiled once per join into a constant and one coefficient per variable,
//! so that each binding costs a multiply-add per variable instead of a walk
//! over the term's tree.
//!
//! Invariant: for every binding under which both sides of the comparison
//! have integer values, [`LinearCmp::holds`] gives what evaluating the
//! terms (`GTerm::eval_int`, then comparing the integers) gives. Sums,
//! differences, negations and products by constants are exact in 32-bit
//! wrap-around arithmetic (the integers modulo 2^32 are a ring), so the
//! linear form computes the same value however its terms were grouped.
//! Every variable of a side is kept, even with coefficient 0 (`X-X`), so a
//! side with a variable bound to a non-integer has no value, as it has none
//! when evaluated: the caller then evaluates the terms themselves (for the
//! term order or clingo's `operation undefined` info).

use super::aggregate::compare_ints;
use super::rule::Lit;
use super::symbol::Symbols;
use super::term::{Binding, GTerm, Var};
use crate::syntax::ast::{BinOp, CmpOp, UnOp};

/// `k + sum c_i * X_i`, in wrap-around arithmetic.
#[derive(Clone, Debug, Default)]
struct Linear {
    k: i32,
    vars: Vec<(Var, i32)>,
}

impl Linear {
    /// Adds `scale * t`; false if `t` is not linear in its variables
    /// (a product of variables, a division, a non-integer constant, ...).
    fn add(&mut self, t: &GTerm, scale: i32, syms: &Symbols) -> bool {
        match t {
            GTerm::Var(v) => {
                match self.vars.iter_mut().find(|(w, _)| w == v) {
                    Some((_, c)) => *c = c.wrapping_add(scale),
                    None => self.vars.push((*v, scale)),
                }
                true
            }
            GTerm::Sym(s) => match syms.as_int(*s) {
                Some(i) => {
                    self.k = self.k.wrapping_add(scale.wrapping_mul(i));
                    true
                }
                None => false,
            },
            GTerm::Unary(UnOp::Neg, a, _) => self.add(a, scale.wrapping_neg(), syms),
            GTerm::Binary(BinOp::Add, a, c, _) => self.add(a, scale, syms) && self.add(c, scale, syms),
            GTerm::Binary(BinOp::Sub, a, c, _) => {
                self.add(a, scale, syms) && self.add(c, scale.wrapping_neg(), syms)
            }
            GTerm::Binary(BinOp::Mul, a, c, _) => match (constant(a, syms), constant(c, syms)) {
                (Some(x), _) => self.add(c, scale.wrapping_mul(x), syms),
                (_, Some(y)) => self.add(a, scale.wrapping_mul(y), syms),
                _ => false,
            },
            _ => false,
        }
    }

    /// The value under `b`; `None` if a variable is unbound or not an integer.
    #[inline]
    fn eval(&self, b: &Binding, syms: &Symbols) -> Option<i32> {
        let mut sum = self.k;
        for &(v, c) in &self.vars {
            sum = sum.wrapping_add(c.wrapping_mul(syms.as_int(b.get(v)?)?));
        }
        Some(sum)
    }
}

/// The integer value of a term without variables, if it has one.
fn constant(t: &GTerm, syms: &Symbols) -> Option<i32> {
    let mut l = Linear::default();
    (l.add(t, 1, syms) && l.vars.is_empty()).then_some(l.k)
}

/// A comparison of two linear integer terms.
#[derive(Clone, Debug)]
pub struct LinearCmp {
    op: CmpOp,
    l: Linear,
    r: Linear,
}

impl LinearCmp {
    /// The compiled form of `lit`, if it is a comparison of two linear
    /// terms at least one of which has an operation worth compiling
    /// (three or more: smaller terms are evaluated as fast directly).
    pub fn of(lit: &Lit, syms: &Symbols) -> Option<LinearCmp> {
        let Lit::Cmp { op, l, r } = lit else { return None };
        if operations(l) + operations(r) < 3 {
            return None;
        }
        let (mut lf, mut rf) = (Linear::default(), Linear::default());
        (lf.add(l, 1, syms) && rf.add(r, 1, syms)).then_some(LinearCmp { op: *op, l: lf, r: rf })
    }

    /// Whether the comparison holds under `b`; `None` if a side has no
    /// integer value there.
    #[inline]
    pub fn holds(&self, b: &Binding, syms: &Symbols) -> Option<bool> {
        Some(compare_ints(self.op, self.l.eval(b, syms)?, self.r.eval(b, syms)?))
    }
}

/// The number of operations in `t`.
fn operations(t: &GTerm) -> usize {
    match t {
        GTerm::Var(_) | GTerm::Sym(_) => 0,
        GTerm::Func { args, .. } => args.iter().map(operations).sum(),
        GTerm::Unary(_, a, _) => 1 + operations(a),
        GTerm::Binary(_, a, c, _) => 1 + operations(a) + operations(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::term::OpId;

    fn bin(op: BinOp, a: GTerm, c: GTerm) -> GTerm {
        GTerm::Binary(op, Box::new(a), Box::new(c), OpId(0))
    }

    /// On every binding tried (wrap-around included, and a variable bound
    /// to a constant), the compiled comparison agrees with evaluating the
    /// terms; products of variables and divisions are not compiled.
    #[test]
    fn a_compiled_comparison_agrees_with_evaluation() {
        let mut syms = Symbols::new();
        let (x, y) = (GTerm::Var(Var(0)), GTerm::Var(Var(1)));
        let int = |syms: &mut Symbols, i: i32| GTerm::Sym(syms.int(i));
        // 3*X - (Y - 7)*(-2) + -X*1000000  vs  Y*2147483647 - 5
        let l = bin(
            BinOp::Add,
            bin(
                BinOp::Sub,
                bin(BinOp::Mul, int(&mut syms, 3), x.clone()),
                bin(BinOp::Mul, bin(BinOp::Sub, y.clone(), int(&mut syms, 7)), int(&mut syms, -2)),
            ),
            bin(BinOp::Mul, GTerm::Unary(UnOp::Neg, Box::new(x.clone()), OpId(0)), int(&mut syms, 1_000_000)),
        );
        let r = bin(BinOp::Sub, bin(BinOp::Mul, y.clone(), int(&mut syms, i32::MAX)), int(&mut syms, 5));
        let a = syms.constant("a");
        let values: Vec<_> = [-3000, -7, -1, 0, 1, 2, 9, 2147, i32::MAX, i32::MIN]
            .iter()
            .map(|&i| syms.int(i))
            .chain([a])
            .collect();
        for op in [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge] {
            let lit = Lit::Cmp { op, l: l.clone(), r: r.clone() };
            let c = LinearCmp::of(&lit, &syms).expect("linear");
            for &vx in &values {
                for &vy in &values {
                    let mut b = Binding::new(2);
                    b.set(Var(0), vx);
                    b.set(Var(1), vy);
                    let direct = match (l.eval_int(&b, &syms), r.eval_int(&b, &syms)) {
                        (Some(p), Some(q)) => Some(compare_ints(op, p, q)),
                        _ => None,
                    };
                    assert_eq!(c.holds(&b, &syms), direct, "{op:?} under X={vx:?} Y={vy:?}");
                }
            }
        }
        let xy = Lit::Cmp { op: CmpOp::Eq, l: bin(BinOp::Mul, x.clone(), y.clone()), r: int(&mut syms, 4) };
        assert!(LinearCmp::of(&xy, &syms).is_none());
        let div = Lit::Cmp {
            op: CmpOp::Eq,
            l: bin(BinOp::Div, bin(BinOp::Add, x, y), int(&mut syms, 2)),
            r: int(&mut syms, 4),
        };
        assert!(LinearCmp::of(&div, &syms).is_none());
    }
}
