#!/usr/bin/env python3
"""Seed spread: both systems' searches on one workload, over several seeds.

A table row of bench/run.sh is one search per system: on a satisfiable
instance whose searches are heavy-tailed, one lucky or unlucky run decides
its ratio.  This script runs both systems on each chosen workload with the
default configuration (seed 0) and with `--seed=s --rand-freq=0.01` for
s = 1..N-1 (1% random decisions: the same perturbation for both), and
prints per workload the median wall time and median conflicts of each
system, the ratio of the medians and the ratio of the default runs, then
the geometric means of both ratios over the workloads.  A row whose default
ratio is far above its median ratio is luck; one whose median ratio is as
high is a search that is worse on that instance.

    python3 bench/spread.py golfer_count/held sat_tf/held   # rows whose name contains one of these
    python3 bench/spread.py --over 2 --half held            # rows over 2x in bench/results.md, held-back half
    python3 bench/spread.py --seeds 12 sat_tf               # seeds 0..11
    python3 bench/spread.py --same-ground killer_sum/held   # and minasp on gringo's ground program

With --same-ground, minasp also solves the ground program gringo writes for
the workload (`gringo FILES > ground.aspif; minasp --mode=clasp ground.aspif`,
over the same seeds), so that the search is compared on the very input
clasp searches: a gap that stays is the search's; one that goes away comes
from the ground program minasp builds itself (its statements' and atoms'
order, or its form).  Incremental rows have no single ground program and
are left out.

Needs clingo 5 on PATH and target/release/minasp (see --minasp).  Runs one
process at a time, each under /usr/bin/time (bench/run.py's `one_run`).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as R  # noqa: E402  (the workload definitions and the single run of bench/run.sh)


def rows_over(limit, path):
    """The workloads whose time ratio in the latest full run of `path` (the tables
    before its first `## ` section: earlier runs and `-t 2` runs follow) exceeds `limit`."""
    names = set()
    for line in open(path):
        if line.startswith('## '):
            break
        cells = [c.strip() for c in line.split('|')]
        if len(cells) > 4 and '/' in cells[1]:
            try:
                if float(cells[4]) > limit:
                    names.add(cells[1])
            except ValueError:
                pass
    return names


def runs(w, cmd, seeds, timeout, tmp):
    """(wall, conflicts) per seed of command `cmd` (one system's) on workload `w`."""
    out = []
    for s in range(seeds):
        extra = ['--seed=%d' % s, '--rand-freq=0.01'] if s else []
        r = R.one_run(cmd + extra + ['--stats'], timeout, tmp, 'run_%d' % s)
        if R.failed(w.kind, r):
            sys.exit('%s failed on %s (exit %d): %s' % (cmd[0], w.name, r['rc'], r['stderr'][-300:]))
        out.append((timeout if r['timeout'] else r['wall'], r['conflicts'] or 0))
    return out


def ground_with_gringo(w, tmp):
    """The aspif file gringo writes for workload `w`, and `w`'s arguments for the search
    (those of its `-c` options go to gringo)."""
    ground, search, args = [], [], list(w.args)
    while args:
        a = args.pop(0)
        if a == '-c' and args:
            ground += [a, args.pop(0)]
        elif a.startswith('--const') or (a.startswith('-c') and len(a) > 2):
            ground.append(a)
        else:
            search.append(a)
    path = os.path.join(tmp, 'ground.aspif')
    with open(path, 'w') as f:
        p = subprocess.run(['gringo'] + w.files + ground, stdout=f, stderr=subprocess.PIPE, cwd=R.REPO)
    if p.returncode != 0:
        sys.exit('gringo failed on %s: %s' % (w.name, p.stderr.decode(errors='replace')[-300:]))
    return path, ['-n', str(w.models)] + search


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('filters', nargs='*', help='keep workloads whose name contains one of these')
    ap.add_argument('--over', type=float, help='keep the rows whose time ratio in --results exceeds this')
    ap.add_argument('--results', default=os.path.join(HERE, 'results.md'))
    ap.add_argument('--half', choices=['tune', 'held', 'all'], default='all')
    ap.add_argument('--seeds', type=int, default=8, help='seeds 0..N-1 (default 8; 0: the default configuration)')
    ap.add_argument('--timeout', type=float, default=60.0, help='seconds per run (a timeout counts as this)')
    ap.add_argument('--minasp', default=os.path.join(R.REPO, 'target/release/minasp'))
    ap.add_argument('--markdown', action='store_true', help='print a Markdown table (as in bench/results-spread.md)')
    ap.add_argument('--same-ground', action='store_true',
                    help="also run minasp on gringo's ground program of each row (see above)")
    a = ap.parse_args()
    if a.seeds < 1:
        sys.exit('--seeds must be at least 1')
    if not os.path.exists(a.minasp):
        sys.exit('no minasp binary at %s: run `cargo build --release` first' % a.minasp)
    every = {w.name: w for w in R.workloads() + R.opt_workloads() + R.inc_workloads() + R.suite_workloads()}
    over = rows_over(a.over, a.results) if a.over is not None else None
    rows = [
        w for w in every.values()
        if w.kind != 'ground'
        and (not a.filters or any(f in w.name for f in a.filters))
        and (over is None or w.name in over)
        and (a.half == 'all' or w.half in (None, a.half))
        and not (a.same_ground and w.family == 'inc')
    ]
    if not rows:
        sys.exit('no workload matches')
    medians, defaults, same = [], [], []
    extra_head = ' minasp on gringo\'s: s / conflicts | its ratio |' if a.same_ground else ''
    if a.markdown:
        print('| workload | minasp s | clingo s | median ratio | conflicts minasp / clingo | conflict ratio '
              '| default-seed ratio |%s\n|---|---|---|---|---|---|---|%s' % (extra_head, '---|---|' if a.same_ground else ''))
    else:
        print('%-42s %8s %8s %6s %9s %9s %6s %8s%s' % (
            'workload', 'minasp s', 'clingo s', 'ratio', 'minasp cf', 'clingo cf', 'cf', 'default',
            '  same-ground s, cf, ratio' if a.same_ground else ''))
    with tempfile.TemporaryDirectory() as tmp:
        for w in rows:
            minasp, clingo = w.commands(a.minasp, 'clingo', 'gringo')
            m = runs(w, minasp, a.seeds, a.timeout, tmp)
            c = runs(w, clingo, a.seeds, a.timeout, tmp)
            mt, ct = statistics.median(x for x, _ in m), statistics.median(x for x, _ in c)
            mc, cc = statistics.median(y for _, y in m), statistics.median(y for _, y in c)
            ratio, default = mt / max(ct, 1e-3), m[0][0] / max(c[0][0], 1e-3)
            medians.append(ratio)
            defaults.append(default)
            tail, g = '', []
            if a.same_ground:
                aspif, args = ground_with_gringo(w, tmp)
                g = runs(w, [a.minasp, '--mode=clasp', aspif] + args, a.seeds, a.timeout, tmp)
                gt, gc = statistics.median(x for x, _ in g), statistics.median(y for _, y in g)
                same.append(gt / max(ct, 1e-3))
                tail = (' %.3f / %s | %.2f |' if a.markdown else '  %.3f %9.0f %6.2f') % (
                    gt, '{:,.0f}'.format(gc) if a.markdown else gc, same[-1])
            if a.markdown:
                print('| %s | %.3f | %.3f | %.2f | %s / %s | %.2f | %.2f |%s' % (
                    w.name, mt, ct, ratio, '{:,.0f}'.format(mc), '{:,.0f}'.format(cc), mc / max(cc, 1), default,
                    tail), flush=True)
                continue
            print('%-42s %8.3f %8.3f %6.2f %9.0f %9.0f %6.2f %8.2f%s' % (
                w.name, mt, ct, ratio, mc, cc, mc / max(cc, 1), default, tail), flush=True)
            print('    conflicts per seed: minasp %s | clingo %s%s' % (
                [y for _, y in m], [y for _, y in c], ' | minasp on gringo\'s %s' % [y for _, y in g] if g else ''))
    if a.markdown:
        print()
    print('geometric mean over %d workloads: median ratio %.2f, default-seed ratio %.2f (%d seeds)%s' % (
        len(rows), R.geomean(medians), R.geomean(defaults), a.seeds,
        "; minasp on gringo's ground program %.2f" % R.geomean(same) if same else ''))


if __name__ == '__main__':
    main()
