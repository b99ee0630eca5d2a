"""Builds ``boards/smallworld-shapes.json``: a drawn shape for every region of
the Small World boards, computed from the region graphs in
``boards/smallworld-graphs.json``.

Run ``python3 scripts/smallworld_shapes.py`` from the repository root. It needs
networkx and numpy (``pip install networkx numpy``) and is not part of the
build: its output is checked in.

Method:

1. The region graph plus a virtual ``outside`` vertex joined to every region
   that touches the board edge is planar; its embedding fixes the cyclic order
   of the edge regions and the faces (places where three regions meet).
2. The edge regions go, in that order, on a rounded rectangle (a superellipse,
   strictly convex) inside the frame; the other regions are placed by a
   weighted barycentric (Tutte) drawing, which is planar for any positive
   weights. The weights are then adjusted over many rounds so that the cells
   get the sizes wanted (seas larger), and the rotation/start that best
   follows the printed numbering (rows top to bottom, left to right) is kept.
3. Each region's cell is the star of its vertex in the barycentric
   subdivision: the midpoints of its edges and the centroids of the faces
   around it. Two regions share a border exactly when they are neighbours; a
   face where four regions meet gives a single common point. Edge regions are
   carried out to the frame by radial projection.
4. The drawn map is relaxed like a soap froth (borders pull tight, cells
   push toward their wanted area, frame points slide along the frame), every
   step checked so that no borders cross.
5. Every border piece is replaced by one deterministic wiggly polyline used
   by both cells, so shared borders stay exactly shared; the wiggle is
   reduced where it would make cells cross.
6. Each cell gets an ``anchor`` (the widest spot, for the token stack), a
   ``label`` point (region number) and ``icons`` points (printed symbols,
   Mountain marker, Lost Tribe sigil; ``mark`` is their centre), found by
   sampling the cell.

The output is deterministic: running the script again gives the same file.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path

import networkx as nx
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
GRAPHS = ROOT / "boards" / "smallworld-graphs.json"
OUT = ROOT / "boards" / "smallworld-shapes.json"

SIZE = {  # map id -> (width, height)
    "base-2p": (1200, 800),
    "base-3p": (1200, 800),
    "base-4p": (1260, 840),
    "base-5p": (1320, 880),
    "underground-2p": (1200, 800),
}
#: relative area wanted for a cell, by terrain (1 by default)
AREA = {"sea": 1.9, "lake": 1.15, "chasm": 1.2, "river": 0.9}
OUT_NODE = "O"
LLOYD = 0.3


# ----------------------------------------------------------------- geometry

def poly_area(pts) -> float:
    a = 0.0
    for i in range(len(pts)):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % len(pts)]
        a += x1 * y2 - x2 * y1
    return a / 2


def seg_cross(p1, p2, p3, p4) -> bool:
    """Proper or touching intersection of segments p1p2 and p3p4 that is not
    just a common endpoint."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(v) < 1e-9 else (1 if v > 0 else -1)

    def on(a, b, c):
        return min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 and \
            min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9
    shared = {tuple(p1), tuple(p2)} & {tuple(p3), tuple(p4)}
    o1, o2, o3, o4 = orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), orient(p3, p4, p2)
    if shared:
        if len(shared) == 2:
            return False
        # common endpoint: crossing only if collinear and overlapping
        if o1 == 0 and o2 == 0:
            s = shared.pop()
            a = p2 if tuple(p1) == s else p1
            b = p4 if tuple(p3) == s else p3
            return (a[0] - s[0]) * (b[0] - s[0]) + (a[1] - s[1]) * (b[1] - s[1]) > 0
        return False
    if o1 != o2 and o3 != o4:
        return True
    if o1 == 0 and on(p1, p2, p3):
        return True
    if o2 == 0 and on(p1, p2, p4):
        return True
    if o3 == 0 and on(p3, p4, p1):
        return True
    if o4 == 0 and on(p3, p4, p2):
        return True
    return False


def segments_ok(segs) -> bool:
    """No two segments of ``segs`` cross (shared endpoints allowed)."""
    a = np.array([[s[0][0], s[0][1], s[1][0], s[1][1]] for s in segs])
    lo = np.minimum(a[:, :2], a[:, 2:])
    hi = np.maximum(a[:, :2], a[:, 2:])
    n = len(segs)
    for i in range(n):
        cand = np.nonzero((lo[i + 1:, 0] <= hi[i, 0]) & (hi[i + 1:, 0] >= lo[i, 0])
                          & (lo[i + 1:, 1] <= hi[i, 1]) & (hi[i + 1:, 1] >= lo[i, 1]))[0] + i + 1
        for j in cand:
            if seg_cross(segs[i][0], segs[i][1], segs[j][0], segs[j][1]):
                return False
    return True


