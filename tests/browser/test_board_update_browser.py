"""The board is updated in place (issue 30, item 1): a click changes only the
nodes of the board whose state changed, and the game's renderer stays the one
description of the board. After a sequence of real pointer clicks (each board
target clicked with ``page.mouse`` inside its own shape, choices under the board
clicked as a player does), the board the page holds is the same DOM as the
one drawn from scratch for that position: the play screen is drawn anew (the
language switched there and back, which builds a new, empty board and draws the
position into it) and the two are compared node by node (tag, attributes,
text; attribute order aside)."""

from __future__ import annotations

import random

import pytest

import pointer as P
from harness import board_dom, board_ply, mirror, open_app, reveal_if_needed, start_game


GAMES = {  # players and a seed: positions where several kinds of things change at each click
    "thud": (["Ann", "Bob"], 4),
    "armadora": (["Ann", "Bob"], 3),
    "troy": (["Ann", "Bob", "Cy"], 2),
    "thorval": (["Ann", "Bob"], 5),
    "smallworld": (["Ann", "Bob", "Cy"], 7),
    "arkhanis": (None, 2),  # the setup form's defaults: six participants on two tables
}
RARE = {"offer", "pass", "resign"}


def drawn_from_scratch(page) -> list[str]:
    """The board of the position shown, drawn anew into an empty board."""
    version = page.get_attribute("#board", "data-version")
    page.click('[data-testid="lang"]')  # the language button: the whole play screen is drawn again
    page.click('[data-testid="lang"]')
    page.wait_for_function("v => document.querySelector('#board').getAttribute('data-version') !== v", arg=version)
    return board_dom(page)


def click_target(page, target: str) -> None:
    """A real click: on the board inside the target's shape, else its button under the board."""
    on_board = page.locator(f'#board svg .target[data-target="{target}"]')
    if on_board.count():
        pts = P.sample(page, target, 3)["inside"]
        assert pts, f"{target}: no point of its shape is in view"
        p = pts[len(pts) // 2]
        page.mouse.click(p["x"], p["y"])
    else:
        page.click(f'#tray [data-target="{target}"]')


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_updated_in_place_is_the_board_drawn_from_scratch(page, base_url, game):
    page.set_viewport_size({"width": 1440, "height": 900})
    names, seed = GAMES[game]
    open_app(page, base_url, clear=True)
    start_game(page, game, names, seed=seed)
    s = mirror(page)
    rnd = random.Random(seed)
    compared = 0
    for i in range(10):
        if s.state.is_over():
            break
        reveal_if_needed(page)
        legal = s.legal()
        common = [m for m in legal if m.text not in RARE]
        move = rnd.choice(common or legal)
        before = board_ply(page)
        if s.game.confirm_text(move.text, "fr"):
            page.once("dialog", lambda d: d.accept())
        for k, t in enumerate(move.path):
            if board_ply(page) != before:
                break
            version = page.get_attribute("#board", "data-version")
            click_target(page, t)
            page.wait_for_function("v => document.querySelector('#board').getAttribute('data-version') !== v"
                                   " || document.querySelector('#pass-screen')", arg=version)
            if k == 0 and i % 3 == 1 and board_ply(page) == before:  # a move begun: a piece chosen, targets shown
                updated = board_dom(page)
                assert updated == drawn_from_scratch(page), f"{game}: after clicking {t!r} of {move.text!r}"
                compared += 1
        if board_ply(page) == before:
            page.click('#tray [data-action="as-is"]')
        page.wait_for_function(f"() => +document.querySelector('#board').dataset.ply === {before + 1}"
                               " || document.querySelector('#pass-screen')")
        s.play(move)
        reveal_if_needed(page)
        assert board_ply(page) == s.ply
        if i % 3 == 2:
            updated = board_dom(page)
            assert updated == drawn_from_scratch(page), f"{game}: after {move.text!r} (ply {s.ply})"
            compared += 1
    assert compared >= 3
