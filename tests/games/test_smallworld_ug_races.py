"""Small World Underground races, one scenario (or more) per race of the
rules notes §2.1, quoting the line it checks. Regions are those of the
printed Underground 2-player board (boards/smallworld-graphs.json
``underground-2p``): 0, 7, 16, 20, 22 chasms (volcano symbol on 7 and 20),
11–13 the River, Monsters on 2, 8, 18, 19; a few use the base 2-player map."""

from __future__ import annotations

import pytest

from plateau.core.game import IllegalMove, Move
from plateau.games.smallworld import conquest, supply, turn_end
from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld import underground as U
from plateau.games.smallworld.catalogue import CATALOGUE
from plateau.games.smallworld.describe import describe
from plateau.games.smallworld.rules import EMPTY

from sw_factory import begin, coins, empty, finish_turn, fresh, give, region, texts


def ug(**opts):
    return fresh(2, board="underground", content="underground", **opts)


class Die:
    """A stand-in for the game's random source: the die shows ``face``."""

    def __init__(self, face):
        self.i = {0: 0, 1: 3, 2: 4, 3: 5}[face]

    def below(self, n):
        return self.i

    def copy(self):
        return self


def bonus(s, p, why):
    return sum(k for w, k, _ in turn_end.score_lines(s, p, False) if w == why)


# ------------------------------------------------------------------ Cultists
def test_cultists_great_ancient_in_first_conquest_is_immune():
    """§2.1 Cultists: "Great Ancient placed in their first conquered region (immune)"."""
    s = ug()
    cu = give(s, 0, "cultists", "mining", {}, hand=10)
    begin(s, 0)
    s.play("c:4")
    assert s.x["ancient"] == [cu, 4]
    s.play("c:1")
    assert s.x["ancient"] == [cu, 4]  # only the first conquest
    give(s, 1, "ogres", "mining", {5: 3}, hand=9)
    s.cur = 1
    s.start_turn()
    tg = s.targets(s.active[1])
    assert 1 in tg and 4 not in tg
    with pytest.raises(IllegalMove):
        s.play("c:4")


def test_cultists_cost_one_less_next_to_the_great_ancient():
    """§2.1 Cultists: "−1 cost (min 1) on regions adjacent to it"."""
    s = ug()
    cu = give(s, 0, "cultists", "mining", {4: 3}, hand=0)
    s.x["ancient"] = [cu, 4]
    give(s, 1, "ratmen", "mining", {9: 2}, dec=False)
    begin(s, 0)
    assert s.cost(cu, 8) == 2 + 2 - 1  # next to the Ancient: two Monsters, one less
    s.play("c:5")  # Black Mountain next to 4: 2 + 1 - 1
    assert s.tok[5] == 2
    assert s.cost(cu, 9) == 2 + 2  # 9 is next to 5, not to the Ancient: full price


def test_cultists_move_the_ancient_at_the_start_of_a_later_turn_and_lose_it_in_decline():
    """§2.1 Cultists: "At the start of each later turn it may move to another Cultist region"."""
    s = ug()
    cu = give(s, 0, "cultists", "mining", {4: 2, 5: 2}, hand=0)
    s.x["ancient"] = [cu, 4]
    begin(s, 0)
    assert "ancient:5" in texts(s) and "ancient:4" not in texts(s)
    s.play("ancient:5")
    assert s.x["ancient"] == [cu, 5] and not [t for t in texts(s) if t.startswith("ancient")]
    assert describe(s, "ancient:4", "fr") == "Déplace le Grand Ancien dans la région 4"
    s2 = ug()
    cu2 = give(s2, 0, "cultists", "mining", {4: 2, 5: 2}, hand=0)
    s2.x["ancient"] = [cu2, 4]
    begin(s2, 0)
    s2.play("c:1")
    assert not [t for t in texts(s2) if t.startswith("ancient")]  # only before conquering
    s3 = ug()
    cu3 = give(s3, 0, "cultists", "mining", {4: 2}, hand=0)
    s3.x["ancient"] = [cu3, 4]
    begin(s3, 0)
    s3.play("decline")
    assert "ancient" not in s3.x  # the Ancient leaves with the decline (rules page)


