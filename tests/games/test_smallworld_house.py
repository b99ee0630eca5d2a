"""Small World and the Arkhanis tournament keep their behaviour while their
insides change: games recorded before (``house_fixtures.json``, written by
``make_house_fixtures.py``) replay to the same end, and the computer at the
"normal" level chooses the same moves from the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plateau.ai.api import Thinker
from plateau.games.arkhanis import GAME as ARK
from plateau.games.smallworld import GAME as SW

from make_house_fixtures import VIEWS, digest, views_digest

DATA = json.loads((Path(__file__).parent / "house_fixtures.json").read_text(encoding="utf-8"))
CASES = [(SW, g) for g in DATA["smallworld"]] + [(ARK, g) for g in DATA["arkhanis"]]


def _id(case):
    game, g = case
    return f"{game.id}-{g['players']}p-seed{g['seed']}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_recorded_game_replays_to_the_same_end(case):
    game, g = case
    s = game.start([f"P{i}" for i in range(g["players"])], g["options"], g["seed"])
    for t in g["moves"]:
        s.play(t)
    assert digest(s) == g["end"]


AI_CASES = [(game, g, a) for game, g in CASES for a in g["ai"]]


@pytest.mark.parametrize("case", AI_CASES, ids=[f"{_id(c[:2])}-ply{c[2]['ply']}" for c in AI_CASES])
def test_the_computer_chooses_as_before(case):
    game, g, ask = case
    s = game.start([f"P{i}" for i in range(g["players"])], g["options"], g["seed"])
    for t in g["moves"][:ask["ply"]]:
        s.play(t)
    p = s.to_play
    assert p == ask["player"]
    t = Thinker(game, s.view(p), p, level="normal", seed=ask["ply"])
    while not t.step(iterations=50):
        pass
    assert t.best() == ask["move"]


VIEW_HASHES = json.loads(VIEWS.read_text(encoding="utf-8"))["views"]


@pytest.mark.parametrize("i", range(len(CASES)), ids=[_id(c) for c in CASES])
def test_every_view_along_a_recorded_game_is_as_before(i):
    """The state's insides may change, its views may not: the full view and
    the player's view after every move hash as they did when recorded."""
    game, g = CASES[i]
    assert views_digest(game, g) == VIEW_HASHES[i]
