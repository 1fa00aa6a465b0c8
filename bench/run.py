#!/usr/bin/env python3
"""Side-by-side benchmark of minasp against clingo 5 (see bench/README.md).

For every workload: one run of each system under `/usr/bin/time -f %M` (peak
memory, the model count, the result, a timeout check, and with `--stats` the
number of conflicts), then hyperfine
over both commands (`--warmup W --runs N`, `--export-json`) for the wall
times.  Prints a Markdown table per family and the geometric means, and
writes them to bench/results.md (full runs) or bench/results-last.md (quick
or filtered runs; override with --out).

Usually called through bench/run.sh, which sets the memory cap."""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
W = 'bench/workloads/'
SOL = 'programs/solitaire/'
HEAVY_SECONDS = 2.0   # a workload whose single run takes longer gets fewer runs


class Workload:
    """One side-by-side comparison.

    kind 'solve': `minasp FILES -n MODELS ARGS` against `clingo FILES -n MODELS ARGS`;
    kind 'ground': `minasp --text FILES ARGS` against `gringo --text FILES ARGS`
    (the ground program alone; no model counts);
    kind 'opt': the same command as 'solve' on a program with #minimize/#maximize or
    weak constraints (models=0: every improving model until the optimum is proven);
    the number of models printed legitimately differs between solvers, so the
    result word and the final costs (`Optimization : c1 c2 ...`) are compared
    instead of the model count.

    half is None, or 'tune' / 'held' for the optimisation instances: the tuning
    half and the held-back half (never looked at when tuning), reported apart."""

    def __init__(self, family, name, files, models=1, args=(), kind='solve',
                 quick=False, note='', half=None):
        self.family, self.name, self.files = family, name, list(files)
        self.models, self.args, self.kind = models, list(args), kind
        self.quick, self.note, self.half = quick, note, half

    def commands(self, minasp, clingo, gringo, threads=1):
        if self.kind == 'ground':
            return ([minasp, '--text'] + self.files + self.args,
                    [gringo, '--text'] + self.files + self.args)
        tail = self.files + ['-n', str(self.models)] + self.args
        if threads > 1:
            tail += ['-t', str(threads)]
        return [minasp] + tail, [clingo] + tail


def workloads():
    ws = []
    # Solitaire (ASP Competition 2009), clingo 5 translation, one model.
    enc = SOL + 'solitaire.clingo5.lp'
    for n in [24, 26, 28, 29]:
        ws.append(Workload('solitaire', 'solitaire/full_%d' % n,
                           [enc, SOL + 'full_%d.lp' % n], quick=(n == 24)))
    rand = sorted(f for f in os.listdir(os.path.join(BENCH, 'workloads'))
                  if f.startswith('solitaire_rand_'))
    for i, f in enumerate(rand):
        ws.append(Workload('solitaire', 'solitaire/' + f[len('solitaire_'):-3],
                           [enc, W + f], quick=(i == 0)))
    # Peg solitaire, all models.
    for b in ['simple4', 'simple5', 'pinwheel', 'rect3x4']:
        ws.append(Workload('peg', 'peg/' + b, ['programs/peg/peg.lp', 'programs/peg/%s.lp' % b],
                           models=0, quick=(b == 'pinwheel')))
    # Lunar Lockout, all models, maxturns 2..8.
    for inst in ['advsolitaire1', 'five5', 'seven6']:
        for t in range(2, 9):
            ws.append(Workload('lunar', 'lunar/%s/t%d' % (inst, t),
                               ['programs/lunar/lunar.clingo5.lp', 'programs/lunar/%s.lp' % inst],
                               models=0, args=['-c', 'maxturns=%d' % t],
                               quick=(inst == 'advsolitaire1' and t == 4)))
    # 15-puzzle, one model.
    for f, q in [('programs/fifteen/walk10_s2.lp', True), ('programs/fifteen/walk20_s4.lp', False),
                 (W + 'fifteen_walk30_s7.lp', False), (W + 'fifteen_walk40_s8.lp', False)]:
        name = os.path.basename(f)[:-3].replace('fifteen_', '')
        ws.append(Workload('fifteen', 'fifteen/' + name, ['programs/fifteen/fifteen.lp', f], quick=q))
    # Grounding-heavy: whole run and grounding alone.
    for f in ['tc_2000', 'join']:
        ws.append(Workload('grounding', 'ground/%s' % f, [W + f + '.lp'], quick=(f == 'join')))
        ws.append(Workload('grounding', 'ground/%s --text' % f, [W + f + '.lp'], kind='ground',
                           quick=(f == 'join')))
    # Search-heavy.
    for n in [20, 50, 100]:
        ws.append(Workload('search', 'search/queens%d' % n, [W + 'queens.lp'],
                           args=['-c', 'n=%d' % n], quick=(n == 20)))
    for p, h in [(8, 7), (9, 8)]:
        ws.append(Workload('search', 'search/pigeon%d_%d' % (p, h), [W + 'pigeon_%d_%d.lp' % (p, h)],
                           quick=(p == 8)))
    for f in sorted(os.listdir(os.path.join(BENCH, 'workloads'))):
        if f.startswith('sat3_'):
            ws.append(Workload('search', 'search/' + f[:-3], [W + f]))
    ws += opt_workloads()
    ws += inc_workloads()
    ws += suite_workloads()
    return ws


