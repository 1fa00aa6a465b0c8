//! The Potassco formats (issue 5), checked against the native clingo, gringo and clasp:
//!
//! - `ground_formats_match_clingo`: for the programs in `programs/` (each encoding with
//!   each board of its folder) and random programs from `gen.rs`:
//!   `minasp --mode=gringo | clasp 0`, `minasp --output=smodels | clasp 0`,
//!   `gringo | minasp --mode=clasp 0`,
//!   `gringo --output=smodels | minasp 0` (auto-detected) and `minasp --outf=2 0` all give
//!   the answer sets of `clingo 0`.
//! - `disjunctive_ground_programs_are_solved`: gringo's aspif and smodels output for
//!   hand-written disjunctive programs, solved by minasp.
//! - `malformed_ground_input_is_rejected`: exit 65, `UNKNOWN`, the line number, no panic;
//!   `mutated_ground_input_never_panics` does the same in-process on mutated gringo output.
//! - `text_snapshot`, `verbosity_and_competition_format`, `json_has_clingos_shape`,
//!   `stdin_is_auto_detected`.
//!
//! Without `clingo`/`gringo`/`clasp` on PATH the tests print a loud SKIPPED line and
//! pass, unless MINASP_REQUIRE_CLINGO=1.  Environment: `MINASP_FORMATS_CASES` (random
//! programs, default 200), `MINASP_FORMATS_SEED` (first seed, default 1).

use crate::gen;
use crate::support::*;
use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Random programs with more answer sets than this are skipped (counted).
const MAX_MODELS: usize = 500;
/// Per run; a slower minasp solve skips the case (solver speed is the differential tests' business).
const TIMEOUT: Duration = Duration::from_secs(5);

fn minasp() -> Vec<String> {
    minasp_argv()
}

fn s(x: &str) -> String {
    x.to_string()
}

/// Are the native `clingo`, `gringo` and `clasp` installed?  If not: a loud skip (or a
/// failure under MINASP_REQUIRE_CLINGO=1).
fn tools_ready() -> bool {
    for t in ["clingo", "gringo", "clasp"] {
        if !tool_works(&[t.to_string()]) {
            skip_or_fail(&format!("`{}` not found: format tests did not run (apt-get install gringo)", t));
            return false;
        }
    }
    true
}

/// Runs `argv args` with no stdin and [`TIMEOUT`].
fn run(argv: &[String], args: &[String]) -> RunOutput {
    crate::support::run_command(argv, args, TIMEOUT)
}

fn paths(files: &[PathBuf]) -> Vec<String> {
    files.iter().map(|f| f.display().to_string()).collect()
}

/// Runs `argv args` and writes its stdout to `out` (it must exit with 0).
fn to_file(argv: &[String], args: &[String], out: &Path) -> Result<(), String> {
    let r = run(argv, args);
    if r.code != Some(0) {
        return Err(format!(
            "`{} {}` exited with {:?}:\n{}",
            argv.join(" "),
            args.join(" "),
            r.code,
            truncate(&r.stderr, 2000)
        ));
    }
    std::fs::write(out, &r.stdout).map_err(|e| e.to_string())
}

/// The answer sets in clingo's text output, with the result word checked.
fn models_of(r: &RunOutput, who: &str) -> Result<Vec<Model>, String> {
    if r.timed_out {
        return Err(format!("{} timed out", who));
    }
    let p = parse_output(&r.stdout).map_err(|e| format!("{}: unreadable output: {}", who, e))?;
    let want = if p.models.is_empty() { "UNSATISFIABLE" } else { "SATISFIABLE" };
    if p.result.as_deref() != Some(want) {
        return Err(format!(
            "{}: result {:?} with {} models (exit {:?}); stderr:\n{}",
            who,
            p.result,
            p.models.len(),
            r.code,
            truncate(&r.stderr, 2000)
        ));
    }
    Ok(p.models)
}

/// The answer sets in a `--outf=2` document.
fn json_models(r: &RunOutput) -> Result<Vec<Model>, String> {
    let v: serde_json::Value = serde_json::from_str(&r.stdout)
        .map_err(|e| format!("--outf=2: not JSON ({}): {}", e, truncate(&r.stdout, 500)))?;
    let mut out = Vec::new();
    if let Some(ws) = v["Call"][0].get("Witnesses") {
        for w in ws.as_array().ok_or("Witnesses is not a list")? {
            let vals = w["Value"].as_array().ok_or("Value is not a list")?;
            out.push(
                vals.iter()
                    .map(|x| x.as_str().map(str::to_string).ok_or("atom is not a string"))
                    .collect::<Result<Model, _>>()?,
            );
        }
    }
    if v["Models"]["Number"].as_u64() != Some(out.len() as u64) {
        return Err("--outf=2: Models.Number disagrees with the witnesses".to_string());
    }
    let want = if out.is_empty() { "UNSATISFIABLE" } else { "SATISFIABLE" };
    if v["Result"] != want {
        return Err(format!("--outf=2: Result {}, expected {}", v["Result"], want));
    }
    Ok(out)
}

fn compare(what: &str, expected: &[Model], got: &[Model]) -> Result<(), String> {
    if same_models(expected, got) {
        return Ok(());
    }
    let (only_c, only_m) = model_diff(expected, got);
    let mut s = format!("{}: clingo has {} answer sets, this {}", what, expected.len(), got.len());
    for (m, _) in only_c.iter().take(3) {
        s.push_str(&format!("\n    only clingo: {}", show_model(m)));
    }
    for (m, _) in only_m.iter().take(3) {
        s.push_str(&format!("\n    only here:   {}", show_model(m)));
    }
    Err(s)
}

