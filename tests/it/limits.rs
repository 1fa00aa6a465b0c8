//! Time limits, interruption and the grounding limit, through the CLI, on
//! programs that run (or ground) forever: models found so far are kept and
//! complete, the summary says why the run stopped, and the exit code is
//! clasp's (result | 1).

use crate::support::parse_output;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

/// 14 queens: 365,596 answers, far more than a debug build enumerates in 1 s.
const QUEENS: &str = "q(1..14).\n1 { at(X,Y) : q(Y) } 1 :- q(X).\n:- at(X1,Y), at(X2,Y), X1 < X2.\n\
                      :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.\n#show at/2.\n";

/// Pigeon-hole, 13 pigeons into 12 holes: unsatisfiable and hopeless for resolution.
const PIGEONS: &str =
    "p(1..13). h(1..12).\n1 { in(P,H) : h(H) } 1 :- p(P).\n:- in(P1,H), in(P2,H), P1 < P2.\n";

/// Every printed answer is a complete, valid placement of 14 queens.
fn check_queens(models: &[std::collections::BTreeSet<String>]) {
    for m in models {
        let qs: Vec<(i64, i64)> = m
            .iter()
            .map(|a| {
                let inner = &a[3..a.len() - 1];
                let (x, y) = inner.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(qs.len(), 14, "incomplete answer: {:?}", m);
        for (i, a) in qs.iter().enumerate() {
            for b in &qs[i + 1..] {
                assert!(
                    a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs(),
                    "queens attack: {:?}",
                    m
                );
            }
        }
    }
}

#[test]
fn time_limit_keeps_the_models_found() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "queens.lp", QUEENS);
    let start = Instant::now();
    let out = crate::support::minasp_command().args([&f, "0", "--time-limit=1"]).output().unwrap();
    // within half a second of the limit (and the start-up before it)
    assert!(
        start.elapsed() < Duration::from_millis(1600),
        "the time limit did not stop the run: {:?}",
        start.elapsed()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let parsed = parse_output(&stdout).unwrap();
    assert_eq!(parsed.result.as_deref(), Some("SATISFIABLE"));
    assert!(stdout.contains("TIME LIMIT   : 1"), "{}", stdout);
    let n = parsed.models.len();
    assert!(n > 0);
    assert!(stdout.contains(&format!("Models       : {}+", n)), "{}", stdout);
    assert_eq!(out.status.code(), Some(11));
    check_queens(&parsed.models);
}

#[test]
fn time_limit_without_an_answer_is_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "pigeons.lp", PIGEONS);
    let out = crate::support::minasp_command().args([&f, "--time-limit=1"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("UNKNOWN") && stdout.contains("TIME LIMIT   : 1"), "{}", stdout);
    assert!(stdout.contains("Models       : 0+"), "{}", stdout);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn time_limit_stops_an_endless_grounding() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "count.lp", "p(0).\np(X+1) :- p(X), X >= 0.\n");
    let start = Instant::now();
    let out = crate::support::minasp_command().args([&f, "--time-limit=1"]).output().unwrap();
    assert!(start.elapsed() < Duration::from_millis(1600), "grounding did not stop: {:?}", start.elapsed());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("UNKNOWN") && stdout.contains("TIME LIMIT   : 1"), "{}", stdout);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn ground_atom_limit_names_the_exploding_predicate() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "count.lp", "q(a).\np(0).\np(X+1) :- p(X), X >= 0.\n");
    let out = crate::support::minasp_command().args([&f, "--max-ground-atoms=50000"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(65));
    assert!(stderr.contains("more than 50000 ground atoms") && stderr.contains("p/1"), "{}", stderr);
    assert!(String::from_utf8_lossy(&out.stdout).lines().any(|l| l == "UNKNOWN"));
}

