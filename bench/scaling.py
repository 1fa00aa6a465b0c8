#!/usr/bin/env python3
"""Scaling of minasp and clingo with the size of one input (issue: hostile and
huge inputs): wall time, peak resident memory and bytes per input fact or
literal, for generated inputs of growing size, each run once per system.

    python3 bench/scaling.py                # the default sizes, table on stdout
    python3 bench/scaling.py --quick        # the two smallest sizes of each family
    python3 bench/scaling.py --timeout 120  # per-run limit in seconds (default 60)

Families (generated into a temporary directory, never committed):
  facts  N facts e(I,I+1) and two rules over them (p(X) :- e(X,_).
         q(Y) :- e(_,Y), not p(Y).), N = 10^4 .. 10^6;
  body   one rule whose body has N literals q(1), ..., q(N) over N facts,
         N = 2,000 .. 100,000 (clingo's cost grows quadratically here).
Bytes of peak memory are given per input unit (fact or body literal) and
per ground atom of the program's one answer set (facts: e/2 and p/1 for
each fact and q(N), 2N+1; body: q/1 for each literal and p, N+1) -- a
count of the program's atoms, not of either grounder's auxiliary ones.
A run over the time limit shows `>T`; the growth column is the time ratio
to the previous size in the same family.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MINASP = os.path.join(ROOT, "target", "release", "minasp")


def gen_facts(path, n):
    with open(path, "w") as f:
        for i in range(n):
            f.write("e(%d,%d).\n" % (i, i + 1))
        f.write("p(X) :- e(X,_).\nq(Y) :- e(_,Y), not p(Y).\n")


def gen_body(path, n):
    with open(path, "w") as f:
        f.write("q(1..%d).\n" % n)
        f.write("p :- " + ", ".join("q(%d)" % i for i in range(1, n + 1)) + ".\n")


def run(cmd, timeout):
    """(seconds or None on timeout, peak RSS in KB or None)."""
    t0 = time.time()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    secs = time.time() - t0
    lines = [l for l in p.stderr.strip().splitlines() if l.strip().isdigit()]
    return secs, int(lines[-1]) if lines else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    families = [
        ("facts", gen_facts, [10_000, 100_000, 1_000_000], "fact", lambda n: 2 * n + 1),
        ("body", gen_body, [2_000, 5_000, 10_000, 20_000, 100_000], "literal", lambda n: n + 1),
    ]
    print(
        "| input | size | minasp s | growth | minasp MB | B/unit | B/atom "
        "| clingo s | growth | clingo MB | B/unit | B/atom |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, gen, sizes, unit, atoms in families:
            if a.quick:
                sizes = sizes[:2]
            prev = {}
            for n in sizes:
                path = os.path.join(tmp, "%s_%d.lp" % (name, n))
                gen(path, n)
                row = ["%s (%s)" % (name, unit), str(n)]
                for system, cmd in (("minasp", [MINASP, "-q", path]), ("clingo", ["clingo", "-q", path])):
                    secs, kb = run(cmd, a.timeout)
                    if secs is None:
                        row += [">%g" % a.timeout, "", "", "", ""]
                        prev[system] = None
                        continue
                    growth = "" if prev.get(system) is None else "%.1fx" % (secs / max(prev[system], 1e-3))
                    prev[system] = secs
                    mb = kb / 1024 if kb else 0
                    per = kb * 1024 / n if kb else 0
                    per_atom = kb * 1024 / atoms(n) if kb else 0
                    row += ["%.2f" % secs, growth, "%.0f" % mb, "%.0f" % per, "%.0f" % per_atom]
                print("| " + " | ".join(row) + " |")
                sys.stdout.flush()
                os.remove(path)


if __name__ == "__main__":
    main()
