//! The abstract syntax tree of a program, as written (before rewriting).
//!
//! Both dialects parse into these types; the grounder's normaliser gives
//! them meaning.  Invariant: every node that can be the subject of a message
//! carries the [`Span`] of its text.

use super::span::Span;

/// A unary term operator.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum UnOp {
    /// `-t`: arithmetic negation, or classical negation of a function term.
    Neg,
    /// `|t|` (gringo 3 also `#abs(t)`): absolute value.
    Abs,
    /// `~t`: bitwise complement.
    BitNot,
}

/// A binary term operator.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (gringo 3 also `#div`): integer division, rounding toward zero.
    Div,
    /// `\` (gringo 3 also `#mod`): remainder, with the sign of the dividend.
    Mod,
    /// `**` (gringo 3 also `#pow`): power.
    Pow,
    /// `&`: bitwise and.
    And,
    /// `?`: bitwise or.
    Or,
    /// `^`: bitwise xor.
    Xor,
}

impl BinOp {
    /// The operator as clingo writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "\\",
            BinOp::Pow => "**",
            BinOp::And => "&",
            BinOp::Or => "?",
            BinOp::Xor => "^",
        }
    }
}

/// A term as written.  Atoms are terms too (`p(X)`, `-p(X)`, `a`) until the
/// normaliser reads them as atoms.
#[derive(Clone, PartialEq, Debug)]
pub struct Term {
    /// Where the term is written.
    pub span: Span,
    /// What the term is.
    pub kind: TermKind,
}

/// The forms a [`Term`] can take.
#[derive(Clone, PartialEq, Debug)]
pub enum TermKind {
    /// A variable, by name.
    Var(String),
    /// `_`
    Anon,
    /// An integer.
    Int(i64),
    /// A string, escape sequences already resolved.
    Str(String),
    /// `#inf`, the smallest term.
    Inf,
    /// `#sup`, the greatest term.
    Sup,
    /// `name(args)`; `name` empty for a tuple `(a,b)`; no args and a name: a constant.
    Func {
        /// The function's name (empty for a tuple).
        name: String,
        /// The arguments.
        args: Vec<Term>,
    },
    /// `a;b` alternatives (inside parentheses or argument lists).
    Pool(Vec<Term>),
    /// A unary operation.
    Unary(UnOp, Box<Term>),
    /// A binary operation.
    Binary(BinOp, Box<Term>, Box<Term>),
    /// `lo..hi`: every integer from `lo` to `hi`, both included.
    Interval(Box<Term>, Box<Term>),
}

impl Term {
    /// A term of `kind` written at `span`.
    pub fn new(span: Span, kind: TermKind) -> Term {
        Term { span, kind }
    }
}

/// A comparison operator.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum CmpOp {
    /// `=` (also `==`)
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The operator with its operands swapped: `a < b` iff `b > a`.
    pub fn flip(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            o => o,
        }
    }
    /// The operator that holds exactly when this one does not: `not a < b` iff `a >= b`.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
    /// The operator's clingo spelling (`=` for `==` too).
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// Default negation in front of a literal.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Sign {
    /// No negation.
    Pos,
    /// `not`
    Not,
    /// `not not`
    NotNot,
}

/// What a [`Literal`] says, negation aside.
#[derive(Clone, PartialEq, Debug)]
pub enum LitKind {
    /// An atom, possibly classically negated (`-p(X)` is `Unary(Neg, p(X))`).
    Atom(Term),
    /// `l op r`, a comparison of two terms.
    Cmp(CmpOp, Term, Term),
    /// `t0 op0 t1 op1 t2 ..`, a chain of comparisons (clingo 5.6's): each
    /// neighbouring pair compared; at least three terms, one operator
    /// fewer.
    Chain(Vec<Term>, Vec<CmpOp>),
    /// `#true` or `#false`.
    Bool(bool),
}

