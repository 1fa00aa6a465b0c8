//! Python propagators (clingo's `register_propagator`): a Python object
//! whose `init`, `propagate`, `undo` and `check` the search calls, through
//! `minasp::solver::external`.
//!
//! Invariant: the objects a call hands to Python (`PropagateControl`,
//! `Assignment`, the init's core) point at the solver's state only for
//! the length of the call, under the GIL; the pointer is cleared before
//! the call returns, and a use afterwards is a `RuntimeError`, never a
//! read of freed memory. The first exception a method raises is kept for
//! the solve to raise, and interrupts the search.

use minasp::solver::external::{CheckMode, PropagateControl as Ctl, PropagateInit, UserPropagator, View};
use minasp::solver::Assignment as Values;
use minasp::Interrupter;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};

/// A pointer valid during one call into Python.
struct Slot<T>(AtomicPtr<T>);

impl<T> Slot<T> {
    fn new(p: *mut T) -> Slot<T> {
        Slot(AtomicPtr::new(p))
    }

    fn clear(&self) {
        self.0.store(std::ptr::null_mut(), Ordering::Release);
    }

    fn get(&self) -> PyResult<*mut T> {
        let p = self.0.load(Ordering::Acquire);
        match p.is_null() {
            true => Err(PyRuntimeError::new_err("a propagator's argument is used after its call returned")),
            false => Ok(p),
        }
    }
}

/// The solver's assignment, during a propagator call.
#[pyclass(module = "minasp", name = "Assignment", frozen)]
pub struct Assignment(Slot<Values>);

