"""Small World Underground effects as the rulebook says (rules notes §2, its
"Immunity" line, §2.1–§2.3), from rules revision 1; each scenario also plays
revision 0, which keeps the older behaviour so that games saved before
replay exactly. Regions are those of the printed Underground 2-player board
(boards/smallworld-graphs.json ``underground-2p``): 7 and 20 are chasms with
the volcano symbol, 11–13 the River, Monsters on 2, 8, 18, 19; 18 borders 15,
17 and 21 (16 and 22 are chasms); 9 and 27 are Mushroom Forests, 14 a Mine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plateau.core.game import REVISION_OPTION, IllegalMove
from plateau.core.record import Record, decode, encode
from plateau.games.arkhanis import GAME as ARKHANIS
from plateau.games.smallworld import turn_end
from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld.rules import EMPTY

from sw_factory import begin, coins, fresh, give, put, texts

REVS = (0, 1)


def ug(rev, **opts):
    s = fresh(2, board="underground", content="underground", _rev=rev, **opts)
    s.pile = []
    return s


def end_conquests(s):
    """End the conquests and put the tokens in hand back into the first region."""
    s.play("end")
    rid = s.acting
    hand = s.recs[rid].hand
    if hand:
        r = s.regions_of(rid)[0]
        s.play(f"all:{r}" if hand > 1 else f"put:{r}")


def balrog_moves(s):
    return {t for t in texts(s) if t.startswith("balrog:")}


def find_pentacle(rev, bob):
    """Ann (Ratmen in 15, 6 tokens in hand) conquers the Monster region 18 and
    finds the Wickedest Pentacle; ``bob(s)`` sets Bob's side of the board."""
    s = ug(rev)
    a = give(s, 0, "ratmen", "alchemist", {15: 1}, hand=6)
    bob(s)
    s.pile = ["pentacle"]
    begin(s, 0)
    s.play("c:18")
    assert s.place[18] == "pentacle"
    return s, a


# ------------------------------------------------------------------ immunity
def queen_and_ancient(s):
    """Bob: active Cultists in 21 with the Great Ancient, and an In Decline race
    in 17 with the Royal Queen (it stays, frozen, and still protects)."""
    cu = give(s, 1, "cultists", "merchant", {21: 2})
    s.x["ancient"] = [cu, 21]
    ro = give(s, 1, "ogres", "royal", {17: 2}, dec=True)
    s.x["queen"] = {str(ro): 17}


@pytest.mark.parametrize("rev", REVS)
def test_balrog_never_enters_a_queen_or_great_ancient_region(rev):
    """§2 "Immunity (Balrog, Great Ancient, Queen, Ghost): blocks opponents' conquests and their racial/special
    powers, places and relics"; §2.3 "Wickedest Pentacle: on discovery, the Balrog conquers an adjacent region"."""
    s, a = find_pentacle(rev, queen_and_ancient)
    if rev == 0:  # the older behaviour: both were offered
        assert s.pending and s.pending[0]["kind"] == "balrog" and balrog_moves(s) == {"balrog:17", "balrog:21"}
        return
    # 18's other neighbours are Ann's own 15 and chasms: the Balrog has nowhere to go
    assert not s.pending and s.x.get("balrog", -1) == -1
    assert s.owner[17] != EMPTY and s.owner[21] != EMPTY
    # later turns: the holder's Balrog move never names them either
    begin(s, 0)
    assert balrog_moves(s) == set()
    s.x["queen"] = {}  # the Queen gone (Bob's race is an ordinary one now): 17 is open
    assert balrog_moves(s) == {"balrog:17"}
    s.play("balrog:17")
    assert s.x["balrog"] == 17 and s.owner[17] == EMPTY


def test_immune_region_is_out_of_reach_of_every_relic():
    """§2 "Immunity ... blocks opponents' conquests and their racial/special powers, places and relics": the
    Queen's region cannot be taken with the Sword, the Socks, the Orb nor the Doormat."""
    for relic, head, queen, other in (("killer_sword", "sword", 17, 15), ("stinky_socks", "socks", 17, 15),
                                      ("shiny_orb", "orb", 17, 15), ("flying_doormat", "doormat", 27, 24)):
        s = ug(1)
        give(s, 0, "ratmen", "alchemist", {14: 1}, hand=8)
        put(s, 14, relic)
        ro = give(s, 1, "ogres", "royal", {17: 1, 15: 1, 27: 1, 24: 1})
        s.x["queen"] = {str(ro): queen}
        begin(s, 0)
        ts = texts(s)
        assert f"{head}:{queen}" not in ts and f"c:{queen}" not in ts, relic
        assert f"{head}:{other}" in ts, relic  # the same race's region without the Queen