/// A body or condition literal: an atom or comparison, with its default negation.
#[derive(Clone, PartialEq, Debug)]
pub struct Literal {
    /// The literal as written, `not` included.
    pub span: Span,
    /// The default negation in front of it.
    pub sign: Sign,
    /// The atom, comparison or `#true`/`#false` itself.
    pub kind: LitKind,
}

/// An aggregate function.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum AggFun {
    /// `#count` (also a bare `{..}` in bodies): the number of elements.
    Count,
    /// `#sum` (gringo 3 also `[..]`): the sum of the weights.
    Sum,
    /// `#sum+`: the sum of the positive weights only.
    SumPlus,
    /// `#min`: the smallest weight (`#sup` for the empty set).
    Min,
    /// `#max`: the greatest weight (`#inf` for the empty set).
    Max,
    /// gringo 3 `#avg[..]`
    Avg,
    /// gringo 3 `#even{..}` / `#odd{..}`: parity of the number of true literals.
    Even,
    /// gringo 3 `#odd{..}`: the number of true literals is odd.
    Odd,
}

/// One element of an aggregate.
#[derive(Clone, PartialEq, Debug)]
pub enum AggElem {
    /// `t1,...,tn : l1,...,lm` (clingo 5 `#count{..}` etc.)
    Tuple {
        /// The tuple (its first term is the weight for `#sum`, `#sum+`, `#min` and `#max`).
        terms: Vec<Term>,
        /// The condition (empty: unconditional).
        cond: Vec<Literal>,
    },
    /// `l : l1,...,lm` (set aggregates `{ a; not b }` in bodies)
    Lit {
        /// The literal counted.
        lit: Literal,
        /// The condition (empty: unconditional).
        cond: Vec<Literal>,
    },
    /// gringo 3 weight literal `l : c1 : c2 = w` in `[..]`: every instance
    /// counts (multiset semantics).
    Weighted {
        /// The literal weighed.
        lit: Literal,
        /// The condition literals (`: c1 : c2`).
        cond: Vec<Literal>,
        /// The weight (`1` when none is written).
        weight: Term,
    },
}

/// One bound of an aggregate or choice head: a comparison with a term.
#[derive(Clone, PartialEq, Debug)]
pub struct Bound {
    /// The comparison.
    pub op: CmpOp,
    /// The bounding term.
    pub term: Term,
}

/// `lower op1 fun{elems} op2 upper`; the left bound is stored as written
/// (`lower op1 value`), the right one as `value op2 upper`.
#[derive(Clone, PartialEq, Debug)]
pub struct Aggregate {
    /// The whole aggregate, bounds included.
    pub span: Span,
    /// The aggregate function.
    pub fun: AggFun,
    /// The elements, as written.
    pub elems: Vec<AggElem>,
    /// The bound written before the aggregate, as `term op value`.
    pub left: Option<Bound>,
    /// The bound written after the aggregate, as `value op term`.
    pub right: Option<Bound>,
}

/// A literal of a rule body.
#[derive(Clone, PartialEq, Debug)]
pub enum BodyLit {
    /// A plain literal.
    Lit(Literal),
    /// `lit : cond` (clingo 5 conditional literal in a body)
    Conditional {
        /// The conditional literal as written.
        span: Span,
        /// The literal that must hold for every instance of the condition.
        lit: Literal,
        /// The condition.
        cond: Vec<Literal>,
    },
    /// An aggregate, possibly under default negation.
    Aggregate {
        /// The default negation in front of the aggregate.
        sign: Sign,
        /// The aggregate itself.
        agg: Aggregate,
    },
}

impl BodyLit {
    /// Where the body literal is written.
    pub fn span(&self) -> Span {
        match self {
            BodyLit::Lit(l) => l.span,
            BodyLit::Conditional { span, .. } => *span,
            BodyLit::Aggregate { agg, .. } => agg.span,
        }
    }
}

