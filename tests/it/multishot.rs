//! The library's multi-shot interface (what the Python module's
//! `Control` stands on): parts with parameters grounded step by step,
//! externals assigned between solves, solves under assumptions, answer
//! sets that outlive the solve.  The expected answers are clingo 5.8.3's
//! (the same programs run through its Python API, `python/tests/scripts/externals.py`).

use minasp::program::External;
use minasp::{Control, Options, Value};

/// Whether the program has an answer set under `assumptions`, and its
/// answer sets, each's shown atoms sorted as text.
pub(crate) fn answers(ctl: &mut Control, assumptions: &[(Value, bool)]) -> (bool, Vec<String>) {
    let mut solve = ctl.solve_assuming(0, assumptions).expect("solvable");
    // as the Python script prints them: each model's atoms sorted as text
    let mut out: Vec<String> = solve
        .by_ref()
        .map(|m| {
            let mut atoms = m.shown();
            atoms.sort();
            atoms.join(" ")
        })
        .collect();
    out.sort();
    (solve.result().satisfiable, out)
}

fn atom(text: &str) -> Value {
    Value::parse(text).expect("a term")
}

#[test]
fn externals_keep_their_values_between_solves() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "#external e(1..3). a :- e(1). b :- e(2), not e(3). {c}. #external t. [true] d :- t.");
    ctl.ground().unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["c d t", "d t"]);
    assert!(ctl.assign_external(&atom("e(1)"), External::True));
    assert_eq!(answers(&mut ctl, &[]).1, ["a c d e(1) t", "a d e(1) t"]);
    assert!(ctl.assign_external(&atom("e(2)"), External::Free));
    assert!(ctl.assign_external(&atom("t"), External::False));
    assert_eq!(answers(&mut ctl, &[]).1, ["a b c e(1) e(2)", "a b e(1) e(2)", "a c e(1)", "a e(1)"]);
    assert!(ctl.assign_external(&atom("e(1)"), External::Release));
    // released: false for good
    assert!(!ctl.assign_external(&atom("e(1)"), External::True));
    assert_eq!(answers(&mut ctl, &[]).1, ["", "b c e(2)", "b e(2)", "c"]);
    // not externals: nothing changes
    assert!(!ctl.assign_external(&atom("c"), External::True));
    assert!(!ctl.assign_external(&atom("unknown"), External::True));
}

#[test]
fn assumptions_hold_for_one_solve() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "{ a; b; c }. :- a, b.");
    ctl.ground().unwrap();
    assert_eq!(answers(&mut ctl, &[(atom("a"), true)]).1, ["a", "a c"]);
    assert_eq!(answers(&mut ctl, &[(atom("a"), false), (atom("c"), false)]).1, ["", "b"]);
    assert_eq!(answers(&mut ctl, &[(atom("a"), true), (atom("b"), true)]), (false, vec![]));
    assert_eq!(answers(&mut ctl, &[(atom("zz"), false)]).1.len(), 6);
    assert_eq!(answers(&mut ctl, &[(atom("zz"), true)]), (false, vec![]));
    assert_eq!(answers(&mut ctl, &[]).1.len(), 6);
}

#[test]
fn parts_are_grounded_step_by_step_with_their_parameters() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "start(0).");
    ctl.add_to_part(
        "step",
        &["t".into()],
        "<block>",
        "reach(t) :- start(t-1). reach(t) :- reach(t-1). at(t) :- reach(t), t > 2.",
    );
    ctl.add_to_part("check", &["t".into()], "<block>", "#external query(t). :- query(t), not at(t).");
    let mut results = Vec::new();
    for step in 0..10 {
        let mut parts = vec![("check".to_string(), vec![Value::Int(step)])];
        if step > 0 {
            ctl.assign_external(&Value::func("query", vec![Value::Int(step - 1)]), External::Release);
            parts.push(("step".to_string(), vec![Value::Int(step)]));
        } else {
            parts.push(("base".to_string(), vec![]));
        }
        ctl.ground_parts(&parts).unwrap();
        ctl.assign_external(&Value::func("query", vec![Value::Int(step)]), External::True);
        let (sat, models) = answers(&mut ctl, &[]);
        results.push(sat);
        if sat {
            assert_eq!(models, ["at(3) query(3) reach(1) reach(2) reach(3) start(0)"]);
            break;
        }
    }
    assert_eq!(results, [false, false, false, true]);
}

