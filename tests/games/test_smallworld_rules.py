"""Small World rules, one test (or more) per rule of the rules notes §1, and
one scenario per race and per special power where the effect changes the
outcome. Regions are those of the printed 2-player map (boards/smallworld-graphs.json)."""

from __future__ import annotations

import pytest

from plateau.core.game import IllegalMove
from plateau.games.smallworld import conquest, supply
from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld import turn_end
from plateau.games.smallworld.conquest import DIE_FACES
from plateau.games.smallworld.rules import EMPTY, LT

from sw_factory import begin, coins, finish_turn, fresh, give, region, texts


# ---------------------------------------------------------------- §1.1 setup
@pytest.mark.parametrize("n,turns", [(2, 10), (3, 10), (4, 9), (5, 8)])
def test_1_1_turns_per_map(n, turns):
    """§1.1 "Turns: 2p 10, 3p 10, 4p 9, 5p 8"."""
    s = GAME.start(["a", "b", "c", "d", "e"][:n], {}, 3)
    assert s.turns == turns and s.R == {2: 23, 3: 30, 4: 39, 5: 48}[n]


def test_1_1_setup_six_combos_lost_tribes_five_coins():
    """§1.1 "6 selectable combos", "1 Lost Tribe token on each LT-symbol region", "5 coins"."""
    s = GAME.start(["a", "b"], {}, 1)
    assert len(s.column) == 6 and all(c[2] == 0 for c in s.column)
    assert len({c[0] for c in s.column}) == 6 and len({c[1] for c in s.column}) == 6
    assert len(s.banners) == 14 - 6 and len(s.badges) == 20 - 6
    assert s.coins == [5, 5]
    lts = [r for r in range(s.R) if s.owner[r] == LT]
    assert lts == [3, 6, 10, 11, 12, 13, 14, 16, 18] and all(s.tok[r] == 1 for r in lts)


def test_1_1_five_player_disputes_are_options():
    """§1.10 5p dispute: DEFAULT no border 13-19, no LT on 19, 28 is Hill; options switch them."""
    s = GAME.start(list("abcde"), {}, 0)
    assert 19 not in s.nbrs[13] and s.owner[19] != LT and s.terrain[28] == "hill"
    assert sum(1 for r in range(s.R) if s.owner[r] == LT) == 18
    o = GAME.start(list("abcde"), {"map5_border_13_19": True, "map5_lt_19": True, "map5_terrain_28": "farmland"}, 0)
    assert 19 in o.nbrs[13] and 13 in o.nbrs[19] and o.owner[19] == LT and o.terrain[28] == "farmland"


# ---------------------------------------------------------- §1.3 combo column
def test_1_3_pick_pays_one_coin_per_combo_above_and_collects_coins_on_it():
    """§1.3 "Combo at index i costs i coins ... Coins lying on the chosen combo go to the chooser"."""
    s = GAME.start(["a", "b"], {}, 2)
    s.column[3][2] = 2
    race, power, _ = s.column[3]
    s.play("pick:3")
    assert s.coins[0] == 5 - 3 + 2
    assert [c[2] for c in s.column[:3]] == [1, 1, 1]
    assert len(s.column) == 6  # refilled
    rec = s.recs[s.active[0]]
    assert (rec.race, rec.power) == (race, power)
    extra = C.AMAZON_EXTRA if race == "amazons" else 0
    assert rec.hand == min(C.RACES[race][0] + C.POWERS[power] + extra, C.RACES[race][1])


def test_1_3_cannot_pay_more_coins_than_owned():
    s = GAME.start(["a", "b"], {}, 2)
    coins(s, 0, 2)
    assert texts(s) == ["pick:0", "pick:1", "pick:2"]
    with pytest.raises(IllegalMove):
        s.play("pick:3")


def test_1_3_vanished_race_returns_its_banner_to_the_stack():
    """§1.3 "A vanished race's banner goes to the bottom of the banner stack"."""
    s = fresh()
    give(s, 1, "ratmen", None, {20: 1}, dec=True)
    give(s, 0, "humans", "commando", {19: 1}, hand=5)
    begin(s, 0)
    s.play("c:20")
    assert s.banners[-1] == "ratmen" and not s.declined[1]


