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

/// A `#minimize` or weak constraint that only a step or check part holds
/// makes each call from that step on an optimisation, as clasp decides the
/// default model limit when a call starts (minasp decided it once, before
/// the first step, and stopped at the first plan: `SATISFIABLE` with cost 2
/// where clingo proves the optimum 1). The search's intermediate models may
/// differ; the optimum, the summary, the warnings and the exit code may not.
#[test]
fn optimisation_in_a_step_part_optimises_each_call_as_clingo() {
    if !native_clingo() {
        return;
    }
    let runs: &[&[&str]] = &[
        &["minimize_in_step_incmode.lp"],
        &["minimize_in_step_incmode.lp", "-n", "1"],
        &["minimize_in_step_incmode.lp", "--opt-mode=optN"],
        &["minimize_in_step_incmode.lp", "-e", "brave"],
        &["minimize_in_step_incmode.lp", "--opt-mode=enum"],
        &["weak_in_check_incmode.lp"],
        &["weak_in_check_incmode.lp", "-e", "cautious"],
        &["weak_in_check_incmode.lp", "--opt-mode=optN", "-q"],
    ];
    // the last answer set, the summary lines that say what was proven, the
    // warnings, the exit code
    let outcome = |argv: &str, args: &[String]| {
        let out = run_command(&[argv.to_string()], args, TIMEOUT);
        assert!(!out.timed_out, "{argv} {args:?} timed out");
        let lines: Vec<&str> = out.stdout.lines().collect();
        let last_model: BTreeSet<&str> = lines
            .iter()
            .rposition(|l| l.starts_with("Answer: "))
            .map(|i| lines[i + 1].split_whitespace().collect())
            .unwrap_or_default();
        let summary: Vec<String> = lines
            .iter()
            .filter(|l| {
                ["SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN"].contains(l)
                    || ["  Optimum", "Optimization :", "Consequences :", "Calls", "Solving..."]
                        .iter()
                        .any(|p| l.starts_with(p))
            })
            .map(|l| l.to_string())
            .collect();
        let warnings: Vec<String> = out
            .stderr
            .lines()
            .filter(|l| l.starts_with("*** Warn"))
            .map(|l| l.replace("(clingo)", "(minasp)"))
            .collect();
        let last_model: BTreeSet<String> = last_model.into_iter().map(String::from).collect();
        (last_model, summary, warnings, out.code)
    };
    for args in runs {
        let mut with_path: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        with_path[0] = file(args[0]);
        let theirs = outcome("clingo", &with_path);
        let ours = outcome(env!("CARGO_BIN_EXE_minasp"), &with_path);
        assert!(theirs.1.iter().filter(|l| *l == "Solving...").count() > 1, "clingo {args:?}: {theirs:?}");
        if args.contains(&"-q") {
            assert_eq!((&ours.1, &ours.2, ours.3), (&theirs.1, &theirs.2, theirs.3), "{args:?}");
        } else {
            assert_eq!(ours, theirs, "{args:?}");
        }
    }
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
        // disjunctive steps (not grown: translated afresh each step)
        &["disjunctive_incmode.lp", "0"],
        &["disjunctive_incmode.lp", "0", "-c", "istop=\"UNSAT\"", "-c", "imax=5"],
        // models of earlier steps, then an unsatisfiable last step
        &["sat_then_unsat_incmode.lp", "0", "-c", "istop=\"UNSAT\""],
        // queries ruled out at first stay open to later steps; moves off
        // the cells take what only they reach along
        &["ruled_out_incmode.lp", "0", "-c", "imax=5"],
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

/// Runs an incremental program through the library as the command line
/// does, `models` answer sets per step; per step: the answer sets found
/// and the clauses its search was given at its start.
fn library_steps(path: &str, consts: &[(&str, &str)], models: u64) -> Vec<(usize, u64)> {
    library_steps_keeping(path, consts, models, minasp::carry::Keep::default())
}

fn library_steps_keeping(
    path: &str,
    consts: &[(&str, &str)],
    models: u64,
    keep: minasp::carry::Keep,
) -> Vec<(usize, u64)> {
    let text = std::fs::read_to_string(path).expect("reads the program");
    let options = minasp::Options { keep, ..minasp::Options::default() };
    library_run(&text, consts, models, options)
        .into_iter()
        .map(|(found, adopted)| (found.len(), adopted))
        .collect()
}

/// A step of an incremental run through the library: its answer sets
/// (each sorted, in order) and the clauses its search was given at its
/// start.
type LibraryStep = (Vec<Vec<String>>, u64);

/// Runs an incremental program (`text`) through the library as the
/// command line does, `models` answer sets per step (0: all), with
/// `options`.
fn library_run(
    text: &str,
    consts: &[(&str, &str)],
    models: u64,
    options: minasp::Options,
) -> Vec<LibraryStep> {
    use minasp::incremental::{Limits, Steps as Loop};
    let consts = consts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut ctl = minasp::Control::new(minasp::Options { consts, ..options });
    ctl.add("base", text);
    ctl.ground().expect("grounds");
    let form = ctl.incremental().expect("an incremental program");
    let mut steps = Loop::new(form, Limits::read(&ctl, None, None, None));
    let (mut last, mut out) = (None, Vec::new());
    while steps.next(last.as_ref()).is_some() {
        steps.ground(&mut ctl).expect("a step grounds");
        let mut solve = ctl.solve(models).expect("a step solves");
        let mut found: Vec<Vec<String>> = solve
            .by_ref()
            .map(|m| {
                let mut s = m.shown();
                s.sort();
                s
            })
            .collect();
        found.sort();
        out.push((found, solve.stats().adopted));
        last = Some(solve.result());
    }
    out
}

/// Each step of an incremental run starts from what the step before it
/// learnt (see `minasp::carry`): once a step of Towers of Hanoi with 4
/// disks has learnt clauses, every later search starts with clauses, and
/// the run still finds the 15-move plan.  A step that found answer sets
/// passes nothing on (the clauses blocking them are no consequence of the
/// program, nor is what was learnt after them).
#[test]
fn each_step_starts_from_what_the_last_one_learnt() {
    let hanoi = library_steps(&file("hanoi_incmode.lp"), &[("n", "4")], 1);
    let adopted: Vec<u64> = hanoi.iter().map(|s| s.1).collect();
    assert_eq!(hanoi.len(), 16, "{hanoi:?}");
    assert_eq!(hanoi.iter().map(|s| s.0).sum::<usize>(), 1, "{hanoi:?}");
    assert_eq!(adopted[0], 0, "the first step has nothing to start from");
    let first = adopted.iter().position(|&n| n > 0).unwrap_or(adopted.len());
    assert!(first <= 8 && adopted[first..].iter().all(|&n| n > 0), "clauses given to each step: {adopted:?}");
    for iclingo in ["hanoi_iclingo.lp"] {
        let steps = library_steps(&file(iclingo), &[("n", "4")], 1);
        let first = steps.iter().position(|s| s.1 > 0).unwrap_or(steps.len());
        assert!(first + 3 <= steps.len() && steps[first..].iter().all(|s| s.1 > 0), "{iclingo}: {steps:?}");
    }
    // at least 18 steps, all plans: plans from step 15 on; the step after
    // the first step with plans starts afresh
    let longer = library_steps(&file("hanoi_incmode.lp"), &[("n", "4"), ("imin", "18")], 0);
    assert_eq!(longer.len(), 18, "{longer:?}");
    assert!(longer[14].0 == 0 && longer[15].0 > 0 && longer[15].1 > 0, "{longer:?}");
    assert_eq!(longer[16].1, 0, "a step after answer sets was given clauses: {longer:?}");
    // iclingo's --ilearnt=forget: no step is given clauses, the plan is the same
    let forget = minasp::carry::Keep { learnt: false, heuristic: true };
    let hanoi = library_steps_keeping(&file("hanoi_incmode.lp"), &[("n", "4")], 1, forget);
    assert_eq!(hanoi.len(), 16, "{hanoi:?}");
    assert!(hanoi.iter().all(|s| s.1 == 0), "{hanoi:?}");
}

/// A lean run (the command line's) hands each step's new rules alone to
/// the search, which grows on them, the grounder keeping the earlier
/// steps' rules packed (`minasp::ground::packing`): every step finds the
/// answer sets, and starts from the clauses, of a run whose grounder
/// hands on the whole program each step; also when a step redefines an
/// atom of an earlier step (clingo refuses that; the whole program is
/// then searched afresh), with an objective, with `--ilearnt=forget`.
#[test]
fn steps_handed_on_alone_find_what_whole_steps_find() {
    let hanoi = std::fs::read_to_string(file("hanoi_incmode.lp")).expect("reads hanoi");
    let redefining = "#include <incmode>.\n#program base.\n{ a; b }.\n\
        #program step(t).\n{ x(t) }.\nq(t) :- x(t), b.\np(t) :- x(t), not q(t-1).\nq(t-1) :- p(t), a.\nr(t) :- q(t-1), not b.\n\
        #external e(t).\ns(t) :- e(t), p(t).\n\
        #program check(t).\n#external query(t).\n:- query(t), t < 3.\n#show q/1.\n#show r/1.\n#show a/0.\n#show s/1.\n";
    let optimising = "#include <incmode>.\n#program step(t).\n{ x(t); y(t) }.\nz(t) :- x(t), not y(t).\n\
        #minimize { 1,t : y(t) }.\n#program check(t).\n#external query(t).\n:- query(t), not z(t), t < 4.\n#show z/1.\n";
    let forget = minasp::carry::Keep { learnt: false, heuristic: true };
    let mut cases: Vec<(String, Vec<(&str, &str)>, minasp::carry::Keep)> = vec![
        (hanoi.clone(), vec![("n", "3"), ("imax", "12")], minasp::carry::Keep::default()),
        (hanoi, vec![("n", "3"), ("imax", "12")], forget),
        (redefining.to_string(), vec![("imax", "4")], minasp::carry::Keep::default()),
        (optimising.to_string(), vec![("imax", "5")], minasp::carry::Keep::default()),
    ];
    cases.extend(
        (0..8).map(|seed| (random_incmode(seed), vec![("imax", "4")], minasp::carry::Keep::default())),
    );
    for (k, (text, consts, keep)) in cases.iter().enumerate() {
        let whole =
            library_run(text, consts, 0, minasp::Options { keep: *keep, ..minasp::Options::default() });
        let alone = library_run(
            text,
            consts,
            0,
            minasp::Options { keep: *keep, lean: true, ..minasp::Options::default() },
        );
        assert!(whole.len() >= 2, "case {k}: {whole:?}");
        assert_eq!(alone, whole, "case {k}:\n{text}");
        if k == 0 {
            assert!(whole.iter().any(|s| s.1 > 0), "some step starts from clauses: {whole:?}");
        }
    }
}

/// Between the steps of an incremental run, the atoms that the last
/// step's search found false for good leave the grounder's domains, as
/// clingo cleans up after each solve: a walk on the cells 1..3 steps off
/// the board only into atoms the constraint makes false, and no later step
/// grounds anything from them.  Each step's `pos/2` atoms (after its
/// grounding, with the lean streaming grounder and without) are clingo
/// 5.8.3's: its Python `Control` grounding `base`, then `step(t)` and
/// `check(t)` and solving with `query(t)` true, step by step.  Without the cleanup, step
/// 6 would ground `pos(-5,6)` to `pos(7,6)`.  The four plans of step 6 are
/// `clingo 0`'s.
#[test]
fn steps_forget_what_the_last_search_found_false_for_good() {
    use minasp::incremental::{Limits, Steps as Loop};
    let text = "#include <incmode>.\n#program base.\ncell(1..3).\npos(1,0).\n\
        #program step(t).\n1 { move(D,t) : dir(D) } 1.\ndir(-1;1).\n\
        pos(X+D,t) :- pos(X,t-1), move(D,t).\n:- pos(X,t), not cell(X).\n\
        #program check(t).\n#external query(t).\n:- query(t), not pos(3,t).\n:- query(t), t < 6.\n#show move/2.\n#show pos/2.\n";
    let clingo: [&[&str]; 7] = [
        &["pos(1,0)"],
        &["pos(0,1)", "pos(1,0)", "pos(2,1)"],
        &["pos(1,0)", "pos(1,2)", "pos(2,1)", "pos(3,2)"],
        &["pos(0,3)", "pos(1,0)", "pos(1,2)", "pos(2,1)", "pos(2,3)", "pos(3,2)", "pos(4,3)"],
        &["pos(1,0)", "pos(1,2)", "pos(1,4)", "pos(2,1)", "pos(2,3)", "pos(3,2)", "pos(3,4)"],
        &[
            "pos(0,5)", "pos(1,0)", "pos(1,2)", "pos(1,4)", "pos(2,1)", "pos(2,3)", "pos(2,5)", "pos(3,2)",
            "pos(3,4)", "pos(4,5)",
        ],
        &[
            "pos(1,0)", "pos(1,2)", "pos(1,4)", "pos(1,6)", "pos(2,1)", "pos(2,3)", "pos(2,5)", "pos(3,2)",
            "pos(3,4)", "pos(3,6)",
        ],
    ];
    for lean in [false, true] {
        let mut ctl = minasp::Control::new(minasp::Options { lean, ..minasp::Options::default() });
        ctl.add("base", text);
        ctl.ground().expect("grounds");
        let form = ctl.incremental().expect("an incremental program");
        let mut steps = Loop::new(form, Limits::read(&ctl, None, None, None));
        let (mut last, mut seen, mut plans) = (None, Vec::new(), 0);
        while steps.next(last.as_ref()).is_some() {
            steps.ground(&mut ctl).expect("a step grounds");
            let mut pos: Vec<String> = ctl
                .symbolic_atoms()
                .into_iter()
                .map(|a| a.symbol.to_string())
                .filter(|s| s.starts_with("pos("))
                .collect();
            pos.sort();
            seen.push(pos);
            let mut solve = ctl.solve(0).expect("a step solves");
            plans = solve.by_ref().count();
            last = Some(solve.result());
        }
        let expected: Vec<Vec<String>> =
            clingo.iter().map(|step| step.iter().map(|s| s.to_string()).collect()).collect();
        assert_eq!(seen, expected, "lean: {lean}");
        assert_eq!(plans, 4, "lean: {lean}");
    }
}

/// An atom forgotten between steps and defined again later is a new atom,
/// as in clingo: `a(1)` and `b(1)` are false for good after step 1 (`c(1)`
/// is ruled out), so step 2's `a(1) :- not b(1).` defines a fresh `a(1)`
/// that holds, and the last step's one answer set is `a(1) a(2)`, after 4
/// calls, exit 30 — `clingo -c imax=4 0`'s (clingo 5.4.1), with `--check`
/// too.  Were the old `a(1)` redefined (minasp before the cleanup), the
/// rules `a(1) :- c(1).`, `b(1) :- a(1).` and the new one would leave
/// `a(1)` without support and the steps without answer sets.
#[test]
fn an_atom_forgotten_and_defined_again_is_a_new_atom() {
    let dir = crate::support::report_dir("incremental_forgotten");
    let path = dir.join("redefined.lp");
    let text = "#include <incmode>.\n#program step(t).\n{ c(t) }.\na(t) :- c(t).\n:- c(t).\nb(t) :- a(t).\n\
        a(t-1) :- t > 1, not b(t-1).\n#program check(t).\n#external query(t).\n:- query(t), t < 3.\n\
        #show a/1.\n#show b/1.\n";
    std::fs::write(&path, text).expect("writes the program");
    let path = path.display().to_string();
    for extra in [&[][..], &["--check"][..]] {
        let mut args = vec![path.as_str(), "-c", "imax=4", "0"];
        args.extend_from_slice(extra);
        let out = run(env!("CARGO_BIN_EXE_minasp"), &args);
        let plan: BTreeSet<String> = ["a(1)", "a(2)"].iter().map(|s| s.to_string()).collect();
        assert_eq!(out.calls.last(), Some(&vec![plan]), "{extra:?}: {:?}", out.calls);
        assert_eq!((out.result.as_str(), out.calls_line.as_str(), out.code), ("SATISFIABLE", "4", Some(30)));
    }
}

/// clingo 3's and gringo 3's `--ifixed=N`: the program of step N of an
/// iclingo program (`base`, `#cumulative` for 1..N, `#volatile` for N, as
/// written) grounded and solved once: Towers of Hanoi with 3 disks has its
/// one 7-move plan at N = 7 (the plan the step loop and the unrolling
/// find) and none at N = 6; `--text` prints the step's goal unguarded.
#[test]
fn ifixed_grounds_and_solves_one_step() {
    let minasp = env!("CARGO_BIN_EXE_minasp");
    let hanoi = file("hanoi_iclingo.lp");
    let seven = run(minasp, &[&hanoi, "0", "--ifixed=7"]);
    assert_eq!(
        (seven.calls.len(), seven.result.as_str(), seven.code),
        (1, "SATISFIABLE", Some(30)),
        "{seven:?}"
    );
    let unrolled = run(minasp, &[&file("hanoi_unrolled.lp"), "0"]);
    assert_eq!(plans(&seven), plans(&unrolled));
    assert_eq!(plans(&seven), plans(&run(minasp, &[&hanoi, "0"])));
    let six = run(minasp, &[&hanoi, "--ifixed=6"]);
    assert_eq!((six.calls.len(), six.result.as_str(), six.code), (1, "UNSATISFIABLE", Some(20)), "{six:?}");
    let text =
        run_command(&[minasp.to_string()], &[hanoi.clone(), "--ifixed=2".into(), "--text".into()], TIMEOUT);
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert!(text.stdout.contains(":-not on(3,c,2).") && !text.stdout.contains("volatile"), "{}", text.stdout);
    assert!(!text.stdout.contains("c,3)"), "no step 3: {}", text.stdout);
    // not an iclingo program: a warning, and the step loop as usual
    let inc = run_command(&[minasp.to_string()], &[file("hanoi_incmode.lp"), "--ifixed=3".into()], TIMEOUT);
    assert!(inc.stderr.contains("--ifixed applies to gringo 3's incremental programs"), "{}", inc.stderr);
    assert!(inc.stdout.contains("Calls        : 8"), "{}", inc.stdout);
    let zero = run_command(&[minasp.to_string()], &[hanoi, "--ifixed=0".into()], TIMEOUT);
    assert_eq!(zero.code, Some(1), "{}", zero.stderr);
}

/// `--text` of a clingo 5 incmode program prints its first step, `base`
/// and `check(0)`, as clingo 5.4's `gringo --text` does (the goal at step
/// 0 is the constraint `:-query(0).`).
#[test]
fn the_text_of_an_incmode_program_is_its_first_step() {
    let minasp = env!("CARGO_BIN_EXE_minasp");
    let out = run_command(&[minasp.to_string()], &["--text".into(), file("hanoi_incmode.lp")], TIMEOUT);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    for line in ["on(3,a,0).", "peg(c).", ":-query(0).", "#external query(0)."] {
        assert!(out.stdout.lines().any(|l| l.starts_with(line)), "{line}: {}", out.stdout);
    }
    assert!(!out.stdout.contains(",1)"), "no step 1: {}", out.stdout);
    if tool_works(&["gringo".to_string()]) {
        let theirs =
            run_command(&["gringo".to_string()], &["--text".into(), file("hanoi_incmode.lp")], TIMEOUT);
        assert!(
            theirs.stdout.contains(":-query(0).") && theirs.stdout.contains("on(3,a,0)."),
            "{}",
            theirs.stdout
        );
    }
}

/// iclingo's `--ilearnt` and `--iheuristic` (`keep` or `forget`), and
/// `-t 2`, change how fast, never what is found.
#[test]
fn what_steps_keep_changes_no_answer() {
    let minasp = env!("CARGO_BIN_EXE_minasp");
    let hanoi = file("hanoi_iclingo.lp");
    let base = run(minasp, &[&hanoi, "0", "-c", "n=4"]);
    assert_eq!(base.calls.len(), 15, "{base:?}");
    for flags in [
        ["--ilearnt=forget", "--iheuristic=keep"],
        ["--ilearnt=keep", "--iheuristic=forget"],
        // -t 2: the steps are one search still
        ["-t", "2"],
    ] {
        let r = run(minasp, &[&hanoi, "0", "-c", "n=4", flags[0], flags[1]]);
        assert_eq!(r, base, "{flags:?}");
    }
    let out = run_command(&[minasp.to_string()], &["--ilearnt=sometimes".to_string(), hanoi], TIMEOUT);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("expected keep or forget"), "{}", out.stderr);
}

