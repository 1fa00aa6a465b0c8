//! Grounder tests on small programs: the ground rules expected, written
//! out by hand (in `--text` form, compared as sets of lines).

use crate::ground::{ground, Options};
use crate::syntax::parse::{parse, Dialect};
use crate::syntax::span::FileId;
use std::collections::BTreeSet;

fn ground_lines(src: &str) -> Vec<String> {
    let (g, _) = ground(stmts(src), &Options::default()).unwrap_or_else(|d| panic!("{:?}", d));
    crate::text::ground_text(&g).lines().map(str::to_string).collect()
}

/// The statements of `src` (clingo 5), which must parse.
fn stmts(src: &str) -> Vec<crate::syntax::ast::Statement> {
    let (stmts, d) = parse(FileId(0), src, Dialect::Clingo5);
    assert!(d.is_empty(), "{:?}", d);
    stmts
}

fn set(lines: &[&str]) -> BTreeSet<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

fn assert_ground(src: &str, want: &[&str]) {
    let got: BTreeSet<String> = ground_lines(src).into_iter().collect();
    assert_eq!(got, set(want), "program: {}", src);
}

#[test]
fn stratified_negation_is_evaluated_away() {
    assert_ground(
        "p(1..3). r(2). q(X) :- p(X), not r(X).",
        &["p(1).", "p(2).", "p(3).", "r(2).", "q(1).", "q(3)."],
    );
}

#[test]
fn unstratified_negation_stays() {
    assert_ground("a :- not b. b :- not a.", &["a:-not b.", "b:-not a."]);
}

#[test]
fn underivable_body_atoms_make_rules_vanish() {
    assert_ground("a :- b. c :- not b.", &["c."]);
}

#[test]
fn semi_naive_closure_is_complete_and_without_repeats() {
    let src = "e(1,2). e(2,3). e(3,1). r(X,Y) :- e(X,Y). r(X,Z) :- r(X,Y), e(Y,Z).";
    let lines = ground_lines(src);
    let unique: BTreeSet<&String> = lines.iter().collect();
    assert_eq!(lines.len(), unique.len(), "a rule was emitted twice: {:?}", lines);
    let r: Vec<&String> = lines.iter().filter(|l| l.starts_with("r(")).collect();
    assert_eq!(r.len(), 9, "{:?}", r);
}

#[test]
fn recursion_through_arithmetic_stops_at_the_guard() {
    assert_ground("n(0). n(X+1) :- n(X), X < 3.", &["n(0).", "n(1).", "n(2).", "n(3)."]);
}

#[test]
fn linear_terms_bind_variables() {
    assert_ground("p(4). p(5). q(X) :- p(2*X).", &["p(4).", "p(5).", "q(2)."]);
}

#[test]
fn aggregates_over_facts_fold_to_facts() {
    assert_ground(
        "p(1..3). c(N) :- N = #count{X : p(X)}. s :- #sum{X : p(X)} = 6. t :- #max{X : p(X)} > 3.",
        &["p(1).", "p(2).", "p(3).", "c(3).", "s."],
    );
}

#[test]
fn an_aggregate_without_the_rules_variables_is_one_atom() {
    // the aggregate does not mention X: its three instances are one weight
    // rule and one auxiliary atom (gringo writes one too), not three
    let lines = ground_lines("p(1..3). {q(1..3)}. r(X) :- p(X), #count{Y : q(Y)} >= 2.");
    let weights: Vec<&String> = lines.iter().filter(|l| l.contains("2<=#sum{")).collect();
    assert_eq!(weights.len(), 1, "{:?}", lines);
    let aux = weights[0].split(":-").next().unwrap();
    for x in 1..=3 {
        assert!(lines.contains(&format!("r({x}):-{aux}.")), "{:?}", lines);
    }
}

#[test]
fn non_fact_rules_keep_undecided_literals() {
    assert_ground("{a}. b :- a, not c. c :- not a.", &["{a}.", "b:-a,not c.", "c:-not a."]);
}

