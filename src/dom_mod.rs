//! clasp's `--dom-mod=<mod>[,<pick>]`: with `--heuristic=Domain`, one
//! modification of the decisions (a level, a sign, both, an initial
//! activity or a factor) for every atom of a set — all atoms, or the
//! shown ones, those of minimize statements, those on positive cycles —
//! that has no `#heuristic` directive of its own. It is written here as
//! the directives it stands for, so the domain heuristic
//! ([`crate::solver::domain`]) needs to know nothing of it.
//!
//! Invariant: the directives made name only atoms of the program and only
//! guide the search; the answer sets are those of the program without
//! them. (Under `--enum-mode=domRec` the atoms they give a level are among
//! those each answer set's record is over: see
//! [`crate::enumerate::DomainRecord`].)

use crate::program::{Atom, GroundProgram, Head, Heuristic, Lit, Modifier};
use std::str::FromStr;

/// The modification (clasp's `<mod>`, numbered as clasp numbers them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DefaultModifier {
    /// 1: a level.
    Level = 1,
    /// 2: the sign true.
    Pos = 2,
    /// 3: a level and the sign true.
    True = 3,
    /// 4: the sign false.
    Neg = 4,
    /// 5: a level and the sign false.
    False = 5,
    /// 6: an initial activity.
    Init = 6,
    /// 7: a factor of the activity bumps.
    Factor = 7,
}

/// The atoms a default modification applies to (clasp's `<pick>` bits).
pub mod pick {
    /// Atoms on a positive cycle.
    pub const SCC: u32 = 1;
    /// Atoms on a positive cycle through two atoms of one disjunction.
    pub const HCC: u32 = 2;
    /// Such atoms that head a disjunction.
    pub const DISJ: u32 = 4;
    /// The atoms of minimize statements.
    pub const OPT: u32 = 8;
    /// The shown atoms.
    pub const SHOW: u32 = 16;
}

/// `--dom-mod`: a modification and the atoms it applies to (`pick` 0:
/// all atoms).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DomMod {
    /// What changes.
    pub modifier: DefaultModifier,
    /// For which atoms: a mask of [`pick`] bits, 0 for all.
    pub pick: u32,
}

/// The value of `--dom-mod`: `None` for clasp's `no` (also `0`, `off`
/// and `false`, which clasp reads as a switch turned off).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DomModArg(pub Option<DomMod>);

impl FromStr for DomModArg {
    type Err = String;

    /// clasp's spellings: `no`, or `<mod>[,<pick>...]` with `<mod>` a name
    /// (`level`, `pos`, `true`, `neg`, `false`, `init`, `factor`) or its
    /// number 1-7, and each `<pick>` `all`, `scc`, `hcc`, `disj`, `opt`,
    /// `show` or a mask of those bits (0-31).
    fn from_str(s: &str) -> Result<DomModArg, String> {
        let mut parts = s.split(',').map(str::trim);
        let first = parts.next().unwrap_or_default();
        let rest: Vec<&str> = parts.collect();
        if rest.is_empty() && matches!(first, "no" | "0" | "off" | "false") {
            return Ok(DomModArg(None));
        }
        use DefaultModifier::*;
        let modifier = match first {
            "level" | "1" => Level,
            "pos" | "2" => Pos,
            "true" | "3" => True,
            "neg" | "4" => Neg,
            "false" | "5" => False,
            "init" | "6" => Init,
            "factor" | "7" => Factor,
            _ => return Err(format!("'{s}': expected no or <mod>[,<pick>] with <mod> one of level, pos, true, neg, false, init, factor (or 1-7)")),
        };
        let mut mask = 0;
        for p in rest {
            mask |= match p {
                "all" => 0,
                "scc" => pick::SCC,
                "hcc" => pick::HCC,
                "disj" => pick::DISJ,
                "opt" => pick::OPT,
                "show" => pick::SHOW,
                n => match n.parse::<u32>() {
                    Ok(m) if m < 32 => m,
                    _ => {
                        return Err(format!(
                            "'{s}': expected <pick> all, scc, hcc, disj, opt, show or a mask 0-31"
                        ))
                    }
                },
            };
        }
        Ok(DomModArg(Some(DomMod { modifier, pick: mask })))
    }
}

impl DomMod {
    /// Does the modification set a level (clasp tests the level bit of
    /// the modifier's number, so `factor` counts): then, under
    /// `--enum-mode=domRec`, the picked atoms are recorded.
    pub fn records(&self) -> bool {
        self.modifier as u32 & 1 != 0
    }

