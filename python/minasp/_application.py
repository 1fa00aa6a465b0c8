"""``clingo_main`` (clingo.application) runs an ``Application`` as clingo's command line
runs a program — the application's options and clingo's read from the arguments, the
header, ``main(ctl, files)`` (by default: load, ground, solve), every solve's models
printed as they are found, then the result word, the summary and the exit code.

Invariant: everything printed goes through ``_Printer``, which a control made here
carries (``Control._printer``); a control made elsewhere prints nothing.
"""

import abc
import sys
import threading
import time
import traceback

from . import Control, SolveResult
from . import _minasp

__all__ = ["Application", "ApplicationOptions", "Flag", "clingo_main"]


class Flag:
    """A command-line flag's value (``ApplicationOptions.add_flag``)."""

    def __init__(self, value=False):
        self.flag = bool(value)

    def __bool__(self):
        return self.flag


class Application(metaclass=abc.ABCMeta):
    """clingo's application interface; every member is optional (``main``: by default
    load the files, ground, solve; ``program_name``, ``version``, ``message_limit``,
    ``logger``, ``print_model``, ``register_options``, ``validate_options``)."""

    def main(self, control, files):
        """Runs the application on a control made from the arguments."""
        _default_main(control, files)


class _Option:
    def __init__(self, group, spec, description, parser=None, multi=False, argument=None, flag=None):
        names = [n for n in spec.split(",") if not n.startswith("@")]
        self.long = names[0]
        self.short = names[1] if len(names) > 1 else None
        self.group, self.description = group, description
        self.parser, self.multi, self.argument, self.flag = parser, multi, argument, flag
        self.seen = False


class ApplicationOptions:
    """The options an application adds to clingo's (``register_options``)."""

    def __init__(self):
        self._options = []

    def add(self, group, option, description, parser, multi=False, argument=None):
        """An option with a value, given to ``parser`` (which returns whether it was valid)."""
        self._options.append(_Option(group, option, description, parser, multi, argument))

    def add_flag(self, group, option, description, target):
        """A flag: ``target.flag`` becomes true when it is given (it takes no value)."""
        self._options.append(_Option(group, option, description, flag=target))

    def _find(self, name, short):
        for o in self._options:
            if (o.short if short else o.long) == name:
                return o
        return None

    def _parse(self, arguments, name):
        """Applies the application's options among ``arguments``; returns the others, or
        raises ``ValueError`` with clingo's message (``name``: the program's)."""
        context = "In context '<%s>': " % name
        rest = []
        i = 0
        while i < len(arguments):
            arg = arguments[i]
            i += 1
            option, value, negated = None, None, False
            if arg == "--":
                rest.extend(arguments[i - 1:])
                break
            if arg.startswith("--") and len(arg) > 2:
                name, eq, value = arg[2:].partition("=")
                option = self._find(name, False)
                if option is None and name.startswith("no-"):
                    option = self._find(name[3:], False)
                    negated = option is not None and option.flag is not None
                    option = option if negated else None
                if not eq:
                    value = None
            elif arg.startswith("-") and len(arg) == 2:
                option = self._find(arg[1], True)
            if option is None:
                rest.append(arg)
                continue
            if option.seen and not option.multi:
                raise ValueError(context + "multiple occurrences: '" + option.long + "'")
            option.seen = True
            if option.flag is not None:
                if value is not None:
                    raise ValueError("SyntaxError: '%s' does not take a value!" % option.long)
                option.flag.flag = not negated
                continue
            if value is None:
                if i == len(arguments):
                    raise ValueError(context + "'" + option.long + "': missing value")
                value = arguments[i]
                i += 1
            if not option.parser(value):
                raise ValueError(context + "'" + value + "' invalid value for: '" + option.long + "'")
        return rest


