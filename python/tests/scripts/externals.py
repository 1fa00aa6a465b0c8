# Externals, assumptions, and grounding program parts with parameters (multi-shot).
import clingo
from clingo import Function, Number

def answers(ctl, **kw):
    out = []
    r = ctl.solve(on_model=lambda m: out.append(" ".join(sorted(str(s) for s in m.symbols(shown=True)))), **kw)
    return str(r), sorted(out)

ctl = clingo.Control(["0"])
ctl.add("base", [], "#external e(1..3). a :- e(1). b :- e(2), not e(3). {c}. #external t. [true] d :- t.")
ctl.ground([("base", [])])
print("defaults:", answers(ctl))
ctl.assign_external(Function("e", [Number(1)]), True)
print("e(1) true:", answers(ctl))
ctl.assign_external(Function("e", [Number(2)]), None)
print("e(2) free:", answers(ctl))
ctl.assign_external(Function("t"), False)
print("t false:", answers(ctl))
ctl.release_external(Function("e", [Number(1)]))
print("e(1) released:", answers(ctl))
ctl.assign_external(Function("e", [Number(1)]), True)
print("released stays false:", answers(ctl))
ctl.assign_external(Function("c"), True)         # not an external: no effect
ctl.assign_external(Function("unknown"), True)   # not an atom: no effect
print("non-externals:", answers(ctl))

# assumptions
ctl = clingo.Control(["0"])
ctl.add("base", [], "{ a; b; c }. :- a, b.")
ctl.ground([("base", [])])
print("assume a:", answers(ctl, assumptions=[(Function("a"), True)]))
print("assume not a, not c:", answers(ctl, assumptions=[(Function("a"), False), (Function("c"), False)]))
print("assume a and b:", answers(ctl, assumptions=[(Function("a"), True), (Function("b"), True)]))
print("assume unknown false:", len(answers(ctl, assumptions=[(Function("zz"), False)])[1]))
print("assume unknown true:", answers(ctl, assumptions=[(Function("zz"), True)]))
print("no assumptions again:", len(answers(ctl)[1]))

# parts with parameters, grounded step by step (the incremental pattern)
ctl = clingo.Control()
ctl.add("base", [], "start(0).")
ctl.add("step", ["t"], "reach(t) :- start(t-1). reach(t) :- reach(t-1). at(t) :- reach(t), t > 2.")
ctl.add("check", ["t"], "#external query(t). :- query(t), not at(t).")
step = 0
result = None
while step < 10:
    parts = [("check", [Number(step)])]
    if step > 0:
        ctl.release_external(Function("query", [Number(step - 1)]))
        parts.append(("step", [Number(step)]))
    else:
        parts.append(("base", []))
    ctl.ground(parts)
    ctl.assign_external(Function("query", [Number(step)]), True)
    result = answers(ctl)
    print("step", step, result[0], result[1])
    if result[0] == "SAT":
        break
    step += 1

# a part given several times and a part nobody wrote
ctl = clingo.Control()
ctl.add("p", ["x", "y"], "q(x, y). r(x) :- q(x, _).")
ctl.add("base", [], "b.")
ctl.ground([("p", [Number(1), Function("a")]), ("p", [Number(2), clingo.String("s")]), ("nothing", [])])
print("parts:", answers(ctl))
ctl.ground([("base", [])])
print("then base:", answers(ctl))
# #program inside the text
ctl = clingo.Control()
ctl.add("base", [], "a. #program two(n). b(n). #program base. c.")
ctl.ground([("base", [])])
print("program directive:", answers(ctl))
ctl.ground([("two", [Number(7)])])
print("program directive, two(7):", answers(ctl))
