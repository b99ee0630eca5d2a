"""The tournament's places and relics (seed 001 §6–8, issue 27 items 1–4):
the Golden Knight's and the Abominable Snow Thing's tiles, the Snow Thing's
reinforcement die and lost token, and the reserve that makes every tile
findable. Each rule is checked under rules revision 1; revision 0 (records
saved before) keeps the old behaviour and replays exactly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau.core.record import Record
from plateau.games.arkhanis import GAME, layout_for
from plateau.games.arkhanis import items as AI_ITEMS
from plateau.games.arkhanis.tournament import (REMOVED, TournamentState, monster_count, pile_regions, share_tiles,
                                              tile_total)
from plateau.games.smallworld import supply
from plateau.games.smallworld import GAME as SW
from plateau.games.smallworld import content as C
from plateau.games.smallworld.rules import EMPTY

from sw_factory import begin, empty, fresh, give, texts
from tilehelp import fingerprint, play

NAMES = ["Bilbo", "Merry", "Frodo", "Xavier", "Sam", "Pippin"]
BILBO = 0
# table 0: a random board (Golden Knight, Snow Thing), seats 1–3; table 1: Small World, seats 4–7
LAYOUT = [{"board": "random", "seats": [1, 2, 3], "content": "mixed"},
          {"board": "classic", "seats": [4, 5, 6, 7], "content": "base"}]
START = [1, 2, 3, 4, 5, 6]  # Bilbo on seat 1 plays first; seat 7 is free

ALL_TILES = sorted([i for i in C.ITEMS if i not in REMOVED] + list(AI_ITEMS.ITEMS))


class Fixed:
    """A stand-in random source whose every draw is ``value``; it notes the
    ranges asked for."""

    def __init__(self, value):
        self.value = value
        self.asked = []

    def below(self, n):
        self.asked.append(n)
        return self.value

    def copy(self):
        return self


def tour(rev=None, seed=4, **more):
    opts = {"free": 1, "boards": "mixed", "content": "by_board", "events": "none", "_start": START,
            "_schedule": ["none"] * 10, **more}
    if rev is not None:
        opts["_rev"] = rev
    return TournamentState(GAME, NAMES, opts, seed, LAYOUT)


def at_the_monster(s, kind, hand=9):
    """Bilbo, first to play on the random table, holds a region next to the
    ``kind`` special (everything else cleared off the map) and starts his turn."""
    a = s.tables[0]
    assert s.current == 0 and s.to_play == BILBO
    w = a.special.index(kind)
    for r in range(a.R):
        if not a.monster[r]:
            empty(a, r)
    n = next(x for x in a.nbrs[w] if not (a.chasm[x] or a.water[x] or a.river[x] or a.monster[x]))
    for key, stack, i in (("ratmen", a.banners, 0), ("alchemist", a.badges, 1)):
        if key in stack:  # his race and power come out of the stacks (or the column)
            stack.remove(key)
        for c in a.column:
            if c[i] == key:
                c[i] = stack.pop(0)
    rid = give(a, BILBO, "ratmen", "alchemist", {n: 1}, hand=hand)
    begin(a, BILBO)
    return a, w, rid


def reserve_starts_with(s, head):
    """The reserve begins with the tiles ``head`` (taken from the piles if
    need be, a reserve tile going into the pile instead); returns the rest."""
    for item in head:
        for t in s.tables:
            if item in t.pile:
                spare = next(x for x in s.reserve if x not in head)
                t.pile[t.pile.index(item)] = spare
                s.reserve[s.reserve.index(spare)] = item
    rest = [x for x in s.reserve if x not in head]
    s.reserve[:] = list(head) + rest
    return rest


def tiles_everywhere(s):
    """Every tile of the tournament where it is: on a board (face down in a
    pile, face up in a region), with a player (a relic off the board, the
    Golden Knight's draw being chosen from) or in the reserve."""
    out = list(s.reserve) + list(s.off_board) + list(s.discarded)
    for t in s.tables:
        out += [x for x in t.place + t.relic if x] + list(t.pile)
        for d in t.pending:
            out += list(d.get("drawn", ()))
    return sorted(out)


# ------------------------------------------------------------- 1. the Golden Knight
def test_golden_knight_draws_three_from_the_reserve_and_keeps_one_of_each_kind():
    """Seed §8: "S'il est vaincu, le joueur peut piocher trois tuiles Reliques ou Lieux et en garder une de
    chaque. […] Celui-ci lui rapportera 5 points de victoire à la fin de la partie." The tournament's reserve
    is what he draws from; the tile not kept goes back under it."""
    s = tour()
    a, k, rid = at_the_monster(s, "golden_knight")
    assert a.unused is s.reserve
    rest = reserve_starts_with(s, ["keep", "scepter", "crypt"])
    total = tiles_everywhere(s)
    s.play(f"c:{k}")
    assert s.vp[BILBO] == 5 and a.pending[0]["kind"] == "knight"
    assert sorted(texts(s)) == ["keep:crypt", "keep:keep", "keep:scepter"]
    s.play("keep:keep")
    assert texts(s) == ["keep:scepter"]  # then the other kind
    s.play("keep:scepter")
    assert a.place[k] == "keep" and a.relic[k] == "scepter" and not a.pending
    assert s.reserve == rest + ["crypt"]
    assert tiles_everywhere(s) == total == ALL_TILES


def test_golden_knight_without_both_kinds_keeps_one_and_draws_until_the_other_kind():
    """Seed §8: "S'il n'y a pas au moins une Relique et un Lieu dans les trois tuiles piochées, il choisit l'une
    des trois tuiles, défausse les autres puis pioche jusqu'à avoir une tuile de l'autre sorte qu'il garde."
    The tiles discarded go back under the reserve (still findable, seed §7)."""
    s = tour()
    a, k, rid = at_the_monster(s, "golden_knight")
    rest = reserve_starts_with(s, ["keep", "crypt", "fountain", "lost_mine", "killer_sword"])
    s.play(f"c:{k}")
    assert sorted(texts(s)) == ["keep:crypt", "keep:fountain", "keep:keep"]
    s.play("keep:crypt")
    assert a.place[k] == "crypt" and a.relic[k] == "killer_sword" and not a.pending
    assert s.reserve == rest + ["keep", "fountain", "lost_mine"]
    assert s.vp[BILBO] == 5 and tiles_everywhere(s) == ALL_TILES


def test_golden_knight_discards_leave_the_game_with_the_option_out():
    """The other reading of "défausse les autres" (option ``knight_discards: out``): the tiles not kept leave the
    game, out of the Snow Thing's "encore disponible"."""
    s = tour(knight_discards="out")
    a, k, rid = at_the_monster(s, "golden_knight")
    rest = reserve_starts_with(s, ["keep", "crypt", "fountain", "lost_mine", "killer_sword"])
    s.play(f"c:{k}")
    s.play("keep:crypt")
    assert a.place[k] == "crypt" and a.relic[k] == "killer_sword"
    assert s.reserve == rest and s.discarded == ["keep", "fountain", "lost_mine"]
    assert tiles_everywhere(s) == ALL_TILES
    assert "discarded" not in s.view(BILBO) and s.view(None)["discarded"] == s.discarded
    assert GAME.full_options({})["knight_discards"] == "reserve"


def test_golden_knight_under_revision_0_drew_from_tables_holding_nothing():
    """Revision 0 (records saved before): every tile was dealt to the piles, the Knight drew nothing."""
    s = tour(rev=0)
    a, k, rid = at_the_monster(s, "golden_knight")
    assert a.unused == [] and s.reserve == []
    s.play(f"c:{k}")
    assert s.vp[BILBO] == 5 and not a.pending and a.place[k] is None and a.relic[k] is None


# ------------------------------------------------------------- 2. the Snow Thing's tile
def test_snow_thing_beaten_chooses_a_tile_still_available_in_the_reserve():
    """Seed §8: "S'il le bat, le joueur choisit l'une des tuiles Reliques ou Lieux encore disponible et la place
    normalement. […] Celui-ci lui rapportera 3 points de victoire à la fin de la partie." """
    s = tour()
    a, w, rid = at_the_monster(s, "snow_thing", hand=12)
    reserve_starts_with(s, ["fountain"])
    before = list(s.reserve)
    s.play(f"snow:{w}")
    a.rng = Fixed(5)  # the die's highest face: 3
    s.play(f"commit:{a.cost(rid, w) + 3}")
    assert a.owner[w] == rid and s.vp[BILBO] == 3
    assert a.pending[0]["kind"] == "snowpick"
    assert sorted(texts(s)) == sorted(f"keep:{x}" for x in set(before))
    choice = "fountain"
    s.play(f"keep:{choice}")
    assert choice in (a.place[w], a.relic[w]) and choice not in s.reserve and len(s.reserve) == len(before) - 1
    assert tiles_everywhere(s) == ALL_TILES


def test_the_reserve_is_hidden_from_players_and_its_size_is_public():
    """The reserve is face down: a player's view tells how many tiles it holds, never which (nor the piles)."""
    s = tour()
    v = s.view(BILBO)
    assert v["reserve_left"] == len(s.reserve) > 0 and "reserve" not in v
    text = str({k: x for k, x in v.items() if k not in ("log", "pendant")})  # "pendant": the Pendant's owner
    for item in set(s.reserve) | {x for t in s.tables for x in t.pile}:
        assert f"'{item}'" not in text, item
    assert s.view(None)["reserve"] == s.reserve


# ------------------------------------------------------------- 3. the Snow Thing's die and lost token
@pytest.mark.parametrize("index,face", list(enumerate((0, 0, 0, 1, 2, 3))))
def test_snow_thing_strength_is_one_plus_the_reinforcement_die_rolled_after_the_commit(index, face):
    """Seed §8: "Il a une valeur de 1 à laquelle on ajoute un dé de renfort (variant sa force de 1 à 4). Le dé
    est lancé après qu'un joueur ait décidé de l'attaquer." The reinforcement die has faces 0, 0, 0, 1, 2, 3."""
    for commit_more, wins in ((0, True), (-1, False)):
        s = fresh(2, seed=4, board="random")
        w = s.special.index("snow_thing")
        n = next(x for x in s.nbrs[w] if not (s.chasm[x] or s.water[x] or s.river[x] or s.monster[x]))
        a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=12)
        begin(s, 0)
        die = s.rng = Fixed(index)
        s.play(f"snow:{w}")
        assert s.pending[0]["kind"] == "commit" and die.asked == []  # nothing rolled before the commit
        base = s.cost(a, w)
        assert base == 2 + 1 + s.mountain[w]  # a region's 2, the Snow Thing's 1
        s.play(f"commit:{base + face + commit_more}")
        assert die.asked == [6]  # one six-sided die, after the commit
        assert (s.owner[w] == a) is wins
        ev = [f for _, _, k, f in s.log if k == "snow_die"][-1]
        assert ev["face"] == face and 1 <= 1 + face <= 4


