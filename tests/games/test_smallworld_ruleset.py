"""Small World's rules as a value (issue 28, item 1): a game plays with the
ruleset its state holds, built from the content it uses; the Arkhanis
tournament adds its items and events to its own tables' ruleset only, so
that "importing a module never changes another game"."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld.ruleset import Content, Ruleset

ROOT = Path(__file__).resolve().parents[2]

# Plays a few plain Small World games with a fixed random policy and prints,
# per game, the moves, a hash of the full position every 20 plies, the shared
# record's link text and the rules the game ran through. With an argument,
# the tournament is imported first.
_PLAY = r"""
import hashlib, json, sys
if len(sys.argv) > 1:
    import plateau.games.arkhanis  # noqa: F401  (the tournament, its items and events)
    import plateau.games.arkhanis.ai  # noqa: F401
from plateau.core.record import Record, encode
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME

def h(v):
    return hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()

out = []
for n, opts, seed in [(2, {}, 1), (3, {"monsters": "random", "content": "mixed"}, 2),
                      (3, {"board": "underground", "content": "underground"}, 3),
                      (4, {"monsters": "random", "content": "mixed", "_rev": 0}, 4)]:
    names = [f"P{i}" for i in range(n)]
    opts = GAME.full_options(opts)
    s = GAME.start(names, opts, seed)
    r = Rng(seed)
    moves, states = [], []
    while not s.is_over() and len(moves) < 3000:
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
        m = r.choice(ends) if ends and r.below(3) == 0 else r.choice(ms)
        s.play(m.text)
        moves.append(m.text)
        if len(moves) % 20 == 0:
            states.append(h(s.view(None)))
    rules = s.ruleset
    tables = {k: len(getattr(rules, k)) for k in ("defence", "cost", "protect", "immune", "no_score", "moves",
                                                  "actions", "pending")}
    out.append({"moves": moves, "states": states, "end": h(s.view(None)), "winners": s.winners(),
                "link": h(encode(Record("smallworld", opts, seed, names, moves))),
                "content": sorted(rules.content), "hooks": sorted(rules.hooks), "tables": tables})
print(json.dumps(out))
"""


def _play(tournament_first: bool) -> list:
    args = [sys.executable, "-c", _PLAY] + (["tournament"] if tournament_first else [])
    done = subprocess.run(args, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=600, check=True)
    return json.loads(done.stdout)


def test_a_plain_game_is_the_same_whether_or_not_the_tournament_was_imported():
    """Issue 28, item 1: "Importing a module never changes another game" — the same moves, positions,
    shared links and rules, in a fresh interpreter that imported the tournament first and in one that did not."""
    plain, after = _play(False), _play(True)
    assert len(plain) == 4 and all(g["winners"] for g in plain)
    for a, b in zip(plain, after):
        assert a == b
    assert not {"mill", "temple", "pendant", "tavern"} & set(plain[0]["content"])
    assert plain[0]["tables"]["cost"] == 0 and plain[0]["tables"]["no_score"] == 0


def test_the_tournament_tables_play_with_their_own_ruleset():
    """The tournament's items (rules notes §3.10) and events (§3.2) join its tables' ruleset, never
    Small World's standard one."""
    from plateau.games.arkhanis import GAME as ARK
    from plateau.games.arkhanis import items as I
    from plateau.games.arkhanis.tournament import TABLE_RULES

    t = ARK.start([f"P{i}" for i in range(6)], {}, 1)
    table = t.tables[0]
    assert table.ruleset is TABLE_RULES
    assert set(I.ITEMS) <= set(TABLE_RULES.content) and not set(I.ITEMS) & set(C.STANDARD.content)
    assert "pendant" in TABLE_RULES.relics and "pendant" not in C.STANDARD.relics
    assert len(TABLE_RULES.cost) == len(C.STANDARD.cost) + 1
    assert len(TABLE_RULES.protect) == len(C.STANDARD.protect) + 1
    assert "mirror" in TABLE_RULES.actions and "mirror" not in C.STANDARD.actions
    assert GAME.start(["a", "b"], {}, 1).ruleset is C.STANDARD
    # the table's items have their names where the board draws them
    assert table.ruleset.name("mill", "en") == "Mill of the Galinette" and C.name("mill", "en") == "mill"


def test_a_ruleset_is_immutable_and_shared_by_clones():
    s = GAME.start(["a", "b"], {"content": "mixed"}, 2)
    assert s.clone().ruleset is s.ruleset
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.ruleset.cost = ()
    with pytest.raises(TypeError):
        s.ruleset.content["ratmen"] = None
    with pytest.raises(TypeError):
        s.ruleset.hooks["orcs"]["score"] = None
    assert isinstance(s.ruleset.defence, tuple)


def test_extending_a_ruleset_makes_a_new_one_and_replaces_nothing():
    extra = Ruleset(content={"well": Content("well", "place", hooks={"end": lambda st, rid: None})},
                    cost=(lambda st, rid, r: 0,))
    more = C.STANDARD.plus(extra)
    assert "well" in more.content and "well" not in C.STANDARD.content
    assert len(more.cost) == len(C.STANDARD.cost) + 1 and "well" in more.hooks
    with pytest.raises(ValueError):
        more.plus(extra)  # the Well is there already
    with pytest.raises(ValueError):
        C.STANDARD.plus(Ruleset(actions={"vamp": lambda st, arg: None}))  # the Vampire's move head
    with pytest.raises(ValueError):
        C.STANDARD.but(Content("well", "place"))  # nothing of that name to stand in for


def test_one_record_per_race_power_place_relic_and_monster():
    """§1 and §2: 14 + 15 races, 20 + 21 powers, 9 places, 6 relics; the two figures of the Underground
    boards with rules of their own (Golden Knight, Snow Thing) are monster records."""
    kinds = {k: C.STANDARD.of_kind(k) for k in ("race", "power", "place", "relic", "monster")}
    assert [len(kinds[k]) for k in kinds] == [29, 41, 9, 6, 2]
    amazons = C.STANDARD.content["amazons"]
    assert (amazons.tokens, amazons.box, amazons.extra) == (6, 15, 4)
    assert C.STANDARD.content["golden_knight"].tokens == 2 and C.STANDARD.content["snow_thing"].tokens == 1
    for key, c in C.STANDARD.content.items():
        if c.kind in ("race", "power", "place", "relic"):
            assert c.names.get("fr") and c.names.get("en"), key
