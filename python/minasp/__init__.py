"""minasp with clingo's Python API: ``import minasp as clingo``.

The common subset of clingo 5.8's API (``Control``, ``SolveHandle``,
``SolveResult``, ``Model``, symbols, symbolic atoms, statistics and the
``solve.models`` setting) over minasp's grounder and solver.  The names,
signatures and behaviour are clingo's; what differs is listed in the
repository's ``README.md`` ("From Python").  clingo's submodules
(``clingo.symbol``, ``clingo.control``, ...) are here too, each the names
of this one it lists.

Invariant: this file only shapes the API; parsing, grounding, solving,
symbol order and printing are the library's (``minasp._minasp``).
"""

import abc
import enum
import functools
import time
import typing

from ._minasp import (
    Assignment,
    Core as _Core,
    Function,
    Infimum,
    Number,
    PropagateControl,
    String,
    Supremum,
    Symbol,
    Tuple_,
    parse_term,
)

__all__ = [
    "Application", "ApplicationOptions", "Flag", "clingo_main", "Assignment", "Backend", "Configuration", "Control", "Function", "HeuristicType", "Infimum", "Logger", "MessageCode", "Model",
    "ModelType", "Number", "Observer", "PropagateControl", "PropagateInit", "Propagator", "PropagatorCheckMode", "PropagatorUndoMode",
    "SolveControl", "SolveHandle", "SolveResult", "String", "Supremum", "Symbol", "SymbolType", "SymbolicAtom", "SymbolicAtoms", "TruthValue", "Tuple_",
    "parse_term",
]

__version__ = "5.8.3"


def version():
    """The version of clingo's API this module has, as clingo's ``version()``."""
    return tuple(int(x) for x in __version__.split("."))


@functools.total_ordering
class OrderedEnum(enum.Enum):
    """An enumeration whose members are ordered by their values (as clingo's)."""

    def __lt__(self, other):
        if self.__class__ is other.__class__:
            return self.value < other.value
        return NotImplemented


class SymbolType(OrderedEnum):
    """The kinds of symbols, with clingo's values."""
    Function = 5
    Infimum = 0
    Number = 1
    String = 4
    Supremum = 7


class MessageCode(OrderedEnum):
    """What a message passed to a ``Control``'s logger is about, with clingo's values."""
    OperationUndefined = 0
    RuntimeError = 1
    AtomUndefined = 2
    FileIncluded = 3
    VariableUnbounded = 4
    GlobalVariable = 5
    Other = 6


class TruthValue(OrderedEnum):
    """The value of an external atom, with clingo's values."""
    Free = 0
    True_ = 1
    False_ = 2
    Release = 3


class HeuristicType(OrderedEnum):
    """The modifier of a heuristic directive, with clingo's values."""
    Level = 0
    Sign = 1
    Factor = 2
    Init = 3
    True_ = 4
    False_ = 5


class PropagatorCheckMode(OrderedEnum):
    """When a propagator's ``check`` is called, with clingo's values."""
    Off = 0
    Total = 1
    Fixpoint = 2
    Both = 3


class ModelType(OrderedEnum):
    """What a model is: an answer set, or brave or cautious consequences."""
    StableModel = 0
    BraveConsequences = 1
    CautiousConsequences = 2


class SolveResult:
    """The result of a solve call (clingo's bit set: 1 satisfiable,
    2 unsatisfiable, 4 exhausted, 8 interrupted)."""

    def __init__(self, satisfiable, unsatisfiable, exhausted, interrupted):
        self._bits = (1 * satisfiable) | (2 * unsatisfiable) | (4 * exhausted) | (8 * interrupted)

    @property
    def satisfiable(self):
        return bool(self._bits & 1)

    @property
    def unsatisfiable(self):
        return bool(self._bits & 2)

    @property
    def unknown(self):
        return not self._bits & 3

    @property
    def exhausted(self):
        return bool(self._bits & 4)

    @property
    def interrupted(self):
        return bool(self._bits & 8)

    def __str__(self):
        if self.satisfiable:
            return "SAT"
        if self.unsatisfiable:
            return "UNSAT"
        return "UNKNOWN"

    def __repr__(self):
        return "SolveResult({})".format(self._bits)


class _SymbolSequence(list):
    """A list of symbols that prints as clingo's: ``[a(1), b]``."""

    def __str__(self):
        return "[" + ", ".join(str(s) for s in self) + "]"

    __repr__ = __str__


