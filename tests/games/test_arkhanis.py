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

from plateau.games.smallworld import conquest, turn_end
from plateau.core.game import PUBLIC, REVISION_OPTION, RulesError
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


def tour(schedule=None, heights=None, seed=4, rev=1):
    """The seed's six-participant tournament. These scenarios follow the clock of revisions 0-1 (one seat
    at a time across the tables); test_arkhanis_simul.py checks revision 2's, where the tables play at once."""
    opts = {"free": 1, "boards": "classic", "content": "by_board", "events": "none", "_start": START,
            "_schedule": schedule or ["none"] * 10, "_rev": rev}
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
            if table.phase == "pick" or (table.phase == "conquer" and table.tp.fresh):
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
    rid = next(r for r, rec in table_a.recs.items() if rec.p == FRODO and rec.dec)
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
    assert ("declined_score", {"p": FRODO, "seat": 12, "total": regions, "t": 0, "rid": rid}) in log3
    seen = [e[3] for e in s.view(MERRY)["log"] if e[2] == "declined_score" and e[3]["p"] == FRODO]
    assert seen and all(f["total"] is None for f in seen)  # the coins it brought stay Frodo's secret
    assert any(e[3]["total"] == regions for e in s.view(FRODO)["log"] if e[2] == "declined_score")


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
    assert s.stage == "move" and s.seat_choosers == [MERRY, SAM] and s.to_play == MERRY
    assert texts(s) == ["seat:19"]
    s.play("seat:19")
    assert s.to_play == SAM and texts(s) == ["seat:11"]
    s.play("seat:11")
    assert s.seat_of[MERRY] == 19 and s.seat_of[SAM] == 11 and s.occupant[18] is None


