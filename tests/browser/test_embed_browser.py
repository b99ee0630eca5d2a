"""Embedded boards keep the promises of the embed dialog (issue 26, item 5).

* A view-only embed shows public information only; a playable embed of a game
  with hidden information is a table where whoever says "I am …" sees that
  player's hand: the dialog says which one the code makes, and makes the
  public one unless told otherwise.
* A snippet or a link made on the tournament's overview opens on the overview
  (``show=overview``), also when the device waits for a player to say who they are.
* The frame fits what it shows: the snippet's height is the embedded page's at
  640 px (its script keeps it so), and the overview at 640 px shows every table
  and the standings in legible text.
"""

from __future__ import annotations

import random

from harness import open_app, reveal_if_needed
from plateau.core.record import Record, encode
from plateau.core.registry import get_game
from plateau.web.session import Session

SMALLEST_TEXT = """() => {
  let least = Infinity;
  for (const t of document.querySelectorAll('#board svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const m = t.getScreenCTM();
    least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return least;
}"""


def _session(gid: str, players: list[str], plies: int, seed: int = 4) -> Session:
    g = get_game(gid)
    s = Session(Record(gid, g.full_options({}), seed, players, []))
    rnd = random.Random(1)
    while s.total < plies:
        s.play(rnd.choice(s.legal()))
    return s


def _tournament() -> Session:
    """A default Arkhanis tournament a few moves into its first turn's play."""
    s = _session("arkhanis", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], 0)
    rnd = random.Random(1)
    while s.state.stage != "play":
        s.play(rnd.choice(s.legal()))
    for _ in range(4):
        s.play(rnd.choice(s.legal()))
    assert s.state.stage == "play" and s.hidden
    return s


def _snippet(page) -> str:
    page.click('[data-action="embed"]')
    return page.input_value("#embed-code")


def _src(code: str) -> str:
    return code.split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")


def test_the_embed_dialog_says_what_the_frame_does(page, base_url):
    """Armadora hides the gold's values: the code starts view-only and says
    the board shows public information only (true: no pass screen, no "I am");
    unticked, it says the frame is a playable table where whoever says "I am
    Bob" sees Bob's values, and the frame says so on its pass screen."""
    s = _session("armadora", ["Ann", "Bob"], 6)
    open_app(page, base_url, "#g=" + encode(s.snapshot()))
    reveal_if_needed(page)
    code = _snippet(page)
    assert page.is_checked("#embed-view")
    assert "?embed=view&lang=fr#g=" in _src(code)
    note = page.inner_text("#embed-note")
    assert "Lecture seule" in note and "informations publiques" in note
    page.uncheck("#embed-view")
    playable = page.input_value("#embed-code")
    assert "?embed&lang=fr#g=" in _src(playable)
    note = page.inner_text("#embed-note")
    assert "Table de jeu" in note and "Je suis" in note
    page.click('#dialog [data-action="close"]')
    # what each frame does
    page.goto(_src(code))
    page.wait_for_selector("#board svg", timeout=90_000)
    assert page.locator("#pass-screen").count() == 0
    assert page.locator('[data-action="reveal"]').count() == 0
    page.goto(_src(playable))
    page.reload()
    page.wait_for_selector("#pass-screen", timeout=90_000)
    assert "Je suis" in page.inner_text("#pass-screen")
    assert "Table de jeu intégrée" in page.inner_text("#pass-screen")


def test_overview_links_and_snippets_open_on_the_overview(page, base_url, browser):
    """A share link or a playable embed made on the tournament's overview
    opens on the overview, public, even though the device waits for the next
    player ("I am Eve" beside it goes to the board)."""
    s = _tournament()
    who = s.record.players[s.state.to_play]
    link = encode(s.snapshot())
    open_app(page, base_url, "?show=overview#g=" + link)
    page.wait_for_selector('#board[data-view="overview"] svg.arkhanis', timeout=60_000)
    assert page.locator("#pass-screen").count() == 0
    assert page.locator('#views [data-view="overview"][aria-selected="true"]').count() == 1
    assert who in page.inner_text("#tray")
    # the board tab asks for the player first; "I am" plays on the board
    page.click('#views [data-view="board"]')
    page.wait_for_selector("#pass-screen")
    page.goto(base_url + "?show=overview#g=" + link)
    page.reload()
    page.wait_for_selector('#board[data-view="overview"] svg.arkhanis', timeout=60_000)
    page.click('#tray [data-action="reveal"]')
    page.wait_for_selector('#board[data-view=""] svg')
    page.click('#views [data-view="overview"]')
    page.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
    code = _snippet(page)
    page.uncheck("#embed-view")
    src = _src(page.input_value("#embed-code"))
    assert "?embed&show=overview&lang=fr#g=" in src, src
    other = browser.new_page()
    other.goto(src)
    other.wait_for_selector('#board[data-view="overview"] svg.arkhanis', timeout=60_000)
    assert other.locator("#pass-screen").count() == 0
    assert who in other.inner_text("#tray")
    other.close()
    assert "?embed=view&show=overview&lang=fr#g=" in _src(code)