# ---------------------------------------------------------------- §1.4 conquest
def test_1_4_first_conquest_on_a_border_region():
    """§1.4 "First conquest of a race entering the map: a border region" (first_conquest_ok)."""
    s = fresh()
    give(s, 0, "humans", "hill", {}, hand=9)
    begin(s, 0)
    tg = {int(t[2:]) for t in texts(s) if t.startswith("c:")}
    assert tg == {r for r in range(s.R) if s.entry[r]}
    assert 6 not in tg and 0 not in tg


def test_1_4_later_conquests_adjacent():
    s = fresh()
    give(s, 0, "humans", "hill", {1: 2}, hand=9)
    begin(s, 0)
    tg = {int(t[2:]) for t in texts(s) if t.startswith("c:")}
    assert tg == {2, 5, 6}  # 0 is a sea


def test_1_4_cost_two_plus_markers_and_tokens():
    """§1.4 "Cost = 2 + 1 per Encampment/Fortress/Mountain/Troll Lair + 1 per LT or race token"."""
    s = fresh(clear=False)
    give(s, 0, "humans", "hill", {}, hand=9)
    assert s.cost(0, 1) == 2
    assert s.cost(0, 3) == 3  # Lost Tribe
    assert s.cost(0, 5) == 3  # Mountain
    give(s, 1, "ratmen", "merchant", {2: 3})
    s.fort[2] = True
    s.lair[2] = True
    assert s.cost(0, 2) == 2 + 3 + 2


def test_1_4_seas_and_lake_cannot_be_conquered():
    s = fresh()
    give(s, 0, "humans", "hill", {1: 2, 6: 1}, hand=9)
    begin(s, 0)
    assert "c:0" not in texts(s) and "c:7" not in texts(s)


def test_1_4_reductions_never_below_one():
    s = fresh()
    give(s, 0, "tritons", "commando", {}, hand=1)
    assert s.cost(0, 1) == 1  # 2 -1 (coastal) -1 (commando) -> 1, not 0


def test_1_4_needs_a_token_in_hand():
    """§1.4 "A player always needs ≥1 token in hand to start a conquest"."""
    s = fresh()
    give(s, 0, "humans", "hill", {1: 1}, hand=0)
    begin(s, 0)
    assert not [t for t in texts(s) if t.startswith(("c:", "die:"))]


def test_1_4_defender_loses_one_and_redeploys_the_rest_at_end_of_turn():
    """§1.4 "the owner takes all back, loses 1 to the tray, and redeploys the rest ... at the end of the attacker's turn"."""
    s = fresh()
    d = give(s, 1, "ratmen", "hill", {2: 3, 21: 1})
    a = give(s, 0, "humans", "hill", {1: 1}, hand=10)
    begin(s, 0)
    s.play("c:2")
    assert s.owner[2] == a and s.recs[d].hand == 2
    s.play("end")
    while s.phase == "redeploy":
        s.play(texts(s)[-1] if "done" in texts(s) else texts(s)[0])
    assert s.phase == "defend" and s.to_play == 1
    s.play("all:21")
    # player 1's turn has begun: troops ready, 1 token left on 21 and 2 in hand
    assert s.cur == 1 and s.tok[21] == 1 and s.recs[d].hand == 2


def test_1_4_defender_without_regions_keeps_tokens_and_reenters():
    """§1.4 "With no regions left, he keeps them in hand and re-enters next turn by a first conquest"."""
    s = fresh()
    d = give(s, 1, "ratmen", "hill", {2: 3})
    give(s, 0, "humans", "hill", {1: 1}, hand=10)
    begin(s, 0)
    s.play("c:2")
    finish_turn(s)
    assert s.cur == 1 and s.recs[d].hand == 2 and not s.regions_of(d)
    tg = {int(t[2:]) for t in texts(s) if t.startswith("c:")}
    assert tg and all(s.entry[r] for r in tg)


def test_1_4_lone_declined_token_discarded():
    """§1.4 "a lone token (LT, In Decline) is discarded"."""
    s = fresh()
    d = give(s, 1, "wizards", None, {20: 1, 21: 1}, dec=True)
    give(s, 0, "humans", "hill", {19: 1}, hand=9)
    begin(s, 0)
    s.play("c:20")
    assert s.recs[d].hand == 0 and s.owner[20] == s.active[0] and d not in s.defq