#[test]
fn a_part_is_grounded_once_per_instance_and_base_only_when_asked() {
    let mut ctl = Control::new(Options::default());
    ctl.add_to_part("p", &["x".into(), "y".into()], "<block>", "q(x, y). r(x) :- q(x, _).");
    ctl.add("base", "b. #program two(n). c(n). #program base. d.");
    let parts = [
        ("p".to_string(), vec![Value::Int(1), atom("a")]),
        ("p".to_string(), vec![Value::Int(2), Value::Str("s".into())]),
        ("nothing".to_string(), vec![]),
    ];
    ctl.ground_parts(&parts).unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["q(1,a) q(2,\"s\") r(1) r(2)"]);
    ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["b d q(1,a) q(2,\"s\") r(1) r(2)"]);
    ctl.ground_parts(&[("two".into(), vec![Value::Int(7)])]).unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["b c(7) d q(1,a) q(2,\"s\") r(1) r(2)"]);
}

#[test]
fn models_outlive_their_solve_and_later_changes() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "#external e. a :- e.");
    ctl.ground().unwrap();
    let before: Vec<_> = ctl.solve(0).unwrap().collect();
    ctl.assign_external(&atom("e"), External::True);
    let after: Vec<_> = ctl.solve(0).unwrap().collect();
    assert_eq!(before[0].shown(), Vec::<String>::new());
    assert_eq!(after[0].shown(), ["a", "e"]);
    assert!(after[0].contains_value(&atom("a")) && !before[0].contains_value(&atom("a")));
    assert_eq!(after[0].atom_values(), [atom("a"), atom("e")]);
    let atoms = ctl.symbolic_atoms();
    assert!(atoms.iter().any(|a| a.symbol == atom("e") && a.external && !a.fact));
}

/// `Options::lean` (the command line's): the ground rules go once the
/// search is built — with `-t N` once every search of the race is built —
/// and the answer sets are those of a run that keeps them; explanations
/// keep them.
#[test]
fn a_lean_solve_frees_the_rules_and_finds_the_same_answers() {
    let program = "{ a; b; c }. d :- a, not b. :- c, d. e :- d. e :- c. f :- e, not a.";
    let run = |options: Options| {
        let mut ctl = Control::new(options);
        ctl.add("base", program);
        ctl.ground().unwrap();
        let found = answers(&mut ctl, &[]);
        (found, ctl.grounding().expect("grounded").program.rules.len())
    };
    let (kept, rules) = run(Options::default());
    assert_eq!(kept.1.len(), 7, "{:?}", kept);
    assert!(rules > 0);
    let (lean, rules) = run(Options { lean: true, ..Options::default() });
    assert_eq!(lean, kept);
    assert_eq!(rules, 0);
    let (raced, rules) = run(Options { lean: true, threads: 2, ..Options::default() });
    assert_eq!(raced, kept);
    assert_eq!(rules, 0);
    let (explained, rules) = run(Options { lean: true, explain: true, ..Options::default() });
    assert_eq!(explained, kept);
    assert!(rules > 0);
}