def _host(site_dir, name: str, code: str) -> None:
    (site_dir / name).write_text(f"<!doctype html><meta charset=utf-8><title>club</title>"
                                 f"<body style='margin:0'><main style='width:640px'>{code}</main>", encoding="utf-8")


def _frame_fit(browser, base_url, site_dir, name, code):
    """The frame's height on the host page, the embedded page's own height,
    and the smallest board text in the frame."""
    _host(site_dir, name, code)
    ctx = browser.new_context(viewport={"width": 800, "height": 900}, service_workers="block")
    host = ctx.new_page()
    host.goto(base_url + name)
    # while the frame's page replaces its first blank one, it has no root yet
    host.wait_for_function("() => !!document.querySelector('iframe')?.contentWindow?.document"
                           "?.documentElement?.hasAttribute('data-ready')", timeout=90_000)
    inner = next(f for f in host.frames if f.url.startswith(base_url) and "embed" in f.url)
    inner.wait_for_selector("#board svg")
    host.wait_for_timeout(300)  # the frame's height message, a frame after the board is drawn
    frame_h = host.evaluate("document.querySelector('iframe').getBoundingClientRect().height")
    content_h = inner.evaluate("document.getElementById('app').getBoundingClientRect().height")
    least = inner.evaluate(SMALLEST_TEXT)
    rows = inner.evaluate("[...document.querySelectorAll('#scores tr')].map(r => r.getBoundingClientRect().bottom)")
    ctx.close()
    return frame_h, content_h, least, rows


def test_the_frame_fits_what_it_shows(page, base_url, site_dir, browser):
    """At 640 px the frame holds the whole embedded page, no more than a
    little beyond it: every table of the overview and the last standings row
    are inside, in text of 11 px or more; the height the snippet starts with
    is already close (within 15 %) before the board reports its own."""
    s = _tournament()
    open_app(page, base_url, "?show=overview#g=" + encode(s.snapshot()))
    page.wait_for_selector('#board[data-view="overview"] svg.arkhanis', timeout=60_000)
    code = _snippet(page)
    first = int(code.split('height="', 1)[1].split('"', 1)[0])
    frame_h, content_h, least, rows = _frame_fit(browser, base_url, site_dir, "club-overview.html", code)
    print("overview at 640 px: snippet", first, "frame", frame_h, "page", content_h, "smallest text", least)
    assert content_h - 2 <= frame_h <= content_h + 40, (frame_h, content_h)
    assert rows and max(rows) <= frame_h
    assert least >= 11, least
    assert abs(first - content_h) <= 0.15 * content_h, (first, content_h)
    # without its script, the frame keeps the first height: still close
    bare = code.split("<script>", 1)[0]
    frame_h, content_h, _, _ = _frame_fit(browser, base_url, site_dir, "club-bare.html", bare)
    assert frame_h == first and abs(first - content_h) <= 0.15 * content_h, (first, content_h)
    # a board (Small World, mid-game): the same
    sw = _session("smallworld", ["Ann", "Bob", "Cy"], 12)
    page.goto(base_url + "#g=" + encode(sw.snapshot()))
    page.reload()
    page.wait_for_selector("#board", timeout=60_000)
    reveal_if_needed(page)
    page.wait_for_selector("#board svg")
    code = _snippet(page)
    first = int(code.split('height="', 1)[1].split('"', 1)[0])
    frame_h, content_h, _, _ = _frame_fit(browser, base_url, site_dir, "club-sw.html", code)
    print("small world board at 640 px: snippet", first, "frame", frame_h, "page", content_h)
    assert content_h - 2 <= frame_h <= content_h + 40, (frame_h, content_h)
    assert abs(first - content_h) <= 0.15 * content_h, (first, content_h)
