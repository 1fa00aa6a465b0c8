//! Programs from public corpora (the Potassco guide's examples, clingo's
//! examples, planning benchmarks) that minasp once misread: a silent wrong
//! answer, a false "unsafe" error, grounding that never ended, a dialect
//! chosen without a word, and runs that would not stop.  Every expected
//! answer below was checked against clingo 5 (the gringo 3 readings are
//! worked out by hand, with the reasoning beside them); the programs are
//! also in `tests/regressions/`, where clingo re-confirms them on each run.

use crate::support::{minasp_argv, run_command_input, run_minasp, tool_works, Model, RunOutput};
use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn minasp(args: &[&str], program: &str) -> RunOutput {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    run_command_input(&minasp_argv(), &args, Some(program), Duration::from_secs(60))
}

fn models(text: &[&str]) -> Vec<Model> {
    let mut ms: Vec<Model> =
        text.iter().map(|m| m.split_whitespace().map(str::to_string).collect::<BTreeSet<_>>()).collect();
    ms.sort();
    ms
}

/// All answer sets of `program` (stdin) under `args`, with the exit code and stderr.
fn answers(args: &[&str], program: &str) -> (Vec<Model>, Option<i32>, String) {
    let a = run_minasp(&[args, &["0"]].concat(), Some(program), Duration::from_secs(60));
    let mut ms = a.models;
    ms.sort();
    (ms, a.code, a.stderr)
}

// ------------------------------------------------------------------ 1. lparse's `minimize`

/// `minimize [ a = 1 ].` was a choice rule whose lower bound is the constant
/// `minimize`, which no sum reaches: UNSATISFIABLE, silently.  It is lparse's
/// (and gringo 2's) spelling of `#minimize`; gringo 3 files still use it.
/// Read as gringo 3 it minimises: `a` stays false.  A small TSP in lparse's
/// style: the tour 1-2-3-4 costs 2+2+1+3 = 8, the other two tours 12 and 14
/// (clingo 5 agrees on the same encoding with `#minimize{C,X,Y : ..}`).
#[test]
fn lparse_minimize_is_never_read_as_a_rule() {
    for args in [&[][..], &["--dialect=gringo3"][..]] {
        let out = minasp(args, "{a}. minimize [ a = 1 ].\n");
        assert_eq!(out.code, Some(30), "{}", out.stderr);
        assert!(out.stdout.contains("OPTIMUM FOUND"), "{}", out.stdout);
        assert!(out.stdout.contains("Optimization : 0\n"), "{}", out.stdout);
    }
    let tsp = "node(1..4).
cost(1,2,2). cost(1,3,4). cost(1,4,3). cost(2,3,2). cost(2,4,5). cost(3,4,1).
cost(Y,X,C) :- cost(X,Y,C).
1 { cycle(X,Y) : cost(X,Y,_) } 1 :- node(X).
1 { cycle(X,Y) : cost(X,Y,_) } 1 :- node(Y).
reached(Y) :- cycle(1,Y).
reached(Y) :- cycle(X,Y), reached(X).
:- node(Y), not reached(Y).
#hide. #show cycle/2.
";
    let out = minasp(&[], &format!("{tsp}minimize [ cycle(X,Y) : cost(X,Y,C) = C ].\n"));
    assert_eq!(out.code, Some(30), "{}", out.stderr);
    assert!(out.stdout.contains("Optimization : 8\n"), "{}", out.stdout);
    if tool_works(&["clingo".to_string()]) {
        let c5 = tsp.replace("#hide. #show cycle/2.\n", "#show cycle/2.\n");
        let c5 = format!("{c5}#minimize{{ C,X,Y : cycle(X,Y), cost(X,Y,C) }}.\n");
        let out = run_command_input(&["clingo".to_string()], &[], Some(&c5), Duration::from_secs(30));
        assert!(out.stdout.contains("Optimization : 8\n"), "clingo: {}", out.stdout);
    }
    // Read as clingo 5 it has no meaning either: one located error, no follow-ons.
    let out = minasp(&["--dialect=clingo5"], "{a}. minimize { a }.\nb.\n");
    let stderr = out.stderr.clone();
    assert_eq!(out.code, Some(65));
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(stderr.contains("-:1:6-14: error: 'minimize' without '#' is lparse's spelling of '#minimize'"));
}

