"""clingo.symbolic_atoms: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import SymbolicAtom, SymbolicAtoms

__all__ = ["SymbolicAtom", "SymbolicAtoms"]
