# clingo's submodules and interface classes: `from clingo.symbol import ...`,
# `from clingo.control import Control`, a subclass of `clingo.propagator.Propagator`
# overriding only `propagate`, and of `clingo.backend.Observer` overriding only `rule`.
from clingo.application import Application, Flag, clingo_main
from clingo.backend import Observer, TruthValue
from clingo.control import Control
from clingo.core import MessageCode
from clingo.propagator import Propagator, PropagatorCheckMode, PropagatorUndoMode
from clingo.solving import ModelType, SolveResult
from clingo.symbol import Function, Number, SymbolType, parse_term
from clingo.symbolic_atoms import SymbolicAtom

print(Function("f", [Number(1)]), parse_term("g(1+2)").type == SymbolType.Function)
print(TruthValue.True_, MessageCode.AtomUndefined, PropagatorCheckMode.Total, PropagatorUndoMode.Always)
print(callable(clingo_main), bool(Flag(True)), isinstance(Application, type))


class AtMostOne(Propagator):
    """No two of p(1..3) (told through propagate only)."""

    def init(self, init):
        self.lits = [init.solver_literal(a.literal) for a in init.symbolic_atoms.by_signature("p", 1)]
        for l in self.lits:
            init.add_watch(l)
        print("undo mode:", init.undo_mode)

    def propagate(self, control, changes):
        for l in changes:
            for o in self.lits:
                if o != l and not control.add_clause([-l, -o]):
                    return


class Rules(Observer):
    def __init__(self):
        self.rules = 0

    def rule(self, choice, head, body):
        self.rules += 1


rules = Rules()
ctl = Control(["0"])
ctl.register_observer(rules)
ctl.register_propagator(AtMostOne())
ctl.add("base", [], "{ p(1..3) }.")
ctl.ground([("base", [])])
models = []
result = ctl.solve(on_model=lambda m: models.append((m.type == ModelType.StableModel, sorted(map(str, m.symbols(atoms=True))))))
print(isinstance(result, SolveResult), result, sorted(models))
print(rules.rules > 0, isinstance(next(iter(ctl.symbolic_atoms)), SymbolicAtom))

# after a plain `import clingo` the submodules are its attributes (corpus 9:
# `clingo.application.Application`, `clingo.solving.Model`), and
# `clingo.script.enable_python` can be called
import clingo
for name in ["application", "backend", "configuration", "control", "core", "propagator",
             "solving", "symbol", "symbolic_atoms"]:
    print(name, hasattr(clingo, name))
print(clingo.application.Application is Application, clingo.solving.SolveResult is SolveResult)
from clingo.script import enable_python
print(enable_python())
