"""The Arkhanis tournament's clock: per-ply cost of revision 1 (one seat at a
time across the tables) and revision 2 (the tables play at once).

Run: PYTHONPATH=py python3 bench/bench_arkhanis_clock.py [--players 24] [--seeds 3]

For each revision, whole tournaments played by random players through
``to_play`` only (one device); for revision 2 also through random movers of
``movers()`` with ``legal_moves_for``/``play_as`` (the room). Prints plies and
microseconds a ply (the move's generation and its application).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from plateau.core.rng import Rng  # noqa: E402
from plateau.games.arkhanis import GAME  # noqa: E402


def run(n, seed, rev, room):
    s = GAME.start([f"P{i}" for i in range(n)], {"_rev": rev}, seed)
    r = Rng(seed + 1)
    plies = 0
    t0 = time.perf_counter()
    while not s.is_over():
        if room:
            ms = s.movers()
            p = ms[r.below(len(ms))]
            moves = s.legal_moves_for(p)
            s.play_as(p, moves[r.below(len(moves))])
        else:
            moves = s.legal_moves()
            s.play(moves[r.below(len(moves))].text)
        plies += 1
    return plies, time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=24)
    ap.add_argument("--seeds", type=int, default=3)
    a = ap.parse_args()
    for label, rev, room in (("rev 1, to_play", 1, False), ("rev 2, to_play", 2, False),
                             ("rev 2, random movers", 2, True)):
        plies = secs = 0
        for seed in range(a.seeds):
            p, t = run(a.players, seed, rev, room)
            plies += p
            secs += t
        print(f"{label:22s} {a.players} participants: {plies / a.seeds:7.0f} plies a tournament, "
              f"{secs / plies * 1e6:6.0f} µs a ply")


if __name__ == "__main__":
    main()