/// A random incremental program in clingo 5's form whose rules are
/// modular as clingo requires (a step defines only atoms of its own step;
/// bodies read the step before, the base and the step's own atoms, with
/// positive loops, negation, choices, counts and atoms that constraints
/// make false for good): planning in miniature.
fn random_incmode(seed: u64) -> String {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(seed);
    let k = rng.gen_range(2..=3);
    let mut p = format!("#include <incmode>.\n#program base.\nd(1..{k}).\n");
    if rng.gen_bool(0.5) {
        p.push_str("{ b(X) } :- d(X).\n");
    } else {
        p.push_str("b(1).\n");
    }
    p.push_str("#program step(t).\n{ x(X,t) } :- d(X).\n");
    let lit = |rng: &mut rand_chacha::ChaCha12Rng| -> String {
        let pred = ["x", "p", "q", "b"][rng.gen_range(0..4)];
        let arg = if rng.gen_bool(0.6) { "X".to_string() } else { rng.gen_range(1..=k).to_string() };
        let sign = if rng.gen_bool(0.35) { "not " } else { "" };
        match pred {
            "b" => format!("{sign}b({arg})"),
            _ => format!("{sign}{pred}({arg},{})", if rng.gen_bool(0.5) { "t" } else { "t-1" }),
        }
    };
    for _ in 0..rng.gen_range(3..=7) {
        let body: Vec<String> = (0..rng.gen_range(1..=2)).map(|_| lit(&mut rng)).collect();
        let body = body.join(", ");
        match rng.gen_range(0..6) {
            0 => p.push_str(&format!("x(X,t) :- d(X), {body}.\n")),
            1 | 2 => p.push_str(&format!("p(X,t) :- d(X), {body}.\n")),
            3 => p.push_str(&format!("q(X,t) :- d(X), {body}.\n")),
            4 => p.push_str(&format!(":- d(X), x(X,t), {body}.\n")),
            _ => p.push_str(&format!(
                "q(X,t) :- d(X), #count {{ Y : x(Y,t) }} >= {}, {body}.\n",
                rng.gen_range(1..=k)
            )),
        }
    }
    // a positive loop through the step's own atoms, and inertia
    if rng.gen_bool(0.6) {
        p.push_str("p(X,t) :- q(X,t).\nq(X,t) :- p(X,t), not x(X,t).\n");
    }
    if rng.gen_bool(0.5) {
        p.push_str("p(X,t) :- p(X,t-1), not x(X,t).\n");
    }
    // an atom false for good, which the next step's grounding forgets
    if rng.gen_bool(0.4) {
        p.push_str(&format!(":- x({},t).\n", rng.gen_range(1..=k)));
    }
    let goal: Vec<String> = (0..rng.gen_range(1..=2))
        .map(|_| {
            let pred = ["x", "p", "q"][rng.gen_range(0..3)];
            format!("{pred}({},t)", rng.gen_range(1..=k))
        })
        .collect();
    p.push_str(&format!(
        "#program check(t).\n#external query(t).\ngoal(t) :- {}.\n:- query(t), not goal(t).\n#show x/2.\n#show goal/1.\n",
        goal.join(", ")
    ));
    p
}

