//! Incremental programs, grounded and solved step by step, in the two
//! forms people wrote them:
//!
//! - clingo 5's `#include <incmode>.`: step 0 grounds `base` and
//!   `check(0)`; step k > 0 releases the external `query(k-1)` and grounds
//!   `check(k)` and `step(k)`; before each solve `query(k)` is made true.
//! - iclingo's (gringo 3) `#base.`, `#cumulative t.` and `#volatile t.`:
//!   step k (from 1) is `base`, every `#cumulative` instance for 1..k, and
//!   the `#volatile` instance for k alone: each rule of the volatile part
//!   has the external atom `#volatile(t)` in its body (see
//!   [`guard_volatile`]), true for step k's solve and released after it.
//!
//! Invariant: every step is one solver call, and the loop stops as
//! clingo 5.4's incmode stops it: after at most `imax` calls, and once at
//! least `imin` calls were made and the last call's result is the one
//! `istop` names (`SAT`, `UNSAT` or `UNKNOWN`).  The first call is always
//! made.
//!
//! Each step's new part instances are grounded by
//! [`Control::ground_parts`] on top of the earlier steps (rules of earlier
//! steps are not grounded again, as in clingo); each step's search is
//! given what the last one learnt (see [`crate::carry`]), so that it need
//! not learn again why shorter plans fail.

use crate::control::{Control, Error, SolveResult};
use crate::program::External;
use crate::syntax::ast::{BodyLit, LitKind, Literal, Sign, Statement, Term, TermKind};
use crate::syntax::span::Span;
use crate::Value;

/// The name under which iclingo's `#cumulative t.` part is kept (a name
/// no `#program` can write).
pub const CUMULATIVE: &str = "#cumulative";
/// The name under which iclingo's `#volatile t.` part is kept.
pub const VOLATILE: &str = "#volatile";

/// The name under which `--ifixed` asks for the `#volatile t.` part
/// without its guard (see [`ground_fixed`]).
pub const FIXED_VOLATILE: &str = "#volatile fixed";

/// How an incremental program is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// clingo 5: `#include <incmode>.` with `#program base/step(t)/check(t).`
    Incmode,
    /// gringo 3 (iclingo, clingo 3): `#base.`, `#cumulative t.`, `#volatile t.`
    Iclingo,
}

/// Which result ends the loop (`istop`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopOn {
    /// A step with an answer set (the default).
    Sat,
    /// An unsatisfiable step.
    Unsat,
    /// A step without a result (interrupted).
    Unknown,
}

impl StopOn {
    /// `SAT`, `UNSAT` or `UNKNOWN` (any case); `None` for anything else.
    pub fn parse(text: &str) -> Option<StopOn> {
        match text.trim().trim_matches('"').to_ascii_uppercase().as_str() {
            "SAT" => Some(StopOn::Sat),
            "UNSAT" => Some(StopOn::Unsat),
            "UNKNOWN" => Some(StopOn::Unknown),
            _ => None,
        }
    }
}

/// When the loop stops: clingo's `imin`, `imax` and `istop`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// At least this many solver calls.
    pub imin: u64,
    /// At most this many (`None`: no limit).
    pub imax: Option<u64>,
    /// The result that ends the loop (once `imin` calls were made).
    pub istop: StopOn,
}

impl Limits {
    /// The limits of a run: `-c imin=`/`imax=`/`istop=` (or the program's
    /// `#const`), as clingo 5's incmode reads them, else the values given
    /// (iclingo's `--imin`/`--imax`/`--istop`), else the defaults.
    pub fn read(ctl: &Control, imin: Option<u64>, imax: Option<u64>, istop: Option<StopOn>) -> Limits {
        let number = |name: &str| match ctl.constant(name) {
            Some(Value::Int(n)) => Some(n.max(0) as u64),
            _ => None,
        };
        let stop = match ctl.constant("istop") {
            Some(Value::Str(s)) => StopOn::parse(&s),
            _ => None,
        };
        let default = Limits::default();
        Limits {
            imin: number("imin").or(imin).unwrap_or(default.imin),
            imax: number("imax").or(imax),
            istop: stop.or(istop).unwrap_or(default.istop),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { imin: 1, imax: None, istop: StopOn::Sat }
    }
}

/// The steps of one incremental run.
#[derive(Clone, Debug)]
pub struct Steps {
    form: Form,
    limits: Limits,
    /// Solver calls made so far.
    calls: u64,
}

impl Steps {
    /// The run of a program in `form`, stopping as `limits` say.
    pub fn new(form: Form, limits: Limits) -> Steps {
        Steps { form, limits, calls: 0 }
    }

