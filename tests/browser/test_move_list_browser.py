"""A long game's move list in Chromium (issue 27, item 5: "any ply of its
history shows"): a finished 24-participant Arkhanis tournament opened from
its link holds only the entries in view, each of the same fixed height, with
the words the move list writes for every move; scrolling brings the others;
an entry clicked with the real pointer, or tapped on a phone, near its top
and bottom borders shows that entry's position, never a neighbour's."""

from __future__ import annotations

import pytest

from harness import board_ply, open_app
from plateau.core.record import Record, encode
from tournaments import random_tournament
from plateau.web.session import Session

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}


def long_tournament() -> Record:
    """A whole 24-participant tournament played by random participants
    (about 1,300 plies), the same every time."""
    return random_tournament(24, 100)


@pytest.fixture(scope="module")
def tournament():
    rec = long_tournament()
    return encode(rec), Session(Record(rec.game, dict(rec.options), rec.seed, list(rec.players), list(rec.moves)))


ROWS_JS = """() => {
  const ol = document.querySelector('#moves');
  const box = ol.getBoundingClientRect();
  return {total: +ol.dataset.total, virtual: ol.classList.contains('virtual'), top: box.top, bottom: box.bottom,
          rows: [...ol.querySelectorAll('li[data-ply]')].map((li) => {
            const r = li.getBoundingClientRect();
            return {ply: +li.dataset.ply, text: li.textContent, title: li.title, top: r.top, bottom: r.bottom,
                    left: r.left, right: r.right, current: li.classList.contains('current')};
          })};
}"""


def rows(page) -> dict:
    return page.evaluate(ROWS_JS)


def check_rows(got: dict, session: Session) -> None:
    """The entries present: one run of plies, each exactly as high as the others, with the words
    of the move list (written when asked, the same as while the moves are checked)."""
    plies = [r["ply"] for r in got["rows"]]
    assert plies == list(range(plies[0], plies[0] + len(plies)))
    heights = {round(r["bottom"] - r["top"], 2) for r in got["rows"]}
    assert len(heights) == 1, heights
    for r in got["rows"]:
        if r["ply"]:
            want = f"{r['ply']}. {session.move_line(r['ply'] - 1, None, 'fr')}"
            assert r["text"] == want and r["title"] == want


def in_view(got: dict) -> list[dict]:
    return [r for r in got["rows"] if r["top"] >= got["top"] + 2 and r["bottom"] <= got["bottom"] - 2]


def open_long(page, base_url, link: str) -> None:
    open_app(page, base_url, "index.html?lang=fr#g=" + link)
    page.wait_for_selector("#moves li.current")


def settled(page) -> None:
    """Wait until the list has stopped scrolling (the same position over five frames)."""
    page.wait_for_function("""() => new Promise((done) => {
        const ol = document.querySelector('#moves');
        let last = ol.scrollTop, same = 0;
        const look = () => {
            same = ol.scrollTop === last ? same + 1 : 0;
            last = ol.scrollTop;
            if (same >= 5) done(true); else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
    })""")


