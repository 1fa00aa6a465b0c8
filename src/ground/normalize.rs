//! AST statements to core rules ([`super::rule`]), clingo 5 meaning.
//!
//! Owns the rewritings that need no domain knowledge: `#const`
//! substitution (with `-c` overriding), pool expansion (one rule per option
//! in heads and bodies, one element per option inside aggregates and
//! conditions), intervals to fresh variables bound by a range literal,
//! anonymous variables, projection of `not p(_)` (and, as gringo does, of
//! `p(_)` beside other body literals) through an auxiliary predicate, and
//! `#show` statements.
//!
//! Invariant: every rule produced satisfies the [`super::rule`] invariants;
//! every problem becomes a diagnostic, nothing panics.

use super::body_rewrite::Rewrite;
use super::hash::ISet;
use super::hash::Map;
use super::op_text;
use super::pools::{expand_conjunction, expand_rule, unpooled};
use super::rule::{Agg, AtomPat, ChoiceElem, Elem, Facts, Head, Lit, PredId, PredKey, Rule};
use super::symbol::{Sym, SymData, Symbols};
use super::term::{Binding, GTerm, OpId, Var};
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{self, AggElem, BodyLit, CmpOp, LitKind, Sign, Statement, TermKind, UnOp};
use crate::syntax::parse::{sig_of_term, Dialect};
use crate::syntax::span::Span;
use std::borrow::Cow;

/// What `#show`/`#hide` statements ask for.  A predicate is printed if it
/// is in `sigs`; otherwise unless `explicit`, `hide_all` or `hidden` says
/// no.
#[derive(Default, Debug)]
pub struct ShowSpec {
    /// clingo 5: `#show.` or a `#show p/n.` switches output to "shown atoms
    /// only"; term shows (`#show t : body.`) alone do not.
    pub explicit: bool,
    /// `#show p/n.` (both dialects; in gringo 3 it re-includes after `#hide`).
    pub sigs: Vec<PredKey>,
    /// gringo 3 `#hide.`
    pub hide_all: bool,
    /// gringo 3 `#hide p/n.`
    pub hidden: Vec<PredKey>,
}

impl ShowSpec {
    /// Whether atoms of the predicate `p` are printed.
    pub fn shows(&self, p: &PredKey) -> bool {
        self.sigs.contains(p) || !(self.explicit || self.hide_all || self.hidden.contains(p))
    }
}

/// The normalised program.
pub struct Normalized {
    /// The core rules, the ground facts apart.
    pub rules: Vec<Rule>,
    /// The ground facts (`p(1,a).`; their rules are not in `rules`).
    pub facts: Facts,
    /// What is printed.
    pub show: ShowSpec,
    /// Every atom written in a body or condition, with where it is written
    /// (for "atom does not occur in any rule head").
    pub body_atoms: Vec<(PredId, Span)>,
    /// Predicates declared `#defined p/n` (no undefined-atom info for them).
    pub defined: Vec<PredId>,
    /// With `#project` directives: the signatures projected on (all atoms
    /// of each); `None` without any.
    pub project: Option<Vec<PredKey>>,
    /// `#show p/n.` statements (clingo 5), with where they are.
    pub show_sigs: Vec<(PredId, Span)>,
    /// Auxiliary predicates (`#projN`) made so far: the first number for
    /// the next statements normalised into the same symbol table.
    pub aux: u32,
    /// The constants (`#const`, `-c`) and their values.
    pub consts: Vec<(String, Sym)>,
}

/// What names stand for constants.
pub struct Constants<'a> {
    /// `-c name=value` constants, already parsed to terms.
    pub overrides: &'a [(String, ast::Term)],
    /// Part parameters by statement range (see [`super::Options::params`]).
    pub params: &'a [super::PartInstance],
}

