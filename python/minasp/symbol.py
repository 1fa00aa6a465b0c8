"""clingo.symbol: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Function, Infimum, Number, String, Supremum, Symbol, SymbolType, Tuple_, parse_term

__all__ = ["Function", "Infimum", "Number", "String", "Supremum", "Symbol", "SymbolType", "Tuple_", "parse_term"]
