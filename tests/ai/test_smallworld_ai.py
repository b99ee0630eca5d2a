"""Small World's computer hooks (py/plateau/games/smallworld/ai.py).

Rules notes smallworld.md §1.5: "coins are kept face down" — an opponent's
coins are not in a player's view, so the computer must sample them; §1.3:
the banners and badges come from shuffled stacks whose order nobody sees;
§2: the places and relics pile is face down. The generic honesty tests
(test_honesty.py) cover the twin-state and RNG checks for Small World too.
"""

from __future__ import annotations

import dataclasses

import pytest

from plateau.ai import AIError, Thinker, choose, hooks_for
from plateau.core.registry import get_game
from plateau.core.rng import Rng
from plateau.games.smallworld import content as C

from ai_positions import jnorm, sample

G = get_game("smallworld")
H = hooks_for("smallworld")
_POS = []


def positions():
    """60 positions of random games over the sampled tables (made once)."""
    if not _POS:
        _POS.extend(sample("smallworld", 60, seed=17))
    return _POS


def _mid_game(seed=2, n=3, opts=None, plies=120):
    s = G.start(["Ann", "Bob", "Cid", "Dee", "Eve"][:n], opts or {}, seed=seed)
    r = Rng(seed)
    for _ in range(plies):
        ms = s.legal_moves()
        s.play(ms[r.below(len(ms))])
    return s


def test_hidden_parts_are_sampled_from_what_the_view_shows():
    s = _mid_game(plies=40)  # (turn 2: five banners still in the stack, their order unknown)
    p = s.to_play
    v = jnorm(s.view(p))
    assert [c for q, c in enumerate(v["coins"]) if q != p] == [None] * (s.n - 1)
    orders, coins = set(), set()
    for k in range(60):
        d = H.determinize(jnorm(v), p, Rng(k))
        # what the view shows is kept
        assert d.coins[p] == s.coins[p]
        assert sorted(d.banners) == sorted(s.banners) and len(d.badges) == len(s.badges)
        assert sorted(d.badges + d.discard) == sorted(s.badges + s.discard)
        assert len(d.pile) == len(s.pile)
        orders.add(tuple(d.banners))
        coins.add(tuple(c for q, c in enumerate(d.coins) if q != p))
    # ... and the hidden order and coins really vary (not copied from the truth)
    assert len(orders) > 30 and len(coins) > 10


def test_open_coins_are_taken_as_shown():
    s = _mid_game(opts={"open_coins": True})
    p = s.to_play
    for k in range(5):
        assert H.determinize(jnorm(s.view(p)), p, Rng(k)).coins == s.coins


def test_the_turn_state_is_rebuilt_exactly():
    """The turn's public facts (conquests, who was attacked, the Sorcerers'
    victims, the die) decide which moves are legal: a determinization must
    have them as the table does."""
    for s, p in positions():
        d = H.determinize(jnorm(s.view(p)), p, Rng(3))
        assert d.tp == s.tp and d.defq == s.defq and d.stack == s.stack  # the phase, the decisions, what resumes after them
        assert d.next_rid >= max(list(s.recs) + [-1]) + 1
        for k in ("terrain", "nbrs", "entry", "coastal", "mountain", "river", "chasm", "feat", "turns"):
            assert getattr(d, k) == getattr(s, k), k


def test_a_random_board_is_rebuilt_from_its_name():
    """A random board (option ``board``) is named by its seed in the view:
    the determinization builds the same regions."""
    s = _mid_game(seed=4, n=2, opts={"board": "random"}, plies=40)
    p = s.to_play
    d = H.determinize(jnorm(s.view(p)), p, Rng(1))
    assert d.map_id == s.map_id and d.R == s.R
    for k in ("terrain", "nbrs", "entry", "coastal", "mountain", "river", "chasm", "feat"):
        assert getattr(d, k) == getattr(s, k), k
    assert [m.text for m in d.legal_moves()] == [m.text for m in s.legal_moves()]


