# clingo_main and Application: an application's options, validate_options, main
# (its own and the default one), Model.extend, print_model, -q, a bad program and an
# exception of main, as clingo's command line prints them. What clingo writes goes to
# file descriptor 1 directly, so each run's output is taken from there; what differs
# by design is normalised: the times, clingo 5.8's ` (Time: ..)` after `Answer: N`,
# and the order in which a solve finds its models (each solve's models are sorted).
import os
import re
import sys
import tempfile

import clingo

HERE = tempfile.mkdtemp()
PROGRAM = os.path.join(HERE, "p.lp")
with open(PROGRAM, "w") as f:
    f.write("{a;b}. c :- a. #show c/0. #show a/0.\n")
ONE = os.path.join(HERE, "one.lp")
with open(ONE, "w") as f:
    f.write("{a}. :- not a.\n")
BAD = os.path.join(HERE, "bad.lp")
with open(BAD, "w") as f:
    f.write("p(X) :- not q(X).\n")


def normalise(text):
    text = text.replace(HERE + os.sep, "")
    out, models = [], []

    def flush():
        out.extend(sorted(models))
        models.clear()

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = re.sub(r" \(Time: [0-9.]+s\)$", "", lines[i])
        i += 1
        if line.startswith("Answer: "):
            model = lines[i]
            i += 1
            if i < len(lines) and lines[i].startswith("Optimization: "):
                model += " | " + lines[i]
                i += 1
            models.append("model: " + model)
            continue
        flush()
        if line.startswith("Time ") or line.startswith("CPU Time "):
            line = line.split(":")[0] + ": ..."
        out.append(line)
    flush()
    return "\n".join(out)


def run(app, arguments):
    """clingo_main's return value, and what it printed, normalised."""
    sys.stdout.flush()
    with tempfile.TemporaryFile(mode="w+") as capture:
        saved = os.dup(1)
        os.dup2(capture.fileno(), 1)
        try:
            code = clingo.clingo_main(app, arguments)
            sys.stdout.flush()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        capture.seek(0)
        text = capture.read()
    print("exit code", code)
    print(normalise(text))
    print("--")


class App(clingo.Application):
    program_name = "myapp"
    version = "2.1"

    def __init__(self, program=None, extend=False):
        self.program = program
        self.extend = extend
        self.number = 0
        self.flag = clingo.Flag(False)

    def register_options(self, options):
        options.add("App", "num", "a number", self.parse_num, argument="<n>")
        options.add_flag("App", "flag", "a flag", self.flag)

    def parse_num(self, value):
        if not value.isdigit():
            return False
        self.number = int(value)
        return True

    def validate_options(self):
        sys.stdout.flush()
        os.write(1, ("validated %d %s\n" % (self.number, self.flag.flag)).encode())
        return True

    def main(self, ctl, files):
        for f in files:
            ctl.load(f)
        if self.program is not None:
            ctl.add("base", [], self.program)
        ctl.ground([("base", [])])
        on_model = (lambda m: m.extend([clingo.Function("extra")])) if self.extend else None
        ctl.solve(on_model=on_model)
        if self.extend:
            ctl.solve()


class Printing(App):
    def print_model(self, model, printer):
        sys.stdout.flush()
        os.write(1, b"[")
        printer()
        sys.stdout.flush()
        os.write(1, b"]\n")


class Steps(App):
    """Multi-shot: a solve, then a grounding after it (clingo: the result is unknown
    again); or a solve handle left early (an interruption); or an exception after a
    solve (65 added to the exit code)."""

    def main(self, ctl, files):
        _load(ctl, files)
        ctl.ground([("base", [])])
        if self.program == "ground after":
            ctl.solve()
            ctl.add("more", [], "z.")
            ctl.ground([("more", [])])
        elif self.program == "leave early":
            with ctl.solve(yield_=True) as handle:
                for _ in handle:
                    break
        elif self.program == "fail after":
            ctl.solve()
            raise ValueError("failing after a solve")


def _load(ctl, files):
    for f in files:
        ctl.load(f)


def with_stdin(text, app, arguments):
    """clingo_main reading `text` from standard input."""
    with tempfile.TemporaryFile(mode="w+") as f:
        f.write(text)
        f.seek(0)
        saved = os.dup(0)
        os.dup2(f.fileno(), 0)
        try:
            run(app, arguments)
        finally:
            os.dup2(saved, 0)
            os.close(saved)


class Plain:
    program_name = "plain"
    version = "1"


class Failing(App):
    def main(self, ctl, files):
        raise ValueError("the application fails")


run(App(extend=True), [PROGRAM, "0", "--num=3", "--flag"])
run(App(), [PROGRAM, "--num", "4"])
run(App("a. :- a."), ["--flag=no"])
run(App("{a;b}. #minimize{1,a:a; 2,b:b}. :- not a, not b."), ["0"])
run(App("{a}. #show b : a."), ["0", "-q"])
run(App("{a;b;c}."), ["0", "--quiet=1"])
run(Printing("{a}."), ["0"])
run(Plain(), [PROGRAM, "0"])
run(Plain(), [BAD])
run(App(), ["--num=x"])
run(App(), ["--bogus"])
run(Failing(), [])
run(Steps("ground after"), [PROGRAM, "0"])
run(Steps("leave early"), [ONE, "0"])
run(Steps("fail after"), [PROGRAM, "0"])
run(Plain(), [ONE, "0", "-V0"])
run(Plain(), [PROGRAM, "0", "--quiet=2"])
with_stdin("{x;y}. :- x, y.", Plain(), ["0"])