class SolveControl:
    """The search a model came from, to steer from a model callback or while
    iterating (clingo's ``Model.context``)."""

    def __init__(self, search, control):
        self._search = search
        self._control = control

    def add_clause(self, literals):
        """From now on in this solve call, only answer sets in which one of
        ``literals`` holds: ``(symbol, truth)`` pairs or program literals.  As
        clingo's: a pair of a symbol that is no atom is false (dropped), its
        negation true (the clause is not added)."""
        atoms = None
        lits = []
        for lit in literals:
            if isinstance(lit, int):
                lits.append(lit)
                continue
            if atoms is None:
                atoms = self.symbolic_atoms
            atom = atoms[lit[0]]
            if atom is not None:
                lits.append(atom.literal if lit[1] else -atom.literal)
            elif not lit[1]:
                return
        self._search.add_clause(lits)

    def add_nogood(self, literals):
        """``add_clause`` with every literal negated: not all of them may hold."""
        self.add_clause([-lit if isinstance(lit, int) else (lit[0], not lit[1]) for lit in literals])

    @property
    def symbolic_atoms(self):
        """The atoms of the ground program (see ``Control.symbolic_atoms``)."""
        if self._control is None:
            return SymbolicAtoms([])
        return self._control.symbolic_atoms


class Model:
    """One answer set (or, under ``-e brave|cautious``, the consequences so far)."""

    def __init__(self, answer, type_, control=None, search=None):
        self._answer = answer
        self._type = type_
        self._control = control
        self._search = search

    @property
    def context(self):
        """The ``SolveControl`` of the search this model came from."""
        return SolveControl(self._search, self._control)

    def symbols(self, atoms=False, terms=False, shown=False, theory=False, complement=False):
        """The selected symbols of the model, in clingo's term order."""
        if complement:
            raise RuntimeError("minasp: Model.symbols(complement=True) is not supported")
        out = []
        if atoms:
            out.extend(self._answer.atoms())
        if shown:
            out.extend(self._answer.shown())
        elif terms:
            true_atoms = set(self._answer.atoms())
            out.extend(s for s in self._answer.shown() if s not in true_atoms)
        return _SymbolSequence(sorted(set(out)))

    def contains(self, atom):
        """Whether the ground atom ``atom`` is true in the model."""
        return self._answer.contains(atom)

    @property
    def priority(self):
        """The priority of each cost, highest first."""
        return self._answer.priority()

    def is_true(self, literal):
        """Whether the program literal ``literal`` (see ``SymbolicAtom.literal``) is true."""
        return self._answer.is_true(literal)

    def is_consequence(self, literal):
        """Whether the positive literal ``literal`` is a consequence (as clingo's, a negative
        literal never is): of an answer set, whether it is true; of brave consequences,
        ``True`` if it is one so far, else ``None`` (not known yet); of cautious ones,
        ``False`` if it is no longer one, ``True`` for a fact, else ``None``."""
        if literal <= 0:
            return False
        true = self._answer.is_true(literal)
        if self._type == ModelType.BraveConsequences:
            return True if true else None
        if self._type == ModelType.CautiousConsequences:
            if not true:
                return False
            facts = self._control._facts() if self._control is not None else set()
            return True if literal in facts else None
        return true

    def extend(self, symbols):
        """Adds ``symbols`` to what an application run by ``clingo_main`` prints for this
        model (as clingo, nothing else sees them)."""
        self._extended = getattr(self, "_extended", []) + list(symbols)

    @property
    def cost(self):
        return self._answer.cost()

    @property
    def optimality_proven(self):
        return self._answer.optimality_proven()

    @property
    def number(self):
        return self._answer.number()

    @property
    def type(self):
        return self._type

    @property
    def thread_id(self):
        return 0

    def __str__(self):
        return " ".join(str(s) for s in self.symbols(shown=True))

    def __repr__(self):
        return "Model({})".format(self.number)


