//! `minasp serve`: the playground — one page and a JSON API on a local
//! HTTP server (tiny_http).
//!
//! `POST /api/solve` with `{"program": TEXT, "args": [clingo arguments],
//! "id": ID}` answers with the document `minasp --outf=2` prints for the
//! program, plus `Diagnostics` (errors, warnings and infos, located) and,
//! for an unsatisfiable program run with `--explain`, `Explanation` (the
//! constraints that cannot all hold, located).  `POST /api/cancel` with
//! `{"id": ID}` stops that run.
//!
//! Invariants: every run is a child process of this binary (a crash, a
//! runaway grounding or a stack overflow ends the run, never the server),
//! reads its program from standard input only (arguments that name files
//! or change what is printed are refused), and is bounded by the server's
//! time limit and ground-atom limit; at most `max_runs` run at once (more
//! get 503); every request gets an answer with a status code.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, Server};

/// `minasp serve`'s command line.
#[derive(clap::Parser, Debug)]
#[command(
    name = "minasp serve",
    bin_name = "minasp serve",
    about = "The playground: a page and a JSON API on a local web server"
)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to bind (others than 127.0.0.1 expose the server to the network).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the browser.
    #[arg(long)]
    pub open: bool,
    /// Seconds a run may take.
    #[arg(long = "time-limit", default_value_t = 10)]
    pub time_limit: u64,
    /// Ground atoms a run may make.
    #[arg(long = "max-ground-atoms", default_value_t = 2_000_000)]
    pub max_atoms: usize,
    /// Runs at the same time (more requests get 503).
    #[arg(long = "max-runs", default_value_t = 4)]
    pub max_runs: usize,
}

impl ServeArgs {
    /// The server's settings.
    pub fn settings(&self) -> Settings {
        Settings {
            port: self.port,
            host: self.host.clone(),
            time_limit: self.time_limit,
            max_atoms: self.max_atoms,
            max_runs: self.max_runs.max(1),
            ..Settings::default()
        }
    }
}

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Port to listen on (0: any free port).
    pub port: u16,
    /// Address to bind (`127.0.0.1` by default: only this machine).
    pub host: String,
    /// Seconds a run may take (its `--time-limit`).
    pub time_limit: u64,
    /// Ground atoms a run may make (its `--max-ground-atoms`).
    pub max_atoms: usize,
    /// Runs at the same time.
    pub max_runs: usize,
    /// Largest request body, in bytes.
    pub max_body: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            port: 8080,
            host: "127.0.0.1".into(),
            time_limit: 10,
            max_atoms: 2_000_000,
            max_runs: 4,
            max_body: 1 << 20,
        }
    }
}

const PAGE: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/app.js");
const STYLE: &str = include_str!("../web/style.css");

/// The example programs the page offers: name, title, program text (the
/// encoding, then the instance), and the predicates its picture needs.
const EXAMPLES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "peg",
        "Peg solitaire (a 5-hole board)",
        include_str!("../programs/peg/peg.lp"),
        include_str!("../programs/peg/simple5.lp"),
        "#show hole/2. #show peg/3.",
    ),
    (
        "solitaire",
        "Solitaire (ASP Competition 2009, the 33-hole cross)",
        include_str!("../programs/solitaire/solitaire.clingo5.lp"),
        include_str!("../programs/solitaire/sparse_s6_3.lp"),
        "#show hole/2. #show peg/3.",
    ),
    (
        "fifteen",
        "15-puzzle (six moves from home)",
        include_str!("../programs/fifteen/fifteen.lp"),
        include_str!("../programs/fifteen/walk06_s1.lp"),
        "#show at/4.",
    ),
    (
        "lunar",
        "Lunar Lockout",
        include_str!("../programs/lunar/lunar.clingo5.lp"),
        include_str!("../programs/lunar/advsolitaire1.lp"),
        "#show at/4. #show cell/2. #show goal/2.",
    ),
];