#[test]
fn choice_bounds_become_constraints_on_weight_atoms() {
    let lines = ground_lines("{p(1..3)} 1.");
    assert!(lines.contains(&"{p(1);p(2);p(3)}.".to_string()), "{:?}", lines);
    // at most one: a constraint against "at least two"
    assert!(lines.iter().any(|l| l.contains("2<=#sum{")), "{:?}", lines);
    assert!(lines.iter().any(|l| l.starts_with(":-")), "{:?}", lines);
}

#[test]
fn anonymous_variables_under_negation_project() {
    assert_ground(
        "q(1,2). a :- not q(_,_). b :- not q(1,_). c :- not q(2,_).",
        // a constant stays in the projection's rule: `q(1,_)` and `q(2,_)`
        // are two projections with no argument
        &["q(1,2).", "#proj1.", "#proj2.", "c."],
    );
}

/// As gringo: a positive literal with `_` is projected when the body has
/// another literal that is not a comparison, and rules share the
/// projection (gringo writes `#p_p(#b(1),#p)`); a lone literal, or one
/// with only comparisons beside it, is not projected.
#[test]
fn anonymous_variables_in_positive_literals_project_beside_other_literals() {
    assert_ground(
        "{p(1,1..2)}. q. a(X) :- p(X,_), q. b(X) :- p(X,_), not a(X). c(X) :- p(X,_). d(X) :- p(X,_), X > 0.",
        &[
            "q.",
            "{p(1,1);p(1,2)}.",
            "#proj1(1):-p(1,1).",
            "#proj1(1):-p(1,2).",
            "a(1):-#proj1(1).",
            "b(1):-#proj1(1),not a(1).",
            "c(1):-p(1,1).",
            "c(1):-p(1,2).",
            "d(1):-p(1,1).",
            "d(1):-p(1,2).",
        ],
    );
}

#[test]
fn pools_make_one_rule_per_option() {
    assert_ground("p(1;2). a :- p(1;3).", &["p(1).", "p(2).", "a."]);
}

#[test]
fn classical_negation_gets_consistency_constraints() {
    let lines = ground_lines("{a}. -a :- not a. p :- -a.");
    assert!(lines.iter().any(|l| l == "-a:-not a."), "{:?}", lines);
    assert!(lines.iter().any(|l| l == ":-a,-a." || l == ":--a,a."), "{:?}", lines);
}

#[test]
fn unsafe_variables_are_reported_with_their_place() {
    let src = "p(X) :- not q(X).";
    let (stmts, _) = parse(FileId(0), src, Dialect::Clingo5);
    let d = ground(stmts, &Options::default()).err().expect("unsafe rule accepted");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "unsafe variables in:");
    assert_eq!(d[0].notes.len(), 1);
    assert_eq!(d[0].notes[0].1, "'X' is unsafe");
    assert_eq!((d[0].notes[0].0.lo, d[0].notes[0].0.hi), (2, 3));
}

/// A grounder in steps hands its program on simplified and takes it back
/// as it made it: the next step's grounding is the one it would be had
/// the grounder kept its program.  Here `not m(1)` is true in the first
/// step (`m(1)` has no rule) and leaves the first step's rule in the
/// program handed on; taken back, the rule has it again.
#[test]
fn a_program_handed_on_comes_back_as_it_was() {
    let first = "{ c }. b(1..2). x(X) :- b(X), not m(X). m(X) :- x(X), X > 5.";
    let second = "m(1) :- c. y :- x(1).";
    let opts = Options { warn_undefined: false, ..Options::default() };
    let mut handed = crate::ground::Grounder::new(true);
    handed.add(stmts(first), &opts).expect("grounds");
    let (raw, raw_origins) = (handed.inst.prog.rules.clone(), handed.inst.origins.clone());
    let step1 = handed.grounding();
    let text = crate::text::ground_text(&step1);
    assert!(text.lines().any(|l| l == "x(1)."), "simplified: {text}");
    assert_ne!(step1.program.rules, raw);
    assert_eq!(step1.origins.len(), step1.program.rules.len());
    handed.take_back(step1);
    assert_eq!(handed.inst.prog.rules, raw);
    assert_eq!(handed.inst.origins, raw_origins);
    handed.add(stmts(second), &opts).expect("grounds");
    let mut kept = crate::ground::Grounder::new(true);
    kept.add(stmts(first), &opts).expect("grounds");
    kept.add(stmts(second), &opts).expect("grounds");
    let (got, want) = (handed.grounding(), kept.grounding());
    assert_eq!(got.program.rules, want.program.rules);
    assert_eq!(got.origins, want.origins);
    assert_eq!(crate::text::ground_text(&got), crate::text::ground_text(&want));
}

