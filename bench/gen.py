#!/usr/bin/env python3
"""Writes the generated workload files of bench/workloads/ (run from anywhere:
`python3 bench/gen.py`, or `python3 bench/gen.py solitaire` for one family).
Every file comes from a fixed seed, so running this again writes the same
files; they are committed, and bench/run.py reads them, not this script.

Families (see bench/README.md):

- solitaire_rand_sS_pP_N.lp: Solitaire boards in the style of the ASP
  Competition 2009 instances: each of the 33 holes is empty with probability
  P (0.1-0.3), N moves (20-29).  The seeds are SOLITAIRE_SEEDS; they were
  selected with `--search`, which keeps the first ten seeds whose instance
  clingo proves satisfiable within CHECK_SECONDS.
- fifteen_walk30_s7.lp, fifteen_walk40_s8.lp: copies of the 15-puzzle
  instances of /work/shared/programs/fifteen/ (so the suite does not need
  ../shared); they are copied only when that folder exists.
- tc_2000.lp: transitive closure over a random directed graph of 2,000 nodes.
- join.lp: a join-heavy rule set (3- and 4-way cyclic joins over four random
  relations, needing several argument indexes).
- queens.lp: N-queens (n set with -c n=N).
- pigeon_P_H.lp: P pigeons into H holes (unsatisfiable for P > H).
- sat3_nN_sS.lp: random 3-SAT at clause ratio 4.26, written as a choice rule
  plus one integrity constraint per clause; the seeds are SAT3_SEEDS, selected
  with `--search`: two satisfiable and two unsatisfiable seeds where clingo
  needed 0.5-5 s (at n = 200 no seed took clingo over 0.7 s, so n = 250).

The selections (`python3 bench/gen.py --search`) time clingo, so their result
depends on the machine's load; without --search the recorded seeds are used
and the files come out the same every time."""
import os
import random
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'workloads')
REPO = os.path.dirname(HERE)
CHECK_SECONDS = 5
SEARCH = '--search' in sys.argv
SOLITAIRE_SEEDS = [1001, 1003, 1004, 1005, 1006, 1007, 1009, 1011, 1012, 1013]
SAT3_N, SAT3_SEEDS = 250, [2, 3, 5, 6]


def write(name, text):
    with open(os.path.join(OUT, name), 'w') as f:
        f.write(text)
    print('wrote', name, file=sys.stderr)


def clingo(files, models=1, timeout=60, consts=()):
    """Runs clingo; returns (result word, model count, seconds)."""
    cmd = ['clingo', '--time-limit=%d' % timeout, '-q', str(models)] + list(files)
    for c in consts:
        cmd += ['-c', c]
    t = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.time() - t
    m = re.search(r'^Models\s*:\s*(\d+)', p.stdout, re.M)
    w = re.search(r'^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)\s*$', p.stdout, re.M)
    word = w.group(1) if w else 'UNKNOWN'
    return word, int(m.group(1)) if m else None, dt


# --------------------------------------------------------------- solitaire
HOLES = [(x, y) for y in range(1, 8) for x in range(1, 8)
         if not ((x < 3 or x > 5) and (y < 3 or y > 5))]


