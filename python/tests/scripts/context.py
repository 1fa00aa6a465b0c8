# Script functions: `@f(..)` in a program calls the grounding context's method f
# (Control.ground(parts, context=obj)); without a context it is an undefined operation.
import clingo
from clingo import Function, Number, String, Tuple_

def answers(ctl):
    out = []
    r = ctl.solve(on_model=lambda m: out.append(" ".join(sorted(str(s) for s in m.symbols(shown=True)))))
    return str(r), sorted(out)

def run(label, program, context=None, parts=(("base", ()),), args=("0",), texts=True):
    messages = []
    ctl = clingo.Control(list(args), logger=lambda code, text: messages.append((str(code), text)))
    try:
        ctl.add("base", [], program)
        ctl.ground(list(parts), context=context)
        print(label, answers(ctl), messages)
    except Exception as e:  # the context's exception comes through as it was raised
        # (texts=False: the message's code only; clingo's unsafe-rule message
        # shows its rewritten rule)
        shown = messages if texts else [code for code, _ in messages]
        print(label, "raised", type(e).__name__, str(e).splitlines()[:1], shown)

class Context:
    def inc(self, x):
        return Number(x.number + 1)
    def seq(self, a, b):
        return [Number(i) for i in range(a.number, b.number + 1)]
    def pair(self, x):
        return (Tuple_([x, x]), Function("f", [x]))
    def name(self, x):
        return String("n" + str(x))
    def none(self):
        return []
    def fail(self, x):
        raise ValueError("no value for " + str(x))

c = Context()
run("head", "q(1..3). p(@inc(X)) :- q(X).", c)
run("list", "p(@seq(1,3)).", c)
run("equation", "p(X) :- X = @seq(2,4).", c)
run("per instance", "q(1;2). p(X,@seq(1,X)) :- q(X).", c)
run("tuple of results", "p(@pair(a)).", c)
run("string", "p(@name(f(1,b))).", c)
run("no value", "p(@none()). r.", c)
run("comparison", "q(1..3). p(X) :- q(X), @inc(X) > 2.", c)
run("constraint", "q(1;2). :- q(X), @inc(X) > 2.", c)
run("aggregate", "q(1..3). s(S) :- S = #sum { @inc(X),X : q(X) }.", c)
run("condition", "q(1..3). r(@inc(X)) :- q(X). all :- r(Y) : q(X), Y = @inc(X).", c)
run("choice", "q(1..2). { p(@inc(X)) : q(X) } = 1.", c)
run("show term", "q(1..2). #show. #show @inc(X) : q(X).", c)
run("minimize", "q(1..2). { p(X) : q(X) } = 1. #minimize { @inc(X)@1,X : p(X) }.", c, args=("0", "--opt-mode=optN"))
run("nested", "p(@inc(@inc(1))).", c)
run("conditional disjunct", "q(1..2). a ; p(X,@seq(X,X+1)) : q(X).", c)
run("pooled disjunct", "a ; p(@seq(1,2);5).", c)
run("chain under a condition", "q(1..2). a :- 1 < @inc(X) < 4 : q(X). b :- 2 < @inc(X) < 4 : q(X).", c)
run("unsafe", "r(X) :- q(@inc(X)). q(1).", c, texts=False)
run("missing method", "p(@nope(1)).", c)
run("exception", "q(1..3). p(@fail(X)) :- q(X).", c)
run("argument error", "p(@inc(a)).", c)
run("no context", "q(1..2). p(@inc(X)) :- q(X). r.")
run("falsy context", "p(@inc(1)). r.", [])

# each ground call has its own context
ctl = clingo.Control(["0"])
ctl.add("step", ["t"], "p(t, @f(t)).")
class Twice:
    def f(self, x): return Number(2 * x.number)
class Square:
    def f(self, x): return Number(x.number * x.number)
ctl.ground([("step", [Number(3)])], context=Twice())
ctl.ground([("step", [Number(4)])], context=Square())
print("steps", answers(ctl))