class SolveHandle:
    """A solve call in progress: iterate for the models, ``get()`` for the result."""

    def __init__(self, search, on_model, type_, on_finish=None, control=None, yield_=True,
                 assumptions=((), ())):
        self._yield = yield_
        # the assumptions as (symbol, truth) pairs, and the literal each is reported by
        self._pairs, self._literals = assumptions
        self._core = None
        self._last = None
        self._search = search
        self._on_model = on_model
        self._type = type_
        self._on_finish = on_finish
        self._control = control
        self._model = None
        self._started = False
        self._finished = False
        self._result = None

    def _step(self):
        """Searches for the next model; returns it, or None when the search is over."""
        if self._finished:
            return None
        answer = self._search.next()
        if answer is None:
            self._finish()
            return None
        if self._control is not None and self._control._core.propagator_failed():
            # (a model found after a propagator raised is none)
            self._search.cancel()
            self._finish(stopped=True)
            return None
        model = Model(answer, self._type, self._control, self._search)
        self._last = model
        printer = self._control._printer if self._control is not None else None
        try:
            stop = self._on_model is not None and self._on_model(model) is False
        except BaseException:
            if printer is not None:
                # (found, though not printed: clingo's summary counts it)
                printer.models += 1
            raise
        if printer is not None:
            printer.model(model)
        if stop:
            self._search.cancel()
            self._finish(stopped=True)
        return model

    def _finish(self, stopped=False):
        if self._finished:
            return
        self._finished = True
        sat, unsat, exhausted, interrupted = self._search.result()
        if stopped:
            exhausted = False
        self._result = SolveResult(sat, unsat, exhausted, interrupted)
        if self._control is not None:
            self._control._last = self._search
            if self._control._printer is not None:
                self._control._printer.finished(self._result)
            # an exception a propagator raised ends the solve with it
            self._control._core.propagator_error()
        if self._on_finish is not None:
            self._on_finish(self._result)

    def __iter__(self):
        return self

    def __next__(self):
        if self._started:
            self.resume()
        self._started = True
        model = self.model()
        if model is None:
            raise StopIteration
        return model

    def model(self):
        """The current model (searching for it first if needed); None when there is none."""
        if self._model is None and not self._finished:
            self._model = self._step()
        return self._model

    def resume(self):
        """Moves on to the next model."""
        if self._model is None and not self._finished:
            self._step()
        self._model = None

    def wait(self, timeout=None):
        """Waits for the current model or the result; True when it is there."""
        if self._yield:
            self.model()
        else:
            self._run()
        return True

    def get(self):
        """The result: with a model at hand (``yield_``), what is known so
        far (the search stays there); otherwise the search runs to its end."""
        if not self._yield:
            return self._run()
        if not self._finished and self.model() is not None:
            return SolveResult(True, False, False, False)
        return self._result

    def _run(self):
        """Runs the search to its end (calling ``on_model``); the result."""
        while not self._finished:
            self._model = None
            self._step()
        return self._result

    def cancel(self):
        """Stops the search."""
        if not self._finished:
            self._search.cancel()
            printer = self._control._printer if self._control is not None else None
            if printer is not None:
                # as clingo's command line: a solve cancelled is an interruption
                printer.stop = printer.stop or "INTERRUPTED"
            self._finish()

    def core(self):
        """The assumptions (as literals) that made the search unsatisfiable, as clingo's
        (a subset of them, not always the smallest; empty: the program has no answer set
        at all, or the search is not over, or found one)."""
        if self._result is None or not self._result.unsatisfiable or self._control is None:
            return []
        if self._core is None:
            which = self._control._core.core(list(self._pairs))
            self._core = [self._literals[i] for i in which if self._literals[i] is not None]
        return list(self._core)

    def last(self):
        """The last model found (under optimisation: the best), None if there is none."""
        return self._last

    def close(self):
        self.cancel()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Backend:
    """Adds ground statements to a control's program, as clingo's ``Backend``:
    a context manager (``with ctl.backend() as backend:``); what is added joins
    the program when the ``with`` block ends, or when the control is used
    otherwise. Literals are program literals (``SymbolicAtom.literal``, negative
    for a negation); an atom added with a symbol is the program's atom of that
    symbol, which later groundings match and models show."""

    def __init__(self, core, control=None):
        self._core = core
        self._control = control
        self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        self._closed = True
        self._core.backend_close()
        if self._control is not None:
            self._control._tell_observers()

    def _open(self):
        """The core, for a statement (refused once the backend is closed, as clingo's)."""
        if self._closed:
            raise RuntimeError("backend not available")
        return self._core

    def add_atom(self, symbol=None):
        """The literal of the atom of ``symbol`` (a function), made if the program has
        none; without a symbol, a fresh atom's."""
        return self._core.backend_add_atom(symbol)

    def add_rule(self, head, body=(), choice=False):
        """Adds ``head :- body`` (a disjunction of the head atoms; a choice with ``choice``;
        an integrity constraint without head atoms)."""
        self._open().backend_add_rule([int(a) for a in head], [int(l) for l in body], bool(choice))

    def add_weight_rule(self, head, lower, body, choice=False):
        """Adds ``head :- lower <= #sum { w : l }`` over the ``(literal, weight)`` pairs
        ``body``."""
        pairs = [(int(l), int(w)) for l, w in body]
        self._open().backend_add_weight_rule([int(a) for a in head], int(lower), pairs, bool(choice))

    def add_minimize(self, priority, literals):
        """Adds a minimize statement over the ``(literal, weight)`` pairs ``literals``."""
        self._open().backend_add_minimize(int(priority), [(int(l), int(w)) for l, w in literals])

    def add_external(self, atom, value=TruthValue.False_):
        """Declares ``atom`` external with the value ``value`` (a ``TruthValue``)."""
        names = {TruthValue.True_: "true", TruthValue.False_: "false",
                 TruthValue.Free: "free", TruthValue.Release: "release"}
        self._open().backend_add_external(int(atom), names[value])

    def add_assume(self, literals):
        """The next solve assumes ``literals``."""
        self._open().backend_add_assume([int(l) for l in literals])

    def add_project(self, atoms):
        """Adds ``atoms`` to the projection atoms."""
        self._open().backend_add_project([int(a) for a in atoms])

    def add_heuristic(self, atom, type, bias, priority, condition):
        """Adds a heuristic modifier of the ``HeuristicType`` ``type`` for ``atom``."""
        self._open().backend_add_heuristic(int(atom), type.name, int(bias), int(priority),
                                         [int(l) for l in condition])

    def add_acyc_edge(self, node_u, node_v, condition):
        raise RuntimeError("minasp: acyclicity edges cannot be added through the backend")

    def _theory(self, *args, **kwargs):
        raise RuntimeError("minasp: theory atoms are not supported")

    add_theory_atom = add_theory_atom_with_guard = add_theory_element = _theory
    add_theory_term_function = add_theory_term_number = add_theory_term_sequence = _theory
    add_theory_term_string = add_theory_term_symbol = _theory


