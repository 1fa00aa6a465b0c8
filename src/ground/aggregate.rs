//! Ground aggregates to ground rules: `#count`, `#sum`, `#sum+`, `#min`,
//! `#max` over elements whose conditions are not all decided become
//! auxiliary atoms defined by weight rules and normal rules.
//!
//! Invariants: the result of [`Aux::aggregate`] holds exactly when the
//! aggregate does; constant aggregates (decided by the facts) fold to
//! [`Truth::True`]/[`Truth::False`] without any rule; every weight passed
//! to the program is positive (negative weights are moved to the negated
//! literal and the bound).

pub use super::auxiliary::{Aux, Truth};
use super::hash::IMap;
use super::hash::Map;
use super::hash::Set;
use super::symbol::{Sym, SymData, Symbols};
use crate::program::{Body, Head, Lit, Rule};
use crate::syntax::ast::{AggFun, CmpOp, Sign};
use std::cmp::Ordering;

/// When an aggregate element (a tuple) is in the set.
#[derive(Clone, Debug)]
pub enum Cond {
    /// The element is in the set whatever the model.
    Certain,
    /// Any of these conjunctions holds.
    /// (a thin vector: one word, for the many elements that have one or none)
    Alts(thin_vec::ThinVec<Vec<Lit>>),
}

impl Cond {
    /// Adds one more way the element can hold.
    pub fn or(&mut self, lits: Vec<Lit>) {
        match self {
            Cond::Certain => {}
            Cond::Alts(alts) => {
                if lits.is_empty() {
                    *self = Cond::Certain
                } else if !alts.contains(&lits) {
                    alts.push(lits)
                }
            }
        }
    }
}

/// An aggregate element's tuple (in place up to four terms: an aggregate
/// over a million facts keeps a million of them).
pub type Tuple = smallvec::SmallVec<[Sym; 4]>;

/// A ground aggregate: tuples (deduplicated, in insertion order) with their
/// conditions, and bounds `value op k`.
#[derive(Debug)]
pub struct GroundAgg {
    /// Default negation in front of the aggregate.
    pub sign: Sign,
    /// The aggregate function.
    pub fun: AggFun,
    /// Each distinct tuple with the condition under which it is in the set.
    pub elems: IMap<Tuple, Cond>,
    /// The bounds, each as `value op k`.
    pub bounds: Vec<(CmpOp, Sym)>,
    /// Some element may depend on the rule's own head: the aggregate then
    /// needs Ferraris' semantics (see [`Aux::aggregate`]).
    pub recursive: bool,
    /// The tuples (of a recursive aggregate) of an element whose condition
    /// has a positive atom that may depend on the rule's own head; the
    /// others are settled before it.
    pub unsettled: Set<Tuple>,
}