/// Normalises all statements.
pub fn normalize(
    stmts: &[Statement],
    constants: Constants<'_>,
    dialect: Dialect,
    syms: &mut Symbols,
    preds: &mut ISet<PredKey>,
    diags: &mut Vec<Diagnostic>,
    first_aux: u32,
) -> Normalized {
    let mut n = Normalizer {
        dialect,
        syms,
        preds,
        consts: Map::default(),
        spliced: Vec::new(),
        params: Map::default(),
        diags,
        aux: first_aux,
        projections: Map::default(),
        rules: Vec::new(),
        facts: Facts::default(),
        body_atoms: Vec::new(),
        defined: Vec::new(),
        project_sigs: Vec::new(),
        project_directive: false,
        show_sigs: Vec::new(),
    };
    n.collect_consts(stmts, constants.overrides);
    let mut show = ShowSpec::default();
    // gringo 3's `#hide p(X) : q(X).`, done once every plain `#hide` is known
    let mut conditional_hides: Vec<(Span, &ast::Term, &Vec<ast::Literal>)> = Vec::new();
    let domains = domain_decls(stmts);
    let mut optimize_statements = 0;
    let mut ranges = constants.params.iter().peekable();
    for (i, s) in stmts.iter().enumerate() {
        while ranges.peek().is_some_and(|(r, _)| r.end <= i) {
            ranges.next();
        }
        n.params.clear();
        if let Some((_, values)) = ranges.peek().filter(|(r, _)| r.contains(&i)) {
            for (name, v) in values {
                let sym = n.syms.intern_value(v);
                n.params.insert(name.clone(), sym);
            }
        }
        match s {
            Statement::Facts(f) => n.ground_facts(f),
            Statement::Rule(r) => {
                if dialect == Dialect::Clingo5 {
                    super::tuple_globals::infos(r, n.diags);
                }
                // copied only where a rewriting changes it (a rule of
                // 100,000 literals is not copied three times)
                let rules: Vec<Cow<ast::Rule>> = match super::negated_heads::rewrite(r, &mut n.aux) {
                    Some(rules) => rules.into_iter().map(Cow::Owned).collect(),
                    None => vec![Cow::Borrowed(r)],
                };
                let split: Vec<Cow<ast::Rule>> = rules
                    .into_iter()
                    .flat_map(|r| match r.head {
                        ast::Head::Aggregate(_) => {
                            r.head_aggregate_rules().into_iter().map(Cow::Owned).collect()
                        }
                        _ => vec![r],
                    })
                    .collect();
                for mut r in split {
                    if !n.spliced.is_empty() {
                        n.splice_consts(r.to_mut());
                    }
                    if !domains.is_empty() {
                        r = Cow::Owned(with_domains(&r, &domains));
                    }
                    if unpooled(&r) {
                        match super::body_rewrite::rewrite(&r, dialect) {
                            Rewrite::Same => n.rule(&r),
                            Rewrite::Changed(r) => n.rule(&r),
                            Rewrite::Dropped => {}
                        }
                        continue;
                    }
                    for r in clingo_rules(&r, dialect) {
                        n.rule(&r);
                    }
                }
            }
            Statement::Hide { what: None, .. } => show.hide_all = true,
            Statement::Hide { span, what: Some((t, cond)) } => match signature(t) {
                Some((name, arity, neg)) if cond.is_empty() => {
                    let key = PredKey { name: n.syms.name(&name), arity: arity as u32, neg };
                    n.preds.insert(key);
                    show.hidden.push(key);
                }
                _ => conditional_hides.push((*span, t, cond)),
            },
            Statement::ShowAtoms { span, what, cond } => match signature(what) {
                Some((name, arity, neg)) if cond.is_empty() => {
                    let key = PredKey { name: n.syms.name(&name), arity: arity as u32, neg };
                    n.preds.insert(key);
                    show.sigs.push(key);
                }
                _ => {
                    // gringo 3: the true atoms matching the pattern whose condition holds.
                    let mut body = vec![BodyLit::Lit(ast::Literal {
                        span: what.span,
                        sign: ast::Sign::Pos,
                        kind: LitKind::Atom(what.clone()),
                    })];
                    body.extend(expand_conjunction(cond).into_iter().map(BodyLit::Lit));
                    let r = ast::Rule { span: *span, head: ast::Head::Atom(what.clone()), body };
                    for r in clingo_rules(&r, dialect) {
                        n.show_rule(&r);
                    }
                }
            },
            Statement::Domain { .. } => {}
            Statement::Compute { span, lits } => {
                // Each literal must hold: `:- not l.`
                for l in expand_conjunction(lits) {
                    let negated = match (&l.kind, l.sign) {
                        (LitKind::Atom(_) | LitKind::Chain(..), ast::Sign::Pos) => {
                            ast::Literal { sign: ast::Sign::Not, ..l }
                        }
                        (LitKind::Atom(_) | LitKind::Chain(..), _) => {
                            ast::Literal { sign: ast::Sign::Pos, ..l }
                        }
                        (LitKind::Cmp(op, a, b), _) => {
                            ast::Literal { kind: LitKind::Cmp(op.negate(), a.clone(), b.clone()), ..l }
                        }
                        (LitKind::Bool(v), _) => ast::Literal { kind: LitKind::Bool(!v), ..l },
                    };
                    let r =
                        ast::Rule { span: *span, head: ast::Head::False, body: vec![BodyLit::Lit(negated)] };
                    n.rule(&r);
                }
            }
            Statement::Optimize { span: _, maximize, kind, elems } => {
                optimize_statements += 1;
                let priority = default_priority(dialect, optimize_statements);
                for (i, e) in elems.iter().enumerate() {
                    let named;
                    let e = if *kind != ast::OptKind::Tuples {
                        named = anonymous_named(e);
                        &named
                    } else {
                        e
                    };
                    let head = opt_head(e, *maximize, *kind, (optimize_statements, i), &priority);
                    let r = ast::Rule { span: e.span, head: ast::Head::Atom(head), body: e.cond.clone() };
                    let r = with_domains(&r, &domains);
                    for r in clingo_rules(&r, dialect) {
                        n.opt_rule(&r);
                    }
                }
            }
            Statement::External { span, atom, body, value } => {
                let r =
                    ast::Rule { span: *span, head: ast::Head::Atom((**atom).clone()), body: body.clone() };
                for r in clingo_rules(&r, dialect) {
                    n.external_rule(&r, value.as_deref());
                }
            }
            Statement::Defined { name, arity, negative, .. } => {
                let key = PredKey { name: n.syms.name(name), arity: *arity as u32, neg: *negative };
                let (id, _) = n.preds.insert_full(key);
                n.defined.push(PredId(id as u32));
            }
            // parts and includes are resolved before grounding; projection
            // and heuristics are read by the solver's front end
            Statement::Project { sig: Some((name, arity, neg)), .. } => {
                let key = PredKey { name: n.syms.name(name), arity: *arity as u32, neg: *neg };
                n.preds.insert(key);
                n.project_sigs.push(key);
            }
            Statement::Project { span, atom: Some(ab), .. } => {
                let (atom, body) = &**ab;
                n.project_directive = true;
                let r = ast::Rule { span: *span, head: ast::Head::Atom(atom.clone()), body: body.clone() };
                for r in clingo_rules(&r, dialect) {
                    n.atom_directive(&r, true, Head::Project);
                }
            }
            Statement::Project { .. } => {}
            Statement::Heuristic { span, atom, body, weight, priority, modifier } => {
                // one head term `#heuristic(atom, value, priority, modifier)`,
                // so that pools anywhere expand together
                let priority = priority
                    .as_deref()
                    .cloned()
                    .unwrap_or_else(|| ast::Term::new(weight.span, TermKind::Int(0)));
                let args = vec![(**atom).clone(), (**weight).clone(), priority, (**modifier).clone()];
                let head = ast::Term::new(*span, TermKind::Func { name: "#heuristic".into(), args });
                let r = ast::Rule { span: *span, head: ast::Head::Atom(head), body: body.clone() };
                for r in clingo_rules(&r, dialect) {
                    n.heuristic_rule(&r);
                }
            }
            // parts and includes are resolved before grounding
            Statement::Program { .. } | Statement::Include { .. } => {}
            Statement::Unsupported { span, what } => {
                n.diags.push(Diagnostic::error(*span, format!("not supported yet: {}", what)));
            }
            Statement::Const { .. } => {}
            Statement::ShowNothing { .. } => show.explicit = true,
            Statement::ShowSig { span, name, arity, negative } => {
                show.explicit = true;
                let key = PredKey { name: n.syms.name(name), arity: *arity as u32, neg: *negative };
                let (id, _) = n.preds.insert_full(key);
                show.sigs.push(key);
                n.show_sigs.push((PredId(id as u32), *span));
            }
            Statement::Edge { span, pairs, body } => {
                for (u, v) in pairs {
                    let args = vec![u.clone(), v.clone()];
                    let head = ast::Term::new(*span, TermKind::Func { name: "#edge".into(), args });
                    let r = ast::Rule { span: *span, head: ast::Head::Atom(head), body: body.clone() };
                    for r in clingo_rules(&r, dialect) {
                        n.edge_rule(&r);
                    }
                }
            }
            Statement::ShowTerm { span, term, body } => {
                let r = ast::Rule { span: *span, head: ast::Head::Atom(term.clone()), body: body.clone() };
                for r in clingo_rules(&r, dialect) {
                    n.show_rule(&r);
                }
            }
        }
    }
    for (span, pattern, cond) in conditional_hides {
        n.conditional_hide(span, pattern, cond, &mut show);
    }
    if dialect == Dialect::Clingo5 {
        for r in &mut n.rules {
            super::bounds::bind(r, n.syms);
        }
    }
    Normalized {
        rules: n.rules,
        facts: n.facts,
        show,
        body_atoms: n.body_atoms,
        defined: n.defined,
        project: (n.project_directive || !n.project_sigs.is_empty()).then_some(n.project_sigs),
        show_sigs: n.show_sigs,
        aux: n.aux,
        consts: n.consts.iter().map(|(name, v)| (name.clone(), *v)).collect(),
    }
}

struct Normalizer<'a> {
    syms: &'a mut Symbols,
    preds: &'a mut ISet<PredKey>,
    consts: Map<String, Sym>,
    /// gringo 3: constants whose value is a pool or an interval (`#const
    /// k = (1;2).`), written into the rules that use them, where the pool
    /// or interval means what it means there.
    spliced: Vec<(String, ast::Term)>,
    /// The parameters of the part the statement is an instance of.
    params: Map<String, Sym>,
    diags: &'a mut Vec<Diagnostic>,
    aux: u32,
    /// The projections made (see [`Normalizer::projection`]), by source
    /// predicate and what becomes of each argument.
    projections: Map<(PredId, Vec<ProjArg>), PredId>,
    rules: Vec<Rule>,
    facts: Facts,
    body_atoms: Vec<(PredId, Span)>,
    /// Predicates declared `#defined`.
    defined: Vec<PredId>,
    /// Signatures of `#project p/n.`
    project_sigs: Vec<PredKey>,
    /// Some `#project atom : body.` was seen.
    project_directive: bool,
    /// `#show p/n.` statements (clingo 5), with where they are.
    show_sigs: Vec<(PredId, Span)>,
    /// How the statements are read.
    dialect: Dialect,
}

/// What a projection (see [`Normalizer::projection`]) does with one
/// argument of the literal it projects: rules whose literals have the same
/// source predicate and these share the projection.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ProjArg {
    /// `_`: projected away.
    Anon,
    /// A term with `_` inside (`f(_,Y)`): such a projection is not shared.
    Nested,
    /// A term with variables, passed through the projection's atom.
    Passed,
    /// A constant, kept in the projection's rule.
    Fixed(Sym),
}

/// Variables of one rule being converted.
struct Scope {
    names: Vec<String>,
    spans: Vec<Span>,
    by_name: Map<String, Var>,
}

impl Scope {
    fn new() -> Scope {
        Scope { names: vec![], spans: vec![], by_name: Map::default() }
    }
    fn var(&mut self, name: &str, span: Span) -> Var {
        if let Some(v) = self.by_name.get(name) {
            // Messages point at the first occurrence in the text.
            let sp = &mut self.spans[v.0 as usize];
            if span.lo < sp.lo {
                *sp = span;
            }
            return *v;
        }
        let v = self.fresh(name, span);
        self.by_name.insert(name.to_string(), v);
        v
    }
    fn fresh(&mut self, name: &str, span: Span) -> Var {
        self.names.push(name.to_string());
        self.spans.push(span);
        Var(self.names.len() as u32 - 1)
    }
}