/// A choice element `atom : cond`.
#[derive(Clone, PartialEq, Debug)]
pub struct ChoiceElem {
    /// The atom (a term until the normaliser reads it as an atom).
    pub atom: Term,
    /// The element's condition (empty: unconditional).
    pub cond: Vec<Literal>,
    /// gringo 3 weight constraint heads `l [a = 2, b] u`: the weight.
    pub weight: Option<Term>,
    /// A clingo 5 disjunct may be a default-negated literal (`a ; not b`,
    /// `a ; not not b : c`); everywhere else `Pos`.
    pub sign: Sign,
}

/// The head of a rule.
#[derive(Clone, PartialEq, Debug)]
pub enum Head {
    /// An atom (a fact or a normal rule's head).
    Atom(Term),
    /// `:- body.`
    False,
    /// `lower { elems } upper` (boxed, as `Aggregate`: a fact's head
    /// should not be as large as a choice's)
    Choice(Box<ChoiceHead>),
    /// `a | b : c` (at least one holds; minimal models)
    Disjunction(Vec<ChoiceElem>),
    /// clingo 5's head aggregate `l #agg { t : a : c; .. } u`: any of the
    /// element atoms may be chosen (as in a choice), and the aggregate
    /// over the tuples of the chosen ones holds (see
    /// [`Rule::head_aggregate_rules`]).
    Aggregate(Box<AggregateHead>),
}

/// A choice head `lower { elems } upper`.
#[derive(Clone, PartialEq, Debug)]
pub struct ChoiceHead {
    /// The whole head, bounds included.
    pub span: Span,
    /// The elements.
    pub elems: Vec<ChoiceElem>,
    /// The bound written before the braces (`term op value`).
    pub left: Option<Bound>,
    /// The bound written after the braces (`value op term`).
    pub right: Option<Bound>,
    /// The choice part of a head aggregate with bounds (which go into a
    /// constraint beside it): grounded as a choice with bounds is where
    /// the head atoms are in the body (see `Instance::choice`).
    pub bounded: bool,
    /// The elements whose literal is a comparison or `#true`/`#false`
    /// (clingo 5: `{ a ; X < 3 : d(X) } = 2`), each with empty `terms`.
    pub fixed: Vec<FixedElem>,
}

/// An element of a choice or head aggregate whose literal is a comparison
/// or `#true`/`#false` (`{ a ; #true } = 1`, `#sum { 2 : X < 3 : d(X) }`):
/// it chooses nothing and counts, with its tuple, where its literal and
/// its condition hold. A choice's element has no tuple written; each such
/// element counts once per value of its literal's variables, apart from
/// every other element, as gringo counts it (see `ground::negated_heads`).
#[derive(Clone, PartialEq, Debug)]
pub struct FixedElem {
    /// The tuple (a head aggregate's; empty in a choice).
    pub terms: Vec<Term>,
    /// The comparison or `#true`/`#false`.
    pub lit: Literal,
    /// The condition (empty: unconditional).
    pub cond: Vec<Literal>,
}

/// A head aggregate `lower #agg { elems } upper`.
#[derive(Clone, PartialEq, Debug)]
pub struct AggregateHead {
    /// The whole head, bounds included.
    pub span: Span,
    /// The aggregate function.
    pub fun: AggFun,
    /// The elements.
    pub elems: Vec<HeadAggElem>,
    /// The bound written before the function (`term op value`).
    pub left: Option<Bound>,
    /// The bound written after the braces (`value op term`).
    pub right: Option<Bound>,
    /// The elements whose literal is a comparison or `#true`/`#false`.
    pub fixed: Vec<FixedElem>,
}

/// An element `t1,..,tn : atom : condition` of a head aggregate.
#[derive(Clone, PartialEq, Debug)]
pub struct HeadAggElem {
    /// The tuple (its first term is the weight for `#sum`).
    pub terms: Vec<Term>,
    /// The atom that may be chosen.
    pub atom: Term,
    /// The condition (empty: unconditional).
    pub cond: Vec<Literal>,
    /// A default-negated element (`#count { 1 : not b }`) counts where its
    /// literal holds and chooses nothing.
    pub sign: Sign,
}

