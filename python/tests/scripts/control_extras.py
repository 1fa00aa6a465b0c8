# Control.get_const, remove_minimize, theory_atoms, enable_cleanup and
# enable_enumeration_assumption, Model.priority.
import clingo

ctl = clingo.Control(["-c", "k=7", "0"])
ctl.add("base", [], "#const n = 3. #const m = f(n,2). #const k = 1. p(1..n). {q(1..2)}. "
                    "#minimize{X@2,X:q(X)}. #minimize{1@5,a:p(1)}. :~ q(2). [3@-1]")
print("before ground:", ctl.get_const("n"), ctl.get_const("m"), ctl.get_const("k"), ctl.get_const("nope"))
ctl.ground([("base", [])])
print("after ground:", ctl.get_const("n"), repr(ctl.get_const("m")), ctl.get_const("k"), ctl.get_const("nope"))
print("theory atoms:", list(ctl.theory_atoms))
print("cleanup:", ctl.enable_cleanup, ctl.enable_enumeration_assumption)
ctl.enable_cleanup = False
ctl.enable_enumeration_assumption = False
print("cleanup set:", ctl.enable_cleanup, ctl.enable_enumeration_assumption)
ctl.configuration.solve.opt_mode = "optN"
res = []
print(ctl.solve(on_model=lambda m: res.append((m.priority, m.cost, m.optimality_proven))), res[-1])
ctl.remove_minimize()
ctl.configuration.solve.opt_mode = "opt"
res = []
# (how many answer sets then come is clingo's choice: it still treats the
# program as one to optimise, with no costs, and stops after the first)
print("after remove_minimize:", ctl.solve(on_model=lambda m: res.append((m.priority, m.cost))),
      sorted(set((tuple(p), tuple(c)) for p, c in res)))
ctl.add("more", [], ":~ q(1). [1@4]")
ctl.ground([("more", [])])
res = []
print("a new one:", ctl.solve(on_model=lambda m: res.append((m.priority, m.cost))), res[-1])
