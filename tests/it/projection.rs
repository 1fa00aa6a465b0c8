//! Projected enumeration (`--project`, `#project`) against clingo: for
//! each program and mode, the number of answers and the distinct
//! projections of the answers printed (a projected answer set is printed
//! with one representative model, which may differ between the solvers)
//! must be clingo's; with `show`, the printed answers themselves.
//!
//! Needs `clingo` on PATH and skips visibly without.

use crate::support::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// (program, the predicates `#project` names — the projection of
/// `project`/`auto` mode when there are directives).
const PROGRAMS: &[(&str, &[&str])] = &[
    ("{a;b;c}. #project a/0. #project b/0.", &["a", "b"]),
    ("{p(1..3)}. q :- p(1). #project q/0.", &["q"]),
    ("{p(1..2)}. s(1..2). {r(1)}. #project p(X). #project q(2). #project r(Y) : s(Y).", &["p", "r"]),
    ("{a;b}. c :- a. c :- b. #show c/0.", &[]),
    ("d(1..3). {x(X) : d(X)} = 1. y(X) :- x(X), X > 1. #show y/1.", &[]),
    ("{a;b;c}. :- a, b. #project a : c. #show b/0.", &["a"]),
    // a term shown under two conditions: answers differ by the terms shown
    ("{a;r;s}. #show. #show t : a. #show t : not r. #show u(1) : s, a. #show u(1) : s, r.", &[]),
];

fn predicate(symbol: &str) -> &str {
    symbol.split('(').next().unwrap_or(symbol)
}

#[test]
fn projection_modes_match_clingo() {
    let clingo = vec!["clingo".to_string()];
    if !tool_works(&clingo) {
        skip_or_fail("clingo not on PATH — projection modes were not compared");
        return;
    }
    let tmp = tempfile::Builder::new().prefix("minasp-proj-").tempdir().expect("temp dir");
    let t = Duration::from_secs(30);
    let mut problems = Vec::new();
    let mut compared = 0;
    for (i, (text, projected)) in PROGRAMS.iter().enumerate() {
        let p = tmp.path().join(format!("p{}.lp", i));
        std::fs::write(&p, text).expect("write program");
        for mode in ["auto", "show", "project", "no"] {
            let args = vec![format!("--project={}", mode), "0".to_string(), p.display().to_string()];
            let (want, got) = (run_command(&clingo, &args, t), run_command(&minasp_argv(), &args, t));
            let (Ok(w), Ok(g)) = (parse_output(&want.stdout), parse_output(&got.stdout)) else {
                problems
                    .push(format!("{} [{}]: unreadable output\n{}\n{}", text, mode, want.stdout, got.stderr));
                continue;
            };
            // what the answers are told apart by
            let key = |m: &Model| -> Model {
                match mode {
                    "project" => m.iter().filter(|s| projected.contains(&predicate(s))).cloned().collect(),
                    "auto" if !projected.is_empty() => {
                        m.iter().filter(|s| projected.contains(&predicate(s))).cloned().collect()
                    }
                    _ => m.clone(),
                }
            };
            let distinct = |ms: &[Model]| ms.iter().map(key).collect::<BTreeSet<Model>>();
            compared += 1;
            if w.models.len() != g.models.len()
                || distinct(&w.models) != distinct(&g.models)
                || w.result != g.result
            {
                problems.push(format!(
                    "{} [--project={}]: clingo {} answers {:?}, minasp {} answers {:?}",
                    text,
                    mode,
                    w.models.len(),
                    distinct(&w.models),
                    g.models.len(),
                    distinct(&g.models)
                ));
            }
            if got.code != want.code {
                problems.push(format!(
                    "{} [--project={}]: exit {:?}, clingo {:?}",
                    text, mode, got.code, want.code
                ));
            }
        }
    }
    assert_eq!(compared, PROGRAMS.len() * 4);
    assert!(problems.is_empty(), "projected enumeration differs from clingo's:\n{}", problems.join("\n"));
}