fn exit_ok(what: &str, r: &RunOutput, expected: &[Model]) -> Result<(), String> {
    let want = if expected.is_empty() { 20 } else { 30 };
    if r.code != Some(want) {
        return Err(format!(
            "{}: exit code {:?}, expected {}; stderr:\n{}",
            what,
            r.code,
            want,
            truncate(&r.stderr, 2000)
        ));
    }
    Ok(())
}

enum Verdict {
    Compared,
    Skipped(String),
}

/// All four round trips for one program (`files`), in the scratch folder `dir`.  When
/// the native clingo rejects the program (gringo 3 dialect), minasp's own answer sets are
/// the reference and only minasp's aspif (via clasp) and its JSON are checked.
fn check_program(files: &[PathBuf], dir: &Path) -> Result<Verdict, String> {
    let f = paths(files);
    let mut args = vec![s("--models"), (MAX_MODELS + 1).to_string()];
    args.extend(f.iter().cloned());
    let c = run(&[s("clingo")], &args);
    if c.timed_out {
        return Ok(Verdict::Skipped(s("clingo timed out")));
    }
    let by_clingo = c.code != Some(65);
    let expected = if by_clingo {
        models_of(&c, "clingo")?
    } else {
        let m = run(&minasp(), &args);
        if m.timed_out || m.code == Some(65) {
            return Ok(Verdict::Skipped(format!(
                "neither clingo nor minasp solves it: {}",
                c.stderr.lines().next().unwrap_or("")
            )));
        }
        models_of(&m, "minasp")?
    };
    if expected.len() > MAX_MODELS {
        return Ok(Verdict::Skipped(format!("more than {} answer sets", MAX_MODELS)));
    }
    let reference = if by_clingo { "clingo" } else { "minasp (clingo rejects it)" };

    if by_clingo {
        // gringo's aspif, solved by minasp.
        let theirs = dir.join("gringo.aspif");
        to_file(&[s("gringo")], &f, &theirs)?;
        let r = run(&minasp(), &[s("--mode=clasp"), s("0"), theirs.display().to_string()]);
        if r.timed_out {
            // The solver is too slow here: a matter for the differential tests.
            return Ok(Verdict::Skipped(format!("minasp timed out after {:?} (solver)", TIMEOUT)));
        }
        compare("gringo | minasp --mode=clasp 0", &expected, &models_of(&r, "minasp on gringo's aspif")?)?;
        exit_ok("minasp on gringo's aspif", &r, &expected)?;

        // gringo's smodels, solved by minasp (format auto-detected).
        let sm = dir.join("gringo.smodels");
        let mut a = vec![s("--output=smodels")];
        a.extend(f.iter().cloned());
        to_file(&[s("gringo")], &a, &sm)?;
        let r = run(&minasp(), &[s("0"), sm.display().to_string()]);
        if r.timed_out {
            return Ok(Verdict::Skipped(format!(
                "minasp timed out after {:?} on the smodels (solver)",
                TIMEOUT
            )));
        }
        compare(
            "gringo --output=smodels | minasp 0",
            &expected,
            &models_of(&r, "minasp on gringo's smodels")?,
        )?;
        exit_ok("minasp on gringo's smodels", &r, &expected)?;
    }

    // minasp's aspif, solved by clasp.
    let ours = dir.join("minasp.aspif");
    let mut a = vec![s("--mode=gringo")];
    a.extend(f.iter().cloned());
    to_file(&minasp(), &a, &ours)?;
    let r = run(&[s("clasp")], &[s("0"), ours.display().to_string()]);
    compare(
        &format!("minasp --mode=gringo | clasp 0 (reference: {})", reference),
        &expected,
        &models_of(&r, "clasp on minasp's aspif")?,
    )?;

    // minasp's smodels, solved by clasp.
    let sm = dir.join("minasp.smodels");
    let mut a = vec![s("--output=smodels")];
    a.extend(f.iter().cloned());
    to_file(&minasp(), &a, &sm)?;
    let r = run(&[s("clasp")], &[s("0"), sm.display().to_string()]);
    compare(
        &format!("minasp --output=smodels | clasp 0 (reference: {})", reference),
        &expected,
        &models_of(&r, "clasp on minasp's smodels")?,
    )?;

    // JSON.
    let mut a = vec![s("--outf=2"), s("0")];
    a.extend(f.iter().cloned());
    let r = run(&minasp(), &a);
    if r.timed_out {
        // minasp's own ground program (checked by clasp above) is slow for minasp's solver.
        return Ok(Verdict::Skipped(format!(
            "minasp timed out after {:?} on its own grounding (solver)",
            TIMEOUT
        )));
    }
    compare("minasp --outf=2 0", &expected, &json_models(&r)?)?;
    exit_ok("minasp --outf=2", &r, &expected)?;
    Ok(Verdict::Compared)
}