def pick_near_borders(page, session, touch: bool) -> None:
    """Entries in the middle of the list's view, hit 3 px inside their top and bottom borders."""
    for edge in ("top", "bottom", "top", "bottom"):
        got = rows(page)
        check_rows(got, session)
        seen = in_view(got)
        assert len(seen) >= 4
        target = seen[len(seen) // 2 + (1 if edge == "bottom" else -1)]
        x = (target["left"] + target["right"]) / 2
        y = target["top"] + 3 if edge == "top" else target["bottom"] - 3
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {target['ply']}")
        page.wait_for_function(f"document.querySelector('#moves li.current')?.dataset.ply === '{target['ply']}'")
        assert board_ply(page) == target["ply"]
        # the entry was in view: the list stays where it is (the next entry tapped is where it was seen)
        # (the page around it may move: a note says a past position is shown)
        page.wait_for_timeout(100)
        after = rows(page)
        now = next(r for r in after["rows"] if r["ply"] == target["ply"])
        assert abs((now["top"] - after["top"]) - (target["top"] - got["top"])) < 1.5, (now, target)


def test_a_long_list_holds_the_entries_in_view_and_a_click_near_an_edge_shows_that_entry(page, base_url, tournament):
    link, session = tournament
    open_long(page, base_url, link)
    got = rows(page)
    assert got["virtual"] and got["total"] == session.total > 1000
    assert len(got["rows"]) < 80  # not one per move
    last = [r for r in got["rows"] if r["current"]]
    assert [r["ply"] for r in last] == [session.total]
    assert got["top"] <= last[0]["top"] and last[0]["bottom"] <= got["bottom"] + 1  # the current entry in view
    check_rows(got, session)
    # the wheel over the list: the entries of the new place come
    page.locator("#moves").scroll_into_view_if_needed()
    box = page.locator("#moves").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(6):
        page.mouse.wheel(0, -2000)
    page.wait_for_function("() => { const ol = document.querySelector('#moves');"
                           " return ol.scrollTop < ol.scrollHeight - 10000; }")
    settled(page)  # a wheel scrolls smoothly: the list may still be moving (an entry clicked would leave the view)
    page.wait_for_timeout(100)  # the next frame writes the entries in view
    got = rows(page)
    assert len(in_view(got)) >= 4 and all(r["ply"] < session.total - 200 for r in in_view(got))
    pick_near_borders(page, session, touch=False)
    # the keyboard's arrows step through the history; the list follows
    ply = board_ply(page)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {ply - 1}")
    page.wait_for_function(f"document.querySelector('#moves li.current')?.dataset.ply === '{ply - 1}'")
    # the first entry, the start, after a jump there
    page.click('[data-action="first"]')
    page.wait_for_function("document.querySelector('#moves li.current')?.dataset.ply === '0'")
    check_rows(rows(page), session)


def test_a_tap_near_an_entrys_edge_on_a_phone_shows_that_entry(browser, base_url, tournament):
    link, session = tournament
    ctx = browser.new_context(service_workers="block", **PHONE)
    try:
        page = ctx.new_page()
        open_long(page, base_url, link)
        page.locator("#moves").scroll_into_view_if_needed()
        # the list scrolled (as a swipe does): the entries of the new place come
        page.evaluate("() => { const ol = document.querySelector('#moves'); ol.scrollTop = ol.scrollTop - 3000; }")
        page.wait_for_timeout(100)
        got = rows(page)
        assert all(r["ply"] < session.total - 50 for r in in_view(got))
        pick_near_borders(page, session, touch=True)
    finally:
        ctx.close()


def test_a_short_list_holds_every_entry(page, base_url):
    """A game of a few moves: every entry in the page, as before (no fixed height)."""
    rec = long_tournament()
    short = Record(rec.game, {}, rec.seed, list(rec.players), rec.moves[:30])
    open_app(page, base_url, "index.html?lang=fr#g=" + encode(short))
    page.wait_for_selector("#moves li.current")
    got = rows(page)
    assert not got["virtual"] and [r["ply"] for r in got["rows"]] == list(range(31))


def test_the_memory_helpers_walk_a_long_lists_history_and_the_page_stays_under_100_mb(browser, base_url, tournament):
    """tests/browser/memory.py (the leak test and bench) shows earlier positions by
    their move list entries: in a long list those are not in the page until the
    list is scrolled to them, which its helper does first. The tournament's
    history walked that way, with the keyboard and with the pointer on the
    arrows keeps the page's WebAssembly memory under the issue's 100 MB."""
    import random

    import memory as M

    link, session = tournament
    ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
    ctx.add_init_script(M.WASM_MEMORY_INIT)
    try:
        page = ctx.new_page()
        open_long(page, base_url, link)
        rnd = random.Random(4)
        for ply in [0, session.total // 2, 7, session.total - 1] + [rnd.randrange(session.total) for _ in range(4)]:
            M.show_ply(page, ply)
            page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {ply}")
            page.wait_for_function(f"document.querySelector('#moves li.current')?.dataset.ply === '{ply}'")
        page.locator("#moves").focus()
        for key, want in (("End", session.total), ("ArrowLeft", session.total - 1), ("Home", 0), ("ArrowRight", 1)):
            page.keyboard.press(key)
            page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {want}")
            page.wait_for_function(f"document.querySelector('#moves li.current')?.dataset.ply === '{want}'")
        for action, want in (("last", session.total), ("prev", session.total - 1), ("first", 0), ("next", 1)):
            box = page.locator(f'[data-action="{action}"]').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {want}")
        check_rows(rows(page), session)
        wasm = page.evaluate(M.WASM_BYTES)
        assert 0 < wasm < 100 * 2**20, wasm
    finally:
        ctx.close()