impl Assignment {
    fn with<R>(&self, f: impl FnOnce(&View<'_>) -> R) -> PyResult<R> {
        // SAFETY: the pointer is set only while the call it was made for
        // runs (see the module invariant), and only read under the GIL; the
        // solver's assignment is not changed while the call runs.
        let values: &Values = unsafe { &*self.0.get()? };
        Ok(f(&View::new(values)))
    }
}

#[pymethods]
impl Assignment {
    /// `True`, `False` or `None` (unassigned).
    fn value(&self, literal: i32) -> PyResult<Option<bool>> {
        self.with(|a| a.value(literal))
    }
    fn is_true(&self, literal: i32) -> PyResult<bool> {
        self.with(|a| a.value(literal) == Some(true))
    }
    fn is_false(&self, literal: i32) -> PyResult<bool> {
        self.with(|a| a.value(literal) == Some(false))
    }
    fn is_free(&self, literal: i32) -> PyResult<bool> {
        self.with(|a| a.value(literal).is_none())
    }
    fn is_fixed(&self, literal: i32) -> PyResult<bool> {
        self.with(|a| a.level(literal) == Some(0))
    }
    fn level(&self, literal: i32) -> PyResult<u32> {
        self.with(|a| a.level(literal).unwrap_or(u32::MAX))
    }
    fn has_literal(&self, literal: i32) -> PyResult<bool> {
        self.with(|a| a.has_literal(literal))
    }
    fn decision(&self, level: u32) -> PyResult<i32> {
        self.with(|a| a.decision(level))?
            .ok_or_else(|| PyRuntimeError::new_err(format!("no decision level {level}")))
    }
    #[getter]
    fn decision_level(&self) -> PyResult<u32> {
        self.with(|a| a.decision_level())
    }
    #[getter]
    fn root_level(&self) -> u32 {
        0
    }
    #[getter]
    fn is_total(&self) -> PyResult<bool> {
        self.with(|a| a.is_total())
    }
    #[getter]
    fn has_conflict(&self) -> bool {
        false
    }
    #[getter]
    fn size(&self) -> PyResult<usize> {
        self.with(|a| a.size())
    }
    #[getter]
    fn trail(&self) -> PyResult<Vec<i32>> {
        self.with(|a| a.trail())
    }
    fn __len__(&self) -> PyResult<usize> {
        self.size()
    }
}

/// What a propagator may do during the search (clingo's `PropagateControl`).
#[pyclass(module = "minasp", name = "PropagateControl", frozen)]
pub struct PropagateControl {
    ctl: Slot<Ctl<'static>>,
    assignment: Py<Assignment>,
}

impl PropagateControl {
    fn with<R>(&self, f: impl FnOnce(&mut Ctl<'_>) -> R) -> PyResult<R> {
        // SAFETY: as `Assignment::with`; the control is borrowed by no one
        // else while the call runs (its caller waits for it).
        Ok(f(unsafe { &mut *self.ctl.get()? }))
    }
}

fn unknown(n: i32) -> PyErr {
    PyRuntimeError::new_err(format!("invalid solver literal: {n}"))
}

#[pymethods]
impl PropagateControl {
    /// Adds a clause; `False` if it is a conflict (return at once then).
    #[pyo3(signature = (clause, tag = false, lock = false))]
    fn add_clause(&self, clause: Vec<i32>, tag: bool, lock: bool) -> PyResult<bool> {
        let _ = (tag, lock);
        self.with(|c| c.add_clause(&clause))?.map_err(unknown)
    }
    /// Adds a nogood (the clause of its negated literals).
    #[pyo3(signature = (nogood, tag = false, lock = false))]
    fn add_nogood(&self, nogood: Vec<i32>, tag: bool, lock: bool) -> PyResult<bool> {
        let clause: Vec<i32> = nogood.iter().map(|l| -l).collect();
        self.add_clause(clause, tag, lock)
    }
    /// `False` if a clause added in this call is a conflict (the clauses
    /// take effect when the call returns).
    fn propagate(&self) -> PyResult<bool> {
        self.with(|c| c.propagate())
    }
    fn add_watch(&self, literal: i32) -> PyResult<()> {
        self.with(|c| c.add_watch(literal))?.map_err(unknown)
    }
    fn remove_watch(&self, literal: i32) -> PyResult<()> {
        self.with(|c| c.remove_watch(literal))
    }
    fn has_watch(&self, literal: i32) -> PyResult<bool> {
        self.with(|c| c.has_watch(literal))
    }
    fn add_literal(&self) -> PyResult<i32> {
        Err(PyRuntimeError::new_err("minasp: a propagator cannot add variables"))
    }
    #[getter]
    fn assignment(&self, py: Python<'_>) -> Py<Assignment> {
        self.assignment.clone_ref(py)
    }
    #[getter]
    fn thread_id(&self) -> u32 {
        0
    }
}

/// The Rust side of `minasp.PropagateInit` (the Python class adds the
/// symbolic atoms and the check mode's enumeration).
#[pyclass(module = "minasp._minasp", frozen)]
pub struct InitCore {
    init: Slot<PropagateInit<'static>>,
    assignment: Py<Assignment>,
}

impl InitCore {
    fn with<R>(&self, f: impl FnOnce(&mut PropagateInit<'_>) -> R) -> PyResult<R> {
        // SAFETY: as `PropagateControl::with`.
        Ok(f(unsafe { &mut *self.init.get()? }))
    }
}

#[pymethods]
impl InitCore {
    fn solver_literal(&self, literal: i32) -> PyResult<i32> {
        self.with(|i| i.solver_literal(literal))?
            .ok_or_else(|| PyRuntimeError::new_err(format!("invalid program literal: {literal}")))
    }
    fn add_watch(&self, literal: i32) -> PyResult<()> {
        self.with(|i| i.add_watch(literal))?.map_err(unknown)
    }
    fn remove_watch(&self, literal: i32) -> PyResult<()> {
        self.with(|i| i.remove_watch(literal))
    }
    fn add_clause(&self, clause: Vec<i32>) -> PyResult<bool> {
        self.with(|i| i.add_clause(&clause))?.map_err(unknown)
    }
    /// clingo's numbers: 0 off, 1 total, 2 fixpoint, 3 both.
    fn get_check_mode(&self) -> PyResult<u8> {
        self.with(|i| match i.check_mode {
            CheckMode::Off => 0,
            CheckMode::Total => 1,
            CheckMode::Fixpoint => 2,
            CheckMode::Both => 3,
        })
    }
    fn set_check_mode(&self, mode: u8) -> PyResult<()> {
        let mode = match mode {
            0 => CheckMode::Off,
            1 => CheckMode::Total,
            2 => CheckMode::Fixpoint,
            _ => CheckMode::Both,
        };
        self.with(|i| i.check_mode = mode)
    }
    #[getter]
    fn assignment(&self, py: Python<'_>) -> Py<Assignment> {
        self.assignment.clone_ref(py)
    }
}

/// A Python propagator: `obj` is `minasp._PropagatorAdapter`, which has
/// all four methods and calls those the user's object has.
pub struct PyPropagator {
    pub obj: PyObject,
    /// The first exception a method raised.
    pub raised: Arc<Mutex<Option<PyErr>>>,
    /// Interrupts the search when a method raises.
    pub stop: Interrupter,
}

impl PyPropagator {
    /// Calls `method` with `args`; an exception is kept and stops the search.
    fn call<'py>(
        &self,
        py: Python<'py>,
        method: &str,
        args: impl IntoPyObject<'py, Target = pyo3::types::PyTuple>,
    ) {
        let stopped = self.raised.lock().map(|r| r.is_some()).unwrap_or(true);
        if stopped {
            return;
        }
        if let Err(e) = self.obj.call_method1(py, method, args) {
            if let Ok(mut slot) = self.raised.lock() {
                slot.get_or_insert(e);
            }
            self.stop.interrupt();
        }
    }

