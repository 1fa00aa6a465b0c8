//! The seed problems end to end through the CLI, answers validated by the
//! checkers (any valid answer is accepted) and, for peg solitaire, counted.
//!
//! Programs from `../shared/programs` are skipped loudly when that folder is
//! absent; the repository's own `programs/` always run.

use crate::checkers::{check_peg, check_solitaire, facts};
use crate::support::{parse_output, run_command, shared_dir, skip_or_fail};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

fn minasp(args: &[&str]) -> (Vec<BTreeSet<String>>, String, Option<i32>) {
    let bin = vec![env!("CARGO_BIN_EXE_minasp").to_string()];
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let out = run_command(&bin, &args, Duration::from_secs(120));
    assert!(!out.timed_out, "minasp {:?} timed out", args);
    let parsed = parse_output(&out.stdout).unwrap_or_else(|e| panic!("{}: {}", e, out.stdout));
    let models = parsed
        .models
        .into_iter()
        .map(|m| m.into_iter().collect())
        .collect();
    (models, parsed.result.unwrap_or_default(), out.code)
}

fn repo(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(p)
        .to_string_lossy()
        .into_owned()
}

fn read(p: &str) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {}", p, e))
}

/// programs/peg: every answer is a valid game, and the counts are the ones
/// clingo 5.8.3 gives for this encoding (1, 1, 2).
#[test]
fn peg_programs_give_valid_games() {
    for (board, count) in [("simple4", 1), ("simple5", 1), ("pinwheel", 2)] {
        let b = repo(&format!("programs/peg/{}.lp", board));
        let (models, result, code) = minasp(&[&repo("programs/peg/peg.lp"), &b, "0"]);
        assert_eq!(result, "SATISFIABLE");
        assert_eq!(code, Some(30));
        assert_eq!(models.len(), count, "{}", board);
        for m in &models {
            check_peg(&facts(&read(&b)), m).unwrap_or_else(|e| panic!("{}: {}: {:?}", board, e, m));
        }
    }
}

fn shared(p: &str) -> Option<String> {
    match shared_dir() {
        Some(d) => Some(d.join(p).to_string_lossy().into_owned()),
        None => {
            skip_or_fail("../shared is absent: seed programs from shared/ not run");
            None
        }
    }
}

/// The seed's peg encoding on the pinwheel prints the seed document's two
/// answers (moves at steps 0..5), which clingo also gives.
#[test]
fn seed_peg_encoding_on_pinwheel_gives_the_two_answers_of_the_seed() {
    let (Some(enc), Some(board)) = (
        shared("programs/peg/peg_solitaire.lp"),
        shared("programs/peg/pinwheel_board.lp"),
    ) else {
        return;
    };
    let (models, _, code) = minasp(&[&enc, &board, "--models", "0"]);
    assert_eq!(code, Some(30));
    assert_eq!(models.len(), 2);
    // The first jump of both answers in the seed: moves(cell(3,2),cell(2,2),cell(1,2),0).
    for m in &models {
        assert!(
            m.contains("moves(cell(3,2),cell(2,2),cell(1,2),0)"),
            "{:?}",
            m
        );
        assert_eq!(m.len(), 6);
    }
}

fn solitaire(instance: &str, steps: i64) {
    let (Some(enc), Some(inst)) = (
        shared("programs/solitaire/solitaire.clingo5.lp"),
        shared(instance),
    ) else {
        return;
    };
    let (models, result, code) = minasp(&[&enc, &inst]);
    assert_eq!(result, "SATISFIABLE", "{}", instance);
    assert_eq!(code, Some(10));
    assert_eq!(models.len(), 1);
    check_solitaire(&facts(&read(&inst)), &models[0], steps)
        .unwrap_or_else(|e| panic!("{}: {}", instance, e));
}

#[test]
fn solitaire_seed_instance_24_moves() {
    solitaire("programs/solitaire/seed_instance_24.lp", 24);
}

#[test]
fn solitaire_full_board_28_moves() {
    solitaire("programs/solitaire/full_board_28.lp", 28);
}
