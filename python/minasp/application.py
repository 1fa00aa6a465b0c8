"""clingo.application: ``clingo_main`` runs an ``Application`` as clingo's command line
runs a program — the application's options and clingo's read from the arguments, the
header, ``main(ctl, files)`` (by default: load, ground, solve), every solve's models
printed as they are found, then the result word, the summary and the exit code.

Invariant: everything printed goes through ``_Printer``, which a control made here
carries (``Control._printer``); a control made elsewhere prints nothing.
"""

import abc
import sys
import time
import traceback

from . import Control
from . import _minasp

__all__ = ["Application", "ApplicationOptions", "Flag", "clingo_main"]


class Flag:
    """A command-line flag's value (``ApplicationOptions.add_flag``)."""

    def __init__(self, value=False):
        self.flag = bool(value)

    def __bool__(self):
        return self.flag


class Application(metaclass=abc.ABCMeta):
    """clingo's application interface: ``main`` is needed, every other member optional
    (``program_name``, ``version``, ``message_limit``, ``logger``, ``print_model``,
    ``register_options``, ``validate_options``)."""

    @abc.abstractmethod
    def main(self, control, files):
        """Runs the application on a control made from the arguments."""


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
            option, value = None, None
            if arg.startswith("--") and len(arg) > 2:
                name, eq, value = arg[2:].partition("=")
                option = self._find(name, False)
                if not eq:
                    value = None
            elif arg.startswith("-") and len(arg) == 2:
                option = self._find(arg[1], True)
            if option is None:
                rest.append(arg)
                continue
            if option.seen and not option.multi and option.flag is None:
                raise ValueError(context + "'" + option.long + "': multiple occurrences")
            option.seen = True
            if option.flag is not None:
                if value is not None:
                    raise ValueError("SyntaxError: '%s' does not take a value!" % option.long)
                option.flag.flag = True
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
    """Prints a run as clingo's command line does (see the module's invariant)."""

    def __init__(self, application, control, quiet):
        self.application = application
        self.control = control
        self.models_quiet, self.costs_quiet = quiet
        self.start = time.monotonic()
        self.cpu = time.process_time()
        self.calls = 0
        self.models = 0
        self.result = None
        self.more = True
        self.costs = None
        self.proven = False
        self.pending = None
        self.solving = 0.0
        self.first = None

    def solving_starts(self):
        self.calls += 1
        self.answer = 0
        self.pending = None
        self.solve_start = time.monotonic()
        print("Solving...")

    def _line(self, model):
        extra = [str(s) for s in getattr(model, "_extended", [])]
        print(" ".join(extra + [str(s) for s in model.symbols(shown=True)]))

    def _print(self, model, number, costs):
        print("Answer: %d" % number)
        print_model = getattr(self.application, "print_model", None)
        if print_model is not None:
            print_model(model, lambda: self._line(model))
        else:
            self._line(model)
        if costs and self.costs_quiet == 0:
            print("Optimization: " + " ".join(str(c) for c in costs))

    def model(self, model):
        """A model found (after ``on_model`` has seen it)."""
        self.answer += 1
        self.models += 1
        if self.first is None:
            self.first = time.monotonic() - self.start
        costs = list(model.cost)
        self.costs = costs
        if self.models_quiet == 0:
            self._print(model, self.answer, costs)
        elif self.models_quiet == 1:
            self.pending = (model, self.answer, costs)

    def finished(self, result):
        if self.pending is not None:
            model, number, costs = self.pending
            self._print(model, number, costs)
            self.pending = None
        self.solving += time.monotonic() - self.solve_start
        self.result = result
        self.more = not result.exhausted
        self.proven = result.exhausted and bool(self.costs)

    def summary(self):
        """The result word and the summary; returns the exit code."""
        r = self.result
        if r is None or not (r.satisfiable or r.unsatisfiable):
            word = "UNKNOWN"
        elif r.unsatisfiable:
            word = "UNSATISFIABLE"
        elif self.costs and self.proven:
            word = "OPTIMUM FOUND"
        else:
            word = "SATISFIABLE"
        print(word)
        print()
        plus = "+" if (r is None or self.more) and not (r is not None and r.unsatisfiable) else ""
        print("Models       : %d%s" % (self.models, plus))
        if self.costs:
            print("  Optimum    : %s" % ("yes" if self.proven else "unknown"))
            print("Optimization : " + " ".join(str(c) for c in self.costs))
        print("Calls        : %d" % max(self.calls, 1))
        total = time.monotonic() - self.start
        print("Time         : %.3fs (Solving: %.2fs 1st Model: %.2fs Unsat: %.2fs)"
              % (total, self.solving, self.first or 0.0, 0.0))
        print("CPU Time     : %.3fs" % (time.process_time() - self.cpu))
        sys.stdout.flush()
        if r is None:
            return 0
        code = 0
        if r.satisfiable:
            code |= 10
        if r.unsatisfiable:
            code |= 20
        if r.exhausted and r.satisfiable:
            code |= 20
        return code


def _default_main(control, files):
    for f in files:
        control.load(f)
    if not files:
        control.load("-")
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
    if outf != 0 or verbose != 1:
        return _error(name, "clingo_main prints clingo's text output only (--outf=0, -V1)")
    files = [f for f in control._core.inputs if f != "-" or "-" in rest]
    printer = _Printer(application, control, (models_quiet, costs_quiet))
    control._printer = printer
    print("%s version %s" % (name, version))
    if not files or files == ["-"]:
        print("Reading from stdin")
    else:
        print("Reading from %s%s" % (files[0], " ..." if len(files) > 1 else ""))
    sys.stdout.flush()
    main = getattr(application, "main", None) or _default_main
    try:
        main(control, files)
    except Exception as e:  # noqa: BLE001 - as clingo: any failure of main is exit 65
        # a bad program (its messages are printed) or an exception of the application's:
        # clingo's UNKNOWN and exit 65
        if not isinstance(e, RuntimeError):
            traceback.print_exc()
        printer.result = None
        printer.summary()
        sys.stderr.write("*** ERROR: (%s): %s\n" % (name, e))
        return 65
    finally:
        control._printer = None
    return printer.summary()


def _package_version():
    try:
        from importlib.metadata import version
        return version("minasp")
    except Exception:  # pragma: no cover - an uninstalled checkout
        return "0.1.0"

