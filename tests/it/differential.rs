//! Differential tests: minasp must find exactly clingo's answer sets.
//!
//! - `random_programs_match_clingo`: random safe clingo-5 programs from `gen.rs`.
//! - `seed_programs_match_clingo`: the clingo-5 encodings in `programs/` and
//!   `../shared/programs/peg/`, each with each instance of its folder.
//! - `regression_programs_match_their_answers`: `tests/regressions/*.lp`, programs on which
//!   minasp once differed from clingo (each says how it was found).
//!
//! Each program is run twice: for all answer sets (`--models 0`), and for one
//! (`--models 1`, the solver's single-model tuning with progress saving and target
//! phases), which must print clingo's result word and one of clingo's answer sets.
//!
//! The oracle is clingo's Python module (`tests/oracle/clingo_models.py`); when it is not
//! installed the tests print a loud SKIPPED line and pass, unless MINASP_REQUIRE_CLINGO=1.
//!
//! Environment (besides those in `support.rs`):
//! - `MINASP_DIFF_CASES` (default 500), `MINASP_DIFF_SEED` (base seed, default 1):
//!   programs `seed .. seed+cases-1`. Reproduce one case with CASES=1 SEED=n.
//! - `MINASP_DIFF_JOBS`: parallel runs of the binary (default: available cores, max 4).
//! - `MINASP_DIFF_TIMEOUT`: seconds per run of the binary (default 20 random, 60 seeds).
//! - `MINASP_DIFF_SEED_DIRS`: extra folders (`:`-separated) for the seed-program test.
//!
//! Failures are written, with the programs, to `target/tmp/differential/<test>/` (the path
//! is printed).

use crate::gen;
use crate::support::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Generated programs with more answer sets than this are replaced by the next sub-seed.
const MAX_RANDOM_MODELS: usize = 500;
/// How many sub-seeds to try before giving up on a seed.
const MAX_SUBSEEDS: u32 = 8;
/// Seed programs: compare when clingo finds at most this many models ...
const MAX_SEED_MODELS: usize = 2000;
/// ... within this many seconds.
const SEED_ORACLE_SECONDS: f64 = 5.0;

struct Case {
    title: String,
    files: Vec<PathBuf>,
    text: String,
    expected: Vec<Model>,
}

struct Failure {
    title: String,
    full: String,
}

fn jobs() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    (env_u64("MINASP_DIFF_JOBS", cores.min(4) as u64) as usize).max(1)
}

/// Runs the binary under test on every case (in parallel) and returns the mismatches.
fn run_cases(cases: &[Case], timeout: Duration) -> (Vec<Failure>, Duration) {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let busy = Mutex::new(Duration::ZERO);
    std::thread::scope(|s| {
        for _ in 0..jobs().min(cases.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cases.len() {
                    break;
                }
                let c = &cases[i];
                let run = run_under_test(&c.files, timeout);
                *busy.lock().unwrap() += run.elapsed;
                // and the first model alone, found with the single-model tuning
                let first = run_under_test_limit(&c.files, timeout, 1);
                *busy.lock().unwrap() += first.elapsed;
                let checked =
                    check_run(&c.expected, &run).and_then(|()| check_first_model(&c.expected, &first));
                if let Err(why) = checked {
                    let full = describe_failure(&c.title, &c.text, &c.expected, &run, &why);
                    failures
                        .lock()
                        .unwrap()
                        .push((i, Failure { title: format!("{}: {}", c.title, why), full }));
                }
            });
        }
    });
    let mut f = failures.into_inner().unwrap();
    f.sort_by_key(|(i, _)| *i);
    (f.into_iter().map(|(_, f)| f).collect(), busy.into_inner().unwrap())
}

/// Writes the report and panics with the first few failures, if any.
fn finish(name: &str, failures: Vec<Failure>, total: usize, extra_files: &[(String, String)]) {
    // Each test owns target/tmp/differential/<name>/; clear what an earlier run left.
    let _ = std::fs::remove_dir_all(report_dir("differential").join(name));
    if failures.is_empty() {
        return;
    }
    let dir = report_dir(&format!("differential/{}", name));
    for (fname, text) in extra_files {
        std::fs::write(dir.join(fname), text).expect("write failing program");
    }
    let report = dir.join(format!("{}.txt", name));
    let mut all = String::new();
    for f in &failures {
        all.push_str(&f.full);
        all.push('\n');
    }
    std::fs::write(&report, &all).expect("write report");
    let mut msg = format!(
        "{} of {} cases differ from clingo (full report: {}):\n",
        failures.len(),
        total,
        report.display()
    );
    for f in failures.iter().take(40) {
        msg.push_str(&format!("  - {}\n", f.title.lines().next().unwrap_or("")));
    }
    msg.push('\n');
    for f in failures.iter().take(3) {
        msg.push_str(&truncate(&f.full, 6000));
        msg.push('\n');
    }
    panic!("{}", msg);
}

