//! Shared helpers for minasp's integration tests: locating and running the binary under
//! test, parsing clingo-format text output, comparing answer sets, locating `../shared`,
//! and calling the clingo oracle (`tests/oracle/clingo_models.py`).
//!
//! Environment variables understood here:
//! - `MINASP_DIFF_BIN`: a command line (split on whitespace) to run instead of the minasp
//!   binary, e.g. `python3 -m clingo`; it gets the same arguments (`--models 0 FILE...`).
//! - `MINASP_DIFF_ARGS`: extra arguments put before the files (split on whitespace).
//! - `MINASP_DIFF_CHECK_EXIT`: `1` checks exit codes (10/20/30) also for an overriding
//!   `MINASP_DIFF_BIN`; `0` never checks them. Default: checked for the real binary only
//!   (`python3 -m clingo` always exits 0).
//! - `MINASP_PYTHON`: the Python interpreter with the `clingo` module (default `python3`).
//! - `MINASP_REQUIRE_CLINGO=1`: a missing oracle (clingo module, ../shared) fails the
//!   tests instead of skipping them.
//! - `MINASP_SHARED_DIR`: the shared folder (default `CARGO_MANIFEST_DIR/../shared`).

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One answer set: the shown atoms/terms, as clingo renders them.
pub type Model = BTreeSet<String>;

// ------------------------------------------------------------------ environment

pub fn env_str(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|s| !s.trim().is_empty())
}

pub fn env_u64(name: &str, default: u64) -> u64 {
    match env_str(name) {
        Some(s) => s.trim().parse().unwrap_or_else(|_| panic!("{} must be a number, got {:?}", name, s)),
        None => default,
    }
}

pub fn env_f64(name: &str, default: f64) -> f64 {
    match env_str(name) {
        Some(s) => s.trim().parse().unwrap_or_else(|_| panic!("{} must be a number, got {:?}", name, s)),
        None => default,
    }
}

