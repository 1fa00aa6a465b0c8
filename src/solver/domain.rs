//! The domain heuristic (clasp's `--heuristic=Domain`): modifications of
//! the decision order and sign of single literals, each under a condition
//! (a conjunction of literals, empty for always) and with a priority.
//!
//! A modification either sets a variable's *level* (variables of higher
//! levels are decided first, VSIDS ordering within a level), its *sign*
//! (the value it is decided to: its literal true for a positive value,
//! false for a negative one, the usual phase for 0), its activity *factor*
//! (bumps are multiplied by it) or its *initial* activity (added once).
//! Of the modifications of one kind for one variable whose conditions
//! hold, the one with the highest priority counts (on equal priorities
//! the last given, as in clasp).
//!
//! Invariant: after [`Domain::refresh`], each variable's level and sign in
//! the [`VarOrder`] are those of its winning modifications under the
//! current assignment (level 0 and no sign when none holds); factors and
//! initial activities do not depend on conditions and are set once, by
//! [`Domain::install`].

use super::assignment::Assignment;
use super::decide::VarOrder;
use super::lit::{SLit, Var};

/// What a modification changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The decision level (higher first).
    Level,
    /// The sign of the decision.
    Sign,
    /// The factor of activity bumps.
    Factor,
    /// The initial activity.
    Init,
}

/// One modification of the decisions on `lit`'s variable.
#[derive(Clone, Debug)]
pub struct Modification {
    /// The literal: a sign is relative to it (positive value: `lit` true).
    pub lit: SLit,
    /// What changes.
    pub kind: Kind,
    /// By how much.
    pub value: i64,
    /// Which modification of a kind wins for a variable.
    pub priority: i64,
    /// When it applies: all of these are true (empty: always).
    pub condition: Vec<SLit>,
}

/// The modifications that depend on the assignment, by variable.
#[derive(Clone)]
pub struct Domain {
    /// Variables with conditional level or sign modifications, each with
    /// its modifications (unconditional ones included, as the fallback).
    dynamic: Vec<(Var, Vec<Modification>)>,
}

impl Domain {
    /// Applies the modifications to `order`: unconditional levels and
    /// signs, factors and initial activities now; conditional levels and
    /// signs are kept for [`Domain::refresh`].  `None` when nothing depends
    /// on the assignment.
    pub fn install(mods: Vec<Modification>, order: &mut VarOrder) -> Option<Domain> {
        let mut by_var: std::collections::BTreeMap<u32, Vec<Modification>> = Default::default();
        for m in mods {
            by_var.entry(m.lit.var().0).or_default().push(m);
        }
        let mut dynamic = Vec::new();
        for (v, ms) in by_var {
            let v = Var(v);
            if let Some(m) = winner(&ms, Kind::Factor, |_| true) {
                order.set_factor(v, m.value as f64);
            }
            if let Some(m) = winner(&ms, Kind::Init, |_| true) {
                order.add_activity(v, m.value as f64);
            }
            let conditional =
                ms.iter().any(|m| matches!(m.kind, Kind::Level | Kind::Sign) && !m.condition.is_empty());
            let (level, sign) = effective(&ms, |c| c.is_empty());
            order.set_level(v, level);
            order.set_sign(v, sign);
            if conditional {
                let ms = ms.into_iter().filter(|m| matches!(m.kind, Kind::Level | Kind::Sign)).collect();
                dynamic.push((v, ms));
            }
        }
        (!dynamic.is_empty()).then_some(Domain { dynamic })
    }

    /// Brings the levels and signs of variables with conditional
    /// modifications up to date with `assign` (before a decision).
    pub fn refresh(&self, assign: &Assignment, order: &mut VarOrder) {
        for (v, ms) in &self.dynamic {
            let (level, sign) = effective(ms, |c| c.iter().all(|&l| assign.is_true(l)));
            order.set_level(*v, level);
            order.set_sign(*v, sign);
        }
    }
}

/// The modification of `kind` with the highest priority (the last on
/// ties) among those whose condition `holds`.
fn winner(ms: &[Modification], kind: Kind, holds: impl Fn(&[SLit]) -> bool) -> Option<&Modification> {
    let mut best: Option<&Modification> = None;
    for m in ms.iter().filter(|m| m.kind == kind && holds(&m.condition)) {
        if best.is_none_or(|b| m.priority >= b.priority) {
            best = Some(m);
        }
    }
    best
}

/// The level and the preferred literal (if any) of a variable from its
/// modifications whose conditions `holds`.
fn effective(ms: &[Modification], holds: impl Fn(&[SLit]) -> bool) -> (i32, Option<SLit>) {
    let level =
        winner(ms, Kind::Level, &holds).map_or(0, |m| m.value.clamp(i32::MIN as i64, i32::MAX as i64) as i32);
    let sign = winner(ms, Kind::Sign, &holds).and_then(|m| match m.value.signum() {
        1 => Some(m.lit),
        -1 => Some(!m.lit),
        _ => None,
    });
    (level, sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(lit: SLit, kind: Kind, value: i64, priority: i64, condition: Vec<SLit>) -> Modification {
        Modification { lit, kind, value, priority, condition }
    }

    #[test]
    fn the_highest_priority_holding_modification_wins() {
        let (a, b) = (Var(0), Var(1));
        let ms = vec![
            m(a.pos(), Kind::Level, 5, 1, vec![]),
            m(a.pos(), Kind::Level, 2, 3, vec![b.pos()]),
            m(a.pos(), Kind::Sign, -1, 0, vec![]),
            m(!a.pos(), Kind::Sign, -1, 2, vec![b.pos()]),
        ];
        assert_eq!(effective(&ms, |c| c.is_empty()), (5, Some(!a.pos())));
        // with b true: level 2 (priority 3), sign: `not a` false, so a true
        assert_eq!(effective(&ms, |_| true), (2, Some(a.pos())));
    }

    #[test]
    fn levels_order_decisions_and_conditions_are_refreshed() {
        let (a, b, c) = (Var(0), Var(1), Var(2));
        let mut order = VarOrder::new(3);
        let mods = vec![
            m(c.pos(), Kind::Level, 1, 0, vec![]),
            m(c.pos(), Kind::Sign, 1, 0, vec![]),
            m(b.pos(), Kind::Level, 2, 0, vec![a.pos()]),
        ];
        let d = Domain::install(mods, &mut order).expect("a conditional modification");
        // c has the highest level; it is decided true
        assert_eq!(order.pop(), Some(c));
        assert_eq!(order.decision(c), c.pos());
        let mut assign = Assignment::new(3);
        assign.new_level();
        assign.assign(a.pos(), super::super::assignment::Reason::None);
        order.insert(c);
        d.refresh(&assign, &mut order);
        // with a true, b's level 2 beats c's 1
        assert_eq!(order.pop(), Some(b));
    }
}