    fn assignment(py: Python<'_>, view: View<'_>) -> PyResult<Py<Assignment>> {
        let p = view.assignment() as *const Values as *mut Values;
        Py::new(py, Assignment(Slot::new(p)))
    }

    fn control(&self, py: Python<'_>, ctl: &mut Ctl<'_>) -> PyResult<Py<PropagateControl>> {
        let assignment = PyPropagator::assignment(py, ctl.assignment())?;
        let p = (ctl as *mut Ctl<'_>).cast::<Ctl<'static>>();
        Py::new(py, PropagateControl { ctl: Slot::new(p), assignment })
    }

    /// The call `c` was made for returned.
    fn done(c: &Py<PropagateControl>) {
        let c = c.get();
        c.ctl.clear();
        c.assignment.get().0.clear();
    }
}

impl UserPropagator for PyPropagator {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        Python::with_gil(|py| {
            let made = PyPropagator::assignment(py, init.assignment()).and_then(|assignment| {
                let p = (init as *mut PropagateInit<'_>).cast::<PropagateInit<'static>>();
                Py::new(py, InitCore { init: Slot::new(p), assignment })
            });
            match made {
                Ok(i) => {
                    self.call(py, "init", (i.clone_ref(py),));
                    i.get().init.clear();
                    i.get().assignment.get().0.clear();
                }
                Err(e) => self.fail(e),
            }
        })
    }

    fn propagate(&mut self, ctl: &mut Ctl<'_>, changes: &[i32]) {
        Python::with_gil(|py| match self.control(py, ctl) {
            Ok(c) => {
                self.call(py, "propagate", (c.clone_ref(py), changes.to_vec()));
                PyPropagator::done(&c);
            }
            Err(e) => self.fail(e),
        })
    }

    fn undo(&mut self, assignment: &View<'_>, changes: &[i32]) {
        Python::with_gil(|py| match PyPropagator::assignment(py, *assignment) {
            Ok(a) => {
                self.call(py, "undo", (0, a.clone_ref(py), changes.to_vec()));
                a.get().0.clear();
            }
            Err(e) => self.fail(e),
        })
    }

    fn check(&mut self, ctl: &mut Ctl<'_>) {
        Python::with_gil(|py| match self.control(py, ctl) {
            Ok(c) => {
                self.call(py, "check", (c.clone_ref(py),));
                PyPropagator::done(&c);
            }
            Err(e) => self.fail(e),
        })
    }
}

impl PyPropagator {
    fn fail(&self, e: PyErr) {
        if let Ok(mut slot) = self.raised.lock() {
            slot.get_or_insert(e);
        }
        self.stop.interrupt();
    }
}
