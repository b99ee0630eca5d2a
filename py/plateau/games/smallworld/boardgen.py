"""Plateau's own Small World boards, built by construction from a seed.

Two kinds of board come out of the same geometry:

* :func:`underground_board` — the Underground boards for 3, 4 and 5 players.
  Only the 2-player Underground board is known from a printed source
  (``boards/smallworld-graphs.json``, ``underground-2p``); the larger ones are
  Plateau's own and follow its structure scaled the way the printed base maps
  scale (rules notes §2, §2.5): chasms (some with the volcano), one river
  crossing from edge to edge, monster regions, five land terrains in equal
  shares, half the regions on the board edge.
* :func:`random_board` — the tournament's "plateau vide" (seed §8, rules
  notes §3.11): random regions mixing Small World and Underground terrain,
  with the Golden Knight and the Abominable Snow Thing.

Geometry: sites in a frame rectangle — a ring of sites along the frame (they
make the edge regions, so the number of entry regions is controlled) and
Lloyd-relaxed sites inside — whose Voronoi cells are clipped by half-planes.
Edges shorter than a minimum are collapsed to a point, so two regions are
neighbours exactly when their polygons share an edge of positive length;
shared edges are then bent a little (the same points for both sides, kept in
the triangle between the edge and each site, so polygons stay simple and never
overlap). The graph is read off the final polygons, hence drawing neighbours
and graph neighbours are the same thing.

Everything is pure Python, driven by :class:`plateau.core.rng.Rng` only, and
never iterates over a set or depends on dict order for a random choice, so a
seed gives the same board under CPython and Pyodide.

>>> b = underground_board(3)
>>> len(b["graph"]["regions"]), b["graph"]["players"]
(36, 3)
>>> random_board(2, 7) == random_board(2, 7)
True
"""

from __future__ import annotations

import math

from plateau.core.rng import Rng

__all__ = [
    "UNDERGROUND_SEEDS", "UNDERGROUND_REGIONS", "RANDOM_REGIONS", "BASE_ENTRIES",
    "BASE_TERRAINS", "UNDERGROUND_TERRAINS", "base_equivalent", "symbol_equivalent", "underground_board",
    "random_board", "TURNS",
]

W, H = 1200.0, 800.0  # the drawing size of the printed maps in smallworld-shapes.json
TURNS = {2: 10, 3: 10, 4: 9, 5: 8}
#: about 28/36/46/56 regions including chasms for 2/3/4/5 players (2p = the printed board).
UNDERGROUND_REGIONS = {2: 28, 3: 36, 4: 46, 5: 56}
#: legal first-conquest regions of the printed base maps (rules notes §2.5 table).
BASE_ENTRIES = {2: 14, 3: 16, 4: 21, 5: 25}
#: regions of the random board: the base map's count plus a few for river and chasms.
RANDOM_REGIONS = {2: 28, 3: 35, 4: 45, 5: 54}
#: fixed seeds of Plateau's Underground boards (boards/smallworld-underground.json).
UNDERGROUND_SEEDS = {3: 3003, 4: 4004, 5: 5005}

BASE_TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain")
UNDERGROUND_TERRAINS = ("mine", "mudpool", "mushroom_forest", "mystic_crystal", "black_mountain")
WATER = ("sea", "lake")

# Rules notes §2.4, "Terrain equivalences" (SWU rules, "Compatibility with Small World").
_EQUIVALENT = {
    "black_mountain": "mountain",
    "mudpool": "swamp",
    "mushroom_forest": "forest",
    "river": "sea",
}


def base_equivalent(terrain: str) -> str | None:
    """The Small World terrain an Underground terrain counts as (rules notes §2.4).

    Black Mountain ≡ Mountain, Mudpool ≡ Swamp, Mushroom Forest ≡ Forest; the
    River stands for the Seas/Lake in power texts (Seafaring ↔ River). Mines and
    Mystic Crystals are the Mine and Magic *symbols*, not terrains, and chasms
    have no counterpart: those give ``None``. Base terrains are returned as is.

    >>> base_equivalent("mudpool"), base_equivalent("forest"), base_equivalent("mine")
    ('swamp', 'forest', None)
    """
    if terrain in BASE_TERRAINS or terrain in WATER:
        return terrain
    return _EQUIVALENT.get(terrain)


def symbol_equivalent(terrain: str) -> str | None:
    """The Small World symbol an Underground terrain stands for (§2.4): Mine → mine, Mystic Crystal → magic."""
    return {"mine": "mine", "mystic_crystal": "magic"}.get(terrain)


