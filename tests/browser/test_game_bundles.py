"""A light first visit (issue 30, item 3): each game's files are a bundle of
their own (``static/build/game-<gid>-<hash>.bundle``, scripts/sitebuild/bundles.py
``games_apart``), "load a game's package only when it is needed": the home
screen fetches none before the app is ready, a link to a game fetches that
game (and the games it needs) and no other, and every game is fetched in the
background once the app is ready, for the next visit and offline."""

from __future__ import annotations

import gzip
import io
import json
import re
import zipfile
from urllib.parse import urlparse

from harness import READY, open_app, open_app_refusing, reload_app, start_game
from plateau.core.record import Record, encode
from plateau.core.registry import GAMES as _REGISTRY, get_game

# the site's games: tests elsewhere register games of their own in the same registry
GAMES = {gid: mod for gid, mod in _REGISTRY.items() if mod.startswith("plateau.games.")}

GAME_BUNDLE = re.compile(r"/static/build/game-([a-z]+)-[0-9a-f]{12}\.bundle$")


def _files(path) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(path.read_bytes()))) as z:
        return {n: z.read(n) for n in z.namelist()}


def _game_bundles(site_dir) -> dict[str, dict[str, bytes]]:
    return {GAME_BUNDLE.search("/" + p.relative_to(site_dir).as_posix()).group(1): _files(p)
            for p in (site_dir / "static" / "build").glob("game-*.bundle")}


def test_each_game_has_its_own_bundle_and_the_start_waits_for_none(site_dir):
    main = _files(next((site_dir / "static" / "build").glob("plateau-[0-9a-f]*.bundle")))
    games = _game_bundles(site_dir)
    assert set(games) == set(GAMES)
    # the bundle the start waits for: the engine's core, the web layer, the games index; no game, no board
    assert "plateau/games/index.json" in main and any(n.startswith("plateau/web/__pycache__/") for n in main)
    assert not [n for n in main if n.startswith("boards/") or re.match(r"plateau/games/[a-z]+/", n)]
    for gid, files in games.items():
        assert all(n.startswith((f"plateau/games/{gid}/", f"boards/{gid}")) for n in files), gid
        assert f"plateau/games/{gid}/__init__.py" in files, gid
        assert any(n.startswith(f"plateau/games/{gid}/__pycache__/__init__.cpython-") for n in files), gid
    # the boards go with their game
    assert "boards/smallworld-graphs.json" in games["smallworld"] and "boards/troy.json" in games["troy"]


def test_the_boot_module_knows_that_arkhanis_needs_small_world(site_dir):
    boot = next((site_dir / "static" / "build").glob("pyodide-boot-*.mjs")).read_text(encoding="utf-8")
    given = json.loads(re.search(r"const GAMES_GIVEN = (\{.*?\});\n", boot).group(1))
    assert given["arkhanis"]["needs"] == ["smallworld"]
    assert given["thud"]["needs"] == []


def _asked(page) -> list[tuple[str, float]]:
    """The game bundles the page asked for, with when (ms from its start)."""
    got = page.evaluate("performance.getEntriesByType('resource').map(e => [e.name, e.startTime])")
    return [(GAME_BUNDLE.search(urlparse(u).path).group(1), t) for u, t in got if GAME_BUNDLE.search(urlparse(u).path)]


def _ready_at(page) -> float:
    return page.evaluate("performance.getEntriesByName('plateau:drawn')[0].startTime")


def test_the_home_screen_fetches_no_game_before_ready_and_every_game_after(page, base_url):
    open_app(page, base_url)
    ready = _ready_at(page)
    page.wait_for_selector("html[data-games=stored]", state="attached", timeout=60_000)
    asked = _asked(page)
    assert not [g for g, t in asked if t <= ready], asked
    assert {g for g, _ in asked} == set(GAMES)
    # no game imported on the way: they are in place, not loaded
    mods = page.evaluate("""async () => (await (await import(document.querySelector(
        'script[type=module][src*="pyodide-boot-"]').src)).started)
        .runPython("import sys; sorted(m for m in sys.modules if m.startswith('plateau.games.'))").toJs()""")
    assert mods == [], mods


def _link(base_url: str, gid: str) -> str:
    g = get_game(gid)
    names = [f"P{i + 1}" for i in range(g.min_players)]
    return base_url + "#g=" + encode(Record(gid, g.full_options({}), 7, names, []))


