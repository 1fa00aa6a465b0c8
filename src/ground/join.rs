//! The join: all bindings of a rule body (or a condition) under a plan,
//! each positive literal matched against its predicate's atoms through the
//! index on its bound argument positions, in the atom range (old, delta,
//! all) the semi-naive round gives it.
//!
//! Invariant: `emit` sees every binding that satisfies the planned
//! literals, once; the binding records, per matched literal, the position
//! of the atom it matched.  Recursion is one level per binding step;
//! checks and look-ups of fully bound atoms run in a loop.

use super::aggregate::{compare, compare_ints, possible_values};
use super::domain::{Pred, Range};
use super::hash::IMap;
use super::index_key::IndexKey;
use super::linear::LinearCmp;
use super::plan::{assign_var, binds_nothing, plan, Step};
use super::rule::{AtomPat, Elem, Lit, PredId};
use super::symbol::{Name, Sym, Symbols};
use super::term::{Binding, GTerm, OpId, Var};
use crate::syntax::ast::{CmpOp, Sign};

/// Evaluates a fully bound comparison `l op r` in the term order.
fn check_cmp(syms: &mut Symbols, op: CmpOp, l: &GTerm, r: &GTerm, b: &Binding) -> bool {
    match (l.eval(b, syms), r.eval(b, syms)) {
        (Some(x), Some(y)) => compare(syms, op, x, y),
        (x, _) => {
            // clingo's `operation undefined` info, for the first side without a value
            if x.is_none() { l } else { r }.note_undefined(b, syms);
            false
        }
    }
}

/// Evaluates a fully bound built-in literal (and filters negative atoms
/// that are already decided).
pub(super) fn check(preds: &[Pred], syms: &mut Symbols, l: &Lit, b: &Binding) -> bool {
    match l {
        // two integers (arithmetic, the commonest case) compared without interning them
        Lit::Cmp { op, l, r } if l.is_arithmetic() || r.is_arithmetic() => {
            match (l.eval_int(b, syms), r.eval_int(b, syms)) {
                (Some(x), Some(y)) => compare_ints(*op, x, y),
                _ => check_cmp(syms, *op, l, r, b),
            }
        }
        Lit::Cmp { op, l, r } => check_cmp(syms, *op, l, r, b),
        Lit::Range { t, lo, hi, op } => match (t.eval(b, syms), lo.eval(b, syms), hi.eval(b, syms)) {
            (Some(x), Some(l), Some(h)) => match (syms.as_int(x), syms.as_int(l), syms.as_int(h)) {
                (Some(x), Some(l), Some(h)) => l <= x && x <= h,
                (_, l, h) => {
                    if l.is_none() || h.is_none() {
                        syms.note_undefined(*op);
                    }
                    false
                }
            },
            _ => {
                if let Some(e) = [lo, hi, t].into_iter().find(|e| e.eval(b, syms).is_none()) {
                    e.note_undefined(b, syms);
                }
                false
            }
        },
        Lit::Call { t, name, args, op } => match (t.eval(b, syms), call(syms, *name, args, *op, b)) {
            (Some(x), Some(values)) => values.contains(&x),
            _ => false,
        },
        Lit::Bool(v) => *v,
        Lit::Atom { sign, atom } => {
            let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(b, syms)).collect();
            let Some(args) = args else {
                // a negative literal's undefined argument is reported, as clingo's
                if *sign != Sign::Pos {
                    if let Some(t) = atom.args.iter().find(|t| t.eval(b, syms).is_none()) {
                        t.note_undefined(b, syms);
                    }
                }
                return false;
            };
            let p = &preds[atom.pred.0 as usize];
            let found = p.atoms.get(args.as_slice());
            match sign {
                Sign::Pos => found.is_some(),
                Sign::Not => !found.is_some_and(|i| i.fact),
                Sign::NotNot => found.is_some() || !p.complete,
            }
        }
        Lit::Agg(_) | Lit::Cond { .. } => true,
    }
}

/// The values of the call `@name(args)` under `b`; `None` (with clingo's
/// info) where an argument is undefined or no function is defined.
pub(super) fn call(
    syms: &mut Symbols,
    name: Name,
    args: &[GTerm],
    op: OpId,
    b: &Binding,
) -> Option<Vec<Sym>> {
    let mut values = Vec::with_capacity(args.len());
    for a in args {
        match a.eval(b, syms) {
            Some(s) => values.push(s),
            None => {
                a.note_undefined(b, syms);
                return None;
            }
        }
    }
    let out = syms.call(name, &values);
    if out.is_none() {
        syms.note_undefined(op);
    }
    out
}

