"""Computer participants of the Arkhanis tournament: honest (issue 12 §5 for
the tournament: the decision depends on the participant's view only) and
robust (tournaments played by computers to the end, issue 11 item 5)."""

from __future__ import annotations

import pytest

from plateau.ai import choose, hooks_for
from plateau.core.registry import get_game
from plateau.core.rng import Rng

from ai_positions import jnorm

GAME = get_game("arkhanis")


def positions(count, seed):
    """Positions of random tournaments (random players), each with the participant to decide."""
    r = Rng(seed)
    out = []
    while len(out) < count:
        s = GAME.start([f"P{i}" for i in range(4 + r.below(5))], {}, r.below(10**6))
        stop = r.below(900)
        for _ in range(stop):
            if s.is_over():
                break
            ms = s.legal_moves()
            ts = [m.text for m in ms]
            pick = next((x for x in ("done", "end", "nopeace", "pass") if x in ts and r.below(3) == 0), None)
            s.play(pick or r.choice(ms).text)
        if not s.is_over():
            out.append((s, s.to_play))
    return out


@pytest.fixture(scope="module")
def sample():
    return positions(12, 5)


def test_determinizer_keeps_the_view_and_the_moves(sample):
    hooks = hooks_for("arkhanis")
    differs = 0
    for s, p in sample:
        v = jnorm(s.view(p))
        assert "rng" not in v and "schedule" not in v
        d = hooks.determinize(jnorm(v), p, Rng(1))
        assert jnorm(d.view(p)) == v
        assert [m.text for m in d.legal_moves()] == [m.text for m in s.legal_moves()]
        differs += jnorm(d.view(None)) != jnorm(s.view(None))
    assert differs == len(sample)  # the others' coins, the events to come, the stacks are guessed


def test_twin_tournaments_and_another_rng_give_the_same_decision(sample):
    hooks = hooks_for("arkhanis")
    for i, (s, p) in enumerate(sample):
        twin = hooks.determinize(jnorm(s.view(p)), p, Rng(100 + i))
        other = s.clone()
        other.rng = Rng(4242 + i)
        a = choose(GAME, s.view(p), p, seed=i, budget=4)
        assert choose(GAME, twin.view(p), p, seed=i, budget=4) == a
        assert choose(GAME, other.view(p), p, seed=i, budget=4) == a
        assert a in [m.text for m in s.legal_moves()]


def play_by_computers(n, seed, level="easy"):
    s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
    k = 0
    while not s.is_over():
        p = s.to_play
        m = choose(GAME, s.view(p), p, level=level, seed=k)
        assert m in [x.text for x in s.legal_moves()]
        s.play(m)
        k += 1
        assert k < 5000
    return s


def test_a_tournament_played_by_computers_to_the_end():
    s = play_by_computers(4, 11)
    assert s.turn == 10 and s.winners() and all(c >= 0 for c in s.coins)


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(6, 1), (9, 2), (12, 3)])
def test_more_tournaments_played_by_computers(n, seed):
    s = play_by_computers(n, seed)
    assert s.turn == 10 and s.winners()


@pytest.mark.parametrize("seed", [3, 10])
def test_any_participants_view_rebuilds_while_another_decides(seed):
    """A device holding participants who are not deciding (a table device in
    club mode, ``web/club.build_state``) rebuilds the position from their
    view, although a decision pending for someone else (the Golden Knight's
    draw, a tavern, a relic's choice) keeps its details from them. Seeds 3
    and 10 reach such decisions (a tavern's choices, the Knight's draw)."""
    import random

    from plateau.games.arkhanis.ai import determinize

    g = get_game("arkhanis")
    s = g.start([f"P{i}" for i in range(6 + seed % 4)], g.full_options({}), seed)
    rnd = random.Random(seed)
    while not s.is_over():
        for p in range(s.n):
            built = determinize(s.view(p), p, Rng(1))
            assert built.to_play == s.to_play
            if p == s.to_play:
                assert built.legal_moves()
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
        m = rnd.choice(ends) if ends and rnd.random() < 0.3 else rnd.choice(ms)
        s.play(m.text)
