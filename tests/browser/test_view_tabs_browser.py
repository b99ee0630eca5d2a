"""A tournament of six tables on a 375×667 touch phone: the view tabs (the
table playing, the five other tables, the overview) hold one row, which the
finger scrolls sideways; every tab can be brought into view by a swipe and
tapped, and shows its view. Each tab keeps its whole label."""

from __future__ import annotations

import pytest

from harness import open_link
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.session import Session

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
         "service_workers": "block"}

TABS = """() => {
  const row = document.querySelector('#views');
  const box = row.getBoundingClientRect();
  return {row: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          tabs: [...row.querySelectorAll('.view-tab')].map((b) => {
            const r = b.getBoundingClientRect();
            return {view: b.dataset.view, label: b.textContent, on: b.getAttribute('aria-selected') === 'true',
                    left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    cut: b.scrollWidth > b.clientWidth + 1};
          })};
}"""


@pytest.fixture(scope="module")
def six_tables():
    """24 participants at six tables, turn 1 being played (the auction over)."""
    g = get_game("arkhanis")
    s = Session(Record("arkhanis", g.full_options({}), 5, [f"P{i}" for i in range(24)], []))
    while s.state.stage == "auction":
        s.play(next(m for m in s.legal() if m.text.startswith("bid:") and m.text.endswith(":0")))
    assert s.state.stage == "play" and len(s.state.tables) == 6
    return s


def swipe(page, cdp, x: float, y: float, dx: float) -> None:
    """A finger put down at (x, y), dragged ``dx`` pixels sideways in ten steps, and lifted (the browser's
    own touch input: the row scrolls as under a finger)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * k / 10, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)


def test_six_tables_tabs_hold_one_row_each_reachable_by_a_swipe_and_a_tap(browser, base_url, six_tables):
    s = six_tables
    views = s.game.views(s.state, "fr")
    assert len(views) == 7
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_link(page, base_url, s, touch=True)
    page.wait_for_selector("#views .view-tab")
    page.locator("#views").scroll_into_view_if_needed()
    got = page.evaluate(TABS)
    row = got["row"]
    assert [(t["view"], t["label"]) for t in got["tabs"]] == [(v or "board", label) for v, label in views]
    assert not any(t["cut"] for t in got["tabs"])  # each label whole
    assert len({round(t["top"]) for t in got["tabs"]}) == 1  # one row
    assert row["bottom"] - row["top"] < 2 * (got["tabs"][0]["bottom"] - got["tabs"][0]["top"])
    assert got["tabs"][-1]["right"] > row["right"]  # seven tabs do not fit a phone's width: the row scrolls
    cdp = ctx.new_cdp_session(page)
    mid_y = (row["top"] + row["bottom"]) / 2
    order = list(range(1, len(views))) + [0]  # every other view, then back to the table playing
    for i in order:
        vid = views[i][0] or "board"
        for _ in range(12):  # swipe towards the tab until the whole of it is in the row
            tab = page.evaluate(TABS)["tabs"][i]
            if tab["left"] >= row["left"] - 1 and tab["right"] <= row["right"] + 1:
                break
            swipe(page, cdp, (row["left"] + row["right"]) / 2, mid_y,
                  -120 if tab["right"] > row["right"] else 120)
        else:
            raise AssertionError(f"the tab {vid} could not be swiped into view: {tab}")
        page.touchscreen.tap((tab["left"] + tab["right"]) / 2, (tab["top"] + tab["bottom"]) / 2)
        page.wait_for_function(f"document.querySelector('#board').dataset.view === {views[i][0]!r}")
        now = page.evaluate(TABS)
        assert [t["view"] for t in now["tabs"] if t["on"]] == [vid]
        on = next(t for t in now["tabs"] if t["on"])
        assert on["left"] >= row["left"] - 1 and on["right"] <= row["right"] + 1  # the tab shown stays in the row
    ctx.close()
