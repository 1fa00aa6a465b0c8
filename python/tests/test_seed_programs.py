"""The seed puzzles of ``programs/`` through the Python API: clingo's
module and minasp's, in one process, load the same files and must find the
same answer sets (as sets of shown atoms) with the same result."""

import os

import pytest

import minasp

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "programs")
CASES = [
    ("solitaire/solitaire.clingo5.lp", "solitaire/sparse_s6_3.lp"),
    ("peg/peg.lp", "peg/simple5.lp"),
    ("peg/peg.lp", "peg/pinwheel.lp"),
    ("fifteen/fifteen.lp", "fifteen/walk06_s1.lp"),
    ("fifteen/fifteen.lp", "fifteen/walk10_s2_unsat.lp"),
    ("lunar/lunar.clingo5.lp", "lunar/five3.lp"),
]


def solve(module, files):
    ctl = module.Control(["0"])
    for f in files:
        ctl.load(os.path.join(ROOT, f))
    ctl.ground([("base", [])])
    models = set()
    result = ctl.solve(on_model=lambda m: models.add(tuple(sorted(str(s) for s in m.symbols(shown=True)))))
    return str(result), result.exhausted, models


@pytest.mark.parametrize("files", CASES, ids=[os.path.basename(c[1])[:-3] for c in CASES])
def test_seed_program_answers_match_clingo(files):
    try:
        import clingo
    except ImportError:
        if os.environ.get("MINASP_REQUIRE_CLINGO") == "1":
            pytest.fail("the clingo module (pip install clingo==5.8.3) is required here")
        pytest.skip("SKIPPED: the clingo module is not installed, nothing to compare with")
    want = solve(clingo, files)
    got = solve(minasp, files)
    assert got == want
