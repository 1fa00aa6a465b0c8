//! `--verify FILE`: candidate answers checked against the program.
//!
//! - `verify_agrees_with_clingo_on_generated_programs`: for generated
//!   programs (the differential generator, every third one disjunctive),
//!   each of clingo's answer sets is `stable`, and one-atom mutations of
//!   them (an atom left out, an atom of another answer set added, an atom
//!   of no answer set added) are `stable` exactly when clingo lists the
//!   result; the candidates are written as clingo's output (`Answer: N`
//!   lines), so empty answer sets are candidates too.
//!   `MINASP_VERIFY_CASES` (default 200) programs.
//! - the reasons, printed for hand-written mistakes of each kind, as
//!   snapshots;
//! - exit codes: 0 when all are stable, 1 when one is not, 65 for a
//!   missing candidates file.

use crate::cases::generate;
use crate::gen;
use crate::support::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// The verdicts `--verify` printed, in order.
fn verdicts(stdout: &str) -> Vec<bool> {
    stdout.lines().filter(|l| l.starts_with("Candidate ")).map(|l| l.ends_with(": stable")).collect()
}

#[test]
fn verify_agrees_with_clingo_on_generated_programs() {
    if !oracle_ready() {
        return;
    }
    let n = env_u64("MINASP_VERIFY_CASES", 200);
    let base = env_u64("MINASP_DIFF_SEED", 1);
    let tmp = tempfile::Builder::new().prefix("minasp-verify-").tempdir().expect("temp dir");
    let seeds: Vec<u64> = (0..n).map(|i| base.wrapping_add(i)).collect();
    let g = generate("verify", &seeds, 40, |seed, sub| {
        let cfg = gen::GenConfig { disjunction: seed % 3 == 0, optimize: false };
        let text = gen::program_with(seed, sub, &cfg);
        let file = format!("seed_{}_{}.lp", seed, sub);
        let p = tmp.path().join(&file);
        std::fs::write(&p, &text).expect("write program");
        (vec![p], vec![(file, text)])
    });
    let mut problems = Vec::new();
    let (mut checked, mut stable) = (0usize, 0usize);
    for c in &g.cases {
        let answers: BTreeSet<&Model> = c.expected.iter().collect();
        let all_atoms: BTreeSet<&String> = c.expected.iter().flatten().collect();
        let mut candidates: Vec<Model> = Vec::new();
        for m in c.expected.iter().take(8) {
            candidates.push(m.clone());
            if let Some(first) = m.iter().next() {
                let mut fewer = m.clone();
                fewer.remove(first);
                candidates.push(fewer);
            }
            if let Some(extra) = all_atoms.iter().find(|a| !m.contains(**a)) {
                let mut more = m.clone();
                more.insert((*extra).clone());
                candidates.push(more);
            }
            let mut unknown = m.clone();
            unknown.insert("zz_in_no_answer".to_string());
            candidates.push(unknown);
        }
        if c.expected.is_empty() {
            candidates.push(Model::new());
        }
        let mut file = String::new();
        for (i, m) in candidates.iter().enumerate() {
            file.push_str(&format!(
                "Answer: {}\n{}\n",
                i + 1,
                m.iter().cloned().collect::<Vec<_>>().join(" ")
            ));
        }
        let cand_path = c.files[0].with_extension("answers");
        std::fs::write(&cand_path, &file).expect("write candidates");
        let mut args = vec!["--verify".to_string(), cand_path.display().to_string()];
        args.extend(c.files.iter().map(|f| f.display().to_string()));
        let run = run_command(&minasp_argv(), &args, Duration::from_secs(60));
        let got = verdicts(&run.stdout);
        let want: Vec<bool> = candidates.iter().map(|m| answers.contains(m)).collect();
        checked += want.len();
        stable += want.iter().filter(|s| **s).count();
        let want_code = if want.iter().all(|s| *s) { 0 } else { 1 };
        if got != want || run.code != Some(want_code) {
            problems.push(format!(
                "{}: verdicts {:?} (exit {:?}), clingo's answer sets say {:?} (exit {})\n{}\n--- candidates:\n{}--- stderr:\n{}",
                c.title,
                got,
                run.code,
                want,
                want_code,
                c.text(),
                file,
                run.stderr
            ));
        }
    }
    eprintln!(
        "verify: {} programs, {} candidates ({} stable), {} disagreements",
        g.cases.len(),
        checked,
        stable,
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{} programs disagree:\n{}",
        problems.len(),
        problems.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n")
    );
}

