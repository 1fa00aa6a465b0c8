//! Script calls `@f(..)`: evaluated through the handler an embedding gives
//! ([`minasp::Functions`], clingo's grounding context), once per rule
//! instance, each returned value an instance; without one, clingo's
//! `function 'f' not found` info per instance.  The expected answers are
//! clingo 5.8.3's for the same programs and context
//! (`python/tests/scripts/context.py` runs them through both Python APIs).

use crate::support::run_minasp;
use minasp::{Control, Functions, Options, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `inc(x)` = x + 1, `seq(a, b)` = a..b, `fail(x)` fails; counts its calls.
#[derive(Default)]
struct Context {
    calls: AtomicUsize,
}

impl Functions for Context {
    fn call(&self, name: &str, args: &[Value]) -> Result<Vec<Value>, String> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let int = |v: &Value| match v {
            Value::Int(i) => Ok(*i),
            v => Err(format!("{} is not a number", v)),
        };
        match (name, args) {
            ("inc", [x]) => Ok(vec![Value::Int(int(x)? + 1)]),
            ("seq", [a, b]) => Ok((int(a)?..=int(b)?).map(Value::Int).collect()),
            ("fail", [x]) => Err(format!("no value for {}", x)),
            _ => Err(format!("no function {}/{}", name, args.len())),
        }
    }
}

/// The answer sets of `program` grounded with `functions`, each sorted as
/// text; `Err`: the rendered diagnostics of a failed grounding.
fn answers(program: &str, functions: Option<Arc<dyn Functions>>) -> Result<Vec<String>, Vec<String>> {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", program);
    ctl.set_functions(functions);
    if ctl.ground().is_err() {
        return Err(ctl.diagnostics().iter().map(|d| ctl.render(d)).collect());
    }
    Ok(crate::multishot::answers(&mut ctl, &[]).1)
}

#[test]
fn calls_give_the_values_the_handler_returns() {
    let context: Arc<dyn Functions> = Arc::new(Context::default());
    let with = |p: &str| answers(p, Some(context.clone())).expect("grounds");
    assert_eq!(with("q(1..3). p(@inc(X)) :- q(X)."), ["p(2) p(3) p(4) q(1) q(2) q(3)"]);
    // several values: an instance each, as a pool's options
    assert_eq!(with("p(@seq(1,3))."), ["p(1) p(2) p(3)"]);
    assert_eq!(with("p(X) :- X = @seq(2,4)."), ["p(2) p(3) p(4)"]);
    assert_eq!(with("q(1;2). p(X,@seq(1,X)) :- q(X)."), ["p(1,1) p(2,1) p(2,2) q(1) q(2)"]);
    // no value: no instance
    assert_eq!(with("p(@seq(2,1)). r."), ["r"]);
    assert_eq!(with("q(1..3). p(X) :- q(X), @inc(X) > 2."), ["p(2) p(3) q(1) q(2) q(3)"]);
    assert_eq!(with("q(1;2). :- q(X), @inc(X) > 2."), Vec::<String>::new());
    assert_eq!(with("q(1..3). s(S) :- S = #sum { @inc(X),X : q(X) }."), ["q(1) q(2) q(3) s(9)"]);
    assert_eq!(
        with("q(1..3). r(@inc(X)) :- q(X). all :- r(Y) : q(X), Y = @inc(X)."),
        ["all q(1) q(2) q(3) r(2) r(3) r(4)"]
    );
    assert_eq!(with("q(1..2). { p(@inc(X)) : q(X) } = 1."), ["p(2) q(1) q(2)", "p(3) q(1) q(2)"]);
    assert_eq!(with("q(1..2). #show. #show @inc(X) : q(X)."), ["2 3"]);
    assert_eq!(with("p(@inc(@inc(1)))."), ["p(3)"]);
    // in a conditional or pooled disjunct, the values hold together, as
    // an interval's there
    assert_eq!(
        with("q(1..2). a ; p(X,@seq(X,X+1)) : q(X)."),
        ["a q(1) q(2)", "p(1,1) p(1,2) q(1) q(2)", "p(2,2) p(2,3) q(1) q(2)"]
    );
    assert_eq!(with("a ; p(@seq(1,2);5)."), ["a", "p(1) p(2) p(5)"]);
    // in a comparison chain under a condition
    assert_eq!(with("q(1..2). a :- 1 < @inc(X) < 4 : q(X). b :- 2 < @inc(X) < 4 : q(X)."), ["a q(1) q(2)"]);
}

#[test]
fn a_call_is_made_once_per_instance() {
    let context = Arc::new(Context::default());
    let program = "q(1..3). p(@inc(X)) :- q(X). r(@inc(X)) :- q(X). s(@inc(1)). s(@inc(1)).";
    answers(program, Some(context.clone())).expect("grounds");
    // clingo 5.8.3 calls the context 8 times for this program
    assert_eq!(context.calls.load(Ordering::Relaxed), 8);
}

#[test]
fn a_failing_call_stops_the_grounding_with_its_message() {
    let context: Arc<dyn Functions> = Arc::new(Context::default());
    let errors = answers("q(1..3). p(@fail(X)) :- q(X).", Some(context.clone())).unwrap_err();
    assert!(errors.iter().any(|e| e.contains("no value for 1")), "{:?}", errors);
    let errors = answers("p(@inc(a)).", Some(context)).unwrap_err();
    assert!(errors.iter().any(|e| e.contains("a is not a number")), "{:?}", errors);
    // the arguments must be bound elsewhere: clingo's unsafe-variable error
    let errors = answers("r(X) :- q(@inc(X)). q(1).", None).unwrap_err();
    assert!(errors.iter().any(|e| e.contains("unsafe variables in:")), "{:?}", errors);
}

#[test]
fn without_a_handler_each_instance_is_an_undefined_operation() {
    assert_eq!(answers("q(1..2). p(@inc(X)) :- q(X). r.", None).unwrap(), ["q(1) q(2) r"]);
    // clingo 5.4.1 prints the info once per instance, here three times
    let out = run_minasp(
        &["-", "0"],
        Some("q(1..3). p(@nope(X)) :- q(X). r :- p(_). s(@g(1)).\n"),
        Duration::from_secs(20),
    );
    assert_eq!(out.stderr.matches("function 'nope' not found").count(), 3, "{}", out.stderr);
    assert_eq!(out.stderr.matches("function 'g' not found").count(), 1, "{}", out.stderr);
    assert_eq!(out.stderr.matches("info: operation undefined:").count(), 4, "{}", out.stderr);
}
