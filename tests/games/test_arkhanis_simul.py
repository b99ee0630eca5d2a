"""Revision 2 of the Arkhanis tournament's clock: the tables play each turn
at the same time (seed 001: "Chaque table joue le tour en cours en même
temps", "Les tours seront synchronisés entre les tables"). Every table
moves on by itself; a table that has finished the turn waits for the
others; a participant who declines chooses a free seat at once, the lowest
seat first when two choose at once. ``to_play`` stays the player the clock
of revisions 0-1 would ask (rank by rank across the tables), so one device
still has one player to ask; ``movers()`` adds every other table's player.

Setup of rules notes §3.5 (as in test_arkhanis.py): table A (0) has seats
10 (Bilbo), 11 (Merry), 12 (Frodo); table B (1) has seats 17 (Xavier),
18 (Sam), 19 (free), 20 (Pippin)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau.core.game import IllegalMove
from plateau.core.record import Record
from plateau.games.arkhanis import GAME
from plateau.games.arkhanis.tournament import TournamentState

NAMES = ["Bilbo", "Merry", "Frodo", "Xavier", "Sam", "Pippin"]
BILBO, MERRY, FRODO, XAVIER, SAM, PIPPIN = range(6)
LAYOUT = [{"board": "classic", "seats": [10, 11, 12], "content": "base"},
          {"board": "classic", "seats": [17, 18, 19, 20], "content": "base"}]
START = [10, 11, 12, 17, 18, 20]
A, B = 0, 1


def tour(seed=4):
    opts = {"free": 1, "boards": "classic", "content": "by_board", "events": "none", "_start": START,
            "_schedule": ["none"] * 10, "_rev": 2}
    return TournamentState(GAME, NAMES, opts, seed, LAYOUT)


def at_table(s, ti):
    """Table ``ti``'s player and moves as the texts a device sends: plain for
    ``to_play``'s table, ``@t<ti> …`` for another table."""
    if ti not in s.busy_tables():
        return None, []
    p = s.tables[ti].to_play
    plain = s.stage == "play" and s.current == ti
    texts = [m.text for m in s.legal_moves_for(p)]
    if plain:
        return p, [t for t in texts if not t.startswith("@t") and not t.startswith("seat:")]
    pre = f"@t{ti} "
    return p, [t for t in texts if t.startswith(pre)]


def inner(text):
    return text.partition(" ")[2] if text.startswith("@t") else text


def seat_turn(s, ti, decline=False):
    """Table ``ti``'s current seat plays a simple turn (as test_arkhanis.simple_turn) through ``play_as``."""
    p, slot, turn = s.tables[ti].cur, s.tslot[ti], s.turn
    for _ in range(400):
        if s.turn != turn or s.tslot[ti] != slot:
            return
        q, ts = at_table(s, ti)
        if q is None:
            return
        names = {inner(t): t for t in ts}
        if decline and "decline" in names:
            s.play_as(q, names["decline"])
            return
        conq = [x for x in names if x.startswith("c:")]
        if conq:
            table = s.tables[ti]
            rid = table.acting
            s.play_as(q, names[min(conq, key=lambda x: table.cost(rid, int(x[2:])))])
            continue
        for pref in ("pick:0", "end", "done", "nopeace", "pass"):
            if pref in names:
                s.play_as(q, names[pref])
                break
        else:
            first = [x for x in names if x.startswith(("all:", "hero:", "put:"))]
            s.play_as(q, names[first[0]] if first else ts[-1])
    raise AssertionError("the seat's turn did not end")


def table_turn(s, ti):
    """Table ``ti`` plays every seat left in this turn."""
    turn = s.turn
    while s.turn == turn and ti in s.busy_tables():
        seat_turn(s, ti)


def declined_scores(s, turn):
    return [(f["p"], f["seat"]) for _, n, k, f in s.log if n == turn and k == "declined_score"]


