"""Le Cheval de Troie: property tests over random 2-, 3- and 4-player games."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from plateau.core.game import RenderContext
from plateau.core.record import Record, decode, encode
from plateau.core.rng import Rng
from plateau.games.troy import GAME
from plateau.games.troy.rules import HERO_CARDS, ND

NAMES = ["Ann", "Bob", "Cid", "Dee"]
HIDDEN_KEYS = {"pile_cards", "bag_heroes", "dcard", "known", "rng"}

options_st = st.fixed_dictionaries({
    "horse": st.sampled_from(["memory", "glass"]),
    "open_hand": st.booleans(),
    "tie": st.sampled_from(["rank", "seat"]),
    "opening": st.sampled_from(["setup", "play"]),
    "trident": st.sampled_from(["announced", "none"]),
})


def heroes(s):
    c = Counter(s.bag) + Counter(h for h in s.avail + s.horse if h != "k")
    for d in s.dist:
        c.update({k: v for k, v in d.items() if v})
    return c


def check_invariants(s, started_black=False):
    n = len(s.players)
    # hero counts conserved: 10 per colour in play
    assert heroes(s) == Counter({c: 10 for c in s.colours})
    # the horse always holds 2
    assert len(s.horse) == 2
    # no district over capacity
    assert s.cap == (5 if n == 3 else 7)
    assert all(sum(d.values()) <= s.cap for d in s.dist)
    # hero cards conserved
    cards = Counter(s.pile) + Counter(s.discard) + (Counter([s.card]) if s.card is not None else Counter())
    assert cards == Counter(HERO_CARDS)
    # treasures: a permutation
    assert sorted(s.dcard) == list(range(ND))
    # black pawns only at the very end, and never in a district
    assert s.avail.count("k") + s.horse.count("k") <= 2
    if "k" in s.avail or "k" in s.horse:
        assert not s.bag and s.blacks_out
    if s.is_over():
        assert s.horse == ["k", "k"] and s.to_play is None and not s.legal_moves()
    else:
        assert s.to_play == s.owner[s.colour]
        assert 3 >= len(s.avail) >= (1 if s.phase == "insert" else 0)
        if s.bag and s.phase == "announce":
            assert len(s.avail) == 3
        texts = [m.text for m in s.legal_moves()]
        assert texts and len(set(texts)) == len(texts)
    # peeks: a colour with 2 heroes in a district knows its card
    for d in range(ND):
        for c in s.colours:
            if s.dist[d][c] >= 2:
                assert s.dcard[d] in s.known[s.owner[c]]


def check_views(s):
    full = s.view(None)
    json.dumps(full)
    for p in range(len(s.players)):
        v = s.view(p)
        json.dumps(v)
        assert not (HIDDEN_KEYS & set(v))
        for d in range(ND):
            t = v["treasures"][d]
            if s.is_over() or s.options["open_hand"] or s.dcard[d] in s.known[p]:
                assert t == s.treasure(d)
            else:
                assert t is None
        if s.options["horse"] == "memory" and not s.is_over():
            assert v["horse"] == ["?", "?"]
        # what p cannot see can change without changing p's view
        other = s.clone()
        other.rng.state ^= 0x5DEECE66D
        other.pile.reverse()
        other.bag.reverse()
        unknown = [d for d in range(ND) if other.dcard[d] not in s.known[p]]
        if not (s.is_over() or s.options["open_hand"]):
            cards = [other.dcard[d] for d in unknown]
            for d, c in zip(unknown, cards[1:] + cards[:1]):
                other.dcard[d] = c
        if s.options["horse"] == "memory" and not s.is_over():
            other.horse.reverse()
        assert other.view(p) == v


def playout(n, seed, options, pick):
    players = NAMES[:n]
    s = GAME.start(players, options, seed)
    states = [s.clone()]
    moves = []
    while not s.is_over():
        ms = s.legal_moves()
        m = ms[pick(len(ms))]
        s.play(m)
        moves.append(m.text)
        states.append(s.clone())
        assert len(moves) < 2000
    return players, states, moves


@settings(max_examples=1000, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64 - 1), options=options_st,
       choice_seed=st.integers(0, 2**32))
def test_random_games_invariants_and_views(n, seed, options, choice_seed):
    r = Rng(choice_seed)
    players, states, moves = playout(n, seed, options, r.below)
    for s in states:
        check_invariants(s)
    for s in states[:: max(1, len(states) // 12)] + [states[-1]]:
        check_views(s)
    final = states[-1]
    assert final.is_over()
    assert sum(final.scores()) == sum(
        final.district_value(d) for d in range(ND) if final.district_winner(d) is not None)
    assert final.winners() and len(final.result_lines("en")) == ND + n + 1


@settings(max_examples=300, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64 - 1), options=options_st,
       choice_seed=st.integers(0, 2**32))
def test_record_round_trip_every_ply(n, seed, options, choice_seed):
    r = Rng(choice_seed)
    players, states, moves = playout(n, seed, options, r.below)
    rec = Record("troy", options, seed, players, moves)
    back = decode(encode(rec))
    assert back == rec
    replayed = back.states()
    assert len(replayed) == len(states)
    for a, b in zip(states, replayed):
        assert a.view(None) == b.view(None)
    for k in sorted({0, 1, len(moves) // 2, len(moves)}):
        part = decode(encode(Record("troy", options, seed, players, moves[:k], ply=k)))
        assert part.replay().view(None) == states[k].view(None)


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), horse=st.sampled_from(["memory", "glass"]))
def test_render_every_phase(n, seed, horse):
    r = Rng(seed + 1)
    players, states, moves = playout(n, seed, {"horse": horse}, r.below)
    for i, s in enumerate(states[:: max(1, len(states) // 10)] + [states[-1]]):
        ms = s.legal_moves()
        tg = frozenset(m.path[0] for m in ms)
        svg = GAME.render(s, RenderContext(viewer=s.to_play, targets=tg, lang="fr" if i % 2 else "en"))
        assert svg.startswith("<svg")
        # every target of the position is either drawn on the board or labelled for a button
        for t in tg:
            assert f'data-target="{t}"' in svg or GAME.target_label(t, "fr") != t
        assert bool(s.status("fr"))


def _pushed_named(v):
    out = []
    for entries in v["earlier"] + [v["prev_log"], v["log"]]:
        for e in entries:
            if e[0] == "load":
                out += list(e[1])
            elif e[0] == "insert":
                out.append(e[1])
    return out


@settings(max_examples=60, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64 - 1), options=options_st,
       choice_seed=st.integers(0, 2**32))
def test_announcements_heard_since_ones_previous_turn(n, seed, options, choice_seed):
    """Seed 004: « il annonce clairement leur couleur » (Odysseus's loading) and « le joueur est
    tenu d'annoncer quelle couleur de héros il place dans le Cheval » — with the closed horse a
    seated player's view names every colour announced since the end of their own previous turn
    (at least the previous turn's) and the current turn's; a spectator's, the previous and current
    turns'; the horse's content stays out of every view; the history names none."""
    from plateau.core.game import PUBLIC
    from plateau.games.troy.render import log_lines

    r = Rng(choice_seed)
    s = GAME.start(NAMES[:n], options, seed)
    memory = options["horse"] == "memory"
    # the finished turns as (seat, colours announced), kept independently of the engine's logs
    turns = []
    current = (s.owner[s.order[0]], list(s.horse))  # Odysseus loads on red's behalf
    if s.turn != 0:
        turns.append(current)
        current = (s.owner[s.colour], [])
    step = 0
    while not s.is_over():
        if step % 5 == 0 and memory:
            for p in range(n):
                k = len(turns)
                while k > 0 and turns[k - 1][0] != p:
                    k -= 1
                since = turns[k:] or turns[-1:]
                expect = [c for _, cols in since for c in cols] + current[1]
                v = s.view(p)
                assert _pushed_named(v) == expect
                assert v["horse"] == ["?", "?"]
            pub = s.view(PUBLIC)
            assert pub["earlier"] == []
            assert _pushed_named(pub) == [c for _, cols in turns[-1:] for c in cols] + current[1]
            hist = s.public_log(s.to_play, live=False)
            assert all(e[1] == "?" for e in hist if e[0] == "insert")
            assert not any("a fait entrer" in ln for ln in log_lines(s, s.to_play, GAME.t, "fr", False))
        elif step % 5 == 0:
            assert all(s.view(p)["earlier"] == [] for p in range(n))
        ms = s.legal_moves()
        m = ms[r.below(len(ms))]
        turn = s.turns
        if m.text[0] == "d":
            current[1].append(m.text[2])
        s.play(m)
        if s.turns != turn and not s.is_over():
            turns.append(current)
            current = (s.owner[s.colour], [])
        step += 1