/// Random incremental programs (`MINASP_INC_PROGRAMS`, default 30) run
/// as clingo 5.4's incmode runs them, each to the first plan, until a
/// step is unsatisfiable, and for at least 3 steps: every step's answer
/// sets, the result and `Calls` as clingo's.  Steps after a step with
/// answer sets start afresh; the others start from what the last step
/// learnt, which this checks is never more than the program says (also
/// under `-t 2`).
#[test]
fn random_incremental_programs_run_as_clingo_runs_them() {
    if !native_clingo() {
        return;
    }
    let n = crate::support::env_u64("MINASP_INC_PROGRAMS", 30);
    let dir = crate::support::report_dir("incremental_random");
    let variants: &[&[&str]] = &[
        &["0", "-c", "imax=4"],
        &["0", "-c", "imax=4", "-c", "istop=\"UNSAT\""],
        &["0", "-c", "imin=3", "-c", "imax=4"],
        // `-t 2`: a step's search is carried on alone (see `Control::solve`)
        &["0", "-c", "imax=4", "-t", "2"],
    ];
    for seed in 0..n {
        let path = dir.join(format!("inc_{seed}.lp"));
        std::fs::write(&path, random_incmode(seed)).expect("writes the program");
        let path = path.display().to_string();
        for v in variants {
            let mut args = vec![path.as_str()];
            args.extend_from_slice(v);
            let theirs = run("clingo", &args);
            let ours = run(env!("CARGO_BIN_EXE_minasp"), &args);
            let sorted = |s: &Steps| -> Vec<BTreeSet<BTreeSet<String>>> {
                s.calls.iter().map(|c| c.iter().cloned().collect()).collect()
            };
            assert_eq!(sorted(&ours), sorted(&theirs), "seed {seed} {v:?}: the steps' answer sets ({path})");
            assert_eq!(
                (&ours.result, &ours.calls_line, ours.code),
                (&theirs.result, &theirs.calls_line, theirs.code),
                "seed {seed} {v:?} ({path})"
            );
        }
    }
}

