//! Hostile inputs, generated here at test time (nothing bulky is
//! committed): deep, wide and huge programs through every output path
//! (answers, `--outf=2`, `--text`, aspif out and back in), and a stop
//! (SIGINT) while the run reads, parses, grounds or solves.
//!
//! Each run must end by itself, without a panic or an abort, with the
//! exit code of its result (or 65 with a located error); a stopped run
//! must answer within half a second with clingo's `INTERRUPTED` summary
//! (a phase that does not stop by itself is answered by the watchdog
//! after 250 ms).  Stops while printing models, by SIGINT, SIGTERM and
//! the time limit, are in `limits.rs`.
//! Sizes: `MINASP_HOSTILE_SCALE` multiplies them (default 1).

use crate::support::{env_u64, minasp_command};
use std::io::{Read, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The inputs: name, program text, the exit code its answer has.
fn inputs(scale: usize) -> Vec<(&'static str, String, i32)> {
    let n = 20_000 * scale;
    let range = |k: usize| (0..k).map(|i| i.to_string()).collect::<Vec<_>>();
    vec![
        ("deep term", format!("p({}1{}).", "f(".repeat(n), ")".repeat(n)), 30),
        ("deep parentheses", format!("p({}1{}).", "(".repeat(n), ")".repeat(n)), 30),
        ("deep tuple", format!("p({}1{}).", "(1,".repeat(n), ")".repeat(n)), 30),
        ("deep unary minus", format!("p({}1).", "-".repeat(n)), 30),
        ("long sum", format!("p({}).", vec!["1"; n].join("+")), 30),
        ("long sum over a variable", format!("q(1). p(X) :- q(Y), X = {}.", vec!["Y"; n].join("+")), 30),
        ("long pool", format!("p({}).", range(n).join(";")), 30),
        (
            "wide body",
            {
                let k = 10_000 * scale;
                let facts: String = (0..k).map(|i| format!("q({}).\n", i)).collect();
                let body: Vec<String> = (0..k).map(|i| format!("q({})", i)).collect();
                format!("{}p :- {}.", facts, body.join(", "))
            },
            30,
        ),
        (
            "long aggregate",
            format!(
                "s(S) :- S = #sum{{ {} }}.",
                (0..n).map(|i| format!("{},{}", i, i)).collect::<Vec<_>>().join("; ")
            ),
            30,
        ),
        ("long string", format!("p(\"{}\").", "a".repeat(20 * n)), 30),
        ("long name", format!("p{}.", "a".repeat(20 * n)), 30),
        (
            "long rule chain",
            format!("{}p{}.", (0..n).map(|i| format!("p{} :- p{}.\n", i, i + 1)).collect::<String>(), n),
            30,
        ),
        ("many facts", (0..4 * n).map(|i| format!("e({},{}).\n", i, i + 1)).collect(), 30),
        ("number out of range", "p(99999999999999999999999).".to_string(), 65),
        ("deep term, unclosed", format!("p({}1.", "f(".repeat(n)), 65),
        (
            "binary garbage",
            (0..200_000u64).map(|i| char::from(((i * 2_654_435_761) % 251) as u8 + 1)).collect(),
            65,
        ),
    ]
}

fn run(args: &[&str], input: &[u8]) -> (Option<i32>, String, String, Duration) {
    let start = Instant::now();
    let mut child = minasp_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("minasp");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let mut err = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut err);
    let status = child.wait().unwrap();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    (status.code(), stdout, err, start.elapsed())
}

