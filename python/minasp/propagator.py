"""clingo.propagator: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Assignment, PropagateControl, PropagateInit, Propagator, PropagatorCheckMode, PropagatorUndoMode

__all__ = ["Assignment", "PropagateControl", "PropagateInit", "Propagator", "PropagatorCheckMode", "PropagatorUndoMode"]