/// A step's projection of a literal with `_` (`:- move(B,_,t), ...` in
/// `step(t)`, see `ground::normalize`) covers that step's atoms alone:
/// every step adds as many atoms as the one before.  Before, the step's
/// parameter was passed through the projection like a variable, so each
/// step projected the moves of every earlier step again (blocks world's
/// incremental rows had a third more variables after 15 steps).
#[test]
fn a_step_projects_its_own_atoms_only() {
    use minasp::value::Value;
    let mut ctl = minasp::Control::new(minasp::Options::default());
    ctl.add(
        "base",
        "#program base. b(1..3).\n#program step(t).\n{ move(B,L,t) : b(B), b(L), B != L }.\n\
         :- move(B,_,t), move(_,B,t).\n",
    );
    ctl.ground().expect("base grounds");
    let mut atoms = vec![ctl.grounding().expect("a grounding").program.num_atoms];
    for t in 1..=4 {
        ctl.ground_parts(&[("step".to_string(), vec![Value::Int(t)])]).expect("a step grounds");
        atoms.push(ctl.grounding().expect("a grounding").program.num_atoms);
    }
    let added: Vec<u32> = atoms.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(added[0] > 6, "step 1 adds its moves and their projections: {atoms:?}");
    assert!(added.iter().all(|&n| n == added[0]), "atoms added by each step: {added:?}");
}

