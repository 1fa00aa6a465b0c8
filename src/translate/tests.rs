//! Tests of the solver: hand-made programs (tight, non-tight, weight bodies,
//! choices with constraints, unsatisfiable, pigeon-hole), a brute-force
//! property test against `GroundProgram::is_stable_model` on random tiny
//! programs, and checks that every returned model is stable.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use proptest::prelude::*;

use super::{ProgramSolver as Solver, TranslateError as SolverError};
use crate::program::{Atom, Body, GroundProgram, Head, Lit, Rule};
use crate::solver::{Outcome, Tuning};

/// All models, checking each is stable and none repeats; then Exhausted
/// must stick.
fn models(p: &GroundProgram) -> Vec<Vec<bool>> {
    models_tuned(p, Tuning::default())
}

fn models_tuned(p: &GroundProgram, tuning: Tuning) -> Vec<Vec<bool>> {
    let mut s = Solver::new(p, tuning).expect("supported program");
    let mut out = Vec::new();
    let mut set = BTreeSet::new();
    loop {
        match s.next_model() {
            Outcome::Model(m) => {
                assert!(p.is_stable_model(&m), "solver returned a non-stable model {m:?}");
                assert!(set.insert(m.clone()), "model returned twice: {m:?}");
                out.push(m);
            }
            Outcome::Exhausted => break,
            Outcome::Interrupted => panic!("interrupted without a flag"),
        }
    }
    assert_eq!(s.next_model(), Outcome::Exhausted);
    assert_eq!(s.next_model(), Outcome::Exhausted);
    out
}

fn brute_force(p: &GroundProgram) -> BTreeSet<Vec<bool>> {
    let n = p.num_atoms as usize;
    (0u32..1 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|m| p.is_stable_model(m))
        .collect()
}

fn model_sets(p: &GroundProgram, enumerate: bool) -> (BTreeSet<Vec<bool>>, BTreeSet<Vec<bool>>) {
    let got: BTreeSet<Vec<bool>> =
        models_tuned(p, Tuning { enumerate, ..Tuning::default() }).into_iter().collect();
    (got, brute_force(p))
}

fn atoms(p: &mut GroundProgram, n: usize) -> Vec<Atom> {
    (0..n).map(|_| p.new_atom()).collect()
}

fn choice(heads: Vec<Atom>, body: Vec<Lit>) -> Rule {
    Rule { head: Head::Choice(heads.into()), body: Body::Normal(body.into()) }
}

fn weight_rule(head: Head, bound: i64, lits: Vec<(Lit, i64)>) -> Rule {
    Rule { head, body: Body::Weight { bound, lits: lits.into() } }
}

#[test]
fn empty_program_has_one_empty_model() {
    let p = GroundProgram::new();
    assert_eq!(models(&p), vec![Vec::<bool>::new()]);
    let mut p = GroundProgram::new();
    atoms(&mut p, 3);
    assert_eq!(models(&p), vec![vec![false; 3]]);
}

#[test]
fn facts_and_rules() {
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 3);
    p.add(Rule::fact(x[0]));
    p.add(Rule::normal(x[1], vec![x[0].pos()]));
    p.add(Rule::normal(x[2], vec![x[1].neg()]));
    assert_eq!(models(&p), vec![vec![true, true, false]]);
}

#[test]
fn positive_loop_has_only_the_empty_model() {
    // a :- b. b :- a.
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 2);
    p.add(Rule::normal(x[0], vec![x[1].pos()]));
    p.add(Rule::normal(x[1], vec![x[0].pos()]));
    assert_eq!(models(&p), vec![vec![false, false]]);
    // with a self loop a :- a.
    let mut p = GroundProgram::new();
    let a = p.new_atom();
    p.add(Rule::normal(a, vec![a.pos()]));
    assert_eq!(models(&p), vec![vec![false]]);
}

#[test]
fn loop_with_external_support() {
    // a :- b. b :- a. a :- not c. c :- not a.
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 3);
    p.add(Rule::normal(x[0], vec![x[1].pos()]));
    p.add(Rule::normal(x[1], vec![x[0].pos()]));
    p.add(Rule::normal(x[0], vec![x[2].neg()]));
    p.add(Rule::normal(x[2], vec![x[0].neg()]));
    let (got, want) = model_sets(&p, false);
    assert_eq!(got, want);
    assert_eq!(model_sets(&p, true).0, want);
    assert_eq!(got.len(), 2);
    assert!(got.contains(&vec![true, true, false]));
    assert!(got.contains(&vec![false, false, true]));
}

