"""Small World Underground special powers: one scenario (or more) per power of
rules notes §2.2, checked against the line of the notes it quotes. Regions
are those of the printed Underground 2-player board (boards/smallworld-graphs
.json ``underground-2p``): 1, 14, 24 Mines; 3, 10, 15 Mudpools; 4, 6, 17, 26
Mystic Crystals; 5, 21, 25 Black Mountains; 9, 23, 27 Mushroom Forests;
11, 12, 13 the River; 0, 7, 16, 20, 22 Chasms; Monsters on 2, 8, 18, 19."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from plateau.core.rng import Rng
from plateau.games.smallworld import turn_end
from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld import ug_powers as UP
from plateau.games.smallworld.catalogue import CATALOGUE
from plateau.games.smallworld.describe import describe
from plateau.games.smallworld.rules import EMPTY

from sw_factory import begin, empty, finish_turn, fresh, give, region, texts
from test_smallworld_props import check, check_view, policy


def ug(**opts):
    return fresh(2, board="underground", **opts)


def bonus(s, p, why, decline_turn=False):
    return sum(k for w, k, _ in turn_end.score_lines(s, p, decline_turn) if w == why)


def end_turn_moves(s):
    """End the conquests, put the readied tokens back in the first region, end the redeployment."""
    s.play("end")
    while s.phase == "redeploy" and not s.pending and s.recs[s.acting].hand:
        s.play(next(t for t in texts(s) if t.startswith(("all:", "put:"))))
    if not s.pending:
        s.play("done")


def targets(s):
    return {int(t[2:]) for t in texts(s) if t.startswith("c:")}


MINE = sorted(set(C.UG_POWERS) - {"magic"})


# ------------------------------------------------------------ every power
def test_each_power_has_an_effect_and_texts_in_both_languages():
    """§2.2 lists 21 powers; Magic belongs to the relics (items) module."""
    assert len(MINE) == 20 and "magic" not in UP.HOOKS
    for key in MINE:
        assert key in UP.HOOKS or key in UP.FLOW, key
        for lang in ("fr", "en"):
            assert C.text(key, lang) and C.text(key, lang) == UP.TEXTS[lang][key]
            assert C.name(key, lang) != key
    assert set(UP.CATALOGUE["fr"]) == set(UP.CATALOGUE["en"])
    for lang in ("fr", "en"):
        for k, v in UP.CATALOGUE[lang].items():
            assert CATALOGUE[lang][k] == v


def test_badge_values_follow_the_notes_default():
    """§2.2 values: the blast/rezanm2 DEFAULT."""
    assert {k: C.POWERS[k] for k in MINE} == {
        "adventurous": 5, "fisher": 4, "flocking": 5, "frightened": 4, "immortal": 4, "martyr": 4, "mining": 4,
        "muddy": 3, "mystic": 4, "quarreling": 3, "reborn": 5, "royal": 5, "shield": 3, "stone": 4,
        "thieving": 4, "tomb": 5, "vampire": 5, "vanishing": 5, "vengeful": 4, "wise": 4}


def test_rules_page_describes_every_power_in_both_languages():
    for lang in ("fr", "en"):
        page = GAME.rules(lang)
        for key in MINE:
            assert C.name(key, lang) in page, (lang, key)


# ------------------------------------------------------------ scoring powers
def test_adventurous_one_coin_per_popular_place_held():
    """§2.2 Adventurous: "+1 coin per held region with a Popular Place"."""
    s = ug()
    give(s, 0, "ratmen", "adventurous", {24: 1, 25: 1, 27: 1})
    s.place[24] = "keep"
    s.place[25] = "fountain"
    s.relic[27] = "scepter"  # a relic is not a Place
    assert bonus(s, 0, "adventurous") == 2
    s.recs[0].dec = True
    assert bonus(s, 0, "adventurous") == 0


def test_fisher_one_coin_per_pair_of_river_coastal_regions():
    """§2.2 Fisher: "+1 coin per complete pair of held coastal (River-bordering, non-River) regions"."""
    s = ug()
    give(s, 0, "ratmen", "fisher", {9: 1, 10: 1, 14: 1, 24: 1})  # 9, 10, 14 border the River; 24 does not
    assert bonus(s, 0, "fisher") == 1
    region(s, 17, 0, 1)
    assert bonus(s, 0, "fisher") == 2


def test_fisher_on_a_small_world_map_counts_sea_and_lake_shores():
    """§2.4 "Sea/Lake effects ↔ River effects (… Fisher …)": on the base 2p map 1 and 2 border the sea 0."""
    s = fresh(2)
    assert s.coastal[1] and s.coastal[2]
    give(s, 0, "ratmen", "fisher", {1: 1, 2: 1})
    assert bonus(s, 0, "fisher") == 1


def test_flocking_two_coins_when_all_regions_form_one_group():
    """§2.2 Flocking: "+2 coins if all held regions form one connected group"."""
    s = ug()
    give(s, 0, "ratmen", "flocking", {24: 1, 25: 1, 27: 1})
    assert bonus(s, 0, "flocking") == 2
    region(s, 14, 0, 1)
    assert bonus(s, 0, "flocking") == 0


def test_flocking_spiderines_along_separate_chasms_still_form_one_set():
    """SWU rules, Flocking: Spiderines spread along separate Chasm regions still count as one set."""
    s = ug()
    give(s, 0, "spiderines", "flocking", {1: 1, 15: 1})  # 1 borders chasm 0, 15 borders chasm 16
    assert 15 not in s.nbrs[1]
    assert bonus(s, 0, "flocking") == 2
    s.recs[0].race = "ratmen"
    assert bonus(s, 0, "flocking") == 0


def test_frightened_one_coin_per_region_with_three_tokens():
    """§2.2 Frightened: "+1 coin per region holding ≥3 of its tokens"."""
    s = ug()
    give(s, 0, "ratmen", "frightened", {24: 3, 25: 2, 27: 5})
    assert bonus(s, 0, "frightened") == 2


@pytest.mark.parametrize("power,regions,expected", [
    ("mining", {1: 1, 14: 1, 24: 1, 25: 1}, 3),  # §2.2 Mining: "+1 coin per Mine held"
    ("mystic", {4: 1, 6: 1, 5: 1}, 2),  # §2.2 Mystic: "+1 coin per Mystic Crystal held"
    ("stone", {5: 1, 21: 1, 25: 1, 24: 1}, 3),  # §2.2 Stone: "+1 coin per Black Mountain held"
    ("muddy", {3: 1, 10: 1, 15: 1, 14: 1}, 3),  # §2.2 Muddy: "+1 coin per Mudpool held"
])
def test_terrain_powers_count_their_regions(power, regions, expected):
    s = ug()
    give(s, 0, "ratmen", power, regions)
    assert bonus(s, 0, power) == expected
    s.recs[0].dec = True
    assert bonus(s, 0, power) == (expected if power == "muddy" else 0)


def test_terrain_powers_use_the_equivalences_on_a_small_world_map():
    """§2.4 "Black Mountain ≡ Mountain, Mudpool ≡ Swamp, Mine ≡ mine symbol, Mystic Crystal ≡ magic symbol"."""
    s = fresh(2)
    regs = range(s.R)
    for power, test in (("stone", "mountain"), ("muddy", "swamp"), ("mining", "mine"), ("mystic", "magic")):
        t = fresh(2)
        held = [r for r in regs if test in t.feat[r] and not t.water[r]]
        give(t, 0, "ratmen", power, {r: 1 for r in held})
        assert held and bonus(t, 0, power) == len(held), power
    assert s  # the map itself is untouched


def test_muddy_keeps_working_in_decline_and_keeps_its_badge():
    """§2 "badges that say so keep working (Muddy, …)"; §2.2 Muddy "even In Decline"."""
    s = ug()
    give(s, 0, "ratmen", "muddy", {3: 1, 10: 2})
    begin(s, 0)
    s.play("decline")
    assert s.recs[0].dec and "muddy" not in s.discard
    assert [ln for ln in turn_end.score_lines(s, 0, True) if ln[0] == "muddy"] == [("muddy", 2, "ratmen")]


def test_quarreling_one_coin_per_separate_group():
    """§2.2 Quarreling: "+1 coin per separate group of held regions"."""
    s = ug()
    give(s, 0, "ratmen", "quarreling", {24: 1, 25: 1, 14: 1, 4: 1})
    assert bonus(s, 0, "quarreling") == 3
    empty(s, 14)
    assert bonus(s, 0, "quarreling") == 2


def test_wise_two_coins_each_turn_in_decline_including_the_decline_turn():
    """§2.2 Wise: "+2 coins at the end of each turn it is In Decline (including the decline turn), if still on the board"."""
    s = ug()
    give(s, 0, "ratmen", "wise", {24: 2, 25: 1})
    assert bonus(s, 0, "wise") == 0  # active: nothing
    begin(s, 0)
    coins = s.coins[0]
    s.play("decline")
    assert s.coins[0] == coins + 2 + 2  # 2 regions + Wise
    assert "wise" not in s.discard
    assert bonus(s, 0, "wise") == 2  # the next turns too
    empty(s, 24, 25)
    assert bonus(s, 0, "wise") == 0


# ------------------------------------------------------------ Immortal, Martyr
def test_immortal_loses_no_token_when_a_region_is_taken():
    """§2.2 Immortal: "Lose no token when a region is conquered"."""
    s = ug()
    give(s, 0, "ratmen", "immortal", {24: 3, 25: 1})
    give(s, 1, "ratmen", "merchant", {26: 1}, hand=9)
    begin(s, 1)
    s.play("c:24")
    assert s.recs[0].hand == 3 and s.recs[0].id in s.defq


def test_martyr_gets_a_coin_from_the_bank_per_region_lost():
    """§2.2 Martyr: "+1 coin from the bank each time an opponent conquers one of its regions"."""
    s = ug()
    give(s, 0, "ratmen", "martyr", {24: 1, 25: 1})
    give(s, 1, "ratmen", "merchant", {26: 1}, hand=12)
    begin(s, 1)
    s.play("c:24")
    s.play("c:25")
    assert s.coins[0] == 5 + 2 and s.coins[1] == 5


# ------------------------------------------------------------ Reborn
def test_reborn_in_decline_empties_up_to_two_regions_for_active_tokens():
    """§2.2 Reborn: "While In Decline, at the start of each owner turn, may empty 1–2 of its regions and put 1
    active-race token in each" (tokens "taken from the tray, or from your hand if none are left")."""
    s = ug()
    old = give(s, 0, "ratmen", "reborn", {14: 1, 15: 1, 17: 1}, dec=True)
    new = give(s, 0, "ratmen", "merchant", {24: 3})
    begin(s, 0)
    assert s.pending and s.to_play == 0
    assert set(texts(s)) == {"reborn:14", "reborn:15", "reborn:17", "reborn_stop"}
    tray = s.tray(new)
    s.play("reborn:14")
    s.play("reborn:17")
    assert not s.pending and s.phase == "conquer"
    assert (s.owner[14], s.tok[14], s.owner[17], s.tok[17]) == (new, 1, new, 1)
    assert s.owner[15] == old and s.tray(new) == tray - 2