impl Aux<'_> {
    /// The literal saying that an element holds, or None if it certainly does.
    fn elem_lit(&mut self, c: &Cond) -> Option<Lit> {
        match c {
            Cond::Certain => None,
            Cond::Alts(alts) if alts.len() == 1 => Some(self.conj_lit(alts[0].clone())),
            Cond::Alts(alts) => Some(self.disj_atom(alts).pos()),
        }
    }

    /// The truth of the aggregate (with its sign).
    ///
    /// A recursive aggregate gets gringo's translation of Ferraris'
    /// semantics: an atom `D` for the aggregate, and for each element atom
    /// `a` that counts when false an atom `n` with `n :- not a.`, `n :- D.`
    /// and `n | a :- not not D.`; every bound is then a monotone weight
    /// constraint over element atoms and `n` atoms, and `D` holds when the
    /// bounds do.  Non-recursive and convex aggregates (where the two
    /// readings agree) use plain default negation, and so do the settled
    /// elements of a recursive one (those over atoms of components below
    /// the rule's, see [`GroundAgg::unsettled`]): their atoms are fixed
    /// before the rule's component, and must not head its rules (an
    /// external atom that heads a rule would lose its value).
    pub fn aggregate(&mut self, g: &GroundAgg, syms: &Symbols) -> Truth {
        if g.recursive && !convex(g, syms) {
            let d = self.prog.new_atom();
            let mut settled = Set::default();
            for (tuple, cond) in &g.elems {
                if !g.unsettled.contains(tuple) {
                    if let Some(l) = self.elem_lit(cond) {
                        settled.insert(l);
                    }
                }
            }
            let saved = self.recursive.replace((d, Map::default(), settled));
            let t = self.value_truth(g, syms);
            self.recursive = saved;
            let t = match t {
                Truth::Lits(ls) => {
                    self.prog.add(Rule::normal(d, ls));
                    Truth::Lits(vec![d.pos()])
                }
                t => t,
            };
            return self.apply_sign(g.sign, t);
        }
        let t = self.value_truth(g, syms);
        self.apply_sign(g.sign, t)
    }

    fn value_truth(&mut self, g: &GroundAgg, syms: &Symbols) -> Truth {
        match g.fun {
            AggFun::Count | AggFun::Sum | AggFun::SumPlus => self.sum(g, syms),
            AggFun::Min | AggFun::Max => self.extremum(g, syms),
            AggFun::Avg => self.average(g, syms),
            AggFun::Even | AggFun::Odd => self.parity(g),
        }
    }

    /// `#avg`: for a non-empty set, `avg op k` iff the sum of `w - k` over
    /// the true elements compares with 0 the same way.
    fn average(&mut self, g: &GroundAgg, syms: &Symbols) -> Truth {
        let mut result = Truth::True;
        for &(op, k) in &g.bounds {
            let Some(k) = syms.as_int(k) else { return Truth::False };
            let k = k as i64;
            let mut fixed = 0i64;
            let mut vars: Vec<(Lit, i64)> = Vec::new();
            let mut any: Vec<Vec<Lit>> = Vec::new();
            let mut nonempty = false;
            for (tuple, cond) in &g.elems {
                let Some(w) = tuple.first().and_then(|s| syms.as_int(*s)) else { continue };
                match self.elem_lit(cond) {
                    None => {
                        fixed += w as i64 - k;
                        nonempty = true;
                    }
                    Some(l) => {
                        any.push(vec![l]);
                        if w as i64 != k {
                            vars.push((l, w as i64 - k));
                        }
                    }
                }
            }
            let some = if nonempty {
                Truth::True
            } else if any.is_empty() {
                Truth::False
            } else {
                Truth::Lits(vec![self.disj_atom(&any).pos()])
            };
            let cmp = self.sum_bound(op, 0, fixed, &vars);
            result = result.and(some).and(cmp);
        }
        result
    }

    /// `#even{..}` / `#odd{..}`: the parity of the number of true elements,
    /// as a chain of auxiliary atoms (one step per undecided element).
    fn parity(&mut self, g: &GroundAgg) -> Truth {
        let (mut even, mut odd) = (Truth::True, Truth::False);
        for cond in g.elems.values() {
            match self.elem_lit(cond) {
                None => std::mem::swap(&mut even, &mut odd),
                Some(l) => {
                    let nl = Truth::Lits(vec![self.negate(l)]);
                    let pl = Truth::Lits(vec![l]);
                    let e1 = even.clone().and(nl.clone());
                    let e2 = odd.clone().and(pl.clone());
                    let o1 = odd.clone().and(nl);
                    let o2 = even.clone().and(pl);
                    let (e1, e2, o1, o2) = (self.named(e1), self.named(e2), self.named(o1), self.named(o2));
                    even = self.or_truth(e1, e2);
                    odd = self.or_truth(o1, o2);
                }
            }
        }
        // Parity aggregates have no bounds in gringo 3; any written is ignored.
        if g.fun == AggFun::Even {
            even
        } else {
            odd
        }
    }

    /// A conjunction as a single literal (so disjunctions of it stay small).
    fn named(&mut self, t: Truth) -> Truth {
        match t {
            Truth::Lits(ls) if ls.len() > 1 => Truth::Lits(vec![self.conj_atom(ls).pos()]),
            t => t,
        }
    }

    /// "Element literal `l` is false", as a literal usable in a monotone
    /// position: `not l` normally; inside a recursive aggregate, for a
    /// positive `l`, the atom `n` of [`Aux::aggregate`].
    fn elem_false(&mut self, l: Lit) -> Lit {
        let Some((d, made, settled)) = &self.recursive else { return self.negate(l) };
        if !l.is_positive() || settled.contains(&l) || self.inputs.contains(&l.atom()) {
            return self.negate(l);
        }
        if let Some(n) = made.get(&l) {
            return n.pos();
        }
        let d = *d;
        let n = self.prog.new_atom();
        self.prog.add(Rule::normal(n, vec![l.negate()]));
        self.prog.add(Rule::normal(n, vec![d.pos()]));
        let nd = self.not_not(d);
        self.prog.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![n, l.atom()]),
            body: Body::Normal(thin_vec::thin_vec![nd]),
        });
        self.tie(l.atom());
        if let Some((_, made, _)) = &mut self.recursive {
            made.insert(l, n);
        }
        n.pos()
    }

    /// "The sum is at most k": the negation of "at least k+1" normally; in a
    /// recursive aggregate, "the weights of the false elements reach T-k".
    fn sum_le(&mut self, k: i64, fixed: i64, vars: &[(Lit, i64)]) -> Truth {
        if self.recursive.is_none() {
            let t = self.sum_ge(k + 1, fixed, vars);
            return self.negate_truth(t);
        }
        let neg: Vec<(Lit, i64)> = vars.iter().map(|&(l, w)| (l, -w)).collect();
        self.sum_ge(-k, -fixed, &neg)
    }

    fn sum(&mut self, g: &GroundAgg, syms: &Symbols) -> Truth {
        let mut fixed: i64 = 0;
        let mut vars: Vec<(Lit, i64)> = Vec::new();
        for (tuple, cond) in &g.elems {
            let w: i64 = match g.fun {
                AggFun::Count => 1,
                _ => match tuple.first().and_then(|s| syms.as_int(*s)) {
                    Some(w) => w as i64,
                    None => continue,
                },
            };
            if w == 0 || (g.fun == AggFun::SumPlus && w < 0) {
                continue;
            }
            match self.elem_lit(cond) {
                None => fixed += w,
                Some(l) => vars.push((l, w)),
            }
        }
        let mut result = Truth::True;
        for &(op, k) in &g.bounds {
            let t = match syms.get(k) {
                SymData::Int(k) => self.sum_bound(op, *k as i64, fixed, &vars),
                // An integer compared with a non-integer: decided by the term order.
                _ => {
                    let probe_less = syms_rank_int_less(syms, k);
                    const_cmp(op, if probe_less { Ordering::Less } else { Ordering::Greater })
                }
            };
            result = result.and(t);
        }
        result
    }

    fn sum_bound(&mut self, op: CmpOp, k: i64, fixed: i64, vars: &[(Lit, i64)]) -> Truth {
        match op {
            CmpOp::Ge => self.sum_ge(k, fixed, vars),
            CmpOp::Gt => self.sum_ge(k + 1, fixed, vars),
            CmpOp::Le => self.sum_le(k, fixed, vars),
            CmpOp::Lt => self.sum_le(k - 1, fixed, vars),
            CmpOp::Eq => {
                let ge = self.sum_ge(k, fixed, vars);
                let le = self.sum_le(k, fixed, vars);
                ge.and(le)
            }
            // As gringo: `!=` is `<` or `>`, so the monotone half keeps its
            // positive dependencies.
            CmpOp::Ne => {
                let lt = self.sum_bound(CmpOp::Lt, k, fixed, vars);
                let gt = self.sum_bound(CmpOp::Gt, k, fixed, vars);
                self.or_truth(lt, gt)
            }
        }
    }

    /// `fixed + sum of the weights of the true literals >= k`.
    fn sum_ge(&mut self, k: i64, fixed: i64, vars: &[(Lit, i64)]) -> Truth {
        let min: i64 = fixed + vars.iter().filter(|v| v.1 < 0).map(|v| v.1).sum::<i64>();
        let max: i64 = fixed + vars.iter().filter(|v| v.1 > 0).map(|v| v.1).sum::<i64>();
        if min >= k {
            return Truth::True;
        }
        if max < k {
            return Truth::False;
        }
        // w*l with w < 0 is -w*(not l) + w.
        let mut bound = k - fixed;
        let mut lits = Vec::with_capacity(vars.len());
        for &(l, w) in vars {
            if w > 0 {
                lits.push((l, w));
            } else {
                bound -= w;
                let n = self.elem_false(l);
                lits.push((n, -w));
            }
        }
        // A single literal reaching the bound alone is just that literal.
        if lits.len() == 1 && lits[0].1 >= bound {
            return Truth::Lits(vec![lits[0].0]);
        }
        let total: i64 = lits.iter().map(|&(_, w)| w).sum();
        if total == bound && lits.iter().all(|&(_, w)| w > 0) {
            return Truth::Lits(lits.into_iter().map(|(l, _)| l).collect());
        }
        let key: (i64, Box<[(Lit, i64)]>) = (bound, lits.into());
        if let Some(&a) = self.sums.get(&key) {
            return Truth::Lits(vec![a.pos()]);
        }
        let a = self.prog.new_atom();
        self.prog.add(Rule {
            head: Head::Disjunction(smallvec::smallvec![a]),
            body: Body::Weight { bound, lits: key.1.iter().copied().collect() },
        });
        self.sums.insert(key, a);
        Truth::Lits(vec![a.pos()])
    }

    fn extremum(&mut self, g: &GroundAgg, syms: &Symbols) -> Truth {
        let is_min = g.fun == AggFun::Min;
        let mut result = Truth::True;
        for &(op, k) in &g.bounds {
            // exists(p): some element with weight w, p(w), holds.
            let exists = |aux: &mut Aux, p: &dyn Fn(Ordering) -> bool| -> Truth {
                let mut alts: Vec<Vec<Lit>> = Vec::new();
                for (tuple, cond) in &g.elems {
                    let w = match tuple.first() {
                        Some(w) => *w,
                        None => continue,
                    };
                    if !p(syms.cmp(w, k)) {
                        continue;
                    }
                    // The element's own literal, as in every other use of
                    // it (equal elements must stay one proposition).
                    match aux.elem_lit(cond) {
                        None => return Truth::True,
                        Some(l) => alts.push(vec![l]),
                    }
                }
                match alts.len() {
                    0 => Truth::False,
                    1 => Truth::Lits(alts.pop().unwrap()),
                    _ => Truth::Lits(vec![aux.disj_atom(&alts).pos()]),
                }
            };
            // none(p): no element with p holds.
            let none = |aux: &mut Aux, p: &dyn Fn(Ordering) -> bool| -> Truth {
                if aux.recursive.is_none() {
                    let e = exists(aux, p);
                    return aux.negate_truth(e);
                }
                let mut lits = Vec::new();
                for (tuple, cond) in &g.elems {
                    let Some(w) = tuple.first() else { continue };
                    if !p(syms.cmp(*w, k)) {
                        continue;
                    }
                    match aux.elem_lit(cond) {
                        None => return Truth::False,
                        Some(l) => {
                            let n = aux.elem_false(l);
                            lits.push(n);
                        }
                    }
                }
                if lits.is_empty() {
                    Truth::True
                } else {
                    Truth::Lits(lits)
                }
            };
            let is_sup = matches!(syms.get(k), SymData::Sup);
            let is_inf = matches!(syms.get(k), SymData::Inf);
            use Ordering::*;
            let t = match (is_min, op) {
                (true, CmpOp::Le) => {
                    if is_sup {
                        Truth::True
                    } else {
                        exists(self, &|o| o != Greater)
                    }
                }
                (true, CmpOp::Lt) => exists(self, &|o| o == Less),
                (true, CmpOp::Ge) => none(self, &|o| o == Less),
                (true, CmpOp::Gt) => {
                    if is_sup {
                        Truth::False
                    } else {
                        none(self, &|o| o != Greater)
                    }
                }
                (false, CmpOp::Ge) => {
                    if is_inf {
                        Truth::True
                    } else {
                        exists(self, &|o| o != Less)
                    }
                }
                (false, CmpOp::Gt) => exists(self, &|o| o == Greater),
                (false, CmpOp::Le) => none(self, &|o| o == Greater),
                (false, CmpOp::Lt) => {
                    if is_inf {
                        Truth::False
                    } else {
                        none(self, &|o| o != Less)
                    }
                }
                (_, CmpOp::Eq) | (_, CmpOp::Ne) => {
                    let sub = |ops: Vec<(CmpOp, Sym)>| GroundAgg {
                        sign: Sign::Pos,
                        fun: g.fun,
                        elems: g.elems.clone(),
                        bounds: ops,
                        recursive: g.recursive,
                        unsettled: g.unsettled.clone(),
                    };
                    if op == CmpOp::Eq {
                        self.extremum(&sub(vec![(CmpOp::Le, k), (CmpOp::Ge, k)]), syms)
                    } else {
                        let lt = self.extremum(&sub(vec![(CmpOp::Lt, k)]), syms);
                        let gt = self.extremum(&sub(vec![(CmpOp::Gt, k)]), syms);
                        self.or_truth(lt, gt)
                    }
                }
            };
            result = result.and(t);
        }
        result
    }
}

