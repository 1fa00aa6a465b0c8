//! `#edge` (acyclicity): random programs against clingo, the ground
//! forms against gringo and clasp, and the other ways in (`-t 2`,
//! incremental steps, disjunctions, `--verify`).
//!
//! - `random_edge_programs_match_clingo`: generated programs (a random
//!   graph of candidate edges chosen freely or by rules, `#edge` directives
//!   with conditions — conjunctions, `not`, pools, unconditional edges —,
//!   reachability over the chosen edges, counting constraints, now and
//!   then a disjunction) must have clingo's answer sets, each once, with
//!   `-n 0`, and one of them with `-n 1`.  200 programs per run
//!   (`MINASP_DIFF_EDGE_CASES`, base seed `MINASP_DIFF_SEED`); every third
//!   is also run with `-t 2`.

use crate::cases::{finish, generate, run_cases};
use crate::support::Model;
use crate::support::*;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use std::time::{Duration, Instant};

/// A random program with `#edge` directives for `(seed, sub)`.
pub fn edge_program(seed: u64, sub: u32) -> String {
    let mut r = ChaCha12Rng::seed_from_u64(seed.wrapping_mul(7919).wrapping_add(sub as u64 * 104_729));
    let n = r.gen_range(3..=5);
    let mut out = vec![format!("node(1..{n}).")];
    // the candidate edges: all pairs, or those a modulus lets through
    let filter = match r.gen_range(0..3) {
        0 => String::new(),
        1 => format!(", (X+Y)\\{} != 0", r.gen_range(2..4)),
        _ => ", X < Y + 2".to_string(),
    };
    out.push(format!("cand(X,Y) :- node(X), node(Y), X != Y{filter}."));
    match r.gen_range(0..4) {
        0 => out.push("{ e(X,Y) } :- cand(X,Y).".to_string()),
        1 => out.push(format!("{{ e(X,Y) : cand(X,Y) }} = {}.", r.gen_range(2..=n))),
        2 => {
            // an orientation of each candidate pair (disjunction)
            out.push("e(X,Y) ; e(Y,X) :- cand(X,Y), cand(Y,X), X < Y.".to_string());
            out.push("{ e(X,Y) } :- cand(X,Y), not cand(Y,X).".to_string());
        }
        _ => {
            out.push("{ e(X,Y) } :- cand(X,Y), X < Y.".to_string());
            out.push("e(Y,X) :- cand(Y,X), X < Y, not e(X,Y), not off(X).".to_string());
            out.push("{ off(X) } :- node(X).".to_string());
        }
    }
    out.push("#edge (X,Y) : e(X,Y).".to_string());
    if r.gen_bool(0.5) {
        out.push("{ f(X) } :- node(X).".to_string());
    }
    let extra = r.gen_range(0..3);
    for _ in 0..extra {
        let d = match r.gen_range(0..7) {
            0 => "#edge (X,Y) : e(Y,X), f(X).".to_string(),
            1 => "#edge (X,Y) : cand(X,Y), not e(X,Y), f(Y).".to_string(),
            2 => format!("#edge ({},{}).", r.gen_range(1..=n), r.gen_range(1..=n)),
            3 => "#edge (X,Y; Y,Z) : e(X,Y), e(Y,Z), f(X).".to_string(),
            4 => "#edge (X,X+1) : node(X), node(X+1), not f(X).".to_string(),
            5 => format!("#edge (a,b; b,X) : f(X), X > {}.", r.gen_range(1..n)),
            _ => "#edge (X,Y) : e(X,Y), not f(X), not f(Y).".to_string(),
        };
        if d.contains("f(") && !out.iter().any(|s| s.starts_with("{ f(X) }")) {
            out.push("{ f(X) } :- node(X).".to_string());
        }
        out.push(d);
    }
    if r.gen_bool(0.5) {
        // reachability (a positive loop) over the chosen edges
        out.push("r(X,Y) :- e(X,Y).".to_string());
        out.push("r(X,Z) :- r(X,Y), e(Y,Z).".to_string());
        match r.gen_range(0..3) {
            0 => out.push(":- node(X), X != 1, not r(1,X).".to_string()),
            1 => out.push(format!(":- #count {{ Y : r(1,Y) }} < {}.", r.gen_range(1..n))),
            _ => out.push("ok :- r(1,Y), r(Y,Z). :- not ok.".to_string()),
        }
    }
    if r.gen_bool(0.4) {
        out.push(format!(":- #count {{ X,Y : e(X,Y) }} < {}.", r.gen_range(1..=n)));
    }
    if r.gen_bool(0.2) {
        // a head cycle (not head-cycle-free): answers checked for minimality
        out.push("p ; q :- f(1).".to_string());
        out.push("p :- q. q :- p.".to_string());
        out.push("#edge (1,2) : p.".to_string());
    }
    out.push("#show e/2.".to_string());
    if out.iter().any(|s| s.contains("f(")) {
        out.push("#show f/1.".to_string());
    }
    out.join("\n") + "\n"
}

