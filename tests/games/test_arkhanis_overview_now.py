"""The organiser's overview says who may play now at every table. From
revision 2 the tables play each turn at the same time (seed 001: "Chaque
table joue le tour en cours en même temps"): the overview has a line for
each table playing a seat, and marks the running seat (▶) at each of them.
A record of revisions 0-1 (one table at a time) keeps its one line.

Setup of rules notes §3.5, as in test_arkhanis_simul.py: table A (0) has
seats 10 (Bilbo), 11 (Merry), 12 (Frodo); table B (1) has seats 17
(Xavier), 18 (Sam), 19 (free), 20 (Pippin)."""

from __future__ import annotations

import re

from plateau.core.game import RenderContext
from plateau.games.arkhanis import GAME
from plateau.games.arkhanis.render import overview
from plateau.games.arkhanis.tournament import TournamentState

from test_arkhanis_simul import A, B, LAYOUT, NAMES, START, seat_turn, table_turn

BILBO, MERRY, FRODO, XAVIER, SAM, PIPPIN = range(6)


def tour(rev):
    opts = {"free": 1, "boards": "classic", "content": "by_board", "events": "none", "_start": START,
            "_schedule": ["none"] * 10, "_rev": rev}
    return TournamentState(GAME, NAMES, opts, 4, LAYOUT)


def now_lines(svg):
    return re.findall(r'<text [^>]*class="ak-now">([^<]*)</text>', svg)


def running_marks(svg):
    return re.findall(r'class="ak-who">▶ ([^<]*)</text>', svg)


def test_every_table_playing_has_its_line_and_its_running_seat():
    s = tour(2)
    assert s.movers() == [BILBO, XAVIER]
    for viewer in (None, BILBO, SAM):  # the same for every eye: who plays where is public
        svg = overview(s, RenderContext(viewer=viewer, lang="fr"))
        assert now_lines(svg) == ["Table 1, créneau 1 : place 10 — Bilbo joue",
                                  "Table 2, créneau 1 : place 17 — Xavier joue"]
        assert running_marks(svg) == ["Place 10 — Bilbo", "Place 17 — Xavier"]
        assert re.findall(r'class="ak-table running" data-table="(\d)"', svg) == ["0", "1"]
    svg = overview(s, RenderContext(viewer=None, lang="en"))
    assert now_lines(svg) == ["Table 1, slot 1: seat 10 — Bilbo plays", "Table 2, slot 1: seat 17 — Xavier plays"]
    seat_turn(s, B)
    seat_turn(s, B)  # Xavier and Sam have played at B; 19 is free: Pippin (20) plays there now
    assert now_lines(overview(s, RenderContext(lang="en"))) == ["Table 1, slot 1: seat 10 — Bilbo plays",
                                                                "Table 2, slot 4: seat 20 — Pippin plays"]
    seat_turn(s, B)  # B has finished the turn and waits for A: A alone plays
    svg = overview(s, RenderContext(lang="en"))
    assert now_lines(svg) == ["Table 1, slot 1: seat 10 — Bilbo plays"]
    assert running_marks(svg) == ["Seat 10 — Bilbo"]


def test_a_seat_choice_comes_first_then_the_tables_still_playing():
    """Seed §3.3: the free seat is chosen as soon as the race goes in decline; the other tables go on."""
    s = tour(2)
    table_turn(s, A)
    table_turn(s, B)  # turn 1
    seat_turn(s, A, decline=True)  # Bilbo declines at 10, turn 2: Merry plays at A after him
    assert s.stage == "move" and s.movers() == [BILBO, XAVIER, MERRY]
    svg = overview(s, RenderContext(lang="en"))
    assert now_lines(svg) == ["Bilbo (seat 10) chooses a free seat", "Table 1, slot 2: seat 11 — Merry plays",
                              "Table 2, slot 1: seat 17 — Xavier plays"]
    assert running_marks(svg) == ["Seat 11 — Merry", "Seat 17 — Xavier"]


def test_an_older_record_one_table_at_a_time_keeps_its_one_line():
    """Revisions 0-1: the tables are played one after another, rank by rank; the overview names the one
    table being played, as it did then."""
    for rev in (0, 1):
        s = tour(rev)
        assert s.movers() == [BILBO]
        svg = overview(s, RenderContext(lang="en"))
        assert now_lines(svg) == ["Slot 1: table 1, seat 10 — Bilbo plays"]
        assert running_marks(svg) == ["Seat 10 — Bilbo"]
