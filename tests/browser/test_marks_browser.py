"""Colour is never the only sign (issue 42, item 1), in the page: each
player's mark is drawn on their pieces on the board and beside their name in
the score table, in the game's colour, on a desktop and on a phone; a move
played with the real pointer keeps them there."""

from __future__ import annotations

import random

import pytest
from harness import open_app, pointer_click

from plateau.core import marks
from plateau.core.record import Record, decode, encode
from plateau.core.registry import get_game
from plateau.web.session import Session

DESKTOP = {"viewport": {"width": 1440, "height": 900}, "service_workers": "block"}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True, "service_workers": "block"}

ROWS = """() => [...document.querySelectorAll('#scores tr:not(.head)')].map(r => ({
    name: r.querySelector('th').textContent,
    marks: [...r.querySelectorAll('th svg.pmark')].map(s => ({
        fill: s.querySelector('circle').getAttribute('fill'), d: s.querySelector('path').getAttribute('d'),
        hidden: s.getAttribute('aria-hidden')}))}))"""
BOARD_MARKS = """() => [...document.querySelectorAll('#board svg [data-mark]')].map(e => e.getAttribute('data-mark'))"""


# game -> (players, plies played at random): pieces of every player on the board
POSITIONS = {"thorval": (3, 14), "smallworld": (3, 14), "troy": (2, 16)}


def position(gid):
    n, plies = POSITIONS[gid]
    g = get_game(gid)
    s = Session(Record(gid, g.full_options({}), 4, ["Ann", "Bob", "Cy"][:n], []))
    rnd = random.Random(1)
    while s.total < plies and not s.state.is_over():
        s.play(rnd.choice(s.legal()))
    return "#g=" + encode(s.snapshot())


def _state(fragment):
    rec = decode(fragment[len("#g="):])
    return Session(rec).state


def _open(page, base_url, gid, touch):
    frag = position(gid)
    open_app(page, base_url, frag)
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        pointer_click(page, '[data-action="reveal"]', touch)
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#scores svg.pmark")
    return _state(frag)


def _check_rows(page, st):
    rows = page.evaluate(ROWS)
    assert [r["name"] for r in rows] == [str(n) for n in st.players]
    for p, row in enumerate(rows):
        want = st.player_marks(p)
        assert want, p
        assert [(m["fill"], m["d"]) for m in row["marks"]] == [(c, marks.path_d(k)) for c, k in want]
        assert all(m["hidden"] == "true" for m in row["marks"])  # the name says who it is
    shown = [m["d"] for r in rows for m in r["marks"]]
    assert len(set(shown)) == len(shown)  # no two players (or colours) share a mark


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("gid", ["thorval", "smallworld"])
def test_the_marks_are_on_the_board_and_beside_the_names(browser, base_url, gid, device):
    ctx = browser.new_context(**(DESKTOP if device == "desktop" else PHONE))
    page = ctx.new_page()
    touch = device == "phone"
    st = _open(page, base_url, gid, touch)
    _check_rows(page, st)
    on_board = set(page.evaluate(BOARD_MARKS))
    # every player with a piece on the board has their mark there (Small World: a token stack; Thorval: an army)
    holders = {m for p in range(len(st.players)) for _c, m in st.player_marks(p)
               if page.locator(f'#board svg [data-mark="{m}"]').count()}
    assert holders and holders <= on_board
    assert on_board <= {m for p in range(len(st.players)) for _c, m in st.player_marks(p)}
    # a move with the real pointer: the marks stay, beside the names and on the board
    before = page.evaluate("() => document.querySelectorAll('#moves li').length")
    target = page.locator("#board svg .target").first
    target.scroll_into_view_if_needed()
    pointer_click(page, "#board svg .target", touch)
    page.wait_for_function(
        "(n) => document.querySelectorAll('#moves li').length > n || document.querySelector('#board svg .selected')",
        arg=before)
    _check_rows(page, st)
    assert page.evaluate(BOARD_MARKS)
    ctx.close()


def test_troy_rows_show_each_colour_a_player_plays(browser, base_url):
    # with two players, each plays two colours: two marks beside each name, as on their heroes
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    st = _open(page, base_url, "troy", False)
    _check_rows(page, st)
    assert [len(st.player_marks(p)) for p in range(2)] == [2, 2]
    assert set(page.evaluate(BOARD_MARKS)) <= {m for p in range(2) for _c, m in st.player_marks(p)}
    ctx.close()
