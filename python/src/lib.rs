//! The native half of the `minasp` Python package: clingo's `Symbol` and
//! a thin core over the library's [`minasp::Control`]; the Python half
//! (`minasp/__init__.py`) shapes the rest of clingo's API over it.
//!
//! Invariants: symbols are [`minasp::Value`]s, so their order, hash and
//! text are the library's (clingo's); grounding and solving run with the
//! GIL released, and a solve waiting for its next model still answers
//! Ctrl-C (the signal interrupts the search, then `KeyboardInterrupt`
//! is raised).

mod observer;
mod propagator;

use minasp::cli::Cli;
use minasp::diagnostics::{Admit, Diagnostic, InfoClass, Level, MessageLimit};
use minasp::program::{Atom, External, Lit};
use minasp::{Control, Interrupter, Value};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// A ground term (clingo's `Symbol`).
#[pyclass(module = "minasp", name = "Symbol", frozen)]
#[derive(Clone)]
struct Symbol(Value);

fn symbol_type(py: Python<'_>, name: &str) -> PyResult<PyObject> {
    Ok(py.import("minasp")?.getattr("SymbolType")?.getattr(name)?.unbind())
}

fn unexpected() -> PyErr {
    PyRuntimeError::new_err("unexpected")
}

#[pymethods]
impl Symbol {
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match &self.0 {
            Value::Inf => "Infimum".into(),
            Value::Sup => "Supremum".into(),
            Value::Int(i) => format!("Number({i})"),
            Value::Str(s) => format!("String({})", PyString::new(py, s).repr()?),
            Value::Func { name, args, neg } => {
                let args: Vec<String> =
                    args.iter().map(|a| Symbol(a.clone()).__repr__(py)).collect::<PyResult<_>>()?;
                format!(
                    "Function({}, [{}], {})",
                    PyString::new(py, name).repr()?,
                    args.join(", "),
                    if *neg { "False" } else { "True" }
                )
            }
        })
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> PyObject {
        let py = other.py();
        match other.downcast::<Symbol>() {
            Ok(o) => pyo3::types::PyBool::new(py, op.matches(self.0.cmp(&o.get().0)))
                .to_owned()
                .into_any()
                .unbind(),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    #[getter]
    fn name(&self) -> PyResult<String> {
        match &self.0 {
            Value::Func { name, .. } => Ok(name.clone()),
            _ => Err(unexpected()),
        }
    }

    #[getter]
    fn arguments(&self) -> Vec<Symbol> {
        match &self.0 {
            Value::Func { args, .. } => args.iter().cloned().map(Symbol).collect(),
            _ => Vec::new(),
        }
    }

    #[getter]
    fn number(&self) -> PyResult<i32> {
        match &self.0 {
            Value::Int(i) => Ok(*i),
            _ => Err(unexpected()),
        }
    }

    #[getter]
    fn string(&self) -> PyResult<String> {
        match &self.0 {
            Value::Str(s) => Ok(s.clone()),
            _ => Err(unexpected()),
        }
    }

    #[getter]
    fn positive(&self) -> PyResult<bool> {
        match &self.0 {
            Value::Func { neg, .. } => Ok(!neg),
            _ => Err(unexpected()),
        }
    }

    #[getter]
    fn negative(&self) -> PyResult<bool> {
        self.positive().map(|p| !p)
    }

    #[getter]
    fn r#type(&self, py: Python<'_>) -> PyResult<PyObject> {
        symbol_type(
            py,
            match &self.0 {
                Value::Inf => "Infimum",
                Value::Sup => "Supremum",
                Value::Int(_) => "Number",
                Value::Str(_) => "String",
                Value::Func { .. } => "Function",
            },
        )
    }

    /// Is it a function with this name, arity and sign?
    #[pyo3(name = "match", signature = (name, arity, positive = true))]
    fn matches(&self, name: &str, arity: usize, positive: bool) -> bool {
        matches!(&self.0, Value::Func { name: n, args, neg } if n == name && args.len() == arity && *neg != positive)
    }
}

#[pyfunction]
#[pyo3(name = "Function", signature = (name, arguments = Vec::new(), positive = true))]
fn function(name: &str, arguments: Vec<Symbol>, positive: bool) -> Symbol {
    Symbol(Value::Func {
        name: name.to_string(),
        args: arguments.into_iter().map(|s| s.0).collect(),
        neg: !positive,
    })
}

#[pyfunction]
#[pyo3(name = "Number")]
fn number(n: &Bound<'_, PyAny>) -> PyResult<Symbol> {
    let n: i64 = n.extract()?;
    i32::try_from(n)
        .map(|i| Symbol(Value::Int(i)))
        .map_err(|_| PyOverflowError::new_err(format!("integer {n} does not fit '32-bit int'")))
}

