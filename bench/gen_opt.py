#!/usr/bin/env python3
"""Writes the instances of the optimisation workloads (facts only) into
bench/workloads/: `python3 bench/gen_opt.py` writes all of them,
`python3 bench/gen_opt.py tsp knap` the named problems.  Every instance comes
from a fixed seed (plain `random.Random`), so running this again writes the
same files, byte for byte; they are committed and bench/run.py reads them,
not this script.

The encodings are hand-written, two styles per problem (see bench/README.md):
opt_colour_{used,max}.lp, opt_tsp_{reach,order}.lp, opt_tt_{choice,split}.lp,
opt_knap_{max,loss}.lp.  The instances are

  opt_<problem>_<half>_<description>.lp

where <half> is `tune` (two per problem: the instances that may be looked at
when tuning minasp) or `held` (two per problem: held back, reported
separately; never tune on them).  Both halves were drawn from the same
generator with the same size parameters and consecutive seeds; the sizes were
picked by timing clingo 5.4 (default strategy, proving the optimum) on this
machine, aiming at 1-8 s for at least one style.

Problems:

- colour: random graph G(n, p); colour(1..K) with K the number of colours
  a greedy colouring (largest degree first) needs.
- tsp: n random points on a 100x100 grid, cost = rounded Euclidean
  distance, each city linked (both ways) to its k nearest neighbours.
- tt: course timetabling: events with a teacher and a number of students,
  rooms with capacities, days x slots periods, curricula (sets of events that
  may not share a period), teachers' unavailable periods (soft).
- knap: 0-1 knapsack with two weight dimensions, values correlated with the
  weights, capacities half of the total weight.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'workloads')


def facts(items, per_line=8):
    """Facts joined a few to a line."""
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(' '.join(items[i:i + per_line]))
    return '\n'.join(lines) + '\n'


# ------------------------------------------------------------------ colour
def colour(n, p, seed):
    rng = random.Random(seed)
    edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < p]
    adj = {v: set() for v in range(1, n + 1)}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    col = {}
    for v in sorted(adj, key=lambda v: (-len(adj[v]), v)):
        used = {col[u] for u in adj[v] if u in col}
        col[v] = min(c for c in range(1, n + 2) if c not in used)
    k = max(col.values())
    text = ('%% Random graph G(%d, %.2f) (bench/gen_opt.py, seed %d): %d edges;\n'
            '%% %d colours available (as many as a greedy colouring, largest degree first, needs).\n'
            'node(1..%d). colour(1..%d).\n' % (n, p, seed, len(edges), k, n, k))
    return text + facts(['edge(%d,%d).' % e for e in edges])


# --------------------------------------------------------------------- tsp
def tsp(n, k, seed):
    rng = random.Random(seed)
    pts = []
    while len(pts) < n:
        q = (rng.randrange(100), rng.randrange(100))
        if q not in pts:
            pts.append(q)

    def d(i, j):
        return round(((pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2) ** 0.5)
    links = set()
    for i in range(n):
        near = sorted((j for j in range(n) if j != i), key=lambda j: (d(i, j), j))[:k]
        for j in near:
            links.add((i, j))
            links.add((j, i))
    text = ('%% Travelling salesman (bench/gen_opt.py, seed %d): %d cities on a 100x100 grid,\n'
            '%% each linked both ways to its %d nearest; cost = rounded Euclidean distance.\n'
            'node(1..%d).\n' % (seed, n, k, n))
    return text + facts(['cost(%d,%d,%d).' % (i + 1, j + 1, d(i, j)) for i, j in sorted(links)])


# ---------------------------------------------------------------------- tt
def tt(days, slots, rooms, events, teachers, currs, seed):
    rng = random.Random(seed)
    caps = sorted(rng.choice([20, 30, 40, 60, 80, 120]) for _ in range(rooms))
    ev = []
    for e in range(1, events + 1):
        ev.append((e, rng.randint(1, teachers), rng.choice([10, 15, 20, 25, 30, 40, 50, 60, 80, 100])))
    cur = []
    for q in range(1, currs + 1):
        size = rng.randint(3, 6)
        for e in sorted(rng.sample(range(1, events + 1), size)):
            cur.append((q, e))
    periods = [(d, s) for d in range(1, days + 1) for s in range(1, slots + 1)]
    un = []
    for t in range(1, teachers + 1):
        for d, s in sorted(rng.sample(periods, len(periods) // 4)):
            un.append((t, d, s))
    text = ('%% Course timetabling (bench/gen_opt.py, seed %d): %d events, %d teachers, %d rooms,\n'
            '%% %d days x %d slots, %d curricula; each teacher unavailable (soft) in a quarter of the periods.\n'
            'period(1..%d,1..%d).\n' % (seed, events, teachers, rooms, days, slots, currs, days, slots))
    text += facts(['room(%d,%d).' % (r + 1, c) for r, c in enumerate(caps)])
    text += facts(['event(%d,%d,%d).' % x for x in ev])
    text += facts(['curr(%d,%d).' % x for x in cur])
    text += facts(['unavail(%d,%d,%d).' % x for x in un])
    return text


# -------------------------------------------------------------------- knap
def knap(n, seed, dims=2):
    rng = random.Random(seed)
    w = [[rng.randint(10, 100) for _ in range(dims)] for _ in range(n)]
    v = [sum(x) // dims + rng.randint(0, 10) for x in w]
    caps = [sum(x[d] for x in w) // 2 for d in range(dims)]
    text = ('%% 0-1 knapsack with %d weight dimensions (bench/gen_opt.py, seed %d): %d items,\n'
            '%% weights 10-100, value = mean weight + 0-10, capacities half the total weight.\n'
            % (dims, seed, n))
    text += facts(['capacity(%d,%d).' % (d + 1, c) for d, c in enumerate(caps)])
    text += facts(['value(%d,%d).' % (i + 1, v[i]) for i in range(n)])
    text += facts(['weight(%d,%d,%d).' % (i + 1, d + 1, w[i][d]) for i in range(n) for d in range(dims)],
                  per_line=6)
    return text


# The instances: (problem, half, file-name description, arguments of the generator).
# Within a problem all four share the size parameters; the seeds are consecutive.
INSTANCES = [
    ('colour', 'tune', 'n32_s1', (32, 0.5, 1)),
    ('colour', 'tune', 'n32_s2', (32, 0.5, 2)),
    ('colour', 'held', 'n32_s3', (32, 0.5, 3)),
    ('colour', 'held', 'n32_s4', (32, 0.5, 4)),
    ('tsp', 'tune', 'n15_s1', (15, 5, 1)),
    ('tsp', 'tune', 'n15_s2', (15, 5, 2)),
    ('tsp', 'held', 'n15_s3', (15, 5, 3)),
    ('tsp', 'held', 'n15_s4', (15, 5, 4)),
    ('tt', 'tune', 'e24_s1', (4, 4, 2, 24, 8, 8, 1)),
    ('tt', 'tune', 'e24_s2', (4, 4, 2, 24, 8, 8, 2)),
    ('tt', 'held', 'e24_s3', (4, 4, 2, 24, 8, 8, 3)),
    ('tt', 'held', 'e24_s4', (4, 4, 2, 24, 8, 8, 4)),
    ('knap', 'tune', 'n23_s1', (23, 1)),
    ('knap', 'tune', 'n23_s2', (23, 2)),
    ('knap', 'held', 'n23_s3', (23, 3)),
    ('knap', 'held', 'n23_s4', (23, 4)),
]

GENERATORS = dict(colour=colour, tsp=tsp, tt=tt, knap=knap)


def main():
    only = sys.argv[1:]
    for problem, half, desc, args in INSTANCES:
        if only and problem not in only:
            continue
        name = 'opt_%s_%s_%s.lp' % (problem, half, desc)
        text = GENERATORS[problem](*args)
        with open(os.path.join(OUT, name), 'w') as f:
            f.write(text)
        print('wrote', name, file=sys.stderr)


if __name__ == '__main__':
    main()
