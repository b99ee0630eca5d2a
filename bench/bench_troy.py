"""Benchmark of Le Cheval de Troie: legal moves, apply, view, render, random games.

Run: PYTHONPATH=py python3 bench/bench_troy.py
"""

from __future__ import annotations

import gc
import statistics
import time

from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.troy import GAME

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def positions(n, games=20):
    """Positions sampled from random games with ``n`` players."""
    out = []
    for seed in range(games):
        s = GAME.start(NAMES[:n], {}, seed)
        r = Rng(seed + 1000)
        while not s.is_over():
            out.append(s.clone())
            s.play(r.choice(s.legal_moves()))
        out.append(s.clone())
    return out


def per_call(fn, items, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t)
    return best / len(items) * 1e6  # µs


def random_games_per_second(n, seconds=1.0):
    t0 = time.perf_counter()
    games = plies = 0
    seed = 0
    while time.perf_counter() - t0 < seconds:
        s = GAME.start(NAMES[:n], {}, seed)
        r = Rng(seed)
        while not s.is_over():
            ms = s.legal_moves()
            s.apply(ms[r.below(len(ms))])
            plies += 1
        games += 1
        seed += 1
    dt = time.perf_counter() - t0
    return games / dt, plies / games


def main():
    print(f"{'players':>7} | {'legal µs':>9} | {'apply µs':>9} | {'view µs':>8} | {'render med':>10} "
          f"| {'render max':>10} | {'games/s':>8} | {'plies/game':>10}")
    print("-" * 92)
    for n in (2, 3, 4):
        pos = positions(n)
        legal = per_call(lambda s: s.legal_moves(), pos)
        pairs = [(s, s.legal_moves()[0]) for s in pos if not s.is_over()]
        clones = [(s.clone(), m) for s, m in pairs]
        t = time.perf_counter()
        for s, m in clones:
            s.apply(m)
        apply = (time.perf_counter() - t) / len(clones) * 1e6
        view = per_call(lambda s: s.view(s.to_play if s.to_play is not None else 0), pos)
        sample = pos[:: max(1, len(pos) // 60)]
        ctxs = []
        for s in sample:
            tg = frozenset(m.path[0] for m in s.legal_moves())
            ctxs.append((s, RenderContext(viewer=s.to_play, targets=tg)))
        GAME.render(*ctxs[0])  # warm-up: the first call imports the renderer and svgwrite
        gc.collect()
        gc.freeze()  # the thousands of sampled positions would make collections noisy
        times = []
        for s, ctx in ctxs:
            t = time.perf_counter()
            GAME.render(s, ctx)
            times.append(time.perf_counter() - t)
        times.sort()
        render = statistics.median(times) * 1e3
        gc.unfreeze()
        gps, ppg = random_games_per_second(n)
        print(f"{n:>7} | {legal:>9.1f} | {apply:>9.1f} | {view:>8.1f} | {render:>10.2f} "
              f"| {times[-1] * 1e3:>10.2f} | {gps:>8.0f} | {ppg:>10.1f}")


if __name__ == "__main__":
    main()