/// What a join reads: the domains, the literals, the plan and the atom
/// range of each literal.
#[derive(Clone, Copy)]
struct Join<'a> {
    preds: &'a [Pred],
    lits: &'a [Lit],
    steps: &'a [Step],
    ranges: &'a [Range],
    /// Per step, a check's comparison compiled (see [`LinearCmp`]; none
    /// past the end).
    linear: &'a [Option<LinearCmp>],
    /// A normal rule's head, to cut the join by (see [`Cut`]).
    cut: Option<Cut<'a>>,
}

/// A callback for every complete binding; it may use the symbol table.
/// It returns true when the rule instance of the binding makes the rule's
/// head a fact (see [`Cut`]).
type Emit<'e> = &'e mut dyn FnMut(&Binding, &mut Symbols) -> bool;

/// A normal rule's head atom and the first step by which the plan has
/// bound all its variables (0 for a ground head): once the head under a
/// binding is a fact, no other binding of the steps from `at` on can add
/// anything to the program (every instance with that head would be
/// dropped), so they are not enumerated — what gringo does: `ok :- v(A),
/// .., v(H), A+..+H == 0.` stops at its first instance. The join also
/// skips the steps from `at` on where the head is a fact already, or is
/// made one by an instance emitted before.
#[derive(Copy, Clone)]
pub(super) struct Cut<'a> {
    pub head: &'a AtomPat,
    pub at: usize,
    /// The heads the bindings emitted so far make facts (their instances
    /// are built after the join), which `emit` records.
    pub made: &'a std::cell::RefCell<super::hash::Set<Vec<Sym>>>,
}

/// Runs the whole plan under `b`, calling `emit` for every complete binding.
pub(super) fn join(
    preds: &[Pred],
    syms: &mut Symbols,
    lits: &[Lit],
    steps: &[Step],
    ranges: &[Range],
    b: &mut Binding,
    emit: &mut dyn FnMut(&Binding, &mut Symbols),
) {
    let mut all = |b: &Binding, syms: &mut Symbols| {
        emit(b, syms);
        false
    };
    join_cut(preds, syms, lits, steps, ranges, b, None, &mut all);
}

/// A rule body's join under `cut` (see [`Cut`]; `None`: every binding):
/// `emit` is called for the bindings whose instances can add to the
/// program, and returns whether the instance makes the head a fact.
#[allow(clippy::too_many_arguments)]
pub(super) fn join_cut(
    preds: &[Pred],
    syms: &mut Symbols,
    lits: &[Lit],
    steps: &[Step],
    ranges: &[Range],
    b: &mut Binding,
    cut: Option<Cut<'_>>,
    emit: Emit<'_>,
) {
    let linear = compile(lits, steps, syms);
    join_from(Join { preds, lits, steps, ranges, linear: &linear, cut }, syms, 0, b, emit);
}

/// The comparisons among the plan's checks that are compiled, by step
/// (steps past the end have none; empty, with no allocation, when no
/// comparison is compiled, as in most joins of conditions).
fn compile(lits: &[Lit], steps: &[Step], syms: &Symbols) -> Vec<Option<LinearCmp>> {
    let mut linear = Vec::new();
    for (k, s) in steps.iter().enumerate() {
        if let Step::Check { lit } = s {
            if let Some(c) = LinearCmp::of(&lits[*lit], syms) {
                linear.resize_with(k + 1, || None);
                linear[k] = Some(c);
            }
        }
    }
    linear
}

impl Join<'_> {
    /// Step `k`, a check, holds under `b`.
    #[inline]
    fn check(&self, k: usize, lit: usize, syms: &mut Symbols, b: &Binding) -> bool {
        match self.linear.get(k).and_then(Option::as_ref).and_then(|c| c.holds(b, syms)) {
            Some(holds) => holds,
            None => check(self.preds, syms, &self.lits[lit], b),
        }
    }

    /// Step `k` is the cut's and its head under `b` is a fact already.
    fn head_is_fact(&self, k: usize, syms: &mut Symbols, b: &Binding) -> bool {
        let Some(c) = self.cut.filter(|c| c.at == k) else { return false };
        let args: Option<Vec<Sym>> = c.head.args.iter().map(|t| t.eval(b, syms)).collect();
        args.is_some_and(|a| {
            self.preds[c.head.pred.0 as usize].atoms.get(a.as_slice()).is_some_and(|i| i.fact)
                || c.made.borrow().contains(&a)
        })
    }

    /// A cut from below step `k` goes on up (the head was bound before `k`).
    fn passes_cut(&self, k: usize) -> bool {
        self.cut.is_some_and(|c| k >= c.at)
    }
}

