#!/usr/bin/env python3
"""Writes the `suite` family of bench/workloads/: thirteen classic ASP problems,
each with two encodings in different styles, the way ASP users write them
(clingo 5 syntax), and four instances from fixed seeds.  The point of the
family is breadth: the encodings were written from the problem descriptions,
not from minasp's behaviour, and the solver is not to be tuned to them.

    python3 bench/gen_suite.py                 # writes every file, byte for byte the same each time
    python3 bench/gen_suite.py hanoi sat       # the files of the named problems only
    python3 bench/gen_suite.py --check [P..]   # runs clingo on every (encoding, instance) pair,
                                               # prints the times, checks the two styles agree
    python3 bench/gen_suite.py --check --minasp [P..]   # the same with minasp next to clingo
    python3 bench/gen_suite.py --search [P..]  # the clingo runs that fixed the recorded horizons,
                                               # bounds and makespans (see below)

Files (all in bench/workloads/):

  suite_<problem>_<style>.lp          the encodings, two per problem;
  suite_<problem>_<half>_<desc>.lp    the instances (facts and #const), four per problem:
                                      half `tune` (two: the instances tuning may look at) or
                                      `held` (two: held back, never tuned on).

The family is a check, not a target: its encodings were not written for
minasp, and the held-back half must never be looked at when tuning (no
profiling, debugging or heuristics picked on it).

Within a problem the four instances come from the same generator with the same
size parameters; where a problem has a natural unsatisfiable variant (a plan
one step shorter than the shortest, a bound one past the optimum) each half
has one satisfiable and one unsatisfiable instance; where the answer is the
instance's own (colour, ham, latin, golfer, sat) the seeds were picked to give
each half one of each.  The sizes (and a few seeds) were picked by timing
clingo 5.4.1 (`clingo ENC INST -q`, the first answer set) on the shared 2-core
machine, aiming at 0.2-3 s; the two styles of a problem often differ by
10-50x, so one of them is usually faster than that.  The chosen parameters are
recorded in INSTANCES below, so that rerunning this script writes the same
files.

Plan lengths (hanoi, sokoban, slide) are computed here exactly by breadth-first
search.  The other thresholds (the shortest blocks-world plan, the smallest
vertex cover, the shortest job-shop makespan) were found with clingo
(`--search` repeats those runs) and are recorded in INSTANCES.
"""
import os
import random
import re
import subprocess
import sys
import time
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'workloads')
REPO = os.path.dirname(HERE)
MINASP = os.path.join(REPO, 'target/release/minasp')


def facts(items, per_line=8):
    """Facts joined a few to a line."""
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(' '.join(items[i:i + per_line]))
    return '\n'.join(lines) + '\n' if lines else ''


# =====================================================================
# The encodings: ENCODINGS[(problem, style)] is the file's text.
# =====================================================================
ENCODINGS = {}

# ------------------------------------------------------------- blocks
ENCODINGS[('blocks', 'inertia')] = """\
% Blocks world, fixed horizon (bench/gen_suite.py): at most one move per step,
% fluents on/3 with frame axioms (a block stays where it is unless it moved).
% Instance: block/1, init(B,L), goal(B,L) (L a block or table), #const horizon.
time(1..horizon).
location(table).
location(B) :- block(B).
on(B,L,0) :- init(B,L).

{ move(B,L,T) : block(B), location(L), B != L } 1 :- time(T).
moved(B,T) :- move(B,_,T).

% the moved block is clear, the destination is clear (or the table), and it
% is not where the block already is
:- move(B,_,T), on(_,B,T-1).
:- move(_,L,T), on(_,L,T-1), block(L).
:- move(B,L,T), on(B,L,T-1).

% effects and inertia
on(B,L,T) :- move(B,L,T).
on(B,L,T) :- on(B,L,T-1), time(T), not moved(B,T).

:- goal(B,L), not on(B,L,horizon).
#show move/3.
"""

ENCODINGS[('blocks', 'strips')] = """\
% Blocks world as a STRIPS problem (bench/gen_suite.py): ground actions with
% precondition, add and delete lists derived from the blocks, exactly one
% action per step (a noop among them); a fluent holds when the step's action
% adds it, or it held before and the action does not delete it.
% Instance: block/1, init(B,L), goal(B,L) (L a block or table), #const horizon.
time(1..horizon).
location(table).
location(B) :- block(B).

holds(on(B,L),0) :- init(B,L).
holds(clear(B),0) :- block(B), not covered(B).
covered(B) :- init(_,B).

action(move(B,X,Y)) :- block(B), location(X), location(Y), B != X, B != Y, X != Y.
action(noop).
pre(move(B,X,Y),on(B,X)) :- action(move(B,X,Y)).
pre(move(B,X,Y),clear(B)) :- action(move(B,X,Y)).
pre(move(B,X,Y),clear(Y)) :- action(move(B,X,Y)), block(Y).
add(move(B,X,Y),on(B,Y)) :- action(move(B,X,Y)).
add(move(B,X,Y),clear(X)) :- action(move(B,X,Y)), block(X).
del(move(B,X,Y),on(B,X)) :- action(move(B,X,Y)).
del(move(B,X,Y),clear(Y)) :- action(move(B,X,Y)), block(Y).

1 { occurs(A,T) : action(A) } 1 :- time(T).
:- occurs(A,T), pre(A,F), not holds(F,T-1).
holds(F,T) :- occurs(A,T), add(A,F).
holds(F,T) :- holds(F,T-1), time(T), not deleted(F,T).
deleted(F,T) :- occurs(A,T), del(A,F).

:- goal(B,L), not holds(on(B,L),horizon).
% state constraints, redundant but a great help to the search: a block is on
% one thing, a block carries one block, a block carrying one is not clear
:- holds(on(B,L1),T), holds(on(B,L2),T), L1 < L2.
:- holds(on(A,B),T), holds(on(C,B),T), A < C, block(B).
:- holds(on(A,B),T), holds(clear(B),T).
#show occurs/2.
"""

# -------------------------------------------------------------- hanoi
ENCODINGS[('hanoi', 'move')] = """\
% Towers of Hanoi, any start and goal configuration, fixed horizon
% (bench/gen_suite.py): at most one move per step; a disk stays on its peg
% unless it is moved (frame axiom with `not moved`).  Disk 1 is the smallest.
% Instance: peg/1, disk/1, init_on(D,P), goal_on(D,P), #const horizon.
time(1..horizon).
on(D,P,0) :- init_on(D,P).

{ move(D,P,T) : disk(D), peg(P) } 1 :- time(T).
moved(D,T) :- move(D,_,T).

% not onto its own peg; only the top disk of a peg moves; never onto a smaller disk
:- move(D,P,T), on(D,P,T-1).
:- move(D,_,T), on(D,Q,T-1), on(E,Q,T-1), E < D.
:- move(D,P,T), on(E,P,T-1), E < D.

on(D,P,T) :- move(D,P,T).
on(D,P,T) :- on(D,P,T-1), time(T), not moved(D,T).

:- goal_on(D,P), not on(D,P,horizon).
#show move/3.
"""