def test_cultists_ancient_waits_when_its_region_is_emptied():
    """Rules page choice: an Ancient whose region is emptied (River, abandon) goes to the next conquest."""
    s = ug()
    cu = give(s, 0, "cultists", "mining", {}, hand=6)
    begin(s, 0)
    s.play("c:11")  # a River end: cost 1
    assert s.x["ancient"] == [cu, 11]
    s.play("c:3")
    s.play("end")
    assert s.owner[11] == EMPTY and s.x["ancient"] == [cu, -1]
    finish_turn(s)
    begin(s, 0)
    s.play("c:6")
    assert s.x["ancient"] == [cu, 6]


# ---------------------------------------------------------------------- Drow
def test_drow_coin_per_region_without_other_race_or_monster_next_to_it():
    """§2.1 Drow: "+1 coin per held region with no neighbour containing another race (the owner's other race
    and In Decline races included) or Monsters"."""
    s = ug()
    dr = give(s, 0, "drow", "mining", {25: 1, 27: 1, 14: 1})
    give(s, 1, "ratmen", "mining", {26: 1}, dec=True)
    # 25: neighbours 21, 22, 24, 27 — only Drow; 27 borders 26 (In Decline Ratmen); 14 borders nothing else
    assert bonus(s, 0, "drow") == 2
    give(s, 0, "ogres", "mining", {15: 1}, dec=True)  # the owner's own In Decline race counts too
    assert bonus(s, 0, "drow") == 1
    empty(s, 15, 14)
    region(s, 17, dr, 1)  # 17 borders the Monsters of 18 and 19
    assert bonus(s, 0, "drow") == 1
    assert C.HOOKS["drow"]["score"](s, dr, True) == []  # active only


# -------------------------------------------------------------------- Flames
def test_flames_put_the_volcano_when_picked():
    """§2.1 Flames: "When picked, put the Volcano on a chasm with a Volcano symbol"."""
    s = GAME.start(["a", "b"], {"board": "underground", "content": "underground"}, 4)
    s.column[2][0] = "flames"
    s.play("pick:2")
    assert texts(s) == ["volcano:7", "volcano:20"]
    assert s.to_play == 0 and "Volcan" in s.status("fr")
    s.play("volcano:20")
    assert s.x["volcano"] == 20 and s.phase == "conquer" and not s.pending
    assert any(k == "volcano" for f in C.REGION_MARKS for k, _ in f(s, 20, "en"))


def test_flames_cost_as_if_empty_next_to_the_volcano_or_linked_through_flames():
    """§2.1 Flames: "Regions adjacent to the Volcano, or linked to it through Flames regions, cost as if
    empty"."""
    s = ug()
    s.x["volcano"] = 7
    fl = give(s, 0, "flames", "mining", {10: 1, 9: 1}, hand=8)
    give(s, 1, "ratmen", "mining", {5: 3, 6: 2, 23: 2})
    assert s.cost(fl, 8) == 2  # next to the Volcano: the two Monsters do not count
    assert s.cost(fl, 5) == 2 + 1  # linked through 10 and 9: the Black Mountain counts, the 3 tokens do not
    assert s.cost(fl, 6) == 2
    empty(s, 10)  # the chain to the Volcano is broken
    assert s.cost(fl, 5) == 2 + 1 + 3 and s.cost(fl, 6) == 4
    s.x["volcano"] = 20
    assert s.cost(fl, 23) == 2


# -------------------------------------------------------------------- Gnomes
def test_gnomes_cannot_be_reached_or_cheapened_by_powers_on_other_turns():
    """§2.1 Gnomes: "During other players' turns, their regions can't be conquered using racial/special
    powers, places or relics (no Pipe adjacency, no Balrog…)"."""
    s = ug()
    gn = give(s, 1, "gnomes", "mining", {9: 2, 25: 1, 24: 1})
    att = give(s, 0, "ogres", "flying", {5: 4}, hand=8)
    begin(s, 0)
    tg = s.targets(att)
    assert 9 in tg  # a plain neighbour: still open to a plain conquest
    assert 25 not in tg and 24 not in tg and 27 in tg  # Flying reaches anything else, not the Gnomes
    assert s.cost(att, 9) == 2 + 2  # Ogres' −1 does not help against Gnomes
    assert s.cost(att, 27) == 1
    assert s.need(att, 9, 3) == 4  # nor a Berserk roll
    # and any move of a race, power, place or relic that names a Gnome region is left out
    assert conquest.proof_filter(s, 0, [Move("x:9", ("x", "r9")), Move("x:27", ("x", "r27"))]) == [
        Move("x:27", ("x", "r27"))]
    assert conquest.power_proof(s, 0, 9) and not conquest.power_proof(s, 1, 9)
    s.cur = 1  # during the Gnomes' own turn they have no such shield
    assert not conquest.power_proof(s, 0, 9)
    s.cur = 0
    s.recs[gn].dec = True  # nor In Decline
    assert not conquest.power_proof(s, 0, 9)