# ----------------------------------------------------------------------------------------------
# Geometry


def _clip(poly, tags, a, b, c, tag):
    """Keep the part of ``poly`` where ``a*x + b*y <= c``; ``tags[k]`` names the constraint
    that made the edge poly[k] → poly[k+1]; the new edge gets ``tag``."""
    n = len(poly)
    out, otags = [], []
    eps = 1e-9
    fs = [a * px + b * py - c for px, py in poly]  # each vertex's side, computed once
    for k in range(n):
        px, py = poly[k]
        k1 = k + 1 if k + 1 < n else 0
        qx, qy = poly[k1]
        fp = fs[k]
        fq = fs[k1]
        pin, qin = fp <= eps, fq <= eps
        if pin:
            out.append((px, py))
            otags.append(tags[k])
            if not qin:
                t = fp / (fp - fq)
                out.append((px + t * (qx - px), py + t * (qy - py)))
                otags.append(tag)
        elif qin:
            t = fp / (fp - fq)
            out.append((px + t * (qx - px), py + t * (qy - py)))
            otags.append(tags[k])
    return out, otags


def _hypot(dx, dy):
    # sqrt is correctly rounded everywhere; math.hypot's algorithm has changed between versions
    return math.sqrt(dx * dx + dy * dy)


def _area(poly):
    s = 0.0
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def _centroid(poly):
    a = _area(poly)
    cx = cy = 0.0
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return (cx / (6 * a), cy / (6 * a))


def _cells(sites):
    """Clipped Voronoi cells: (polygon, edge tags) per site; tag j >= 0 is the bisector with
    site j, tags -1..-4 are the frame sides (top, right, bottom, left)."""
    frame = [(0.0, 0.0), (W, 0.0), (W, H), (0.0, H)]
    out = []
    for i, (xi, yi) in enumerate(sites):
        poly, tags = list(frame), [-1, -2, -3, -4]
        # nearest sites first; once a site is farther than twice the cell's reach, none cuts it
        # (a stable sort of the indices by distance: equal distances keep index order)
        dist = [(xj - xi) ** 2 + (yj - yi) ** 2 for xj, yj in sites]
        order = sorted(range(len(sites)), key=dist.__getitem__)
        reach = max([(x - xi) ** 2 + (y - yi) ** 2 for x, y in poly])
        for j in order:
            if j == i:
                continue
            d2 = dist[j]
            if d2 > 4 * reach:
                break
            xj, yj = sites[j]
            a, b = xj - xi, yj - yi
            c = (xj * xj + yj * yj - xi * xi - yi * yi) / 2
            # quick reject: the bisector is beyond every vertex of the current cell
            for x, y in poly:
                if a * x + b * y > c:
                    break
            else:
                continue
            poly, tags = _clip(poly, tags, a, b, c, j)
            if not poly:
                break
            reach = max([(x - xi) ** 2 + (y - yi) ** 2 for x, y in poly])
        out.append((poly, tags))
    return out


def _point_in(poly, x, y):
    inside = False
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def _clearance(poly, x, y):
    """Distance from (x, y) to the outline of ``poly``."""
    best = 1e300
    x1, y1 = poly[-1]
    for x2, y2 in poly:
        dx, dy = x2 - x1, y2 - y1
        L = dx * dx + dy * dy
        t = 0.0 if L == 0 else ((x - x1) * dx + (y - y1) * dy) / L
        t = 0.0 if t < 0 else 1.0 if t > 1 else t
        ex, ey = x - x1 - t * dx, y - y1 - t * dy
        d = ex * ex + ey * ey
        if d < best:
            best = d
        x1, y1 = x2, y2
    return math.sqrt(best)


def _on_frame(p, tol=1e-6):
    x, y = p
    return x <= tol or y <= tol or x >= W - tol or y >= H - tol


def _corner(p, tol=1e-6):
    x, y = p
    return (x <= tol or x >= W - tol) and (y <= tol or y >= H - tol)


class _Layout:
    """Polygons, graph and site of each region, before terrain is assigned."""

    def __init__(self, polys, sites, neighbours, edge_sides):
        self.polys = polys            # list of [[x, y], ...]
        self.sites = sites            # list of (x, y) inside each polygon
        self.neighbours = neighbours  # sorted lists
        self.edge_sides = edge_sides  # frame sides (0 top, 1 right, 2 bottom, 3 left) touched by an edge
        self.n = len(polys)

    @property
    def at_edge(self):
        return [bool(s) for s in self.edge_sides]


