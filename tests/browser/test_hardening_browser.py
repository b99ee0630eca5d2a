"""Issue 8, items 5-7 in Chromium: inputs that used to stop the app (a deep
link, deep storage entries, blocked site storage, a stray % in the query),
the start-up watchdog, and two tabs on one saved game."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

from plateau.core.record import Record, encode

from harness import GAME_KEY, READY, fill_storage, click_target, current_record, mirror, open_app, play_move, start_game

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_LINK = "P1" + base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")

BLOCK_STORAGE = """
Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});
IDBFactory.prototype.open = function () { throw new DOMException('blocked', 'SecurityError'); };
"""


def test_issue_deep_link_is_refused_with_a_message(page, base_url):
    assert len(DEEP_LINK) < 400
    page.goto(base_url + "#g=" + DEEP_LINK)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert "refusé" in page.inner_text("#messages")
    assert page.locator(".game-card").count() >= 4  # the home screen, usable


def test_deep_storage_entries_do_not_stop_the_app_and_can_be_reset(page, base_url):
    open_app(page, base_url, clear=True)
    page.evaluate("""(deep) => {
        localStorage.setItem('plateau:v1:settings', deep);
        localStorage.setItem('plateau:v1:game:deep', deep);
    }""", DEEP)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert "1 sauvegarde est illisible" in page.inner_text("#messages")
    page.on("dialog", lambda d: d.dismiss() if "Télécharger" in d.message else d.accept())
    page.click('[data-action="reset-entry"]')
    page.wait_for_function("localStorage.getItem('plateau:v1:game:deep') === null")
    assert "illisible" not in page.inner_text("#messages")


def test_unreadable_saves_share_one_banner_and_their_content_can_be_kept(page, base_url):
    """Three unreadable saved games give one banner (not three), the readable
    game stays listed, and resetting offers their raw content as one file
    before deleting them all."""
    open_app(page, base_url, clear=True)
    start_game(page, "thud", seed=1)
    page.evaluate("""() => {
        for (const k of ['a', 'b', 'c']) localStorage.setItem('plateau:v1:game:bad-' + k, '{not json ' + k);
    }""")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.click("header .brand")
    page.wait_for_selector("#saved")
    banners = page.locator("#messages .msg")
    assert banners.count() == 1
    assert "3 sauvegardes sont illisibles" in banners.first.inner_text()
    assert page.locator("#saved li[data-save]").count() == 1  # the readable game, still there
    page.on("dialog", lambda d: d.accept())
    with page.expect_download() as dl:
        page.click('[data-action="reset-entry"]')
    kept = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert kept == {f"plateau:v1:game:bad-{k}": "{not json " + k for k in "abc"}
    page.wait_for_function("!Object.keys(localStorage).some(k => k.includes('bad-'))")
    assert page.locator("#messages .msg").count() == 0
    assert page.locator("#saved li[data-save]").count() == 1


def test_blocked_site_storage_starts_playable_and_says_games_are_not_kept(browser, base_url):
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(BLOCK_STORAGE)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert "ne seront pas enregistrées" in page.inner_text("#messages")
    assert page.evaluate("window.plateauStorageBlocked === true")  # PyScript ran on the memory IndexedDB
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror_from_screen(page, seed=3)
    play_move(page, s, s.legal()[0])
    assert page.get_attribute("#board", "data-ply") == "1"
    ctx.close()


def mirror_from_screen(page, seed):
    from plateau.web.session import Session
    from plateau.core.registry import get_game

    return Session(Record("thud", get_game("thud").full_options({}), seed, ["Ann", "Bob"], []))


def test_stray_percent_in_the_query_does_not_break_start_up(page, base_url):
    for query in ("?utm=50%off", "?embed=%"):
        page.goto(base_url + query)
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        assert page.get_attribute("html", "data-error") is None
    assert page.locator("#board").count() == 1  # ?embed=% opens the embedded board


def test_watchdog_replaces_the_spinner_with_ways_out(page, base_url):
    # a slow start, whatever the machine: Plateau's bundle is held until the watchdog (1 s here) has spoken
    held = []
    bundle = "**/static/build/plateau-*.bundle"
    page.route(bundle, lambda route: held.append(route))
    page.goto(base_url + "?bootwait=1")
    seen = page.wait_for_function("""() => {
        const a = document.querySelector('[data-action="boot-home"]');
        return a && [a.getAttribute('href'), document.querySelectorAll('.spinner').length];
    }""", timeout=20_000).json_value()
    assert seen[0].endswith("/") and "?" not in seen[0] and seen[1] == 0
    assert not page.evaluate("document.documentElement.hasAttribute('data-ready')")
    while not held:
        page.wait_for_timeout(100)
    for route in held:
        route.continue_()
    page.unroute(bundle)
    page.wait_for_selector(READY, state="attached", timeout=90_000)  # a slow start still ends well
    assert page.locator('[data-action="boot-home"]').count() == 0


def test_start_up_failure_shows_a_message_not_a_spinner(page, base_url):
    page.route("**/plateau.zip", lambda route: route.fulfill(status=200, body=b"not a zip"))
    page.route("**/plateau-*.bundle", lambda route: route.fulfill(status=200, body=b"not a zip"))
    page.goto(base_url)
    page.wait_for_selector('[data-action="boot-home"]', timeout=90_000)
    assert page.locator(".spinner").count() == 0


def test_two_tabs_follow_and_never_overwrite_newer_moves(browser, base_url):
    ctx = browser.new_context(service_workers="block")
    one = ctx.new_page()
    open_app(one, base_url, clear=True)
    start_game(one, "thud", ["Ann", "Bob"], seed=5)
    s1 = mirror(one)
    play_move(one, s1, s1.legal()[0])
    two = ctx.new_page()
    open_app(two, base_url)  # resumes the same saved game
    two.wait_for_selector("#board")
    assert two.get_attribute("#board", "data-ply") == "1"
    # tab 1 plays two moves: tab 2 follows (it only added to what tab 2 shows)
    play_move(one, s1, s1.legal()[0])
    play_move(one, s1, s1.legal()[0])
    two.wait_for_function("document.querySelector('#board').dataset.ply === '3'")
    assert "autre onglet" in two.inner_text("#messages")
    # tab 2 starts a move; meanwhile tab 1 plays on: tab 2 says so
    s2 = mirror(two)
    move2 = next(m for m in reversed(s2.legal()) if len(m.path) >= 2)
    targets = two.evaluate("Array.from(document.querySelectorAll('#board .target')).map(n => n.dataset.target)")
    assert move2.path[0] in targets, (move2.text, move2.path, targets, two.inner_text("#status"))
    click_target(two, move2.path[0])
    play_move(one, s1, s1.legal()[0])
    two.wait_for_selector('[data-action="load-other"]')
    stored = current_record(one).moves
    assert len(stored) == 4
    # tab 2 finishes its move at ply 3: its save would erase tab 1's 4th move, so nothing is written
    for t in move2.path[1:]:
        click_target(two, t)
    two.wait_for_function("document.querySelector('#board').dataset.ply === '4'")
    assert current_record(one).moves == stored
    # tab 2 keeps its own line as a copy; the original keeps tab 1's moves
    two.click('[data-action="save-copy"]')
    games = {k: json.loads(v) for k, v in json.loads(two.evaluate("JSON.stringify(localStorage)")).items()
             if k.startswith(GAME_KEY)}
    assert len(games) == 2 and sorted(g["plies"] for g in games.values()) == [4, 4]
    ctx.close()


def test_full_storage_says_so_offers_export_and_keeps_moves_across_reload(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror(page)
    play_move(page, s, s.legal()[0])
    fill_storage(page)
    play_move(page, s, s.legal()[0])
    play_move(page, s, s.legal()[0])
    assert page.locator(".msg.error").count() == 1  # said once, when it happens
    assert "plein" in page.inner_text(".msg.error")
    page.click('.msg.error [data-action="export"]')
    assert page.locator("#dialog [data-file$='.plateau']").count() == 1
    assert page.evaluate("location.hash").startswith("#g=")
    page.reload()  # storage still refuses nothing now, but the moves come back from the address
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    assert page.get_attribute("#board", "data-ply") == "3"


def test_cross_site_embed_with_storage_blocked_starts_and_plays(browser, base_url, site_dir):
    """The club-website case: the app in an iframe of another site, with
    site storage blocked (localStorage and IndexedDB throw in every frame)."""
    other = base_url.replace("127.0.0.1", "localhost")  # another site than the frame's
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(BLOCK_STORAGE)
    host = ctx.new_page()
    (site_dir / "club.html").write_text(
        f'<!doctype html><title>club</title><iframe id="f" src="{base_url}?embed&game=thud" '
        f'width="600" height="700"></iframe>', encoding="utf-8")
    host.goto(other + "club.html")
    frame = host.frame_locator("#f")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
    inner = next(f for f in host.frames if f.url.startswith(base_url))
    assert inner.evaluate("window.plateauStorageBlocked === true")
    before = inner.get_attribute("#board", "data-ply")
    s = mirror_from_screen(inner, 0)
    target = inner.evaluate("document.querySelector('#board .target').dataset.target")
    move = next(m for m in s.legal() if m.path[0] == target and len(m.path) >= 2)
    for t in move.path:
        inner.locator(f'#board .target[data-target="{t}"]').first.dispatch_event("click")
    inner.wait_for_function(f"document.querySelector('#board').dataset.ply !== '{before}'")
    ctx.close()


def _forged(options) -> str:
    body = json.dumps({"g": "thud", "o": options, "s": 1, "p": ["A", "B"], "m": []})
    payload = json.dumps({"c": zlib.crc32(body.encode()) & 0xFFFFFFFF, "r": body})
    return "P1" + base64.urlsafe_b64encode(zlib.compress(payload.encode(), 9)).decode().rstrip("=")


def test_forged_options_and_odd_dates_get_clear_messages(page, base_url, tmp_path):
    bad = _forged({"captures": []})
    page.goto(base_url + "#g=" + bad)  # at start
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert "options de règles" in page.inner_text("#messages")
    assert page.get_attribute("html", "data-error") is None
    page.evaluate("localStorage.clear()")
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    page.evaluate("(h) => { location.hash = h; }", "#g=" + _forged({"captures": {"a": 1}}))  # running app
    page.wait_for_function("document.querySelector('#messages') && "
                           "document.querySelector('#messages').innerText.includes('options de règles')")
    for name, text in (("forged.plateau", bad + "\n"), ("deep.plateau", DEEP_LINK + "\n")):  # as imports
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        page.evaluate("location.hash = ''")
        page.click(".brand")
        page.wait_for_selector("#import-file")
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector(".msg.error")
        assert "refusé" in page.inner_text("#messages")
    assert page.locator("#saved li[data-save]").count() == 1  # the game started above, nothing else
    # a save whose date is beyond what a Date can show
    page.evaluate("""(rec) => localStorage.setItem('plateau:v1:game:future',
        JSON.stringify({name: 'future', record: rec, updated: 1e300}))""",
                  encode(Record("thud", {}, 1, ["A", "B"], [])))
    page.click('[data-testid="lang"]')
    page.click('[data-testid="lang"]')
    item = page.inner_text('#saved li[data-save="future"]')
    assert "date inconnue" in item and "Invalid" not in item


def test_a_link_that_is_not_a_game_says_what_it_is(page, base_url):
    page.goto(base_url + "#g=broken!!")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    text = page.inner_text("#messages")
    assert "Lien ou fichier refusé : ce n'est pas une partie Plateau" in text
    assert text.count("refusé") == 1  # the lead-in once, then what is wrong