/// `--stats` count the whole run, as clingo's do, however each step's
/// search was made: grown from the last step's, or made afresh
/// (`--iheuristic=forget`, `--ilearnt=forget`), which once printed only
/// the last call's counters (0 conflicts here).
#[test]
fn stats_count_every_step_however_its_search_was_made() {
    let counter = |stdout: &str, name: &str| -> u64 {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim_start().strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no {name} line in\n{stdout}"))
    };
    let prog = file("pigeons_then_free_incmode.lp");
    for extra in [&[][..], &["--iheuristic=forget"][..], &["--ilearnt=forget", "--iheuristic=forget"][..]] {
        let mut args: Vec<String> = vec!["--stats".into(), "-q".into(), prog.clone()];
        args.extend(extra.iter().map(|a| a.to_string()));
        let out = run_command(&[env!("CARGO_BIN_EXE_minasp").to_string()], &args, TIMEOUT);
        assert_eq!(out.code, Some(10), "{extra:?}: {}{}", out.stdout, out.stderr);
        assert_eq!(counter(&out.stdout, "Calls"), 4, "{extra:?}");
        // 6 pigeons, 5 holes, twice: far more than a handful of conflicts
        let conflicts = counter(&out.stdout, "Conflicts");
        assert!(conflicts >= 20, "{extra:?}: {conflicts} conflicts\n{}", out.stdout);
        assert!(counter(&out.stdout, "Choices") >= conflicts, "{extra:?}");
    }
}

