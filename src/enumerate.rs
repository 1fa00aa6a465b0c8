//! What an answer set adds to the search beyond itself: brave and cautious
//! consequences (`-e brave|cautious`) and projected enumeration
//! (`--project`), each as a clause over the program's atoms.
//!
//! Invariants: brave consequences only grow and cautious ones only shrink,
//! and each clause excludes exactly the answer sets that could not change
//! them (no new shown atom true, resp. no shown consequence false); the
//! projection clause excludes exactly the answer sets that agree with one
//! already found on the projected atoms.  When a clause would be empty,
//! nothing is left to find.

use crate::program::{Atom, Lit};
use std::str::FromStr;

/// How answer sets are enumerated (clasp's `--enum-mode`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EnumMode {
    /// Every answer set (`auto`, `bt`, `record`).
    #[default]
    Auto,
    /// The atoms true in some answer set.
    Brave,
    /// The atoms true in every answer set.
    Cautious,
    /// Answer sets that differ on the atoms the domain heuristic gives a
    /// level, each recorded by a clause the heuristic's signs shape (see
    /// [`DomainRecord`]; clasp's `domRec`).
    DomRec,
}

impl FromStr for EnumMode {
    type Err = String;
    fn from_str(s: &str) -> Result<EnumMode, String> {
        match s {
            "auto" | "bt" | "record" => Ok(EnumMode::Auto),
            "brave" => Ok(EnumMode::Brave),
            "cautious" => Ok(EnumMode::Cautious),
            "domRec" => Ok(EnumMode::DomRec),
            "query" => {
                Err(format!("'{s}' is not supported (minasp has auto, bt, record, brave, cautious, domRec)"))
            }
            _ => Err(format!("'{s}': expected auto, bt, record, brave, cautious or domRec")),
        }
    }
}

/// Which atoms answer sets are projected on (clasp's `--project`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ProjectMode {
    /// No projection.
    #[default]
    No,
    /// On the `#project` atoms if the program has `#project` directives,
    /// else on the shown atoms.
    Auto,
    /// On the shown atoms.
    Show,
    /// On the `#project` atoms (none: a single answer set).
    Project,
}

impl FromStr for ProjectMode {
    type Err = String;
    /// `no`, `auto`, `show` or `project`, with clasp's optional
    /// backtracking option (`auto,3`), which changes nothing here.
    fn from_str(s: &str) -> Result<ProjectMode, String> {
        let (mode, bt) = s.split_once(',').unwrap_or((s, "0"));
        if !matches!(bt.trim(), "0" | "1" | "2" | "3") {
            return Err(format!("'{s}': the backtracking option must be 0 to 3"));
        }
        match mode.trim() {
            "no" => Ok(ProjectMode::No),
            "auto" => Ok(ProjectMode::Auto),
            "show" => Ok(ProjectMode::Show),
            "project" => Ok(ProjectMode::Project),
            _ => Err(format!("'{s}': expected no, auto, show or project")),
        }
    }
}

/// Brave or cautious consequences so far, over the atoms the shown terms
/// depend on.
pub struct Consequences {
    brave: bool,
    /// The atoms whose truth decides what is shown.
    watch: Vec<Atom>,
    /// Per atom: true in some answer set (brave) or in all (cautious) so far;
    /// `None` before the first.
    current: Option<Vec<bool>>,
}

impl Consequences {
    /// Brave (`brave`) or cautious consequences of the shown terms whose
    /// conditions are over `watch`.
    pub fn new(brave: bool, mut watch: Vec<Atom>) -> Consequences {
        watch.sort_unstable();
        watch.dedup();
        Consequences { brave, watch, current: None }
    }

    /// Brave (not cautious) consequences.
    pub fn brave(&self) -> bool {
        self.brave
    }

    /// `Brave` or `Cautious`.
    pub fn kind(&self) -> &'static str {
        if self.brave {
            "Brave"
        } else {
            "Cautious"
        }
    }

    /// Folds in an answer set; returns the clause an answer set must satisfy
    /// to change the consequences (`None`: none can, they are complete).
    pub fn add(&mut self, model: &[bool]) -> Option<Vec<Lit>> {
        let cur = match &mut self.current {
            Some(c) => {
                for (x, &m) in c.iter_mut().zip(model) {
                    *x = if self.brave { *x || m } else { *x && m };
                }
                c
            }
            None => self.current.insert(model.to_vec()),
        };
        let clause: Vec<Lit> = if self.brave {
            self.watch.iter().filter(|a| !cur[a.index()]).map(|a| a.pos()).collect()
        } else {
            self.watch.iter().filter(|a| cur[a.index()]).map(|a| a.neg()).collect()
        };
        (!clause.is_empty()).then_some(clause)
    }

    /// The consequences so far, per atom.
    pub fn current(&self) -> Option<&[bool]> {
        self.current.as_deref()
    }
}

/// The clause that excludes every answer set agreeing with `model` on the
/// atoms `on` (`None`: `on` is empty, so every answer set agrees).
pub fn projection_clause(on: &[Atom], model: &[bool]) -> Option<Vec<Lit>> {
    let clause: Vec<Lit> = on.iter().map(|&a| if model[a.index()] { a.neg() } else { a.pos() }).collect();
    (!clause.is_empty()).then_some(clause)
}