def instances(family, problem):
    """The instances of `problem` in a family with halves (files
    bench/workloads/<family>_<problem>_<half>_<desc>.lp): '<half>_<desc>' each,
    the tuning half first."""
    files = sorted(os.listdir(os.path.join(BENCH, 'workloads')))
    prefix = '%s_%s_' % (family, problem)
    insts = [f[len(prefix):-3] for f in files
             if f.startswith(prefix + 'tune_') or f.startswith(prefix + 'held_')]
    return sorted(insts, key=lambda i: (i.startswith('held_'), i))


# Incremental planning (clingo 5's `#include <incmode>.`, one solver call per
# step): Towers of Hanoi (tests/incremental, the encoding tuned on), and the
# encodings of bench/gen_inc.py with their instances, inc_<problem>_<half>_<desc>.lp
# with half 'tune' or 'held'.
def inc_workloads():
    ws = []
    for n in [5, 6]:
        ws.append(Workload('inc', 'inc/hanoi/n%d' % n, ['tests/incremental/hanoi_incmode.lp'],
                           args=['-c', 'n=%d' % n], half='tune', quick=(n == 5)))
    for problem in ['blocks', 'slide']:
        for inst in instances('inc', problem):
            ws.append(Workload('inc', 'inc/%s/%s' % (problem, inst),
                               [W + 'inc_%s_%s.lp' % (problem, inst), W + 'inc_%s.lp' % problem],
                               half=inst.split('_')[0]))
    return ws


# Optimisation (bench/gen_opt.py): per problem two encodings in different styles and
# four instances, bench/workloads/opt_<problem>_<half>_<desc>.lp with half 'tune' or
# 'held'.  Every (encoding, instance) pair with the default strategy (model-guided
# branch and bound); the core-guided --opt-strategy=usc for the pairs in OPT_USC
# (usc did not finish within 30 s on the tsp and knap instances, so those are bb only).
OPT_STYLES = [('colour', ['used', 'max']), ('tsp', ['reach', 'order']),
              ('tt', ['choice', 'split']), ('knap', ['max', 'loss'])]
OPT_USC = {('colour', 'max'): None, ('tt', 'choice'): None, ('tt', 'split'): None,
           # 13 s and 4 s with usc (2-4 s with bb); the other two instances were not tried
           ('colour', 'used'): ['tune_n32_s1', 'held_n32_s3']}


def opt_workloads():
    ws = []
    for problem, styles in OPT_STYLES:
        insts = instances('opt', problem)
        for strategy in ['bb', 'usc']:
            for style in styles:
                for inst in insts:
                    if strategy == 'usc':
                        if (problem, style) not in OPT_USC:
                            continue
                        only = OPT_USC[(problem, style)]
                        if only is not None and inst not in only:
                            continue
                    name = 'opt/%s_%s/%s' % (problem, style, inst)
                    ws.append(Workload(
                        'opt', name + (' usc' if strategy == 'usc' else ''),
                        [W + 'opt_%s_%s.lp' % (problem, style), W + 'opt_%s_%s.lp' % (problem, inst)],
                        models=0, args=['--opt-strategy=usc'] if strategy == 'usc' else [],
                        kind='opt', half=inst.split('_')[0],
                        quick=(strategy == 'bb' and problem == 'colour' and style == 'max'
                               and inst == insts[0])))
    return ws


