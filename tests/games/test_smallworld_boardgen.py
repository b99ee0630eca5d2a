"""Plateau's own Small World boards: the 3–5 player Underground boards and the random
"plateau vide" board of the tournament (seed §8, rules notes §2, §2.5, §3.11).

The geometry is checked from the polygons alone, independently of how the generator
builds them: polygons are simple and positively oriented, every inner edge is the
reverse of exactly one edge of exactly one other polygon, outer edges lie on the frame
and the areas add up to the frame — together that proves the polygons tile the frame
without overlap — and two regions share an edge exactly when the graph says they
border each other.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from plateau.games.smallworld import boardgen as G

ROOT = Path(__file__).resolve().parents[2]
GRAPHS = json.loads((ROOT / "boards" / "smallworld-graphs.json").read_text(encoding="utf-8"))["maps"]
CHECKED_IN = json.loads((ROOT / "boards" / "smallworld-underground.json").read_text(encoding="utf-8"))

IMPASSABLE = ("sea", "lake", "chasm")
FAST_SEEDS = range(6)
SLOW_SEEDS = range(6, 200)


# ---------------------------------------------------------------------------------------------
# independent geometry


def signed_area(poly):
    return sum(poly[k][0] * poly[(k + 1) % len(poly)][1] - poly[(k + 1) % len(poly)][0] * poly[k][1]
               for k in range(len(poly))) / 2


def orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def on_segment(a, b, p):
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a, b, c, d):
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if ((o1 > 0) != (o2 > 0)) and o1 != 0 and o2 != 0 and ((o3 > 0) != (o4 > 0)) and o3 != 0 and o4 != 0:
        return True
    return ((o1 == 0 and on_segment(a, b, c)) or (o2 == 0 and on_segment(a, b, d))
            or (o3 == 0 and on_segment(c, d, a)) or (o4 == 0 and on_segment(c, d, b)))


def is_simple(poly):
    n = len(poly)
    if len({tuple(p) for p in poly}) != n:
        return False
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # the two edges meeting at vertex 0
            if segments_meet(a, b, poly[j], poly[(j + 1) % n]):
                return False
    return True


def dist(p, q):
    return ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5


def point_in(poly, x, y):
    inside = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
            inside = not inside
    return inside


def drawing_neighbours(shapes, n):
    """Pairs of regions whose polygons share an edge (positive length), after checking that the
    polygons tile the frame."""
    w, h = shapes["width"], shapes["height"]
    edges = {}
    total = 0.0
    for r in range(n):
        poly = [tuple(p) for p in shapes["regions"][str(r)]["polygon"]]
        assert len(poly) >= 3
        assert all(0 <= x <= w and 0 <= y <= h for x, y in poly), f"region {r} leaves the frame"
        a = signed_area(poly)
        assert a > 0, f"region {r} is not positively oriented"
        total += a
        assert is_simple(poly), f"region {r} is not a simple polygon"
        for k in range(len(poly)):
            e = (poly[k], poly[(k + 1) % len(poly)])
            assert e not in edges, f"edge {e} used twice in the same direction"
            edges[e] = r
    pairs = set()
    for (p, q), r in edges.items():
        other = edges.get((q, p))
        if other is None:
            on_frame = ((p[0] == q[0] and p[0] in (0, w)) or (p[1] == q[1] and p[1] in (0, h)))
            assert on_frame, f"edge {p}-{q} of region {r} has no region on its other side"
        else:
            assert other != r
            pairs.add((min(r, other), max(r, other)))
    assert abs(total - w * h) < 1e-6 * w * h, "the polygons do not add up to the frame"
    # (a vertex of one polygon inside another's edge is ruled out too: the two polygons on either
    # side of that edge already cover the neighbourhood of the vertex)
    return pairs


def check_geometry(board):
    g, s = board["graph"], board["shapes"]
    n = len(g["regions"])
    pairs = drawing_neighbours(s, n)
    borders = {tuple(b) for b in g["borders"]}
    assert pairs == borders, "drawing neighbours differ from graph borders"
    for r in g["regions"]:
        spot = s["regions"][str(r["id"])]
        poly = spot["polygon"]
        for key in ("label", "anchor", "mark"):
            assert point_in(poly, *spot[key]), f"{key} of region {r['id']} is outside it"
        # the token stack has room, the number and the symbols sit beside it
        assert dist(spot["label"], spot["anchor"]) >= 30 and dist(spot["mark"], spot["anchor"]) >= 30
        # at_edge = the polygon has an edge on the frame
        w, h = s["width"], s["height"]
        on = any((p[0] == q[0] and p[0] in (0, w)) or (p[1] == q[1] and p[1] in (0, h))
                 for p, q in zip(poly, poly[1:] + poly[:1]))
        assert on == r["at_edge"], f"region {r['id']} at_edge"
    # no slivers and no tiny cells: every region holds at least 40% of the mean area
    mean = s["width"] * s["height"] / n
    assert min(signed_area(s["regions"][str(r)]["polygon"]) for r in range(n)) > 0.4 * mean


# ---------------------------------------------------------------------------------------------
# graph checks


def reachable(start, allowed, nb):
    seen, stack = {start}, [start]
    while stack:
        v = stack.pop()
        for w in nb[v]:
            if w in allowed and w not in seen:
                seen.add(w)
                stack.append(w)
    return seen


def check_graph(g):
    regions = g["regions"]
    n = len(regions)
    assert [r["id"] for r in regions] == list(range(n))
    nb = [r["neighbours"] for r in regions]
    for r in range(n):
        assert r not in nb[r] and nb[r] == sorted(set(nb[r]))
        for w in nb[r]:
            assert r in nb[w], "neighbours are symmetric"
    assert sorted(tuple(b) for b in g["borders"]) == sorted((a, b) for a in range(n) for b in nb[a] if a < b)
    assert g["turns"] == GRAPHS[f"base-{g['players']}p"]["turns"]
    land = {r["id"] for r in regions if r["terrain"] not in IMPASSABLE}
    entries = [r["id"] for r in regions if r["first_conquest_ok"]]
    assert entries, "legal entry regions exist"
    # every land region is reachable from an entry region, and land is all one piece
    assert reachable(entries[0], land, nb) == land
    for r in regions:
        assert set(r) >= {"id", "terrain", "symbols", "lost_tribe", "at_edge", "border_sea_shore",
                          "first_conquest_ok", "neighbours"}
        if r["terrain"] in IMPASSABLE:
            assert not r["first_conquest_ok"]
    return nb, land, entries


def river_ok(g, nb):
    river = [r["id"] for r in g["regions"] if r["terrain"] == "river"]
    ends = [r for r in river if sum(1 for w in nb[r] if w in river) == 1]
    middle = [r for r in river if sum(1 for w in nb[r] if w in river) == 2]
    assert len(ends) == 2 and len(ends) + len(middle) == len(river), "the river is one path"
    edge = {r["id"] for r in g["regions"] if r["at_edge"]}
    assert set(ends) <= edge and not set(middle) & edge, "its two ends touch the edge, the rest is inside"
    return river


# ---------------------------------------------------------------------------------------------
# Underground boards


def counts(g):
    rs = g["regions"]
    return {
        "regions": len(rs),
        "chasms": sum(r["terrain"] == "chasm" for r in rs),
        "edge_chasms": sum(r["terrain"] == "chasm" and r["at_edge"] for r in rs),
        "volcanoes": sum("volcano" in r["symbols"] for r in rs),
        "river": sum(r["terrain"] == "river" for r in rs),
        "monsters": sum("monster" in r["symbols"] for r in rs),
        "edge": sum(r["at_edge"] for r in rs),
        "entries": sum(r["first_conquest_ok"] for r in rs),
        "terrains": Counter(r["terrain"] for r in rs if r["terrain"] not in ("chasm", "river")),
    }


def test_recipe_reproduces_the_printed_two_player_board():
    """§2.5: the 2-player board has 28 regions, 5 chasms (volcano on 2), 3 River regions, 4 monster
    regions and 4 each of the five land terrains; the scaled recipe at 2 players gives those counts."""
    printed = counts(GRAPHS["underground-2p"])
    made = counts(G.underground_board(2)["graph"])
    for key in ("regions", "chasms", "edge_chasms", "volcanoes", "river", "monsters"):
        assert made[key] == printed[key], key
    assert made["terrains"] == printed["terrains"]
    assert abs(made["edge"] - printed["edge"]) <= 2 and abs(made["entries"] - printed["entries"]) <= 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_underground_board(players):
    """Issue 10 item 5: about 28/36/46/56 regions with the chasms; monster regions, a river, chasms
    with the volcano symbol, edge entries in proportion to the 2-player board; same terrain mix."""
    board = G.underground_board(players)
    g = board["graph"]
    assert g["players"] == players
    nb, land, entries = check_graph(g)
    check_geometry(board)
    c = counts(g)
    n = {3: 36, 4: 46, 5: 56}[players]
    assert c["regions"] == n
    # 2p proportions: 5/28 chasms, 2 of 5 with the volcano, 4 of 5 on the edge
    assert abs(c["chasms"] - 5 * n / 28) <= 1
    assert 1 <= c["volcanoes"] < c["chasms"]
    assert c["edge_chasms"] >= c["chasms"] // 2
    assert abs(c["river"] - 3 * n / 28) <= 1
    # monster regions: 2 tokens each out of 14, never side by side, never on river or chasm
    mon = [r["id"] for r in g["regions"] if "monster" in r["symbols"]]
    assert len(mon) == players + 2 <= 7
    assert not any(w in mon for m in mon for w in nb[m])
    assert all(g["regions"][m]["terrain"] in G.UNDERGROUND_TERRAINS for m in mon)
    # 2p: 14 of 28 on the edge, 10 entries
    assert abs(c["edge"] - n / 2) <= 2
    assert 0.3 * n <= c["entries"] <= 0.45 * n
    # the five land terrains in equal shares (2p: 4 each)
    assert set(c["terrains"]) == set(G.UNDERGROUND_TERRAINS)
    assert max(c["terrains"].values()) - min(c["terrains"].values()) <= 1
    river_ok(g, nb)
    # chasms are never side by side
    chasms = [r["id"] for r in g["regions"] if r["terrain"] == "chasm"]
    assert not any(w in chasms for c_ in chasms for w in nb[c_])
    assert all(not r["lost_tribe"] and not r["border_sea_shore"] for r in g["regions"])
    # entry rule of §2: any land region touching the edge, River ends included
    for r in g["regions"]:
        assert r["first_conquest_ok"] == (r["at_edge"] and r["terrain"] != "chasm")


def test_checked_in_boards_equal_the_generator():
    maps, shapes = CHECKED_IN["maps"], CHECKED_IN["shapes"]
    assert sorted(maps) == ["underground-3p", "underground-4p", "underground-5p"]
    for players in (3, 4, 5):
        key = f"underground-{players}p"
        board = G.underground_board(players, seed=maps[key]["seed"])
        assert maps[key]["seed"] == G.UNDERGROUND_SEEDS[players]
        graph = dict(maps[key])
        del graph["seed"]
        assert graph == board["graph"]
        assert shapes[key] == board["shapes"]


def test_shapes_schema_matches_the_printed_maps_schema():
    """The same drawing code draws these boards: the schema of smallworld-shapes.json (width,
    height, and per region polygon, label, anchor, mark)."""
    s = CHECKED_IN["shapes"]["underground-4p"]
    assert (s["width"], s["height"]) == (1200, 800)
    assert set(s) == {"width", "height", "regions"}
    assert set(s["regions"]) == {str(r) for r in range(46)}
    for spot in s["regions"].values():
        assert set(spot) == {"polygon", "label", "anchor", "mark"}
        assert all(len(p) == 2 for p in spot["polygon"])


def test_underground_rejects_bad_player_counts():
    for bad in (1, 6, "3"):
        with pytest.raises(ValueError, match="2 to 5 players"):
            G.underground_board(bad)
        with pytest.raises(ValueError, match="2 to 5 players"):
            G.random_board(bad, 1)
    for bad in ("7", 1.5, None, True):
        with pytest.raises(ValueError, match="whole number"):
            G.random_board(3, bad)
        if bad is not None:
            with pytest.raises(ValueError, match="whole number"):
                G.underground_board(3, seed=bad)


# ---------------------------------------------------------------------------------------------
# the random board


def check_random(players, seed):
    board = G.random_board(players, seed)
    g = board["graph"]
    assert g["players"] == players and g["kind"] == "random"
    nb, land, entries = check_graph(g)
    check_geometry(board)
    rs = g["regions"]
    assert len(rs) == G.RANDOM_REGIONS[players]
    # "au moins autant de régions d'entrée que la carte de base" (brief), entry rule of §1 / §2
    assert len(entries) >= G.BASE_ENTRIES[players]
    edge_seas = {r["id"] for r in rs if r["terrain"] == "sea" and r["at_edge"]}
    for r in rs:
        shore = r["terrain"] not in ("sea", "lake") and any(w in edge_seas for w in nb[r["id"]])
        assert r["border_sea_shore"] == shore
        assert r["first_conquest_ok"] == (r["id"] in land and (r["at_edge"] or shore))
    # "mixant des décors de Smallworld et de Smallworld Underground" (seed §8)
    terrains = Counter(r["terrain"] for r in rs)
    assert any(terrains[t] for t in G.BASE_TERRAINS) and any(terrains[t] for t in G.UNDERGROUND_TERRAINS)
    assert terrains["sea"] >= 1 and terrains["chasm"] >= 1
    river_ok(g, nb)
    # the two specials (§3.11), each once, in the map's specials and as region symbols
    sp = g["specials"]
    knight, snow = sp["golden_knight"]["region"], sp["snow_thing"]["region"]
    assert [r["id"] for r in rs if "golden_knight" in r["symbols"]] == [knight]
    assert [r["id"] for r in rs if "snow_thing" in r["symbols"]] == [snow]
    assert sp["golden_knight"]["strength"] == 2 and sp["golden_knight"]["vp"] == 5
    assert sp["snow_thing"]["strength"] == 1 and sp["snow_thing"]["reinforcement_die"] and sp["snow_thing"]["vp"] == 3
    # "il déplace le monstre sur une région adjacente libre": the Snow Thing has land around it
    assert any(w in land and rs[w]["terrain"] != "river" for w in nb[snow])
    # monster regions: players + 1 (§2.4 count), all monster-like regions pairwise apart,
    # on plain land without Lost Tribes
    mon = [r["id"] for r in rs if "monster" in r["symbols"]]
    assert len(mon) == players + 1
    beasts = mon + [knight, snow]
    assert len(set(beasts)) == len(beasts)
    assert not any(w in beasts for m in beasts for w in nb[m])
    for m in beasts:
        assert rs[m]["terrain"] in G.BASE_TERRAINS + G.UNDERGROUND_TERRAINS and not rs[m]["lost_tribe"]
    assert not rs[knight]["first_conquest_ok"] and not rs[snow]["first_conquest_ok"]
    for r in rs:
        if r["lost_tribe"] or set(r["symbols"]) & {"cavern", "magic", "mine"}:
            assert r["terrain"] in G.BASE_TERRAINS
    return board


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_boards(players):
    for seed in FAST_SEEDS:
        check_random(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_boards_many_seeds(players):
    for seed in SLOW_SEEDS:
        check_random(players, seed)


def test_determinism():
    assert G.random_board(4, 123) == G.random_board(4, 123)
    assert G.random_board(4, 123) != G.random_board(4, 124)
    assert G.underground_board(3, seed=9) == G.underground_board(3, seed=9)
    assert G.underground_board(3, seed=9) != G.underground_board(3, seed=10)
    # JSON round trip: the board is plain data
    b = G.random_board(2, 5)
    assert json.loads(json.dumps(b)) == b


def test_base_equivalent():
    """§2.4 table: Black Mountain ≡ Mountain, Mudpool ≡ Swamp, Mushroom Forest ≡ Forest; Mine and
    Mystic Crystal are the Mine and Magic symbols; River ↔ Seas/Lake."""
    assert G.base_equivalent("black_mountain") == "mountain"
    assert G.base_equivalent("mudpool") == "swamp"
    assert G.base_equivalent("mushroom_forest") == "forest"
    assert G.base_equivalent("river") == "sea"
    assert G.base_equivalent("mine") is None and G.symbol_equivalent("mine") == "mine"
    assert G.base_equivalent("mystic_crystal") is None and G.symbol_equivalent("mystic_crystal") == "magic"
    assert G.base_equivalent("chasm") is None
    for t in G.BASE_TERRAINS + ("sea", "lake"):
        assert G.base_equivalent(t) == t


def test_doctests():
    import doctest

    result = doctest.testmod(G)
    assert result.attempted > 0 and result.failed == 0


# A tournament record names its boards by count and seed only (``random/<players>/<seed>``): the
# same seed must give the same board in every version, or an old record would replay on another
# map. These digests were taken from the generator before it was made faster.
PINNED_RANDOM = {2: "6f141f4f06b3677f", 3: "94193c071e7925e8", 4: "ae20ef2508352dc8", 5: "537724698ddc53db"}
PINNED_UNDERGROUND = {2: "f1cdbd0b388a437c", 3: "e2a01e563ff92fb4", 4: "f9b8e55876bb0569", 5: "7d0293fd022d2dd3"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_boards_of_a_seed_never_change(players):
    import hashlib

    def digest(value):
        return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]

    assert digest([G.random_board(players, s) for s in (1, 2)]) == PINNED_RANDOM[players]
    assert digest(G.underground_board(players, 11)) == PINNED_UNDERGROUND[players]
    # the graph alone (as a tournament opens) is the full board's graph
    assert G.random_board(players, 1, shapes=False)["graph"] == G.random_board(players, 1)["graph"]
