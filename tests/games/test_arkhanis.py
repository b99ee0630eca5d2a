"""The Arkhanis tournament (seed 001 "Tournoi Smallworld Arkhanis", rules
notes §3): the clock of §3.3, decline and moving (§3.4), the worked examples
E1–E7 of §3.5 built from the seed's Frodo/Merry/Sam/Pippin/Aragorn text,
events and auctions (§3.2), removed content (§3.9), hidden coins and bids.

Setup of §3.5: table A has seats 10, 11 (Merry), 12 (Frodo); table B has
seats 17 (Xavier), 18 (Sam), 19 (free), 20 (Pippin). Bilbo sits at 10."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau.core.game import PUBLIC, RulesError
from plateau.core.record import Record, decode, encode
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME, layout_for
from plateau.games.arkhanis import events as E
from plateau.games.arkhanis.tournament import REMOVED, TournamentState

NAMES = ["Bilbo", "Merry", "Frodo", "Xavier", "Sam", "Pippin"]
BILBO, MERRY, FRODO, XAVIER, SAM, PIPPIN = range(6)
LAYOUT = [{"board": "classic", "seats": [10, 11, 12], "content": "base"},
          {"board": "classic", "seats": [17, 18, 19, 20], "content": "base"}]
START = [10, 11, 12, 17, 18, 20]  # seat of each player; 19 is free


def tour(schedule=None, heights=None, seed=4):
    opts = {"free": 1, "boards": "classic", "content": "by_board", "events": "none", "_start": START,
            "_schedule": schedule or ["none"] * 10}
    if heights:
        opts["_heights"] = heights
    return TournamentState(GAME, NAMES, opts, seed, LAYOUT)


def texts(s):
    return [m.text for m in s.legal_moves()]


def simple_turn(s, decline=False):
    """Play the current player's Small World turn: decline if asked and
    possible, otherwise pick the first combo, conquer what the hand allows
    (cheapest first), end, put every token, no peace, no Stout decline."""
    p, turn, slot = s.to_play, s.turn, s.slot
    for _ in range(400):
        if s.stage != "play" or s.to_play != p or s.turn != turn or s.slot != slot:
            return
        ts = texts(s)
        if decline and "decline" in ts:
            s.play("decline")
            return
        conq = [x for x in ts if x.startswith("c:")]
        if conq:
            table = s.tables[s.current]
            rid = table.acting
            s.play(min(conq, key=lambda x: table.cost(rid, int(x[2:]))))
            continue
        for pref in ("pick:0", "end", "done", "nopeace", "pass"):
            if pref in ts:
                s.play(pref)
                break
        else:
            first = [x for x in ts if x.startswith(("all:", "hero:", "put:"))]
            s.play(first[0] if first else ts[-1])
    raise AssertionError("the turn did not end")


def play_until(s, who, turn):
    """Everyone plays simple turns until ``who``'s turn in ``turn`` starts."""
    for _ in range(200):
        if s.stage == "play" and s.to_play == who and s.turn == turn:
            table = s.tables[s.current]
            if table.phase == "pick" or (table.phase == "conquer" and table.tp["fresh"]):
                return
        if s.stage == "move":
            s.play(texts(s)[0])
            continue
        if s.stage == "auction":
            s.play("bid:0")
            continue
        simple_turn(s)
    raise AssertionError("never reached")


def turns_played(s, p, turn):
    return sum(1 for t in s.tables for _, n, k, f in t.log if k == "turn" and f["p"] == p and n == turn)


# ---------------------------------------------------------------- §3.1 setup
def test_setup_tables_seats_coins_removed_content():
    """§3.1: global seat numbers, consecutive per table; 5 coins each; F free seats.
    §3.9 / seed §7: "« Les Zombis » …, « Ancestraux » …, « D'outre tombe » …, « Réincarnés »" and
    "« L'Autel des Âmes »" are removed."""
    s = GAME.start([f"P{i}" for i in range(6)], {}, 1)
    assert s.table_seats == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    assert len(s.free_seats()) == 4 and s.coins == [5] * 6
    assert all(2 <= len(s.seated_at(i)) <= 5 for i in range(2))
    for table in s.tables:
        deck = set(table.deck_races) | set(table.deck_powers) | set(table.pile) | set(table.unused)
        assert not deck & set(REMOVED)
    kinds = [t["board"] for t in s.layout]
    assert kinds == ["classic", "underground"]  # Small World and Underground boards (seed §4)


