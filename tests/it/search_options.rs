//! The search options a clasp user passes — restart policies, among them
//! clasp's dynamic `D,n,f[,lim]`, the `--configuration` presets, and
//! clasp's tuning options minasp ignores — through the CLI: every policy
//! finds the same answers, dynamic restarts do restart, the presets are the
//! policies they name, clingo's own presets' option lists run with a
//! warning per ignored option (and clingo accepts each of them, when
//! installed), and a malformed value is refused with clingo's exit code.

use crate::support::{clingo_command, counter, run_command_input, run_minasp, skip_or_fail};
use std::collections::BTreeSet;
use std::time::Duration;

const SECS: Duration = Duration::from_secs(60);

/// 6 queens: 4 answers.
const QUEENS: &str = "q(1..6).\n1 { at(X,Y) : q(Y) } 1 :- q(X).\n:- at(X1,Y), at(X2,Y), X1 < X2.\n\
                      :- at(X1,Y1), at(X2,Y2), X1 < X2, X2-X1 == |Y2-Y1|.\n#show at/2.\n";

/// Pigeon-hole, 9 pigeons into 8 holes: unsatisfiable after some 13,000
/// conflicts, long enough for the LBDs to vary and dynamic restarts to
/// fire in either phase mode (on 8 into 7, a search in plain mode never
/// restarted).
const PIGEONS: &str = "p(1..9). h(1..8).\n1 { in(P,H) : h(H) } 1 :- p(P).\n:- in(P1,H), in(P2,H), P1 < P2.\n";

fn stats(args: &[&str], program: &str) -> (String, u64, u64) {
    let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    all.push("--stats".into());
    let out = run_command_input(&crate::support::minasp_argv(), &all, Some(program), SECS);
    assert!(!out.timed_out);
    let result = out.stdout.lines().find(|l| l.ends_with("SATISFIABLE")).unwrap_or("").to_string();
    (result, counter(&out.stdout, "Conflicts"), counter(&out.stdout, "Restarts"))
}

#[test]
fn every_restart_policy_finds_the_same_answers() {
    let reference = run_minasp(&["0"], Some(QUEENS), SECS);
    assert_eq!((reference.models.len(), reference.result.as_str()), (4, "SATISFIABLE"));
    let want: BTreeSet<_> = reference.models.iter().cloned().collect();
    let policies: [&[&str]; 6] = [
        &["--restarts=no"],
        &["-r", "F,3"],
        &["--restarts=x,5,1.5"],
        &["--restarts=L,2"],
        &["--restarts=D,100,0.7"],
        &["--restarts=D,3,0.5,2"],
    ];
    for policy in policies {
        let args: Vec<&str> = policy.iter().copied().chain(["0"]).collect();
        let got = run_minasp(&args, Some(QUEENS), SECS);
        assert_eq!(got.result, "SATISFIABLE", "{args:?}");
        assert_eq!(got.models.iter().cloned().collect::<BTreeSet<_>>(), want, "{args:?}");
        assert_eq!(got.models.len(), 4, "{args:?}: an answer repeated");
    }
    for preset in ["trendy", "handy", "frumpy", "jumpy", "crafty", "tweety"] {
        let arg = format!("--configuration={preset}");
        let got = run_minasp(&[&arg, "0"], Some(QUEENS), SECS);
        assert_eq!(got.models.iter().cloned().collect::<BTreeSet<_>>(), want, "{preset}");
    }
}

#[test]
fn dynamic_restarts_restart_and_the_presets_use_them() {
    let (result, conflicts, restarts) = stats(&["--restarts=D,50,0.8"], PIGEONS);
    assert_eq!(result, "UNSATISFIABLE");
    // a window of 50 clauses: at most one restart per 50 conflicts, and
    // the pigeons' clauses grow worse often enough for some
    assert!(conflicts > 500, "{conflicts} conflicts");
    assert!(restarts > 0 && restarts <= conflicts / 50, "{restarts} restarts in {conflicts} conflicts");
    // clasp's presets of these names restart dynamically (D,100,0.7):
    // the very same search
    let d = stats(&["--restarts=D,100,0.7"], PIGEONS);
    assert_eq!(stats(&["--configuration=trendy"], PIGEONS), d);
    assert_eq!(stats(&["--configuration=handy"], PIGEONS), d);
    // an option beside the preset wins
    assert_eq!(
        stats(&["--configuration=trendy", "--restarts=D,50,0.8"], PIGEONS),
        (result, conflicts, restarts)
    );
    assert_ne!(stats(&["--restarts=L,100"], PIGEONS), d);
}

