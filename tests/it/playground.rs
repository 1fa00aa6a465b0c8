//! `minasp serve`: the JSON API against clingo on the seed examples,
//! hostile and oversized requests, a burst of concurrent requests,
//! cancelling; and the page driven in headless Chromium
//! (`tests/browser/playground.mjs`, Playwright), with screenshots kept in
//! the test's report directory.
//!
//! The browser test needs node, `playwright-core` (installed by `.ci/run`
//! into `tests/browser/node_modules`) and Chromium (`/usr/bin/chromium`);
//! without them it is skipped loudly, and with `MINASP_REQUIRE_BROWSER=1`
//! (CI) their absence is a failure.

use crate::support::{env_flag, manifest_dir, oracle_ready, python, report_dir};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `minasp serve` on a free port; killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_minasp"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start minasp serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("the address line");
        let url = line.split_whitespace().last().expect("an address").trim_end_matches('/').to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "{}", line);
        Server { child, url }
    }

    /// POSTs `body` (JSON text) to `path`: the status and the answer.
    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let response = ureq::post(&format!("{}{}", self.url, path))
            .timeout(Duration::from_secs(60))
            .set("Content-Type", "application/json")
            .send_string(body);
        match response {
            Ok(r) => (r.status(), r.into_json().expect("a JSON answer")),
            Err(ureq::Error::Status(code, r)) => (code, r.into_json().expect("a JSON answer")),
            Err(e) => panic!("request failed: {}", e),
        }
    }

    fn solve(&self, program: &str, args: &[&str]) -> (u16, Value) {
        self.post("/api/solve", &json!({ "program": program, "args": args }).to_string())
    }

    fn alive(&self) -> bool {
        ureq::get(&format!("{}/", self.url)).call().is_ok_and(|r| r.status() == 200)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn models(doc: &Value) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = doc["Call"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|c| c["Witnesses"].as_array().cloned().unwrap_or_default())
        .map(|w| {
            let mut atoms: Vec<String> =
                w["Value"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect();
            atoms.sort();
            atoms
        })
        .collect();
    out.sort();
    out
}

/// clingo's answer sets of `program` (its Python module), sorted.
fn clingo_models(program: &str) -> Vec<Vec<String>> {
    let script = r#"
import clingo, json, sys
ctl = clingo.Control(["0"])
ctl.add("base", [], sys.stdin.read())
ctl.ground([("base", [])])
out = []
ctl.solve(on_model=lambda m: out.append(sorted(str(s) for s in m.symbols(shown=True))))
print(json.dumps(sorted(out)))
"#;
    let mut child = Command::new(python())
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(program.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    serde_json::from_slice(&out.stdout).expect("clingo's models")
}

#[test]
fn the_api_answers_as_clingo_on_the_seed_examples() {
    let server = Server::start(&[]);
    let (status, examples) = {
        let r = ureq::get(&format!("{}/api/examples", server.url)).call().unwrap();
        (r.status(), r.into_json::<Value>().unwrap())
    };
    assert_eq!(status, 200);
    let examples = examples.as_array().unwrap();
    assert_eq!(examples.len(), 4);
    if !oracle_ready() {
        return;
    }
    for ex in examples {
        let program = format!("{}\n{}\n", ex["program"].as_str().unwrap(), ex["picture"].as_str().unwrap());
        let (status, doc) = server.solve(&program, &["0"]);
        assert_eq!(status, 200, "{}", ex["name"]);
        assert_eq!(doc["Result"], "SATISFIABLE", "{}: {}", ex["name"], doc);
        assert_eq!(models(&doc), clingo_models(&program), "{}", ex["name"]);
    }
}

#[test]
fn errors_come_back_located_and_explanations_with_their_places() {
    let server = Server::start(&[]);
    let (status, doc) = server.solve("a.\np(X) :- q.\nr(.", &[]);
    assert_eq!(status, 200);
    assert_eq!(doc["Result"], "UNKNOWN");
    assert_eq!(doc["Exit"], 65);
    let d = &doc["Diagnostics"][0];
    assert_eq!(
        (d["level"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
        (Some("error"), Some(3), Some(3))
    );
    let (_, doc) = server.solve("a.\np(X) :- q.", &[]);
    let d = &doc["Diagnostics"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64(), d["end_column"].as_u64()),
        (Some(2), Some(1), Some(11))
    );
    assert!(d["message"].as_str().unwrap().starts_with("unsafe variables in:"), "{}", d);
    // --explain: the core, located
    let (_, doc) = server.solve("a.\nb :- a.\n:- b.\nc.\n", &["--explain"]);
    assert_eq!(doc["Result"], "UNSATISFIABLE");
    let core = &doc["Explanation"]["constraints"];
    assert_eq!(core.as_array().map(Vec::len), Some(1), "{}", doc);
    assert_eq!((core[0]["line"].as_u64(), core[0]["rule"].as_str()), (Some(3), Some(":- b.")));
    // --why: in the witnesses
    let (_, doc) = server.solve("p(1). q(X) :- p(X).", &["--why", "q(1)"]);
    let why = doc["Call"][0]["Witnesses"][0]["Why"].as_array().unwrap();
    assert_eq!(why[0], "q(1) is true:");
}

#[test]
fn hostile_requests_get_their_status_and_the_server_lives_on() {
    let server = Server::start(&["--time-limit", "2", "--max-ground-atoms", "100000"]);
    assert_eq!(server.post("/api/solve", "not json").0, 400);
    assert_eq!(server.post("/api/solve", "{\"args\": []}").0, 400);
    assert_eq!(server.post("/api/solve", "{\"program\": \"a.\", \"args\": [1]}").0, 400);
    assert_eq!(server.post("/api/solve", "[1,2,3]").0, 400);
    for bad in [
        &["/etc/passwd"][..],
        &["--outf=0"],
        &["--verify=x"],
        &["--mode=gringo"],
        &["--time-limit=99"],
        &["--nope"],
    ] {
        assert_eq!(server.solve("a.", bad).0, 400, "{:?}", bad);
    }
    let huge = json!({ "program": "a. ".repeat(600_000), "args": [] }).to_string();
    assert_eq!(server.post("/api/solve", &huge).0, 413);
    assert_eq!(
        ureq::get(&format!("{}/nothing", server.url)).call().map(|r| r.status()).unwrap_or_else(
            |e| match e {
                ureq::Error::Status(c, _) => c,
                _ => 0,
            }
        ),
        404
    );
    // a grounding that never ends meets the atom limit
    let (status, doc) = server.solve("p(0). p(X+1) :- p(X).", &[]);
    assert_eq!(status, 200);
    assert_eq!(doc["Exit"], 65, "{}", doc);
    assert!(doc["Diagnostics"].to_string().contains("ground atoms"), "{}", doc);
    // a search that never ends meets the time limit
    let queens = "q(1..14). 1 { at(X,Y) : q(Y) } 1 :- q(X). :- at(X1,Y), at(X2,Y), X1 < X2. \
                  :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.";
    let started = Instant::now();
    let (status, doc) = server.solve(queens, &["0", "-q"]);
    assert_eq!(status, 200);
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    assert_eq!(doc["Result"], "SATISFIABLE", "{}", doc);
    // deep nesting and bytes that are not UTF-8 in the program
    let deep = format!("p({}1{}).", "f(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(server.solve(&deep, &[]).0, 200);
    assert_eq!(server.solve("a. \u{fffd} b.", &[]).0, 200);
    assert!(server.alive());
}

#[test]
fn a_burst_of_concurrent_requests_and_a_cancelled_run() {
    let server = Server::start(&["--max-runs", "3", "--time-limit", "20"]);
    let url = server.url.clone();
    let threads: Vec<_> = (0..24)
        .map(|i| {
            let url = url.clone();
            std::thread::spawn(move || {
                let body =
                    json!({ "program": format!("n(1..{}). {{ p(X) : n(X) }} 1.", i % 5 + 1), "args": ["0"] });
                match ureq::post(&format!("{}/api/solve", url)).send_string(&body.to_string()) {
                    Ok(r) => (r.status(), r.into_json::<Value>().ok()),
                    Err(ureq::Error::Status(c, _)) => (c, None),
                    Err(_) => (0, None),
                }
            })
        })
        .collect();
    let mut answered = 0;
    for (i, t) in threads.into_iter().enumerate() {
        let (status, doc) = t.join().unwrap();
        assert!(status == 200 || status == 503, "request {}: status {}", i, status);
        if status == 200 {
            answered += 1;
            assert_eq!(doc.unwrap()["Models"]["Number"], i % 5 + 2, "request {}", i);
        }
    }
    assert!(answered >= 3, "only {} of 24 answered", answered);
    assert!(server.alive());
    // cancel: a long run stops when asked
    let url2 = url.clone();
    let long = std::thread::spawn(move || {
        let body = json!({
            "program": "q(1..14). 1 { at(X,Y) : q(Y) } 1 :- q(X). :- at(X1,Y), at(X2,Y), X1 < X2. :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.",
            "args": ["0", "-q"], "id": "long-run" });
        let started = Instant::now();
        let r = ureq::post(&format!("{}/api/solve", url2)).send_string(&body.to_string()).unwrap();
        (started.elapsed(), r.into_json::<Value>().unwrap())
    });
    let mut cancelled = false;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        if server.post("/api/cancel", "{\"id\": \"long-run\"}").0 == 200 {
            cancelled = true;
            break;
        }
    }
    assert!(cancelled, "the run was never seen running");
    let (took, doc) = long.join().unwrap();
    assert!(took < Duration::from_secs(15), "{:?}", took);
    assert_eq!(doc["Exit"], Value::Null, "{}", doc);
    assert_eq!(server.post("/api/cancel", "{\"id\": \"long-run\"}").0, 404);
}

/// Node, Playwright and Chromium, or why not.
fn browser_tools() -> Result<(), String> {
    let dir = manifest_dir().join("tests/browser");
    if !dir.join("node_modules/playwright-core").is_dir() {
        return Err(
            "playwright-core is not installed (cd tests/browser && npm install playwright-core)".into()
        );
    }
    if !std::path::Path::new("/usr/bin/chromium").exists() {
        return Err("/usr/bin/chromium is not installed (apt-get install chromium)".into());
    }
    Command::new("node").arg("--version").output().map_err(|e| format!("node: {}", e))?;
    Ok(())
}

#[test]
fn the_page_runs_every_example_in_a_real_browser() {
    if let Err(why) = browser_tools() {
        if env_flag("MINASP_REQUIRE_BROWSER") == Some(true) {
            panic!("the browser test cannot run: {} (MINASP_REQUIRE_BROWSER=1)", why);
        }
        // written to the process's stderr: a skip must show in `cargo test`'s output
        use std::io::Write;
        let _ =
            writeln!(std::io::stderr().lock(), "\n*** SKIPPED: the browser test did not run: {} ***\n", why);
        return;
    }
    let server = Server::start(&[]);
    let shots = report_dir("playground");
    let out = Command::new("node")
        .arg(manifest_dir().join("tests/browser/playground.mjs"))
        .arg(&server.url)
        .arg(&shots)
        .current_dir(manifest_dir().join("tests/browser"))
        .output()
        .expect("node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the browser test failed:\n{}\n{}", stdout, stderr);
    for name in ["peg", "solitaire", "fifteen", "lunar", "error", "unsat"] {
        assert!(
            shots.join(format!("{}.png", name)).is_file(),
            "no screenshot {}.png in {}",
            name,
            shots.display()
        );
    }
}