def test_gnomes_shield_stops_dragon_sorcery_spiderines_and_wisps():
    """§2.1 Gnomes: the check covers every kind of power conquest (rules page list)."""
    s = ug()
    give(s, 1, "gnomes", "mining", {25: 1, 6: 1})
    sp = give(s, 0, "spiderines", "dragon_master", {10: 3}, hand=6)
    begin(s, 0)
    ts = texts(s)
    assert "c:25" not in ts and "dragon:25" not in ts  # 25 is by a chasm, not a neighbour of 10
    assert "c:1" in ts and "dragon:1" in ts
    assert "dragon:6" not in ts  # a neighbour, but the Dragon is a power
    s2 = ug()
    give(s2, 1, "gnomes", "mining", {9: 1})
    give(s2, 0, "will_o_wisps", "mining", {6: 3}, hand=5)
    begin(s2, 0)
    assert "wisp:9" not in texts(s2) and "c:9" in texts(s2) and "wisp:5" in texts(s2)
    assert sp in s.recs


# -------------------------------------------------------------- Iron Dwarves
def test_iron_dwarves_hammers_per_mine_for_later_conquests_taken_off_after_redeploy():
    """§2.1 Iron Dwarves: "At redeploy, +1 Silver Hammer per Mine held. Hammers are conquest-only tokens,
    removed after each redeploy, usable until decline"."""
    s = ug()
    iw = give(s, 0, "iron_dwarves", "mystic", {1: 2, 14: 2, 15: 1}, hand=0)
    begin(s, 0)
    assert s.recs[iw].hand == 2  # no Hammers yet
    s.play("end")
    s.play("all:1")
    s.play("done")
    assert s.x["hammers"] == [iw, 2]  # mines 1 and 14
    assert s.cur == 1
    finish_turn(s)  # Bob's turn
    assert s.cur == 0
    rec = s.recs[iw]
    assert rec.hand == 2 + 2 and rec.extra == 2
    assert s.tray(iw) == 12 - 3 - 2  # the Hammers are not Iron Dwarves
    s.play("c:17")
    s.play("end")
    s.play("all:17")
    s.play("done")
    assert supply.on_board(s, iw) == 5 and rec.extra == 0 and s.tok[17] == 2  # 7 on the map less the 2 Hammers
    assert s.x["hammers"] == [iw, 4]


def test_iron_dwarves_leave_a_region_that_only_a_hammer_held():
    """§2.1 Iron Dwarves, "removed after each redeploy": a region left with a Hammer alone is abandoned
    (the player chooses which, rules page)."""
    s = ug()
    iw = give(s, 0, "iron_dwarves", "mystic", {14: 1}, hand=0)
    s.x["hammers"] = [iw, 4]
    begin(s, 0)
    assert s.recs[iw].hand == 4
    s.play("c:15")
    s.play("c:17")
    s.play("end")
    s.play("done")
    assert s.pending and texts(s) == ["unhammer:14", "unhammer:15", "unhammer:17"]
    assert "Nains de fer" in s.status("fr")
    s.play("unhammer:17")
    assert s.pending
    s.play("unhammer:15")
    assert not s.pending and s.regions_of(iw) == [14] and supply.on_board(s, iw) == 1
    assert s.x["hammers"] == [iw, 5] and s.cur == 1  # + the mine of 14; play went on
    assert s.tray(iw) == 12 - 1


def test_iron_dwarves_lose_their_hammers_in_decline():
    s = ug()
    iw = give(s, 0, "iron_dwarves", "mystic", {14: 3}, hand=0)
    s.x["hammers"] = [iw, 3]
    begin(s, 0)
    s.play("decline")
    assert "hammers" not in s.x and s.recs[iw].extra == 0 and s.tok[14] == 1


