"""Random Thorval games: invariants at every ply, records that replay, views that keep secrets."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau.core.game import RenderContext
from plateau.core.record import Record, decode, encode
from plateau.core.rng import Rng
from plateau.games.thorval import GAME
from plateau.games.thorval import board as B
from plateau.games.thorval.rules import EMPTY, ORKS
from plateau.games.thorval.render import PLAYER_TEXT

OPTION_SETS = [
    {},
    {"attack_mode": "free", "kingdom": "castle", "ring": "take", "boat": "all", "ork_attack": "each"},
    {"blank_treasure": True, "defender_heroes": True, "open_hand": True},
]


def check_invariants(s):
    n = s.n
    for c in range(B.N):
        o = s.own[c]
        assert o in (EMPTY, ORKS) or 0 <= o < n
        assert s.cnt[c] >= 0
        if o == EMPTY:
            assert s.cnt[c] == 0
        elif o == ORKS:
            assert s.cnt[c] >= 1
        else:
            assert s.units(c) >= 1
    for p in range(n):
        for pos in (s.hero[p], s.mage[p]):
            assert pos == -1 or s.own[pos] == p
        if s.hero[p] >= 0:
            assert s.hero[p] != s.mage[p]  # never in the same case
        assert 0 <= s.aids[p] <= 10
        if s.out[p]:
            assert s.total_units(p) == 0
    unfound = [t[2] for t in s.tre if not t[3]]
    assert len(unfound) == len(set(unfound)) or -1 in unfound
    if s.is_over():
        assert s.to_play is None and s.winners()
    else:
        assert s.to_play is not None and not s.out[s.to_play]
        moves = s.legal_moves()
        assert moves
        texts = [m.text for m in moves]
        assert len(texts) == len(set(texts))
        paths = [m.path for m in moves]
        assert len(paths) == len(set(paths))


def check_views(s):
    for p in range(s.n):
        v = s.view(p)
        assert "rng" not in v
        # the pending steps of the turn are public bookkeeping (the computer
        # player rebuilds positions from them); they never name a treasure kind
        assert not any(a in ("chest", "crown", "ring", "blank") for step in v["steps"] for a in step[1:])
        if not s.opts.get("open_hand"):
            assert all(t["kind"] is None for t in v["treasures"] if not t["found"])
        assert v["own"] == s.own


def random_game(seed, n, opts, picks=None, max_plies=6000):
    opts = {"turn_limit": 3, **opts}
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed ^ 0x5EED)
    moves, states = [], [s.clone()]
    while not s.is_over() and len(moves) < max_plies:
        legal = s.legal_moves()
        m = legal[(picks.draw(st.integers(0, len(legal) - 1)) if picks else r.below(len(legal)))]
        s.play(m)
        moves.append(m.text)
        states.append(s.clone())
    return s, moves, states, opts


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6), k=st.integers(0, len(OPTION_SETS) - 1),
       limit=st.sampled_from([0, 3]))
def test_random_games_keep_the_invariants(seed, n, k, limit):
    """Games played to a winner (no turn limit) or to a 3-turn limit."""
    s, moves, states, opts = random_game(seed, n, {**OPTION_SETS[k], "turn_limit": limit})
    assert s.is_over()
    for st_ in states:
        check_invariants(st_)
    for st_ in states[:: max(1, len(states) // 20)]:
        check_views(st_)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6))
def test_record_round_trip_and_replay_at_every_ply(seed, n):
    s, moves, states, opts = random_game(seed, n, {"turn_limit": 0})
    rec = Record("thorval", opts, seed, [f"P{i}" for i in range(n)], moves)
    again = decode(encode(rec))
    assert again == rec
    replayed = again.states()
    assert len(replayed) == len(states)
    for a, b in zip(states, replayed):
        assert a.view(None) == b.view(None)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(2, 6))
def test_games_driven_by_hypothesis_choices(data, n):
    s, moves, states, _ = random_game(7, n, {}, picks=data, max_plies=400)
    for st_ in states:
        check_invariants(st_)


def test_renders_from_every_seat():
    s, moves, states, _ = random_game(3, 4, {})
    for st_ in states[:: max(1, len(states) // 12)]:
        legal = st_.legal_moves()
        targets = frozenset(m.path[0] for m in legal)
        for viewer in (None, 0, 3):
            svg = GAME.render(st_, RenderContext(viewer=viewer, targets=targets, lang="en"))
            assert svg.startswith("<svg") and svg.endswith("</svg>")
            hidden = sum(1 for t in st_.tre if not t[3] and t[2] >= 0)
            faces_down = sum(svg.count(f'font-weight="bold" fill="{ink}">?</text>') for ink in set(PLAYER_TEXT))
            assert faces_down == (hidden if viewer is not None else 0)
            for tg in targets:
                if tg in B.BY_TARGET:
                    assert f'data-target="{tg}"' in svg


def test_player_names_are_escaped_in_the_board():
    s = GAME.start(["<b>Ann</b>", "Bob & co", 'Cy"'], {}, seed=1)
    svg = GAME.render(s, RenderContext(viewer=0))
    assert "<b>" not in svg and "&lt;b&gt;Ann" in svg and "Bob &amp; co" in svg


def test_illegal_move_text_is_refused_without_change():
    import pytest

    from plateau.core.game import IllegalMove

    s = GAME.start(["A", "B"], {}, seed=1)
    before = s.view(None)
    with pytest.raises(IllegalMove):
        s.play("I/1>C3 total")
    assert s.view(None) == before


def test_full_games_without_turn_limit_end():
    """With no turn limit, random games still end: a player finds their three treasures or is the last one."""
    for seed in (1, 2):
        s = GAME.start(["A", "B"], {}, seed)
        r = Rng(seed)
        plies = 0
        while not s.is_over() and plies < 20000:
            s.play(r.choice(s.legal_moves()))
            plies += 1
        assert s.is_over() or s.turn > 10