/// The examples as the page reads them (`GET /api/examples`).
fn examples() -> Value {
    Value::Array(
        EXAMPLES
            .iter()
            .map(|(name, title, encoding, instance, picture)| {
                json!({
                    "name": name,
                    "title": title,
                    "program": format!("{}\n% ---- the instance ----\n{}", encoding.trim_end(), instance),
                    "picture": picture,
                })
            })
            .collect(),
    )
}

/// Runs the server until the process ends.  Prints the address it
/// listens on (the first line of stdout) once it accepts requests.
pub fn serve(settings: Settings, open: bool) -> i32 {
    let server = match Server::http((settings.host.as_str(), settings.port)) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("*** ERROR: (minasp): cannot listen on {}:{}: {}", settings.host, settings.port, e);
            return 1;
        }
    };
    let addr = match server.server_addr().to_ip() {
        Some(a) => a,
        None => return 1,
    };
    let url = format!("http://{}/", addr);
    println!("minasp playground: {}", url);
    let _ = std::io::stdout().flush();
    if open {
        let _ = Command::new("xdg-open").arg(&url).stdout(Stdio::null()).stderr(Stdio::null()).spawn();
    }
    let state = Arc::new(State { settings, running: Mutex::new(HashMap::new()), active: Mutex::new(0) });
    // The runs wait on their children: enough threads for every run and
    // the quick requests beside them.
    let threads = state.settings.max_runs + 4;
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let server = server.clone();
            let state = state.clone();
            std::thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    state.handle(request);
                }
            })
        })
        .collect();
    for h in handles {
        let _ = h.join();
    }
    0
}

struct State {
    settings: Settings,
    /// Runs by id, for `/api/cancel`.
    running: Mutex<HashMap<String, Arc<Mutex<Child>>>>,
    /// Runs going on now.
    active: Mutex<usize>,
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn reply(request: Request, status: u16, content_type: &str, body: String) {
    let response = Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"));
    let _ = request.respond(response);
}

fn reply_json(request: Request, status: u16, body: Value) {
    reply(request, status, "application/json", body.to_string())
}

fn error(request: Request, status: u16, message: &str) {
    reply_json(request, status, json!({ "Error": message }))
}

impl State {
    fn handle(&self, mut request: Request) {
        let path = request.url().split('?').next().unwrap_or("").to_string();
        match (request.method(), path.as_str()) {
            (Method::Get, "/") | (Method::Get, "/index.html") => {
                reply(request, 200, "text/html; charset=utf-8", PAGE.into())
            }
            (Method::Get, "/app.js") => reply(request, 200, "text/javascript; charset=utf-8", SCRIPT.into()),
            (Method::Get, "/style.css") => reply(request, 200, "text/css; charset=utf-8", STYLE.into()),
            (Method::Get, "/api/examples") => reply_json(request, 200, examples()),
            (Method::Post, "/api/solve") | (Method::Post, "/api/cancel") => {
                let body = match self.body(&mut request) {
                    Ok(b) => b,
                    Err((status, msg)) => return error(request, status, &msg),
                };
                if path == "/api/solve" {
                    let (status, answer) = self.solve(&body);
                    reply_json(request, status, answer)
                } else {
                    let (status, answer) = self.cancel(&body);
                    reply_json(request, status, answer)
                }
            }
            (_, "/api/solve") | (_, "/api/cancel") => error(request, 405, "use POST"),
            _ => error(request, 404, "not found"),
        }
    }

    /// The request's body as JSON (400 if it is not, 413 if too large).
    fn body(&self, request: &mut Request) -> Result<Value, (u16, String)> {
        if request.body_length().is_some_and(|n| n > self.settings.max_body) {
            return Err((413, format!("the request is larger than {} bytes", self.settings.max_body)));
        }
        let mut bytes = Vec::new();
        let limit = self.settings.max_body as u64 + 1;
        if request.as_reader().take(limit).read_to_end(&mut bytes).is_err() {
            return Err((400, "the request could not be read".into()));
        }
        if bytes.len() > self.settings.max_body {
            return Err((413, format!("the request is larger than {} bytes", self.settings.max_body)));
        }
        serde_json::from_slice(&bytes).map_err(|e| (400, format!("the request is not JSON: {}", e)))
    }