def test_snow_thing_failure_loses_a_token_for_good_and_moves_the_monster():
    """Seed §8: "Si l'attaque échoue, le joueur perd définitivement l'un des pions de son peuple actif (qui est
    remis dans la boîte) et il déplace le monstre sur une région adjacente libre"."""
    s = fresh(2, seed=4, board="random")
    w = s.special.index("snow_thing")
    n = next(x for x in s.nbrs[w] if not (s.chasm[x] or s.water[x] or s.river[x] or s.monster[x]))
    a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=9)
    begin(s, 0)
    hand, tray, box = s.recs[a].hand, s.tray(a), C.RACES["ratmen"][1]
    assert hand + tray + supply.on_board(s, a) == box
    s.play(f"snow:{w}")
    s.rng = Fixed(0)  # face 0
    s.play(f"commit:{s.cost(a, w) - 1}")
    assert s.owner[w] == EMPTY and s.recs[a].hand == hand - 1
    assert s.tray(a) == tray  # not back in the tray: in the box
    assert s.recs[a].hand + s.tray(a) + supply.on_board(s, a) == box - 1
    assert s.pending[0]["kind"] == "snowmove"
    dest = int(texts(s)[0].split(":")[1])
    assert dest in s.nbrs[w] and s.owner[dest] == EMPTY
    s.play(texts(s)[0])
    assert s.special[dest] == "snow_thing" and s.special[w] is None and s.phase == "conquer"


