//! Differential cases shared by `differential.rs` and `language.rs`: a
//! program (one or more files) with clingo's answer sets, run through the
//! binary in parallel; generated programs whose answer sets come from the
//! oracle (a program with too many answer sets, or one clingo cannot solve
//! quickly, is replaced by the next sub-seed); the report of mismatches.
//!
//! Invariant: a failing case's report names its files and writes them, with
//! the full description, under `target/tmp/differential/<test>/`; a passing
//! run leaves that folder empty.

use crate::support::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Generated programs that clingo finds no answer list for within these
/// rounds are given up.
const MAX_SUBSEEDS: u32 = 8;

/// One program and clingo's answer sets for it.
pub struct Case {
    pub title: String,
    /// The files given on the command line (the others are included).
    pub files: Vec<PathBuf>,
    /// All its files, for the report: (path relative to the case's folder, text).
    pub sources: Vec<(String, String)>,
    pub expected: Vec<Model>,
    /// How minasp is run and what its output must be.
    pub check: Check,
    /// More options for minasp (e.g. `--heuristic=Domain`; they must not
    /// change what is checked).
    pub args: Vec<String>,
}

/// What minasp's run of a case is checked against clingo's answer sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// All answer sets (`--models 0`), each once.
    All,
    /// `--project=show`: each distinct shown answer set exactly once.
    Project,
    /// `-e brave`: the last answer printed is the union of the answer sets.
    Brave,
    /// `-e cautious`: the last answer printed is their intersection.
    Cautious,
}

impl Check {
    /// The options that select this check's mode.
    fn args(self) -> &'static [&'static str] {
        match self {
            Check::All => &[],
            Check::Project => &["--project=show"],
            Check::Brave => &["--enum-mode=brave"],
            Check::Cautious => &["--enum-mode=cautious"],
        }
    }

    /// The answers minasp must print, from clingo's answer sets.
    fn expected(self, models: &[Model]) -> Vec<Model> {
        match self {
            Check::All => models.to_vec(),
            Check::Project => {
                let distinct: std::collections::BTreeSet<&Model> = models.iter().collect();
                distinct.into_iter().cloned().collect()
            }
            Check::Brave | Check::Cautious if models.is_empty() => Vec::new(),
            Check::Brave => vec![models.iter().flatten().cloned().collect()],
            Check::Cautious => {
                let first = models[0].clone();
                vec![first.into_iter().filter(|a| models.iter().all(|m| m.contains(a))).collect()]
            }
        }
    }
}

impl Case {
    /// A case checked for all answer sets, with no further options.
    pub fn new(
        title: String,
        files: Vec<PathBuf>,
        sources: Vec<(String, String)>,
        expected: Vec<Model>,
    ) -> Case {
        Case { title, files, sources, expected, check: Check::All, args: Vec::new() }
    }

    /// The program's text (see [`sources_text`]).
    pub fn text(&self) -> String {
        sources_text(&self.sources)
    }
}

/// A program's text from its files; several files each under a
/// `% ---- file` line.
pub fn sources_text(sources: &[(String, String)]) -> String {
    if sources.len() == 1 {
        return sources[0].1.clone();
    }
    let parts: Vec<String> =
        sources.iter().map(|(p, t)| format!("% ---- file {}\n{}", p, t.trim_end())).collect();
    parts.join("\n")
}

/// A case minasp got wrong: its index, one line, and the full description.
pub struct Failure {
    pub case: usize,
    pub title: String,
    pub full: String,
}

/// Parallel runs of the binary (`MINASP_DIFF_JOBS`; default the cores, at most 4).
fn jobs() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    (env_u64("MINASP_DIFF_JOBS", cores.min(4) as u64) as usize).max(1)
}

/// Runs the binary on every case in parallel: all answer sets (`--models
/// 0`) and, with `first_model`, also one (`--models 1`, the single-model
/// tuning), which must be one of clingo's.  The mismatches in case order,
/// and the summed run time.
pub fn run_cases(cases: &[Case], timeout: Duration, first_model: bool) -> (Vec<Failure>, Duration) {
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
                let mut args: Vec<String> = c.check.args().iter().map(|s| s.to_string()).collect();
                args.extend(c.args.iter().cloned());
                let run = run_under_test_args(&c.files, timeout, 0, &args);
                *busy.lock().unwrap() += run.elapsed;
                let expected = c.check.expected(&c.expected);
                let mut checked = match c.check {
                    Check::All | Check::Project => check_run(&expected, &run),
                    Check::Brave | Check::Cautious => check_consequences(&expected, &run),
                };
                if first_model && c.check == Check::All && checked.is_ok() {
                    let first = run_under_test_args(&c.files, timeout, 1, &c.args);
                    *busy.lock().unwrap() += first.elapsed;
                    checked = check_first_model(&c.expected, &first);
                }
                if let Err(why) = checked {
                    let why = if args.is_empty() { why } else { format!("[{}] {}", args.join(" "), why) };
                    let full = describe_failure(&c.title, &c.text(), &expected, &run, &why);
                    failures.lock().unwrap().push(Failure {
                        case: i,
                        title: format!("{}: {}", c.title, why),
                        full,
                    });
                }
            });
        }
    });
    let mut f = failures.into_inner().unwrap();
    f.sort_by_key(|f| f.case);
    (f, busy.into_inner().unwrap())
}