# ------------------------------------------------------------------ scenarios
def test_each_table_plays_the_turn_at_the_same_time():
    """Seed: "Chaque table joue le tour en cours en même temps." Turn 1 starts with one player at each table:
    Bilbo (10) at A and Xavier (17) at B; one device asks Bilbo first (rank by rank, as before)."""
    s = tour()
    assert s.movers() == [BILBO, XAVIER] and s.to_play == BILBO
    a_before = {k: v for k, v in s.tables[A].view(None).items() if k != "coins"}  # coins are the tournament's
    seat_turn(s, B)  # Xavier plays without waiting for Bilbo
    assert s.movers() == [BILBO, SAM] and s.to_play == BILBO
    seat_turn(s, B)
    assert s.movers() == [BILBO, PIPPIN]  # seat 19 is free: B goes on to Pippin (20)
    assert {k: v for k, v in s.tables[A].view(None).items() if k != "coins"} == a_before  # A has not moved


def test_a_table_that_finished_the_turn_waits_for_the_others():
    """Seed: "Les tours seront synchronisés entre les tables." Table B ends turn 1 while Bilbo still plays at
    A: B waits (nobody there may move), and turn 2 begins only once A has finished."""
    s = tour()
    table_turn(s, B)
    assert s.turn == 1 and s.busy_tables() == [A] and s.movers() == [BILBO]
    for p in (XAVIER, SAM, PIPPIN):
        assert s.legal_moves_for(p) == []
        with pytest.raises(IllegalMove, match="may not move now"):
            s.play_as(p, "pick:0")
    table_turn(s, A)
    assert s.turn == 2 and s.movers() == [BILBO, XAVIER]


def test_a_move_for_a_non_mover_is_refused_with_its_reason_and_changes_nothing():
    s = tour()
    before = s.view(None)
    with pytest.raises(IllegalMove, match="player 1 may not move now"):
        s.play_as(MERRY, "pick:0")
    with pytest.raises(IllegalMove, match="not a legal move"):
        s.play_as(XAVIER, "c:999")
    with pytest.raises(IllegalMove):
        s.play("@t7 pick:0")  # no such table
    with pytest.raises(IllegalMove):
        s.play("@tx pick:0")
    assert s.view(None) == before


def test_a_move_at_another_table_is_written_with_its_table_and_replays_exactly():
    """A record lists the moves in the room's order; a move at a table other than ``to_play``'s says which."""
    s = tour()
    played = s.play_as(XAVIER, "pick:0")
    assert played.text == "@t1 pick:0"
    assert s.play_as(BILBO, "pick:0").text == "pick:0"  # to_play's move is written as before
    r = Record(GAME.id, list(s.players), {"_rev": 2}, 4, [played.text, "pick:0"])
    assert r.moves == ["@t1 pick:0", "pick:0"]
    t = tour()
    for m in r.moves:
        t.play(m)
    assert t.view(None) == s.view(None)


def test_declined_race_scores_when_its_seat_begins_on_its_own_table():
    """Seed: "dès que Merry (place 11) a fini de jouer, le tour de la place 12 commence et Frodo marque
    immédiatement les points de son peuple en déclin" — on table A, whatever Frodo does at table B (he has
    not played there yet: table B is still at its first seat)."""
    s = tour()
    table_turn(s, B)
    table_turn(s, A)  # turn 1
    table_turn(s, B)
    seat_turn(s, A)
    seat_turn(s, A)  # turn 2: Bilbo, Merry
    seat_turn(s, A, decline=True)  # Frodo declines at seat 12
    assert s.stage == "move" and s.to_play == FRODO and s.movers() == [FRODO]
    s.play_as(FRODO, "seat:19")
    assert s.turn == 3 and s.seat_of[FRODO] == 19
    seat_turn(s, A)
    assert declined_scores(s, 3) == []
    seat_turn(s, A)  # Merry (11) has finished: seat 12's time has come on A
    assert declined_scores(s, 3) == [(FRODO, 12)]
    assert s.tslot[B] == 0 and s.tables[B].cur == XAVIER  # at B, Frodo's seat 19 has not come yet