# The breadth suite (bench/gen_suite.py): thirteen classic problems, two encodings each in
# different styles, bench/workloads/suite_<problem>_<style>.lp, and four instances each,
# suite_<problem>_<half>_<desc>.lp with half 'tune' or 'held'; every (encoding, instance)
# pair to the first answer set.  A check, not a target: the held-back half is never
# looked at when tuning (see bench/README.md).
SUITE_STYLES = [('blocks', ['inertia', 'strips']), ('hanoi', ['move', 'state']),
                ('sokoban', ['move', 'state']), ('slide', ['inertia', 'state']),
                ('ham', ['reach', 'order']), ('colour', ['choice', 'neg']),
                ('clique', ['card', 'slot']), ('vcover', ['card', 'count']),
                ('jobshop', ['time', 'order']), ('latin', ['pairs', 'dual']),
                ('golfer', ['count', 'slots']), ('killer', ['sum', 'assign']),
                ('sat', ['choice', 'tf'])]


def suite_workloads():
    ws = []
    for problem, styles in SUITE_STYLES:
        insts = instances('suite', problem)
        for style in styles:
            for inst in insts:
                ws.append(Workload(
                    'suite', 'suite/%s_%s/%s' % (problem, style, inst),
                    [W + 'suite_%s_%s.lp' % (problem, style), W + 'suite_%s_%s.lp' % (problem, inst)],
                    half=inst.split('_')[0],
                    quick=(problem == 'latin' and style == 'dual' and inst == insts[0])))
    return ws


def one_run(cmd, timeout, outdir, tag):
    """One run under /usr/bin/time: returns dict(wall, rc, peak_kb, models, result, costs,
    conflicts, timeout, ...); `conflicts` is read from the `--stats` summary when the
    command asks for it (None otherwise)."""
    out, mem = os.path.join(outdir, tag + '.out'), os.path.join(outdir, tag + '.mem')
    full = ['/usr/bin/time', '-f', '%M', '-o', mem, 'timeout', str(timeout)] + cmd
    t = time.time()
    with open(out, 'w') as f:
        p = subprocess.run(full, stdout=f, stderr=subprocess.PIPE, cwd=REPO)
    wall = time.time() - t
    try:
        lines = [l for l in open(mem).read().split('\n') if l.strip()]
        peak = int(lines[-1])
    except (ValueError, IndexError, OSError):
        peak = None
    models, result, costs = None, None, None
    # read only the tail: all-model runs may print many answers
    with open(out, 'rb') as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 8192))
        tail = f.read().decode(errors='replace')
    m = re.search(r'^Models\s*:\s*(\d+\+?)', tail, re.M)
    if m:
        models = m.group(1)
    m = re.search(r'^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)\s*$', tail, re.M)
    if m:
        result = m.group(1)
    # the summary's `Optimization : c1 c2 ...` (each answer's `Optimization: ...` comes before it)
    ms = re.findall(r'^Optimization\s*:\s*(-?\d+(?:[ \t]+-?\d+)*)[ \t]*$', tail, re.M)
    if ms:
        costs = ms[-1].split()
    m = re.search(r'^Conflicts\s*:\s*(\d+)', tail, re.M)
    conflicts = int(m.group(1)) if m else None
    size = os.path.getsize(out)
    os.remove(out)
    return dict(wall=wall, rc=p.returncode, peak_kb=peak, models=models, result=result, costs=costs,
                conflicts=conflicts, timeout=(p.returncode == 124 or wall >= timeout), out_bytes=size,
                stderr=p.stderr.decode(errors='replace')[-2000:])


def failed(kind, r):
    """Whether a single run failed (crash, error) rather than answered."""
    if r['timeout']:
        return False
    if kind == 'ground':
        return r['rc'] != 0
    # clingo's exit codes: 10 SAT, 20 UNSAT, 30 SAT and exhausted, 0 unknown
    return r['rc'] not in (0, 10, 20, 30) or r['models'] is None


def answer(r):
    """What an optimisation run answered, for the table: the final costs of a proven
    optimum ('opt 0 24'), else the costs with the result word, or the result word."""
    if r['result'] == 'UNSATISFIABLE':
        return 'unsat'
    c = ' '.join(r['costs']) if r['costs'] else None
    if r['result'] == 'OPTIMUM FOUND' and c is not None:
        return 'opt ' + c
    return ('%s (%s)' % (c, (r['result'] or 'no result').lower())) if c is not None \
        else (r['result'] or '-').lower()


