"""Every choice opens where the player sees it and can reach it (issue 40,
item 4: "the free seats after a decline, the race column whole in one
readable column at 375 px, the auction's lot with what its race and power
do; the person's zoom is kept across redraws"), on a 375×667 touch phone and
at 1440×900: each choice's box lies inside the screen when it opens (inside
the zoomed board's window too), and a tap there plays it.

Set ``PLATEAU_SHOTS`` to a folder to keep screenshots."""

from __future__ import annotations

import os

import pytest

from harness import board_ply, current_record, open_link, pointer_click
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.games.smallworld import content as C
from plateau.web.session import Session
from test_arkhanis_browser import choose

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
         "service_workers": "block"}
WIDE = {"viewport": {"width": 1440, "height": 900}, "service_workers": "block"}
SCREENS = {"phone": PHONE, "wide": WIDE}
NAMES = ["Frodo", "Sam", "Merry", "Pippin", "Aragorn", "Gimli"]

# each element's box on the screen, and what of it the zoomed board's window (if any) shows
BOXES = """(sel) => { const b = document.querySelector('#board'), f = b.getBoundingClientRect();
  const zoomed = b.classList.contains('zoomed');
  return [...document.querySelectorAll(sel)].map((e) => { const r = e.getBoundingClientRect();
    const inWindow = !zoomed || !b.contains(e) || (r.left >= f.left - 0.5 && r.right <= f.left + b.clientWidth + 0.5
      && r.top >= f.top - 0.5 && r.bottom <= f.top + b.clientHeight + 0.5);
    return {name: e.dataset.target || e.textContent, x: r.left, y: r.top, r: r.right, b: r.bottom, inWindow}; }); }"""


def shot(page, name):
    where = os.environ.get("PLATEAU_SHOTS")
    if where:
        page.screenshot(path=os.path.join(where, f"{name}.png"))


def boxes(page, sel):
    return page.evaluate(BOXES, sel)


def assert_on_screen(page, sel, at_least=1):
    """Every element ``sel`` finds lies inside the screen (and the board's window); returns their boxes."""
    got = boxes(page, sel)
    assert len(got) >= at_least, (sel, got)
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    off = [b for b in got if not (b["x"] >= 0 and b["r"] <= w and b["y"] >= 0 and b["b"] <= h and b["inWindow"])]
    assert not off, (sel, off)
    return got


def tap_inside(page, box, touch):
    x, y = (box["x"] + box["r"]) / 2, (box["y"] + box["b"]) / 2
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def tournament(options=None):
    g = get_game("arkhanis")
    return Session(Record("arkhanis", g.full_options(options or {}), 11, NAMES, []))


def until(s, stop):
    while not stop(s):
        s.play(choose(s))
    return s


def open_on(browser, kind):
    ctx = browser.new_context(**SCREENS[kind])
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())  # a move that asks first (declining): yes
    return ctx, page


def wait_ply(page, ply):
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {ply}")


@pytest.mark.parametrize("kind", ["phone", "wide"])
def test_the_free_seats_after_a_decline_are_all_on_the_screen(browser, base_url, kind):
    """Turn 2: Frodo declines; the overview opens (not at his table's map zoom) on the free seats he may
    choose, every one inside the screen; a tap on one of another table seats him there."""
    after = until(tournament(), lambda s: s.state.stage == "move")
    assert after.record.moves[-1] == "decline"
    before = Session(Record("arkhanis", after.record.options, 11, NAMES, after.record.moves[:-1]))
    touch = kind == "phone"
    ctx, page = open_on(browser, kind)
    open_link(page, base_url, before, touch)
    if touch:
        page.wait_for_function("document.querySelector('#board').classList.contains('zoomed')")  # the map's zoom
    ply = board_ply(page)
    pointer_click(page, '#tray [data-target="decline"]', touch)
    wait_ply(page, ply + 1)
    page.wait_for_selector("#board svg.arkhanis .ak-choice.target")
    free = after.state.free_seats()
    assert len(free) == 4
    seats = assert_on_screen(page, "#board .ak-choice.target", 4)
    assert sorted(b["name"] for b in seats) == sorted(f"seat{s}" for s in free)
    assert page.locator("#board.zoomed").count() == 0  # the overview's words are legible at the screen's width
    shot(page, f"seat_choice_{kind}")
    move = choose(after)  # the first free seat of the other table
    (box,) = [b for b in seats if b["name"] == "seat" + move.text.split(":")[1]]
    tap_inside(page, box, touch)
    wait_ply(page, ply + 2)
    assert current_record(page).moves[-1] == move.text
    ctx.close()