/// Convex aggregates (monotone, antimonotone, or a conjunction of the two:
/// positive weights with any bound but `!=`, `#min`/`#max` with any bound
/// but `!=`) need no disjunctive translation even when recursive.
fn convex(g: &GroundAgg, syms: &Symbols) -> bool {
    if g.bounds.iter().any(|(op, _)| *op == CmpOp::Ne) {
        return false;
    }
    match g.fun {
        AggFun::Count | AggFun::SumPlus | AggFun::Min | AggFun::Max => true,
        AggFun::Sum => g.elems.keys().all(|t| t.first().and_then(|w| syms.as_int(*w)).is_none_or(|w| w >= 0)),
        AggFun::Avg | AggFun::Even | AggFun::Odd => false,
    }
}

/// Is every integer less than `k` (k a non-integer)?
fn syms_rank_int_less(syms: &Symbols, k: Sym) -> bool {
    !matches!(syms.get(k), SymData::Inf)
}

fn const_cmp(op: CmpOp, o: Ordering) -> Truth {
    let holds = match op {
        CmpOp::Eq => o == Ordering::Equal,
        CmpOp::Ne => o != Ordering::Equal,
        CmpOp::Lt => o == Ordering::Less,
        CmpOp::Le => o != Ordering::Greater,
        CmpOp::Gt => o == Ordering::Greater,
        CmpOp::Ge => o != Ordering::Less,
    };
    if holds {
        Truth::True
    } else {
        Truth::False
    }
}

