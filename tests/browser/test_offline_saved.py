"""Offline, a saved game never stops the app from starting (issue 43).

"After a second deployment of the same build and of a new build, offline
reloads of the home page with saved games of every game, of a resumed game,
of a share link and of an embed all reach data-ready; the same with the HTTP
cache cleared (DevTools Network.clearBrowserCache) and only the service
worker's cache left." Nothing the start or a game's first import needs is
fetched synchronously (static/pyodide-boot.mjs): a synchronous request is
not answered from the worker's cache, so on main 024efd9 the home page, which
listed saved games by importing their games, stopped with data-error="start".

And item 2: a saved game whose game cannot be loaded (an unknown game, files
that cannot be had) is listed with a clear message and left as it is."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time

import pytest

from harness import new_visitor
from plateau.core.record import Record, encode
from plateau.core.registry import GAMES as _REGISTRY, get_game
from test_offline import installed, poll, shell_of

GAMES = [gid for gid, mod in _REGISTRY.items() if mod.startswith("plateau.games.")]
GAME_KEY = "plateau:v1:game:"
SETTINGS = "plateau:v1:settings"


def _record(gid: str, plies: int = 2) -> Record:
    """A game of ``gid`` a few moves in (the first legal move each time)."""
    g = get_game(gid)
    players = [f"P{i + 1}" for i in range(g.min_players)]
    record = Record(gid, g.full_options({}), 11, players, [])
    state = record.start()
    for _ in range(plies):
        if state.is_over():
            break
        text = state.legal_moves()[0].text
        state.play(text)
        record.moves.append(text)
    return record


def _entry(record: Record, name: str) -> str:
    return json.dumps({"name": name, "record": encode(record), "updated": time.time(), "over": False,
                       "game": record.game, "plies": len(record.moves), "rev": 1})


RECORDS = {gid: _record(gid) for gid in GAMES} if GAMES else {}


def _store(page, entries: dict[str, str], settings: dict) -> None:
    page.evaluate("""([entries, settings]) => {
        localStorage.clear();
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        localStorage.setItem('plateau:v1:settings', settings);
    }""", [entries, json.dumps(settings)])


def _saved_every_game(page) -> None:
    entries = {f"{GAME_KEY}s-{gid}": _entry(r, f"Saved {gid}") for gid, r in RECORDS.items()}
    _store(page, entries, {"screen": "home"})


def _ready(page, what: str) -> None:
    """The app reached data-ready, not data-error (what: the case, for the message)."""
    page.wait_for_function("document.documentElement.hasAttribute('data-ready')"
                           " || document.documentElement.hasAttribute('data-error')", timeout=90_000)
    error = page.get_attribute("html", "data-error")
    text = page.inner_text("body")[:600] if error is not None else ""
    assert error is None, f"{what}: data-error={error!r}: {text}"


def _opens(page, url: str, what: str, board: str | None) -> str | None:
    """Opens ``url``; None when the app started (and drew the board of the
    game ``board``), else what went wrong."""
    try:
        page.goto(url)
        _ready(page, what)
        if board:
            page.wait_for_selector(f'#board[data-game="{board}"]', state="attached", timeout=30_000)
    except Exception as e:  # every case is tried: the failures are listed together
        return str(e).splitlines()[0][:300] if what in str(e) else f"{what}: {str(e).splitlines()[0][:300]}"
    return None


def _offline_reloads(ctx, page, base: str, what: str) -> list[str]:
    """Offline: the home page with a saved game of every game, a resumed
    game, a share link and an embed each start, and show what they open.
    Returns what failed."""
    failed = []
    ctx.set_offline(True)
    try:
        _saved_every_game(page)
        failed.append(_opens(page, base, f"{what}: the home page with saved games", None))
        if failed[-1] is None:
            listed = page.eval_on_selector_all("#saved li[data-save]", "els => els.map(e => e.dataset.save)")
            assert sorted(listed) == sorted(f"s-{gid}" for gid in GAMES), (what, listed)
            for gid in ("thud", "arkhanis"):  # a game resumed from the list: its files from the worker's cache
                _saved_every_game(page)  # the home page again (the game resumed last is left on its board)
                page.goto(base)
                _ready(page, what)
                page.click(f'#saved li[data-save="s-{gid}"] [data-action="resume"]')
                page.wait_for_selector(f'#board[data-game="{gid}"]', state="attached", timeout=30_000)
                assert not page.query_selector(".msg.error"), (what, page.inner_text("#messages"))
        for gid in GAMES:  # each game resumed as the page opens (the player left it on its board)
            _store(page, {f"{GAME_KEY}r": _entry(RECORDS[gid], "Resumed")}, {"screen": "play", "current": "r"})
            failed.append(_opens(page, base, f"{what}: a resumed game of {gid}", gid))
        for gid in ("troy", "smallworld"):
            failed.append(_opens(page, base + "#g=" + encode(RECORDS[gid]), f"{what}: a share link to {gid}", gid))
            failed.append(_opens(page, base + f"index.html?embed&game={gid}", f"{what}: an embed of {gid}", gid))
    finally:
        ctx.set_offline(False)
    return [f for f in failed if f]


def _clear_http_cache(ctx, page) -> None:
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.clearBrowserCache")
    cdp.detach()


@pytest.fixture(scope="module")
def deployments(site_dir, second_site, tmp_path_factory):
    """One address whose contents can be switched: the site as first
    published, the same build published again (a copy: the same files,
    written anew) and a new build."""
    from serve import make_server

    tmp = tmp_path_factory.mktemp("deploy")
    again = tmp / "again"
    shutil.copytree(site_dir, again)
    second = second_site
    slot = tmp / "slot"
    os.symlink(site_dir, slot)

    def publish(site) -> None:
        new = tmp / "slot.new"
        os.symlink(site, new)
        os.replace(new, slot)

    srv = make_server(slot, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/", {"first": site_dir, "again": again, "second": second}, publish
    publish(site_dir)
    srv.shutdown()
    srv.server_close()


def _taken_over(page, cache: str) -> None:
    """The worker of the build whose cache is ``cache`` is whole and active."""
    poll(page, f"caches.open({json.dumps(cache)}).then(c => c.match('plateau-complete')).then(r => !!r)")
    poll(page, "navigator.serviceWorker.getRegistration().then(r => !!r && !r.installing && !r.waiting"
               " && !!r.active && r.active.state === 'activated')")


@pytest.mark.parametrize("deployment", ["again", "second"])
def test_offline_with_saved_games_after_a_deployment(browser, deployments, deployment):
    base, sites, publish = deployments
    publish(sites["first"])
    ctx, page, errors = installed(browser, base, shell_of(sites["first"])[0])
    _saved_every_game(page)
    page.reload()  # a visit with saved games, online
    _ready(page, "online")
    publish(sites[deployment])  # the club uploads the site again
    page.reload()
    _ready(page, "online, after the upload")
    cache = shell_of(sites[deployment])[0]
    _taken_over(page, cache)
    page.reload()  # the build now served, whole, from its worker
    _ready(page, "online, the build now served")
    failed = _offline_reloads(ctx, page, base, f"{deployment}, HTTP cache kept")
    _clear_http_cache(ctx, page)
    failed += _offline_reloads(ctx, page, base, f"{deployment}, HTTP cache cleared")
    assert not failed, "\n".join(failed)
    assert not errors, errors
    ctx.close()


def test_saved_games_that_cannot_be_opened_are_listed_and_kept(browser, base_url):
    """No offline cache (a browser that refuses the worker), offline: the
    home page lists a saved game whose files cannot be had, and one of a game
    this version does not know, each with a sentence that says why; both
    stay stored; the other games' saved games open."""
    ctx, page, errors = new_visitor(browser)
    page.add_init_script("window.requestIdleCallback = (f) => setTimeout(f, 0);")
    page.goto(base_url)
    _ready(page, "first visit")
    page.wait_for_selector("html[data-games=stored]", state="attached", timeout=60_000)
    unknown = Record("zzgone", {}, 3, ["A", "B"], ["x"])
    entries = {f"{GAME_KEY}thud": _entry(RECORDS["thud"], "A Thud game"),
               f"{GAME_KEY}gone": _entry(unknown, "A game from elsewhere")}
    _store(page, entries, {"screen": "home"})
    # the next page fetches its games from the network, and the network is gone
    page.route("**/static/build/game-thud-*", lambda route: route.abort())
    page.reload()
    _ready(page, "offline, Thud's files refused")
    gone = page.locator('#saved li[data-save="gone"]')
    assert gone.get_attribute("data-unplayable") == "unknown"
    assert "zzgone" in gone.inner_text() and gone.locator('[data-action="resume"]').count() == 0
    assert gone.locator('[data-action="export"]').count() == 1
    thud = page.locator('#saved li[data-save="thud"]')
    page.wait_for_selector('#saved li[data-save="thud"][data-unplayable="files"]', timeout=30_000)
    assert "Thud" in thud.locator(".note").inner_text()
    thud.locator('[data-action="resume"]').click()
    page.wait_for_selector(".msg.error", timeout=30_000)
    assert "Thud" in page.inner_text(".msg.error")
    assert page.locator("#saved").count() == 1  # still the home page
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('plateau:v1:game:')).sort()")
    assert stored == [f"{GAME_KEY}gone", f"{GAME_KEY}thud"]
    page.unroute("**/static/build/game-thud-*")  # the files can be had again: the same button opens it
    thud.locator('[data-action="resume"]').click()
    page.wait_for_selector('#board[data-game="thud"]', timeout=30_000)
    assert not errors, errors
    ctx.close()
