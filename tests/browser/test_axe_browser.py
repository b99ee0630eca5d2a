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

from pathlib import Path

import pytest
from harness import READY, open_app
from legible import POSITIONS, position

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
def device(request, browser):
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


def test_the_home_page_and_the_new_game_forms(device, base_url):
    name, page = device
    open_app(page, base_url, clear=True)
    assert violations(page, "home", name) == []
    for gid in ("thud", "arkhanis"):  # a plain form, and the tournament's own
        page.click(f'[data-game="{gid}"] [data-action="new"]')
        page.wait_for_selector("#new-game, .setup, form")
        assert violations(page, f"new {gid}", name) == []
        page.click("header.top .brand")
        page.wait_for_selector('[data-game="thud"]')


@pytest.mark.parametrize("gid", list(POSITIONS))
def test_each_games_pass_screen_and_play_screen(device, base_url, gid):
    name, page = device
    page.goto("about:blank")
    page.goto(base_url + position(gid))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        assert violations(page, f"pass {gid}", name) == []
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg")
    assert violations(page, f"play {gid}", name) == []


def test_the_rules_dialogs_and_club_screens(device, base_url):
    name, page = device
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


@pytest.mark.parametrize("gid", ["troy", "armadora"])
def test_every_rules_page(device, base_url, gid):
    """The rules pages of games with diagrams and tables of their own."""
    name, page = device
    open_app(page, base_url, clear=True)
    page.click(f'[data-game="{gid}"] [data-action="rules"]')
    page.wait_for_selector("article.rules h1")
    assert violations(page, f"rules {gid}", name) == []