    /// The number of the step [`Steps::next`] last returned.
    fn step(&self) -> u64 {
        match self.form {
            Form::Incmode => self.calls.saturating_sub(1),
            Form::Iclingo => self.calls,
        }
    }

    /// Whether another step is to be solved after a call whose result
    /// was `last` (`None`: no call yet); if so, counts it and returns its
    /// number (incmode counts from 0, iclingo from 1).
    pub fn next(&mut self, last: Option<&SolveResult>) -> Option<u64> {
        let go_on = match last {
            None => true,
            Some(r) => {
                let reached = match self.limits.istop {
                    StopOn::Sat => r.satisfiable,
                    StopOn::Unsat => r.unsatisfiable,
                    StopOn::Unknown => !r.satisfiable && !r.unsatisfiable,
                };
                self.calls < self.limits.imin || !reached
            }
        };
        if !go_on || self.limits.imax.is_some_and(|m| self.calls >= m) {
            return None;
        }
        self.calls += 1;
        Some(self.step())
    }

    /// Grounds the step [`Steps::next`] returned on `ctl` and sets the
    /// externals it needs (incmode's `query`).
    pub fn ground(&self, ctl: &mut Control) -> Result<(), Error> {
        let k = self.step();
        let at = |name: &str, k: u64| (name.to_string(), vec![Value::Int(k as i32)]);
        // the last step's external is released once the new step is
        // grounded (assigned values are applied to each grounding anyway),
        // so that the last step's program is not copied to change it
        let (parts, last, now) = match self.form {
            Form::Incmode => {
                let query = |k: u64| Value::func("query", vec![Value::Int(k as i32)]);
                let parts = if k == 0 {
                    vec![at("check", 0), ("base".to_string(), vec![])]
                } else {
                    vec![at("check", k), at("step", k)]
                };
                (parts, (k > 0).then(|| query(k - 1)), query(k))
            }
            Form::Iclingo => {
                let guard = |k: u64| Value::func(VOLATILE, vec![Value::Int(k as i32)]);
                let mut parts = vec![at(CUMULATIVE, k), at(VOLATILE, k)];
                if k == 1 {
                    parts.insert(0, ("base".to_string(), vec![]));
                }
                (parts, (k > 1).then(|| guard(k - 1)), guard(k))
            }
        };
        ctl.ground_parts(&parts)?;
        if let Some(last) = last {
            ctl.assign_external(&last, External::Release);
        }
        ctl.assign_external(&now, External::True);
        Ok(())
    }
}

/// Grounds the program of step `n` of an iclingo program on `ctl`, for a
/// single solve (clingo 3's and gringo 3's `--ifixed=n`): `base`, every
/// `#cumulative` instance for 1..n and the `#volatile` instance for n,
/// as written (no guard: nothing follows it).
pub fn ground_fixed(ctl: &mut Control, n: u64) -> Result<(), Error> {
    let at = |name: &str, k: u64| (name.to_string(), vec![Value::Int(k as i32)]);
    let mut parts = vec![("base".to_string(), vec![])];
    parts.extend((1..=n).map(|k| at(CUMULATIVE, k)));
    parts.push(at(FIXED_VOLATILE, n));
    ctl.ground_parts(&parts)
}

/// The statements of one instance of iclingo's `#volatile t.` part, each
/// rule (and optimisation element) made to hold only while the external
/// atom `#volatile(t)` is true, and that external declared.
pub fn guard_volatile(stmts: &mut Vec<Statement>, param: &str, span: Span) {
    let guard = Term::new(
        span,
        TermKind::Func {
            name: VOLATILE.to_string(),
            args: vec![Term::new(span, TermKind::Func { name: param.to_string(), args: vec![] })],
        },
    );
    let lit = BodyLit::Lit(Literal { span, sign: Sign::Pos, kind: LitKind::Atom(guard.clone()) });
    // facts read in bulk are rules here: each gets the guard
    if stmts.iter().any(|s| matches!(s, Statement::Facts(_))) {
        *stmts = std::mem::take(stmts)
            .into_iter()
            .flat_map(|s| match s {
                Statement::Facts(f) => f.rules(),
                s => vec![s],
            })
            .collect();
    }
    for s in stmts.iter_mut() {
        match s {
            Statement::Rule(r) => r.body.push(lit.clone()),
            Statement::Optimize { elems, .. } => elems.iter_mut().for_each(|e| e.cond.push(lit.clone())),
            _ => {}
        }
    }
    stmts.push(Statement::External { span, atom: Box::new(guard), body: vec![], value: None });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts read in bulk in a `#volatile` part hold only for their step,
    /// as any rule there: each becomes a rule with the guard.
    #[test]
    fn bulk_facts_of_a_volatile_part_are_guarded() {
        let src: String = (0..20).map(|i| format!("goal({i}). ")).collect();
        let (mut stmts, diags) = crate::syntax::parse::parse(
            crate::syntax::span::FileId(0),
            &src,
            crate::syntax::parse::Dialect::Gringo3,
        );
        assert!(diags.is_empty() && matches!(stmts[..], [Statement::Facts(_)]), "{stmts:?}");
        guard_volatile(&mut stmts, "t", Span::NOWHERE);
        assert_eq!(stmts.len(), 21, "twenty rules and the external");
        for s in &stmts[..20] {
            let Statement::Rule(r) = s else { panic!("{s:?}") };
            assert_eq!(r.body.len(), 1, "{r:?}");
        }
        assert!(matches!(stmts[20], Statement::External { .. }));
    }

    fn result(sat: bool, unsat: bool) -> SolveResult {
        SolveResult { satisfiable: sat, unsatisfiable: unsat, ..SolveResult::default() }
    }

    /// The steps a run makes when every call has the result given.
    fn run(form: Form, limits: Limits, each: &SolveResult) -> Vec<u64> {
        let mut s = Steps::new(form, limits);
        let mut out = vec![s.next(None).unwrap()];
        while let Some(k) = s.next(Some(each)) {
            out.push(k);
        }
        out
    }

    #[test]
    fn the_loop_stops_as_incmode_does() {
        let sat = result(true, false);
        let unsat = result(false, true);
        let unknown = result(false, false);
        let l = Limits::default();
        // the first call is always made; a SAT call ends the default loop
        assert_eq!(run(Form::Incmode, l, &sat), vec![0]);
        assert_eq!(run(Form::Iclingo, l, &sat), vec![1]);
        // ... unless fewer than imin calls were made
        assert_eq!(run(Form::Incmode, Limits { imin: 3, ..l }, &sat), vec![0, 1, 2]);
        // imax bounds an unsatisfiable run
        assert_eq!(run(Form::Incmode, Limits { imax: Some(4), ..l }, &unsat), vec![0, 1, 2, 3]);
        assert_eq!(run(Form::Iclingo, Limits { imax: Some(2), ..l }, &unsat), vec![1, 2]);
        // istop picks the result that ends the loop
        assert_eq!(run(Form::Incmode, Limits { istop: StopOn::Unsat, ..l }, &unsat), vec![0]);
        assert_eq!(run(Form::Incmode, Limits { istop: StopOn::Unknown, ..l }, &unknown), vec![0]);
        let until = Limits { istop: StopOn::Unsat, imax: Some(3), ..l };
        assert_eq!(run(Form::Incmode, until, &sat), vec![0, 1, 2]);
        // imax wins over imin
        assert_eq!(run(Form::Incmode, Limits { imin: 5, imax: Some(2), ..l }, &sat), vec![0, 1]);
        assert_eq!(StopOn::parse("\"unsat\""), Some(StopOn::Unsat));
        assert_eq!(StopOn::parse("maybe"), None);
    }
}