def test_every_race_power_and_item_is_on_some_board():
    """Seed §7: "Les peuples, pouvoirs, lieux et reliques, hormis ceux précisés ci-dessus, sont tous présents"."""
    from plateau.games.smallworld import content as C

    s = GAME.start([f"P{i}" for i in range(6)], {}, 1)
    races = set().union(*(t.deck_races for t in s.tables))
    powers = set().union(*(t.deck_powers for t in s.tables))
    assert races == set(C.RACES) - set(REMOVED)
    assert powers == set(C.POWERS) - set(REMOVED)


def test_layout_sizes_and_limits():
    assert [len(t["seats"]) for t in layout_for(24, 4)] == [5, 5, 5, 5, 4, 4]
    assert [t["board"] for t in layout_for(10, 4)] == ["classic", "underground", "random"]
    with pytest.raises(RulesError):
        GAME.start(["a", "b", "c", "d"], {"heights": "170,160"}, 1)
    with pytest.raises(RulesError):
        GAME.start(["a", "b", "c", "d"], {"schedule": "golden_age"}, 1)
    with pytest.raises(RulesError):
        GAME.start(["a", "b", "c", "d"], {"heights": "<b>"}, 1)


def test_organiser_tables_as_text():
    """§3.1: the organiser defines tables and seat numbers (the seed's 3-seat table 10–12 and 4-seat table 17–20)."""
    s = GAME.start([f"P{i}" for i in range(6)], {"tables": "classic:10-12;underground/mixed:17-20"}, 2)
    assert s.table_seats == [[10, 11, 12], [17, 18, 19, 20]] and len(s.free_seats()) == 1
    assert s.tables[1].map_id == "underground-4p" and "cultists" in s.tables[1].deck_races + s.tables[1].banners
    for bad in ("classic:1-6;classic:7-9", "classic:1-3", "classic:1-3;classic:3-5", "moon:1-3;classic:4-6",
                "classic:1-3;classic:4-5"):
        with pytest.raises(RulesError):
            GAME.start([f"P{i}" for i in range(6)], {"tables": bad}, 2)


def test_random_seating_is_seeded_and_legal():
    a = GAME.start([f"P{i}" for i in range(10)], {}, 7)
    b = GAME.start([f"P{i}" for i in range(10)], {}, 7)
    assert a.seat_of == b.seat_of
    assert all(2 <= len(a.seated_at(i)) <= 5 for i in range(len(a.tables)))


# ---------------------------------------------------------------- §3.3 clock
def test_slot_order_within_a_turn():
    """§3.3: slot j = the j-th seat of every table; tables in order inside a slot."""
    s = tour()
    order = []
    for _ in range(6):
        order.append(s.seat_of[s.to_play])
        simple_turn(s)
    assert order == [10, 17, 11, 18, 12, 20]  # seat 19 is free: skipped
    assert s.turn == 2


# ---------------------------------------------------------------- §3.5 E1–E7
def test_e1_frodo_declines_in_turn_2_and_takes_seat_19():
    """Seed: "Au début de son tour, Frodo passe son peuple actif en déclin et choisit de se placer sur une
    table de 4 joueurs à la place 19 … Le tour de la place 19 est donc annulé et Pippin joue son tour 2
    immédiatement." """
    s = tour()
    play_until(s, FRODO, 2)
    assert s.seat_of[FRODO] == 12
    simple_turn(s, decline=True)
    assert s.stage == "move" and s.to_play == FRODO
    assert "seat:19" in texts(s)
    s.play("seat:19")
    assert s.seat_of[FRODO] == 19 and s.occupant[12] is None
    assert len(s.free_seats()) == 1  # F stays constant
    assert s.to_play == PIPPIN and s.turn == 2  # seat 19's turn is cancelled, Pippin plays
    assert turns_played(s, FRODO, 2) == 1


