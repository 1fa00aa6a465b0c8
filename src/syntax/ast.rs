//! The abstract syntax tree of a program, as written (before rewriting).
//!
//! Both dialects parse into these types; the grounder's normaliser gives
//! them meaning.  Invariant: every node that can be the subject of a message
//! carries the [`Span`] of its text.

use super::span::Span;

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum UnOp {
    Neg,
    Abs,
    BitNot,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
    And,
    Or,
    Xor,
}

/// A term as written.  Atoms are terms too (`p(X)`, `-p(X)`, `a`) until the
/// normaliser reads them as atoms.
#[derive(Clone, PartialEq, Debug)]
pub struct Term {
    pub span: Span,
    pub kind: TermKind,
}

#[derive(Clone, PartialEq, Debug)]
pub enum TermKind {
    Var(String),
    /// `_`
    Anon,
    Int(i64),
    Str(String),
    Inf,
    Sup,
    /// `name(args)`; `name` empty for a tuple `(a,b)`; no args and a name: a constant.
    Func {
        name: String,
        args: Vec<Term>,
    },
    /// `a;b` alternatives (inside parentheses or argument lists).
    Pool(Vec<Term>),
    Unary(UnOp, Box<Term>),
    Binary(BinOp, Box<Term>, Box<Term>),
    Interval(Box<Term>, Box<Term>),
}

impl Term {
    pub fn new(span: Span, kind: TermKind) -> Term {
        Term { span, kind }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
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
    Pos,
    Not,
    NotNot,
}

#[derive(Clone, PartialEq, Debug)]
pub enum LitKind {
    /// An atom, possibly classically negated (`-p(X)` is `Unary(Neg, p(X))`).
    Atom(Term),
    Cmp(CmpOp, Term, Term),
    Bool(bool),
}

#[derive(Clone, PartialEq, Debug)]
pub struct Literal {
    pub span: Span,
    pub sign: Sign,
    pub kind: LitKind,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum AggFun {
    Count,
    Sum,
    SumPlus,
    Min,
    Max,
    /// gringo 3 `#avg[..]`
    Avg,
    /// gringo 3 `#even{..}` / `#odd{..}`: parity of the number of true literals.
    Even,
    Odd,
}

/// One element of an aggregate.
#[derive(Clone, PartialEq, Debug)]
pub enum AggElem {
    /// `t1,...,tn : l1,...,lm` (clingo 5 `#count{..}` etc.)
    Tuple { terms: Vec<Term>, cond: Vec<Literal> },
    /// `l : l1,...,lm` (set aggregates `{ a; not b }` in bodies)
    Lit { lit: Literal, cond: Vec<Literal> },
    /// gringo 3 weight literal `l : c1 : c2 = w` in `[..]`: every instance
    /// counts (multiset semantics).
    Weighted { lit: Literal, cond: Vec<Literal>, weight: Term },
}

#[derive(Clone, PartialEq, Debug)]
pub struct Bound {
    pub op: CmpOp,
    pub term: Term,
}

/// `lower op1 fun{elems} op2 upper`; the left bound is stored as written
/// (`lower op1 value`), the right one as `value op2 upper`.
#[derive(Clone, PartialEq, Debug)]
pub struct Aggregate {
    pub span: Span,
    pub fun: AggFun,
    pub elems: Vec<AggElem>,
    pub left: Option<Bound>,
    pub right: Option<Bound>,
}

#[derive(Clone, PartialEq, Debug)]
pub enum BodyLit {
    Lit(Literal),
    /// `lit : cond` (clingo 5 conditional literal in a body)
    Conditional {
        span: Span,
        lit: Literal,
        cond: Vec<Literal>,
    },
    Aggregate {
        sign: Sign,
        agg: Aggregate,
    },
}

impl BodyLit {
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
    pub atom: Term,
    pub cond: Vec<Literal>,
    /// gringo 3 weight constraint heads `l [a = 2, b] u`: the weight.
    pub weight: Option<Term>,
}

#[derive(Clone, PartialEq, Debug)]
pub enum Head {
    /// An atom (a fact or a normal rule's head).
    Atom(Term),
    /// `:- body.`
    False,
    /// `lower { elems } upper`
    Choice { span: Span, elems: Vec<ChoiceElem>, left: Option<Bound>, right: Option<Bound> },
    /// `a | b : c` (at least one holds; minimal models)
    Disjunction(Vec<ChoiceElem>),
}

#[derive(Clone, PartialEq, Debug)]
pub struct Rule {
    pub span: Span,
    pub head: Head,
    pub body: Vec<BodyLit>,
}

#[derive(Clone, PartialEq, Debug)]
pub enum Statement {
    Rule(Rule),
    /// `#const name = value.`
    Const {
        span: Span,
        name: String,
        value: Term,
    },
    /// `#show.`
    ShowNothing {
        span: Span,
    },
    /// `#show name/arity.` (`negative` for `#show -name/arity.`)
    ShowSig {
        span: Span,
        name: String,
        arity: usize,
        negative: bool,
    },
    /// `#show term : body.` (clingo 5: show the term whenever the body holds)
    ShowTerm {
        span: Span,
        term: Term,
        body: Vec<BodyLit>,
    },
    /// gringo 3 `#hide.` (`what` None), `#hide p/n.`, `#hide p(X) : q(X).`
    Hide {
        span: Span,
        what: Option<(Term, Vec<Literal>)>,
    },
    /// gringo 3 `#show p/n.` / `#show p(X) : q(X).`: (re-)include atoms.
    ShowAtoms {
        span: Span,
        what: Term,
        cond: Vec<Literal>,
    },
    /// gringo 3 `#domain p(X).`: every rule using X gets `p(X)` in its body.
    Domain {
        span: Span,
        atoms: Vec<Term>,
    },
    /// lparse's `#compute n { lits }.`: the literals must hold.
    Compute {
        span: Span,
        lits: Vec<Literal>,
    },
    /// A statement minasp parses but does not support yet (optimisation,
    /// incremental parts): reported by the grounder with its name.
    Unsupported {
        span: Span,
        what: String,
    },
}

impl Statement {
    pub fn span(&self) -> Span {
        match self {
            Statement::Rule(r) => r.span,
            Statement::Const { span, .. }
            | Statement::ShowNothing { span }
            | Statement::ShowSig { span, .. }
            | Statement::ShowTerm { span, .. }
            | Statement::Hide { span, .. }
            | Statement::ShowAtoms { span, .. }
            | Statement::Domain { span, .. }
            | Statement::Compute { span, .. }
            | Statement::Unsupported { span, .. } => *span,
        }
    }
}