def test_e5_returning_player_scores_his_declined_race_first_then_plays():
    """Seed §5: "S'il se retrouve à la même place que son peuple en déclin, il marque d'abord les points de son
    peuple en déclin puis joue son peuple actif et marque les points de celui-ci." Notes E5: "If he declines again
    on A, his older declined race on A is removed before the new one flips … his declined race on B is
    untouched"."""
    s = tour()
    a, b = s.tables
    play_until(s, FRODO, 2)
    simple_turn(s, decline=True)
    s.play("seat:19")  # declined race on A, bound to seat 12
    play_until(s, FRODO, 3)
    simple_turn(s)  # a new race on B
    play_until(s, FRODO, 4)
    simple_turn(s, decline=True)  # declines on B at seat 19
    assert "seat:12" in texts(s)
    s.play("seat:12")  # back to his old seat on A
    old_a = next(rid for rid, rec in a.recs.items() if rec.p == FRODO and rec.dec)
    on_b = next(rid for rid, rec in b.recs.items() if rec.p == FRODO and rec.dec)
    play_until(s, FRODO, 5)
    log5 = [(k, f.get("p")) for _, n, k, f in s.log if n == 5 and k == "declined_score" and f["seat"] == 12]
    assert old_a in a.recs and a.regions_of(old_a)
    assert log5 == [("declined_score", FRODO)]  # scored before he plays
    assert a.phase == "pick" and s.seat_of[FRODO] == 12
    simple_turn(s)  # picks, conquers, scores his new race on A
    play_until(s, FRODO, 6)
    simple_turn(s, decline=True)  # declines again on A
    assert old_a not in a.recs  # the older declined race on A is gone
    assert sum(1 for rec in a.recs.values() if rec.p == FRODO and rec.dec) == 1
    assert on_b in b.recs  # B's declined race is not removed by this decline


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
    at12 = sorted((rec.age, rec.p) for rec in a.recs.values() if rec.dec and rec.seat == 12)
    assert [p for _, p in at12] == [FRODO, XAVIER]  # oldest first
    # Xavier still has his declined race on B: another board, it stays
    b = s.tables[1]
    assert any(rec.p == XAVIER and rec.dec for rec in b.recs.values())
    play_until(s, MERRY, 6)
    alive = [p for p in (FRODO, XAVIER) if any(rec.p == p and rec.dec and rec.seat == 12
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


@pytest.mark.parametrize("event,feature", [("avalanche", "mountain"), ("flood", "swamp"), ("flood", "river"),
                                           ("long_winter", "farmland"), ("long_winter", "hill")])
def test_closed_terrain_events(event, feature):
    """§4 kind "a terrain closed to conquest": Plateau's Avalanche, Flood and Long Winter."""
    s = tour(schedule=[event] + ["none"] * 9)
    table = s.tables[s.current]
    s.play("pick:0")
    rid = table.acting
    assert all(feature not in table.feat[r] for r in table.targets(rid))
    if any(feature in table.feat[r] for r in range(table.R)):
        other = tour(schedule=["none"] * 10)
        ot = other.tables[other.current]
        other.play("pick:0")
        assert any(feature in ot.feat[r] for r in ot.targets(ot.acting)) or feature == "river"


def test_forced_march_makes_every_conquest_one_cheaper_but_at_least_one():
    """§4 kind "free/cheaper conquest": Plateau's Forced March."""
    s = tour(schedule=["forced_march"] + ["none"] * 9)
    plain = tour(schedule=["none"] * 10)
    for x in (s, plain):
        x.play("pick:0")
    t1, t0 = s.tables[s.current], plain.tables[plain.current]
    for r in t1.targets(t1.acting):
        assert t1.cost(t1.acting, r) == max(1, t0.cost(t0.acting, r) - 1)


def test_drawn_schedule_has_an_auction_and_no_event_twice_in_a_row():
    """Seed §3: the events are fixed before the game; notes §3.2: at least one auction (issue)."""
    for seed in range(30):
        sched = E.draw_schedule(Rng(seed), 10)
        assert len(sched) == 10 and any(E.is_auction(e) for e in sched)
        assert all(a != b for a, b in zip(sched, sched[1:]))
    assert E.draw_schedule(Rng(1), 10, "none") == ["none"] * 10
    with pytest.raises(ValueError):
        E.parse_schedule("none,none", 10)


def test_new_blood_gives_three_tokens_to_a_race_picked_this_turn():
    s = tour(schedule=["new_blood"] + ["none"] * 9)
    table = s.tables[s.current]
    race, power, _ = table.column[0]
    from plateau.games.smallworld import content as C

    s.play("pick:0")
    rec = table.recs[table.acting]
    assert rec.hand == min(C.RACES[race][0] + C.POWERS[power] + (4 if race == "amazons" else 0) + 3,
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
    assert [rec.race, rec.power] == bottom and s.coins[BILBO] == 4


# --------------------------------------------------------------- properties
def play_random(seed, n, opts, every_ply_replay=False):
    """A random tournament to the end, checking at every ply: free seats constant, every participant seated
    once, coins never negative, at most one declined race per player per board; per turn: every participant
    seated since the turn's start plays exactly once there (arrivals do not), every declined race that lives
    through the turn scores exactly once."""
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed + 11)
    moves = []
    seen = 0
    turn_start = None
    scored = {}
    played = {}

    def start_of_turn():
        return {"turn": s.turn, "present": [p for p in range(n) if s.arrived[p] < s.turn],
                "declined": {(ti, rid) for ti, t in enumerate(s.tables) for rid, rec in t.recs.items()
                             if rec.dec}}

    def close_turn(info):
        t = info["turn"]
        for p in info["present"]:
            assert played.get((t, p), 0) == 1, (t, p)
        for p in range(n):
            if p not in info["present"]:
                assert played.get((t, p), 0) == 0, (t, p)
        for ti, rid in info["declined"]:
            if rid in s.tables[ti].recs:
                assert scored.get((t, ti, rid), 0) == 1, (t, ti, rid)

    turn_start = start_of_turn()
    table_seen = [0] * len(s.tables)
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
        for seq, t, key, f in s.log:
            if seq <= seen:
                continue
            if key == "declined_score":
                scored[(t, f["t"], f["rid"])] = scored.get((t, f["t"], f["rid"]), 0) + 1
        seen = s.log[-1][0] if s.log else seen
        for ti, table in enumerate(s.tables):
            for seq, t, key, f in table.log:
                if seq > table_seen[ti] and key == "turn":
                    played[(t, f["p"])] = played.get((t, f["p"]), 0) + 1
            table_seen[ti] = table.seq
        assert len(s.free_seats()) == len(s.seat_table) - n  # F constant
        for t, reserved in zip(s.tables, s.reserved):  # every banner of a table is somewhere, once
            here = t.banners + [c[0] for c in t.column] + [c[0] for c in reserved.values()] + \
                [rec.race for rec in t.recs.values()]
            assert sorted(here) == sorted(t.deck_races)
        assert sorted(p for p in s.occupant.values() if p is not None) == list(range(n))
        assert all(c >= 0 for c in s.coins)
        for table in s.tables:
            for p in range(n):
                assert len(table.declined[p]) <= 1
        relics = [x for t in s.tables for x in t.relic if x] + list(s.off_board)
        assert len(relics) == len(set(relics))  # each relic is in one place (§3.8)
        assert set(s.off_board) <= set(s.relic_owner)
        if s.turn != turn_start["turn"] or s.is_over():
            close_turn(turn_start)
            turn_start = start_of_turn()
        assert len(moves) < 20000
    return s, moves


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.sampled_from([6, 9, 14]), o=st.integers(0, 2))
def test_random_tournaments_finish_and_replay(seed, n, o):
    opts = [{}, {"free": 2, "boards": "underground", "events": "none"},
            {"content": "mixed", "heights": ",".join(str(150 + i) for i in range(n))}][o]
    s, moves = play_random(seed, n, opts)
    assert s.turn == 10 and s.winners()
    rec = Record("arkhanis", opts, seed, list(s.players), moves)
    back = decode(encode(rec))
    assert back == rec and back.replay().view(None) == s.view(None)


def test_replay_at_every_ply_is_exact():
    s, moves = play_random(5, 6, {})
    rec = Record("arkhanis", {}, 5, list(s.players), moves)
    states = rec.states()
    t = GAME.start(list(s.players), {}, 5)
    for i, st_ in enumerate(states[:-1]):
        assert st_.view(None) == t.view(None), i
        t.play(moves[i])


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(6, 24))
def test_many_random_tournaments(seed, n):
    play_random(seed, n, {})


