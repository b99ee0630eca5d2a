"""A large map on a 375×667 touch phone opens at the zoom its text needs
(web/play.py ``fit_zoom``), in a window of the screen; the window opens on
what matters to the device's players (``pan_to_focus``): the things they may
click; else the regions where their pieces stand (``Game.home_regions``);
else the middle of the map, never a corner. One rule for a Small World game
and for a tournament's tables (a table's device showing its own table while
another table is asked first is the second or third case)."""

from __future__ import annotations

import random

from harness import open_link, pointer_click
from plateau.core.game import SEATS_OPTION
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.session import Session

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
         "service_workers": "block"}

# The board's window and where it would be centred on the regions asked for (all of the map's when none),
# both in the board's scroll coordinates, each clamped to what the board can scroll.
WINDOW = """(regions) => {
  const b = document.querySelector('#board'), f = b.getBoundingClientRect();
  const sel = regions.length ? regions.map((r) => `[data-region="${r}"]`).join(',') : '[data-region]';
  const rs = [...b.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const x0 = Math.min(...rs.map((r) => r.left)), x1 = Math.max(...rs.map((r) => r.right));
  const y0 = Math.min(...rs.map((r) => r.top)), y1 = Math.max(...rs.map((r) => r.bottom));
  const clamp = (v, hi) => Math.max(0, Math.min(hi, v));
  return {zoomed: b.classList.contains('zoomed'), scroll: [b.scrollLeft, b.scrollTop],
          want: [clamp(b.scrollLeft + (x0 + x1) / 2 - f.left - b.clientWidth / 2, b.scrollWidth - b.clientWidth),
                 clamp(b.scrollTop + (y0 + y1) / 2 - f.top - b.clientHeight / 2, b.scrollHeight - b.clientHeight)],
          seen: rs.filter((r) => r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom).length};
}"""


def check_centred(page, regions: list[int]) -> dict:
    got = page.evaluate(WINDOW, regions)
    assert got["zoomed"], got  # the map needs the legibility zoom on a phone: it scrolls in its window
    assert got["seen"] > 0, got
    assert abs(got["scroll"][0] - got["want"][0]) <= 2 and abs(got["scroll"][1] - got["want"][1]) <= 2, got
    return got


def test_a_small_world_game_opens_on_the_players_own_regions(browser, base_url):
    """Ann plays against the computer (Bob); the game is over, nothing is to be clicked: Ann's phone opens
    on the regions where her races stand, not on a corner of the map."""
    g = get_game("smallworld")
    s = Session(Record("smallworld", {**g.full_options({}), SEATS_OPTION: "1:normal"}, 3, ["Ann", "Bob"], []))
    rnd = random.Random(3)
    while not s.state.is_over():
        ms = s.legal()
        ends = [m for m in ms if m.text in ("done", "end", "nopeace", "pass")]
        s.play(ends[0] if ends and rnd.random() < 0.4 else rnd.choice(ms))
    ann = g.home_regions(s.state, "", [0])
    assert ann and ann != g.home_regions(s.state, "", [0, 1])
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_link(page, base_url, s, touch=True)
    page.wait_for_function("document.querySelector('#board').classList.contains('zoomed')")
    check_centred(page, ann)
    ctx.close()


def test_another_tables_board_opens_on_the_middle_of_its_map(browser, base_url):
    """A tournament of six at two tables, turn 2: the phone of the participant asked first shows his table;
    a tap on the other table's tab shows that table's map from its middle (nobody of this device sits
    there), and back on his own table the window goes to what he may click."""
    g = get_game("arkhanis")
    s = Session(Record("arkhanis", g.full_options({}), 11, ["Frodo", "Sam", "Merry", "Pippin", "Aragorn", "Gimli"],
                       []))
    rnd = random.Random(2)
    while s.state.turn < 2 or s.state.stage != "play":
        ms = s.legal()
        ends = [m for m in ms if m.text in ("done", "end", "nopeace", "pass")
                or m.text.startswith("bid:") and m.text.endswith(":0")]
        s.play(ends[0] if ends and rnd.random() < 0.5 else rnd.choice(ms))
    other = next(v for v, _ in g.views(s.state, "fr")[1:] if v.startswith("table"))
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_link(page, base_url, s, touch=True)
    pointer_click(page, f'#views [data-view="{other}"]', touch=True)
    page.wait_for_function(f"document.querySelector('#board').dataset.view === {other!r}")
    check_centred(page, [])
    pointer_click(page, '#views [data-view="board"]', touch=True)
    page.wait_for_function("document.querySelector('#board').dataset.view === ''")
    assert page.locator("#board .target").count() > 0
    ctx.close()
