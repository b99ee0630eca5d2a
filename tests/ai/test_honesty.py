"""The computer is honest (research notes ai.md §7; issue: "two true states
that share the same view(player) give the same decision, and changing the
game's RNG state never changes it").

The computer is given ``state.view(player)`` only; playable states are
rebuilt by each game's ``determinize`` with a fresh generator."""

from __future__ import annotations

import pytest

from plateau.ai import choose, hooks_for
from plateau.core.registry import get_game
from plateau.core.rng import Rng

from ai_positions import jnorm, sample

HIDDEN = ["armadora", "troy", "thorval", "smallworld"]
N_POS = 200


@pytest.fixture(scope="module", params=HIDDEN)
def positions(request):
    return request.param, sample(request.param, N_POS, seed=3)


def test_determinizer_keeps_the_view_and_the_moves(positions):
    gid, pos = positions
    hooks = hooks_for(gid)
    differs = 0
    for s, p in pos:
        v = jnorm(s.view(p))
        assert "rng" not in v  # a player's view never carries the generator
        for k in (1, 2):
            d = hooks.determinize(jnorm(v), p, Rng(k))
            assert jnorm(d.view(p)) == v
            # legal moves do not depend on hidden information
            assert [m.text for m in d.legal_moves()] == [m.text for m in s.legal_moves()]
            # a fresh generator: future dice and shuffles are not the game's
            assert d.rng.state != s.rng.state
            differs += jnorm(d.view(None)) != jnorm(s.view(None))
    # the hidden parts really are resampled (not copied from anywhere)
    assert differs > len(pos) // 2


def test_twin_states_and_another_rng_give_the_same_decision(positions):
    gid, pos = positions
    g = get_game(gid)
    hooks = hooks_for(gid)
    for i, (s, p) in enumerate(pos):
        twin = hooks.determinize(jnorm(s.view(p)), p, Rng(100 + i))  # other hidden parts, other rng
        other_rng = s.clone()
        other_rng.rng = Rng(987654321 + i)
        budget = 3 if gid != "armadora" else 2
        a = choose(g, s.view(p), p, seed=i, budget=budget)
        assert choose(g, twin.view(p), p, seed=i, budget=budget) == a
        assert choose(g, other_rng.view(p), p, seed=i, budget=budget) == a
        assert a in [m.text for m in s.legal_moves()]


@pytest.mark.parametrize("gid", HIDDEN)
def test_twin_decisions_with_a_real_search(gid):
    """Same check with a search that has time to prefer a move (fewer
    positions: a bigger budget)."""
    g = get_game(gid)
    hooks = hooks_for(gid)
    for i, (s, p) in enumerate(sample(gid, 6, seed=9)):
        twin = hooks.determinize(jnorm(s.view(p)), p, Rng(7 + i))
        twin.rng = Rng(31337 + i)
        a = choose(g, s.view(p), p, seed=5, budget=40)
        assert choose(g, twin.view(p), p, seed=5, budget=40) == a


def test_armadora_hidden_values_are_dealt_uniformly():
    """An opponent's face-down warrior takes each value in proportion to the
    values left in their set (chi-square, p > 0.001)."""
    g = get_game("armadora")
    hooks = hooks_for("armadora")
    s = g.start(["Ann", "Bob"], {}, seed=5)
    s.play("pick:orc")
    s.play("pick:goblin")
    for v in (5, 2, 1, 4):
        s.play(next(m for m in s.legal_moves() if m.text.startswith(f"W{v}@")))
    v = jnorm(s.view(0))
    hidden = [w for w in v["warriors"] if w["owner"] == 1 and w["value"] is None]
    assert hidden and all(w["value"] is None for w in hidden)
    sq = hidden[0]["sq"]
    from plateau.games.armadora.rules import SQ_INDEX, WARRIORS

    left = list(WARRIORS[2])  # Bob's whole set is unseen by Ann
    total = sum(left)
    n = 2000
    freq = [0] * 5
    for k in range(n):
        d = hooks.determinize(jnorm(v), 0, Rng(k))
        freq[d.value[SQ_INDEX[sq]] - 1] += 1
    chi2 = sum((freq[i] - n * left[i] / total) ** 2 / (n * left[i] / total) for i in range(5) if left[i])
    df = sum(1 for x in left if x) - 1
    critical = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47}[df]
    assert chi2 < critical, (freq, left)


def test_troy_unseen_treasures_are_dealt_over_unseen_districts():
    hooks = hooks_for("troy")
    s, p = sample("troy", 1, seed=4)[0]
    v = jnorm(s.view(p))
    known = {d for d, t in enumerate(v["treasures"]) if t is not None}
    got = set()
    for k in range(300):
        d = hooks.determinize(jnorm(v), p, Rng(k))
        for i in known:
            assert d.treasure(i) == v["treasures"][i]
        got.add(tuple(d.treasure(i) for i in range(7) if i not in known))
    assert len(got) > 1 or len(known) >= 6
