"""Robustness (issue: "500 AI-vs-AI games per game ... with no exception and
always a legal move"): a few games per game in the default run, 500 per game
marked slow. Small budgets keep them quick; every move the computer returns
is checked against the legal moves before it is played."""

from __future__ import annotations

import pytest

from plateau.ai import Thinker
from plateau.ai.play import ai_player, play_game, random_player
from plateau.core.registry import get_game
from plateau.core.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee"]
SETUPS = {  # (player counts, options, round cap for Thud)
    "thud": ([2], [{}, {"captures": "forced"}, {"rounds": 1}]),
    "armadora": ([2, 3, 4], [{}, {"rules": "advanced"}, {"review": "no"}]),
    "troy": ([2, 3, 4], [{}, {"horse": "glass"}, {"opening": "play"}]),
    "thorval": ([2, 3, 4], [{"turn_limit": 3}, {"turn_limit": 3, "blank_treasure": True}]),
    "smallworld": ([2, 3, 4, 5], [{}, {"board": "underground", "content": "mixed"}, {"monsters": "random"},
                                  {"board": "random", "open_coins": True}]),
}
BUDGET = {"thud": 150, "armadora": 2, "troy": 3, "thorval": 2, "smallworld": 2}


def _check(state, text):
    assert text in [m.text for m in state.legal_moves()]


def run_games(gid, count, level_mix=True):
    g = get_game(gid)
    counts, optsets = SETUPS[gid]
    levels = ["easy", "normal", "hard"]
    for i in range(count):
        n = counts[i % len(counts)]
        opts = optsets[(i // len(counts)) % len(optsets)]
        players = []
        for k in range(n):
            if k == i % n and i % 3 == 0:
                players.append(random_player)
            else:
                players.append(ai_player(levels[(i + k) % 3] if level_mix else "normal", BUDGET[gid]))
        s = play_game(g, players, NAMES[:n], seed=i, options=opts, round_cap=30, check=_check)
        assert s.is_over()


@pytest.mark.parametrize("gid", list(SETUPS))
def test_a_few_computer_games(gid):
    run_games(gid, {"thud": 1, "armadora": 2, "troy": 3, "thorval": 2, "smallworld": 2}[gid])


@pytest.mark.slow
@pytest.mark.parametrize("gid", list(SETUPS))
def test_500_computer_games(gid):
    run_games(gid, 500)


@pytest.mark.parametrize("gid", list(SETUPS))
def test_same_view_seed_budget_same_move(gid):
    from ai_positions import sample

    g = get_game(gid)
    for s, p in sample(gid, 4, seed=21):
        a = Thinker(g, s.view(p), p, seed=9, budget=BUDGET[gid] * 10)
        while not a.step(iterations=7):  # sliced
            pass
        b = Thinker(g, s.view(p), p, seed=9, budget=BUDGET[gid] * 10)
        b.step()  # in one go
        assert a.best() == b.best()


def test_forced_moves_are_answered_without_search():
    g = get_game("thorval")
    s = g.start(NAMES[:2], {"turn_limit": 2}, seed=3)
    r = Rng(5)
    seen = 0
    while not s.is_over():
        ms = s.legal_moves()
        if len(ms) == 1:
            t = Thinker(g, s.view(s.to_play), s.to_play, budget=10 ** 6)
            assert t.done and t.best() == ms[0].text
            seen += 1
        s.play(ms[r.below(len(ms))])
    assert seen


def test_thud_matches_start_from_drawn_openings():
    """Two searchers without noise would play the same Thud match whatever
    the seed (the game has no chance): bench matches start each round from
    a few board moves drawn from the seed, the same in both rounds."""
    g = get_game("thud")

    def after_opening(seed):
        seen = []

        def check(s, text):
            if s.phase == "play" and s.round_plies == 4 and (not seen or seen[-1][0] != s.round):
                seen.append((s.round, list(s.board)))

        play_game(g, [random_player, random_player], ["Ann", "Bob"], seed, round_cap=6, check=check, opening=4)
        return seen

    a, b = after_opening(1), after_opening(2)
    assert len(a) == 2 and a[0][1] == a[1][1]  # both rounds from the same position
    assert a[0][1] != list(g.start(["Ann", "Bob"], seed=1).board)  # four moves were played
    assert a[0][1] != b[0][1]  # another seed, another opening
