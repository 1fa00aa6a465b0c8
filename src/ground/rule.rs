//! Normalised ("core") rules: what the instantiator works on.
//!
//! Invariants: no pools, no intervals inside terms (an interval became a
//! [`Lit::Range`] binding a fresh variable), constants substituted, every
//! predicate a [`PredId`] of the grounder's predicate table, variables dense
//! per rule.  Aggregate bounds are stored as `value op term`.

use super::symbol::{Name, Sym};
use super::term::{GTerm, OpId, Var};
use crate::syntax::ast::{AggFun, CmpOp, Sign};
use crate::syntax::span::Span;

/// A predicate: name, arity and classical sign.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PredId(pub u32);

/// An atom with (possibly) non-ground arguments.
#[derive(Clone, Debug)]
pub struct AtomPat {
    /// Its predicate.
    pub pred: PredId,
    /// Its arguments.
    pub args: Vec<GTerm>,
}

/// A literal of a core rule's body or of a condition.
#[derive(Clone, Debug)]
pub enum Lit {
    /// An atom under default negation.
    Atom {
        /// The default negation in front of the atom.
        sign: Sign,
        /// The atom.
        atom: AtomPat,
    },
    /// `l op r`; an equation may bind the variables of one side ([`super::plan::Step::Unify`]).
    Cmp {
        /// The comparison operator.
        op: CmpOp,
        /// The left-hand side.
        l: GTerm,
        /// The right-hand side.
        r: GTerm,
    },
    /// `t` is one of the integers `lo..hi`.
    Range {
        /// The term in the range (a fresh variable where an interval was).
        t: GTerm,
        /// The lower end, included.
        lo: GTerm,
        /// The upper end, included.
        hi: GTerm,
        /// The written interval, for clingo's `interval undefined` info.
        op: OpId,
    },
    /// `t` is one of the values of the script call `@name(args)` (see
    /// [`super::functions`]; `t` a fresh variable where the call was).
    Call {
        /// The term standing for the call.
        t: GTerm,
        /// The function's name (without `@`).
        name: Name,
        /// The arguments.
        args: Vec<GTerm>,
        /// The written call, for clingo's `function 'f' not found` info.
        op: OpId,
    },
    /// `#true` or `#false`.
    Bool(bool),
    /// `lit : cond` — for every instance of `cond`, `lit` holds.
    Cond {
        /// Where it is written (its variables' scope, for safety errors).
        span: Span,
        /// The literal that must hold.
        lit: Box<Lit>,
        /// The condition.
        cond: Vec<Lit>,
    },
    /// An aggregate.
    Agg(Box<Agg>),
}

/// An aggregate element `tuple : cond`.
#[derive(Clone, Debug)]
pub struct Elem {
    /// The tuple (its first term is the weight where the function needs one).
    pub tuple: Vec<GTerm>,
    /// The condition (empty: unconditional).
    pub cond: Vec<Lit>,
}

/// An aggregate literal of a core rule.
#[derive(Clone, Debug)]
pub struct Agg {
    /// Where it is written, bounds included (its elements' scope, for
    /// safety errors).
    pub span: Span,
    /// The default negation in front of the aggregate.
    pub sign: Sign,
    /// The aggregate function.
    pub fun: AggFun,
    /// The elements.
    pub elems: Vec<Elem>,
    /// `value op term` for each bound.
    pub bounds: Vec<(CmpOp, GTerm)>,
}

/// A choice element `atom : cond`.
#[derive(Clone, Debug)]
pub struct ChoiceElem {
    /// The atom.
    pub atom: AtomPat,
    /// The condition (empty: unconditional).
    pub cond: Vec<Lit>,
    /// The element's weight in a weight constraint head (gringo 3).
    pub weight: Option<GTerm>,
    /// The variables of intervals in the atom that the condition's own
    /// variables bound (a clingo 5 disjunct `p(1..X) : d(X)`): instances
    /// that differ only in them form one disjunct, their conjunction.
    pub conj: Vec<Var>,
    /// The other options of a pool in a clingo 5 disjunct under a
    /// condition (`s(L,L;L,2) : v(L)`): they hold together with `atom`,
    /// per instance of the condition.
    pub also: Vec<AtomPat>,
}

