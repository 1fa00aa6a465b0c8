//! Solution checkers: replay an answer on its board and check every move,
//! so tests accept any valid answer instead of one hard-coded string.
//!
//! Boards are read from the instance files themselves (facts, with
//! `a..b` intervals expanded here), never from minasp's output, so a
//! checker does not trust the program it checks.

use std::collections::{BTreeMap, BTreeSet};

/// A ground atom as text: name and arguments (integers or constants).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Atom {
    pub name: String,
    pub args: Vec<String>,
}

impl Atom {
    pub fn int(&self, i: usize) -> i64 {
        self.args[i]
            .parse()
            .unwrap_or_else(|_| panic!("argument {} of {:?} is not an integer", i, self))
    }
}

/// Parses `name(a,b,...)` (flat arguments only).
pub fn parse_atom(s: &str) -> Atom {
    match s.find('(') {
        None => Atom {
            name: s.to_string(),
            args: vec![],
        },
        Some(i) => {
            let inner = &s[i + 1..s.len() - 1];
            Atom {
                name: s[..i].to_string(),
                args: inner.split(',').map(|a| a.trim().to_string()).collect(),
            }
        }
    }
}

/// The facts of an instance file: statements `p(args).` whose arguments
/// are integers, constants or integer intervals `a..b` (expanded).  Rules
/// (with `:-`), directives and comments are skipped.
pub fn facts(text: &str) -> Vec<Atom> {
    let mut out = Vec::new();
    let cleaned: String = text
        .lines()
        .map(|l| l.split('%').next().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    // Statements end at a '.' that is not part of '..'.
    let bytes = cleaned.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'.' {
            if i + 1 < bytes.len() && bytes[i + 1] == b'.' {
                i += 2;
                continue;
            }
            let stmt = cleaned[start..i].trim();
            start = i + 1;
            if !stmt.is_empty() && !stmt.contains(":-") && !stmt.starts_with('#') {
                out.extend(expand(stmt));
            }
        }
        i += 1;
    }
    out
}

fn expand(stmt: &str) -> Vec<Atom> {
    let a = parse_atom(stmt);
    let mut combos: Vec<Vec<String>> = vec![vec![]];
    for arg in &a.args {
        let opts: Vec<String> = match arg.split_once("..") {
            Some((lo, hi)) => {
                let (lo, hi): (i64, i64) = (lo.trim().parse().unwrap(), hi.trim().parse().unwrap());
                (lo..=hi).map(|v| v.to_string()).collect()
            }
            None => vec![arg.clone()],
        };
        combos = combos
            .into_iter()
            .flat_map(|c| {
                opts.iter().map(move |o| {
                    let mut c = c.clone();
                    c.push(o.clone());
                    c
                })
            })
            .collect();
    }
    combos
        .into_iter()
        .map(|args| Atom {
            name: a.name.clone(),
            args,
        })
        .collect()
}

/// ASP Competition Solitaire: `full/2` and `empty/2` give the board and the
/// pegs; `move(T,D,X,Y)` moves the peg at (X,Y) two holes in direction D
/// over a peg into an empty hole.  Checks that there is exactly one move
/// for each step 1..`steps` and that every move is legal.
pub fn check_solitaire(
    instance: &[Atom],
    answer: &BTreeSet<String>,
    steps: i64,
) -> Result<(), String> {
    let mut board: BTreeMap<(i64, i64), bool> = BTreeMap::new();
    for f in instance {
        match f.name.as_str() {
            "full" => {
                board.insert((f.int(0), f.int(1)), true);
            }
            "empty" => {
                board.insert((f.int(0), f.int(1)), false);
            }
            _ => {}
        }
    }
    let mut moves: BTreeMap<i64, Vec<Atom>> = BTreeMap::new();
    for s in answer {
        let a = parse_atom(s);
        if a.name == "move" {
            moves.entry(a.int(0)).or_default().push(a);
        }
    }
    for t in 1..=steps {
        let ms = moves
            .get(&t)
            .ok_or_else(|| format!("no move at step {}", t))?;
        if ms.len() != 1 {
            return Err(format!("{} moves at step {}", ms.len(), t));
        }
        let m = &ms[0];
        let (dx, dy) = match m.args[1].as_str() {
            "left" => (-1, 0),
            "right" => (1, 0),
            "up" => (0, -1),
            "down" => (0, 1),
            d => return Err(format!("unknown direction {}", d)),
        };
        let (x, y) = (m.int(2), m.int(3));
        jump(&mut board, (x, y), (dx, dy)).map_err(|e| format!("step {}: {:?}: {}", t, m, e))?;
    }
    if moves.keys().any(|t| *t < 1 || *t > steps) {
        return Err(format!(
            "moves outside 1..{}: {:?}",
            steps,
            moves.keys().collect::<Vec<_>>()
        ));
    }
    Ok(())
}

