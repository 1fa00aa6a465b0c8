//! One test per row of the dialect table (`../shared/docs/language.md`),
//! each with its expected answer sets worked out by hand in the comment
//! beside it (there is no gringo 3 binary to compare with).  Where the same
//! text means different things in the two dialects, both readings are
//! checked; the clingo 5 reading is also compared with clingo when present.

use crate::support::run_minasp;
use std::collections::BTreeSet;
use std::time::Duration;

type Answers = Vec<BTreeSet<String>>;

fn run(files: &[&str], args: &[&str]) -> (Answers, String, Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (i, text) in files.iter().enumerate() {
        let p = dir.path().join(format!("f{}.lp", i));
        std::fs::write(&p, text).unwrap();
        paths.push(p.to_string_lossy().into_owned());
    }
    let mut all: Vec<&str> = paths.iter().map(String::as_str).collect();
    all.extend(args);
    all.push("0");
    let a = run_minasp(&all, None, Duration::from_secs(60));
    (a.models, a.result, a.code, a.stderr)
}

/// The answer sets as a sorted list of sorted atom lists (a multiset).
fn answers(src: &str, args: &[&str]) -> Vec<Vec<String>> {
    let (models, _, code, err) = run(&[src], args);
    assert!(matches!(code, Some(20) | Some(30)), "exit {:?}, stderr: {}", code, err);
    let mut v: Vec<Vec<String>> = models.into_iter().map(|m| m.into_iter().collect()).collect();
    v.sort();
    v
}

fn want(models: &[&[&str]]) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = models
        .iter()
        .map(|m| {
            let mut a: Vec<String> = m.iter().map(|s| s.to_string()).collect();
            a.sort();
            a
        })
        .collect();
    v.sort();
    v
}

const G3: &[&str] = &["--dialect", "gringo3"];
const C5: &[&str] = &["--dialect", "clingo5"];

#[test]
fn hide_all_then_show_a_predicate() {
    // #hide. hides everything, #show p/1. re-includes p/1: only p(1).
    assert_eq!(answers("p(1). q(1). #hide. #show p/1.", &[]), want(&[&["p(1)"]]));
    // #hide q/1. hides just q/1.
    assert_eq!(answers("p(1). q(1). #hide q/1.", &[]), want(&[&["p(1)"]]));
}

#[test]
fn conditional_show_differs_between_dialects() {
    // gringo 3: the true atoms p(X) with q(X). Four models ({}, {p(1)},
    // {p(2)}, {p(1),p(2)}), printed as {}, {}, {p(2)}, {p(2)}.
    let g3 = "{p(1..2)}. q(2). #hide. #show p(X) : q(X).";
    assert_eq!(answers(g3, &[]), want(&[&[], &[], &["p(2)"], &["p(2)"]]));
    // clingo 5: the term p(2) whenever q(2) holds, true atom or not: four
    // models, each printed as {p(2)}.
    let c5 = "{p(1..2)}. q(2). #show. #show p(X) : q(X).";
    assert_eq!(answers(c5, &[]), want(&[&["p(2)"], &["p(2)"], &["p(2)"], &["p(2)"]]));
}

#[test]
fn body_pooling_is_a_conjunction_in_gringo3_only() {
    // gringo 3: r :- p(1), p(2).  p(2) is false, so r is not derived.
    let src = "p(1). r :- p(1;2).";
    assert_eq!(answers(src, G3), want(&[&["p(1)"]]));
    // clingo 5: r :- p(1).  r :- p(2).  so r holds.
    assert_eq!(answers(src, C5), want(&[&["p(1)", "r"]]));
    // auto: a neutral file is read as clingo 5, and an info line says so.
    let (_, _, code, err) = run(&[src], &[]);
    assert_eq!(code, Some(30));
    assert!(err.contains("info: read as clingo 5"), "{}", err);
}

#[test]
fn pooling_inside_a_condition() {
    // gringo 3: a(X) : d(X), d(X+1) -- only X=1 qualifies, a(1) holds, so b.
    let src = "d(1). d(2). a(1). b :- a(X) : d(X;X+1).";
    assert_eq!(answers(src, G3), want(&[&["a(1)", "b", "d(1)", "d(2)"]]));
    // clingo 5: a(X) : d(X) and a(X) : d(X+1) -- the first needs a(2): no b.
    assert_eq!(answers(src, C5), want(&[&["a(1)", "d(1)", "d(2)"]]));
}