/// Does `x op y` hold for two integers (as [`compare`] on their terms)?
pub fn compare_ints(op: CmpOp, x: i32, y: i32) -> bool {
    const_cmp(op, x.cmp(&y)) == Truth::True
}

/// Does `a op b` hold in the term order?
pub fn compare(syms: &Symbols, op: CmpOp, a: Sym, b: Sym) -> bool {
    const_cmp(op, syms.cmp(a, b)) == Truth::True
}

/// The values an assignment aggregate can take, given which tuples are
/// certain: for `#count`/`#sum` every reachable total (all subset sums when
/// few elements are undecided, else the whole range), for `#min`/`#max`
/// every element weight and the empty set's value.
pub fn possible_values(fun: AggFun, elems: &[(Box<[Sym]>, bool)], syms: &mut Symbols) -> Vec<Sym> {
    match fun {
        AggFun::Count | AggFun::Sum | AggFun::SumPlus => {
            let mut fixed: i64 = 0;
            let mut ws: Vec<i64> = Vec::new();
            for (t, certain) in elems {
                let w = match fun {
                    AggFun::Count => 1,
                    _ => match t.first().and_then(|s| syms.as_int(*s)) {
                        Some(w) => w as i64,
                        None => continue,
                    },
                };
                if w == 0 || (fun == AggFun::SumPlus && w < 0) {
                    continue;
                }
                if *certain {
                    fixed += w
                } else {
                    ws.push(w)
                }
            }
            let lo = fixed + ws.iter().filter(|w| **w < 0).sum::<i64>();
            let hi = fixed + ws.iter().filter(|w| **w > 0).sum::<i64>();
            // the sums the subsets reach (gringo's values: 20 elements of a
            // few distinct weights reach hundreds of the million integers
            // between their extremes), or all those integers if there are
            // too many to list
            let mut vals = match fun {
                AggFun::Count => None,
                _ => subset_sums(fixed, &ws, SUBSET_SUMS),
            }
            .unwrap_or_else(|| (lo..=hi).collect());
            vals.retain(|v| *v >= i32::MIN as i64 && *v <= i32::MAX as i64);
            vals.into_iter().map(|v| syms.int(v as i32)).collect()
        }
        AggFun::Even | AggFun::Odd => Vec::new(),
        AggFun::Avg => {
            // The average lies between the smallest and the largest weight.
            let ws: Vec<i32> =
                elems.iter().filter_map(|(t, _)| t.first().and_then(|s| syms.as_int(*s))).collect();
            match (ws.iter().min(), ws.iter().max()) {
                (Some(&lo), Some(&hi)) => (lo..=hi).map(|v| syms.int(v)).collect(),
                _ => Vec::new(),
            }
        }
        AggFun::Min | AggFun::Max => {
            let mut vals: Vec<Sym> = elems.iter().filter_map(|(t, _)| t.first().copied()).collect();
            if !elems.iter().any(|(t, c)| *c && !t.is_empty()) {
                vals.push(syms.intern(if fun == AggFun::Min { SymData::Sup } else { SymData::Inf }));
            }
            vals.sort_by(|a, b| syms.cmp(*a, *b));
            vals.dedup();
            vals
        }
    }
}

