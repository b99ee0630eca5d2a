"""Every screen of every game fits a phone (375×667) and a desktop
(1440×900): no horizontal scrolling, whose turn it is and the board visible
without scrolling. With PLATEAU_SHOTS=<dir> the screenshots are kept there,
to be looked at."""

from __future__ import annotations

import os

import pytest

from harness import open_app, pointer_click, start_game

SIZES = {"phone": (375, 667), "desktop": (1440, 900), "laptop": (1280, 800), "laptop-wide": (1366, 768)}
GAMES = ["thud", "armadora", "troy", "thorval", "smallworld"]


def shot(page, name: str) -> None:
    where = os.environ.get("PLATEAU_SHOTS")
    if where:
        page.screenshot(path=os.path.join(where, name + ".png"))


def no_horizontal_scroll(page, where: str) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"{where}: the page is {sw} px wide in a {iw} px window"


def in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const e = document.querySelector(sel); if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 && r.height > 0; }""",
                         selector)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen_fits(browser, base_url, size):
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, service_workers="block",
                              has_touch=size == "phone", is_mobile=size == "phone")
    page = ctx.new_page()
    try:
        open_app(page, base_url, clear=True)
        no_horizontal_scroll(page, f"{size} home")
        shot(page, f"{size}-home")
        for gid in GAMES:
            page.click(f'[data-game="{gid}"] [data-action="new"]')
            page.wait_for_selector("#new-game")
            no_horizontal_scroll(page, f"{size} {gid} new game")
            shot(page, f"{size}-{gid}-new")
            page.click('#new-game button[type="submit"]')
            page.wait_for_selector("#board")
            no_horizontal_scroll(page, f"{size} {gid} play")
            if page.locator("#pass-screen").count():
                assert in_view(page, '[data-action="reveal"]'), f"{size} {gid}: the pass button is off screen"
                page.click('[data-action="reveal"]')
            shot(page, f"{size}-{gid}-play")
            assert in_view(page, "#status"), f"{size} {gid}: whose turn it is is off screen"
            if size == "phone" and gid != "thud":  # the board's panel is text in the page, readable
                assert page.locator("#board-panel li").count() > 0, f"{gid}: no panel text on a phone"
                small = page.evaluate("""() => Math.min(...[...document.querySelectorAll('#board-panel li')]
                    .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
                assert small >= 11
            if size.startswith("laptop"):  # board, turn and the choices of the turn in one view
                assert in_view(page, "#board svg"), f"{size} {gid}: the board does not fit"
                if page.locator("#tray button").count():
                    assert in_view(page, "#tray button"), f"{size} {gid}: the choices are below the fold"
            if page.locator('[data-action="menu"]').is_visible():  # phone: the tools are behind the menu
                page.click('[data-action="menu"]')
            page.click('[data-action="rules"]')
            page.wait_for_selector("article.rules")
            no_horizontal_scroll(page, f"{size} {gid} rules")
            shot(page, f"{size}-{gid}-rules")
            page.click(".brand")
            page.wait_for_selector('[data-game="thud"]')
    finally:
        ctx.close()


def test_a_tool_chosen_from_the_phones_menu_folds_it(browser, base_url):
    """On a phone the tools are behind ☰; once one is chosen (here Share, by
    touch), the menu folds again instead of covering the board for the rest of
    the game."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block")
    page = ctx.new_page()
    try:
        open_app(page, base_url, clear=True)
        start_game(page, "thud")
        header = page.locator("header.top")
        pointer_click(page, '[data-action="menu"]', touch=True)
        assert "open" in header.get_attribute("class").split()
        assert page.get_attribute('[data-action="menu"]', "aria-expanded") == "true"
        pointer_click(page, '[data-action="share"]', touch=True)
        page.wait_for_selector("#share-url")
        pointer_click(page, '#dialog [data-action="close"]', touch=True)
        assert "open" not in header.get_attribute("class").split()
        assert page.get_attribute('[data-action="menu"]', "aria-expanded") == "false"
        assert not page.locator('[data-action="share"]').is_visible()
        pointer_click(page, '[data-action="menu"]', touch=True)  # and it opens again
        assert page.locator('[data-action="share"]').is_visible()
    finally:
        ctx.close()