def test_reborn_may_stop_and_needs_an_active_race():
    s = ug()
    give(s, 0, "ratmen", "reborn", {14: 1}, dec=True)
    give(s, 0, "ratmen", "merchant", {24: 2})
    begin(s, 0)
    s.play("reborn_stop")
    assert s.owner[14] == 0 and not s.pending
    t = ug()
    give(t, 0, "ratmen", "reborn", {14: 1}, dec=True)
    begin(t, 0)  # no active race: nothing to put in
    assert not t.pending and t.phase == "pick"


def test_reborn_last_region_emptied_makes_the_race_leave():
    s = ug()
    old = give(s, 0, "ratmen", "reborn", {14: 1}, dec=True)
    give(s, 0, "ratmen", "merchant", {24: 2})
    begin(s, 0)
    s.play("reborn:14")
    assert old not in s.recs and not s.declined[0] and not s.pending


# ------------------------------------------------------------ Royal
def test_royal_queen_placed_at_end_of_turn_makes_the_region_immune():
    """§2.2 Royal: "Queen placed at end of turn makes a held region immune"."""
    s = ug()
    give(s, 0, "ratmen", "royal", {24: 2, 25: 2})
    begin(s, 0)
    end_turn_moves(s)
    assert s.pending and set(texts(s)) == {"queen:24", "queen:25"}
    s.play("queen:25")
    assert s.cur == 1 and s.x["queen"] == {"0": 25}
    give(s, 1, "ratmen", "merchant", {27: 1}, hand=20)
    begin(s, 1)
    assert 24 in targets(s) and 25 not in targets(s)
    assert any(label.startswith(("Queen", "Reine")) for f in C.REGION_MARKS for _, label in f(s, 25, "en"))


