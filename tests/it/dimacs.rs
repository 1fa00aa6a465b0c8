//! DIMACS input (CNF, and weighted CNF for MaxSAT), as clasp reads it and
//! answers it: random formulas solved by minasp and by clasp give the same
//! models (every one, as sets of `v` lines) or the same optimum (also of a
//! CNF read as MaxSAT, `--opt-sat`), exit codes and result lines; the
//! output is clasp's SAT-competition style; malformed files name their line.
//!
//! The comparison needs `clasp` (Debian's gringo package) and skips
//! visibly without; the hand-checked cases run either way.

use crate::support::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// A small deterministic generator (xorshift), so a failing seed can be rerun.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random formula: `vars` variables, clauses of 1-3 literals; weighted
/// (hard clauses of weight `top`, soft ones 1-5) when `weighted`.
fn formula(seed: u64, weighted: bool) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let vars = 3 + r.below(6);
    let clauses = 1 + r.below(2 * vars);
    let top = 100;
    let mut text = if weighted {
        format!("c seed {seed}\np wcnf {vars} {clauses} {top}\n")
    } else {
        format!("c seed {seed}\np cnf {vars} {clauses}\n")
    };
    for _ in 0..clauses {
        if weighted {
            let w = if r.below(3) == 0 { top } else { 1 + r.below(5) };
            text.push_str(&format!("{w} "));
        }
        for _ in 0..1 + r.below(3) {
            let v = 1 + r.below(vars) as i64;
            text.push_str(&format!("{} ", if r.below(2) == 0 { -v } else { v }));
        }
        text.push_str("0\n");
    }
    text
}

/// The models (each `v` line joined) and the result and cost lines.
fn sat_answers(out: &str) -> (BTreeSet<String>, Vec<String>) {
    let mut models = BTreeSet::new();
    let mut current = String::new();
    let mut lines = Vec::new();
    for l in out.lines() {
        if let Some(v) = l.strip_prefix("v ") {
            current.push_str(v);
            current.push(' ');
            if v.ends_with(" 0") || v == "0" {
                models.insert(std::mem::take(&mut current));
            }
        } else if l.starts_with("s ") {
            lines.push(l.to_string());
        }
    }
    (models, lines)
}

#[test]
fn random_formulas_are_answered_as_clasp_answers_them() {
    let clasp = vec!["clasp".to_string()];
    if !tool_works(&clasp) {
        skip_or_fail("clasp not on PATH — DIMACS answers were not compared");
        return;
    }
    let t = Duration::from_secs(30);
    for seed in 0..150u64 {
        let weighted = seed % 3 == 0;
        let f = formula(seed, weighted);
        // every model of a CNF; the optimum of a WCNF (its last line `o`)
        let args: Vec<String> = vec!["0".into()];
        let ours = run_command_input(&minasp_argv(), &args, Some(&f), t);
        let theirs = run_command_input(&clasp, &args, Some(&f), t);
        assert_eq!(ours.code, theirs.code, "seed {seed}\n{f}");
        let (om, ol) = sat_answers(&ours.stdout);
        let (tm, tl) = sat_answers(&theirs.stdout);
        assert_eq!(ol, tl, "seed {seed}\n{f}");
        if weighted {
            let last_cost = |o: &str| o.lines().rfind(|l| l.starts_with("o ")).map(str::to_string);
            assert_eq!(last_cost(&ours.stdout), last_cost(&theirs.stdout), "seed {seed}\n{f}");
        } else {
            assert_eq!(om, tm, "seed {seed}\n{f}");
            // as MaxSAT (--opt-sat): the fewest violated clauses
            let args: Vec<String> = vec!["0".into(), "--opt-sat".into()];
            let ours = run_command_input(&minasp_argv(), &args, Some(&f), t);
            let theirs = run_command_input(&clasp, &args, Some(&f), t);
            let last_cost = |o: &str| o.lines().rfind(|l| l.starts_with("o ")).map(str::to_string);
            assert_eq!(last_cost(&ours.stdout), last_cost(&theirs.stdout), "seed {seed} --opt-sat\n{f}");
            assert_eq!(ours.code, theirs.code, "seed {seed} --opt-sat\n{f}");
        }
    }
}

#[test]
fn dimacs_output_is_clasps_sat_style() {
    let t = Duration::from_secs(30);
    let sat = run_command_input(&minasp_argv(), &[], Some("c x\np cnf 3 2\n1 0\n-2 3 0\n"), t);
    assert_eq!(sat.code, Some(10));
    let lines: Vec<&str> = sat.stdout.lines().collect();
    assert_eq!(lines[0], format!("c minasp version {}", env!("CARGO_PKG_VERSION")));
    assert!(lines.contains(&"s SATISFIABLE"), "{}", sat.stdout);
    assert!(lines.iter().any(|l| l.starts_with("v 1 ") && l.ends_with(" 0")), "{}", sat.stdout);
    assert!(lines.contains(&"c Models         : 1+"), "{}", sat.stdout);
    assert!(lines.iter().all(|l| l.starts_with("c ") || l.starts_with("v ") || l.starts_with("s ")));
    let unsat = run_command_input(&minasp_argv(), &[], Some("p cnf 1 2\n1 0\n-1 0\n"), t);
    assert_eq!(unsat.code, Some(20));
    assert!(unsat.stdout.contains("\ns UNSATISFIABLE\n"), "{}", unsat.stdout);
    // MaxSAT: x1 costs 3, x2 costs 2, one of them must hold
    let max = run_command_input(&minasp_argv(), &[], Some("p wcnf 2 3 10\n10 1 2 0\n3 -1 0\n2 -2 0\n"), t);
    assert_eq!(max.code, Some(30));
    assert!(max.stdout.contains("\nv -1 2 0\no 2\ns OPTIMUM FOUND\n"), "{}", max.stdout);
    // --opt-sat: a CNF's clauses are soft, of weight 1
    let opt =
        run_command_input(&minasp_argv(), &["--opt-sat".to_string()], Some("p cnf 1 2\n1 0\n-1 0\n"), t);
    assert_eq!(opt.code, Some(30));
    assert!(opt.stdout.contains("\no 1\ns OPTIMUM FOUND\n"), "{}", opt.stdout);
    // JSON: the values are numbers, by variable
    let json =
        run_command_input(&minasp_argv(), &["--outf=2".to_string()], Some("p cnf 3 3\n1 0\n-2 0\n-3 0\n"), t);
    let doc: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(doc["Call"][0]["Witnesses"][0]["Value"], serde_json::json!([1, -2, -3]));
    // every model of 2 free variables, once each
    let all = run_command_input(&minasp_argv(), &["0".to_string()], Some("p cnf 2 0\n"), t);
    assert_eq!(sat_answers(&all.stdout).0.len(), 4);
}

#[test]
fn malformed_dimacs_names_its_line() {
    let t = Duration::from_secs(30);
    for (text, line) in [
        ("p cnf 2 1\n1 3 0\n", 2),
        ("p cnf 2 1\n1 x 0\n", 2),
        // the end of input, after the last line break (clasp: line 4 too)
        ("c\np cnf 2 1\n1 2\n", 4),
        ("p wcnf 2 1 5\n-1 1 0\n", 2),
    ] {
        let out = run_command_input(&minasp_argv(), &[], Some(text), t);
        assert_eq!(out.code, Some(65), "{text}");
        assert!(out.stderr.contains(&format!("-:{line}:")), "{text}: {}", out.stderr);
    }
}