/// The core of a solve under assumptions that has no answer set: the
/// assumptions (by index) that cannot hold together.  clingo 5.8.3 answers
/// these solves UNSAT too (`python/tests/scripts/cores.py`); the cores here
/// are the smallest ones, which the search decides its way to.
#[test]
fn a_core_names_the_assumptions_that_cannot_hold_together() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "{a;b;c;e}. :- a, b. d :- c. :- d, a. :- e, not a, not b.");
    ctl.ground().unwrap();
    let pairs =
        |ps: &[(&str, bool)]| -> Vec<(Value, bool)> { ps.iter().map(|(a, t)| (atom(a), *t)).collect() };
    for (assumptions, core) in [
        (pairs(&[("a", true), ("b", true)]), vec![0, 1]),
        // the first assumption is part of it (it was missed: the search's first level was skipped)
        (pairs(&[("a", true), ("c", true), ("b", false)]), vec![0, 1]),
        (pairs(&[("b", false), ("c", true), ("a", true)]), vec![1, 2]),
        (pairs(&[("e", true), ("a", false), ("c", false), ("b", false)]), vec![0, 1, 3]),
        (pairs(&[("c", true), ("d", false)]), vec![0, 1]),
        // an atom the program does not have is false
        (pairs(&[("a", true), ("nowhere", true)]), vec![1]),
    ] {
        let (satisfiable, _) = answers(&mut ctl, &assumptions);
        assert!(!satisfiable, "{:?}", assumptions);
        let found = ctl.core(&assumptions).unwrap();
        assert_eq!(found, core, "{:?}", assumptions);
        let only: Vec<(Value, bool)> = found.iter().map(|&i| assumptions[i].clone()).collect();
        assert!(!answers(&mut ctl, &only).0, "the core {:?} alone has an answer set", only);
    }
    let mut none = Control::new(Options::default());
    none.add("base", "a. :- a. {b}.");
    none.ground().unwrap();
    assert_eq!(none.core(&pairs(&[("b", true)])).unwrap(), Vec::<usize>::new());
}

/// clingo's `Control.get_const` (before and after grounding; `-c` wins)
/// and `Control.remove_minimize` (later groundings may bring new
/// statements); the values are clingo 5.8.3's
/// (`python/tests/scripts/control_extras.py`).
#[test]
fn constants_and_minimize_statements_as_clingo_gives_them() {
    let mut options = Options::default();
    options.consts.push(("k".into(), "7".into()));
    let mut ctl = Control::new(options);
    ctl.add_to_part(
        "base",
        &[],
        "<block>",
        "#const n = 3. #const m = f(n,2). #const k = 1. {q(1..2)}. #minimize{X@2,X:q(X)}.",
    );
    ctl.add_to_part("more", &[], "<block>", ":~ q(1). [1@4]");
    let value = |ctl: &mut Control, n: &str| ctl.get_const(n).map(|v| v.to_string());
    assert_eq!(value(&mut ctl, "n").as_deref(), Some("3"));
    assert_eq!(value(&mut ctl, "m").as_deref(), Some("f(3,2)"));
    assert_eq!(value(&mut ctl, "k").as_deref(), Some("7"));
    assert_eq!(value(&mut ctl, "nope"), None);
    ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
    assert_eq!(value(&mut ctl, "m").as_deref(), Some("f(3,2)"));
    assert!(ctl.optimizing());
    ctl.remove_minimize();
    assert!(!ctl.optimizing());
    ctl.ground_parts(&[("more".into(), vec![])]).unwrap();
    let mut solve = ctl.solve(1).unwrap();
    let model = solve.next().expect("an answer set");
    assert_eq!(model.priorities(), [4], "only the new statement's level");
}

/// `optN`'s optimal phase runs a new search: the assumptions hold there
/// too (they were lost: every answer set within the optimum's cost came,
/// `item(3) item(4)` with cost 3 among them). clingo 5.8.3 prints only
/// `item(2) item(3)` at cost 5 as optimal.
#[test]
fn assumptions_hold_in_the_optimal_phase_of_opt_n() {
    let mut options = Options::default();
    options.opt.mode = minasp::optimize::OptMode::OptN;
    let mut ctl = Control::new(options);
    ctl.add("base", "{ item(1..4) }. :- not 2 { item(X) }. #minimize { X,Y : item(Y), X = 5 - Y }.");
    ctl.ground().unwrap();
    let mut solve = ctl.solve_assuming(0, &[(atom("item(4)"), false)]).unwrap();
    let optimal: Vec<(String, Vec<i64>)> = solve
        .by_ref()
        .filter(|m| m.optimality_proven())
        .map(|m| (m.shown().join(" "), m.cost().to_vec()))
        .collect();
    assert_eq!(optimal, [("item(2) item(3)".to_string(), vec![5])]);
}