# ------------------------------------------- the sheet's places and relic (§3.10)
def table_setup(schedule=None):
    """Turn 1 at table A, Bilbo to play, everything cleared off table A's map."""
    from plateau.games.smallworld.rules import EMPTY

    s = tour(schedule=schedule)
    a = s.tables[0]
    for r in range(a.R):
        a.owner[r], a.tok[r], a.monster[r] = EMPTY, 0, 0
    a.found = 1
    return s, a


def put(a, p, race, power, regions, dec=False, hand=0):
    from sw_factory import give

    return give(a, p, race, power, regions, dec=dec, hand=hand)


def test_rusted_throne_tribute_from_neighbours_and_lost_tribes():
    """§3.10 Rusted Throne: "1 coin of tribute per region adjacent to the Throne's region that is held by another
    player's race, active or In Decline … LT regions adjacent pay 1 each from the bank"; seed: "si un joueur
    contrôle deux régions adjacentes au trône, il paye 2"."""
    from plateau.games.smallworld.rules import LT

    s, a = table_setup()
    # base-3p: region 8 borders 1, 7, 9, 12, 13 (see smallworld-graphs.json)
    nb = a.nbrs[8]
    a.place[8] = "rusted_throne"
    rid = put(a, BILBO, "ratmen", "commando", {8: 2})
    put(a, MERRY, "humans", "hill", {nb[0]: 1, nb[1]: 1})
    a.owner[nb[2]], a.tok[nb[2]] = LT, 1
    before = list(s.coins)
    I_end = a.hook(rid, "end")
    assert I_end
    for f in I_end:
        f(a, rid)
    assert s.coins[BILBO] == before[BILBO] + 3 and s.coins[MERRY] == before[MERRY] - 2


