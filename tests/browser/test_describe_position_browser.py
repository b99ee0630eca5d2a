"""The position described in words on the play screen (issue 42, item 2): a
button under the board fills a region with ``Game.describe_position`` for the
eyes the page shows, and says its first line in the live region; in hot-seat
with hidden information it follows whoever holds the device, and holds
nothing hidden while the pass screen is up. Pressed with the real pointer, on
a desktop and on a phone (screenshots in ``PLATEAU_SHOTS`` when set)."""

from __future__ import annotations

import pytest
from harness import mirror, open_app, pointer_click, shot, start_game
from test_axe_browser import violations

from plateau.core.game import PUBLIC

DESKTOP = {"viewport": {"width": 1440, "height": 900}, "service_workers": "block"}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True, "service_workers": "block"}


@pytest.fixture(params=["desktop", "phone"])
def device(request, browser):
    ctx = browser.new_context(**(DESKTOP if request.param == "desktop" else PHONE))
    page = ctx.new_page()
    yield request.param, page
    ctx.close()


def region_lines(page) -> list[str]:
    return [x.strip() for x in page.locator("#position-text p").all_text_contents()]


def describe(page, touch: bool) -> list[str]:
    """Press "Describe the position" with the real pointer (a tap on a phone)."""
    before = page.text_content("#position-text") or ""
    pointer_click(page, '[data-action="describe"]', touch)
    page.wait_for_function("(t) => document.querySelector('#position-text').textContent !== t "
                           "&& document.querySelector('#position-text p')", arg=before)
    return region_lines(page)


def test_thud_the_button_describes_the_board_in_words(device, base_url):
    name, page = device
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["<b>Ann</b>", "Bob"], seed=1)
    assert page.locator("#position-text p").count() == 0  # nothing before it is asked for
    lines = describe(page, name == "phone")
    s = mirror(page)
    assert lines == s.game.describe_position(s.state, None, "fr")
    assert lines[1].startswith("Nains (32) : F1, G1, J1, K1, E2, L2,")
    assert "Pierre de Thud : H8" in lines
    assert page.text_content("#announce") == lines[0]  # the first line said to a screen reader
    assert page.get_attribute("#position-text", "role") == "region"
    assert page.get_attribute("#position-text", "aria-label") == "La position en mots"
    # a player's name is text, never markup
    assert "<b>Ann</b>" in lines[0] and page.locator("#position-text b").count() == 0
    assert violations(page, "thud described", name) == []  # axe-core: no serious or critical violation
    shot(page, f"describe-thud-{name}")
    # the description follows the game: a typed move, and the region says the new position
    pointer_click(page, "#typed-move", name == "phone")
    page.keyboard.type("dF1-F3")
    page.keyboard.press("Enter")
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 1")
    page.wait_for_function("document.querySelector('#position-text').textContent.includes('Nains (32) : G1')")
    assert "F3" in region_lines(page)[1].split(" : ")[1].split(", ")


def reveal(page, touch: bool) -> None:
    if page.locator("#pass-screen").count():
        pointer_click(page, '[data-action="reveal"]', touch)
        page.wait_for_selector("#board svg")


def typed(page, move: str, touch: bool) -> None:
    ply = int(page.get_attribute("#board", "data-ply"))
    pointer_click(page, "#typed-move", touch)
    page.fill("#typed-move", move)
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {ply + 1}")


def test_armadora_hot_seat_describes_for_the_holder_and_hides_all_on_the_pass_screen(device, base_url):
    name, page = device
    touch = name == "phone"
    open_app(page, base_url, clear=True)
    start_game(page, "armadora", ["Ann", "Bob"], {"rules": "basic"}, seed=3)
    for move in ("pick:elf", "pick:orc"):
        reveal(page, touch)
        typed(page, move, touch)
    reveal(page, touch)
    s = mirror(page)
    value = next(m.text for m in s.legal() if m.text.startswith("W") and m.text.endswith("@c1"))
    typed(page, value, touch)  # Ann's warrior, face down on c1
    page.wait_for_selector("#pass-screen")
    s = mirror(page)
    ann = s.game.describe_position(s.state, 0, "fr")
    public = s.game.describe_position(s.state, PUBLIC, "fr")
    secrets = [x for x in ann if x not in public]
    assert any(f"c1 Ann, {value[1]}" in x for x in secrets)  # what Ann alone may read
    lines = describe(page, touch)  # pressed on the pass screen: public information only
    assert lines == public and not set(lines) & set(secrets)
    assert "Rangée 1 : c1 Ann, valeur cachée" in lines
    assert page.text_content("#announce") == lines[0]
    shot(page, f"describe-armadora-pass-{name}")
    # Bob takes the device: the description, open, follows his eyes (his own hand, not Ann's values)
    reveal(page, touch)
    page.wait_for_function("document.querySelector('#position-text').textContent.includes('Main')")
    bob = s.game.describe_position(s.state, 1, "fr")
    assert region_lines(page) == bob and not set(bob) & set(secrets)
    shot(page, f"describe-armadora-bob-{name}")