ENCODINGS[('hanoi', 'state')] = """\
% Towers of Hanoi, any start and goal configuration, fixed horizon
% (bench/gen_suite.py), as a sequence of states: each disk is on one peg at
% every step; between two steps at most one disk changes peg, and only a disk
% with no smaller disk on its old or its new peg.  Disk 1 is the smallest.
% Instance: peg/1, disk/1, init_on(D,P), goal_on(D,P), #const horizon.
time(0..horizon).
1 { loc(D,P,T) : peg(P) } 1 :- disk(D), time(T).
:- init_on(D,P), not loc(D,P,0).
:- goal_on(D,P), not loc(D,P,horizon).

changed(D,T) :- loc(D,P,T), not loc(D,P,T-1), time(T), T > 0.
:- time(T), T > 0, #count { D : changed(D,T) } > 1.
:- changed(D,T), loc(D,P,T-1), loc(E,P,T-1), E < D.
:- changed(D,T), loc(D,P,T), loc(E,P,T-1), E < D.
#show loc/3.
"""

# ------------------------------------------------------------ sokoban
ENCODINGS[('sokoban', 'move')] = """\
% Sokoban, fixed horizon (bench/gen_suite.py): at most one step of the player
% per time step, up, down, left or right; stepping onto a box pushes it one
% cell further, which must be a free cell.  Fluents at/3 (the player) and
% box/3 with frame axioms.
% Instance: cell(X,Y) (the floor), player(X,Y), box(X,Y), target(X,Y), #const horizon.
time(1..horizon).
dir(u,0,-1). dir(d,0,1). dir(l,-1,0). dir(r,1,0).
at(X,Y,0) :- player(X,Y).
box(X,Y,0) :- box(X,Y).

{ go(D,T) : dir(D,_,_) } 1 :- time(T).
went(T) :- go(_,T).

at(X+DX,Y+DY,T) :- go(D,T), dir(D,DX,DY), at(X,Y,T-1).
:- at(X,Y,T), not cell(X,Y).
push(X+DX,Y+DY,D,T) :- go(D,T), dir(D,DX,DY), at(X,Y,T-1), box(X+DX,Y+DY,T-1).
:- push(X,Y,D,T), dir(D,DX,DY), not cell(X+DX,Y+DY).
:- push(X,Y,D,T), dir(D,DX,DY), box(X+DX,Y+DY,T-1).
box(X+DX,Y+DY,T) :- push(X,Y,D,T), dir(D,DX,DY).
pushed(X,Y,T) :- push(X,Y,_,T).

at(X,Y,T) :- at(X,Y,T-1), time(T), not went(T).
box(X,Y,T) :- box(X,Y,T-1), time(T), not pushed(X,Y,T).

:- target(X,Y), not box(X,Y,horizon).
#show go/2.
"""

ENCODINGS[('sokoban', 'state')] = """\
% Sokoban, fixed horizon (bench/gen_suite.py), as a sequence of states: at
% every step the player is on one cell, next to (or on) its cell of the step
% before, and the boxes are on as many cells as at the start; a box leaves its
% cell only when the player steps onto it, and then it reappears one cell
% further in the player's direction; no box appears anywhere else.
% Instance: cell(X,Y) (the floor), player(X,Y), box(X,Y), target(X,Y), #const horizon.
time(1..horizon).
dir(0,-1). dir(0,1). dir(-1,0). dir(1,0).
at(X,Y,0) :- player(X,Y).
box(X,Y,0) :- box(X,Y).
boxes(N) :- N = #count { X,Y : box(X,Y) }.

1 { at(X,Y,T) : cell(X,Y) } 1 :- time(T).
near(X,Y,T) :- at(X,Y,T-1), time(T).
near(X+DX,Y+DY,T) :- at(X,Y,T-1), dir(DX,DY), time(T).
:- at(X,Y,T), time(T), not near(X,Y,T).

{ box(X,Y,T) : cell(X,Y) } :- time(T).
:- time(T), boxes(N), not N { box(X,Y,T) : cell(X,Y) } N.
:- at(X,Y,T), box(X,Y,T).
:- box(X,Y,T-1), not box(X,Y,T), not at(X,Y,T), time(T).
pushed(X+DX,Y+DY,T) :- box(X,Y,T-1), at(X,Y,T), at(X-DX,Y-DY,T-1), dir(DX,DY).
:- pushed(X,Y,T), not box(X,Y,T).
:- box(X,Y,T), not box(X,Y,T-1), not pushed(X,Y,T), time(T).

:- target(X,Y), not box(X,Y,horizon).
#show at/3.
"""

# -------------------------------------------------------------- slide
ENCODINGS[('slide', 'inertia')] = """\
% The n x n sliding-tile puzzle (15-puzzle for n = 4), fixed horizon
% (bench/gen_suite.py): at most one tile per step slides into the gap next to
% it; every other tile stays where it is (`not moved` inertia).
% Instance: #const n, #const horizon, tile(V,X,Y), blank(X,Y), goal(V,X,Y).
time(1..horizon).
at(V,X,Y,0) :- tile(V,X,Y).
gap(X,Y,0) :- blank(X,Y).

{ move(V,T) : tile(V,_,_) } 1 :- time(T).
moved(T) :- move(_,T).
:- move(V,T), at(V,X,Y,T-1), gap(GX,GY,T-1), |X-GX| + |Y-GY| != 1.

at(V,X,Y,T) :- move(V,T), gap(X,Y,T-1).
gap(X,Y,T) :- move(V,T), at(V,X,Y,T-1).
at(V,X,Y,T) :- at(V,X,Y,T-1), time(T), not move(V,T).
gap(X,Y,T) :- gap(X,Y,T-1), time(T), not moved(T).

:- goal(V,X,Y), not at(V,X,Y,horizon).
#show move/2.
"""

ENCODINGS[('slide', 'state')] = """\
% The n x n sliding-tile puzzle (15-puzzle for n = 4), fixed horizon
% (bench/gen_suite.py), as a sequence of states: every step places the tiles
% and the gap (0) on the board one to a cell; a tile is either where it was or
% on the gap's cell of the step before, next to its old cell, and at most one
% tile moves per step.
% Instance: #const n, #const horizon, tile(V,X,Y), blank(X,Y), goal(V,X,Y).
time(0..horizon).
coord(1..n).
piece(0).
piece(V) :- tile(V,_,_).

1 { at(V,X,Y,T) : coord(X), coord(Y) } 1 :- piece(V), time(T).
1 { at(V,X,Y,T) : piece(V) } 1 :- coord(X), coord(Y), time(T).
:- tile(V,X,Y), not at(V,X,Y,0).
:- goal(V,X,Y), not at(V,X,Y,horizon).

moves(V,T) :- at(V,X,Y,T), not at(V,X,Y,T-1), V != 0, time(T), T > 0.
:- moves(V,T), at(V,X,Y,T), not at(0,X,Y,T-1).
:- moves(V,T), at(V,X,Y,T), at(V,X2,Y2,T-1), |X-X2| + |Y-Y2| != 1.
:- time(T), T > 0, 2 { moves(V,T) : piece(V) }.
#show at/4.
"""

# ---------------------------------------------------------------- ham
ENCODINGS[('ham', 'reach')] = """\
% Hamiltonian cycle in a directed graph (bench/gen_suite.py): one chosen edge
% out of and one into every node, and every node reached from node 1 along
% the chosen edges (a recursive, non-tight reachability check).
% Instance: node/1 (1..n), edge(X,Y).
{ cycle(X,Y) : edge(X,Y) } = 1 :- node(X).
{ cycle(X,Y) : edge(X,Y) } = 1 :- node(Y).
reached(Y) :- cycle(1,Y).
reached(Y) :- reached(X), cycle(X,Y).
:- node(Y), not reached(Y).
#show cycle/2.
"""