def test_1_4_own_declined_region_may_be_conquered():
    s = fresh()
    give(s, 0, "wizards", None, {20: 1}, dec=True)
    give(s, 0, "humans", "hill", {19: 1}, hand=9)
    begin(s, 0)
    assert "c:20" in texts(s)


def test_1_4_mountain_stays_with_the_region():
    s = fresh()
    give(s, 1, "ratmen", "hill", {5: 1, 1: 1})
    give(s, 0, "humans", "hill", {}, hand=9)
    begin(s, 0)
    s.play("c:5")
    assert s.mountain[5] and s.cost(1, 5) == 2 + 1 + 4


def _face_next(s):
    return DIE_FACES[s.rng.copy().below(6)]


def _seed_with_face(face, **kw):
    for seed in range(200):
        s = fresh(seed=seed, **kw)
        if _face_next(s) == face:
            return s
    raise AssertionError


def test_1_4_die_faces_and_target_before_roll_success():
    """§1.4 "Die faces 0,0,0,1,2,3"; "Success if tokens + roll ≥ cost: all remaining tokens go there"."""
    assert sorted(DIE_FACES) == [0, 0, 0, 1, 2, 3]
    s = _seed_with_face(3)
    give(s, 0, "humans", "hill", {19: 1}, hand=1)
    begin(s, 0)
    ts = texts(s)
    assert "die:20" in ts and "c:20" not in ts  # target chosen, then the roll
    s.play("die:20")
    assert s.owner[20] == 0 and s.tok[20] == 1 and s.phase == "redeploy"
    assert s.tp.die == [20, 3, True]


def test_1_4_die_failure_tokens_go_to_held_region_and_conquests_end():
    s = _seed_with_face(0)
    give(s, 0, "humans", "hill", {19: 1}, hand=1)
    begin(s, 0)
    s.play("die:20")
    assert s.owner[20] == EMPTY and s.phase == "redeploy"
    assert texts(s) == ["put:19"]


def test_1_4_die_only_when_at_most_three_short():
    s = fresh()
    give(s, 1, "ratmen", "hill", {20: 3})
    give(s, 0, "humans", "hill", {19: 1}, hand=1)
    begin(s, 0)
    assert "die:20" not in texts(s)  # cost 5, 1 in hand: 4 short


def test_1_4_mountain_alone_is_not_non_empty():
    """§1.4 "A Mountain marker alone does not make a region non-empty" (Orcs)."""
    s = fresh()
    give(s, 0, "orcs", "hill", {}, hand=9)
    begin(s, 0)
    s.play("c:5")
    assert s.tp.conq == [[5, False]]


# ---------------------------------------------------- §1.5 redeploy, scoring
def test_1_5_redeploy_keeps_one_token_per_region():
    s = fresh()
    give(s, 0, "humans", "hill", {1: 1, 2: 1}, hand=0)
    begin(s, 0)
    s.play("end")
    assert texts(s) == ["done"]


def test_1_5_scoring_active_and_declined_regions():
    """§1.5 "1 coin per region held by the active race and per region held by the In Decline race"."""
    s = fresh()
    give(s, 0, "ratmen", None, {20: 1, 21: 1}, dec=True)
    give(s, 0, "ratmen", "swamp", {1: 1, 2: 1, 5: 1})
    begin(s, 0)
    s.play("end")
    s.play("done")
    assert s.coins[0] == 5 + 3 + 2


def test_1_5_decline_keeps_one_token_scores_only_declined_and_removes_older():
    """§1.2/§1.5 Go In Decline: keep 1 token per region, older In Decline race removed, score, no bonus."""
    s = fresh()
    old = give(s, 0, "ratmen", None, {20: 1}, dec=True)
    give(s, 0, "humans", "alchemist", {1: 3, 9: 2})
    begin(s, 0)
    s.play("decline")
    assert old not in s.recs and s.owner[20] == EMPTY
    assert s.tok[1] == 1 and s.tok[9] == 1 and s.active[0] is None
    assert s.coins[0] == 5 + 2  # two regions, no Humans/Alchemist bonus
    assert s.cur == 1
    assert "alchemist" in s.discard