# --------------------------------------------------------------------- Kraken
def test_kraken_stay_and_score_in_the_river_even_in_decline():
    """§2.1 Kraken: "May stay in River regions and score them, **even In Decline**"."""
    s = ug()
    kr = give(s, 0, "kraken", "mining", {}, hand=6)
    begin(s, 0)
    s.play("c:11")
    s.play("c:12")
    s.play("end")
    assert s.owner[11] == kr and s.owner[12] == kr  # not emptied
    finish_turn(s)
    assert s.cur == 1
    s2 = ug()
    give(s2, 0, "kraken", "mining", {12: 1, 3: 1}, dec=True)
    give(s2, 0, "ratmen", "mining", {}, hand=5)
    assert [ln for ln in turn_end.score_lines(s2, 0, False) if ln[0] == "declined"][0][1] == 2
    s3 = ug()
    rt = give(s3, 0, "ratmen", "mining", {}, hand=6)
    begin(s3, 0)
    s3.play("c:11")
    s3.play("end")
    assert s3.owner[11] == EMPTY and s3.recs[rt].hand == 6  # others leave the River


def test_kraken_take_the_seas_on_a_small_world_map():
    """§2.4 "Sea/Lake effects ↔ River effects (… Kraken/Lizardmen/Fisher/Tritons ↔ Seas/Lake)"."""
    s = fresh(2)
    kr = give(s, 0, "kraken", "mining", {1: 3}, hand=4)
    rt = give(s, 1, "ratmen", "mining", {6: 3}, hand=4)
    begin(s, 0)
    assert 0 in s.targets(kr) and 0 not in s.targets(rt)
    s.play("c:0")
    finish_turn(s)
    assert s.owner[0] == kr


# --------------------------------------------------------------------- Liches
def test_liches_in_decline_paid_one_coin_by_the_conqueror():
    """§2.1 Liches: "An opponent conquering an **In Decline** Liches region pays the owner 1 coin"."""
    s = ug()
    give(s, 1, "liches", "mining", {9: 1, 6: 1}, dec=True)
    give(s, 0, "ratmen", "mining", {5: 2}, hand=8)
    begin(s, 0)
    s.play("c:9")
    assert s.coins == [4, 6]
    s.play("c:6")
    assert s.coins == [3, 7]


def test_liches_cannot_be_attacked_with_no_coin_and_active_ones_cost_nothing():
    """§2.1 Liches: "An opponent with 0 coins can't conquer Liches"."""
    s = ug()
    give(s, 1, "liches", "mining", {9: 1, 6: 2})
    rt = give(s, 0, "ratmen", "mining", {5: 2}, hand=8)
    begin(s, 0)
    s.play("c:6")
    assert s.coins == [5, 5]  # active Liches: no coin
    coins(s, 0, 0)
    assert 9 not in s.targets(rt) and 4 in s.targets(rt)


# ----------------------------------------------------------------- Lizardmen
def test_lizardmen_pass_through_the_river_occupied_or_not():
    """§2.1 Lizardmen (corrected): "Cross any River region, occupied or empty, without conquering it; to take
    an occupied River they conquer it as usual, and never leave tokens in a River after redeploy"."""
    s = ug()
    lz = give(s, 0, "lizardmen", "mining", {3: 3}, hand=6)
    kr = give(s, 1, "kraken", "mining", {13: 2})
    begin(s, 0)
    tg = s.targets(lz)
    assert 14 in tg and 17 in tg  # across 11 and 12
    assert 23 in tg and 26 in tg  # across 13, which holds Kraken: no conquest needed
    assert 13 in tg  # taking the occupied River itself is an ordinary conquest
    s.play("c:13")
    s.play("c:23")
    s.play("end")
    assert s.owner[13] == EMPTY and s.owner[23] == lz  # never stay in the River
    assert kr in s.recs
    # the other reading, an option: an occupied River must be conquered to pass
    o = ug(ug_lizardmen="empty")
    lz2 = give(o, 0, "lizardmen", "mining", {3: 3}, hand=6)
    give(o, 1, "kraken", "mining", {13: 2})
    begin(o, 0)
    tg = o.targets(lz2)
    assert 14 in tg and 23 not in tg and 26 not in tg and 13 in tg
    o.play("c:13")
    assert 23 in o.targets(lz2)


