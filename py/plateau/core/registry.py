"""The games Plateau knows. Adding a game adds one line to ``GAMES``.

Games are imported lazily: the app imports only the game being played.
"""

from __future__ import annotations

import importlib
import importlib.util

from .game import Game

#: game id -> module that defines ``GAME`` (a :class:`Game` instance)
GAMES: dict[str, str] = {
    "thud": "plateau.games.thud",
    "armadora": "plateau.games.armadora",
    "troy": "plateau.games.troy",
    "thorval": "plateau.games.thorval",
    "smallworld": "plateau.games.smallworld",
    "arkhanis": "plateau.games.arkhanis",
}

_loaded: dict[str, Game] = {}


def available() -> list[str]:
    """Ids of the games that load (a game whose module is missing or
    broken is left out rather than taking the app down)."""
    out = []
    for gid in GAMES:
        try:
            if get_game(gid) is not None:
                out.append(gid)
        except Exception as e:  # a broken game must not hide the others
            print(f"plateau: game {gid!r} failed to load: {type(e).__name__}: {e}")
    return out


def get_game(game_id: str) -> Game | None:
    if game_id in _loaded:
        return _loaded[game_id]
    mod = GAMES.get(game_id)
    if mod is None:
        return None
    try:
        module = importlib.import_module(mod)
    except ModuleNotFoundError as e:
        if e.name and mod.startswith(e.name):
            return None
        raise
    game = getattr(module, "GAME", None)
    if game is None:
        return None
    _loaded[game_id] = game
    return game