def test_1_5_after_decline_pick_a_new_combo():
    s = fresh()
    give(s, 0, "humans", "hill", {1: 3})
    begin(s, 0)
    s.play("decline")
    begin(s, 0)
    assert s.phase == "pick"


def test_1_5_coins_hidden_until_the_end_unless_open():
    s = GAME.start(["a", "b", "c"], {}, 4)
    v = s.view(1)
    assert v["coins"] == [None, 5, None] and "rng" not in v
    o = GAME.start(["a", "b", "c"], {"open_coins": True}, 4)
    assert o.view(1)["coins"] == [5, 5, 5] and not o.hidden_info()


def test_1_5_end_after_the_map_turns_and_tie_break():
    """§1.5 "Highest coins wins. Tie-break: most race tokens on the board"; DEFAULT then shared."""
    s = fresh()
    give(s, 0, "ratmen", "hill", {1: 3})
    give(s, 1, "ratmen", None, {20: 1}, dec=True)
    s.turn = s.turns
    begin(s, 1)
    s.coins = [9, 9]
    s.play("pick:0")
    s.coins = [9, 9 + s.coins[1] - 9]  # unchanged order of play
    finish_turn(s)
    assert s.is_over()
    if s.coins[0] == s.coins[1]:
        assert s.winners() == [max((0, 1), key=lambda p: supply.race_tokens_on_board(s, p))]
    s2 = fresh(tiebreak="shared")
    s2.coins = [7, 7]
    turn_end.game_over(s2)
    assert s2.winners() == [0, 1]
    s3 = fresh()
    give(s3, 0, "ratmen", "hill", {1: 3})
    s3.coins = [7, 7]
    turn_end.game_over(s3)
    assert s3.winners() == [0]


def test_1_6_lost_tribe_adds_one_and_is_discarded():
    s = fresh(clear=False)
    give(s, 0, "humans", "hill", {}, hand=3)
    begin(s, 0)
    s.play("c:3")
    assert s.owner[3] == 0 and s.tok[3] == 3 and not s.defq


# ------------------------------------------------------------- §1.8 races
def test_amazons_extra_four_only_for_conquest():
    """§1.8/§1.7 "Amazons' +4 are conquest-only: remove 4 after redeploy and get them back"."""
    s = fresh()
    s.column[0] = ["amazons", "hill", 0]
    s.play("pick:0")
    rid = s.active[0]
    assert s.recs[rid].hand == 6 + 4 + 4
    for r in (1, 2, 5):
        s.play(f"c:{r}")
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    assert s.recs[rid].parked == 4 and supply.on_board(s, rid) == 14 - 4
    begin(s, 0)
    assert s.recs[rid].hand == (10 - 3) + 4


def test_dwarves_mine_bonus_even_in_decline():
    s = fresh()
    give(s, 0, "dwarves", None, {2: 1, 5: 1}, dec=True)
    give(s, 0, "ratmen", "hill", {20: 1})
    begin(s, 0)
    s.play("end")
    s.play("done")
    assert s.coins[0] == 5 + 1 + 2 + 2


def test_elves_lose_no_token():
    s = fresh()
    d = give(s, 1, "elves", "hill", {2: 3, 21: 1})
    give(s, 0, "humans", "hill", {1: 1}, hand=10)
    begin(s, 0)
    s.play("c:2")
    assert s.recs[d].hand == 3


def test_elves_in_decline_lose_a_token():
    s = fresh()
    d = give(s, 1, "elves", None, {2: 2, 21: 1}, dec=True)
    give(s, 0, "humans", "hill", {1: 1}, hand=10)
    begin(s, 0)
    s.play("c:2")
    assert s.recs[d].hand == 1


def test_ghouls_keep_all_tokens_and_conquer_in_decline():
    s = fresh()
    g = give(s, 0, "ghouls", "hill", {1: 4, 2: 3})
    begin(s, 0)
    s.play("decline")
    assert s.tok[1] == 4 and s.tok[2] == 3
    begin(s, 0)
    assert s.phase == "conquer" and s.acting == g and s.tp.ghoul
    assert s.recs[g].hand == 5
    s.play("c:6")
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    assert s.phase == "pick" and s.owner[6] == g