    fn cancel(&self, body: &Value) -> (u16, Value) {
        let Some(id) = body.get("id").and_then(Value::as_str) else {
            return (400, json!({ "Error": "expected {\"id\": ID}" }));
        };
        let child = self.running.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned();
        match child {
            Some(c) => {
                let _ = c.lock().unwrap_or_else(|e| e.into_inner()).kill();
                (200, json!({ "Cancelled": id }))
            }
            None => (404, json!({ "Error": format!("no run with id {}", id) })),
        }
    }

    fn solve(&self, body: &Value) -> (u16, Value) {
        let Some(program) = body.get("program").and_then(Value::as_str) else {
            return (400, json!({ "Error": "expected {\"program\": TEXT, \"args\": [ARGUMENTS]}" }));
        };
        let args: Vec<String> = match body.get("args") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) if a.iter().all(Value::is_string) => {
                a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()
            }
            Some(_) => return (400, json!({ "Error": "\"args\" must be a list of strings" })),
        };
        if let Err(msg) = allowed(&args) {
            return (400, json!({ "Error": msg }));
        }
        let id = body.get("id").and_then(Value::as_str).map(str::to_string);
        {
            let mut active = self.active.lock().unwrap_or_else(|e| e.into_inner());
            if *active >= self.settings.max_runs {
                return (503, json!({ "Error": "the server is busy: too many runs at once, try again" }));
            }
            *active += 1;
        }
        let answer = self.run(program, &args, id.as_deref());
        *self.active.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        answer
    }

    /// One run of the program in a child process: its `--outf=2`
    /// document with the diagnostics (and, under `--explain`, the
    /// explanation of an unsatisfiable program).
    fn run(&self, program: &str, args: &[String], id: Option<&str>) -> (u16, Value) {
        let mut full: Vec<String> = args.iter().filter(|a| *a != "--explain").cloned().collect();
        full.push("--outf=2".into());
        let (code, stdout, stderr) = match self.child(program, &full, id) {
            Ok(r) => r,
            Err(msg) => return (500, json!({ "Error": msg })),
        };
        let mut doc: Value = match serde_json::from_str(&stdout) {
            Ok(Value::Object(o)) => Value::Object(o),
            _ => json!({ "Result": if code.is_none() { "INTERRUPTED" } else { "UNKNOWN" } }),
        };
        doc["Diagnostics"] = Value::Array(diagnostics(&stderr));
        doc["Exit"] = code.map_or(Value::Null, |c| json!(c));
        if args.iter().any(|a| a == "--explain") && doc["Result"] == "UNSATISFIABLE" {
            let mut text_args: Vec<String> = args.to_vec();
            text_args.push("--quiet=2".into());
            if let Ok((_, out, _)) = self.child(program, &text_args, id) {
                doc["Explanation"] = explanation(&out);
            }
        }
        (200, doc)
    }

    /// Runs this binary on `program` (standard input) with `args` and the
    /// server's limits; `None` as the exit code: killed (cancelled, or
    /// past the time limit).
    fn child(
        &self,
        program: &str,
        args: &[String],
        id: Option<&str>,
    ) -> Result<(Option<i32>, String, String), String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find the minasp binary: {}", e))?;
        let mut cmd = Command::new(exe);
        cmd.args(args)
            .arg(format!("--time-limit={}", self.settings.time_limit))
            .arg(format!("--max-ground-atoms={}", self.settings.max_atoms))
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(|e| format!("cannot start a run: {}", e))?;
        let mut stdin = child.stdin.take();
        let mut stdout = child.stdout.take();
        let mut stderr = child.stderr.take();
        let text = program.to_string();
        let writer = std::thread::spawn(move || {
            if let Some(s) = stdin.as_mut() {
                let _ = s.write_all(text.as_bytes());
            }
        });
        let out = std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(o) = stdout.as_mut() {
                let _ = o.take(64 << 20).read_to_string(&mut s);
            }
            s
        });
        let err = std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(e) = stderr.as_mut() {
                let _ = e.take(4 << 20).read_to_string(&mut s);
            }
            s
        });
        let child = Arc::new(Mutex::new(child));
        if let Some(id) = id {
            self.running.lock().unwrap_or_else(|e| e.into_inner()).insert(id.to_string(), child.clone());
        }
        // the run stops itself at its time limit; past that and a grace, it is killed
        let deadline = Instant::now() + Duration::from_secs(self.settings.time_limit + 5);
        let status = loop {
            let polled = child.lock().unwrap_or_else(|e| e.into_inner()).try_wait();
            match polled {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                _ => {
                    let mut c = child.lock().unwrap_or_else(|e| e.into_inner());
                    let _ = c.kill();
                    break c.wait().ok();
                }
            }
        };
        if let Some(id) = id {
            self.running.lock().unwrap_or_else(|e| e.into_inner()).remove(id);
        }
        let _ = writer.join();
        let stdout = out.join().unwrap_or_default();
        let stderr = err.join().unwrap_or_default();
        Ok((status.and_then(|s| s.code()), stdout, stderr))
    }
}

