# Control.backend(): atoms by symbol and fresh, rules, choice and weight rules,
# minimize statements, externals, assumptions (for one solve), projection and
# heuristics, before and after grounding; later groundings match the atoms added.
import clingo


def models(ctl, **kw):
    found = []
    res = ctl.solve(on_model=lambda m: found.append(
        (" ".join(sorted(str(s) for s in m.symbols(shown=True))), tuple(m.cost))), **kw)
    return str(res), sorted(found)


def atoms(ctl):
    return sorted((str(a.symbol), a.is_fact, a.is_external) for a in ctl.symbolic_atoms)


# before grounding: facts and a choice the program's rules then use
ctl = clingo.Control(["0"])
ctl.add("base", [], "q(X) :- p(X). r :- not p(3). s :- c.")
with ctl.backend() as b:
    for x in [1, 2]:
        b.add_rule([b.add_atom(clingo.Function("p", [clingo.Number(x)]))])
    c = b.add_atom(clingo.Function("c"))
    fresh = b.add_atom()
    b.add_rule([c, fresh], [], True)
    print("same atom again:", b.add_atom(clingo.Function("c")) == c, "fresh differs:", fresh != c)
    for bad in [clingo.Number(3), clingo.String("x"), clingo.Tuple_([clingo.Number(1)])]:
        try:
            b.add_atom(bad)
        except RuntimeError as e:
            print("refused", bad, e)
ctl.ground([("base", [])])
print(atoms(ctl))
print(models(ctl))

# after grounding, between solves and steps
ctl = clingo.Control(["0"])
ctl.add("base", [], "{a;b}.")
ctl.add("step", [], "c :- p(1). d :- not p(2). e :- w.")
ctl.ground([("base", [])])
lit = {str(s.symbol): s.literal for s in ctl.symbolic_atoms}
a, b_ = lit["a"], lit["b"]
with ctl.backend() as b:
    p = b.add_atom(clingo.Function("p", [clingo.Number(1)]))
    b.add_rule([p], [a])
    b.add_assume([b_])
    w = b.add_atom(clingo.Function("w"))
    b.add_weight_rule([w], 2, [(a, 1), (b_, 1), (p, 2)])
    try:
        b.add_weight_rule([w], 1, [(a, -1)])
    except RuntimeError as e:
        print("refused a negative weight")
print("assumed:", models(ctl))
print("once:", models(ctl))
ctl.ground([("step", [])])
print("step:", models(ctl))
print(atoms(ctl))
with ctl.backend() as b:
    b.add_rule([], [a, -p])
    b.add_rule([], [-a, b_])
print("constraints:", models(ctl))

# minimize statements and optN
ctl = clingo.Control(["0", "--opt-mode=optN"])
ctl.add("base", [], "{x;y;z}. :- not x, not y.")
ctl.ground([("base", [])])
lit = {str(s.symbol): s.literal for s in ctl.symbolic_atoms}
with ctl.backend() as b:
    b.add_minimize(1, [(lit["x"], 2), (lit["y"], 3), (lit["x"], 2)])
    b.add_minimize(0, [(lit["z"], -1), (-lit["y"], 1)])
found = []
ctl.solve(on_model=lambda m: found.append((" ".join(sorted(map(str, m.symbols(shown=True)))),
                                           tuple(m.cost), m.optimality_proven)))
print("optimal:", sorted(f for f in found if f[2]))

# externals through the backend, then assigned by symbol
ctl = clingo.Control(["0"])
ctl.add("base", [], "g :- ext. h :- not ext.")
with ctl.backend() as b:
    e = b.add_atom(clingo.Function("ext"))
    b.add_external(e, clingo.TruthValue.True_)
ctl.ground([("base", [])])
print("external true:", models(ctl))
ctl.assign_external(clingo.Function("ext"), False)
print("assigned false:", models(ctl))
with ctl.backend() as b:
    b.add_external(e, clingo.TruthValue.Free)
print("free:", models(ctl))

# projection and heuristics
ctl = clingo.Control(["0", "--project"])
ctl.add("base", [], "{u;v;t}.")
ctl.ground([("base", [])])
lit = {str(s.symbol): s.literal for s in ctl.symbolic_atoms}
with ctl.backend() as b:
    b.add_project([lit["u"]])
    b.add_heuristic(lit["v"], clingo.HeuristicType.Sign, 1, 0, [])
print("projected:", models(ctl)[0], len(models(ctl)[1]))
ctl = clingo.Control(["1", "--heuristic=Domain"])
ctl.add("base", [], "{u;v}.")
ctl.ground([("base", [])])
lit = {str(s.symbol): s.literal for s in ctl.symbolic_atoms}
with ctl.backend() as b:
    b.add_heuristic(lit["v"], clingo.HeuristicType.True_, 1, 0, [])
    b.add_heuristic(lit["u"], clingo.HeuristicType.Sign, 1, 0, [lit["v"]])
print("heuristic:", models(ctl))

# a closed backend, and a backend while a solve runs
ctl = clingo.Control(["0"])
ctl.add("base", [], "{a;b}.")
ctl.ground([("base", [])])
with ctl.backend() as b:
    pass
try:
    b.add_rule([1])
except RuntimeError as e:
    print("after close:", e)
with ctl.solve(yield_=True) as h:
    for m in h:
        try:
            with ctl.backend() as b2:
                pass
        except RuntimeError as e:
            print("during a solve:", e)
        break
try:
    with ctl.backend() as b:
        b.add_weight_rule([b.add_atom(clingo.Function("h"))], 2**40, [])
except OverflowError:
    print("a bound beyond 32 bits: OverflowError")
