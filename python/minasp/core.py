"""clingo.core: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Logger, MessageCode, OrderedEnum, TruthValue, version

__all__ = ["Logger", "MessageCode", "OrderedEnum", "TruthValue", "version"]
