#!/usr/bin/env python3
"""Instances of the incremental planning workloads (bench/workloads/inc_*.lp),
from fixed seeds: `python3 bench/gen_inc.py` writes them, byte for byte the
same each time.

Per problem four instances, inc_<problem>_<half>_<desc>.lp: half `tune` (the
instances tuning may look at) or `held` (held back, never looked at when
tuning).  The seeds were fixed before any run of minasp on them.

- blocks: N blocks stacked at random (a random permutation cut into random
  towers), the goal another such stacking.
- slide: the n x n sliding puzzle, the start reached from the goal by a
  random walk of the gap (no immediate step back).
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'workloads')


def towers(rng, blocks):
    order = blocks[:]
    rng.shuffle(order)
    facts, below = [], 'table'
    for b in order:
        facts.append((b, below))
        # a new tower with probability 1/3
        below = 'table' if rng.random() < 1 / 3 else b
    return facts


def blocks(n, seed):
    rng = random.Random(seed)
    bs = list(range(1, n + 1))
    lines = ['%% blocks world: %d blocks, seed %d (bench/gen_inc.py)' % (n, seed),
             'block(1..%d).' % n]
    lines += ['init(on(%d,%s)).' % f for f in towers(rng, bs)]
    lines += ['goal(on(%d,%s)).' % f for f in towers(rng, bs)]
    return '\n'.join(lines) + '\n'


def slide(n, walk, seed):
    rng = random.Random(seed)
    grid = {}
    t = 1
    for y in range(1, n + 1):
        for x in range(1, n + 1):
            grid[(x, y)] = t
            t += 1
    gap = (n, n)
    grid[gap] = 0
    goal = dict(grid)
    last = None
    for _ in range(walk):
        moves = [(dx, dy) for dx, dy in [(0, -1), (0, 1), (-1, 0), (1, 0)]
                 if 1 <= gap[0] + dx <= n and 1 <= gap[1] + dy <= n and (-dx, -dy) != last]
        dx, dy = rng.choice(moves)
        nxt = (gap[0] + dx, gap[1] + dy)
        grid[gap], grid[nxt] = grid[nxt], 0
        gap, last = nxt, (dx, dy)
    lines = ['%% %dx%d sliding puzzle, a random walk of %d from the goal, seed %d (bench/gen_inc.py)'
             % (n, n, walk, seed), '#const n = %d.' % n]
    lines += ['tile(%d,%d,%d).' % (v, x, y) for (x, y), v in sorted(grid.items()) if v]
    lines.append('blank(%d,%d).' % gap)
    lines += ['goal(%d,%d,%d).' % (v, x, y) for (x, y), v in sorted(goal.items()) if v]
    return '\n'.join(lines) + '\n'


INSTANCES = {
    'blocks': [('tune', 'b15_s1', lambda: blocks(15, 1)), ('tune', 'b17_s2', lambda: blocks(17, 2)),
               ('held', 'b15_s3', lambda: blocks(15, 3)), ('held', 'b17_s4', lambda: blocks(17, 4))],
    'slide': [('tune', 'w30_s1', lambda: slide(3, 30, 1)), ('tune', 'w40_s2', lambda: slide(3, 40, 2)),
              ('held', 'w30_s3', lambda: slide(3, 30, 3)), ('held', 'w40_s4', lambda: slide(3, 40, 4))],
}


def main():
    for problem, insts in INSTANCES.items():
        for half, desc, make in insts:
            path = os.path.join(OUT, 'inc_%s_%s_%s.lp' % (problem, half, desc))
            with open(path, 'w') as f:
                f.write(make())
            print(path)


if __name__ == '__main__':
    main()