ENCODINGS[('ham', 'order')] = """\
% Hamiltonian cycle in a directed graph (bench/gen_suite.py) as a permutation:
% every node gets one position 1..n and every position one node, node 1 first;
% consecutive positions (and the last and the first) must be joined by an edge.
% Instance: node/1 (1..n), edge(X,Y).
last(N) :- N = #count { X : node(X) }.
position(1..N) :- last(N).
1 { pos(X,I) : position(I) } 1 :- node(X).
1 { pos(X,I) : node(X) } 1 :- position(I).
pos(1,1).
:- pos(X,I), pos(Y,I+1), not edge(X,Y).
:- pos(X,N), last(N), not edge(X,1).
#show pos/2.
"""

# ------------------------------------------------------------- colour
ENCODINGS[('colour', 'choice')] = """\
% Graph colouring (bench/gen_suite.py): a choice rule gives every node exactly
% one colour; the ends of an edge differ.
% Instance: node/1, edge(X,Y), colour/1.
{ col(X,C) : colour(C) } = 1 :- node(X).
:- edge(X,Y), col(X,C), col(Y,C).
#show col/2.
"""

ENCODINGS[('colour', 'neg')] = """\
% Graph colouring (bench/gen_suite.py), the guess by negation: a node takes a
% colour unless it takes another one; the ends of an edge differ.
% Instance: node/1, edge(X,Y), colour/1.
col(X,C) :- node(X), colour(C), not other(X,C).
other(X,C) :- node(X), colour(C), col(X,D), C != D.
:- edge(X,Y), colour(C), col(X,C), col(Y,C).
#show col/2.
"""

# ------------------------------------------------------------- clique
ENCODINGS[('clique', 'card')] = """\
% A clique of k nodes (bench/gen_suite.py): choose exactly k nodes, no two of
% them non-adjacent.
% Instance: node/1, edge(X,Y) (X < Y, undirected), #const k.
adj(X,Y) :- edge(X,Y).
adj(Y,X) :- edge(X,Y).
k { in(X) : node(X) } k.
:- in(X), in(Y), X < Y, not adj(X,Y).
#show in/1.
"""

ENCODINGS[('clique', 'slot')] = """\
% A clique of k nodes (bench/gen_suite.py) as k numbered slots: every slot
% holds one node, in increasing order of the nodes (so no node twice and no
% permuted copies), and the nodes of any two slots are adjacent.
% Instance: node/1, edge(X,Y) (X < Y, undirected), #const k.
slot(1..k).
1 { put(I,X) : node(X) } 1 :- slot(I).
:- put(I,X), put(I+1,Y), Y <= X.
:- put(I,X), put(J,Y), I < J, not edge(X,Y).
#show put/2.
"""

# ------------------------------------------------------------- vcover
ENCODINGS[('vcover', 'card')] = """\
% A vertex cover of at most k nodes (bench/gen_suite.py): a cardinality-bounded
% choice rule; every edge has an end in the cover.
% Instance: node/1, edge(X,Y), #const k.
{ in(X) : node(X) } k.
:- edge(X,Y), not in(X), not in(Y).
#show in/1.
"""

ENCODINGS[('vcover', 'count')] = """\
% A vertex cover of at most k nodes (bench/gen_suite.py): every node is in or
% out (an even loop through negation), no edge has both ends out, and a
% #count aggregate bounds the cover.
% Instance: node/1, edge(X,Y), #const k.
in(X) :- node(X), not out(X).
out(X) :- node(X), not in(X).
:- edge(X,Y), out(X), out(Y).
:- #count { X : in(X) } > k.
#show in/1.
"""

# ---------------------------------------------------------------- jobshop
ENCODINGS[('jobshop', 'time')] = """\
% Job-shop scheduling with a deadline (bench/gen_suite.py), time-indexed: every
% operation gets one start time; a job's operations run in order; a machine
% runs at most one operation at any time point (a #count per machine and time).
% Instance: op(J,K,M,D) (operation K of job J runs D time units on machine M),
% #const horizon (every operation must end by then).
1 { start(J,K,S) : S = 0..horizon-D } 1 :- op(J,K,_,D).
:- start(J,K,S), op(J,K,_,D), start(J,K+1,S2), S2 < S + D.
machine(M) :- op(_,_,M,_).
:- machine(M), T = 0..horizon-1,
   #count { J,K : start(J,K,S), op(J,K,M,D), S <= T, T < S + D } > 1.
#show start/3.
"""

ENCODINGS[('jobshop', 'order')] = """\
% Job-shop scheduling with a deadline (bench/gen_suite.py), the order encoding
% of a SAT solver: ge(J,K,T) says operation K of job J starts at T or later; a
% job's operations run in order; for two operations on one machine a guessed
% before/2 says which runs first, and the other starts after it ends.
% Instance: op(J,K,M,D) (operation K of job J runs D time units on machine M),
% #const horizon (every operation must end by then).
tp(1..horizon).
ge(J,K,0) :- op(J,K,_,_).
{ ge(J,K,T) } :- op(J,K,_,_), tp(T).
:- ge(J,K,T+1), not ge(J,K,T), op(J,K,_,_), tp(T).
:- ge(J,K,T), op(J,K,_,D), T > horizon - D.

:- ge(J,K,T), op(J,K,_,D), op(J,K+1,_,_), not ge(J,K+1,T+D).

same(J1,K1,J2,K2) :- op(J1,K1,M,_), op(J2,K2,M,_), J1 < J2.
{ before(J1,K1,J2,K2) } :- same(J1,K1,J2,K2).
:- before(J1,K1,J2,K2), ge(J1,K1,T), op(J1,K1,_,D), not ge(J2,K2,T+D).
:- same(J1,K1,J2,K2), not before(J1,K1,J2,K2), ge(J2,K2,T), op(J2,K2,_,D), not ge(J1,K1,T+D).
#show ge/3.
"""

# -------------------------------------------------------------- latin
ENCODINGS[('latin', 'pairs')] = """\
% Quasigroup (Latin square) completion (bench/gen_suite.py): every cell of the
% n x n square gets one value; pairwise constraints forbid a value twice in a
% row or a column; the given cells keep their values.
% Instance: #const n, given(R,C,V).
num(1..n).
1 { q(R,C,V) : num(V) } 1 :- num(R), num(C).
:- q(R,C1,V), q(R,C2,V), C1 < C2.
:- q(R1,C,V), q(R2,C,V), R1 < R2.
:- given(R,C,V), not q(R,C,V).
#show q/3.
"""

ENCODINGS[('latin', 'dual')] = """\
% Quasigroup (Latin square) completion (bench/gen_suite.py), the three
% channelled views as exactly-one choices: every cell has one value, every
% value is once in every row and once in every column; given cells are facts.
% Instance: #const n, given(R,C,V).
num(1..n).
q(R,C,V) :- given(R,C,V).
{ q(R,C,V) : num(V) } = 1 :- num(R), num(C).
{ q(R,C,V) : num(C) } = 1 :- num(R), num(V).
{ q(R,C,V) : num(R) } = 1 :- num(C), num(V).
#show q/3.
"""

# ------------------------------------------------------------- golfer
ENCODINGS[('golfer', 'count')] = """\
% The social golfer problem (bench/gen_suite.py): every week the golfers play
% in groups of the same size; no two golfers play in the same group more than
% once.  Some pairs of golfers refuse to play together at all.  Week 1 is
% fixed (golfers 1..size in group 1, and so on), which is what users write to
% break the symmetry.
% Instance: #const groups, #const size, #const weeks, apart(P,Q) (P < Q).
golfer(1..groups*size).
group(1..groups).
week(1..weeks).
1 { plays(P,G,W) : group(G) } 1 :- golfer(P), week(W).
:- group(G), week(W), not size { plays(P,G,W) : golfer(P) } size.
meet(P,Q,W) :- plays(P,G,W), plays(Q,G,W), P < Q.
:- golfer(P), golfer(Q), P < Q, 2 { meet(P,Q,W) : week(W) }.
:- apart(P,Q), meet(P,Q,_).
plays(P,(P-1)/size+1,1) :- golfer(P).
#show plays/3.
"""

