//! Optimisation: minasp's optimal answer sets and optima against clingo's, on
//! generated programs with `#minimize`, `#maximize` and weak constraints, and
//! hand-worked cases of both dialects (gringo 3's readings are explained where
//! they are tested, since clingo 5 cannot read them).
//!
//! - `random_optimization_programs_match_clingo`: `MINASP_DIFF_OPT_CASES`
//!   programs (default 300, seeds from `MINASP_DIFF_SEED`). Each is run with
//!   `--opt-mode=optN 0` (the same set of optimal answer sets and the same
//!   optimum as clingo's, result word and exit code), and in the default mode
//!   with branch and bound and with `--opt-strategy=usc` (the improving costs
//!   strictly decrease and the last answer set is optimal).

use crate::gen;
use crate::support::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// One run of `minasp` read back: every model with its costs and number,
/// the final `Optimization :` line, the result word.
#[derive(Debug, Default)]
struct OptRun {
    /// (answer number, atoms, costs)
    models: Vec<(usize, Model, Vec<i64>)>,
    summary_costs: Option<Vec<i64>>,
    optimum: Option<String>,
    result: Option<String>,
}

fn parse_costs(s: &str) -> Vec<i64> {
    s.split_whitespace().filter_map(|c| c.parse().ok()).collect()
}

fn parse_opt(stdout: &str) -> Result<OptRun, String> {
    let mut run = OptRun::default();
    let mut lines = stdout.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("Answer:") {
            let n: usize =
                rest.split_whitespace().next().and_then(|x| x.parse().ok()).ok_or("bad answer line")?;
            let atoms: Model = split_symbols(lines.next().ok_or("no model line")?).into_iter().collect();
            let costs = match lines.peek() {
                Some(l) if l.starts_with("Optimization: ") => parse_costs(&lines.next().unwrap()[14..]),
                _ => Vec::new(),
            };
            run.models.push((n, atoms, costs));
        } else if let Some(rest) = line.strip_prefix("Optimization : ") {
            run.summary_costs = Some(parse_costs(rest));
        } else if let Some(rest) = line.strip_prefix("  Optimum    : ") {
            run.optimum = Some(rest.to_string());
        } else if matches!(line, "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN" | "OPTIMUM FOUND") {
            run.result = Some(line.to_string());
        }
    }
    Ok(run)
}

/// Two optima agree: equal, or equal but for levels of cost 0 that only one
/// side has (a level exists when some element survives grounding, and
/// gringo's simplifications and minasp's differ; an element one grounder
/// keeps and the other drops is false in every answer set).
fn same_optimum(a: &[i64], b: &[i64]) -> bool {
    a == b || a.iter().filter(|&&c| c != 0).eq(b.iter().filter(|&&c| c != 0))
}

/// Checks `--opt-mode=optN 0`: the optimal answer sets (numbered from 1
/// again after the converging ones) and the optimum.
fn check_optn(expected: &[Model], clingo_costs: &[i64], out: &RunOutput) -> Result<(), String> {
    if out.timed_out {
        return Err("optN: timed out".into());
    }
    let run = parse_opt(&out.stdout)?;
    let costs = run.summary_costs.clone().unwrap_or_default();
    if !same_optimum(clingo_costs, &costs) {
        return Err(format!("optN: optimum {:?}, clingo {:?}", costs, clingo_costs));
    }
    let costs = costs.as_slice();
    let optimizing = run.optimum.is_some();
    let want = match (expected.is_empty(), optimizing) {
        (true, _) => "UNSATISFIABLE",
        (false, true) => "OPTIMUM FOUND",
        (false, false) => "SATISFIABLE",
    };
    if optimizing != !clingo_costs.is_empty() && !expected.is_empty() && !same_optimum(clingo_costs, costs) {
        return Err(format!("optN: minasp optimises: {}, clingo: {}", optimizing, !clingo_costs.is_empty()));
    }
    if run.result.as_deref() != Some(want) {
        return Err(format!("optN: result {:?}, clingo: {}", run.result, want));
    }
    let want_code = if expected.is_empty() { 20 } else { 30 };
    if check_exit_codes() && out.code != Some(want_code) {
        return Err(format!("optN: exit code {:?}, clingo: {}", out.code, want_code));
    }
    let optimal: Vec<Model> = if optimizing {
        // the optimal phase starts at the last "Answer: 1"
        let start = run.models.iter().rposition(|(n, _, _)| *n == 1).unwrap_or(0);
        for (_, m, c) in &run.models[start..] {
            if c != costs {
                return Err(format!(
                    "optN: optimal model {} has costs {:?}, optimum {:?}",
                    show_model(m),
                    c,
                    costs
                ));
            }
        }
        run.models[start..].iter().map(|(_, m, _)| m.clone()).collect()
    } else {
        run.models.iter().map(|(_, m, _)| m.clone()).collect()
    };
    if !same_models(expected, &optimal) {
        let (only_c, only_m) = model_diff(expected, &optimal);
        return Err(format!(
            "optN: optimal answer sets differ (clingo {}, minasp {}): only clingo {:?}, only minasp {:?}",
            expected.len(),
            optimal.len(),
            only_c.iter().take(3).map(|(m, _)| show_model(m)).collect::<Vec<_>>(),
            only_m.iter().take(3).map(|(m, _)| show_model(m)).collect::<Vec<_>>()
        ));
    }
    Ok(())
}

