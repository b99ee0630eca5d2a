"""Bad input gets a clear error (issue: "a view that cannot be completed
into a legal state, a budget of zero"), never a crash or an illegal move."""

from __future__ import annotations

import pytest

from plateau.ai import AIError, Thinker, choose
from plateau.core.registry import get_game

from ai_positions import jnorm, sample


@pytest.mark.parametrize("budget", [0, -5, 2.5, "10"])
def test_bad_budgets(budget):
    g = get_game("thud")
    s = g.start(["Ann", "Bob"])
    with pytest.raises(AIError, match="budget"):
        Thinker(g, s.view(0), 0, budget=budget)


def test_unknown_level_and_game():
    g = get_game("thud")
    s = g.start(["Ann", "Bob"])
    with pytest.raises(AIError, match="level"):
        Thinker(g, s.view(0), 0, level="grandmaster")
    with pytest.raises(AIError, match="unknown game"):
        Thinker("chess", s.view(0), 0)


def test_not_this_players_turn_and_game_over():
    g = get_game("troy")
    s = g.start(["Ann", "Bob"], seed=2)
    other = 1 - s.to_play
    with pytest.raises(AIError, match="turn"):
        Thinker(g, s.view(other), other, budget=5)
    with pytest.raises(AIError, match="over"):
        Thinker(g, s.view(0), None)


def test_a_game_without_hooks(monkeypatch):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    import toygame  # noqa: F401  (registers the toy game)

    g = get_game("toy")
    s = g.start(["Ann", "Bob"], {"max": 3}, seed=1)
    with pytest.raises(AIError, match="no computer player"):
        Thinker(g, s.view(0), 0)


def _corrupt(gid):
    s, p = sample(gid, 1, seed=12)[0]
    v = jnorm(s.view(p))
    if gid == "armadora":
        v["warriors"].append({"sq": "a1", "owner": p, "value": 9, "face_up": True, "arrows": 0,
                              "reinforced": False})
        v["hands"][p]["values"] = [9, 9, 9, 9, 9]
    elif gid == "troy":
        v["bag"] = v["bag"] + 5
    elif gid == "thorval":
        v["own"] = v["own"][:10]
    else:
        v["board"] = v["board"][:3]
    return s, p, v


@pytest.mark.parametrize("gid", ["armadora", "troy", "thorval", "thud"])
def test_views_that_cannot_be_completed(gid):
    s, p, v = _corrupt(gid)
    with pytest.raises(AIError, match="cannot be completed"):
        choose(gid, v, p, budget=5)


@pytest.mark.parametrize("gid", ["armadora", "troy", "thorval", "thud"])
def test_missing_fields(gid):
    s, p = sample(gid, 1, seed=13)[0]
    v = jnorm(s.view(p))
    del v[sorted(v)[len(v) // 2]]
    try:
        text = choose(gid, v, p, budget=5)
    except AIError:
        return
    # a field the rebuild does not need: the move must still be legal
    assert text in [m.text for m in s.legal_moves()]


def test_a_game_may_set_its_own_levels():
    """Levels come from budget and noise (issue 12): Armadora's "easy" draws
    a random move more often than the common easy level, the other levels
    and games keep the common ones."""
    from plateau.ai.api import LEVELS, Thinker, hooks_for, level_for
    from plateau.games.armadora import GAME as ARMADORA

    arm = hooks_for("armadora")
    assert level_for(arm, "easy").noise == 0.6 > LEVELS["easy"].noise
    assert level_for(arm, "normal") == LEVELS["normal"]
    assert level_for(hooks_for("troy"), "easy") == LEVELS["easy"]
    s = ARMADORA.start(["Ann", "Bob"], seed=3)
    t = Thinker(ARMADORA, s.view(s.to_play), s.to_play, level="easy", seed=1)
    assert t.level.noise == 0.6 and t.budget == round(arm.BUDGET * 0.08)