def test_lizardmen_enter_across_a_river_end():
    s = ug()
    lz = give(s, 0, "lizardmen", "mining", {}, hand=7)
    rt = give(s, 1, "ratmen", "mining", {}, hand=7)
    begin(s, 0)
    assert 17 in s.targets(lz) and 17 not in s.targets(rt)  # 17 borders 12, which the River ends reach


# ---------------------------------------------------------------------- Mudmen
def test_mudmen_token_per_mudpool_at_redeploy():
    """§2.1 Mudmen: "At redeploy +1 token from the tray per Mudpool held"."""
    s = ug()
    md = give(s, 0, "mudmen", "mining", {3: 2, 10: 2, 9: 1}, hand=0)
    begin(s, 0)
    s.play("end")
    assert s.recs[md].hand == 2 + 2
    s2 = ug()
    md2 = give(s2, 0, "mudmen", "mining", {3: 6, 10: 5}, hand=0)
    begin(s2, 0)
    s2.play("end")
    assert s2.recs[md2].hand == 9 + 1  # the tray had one left (12 in the box)


# ------------------------------------------------------------ Mummies, Ogres
def test_mummies_every_conquest_costs_one_more():
    """§2.1 Mummies: "Every conquest costs +1 token"."""
    s = ug()
    mu = give(s, 0, "mummies", "mining", {5: 1}, hand=5)
    assert s.cost(mu, 4) == 3 and s.cost(mu, 11) == 2 and s.cost(mu, 8) == 5


def test_ogres_every_conquest_one_less():
    """§2.1 Ogres: "−1 cost on every conquest (min 1)"."""
    s = ug()
    og = give(s, 0, "ogres", "mining", {5: 1}, hand=5)
    assert s.cost(og, 4) == 1 and s.cost(og, 11) == 1 and s.cost(og, 8) == 3


# --------------------------------------------------------------- Shadow Mimes
def test_shadow_mimes_swap_their_badge_when_picked():
    """§2.1 Shadow Mimes: "When picked, may swap their badge with one of the 5 other visible badges (coins
    don't move)"."""
    s = GAME.start(["a", "b"], {"board": "underground", "content": "underground"}, 2)
    s.column[3][0] = "shadow_mimes"
    s.column[0][2] = 2  # coins on a combo stay there
    s.play("pick:3")
    assert texts(s) == ["mimic:1", "mimic:2", "mimic:3", "mimic:4", "mimic:5", "nomimic"]
    assert [m.path for m in s.legal_moves()][0] == ("combo0",)
    rid = s.active[0]
    old = s.recs[rid].power
    want = s.column[0][1]
    assert describe(s, "mimic:1", "en") == f"Takes the {C.name(want, 'en')} power of combo 1"
    s.play("mimic:1")
    rec = s.recs[rid]
    assert rec.power == want and s.column[0][1] == old and s.column[0][2] == 3
    assert rec.hand == 7 + C.POWERS[want]  # tokens of the combo now held (rules page)
    assert s.phase == "conquer" and not s.pending
    s2 = GAME.start(["a", "b"], {"board": "underground", "content": "underground"}, 2)
    s2.column[0][0] = "shadow_mimes"
    p0 = s2.column[0][1]
    s2.play("pick:0")
    s2.play("nomimic")
    assert s2.recs[s2.active[0]].power == p0


# -------------------------------------------------------------------- Shrooms
def test_shrooms_coin_per_mushroom_forest():
    """§2.1 Shrooms: "+1 coin per Mushroom Forest held" (Forest on a Small World map, §2.4)."""
    s = ug()
    give(s, 0, "shrooms", "mining", {9: 1, 23: 1, 27: 1, 26: 1})
    assert bonus(s, 0, "shrooms") == 3
    b = fresh(2)
    give(b, 0, "shrooms", "mining", {2: 1, 12: 1, 1: 1})
    assert bonus(b, 0, "shrooms") == 2


