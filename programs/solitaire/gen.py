#!/usr/bin/env python3
"""Writes the Solitaire instances of programs/solitaire/ (run from that folder:
`python3 gen.py`).  The files it writes are committed; tests read them, not
this script.

- full_N.lp: every hole full except the centre (4,4), time(1..N).
- partial_sS_kK_N.lp: the board after K random jumps from the centre-empty
  board (random.Random(S)), time(1..N), where the same random game went on
  for N more jumps, so the instance is satisfiable.
- sparse_sS_N.lp: the board of a random game (seed S) when 10 pegs are
  left; N is the longest jump sequence from there (exhaustive search here),
  so sparse_sS_N is satisfiable and sparse_sS_(N+1) is not."""
import random

HOLES = [(x, y) for y in range(1, 8) for x in range(1, 8)
         if not ((x < 3 or x > 5) and (y < 3 or y > 5))]
DIRS = {'up': (0, -1), 'down': (0, 1), 'left': (-1, 0), 'right': (1, 0)}

def jumps(pegs):
    for (x, y) in sorted(pegs):
        for d, (dx, dy) in sorted(DIRS.items()):
            over, to = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
            if over in pegs and to in HOLES and to not in pegs:
                yield d, (x, y), over, to

def play(pegs, rng):
    pegs, seq = set(pegs), []
    while True:
        js = list(jumps(pegs))
        if not js:
            return seq
        d, a, o, t = rng.choice(js)
        pegs -= {a, o}
        pegs.add(t)
        seq.append((set(pegs), (d, a)))

def longest(pegs):
    best = 0
    for d, a, o, t in jumps(pegs):
        best = max(best, 1 + longest((pegs - {a, o}) | {t}))
    return best

def write(name, comment, pegs, n):
    with open(name, 'w') as f:
        f.write('%% %s\n' % comment)
        for y in range(1, 8):
            row = ['%s(%d,%d).' % ('full' if (x, y) in pegs else 'empty', x, y)
                   for x in range(1, 8) if (x, y) in HOLES]
            f.write(' '.join(row) + '\n')
        f.write('time(1..%d).\n' % n)

start = set(HOLES) - {(4, 4)}
for n in [8, 16, 20, 24, 26, 28, 29, 30, 31]:
    write('full_%d.lp' % n, 'Centre-empty board, %d moves.' % n, start, n)

for s, k in [(1, 6), (2, 10), (3, 4), (4, 12)]:
    rng = random.Random(s)
    # the first random game from this seed that gets at least k+8 jumps far
    while True:
        game = play(start, rng)
        if len(game) >= k + 8:
            break
    pegs = game[k - 1][0]
    n = len(game) - k
    write('partial_s%d_k%d_%d.lp' % (s, k, n),
          'Board after %d random jumps (seed %d) from the centre-empty board; '
          'the same random game made %d more.' % (k, s, n), pegs, n)

for s in [5, 6]:
    rng = random.Random(s)
    while True:
        game = play(start, rng)
        boards = [p for p, _ in game if len(p) == 10]
        if boards:
            break
    pegs = boards[0]
    n = longest(pegs)
    for m in [n, n + 1]:
        write('sparse_s%d_%d.lp' % (s, m),
              'Ten pegs left by a random game (seed %d); at most %d jumps '
              'are possible from here (exhaustive search), so this instance '
              'is %s.' % (s, n, 'satisfiable' if m == n else 'unsatisfiable'),
              pegs, m)
