"""Who may move now (``State.movers``): one player in a turn-by-turn game;
a move for anyone else is refused with a reason and changes nothing. The
Arkhanis tournament on one device keeps its clock (rules notes §3.3: "for
slot j = 1..5, for each table in order, at its j-th seat s: … the player
seated at s since the start of the turn plays"), so its mover is the one
``to_play`` names, move after move, to the end. From revision 2 the tables
play at once: ``to_play`` is still the first mover (the one a single device
asks), every other table adds its own."""

from __future__ import annotations

import random

import pytest

from plateau.core.game import IllegalMove
from plateau.games.arkhanis import GAME as ARKHANIS
from plateau.games.thud import GAME as THUD


def test_a_turn_by_turn_game_has_one_mover_who_alone_has_moves():
    s = THUD.start(["a", "b"], {}, 1)
    p = s.to_play
    assert s.movers() == [p]
    assert [m.text for m in s.legal_moves_for(p)] == [m.text for m in s.legal_moves()]
    assert s.legal_moves_for(1 - p) == []


def test_a_move_for_a_player_who_may_not_move_is_refused_and_loses_nothing():
    s = THUD.start(["a", "b"], {}, 1)
    p = s.to_play
    text = s.legal_moves()[0].text
    before = s.view(None)
    with pytest.raises(IllegalMove, match="may not move now"):
        s.play_as(1 - p, text)
    assert s.view(None) == before
    played = s.play_as(p, text)
    assert played.text == text and s.to_play != p


@pytest.mark.parametrize("rev", [1, 2])
def test_arkhanis_on_one_device_moves_its_mover_in_the_clock_order_to_the_end(rev):
    s = ARKHANIS.start([f"P{i}" for i in range(6)], {"_rev": rev}, 3)
    rnd = random.Random(3)
    plies = 0
    while not s.is_over():
        p = s.to_play
        if rev < 2:
            assert s.movers() == [p]
        else:
            assert s.movers()[0] == p
        others = [q for q in range(s.n) if q not in s.movers()]
        q = rnd.choice(others)
        assert s.legal_moves_for(q) == []
        moves = s.legal_moves_for(p)
        s.play_as(p, rnd.choice(moves).text)
        plies += 1
        assert plies < 20000
    assert s.movers() == [] and s.winners()
