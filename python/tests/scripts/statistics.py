# Statistics: the structure and the summary's counts.
import clingo

ctl = clingo.Control(["--opt-mode=optN", "0"])
ctl.add("base", [], "{a;b;c}. :- not a, not b. #minimize { 1,a : a; 1,b : b; 2,c : c }.")
ctl.ground([("base", [])])
ctl.solve()
s = ctl.statistics
print(sorted(s.keys()))
print(sorted(s["summary"].keys()))
print(sorted(s["summary"]["models"].keys()), s["summary"]["models"]["optimal"], s["summary"]["costs"])
print(sorted(s["summary"]["times"].keys()), s["summary"]["exhausted"])
print(sorted(s["solving"]["solvers"].keys()))
print(all(isinstance(v, float) for v in s["solving"]["solvers"].values()))
print(s["summary"]["call"], s["summary"]["result"])
ctl = clingo.Control(["0"])
ctl.add("base", [], "{a;b}.")
ctl.ground([("base", [])])
ctl.solve()
print(ctl.statistics["summary"]["models"]["enumerated"], ctl.statistics["summary"]["exhausted"])
ctl.solve(on_statistics=lambda step, accu: print("on_statistics:", sorted(step.keys())))
