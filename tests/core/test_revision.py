"""Rules revisions: a record carries the rules it was played under, so a
rules change never silently alters a game saved or shared before it."""

from __future__ import annotations

import pytest

from plateau.core.game import REVISION_OPTION, Game, RulesError, rules_revision
from plateau.core.record import Record, RecordError, decode, encode
from plateau.core.registry import get_game


def _revised_game():
    """A registered game whose rules have had a revision."""
    for gid in ("smallworld", "arkhanis"):
        g = get_game(gid)
        if g is not None and g.revision:
            return g
    pytest.skip("no game has a rules revision yet")


def test_unrevised_games_keep_their_options_as_they_were():
    g = get_game("thud")
    assert g.revision == 0
    assert REVISION_OPTION not in g.full_options({})
    r = Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], [])
    assert decode(encode(r)) == r


def test_new_game_is_started_under_the_current_revision():
    g = _revised_game()
    opts = g.full_options({})
    assert opts[REVISION_OPTION] == g.revision
    assert rules_revision(opts, g) == g.revision
    assert rules_revision({}, g) == g.revision  # a state built without one plays today's rules


def test_record_made_before_revisions_replays_under_revision_0():
    g = _revised_game()
    d = Record(g.id, g.full_options({}), 3, [f"P{i}" for i in range(g.min_players)], []).to_json()
    assert d["o"][REVISION_OPTION] == g.revision  # a record made in code: today's rules
    del d["o"][REVISION_OPTION]  # as saved before the game had revisions
    old = Record.from_json(d)
    assert old.options[REVISION_OPTION] == 0
    assert decode(encode(old)).options[REVISION_OPTION] == 0  # and it stays so when saved again


def test_record_from_newer_rules_is_refused_with_a_message():
    g = _revised_game()
    opts = g.full_options({})
    opts[REVISION_OPTION] = g.revision + 1
    r = Record(g.id, opts, 3, [f"P{i}" for i in range(g.min_players)], [])
    with pytest.raises(RecordError) as e:
        decode(encode(r)).replay()
    assert e.value.code == "revision"
    assert "newer rules" in str(e.value)


@pytest.mark.parametrize("bad", [-1, "1", True, 1.5])
def test_malformed_revision_is_refused(bad):
    g = Game()
    g.revision = 2
    with pytest.raises(RulesError):
        g.check_revision(bad)
