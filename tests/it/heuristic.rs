//! `#heuristic` directives and `--heuristic=Domain`, against clingo.
//!
//! Answer sets never depend on the heuristic (the random language
//! programs in `language.rs` carry `#heuristic` directives and half of them
//! run with `--heuristic=Domain`); here the directives' effect is checked:
//!
//! - `--text` of the directives equals `gringo --text` line for line (the
//!   order counts: among modifiers of equal priority clasp takes the last);
//! - the first answer set under `--heuristic=Domain` equals clingo's, on
//!   programs where the modifiers decide every choice without a conflict
//!   (so that the result does not depend on either solver's tie-breaking),
//!   from the source and from gringo's aspif output;
//! - a directive with a value that is no integer or an unknown modifier is
//!   ignored with gringo's info.
//!
//! Each test needs `clingo`/`gringo` on PATH and skips visibly without.

use crate::support::*;
use std::time::Duration;

/// Programs whose first answer set the domain heuristic fixes.
const DETERMINED: &[(&str, &str)] = &[
    ("levels with signs", "{p(1..5)}. :- p(1), p(2). #heuristic p(X). [X, true]"),
    ("false first, by level", "{p(1..5)}. :- not 2 { p(X) }. #heuristic p(X). [6-X, false]"),
    (
        "conditions",
        "{a;b;c}. :- a, b. #heuristic c. [3,true] #heuristic a : c. [2,true] \
         #heuristic b : not c. [2,true] #heuristic b. [1,false]",
    ),
    ("priority decides", "{a;b}. #heuristic a. [1@1,sign] #heuristic a. [-1@2,sign] #heuristic b. [1,sign]"),
    ("propagation before a level", "{a;b;c}. :- a, b. #heuristic a. [2,true] #heuristic b. [3,true] #heuristic c. [1,false]"),
    (
        "condition with not",
        "{a;b;c}. #heuristic c. [3,true] #heuristic a : not c. [2,true] \
         #heuristic a : c. [2,false] #heuristic b. [1,true]",
    ),
    ("sign and level apart", "{a;b;c}. #heuristic a. [3,level] #heuristic a. [1,sign] #heuristic b. [2,level] #heuristic b. [-1,sign] #heuristic c. [1,level] #heuristic c. [1,sign]"),
    ("classical negation", "{p; -p; q}. #heuristic -p. [2,true] #heuristic q. [1,true]"),
    (
        "levels over a derived atom",
        "{e(1..3)}. r(X) :- e(X). #heuristic r(X). [X,true] #heuristic e(X). [1,false]",
    ),
];

fn lines_with(prefix: &str, text: &str) -> Vec<String> {
    text.lines().filter(|l| l.starts_with(prefix)).map(|l| l.trim_end().to_string()).collect()
}

/// The first answer printed, if any.
fn first_answer(out: &RunOutput) -> Option<Model> {
    parse_output(&out.stdout).ok().and_then(|p| p.models.into_iter().next())
}

#[test]
fn heuristic_text_matches_gringo() {
    let gringo = vec!["gringo".to_string()];
    if !tool_works(&gringo) {
        skip_or_fail("gringo not on PATH — `--text` of #heuristic was not compared");
        return;
    }
    let tmp = tempfile::Builder::new().prefix("minasp-heu-").tempdir().expect("temp dir");
    let mut programs: Vec<&str> = DETERMINED.iter().map(|(_, p)| *p).collect();
    programs.extend([
        "q(1..3). {a(1..3)}. #heuristic a(X) : q(X). [X,level] #heuristic a(2). [1@3,factor]",
        "{a;b;c}. d(2). #heuristic a : d(X). [X,init] #heuristic b : c, not a. [-2,sign]",
        "{p(1..3)}. #heuristic p(1;2). [1,true] #heuristic z. [1,level]",
    ]);
    let mut problems = Vec::new();
    for (i, text) in programs.iter().enumerate() {
        let (want, got) = text_of_both(tmp.path(), &format!("t{}.lp", i), text);
        let (w, g) = (lines_with("#heuristic", &want.stdout), lines_with("#heuristic", &got.stdout));
        if want.code != Some(0) || w.is_empty() && !text.contains("z.") {
            problems.push(format!("{:?}: gringo gives no heuristics: {}", text, want.stderr));
        } else if w != g || got.code != Some(0) {
            problems.push(format!("{:?}:\n  gringo: {:?}\n  minasp: {:?} (exit {:?})", text, w, g, got.code));
        }
    }
    assert!(problems.is_empty(), "#heuristic in --text differs from gringo's:\n{}", problems.join("\n"));
}

