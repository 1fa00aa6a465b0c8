//! Python observers (clingo's `register_observer`): what `minasp::observe`
//! tells an observer is kept as calls to make, and the Python control makes
//! them when the call that told them returns.
//!
//! Invariant: each call is `(observer, method, arguments)`, the observer's
//! index in the order of registration and the method of clingo's `Observer`
//! interface; nothing is called into Python while the control is in use, so
//! an observer may use the control (read its atoms, open a backend) as a
//! clingo observer may.

use crate::Symbol;
use minasp::observe::Observer;
use minasp::program::{External, Modifier};
use minasp::Value;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::{Arc, Mutex};

/// The calls to make, in order.
pub type Calls = Arc<Mutex<Vec<(usize, &'static str, Py<PyTuple>)>>>;

/// An observer written in Python, by its index.
pub struct PyObserver {
    /// The observer's index (its registration's).
    pub index: usize,
    /// Where its calls go.
    pub calls: Calls,
}

impl PyObserver {
    /// Keeps the call of `method` with the arguments `make` builds.
    fn call<A>(&self, method: &'static str, make: impl FnOnce() -> A)
    where
        A: for<'py> IntoPyObject<'py, Target = PyTuple, Output = Bound<'py, PyTuple>>,
    {
        Python::with_gil(|py| {
            let Ok(args) = make().into_pyobject(py) else { return };
            if let Ok(mut calls) = self.calls.lock() {
                calls.push((self.index, method, args.unbind()));
            }
        });
    }
}

fn external_code(v: External) -> u8 {
    minasp::aspif::write::external_code(v) as u8
}

impl Observer for PyObserver {
    fn init_program(&mut self, incremental: bool) {
        self.call("init_program", || (incremental,));
    }
    fn begin_step(&mut self) {
        self.call("begin_step", || ());
    }
    fn rule(&mut self, choice: bool, head: &[u32], body: &[i32]) {
        self.call("rule", || (choice, head.to_vec(), body.to_vec()));
    }
    fn weight_rule(&mut self, choice: bool, head: &[u32], lower: i64, body: &[(i32, i64)]) {
        self.call("weight_rule", || (choice, head.to_vec(), lower, body.to_vec()));
    }
    fn minimize(&mut self, priority: i64, literals: &[(i32, i64)]) {
        self.call("minimize", || (priority, literals.to_vec()));
    }
    fn project(&mut self, atoms: &[u32]) {
        self.call("project", || (atoms.to_vec(),));
    }
    fn output_atom(&mut self, symbol: &Value, atom: u32) {
        self.call("output_atom", || (Symbol(symbol.clone()), atom));
    }
    fn output_term(&mut self, symbol: &Value, condition: &[i32]) {
        self.call("output_term", || (Symbol(symbol.clone()), condition.to_vec()));
    }
    fn external(&mut self, atom: u32, value: External) {
        self.call("external", || (atom, external_code(value)));
    }
    fn assume(&mut self, literals: &[i32]) {
        self.call("assume", || (literals.to_vec(),));
    }
    fn heuristic(&mut self, atom: u32, modifier: Modifier, bias: i64, priority: i64, condition: &[i32]) {
        self.call("heuristic", || (atom, modifier.code(), bias, priority, condition.to_vec()));
    }
    fn acyc_edge(&mut self, from: u32, to: u32, condition: &[i32]) {
        self.call("acyc_edge", || (from, to, condition.to_vec()));
    }
    fn end_step(&mut self) {
        self.call("end_step", || ());
    }
}