/// The most values [`possible_values`] lists a sum's reachable values
/// by, rather than by all integers between its extremes.
const SUBSET_SUMS: usize = 1 << 20;

/// The distinct values of `fixed` plus the sum of a subset of `ws`, in
/// increasing order; `None` once there are more than `limit`.
fn subset_sums(fixed: i64, ws: &[i64], limit: usize) -> Option<Vec<i64>> {
    let mut sums = vec![fixed];
    for &w in ws {
        // merge the sums with the sums plus `w`: both are sorted
        let shifted: Vec<i64> = sums.iter().map(|s| s + w).collect();
        let mut merged = Vec::with_capacity(sums.len() + shifted.len());
        let (mut i, mut j) = (0, 0);
        while i < sums.len() || j < shifted.len() {
            let next = match (sums.get(i), shifted.get(j)) {
                (Some(&a), Some(&b)) if a <= b => {
                    i += 1;
                    j += usize::from(a == b);
                    a
                }
                (Some(_), Some(&b)) | (None, Some(&b)) => {
                    j += 1;
                    b
                }
                (Some(&a), None) => {
                    i += 1;
                    a
                }
                (None, None) => unreachable!(),
            };
            merged.push(next);
        }
        if merged.len() > limit {
            return None;
        }
        sums = merged;
    }
    Some(sums)
}

