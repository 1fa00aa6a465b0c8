//! Core-guided optimisation (clasp's `--opt-strategy=usc`, OLL): the
//! optimum is approached from below.  For one level at a time, highest
//! priority first, the solver is asked for a model in which every soft
//! literal (a literal whose truth costs its weight) is false.  A core (soft
//! literals of which at least one must be true) raises the lower bound by
//! its least weight `w`, takes `w` off each of its literals, and adds the
//! soft literal "at least 2 of the core are true" with weight `w`
//! (a weight constraint; "at least k + 1" follows when "at least k"
//! appears in a core).  The first model found is optimal for the level;
//! the level's cost is then fixed at that optimum through the minimize
//! propagator's bound, and the next level begins.
//!
//! Invariant: the lower bound of the current level never exceeds its
//! optimum (each core is a set of which one literal must be true, and the
//! weights taken off sum to the bound), so the first model is optimal; the
//! weight constraints added are definitions, which exclude no model.

use super::lit::SLit;
use super::minimize::{normalize, Bound, BoundCell};
use super::{Assumed, Solver};
use std::collections::HashMap;

/// What [`Oll::step`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A model that is optimal for the levels done so far.
    Model(Vec<bool>),
    /// Every level is optimal (the last model is the optimum), or there is
    /// no model at all.
    Done,
    /// The interrupt flag was set.
    Interrupted,
}

/// A soft literal made for a core: "at least `k` of `inputs` are true".
struct Output {
    inputs: Vec<(SLit, i64)>,
    k: i64,
}

/// The core-guided search state (see the module documentation).
pub struct Oll {
    /// The objective as given: levels of (literal, weight), weights any sign.
    levels: Vec<Vec<(SLit, i64)>>,
    level: usize,
    /// The soft literals of the current level with their remaining weights.
    soft: Vec<(SLit, i64)>,
    /// Soft literals made for cores.
    outputs: HashMap<SLit, Output>,
    /// The optimum of each level done, highest priority first.
    fixed: Vec<i64>,
    bound: BoundCell,
    done: bool,
}

impl Oll {
    /// The search for `levels` (highest priority first), fixing optima
    /// through `bound` (the minimize propagator's).
    pub fn new(levels: &[Vec<(SLit, i64)>], bound: BoundCell) -> Oll {
        let mut o = Oll {
            levels: levels.to_vec(),
            level: 0,
            soft: Vec::new(),
            outputs: HashMap::new(),
            fixed: Vec::new(),
            bound,
            done: levels.is_empty(),
        };
        o.start_level();
        o
    }

    /// The soft literals of the current level: positive weights only (see
    /// [`normalize`]; the constant does not matter for which model is best).
    fn start_level(&mut self) {
        self.soft.clear();
        self.outputs.clear();
        let Some(lits) = self.levels.get(self.level) else { return };
        let soft = normalize(lits).0;
        self.soft = soft;
    }

    /// The cost of `model` at each level, highest priority first.
    fn costs(&self, model: &[bool]) -> Vec<i64> {
        let holds = |l: SLit| model[l.var().index()] == l.is_positive();
        self.levels
            .iter()
            .map(|lits| lits.iter().filter(|&&(l, _)| holds(l)).map(|&(_, w)| w).sum())
            .collect()
    }

    /// Runs the search until the next model, the end, or an interruption.
    pub fn step(&mut self, s: &mut Solver) -> Step {
        if self.done {
            return Step::Done;
        }
        loop {
            let assumptions: Vec<SLit> =
                self.soft.iter().filter(|&&(_, w)| w > 0).map(|&(l, _)| !l).collect();
            match s.solve_assuming(&assumptions) {
                Assumed::Interrupted => return Step::Interrupted,
                Assumed::Core(core) if core.is_empty() => {
                    self.done = true;
                    return Step::Done;
                }
                Assumed::Core(core) => self.relax(s, &core),
                Assumed::Model(m) => {
                    // optimal for this level: fix it and go on with the next
                    let costs = self.costs(&m);
                    self.fixed.push(costs[self.level]);
                    *self.bound.lock().expect("bound lock") =
                        Some(Bound { costs: self.fixed.clone(), strict: false });
                    self.level += 1;
                    if self.level >= self.levels.len() {
                        self.done = true;
                    } else {
                        self.start_level();
                    }
                    return Step::Model(m);
                }
            }
        }
    }

    /// Takes the core's least weight off its soft literals and adds the
    /// soft literals that count how many of them are true.
    fn relax(&mut self, s: &mut Solver, core: &[SLit]) {
        let in_core: Vec<SLit> = core.iter().map(|&a| !a).collect();
        let weight = |l: SLit, soft: &[(SLit, i64)]| soft.iter().find(|x| x.0 == l).map_or(0, |x| x.1);
        let wmin = in_core.iter().map(|&l| weight(l, &self.soft)).filter(|&w| w > 0).min().unwrap_or(0);
        if wmin == 0 {
            return;
        }
        for (l, w) in self.soft.iter_mut() {
            if in_core.contains(l) {
                *w -= wmin;
            }
        }
        // an output "at least k" in the core: "at least k + 1" becomes soft
        let mut new_soft = Vec::new();
        for &l in &in_core {
            if let Some(o) = self.outputs.get(&l) {
                let (inputs, k) = (o.inputs.clone(), o.k + 1);
                if k <= inputs.iter().map(|x| x.1).sum::<i64>() {
                    new_soft.push((inputs, k));
                }
            }
        }
        // the core itself: one of it holds; "at least 2" costs wmin more
        if in_core.len() > 1 {
            new_soft.push((in_core.iter().map(|&l| (l, 1)).collect(), 2));
        }
        for (inputs, k) in new_soft {
            match s.weight_literal(k, &inputs) {
                Ok(o) => {
                    if let Some(x) = self.soft.iter_mut().find(|x| x.0 == o) {
                        x.1 += wmin;
                    } else {
                        self.soft.push((o, wmin));
                        self.outputs.insert(o, Output { inputs, k });
                    }
                }
                Err(_) => {} // never or always true: nothing to relax (always true cannot happen below the optimum)
            }
        }
        self.soft.retain(|&(_, w)| w > 0);
    }
}
