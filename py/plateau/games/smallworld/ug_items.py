"""Small World Underground: the 6 relics and 9 places (rules notes §2.3), the Golden Knight and the Abominable Snow Thing (§3.11).

Each effect is a small function hooked at a named moment (see
:mod:`content` for the moments); ``register`` adds the region-level rules
of this module to the game's lists.
"""

from __future__ import annotations

HOOKS: dict[str, dict] = {}
FLOW: set[str] = set()
TEXTS: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
CATALOGUE: dict[str, dict[str, str]] = {"fr": {}, "en": {}}


def register(C) -> None:
    """Add this module's region-level rules (``C.DEFENCE``, ``C.PROTECT``,
    ``C.ACTIONS``, ``C.PENDING``…) to the content module ``C``."""