def test_e2_turn_3_table_b_order_and_frodo_picks_a_new_race():
    """Seed: "Au début du tour 3 … Sam joue lorsque vient le tour de la place 18, puis Frodo (place 19). Il
    prend alors son nouveau peuple … C'est ensuite à Pippin (place 20) de jouer." """
    s = tour()
    play_until(s, FRODO, 2)
    simple_turn(s, decline=True)
    s.play("seat:19")
    seen = []
    while s.turn == 3 or s.turn == 2:
        if s.stage == "play" and s.current == 1 and s.turn == 3:
            if not seen or seen[-1] != s.to_play:
                seen.append(s.to_play)
            if s.to_play == FRODO and s.tables[1].phase == "pick":
                assert all(x.startswith("pick:") for x in texts(s))  # a combo of table B's column
        if s.stage == "move":
            s.play(texts(s)[0])
            continue
        simple_turn(s)
    assert seen == [XAVIER, SAM, FRODO, PIPPIN]


def test_e3_declined_race_scores_at_its_old_seat_after_merry():
    """Seed: "dès que Merry (place 11) a fini de jouer, le tour de la place 12 commence et Frodo marque
    immédiatement les points de son peuple en déclin, s'il en reste." Table A's seat 12 comes after Merry's
    seat 11; table B's Sam (18, same slot as Merry) may play in between: another board."""
    s = tour()
    play_until(s, FRODO, 2)
    table_a = s.tables[0]
    simple_turn(s, decline=True)
    s.play("seat:19")
    rid = next(r for r, rec in table_a.recs.items() if rec["p"] == FRODO and rec["dec"])
    play_until(s, MERRY, 3)
    before = s.coins[FRODO]
    simple_turn(s)  # Merry's turn
    simple_turn(s)  # Sam's turn on table B (slot 2)
    regions = len(table_a.regions_of(rid))
    assert regions > 0
    # slot 3 has started: seat 12 scored Frodo's declined race before Frodo plays at seat 19
    assert s.to_play == FRODO and s.seat_of[FRODO] == 19
    assert s.coins[FRODO] == before + regions
    log3 = [(k, f) for _, n, k, f in s.log if n == 3]
    assert ("declined_score", {"p": FRODO, "seat": 12, "total": regions}) in log3


def test_e4_aragorn_arrives_at_seat_12_scores_come_first_then_he_plays_next_turn():
    """Seed: "Aragorn s'est installé à la place 12 laissée par Frodo. Lorsque Merry finit son tour (11), le
    tour de la place 12 commence. D'abord, Frodo marque les points de son peuple en déclin, puis Aragorn
    joue." Xavier plays Aragorn's part: he declines at seat 17 in turn 3 and takes seat 12."""
    s = tour()
    play_until(s, FRODO, 2)
    simple_turn(s, decline=True)
    s.play("seat:19")
    play_until(s, XAVIER, 3)
    simple_turn(s, decline=True)
    assert s.stage == "move" and "seat:12" in texts(s)
    s.play("seat:12")
    # turn 3: seat 12 scores Frodo's declined race but Xavier, arrived this turn, does not play there
    play_until(s, XAVIER, 4)
    assert turns_played(s, XAVIER, 3) == 1
    # turn 4: Merry, then Frodo's declined race scores, then Xavier plays at seat 12
    seq = [e for e in s.log if e[1] == 4 and e[2] == "declined_score" and e[3]["seat"] == 12]
    assert seq and seq[-1][3]["p"] == FRODO
    assert s.seat_of[s.to_play] == 12 and s.tables[0].phase == "pick"


def test_e6_simultaneous_movers_lower_seat_chooses_first_and_may_take_the_first_ones_seat():
    """Seed: "Si deux joueurs doivent choisir leur place en même temps, c'est celui dont le numéro de place est
    le plus bas qui choisit en premier. L'autre pourra alors choisir l'une des … autres places ou celle
    laissée libre par le premier." Merry (11) and Sam (18) both decline in slot 2 of turn 2."""
    s = tour()
    play_until(s, MERRY, 2)
    simple_turn(s, decline=True)
    assert s.stage == "play"  # the slot goes on: Sam still plays
    play_until(s, SAM, 2)
    simple_turn(s, decline=True)
    assert s.stage == "move" and s.movers == [MERRY, SAM] and s.to_play == MERRY
    assert texts(s) == ["seat:19"]
    s.play("seat:19")
    assert s.to_play == SAM and texts(s) == ["seat:11"]
    s.play("seat:11")
    assert s.seat_of[MERRY] == 19 and s.seat_of[SAM] == 11 and s.occupant[18] is None


