//! Python observers (clingo's `register_observer`): a Python object told
//! each statement of the ground program, through `minasp::observe`.
//!
//! Invariant: the object is a `minasp._ObserverAdapter`, which has every
//! method and passes on those the user's observer has; the first exception
//! a method raises is kept for the control to raise when the call that
//! told it returns, and nothing more is told after it.

use crate::Symbol;
use minasp::observe::Observer;
use minasp::program::{External, Modifier};
use minasp::Value;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// An observer written in Python.
pub struct PyObserver {
    /// The `_ObserverAdapter`.
    pub obj: PyObject,
    /// Where the first exception goes.
    pub raised: Arc<Mutex<Option<PyErr>>>,
}

impl PyObserver {
    /// Calls `method` with the arguments `make` builds, unless an earlier
    /// call raised.
    fn call<A>(&self, method: &str, make: impl FnOnce(Python<'_>) -> A)
    where
        A: for<'py> IntoPyObject<'py, Target = pyo3::types::PyTuple>,
    {
        Python::with_gil(|py| {
            let Ok(mut raised) = self.raised.lock() else { return };
            if raised.is_some() {
                return;
            }
            if let Err(e) = self.obj.call_method1(py, method, make(py)) {
                *raised = Some(e);
            }
        });
    }
}

fn external_code(v: External) -> u8 {
    minasp::aspif::write::external_code(v) as u8
}

impl Observer for PyObserver {
    fn init_program(&mut self, incremental: bool) {
        self.call("init_program", |_| (incremental,));
    }
    fn begin_step(&mut self) {
        self.call("begin_step", |_| ());
    }
    fn rule(&mut self, choice: bool, head: &[u32], body: &[i32]) {
        self.call("rule", |_| (choice, head.to_vec(), body.to_vec()));
    }
    fn weight_rule(&mut self, choice: bool, head: &[u32], lower: i64, body: &[(i32, i64)]) {
        self.call("weight_rule", |_| (choice, head.to_vec(), lower, body.to_vec()));
    }
    fn minimize(&mut self, priority: i64, literals: &[(i32, i64)]) {
        self.call("minimize", |_| (priority, literals.to_vec()));
    }
    fn project(&mut self, atoms: &[u32]) {
        self.call("project", |_| (atoms.to_vec(),));
    }
    fn output_atom(&mut self, symbol: &Value, atom: u32) {
        self.call("output_atom", |_| (Symbol(symbol.clone()), atom));
    }
    fn output_term(&mut self, symbol: &Value, condition: &[i32]) {
        self.call("output_term", |_| (Symbol(symbol.clone()), condition.to_vec()));
    }
    fn external(&mut self, atom: u32, value: External) {
        self.call("external", |_| (atom, external_code(value)));
    }
    fn assume(&mut self, literals: &[i32]) {
        self.call("assume", |_| (literals.to_vec(),));
    }
    fn heuristic(&mut self, atom: u32, modifier: Modifier, bias: i64, priority: i64, condition: &[i32]) {
        self.call("heuristic", |_| (atom, modifier.code(), bias, priority, condition.to_vec()));
    }
    fn acyc_edge(&mut self, from: u32, to: u32, condition: &[i32]) {
        self.call("acyc_edge", |_| (from, to, condition.to_vec()));
    }
    fn end_step(&mut self) {
        self.call("end_step", |_| ());
    }
}
