"""clingo_main's own lines, which differ from clingo's by design (the help text is
minasp's command line's), so the comparison with clingo in ``scripts/application.py``
leaves them out."""

import minasp


class App:
    program_name = "myapp"
    version = "2.1"

    def __init__(self):
        self.flag = minasp.Flag()

    def register_options(self, options):
        options.add("App", "num", "a number", lambda value: value.isdigit(), argument="<n>")
        options.add_flag("App", "flag", "a flag", self.flag)

    def main(self, ctl, files):
        raise AssertionError("main is not run for --help or --version")


def test_help_lists_the_applications_options_then_minasps(capsys):
    assert minasp.clingo_main(App(), ["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("myapp version 2.1\nusage: myapp [number] [options] [files]\n")
    assert "App Options:" in out and "--num=<n>" in out and "--flag " in out
    assert "--opt-mode" in out


def test_version(capsys):
    assert minasp.clingo_main(App(), ["--version"]) == 0
    assert capsys.readouterr().out.startswith("myapp version 2.1\nminasp ")


def test_a_flag_takes_no_value_and_a_bad_value_is_refused(capsys):
    assert minasp.clingo_main(App(), ["--flag=yes"]) == 1
    assert minasp.clingo_main(App(), ["--num=x"]) == 1
    err = capsys.readouterr().err
    assert "SyntaxError: 'flag' does not take a value!" in err
    assert "In context '<myapp>': 'x' invalid value for: 'num'" in err
