# Control: add, ground, solve with on_model; SolveResult; Model.
import clingo
from clingo import Function, Number

def show(label, ctl, listed=True, **kw):
    seen = []
    def on_model(m):
        seen.append((sorted(str(s) for s in m.symbols(shown=True)),
                     sorted(str(s) for s in m.symbols(atoms=True)),
                     sorted(str(s) for s in m.symbols(terms=True)),
                     m.type, m.cost, m.optimality_proven,
                     m.contains(Function("p", [Number(1)])), m.contains(Function("nope"))))
    r = ctl.solve(on_model=on_model, **kw)
    print(label, str(r), repr(r), r.satisfiable, r.unsatisfiable, r.unknown, r.exhausted, r.interrupted)
    for s in sorted(seen, key=repr) if listed else []:
        print("  ", s)
    return len(seen)

ctl = clingo.Control(["0"])
ctl.add("base", [], "p(1..2). { q(X) : p(X) }. r :- q(1), not q(2). #show q/1. #show r/0. #show (p,1) : p(1).")
ctl.ground([("base", [])])
show("all", ctl)

ctl = clingo.Control()
ctl.add("base", [], "p(1..2). { q(X) : p(X) }.")
ctl.ground([("base", [])])
print("default models:", show("one", ctl, listed=False))

ctl = clingo.Control(["3"])
ctl.add("base", [], "{ a(1..5) }.")
ctl.ground([("base", [])])
print("three:", show("limit", ctl, listed=False))

ctl = clingo.Control()
ctl.add("base", [], "a. :- a.")
ctl.ground()
show("unsat", ctl)

ctl = clingo.Control(["0"])
ctl.add("a :- not b. b :- not a.")
ctl.ground([("base", [])])
show("add(program)", ctl)

# numbering and str of models
ctl = clingo.Control(["0"])
ctl.add("base", [], "1 { x; y; z } 1.")
ctl.ground([("base", [])])
numbers, texts = [], []
ctl.solve(on_model=lambda m: (numbers.append(m.number), texts.append(str(m))))
print(numbers, sorted(texts))

# stopping early from on_model
ctl = clingo.Control(["0"])
ctl.add("base", [], "{ a(1..4) }.")
ctl.ground([("base", [])])
count = [0]
def first_two(m):
    count[0] += 1
    return count[0] < 2
r = ctl.solve(on_model=first_two)
print("stopped:", count[0], str(r), r.exhausted)

# on_finish
ctl.solve(on_finish=lambda r: print("finished:", r, r.exhausted))

# load
import os, tempfile
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "prog.lp")
    with open(path, "w") as f:
        f.write("n(1..3). sum(S) :- S = #sum { X : n(X) }.\n")
    ctl = clingo.Control()
    ctl.load(path)
    ctl.ground([("base", [])])
    show("load", ctl)

# a part instance grounded again after its part got statements: the new
# statements count (corpus 9: minasp ignored them, clingo's second answer
# set is x y)
ctl = clingo.Control(["0"])
ctl.add("base", [], "x.")
ctl.ground([("base", [])])
print(ctl.solve(on_model=lambda m: print(sorted(map(str, m.symbols(shown=True))))))
ctl.add("base", [], "y :- x. :- not y.")
ctl.ground([("base", [])])
print(ctl.solve(on_model=lambda m: print(sorted(map(str, m.symbols(shown=True))))))
ctl.ground([("base", [])])
print(ctl.solve(on_model=lambda m: print(sorted(map(str, m.symbols(shown=True))))))
