# Control.register_propagator: a propagator that forbids two pigeons in one
# hole (watching place/2, adding clauses in propagate and undoing on
# backtrack), and one that checks total assignments only (an even number of
# chosen items), one adding nogoods at every fixpoint under optimisation and
# assumptions, and one that raises; the answer sets sorted, as clingo's and minasp's come in
# other orders.
import clingo


class Pigeon:
    """At most one pigeon per hole, as clingo's pigeon example propagates it."""

    def __init__(self):
        self.calls = {"init": 0, "undo": 0}

    def init(self, init):
        self.calls["init"] += 1
        self.place = {}   # solver literal -> hole
        self.state = {}   # hole -> solver literal placed there
        for atom in init.symbolic_atoms.by_signature("place", 2):
            lit = init.solver_literal(atom.literal)
            self.place[lit] = atom.symbol.arguments[1].number
            init.add_watch(lit)
        self.assigned = []  # trail of (lit, hole) this propagator recorded

    def propagate(self, control, changes):
        for lit in changes:
            hole = self.place[lit]
            prev = self.state.get(hole)
            if prev is not None and prev != lit:
                if not control.add_clause([-lit, -prev]) or not control.propagate():
                    return
            else:
                self.state[hole] = lit
                self.assigned.append(lit)

    def undo(self, thread_id, assignment, changes):
        self.calls["undo"] += 1
        for lit in changes:
            hole = self.place[lit]
            if self.state.get(hole) == lit:
                del self.state[hole]


class Even:
    """Only total assignments with an even number of chosen items."""

    def init(self, init):
        self.items = [init.solver_literal(a.literal) for a in init.symbolic_atoms.by_signature("item", 1)]
        init.check_mode = clingo.PropagatorCheckMode.Total

    def check(self, control):
        a = control.assignment
        true = [l for l in self.items if a.is_true(l)]
        assert a.is_total
        if len(true) % 2 == 1:
            control.add_clause([-l for l in true] + [l for l in self.items if a.is_false(l)])


def answers(ctl):
    found = []
    res = ctl.solve(on_model=lambda m: found.append(" ".join(sorted(map(str, m.symbols(shown=True))))))
    return str(res), len(found), sorted(found)[:5]


ctl = clingo.Control(["0"])
ctl.add("base", [], "pigeon(1..3). hole(1..3). 1 { place(P,H) : hole(H) } 1 :- pigeon(P). #show place/2.")
ctl.ground([("base", [])])
p = Pigeon()
ctl.register_propagator(p)
print("pigeons:", answers(ctl))
print("init called:", p.calls["init"])

ctl = clingo.Control(["0"])
ctl.add("base", [], "pigeon(1..4). hole(1..3). 1 { place(P,H) : hole(H) } 1 :- pigeon(P).")
ctl.ground([("base", [])])
ctl.register_propagator(Pigeon())
print("too many pigeons:", answers(ctl))

ctl = clingo.Control(["0"])
ctl.add("base", [], "{ item(1..4) }. :- item(1), item(2).")
ctl.ground([("base", [])])
ctl.register_propagator(Even())
print("even:", answers(ctl))

# a propagator with no methods changes nothing
ctl = clingo.Control(["0"])
ctl.add("base", [], "{ a; b }.")
ctl.ground([("base", [])])
ctl.register_propagator(object())
print("none:", answers(ctl))


class AtLeastTwo:
    """At least two of the items, by nogoods at every fixpoint."""

    def init(self, init):
        self.items = [init.solver_literal(a.literal) for a in init.symbolic_atoms.by_signature("item", 1)]
        init.check_mode = clingo.PropagatorCheckMode.Fixpoint

    def check(self, control):
        a = control.assignment
        not_false = [l for l in self.items if not a.is_false(l)]
        if len(not_false) < 2:
            control.add_nogood([-l for l in self.items if a.is_false(l)])


ctl = clingo.Control(["0", "--opt-mode=optN"])
ctl.add("base", [], "{ item(1..4) }. #minimize { X,Y : item(Y), X = 5 - Y }.")
ctl.ground([("base", [])])
ctl.register_propagator(AtLeastTwo())
found = []
ctl.solve(on_model=lambda m: found.append((" ".join(sorted(map(str, m.symbols(shown=True)))), m.cost, m.optimality_proven)))
print("optimal:", sorted(f for f in found if f[2]))
res = []
print(ctl.solve(assumptions=[(clingo.Function("item", [clingo.Number(4)]), False)],
                on_model=lambda m: res.append((m.cost, m.optimality_proven))), [r for r in res if r[1]])


class Boom:
    def propagate(self, control, changes):
        raise ValueError("boom")

    def init(self, init):
        for a in init.symbolic_atoms:
            init.add_watch(init.solver_literal(a.literal))


ctl = clingo.Control(["0"])
ctl.add("base", [], "{ a; b }.")
ctl.ground([("base", [])])
ctl.register_propagator(Boom())
try:
    ctl.solve()
except Exception as e:
    print("raised:", type(e).__name__, e)


class BoomInCheck:
    def check(self, control):
        raise ValueError("boom in check")


ctl = clingo.Control(["0"])
ctl.add("base", [], "{ a }.")
ctl.ground([("base", [])])
ctl.register_propagator(BoomInCheck())
seen = []
try:
    ctl.solve(on_model=lambda m: seen.append(str(m)))
except ValueError as e:
    print("raised:", e, "models seen:", seen)


class Updating:
    def check(self, control):
        try:
            ctl.solve()
        except RuntimeError as e:
            print("solve in check:", e)


ctl = clingo.Control(["1"])
ctl.add("base", [], "{ a }.")
ctl.ground([("base", [])])
ctl.register_propagator(Updating())
print(ctl.solve())