/// `#show p/n.` in `base` of a predicate that only a later part has facts
/// of (`step(t)`) is no "no atoms over signature" info; one that no part
/// writes is, at every step; one that a later part's rule derives is, at
/// the steps before that part is grounded. The infos are the native
/// clingo's, in clingo's order and number.
#[test]
fn show_signatures_count_the_atoms_of_every_part() {
    if !native_clingo() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("show.lp");
    std::fs::write(
        &f,
        "#include <incmode>.\n#program base.\n#show q/1.\n#show p/1.\n#show r/1.\n#program step(t).\np(t).\n\
         r(t) :- t < 5.\n#program check(t).\n:- query(t), t < 2.\n",
    )
    .unwrap();
    let f = f.display().to_string();
    let infos = |argv: &[String]| -> Vec<String> {
        let out = run_command(argv, &[f.clone()], TIMEOUT);
        out.stderr
            .lines()
            .filter(|l| l.contains("info:") || l.starts_with("  "))
            .map(|l| l.to_string())
            .collect()
    };
    let ours = infos(&crate::support::minasp_argv());
    assert_eq!(ours, infos(&["clingo".to_string()]));
    let count = |sig: &str| ours.iter().filter(|l| l.trim() == sig).count();
    assert_eq!((count("q/1"), count("p/1"), count("r/1")), (3, 0, 1), "{:?}", ours);
}
