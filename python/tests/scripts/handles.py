# Solve handles: yield_, iteration, context manager, get, model/resume, cancel, async_.
import clingo

ctl = clingo.Control(["0"])
ctl.add("base", [], "1 { a; b; c } 1.")
ctl.ground([("base", [])])
with ctl.solve(yield_=True) as h:
    seen = sorted(str(m) for m in h)
    print("iterated:", seen, h.get(), h.get().exhausted)
with ctl.solve(yield_=True) as h:
    for m in h:
        print("first:", m.number, h.get(), h.get().exhausted)
        break
h = ctl.solve(yield_=True)
m1 = h.model()
text1 = str(m1)
print("model:", m1 is not None, h.get())
h.resume()
m2 = h.model()
print("resume:", m2 is not None, text1 != str(m2))
h.cancel()
r = h.get()
print("cancel:", r, r.exhausted)
h = ctl.solve(async_=True)
print("async:", h.wait(), h.get(), h.get().exhausted)
count = [0]
h = ctl.solve(on_model=lambda m: count.__setitem__(0, count[0] + 1), async_=True)
print("async on_model:", h.get(), count[0])
ctl = clingo.Control(["0"])
ctl.add("base", [], "a. :- a.")
ctl.ground([("base", [])])
with ctl.solve(yield_=True) as h:
    print("unsat handle:", list(h), h.get(), h.get().unsatisfiable)