def test_mill_adds_one_defence_against_other_players_next_to_it():
    """§3.10 Mill: "+1 defence against races of any player other than the one holding that region";
    DEFAULT (Q10): "also applies to empty regions … +1 cost for anyone but the Mill's controller"."""
    s, a = table_setup()
    m = 8
    nb = a.nbrs[m]
    a.place[m] = "mill"
    mill_rid = put(a, BILBO, "ratmen", "commando", {m: 2})
    merry = put(a, MERRY, "humans", "hill", {nb[0]: 1})
    far = next(r for r in range(a.R) if r not in nb and r != m and not a.water[r])
    assert conquest.defence(a, nb[1], merry) == conquest.defence(a, nb[1], None) + 1  # empty, Merry does not hold the Mill
    assert conquest.defence(a, nb[1], mill_rid) == conquest.defence(a, nb[1], None)  # the Mill's holder: no extra
    assert conquest.defence(a, nb[0], mill_rid) == conquest.defence(a, nb[0], None) + 1  # Merry's region against Bilbo
    assert conquest.defence(a, far, merry) == conquest.defence(a, far, None)


def test_discotroll_region_and_neighbours_score_one_less():
    """§3.10 Discotroll: "its region and every adjacent region score 1 less for their holder"."""
    s, a = table_setup()
    d = 8
    a.place[d] = "discotroll"
    rid = put(a, BILBO, "ratmen", "commando", {d: 1, a.nbrs[d][0]: 1, 22: 1})
    assert turn_end.scoring_regions(a, rid) == [22]


def test_temple_moves_a_combo_two_places_with_its_coins():
    """Seed: "modifier l'ordre de la colonne … en déplaçant l'une des combinaisons de deux places vers le haut
    ou le bas. Il peut utiliser ce pouvoir avant de choisir son peuple s'il est en déclin"."""
    s, a = table_setup()
    a.place[8] = "temple"
    put(a, BILBO, "ratmen", "commando", {8: 1}, dec=True)
    a.column[4][2] = 3
    moved = list(a.column[4])
    assert s.to_play == BILBO and a.phase == "pick"
    assert "temple:4:up" in texts(s) and "temple:0:up" not in texts(s)
    s.play("temple:4:up")
    assert a.column[2] == moved and a.phase == "pick"
    assert not [x for x in texts(s) if x.startswith("temple:")]  # once a turn


def test_obsidian_skull_forces_the_attack_pays_one_and_forbids_decline():
    """Seed: "Toute personne possédant un peuple actif dans une région adjacente à celle où se trouve le crâne
    doit … faire un mouvement de conquête contre cette région et donner au propriétaire de celle-ci un point de
    victoire. Il n'aura de fait pas le droit de passer en déclin ce tour-ci." """
    s, a = table_setup()
    sk = 8
    a.place[sk] = "skull"
    put(a, MERRY, "humans", "hill", {sk: 1})
    put(a, BILBO, "ratmen", "commando", {a.nbrs[sk][0]: 5})
    a.cur = BILBO
    a.start_turn()
    ts = texts(s)
    assert ts == [f"c:{sk}"]  # the first conquest is the Skull's region; no decline
    before = (s.coins[BILBO], s.coins[MERRY])
    s.play(f"c:{sk}")
    assert (s.coins[BILBO], s.coins[MERRY]) == (before[0] - 1, before[1] + 1)
    assert "decline" not in texts(s)


def test_obsidian_skull_out_of_reach_still_costs_a_coin_and_the_decline():
    """§3.10 DEFAULT / Q11: "Obsidian Skull when the attack is impossible → pay 1 coin, no attempt, still no
    decline that turn"."""
    s, a = table_setup()
    sk = 8
    a.place[sk] = "skull"
    put(a, MERRY, "humans", "hill", {sk: 9})
    put(a, BILBO, "ratmen", "commando", {a.nbrs[sk][0]: 2})
    before = (s.coins[BILBO], s.coins[MERRY])
    a.cur = BILBO
    a.start_turn()
    assert (s.coins[BILBO], s.coins[MERRY]) == (before[0] - 1, before[1] + 1)
    ts = texts(s)
    assert "decline" not in ts and f"c:{sk}" not in ts and "end" in ts


