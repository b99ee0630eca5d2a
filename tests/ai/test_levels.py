"""A level is more than a budget (issue 12, point 2: "three levels from
budget and noise"; point 4: "hard beats normal"): a game's hooks may give a
level its own search settings (``LEVELS = {"hard": (scale, noise,
{settings})}``, plateau.ai.api.level_for). These tests check that the
settings reach the search, that a level without settings searches exactly
as before, and that the ensemble of trees stays deterministic per seed."""

from __future__ import annotations

import pytest

from plateau.ai import AIError, Thinker, choose, hooks_for
from plateau.ai.api import LEVELS, Tuned, level_for, search_hooks
from plateau.ai.ismcts import ISMCTS, Ensemble
from plateau.core.registry import get_game
from plateau.core.rng import Rng

G = get_game("smallworld")
H = hooks_for("smallworld")
TROY = get_game("troy")
THORVAL = get_game("thorval")


def _mid_game(game, seed=2, plies=60):
    s = game.start(["Ann", "Bob"], {}, seed=seed)
    r = Rng(seed)
    for _ in range(plies):
        if s.is_over():
            break
        ms = s.legal_moves()
        s.play(ms[r.below(len(ms))])
    return s


def _choice(game, seed=2):
    """A position where the computer has a real choice to search."""
    for k in range(40):
        s = _mid_game(game, seed + k, 40 + 7 * (k % 5))
        if s.is_over():
            continue
        p = s.to_play
        t = Thinker(game, s.view(p), p, seed=1, budget=1)
        if len(t.cands) > 2:
            return s
    raise AssertionError("no position with a choice")


def test_level_settings_are_read_from_the_hooks():
    class Hooks:
        HORIZON = 10
        LEVELS = {"hard": (2.0, 0.0, {"HORIZON": 30, "TREES": 2}), "easy": (0.1, 0.5)}

        @staticmethod
        def evaluate(s):
            return [0.5]

        @staticmethod
        def evaluate_hard(s):
            return [1.0]

    hard = level_for(Hooks, "hard")
    assert hard.scale == 2.0 and dict(hard.search) == {"HORIZON": 30, "TREES": 2}
    assert level_for(Hooks, "easy").search == ()
    assert level_for(Hooks, "normal") == LEVELS["normal"]
    tuned = search_hooks(Hooks, hard)
    assert tuned.HORIZON == 30 and tuned.TREES == 2 and tuned.evaluate(None) == [0.5]
    assert search_hooks(Hooks, level_for(Hooks, "normal")) is Hooks  # no settings: the module itself
    swapped = Tuned(Hooks, (("evaluate", "evaluate_hard"),))
    assert swapped.evaluate(None) == [1.0] and swapped.HORIZON == 10
    with pytest.raises(AIError, match="no function"):
        Tuned(Hooks, (("evaluate", "evaluate_hard"), ("rollout_move", "rollout_nowhere")))


def test_a_level_may_add_a_rollout_policy_the_others_do_not_use():
    """Le Cheval de Troie's hard level: rollouts of its own, where the
    common levels play random ones (the module has no ``rollout_move``)."""
    class Hooks:
        @staticmethod
        def guided(s, rng):
            return "guided"

    tuned = Tuned(Hooks, (("rollout_move", "guided"),))
    assert tuned.rollout_move(None, None) == "guided" and not hasattr(Hooks, "rollout_move")
    with pytest.raises(AIError, match="no function"):
        Tuned(Hooks, (("rollout_move", "nowhere"),))