def test_e5_e7_one_declined_race_per_player_per_board_and_oldest_scores_first():
    """Seed §5: "Les peuples en déclin ne disparaissent pas si le joueur fait passer un deuxième peuple en déclin
    sur un plateau différent … Si en revanche il fait passer un peuple en déclin sur un plateau où il en
    possédait déjà un, le peuple en déclin le plus ancien disparaît". Seed §4: "c'est le joueur le plus
    ancien à cette place qui marque ses points avant le deuxième"."""
    s = tour()
    play_until(s, FRODO, 2)
    simple_turn(s, decline=True)
    s.play("seat:19")  # Frodo: a declined race on A (seat 12)
    play_until(s, XAVIER, 3)
    simple_turn(s, decline=True)
    s.play("seat:12")  # Xavier: a declined race on B (seat 17), now at 12
    play_until(s, XAVIER, 5)
    simple_turn(s, decline=True)  # Xavier declines on A at seat 12: two declined races bound to seat 12
    free = texts(s)
    s.play(free[0])
    a = s.tables[0]
    at12 = sorted((rec["age"], rec["p"]) for rec in a.recs.values() if rec["dec"] and rec.get("seat") == 12)
    assert [p for _, p in at12] == [FRODO, XAVIER]  # oldest first
    # Xavier still has his declined race on B: another board, it stays
    b = s.tables[1]
    assert any(rec["p"] == XAVIER and rec["dec"] for rec in b.recs.values())
    play_until(s, MERRY, 6)
    alive = [p for p in (FRODO, XAVIER) if any(rec["p"] == p and rec["dec"] and rec.get("seat") == 12
                                               for rec in a.recs.values())]
    assert alive
    play_until(s, BILBO, 7)
    got = [f["p"] for _, n, k, f in s.log if n == 6 and k == "declined_score" and f["seat"] == 12]
    assert got == alive


# ------------------------------------------------------------ events, auctions
def test_event_revealed_at_every_turn_including_the_first_and_hidden_before():
    """Seed §3: "Au début de chaque tour, y compris le premier … un événement est révélé … l'événement qui
    s'appliquera au tour suivant ne sera pas révélé à l'avance"."""
    sched = ["golden_age", "forbidden_forest"] + ["none"] * 8
    s = tour(schedule=sched)
    assert s.event == "golden_age"
    for p in range(6):
        v = s.view(p)
        assert v["events"] == ["golden_age"] and "schedule" not in v
    assert "schedule" not in s.view(PUBLIC)
    assert s.view(None)["schedule"] == sched


def test_golden_age_forbids_decline():
    """§4: "Golden Age (nobody may decline this turn)"."""
    s = tour(schedule=["none", "golden_age"] + ["none"] * 8)
    play_until(s, FRODO, 2)
    assert "decline" not in texts(s)


def test_forbidden_forest_closes_forest_regions():
    """§4: "Forbidden Forest (no conquest of Forest this turn)"."""
    s = tour(schedule=["forbidden_forest"] + ["none"] * 9)
    table = s.tables[s.current]
    s.play("pick:0")
    rid = table.acting
    assert all("forest" not in table.feat[r] for r in table.targets(rid))
    assert any("forest" in table.feat[r] for r in range(table.R) if table.entry[r])


def test_new_blood_gives_three_tokens_to_a_race_picked_this_turn():
    s = tour(schedule=["new_blood"] + ["none"] * 9)
    table = s.tables[s.current]
    race, power, _ = table.column[0]
    from plateau.games.smallworld import content as C

    s.play("pick:0")
    rec = table.recs[table.acting]
    assert rec["hand"] == min(C.RACES[race][0] + C.POWERS[power] + (4 if race == "amazons" else 0) + 3,
                              C.RACES[race][1])


