"""Armadora engine benchmark.

    PYTHONPATH=py python3 bench/bench_armadora.py

Prints the time of the legal-move list (cold: palisade moves recomputed; warm:
the per-configuration cache hit), of territory recomputation after a
palisade, of one-line legality for all 67 lines, of apply, of a render, and
random games per second.
"""

from __future__ import annotations

import time

from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.armadora import GAME
from plateau.games.armadora import rules as R

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def positions(count=40, seed=1):
    """Positions from random advanced 2-player games, at various stages."""
    out = []
    k = 0
    while len(out) < count:
        s = GAME.start(NAMES[:2], {"rules": "advanced"}, seed + k)
        rng = Rng(k)
        ply = 0
        while not s.is_over():
            ms = s.legal_moves()
            others = [m for m in ms if m.text != "pass"]
            m = rng.choice(others) if others and rng.below(40) else rng.choice(ms)
            if ply % 9 == 0:
                out.append(s.clone())
            s.play(m)
            ply += 1
        k += 1
    return out[:count]


def timeit(fn, items, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best * 1000


def main():
    pos = positions()
    start = GAME.start(NAMES[:2], {"rules": "advanced"}, 1)

    def legal_cold(s):
        R._PAL_CACHE.clear()
        s._legal = None
        s.legal_moves()

    def legal_warm(s):
        s._legal = None
        s.legal_moves()

    def terr_after(s):
        # one palisade added, territories recomputed
        free = [li for li in range(len(R.LINES)) if not (s.pal >> li) & 1]
        R.territories(s.pal | (1 << free[len(free) // 2]))

    def legality(s):
        R.legal_lines(s.pal)

    def apply_one(s):
        t = s.clone()
        t.apply(t.legal_moves()[0])

    ctx_for = {id(s): RenderContext(viewer=s.to_play, targets=frozenset(m.path[0] for m in s.legal_moves()))
               for s in pos}

    def render(s):
        GAME.render(s, ctx_for[id(s)])

    rows = [
        ("legal moves, start position (cold)", timeit(legal_cold, [start] * 5)),
        ("legal moves, mid-game (cold)", timeit(legal_cold, pos)),
        ("legal moves (warm palisade cache)", timeit(legal_warm, pos)),
        ("territories after a palisade", timeit(terr_after, pos * 5)),
        ("legality of all 67 lines", timeit(legality, pos * 5)),
        ("clone + apply", timeit(apply_one, pos)),
        ("render (SVG)", timeit(render, pos)),
    ]
    count = max(len(s.legal_moves()) for s in [start])
    print(f"{'Armadora engine (CPython)':40s} {'ms':>9s}")
    for name, ms in rows:
        print(f"{name:40s} {ms:9.3f}")
    print(f"{'legal moves at the start':40s} {count:9d}")

    t = time.perf_counter()
    games = 0
    plies = 0
    for seed in range(12):
        n = 2 + seed % 3
        s = GAME.start(NAMES[:n], {"rules": "advanced" if seed % 2 else "basic"}, seed)
        rng = Rng(seed)
        while not s.is_over():
            ms = s.legal_moves()
            others = [m for m in ms if m.text != "pass"]
            s.play(rng.choice(others) if others and rng.below(40) else rng.choice(ms))
            plies += 1
        games += 1
    dt = time.perf_counter() - t
    print(f"{'random games per second':40s} {games / dt:9.1f}  ({plies / games:.0f} plies each)")


if __name__ == "__main__":
    main()