def test_a_participant_who_declines_chooses_his_seat_at_once_while_the_other_table_plays():
    """Seed §3.3: the free seat is chosen as soon as the race goes in decline; the other table is not held."""
    s = tour()
    table_turn(s, A)
    table_turn(s, B)  # turn 1
    seat_turn(s, A, decline=True)  # Bilbo declines at 10, turn 2
    assert s.stage == "move" and s.seat_choosers == [BILBO] and s.movers() == [BILBO, XAVIER, MERRY]
    assert [m.text for m in s.legal_moves_for(BILBO)] == ["seat:19"]
    seat_turn(s, B)  # Xavier plays meanwhile, and Merry at A after Bilbo
    s.play_as(BILBO, "seat:19")
    assert s.seat_of[BILBO] == 19 and s.occupant[10] is None and s.stage == "play"


def test_two_seat_choosers_at_once_lowest_seat_first():
    """Seed: "Si deux joueurs doivent choisir leur place en même temps, c'est celui dont le numéro de place est
    le plus bas qui choisit en premier. L'autre pourra alors choisir l'une des … autres places ou celle laissée
    libre par le premier." Sam (18) declines first, then Merry (11) before Sam has chosen: Merry chooses first."""
    s = tour()
    table_turn(s, A)
    table_turn(s, B)  # turn 1
    seat_turn(s, B)
    seat_turn(s, B, decline=True)  # Sam declines at 18
    assert s.seat_choosers == [SAM] and s.to_play == SAM
    seat_turn(s, A)
    seat_turn(s, A, decline=True)  # Merry declines at 11
    assert s.seat_choosers == [MERRY, SAM] and s.to_play == MERRY and SAM not in s.movers()
    before = s.view(None)
    with pytest.raises(IllegalMove, match="lowest seat first"):
        s.play_as(SAM, "seat:19")
    assert s.view(None) == before
    assert [m.text for m in s.legal_moves_for(MERRY)] == ["seat:19"]
    s.play_as(MERRY, "seat:19")
    assert s.to_play == SAM and [m.text for m in s.legal_moves_for(SAM)] == ["seat:11"]
    s.play_as(SAM, "seat:11")
    assert s.seat_of[MERRY] == 19 and s.seat_of[SAM] == 11 and s.occupant[18] is None


def test_the_views_show_the_clock_but_no_other_players_coins():
    s = tour()
    seat_turn(s, B)
    for p in range(6):
        v = s.view(p)
        assert v["tslot"] == s.tslot
        assert all(c is None for q, c in enumerate(v["coins"]) if q != p)
        assert "schedule" not in v and "rng" not in v


# ------------------------------------------------------------- property tests
def play_random(s, rnd, limit, check=None):
    """Random movers in random order: the room's order of moves."""
    texts = []
    while not s.is_over() and len(texts) < limit:
        movers = s.movers()
        assert movers and movers[0] == s.to_play
        p = rnd.choice(movers)
        moves = s.legal_moves_for(p)
        assert moves, (p, movers)
        played = s.play_as(p, rnd.choice(moves))
        texts.append(played.text)
        if check:
            check(texts)
    return texts


def _tournament(n, seed, **opts):
    return GAME.start([f"P{i}" for i in range(n)], opts, seed)


def _round_trip(n, seed, limit):
    s = _tournament(n, seed)
    twin = _tournament(n, seed)

    def check(texts):
        twin.play(texts[-1])  # the text alone replays the move
        assert twin.view(None) == s.view(None)

    texts = play_random(s, random.Random(seed), limit, check)
    return s, texts


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(6, 24), seed=st.integers(0, 10_000))
def test_random_interleavings_round_trip_at_every_ply(n, seed):
    s, texts = _round_trip(n, seed, 80)
    assert s.rev >= 2 and any(t.startswith("@t") for t in texts)  # some moves were at another table


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(6, 24), seed=st.integers(0, 10_000))
def test_random_interleavings_reach_a_valid_end(n, seed):
    s, texts = _round_trip(n, seed, 20000)
    assert s.is_over() and s.winners() and s.movers() == []
    assert all(isinstance(c, int) for c in s.scores())