    /// The picked literals of `p`, each with its weight: 1 for an atom of
    /// all or a shown one, 15 down to 4 for minimize literals (the
    /// heaviest first), 3, 2 or 1 for an atom of a disjunction, of a
    /// non-head-cycle-free cycle or of a cycle; the weights of an atom
    /// picked more than once add up, as clasp adds its levels. `shown`:
    /// the atoms of the shown terms' conditions; `objective`: whether the
    /// minimize statements count (not under `--opt-mode=ignore`).
    pub fn picked(&self, p: &GroundProgram, shown: &[Atom], objective: bool) -> Vec<(Lit, i64)> {
        let mut weight: indexmap::IndexMap<Lit, i64> = Default::default();
        let mut add = |l: Lit, w: i64| *weight.entry(l).or_insert(0) += w;
        if self.pick == 0 {
            for a in 0..p.num_atoms {
                add(Atom(a).pos(), 1);
            }
        }
        if self.pick & pick::SHOW != 0 {
            for &a in shown {
                add(a.pos(), 1);
            }
        }
        if self.pick & pick::OPT != 0 && objective {
            let mut lits: Vec<(i64, i64, Lit)> =
                p.minimize.iter().flat_map(|m| m.lits.iter().map(|&(l, w)| (m.priority, w, l))).collect();
            lits.sort_by_key(|&(prio, w, _)| std::cmp::Reverse((prio, w)));
            let (mut strat, mut last) = (16, None);
            for (prio, w, l) in lits {
                if last != Some((prio, w)) && strat > 4 {
                    strat -= 1;
                    last = Some((prio, w));
                }
                add(l, strat);
            }
        }
        if self.pick & (pick::SCC | pick::HCC | pick::DISJ) != 0 {
            for (a, w) in cyclic(p, self.pick) {
                add(a.pos(), w);
            }
        }
        weight.into_iter().collect()
    }

    /// The directives the modification stands for in `p`: one (or, for a
    /// level and a sign, two) per picked atom (see [`DomMod::picked`])
    /// without a `#heuristic` directive of its own.
    pub fn directives(&self, p: &GroundProgram, shown: &[Atom], objective: bool) -> Vec<Heuristic> {
        let own: std::collections::HashSet<Atom> = p.heuristics.iter().map(|h| h.atom).collect();
        let mut out = Vec::new();
        for (l, w) in self.picked(p, shown, objective) {
            if own.contains(&l.atom()) {
                continue;
            }
            let h = |modifier, value| Heuristic {
                atom: l.atom(),
                modifier,
                value,
                priority: 0,
                condition: Vec::new(),
            };
            // a sign is the literal's: true for `not a` is `a` false
            let sign = |s: i64| if l.is_positive() { s } else { -s };
            use DefaultModifier::*;
            match self.modifier {
                Level => out.push(h(Modifier::Level, w)),
                Pos => out.push(h(Modifier::Sign, sign(1))),
                True => out.extend([h(Modifier::Level, w), h(Modifier::Sign, sign(1))]),
                Neg => out.push(h(Modifier::Sign, sign(-1))),
                False => out.extend([h(Modifier::Level, w), h(Modifier::Sign, sign(-1))]),
                Init => out.push(h(Modifier::Init, 100 * w)),
                Factor => out.push(h(Modifier::Factor, 1 + 1 + (w > 3) as i64 + (w > 15) as i64)),
            }
        }
        out
    }
}

/// The atoms on positive cycles of `p` that `mask` picks, each with its
/// weight: 3 for one heading a disjunction of a non-head-cycle-free
/// cycle, 2 for another atom of such a cycle, 1 for an atom of any other
/// cycle (clasp picks them only where some cycle is not
/// head-cycle-free, unless `scc` is asked for).
fn cyclic(p: &GroundProgram, mask: u32) -> Vec<(Atom, i64)> {
    let component = crate::program::shift::positive_components(p);
    let mut size = vec![0usize; p.num_atoms as usize];
    for &c in &component {
        size[c] += 1;
    }
    // the components some disjunction has two atoms of; the atoms heading a disjunction
    let mut not_hcf = vec![false; p.num_atoms as usize];
    let mut in_disjunction = vec![false; p.num_atoms as usize];
    for r in &p.rules {
        if let Head::Disjunction(h) = &r.head {
            if h.len() > 1 {
                let mut seen = std::collections::HashSet::new();
                for a in h {
                    in_disjunction[a.index()] = true;
                    if !seen.insert(component[a.index()]) {
                        not_hcf[component[a.index()]] = true;
                    }
                }
            }
        }
    }
    if mask & pick::SCC == 0 && !not_hcf.iter().any(|&n| n) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for a in 0..p.num_atoms as usize {
        let c = component[a];
        if size[c] < 2 {
            continue;
        }
        let w = if mask & pick::DISJ != 0 && not_hcf[c] && in_disjunction[a] {
            3
        } else if mask & pick::HCC != 0 && not_hcf[c] {
            2
        } else if mask & pick::SCC != 0 {
            1
        } else {
            continue;
        };
        out.push((Atom(a as u32), w));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_clasps_spellings() {
        let m = |s: &str| s.parse::<DomModArg>().map(|d| d.0);
        assert_eq!(m("5,16"), Ok(Some(DomMod { modifier: DefaultModifier::False, pick: 16 })));
        assert_eq!(m("false,show"), m("5,16"));
        assert_eq!(m("false,scc,show"), Ok(Some(DomMod { modifier: DefaultModifier::False, pick: 17 })));
        assert_eq!(m("level"), Ok(Some(DomMod { modifier: DefaultModifier::Level, pick: 0 })));
        assert_eq!(m("true"), Ok(Some(DomMod { modifier: DefaultModifier::True, pick: 0 })));
        for off in ["no", "0", "off", "false"] {
            assert_eq!(m(off), Ok(None));
        }
        for bad in ["8", "yes", "5,32", "false,foo", "no,16", "false,scc:show"] {
            assert!(m(bad).is_err(), "{bad}");
        }
    }
}