def test_tavern_must_share_with_an_opponent_at_the_table():
    """Seed: "Le propriétaire de la « Gargotte de Glandulf » DOIT partager les 2 points de victoire avec un
    adversaire à sa table"; DEFAULT (Q9): one coin each."""
    s, a = table_setup()
    a.place[8] = "tavern"
    rid = put(a, BILBO, "ratmen", "commando", {8: 1})
    for f in a.hook(rid, "end"):
        f(a, rid)
    assert a.pending and a.pending[0]["kind"] == "tavern"
    assert sorted(m.text for m in a.legal_moves()) == [f"tavern:{MERRY}", f"tavern:{FRODO}"]
    before = list(s.coins)
    a.apply(a.move_from_text(f"tavern:{FRODO}"))
    assert s.coins[BILBO] == before[BILBO] + 1 and s.coins[FRODO] == before[FRODO] + 1


def test_hall_of_mirrors_swaps_powers_tied_tokens_go_back():
    """Seed: "peut échanger son pouvoir spécial avec un adversaire qui n'a pas le droit de refuser (les pions
    liés sont retirés du plateau …)"."""
    s, a = table_setup()
    a.place[8] = "mirror"
    mine = put(a, BILBO, "ratmen", "commando", {8: 3})
    other = put(a, MERRY, "humans", "heroic", {22: 1, 21: 1})
    a.hero[22] = a.hero[21] = True
    a.cur = BILBO
    a.start_turn()
    assert f"mirror:{MERRY}" in texts(s)
    s.play(f"mirror:{MERRY}")
    assert a.recs[mine].power == "heroic" and a.recs[other].power == "commando"
    assert not a.hero[22] and not a.hero[21]
    assert not [x for x in texts(s) if x.startswith("mirror:")]


def test_moonstone_pendant_ignore_the_event_or_take_a_coin():
    """Seed: "permet à son propriétaire de ne pas subir l'effet de l'événement du tour … S'il choisit de ne pas
    l'utiliser, il gagne 1 point de victoire. Si l'événement est une enchère et que le joueur y participe, il ne
    gagne pas de points de victoire même s'il perd l'enchère." """
    s = tour(schedule=["none", "golden_age", "royal_treasure"] + ["none"] * 7)
    a = s.tables[0]
    play_until(s, BILBO, 2)
    # give Bilbo the Pendant in one of his active regions, then restart turn 2's reveal
    held = a.regions_of(a.active[BILBO])
    a.relic[held[0]] = "pendant"
    a.found = 1
    s.turn = 1
    s._end_turn()
    assert s.stage == "pendant" and s.to_play == BILBO
    s.play("pendant:shield")
    assert s.to_play == BILBO and "decline" in texts(s)  # the Golden Age does not stop him
    coins = s.coins[BILBO]
    s.turn = 2
    s._end_turn()  # turn 3: an auction; bidding 0 = not taking part: +1 coin
    while s.stage == "auction":
        s.play("bid:0")
    assert s.coins[BILBO] == coins + 1


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
    # the parsed forms stay out of the record; only the rules revision it was played under is kept
    assert all(not k.startswith("_") for k in opts if k != REVISION_OPTION)
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
    assert s.current == 0 and GAME.views(s, "en") == [("", "Table 1 — playing"), ("table2", "Table 2"),
                                                      ("overview", "Overview (referee)")]
    svg = GAME.render_view(s, "overview", RenderContext(viewer=s.to_play, lang="en"))
    assert "Log of turn 1" in svg and "wins 5 coins from the bank for 4 coins" in svg and "▶ Seat" in svg


