//! The seed problems end to end through the CLI, answers validated by the
//! checkers (any valid answer is accepted) and, for peg solitaire, counted.
//!
//! Programs from `../shared/programs` are skipped loudly when that folder is
//! absent; the repository's own `programs/` always run.

use crate::checkers::{check_peg, check_solitaire, facts};
use crate::support::{parse_output, run_command, run_minasp, shared_dir, skip_or_fail};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

fn minasp(args: &[&str]) -> (Vec<BTreeSet<String>>, String, Option<i32>) {
    let a = run_minasp(args, None, Duration::from_secs(120));
    (a.models, a.result, a.code)
}

fn repo(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p).to_string_lossy().into_owned()
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
    let (Some(enc), Some(board)) =
        (shared("programs/peg/peg_solitaire.lp"), shared("programs/peg/pinwheel_board.lp"))
    else {
        return;
    };
    let (models, _, code) = minasp(&[&enc, &board, "--models", "0"]);
    assert_eq!(code, Some(30));
    assert_eq!(models.len(), 2);
    // The first jump of both answers in the seed: moves(cell(3,2),cell(2,2),cell(1,2),0).
    for m in &models {
        assert!(m.contains("moves(cell(3,2),cell(2,2),cell(1,2),0)"), "{:?}", m);
        assert_eq!(m.len(), 6);
    }
}