def test_giants_cheaper_next_to_their_mountain():
    s = fresh()
    give(s, 0, "giants", "hill", {5: 1}, hand=5)
    assert s.cost(0, 1) == 1 and s.cost(0, 6) == 1 and s.cost(0, 2) == 2  # 2 is not next to 5
    give(s, 1, "humans", "hill", {19: 1}, hand=5)
    assert s.cost(1, 20) == 2


def test_halflings_enter_anywhere_and_holes_protect():
    s = fresh()
    h = give(s, 0, "halflings", "hill", {}, hand=8)
    begin(s, 0)
    assert "c:8" in texts(s)  # not a border region
    s.play("c:8")
    s.play("c:9")
    s.play("c:3")
    assert s.hole[8] and s.hole[9] and not s.hole[3] and s.recs[h].holes == 2
    e = give(s, 1, "ratmen", "hill", {4: 1}, hand=9)
    assert 9 not in s.targets(e) and 3 in s.targets(e)


def test_halflings_holes_removed_on_decline():
    s = fresh()
    give(s, 0, "halflings", "hill", {8: 2}, hand=0)
    s.hole[8] = True
    begin(s, 0)
    s.play("decline")
    assert not s.hole[8]


def test_humans_farmland_bonus():
    s = fresh()
    give(s, 0, "humans", "swamp", {1: 1, 9: 1, 2: 1})
    begin(s, 0)
    s.play("end")
    s.play("done")
    assert s.coins[0] == 5 + 3 + 2


def _two_conquests(race, power):
    s = fresh(clear=False)
    give(s, 0, race, power, {}, hand=20)
    begin(s, 0)
    s.play("c:3")  # Lost Tribe: non-empty
    s.play("c:4")  # empty
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    return s.coins[0] - 5


def test_orcs_and_pillaging_each_one_coin_per_non_empty_conquest():
    assert _two_conquests("ratmen", "hill") == 2 + 1  # 2 regions, 1 hill (region 4)
    assert _two_conquests("orcs", "hill") == 2 + 1 + 1
    assert _two_conquests("ratmen", "pillaging") == 2 + 1


def test_orcs_and_pillaging_non_empty_conquests():
    s = fresh(clear=False)
    give(s, 0, "orcs", "pillaging", {}, hand=20)
    begin(s, 0)
    s.play("c:3")  # Lost Tribe
    s.play("c:4")  # empty
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    assert s.coins[0] == 5 + 2 + 1 + 1


def test_ratmen_many_tokens():
    s = fresh()
    s.column[0] = ["ratmen", "hill", 0]
    s.play("pick:0")
    assert s.recs[s.active[0]].hand == 12


def test_skeletons_gain_tokens_per_two_non_empty_conquests():
    s = fresh(clear=False)
    sk = give(s, 0, "skeletons", "hill", {}, hand=12)
    begin(s, 0)
    s.play("c:3")
    s.play("c:4")
    s.play("c:10")
    hand = s.recs[sk].hand
    s.play("end")
    assert s.recs[sk].hand == hand + 1


def test_skeletons_limited_by_tray():
    s = fresh(clear=False)
    sk = give(s, 0, "skeletons", "hill", {20: 12, 21: 2}, hand=6)
    for r in (13, 14):
        region(s, r, LT, 1)
    begin(s, 0)
    s.play("c:13")  # Lost Tribes on 13 and 14
    s.play("c:14")
    s.play("end")
    assert s.tp.conq == [[13, True], [14, True]]
    assert s.tray(sk) == 0 and s.recs[sk].hand + supply.on_board(s, sk) == 20  # the tray is empty: no new Skeleton


def test_sorcerers_convert_a_lone_active_token():
    s = fresh()
    v = give(s, 1, "elves", "hill", {2: 1, 21: 2})
    so = give(s, 0, "sorcerers", "hill", {1: 1}, hand=0)
    begin(s, 0)
    assert "sorc:2" in texts(s)
    s.play("sorc:2")
    assert s.owner[2] == so and s.tok[2] == 1 and s.recs[v].hand == 0
    assert not [t for t in texts(s) if t.startswith("sorc:")]  # once per opponent