#[test]
fn argument_pooling() {
    // gringo 3: `;` pools one argument: p(1,2) and p(1,3).
    assert_eq!(answers("p(1,2;3).", G3), want(&[&["p(1,2)", "p(1,3)"]]));
    // clingo 5: `;` separates argument tuples: p(1,2) and p(3).
    assert_eq!(answers("p(1,2;3).", C5), want(&[&["p(1,2)", "p(3)"]]));
    // gringo 3: `;;` separates argument lists: p(1,2) and p(3,4).
    assert_eq!(answers("p(1,2;;3,4).", &[]), want(&[&["p(1,2)", "p(3,4)"]]));
}

#[test]
fn chained_conditions() {
    // Exactly one m(X) with d(X) and not e(X): X in {1,3}: two answers.
    let src = "d(1..3). e(2). 1 { m(X) : d(X) : not e(X) } 1. #hide d/1. #hide e/1.";
    assert_eq!(answers(src, &[]), want(&[&["m(1)"], &["m(3)"]]));
}

#[test]
fn weight_aggregates_are_multisets() {
    // [a=1, a=1] adds the repeated literal twice: 2, so ok.
    assert_eq!(answers("a. ok :- 2 [a = 1, a = 1] 2.", &[]), want(&[&["a", "ok"]]));
    // Weights after conditions; instances of a condition count one by one:
    // d(1..3) with weight X: 1+2+3 = 6.
    assert_eq!(
        answers("d(1..3). ok :- 6 [d(X) : d(X) = X] 6.", &[]),
        want(&[&["d(1)", "d(2)", "d(3)", "ok"]])
    );
    // #sum / #min / #max / #avg over [..]: a=2, b=4 true, c false.
    let src = "a. b. s(X) :- X = #sum[a = 2, b = 4, c = 8]. mn :- 2 #min[a = 2, b = 4, c = 1] 2. \
               mx :- #max[a = 2, b = 4, c = 8] 4. av :- 3 #avg[a = 2, b = 4] 3. #hide a/0. #hide b/0.";
    assert_eq!(answers(src, &[]), want(&[&["av", "mn", "mx", "s(6)"]]));
}

#[test]
fn count_aggregates_are_sets() {
    // { a, a } is the set {a}: count 1, so no ok. { a, not b } with b false: 2.
    let src = "a. ok :- 2 { a, a } 2. ok2 :- 2 { a, not b } 2. #hide a/0.";
    assert_eq!(answers(src, &[]), want(&[&["ok2"]]));
    // #count{..} is the same with its name.
    assert_eq!(answers("a. ok :- 1 #count{ a, not b, c } 2. #hide a/0.", &[]), want(&[&["ok"]]));
}

#[test]
fn parity_aggregates() {
    // a, b true, c false: #even{a,b,c} (2 true) holds, #odd{a,c} (1 true) holds,
    // #odd{a,b} (2) does not.
    let src = "a. b. ev :- #even{a, b, c}. od :- #odd{a, c}. no :- #odd{a, b}. #hide a/0. #hide b/0.";
    assert_eq!(answers(src, &[]), want(&[&["ev", "od"]]));
    // Over a choice: #odd{a;b} true in exactly the two models with one of them.
    let src = "{a, b}. x :- #odd{a, b}.";
    assert_eq!(answers(src, G3), want(&[&[], &["a", "x"], &["b", "x"], &["a", "b"]]));
}

#[test]
fn assignments_and_arithmetic_functions() {
    // X := 2+3 binds X to 5; #abs(-3)=3, #mod(7,3)=1, #pow(2,3)=8, #div(7,2)=3.
    let src = "p(X) :- X := 2+3. q(#abs(-3), #mod(7,3), #pow(2,3), #div(7,2)).";
    assert_eq!(answers(src, &[]), want(&[&["p(5)", "q(3,1,8,3)"]]));
}

#[test]
fn domain_declarations() {
    // #domain d(X): both rules get d(X): p(X) or q(X) for X=1,2: 4 answers.
    let src = "#domain d(X). d(1..2). p(X) :- not q(X). q(X) :- not p(X). #hide d/1.";
    assert_eq!(
        answers(src, &[]),
        want(&[&["p(1)", "p(2)"], &["p(1)", "q(2)"], &["q(1)", "p(2)"], &["q(1)", "q(2)"]])
    );
}

