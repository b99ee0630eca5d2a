"""One sub-package per game; see :mod:`plateau.core.registry`."""
