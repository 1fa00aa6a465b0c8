"""clingo.control: the names clingo's submodule has that minasp offers (see ``minasp``)."""

from . import Control

__all__ = ["Control"]