fn solitaire(instance: &str, steps: i64) {
    let (Some(enc), Some(inst)) = (shared("programs/solitaire/solitaire.clingo5.lp"), shared(instance))
    else {
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

/// Writes `dir/name` with one integrity constraint `:- not a.` per atom
/// `a` (every answer then contains them all); its path.
fn forcing<'a>(dir: &Path, name: &str, atoms: impl IntoIterator<Item = &'a str>) -> String {
    let path = dir.join(name);
    let text: String = atoms.into_iter().map(|a| format!(":- not {}.\n", a)).collect();
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// The move list seed 001 prints for its 24-move instance (with full(5,7)).
const SEED_001_MOVES: &str = "move(1,right,2,4) move(2,left,5,4) move(3,up,5,6) move(4,left,7,5) move(5,right,4,5) \
    move(6,left,6,4) move(7,down,4,3) move(8,right,2,3) move(9,down,4,2) move(10,down,5,2) move(11,up,4,5) \
    move(12,up,4,7) move(13,right,3,5) move(14,down,5,4) move(15,up,3,7) move(16,down,3,4) move(17,left,7,3) \
    move(18,up,5,7) move(19,left,6,5) move(20,right,4,3) move(21,down,3,1) move(22,right,1,5) move(23,right,3,5) \
    move(24,left,5,1)";

/// The competition encoding itself (gringo 3 dialect, `#hide`), unchanged:
/// a valid 24-move plan; and with full(5,7) the seed's own plan is an
/// answer (forcing its moves leaves the program satisfiable, and the
/// forced answer replays on the board).
#[test]
fn gringo3_competition_solitaire_runs_unchanged() {
    let (Some(enc), Some(inst), Some(inst57)) = (
        shared("programs/solitaire/solitaire_decision.gringo"),
        shared("programs/solitaire/seed_instance_24.lp"),
        shared("programs/solitaire/seed_instance_24_full57.lp"),
    ) else {
        return;
    };
    let (models, result, _) = minasp(&[&enc, &inst]);
    assert_eq!(result, "SATISFIABLE");
    check_solitaire(&facts(&read(&inst)), &models[0], 24).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let force = forcing(dir.path(), "force.lp", SEED_001_MOVES.split_whitespace());
    let (models, result, _) = minasp(&[&enc, &inst57, &force, "--dialect", "gringo3"]);
    assert_eq!(result, "SATISFIABLE", "the seed's own plan is not an answer");
    let want: BTreeSet<String> = SEED_001_MOVES.split_whitespace().map(str::to_string).collect();
    let moves: BTreeSet<String> = models[0].iter().filter(|a| a.starts_with("move(")).cloned().collect();
    assert_eq!(moves, want);
    check_solitaire(&facts(&read(&inst57)), &models[0], 24).unwrap();
}

/// A plan of the English board (`english_board.lp`, 31 jumps to one peg):
/// the one `minasp -t 2` found in 1,191 s on 2026-11-29 (bench/results.md,
/// "The frontier"), which clingo 5.4.1 also accepts.
const ENGLISH_PLAN: &str = "moves(cell(6,4),cell(5,4),cell(4,4),0) moves(cell(5,2),cell(5,3),cell(5,4),1) \
    moves(cell(3,2),cell(4,2),cell(5,2),2) moves(cell(3,4),cell(3,3),cell(3,2),3) \
    moves(cell(1,3),cell(2,3),cell(3,3),4) moves(cell(4,3),cell(3,3),cell(2,3),5) \
    moves(cell(4,5),cell(4,4),cell(4,3),6) moves(cell(7,3),cell(6,3),cell(5,3),7) \
    moves(cell(6,5),cell(5,5),cell(4,5),8) moves(cell(1,5),cell(1,4),cell(1,3),9) \
    moves(cell(3,1),cell(3,2),cell(3,3),10) moves(cell(3,6),cell(3,5),cell(3,4),11) \
    moves(cell(3,4),cell(3,3),cell(3,2),12) moves(cell(1,3),cell(2,3),cell(3,3),13) \
    moves(cell(4,3),cell(5,3),cell(6,3),14) moves(cell(5,1),cell(4,1),cell(3,1),15) \
    moves(cell(5,7),cell(5,6),cell(5,5),16) moves(cell(5,4),cell(5,5),cell(5,6),17) \
    moves(cell(3,7),cell(4,7),cell(5,7),18) moves(cell(2,5),cell(2,4),cell(2,3),19) \
    moves(cell(2,3),cell(3,3),cell(4,3),20) moves(cell(3,1),cell(3,2),cell(3,3),21) \
    moves(cell(3,3),cell(4,3),cell(5,3),22) moves(cell(5,2),cell(5,3),cell(5,4),23) \
    moves(cell(7,5),cell(7,4),cell(7,3),24) moves(cell(7,3),cell(6,3),cell(5,3),25) \
    moves(cell(5,7),cell(5,6),cell(5,5),26) moves(cell(4,5),cell(5,5),cell(6,5),27) \
    moves(cell(5,3),cell(5,4),cell(5,5),28) moves(cell(6,5),cell(5,5),cell(4,5),29) \
    moves(cell(4,6),cell(4,5),cell(4,4),30)";

/// The frontier's English board: the plan minasp found is an answer of the
/// seed's encoding (forcing its jumps leaves the program satisfiable, with
/// exactly those jumps), and the same jumps in another order are not (the
/// first jump made last: clingo says unsatisfiable too).
#[test]
fn the_english_board_plan_minasp_found_is_an_answer() {
    let (Some(enc), Some(board)) =
        (shared("programs/peg/peg_solitaire.lp"), shared("programs/peg/english_board.lp"))
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let plan: Vec<String> = ENGLISH_PLAN.split_whitespace().map(str::to_string).collect();
    assert_eq!(plan.len(), 31);
    let (models, result, code) =
        minasp(&[&enc, &board, &forcing(dir.path(), "plan.lp", plan.iter().map(String::as_str))]);
    assert_eq!(result, "SATISFIABLE");
    // the forced jumps leave no choice: the search is exhausted (clingo: 30 too)
    assert_eq!(code, Some(30));
    let want: BTreeSet<String> = plan.iter().cloned().collect();
    assert_eq!(models[0], want);
    // the first jump at the last step, every other one a step earlier
    let step = |m: &str, t: usize| format!("{},{})", &m[..m.rfind(',').unwrap()], t);
    let mut reordered: Vec<String> = plan[1..].iter().enumerate().map(|(t, m)| step(m, t)).collect();
    reordered.push(step(&plan[0], 30));
    let (_, result, code) =
        minasp(&[&enc, &board, &forcing(dir.path(), "reordered.lp", reordered.iter().map(String::as_str))]);
    assert_eq!(result, "UNSATISFIABLE");
    assert_eq!(code, Some(20));
}

/// The seed's Lunar Lockout encoding (gringo 3), unchanged: exactly the
/// seed's answer at 2 turns, none at 1, and at 2 and 3 turns the same answer
/// sets as its clingo 5 translation under clingo (1 and 12 answers).
#[test]
fn gringo3_lunar_lockout_runs_unchanged() {
    let (Some(enc), Some(inst), Some(c5)) = (
        shared("programs/lunar/lunar.lp"),
        shared("programs/lunar/advsolitaire1.lp"),
        shared("programs/lunar/lunar.clingo5.lp"),
    ) else {
        return;
    };
    let (models, _, code) = minasp(&[&enc, &inst, "-c", "maxturns=2", "0"]);
    assert_eq!(code, Some(30));
    let want: BTreeSet<String> = ["move(1,4,0,-2)", "move(2,x,0,0)"].iter().map(|s| s.to_string()).collect();
    assert_eq!(models, vec![want]);
    let (models, result, code) = minasp(&[&enc, &inst, "-c", "maxturns=1", "0"]);
    assert_eq!((models.len(), result.as_str(), code), (0, "UNSATISFIABLE", Some(20)));
    if crate::support::clingo_available().is_err() {
        skip_or_fail("clingo is not installed: the gringo 3 lunar.lp is not compared with clingo");
        return;
    }
    for n in 2..=3 {
        let c = format!("maxturns={}", n);
        let (mine, _, _) = minasp(&[&enc, &inst, "-c", &c, "0"]);
        let out = run_command(
            &[crate::support::python(), "-m".into(), "clingo".into()],
            &[c5.clone(), inst.clone(), "-c".into(), c.clone(), "0".into()],
            Duration::from_secs(120),
        );
        let theirs: Vec<BTreeSet<String>> =
            parse_output(&out.stdout).unwrap().models.into_iter().map(|m| m.into_iter().collect()).collect();
        let (mut a, mut b) = (mine.clone(), theirs.clone());
        a.sort();
        b.sort();
        assert_eq!(
            a, b,
            "maxturns={}: gringo 3 original under minasp differs from the translation under clingo",
            n
        );
    }
}