impl Normalizer<'_> {
    fn collect_consts(&mut self, stmts: &[Statement], overrides: &[(String, ast::Term)]) {
        let mut defs: Vec<(String, ast::Term)> = overrides.to_vec();
        for s in stmts {
            if let Statement::Const { name, value, .. } = s {
                if !defs.iter().any(|(n, _)| n == name) {
                    defs.push((name.clone(), value.clone()));
                }
            }
        }
        if self.dialect == Dialect::Gringo3 {
            for (name, value) in &defs {
                if pool_or_interval(value) {
                    self.spliced.push((name.clone(), value.clone()));
                }
            }
        }
        // Constants may refer to one another, in any order (`#const a = b.
        // #const b = 1.` makes `a` 1): a value is evaluated once every
        // constant it names has its value; until nothing changes.
        // (a constant's own name in its value is the symbol, as in clingo:
        // `#const a = f(a).` is `f(a)`)
        let names_pending = |own: &str, value: &ast::Term, consts: &Map<String, Sym>| {
            let mut pending = false;
            value.clone().visit_mut(&mut |t| {
                if let TermKind::Func { name, args } = &t.kind {
                    pending |= args.is_empty()
                        && name != own
                        && !consts.contains_key(name)
                        && defs.iter().any(|(n, _)| n == name);
                }
                !pending
            });
            pending
        };
        for _ in 0..=defs.len() {
            for (name, value) in &defs {
                if self.consts.contains_key(name) || self.spliced.iter().any(|(n, _)| n == name) {
                    continue;
                }
                if names_pending(name, value, &self.consts) {
                    continue;
                }
                // (clingo 5's constant is one term: `#const k = (1;2).` is its
                // syntax error, never its first option)
                if is_pool(value) {
                    continue;
                }
                let mut scope = Scope::new();
                let mut ranges = vec![];
                let t = self.term(value, &mut scope, &mut ranges);
                if scope.names.is_empty() && ranges.is_empty() {
                    if let Some(s) = t.eval(&Binding::new(0), self.syms) {
                        self.consts.insert(name.clone(), s);
                    }
                }
            }
        }
        for (name, value) in &defs {
            if !self.consts.contains_key(name) && !self.spliced.iter().any(|(n, _)| n == name) {
                let d = if names_pending(name, value, &self.consts) {
                    // (clingo names the definitions of the cycle; the value is where it closes)
                    Diagnostic::error(value.span, "cyclic constant definition")
                } else {
                    Diagnostic::error(
                        value.span,
                        format!("the value of constant '{}' is not a ground term", name),
                    )
                };
                self.diags.push(d);
            }
        }
    }

    /// gringo 3's `#hide p(t..) : c.`: the atoms of `p` stay printed but
    /// those matching the pattern whose condition holds.  The matches are
    /// derived into an auxiliary predicate `#hideN` over `p`'s arguments
    /// (never printed), and `p`'s atoms printed as the true `p(X1,..)`
    /// without a `#hideN(X1,..)`.  Nothing to do when `p` is hidden whole.
    fn conditional_hide(
        &mut self,
        span: Span,
        pattern: &ast::Term,
        cond: &[ast::Literal],
        show: &mut ShowSpec,
    ) {
        let (inner, neg) = match &pattern.kind {
            TermKind::Unary(UnOp::Neg, x) => (x.as_ref(), true),
            _ => (pattern, false),
        };
        let TermKind::Func { name, args } = &inner.kind else {
            self.diags.push(Diagnostic::error(span, "#hide: expected an atom"));
            return;
        };
        let key = PredKey { name: self.syms.name(name), arity: args.len() as u32, neg };
        self.preds.insert(key);
        if show.hide_all || show.hidden.contains(&key) {
            return;
        }
        self.aux += 1;
        let hide_name = format!("#hide{}", self.aux);
        let func = |name: &str, args: Vec<ast::Term>| {
            ast::Term::new(span, TermKind::Func { name: name.to_string(), args })
        };
        let atom = |t: &ast::Term, sign| {
            BodyLit::Lit(ast::Literal { span: t.span, sign, kind: LitKind::Atom(t.clone()) })
        };
        // #hideN(t..) :- p(t..), c.
        let mut body = vec![atom(pattern, ast::Sign::Pos)];
        body.extend(expand_conjunction(cond).into_iter().map(BodyLit::Lit));
        let derive = ast::Rule { span, head: ast::Head::Atom(func(&hide_name, args.clone())), body };
        for r in expand_rule(&derive, self.dialect) {
            self.rule(&r);
        }
        // shown: p(X1,..) :- p(X1,..), not #hideN(X1,..).
        let xs: Vec<ast::Term> =
            (0..args.len()).map(|i| ast::Term::new(span, TermKind::Var(format!("X{}", i)))).collect();
        let general = func(name, xs.clone());
        let general =
            if neg { ast::Term::new(span, TermKind::Unary(UnOp::Neg, Box::new(general))) } else { general };
        let shown = ast::Rule {
            span,
            head: ast::Head::Atom(general.clone()),
            body: vec![atom(&general, ast::Sign::Pos), atom(&func(&hide_name, xs), ast::Sign::Not)],
        };
        self.show_rule(&shown);
        show.hidden.push(key);
    }

    /// Writes the value of each [`Normalizer::spliced`] constant where the
    /// rule uses the constant (not as a predicate name).
    fn splice_consts(&self, r: &mut ast::Rule) {
        if self.spliced.is_empty() {
            return;
        }
        let value = |t: &ast::Term| match &t.kind {
            TermKind::Func { name, args } if args.is_empty() => {
                self.spliced.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
            }
            _ => None,
        };
        r.terms_mut(&mut |t, atom| {
            // (values may use spliced constants too: a few rounds)
            for _ in 0..self.spliced.len() {
                let mut changed = false;
                let mut outer = atom;
                t.visit_mut(&mut |t| {
                    if std::mem::take(&mut outer) {
                        return true;
                    }
                    match value(t) {
                        Some(v) => {
                            *t = v;
                            changed = true;
                            false
                        }
                        None => true,
                    }
                });
                if !changed {
                    break;
                }
            }
        });
    }

    fn rule(&mut self, r: &ast::Rule) {
        if let ast::Head::Aggregate(_) = r.head {
            // (normally split up before pools are expanded)
            for r in r.head_aggregate_rules() {
                self.rule(&r);
            }
            return;
        }
        let mut scope = Scope::new();
        let mut body = self.rule_body(&r.body, &mut scope);
        let head = match &r.head {
            ast::Head::Aggregate(_) => return,
            ast::Head::False => Head::False,
            ast::Head::Atom(t) => match self.atom(t, &mut scope, &mut body) {
                Some(a) => Head::Atom(a),
                None => return,
            },
            ast::Head::Choice(c) => {
                let ast::ChoiceHead { elems, left, right, bounded, .. } = &**c;
                let elems = self.head_elems(elems, &mut scope);
                let bounds = self.bounds(left, right, &mut scope, &mut body);
                let bounded = *bounded || !bounds.is_empty();
                Head::Choice { elems, bounds, bounded }
            }
            // clingo 5: an interval in a plain disjunct makes one rule per
            // value (`q(1..2) | d.` is `q(1) | d.` and `q(2) | d.`), so its
            // range literal goes into the body; gringo 3 reads it as a condition.
            ast::Head::Disjunction(elems) if self.dialect == Dialect::Clingo5 => {
                let mut out = Vec::new();
                for e in elems {
                    let mut cond = Vec::new();
                    for c in &e.cond {
                        if let Some(l) = self.literal(c, &mut scope, &mut cond) {
                            cond.push(l);
                        }
                    }
                    // Under a condition, or in a pooled disjunct, an interval
                    // is local to the disjunct, as gringo reads it: one
                    // disjunct per instance of the condition, the conjunction
                    // of the interval's atoms (`a ; p(1..2) : c` is `a ; p(1)
                    // & p(2)`, `p(X,1..2) : d(X)` is `p(1,1) & p(1,2) ;
                    // p(2,1) & p(2,2)`, and `a ; p(1..2;5)` is `a ; p(1) &
                    // p(2) & p(5)`), even where its bounds are constants.
                    let mut ranges = Vec::new();
                    // a pool under a condition (see `pools::expand_rule`): its
                    // options hold together
                    let options = super::pools::expand_term(&e.atom);
                    let atom = self.atom(&options[0], &mut scope, &mut ranges);
                    let mut also = Vec::new();
                    for o in &options[1..] {
                        also.extend(self.atom(o, &mut scope, &mut ranges));
                    }
                    let local = !e.cond.is_empty() || options.len() > 1;
                    let mut conj = Vec::new();
                    for l in ranges {
                        if !local {
                            body.push(l);
                        } else {
                            // so is a script call's value (unless its arguments
                            // hold another such value: it is then an ordinary
                            // condition literal)
                            match &l {
                                Lit::Range { t: GTerm::Var(v), .. } => conj.push(*v),
                                Lit::Call { t: GTerm::Var(v), args, .. } => {
                                    let mut vs = Vec::new();
                                    args.iter().for_each(|a| a.vars(&mut vs));
                                    if !vs.iter().any(|w| conj.contains(w)) {
                                        conj.push(*v);
                                    }
                                }
                                _ => {}
                            }
                            cond.push(l);
                        }
                    }
                    if let Some(a) = atom {
                        out.push(ChoiceElem { atom: a, cond, weight: None, conj, also });
                    }
                }
                Head::Disjunction(out)
            }
            ast::Head::Disjunction(elems) => Head::Disjunction(self.head_elems(elems, &mut scope)),
        };
        self.push(r.span, head, body, scope);
    }

    /// Choice or disjunction elements `atom : cond (= weight)`.
    fn head_elems(&mut self, elems: &[ast::ChoiceElem], scope: &mut Scope) -> Vec<ChoiceElem> {
        let mut out = Vec::new();
        for e in elems {
            let mut cond = Vec::new();
            for c in &e.cond {
                if let Some(l) = self.literal(c, scope, &mut cond) {
                    cond.push(l);
                }
            }
            if let Some(a) = self.atom(&e.atom, scope, &mut cond) {
                let weight = e.weight.as_ref().map(|w| self.term(w, scope, &mut cond));
                out.push(ChoiceElem { atom: a, cond, weight, conj: Vec::new(), also: Vec::new() });
            }
        }
        out
    }

    /// The body literals of a rule (with the range literals of its
    /// intervals), in one variable scope.
    fn body(&mut self, lits: &[BodyLit], scope: &mut Scope) -> Vec<Lit> {
        let mut body = Vec::new();
        for b in lits {
            if let Some(l) = self.body_lit(b, scope, &mut body) {
                body.push(l);
            }
        }
        body
    }

    /// The body of a rule, where (as gringo does) a positive literal with
    /// an anonymous variable is projected like `not p(_)` (see
    /// [`Self::projection`]) if the body has another literal that is not
    /// a comparison: `b(X) :- p(X,Y), q(Y,_).` is `b(X) :- p(X,Y), aux(Y).`
    /// with `aux(Y) :- q(Y,_).`  The answer sets are the same; the ground
    /// program has one rule per `Y` instead of one per `q(Y,_)` atom, and
    /// the search an atom standing for "some `q(Y,_)`", which the rules
    /// using it share: learnt clauses name it instead of each `q(Y,Z)`
    /// (a timetabling program's unsatisfiable core, 4 seeds:
    /// 12,000-14,000 conflicts without, 4,400-5,400 with; clasp needs
    /// 3,700-4,100 on gringo's grounding, 9,700-12,700 on minasp's
    /// without this).  A lone literal (`a(X) :- p(X,_).`) is its own
    /// projection.
    fn rule_body(&mut self, lits: &[BodyLit], scope: &mut Scope) -> Vec<Lit> {
        let others = lits
            .iter()
            .filter(|b| match b {
                BodyLit::Lit(l) => matches!(l.kind, LitKind::Atom(_)),
                BodyLit::Conditional { .. } | BodyLit::Aggregate { .. } => true,
            })
            .count();
        let mut body = Vec::new();
        for b in lits {
            let l = match b {
                BodyLit::Lit(l) if others >= 2 => self.projected_literal(l, scope, &mut body),
                _ => self.body_lit(b, scope, &mut body),
            };
            if let Some(l) = l {
                body.push(l);
            }
        }
        body
    }

    /// A directive about the instances of an atom (`#project atom : body.`,
    /// `#external atom : body.`) as a rule whose head `head` makes of it.
    /// A directive about one atom (`#external`, `#project`); with
    /// `in_domain`, the atom ranges over the atoms of its predicate (it
    /// binds variables, and only atoms of the program are meant), as
    /// clingo reads `#project p(X).`.
    fn atom_directive(&mut self, r: &ast::Rule, in_domain: bool, head: impl FnOnce(AtomPat) -> Head) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        if let ast::Head::Atom(t) = &r.head {
            if let Some(atom) = self.atom(t, &mut scope, &mut body) {
                if in_domain {
                    body.push(Lit::Atom { sign: Sign::Pos, atom: atom.clone() });
                }
                self.push(r.span, head(atom), body, scope);
            }
        }
    }

    /// `#external atom : body. [value]`: as `atom_directive`, the value a
    /// term in the same scope (so `[X]` takes `X` from the condition).
    fn external_rule(&mut self, r: &ast::Rule, value: Option<&ast::Term>) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        if let ast::Head::Atom(t) = &r.head {
            if let Some(atom) = self.atom(t, &mut scope, &mut body) {
                let value = value.map(|v| self.term(v, &mut scope, &mut body));
                self.push(r.span, Head::External { atom, value }, body, scope);
            }
        }
    }

    fn show_rule(&mut self, r: &ast::Rule) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        let t = match &r.head {
            ast::Head::Atom(t) => self.term(t, &mut scope, &mut body),
            _ => return,
        };
        self.push(r.span, Head::Show(t), body, scope);
    }

    /// An `#edge` directive, one pair (head `#edge(u, v)`).
    fn edge_rule(&mut self, r: &ast::Rule) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        let [u, v] = match &r.head {
            ast::Head::Atom(ast::Term { kind: TermKind::Func { args, .. }, .. }) if args.len() == 2 => {
                [&args[0], &args[1]]
            }
            _ => return,
        };
        let u = self.term(u, &mut scope, &mut body);
        let v = self.term(v, &mut scope, &mut body);
        self.push(r.span, Head::Edge(Box::new([u, v])), body, scope);
    }

    /// A `#heuristic` directive (head `#heuristic(atom, value, priority,
    /// modifier)`, see [`normalize`]).
    fn heuristic_rule(&mut self, r: &ast::Rule) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        let [atom, value, priority, modifier] = match &r.head {
            ast::Head::Atom(ast::Term { kind: TermKind::Func { args, .. }, .. }) if args.len() == 4 => {
                [&args[0], &args[1], &args[2], &args[3]]
            }
            _ => return,
        };
        let spans = [value.span, priority.span, modifier.span];
        let Some(atom) = self.atom(atom, &mut scope, &mut body) else { return };
        // the atom ranges over its domain (see `atom_directive`) but is no
        // part of the condition (see `Instantiator::heuristic`)
        body.push(Lit::Atom { sign: Sign::Pos, atom: atom.clone() });
        let value = self.term(value, &mut scope, &mut body);
        let priority = self.term(priority, &mut scope, &mut body);
        let modifier = self.term(modifier, &mut scope, &mut body);
        let order = self.rules.len() as u32;
        let h = super::rule::HeuristicHead { atom, value, priority, modifier, spans, order };
        self.push(r.span, Head::Heuristic(Box::new(h)), body, scope);
    }

    /// An optimisation element as a rule whose head is `#opt(w, p, key..)`
    /// (see [`opt_head`]).
    fn opt_rule(&mut self, r: &ast::Rule) {
        let mut scope = Scope::new();
        let mut body = self.body(&r.body, &mut scope);
        let args = match &r.head {
            ast::Head::Atom(ast::Term { kind: TermKind::Func { args, .. }, .. }) if args.len() >= 2 => args,
            _ => return,
        };
        let mut ts: Vec<GTerm> = args.iter().map(|t| self.term(t, &mut scope, &mut body)).collect();
        let tuple = ts.split_off(2);
        let priority = ts.pop().expect("two terms");
        let weight = ts.pop().expect("one term");
        self.push(
            r.span,
            Head::Minimize(Box::new(super::rule::MinimizeHead { weight, priority, tuple })),
            body,
            scope,
        );
    }

    /// Facts read in bulk: each as [`Self::push`] keeps a ground fact.
    fn ground_facts(&mut self, f: &ast::GroundFacts) {
        let mut args = Vec::new();
        for i in 0..f.facts.len() {
            let (span, name, fact_args) = f.get(i);
            let key = PredKey { name: self.syms.name(name), arity: fact_args.len() as u32, neg: false };
            let (pred, _) = self.preds.insert_full(key);
            args.clear();
            for a in fact_args {
                args.push(match a {
                    ast::FactArg::Int(n) => self.syms.int(*n),
                    ast::FactArg::Str(t) => self.syms.intern(SymData::Str(t.clone())),
                });
            }
            self.facts.push(span, PredId(pred as u32), args.iter().copied());
        }
    }

    fn push(&mut self, span: Span, head: Head, body: Vec<Lit>, scope: Scope) {
        if let Head::Atom(a) = &head {
            let ground = |t: &GTerm| matches!(t, GTerm::Sym(_));
            if body.is_empty() && scope.names.is_empty() && a.args.iter().all(ground) {
                let args = a.args.iter().filter_map(|t| match t {
                    GTerm::Sym(s) => Some(*s),
                    _ => None,
                });
                self.facts.push(span, a.pred, args);
                return;
            }
        }
        self.rules.push(Rule {
            span,
            head,
            body,
            num_vars: scope.names.len(),
            var_names: scope.names,
            var_spans: scope.spans,
        });
    }

    fn bounds(
        &mut self,
        left: &Option<ast::Bound>,
        right: &Option<ast::Bound>,
        scope: &mut Scope,
        ranges: &mut Vec<Lit>,
    ) -> Vec<(CmpOp, GTerm)> {
        let mut out = Vec::new();
        if let Some(b) = left {
            // `t op value` is `value flip(op) t`
            out.push((b.op.flip(), self.term(&b.term, scope, ranges)));
        }
        if let Some(b) = right {
            out.push((b.op, self.term(&b.term, scope, ranges)));
        }
        out
    }

    /// A body literal; ranges from intervals go into `ranges` (the body).
    fn body_lit(&mut self, b: &BodyLit, scope: &mut Scope, ranges: &mut Vec<Lit>) -> Option<Lit> {
        match b {
            BodyLit::Lit(l) => self.literal(l, scope, ranges),
            BodyLit::Conditional { span, lit, cond } => {
                let mut inner = Vec::new();
                for c in cond {
                    if let Some(l) = self.literal(c, scope, &mut inner) {
                        inner.push(l);
                    }
                }
                if let LitKind::Chain(_, ops) = &lit.kind {
                    // `a < b < c : cond` is `a < b : cond` and `b < c : cond`;
                    // `not a < b < c : cond` is `#false : cond, a < b, b < c`
                    let mut cmps = Vec::new();
                    let l =
                        self.literal(&ast::Literal { sign: Sign::Pos, ..lit.clone() }, scope, &mut cmps)?;
                    cmps.push(l);
                    if lit.sign == Sign::Not {
                        inner.extend(cmps);
                        return Some(Lit::Cond { span: *span, lit: Box::new(Lit::Bool(false)), cond: inner });
                    }
                    // the script calls of the chain's terms go into the
                    // condition (each instance: every value; see the README's
                    // known differences for calls of several values here)
                    let (bind, mut cmps): (Vec<Lit>, Vec<Lit>) =
                        cmps.into_iter().partition(|c| matches!(c, Lit::Call { .. }));
                    inner.extend(bind);
                    debug_assert_eq!(cmps.len(), ops.len());
                    let last = cmps.pop()?;
                    for c in cmps {
                        ranges.push(Lit::Cond { span: *span, lit: Box::new(c), cond: inner.clone() });
                    }
                    return Some(Lit::Cond { span: *span, lit: Box::new(last), cond: inner });
                }
                // `p(X,_) : r(X)`: the `_` is bound by nothing, so
                // "some `p(X,_)`" is the projection (as clingo reads it)
                let l = self.projected_literal(lit, scope, &mut inner)?;
                Some(Lit::Cond { span: *span, lit: Box::new(l), cond: inner })
            }
            BodyLit::Aggregate { sign, agg } => {
                let mut elems = Vec::new();
                for e in &agg.elems {
                    let mut cond = Vec::new();
                    match e {
                        AggElem::Tuple { terms, cond: c } => {
                            for l in c {
                                if let Some(l) = self.literal(l, scope, &mut cond) {
                                    cond.push(l);
                                }
                            }
                            let tuple = terms.iter().map(|t| self.term(t, scope, &mut cond)).collect();
                            elems.push(Elem { tuple, cond });
                        }
                        AggElem::Weighted { lit, cond: c, weight } => {
                            // A multiset: the element's position and every
                            // variable make each instance count on its own.
                            for l in c {
                                if let Some(l) = self.literal(l, scope, &mut cond) {
                                    cond.push(l);
                                }
                            }
                            let l = self.literal(lit, scope, &mut cond)?;
                            let w = self.term(weight, scope, &mut cond);
                            let mut vs = Vec::new();
                            l.vars(&mut vs);
                            cond.iter().for_each(|c| c.vars(&mut vs));
                            let idx = GTerm::Sym(self.syms.int(elems.len() as i32));
                            if matches!(agg.fun, ast::AggFun::Even | ast::AggFun::Odd) {
                                // `#even[..]`: the weighted sum's parity, which only
                                // the elements of odd weight change
                                let two = GTerm::Sym(self.syms.int(2));
                                let rest = GTerm::Binary(
                                    ast::BinOp::Mod,
                                    Box::new(w.clone()),
                                    Box::new(two),
                                    OpId::NONE,
                                );
                                let zero = GTerm::Sym(self.syms.int(0));
                                cond.push(Lit::Cmp { op: CmpOp::Ne, l: rest, r: zero });
                            }
                            let mut tuple = vec![w, idx];
                            tuple.extend(vs.into_iter().map(GTerm::Var));
                            cond.insert(0, l);
                            elems.push(Elem { tuple, cond });
                        }
                        AggElem::Lit { lit, cond: c } => {
                            for l in c {
                                if let Some(l) = self.literal(l, scope, &mut cond) {
                                    cond.push(l);
                                }
                            }
                            let l = self.literal(lit, scope, &mut cond)?;
                            let tuple = self.lit_key(&l);
                            cond.insert(0, l);
                            elems.push(Elem { tuple, cond });
                        }
                    }
                }
                let bounds = self.bounds(&agg.left, &agg.right, scope, ranges);
                Some(Lit::Agg(Box::new(Agg { span: agg.span, sign: *sign, fun: agg.fun, elems, bounds })))
            }
        }
    }

    /// A tuple that identifies a literal in a set aggregate `{ l1; l2 }`.
    fn lit_key(&mut self, l: &Lit) -> Vec<GTerm> {
        let tag = |s: &mut Symbols, n: &str| GTerm::Sym(s.constant(n));
        match l {
            Lit::Atom { sign, atom } => {
                let key = self.preds.get_index(atom.pred.0 as usize).copied().unwrap();
                let name = GTerm::Func { name: key.name, neg: key.neg, args: atom.args.clone() };
                let s = match sign {
                    Sign::Pos => "#pos",
                    Sign::Not => "#not",
                    Sign::NotNot => "#notnot",
                };
                vec![tag(self.syms, s), name]
            }
            Lit::Cmp { op, l, r } => vec![tag(self.syms, op.as_str()), l.clone(), r.clone()],
            _ => vec![tag(self.syms, "#other")],
        }
    }

    fn literal(&mut self, l: &ast::Literal, scope: &mut Scope, ranges: &mut Vec<Lit>) -> Option<Lit> {
        match &l.kind {
            LitKind::Bool(b) => Some(Lit::Bool(*b)),
            LitKind::Cmp(op, a, b) => {
                // `X = 1..3` binds X directly.
                if let (CmpOp::Eq, TermKind::Interval(lo_written, hi_written)) = (op, &b.kind) {
                    let t = self.term(a, scope, ranges);
                    let lo = self.term(lo_written, scope, ranges);
                    let hi = self.term(hi_written, scope, ranges);
                    let op = self.interval_op(b.span, lo_written, hi_written);
                    return Some(Lit::Range { t, lo, hi, op });
                }
                let a = self.term(a, scope, ranges);
                let b = self.term(b, scope, ranges);
                Some(Lit::Cmp { op: *op, l: a, r: b })
            }
            // a chain holds where each comparison does: all but the last go
            // beside the literal; under `not`, it is `#false : chain`
            LitKind::Chain(ts, ops) => {
                let ts: Vec<GTerm> = ts.iter().map(|t| self.term(t, scope, ranges)).collect();
                let mut cmps: Vec<Lit> = ops
                    .iter()
                    .zip(ts.windows(2))
                    .map(|(op, w)| Lit::Cmp { op: *op, l: w[0].clone(), r: w[1].clone() })
                    .collect();
                if l.sign == Sign::Not {
                    return Some(Lit::Cond { span: l.span, lit: Box::new(Lit::Bool(false)), cond: cmps });
                }
                let last = cmps.pop();
                ranges.extend(cmps);
                last
            }
            LitKind::Atom(t) => {
                if l.sign != Sign::Pos && has_anon(t) {
                    return self.projection(l.sign, t, scope, ranges);
                }
                let atom = self.atom(t, scope, ranges)?;
                self.body_atoms.push((atom.pred, t.span));
                Some(Lit::Atom { sign: l.sign, atom })
            }
        }
    }

    /// A literal whose atom has `_`, positive or not, as its projection
    /// (see [`Self::projection`]); any other as [`Self::literal`] reads it.
    fn projected_literal(
        &mut self,
        l: &ast::Literal,
        scope: &mut Scope,
        ranges: &mut Vec<Lit>,
    ) -> Option<Lit> {
        match &l.kind {
            LitKind::Atom(t) if has_anon(t) => self.projection(l.sign, t, scope, ranges),
            _ => self.literal(l, scope, ranges),
        }
    }

    /// `not p(X,_)` is `not aux(X)` with `aux(X) :- p(X,_)`; so is
    /// `p(X,_)` where it is projected (see [`Self::rule_body`]; the head of
    /// a conditional literal).
    fn projection(
        &mut self,
        sign: Sign,
        t: &ast::Term,
        scope: &mut Scope,
        ranges: &mut Vec<Lit>,
    ) -> Option<Lit> {
        // `not p(t, _)` is `not aux(t)` with `aux(V) :- p(V, _)`: every
        // argument without `_` is passed through the auxiliary predicate;
        // an argument with `_` stays in the auxiliary rule's body, and its
        // named variables are passed through.
        let (inner_t, neg) = match &t.kind {
            TermKind::Unary(UnOp::Neg, x) => (x.as_ref(), true),
            _ => (t, false),
        };
        let TermKind::Func { name: pname, args } = &inner_t.kind else {
            self.diags.push(Diagnostic::error(t.span, "syntax error, unexpected term, expecting an atom"));
            return None;
        };
        let mut inner = Scope::new();
        let mut body = Vec::new();
        let mut pattern = Vec::new();
        let mut head_args = Vec::new();
        let mut outer_args = Vec::new();
        let mut passed_names: Vec<String> = Vec::new();
        let mut kinds = Vec::new();
        for a in args {
            if has_anon(a) {
                kinds.push(if matches!(a.kind, TermKind::Anon) { ProjArg::Anon } else { ProjArg::Nested });
                pattern.push(self.term(a, &mut inner, &mut body));
                let mut names = Vec::new();
                term_vars(a, &mut names);
                for n in names {
                    if !passed_names.contains(&n) {
                        passed_names.push(n);
                    }
                }
            } else {
                match self.term(a, scope, ranges) {
                    // a constant (a part's parameter too) stays in the
                    // pattern: `move(B,_,t)` in step `t` projects only
                    // that step's moves, not every step's again
                    GTerm::Sym(c) => {
                        pattern.push(GTerm::Sym(c));
                        kinds.push(ProjArg::Fixed(c));
                    }
                    g => {
                        let v = inner.fresh("#P", a.span);
                        pattern.push(GTerm::Var(v));
                        head_args.push(GTerm::Var(v));
                        outer_args.push(g);
                        kinds.push(ProjArg::Passed);
                    }
                }
            }
        }
        for n in &passed_names {
            head_args.push(GTerm::Var(inner.var(n, t.span)));
            outer_args.push(GTerm::Var(scope.var(n, t.span)));
        }
        let key = PredKey { name: self.syms.name(pname), arity: args.len() as u32, neg };
        let source = PredId(self.preds.insert_full(key).0 as u32);
        self.body_atoms.push((source, t.span));
        // `p(X,_)` and `p(Y,_)` anywhere are one projection: rules that
        // use it share its atoms (an argument with `_` inside a term,
        // `p(f(_,Y))`, gets one of its own)
        let shared = (!kinds.contains(&ProjArg::Nested)).then_some((source, kinds));
        if let Some(&pred) = shared.as_ref().and_then(|k| self.projections.get(k)) {
            return Some(Lit::Atom { sign, atom: AtomPat { pred, args: outer_args } });
        }
        body.push(Lit::Atom { sign: Sign::Pos, atom: AtomPat { pred: source, args: pattern } });
        self.aux += 1;
        let name = self.syms.name(&format!("#proj{}", self.aux));
        let key = PredKey { name, arity: head_args.len() as u32, neg: false };
        let pred = PredId(self.preds.insert_full(key).0 as u32);
        self.push(t.span, Head::Atom(AtomPat { pred, args: head_args }), body, inner);
        if let Some(k) = shared {
            self.projections.insert(k, pred);
        }
        Some(Lit::Atom { sign, atom: AtomPat { pred, args: outer_args } })
    }

    fn atom(&mut self, t: &ast::Term, scope: &mut Scope, ranges: &mut Vec<Lit>) -> Option<AtomPat> {
        let (inner, neg) = match &t.kind {
            TermKind::Unary(UnOp::Neg, x) => (x.as_ref(), true),
            _ => (t, false),
        };
        match &inner.kind {
            TermKind::Func { name, args } if !name.is_empty() => {
                let args: Vec<GTerm> = args.iter().map(|a| self.term(a, scope, ranges)).collect();
                let key = PredKey { name: self.syms.name(name), arity: args.len() as u32, neg };
                let pred = PredId(self.preds.insert_full(key).0 as u32);
                Some(AtomPat { pred, args })
            }
            _ => {
                self.diags
                    .push(Diagnostic::error(t.span, "syntax error, unexpected term, expecting an atom"));
                None
            }
        }
    }

    /// The written interval `lo..hi` at `span`, for clingo's `interval
    /// undefined` info (none for very long bounds).
    fn interval_op(&mut self, span: Span, lo: &ast::Term, hi: &ast::Term) -> OpId {
        match op_text::interval(lo, hi) {
            Some(shown) => self.syms.add_op(span, "interval undefined:", shown),
            None => OpId::NONE,
        }
    }

    /// Where an undefined ground operation `g` (written as `t`, its
    /// operands folded to symbols) is, and how clingo shows it: the
    /// operation over the operands' values, in parentheses (`(1/0)` for
    /// `1/(2-2)`, `(3+a)` for `1+2+a`), an absolute value as `|a|`. An
    /// operand `-c` of arithmetic on a non-number is itself the undefined
    /// operation, as clingo reports it (`(-a)` in `-a+1`).
    fn undefined_operation(&self, t: &ast::Term, g: &GTerm) -> Option<(Span, String)> {
        let show = |x: &GTerm| match x {
            GTerm::Sym(s) => self.syms.display(*s),
            _ => String::new(),
        };
        match (g, &t.kind) {
            (GTerm::Unary(op, a, _), _) => Some((
                t.span,
                match op {
                    ast::UnOp::Neg => format!("(-{})", show(a)),
                    ast::UnOp::Abs => format!("|{}|", show(a)),
                    ast::UnOp::BitNot => format!("(~{})", show(a)),
                },
            )),
            (GTerm::Binary(op, a, b, _), TermKind::Binary(_, ta, tb)) => {
                for (x, tx) in [(a, ta), (b, tb)] {
                    let negated = matches!(tx.kind, TermKind::Unary(ast::UnOp::Neg, _));
                    if let (true, GTerm::Sym(s)) = (negated, &**x) {
                        if self.syms.as_int(*s).is_none() {
                            return Some((tx.span, format!("({})", show(x))));
                        }
                    }
                }
                Some((t.span, format!("({}{}{})", show(a), op.as_str(), show(b))))
            }
            _ => None,
        }
    }

    /// A term; intervals become fresh variables constrained in `ranges`.
    fn term(&mut self, t: &ast::Term, scope: &mut Scope, ranges: &mut Vec<Lit>) -> GTerm {
        let g = match &t.kind {
            TermKind::Var(n) => GTerm::Var(scope.var(n, t.span)),
            TermKind::Anon => GTerm::Var(scope.fresh("_", t.span)),
            TermKind::Int(i) => GTerm::Sym(self.syms.int(*i as i32)),
            TermKind::Str(s) => GTerm::Sym(self.syms.intern(SymData::Str(s.as_str().into()))),
            TermKind::Inf => GTerm::Sym(self.syms.intern(SymData::Inf)),
            TermKind::Sup => GTerm::Sym(self.syms.intern(SymData::Sup)),
            // a script call (`@f(..)`): a fresh variable, one of the
            // call's values (see `functions`)
            TermKind::Func { name, args } if name.starts_with('@') => {
                let args = args.iter().map(|a| self.term(a, scope, ranges)).collect();
                let v = scope.fresh("#Call", t.span);
                let op = self.syms.add_op(
                    t.span,
                    "operation undefined:",
                    format!("function '{}' not found", &name[1..]),
                );
                ranges.push(Lit::Call { t: GTerm::Var(v), name: self.syms.name(&name[1..]), args, op });
                return GTerm::Var(v);
            }
            TermKind::Func { name, args } => {
                if args.is_empty() {
                    if let Some(s) = self.params.get(name).or_else(|| self.consts.get(name)) {
                        return GTerm::Sym(*s);
                    }
                }
                let args = args.iter().map(|a| self.term(a, scope, ranges)).collect();
                GTerm::Func { name: self.syms.name(name), neg: false, args }
            }
            TermKind::Pool(alts) => {
                // Pools were expanded before; a leftover one (cannot happen) reads as its first option.
                return self.term(&alts[0], scope, ranges);
            }
            TermKind::Unary(op, a) => GTerm::Unary(*op, Box::new(self.term(a, scope, ranges)), OpId::NONE),
            TermKind::Binary(op, a, b) => GTerm::Binary(
                *op,
                Box::new(self.term(a, scope, ranges)),
                Box::new(self.term(b, scope, ranges)),
                OpId::NONE,
            ),
            TermKind::Interval(lo_written, hi_written) => {
                let lo = self.term(lo_written, scope, ranges);
                let hi = self.term(hi_written, scope, ranges);
                let v = scope.fresh("#Range", t.span);
                let op = self.interval_op(t.span, lo_written, hi_written);
                ranges.push(Lit::Range { t: GTerm::Var(v), lo, hi, op });
                GTerm::Var(v)
            }
        };
        // Fold ground subterms to symbols.  The subterms are folded
        // already, so the term is ground and defined only if each of them
        // is a symbol now (a look at the children, not the whole subtree:
        // long arithmetic chains stay linear).
        let sym = |t: &GTerm| matches!(t, GTerm::Sym(_));
        let folded = match &g {
            GTerm::Func { args, .. } => args.iter().all(sym),
            GTerm::Unary(_, a, _) => sym(a),
            GTerm::Binary(_, a, b, _) => sym(a) && sym(b),
            GTerm::Sym(_) | GTerm::Var(_) => false,
        };
        if !folded && matches!(g, GTerm::Unary(..) | GTerm::Binary(..)) {
            // an operation over variables: where it is written and how
            // clingo shows it, should an instance leave it undefined
            let mut g = g;
            if let Some((span, shown, linear)) = op_text::describe(t) {
                let id = self.syms.add_op(span, "operation undefined:", shown);
                stamp(&mut g, id, linear);
                // its operands `-X` are linear terms of their own (but
                // not those of a negation: `-(-X)`)
                let operands = match (linear, &t.kind, &mut g) {
                    (false, TermKind::Binary(_, wa, wb), GTerm::Binary(_, ga, gb, _)) => {
                        vec![(wa, ga), (wb, gb)]
                    }
                    (false, TermKind::Unary(op, wa), GTerm::Unary(_, ga, _)) if *op != UnOp::Neg => {
                        vec![(wa, ga)]
                    }
                    _ => vec![],
                };
                for (w, operand) in operands {
                    if let Some((span, shown)) = op_text::negated_operand(w) {
                        let id = self.syms.add_op(span, "operation undefined:", shown);
                        stamp(operand, id, true);
                    }
                }
            }
            return g;
        }
        if folded {
            if let Some(s) = g.eval(&Binding::new(0), self.syms) {
                return GTerm::Sym(s);
            }
            // As clingo: the rule instance is dropped, with an info naming
            // the operation over its operands' values.
            if let Some((span, shown)) = self.undefined_operation(t, &g) {
                self.diags.push(
                    Diagnostic::info(span, "operation undefined:")
                        .with_class(crate::diagnostics::InfoClass::OperationUndefined)
                        .with_detail(shown),
                );
            }
        }
        g
    }
}