/// Can an aggregate over these element tuples satisfy all `bounds` when
/// any subset of the elements holds?  An over-approximation (sums are
/// taken to reach every value between their extremes), used while a
/// component is still growing: an instance whose aggregate is unreachable
/// derives nothing yet (`u(I+1) :- r(I). r(I) :- u(I), #count{J : r(J),
/// J < I} >= 1.` must not count to infinity).  Monotone in the tuples.
pub fn reachable<'a>(
    fun: AggFun,
    tuples: impl Iterator<Item = &'a [Sym]>,
    bounds: &[(CmpOp, Sym)],
    syms: &mut Symbols,
) -> bool {
    match fun {
        AggFun::Count | AggFun::Sum | AggFun::SumPlus => {
            let (mut lo, mut hi) = (0i64, 0i64);
            for t in tuples {
                let w = match fun {
                    AggFun::Count => 1,
                    _ => match t.first().and_then(|s| syms.as_int(*s)) {
                        Some(w) => w as i64,
                        None => continue,
                    },
                };
                if fun == AggFun::SumPlus && w < 0 {
                    continue;
                }
                if w < 0 {
                    lo += w
                } else {
                    hi += w
                }
            }
            int_range_meets(lo, hi, bounds, syms)
        }
        AggFun::Avg => {
            let ws: Vec<i64> =
                tuples.filter_map(|t| t.first().and_then(|s| syms.as_int(*s))).map(i64::from).collect();
            match (ws.iter().min(), ws.iter().max()) {
                (Some(&lo), Some(&hi)) => int_range_meets(lo, hi, bounds, syms),
                // The empty set's average: leave it to the exact translation.
                _ => true,
            }
        }
        AggFun::Min | AggFun::Max => {
            let mut vals: Vec<Sym> = tuples.filter_map(|t| t.first().copied()).collect();
            vals.push(syms.intern(if fun == AggFun::Min { SymData::Sup } else { SymData::Inf }));
            vals.iter().any(|v| bounds.iter().all(|(op, k)| compare(syms, *op, *v, *k)))
        }
        AggFun::Even | AggFun::Odd => true,
    }
}

