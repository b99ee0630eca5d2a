"""Every board legible on a phone (issue 26, item 7): "No text on any board
under 11 CSS px at 375 px width where it is needed to play … targets ≥ 24 px
or reachable by zoom: a zoom control or tap-to-magnify for the large maps".

At 375 px a board opens as large as its smallest text needs (11 px), in a
window of the screen it scrolls in; "−" and "+" zoom it out and in, and a
tap on the zoomed board still plays the target under the finger."""

from __future__ import annotations

import pytest

from legible import PHONE, POSITIONS, open_position, smallest


@pytest.fixture()
def phone(browser):
    ctx = browser.new_context(**PHONE)
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("gid", list(POSITIONS))
def test_the_smallest_board_text_on_a_phone_is_11px(phone, base_url, gid):
    open_position(phone, base_url, gid)
    size, text = smallest(phone)
    print(gid, "smallest board text at 375 px:", round(size, 1), repr(text))
    assert size >= 11, (gid, size, text)


def test_zoom_out_and_in_and_a_tap_on_the_zoomed_board_plays(phone, base_url):
    """Thorval's island at 375 px: opened zoomed, "−" down to the whole board
    at the screen's width (then its labels are small, the player's choice),
    "+" back; a real tap inside a highlighted hex of the zoomed board plays it."""
    open_position(phone, base_url, "thorval")
    board = phone.locator("#board")
    width = phone.evaluate("document.querySelector('#board').clientWidth")
    drawn = phone.evaluate("document.querySelector('#board > svg').getBoundingClientRect().width")
    assert drawn > 2 * width  # zoomed: wider than the screen, scrolled in its window
    assert phone.locator('#zoom [data-action="zoom-out"]').count() == 1
    while not phone.is_disabled('#zoom [data-action="zoom-out"]'):
        phone.tap('#zoom [data-action="zoom-out"]')
    drawn, width = phone.evaluate("[document.querySelector('#board > svg').getBoundingClientRect().width,"
                                  " document.querySelector('#board').clientWidth]")
    assert abs(drawn - width) <= 1 and phone.locator("#board.zoomed").count() == 0
    assert smallest(phone)[0] < 11  # the whole island on the screen: the player chose small labels
    phone.tap('#zoom [data-action="zoom-in"]')
    phone.tap('#zoom [data-action="zoom-in"]')
    assert phone.evaluate("document.querySelector('#board > svg').getBoundingClientRect().width") > 1.5 * width
    # a tap inside a highlighted target, scrolled into the board's window, plays it (the board is drawn anew)
    version = board.get_attribute("data-version")
    target = phone.locator("#board .target").first
    name = target.get_attribute("data-target")
    target.scroll_into_view_if_needed()
    box = phone.evaluate("""(t) => { const r = t.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2]; }""", target.element_handle())
    hit = phone.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                         " const t = e && e.closest('[data-target]'); return t && t.dataset.target; }", box)
    assert hit == name
    phone.touchscreen.tap(box[0], box[1])
    phone.wait_for_function(f"document.querySelector('#board').dataset.version !== '{version}'")
