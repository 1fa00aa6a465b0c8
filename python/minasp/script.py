"""clingo.script: ``enable_python`` (see ``minasp``).

clingo's ``enable_python()`` lets ``#script (python)`` blocks of later
programs run in this interpreter. minasp runs no ``#script`` blocks (a
program with one is refused with a located error, as the README says), so
here it changes nothing: scripts that call it before loading programs
without such blocks run unchanged.
"""

__all__ = ["enable_python"]


def enable_python():
    """As clingo's: a program's ``#script (python)`` would run here; minasp
    runs none, so nothing changes."""
