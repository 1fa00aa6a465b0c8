//! `--output=reify` (gringo's reification: the ground program as facts),
//! checked by meaning: the reified program, read by the meta-interpreter
//! `tests/reify/meta.lp`, has the program's answer sets (the shown terms)
//! and optimum — solved by minasp, and by clingo where it is installed;
//! and by form against gringo: the same facts up to the numbering of atoms
//! and tuples (the counts of each kind of fact), `scc/2` groups of the same
//! sizes with `--reify-sccs`, the step argument with `--reify-steps`.

use crate::support::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// Programs with every statement the meta-interpreter reads: choices,
/// disjunctions (one not head-cycle-free), weight bodies, constraints,
/// externals, shown terms with conditions, strings, classical negation,
/// an objective at two priorities.
const PROGRAMS: &[&str] = &[
    "{a;b;c}. d :- a, not b. e :- 2 #sum{1,x:a; 2,y:b; 1,z:not c}. f ; g :- d. :- f, g. #show a/0. #show t(1) : d.",
    "p(1..3). {q(X)} :- p(X). r(X) :- q(X), not q(X+1). #minimize{1,X:q(X)}. #maximize{X@2,X:r(X)}.",
    "a ; b. a :- b. b :- a. c ; d :- not a.",
    "x ; y ; z. x :- y. y :- x. w :- z, not x.",
    "#external e1. #external e2. [true] p :- e1. q :- e2, not p. #show p/0. #show q/0. #show e1/0.",
    "n(1..4). {in(X)} :- n(X). :- 3 #count{X : in(X)}. -p(X) :- n(X), not in(X). s(\"a b\",X) :- in(X), X < 3.",
    "{a;b}. :- not a, not b. #minimize{1:a; 1:b}. c :- 1 {a;b} 1.",
    "q(1..3). {r(X,Y) : q(Y)} = 1 :- q(X). ok :- #count{X : r(X,X)} = 0. :- not ok.",
];

fn meta() -> PathBuf {
    manifest_dir().join("tests/reify/meta.lp")
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// The answer sets (each sorted) and the final costs line, if any.
fn answers(out: &RunOutput) -> (Vec<String>, Option<String>) {
    let lines: Vec<&str> = out.stdout.lines().collect();
    let mut sets: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("Answer"))
        .map(|(i, _)| {
            let mut atoms: Vec<&str> = lines.get(i + 1).unwrap_or(&"").split_whitespace().collect();
            atoms.sort_unstable();
            atoms.join(" ")
        })
        .collect();
    sets.sort();
    let costs = lines.iter().find(|l| l.starts_with("Optimization :")).map(|l| l.to_string());
    (sets, costs)
}

fn reified(program: &str, extra: &[&str]) -> String {
    let mut args = strings(&["--output=reify"]);
    args.extend(strings(extra));
    let out = run_command_input(&minasp_argv(), &args, Some(program), Duration::from_secs(30));
    assert_eq!(out.code, Some(0), "{program}: {}", out.stderr);
    out.stdout
}

/// `solver - meta.lp` on the facts, answer sets and optimal ones.
fn through_meta(solver: &[String], facts: &str, flags: &[&str]) -> RunOutput {
    let mut args = strings(flags);
    args.extend(["-".to_string(), meta().display().to_string()]);
    run_command_input(solver, &args, Some(facts), Duration::from_secs(60))
}

#[test]
fn reified_programs_have_the_programs_answer_sets() {
    let clingo = clingo_command();
    if clingo.is_none() {
        skip_or_fail("clingo not installed — reified programs were solved by minasp only");
    }
    let t = Duration::from_secs(30);
    for program in PROGRAMS {
        // every answer set (objective ignored), then the optimum
        for flags in [&["0", "--opt-mode=ignore"][..], &["0"][..]] {
            let direct = run_command_input(&minasp_argv(), &strings(flags), Some(program), t);
            let facts = reified(program, &[]);
            let ours = through_meta(&minasp_argv(), &facts, flags);
            let (sets, costs) = answers(&direct);
            assert!(!sets.is_empty(), "{program}");
            let (meta_sets, meta_costs) = answers(&ours);
            if flags.len() == 2 {
                assert_eq!(sets, meta_sets, "{program} {flags:?}");
            }
            assert_eq!(costs, meta_costs, "{program} {flags:?}");
            assert_eq!(direct.code, ours.code, "{program} {flags:?}");
            if let Some(clingo) = &clingo {
                let theirs = through_meta(clingo, &facts, flags);
                let (c_sets, c_costs) = answers(&theirs);
                if flags.len() == 2 {
                    assert_eq!(sets, c_sets, "{program} {flags:?} (clingo on minasp's facts)");
                }
                assert_eq!(costs, c_costs, "{program} {flags:?} (clingo on minasp's facts)");
            }
        }
    }
}