# ----------------------------------------------------------------- Spiderines
def test_spiderines_chasm_regions_are_neighbours_and_entries():
    """§2.1 Spiderines (corrected): "Every region bordering a Chasm counts as adjacent to every region the
    Spiderines hold (not only to a region of theirs by a chasm); the first conquest may enter through any
    region bordering a Chasm"."""
    s = ug()
    sp = give(s, 0, "spiderines", "mining", {10: 2}, hand=6)
    tg = s.targets(sp)
    assert {1, 25, 24, 15, 11}.issubset(tg) and 26 not in tg and 6 not in tg
    s2 = ug()
    sp2 = give(s2, 0, "spiderines", "mining", {9: 2}, hand=6)
    tg = s2.targets(sp2)
    assert 25 in tg and 1 in tg and 27 not in tg  # 9 is not by a chasm: by-chasm regions are still its neighbours
    o = ug(ug_spiderines="chasm")  # the other reading, an option: only from a region of theirs by a chasm
    sp3 = give(o, 0, "spiderines", "mining", {9: 2}, hand=6)
    assert 25 not in o.targets(sp3)
    s4 = ug()
    sp4 = give(s4, 0, "spiderines", "mining", {}, hand=6)
    tg = s4.targets(sp4)
    assert 24 in tg and 17 in tg and 6 not in tg  # entries by a chasm, besides the edge


# -------------------------------------------------------------- Will-o'-Wisps
def test_wisps_roll_before_a_crystal_conquest_and_must_conquer_if_affordable():
    """§2.1 Will-o'-Wisps: "May roll the die before conquering a Mystic Crystal region or a region adjacent
    to one they hold. The target is named first; if the roll makes it affordable, the conquest is
    mandatory"."""
    s = ug()
    wi = give(s, 0, "will_o_wisps", "mining", {6: 1, 10: 1}, hand=2)
    give(s, 1, "ratmen", "mining", {9: 3})
    begin(s, 0)
    ts = texts(s)
    assert "wisp:9" in ts and "wisp:5" in ts and "wisp:8" not in ts  # 8 borders no Crystal they hold
    assert "c:9" not in ts
    s.rng = Die(3)
    s.play("wisp:9")
    assert s.owner[9] == wi and s.tok[9] == 2 and s.recs[wi].hand == 0
    assert describe(s, "wisp:9", "en") == "Rolls the Will-o'-Wisps' die for region 9"


def test_wisps_failed_roll_ends_the_conquests():
    """Rules page choice: a roll that cannot make the conquest ends the conquests, like the reinforcement
    die."""
    s = ug()
    wi = give(s, 0, "will_o_wisps", "mining", {6: 1}, hand=3)
    give(s, 1, "ratmen", "mining", {9: 3})
    begin(s, 0)
    s.rng = Die(0)
    s.play("wisp:9")
    assert s.owner[9] != wi and s.phase == "redeploy" and s.recs[wi].hand == 3
    s2 = ug()
    wi2 = give(s2, 0, "will_o_wisps", "mining", {6: 1}, hand=3)
    begin(s2, 0)
    s2.rng = Die(0)
    s2.play("wisp:5")  # 3 tokens cover the Black Mountain even with a 0: the conquest is made
    assert s2.owner[5] == wi2 and s2.tok[5] == 3 and s2.phase == "conquer"


# ------------------------------------------------------------ every race, texts
def test_every_underground_race_has_an_effect_and_texts():
    for key in U.RACES:
        assert key in C.HOOKS or key in C.FLOW, key
        assert C.text(key, "fr") and C.text(key, "en") and C.text(key, "fr") != C.text(key, "en")


def test_every_move_event_and_choice_of_the_races_speaks_both_languages():
    from plateau.games.smallworld import ug_races as M

    for lang in ("fr", "en"):
        assert set(M.CATALOGUE[lang]) == set(M.CATALOGUE["fr"])
        for key in M.CATALOGUE[lang]:
            assert CATALOGUE[lang][key] == M.CATALOGUE[lang][key]
        for head in ("ancient", "wisp", "mimic", "nomimic", "volcano", "unhammer"):
            assert "move." + head in CATALOGUE[lang]
        for kind in ("mimic", "volcano", "hammers"):
            assert "st.pending." + kind in CATALOGUE[lang]
    assert GAME.target_label("nomimic", "en") == "Keep the power"


