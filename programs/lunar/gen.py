#!/usr/bin/env python3
"""Finds Lunar Lockout layouts for programs/lunar/ and prints their shortest
solutions, under the rules of lunar.lp (a turn = one piece, one or more
slides; a ship that stops on the goal leaves the board).

    python3 programs/lunar/gen.py search SEED SIZE HELPERS SHIPS   # random layouts, by depth
    python3 programs/lunar/gen.py solve FILE                       # shortest solution of a file

Layouts found by `search` were written to the *.lp files by hand (with a
comment giving the seed); the files, not this script, are the instances."""
import random, sys, re
from collections import deque

DIRS = [(0, 1), (0, -1), (-1, 0), (1, 0)]

def stops(pieces, p, lo, hi, goal, ships):
    """Cells piece p can end its turn on; pieces: dict name -> (x,y)."""
    start = pieces[p]
    others = {v for k, v in pieces.items() if k != p}
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        if p in ships and (x, y) == goal and (x, y) != start:
            continue  # home: the turn ends here
        for dx, dy in DIRS:
            cx, cy = x + dx, y + dy
            moved = False
            while lo <= cx <= hi and lo <= cy <= hi and (cx, cy) not in others:
                moved = True
                cx, cy = cx + dx, cy + dy
            if moved and (cx, cy) in others:
                s = (cx - dx, cy - dy)
                if s not in seen:
                    seen.add(s)
                    todo.append(s)
    seen.discard(start)
    return seen

def solve(pieces, ships, goal, lo, hi, limit=12):
    key = lambda ps: tuple(sorted(ps.items()))
    start = dict(pieces)
    prev = {key(start): None}
    q = deque([(start, 0)])
    while q:
        ps, d = q.popleft()
        if not any(s in ps for s in ships):
            path = []
            k = key(ps)
            while prev[k] is not None:
                k, mv = prev[k]
                path.append(mv)
            return path[::-1]
        if d >= limit:
            continue
        for p in sorted(ps):
            for c in sorted(stops(ps, p, lo, hi, goal, ships)):
                nps = dict(ps)
                if p in ships and c == goal:
                    del nps[p]
                else:
                    nps[p] = c
                k = key(nps)
                if k not in prev:
                    prev[k] = (key(ps), (d + 1, p, c))
                    q.append((nps, d + 1))
    return None

def read(fname):
    text = re.sub(r'%.*', '', open(fname).read())
    lo, hi = map(int, re.search(r'coordinate\((-?\d+)\.\.(-?\d+)\)', text).groups())
    goal = tuple(map(int, re.search(r'goal\((-?\d+),(-?\d+)\)', text).groups()))
    ships = set(re.findall(r'ship\((\w+)\)', text))
    pieces = {p: (int(x), int(y)) for p, x, y in re.findall(r'init\((\w+),(-?\d+),(-?\d+)\)', text)}
    return pieces, ships, goal, lo, hi

if __name__ == '__main__':
    if sys.argv[1] == 'solve':
        pieces, ships, goal, lo, hi = read(sys.argv[2])
        print(solve(pieces, ships, goal, lo, hi))
    else:
        seed, size, helpers, nships = map(int, sys.argv[2:6])
        rng = random.Random(seed)
        lo, hi = -(size // 2), size // 2
        best = {}
        for i in range(400):
            cells = [(x, y) for x in range(lo, hi + 1) for y in range(lo, hi + 1) if (x, y) != (0, 0)]
            rng.shuffle(cells)
            ships = ['x', 'y'][:nships]
            pieces = {s: cells[j] for j, s in enumerate(ships)}
            for j in range(helpers):
                pieces[str(j + 1)] = cells[nships + j]
            sol = solve(pieces, set(ships), (0, 0), lo, hi, limit=8)
            if sol and len(sol) not in best:
                best[len(sol)] = (i, pieces, sol)
        for d in sorted(best):
            i, pieces, sol = best[d]
            print(d, i, ' '.join(f'init({p},{x},{y}).' for p, (x, y) in sorted(pieces.items())), sol)