@pytest.mark.parametrize("rev", REVS)
@pytest.mark.parametrize("marker", ["queen", "ancient"])
def test_froggys_ring_takes_nothing_from_a_token_in_an_immune_region(rev, marker):
    """§2.3 "Froggy's Ring: ... take 1 coin from each player with an active token in a bordering region"; §2
    "Immunity ... blocks ... their ... relics": a token in a Queen's or Great Ancient's region pays nothing."""
    s = ug(rev)
    give(s, 0, "ratmen", "alchemist", {14: 2})
    put(s, 14, "froggys_ring")
    if marker == "queen":
        b = give(s, 1, "ogres", "royal", {15: 1})
        s.x["queen"] = {str(b): 15}
    else:
        b = give(s, 1, "cultists", "merchant", {15: 1})
        s.x["ancient"] = [b, 15]
    begin(s, 0)
    end_conquests(s)
    s.play("done")
    assert s.pending[0]["kind"] == "ring"
    before = list(s.coins)
    s.play("ring:14")
    paid = 1 if rev == 0 else 0  # revision 0 took the coin
    assert s.coins[1] == before[1] - paid and s.coins[0] == before[0] + paid


@pytest.mark.parametrize("rev", REVS)
@pytest.mark.parametrize("marker", ["queen", "ancient"])
def test_thieving_takes_nothing_from_a_token_in_an_immune_region(rev, marker):
    """§2.2 "Thieving: At end of turn take 1 coin from each player with an active token bordering its regions";
    §2 "Immunity ... blocks ... their racial/special powers": Bob's only bordering token is immune."""
    s = ug(rev)
    give(s, 0, "ratmen", "thieving", {14: 2})
    if marker == "queen":
        b = give(s, 1, "ogres", "royal", {15: 1, 27: 1})
        s.x["queen"] = {str(b): 15}
    else:
        b = give(s, 1, "cultists", "merchant", {15: 1, 27: 1})
        s.x["ancient"] = [b, 15]
    begin(s, 0)
    end_conquests(s)
    before = list(s.coins)
    s.play("done")
    paid = 1 if rev == 0 else 0
    assert s.coins[1] == before[1] - paid
    # a bordering token outside the immune region still pays
    s = ug(rev)
    give(s, 0, "ratmen", "thieving", {14: 2})
    b = give(s, 1, "ogres", "royal", {15: 1, 17: 1})
    s.x["queen"] = {str(b): 15}
    begin(s, 0)
    end_conquests(s)
    before = list(s.coins)
    s.play("done")
    assert s.coins[1] == before[1] - 1


# ------------------------------------------------------- Socks and the Flames
@pytest.mark.parametrize("rev", REVS)
def test_stinky_socks_for_flames_by_the_volcano_cost_as_if_empty_once(rev):
    """§2.3 "Stinky Troll's Socks: once per turn, conquer a region as if empty"; §2.1 Flames: "Regions adjacent
    to the Volcano ... cost as if empty": both say the same thing of region 10 (next to the Volcano on 7):
    2 tokens, not 1 (revision 0 took the tokens off twice)."""
    s = ug(rev)
    fl = give(s, 0, "flames", "alchemist", {9: 1}, hand=5)
    s.x["volcano"] = 7
    put(s, 9, "stinky_socks")
    b = give(s, 1, "ratmen", "merchant", {10: 2, 5: 1})
    begin(s, 0)
    assert s.cost(fl, 10) == 2  # the Flames alone: as if empty
    assert "socks:10" in texts(s)
    s.play("socks:10")
    spent = 2 if rev == 1 else 1
    assert s.owner[10] == fl and s.tok[10] == spent and s.recs[fl].hand == 5 - spent
    assert s.recs[b].hand == 2  # the Socks: the occupant takes every token back
    # away from the Volcano, the Socks alone price the region as if empty too
    s = ug(rev)
    fl = give(s, 0, "flames", "alchemist", {14: 1}, hand=5)
    s.x["volcano"] = 7
    put(s, 14, "stinky_socks")
    give(s, 1, "ratmen", "merchant", {15: 3})
    begin(s, 0)
    s.play("socks:15")
    assert s.tok[15] == 2 and s.recs[fl].hand == 3