pub fn env_flag(name: &str) -> Option<bool> {
    env_str(name).map(|s| s.trim() == "1" || s.trim().eq_ignore_ascii_case("true"))
}

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared` next to the repository (or `MINASP_SHARED_DIR`), if it exists.
pub fn shared_dir() -> Option<PathBuf> {
    let p = match env_str("MINASP_SHARED_DIR") {
        Some(s) => PathBuf::from(s),
        None => manifest_dir().join("..").join("shared"),
    };
    if p.is_dir() {
        Some(p.canonicalize().unwrap_or(p))
    } else {
        None
    }
}

/// A scratch folder for reports that survives the test run (under `target/`).
pub fn report_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).expect("create report dir");
    d
}

/// Called when an optional prerequisite (the clingo oracle, ../shared) is missing:
/// prints a loud SKIPPED line, or panics when `MINASP_REQUIRE_CLINGO=1`.
pub fn skip_or_fail(msg: &str) {
    if env_flag("MINASP_REQUIRE_CLINGO") == Some(true) {
        panic!("{} (MINASP_REQUIRE_CLINGO=1)", msg);
    }
    // Written to the process's stderr, not through `eprintln!`, which the
    // test harness captures: a skip must show in `cargo test`'s output.
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "\n*** SKIPPED: {} ***\n", msg);
}

// ------------------------------------------------------------------ the binary under test

/// The command under test: `(argv prefix, overridden?)`.
pub fn command_under_test() -> (Vec<String>, bool) {
    match env_str("MINASP_DIFF_BIN") {
        Some(s) => (s.split_whitespace().map(String::from).collect(), true),
        None => (minasp_argv(), false),
    }
}

/// Whether exit codes are checked (see the module doc).
pub fn check_exit_codes() -> bool {
    match env_flag("MINASP_DIFF_CHECK_EXIT") {
        Some(b) => b,
        None => !command_under_test().1,
    }
}

pub fn extra_args() -> Vec<String> {
    env_str("MINASP_DIFF_ARGS").map_or_else(Vec::new, |s| s.split_whitespace().map(String::from).collect())
}

/// The exit code clasp uses for a result word when all models were enumerated.
pub fn expected_exit_code(result: &str) -> Option<i32> {
    match result {
        "SATISFIABLE" | "OPTIMUM FOUND" => Some(30),
        "UNSATISFIABLE" => Some(20),
        _ => None,
    }
}

#[derive(Debug, Clone)]
pub struct RunOutput {
    /// Exit code; `None` if killed by a signal or by the timeout.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
    pub elapsed: Duration,
}

/// Runs `argv + args` with no stdin and a time limit; on timeout the child is
/// killed (minasp and clingo start no processes of their own).
pub fn run_command(argv: &[String], args: &[String], timeout: Duration) -> RunOutput {
    run_command_input(argv, args, None, timeout)
}

/// As [`run_command`], with `input` (if any) on the child's stdin.
pub fn run_command_input(
    argv: &[String],
    args: &[String],
    input: Option<&str>,
    timeout: Duration,
) -> RunOutput {
    use std::os::unix::process::CommandExt;
    let start = Instant::now();
    let mut cmd = Command::new(&argv[0]);
    let stdin = if input.is_some() { Stdio::piped() } else { Stdio::null() };
    cmd.args(&argv[1..]).args(args).stdin(stdin).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.process_group(0);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return RunOutput {
                code: None,
                stdout: String::new(),
                stderr: format!("could not start {:?}: {}", argv, e),
                timed_out: false,
                elapsed: start.elapsed(),
            }
        }
    };
    if let (Some(text), Some(mut pipe)) = (input, child.stdin.take()) {
        let text = text.to_string();
        // A writer thread: a large input must not block on a full pipe.
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = pipe.write_all(text.as_bytes());
        });
    }
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let mut timed_out = false;
    let mut nap = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > timeout {
            timed_out = true;
            // Kill the child only: a group kill through `kill -KILL -PID` was
            // seen taking down unrelated processes on the CI machines.
            let _ = child.kill();
            break child.wait().ok();
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned();
    RunOutput {
        code: if timed_out { None } else { status.and_then(|s| s.code()) },
        stdout,
        stderr,
        timed_out,
        elapsed: start.elapsed(),
    }
}

/// The minasp binary built for these tests, as an argv prefix.
/// The `--stats` counter `name` in minasp's output (as `Restarts     : 11`).
pub fn counter(stdout: &str, name: &str) -> u64 {
    let line =
        stdout.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} in\n{stdout}"));
    line.split(':').nth(1).and_then(|v| v.split_whitespace().next()).and_then(|v| v.parse().ok()).unwrap()
}

pub fn minasp_argv() -> Vec<String> {
    vec![env!("CARGO_BIN_EXE_minasp").to_string()]
}

/// A `Command` for the minasp binary (for tests that signal or time the process).
pub fn minasp_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_minasp"))
}

/// What one run of minasp printed, parsed: the answer sets, the result
/// word, the exit code and stderr.
#[derive(Debug)]
pub struct Answers {
    pub models: Vec<Model>,
    pub result: String,
    pub code: Option<i32>,
    pub stderr: String,
}

/// Runs minasp with `args` (and `input` on stdin, if given) and parses its
/// clingo-format output; a timeout or unparsable output fails the test.
pub fn run_minasp(args: &[&str], input: Option<&str>, timeout: Duration) -> Answers {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let out = run_command_input(&minasp_argv(), &args, input, timeout);
    assert!(!out.timed_out, "minasp {:?} timed out", args);
    let parsed = parse_output(&out.stdout)
        .unwrap_or_else(|e| panic!("minasp {:?}: {}\n{}{}", args, e, out.stdout, out.stderr));
    Answers {
        models: parsed.models,
        result: parsed.result.unwrap_or_default(),
        code: out.code,
        stderr: out.stderr,
    }
}

/// Does `argv --version` run and succeed (is the tool installed)?
pub fn tool_works(argv: &[String]) -> bool {
    Command::new(&argv[0])
        .args(&argv[1..])
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The clingo command: native `clingo`, else `python3 -m clingo`; `None`
/// when neither runs.
pub fn clingo_command() -> Option<Vec<String>> {
    let native = vec!["clingo".to_string()];
    let module = vec![python(), "-m".to_string(), "clingo".to_string()];
    [native, module].into_iter().find(|c| tool_works(c))
}

/// Runs the command under test on `files` with `--models 0`.
pub fn run_under_test(files: &[PathBuf], timeout: Duration) -> RunOutput {
    run_under_test_limit(files, timeout, 0)
}

/// As [`run_under_test`], with a model limit (`--models N`; 0: all).
pub fn run_under_test_limit(files: &[PathBuf], timeout: Duration, limit: u64) -> RunOutput {
    run_under_test_args(files, timeout, limit, &[])
}

/// As [`run_under_test_limit`], with more options before the files.
pub fn run_under_test_args(files: &[PathBuf], timeout: Duration, limit: u64, more: &[String]) -> RunOutput {
    let (argv, _) = command_under_test();
    let mut args = vec!["--models".to_string(), limit.to_string()];
    args.extend(more.iter().cloned());
    args.extend(extra_args());
    args.extend(files.iter().map(|f| f.display().to_string()));
    run_command(&argv, &args, timeout)
}

// ------------------------------------------------------------------ clingo's text format

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub models: Vec<Model>,
    /// `SATISFIABLE`, `UNSATISFIABLE`, `UNKNOWN` or `OPTIMUM FOUND`, if printed.
    pub result: Option<String>,
}

/// Splits an answer line into its symbols: on single spaces, but not inside strings
/// (`p("a b")` is one symbol; `\"` and `\\` escapes are honoured).
pub fn split_symbols(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_str = false;
    let mut esc = false;
    for c in line.chars() {
        if in_str {
            cur.push(c);
            if esc {
                esc = false;
            } else if c == '\\' {
                esc = true;
            } else if c == '"' {
                in_str = false;
            }
        } else if c == ' ' {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            if c == '"' {
                in_str = true;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Parses clingo's text output (`Answer: N` + one line of symbols per model, then the
/// result word). Errors on an `Answer:` line without a following model line.
pub fn parse_output(stdout: &str) -> Result<Parsed, String> {
    let mut models = Vec::new();
    let mut result = None;
    let mut lines = stdout.lines().peekable();
    let mut expected = 1usize;
    while let Some(line) = lines.next() {
        let line = line.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix("Answer:") {
            let num = rest.split_whitespace().next().unwrap_or("");
            if num.parse::<usize>().ok() != Some(expected) {
                return Err(format!("answer number {:?}, expected {}", line, expected));
            }
            expected += 1;
            match lines.next() {
                Some(m) => models.push(split_symbols(m.trim_end_matches('\r')).into_iter().collect()),
                None => return Err(format!("{:?} is the last line: no model line follows", line)),
            }
        } else if matches!(line, "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN" | "OPTIMUM FOUND") {
            if result.is_some() {
                return Err(format!("second result line {:?}", line));
            }
            result = Some(line.to_string());
        }
    }
    Ok(Parsed { models, result })
}

/// The models sorted, so that two lists of models are equal as multisets of sets iff
/// their normalized forms are equal.
pub fn normalized(models: &[Model]) -> Vec<Model> {
    let mut v = models.to_vec();
    v.sort();
    v
}

pub fn same_models(a: &[Model], b: &[Model]) -> bool {
    normalized(a) == normalized(b)
}

/// A readable multiset difference: models only in `a`, only in `b` (each with the
/// excess count).
pub fn model_diff(a: &[Model], b: &[Model]) -> (Vec<(Model, usize)>, Vec<(Model, usize)>) {
    use std::collections::BTreeMap;
    let mut ca: BTreeMap<&Model, isize> = BTreeMap::new();
    for m in a {
        *ca.entry(m).or_default() += 1;
    }
    for m in b {
        *ca.entry(m).or_default() -= 1;
    }
    let mut only_a = Vec::new();
    let mut only_b = Vec::new();
    for (m, c) in ca {
        if c > 0 {
            only_a.push((m.clone(), c as usize));
        } else if c < 0 {
            only_b.push((m.clone(), (-c) as usize));
        }
    }
    (only_a, only_b)
}

pub fn show_model(m: &Model) -> String {
    format!("{{{}}}", m.iter().cloned().collect::<Vec<_>>().join(" "))
}

/// At most `max` models, one per line.
pub fn show_models(ms: &[Model], max: usize) -> String {
    let mut s = String::new();
    for m in normalized(ms).iter().take(max) {
        s.push_str("    ");
        s.push_str(&show_model(m));
        s.push('\n');
    }
    if ms.len() > max {
        s.push_str(&format!("    ... ({} models in all)\n", ms.len()));
    }
    if ms.is_empty() {
        s.push_str("    (none)\n");
    }
    s
}

pub fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        s.to_string()
    } else {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... [{} bytes cut]", &s[..end], s.len() - end)
    }
}

// ------------------------------------------------------------------ the clingo oracle

pub fn python() -> String {
    env_str("MINASP_PYTHON").unwrap_or_else(|| "python3".to_string())
}

/// Ok if `python3 -c 'import clingo'` works; otherwise why not.
pub fn clingo_available() -> Result<(), String> {
    let out = Command::new(python())
        .arg("-c")
        .arg("import clingo")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {}", python(), e))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// Checks the oracle's prerequisites; false (after a loud SKIPPED, or a panic under
/// MINASP_REQUIRE_CLINGO=1) if a test that needs it should not run.
pub fn oracle_ready() -> bool {
    if let Err(e) = clingo_available() {
        skip_or_fail(&format!(
            "clingo (python module) not installed — differential tests did not run ({}; pip install clingo==5.8.3)",
            e.lines().last().unwrap_or("")
        ));
        return false;
    }
    true
}

pub fn oracle_script() -> PathBuf {
    manifest_dir().join("tests").join("oracle").join("clingo_models.py")
}

#[derive(Debug, Clone, PartialEq)]
pub enum OracleAnswer {
    /// All answer sets (sorted).
    Models(Vec<Model>),
    /// clingo found more than the model cap.
    TooMany,
    /// clingo did not finish within the time cap.
    Timeout(String),
    /// clingo rejected the program (syntax error, unsafe variable, ...) or crashed.
    Error(String),
}

#[derive(Debug, Clone)]
pub struct OracleResult {
    pub answer: OracleAnswer,
    /// With `optimal`: the optimum, highest priority first (empty: no optimisation).
    pub costs: Vec<i64>,
    pub seconds: f64,
}

/// Runs the oracle once for all `programs` (each a list of files loaded together).
pub fn run_oracle(programs: &[Vec<PathBuf>], timeout_s: f64, max_models: usize) -> Vec<OracleResult> {
    run_oracle_with(programs, timeout_s, max_models, false)
}

/// As [`run_oracle`]; with `optimal`, each program's optimal answer sets
/// (clingo's `--opt-mode=optN`) and its optimum.
pub fn run_oracle_with(
    programs: &[Vec<PathBuf>],
    timeout_s: f64,
    max_models: usize,
    optimal: bool,
) -> Vec<OracleResult> {
    if programs.is_empty() {
        return Vec::new();
    }
    let list: Vec<Vec<String>> =
        programs.iter().map(|fs| fs.iter().map(|f| f.display().to_string()).collect()).collect();
    let input = serde_json::to_string(&list).unwrap();
    let mut child = Command::new(python())
        .arg(oracle_script())
        .arg("--timeout")
        .arg(timeout_s.to_string())
        .arg("--max-models")
        .arg(max_models.to_string())
        .args(if optimal { &["--optimal"][..] } else { &[][..] })
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the clingo oracle");
    {
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).expect("write to the oracle");
    }
    let out = child.wait_with_output().expect("run the clingo oracle");
    assert!(
        out.status.success(),
        "the clingo oracle failed ({}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("oracle output is JSON");
    let arr = doc.as_array().expect("oracle output is a JSON list");
    assert_eq!(arr.len(), programs.len(), "oracle answered a different number of programs");
    arr.iter()
        .map(|r| {
            let seconds = r["seconds"].as_f64().unwrap_or(0.0);
            let answer = if let Some(ms) = r.get("models") {
                OracleAnswer::Models(
                    ms.as_array()
                        .unwrap()
                        .iter()
                        .map(|m| {
                            m.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
                        })
                        .collect(),
                )
            } else {
                let msg = r["error"].as_str().unwrap_or("?").to_string();
                match r["kind"].as_str() {
                    Some("too_many") => OracleAnswer::TooMany,
                    Some("timeout") => OracleAnswer::Timeout(msg),
                    _ => OracleAnswer::Error(msg),
                }
            };
            let costs = r
                .get("costs")
                .and_then(|c| c.as_array())
                .map(|c| c.iter().filter_map(|x| x.as_i64()).collect())
                .unwrap_or_default();
            OracleResult { answer, costs, seconds }
        })
        .collect()
}

// ------------------------------------------------------------------ comparing one run

/// Compares one run of the binary under test with clingo's models; `Err` says how they
/// differ (with the output needed to reproduce it).
/// Checks a `--models 1` run (the solver's single-model tuning): the result word
/// of clingo's full enumeration and, if satisfiable, exactly one of its answer sets.
pub fn check_first_model(expected: &[Model], run: &RunOutput) -> Result<(), String> {
    let want_word = if expected.is_empty() { "UNSATISFIABLE" } else { "SATISFIABLE" };
    if run.timed_out {
        return Err(format!("--models 1: timed out after {:.1}s", run.elapsed.as_secs_f64()));
    }
    let parsed = parse_output(&run.stdout).map_err(|e| format!("--models 1: unreadable output: {}", e))?;
    if parsed.result.as_deref() != Some(want_word) {
        return Err(format!("--models 1: result {:?}, clingo: {}", parsed.result, want_word));
    }
    match (expected.is_empty(), parsed.models.as_slice()) {
        (true, []) => Ok(()),
        (false, [m]) if expected.contains(m) => Ok(()),
        (false, [m]) => Err(format!("--models 1: {} is not an answer set", show_model(m))),
        (_, ms) => Err(format!("--models 1: {} models printed", ms.len())),
    }
}

pub fn check_run(expected: &[Model], run: &RunOutput) -> Result<(), String> {
    let want_word = if expected.is_empty() { "UNSATISFIABLE" } else { "SATISFIABLE" };
    if run.timed_out {
        return Err(format!("timed out after {:.1}s", run.elapsed.as_secs_f64()));
    }
    let parsed = match parse_output(&run.stdout) {
        Ok(p) => p,
        Err(e) => return Err(format!("unreadable output: {}", e)),
    };
    let mut problems = Vec::new();
    if parsed.result.as_deref() != Some(want_word) {
        problems.push(format!("result {:?}, clingo: {}", parsed.result, want_word));
    }
    if !same_models(expected, &parsed.models) {
        let (only_c, only_m) = model_diff(expected, &parsed.models);
        let mut s =
            format!("answer sets differ: clingo {} models, minasp {}", expected.len(), parsed.models.len());
        for (m, c) in only_c.iter().take(5) {
            s.push_str(&format!(
                "\n    only clingo{}: {}",
                if *c > 1 { format!(" (x{})", c) } else { String::new() },
                show_model(m)
            ));
        }
        for (m, c) in only_m.iter().take(5) {
            s.push_str(&format!(
                "\n    only minasp{}: {}",
                if *c > 1 { format!(" (x{})", c) } else { String::new() },
                show_model(m)
            ));
        }
        problems.push(s);
    }
    if check_exit_codes() {
        let want = expected_exit_code(want_word);
        if run.code != want {
            problems.push(format!("exit code {:?}, expected {:?} for {}", run.code, want, want_word));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}

/// A full description of a mismatch, for reports.
pub fn describe_failure(
    title: &str,
    program_text: &str,
    expected: &[Model],
    run: &RunOutput,
    why: &str,
) -> String {
    let parsed = parse_output(&run.stdout).unwrap_or(Parsed { models: Vec::new(), result: None });
    format!(
        "=== {}\n  {}\n--- program:\n{}\n--- clingo: {} models\n{}--- minasp: {} models, result {:?}, exit code {:?}{}\n{}--- minasp stderr:\n{}\n",
        title,
        why,
        program_text.trim_end(),
        expected.len(),
        show_models(expected, 12),
        parsed.models.len(),
        parsed.result,
        run.code,
        if run.timed_out { " (timed out)" } else { "" },
        show_models(&parsed.models, 12),
        truncate(run.stderr.trim_end(), 2000),
    )
}

pub fn read_to_string(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| format!("<cannot read {}: {}>", p.display(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_symbols_outside_strings() {
        assert_eq!(
            split_symbols(r#"p(1,"a b") q "x\" y" -r(f(a,(1,2))) "\\" z"#),
            vec![r#"p(1,"a b")"#, "q", r#""x\" y""#, "-r(f(a,(1,2)))", r#""\\""#, "z"]
        );
        assert!(split_symbols("").is_empty());
    }

    #[test]
    fn parses_clingo_text() {
        let out = "clingo version 5.8.3\nReading from t.lp\nSolving...\nAnswer: 1 (Time: 0.001s)\n\nAnswer: 2\nb a\nSATISFIABLE\n\nModels       : 2\n";
        let p = parse_output(out).unwrap();
        assert_eq!(p.result.as_deref(), Some("SATISFIABLE"));
        assert_eq!(p.models.len(), 2);
        assert!(p.models[0].is_empty());
        assert!(same_models(&p.models, &[["a", "b"].iter().map(|s| s.to_string()).collect(), Model::new()]));
        assert!(parse_output("Answer: 1\n").is_err());
        let u = parse_output("Solving...\nUNSATISFIABLE\n").unwrap();
        assert_eq!((u.models.len(), u.result.as_deref()), (0, Some("UNSATISFIABLE")));
    }

    #[test]
    fn multiset_comparison() {
        let m = |xs: &[&str]| -> Model { xs.iter().map(|s| s.to_string()).collect() };
        let a = vec![m(&["a"]), m(&["a"]), m(&["b"])];
        let b = vec![m(&["b"]), m(&["a"]), m(&["a"])];
        let c = vec![m(&["b"]), m(&["a"])];
        assert!(same_models(&a, &b));
        assert!(!same_models(&a, &c));
        let (x, y) = model_diff(&a, &c);
        assert_eq!(x, vec![(m(&["a"]), 1)]);
        assert!(y.is_empty());
    }
}

/// `gringo --text` and `minasp --text` of `program`, written as
/// `dir/name`: (gringo's run, minasp's run).
pub fn text_of_both(dir: &Path, name: &str, program: &str) -> (RunOutput, RunOutput) {
    let p = dir.join(name);
    std::fs::write(&p, program).expect("write program");
    let args = vec!["--text".to_string(), p.display().to_string()];
    let want = run_command(&["gringo".to_string()], &args, Duration::from_secs(30));
    let got = run_command(&minasp_argv(), &args, Duration::from_secs(30));
    (want, got)
}

/// The `info:` lines (sorted) of `gringo --text` and of `minasp --text` on
/// `program` (written to a temporary file), after checking that minasp
/// exits 0; `None`, with a loud skip, when `gringo` is not on PATH.
pub fn text_infos_of_gringo_and_minasp(program: &str) -> Option<(Vec<String>, Vec<String>)> {
    let gringo = vec!["gringo".to_string()];
    if !tool_works(&gringo) {
        skip_or_fail("gringo not on PATH — infos were not compared with gringo's");
        return None;
    }
    let tmp = tempfile::Builder::new().prefix("minasp-infos-").tempdir().expect("temp dir");
    let p = tmp.path().join("infos.lp");
    std::fs::write(&p, program).expect("write program");
    let args = vec!["--text".to_string(), p.display().to_string()];
    let want = run_command(&gringo, &args, std::time::Duration::from_secs(30));
    let got = run_command(&minasp_argv(), &args, std::time::Duration::from_secs(30));
    assert_eq!(got.code, Some(0), "{}", got.stderr);
    let infos = |s: &str| -> Vec<String> {
        let mut v: Vec<String> =
            s.lines().filter(|l| l.contains("info:")).map(|l| l.trim_end().to_string()).collect();
        v.sort();
        v
    };
    Some((infos(&want.stderr), infos(&got.stderr)))
}