#[test]
fn a_malformed_restart_policy_is_refused() {
    for bad in ["D,100", "D,0,0.7", "D,100,0", "D,100,0.7,x", "Q,5", "L"] {
        let arg = format!("--restarts={bad}");
        let out = run_command_input(&crate::support::minasp_argv(), &[arg], Some("a."), SECS);
        // clingo exits with 1 on a bad option value, and so does minasp
        assert_eq!(out.code, Some(1), "{bad}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("'{bad}'")), "{bad}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{bad}: printed {}", out.stdout);
    }
}

/// clasp's options in its presets `tweety` and `trendy` (`clingo --help=3`),
/// and the other tuning options minasp ignores, as a user writes them.
const TUNING: &[&str] = &[
    "--eq=3",
    "--fast-exit",
    "--keep-facts",
    "--trans-ext=dynamic",
    "--deletion=basic,50",
    "--del-max=2000000",
    "--del-estimate=1",
    "--del-cfl=+,2000,100,20",
    "--del-grow=0",
    "--del-glue=2,0",
    "--strengthen=recursive,all",
    "--otfs=2",
    "--score-other=all",
    "--score-other=auto",
    "--score-res=auto",
    "--update-lbd=less",
    "--save-progress=160",
    "--init-watches=least",
    "--local-restarts",
    "--loops=shared",
    "--sat-prepro=2,iter=20,occ=25,time=240",
    "--del-init=3.0,500,19500",
    "--del-grow=1.1,20.0,x,100,1.5",
    "--counter-restarts=3,1023",
    "--reverse-arcs=2",
    "--contraction=250",
    "--sign-def=asp",
    "--sign-fix",
    "--block-restarts=5000",
    "--lookahead=atom",
    "--opt-heuristic=sign",
    "--restart-on-model",
    "--backprop",
    "--no-gamma",
    "--partial-check=50",
    "--heuristic=Berkmin",
];

#[test]
fn clasps_tuning_options_run_unchanged_with_a_warning_each() {
    let plain = run_minasp(&["0"], Some(QUEENS), SECS);
    let mut args: Vec<&str> = TUNING.to_vec();
    args.push("0");
    let tuned = run_minasp(&args, Some(QUEENS), SECS);
    assert_eq!((tuned.result.as_str(), tuned.code), (plain.result.as_str(), plain.code));
    assert_eq!(tuned.models, plain.models, "the same search: the options are ignored");
    let warnings: Vec<&str> =
        tuned.stderr.lines().filter(|l| l.starts_with("*** Warn : (minasp): --")).collect();
    assert_eq!(warnings.len(), TUNING.len(), "{}", tuned.stderr);
    for (w, option) in warnings.iter().zip(TUNING) {
        assert!(
            w.contains(&format!("{option}: ")) && w.ends_with("ignored (the answers are the same)"),
            "{w}"
        );
    }
    // clingo 5.5's `--single-shot` (5.4 does not have it) likewise
    let once = run_minasp(&["--single-shot", "0"], Some(QUEENS), SECS);
    assert_eq!(once.models, plain.models);
    assert!(
        once.stderr.contains("--single-shot: clingo's, which minasp does not need: ignored"),
        "{}",
        once.stderr
    );
    // a value clasp refuses, or an option clasp does not negate
    for bad in ["--otfs=x", "--sign-def=up", "--init-moms=yes", "--del-cfl=y,100", "--no-eq-dfs"] {
        let out = run_command_input(&crate::support::minasp_argv(), &[bad.to_string()], Some("a."), SECS);
        assert_eq!(out.code, Some(1), "{bad}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{bad}: printed {}", out.stdout);
    }
    // clingo knows every one of them (the list above is clasp's, not made up)
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not installed: the tuning options not checked against clingo's");
        return;
    };
    for option in TUNING {
        let out = run_command_input(&clingo, &[option.to_string()], Some("a."), SECS);
        assert!(out.stdout.contains("SATISFIABLE"), "clingo refuses {option}: {}", out.stderr);
    }
    let out = run_command_input(&clingo, &["--no-eq-dfs".to_string()], Some("a."), SECS);
    assert!(!out.stdout.contains("SATISFIABLE"), "clingo accepts --no-eq-dfs");
}