def test_small_world_has_a_hard_level_of_its_own():
    """Small World's easy and normal levels are the common ones (the search
    gets the hooks module itself: the same moves as before for the same
    view, seed and budget); its hard level adds paired playouts at the plan
    decisions and rollouts that go into decline (tests/ai/test_paired.py)."""
    for name in ("easy", "normal"):
        assert level_for(H, name) == LEVELS[name] and level_for(H, name).search == ()
    hard = level_for(H, "hard")
    assert hard.scale == LEVELS["hard"].scale and dict(hard.search) == {
        "searcher_for": "paired_searcher", "rollout_move": "rollout_move_plan"}
    s = _choice(G)
    p = s.to_play
    t = Thinker(G, s.view(p), p, level="normal", seed=4)
    assert t.shooks is H and type(t.searcher) is ISMCTS
    t = Thinker(G, s.view(p), p, level="hard", seed=4)
    assert t.shooks.rollout_move is H.rollout_move_plan and t.shooks.evaluate is H.evaluate


def test_settings_reach_the_search(monkeypatch):
    s = _choice(G)
    p = s.to_play
    monkeypatch.setattr(H, "LEVELS", {"hard": (3.0, 0.0, {"HORIZON": 5, "UCB_C": 0.3, "PRIOR_WEIGHT": 2.5})}, raising=False)
    t = Thinker(G, s.view(p), p, level="hard", seed=4)
    assert type(t.searcher) is ISMCTS
    assert (t.searcher.horizon, t.searcher.C, t.searcher.pw) == (5, 0.3, 2.5)
    assert t.budget == round(H.BUDGET * 3.0)
    n = Thinker(G, s.view(p), p, level="normal", seed=4)
    assert (n.searcher.horizon, n.searcher.C, n.searcher.pw) == (H.HORIZON, ISMCTS.C, H.PRIOR_WEIGHT)

    # a rollout length of 0 really cuts the rollouts: the hook is never asked
    calls = []
    real = H.rollout_move

    def counted(st, rng):
        calls.append(1)
        return real(st, rng)

    monkeypatch.setattr(H, "rollout_move", counted)
    monkeypatch.setattr(H, "LEVELS", {"hard": (3.0, 0.0, {"HORIZON": 0})}, raising=False)
    t = Thinker(G, s.view(p), p, level="hard", seed=4, budget=20)
    while not t.step():
        pass
    assert not calls
    t = Thinker(G, s.view(p), p, level="normal", seed=4, budget=20)
    while not t.step():
        pass
    assert calls


@pytest.mark.parametrize("game", [G, TROY], ids=["smallworld", "troy"])
def test_an_ensemble_of_trees_shares_the_budget_and_is_deterministic(game, monkeypatch):
    hooks = hooks_for(game)
    s = _choice(game)
    p = s.to_play
    monkeypatch.setattr(hooks, "LEVELS", {"hard": (3.0, 0.0, {"TREES": 3})}, raising=False)
    runs = []
    for _ in range(2):
        t = Thinker(game, s.view(p), p, level="hard", seed=9, budget=60)
        assert isinstance(t.searcher, Ensemble) and len(t.searcher.trees) == 3
        while not t.step(iterations=7):
            pass
        assert [tr.root.n for tr in t.searcher.trees] == [20, 20, 20]
        stats = t.searcher.root_stats()
        assert sum(n for n, _ in stats.values()) == 60
        runs.append((t.best(), stats))
    assert runs[0] == runs[1]
    assert runs[0][0] in [m.text for m in s.legal_moves()]
    # the final choice follows the visits added up over the trees
    best_label = max(runs[0][1].items(), key=lambda kv: (kv[1][0], kv[1][1]))[0]
    t = Thinker(game, s.view(p), p, level="hard", seed=9, budget=60)
    while not t.step():
        pass
    assert t.searcher._root_path(t.best())[0] == best_label
    # another seed searches other determinizations
    other = Thinker(game, s.view(p), p, level="hard", seed=10, budget=60)
    while not other.step():
        pass
    assert other.searcher.root_stats() != runs[0][1]


