//! Two rewritings clingo 5 makes of a rule's body before it checks the
//! rule's safety (so both decide what is unsafe, not only what holds):
//!
//! - A body aggregate without bounds (`#count { X : p(X) }`) always holds:
//!   it is dropped, local variables and all (clingo neither reports them
//!   unsafe nor the atoms of its elements as undefined). Under `not` its
//!   body never holds, and the rule is dropped, as clingo 5.8 does.
//! - In a conditional literal `b(X,Y) : c(X)`, a variable that occurs once,
//!   in the positive atom only and nowhere else in the rule, is bound by
//!   nothing: clingo reads it as `_`, "some `b(X,..)`" for each `X` of the
//!   condition (`c. b(1). a :- b(X) : c.` derives `a`). It becomes `_`,
//!   whose projection the normaliser already builds. A variable written
//!   twice in the atom stays unsafe here.
//! - A body aggregate with two bounds, one of them `=` with a variable in
//!   its term (`N = #count { .. } 5`, `1 < #sum { .. } = S`), is the two
//!   aggregates of one bound each, as clingo splits it: the `=` one binds
//!   its variable (`N = #count { X : p(X) } - 1` is `N` the count and the
//!   count at most `-1`, never, not an unsafe `N`).
//!
//! Invariant: a rule without such a literal is left as it is
//! ([`Rewrite::Same`], no copy); a rewritten rule has the answer sets
//! clingo gives the original.

use super::hash::Map;
use crate::syntax::ast::{Aggregate, BodyLit, Bound, CmpOp, LitKind, Rule, Sign, Term, TermKind};
use crate::syntax::parse::Dialect;

/// What becomes of a rule.
#[derive(Debug)]
pub enum Rewrite {
    /// It stays as written.
    Same,
    /// It is read as this rule.
    Changed(Rule),
    /// Its body never holds.
    Dropped,
}

/// The rule as clingo 5 reads it (see the module documentation); a
/// gringo 3 rule stays as it is.
pub fn rewrite(r: &Rule, dialect: Dialect) -> Rewrite {
    if dialect != Dialect::Clingo5 {
        return Rewrite::Same;
    }
    let boundless = |b: &BodyLit| matches!(b, BodyLit::Aggregate { agg, .. } if agg.left.is_none() && agg.right.is_none());
    let projectable = |b: &BodyLit| matches!(b, BodyLit::Conditional { lit, .. } if lit.sign == Sign::Pos && matches!(lit.kind, LitKind::Atom(_)));
    if !r.body.iter().any(|b| boundless(b) || projectable(b) || assigning_twice_bounded(b)) {
        return Rewrite::Same;
    }
    let mut r = r.clone();
    if r.body.iter().any(assigning_twice_bounded) {
        r.body = r.body.into_iter().flat_map(split_bounds).collect();
    }
    let mut dropped = false;
    r.body.retain(|b| match b {
        BodyLit::Aggregate { sign, .. } if boundless(b) => {
            dropped |= *sign == Sign::Not;
            false
        }
        _ => true,
    });
    if dropped {
        return Rewrite::Dropped;
    }
    if !r.body.iter().any(projectable) {
        return Rewrite::Changed(r);
    }
    let mut everywhere = Map::default();
    r.terms_mut(&mut |t, _| count_vars(t, &mut everywhere));
    for b in &mut r.body {
        let BodyLit::Conditional { lit, .. } = b else { continue };
        let LitKind::Atom(atom) = &mut lit.kind else { continue };
        if lit.sign != Sign::Pos {
            continue;
        }
        let mut here = Map::default();
        count_vars(atom, &mut here);
        // once in the atom and nowhere else (the condition included)
        let lone: Vec<String> = here
            .into_iter()
            .filter(|(v, n)| *n == 1 && everywhere.get(v) == Some(&1))
            .map(|(v, _)| v)
            .collect();
        if lone.is_empty() {
            continue;
        }
        atom.visit_mut(&mut |t| {
            if matches!(&t.kind, TermKind::Var(v) if lone.contains(v)) {
                t.kind = TermKind::Anon;
            }
            true
        });
    }
    Rewrite::Changed(r)
}

/// A positive body aggregate with two bounds, one an `=` whose term has
/// a variable.
fn assigning_twice_bounded(b: &BodyLit) -> bool {
    let BodyLit::Aggregate { sign: Sign::Pos, agg } = b else { return false };
    if agg.left.is_none() || agg.right.is_none() {
        return false;
    }
    let assigns = |b: &Option<Bound>| {
        b.as_ref().is_some_and(|b| {
            let mut vars = false;
            b.term.clone().visit_mut(&mut |t| {
                vars |= matches!(t.kind, TermKind::Var(_));
                !vars
            });
            b.op == CmpOp::Eq && vars
        })
    };
    assigns(&agg.left) || assigns(&agg.right)
}