/// The regression programs (each with its answer sets checked against
/// clingo elsewhere), reified: the same answer sets through the meta-interpreter.
#[test]
fn reified_regression_programs_keep_their_answer_sets() {
    let dir = manifest_dir().join("tests/regressions");
    let t = Duration::from_secs(60);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/regressions") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "lp") {
            continue;
        }
        let file = path.display().to_string();
        let flags = ["0", "--opt-mode=ignore"];
        let mut args = strings(&flags);
        args.push(file.clone());
        let direct = run_command(&minasp_argv(), &args, t);
        let facts = run_command(&minasp_argv(), &strings(&["--output=reify", &file]), t);
        assert_eq!(facts.code, Some(0), "{file}: {}", facts.stderr);
        let ours = through_meta(&minasp_argv(), &facts.stdout, &flags);
        assert_eq!(answers(&direct).0, answers(&ours).0, "{file}");
        n += 1;
    }
    assert!(n >= 40, "only {n} regression programs");
}

/// The kinds of facts and how many of each, a fact's kind being its
/// name and, for rules, the head's and the body's kind.
fn kinds(facts: &str) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for l in facts.lines() {
        let kind = match l.split_once('(') {
            Some(("rule", rest)) => {
                let parts: Vec<&str> = rest.split(['(', ',', ')']).filter(|s| !s.is_empty()).collect();
                format!("rule {} {}", parts[0], parts.get(2).unwrap_or(&""))
            }
            Some((name, rest)) => format!("{name}/{}", rest.matches(',').count() + 1),
            None => l.to_string(),
        };
        *m.entry(kind).or_insert(0) += 1;
    }
    m
}

#[test]
fn reified_facts_are_gringos_up_to_numbering() {
    let gringo = vec!["gringo".to_string()];
    if !tool_works(&gringo) {
        skip_or_fail("gringo not on PATH — reified facts were not compared with gringo's");
        return;
    }
    let t = Duration::from_secs(30);
    let cases = [
        "{a;b;c}. d :- a, not b. e :- 2 #sum{1,x:a; 2,y:b; 1,z:not c}. :- d, e. #show a/0.",
        "{a;b}. #minimize{1:a}. #minimize{2@1:b}. #external x. [true] #external y.",
        "{a;b}. #heuristic a. [1,true] #heuristic b : a. [2,level] #project a. #edge (1,2) : a.",
    ];
    for program in cases {
        let ours = reified(program, &[]);
        let theirs = run_command_input(&gringo, &strings(&["--output=reify"]), Some(program), t);
        assert_eq!(kinds(&ours), kinds(&theirs.stdout), "{program}\n{ours}\n{}", theirs.stdout);
    }
    // the cycles: groups of the same sizes
    let looped = "{e}. a :- b. b :- a. a :- e. c :- d. d :- c. c :- e. f :- f.";
    let groups = |facts: &str| {
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        for l in facts.lines().filter(|l| l.starts_with("scc(")) {
            *by.entry(l[4..].split(',').next().unwrap_or("").to_string()).or_insert(0) += 1;
        }
        let mut sizes: Vec<usize> = by.into_values().collect();
        sizes.sort_unstable();
        sizes
    };
    let ours = reified(looped, &["--reify-sccs"]);
    let theirs = run_command_input(&gringo, &strings(&["--output=reify", "--reify-sccs"]), Some(looped), t);
    assert_eq!(groups(&ours), vec![2, 2]);
    assert_eq!(groups(&ours), groups(&theirs.stdout));
}

#[test]
fn reify_options_and_spellings() {
    let program = "{a}. b :- a.";
    let steps = reified(program, &["--reify-steps"]);
    assert!(!steps.is_empty() && steps.lines().all(|l| l.ends_with(",0).")), "{steps}");
    assert!(!reified(program, &[]).contains("scc("));
    // gringo's `intermediate` is aspif; `-o` is `--output`
    let t = Duration::from_secs(30);
    let aspif = run_command_input(&minasp_argv(), &strings(&["--output=aspif"]), Some(program), t);
    let intermediate = run_command_input(&minasp_argv(), &strings(&["-o", "intermediate"]), Some(program), t);
    assert!(aspif.stdout.starts_with("asp 1 0 0"));
    assert_eq!(aspif.stdout, intermediate.stdout);
}