def inside_mask(poly, xs, ys):
    """Even-odd point-in-polygon for arrays of points."""
    res = np.zeros(xs.shape, dtype=bool)
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cond = (y1 > ys) != (y2 > ys)
        with np.errstate(divide="ignore", invalid="ignore"):
            xint = (x2 - x1) * (ys - y1) / (y2 - y1) + x1
        res ^= cond & (xs < xint)
    return res


def dist_to_poly(poly, xs, ys):
    d = np.full(xs.shape, np.inf)
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        L = dx * dx + dy * dy or 1e-12
        t = np.clip(((xs - x1) * dx + (ys - y1) * dy) / L, 0, 1)
        d = np.minimum(d, np.hypot(xs - (x1 + t * dx), ys - (y1 + t * dy)))
    return d


# ------------------------------------------------------------------ layout

class Layout:
    def __init__(self, mid: str, m: dict):
        self.mid = mid
        self.W, self.H = SIZE[mid]
        self.regions = {r["id"]: r for r in m["regions"]}
        G = nx.Graph()
        G.add_nodes_from(self.regions)
        G.add_edges_from(tuple(b) for b in m["borders"])
        self.G = G
        H = G.copy()
        for r in m["regions"]:
            if r["at_edge"]:
                H.add_edge(OUT_NODE, r["id"])
        ok, emb = nx.check_planarity(H)
        if not ok:
            raise SystemExit(f"{mid}: region graph + outside is not planar")
        self.emb = emb
        self.rot = list(emb.neighbors_cw_order(OUT_NODE))
        # faces of the embedding, keyed by their directed half-edges
        self.faces = []
        self.face_of = {}
        for u, v in emb.edges():
            if (u, v) in self.face_of:
                continue
            f = emb.traverse_face(u, v)
            k = len(self.faces)
            self.faces.append(f)
            for i in range(len(f)):
                self.face_of[(f[i], f[(i + 1) % len(f)])] = k
        # layout graph: faces with more than three vertices get a fan of
        # virtual diagonals so the barycentric drawing keeps them convex-ish
        self.L = G.copy()
        for fi, f in enumerate(self.faces):
            if OUT_NODE not in f and len(f) > 3:
                # fan from a vertex none of whose diagonals is already a border
                for r in range(len(f)):
                    g = f[r:] + f[:r]
                    if not any(self.L.has_edge(g[0], w) for w in g[2:-1]):
                        break
                else:
                    raise SystemExit(f"{mid}: cannot triangulate face {f}")
                self.faces[fi] = g
                for w in g[2:-1]:
                    self.L.add_edge(g[0], w)
        # regions with printed symbols get a little more room for them
        self.want = {i: AREA.get(r["terrain"], 1.0) * (1 + 0.12 * n_marks(r)) for i, r in self.regions.items()}
        self.cx, self.cy = self.W / 2, self.H / 2
        self.ax, self.ay = self.W / 2 * 0.80, self.H / 2 * 0.76

    # -- the rounded rectangle carrying the edge regions
    def superellipse(self, t):
        p = 2 / 4.5
        c, s = math.cos(t), math.sin(t)
        return (self.cx + self.ax * math.copysign(abs(c) ** p, c),
                self.cy + self.ay * math.copysign(abs(s) ** p, s))

    def frame_proj(self, x, y):
        """Radial projection of (x, y) from the centre onto the frame."""
        dx, dy = x - self.cx, y - self.cy
        k = min(self.W / 2 / abs(dx) if dx else math.inf, self.H / 2 / abs(dy) if dy else math.inf)
        return (self.cx + dx * k, self.cy + dy * k)

    def solve(self, outer, angles, weights):
        pos = {}
        for v, t in zip(outer, angles):
            pos[v] = self.superellipse(t)
        inner = [v for v in self.L if v not in pos]
        idx = {v: i for i, v in enumerate(inner)}
        n = len(inner)
        A = np.zeros((n, n))
        b = np.zeros((n, 2))
        for v in inner:
            i = idx[v]
            for w in self.L[v]:
                wt = weights.get((v, w), 1.0)
                A[i, i] += wt
                if w in idx:
                    A[i, idx[w]] -= wt
                else:
                    b[i] += wt * np.array(pos[w])
        X = np.linalg.solve(A, b)
        for v in inner:
            pos[v] = (float(X[idx[v], 0]), float(X[idx[v], 1]))
        return pos

    # -- cells as node sequences (barycentric star)
    def cell_nodes(self, u):
        nbrs = list(self.emb.neighbors_cw_order(u))
        # the face between v_i and v_{i+1} around u: traverse_face(u, v_i) is
        # on one side; pick whichever face contains the next neighbour
        out = []
        for i, v in enumerate(nbrs):
            w = nbrs[(i + 1) % len(nbrs)]
            out.append(("P", u) if v == OUT_NODE else ("M",) + tuple(sorted((u, v))))
            fk = None
            for cand in (self.face_of.get((u, v)), self.face_of.get((v, u)), self.face_of.get((w, u)),
                         self.face_of.get((u, w))):
                if cand is not None and v in self.faces[cand] and w in self.faces[cand] and u in self.faces[cand]:
                    f = self.faces[cand]
                    # v and w must both be next to u in the face
                    k = f.index(u)
                    if {f[k - 1], f[(k + 1) % len(f)]} == {v, w} or len(nbrs) == 2:
                        fk = cand
                        break
            assert fk is not None, (self.mid, u, v, w)
            out.append(("F", fk))
        return out

    def node_point(self, node, pos):
        kind = node[0]
        if kind == "M":
            (x1, y1), (x2, y2) = pos[node[1]], pos[node[2]]
            return ((x1 + x2) / 2, (y1 + y2) / 2)
        if kind == "P":
            return self.frame_proj(*pos[node[1]])
        if kind == "C":
            return node[1]
        f = self.faces[node[1]]
        if OUT_NODE in f:
            k = f.index(OUT_NODE)
            a, b = f[k - 1], f[(k + 1) % len(f)]
            (x1, y1), (x2, y2) = pos[a], pos[b]
            return self.frame_proj((x1 + x2) / 2, (y1 + y2) / 2)
        if len(f) == 4:  # split by the diagonal f[0]-f[2]: its midpoint sees all four sides
            (x1, y1), (x2, y2) = pos[f[0]], pos[f[2]]
            return ((x1 + x2) / 2, (y1 + y2) / 2)
        xs = [pos[v][0] for v in f]
        ys = [pos[v][1] for v in f]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def is_frame(self, node):
        return node[0] in ("P", "C") or (node[0] == "F" and OUT_NODE in self.faces[node[1]])

    def perim(self, p):
        x, y = p
        W, H = self.W, self.H
        if abs(y) < 1e-6:
            return x
        if abs(x - W) < 1e-6:
            return W + y
        if abs(y - H) < 1e-6:
            return W + H + (W - x)
        return 2 * W + H + (H - y)

    def corners_between(self, p, q):
        """Frame corners on the shorter frame arc from p to q."""
        W, H = self.W, self.H
        P = 2 * (W + H)
        corners = [(0.0, (0, 0)), (W, (W, 0)), (W + H, (W, H)), (2 * W + H, (0, H))]
        a, b = self.perim(p), self.perim(q)
        fwd = (b - a) % P
        out = []
        if fwd <= P / 2:
            for s, c in sorted(corners, key=lambda sc: (sc[0] - a) % P):
                if 0 < (s - a) % P < fwd:
                    out.append(c)
        else:
            back = P - fwd
            for s, c in sorted(corners, key=lambda sc: (a - sc[0]) % P):
                if 0 < (a - s) % P < back:
                    out.append(c)
        return out

    def cells(self, pos):
        """Straight cells: region -> list of (node, point) with frame corners."""
        res = {}
        for u in self.regions:
            nodes = self.cell_nodes(u)
            pts = []
            for i, nd in enumerate(nodes):
                p = self.node_point(nd, pos)
                pts.append((nd, p))
                nx_ = nodes[(i + 1) % len(nodes)]
                if self.is_frame(nd) and self.is_frame(nx_):
                    q = self.node_point(nx_, pos)
                    for c in self.corners_between(p, q):
                        pts.append((("C", c), c))
            res[u] = pts
        return res

    def areas(self, pos):
        return {u: abs(poly_area([p for _, p in c])) for u, c in self.cells(pos).items()}

    # -- choose rotation, then relax sizes
    def layout(self):
        best = None
        for direction in (1, -1):
            ring = self.rot[::direction]
            n = len(ring)
            for shift in range(n):
                outer = ring[shift:] + ring[:shift]
                for off in (0.0, 0.5):
                    angles = [math.pi + 2 * math.pi * (i + off) / n for i in range(n)]
                    # screen coordinates: y down, so going "clockwise" on screen
                    pos = self.solve(outer, angles, {})
                    s = self.order_score(pos)
                    if best is None or s > best[0]:
                        best = (s, outer, angles)
        _, outer, angles = best
        self.outer = outer
        weights = {}
        for a, b in self.L.edges():
            weights[(a, b)] = weights[(b, a)] = 1.0
        arcs = np.diff(np.array(angles + [angles[0] + 2 * math.pi]))
        total = self.W * self.H
        ws = sum(self.want.values())
        for it in range(40):
            pos = self.solve(outer, list(angles), weights)
            ar = self.areas(pos)
            ratio = {u: ar[u] / (total * self.want[u] / ws) for u in ar}
            # a vertex is pulled toward its large neighbours: its small cell grows
            for (a, b) in weights:
                weights[(a, b)] = min(max(weights[(a, b)] * ratio[b] ** 0.2, 1e-2), 1e2)
            # arcs of the edge regions
            ra = np.array([ratio[v] for v in outer])
            arcs = arcs / ra ** 0.2
            arcs = np.maximum(arcs, 0.05)
            arcs = arcs / arcs.sum() * 2 * math.pi
            start = angles[0]
            angles = [start + float(x) for x in np.concatenate([[0], np.cumsum(arcs)[:-1]])]
            # ring width: edge regions against inner ones
            ro = np.exp(np.mean(np.log(ra)))
            inner = [ratio[v] for v in self.regions if v not in outer]
            ri = np.exp(np.mean(np.log(inner))) if inner else 1.0
            k = (ro / ri) ** 0.05
            self.ax = min(max(self.ax * k, self.W / 2 * 0.6), self.W / 2 * 0.9)
            self.ay = min(max(self.ay * k, self.H / 2 * 0.55), self.H / 2 * 0.88)
        pos = self.solve(outer, angles, weights)
        self.angles = dict(zip(outer, angles))
        self.pos = self.pressure(pos)
        self.ratio = {u: a / (total * self.want[u] / ws) for u, a in self.areas(self.pos).items()}
        return self.pos

    def triangles(self):
        tris = []
        for f in self.faces:
            if OUT_NODE in f:
                continue
            for k in range(1, len(f) - 1):
                tris.append((f[0], f[k], f[k + 1]))
        return tris

    def pressure(self, pos, rounds=250):
        """Moves vertices toward larger neighbours until cell sizes even out,
        never flipping a triangle (so the drawing stays planar)."""
        pos = {k: np.array(v, float) for k, v in pos.items()}
        tris = self.triangles()
        by_v = {v: [] for v in self.regions}
        for t in tris:
            for v in t:
                by_v[v].append(t)

        def orient(t, P):
            (x1, y1), (x2, y2), (x3, y3) = P[t[0]], P[t[1]], P[t[2]]
            return (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1)
        sign = {t: np.sign(orient(t, pos)) for t in tris}

        def min_angle(t, P):
            a, b, c = (P[v] for v in t)
            best = math.pi
            for p, q, r in ((a, b, c), (b, c, a), (c, a, b)):
                u, w = q - p, r - p
                nu, nw = np.hypot(*u), np.hypot(*w)
                if nu < 1e-9 or nw < 1e-9:
                    return 0.0
                best = min(best, math.acos(max(-1.0, min(1.0, float(u @ w) / (nu * nw)))))
            return best

        def fine(u, before):
            for t in by_v[u]:
                if np.sign(orient(t, pos)) != sign[t]:
                    return False
            return min((min_angle(t, pos) for t in by_v[u]), default=1) >= min(before, math.radians(14))
        outer = set(self.outer)
        ring = self.outer
        total = self.W * self.H
        ws = sum(self.want.values())
        for it in range(rounds):
            cl = self.cells({k: tuple(v) for k, v in pos.items()})
            cells = {u: np.array([p for _, p in c]) for u, c in cl.items()}
            ar = {u: abs(poly_area(c)) for u, c in cells.items()}
            ratio = {u: ar[u] / (total * self.want[u] / ws) for u in ar}
            for u in self.regions:
                ru = ratio[u]
                if u in outer:
                    i = ring.index(u)
                    a, b = ring[i - 1], ring[(i + 1) % len(ring)]
                    ta, tu, tb = self.angles[a], self.angles[u], self.angles[b]
                    da = (ta - tu + math.pi) % (2 * math.pi) - math.pi
                    db = (tb - tu + math.pi) % (2 * math.pi) - math.pi
                    step = 0.25 * ((ratio[a] - ru) / (ratio[a] + ru) * da + (ratio[b] - ru) / (ratio[b] + ru) * db)
                    before = min((min_angle(t, pos) for t in by_v[u]), default=1)
                    for _ in range(6):
                        nt = tu + step
                        old = pos[u].copy()
                        pos[u] = np.array(self.superellipse(nt))
                        if fine(u, before):
                            self.angles[u] = nt
                            break
                        pos[u] = old
                        step /= 2
                    continue
                disp = np.zeros(2)
                for v in self.L[u]:
                    if v == OUT_NODE:
                        continue
                    rv = ratio[v]
                    disp += (rv - ru) / (rv + ru) * (pos[v] - pos[u])
                disp *= 0.2 / max(1, len(self.L[u]) / 4)
                # toward the centre of its own cell: cells get rounder
                cell = cells[u]
                cen = np.mean(cell, axis=0)
                disp += LLOYD * (cen - pos[u])
                before = min((min_angle(t, pos) for t in by_v[u]), default=1)
                for _ in range(6):
                    old = pos[u].copy()
                    pos[u] = old + disp
                    if fine(u, before):
                        break
                    pos[u] = old
                    disp /= 2
        return {k: (float(v[0]), float(v[1])) for k, v in pos.items()}

    def order_score(self, pos):
        ids = sorted(self.regions)
        ys = np.array([pos[i][1] for i in ids])
        xs = np.array([pos[i][0] for i in ids])
        key = ys / self.H * 4 + xs / self.W  # rows first
        r = np.argsort(np.argsort(key))
        return float(np.corrcoef(r, np.arange(len(ids)))[0, 1])


