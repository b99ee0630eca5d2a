"""Python's side of the files that come after the start (the boot module,
``static/pyodide-boot.mjs``): each game's own bundle, and the standard
library's later part.

Nothing is downloaded while Python waits: a synchronous request does not go
through the offline cache's worker (offline, it fails where ``fetch`` finds
the file), and it holds the page. The page fetches a game's files before
Python needs them (the game a link, an embed or a resumed game opens, with
Plateau's bundle), or in the background once the app is ready. An import of
``plateau.games.<gid>`` of a game not yet in place asks the page for its files
(``_plateau_games.load``): they are put in place if the page has read them;
otherwise the import fails with an ``ImportError`` whose ``plateau_game`` names
the game, the page fetches them, and the action that imported it is done
again once they are in place (``dom.tried_again``, ``App.fetch_game``). A
module of the standard library's later part imported before that zip came
does the same, with ``plateau_game`` set to ``""``.

Nothing here touches the page when imported: the interpreter snapshot holds
this module imported (scripts/sitebuild/snapshot.py, SNAPSHOT_PLATEAU), and the boot module
only calls ``install``.
"""

from __future__ import annotations

import sys


class PlateauGames:
    """Asks the page for a game's files (its own bundle) when its package is first imported."""

    def __init__(self, games, home: str, later, later_path: str):
        self.games, self.home, self.later, self.later_path = set(games), home, set(later), later_path

    def find_spec(self, name, path=None, target=None):
        if name in self.later:  # a module of the standard library's later part
            import _plateau_games
            import zipimport

            try:
                _plateau_games.stdlib()  # the zip in place (if the page has it)
            except Exception as e:
                err = ImportError(f"the module {name!r} of the standard library is not in place yet ({e})",
                                  name=name)
                err.plateau_game = ""  # the page fetches the zip and tries again
                raise err from None
            # found in that zip, in its package's folder there (xml.sax when xml came from the runtime's zip)
            package = name.rpartition(".")[0].replace(".", "/")
            return zipimport.zipimporter(self.later_path + ("/" + package if package else "")).find_spec(name)
        parts = name.split(".")
        if len(parts) > 2 and parts[0] == "plateau" and parts[1] == "games" and parts[2] in self.games:
            import _plateau_games

            try:
                _plateau_games.load(parts[2])  # in place now, or an error: not here yet
            except Exception as e:
                err = ImportError(f"the files of the game {parts[2]!r} are not in place yet ({e})", name=name)
                err.plateau_game = parts[2]  # the page fetches them in the background and tries again
                raise err from None
            self.games.discard(parts[2])
            # the folders' listings Python keeps, read again (importlib.invalidate_caches would also
            # import importlib.metadata, which this site's standard library leaves out)
            for finder in list(sys.path_importer_cache.values()):
                if hasattr(finder, "invalidate_caches"):
                    finder.invalidate_caches()
        return None


def game_missing(err: BaseException) -> str | None:
    """The game whose files ``err`` (or an error it came from) says were not
    in place, ``""`` for the standard library's later part, or None for any
    other error."""
    seen = set()
    while err is not None and id(err) not in seen:
        seen.add(id(err))
        gid = getattr(err, "plateau_game", None)
        if isinstance(gid, str):
            return gid
        err = err.__cause__ or err.__context__
    return None


def install(games, home: str, later, later_path: str) -> None:
    """Python's imports ask the page for the games ``games`` (ids) and the
    standard library modules ``later`` (names, in the zip ``later_path``)
    until they are in place; the files go under ``home``."""
    sys.meta_path.insert(0, PlateauGames(games, home, later, later_path))