def test_each_other_tables_board_can_be_looked_at():
    """A table's own device shows its table while another is asked first (issue 29 §4): every
    table other than the one played has a view, drawn as that table's board."""
    from plateau.core.game import RenderContext
    from plateau.games.arkhanis import table_view, view_table
    from plateau.games.smallworld.render import render as sw_render

    s = tour()
    while s.stage == "auction":
        s.play("bid:0")
    assert GAME.group_view(1) == table_view(1) == "table2" and view_table("table2") == 1
    assert view_table("overview") is None and view_table("table0") is None and view_table("tablex") is None
    for viewer in (s.to_play, PUBLIC):
        ctx = RenderContext(viewer=viewer, lang="fr")
        svg = GAME.render_view(s, "table2", ctx)
        assert svg == sw_render(s.tables[1], ctx) and svg != GAME.render(s, ctx)
    plain = RenderContext(viewer=s.to_play, lang="fr")
    assert GAME.render_view(s, "table9", plain) == GAME.render(s, plain)  # no such table: the board played


def test_score_table_shows_seats_and_only_ones_own_coins():
    s = tour()
    mine = s.score_table("fr", FRODO)
    assert mine["columns"] == ["Participant", "Place", "Pièces"]
    assert [r[2] for r in mine["rows"]] == ["?", "?", "5", "?", "?", "?"] and mine["rows"][FRODO][1] == "12"
    assert all(r[2] == "?" for r in s.score_table("en", PUBLIC)["rows"])


# ------------------------------------------------ relics belong to players (§3.8)
def test_relic_belongs_to_its_finder_goes_with_him_on_decline_and_is_inherited_on_his_new_board():
    """Seed §6: "La relique appartient au joueur qui l'a trouvée et cet objet doit être placé à la fin du tour sur
    une case occupée par un pion du peuple actif du joueur le possédant … si le joueur la possédant passe son
    peuple en déclin, il garde alors la relique avec lui. Cette relique sera transmise par héritage ancestral au
    nouveau peuple actif du joueur et changera de fait de plateau." """
    s = tour()
    a, b = s.tables
    play_until(s, FRODO, 2)
    rid = a.active[FRODO]
    r0 = a.regions_of(rid)[0]
    for t in s.tables:  # the Sword is nowhere else (each tile exists once in the tournament)
        t.relic = [None if x == "killer_sword" else x for x in t.relic]
        t.pile = [x for x in t.pile if x != "killer_sword"]
    a.relic[r0] = "killer_sword"
    a.found = 1
    s.claim_relics()
    assert s.relic_owner["killer_sword"] == FRODO
    simple_turn(s, decline=True)  # Frodo declines on A: the Sword leaves the board with him
    assert "killer_sword" not in a.relic and s.off_board["killer_sword"] == FRODO
    s.play("seat:19")
    play_until(s, FRODO, 3)  # his first turn on B: he picks, conquers…
    while not (b.pending and b.pending[0]["kind"] == "relic_place"):
        assert s.to_play == FRODO and s.turn == 3
        ts = texts(s)
        conq = [x for x in ts if x.startswith("c:")]
        mine = b.regions_of(b.active[FRODO]) if b.active[FRODO] is not None else []
        s.play(conq[0] if conq and not mine else
               next((x for x in ("pick:0", "end", "done", "nopeace", "pass") if x in ts), ts[0]))
    places = texts(s)
    assert places and all(x.startswith("relic:") for x in places)
    r1 = int(places[0][6:])
    assert b.owner[r1] == b.active[FRODO]
    s.play(places[0])  # …and at the end of it puts the Sword with his new active race, on board B
    assert b.relic[r1] == "killer_sword" and "killer_sword" not in s.off_board
    assert s.relic_owner["killer_sword"] == FRODO


def test_relic_taken_with_its_region_changes_owner():
    """§3.8: "An opponent who conquers the region holding it takes it, and it becomes his"."""
    s, a = table_setup()
    merry = put(a, MERRY, "humans", "hill", {8: 1})
    for t in s.tables:
        t.relic = [None if x == "shiny_orb" else x for x in t.relic]
    a.relic[8] = "shiny_orb"
    s.claim_relics()
    assert s.relic_owner["shiny_orb"] == MERRY
    put(a, BILBO, "ratmen", "commando", {a.nbrs[8][0]: 8})
    a.cur = BILBO
    a.start_turn()
    s.play("c:8")
    assert s.relic_owner["shiny_orb"] == BILBO and a.relic[8] == "shiny_orb"
    assert merry in a.recs
