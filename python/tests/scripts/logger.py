# Messages as clingo gives them to a logger, and its message limit.
import clingo

def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e))

def show(code, text):
    print(code, repr(text))

# infos and an error through a logger
ctl = clingo.Control(logger=show)
ctl.add("base", [], "q(a+1). r(1/0). p :- s. t(1..2).")
attempt("infos", lambda: ctl.ground([("base", [])]))
print(clingo.MessageCode.AtomUndefined.value, clingo.MessageCode.RuntimeError.value)
ctl = clingo.Control(logger=show)
attempt("syntax error", lambda: ctl.add("base", [], "a b."))
attempt("missing file", lambda: clingo.Control(logger=show).load("/nonexistent/file.lp"))

# the limit: infos past it are dropped
ctl = clingo.Control(logger=show, message_limit=3)
ctl.add("base", [], " ".join("a{} :- b{}.".format(i, i) for i in range(6)))
attempt("limit 3, 6 infos", lambda: ctl.ground([("base", [])]))

# an error past the limit: too many messages
ctl = clingo.Control(logger=show, message_limit=2)
ctl.add("base", [], "q(a+1). q(b+1). q(c+1).")
attempt("limit 2, 3 infos", lambda: ctl.ground([("base", [])]))
ctl = clingo.Control(logger=show, message_limit=1)
attempt("limit 1, 2 syntax errors", lambda: ctl.add("base", [], "a b.\nx. y.\nc d."))
ctl = clingo.Control(logger=show, message_limit=0)
attempt("limit 0, 1 syntax error", lambda: ctl.add("base", [], "a b."))
codes = []
ctl = clingo.Control(logger=lambda c, t: codes.append(c))
ctl.add("base", [], "a :- b.")
ctl.ground([("base", [])])
print(codes, codes[0] == clingo.MessageCode.AtomUndefined)
print(clingo.MessageCode.AtomUndefined < clingo.MessageCode.Other)

# solving without grounding first: the messages of the implicit grounding
ctl = clingo.Control(logger=show)
ctl.add("base", [], "a :- b. c(1/0).")
attempt("solve ungrounded", lambda: ctl.solve())