#[pyfunction]
#[pyo3(name = "String")]
fn string(s: &str) -> Symbol {
    Symbol(Value::Str(s.to_string()))
}

#[pyfunction]
#[pyo3(name = "Tuple_")]
fn tuple(arguments: Vec<Symbol>) -> Symbol {
    function("", arguments, true)
}

/// The result word and the summary lines as minasp's command line prints
/// them (for `clingo_main`): `word` the result word, `stop` the label of a
/// stop (`INTERRUPTED`, `TIME LIMIT`), `consequences` `(kind, complete,
/// lower)`, `optimization` `(proven, optimal models, costs)`, times in
/// seconds.
#[pyfunction]
#[pyo3(signature = (word, models, more, stop, consequences, optimization, calls, times))]
#[allow(clippy::too_many_arguments)]
fn summary_text(
    word: &str,
    models: u64,
    more: bool,
    stop: Option<&str>,
    consequences: Option<(String, bool, usize)>,
    optimization: Option<(bool, u64, Vec<i64>)>,
    calls: u64,
    times: (f64, f64, f64, f64),
) -> PyResult<String> {
    use minasp::report::{ConsSummary, OptSummary, Result as Outcome, Stop, Summary};
    use std::time::Duration;
    let result = match word {
        "SATISFIABLE" => Outcome::Satisfiable,
        "OPTIMUM FOUND" => Outcome::Optimum,
        "UNSATISFIABLE" => Outcome::Unsatisfiable,
        _ => Outcome::Unknown,
    };
    let seconds = |t: f64| Duration::from_secs_f64(t.max(0.0));
    let summary = Summary {
        models,
        more,
        interrupted: match stop {
            Some("TIME LIMIT") => Some(Stop::TimeLimit),
            Some(_) => Some(Stop::Interrupted),
            None => None,
        },
        total: seconds(times.0),
        solving: seconds(times.1),
        first_model: seconds(times.2),
        unsat: Duration::ZERO,
        cpu: seconds(times.3),
        threads: None,
        optimization: optimization.map(|(proven, optimal, costs)| OptSummary {
            proven,
            optimal,
            costs: Some(costs),
        }),
        consequences: consequences.map(|(kind, complete, lower)| ConsSummary {
            kind: if kind == "Brave" { "Brave" } else { "Cautious" },
            complete,
            lower,
            upper: lower,
        }),
        stats: Vec::new(),
        calls,
    };
    let mut out = Vec::new();
    minasp::output::summary(&mut out, result, &summary)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The command line's options as `--help` lists them (for `clingo_main`).
#[pyfunction]
fn options_help() -> String {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let help = command.render_long_help().to_string();
    // from the options on: the usage line is the application's
    help.find("Options:").map_or(help.clone(), |i| help[i..].to_string())
}

/// clingo's `parse_term`: the text parsed and evaluated.
#[pyfunction]
#[pyo3(signature = (string, logger = None, message_limit = 20))]
fn parse_term(string: &str, logger: Option<PyObject>, message_limit: u32) -> PyResult<Symbol> {
    let _ = (logger, message_limit);
    Value::parse(string).map(Symbol).ok_or_else(|| PyRuntimeError::new_err("parsing failed"))
}

/// clingo's message for a command-line error (clap's error, reworded).
fn argument_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |k: ContextKind| match e.get(k) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => String::new(),
    };
    let option = |arg: String| {
        let arg = arg.split_whitespace().next().unwrap_or("").trim_start_matches('-').to_string();
        arg.split('=').next().unwrap_or("").to_string()
    };
    let text = match e.kind() {
        ErrorKind::UnknownArgument => {
            format!("unknown option: '{}'", option(context(ContextKind::InvalidArg)))
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => format!(
            "'{}' invalid value for: '{}'",
            context(ContextKind::InvalidValue),
            option(context(ContextKind::InvalidArg))
        ),
        _ => e.to_string().lines().next().unwrap_or("").trim_start_matches("error: ").to_string(),
    };
    format!("In context '<libclingo>': {text}")
}

/// clingo's `MessageCode` of a diagnostic (the Python enum's values).
fn message_code(d: &Diagnostic) -> u8 {
    if d.is_error() {
        return 1;
    }
    match d.class {
        Some(InfoClass::OperationUndefined) => 0,
        Some(InfoClass::AtomUndefined) => 2,
        Some(InfoClass::FileIncluded) => 3,
        Some(InfoClass::VariableUnbounded) => 4,
        Some(InfoClass::GlobalVariable) => 5,
        _ => 6,
    }
}

/// Where a control's messages go, as clingo's: to the logger given, or
/// to stderr, at most `message_limit` of them (see [`MessageLimit`]).
struct Messages {
    logger: Option<PyObject>,
    limit: MessageLimit,
    /// Diagnostics of the control looked at so far.
    seen: usize,
}