def test_redeployment_steps_follow_the_plan():
    """The search weighs combos, conquests, the die, decline; each
    redeployment step is the plan's one legal move."""
    seen = 0
    for s, p in positions():
        moves = s.legal_moves()
        kept = H.search_moves(s, moves)
        texts = {m.text for m in moves}
        assert kept and all(m.text in texts for m in kept)
        if s.phase in ("redeploy", "defend") and not s.pending:
            seen += 1
            assert len(kept) == 1
            t = Thinker(G, s.view(p), p, budget=10 ** 6)
            assert t.done and t.best() == kept[0].text
    assert seen > 5


def test_redeployment_plan_ends_and_covers_threatened_regions():
    """Following the plan from any redeployment reaches the end of the step
    (no endless token moves) and every held region keeps a token."""
    for s, p in positions():
        if s.phase != "redeploy" or s.pending:
            continue
        t = s.clone()
        cur = t.cur
        for _ in range(200):
            if t.phase != "redeploy" or t.cur != cur or t.pending:
                break
            t.apply(H.redeploy_move(t, t.legal_moves()))
        else:
            pytest.fail("the redeployment plan never ends")


def test_evaluation_is_a_reward_per_player():
    for s, p in positions():
        r = H.evaluate(s)
        assert len(r) == s.n and all(0.0 <= x <= 1.0 for x in r)


def test_a_view_that_does_not_add_up_gets_a_clear_error():
    s = _mid_game()
    p = s.to_play
    v = jnorm(s.view(p))
    v["banners_left"] += 3
    with pytest.raises(AIError, match="banners"):
        choose(G, v, p, budget=2)
    v = jnorm(s.view(p))
    v["owner"] = v["owner"][:-1]
    with pytest.raises(AIError, match="regions"):
        choose(G, v, p, budget=2)
    v = jnorm(s.view(p))
    del v["turn_state"]
    with pytest.raises(AIError):
        choose(G, v, p, budget=2)


def test_root_prior_is_the_evaluation_one_decision_ahead():
    """The search's progressive bias (ismcts.py, hook ``root_prior``): each
    move it weighs gets the evaluation of the position after it, scaled to
    [0, 1] over the moves; the position searched is left as it was."""
    seen = 0
    for s, p in positions():
        d = H.determinize(jnorm(s.view(p)), p, Rng(5))
        moves = H.search_moves(d, d.legal_moves())
        if len(moves) < 2:
            continue
        before = jnorm(d.view(p))
        prior = H.root_prior(d, moves, p)
        assert jnorm(d.view(p)) == before
        assert set(prior) == {m.text for m in moves}
        assert all(0.0 <= v <= 1.0 for v in prior.values())
        vals = set(prior.values())
        if len(vals) > 1:
            assert max(vals) == 1.0 and min(vals) == 0.0
        best = max(moves, key=lambda m: prior[m.text])
        if not best.text.startswith("die:"):
            t = d.clone()
            t.apply(best)
            after = H.evaluate(t)[p] if not t.is_over() else None
            for m in moves:
                if m.text.startswith("die:") or after is None:
                    continue
                u = d.clone()
                u.apply(m)
                if not u.is_over():
                    assert H.evaluate(u)[p] <= after + 1e-9
        seen += 1
    assert seen > 10


def _die_position():
    """A position where the player to move may try the reinforcement die."""
    for seed in range(1, 60):
        s = G.start(["Ann", "Bob"], {}, seed=seed)
        r = Rng(seed)
        for _ in range(300):
            if s.is_over():
                break
            ms = s.legal_moves()
            if any(m.text.startswith("die:") for m in ms) and len(H.search_moves(s, ms)) > 1:
                return s
            s.play(ms[r.below(len(ms))])
    raise AssertionError("no position with a die move")