#[test]
fn compute_statements_restrict_the_models() {
    // {a; b} has four models; #compute { a, not b } keeps {a}.
    assert_eq!(answers("{a, b}. #compute 1 { a, not b }.", &[]), want(&[&["a"]]));
}

#[test]
fn infimum_and_supremum() {
    // #supremum is greater than every integer: q holds.
    assert_eq!(answers("#hide r/0. r. p(#infimum). q :- #supremum > 3, r.", G3), want(&[&["p(#inf)", "q"]]));
}

#[test]
fn disjunction_in_gringo3_heads() {
    // a | b.  Two minimal models.
    assert_eq!(answers("a | b :- c. c. #hide c/0.", G3), want(&[&["a"], &["b"]]));
}

/// clingo 5 disjunction, `;` or `|`, with conditions; pools and intervals in a
/// disjunct make one rule per option (answers checked against clingo 5.4.1).
#[test]
fn disjunction_in_clingo5_heads() {
    assert_eq!(answers("a ; b.", C5), want(&[&["a"], &["b"]]));
    assert_eq!(answers("a | b :- c. c. #show a/0. #show b/0.", &[]), want(&[&["a"], &["b"]]));
    assert_eq!(
        answers("p(X) : q(X) ; s :- r. q(1..2). r. #show p/1. #show s/0.", &[]),
        want(&[&["p(1)"], &["p(2)"], &["s"]])
    );
    // `p(1;2) ; q.` is `p(1) ; q.` and `p(2) ; q.`: {p(1), p(2)} or {q}.
    assert_eq!(answers("p(1;2) ; q.", &[]), want(&[&["p(1)", "p(2)"], &["q"]]));
    assert_eq!(answers("q(1..2) | d.", &[]), want(&[&["q(1)", "q(2)"], &["d"]]));
    // An undefined disjunct drops its rule instance, as clingo does (X = 1): three
    // answer sets from X = 2 only, q(2) shown in one.
    assert_eq!(
        answers("d(1..2). r(X) | s(X) | q(2/(X-1)) :- d(X). #show q/1.", &[]),
        want(&[&[], &[], &["q(2)"]])
    );
}

/// gringo 3's `#minimize [a = 2 @ 1].` is a weighted literal: the optimum
/// leaves `a` false (cost 0); `#maximize` of it makes `a` true.  Read as
/// clingo 5 (`#minimize{..}` with tuples) the same braces mean the weight
/// `a`, which is no integer: clingo ignores such a tuple.
#[test]
fn gringo3_minimize_is_optimised() {
    let (models, result, code, _) = run(&["{a}. #minimize [a = 2 @ 1]."], &[]);
    assert_eq!((result.as_str(), code), ("OPTIMUM FOUND", Some(30)));
    assert_eq!(models.last().expect("a model"), &crate::support::Model::new());
    let (models, result, _, _) = run(&["{a}. #maximize [a = 2 @ 1]."], &[]);
    assert_eq!(result, "OPTIMUM FOUND");
    assert_eq!(models.last().expect("a model"), &crate::support::Model::from(["a".to_string()]));
}

#[test]
fn mixed_dialects_are_an_error_that_suggests_a_flag() {
    let (_, result, code, err) = run(&["p. #hide.", "a :- p; q."], &[]);
    assert_eq!(code, Some(65));
    assert_eq!(result, "UNKNOWN");
    assert!(err.contains("mixes dialects") && err.contains("--dialect"), "{}", err);
}

#[test]
fn weight_constraints_in_heads() {
    // 1 [c, d] 1: exactly one of c, d (weight 1 each).
    assert_eq!(answers("a. 1 [ c, d ] 1 :- a. #hide a/0.", &[]), want(&[&["c"], &["d"]]));
    // 2 [c=1, d=2, e:a=1] 2: the chosen weights add up to 2: {d} or {c, e}.
    assert_eq!(
        answers("a. 2 [ c = 1, d = 2, e : a = 1 ] 2 :- a. #hide a/0.", &[]),
        want(&[&["d"], &["c", "e"]])
    );
}