/// A rule `head :- body.`, a fact (empty body) or an integrity constraint.
#[derive(Clone, PartialEq, Debug)]
pub struct Rule {
    /// The whole rule, final `.` included.
    pub span: Span,
    /// The head.
    pub head: Head,
    /// The body literals (empty for a fact).
    pub body: Vec<BodyLit>,
}

impl Term {
    /// Calls `f` on this term and every term inside it, outermost first
    /// (`f` may replace a term; what it puts there is not visited).
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&mut Term) -> bool) {
        if !f(self) {
            return;
        }
        match &mut self.kind {
            TermKind::Func { args, .. } => args.iter_mut().for_each(|a| a.visit_mut(f)),
            TermKind::Pool(ts) => ts.iter_mut().for_each(|a| a.visit_mut(f)),
            TermKind::Unary(_, a) => a.visit_mut(f),
            TermKind::Binary(_, a, b) | TermKind::Interval(a, b) => {
                a.visit_mut(f);
                b.visit_mut(f);
            }
            _ => {}
        }
    }
}

impl Literal {
    /// Calls `f` on the literal's terms (an atom's with `true`).
    pub fn terms_mut(&mut self, f: &mut dyn FnMut(&mut Term, bool)) {
        match &mut self.kind {
            LitKind::Atom(t) => f(t, true),
            LitKind::Cmp(_, a, b) => {
                f(a, false);
                f(b, false);
            }
            LitKind::Chain(ts, _) => ts.iter_mut().for_each(|t| f(t, false)),
            LitKind::Bool(_) => {}
        }
    }
}

impl Rule {
    /// Calls `f` on every term written in the rule, at the outermost
    /// level (atoms, comparison sides, weights, tuples, bounds), with
    /// whether the term is an atom.
    pub fn terms_mut(&mut self, f: &mut dyn FnMut(&mut Term, bool)) {
        let lits = |ls: &mut Vec<Literal>, f: &mut dyn FnMut(&mut Term, bool)| {
            ls.iter_mut().for_each(|l| l.terms_mut(f))
        };
        let bound = |b: &mut Option<Bound>, f: &mut dyn FnMut(&mut Term, bool)| {
            if let Some(b) = b {
                f(&mut b.term, false)
            }
        };
        let fixed = |es: &mut Vec<FixedElem>, f: &mut dyn FnMut(&mut Term, bool)| {
            for e in es {
                e.terms.iter_mut().for_each(|t| f(t, false));
                e.lit.terms_mut(f);
                lits(&mut e.cond, f);
            }
        };
        match &mut self.head {
            Head::Atom(t) => f(t, true),
            Head::False => {}
            Head::Choice(c) => {
                for e in &mut c.elems {
                    f(&mut e.atom, true);
                    lits(&mut e.cond, f);
                    if let Some(w) = &mut e.weight {
                        f(w, false);
                    }
                }
                fixed(&mut c.fixed, f);
                bound(&mut c.left, f);
                bound(&mut c.right, f);
            }
            Head::Disjunction(es) => {
                for e in es {
                    f(&mut e.atom, true);
                    lits(&mut e.cond, f);
                }
            }
            Head::Aggregate(a) => {
                for e in &mut a.elems {
                    e.terms.iter_mut().for_each(|t| f(t, false));
                    f(&mut e.atom, true);
                    lits(&mut e.cond, f);
                }
                fixed(&mut a.fixed, f);
                bound(&mut a.left, f);
                bound(&mut a.right, f);
            }
        }
        for b in &mut self.body {
            match b {
                BodyLit::Lit(l) => l.terms_mut(f),
                BodyLit::Conditional { lit, cond, .. } => {
                    lit.terms_mut(f);
                    lits(cond, f);
                }
                BodyLit::Aggregate { agg, .. } => {
                    for e in &mut agg.elems {
                        match e {
                            AggElem::Tuple { terms, cond } => {
                                terms.iter_mut().for_each(|t| f(t, false));
                                lits(cond, f);
                            }
                            AggElem::Lit { lit, cond } => {
                                lit.terms_mut(f);
                                lits(cond, f);
                            }
                            AggElem::Weighted { lit, cond, weight } => {
                                lit.terms_mut(f);
                                lits(cond, f);
                                f(weight, false);
                            }
                        }
                    }
                    bound(&mut agg.left, f);
                    bound(&mut agg.right, f);
                }
            }
        }
    }

