#!/usr/bin/env python3
"""Grounding quality: clasp's search on gringo's ground program against
clasp's search on minasp's, workload by workload.

The same solver (clingo --mode=clasp) runs on both groundings of each
workload, with several seeds; the ratio of the geometric means of its
conflict counts says whether minasp's ground program is harder to search
than gringo's -- a gap in the grounding (a missing projection, an
auxiliary atom more or less), not in minasp's search.  A ratio near 1 with
minasp itself far behind clingo points at the search instead.

    python3 bench/grounding_quality.py                 # tuning half of suite/ and opt/
    python3 bench/grounding_quality.py tt_ killer      # rows whose name contains one of these
    python3 bench/grounding_quality.py --half held     # the held-back half (report only: never tune on it)
    python3 bench/grounding_quality.py --seeds 8       # seeds 0..7 (0: clasp's default, s > 0: --seed=s --rand-freq=0.01)

Prints one line per workload: the geometric means of clasp's conflicts on
gringo's and minasp's ground programs, their ratio and the per-seed counts
(a run over the timeout counts as 10,000,000).  Needs gringo and clingo 5
on PATH and target/release/minasp (see --minasp).
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as R  # noqa: E402  (the workload definitions of bench/run.sh)

TIMEOUT_CONFLICTS = 10**7


def conflicts(aspif, w, seed, timeout):
    """clasp's conflicts on the ground program `aspif` for workload `w`."""
    extra = ["--seed=%d" % seed, "--rand-freq=0.01"] if seed else []
    cmd = ["clingo", "--mode=clasp", "-n", str(w.models)] + w.args + extra + ["--stats"]
    try:
        out = subprocess.run(cmd, input=aspif, capture_output=True, timeout=timeout).stdout.decode()
    except subprocess.TimeoutExpired:
        return TIMEOUT_CONFLICTS
    m = re.search(r"Conflicts\s*:\s*(\d+)", out)
    if not m:
        sys.exit("clingo printed no statistics for %s: %s" % (w.name, " ".join(cmd)))
    return int(m.group(1))


def geomean(xs):
    """run.py's geometric mean, a count of 0 read as 1."""
    return R.geomean([max(x, 1) for x in xs])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("filters", nargs="*", help="keep workloads whose name contains one of these")
    ap.add_argument("--half", choices=["tune", "held", "all"], default="tune")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per clasp run")
    ap.add_argument("--minasp", default=os.path.join(HERE, "..", "target", "release", "minasp"))
    a = ap.parse_args()
    os.chdir(os.path.join(HERE, ".."))
    rows = {w.name: w for w in R.opt_workloads() + R.suite_workloads()}.values()
    rows = [
        w
        for w in rows
        if (not a.filters or any(f in w.name for f in a.filters)) and (a.half == "all" or w.half in (None, a.half))
    ]
    if not rows:
        sys.exit("no workload matches")
    seen = set()
    for w in rows:
        if (tuple(w.files), tuple(w.args)) in seen:
            continue
        seen.add((tuple(w.files), tuple(w.args)))
        g = subprocess.run(["gringo"] + w.files, capture_output=True, check=True).stdout
        m = subprocess.run([a.minasp, "--mode=gringo"] + w.files, capture_output=True)
        if m.returncode != 0:
            sys.exit("minasp --mode=gringo failed on %s: %s" % (w.name, m.stderr.decode()[-300:]))
        cg = [conflicts(g, w, s, a.timeout) for s in range(a.seeds)]
        cm = [conflicts(m.stdout, w, s, a.timeout) for s in range(a.seeds)]
        print(
            "%-45s gringo %9.0f  minasp %9.0f  ratio %5.2f   %s | %s"
            % (w.name, geomean(cg), geomean(cm), geomean(cm) / geomean(cg), cg, cm),
            flush=True,
        )


if __name__ == "__main__":
    main()
