//! `--supp-models` (clasp's supported models, the models of Clark's
//! completion) against clingo's: the same answer sets on programs with
//! positive loops a negation or a choice makes possible, aggregates,
//! disjunctions and an objective; and the stable models without the flag.
//!
//! Needs clingo and skips visibly without.

use crate::support::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// (program, its number of supported models, of stable models).
const PROGRAMS: &[(&str, usize, usize)] = &[
    // the loop a, b holds up itself where x holds
    ("{x}. a :- b, x. b :- a. a :- not x.", 3, 2),
    ("{y}. c :- #count{ 1 : d ; 1 : y } >= 1. d :- c.", 3, 2),
    ("{x}. p(1..2). q(X) :- r(X). r(X) :- q(X), p(X). q(1) :- not x.", 3, 2),
    // a disjunction on the loop: a candidate minimal for the reduct or not
    ("{x}. s ; t :- u. u :- s, x. u :- not x.", 4, 3),
    ("{x}. a :- b, x. b :- a. a :- not x. #minimize { 1,a : a }.", 3, 2),
    // no loop: the same models
    ("{p;q}. r :- p, not q.", 4, 4),
];

#[test]
fn supported_models_are_clingos() {
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not installed — --supp-models was not compared");
        return;
    };
    let t = Duration::from_secs(30);
    for &(program, supported, stable) in PROGRAMS {
        for (flags, n) in [
            (&["--supp-models", "0", "--opt-mode=enum"][..], supported),
            (&["0", "--opt-mode=enum"][..], stable),
        ] {
            let ours = run_minasp(flags, Some(program), t);
            let args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
            let theirs = run_command_input(&clingo, &args, Some(program), t);
            let theirs = parse_output(&theirs.stdout).expect("clingo's output");
            let set = |ms: &[Model]| ms.iter().cloned().collect::<BTreeSet<_>>();
            assert_eq!(set(&ours.models), set(&theirs.models), "{program} {flags:?}");
            assert_eq!(ours.models.len(), n, "{program} {flags:?}");
        }
    }
}

/// A solving option: the ground program printed (`--text`, `--mode=gringo`)
/// is the program's, as clingo's.
#[test]
fn the_printed_ground_program_is_not_rewritten() {
    let t = Duration::from_secs(30);
    let program = PROGRAMS[0].0;
    for mode in [&["--text"][..], &["--mode=gringo"][..]] {
        let plain = run_command_input(&minasp_argv(), &strings(mode), Some(program), t);
        let mut with = strings(mode);
        with.push("--supp-models".into());
        let supp = run_command_input(&minasp_argv(), &with, Some(program), t);
        assert_eq!(plain.stdout, supp.stdout, "{mode:?}");
        assert!(!plain.stdout.is_empty());
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}
