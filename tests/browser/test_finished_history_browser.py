"""A finished game's history is looked at, not played (web/session.py,
``Session.may_play``): its review shows every player's secrets, and a move
at a past position would replace the game's end. A finished Small World
game, opened from its link, offers no move at its end nor at a past
position reached with the real pointer: no move button in the tray ("Fin
du tour" was still there), no target on the board, no pass to the past
position's player (the review shows everything to everyone), and the
history note says the game is finished. A game in progress keeps its past positions
playable (a move there sets the moves that followed aside)."""

from __future__ import annotations

import random

import pytest

from harness import board_ply, open_link, pointer_click
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.session import Session

PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
         "service_workers": "block"}

MOVES_OFFERED = """() => ({tray: [...document.querySelectorAll('#tray button')]
                                .filter((b) => b.dataset.target || b.dataset.action === 'as-is')
                                .map((b) => b.textContent),
                           board: document.querySelectorAll('#board .target').length})"""


def small_world(finished: bool, seed: int = 3) -> Session:
    """A two-player Small World game played at random: to its end, or to the last turn's redeployment."""
    g = get_game("smallworld")
    s = Session(Record("smallworld", g.full_options({}), seed, ["Ann", "Bob"], []))
    rnd = random.Random(seed)
    while not s.state.is_over():
        if not finished and s.state.turn == 10 and "done" in [m.text for m in s.legal()]:
            break
        ms = s.legal()
        ends = [m for m in ms if m.text in ("done", "end", "nopeace", "pass")]
        s.play(ends[0] if ends and rnd.random() < 0.4 else rnd.choice(ms))
    return s


def step_back(page, touch: bool) -> None:
    ply = board_ply(page)
    pointer_click(page, '[data-action="prev"]', touch)
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {ply - 1}")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_finished_game_offers_no_move_at_its_end_nor_in_its_history(browser, base_url, device):
    s = small_world(finished=True)
    assert s.state.is_over()
    ctx = browser.new_context(**(PHONE if device == "phone" else {"viewport": {"width": 1440, "height": 900}}))
    page = ctx.new_page()
    open_link(page, base_url, s, touch=device == "phone")
    assert board_ply(page) == s.total
    assert page.evaluate(MOVES_OFFERED) == {"tray": [], "board": 0}
    for _ in range(3):  # the last turn's redeployment, then its conquests: "Fin du tour" was offered there
        step_back(page, device == "phone")
        assert page.evaluate(MOVES_OFFERED) == {"tray": [], "board": 0}
        assert page.locator("#tray button").count() == 0  # nor a pass to the past position's player
        note = page.inner_text("#history-note")
        assert "partie terminée" in note and "remplace" not in note
    assert "Partie terminée" not in page.inner_text("#status")  # the past position's own turn is told
    ctx.close()


def test_a_game_in_progress_keeps_its_past_positions_playable(page, base_url):
    s = small_world(finished=False)
    assert not s.state.is_over() and "done" in [m.text for m in s.legal()]
    page.set_viewport_size({"width": 1440, "height": 900})
    open_link(page, base_url, s)
    assert "Fin du tour" in page.evaluate(MOVES_OFFERED)["tray"]
    step_back(page, False)
    offered = page.evaluate(MOVES_OFFERED)
    assert offered["tray"] or offered["board"]
    assert "remplace les coups suivants" in page.inner_text("#history-note")
