"""Paired playouts (plateau.ai.paired) and Small World's hard level.

Issue 12, point 4: "hard beats normal ≥ 60 %". Small World's hard level
weighs the decisions that shape the rest of a game — the combo (rules notes
smallworld.md §1.3), going into decline (§1.5) — by playing each option to
the game's end on the same futures, and its rollouts go into decline as a
player does. These tests check the comparison's bookkeeping (the same
futures for every option, the budget, the hand-over to the common search),
the plan rollouts, and that the level stays honest and deterministic.
"""

from __future__ import annotations

import pytest

from plateau.ai import Thinker, choose, hooks_for
from plateau.ai.ismcts import ISMCTS
from plateau.ai.paired import Paired
from plateau.core.registry import get_game
from plateau.core.rng import Rng

from ai_positions import jnorm

G = get_game("smallworld")
H = hooks_for("smallworld")


def test_the_hard_level_is_normals_search_with_paired_playouts():
    assert H.LEVELS == {"hard": (3.0, 0.0, {"searcher_for": "paired_searcher",
                                            "rollout_move": "rollout_move_plan"})}


def _positions(want, count=1, seed=3):
    """Positions of random two-player games where ``want(state)`` holds and
    the computer has a choice."""
    out = []
    for k in range(400):
        s = G.start(["Ann", "Bob"], {}, seed=seed + k)
        r = Rng(seed + k)
        stop = 5 + r.below(110)
        for _ in range(stop):
            if s.is_over():
                break
            ms = s.legal_moves()
            s.play(ms[r.below(len(ms))])
        if s.is_over() or not want(s):
            continue
        p = s.to_play
        if len(Thinker(G, s.view(p), p, seed=1, budget=1).cands) > 1:
            out.append(s)
            if len(out) == count:
                return out
    raise AssertionError("no such position")


def _decline(s):
    return s.phase == "conquer" and H.plan_decision(s)


def _think(s, level="hard", seed=4, budget=None):
    p = s.to_play
    t = Thinker(G, s.view(p), p, level=level, seed=seed, budget=budget)
    while not t.step():
        pass
    return t


def test_the_hard_level_plays_paired_playouts_at_plan_decisions_only():
    pick = _positions(lambda s: s.phase == "pick")[0]
    decline = _positions(_decline)[0]
    step = _positions(lambda s: s.phase == "conquer" and not H.plan_decision(s))[0]
    for s in (pick, decline):
        t = Thinker(G, s.view(s.to_play), s.to_play, level="hard", seed=4)
        assert type(t.searcher) is Paired and t.budget == round(H.BUDGET * 3)
        assert type(Thinker(G, s.view(s.to_play), s.to_play, level="normal", seed=4).searcher) is ISMCTS
    t = Thinker(G, step.view(step.to_play), step.to_play, level="hard", seed=4)
    assert type(t.searcher) is ISMCTS  # an ordinary decision: the common search, at 3x the budget
    # a combo: every combo on offer is an option of its own; a decline: decline or conquer
    t = Thinker(G, pick.view(pick.to_play), pick.to_play, level="hard", seed=4)
    assert [lab for lab, _ in t.searcher.groups] == t.cands
    t = Thinker(G, decline.view(decline.to_play), decline.to_play, level="hard", seed=4)
    (lab0, g0), (lab1, g1) = t.searcher.groups
    assert (lab0, g0, lab1) == ("decline", ["decline"], "conquer")
    assert sorted(g1 + g0) == sorted(t.cands)


def test_every_option_meets_the_same_future():
    """Common random numbers: two options that are the same move get the
    same playouts, round after round, so their means are equal to the last
    digit. Without the shared determinization and generator they differ."""
    s = _positions(lambda s: s.phase == "pick")[0]
    p = s.to_play
    t = Thinker(G, s.view(p), p, level="normal", seed=2, budget=60)
    m = t.cands[0]
    pr = Paired(t, t.determinize(), [("a", [m]), ("b", [m]), ("c", [t.cands[1]])], H.final_reward)
    while pr.choice is None:
        pr.run(1)
    stats = pr.root_stats()
    assert stats["a"] == stats["b"] and stats["a"][0] >= 2
    assert pr.n[0] == pr.n[1] == pr.n[2]  # whole rounds only


def test_the_comparison_spends_its_share_of_the_budget_and_hands_over():
    s = _positions(_decline)[0]
    p = s.to_play
    t = Thinker(G, s.view(p), p, level="hard", seed=3)
    pr = t.searcher
    assert pr.limit == int(t.budget * H.DECLINE_SHARE)
    while not t.step():
        pass
    assert pr.used >= pr.limit and t.spent >= t.budget
    # each playout went to the game's end and cost 1 unit per STEP_COST moves
    assert sum(pr.n) >= 2 and pr.n[0] == pr.n[1]
    best = t.best()
    if pr.choice == 0:
        assert best == "decline" and pr.sub is None
    else:
        assert best != "decline" and best in t.cands
        assert type(pr.sub) is ISMCTS and pr.sub.root.n == t.spent - pr.used