class PropagateInit:
    """What a propagator's ``init`` is given, as clingo's ``PropagateInit``: the
    symbolic atoms, the solver literal of each program literal, watches, clauses
    that hold from the start, and when ``check`` is called."""

    def __init__(self, core, symbolic_atoms):
        self._core = core
        self._atoms = symbolic_atoms

    @property
    def symbolic_atoms(self):
        return self._atoms

    @property
    def theory_atoms(self):
        return iter(())

    @property
    def number_of_threads(self):
        return 1

    @property
    def assignment(self):
        return self._core.assignment

    @property
    def check_mode(self):
        return PropagatorCheckMode(self._core.get_check_mode())

    @check_mode.setter
    def check_mode(self, mode):
        self._core.set_check_mode(PropagatorCheckMode(mode).value)

    @property
    def undo_mode(self):
        return PropagatorUndoMode.Default

    @undo_mode.setter
    def undo_mode(self, mode):
        pass

    def solver_literal(self, literal):
        return self._core.solver_literal(int(literal))

    def add_watch(self, literal, thread_id=None):
        self._core.add_watch(int(literal))

    def remove_watch(self, literal, thread_id=None):
        self._core.remove_watch(int(literal))

    def freeze_literal(self, literal):
        pass

    def add_clause(self, clause):
        return self._core.add_clause([int(l) for l in clause])

    def add_nogood(self, nogood):
        return self._core.add_clause([-int(l) for l in nogood])

    def propagate(self):
        return True

    def add_literal(self, freeze=True):
        raise RuntimeError("minasp: a propagator cannot add variables")

    def add_weight_constraint(self, *args, **kwargs):
        raise RuntimeError("minasp: a propagator cannot add weight constraints")

    def add_minimize(self, *args, **kwargs):
        raise RuntimeError("minasp: a propagator cannot add minimize literals")


Logger = typing.Callable[["MessageCode", str], None]


class PropagatorUndoMode(OrderedEnum):
    """When ``undo`` is called (clingo's; minasp calls it as ``Default`` says)."""
    Default = 0
    Always = 1


class Observer(metaclass=abc.ABCMeta):
    """clingo's observer interface (``Control.register_observer``): every method may be
    left out; these do nothing."""

    def init_program(self, incremental):
        pass

    def begin_step(self):
        pass

    def rule(self, choice, head, body):
        pass

    def weight_rule(self, choice, head, lower_bound, body):
        pass

    def minimize(self, priority, literals):
        pass

    def project(self, atoms):
        pass

    def output_atom(self, symbol, atom):
        pass

    def output_term(self, symbol, condition):
        pass

    def external(self, atom, value):
        pass

    def assume(self, literals):
        pass

    def heuristic(self, atom, type_, bias, priority, condition):
        pass

    def acyc_edge(self, node_u, node_v, condition):
        pass

    def end_step(self):
        pass


class Propagator(metaclass=abc.ABCMeta):
    """clingo's propagator interface (``Control.register_propagator``): every method may
    be left out; these do nothing."""

    def init(self, init):
        pass

    def propagate(self, control, changes):
        pass

    def undo(self, thread_id, assignment, changes):
        pass

    def check(self, control):
        pass