def test_the_die_is_weighed_over_its_faces_not_drawn():
    """Rules notes §1.4: the reinforcement die has faces 0, 0, 0, 1, 2, 3.
    The prior of a die conquest is its expectation over the faces, so it
    does not depend on the generator of the determinization (the computer
    draws no die of its own to weigh the move)."""
    s = _die_position()
    p = s.to_play
    a = H.determinize(jnorm(s.view(p)), p, Rng(1))
    b = a.clone()
    b.rng = Rng(987654321)
    moves = H.search_moves(a, a.legal_moves())
    pa = H.root_prior(a, moves, p)
    pb = H.root_prior(b, H.search_moves(b, b.legal_moves()), p)
    assert pa == pb
    die = next(m for m in moves if m.text.startswith("die:"))
    # success only on the faces that cover the shortfall
    rid = a.acting
    short = a.cost(rid, int(die.text[4:])) - a.recs[rid].hand
    outcomes = []
    for face in (0, 1, 2, 3):
        t = a.clone()
        t.rng = H._Face((0, 3, 4, 5)[face])
        t.apply(die)
        outcomes.append(t.owner[int(die.text[4:])] == rid)
    assert outcomes == [face >= short for face in (0, 1, 2, 3)]


def test_the_search_is_biased_towards_the_prior_at_its_root():
    """With the prior on, the root's bias holds each first label once, in
    [0, 1]; the bias changes the search only through the visits it adds."""
    s = _die_position()
    p = s.to_play
    t = Thinker(G, s.view(p), p, seed=3, budget=30)
    if H.PRIOR_WEIGHT > 0:
        assert t.searcher.bias and all(0.0 <= v <= 1.0 for v in t.searcher.bias.values())
        labels = {t.searcher._root_path(m)[0] for m in t.cands}
        assert set(t.searcher.bias) <= labels
    while not t.step():
        pass
    assert t.best() in t.moves


def test_a_strong_prior_steers_the_search(monkeypatch):
    """The bias is really used: a prior that names one move, with a heavy
    weight, makes it the most visited (so the chosen) move."""
    s = _die_position()
    p = s.to_play
    cands = Thinker(G, s.view(p), p, seed=3, budget=1).cands
    assert len(cands) > 2
    for target in (cands[-1], cands[1]):
        monkeypatch.setattr(H, "root_prior", lambda st, moves, pl, target=target: {
            m.text: (1.0 if m.text == target else 0.0) for m in moves})
        monkeypatch.setattr(H, "PRIOR_WEIGHT", 50.0)
        assert choose(G, s.view(p), p, seed=3, budget=3 * len(cands)) == target


def _declined_now(seed=5, turn=3):
    """A 2-player game played at random until a player goes into decline
    at ``turn`` or later: (the position before, the position after)."""
    s = G.start(["Ann", "Bob"], {}, seed=seed)
    r = Rng(seed)
    while not s.is_over():
        ms = s.legal_moves()
        if s.turn >= turn and any(m.text == "decline" for m in ms):
            before = s.clone()
            s.play("decline")
            return before, s
        s.play(ms[r.below(len(ms))])
    raise AssertionError("no decline in this game")


def test_the_hard_evaluation_counts_the_race_to_come():
    """values_hard = values, plus for a player with no active race the best
    combo of the column it can pay for (its tokens as an active race's,
    its coins, less its cost); nothing once no turn is left."""
    for seed in (5, 6, 7):
        before, s = _declined_now(seed)
        p = before.cur
        assert before.active[p] is not None and s.active[p] is None
        v, vh = H.values(s), H.values_hard(s)
        tl = H._turns_left(s, p)
        assert tl > 0
        combos = [0.45 * (C.RACES[race][0] + C.POWERS[power]) * min(tl, 2) + coins - i
                  for i, (race, power, coins) in enumerate(s.column) if i <= s.coins[p]]
        assert vh[p] == pytest.approx(v[p] + max(combos))
        for q in range(s.n):
            if s.active[q] is not None:
                assert vh[q] == v[q]
        assert H.values_hard(before) == H.values(before) or any(a is None for a in before.active)
        # the reward: still a logistic of the lead, in [0, 1]
        assert all(0.0 <= x <= 1.0 for x in H.evaluate_hard(s))
        assert H.evaluate_hard(s)[p] > H.evaluate(s)[p]
        last = s.clone()
        last.turn = last.turns + 1  # past the last turn: no race to come
        assert H._turns_left(last, p) <= 0 and H.values_hard(last)[p] == H.values(last)[p]
    for s, p in positions()[:20]:
        assert len(H.evaluate_hard(s)) == s.n