/// The other lparse names without `#`, in front of the brackets they open:
/// `2 sum [a=2]` is gringo 3's `2 #sum [a=2]` (a lower bound of 2 on the
/// weight of `a`: holds exactly when `a` does), `count {a, b} 1` is
/// `#count{a, b} 1` (at most one of them).
#[test]
fn lparse_aggregate_names_without_hash() {
    let (ms, code, _) = answers(&[], "{a}. q :- 2 sum [a = 2].\n");
    assert_eq!(code, Some(30));
    assert_eq!(ms, models(&["", "a q"]));
    let (ms, _, _) = answers(&[], "{a}. {b}. r :- count {a, b} 1.\n");
    assert_eq!(ms, models(&["r", "a r", "b r", "a b"]));
    // A predicate or constant of that name keeps its meaning.
    let (ms, _, _) = answers(&[], "sum(1). minimize :- sum(X). count(2).\n");
    assert_eq!(ms, models(&["sum(1) minimize count(2)"]));
}

// ------------------------------------------------------------------ 2. arithmetic in an atom

/// `p(T, T\2)`: `T` is bound by the first argument of the same atom, so the
/// rule is safe (clingo: `q(1)`); the same with `/`, `|..|` and nested terms.
#[test]
fn arithmetic_over_variables_bound_in_the_same_atom() {
    let (ms, code, stderr) = answers(&[], "p(1,1). q(T) :- p(T, T\\2).\n");
    assert_eq!(code, Some(30), "{stderr}");
    assert_eq!(ms, models(&["p(1,1) q(1)"]));
    // clingo 5.8.3: p(4,2) q(4) r(4) s(2)
    let (ms, _, stderr) = answers(
        &[],
        "p(4,2). q(T) :- p(T, T/2).\nr(T) :- p(T, |T-6|).\ns(X) :- p(X*2, X), p(f(X), X) : X > 3.\n",
    );
    assert_eq!(ms, models(&["p(4,2) q(4) r(4) s(2)"]), "{stderr}");
    // The arithmetic argument first, bound by a later argument (clingo: q(3) only).
    let (ms, _, _) =
        answers(&[], "p(5,1). p(4,2). p(1,3). q(T) :- p(T\\2, T).\nr(X,Y) :- p(Y*X, X), p(X,Y).\n");
    assert_eq!(ms, models(&["p(5,1) p(4,2) p(1,3) q(3)"]));
}

/// A term over two variables binds neither, even with one of them bound
/// elsewhere: gringo inverts only terms over a single variable.  minasp
/// once solved `p(X+D)` with `X` bound by `d(X)`, where clingo 5.4 and 5.8
/// report `D` unsafe (this message is clingo's, character for character).
#[test]
fn a_term_over_two_variables_binds_neither() {
    let (_, code, stderr) = answers(&[], "p(1..3). d(1). q(X,D) :- d(X), p(X+D).\n");
    assert_eq!(code, Some(65), "{stderr}");
    assert!(stderr.contains("-:1:16-39: error: unsafe variables in:"), "{stderr}");
    assert!(stderr.contains("-:1:20-21: note: 'D' is unsafe"), "{stderr}");
    // one variable: inverted (clingo: q(0) q(1) q(2))
    let (ms, _, stderr) = answers(&[], "p(1..3). q(X) :- p(X+1).\n");
    assert_eq!(ms, models(&["p(1) p(2) p(3) q(0) q(1) q(2)"]), "{stderr}");
    // bound first by another literal, the same term is a check (clingo: q(1,1) q(1,2))
    let (ms, _, stderr) = answers(&[], "p(1..3). d(1). e(1..2). q(X,D) :- d(X), e(D), p(X+D).\n");
    assert_eq!(ms, models(&["p(1) p(2) p(3) d(1) e(1) e(2) q(1,1) q(1,2)"]), "{stderr}");
}

// ------------------------------------------------------------------ 3. unreachable aggregates

