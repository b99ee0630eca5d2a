"""Small World Underground relics and places (rules notes §2.3), the Magic
power (§2.2), immunity (§2), Monsters on base maps by hand or at random
(§2.4, §3.7), and the random board's Golden Knight and Abominable Snow Thing
(§3.11). Scenarios on the printed Underground 2-player board
(boards/smallworld-graphs.json ``underground-2p``) unless said otherwise."""

from __future__ import annotations

import pytest

from plateau.core.rng import Rng
from plateau.games.smallworld import conquest, rules, turn_end
from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld import ug_items as I
from plateau.games.smallworld.rules import EMPTY, LT

from sw_factory import begin, fresh, give, no_decisions, put, texts
from test_smallworld_props import check, policy


def ug(n=2, **opts):
    s = fresh(n, board="underground", **opts)
    s.pile = []
    return s


def to_end_of_turn(s):
    """End the conquests and the redeploy of the current player."""
    s.play("end")
    rid = s.acting
    held = s.regions_of(rid)
    hand = s.recs[rid].hand
    if hand and held:
        s.play(f"all:{held[0]}" if hand > 1 else f"put:{held[0]}")
    s.play("done")


class Fixed:
    """A stand-in random source whose every draw is ``value``."""

    def __init__(self, value):
        self.value = value

    def below(self, n):
        return self.value

    def copy(self):
        return self


def face(s, value):
    """The die rolls of ``s`` show face number ``value`` from now on."""
    s.rng = Fixed(value)


# ------------------------------------------------------------------ every key
def test_every_item_and_magic_has_an_effect_and_texts():
    """§2.2–§2.3: the 6 relics, the 9 places and Magic each act (HOOKS or FLOW) and have fr/en texts."""
    keys = I.RELICS + I.PLACES + ("magic",)
    # (a tournament adds its own relic to C.RELIC_SET, never to the Underground items)
    assert set(I.RELICS) <= set(C.RELIC_SET) and set(I.PLACES) | set(I.RELICS) == set(C.ITEMS)
    assert not (set(C.RELIC_SET) - set(I.RELICS)) & set(C.ITEMS)
    for k in keys:
        assert k in I.HOOKS or k in I.FLOW, k
        for lang in ("fr", "en"):
            assert I.TEXTS[lang].get(k) and C.text(k, lang) == I.TEXTS[lang][k]
            assert C.name(k, lang) != k
    for lang in ("fr", "en"):
        assert set(I.CATALOGUE["fr"]) == set(I.CATALOGUE["en"])
        for head in ("doormat", "sword", "socks", "orb", "bagsword", "ring", "scepter", "ghost", "altar",
                     "balrog", "mon", "keep", "snow", "commit", "snowto", "bag"):
            assert GAME.describe_move(None, f"{head}:3", lang=lang) != f"{head}:3"


# ------------------------------------------------------------------ relics
def test_flying_doormat_conquers_far_and_moves_only_on_success():
    """§2.3 "Flying Doormat: once per turn, conquer a non-adjacent region; the Doormat moves there only on success"."""
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {1: 1}, hand=6)
    put(s, 1, "flying_doormat")
    begin(s, 0)
    ts = texts(s)
    assert "doormat:27" in ts and "c:27" not in ts and "doormat:4" not in ts  # 4 borders 1
    s.play("doormat:27")
    assert s.owner[27] == a and s.tok[27] == 2 and s.relic[27] == "flying_doormat" and s.relic[1] is None
    assert not any(t.startswith("doormat:") for t in texts(s))  # once per turn
    # a failed attempt (reinforcement die) leaves it where it was
    s = ug()
    give(s, 0, "ratmen", "alchemist", {1: 1}, hand=1)
    put(s, 1, "flying_doormat")
    begin(s, 0)
    face(s, 0)  # die shows 0
    s.play("doormat:27")
    assert s.owner[27] == EMPTY and s.relic[1] == "flying_doormat" and s.phase == "redeploy"