def pick_position(gid):
    if gid == "arkhanis":  # a tournament's table, turn 1: Frodo's first race
        return until(tournament(), lambda s: s.state.stage == "play" and s.state.tables[s.state.current].phase == "pick")
    g = get_game("smallworld")
    return Session(Record("smallworld", g.full_options({}), 3, ["Ann", "Bob", "Cid"], []))


# every text box of the strip's cards: the width its words need against the width it has
CLIPPED = """() => [...document.querySelectorAll('#board .sw-strip .sw-card *')]
  .filter((e) => e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5)
  .map((e) => [e.className, e.textContent, e.scrollWidth, e.clientWidth])"""


@pytest.mark.parametrize("gid", ["arkhanis", "smallworld"])
def test_the_race_column_is_whole_in_one_readable_column_on_a_phone(browser, base_url, gid):
    """The map opens at the zoom its labels need; its race column stays at the screen's width under it,
    one card a row, every card on the screen with nothing of its text cut; a tap on a card takes it."""
    s = pick_position(gid)
    ctx, page = open_on(browser, "phone")
    open_link(page, base_url, s, True)
    page.wait_for_function("document.querySelector('#board').classList.contains('zoomed')")
    cards = assert_on_screen(page, "#board .sw-strip .sw-card.target", 6)
    assert len({round(b["x"]) for b in cards}) == 1 and all(b["r"] - b["x"] > 300 for b in cards)  # one column
    assert page.evaluate(CLIPPED) == []
    size = page.evaluate("""() => Math.min(...[...document.querySelectorAll('#board .sw-strip .sw-card *')]
        .filter((e) => e.childElementCount === 0).map((e) => parseFloat(getComputedStyle(e).fontSize)))""")
    assert size >= 13
    assert page.locator("#board svg .sw-card").count() == 0  # (not drawn a second time in the map)
    shot(page, f"race_column_{gid}_phone")
    ply = board_ply(page)
    tap_inside(page, cards[2], True)
    wait_ply(page, ply + 1)
    assert current_record(page).moves[-1].endswith("pick:2")
    ctx.close()


def test_the_race_column_at_1440(browser, base_url):
    s = pick_position("arkhanis")
    ctx, page = open_on(browser, "wide")
    open_link(page, base_url, s)
    assert page.locator("#board .sw-strip").count() == 0  # beside the map, in the board
    assert_on_screen(page, "#board svg .sw-card.target", 6)
    shot(page, "race_column_arkhanis_wide")
    ctx.close()


@pytest.mark.parametrize("kind", ["phone", "wide"])
def test_the_auctions_lot_and_what_it_does_are_read_next_to_the_bid(browser, base_url, kind):
    """Turn 1 auctions the last combo of each table's column: what is on sale at the bidder's table is on
    the screen with the bid, and its race's and power's texts are read without scrolling sideways (none
    past the screen's right edge); a tap bids."""
    s = until(tournament({"schedule": "art_of_combos" + ",none" * 9}), lambda s: s.state.stage == "auction")
    st = s.state
    lot_table = st.auction_tables[st.auction_table]
    lot = st.auction_lot(lot_table)
    assert lot[0] == "combo"
    touch = kind == "phone"
    ctx, page = open_on(browser, kind)
    open_link(page, base_url, s, touch)
    shot(page, f"auction_{kind}")
    lines = boxes(page, "#board .ak-lot")
    assert all(0 <= b["x"] and b["r"] <= page.viewport_size["width"] for b in lines)
    (sale,) = [b for b in lines if b["name"].startswith(f"En vente à la table {lot_table + 1}")]
    assert sale["y"] >= 0 and sale["b"] <= page.viewport_size["height"]
    said = " ".join(b["name"] for b in lines)
    for k in lot[1:]:
        assert C.name(k, "fr") in said and C.text(k, "fr").split()[0] in said
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing to scroll sideways
    assert page.locator("#board.zoomed").count() == 0
    (bid,) = assert_on_screen(page, '#tray [data-target="bid"]')
    ply = board_ply(page)
    tap_inside(page, bid, touch)
    page.wait_for_selector('#tray [data-target="b2"]')
    assert all(0 <= b["x"] and b["r"] <= page.viewport_size["width"] for b in boxes(page, "#board .ak-lot"))
    (two,) = assert_on_screen(page, '#tray [data-target="b2"]')
    tap_inside(page, two, touch)
    wait_ply(page, ply + 1)
    last = current_record(page).moves[-1]
    assert last.startswith("bid:") and last.endswith(":2"), last
    ctx.close()