impl Messages {
    /// Writes one message (`text` as rendered for stderr) if the limit allows.
    fn emit(&mut self, level: Level, code: u8, text: &str) {
        if self.limit.stopped() || self.limit.admit(level) != Admit::Write {
            return;
        }
        match &self.logger {
            // the logger gets the message without the blank line after it
            Some(logger) => Python::with_gil(|py| {
                let text = text.strip_suffix('\n').unwrap_or(text);
                if let Err(e) = logger.call1(py, (code, text)) {
                    e.print(py);
                }
            }),
            None => eprint!("{text}"),
        }
    }

    /// Writes the control's diagnostics not looked at yet.
    fn flush(&mut self, ctl: &Control, cli: &Cli) {
        for d in &ctl.diagnostics()[self.seen..] {
            if !cli.silenced(d) {
                self.emit(d.level, message_code(d), &ctl.render(d));
            }
        }
        self.seen = ctl.diagnostics().len();
    }

    /// The error to raise for a failure that says `msg`.
    fn error(&self, msg: impl Into<String>) -> PyErr {
        PyRuntimeError::new_err(if self.limit.stopped() {
            "too many messages.".to_string()
        } else {
            msg.into()
        })
    }
}

/// A grounding context: `@f(..)` calls its method `f` with the arguments'
/// symbols; it returns a symbol or an iterable of symbols.  The first
/// exception it raises is kept, to be raised by `ground`.
struct Context {
    obj: PyObject,
    raised: Mutex<Option<PyErr>>,
}

impl minasp::Functions for Context {
    fn call(&self, name: &str, args: &[Value]) -> Result<Vec<Value>, String> {
        Python::with_gil(|py| {
            let result = (|| -> PyResult<Vec<Value>> {
                let args = PyTuple::new(py, args.iter().cloned().map(Symbol))?;
                let r = self.obj.bind(py).getattr(name)?.call1(args)?;
                if let Ok(s) = r.downcast::<Symbol>() {
                    return Ok(vec![s.get().0.clone()]);
                }
                let mut out = Vec::new();
                for item in r.try_iter()? {
                    let item = item?;
                    match item.downcast::<Symbol>() {
                        Ok(s) => out.push(s.get().0.clone()),
                        Err(_) => {
                            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                                "function '{}' returned {}, not a Symbol",
                                name,
                                item.get_type().name()?
                            )))
                        }
                    }
                }
                Ok(out)
            })();
            result.map_err(|e| {
                let message = e.to_string();
                if let Ok(mut slot) = self.raised.lock() {
                    slot.get_or_insert(e);
                }
                message
            })
        })
    }
}

/// The core of `minasp.Control`.
#[pyclass(module = "minasp._minasp")]
struct Core {
    ctl: Control,
    cli: Cli,
    /// Where the messages go, and how many went.
    messages: Messages,
    /// The model limit of the arguments (clingo's `solve.models`).
    models: Option<u64>,
    /// A text did not parse: as clingo's control, every later `add`,
    /// `load` and `ground` fails.
    failed: bool,
    /// An open backend (`Control.backend()`), which holds the program:
    /// closed by the first use of the control that is no backend
    /// statement.
    backend: Option<minasp::Backend>,
    /// The first exception a registered propagator raised, for the solve
    /// to raise.
    propagator_error: std::sync::Arc<Mutex<Option<PyErr>>>,
    /// What the registered observers were told, not yet passed on.
    observed: observer::Calls,
    /// How many observers are registered.
    observers: usize,
}

impl Core {
    /// Closes an open backend: its statements join the program before
    /// anything else uses the control.
    fn settle(&mut self) {
        if let Some(b) = self.backend.take() {
            self.ctl.close_backend(b);
        }
    }

    /// The open backend, opened if none is.
    fn backend(&mut self) -> PyResult<&mut minasp::Backend> {
        if self.backend.is_none() {
            let b = self.ctl.open_backend().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            self.backend = Some(b);
        }
        Ok(self.backend.as_mut().expect("opened"))
    }

    /// Adds `text` (named `name`) to a part, or fails as clingo does.
    fn add_text(&mut self, part: &str, params: &[String], name: &str, text: &str) -> PyResult<()> {
        let errors = self.ctl.syntax_errors(name, text);
        // as clingo: once a program failed, every later one is refused, a
        // bad one with its own messages
        if self.failed && errors.is_empty() {
            return Err(PyRuntimeError::new_err("parsing failed"));
        }
        if !errors.is_empty() {
            for e in errors {
                self.messages.emit(Level::Error, 1, &e);
            }
            self.failed = true;
            return Err(self.messages.error("parsing failed"));
        }
        self.ctl.add_to_part(part, params, name, text);
        Ok(())
    }
}

/// Stops grounding or solving from any thread (clingo's `Control.interrupt`).
#[pyclass(module = "minasp._minasp", frozen)]
struct Stop(Interrupter);

