//! The paths embeddings and explanations take, on small programs: parts
//! grounded with parameters step by step, externals assigned and
//! released, solves under assumptions, two searches racing (`-t 2`),
//! `--why` for every shown atom, `--verify` of each answer and of a
//! mangled one, `--explain` of an unsatisfiable program, and
//! `Value::parse` on the text.  Never a panic; every answer passes the
//! independent answer-set check (`check`), and every answer verifies.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minasp::program::External;
use minasp::syntax::parse::Dialect;
use minasp::{Control, Options, Value};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 400 {
        return;
    }
    let _ = Value::parse(text);
    let options = Options {
        dialect: Some(Dialect::Clingo5),
        max_ground_atoms: 2000,
        check: true,
        explain: true,
        threads: 1 + (text.len() % 2),
        ..Options::default()
    };
    let mut ctl = Control::new(options);
    ctl.add_to_part("base", &[], "fuzz", text);
    ctl.add_to_part("step", &["t".to_string()], "step", "#external e(t). s(t) :- e(t).");
    if ctl.ground_parts(&[("base".into(), vec![]), ("step".into(), vec![Value::Int(1)])]).is_err() {
        return;
    }
    ctl.assign_external(&Value::func("e", vec![Value::Int(1)]), External::True);
    if ctl.ground_parts(&[("step".into(), vec![Value::Int(2)])]).is_err() {
        return;
    }
    ctl.assign_external(&Value::func("e", vec![Value::Int(1)]), External::Release);
    let atoms: Vec<Value> = ctl.symbolic_atoms().into_iter().map(|a| a.symbol).take(3).collect();
    let assumptions: Vec<(Value, bool)> = atoms.iter().enumerate().map(|(i, a)| (a.clone(), i % 2 == 0)).collect();
    let Ok(solve) = ctl.solve_assuming(5, &assumptions) else { return };
    let mut answers = Vec::new();
    for m in solve {
        let shown = m.shown();
        let _ = m.why(&shown);
        let _ = m.atom_values();
        answers.push(shown);
    }
    if let Ok((all_stable, _)) = ctl.verify(&answers) {
        assert!(all_stable, "an answer of the solver does not verify");
    }
    let mangled: Vec<Vec<String>> = answers.iter().map(|a| a.iter().skip(1).cloned().collect()).collect();
    let _ = ctl.verify(&mangled);
    if answers.is_empty() && assumptions.is_empty() {
        let _ = ctl.explain_unsat();
    }
});