def test_froggys_ring_takes_one_coin_from_each_active_neighbour():
    """§2.3 "Froggy's Ring: at end of turn place it in a held region; take 1 coin from each player with an active token in a bordering region"."""
    for bob, paid in (({15: 1, 17: 1}, 1), ({}, 0)):  # two bordering regions: still 1 coin
        s = ug()
        give(s, 0, "ratmen", "alchemist", {14: 2, 25: 1})
        put(s, 14, "froggys_ring")
        give(s, 1, "ogres", "merchant", bob)
        give(s, 1, "orcs", "hill", {12: 1}, dec=True)  # In Decline tokens: nothing
        begin(s, 0)
        to_end_of_turn(s)
        assert s.pending and s.pending[0]["kind"] == "ring" and s.to_play == 0
        assert set(texts(s)) == {"ring:14", "ring:25", "noring"}
        before = list(s.coins)
        s.play("ring:14")
        assert s.coins[0] - before[0] == paid and s.coins[1] == before[1] - paid
    # placed elsewhere, it moves there and takes from nobody
    s = ug(2)
    give(s, 0, "ratmen", "alchemist", {14: 2, 25: 1})
    put(s, 14, "froggys_ring")
    give(s, 1, "ogres", "merchant", {15: 1})
    begin(s, 0)
    to_end_of_turn(s)
    c = list(s.coins)
    s.play("ring:25")
    assert s.relic[25] == "froggys_ring" and s.relic[14] is None and s.coins == c


def test_ring_unusable_in_decline():
    """§2 "Relics ... unusable In Decline"."""
    s = ug(2)
    give(s, 0, "ratmen", "alchemist", {14: 1}, dec=True)
    put(s, 14, "froggys_ring")
    give(s, 1, "ogres", "merchant", {15: 1})
    begin(s, 0)
    s.play("pick:0")
    s.play("end")
    s.play("done")
    assert not s.pending


def test_stinky_socks_conquer_as_if_empty_and_defender_keeps_all():
    """§2.3 "Stinky Troll's Socks: conquer a region as if empty; the displaced owner redeploys all his tokens"."""
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {14: 1}, hand=4)
    put(s, 14, "stinky_socks")
    b = give(s, 1, "ogres", "merchant", {15: 3, 17: 1})
    begin(s, 0)
    assert s.cost(a, 15) == 5
    s.play("socks:15")
    assert s.owner[15] == a and s.tok[15] == 2 and s.recs[a].hand == 2
    assert s.recs[b].hand == 3 and b in s.defq  # none lost
    assert s.relic[15] == "stinky_socks"


def test_scepter_doubles_one_region_not_the_lost_mine():
    """§2.3 "Scepter of Avarice: ... double that region's coins ... does nothing in the Mine of the Lost Dwarf"."""
    def play(where, lost_mine=False):
        s = ug()
        give(s, 0, "dwarves", "alchemist", {1: 1, 4: 1, 5: 1})
        put(s, 4, "scepter")
        if lost_mine:
            put(s, 1, "lost_mine")
        begin(s, 0)
        s.play("end")
        s.play("done")
        assert s.pending[0]["kind"] == "scepter"
        c = s.coins[0]
        s.play(where)
        return s, s.coins[0] - c
    _, plain = play("noscepter")
    assert plain == 3 + 1 + 2  # 3 regions, 1 mine (Dwarves), Alchemist
    s, doubled = play("scepter:1")  # the mine region: its coin and the Dwarves' coin
    assert doubled == plain + 2 and s.relic[1] == "scepter" and s.relic[4] is None
    _, in_mine = play("scepter:1", lost_mine=True)
    _, no_mine = play("noscepter", lost_mine=True)
    assert in_mine == no_mine


def test_shiny_orb_replaces_a_lone_active_token():
    """§2.3 "Shiny Orb: once per turn, replace a lone active enemy token (Vampire's test)"."""
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {14: 1}, hand=0)
    put(s, 14, "shiny_orb")
    b = give(s, 1, "ogres", "merchant", {15: 1, 17: 2})
    s.mountain = tuple(m or r == 15 for r, m in enumerate(s.mountain))  # a Black Mountain does not protect
    begin(s, 0)
    ts = texts(s)
    assert "orb:15" in ts and "orb:17" not in ts
    tray = s.tray(a)
    s.play("orb:15")
    assert s.owner[15] == a and s.tok[15] == 1 and s.tray(a) == tray - 1  # a bonus token from the tray
    assert s.recs[b].hand == 0 and s.relic[15] == "shiny_orb"


