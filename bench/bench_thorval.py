"""Thorval engine benchmark: random full games, move generation, apply, render,
and the engine work of one complete turn (all five episodes, every player).

Run: PYTHONPATH=py python3 bench/bench_thorval.py
"""

from __future__ import annotations

import time

from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.thorval import GAME


def play_out(seed, n, limit=0):
    s = GAME.start([f"P{i}" for i in range(n)], {"turn_limit": limit}, seed)
    r = Rng(seed ^ 77)
    plies = 0
    while not s.is_over():
        s.play(r.choice(s.legal_moves()))
        plies += 1
    return s, plies


def main():
    rows = []
    # random full games (to a winner), 2 to 6 players
    t0 = time.perf_counter()
    games = plies = turns = 0
    while time.perf_counter() - t0 < 6:
        s, p = play_out(games, 2 + games % 5)
        games += 1
        plies += p
        turns += s.turn
    dt = time.perf_counter() - t0
    rows.append(("random full games / s (2-6 players)", f"{games / dt:.1f}"))
    rows.append(("  mean plies / game, turns / game", f"{plies / games:.0f}, {turns / games:.1f}"))
    # positions sampled from games, 4 players
    samples = []
    for seed in range(6):
        s = GAME.start(["A", "B", "C", "D"], {"turn_limit": 10}, seed)
        r = Rng(seed)
        k = 0
        while not s.is_over():
            if k % 25 == 0:
                samples.append(s.clone())
            s.play(r.choice(s.legal_moves()))
            k += 1
    t0 = time.perf_counter()
    for s in samples:
        s.legal_moves()
    rows.append(("legal_moves() µs / position", f"{(time.perf_counter() - t0) / len(samples) * 1e6:.0f}"))
    t0 = time.perf_counter()
    count = 0
    r = Rng(5)
    for s in samples:
        c = s.clone()
        if not c.is_over():
            c.play(r.choice(c.legal_moves()))
            count += 1
    rows.append(("clone + play() µs / move", f"{(time.perf_counter() - t0) / count * 1e6:.0f}"))
    t0 = time.perf_counter()
    for s in samples:
        s.clone()
    rows.append(("clone() µs", f"{(time.perf_counter() - t0) / len(samples) * 1e6:.0f}"))
    t0 = time.perf_counter()
    for s in samples:
        s.view(0)
    rows.append(("view(player) µs", f"{(time.perf_counter() - t0) / len(samples) * 1e6:.0f}"))
    GAME.render(samples[0], RenderContext())
    t0 = time.perf_counter()
    for s in samples:
        targets = frozenset(m.path[0] for m in s.legal_moves())
        GAME.render(s, RenderContext(viewer=s.to_play, targets=targets))
    rows.append(("render() ms / board", f"{(time.perf_counter() - t0) / len(samples) * 1e3:.2f}"))
    # one complete turn: from the end of a turn's last decision through the
    # next turn's automatic episodes and every player's random decisions
    per_turn = []
    for seed in range(10):
        s = GAME.start(["A", "B", "C", "D"], {"turn_limit": 5}, seed)
        r = Rng(seed)
        cur, t_start = s.turn, time.perf_counter()
        while not s.is_over():
            s.play(r.choice(s.legal_moves()))
            s.legal_moves()
            if s.turn != cur:
                if cur >= 1:
                    per_turn.append(time.perf_counter() - t_start)
                cur, t_start = s.turn, time.perf_counter()
    rows.append(("one complete turn, 4 players (engine ms)", f"{sum(per_turn) / len(per_turn) * 1e3:.2f}"))
    width = max(len(a) for a, _ in rows)
    print("Thorval benchmark (CPython, this machine)")
    for a, b in rows:
        print(f"  {a:<{width}}  {b:>10}")


if __name__ == "__main__":
    main()
