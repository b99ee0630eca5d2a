"""Every screen checked by axe-core (issue 42, item 4): the home page, the
new-game forms, each game's play screen and pass screen, the rules pages,
the share and embed dialogs, the result, club mode's form and pairing
screens and the tournament's overview, on a desktop (1440×900) and a phone
(375×667, touch). No violation of impact "serious" or "critical" may
remain; the others (landmarks, headings: "moderate" or "minor") are
printed, counted, and left to the closing note.

axe-core is a pinned test dependency (``package.json``), read from
``node_modules`` and run inside the page, as the accessibility checkers
built on it do."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from harness import READY, current_record, mirror, one_move_from_the_end, open_app, pointer_click, start_game
from legible import POSITIONS, position

from plateau.core.game import PUBLIC
from plateau.core.record import Record, encode
from plateau.core.registry import get_game
from plateau.web.session import Session

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
RUN = """async (tags) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                 nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 4)}));
}"""
SERIOUS = ("serious", "critical")

DESKTOP = {"viewport": {"width": 1440, "height": 900}, "service_workers": "block"}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True, "service_workers": "block"}

#: every screen checked, per device: (device, screen) -> the violations' ids and impacts
SEEN: dict = {}


def violations(page, screen: str, device: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # through DevTools: the site's CSP allows no inline script
    found = page.evaluate(RUN, TAGS)
    SEEN[(device, screen)] = [(v["id"], v["impact"]) for v in found]
    print(f"{device} {screen}: " + (", ".join(f"{v['id']} ({v['impact']})" for v in found) or "none"))
    return [f"{v['id']} ({v['impact']}): {v['help']} — {v['nodes']}" for v in found if v["impact"] in SERIOUS]


@pytest.fixture(scope="module", params=["desktop", "phone"])
def seen_on(request, browser):
    ctx = browser.new_context(**(DESKTOP if request.param == "desktop" else PHONE))
    page = ctx.new_page()
    yield request.param, page
    ctx.close()


def _tool(page, action: str) -> None:
    """A tool of the top bar, through the phone's menu when it folds them."""
    menu = page.locator('[data-action="menu"]')
    if menu.count() and menu.is_visible():
        menu.click()
    page.click(f'[data-action="{action}"]')


def test_the_home_page_and_the_new_game_forms(seen_on, base_url):
    name, page = seen_on
    open_app(page, base_url, clear=True)
    assert violations(page, "home", name) == []
    for gid in ("thud", "arkhanis"):  # a plain form, and the tournament's own
        page.click(f'[data-game="{gid}"] [data-action="new"]')
        page.wait_for_selector("#new-game, .setup, form")
        assert violations(page, f"new {gid}", name) == []
        page.click("header.top .brand")
        page.wait_for_selector('[data-game="thud"]')


@pytest.mark.parametrize("gid", list(POSITIONS))
def test_each_games_pass_screen_and_play_screen(seen_on, base_url, gid):
    name, page = seen_on
    page.goto("about:blank")
    page.goto(base_url + position(gid))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        assert violations(page, f"pass {gid}", name) == []
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg")
    assert violations(page, f"play {gid}", name) == []


