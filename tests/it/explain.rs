//! `--explain` on unsatisfiable programs: the core of integrity
//! constraints, checked with clingo as the oracle on generated programs —
//! with the program's other `:- ...` statements left out it is still
//! unsatisfiable, and leaving out any one `:- ...` statement of the core
//! as well makes it satisfiable (statements of the core that are not
//! `:-` lines, such as a choice with bounds, are kept in both tests); and
//! a snapshot of the printed core.  `MINASP_EXPLAIN_CASES` (default 30)
//! unsatisfiable programs.

use crate::gen;
use crate::support::*;
use std::time::Duration;

/// clingo's result word for `text`.
fn clingo_result(text: &str, dir: &std::path::Path) -> Option<String> {
    let p = dir.join("oracle.lp");
    std::fs::write(&p, text).expect("write program");
    let run =
        run_command(&["clingo".to_string()], &["1".into(), p.display().to_string()], Duration::from_secs(20));
    parse_output(&run.stdout).ok().and_then(|o| o.result)
}

/// The 1-based lines of the statements the core names (`FILE:LINE:...`).
fn core_lines(stdout: &str, file: &str) -> Option<Vec<usize>> {
    let start = stdout.find("These constraints cannot all hold")?;
    let prefix = format!("{}:", file);
    Some(
        stdout[start..]
            .lines()
            .filter_map(|l| l.strip_prefix(&prefix))
            .filter_map(|l| l.split(':').next().and_then(|n| n.parse().ok()))
            .collect(),
    )
}

#[test]
fn cores_of_generated_programs_are_irreducible() {
    if !tool_works(&["clingo".to_string()]) {
        skip_or_fail("clingo not on PATH — --explain cores were not checked");
        return;
    }
    let want = env_u64("MINASP_EXPLAIN_CASES", 30) as usize;
    let tmp = tempfile::Builder::new().prefix("minasp-explain-").tempdir().expect("temp dir");
    let mut problems = Vec::new();
    let (mut checked, mut without_constraints) = (0, 0);
    let mut seed = 0u64;
    while checked < want && seed < 20 * want as u64 {
        seed += 1;
        let text = gen::program_with(seed, 0, &gen::GenConfig::default());
        if clingo_result(&text, tmp.path()).as_deref() != Some("UNSATISFIABLE") {
            continue;
        }
        checked += 1;
        let file = "prog.lp";
        std::fs::write(tmp.path().join(file), &text).expect("write program");
        let out =
            minasp_command().args(["--explain", file]).current_dir(tmp.path()).output().expect("run minasp");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if out.status.code() != Some(20) {
            problems.push(format!("seed {}: exit {:?}\n{}", seed, out.status.code(), stdout));
            continue;
        }
        if stdout.contains("even without its integrity constraints") {
            without_constraints += 1;
            let no_constraints: String =
                text.lines().filter(|l| !l.starts_with(":-")).map(|l| format!("{}\n", l)).collect();
            if clingo_result(&no_constraints, tmp.path()).as_deref() != Some("UNSATISFIABLE") {
                problems.push(format!(
                    "seed {}: said unsatisfiable without constraints, clingo disagrees\n{}",
                    seed, text
                ));
            }
            continue;
        }
        let Some(core) = core_lines(&stdout, file) else {
            problems.push(format!("seed {}: no core printed\n{}", seed, stdout));
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let keep = |drop_also: Option<usize>| -> String {
            lines
                .iter()
                .enumerate()
                .filter(|(i, l)| {
                    !l.starts_with(":-") || (core.contains(&(i + 1)) && drop_also != Some(i + 1))
                })
                .map(|(_, l)| format!("{}\n", l))
                .collect()
        };
        if clingo_result(&keep(None), tmp.path()).as_deref() != Some("UNSATISFIABLE") {
            problems.push(format!("seed {}: the core alone is satisfiable\n{}\n{}", seed, stdout, text));
            continue;
        }
        for &l in core.iter().filter(|&&l| lines.get(l - 1).is_some_and(|t| t.starts_with(":-"))) {
            if clingo_result(&keep(Some(l)), tmp.path()).as_deref() != Some("SATISFIABLE") {
                problems.push(format!(
                    "seed {}: without line {} the core is still unsatisfiable\n{}\n{}",
                    seed, l, stdout, text
                ));
            }
        }
    }
    eprintln!(
        "explain: {} unsatisfiable programs ({} without constraints), {} problems",
        checked,
        without_constraints,
        problems.len()
    );
    assert!(checked > 0, "no unsatisfiable program generated");
    assert!(problems.is_empty(), "{}", problems.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n"));
}

#[test]
fn the_core_of_a_colouring() {
    let tmp = tempfile::Builder::new().prefix("minasp-explain-").tempdir().expect("temp dir");
    std::fs::write(
        tmp.path().join("col.lp"),
        "col(r;g).\nnode(1..3).\nedge(1,2). edge(2,3). edge(1,3).\n{ c(N,C) : col(C) } = 1 :- node(N).\n\
         :- edge(X,Y), c(X,C), c(Y,C).\n:- c(1,r), c(2,g).\nok :- c(3,r).\n",
    )
    .expect("write program");
    let out =
        minasp_command().args(["-V0", "--explain", "col.lp"]).current_dir(tmp.path()).output().expect("run");
    assert_eq!(out.status.code(), Some(20));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let core = &stdout[stdout.find("These constraints").expect("a core")..];
    // three nodes, two colours, a triangle: the edges' constraint (the
    // choice's bounds are part of the rules); `:- c(1,r), c(2,g).` is not
    // needed, and all 6 instances of the edges' constraint are
    let want = "These constraints cannot all hold (with only them the program has no answer set; \
                without any one of them it has one):\n\
                col.lp:5:1-30: :- edge(X,Y), c(X,C), c(Y,C).\n  :- c(1,r), c(2,r).\n  :- c(1,g), c(2,g).\n\
                \x20 :- c(2,r), c(3,r).\n  :- c(2,g), c(3,g).\n  :- c(1,r), c(3,r).\n  :- c(1,g), c(3,g).\n";
    assert_eq!(core, want);
}
