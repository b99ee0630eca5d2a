"""The smallest text on each game's board as a phone shows it (issue 26,
item 7): positions, and the measure in the page. Used by the browser tests
and by ``bench/browser.py legible``."""

from __future__ import annotations

import random

from plateau.core.record import Record, encode
from plateau.core.registry import get_game
from plateau.web.session import Session

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
         "service_workers": "block"}

# game -> (players, plies played at random): a position in play, tokens and pieces on the board
POSITIONS = {"thud": (2, 10), "armadora": (3, 10), "troy": (3, 10), "thorval": (3, 12), "smallworld": (3, 14),
             "arkhanis": (6, 20)}

# Every text drawn on the board, its size on the screen in CSS px (font size
# times the drawing's scale): [size, text], smallest first.
BOARD_TEXTS = """() => {
  const out = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || !r.height || t.closest('[aria-hidden="true"]')) continue;
    const m = t.getScreenCTM();
    out.push([parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent.slice(0, 24)]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}"""


def position(gid: str, seed: int = 4) -> str:
    """The link fragment (``#g=…``) of a position in play of ``gid``."""
    n, plies = POSITIONS[gid]
    g = get_game(gid)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
    s = Session(Record(gid, g.full_options({}), seed, names, []))
    rnd = random.Random(1)
    while s.total < plies and not s.state.is_over():
        s.play(rnd.choice(s.legal()))
    return "#g=" + encode(s.snapshot())


def open_position(page, base_url: str, gid: str) -> None:
    """Open the position of ``gid`` (a fresh page load), past its pass screen."""
    page.goto("about:blank")
    page.goto(base_url + position(gid))
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg")


def smallest(page) -> tuple[float, str]:
    texts = page.evaluate(BOARD_TEXTS)
    return (texts[0][0], texts[0][1]) if texts else (float("inf"), "")