WINDOW = """() => { const b = document.querySelector('#board');
  return [document.querySelector('#zoom .zoom-level').textContent, b.scrollLeft, b.scrollTop]; }"""


def test_the_persons_zoom_and_pan_survive_redraws(browser, base_url):
    """Frodo zooms his table's map in and moves its window: another table's tab and back, the overview
    and back, draw it anew at the same zoom and place; his move's next choice keeps his zoom and
    comes into the window."""
    s = pick_position("arkhanis")
    ctx, page = open_on(browser, "phone")
    open_link(page, base_url, s, True)
    page.wait_for_function("document.querySelector('#board').classList.contains('zoomed')")
    pointer_click(page, '#zoom [data-action="zoom-in"]', True)
    page.evaluate("() => { const b = document.querySelector('#board'); b.scrollLeft = 150; b.scrollTop = 90; }")
    kept = page.evaluate(WINDOW)
    assert kept[0] != "× 1" and kept[1] == 150 and kept[2] == 90
    for view in ("table2", "overview"):
        version = page.get_attribute("#board", "data-version")
        pointer_click(page, f'#views [data-view="{view}"]', True)
        page.wait_for_function(f"document.querySelector('#board').dataset.view === {view!r}")
        pointer_click(page, '#views [data-view="board"]', True)
        page.wait_for_function("document.querySelector('#board').dataset.view === ''")
        assert int(page.get_attribute("#board", "data-version")) >= int(version) + 2  # drawn anew, twice
        assert page.evaluate(WINDOW) == kept
    # a move: the next choice (regions to conquer) is brought into the window, at the zoom he chose
    cards = boxes(page, "#board .sw-strip .sw-card.target")
    page.evaluate("() => document.querySelector('#board .sw-strip .sw-card.target').scrollIntoView({block: 'center'})")
    cards = boxes(page, "#board .sw-strip .sw-card.target")
    ply = board_ply(page)
    tap_inside(page, cards[0], True)
    wait_ply(page, ply + 1)
    assert page.evaluate(WINDOW)[0] == kept[0]
    regions = boxes(page, "#board svg .target")
    assert regions and any(b["inWindow"] for b in regions)
    shot(page, "zoom_kept_phone")
    ctx.close()


def test_a_club_phone_keeps_its_zoom_across_states_received_and_a_reconnection(playwright, base_url):
    """Club mode, Small World: the host's device plays Ann's seat, Bob's is a phone (device A). Bob zooms
    his map in and moves its window; Ann's move reaches his phone (a state received), then the host's
    page reloads and Bob pairs again (the whole position received again): his zoom and his window stay."""
    from test_club_browser import ARGS, host_record, offer, pair, play, start_club

    from harness import open_app

    browsers = [playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS) for _ in range(2)]
    try:
        h = browsers[0].new_page(viewport={"width": 1280, "height": 900})
        g = browsers[1].new_context(**{k: v for k, v in PHONE.items() if k != "service_workers"}).new_page()
        start_club(h, base_url, "smallworld", 3)
        open_app(g, base_url)
        pair(h, g, offer(h))
        g.wait_for_function("document.querySelector('#board.zoomed > svg')", timeout=30_000)
        pointer_click(g, '#zoom [data-action="zoom-in"]', True)
        g.evaluate("() => { const b = document.querySelector('#board'); b.scrollLeft = 140; b.scrollTop = 60; }")
        kept = g.evaluate(WINDOW)
        assert kept[1:] == [140, 60]
        s = Session(host_record(h))
        assert s.state.to_play == 0
        play(h, next(m for m in s.legal() if m.path == ("combo0",)), [g])  # Ann takes a race
        assert g.evaluate(WINDOW) == kept
        h.reload()  # the host comes back; the phone pairs again and receives the whole position
        h.wait_for_selector('[data-device="a"]', timeout=90_000)
        g.wait_for_selector('#club[data-connected="no"]', timeout=60_000)
        g.click('[data-action="club-rejoin"]')
        pair(h, g, offer(h), fresh=False)
        g.wait_for_function("+document.querySelector('#board').dataset.ply === 1", timeout=20_000)
        g.wait_for_function("document.querySelector('#board.zoomed > svg')", timeout=30_000)
        assert g.evaluate(WINDOW) == kept
        shot(g, "club_zoom_kept_phone")
    finally:
        for b in browsers:
            b.close()
