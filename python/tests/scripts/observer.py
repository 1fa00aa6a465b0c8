# Control.register_observer: the observer is told the ground program step by step.
# Atom numbers differ between systems, so what is printed is numbering-free: the
# step structure (init_program, begin_step, assume, end_step), the shown atoms and
# terms, the externals' values by name, and the answer sets of the program rebuilt
# from what the observer was told (through a backend of a fresh control), which
# must be the original program's.
import clingo


class Recorder:
    """Records every call; a step's statements are kept until it ends."""

    def __init__(self):
        self.steps = []
        self.events = []
        self.names = {}      # atom -> symbol (output_atom)
        self.facts = set()   # symbols of shown facts (output_atom(_, 0))
        self.rules = []      # (choice, head, body) / (choice, head, lower, body)
        self.externals = {}  # atom -> value name
        self.mins = []
        self.shown_terms = []

    def init_program(self, incremental):
        self.events.append("init_program %s" % incremental)

    def begin_step(self):
        self.events.append("begin_step")

    def rule(self, choice, head, body):
        assert all(isinstance(a, int) and a > 0 for a in head)
        self.rules.append((choice, list(head), None, [(l, 1) for l in body]))

    def weight_rule(self, choice, head, lower_bound, body):
        self.rules.append((choice, list(head), lower_bound, list(body)))

    def minimize(self, priority, literals):
        self.mins.append((priority, list(literals)))

    def output_atom(self, symbol, atom):
        if atom == 0:
            self.facts.add(symbol)
        else:
            self.names[atom] = symbol

    def output_term(self, symbol, condition):
        self.shown_terms.append(str(symbol))

    def external(self, atom, value):
        assert isinstance(value, clingo.TruthValue)
        self.externals[atom] = str(value).split(".")[-1]
        self.events.append(("external", atom, str(value).split(".")[-1]))

    def assume(self, literals):
        self.events.append(("assume", list(literals)))

    def heuristic(self, atom, type_, bias, priority, condition):
        assert isinstance(type_, clingo.HeuristicType)
        self.events.append(("heuristic", atom, str(type_).split(".")[-1], bias, priority))

    def acyc_edge(self, node_u, node_v, condition):
        self.events.append(("acyc_edge", node_u, node_v, len(condition)))

    def project(self, atoms):
        self.events.append(("project", sorted(atoms)))

    def end_step(self):
        self.events.append("end_step")

    def name(self, atom):
        return str(self.names[atom]) if atom in self.names else "_"

    def describe(self, e):
        if e[0] == "external":
            return "external %s %s" % (self.name(e[1]), e[2])
        if e[0] == "assume":
            return "assume %s" % sorted(("" if l > 0 else "-") + self.name(abs(l)) for l in e[1])
        if e[0] == "heuristic":
            return "heuristic %s %s %s %s" % ((self.name(e[1]),) + e[2:])
        return "acyc_edge %s %s (%s condition literals)" % e[1:]

    def report(self):
        """The events with atoms replaced by their names (unnamed: `_`), the statements
        of a step sorted, the projected atoms of a step as one set."""
        out, step, projected = [], [], set()
        for e in self.events + ["(end)"]:
            if isinstance(e, str):
                if projected:
                    step.append("project %s" % sorted(projected))
                out.extend(sorted(step))
                step, projected = [], set()
                out.append(e)
            elif e[0] == "project":
                projected.update(self.name(a) for a in e[1])
            else:
                step.append(self.describe(e))
        return out[:-1]

    def rebuild(self):
        """The answer sets (shown atoms) of the program told, rebuilt in a fresh control."""
        ctl = clingo.Control(["0"])
        with ctl.backend() as b:
            atoms = {}

            def atom(a):
                if a not in atoms:
                    atoms[a] = b.add_atom(self.names.get(a))
                return atoms[a]

            def lit(l):
                return atom(l) if l > 0 else -atom(-l)

            for s in self.facts:
                b.add_rule([b.add_atom(s)], [])
            for choice, head, lower, body in self.rules:
                h = [atom(a) for a in head]
                if lower is None:
                    b.add_rule(h, [lit(l) for l, _ in body], choice)
                else:
                    b.add_weight_rule(h, lower, [(lit(l), w) for l, w in body], choice)
            for a, value in self.externals.items():
                b.add_external(atom(a), getattr(clingo.TruthValue, value))
            for priority, lits in self.mins:
                b.add_minimize(priority, [(lit(l), w) for l, w in lits])
        return answers(ctl), answers(ctl, "ignore")


