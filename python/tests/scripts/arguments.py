# Control(arguments): clingo's command-line options; the solve.models setting.
import clingo

def models(args, program, **kw):
    ctl = clingo.Control(args)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    out = []
    r = ctl.solve(on_model=lambda m: out.append((m.number, sorted(str(s) for s in m.symbols(shown=True)), m.type, m.cost, m.optimality_proven)), **kw)
    return str(r), r.exhausted, out

prog = "n(1..c). { p(X) : n(X) }."
print("const:", len(models(["0", "-c", "c=3"], prog)[2]))
print("const 2:", len(models(["0", "--const", "c=2"], prog)[2]))
print("models 2:", len(models(["-n", "2", "-c", "c=3"], prog)[2]))
print("brave:", models(["0", "-e", "brave"], "{a;b}. :- a, b.")[0], sorted(m[1] for m in models(["0", "-e", "brave"], "{a;b}. :- a, b.")[2])[-1])
r = models(["0", "--enum-mode=cautious"], "c. {a;b}. :- a, b.")
print("cautious:", r[0], r[2][-1][1], r[2][-1][2])
print("project:", len(models(["0", "--project"], "{a;b;c}. #show a/0. #show b/0.")[2]))
opt = "{a;b;c}. :- not a, not b. #minimize { 1,a : a; 1,b : b; 1,c : c }. #show a/0. #show b/0. #show c/0."
r = models(["--opt-mode=optN", "0"], opt)
print("optN:", r[0], [m for m in r[2] if m[4]])
r = models([], opt)
print("opt default:", r[0], r[2][-1][3], r[2][-1][4])
r = models(["--opt-mode=ignore", "0"], opt)
print("ignore:", len(r[2]), r[2][0][3])
print("heuristic:", models(["--heuristic=Domain"], "{a;b}. #heuristic a. [1,true] #heuristic b. [1,false]")[2][0][1])
for bad in [["--nope"], ["--opt-mode=bad"], ["-n", "x"], ["--enum-mode=xyz"], ["-c", "N=3"]]:
    try:
        clingo.Control(bad)
        print(bad, "accepted")
    except RuntimeError as e:
        print(bad, "RuntimeError:", e)

ctl = clingo.Control()
print("models setting:", repr(ctl.configuration.solve.models))
ctl.configuration.solve.models = 0
print(repr(ctl.configuration.solve.models))
ctl.add("base", [], "{a;b}.")
ctl.ground([("base", [])])
print(len(models([], "{a;b}.")[2]), end=" ")
n = []
ctl.solve(on_model=lambda m: n.append(1))
print(len(n))
ctl.configuration.solve.models = "3"
n = []
ctl.solve(on_model=lambda m: n.append(1))
print(repr(ctl.configuration.solve.models), len(n))
ctl = clingo.Control(["5"])
print(repr(ctl.configuration.solve.models))

# values with blanks around them, as clasp reads them (corpus 9: a script's
# Control(['-t 2']) was refused); a short option with its value attached
print("blanks:", len(models(["--models= 0", "-c c=3"], prog)[2]), len(models(["-n 2", "-c", "c= 3"], prog)[2]))
for args in (["-t 2"], ["-t2"], ["--parallel-mode= 2"]):
    print(args, len(models(args + ["0"], "{a;b}.")[2]))