ENCODINGS[('golfer', 'slots')] = """\
% The social golfer problem (bench/gen_suite.py) with numbered places: every
% week every group has places 1..size, each taken by one golfer, in increasing
% order; every golfer has one place a week; a #count over the weeks bounds how
% often two golfers share a group.  Some pairs refuse to play together at all.
% Week 1 is fixed (golfers 1..size in group 1, and so on).
% Instance: #const groups, #const size, #const weeks, apart(P,Q) (P < Q).
golfer(1..groups*size).
group(1..groups).
week(1..weeks).
place(1..size).
1 { at(W,G,I,P) : golfer(P) } 1 :- week(W), group(G), place(I).
1 { at(W,G,I,P) : group(G), place(I) } 1 :- golfer(P), week(W).
:- at(W,G,I,P), at(W,G,I+1,Q), Q <= P.
at(1,G,I,(G-1)*size+I) :- group(G), place(I).
plays(P,G,W) :- at(W,G,_,P).
:- golfer(P), golfer(Q), P < Q, #count { W : plays(P,G,W), plays(Q,G,W) } > 1.
:- apart(P,Q), plays(P,G,W), plays(Q,G,W).
#show plays/3.
"""

# ------------------------------------------------------------- killer
ENCODINGS[('killer', 'sum')] = """\
% Killer sudoku (bench/gen_suite.py): a 9 x 9 sudoku without givens, the
% board cut into cages; the digits of a cage differ and add up to the cage's
% sum (a #sum aggregate in a constraint).  Pairwise constraints for rows,
% columns and boxes.
% Instance: cage(K,R,C) (cell R,C is in cage K), cagesum(K,S).
num(1..9).
box(R,C,(R-1)/3*3+(C-1)/3+1) :- num(R), num(C).
{ x(R,C,V) : num(V) } = 1 :- num(R), num(C).
:- x(R,C1,V), x(R,C2,V), C1 < C2.
:- x(R1,C,V), x(R2,C,V), R1 < R2.
:- x(R1,C1,V), x(R2,C2,V), box(R1,C1,B), box(R2,C2,B), (R1,C1) < (R2,C2).
:- cage(K,R1,C1), cage(K,R2,C2), (R1,C1) < (R2,C2), x(R1,C1,V), x(R2,C2,V).
:- cagesum(K,S), #sum { V,R,C : x(R,C,V), cage(K,R,C) } != S.
#show x/3.
"""

ENCODINGS[('killer', 'assign')] = """\
% Killer sudoku (bench/gen_suite.py): a 9 x 9 sudoku without givens, the
% board cut into cages.  Every cell has one digit and every digit is once in
% every row, column, box and at most once in a cage (cardinality choices and a
% #count); a cage's total is computed by an assignment aggregate
% (T = #sum {..}) and compared with its sum.
% Instance: cage(K,R,C) (cell R,C is in cage K), cagesum(K,S).
num(1..9).
in_box(B,R,C) :- num(R), num(C), B = (R-1)/3*3+(C-1)/3+1.
{ x(R,C,V) : num(V) } = 1 :- num(R), num(C).
{ x(R,C,V) : num(C) } = 1 :- num(R), num(V).
{ x(R,C,V) : num(R) } = 1 :- num(C), num(V).
{ x(R,C,V) : in_box(B,R,C) } = 1 :- num(B), num(V).
:- cagesum(K,_), num(V), #count { R,C : x(R,C,V), cage(K,R,C) } > 1.
total(K,T) :- cagesum(K,_), T = #sum { V,R,C : x(R,C,V), cage(K,R,C) }.
:- total(K,T), cagesum(K,S), T != S.
#show x/3.
"""

# ---------------------------------------------------------------- sat
ENCODINGS[('sat', 'choice')] = """\
% Propositional satisfiability (bench/gen_suite.py): a choice rule guesses the
% true variables; one constraint per clause, with conditional literals, rules
% out the assignments that falsify all of its literals.
% Instance: var/1, clause/1, pos(C,V) and neg(C,V) (V occurs in clause C).
{ x(V) : var(V) }.
:- clause(C), not x(V) : pos(C,V); x(V) : neg(C,V).
#show x/1.
"""

ENCODINGS[('sat', 'tf')] = """\
% Propositional satisfiability (bench/gen_suite.py) without choice rules: a
% variable is true unless false and false unless true; a clause is satisfied
% by one of its literals, and every clause must be.
% Instance: var/1, clause/1, pos(C,V) and neg(C,V) (V occurs in clause C).
true(V) :- var(V), not false(V).
false(V) :- var(V), not true(V).
sat(C) :- pos(C,V), true(V).
sat(C) :- neg(C,V), false(V).
:- clause(C), not sat(C).
#show true/1.
"""

STYLES = {}
for (_p, _s) in ENCODINGS:
    STYLES.setdefault(_p, []).append(_s)
PROBLEMS = list(STYLES)


# =====================================================================
# The instance generators.  Each returns the text of an instance file.
# =====================================================================
def header(lines):
    return ''.join('%% %s\n' % l for l in lines)


# ------------------------------------------------------------- blocks
def towers(rng, blocks):
    """A random stacking: a random order cut into towers (a new tower with
    probability 1/3 at each block): (block, what it is on) pairs."""
    order = blocks[:]
    rng.shuffle(order)
    out, below = [], 'table'
    for b in order:
        out.append((b, below))
        below = 'table' if rng.random() < 1 / 3 else b
    return out


def gen_blocks(n, seed, horizon, shortest):
    rng = random.Random(seed)
    bs = list(range(1, n + 1))
    init, goal = towers(rng, bs), towers(rng, bs)
    what = 'satisfiable' if horizon >= shortest else 'unsatisfiable: one step short'
    text = header(['Blocks world (bench/gen_suite.py, seed %d): %d blocks, random start and goal'
                   % (seed, n),
                   'stackings; the shortest plan has %d moves (found with clingo);' % shortest,
                   'horizon %d (%s).' % (horizon, what)])
    text += '#const horizon = %d.\nblock(1..%d).\n' % (horizon, n)
    text += facts(['init(%d,%s).' % f for f in sorted(init)])
    text += facts(['goal(%d,%s).' % f for f in sorted(goal)])
    return text


# -------------------------------------------------------------- hanoi
def hanoi_distance(n, pegs, start, goal):
    """Breadth-first search over the pegs^n configurations (disk i on peg
    state[i], disk 0 the smallest)."""
    start, goal = tuple(start), tuple(goal)
    dist = {start: 0}
    q = deque([start])
    while q:
        s = q.popleft()
        if s == goal:
            return dist[s]
        top = {}
        for d in range(n - 1, -1, -1):
            top[s[d]] = d   # the smallest disk on each peg wins
        for p, d in top.items():
            for p2 in range(pegs):
                if p2 != p and (p2 not in top or top[p2] > d):
                    t = s[:d] + (p2,) + s[d + 1:]
                    if t not in dist:
                        dist[t] = dist[s] + 1
                        q.append(t)
    return None