/// Refuses arguments that would read files, print something other than
/// the answers, or override the server's limits.
fn allowed(args: &[String]) -> Result<(), String> {
    const REFUSED: [&str; 8] = [
        "--verify",
        "--mode",
        "--output",
        "--text",
        "--outf",
        "--time-limit",
        "--max-ground-atoms",
        "--version",
    ];
    for a in args {
        let name = a.split('=').next().unwrap_or("");
        if REFUSED.contains(&name) || name == "-h" || name == "--help" {
            return Err(format!("argument not allowed here: {}", a));
        }
    }
    let cli = parse_args(args)?;
    if cli.files.iter().any(|f| f.parse::<u64>().is_err()) {
        return Err("the program comes from the request: file arguments are not allowed".into());
    }
    Ok(())
}

/// The arguments as the command line reads them (the first line of clap's error otherwise).
fn parse_args(args: &[String]) -> Result<minasp::cli::Cli, String> {
    let all = std::iter::once("minasp".to_string()).chain(args.iter().cloned());
    minasp::cli::Cli::parse_from_args(all).map_err(|e| {
        e.to_string().lines().next().unwrap_or("bad arguments").trim_start_matches("error: ").to_string()
    })
}

/// The diagnostics of a run's stderr, located: gringo's
/// `FILE:LINE:COL[-[LINE:]COL]: LEVEL: MESSAGE` blocks (continuation
/// lines indented), and `*** ERROR: ...` lines.
fn diagnostics(stderr: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for line in stderr.lines() {
        if line.is_empty() {
            continue;
        }
        if line.starts_with(' ') || line.starts_with('\t') {
            if let Some(Value::String(m)) = out.last_mut().and_then(|d| d.get_mut("message")) {
                m.push('\n');
                m.push_str(line);
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("*** ") {
            let (level, message) = rest.split_once(':').unwrap_or(("ERROR", rest));
            let level = level.trim().to_lowercase();
            let message = message.trim().trim_start_matches("(minasp):").trim();
            out.push(json!({ "level": if level.starts_with("warn") { "warning" } else if level.starts_with("info") { "info" } else { "error" }, "message": message }));
            continue;
        }
        out.push(located(line).unwrap_or_else(|| json!({ "level": "error", "message": line })));
    }
    out
}

/// One `FILE:LINE:COL[-[LINE:]COL]: LEVEL: MESSAGE` line.
fn located(line: &str) -> Option<Value> {
    let levels = [": error: ", ": warning: ", ": info: ", ": note: "];
    let (at, level) = levels.iter().filter_map(|l| line.find(l).map(|i| (i, *l))).min_by_key(|(i, _)| *i)?;
    let place = &line[..at];
    let message = &line[at + level.len()..];
    let level = level.trim_matches(|c| c == ':' || c == ' ');
    // FILE:LINE:COL-END where END is COL or LINE:COL
    let mut parts = place.rsplitn(3, ':');
    let last = parts.next()?;
    let second = parts.next()?;
    let (file, line_no, col, end_line, end_col) = if let Some((c, e)) = last.split_once('-') {
        // FILE:LINE:COL-COL
        let l: usize = second.parse().ok()?;
        (parts.next()?.to_string(), l, c.parse().ok()?, l, e.parse().ok()?)
    } else if let Some((c, el)) = second.split_once('-') {
        // FILE:LINE:COL-LINE:COL
        let (file, l) = parts.next()?.rsplit_once(':')?;
        (file.to_string(), l.parse().ok()?, c.parse().ok()?, el.parse().ok()?, last.parse().ok()?)
    } else {
        let l: usize = second.parse().ok()?;
        let c: usize = last.parse().ok()?;
        (parts.next()?.to_string(), l, c, l, c + 1)
    };
    Some(json!({
        "level": level,
        "message": message,
        "file": file,
        "line": line_no,
        "column": col,
        "end_line": end_line,
        "end_column": end_col,
    }))
}

/// The `--explain` text of a run, located: the constraints with their
/// places and their ground instances.
fn explanation(stdout: &str) -> Value {
    let Some(start) =
        stdout.find("These constraints").or_else(|| stdout.find("The program has no answer set even"))
    else {
        return Value::Null;
    };
    let text = &stdout[start..];
    let mut constraints: Vec<Value> = Vec::new();
    for line in text.lines().skip(1) {
        if let Some(instance) = line.strip_prefix("  ") {
            if let Some(Value::Array(a)) = constraints.last_mut().and_then(|c| c.get_mut("instances")) {
                a.push(json!(instance));
            }
            continue;
        }
        let place = line.find(": ").and_then(|i| {
            let d = located(&format!("{}: error: x", &line[..i]))?;
            Some((d, line[i + 2..].to_string()))
        });
        if let Some((d, rule)) = place {
            constraints.push(json!({
                "line": d["line"], "column": d["column"], "end_line": d["end_line"], "end_column": d["end_column"],
                "rule": rule, "instances": [],
            }));
        }
    }
    json!({ "text": text, "constraints": constraints })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_are_located() {
        let d = diagnostics("-:2:3-7: error: unsafe variables in:\n  p(X):-q.\n-:2:3-4: note: 'X' is unsafe\n\n*** ERROR: (minasp): grounding stopped because of errors\n");
        assert_eq!(d.len(), 3);
        assert_eq!(d[0]["line"], 2);
        assert_eq!(d[0]["column"], 3);
        assert_eq!(d[0]["end_column"], 7);
        assert_eq!(d[0]["message"], "unsafe variables in:\n  p(X):-q.");
        assert_eq!(d[1]["level"], "note");
        assert_eq!(d[2]["level"], "error");
        assert_eq!(d[2]["message"], "grounding stopped because of errors");
        let multi = diagnostics("-:1:5-3:2: info: something\n");
        assert_eq!((multi[0]["line"].as_u64(), multi[0]["end_line"].as_u64()), (Some(1), Some(3)));
        assert_eq!(multi[0]["end_column"], 2);
    }

    #[test]
    fn arguments_that_read_files_or_change_the_output_are_refused() {
        for bad in [
            &["/etc/passwd"][..],
            &["--outf=0"],
            &["--verify", "x"],
            &["--mode=gringo"],
            &["--text"],
            &["--bogus"],
        ] {
            let args: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
            assert!(allowed(&args).is_err(), "{:?}", bad);
        }
        for good in
            [&["0"][..], &["--opt-mode=optN", "-n", "3"], &["--why", "p(1)"], &["--explain"], &["-c", "n=3"]]
        {
            let args: Vec<String> = good.iter().map(|s| s.to_string()).collect();
            assert!(allowed(&args).is_ok(), "{:?}", good);
        }
    }
}