def test_royal_queen_stays_frozen_in_decline():
    """§2.2 Royal: "On decline it stays, frozen"."""
    s = ug()
    give(s, 0, "ratmen", "royal", {24: 2, 25: 2})
    s.x["queen"] = {"0": 25}
    begin(s, 0)
    s.play("decline")
    assert not s.pending and s.x["queen"] == {"0": 25} and "royal" not in s.discard
    give(s, 1, "ratmen", "merchant", {27: 1}, hand=20)
    begin(s, 1)
    assert 24 in targets(s) and 25 not in targets(s)
    s.play("c:24")
    finish_turn(s)
    begin(s, 0)  # the owner's next turns: no Queen move for the In Decline race
    s.play("pick:0")
    finish_turn(s)
    assert s.x["queen"] == {"0": 25}


def test_royal_queen_leaves_with_its_region():
    s = ug()
    give(s, 0, "ratmen", "royal", {24: 2, 25: 2})
    s.x["queen"] = {"0": 25}
    begin(s, 0)
    s.play("abandon:25")
    assert s.x["queen"] == {}


# ------------------------------------------------------------ Shield
def test_shield_armor_per_mushroom_forest_gives_defence_even_in_decline():
    """§2.2 Shield: "+1 Mushroom Armor per Mushroom Forest held (at end of conquest). Each Armor is +1 defence,
    even In Decline; discarded when its region is lost"."""
    s = ug()
    give(s, 0, "ratmen", "shield", {23: 2, 27: 2, 24: 1})
    give(s, 1, "ratmen", "merchant", {25: 1}, hand=20)
    before = s.cost(1, 24)
    begin(s, 0)
    s.play("end")
    assert s.pending and set(texts(s)) == {"armor:23", "armor:24", "armor:27"}
    s.play("armor:24")
    s.play("armor:24")
    assert not s.pending and s.phase == "redeploy"
    assert s.cost(1, 24) == before + 2
    finish_turn(s)
    s.recs[0].dec = True  # In Decline the Armor still defends
    assert s.cost(1, 24) == before + 2
    begin(s, 1)
    s.play("c:24")
    assert s.x["armor"] == {}