def gen_hanoi(n, pegs, seed, short):
    rng = random.Random(seed)
    start = [rng.randrange(pegs) for _ in range(n)]
    goal = [rng.randrange(pegs) for _ in range(n)]
    best = hanoi_distance(n, pegs, start, goal)
    horizon = best - 1 if short else best
    text = header(['Towers of Hanoi (bench/gen_suite.py, seed %d): %d disks on %d pegs, random start and'
                   % (seed, n, pegs),
                   'goal configurations; the shortest plan has %d moves (breadth-first search);'
                   % best,
                   'horizon %d (%s).' % (horizon, 'unsatisfiable: one step short' if short else 'satisfiable')])
    text += '#const horizon = %d.\npeg(1..%d).\ndisk(1..%d).\n' % (horizon, pegs, n)
    text += facts(['init_on(%d,%d).' % (d + 1, start[d] + 1) for d in range(n)])
    text += facts(['goal_on(%d,%d).' % (d + 1, goal[d] + 1) for d in range(n)])
    return text


# ------------------------------------------------------------ sokoban
def sokoban_distance(cells, player, boxes, targets, limit=2000000):
    """The fewest steps of the player (moves and pushes) that put every box on
    a target, by breadth-first search; None if there is none."""
    targets = frozenset(targets)
    start = (player, frozenset(boxes))
    dist = {start: 0}
    q = deque([start])
    while q:
        s = q.popleft()
        p, bx = s
        if bx == targets:
            return dist[s]
        if len(dist) > limit:
            return None
        for dx, dy in [(0, -1), (0, 1), (-1, 0), (1, 0)]:
            n = (p[0] + dx, p[1] + dy)
            if n not in cells:
                continue
            if n in bx:
                b2 = (n[0] + dx, n[1] + dy)
                if b2 not in cells or b2 in bx:
                    continue
                t = (n, (bx - {n}) | {b2})
            else:
                t = (n, bx)
            if t not in dist:
                dist[t] = dist[s] + 1
                q.append(t)
    return None


def sokoban_room(rng, w, h, nboxes, walls, lo, hi):
    """Random rooms until one is solvable in lo..hi steps: a w x h floor with
    random inner walls, the player, boxes and targets on random floor cells.
    Returns the room and the length of the shortest solution."""
    while True:
        cells = set()
        for y in range(1, h + 1):
            for x in range(1, w + 1):
                if rng.random() >= walls:
                    cells.add((x, y))
        free = sorted(cells)
        if len(free) < 2 * nboxes + 1:
            continue
        pick = rng.sample(free, 2 * nboxes + 1)
        player, boxes, targets = pick[0], pick[1:nboxes + 1], pick[nboxes + 1:]
        d = sokoban_distance(cells, player, boxes, targets)
        if d is not None and lo <= d <= hi:
            return cells, player, boxes, targets, d


def gen_sokoban(w, h, nboxes, walls, lo, hi, seed, short):
    rng = random.Random(seed)
    cells, player, boxes, targets, best = sokoban_room(rng, w, h, nboxes, walls, lo, hi)
    horizon = best - 1 if short else best
    text = header(['Sokoban (bench/gen_suite.py, seed %d): a %d x %d room with random inner walls (%.2f),'
                   % (seed, w, h, walls),
                   '%d boxes, the first of random rooms solvable in %d-%d steps; the shortest solution'
                   % (nboxes, lo, hi),
                   'has %d steps (breadth-first search); horizon %d (%s).'
                   % (best, horizon, 'unsatisfiable: one step short' if short else 'satisfiable')])
    rows = []
    for y in range(0, h + 2):
        row = ''
        for x in range(0, w + 2):
            c = (x, y)
            row += ('@' if c == player else '$' if c in boxes and c not in targets else
                    '*' if c in boxes else '.' if c in targets else ' ' if c in cells else '#')
        rows.append(row)
    text += header(['   ' + r for r in rows])
    text += '#const horizon = %d.\n' % horizon
    text += facts(['cell(%d,%d).' % c for c in sorted(cells)])
    text += 'player(%d,%d).\n' % player
    text += facts(['box(%d,%d).' % c for c in sorted(boxes)])
    text += facts(['target(%d,%d).' % c for c in sorted(targets)])
    return text


# -------------------------------------------------------------- slide
def slide_distance(n, start, goal):
    """Bidirectional breadth-first search over the board states (tuples, 0 the gap)."""
    def nbrs(s):
        g = s.index(0)
        x, y = g % n, g // n
        for dx, dy in [(0, -1), (0, 1), (-1, 0), (1, 0)]:
            if 0 <= x + dx < n and 0 <= y + dy < n:
                j = (y + dy) * n + x + dx
                t = list(s)
                t[g], t[j] = t[j], 0
                yield tuple(t)
    if start == goal:
        return 0
    da, db = {start: 0}, {goal: 0}
    fa, fb = [start], [goal]
    while fa and fb:
        if len(fa) <= len(fb):
            frontier, dist, other = fa, da, db
        else:
            frontier, dist, other = fb, db, da
        nxt, best = [], None
        for s in frontier:
            for t in nbrs(s):
                if t in other:
                    c = dist[s] + 1 + other[t]
                    best = c if best is None else min(best, c)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        if best is not None:
            return best
        if frontier is fa:
            fa = nxt
        else:
            fb = nxt
    return None


