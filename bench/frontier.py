#!/usr/bin/env python3
"""The frontier (issue 14, item 5): the seed problems neither clingo nor minasp
solves quickly, each run once per system and thread count under a time limit.

    python3 bench/frontier.py                  # all problems, -t 1 and -t 2, 300 s each
    python3 bench/frontier.py --timeout 60     # per-run limit in seconds
    python3 bench/frontier.py --threads 1      # only -t 1 (repeatable: --threads 1 --threads 2)
    python3 bench/frontier.py --system minasp  # only minasp (or clingo)
    python3 bench/frontier.py english          # only problems whose name contains "english"

Problems (from ../shared/programs, the seed documents' own files; skipped with
a message when that folder is missing):
  english   peg_solitaire.lp + english_board.lp: the 33-hole English board,
            the centre empty, to one peg (seed 002; clingo finds nothing in 300 s);
  full_30   solitaire.clingo5.lp + full_board_30.lp: the ASP Competition's
            Solitaire on the full board, 30 moves (clingo 5.4.1 ~240 s);
  full_31   the same with 31 moves (clingo: not solved in 300 s).
Each run asks for one answer set. Prints one Markdown row per run: wall time
(`>T` at the limit), the result word, conflicts from `--stats` (minasp's, and
clingo's when it finishes; a run stopped at the limit prints none).
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "programs")
MINASP = os.path.join(ROOT, "target", "release", "minasp")

PROBLEMS = [
    ("english", ["peg/peg_solitaire.lp", "peg/english_board.lp"]),
    ("full_30", ["solitaire/solitaire.clingo5.lp", "solitaire/full_board_30.lp"]),
    ("full_31", ["solitaire/solitaire.clingo5.lp", "solitaire/full_board_31.lp"]),
]


def run(cmd, timeout):
    """Wall time, result word and conflicts of one run (None, None at the limit)."""
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, "UNKNOWN", None
    wall = time.monotonic() - start
    word = next((w for w in ("UNSATISFIABLE", "SATISFIABLE", "UNKNOWN") if w in out), "?")
    m = re.search(r"Conflicts\s*:\s*(\d+)", out)
    return wall, word, int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("filter", nargs="*")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--threads", type=int, action="append")
    ap.add_argument("--minasp", default=MINASP)
    ap.add_argument("--clingo", default="clingo")
    ap.add_argument("--system", choices=["minasp", "clingo"], action="append")
    args = ap.parse_args()
    if not os.path.isdir(SHARED):
        print(f"frontier.py: skipped: {SHARED} is missing (the seed programs live there)")
        return 0
    if not os.path.exists(args.minasp):
        print(f"frontier.py: {args.minasp} not found (cargo build --release)", file=sys.stderr)
        return 2
    threads = args.threads or [1, 2]
    print(f"per-run limit {args.timeout:.0f} s, one answer set asked for\n")
    print("| problem | system | threads | wall s | result | conflicts |")
    print("|---|---|---|---|---|---|")
    for name, files in PROBLEMS:
        if args.filter and not any(f in name for f in args.filter):
            continue
        paths = [os.path.join(SHARED, f) for f in files]
        for t in threads:
            for system, exe in (("minasp", args.minasp), ("clingo", args.clingo)):
                if args.system and system not in args.system:
                    continue
                wall, word, conflicts = run([exe, *paths, "-n", "1", "--stats", "-t", str(t)], args.timeout)
                shown = f">{args.timeout:.0f}" if wall is None else f"{wall:.1f}"
                c = "" if conflicts is None else f"{conflicts:,}"
                print(f"| {name} | {system} | {t} | {shown} | {word} | {c} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
