//! Incremental programs (`tests/incremental/`): clingo 5's
//! `#include <incmode>.` run as clingo 5.4's incmode runs it (the native
//! `clingo` is the reference: one `Solving...` per step, the answer sets
//! of every step, `Calls`, the result and the exit code), the same
//! planning problems written for iclingo (gringo 3's `#base`,
//! `#cumulative t`, `#volatile t`), and the plans checked against a
//! non-incremental unrolling of the problem to the horizon found.

use crate::support::{manifest_dir, run_command, skip_or_fail, tool_works};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(60);

fn file(name: &str) -> String {
    let p: PathBuf = manifest_dir().join("tests/incremental").join(name);
    p.display().to_string()
}

/// One run's output by solver call: each call's answer sets (atoms as
/// sets, in the order found), then the result word, the `Models` and
/// `Calls` values and the exit code.
#[derive(Debug, PartialEq, Eq)]
struct Steps {
    calls: Vec<Vec<BTreeSet<String>>>,
    result: String,
    models: String,
    calls_line: String,
    code: Option<i32>,
}

fn run(argv: &str, args: &[&str]) -> Steps {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let out = run_command(&[argv.to_string()], &args, TIMEOUT);
    assert!(!out.timed_out, "{argv} {args:?} timed out");
    let mut steps = Steps {
        calls: Vec::new(),
        result: String::new(),
        models: String::new(),
        calls_line: String::new(),
        code: out.code,
    };
    let mut lines = out.stdout.lines().peekable();
    while let Some(line) = lines.next() {
        if line == "Solving..." {
            steps.calls.push(Vec::new());
        } else if line.starts_with("Answer: ") {
            let atoms = lines.next().unwrap_or("").split_whitespace().map(String::from).collect();
            steps.calls.last_mut().expect("an answer after Solving...").push(atoms);
        } else if ["SATISFIABLE", "UNSATISFIABLE", "UNKNOWN", "OPTIMUM FOUND"].contains(&line) {
            steps.result = line.to_string();
        } else if let Some(v) = line.strip_prefix("Models       : ") {
            steps.models = v.to_string();
        } else if let Some(v) = line.strip_prefix("Calls        : ") {
            steps.calls_line = v.to_string();
        }
    }
    steps
}

fn native_clingo() -> bool {
    if tool_works(&["clingo".to_string()]) {
        return true;
    }
    skip_or_fail("native `clingo` (5.4) not found: incmode runs not compared (apt-get install gringo)");
    false
}

#[test]
fn incmode_programs_run_as_clingo_runs_them() {
    if !native_clingo() {
        return;
    }
    let runs: &[&[&str]] = &[
        // the shortest plan, then all of them
        &["hanoi_incmode.lp"],
        &["hanoi_incmode.lp", "0"],
        &["hanoi_incmode.lp", "0", "-c", "n=4"],
        // at least 9 steps: every step from the first plan on has plans
        &["robots_incmode.lp", "0", "-c", "imin=8"],
        // at most 3 steps: no plan
        &["robots_incmode.lp", "-c", "imax=3"],
        // until unsatisfiable, at most 7 steps
        &["robots_incmode.lp", "-c", "istop=\"UNSAT\"", "-c", "imax=7"],
        &["robots_incmode.lp", "3", "-c", "imin=7"],
        // rules of a step never see atoms of later steps
        &["modular_incmode.lp", "0"],
        // query(t) not declared by the program: incmode declares it
        &["implicit_query_incmode.lp", "0"],
        // models of earlier steps, then an unsatisfiable last step
        &["sat_then_unsat_incmode.lp", "0", "-c", "istop=\"UNSAT\""],
    ];
    for args in runs {
        let mut with_path: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        with_path[0] = file(args[0]);
        let with_path: Vec<&str> = with_path.iter().map(|s| s.as_str()).collect();
        let theirs = run("clingo", &with_path);
        let ours = run(env!("CARGO_BIN_EXE_minasp"), &with_path);
        assert!(!theirs.calls.is_empty(), "clingo {args:?} solved nothing: {theirs:?}");
        // the models of a call in the order found may differ; as a set they may not
        let sorted = |s: &Steps| -> Vec<BTreeSet<BTreeSet<String>>> {
            s.calls.iter().map(|c| c.iter().cloned().collect()).collect()
        };
        if args.get(1) == Some(&"3") {
            // three answer sets of each step: which three is the search's
            // choice; they must be answer sets of that step (clingo's `0` run)
            let mut all_args = with_path.clone();
            all_args[1] = "0";
            let all = sorted(&run("clingo", &all_args));
            let count = |s: &Steps| s.calls.iter().map(|c| c.len()).collect::<Vec<_>>();
            assert_eq!(count(&ours), count(&theirs), "{args:?}: answer sets per step");
            for (step, (found, every)) in sorted(&ours).iter().zip(&all).enumerate() {
                assert!(found.is_subset(every), "{args:?}: step {step} has a model clingo does not");
            }
        } else {
            assert_eq!(sorted(&ours), sorted(&theirs), "{args:?}: the steps' answer sets");
        }
        assert_eq!(
            (&ours.result, &ours.models, &ours.calls_line, ours.code),
            (&theirs.result, &theirs.models, &theirs.calls_line, theirs.code),
            "{args:?}"
        );
    }
}

/// The plans of the last call, each as its `move`/`go` atoms with the
/// step number last (the form every version of a problem shares).
fn plans(s: &Steps) -> BTreeSet<BTreeSet<String>> {
    s.calls.last().expect("a call").iter().cloned().collect()
}

