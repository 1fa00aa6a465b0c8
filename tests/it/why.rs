//! `--why ATOM`: after each answer set, why the atom is in it (a
//! derivation down to facts and choices, each atom once, loops broken) or
//! not (each rule that could derive it and what fails there).
//!
//! - snapshots of the explanations for hand-written programs (a positive
//!   loop, a false atom, an atom nothing derives, `--outf=2`);
//! - on generated programs, every explanation agrees with the answer set
//!   printed above it (`X is true` exactly for its atoms), and every atom
//!   a derivation names is in the answer set.

use crate::gen;
use crate::support::*;
use std::time::Duration;

fn run_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = minasp_command().args(args).current_dir(dir).output().expect("run minasp");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The answer lines and the explanation lines after them.
fn answers_and_whys(stdout: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("Answer:") && i + 1 < lines.len() {
            let atoms = split_symbols(lines[i + 1]);
            let mut why = Vec::new();
            i += 2;
            while i < lines.len() && !lines[i].starts_with("Answer:") && !lines[i].starts_with("SATISFIABLE")
            {
                why.push(lines[i].to_string());
                i += 1;
            }
            out.push((atoms, why));
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn explanations_of_true_and_false_atoms() {
    let tmp = tempfile::Builder::new().prefix("minasp-why-").tempdir().expect("temp dir");
    std::fs::write(
        tmp.path().join("prog.lp"),
        "{ c }.\n:- not c.\nd(1..2).\na :- b.\nb :- a.\na :- c, not e.\nf(X) :- d(X), a, not g(X).\ng(2) :- c.\nh :- zz.\n",
    )
    .expect("write program");
    let out = run_in(
        tmp.path(),
        &["-V0", "prog.lp", "--why", "f(1)", "--why", "b", "--why", "f(2)", "--why", "h", "--why", "d(1)"],
    );
    let want = "\
a b c d(1) d(2) f(1) g(2)
f(1) is true:
  f(1) derived by prog.lp:7:1-27: f(X) :- d(X), a, not g(X).
    f(1) :- a.
    a derived by prog.lp:6:1-15: a :- c, not e.
      a :- c.
      c chosen by prog.lp:1:1-7: { c }.
b is true:
  b derived by prog.lp:5:1-8: b :- a.
    b :- a.
    a derived by prog.lp:6:1-15: a :- c, not e.
      a :- c.
      c chosen by prog.lp:1:1-7: { c }.
f(2) is false: no rule derives it
    prog.lp:7:1-27: f(X) :- d(X), a, not g(X).
      f(2) :- a, not g(2).  (g(2) is true)
h is false: it occurs in no rule that can derive it
d(1) is true:
  d(1) is a fact: prog.lp:3:1-9: d(1..2).
SATISFIABLE
";
    assert_eq!(out, want);
    // a disjunction derives the disjunct the others leave true: not a fact
    std::fs::write(tmp.path().join("disj.lp"), "a ; b.\n:- b.\n").expect("write program");
    let out = run_in(tmp.path(), &["-V0", "disj.lp", "--why", "a"]);
    assert_eq!(out, "a\na is true:\n  a derived by disj.lp:1:1-7: a ; b.\n    a;b.\nSATISFIABLE\n");
    let json = run_in(tmp.path(), &["--outf=2", "prog.lp", "--why", "b"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let why = &v["Call"][0]["Witnesses"][0]["Why"];
    assert_eq!(why[0], "b is true:", "{}", json);
}

#[test]
fn explanations_agree_with_the_answer_sets_of_generated_programs() {
    let n = env_u64("MINASP_WHY_CASES", 60);
    let tmp = tempfile::Builder::new().prefix("minasp-why-").tempdir().expect("temp dir");
    let mut problems = Vec::new();
    let mut explained = 0;
    for seed in 1..=n {
        let cfg = gen::GenConfig { disjunction: seed % 3 == 0, optimize: false };
        let text = gen::program_with(seed, 0, &cfg);
        let p = tmp.path().join(format!("seed_{}.lp", seed));
        std::fs::write(&p, &text).expect("write program");
        // the atoms of the first few answer sets
        let plain =
            run_command(&minasp_argv(), &["5".into(), p.display().to_string()], Duration::from_secs(20));
        let Ok(parsed) = parse_output(&plain.stdout) else { continue };
        let mut atoms: Vec<String> = parsed.models.iter().flatten().cloned().collect();
        atoms.sort();
        atoms.dedup();
        atoms.truncate(6);
        if atoms.is_empty() {
            continue;
        }
        let mut args = vec!["5".to_string(), p.display().to_string()];
        for a in &atoms {
            args.push("--why".into());
            args.push(a.clone());
        }
        let run = run_command(&minasp_argv(), &args, Duration::from_secs(20));
        for (model, why) in answers_and_whys(&run.stdout) {
            for a in &atoms {
                explained += 1;
                let head = why.iter().find(|l| l.starts_with(&format!("{} is ", a)));
                if head.is_some_and(|l| l.contains("#show")) {
                    continue;
                }
                let says_true = head.is_some_and(|l| l.starts_with(&format!("{} is true", a)));
                if head.is_none() || says_true != model.contains(a) {
                    problems.push(format!("seed {}: {} in {:?}: {:?}", seed, a, model, head));
                }
            }
            // every atom a derivation names as true is in the answer set
            // (when it shows all atoms)
            for l in why.iter().filter(|_| !text.contains("#show") && !text.contains("#hide")) {
                let t = l.trim_start();
                if let Some((atom, _)) = t.split_once(" derived by ").or_else(|| t.split_once(" chosen by "))
                {
                    if !model.iter().any(|m| m == atom) {
                        problems.push(format!(
                            "seed {}: derivation names {} outside {:?}\n{}\n{}",
                            seed,
                            atom,
                            model,
                            why.join("\n"),
                            text
                        ));
                    }
                }
            }
        }
    }
    assert!(explained > 0);
    assert!(problems.is_empty(), "{} explanations disagree:\n{}", problems.len(), problems.join("\n"));
}