class _ObserverAdapter:
    """Passes the ground program's statements (plain numbers from the core) to an
    observer as clingo's ``Observer`` gets them; a method the observer lacks is skipped."""

    def __init__(self, observer):
        self._observer = observer

    def _call(self, name, *args):
        method = getattr(self._observer, name, None)
        if method is not None:
            method(*args)

    def init_program(self, incremental):
        self._call("init_program", incremental)

    def begin_step(self):
        self._call("begin_step")

    def rule(self, choice, head, body):
        self._call("rule", choice, head, body)

    def weight_rule(self, choice, head, lower_bound, body):
        self._call("weight_rule", choice, head, lower_bound, body)

    def minimize(self, priority, literals):
        self._call("minimize", priority, literals)

    def project(self, atoms):
        self._call("project", atoms)

    def output_atom(self, symbol, atom):
        self._call("output_atom", symbol, atom)

    def output_term(self, symbol, condition):
        self._call("output_term", symbol, condition)

    def external(self, atom, value):
        self._call("external", atom, TruthValue(value))

    def assume(self, literals):
        self._call("assume", literals)

    def heuristic(self, atom, type_, bias, priority, condition):
        self._call("heuristic", atom, HeuristicType(type_), bias, priority, condition)

    def acyc_edge(self, node_u, node_v, condition):
        self._call("acyc_edge", node_u, node_v, condition)

    def end_step(self):
        self._call("end_step")


class _PropagatorAdapter:
    """Calls the methods a user's propagator has (each is optional, as in clingo)."""

    def __init__(self, user, control):
        self._user = user
        self._control = control
        # the control's symbolic atoms, read before each solve (the solve
        # calls ``init``, and the control is busy then)
        self.atoms = None
        self._init = getattr(user, "init", None)
        self._propagate = getattr(user, "propagate", None)
        self._undo = getattr(user, "undo", None)
        self._check = getattr(user, "check", None)

    def _call(self, method, *args):
        # the control is searching: it cannot change until the call returns
        self._control._busy += 1
        try:
            method(*args)
        finally:
            self._control._busy -= 1

    def init(self, core):
        if self._init is not None:
            self._call(self._init, PropagateInit(core, self.atoms))

    def propagate(self, control, changes):
        if self._propagate is not None:
            self._call(self._propagate, control, changes)

    def undo(self, thread_id, assignment, changes):
        if self._undo is not None:
            self._call(self._undo, thread_id, assignment, changes)

    def check(self, control):
        if self._check is not None:
            self._call(self._check, control)


class SymbolicAtom:
    """An atom of the ground program."""

    def __init__(self, symbol, literal, is_fact, is_external):
        self.symbol = symbol
        self.literal = literal
        self.is_fact = is_fact
        self.is_external = is_external

    def match(self, name, arity, positive=True):
        return self.symbol.match(name, arity, positive)


class SymbolicAtoms:
    """The atoms of the ground program, by symbol and by signature."""

    def __init__(self, atoms):
        self._atoms = atoms
        self._by_symbol = {a.symbol: a for a in atoms}

    def __iter__(self):
        return iter(self._atoms)

    def __len__(self):
        return len(self._atoms)

    def __contains__(self, symbol):
        return symbol in self._by_symbol

    def __getitem__(self, symbol):
        return self._by_symbol.get(symbol)

    def by_signature(self, name, arity, positive=True):
        return iter([a for a in self._atoms if a.match(name, arity, positive)])

    @property
    def signatures(self):
        seen = []
        for a in self._atoms:
            s = a.symbol
            if s.type != SymbolType.Function:
                continue
            sig = (s.name, len(s.arguments), s.positive)
            if sig not in seen:
                seen.append(sig)
        return seen


class _Options:
    """A group of settings of ``Control.configuration`` (values are strings, as clingo's)."""

    def __init__(self, control, group, names):
        object.__setattr__(self, "_control", control)
        object.__setattr__(self, "_group", group)
        object.__setattr__(self, "_names", names)

    @property
    def keys(self):
        return list(self._names)

    def __getattr__(self, name):
        if name not in self._names:
            raise AttributeError("unknown option: {}".format(name))
        return self._control._setting(self._group, name)

    def __setattr__(self, name, value):
        if name not in self._names:
            raise AttributeError("unknown option: {}".format(name))
        self._control._set(self._group, name, str(value))


# clingo 5.8's settings and their defaults, by group; each is the command-line
# option of the same name (`opt_mode` is `--opt-mode`)
_SETTINGS = {
    "solve": {
        "solve_limit": "umax,umax", "parallel_mode": "1,compete", "global_restarts": "no",
        "distribute": "conflict,global,4,4194303", "integrate": "gp,1024,all", "enum_mode": "auto",
        "project": "no", "models": "-1", "opt_mode": "opt", "opt_stop": "no",
    },
    "solver": {
        "opt_strategy": "bb,lin", "opt_usc_shrink": "no", "opt_heuristic": "no", "restart_on_model": "0",
        "lookahead": "no", "heuristic": "vsids,92", "init_moms": "1", "score_res": "auto",
        "score_other": "all", "sign_def": "asp", "sign_fix": "0", "save_progress": "160",
        "init_watches": "least", "seed": "1", "strengthen": "recursive,all,yes", "otfs": "2",
        "update_lbd": "less,0", "reverse_arcs": "0", "contraction": "no", "loops": "shared",
        "rand_freq": "0", "restarts": "l,60", "local_restarts": "1", "counter_restarts": "no",
        "block_restarts": "no", "deletion": "basic,50,activity", "del_grow": "no",
        "del_cfl": "+,2000,100,20", "del_init": "3,10,4294967285", "del_max": "2000000,0",
        "del_glue": "2,0",
    },
    "asp": {"trans_ext": "dynamic", "eq": "3"},
}
# settings that are flags on the command line: a true value gives the flag
_FLAGS = {"init_moms", "sign_fix", "local_restarts", "restart_on_model"}
# the short options of settings
_SHORT = {"parallel_mode": ("-t",), "enum_mode": ("-e",), "models": ("-n",)}