# ------------------------------------------------ the Balrog is a conquest
@pytest.mark.parametrize("rev", REVS)
def test_balrog_into_a_vengeful_region_gives_a_vengeance_marker(rev):
    """§2.2 "Vengeful: Each player who attacks any of your races gets a Vengeance marker" — the rules page:
    "Taking a region of yours by any means during his turn counts (Vampire, Sorcerers, the Balrog…)"."""
    s, a = find_pentacle(rev, lambda s: give(s, 1, "ogres", "vengeful", {17: 3, 27: 1}))
    s.play("balrog:17")
    assert s.x["balrog"] == 17 and s.owner[17] == EMPTY
    marks = (s.x.get("vengeance") or {}).get("1", [])
    assert marks == ([0] if rev == 1 else [])
    if rev == 1:  # Bob's next turn: Ann's regions cost him 1 less
        b = s.active[1]
        assert C.HOOKS["vengeful"]["cost"](s, b, 15) == -1


@pytest.mark.parametrize("rev", REVS)
def test_balrog_conquest_pays_the_martyr(rev):
    """§2.2 "Martyr: +1 coin from the bank each time an opponent conquers one of its regions"."""
    s, a = find_pentacle(rev, lambda s: give(s, 1, "ogres", "martyr", {17: 3, 27: 1}))
    c = s.coins[1]
    s.play("balrog:17")
    assert s.coins[1] == c + (1 if rev == 1 else 0)


@pytest.mark.parametrize("rev", REVS)
def test_balrog_conquest_of_in_decline_liches_pays_their_owner(rev):
    """§2.1 Liches: "An opponent conquering an In Decline Liches region pays the owner 1 coin. An opponent with
    0 coins can't conquer Liches"."""
    s, a = find_pentacle(rev, lambda s: give(s, 1, "liches", "merchant", {17: 1}, dec=True))
    before = list(s.coins)
    s.play("balrog:17")
    paid = 1 if rev == 1 else 0
    assert s.coins == [before[0] - paid, before[1] + paid]

    def broke(s):
        give(s, 1, "liches", "merchant", {17: 1}, dec=True)
        coins(s, 0, 0)
    s, a = find_pentacle(rev, broke)
    coins(s, 0, 0)  # the Monster region's conquest gave nothing: still no coin
    assert balrog_moves(s) == ({"balrog:21"} if rev == 1 else {"balrog:17", "balrog:21"})


# --------------------------------------------- once a turn, from the next one
@pytest.mark.parametrize("rev", REVS)
def test_balrog_moves_from_the_turn_after_the_pentacle_is_found(rev):
    """§2.3 "Wickedest Pentacle: on discovery, the Balrog conquers an adjacent region ... The holder moves it
    once per turn" — the rulebook: from the turn after the discovery, once a turn."""
    s, a = find_pentacle(rev, lambda s: give(s, 1, "ogres", "merchant", {17: 2, 21: 1}))
    s.play("balrog:17")
    if rev == 0:  # the older behaviour: a second move at once
        assert balrog_moves(s) == {"balrog:21"}
        return
    assert balrog_moves(s) == set()
    s.play("end")
    assert balrog_moves(s) == set()  # nor while redeploying
    begin(s, 0)  # Ann's next turn
    assert balrog_moves(s) == {"balrog:21"}
    s.play("balrog:21")
    assert s.x["balrog"] == 21 and balrog_moves(s) == set()


# ---------------------------------------------- the Scepter on the Diamond Fields
@pytest.mark.parametrize("rev", REVS)
def test_scepter_on_the_diamond_fields_region_doubles_its_bonus(rev):
    """§2.3 "Diamond Fields: +1 for its region and +1 per other region of the same terrain held by the same
    race"; "Scepter of Avarice: ... place it in a held region to double that region's coins": on the Fields'
    own region, as on another Mushroom Forest, the region's coin and its Fields coin are doubled."""
    def gain(where):
        s = ug(rev)
        give(s, 0, "ratmen", "alchemist", {9: 1, 27: 1, 14: 1})
        put(s, 9, "diamond_fields")
        put(s, 14, "scepter")
        begin(s, 0)
        s.play("end")
        s.play("done")
        assert s.pending[0]["kind"] == "scepter"
        c = s.coins[0]
        s.play(where)
        return s.coins[0] - c
    plain = gain("noscepter")
    assert plain == 3 + 2 + 2  # 3 regions, 2 Mushroom Forests with the Fields, Alchemist
    assert gain("scepter:27") == plain + 2  # another region of the Fields' terrain: both revisions
    assert gain("scepter:14") == plain + 1  # the Mine: its coin only
    assert gain("scepter:9") == plain + (2 if rev == 1 else 1)