def test_the_comparison_chooses_the_better_option():
    """Scored one move ahead on the coins a combo costs and brings (the
    column's coins less its place, rules notes §1.3), the comparison finds
    the combo a greedy player would take, and the means are those coins."""
    s = _positions(lambda s: s.phase == "pick" and len(s.column) == 6 and s.coins[s.cur] >= 5)[0]
    p = s.to_play
    t = Thinker(G, s.view(p), p, level="normal", seed=1, budget=60)
    before = s.coins[p]
    pr = Paired(t, t.determinize(), [(c, [c]) for c in t.cands], lambda st, q: st.coins[q] - before,
                horizon=1)
    while pr.choice is None:
        pr.run(1)
    gain = {f"pick:{i}": c - i for i, (_, _, c) in enumerate(s.column)}
    assert {lab: m for lab, (_, m) in pr.root_stats().items()} == gain
    assert pr.best() == max(sorted(gain), key=lambda k: (gain[k], -int(k[5:])))


def test_the_hard_level_is_deterministic_and_honest():
    """The same view, seed and budget give the same move; a twin state with
    other hidden parts and another generator gives the same move too."""
    for i, s in enumerate(_positions(lambda s: H.plan_decision(s), count=4, seed=40)):
        p = s.to_play
        twin = H.determinize(jnorm(s.view(p)), p, Rng(7 + i))
        twin.rng = Rng(31337 + i)
        a = choose(G, s.view(p), p, level="hard", seed=i, budget=40)
        assert a in [m.text for m in s.legal_moves()]
        assert choose(G, twin.view(p), p, level="hard", seed=i, budget=40) == a
        assert choose(G, s.view(p), p, level="hard", seed=i, budget=40) == a


def test_the_page_may_stop_the_comparison_early():
    """A time cap (a slow device) ends the thinking mid-comparison: the
    move is still legal, chosen from the rounds played."""
    s = _positions(_decline)[0]
    p = s.to_play
    t = Thinker(G, s.view(p), p, level="hard", seed=3)
    t.step(iterations=5)
    assert t.searcher.choice is None
    assert t.best() in t.moves


def _hand_at_turn_start(left, hand):
    """A two-player position at the start of a turn (decline allowed) with
    ``left`` turns after this one and ``hand`` tokens ready to conquer."""
    s = _positions(_decline, seed=90)[0].clone()
    s.turn = s.turns - left
    s.recs[s.acting].hand = hand
    return s


@pytest.mark.parametrize("left,hand,declines", [
    (5, 2, {True}), (5, 3, {True, False}), (5, 4, {False}), (2, 0, {True}), (2, 6, {False}),
    (1, 1, {True}), (1, 2, {False}), (0, 0, {False}), (0, 1, {False}),
])
def test_plan_rollouts_go_into_decline_with_few_tokens(left, hand, declines):
    """A player goes into decline when the race has little left to conquer
    with (rules notes §1.5: the race then scores as a declined one and a new
    combo comes next turn): with 2 tokens or fewer, one time in two with 3,
    and with 1 or none on the turn before the last; never on the last turn,
    when a new race would not play. The common rollouts keep a race until it
    has about as many tokens as regions."""
    s = _hand_at_turn_start(left, hand)
    assert "decline" in [m.text for m in s.legal_moves()]
    got = {H.rollout_move_plan(s, Rng(k)).text == "decline" for k in range(40)}
    assert got == declines
    if hand >= 2:
        assert all(H.rollout_move(s, Rng(k)).text != "decline" for k in range(10))


def test_a_decision_in_slices_is_the_decision_in_one_go():
    """The page searches in slices of a few milliseconds; a playout then
    goes on from one slice to the next. The move and the statistics are
    those of the search in one go."""
    for s in _positions(lambda s: H.plan_decision(s), count=3, seed=70):
        p = s.to_play
        a = Thinker(G, s.view(p), p, level="hard", seed=9, budget=90)
        while not a.step(iterations=1):
            pass
        b = Thinker(G, s.view(p), p, level="hard", seed=9, budget=90)
        b.step()
        assert a.best() == b.best() and a.searcher.root_stats() == b.searcher.root_stats()
        assert a.spent == b.spent


def test_hard_games_on_every_kind_of_table_end_with_legal_moves():
    """Hard players on the tables of the robustness run (2–5 players, the
    Underground board and its content, monsters, random boards), small
    budgets: every move legal, every game finished."""
    from plateau.ai.play import ai_player, play_game

    tables = [(2, {}), (3, {"board": "underground", "content": "mixed"}), (4, {"monsters": "random"}),
              (5, {"board": "random", "open_coins": True})]
    for i, (n, opts) in enumerate(tables):
        def check(state, text):
            assert text in [m.text for m in state.legal_moves()]

        s = play_game(G, [ai_player("hard", 3)] * n, ["Ann", "Bob", "Cid", "Dee", "Eve"][:n], seed=60 + i,
                      options=opts, check=check)
        assert s.is_over()