def test_sword_makes_one_conquest_two_cheaper():
    """§2.3 "Sword of the Killer Rabbit: once per turn, one conquest costs 2 fewer"."""
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {14: 1}, hand=2)
    put(s, 14, "killer_sword")
    give(s, 1, "ogres", "merchant", {15: 2, 17: 1})
    begin(s, 0)
    assert s.cost(a, 15) == 4 and "sword:15" in texts(s)
    s.play("sword:15")
    assert s.owner[15] == a and s.tok[15] == 2 and s.recs[a].hand == 0 and s.relic[15] == "killer_sword"
    assert not any(t.startswith("sword:") for t in texts(s))


def test_relic_passes_to_the_conqueror_of_its_region():
    """§2 "Both stay behind on abandon and pass to whoever conquers the region"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1})
    put(s, 14, "killer_sword")
    b = give(s, 1, "ogres", "merchant", {15: 1}, hand=5)
    begin(s, 1)
    s.play("c:14")
    assert s.relic[14] == "killer_sword" and "killer_sword" in rules.items_of(s, b)
    assert any(t.startswith("sword:") for t in texts(s))


# ------------------------------------------------------------------ places
def test_altar_of_souls_discards_a_declined_token_for_three_even_in_decline():
    """§2.3 "Altar of Souls: after scoring, discard one of your In Decline tokens for +3; works In Decline"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1})
    d = give(s, 0, "orcs", "hill", {25: 1, 27: 2, 1: 1}, dec=True)
    put(s, 1, "altar")  # held by the In Decline race
    begin(s, 0)
    to_end_of_turn(s)
    assert s.pending[0]["kind"] == "altar" and "altar:25" in texts(s) and "altar:14" not in texts(s)
    c = s.coins[0]
    s.play("altar:25")
    assert s.coins[0] == c + 3 and s.owner[25] == EMPTY and s.owner[27] == d


def test_crypt_ghost_makes_a_region_immune_and_leaves_with_the_crypt():
    """§2.3 "Crypt: the Ghost makes another region immune; frozen while In Decline; moves to whoever conquers the Crypt"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1, 17: 1})
    put(s, 14, "crypt")
    give(s, 1, "sorcerers", "commando", {15: 2}, hand=8)
    begin(s, 0)
    to_end_of_turn(s)
    assert s.pending[0]["kind"] == "ghost" and "ghost:14" not in texts(s)
    s.play("ghost:17")
    assert s.x["ghost"] == 17
    begin(s, 1)
    ts = texts(s)
    assert "c:17" not in ts and "sorc:17" not in ts  # immune to conquest and to powers
    assert "c:14" in ts
    s.play("c:14")
    assert s.x["ghost"] == -1  # the Ghost leaves when the Crypt is taken
    assert "c:17" in texts(s)
    # frozen In Decline
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1}, dec=True)
    put(s, 14, "crypt")
    begin(s, 0)
    s.play("pick:0")
    s.play("end")
    s.play("done")
    assert not any(d["kind"] == "ghost" for d in s.pending)


def test_diamond_fields_score_same_terrain_even_in_decline():
    """§2.3 "Diamond Fields: +1 for its region and +1 per other region of the same terrain held by the same race; works In Decline"."""
    s = ug()
    d = give(s, 0, "ratmen", "alchemist", {1: 1, 14: 1, 24: 1, 25: 1}, dec=True)
    put(s, 1, "diamond_fields")
    lines = turn_end.score_lines(s, 0, False)
    assert ("diamond_fields", 3, "ratmen") in lines and ("declined", 4, "ratmen") in lines
    assert d in s.declined[0]


def test_great_brass_pipe_links_its_terrain():
    """§2.3 "Great Brass Pipe: all regions of its terrain are adjacent for its holder"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {27: 1}, hand=6)
    put(s, 27, "brass_pipe")  # Mushroom Forest
    begin(s, 0)
    ts = texts(s)
    assert "c:9" in ts and "c:23" in ts and 9 not in s.nbrs[27] and 23 not in s.nbrs[27]
    assert "c:1" not in ts  # a Mine far away
    s.place[27] = None
    assert "c:9" not in texts(s)


