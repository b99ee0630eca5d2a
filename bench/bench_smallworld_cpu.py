"""Small World engine cost in CPU time on a fixed workload, for comparing
two versions of the engine on a busy machine.

Run: PYTHONPATH=py python3 bench/bench_smallworld_cpu.py [--rounds 5]

``bench_smallworld.py`` counts games played in 3 s of wall-clock time, which
swings by a factor of two when other work shares the cores. This one plays
the same games every time (fixed seeds, the random policy of
``bench_smallworld.py``) and times them with the process's CPU clock
(``time.process_time``), keeping the best of ``--rounds`` rounds: the rows
of two versions measured one after the other can be compared.
"""

from __future__ import annotations

import sys
import time

from bench_smallworld import policy  # the same random player as the wall-clock benchmark
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME

CASES = (
    ("base map, 3 players", 3, {}, range(6)),
    ("base map, 5 players", 5, {}, range(3)),
    ("base map, Monsters, mixed decks, 3p", 3, {"monsters": "random", "content": "mixed"}, range(6)),
    ("Underground board and decks, 4p", 4, {"board": "underground", "content": "underground"}, range(4)),
)


def one_round():
    out = []
    for label, n, opts, seeds in CASES:
        plies = 0
        t0 = time.process_time()
        for seed in seeds:
            s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
            r = Rng(seed ^ 77)
            while not s.is_over():
                s.play(policy(s, r))
                plies += 1
        out.append((label, (time.process_time() - t0) / plies * 1e6))
    return out


def positions():
    """Mid-game positions: 4 players, base map after 120 random plies (five
    seeds) and the Underground board after 150."""
    out = []
    for seed, opts, k in [(i, {}, 120) for i in range(1, 6)] + [(7, {"board": "underground", "content": "underground"}, 150)]:
        s = GAME.start([f"P{i}" for i in range(4)], opts, seed)
        r = Rng(seed ^ 77)
        for _ in range(k):
            if s.is_over():
                break
            s.play(policy(s, r))
        out.append(s)
    return out


def per_position(f, ss, number):
    t0 = time.process_time()
    for _ in range(number):
        for s in ss:
            f(s)
    return (time.process_time() - t0) / number / len(ss) * 1e6


def main():
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
    best = {}
    for _ in range(rounds):
        for label, us in one_round():
            best[label] = min(us, best.get(label, us))
    print("Small World CPU µs / ply (best of %d rounds)" % rounds)
    for label, _n, _o, _s in CASES:
        print(f"  {label:<45}{best[label]:8.0f}")
    ss = positions()
    clone = min(per_position(lambda s: s.clone(), ss, 300) for _ in range(rounds))
    legal = min(per_position(lambda s: s.legal_moves(), ss, 100) for _ in range(rounds))
    print("Mid-game positions, CPU µs (best of %d rounds)" % rounds)
    print(f"  {'clone()':<45}{clone:8.1f}")
    print(f"  {'legal_moves()':<45}{legal:8.1f}")


if __name__ == "__main__":
    main()