    /// The rules a head aggregate stands for, as clingo defines it:
    /// `l #agg { t : a : c } u :- B.` is the choice `{ a : c } :- B.` and,
    /// with bounds, the constraint `:- B, not l #agg { t : a, c } u.`;
    /// any other rule as it is.
    pub fn head_aggregate_rules(&self) -> Vec<Rule> {
        let Head::Aggregate(h) = &self.head else {
            return vec![self.clone()];
        };
        let AggregateHead { span, fun, elems, left, right, fixed } = &**h;
        // (a negated element chooses nothing)
        let choice = elems
            .iter()
            .filter(|e| e.sign == Sign::Pos)
            .map(|e| ChoiceElem { atom: e.atom.clone(), cond: e.cond.clone(), weight: None, sign: Sign::Pos })
            .collect();
        let mut out = vec![Rule {
            span: self.span,
            head: Head::Choice(Box::new(ChoiceHead {
                span: *span,
                elems: choice,
                left: None,
                right: None,
                bounded: left.is_some() || right.is_some(),
                fixed: Vec::new(),
            })),
            body: self.body.clone(),
        }];
        if left.is_some() || right.is_some() {
            let elems = elems
                .iter()
                .map(|e| {
                    let atom =
                        Literal { span: e.atom.span, sign: e.sign, kind: LitKind::Atom(e.atom.clone()) };
                    let cond = std::iter::once(atom).chain(e.cond.iter().cloned()).collect();
                    AggElem::Tuple { terms: e.terms.clone(), cond }
                })
                .chain(fixed.iter().map(|e| {
                    let cond = std::iter::once(e.lit.clone()).chain(e.cond.iter().cloned()).collect();
                    AggElem::Tuple { terms: e.terms.clone(), cond }
                }))
                .collect();
            let agg = Aggregate { span: *span, fun: *fun, elems, left: left.clone(), right: right.clone() };
            let mut body = self.body.clone();
            body.push(BodyLit::Aggregate { sign: Sign::Not, agg });
            out.push(Rule { span: self.span, head: Head::False, body });
        }
        out
    }
}

/// How the elements of an optimisation statement are told apart: an
/// element whose key was already counted at its priority counts no more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptKind {
    /// clingo 5: the key is the tuple `w@p, t1, .., tn`, across all
    /// statements of the program.
    Tuples,
    /// gringo 3 `[..]`: every ground element counts (a multiset).
    Multiset,
    /// gringo 3 `{..}`: every literal counts once per statement (a set);
    /// the literal is the condition's first.
    Set,
}

/// An element of an optimisation statement: `w@p, t1, .., tn : cond`.
#[derive(Clone, PartialEq, Debug)]
pub struct OptElem {
    /// The element as written.
    pub span: Span,
    /// The weight.
    pub weight: Term,
    /// The priority (level); `None`: the dialect's default.
    pub priority: Option<Term>,
    /// The rest of the tuple (clingo 5).
    pub terms: Vec<Term>,
    /// When the element counts (gringo 3: its literal first).
    pub cond: Vec<BodyLit>,
}

/// An argument of a fact in a [`GroundFacts`] run.
#[derive(Clone, PartialEq, Debug)]
pub enum FactArg {
    /// An integer (32-bit, as every integer term is).
    Int(i32),
    /// A string, escape sequences resolved.
    Str(Box<str>),
}

/// A run of facts `p(1,"a").` whose arguments are integers and strings
/// only, read in bulk: what a file of millions of facts mostly is.  Each
/// means what the rule [`GroundFacts::rules`] makes of it means; nothing
/// in it depends on constants, parameters or the dialect.
///
/// Invariant: fact `i` is `names[facts[i].1]` applied to
/// `args[facts[i].2 .. facts[i + 1].2]` (the last one's to the end).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct GroundFacts {
    /// Per fact: where it is written, its name's index, its first argument.
    pub facts: Vec<(Span, u32, u32)>,
    /// The predicate names.
    pub names: Vec<String>,
    /// The arguments, fact after fact.
    pub args: Vec<FactArg>,
}