/// A streaming grounder hands on each step's rules alone and packs them
/// away when they come back; the earlier steps unpacked with the step's
/// rules are, simplified, the program a grounder that keeps its rules
/// hands on (the same rules in the same order, the same externals).
#[test]
fn a_streaming_grounder_hands_on_each_step_alone() {
    let steps = [
        "{ c }. b(1..2). x(X) :- b(X), not m(X). m(X) :- x(X), X > 5. #external e(1). z :- e(1).",
        "m(1) :- c. y :- x(1). #external e(2). e(1) :- y. :- c, not y.",
        "w :- y, e(2). v :- m(2). u :- not v, w.",
    ];
    let opts = Options { warn_undefined: false, ..Options::default() };
    let streaming = Options { stream_steps: true, ..Options { warn_undefined: false, ..Options::default() } };
    let (mut streamed, mut kept) = (crate::ground::Grounder::new(false), crate::ground::Grounder::new(false));
    let sorted = |mut xs: Vec<(crate::program::Atom, crate::program::External)>| {
        xs.sort_by_key(|&(a, v)| (a, format!("{v:?}")));
        xs
    };
    for (k, src) in steps.iter().enumerate() {
        streamed.add(stmts(src), &streaming).expect("grounds");
        kept.add(stmts(src), &opts).expect("grounds");
        let (got, want) = (streamed.grounding(), kept.grounding());
        let s = got.streamed.expect("streamed");
        assert_eq!((s.step, s.partial), (k as u32, k > 0));
        assert!(want.streamed.is_none());
        let whole = streamed.earlier().expect("streaming").whole(&got.program);
        assert_eq!(whole.rules, want.program.rules, "step {k}");
        assert_eq!(sorted(whole.externals.clone()), sorted(want.program.externals.clone()), "step {k}");
        assert_eq!(whole.num_atoms, want.program.num_atoms);
        if k > 0 {
            assert!(got.program.rules.len() < want.program.rules.len(), "step {k}: only its rules");
        }
        // externals that rules define are no inputs of the step
        let open = got.program.open_externals();
        assert_eq!(sorted(got.program.externals.clone()), sorted(open.clone()));
        assert_eq!(sorted(open), sorted(want.program.open_externals()), "step {k}");
        streamed.take_back(got);
        kept.take_back(want);
        assert!(streamed.inst.prog.rules.is_empty(), "packed away");
        assert_eq!(streamed.earlier().expect("streaming").rules.len(), kept.inst.prog.rules.len());
    }
}

/// Without `name_all_atoms` only the shown atoms and the externals get a
/// symbol; the output table is the same.
#[test]
fn only_shown_atoms_and_externals_are_named_when_asked() {
    let src = "p(1..3). q(X) :- p(X), not r(X). { r(X) : p(X) }. #external e(1..2). #show q/1.";
    let grounding = |name_all_atoms| {
        let (stmts, d) = parse(FileId(0), src, Dialect::Clingo5);
        assert!(d.is_empty(), "{:?}", d);
        ground(stmts, &Options { name_all_atoms, ..Options::default() }).expect("grounds").0
    };
    let names = |g: &crate::ground::Grounding| {
        let mut n: Vec<String> = g.atom_syms.values().map(|s| g.syms.display(*s)).collect();
        n.sort();
        n
    };
    let (all, some) = (grounding(true), grounding(false));
    assert_eq!(names(&all).len(), 11);
    assert_eq!(names(&some), ["e(1)", "e(2)", "q(1)", "q(2)", "q(3)"]);
    let shown = |g: &crate::ground::Grounding| {
        g.output.iter().map(|(s, a)| (g.syms.display(*s), *a)).collect::<Vec<_>>()
    };
    assert_eq!(shown(&all), shown(&some));
    assert_eq!(all.program.rules, some.program.rules);
}
