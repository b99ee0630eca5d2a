"""The first conquest by sea (issue 41 item 2): a Sea or the Lake that touches
the board's edge is a border region for a race that may conquer it (Wizards
Seafaring entering the 4-player map may take the Seas 0 and 38).

Rules notes §1.4: "First conquest of a race entering the map: a border
region", the rulebook's "a Region that borders the edge of the board, or a
land Region whose shore is on a Sea bordering the edge" — the first clause
names any region, the second only land; Seafaring "may conquer Seas and the
Lake (treated as empty)" (§1.9). Option ``sea_entry``: ``edge`` (default from
rules revision 2) or ``land`` (only land regions are border regions: the
reading of the maps' ``first_conquest_ok``, and of games saved before)."""

from __future__ import annotations

import pytest

from plateau.core.record import Record
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME
from plateau.games.smallworld import conquest
from plateau.games.smallworld.rules import map_for

from sw_factory import NAMES, begin, give, texts

#: every map the game plays: the printed Small World maps, the Underground map, random boards
MAPS = [(n, {"board": "classic"}) for n in (2, 3, 4, 5)] + [(2, {"board": "underground"})] + [
    (n, {"board": "random", "content": "mixed"}) for n in (2, 3, 4, 5)]


def entering(n, race, power, seed=1, **opts):
    """A table whose map is emptied, player 0 about to make a first conquest with ``race``/``power``."""
    s = GAME.start(NAMES[:n], opts, seed)
    for r in range(s.R):
        if not s.monster[r]:
            s.owner[r], s.tok[r] = -1, 0
    rid = give(s, 0, race, power, {}, hand=10)
    begin(s, 0)
    return s, rid


def edge_seas(n, opts, s):
    regs = map_for(n, {k: v for k, v in opts.items()}, int(s.map_id.rsplit("-", 1)[1])
                   if s.map_id.startswith("random-") else None)["regions"]
    assert [r["id"] for r in regs] == list(range(s.R))
    return {r["id"] for r in regs if r["terrain"] in ("sea", "lake") and r["at_edge"]}


@pytest.mark.parametrize("n,opts", MAPS, ids=[f"{o['board']}-{n}p" for n, o in MAPS])
def test_seafaring_may_enter_through_a_sea_at_the_edge_on_every_map(n, opts):
    """Rules notes §1.4 (first conquest: "a Region that borders the edge of the board"); §1.9 Seafaring."""
    s, rid = entering(n, "wizards", "seafaring", **opts)
    seas = edge_seas(n, opts, s)
    by_sea = set(conquest.target_list(s, rid))
    land, _ = entering(n, "wizards", "seafaring", sea_entry="land", **opts)
    by_land = set(conquest.target_list(land, land.active[0]))
    assert by_sea - by_land == seas and by_land <= by_sea
    assert by_land <= {r for r in range(s.R) if s.entry[r]}  # the maps' first_conquest_ok: land only
    if opts["board"] == "classic":
        assert seas  # every printed Small World map has seas at its edge
    if opts["board"] == "underground":
        assert not seas  # no sea underground: the River's ends are border regions already
    for r in seas:
        assert f"c:{r}" in texts(s) and s.cost(rid, r) == 2  # a sea is taken as an empty region


@pytest.mark.parametrize("n,opts", MAPS, ids=[f"{o['board']}-{n}p" for n, o in MAPS])
def test_a_race_that_cannot_sail_never_enters_by_sea(n, opts):
    """Rules notes §1.4: "Seas and the Lake cannot be conquered (Seafaring excepted)"."""
    s, rid = entering(n, "humans", "hill", **opts)
    assert not any(s.water[r] for r in conquest.target_list(s, rid))


def test_four_player_map_seafaring_first_conquest_offers_the_seas_0_and_38():
    """The case reported: Wizards Seafaring on the 4-player map."""
    s, rid = entering(4, "wizards", "seafaring")
    assert s.map_id == "base-4p"
    offered = {int(t[2:]) for t in texts(s) if t.startswith("c:")}
    assert {0, 38} <= offered
    s.play("c:0")
    assert s.owner[0] == rid
    land, _ = entering(4, "wizards", "seafaring", sea_entry="land")
    assert not {0, 38} & {int(t[2:]) for t in texts(land) if t.startswith("c:")}


def test_games_saved_before_revision_2_keep_the_land_only_entry():
    """A record of revision 1 (or 0) that does not name ``sea_entry`` replays with the entry it was played with."""
    assert GAME.full_options({})["sea_entry"] == "edge"
    assert GAME.full_options({"_rev": 1})["sea_entry"] == "land"
    assert GAME.full_options({"_rev": 0})["sea_entry"] == "land"
    assert GAME.full_options({"_rev": 1, "sea_entry": "edge"})["sea_entry"] == "edge"
    old = Record("smallworld", {"_rev": 1}, 3, NAMES[:4], []).to_json()
    s = Record.from_json(old).replay()
    assert not any(s.sea_entry)
    s2 = GAME.start(NAMES[:4], {}, 3)
    assert [r for r in range(s2.R) if s2.sea_entry[r]] == [0, 38]


def test_a_computer_rebuilding_the_position_sees_the_same_border_regions():
    """The view a computer player rebuilds its guess from gives the same entry (option and revision)."""
    for opts in ({}, {"sea_entry": "land"}, {"_rev": 1}):
        s = GAME.start(NAMES[:4], opts, 3)
        d = GAME.from_view(s.view(0), 0, Rng(5))
        assert d.sea_entry == s.sea_entry


def test_rules_pages_say_it():
    for lang, words in (("fr", "Entrée par la mer"), ("en", "Entering by sea")):
        assert words in GAME.rules(lang)