def test_a_whole_tournament_in_random_interleavings_reaches_its_end():
    s = _tournament(9, 5)
    play_random(s, random.Random(5), 20000)
    assert s.is_over() and s.winners() and s.movers() == []


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), order=st.integers(0, 10_000))
def test_the_same_moves_at_each_table_in_another_interleaving_give_the_same_dice(seed, order):
    """Chance is drawn per table: how the room interleaves the tables' moves in turn 1 changes no table."""
    s = _tournament(9, seed, events="none")
    rnd = random.Random(seed)
    per_table = {ti: [] for ti in range(len(s.tables))}
    while s.turn == 1:  # table after table
        if s.stage == "move":  # a decliner takes the first free seat (a seat choice is no table's move)
            s.play(s.legal_moves()[0].text)
            continue
        ti = s.busy_tables()[0]
        p, ts = at_table(s, ti)
        t = rnd.choice(ts)
        per_table[ti].append(inner(t))
        s.play_as(p, t)
    t2 = _tournament(9, seed, events="none")
    mix = random.Random(order)
    left = {ti: list(ms) for ti, ms in per_table.items()}
    while t2.turn == 1:
        if t2.stage == "move" and mix.random() < 0.5 or not any(left[x] for x in t2.busy_tables()):
            t2.play(t2.legal_moves()[0].text)
            continue
        ti = mix.choice([x for x in t2.busy_tables() if left[x]])
        p, ts = at_table(t2, ti)
        want = left[ti].pop(0)
        t2.play_as(p, next(t for t in ts if inner(t) == want))
    for a, b in zip(s.tables, t2.tables):
        assert a.view(None) == b.view(None)
    assert s.coins == t2.coins and s.rng.state == t2.rng.state


def test_a_computer_whose_table_waits_for_it_chooses_its_move_while_another_table_is_asked():
    """Club mode: a human at table A (``to_play``) has not moved; the computer participant at table B, one of
    ``movers()``, gets a move from its own view and plays it there."""
    from plateau.ai.api import Thinker
    from plateau.games.arkhanis.asked import as_asked

    s = tour()
    assert s.to_play == BILBO and XAVIER in s.movers()
    assert as_asked(s.view(BILBO), BILBO) == s.view(BILBO)  # the one asked thinks from the view as it is
    t = Thinker(GAME, as_asked(s.view(XAVIER), XAVIER), XAVIER, level="easy", seed=1)
    while not t.step(iterations=30):
        pass
    text = t.best()
    assert text in [inner(m.text) for m in s.legal_moves_for(XAVIER)]
    played = s.play_as(XAVIER, text)
    assert played.text == f"@t1 {text}" and s.to_play == BILBO


def test_a_move_at_another_table_is_described_by_its_own_table():
    s = tour()
    before = s.clone()
    played = s.play_as(XAVIER, "pick:0")
    words = GAME.describe_move(before, played.text, None, "en")
    from plateau.games.smallworld.describe import describe

    assert words == describe(before.tables[B], "pick:0", "en") and "@t" not in words


def test_a_move_at_another_table_is_written_and_read_back_in_one_place():
    """A move played at a table while another is asked first is recorded
    ``@t<table> <move>``; the tournament reads it back (``at_table``) and
    gives its own table's text (``own_text``), which a plain game leaves as it is."""
    from plateau.games.arkhanis.tournament import at_table as read, written_at
    from plateau.games.smallworld import GAME as SMALLWORLD

    assert written_at(3, "c:12") == "@t3 c:12" and read("@t3 c:12") == (3, "c:12")
    assert read("@t10 mv:1-2") == (10, "mv:1-2")
    for text in ("c:12", "@tx c:1", "@t3", "@t-1 c:2", "bid:3"):
        assert read(text) == (None, text)
    s = tour()
    p, texts = next((q, ts) for q, ts in (at_table(s, ti) for ti in (A, B))
                    if ts and ts[0].startswith("@t"))
    assert [s.own_text(t) for t in texts] == [inner(t) for t in texts]
    assert s.own_text("pick:0") == "pick:0"
    plain = SMALLWORLD.start(["a", "b"], {}, 1)
    assert plain.own_text("@t1 c:2") == "@t1 c:2"  # a plain game has no tables