/// All answers of the queens program under `args`, with the choices and
/// conflicts of the search (exit 30, no warnings).
fn queens_search(args: &[&str]) -> (BTreeSet<String>, u64, u64) {
    let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    all.extend(["--stats".to_string(), "0".to_string()]);
    let out = run_command_input(&crate::support::minasp_argv(), &all, Some(QUEENS), SECS);
    assert_eq!(out.code, Some(30), "{args:?}: {}", out.stderr);
    assert!(!out.stderr.contains("Warn"), "{args:?}: {}", out.stderr);
    let answers: BTreeSet<String> =
        out.stdout.lines().filter(|l| l.starts_with("at(")).map(String::from).collect();
    (answers, counter(&out.stdout, "Choices"), counter(&out.stdout, "Conflicts"))
}

/// `--init-moms` (clasp's initial scores from the binary clauses) is read,
/// not ignored: no warning, another search (6 queens: other choices), the
/// same answer sets; `--no-init-moms` after it is the default search again,
/// and a value is refused as clasp refuses it.
#[test]
fn init_moms_changes_the_search_not_the_answers() {
    let plain = queens_search(&[]);
    let moms = queens_search(&["--init-moms"]);
    assert_eq!(plain.0.len(), 4);
    assert_eq!(moms.0, plain.0);
    assert_ne!((moms.1, moms.2), (plain.1, plain.2), "--init-moms left the search as it was");
    assert_eq!(queens_search(&["--init-moms", "--no-init-moms"]), plain);
    assert_eq!(queens_search(&["--no-init-moms", "--init-moms"]), moms);
    let out =
        run_command_input(&crate::support::minasp_argv(), &["--init-moms=yes".to_string()], Some("a."), SECS);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
}

/// `--vsids-progress` (clasp's decay ramp) is read: it changes the search,
/// never the answers; `0` is the default; a bad value is refused.
#[test]
fn vsids_progress_changes_the_search_not_the_answers() {
    let plain = queens_search(&[]);
    let ramp = queens_search(&["--vsids-progress=1,1,1"]);
    assert_eq!(plain.0.len(), 4);
    assert_eq!(ramp.0, plain.0);
    assert_ne!((ramp.1, ramp.2), (plain.1, plain.2), "--vsids-progress left the search as it was");
    assert_eq!(queens_search(&["--vsids-progress=0"]), plain);
    for bad in ["--vsids-progress=85,0", "--vsids-progress=x"] {
        let out = run_command_input(&crate::support::minasp_argv(), &[bad.to_string()], Some("a."), SECS);
        assert_eq!(out.code, Some(1), "{bad}: {}", out.stderr);
    }
}

