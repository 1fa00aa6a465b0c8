//! Propagators written outside the solver (what the Python module's
//! `register_propagator` stands on). The expected answers are clingo
//! 5.8.3's for the same propagators through its Python API
//! (`python/tests/scripts/propagator.py` prints them).

use crate::multishot::answers;
use minasp::solver::external::{CheckMode, PropagateControl, PropagateInit, UserPropagator, View};
use minasp::{Control, Options, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The program literals of the atoms of predicate `name`, with their arguments.
fn atoms_of(ctl: &Control, name: &str) -> Vec<(i32, Vec<Value>)> {
    ctl.symbolic_atoms()
        .into_iter()
        .filter_map(|a| match a.symbol {
            Value::Func { name: n, args, .. } if n == name => Some((a.atom.index() as i32 + 1, args)),
            _ => None,
        })
        .collect()
}

/// At most one pigeon per hole: watches `place(P,H)`, and a second
/// pigeon placed in a hole gets the clause that not both are.
struct Pigeon {
    /// Program literal and hole of each `place` atom.
    program: Vec<(i32, Value)>,
    hole_of: HashMap<i32, Value>,
    placed: HashMap<Value, i32>,
    undone: usize,
}

impl UserPropagator for Pigeon {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        for (lit, hole) in &self.program {
            let s = init.solver_literal(*lit).expect("an atom of the program");
            self.hole_of.insert(s, hole.clone());
            init.add_watch(s).unwrap();
        }
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[i32]) {
        for &l in changes {
            let hole = self.hole_of[&l].clone();
            match self.placed.get(&hole) {
                Some(&other) if other != l => {
                    if !ctl.add_clause(&[-l, -other]).unwrap() {
                        return;
                    }
                }
                _ => {
                    self.placed.insert(hole, l);
                }
            }
        }
    }

    fn undo(&mut self, _: &View<'_>, changes: &[i32]) {
        self.undone += 1;
        for l in changes {
            let hole = &self.hole_of[l];
            if self.placed.get(hole) == Some(l) {
                self.placed.remove(hole);
            }
        }
    }

    fn check(&mut self, _: &mut PropagateControl<'_>) {}
}

fn pigeons(n: u32) -> (bool, Vec<String>) {
    let mut ctl = Control::new(Options::default());
    ctl.add(
        "base",
        &format!("pigeon(1..{n}). hole(1..3). 1 {{ place(P,H) : hole(H) }} 1 :- pigeon(P). #show place/2."),
    );
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    let program = atoms_of(&ctl, "place").into_iter().map(|(l, args)| (l, args[1].clone())).collect();
    let p =
        Arc::new(Mutex::new(Pigeon { program, hole_of: HashMap::new(), placed: HashMap::new(), undone: 0 }));
    ctl.register_propagator(p.clone());
    let found = answers(&mut ctl, &[]);
    assert!(p.lock().unwrap().undone > 0 || n < 3, "the search backtracked over the propagator's literals");
    found
}

#[test]
fn a_propagator_adds_the_clauses_the_program_lacks() {
    let (sat, models) = pigeons(3);
    assert!(sat);
    assert_eq!(models.len(), 6, "{models:?}");
    assert_eq!(models[0], "place(1,1) place(2,2) place(3,3)");
    assert_eq!(pigeons(4), (false, vec![]));
}

/// Only total assignments with an even number of items: checked, not propagated.
struct Even {
    program: Vec<i32>,
    items: Vec<i32>,
}

impl UserPropagator for Even {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        self.items = self.program.iter().map(|&l| init.solver_literal(l).unwrap()).collect();
        init.check_mode = CheckMode::Total;
    }
    fn propagate(&mut self, _: &mut PropagateControl<'_>, _: &[i32]) {}
    fn undo(&mut self, _: &View<'_>, _: &[i32]) {}
    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let a = ctl.assignment();
        assert!(a.is_total());
        let true_: Vec<i32> = self.items.iter().copied().filter(|&l| a.value(l) == Some(true)).collect();
        if true_.len() % 2 == 1 {
            let false_ = self.items.iter().copied().filter(|&l| a.value(l) == Some(false));
            let clause: Vec<i32> = true_.iter().map(|l| -l).chain(false_).collect();
            ctl.add_clause(&clause).unwrap();
        }
    }
}

#[test]
fn a_check_refutes_total_assignments() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "{ item(1..4) }. :- item(1), item(2).");
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    let program = atoms_of(&ctl, "item").into_iter().map(|(l, _)| l).collect();
    ctl.register_propagator(Arc::new(Mutex::new(Even { program, items: Vec::new() })));
    let (sat, models) = answers(&mut ctl, &[]);
    assert!(sat);
    assert_eq!(
        models,
        ["", "item(1) item(3)", "item(1) item(4)", "item(2) item(3)", "item(2) item(4)", "item(3) item(4)"]
    );
    // and again, in a second solve (init is called again)
    assert_eq!(answers(&mut ctl, &[]).1.len(), 6);
}

/// Watches every `p(X)`, and stops watching each once told of it: `undo`
/// must still tell of exactly the literals `propagate` told of (before,
/// it told of those still watched).
struct Forgetful {
    program: Vec<i32>,
    told: Vec<i32>,
    undone_untold: usize,
    undone: usize,
}

impl UserPropagator for Forgetful {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        for &l in &self.program {
            let s = init.solver_literal(l).unwrap();
            init.add_watch(s).unwrap();
            init.add_watch(-s).unwrap();
        }
    }
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[i32]) {
        for &l in changes {
            self.told.push(l);
            ctl.remove_watch(l);
        }
    }
    fn undo(&mut self, _: &View<'_>, changes: &[i32]) {
        for l in changes {
            self.undone += 1;
            match self.told.iter().rposition(|t| t == l) {
                Some(i) => {
                    self.told.remove(i);
                }
                None => self.undone_untold += 1,
            }
        }
    }
    fn check(&mut self, _: &mut PropagateControl<'_>) {}
}

#[test]
fn undo_tells_of_what_propagate_told_of() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "{ p(1..6) }. :- p(1), p(2), not p(3). :- 3 { p(X) }.");
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    let program = atoms_of(&ctl, "p").into_iter().map(|(l, _)| l).collect();
    let p = Arc::new(Mutex::new(Forgetful { program, told: Vec::new(), undone_untold: 0, undone: 0 }));
    ctl.register_propagator(p.clone());
    assert_eq!(answers(&mut ctl, &[]).1.len(), 21);
    let p = p.lock().unwrap();
    assert!(p.undone > 0);
    assert_eq!(p.undone_untold, 0);
}