# ------------------------------------------------------------------- wiggle

def rng_for(key: str):
    h = hashlib.sha256(key.encode()).digest()
    return np.random.default_rng(int.from_bytes(h[:8], "big"))


def wiggle(p, q, key: str, amp: float, steps: int):
    """Deterministic wavy polyline from p to q (endpoints excluded)."""
    p, q = np.array(p, float), np.array(q, float)
    d = q - p
    L = float(np.hypot(*d))
    if L < 1e-6 or steps < 2:
        return []
    nrm = np.array([-d[1], d[0]]) / L
    rng = rng_for(key)
    n1, n2, n3, n4 = rng.uniform(-1, 1, 4)
    ph = rng.uniform(0, 2 * math.pi, 3)
    out = []
    for i in range(1, steps):
        t = i / steps
        env = math.sin(math.pi * t)
        off = (n1 * math.sin(math.pi * t) * 0.9 + 0.45 * math.sin(2 * math.pi * t * 2 + ph[0]) * n2
               + 0.25 * math.sin(2 * math.pi * t * 3.5 + ph[1]) * n3) * env
        # a short ripple (wavelength about 50 px) for the hand-drawn look
        ripple = 0.5 * amp * math.sin(2 * math.pi * t * max(1.0, round(L / 50)) + ph[2]) * (0.5 + 0.5 * abs(n4)) * env
        pt = p + d * t + nrm * (off * amp * min(L, 160) / 40 + ripple)
        out.append((float(pt[0]), float(pt[1])))
    return out