/// Checks the default mode (branch and bound): costs strictly decrease and
/// the last answer set is optimal.
fn check_opt(expected: &[Model], clingo_costs: &[i64], out: &RunOutput) -> Result<(), String> {
    if out.timed_out {
        return Err("opt: timed out".into());
    }
    let run = parse_opt(&out.stdout)?;
    let Some(costs) = run.summary_costs.clone() else { return Ok(()) };
    if expected.is_empty() {
        return Err("opt: a model of an unsatisfiable program".into());
    }
    if !same_optimum(clingo_costs, &costs) {
        return Err(format!("opt: optimum {:?}, clingo {:?}", costs, clingo_costs));
    }
    if run.result.as_deref() != Some("OPTIMUM FOUND") || run.optimum.as_deref() != Some("yes") {
        return Err(format!("opt: result {:?}, optimum {:?}", run.result, run.optimum));
    }
    for w in run.models.windows(2) {
        if w[1].2 >= w[0].2 {
            return Err(format!("opt: costs {:?} after {:?} do not improve", w[1].2, w[0].2));
        }
    }
    match run.models.last() {
        Some((_, m, c)) if *c == costs && expected.contains(m) => Ok(()),
        Some((_, m, c)) => {
            Err(format!("opt: last model {} with costs {:?} is not optimal ({:?})", show_model(m), c, costs))
        }
        None => Err("opt: no model".into()),
    }
}

/// A program of soft atoms under clauses, as core-guided search meets
/// them: `{ s(1..n) }.`, constraints over one to three of the atoms (most
/// of them "not all false"), and a weight for each atom.
fn clause_program(seed: u64) -> String {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let n = 3 + next(5);
    let mut text = format!("{{ s(1..{}) }}.\n", n);
    for _ in 0..1 + next(6) {
        let k = 1 + next(3);
        let lits: Vec<String> =
            (0..k).map(|_| format!("{}s({})", if next(4) < 3 { "not " } else { "" }, 1 + next(n))).collect();
        text += &format!(":- {}.\n", lits.join(", "));
    }
    let weights: Vec<String> = (1..=n).map(|i| format!("{},{} : s({})", 1 + next(9), i, i)).collect();
    text + &format!("#minimize {{ {} }}.\n", weights.join("; "))
}

/// Core-guided optimisation (`--opt-strategy=usc`) finds clingo's optimum on
/// `MINASP_DIFF_USC_CASES` programs of soft atoms and clauses (default 300):
/// its cores must name every assumption they rest on (one that left out
/// the assumption decided first gave optima 5 for 3, 11 for 7, 20 for 15).
#[test]
fn core_guided_optima_match_clingo_on_clause_programs() {
    if !oracle_ready() {
        return;
    }
    let n = env_u64("MINASP_DIFF_USC_CASES", 300);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    let tmp = tempfile::Builder::new().prefix("minasp-usc-").tempdir().expect("temp dir");
    let mut files = Vec::new();
    for i in 0..n {
        let p = tmp.path().join(format!("seed_{}.lp", base.wrapping_add(i)));
        std::fs::write(&p, clause_program(base.wrapping_add(i))).expect("write program");
        files.push(vec![p]);
    }
    let answers = run_oracle_with(&files, 10.0, 2000, true);
    let (argv, _) = command_under_test();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (f, r) in files.iter().zip(answers) {
        let OracleAnswer::Models(expected) = r.answer else { continue };
        compared += 1;
        let file = f[0].display().to_string();
        let usc = run_command(&argv, &["--opt-strategy=usc".into(), file.clone()], Duration::from_secs(20));
        if let Err(why) = check_opt(&expected, &r.costs, &usc) {
            let text = std::fs::read_to_string(&f[0]).unwrap_or_default();
            failures.push(format!("{}: {}\n{}clingo: optimum {:?}", file, why, text, r.costs));
        }
    }
    eprintln!("core-guided optimisation: {} clause programs compared", compared);
    assert!(compared * 10 >= n as usize * 9, "clingo answered only {} of {}", compared, n);
    assert!(
        failures.is_empty(),
        "{} of {} differ from clingo; first:\n{}",
        failures.len(),
        compared,
        failures[..failures.len().min(2)].join("\n")
    );
}