def test_snow_thing_stays_when_no_neighbouring_region_is_free():
    """Seed §8: "(s'il n'y en a pas, le monstre ne bouge pas)"."""
    s = fresh(2, seed=4, board="random")
    w = s.special.index("snow_thing")
    land = [x for x in s.nbrs[w] if not (s.chasm[x] or s.water[x] or s.river[x] or s.monster[x])]
    a = give(s, 0, "ratmen", "alchemist", {land[0]: 1}, hand=9)
    give(s, 1, "humans", "hill", {x: 1 for x in land[1:]})
    begin(s, 0)
    s.play(f"snow:{w}")
    s.rng = Fixed(0)
    s.play("commit:1")
    assert not s.pending and s.special[w] == "snow_thing" and s.monster[w] == 1 and s.phase == "conquer"


def test_snow_thing_under_revision_0_rolls_one_to_four_and_the_token_goes_back_to_the_tray():
    """Revision 0 (records saved before): a 1–4 die, the lost token back in the tray."""
    s = fresh(2, seed=4, board="random", _rev=0)
    w = s.special.index("snow_thing")
    n = next(x for x in s.nbrs[w] if not (s.chasm[x] or s.water[x] or s.river[x] or s.monster[x]))
    a = give(s, 0, "ratmen", "alchemist", {n: 1}, hand=9)
    begin(s, 0)
    tray = s.tray(a)
    s.play(f"snow:{w}")
    die = s.rng = Fixed(0)
    s.play(f"commit:{s.cost(a, w)}")  # the die shows 1: one short
    assert die.asked == [4] and s.owner[w] == EMPTY and s.tray(a) == tray + 1