#[test]
fn loop_forced_true_is_unsat() {
    // a :- b. b :- a. :- not a.
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 2);
    p.add(Rule::normal(x[0], vec![x[1].pos()]));
    p.add(Rule::normal(x[1], vec![x[0].pos()]));
    p.add(Rule::constraint(vec![x[0].neg()]));
    assert!(models(&p).is_empty());
}

#[test]
fn even_and_odd_loops() {
    // a :- not b. b :- not a.  -> 2 models
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 2);
    p.add(Rule::normal(x[0], vec![x[1].neg()]));
    p.add(Rule::normal(x[1], vec![x[0].neg()]));
    assert_eq!(models(&p).len(), 2);
    // a :- not a.  -> none
    let mut p = GroundProgram::new();
    let a = p.new_atom();
    p.add(Rule::normal(a, vec![a.neg()]));
    assert!(models(&p).is_empty());
}

#[test]
fn negative_merges_keep_loops_apart() {
    // h :- a. h :- c. c :- h. a :- not b. b :- not c.
    // a is merged into ¬b; b (on no loop) may not become c's negation in
    // turn: a would be c, and h :- a would look like support from inside
    // the loop {h, c}, losing the model {a, h, c} (the other is {b}).
    // (also with the atoms numbered the other way round)
    for order in [[0, 1, 2, 3], [3, 2, 1, 0]] {
        let mut p = GroundProgram::new();
        let x = atoms(&mut p, 4);
        let (h, c, a, b) = (x[order[0]], x[order[1]], x[order[2]], x[order[3]]);
        p.add(Rule::normal(h, vec![a.pos()]));
        p.add(Rule::normal(h, vec![c.pos()]));
        p.add(Rule::normal(c, vec![h.pos()]));
        p.add(Rule::normal(a, vec![b.neg()]));
        p.add(Rule::normal(b, vec![c.neg()]));
        for enumerate in [false, true] {
            let (got, want) = model_sets(&p, enumerate);
            assert_eq!(want.len(), 2);
            assert_eq!(got, want);
        }
    }
    // a body with `not a` for a merged into ¬b reads b: h :- not a. in a
    // loop {h, d} with b on none (b :- not e. e :- not b.)
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 5);
    let (h, d, a, b, e) = (x[0], x[1], x[2], x[3], x[4]);
    p.add(Rule::normal(h, vec![a.neg()]));
    p.add(Rule::normal(h, vec![d.pos()]));
    p.add(Rule::normal(d, vec![h.pos()]));
    p.add(Rule::normal(a, vec![b.neg()]));
    p.add(Rule::normal(b, vec![e.neg()]));
    p.add(Rule::normal(e, vec![b.neg()]));
    for enumerate in [false, true] {
        let (got, want) = model_sets(&p, enumerate);
        assert_eq!(want.len(), 2);
        assert_eq!(got, want);
    }
}

#[test]
fn choice_with_constraints() {
    // {a;b;c}. :- a, b. :- not a, not b, not c.  -> 5 models
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 3);
    p.add(choice(x.clone(), vec![]));
    p.add(Rule::constraint(vec![x[0].pos(), x[1].pos()]));
    p.add(Rule::constraint(vec![x[0].neg(), x[1].neg(), x[2].neg()]));
    let (got, want) = model_sets(&p, false);
    assert_eq!(got, want);
    assert_eq!(model_sets(&p, true).0, want);
    assert_eq!(got.len(), 5);
}

#[test]
fn weight_bodies() {
    // {a;b;c;d}. s :- 2 {a=1; b=1; c=2; not d=1}. :- not s.
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 5);
    p.add(choice(x[..4].to_vec(), vec![]));
    p.add(weight_rule(
        Head::Disjunction(smallvec::smallvec![x[4]]),
        2,
        vec![(x[0].pos(), 1), (x[1].pos(), 1), (x[2].pos(), 2), (x[3].neg(), 1)],
    ));
    p.add(Rule::constraint(vec![x[4].neg()]));
    let (got, want) = model_sets(&p, false);
    assert_eq!(got, want);
    assert_eq!(model_sets(&p, true).0, want);
    assert!(!got.is_empty());
    // trivially true and never true bounds
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 3);
    p.add(weight_rule(Head::Disjunction(smallvec::smallvec![x[0]]), 0, vec![(x[2].pos(), 1)]));
    p.add(weight_rule(
        Head::Disjunction(smallvec::smallvec![x[1]]),
        5,
        vec![(x[0].pos(), 2), (x[0].pos(), 2)],
    ));
    assert_eq!(models(&p), vec![vec![true, false, false]]);
}