class Configuration:
    """``Control.configuration``: clingo's settings of the groups ``solve``, ``solver``
    and ``asp`` (those minasp's command line takes; others cannot be set)."""

    def __init__(self, control):
        for group, names in _SETTINGS.items():
            setattr(self, group, _Options(control, group, list(names)))

    @property
    def keys(self):
        return list(_SETTINGS)


class Control:
    """Grounds and solves logic programs, as clingo's ``Control``."""

    def __init__(self, arguments=None, logger=None, message_limit=20):
        log = None if logger is None else (lambda code, text: logger(MessageCode(code), text))
        self._arguments = [str(a) for a in (arguments or [])]
        self._core = _Core(list(self._arguments), log, message_limit)
        self._stop = self._core.stop()
        self._models = self._core.models
        self._settings = {}
        self._cleanup = True
        self._enumeration_assumption = True
        self._last = None
        self._propagators = []
        self._observers = []
        # propagator calls running, and the last solve's handle
        self._busy = 0
        self._active = None
        self._solve_calls = 0
        self._times = {"total": 0.0, "cpu": 0.0, "solve": 0.0, "sat": 0.0, "unsat": 0.0}
        self._start = time.monotonic()
        # set by clingo_main: prints the solves as clingo's command line does
        self._printer = None

    # settings
    @staticmethod
    def _argument(key, args):
        """The value the arguments ``args`` give the option ``key`` (``None``: none), and
        the arguments without it."""
        flags = {"--" + key.replace("_", "-")} | set(_SHORT.get(key, ()))
        value, rest = None, []
        i = 0
        while i < len(args):
            a = args[i]
            name, eq, v = a.partition("=")
            short = next((f for f in _SHORT.get(key, ()) if a.startswith(f) and len(a) > len(f)), None)
            if name in flags and eq:
                value = v.strip()
            elif short is not None:
                # a short option with its value attached (`-t2`, `-t 2`)
                value = a[len(short):].strip()
            elif a in flags and key in _FLAGS:
                value = "1"
            elif a in flags and i + 1 < len(args):
                value = args[i + 1]
                i += 1
            else:
                rest.append(a)
            i += 1
        return value, rest

    def _setting(self, group, name):
        if (group, name) == ("solve", "models"):
            return "-1" if self._models is None else str(self._models)
        if (group, name) in self._settings:
            return self._settings[(group, name)]
        given, _ = self._argument(name, self._arguments)
        return _SETTINGS[group][name] if given is None else given

    def _set(self, group, name, value):
        if (group, name) == ("solve", "models"):
            try:
                models = int(value)
            except ValueError:
                raise RuntimeError("could not set option value") from None
            self._models = models if models >= 0 else None
            return
        settings = dict(self._settings)
        settings[(group, name)] = value
        # the control's arguments, less the options set here (they replace them)
        kept = self._arguments
        for (_, key) in settings:
            _, kept = self._argument(key, kept)
        arguments = []
        for (_, key), v in settings.items():
            flag = "--" + key.replace("_", "-")
            if key in _FLAGS:
                if v.lower() in ("1", "yes", "true", "on"):
                    arguments.append(flag)
                elif v.lower() not in ("0", "no", "false", "off"):
                    raise RuntimeError("could not set option value")
            else:
                arguments.append("{}={}".format(flag, v))
        self._core.configure(kept, arguments)
        self._settings = settings

    def _default_models(self):
        if self._core.enum_mode() != "auto" or self._core.optimizing():
            return 0
        return 1

    @property
    def configuration(self):
        return Configuration(self)

    # program
    def add(self, name, parameters=None, program=None):
        """Adds ``program`` to the part ``name(parameters)`` (``add(program)``: to ``base``)."""
        if parameters is None and program is None:
            name, parameters, program = "base", [], name
        self._core.add(name, list(parameters), program)

    def load(self, path):
        """Adds the program in the file ``path`` to the part ``base``."""
        self._core.load(path)

    def ground(self, parts=(("base", ()),), context=None):
        """Grounds the part instances ``parts`` (``[("base", [])]`` by default);
        ``@f(..)`` in the program calls ``context.f`` with the arguments' symbols
        (a symbol, or an iterable of symbols, each an instance, comes back)."""
        self._not_searching()
        if self._printer is not None:
            self._printer.begin_step()
        try:
            self._core.ground([(name, list(args)) for name, args in parts], context if context else None)
        finally:
            self._tell_observers()

    # externals
    def assign_external(self, external, truth):
        """Assigns the external atom ``external`` True, False or None (free)."""
        self._not_searching()
        self._core.assign_external(external, truth)
        self._tell_observers()

    def release_external(self, external):
        """Makes the external atom ``external`` false for good."""
        self._not_searching()
        self._core.assign_external(external, "release")
        self._tell_observers()

    # solving
    def solve(self, assumptions=(), on_model=None, on_unsat=None, on_statistics=None,
              on_finish=None, on_core=None, on_last=None, yield_=False, async_=False):
        """Solves; returns a ``SolveResult``, or a ``SolveHandle`` with ``yield_`` or ``async_``.
        An assumption is a ``(symbol, truth)`` pair or a program literal (see
        ``SymbolicAtom.literal``; one of no atom cannot hold)."""
        self._not_searching()
        pairs, literals = [], []
        atoms = None
        for a in assumptions:
            if isinstance(a, tuple):
                symbol, truth = a[0], bool(a[1])
                if atoms is None:
                    atoms = {t[0]: t[1] for t in self._core.symbolic_atoms()}
                literal = atoms.get(symbol)
                pairs.append((symbol, truth))
                literals.append(None if literal is None else literal if truth else -literal)
            elif isinstance(a, int):
                if atoms is None:
                    atoms = {t[0]: t[1] for t in self._core.symbolic_atoms()}
                symbols = {literal: symbol for symbol, literal in atoms.items()}
                # a literal of no atom cannot hold: the empty tuple is no atom
                pairs.append((symbols[abs(a)], a > 0) if abs(a) in symbols else (Tuple_([]), True))
                literals.append(a)
            else:
                raise TypeError("an assumption is a (symbol, truth) pair or a program literal")
        models = self._default_models() if self._models is None else self._models
        if self._propagators:
            atoms = self.symbolic_atoms
            for p in self._propagators:
                p.atoms = atoms
        start = time.monotonic()
        if self._observers:
            # (told before the search starts: what an observer adds is in it)
            self._core.end_step(pairs)
            self._tell_observers()
        search = self._core.solve(models, pairs)
        self._tell_observers()
        self._solve_calls += 1
        mode = self._core.enum_mode()
        type_ = {"brave": ModelType.BraveConsequences,
                 "cautious": ModelType.CautiousConsequences}.get(mode, ModelType.StableModel)
        if self._printer is not None:
            self._printer.solving_starts()
        handle = SolveHandle(search, on_model, type_, on_finish, self, yield_, (pairs, literals))
        self._active = handle
        self._last = search
        if yield_ or async_:
            return handle
        result = handle._run()
        # as clingo's: the core after on_finish, then the last model
        if on_core is not None and result.unsatisfiable:
            on_core(handle.core())
        if on_last is not None and handle.last() is not None:
            on_last(handle.last())
        self._times["solve"] = time.monotonic() - start
        if on_statistics is not None:
            on_statistics({}, {})
        return result

    def get_const(self, name):
        """The value of the constant ``name`` (``#const``, or ``-c``, which wins); None if there is none."""
        return self._core.get_const(name)

    def load_aspif(self, files):
        """Reads the ground programs ``files`` (aspif; their atom numbers are one
        program's) as the program, for a control with no program yet."""
        self._not_searching()
        try:
            self._core.load_aspif([str(f) for f in files])
        finally:
            self._tell_observers()

    def _not_searching(self):
        # as clingo: no grounding, solving or backend while a solve runs
        # (its handle unfinished, or in one of its callbacks)
        active = self._active is not None and not self._active._finished
        if self._busy or active:
            raise RuntimeError("Program updates not supported!")

    def register_propagator(self, propagator):
        """Adds ``propagator`` (an object with any of ``init``, ``propagate``, ``undo``,
        ``check``, as clingo's ``Propagator``) to the solves from now on."""
        self._not_searching()
        adapter = _PropagatorAdapter(propagator, self)
        self._propagators.append(adapter)
        self._core.register_propagator(adapter)

    def register_observer(self, observer, replace=False):
        """Tells ``observer`` (an object with any of clingo's ``Observer`` methods) each
        statement of the ground program from the next grounding on, and the steps solves end.
        ``replace`` (the program not passed to the solver) is not offered."""
        self._not_searching()
        if replace:
            raise RuntimeError("minasp: register_observer(replace=True) is not supported")
        index = self._core.register_observer()
        assert index == len(self._observers)
        self._observers.append(_ObserverAdapter(observer))

    def _tell_observers(self):
        """Makes the observers' calls the core kept while it was busy (see
        ``python/src/observer.rs``): an observer may use the control."""
        if self._observers:
            for index, method, args in self._core.observed_calls():
                getattr(self._observers[index], method)(*args)

    def backend(self):
        """A ``Backend`` adding ground statements to the program."""
        self._not_searching()
        return Backend(self._core, self)

    def add_project(self, atoms):
        """Adds atoms (symbols, or program literals as ``SymbolicAtom.literal`` gives) to those
        answer sets are projected on with ``--project``."""
        self._not_searching()
        self._core.add_project([a for a in atoms if isinstance(a, Symbol)],
                               [int(a) for a in atoms if not isinstance(a, Symbol)], False)
        self._tell_observers()

    def replace_project(self, atoms):
        """Projects on ``atoms`` only (see ``add_project``)."""
        self._not_searching()
        self._core.add_project([a for a in atoms if isinstance(a, Symbol)],
                               [int(a) for a in atoms if not isinstance(a, Symbol)], True)
        self._tell_observers()

    def remove_project(self):
        """Projects on no atom (with ``--project``: one answer set stands for all)."""
        self._not_searching()
        self._core.remove_project()
        self._tell_observers()

    def _facts(self):
        """The program literals of the facts."""
        return {t[1] for t in self._core.symbolic_atoms() if t[2]}

    def remove_minimize(self):
        """Drops the minimize statements grounded so far (later groundings may bring new ones)."""
        self._core.remove_minimize()

    @property
    def theory_atoms(self):
        """The theory atoms: none (minasp refuses theory atoms and ``#theory``)."""
        return iter(())

    @property
    def enable_cleanup(self):
        """Accepted as clingo's; the answers do not depend on it (see ``cleanup``)."""
        return self._cleanup

    @enable_cleanup.setter
    def enable_cleanup(self, value):
        self._cleanup = bool(value)

    @property
    def enable_enumeration_assumption(self):
        """Accepted as clingo's; every solve of minasp's starts from the program, so no
        model found before is excluded either way."""
        return self._enumeration_assumption

    @enable_enumeration_assumption.setter
    def enable_enumeration_assumption(self, value):
        self._enumeration_assumption = bool(value)

    def interrupt(self):
        """Interrupts the running search (from another thread or a signal handler)."""
        self._stop.interrupt()

    def cleanup(self):
        """clingo's domain cleanup, accepted and not done here: answers never depend on it.
        minasp forgets the atoms a search found false for good only between the steps of an
        incremental (incmode or iclingo) program; `symbolic_atoms` may list more atoms than
        clingo's after a solve."""

    @property
    def symbolic_atoms(self):
        return SymbolicAtoms([SymbolicAtom(*t) for t in self._core.symbolic_atoms()])

    @property
    def is_conflicting(self):
        return False

    @property
    def statistics(self):
        """The statistics of the last solve call, as clingo's nested dict."""
        if self._last is None:
            models, optimal, costs, proven, counters = 0, 0, [], False, []
        else:
            models, optimal, costs, proven, counters = self._last.summary()
            result = self._last.result()
        counters = {name.lower(): value for name, value in counters}
        total = time.monotonic() - self._start
        summary = {
            "call": float(max(self._solve_calls - 1, 0)),
            "result": 0.0 if self._last is None else float(1 if result[0] else 2 if result[1] else 0),
            "signal": 0.0,
            "exhausted": 0.0 if self._last is None else float(result[2]),
            "costs": [float(c) for c in costs],
            "lower": [],
            "concurrency": 1.0,
            "winner": 0.0,
            "times": dict(self._times, total=total, cpu=time.process_time()),
            "models": {"enumerated": float(models), "optimal": float(optimal)},
        }
        solvers = {
            "choices": float(counters.get("choices", 0)),
            "conflicts": float(counters.get("conflicts", 0)),
            "conflicts_analyzed": float(counters.get("conflicts", 0)),
            "restarts": float(counters.get("restarts", 0)),
            "restarts_last": 0.0,
            "restarts_blocked": 0.0,
        }
        problem = {
            "lp": {"atoms": float(len(self._core.symbolic_atoms()))},
            "lpStep": {},
            "generator": {
                "vars": float(counters.get("variables", 0)),
                "constraints": float(counters.get("clauses", 0)),
            },
        }
        return {
            "problem": problem,
            "solving": {"solvers": solvers},
            "summary": summary,
            "user_step": {},
            "user_accu": {},
        }


# (last: the application module reads the names above)
from ._application import Application, ApplicationOptions, Flag, clingo_main  # noqa: E402

# clingo's submodules are attributes of the package after `import clingo`
# (`clingo.application.Application`, `clingo.solving.Model`)
from . import (  # noqa: E402,F401
    application,
    backend,
    configuration,
    control,
    core,
    propagator,
    script,
    solving,
    symbol,
    symbolic_atoms,
)