def test_fountain_of_youth_gives_a_token_at_turn_start():
    """§2.3 "Fountain of Youth: +1 token from the tray at the start of the holder's turn"."""
    def hand(with_fountain):
        s = ug()
        a = give(s, 0, "ratmen", "alchemist", {14: 3})
        if with_fountain:
            put(s, 14, "fountain")
        begin(s, 0)
        return s.recs[a].hand
    assert hand(True) == hand(False) + 1


def test_keep_adds_defence_and_a_coin_even_in_decline():
    """§2.3 "Keep on the Motherland: +1 coin and +1 defence, both kept In Decline"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1}, dec=True)
    put(s, 14, "keep")
    b = give(s, 1, "ogres", "alchemist", {15: 1})
    assert conquest.defence(s, 14, b) == 2 + 1 + 1
    assert ("keep", 1, "ratmen") in turn_end.score_lines(s, 0, False)


def test_lost_mine_two_coins_even_in_decline():
    """§2.3 "Mine of the Lost Dwarf: +2 coins, also In Decline"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1}, dec=True)
    put(s, 14, "lost_mine")
    assert ("lost_mine", 2, "ratmen") in turn_end.score_lines(s, 0, False)


def test_stonehedge_draws_a_badge_that_its_holder_uses():
    """§2.3 "Stonehedge: draw a random power badge; it becomes the place's power (no tokens)"."""
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {14: 1}, hand=4)
    s.pile = ["stonehedge"]
    n = len(s.badges)
    s.monster[15] = 2
    begin(s, 0)
    s.play("c:15")
    power = s.x["stonehedge"][0]
    assert s.place[15] == "stonehedge" and len(s.badges) == n - 1 and power not in s.badges
    assert s.has(a, power) and power in s.keys(a)
    # with Flying it reaches any land region
    s = ug()
    a = give(s, 0, "ratmen", "alchemist", {14: 3}, hand=3)
    put(s, 14, "stonehedge")
    s.x["stonehedge"] = ["flying", 14]
    begin(s, 0)
    assert "c:27" in texts(s)
    s.recs[a].dec = True
    assert not s.has(a, "flying")


def test_wickedest_pentacle_balrog_conquers_and_blocks_everyone():
    """§2.3 "Wickedest Pentacle: on discovery, the Balrog conquers an adjacent region (the occupant loses 2 tokens). The Balrog region is immune to everyone and scores for nobody. The holder moves it once per turn"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {15: 1}, hand=6)
    b = give(s, 1, "ogres", "merchant", {17: 3, 14: 1})
    s.pile = ["pentacle"]
    begin(s, 0)
    s.play("c:18")  # Monster region: 2 + 2 Monsters
    assert s.place[18] == "pentacle" and s.pending[0]["kind"] == "balrog"
    assert "balrog:17" in texts(s) and "balrog:15" not in texts(s)  # not his own region
    s.play("balrog:17")
    assert s.x["balrog"] == 17 and s.owner[17] == EMPTY and s.recs[b].hand == 1 and b in s.defq
    assert "c:17" not in texts(s)
    assert 17 not in s.targets(b)
    # not again in the turn it was found (see test_smallworld_ug_rulebook); once per turn afterwards,
    # to another region by the Pentacle
    assert not any(t.startswith("balrog:") for t in texts(s))
    begin(s, 0)
    ts = texts(s)
    assert "balrog:21" in ts
    s.play("balrog:21")
    assert s.x["balrog"] == 21 and not any(t.startswith("balrog:") for t in texts(s))


# ------------------------------------------------------------------ Magic
def test_magic_bag_copies_a_relic_in_play_and_is_never_stolen():
    """§2.2 "Magic: Bag-o'-Many-Things copies one relic in play (choose each turn). Never stolen; returns to hand if its region is lost"."""
    s = ug()
    b = give(s, 1, "ogres", "merchant", {25: 1, 27: 1, 17: 1}, hand=5)
    put(s, 25, "killer_sword")
    a = give(s, 0, "ratmen", "magic", {14: 1}, hand=2)
    give(s, 1, "orcs", "hill", {15: 2}, dec=True)
    begin(s, 0)
    assert s.pending[0]["kind"] == "bag" and texts(s) == ["bag:killer_sword"]
    s.play("bag:killer_sword")
    assert s.cost(a, 15) == 4 and "bagsword:15" in texts(s)
    s.play("bagsword:15")
    assert s.owner[15] == a and s.recs[a].hand == 0 and s.x["bag"]["r"] == 15
    assert s.relic[25] == "killer_sword"  # the real Sword did not move
    assert "bag" in [k for k, _ in I._region_marks(s, 15, "en")]
    s.play("end")
    s.play("done")
    # the region is taken: the Bag goes back to its owner, not to the conqueror
    begin(s, 1)
    s.play("c:15")
    assert s.owner[15] == b
    assert s.x["bag"]["r"] == -1 and s.x["bag"]["rid"] == a


# ------------------------------------------------------------------ immunity and Gnomes
def test_relics_cannot_take_a_gnomes_region_on_another_players_turn():
    """§2.1 Gnomes: "their regions can't be conquered using ... places or relics"."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 1}, hand=6)
    put(s, 14, "killer_sword")
    give(s, 1, "gnomes", "merchant", {15: 1, 17: 1})
    begin(s, 0)
    ts = texts(s)
    assert "c:15" in ts and "sword:15" not in ts