def test_shield_armor_supply_is_eight():
    s = ug()
    give(s, 0, "ratmen", "shield", {23: 1, 27: 1})
    s.x["armor"] = {"5": 7}
    begin(s, 0)
    s.play("end")
    s.play("armor:23")
    assert not s.pending and UP._armor_in_play(s) == 8


def test_vampire_ignores_mushroom_armor():
    """§2.2 Vampire: "Black Mountain, Keep, Armor don't protect"."""
    s = ug()
    give(s, 0, "ratmen", "shield", {25: 1})
    s.x["armor"] = {"25": 3}
    give(s, 1, "ratmen", "vampire", {24: 2})
    begin(s, 1)
    assert "vamp:25" in texts(s)


# ------------------------------------------------------------ Thieving
def test_thieving_takes_a_coin_from_each_player_with_an_active_neighbour():
    """§2.2 Thieving: "At end of turn take 1 coin from each player with an active token bordering its regions"."""
    s = ug()
    give(s, 0, "ratmen", "thieving", {24: 2})
    give(s, 1, "ratmen", "merchant", {25: 1})
    s.coins = [0, 4]
    begin(s, 0)
    end_turn_moves(s)
    assert s.coins == [1 + 1, 3]  # one region, one stolen coin


def test_thieving_ignores_in_decline_neighbours():
    s = ug()
    give(s, 0, "ratmen", "thieving", {24: 2})
    give(s, 1, "ratmen", "merchant", {26: 1}, dec=True)
    give(s, 1, "ratmen", "merchant", {14: 1})  # active, but not next to 24
    s.coins = [0, 4]
    begin(s, 0)
    end_turn_moves(s)
    assert s.coins == [1, 4]