/// Every option of every preset clingo lists (`clingo --help=3`, "Default
/// configurations"), given at once as a user copies them — clasp's
/// abbreviations (`--save-p`, `--sat-p`) included — runs: the same answers,
/// minasp's own options read and the rest ignored with a warning each.
#[test]
fn every_option_of_clingos_presets_runs() {
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not installed: its presets' option lists not read");
        return;
    };
    let help = run_command_input(&clingo, &["--help=3".to_string()], None, SECS).stdout;
    let mut presets: Vec<(String, Vec<String>)> = Vec::new();
    for line in help.lines().skip_while(|l| !l.starts_with("Default configurations:")).skip(1) {
        if line.trim().is_empty() {
            break;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix("]:")) {
            presets.push((name.to_string(), Vec::new()));
        } else if let Some((_, options)) = presets.last_mut() {
            options.extend(line.split_whitespace().filter(|t| t.starts_with("--")).map(String::from));
        }
    }
    assert!(
        presets.len() >= 6 && presets.iter().all(|(_, o)| o.len() >= 10),
        "clingo --help=3 read as {presets:?}"
    );
    let want: BTreeSet<_> = run_minasp(&["0"], Some(QUEENS), SECS).models.into_iter().collect();
    for (name, options) in presets {
        let mut args: Vec<&str> = options.iter().map(String::as_str).collect();
        args.push("0");
        let got = run_minasp(&args, Some(QUEENS), SECS);
        assert_eq!((got.result.as_str(), got.code), ("SATISFIABLE", Some(30)), "{name}: {}", got.stderr);
        assert_eq!(got.models.iter().cloned().collect::<BTreeSet<_>>(), want, "{name}");
        let warned = got.stderr.lines().filter(|l| l.starts_with("*** Warn : (minasp): --")).count();
        // minasp reads --heuristic=Vsids[,n], --restarts and --init-moms itself
        let own = options
            .iter()
            .filter(|o| {
                o.starts_with("--restarts") || o.starts_with("--heuristic=Vsids") || *o == "--init-moms"
            })
            .count();
        assert_eq!(warned, options.len() - own, "{name}: {}", got.stderr);
    }
}

/// clasp's `--solve-limit=<n>[,<m>]`: the search stops after `n`
/// conflicts (or `m` restarts) with the result clasp gives there —
/// UNKNOWN and exit 0 before any answer, the answers so far with `N+` and
/// exit 10 after some — and no stop reported; a malformed limit is refused.
#[test]
fn solve_limit_stops_the_search_as_clasp() {
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).chain(["--stats".to_string()]).collect();
        run_command_input(&crate::support::minasp_argv(), &args, Some(PIGEONS), SECS)
    };
    let out = run(&["--solve-limit=100"]);
    assert!(out.stdout.lines().any(|l| l == "UNKNOWN"), "{}", out.stdout);
    assert_eq!((counter(&out.stdout, "Conflicts"), out.code), (100, Some(0)), "{}", out.stdout);
    assert!(!out.stdout.contains("INTERRUPTED"), "{}", out.stdout);
    let out = run(&["--solve-limit=100000,1", "--restarts=F,10"]);
    assert!(out.stdout.lines().any(|l| l == "UNKNOWN"), "{}", out.stdout);
    assert_eq!(counter(&out.stdout, "Restarts"), 1, "{}", out.stdout);
    // a limit of 0 stops before the first answer
    let none = run_minasp(&["--solve-limit=0", "0"], Some("{ a; b }."), SECS);
    assert_eq!((none.result.as_str(), none.models.len(), none.code), ("UNKNOWN", 0, Some(0)));
    // answers found before the limit are printed, more possible: over
    // limits from 0 to past the whole enumeration, each run is UNKNOWN
    // with none (exit 0), some of the 4 queens answers with `+` (exit 10)
    // or all 4 (exit 30), and some limit falls between answers
    let mut partial = false;
    for limit in (0..=200).step_by(4) {
        let arg = format!("--solve-limit={limit}");
        let got = run_minasp(&[&arg, "0"], Some(QUEENS), SECS);
        match (got.result.as_str(), got.models.len(), got.code) {
            ("UNKNOWN", 0, Some(0)) | ("SATISFIABLE", 4, Some(30)) => {}
            ("SATISFIABLE", 1..=3, Some(10)) => partial = true,
            other => panic!("{arg}: {other:?}"),
        }
    }
    assert!(partial, "no limit stopped between answers");
    // clasp's `umax` is no limit (clingo's default, `umax,umax`)
    for arg in ["--solve-limit=umax,umax", "--solve-limit=umax", "--solve-limit=umax,5000"] {
        let got = run_minasp(&[arg, "0"], Some(QUEENS), SECS);
        assert_eq!((got.result.as_str(), got.models.len(), got.code), ("SATISFIABLE", 4, Some(30)), "{arg}");
    }
    let bad = vec!["--solve-limit=x".to_string()];
    let out = run_command_input(&crate::support::minasp_argv(), &bad, Some("a."), SECS);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
}