class _Printer:
    """Prints a run as clingo's command line does (see the module's invariant): each
    solve's models as they come (``--quiet``'s levels for models and costs, ``-V0``),
    ``optN``'s optimal models numbered afresh, brave and cautious consequences; then
    the result word of the last step and the summary."""

    def __init__(self, application, verbose, quiet):
        self.application = application
        self.verbose = verbose
        self.models_quiet, self.costs_quiet = quiet
        self.start = time.monotonic()
        self.cpu = time.process_time()
        self.calls = 0
        self.step_open = False
        self.models = 0
        self.result = None
        self.stop = None
        self.first = None
        self.solving = 0.0
        self.solve_start = self.start
        self.in_solve = False
        self._reset()

    def _reset(self):
        self.answer = 0
        self.pending = None
        self.costs = None
        self.optimal = 0
        self.in_optimal = False
        self.consequences = None
        self.kind = None

    def begin_step(self):
        """A grounding: after a solve, it begins a step whose result is not known."""
        if not self.step_open:
            self.calls += 1
            self.step_open = True
            self.result = None

    def solving_starts(self):
        self.begin_step()
        self._reset()
        self.solve_start = time.monotonic()
        self.in_solve = True
        if self.verbose > 0:
            print("Solving...")
        sys.stdout.flush()

    def _line(self, model):
        extra = [str(s) for s in getattr(model, "_extended", [])]
        print(" ".join(extra + [str(s) for s in model.symbols(shown=True)]))

    def _print(self, model, number, meta, atoms=True, costs=True):
        if atoms:
            if self.verbose > 0:
                print("Answer: %d" % number)
            print_model = getattr(self.application, "print_model", None)
            if print_model is not None:
                print_model(model, lambda: self._line(model))
            else:
                self._line(model)
        if costs:
            consequences, model_costs = meta
            if not atoms and self.verbose > 0 and (consequences is not None or model_costs):
                # (as clingo: the costs of a model not printed under its number)
                print("Answer: %d" % number)
            if consequences is not None:
                print("Consequences: [%d;%d]" % consequences)
            if model_costs:
                print("Optimization: " + " ".join(str(c) for c in model_costs))
        sys.stdout.flush()

    def model(self, model):
        """A model found (after ``on_model`` has seen it)."""
        if model.optimality_proven and not self.in_optimal:
            # optN: the optimal models are numbered afresh
            self.in_optimal = True
            self.answer = 0
        if self.in_optimal:
            self.optimal += 1
        self.answer += 1
        self.models += 1
        if self.first is None:
            self.first = time.monotonic() - self.start
        costs = list(model.cost)
        self.costs = costs or None
        consequences = model._answer.consequences()
        if consequences is not None:
            self.consequences = consequences
            self.kind = "Brave" if model.type.name == "BraveConsequences" else "Cautious"
        meta = (consequences, costs)
        self._print(model, self.answer, meta, atoms=self.models_quiet == 0, costs=self.costs_quiet == 0)
        self.pending = (model, self.answer, meta)

    def finished(self, result):
        """The solve is over: the last model for ``--quiet=1``."""
        if self.pending is not None and (self.models_quiet == 1 or self.costs_quiet == 1):
            model, number, meta = self.pending
            self._print(model, number, meta, atoms=self.models_quiet == 1, costs=self.costs_quiet == 1)
        self.pending = None
        self.solving += time.monotonic() - self.solve_start
        self.result = result
        self.step_open = False
        self.in_solve = False
        if result.interrupted and self.stop is None:
            self.stop = "INTERRUPTED"

    def summary(self):
        """The result word and the summary; returns the exit code."""
        r = self.result
        known = r is not None and (r.satisfiable or r.unsatisfiable)
        exhausted = known and r.exhausted
        if not known:
            word = "UNKNOWN"
        elif r.unsatisfiable:
            word = "UNSATISFIABLE"
        elif self.costs and exhausted:
            word = "OPTIMUM FOUND"
        else:
            word = "SATISFIABLE"
        if self.verbose > 0:
            more = not exhausted and not (known and r.unsatisfiable)
            consequences = None
            if self.kind is not None and self.consequences is not None:
                consequences = (self.kind, exhausted, self.consequences[0])
            optimization = (exhausted, self.optimal, self.costs) if self.costs else None
            times = (time.monotonic() - self.start, self.solving, self.first or 0.0,
                     time.process_time() - self.cpu)
            # (the lines as minasp's command line prints them)
            sys.stdout.write(_minasp.summary_text(word, self.models, more, self.stop, consequences,
                                                  optimization, max(self.calls, 1), times))
        else:
            print(word)
        sys.stdout.flush()
        code = 0
        if known:
            code = 20 if r.unsatisfiable else (30 if exhausted else 10)
        return code | (self.stop is not None)


def _load(control, files):
    """Loads `files`, standard input for `-` (or for none)."""
    for f in files or ["-"]:
        if f == "-":
            control.add("base", [], sys.stdin.read())
        else:
            control.load(f)


def _default_main(control, files):
    _load(control, files)
    control.ground([("base", [])])
    control.solve()