def mismatch(kind, sm, so):
    """Whether two finished runs disagree: the model count and result word, or for
    optimisation the result word and the optimum's costs."""
    if kind == 'opt':
        ints = lambda cs: [int(c) for c in cs] if cs else None
        return sm['result'] != so['result'] or ints(sm['costs']) != ints(so['costs'])
    return sm['models'].rstrip('+') != so['models'].rstrip('+') or sm['result'] != so['result']


def hyperfine(cmds, names, warmup, runs, timeout, json_path):
    hf = ['hyperfine', '-N', '-i', '--style', 'basic', '--warmup', str(warmup), '--runs', str(runs),
          '--export-json', json_path]
    for c, n in zip(cmds, names):
        hf += ['-n', n, ' '.join(shlex.quote(x) for x in ['timeout', str(timeout)] + c)]
    p = subprocess.run(hf, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        sys.stderr.write(p.stdout.decode(errors='replace')[-2000:])
        return None
    res = {}
    for r in json.load(open(json_path))['results']:
        codes = r.get('exit_codes') or []
        res[r['command']] = dict(median=r['median'], mean=r['mean'], stddev=r.get('stddev'),
                                 cpu=r.get('user', 0) + r.get('system', 0),
                                 min=r['min'], max=r['max'], runs=len(r['times']),
                                 timeout=any(c == 124 for c in codes))
    return res


def fmt_t(x):
    return '%.3f' % x if x < 10 else '%.2f' % x


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def machine():
    cpu = platform.processor()
    try:
        for l in open('/proc/cpuinfo'):
            if l.startswith('model name'):
                cpu = l.split(':', 1)[1].strip()
                break
    except OSError:
        pass

    def out(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, cwd=REPO).stdout.strip()
        except OSError:
            return '?'
    commit = out(['git', 'rev-parse', '--short', 'HEAD'])
    if out(['git', 'status', '--porcelain', '--untracked-files=no']):
        commit += ' (with uncommitted changes)'
    try:
        built = datetime.datetime.fromtimestamp(os.path.getmtime(os.path.join(REPO, 'target/release/minasp')))
        built = built.strftime('%Y-%m-%d %H:%M')
    except OSError:
        built = '?'
    return dict(built=built, date=datetime.datetime.now().strftime('%Y-%m-%d %H:%M'), nproc=os.cpu_count(),
                cpu=cpu, commit=commit, load=os.getloadavg()[0],
                clingo=out(['clingo', '--version']).split('\n')[0],
                hyperfine=out(['hyperfine', '--version']))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('filter', nargs='*', help='run only workloads whose name contains one of these')
    ap.add_argument('--quick', action='store_true', help='smoke test: a subset, 1 run, no warm-up')
    ap.add_argument('--runs', type=int, default=5, help='hyperfine runs per command (default 5)')
    ap.add_argument('--heavy-runs', type=int, default=3,
                    help='runs for workloads whose single run takes over %g s (default 3, no warm-up)'
                    % HEAVY_SECONDS)
    ap.add_argument('--warmup', type=int, default=1, help='hyperfine warm-up runs (default 1)')
    ap.add_argument('--timeout', type=float, default=60, help='per-run timeout in seconds (default 60)')
    ap.add_argument('--minasp', default=os.path.join(REPO, 'target/release/minasp'))
    ap.add_argument('--clingo', default='clingo')
    ap.add_argument('--gringo', default='gringo')
    ap.add_argument('--out', help='results file (default bench/results.md for a full run, '
                    'else bench/results-last.md)')
    ap.add_argument('--threads', type=int, default=1,
                    help='-t N for both solvers on every ground-and-solve row (a run with N > 1 '
                         'never writes results.md)')
    ap.add_argument('--list', action='store_true', help='list the workloads and exit')
    a = ap.parse_args()

    ws = workloads()
    if a.quick:
        ws = [w for w in ws if w.quick]
        a.runs, a.warmup, a.heavy_runs = 1, 0, 1
    if a.filter:
        ws = [w for w in ws if any(f in w.name for f in a.filter)]
    if a.list:
        for w in ws:
            mc, cc = w.commands('minasp', 'clingo', 'gringo', a.threads)
            print('%-36s %s\n%-36s %s' % (w.name, ' '.join(mc), '', ' '.join(cc)))
        return
    if not ws:
        sys.exit('no workload matches')
    if not os.path.exists(a.minasp):
        sys.exit('%s not found: build it with `cargo build --release`' % a.minasp)
    full = not a.quick and not a.filter and a.threads == 1
    out_path = a.out or os.path.join(BENCH, 'results.md' if full else 'results-last.md')
    json_dir = os.path.join(BENCH, 'out')
    os.makedirs(json_dir, exist_ok=True)
    info = machine()
    timeout = int(a.timeout) if a.timeout == int(a.timeout) else a.timeout
    start = time.time()

    print('minasp %s vs %s; %d workloads; runs %d (heavy %d), warm-up %d, timeout %s s'
          % (info['commit'], info['clingo'], len(ws), a.runs, a.heavy_runs, a.warmup, timeout),
          flush=True)
    rows, mismatches = [], []
    tmp = tempfile.mkdtemp(prefix='minasp-bench-')
    for i, w in enumerate(ws):
        mc, cc = w.commands(a.minasp, a.clingo, a.gringo, a.threads)
        other = 'gringo' if w.kind == 'ground' else 'clingo'
        r = dict(w=w, single={}, hf={}, note=[], threads=a.threads)
        for sysname, cmd in [('minasp', mc), (other, cc)]:
            # the single run also counts the conflicts (hyperfine times the plain command)
            stats = [] if w.kind == 'ground' else ['--stats']
            r['single'][sysname] = s = one_run(cmd + stats, timeout, tmp, sysname)
            if failed(w.kind, s):
                r['note'].append('%s failed (exit %d): %s' % (sysname, s['rc'],
                                 s['stderr'].strip().split('\n')[-1][:120] if s['stderr'].strip() else ''))
        sm, so = r['single']['minasp'], r['single'][other]
        # model counts must agree (and the result word); for optimisation the optimum's costs
        if w.kind in ('solve', 'opt') and not sm['timeout'] and not so['timeout'] \
                and not failed(w.kind, sm) and not failed(w.kind, so):
            if mismatch(w.kind, sm, so):
                if w.kind == 'opt':
                    r['note'].append('MISMATCH: minasp %s, clingo %s' % (answer(sm), answer(so)))
                else:
                    r['note'].append('MISMATCH: minasp %s %s, clingo %s %s'
                                     % (sm['models'], sm['result'], so['models'], so['result']))
                mismatches.append((w, mc, cc, sm, so))
        # timing with hyperfine, for the systems that finished
        live = [(n, c) for n, c in [('minasp', mc), (other, cc)]
                if not r['single'][n]['timeout'] and not failed(w.kind, r['single'][n])]
        if live:
            longest = max(r['single'][n]['wall'] for n, _ in live)
            heavy = longest > HEAVY_SECONDS
            runs = a.heavy_runs if heavy else a.runs
            warmup = 0 if heavy else a.warmup
            jp = os.path.join(json_dir, re.sub(r'[^A-Za-z0-9_.-]+', '_', w.name) + '.json')
            hf = hyperfine([c for _, c in live], [n for n, _ in live], warmup, runs, timeout, jp)
            if hf is None:
                r['note'].append('hyperfine failed')
            else:
                r['hf'] = hf
                r['runs'] = runs
        rows.append(r)
        line = format_row(r, other)
        print('[%d/%d %.0fs] %s' % (i + 1, len(ws), time.time() - start, line), flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    total = time.time() - start
    text = report(rows, info, a, timeout, total, full)
    print()
    print(text)
    with open(out_path, 'w') as f:
        f.write(text)
    if full:
        update_readme(text)
    print('written to %s' % os.path.relpath(out_path, REPO))
    if mismatches:
        print('\nMODEL-COUNT OR OPTIMUM MISMATCHES (bugs):')
        for w, mc, cc, sm, so in mismatches:
            if w.kind == 'opt':
                am, ao = answer(sm), answer(so)
            else:
                am, ao = '%s %s' % (sm['models'], sm['result']), '%s %s' % (so['models'], so['result'])
            print('  %s\n    %s   -> %s\n    %s   -> %s' % (w.name, ' '.join(mc), am, ' '.join(cc), ao))
        sys.exit(1)


def update_readme(text):
    """Puts the table of a full run into bench/README.md, between the result markers."""
    path = os.path.join(BENCH, 'README.md')
    try:
        readme = open(path).read()
    except OSError:
        return
    begin, end = '<!-- results: written by bench/run.py -->', '<!-- end of results -->'
    if begin in readme and end in readme:
        body = text.split('\n', 1)[1].strip()  # without the title
        body = body.replace('\n### ', '\n#### ')
        pre, rest = readme.split(begin, 1)
        post = rest.split(end, 1)[1]
        with open(path, 'w') as f:
            f.write(pre + begin + '\n\n' + body + '\n\n' + end + post)


def cells(r, other):
    """The table cells of one workload and its time and memory ratios (None if n/a)."""
    w, s, hf = r['w'], r['single'], r['hf']

    def t(n):
        if s[n]['timeout'] or (n in hf and hf[n]['timeout']):
            return None, 'timeout'
        if n not in hf:
            return None, 'failed' if failed(w.kind, s[n]) else '?'
        return hf[n]['median'], fmt_t(hf[n]['median'])
    tm, tms = t('minasp')
    to, tos = t(other)
    ratio = tm / to if tm is not None and to is not None and to > 0 else None
    cm = hf['minasp']['cpu'] if tm is not None else None
    co = hf[other]['cpu'] if to is not None else None
    cratio = cm / co if cm and co else None
    mm = s['minasp']['peak_kb']
    mo = s[other]['peak_kb']
    mem_ok = not s['minasp']['timeout'] and not s[other]['timeout'] and mm and mo \
        and not failed(w.kind, s['minasp']) and not failed(w.kind, s[other])
    mratio = mm / mo if mem_ok else None

    def mb(k, n):
        if k is None:
            return '?'
        return ('%.0f' if k >= 10240 else '%.1f') % (k / 1024.0) + (' (at timeout)' if s[n]['timeout'] else '')
    if w.kind == 'ground':
        mod_m = mod_o = '-'
    elif w.kind == 'opt':
        mod_m = answer(s['minasp']) if not failed(w.kind, s['minasp']) else '-'
        mod_o = answer(s[other]) if not failed(w.kind, s[other]) else '-'
    else:
        mod_m = s['minasp']['models'] or '-'
        mod_o = s[other]['models'] or '-'
        if s['minasp']['result'] == 'UNSATISFIABLE':
            mod_m += ' (unsat)'
        if s[other]['result'] == 'UNSATISFIABLE':
            mod_o += ' (unsat)'
    notes = (['vs gringo --text'] if w.kind == 'ground' else []) + r['note']
    r['cpu_ratio'] = cratio
    return ([w.name, tms, tos, '%.2f' % ratio if ratio else '-', '%.2f' % cratio if cratio else '-',
             conflicts(r, other), mb(mm, 'minasp'), mb(mo, other), '%.2f' % mratio if mratio else '-', mod_m, mod_o,
             '; '.join(notes)],
            ratio, mratio)


def conflicts(r, other):
    """The conflicts cell: both systems' conflicts of the single `--stats` run ('-' for
    grounding rows; '?' where a run printed none, as at a timeout)."""
    if r['w'].kind == 'ground':
        return '-'
    n = lambda s: '{:,}'.format(s['conflicts']) if s.get('conflicts') is not None else '?'
    return '%s / %s' % (n(r['single']['minasp']), n(r['single'][other]))


def conflict_ratio(r):
    """minasp's conflicts over clingo's, for rows where both finished with at least 100
    (fewer say little about the search); else None.  None with -t N (N > 1): both then
    count all their threads' conflicts, which says little about one search."""
    if r['w'].kind == 'ground' or r.get('threads', 1) > 1:
        return None
    sm, so = r['single']['minasp'], r['single']['clingo']
    if sm['timeout'] or so['timeout'] or sm.get('conflicts') is None or so.get('conflicts') is None:
        return None
    if min(sm['conflicts'], so['conflicts']) < 100:
        return None
    return sm['conflicts'] / so['conflicts']


def gm_ratio(sel):
    """The geometric mean of the rows' time ratios, with how many rows have one."""
    xs = [x for x in (cells(r, 'clingo')[1] for r in sel) if x]
    g = geomean(xs)
    return '**%s** (%d of %d)' % ('%.2f' % g if g else '-', len(xs), len(sel))


SLOW_HELD = 2.0   # held-back rows slower than this many times clingo are counted


def half_summary(rows):
    """The geometric means of the families with a tuning half and a held-back half,
    each half apart: the incremental rows; the optimisation rows (all strategies,
    then the default strategy and usc alone); the suite rows.  For the optimisation
    and suite rows also how many held-back rows take minasp over SLOW_HELD times
    clingo's time."""
    L = []
    halves = [('tune', 'tuning half'), ('held', 'held-back half')]
    inc = [r for r in rows if r['w'].family == 'inc']
    if inc:
        L.append('- Incremental rows (every step solved, to the first plan), geometric mean of '
                 'the time ratios by half: ' + '; '.join(
                     '%s %s' % (what, gm_ratio([r for r in inc if r['w'].half == half]))
                     for half, what in halves))

    def gm_conflicts(sel):
        """The geometric mean of the conflict ratios (rows where both have 100 or more)."""
        xs = [x for x in (conflict_ratio(r) for r in sel) if x]
        g = geomean(xs)
        return '%s (%d row%s)' % ('%.2f' % g if g else '-', len(xs), '' if len(xs) == 1 else 's')

    def gm(sel):
        xs = [cells(r, 'clingo')[1] for r in sel]
        xs = [x for x in xs if x]
        g = geomean(xs)
        return '%s (%d of %d)' % ('%.2f' % g if g else '-', len(xs), len(sel))

    def slow(sel):
        """How many rows take minasp over SLOW_HELD times clingo's time (or time out
        or fail where clingo answers)."""
        def bad(r):
            x = cells(r, 'clingo')[1]
            sm, so = r['single']['minasp'], r['single']['clingo']
            lost = (sm['timeout'] or failed(r['w'].kind, sm)) and not so['timeout'] \
                and not failed(r['w'].kind, so)
            return lost or (x is not None and x > SLOW_HELD)
        return 'over %.1fx clingo\'s time (or no answer where clingo has one): %d of %d' % (
            SLOW_HELD, sum(1 for r in sel if bad(r)), len(sel))

    def family(sel, what, split=None):
        """The lines of one family: per half the geometric mean, with `split`
        (label, predicate) pairs of sub-groups, and the slow held-back rows."""
        if not sel:
            return []
        out = ['- %s, geometric mean of the time ratios, by half (`tune`: the instances tuning '
               'may look at; `held`: held back, never tuned on); (n of m): rows with a ratio of '
               'all rows:' % what]
        for half, name in halves:
            part = [r for r in sel if r['w'].half == half]
            line = '  - %s: **%s**' % (name, gm(part))
            for label, pred in split or []:
                line += '; %s %s' % (label, gm([r for r in part if pred(r)]))
            line += '; conflicts %s' % gm_conflicts(part)
            if half == 'held':
                line += '; %s' % slow(part)
            out.append(line)
        return out

    usc = lambda r: '--opt-strategy=usc' in r['w'].args
    L += family([r for r in rows if r['w'].kind == 'opt'],
                'Optimisation rows (time to the proven optimum)',
                [('default strategy (bb)', lambda r: not usc(r)), ('`--opt-strategy=usc`', usc)])
    L += family([r for r in rows if r['w'].family == 'suite'],
                'Suite rows (`suite/`: 13 problems x 2 encodings, to the first answer set)')
    return L


def format_row(r, other):
    c, _, _ = cells(r, other)
    for i in (1, 2):
        if c[i][0].isdigit():
            c[i] += ' s'
    return ('%s: minasp %s, %s %s, ratio %s (cpu %s); conflicts %s; mem %s / %s MB; models %s / %s %s'
            % (c[0], c[1], other, c[2], c[3], c[4], c[5], c[6], c[7], c[9], c[10], c[11])).rstrip()


def report(rows, info, a, timeout, total, full):
    L = []
    L.append('# minasp vs clingo: benchmark results\n')
    L.append('- Date: %s' % info['date'])
    L.append('- Machine: %s, nproc %s (shared; load average %.2f at the start)'
             % (info['cpu'], info['nproc'], info['load']))
    L.append('- minasp: release binary built %s, tree at commit %s; %s; %s'
             % (info['built'], info['commit'], info['clingo'], info['hyperfine']))
    L.append('- Settings: %s; hyperfine --warmup %d --runs %d (workloads whose single run takes over %g s: '
             '--warmup 0 --runs %d); per-run timeout %s s; peak memory from one `/usr/bin/time -f %%M` run each'
             % ('full run' if full else 'quick or filtered run'
                + ('' if a.threads == 1 else ', -t %d for both solvers' % a.threads),
                a.warmup, a.runs, HEAVY_SECONDS, a.heavy_runs, timeout))
    L.append('- Times are medians of wall-clock seconds; time ratio = minasp / clingo (for `--text` rows: '
             'minasp --text / gringo --text); cpu ratio = the same for the mean user+system time; '
             'conflicts from the single run with `--stats` (`?`: none printed, as at a timeout); '
             'models as printed (`N+`: the model limit was hit, more may exist); for the opt rows '
             'the models columns hold the optimum instead (`opt C1 C2`: the costs of `Optimization :`, '
             'priority levels highest first, with `OPTIMUM FOUND`), which must agree.')
    L.append('- Suite runtime: %.0f s (%.1f min)\n' % (total, total / 60))
    head = ('| workload | minasp s | clingo s | time ratio | cpu ratio | conflicts minasp / clingo | '
            'minasp MB | clingo MB | mem ratio | models minasp | models clingo | note |')
    ratios, mratios, sratios, gratios = [], [], [], []
    family = None
    for r in rows:
        w = r['w']
        if w.family != family:
            family = w.family
            L.append('\n### %s\n' % family)
            L.append(head)
            L.append('|' + '---|' * 12)
        other = 'gringo' if w.kind == 'ground' else 'clingo'
        c, ratio, mratio = cells(r, other)
        L.append('| ' + ' | '.join(c) + ' |')
        if ratio:
            ratios.append(ratio)
            (gratios if w.kind == 'ground' else sratios).append(ratio)
        if mratio:
            mratios.append(mratio)
    L.append('\n### Summary\n')
    g = geomean(ratios)
    L.append('- Geometric mean of the time ratios (minasp/clingo), %d workloads: **%s**'
             % (len(ratios), '%.2f' % g if g else '-'))
    if sratios and gratios:
        L.append('  - ground-and-solve rows: %.2f (%d); grounding-only (`--text`) rows: %.2f (%d)'
                 % (geomean(sratios), len(sratios), geomean(gratios), len(gratios)))
    L.extend(half_summary(rows))
    cr = [r['cpu_ratio'] for r in rows if r.get('cpu_ratio')]
    if cr:
        L.append('- Geometric mean of the CPU-time ratios, %d workloads: %.2f' % (len(cr), geomean(cr)))
    xr = [x for x in (conflict_ratio(r) for r in rows) if x]
    if xr:
        L.append('- Geometric mean of the conflict ratios (minasp/clingo; rows where both have 100 or '
                 'more), %d workloads: %.2f' % (len(xr), geomean(xr)))
    gm = geomean(mratios)
    L.append('- Geometric mean of the peak-memory ratios: %s; largest: %s'
             % ('%.2f' % gm if gm else '-', '%.2f' % max(mratios) if mratios else '-'))
    slow = [(cells(r, 'gringo' if r['w'].kind == 'ground' else 'clingo')[1], r) for r in rows]
    slow = [(x, r) for x, r in slow if x and x > 3]
    L.append('- Workloads where minasp takes more than 3x clingo\'s time: %s'
             % (', '.join('%s (%.1fx)' % (r['w'].name, x) for x, r in slow) or 'none'))
    late = [r['w'].name for r in rows if any(s['timeout'] for s in r['single'].values())
            and not r['single']['gringo' if r['w'].kind == 'ground' else 'clingo']['timeout']]
    if late:
        L.append('- Workloads clingo finishes but minasp does not (timeout): %s' % ', '.join(late))
    bad = [r['w'].name for r in rows if any('MISMATCH' in n for n in r['note'])]
    L.append('- Model-count (and optimum) mismatches: %s' % (', '.join(bad) or 'none'))
    to = [r['w'].name for r in rows if any(s['timeout'] for s in r['single'].values())]
    L.append('- Timeouts: %s' % (', '.join(to) or 'none'))
    fl = ['%s (%s)' % (r['w'].name, ', '.join(n for n, s in r['single'].items() if failed(r['w'].kind, s)))
          for r in rows if any(failed(r['w'].kind, s) for s in r['single'].values())]
    if fl:
        L.append('- Failed runs (crash or error exit; no time): %s' % ', '.join(fl))
    return '\n'.join(L) + '\n'


if __name__ == '__main__':
    main()
