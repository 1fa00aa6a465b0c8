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
        self.args[i].parse().unwrap_or_else(|_| panic!("argument {} of {:?} is not an integer", i, self))
    }
}

/// Parses `name(a,b,...)` (flat arguments only).
pub fn parse_atom(s: &str) -> Atom {
    match s.find('(') {
        None => Atom { name: s.to_string(), args: vec![] },
        Some(i) => {
            let inner = &s[i + 1..s.len() - 1];
            Atom { name: s[..i].to_string(), args: inner.split(',').map(|a| a.trim().to_string()).collect() }
        }
    }
}

/// The facts of an instance file: statements `p(args).` whose arguments
/// are integers, constants or integer intervals `a..b` (expanded).  Rules
/// (with `:-`), directives and comments are skipped.
pub fn facts(text: &str) -> Vec<Atom> {
    let mut out = Vec::new();
    let cleaned: String = text.lines().map(|l| l.split('%').next().unwrap()).collect::<Vec<_>>().join(" ");
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
    combos.into_iter().map(|args| Atom { name: a.name.clone(), args }).collect()
}

/// ASP Competition Solitaire: `full/2` and `empty/2` give the board and the
/// pegs; `move(T,D,X,Y)` moves the peg at (X,Y) two holes in direction D
/// over a peg into an empty hole.  Checks that there is exactly one move
/// for each step 1..`steps` and that every move is legal.
pub fn check_solitaire(instance: &[Atom], answer: &BTreeSet<String>, steps: i64) -> Result<(), String> {
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
        let ms = moves.get(&t).ok_or_else(|| format!("no move at step {}", t))?;
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
        return Err(format!("moves outside 1..{}: {:?}", steps, moves.keys().collect::<Vec<_>>()));
    }
    Ok(())
}

/// Applies one jump: peg at `from`, peg over it, empty hole behind.
fn jump(board: &mut BTreeMap<(i64, i64), bool>, from: (i64, i64), d: (i64, i64)) -> Result<(), String> {
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
        (f, o, t) => Err(format!("illegal jump (from {:?}, over {:?}, to {:?})", f, o, t)),
    }
}

