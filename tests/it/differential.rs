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

use crate::cases::{finish, generate, run_cases, Case};
use crate::gen;
use crate::support::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Generated programs with more answer sets than this are replaced by the next sub-seed.
const MAX_RANDOM_MODELS: usize = 500;
/// Seed programs: compare when clingo finds at most this many models ...
const MAX_SEED_MODELS: usize = 2000;
/// ... within this many seconds.
const SEED_ORACLE_SECONDS: f64 = 5.0;

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

    let seeds: Vec<u64> = (0..cases_n).map(|i| base.wrapping_add(i)).collect();
    let g = generate(name, &seeds, MAX_RANDOM_MODELS, |seed, sub| {
        let text = gen::program_with(seed, sub, &cfg);
        let file = format!("seed_{}_{}.lp", seed, sub);
        let p = tmp.path().join(&file);
        std::fs::write(&p, &text).expect("write program");
        (vec![p], vec![(file, text)])
    });
    let mut cases = g.cases;
    // every fourth with initial scores from the program (another search)
    for c in cases.iter_mut().skip(3).step_by(4) {
        c.args.push("--init-moms".to_string());
    }
    let n_models: usize = cases.iter().map(|c| c.expected.len()).sum();
    let unsat = cases.iter().filter(|c| c.expected.is_empty()).count();
    let t_run = Instant::now();
    let (failures, busy) = run_cases(&cases, timeout, true);
    eprintln!(
        "differential: {} programs (seeds {}..{}, {} replaced for > {} models, {} given up), {} answer sets, {} unsat; \
         oracle {:.1}s, binary {:.1}s wall / {:.1}s summed, total {:.1}s; {} mismatches",
        cases.len(),
        base,
        base.wrapping_add(cases_n.saturating_sub(1)),
        g.replaced,
        MAX_RANDOM_MODELS,
        g.given_up,
        n_models,
        unsat,
        g.oracle_time.as_secs_f64(),
        t_run.elapsed().as_secs_f64(),
        busy.as_secs_f64(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    finish(name, &cases, &failures);
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
                let sources = files
                    .iter()
                    .map(|f| (f.file_name().unwrap().to_string_lossy().into_owned(), read_to_string(f)))
                    .collect();
                cases.push(Case::new(title, files, sources, ms));
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
    let (failures, _) = run_cases(&cases, timeout, true);
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
    finish("seed_programs", &cases, &failures);
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
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let sources = vec![(name.clone(), read_to_string(p))];
        cases.push(Case::new(name, vec![p.clone()], sources, expected));
    }
    let (failures, _) = run_cases(&cases, Duration::from_secs(60), true);
    finish("regression_programs", &cases, &failures);
}
