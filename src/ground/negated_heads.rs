//! clingo 5's default-negated head literals (`a ; not b.`, `a ; not not b
//! : c.`, `1 { a ; not b } 1.`) rewritten into rules with positive heads
//! only, so that no later stage sees a negated head literal.
//!
//! A choice with a negated element chooses nothing for it; the element
//! counts towards the bounds where its literal holds. Such a choice is
//! the head aggregate `l #count { 0,a : a ; 1,b : not b } u` (the tuples
//! `0,a`, `1,b` and `2,b` for `not not b` as gringo writes them; an
//! element over a comparison or `#true` gets `k,V`, its place `k` from 3
//! on among such elements and its literal's variables `V`), which
//! [`crate::syntax::ast::Rule::head_aggregate_rules`] splits into a choice
//! of the positive elements and a constraint on the count. In a
//! disjunction:
//!
//! - A disjunct without a condition moves into the body, negated (`a ; not
//!   b :- B.` is `a :- B, not not b.`; `not not b` becomes `not b`), as
//!   gringo writes it; with no disjunct left the rule is a constraint.
//! - One with a condition stands, per instance of the condition, for `c ∧
//!   ¬b` (`c ∧ ¬¬b` for `not not b`). It becomes the positive disjunct
//!   `#negN(V) : c`, over the variables `V` of the disjunct (its atom and
//!   its condition), with
//!   `#anyN(V) :- B, c, b.` (for `not not b`: `.., not b.`; an interval or
//!   a pool in `b` gives one such rule per value, so `#anyN` is true where
//!   any of `b`'s atoms is),
//!   `#negN(V) :- B, c, not #anyN(V).` and
//!   `:- #negN(V), #anyN(V).`
//!   So `#negN(V)` holds exactly where `c` holds and no atom of `b` does
//!   (the constraint keeps the disjunction's own support of `#negN` from
//!   making it true anywhere else): the disjunct as clingo reads it, a
//!   conjunction of `not` literals where `b` has an interval or a pool.
//!   `#` names are never printed and cannot clash with a written one.
//!
//! Invariant: the rules returned have the answer sets of the rule given
//! (on its atoms), and no disjunct of theirs is negated.

use crate::syntax::ast::{
    self, AggFun, AggregateHead, BodyLit, ChoiceElem, ChoiceHead, CmpOp, FixedElem, Head, HeadAggElem,
    LitKind, Rule, Sign, Term, TermKind,
};

use super::normalize::{lit_vars, term_vars};

/// The rules standing for `r`, if its head has a negated disjunct; `aux`
/// numbers the auxiliary predicates (incremented per conditional one).
pub fn rewrite(r: &Rule, aux: &mut u32) -> Option<Vec<Rule>> {
    if let Head::Choice(c) = &r.head {
        return choice(r, c).map(|r| vec![r]);
    }
    let Head::Disjunction(elems) = &r.head else { return None };
    if elems.iter().all(|e| e.sign == Sign::Pos) {
        return None;
    }
    let mut body = r.body.clone();
    let mut kept: Vec<ChoiceElem> = Vec::new();
    let mut extra: Vec<Rule> = Vec::new();
    // (conditional ones, whose extra rules need the whole body first)
    let mut conditional: Vec<&ChoiceElem> = Vec::new();
    for e in elems {
        match e.sign {
            Sign::Pos => kept.push(e.clone()),
            sign if e.cond.is_empty() => {
                let flipped = if sign == Sign::Not { Sign::NotNot } else { Sign::Not };
                body.push(atom_lit(&e.atom, flipped));
            }
            _ => conditional.push(e),
        }
    }
    for e in conditional {
        *aux += 1;
        let mut names = Vec::new();
        term_vars(&e.atom, &mut names);
        e.cond.iter().for_each(|l| lit_vars(l, &mut names));
        // each variable where it is first written (so that an unsafe one is
        // named once, at its place, by whichever rule reports it)
        let var_terms: Vec<Term> = names.iter().filter_map(|n| first_written(e, n)).collect();
        let span = e.atom.span;
        let func = |name: String| Term::new(span, TermKind::Func { name, args: var_terms.clone() });
        let (neg, any) = (func(format!("#neg{}", aux)), func(format!("#any{}", aux)));
        let with_cond = |last: BodyLit| {
            let mut b = body.clone();
            b.extend(e.cond.iter().cloned().map(BodyLit::Lit));
            b.push(last);
            b
        };
        // where any atom of the disjunct has the sign that falsifies it
        let falsifying = if e.sign == Sign::Not { Sign::Pos } else { Sign::Not };
        extra.push(Rule {
            span: r.span,
            head: Head::Atom(any.clone()),
            body: with_cond(atom_lit(&e.atom, falsifying)),
        });
        extra.push(Rule {
            span: r.span,
            head: Head::Atom(neg.clone()),
            body: with_cond(atom_lit(&any, Sign::Not)),
        });
        extra.push(Rule {
            span: r.span,
            head: Head::False,
            body: vec![atom_lit(&neg, Sign::Pos), atom_lit(&any, Sign::Pos)],
        });
        kept.push(ChoiceElem { atom: neg, cond: e.cond.clone(), weight: None, sign: Sign::Pos });
    }
    let head = if kept.is_empty() { Head::False } else { Head::Disjunction(kept) };
    // the auxiliary rules first: where `#negN` is a fact the grounder knows
    // it by the time it grounds the disjunction, which that fact satisfies
    // (no rule, as gringo has none where the negated literal certainly holds)
    extra.push(Rule { span: r.span, head, body });
    Some(extra)
}