fn has_anon(t: &ast::Term) -> bool {
    match &t.kind {
        TermKind::Anon => true,
        TermKind::Func { args, .. } => args.iter().any(has_anon),
        TermKind::Pool(a) => a.iter().any(has_anon),
        TermKind::Unary(_, a) => has_anon(a),
        TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => has_anon(a) || has_anon(b),
        _ => false,
    }
}

/// `p/n` or `-p/n` written in `#show`/`#hide`, or an atom pattern whose
/// arguments are all distinct variables (`#hide p(X,Y).`).
/// The priority of an element that names none: 0 in clingo 5; in gringo 3
/// the statement's number, counted from 1 in the order of the statements.
fn default_priority(dialect: Dialect, statement: usize) -> i64 {
    match dialect {
        Dialect::Clingo5 => 0,
        Dialect::Gringo3 => statement as i64,
    }
}

/// A gringo 3 optimisation element with each `_` in a positive atom of
/// its condition a variable of its own: the atom is also in the element's
/// key ([`opt_head`]), where `_` would be a fresh, unsafe variable (gringo
/// 3 counts every instance, `[p(_,L) = 1 @ L]` each `p(X,L)`). The names
/// cannot be written.
fn anonymous_named(e: &ast::OptElem) -> ast::OptElem {
    fn name(t: &mut ast::Term, k: &mut usize) {
        match &mut t.kind {
            TermKind::Anon => {
                *k += 1;
                t.kind = TermKind::Var(format!("_#{k}"));
            }
            TermKind::Func { args: ts, .. } | TermKind::Pool(ts) => ts.iter_mut().for_each(|t| name(t, k)),
            TermKind::Unary(_, a) => name(a, k),
            TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => {
                name(a, k);
                name(b, k);
            }
            _ => {}
        }
    }
    let mut e = e.clone();
    let mut k = 0;
    for c in &mut e.cond {
        if let BodyLit::Lit(ast::Literal { kind: LitKind::Atom(a), sign: Sign::Pos, .. }) = c {
            name(a, &mut k);
        }
    }
    e
}