/// Does some integer in `lo..=hi` satisfy every bound?
fn int_range_meets(mut lo: i64, mut hi: i64, bounds: &[(CmpOp, Sym)], syms: &mut Symbols) -> bool {
    let mut excluded: Vec<i64> = Vec::new();
    let any_int = syms.int(0);
    for &(op, k) in bounds {
        let Some(k) = syms.as_int(k).map(i64::from) else {
            // Every integer lies on the same side of a non-integer.
            if !compare(syms, op, any_int, k) {
                return false;
            }
            continue;
        };
        match op {
            CmpOp::Ge => lo = lo.max(k),
            CmpOp::Gt => lo = lo.max(k + 1),
            CmpOp::Le => hi = hi.min(k),
            CmpOp::Lt => hi = hi.min(k - 1),
            CmpOp::Eq => {
                lo = lo.max(k);
                hi = hi.min(k)
            }
            CmpOp::Ne => excluded.push(k),
        }
    }
    excluded.sort_unstable();
    excluded.dedup();
    let inside = excluded.iter().filter(|&&k| lo <= k && k <= hi).count() as i64;
    lo <= hi && hi - lo + 1 > inside
}

#[cfg(test)]
mod subset_sum_tests {
    use super::subset_sums;

    /// The merged lists are the distinct subset sums a brute force finds,
    /// sorted; past the limit there are none.
    #[test]
    fn subset_sums_are_those_of_every_subset() {
        let cases: [&[i64]; 5] =
            [&[], &[3], &[2, 2, 5], &[-4, 1, 7, 7, -1], &[10000, 25000, 60000, 120000, 10000]];
        for ws in cases {
            let mut all: Vec<i64> = (0..1u32 << ws.len())
                .map(|m| 5 + (0..ws.len()).filter(|i| m >> i & 1 == 1).map(|i| ws[i]).sum::<i64>())
                .collect();
            all.sort();
            all.dedup();
            assert_eq!(subset_sums(5, ws, 1 << 20), Some(all), "{ws:?}");
        }
        assert_eq!(subset_sums(0, &[1, 2, 4, 8], 15), None);
        assert_eq!(subset_sums(0, &[1, 2, 4, 8], 16).map(|s| s.len()), Some(16));
    }
}