impl GroundFacts {
    /// Fact `i`: where it is written, its name and its arguments.
    pub fn get(&self, i: usize) -> (Span, &str, &[FactArg]) {
        let (span, name, lo) = self.facts[i];
        let hi = self.facts.get(i + 1).map_or(self.args.len(), |f| f.2 as usize);
        (span, &self.names[name as usize], &self.args[lo as usize..hi])
    }

    /// The facts as the rules they are.
    pub fn rules(&self) -> Vec<Statement> {
        (0..self.facts.len())
            .map(|i| {
                let (span, name, args) = self.get(i);
                let args = args
                    .iter()
                    .map(|a| match a {
                        FactArg::Int(n) => Term::new(span, TermKind::Int(*n as i64)),
                        FactArg::Str(t) => Term::new(span, TermKind::Str(t.to_string())),
                    })
                    .collect();
                let head = Term::new(span, TermKind::Func { name: name.to_string(), args });
                Statement::Rule(Rule { span, head: Head::Atom(head), body: vec![] })
            })
            .collect()
    }
}

/// A statement of a program, as parsed.
#[derive(Clone, PartialEq, Debug)]
pub enum Statement {
    /// A rule, fact or integrity constraint.
    Rule(Rule),
    /// Many facts over integers and strings (see [`GroundFacts`]).
    Facts(GroundFacts),
    /// `#const name = value.`
    Const {
        /// The whole statement.
        span: Span,
        /// The constant's name.
        name: String,
        /// Its value (substituted unless `-c` overrides it).
        value: Term,
        /// Written `[override]`: it wins over the definitions without
        /// (`[default]`, the default).
        is_override: bool,
    },
    /// `#show.`
    ShowNothing {
        /// The whole statement.
        span: Span,
    },
    /// `#show name/arity.` (`negative` for `#show -name/arity.`)
    ShowSig {
        /// The whole statement.
        span: Span,
        /// The predicate's name.
        name: String,
        /// The predicate's arity.
        arity: usize,
        /// Whether the signature is of the classically negated predicate.
        negative: bool,
    },
    /// `#show term : body.` (clingo 5: show the term whenever the body holds)
    ShowTerm {
        /// The whole statement.
        span: Span,
        /// The term to print.
        term: Term,
        /// The condition (empty: always printed).
        body: Vec<BodyLit>,
    },
    /// gringo 3 `#hide.` (`what` None), `#hide p/n.`, `#hide p(X) : q(X).`
    Hide {
        /// The whole statement.
        span: Span,
        /// The signature (`p/n`) or atom to hide, and its condition; `None` hides everything.
        what: Option<(Term, Vec<Literal>)>,
    },
    /// gringo 3 `#show p/n.` / `#show p(X) : q(X).`: (re-)include atoms.
    ShowAtoms {
        /// The whole statement.
        span: Span,
        /// The signature (`p/n`) or atom to show.
        what: Term,
        /// The condition.
        cond: Vec<Literal>,
    },
    /// gringo 3 `#domain p(X).`: every rule using X gets `p(X)` in its body.
    Domain {
        /// The whole statement.
        span: Span,
        /// The atoms (`p(X)`) that give their variables a domain.
        atoms: Vec<Term>,
    },
    /// lparse's `#compute n { lits }.`: the literals must hold.
    Compute {
        /// The whole statement.
        span: Span,
        /// The literals that must hold.
        lits: Vec<Literal>,
    },
    /// `#minimize`/`#maximize` or a weak constraint `:~ body. [w@p, t..]`.
    Optimize {
        /// The whole statement.
        span: Span,
        /// `#maximize`: the weights count negated.
        maximize: bool,
        /// Which elements count once (see [`OptKind`]).
        kind: OptKind,
        /// The elements.
        elems: Vec<OptElem>,
    },
    /// `#program name(params).`: the statements after it (up to the next
    /// `#program` or the end of the file) belong to the part `name`.
    Program {
        /// The whole statement.
        span: Span,
        /// The part's name (`base` is the one grounded from the command line).
        name: String,
        /// The part's parameters (constants when the part is grounded).
        params: Vec<String>,
    },
    /// `#include "file".` or `#include <name>.`
    Include {
        /// The whole statement.
        span: Span,
        /// The file's path as written (escapes resolved), or the library name.
        path: String,
        /// `<name>` (a library part such as `incmode`) rather than a file.
        library: bool,
    },
    /// `#external atom : body. [value]`: the atom is an input, false unless
    /// the value (clingo 5.4+) says otherwise.
    External {
        /// The whole statement.
        span: Span,
        /// The external atom (terms of rare statements are boxed: a
        /// statement is as large as its largest kind, facts included).
        atom: Box<Term>,
        /// The condition its instances are taken from.
        body: Vec<BodyLit>,
        /// The default value (`true`, `false`, `free`, `release`); none: false.
        value: Option<Box<Term>>,
    },
    /// `#defined p/n.`: the predicate counts as defined (no undefined-atom info).
    Defined {
        /// The whole statement.
        span: Span,
        /// The predicate's name.
        name: String,
        /// Its arity.
        arity: usize,
        /// Whether it is the classically negated predicate.
        negative: bool,
    },
    /// `#project p/n.` (`atom` None) or `#project atom : body.`
    Project {
        /// The whole statement.
        span: Span,
        /// A signature: every atom of the predicate.
        sig: Option<(String, usize, bool)>,
        /// An atom (with its condition) when not a signature.
        atom: Option<Box<(Term, Vec<BodyLit>)>>,
    },
    /// `#heuristic atom : body. [weight@priority, modifier]`
    Heuristic {
        /// The whole statement.
        span: Span,
        /// The atom the decisions are about.
        atom: Box<Term>,
        /// When the modification applies.
        body: Vec<BodyLit>,
        /// The value (level, factor, ...; sign for `sign`/`true`/`false`).
        weight: Box<Term>,
        /// Which modification wins for an atom (default 0).
        priority: Option<Box<Term>>,
        /// `sign`, `level`, `true`, `false`, `init` or `factor`.
        modifier: Box<Term>,
    },
    /// `#edge (u1,v1; ..; un,vn) : body.`: while the body holds, the
    /// graph has each edge `ui -> vi`; the graph must stay acyclic.
    Edge {
        /// The whole statement.
        span: Span,
        /// The edges, each from its first node to its second.
        pairs: Vec<(Term, Term)>,
        /// When the edges are there.
        body: Vec<BodyLit>,
    },
    /// A statement minasp parses but does not support yet (incremental
    /// parts): reported by the grounder with its name.
    Unsupported {
        /// The whole statement.
        span: Span,
        /// The construct's name for the error message (e.g. `#minimize`).
        what: String,
    },
}

impl Statement {
    /// Where the statement is written.
    pub fn span(&self) -> Span {
        match self {
            Statement::Rule(r) => r.span,
            Statement::Facts(f) => f.facts.first().map_or(Span::NOWHERE, |f| f.0),
            Statement::Const { span, .. }
            | Statement::ShowNothing { span }
            | Statement::ShowSig { span, .. }
            | Statement::ShowTerm { span, .. }
            | Statement::Hide { span, .. }
            | Statement::ShowAtoms { span, .. }
            | Statement::Domain { span, .. }
            | Statement::Compute { span, .. }
            | Statement::Optimize { span, .. }
            | Statement::Program { span, .. }
            | Statement::Include { span, .. }
            | Statement::External { span, .. }
            | Statement::Defined { span, .. }
            | Statement::Project { span, .. }
            | Statement::Heuristic { span, .. }
            | Statement::Edge { span, .. }
            | Statement::Unsupported { span, .. } => *span,
        }
    }
}