/// A recursive aggregate that can never reach its bound derived a new `u`
/// each round: grounding never ended (clingo: 0.02 s, `u(1)`).
#[test]
fn unreachable_recursive_aggregates_end_grounding() {
    let start = Instant::now();
    let (ms, code, _) =
        answers(&[], "u(1). u(I+1) :- u(I), r(I). r(I) :- u(I), #count{J : r(J), J < I} >= 1.\n");
    assert_eq!(code, Some(30));
    assert_eq!(ms, models(&["u(1)"]));
    // #sum, #max, an upper bound below zero, and one that does grow (clingo: z(1..30), zz(2..30)).
    let (ms, _, _) = answers(
        &[],
        "u(1). u(I+1) :- u(I), r(I). r(I) :- u(I), #sum{J : r(J), J < I} > 0.\n\
         v(1). v(I+1) :- v(I), w(I). w(I) :- v(I), #max{J : w(J), J < I} >= 1.\n\
         x(1). x(I+1) :- x(I), y(I). y(I) :- x(I), #count{J : y(J), J < I} < 0.\n\
         z(1). z(2). z(I+1) :- z(I), zz(I), I < 30. zz(I) :- z(I), #count{J : zz(J), J < I} = I - 2.\n",
    );
    let mut expected: BTreeSet<String> = ["u(1)", "v(1)", "x(1)"].iter().map(|s| s.to_string()).collect();
    expected.extend((1..=30).map(|i| format!("z({i})")));
    expected.extend((2..=30).map(|i| format!("zz({i})")));
    assert_eq!(ms, vec![expected]);
    assert!(start.elapsed() < Duration::from_secs(30));
}

// ------------------------------------------------------------------ 4. pools with several arguments

/// `edge(1,2;3;4).` is `edge(1,2) edge(3) edge(4)` in clingo 5 and
/// `edge(1,2) edge(1,3) edge(1,4)` in gringo 3 (`;` pools one argument
/// there); in a file with nothing else of either dialect, minasp reads it
/// the clingo 5 way and says so.
#[test]
fn pools_with_several_arguments_say_which_reading_was_used() {
    let (ms, _, stderr) = answers(&[], "edge(1,2;3;4).\n");
    assert_eq!(ms, models(&["edge(1,2) edge(3) edge(4)"]));
    assert!(stderr.contains("-:1:9-10: info: read as clingo 5: pooling with several arguments"), "{stderr}");
    let (ms, _, stderr) = answers(&["--dialect=gringo3"], "edge(1,2;3;4).\n");
    assert_eq!(ms, models(&["edge(1,2) edge(1,3) edge(1,4)"]));
    assert!(!stderr.contains("info"), "{stderr}");
    // A pool in a head condition: a conjunction in gringo 3, one element per option in clingo 5.
    let (_, _, stderr) = answers(&[], "d(1). d(2). e(2). { a(X) : d(X), e(X;1) }.\n");
    assert!(stderr.contains("info: read as clingo 5: pooling in a condition"), "{stderr}");
    // Nothing to say where the readings agree.
    let (_, _, stderr) = answers(&[], "p(1;2). q(f(1;2)).\n");
    assert!(!stderr.contains("info"), "{stderr}");
}

/// `;;` is gringo 3's separator of argument lists (and marks a file as
/// gringo 3); clingo 5 has no such token and reads two `;`, with an empty
/// pool element between them: `p(1;;2)` is `p(1)`, `p` and `p(2)` (clingo
/// 5.4.1 and 5.8.3), `(1;;2)` holds the empty tuple, and in a body or a
/// set `;;` is a syntax error at the second `;`. minasp read it as one
/// separator in clingo 5 too (the Python API's language).
#[test]
fn a_double_semicolon_is_two_in_clingo_5() {
    let (ms, _, _) = answers(&["--dialect=clingo5"], "p(1;;2). q((1;;2)). r(1,2;;3).\n");
    assert_eq!(ms, models(&["p(1) p p(2) q(1) q(()) q(2) r(1,2) r r(3)"]));
    let (ms, _, _) = answers(&["--dialect=gringo3"], "p(1;;2).\n");
    assert_eq!(ms, models(&["p(1) p(2)"]));
    let (ms, _, _) = answers(&[], "p(1;;2).\n");
    assert_eq!(ms, models(&["p(1) p(2)"]), "a file with `;;` is gringo 3");
    let (_, code, stderr) = answers(&["--dialect=clingo5"], "a :- b;;c.\n");
    assert_eq!(code, Some(65));
    assert!(stderr.starts_with("-:1:8-9: error: syntax error, unexpected ;\n"), "{stderr}");
    if tool_works(&["clingo".to_string()]) {
        let out = run_command_input(
            &["clingo".to_string(), "0".to_string()],
            &[],
            Some("p(1;;2). q((1;;2)). r(1,2;;3).\n"),
            Duration::from_secs(30),
        );
        let mut atoms: Vec<&str> = out.stdout.lines().nth(4).unwrap_or("").split_whitespace().collect();
        atoms.sort();
        assert_eq!(
            atoms,
            ["p", "p(1)", "p(2)", "q(())", "q(1)", "q(2)", "r", "r(1,2)", "r(3)"],
            "clingo: {}",
            out.stdout
        );
    }
}

