//! Pool expansion: rewriting `p(1;2)` away, with each dialect's meaning.
//!
//! clingo 5: a pool in a head or body literal makes one rule per option; in
//! an aggregate element or condition, one element per option.  gringo 3:
//! in a head, one rule per option; in a body or a condition, the options
//! form a conjunction (`r :- p(1;2).` is `r :- p(1), p(2).`).
//! Invariant: nothing returned contains a `TermKind::Pool`.

use crate::syntax::ast::{self, AggElem, BodyLit, LitKind, TermKind};
use crate::syntax::parse::Dialect;

/// All pool-free versions of a term.
pub fn expand_term(t: &ast::Term) -> Vec<ast::Term> {
    if !has_pool(t) {
        return vec![t.clone()];
    }
    let mk = |kind| ast::Term::new(t.span, kind);
    let pair = |a: &ast::Term, b: &ast::Term, f: &dyn Fn(Box<ast::Term>, Box<ast::Term>) -> TermKind| {
        product(vec![expand_term(a), expand_term(b)])
            .into_iter()
            .map(|mut v| {
                let b = v.pop().unwrap();
                let a = v.pop().unwrap();
                mk(f(Box::new(a), Box::new(b)))
            })
            .collect::<Vec<_>>()
    };
    match &t.kind {
        TermKind::Pool(alts) => alts.iter().flat_map(expand_term).collect(),
        TermKind::Func { name, args } => product(args.iter().map(expand_term).collect())
            .into_iter()
            .map(|args| mk(TermKind::Func { name: name.clone(), args }))
            .collect(),
        TermKind::Unary(op, a) => {
            expand_term(a).into_iter().map(|a| mk(TermKind::Unary(*op, Box::new(a)))).collect()
        }
        TermKind::Binary(op, a, b) => pair(a, b, &|a, b| TermKind::Binary(*op, a, b)),
        TermKind::Interval(a, b) => pair(a, b, &|a, b| TermKind::Interval(a, b)),
        _ => vec![t.clone()],
    }
}

/// The cartesian product of option lists.
pub fn product<T: Clone>(lists: Vec<Vec<T>>) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = vec![vec![]];
    for mut l in lists {
        // One option (the common case): extend in place, so a rule with
        // many literals costs linear time, not a copy per literal.
        if l.len() == 1 {
            let x = l.pop().expect("one option");
            if let Some((last, rest)) = out.split_last_mut() {
                rest.iter_mut().for_each(|p| p.push(x.clone()));
                last.push(x);
            }
            continue;
        }
        let mut next = Vec::with_capacity(out.len() * l.len());
        for prefix in &out {
            for x in &l {
                let mut p = prefix.clone();
                p.push(x.clone());
                next.push(p);
            }
        }
        out = next;
    }
    out
}

fn expand_literal(l: &ast::Literal) -> Vec<ast::Literal> {
    let with = |kind| ast::Literal { span: l.span, sign: l.sign, kind };
    match &l.kind {
        LitKind::Atom(t) => expand_term(t).into_iter().map(|t| with(LitKind::Atom(t))).collect(),
        LitKind::Cmp(op, a, b) => product(vec![expand_term(a), expand_term(b)])
            .into_iter()
            .map(|mut v| {
                let b = v.pop().unwrap();
                let a = v.pop().unwrap();
                with(LitKind::Cmp(*op, a, b))
            })
            .collect(),
        LitKind::Chain(ts, ops) => product(ts.iter().map(expand_term).collect())
            .into_iter()
            .map(|ts| with(LitKind::Chain(ts, ops.clone())))
            .collect(),
        LitKind::Bool(_) => vec![l.clone()],
    }
}

/// The conditions a pooled condition stands for.
fn expand_cond(c: &[ast::Literal], d: Dialect) -> Vec<Vec<ast::Literal>> {
    match d {
        Dialect::Clingo5 => product(c.iter().map(expand_literal).collect()),
        Dialect::Gringo3 => vec![c.iter().flat_map(expand_literal).collect()],
    }
}