#[test]
fn weight_body_in_a_loop() {
    // a :- 2 {b; c; d}. b :- a. c :- a. {d}.
    // a needs two of b,c,d but b,c depend on a: only d external, so a false.
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 4);
    p.add(weight_rule(
        Head::Disjunction(smallvec::smallvec![x[0]]),
        2,
        vec![(x[1].pos(), 1), (x[2].pos(), 1), (x[3].pos(), 1)],
    ));
    p.add(Rule::normal(x[1], vec![x[0].pos()]));
    p.add(Rule::normal(x[2], vec![x[0].pos()]));
    p.add(choice(vec![x[3]], vec![]));
    let (got, want) = model_sets(&p, false);
    assert_eq!(got, want);
    assert_eq!(model_sets(&p, true).0, want);
    assert_eq!(got.len(), 2);
}

#[test]
fn disjunction_is_unsupported() {
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 2);
    p.add(Rule { head: Head::Disjunction(x.clone().into()), body: Body::Normal(thin_vec::thin_vec![]) });
    assert!(matches!(Solver::new(&p, Tuning::default()), Err(SolverError::Unsupported(_))));
}

/// Pigeons into holes: `{p(i,h)}`, each pigeon in at least one hole
/// (constraint on a weight body), at most one pigeon per hole.
pub(super) fn pigeon_hole(pigeons: usize, holes: usize) -> GroundProgram {
    let mut p = GroundProgram::new();
    let v: Vec<Vec<Atom>> = (0..pigeons).map(|_| atoms(&mut p, holes)).collect();
    for row in &v {
        p.add(choice(row.clone(), vec![]));
        // :- not 1 {p(i,h) : h} -- as a body atom
        let some = p.new_atom();
        p.add(weight_rule(
            Head::Disjunction(smallvec::smallvec![some]),
            1,
            row.iter().map(|a| (a.pos(), 1)).collect(),
        ));
        p.add(Rule::constraint(vec![some.neg()]));
    }
    for h in 0..holes {
        for i in 0..pigeons {
            for j in i + 1..pigeons {
                p.add(Rule::constraint(vec![v[i][h].pos(), v[j][h].pos()]));
            }
        }
    }
    p
}

#[test]
fn pigeon_hole_unsat() {
    let p = pigeon_hole(6, 5);
    let mut s = Solver::new(&p, Tuning::default()).unwrap();
    assert_eq!(s.next_model(), Outcome::Exhausted);
    assert!(s.stats().conflicts > 10);
    assert!(s.stats().learned > 0);
}

#[test]
fn pigeon_hole_sat_counts() {
    // 4 pigeons into 4 holes, each exactly one: 4! models
    let mut p = pigeon_hole(4, 4);
    let n = p.num_atoms;
    // at most one hole per pigeon: :- 2 {p(i,h)}
    for i in 0..4u32 {
        let row: Vec<(Lit, i64)> = (0..4u32).map(|h| (Atom(i * 4 + h).pos(), 1)).collect();
        p.add(weight_rule(Head::Disjunction(smallvec::smallvec![]), 2, row));
    }
    assert_eq!(p.num_atoms, n);
    let ms = models(&p);
    assert_eq!(ms.len(), 24);
}

#[test]
fn interrupt_flag() {
    let p = pigeon_hole(9, 8);
    let mut s = Solver::new(&p, Tuning::default()).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    s.set_interrupt(flag.clone());
    assert_eq!(s.next_model(), Outcome::Interrupted);
}

#[test]
fn many_models_enumerated_once() {
    // {a1..a10}. :- a1, a2.  -> 768 models
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 10);
    p.add(choice(x.clone(), vec![]));
    p.add(Rule::constraint(vec![x[0].pos(), x[1].pos()]));
    assert_eq!(models(&p).len(), 768);
}