#[test]
fn random_edge_programs_match_clingo() {
    if !oracle_ready() {
        return;
    }
    let cases_n = env_u64("MINASP_DIFF_EDGE_CASES", 200);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    let tmp = tempfile::Builder::new().prefix("minasp-edges-").tempdir().expect("temp dir");
    let t0 = Instant::now();
    let seeds: Vec<u64> = (0..cases_n).map(|i| base.wrapping_add(i)).collect();
    let g = generate("random_edge_programs", &seeds, 300, |seed, sub| {
        let text = edge_program(seed, sub);
        let file = format!("edges_{seed}_{sub}.lp");
        let p = tmp.path().join(&file);
        std::fs::write(&p, &text).expect("write program");
        (vec![p], vec![(file, text)])
    });
    let mut cases = g.cases;
    for c in cases.iter_mut().step_by(3) {
        c.args.push("-t2".to_string());
    }
    let n_models: usize = cases.iter().map(|c| c.expected.len()).sum();
    let unsat = cases.iter().filter(|c| c.expected.is_empty()).count();
    let (failures, _) = run_cases(&cases, Duration::from_secs(20), true);
    eprintln!(
        "edges: {} programs, {} answer sets, {} unsatisfiable, {:.1}s; {} mismatches",
        cases.len(),
        n_models,
        unsat,
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    // the generator must make programs where acyclicity matters
    assert!(unsat > 0 || cases.len() < 20, "no unsatisfiable program among {}", cases.len());
    finish("random_edge_programs", &cases, &failures);
}

/// Runs `sh -c script` (a pipeline of the installed tools and minasp).
fn sh(script: &str) -> RunOutput {
    run_command(&["sh".to_string(), "-c".to_string(), script.to_string()], &[], Duration::from_secs(30))
}

/// The answer sets in clingo-format output, sorted.
fn models(r: &RunOutput, who: &str) -> Vec<Model> {
    assert!(!r.timed_out, "{who} timed out");
    let p = parse_output(&r.stdout).unwrap_or_else(|e| panic!("{who}: {e}\n{}{}", r.stdout, r.stderr));
    normalized(&p.models)
}

/// A `#edge` line of `--text` with its condition's literals sorted (gringo
/// and minasp order them differently).
fn edge_line(l: &str) -> String {
    let l = l.trim_end_matches('.');
    match l.split_once("):") {
        Some((head, cond)) => {
            // the literals: split at the commas outside parentheses
            let (mut lits, mut depth, mut start) = (Vec::new(), 0, 0);
            for (i, c) in cond.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        lits.push(&cond[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            lits.push(&cond[start..]);
            lits.sort_unstable();
            format!("{head}):{}", lits.join(","))
        }
        None => l.to_string(),
    }
}

/// The ground forms: gringo's aspif (statement `8`) solved by minasp, and
/// minasp's aspif solved by clasp, give clingo's answer sets; `--text`
/// prints gringo's `#edge` lines.
#[test]
fn ground_edges_round_trip_through_gringo_and_clasp() {
    for t in ["clingo", "gringo", "clasp"] {
        if !tool_works(&[t.to_string()]) {
            skip_or_fail(&format!(
                "`{t}` not found: #edge format tests did not run (apt-get install gringo)"
            ));
            return;
        }
    }
    let bin = minasp_argv().remove(0);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut programs: Vec<String> = (1..=30).map(|s| edge_program(s, 0)).collect();
    programs.push("#edge (a,b; b,c; c,a) : p. {p}. #edge (1,1) : q. {q}.\n".to_string());
    programs.push("#edge (\"x\",f(1)). #edge (f(1),(2,3)) : not r. {r}.\n".to_string());
    let mut with_edges = 0;
    for (i, text) in programs.iter().enumerate() {
        let f = dir.path().join(format!("p{i}.lp"));
        std::fs::write(&f, text).unwrap();
        if let Some(keep) = env_str("MINASP_EDGE_KEEP") {
            std::fs::write(format!("{keep}/p{i}.lp"), text).unwrap();
        }
        let f = f.display();
        let clingo = models(&sh(&format!("clingo -n 3001 {f}")), "clingo");
        if clingo.len() > 3000 {
            continue;
        }
        let theirs =
            models(&sh(&format!("gringo {f} | '{bin}' --mode=clasp -n 0")), "minasp on gringo's aspif");
        assert!(same_models(&clingo, &theirs), "program {i}: gringo | minasp --mode=clasp differs:\n{text}");
        let aspif = sh(&format!("'{bin}' --mode=gringo {f}"));
        assert!(
            aspif.stdout.lines().any(|l| l.starts_with("8 ")),
            "program {i}: no edge statement:\n{}",
            aspif.stdout
        );
        let ours = models(&sh(&format!("'{bin}' --mode=gringo {f} | clasp -n 0")), "clasp on minasp's aspif");
        assert!(same_models(&clingo, &ours), "program {i}: minasp --mode=gringo | clasp differs:\n{text}");
        let edges = |out: &str| -> Vec<String> {
            let mut v: Vec<String> = out.lines().filter(|l| l.starts_with("#edge")).map(edge_line).collect();
            v.sort();
            v.dedup();
            v
        };
        let g = edges(&sh(&format!("gringo --text {f}")).stdout);
        let m = edges(&sh(&format!("'{bin}' --text {f}")).stdout);
        assert_eq!(g, m, "program {i}: the #edge lines of --text differ:\n{text}");
        with_edges += !g.is_empty() as usize;
    }
    assert!(with_edges >= 15, "only {with_edges} programs (of at most 3,000 answer sets) kept edges");
}

/// `--verify` names the cycle; `--explain` says the constraints clash
/// given acyclicity; `#edge` errors are located.
#[test]
fn verify_and_explain_speak_of_the_cycle() {
    let prog = "node(1..3).\n{ e(X,Y) : node(X), node(Y), X != Y }.\n#edge (X,Y) : e(X,Y).\n\
                :- not e(1,2).\n:- not e(2,3).\n:- not e(3,1).\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("cycle.lp");
    std::fs::write(&f, prog).unwrap();
    let cand = dir.path().join("answer.txt");
    std::fs::write(&cand, "Answer: 1\nnode(1) node(2) node(3) e(1,2) e(2,3) e(3,1)\n").unwrap();
    let argv = minasp_argv();
    let v = run_command(
        &argv,
        &[f.display().to_string(), "--verify".into(), cand.display().to_string()],
        Duration::from_secs(10),
    );
    assert_eq!(v.code, Some(1), "{}{}", v.stdout, v.stderr);
    assert!(
        v.stdout.contains("form a cycle: 1 -> 2 -> 3 -> 1"),
        "--verify does not name the cycle:\n{}",
        v.stdout
    );
    let e = run_command(&argv, &[f.display().to_string(), "--explain".into()], Duration::from_secs(10));
    assert_eq!(e.code, Some(20));
    assert!(e.stdout.contains("given that the edges of #edge directives form no cycle"), "{}", e.stdout);
    assert!(e.stdout.contains(":- not e(3,1)."), "{}", e.stdout);
    // without the edges the three constraints have an answer set
    let no_edges = prog.replace("#edge (X,Y) : e(X,Y).\n", "");
    let a = run_minasp(&["-n", "0"], Some(&no_edges), Duration::from_secs(10));
    assert_eq!(a.models.len(), 8);
    let a = run_minasp(&["-n", "0"], Some(prog), Duration::from_secs(10));
    assert_eq!((a.result.as_str(), a.code), ("UNSATISFIABLE", Some(20)));
    // unconditional edges: a cycle among them leaves nothing; a path is fine
    let a = run_minasp(&[], Some("#edge (a,b; b,c). #edge (c,a).\n"), Duration::from_secs(10));
    assert_eq!(a.result, "UNSATISFIABLE");
    let a = run_minasp(&[], Some("#edge (a,b; b,c). #edge (a,c).\n"), Duration::from_secs(10));
    assert_eq!(a.result, "SATISFIABLE");
    // aspif edges between the largest node numbers, and malformed ones
    let a = run_minasp(
        &["--mode=clasp"],
        Some("asp 1 0 0\n8 4294967295 0 0\n8 0 4294967295 0\n0\n"),
        Duration::from_secs(10),
    );
    assert_eq!((a.result.as_str(), a.code), ("UNSATISFIABLE", Some(20)), "{}", a.stderr);
    for bad in ["8 -1 2 0", "8 1 2 1 0", "8 99999999999 0 0", "8 1"] {
        let r = run_command_input(
            &minasp_argv(),
            &["--mode=clasp".into()],
            Some(&format!("asp 1 0 0\n{bad}\n0\n")),
            Duration::from_secs(10),
        );
        assert_eq!(r.code, Some(65), "{bad}: {}", r.stderr);
        assert!(r.stderr.contains("-:2: error:") && !r.stderr.contains("panicked"), "{bad}: {}", r.stderr);
    }
}

/// An incremental program whose steps add edges: every step's answer
/// sets keep the edges of all steps acyclic.  clingo 5.4.1 stops such a
/// run with "redefinition of atom", so the expected counts are clingo's
/// on the program of each step written out (18 answer sets with one
/// step's edges, 162 with two).
#[test]
fn incremental_steps_keep_all_edges_acyclic() {
    let inc = "#include <incmode>.\n#program base.\nnode(1..3).\n#program step(t).\n\
               { go(X,Y,t) : node(X), node(Y), X != Y }.\n#edge (X,Y) : go(X,Y,t).\ngot(X,Y) :- go(X,Y,t).\n\
               #program check(t).\n:- query(t), #count { X,Y : got(X,Y) } < t + 1.\n#show go/3.\n";
    // answers are numbered per step (as clingo's): read them here
    let r = run_command_input(
        &minasp_argv(),
        &["-n".into(), "0".into(), "-c".into(), "imin=3".into()],
        Some(inc),
        Duration::from_secs(30),
    );
    let per_step: Vec<usize> =
        r.stdout.split("Solving...").skip(1).map(|s| s.matches("Answer:").count()).collect();
    assert_eq!((per_step, r.code), (vec![0, 18, 162], Some(30)), "{}", r.stdout);
    assert!(r.stdout.contains("SATISFIABLE") && r.stdout.contains("Calls        : 3"), "{}", r.stdout);
    if let Some(clingo) = clingo_command() {
        for (t, want) in [(1, 18), (2, 162)] {
            let flat = format!(
                "node(1..3). t(1..{t}).\n{{ go(X,Y,T) : node(X), node(Y), X != Y }} :- t(T).\n\
                 #edge (X,Y) : go(X,Y,T).\ngot(X,Y) :- go(X,Y,T).\n:- #count {{ X,Y : got(X,Y) }} < {}.\n",
                t + 1
            );
            let r = run_command_input(
                &clingo,
                &["-n".into(), "0".into(), "-q".into()],
                Some(&flat),
                Duration::from_secs(30),
            );
            assert!(r.stdout.contains(&format!("Models       : {want}\n")), "clingo:\n{}", r.stdout);
        }
    } else {
        skip_or_fail("clingo not found: the incremental #edge counts were not checked against it");
    }
}

/// The summary line starting with `key`, its value.
fn summary(out: &str, key: &str) -> Option<String> {
    out.lines()
        .find(|l| l.trim_start().starts_with(key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

/// Optimisation over acyclic edges (feedback arc sets: the most arcs that
/// form no cycle), by branch and bound and core-guided: clingo's optimum
/// and number of optimal answer sets.
#[test]
fn optimising_over_acyclic_edges_matches_clingo() {
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not found: #edge optimisation was not checked against it");
        return;
    };
    let mut seed = 7u64;
    let mut next = |m: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % m
    };
    for case in 0..6 {
        let n = 7 + case % 3;
        let mut arcs = std::collections::BTreeSet::new();
        while arcs.len() < 2 * n as usize {
            let (a, b) = (1 + next(n), 1 + next(n));
            if a != b {
                arcs.insert((a, b));
            }
        }
        let mut prog: String = arcs.iter().map(|(a, b)| format!("arc({a},{b}).\n")).collect();
        prog.push_str(
            "{ keep(X,Y) } :- arc(X,Y).\n#edge (X,Y) : keep(X,Y).\n#maximize { 1,X,Y : keep(X,Y) }.\n",
        );
        let args = |extra: &[&str]| -> Vec<String> {
            ["--opt-mode=optN", "-q", "-n", "0"].iter().chain(extra).map(|s| s.to_string()).collect()
        };
        let theirs = run_command_input(&clingo, &args(&[]), Some(&prog), Duration::from_secs(30));
        let want = (summary(&theirs.stdout, "Optimization"), summary(&theirs.stdout, "Optimal"));
        assert!(want.0.is_some() && want.1.is_some(), "clingo:\n{}", theirs.stdout);
        for strategy in ["--opt-strategy=bb", "--opt-strategy=usc"] {
            let ours =
                run_command_input(&minasp_argv(), &args(&[strategy]), Some(&prog), Duration::from_secs(30));
            let got = (summary(&ours.stdout, "Optimization"), summary(&ours.stdout, "Optimal"));
            assert_eq!(got, want, "case {case} {strategy}:\n{prog}\n{}", ours.stdout);
            assert_eq!(ours.code, Some(30), "{}", ours.stdout);
        }
    }
}