fn expand_bound(b: &Option<ast::Bound>) -> Vec<Option<ast::Bound>> {
    match b {
        None => vec![None],
        Some(b) => expand_term(&b.term).into_iter().map(|t| Some(ast::Bound { op: b.op, term: t })).collect(),
    }
}

fn expand_elem(e: &AggElem, d: Dialect) -> Vec<AggElem> {
    let mut out = Vec::new();
    match e {
        AggElem::Tuple { terms, cond } => {
            for ts in product(terms.iter().map(expand_term).collect()) {
                for c in expand_cond(cond, d) {
                    out.push(AggElem::Tuple { terms: ts.clone(), cond: c });
                }
            }
        }
        AggElem::Lit { lit, cond } => {
            for l in expand_literal(lit) {
                for c in expand_cond(cond, d) {
                    out.push(AggElem::Lit { lit: l.clone(), cond: c });
                }
            }
        }
        AggElem::Weighted { lit, cond, weight } => {
            for l in expand_literal(lit) {
                for c in expand_cond(cond, d) {
                    for w in expand_term(weight) {
                        out.push(AggElem::Weighted { lit: l.clone(), cond: c.clone(), weight: w });
                    }
                }
            }
        }
    }
    out
}

/// Options of one body element: a list of alternatives, each a list of
/// body literals that go into the rule together.
fn expand_body_lit(b: &BodyLit, d: Dialect) -> Vec<Vec<BodyLit>> {
    match b {
        BodyLit::Lit(l) => {
            let opts = expand_literal(l).into_iter().map(BodyLit::Lit);
            match d {
                Dialect::Clingo5 => opts.map(|l| vec![l]).collect(),
                Dialect::Gringo3 => vec![opts.collect()],
            }
        }
        BodyLit::Conditional { span, lit, cond } => {
            // A conjunction of conditional literals, one per option.
            let mut all = Vec::new();
            for l in expand_literal(lit) {
                for c in expand_cond(cond, d) {
                    all.push(BodyLit::Conditional { span: *span, lit: l.clone(), cond: c });
                }
            }
            vec![all]
        }
        BodyLit::Aggregate { sign, agg } => {
            let elems: Vec<AggElem> = agg.elems.iter().flat_map(|e| expand_elem(e, d)).collect();
            let mut out = Vec::new();
            for left in expand_bound(&agg.left) {
                for right in expand_bound(&agg.right) {
                    let agg = ast::Aggregate {
                        span: agg.span,
                        fun: agg.fun,
                        elems: elems.clone(),
                        left: left.clone(),
                        right,
                    };
                    out.push(vec![BodyLit::Aggregate { sign: *sign, agg }]);
                }
            }
            out
        }
    }
}

fn expand_head_elems(elems: &[ast::ChoiceElem], d: Dialect) -> Vec<ast::ChoiceElem> {
    let mut es = Vec::new();
    for e in elems {
        for a in expand_term(&e.atom) {
            for c in expand_cond(&e.cond, d) {
                es.push(ast::ChoiceElem { atom: a.clone(), cond: c, weight: e.weight.clone(), sign: e.sign });
            }
        }
    }
    es
}