#[test]
fn iclingo_programs_find_the_plans_incmode_and_an_unrolling_find() {
    let minasp = env!("CARGO_BIN_EXE_minasp");
    // Towers of Hanoi, 3 disks: 7 moves.  iclingo counts steps from 1 (the
    // first step has one move), incmode from 0 (step 0 is the initial state).
    let ic = run(minasp, &[&file("hanoi_iclingo.lp"), "0"]);
    let inc = run(minasp, &[&file("hanoi_incmode.lp"), "0"]);
    assert_eq!(ic.calls.len(), 7, "{ic:?}");
    assert_eq!(inc.calls.len(), 8, "{inc:?}");
    assert!(ic.calls[..6].iter().all(|c| c.is_empty()) && inc.calls[..7].iter().all(|c| c.is_empty()));
    assert_eq!(plans(&ic), plans(&inc));
    assert_eq!(plans(&ic).len(), 1);
    // the unrolling to 7 moves has the same plans, and 6 moves have none
    let unrolled = run(minasp, &[&file("hanoi_unrolled.lp"), "0"]);
    assert_eq!(plans(&unrolled), plans(&ic));
    let short = run(minasp, &[&file("hanoi_unrolled.lp"), "0", "-c", "h=6"]);
    assert_eq!((short.result.as_str(), short.code), ("UNSATISFIABLE", Some(20)));
    // 4 disks: 15 moves, in both forms and the unrolling
    let ic4 = run(minasp, &[&file("hanoi_iclingo.lp"), "0", "-c", "n=4"]);
    let inc4 = run(minasp, &[&file("hanoi_incmode.lp"), "0", "-c", "n=4"]);
    let unrolled4 = run(minasp, &[&file("hanoi_unrolled.lp"), "0", "-c", "n=4", "-c", "h=15"]);
    assert_eq!((ic4.calls.len(), inc4.calls.len()), (15, 16));
    assert_eq!(plans(&ic4), plans(&inc4));
    assert_eq!(plans(&ic4), plans(&unrolled4));
    // Two robots swapping corners: 5 steps, 10 shortest plans.
    let ic = run(minasp, &[&file("robots_iclingo.lp"), "0"]);
    let inc = run(minasp, &[&file("robots_incmode.lp"), "0"]);
    assert_eq!((ic.calls.len(), inc.calls.len()), (5, 6));
    assert_eq!(plans(&ic), plans(&inc));
    assert_eq!(plans(&ic).len(), 10);
    assert_eq!((ic.result.as_str(), ic.models.as_str(), ic.calls_line.as_str()), ("SATISFIABLE", "10", "5"));
}

#[test]
fn iclingo_steps_stop_as_the_flags_say() {
    let minasp = env!("CARGO_BIN_EXE_minasp");
    let hanoi = file("hanoi_iclingo.lp");
    // at most 3 steps: no plan, unsatisfiable
    let r = run(minasp, &[&hanoi, "--imax=3"]);
    assert_eq!((r.calls.len(), r.result.as_str(), r.code), (3, "UNSATISFIABLE", Some(20)));
    // at least 9 steps: the volatile goal of step 7 is gone at step 8, and
    // a plan of 8 or 9 moves exists (a move away and back is allowed)
    let r = run(minasp, &[&hanoi, "--imin=9"]);
    assert_eq!((r.calls.len(), r.result.as_str()), (9, "SATISFIABLE"));
    assert!(r.calls[6].len() == 1 && r.calls[8].len() == 1, "{r:?}");
    // stop at the first unsatisfiable step: the first
    let r = run(minasp, &[&hanoi, "--istop=UNSAT"]);
    assert_eq!((r.calls.len(), r.result.as_str(), r.calls_line.as_str()), (1, "UNSATISFIABLE", "1"));
    // clingo 5's constants work for iclingo programs too
    let r = run(minasp, &[&hanoi, "-c", "imax=2"]);
    assert_eq!(r.calls.len(), 2);
    // a bad value is a usage error
    let out = run_command(&[minasp.to_string()], &["--istop=MAYBE".to_string(), hanoi], TIMEOUT);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
}

#[test]
fn incremental_runs_print_one_json_call_per_step() {
    let out = run_command(
        &[env!("CARGO_BIN_EXE_minasp").to_string()],
        &["--outf=2".to_string(), file("hanoi_incmode.lp")],
        TIMEOUT,
    );
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("a JSON document");
    let calls = doc["Call"].as_array().expect("a Call list");
    assert_eq!(calls.len(), 8);
    assert!(calls[..7].iter().all(|c| c.as_object().unwrap().is_empty()));
    assert_eq!(calls[7]["Witnesses"].as_array().unwrap().len(), 1);
    assert_eq!(doc["Calls"], 8);
    assert_eq!(doc["Result"], "SATISFIABLE");
}

#[test]
fn a_time_limit_stops_an_endless_incremental_run_as_clingo_does() {
    // every step unsatisfiable, no imax: the run goes on until the limit;
    // the step under way then has no result (clingo 5.4: UNKNOWN, exit 1)
    let start = std::time::Instant::now();
    let out = run_command(
        &[env!("CARGO_BIN_EXE_minasp").to_string()],
        &["--time-limit=1".to_string(), file("never_incmode.lp")],
        TIMEOUT,
    );
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("\nUNKNOWN\n"), "{}", out.stdout);
    assert!(out.stdout.contains("TIME LIMIT   : 1"), "{}", out.stdout);
    assert!(out.stdout.contains("Models       : 0+"), "{}", out.stdout);
    let calls: u64 = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Calls        : "))
        .and_then(|n| n.parse().ok())
        .expect("a Calls line");
    assert!(calls > 1, "{}", out.stdout);
}
