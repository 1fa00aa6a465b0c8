# Errors as clingo raises them.
import clingo, os, tempfile

def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e))

ctl = clingo.Control()
attempt("syntax error", lambda: ctl.add("base", [], "p(."))
attempt("unsafe, added", lambda: ctl.add("base", [], "p(X) :- not q(X)."))
attempt("unsafe, grounded", lambda: ctl.ground([("base", [])]))
ctl = clingo.Control()
attempt("missing file", lambda: ctl.load("/nonexistent/file.lp"))
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "bad.lp")
    with open(path, "w") as f:
        f.write("a :- b\n")
    attempt("bad file", lambda: ctl.load(path))
ctl = clingo.Control()
ctl.add("base", [], "p(1). q(X) :- p(X), X > 0.")
attempt("good", lambda: ctl.ground([("base", [])]))
attempt("unknown option", lambda: clingo.Control(["--not-an-option"]))
attempt("bad value", lambda: clingo.Control(["--opt-mode=fast"]))
attempt("bad models", lambda: clingo.Control(["-n", "many"]))

# once a program failed, later ones are refused, a bad one with its own
# message (corpus 9: minasp dropped the second message)
codes = []
ctl = clingo.Control(logger=lambda code, msg: codes.append(str(code)))
for prog in ["p(.", "q.", "r(."]:
    attempt("after a failure: " + prog, lambda: ctl.add("base", [], prog))
print(codes)
