"""plateau.web.lazy_files, Python's side of the files that come after the
start, run under CPython with a stand-in for the page's ``_plateau_games``
module: an import of a game not in place asks the page for its files and
unpacks the bundle it gets; a module of the standard library's later part is
imported from that zip once the page has put it in place; a failed fetch is
an ImportError that says what could not be fetched."""

from __future__ import annotations

import gzip
import io
import sys
import types
import zipfile

import pytest

from plateau.web.lazy_files import PlateauGames, install


def _bundle(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return gzip.compress(buf.getvalue())


class _Bytes:
    """What a JavaScript Uint8Array is in Python (to_bytes)."""

    def __init__(self, data: bytes):
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


@pytest.fixture
def page(tmp_path, monkeypatch):
    """The page's module, answering from ``page.bundles`` / ``page.later``
    (None: the fetch fails), and the home folder on sys.path."""
    mod = types.SimpleNamespace(bundles={}, later=None, asked=[])

    def load(gid):
        mod.asked.append(gid)
        if gid not in mod.bundles:
            raise OSError("offline")
        return _Bytes(mod.bundles[gid])

    def stdlib():
        mod.asked.append("stdlib")
        if mod.later is None:
            raise OSError("offline")
        (tmp_path / "later.zip").write_bytes(mod.later)

    fake = types.ModuleType("_plateau_games")
    fake.load, fake.stdlib = load, stdlib
    monkeypatch.setitem(sys.modules, "_plateau_games", fake)
    monkeypatch.syspath_prepend(str(tmp_path))
    finders = list(sys.meta_path)
    yield mod
    sys.meta_path[:] = finders
    for name in [n for n in sys.modules if n.startswith(("plateau.games.zz", "zzlater"))]:
        del sys.modules[name]


def test_a_game_not_in_place_is_unpacked_at_its_first_import(page, tmp_path):
    (tmp_path / "plateau" / "games").mkdir(parents=True)
    page.bundles["zzgame"] = _bundle({
        "plateau/games/zzgame/__init__.py": b"RULES = 'ok'\n",
        "plateau/games/zzgame/board.json": b"{}",
    })
    install(["zzgame"], str(tmp_path), [], str(tmp_path / "later.zip"))
    import plateau.games as games_pkg

    games_pkg.__path__.append(str(tmp_path / "plateau" / "games"))
    try:
        mod = __import__("plateau.games.zzgame", fromlist=["RULES"])
    finally:
        games_pkg.__path__.remove(str(tmp_path / "plateau" / "games"))
    assert mod.RULES == "ok" and page.asked == ["zzgame"]
    assert (tmp_path / "plateau" / "games" / "zzgame" / "board.json").read_bytes() == b"{}"
    finder = sys.meta_path[0]
    assert isinstance(finder, PlateauGames) and "zzgame" not in finder.games  # asked once


def test_a_game_that_cannot_be_fetched_is_an_import_error_naming_it(page, tmp_path):
    install(["zzgone"], str(tmp_path), [], str(tmp_path / "later.zip"))
    with pytest.raises(ImportError) as caught:
        __import__("plateau.games.zzgone")
    assert "'zzgone' could not be fetched (offline)" in str(caught.value)
    assert caught.value.plateau_game == "zzgone"  # the page fetches it in the background and tries again


def test_an_empty_source_does_not_overwrite_the_one_in_place(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text("X = 1\n")
    PlateauGames([], str(tmp_path), [], "").unpack(_bundle({"pkg/m.py": b"", "pkg/n.py": b"", "pkg/d.txt": b"d"}))
    assert (tmp_path / "pkg" / "m.py").read_text() == "X = 1\n"
    assert (tmp_path / "pkg" / "n.py").read_bytes() == b"" and (tmp_path / "pkg" / "d.txt").read_text() == "d"


def test_a_module_of_the_later_standard_library_is_imported_from_its_zip(page, tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("zzlater.py", "VALUE = 42\n")
    install([], str(tmp_path), ["zzlater"], str(tmp_path / "later.zip"))
    with pytest.raises(ImportError, match="'zzlater' of the standard library could not be fetched"):
        __import__("zzlater")
    page.later = buf.getvalue()
    assert __import__("zzlater").VALUE == 42
    assert page.asked == ["stdlib", "stdlib"]