# ------------------------------------------------ Lizardmen, Spiderines: defaults
def test_new_games_take_the_rulebook_readings_and_records_keep_theirs():
    """§2.1 (corrected) Lizardmen "Cross any River region, occupied or empty" and Spiderines "Every region
    bordering a Chasm counts as adjacent to every region the Spiderines hold" are the defaults of a new game;
    a record stores its full options, so one saved with the older defaults keeps them."""
    opts = GAME.full_options({"board": "underground", "content": "underground"})
    assert opts["ug_lizardmen"] == "any" and opts["ug_spiderines"] == "any"
    assert opts[REVISION_OPTION] == GAME.revision >= 1
    # a record saved before (revision 0, options filled with the defaults of that time)
    old = dict(opts, ug_lizardmen="empty", ug_spiderines="chasm", **{REVISION_OPTION: 0})
    rec = decode(encode(Record("smallworld", old, 5, ["Ann", "Bob"], [])))
    s = rec.start()
    assert s.opts["ug_lizardmen"] == "empty" and s.opts["ug_spiderines"] == "chasm" and s.rev == 0
    # a revision-0 record that does not name them (made before the options existed) gets the old defaults
    d = Record("smallworld", old, 5, ["Ann", "Bob"], []).to_json()
    del d["o"]["ug_lizardmen"], d["o"]["ug_spiderines"]
    s = Record.from_json(d).start()
    assert s.opts["ug_lizardmen"] == "empty" and s.opts["ug_spiderines"] == "chasm"
    d["o"][REVISION_OPTION] = 1
    s = Record.from_json(d).start()
    assert s.opts["ug_lizardmen"] == "any" and s.opts["ug_spiderines"] == "any"
    # the other reading stays an option of a new game
    assert GAME.full_options({"ug_lizardmen": "empty", "ug_spiderines": "chasm"})["ug_lizardmen"] == "empty"


@pytest.mark.parametrize("rev", REVS)
def test_state_without_the_options_reads_its_revisions_default(rev):
    """A state whose options do not name the readings (a tournament table) plays its revision's default."""
    s = ug(rev)
    del s.opts["ug_lizardmen"], s.opts["ug_spiderines"]
    lz = give(s, 0, "lizardmen", "mining", {3: 3}, hand=6)
    give(s, 1, "kraken", "mining", {13: 2})
    begin(s, 0)
    assert (23 in s.targets(lz)) == (rev == 1)  # across the Kraken's River
    s = ug(rev)
    del s.opts["ug_spiderines"]
    sp = give(s, 0, "spiderines", "mining", {9: 2}, hand=6)
    assert (25 in s.targets(sp)) == (rev == 1)  # 9 is not by a chasm, 25 is


@pytest.mark.parametrize("rev", REVS)
def test_flocking_spiderines_one_group_through_any_region_by_a_chasm(rev):
    """§2.1 Spiderines (corrected): a region by a Chasm is adjacent to every region they hold, so Flocking
    (§2.2 "+2 coins if all held regions form one connected group") sees one group: 9 (not by a chasm) and 25
    (by one) share no border."""
    s = ug(rev, ug_spiderines="any")
    give(s, 0, "spiderines", "flocking", {9: 1, 25: 1})
    flock = [k for w, k, _ in turn_end.score_lines(s, 0, False) if w == "flocking" and k]  # (a bonus that gives nothing is a 0 line)
    assert flock == ([2] if rev == 1 else [])
    s = ug(rev, ug_spiderines="chasm")
    give(s, 0, "spiderines", "flocking", {9: 1, 25: 1})
    assert not [k for w, k, _ in turn_end.score_lines(s, 0, False) if w == "flocking" and k]


# ------------------------------------------------------- old records replay
GAMES = json.loads((Path(__file__).parent / "data" / "smallworld_ug_rev0.json").read_text(encoding="utf-8"))["games"]


def _end(s):
    return {"coins": s.coins, "owner": s.owner, "tok": s.tok, "win": s.win}


@pytest.mark.parametrize("g", GAMES, ids=[g["meets"] for g in GAMES])
def test_revision_0_record_replays_to_the_same_end(g):
    """Games recorded under revision 0 by the engine of that time (tests/games/data/smallworld_ug_rev0.json)
    replay move by move to the same end; played under revision 1 the same moves go elsewhere."""
    assert g["o"][REVISION_OPTION] == 0
    rec = decode(encode(Record("smallworld", g["o"], g["s"], g["p"], g["m"])))
    assert _end(rec.replay()) == g["end"]
    s = GAME.start(g["p"], dict(g["o"], **{REVISION_OPTION: 1}), g["s"])
    try:
        for m in g["m"]:
            s.play(m)
    except IllegalMove:
        return
    assert _end(s) != g["end"]


@pytest.mark.parametrize("rev", REVS)
def test_tournament_tables_play_the_tournaments_revision(rev):
    """A tournament record keeps its revision for its tables' Small World rules."""
    t = ARKHANIS.start([f"P{i}" for i in range(6)], {REVISION_OPTION: rev}, 1)
    assert t.tables and all(tb.rev == rev for tb in t.tables)
