"""clingo.application: ``clingo_main`` and the application interface (see ``minasp._application``)."""

from . import Application, ApplicationOptions, Flag, clingo_main

__all__ = ["Application", "ApplicationOptions", "Flag", "clingo_main"]