/// A choice with a negated element as the head aggregate counting its
/// elements (see the module documentation).
fn choice(r: &Rule, c: &ChoiceHead) -> Option<Rule> {
    if c.elems.iter().all(|e| e.sign == Sign::Pos) && c.fixed.is_empty() {
        return None;
    }
    if c.elems.iter().all(|e| e.sign == Sign::Pos) && c.left.is_none() && c.right.is_none() {
        // without bounds an element that chooses nothing changes nothing
        let head = ChoiceHead { fixed: Vec::new(), ..(*c).clone() };
        return Some(Rule { span: r.span, head: Head::Choice(Box::new(head)), body: r.body.clone() });
    }
    let mut elems = Vec::new();
    let mut intervals = 0;
    for e in &c.elems {
        // the tuple repeats the atom: one element per option of a pool, and
        // an interval a variable of the condition (`q(1..2)` is `q(I) : I =
        // 1..2`), so that tuple and atom are the same atom
        for mut atom in super::pools::expand_term(&e.atom) {
            let mut cond = e.cond.clone();
            atom.visit_mut(&mut |t| {
                if let TermKind::Interval(..) = t.kind {
                    let var = Term::new(t.span, TermKind::Var(format!("#Interval{}", intervals)));
                    intervals += 1;
                    let range = std::mem::replace(t, var.clone());
                    let kind = LitKind::Cmp(CmpOp::Eq, var, range);
                    cond.push(ast::Literal { span: t.span, sign: Sign::Pos, kind });
                    return false;
                }
                true
            });
            let tag = match e.sign {
                Sign::Pos => 0,
                Sign::Not => 1,
                Sign::NotNot => 2,
            };
            let tag = Term::new(e.atom.span, TermKind::Int(tag));
            elems.push(HeadAggElem { terms: vec![tag, atom.clone()], atom, cond, sign: e.sign });
        }
    }
    // an element over a comparison or `#true`/`#false` counts once per
    // value of its literal's variables, apart from every other element:
    // the tuple `k,V` (from 3 on, as gringo numbers them)
    let fixed = c
        .fixed
        .iter()
        .zip(3..)
        .map(|(e, k)| {
            // each variable where it is first written in the literal
            let mut vars: Vec<Term> = Vec::new();
            let mut lit = e.lit.clone();
            lit.terms_mut(&mut |t, _| {
                t.visit_mut(&mut |t| {
                    if let TermKind::Var(v) = &t.kind {
                        if !vars.iter().any(|w| matches!(&w.kind, TermKind::Var(x) if x == v)) {
                            vars.push(t.clone());
                        }
                    }
                    true
                })
            });
            let mut terms = vec![Term::new(e.lit.span, TermKind::Int(k))];
            terms.extend(vars);
            FixedElem { terms, ..e.clone() }
        })
        .collect();
    let (left, right) = (c.left.clone(), c.right.clone());
    let head = AggregateHead { span: c.span, fun: AggFun::Count, elems, left, right, fixed };
    Some(Rule { span: r.span, head: Head::Aggregate(Box::new(head)), body: r.body.clone() })
}

/// The first occurrence of variable `name` in the disjunct.
fn first_written(e: &ChoiceElem, name: &str) -> Option<Term> {
    let mut found = None;
    let mut look = |t: &mut Term| {
        if found.is_none() && matches!(&t.kind, TermKind::Var(v) if v == name) {
            found = Some(t.clone());
        }
        found.is_none()
    };
    e.atom.clone().visit_mut(&mut look);
    for l in &e.cond {
        if let ast::Literal { kind: LitKind::Atom(t), .. } = l {
            t.clone().visit_mut(&mut look);
        }
        if let ast::Literal { kind: LitKind::Cmp(_, a, b), .. } = l {
            a.clone().visit_mut(&mut look);
            b.clone().visit_mut(&mut look);
        }
        if let ast::Literal { kind: LitKind::Chain(ts, _), .. } = l {
            ts.iter().for_each(|t| t.clone().visit_mut(&mut look));
        }
    }
    found
}

fn atom_lit(t: &Term, sign: Sign) -> BodyLit {
    BodyLit::Lit(ast::Literal { span: t.span, sign, kind: LitKind::Atom(t.clone()) })
}