def test_auction_hidden_bids_winner_pays_ties_to_the_shortest():
    """Seed §3: "les enchères sont cachées … la plus élevée remporte l'enchère. Le joueur paye alors son
    montant à la banque, les autres ne perdent pas leur mise. En cas d'égalité le plus petit joueur en taille
    gagne l'enchère." Royal Treasure: the bank pays 5 coins to each table's winner."""
    s = tour(schedule=["royal_treasure"] + ["none"] * 9, heights=[180, 170, 150, 175, 160, 190])
    assert s.stage == "auction" and s.to_play == BILBO
    bids = {BILBO: 2, MERRY: 3, FRODO: 3, XAVIER: 0, SAM: 1, PIPPIN: 1}
    while s.stage == "auction":
        p = s.to_play
        s.play(f"bid:{bids[p]}")
        for q in range(6):  # nobody sees another's bid, nor does the move list
            if q != p:
                assert s.view(q)["bids"].get(str(p)) is None
        assert GAME.public_move_text(f"bid:{bids[p]}", False) == "bid:?"
    # table A: Merry and Frodo tie at 3, Frodo is shorter; table B: Sam and Pippin tie at 1, Sam is shorter
    assert s.coins[FRODO] == 5 - 3 + 5 and s.coins[MERRY] == 5
    assert s.coins[SAM] == 5 - 1 + 5 and s.coins[PIPPIN] == 5
    assert s.stage == "play"


def test_art_of_combos_winner_takes_the_bottom_combo_for_free():
    s = tour(schedule=["art_of_combos"] + ["none"] * 9)
    bottom = list(s.tables[0].column[-1][:2])
    while s.stage == "auction":
        s.play("bid:1" if s.to_play == BILBO else "bid:0")
    assert s.coins[BILBO] == 4 and s.to_play == BILBO
    assert "reserved" in texts(s)
    s.play("reserved")
    rec = s.tables[0].recs[s.tables[0].acting]
    assert [rec["race"], rec["power"]] == bottom and s.coins[BILBO] == 4


# --------------------------------------------------------------- properties
def play_random(seed, n, opts):
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed + 11)
    moves = []
    while not s.is_over():
        ms = s.legal_moves()
        assert ms and len({m.text for m in ms}) == len(ms)
        ts = [m.text for m in ms]
        m = None
        for pref in ("done", "end", "nopeace", "pass"):
            if pref in ts and r.below(3) == 0:
                m = pref
        if m is None and "decline" in ts and r.below(5) == 0:
            m = "decline"
        m = m or r.choice(ms).text
        s.play(m)
        moves.append(m)
        assert len(s.free_seats()) == len(s.seat_table) - n  # F constant
        assert sorted(p for p in s.occupant.values() if p is not None) == list(range(n))
        assert len(moves) < 20000
    return s, moves


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.sampled_from([4, 6, 9]), o=st.integers(0, 2))
def test_random_tournaments_finish_and_replay(seed, n, o):
    opts = [{}, {"free": 2, "boards": "underground", "events": "none"},
            {"content": "mixed", "heights": ",".join(str(150 + i) for i in range(n))}][o]
    s, moves = play_random(seed, n, opts)
    assert s.turn == 10 and s.winners()
    for table in s.tables:
        assert all(c >= 0 for c in table.coins)
    rec = Record("arkhanis", opts, seed, list(s.players), moves)
    back = decode(encode(rec))
    assert back == rec and back.replay().view(None) == s.view(None)


# ------------------------------------------------------- the organiser's setup
def test_schedule_turns_left_to_plateau_are_drawn_from_the_seed_and_hidden():
    """§3.2: "The engine stores an event script events[1..10] fixed at setup and hidden from players until
    its turn" — the organiser may fix some turns and leave the others to Plateau's draw."""
    sched = "golden_age,drawn,none,drawn,drawn,drawn,drawn,drawn,drawn,drawn"
    a = GAME.start([f"P{i}" for i in range(6)], {"schedule": sched}, 5)
    b = GAME.start([f"P{i}" for i in range(6)], {"schedule": sched}, 5)
    assert a.schedule == b.schedule and "drawn" not in a.schedule
    assert a.schedule[0] == "golden_age" and a.schedule[2] == "none"
    assert any(E.is_auction(e) for e in a.schedule)  # the organiser fixed no auction: Plateau draws one
    assert all(x != y for x, y in zip(a.schedule[3:], a.schedule[4:]))
    assert a.view(0)["events"] == ["golden_age"] and "schedule" not in a.view(PUBLIC)
    fixed = ",".join(["none"] * 10)  # a schedule fixed whole is kept as it is, auction or not
    assert GAME.start([f"P{i}" for i in range(6)], {"schedule": fixed}, 5).schedule == ["none"] * 10
    with pytest.raises(RulesError):
        GAME.start([f"P{i}" for i in range(6)], {"schedule": "drawn,moon" + ",none" * 8}, 5)