# ------------------------------------------------------------------ Golden Knight, Snow Thing
def random_board(seed=4, **opts):
    s = fresh(2, seed=seed, board="random", **opts)
    knight = s.special.index("golden_knight")
    snow = s.special.index("snow_thing")
    return s, knight, snow


def land_neighbour(s, r):
    return next(n for n in s.nbrs[r] if not (s.chasm[n] or s.water[n] or s.river[n] or s.monster[n]))


def test_golden_knight_keeps_a_place_and_a_relic_and_five_points():
    """§3.11 "Golden Knight: a monster worth 2 ... draws 3 tiles and keeps one place and one relic ... +5 coins at game end"."""
    s, k, _ = random_board()
    n = land_neighbour(s, k)
    a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=6)
    assert conquest.defence(s, k, a) == 2 + 2 + s.mountain[k]
    s.unused = ["keep", "scepter", "altar", "crypt"]
    begin(s, 0)
    s.play(f"c:{k}")
    assert s.vp[0] == 5 and s.pending[0]["kind"] == "knight"
    assert sorted(texts(s)) == ["keep:altar", "keep:keep", "keep:scepter"]
    s.play("keep:keep")
    assert texts(s) == ["keep:scepter"]
    s.play("keep:scepter")
    assert s.place[k] == "keep" and s.relic[k] == "scepter" and s.unused == ["crypt"] and not s.pending


def test_golden_knight_not_both_kinds_draws_until_the_other_kind():
    """§3.11 "If the three don't contain both kinds, he keeps one of the three, discards the others, then draws until he gets a tile of the other kind"."""
    s, k, _ = random_board()
    n = land_neighbour(s, k)
    give(s, 0, "ratmen", "alchemist", {n: 1}, hand=6)
    s.unused = ["keep", "altar", "crypt", "lost_mine", "scepter", "fountain"]
    begin(s, 0)
    s.play(f"c:{k}")
    assert sorted(texts(s)) == ["keep:altar", "keep:crypt", "keep:keep"]
    s.play("keep:altar")
    assert s.place[k] == "altar" and s.relic[k] == "scepter" and s.unused == ["fountain"]


def test_knight_points_paid_at_game_end():
    """§3.11 "+5 coins at game end" (and the Snow Thing's +3)."""
    s = fresh(2, board="random")
    s.vp = [5, 3]
    s.turn = s.turns
    c = list(s.coins)
    s.cur = 1
    s.next_player()
    assert s.is_over() and s.coins == [c[0] + 5, c[1] + 3]