#[pymethods]
impl Stop {
    fn interrupt(&self) {
        self.0.interrupt();
    }
}

fn sym_list(py: Python<'_>, values: Vec<Value>) -> PyResult<Bound<'_, PyList>> {
    PyList::new(py, values.into_iter().map(Symbol))
}

/// A backend's refusal, as clingo raises it.
fn backend_error(e: minasp::BackendError) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// The program literal `l` (an atom's number, negative for its negation).
fn lit(l: i64) -> PyResult<Lit> {
    match u32::try_from(l.unsigned_abs()) {
        Ok(n) if n > 0 => Ok(Lit::new(Atom(n - 1), l > 0)),
        _ => Err(PyRuntimeError::new_err(format!("invalid literal: {l}"))),
    }
}

fn lits(ls: &[i64]) -> PyResult<Vec<Lit>> {
    ls.iter().map(|&l| lit(l)).collect()
}

/// Program atoms: positive literals.
fn atoms(ls: &[i64]) -> PyResult<Vec<Atom>> {
    ls.iter()
        .map(|&l| match l > 0 {
            true => lit(l).map(|l| l.atom()),
            false => Err(PyRuntimeError::new_err(format!("invalid atom: {l}"))),
        })
        .collect()
}

fn weighted(ls: &[(i64, i32)]) -> PyResult<Vec<(Lit, i64)>> {
    ls.iter().map(|&(l, w)| Ok((lit(l)?, w.into()))).collect()
}

#[pymethods]
impl Core {
    #[new]
    #[pyo3(signature = (arguments, logger = None, message_limit = MessageLimit::DEFAULT))]
    fn new(arguments: Vec<String>, logger: Option<PyObject>, message_limit: u32) -> PyResult<Core> {
        let mut messages = Messages { logger, limit: MessageLimit::new(message_limit), seen: 0 };
        let args = std::iter::once("clingo".to_string()).chain(arguments);
        let cli = Cli::parse_from_args(args).map_err(|e| PyRuntimeError::new_err(argument_error(&e)))?;
        let (models, _) = cli.models_and_inputs();
        let mut options = cli.options();
        // the Python API is clingo 5's: its language unless another is asked for
        options.dialect.get_or_insert(minasp::syntax::parse::Dialect::Clingo5);
        // a Control solves again and names every atom (Model.symbols(atoms=True))
        options.lean = false;
        let mut ctl = Control::new(options);
        for c in &cli.consts {
            ctl.add_const(c);
        }
        if ctl.diagnostics().iter().any(|d| d.is_error()) {
            messages.flush(&ctl, &cli);
            return Err(messages.error("parsing failed"));
        }
        Ok(Core {
            ctl,
            cli,
            messages,
            models,
            failed: false,
            backend: None,
            propagator_error: Default::default(),
            observed: Default::default(),
            observers: 0,
        })
    }

    /// The input files of the arguments (`clingo_main`'s files), as given.
    #[getter]
    fn inputs(&self) -> Vec<String> {
        self.cli.models_and_inputs().1
    }

    /// How the arguments ask a run to print (for `clingo_main`): `--outf`,
    /// `-V`, and `--quiet`'s levels for models and costs (0 all, 1 the
    /// last, 2 none).
    #[getter]
    fn printing(&self) -> (u8, u8, u8, u8) {
        let (m, c) = self.cli.quiet.unwrap_or((0, 0));
        (self.cli.outf, self.cli.verbose.unwrap_or(1), m, c)
    }

    /// The time limit of the arguments in seconds (`--time-limit`).
    #[getter]
    fn time_limit(&self) -> Option<u64> {
        self.cli.time_limit
    }

    /// The model limit given in the arguments (`None`: clingo's default).
    #[getter]
    fn models(&self) -> Option<u64> {
        self.models
    }

    /// An interrupter for this control.
    fn stop(&self) -> Stop {
        Stop(self.ctl.interrupter())
    }

    fn add(&mut self, part: &str, params: Vec<String>, program: &str) -> PyResult<()> {
        self.settle();
        self.add_text(part, &params, "<block>", program)
    }

    /// Reads the aspif files `paths` as the program (clingo's `load_aspif`,
    /// for a control with no program yet); a file given twice is read once.
    fn load_aspif(&mut self, paths: Vec<String>) -> PyResult<()> {
        self.settle();
        let mut seen = Vec::new();
        let mut programs = Vec::new();
        for path in paths {
            if seen.contains(&path) {
                let text = format!("<cmd>: warning: already included file:\n  {path}\n\n");
                self.messages.emit(Level::Warning, 3, &text);
                continue;
            }
            match std::fs::read(&path) {
                Ok(bytes) => programs.push(bytes),
                Err(_) => {
                    let text = format!("<cmd>: error: file could not be opened:\n  {path}\n\n");
                    self.messages.emit(Level::Error, 1, &text);
                    return Err(self.messages.error("parsing failed"));
                }
            }
            seen.push(path);
        }
        if programs.is_empty() {
            return Ok(());
        }
        let joined = minasp::aspif::join(&programs);
        self.ctl.load_ground(&joined).map_err(|e| PyRuntimeError::new_err(format!("reading aspif: {e}")))
    }

    fn load(&mut self, path: &str) -> PyResult<()> {
        self.settle();
        match std::fs::read(path) {
            Ok(bytes) => self.add_text("base", &[], path, &minasp::syntax::span::decode(bytes)),
            Err(_) => {
                let text = format!("<cmd>: error: file could not be opened:\n  {path}\n\n");
                self.messages.emit(Level::Error, 1, &text);
                self.failed = true;
                Err(self.messages.error("parsing failed"))
            }
        }
    }

    #[pyo3(signature = (parts, context = None))]
    fn ground(
        &mut self,
        py: Python<'_>,
        parts: Vec<(String, Vec<Symbol>)>,
        context: Option<PyObject>,
    ) -> PyResult<()> {
        self.settle();
        let parts: Vec<(String, Vec<Value>)> =
            parts.into_iter().map(|(n, args)| (n, args.into_iter().map(|s| s.0).collect())).collect();
        if self.failed {
            return Err(PyRuntimeError::new_err("grounding stopped because of errors"));
        }
        let context = context.map(|obj| std::sync::Arc::new(Context { obj, raised: Mutex::new(None) }));
        self.ctl.set_functions(context.clone().map(|c| c as std::sync::Arc<dyn minasp::Functions>));
        let ctl = &mut self.ctl;
        let result = py.allow_threads(|| ctl.ground_parts(&parts));
        self.ctl.set_functions(None);
        // a context's exception is raised as it is, as clingo raises it
        if let Some(e) = context.and_then(|c| c.raised.lock().ok()?.take()) {
            return Err(e);
        }
        self.messages.flush(&self.ctl, &self.cli);
        match result {
            Ok(()) => Ok(()),
            Err(minasp::Error::Interrupted) => Err(PyRuntimeError::new_err("grounding interrupted")),
            Err(e) => Err(self.messages.error(e.to_string())),
        }
    }

    /// `value`: `True`, `False`, `None` (free) or `"release"`.
    fn assign_external(&mut self, symbol: Symbol, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.settle();
        let v = if value.is_none() {
            External::Free
        } else if value.extract::<String>().is_ok_and(|s| s == "release") {
            External::Release
        } else if value.extract::<bool>()? {
            External::True
        } else {
            External::False
        };
        self.ctl.assign_external(&symbol.0, v);
        Ok(())
    }

    /// Every symbolic atom: `(symbol, literal, is_fact, is_external)`.
    fn symbolic_atoms<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.settle();
        self.ctl
            .symbolic_atoms()
            .into_iter()
            .map(|a| {
                let lit = a.atom.index() as i64 + 1;
                (Symbol(a.symbol), lit, a.fact, a.external).into_pyobject(py)
            })
            .collect()
    }

    /// Starts a search for at most `models` answer sets (0: all) under
    /// the assumptions `(symbol, truth)`.
    fn solve(&mut self, models: u64, assumptions: Vec<(Symbol, bool)>) -> PyResult<Search> {
        self.settle();
        let assumptions: Vec<(Value, bool)> = assumptions.into_iter().map(|(s, b)| (s.0, b)).collect();
        if self.ctl.grounding().is_none() {
            // as clingo: what is grounded so far, here nothing
            let grounded = self.ctl.ground_parts(&[]);
            self.messages.flush(&self.ctl, &self.cli);
            grounded.map_err(|e| self.messages.error(e.to_string()))?;
        }
        let stop = self.ctl.interrupter();
        stop.reset();
        // (an exception of an earlier solve that was never raised is dropped)
        if let Ok(mut e) = self.propagator_error.lock() {
            e.take();
        }
        let solve = self.ctl.solve_assuming(models, &assumptions);
        self.messages.flush(&self.ctl, &self.cli);
        let optimizing = self.ctl.optimizing();
        match solve {
            Ok(solve) => Ok(Search { solve: Mutex::new(Some(solve)), stop, optimizing, limit: models }),
            Err(e) => Err(self.messages.error(e.to_string())),
        }
    }

    /// A core of the assumptions of a solve that found no answer set:
    /// the indices of some that hold together in no answer set.
    fn core(&mut self, py: Python<'_>, assumptions: Vec<(Symbol, bool)>) -> PyResult<Vec<usize>> {
        self.settle();
        let assumptions: Vec<(Value, bool)> = assumptions.into_iter().map(|(s, b)| (s.0, b)).collect();
        let ctl = &mut self.ctl;
        let core = py.allow_threads(|| ctl.core(&assumptions));
        self.messages.flush(&self.ctl, &self.cli);
        core.map_err(|e| self.messages.error(e.to_string()))
    }

    /// The arguments read again with `settings` (`--name=value` each)
    /// after them give the options of the solves to come (clingo's
    /// `Control.configuration`); a setting they refuse is clingo's
    /// "could not set option value", and nothing changes.
    /// `arguments`: the control's own, less those the settings replace.
    fn configure(&mut self, arguments: Vec<String>, settings: Vec<String>) -> PyResult<()> {
        self.settle();
        let args = std::iter::once("clingo".to_string()).chain(arguments).chain(settings);
        let cli =
            Cli::parse_from_args(args).map_err(|_| PyRuntimeError::new_err("could not set option value"))?;
        let mut options = cli.options();
        options.dialect.get_or_insert(minasp::syntax::parse::Dialect::Clingo5);
        options.lean = false;
        self.ctl.set_options(options);
        // (`-c` constants are the control's, as when it was made)
        for c in &cli.consts {
            self.ctl.add_const(c);
        }
        self.cli = cli;
        Ok(())
    }

    /// The value of the constant `name`, if the program or the arguments define it.
    fn get_const(&mut self, name: &str) -> Option<Symbol> {
        self.settle();
        self.ctl.get_const(name).map(Symbol)
    }

    /// Drops the minimize statements grounded so far.
    fn remove_minimize(&mut self) {
        self.settle();
        self.ctl.remove_minimize();
    }

    /// Adds atoms to project on (clingo's `add_project`): the atoms of
    /// `symbols` the program has, and of the positive program literals
    /// `literals`; `replace`: instead of those projected on so far.
    fn add_project(&mut self, symbols: Vec<Symbol>, literals: Vec<i64>, replace: bool) -> PyResult<()> {
        self.settle();
        let mut atoms: Vec<Atom> = symbols.iter().filter_map(|s| self.ctl.atom_of(&s.0)).collect();
        for l in literals {
            if l > 0 {
                atoms.push(Atom(
                    u32::try_from(l - 1).map_err(|_| PyOverflowError::new_err("literal out of range"))?,
                ));
            }
        }
        if replace {
            self.ctl.replace_project(&atoms);
        } else {
            self.ctl.add_project(&atoms);
        }
        Ok(())
    }

    /// Projects on no atom (clingo's `remove_project`).
    fn remove_project(&mut self) -> PyResult<()> {
        self.settle();
        self.ctl.remove_project();
        Ok(())
    }

    /// The search would rank answer sets by costs.
    fn optimizing(&mut self) -> bool {
        self.settle();
        self.ctl.optimizing()
    }

    /// Adds a propagator to the solves from now on: `adapter` is a
    /// `minasp._PropagatorAdapter`.
    fn register_propagator(&mut self, adapter: PyObject) {
        self.settle();
        let p = propagator::PyPropagator {
            obj: adapter,
            raised: self.propagator_error.clone(),
            stop: self.ctl.interrupter(),
        };
        self.ctl.register_propagator(std::sync::Arc::new(Mutex::new(p)));
    }

    /// Adds an observer of the ground program; returns its index, by which
    /// [`Core::observed_calls`] names it.
    fn register_observer(&mut self) -> usize {
        self.settle();
        let index = self.observers;
        self.observers += 1;
        let o = observer::PyObserver { index, calls: self.observed.clone() };
        self.ctl.register_observer(Box::new(o));
        index
    }

    /// Tells the observers that the next solve, under the assumptions
    /// `(symbol, truth)`, ends the step (see `Control::end_step`).
    fn end_step(&mut self, assumptions: Vec<(Symbol, bool)>) {
        self.settle();
        let assumptions: Vec<(Value, bool)> = assumptions.into_iter().map(|(s, b)| (s.0, b)).collect();
        self.ctl.end_step(&assumptions);
    }

    /// The observers' calls to make (see `observer.rs`): `(observer, method, arguments)`.
    fn observed_calls(&self) -> Vec<(usize, &'static str, Py<PyTuple>)> {
        self.observed.lock().map(|mut c| std::mem::take(&mut *c)).unwrap_or_default()
    }

    /// Whether a propagator raised an exception not yet raised again.
    fn propagator_failed(&self) -> bool {
        self.propagator_error.lock().map(|e| e.is_some()).unwrap_or(false)
    }

    /// Raises the first exception a propagator raised since the last call.
    fn propagator_error(&self) -> PyResult<()> {
        match self.propagator_error.lock().ok().and_then(|mut e| e.take()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Closes the open backend, if any (`Backend.__exit__`).
    fn backend_close(&mut self) {
        self.settle();
    }

    /// The literal of the atom of `symbol` (made if new), or of a fresh
    /// atom (`None`).
    #[pyo3(signature = (symbol = None))]
    fn backend_add_atom(&mut self, symbol: Option<Symbol>) -> PyResult<i64> {
        let atom = self.backend()?.add_atom(symbol.as_ref().map(|s| &s.0)).map_err(backend_error)?;
        Ok(atom.index() as i64 + 1)
    }

    fn backend_add_rule(&mut self, head: Vec<i64>, body: Vec<i64>, choice: bool) -> PyResult<()> {
        let head = atoms(&head)?;
        let body = lits(&body)?;
        self.backend()?.add_rule(&head, &body, choice).map_err(backend_error)
    }

    fn backend_add_weight_rule(
        &mut self,
        head: Vec<i64>,
        lower: i32,
        body: Vec<(i64, i32)>,
        choice: bool,
    ) -> PyResult<()> {
        let head = atoms(&head)?;
        let body = weighted(&body)?;
        self.backend()?.add_weight_rule(&head, lower.into(), &body, choice).map_err(backend_error)
    }

    fn backend_add_minimize(&mut self, priority: i32, literals: Vec<(i64, i32)>) -> PyResult<()> {
        let lits = weighted(&literals)?;
        self.backend()?.add_minimize(priority.into(), &lits).map_err(backend_error)
    }

    /// `value`: `true`, `false`, `free` or `release`.
    fn backend_add_external(&mut self, atom: i64, value: &str) -> PyResult<()> {
        let atom = atoms(&[atom])?[0];
        let value = match value {
            "true" => External::True,
            "free" => External::Free,
            "release" => External::Release,
            _ => External::False,
        };
        self.backend()?.add_external(atom, value).map_err(backend_error)
    }

    fn backend_add_assume(&mut self, literals: Vec<i64>) -> PyResult<()> {
        let lits = lits(&literals)?;
        self.backend()?.add_assume(&lits).map_err(backend_error)
    }

    fn backend_add_project(&mut self, atoms_: Vec<i64>) -> PyResult<()> {
        let atoms = atoms(&atoms_)?;
        self.backend()?.add_project(&atoms).map_err(backend_error)
    }

    /// `kind`: clingo's `HeuristicType` by name (`Level`, `Sign`, `Factor`,
    /// `Init`, `True_`, `False_`).
    fn backend_add_heuristic(
        &mut self,
        atom: i64,
        kind: &str,
        bias: i32,
        priority: u32,
        condition: Vec<i64>,
    ) -> PyResult<()> {
        use minasp::program::Modifier;
        let modifier = match kind {
            "Level" => Modifier::Level,
            "Sign" => Modifier::Sign,
            "Factor" => Modifier::Factor,
            "Init" => Modifier::Init,
            "True_" => Modifier::True,
            "False_" => Modifier::False,
            _ => return Err(PyRuntimeError::new_err(format!("unknown heuristic type {kind}"))),
        };
        let atom = atoms(&[atom])?[0];
        let condition = lits(&condition)?;
        self.backend()?
            .add_heuristic(atom, modifier, bias.into(), priority.into(), &condition)
            .map_err(backend_error)
    }

    /// The enumeration mode's name (`auto`, `brave`, `cautious`).
    fn enum_mode(&self) -> &'static str {
        match self.ctl.options().enum_mode {
            minasp::enumerate::EnumMode::Brave => "brave",
            minasp::enumerate::EnumMode::Cautious => "cautious",
            _ => "auto",
        }
    }
}

/// Models found, optimal ones, the last costs, the optimum proven, and the
/// solver's counters by name.
type Summary = (u64, u64, Vec<i64>, bool, Vec<(&'static str, u64)>);

/// A running search (the core of `minasp.SolveHandle`).
#[pyclass(module = "minasp._minasp", frozen)]
struct Search {
    solve: Mutex<Option<minasp::Solve>>,
    stop: Interrupter,
    optimizing: bool,
    /// The model limit (0: none).
    limit: u64,
}

/// One answer set (the core of `minasp.Model`).
#[pyclass(module = "minasp._minasp", frozen)]
struct Answer(minasp::Model);

#[pymethods]
impl Answer {
    fn shown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        sym_list(py, self.0.shown_values())
    }
    fn atoms<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        sym_list(py, self.0.atom_values())
    }
    fn contains(&self, symbol: Symbol) -> bool {
        self.0.contains_value(&symbol.0)
    }
    /// Is the program literal `literal` (an atom's number, as the symbolic
    /// atoms give it, or its negation) true?  Not an atom's: false.
    fn is_true(&self, literal: i64) -> bool {
        let truth = self.0.truth();
        let index = literal.unsigned_abs() as usize;
        match index.checked_sub(1).and_then(|i| truth.get(i)) {
            Some(&t) => t == (literal > 0),
            None => false,
        }
    }
    fn priority(&self) -> Vec<i64> {
        self.0.priorities()
    }
    fn cost(&self) -> Vec<i64> {
        self.0.cost().to_vec()
    }
    /// Under `-e brave|cautious`: how many shown atoms are known
    /// consequences, and how many may be (`Consequences: [lo;hi]`).
    fn consequences(&self) -> Option<(usize, usize)> {
        self.0.consequences()
    }

    fn optimality_proven(&self) -> bool {
        self.0.optimality_proven()
    }
    fn number(&self) -> u64 {
        self.0.number()
    }
}

#[pymethods]
impl Search {
    /// The next answer set, `None` when the search is over.  The search
    /// runs on a worker thread with the GIL released; this thread checks
    /// for signals while it waits.
    fn next(&self, py: Python<'_>) -> PyResult<Option<Answer>> {
        let mut guard = self.solve.lock().unwrap_or_else(|e| e.into_inner());
        let Some(solve) = guard.as_mut() else { return Ok(None) };
        let stop = self.stop.clone();
        let (model, signal) = py.allow_threads(|| {
            std::thread::scope(|scope| {
                let (tx, rx) = mpsc::channel();
                scope.spawn(move || {
                    let _ = tx.send(solve.next());
                });
                let mut signal = None;
                loop {
                    match rx.recv_timeout(Duration::from_millis(50)) {
                        Ok(m) => return (m, signal),
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            if signal.is_none() {
                                if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                                    stop.interrupt();
                                    signal = Some(e);
                                }
                            }
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => return (None, signal),
                    }
                }
            })
        });
        if let Some(e) = signal {
            return Err(e);
        }
        Ok(model.map(Answer))
    }

    /// `(satisfiable, unsatisfiable, exhausted, interrupted)`; as
    /// clingo's API, a search that stopped at the model limit is not
    /// exhausted, even when no model was left.
    fn result(&self) -> (bool, bool, bool, bool) {
        let guard = self.solve.lock().unwrap_or_else(|e| e.into_inner());
        let Some(s) = guard.as_ref() else { return (false, false, false, false) };
        let r = s.result();
        let counted = match s.optimization() {
            Some(o) if o.mode == minasp::optimize::OptMode::OptN => o.optimal,
            _ => s.models(),
        };
        let at_limit = self.limit != 0 && counted >= self.limit;
        (r.satisfiable, r.unsatisfiable, r.exhausted && !at_limit, r.interrupted)
    }

    /// From now on in this search, only answer sets in which one of the
    /// program literals `literals` holds (`SolveControl.add_clause`); a
    /// literal of no atom is false.
    fn add_clause(&self, literals: Vec<i64>) {
        let mut guard = self.solve.lock().unwrap_or_else(|e| e.into_inner());
        let Some(solve) = guard.as_mut() else { return };
        let clause: Vec<Lit> = literals
            .iter()
            .filter_map(|&l| {
                let atom = l.unsigned_abs().checked_sub(1).and_then(|a| u32::try_from(a).ok())?;
                Some(Lit::new(Atom(atom), l > 0))
            })
            .collect();
        solve.add_clause(&clause);
    }

    /// Stops the search; the result stays as it is.
    fn cancel(&self) {
        self.stop.interrupt();
    }

    /// The summary's numbers: models found, optimal ones, the last
    /// costs, whether the optimum is proven; and the solver's counters.
    fn summary(&self) -> Summary {
        let guard = self.solve.lock().unwrap_or_else(|e| e.into_inner());
        let Some(s) = guard.as_ref() else { return (0, 0, Vec::new(), false, Vec::new()) };
        let opt = s.optimization().filter(|_| self.optimizing);
        (
            s.models(),
            opt.as_ref().map_or(0, |o| o.optimal),
            opt.as_ref().map_or(Vec::new(), |o| o.costs.clone()),
            opt.is_some_and(|o| o.proven),
            s.stats().named(),
        )
    }
}

#[pymodule]
fn _minasp(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Symbol>()?;
    m.add_class::<Core>()?;
    m.add_class::<Search>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Stop>()?;
    m.add_class::<propagator::Assignment>()?;
    m.add_class::<propagator::PropagateControl>()?;
    m.add_class::<propagator::InitCore>()?;
    m.add_function(wrap_pyfunction!(function, m)?)?;
    m.add_function(wrap_pyfunction!(number, m)?)?;
    m.add_function(wrap_pyfunction!(string, m)?)?;
    m.add_function(wrap_pyfunction!(tuple, m)?)?;
    m.add_function(wrap_pyfunction!(parse_term, m)?)?;
    m.add_function(wrap_pyfunction!(options_help, m)?)?;
    m.add_function(wrap_pyfunction!(summary_text, m)?)?;
    m.add("Infimum", Symbol(Value::Inf))?;
    m.add("Supremum", Symbol(Value::Sup))?;
    Ok(())
}