def test_a_single_tree_and_the_common_levels_play_as_before():
    """Without settings a level searches one tree with the hooks module
    itself: Thorval's hard move (the common level) is the normal search's
    move at 3x the budget (the same view, seed and budget give the same
    move)."""
    s = _choice(THORVAL)
    p = s.to_play
    hard = Thinker(THORVAL, s.view(p), p, level="hard", seed=5, budget=90)
    normal = Thinker(THORVAL, s.view(p), p, level="normal", seed=5, budget=90)
    assert type(hard.searcher) is ISMCTS and hard.shooks is hooks_for(THORVAL)
    for t in (hard, normal):
        while not t.step():
            pass
    assert hard.best() == normal.best()
    assert hard.searcher.root_stats() == normal.searcher.root_stats()
    assert choose(THORVAL, s.view(p), p, level="hard", seed=5, budget=90) == hard.best()


def _plan_and_step(game=G):
    """A Small World position at a plan decision (a combo to pick, or going
    into decline) and one at an ordinary decision, both with a choice."""
    plan = step = None
    for k in range(60):
        s = _mid_game(game, 3 + k, 10 + 9 * (k % 7))
        if s.is_over():
            continue
        p = s.to_play
        t = Thinker(game, s.view(p), p, seed=1, budget=1)
        if len(t.cands) < 2:
            continue
        if H.plan_decision(s):
            plan = plan or s
        elif s.phase == "conquer":
            step = step or s
        if plan and step:
            return plan, step
    raise AssertionError("no plan decision and ordinary decision found")


def test_plan_decisions_are_the_combo_and_the_decline():
    plan, step = _plan_and_step()
    assert plan.phase in ("pick", "conquer", "stout")
    if plan.phase == "conquer":
        assert "decline" in [m.text for m in plan.legal_moves()]
    assert not H.plan_decision(step)
    # the common levels: the hooks change nothing
    assert H.horizon_for(plan, 24) == 24 and H.budget_for(plan, 600) == 600
    # the plan search: to the end of the game, fewer iterations the more turns are left
    assert H.plan_horizon(plan, 24) == H.PLAN_HORIZON and H.plan_horizon(step, 24) == 24
    assert H.plan_budget(step, 600) == 600
    left = (plan.turns - plan.turn + 1) * plan.n * H.TURN_DECISIONS
    assert H.plan_budget(plan, 600) == max(12, round(600 * H.PLAN_TIME * H.HORIZON / max(H.HORIZON, left)))


def test_a_level_may_set_the_horizon_and_budget_of_each_decision(monkeypatch):
    plan, step = _plan_and_step()
    monkeypatch.setattr(H, "LEVELS", {"hard": (3.0, 0.0, {"horizon_for": "plan_horizon",
                                                          "budget_for": "plan_budget"})}, raising=False)
    for s, planned in ((plan, True), (step, False)):
        p = s.to_play
        t = Thinker(G, s.view(p), p, level="hard", seed=4)
        root = t.determinize()
        assert t.searcher.horizon == (H.PLAN_HORIZON if planned else H.HORIZON)
        assert t.budget == (H.plan_budget(root, 600) if planned else 600)
        n = Thinker(G, s.view(p), p, level="normal", seed=4)
        assert (n.searcher.horizon, n.budget) == (H.HORIZON, H.BUDGET)
    # a rollout to the end of the game plays it out: the search scores finished games
    import plateau.ai.ismcts as search

    p = plan.to_play
    ends = []
    real = search.reward_of

    def seen(hooks, st, player):
        ends.append(st.is_over())
        return real(hooks, st, player)

    monkeypatch.setattr(search, "reward_of", seen)
    t = Thinker(G, plan.view(p), p, level="hard", seed=4, budget=8)
    while not t.step():
        pass
    assert t.best() in [m.text for m in plan.legal_moves()]
    assert len(ends) == t.budget and all(ends)  # each iteration scored a finished game
    ends.clear()
    t = Thinker(G, plan.view(p), p, level="normal", seed=4, budget=8)
    while not t.step():
        pass
    assert len(ends) == 8 and not all(ends)  # cut after HORIZON decisions