def test_organiser_tables_must_hold_both_games_content():
    """Seed §7: the races, powers, places and relics not removed "sont tous présents" (on at least one board)."""
    for bad in ("classic:1-4;classic:5-8", "underground:1-4;underground:5-8", "classic/base:1-4;random/base:5-8"):
        with pytest.raises(RulesError):
            GAME.start([f"P{i}" for i in range(6)], {"tables": bad}, 2)
    s = GAME.start([f"P{i}" for i in range(6)], {"tables": "classic:1-4;random:5-8"}, 2)
    assert [t["content"] for t in s.layout] == ["base", "mixed"]


def test_organiser_options_survive_a_record_round_trip():
    """A tournament set up by the organiser (tables, heights, schedule as text) is saved, shared and
    replayed like any game: the record holds the text options only, and they start the same tournament."""
    opts = GAME.full_options({"tables": "classic:1-4;underground:5-8;random:9-11",
                              "heights": "170,160,182,155,199,171,168",
                              "schedule": "royal_treasure" + ",drawn" * 9, "computers": "1:easy"})
    assert all(not k.startswith("_") for k in opts)
    players = [f"P{i}" for i in range(7)]
    rec = Record("arkhanis", opts, 9, players, [])
    again = decode(encode(rec))
    a, b = rec.start(), again.start()
    assert a.table_seats == b.table_seats == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    assert a.heights == [170, 160, 182, 155, 199, 171, 168] and a.schedule == b.schedule
    assert a.stage == "auction" and a.event == "royal_treasure"
    assert GAME.full_options(opts) == opts


def test_overview_hides_other_coins_and_bids_and_shows_the_turn():
    """Issue 11 item 4: the referee overview shows every table "coins hidden as the rules hide them" (§1.3:
    coins are hidden), and auction bids stay secret until the auction is settled (§3.2)."""
    import re

    from plateau.core.game import RenderContext
    from plateau.games.arkhanis.render import overview

    s = tour(schedule=["royal_treasure"] + ["none"] * 9)
    assert s.to_play == BILBO
    s.play("bid:4")  # Bilbo bids first
    bidder = s.to_play
    for viewer in [PUBLIC, bidder]:
        svg = overview(s, RenderContext(viewer=viewer, lang="fr"))
        labels = re.findall(r'aria-label="([^"]*)"', svg)
        shown = [x for x in labels if re.search(r"\d+ pièces?\b", x)]
        assert shown == ([] if viewer == PUBLIC else [x for x in labels if s.players[bidder] in x and "Place" in x])
        assert "Miser 4" not in svg and " 4 pièces" not in svg.replace("5 pièces", "")
        assert [x for x in labels if "a misé" in x] == [x for x in labels if x.startswith("Place 10 — Bilbo")]
        assert "Bilbo a misé." in svg  # the turn's log says who has bid, never how much
    views = GAME.views(s, "fr")
    assert views == []  # while bidding, the board is the overview already
    while s.stage == "auction":
        s.play("bid:0")
    assert [v for v, _ in GAME.views(s, "en")] == ["", "overview"]
    svg = GAME.render_view(s, "overview", RenderContext(viewer=s.to_play, lang="en"))
    assert "Log of turn 1" in svg and "wins the auction for 4 coins" in svg and "▶ Seat" in svg


def test_score_table_shows_seats_and_only_ones_own_coins():
    s = tour()
    mine = s.score_table("fr", FRODO)
    assert mine["columns"] == ["Participant", "Place", "Pièces"]
    assert [r[2] for r in mine["rows"]] == ["?", "?", "5", "?", "?", "?"] and mine["rows"][FRODO][1] == "12"
    assert all(r[2] == "?" for r in s.score_table("en", PUBLIC)["rows"])