#[test]
fn random_programs_match_clingo() {
    let cases_n = env_u64("MINASP_DIFF_CASES", 500);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    random_programs("random_programs", gen::GenConfig::default(), cases_n, base);
}

/// The generator with disjunctive heads (`a | b :- body.`, read as clingo 5):
/// 300 programs per run, `MINASP_DIFF_DISJUNCTIVE_CASES` for more.
#[test]
fn random_disjunctive_programs_match_clingo() {
    let cases_n = env_u64("MINASP_DIFF_DISJUNCTIVE_CASES", 300);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    random_programs(
        "random_disjunctive_programs",
        gen::GenConfig { disjunction: true, optimize: false },
        cases_n,
        base,
    );
}

fn random_programs(name: &str, cfg: gen::GenConfig, cases_n: u64, base: u64) {
    if !oracle_ready() {
        return;
    }
    let timeout = Duration::from_secs_f64(env_f64("MINASP_DIFF_TIMEOUT", 20.0));
    let tmp = tempfile::Builder::new().prefix("minasp-diff-").tempdir().expect("temp dir");
    let t0 = Instant::now();

    // Generate; replace programs that have too many models (or that clingo cannot solve
    // quickly) with the next sub-seed, a few rounds.
    let seeds: Vec<u64> = (0..cases_n).map(|i| base.wrapping_add(i)).collect();
    let mut sub = vec![0u32; seeds.len()];
    let mut texts = vec![String::new(); seeds.len()];
    let mut expected: Vec<Option<Vec<Model>>> = vec![None; seeds.len()];
    let mut rejected = Vec::new(); // generator bugs: clingo errors
    let mut replaced = 0usize;
    let mut given_up = Vec::new();
    let mut pending: Vec<usize> = (0..seeds.len()).collect();
    let path_of = |i: usize, sub: u32| tmp.path().join(format!("seed_{}_{}.lp", seeds[i], sub));
    let mut oracle_time = Duration::ZERO;
    while !pending.is_empty() {
        let mut files = Vec::new();
        for &i in &pending {
            texts[i] = gen::program_with(seeds[i], sub[i], &cfg);
            let p = path_of(i, sub[i]);
            std::fs::write(&p, &texts[i]).expect("write program");
            files.push(vec![p]);
        }
        let to = Instant::now();
        let answers = run_oracle(&files, 10.0, MAX_RANDOM_MODELS);
        oracle_time += to.elapsed();
        let mut again = Vec::new();
        for (&i, r) in pending.iter().zip(answers) {
            match r.answer {
                OracleAnswer::Models(ms) => expected[i] = Some(ms),
                OracleAnswer::Error(e) => rejected.push(format!(
                    "seed {} sub {}: clingo rejects the generated program:\n{}\n--- program:\n{}",
                    seeds[i], sub[i], e, texts[i]
                )),
                OracleAnswer::TooMany | OracleAnswer::Timeout(_) => {
                    replaced += 1;
                    if sub[i] + 1 < MAX_SUBSEEDS {
                        sub[i] += 1;
                        again.push(i);
                    } else {
                        given_up.push(seeds[i]);
                    }
                }
            }
        }
        pending = again;
    }
    if !rejected.is_empty() {
        let path = report_dir("differential/random_programs").join("rejected_programs.txt");
        std::fs::write(&path, rejected.join("\n\n")).expect("write report");
        panic!(
            "generator bug: clingo rejects {} generated program(s) (all in {}); first ones:\n{}",
            rejected.len(),
            path.display(),
            rejected.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n")
        );
    }

    let cases: Vec<Case> = (0..seeds.len())
        .filter_map(|i| {
            expected[i].take().map(|ms| Case {
                title: format!("seed {} (sub {})", seeds[i], sub[i]),
                files: vec![path_of(i, sub[i])],
                text: texts[i].clone(),
                expected: ms,
            })
        })
        .collect();
    let n_models: usize = cases.iter().map(|c| c.expected.len()).sum();
    let unsat = cases.iter().filter(|c| c.expected.is_empty()).count();
    let t_run = Instant::now();
    let (failures, busy) = run_cases(&cases, timeout);
    eprintln!(
        "differential: {} programs (seeds {}..{}, {} replaced for > {} models, {} given up), {} answer sets, {} unsat; \
         oracle {:.1}s, binary {:.1}s wall / {:.1}s summed, total {:.1}s; {} mismatches",
        cases.len(),
        base,
        base.wrapping_add(cases_n.saturating_sub(1)),
        replaced,
        MAX_RANDOM_MODELS,
        given_up.len(),
        n_models,
        unsat,
        oracle_time.as_secs_f64(),
        t_run.elapsed().as_secs_f64(),
        busy.as_secs_f64(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    let extra: Vec<(String, String)> = failures
        .iter()
        .filter_map(|f| {
            let c = cases.iter().find(|c| f.title.starts_with(&format!("{}:", c.title)))?;
            Some((c.files[0].file_name()?.to_string_lossy().into_owned(), c.text.clone()))
        })
        .collect();
    finish(name, failures, cases.len(), &extra);
}

// ------------------------------------------------------------------ seed programs

/// Files that are not clingo 5 (gringo 3 dialect).
fn is_gringo3(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    name.ends_with(".gringo") || name == "lunar.lp" || name == "solitaire_decision.gringo"
}

/// Text without `%` comments (roughly: block comments and line comments).
fn strip_comments(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        if let Some(b) = after.strip_prefix("%*") {
            rest = b.find("*%").map_or("", |j| &b[j + 2..]);
        } else {
            rest = after.find('\n').map_or("", |j| &after[j..]);
        }
    }
    out.push_str(rest);
    out
}

/// An encoding (as opposed to an instance/board): has a choice rule, a `#show`,
/// an optimization statement or a disjunction, or is named like one.
fn is_encoding(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
    if name.contains("board") || name.contains("instance") || name.starts_with("inst") {
        return false;
    }
    let t = strip_comments(&read_to_string(p));
    t.contains('{')
        || t.contains("#show")
        || t.contains("#minimize")
        || t.contains(":~")
        || name.contains("encoding")
}

/// (title, files) for each encoding × instance in `dir` (not recursive); an encoding
/// with no instance next to it runs alone.
fn combinations(dir: &Path, skipped: &mut Vec<String>) -> Vec<(String, Vec<PathBuf>)> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect(),
        Err(_) => return Vec::new(),
    };
    files.sort();
    let mut lps = Vec::new();
    for f in files {
        let ext_ok = f.extension().is_some_and(|e| e == "lp" || e == "gringo");
        if !ext_ok {
            continue;
        }
        if is_gringo3(&f) {
            skipped.push(format!("{}: gringo 3 dialect", f.display()));
            continue;
        }
        lps.push(f);
    }
    let (enc, inst): (Vec<PathBuf>, Vec<PathBuf>) = lps.into_iter().partition(|p| is_encoding(p));
    let mut out = Vec::new();
    for e in &enc {
        if inst.is_empty() {
            out.push((e.display().to_string(), vec![e.clone()]));
        }
        for i in &inst {
            out.push((
                format!("{} + {}", e.display(), i.file_name().unwrap().to_string_lossy()),
                vec![e.clone(), i.clone()],
            ));
        }
    }
    out
}