def test_sorcerers_stopped_by_encampment():
    s = fresh()
    give(s, 1, "elves", "bivouacking", {2: 1, 21: 2})
    s.camp[2] = 1
    give(s, 0, "sorcerers", "hill", {1: 1})
    begin(s, 0)
    assert "sorc:2" not in texts(s)


def test_tritons_cheaper_on_coast():
    s = fresh()
    give(s, 0, "tritons", "hill", {}, hand=5)
    assert s.cost(0, 1) == 1 and s.cost(0, 4) == 2


def test_trolls_lair_defends_even_in_decline():
    s = fresh()
    give(s, 0, "trolls", "hill", {}, hand=9)
    begin(s, 0)
    s.play("c:1")
    assert s.lair[1]
    s.play("end")
    s.play("all:1")
    s.play("done")
    begin(s, 0)
    s.play("decline")
    assert s.lair[1] and s.recs[s.owner[1]].dec
    e = give(s, 1, "ratmen", "hill", {}, hand=9)
    assert s.cost(e, 1) == 2 + 1 + 1  # one token + the lair, which stays In Decline


def test_wizards_magic_bonus():
    s = fresh()
    give(s, 0, "wizards", "swamp", {1: 1, 10: 1})
    begin(s, 0)
    s.play("end")
    s.play("done")
    assert s.coins[0] == 5 + 2 + 2


# ------------------------------------------------------------- §1.9 powers
def _score_of(race, power, regions, **kw):
    s = fresh()
    give(s, 0, race, power, regions, **kw)
    begin(s, 0)
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    while s.phase in ("diplomat", "stout"):
        s.play(texts(s)[-1])
    return s.coins[0] - 5


def test_alchemist_two_coins():
    assert _score_of("ratmen", "alchemist", {1: 1}) == 1 + 2


def test_merchant_forest_hill_swamp():
    assert _score_of("ratmen", "merchant", {1: 1, 2: 1}) == 4
    assert _score_of("ratmen", "forest", {2: 1, 21: 1, 1: 1}) == 5
    assert _score_of("ratmen", "hill", {4: 1, 1: 1}) == 3
    assert _score_of("ratmen", "swamp", {3: 1, 20: 1}) == 4


def test_wealthy_seven_once():
    s = fresh()
    give(s, 0, "ratmen", "wealthy", {1: 1})
    begin(s, 0)
    s.play("end"); s.play("done")
    assert s.coins[0] == 5 + 1 + 7
    begin(s, 0)
    s.play("end"); s.play("done")
    assert s.coins[0] == 5 + 8 + 1


def test_fortified_fortress_coin_and_defence():
    s = fresh()
    rid = give(s, 0, "ratmen", "fortified", {1: 1})
    begin(s, 0)
    s.play("end")
    assert "fort:1" in texts(s)
    s.play("fort:1")
    assert not [t for t in texts(s) if t.startswith("fort:")]  # once per turn
    s.play("done")
    assert s.coins[0] == 5 + 1 + 1
    assert s.cost(rid, 1) >= 0 and conquest.defence(s, 1) == 2 + 1 + 1  # 1 token + the fortress


def test_berserk_rolls_before_choosing():
    s = _seed_with_face(3)
    give(s, 0, "ratmen", "berserk", {19: 1}, hand=1)
    begin(s, 0)
    ts = texts(s)
    assert "roll" in ts and not [t for t in ts if t.startswith("die:")]
    s.play("roll")
    assert s.tp.roll == 3
    s.play("c:20")
    assert s.owner[20] == 0 and s.recs[0].hand == 0


def test_bivouacking_encampments_defend():
    s = fresh()
    give(s, 0, "ratmen", "bivouacking", {1: 1})
    begin(s, 0)
    s.play("end")
    s.play("camp:1"); s.play("camp:1")
    assert s.camp[1] == 2 and conquest.defence(s, 1) == 2 + 1 + 2