/// A pool as a constant's value: clingo 5 has one term there (`#const k =
/// (1;2).` is its syntax error, 5.4.1 and 5.8.3), so minasp's clingo 5
/// reading refuses it; it took the first option and went on (`p(1)`, no
/// message; found running public programs, 2026-12-02). gringo 3 pools it.
#[test]
fn a_pool_is_no_constant_value_in_clingo_5() {
    for args in [&[][..], &["--dialect=clingo5"][..]] {
        let (ms, code, stderr) = answers(args, "#const k = (1;2). p(k).\n");
        assert_eq!(code, Some(65), "{args:?}: {ms:?}");
        assert!(stderr.contains("error: the value of constant 'k' is not a ground term"), "{stderr}");
    }
    let (ms, _, _) = answers(&["--dialect=gringo3"], "#const k = (1;2). p(k).\n");
    assert_eq!(ms, models(&["p(1) p(2)"]));
    let (ms, _, _) = answers(&[], "#const k = (1,2). p(k).\n");
    assert_eq!(ms, models(&["p((1,2))"]), "a tuple is one term");
}

// ------------------------------------------------------------------ 5. runs that would not stop

/// Sends SIGTERM to a run after `after`, returns its output and how long it
/// took to end after the signal.
fn terminate(args: &[String], after: Duration) -> (String, Option<i32>, Duration) {
    let child = crate::support::minasp_command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run minasp");
    std::thread::sleep(after);
    let sent = Instant::now();
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let out = child.wait_with_output().expect("output");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code(), sent.elapsed())
}

/// A join that finds nothing for a long time (27 billion candidate
/// triples), and a rule with 200,000 body literals: SIGTERM and the time
/// limit stop both within a second, with clingo's UNKNOWN / INTERRUPTED.
#[test]
fn signals_and_time_limits_stop_grounding() {
    let dir = tempfile::tempdir().expect("tempdir");
    let slow = dir.path().join("slow.lp");
    std::fs::write(&slow, "p(1..3000). q(X,Y,Z) :- p(X), p(Y), p(Z), X+Y+Z < 0.\n").expect("write");
    let slow = slow.to_string_lossy().into_owned();
    let (stdout, code, took) = terminate(std::slice::from_ref(&slow), Duration::from_millis(500));
    assert!(took < Duration::from_secs(2), "took {took:?} to stop after SIGTERM");
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("UNKNOWN") && stdout.contains("INTERRUPTED  : 1"), "{stdout}");

    let start = Instant::now();
    let out = crate::support::minasp_command().args([&slow, "--time-limit=1"]).output().expect("run");
    assert!(start.elapsed() < Duration::from_secs(3), "time limit 1 s took {:?}", start.elapsed());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("TIME LIMIT   : 1"), "{stdout}");

    let wide = dir.path().join("wide.lp");
    let n = 200_000;
    let lits: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    std::fs::write(&wide, format!("h :- {}.\n{{ {} }}.\n", lits.join(", "), lits.join("; "))).expect("write");
    let (stdout, code, took) = terminate(&[wide.to_string_lossy().into_owned()], Duration::from_millis(300));
    assert!(took < Duration::from_secs(2), "took {took:?} to stop after SIGTERM");
    // Stopped (UNKNOWN, exit 1) or, on a fast machine, done first (an answer, exit 10).
    assert!(matches!(code, Some(1) | Some(10) | Some(11)), "exit {code:?}\n{stdout}");
}
