"""Python's side of the files that come after the start (the boot module,
``static/pyodide-boot.mjs``): each game's own bundle, and the standard
library's later part.

An import of ``plateau.games.<gid>`` of a game not yet in place first asks the
page for that game's files (``_plateau_games.load``): they are put in place if
they were read already; otherwise the bundle is downloaded there and then (a
synchronous request, from the browser's cache or the offline cache when the
game was fetched in the background) and unpacked here. An import of a module
of the standard library's later part before that zip came fetches it the
same way (``_plateau_games.stdlib``).

Nothing here touches the page when imported: the interpreter snapshot holds
this module imported (scripts/build.py, SNAPSHOT_PLATEAU), and the boot module
only calls ``install``.
"""

from __future__ import annotations

import sys


class PlateauGames:
    """Puts a game's files in place (its own bundle) when its package is first imported."""

    def __init__(self, games, home: str, later, later_path: str):
        self.games, self.home, self.later, self.later_path = set(games), home, set(later), later_path

    def find_spec(self, name, path=None, target=None):
        if name in self.later:  # a module of the standard library's later part
            import _plateau_games
            import zipimport

            try:
                _plateau_games.stdlib()  # the zip in place (downloaded now if it has not come yet)
            except Exception as e:
                raise ImportError(f"the module {name!r} of the standard library could not be fetched ({e})",
                                  name=name) from None
            # found in that zip, in its package's folder there (xml.sax when xml came from the runtime's zip)
            package = name.rpartition(".")[0].replace(".", "/")
            return zipimport.zipimporter(self.later_path + ("/" + package if package else "")).find_spec(name)
        parts = name.split(".")
        if len(parts) > 2 and parts[0] == "plateau" and parts[1] == "games" and parts[2] in self.games:
            import _plateau_games

            try:
                data = _plateau_games.load(parts[2])
            except Exception as e:
                err = ImportError(f"the files of the game {parts[2]!r} could not be fetched ({e})", name=name)
                err.plateau_game = parts[2]  # the page fetches them in the background and tries again
                raise err from None
            if data is not None:
                self.unpack(data.to_bytes())
            self.games.discard(parts[2])
            # the folders' listings Python keeps, read again (importlib.invalidate_caches would also
            # import importlib.metadata, which this site's standard library leaves out)
            for finder in list(sys.path_importer_cache.values()):
                if hasattr(finder, "invalidate_caches"):
                    finder.invalidate_caches()
        return None

    def unpack(self, data: bytes) -> None:
        """Writes the files of a bundle (a zip of stored entries, the whole
        gzip-compressed) into the interpreter's home; an empty source whose
        file is there already is left alone."""
        import os
        import struct
        import zlib

        if data[:2] == b"\x1f\x8b":
            data = zlib.decompress(data, 31)
        end = data.rfind(b"PK\x05\x06")
        count, at = struct.unpack_from("<H", data, end + 10)[0], struct.unpack_from("<I", data, end + 16)[0]
        for _ in range(count):
            method, size = struct.unpack_from("<H", data, at + 10)[0], struct.unpack_from("<I", data, at + 20)[0]
            n, x, c = struct.unpack_from("<3H", data, at + 28)
            local = struct.unpack_from("<I", data, at + 42)[0]
            name = data[at + 46:at + 46 + n].decode("utf-8")
            at += 46 + n + x + c
            if name.endswith("/"):
                continue
            if method != 0:
                raise ImportError(f"{name}: not a stored entry")
            start = local + 30 + sum(struct.unpack_from("<2H", data, local + 26))
            body = data[start:start + size]
            path = os.path.join(self.home, name)
            if not body and name.endswith(".py") and os.path.exists(path):
                continue  # the source is there already
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(body)


def install(games, home: str, later, later_path: str) -> None:
    """Python's imports ask the page for the games ``games`` (ids) and the
    standard library modules ``later`` (names, in the zip ``later_path``)
    until they are in place; the files go under ``home``."""
    sys.meta_path.insert(0, PlateauGames(games, home, later, later_path))
