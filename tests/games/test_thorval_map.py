"""The island of Thorval: every fact the rules give about the board."""

from __future__ import annotations

import json
from pathlib import Path

from plateau.games.thorval import board as B

I = B.INDEX


def nb(name):
    return {B.NAMES[i] for i in B.NEIGHBOURS[I[name]]}


def test_44_cases_8_castles_36_territories():
    """« Les règles du jeu parlent de "cases" pour désigner les 36 territoires et les 8 châteaux.
    Thorval est donc divisé en 44 cases. »"""
    assert B.N == 44
    assert [B.NAMES[c] for c in B.CASTLES] == [f"C{k}" for k in range(1, 9)]
    assert [B.NAMES[c] for c in B.TERRITORIES] == [f"{r}/{n}" for r in B.ROMAN for n in range(1, 7)]


def test_terrain_of_each_region():
    """« I Plaine, II Plaine, III Forêt, IV Plaine, V Forêt, VI Montagne »"""
    expected = {"I": "plain", "II": "plain", "III": "forest", "IV": "plain", "V": "forest", "VI": "mountain"}
    for c in B.CASES:
        if c["region"]:
            assert c["terrain"] == expected[c["region"]]
    assert [i for i in range(B.N) if B.ROUGH[i]] == [B.territory(r, n) for r in (3, 5, 6) for n in range(1, 7)]


def test_neighbour_relation_is_symmetric_and_irreflexive():
    for i in range(B.N):
        assert i not in B.NEIGHBOURS[i]
        for j in B.NEIGHBOURS[i]:
            assert i in B.NEIGHBOURS[j]


def test_castle_3_neighbours_exactly():
    """« Les Orks partent de la case 3 (un château). Toutes les cases autour sont occupés par les pions des
    joueurs. Les Orks attaquent dans l'ordre: II/3, II/4, III/1, VI/1. »"""
    assert [B.NAMES[i] for i in B.NEIGHBOURS[I["C3"]]] == ["II/3", "II/4", "III/1", "VI/1"]


def test_castle_1_borders_v1():
    """« Les cases qui ont une frontière commune sont contiguës (Les cases 1 et V/1 par exemple). »"""
    assert "V/1" in nb("C1")
    assert B.link(I["C1"], I["V/1"]) == "land"


def test_every_castle_borders_several_regions():
    """« Tous les châteaux se trouvant contigus à plusieurs régions »"""
    for c in B.CASTLES:
        regions = {B.REGION[x] for x in B.NEIGHBOURS[c] if B.REGION[x] >= 0}
        assert len(regions) >= 2, B.NAMES[c]


def test_castles_do_not_touch_each_other():
    for c in B.CASTLES:
        assert not any(x in B.CASTLES for x in B.NEIGHBOURS[c])


def test_each_region_is_connected():
    """The 6 territories of a region form one connected area (bridges count as contiguity)."""
    for r in range(1, 7):
        cases = {B.territory(r, n) for n in range(1, 7)}
        seen, todo = {min(cases)}, [min(cases)]
        while todo:
            x = todo.pop()
            for y in B.NEIGHBOURS[x]:
                if y in cases and y not in seen:
                    seen.add(y)
                    todo.append(y)
        assert seen == cases, B.ROMAN[r - 1]


def test_the_island_is_connected():
    seen, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for y in B.NEIGHBOURS[x]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    assert len(seen) == B.N


def test_great_tunnel_joins_iii2_and_v6():
    """« Remarque: Les cases III/2 et V/6, reliées par le "grand tunnel" sont considérées comme contiguës. »"""
    assert B.link(I["III/2"], I["V/6"]) == "tunnel"
    assert B.link(I["V/6"], I["III/2"]) == "tunnel"


def test_river_crossed_only_at_bridges():
    """« Les cases séparées par le fleuve ne sont contiguës que lorsqu'elles sont reliées par un pont. »
    Cases on opposite banks (their hexagons not touching) are neighbours only through a bridge or the tunnel."""
    data = B.DATA
    cells = data["cell_centres"]
    size = data["hex"]

    def touching(a, b):
        return any(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 < size * 1.8
                   for x1, y1 in cells[a] for x2, y2 in cells[b])

    for i in range(B.N):
        for j in B.NEIGHBOURS[i]:
            kind = B.link(i, j)
            if kind == "land":
                assert touching(B.NAMES[i], B.NAMES[j])
            else:
                assert not touching(B.NAMES[i], B.NAMES[j]), (B.NAMES[i], B.NAMES[j])
    assert len(B.BRIDGES) >= 3
    for pair in B.BRIDGES:
        for c in pair:
            assert "river" in B.WATERS[c]


def test_boat_examples_are_legal():
    """« Exemple: Attaque de la case I/1, vers la case VI/2, de IV/4 vers IV/1 ou de IV/5 vers 5 »"""
    for a, b in (("I/1", "VI/2"), ("IV/4", "IV/1"), ("IV/5", "C5")):
        for mode in ("inland", "all"):
            assert I[a] in B.BOAT[mode] and I[b] in B.BOAT[mode]
        assert B.link(I[a], I[b]) == ""  # the boat is needed


def test_inner_sea_and_outer_sea():
    marnon = [B.NAMES[i] for i in range(B.N) if "marnon" in B.WATERS[i]]
    assert "I/1" in marnon and len(marnon) >= 4
    assert B.BOAT["inland"] < B.BOAT["all"]
    assert "sea" in B.WATERS[I["I/6"]]


def test_positions_named_by_the_rules():
    """« "Case 1" représente donc le château en haut à droite de l'île. » « La case 1/6 représente le territoire
    en bas à gauche, bordé par la mer. La case V/6 représente le territoire en haut à droite sur le plan, là où se
    trouve un tunnel. »"""
    cx = {c["name"]: c["centre"] for c in B.CASES}
    xs = [p[0] for p in cx.values()]
    ys = [p[1] for p in cx.values()]
    midx, midy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    assert cx["C1"][0] > midx and cx["C1"][1] < midy
    # nothing lies both further right and higher than castle 1
    assert not any(p[0] > cx["C1"][0] and p[1] < cx["C1"][1] for p in cx.values())
    assert cx["I/6"][0] < midx and cx["I/6"][1] > midy
    assert "sea" in B.WATERS[I["I/6"]]
    assert cx["V/6"][0] > midx and cx["V/6"][1] < midy


def test_ork_order_is_case_numbering():
    """« Ils attaquent d'abord à partir de la région I puis de la région II etc... Les derniers combattants
    partent des châteaux. »"""
    assert B.NAMES[:6] == ["I/1", "I/2", "I/3", "I/4", "I/5", "I/6"]
    assert B.NAMES[36:] == [f"C{k}" for k in range(1, 9)]


def test_board_file_has_drawing_geometry():
    data = json.loads((Path(__file__).resolve().parents[2] / "boards" / "thorval.json").read_text())
    for c in data["cases"]:
        assert c["outline"] and len(c["outline"][0]) >= 6
        assert len(c["centre"]) == 2
        assert c["target"] == c["name"].replace("/", "")


def test_board_file_is_what_the_sketch_builds():
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "py" / "plateau" / "games" / "thorval" / "mapgen.py"
    spec = importlib.util.spec_from_file_location("thorval_mapgen", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert json.loads(json.dumps(mod.build())) == B.DATA