/// The literal as the body literals it stands for: such an aggregate as
/// two, one bound each; anything else as it is.
fn split_bounds(b: BodyLit) -> Vec<BodyLit> {
    if !assigning_twice_bounded(&b) {
        return vec![b];
    }
    let BodyLit::Aggregate { sign, agg } = b else { unreachable!("an aggregate") };
    let left = Aggregate { right: None, ..agg.clone() };
    let right = Aggregate { left: None, ..agg };
    vec![BodyLit::Aggregate { sign, agg: left }, BodyLit::Aggregate { sign, agg: right }]
}

/// Adds each occurrence of a variable in `t` to `counts`.
fn count_vars(t: &mut Term, counts: &mut Map<String, usize>) {
    t.visit_mut(&mut |t| {
        if let TermKind::Var(v) = &t.kind {
            *counts.entry(v.clone()).or_default() += 1;
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::{rewrite, Rewrite};
    use crate::syntax::ast::{BodyLit, LitKind, Rule, Statement, TermKind};
    use crate::syntax::parse::{parse, Dialect};
    use crate::syntax::span::FileId;

    fn rule(src: &str) -> Rule {
        let (stmts, d) = parse(FileId(0), src, Dialect::Clingo5);
        assert!(d.is_empty(), "{:?}", d);
        match stmts.into_iter().next() {
            Some(Statement::Rule(r)) => r,
            other => panic!("not a rule: {:?}", other),
        }
    }

    /// The rule after the rewriting (`None`: dropped).
    fn rewritten(src: &str) -> Option<Rule> {
        let r = rule(src);
        match rewrite(&r, Dialect::Clingo5) {
            Rewrite::Same => Some(r),
            Rewrite::Changed(r) => Some(r),
            Rewrite::Dropped => None,
        }
    }

    /// The body's length after the rewriting (`None`: the rule is dropped).
    fn body_len(src: &str) -> Option<usize> {
        rewritten(src).map(|r| r.body.len())
    }

    /// The arguments of the first conditional literal's atom after the
    /// rewriting: variable names, `_`, or `?` for anything else.
    fn cond_args(src: &str) -> Vec<String> {
        let r = rewritten(src).expect("kept");
        let Some(BodyLit::Conditional { lit, .. }) =
            r.body.iter().find(|b| matches!(b, BodyLit::Conditional { .. }))
        else {
            panic!("no conditional literal")
        };
        let LitKind::Atom(t) = &lit.kind else { panic!("not an atom") };
        let TermKind::Func { args, .. } = &t.kind else { panic!("not a function") };
        args.iter()
            .map(|a| match &a.kind {
                TermKind::Var(v) => v.clone(),
                TermKind::Anon => "_".into(),
                _ => "?".into(),
            })
            .collect()
    }

    #[test]
    fn boundless_aggregates_are_dropped_and_their_negation_drops_the_rule() {
        assert_eq!(body_len("p :- q, #count { X : r(X) }."), Some(1));
        assert_eq!(body_len("p :- not not #sum { X }."), Some(0));
        assert_eq!(body_len("p :- q, not #count { X }."), None);
        // with a bound it stays
        assert_eq!(body_len("p :- #count { X : r(X) } > 1."), Some(1));
        assert_eq!(body_len("p :- q, r."), Some(2));
    }

    #[test]
    fn an_assignment_with_a_second_bound_is_split_in_two_aggregates() {
        assert_eq!(body_len("q(N) :- N = #count { X : p(X) } - 1."), Some(2));
        assert_eq!(body_len("q(N) :- 1 < #sum { X : p(X) } = N, r."), Some(3));
        // a ground `=`, one bound, or under `not`: as written
        assert_eq!(body_len("q :- 3 = #count { X : p(X) } < 5."), Some(1));
        assert_eq!(body_len("q(N) :- N = #count { X : p(X) }."), Some(1));
        assert_eq!(body_len("q :- r(N), not N = #count { X : p(X) } < 5."), Some(2));
    }

    #[test]
    fn a_variable_only_once_in_a_conditional_atom_is_projected() {
        assert_eq!(cond_args("a :- b(X,Y) : c(X)."), ["X", "_"]);
        assert_eq!(cond_args("a :- b(X) : c."), ["_"]);
        // bound elsewhere, in the condition only by a comparison, twice in the atom: kept
        assert_eq!(cond_args("a(Y) :- b(X,Y) : c(X)."), ["X", "Y"]);
        assert_eq!(cond_args("a :- b(X) : X > 1."), ["X"]);
        assert_eq!(cond_args("a :- b(X,X) : c."), ["X", "X"]);
        // under `not`: kept (clingo reports it unsafe)
        assert_eq!(cond_args("a :- not b(X) : c."), ["X"]);
    }
}
