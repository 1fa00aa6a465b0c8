//! clasp's search-tuning options that minasp has no counterpart for
//! (`--eq=3`, `--sign-fix`, `--deletion=basic,50`, ..., and the decision
//! heuristics `--heuristic=Berkmin|Vmtf|Unit|None`): a clingo command
//! line that passes them runs unchanged, with one warning per option
//! saying it was ignored. They are taken out of the arguments before the
//! rest are parsed; a value clasp would refuse (`--otfs=x`,
//! `--sign-def=up`) is refused here too, with clingo's exit code 1.
//!
//! Invariant: every option listed changes only how clasp searches or
//! preprocesses, never which answer sets, costs or consequences it
//! reports — so ignoring it cannot change what minasp prints on stdout.

/// The values an option takes.
#[derive(Clone, Copy)]
enum Takes {
    /// A flag, taking no value; `negatable`: `--no-<name>` too.
    Flag { negatable: bool },
    /// A value whose first comma-separated part is one of these words or a
    /// number (when `numbers`), the rest free.
    Value { words: &'static [&'static str], numbers: bool, optional: bool },
}

const fn words(words: &'static [&'static str]) -> Takes {
    Takes::Value { words, numbers: false, optional: false }
}

const fn number(words: &'static [&'static str]) -> Takes {
    Takes::Value { words, numbers: true, optional: false }
}

const fn optional(words: &'static [&'static str]) -> Takes {
    Takes::Value { words, numbers: true, optional: true }
}

const FLAG: Takes = Takes::Flag { negatable: false };
const FLAG_OR_NO: Takes = Takes::Flag { negatable: true };

/// Schedules as clasp spells them (`--del-cfl=+,2000,100`, `--del-grow=...,x,100,1.5`).
const SCHEDULES: &[&str] = &["F", "L", "x", "+", "D", "f", "l", "no", "0"];

/// clasp 3's search and preprocessing tuning options (`clasp --help=3`).
const OPTIONS: &[(&str, Takes)] = &[
    // decisions and signs
    ("sign-fix", FLAG_OR_NO),
    ("sign-def", number(&["asp", "pos", "neg", "rnd", "no"])),
    ("sign-def-disj", number(&["asp", "pos", "neg", "rnd", "no"])),
    ("save-progress", optional(&[])),
    ("score-other", number(&["auto", "no", "loop", "all"])),
    ("score-res", number(&["auto", "min", "set", "multiset"])),
    ("init-watches", number(&["rnd", "first", "least"])),
    ("rand-prob", optional(&["no"])),
    ("lookahead", Takes::Value { words: &["atom", "body", "hybrid", "no"], numbers: false, optional: true }),
    ("opt-heuristic", number(&["sign", "model", "no"])),
    // restarts beside the policy
    ("local-restarts", FLAG_OR_NO),
    ("restart-on-model", FLAG_OR_NO),
    ("block-restarts", number(&["no"])),
    ("counter-restarts", number(&["no"])),
    ("reset-restarts", number(&["no", "repeat", "disable"])),
    // learning and deletion
    ("deletion", number(&["basic", "sort", "ipSort", "ipHeap", "no"])),
    ("del-max", number(&["no"])),
    ("del-init", number(&[])),
    ("del-grow", number(&["no"])),
    ("del-cfl", words(SCHEDULES)),
    ("del-glue", number(&[])),
    ("del-on-restart", number(&[])),
    ("del-estimate", number(&[])),
    ("strengthen", number(&["local", "recursive", "no"])),
    ("otfs", number(&[])),
    ("update-lbd", number(&["no", "less", "glucose", "pseudo"])),
    ("update-act", FLAG),
    ("reverse-arcs", optional(&[])),
    ("contraction", number(&["no"])),
    ("loops", number(&["common", "distinct", "shared", "no"])),
    ("learn-explicit", FLAG),
    ("partial-check", optional(&["no"])),
    ("opt-usc-shrink", number(&["lin", "inv", "bin", "rgs", "exp", "min", "no"])),
    // preprocessing
    ("eq", number(&["no"])),
    ("eq-dfs", FLAG),
    ("backprop", FLAG_OR_NO),
    ("no-gamma", FLAG),
    ("trans-ext", number(&["all", "choice", "card", "weight", "integ", "dynamic", "no"])),
    ("sat-prepro", optional(&["yes", "no"])),
    // clingo's own, which never change an answer either (`CLINGOS`)
    ("single-shot", FLAG),
    ("fast-exit", FLAG),
    ("keep-facts", FLAG),
];

