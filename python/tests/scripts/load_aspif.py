# Control.load_aspif: a ground program in aspif (as gringo writes `{a;b}. c :- a.
# #show c/0. #show a/0.`) read as the program; a file given twice is read once
# (clingo reads several files as one stream: a second header is its error);
# a missing file is an error.
import os
import tempfile

import clingo

ASPIF = "asp 1 0 0\n1 1 2 1 2 0 0\n1 0 1 3 0 1 1\n4 1 a 1 1\n4 1 c 1 3\n0\n"


def answers(ctl):
    found = []
    res = ctl.solve(on_model=lambda m: found.append(" ".join(sorted(map(str, m.symbols(shown=True))))))
    return str(res), sorted(found)


with tempfile.TemporaryDirectory() as d:
    p1 = os.path.join(d, "p1.aspif")
    with open(p1, "w") as f:
        f.write(ASPIF)
    ctl = clingo.Control(["0"])
    ctl.load_aspif([p1])
    ctl.ground([("base", [])])
    print(answers(ctl))
    print(sorted((str(a.symbol), a.is_fact, a.is_external) for a in ctl.symbolic_atoms))
    ctl = clingo.Control(["0"], logger=lambda code, msg: print("logged:", code))
    ctl.load_aspif([p1, p1])
    ctl.ground([("base", [])])
    print(answers(ctl))
    try:
        clingo.Control(logger=lambda code, msg: None).load_aspif([os.path.join(d, "nope.aspif")])
    except RuntimeError:
        print("missing file: RuntimeError")
