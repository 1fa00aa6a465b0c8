# Control.configuration: clingo's settings read and changed between solves
# (solve.opt_mode, solve.enum_mode, solve.project, solver.opt_strategy, ...).
import clingo

ctl = clingo.Control()
print([group for group in ["solve", "solver", "asp"] if group in ctl.configuration.keys])
print(ctl.configuration.solve.keys)
for key in ["models", "opt_mode", "enum_mode", "project", "parallel_mode", "solve_limit"]:
    print(key, repr(getattr(ctl.configuration.solve, key)))
for key in ["opt_strategy", "heuristic", "seed"]:
    print(key, repr(getattr(ctl.configuration.solver, key)))

def last(ctl):
    out = []
    r = ctl.solve(on_model=lambda m: out.append(" ".join(sorted(str(s) for s in m.symbols(shown=True)))))
    return str(r), out[-1:]

def answers(ctl, proven=False):
    out = []
    r = ctl.solve(on_model=lambda m: out.append((sorted(str(s) for s in m.symbols(shown=True)), m.optimality_proven) if proven
                                              else " ".join(sorted(str(s) for s in m.symbols(shown=True)))))
    return str(r), out if proven else sorted(out)

ctl.add("base", [], "{a;b;c}. #minimize{1,a:a; 1,b:b}. :- not a, not b. #show a/0. #show b/0.")
ctl.ground([("base", [])])
ctl.configuration.solve.models = 0
ctl.configuration.solve.opt_mode = "optN"
r, models = answers(ctl, proven=True)
print("optN:", r, sorted(m for m, p in models if p), repr(ctl.configuration.solve.opt_mode))
ctl.configuration.solve.opt_mode = "ignore"
print("ignore:", answers(ctl))
ctl.configuration.solve.enum_mode = "cautious"
print("cautious:", last(ctl))
ctl.configuration.solve.enum_mode = "brave"
print("brave:", last(ctl))
ctl.configuration.solve.enum_mode = "auto"
ctl.configuration.solve.project = "show"
print("project show:", answers(ctl))
ctl.configuration.solve.project = "no"
ctl.configuration.solve.opt_mode = "opt"
ctl.configuration.solver.opt_strategy = "usc"
r, models = answers(ctl, proven=True)
print("usc:", r, [p for _, p in models][-1:])
ctl.configuration.solve.parallel_mode = "2"
print("two threads:", answers(ctl, proven=True)[0])
for group, key, value in [("solve", "opt_mode", "bogus"), ("solve", "enum_mode", "nothing"), ("solve", "models", "x")]:
    try:
        setattr(getattr(ctl.configuration, group), key, value)
        print(key, "accepted", value)
    except RuntimeError as e:
        print(key, "refused:", e)
print("unchanged:", repr(ctl.configuration.solve.opt_mode))