def test_commando_and_mounted_and_underworld_cost():
    s = fresh()
    a = give(s, 0, "ratmen", "commando", {}, hand=5)
    b = give(s, 1, "ratmen", "mounted", {}, hand=5)
    assert s.cost(a, 2) == 1 and s.cost(b, 1) == 1 and s.cost(b, 2) == 2
    c = fresh()
    u = give(c, 0, "ratmen", "underworld", {17: 1}, hand=5)
    assert c.cost(u, 3) == 1 and conquest.reachable(c, u, 14) and conquest.reachable(c, u, 5)


def test_diplomat_peace_blocks_attacks_until_next_turn():
    s = fresh(3)
    give(s, 2, "ratmen", "hill", {2: 1})
    give(s, 1, "humans", "hill", {19: 1}, hand=5)
    give(s, 0, "ratmen", "diplomat", {20: 1})
    begin(s, 0)
    s.play("end"); s.play("done")
    assert s.phase == "diplomat"
    s.play("peace:1")
    assert s.cur == 1
    assert "c:20" not in texts(s)
    s.peace[0] = None
    assert "c:20" in texts(s)


def test_dragon_master_one_token_and_immunity():
    s = fresh()
    give(s, 1, "ratmen", "hill", {2: 5, 21: 1})
    d = give(s, 0, "ratmen", "dragon_master", {1: 1}, hand=1)
    begin(s, 0)
    s.play("dragon:2")
    assert s.owner[2] == d and s.tok[2] == 1 and s.dragon == 2
    e = s.active[1]
    assert 2 not in s.targets(e)


def test_flying_reaches_any_land_and_entry_option():
    s = fresh()
    f = give(s, 0, "ratmen", "flying", {1: 1}, hand=5)
    assert conquest.reachable(s, f, 22) is False and conquest.reachable(s, f, 21)
    g = fresh()
    f2 = give(g, 0, "ratmen", "flying", {}, hand=5)
    assert conquest.reachable(g, f2, 8)
    h = fresh(flying_entry="border")
    f3 = give(h, 0, "ratmen", "flying", {}, hand=5)
    assert not conquest.reachable(h, f3, 8) and conquest.reachable(h, f3, 1)


def test_heroic_heroes_immune():
    s = fresh()
    give(s, 0, "ratmen", "heroic", {1: 1, 2: 1})
    begin(s, 0)
    s.play("end")
    assert "done" not in texts(s)
    s.play("hero:1"); s.play("hero:2")
    s.play("done")
    e = give(s, 1, "ratmen", "hill", {5: 1}, hand=9)
    assert 1 not in s.targets(e)


def test_seafaring_conquers_and_keeps_seas_in_decline():
    s = fresh()
    rid = give(s, 0, "ratmen", "seafaring", {1: 1}, hand=5)
    begin(s, 0)
    s.play("c:0")
    s.play("end")
    s.play("all:0")
    s.play("done")
    assert s.coins[0] == 5 + 2
    begin(s, 0)
    s.play("decline")
    assert s.owner[0] == rid and s.coins[0] == 7 + 2


def test_spirit_decline_does_not_count():
    s = fresh()
    sp = give(s, 0, "ratmen", None, {20: 1}, dec=True)
    s.recs[sp].spirit = True
    give(s, 0, "humans", "hill", {1: 1})
    begin(s, 0)
    s.play("decline")
    assert sp in s.recs and len(s.declined[0]) == 2


def test_stout_declines_after_scoring():
    s = fresh()
    give(s, 0, "ratmen", "stout", {1: 1, 2: 1})
    begin(s, 0)
    s.play("end"); s.play("done")
    assert s.phase == "stout" and s.coins[0] == 5 + 2
    s.play("decline")
    assert s.active[0] is None and s.cur == 1


def test_every_race_and_power_has_an_effect_and_text():
    for key in C.BASE_RACES + C.BASE_POWERS:
        if key == "ratmen":
            continue
        assert key in C.HOOKS or key in C.FLOW, key
        assert C.text(key, "fr") and C.text(key, "en")


def test_token_caps_box():
    """§1.1: 168 race tokens in the base box; §2.1: 165 in the Underground box (+ 14 Monsters = 179)."""
    assert sum(C.RACES[k][1] for k in C.BASE_RACES) == 168
    assert sum(C.RACES[k][1] for k in C.UG_RACES) == 165


