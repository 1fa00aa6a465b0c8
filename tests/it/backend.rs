//! The library's backend (what the Python module's `Control.backend()`
//! stands on): ground statements added before and between groundings.
//! The expected answers are clingo 5.8.3's for the same statements through
//! its Python API (`python/tests/scripts/backend.py` prints them).

use crate::multishot::answers;
use minasp::program::{Atom, External, Lit};
use minasp::{BackendError, Control, Options, Value};

fn term(text: &str) -> Value {
    Value::parse(text).expect("a term")
}

/// The program atom of the ground atom `text`.
fn atom_of(ctl: &Control, text: &str) -> Atom {
    let v = term(text);
    ctl.symbolic_atoms().into_iter().find(|a| a.symbol == v).expect("an atom of the program").atom
}

fn base() -> Vec<(String, Vec<Value>)> {
    vec![("base".to_string(), Vec::new())]
}

#[test]
fn atoms_added_before_grounding_are_matched_by_the_program() {
    for lean in [false, true] {
        let mut ctl = Control::new(Options { lean, ..Options::default() });
        ctl.add("base", "q(X) :- p(X). r :- not p(3). s :- c.");
        ctl.with_backend(|b| {
            for x in ["p(1)", "p(2)"] {
                let p = b.add_atom(Some(&term(x))).unwrap();
                b.add_rule(&[p], &[], false).unwrap();
            }
            let c = b.add_atom(Some(&term("c"))).unwrap();
            let fresh = b.add_atom(None).unwrap();
            assert_ne!(c, fresh);
            assert_eq!(b.add_atom(Some(&term("c"))), Ok(c));
            b.add_rule(&[c, fresh], &[], true).unwrap();
            assert_eq!(b.add_atom(Some(&Value::Int(3))), Err(BackendError::NotAFunction));
            // an atom number the program does not have (4 atoms so far)
            let unknown = BackendError::UnknownAtom { atom: 5, atoms: 4 };
            assert_eq!(b.add_rule(&[Atom(4)], &[], false), Err(unknown.clone()));
            assert_eq!(b.add_assume(&[Atom(4).neg()]), Err(unknown));
        })
        .unwrap();
        ctl.ground_parts(&base()).unwrap();
        let facts: Vec<String> =
            ctl.symbolic_atoms().into_iter().filter(|a| a.fact).map(|a| a.symbol.to_string()).collect();
        assert_eq!(facts, ["p(1)", "p(2)", "q(1)", "q(2)", "r"], "lean {lean}");
        let (sat, models) = answers(&mut ctl, &[]);
        assert!(sat);
        // the fresh atom is shown by no model: two answer sets each
        assert_eq!(
            models,
            [
                "c p(1) p(2) q(1) q(2) r s",
                "c p(1) p(2) q(1) q(2) r s",
                "p(1) p(2) q(1) q(2) r",
                "p(1) p(2) q(1) q(2) r"
            ]
        );
    }
}

#[test]
fn a_single_shot_grounding_grounds_on_what_a_backend_began() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "q :- p. r :- not p.");
    ctl.with_backend(|b| {
        let p = b.add_atom(Some(&term("p"))).unwrap();
        b.add_rule(&[p], &[], false).unwrap();
    })
    .unwrap();
    ctl.ground().unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["p q"]);
}

