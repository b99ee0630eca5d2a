"""Builds ``boards/thorval.json`` from the hexagon sketch of the island below.

Run ``python3 py/plateau/games/thorval/mapgen.py > boards/thorval.json`` from
the repository root after editing the sketch (it is a plain script, with no
import from the package); the engine only reads the JSON.

Each character of the sketch is one hexagon (pointy top, odd rows shifted
half a hexagon to the right): ``.`` the outer sea, ``~`` the Marnon sea,
``=`` the river, ``1``–``8`` the castles, and one letter per territory:
``a``–``f`` region I, ``g``–``l`` II, ``m``–``r`` III, ``s``–``x`` IV,
``A``–``F`` V, ``G``–``L`` VI (territories 1 to 6 in that order).
"""

from __future__ import annotations

import json
import math

SKETCH = [
    "......................",
    "...nnn2KKKLLHFFFFF....",
    "..onnnnKKKLLH=EFFF1...",
    "..oonmmGJJLHH=EEFAt...",
    ".oopppmmGJIIH=EEDAAtt.",
    ".oopppm3GJII=EEDDAAtt.",
    ".4rrqqmijkk7=CCDBAtt..",
    ".erqqhiijjkl=5CBBuuu..",
    ".eeddhhgggll=sssuuu...",
    ".eddccbb6~~~ssxxxuu...",
    "..fdccbaa~~~ssxxxxx...",
    ".ffccbbaaa~~=======...",
    "..ffccbbaa8wwwvvvvv...",
    "...ffcbbaawwwvvv......",
    "......................",
]

ROMAN = ["I", "II", "III", "IV", "V", "VI"]
LETTERS = "abcdefghijklmnopqrstuvwxABCDEFGHIJKL"
# river hexes crossed by a bridge, and the two land hexes the bridge joins
BRIDGES = [((3, 13), (3, 12), (3, 14)), ((7, 12), (7, 11), (7, 13)),
           ((11, 13), (10, 14), (12, 13)), ((11, 16), (10, 16), (12, 17))]
TUNNEL = ("III/2", "V/6")
TERRAIN = {"I": "plain", "II": "plain", "III": "forest", "IV": "plain", "V": "forest", "VI": "mountain"}
REGION_NAMES = {
    "I": {"fr": "Sables d'or", "en": "Golden Sands"},
    "II": {"fr": "Prairies venteuses", "en": "Windy Meadows"},
    "III": {"fr": "Bois des brumes", "en": "Misty Woods"},
    "IV": {"fr": "Champs d'honneur", "en": "Fields of Honour"},
    "V": {"fr": "Forêt noire", "en": "Black Forest"},
    "VI": {"fr": "Monts de cristal", "en": "Crystal Mountains"},
}
SIZE = 34.0  # hexagon radius
W = math.sqrt(3) * SIZE
MARGIN_X, MARGIN_Y = 10.0, 4.0


def case_of(ch: str) -> str | None:
    if ch.isdigit():
        return "C" + ch
    i = LETTERS.find(ch)
    if i < 0:
        return None
    return f"{ROMAN[i // 6]}/{i % 6 + 1}"


def centre(r: int, c: int) -> tuple[float, float]:
    return (MARGIN_X + W * (c + 0.5 + 0.5 * (r % 2)), MARGIN_Y + SIZE + 1.5 * SIZE * r)


def corners(r: int, c: int) -> list[tuple[float, float]]:
    x, y = centre(r, c)
    return [(round(x + SIZE * math.cos(math.radians(60 * k - 30)), 1),
             round(y + SIZE * math.sin(math.radians(60 * k - 30)), 1)) for k in range(6)]


def hex_neighbours(r: int, c: int):
    if r % 2 == 0:
        d = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    else:
        d = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    for dr, dc in d:
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(SKETCH) and 0 <= cc < len(SKETCH[0]):
            yield rr, cc


def outline(cells) -> list[list[tuple[float, float]]]:
    """Boundary loops of a union of hexagons (edges used once)."""
    count: dict = {}
    for r, c in cells:
        pts = corners(r, c)
        for k in range(6):
            a, b = pts[k], pts[(k + 1) % 6]
            key = (min(a, b), max(a, b))
            count[key] = count.get(key, 0) + 1
    edges = [e for e, n in count.items() if n == 1]
    nxt: dict = {}
    for a, b in edges:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    loops, seen = [], set()
    for a, b in edges:
        if (a, b) in seen:
            continue
        loop, prev, cur = [a], a, b
        seen.add((a, b))
        seen.add((b, a))
        while cur != a:
            loop.append(cur)
            options = [p for p in nxt[cur] if p != prev and (cur, p) not in seen]
            if not options:
                break
            prev, cur = cur, options[0]
            seen.add((prev, cur))
            seen.add((cur, prev))
        loops.append(loop)
    return loops