def test_tournament_tables_play_under_the_tournaments_revision():
    """A tournament passes its rules revision to its tables (the Snow Thing's die is the table's)."""
    assert [t.rev for t in tour().tables] == [2, 2]
    assert [t.rev for t in tour(rev=2).tables] == [1, 1]  # revision 2 changed only the tournament's clock
    assert [t.rev for t in tour(rev=1).tables] == [1, 1]
    assert [t.rev for t in tour(rev=0).tables] == [0, 0]
    s = tour()
    a, w, rid = at_the_monster(s, "snow_thing")
    s.play(f"snow:{w}")
    die = a.rng = Fixed(0)
    s.play("commit:1")
    assert die.asked == [6] and a.recs[rid].lost == 1


# ------------------------------------------------------------- 4. every tile can be found
@pytest.mark.parametrize("n", [6, 10, 16, 24])
def test_each_pile_holds_one_tile_per_monster_region_and_the_rest_is_the_reserve(n):
    """Seed §7: "Les peuples, pouvoirs, lieux et reliques, hormis ceux précisés ci-dessus, sont tous présents
    pour la partie et répartis sur au moins l'un des plateaux." Each table's pile gets as many tiles as it has
    Monster regions (while tiles last); the others form the reserve, which the Golden Knight and the Snow
    Thing draw from."""
    for seed in (1, 2):
        s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
        needs = [pile_regions(t) for t in s.tables]
        assert needs == [monster_count(t["board"], len(t["seats"])) for t in s.layout]
        counts, left = share_tiles(needs, tile_total())
        assert [len(t.pile) for t in s.tables] == counts and len(s.reserve) == left
        assert all(c == k for c, k in zip(counts, needs)) or left == 0
        assert tiles_everywhere(s) == ALL_TILES
        assert all(t.unused is s.reserve for t in s.tables)
        c = s.clone()  # a copy has its own reserve, shared by its own tables
        assert c.reserve == s.reserve and c.reserve is not s.reserve
        assert all(t.unused is c.reserve for t in c.tables)