def froth(lay, cells, sweeps=400):
    """Relaxes the drawn map like a soap froth: borders pull tight (so
    junctions tend to three equal angles and borders straighten), cells push
    toward their wanted area. Frame points slide along their side, corners
    stay. A sweep that would make any borders cross is undone and the step
    halved."""
    W, H = lay.W, lay.H
    key = {}
    pos = {}
    cyc = {}
    for u, c in cells.items():
        ks = []
        for nd, p in c:
            k = repr(nd)
            key[k] = nd
            pos[k] = np.array(p, float)
            ks.append(k)
        cyc[u] = ks
    nbr = {k: set() for k in pos}
    for ks in cyc.values():
        for i in range(len(ks)):
            a, b = ks[i], ks[(i + 1) % len(ks)]
            nbr[a].add(b)
            nbr[b].add(a)
    side = {}
    for k, nd in key.items():
        if nd[0] == "C":
            side[k] = "fixed"
        elif lay.is_frame(nd):
            x, y = pos[k]
            side[k] = "h" if abs(y) < 1e-6 or abs(y - H) < 1e-6 else "v"
        else:
            side[k] = "free"
    total = W * H
    ws = sum(lay.want.values())
    target = {u: total * lay.want[u] / ws for u in cells}
    step = 1.0
    pieces = sorted({tuple(sorted((ks[i], ks[(i + 1) % len(ks)]))) for ks in cyc.values() for i in range(len(ks))})

    def valid(P):
        segs = [(tuple(P[a]), tuple(P[b])) for a, b in pieces]
        if min(math.dist(a, b) for a, b in segs) < 4:
            return False
        if not segments_ok(segs):
            return False
        return all(poly_area([P[k] for k in ks]) * sgn[u] > 0.02 * target[u] for u, ks in cyc.items())

    sgn = {u: np.sign(poly_area([pos[k] for k in ks])) for u, ks in cyc.items()}
    for sweep in range(sweeps):
        force = {k: np.zeros(2) for k in pos}
        for k in pos:
            if side[k] == "fixed":
                continue
            for j in nbr[k]:
                d = pos[j] - pos[k]
                L = np.hypot(*d)
                if L > 1e-9:
                    force[k] += d / L * (1.0 if len(nbr[k]) > 2 else 2.0)
        for u, ks in cyc.items():
            pts = [pos[k] for k in ks]
            A = abs(poly_area(pts))
            err = (target[u] - A) / target[u]
            n = len(ks)
            for i, k in enumerate(ks):
                prv, nxt = pts[i - 1], pts[(i + 1) % n]
                g = 0.5 * sgn[u] * np.array([nxt[1] - prv[1], prv[0] - nxt[0]])
                force[k] += 0.08 * err * g
        new = {}
        for k, p in pos.items():
            f = force[k]
            if side[k] == "fixed":
                new[k] = p
                continue
            if side[k] == "h":
                f = np.array([f[0], 0.0])
            elif side[k] == "v":
                f = np.array([0.0, f[1]])
            mag = np.hypot(*f)
            if mag > 3:
                f = f * 3 / mag
            q = p + step * f
            q[0] = min(max(q[0], 0.0), W)
            q[1] = min(max(q[1], 0.0), H)
            new[k] = q
        if valid(new):
            pos = new
            step = min(step * 1.1, 1.5)
        else:
            step /= 2
            if step < 0.01:
                break
    out = {}
    for u, c in cells.items():
        out[u] = [(nd, (float(pos[repr(nd)][0]), float(pos[repr(nd)][1]))) for nd, _ in c]
    return out


