"""plateau.web.lazy_files, Python's side of the files that come after the
start, run under CPython with a stand-in for the page's ``_plateau_games``
module: an import of a game not in place asks the page for its files and
imports them once the page has put them in place; a module of the standard
library's later part is imported from that zip once the page has put it in
place. Nothing is downloaded while Python waits (issue 43): a game or a zip
the page has not read yet is an ImportError that names it (``plateau_game``),
so that the page fetches it in the background and tries again."""

from __future__ import annotations

import io
import sys
import types
import zipfile

import pytest

from plateau.web.lazy_files import PlateauGames, game_missing, install


@pytest.fixture
def page(tmp_path, monkeypatch):
    """The page's module: ``page.games`` are the games it has put in place
    (the files written by the test), ``page.later`` the zip's bytes once it
    has it (None: not yet); ``page.asked`` what Python asked for."""
    mod = types.SimpleNamespace(games=set(), later=None, asked=[])

    def load(gid):
        mod.asked.append(gid)
        if gid not in mod.games:
            raise OSError("not fetched yet")
        return None

    def stdlib():
        mod.asked.append("stdlib")
        if mod.later is None:
            raise OSError("not fetched yet")
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


def _import_game(tmp_path, name: str):
    import plateau.games as games_pkg

    games_pkg.__path__.append(str(tmp_path / "plateau" / "games"))
    try:
        return __import__(name, fromlist=["RULES"])
    finally:
        games_pkg.__path__.remove(str(tmp_path / "plateau" / "games"))


def test_a_game_not_in_place_fails_naming_it_then_imports_once_the_page_put_it_there(page, tmp_path):
    install(["zzgame"], str(tmp_path), [], str(tmp_path / "later.zip"))
    with pytest.raises(ImportError) as caught:
        _import_game(tmp_path, "plateau.games.zzgame")
    assert "'zzgame' are not in place yet (not fetched yet)" in str(caught.value)
    assert caught.value.plateau_game == "zzgame"  # the page fetches it in the background and tries again
    assert game_missing(caught.value) == "zzgame"
    # the page fetched the bundle and wrote its files (static/pyodide-boot.mjs, installGame)
    (tmp_path / "plateau" / "games" / "zzgame").mkdir(parents=True)
    (tmp_path / "plateau" / "games" / "zzgame" / "__init__.py").write_text("RULES = 'ok'\n")
    page.games.add("zzgame")
    assert _import_game(tmp_path, "plateau.games.zzgame").RULES == "ok"
    assert page.asked == ["zzgame", "zzgame"]
    finder = sys.meta_path[0]
    assert isinstance(finder, PlateauGames) and "zzgame" not in finder.games  # not asked again


def test_an_error_that_wraps_a_missing_game_still_names_it():
    try:
        try:
            err = ImportError("x")
            err.plateau_game = "thud"
            raise err
        except ImportError:
            raise RuntimeError("while listing")  # noqa: B904 (the context is what is read)
    except RuntimeError as outer:
        assert game_missing(outer) == "thud"
    assert game_missing(ValueError("other")) is None


def test_a_module_of_the_later_standard_library_is_imported_from_its_zip(page, tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("zzlater.py", "VALUE = 42\n")
    install([], str(tmp_path), ["zzlater"], str(tmp_path / "later.zip"))
    with pytest.raises(ImportError, match="'zzlater' of the standard library is not in place yet") as caught:
        __import__("zzlater")
    assert game_missing(caught.value) == ""  # the page fetches the zip and tries again
    page.later = buf.getvalue()
    assert __import__("zzlater").VALUE == 42
    assert page.asked == ["stdlib", "stdlib"]