/// `-q` counts the answer sets without reading their atoms (see
/// `Solve::without_atoms`): the counts, result words, last costs and exit
/// codes are clingo's, for plain enumeration with and without a limit,
/// projection, consequences, optimisation, a disjunctive program whose
/// candidates need the minimality check, domain-recorded enumeration and
/// two threads.
#[test]
fn quiet_counts_what_clingo_counts() {
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not found: the counts under -q were not checked against it");
        return;
    };
    // sequences of up to two of four words split in two: 5,040 answer
    // sets, most atoms derived (from a program of the fifth corpus)
    let split = "sequence(0,nil).\n{sequence(N+1,seq(W,S))} 1 :- sequence(N,S), word(W), N < 2.\n\
                 word(w(1..4)).\nsequence(S) :- sequence(_, S).\nsplit(nil, nil, nil).\n\
                 split(seq(W, Rest), seq(W, Seq1), Seq2) :- word(W), sequence(Rest), split(Rest, Seq1, Seq2).\n\
                 split(S, nil, S) :- sequence(S).\n";
    let optimise = format!("{QUEENS}#minimize {{ Y,X : at(X,Y), X < 3 }}.\n");
    let disjunctive =
        "a(1..3). p(X) | q(X) :- a(X). p(X) :- q(X), a(Y), Y != X, p(Y). q(X) :- p(X), not r(X), a(X).\n\
                       r(2).\n";
    // (the number of answer sets printed on the way to the consequences
    // or to the optimum is the search's own: counted for enumeration only)
    let cases: [(&str, &[&str], bool); 12] = [
        (split, &["-n", "0"], true),
        (split, &["-n", "7"], true),
        (split, &["-n", "0", "--project"], true),
        (split, &["-n", "0", "-e", "brave"], false),
        (split, &["-n", "0", "-e", "cautious"], false),
        (split, &["-n", "0", "--enum-mode=domRec"], true),
        (split, &["-n", "0", "-t", "2"], true),
        (QUEENS, &["-n", "0"], true),
        (&optimise, &["-n", "0"], false),
        (&optimise, &["-n", "0", "--opt-mode=optN"], false),
        (disjunctive, &["-n", "0"], true),
        (PIGEONS, &["-n", "0"], true),
    ];
    let summary = |out: &str, counted: bool| -> Vec<String> {
        out.lines()
            .filter(|l| {
                l.ends_with("SATISFIABLE")
                    || l.starts_with("OPTIMUM")
                    || l.starts_with("Optimization")
                    || (counted && l.starts_with("Models"))
                    || l.starts_with("  Optimum")
                    || l.starts_with("Consequences")
            })
            .map(str::to_string)
            .collect()
    };
    for (program, args, counted) in cases {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.push("-q".into());
        let ours = run_command_input(&crate::support::minasp_argv(), &all, Some(program), SECS);
        let theirs = run_command_input(&clingo, &all, Some(program), SECS);
        assert!(!ours.timed_out && !theirs.timed_out, "{args:?}");
        let mine = summary(&ours.stdout, counted);
        let result = |l: &String| l.ends_with("SATISFIABLE") || l.starts_with("OPTIMUM");
        assert!(mine.iter().any(result), "{args:?}: {}{}", ours.stdout, ours.stderr);
        assert_eq!(mine, summary(&theirs.stdout, counted), "{args:?} on\n{program}");
        assert_eq!(ours.code, theirs.code, "{args:?}");
    }
}

