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


_index: dict | None = None


def index() -> dict:
    """Game id -> what the site's build wrote of it without importing it
    (``plateau/games/index.json``: title, players, pitch, duration, rules
    revision); empty where there is no such file (the source tree) or it is
    unreadable. Only games still in :data:`GAMES` are kept."""
    global _index
    if _index is None:
        import json
        from pathlib import Path

        _index = {}
        try:
            path = Path(__file__).resolve().parent.parent / "games" / "index.json"
            raw = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(raw, dict):
                _index = {gid: d for gid, d in raw.items() if gid in GAMES and isinstance(d, dict)}
        except (OSError, ValueError):
            pass
    return _index


def revision(game_id: str) -> int | None:
    """The current rules revision of the game ``game_id`` (None: no such
    game). Read from the build's index when it says so, so that reading a
    saved game's record imports nothing (the home screen lists saved games
    of a game whose files are not in place yet, offline)."""
    if game_id in _loaded:
        return _loaded[game_id].revision
    said = index().get(game_id, {}).get("revision")
    if isinstance(said, int) and not isinstance(said, bool):
        return said
    game = get_game(game_id)
    return None if game is None else game.revision