def build_map(mid: str, m: dict):
    lay = Layout(mid, m)
    pos = lay.layout()
    cells = froth(lay, lay.cells(pos))

    def key_of(nd):
        return repr(nd)

    def r1(p):
        return (round(p[0], 1), round(p[1], 1))

    water = {"sea", "lake", "river", "chasm"}
    wet = {}
    for u, c in cells.items():
        for i in range(len(c)):
            k = tuple(sorted((key_of(c[i][0]), key_of(c[(i + 1) % len(c)][0]))))
            wet[k] = wet.get(k, False) or lay.regions[u]["terrain"] in water

    # border pieces: (node a, node b) sorted -> polyline
    amp_of = {}
    pieces = {}
    for u, c in cells.items():
        for i in range(len(c)):
            (na, pa), (nb, pb) = c[i], c[(i + 1) % len(c)]
            k = tuple(sorted((key_of(na), key_of(nb))))
            if k in pieces:
                continue
            frame_piece = lay.is_frame(na) and lay.is_frame(nb)
            pieces[k] = (na, nb, pa, pb, frame_piece)
            # coasts and chasm rims wander more than borders on land
            amp_of[k] = 0.0 if frame_piece else (4.6 if wet[k] else 3.6)

    def polylines():
        res = {}
        for k, (na, nb, pa, pb, fr) in pieces.items():
            if key_of(na) != k[0]:
                pa, pb = pb, pa
            L = math.dist(pa, pb)
            steps = max(2, int(L / 9))
            inner = [] if amp_of[k] == 0 else wiggle(pa, pb, mid + k[0] + k[1], amp_of[k], steps)
            res[k] = [r1(pa)] + [r1(p) for p in inner] + [r1(pb)]
        return res

    def polygons(lines):
        polys = {}
        for u, c in cells.items():
            pts = []
            for i in range(len(c)):
                (na, _), (nb, _) = c[i], c[(i + 1) % len(c)]
                k = tuple(sorted((key_of(na), key_of(nb))))
                line = lines[k]
                if key_of(na) != k[0]:
                    line = line[::-1]
                pts.extend(line[:-1])
            # drop repeated points
            clean = []
            for p in pts:
                if not clean or p != clean[-1]:
                    clean.append(p)
            if clean[0] == clean[-1]:
                clean.pop()
            polys[u] = clean
        return polys

    # reduce wiggles until everything is valid
    for attempt in range(12):
        lines = polylines()
        segs = []
        for line in lines.values():
            segs.extend(zip(line, line[1:]))
        if segments_ok(segs):
            break
        # find offending pieces and damp them
        bad = find_bad(lines)
        for k in bad:
            amp_of[k] *= 0.5 if amp_of[k] > 0.4 else 0
    else:
        raise SystemExit(f"{mid}: could not make valid borders")
    polys = polygons(lines)
    for u, pg in polys.items():
        if len(set(pg)) != len(pg):
            raise SystemExit(f"{mid}: region {u} repeats a point")
        if poly_area(pg) < 0:
            polys[u] = pg[::-1]
    spots = {u: place_spots(polys[u], lay.regions[u]) for u in polys}
    return lay, polys, spots