#[test]
fn domain_heuristic_first_answer_matches_clingo() {
    let clingo = vec!["clingo".to_string()];
    let gringo = vec!["gringo".to_string()];
    if !tool_works(&clingo) || !tool_works(&gringo) {
        skip_or_fail("clingo or gringo not on PATH — --heuristic=Domain was not compared");
        return;
    }
    let tmp = tempfile::Builder::new().prefix("minasp-heu-").tempdir().expect("temp dir");
    let mut problems = Vec::new();
    let t = Duration::from_secs(30);
    for (i, (title, text)) in DETERMINED.iter().enumerate() {
        let p = tmp.path().join(format!("d{}.lp", i));
        std::fs::write(&p, text).expect("write program");
        let file = p.display().to_string();
        let args: Vec<String> = vec!["--heuristic=Domain".into(), "1".into(), file.clone()];
        let want = first_answer(&run_command(&clingo, &args, t));
        let got = first_answer(&run_command(&minasp_argv(), &args, t));
        if want.is_none() || want != got {
            problems.push(format!("{} ({}): clingo {:?}, minasp {:?}", title, text, want, got));
        }
        // without the domain heuristic the first answer must still be one
        // (the directives are ignored, not rejected)
        let plain = run_command(&minasp_argv(), &["1".into(), file.clone()], t);
        if plain.code != Some(10) {
            problems.push(format!("{}: without --heuristic=Domain exit {:?}", title, plain.code));
        }
        // the same from gringo's aspif
        let aspif = run_command(&gringo, &[file], t);
        let from_aspif = run_command_input(
            &minasp_argv(),
            &["--mode=clasp".into(), "--heuristic=Domain".into(), "1".into()],
            Some(&aspif.stdout),
            t,
        );
        if first_answer(&from_aspif) != want {
            problems.push(format!(
                "{} from aspif: clingo {:?}, minasp {:?} {}",
                title,
                want,
                first_answer(&from_aspif),
                from_aspif.stderr
            ));
        }
    }
    assert!(problems.is_empty(), "first answers under --heuristic=Domain differ:\n{}", problems.join("\n"));
}

#[test]
fn ignored_heuristics_get_gringos_info() {
    let program =
        "{a}. q(1..2).\n#heuristic a. [1,foo]\n#heuristic a. [x,level]\n#heuristic a. [1@-2,level]\n\
         #heuristic a : q(X). [1@X,\"level\"]\n";
    let Some((want, got)) = text_infos_of_gringo_and_minasp(program) else { return };
    assert_eq!(want.len(), 5, "gringo: {:?}", want);
    assert_eq!(got, want);
}

/// `--heuristic=Vsids,<n>` sets the decay to 0.<n>, as clasp reads it:
/// `Vsids,95` is the one-model search's own decay (the same search as no
/// option), as is `Vsids,0` (clasp's default), `Vsids,75` another search
/// with the same answer; a decay that is no number is refused as clasp
/// refuses it, with exit code 1.
#[test]
fn vsids_decay_is_read_as_clasps() {
    let tmp = tempfile::Builder::new().prefix("minasp-heu-").tempdir().expect("temp dir");
    let p = tmp.path().join("pigeons.lp");
    // 7 pigeons, 6 holes: unsatisfiable after some hundreds of conflicts
    std::fs::write(&p, "p(1..7). h(1..6). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P,H), in(Q,H), P < Q.\n")
        .expect("write program");
    let conflicts = |extra: &[&str]| -> (Option<i32>, String) {
        let mut args = vec![p.display().to_string(), "--stats".to_string()];
        args.extend(extra.iter().map(|s| s.to_string()));
        let out = run_command(&minasp_argv(), &args, Duration::from_secs(60));
        let line = out.stdout.lines().find(|l| l.starts_with("Conflicts")).unwrap_or_default().to_string();
        (out.code, line)
    };
    let (code, own) = conflicts(&[]);
    assert_eq!(code, Some(20), "pigeons are unsatisfiable");
    assert!(own.contains(':'), "no Conflicts line: {own}");
    assert_eq!(conflicts(&["--heuristic=Vsids,95"]), (Some(20), own.clone()));
    assert_eq!(conflicts(&["--heuristic=Vsids,0"]), (Some(20), own.clone()));
    let (code, other) = conflicts(&["--heuristic=Vsids,75"]);
    assert_eq!(code, Some(20));
    assert_ne!(other, own, "a decay of 0.75 searched as 0.95 does");
    for bad in ["--heuristic=Vsids,x", "--heuristic=Vsids,", "--heuristic=Vsids,-3"] {
        let out =
            run_command(&minasp_argv(), &[p.display().to_string(), bad.to_string()], Duration::from_secs(30));
        assert_eq!(out.code, Some(1), "{bad}: {}", out.stderr);
        assert!(out.stderr.contains("--heuristic"), "{bad}: {}", out.stderr);
    }
}