def test_rules_pages_name_every_race_power_and_dispute():
    for lang in ("fr", "en"):
        text = GAME.rules(lang)
        for key in C.BASE_RACES + C.BASE_POWERS:
            assert C.name(key, lang) in text, (lang, key)
        for word in ("13", "19", "28", "0, 0, 0, 1, 2, 3"):
            assert word in text


def test_doctests_of_the_smallworld_modules():
    import doctest
    import importlib

    for name in ("plateau.games.smallworld", "plateau.games.smallworld.mapdraw"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted > 0 and result.failed == 0, name


def test_board_offers_every_target_of_the_turn():
    """Regions, combo cards and (Diplomat) player boxes are board targets with labels; the rest are tray buttons."""
    from plateau.core.game import RenderContext

    s = fresh(3)
    give(s, 1, "humans", "hill", {19: 1})
    give(s, 0, "ratmen", "diplomat", {20: 1})
    begin(s, 0)
    s.play("end"); s.play("done")
    targets = frozenset(m.path[0] for m in s.legal_moves())
    svg = GAME.render(s, RenderContext(viewer=0, targets=targets, lang="en"))
    assert 'data-target="p1"' in svg and 'aria-label="Peace with Bob"' in svg
    g = fresh(2, clear=False)
    svg = GAME.render(g, RenderContext(viewer=0, targets=frozenset(m.path[0] for m in g.legal_moves()), lang="en"))
    for i in range(6):
        assert f'data-target="combo{i}"' in svg
    for r in range(g.R):
        assert f'data-target="r{r}"' in svg
    assert "<title>" in svg and "Lost Tribe" in svg


def test_token_initials_are_distinct():
    from plateau.games.smallworld.render import ABBR

    for lang in ("fr", "en"):
        assert sorted(ABBR[lang]) == sorted(C.RACES) and len(set(ABBR[lang].values())) == len(C.RACES)


def test_diplomat_cannot_name_an_opponent_attacked_this_turn():
    """§1.9 Diplomat: "name one opponent whose active race you did not attack this turn"."""
    s = fresh(3)
    give(s, 1, "humans", "hill", {21: 1, 1: 2})
    give(s, 2, "elves", "hill", {2: 1})
    give(s, 0, "ratmen", "diplomat", {20: 1}, hand=5)
    begin(s, 0)
    s.play("c:21")
    s.play("end")
    while "done" not in texts(s):
        s.play(texts(s)[0])
    s.play("done")
    assert texts(s) == ["peace:2", "nopeace"]


def test_heroes_dragon_camps_and_holes_leave_on_decline_fortress_and_lair_stay():
    """§1.9: heroes, dragon, encampments removed on decline; fortress +1 defence even In Decline."""
    s = fresh()
    rid = give(s, 0, "trolls", "heroic", {1: 1, 2: 1, 5: 1})
    s.hero[1] = s.hero[2] = True
    s.dragon = 5
    s.camp[5] = 2
    s.fort[2] = True
    s.lair[1] = True
    begin(s, 0)
    s.play("decline")
    assert not any(s.hero) and s.dragon == -1 and not any(s.camp)
    assert s.fort[2] and s.lair[1] and s.recs[rid].dec


def test_conquest_removes_fortress_and_lair_and_returns_encampments():
    """§1.9 Fortress/lair "removed on abandon or conquest"; encampments "never lost in an attack"."""
    s = fresh()
    give(s, 1, "trolls", "bivouacking", {2: 1, 21: 1})
    s.lair[2] = True
    s.fort[2] = True
    s.camp[2] = 1
    give(s, 0, "ratmen", "hill", {1: 1}, hand=9)
    begin(s, 0)
    assert s.cost(s.active[0], 2) == 2 + 1 + 1 + 1 + 1  # token, lair, fortress, encampment
    s.play("c:2")
    assert not s.lair[2] and not s.fort[2] and s.camp[2] == 0 and supply.supply_left(s, "camp") == 5


def test_badges_reshuffled_when_the_stack_is_empty():
    """§1.3 "Badge stack empty → reshuffle discarded badges"."""
    s = GAME.start(["a", "b"], {}, 3)
    s.discard = list(s.badges)
    s.badges = []
    s.play("pick:0")
    assert len(s.column) == 6 and not s.discard and len(s.badges) == 20 - 6 - 1