/// Brave and cautious consequences (`-e brave|cautious`) as clingo reports
/// them: the final set, the summary's `Consequences : N` (complete: the
/// number of consequences, not the lower bound), and under
/// `--opt-mode=optN` the consequences of the optimal answer sets only (the
/// converging ones printed as they are); where the search's root settles
/// atoms (`:- not b.`, `:- a.`) the bounds of the last answer set too.
#[test]
fn consequences_match_clingo() {
    let Some(clingo) = clingo_command() else {
        skip_or_fail("clingo not found: the consequences were not checked against it");
        return;
    };
    let settled = "{b;c;d}.\n:- not b.\n:- c, d.\n";
    let brave_settled = "{a;b;c}.\n:- a.\n";
    let optimise = "node(1..3). edge(2,3).\nin(X) :- node(X), not out(X).\nout(X) :- node(X), not in(X).\n\
                    :- in(X), in(Y), X < Y, not edge(X,Y).\n:~ out(X). [1,X]\n#show in/1. #show out/1.\n";
    // (program, arguments, whether the last answer set's bounds are the search's own)
    let cases: [(&str, &[&str], bool); 10] = [
        (settled, &["-e", "cautious"], true),
        (settled, &["-e", "brave"], true),
        (brave_settled, &["-e", "brave"], true),
        (brave_settled, &["-e", "cautious"], true),
        (QUEENS, &["-e", "brave"], false),
        (QUEENS, &["-e", "cautious"], false),
        (optimise, &["-e", "brave", "--opt-mode=optN"], false),
        (optimise, &["-e", "cautious", "--opt-mode=optN"], false),
        (settled, &["-e", "cautious", "-q"], false),
        (optimise, &["-e", "cautious", "--opt-mode=optN", "-q"], false),
    ];
    let digest = |out: &str, bounds: bool| -> Vec<String> {
        let lines: Vec<&str> = out.lines().collect();
        let mut d: Vec<String> = lines
            .iter()
            .filter(|l| {
                l.ends_with("SATISFIABLE")
                    || l.starts_with("OPTIMUM")
                    || l.starts_with("Consequences :")
                    || l.starts_with("  Brave")
                    || l.starts_with("  Cautious")
                    || l.starts_with("Optimization :")
            })
            .map(|l| l.to_string())
            .collect();
        // the last answer set (the consequences), atoms sorted
        if let Some(i) = lines.iter().rposition(|l| l.starts_with("Answer:")) {
            let mut atoms: Vec<&str> = lines[i + 1].split_whitespace().collect();
            atoms.sort();
            d.push(atoms.join(" "));
            if bounds {
                d.extend(
                    lines[i + 2..].iter().find(|l| l.starts_with("Consequences:")).map(|l| l.to_string()),
                );
            }
        }
        d
    };
    for (program, args, bounds) in cases {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.push("0".into());
        let ours = run_command_input(&crate::support::minasp_argv(), &all, Some(program), SECS);
        let theirs = run_command_input(&clingo, &all, Some(program), SECS);
        assert!(!ours.timed_out && !theirs.timed_out, "{args:?}");
        let mine = digest(&ours.stdout, bounds);
        assert!(
            mine.iter().any(|l| l.starts_with("Consequences :")),
            "{args:?}: {}{}",
            ours.stdout,
            ours.stderr
        );
        assert_eq!(mine, digest(&theirs.stdout, bounds), "{args:?} on\n{program}\n{}", ours.stdout);
        assert_eq!(ours.code, theirs.code, "{args:?}");
    }
}

/// Option values with blanks around them, as clasp reads them: `--models=
/// 3`, `-t 2` and `-c n=3` given as one argument each (as a script's
/// `Control(["-t 2"])` passes them; found by corpus 9), the same run as
/// without the blanks.
#[test]
fn option_values_with_blanks_read_as_clingo_reads_them() {
    let dir = std::env::temp_dir().join(format!("minasp_blank_values_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.lp");
    std::fs::write(&file, "#const n = 1. { p(1..n) }.").unwrap();
    let run = |args: &[&str]| {
        let out =
            std::process::Command::new(env!("CARGO_BIN_EXE_minasp")).arg(&file).args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let line = |p: &str| text.lines().find(|l| l.starts_with(p)).map(str::to_string);
        // (which search of `-t 2` wins varies)
        let threads = line("Threads").map(|l| l.split('(').next().unwrap_or("").trim_end().to_string());
        (out.status.code(), line("Models"), threads)
    };
    assert_eq!(run(&["--models= 3", "-c n=3"]), run(&["--models=3", "-c", "n=3"]));
    assert_eq!(run(&["--models= 3", "-c n=3"]).1.as_deref(), Some("Models       : 3+"));
    assert_eq!(run(&["-t 2", "0"]), run(&["-t", "2", "0"]));
    assert_eq!(run(&["-t 2", "0"]).2.as_deref(), Some("Threads      : 2"));
    std::fs::remove_dir_all(&dir).ok();
}