def test_thieving_never_takes_below_zero():
    s = ug()
    give(s, 0, "ratmen", "thieving", {24: 2})
    give(s, 1, "ratmen", "merchant", {25: 1})
    s.coins = [0, 0]
    begin(s, 0)
    end_turn_moves(s)
    assert s.coins == [1, 0]


# ------------------------------------------------------------ Tomb
def test_tomb_keeps_all_tokens_and_redeploys_once_more_before_scoring():
    """§2.2 Tomb: "On decline keeps all tokens and redeploys once more"."""
    s = ug()
    rid = give(s, 0, "ratmen", "tomb", {24: 3, 25: 2})
    begin(s, 0)
    s.play("decline")
    assert s.pending and (s.tok[24], s.tok[25]) == (3, 2)  # the readied tokens are back
    assert "tmv:24-25" in texts(s) and "tomb_done" in texts(s)
    coins = s.coins[0]
    s.play("tmv:24-25")
    s.play("tmv:24-25")
    assert "tmv:24-25" not in texts(s)  # one token stays in each region
    s.play("tomb_done")
    assert (s.tok[24], s.tok[25]) == (1, 4) and s.recs[rid].dec
    assert s.coins[0] == coins + 2 and s.cur == 1


def test_tomb_in_decline_redeploys_surplus_after_losses():
    """§2.2 Tomb: "Later, surplus tokens can be redeployed after losses"."""
    s = ug()
    rid = give(s, 0, "ratmen", "tomb", {24: 3, 25: 2}, dec=True)
    give(s, 1, "ratmen", "merchant", {26: 1}, hand=12)
    begin(s, 1)
    s.play("c:24")
    assert s.recs[rid].hand == 2  # 3 tokens, 1 lost
    end_turn_moves(s)
    assert s.phase == "defend" and s.to_play == 0 and texts(s) == ["put:25", "all:25"]
    s.play("all:25")
    assert s.tok[25] == 4 and s.cur == 0


# ------------------------------------------------------------ Vampire
def test_vampire_replaces_a_lone_active_enemy_token_once_per_opponent():
    """§2.2 Vampire: "Once per turn per opponent, replace a lone active enemy token (Black Mountain, Keep, Armor
    don't protect; Gnomes do) with a Vampire token"."""
    s = ug()
    me = give(s, 0, "ratmen", "vampire", {24: 2, 17: 1})
    give(s, 1, "ratmen", "merchant", {25: 1, 21: 1, 26: 2, 14: 1})  # 25, 21 Black Mountains
    s.place[25] = "keep"
    begin(s, 0)
    vamps = {t for t in texts(s) if t.startswith("vamp:")}
    assert vamps == {"vamp:25", "vamp:21", "vamp:14"}  # 26 holds 2 tokens
    tray = s.tray(me)
    s.play("vamp:25")
    assert s.owner[25] == me and s.tok[25] == 1 and s.tray(me) == tray - 1
    assert s.recs[1].hand == 0 and 25 in [r for r, _ in s.tp.conq]
    assert not any(t.startswith("vamp:") for t in texts(s))  # player 1 was already bitten this turn
    finish_turn(s)
    finish_turn(s)
    assert "vamp:21" in texts(s)  # next turn, again


def test_vampire_spares_gnomes_declined_tokens_and_immune_regions():
    s = ug()
    give(s, 0, "ratmen", "vampire", {24: 2, 17: 1})
    give(s, 1, "gnomes", "royal", {25: 1, 21: 1, 26: 1})
    s.x["queen"] = {"1": 26}
    give(s, 1, "ratmen", None, {14: 1}, dec=True)
    s.active[1] = 1
    begin(s, 0)
    assert not any(t.startswith("vamp:") for t in texts(s))
    s.recs[1].race = "ratmen"
    assert {t for t in texts(s) if t.startswith("vamp:")} == {"vamp:25", "vamp:21"}