def test_the_hard_root_prior_uses_the_hard_evaluation():
    before, s = _declined_now(5)
    p = before.cur
    moves = before.legal_moves()
    assert any(m.text == "decline" for m in moves)
    normal = H.root_prior(before, moves, p)
    hard = H.root_prior_hard(before, moves, p)
    assert set(normal) == set(hard)
    # going into decline looks better to the hard evaluation than to the normal one
    assert hard["decline"] > normal["decline"]


def _recs(s):
    return {rid: dataclasses.asdict(rec) for rid, rec in s.recs.items()}


def test_positions_played_from_a_view_leave_it_unchanged():
    """The search plays hundreds of positions rebuilt from one view: none
    may change the view, or the next ones would start from conquests, tiles
    or effects that never happened (a turn's conquests once leaked this way
    from one determinization to the next)."""
    for i, (s, p) in enumerate(positions()):
        v = jnorm(s.view(p))
        ref = jnorm(v)
        first = H.determinize(v, p, Rng(i))
        before = (jnorm(first.tp and first.tp.as_dict()), jnorm(first.x.as_dict()), jnorm(first.pending), jnorm(_recs(first)))
        r = Rng(50 + i)
        for _ in range(40):
            if first.is_over():
                break
            ms = first.legal_moves()
            first.apply(ms[r.below(len(ms))])
        assert v == ref
        again = H.determinize(v, p, Rng(i))
        assert (jnorm(again.tp and again.tp.as_dict()), jnorm(again.x.as_dict()), jnorm(again.pending), jnorm(_recs(again))) == before


def _pending_tile_choice(kind):
    """A random-board game (rules notes §3.11: the Golden Knight and the
    Abominable Snow Thing) played at random up to a tile choice ``kind``."""
    for k in range(200):
        n = 2 + k % 4
        s = G.start(["Ann", "Bob", "Cid", "Dee", "Eve"][:n], {"board": "random"}, seed=k)
        r = Rng(k)
        while not s.is_over():
            if s.pending and s.pending[0]["kind"] == kind:
                return s
            ms = s.legal_moves()
            fights = [m for m in ms if m.text.startswith(("snow:", "knight:"))]
            s.play((fights or ms)[r.below(len(fights or ms))])
    raise AssertionError(f"no {kind} decision found")


@pytest.mark.parametrize("kind", ["snowpick", "knight"])
def test_a_tile_choice_is_rebuilt_with_the_tiles_the_player_sees(kind):
    """Rules notes §3.11: the Snow Thing's beater picks any still-available
    tile; the Golden Knight's keeps tiles among the three drawn. The player
    sees the tiles to choose from, so every determinization offers exactly
    those (it once drew them from its own guess of the pile, and the
    computer chose a tile that was not there), and the computer's choice is
    legal at every level."""
    s = _pending_tile_choice(kind)
    p = s.to_play
    legal = [m.text for m in s.legal_moves()]
    assert len(legal) >= 1
    for k in range(20):
        d = H.determinize(jnorm(s.view(p)), p, Rng(k))
        assert [m.text for m in d.legal_moves()] == legal
    # the others see that a choice is made, not the tiles
    other = (p + 1) % s.n
    assert set(s.view(other)["pending"][0]) == {"kind", "p"}
    for level in ("easy", "normal", "hard"):
        assert choose(G, s.view(p), p, level=level, seed=3, budget=12) in legal