#[test]
fn statements_between_solves_join_the_program_and_assumptions_hold_once() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "{a;b}.");
    ctl.add_to_part("step", &[], "<step>", "c :- p(1). d :- not p(2). e :- w.");
    ctl.ground_parts(&base()).unwrap();
    let (a, b) = (atom_of(&ctl, "a"), atom_of(&ctl, "b"));
    let p = ctl
        .with_backend(|be| {
            let p = be.add_atom(Some(&term("p(1)"))).unwrap();
            be.add_rule(&[p], &[a.pos()], false).unwrap();
            be.add_assume(&[b.pos()]).unwrap();
            let w = be.add_atom(Some(&term("w"))).unwrap();
            be.add_weight_rule(&[w], 2, &[(a.pos(), 1), (b.pos(), 1), (p.pos(), 2)], false).unwrap();
            assert_eq!(
                be.add_weight_rule(&[w], 1, &[(a.pos(), -1)], false),
                Err(BackendError::NegativeWeight)
            );
            p
        })
        .unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["a b p(1) w", "b"]);
    assert_eq!(answers(&mut ctl, &[]).1, ["", "a b p(1) w", "a p(1) w", "b"]);
    ctl.ground_parts(&[("step".to_string(), Vec::new())]).unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["a b c d e p(1) w", "a c d e p(1) w", "b d", "d"]);
    ctl.with_backend(|be| {
        be.add_rule(&[], &[a.pos(), p.neg()], false).unwrap();
        be.add_rule(&[], &[a.neg(), b.pos()], false).unwrap();
    })
    .unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["a b c d e p(1) w", "a c d e p(1) w", "d"]);
}

#[test]
fn a_declared_external_takes_the_value_declared_last() {
    let mut ctl = Control::new(Options::default());
    ctl.add("base", "g :- ext. h :- not ext.");
    let e = ctl
        .with_backend(|b| {
            let e = b.add_atom(Some(&term("ext"))).unwrap();
            b.add_external(e, External::True).unwrap();
            e
        })
        .unwrap();
    ctl.ground_parts(&base()).unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["ext g"]);
    assert!(ctl.assign_external(&term("ext"), External::False));
    assert_eq!(answers(&mut ctl, &[]).1, ["h"]);
    ctl.with_backend(|b| b.add_external(e, External::Free)).unwrap().unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["ext g", "h"]);
}

#[test]
fn minimize_statements_count_each_literal_given() {
    let mut options = Options::default();
    options.opt.mode = minasp::optimize::OptMode::OptN;
    let mut ctl = Control::new(options);
    ctl.add("base", "{x;y;z}. :- not x, not y.");
    ctl.ground_parts(&base()).unwrap();
    let [x, y, z] = ["x", "y", "z"].map(|t| atom_of(&ctl, t));
    ctl.with_backend(|b| {
        // x counts twice: 4 against y's 3
        b.add_minimize(1, &[(x.pos(), 2), (y.pos(), 3), (x.pos(), 2)]).unwrap();
        b.add_minimize(0, &[(z.pos(), -1), (y.neg(), 1)]).unwrap();
    })
    .unwrap();
    let mut solve = ctl.solve(0).unwrap();
    let optimal: Vec<(Vec<String>, Vec<i64>)> =
        solve.by_ref().filter(|m| m.optimality_proven()).map(|m| (m.shown(), m.cost().to_vec())).collect();
    assert_eq!(optimal, [(vec!["y".to_string(), "z".to_string()], vec![3, -1])]);
}

#[test]
fn a_program_read_in_is_added_to_and_one_grounded_at_once_is_not() {
    // `{a}. b :- a.` as gringo writes it, `a` and `b` shown
    let aspif = b"asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 0 1 1\n4 1 a 1 1\n4 1 b 1 2\n0\n";
    let mut ctl = Control::new(Options::default());
    ctl.load_ground(aspif).unwrap();
    ctl.with_backend(|be| {
        let a = be.add_atom(Some(&term("a"))).unwrap();
        let c = be.add_atom(Some(&term("c"))).unwrap();
        assert_eq!(a, Atom(0));
        be.add_rule(&[c], &[Lit::new(a, false)], false).unwrap();
    })
    .unwrap();
    assert_eq!(answers(&mut ctl, &[]).1, ["a b", "c"]);

    let mut ctl = Control::new(Options::default());
    ctl.add("base", "a.");
    ctl.ground().unwrap();
    assert!(ctl.open_backend().is_err());
    // and the program is still there
    assert_eq!(answers(&mut ctl, &[]).1, ["a"]);
}