def test_vampirized_immortal_loses_its_token():
    """SWU rules, Vampire: an Immortal token that is vampirized is lost."""
    s = ug()
    give(s, 0, "ratmen", "vampire", {24: 2})
    give(s, 1, "ratmen", "immortal", {25: 1, 27: 2})
    begin(s, 0)
    s.play("vamp:25")
    assert s.recs[1].hand == 0


# ------------------------------------------------------------ Vanishing
def test_vanishing_removes_all_tokens_and_scores_two_per_region():
    """§2.2 Vanishing: "On decline remove all its tokens and score 2 per region instead of 1"."""
    s = ug()
    give(s, 0, "ratmen", "vanishing", {24: 3, 25: 1, 27: 1})
    begin(s, 0)
    s.play("decline")
    assert all(s.owner[r] == EMPTY for r in (24, 25, 27))
    assert s.coins[0] == 5 + 6 and not s.declined[0] and "ratmen" in s.banners
    assert s.cur == 1


# ------------------------------------------------------------ Vengeful
def test_vengeful_marker_makes_the_attackers_regions_cheaper_next_turn():
    """§2.2 Vengeful: "Each player who attacks any of your races gets a Vengeance marker. Next turn, −1 cost
    against that player's regions"."""
    s = ug()
    give(s, 0, "ratmen", "merchant", {14: 1}, dec=True)
    give(s, 0, "ratmen", "vengeful", {24: 2, 25: 1})
    give(s, 1, "ratmen", "merchant", {17: 1, 15: 1, 27: 1}, hand=6)
    begin(s, 1)
    s.play("c:14")  # attacks the In Decline race: that counts
    assert s.x["vengeance"] == {"0": [1]}
    finish_turn(s)
    assert s.cur == 0
    assert s.cost(1, 27) == 2 + 1 - 1
    assert s.cost(1, 26) == 2  # an empty region: no reduction
    finish_turn(s)
    assert s.x["vengeance"] == {}  # the markers come back at the end of the turn
    assert s.cost(1, 27) == 3


def test_no_vengeance_marker_when_the_vengeful_race_is_in_decline():
    s = ug()
    give(s, 0, "ratmen", "vengeful", {24: 1, 25: 1}, dec=True)
    give(s, 1, "ratmen", "merchant", {27: 1}, hand=6)
    begin(s, 1)
    s.play("c:24")
    assert not (s.x.get("vengeance") or {}).get("0")


# ------------------------------------------------------------ words
@pytest.mark.parametrize("move", ["vamp:25", "reborn:14", "reborn_stop", "queen:3", "armor:9", "tmv:24-25",
                                  "tomb_done"])
def test_new_moves_are_described_in_both_languages(move):
    s = ug()
    for lang in ("fr", "en"):
        d = describe(s, move, lang)
        assert d != move and "{" not in d


def test_new_tray_buttons_have_labels():
    for target in ("vampire", "reborn_stop", "tomb_done"):
        for lang in ("fr", "en"):
            assert GAME.target_label(target, lang) != target


# ------------------------------------------------------------ random games
def _power_game(seed, n, o):
    """A random game whose badges are all Underground powers of this module
    (each twice), checked at every ply with the invariants of the property test."""
    opts = [{"board": "underground", "content": "underground"}, {"content": "mixed", "monsters": "random"},
            {"board": "random", "content": "mixed"}][o]
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed)
    deck = r.shuffled(MINE * 2)
    s.badges = deck[len(s.column):]
    for i, c in enumerate(s.column):
        c[1] = deck[i]
    start = s.clone()
    moves = []
    while not s.is_over():
        check(s)
        m = policy(s, r)
        s.play(m)
        moves.append(m.text)
        assert len(moves) < 6000
    check(s)
    check_view(s)
    again = start  # the same moves replay to the same end
    for t in moves:
        again.play(t)
    assert again.view(None) == s.view(None)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**31), n=hs.integers(2, 5), o=hs.integers(0, 2))
def test_random_games_with_underground_powers_keep_invariants(seed, n, o):
    _power_game(seed, n, o)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**31), n=hs.integers(2, 5), o=hs.integers(0, 2))
def test_many_random_games_with_underground_powers(seed, n, o):
    _power_game(seed, n, o)