def find_bad(lines):
    keys = list(lines)
    segs = []
    owner = []
    for k in keys:
        for s in zip(lines[k], lines[k][1:]):
            segs.append(s)
            owner.append(k)
    a = np.array([[s[0][0], s[0][1], s[1][0], s[1][1]] for s in segs])
    lo = np.minimum(a[:, :2], a[:, 2:])
    hi = np.maximum(a[:, :2], a[:, 2:])
    bad = set()
    for i in range(len(segs)):
        cand = np.nonzero((lo[i + 1:, 0] <= hi[i, 0]) & (hi[i + 1:, 0] >= lo[i, 0])
                          & (lo[i + 1:, 1] <= hi[i, 1]) & (hi[i + 1:, 1] >= lo[i, 1]))[0] + i + 1
        for j in cand:
            if seg_cross(segs[i][0], segs[i][1], segs[j][0], segs[j][1]):
                bad.add(owner[i])
                bad.add(owner[j])
    return bad


ICON = 31  # spacing of the printed icons drawn in a row at ``mark``


def n_marks(region) -> int:
    n = len(region.get("symbols", ()))
    n += region["terrain"] in ("mountain", "black_mountain")
    n += bool(region.get("lost_tribe"))
    return n


def place_spots(poly, region):
    """anchor (token stack), label (number) and mark (row of printed icons)."""
    xs_ = [p[0] for p in poly]
    ys_ = [p[1] for p in poly]
    step = 3.0
    gx, gy = np.meshgrid(np.arange(min(xs_) + 1, max(xs_), step), np.arange(min(ys_) + 1, max(ys_), step))
    gx, gy = gx.ravel(), gy.ravel()
    m = inside_mask(poly, gx, gy)
    gx, gy = gx[m], gy[m]
    d = dist_to_poly(poly, gx, gy)
    cx, cy = np.mean(gx), np.mean(gy)
    # anchor: room for a token stack, near the middle of the cell
    score = np.minimum(d, 38) * 2 - 0.12 * np.hypot(gx - cx, gy - cy)
    i = int(np.argmax(score))
    anchor = np.array([gx[i], gy[i]])
    da = np.hypot(gx - anchor[0], gy - anchor[1])
    # label: a number beside the stack, preferably above it
    # the game's renderer puts its markers (camps, fortresses, ...) in a row
    # just under the stack: keep number and icons out of that band
    below = (np.abs(gx - anchor[0]) < 62) & (gy > anchor[1] + 8) & (gy < anchor[1] + 56)
    score = (np.minimum(d, 19) * 4 - np.abs(da - 46) - 0.25 * np.maximum(gy - anchor[1] + 10, 0)
             - 1000 * (da < 36) - 300 * (d < 16) - 200 * below)
    i = int(np.argmax(score))
    label = np.array([gx[i], gy[i]])
    # icons: a row (else a column, else two rows) inside the cell, clear of
    # stack and number; mark is the centre of the group
    n = max(1, n_marks(region))
    layouts = [[((k - (n - 1) / 2) * ICON, 0.0) for k in range(n)]]
    if n > 1:
        layouts.append([(0.0, (k - (n - 1) / 2) * ICON) for k in range(n)])
        top = (n + 1) // 2
        two = [((k - (top - 1) / 2) * ICON, -ICON / 2) for k in range(top)]
        two += [((k - (n - top - 1) / 2) * ICON, ICON / 2) for k in range(n - top)]
        layouts.append(two)
    best = None
    for li, offs in enumerate(layouts):
        clear = np.full(gx.shape, np.inf)
        near_a = np.full(gx.shape, np.inf)
        near_l = np.full(gx.shape, np.inf)
        in_band = np.zeros(gx.shape, dtype=bool)
        for ox, oy in offs:
            x, y = gx + ox, gy + oy
            ok = inside_mask(poly, x, y)
            clear = np.minimum(clear, np.where(ok, dist_to_poly(poly, x, y), 0))
            near_a = np.minimum(near_a, np.hypot(x - anchor[0], y - anchor[1]))
            near_l = np.minimum(near_l, np.hypot(x - label[0], y - label[1]))
            in_band |= (np.abs(x - anchor[0]) < 62) & (y > anchor[1] + 8) & (y < anchor[1] + 56)
        score = (np.minimum(clear, 19) * 4 - np.abs(near_a - 50) - 0.5 * np.maximum(30 - near_l, 0)
                 - 1000 * ((near_a < 38) | (near_l < 30)) - 300 * (clear < 18) - 200 * in_band
                 - 5000 * (clear < 8)
                 - 15 * li)  # a row reads best
        i = int(np.argmax(score))
        if best is None or score[i] > best[0]:
            best = (score[i], (gx[i], gy[i]), offs)
    _, mark, offs = best
    icons = [(mark[0] + ox, mark[1] + oy) for ox, oy in offs][:n_marks(region)]
    r = lambda p: [round(float(p[0]), 1), round(float(p[1]), 1)]  # noqa: E731
    return {"label": r(label), "anchor": r(anchor), "mark": r(mark), "icons": [r(p) for p in icons]}