fn seed_dirs(shared: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    // The repo's own programs/ and its sub-folders.
    let root = manifest_dir().join("programs");
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        if !d.is_dir() {
            continue;
        }
        let mut subs: Vec<PathBuf> = std::fs::read_dir(&d)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_dir()).collect())
            .unwrap_or_default();
        subs.sort();
        dirs.push(d);
        stack.extend(subs.into_iter().rev());
    }
    dirs.push(shared.join("programs").join("peg"));
    if let Some(extra) = env_str("MINASP_DIFF_SEED_DIRS") {
        dirs.extend(extra.split(':').filter(|s| !s.is_empty()).map(PathBuf::from));
    }
    dirs
}

#[test]
fn seed_programs_match_clingo() {
    if !oracle_ready() {
        return;
    }
    let shared = match shared_dir() {
        Some(s) => s,
        None => {
            skip_or_fail(&format!(
                "../shared not found (looked for {}/../shared) — seed programs were not compared",
                manifest_dir().display()
            ));
            return;
        }
    };
    let mut skipped = Vec::new();
    let mut combos = Vec::new();
    for d in seed_dirs(&shared) {
        combos.extend(combinations(&d, &mut skipped));
    }
    let files: Vec<Vec<PathBuf>> = combos.iter().map(|(_, f)| f.clone()).collect();
    let t0 = Instant::now();
    let answers = run_oracle(&files, SEED_ORACLE_SECONDS, MAX_SEED_MODELS);
    let mut cases = Vec::new();
    for ((title, files), r) in combos.into_iter().zip(answers) {
        match r.answer {
            OracleAnswer::Models(ms) => {
                let text = files
                    .iter()
                    .map(|f| format!("% ---- {}\n{}", f.display(), read_to_string(f)))
                    .collect::<Vec<_>>()
                    .join("\n");
                cases.push(Case { title, files, text, expected: ms });
            }
            OracleAnswer::TooMany => {
                skipped.push(format!("{}: clingo finds more than {} models", title, MAX_SEED_MODELS))
            }
            OracleAnswer::Timeout(_) => {
                skipped.push(format!("{}: clingo needs more than {}s", title, SEED_ORACLE_SECONDS))
            }
            OracleAnswer::Error(e) => {
                skipped.push(format!("{}: clingo rejects it: {}", title, e.lines().next().unwrap_or("")))
            }
        }
    }
    for s in &skipped {
        eprintln!("note: seed program skipped: {}", s);
    }
    let timeout = Duration::from_secs_f64(env_f64("MINASP_DIFF_TIMEOUT", 60.0));
    let (failures, _) = run_cases(&cases, timeout);
    eprintln!(
        "seed programs: {} compared ({} answer sets), {} skipped, {:.1}s, {} mismatches",
        cases.len(),
        cases.iter().map(|c| c.expected.len()).sum::<usize>(),
        skipped.len(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    for c in &cases {
        eprintln!("  compared: {} ({} models)", c.title, c.expected.len());
    }
    finish("seed_programs", failures, cases.len(), &[]);
}

// ------------------------------------------------------------------ regressions

/// The answer sets checked in beside a regression program (`NAME.expected`:
/// one answer set a line, its atoms sorted and separated by spaces; an
/// empty line is the empty answer set; no line at all: unsatisfiable).
fn read_expected(p: &Path) -> Option<Vec<Model>> {
    let text = std::fs::read_to_string(p.with_extension("expected")).ok()?;
    let mut ms: Vec<Model> = text
        .lines()
        .filter(|l| !l.starts_with('%'))
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    ms.sort();
    Some(ms)
}

fn write_expected(p: &Path, ms: &[Model]) {
    let mut text =
        String::from("% clingo's answer sets (tests/it/differential.rs, MINASP_WRITE_EXPECTED=1)\n");
    for m in normalized(ms) {
        text.push_str(&m.iter().cloned().collect::<Vec<_>>().join(" "));
        text.push('\n');
    }
    std::fs::write(p.with_extension("expected"), text).expect("write expected answers");
}

/// Programs minasp once got wrong, each with its answer sets checked in
/// (`NAME.expected`), so the test checks without clingo; when clingo is
/// there it re-confirms the checked-in answers.  `MINASP_WRITE_EXPECTED=1`
/// (with clingo) writes them for new programs.
#[test]
fn regression_programs_match_their_answers() {
    let dir = manifest_dir().join("tests/regressions");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/regressions")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "lp"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no programs in {}", dir.display());
    let write = env_flag("MINASP_WRITE_EXPECTED") == Some(true);
    let oracle: Option<Vec<OracleResult>> = oracle_ready().then(|| {
        let files: Vec<Vec<PathBuf>> = paths.iter().map(|p| vec![p.clone()]).collect();
        run_oracle(&files, 10.0, MAX_RANDOM_MODELS)
    });
    let mut cases = Vec::new();
    for (i, p) in paths.iter().enumerate() {
        let clingo = oracle.as_ref().map(|o| match &o[i].answer {
            OracleAnswer::Models(ms) => ms.clone(),
            _ => panic!("{}: clingo gives no model list for a regression program", p.display()),
        });
        // A program on which clingo itself is wrong says so (`% clingo is wrong:`);
        // its checked-in answers are minasp's, argued in the file, not clingo's.
        let clingo_wrong = read_to_string(p).lines().any(|l| l.starts_with("% clingo is wrong:"));
        let clingo = clingo.filter(|_| !clingo_wrong);
        if let (true, Some(ms)) = (write, &clingo) {
            write_expected(p, ms);
        }
        let expected = read_expected(p).unwrap_or_else(|| {
            panic!("{}: no checked-in answers; run with clingo and MINASP_WRITE_EXPECTED=1", p.display())
        });
        if let Some(ms) = clingo {
            assert!(
                same_models(&ms, &expected),
                "{}: the checked-in answers are not clingo's: {}",
                p.display(),
                show_models(&ms, 5)
            );
        }
        cases.push(Case {
            title: p.file_name().unwrap().to_string_lossy().into_owned(),
            files: vec![p.clone()],
            text: read_to_string(p),
            expected,
        });
    }
    let (failures, _) = run_cases(&cases, Duration::from_secs(60));
    finish("regression_programs", failures, cases.len(), &[]);
}
