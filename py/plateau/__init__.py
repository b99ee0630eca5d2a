"""Plateau: board games played in the browser, rules engines in pure Python."""

__version__ = "0.1.0"