def test_snow_thing_commit_then_roll_success():
    """§3.11 DEFAULT "the attacker commits a number of tokens, then rolls. Success if committed ≥ 2 + (1 + die) + markers ... picks any still-available tile ... +3 at game end".
    Under rules revision 0 (a 1–4 die); revision 1 is in test_arkhanis_tiles.py."""
    s, _, w = random_board(_rev=0)
    n = land_neighbour(s, w)
    a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=9)
    begin(s, 0)
    ts = texts(s)
    assert f"c:{w}" not in ts and f"die:{w}" not in ts and f"snow:{w}" in ts
    s.play(f"snow:{w}")
    assert s.pending[0]["kind"] == "commit" and len(texts(s)) == s.recs[a].hand
    base = s.cost(a, w)
    assert base == 2 + 1 + s.mountain[w]
    face(s, 2)  # the die shows 3
    s.play(f"commit:{base + 3}")
    assert s.owner[w] == a and s.tok[w] == base + 3 and s.vp[0] == 3
    assert s.pending[0]["kind"] == "snowpick" and len(texts(s)) == len(set(s.unused))
    item = texts(s)[0].split(":")[1]
    s.play(texts(s)[0])
    assert item in (s.place[w], s.relic[w]) and item not in s.unused


def test_snow_thing_failure_loses_a_token_and_moves_it():
    """§3.11 DEFAULT "On failure, he permanently loses 1 active token, the others return to hand, and he moves the Snow Thing to an adjacent empty region. He may keep conquering".
    Under rules revision 0 (a 1–4 die, the token back in the tray); revision 1 is in test_arkhanis_tiles.py."""
    s, _, w = random_board(_rev=0)
    n = land_neighbour(s, w)
    a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=9)
    begin(s, 0)
    hand = s.recs[a].hand
    s.play(f"snow:{w}")
    face(s, 3)  # the die shows 4
    s.play(f"commit:{s.cost(a, w) + 3}")
    assert s.recs[a].hand == hand - 1 and s.owner[w] == EMPTY
    assert s.pending[0]["kind"] == "snowmove"
    dest = int(texts(s)[0].split(":")[1])
    s.play(texts(s)[0])
    assert s.special[dest] == "snow_thing" and s.monster[dest] == 1 and s.special[w] is None and s.monster[w] == 0
    assert s.phase == "conquer" and "end" in texts(s)


def test_random_board_pile_and_the_put_away_tiles():
    """§3.11 and §2: the face-down pile has one tile per Monster region; the Knight and the Snow Thing draw from the tiles put away."""
    for seed in range(6):
        s = GAME.start(["a", "b", "c"], {"board": "random"}, seed)
        plain = sum(1 for r in range(s.R) if s.monster[r] and not s.special[r])
        assert len(s.pile) == plain == 4 and len(s.unused) == 15 - plain >= 3
        assert sorted(s.special[r] for r in range(s.R) if s.special[r]) == ["golden_knight", "snow_thing"]


# ------------------------------------------------------------------ Monsters on base maps
def compat_ok(s):
    mons = [r for r in range(s.R) if s.monster[r]]
    assert len(mons) == s.n + 1 and all(s.monster[r] == 2 for r in mons)
    assert not any(set(s.nbrs[r]) & set(mons) for r in mons)  # no two adjacent
    assert len(s.pile) == s.n + 1
    from plateau.games.smallworld.rules import map_for
    lt = {r["id"] for r in map_for(s.n, s.opts)["regions"] if r["lost_tribe"]}
    assert set(mons) <= lt
    assert {r for r in range(s.R) if s.owner[r] == LT} == lt - set(mons)  # a lone LT elsewhere


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_monsters_at_random_over_many_seeds(n):
    """§2.4 "Take (2 × players) + 2 Monster tokens. Put 2 in each of several LT regions ... no two such regions adjacent, then 1 LT token in every LT region without Monsters"."""
    for seed in range(40):
        compat_ok(GAME.start([str(i) for i in range(n)], {"monsters": "random"}, seed))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_monsters_by_hand(n):
    """§2.4 placement "organiser-defined": the first player puts them down two by two, no two adjacent, and is never left stuck."""
    for seed in range(8):
        s = GAME.start([str(i) for i in range(n)], {"monsters": "hand"}, seed)
        r = Rng(seed)
        assert s.to_play == 0 and s.pending[0]["kind"] == "monsters" and s.phase == "pick"
        first = texts(s)
        assert first and all(t.startswith("mon:") for t in first)
        while s.pending:
            ts = texts(s)
            assert ts, "no room left for the Monsters"
            pick = r.choice(ts)
            reg = int(pick.split(":")[1])
            s.play(pick)
            assert s.monster[reg] == 2
            for t in texts(s) if s.pending else ():
                assert int(t.split(":")[1]) not in s.nbrs[reg]
        compat_ok(s)
        assert s.to_play == 0 and texts(s)[0] == "pick:0"