def fmt(v):
    return f"{v:g}" if isinstance(v, float) else str(v)


def main():
    data = json.loads(GRAPHS.read_text(encoding="utf-8"))
    lines = ['{', ' "format": "plateau-smallworld-shapes/1",',
             ' "about": "Drawn shapes of the Small World regions, computed by scripts/smallworld_shapes.py from '
             'boards/smallworld-graphs.json: per map the drawing size and, per region, its polygon, the point for '
             'its number (label), the point for the token stack (anchor), the centre of its printed symbols (mark) and '
             'one point per printed symbol or marker (icons: symbols in graph order, then Mountain, then Lost Tribe). '
             'Neighbouring regions share a border; other regions share at most a point.",',
             ' "maps": {']
    mids = list(data["maps"])
    for mi, mid in enumerate(mids):
        lay, polys, spots = build_map(mid, data["maps"][mid])
        print(mid, "order score", round(lay.order_score(lay.pos), 3),
              "area ratio min/max", round(min(lay.ratio.values()), 2), round(max(lay.ratio.values()), 2),
              "points", sum(len(p) for p in polys.values()), file=sys.stderr)
        lines.append(f'  "{mid}": {{"width": {lay.W}, "height": {lay.H}, "regions": {{')
        ids = sorted(polys)
        for j, u in enumerate(ids):
            pg = ",".join(f"[{fmt(x)},{fmt(y)}]" for x, y in polys[u])
            s = spots[u]
            row = (f'   "{u}": {{"label": [{fmt(s["label"][0])},{fmt(s["label"][1])}], '
                   f'"anchor": [{fmt(s["anchor"][0])},{fmt(s["anchor"][1])}], '
                   f'"mark": [{fmt(s["mark"][0])},{fmt(s["mark"][1])}], '
                   f'"icons": [{",".join(f"[{fmt(x)},{fmt(y)}]" for x, y in s["icons"])}], "polygon": [{pg}]}}')
            lines.append(row + ("," if j < len(ids) - 1 else ""))
        lines.append("  }}" + ("," if mi < len(mids) - 1 else ""))
    lines += [" }", "}"]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    json.loads(OUT.read_text(encoding="utf-8"))
    print("wrote", OUT.relative_to(ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
