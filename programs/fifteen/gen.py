#!/usr/bin/env python3
"""Writes the 15-puzzle instances of programs/fifteen/ (run from that folder:
`python3 gen.py`).  The files it writes are committed; tests read them, not
this script.

walkL_sS.lp: the blank makes a random walk of L moves from the goal
(random.Random(S); a move never undoes the one before), maxtime(L).  Seeds
whose walk can be shortened are skipped (the optimal plan length is computed
here, IDA* with the Manhattan distance), so L is the shortest plan.
walkL_sS_unsat.lp: the same grid with maxtime one less than the optimal
plan length: unsatisfiable.
walk06_s1_max10.lp: the grid of walk06_s1.lp with maxtime 10 (many plans).
solved.lp: the goal itself; the only answer is the empty plan."""
import random

GOAL = {(n // 4 + 1, n % 4 + 1): n for n in range(16)}
HOME = {n: p for p, n in GOAL.items()}

def neighbours(x, y):
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 1 <= x + dx <= 4 and 1 <= y + dy <= 4:
            yield x + dx, y + dy

def walk(length, seed):
    rng = random.Random(seed)
    grid, blank, prev = dict(GOAL), (1, 1), None
    for _ in range(length):
        nxt = rng.choice([p for p in neighbours(*blank) if p != prev])
        grid[blank], grid[nxt] = grid[nxt], 0
        prev, blank = blank, nxt
    return grid

def manhattan(grid):
    return sum(abs(x - HOME[n][0]) + abs(y - HOME[n][1])
               for (x, y), n in grid.items() if n)

def optimal(grid):
    blank = next(p for p, n in grid.items() if n == 0)
    def search(g, blank, prev, depth, bound):
        h = manhattan(g)
        if depth + h > bound:
            return False
        if h == 0:
            return True  # all tiles home: the blank is on (1,1) too
        for p in neighbours(*blank):
            if p == prev:
                continue
            g[blank], g[p] = g[p], 0
            ok = search(g, p, blank, depth + 1, bound)
            g[p], g[blank] = g[blank], 0
            if ok:
                return True
        return False
    bound = manhattan(grid)
    while not search(dict(grid), blank, None, 0, bound):
        bound += 2  # plans of one grid all have the same parity
    return bound

def write(name, comment, grid, m):
    with open(name, 'w') as f:
        f.write('%% %s\n' % comment)
        f.write('maxtime(%d).\ntime(0..%d).\nentry(0..15).\npos(1..4).\n' % (m, m))
        for x in range(1, 5):
            f.write(' '.join('in0(%d,%d,%d).' % (x, y, grid[x, y]) for y in range(1, 5)) + '\n')

for length, seed in [(6, 1), (10, 2), (14, 3), (20, 4), (24, 5)]:
    # the first seed from here whose walk cannot be shortened
    while True:
        grid = walk(length, seed)
        opt = optimal(grid)
        if opt == length:
            break
        seed += 1
    write('walk%02d_s%d.lp' % (length, seed),
          'Random walk of the blank, %d moves from the goal (seed %d); '
          'shortest plan: %d moves.' % (length, seed, opt), grid, length)
    if length == 6:
        write('walk06_s%d_max10.lp' % seed,
              'The grid of walk06_s%d.lp (shortest plan: 6 moves) with maxtime '
              '10: plans of 6, 8 and 10 moves.' % seed, grid, 10)
    if length in (10, 14):
        write('walk%02d_s%d_unsat.lp' % (length, seed),
              'The grid of walk%02d_s%d.lp (shortest plan: %d moves) with '
              'maxtime %d: unsatisfiable.' % (length, seed, opt, opt - 1),
              grid, opt - 1)

write('solved.lp', 'The goal itself, maxtime 4: the only answer is the empty '
      'plan (no move at all).', dict(GOAL), 4)