def solitaire():
    enc = os.path.join(REPO, 'programs/solitaire/solitaire.clingo5.lp')
    kept, seed = 0, 0
    while kept < 10:
        seed += 1
        if not SEARCH and 1000 + seed not in SOLITAIRE_SEEDS:
            continue
        rng = random.Random(1000 + seed)
        p = rng.choice([0.1, 0.15, 0.2, 0.25, 0.3])
        empty = {h for h in HOLES if rng.random() < p}
        pegs = len(HOLES) - len(empty)
        if not empty or pegs - 1 < 20:
            continue
        n = rng.randint(20, min(29, pegs - 1))
        text = ('%% Random-density Solitaire board (bench/gen.py, seed %d): each hole\n'
                '%% empty with probability %.2f; %d pegs, %d moves.\n'
                % (1000 + seed, p, pegs, n))
        for y in range(1, 8):
            row = ['%s(%d,%d).' % ('empty' if (x, y) in empty else 'full', x, y)
                   for x in range(1, 8) if (x, y) in HOLES]
            text += ' '.join(row) + '\n'
        text += 'time(1..%d).\n' % n
        word = 'SATISFIABLE'
        if SEARCH:
            tmp = os.path.join(OUT, '.tmp_solitaire.lp')
            with open(tmp, 'w') as f:
                f.write(text)
            word, _, dt = clingo([enc, tmp], timeout=CHECK_SECONDS)
            os.remove(tmp)
            print('solitaire seed %d p=%.2f pegs=%d n=%d: %s %.2fs'
                  % (1000 + seed, p, pegs, n, word, dt), file=sys.stderr)
        if word == 'SATISFIABLE':
            write('solitaire_rand_s%d_p%02d_%d.lp' % (1000 + seed, round(p * 100), n), text)
            kept += 1


# ---------------------------------------------------------------- fifteen
def fifteen():
    src = '/work/shared/programs/fifteen'
    for name in ['15puzzle_walk30_s7.lp', '15puzzle_walk40_s8.lp']:
        if os.path.exists(os.path.join(src, name)):
            shutil.copyfile(os.path.join(src, name),
                        os.path.join(OUT, 'fifteen_' + name[len('15puzzle_'):]))
            print('copied', name, file=sys.stderr)


# ---------------------------------------------------- grounding-heavy
def tc(nodes=2000, degree=1.35, seed=1):
    rng = random.Random(seed)
    edges = set()
    while len(edges) < int(nodes * degree):
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b:
            edges.add((a, b))
    text = ('%% Transitive closure over a random directed graph: %d nodes, %d edges\n'
            '%% (bench/gen.py, seed %d).  Grounding-heavy: every reach/2 atom is a fact.\n'
            'reach(X,Y) :- edge(X,Y).\n'
            'reach(X,Z) :- reach(X,Y), edge(Y,Z).\n'
            'reached(N) :- N = #count{ X,Y : reach(X,Y) }.\n'
            '#show reached/1.\n' % (nodes, len(edges), seed))
    for i, (a, b) in enumerate(sorted(edges)):
        text += 'edge(%d,%d).%s' % (a, b, '\n' if i % 8 == 7 else ' ')
    write('tc_%d.lp' % nodes, text + '\n')


def join(nodes=300, degree=26, seed=2):
    rng = random.Random(seed)
    text = ('%% Join-heavy rule set over four random binary relations on %d nodes,\n'
            '%% %d tuples each (bench/gen.py, seed %d).  The rules join the relations\n'
            '%% on different argument positions, so a grounder needs several indexes.\n'
            % (nodes, nodes * degree, seed))
    text += (
        '% 3-way cyclic join (triangles), both orientations of the index on a/2.\n'
        'tri(X,Y,Z) :- a(X,Y), a(Y,Z), a(Z,X), X < Y, X < Z.\n'
        '% 4-way cyclic join over all four relations.\n'
        'sq(X,Y,Z,W) :- a(X,Y), b(Y,Z), c(Z,W), d(W,X).\n'
        '% joins on the second argument and on both arguments.\n'
        'two(X,Z) :- b(X,Y), c(Z,Y), d(X,Z).\n'
        'fan(Y) :- a(X,Y), b(X,Y), c(Y,Z), d(Z,X).\n'
        '% negation over a derived relation.\n'
        'odd(X,Z) :- two(X,Z), not a(X,Z), not b(Z,X).\n'
        'count(tri,N) :- N = #count{ X,Y,Z : tri(X,Y,Z) }.\n'
        'count(sq,N) :- N = #count{ X,Y,Z,W : sq(X,Y,Z,W) }.\n'
        'count(two,N) :- N = #count{ X,Z : two(X,Z) }.\n'
        'count(fan,N) :- N = #count{ Y : fan(Y) }.\n'
        'count(odd,N) :- N = #count{ X,Z : odd(X,Z) }.\n'
        '#show count/2.\n')
    for rel in 'abcd':
        tuples = set()
        while len(tuples) < nodes * degree:
            x, y = rng.randrange(nodes), rng.randrange(nodes)
            if x != y:
                tuples.add((x, y))
        for i, (x, y) in enumerate(sorted(tuples)):
            text += '%s(%d,%d).%s' % (rel, x, y, '\n' if i % 8 == 7 else ' ')
        text += '\n'
    write('join.lp', text)


