"""clingo.configuration: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Configuration

__all__ = ["Configuration"]
