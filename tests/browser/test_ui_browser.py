"""What players expect of the page itself: Back stays inside Plateau, dialogs
are modal (Escape closes, focus returns), a game ends on a result dialog with
a rematch, a link can be saved without playing, the keyboard starts on the
board and arrows move between its targets, rules pages have contents."""

from __future__ import annotations


from harness import board_ply, current_record, one_move_from_the_end, open_app, play_move, saved_games, start_game
from plateau.core.record import Record, encode
from plateau.web.session import Session


def test_back_goes_back_inside_plateau(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"])
    page.click('[data-action="rules"]')
    page.wait_for_selector("article.rules")
    page.go_back()
    page.wait_for_selector("#board svg")
    page.go_back()  # the new-game form
    page.wait_for_selector("#new-game")
    page.go_back()
    page.wait_for_selector('[data-game="thud"]')
    assert page.url.startswith(base_url)
    page.go_forward()
    page.wait_for_selector("#new-game")


def test_dialogs_are_modal_escape_closes_and_focus_returns(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "armadora", ["Ann", "Bob"])
    for action in ("share", "embed", "export"):
        page.focus(f'[data-action="{action}"]')
        page.keyboard.press("Enter")
        page.wait_for_selector("dialog#dialog[open]")
        assert page.evaluate("document.querySelector('#dialog').contains(document.activeElement)")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog", state="detached")
        assert page.evaluate("document.activeElement.dataset.action") == action
    page.click('[data-action="embed"]')
    code = page.input_value("#embed-code")
    assert "aspect-ratio" in code and "<iframe" in code
    assert page.locator("#dialog .embed-preview svg").count() == 1
    box = page.locator("#embed-view").bounding_box()
    label = page.locator("#dialog label.check span").bounding_box()
    assert abs(box["y"] + box["height"] / 2 - (label["y"] + label["height"] / 2)) < 8  # on one line


def test_the_end_of_a_game_shows_the_result_and_offers_a_rematch(page, base_url):
    """The rematch rotates the seats (the second player takes the first seat) and the computer plays the same person
    as before, at the same level."""
    s, m = one_move_from_the_end()
    robot = 1 - s.state.to_play  # the last move is the person's; the other seat is the computer's
    s = Session(Record("troy", {"computers": f"{robot}:easy"}, 3, ["Ann", "Bob"], list(s.record.moves)))
    open_app(page, base_url, clear=True)
    page.evaluate(f"location.hash = {'#g=' + encode(s.record)!r}")
    page.wait_for_selector("#board")
    play_move(page, s, m)
    page.wait_for_selector("dialog#dialog[open] [data-action='rematch']")
    assert page.locator("#dialog table.score-table tr:not(.head)").count() == 2
    page.click('[data-action="rematch"]')
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 0")
    rec = current_record(page)
    assert rec.players == ["Bob", "Ann"] and rec.seed != s.record.seed  # (the computer may have moved)
    assert rec.options.pop("computers") == f"{1 - robot}:easy"  # the same person, now at the other seat
    assert rec.options == s.game.full_options(s.record.options)


def test_a_shared_link_can_be_saved_without_playing(page, base_url):
    s = Session(Record("thud", {}, 1, ["Ann", "Bob"], []))
    open_app(page, base_url, clear=True)
    page.evaluate(f"location.hash = {'#g=' + encode(s.record)!r}")
    page.wait_for_selector('[data-action="save"]')
    page.click('[data-action="save"]')
    assert len(saved_games(page)) == 1
    assert page.locator('[data-action="save"]').count() == 0


def test_keyboard_starts_on_the_board_and_arrows_move_between_targets(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"])
    first = page.evaluate("document.activeElement.dataset.target")
    assert first
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.target")
    assert second and second != first
    assert board_ply(page) == 0  # arrows on the board move the focus, not the history
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .selected")


def test_rules_page_has_contents(page, base_url):
    open_app(page, base_url, clear=True)
    page.click('[data-game="thud"] [data-action="rules"]')
    page.wait_for_selector("article.rules nav.toc")
    entries = page.locator("nav.toc li button")
    assert entries.count() >= 3
    entries.nth(2).click()
    assert page.evaluate("document.activeElement.tagName") == "H2"


def test_rules_pages_draw_their_diagrams(page, base_url):
    open_app(page, base_url, clear=True)
    for gid, n in (("thud", 2), ("armadora", 1)):
        page.click(f'[data-game="{gid}"] [data-action="rules"]')
        page.wait_for_selector("article.rules figure.diagram svg")
        assert page.locator("article.rules figure.diagram svg").count() == n
        assert page.locator("article.rules figure.diagram [tabindex='0']").count() == 0
        page.click(".rules .back")
        page.wait_for_selector('[data-game="thud"]')


def test_a_tap_near_a_thin_target_reaches_it(browser, base_url):
    """On a phone, a tap beside a thin target (an Armadora palisade slot, 7 px
    thick there), inside a square nobody may take now (the gold mine b2),
    plays the slot: the square is not a target, the slot is the nearest one."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block")
    page = ctx.new_page()
    try:
        open_app(page, base_url, clear=True)
        start_game(page, "armadora", ["Ann", "Bob"])
        for pick in ("goblin", "mage"):
            if page.locator("#pass-screen").count():
                page.click('[data-action="reveal"]')
            page.click(f'#tray [data-target="{pick}"]')
        if page.locator("#pass-screen").count():
            page.click('[data-action="reveal"]')
        page.wait_for_selector("#board .target.line")
        while not page.is_disabled('#zoom [data-action="zoom-out"]'):  # the board at the screen's width
            page.tap('#zoom [data-action="zoom-out"]')
        line = "b2-c2"  # the border between the mine b2 and the square c2
        box = page.locator(f'#board [data-target="{line}"]').bounding_box()
        thin = min(box["width"], box["height"])
        assert thin < 12  # thin on a phone
        x, y = box["x"] - 5, box["y"] + box["height"] / 2  # 5 px left of the slot: inside b2
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-target]')"
                             ".getAttribute('data-target')", [x, y]) == "b2"
        assert page.locator('#board [data-target="b2"].target').count() == 0
        page.touchscreen.tap(x, y)
        page.wait_for_selector(f'#board [data-target="{line}"].selected')
    finally:
        ctx.close()