/// Applies one jump: peg at `from`, peg over it, empty hole behind.
fn jump(
    board: &mut BTreeMap<(i64, i64), bool>,
    from: (i64, i64),
    d: (i64, i64),
) -> Result<(), String> {
    let over = (from.0 + d.0, from.1 + d.1);
    let to = (from.0 + 2 * d.0, from.1 + 2 * d.1);
    let at = |b: &BTreeMap<(i64, i64), bool>, p: (i64, i64)| b.get(&p).copied();
    match (at(board, from), at(board, over), at(board, to)) {
        (Some(true), Some(true), Some(false)) => {
            board.insert(from, false);
            board.insert(over, false);
            board.insert(to, true);
            Ok(())
        }
        (f, o, t) => Err(format!(
            "illegal jump (from {:?}, over {:?}, to {:?})",
            f, o, t
        )),
    }
}

/// Peg solitaire on a board file of `programs/peg/` (`size`, `omitted`,
/// `start`, `num_verts`) with the answer's `jump(T,X,Y,DX,DY)`: N-2 legal
/// jumps, one per step, leaving one peg.
pub fn check_peg(board_facts: &[Atom], answer: &BTreeSet<String>) -> Result<(), String> {
    let size = board_facts
        .iter()
        .find(|a| a.name == "size")
        .ok_or("no size/2")?;
    let (w, h) = (size.int(0), size.int(1));
    let omitted: BTreeSet<(i64, i64)> = board_facts
        .iter()
        .filter(|a| a.name == "omitted")
        .map(|a| (a.int(0), a.int(1)))
        .collect();
    let start = board_facts
        .iter()
        .find(|a| a.name == "start")
        .ok_or("no start/2")?;
    let start = (start.int(0), start.int(1));
    let mut board: BTreeMap<(i64, i64), bool> = BTreeMap::new();
    for x in 1..=w {
        for y in 1..=h {
            if !omitted.contains(&(x, y)) {
                board.insert((x, y), (x, y) != start);
            }
        }
    }
    let n = board.len() as i64;
    let mut jumps: Vec<Atom> = answer
        .iter()
        .map(|s| parse_atom(s))
        .filter(|a| a.name == "jump")
        .collect();
    jumps.sort_by_key(|a| a.int(0));
    let steps: Vec<i64> = jumps.iter().map(|a| a.int(0)).collect();
    if steps != (1..=n - 2).collect::<Vec<_>>() {
        return Err(format!(
            "expected one jump at each step 1..{}, got steps {:?}",
            n - 2,
            steps
        ));
    }
    for j in &jumps {
        jump(&mut board, (j.int(1), j.int(2)), (j.int(3), j.int(4)))
            .map_err(|e| format!("{:?}: {}", j, e))?;
    }
    let left = board.values().filter(|v| **v).count();
    if left != 1 {
        return Err(format!("{} pegs left", left));
    }
    Ok(())
}

#[test]
fn checkers_reject_illegal_answers() {
    let board = facts(
        "size(4,4). omitted(1..4,1). omitted(1..4,3). omitted(1..4,4). start(2,2). num_verts(4).",
    );
    assert_eq!(board.len(), 1 + 12 + 2);
    let good: BTreeSet<String> = ["jump(1,4,2,-1,0)", "jump(2,1,2,1,0)"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(check_peg(&board, &good), Ok(()));
    let bad: BTreeSet<String> = ["jump(1,1,2,1,0)", "jump(2,4,2,-1,0)"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(check_peg(&board, &bad).is_err());
    let inst = facts("full(1,1). full(2,1). empty(3,1). time(1).");
    let ok: BTreeSet<String> = ["move(1,right,1,1)".to_string()].into();
    assert_eq!(check_solitaire(&inst, &ok, 1), Ok(()));
    let wrong: BTreeSet<String> = ["move(1,left,2,1)".to_string()].into();
    assert!(check_solitaire(&inst, &wrong, 1).is_err());
}