/// The encodings in `programs/*/` (`D/D.lp`, `D/D.clingo5.lp`), each with each other
/// `.lp` file of its folder (the instances).
fn seed_programs() -> Vec<(String, Vec<PathBuf>)> {
    let mut out = Vec::new();
    let root = manifest_dir().join("programs");
    let Ok(dirs) = std::fs::read_dir(&root) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = dirs.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    for d in dirs {
        let name = d.file_name().unwrap().to_string_lossy().to_string();
        let encs: Vec<PathBuf> = [format!("{}.lp", name), format!("{}.clingo5.lp", name)]
            .iter()
            .map(|e| d.join(e))
            .filter(|e| e.exists())
            .collect();
        let mut inst: Vec<PathBuf> = std::fs::read_dir(&d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "lp") && !encs.contains(p))
            .collect();
        inst.sort();
        for enc in &encs {
            for i in &inst {
                out.push((
                    format!("{} + {}", enc.display(), i.file_name().unwrap().to_string_lossy()),
                    vec![enc.clone(), i.clone()],
                ));
            }
        }
    }
    out
}

#[test]
fn ground_formats_match_clingo() {
    if !tools_ready() {
        return;
    }
    let start = Instant::now();
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut cases: Vec<(String, Vec<PathBuf>)> = seed_programs();
    let seeds = cases.len();
    let n = env_u64("MINASP_FORMATS_CASES", 200);
    let first = env_u64("MINASP_FORMATS_SEED", 1);
    for seed in first..first + n {
        let p = tmp.path().join(format!("random{}.lp", seed));
        std::fs::write(&p, gen::program(seed)).unwrap();
        cases.push((format!("random program, seed {}", seed), vec![p]));
    }
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let skipped = Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get()).min(2);
    std::thread::scope(|sc| {
        for j in 0..jobs {
            let (next, failures, skipped, cases) = (&next, &failures, &skipped, &cases);
            let dir = tmp.path().join(format!("job{}", j));
            std::fs::create_dir_all(&dir).unwrap();
            sc.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cases.len() {
                    break;
                }
                let (title, files) = &cases[i];
                let t0 = Instant::now();
                let verdict = check_program(files, &dir);
                if t0.elapsed() > Duration::from_secs(5) {
                    eprintln!("  slow: {} took {:.1}s", title, t0.elapsed().as_secs_f64());
                }
                match verdict {
                    Ok(Verdict::Compared) => {}
                    Ok(Verdict::Skipped(why)) => skipped.lock().unwrap().push(format!("{}: {}", title, why)),
                    Err(e) => {
                        let text: String = files.iter().map(|f| read_to_string(f)).collect();
                        failures.lock().unwrap().push(format!(
                            "=== {}\n{}\n--- program:\n{}",
                            title,
                            e,
                            truncate(&text, 3000)
                        ))
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let skipped = skipped.into_inner().unwrap();
    eprintln!(
        "formats: {} programs ({} from programs/, {} random): {} compared, {} skipped, {} failed, {:.1}s",
        cases.len(),
        seeds,
        n,
        cases.len() - skipped.len() - failures.len(),
        skipped.len(),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    for s in skipped.iter().take(10) {
        eprintln!("  skipped {}", s);
    }
    assert!(seeds > 0, "no programs found under programs/");
    assert!(
        skipped.len() * 4 <= cases.len(),
        "too many programs skipped ({} of {})",
        skipped.len(),
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} programs disagree:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn disjunctive_ground_programs_are_solved() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let programs = [
        // head-cycle-free
        "a ; b. c :- a. d :- b, not c.",
        // head cycle: a and b support each other
        "a ; b. a :- b. b :- a.",
        "p(1..3). q(X) ; r(X) :- p(X). :- q(1), r(2). s :- 2 #count{ X : q(X) }.",
        "a ; b ; c :- not d. d ; e. :- a, e.",
        "{x}. a ; b :- x. a :- b, x. b :- a, x.",
    ];
    for (i, p) in programs.iter().enumerate() {
        let f = tmp.path().join(format!("d{}.lp", i));
        std::fs::write(&f, p).unwrap();
        let expected = models_of(&run(&[s("clingo")], &[s("0"), f.display().to_string()]), "clingo").unwrap();
        for (fmt, name) in [(None, "g.aspif"), (Some("--output=smodels"), "g.smodels")] {
            let g = tmp.path().join(name);
            let mut args: Vec<String> = fmt.iter().map(|x| s(x)).collect();
            args.push(f.display().to_string());
            to_file(&[s("gringo")], &args, &g).unwrap();
            let fmt = fmt.unwrap_or("aspif");
            let r = run(&minasp(), &[s("--mode=clasp"), s("0"), g.display().to_string()]);
            let got = models_of(&r, "minasp").unwrap_or_else(|e| panic!("{}: {}", p, e));
            if let Err(e) = compare(fmt, &expected, &got) {
                panic!("program {:?}:\n{}", p, e);
            }
        }
    }
}

/// Malformed ground programs: (what, text, the line the error must name).
const MALFORMED: &[(&str, &str, usize)] = &[
    ("aspif: truncated rule", "asp 1 0 0\n1 0 1 1 0 0\n1 0 1\n0\n", 3),
    ("aspif: truncated body", "asp 1 0 0\n1 0 1 1 0 2 3\n0\n", 2),
    ("aspif: unknown statement", "asp 1 0 0\n42 1 2\n0\n", 2),
    ("aspif: atom 0", "asp 1 0 0\n1 0 1 0 0 0\n0\n", 2),
    ("aspif: literal 0", "asp 1 0 0\n1 0 1 1 0 1 0\n0\n", 2),
    ("aspif: bad number", "asp 1 0 0\n1 0 1 1x 0 0\n0\n", 2),
    ("aspif: huge number", "asp 1 0 0\n1 0 1 123456789012345678901234 0 0\n0\n", 2),
    ("aspif: huge count", "asp 1 0 0\n1 0 4000000000 1 0 0\n0\n", 2),
    ("aspif: missing 0", "asp 1 0 0\n1 0 1 1 0 0\n", 3),
    ("aspif: garbage", "asp 1 0 0\n1 0 1 1 0 0\nthis is not aspif\n0\n", 3),
    ("aspif: bad head type", "asp 1 0 0\n1 7 1 1 0 0\n0\n", 2),
    ("aspif: bad output length", "asp 1 0 0\n4 99 p 0\n0\n", 2),
    ("aspif: minimize without its weight", "asp 1 0 0\n2 0 1 1\n0\n", 2),
    ("aspif: after end", "asp 1 0 0\n0\n1 0 1 1 0 0\n", 3),
    ("aspif: bad version", "asp 2 0 0\n0\n", 1),
    ("smodels: truncated rule", "1 2 0 0\n1 3 2 0 4\n0\n0\nB+\n0\nB-\n0\n1\n", 2),
    ("smodels: unknown rule type", "1 2 0 0\n4 1 2\n0\n0\nB+\n0\nB-\n0\n1\n", 2),
    ("smodels: atom 0", "1 0 0 0\n0\n0\nB+\n0\nB-\n0\n1\n", 1),
    ("smodels: bad number", "1 2 0 0\n1 3 1 0 x\n0\n0\nB+\n0\nB-\n0\n1\n", 2),
    ("smodels: more negative than literals", "1 2 2 3 4 5\n0\n0\nB+\n0\nB-\n0\n1\n", 1),
    ("smodels: missing 0 after rules", "1 2 0 0\n1 3 0 0\n", 3),
    ("smodels: missing symbol table end", "1 2 0 0\n0\n2 a\n", 4),
    ("smodels: missing B+", "1 2 0 0\n0\n2 a\n0\nB-\n0\n1\n", 5),
    ("smodels: garbage in B-", "1 2 0 0\n0\n0\nB+\n0\nB-\nfoo\n0\n1\n", 7),
    ("smodels: minimize not starting 6 0", "1 2 0 0\n6 1 1 0 2 1\n0\n0\nB+\n0\nB-\n0\n1\n", 2),
    ("smodels: trailing garbage", "1 2 0 0\n0\n0\nB+\n0\nB-\n0\n1\nxyz\n", 9),
];

#[test]
fn malformed_ground_input_is_rejected() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let f = tmp.path().join("bad.ground");
    let name = f.display().to_string();
    for (what, text, line) in MALFORMED {
        std::fs::write(&f, text).unwrap();
        // Forced and auto-detected: the same error.
        for mode in [Some("--mode=clasp"), None] {
            let mut args: Vec<String> = mode.iter().map(|m| s(m)).collect();
            args.push(name.clone());
            let r = run(&minasp(), &args);
            let ctx = format!("{} ({:?}):\nstdout:\n{}\nstderr:\n{}", what, mode, r.stdout, r.stderr);
            assert_eq!(r.code, Some(65), "{}", ctx);
            assert!(!r.stderr.contains("panicked"), "{}", ctx);
            assert!(r.stdout.lines().any(|l| l == "UNKNOWN"), "{}", ctx);
            assert!(
                r.stderr.contains(&format!("{}:{}: error: ", name, line)),
                "expected an error on line {}: {}",
                line,
                ctx
            );
        }
    }
    // Not a ground program at all, forced.
    std::fs::write(&f, "%%% garbage\n").unwrap();
    let r = run(&minasp(), &[s("--mode=clasp"), name.clone()]);
    assert_eq!(r.code, Some(65), "{}", r.stderr);
    assert!(r.stderr.contains(":1: error: "), "{}", r.stderr);
}

#[test]
fn mutated_ground_input_never_panics() {
    use rand::{Rng, SeedableRng};
    // gringo's output for a small program (fixed, so the test needs no tools).
    let aspif = "asp 1 0 0\n1 0 1 1 0 0\n1 1 2 2 3 0 1 1\n1 0 1 4 1 2 2 2 1 -3 1\n1 0 0 0 2 4 -2\n5 5 0\n6 1 -5\n7 0 2 1 0 0\n10 comment\n4 1 a 1 2\n4 4 b(1) 0\n0\n";
    let smodels = "1 2 0 0\n3 2 3 4 1 0 2\n2 5 2 1 1 3 4\n5 6 2 2 0 3 4 1 1\n8 2 7 8 1 1 6\n1 1 1 0 7\n0\n3 a\n4 b(1)\n0\nB+\n0\nB-\n1\n0\nE\n0\n1\n";
    let dimacs = "c a comment\np wcnf 3 4 10\n10 1 -2 0\n3 2 3 0\n1 -1\n -3 0\n10 -1 -2 -3 0\n";
    let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(5);
    let tokens =
        ["0", "1", "-1", "2", "4", "x", "", " ", "\n", "99999999999999999999", "-0", "B+", "asp", "p", "c"];
    for base in [aspif, smodels, dimacs] {
        assert!(minasp::aspif::read_any(base.as_bytes()).is_ok(), "{}", base);
        for _ in 0..3000 {
            let mut b = base.as_bytes().to_vec();
            for _ in 0..rng.gen_range(1..4) {
                let i = rng.gen_range(0..=b.len());
                match rng.gen_range(0..3) {
                    0 => b.truncate(i),
                    1 => {
                        let t = tokens[rng.gen_range(0..tokens.len())].as_bytes();
                        b.splice(i..i, t.iter().copied());
                    }
                    _ => {
                        let j = rng.gen_range(i..=b.len().min(i + 4));
                        b.drain(i..j);
                    }
                }
            }
            let text = b.clone();
            let res = std::panic::catch_unwind(move || {
                if let Ok(g) = minasp::aspif::read_any(&text) {
                    g.program.validate().expect("a read program is valid");
                }
            });
            assert!(res.is_ok(), "panicked on {:?}", String::from_utf8_lossy(&b));
        }
    }
}

#[test]
fn text_snapshot() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let f = tmp.path().join("snap.lp");
    std::fs::write(
        &f,
        "{a;b}.\nc :- a, not b.\n:- c, b.\nd :- 2 <= #sum{1:a; 2:b}.\ne(1..2).\nf(X) :- e(X), not a.\n#show g(X) : f(X).\n#show c/0. #show d/0. #show f/1.\n",
    )
    .unwrap();
    let r = run(&minasp(), &[s("--text"), f.display().to_string()]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let want = "\
e(1).
e(2).
{a;b}.
c:-a,not b.
#aux(5):-2<=#sum{1,0:a;2,1:b}.
d:-#aux(5).
f(1):-not a.
f(2):-not a.
:-b,c.
#aux(9):-f(1).
#aux(10):-f(2).
#show g(1):#aux(9).
#show g(2):#aux(10).
";
    assert_eq!(r.stdout, want);
    // Stable: the same text twice.
    let again = run(&minasp(), &[s("--output=text"), f.display().to_string()]);
    assert_eq!(again.stdout, want);
}

/// A constraint violated by the facts prints as gringo prints it: `:-.`.
#[test]
fn text_of_an_empty_constraint() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let f = tmp.path().join("unsat.lp");
    std::fs::write(&f, "a. :- a.\n").expect("write");
    let r = run(&minasp(), &[s("--text"), f.display().to_string()]);
    assert_eq!(r.stdout, "a.\n:-.\n");
}

/// Two small programs in `dir`: one with four answer sets, one unsatisfiable.
fn sat_and_unsat(dir: &Path) -> (PathBuf, PathBuf) {
    let sat = dir.join("sat.lp");
    std::fs::write(&sat, "{a;b}. c :- a, b. #show a/0. #show c/0.\n").unwrap();
    let unsat = dir.join("unsat.lp");
    std::fs::write(&unsat, "a. :- a.\n").unwrap();
    (sat, unsat)
}

#[test]
fn verbosity_and_competition_format() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let (sat, unsat) = sat_and_unsat(tmp.path());
    for f in [&sat, &unsat] {
        let f = f.display().to_string();
        for v in ["-V0", "--verbose=0"] {
            let ours = run(&minasp(), &[s(v), s("0"), f.clone()]);
            let theirs = run(&[s("clingo")], &[s("-V0"), s("0"), f.clone()]);
            assert_eq!(ours.code, theirs.code, "{}", ours.stderr);
            let norm = |o: &str| -> Vec<Model> {
                let mut ls: Vec<Model> = o.lines().map(|l| split_symbols(l).into_iter().collect()).collect();
                let last = ls.pop();
                ls.sort();
                ls.extend(last);
                ls
            };
            assert_eq!(norm(&ours.stdout), norm(&theirs.stdout), "{} {}:\n{}", v, f, ours.stdout);
        }
        let ours = run(&minasp(), &[s("--outf=1"), s("0"), f.clone()]);
        let theirs = run(&[s("clingo")], &[s("--outf=1"), s("0"), f.clone()]);
        assert_eq!(ours.code, theirs.code);
        let body = |o: &str| -> Vec<String> {
            o.lines().filter(|l| !l.starts_with('%')).map(str::to_string).collect()
        };
        let (b1, b2) = (body(&ours.stdout), body(&theirs.stdout));
        assert_eq!(b1.len(), b2.len(), "{}\n---\n{}", ours.stdout, theirs.stdout);
        assert_eq!(b1.first(), b2.first());
        // Both print one answer (the last found); any answer set is right.
        if b1[0] == "ANSWER" {
            let m: Model = split_symbols(&b1[1]).into_iter().collect();
            let all = models_of(&run(&[s("clingo")], &[s("0"), f.clone()]), "clingo").unwrap();
            let m: Model = m.into_iter().map(|a| a.trim_end_matches('.').to_string()).collect();
            assert!(all.contains(&m), "{:?} is not an answer set", m);
        }
        let labels = |o: &str| -> Vec<String> {
            o.lines()
                .filter(|l| l.starts_with("% ") && l.contains(" : "))
                .map(|l| l.split(':').next().unwrap().to_string())
                .collect()
        };
        assert_eq!(labels(&ours.stdout), labels(&theirs.stdout));
    }
}

/// `-q`, `--quiet=<m>[,<o>[,<t>]]` and `-q<m>`: the same lines as clingo's, where a
/// printed model (the last one found, with `--quiet=1`) may be any answer set.
/// After an input error (syntax, unsafe variable, missing file) clingo
/// prints `UNKNOWN` and the summary, in each format and with `-q`; and its
/// header shows a file name of 40 characters or more as `...` and its last
/// 38; of several files, one that cannot be opened is a command-line
/// error (exit 128). minasp's stdout and exit code are clingo's, but for
/// the version and time lines.
#[test]
fn input_errors_and_long_names_print_what_clingo_prints() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let deep = tmp.path().join("a_folder_with_a_long_name").join("and_another_one");
    std::fs::create_dir_all(&deep).unwrap();
    let mut files = Vec::new();
    for (name, text) in [("syntax.lp", "p(."), ("unsafe.lp", "p(X) :- not q(X)."), ("fine.lp", "a.")] {
        let f = deep.join(name);
        std::fs::write(&f, text).unwrap();
        files.push(f.display().to_string());
    }
    files.push(deep.join("missing.lp").display().to_string());
    let short = tmp.path().join("t.lp");
    std::fs::write(&short, "p(.").unwrap();
    files.push(short.display().to_string());
    assert!(files[0].len() >= 40, "{}", files[0]);
    let norm = |o: &str| -> Vec<String> {
        o.lines()
            .filter(|l| !["version", "Time"].iter().any(|w| l.contains(w)))
            .map(|l| l.to_string())
            .collect()
    };
    for f in &files {
        let fine = files[2].clone();
        for flags in
            [&[][..], &["-q"][..], &["--outf=1"][..], &[fine.as_str()][..], &["-V0", fine.as_str()][..]]
        {
            let mut args: Vec<String> = flags.iter().map(|x| s(x)).collect();
            args.push(f.clone());
            let ours = run(&minasp(), &args);
            let theirs = run(&[s("clingo")], &args);
            assert_eq!(ours.code, theirs.code, "{:?} {}: {}", flags, f, ours.stderr);
            assert_eq!(norm(&ours.stdout), norm(&theirs.stdout), "{:?} {}:\n{}", flags, f, ours.stdout);
            if theirs.code == Some(128) {
                assert!(ours.stderr.contains("could not open input file"), "{}", ours.stderr);
            }
        }
        // first of several: read as one alone is (a missing one: exit 65, not 128)
        let args = vec![f.clone(), fine];
        let (ours, theirs) = (run(&minasp(), &args), run(&[s("clingo")], &args));
        assert_eq!(ours.code, theirs.code, "{args:?}: {}", ours.stderr);
        assert_eq!(norm(&ours.stdout), norm(&theirs.stdout), "{args:?}:\n{}", ours.stdout);
    }
}

#[test]
fn quiet_prints_what_clingo_prints() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let (sat, unsat) = sat_and_unsat(tmp.path());
    let quiet: [&[&str]; 12] = [
        &["-q"],
        &["--quiet"],
        &["-q2"],
        &["--quiet=2,0,2"],
        &["--quiet=7"],
        &["--quiet=0"],
        &["--quiet=1,1"],
        &["-q1"],
        &["--quiet=1", "-V0"],
        &["-q", "-V0"],
        &["-q", "--outf=1"],
        &["--quiet=1", "--outf=1"],
    ];
    for f in [&sat, &unsat] {
        let f = f.display().to_string();
        let all = models_of(&run(&[s("clingo")], &[s("0"), f.clone()]), "clingo").unwrap();
        // version and time lines dropped; a line that is an answer set becomes `<model>`
        // (competition format: `a. c.`; blank lines too when the empty set is one, in
        // both outputs alike)
        let norm = |o: &str| -> Vec<String> {
            o.lines()
                .filter(|l| !["version", "Time", "Reading"].iter().any(|w| l.contains(w)))
                .map(|l| {
                    let m: Model =
                        split_symbols(l).into_iter().map(|a| a.trim_end_matches('.').to_string()).collect();
                    if all.contains(&m) {
                        s("<model>")
                    } else {
                        l.to_string()
                    }
                })
                .collect()
        };
        for q in quiet {
            let mut args: Vec<String> = q.iter().map(|x| s(x)).collect();
            args.extend([s("0"), f.clone()]);
            let ours = run(&minasp(), &args);
            let theirs = run(&[s("clingo")], &args);
            assert_eq!(ours.code, theirs.code, "{:?} {}: {}", q, f, ours.stderr);
            assert_eq!(norm(&ours.stdout), norm(&theirs.stdout), "{:?} {}:\n{}", q, f, ours.stdout);
        }
        // JSON: no witness, or the last one only
        for (q, n) in [("-q", 0), ("--quiet=1", 1)] {
            let args = [s(q), s("--outf=2"), s("0"), f.clone()];
            let ours: serde_json::Value = serde_json::from_str(&run(&minasp(), &args).stdout).unwrap();
            let theirs: serde_json::Value = serde_json::from_str(&run(&[s("clingo")], &args).stdout).unwrap();
            let count = |v: &serde_json::Value| v["Call"][0]["Witnesses"].as_array().map_or(0, |w| w.len());
            assert_eq!(count(&ours), count(&theirs), "{} {}", q, f);
            assert_eq!(count(&ours), if all.is_empty() { 0 } else { n }, "{} {}", q, f);
            assert_eq!(ours["Models"], theirs["Models"]);
        }
    }
    // a bad value, and per-call blocks (not emulated), are refused
    for q in ["--quiet=x", "--quiet=0,0,1", "--quiet=1,2,3,4"] {
        let bad = run(&minasp(), &[s(q), sat.display().to_string()]);
        assert_eq!(bad.code, Some(1), "{}", q);
        assert!(bad.stdout.is_empty() && bad.stderr.contains("quiet"), "{}: {}", q, bad.stderr);
    }
}