def test_monster_by_hand_rejects_an_adjacent_region():
    """§2.4 "no two such regions adjacent": bad input gets a clear refusal and changes nothing."""
    from plateau.core.game import IllegalMove

    s = GAME.start(["a", "b"], {"monsters": "hand"}, 1)
    first, bad = next((r, n) for r in (int(t.split(":")[1]) for t in texts(s)) for n in s.nbrs[r]
                      if s.owner[n] == LT)
    s.play(f"mon:{first}")
    v = s.view(None)
    with pytest.raises(IllegalMove):
        s.play(f"mon:{bad}")
    assert s.view(None) == v and s.pending[0]["left"] == 2


# ------------------------------------------------------------------ every board starts and plays
@pytest.mark.parametrize("opts", [{}, {"board": "underground"}, {"board": "random"},
                                  {"monsters": "random"}, {"monsters": "hand"}])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_board_option_starts_and_plays(opts, n):
    """§2.5, §3.7, §3.11: entry regions exist, the Monsters are down, and two rounds play with the invariants."""
    s = GAME.start([f"P{i}" for i in range(n)], dict(opts, content="mixed"), 7 * n)
    assert any(s.entry[r] and not s.chasm[r] and not s.water[r] for r in range(s.R))
    mons = sum(1 for r in range(s.R) if s.monster[r])
    if opts.get("board") in ("underground", "random") or opts.get("monsters") == "random":
        assert mons >= n + 1 - (opts.get("board") == "underground" and n == 2)  # printed 2p board: 4 regions
    r = Rng(n)
    while s.turn <= 2 and not s.is_over():
        check(s)
        s.play(policy(s, r))
    check(s)


def play_item_games(seeds):
    """Random games on every Underground option to the end, preferring item moves."""
    opts = [{"board": "underground", "content": "underground"}, {"board": "random", "content": "mixed"},
            {"monsters": "hand", "content": "underground"}, {"monsters": "random", "content": "mixed"}]
    for seed in seeds:
        s = GAME.start([f"P{i}" for i in range(2 + seed % 4)], opts[seed % 4], seed)
        r = Rng(seed)
        while not s.is_over():
            check(s)
            ms = s.legal_moves()
            own = [m for m in ms if m.text.split(":")[0] in C.ACTIONS or s.pending]
            s.play(r.choice(own) if own and r.below(2) == 0 else policy(s, r))
        check(s)


def test_games_with_items_reach_the_end():
    play_item_games(range(8))


@pytest.mark.slow
def test_many_games_with_items_reach_the_end():
    play_item_games(range(8, 120))


def test_markers_drawn_and_named_and_tiles_put_away_stay_hidden():
    """§2 immunity markers (Ghost, Balrog), the Bag and Stonehedge's power are on the map and in the region's
    text; the tiles put away and the Knight's draw stay out of the players' views."""
    from plateau.core.game import RenderContext

    s, k, _ = random_board()
    n = land_neighbour(s, k)
    a = give(s, 0, "ratmen", "magic", {n: 2}, hand=6)
    s.x.update(ghost=n, balrog=-1, bag={"rid": a, "r": n, "copy": "scepter"})
    for lang, words in (("fr", ("Fantôme", "Sac à malices")), ("en", ("Ghost", "Bag-o'-Many-Things"))):
        svg = GAME.render(s, RenderContext(viewer=0, lang=lang))
        assert all(w in svg for w in words) and 'class="sw-mark sw-ghost"' in svg
    s.unused = ["keep", "scepter", "altar", "crypt"]
    begin(s, 0)
    no_decisions(s)
    s.play(f"c:{k}")
    for p in (0, 1):
        v = s.view(p)
        assert "unused" not in v and "pile" not in v and "pending_data" not in v
    # the Knight's three tiles: shown to the one who chooses among them (his moves name them), to nobody else
    assert s.view(1)["pending"] == [{"kind": "knight", "p": 0}] and "altar" not in str(s.view(1))
    assert s.view(0)["pending"][0]["drawn"] == s.pending[0]["drawn"]