/// Writes the report and the failing cases' files to
/// `target/tmp/differential/<name>/` and panics with the first few
/// failures, if any; clears that folder otherwise.
pub fn finish(name: &str, cases: &[Case], failures: &[Failure]) {
    let dir = report_dir("differential").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    if failures.is_empty() {
        return;
    }
    std::fs::create_dir_all(&dir).expect("create report dir");
    for f in failures {
        let c = &cases[f.case];
        let cdir = dir.join(c.title.replace([' ', '(', ')', ',', '/'], "_"));
        for (rel, text) in &c.sources {
            let p = cdir.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).expect("create report dir");
            std::fs::write(&p, text).expect("write failing program");
        }
    }
    let all: String = failures.iter().map(|f| format!("{}\n", f.full)).collect();
    std::fs::write(dir.join(format!("{}.txt", name)), &all).expect("write report");
    let mut msg = format!(
        "{} of {} cases differ from clingo (full report and files: {}):\n",
        failures.len(),
        cases.len(),
        dir.display()
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

/// A brave or cautious run: the result word as clingo's, and the last
/// answer printed is `expected[0]` (nothing printed when unsatisfiable).
fn check_consequences(expected: &[Model], run: &RunOutput) -> Result<(), String> {
    if run.timed_out {
        return Err(format!("timed out after {:.1}s", run.elapsed.as_secs_f64()));
    }
    let parsed = parse_output(&run.stdout).map_err(|e| format!("unreadable output: {}", e))?;
    let want_word = if expected.is_empty() { "UNSATISFIABLE" } else { "SATISFIABLE" };
    if parsed.result.as_deref() != Some(want_word) {
        return Err(format!("result {:?}, clingo: {}", parsed.result, want_word));
    }
    match (expected.first(), parsed.models.last()) {
        (None, None) => Ok(()),
        (Some(want), Some(got)) if want == got => Ok(()),
        (want, got) => Err(format!(
            "consequences differ: clingo {}, minasp {}",
            want.map_or("none".to_string(), |m| show_model(m)),
            got.map_or("none".to_string(), |m| show_model(m))
        )),
    }
}

/// Generated cases with clingo's answer sets (see [`generate`]).
pub struct Generated {
    pub cases: Vec<Case>,
    /// Programs replaced by their next sub-seed (too many answer sets, or too slow for clingo).
    pub replaced: usize,
    /// Seeds left out after [`MAX_SUBSEEDS`] replacements.
    pub given_up: usize,
    pub oracle_time: Duration,
}

/// For each seed, the program `write(seed, sub)` writes (the command-line
/// files and all files as (relative path, text)) with clingo's answer
/// sets; a program with more than `max_models` of them, or that clingo
/// cannot solve in 10 s, is replaced by the next sub-seed.  A program
/// clingo rejects is a generator bug: the test panics with it.
pub fn generate(
    name: &str,
    seeds: &[u64],
    max_models: usize,
    mut write: impl FnMut(u64, u32) -> (Vec<PathBuf>, Vec<(String, String)>),
) -> Generated {
    let mut sub = vec![0u32; seeds.len()];
    let mut written: Vec<(Vec<PathBuf>, Vec<(String, String)>)> = vec![Default::default(); seeds.len()];
    let mut expected: Vec<Option<Vec<Model>>> = vec![None; seeds.len()];
    let mut rejected = Vec::new();
    let (mut replaced, mut given_up) = (0, 0);
    let mut oracle_time = Duration::ZERO;
    let mut pending: Vec<usize> = (0..seeds.len()).collect();
    while !pending.is_empty() {
        for &i in &pending {
            written[i] = write(seeds[i], sub[i]);
        }
        let files: Vec<Vec<PathBuf>> = pending.iter().map(|&i| written[i].0.clone()).collect();
        let to = Instant::now();
        let answers = run_oracle(&files, 10.0, max_models);
        oracle_time += to.elapsed();
        let mut again = Vec::new();
        for (&i, r) in pending.iter().zip(answers) {
            match r.answer {
                OracleAnswer::Models(ms) => expected[i] = Some(ms),
                OracleAnswer::Error(e) => rejected.push(format!(
                    "seed {} sub {}: clingo rejects the generated program:\n{}\n--- program:\n{}",
                    seeds[i],
                    sub[i],
                    e,
                    sources_text(&written[i].1)
                )),
                OracleAnswer::TooMany | OracleAnswer::Timeout(_) => {
                    replaced += 1;
                    if sub[i] + 1 < MAX_SUBSEEDS {
                        sub[i] += 1;
                        again.push(i);
                    } else {
                        given_up += 1;
                    }
                }
            }
        }
        pending = again;
    }
    if !rejected.is_empty() {
        let path = report_dir(&format!("differential/{name}")).join("rejected_programs.txt");
        std::fs::write(&path, rejected.join("\n\n")).expect("write report");
        panic!(
            "generator bug: clingo rejects {} generated program(s) (all in {}); first ones:\n{}",
            rejected.len(),
            path.display(),
            rejected.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n")
        );
    }
    let cases = (0..seeds.len())
        .filter_map(|i| {
            let ms = expected[i].take()?;
            let (files, sources) = std::mem::take(&mut written[i]);
            Some(Case::new(format!("seed {} (sub {})", seeds[i], sub[i]), files, sources, ms))
        })
        .collect();
    Generated { cases, replaced, given_up, oracle_time }
}