#[test]
fn transitive_closure_non_tight() {
    // reach over a cyclic graph with chosen edges: many positive loops
    let n = 4;
    let mut p = GroundProgram::new();
    let edge: Vec<Vec<Atom>> = (0..n).map(|_| atoms(&mut p, n)).collect();
    let reach: Vec<Vec<Atom>> = (0..n).map(|_| atoms(&mut p, n)).collect();
    for i in 0..n {
        for j in 0..n {
            if i != j {
                p.add(choice(vec![edge[i][j]], vec![]));
                p.add(Rule::normal(reach[i][j], vec![edge[i][j].pos()]));
                for k in 0..n {
                    if k != i && k != j {
                        p.add(Rule::normal(reach[i][j], vec![reach[i][k].pos(), reach[k][j].pos()]));
                    }
                }
            }
        }
    }
    // everyone reaches node 0, node 0 reaches everyone
    for i in 1..n {
        p.add(Rule::constraint(vec![reach[i][0].neg()]));
        p.add(Rule::constraint(vec![reach[0][i].neg()]));
    }
    let ms = models(&p);
    // count strongly connected digraphs on 4 labelled nodes: 1606
    assert_eq!(ms.len(), 1606);
}

// ---------------------------------------------------------------------
// brute-force property test

#[derive(Clone, Debug)]
enum RSpec {
    Normal(u32, Vec<(u32, bool)>),
    Constraint(Vec<(u32, bool)>),
    Choice(Vec<u32>, Vec<(u32, bool)>),
    Weight(u8, Vec<u32>, i64, Vec<(u32, bool, i64)>),
}

fn lit(a: u32, pos: bool) -> Lit {
    Lit::new(Atom(a), pos)
}

fn build(n: u32, rules: &[RSpec]) -> GroundProgram {
    let mut p = GroundProgram { num_atoms: n, ..Default::default() };
    let ls = |v: &Vec<(u32, bool)>| v.iter().map(|&(a, s)| lit(a % n, s)).collect::<Vec<_>>();
    for r in rules {
        p.add(match r {
            RSpec::Normal(h, b) => Rule::normal(Atom(h % n), ls(b)),
            RSpec::Constraint(b) => Rule::constraint(ls(b)),
            RSpec::Choice(h, b) => choice(h.iter().map(|&a| Atom(a % n)).collect(), ls(b)),
            RSpec::Weight(kind, h, bound, lits) => {
                let head = match kind % 3 {
                    0 => Head::Disjunction(smallvec::smallvec![]),
                    1 => Head::Disjunction(smallvec::smallvec![Atom(h[0] % n)]),
                    _ => Head::Choice(h.iter().map(|&a| Atom(a % n)).collect()),
                };
                weight_rule(head, *bound, lits.iter().map(|&(a, s, w)| (lit(a % n, s), w)).collect())
            }
        });
    }
    p
}

fn body_strategy() -> impl Strategy<Value = Vec<(u32, bool)>> {
    // positive literals more likely, to make loops
    prop::collection::vec((0u32..12, prop::bool::weighted(0.65)), 0..4)
}