def gen_slide(n, walk, seed, short):
    rng = random.Random(seed)
    goal = tuple(list(range(1, n * n)) + [0])
    s = list(goal)
    g, last = n * n - 1, None
    for _ in range(walk):
        x, y = g % n, g // n
        moves = [(dx, dy) for dx, dy in [(0, -1), (0, 1), (-1, 0), (1, 0)]
                 if 0 <= x + dx < n and 0 <= y + dy < n and (-dx, -dy) != last]
        dx, dy = rng.choice(moves)
        j = (y + dy) * n + x + dx
        s[g], s[j] = s[j], 0
        g, last = j, (dx, dy)
    start = tuple(s)
    best = slide_distance(n, start, goal)
    horizon = best - 1 if short else best
    text = header(['%dx%d sliding-tile puzzle (bench/gen_suite.py, seed %d): the start is a random walk of'
                   % (n, n, seed),
                   '%d moves of the gap from the goal; the shortest solution has %d moves (breadth-first'
                   % (walk, best),
                   'search); horizon %d (%s).'
                   % (horizon, 'unsatisfiable: one step short' if short else 'satisfiable')])
    text += '#const n = %d.\n#const horizon = %d.\n' % (n, horizon)
    tiles = []
    for i, v in enumerate(start):
        if v:
            tiles.append('tile(%d,%d,%d).' % (v, i % n + 1, i // n + 1))
        else:
            blank = 'blank(%d,%d).' % (i % n + 1, i // n + 1)
    text += facts(tiles) + blank + '\n'
    text += facts(['goal(%d,%d,%d).' % (v, i % n + 1, i // n + 1) for i, v in enumerate(goal) if v])
    return text


# ---------------------------------------------------------------- ham
def gen_ham(w, h, cuts, seed):
    """A grid graph with cuts: the w x h grid, nodes numbered row by row, an
    edge both ways between neighbouring cells, then `cuts` random links taken
    out, each only if both its ends keep at least two neighbours."""
    rng = random.Random(seed)
    num = {(x, y): y * w + x + 1 for y in range(h) for x in range(w)}
    links = sorted((num[(x, y)], num[(x + dx, y + dy)]) for (x, y) in num
                   for dx, dy in [(1, 0), (0, 1)] if (x + dx, y + dy) in num)
    deg = {v: 0 for v in num.values()}
    for a, b in links:
        deg[a] += 1
        deg[b] += 1
    cut = set()
    for a, b in rng.sample(links, len(links)):
        if len(cut) == cuts:
            break
        if deg[a] > 2 and deg[b] > 2:
            cut.add((a, b))
            deg[a] -= 1
            deg[b] -= 1
    keep = [l for l in links if l not in cut]
    text = header(['Hamiltonian cycle (bench/gen_suite.py, seed %d): the %d x %d grid graph (%d nodes, an'
                   % (seed, w, h, w * h),
                   'edge both ways between neighbouring cells) with %d random links cut, every node'
                   % len(cut),
                   'keeping two neighbours at least.'])
    text += 'node(1..%d).\n' % (w * h)
    return text + facts(['edge(%d,%d). edge(%d,%d).' % (a, b, b, a) for a, b in keep], per_line=4)


# ------------------------------------------------------------- graphs
def random_graph(rng, n, m):
    """m distinct random edges (X < Y) on n nodes."""
    edges = set()
    while len(edges) < m:
        a, b = rng.sample(range(1, n + 1), 2)
        edges.add((min(a, b), max(a, b)))
    return sorted(edges)


def gen_colour(n, m, k, seed):
    rng = random.Random(seed)
    edges = random_graph(rng, n, m)
    text = header(['Graph colouring (bench/gen_suite.py, seed %d): a random graph G(n, m), %d nodes and %d'
                   % (seed, n, m),
                   'edges (average degree %.2f), %d colours.' % (2.0 * m / n, k)])
    text += 'node(1..%d).\ncolour(1..%d).\n' % (n, k)
    return text + facts(['edge(%d,%d).' % e for e in edges])


def gen_clique(n, p, seed, over):
    """k = the size of a largest clique (satisfiable), or one more (over)."""
    rng = random.Random(seed)
    edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < p]
    largest = max_clique(n, edges)
    k = largest + 1 if over else largest
    text = header(['Clique (bench/gen_suite.py, seed %d): a random graph G(%d, %.2f), %d edges; the largest'
                   % (seed, n, p, len(edges)),
                   'clique has %d nodes (Bron-Kerbosch); k = %d (%s).'
                   % (largest, k, 'unsatisfiable: one more' if over else 'satisfiable')])
    text += '#const k = %d.\nnode(1..%d).\n' % (k, n)
    return text + facts(['edge(%d,%d).' % e for e in edges])


def max_clique(n, edges):
    """The size of a largest clique (Bron-Kerbosch with pivoting)."""
    adj = {v: set() for v in range(1, n + 1)}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    best = [0]

    def bk(r, p, x):
        if not p and not x:
            best[0] = max(best[0], r)
            return
        if r + len(p) <= best[0]:
            return
        u = max(p | x, key=lambda v: len(adj[v] & p))
        for v in list(p - adj[u]):
            bk(r + 1, p & adj[v], x & adj[v])
            p = p - {v}
            x = x | {v}
    bk(0, set(adj), set())
    return best[0]


def gen_vcover(n, m, k, seed, smallest):
    rng = random.Random(seed)
    edges = random_graph(rng, n, m)
    text = header(['Vertex cover (bench/gen_suite.py, seed %d): a random graph G(n, m), %d nodes and %d edges;'
                   % (seed, n, m),
                   'the smallest cover has %d nodes (found with clingo); k = %d (%s).'
                   % (smallest, k, 'satisfiable' if k >= smallest else 'unsatisfiable')])
    text += '#const k = %d.\nnode(1..%d).\n' % (k, n)
    return text + facts(['edge(%d,%d).' % e for e in edges])


# ------------------------------------------------------------ jobshop
def jobshop_ops(jobs, machines, seed):
    rng = random.Random(seed)
    ops = []
    for j in range(1, jobs + 1):
        order = list(range(1, machines + 1))
        rng.shuffle(order)
        for k, m in enumerate(order, 1):
            ops.append((j, k, m, rng.randint(1, 9)))
    return ops


def gen_jobshop(jobs, machines, seed, horizon, shortest):
    ops = jobshop_ops(jobs, machines, seed)
    text = header(['Job-shop scheduling (bench/gen_suite.py, seed %d): %d jobs, each visiting the %d machines'
                   % (seed, jobs, machines),
                   'in a random order, durations 1-9; the shortest makespan is %d (found with clingo);'
                   % shortest,
                   'horizon %d (%s).'
                   % (horizon, 'satisfiable' if horizon >= shortest else 'unsatisfiable: one short')])
    text += '#const horizon = %d.\n' % horizon
    return text + facts(['op(%d,%d,%d,%d).' % o for o in ops], per_line=6)


# -------------------------------------------------------------- latin
def gen_latin(n, filled, seed):
    """Quasigroup completion in the style of Gomes and Selman: random cells get
    random values that clash with nothing given so far in their row or column,
    until the given share of the cells is filled (completable or not: about
    42% filled is the hardest region)."""
    rng = random.Random(seed)
    given = {}
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    empty = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(empty)
    want = round(filled * n * n)
    for r, c in empty:
        if len(given) == want:
            break
        options = [v for v in range(n) if v not in rows[r] and v not in cols[c]]
        if options:
            v = rng.choice(options)
            given[(r, c)] = v
            rows[r].add(v)
            cols[c].add(v)
    text = header(['Quasigroup completion (bench/gen_suite.py, seed %d): a %d x %d square with %d cells'
                   % (seed, n, n, len(given)),
                   '(%d%%) given, random cells with random values that clash with no value given before'
                   % round(100.0 * len(given) / (n * n)),
                   'in their row or column.'])
    text += '#const n = %d.\n' % n
    return text + facts(['given(%d,%d,%d).' % (r + 1, c + 1, v + 1) for (r, c), v in sorted(given.items())])


# ------------------------------------------------------------- golfer
def gen_golfer(groups, size, weeks, napart, seed):
    """Random pairs of golfers who refuse to share a group (never two golfers
    of the same group of week 1, which the encodings fix)."""
    rng = random.Random(seed)
    g = groups * size
    pairs = [(p, q) for p in range(1, g + 1) for q in range(p + 1, g + 1)
             if (p - 1) // size != (q - 1) // size]
    apart = sorted(rng.sample(pairs, napart))
    text = header(['Social golfer (bench/gen_suite.py, seed %d): %d groups of %d golfers for %d weeks;'
                   % (seed, groups, size, weeks),
                   '%d random pairs of golfers (from different groups of week 1) never play together.'
                   % napart])
    text += '#const groups = %d.\n#const size = %d.\n#const weeks = %d.\n' % (groups, size, weeks)
    return text + facts(['apart(%d,%d).' % p for p in apart])


# ------------------------------------------------------------- killer
def random_sudoku(rng):
    """A random full sudoku: the standard pattern with shuffled digits, rows
    within bands, bands, columns within stacks, stacks, and a random transpose."""
    def shuffled(xs):
        xs = list(xs)
        rng.shuffle(xs)
        return xs
    bands = shuffled(range(3))
    rows = [b * 3 + r for b in bands for r in shuffled(range(3))]
    stacks = shuffled(range(3))
    cols = [s * 3 + c for s in stacks for c in shuffled(range(3))]
    digits = shuffled(range(1, 10))
    grid = [[digits[(3 * (r % 3) + r // 3 + c) % 9] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return grid


def gen_killer(seed, maxcage, swap):
    """Cages grown at random (connected, 1..maxcage cells, distinct digits in
    the solution) over a random sudoku; with `swap` the sums of two cages of
    the same size that touch are exchanged (usually unsatisfiable, decided by
    clingo)."""
    rng = random.Random(seed)
    grid = random_sudoku(rng)
    cage = {}
    cages = []
    for r in range(9):
        for c in range(9):
            if (r, c) in cage:
                continue
            k = len(cages)
            want = rng.randint(2, maxcage)
            cells = [(r, c)]
            cage[(r, c)] = k
            while len(cells) < want:
                digits = {grid[a][b] for a, b in cells}
                front = sorted({(a + da, b + db) for a, b in cells
                                for da, db in [(0, 1), (1, 0), (0, -1), (-1, 0)]
                                if 0 <= a + da < 9 and 0 <= b + db < 9 and (a + da, b + db) not in cage
                                and grid[a + da][b + db] not in digits})
                if not front:
                    break
                n = rng.choice(front)
                cells.append(n)
                cage[n] = k
            cages.append(cells)
    sums = [sum(grid[a][b] for a, b in cells) for cells in cages]
    note = ''
    if swap:
        pairs = []
        for k1, c1 in enumerate(cages):
            for k2, c2 in enumerate(cages):
                if k1 < k2 and len(c1) == len(c2) and sums[k1] != sums[k2] and any(
                        abs(a - a2) + abs(b - b2) == 1 for a, b in c1 for a2, b2 in c2):
                    pairs.append((k1, k2))
        k1, k2 = rng.choice(pairs)
        sums[k1], sums[k2] = sums[k2], sums[k1]
        note = ('then the sums of two touching cages of %d cells (%d and %d) exchanged'
                % (len(cages[k1]), k1 + 1, k2 + 1))
    text = header(['Killer sudoku (bench/gen_suite.py, seed %d): a random sudoku cut into %d random'
                   % (seed, len(cages)),
                   'connected cages of 1-%d cells with distinct digits, no givens%s' % (maxcage, ';' if note else '.')]
                  + ([note + '.'] if note else []))
    text += facts(['cage(%d,%d,%d).' % (k + 1, a + 1, b + 1) for k, cells in enumerate(cages)
                   for a, b in sorted(cells)], per_line=9)
    return text + facts(['cagesum(%d,%d).' % (k + 1, s) for k, s in enumerate(sums)])


# ---------------------------------------------------------------- sat
def gen_sat(n, ratio, seed):
    rng = random.Random(seed)
    m = round(ratio * n)
    text = header(['Random 3-SAT (bench/gen_suite.py, seed %d): %d variables, %d clauses (ratio %.2f),'
                   % (seed, n, m, ratio),
                   'three distinct variables per clause, each negated with probability 1/2.'])
    text += 'var(1..%d).\nclause(1..%d).\n' % (n, m)
    lits = []
    for c in range(1, m + 1):
        for v in rng.sample(range(1, n + 1), 3):
            lits.append('%s(%d,%d).' % ('neg' if rng.random() < 0.5 else 'pos', c, v))
    return text + facts(lits, per_line=9)


GENERATORS = dict(blocks=gen_blocks, hanoi=gen_hanoi, sokoban=gen_sokoban, slide=gen_slide,
                  ham=gen_ham, colour=gen_colour, clique=gen_clique, vcover=gen_vcover,
                  jobshop=gen_jobshop, latin=gen_latin, golfer=gen_golfer, killer=gen_killer,
                  sat=gen_sat)

# =====================================================================
# The instances: (problem, half, file-name description, generator arguments).
# Per problem the tuning half first; consecutive seeds.
# =====================================================================
INSTANCES = [
    # shortest plans (found with clingo, `--search blocks`): 17, 14, 13, 12
    ('blocks', 'tune', 'b12_s1', (12, 1, 17, 17)),
    ('blocks', 'tune', 'b12_s2_short', (12, 2, 13, 14)),
    ('blocks', 'held', 'b12_s3', (12, 3, 13, 13)),
    ('blocks', 'held', 'b12_s4_short', (12, 4, 11, 12)),
    # 4 pegs, 9 disks; of seeds 1-10 (each with the shortest horizon and one less), kept
    # where clingo took 0.1-2.5 s in both styles (seed 2 took 5 s, seeds 5 and 10 under 0.1 s)
    ('hanoi', 'tune', 'd9_s1', (9, 4, 1, False)),
    ('hanoi', 'tune', 'd9_s3_short', (9, 4, 3, True)),
    ('hanoi', 'held', 'd9_s7', (9, 4, 7, False)),
    ('hanoi', 'held', 'd9_s8_short', (9, 4, 8, True)),
    ('sokoban', 'tune', 'r6_s1', (6, 6, 3, 0.2, 14, 18, 1, False)),
    ('sokoban', 'tune', 'r6_s2_short', (6, 6, 3, 0.2, 14, 18, 2, True)),
    ('sokoban', 'held', 'r6_s3', (6, 6, 3, 0.2, 14, 18, 3, False)),
    ('sokoban', 'held', 'r6_s4_short', (6, 6, 3, 0.2, 14, 18, 4, True)),
    ('slide', 'tune', 'n4_w14_s1', (4, 14, 1, False)),
    ('slide', 'tune', 'n4_w14_s2_short', (4, 14, 2, True)),
    ('slide', 'held', 'n4_w14_s3', (4, 14, 3, False)),
    ('slide', 'held', 'n4_w14_s4_short', (4, 14, 4, True)),
    # 6 x 6 grids, 8 links cut: seeds 1 and 3 have no Hamiltonian cycle, 2 and 4 have one
    ('ham', 'tune', 'g6x6_s1', (6, 6, 8, 1)),
    ('ham', 'tune', 'g6x6_s2', (6, 6, 8, 2)),
    ('ham', 'held', 'g6x6_s3', (6, 6, 8, 3)),
    ('ham', 'held', 'g6x6_s4', (6, 6, 8, 4)),
    # 4-colouring at average degree 8.64: of seeds 1-10 only 1 and 2 are colourable; one
    # colourable and one not per half (seed 4, 2-3 s, left out for time)
    ('colour', 'tune', 'n125_s2', (125, 540, 4, 2)),
    ('colour', 'tune', 'n125_s3', (125, 540, 4, 3)),
    ('colour', 'held', 'n125_s1', (125, 540, 4, 1)),
    ('colour', 'held', 'n125_s5', (125, 540, 4, 5)),
    ('clique', 'tune', 'n80_s1', (80, 0.5, 1, False)),
    ('clique', 'tune', 'n80_s2_over', (80, 0.5, 2, True)),
    ('clique', 'held', 'n80_s3', (80, 0.5, 3, False)),
    ('clique', 'held', 'n80_s4_over', (80, 0.5, 4, True)),
    # smallest covers (found with clingo, `--search vcover`): 38, 38, 35, 37
    ('vcover', 'tune', 'n65_s1', (65, 163, 38, 1, 38)),
    ('vcover', 'tune', 'n65_s2_under', (65, 163, 37, 2, 38)),
    ('vcover', 'held', 'n65_s3', (65, 163, 35, 3, 35)),
    ('vcover', 'held', 'n65_s4_under', (65, 163, 36, 4, 37)),
    # shortest makespans (found with clingo, `--search jobshop`): 69, 68, 64, 61
    ('jobshop', 'tune', 'j8_s1', (8, 8, 1, 69, 69)),
    ('jobshop', 'tune', 'j8_s2_short', (8, 8, 2, 67, 68)),
    ('jobshop', 'held', 'j8_s3', (8, 8, 3, 64, 64)),
    ('jobshop', 'held', 'j8_s4_short', (8, 8, 4, 60, 61)),
    # 55% given: seeds 2, 3, 4 completable, 1, 5, 6 not; one of each per half
    ('latin', 'tune', 'n25_s1', (25, 0.55, 1)),
    ('latin', 'tune', 'n25_s2', (25, 0.55, 2)),
    ('latin', 'held', 'n25_s3', (25, 0.55, 3)),
    ('latin', 'held', 'n25_s5', (25, 0.55, 5)),
    # 5 groups of 3 for 6 weeks, 3 pairs apart: seeds 1, 4, 5, 6 solvable, 2 and 3 not;
    # seeds 4 and 5 took clingo 7 s in the slots style, so the held half has seed 6
    ('golfer', 'tune', 'g5s3w6_s1', (5, 3, 6, 3, 1)),
    ('golfer', 'tune', 'g5s3w6_s2', (5, 3, 6, 3, 2)),
    ('golfer', 'held', 'g5s3w6_s3', (5, 3, 6, 3, 3)),
    ('golfer', 'held', 'g5s3w6_s6', (5, 3, 6, 3, 6)),
    ('killer', 'tune', 'c6_s1', (1, 6, False)),
    ('killer', 'tune', 'c6_s2_swap', (2, 6, True)),
    ('killer', 'held', 'c6_s3', (3, 6, False)),
    ('killer', 'held', 'c6_s4_swap', (4, 6, True)),
    # ratio 4.26: seeds 1 and 5 unsatisfiable, 2 and 6 satisfiable (3 and 4 were both
    # satisfiable, so the held half takes the next two seeds)
    ('sat', 'tune', 'n200_s1', (200, 4.26, 1)),
    ('sat', 'tune', 'n200_s2', (200, 4.26, 2)),
    ('sat', 'held', 'n200_s5', (200, 4.26, 5)),
    ('sat', 'held', 'n200_s6', (200, 4.26, 6)),
]


def instance_files(only=()):
    for problem, half, desc, args in INSTANCES:
        if only and problem not in only:
            continue
        yield problem, half, desc, args, 'suite_%s_%s_%s.lp' % (problem, half, desc)


def write(name, text):
    with open(os.path.join(OUT, name), 'w') as f:
        f.write(text)
    print('wrote', name, file=sys.stderr)


def run(cmd, timeout):
    """(result word, seconds) of one solver run."""
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=REPO)
    except subprocess.TimeoutExpired:
        return 'TIMEOUT', time.time() - t
    dt = time.time() - t
    w = re.search(r'^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)\s*$', p.stdout, re.M)
    if p.returncode not in (0, 10, 20, 30) or not w:
        return 'ERROR(exit %d: %s)' % (p.returncode, (p.stderr.strip().split('\n') or [''])[-1][:100]), dt
    return w.group(1), dt


def check(only, with_minasp, timeout):
    """Runs clingo (and minasp) on every pair, one process at a time."""
    bad = []
    for problem, half, desc, args, name in instance_files(only):
        inst = os.path.join('bench/workloads', name)
        answers = {}
        for style in STYLES[problem]:
            enc = 'bench/workloads/suite_%s_%s.lp' % (problem, style)
            cw, ct = run(['clingo', enc, inst, '-q'], timeout)
            answers[style] = cw
            line = 'suite/%s_%s/%s_%s  clingo %-13s %6.2fs' % (problem, style, half, desc, cw, ct)
            if with_minasp:
                mw, mt = run([MINASP, enc, inst, '-q'], 120)
                line += '   minasp %-13s %6.2fs  ratio %5.2f' % (mw, mt, mt / ct)
                if mw != cw:
                    line += '  DISAGREE'
                    bad.append('%s %s %s -q' % (MINASP, enc, inst))
            print(line, flush=True)
        if len(set(answers.values())) > 1:
            print('  STYLES DISAGREE on %s: %s' % (name, answers), flush=True)
            bad.append(name)
    if bad:
        print('disagreements:\n  ' + '\n  '.join(bad))
    return not bad


def main():
    argv = sys.argv[1:]
    only = [a for a in argv if not a.startswith('--')]
    unknown = [p for p in only if p not in STYLES]
    if unknown:
        sys.exit('unknown problem(s): %s (known: %s)' % (' '.join(unknown), ' '.join(PROBLEMS)))
    if '--check' in argv:
        sys.exit(0 if check(only, '--minasp' in argv, 60) else 1)
    if '--search' in argv:
        search(only)
        return
    for (problem, style), text in sorted(ENCODINGS.items()):
        if only and problem not in only:
            continue
        write('suite_%s_%s.lp' % (problem, style), text)
    for problem, half, desc, args, name in instance_files(only):
        write(name, GENERATORS[problem](*args))


def clingo_text(files, args=(), timeout=120):
    """clingo's output on the files."""
    p = subprocess.run(['clingo', '--time-limit=%d' % timeout] + list(files) + list(args),
                       capture_output=True, text=True)
    return p.stdout


def shortest(problem, style, make, start):
    """The smallest horizon (or bound) from `start` up at which clingo finds the
    instance make(h) satisfiable."""
    tmp = os.path.join(OUT, '.tmp_suite.lp')
    enc = os.path.join(OUT, 'suite_%s_%s.lp' % (problem, style))
    h = start
    try:
        while True:
            with open(tmp, 'w') as f:
                f.write(make(h))
            out = clingo_text([enc, tmp, '-q'])
            if re.search(r'^SATISFIABLE', out, re.M):
                return h
            if not re.search(r'^UNSATISFIABLE', out, re.M):
                return None
            h += 1
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def search(only):
    """The clingo runs behind the recorded thresholds of INSTANCES: the shortest
    blocks-world plan (from horizon 1 up, `inertia` style), the smallest vertex
    cover (clingo's optimum), the shortest job-shop makespan (from the larger of
    the longest job and the busiest machine up, `order` style).  Prints them next
    to the recorded values.  Needs the encodings written first."""
    seen = set()
    for problem, half, desc, args in INSTANCES:
        if (only and problem not in only) or (problem, args) in seen:
            continue
        seen.add((problem, args))
        if problem == 'blocks':
            n, seed, _, recorded = args
            found = shortest('blocks', 'inertia', lambda h: gen_blocks(n, seed, h, 0), 1)
        elif problem == 'vcover':
            n, m, _, seed, recorded = args
            tmp = os.path.join(OUT, '.tmp_suite.lp')
            with open(tmp, 'w') as f:
                f.write(gen_vcover(n, m, n, seed, 0) + '#minimize { 1,X : in(X) }.\n')
            out = clingo_text([os.path.join(OUT, 'suite_vcover_card.lp'), tmp, '-q'])
            os.remove(tmp)
            m_ = re.search(r'^Optimization\s*:\s*(\d+)', out, re.M)
            found = int(m_.group(1)) if m_ and 'OPTIMUM FOUND' in out else None
        elif problem == 'jobshop':
            j, m, seed, _, recorded = args
            ops = jobshop_ops(j, m, seed)
            lb = max(max(sum(o[3] for o in ops if o[0] == x) for x in range(1, j + 1)),
                     max(sum(o[3] for o in ops if o[2] == x) for x in range(1, m + 1)))
            found = shortest('jobshop', 'order', lambda h: gen_jobshop(j, m, seed, h, 0), lb)
        else:
            continue
        print('%s %s: found %s, recorded %s%s' % (problem, args, found, recorded,
                                                 '' if found == recorded else '  DIFFERENT'), flush=True)


if __name__ == '__main__':
    main()
