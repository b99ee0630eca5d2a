"""Computer players for Plateau games.

Imported only when a computer plays (never at start-up). The one entry point
is :func:`choose` (or the anytime :class:`Thinker` for the page): it takes a
player's *view* — the plain data of ``state.view(player)`` — never a state
nor the game's random generator. Playable states are rebuilt from the view
by the game's ``determinize`` hook (``plateau.games.<id>.ai``), with hidden
parts sampled from what the player may know and a fresh
:class:`~plateau.core.rng.Rng` drawn from the computer's own seed. A game
may also let the computer keep in mind what it saw before, as a player at
the table does: its own earlier views (``memory``, hooks ``MEMORY`` and
``recall``).
"""

from .api import LEVELS, AIError, Thinker, choose, hooks_for, memory_size

__all__ = ["AIError", "LEVELS", "Thinker", "choose", "hooks_for", "memory_size"]