def _sites(rng, n, ring):
    """``ring`` sites fixed along an inset of the frame, the rest random inside."""
    per = 2 * (W + H)
    spacing = per / ring
    inset = min(0.42 * spacing, 0.2 * H)
    iw, ih = W - 2 * inset, H - 2 * inset
    iper = 2 * (iw + ih)
    off = rng.below(1000) / 1000.0
    sites = []
    for k in range(ring):
        s = ((k + off + (rng.below(1000) / 1000.0 - 0.5) * 0.3) / ring) % 1.0 * iper
        if s < iw:
            x, y = inset + s, inset
        elif s < iw + ih:
            x, y = W - inset, inset + s - iw
        elif s < 2 * iw + ih:
            x, y = W - inset - (s - iw - ih), H - inset
        else:
            x, y = inset, H - inset - (s - 2 * iw - ih)
        sites.append((x, y))
    fixed = len(sites)
    m = 2.2 * inset
    for _ in range(n - ring):
        sites.append((m + rng.below(10**6) / 1e6 * (W - 2 * m), m + rng.below(10**6) / 1e6 * (H - 2 * m)))
    return sites, fixed


def _build(rng, n, ring, lloyd=6):
    """One attempt at a layout; ``None`` when the cells come out badly shaped."""
    sites, fixed = _sites(rng, n, ring)
    for _ in range(lloyd):
        cells = _cells(sites)
        if any(len(p) < 3 for p, _ in cells):
            return None
        sites = sites[:fixed] + [_centroid(cells[i][0]) for i in range(fixed, n)]
    cells = _cells(sites)
    if any(len(p) < 3 for p, _ in cells):
        return None
    size = math.sqrt(W * H / n)
    lmin = 0.16 * size

    # unify vertices shared by several cells: a point is the first vertex closer than 1e-6 on
    # both axes, found among the vertices of its square of a grid and the eight around it
    # (squares of 1e-5, wider than the tolerance)
    verts = []
    vidx = []
    grid = {}
    for poly, _ in cells:
        ids = []
        for p in poly:
            px, py = p
            gx, gy = math.floor(px * 1e5), math.floor(py * 1e5)
            found = None
            for cx in (gx - 1, gx, gx + 1):
                for cy in (gy - 1, gy, gy + 1):
                    for k in grid.get((cx, cy), ()):
                        q = verts[k]
                        if abs(px - q[0]) < 1e-6 and abs(py - q[1]) < 1e-6 and (found is None or k < found):
                            found = k
            if found is None:
                found = len(verts)
                verts.append(p)
                grid.setdefault((gx, gy), []).append(found)
            ids.append(found)
        vidx.append(ids)

    # collapse edges shorter than lmin to a point (two regions that shared one then only touch)
    parent = list(range(len(verts)))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pos = list(verts)
    for _ in range(4):
        changed = False
        for ci, (poly, tags) in enumerate(cells):
            ids = vidx[ci]
            for k in range(len(ids)):
                a, b = find(ids[k]), find(ids[(k + 1) % len(ids)])
                if a == b:
                    continue
                pa, pb = pos[a], pos[b]
                if _hypot(pa[0] - pb[0], pa[1] - pb[1]) >= lmin:
                    continue
                fa, fb = _on_frame(pa), _on_frame(pb)
                if fa and fb:
                    # a short piece of the frame: keep the corner if there is one
                    ca, cb = _corner(pa), _corner(pb)
                    if ca and cb:
                        return None
                    if not (ca or cb) and tags[k] >= 0:
                        return None  # an inner edge from side to side: a cell cut off in a corner
                    new = pa if ca else pb if cb else ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                else:
                    new = pa if fa else pb if fb else ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                lo, hi = min(a, b), max(a, b)
                parent[hi] = lo
                pos[lo] = new
                changed = True
        if not changed:
            break
    polys_ids = []
    for ci in range(n):
        ids = [find(v) for v in vidx[ci]]
        clean = []
        for v in ids:
            if not clean or clean[-1] != v:
                clean.append(v)
        while len(clean) > 1 and clean[0] == clean[-1]:
            clean.pop()
        if len(clean) < 3 or len(set(clean)) != len(clean):
            return None
        polys_ids.append(clean)

    # edges → cells
    owners = {}
    for ci, ids in enumerate(polys_ids):
        for k in range(len(ids)):
            a, b = ids[k], ids[(k + 1) % len(ids)]
            owners.setdefault((min(a, b), max(a, b)), []).append(ci)
    for key, cs in owners.items():
        if len(cs) > 2:
            return None
        if len(cs) == 1 and not (_on_frame(pos[key[0]]) and _on_frame(pos[key[1]])):
            return None

    # size and shape checks: no tiny cells, no slivers
    mean = W * H / n
    for ci, ids in enumerate(polys_ids):
        poly = [pos[v] for v in ids]
        if _area(poly) < 0.45 * mean:
            return None
        if _area(poly) > 2.0 * mean:
            return None
        if _clearance(poly, *sites[ci]) < 0.26 * size:
            return None

    # bend shared edges (same points for both cells)
    bends = {}
    for (a, b), cs in sorted(owners.items()):
        if len(cs) != 2:
            continue
        pa, pb = pos[a], pos[b]
        pts = [pa, pb]
        for amp in (0.3, 0.14):
            new = [pts[0]]
            for k in range(len(pts) - 1):
                p, q = pts[k], pts[k + 1]
                mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                side = cs[rng.below(2)]
                sx, sy = sites[side]
                t = amp * (0.35 + 0.65 * rng.below(1000) / 1000.0)
                # never more than a fifth of the segment's length: no spikes on short edges
                d = _hypot(sx - mx, sy - my)
                seg = _hypot(q[0] - p[0], q[1] - p[1])
                t = min(t, 0.2 * seg / d) if d > 0 else 0.0
                new.append((mx + t * (sx - mx), my + t * (sy - my)))
                new.append(q)
            pts = new
        bends[(a, b)] = pts[1:-1]

    polys = []
    for ids in polys_ids:
        out = []
        for k in range(len(ids)):
            a, b = ids[k], ids[(k + 1) % len(ids)]
            out.append(pos[a])
            if (a, b) in bends:
                out.extend(bends[(a, b)])
            elif (b, a) in bends:
                out.extend(reversed(bends[(b, a)]))
        polys.append([[round(x, 1), round(y, 1)] for x, y in out])

    neighbours = [[] for _ in range(n)]
    sides = [[] for _ in range(n)]
    for (a, b), cs in sorted(owners.items()):
        if len(cs) == 2:
            i, j = cs
            neighbours[i].append(j)
            neighbours[j].append(i)
        else:
            (pa, pb), ci = (pos[a], pos[b]), cs[0]
            for s, f in enumerate((lambda p: p[1] <= 1e-6, lambda p: p[0] >= W - 1e-6,
                                   lambda p: p[1] >= H - 1e-6, lambda p: p[0] <= 1e-6)):
                if f(pa) and f(pb) and s not in sides[ci]:
                    sides[ci].append(s)

    # number regions left to right, top to bottom (in bands), like the printed maps
    rows = max(1, round(math.sqrt(n * H / W)))
    band = H / rows
    order = sorted(range(n), key=lambda c: (int(sites[c][1] // band), sites[c][0], sites[c][1]))
    new_id = [0] * n
    for k, c in enumerate(order):
        new_id[c] = k
    lay = _Layout(
        [polys[c] for c in order],
        [sites[c] for c in order],
        [sorted(new_id[j] for j in neighbours[c]) for c in order],
        [sorted(sides[c]) for c in order],
    )
    return lay


def _layout(rng, n, ring):
    for _ in range(400):
        lay = _build(rng, n, ring)
        if lay is not None:
            return lay
    raise RuntimeError("no layout found")  # pragma: no cover - never seen over thousands of seeds


# ----------------------------------------------------------------------------------------------
# Graph helpers


def _connected(nodes, neighbours):
    nodes = list(nodes)
    if not nodes:
        return True
    keep = set(nodes)
    seen = {nodes[0]}
    stack = [nodes[0]]
    while stack:
        v = stack.pop()
        for w in neighbours[v]:
            if w in keep and w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(keep)


def _independent(rng, candidates, count, neighbours, banned=(), max_edge=None, at_edge=None):
    """``count`` pairwise non-adjacent regions from ``candidates`` (random, retried)."""
    for _ in range(200):
        pool = rng.shuffled(candidates)
        chosen = []
        blocked = set(banned)
        edge_n = 0
        for r in pool:
            if r in blocked:
                continue
            if max_edge is not None and at_edge[r] and edge_n >= max_edge:
                continue
            chosen.append(r)
            edge_n += at_edge[r] if at_edge else 0
            blocked.add(r)
            blocked.update(neighbours[r])
            if len(chosen) == count:
                return sorted(chosen)
    return None


def _river(rng, lay, length):
    """A river of ``length`` regions: its two ends on the edge (different sides), the rest inside,
    along a shortest path through inner regions."""
    nb, edge = lay.neighbours, lay.at_edge
    cands = []
    for s in range(lay.n):
        if not edge[s]:
            continue
        dist = {s: 0}
        prev = {s: []}
        frontier = [s]
        while frontier:
            nxt = []
            for v in frontier:
                for w in nb[v]:
                    if edge[w]:
                        continue
                    if w not in dist:
                        dist[w] = dist[v] + 1
                        prev[w] = [v]
                        nxt.append(w)
                    elif dist[w] == dist[v] + 1:
                        prev[w].append(v)
            frontier = nxt
        for t in range(s + 1, lay.n):
            if not edge[t] or t in nb[s] or set(lay.edge_sides[s]) & set(lay.edge_sides[t]):
                continue
            ends = [u for u in nb[t] if u in dist and u != s and dist[u] == length - 2]
            # t must not be closer through another inner region
            if ends and all(dist[u] >= length - 2 for u in nb[t] if u in dist and u != s):
                cands.append((s, t, ends, prev))
    if not cands:
        return None
    # the river crosses the board: keep the third of the candidates whose ends are farthest apart
    def apart(c):
        (x1, y1), (x2, y2) = lay.sites[c[0]], lay.sites[c[1]]
        return (-_hypot(x2 - x1, y2 - y1), c[0], c[1])

    cands.sort(key=apart)
    s, t, ends, prev = rng.choice(cands[: max(1, len(cands) // 3)])
    path = [t]
    v = rng.choice(sorted(ends))
    while v != s:
        path.append(v)
        v = rng.choice(sorted(prev[v]))
    path.append(s)
    path.reverse()
    # an induced path: no shortcuts between non-consecutive river regions
    for i in range(len(path)):
        for j in range(i + 2, len(path)):
            if path[j] in nb[path[i]]:
                return None
    return path


def _fill(rng, regions, terrains, neighbours, terrain):
    """Equal shares of ``terrains`` over ``regions``, avoiding equal neighbours where possible."""
    n = len(regions)
    quota = [n // len(terrains)] * len(terrains)
    extra = rng.shuffled(list(range(len(terrains))))[: n % len(terrains)]
    for k in extra:
        quota[k] += 1
    for r in rng.shuffled(regions):
        best, score = [], None
        for k, t in enumerate(terrains):
            if quota[k] == 0:
                continue
            same = sum(1 for w in neighbours[r] if terrain[w] == t)
            if score is None or same < score:
                best, score = [k], same
            elif same == score:
                best.append(k)
        k = rng.choice(best)
        terrain[r] = terrains[k]
        quota[k] -= 1


def _graph_and_shapes(lay, players, terrain, symbols, lost_tribe, entry, shore, extra=None, shapes=True):
    regions = []
    for r in range(lay.n):
        regions.append({
            "id": r,
            "terrain": terrain[r],
            "symbols": list(symbols[r]),
            "lost_tribe": bool(lost_tribe[r]),
            "at_edge": lay.at_edge[r],
            "border_sea_shore": bool(shore[r]),
            "first_conquest_ok": bool(entry[r]),
            "neighbours": list(lay.neighbours[r]),
        })
    borders = [[a, b] for a in range(lay.n) for b in lay.neighbours[a] if a < b]
    graph = {"players": players, "turns": TURNS[players]}
    if extra:
        graph.update(extra)
    graph["regions"] = regions
    graph["borders"] = borders

    def region(r):
        """Region ``r``'s drawing: its outline and its spots (no chance in them)."""
        marks = len(symbols[r]) + (terrain[r] in ("mountain", "black_mountain")) + bool(lost_tribe[r])
        return dict(_spots(lay.polys[r], lay.sites[r], marks), polygon=lay.polys[r])

    if not shapes:  # the rules need the graph only; a region's drawing is made when asked for
        return {"graph": graph, "shapes": None, "region": region, "size": (int(W), int(H)), "polygons": lay.polys}
    spots = {str(r): region(r) for r in range(lay.n)}
    return {"graph": graph, "shapes": {"width": int(W), "height": int(H), "regions": spots}}


_R3 = math.sqrt(3) / 2  # sqrt is correctly rounded on every platform; cos and sin are not
#: the twelve directions every 30 degrees
_DIRECTIONS = ((1.0, 0.0), (_R3, 0.5), (0.5, _R3), (0.0, 1.0), (-0.5, _R3), (-_R3, 0.5),
               (-1.0, 0.0), (-_R3, -0.5), (-0.5, -_R3), (0.0, -1.0), (0.5, -_R3), (_R3, -0.5))
ICON = 31  # spacing of the printed icons drawn in a row at ``mark`` (as in mapdraw)


def _spots(poly, site, marks):
    """``anchor`` (token stack: room around it, near the middle), ``label`` (region number, beside
    the stack, preferably above) and ``mark`` (a row of ``marks`` printed icons, clear of both),
    the same roles as in smallworld-shapes.json."""
    cx, cy = _centroid(poly)
    if not _point_in(poly, cx, cy):
        cx, cy = site
    size = math.sqrt(abs(_area(poly)))
    step = size / 8
    best = None
    for i in range(-2, 3):
        for j in range(-2, 3):
            x, y = cx + i * step, cy + j * step
            if not _point_in(poly, x, y):
                continue
            sc = min(_clearance(poly, x, y), 38) * 2 - 0.12 * _hypot(x - cx, y - cy)
            if best is None or sc > best[0]:
                best = (sc, x, y)
    ax, ay = best[1], best[2]

    def ring(radii):
        for rad in radii:
            for ux, uy in _DIRECTIONS:
                yield rad, ax + rad * ux, ay + rad * uy

    best = None
    for rad, x, y in ring((46, 38, 54)):
        if not _point_in(poly, x, y):
            continue
        c = _clearance(poly, x, y)
        sc = min(c, 19) * 4 - abs(rad - 46) - 0.25 * max(y - ay + 10, 0) - 300 * (c < 16)
        if best is None or sc > best[0]:
            best = (sc, x, y)
    lx, ly = (best[1], best[2]) if best else (ax, ay)
    n = max(1, marks)
    offs = [(k - (n - 1) / 2) * ICON for k in range(n)]
    best = spare = None
    for rad, x, y in ring((50, 42, 60, 36, 70)):
        if not _point_in(poly, x, y):
            continue
        clear = near_a = near_l = 1e9
        inside = 0
        for o in offs:
            if _point_in(poly, x + o, y):
                inside += 1
                clear = min(clear, _clearance(poly, x + o, y))
            near_a = min(near_a, _hypot(x + o - ax, y - ay))
            near_l = min(near_l, _hypot(x + o - lx, y - ly))
        if inside < n:
            # a row too long for a small region: the most icons inside, away from the stack
            sc = (inside, near_a >= 34, min(clear, 19))
            if spare is None or sc > spare[0]:
                spare = (sc, x, y)
            continue
        sc = (min(clear, 19) * 4 - abs(near_a - 50) - 0.5 * max(30 - near_l, 0)
              - 1000 * (near_a < 38 or near_l < 30) - 300 * (clear < 18))
        if best is None or sc > best[0]:
            best = (sc, x, y)
    best = best or spare
    mx, my = (best[1], best[2]) if best else (ax, ay)
    r1 = lambda v: round(v, 1)  # noqa: E731
    return {"label": [r1(lx), r1(ly)], "anchor": [r1(ax), r1(ay)], "mark": [r1(mx), r1(my)]}


# ----------------------------------------------------------------------------------------------
# Underground boards


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a board's seed is a whole number, not {seed!r}")


def _underground_recipe(players):
    n = UNDERGROUND_REGIONS[players]
    chasms = round(5 * n / 28)                     # 2p: 5 chasms in 28 regions
    return {
        "regions": n,
        "chasms": chasms,
        "edge_chasms": round(chasms * 4 / 5),      # 2p: 4 of 5 on the edge
        "volcanoes": round(chasms * 2 / 5),        # 2p: 2 of 5 show the volcano
        "river": round(3 * n / 28 + 0.49),        # 2p: 3 River regions → 4, 5, 6
        "monsters": players + 2,                   # 2p: 4; at most 7 (14 Monster tokens, 2 each)
        "edge_monsters": max(1, round((players + 2) / 4)),  # 2p: 1 of 4 on the edge
        "ring": round(n / 2),                      # 2p: 14 of 28 regions on the edge
    }


def underground_board(players: int, seed: int | None = None) -> dict:
    """Plateau's Underground board for ``players`` (3–5; 2 is accepted for comparison with the
    printed board). ``seed`` defaults to the fixed seed of the checked-in board."""
    if players not in UNDERGROUND_REGIONS or isinstance(players, bool):
        raise ValueError(f"Underground boards exist for 2 to 5 players, not {players!r}")
    if seed is None:
        seed = UNDERGROUND_SEEDS.get(players, 2002)
    _check_seed(seed)
    rec = _underground_recipe(players)
    rng = Rng(seed)
    for _ in range(400):
        lay = _layout(rng, rec["regions"], rec["ring"])
        for _ in range(25):
            board = _underground_terrain(rng, lay, players, rec)
            if board is not None:
                return board
    raise RuntimeError("no Underground board found")  # pragma: no cover


def _blockers(rng, candidates, count, nb, blocked, n):
    """Add ``count`` impassable regions (chasms, seas, lakes) from ``candidates``, one at a time in
    random order: never two side by side, and each keeps the passable regions connected with at
    least two passable neighbours each (no dead-end pockets)."""
    chosen = []
    for r in rng.shuffled(candidates):
        if len(chosen) == count:
            break
        if r in blocked or any(w in blocked for w in nb[r]):
            continue
        trial = blocked | {r}
        land = [v for v in range(n) if v not in trial]
        if any(sum(1 for w in nb[v] if w not in trial) < 2 for v in land):
            continue
        if not _connected(land, nb):
            continue
        blocked.add(r)
        chosen.append(r)
    return sorted(chosen) if len(chosen) == count else None


def _underground_terrain(rng, lay, players, rec):
    n, nb, edge = lay.n, lay.neighbours, lay.at_edge
    river = _river(rng, lay, rec["river"])
    if river is None:
        return None
    terrain = [None] * n
    for r in river:
        terrain[r] = "river"
    # chasms: never two side by side, never on or beside the river, the rest stays connected
    near_river = set(river) | {w for r in river for w in nb[r]}
    blocked = set()
    free_edge = [r for r in range(n) if edge[r] and r not in near_river]
    free_in = [r for r in range(n) if not edge[r] and r not in near_river]
    ce = _blockers(rng, free_edge, rec["edge_chasms"], nb, blocked, n)
    if ce is None:
        return None
    ci = _blockers(rng, free_in, rec["chasms"] - rec["edge_chasms"], nb, blocked, n)
    if ci is None:
        return None
    chasms = sorted(ce + ci)
    for c in chasms:
        terrain[c] = "chasm"
    symbols = [[] for _ in range(n)]
    vol = rng.shuffled(ci)[:1] + rng.shuffled(ce)
    for c in sorted(vol[: rec["volcanoes"]]):
        symbols[c].append("volcano")
    # monster regions: pairwise apart, mostly inside, never on the river
    plain = [r for r in range(n) if terrain[r] is None]
    mon = _independent(rng, plain, rec["monsters"], nb, max_edge=rec["edge_monsters"], at_edge=edge)
    if mon is None:
        return None
    for r in mon:
        symbols[r].append("monster")
    _fill(rng, plain, UNDERGROUND_TERRAINS, nb, terrain)
    entry = [edge[r] and terrain[r] != "chasm" for r in range(n)]
    false = [False] * n
    return _graph_and_shapes(lay, players, terrain, symbols, false, entry, false,
                             extra={"kind": "underground", "generated": True})


# ----------------------------------------------------------------------------------------------
# The random board ("plateau vide")


def random_board(players: int, seed: int, shapes: bool = True) -> dict:
    """The tournament's empty board (seed §8, rules notes §3.11) for ``players`` (2–5).

    Land regions take any of the ten terrains of both games; water is a sea or two on the
    edge, sometimes a lake, a short river and a few chasms (one may show the volcano).
    Base-terrain regions carry the usual symbols (cavern, magic, mine) and Lost Tribes.
    Printed monster regions (``monster`` symbol, 2 Monster tokens each) number players + 1,
    as the compatibility rule gives on base maps (§2.4); the Golden Knight (a monster
    worth 2, +5 at game end) and the Abominable Snow Thing (1 + reinforcement die, +3 at
    game end) each have their own region, recorded as region symbols ``golden_knight`` and
    ``snow_thing`` and in the map's ``specials``. Monster and special regions are never
    side by side, never entry regions, and the Snow Thing has a land neighbour to move to.
    There are at least as many entry regions as on the base map for the same count.
    ``shapes=False``: the graph alone (``"shapes"`` is ``None``), the same graph, sooner, and
    ``"region"``, a function giving region ``r``'s entry of ``"shapes"`` (its outline and spots),
    and ``"polygons"``, the outlines alone, for a drawing that needs only some of them.
    """
    if players not in RANDOM_REGIONS or isinstance(players, bool):
        raise ValueError(f"random boards exist for 2 to 5 players, not {players!r}")
    _check_seed(seed)
    rng = Rng(seed)
    n = RANDOM_REGIONS[players]
    ring = max(round(n / 2), BASE_ENTRIES[players] + 3)
    for _ in range(400):
        lay = _layout(rng, n, ring)
        for _ in range(25):
            board = _random_terrain(rng, lay, players, shapes)
            if board is not None:
                return board
    raise RuntimeError("no random board found")  # pragma: no cover


def _random_terrain(rng, lay, players, shapes=True):
    n, nb, edge = lay.n, lay.neighbours, lay.at_edge
    terrain = [None] * n
    # a short river (3–4 regions) from edge to edge
    river = _river(rng, lay, 3 + rng.below(2))
    if river is None:
        return None
    for r in river:
        terrain[r] = "river"
    near_river = set(river) | {w for r in river for w in nb[r]}
    blocked = set()
    # 1–2 seas on the edge, a lake inside half the time, 1–3 chasms inside
    seas = _blockers(rng, [r for r in range(n) if edge[r] and r not in near_river], 1 + rng.below(2), nb,
                     blocked, n)
    if seas is None:
        return None
    for r in seas:
        terrain[r] = "sea"
    if rng.below(2):
        lake = _blockers(rng, [r for r in range(n) if not edge[r] and r not in near_river], 1, nb, blocked, n)
        if lake is None:
            return None
        terrain[lake[0]] = "lake"
    ch = _blockers(rng, [r for r in range(n) if not edge[r] and r not in near_river], 1 + rng.below(3), nb,
                   blocked, n)
    if ch is None:
        return None
    for r in ch:
        terrain[r] = "chasm"
    symbols = [[] for _ in range(n)]
    if rng.below(2):
        symbols[ch[0]].append("volcano")
    land = [r for r in range(n) if r not in blocked]
    shore = [terrain[r] not in ("sea", "lake") and any(terrain[w] == "sea" and edge[w] for w in nb[r])
             for r in range(n)]
    entry = [r not in blocked and (edge[r] or shore[r]) for r in range(n)]
    if sum(entry) < BASE_ENTRIES[players]:
        return None
    # the other land regions: ten terrains, equal shares, in random order
    plain = [r for r in land if terrain[r] is None]
    mixed = list(BASE_TERRAINS + UNDERGROUND_TERRAINS)
    _fill(rng, plain, mixed, nb, terrain)
    # the two specials inside (not entry regions), the Snow Thing with somewhere to go;
    # then players + 1 monster regions, at most a quarter of them on entry regions;
    # all of them pairwise apart
    inner = [r for r in plain if not entry[r]
             and sum(1 for w in nb[r] if w in land and terrain[w] != "river") >= 2]
    sp = _independent(rng, inner, 2, nb)
    if sp is None:
        return None
    knight, snow = rng.shuffled(sp)
    monsters = _independent(rng, plain, players + 1, nb, banned=sp + nb[knight] + nb[snow],
                            max_edge=max(1, (players + 1) // 4), at_edge=entry)
    if monsters is None:
        return None
    for r in monsters:
        symbols[r].append("monster")
    symbols[knight].append("golden_knight")
    symbols[snow].append("snow_thing")
    # symbols and Lost Tribes on base-terrain regions, about as often as on the base maps
    base = [r for r in plain if terrain[r] in BASE_TERRAINS]
    k = round(len(base) / 5)
    marked = rng.shuffled(base)  # one symbol at most per region, as on the printed maps
    for i, sym in enumerate(("cavern", "magic", "mine")):
        for r in marked[i * k: (i + 1) * k]:
            symbols[r].append(sym)
    taken = set(monsters) | {knight, snow}
    lost = [False] * n
    for r in rng.shuffled([r for r in base if r not in taken])[: round(len(base) * 0.35)]:
        lost[r] = True
    for r in range(n):
        symbols[r].sort()
    extra = {
        "kind": "random",
        "monsters": "printed",
        "specials": {
            "golden_knight": {"region": knight, "strength": 2, "vp": 5},
            "snow_thing": {"region": snow, "strength": 1, "reinforcement_die": True, "vp": 3},
        },
    }
    return _graph_and_shapes(lay, players, terrain, symbols, lost, entry, shore, extra=extra, shapes=shapes)