def test_rules_page_part_names_every_race():
    for lang in ("fr", "en"):
        page = GAME.rules(lang)
        for key in U.RACES:
            assert C.name(key, lang) in page, (lang, key)


# ------------------------------------------------------------ more interactions
def test_cultists_next_to_the_ancient_through_their_own_power():
    """§2.1 Cultists, −1 "on regions adjacent to it": a neighbour by their own power counts (Underworld's
    caverns on the base 2-player map: 3, 5, 14, 17)."""
    s = fresh(2)
    cu = give(s, 0, "cultists", "underworld", {5: 2, 6: 1}, hand=6)
    s.x["ancient"] = [cu, 5]
    give(s, 1, "ratmen", "mining", {17: 2})
    assert s.cost(cu, 17) == 2 + 2 - 1 - 1  # Underworld's −1 on a cavern, and the Ancient's
    s.recs[cu].power = "mining"
    assert 17 not in s.targets(cu)


def test_flames_in_decline_no_longer_use_the_volcano():
    """§2.1 Flames: the effect is the active race's (rules page: the Volcano stays, unused)."""
    s = ug()
    s.x["volcano"] = 7
    fl = give(s, 0, "flames", "mining", {10: 1}, dec=True)
    give(s, 1, "ratmen", "mining", {8: 3})
    assert C.HOOKS["flames"]["cost"](s, fl, 8) == 0
    s.recs[fl].dec = False
    assert C.HOOKS["flames"]["cost"](s, fl, 8) == -5


def test_lizardmen_cross_the_lake_on_a_small_world_map():
    """§2.4 "Sea/Lake effects ↔ River effects (… Lizardmen …)": the Lake (7) is crossed like the River."""
    s = fresh(2)
    lz = give(s, 0, "lizardmen", "mining", {2: 2}, hand=6)
    tg = s.targets(lz)
    assert 12 in tg and 13 in tg and 7 not in tg  # across the Lake, never into it


def test_liches_zero_coin_rule_is_for_opponents_only():
    """§2.1 Liches: "An opponent with 0 coins can't conquer Liches": the owner's own race may."""
    s = ug()
    give(s, 0, "liches", "mining", {9: 1}, dec=True)
    rt = give(s, 0, "ratmen", "mining", {5: 2}, hand=8)
    coins(s, 0, 0)
    begin(s, 0)
    assert 9 in s.targets(rt)
    s.play("c:9")
    assert s.coins == [0, 5]


def test_picked_effects_run_after_the_swap_with_the_new_power():
    """The Shadow Mimes' choice pauses the other ``picked`` effects: the power kept acts, not the one given
    away (rules.py ``_picked``)."""
    from dataclasses import replace

    calls = []

    def noting(key):
        return replace(C.STANDARD.content[key], hooks={"picked": lambda st, rid: calls.append(key)})

    rules = C.STANDARD.but(noting("mystic"), noting("stone"))
    s = GAME.start(["a", "b"], {"board": "underground", "content": "underground"}, 2)
    s.ruleset = rules
    s.column[2][:2] = ["shadow_mimes", "mystic"]
    s.column[0][1] = "stone"
    s.play("pick:2")
    assert calls == [] and s.pending
    s.play("mimic:1")
    assert calls == ["stone"] and s.recs[s.active[0]].power == "stone" and s.column[0][1] == "mystic"


def test_a_forced_choice_naming_only_gnome_regions_keeps_its_moves():
    """The generic Gnome filter leaves out a pending choice's moves that name a Gnome region, but a forced
    choice with nothing else keeps them rather than blocking the game."""
    from plateau.games.smallworld.ruleset import Ruleset

    def moves(st, d):
        return [Move(f"zz:{r}", (f"r{r}",)) for r in d["regions"]]

    s = ug()
    s.ruleset = s.ruleset.plus(Ruleset(pending={"zz": (moves, lambda st, d, text: None)}))
    give(s, 1, "gnomes", "mining", {9: 1, 6: 1})
    give(s, 0, "ratmen", "mining", {5: 2}, hand=3)
    begin(s, 0)
    s.push("zz", 0, regions=[9, 4])
    assert texts(s) == ["zz:4"]
    s.pending[0]["regions"] = [9, 6]
    assert texts(s) == ["zz:9", "zz:6"]