#[test]
fn deep_wide_and_huge_inputs_end_cleanly_in_every_output() {
    let scale = env_u64("MINASP_HOSTILE_SCALE", 1) as usize;
    let mut failures = Vec::new();
    for (name, text, code) in inputs(scale) {
        for mode in [&["-q"][..], &["--outf=2"], &["--text"], &["--mode=gringo"]] {
            let mut args = mode.to_vec();
            args.push("-");
            let (got, stdout, stderr, took) = run(&args, text.as_bytes());
            let want = if mode[0] == "--text" || mode[0] == "--mode=gringo" {
                if code == 65 {
                    65
                } else {
                    0
                }
            } else {
                code
            };
            let crashed = stderr.contains("panicked") || stderr.contains("overflow") || got.is_none();
            if crashed || got != Some(want) {
                failures.push(format!(
                    "{} {:?}: exit {:?} (want {}) after {:?}; stderr: {}",
                    name,
                    mode,
                    got,
                    want,
                    took,
                    &stderr[..stderr.len().min(300)]
                ));
                continue;
            }
            if want == 65 && !stderr.lines().any(|l| l.starts_with("-:") && l.contains("error")) {
                failures.push(format!(
                    "{} {:?}: no located error: {}",
                    name,
                    mode,
                    &stderr[..stderr.len().min(300)]
                ));
            }
            // the ground program in aspif reads back to the same result
            if mode[0] == "--mode=gringo" && want == 0 {
                let (back, _, stderr, _) = run(&["--mode=clasp", "-q", "-"], stdout.as_bytes());
                if back != Some(code) {
                    failures.push(format!(
                        "{} aspif read back: exit {:?} (want {}): {}",
                        name,
                        back,
                        code,
                        &stderr[..stderr.len().min(300)]
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Sends SIGINT `after` the start of a run on `input` (fed by `feed`),
/// and checks it stops within half a second, with clingo's summary.
fn stopped_within_half_a_second(
    args: &[&str],
    after: Duration,
    feed: impl FnOnce(std::process::ChildStdin) + Send + 'static,
) {
    let mut child = minasp_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("minasp");
    let stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || feed(stdin));
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    std::thread::sleep(after);
    assert!(child.try_wait().unwrap().is_none(), "{:?}: the run ended before it was stopped", args);
    let signalled = Instant::now();
    let ok = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(ok.success());
    let status = child.wait().unwrap();
    let took = signalled.elapsed();
    let stdout = reader.join().unwrap();
    assert!(took < Duration::from_millis(500), "{:?}: stopped after {:?}", args, took);
    assert!(
        stdout.contains("INTERRUPTED  : 1"),
        "{:?}: {}",
        args,
        &stdout[stdout.len().saturating_sub(300)..]
    );
    assert!(matches!(status.code(), Some(1) | Some(11)), "{:?}: exit {:?}", args, status.code());
}

#[test]
fn a_stop_is_honoured_while_reading() {
    // standard input that never ends
    stopped_within_half_a_second(&["-"], Duration::from_millis(500), |mut stdin| {
        for i in 0.. {
            if writeln!(stdin, "p({}).", i).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    });
}

#[test]
fn a_stop_is_honoured_while_parsing_and_grounding() {
    // two million facts and a join over them: seconds of parsing and grounding
    let text: String = (0..2_000_000).map(|i| format!("e({},{}).\n", i, i + 1)).collect::<String>()
        + "p(X,Z) :- e(X,Y), e(Y,Z).\n";
    stopped_within_half_a_second(&["-"], Duration::from_millis(800), move |mut stdin| {
        let _ = stdin.write_all(text.as_bytes());
    });
    stopped_within_half_a_second(&["-"], Duration::from_millis(800), |mut stdin| {
        let _ = stdin.write_all(b"p(0). p(X+1) :- p(X), X >= 0.\n");
    });
}

#[test]
fn a_stop_is_honoured_while_normalising() {
    // one statement whose pools make a million rules before grounding starts
    let pool = (1..=100).map(|i| i.to_string()).collect::<Vec<_>>().join(";");
    let text = format!("p(({pool}),({pool}),({pool})).\n");
    stopped_within_half_a_second(&["-"], Duration::from_millis(800), move |mut stdin| {
        let _ = stdin.write_all(text.as_bytes());
    });
}

#[test]
fn a_stop_is_honoured_while_solving() {
    stopped_within_half_a_second(&["-", "-t", "2"], Duration::from_millis(800), |mut stdin| {
        let _ = stdin.write_all(
            b"p(1..13). h(1..12). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P1,H), in(P2,H), P1 < P2.\n",
        );
    });
}
