#!/usr/bin/env python3
"""Oracle for minasp's differential tests: all answer sets of each program, by clingo.

Usage:
    clingo_models.py [--timeout SECONDS] [--max-models N] [--optimal] [PROGRAM ...]

Programs are given as arguments or, when there are none, as one JSON list on stdin.
Each program is either one file path (a string) or a list of paths that are loaded
together (an encoding and its instance).

Prints ONE JSON document on stdout: a list with one entry per program, in input order:

    {"files": [...], "models": [[sorted shown symbols], ...], "seconds": 0.01}
    {"files": [...], "error": "message", "kind": "clingo" | "timeout" | "too_many" | "crash",
     "seconds": 0.01}

With --optimal, clingo runs with --opt-mode=optN and "models" holds the optimal answer
sets only (all answer sets when no minimize statement survives grounding), and the entry
has "costs": the optimum, highest priority first ([] without optimisation).

"models" is sorted (each model's symbols sorted, then the list of models sorted), so the
document is deterministic. Symbols are rendered with str(symbol), i.e. exactly as clingo
prints them. A model holds the symbols of model.symbols(shown=True) (atoms shown by the
#show statements, and shown terms); duplicates (a term shown both as an atom and by a term
#show) are kept once.

One Python process serves all programs (clingo's import and Python's start-up are slow),
the programs are solved in a forked worker process: when a program exceeds the time cap
(grounding included) or crashes, the worker is killed and a new one goes on with the next
program, so one bad program cannot take the others down.
"""

import json
import os
import select
import signal
import sys
import time


def solve_one(files, max_models, optimal=False):
    import clingo

    messages = []

    def logger(code, msg):
        messages.append(msg.strip())

    try:
        # --eq=0: clasp's equivalence preprocessing (on by default) has a
        # bug that adds a non-stable model to tests/regressions/clasp_eq_bug.lp
        # (found by differential seed 413626); the oracle is clingo's
        # semantics, so it runs without it.  Without it clasp may report one
        # answer set twice (auxiliary atoms of gringo's, never shown, differ:
        # seed 600158), so answer sets are told apart by all their atoms.
        args = ["0", "--eq=0"] + (["--opt-mode=optN"] if optimal else [])
        ctl = clingo.Control(args, logger=logger, message_limit=20)
        for f in files:
            ctl.load(f)
        ctl.ground([("base", [])])
        models = []
        seen = set()
        costs = []
        with ctl.solve(yield_=True) as handle:
            for m in handle:
                if optimal and m.cost and not m.optimality_proven:
                    continue  # a converging model of optN
                costs = list(m.cost)
                key = frozenset(str(s) for s in m.symbols(atoms=True))
                if key in seen:
                    continue
                seen.add(key)
                models.append(sorted(set(str(s) for s in m.symbols(shown=True))))
                if max_models and len(models) > max_models:
                    return {"error": "more than %d models" % max_models, "kind": "too_many"}
        models.sort()
        return {"models": models, "costs": costs} if optimal else {"models": models}
    except RuntimeError as e:  # parse errors, unsafe variables, ...
        errs = [m for m in messages if "error" in m] or messages
        return {"error": ("\n".join(errs) or str(e)), "kind": "clingo"}


def worker(progs, w, max_models, optimal):
    """Child process: solves the programs in order, one JSON line each."""
    with os.fdopen(w, "wb", buffering=0) as out:
        for files in progs:
            t0 = time.monotonic()
            try:
                res = solve_one(files, max_models, optimal)
            except BaseException as e:  # noqa: BLE001 - report anything
                res = {"error": "%s: %s" % (type(e).__name__, e), "kind": "crash"}
            res["seconds"] = round(time.monotonic() - t0, 4)
            out.write(json.dumps(res).encode() + b"\n")
    os._exit(0)


def run_all(progs, timeout, max_models, optimal=False):
    """Solves all programs in forked workers. A worker serves programs until one of them
    exceeds the time cap (or crashes); then it is killed and a new worker goes on with
    the next program."""
    results = []
    while len(results) < len(progs):
        rest = progs[len(results):]
        r, w = os.pipe()
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            worker(rest, w, max_models, optimal)
        os.close(w)
        buf = b""
        deadline = time.monotonic() + timeout
        done = False
        while not done:
            left = deadline - time.monotonic()
            ready = left > 0 and select.select([r], [], [], left)[0]
            if not ready:  # time cap exceeded by the current program
                os.kill(pid, signal.SIGKILL)
                results.append({"error": "clingo needed more than %gs" % timeout, "kind": "timeout",
                                "seconds": timeout})
                done = True
                break
            chunk = os.read(r, 1 << 16)
            if not chunk:  # the worker ended (normally, or it died)
                if len(results) < len(progs):  # it died on the current program
                    results.append({"error": "oracle worker died without an answer", "kind": "crash",
                                    "seconds": 0.0})
                done = True
                break
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                results.append(json.loads(line.decode()))
                deadline = time.monotonic() + timeout
        os.close(r)
        os.waitpid(pid, 0)
    for res, files in zip(results, progs):
        res["files"] = files
    return results


def main(argv):
    timeout = 10.0
    max_models = 0
    optimal = False
    progs = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--timeout":
            timeout = float(argv[i + 1])
            i += 2
        elif a == "--optimal":
            optimal = True
            i += 1
        elif a == "--max-models":
            max_models = int(argv[i + 1])
            i += 2
        else:
            progs.append(a)
            i += 1
    if not progs:
        progs = json.load(sys.stdin)
    import clingo  # noqa: F401 - import once before forking, children inherit it

    progs = [[p] if isinstance(p, str) else list(p) for p in progs]
    results = run_all(progs, timeout, max_models, optimal)
    json.dump(results, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
