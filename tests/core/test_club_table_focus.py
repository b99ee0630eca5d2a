"""A table's device (club mode) opens its zoomed board on the regions of the
participants it holds (web/play.py ``pan_to_focus``, ``Game.home_regions``).
Its position is built from what the host sent it (web/club.py
``guest_session``): on its own table's view, those regions are the host's (who
holds a region is public)."""

from __future__ import annotations

import random

from plateau.games.arkhanis import GAME as ARKHANIS
from test_club_tables import drive_until, joined_room, live


def test_a_table_device_finds_its_participants_regions_in_the_position_it_received():
    ctl, ref, room = joined_room(11, build=True)
    st = drive_until(ctl, ref, room, random.Random(6), 400, lambda s: s.turn >= 3 and s.stage == "play",
                     declining=False)
    assert st is not None
    found = 0
    for did in ("ta", "tb"):
        g = room.guests[did]
        view = ARKHANIS.group_view(g.table)
        got = ARKHANIS.home_regions(g.session.state, view, g.session.positions.seats)
        assert got == ARKHANIS.home_regions(live(ctl), view, g.session.positions.seats)
        found += len(got)
    assert found > 0