/// The head term `#opt(w, p, key..)` standing for an optimisation element:
/// its weight (negated for `#maximize`), its priority, and the key that
/// tells it apart from the other elements of its priority (see
/// [`ast::OptKind`]): the tuple in clingo 5; in gringo 3 the element's
/// number and the atoms of its literal and condition (a multiset), or the
/// statement's number and the literal (a set).
fn opt_head(
    e: &ast::OptElem,
    maximize: bool,
    kind: ast::OptKind,
    (statement, element): (usize, usize),
    default_priority: &i64,
) -> ast::Term {
    let t = |k: TermKind| ast::Term::new(e.span, k);
    let int = |v: i64| t(TermKind::Int(v));
    let weight = if maximize {
        t(TermKind::Unary(ast::UnOp::Neg, Box::new(e.weight.clone())))
    } else {
        e.weight.clone()
    };
    let priority = e.priority.clone().unwrap_or_else(|| int(*default_priority));
    let mut args = vec![weight, priority];
    let atoms = |c: &BodyLit| match c {
        BodyLit::Lit(ast::Literal { kind: LitKind::Atom(a), sign, .. }) => Some((a.clone(), *sign)),
        _ => None,
    };
    match kind {
        ast::OptKind::Tuples => args.extend(e.terms.iter().cloned()),
        ast::OptKind::Multiset => {
            args.push(int(statement as i64));
            args.push(int(element as i64));
            args.extend(e.cond.iter().filter_map(atoms).map(|(a, _)| a));
        }
        ast::OptKind::Set => {
            args.push(int(statement as i64));
            if let Some((a, sign)) = e.cond.first().and_then(atoms) {
                args.push(int(sign as i64));
                args.push(a);
            }
        }
    }
    t(TermKind::Func { name: "#opt".into(), args })
}