/// Sends `signal` once the first answer is out; the answers printed before it
/// are all kept, complete, and the summary says INTERRUPTED.
fn interrupt_with(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "queens.lp", QUEENS);
    let mut child = crate::support::minasp_command()
        .args([&f, "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    let mut line = String::new();
    // Read up to the first answer's atom line.
    while reader.read_line(&mut line).unwrap() > 0 {
        seen.push_str(&line);
        let done = line.starts_with("Answer: 1");
        line.clear();
        if done {
            reader.read_line(&mut line).unwrap();
            seen.push_str(&line);
            break;
        }
    }
    let signalled = Instant::now();
    let ok = Command::new("kill").arg(format!("-{}", signal)).arg(child.id().to_string()).status().unwrap();
    assert!(ok.success());
    let mut rest = String::new();
    reader.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert!(signalled.elapsed() < Duration::from_millis(500), "stopped after {:?}", signalled.elapsed());
    seen.push_str(&rest);
    let parsed = parse_output(&seen).unwrap();
    assert!(seen.contains("INTERRUPTED  : 1"), "{}", &seen[seen.len().saturating_sub(400)..]);
    assert!(seen.contains(&format!("Models       : {}+", parsed.models.len())));
    assert_eq!(parsed.result.as_deref(), Some("SATISFIABLE"));
    assert_eq!(status.code(), Some(11));
    check_queens(&parsed.models);
}

#[test]
fn sigint_keeps_the_printed_models() {
    interrupt_with("INT");
}

#[test]
fn sigterm_keeps_the_printed_models() {
    interrupt_with("TERM");
}

#[test]
fn a_portfolio_stops_every_search_at_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(&dir, "pigeons.lp", PIGEONS);
    let start = Instant::now();
    let out = crate::support::minasp_command().args([&f, "-t", "3", "--time-limit=1"]).output().unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(1600),
        "the searches did not stop: {:?}",
        start.elapsed()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("UNKNOWN") && stdout.contains("TIME LIMIT   : 1"), "{}", stdout);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn thread_counts_are_clasps() {
    let dir = tempfile::tempdir().unwrap();
    // 5 pigeons, 4 holes: no answer, whichever search says so first
    let f = write(
        &dir,
        "small.lp",
        "p(1..5). h(1..4). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P,H), in(Q,H), P < Q.",
    );
    for t in ["2", "4,compete", "64"] {
        let out = crate::support::minasp_command().args([&f, "-t", t]).output().unwrap();
        assert_eq!(out.status.code(), Some(20), "-t {}", t);
    }
    for t in ["0", "65", "2,split", "x"] {
        let out = crate::support::minasp_command().args([&f, "-t", t]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "-t {}", t);
    }
}

/// Under `-t N` (N > 1) the summary names the threads and the search
/// that answered, as clingo's does: `Threads      : 2        (Winner: w)`
/// after `CPU Time` (`% `-prefixed in `--outf=1`), `"Threads"` and
/// `"Winner"` after `"Time"` in `--outf=2`; nothing of it with one thread.
#[test]
fn the_summary_names_the_threads_and_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        &dir,
        "small.lp",
        "p(1..5). h(1..4). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P,H), in(Q,H), P < Q.",
    );
    let run = |bin: &str, args: &[&str]| -> String {
        let mut c = match bin {
            "minasp" => crate::support::minasp_command(),
            other => Command::new(other),
        };
        let out = c.arg(&f).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(20), "{bin} {args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let threads_line = |stdout: &str| -> Option<String> {
        stdout.lines().find(|l| l.trim_start_matches("% ").starts_with("Threads")).map(str::to_string)
    };
    let shape = |line: &str, prefix: &str, n: usize| {
        let rest = line.strip_prefix(prefix).unwrap_or_else(|| panic!("{line:?}"));
        let winner: usize =
            rest.strip_suffix(')').and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("{line:?}"));
        assert!(winner < n, "{line:?}");
    };
    for (n, prefix) in [(2, "Threads      : 2        (Winner: "), (4, "Threads      : 4        (Winner: ")] {
        let t = n.to_string();
        let text = run("minasp", &["-t", &t]);
        let line = threads_line(&text).unwrap_or_else(|| panic!("no Threads line:\n{text}"));
        shape(&line, prefix, n);
        let after_cpu = text.lines().skip_while(|l| !l.starts_with("CPU Time")).nth(1);
        assert_eq!(after_cpu, Some(line.as_str()), "{text}");
        let competition = run("minasp", &["-t", &t, "--outf=1"]);
        let line = threads_line(&competition).unwrap_or_else(|| panic!("{competition}"));
        shape(&line, &format!("% {}", prefix.replacen("Threads      ", "Threads        ", 1)), n);
        let json: serde_json::Value = serde_json::from_str(&run("minasp", &["-t", &t, "--outf=2"])).unwrap();
        let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        let at = keys.iter().position(|&k| k == "Time").expect("a Time object");
        assert_eq!(keys.get(at + 1..at + 3), Some(&["Threads", "Winner"][..]), "{keys:?}");
        assert_eq!(json["Threads"], n);
        assert!(json["Winner"].as_u64().is_some_and(|w| (w as usize) < n), "{json}");
    }
    for args in [&[][..], &["-t", "1"][..]] {
        let text = run("minasp", args);
        assert_eq!(threads_line(&text), None, "{args:?}: {text}");
    }
    // clingo's own line has the same shape
    if crate::support::tool_works(&["clingo".to_string()]) {
        let theirs = run("clingo", &["-t", "2"]);
        let line = threads_line(&theirs).unwrap_or_else(|| panic!("clingo: {theirs}"));
        shape(&line, "Threads      : 2        (Winner: ", 2);
    } else {
        eprintln!("the_summary_names_the_threads_and_the_winner: no native clingo, its line not compared");
    }
}