impl ChoiceElem {
    /// The element's atoms: `atom` and the pool's other options.
    pub fn atoms(&self) -> impl Iterator<Item = &AtomPat> {
        std::iter::once(&self.atom).chain(&self.also)
    }
}

/// The head of a core rule.
#[derive(Clone, Debug)]
pub enum Head {
    /// An atom: a fact or a normal rule's head.
    Atom(AtomPat),
    /// No head: an integrity constraint.
    False,
    /// A choice `lower { elems } upper`.
    Choice {
        /// The elements.
        elems: Vec<ChoiceElem>,
        /// `value op term` for each bound.
        bounds: Vec<(CmpOp, GTerm)>,
        /// Bounds were written (here, or on the head aggregate this is
        /// the choice part of).
        bounded: bool,
    },
    /// `a | b : c`: at least one of the (conditional) atoms.
    Disjunction(Vec<ChoiceElem>),
    /// `#show term : body.`
    Show(GTerm),
    /// `#edge (u, v) : body.`: an edge from node `u` to node `v` (boxed,
    /// as `Minimize`).
    Edge(Box<[GTerm; 2]>),
    /// An optimisation element (boxed: rare, and the head of every rule
    /// is as large as its largest kind).
    Minimize(Box<MinimizeHead>),
    /// `#project atom : body.`: the atom's instances are projected on.
    Project(AtomPat),
    /// `#heuristic atom : body. [value@priority, modifier]` (boxed, as
    /// `Minimize`).
    Heuristic(Box<HeuristicHead>),
    /// `#external atom : body. [value]`: the atom is an input (not a fact,
    /// possibly true while grounding).
    External {
        /// The external atom.
        atom: AtomPat,
        /// Its default value: a term per instance (`[X]` with `X` bound
        /// by the condition), read as clingo reads the value's name
        /// (see `External::from_name`); none is false.
        value: Option<GTerm>,
    },
}

/// An optimisation element `weight@priority, tuple : body` (weights of
/// `#maximize` already negated; gringo 3's keys in the tuple).
#[derive(Clone, Debug)]
pub struct MinimizeHead {
    /// The weight.
    pub weight: GTerm,
    /// The priority level.
    pub priority: GTerm,
    /// The rest of the tuple: equal tuples count once per priority.
    pub tuple: Vec<GTerm>,
}

/// `#heuristic atom : body. [value@priority, modifier]`.
#[derive(Clone, Debug)]
pub struct HeuristicHead {
    /// The atom the decisions are about.
    pub atom: AtomPat,
    /// The modifier's value.
    pub value: GTerm,
    /// Its priority (`0` when not written).
    pub priority: GTerm,
    /// `level`, `sign`, ... (a constant when valid).
    pub modifier: GTerm,
    /// Where the value, the priority and the modifier are written (clingo's
    /// info about an ignored directive points there).
    pub spans: [crate::syntax::span::Span; 3],
    /// The directive's position among the program's rules (after pool
    /// expansion): gringo lists the last directive's instances first.
    pub order: u32,
}

impl Head {
    /// The elements of a choice or disjunctive head (none for other heads).
    pub fn elems(&self) -> &[ChoiceElem] {
        match self {
            Head::Choice { elems, .. } | Head::Disjunction(elems) => elems,
            _ => &[],
        }
    }
}

/// Ground facts `p(t1,..,tn).`, kept apart from the rules: a fact needs
/// no plan, no variables and no body, and a million of them should cost
/// a few bytes each, not a rule each.
///
/// Invariant: the arguments of fact `i` are `args[heads[i].2 ..
/// heads[i + 1].2]` (the last one's run to the end of `args`).
#[derive(Clone, Debug, Default)]
pub struct Facts {
    heads: Vec<(Span, PredId, u32)>,
    args: Vec<Sym>,
}

