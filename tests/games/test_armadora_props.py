"""Armadora: random 2-, 3- and 4-player games, basic and advanced, checked at every ply."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plateau.core.game import RenderContext
from plateau.core.record import Record, decode, encode
from plateau.core.rng import Rng
from plateau.games.armadora import GAME
from plateau.games.armadora import rules as R

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def playout(n, rules, seed, review="yes", pass_rate=40):
    """Play a random game; return the record and the state after every ply."""
    opts = {"rules": rules, "review": review}
    s = GAME.start(NAMES[:n], opts, seed)
    rng = Rng(seed ^ 0x5EED)
    rec = Record("armadora", opts, seed, NAMES[:n], [])
    states = [s.clone()]
    while not s.is_over():
        ms = s.legal_moves()
        assert ms, "a player to move always has a move"
        others = [m for m in ms if m.text != "pass"]
        m = rng.choice(others) if others and rng.below(pass_rate) else rng.choice(ms)
        s.play(m)
        rec.moves.append(m.text)
        states.append(s.clone())
        assert len(rec.moves) < 400
    return rec, states


def check_invariants(s):
    n = s.n
    # 40 gold conserved on the board
    assert sum(s.gold) == 40 and sorted(s.gold[m] for m in R.MINES) == [3, 4, 4, 5, 5, 6, 6, 7]
    # tile counts: in hand + on the board = the seed's table
    for p in range(n):
        on_board = [0] * 5
        for i in range(R.NSQ):
            if s.owner[i] == p:
                on_board[s.value[i] - 1] += 1
        assert [a + b for a, b in zip(on_board, s.hand[p])] == R.WARRIORS[n]
        assert all(c >= 0 for c in s.hand[p])
    for i in range(R.NSQ):
        assert not (s.owner[i] >= 0 and s.gold[i])
    # palisades
    assert bin(s.pal).count("1") + s.pal_left == 35 and s.pal_left >= 0
    # territories: a partition of the 40 squares, none under 4
    comp, sizes = s.territory_map()
    assert sum(sizes) == 40 and min(sizes) >= 4
    squares = s.territory_squares()
    assert sorted(i for t in squares for i in t) == list(range(40))
    # powers and reinforcements
    complete = s.complete_territories()
    reinforced = [comp[i] for i in range(R.NSQ) if s.reinf[i]]
    assert len(reinforced) == len(set(reinforced))
    for p in range(n):
        assert s.reinf_left[p] == (s.advanced and not any(s.reinf[i] and s.owner[i] == p for i in range(R.NSQ)))
        if s.advanced:
            assert 0 <= s.powers[p] <= R.POWERS[s.chars[p]]
    if s.is_over():
        c = s.count()
        given_out = sum(c["totals"])
        # "lost": what a split leaves over, and all of a territory nobody holds
        lost = sum(t["lost"] for t in c["territories"])
        assert given_out + lost == 40
        assert all(t["lost"] == t["gold"] for t in c["territories"] if not t["winners"])
        assert s.winners() and all(len(t["squares"]) >= 4 for t in c["territories"])
    return complete


def check_views(s):
    """view(p) never leaks what p may not know."""
    for p in range(s.n):
        v = s.view(p)
        for w in v["warriors"]:
            i = R.SQ_INDEX[w["sq"]]
            allowed = (s.is_over() or s.faceup[i] or (s.owner[i] == p and s.review) or i in s.seen[p])
            assert (w["value"] is not None) == allowed
        for q, h in enumerate(v["hands"]):
            assert ("values" in h) == (q == p or s.is_over())
        assert "rng" not in v
        # the view does not change when what p cannot see changes
        t = s.clone()
        for i in range(R.NSQ):
            if t.owner[i] >= 0 and t.visible_value(i, p) is None:
                t.value[i] = 9
        for q in range(s.n):
            if q != p:
                t.hand[q] = list(reversed(t.hand[q]))
        t._result = None
        if not s.is_over():
            assert t.view(p) == v


CASES = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["basic", "advanced"]),
                  st.integers(0, 2**63 - 1), st.sampled_from(["yes", "no"]))


@settings(max_examples=60, deadline=None)
@given(CASES)
def test_random_games_keep_invariants_and_replay(case):
    n, rules, seed, review = case
    rec, states = playout(n, rules, seed, review)
    final = states[-1]
    assert final.is_over() and all(final.passed)
    # record round-trip at every ply, replay giving the same view(None)
    replayed = rec.states()
    assert len(replayed) == len(states)
    for k, (a, b) in enumerate(zip(states, replayed)):
        check_invariants(a)
        assert a.view(None) == b.view(None)
        prefix = Record("armadora", rec.options, seed, rec.players, rec.moves[:k])
        assert decode(encode(prefix)) == prefix
    for k in (0, len(rec.moves) // 2, len(rec.moves)):
        assert rec.replay(k).view(None) == states[k].view(None)


@settings(max_examples=30, deadline=None)
@given(CASES)
def test_random_games_never_leak_hidden_values(case):
    n, rules, seed, review = case
    _, states = playout(n, rules, seed, review)
    for s in states[:: max(1, len(states) // 12)] + [states[-1]]:
        check_views(s)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.sampled_from(["basic", "advanced"]), st.integers(0, 2**32))
def test_render_hides_values_from_other_players(n, rules, seed):
    _, states = playout(n, rules, seed, pass_rate=60)
    s = states[len(states) * 2 // 3]
    for p in range(n):
        svg = GAME.render(s, RenderContext(viewer=p, lang="en", targets=frozenset(m.path[0] for m in s.legal_moves())))
        for i in range(R.NSQ):
            if s.owner[i] >= 0:
                hidden = s.visible_value(i, p) is None
                assert (f"{R.SQ_NAMES[i]}, value" not in svg) == hidden


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
def test_every_move_path_is_clickable_and_unique(n, seed):
    """Every legal move is reached by clicking its path; texts are unique."""
    _, states = playout(n, "advanced", seed)
    for s in states[::7]:
        ms = s.legal_moves()
        assert len({m.text for m in ms}) == len(ms)
        paths = {}
        for m in ms:
            assert all(" " not in t and t.isascii() for t in m.path)
            key = tuple(sorted(m.path)) if m.free == 0 else m.path
            assert key not in paths, (m.text, paths.get(key))
            paths[key] = m.text


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([2, 4]), st.sampled_from(["basic", "advanced"]), st.integers(0, 2**32))
def test_board_targets_are_drawn_for_every_click(n, rules, seed):
    """Simulate the generic UI: each next target is drawn on the board with data-target (squares, lines)
    or is an off-board button with a catalogue label."""
    _, states = playout(n, rules, seed)
    rng = Rng(seed)
    for s in states[:-1:9]:
        ms = s.legal_moves()
        m = rng.choice(ms)
        clicks = ()
        for step in m.path:
            nxt = set().union(*(x.next_targets(clicks) for x in ms if x.matches(clicks)))
            assert step in nxt
            svg = GAME.render(s, RenderContext(viewer=s.to_play, clicks=clicks, targets=frozenset(nxt)))
            for name in nxt:
                if name in R.SQ_INDEX or name in R.LINE_INDEX:
                    assert f'data-target="{name}"' in svg
                else:
                    assert GAME.target_label(name, "fr") != name
            clicks += (step,)
        assert m.complete(clicks)