def test_share_tiles_deals_one_at_a_time_while_tiles_last():
    assert share_tiles([6, 7, 5], 22) == ([6, 7, 5], 4)
    assert share_tiles([6, 7, 6, 6], 22) == ([6, 6, 5, 5], 0)
    assert share_tiles([2, 0, 1], 2) == ([1, 0, 1], 0)


def test_revision_0_deals_every_tile_to_the_piles_in_turn():
    s = GAME.start([f"P{i}" for i in range(6)], {"_rev": 0}, 1)
    assert sorted(x for t in s.tables for x in t.pile) == ALL_TILES and s.reserve == []
    assert [len(t.pile) for t in s.tables] == [11, 11]


# ------------------------------------------------------------- old records replay exactly
#: where these games ended when played under the rules before revision 1 (Plateau at commit 1c0f945),
#: by tilehelp.play: tournaments with Knights and Snow Things beaten, random boards with Snow Thing attacks
ENDS_BEFORE = {
    ("arkhanis", 3, 10): "979c2b75058392b6cb8733717b37aecff95f8abea312996e7363ed64bb43be3c",
    ("arkhanis", 8, 13): "b96e308fcd47e518522a27c9c76e697c86bc8030af285af672655ef59c297e7a",
    ("smallworld", 1, 3): "c87620e53407f66e4a45226426c20764999935e3b24e3ca830dedc59338079e5",
    ("smallworld", 2, 3): "30c8b27c6bb064852f68812650588941d1e94cdce30e318867ba8746edcdcf3b",
    ("smallworld", 5, 3): "a503367105d35f23974603508267ec0c77d709a119942100889d5aec424cf5f0",
}


@pytest.mark.parametrize("gid,seed,n", sorted(ENDS_BEFORE))
def test_revision_0_games_end_as_they_did_before(gid, seed, n):
    """A record saved before revision 1 (no ``_rev``: revision 0) replays to the same end as before."""
    if gid == "arkhanis":
        game, players, opts = GAME, [f"P{i}" for i in range(n)], {"_rev": 0}
    else:
        game, players, opts = SW, ["a", "b", "c"], {"board": "random", "_rev": 0}
    s, moves = play(game, players, opts, seed)
    assert s.is_over() and fingerprint(s, moves) == ENDS_BEFORE[(gid, seed, n)]
    old = Record(gid, opts, seed, players, moves).to_json()
    del old["o"]["_rev"]  # as saved before the rules had revisions
    back = Record.from_json(old).replay()  # replayed under revision 0
    assert fingerprint(back, moves) == ENDS_BEFORE[(gid, seed, n)]


# ------------------------------------------------------------- property: random tournaments
def check_tournament(seed, n, rev=None):
    """Play a random tournament whose players go for the Knight and the Snow Thing; at every ply every tile
    not removed is on a board, with a player or in the reserve, once; a Knight or a Snow Thing beaten while
    the reserve holds tiles gives its tiles. Returns how many were beaten with tiles in the reserve."""
    opts = {} if rev is None else {"_rev": rev}
    beaten = {"knight": 0, "snow": 0}
    last = {}
    state = {"reserve": None}

    def each(s, move):
        assert tiles_everywhere(s) == ALL_TILES
        for i, t in enumerate(s.tables):
            for q, _, k, f in t.log:
                if q <= last.get(i, 0):
                    continue
                if k == "knight" and state["reserve"]:
                    beaten["knight"] += 1
                    d = next(d for d in t.pending if d["kind"] == "knight")
                    assert len(d["drawn"]) == min(3, state["reserve"])
                if k == "snow_ok" and state["reserve"]:
                    beaten["snow"] += 1
                    d = next(d for d in t.pending if d["kind"] == "snowpick")
                    assert d["choices"] == sorted(set(s.reserve)) and d["choices"]
            last[i] = t.seq
        state["reserve"] = len(s.reserve)

    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    state["reserve"] = len(s.reserve)
    assert tiles_everywhere(s) == ALL_TILES
    play(GAME, [f"P{i}" for i in range(n)], opts, seed, each=each)
    return beaten


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(6, 24))
def test_random_tournaments_every_tile_is_somewhere_and_monsters_give_tiles(seed, n):
    check_tournament(seed, n)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(6, 24))
