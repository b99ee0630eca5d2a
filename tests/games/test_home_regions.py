"""``Game.home_regions``: where a phone's zoomed board opens when nothing is
to be clicked (web/play.py ``pan_to_focus``): the regions where the given
players' races stand, on a Small World board and on each table of a
tournament (a table's device: its participants, on its own table's view)."""

from __future__ import annotations

import random

from plateau.games.arkhanis import GAME as ARKHANIS
from plateau.games.arkhanis import table_view
from plateau.games.smallworld import GAME as SMALL_WORLD


def owned(table, players):
    return sorted(r for r in range(table.R) if table.owner[r] in table.recs and table.recs[table.owner[r]].p in players)


def test_small_world_regions_of_the_players_races():
    s = SMALL_WORLD.start(["Ann", "Bob", "Cy"], {}, 5)
    rnd = random.Random(5)
    while s.turn < 4 and not s.is_over():
        s.play(rnd.choice(s.legal_moves()).text)
    for players in ([0], [1], [0, 2], []):
        got = SMALL_WORLD.home_regions(s, "", players)
        assert got == owned(s, set(players))
    assert SMALL_WORLD.home_regions(s, "", [0]) and SMALL_WORLD.home_regions(s, "", []) == []


def test_a_tournament_gives_each_tables_view_its_own_regions_and_none_on_the_overview():
    s = ARKHANIS.start([f"P{i}" for i in range(8)], {"_rev": 2}, 3)
    rnd = random.Random(3)
    while s.turn < 3 and not s.is_over():
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "nopeace", "pass", "bid:0")]
        s.play((ends[0] if ends and rnd.random() < 0.5 else rnd.choice(ms)).text)
    everyone = list(range(8))
    for k, table in enumerate(s.tables):
        assert ARKHANIS.home_regions(s, table_view(k), everyone) == owned(table, set(everyone))
        seated = [p for p in everyone if s.seat_table[s.seat_of[p]] == k]
        assert ARKHANIS.home_regions(s, table_view(k), seated) == owned(table, set(seated))
    assert any(ARKHANIS.home_regions(s, table_view(k), everyone) for k in range(len(s.tables)))
    assert ARKHANIS.home_regions(s, "overview", everyone) == []
    if s.stage == "play" and s.current is not None:
        assert ARKHANIS.home_regions(s, "", everyone) == owned(s.tables[s.current], set(everyone))

