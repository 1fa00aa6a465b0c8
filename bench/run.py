#!/usr/bin/env python3
"""Side-by-side benchmark of minasp against clingo 5 (see bench/README.md).

For every workload: one run of each system under `/usr/bin/time -f %M` (peak
memory, the model count, the result, and a timeout check), then hyperfine
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
    (the ground program alone; no model counts)."""

    def __init__(self, family, name, files, models=1, args=(), kind='solve',
                 quick=False, note=''):
        self.family, self.name, self.files = family, name, list(files)
        self.models, self.args, self.kind = models, list(args), kind
        self.quick, self.note = quick, note

    def commands(self, minasp, clingo, gringo):
        if self.kind == 'ground':
            return ([minasp, '--text'] + self.files + self.args,
                    [gringo, '--text'] + self.files + self.args)
        tail = self.files + ['-n', str(self.models)] + self.args
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
    return ws


def one_run(cmd, timeout, outdir, tag):
    """One run under /usr/bin/time: returns dict(wall, rc, peak_kb, models, result, timeout)."""
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
    models, result = None, None
    # read only the tail: all-model runs may print many answers
    with open(out, 'rb') as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 4096))
        tail = f.read().decode(errors='replace')
    m = re.search(r'^Models\s*:\s*(\d+\+?)', tail, re.M)
    if m:
        models = m.group(1)
    m = re.search(r'^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)\s*$', tail, re.M)
    if m:
        result = m.group(1)
    size = os.path.getsize(out)
    os.remove(out)
    return dict(wall=wall, rc=p.returncode, peak_kb=peak, models=models, result=result,
                timeout=(p.returncode == 124 or wall >= timeout), out_bytes=size,
                stderr=p.stderr.decode(errors='replace')[-2000:])


def failed(kind, r):
    """Whether a single run failed (crash, error) rather than answered."""
    if r['timeout']:
        return False
    if kind == 'ground':
        return r['rc'] != 0
    # clingo's exit codes: 10 SAT, 20 UNSAT, 30 SAT and exhausted, 0 unknown
    return r['rc'] not in (0, 10, 20, 30) or r['models'] is None


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
            mc, cc = w.commands('minasp', 'clingo', 'gringo')
            print('%-36s %s\n%-36s %s' % (w.name, ' '.join(mc), '', ' '.join(cc)))
        return
    if not ws:
        sys.exit('no workload matches')
    if not os.path.exists(a.minasp):
        sys.exit('%s not found: build it with `cargo build --release`' % a.minasp)
    full = not a.quick and not a.filter
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
        mc, cc = w.commands(a.minasp, a.clingo, a.gringo)
        other = 'gringo' if w.kind == 'ground' else 'clingo'
        r = dict(w=w, single={}, hf={}, note=[])
        for sysname, cmd in [('minasp', mc), (other, cc)]:
            r['single'][sysname] = s = one_run(cmd, timeout, tmp, sysname)
            if failed(w.kind, s):
                r['note'].append('%s failed (exit %d): %s' % (sysname, s['rc'],
                                 s['stderr'].strip().split('\n')[-1][:120] if s['stderr'].strip() else ''))
        sm, so = r['single']['minasp'], r['single'][other]
        # model counts must agree (and the result word)
        if w.kind == 'solve' and not sm['timeout'] and not so['timeout'] \
                and not failed(w.kind, sm) and not failed(w.kind, so):
            if sm['models'].rstrip('+') != so['models'].rstrip('+') or sm['result'] != so['result']:
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
        print('\nMODEL-COUNT MISMATCHES (bugs):')
        for w, mc, cc, sm, so in mismatches:
            print('  %s\n    %s   -> %s %s\n    %s   -> %s %s' % (
                w.name, ' '.join(mc), sm['models'], sm['result'], ' '.join(cc), so['models'], so['result']))
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
    mem_ok = not s['minasp']['timeout'] and not s[other]['timeout'] and mm and mo
    mratio = mm / mo if mem_ok else None

    def mb(k, n):
        if k is None:
            return '?'
        return ('%.0f' if k >= 10240 else '%.1f') % (k / 1024.0) + (' (at timeout)' if s[n]['timeout'] else '')
    if w.kind == 'ground':
        mod_m = mod_o = '-'
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
             mb(mm, 'minasp'), mb(mo, other), '%.2f' % mratio if mratio else '-', mod_m, mod_o,
             '; '.join(notes)],
            ratio, mratio)


def format_row(r, other):
    c, _, _ = cells(r, other)
    for i in (1, 2):
        if c[i][0].isdigit():
            c[i] += ' s'
    return ('%s: minasp %s, %s %s, ratio %s (cpu %s); mem %s / %s MB; models %s / %s %s'
            % (c[0], c[1], other, c[2], c[3], c[4], c[5], c[6], c[8], c[9], c[10])).rstrip()


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
             % ('full run' if full else 'quick or filtered run', a.warmup, a.runs, HEAVY_SECONDS,
                a.heavy_runs, timeout))
    L.append('- Times are medians of wall-clock seconds; time ratio = minasp / clingo (for `--text` rows: '
             'minasp --text / gringo --text); cpu ratio = the same for the mean user+system time; '
             'models as printed (`N+`: the model limit was hit, more may exist).')
    L.append('- Suite runtime: %.0f s (%.1f min)\n' % (total, total / 60))
    head = ('| workload | minasp s | clingo s | time ratio | cpu ratio | minasp MB | clingo MB | '
            'mem ratio | models minasp | models clingo | note |')
    ratios, mratios, sratios, gratios = [], [], [], []
    family = None
    for r in rows:
        w = r['w']
        if w.family != family:
            family = w.family
            L.append('\n### %s\n' % family)
            L.append(head)
            L.append('|' + '---|' * 11)
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
    cr = [r['cpu_ratio'] for r in rows if r.get('cpu_ratio')]
    if cr:
        L.append('- Geometric mean of the CPU-time ratios, %d workloads: %.2f' % (len(cr), geomean(cr)))
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
    L.append('- Model-count mismatches: %s' % (', '.join(bad) or 'none'))
    to = [r['w'].name for r in rows if any(s['timeout'] for s in r['single'].values())]
    L.append('- Timeouts: %s' % (', '.join(to) or 'none'))
    return '\n'.join(L) + '\n'


if __name__ == '__main__':
    main()
