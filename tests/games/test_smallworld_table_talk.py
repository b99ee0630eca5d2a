"""What Small World and the Arkhanis tournament tell the table: a turn's
gain in words for the one who earned it, effects that give nothing said so in
the log."""

from __future__ import annotations

from plateau.core.game import PUBLIC
from plateau.games.arkhanis import GAME as ARK
from plateau.games.smallworld import GAME
from plateau.games.smallworld.catalogue import event_text

from sw_factory import begin, fresh, give, texts


def end_turn(s):
    s.play("end")
    while s.phase == "redeploy" and "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")


def test_turn_gain_names_every_part_of_the_score():
    """§1.5 "1 coin per region held by the active race ... plus bonuses": the gain reads "+N: why"."""
    s = fresh()
    give(s, 0, "humans", "merchant", {1: 1, 2: 1, 5: 1})  # 1 is farmland: +1 Humans
    begin(s, 0)
    before = s.clone()
    end_turn(s)
    words = GAME.turn_gain(before, s, 0, "en")
    assert words == "Ann, this turn earns you +7 coins: 3 Humans regions, +1 Humans, +3 Merchant."
    assert GAME.turn_gain(before, s, 1, "en") == ""  # Bob scored nothing in that move


def test_an_effect_that_gives_nothing_is_said_in_the_log():
    """The log says when an effect gives nothing (Hill with no hill held)."""
    s = fresh()
    give(s, 0, "ratmen", "hill", {1: 1, 2: 1, 5: 1})  # farmland, forest, mountain: no hill
    begin(s, 0)
    end_turn(s)
    ev = [e for e in s.log if e[2] == "score"][-1]
    assert ev[3]["total"] == 3
    assert event_text(s.players, "score", ev[3], "en") == "Ann scores 3 coins: 3 Ratmen regions, Hill: nothing."


def test_gain_stays_hidden_from_the_others_views():
    """§1.5 "Coin totals are hidden": the score event others see names no total."""
    s = fresh(3)
    give(s, 0, "ratmen", "hill", {1: 1, 2: 1})
    begin(s, 0)
    end_turn(s)
    for viewer in (1, PUBLIC):
        ev = [e for e in s.view(viewer)["events"] if e[2] == "score"][-1]
        assert ev[3]["total"] is None and ev[3]["lines"] is None


def test_tournament_gain_reads_the_table_played():
    s = ARK.start([f"P{i}" for i in range(4)], {}, 3)
    for _ in range(400):
        if s.stage == "play" and s.current is not None:
            t = s.tables[s.current]
            if t.phase == "redeploy" and "done" in [m.text for m in s.legal_moves()]:
                p = s.to_play
                before = s.clone()
                s.play("done")
                words = ARK.turn_gain(before, s, p, "en")
                assert words.startswith(f"{s.players[p]}, this turn earns you +")
                return
        ms = s.legal_moves()
        end = [m for m in ms if m.text in ("end", "done")]
        s.apply((end or ms)[0])
    raise AssertionError("no turn ended")


# ------------------------------------------------------------ auctions (Arkhanis)
def _auction(schedule_first, heights):
    opts = {"schedule": schedule_first + ",none" * 9, "heights": heights}
    return ARK.start([f"P{i}" for i in range(6)], opts, 5)


def test_auction_names_its_lot_while_bidding():
    """Seed §3 "each table auctions the last combo of its column" (Art of Combos): the bidder reads what is sold."""
    s = _auction("art_of_combos", "170,160,160,155,199,171")
    assert s.stage == "auction"
    ti = s.auction_tables[s.auction_table]
    race, power, _ = s.tables[ti].column[-1]
    from plateau.games.smallworld import content as C

    line = s.status("en")
    assert f"on sale: the combo {C.name(race, 'en')} {C.name(power, 'en')}" in line
    from plateau.games.arkhanis.render import lot_lines

    lines = lot_lines(s, "en")  # the overview and the panel: the race's and the power's text too
    assert any(C.text(race, "en") in x for x in lines) and any(C.text(power, "en") in x for x in lines)
    r = _auction("royal_treasure", "170,160,160,155,199,171")
    assert "on sale: 5 coins from the bank" in r.status("en")


def test_auction_result_says_who_won_what_for_how_much_and_why():
    """Seed §3 "les enchères sont cachées : chaque joueur révèle les mises en même temps ... En cas
    d'égalité le plus petit joueur en taille gagne l'enchère"."""
    from plateau.games.arkhanis.catalogue import log_text

    s = _auction("royal_treasure", "170,160,160,155,199,171")
    ti = s.auction_tables[0]
    first = [e for e in s.log]
    while s.stage == "auction" and s.auction_tables[s.auction_table] == ti:
        p = s.to_play
        assert all(log_text(s, k, f, "en") != "" for _, _, k, f in s.log)
        s.play("bid:2")
        for viewer in range(s.n):  # before the table settles, nobody else's bid shows
            if viewer != p and s.stage == "auction" and s.auction_tables[s.auction_table] == ti:
                assert s.view(viewer)["bids"][str(p)] is None
    assert len(s.log) > len(first)
    ev = [f for _, _, k, f in s.log if k == "auction"][-1]
    text = log_text(s, "auction", ev, "en")
    tied = sorted(ev["tied"], key=lambda q: s.heights[q])
    assert len(tied) >= 2 and ev["p"] == tied[0]
    assert text.startswith(f"Table {ti + 1}: {s.players[ev['p']]} wins 5 coins from the bank for 2 coins (bids: ")
    assert "A tie at 2: the shortest wins" in text and f"{s.players[tied[0]]} {s.heights[tied[0]]} cm" in text


def test_auction_tie_on_equal_heights_goes_to_the_lower_seat():
    """Rules notes §3 "Equal heights → lower seat number"."""
    from plateau.games.arkhanis.catalogue import log_text

    s = _auction("royal_treasure", "170,170,170,170,170,170")
    while s.stage == "auction":
        s.play("bid:1")
    ev = [f for _, _, k, f in s.log if k == "auction"][0]
    assert ev["seats"][str(ev["p"])] == min(ev["seats"].values())
    assert "same height: the lowest seat wins" in log_text(s, "auction", ev, "en")


# ------------------------------------------------------------ powers explained
def test_a_question_says_what_it_is_about():
    """"Where does the Balrog go?" says what the Balrog does (rules help: the Wickedest Pentacle)."""
    from plateau.games.smallworld import content as C

    s = fresh(2, board="underground")
    rid = give(s, 0, "ratmen", "hill", {24: 2})
    begin(s, 0)
    s.push("balrog", 0, rid=rid)
    line = s.status("en")
    assert "where does the Balrog go?" in line and C.text("pentacle", "en") in line


def test_glossary_lists_every_race_power_item_and_monster_in_play():
    from plateau.games.smallworld import content as C

    s = fresh(2, board="underground", clear=False)
    s.place[3] = "crypt"
    title, pairs = GAME.glossary(s, "en")
    names = [n for n, _ in pairs]
    for race, power, _ in s.column:
        assert (C.name(race, "en"), C.text(race, "en")) in pairs and (C.name(power, "en"), C.text(power, "en")) in pairs
    assert C.name("crypt", "en") in names and "Monsters" in names
    assert len(names) == len(set(names))
    a = ARK.start([f"P{i}" for i in range(6)], {"schedule": "art_of_combos" + ",none" * 9}, 5)
    lot = a.auction_lot(a.auction_tables[0])
    assert [n for n, _ in ARK.glossary(a, "en")[1][:2]] == [C.name(lot[1], "en"), C.name(lot[2], "en")]
