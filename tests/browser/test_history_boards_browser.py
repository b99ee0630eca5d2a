"""A tournament's history in Chromium (issue 27, item 5: "any ply of its
history shows in ≤ 100 ms"): the board of a table is drawn once and kept
aside while another table or the overview is shown (``PlayView.lay``,
``PlayView.boards_ahead``); a step back to that table lays the new position
over the same nodes. Whatever the order of the steps, the board shown is the
board drawn from scratch for that position (the play screen drawn anew and
compared node by node), and its nodes are those of the last drawing of the
same table. Entries of the move list are clicked with the real pointer."""

from __future__ import annotations

import random

import pytest

from harness import board_dom, open_app
from plateau.core.record import Record, encode
from tournaments import random_tournament
from plateau.web.session import Session


def tournament() -> Record:
    """A whole 6-participant tournament (two tables) played by random participants."""
    return random_tournament(6, 21)


def board_of(state) -> str:
    """Which drawing the page shows at ``state``: a table's map, or the overview."""
    if state.stage == "play" and state.current is not None and state.win is None:
        return state.tables[state.current].map_id
    return "overview"


@pytest.fixture(scope="module")
def record():
    return tournament()


# The entry of ``ply`` brought into the list's view (a long list holds only the entries in view),
# and the middle of its box.
ENTRY_JS = """async (ply) => {
  const ol = document.querySelector('#moves');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  let li = ol.querySelector(`li[data-ply="${ply}"]`);
  if (!li && ol.classList.contains('virtual')) {
    const row = ol.scrollHeight / (+ol.getAttribute('data-total') + 1);
    ol.scrollTop = ply * row - ol.clientHeight / 2;
    for (let i = 0; i < 5 && !li; i++) { await frame(); li = ol.querySelector(`li[data-ply="${ply}"]`); }
  }
  li.scrollIntoView({block: 'center'});
  await frame();
  const r = li.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""

# The board's root after a step: which board it says it is, and whether it is the node last shown
# for that board (kept aside meanwhile)
SEEN_JS = """() => {
  const svg = document.querySelector('#board > svg');
  const key = svg.getAttribute('data-board');
  const seen = (window.__seen = window.__seen || {});
  const same = seen[key] === svg;
  seen[key] = svg;
  return {key, same, roots: document.querySelectorAll('#board > *').length};
}"""


def step(page, ply: int) -> dict:
    p = page.evaluate(ENTRY_JS, ply)
    page.mouse.click(p["x"], p["y"])
    page.wait_for_selector(f'#board[data-ply="{ply}"] > svg')
    return page.evaluate(SEEN_JS)


def drawn_from_scratch(page) -> list[str]:
    """The board of the position shown, drawn anew into a new, empty board (the language switched
    there and back draws the whole play screen again)."""
    version = page.get_attribute("#board", "data-version")
    page.click('[data-testid="lang"]')
    page.click('[data-testid="lang"]')
    page.wait_for_function("v => document.querySelector('#board').getAttribute('data-version') !== v", arg=version)
    page.evaluate("() => { window.__seen = {}; }")  # a new screen: its boards are drawn anew
    return board_dom(page)


def test_steps_between_tables_reuse_each_tables_drawing_and_show_the_fresh_board(page, base_url, record):
    page.set_viewport_size({"width": 1440, "height": 900})
    s = Session(Record(record.game, dict(record.options), record.seed, list(record.players), list(record.moves)))
    plies: dict[str, list[int]] = {}
    for ply in range(s.total + 1):
        plies.setdefault(board_of(s.state_at(ply)), []).append(ply)
    tables = [k for k in plies if k != "overview"]
    assert len(tables) >= 2 and "overview" in plies, sorted(plies)
    open_app(page, base_url, "index.html?lang=fr#g=" + encode(record))
    page.wait_for_selector("#moves li.current")
    page.wait_for_selector("html[data-idle-done]", state="attached", timeout=60_000)
    rnd = random.Random(4)
    # table A, table B, the overview, back to A, B…: each board left and come back to
    order = [tables[0], tables[1], "overview", tables[0], tables[1], tables[0], "overview", tables[1]]
    compared = 0
    for round_ in range(2):
        back = set()
        for k, key in enumerate(order):
            ply = rnd.choice(plies[key])
            got = step(page, ply)
            assert got["key"] == key and got["roots"] == 1, (ply, got)
            if key in back:  # the same nodes as when this board was last shown, the new position on them
                assert got["same"], f"ply {ply}: board {key} drawn anew, not laid over its last drawing"
            back.add(key)
            if k in (3, 5, 7):
                shown = board_dom(page)
                assert shown == drawn_from_scratch(page), f"ply {ply} ({key})"
                compared += 1
                back = set()
    assert compared == 6


# Each markup the board's update parses (morph's template), noted: whether it holds a printed map
PARSED_JS = """() => {
  const d = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  window.__parsed = [];
  Object.defineProperty(HTMLTemplateElement.prototype, 'innerHTML', {configurable: true,
    get() { return d.get.call(this); },
    set(v) { window.__parsed.push(v.includes('class="sw-map"')); d.set.call(this, v); }});
}"""


def test_boards_drawn_ahead_are_used_at_the_first_step_to_them(page, base_url, record):
    """The page's idle time draws the other tables' boards and puts them aside: the first step to
    each table lays its position over that drawing (its printed map is not parsed again), and the
    board shown is the one drawn from scratch."""
    page.set_viewport_size({"width": 1440, "height": 900})
    s = Session(Record(record.game, dict(record.options), record.seed, list(record.players), list(record.moves)))
    first: dict[str, int] = {}
    for ply in range(s.total + 1):
        first.setdefault(board_of(s.state_at(ply)), ply)
    open_app(page, base_url, "index.html?lang=fr#g=" + encode(record))
    page.wait_for_selector("html[data-idle-done]", state="attached", timeout=60_000)
    assert page.evaluate("() => document.querySelector('#board > svg').getAttribute('data-board')") == "overview"
    page.evaluate(PARSED_JS)
    tables = [k for k in first if k != "overview"]
    assert len(tables) >= 2
    for key in tables:
        page.evaluate("() => { window.__parsed = []; }")
        got = step(page, first[key])
        assert got["key"] == key
        parsed = page.evaluate("() => window.__parsed")
        assert not any(parsed), f"table {key}: its printed map parsed at the first step to it"
    shown = board_dom(page)
    assert shown == drawn_from_scratch(page)