# ------------------------------------------------------- search-heavy
def queens():
    write('queens.lp', """\
% N-queens (-c n=N): one queen per row and column, at most one per diagonal.
#const n = 8.
{ q(I,1..n) } = 1 :- I = 1..n.
{ q(1..n,J) } = 1 :- J = 1..n.
:- { q(D-J,J) } >= 2, D = 2..2*n.
:- { q(D+J,J) } >= 2, D = 1-n..n-1.
#show q/2.
""")


def pigeon(p, h):
    write('pigeon_%d_%d.lp' % (p, h), """\
%% Pigeon-hole: %d pigeons into %d holes, at most one pigeon per hole
%% (unsatisfiable when there are more pigeons than holes).
pigeon(1..%d). hole(1..%d).
1 { in(P,H) : hole(H) } 1 :- pigeon(P).
:- in(P,H), in(Q,H), P < Q.
#show in/2.
""" % (p, h, p, h))


def sat3_text(n, seed, ratio=4.26):
    rng = random.Random(seed)
    m = round(ratio * n)
    text = ('%% Random 3-SAT (bench/gen.py, seed %d): %d variables, %d clauses (ratio %.2f),\n'
            '%% as a choice rule and one integrity constraint per clause.\n'
            'var(1..%d).\n{ x(V) } :- var(V).\n' % (seed, n, m, ratio, n))
    for _ in range(m):
        vs = rng.sample(range(1, n + 1), 3)
        lits = []
        for v in vs:
            # the clause contains x(v) if pos, else -x(v); the constraint
            # forbids the assignment falsifying all three literals
            lits.append('not x(%d)' % v if rng.random() < 0.5 else 'x(%d)' % v)
        text += ':- %s.\n' % ', '.join(lits)
    return text + '#show x/1.\n'


def sat3(n=SAT3_N, want=4):
    if not SEARCH:
        for seed in SAT3_SEEDS:
            write('sat3_n%d_s%d.lp' % (n, seed), sat3_text(n, seed))
        return
    found = {'SATISFIABLE': 0, 'UNSATISFIABLE': 0}
    seed = 0
    while sum(found.values()) < want and seed < 400:
        seed += 1
        text = sat3_text(n, seed)
        tmp = os.path.join(OUT, '.tmp_sat3.lp')
        with open(tmp, 'w') as f:
            f.write(text)
        word, _, dt = clingo([tmp], timeout=20)
        os.remove(tmp)
        print('sat3 n=%d seed %d: %s %.2fs' % (n, seed, word, dt), file=sys.stderr)
        # keep instances in the 0.5-5 s window, at most two of each result
        if 0.5 <= dt <= 5 and word in found and found[word] < 2:
            found[word] += 1
            write('sat3_n%d_s%d.lp' % (n, seed), text)


def main():
    os.makedirs(OUT, exist_ok=True)
    which = set(a for a in sys.argv[1:] if a != '--search') or {'solitaire', 'fifteen', 'tc', 'join', 'queens',
                                  'pigeon', 'sat3'}
    if 'solitaire' in which:
        solitaire()
    if 'fifteen' in which:
        fifteen()
    if 'tc' in which:
        tc()
    if 'join' in which:
        join()
    if 'queens' in which:
        queens()
    if 'pigeon' in which:
        pigeon(8, 7)
        pigeon(9, 8)
    if 'sat3' in which:
        sat3()


if __name__ == '__main__':
    main()