fn signature(t: &ast::Term) -> Option<(String, usize, bool)> {
    if let Some(s) = sig_of_term(t) {
        return Some(s);
    }
    let (inner, neg) = match &t.kind {
        TermKind::Unary(UnOp::Neg, x) => (x.as_ref(), true),
        _ => (t, false),
    };
    match &inner.kind {
        TermKind::Func { name, args } if !name.is_empty() => {
            let mut seen = Vec::new();
            for a in args {
                match &a.kind {
                    TermKind::Var(v) if !seen.contains(v) => seen.push(v.clone()),
                    _ => return None,
                }
            }
            Some((name.clone(), args.len(), neg))
        }
        _ => None,
    }
}

/// gringo 3 `#domain p(X).` declarations: variable name to atom.
fn domain_decls(stmts: &[Statement]) -> Vec<(String, ast::Term)> {
    let mut out = Vec::new();
    for s in stmts {
        if let Statement::Domain { atoms, .. } = s {
            for a in atoms {
                let mut vs = Vec::new();
                term_vars(a, &mut vs);
                for v in vs {
                    out.push((v, a.clone()));
                }
            }
        }
    }
    out
}

/// The names of the variables in `t`, each once, added to `out`.
pub(super) fn term_vars(t: &ast::Term, out: &mut Vec<String>) {
    match &t.kind {
        TermKind::Var(v) if !out.contains(v) => out.push(v.clone()),
        TermKind::Func { args, .. } => args.iter().for_each(|a| term_vars(a, out)),
        TermKind::Pool(a) => a.iter().for_each(|a| term_vars(a, out)),
        TermKind::Unary(_, a) => term_vars(a, out),
        TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => {
            term_vars(a, out);
            term_vars(b, out)
        }
        _ => {}
    }
}