def test_a_link_to_a_game_fetches_that_game_only_before_ready(browser, base_url):
    for gid, wanted in (("thud", {"thud"}), ("arkhanis", {"arkhanis", "smallworld"})):
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        open_app(page, _link(base_url, gid))
        page.wait_for_selector(f'#board[data-game="{gid}"]')  # its board (Arkhanis: behind a pass screen)
        before = {g for g, t in _asked(page) if t <= _ready_at(page)}
        assert before == wanted, (gid, before)
        # put in place with Plateau's bundle: Python did not have to download it itself
        assert not page.evaluate("performance.getEntriesByType('mark').filter(m => m.name.startsWith("
                                 "'plateau:game-fetched-')).length")
        ctx.close()


def _press(page, selector: str) -> None:
    """A click of the real pointer in the middle of the button."""
    button = page.locator(selector)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _open_new_game_with_the_pointer(page, gid: str) -> None:
    _press(page, f'[data-game="{gid}"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    _press(page, '#new-game button[type="submit"]')
    page.wait_for_selector(f'#board[data-game="{gid}"]')
    if page.locator("#pass-screen").count():  # a game with hidden information: the first player's screen
        _press(page, '#pass-screen [data-action="reveal"]')
    page.wait_for_selector("#board svg")


def test_a_game_opened_before_its_files_came_is_fetched_when_opened(browser, base_url):
    """The background fetch refused: opening Small World imports its package,
    which downloads its bundle there and then."""
    ctx, page, errors = open_app_refusing(browser, base_url, GAME_BUNDLE)
    # a game's files refused, the background fetches stop there
    assert page.get_attribute("html", "data-games") == "later"
    _open_new_game_with_the_pointer(page, "smallworld")
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "plateau:game-fetched-smallworld" in marks, marks
    assert not errors, errors
    ctx.close()


def test_an_action_waiting_for_its_files_is_dropped_when_the_person_went_elsewhere(browser, base_url):
    """"Rules" pressed before the game's files came, then "Plateau" (the home)
    while they come: the home stays; the rules do not open late over it.
    Pressed again, once the files are in place, the rules open at once."""
    ctx, page, errors = open_app_refusing(browser, base_url, GAME_BUNDLE)
    held = []
    page.route(re.compile(r"/static/build/game-thud-[0-9a-f]{12}\.bundle$"), lambda route: held.append(route))
    _press(page, '[data-game="thud"] [data-action="rules"]')
    while not held:
        page.wait_for_timeout(50)
    assert page.locator("article.rules").count() == 0
    assert "Thud" in page.inner_text("#messages")  # its files are being fetched, the person is told
    _press(page, "header.top .brand")
    for route in held:
        route.continue_()
    page.wait_for_function("performance.getEntriesByType('mark').some(m => m.name == 'plateau:game-fetched-thud')")
    page.wait_for_timeout(300)
    assert page.locator("article.rules").count() == 0
    assert page.locator('[data-game="thud"] .card-picture img').count() == 1
    assert "Thud" not in page.inner_text("#messages")  # the waiting message is gone with the wait
    _press(page, '[data-game="thud"] [data-action="rules"]')
    page.wait_for_selector("article.rules")
    assert not errors, errors
    ctx.close()


def test_games_open_offline_after_one_visit(browser, base_url, site_dir):
    """Offline, the games' bundles come from the offline cache (the service
    worker's list names them): fetched once the app is ready, then opened."""
    from test_offline import installed, shell_of

    ctx, page, errors = installed(browser, base_url, shell_of(site_dir)[0])
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("html[data-games=stored]", state="attached", timeout=60_000)
    _open_new_game_with_the_pointer(page, "smallworld")
    page.goto(base_url + "index.html?embed&game=armadora")  # an embedded board: its game fetched with the start
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector('#board[data-game="armadora"]')
    assert not errors, errors
    ctx.close()


def test_a_game_needs_what_its_modules_import_not_what_its_words_name():
    """Small World's modules name the tournament in their words (its clock is
    the tournament for a table) but import nothing of it: only Arkhanis needs
    another game, and no two games need each other (the start would fetch them
    in a loop)."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "scripts"))
    try:
        from sitebuild.bundles import game_needs
    finally:
        sys.path.remove(str(root / "scripts"))
    games = list(GAMES)
    needs = {gid: game_needs(gid, games) for gid in games}
    assert needs["arkhanis"] == ["smallworld"]
    assert needs["smallworld"] == []
    assert not [(a, b) for a in games for b in needs[a] if a in needs[b]]


def test_a_game_in_progress_opens_again_after_a_reload(page, base_url):
    """The start fetches a resumed game's files (and those of the games it
    needs) before Python asks: a Small World game left on its board comes back."""
    open_app(page, base_url, clear=True)
    start_game(page, "smallworld", ["Ann", "Bob", "Cy"], seed=3)
    reload_app(page)
    page.wait_for_selector('#board[data-game="smallworld"]')
    assert [g for g, t in _asked(page) if t <= _ready_at(page)] == ["smallworld"]