def answers(ctl, mode="optN", **kw):
    found = []

    def on_model(m):
        if m.optimality_proven or not m.cost or mode == "ignore":
            found.append(" ".join(sorted(map(str, m.symbols(shown=True)))))

    ctl.configuration.solve.opt_mode = mode
    res = ctl.solve(on_model=on_model, **kw)
    return str(res), sorted(set(found))


# one step: rules, a weight body, externals, a minimize statement, directives
PROGRAM = """
#external e. #external f. [true]
p(1..2). {q(X)} :- p(X). r :- q(1), not q(2). s :- r. s :- q(2).
:- q(1), q(2), e.
t :- #sum{ 2,X: q(X); 1: e } >= 2.
#minimize{ 1@2,X: q(X) }.
#heuristic q(1). [2, level]
#edge (1,2) : q(1).
#project q/1.
#show s/0. #show q/1. #show t/0. #show e/0. #show f/0. #show u : r. #show x(1).
"""
obs = Recorder()
ctl = clingo.Control(["0"])
ctl.register_observer(obs)
print("registered:", obs.events)
ctl.add("base", [], PROGRAM)
ctl.ground([("base", [])])
print("shown atoms:", sorted(str(s) for s in obs.names.values()), sorted(map(str, obs.facts)))
print("shown terms:", sorted(obs.shown_terms))
print("solve:", answers(ctl), answers(ctl, "ignore"))
print("events:", obs.report())
print("rebuilt:", obs.rebuild())
print("minimize priorities:", sorted({p for p, _ in obs.mins}),
      "weights:", sorted(w for _, ls in obs.mins for _, w in ls))

# several steps: a backend, assigned and released externals, assumptions, a solve with
# nothing new; only some methods written
class Steps:
    def __init__(self):
        self.log = []

    def begin_step(self):
        self.log.append("begin")

    def end_step(self):
        self.log.append("end")

    def assume(self, literals):
        self.log.append("assume %d" % len(literals))

    def external(self, atom, value):
        self.log.append("external %s" % value)


steps = Steps()
ctl = clingo.Control(["0"])
ctl.register_observer(steps)
with ctl.backend() as b:
    w = b.add_atom(clingo.Function("w"))
    b.add_rule([w], [])
ctl.add("a", [], "p(1). q :- p(1). #external e. a; b.")
ctl.ground([("a", [])])
ctl.assign_external(clingo.Function("e"), True)
print(answers(ctl, assumptions=[(clingo.Function("a"), True)]))
print(answers(ctl))
ctl.add("b", [], "x :- e. #external g.")
ctl.ground([("b", [])])
ctl.release_external(clingo.Function("e"))
print(answers(ctl))
print(steps.log)

# two observers, both told; an exception in one is raised by the call that told it
class Raises:
    def rule(self, choice, head, body):
        raise ValueError("observer says no")


first, second = Recorder(), Recorder()
ctl = clingo.Control(["0"])
ctl.register_observer(first)
ctl.register_observer(second)
ctl.add("base", [], "{a; b}. c :- a, b.")
ctl.ground([("base", [])])
print(first.rebuild() == second.rebuild(), first.rebuild())
ctl = clingo.Control()
ctl.register_observer(Raises())
ctl.add("base", [], "a.")
try:
    ctl.ground([("base", [])])
    print("no exception")
except ValueError as e:
    print("ValueError:", e)

# an observer may use the control it observes (read its atoms and constants, add
# through a backend when a step ends), and one registered late is told only what
# comes after
ctl = clingo.Control(["0"])


class UsesControl:
    def __init__(self):
        self.rules = 0

    def rule(self, choice, head, body):
        self.rules += 1
        assert ctl.get_const("n") == clingo.Number(3)

    def end_step(self):
        print("end_step: atoms", len(ctl.symbolic_atoms))
        with ctl.backend() as b:
            b.add_rule([b.add_atom(clingo.Function("z"))])


uses = UsesControl()
ctl.register_observer(uses)
ctl.add("base", [], "#const n=3. {a}. #show a/0. #show z/0.")
ctl.add("p", [], "{b}. #show b/0.")
ctl.ground([("base", [])])
print("first solve", answers(ctl, "ignore"))
late = Recorder()
ctl.register_observer(late)
ctl.ground([("p", [])])
print("second solve", answers(ctl, "ignore"))
print("late observer:", late.report(), sorted(map(str, late.names.values())))
