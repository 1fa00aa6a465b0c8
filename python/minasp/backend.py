"""clingo.backend: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Backend, HeuristicType, Observer, TruthValue

__all__ = ["Backend", "HeuristicType", "Observer", "TruthValue"]