/// Runs `steps[k..]`.  Steps that bind nothing (checks, look-ups of fully
/// bound atoms) run in a loop: recursion is one level per binding step, so
/// a rule with thousands of ground literals needs no deep stack.
fn join_from(j: Join<'_>, syms: &mut Symbols, k: usize, b: &mut Binding, emit: Emit<'_>) -> bool {
    // (the cut's step always starts a `join_from`: the step before it binds)
    if j.head_is_fact(k, syms, b) {
        return false;
    }
    let mut end = k;
    let ok = loop {
        match j.steps.get(end) {
            Some(Step::Check { lit }) if j.check(end, *lit, syms, b) => end += 1,
            Some(Step::Check { .. }) => break false,
            Some(s @ Step::Match { lit, .. }) if binds_nothing(&j.lits[*lit], s) => {
                match look_up(j, syms, b, *lit) {
                    Some(pos) => b.set_match(*lit, pos),
                    None => break false,
                }
                end += 1;
            }
            _ => break true,
        }
    };
    let cut = ok && join_step(j, syms, end, b, emit);
    for s in &j.steps[k..end] {
        if let Step::Match { lit, .. } = s {
            b.clear_match(*lit);
        }
    }
    cut
}

/// The position of the atom a fully bound positive literal names, if it
/// is in the literal's range.
fn look_up(j: Join<'_>, syms: &mut Symbols, b: &Binding, lit: usize) -> Option<u32> {
    let Lit::Atom { atom, .. } = &j.lits[lit] else { return None };
    let p = &j.preds[atom.pred.0 as usize];
    let (lo, hi) = p.bounds(j.ranges[lit]);
    if atom.args.is_empty() {
        // No arguments: the one atom of the predicate, if in range.
        return (lo < hi).then_some(lo as u32);
    }
    let key: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(b, syms)).collect();
    let pos = p.atoms.get_index_of(key?.as_slice())?;
    (lo <= pos && pos < hi).then_some(pos as u32)
}

/// Runs `steps[k..]`, step `k` being any step; returns a cut that goes on
/// up (see [`Cut`]).
fn join_step(j: Join<'_>, syms: &mut Symbols, k: usize, b: &mut Binding, emit: Emit<'_>) -> bool {
    let Join { preds, lits, steps, ranges, .. } = j;
    let Some(step) = steps.get(k) else {
        return emit(b, syms) && j.passes_cut(k);
    };
    let mut newly: Vec<Var> = Vec::new();
    // a cut from below: the candidates left of this step add nothing
    let mut cut = false;
    match step {
        Step::Check { lit } => {
            if j.check(k, *lit, syms, b) {
                cut = join_from(j, syms, k + 1, b, emit);
            }
        }
        Step::Match { lit, key } => {
            let Lit::Atom { atom, .. } = &lits[*lit] else {
                return false;
            };
            let p = &preds[atom.pred.0 as usize];
            let (lo, hi) = p.bounds(ranges[*lit]);
            if key.is_empty() {
                for pos in lo..hi {
                    let (args, _) = p.atoms.get_index(pos).unwrap();
                    b.set_match(*lit, pos as u32);
                    cut = try_match(j, syms, k, b, emit, atom, args, &mut newly);
                    if cut && j.passes_cut(k) {
                        break;
                    }
                }
            } else {
                let Some(values) = key.values(&atom.args, b, syms) else { return false };
                let positions = p.lookup(key, &values, lo, hi);
                for &pos in positions {
                    let (args, _) = p.atoms.get_index(pos as usize).unwrap();
                    debug_assert_eq!(key.project(args, syms), Some(values.clone()));
                    b.set_match(*lit, pos);
                    cut = try_match(j, syms, k, b, emit, atom, args, &mut newly);
                    if cut && j.passes_cut(k) {
                        break;
                    }
                }
            }
            b.clear_match(*lit);
        }
        Step::Unify { lit, swap } => {
            let Lit::Cmp { l, r, .. } = &lits[*lit] else {
                return false;
            };
            let (pat, val) = if *swap { (r, l) } else { (l, r) };
            match val.eval(b, syms) {
                Some(s) => {
                    if pat.matches(s, b, syms, &mut newly) {
                        cut = join_from(j, syms, k + 1, b, emit);
                    }
                    for v in newly.drain(..) {
                        b.unset(v);
                    }
                }
                None => val.note_undefined(b, syms),
            }
        }
        Step::Range { lit } => {
            let Lit::Range { t, lo, hi, op } = &lits[*lit] else {
                return false;
            };
            let (Some(l), Some(h)) = (lo.eval(b, syms), hi.eval(b, syms)) else {
                // clingo's info: an undefined operation in a bound
                if let Some(e) = [lo, hi].into_iter().find(|e| e.eval(b, syms).is_none()) {
                    e.note_undefined(b, syms);
                }
                return false;
            };
            let (Some(l), Some(h)) = (syms.as_int(l), syms.as_int(h)) else {
                syms.note_undefined(*op);
                return false;
            };
            for i in l as i64..=h as i64 {
                let s = syms.int(i as i32);
                if t.matches(s, b, syms, &mut newly) {
                    cut = join_from(j, syms, k + 1, b, emit);
                }
                for v in newly.drain(..) {
                    b.unset(v);
                }
                if cut && j.passes_cut(k) {
                    break;
                }
            }
        }
        Step::Call { lit } => {
            let Lit::Call { t, name, args, op } = &lits[*lit] else {
                return false;
            };
            for s in call(syms, *name, args, *op, b).unwrap_or_default() {
                if t.matches(s, b, syms, &mut newly) {
                    cut = join_from(j, syms, k + 1, b, emit);
                }
                for v in newly.drain(..) {
                    b.unset(v);
                }
                if cut && j.passes_cut(k) {
                    break;
                }
            }
        }
        Step::Assign { lit } => {
            let Lit::Agg(a) = &lits[*lit] else { return false };
            let Some(var) = assign_var(a) else { return false };
            let elems = scan_elems(preds, syms, &a.elems, b);
            for s in possible_values(a.fun, &elems, syms) {
                b.set(var, s);
                cut = join_from(j, syms, k + 1, b, emit);
                if cut && j.passes_cut(k) {
                    break;
                }
            }
            b.unset(var);
        }
    }
    cut && j.passes_cut(k)
}

