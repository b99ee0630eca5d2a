"""Small World board drawings: the shapes in boards/smallworld-shapes.json
agree with the region graphs in boards/smallworld-graphs.json.

Issue, Small World base game item 2: "Every border in the data is a shared
edge in the drawing and regions that are not neighbours share no edge
(touching at a point is allowed) — a test checks this on the shapes, because
players judge adjacency by looking." Rules notes §2.5 lists the maps.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from plateau.core.boards import load_board
from plateau.games.smallworld import mapdraw

GRAPHS = load_board("smallworld-graphs.json")["maps"]
SHAPES = load_board("smallworld-shapes.json")["maps"]
MAPS = sorted(GRAPHS)
EPS = 1e-6


def polys(mid):
    return {int(k): [tuple(p) for p in v["polygon"]] for k, v in SHAPES[mid]["regions"].items()}


def borders(mid):
    return {frozenset(b) for b in GRAPHS[mid]["borders"]}


def edges_of(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def area(poly):
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in edges_of(poly)) / 2


def orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def collinear_overlap(s, t):
    """Length of the common part of two segments (0 unless collinear)."""
    (a, b), (c, d) = s, t
    if abs(orient(a, b, c)) > EPS or abs(orient(a, b, d)) > EPS:
        return 0.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    if L2 == 0:
        return 0.0
    tc = ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / L2
    td = ((d[0] - a[0]) * dx + (d[1] - a[1]) * dy) / L2
    lo, hi = max(0.0, min(tc, td)), min(1.0, max(tc, td))
    return max(0.0, hi - lo) * L2 ** 0.5


def crosses(s, t):
    """Segments meet somewhere other than at a shared endpoint."""
    (a, b), (c, d) = s, t
    if max(a[0], b[0]) < min(c[0], d[0]) or max(c[0], d[0]) < min(a[0], b[0]) \
            or max(a[1], b[1]) < min(c[1], d[1]) or max(c[1], d[1]) < min(a[1], b[1]):
        return False
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if collinear_overlap(s, t) > EPS:
        return True
    if {a, b} & {c, d}:
        return False
    if (o1 > 0) != (o2 > 0) and (o3 > 0) != (o4 > 0) and 0 not in (o1, o2, o3, o4):
        return True
    # an endpoint lying on the other segment
    for p, (q, r) in ((c, s), (d, s), (a, t), (b, t)):
        if abs(orient(q, r, p)) <= EPS and min(q[0], r[0]) - EPS <= p[0] <= max(q[0], r[0]) + EPS \
                and min(q[1], r[1]) - EPS <= p[1] <= max(q[1], r[1]) + EPS:
            return True
    return False


def inside(poly, x, y):
    res = False
    for (x1, y1), (x2, y2) in edges_of(poly):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            res = not res
    return res


def shared_length(p, q):
    """Total length of boundary common to polygons p and q."""
    ep = edges_of(p)
    eq = edges_of(q)
    bq = [(min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in eq]
    total = 0.0
    for s in ep:
        x0, x1 = min(s[0][0], s[1][0]), max(s[0][0], s[1][0])
        y0, y1 = min(s[0][1], s[1][1]), max(s[0][1], s[1][1])
        for t, (u0, u1, v0, v1) in zip(eq, bq):
            if u0 <= x1 and x0 <= u1 and v0 <= y1 and y0 <= v1:
                total += collinear_overlap(s, t)
    return total


def bbox(poly):
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), max(xs), min(ys), max(ys)


@pytest.mark.parametrize("mid", MAPS)
def test_every_region_has_a_shape(mid):
    ids = {r["id"] for r in GRAPHS[mid]["regions"]}
    assert set(polys(mid)) == ids
    for k, v in SHAPES[mid]["regions"].items():
        assert len(v["polygon"]) >= 3
        for key in ("label", "anchor", "mark"):
            assert len(v[key]) == 2, (mid, k, key)
        assert all(len(p) == 2 for p in v["icons"])


@pytest.mark.parametrize("mid", MAPS)
def test_borders_are_shared_edges_and_non_neighbours_share_none(mid):
    """Issue item 2: a border is a shared edge of positive length; regions that
    are not neighbours share no edge (a point is allowed)."""
    P = polys(mid)
    B = borders(mid)
    boxes = {k: bbox(p) for k, p in P.items()}
    for a, b in itertools.combinations(sorted(P), 2):
        (ax0, ax1, ay0, ay1), (bx0, bx1, by0, by1) = boxes[a], boxes[b]
        near = ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1
        length = shared_length(P[a], P[b]) if near else 0.0
        if frozenset((a, b)) in B:
            assert length >= 10, f"{mid}: border {a}-{b} drawn {length:.1f} long"
        else:
            assert length < EPS, f"{mid}: {a} and {b} are not neighbours but share {length:.1f}"


@pytest.mark.parametrize("mid", MAPS)
def test_polygons_are_simple_and_tile_the_frame(mid):
    P = polys(mid)
    W, H = SHAPES[mid]["width"], SHAPES[mid]["height"]
    for k, p in P.items():
        assert len(set(p)) == len(p), f"{mid}: region {k} repeats a point"
        for x, y in p:
            assert -EPS <= x <= W + EPS and -EPS <= y <= H + EPS, (mid, k, x, y)
        es = edges_of(p)
        for i, j in itertools.combinations(range(len(es)), 2):
            if j == i + 1 or (i == 0 and j == len(es) - 1):
                continue  # consecutive edges share their common point
            assert not crosses(es[i], es[j]), f"{mid}: region {k} crosses itself near {es[i]}"
    # areas add up to the frame, and sample points fall in exactly one region
    total = sum(abs(area(p)) for p in P.values())
    assert abs(total - W * H) < 1e-6 * W * H + 1, (mid, total, W * H)
    boxes = {k: bbox(p) for k, p in P.items()}
    for gx in range(1, 40):
        for gy in range(1, 27):
            x, y = W * (gx + 0.123) / 40, H * (gy + 0.377) / 27
            hits = [k for k, p in P.items()
                    if boxes[k][0] <= x <= boxes[k][1] and boxes[k][2] <= y <= boxes[k][3] and inside(p, x, y)]
            assert len(hits) == 1, f"{mid}: point {x:.1f},{y:.1f} is in regions {hits}"


@pytest.mark.parametrize("mid", MAPS)
def test_label_anchor_and_mark_lie_inside_their_region(mid):
    P = polys(mid)
    for k, v in SHAPES[mid]["regions"].items():
        for key in ("label", "anchor", "mark"):
            assert inside(P[int(k)], *v[key]), (mid, k, key)
        ax, ay = v["anchor"]
        lx, ly = v["label"]
        assert (ax - lx) ** 2 + (ay - ly) ** 2 >= 30 ** 2, f"{mid}: label of {k} on its token stack"


@pytest.mark.parametrize("mid", MAPS)
def test_printed_icons_are_inside_and_clear_of_number_and_stack(mid):
    g = mapdraw.geometry(mid)
    for rid in g.ids:
        icons = g.icons(rid)
        assert [k for k, _, _ in icons] == g.marks(rid)
        for i, (k, x, y) in enumerate(icons):
            assert inside(g.polygon(rid), x, y), (mid, rid, k)
            assert math.dist((x, y), g.label(rid)) >= 26, (mid, rid, "icon on the number")
            assert math.dist((x, y), g.anchor(rid)) >= 34, (mid, rid, "icon under the token stack")
            for _, x2, y2 in icons[i + 1:]:
                assert math.dist((x, y), (x2, y2)) >= mapdraw.ICON_SIZE, (mid, rid, "icons overlap")


@pytest.mark.parametrize("mid", MAPS)
def test_geometry_api(mid):
    g = mapdraw.geometry(mid)
    assert g is mapdraw.geometry(mid)
    assert (g.width, g.height) == (SHAPES[mid]["width"], SHAPES[mid]["height"])
    for r in GRAPHS[mid]["regions"]:
        rid = r["id"]
        assert set(g.neighbours(rid)) == set(r["neighbours"])
        assert g.anchor(rid) == tuple(SHAPES[mid]["regions"][str(rid)]["anchor"])
        assert g.label(str(rid)) == g.label(rid)
        d = g.path(rid)
        assert d.startswith("M") and d.endswith("z") and d.count("l") == 1
        nums = [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", d)]
        pts = [(nums[0], nums[1])]
        for dx, dy in zip(nums[2::2], nums[3::2]):
            pts.append((round(pts[-1][0] + dx, 1), round(pts[-1][1] + dy, 1)))
        assert pts == [tuple(p) for p in SHAPES[mid]["regions"][str(rid)]["polygon"]]


@pytest.mark.parametrize("mid", MAPS)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_terrain_layer_is_svg_with_one_path_per_region(mid, lang):
    frag = mapdraw.terrain_layer(mid, lang)
    assert frag is mapdraw.terrain_layer(mid, lang)
    assert not frag.startswith("<svg")
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{frag}</svg>')
    ns = "{http://www.w3.org/2000/svg}"
    (g,) = list(root)
    assert g.tag == ns + "g"
    tagged = [e.get("data-region") for e in root.iter(ns + "path") if e.get("data-region") is not None]
    assert sorted(tagged, key=int) == [str(r["id"]) for r in GRAPHS[mid]["regions"]]
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and all(i.startswith("sw-") for i in ids)
    # every terrain present has its texture, every symbol is drawn
    for r in GRAPHS[mid]["regions"]:
        assert f'id="sw-tx-{r["terrain"]}"' in frag
    numbers = [e.text for e in root.iter(ns + "text")]
    assert sorted(numbers, key=int) == [str(r["id"]) for r in GRAPHS[mid]["regions"]]
    # the region titles name the terrain in the chosen language
    titles = [e.text for e in root.iter(ns + "title")]
    r0 = GRAPHS[mid]["regions"][0]
    assert titles[0].startswith(f'0 · {mapdraw.terrain_name(r0["terrain"], lang)}')


@pytest.mark.parametrize("mid", MAPS)
def test_printed_marks_match_the_graph(mid):
    g = mapdraw.geometry(mid)
    for r in GRAPHS[mid]["regions"]:
        kinds = g.marks(r["id"])
        assert set(r["symbols"]) <= set(kinds)
        assert ("lost_tribe" in kinds) == bool(r.get("lost_tribe"))
        assert ("mountain" in kinds) == (r["terrain"] in ("mountain", "black_mountain"))
    frag = mapdraw.terrain_layer(mid)
    n_lt = sum(1 for r in GRAPHS[mid]["regions"] if r.get("lost_tribe"))
    n_mt = sum(1 for r in GRAPHS[mid]["regions"] if r["terrain"] in ("mountain", "black_mountain"))
    assert frag.count('class="sw-lost-tribe"') == n_lt
    assert frag.count('class="sw-mountain"') == n_mt


def test_thumbnail_is_a_complete_svg():
    for mid in MAPS:
        svg = mapdraw.thumbnail(mid, size=200)
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("width") == "200"
        assert len(list(root.iter("{http://www.w3.org/2000/svg}path"))) >= len(GRAPHS[mid]["regions"])
        assert 'id="' not in svg


@pytest.mark.parametrize("players", [2, 5])
def test_a_random_boards_thumbnail_marks_its_mountains_without_making_the_spots(players):
    """The tournament's overview shows a thumbnail per table as it opens: a Mountain region gets
    its mark inside the region, and no region's spots are made for it (they are made when the
    board itself is drawn; finding them for every region is most of a board's drawing)."""
    from plateau.games.smallworld.boardgen import _point_in

    for seed in (3, 41, 977):
        mid = f"random-{players}p-{seed}"
        mapdraw._GRAPHS.clear()
        mapdraw.geometry.cache_clear()
        mapdraw.thumbnail.cache_clear()
        svg = mapdraw.thumbnail(mid, size=200)
        g = mapdraw.geometry(mid)
        assert g._shape == {}  # no region's spots made
        mountains = [r for r in g.ids if "mountain" in g.marks(r)]
        peaks = re.findall(r'<path d="M(-?[\d.]+) (-?[\d.]+)l22-32 22 32z"', svg)
        assert len(peaks) == len(mountains)
        for r, (x, y) in zip(mountains, peaks):
            # the peak's base from x to x + 44 at y; its middle is the point chosen
            assert _point_in(g._polygon(r), float(x) + 22, float(y) - 14)
        g.anchor(mountains[0])  # once the spots are made, the mark is the printed one
        assert g.middle(mountains[0]) == g.mark(mountains[0])


def test_names_in_both_languages():
    terrains = {r["terrain"] for m in GRAPHS.values() for r in m["regions"]}
    for t in terrains:
        fr, en = mapdraw.terrain_name(t, "fr"), mapdraw.terrain_name(t, "en")
        assert fr and en
    assert mapdraw.terrain_name("forest", "fr") == "Forêt"
    assert mapdraw.terrain_name("chasm", "en") == "Abysmal Chasm"
    symbols = {s for m in GRAPHS.values() for r in m["regions"] for s in r["symbols"]}
    for s in symbols | {"lost_tribe", "mountain"}:
        assert mapdraw.symbol_name(s, "fr") and mapdraw.symbol_name(s, "en")


def test_marker_helpers_are_svg_fragments():
    for frag in (mapdraw.lost_tribe_icon(10, 20), mapdraw.mountain_icon(5, 5, 30),
                 mapdraw.mountain_icon(5, 5, dark=True), mapdraw.lost_tribe_icon(0, 0, 40, printed=True)):
        ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{frag}</svg>')


def test_unknown_map_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown Small World map"):
        mapdraw.geometry("base-9p")


def test_docstring_examples():
    import doctest

    result = doctest.testmod(mapdraw)
    assert result.attempted > 0 and result.failed == 0
