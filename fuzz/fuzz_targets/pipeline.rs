//! The whole pipeline on small programs: parse, ground (at most 2,000
//! atoms), solve (at most 5 models), each model re-checked.  Never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minasp::ground::{ground, Options};
use minasp::models::{is_answer_set, Models};
use minasp::solver::Outcome;
use minasp::syntax::parse::{parse, Dialect};
use minasp::syntax::span::FileId;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 400 {
        return;
    }
    for dialect in [Dialect::Clingo5, Dialect::Gringo3] {
        let (stmts, diags) = parse(FileId(0), text, dialect);
        if minasp::diagnostics::has_errors(&diags) {
            continue;
        }
        let opts = Options { max_atoms: 2000, dialect, ..Default::default() };
        let Ok((g, _)) = ground(&stmts, &opts) else { continue };
        let Ok(mut models) = Models::new(&g.program, Default::default()) else { continue };
        for _ in 0..5 {
            match models.next() {
                Outcome::Model(m) => {
                    assert!(is_answer_set(&g.program, &m), "not an answer set");
                    let _ = g.shown(&m);
                }
                _ => break,
            }
        }
    }
});