/// Matches `atom` against one candidate's `args` and goes on with step
/// `k + 1`; returns the cut from below, if any.
#[allow(clippy::too_many_arguments)]
fn try_match(
    j: Join<'_>,
    syms: &mut Symbols,
    k: usize,
    b: &mut Binding,
    emit: Emit<'_>,
    atom: &AtomPat,
    args: &[Sym],
    newly: &mut Vec<Var>,
) -> bool {
    // Structure first, then arithmetic (`q(D-J,J)`, `p(T,T\2)`): see GTerm::matches_all.
    let ok = GTerm::matches_all(&atom.args, args, b, syms, newly);
    let cut = ok && join_from(j, syms, k + 1, b, emit);
    for v in newly.drain(..) {
        b.unset(v);
    }
    cut
}

/// The tuples of an aggregate's elements reachable now, with whether each
/// certainly holds (for the values of an assignment aggregate).
pub(super) fn scan_elems(
    preds: &[Pred],
    syms: &mut Symbols,
    elems: &[Elem],
    b: &Binding,
) -> Vec<(Box<[Sym]>, bool)> {
    let mut out: IMap<Box<[Sym]>, bool> = IMap::default();
    for e in elems {
        let bound: Vec<bool> = b.values().iter().map(|v| v.is_some()).collect();
        let sz = |p: PredId| preds[p.0 as usize].atoms.len();
        let (steps, _) = plan(&e.cond, &bound, &bound, None, &sz);
        // The join prepared the indexes of this plan (`prepare_indexes`);
        // a step whose index is missing or behind scans instead.
        let steps: Vec<Step> = steps
            .into_iter()
            .map(|s| match s {
                Step::Match { lit, key } => {
                    let indexed = match &e.cond[lit] {
                        Lit::Atom { atom, .. } => {
                            let p = &preds[atom.pred.0 as usize];
                            key.is_full(atom.args.len()) || p.has_index(&key, p.bounds(Range::All).1)
                        }
                        _ => false,
                    };
                    Step::Match { lit, key: if indexed { key } else { IndexKey::default() } }
                }
                s => s,
            })
            .collect();
        let ranges = vec![Range::All; e.cond.len()];
        let mut b2 = b.clone();
        b2.clear_matches();
        // each match is looked at as the join finds it (not collected first)
        join(preds, syms, &e.cond, &steps, &ranges, &mut b2, &mut |bi, syms| {
            let vals: Option<Vec<Sym>> = e.tuple.iter().map(|t| t.eval(bi, syms)).collect();
            let Some(vals) = vals else { return };
            let certain = e.cond.iter().all(|l| match l {
                Lit::Atom { sign: Sign::Pos, atom } => {
                    let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(bi, syms)).collect();
                    args.and_then(|a| preds[atom.pred.0 as usize].atoms.get(a.as_slice()).copied())
                        .is_some_and(|i| i.fact)
                }
                Lit::Atom { sign: Sign::Not, atom } => {
                    let args: Option<Vec<Sym>> = atom.args.iter().map(|t| t.eval(bi, syms)).collect();
                    let p = &preds[atom.pred.0 as usize];
                    p.complete && args.is_some_and(|a| p.atoms.get(a.as_slice()).is_none())
                }
                Lit::Atom { .. } | Lit::Agg(_) | Lit::Cond { .. } => false,
                _ => true,
            });
            let e = out.entry(vals.into()).or_insert(false);
            *e |= certain;
        });
    }
    out.into_iter().collect()
}