#[test]
fn json_has_clingos_shape() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let f = tmp.path().join("j.lp");
    for (prog, n) in [("{a;b}. #show a/0.", "0"), ("{a;b}.", "1"), ("a. :- a.", "0")] {
        std::fs::write(&f, prog).unwrap();
        let args = [s("--outf=2"), s(n), f.display().to_string()];
        let ours = run(&minasp(), &args);
        let theirs = run(&[s("clingo")], &args);
        assert_eq!(ours.code, theirs.code);
        let a: serde_json::Value = serde_json::from_str(&ours.stdout).unwrap();
        let b: serde_json::Value = serde_json::from_str(&theirs.stdout).unwrap();
        fn shape(v: &serde_json::Value) -> String {
            match v {
                serde_json::Value::Object(m) => format!(
                    "{{{}}}",
                    m.iter().map(|(k, v)| format!("{}:{}", k, shape(v))).collect::<Vec<_>>().join(",")
                ),
                serde_json::Value::Array(xs) => format!("[{}]", xs.first().map(shape).unwrap_or_default()),
                serde_json::Value::String(_) => "s".into(),
                serde_json::Value::Number(_) => "n".into(),
                other => other.to_string(),
            }
        }
        assert_eq!(shape(&a), shape(&b), "{}", prog);
        for k in ["Result", "Models", "Calls", "Input"] {
            assert_eq!(a[k], b[k], "{} in {}", k, prog);
        }
        let set = |v: &serde_json::Value| -> Vec<Model> {
            v["Call"][0]["Witnesses"]
                .as_array()
                .map(|ws| {
                    ws.iter()
                        .map(|w| {
                            w["Value"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|x| x.as_str().unwrap().to_string())
                                .collect()
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        if n == "0" {
            assert!(same_models(&set(&a), &set(&b)), "{}", prog);
        }
    }
}

#[test]
fn stdin_is_auto_detected() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let f = tmp.path().join("p.lp");
    std::fs::write(&f, "{a;b}. c :- a, not b.\n").unwrap();
    let m = &minasp()[0];
    let f = f.display();
    for pipe in [
        format!("gringo {f} | {m} 0"),
        format!("gringo --output=smodels {f} | {m} 0"),
        format!("{m} --mode=gringo {f} | {m} 0"),
        format!("cat {f} | {m} 0"),
    ] {
        let r = run(&[s("sh")], &[s("-c"), pipe.clone()]);
        let got = models_of(&r, &pipe).unwrap();
        let want: Vec<Model> = [vec![], vec!["a", "c"], vec!["b"], vec!["a", "b"]]
            .iter()
            .map(|m| m.iter().map(|x| x.to_string()).collect())
            .collect();
        assert!(same_models(&got, &want), "{}: {:?}", pipe, got);
        assert_eq!(r.code, Some(30), "{}", pipe);
    }
}

/// clasp's smodels extensions, as gringo 5 writes them and clasp reads them:
/// `91 atom value` externals (0 false, 1 true, 2 free), the `E` list (free
/// externals), `_heuristic(..)` atoms (directives for `--heuristic=Domain`);
/// and minasp's own smodels of a program with `#project`: gringo's error.
#[test]
fn smodels_extensions_are_read_as_clasp_reads_them() {
    let t = Duration::from_secs(30);
    // the `E` list: `e` is a free external, so `a :- e.` gives two answer sets
    let e_list = "1 3 1 0 2\n0\n2 e\n3 a\n0\nB+\n0\nB-\n1\n0\nE\n2\n0\n1\n";
    assert_eq!(run_minasp(&["0"], Some(e_list), t).models.len(), 2);
    for (value, n) in [(0, 1), (1, 1), (2, 2)] {
        let text = format!("1 3 1 0 2\n91 2 {value}\n0\n2 e\n3 a\n0\nB+\n0\nB-\n1\n0\n1\n");
        let ours = run_minasp(&["0"], Some(&text), t);
        assert_eq!(ours.models.len(), n, "91 2 {value}");
        assert_eq!(ours.models.iter().any(|m| m.contains("a")), value != 0, "91 2 {value}");
    }
    let bad = run_minasp(&["0"], Some("91 2 3\n0\n0\nB+\n0\nB-\n1\n0\n1\n"), t);
    assert_eq!(bad.code, Some(65));
    // minasp's smodels of externals and a directive read back the same
    for (program, flags) in [
        ("#external e. #external f. [true] a :- e. b :- f. #show a/0. #show b/0.", &["0"][..]),
        ("{a;b}. :- a, b. #heuristic b. [1,true]", &["--heuristic=Domain", "-n1"][..]),
    ] {
        let direct = run_minasp(flags, Some(program), t);
        let text = run_command_input(&minasp(), &[s("--output=smodels")], Some(program), t);
        assert_eq!(text.code, Some(0), "{program}");
        let back = run_minasp(flags, Some(&text.stdout), t);
        let shown = |ms: &[Model]| -> Vec<Model> {
            ms.iter().map(|m| m.iter().filter(|a| !a.starts_with("_heuristic")).cloned().collect()).collect()
        };
        assert_eq!(shown(&direct.models), shown(&back.models), "{program}");
    }
    let projected = run_command_input(&minasp(), &[s("--output=smodels")], Some("{a}. #project a."), t);
    assert_eq!(projected.code, Some(65));
    assert!(projected.stdout.is_empty());
    assert!(projected.stderr.contains("projection directive not supported"), "{}", projected.stderr);
    if !tools_ready() {
        return;
    }
    // gringo's externals and directive, read by minasp as by clingo --mode=clasp
    for (program, flags) in [
        ("#external e. #external f. [true] a :- e. b :- f.", &["0"][..]),
        ("{a}. #heuristic a. [1,true]", &["--heuristic=Domain", "-n1"][..]),
    ] {
        let text = run_command_input(&[s("gringo")], &[s("--output=smodels")], Some(program), t);
        let ours = run_minasp(flags, Some(&text.stdout), t);
        let mut args: Vec<String> = flags.iter().map(|f| s(f)).collect();
        args.push(s("--mode=clasp"));
        let theirs = run_command_input(&[s("clingo")], &args, Some(&text.stdout), t);
        let theirs = parse_output(&theirs.stdout).expect("clingo's output");
        let set = |ms: &[Model]| ms.iter().cloned().collect::<std::collections::BTreeSet<_>>();
        assert_eq!(set(&ours.models), set(&theirs.models), "{program}");
    }
}

/// One pipe for stdout and stderr, as in a terminal or under `2>&1`:
/// clingo prints its header before it reads the program, so the
/// reader's and the grounder's messages (a syntax error, a file that
/// cannot be opened, an undefined interval, an info from an incremental
/// step) come after `Reading from` and before `Solving...` or `UNKNOWN`.
/// minasp's lines come in the same order: compared as the sequence of
/// line kinds (header, message, answer part), so that the wording of a
/// message may differ; the missing file's message is clingo's word for word.
#[test]
fn messages_come_between_header_and_answer_as_in_clingo() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let write = |name: &str, text: &str| {
        let f = tmp.path().join(name);
        std::fs::write(&f, text).unwrap();
        f.display().to_string()
    };
    let missing = tmp.path().join("missing.lp").display().to_string();
    let inputs = [
        write("syntax.lp", "p(.\n"),
        write("unsafe.lp", "p(X) :- not q(X).\n"),
        write("interval.lp", "q(R) :- R=1..n.\n"),
        write("undefined.lp", "p(X) :- X = 1/0, X=1.\na.\n"),
        write("inc.lp", "#include <incmode>.\n#program step(t). p(t) :- t < 3.\n#program check(t). :- query(t), t < 2.\n#show p/1.\n#show r/1.\n"),
        missing.clone(),
    ];
    let merged = |argv: &[String], file: &str| -> String {
        let cmd = format!("{} '{}' 2>&1", argv.join(" "), file);
        let out = std::process::Command::new("sh").args(["-c", &cmd]).output().expect("run sh");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let kinds = |text: &str| -> Vec<&'static str> {
        let mut ks: Vec<&'static str> = Vec::new();
        for l in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("  ")) {
            let k = if l.contains(" version ") || l.starts_with("Reading from") {
                "header"
            } else if l.contains("error:")
                || l.contains("info:")
                || l.contains("warning:")
                || l.starts_with("***")
            {
                "message"
            } else {
                "answer"
            };
            if ks.last() != Some(&k) {
                ks.push(k);
            }
        }
        ks
    };
    for f in &inputs {
        let ours = merged(&minasp(), f);
        let theirs = merged(&[s("clingo")], f);
        assert_eq!(kinds(&ours), kinds(&theirs), "{f}:\n--- minasp\n{ours}--- clingo\n{theirs}");
        assert_eq!(kinds(&ours)[0], "header", "{f}:\n{ours}");
    }
    let ours = run(&minasp(), std::slice::from_ref(&missing));
    let theirs = run(&[s("clingo")], std::slice::from_ref(&missing));
    assert_eq!(ours.stderr.replace("minasp", "clingo"), theirs.stderr);
}

/// As clingo's command line: a bare number is the model limit, also where
/// a file of that name is in the working directory (it once was read as a
/// file there).
#[test]
fn a_bare_number_is_the_model_limit_even_beside_a_file_of_that_name() {
    if !tools_ready() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::write(tmp.path().join("p.lp"), "{a;b}.\n").unwrap();
    std::fs::write(tmp.path().join("0"), "c.\n").unwrap();
    std::fs::write(tmp.path().join("3"), "d.\n").unwrap();
    let summary = |argv0: &str, args: &[&str]| -> Vec<String> {
        let out = std::process::Command::new(argv0).args(args).current_dir(tmp.path()).output().expect("run");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("Models") || l.starts_with("Answer") || l.starts_with("Reading"))
            .map(str::to_string)
            .collect()
    };
    let ours_bin = minasp()[0].clone();
    for args in [&["p.lp", "0"][..], &["3", "p.lp"][..], &["p.lp"][..]] {
        let ours = summary(&ours_bin, args);
        assert_eq!(ours, summary("clingo", args), "{args:?}");
        assert!(ours.iter().any(|l| l.starts_with("Models")), "{args:?}: {ours:?}");
    }
}