/// Runs `--verify` on `program` with the candidates `answers` (one per
/// line); stdout and the exit code.
fn verify_run(program: &str, answers: &str) -> (String, Option<i32>) {
    let tmp = tempfile::Builder::new().prefix("minasp-verify-").tempdir().expect("temp dir");
    let p = tmp.path().join("prog.lp");
    std::fs::write(&p, program).expect("write program");
    let a = tmp.path().join("answers.txt");
    std::fs::write(&a, answers).expect("write candidates");
    let args = vec!["--verify".to_string(), "answers.txt".to_string(), "prog.lp".to_string()];
    let mut cmd = minasp_command();
    let out = cmd.args(&args).current_dir(tmp.path()).output().expect("run minasp");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code())
}

const STUDENT: &str = "{ q(1..3) }.
p(X) :- q(X), not r(X).
r(X) :- q(X), X > 2.
a :- b.
b :- a.
a :- q(1).
c ; d :- q(2).
{ s(X) : q(X) } 1.
:- s(1), p(1).
";

#[test]
fn reasons_name_the_rules_involved() {
    let answers = "q(1) a b p(1)\nq(2) p(2) a b c\nq(1) a b\nq(2) p(2) p(3) c\nq(2) p(2)\nq(2) p(2) c d\n\
                   q(1) a b p(1) s(1)\nq(2) q(3) p(2) r(3) c s(2) s(3)\nq(1) a b p(1) zz\n";
    let (out, code) = verify_run(STUDENT, answers);
    let want = "\
Candidate 1: stable
Candidate 2: not stable
  a, b only support each other (an unfounded set: nothing outside derives them):
    prog.lp:4:1-8: a :- b.
      a :- b.
    prog.lp:5:1-8: b :- a.
      b :- a.
Candidate 3: not stable
  p(1) is missing from the candidate, but this rule derives it:
    prog.lp:2:1-24: p(X) :- q(X), not r(X).
      p(1) :- q(1).  (its body holds)
Candidate 4: not stable
  p(3) is in the candidate, but no rule supports it:
    prog.lp:2:1-24: p(X) :- q(X), not r(X).
      p(3) :- q(3), not r(3).  (q(3) is false)
Candidate 5: not stable
  a disjunctive rule's body holds, but none of its head atoms is in the candidate:
    prog.lp:7:1-15: c ; d :- q(2).
      c;d :- q(2).
Candidate 6: not stable
  c is in the candidate, but no rule supports it:
    prog.lp:7:1-15: c ; d :- q(2).
      c;d :- q(2).  (its body holds, but d is true too: a disjunction supports an atom only when its other head atoms are false)
  d is in the candidate, but no rule supports it:
    prog.lp:7:1-15: c ; d :- q(2).
      c;d :- q(2).  (its body holds, but c is true too: a disjunction supports an atom only when its other head atoms are false)
Candidate 7: not stable
  a constraint is violated (or a bound broken):
    prog.lp:9:1-15: :- s(1), p(1).
      :- p(1), s(1).
Candidate 8: not stable
  a constraint is violated (or a bound broken):
    prog.lp:8:1-19: { s(X) : q(X) } 1.
      :- 2 <= #sum{1:(q(1), s(1));1:(q(2), s(2));1:(q(3), s(3))}.
Candidate 9: not stable
  zz is in the candidate, but no rule can derive it
";
    assert_eq!(out, want);
    assert_eq!(code, Some(1));
}

#[test]
fn shown_candidates_and_exit_codes() {
    let program = "{ a; b; c }. :- a, b. d :- c. #show a/0. #show b/0. #show d/0.";
    // shown parts: a; b; a d; b d; d; nothing
    let (out, code) = verify_run(program, "Answer: 1\na d\nAnswer: 2\n\n");
    assert_eq!(out, "Candidate 1: stable\nCandidate 2: stable\n");
    assert_eq!(code, Some(0));
    let (out, code) = verify_run(program, "a b\nc\n");
    assert_eq!(
        out,
        "Candidate 1: not stable\n  no answer set shows a, b\nCandidate 2: not stable\n  c is in the candidate, but no answer set shows it\n"
    );
    assert_eq!(code, Some(1));
    // gringo 3: #hide with #show, a weight rule
    let g3 = "q(1..3).\n1 { p(X) : q(X) } 1.\nr :- 2 [ p(1) = 2, p(2) = 1 ].\n#hide.\n#show p/1.\n#show r.\n";
    let (out, code) = verify_run(g3, "p(1)\np(1) r\np(2) p(3)\n");
    assert_eq!(
        out,
        "Candidate 1: not stable\n  no answer set shows p(1) while leaving out r\nCandidate 2: stable\n\
         Candidate 3: not stable\n  no answer set shows p(2), p(3)\n"
    );
    assert_eq!(code, Some(1));
    // a missing candidates file is an input error
    let mut cmd = minasp_command();
    let out = cmd.args(["--verify", "/nonexistent/answers.txt"]).output().expect("run minasp");
    assert_eq!(out.status.code(), Some(65), "{}", String::from_utf8_lossy(&out.stderr));
}