/// Peg solitaire on a board file of `programs/peg/` (`size`, `omitted`,
/// `start`, `num_verts`) with the answer's `jump(T,X,Y,DX,DY)`: N-2 legal
/// jumps, one per step, leaving one peg.
pub fn check_peg(board_facts: &[Atom], answer: &BTreeSet<String>) -> Result<(), String> {
    let size = board_facts.iter().find(|a| a.name == "size").ok_or("no size/2")?;
    let (w, h) = (size.int(0), size.int(1));
    let omitted: BTreeSet<(i64, i64)> =
        board_facts.iter().filter(|a| a.name == "omitted").map(|a| (a.int(0), a.int(1))).collect();
    let start = board_facts.iter().find(|a| a.name == "start").ok_or("no start/2")?;
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
    let mut jumps: Vec<Atom> = answer.iter().map(|s| parse_atom(s)).filter(|a| a.name == "jump").collect();
    jumps.sort_by_key(|a| a.int(0));
    let steps: Vec<i64> = jumps.iter().map(|a| a.int(0)).collect();
    if steps != (1..=n - 2).collect::<Vec<_>>() {
        return Err(format!("expected one jump at each step 1..{}, got steps {:?}", n - 2, steps));
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
    let board =
        facts("size(4,4). omitted(1..4,1). omitted(1..4,3). omitted(1..4,4). start(2,2). num_verts(4).");
    assert_eq!(board.len(), 1 + 12 + 2);
    let good: BTreeSet<String> =
        ["jump(1,4,2,-1,0)", "jump(2,1,2,1,0)"].iter().map(|s| s.to_string()).collect();
    assert_eq!(check_peg(&board, &good), Ok(()));
    let bad: BTreeSet<String> =
        ["jump(1,1,2,1,0)", "jump(2,4,2,-1,0)"].iter().map(|s| s.to_string()).collect();
    assert!(check_peg(&board, &bad).is_err());
    let inst = facts("full(1,1). full(2,1). empty(3,1). time(1).");
    let ok: BTreeSet<String> = ["move(1,right,1,1)".to_string()].into();
    assert_eq!(check_solitaire(&inst, &ok, 1), Ok(()));
    let wrong: BTreeSet<String> = ["move(1,left,2,1)".to_string()].into();
    assert!(check_solitaire(&inst, &wrong, 1).is_err());
}

/// Lunar Lockout (`programs/lunar/`): `coordinate/1` gives the square grid,
/// `init(P,X,Y)` the pieces, `ship/1` the ships, `goal/2` the goal cell; the
/// answer's `move(T,P,X,Y)` moves piece P to (X,Y) at turn T.
///
/// The rules are those of `programs/lunar/lunar.lp`: exactly one move at each
/// turn 1..`maxturns`; in its turn a piece makes one or more slides, each of
/// which stops on the cell in front of the first other piece in its
/// direction (no slide without such a piece, none of length zero); the
/// piece's starting cell is empty while it moves; a ship that stops on the
/// goal leaves the board and its turn ends; a turn does not end where it
/// started; no ship is left after the last turn.  (The seed's `lunar.lp`
/// also lets a ship slide on after stopping on the goal within a turn; such
/// answers are rejected here.)
pub fn check_lunar(instance: &[Atom], answer: &BTreeSet<String>, maxturns: i64) -> Result<(), String> {
    let coords: Vec<i64> = instance.iter().filter(|a| a.name == "coordinate").map(|a| a.int(0)).collect();
    let (lo, hi) = match (coords.iter().min(), coords.iter().max()) {
        (Some(l), Some(h)) => (*l, *h),
        _ => return Err("no coordinate/1".into()),
    };
    let goal = instance.iter().find(|a| a.name == "goal").map(|a| (a.int(0), a.int(1))).ok_or("no goal/2")?;
    let ships: BTreeSet<String> =
        instance.iter().filter(|a| a.name == "ship").map(|a| a.args[0].clone()).collect();
    let mut pieces: BTreeMap<String, (i64, i64)> = instance
        .iter()
        .filter(|a| a.name == "init")
        .map(|a| (a.args[0].clone(), (a.int(1), a.int(2))))
        .collect();
    let mut moves: BTreeMap<i64, Vec<Atom>> = BTreeMap::new();
    for s in answer {
        let a = parse_atom(s);
        if a.name == "move" {
            moves.entry(a.int(0)).or_default().push(a);
        }
    }
    if let Some(t) = moves.keys().find(|t| **t < 1 || **t > maxturns) {
        return Err(format!("move at turn {} outside 1..{}", t, maxturns));
    }
    for t in 1..=maxturns {
        let ms = moves.get(&t).ok_or_else(|| format!("no move at turn {}", t))?;
        if ms.len() != 1 {
            return Err(format!("{} moves at turn {}", ms.len(), t));
        }
        let m = &ms[0];
        let p = m.args[1].clone();
        let to = (m.int(2), m.int(3));
        let from =
            *pieces.get(&p).ok_or_else(|| format!("turn {}: {:?}: piece {} is not on the board", t, m, p))?;
        let is_ship = ships.contains(&p);
        let others: BTreeSet<(i64, i64)> = pieces.iter().filter(|(q, _)| **q != p).map(|(_, c)| *c).collect();
        // Every cell the piece can stop on, by one or more slides.
        let mut seen = BTreeSet::from([from]);
        let mut todo = vec![from];
        while let Some((x, y)) = todo.pop() {
            if is_ship && (x, y) == goal && (x, y) != from {
                continue; // home: the turn ends here
            }
            for (dx, dy) in [(0, 1), (0, -1), (-1, 0), (1, 0)] {
                let (mut cx, mut cy) = (x + dx, y + dy);
                let mut slid = false;
                while (lo..=hi).contains(&cx) && (lo..=hi).contains(&cy) && !others.contains(&(cx, cy)) {
                    slid = true;
                    cx += dx;
                    cy += dy;
                }
                if slid && others.contains(&(cx, cy)) && seen.insert((cx - dx, cy - dy)) {
                    todo.push((cx - dx, cy - dy));
                }
            }
        }
        if to == from || !seen.contains(&to) {
            return Err(format!("turn {}: {:?}: piece {} on {:?} cannot slide to {:?}", t, m, p, from, to));
        }
        if is_ship && to == goal {
            pieces.remove(&p);
        } else {
            pieces.insert(p, to);
        }
    }
    let left: Vec<&String> = pieces.keys().filter(|p| ships.contains(*p)).collect();
    if !left.is_empty() {
        return Err(format!("ships left after turn {}: {:?}", maxturns, left));
    }
    Ok(())
}

/// The 15-puzzle in the ASP Competition format (`programs/fifteen/`):
/// `maxtime(M)` and `in0(X,Y,N)` (row X, column Y, entry N, 0 the blank);
/// the answer's `move(T,X,Y)` swaps the blank with the tile on (X,Y) at
/// time T.  Checks the competition's rules: moves at times 0..S, one each,
/// S < M; each swaps the blank with an orthogonal neighbour; after the last
/// one (or at once, with no moves) the grid is the goal: the blank on (1,1),
/// entry n on row n/4+1, column n\4+1.
pub fn check_fifteen(instance: &[Atom], answer: &BTreeSet<String>) -> Result<(), String> {
    let maxtime = instance.iter().find(|a| a.name == "maxtime").map(|a| a.int(0)).ok_or("no maxtime/1")?;
    let mut grid: BTreeMap<(i64, i64), i64> =
        instance.iter().filter(|a| a.name == "in0").map(|a| ((a.int(0), a.int(1)), a.int(2))).collect();
    let cells: BTreeSet<(i64, i64)> = (1..=4).flat_map(|x| (1..=4).map(move |y| (x, y))).collect();
    let entries: BTreeSet<i64> = grid.values().copied().collect();
    if grid.keys().copied().collect::<BTreeSet<_>>() != cells || entries != (0..16).collect() {
        return Err(format!("in0/3 is not a 4x4 grid of the entries 0..15: {:?}", grid));
    }
    let mut moves: Vec<Atom> = answer.iter().map(|s| parse_atom(s)).filter(|a| a.name == "move").collect();
    moves.sort_by_key(|a| a.int(0));
    let times: Vec<i64> = moves.iter().map(|a| a.int(0)).collect();
    if times != (0..moves.len() as i64).collect::<Vec<_>>() {
        return Err(format!("moves not at times 0,1,2,...: {:?}", times));
    }
    if moves.len() as i64 > maxtime {
        return Err(format!("{} moves, maxtime {}", moves.len(), maxtime));
    }
    for m in &moves {
        let to = (m.int(1), m.int(2));
        let blank = *grid.iter().find(|(_, n)| **n == 0).unwrap().0;
        if !cells.contains(&to) || (to.0 - blank.0).abs() + (to.1 - blank.1).abs() != 1 {
            return Err(format!("{:?}: the blank is on {:?}, {:?} is not next to it", m, blank, to));
        }
        let n = grid[&to];
        grid.insert(blank, n);
        grid.insert(to, 0);
    }
    for (&(x, y), &n) in &grid {
        if (x, y) != (n / 4 + 1, n % 4 + 1) {
            return Err(format!("after {} moves entry {} is on ({},{}), not at home", moves.len(), n, x, y));
        }
    }
    Ok(())
}

#[test]
fn lunar_and_fifteen_checkers_reject_illegal_answers() {
    let set = |xs: &[&str]| -> BTreeSet<String> { xs.iter().map(|s| s.to_string()).collect() };
    // Advanced Solitaire Puzzle 1 of the seed.
    let lunar = facts(
        "coordinate(-3..3). ship(x). goal(0,0). init(x,-1,3). init(1,1,1). init(2,-1,0).
         init(3,2,-1). init(4,-1,-3). init(5,0,-3).",
    );
    let good = set(&["move(1,4,0,-2)", "move(2,x,0,0)"]);
    assert_eq!(check_lunar(&lunar, &good, 2), Ok(()));
    // Too few turns for the horizon, and a move at turn 3 > maxturns.
    assert!(check_lunar(&lunar, &good, 3).is_err());
    assert!(check_lunar(&lunar, &set(&["move(1,4,0,-2)", "move(3,x,0,0)"]), 2).is_err());
    // x on (-1,3) slides down to (-1,1) (piece 2 on (-1,0)) and can go on
    // right to (0,1); it cannot stop on (-1,2) (nothing below that) nor
    // reach the goal in one turn.
    assert!(check_lunar(&lunar, &set(&["move(1,x,-1,1)", "move(2,4,0,-2)"]), 2)
        .unwrap_err()
        .contains("ships left"));
    assert!(check_lunar(&lunar, &set(&["move(1,x,-1,2)", "move(2,4,0,-2)"]), 2).is_err());
    assert!(check_lunar(&lunar, &set(&["move(1,x,0,0)", "move(2,4,0,-2)"]), 2).is_err());
    // Two moves at one turn; a piece that does not exist; a null move.
    assert!(check_lunar(&lunar, &set(&["move(1,4,0,-2)", "move(1,x,0,0)"]), 1).is_err());
    assert!(check_lunar(&lunar, &set(&["move(1,7,0,-2)", "move(2,x,0,0)"]), 2).is_err());
    assert!(check_lunar(&lunar, &set(&["move(1,4,-1,-3)", "move(2,x,0,0)"]), 2).is_err());
    // Once home, the ship is gone: it cannot move again.
    assert!(check_lunar(&lunar, &set(&["move(1,4,0,-2)", "move(2,x,0,0)", "move(3,x,0,-1)"]), 3).is_err());

    let goal = "in0(1,1,0). in0(1,2,1). in0(1,3,2). in0(1,4,3). in0(2,1,4). in0(2,2,5).
        in0(2,3,6). in0(2,4,7). in0(3,1,8). in0(3,2,9). in0(3,3,10). in0(3,4,11).
        in0(4,1,12). in0(4,2,13). in0(4,3,14). in0(4,4,15).";
    let solved = facts(&format!("maxtime(3). {}", goal));
    assert_eq!(check_fifteen(&solved, &set(&[])), Ok(()));
    // Two moves away from the goal: blank on (2,2) (tiles 1 and 5 shifted).
    let two = facts(
        &format!("maxtime(2). {}", goal)
            .replace("in0(1,1,0)", "in0(1,1,1)")
            .replace("in0(1,2,1)", "in0(1,2,5)")
            .replace("in0(2,2,5)", "in0(2,2,0)"),
    );
    assert_eq!(check_fifteen(&two, &set(&["move(0,1,2)", "move(1,1,1)"])), Ok(()));
    // Wrong order, not adjacent, not solved, too many moves, a gap in time.
    assert!(check_fifteen(&two, &set(&["move(0,1,1)", "move(1,1,2)"])).is_err());
    assert!(check_fifteen(&two, &set(&["move(0,1,1)"])).is_err());
    assert!(check_fifteen(&two, &set(&["move(0,1,2)"])).is_err());
    assert!(check_fifteen(&two, &set(&[])).is_err());
    assert!(check_fifteen(&two, &set(&["move(0,1,2)", "move(2,1,1)"])).is_err());
    let two_short = facts(
        &format!("maxtime(1). {}", goal)
            .replace("in0(1,1,0)", "in0(1,1,1)")
            .replace("in0(1,2,1)", "in0(1,2,5)")
            .replace("in0(2,2,5)", "in0(2,2,0)"),
    );
    assert!(check_fifteen(&two_short, &set(&["move(0,1,2)", "move(1,1,1)"])).is_err());
}