def _error(name, message):
    sys.stdout.flush()
    sys.stderr.write("*** ERROR: (%s): %s\n" % (name, message))
    sys.stderr.write("*** Info : (%s): Try '--help' for usage information\n" % name)
    sys.stderr.flush()
    return 1


def clingo_main(application, arguments=None):
    """Runs ``application`` on ``arguments`` (default ``sys.argv[1:]``) as clingo's command
    line runs; returns the exit code (10 satisfiable, 20 unsatisfiable, 30 satisfiable and
    the search complete, 0 unknown, 1 a bad argument, 65 a bad program)."""
    if arguments is None:
        arguments = sys.argv[1:]
    arguments = list(arguments)
    name = getattr(application, "program_name", None) or "minasp"
    version = getattr(application, "version", None) or _package_version()
    options = ApplicationOptions()
    register = getattr(application, "register_options", None)
    if register is not None:
        register(options)
    if any(a in ("-h", "--help") or a.startswith("--help=") for a in arguments):
        print("%s version %s" % (name, version))
        print("usage: %s [number] [options] [files]" % name)
        print()
        groups = {}
        for o in options._options:
            groups.setdefault(o.group, []).append(o)
        for group, opts in groups.items():
            print("%s Options:" % group)
            print()
            for o in opts:
                spec = "--" + o.long + ("" if o.flag is not None else "=" + (o.argument or "<arg>"))
                if o.short:
                    spec += ",-" + o.short
                print("  %-22s: %s" % (spec, o.description))
            print()
        print(_minasp.options_help())
        sys.stdout.flush()
        return 0
    if "--version" in arguments:
        print("%s version %s" % (name, version))
        print("minasp %s (grounder and solver)" % _package_version())
        sys.stdout.flush()
        return 0
    try:
        rest = options._parse(arguments, name)
    except ValueError as e:
        return _error(name, str(e))
    kwargs = {}
    if getattr(application, "logger", None) is not None:
        kwargs["logger"] = application.logger
    if getattr(application, "message_limit", None) is not None:
        kwargs["message_limit"] = application.message_limit
    try:
        control = Control(rest, **kwargs)
    except RuntimeError as e:
        message = str(e).replace("minasp: ", "").replace("'<libclingo>'", "'<%s>'" % name)
        return _error(name, message)
    validate = getattr(application, "validate_options", None)
    if validate is not None and validate() is False:
        return _error(name, "In context '<%s>': invalid options" % name)
    outf, verbose, models_quiet, costs_quiet = control._core.printing
    if outf != 0:
        return _error(name, "clingo_main prints clingo's text output only (--outf=0)")
    files = [f for f in control._core.inputs if f != "-" or "-" in rest]
    printer = _Printer(application, min(verbose, 1), (models_quiet, costs_quiet))
    control._printer = printer
    if verbose > 0:
        print("%s version %s" % (name, version))
        if not files or files == ["-"]:
            print("Reading from stdin")
        else:
            print("Reading from %s%s" % (files[0], " ..." if len(files) > 1 else ""))
    sys.stdout.flush()
    timer = None
    if control._core.time_limit is not None:
        def time_is_up():
            printer.stop = printer.stop or "TIME LIMIT"
            control.interrupt()
        timer = threading.Timer(control._core.time_limit, time_is_up)
        timer.daemon = True
        timer.start()
    main = getattr(application, "main", None) or _default_main
    failed = None
    try:
        main(control, files)
    except KeyboardInterrupt:
        printer.stop = printer.stop or "INTERRUPTED"
    except (Exception, SystemExit) as e:  # noqa: BLE001 - as clingo: a failing main is exit 65
        failed = e
    finally:
        control._printer = None
        if timer is not None:
            timer.cancel()
    if printer.in_solve and printer.models > 0:
        # (a solve cut short: what it found stands)
        printer.result = SolveResult(True, False, False, True)
        printer.stop = printer.stop or "INTERRUPTED"
    if failed is not None and not (isinstance(failed, RuntimeError) and printer.stop is not None):
        # a bad program (its messages are printed) or the application's exception:
        # the result so far, with clingo's 65
        if not isinstance(failed, RuntimeError):
            traceback.print_exception(type(failed), failed, failed.__traceback__)
        code = printer.summary()
        sys.stderr.write("*** ERROR: (%s): %s\n" % (name, failed))
        return 65 | code
    return printer.summary()


def _package_version():
    try:
        from importlib.metadata import version
        return version("minasp")
    except Exception:  # pragma: no cover - an uninstalled checkout
        return "0.1.0"