/// The names of the variables in `l`, each once, added to `out`.
pub(super) fn lit_vars(l: &ast::Literal, out: &mut Vec<String>) {
    match &l.kind {
        LitKind::Atom(t) => term_vars(t, out),
        LitKind::Cmp(_, a, b) => {
            term_vars(a, out);
            term_vars(b, out)
        }
        LitKind::Chain(ts, _) => ts.iter().for_each(|t| term_vars(t, out)),
        LitKind::Bool(_) => {}
    }
}

/// The rules a rule's pools stand for, each as clingo 5 reads its body
/// (see `body_rewrite`; gringo 3's rules as they are).
fn clingo_rules(r: &ast::Rule, dialect: Dialect) -> Vec<ast::Rule> {
    let mut rules = expand_rule(r, dialect);
    rules.retain_mut(|r| match super::body_rewrite::rewrite(r, dialect) {
        Rewrite::Same => true,
        Rewrite::Changed(new) => {
            *r = new;
            true
        }
        Rewrite::Dropped => false,
    });
    rules
}

/// The rule with `p(X)` added to its body for each `#domain p(X).` whose
/// variable it uses.
fn with_domains(r: &ast::Rule, domains: &[(String, ast::Term)]) -> ast::Rule {
    if domains.is_empty() {
        return r.clone();
    }
    let mut vs = Vec::new();
    match &r.head {
        ast::Head::Atom(t) => term_vars(t, &mut vs),
        ast::Head::False => {}
        ast::Head::Choice(c) => {
            for e in &c.elems {
                term_vars(&e.atom, &mut vs);
                e.cond.iter().for_each(|c| lit_vars(c, &mut vs));
            }
        }
        ast::Head::Disjunction(elems) => {
            for e in elems {
                term_vars(&e.atom, &mut vs);
                e.cond.iter().for_each(|c| lit_vars(c, &mut vs));
            }
        }
        ast::Head::Aggregate(a) => {
            for e in &a.elems {
                e.terms.iter().for_each(|t| term_vars(t, &mut vs));
                term_vars(&e.atom, &mut vs);
                e.cond.iter().for_each(|c| lit_vars(c, &mut vs));
            }
        }
    }
    for b in &r.body {
        match b {
            BodyLit::Lit(l) => lit_vars(l, &mut vs),
            BodyLit::Conditional { lit, cond, .. } => {
                lit_vars(lit, &mut vs);
                cond.iter().for_each(|c| lit_vars(c, &mut vs));
            }
            BodyLit::Aggregate { agg, .. } => {
                for e in &agg.elems {
                    match e {
                        AggElem::Tuple { terms, cond } => {
                            terms.iter().for_each(|t| term_vars(t, &mut vs));
                            cond.iter().for_each(|c| lit_vars(c, &mut vs));
                        }
                        AggElem::Lit { lit, cond } | AggElem::Weighted { lit, cond, .. } => {
                            lit_vars(lit, &mut vs);
                            cond.iter().for_each(|c| lit_vars(c, &mut vs));
                        }
                    }
                }
            }
        }
    }
    let mut r = r.clone();
    for (v, atom) in domains {
        if vs.contains(v) {
            let lit =
                ast::Literal { span: atom.span, sign: ast::Sign::Pos, kind: LitKind::Atom(atom.clone()) };
            if !r.body.contains(&BodyLit::Lit(lit.clone())) {
                r.body.push(BodyLit::Lit(lit));
            }
        }
    }
    r
}

/// Whether a term has a pool or an interval in it.
/// Whether `t` has a pool in it.
fn is_pool(t: &ast::Term) -> bool {
    let mut found = false;
    t.clone().visit_mut(&mut |t| {
        found |= matches!(t.kind, TermKind::Pool(_));
        !found
    });
    found
}

fn pool_or_interval(t: &ast::Term) -> bool {
    let mut found = false;
    t.clone().visit_mut(&mut |t| {
        found |= matches!(t.kind, TermKind::Pool(_) | TermKind::Interval(..));
        !found
    });
    found
}

/// Gives operation node `g` the written operation `id`, and, where `g` is
/// a linear term (one operation for gringo), every operation inside it.
fn stamp(g: &mut GTerm, id: OpId, linear: bool) {
    match g {
        GTerm::Unary(_, a, own) => {
            *own = id;
            if linear {
                stamp(a, id, true);
            }
        }
        GTerm::Binary(_, a, b, own) => {
            *own = id;
            if linear {
                stamp(a, id, true);
                stamp(b, id, true);
            }
        }
        GTerm::Var(_) | GTerm::Sym(_) | GTerm::Func { .. } => {}
    }
}