def test_the_rules_dialogs_and_club_screens(seen_on, base_url):
    name, page = seen_on
    open_app(page, base_url, clear=True)
    page.click('[data-game="thud"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    for action in ("share", "embed"):
        _tool(page, action)
        page.wait_for_selector("dialog#dialog[open]")
        assert violations(page, f"{action} dialog", name) == []
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog#dialog", state="detached")
    _tool(page, "rules")
    page.wait_for_selector("article.rules svg")
    assert violations(page, "rules thud", name) == []
    page.go_back()
    page.wait_for_selector("#board svg")
    page.click("#club summary")
    assert violations(page, "club form", name) == []
    page.click('[data-action="club-start"]')
    page.locator('[data-action="club-code"]').first.click()
    page.locator(".club-qr svg").first.wait_for()
    assert violations(page, "club host's code", name) == []
    link = page.locator("[data-offer]").first.input_value()
    guest = page.context.new_page()
    guest.goto(link)
    guest.wait_for_selector(READY, state="attached", timeout=90_000)
    guest.locator("#club-join .club-qr svg").wait_for()
    assert violations(guest, "club guest's answer", name) == []
    guest.close()


def _a_seat_to_choose() -> Session:
    """A tournament where a participant who declined chooses a free seat (every free seat a target)."""
    rnd = random.Random(2)
    g = get_game("arkhanis")
    s = Session(Record("arkhanis", g.full_options({}), 5, ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo"], []))
    while s.state.stage != "move":
        legal = s.legal()
        s.play(next((m for m in legal if m.text == "decline"), None) or rnd.choice(legal))
    return s


def test_the_result_dialog_and_a_tournaments_seat_choice(seen_on, base_url):
    name, page = seen_on
    s, last = one_move_from_the_end()
    page.goto("about:blank")
    page.goto(base_url + "#g=" + encode(s.record))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg")
    for t in last.path:
        if page.locator("dialog#dialog[open]").count():
            break
        _pointer_choose(page, t)
    page.wait_for_selector("dialog#dialog[open] [data-action='rematch']")
    assert violations(page, "result", name) == []
    seat = _a_seat_to_choose()
    page.goto("about:blank")
    page.goto(base_url + "#g=" + encode(seat.record))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg .target")
    assert violations(page, "tournament seat choice", name) == []


@pytest.mark.parametrize("gid", ["troy", "armadora"])
def test_every_rules_page(seen_on, base_url, gid):
    """The rules pages of games with diagrams and tables of their own."""
    name, page = seen_on
    open_app(page, base_url, clear=True)
    page.click(f'[data-game="{gid}"] [data-action="rules"]')
    page.wait_for_selector("article.rules h1")
    assert violations(page, f"rules {gid}", name) == []


# -- what just happened, said to a screen reader (issue 42, item 2) ------------------------
def _pointer_choose(page, target: str) -> None:
    """Choose ``target`` with the real pointer: on the board, else in the tray of choices."""
    on_board = f'#board .target[data-target="{target}"]'
    pointer_click(page, on_board if page.locator(on_board).count() else f'#tray [data-target="{target}"]')


def test_the_move_just_played_is_announced_with_what_the_room_may_see(page, base_url):
    """Armadora in hot-seat: a warrior placed is said in the live region as
    the public sees it (the device passes to the other player next), never
    with its value, which its player's own words would give."""
    open_app(page, base_url, clear=True)
    start_game(page, "armadora", ["Ann", "Bob"], seed=3)
    if page.locator("#pass-screen").count():
        pointer_click(page, '[data-action="reveal"]')
    for _ in range(6):  # the first turns place no warrior yet: a move of each, with the real pointer
        if page.locator("#pass-screen").count():
            pointer_click(page, '[data-action="reveal"]')
        s = mirror(page)
        players, mover = list(s.record.players), s.decider()
        secret = [m for m in s.legal() if s.game.move_line(s.state, m.text, players, mover, "fr")
                  != s.game.move_line(s.state, m.text, players, PUBLIC, "fr")]
        move = secret[0] if secret else s.legal()[0]
        before = s.total
        for t in move.path:
            if page.locator("#pass-screen").count() or int(page.get_attribute("#board", "data-ply") or -1) != before:
                break
            _pointer_choose(page, t)
        page.wait_for_function(f"document.querySelector('#pass-screen') || "
                               f"+document.querySelector('#board').dataset.ply === {before + 1}")
        if secret:
            break
    assert secret, "no warrior placed in six moves"
    own = s.game.move_line(s.state, move.text, players, mover, "fr")
    public = s.game.move_line(s.state, move.text, players, PUBLIC, "fr")
    page.wait_for_selector("#pass-screen")
    said = page.text_content("#announce")
    assert said == public and said != own
    assert page.get_attribute("#announce", "aria-live") == "polite"


def test_a_move_typed_as_text_is_played_or_refused_with_a_sentence(page, base_url):
    """Thud, played without the board: a move that is not allowed is refused
    with a sentence (and nothing is played), then the same move in the
    board's words and in the record's notation is played, and said."""
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=1)
    pointer_click(page, "#typed-move")
    page.keyboard.type("Nain F1 → K10")
    page.keyboard.press("Enter")
    page.wait_for_selector(".msg.error")
    assert "Nain F1 → K10" in page.inner_text(".msg.error")
    assert page.get_attribute("#board", "data-ply") == "0"
    pointer_click(page, "#typed-move")
    page.fill("#typed-move", "")
    page.keyboard.type("nain f1 → f3")
    page.keyboard.press("Enter")
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 1")
    assert "Nain F1 → F3" in page.text_content("#announce")
    assert current_record(page).moves == ["dF1-F3"]
    pointer_click(page, "#typed-move")
    s = mirror(page)
    answer = s.legal()[0].text  # the trolls answer in the record's notation
    page.keyboard.type(answer.upper())
    page.keyboard.press("Enter")
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 2")
    assert current_record(page).moves == ["dF1-F3", answer]
