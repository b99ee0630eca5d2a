"""Chance in the Arkhanis tournament does not depend on the order in which
its tables play ("Chaque table joue le tour en cours en même temps", seed
001): the tournament's own random stream is drawn only while it is set up
(tables, events, piles, seating), and each table draws from its own stream
only on its own moves, so the tables' moves may interleave in any order and
every table sees the same dice and draws."""

from __future__ import annotations

import random

import pytest

from plateau.games.arkhanis import GAME


@pytest.mark.parametrize("n, seed", [(6, 1), (9, 5)])
def test_a_table_draws_only_on_its_own_moves_and_the_tournament_never_after_setup(n, seed):
    s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
    tour_stream = s.rng.state
    rnd = random.Random(seed)
    moved_tables = set()
    while not s.is_over():
        before = [t.rng.state for t in s.tables]
        table = s.current if s.stage == "play" else None
        s.play(rnd.choice(s.legal_moves()).text)
        after = [t.rng.state for t in s.tables]
        changed = {i for i, (a, b) in enumerate(zip(before, after)) if a != b}
        # a move at a table may end its seat's turn and start the next seat's, at
        # another table: that start (dice for no one yet, but a table's own setup
        # of the turn) may draw from the next table's stream, never from a third
        assert s.rng.state == tour_stream
        moved_tables |= changed
        assert changed <= {table, s.current} - {None}
    assert moved_tables, "no table drew at all: the check saw nothing"