/// Under `--enum-mode=domRec` (clasp's domain recording): the atoms that
/// `#heuristic` directives (or `--dom-mod`) give a positive level
/// unconditionally, each with the sign directives that may prefer a value
/// for it. After an answer set, the clause recorded asks that some atom
/// take a value it was not decided to: one the sign prefers, for an atom
/// whose preferred value the answer set does not have, or the other
/// value, for an atom with no preferred value. With every such atom
/// preferred false and decided first, each answer set found is then
/// subset-minimal on them and none is a superset of another.
///
/// Invariant: the clause excludes the answer set just found and exactly
/// those that agree with it on the recorded atoms, except in atoms
/// where they take the preferred value it does not.
#[derive(Clone, Debug)]
pub struct DomainRecord {
    /// The recorded atoms, each with its sign directives in the program's order.
    atoms: Vec<(Atom, Vec<Sign>)>,
}

/// A directive's sign for a recorded atom.
#[derive(Clone, Debug)]
struct Sign {
    /// Which sign wins (the highest priority; the last on ties).
    priority: i64,
    /// The value decided first (`None`: no preference).
    preferred: Option<bool>,
    /// When it applies: all of these hold.
    condition: Vec<Lit>,
}

impl DomainRecord {
    /// The record of the directives `hs`, plus the atoms of `also`, but
    /// for the `fixed` atoms (the same in every answer set); `None` when
    /// no atom is recorded.
    pub fn new(
        hs: &[crate::program::Heuristic],
        also: &[Atom],
        fixed: impl Fn(Atom) -> bool,
    ) -> Option<DomainRecord> {
        use crate::program::Modifier;
        // the level of each atom that holds unconditionally: the highest priority's, the last on ties
        let mut level: indexmap::IndexMap<Atom, (i64, i64)> = Default::default();
        let mut signs: std::collections::HashMap<Atom, Vec<Sign>> = Default::default();
        for h in hs {
            if matches!(h.modifier, Modifier::Level | Modifier::True | Modifier::False)
                && h.condition.is_empty()
            {
                let e = level.entry(h.atom).or_insert((h.priority, h.value));
                if h.priority >= e.0 {
                    *e = (h.priority, h.value);
                }
            }
            let preferred = match h.modifier {
                Modifier::Sign => Some((h.value != 0).then_some(h.value > 0)),
                Modifier::True => Some(Some(true)),
                Modifier::False => Some(Some(false)),
                _ => None,
            };
            if let Some(preferred) = preferred {
                let sign = Sign { priority: h.priority, preferred, condition: h.condition.clone() };
                signs.entry(h.atom).or_default().push(sign);
            }
        }
        let mut atoms: Vec<Atom> = level.into_iter().filter(|(_, (_, v))| *v > 0).map(|(a, _)| a).collect();
        atoms.extend(also.iter().copied());
        let mut seen = std::collections::HashSet::new();
        atoms.retain(|&a| !fixed(a) && seen.insert(a));
        let atoms: Vec<_> = atoms.into_iter().map(|a| (a, signs.remove(&a).unwrap_or_default())).collect();
        (!atoms.is_empty()).then_some(DomainRecord { atoms })
    }

    /// The recorded atoms.
    pub fn atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        self.atoms.iter().map(|(a, _)| *a)
    }

    /// The clause recorded for the answer set `model` (by atom); `None`
    /// when it is empty (no other answer set is left).
    pub fn clause(&self, model: &[bool]) -> Option<Vec<Lit>> {
        let holds = |c: &[Lit]| c.iter().all(|l| model[l.atom().index()] == l.is_positive());
        let mut clause = Vec::new();
        for (a, signs) in &self.atoms {
            // the sign of the highest priority whose condition holds, the last on ties
            let mut best: Option<&Sign> = None;
            for s in signs {
                if best.is_none_or(|b| s.priority >= b.priority) && holds(&s.condition) {
                    best = Some(s);
                }
            }
            let value = model[a.index()];
            match best.and_then(|s| s.preferred) {
                Some(preferred) if preferred == value => {}
                Some(preferred) => clause.push(Lit::new(*a, preferred)),
                None => clause.push(Lit::new(*a, !value)),
            }
        }
        (!clause.is_empty()).then_some(clause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brave_grows_and_cautious_shrinks() {
        let w = vec![Atom(0), Atom(1), Atom(2)];
        let mut b = Consequences::new(true, w.clone());
        assert_eq!(b.add(&[true, false, false]), Some(vec![Atom(1).pos(), Atom(2).pos()]));
        assert_eq!(b.add(&[false, true, true]), None);
        let mut c = Consequences::new(false, w);
        assert_eq!(c.add(&[true, true, false]), Some(vec![Atom(0).neg(), Atom(1).neg()]));
        assert_eq!(c.add(&[false, false, true]), None);
        assert_eq!(c.current(), Some(&[false, false, false][..]));
    }

    #[test]
    fn modes_read_clasp_spellings() {
        assert_eq!("brave".parse::<EnumMode>(), Ok(EnumMode::Brave));
        assert_eq!("bt".parse::<EnumMode>(), Ok(EnumMode::Auto));
        assert!("query".parse::<EnumMode>().is_err());
        assert_eq!("domRec".parse::<EnumMode>(), Ok(EnumMode::DomRec));
        assert_eq!("auto,3".parse::<ProjectMode>(), Ok(ProjectMode::Auto));
        assert_eq!("show".parse::<ProjectMode>(), Ok(ProjectMode::Show));
        assert!("everything".parse::<ProjectMode>().is_err());
    }
}
