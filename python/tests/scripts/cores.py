# Solving under assumptions: program literals as assumptions, the core of an unsatisfiable
# solve (on_core, SolveHandle.core), Model.is_true, on_last and SolveHandle.last.
# A core is a subset of the assumptions that cannot hold together; which subset is the
# solver's choice (clasp's are not always the smallest), so what is printed is what any
# core must satisfy.
import clingo
from clingo import Function

ctl = clingo.Control(["0"])
ctl.add("base", [], "{a;b;c;e}. :- a, b. d :- c. :- d, a. :- e, not a, not b.")
ctl.ground([("base", [])])
literal = {str(s.symbol): s.literal for s in ctl.symbolic_atoms}
name = {v: k for k, v in literal.items()}

def to_literal(assumption):
    atom, truth = assumption
    return literal[atom] if truth else -literal[atom]

def check_core(assumptions, core):
    lits = [to_literal(a) for a in assumptions]
    inside = all(l in lits for l in core)
    # the core alone: still unsatisfiable
    alone = ctl.solve(assumptions=list(core))
    return inside, str(alone)

cases = [
    [("a", True), ("b", True)],
    [("a", True), ("c", True), ("b", False)],
    [("b", False), ("c", True), ("a", True)],
    [("e", True), ("a", False), ("c", False), ("b", False)],
    [("a", True)],
    [("c", True), ("d", False)],
]
for case in cases:
    cores, finished = [], []
    result = ctl.solve(assumptions=[(Function(n), t) for n, t in case],
                       on_core=lambda c: cores.append(list(c)),
                       on_finish=lambda r: finished.append(str(r)))
    line = [str(result), finished, len(cores)]
    if cores:
        line.append(check_core(case, cores[0]))
    with ctl.solve(assumptions=[to_literal(a) for a in case], yield_=True) as handle:
        models = sum(1 for _ in handle)
        r = handle.get()
        line.append(("literals", str(r), models, check_core(case, handle.core()) if r.unsatisfiable else None))
    print(case, line)

# an unsatisfiable program: the empty core
bad = clingo.Control(["0"])
bad.add("base", [], "a. :- a.")
bad.ground([("base", [])])
print("no answer at all:", bad.solve(on_core=lambda c: print("  core", list(c))))

# Model.is_true agrees with contains; on_last is the last model (under optimisation, the best)
opt = clingo.Control(["0"])
opt.add("base", [], "{p(1..3)}. :- not p(1), not p(2). #minimize { X : p(X) }.")
opt.ground([("base", [])])
lit = {str(s.symbol): s.literal for s in opt.symbolic_atoms}
agree = []  # (which models converge to the optimum is the solver's choice)
def on_model(m):
    agree.append(all(m.is_true(l) == m.contains(clingo.parse_term(n)) and m.is_true(-l) != m.is_true(l)
                     for n, l in lit.items()))
last = []
print("optimum:", opt.solve(on_model=on_model, on_last=lambda m: last.append((sorted(str(s) for s in m.symbols(shown=True)), m.cost))))
print("is_true agrees with contains:", bool(agree) and all(agree))
print("last:", last)