def test_many_random_tournaments_every_tile_is_somewhere_and_monsters_give_tiles(seed, n):
    check_tournament(seed, n)


def test_knights_and_snow_things_beaten_with_tiles_in_the_reserve_do_give_them():
    """The same check on fixed tournaments where both are beaten while the reserve holds tiles."""
    total = {"knight": 0, "snow": 0}
    for seed, n in ((3, 10), (4, 10), (5, 11)):
        for k, v in check_tournament(seed, n).items():
            total[k] += v
    assert total["knight"] >= 1 and total["snow"] >= 1, total


def test_default_layouts_without_a_random_board_leave_the_reserve_out_of_reach():
    """Noted for the organiser: with 2 tables (up to 9 participants by default) there is no random board, so no
    Knight nor Snow Thing draws from the reserve (the setup screen says so)."""
    assert [t["board"] for t in layout_for(6, 4)] == ["classic", "underground"]
    s = GAME.start([f"P{i}" for i in range(6)], {}, 1)
    assert s.reserve and not any(t.special[r] for t in s.tables for r in range(t.R))


def test_rules_pages_say_what_the_engine_does():
    """The rules pages (fr, en) follow: the reinforcement die's faces, the token in the box, the reserve."""
    for lang, box, reserve in (("fr", "boîte", "réserve du tournoi"), ("en", "game box", "tournament's reserve")):
        sw = SW.rules(lang)
        assert "0, 0, 0, 1, 2, 3" in sw and box in sw
        ak = GAME.rules(lang)
        assert reserve in ak and ("Révisions" if lang == "fr" else "Revisions") in ak


# ------------------------------------------------------------- computer participants
def test_computer_rebuilds_the_reserve_from_what_it_sees():
    """A computer participant reads only its view: the reserve's size, never its tiles; its guess puts every
    unseen tile in a pile or the reserve, the sizes as shown, one reserve shared by the tables; while it chooses
    for the Snow Thing, the reserve it rebuilds is exactly the tiles it is shown."""
    from plateau.core.rng import Rng
    from plateau.games.arkhanis.ai import determinize

    s = tour()
    d = determinize(s.view(BILBO), BILBO, Rng(3))
    assert len(d.reserve) == len(s.reserve) and all(t.unused is d.reserve for t in d.tables)
    assert [len(t.pile) for t in d.tables] == [len(t.pile) for t in s.tables]
    assert tiles_everywhere(d) == ALL_TILES
    a, w, rid = at_the_monster(s, "snow_thing", hand=12)
    s.play(f"snow:{w}")
    a.rng = Fixed(0)
    s.play(f"commit:{a.cost(rid, w)}")
    assert a.pending[0]["kind"] == "snowpick"
    d = determinize(s.view(BILBO), BILBO, Rng(5))
    assert sorted(d.reserve) == sorted(s.reserve)
    assert sorted(m.text for m in d.legal_moves()) == sorted(texts(s))


def test_the_panel_tells_how_many_tiles_lie_face_down_never_which():
    s = tour()
    for lang, word in (("fr", "réserve du tournoi : "), ("en", "tournament reserve: ")):
        lines = [x for box in GAME.panel(s, BILBO, lang) for x in box["lines"]]
        line = next(x for x in lines if word in x)
        assert line.endswith(word + str(len(s.reserve)))
        assert all(f"{k}" in line for k in (len(t.pile) for t in s.tables))
        for item in set(s.reserve) | {x for t in s.tables for x in t.pile}:
            assert C.name(item, lang) not in " ".join(map(str, lines))