/// A `#minimize` in a part grounded at every step (incmode's `step(t)`)
/// repeats its elements: each stays one element, its atom's literal, not
/// a disjunction of copies made anew every step (which cost an auxiliary
/// atom per tuple and time growing with the square of the steps).
#[test]
fn a_minimize_grounded_at_every_step_keeps_one_element_per_tuple() {
    let mut ctl = Control::new(Options::default());
    ctl.add_to_part("base", &[], "<block>", "{ x(1..3) }.");
    ctl.add_to_part("step", &["t".to_string()], "<block>", "#minimize { 1,X : x(X) }.");
    ctl.ground_parts(&[("base".into(), vec![]), ("step".into(), vec![Value::Int(1)])]).unwrap();
    let size = |ctl: &Control| {
        let g = ctl.grounding().expect("grounded");
        let p = &g.program;
        // each element is its atom's literal
        let names: Vec<Option<String>> =
            p.minimize.iter().flat_map(|m| &m.lits).map(|(l, _)| g.atom_name(l.atom())).collect();
        assert!(names.iter().all(|n| n.as_deref().is_some_and(|n| n.starts_with("x("))), "{names:?}");
        (p.num_atoms, p.minimize.iter().map(|m| m.lits.len()).collect::<Vec<_>>())
    };
    let first = size(&ctl);
    assert_eq!(first.1, [3]);
    for t in 2..=4 {
        ctl.ground_parts(&[("step".into(), vec![Value::Int(t)])]).unwrap();
        assert_eq!(size(&ctl), first, "step {t}");
    }
    let mut solve = ctl.solve(0).unwrap();
    let last = solve.by_ref().last().expect("an answer set");
    assert_eq!(last.cost(), [0]);
}

/// A part instance grounded again once its part has statements added
/// since: they count then, whether the first grounding was single-shot
/// (`ground`) or a step (`ground_parts`). clingo 5.8.3 gives these answers
/// (`python/tests/scripts/control.py`); it would refuse a second grounding
/// of a part whose rules define atoms that are no facts ("redefinition of
/// atom"), which minasp grounds again.
#[test]
fn a_part_grounded_again_after_additions_has_them() {
    for single_shot in [true, false] {
        let mut ctl = Control::new(Options::default());
        ctl.add("base", "x. w(1).");
        if single_shot {
            ctl.ground().unwrap();
        } else {
            ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
        }
        assert_eq!(crate::multishot::answers(&mut ctl, &[]).1, ["w(1) x"]);
        ctl.add("base", "y :- x. :- not y. {z(X)} :- w(X).");
        ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
        let want = ["w(1) x y", "w(1) x y z(1)"];
        assert_eq!(crate::multishot::answers(&mut ctl, &[]).1, want, "single-shot first: {single_shot}");
        // nothing added since: not grounded again
        ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
        assert_eq!(crate::multishot::answers(&mut ctl, &[]).1, want);
    }
}

/// Solves of a program grounded in steps (`ground_parts`, as a script's
/// own incremental loop grounds it) continue one search, as clingo's one
/// solver: after a step without answer sets the next step's search grows
/// the last one and keeps what it learnt (its counters go on from the last
/// step's), as for `#include <incmode>` programs. A script's Towers of
/// Hanoi loop (corpus 9, 41 calls) took 1.9 s with a fresh search per
/// call, 0.75 s growing it (clingo 0.6 s).
#[test]
fn solves_of_a_program_grounded_in_steps_continue_one_search() {
    let mut ctl = Control::new(Options::default());
    ctl.add(
        "base",
        "pigeon(1..6). hole(1..5). { in(P,H) : hole(H) } = 1 :- pigeon(P).
         #external strict. :- in(P,H), in(Q,H), P < Q, strict.",
    );
    ctl.add_to_part("step", &["t".to_string()], "<block>", "done(t).");
    ctl.ground_parts(&[("base".into(), vec![])]).unwrap();
    ctl.assign_external(&atom("strict"), External::True);
    let mut first = ctl.solve(0).unwrap();
    assert!(first.by_ref().next().is_none(), "six pigeons, five holes");
    let learnt = first.stats().conflicts;
    assert!(learnt > 0);
    drop(first);
    ctl.ground_parts(&[("step".into(), vec![Value::Int(1)])]).unwrap();
    ctl.assign_external(&atom("strict"), External::False);
    let mut second = ctl.solve(1).unwrap();
    assert!(second.by_ref().next().is_some(), "holes shared");
    assert!(second.stats().conflicts >= learnt, "the second step's search starts afresh");
}