/// Options of clingo's rather than clasp's: a hint that the program is
/// solved once, an exit without clean-up, and gringo's keeping facts in
/// the rules it writes.
const CLINGOS: &[&str] = &["single-shot", "fast-exit", "keep-facts"];

/// clasp's decision heuristics besides Vsids and Domain (`--heuristic=Berkmin,...`).
const OTHER_HEURISTICS: &[&str] = &["Berkmin", "Vmtf", "Unit", "None"];

/// The option `name` stands for: itself, or — as clasp reads unambiguous
/// prefixes (`--save-p=75`, `--sat-p=2` in its presets) — the one tuning
/// option it begins, when it begins no other and none of `own`
/// (minasp's own long options).
fn lookup(name: &str, own: &[&str]) -> Option<(&'static str, Takes)> {
    if let Some(&found) = OPTIONS.iter().find(|(n, _)| *n == name) {
        return Some(found);
    }
    let mut begun = OPTIONS.iter().filter(|(n, _)| n.starts_with(name));
    match (begun.next(), begun.next()) {
        (Some(&found), None) if !own.iter().any(|o| o.starts_with(name)) => Some(found),
        _ => None,
    }
}

/// The tuning options in `args` (the first is the program name), taken
/// out: the remaining arguments, and one warning per option taken. `own`:
/// minasp's long option names (a prefix of one of them is not taken).
pub fn take(args: Vec<String>, own: &[&str]) -> Result<(Vec<String>, Vec<String>), String> {
    let mut rest = Vec::with_capacity(args.len());
    let mut warnings = Vec::new();
    let mut it = args.into_iter().peekable();
    rest.extend(it.next());
    while let Some(arg) = it.next() {
        if arg == "--" {
            rest.push(arg);
            rest.extend(it.by_ref());
            break;
        }
        let Some(body) = arg.strip_prefix("--") else {
            rest.push(arg);
            continue;
        };
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        if name == "heuristic" {
            // clasp's other heuristics: minasp decides with Vsids (or Domain)
            let given = value.clone().or_else(|| it.peek().cloned());
            if let Some(v) = given.filter(|v| OTHER_HEURISTICS.contains(&v.split(',').next().unwrap_or(""))) {
                if value.is_none() {
                    it.next();
                }
                warnings.push(format!(
                    "--heuristic={v}: clasp's heuristic, which minasp does not have (it decides with Vsids): ignored (the answers are the same)"
                ));
                continue;
            }
        }
        let negated = name.strip_prefix("no-");
        let found = lookup(name, own).or_else(|| {
            negated.and_then(|n| lookup(n, own)).filter(|(_, t)| matches!(t, Takes::Flag { negatable: true }))
        });
        let Some((option, takes)) = found else {
            rest.push(arg);
            continue;
        };
        let shown = match takes {
            Takes::Flag { .. } => {
                if value.is_some() {
                    return Err(format!("'{option}' does not take a value"));
                }
                arg.clone()
            }
            Takes::Value { words, numbers, optional } => {
                let value = match value {
                    Some(v) => v,
                    None if optional => String::new(),
                    None => match it.next() {
                        Some(v) if !v.starts_with("--") => v,
                        _ => return Err(format!("'--{option}': a value is expected")),
                    },
                };
                let first = value.split(',').next().unwrap_or("");
                let ok = (optional && value.is_empty())
                    || words.contains(&first)
                    || (numbers && first.parse::<f64>().is_ok_and(f64::is_finite));
                if !ok {
                    return Err(format!("'{value}': invalid value for: '{option}'"));
                }
                if value.is_empty() {
                    format!("--{option}")
                } else {
                    format!("--{option}={value}")
                }
            }
        };
        let what = if CLINGOS.contains(&option) {
            "clingo's, which minasp does not need"
        } else {
            "clasp's search tuning, which minasp does not have"
        };
        warnings.push(format!("{shown}: {what}: ignored (the answers are the same)"));
    }
    Ok((rest, warnings))
}