/// The pool-free rules a rule stands for.
pub fn expand_rule(r: &ast::Rule, d: Dialect) -> Vec<ast::Rule> {
    let heads: Vec<ast::Head> = match &r.head {
        ast::Head::False => vec![ast::Head::False],
        // split into a choice and a constraint before pools are expanded
        // (see `ast::Rule::head_aggregate_rules`)
        ast::Head::Aggregate(_) => vec![r.head.clone()],
        ast::Head::Atom(t) => expand_term(t).into_iter().map(ast::Head::Atom).collect(),
        // clingo 5: a pooled disjunct is one disjunct, the conjunction of its
        // options (`p(1;2) ; q.` is `p(1) & p(2) ; q`, as gringo reads it:
        // the answer sets of `p(1) ; q.` and `p(2) ; q.`, but what gringo
        // puts in its domain differs, which `#external` conditions see), and
        // under a condition one conjunction per instance of the condition
        // (the normaliser splits them); gringo 3: the options join the
        // disjunction.
        ast::Head::Disjunction(elems) if d == Dialect::Clingo5 => {
            let expand = |e: &ast::ChoiceElem| {
                if e.cond.is_empty() && has_pool(&e.atom) {
                    vec![e.clone()]
                } else if e.cond.is_empty() {
                    expand_head_elems(std::slice::from_ref(e), d)
                } else {
                    let cond = |c| ast::ChoiceElem { cond: c, ..e.clone() };
                    expand_cond(&e.cond, d).into_iter().map(cond).collect()
                }
            };
            product(elems.iter().map(expand).collect()).into_iter().map(ast::Head::Disjunction).collect()
        }
        ast::Head::Disjunction(elems) => vec![ast::Head::Disjunction(expand_head_elems(elems, d))],
        ast::Head::Choice(c) => {
            let ast::ChoiceHead { span, elems, left, right, bounded, fixed } = &**c;
            let es = expand_head_elems(elems, d);
            let mut hs = Vec::new();
            for l in expand_bound(left) {
                for rb in expand_bound(right) {
                    let c = ast::ChoiceHead {
                        span: *span,
                        elems: es.clone(),
                        left: l.clone(),
                        right: rb,
                        bounded: *bounded,
                        fixed: fixed.clone(),
                    };
                    hs.push(ast::Head::Choice(Box::new(c)));
                }
            }
            hs
        }
    };
    let bodies = product(r.body.iter().map(|b| expand_body_lit(b, d)).collect());
    // the options' literals moved into the rules, not copied (a body of
    // 100,000 literals is one copy of the rule, not three)
    let mut bodies: Vec<Vec<BodyLit>> =
        bodies.into_iter().map(|b| b.into_iter().flatten().collect()).collect();
    let mut out = Vec::with_capacity(heads.len() * bodies.len());
    let last = heads.len().saturating_sub(1);
    for (i, head) in heads.into_iter().enumerate() {
        if i == last {
            out.extend(std::mem::take(&mut bodies).into_iter().map(|body| ast::Rule {
                span: r.span,
                head: head.clone(),
                body,
            }));
        } else {
            out.extend(bodies.iter().map(|b| ast::Rule {
                span: r.span,
                head: head.clone(),
                body: b.clone(),
            }));
        }
    }
    out
}

/// Whether the term has a pool inside.
fn has_pool(t: &ast::Term) -> bool {
    match &t.kind {
        TermKind::Pool(_) => true,
        TermKind::Func { args, .. } => args.iter().any(has_pool),
        TermKind::Unary(_, a) => has_pool(a),
        TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => has_pool(a) || has_pool(b),
        _ => false,
    }
}

/// Whether [`expand_rule`] gives back the rule itself, judged cheaply: a
/// normal rule or integrity constraint whose body has plain literals
/// only, none with a pool (other rules may be unchanged too; they are
/// expanded anyway).
pub fn unpooled(r: &ast::Rule) -> bool {
    let plain = |b: &BodyLit| match b {
        BodyLit::Lit(l) => match &l.kind {
            LitKind::Atom(t) => !has_pool(t),
            LitKind::Cmp(_, a, b) => !has_pool(a) && !has_pool(b),
            LitKind::Chain(ts, _) => !ts.iter().any(has_pool),
            LitKind::Bool(_) => true,
        },
        _ => false,
    };
    let head = match &r.head {
        ast::Head::False => true,
        ast::Head::Atom(t) => !has_pool(t),
        _ => false,
    };
    head && r.body.iter().all(plain)
}

/// Expands the literals of a plain list (e.g. `#compute`, conditions of
/// `#show`/`#hide`) as a conjunction.
pub fn expand_conjunction(lits: &[ast::Literal]) -> Vec<ast::Literal> {
    lits.iter().flat_map(expand_literal).collect()
}