def simplify(loop):
    """Drop the points where the boundary goes straight on."""
    out = []
    n = len(loop)
    for i in range(n):
        a, b, c = loop[i - 1], loop[i], loop[(i + 1) % n]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if abs(cross) > 1e-6:
            out.append(b)
    return out


def build() -> dict:
    cells: dict = {}
    water = {"~": [], "=": []}
    for r, row in enumerate(SKETCH):
        for c, ch in enumerate(row):
            name = case_of(ch)
            if name:
                cells.setdefault(name, []).append((r, c))
            elif ch in water:
                water[ch].append((r, c))
    order = [f"{R}/{n}" for R in ROMAN for n in range(1, 7)] + [f"C{k}" for k in range(1, 9)]
    assert sorted(order) == sorted(cells), set(order) ^ set(cells)
    at = {rc: name for name, cs in cells.items() for rc in cs}
    nb = {name: set() for name in order}
    shores = {name: set() for name in order}
    for name, cs in cells.items():
        for r, c in cs:
            for rr, cc in hex_neighbours(r, c):
                other = at.get((rr, cc))
                ch = SKETCH[rr][cc]
                if other and other != name:
                    nb[name].add(other)
                elif ch == ".":
                    shores[name].add("sea")
                elif ch == "~":
                    shores[name].add("marnon")
                elif ch == "=":
                    shores[name].add("river")
    bridges = []
    for rc, a, b in BRIDGES:
        na, nb_ = at[a], at[b]
        nb[na].add(nb_)
        nb[nb_].add(na)
        xa, ya = centre(*a)
        xb, yb = centre(*b)
        xr, yr = centre(*rc)
        bridges.append({"cases": [na, nb_],
                        "from": [round((xa + xr) / 2, 1), round((ya + yr) / 2, 1)],
                        "to": [round((xb + xr) / 2, 1), round((yb + yr) / 2, 1)]})
    ta, tb = TUNNEL
    nb[ta].add(tb)
    nb[tb].add(ta)
    cases = []
    for name in order:
        cs = cells[name]
        xs = [centre(r, c) for r, c in cs]
        # label point: the hexagon nearest the centroid
        mx = sum(p[0] for p in xs) / len(xs)
        my = sum(p[1] for p in xs) / len(xs)
        lx, ly = min(xs, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        castle = name.startswith("C")
        region = None if castle else name.split("/")[0]
        cases.append({
            "name": name,
            "target": name.replace("/", ""),
            "kind": "castle" if castle else "territory",
            "region": region,
            "number": int(name[1:]) if castle else int(name.split("/")[1]),
            "terrain": "castle" if castle else TERRAIN[region],
            "neighbours": sorted(nb[name], key=order.index),
            "waters": sorted(shores[name]),
            "cells": [list(x) for x in cs],
            "centre": [round(lx, 1), round(ly, 1)],
            "outline": [[list(p) for p in simplify(loop)] for loop in outline(cs)],
        })
    width = MARGIN_X * 2 + W * (len(SKETCH[0]) + 0.5)
    height = MARGIN_Y * 2 + SIZE * (1.5 * len(SKETCH) + 0.5)
    land = [rc for cs in cells.values() for rc in cs]
    region_outline = {}
    for R in ROMAN:
        rc = [x for name, cs in cells.items() if name.startswith(R + "/") for x in cs]
        region_outline[R] = [[list(p) for p in simplify(loop)] for loop in outline(rc)]
    return {
        "name": "thorval",
        "size": [round(width, 1), round(height, 1)],
        "hex": SIZE,
        "regions": [{"id": R, "terrain": TERRAIN[R], "name": REGION_NAMES[R],
                     "outline": region_outline[R]} for R in ROMAN],
        "cases": cases,
        "bridges": bridges,
        "tunnel": [ta, tb],
        "marnon": [[list(p) for p in simplify(loop)] for loop in outline(water["~"])],
        "river": [[list(p) for p in simplify(loop)] for loop in outline(water["="])],
        "cell_centres": {name: [[round(v, 1) for v in centre(r, c)] for r, c in cs] for name, cs in cells.items()},
        "island": [[list(p) for p in simplify(loop)] for loop in outline(land + water["~"] + water["="])],
        "waterways": {
            "inland": ["river", "marnon"],
            "all": ["river", "marnon", "sea"],
        },
    }


if __name__ == "__main__":
    print(json.dumps(build(), ensure_ascii=False, indent=1))