fn rule_strategy() -> impl Strategy<Value = RSpec> {
    prop_oneof![
        4 => (0u32..12, body_strategy()).prop_map(|(h, b)| RSpec::Normal(h, b)),
        1 => body_strategy().prop_map(RSpec::Constraint),
        2 => (prop::collection::vec(0u32..12, 1..4), body_strategy()).prop_map(|(h, b)| RSpec::Choice(h, b)),
        2 => (
            0u8..3,
            prop::collection::vec(0u32..12, 1..3),
            -1i64..7,
            prop::collection::vec((0u32..12, prop::bool::weighted(0.65), 1i64..4), 1..5)
        )
            .prop_map(|(k, h, b, l)| RSpec::Weight(k, h, b, l)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn enumeration_matches_brute_force(n in 1u32..=8, rules in prop::collection::vec(rule_strategy(), 0..=12),
                                       enumerate in any::<bool>()) {
        let p = build(n, &rules);
        let (got, want) = model_sets(&p, enumerate);
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    /// Larger programs: more conflicts, so learning, restarts and database
    /// reduction (tiny intervals under `cfg(test)`) are exercised.
    #[test]
    fn larger_programs_match_brute_force(n in 8u32..=12, rules in prop::collection::vec(rule_strategy(), 10..=30),
                                         enumerate in any::<bool>()) {
        let p = build(n, &rules);
        let (got, want) = model_sets(&p, enumerate);
        prop_assert_eq!(got, want);
    }
}

/// A translation through an atom map is that of the program the map
/// describes: the atoms it numbers, renumbered, each rule without its
/// fixed atoms (the plain facts of the atoms it leaves out go).
#[test]
fn a_mapped_translation_is_that_of_the_renumbered_program() {
    use super::completion::{translate, translate_mapped, AtomMap};
    // atoms 0..7; 1 and 4 only facts of their own (left out), 2 a fact
    // also used, 6 ruled out (left out: its rule is a constraint on its
    // body, a rule that needs it goes)
    let a = |i: u32| Atom(i);
    let mut p = GroundProgram { num_atoms: 7, ..Default::default() };
    p.add(Rule::constraint(vec![a(6).pos()]));
    p.add(Rule::normal(a(6), vec![a(0).pos(), a(5).pos()]));
    p.add(Rule::normal(a(3), vec![a(6).pos(), a(0).pos()]));
    p.add(Rule::fact(a(1)));
    p.add(Rule::fact(a(2)));
    p.add(Rule::fact(a(4)));
    p.add(Rule::choice(a(0)));
    p.add(Rule::normal(a(3), vec![a(0).pos(), a(2).pos()]));
    p.add(Rule::normal(a(5), vec![a(3).neg()]));
    p.add(Rule::normal(a(3), vec![a(5).pos()]));
    p.add(Rule {
        head: Head::Disjunction(smallvec::smallvec![]),
        body: Body::Weight {
            bound: 3,
            lits: thin_vec::thin_vec![(a(0).pos(), 1), (a(3).pos(), 1), (a(5).pos(), 1)],
        },
    });
    let index = [0, u32::MAX, 1, 2, u32::MAX, 3, u32::MAX];
    let false_atoms = [false, false, false, false, false, false, true];
    let b = |i: u32| Atom(index[i as usize]);
    let mut q = GroundProgram { num_atoms: 4, ..Default::default() };
    q.add(Rule::constraint(vec![b(0).pos(), b(5).pos()]));
    q.add(Rule::fact(b(2)));
    q.add(Rule::choice(b(0)));
    q.add(Rule::normal(b(3), vec![b(0).pos(), b(2).pos()]));
    q.add(Rule::normal(b(5), vec![b(3).neg()]));
    q.add(Rule::normal(b(3), vec![b(5).pos()]));
    q.add(Rule {
        head: Head::Disjunction(smallvec::smallvec![]),
        body: Body::Weight {
            bound: 3,
            lits: thin_vec::thin_vec![(b(0).pos(), 1), (b(3).pos(), 1), (b(5).pos(), 1)],
        },
    });
    let mapped = translate_mapped(&p, AtomMap::new(&index, &false_atoms, 4)).unwrap();
    let plain = translate(&q).unwrap();
    let clauses =
        |t: &super::translation::Translation| t.clauses.iter().map(|c| c.to_vec()).collect::<Vec<_>>();
    assert_eq!(clauses(&mapped), clauses(&plain));
    assert_eq!(mapped.weights, plain.weights);
    assert_eq!((mapped.num_vars, mapped.num_atoms), (plain.num_vars, plain.num_atoms));
    assert_eq!(mapped.atom_lit, plain.atom_lit);
    // `0` must hold (else `5` and `3` undo each other), then `3` does, not `5`
    assert_eq!(models(&q), [vec![true, true, true, false]]);
}

/// Growing a solver gives each new atom a variable, but an integrity
/// constraint's conjunction none (a clause of its own, as the completion
/// makes it), and the grown solver's models are the stable models of the
/// grown program.
#[test]
fn a_grown_constraint_is_a_clause_without_a_variable() {
    // {a}. {b}.  then  {c}.  :- a, c.  :- b, not c.  d :- a, b.
    let (a, b, c, d) = (Atom(0), Atom(1), Atom(2), Atom(3));
    let mut p = GroundProgram { num_atoms: 2, ..Default::default() };
    p.add(Rule::choice(a));
    p.add(Rule::choice(b));
    let mut s = Solver::remembering(&p, Tuning { enumerate: true, ..Tuning::default() }).unwrap();
    let before = s.stats().variables;
    let added = vec![
        Rule::choice(c),
        Rule::constraint(vec![a.pos(), c.pos()]),
        Rule::constraint(vec![b.pos(), c.neg()]),
        Rule::normal(d, vec![a.pos(), b.pos()]),
    ];
    s.grow(4, &added).unwrap();
    // c, d and the body of d's rule; nothing for the two constraints
    assert_eq!(s.stats().variables, before + 3);
    p.num_atoms = 4;
    added.into_iter().for_each(|r| p.add(r));
    let mut got = BTreeSet::new();
    while let Outcome::Model(m) = s.next_model() {
        assert!(got.insert(m));
    }
    assert_eq!(got, brute_force(&p));
}
