"""clingo.solving: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Model, ModelType, SolveControl, SolveHandle, SolveResult

__all__ = ["Model", "ModelType", "SolveControl", "SolveHandle", "SolveResult"]