#[test]
fn random_optimization_programs_match_clingo() {
    if !oracle_ready() {
        return;
    }
    let n = env_u64("MINASP_DIFF_OPT_CASES", 300);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    let cfg = gen::GenConfig { disjunction: false, optimize: true };
    let tmp = tempfile::Builder::new().prefix("minasp-opt-").tempdir().expect("temp dir");
    let mut files = Vec::new();
    let mut texts = Vec::new();
    for i in 0..n {
        let seed = base.wrapping_add(i);
        let text = gen::program_with(seed, 0, &cfg);
        let p = tmp.path().join(format!("seed_{}.lp", seed));
        std::fs::write(&p, &text).expect("write program");
        files.push(vec![p]);
        texts.push((seed, text));
    }
    let answers = run_oracle_with(&files, 10.0, 2000, true);
    let mut cases: Vec<(u64, String, PathBuf, Vec<Model>, Vec<i64>)> = Vec::new();
    let mut skipped = 0;
    for ((f, (seed, text)), r) in files.iter().zip(texts).zip(answers) {
        match r.answer {
            OracleAnswer::Models(ms) => cases.push((seed, text, f[0].clone(), ms, r.costs)),
            OracleAnswer::Error(e) => panic!("generator bug: clingo rejects seed {}:\n{}\n{}", seed, e, text),
            _ => skipped += 1,
        }
    }
    let optimizing = cases.iter().filter(|c| !c.4.is_empty()).count();
    let levels = cases.iter().filter(|c| c.4.len() > 1).count();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let timeout = Duration::from_secs(20);
    let (argv, _) = command_under_test();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((seed, text, file, expected, costs)) = cases.get(i) else { break };
                let f = file.display().to_string();
                // every third program: two searches racing (`-t2`), the same answers
                let threads = if i % 3 == 2 { "-t2" } else { "-t1" };
                let optn = run_command(
                    &argv,
                    &["--opt-mode=optN".into(), "0".into(), threads.into(), f.clone()],
                    timeout,
                );
                let opt = run_command(&argv, &[threads.into(), f.clone()], timeout);
                let usc =
                    run_command(&argv, &["--opt-strategy=usc".into(), threads.into(), f.clone()], timeout);
                if let Err(why) = check_optn(expected, costs, &optn)
                    .and_then(|()| check_opt(expected, costs, &opt))
                    .and_then(|()| {
                        check_opt(expected, costs, &usc).map_err(|e| format!("--opt-strategy=usc: {}", e))
                    })
                {
                    failures.lock().unwrap().push(format!(
                        "seed {}: {}\n--- program:\n{}--- clingo: optimum {:?}\n{}--- minasp optN:\n{}",
                        seed,
                        why,
                        text,
                        costs,
                        show_models(expected, 8),
                        truncate(&optn.stdout, 3000)
                    ));
                }
            });
        }
    });
    eprintln!(
        "optimisation: {} programs ({} with an objective, {} with several levels, {} skipped: clingo too slow or too many models)",
        cases.len(),
        optimizing,
        levels,
        skipped
    );
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} programs differ from clingo; first:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(2).cloned().collect::<Vec<_>>().join("\n")
    );
    // about half have one (47-56% over the seeds 1, 777, 5000, 97000; 40%
    // over 72000-72199)
    assert!(optimizing * 20 > cases.len() * 7, "too few programs with an objective: {}", optimizing);
}