impl Facts {
    /// Adds the fact `pred(args)` written at `span`.
    pub fn push(&mut self, span: Span, pred: PredId, args: impl IntoIterator<Item = Sym>) {
        self.heads.push((span, pred, self.args.len() as u32));
        self.args.extend(args);
    }

    /// How many facts there are.
    pub fn len(&self) -> usize {
        self.heads.len()
    }

    /// No facts.
    pub fn is_empty(&self) -> bool {
        self.heads.is_empty()
    }

    /// Fact `i`: where it is written, its predicate and its arguments.
    pub fn get(&self, i: usize) -> (Span, PredId, &[Sym]) {
        let (span, pred, lo) = self.heads[i];
        let hi = self.heads.get(i + 1).map_or(self.args.len(), |h| h.2 as usize);
        (span, pred, &self.args[lo as usize..hi])
    }

    /// The predicate of each fact, in order.
    pub fn preds(&self) -> impl Iterator<Item = PredId> + '_ {
        self.heads.iter().map(|h| h.1)
    }
}

/// A core rule.
#[derive(Clone, Debug)]
pub struct Rule {
    /// The source rule it comes from, for messages.
    pub span: Span,
    /// The head.
    pub head: Head,
    /// The body.
    pub body: Vec<Lit>,
    /// How many variables the rule has: they are `Var(0)` to `Var(num_vars - 1)`.
    pub num_vars: usize,
    /// Variable names, for messages (`var_names[v]`).
    pub var_names: Vec<String>,
    /// Where each variable first occurs, for messages.
    pub var_spans: Vec<Span>,
}

impl Lit {
    /// Predicates this literal mentions, with whether the mention is
    /// positive (outside default negation) — for the dependency graph.
    pub fn preds(&self, out: &mut Vec<(PredId, bool)>) {
        match self {
            Lit::Atom { sign, atom } => out.push((atom.pred, *sign == Sign::Pos)),
            Lit::Cmp { .. } | Lit::Range { .. } | Lit::Call { .. } | Lit::Bool(_) => {}
            Lit::Cond { lit, cond, .. } => {
                lit.preds(out);
                cond.iter().for_each(|c| c.preds(out));
            }
            Lit::Agg(a) => {
                for e in &a.elems {
                    e.cond.iter().for_each(|c| c.preds(out));
                }
            }
        }
    }

    /// Variables of the literal (all of them, including element-local ones).
    pub fn vars(&self, out: &mut Vec<Var>) {
        match self {
            Lit::Atom { atom, .. } => atom.args.iter().for_each(|a| a.vars(out)),
            Lit::Cmp { l, r, .. } => {
                l.vars(out);
                r.vars(out)
            }
            Lit::Range { t, lo, hi, .. } => {
                t.vars(out);
                lo.vars(out);
                hi.vars(out)
            }
            Lit::Call { t, args, .. } => {
                t.vars(out);
                args.iter().for_each(|a| a.vars(out))
            }
            Lit::Bool(_) => {}
            Lit::Cond { lit, cond, .. } => {
                lit.vars(out);
                cond.iter().for_each(|c| c.vars(out));
            }
            Lit::Agg(a) => {
                for e in &a.elems {
                    e.tuple.iter().for_each(|t| t.vars(out));
                    e.cond.iter().for_each(|c| c.vars(out));
                }
                a.bounds.iter().for_each(|(_, t)| t.vars(out));
            }
        }
    }

    /// Variables of the literal outside its elements (for aggregates: the
    /// bounds; for conditional literals: none).
    pub fn outer_vars(&self, out: &mut Vec<Var>) {
        match self {
            Lit::Cond { .. } => {}
            Lit::Agg(a) => a.bounds.iter().for_each(|(_, t)| t.vars(out)),
            l => l.vars(out),
        }
    }
}

/// A predicate's key in the grounder's table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PredKey {
    /// The predicate's name.
    pub name: Name,
    /// The predicate's arity.
    pub arity: u32,
    /// Whether it is the classically negated predicate (`-p`).
    pub neg: bool,
}