#[cfg(test)]
mod tests {
    use super::take;

    fn take_(args: Vec<String>) -> Result<(Vec<String>, Vec<String>), String> {
        take(args, &["restarts", "stats", "heuristic", "opt-strategy"])
    }

    fn args(list: &[&str]) -> Vec<String> {
        std::iter::once("minasp").chain(list.iter().copied()).map(String::from).collect()
    }

    #[test]
    fn tuning_options_are_taken_out_with_a_warning_each() {
        let (rest, warnings) = take_(args(&[
            "f.lp",
            "--eq=3",
            "--sign-fix",
            "--no-sign-fix",
            "--deletion",
            "basic,50",
            "--del-cfl=+,2000,100,20",
            "--save-progress",
            "--save-progress=160",
            "--sign-def=asp",
            "-n",
            "0",
            "--stats",
            "--sat-prepro=2,iter=20,occ=25,time=240",
        ]))
        .unwrap();
        assert_eq!(rest, args(&["f.lp", "-n", "0", "--stats"]));
        assert_eq!(warnings.len(), 9);
        assert!(warnings[3].starts_with("--deletion=basic,50: "), "{}", warnings[3]);
        assert!(warnings[5].starts_with("--save-progress: "), "{}", warnings[5]);
        // clasp's other heuristics, in both spellings; Vsids and Domain stay
        let (rest, warnings) = take_(args(&[
            "--heuristic=Berkmin,256",
            "--heuristic",
            "Vmtf",
            "--heuristic=Domain",
            "--heuristic",
            "Vsids",
        ]))
        .unwrap();
        assert_eq!(rest, args(&["--heuristic=Domain", "--heuristic", "Vsids"]));
        assert!(
            warnings[0].starts_with("--heuristic=Berkmin,256: ")
                && warnings[1].starts_with("--heuristic=Vmtf: ")
        );
        // unambiguous prefixes, as clasp reads them; not one that begins
        // two tuning options, or one of minasp's own
        let (rest, warnings) =
            take_(args(&["--save-p=75", "--sat-p=2", "--no-sign-f", "--del", "--rest", "--lo=x"])).unwrap();
        assert_eq!(rest, args(&["--del", "--rest", "--lo=x"]));
        assert!(
            warnings[0].starts_with("--save-progress=75: ") && warnings[1].starts_with("--sat-prepro=2: ")
        );
        assert!(warnings[2].starts_with("--no-sign-f: "), "{}", warnings[2]);
        // after `--` nothing is an option
        let (rest, warnings) = take_(args(&["--", "--eq=3"])).unwrap();
        assert_eq!((rest, warnings.len()), (args(&["--", "--eq=3"]), 0));
        // options minasp reads, unknown ones, and `--no-` before an option
        // clasp does not negate are left for the parser (which refuses them)
        let keep = ["--restarts=L,60", "--foo=1", "--heuristic=Vsids", "--no-eq-dfs", "--no-eq", "--gamma"];
        let (rest, warnings) = take_(args(&keep)).unwrap();
        assert_eq!((rest, warnings.len()), (args(&keep), 0));
        let (rest, warnings) = take_(args(&["--no-gamma", "--no-backprop", "--eq-dfs"])).unwrap();
        assert_eq!((rest, warnings.len()), (args(&[]), 3));
    }

    #[test]
    fn values_clasp_refuses_are_refused() {
        for bad in [
            &["--otfs=x"][..],
            &["--sign-def=up"],
            &["--sign-fix=yes"],
            &["--reset-restarts"],
            &["--eq"],
            &["--eq", "--stats"],
            &["--del-cfl=y,100"],
            &["--trans-ext=nan"],
        ] {
            let e = take_(args(bad)).unwrap_err();
            assert!(e.contains("invalid value") || e.contains("value"), "{bad:?}: {e}");
        }
    }
}
