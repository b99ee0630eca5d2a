"""An Arkhanis auction turn of 6 tables: every table at once (revision 4) against the queue of
revisions 0–3 (issue 40, item 1).

Run: PYTHONPATH=py python3 bench/bench_auction.py [--players 24] [--think 8] [--seeds 5]

A model over the real engine, not a sleep: a tournament of ``--players`` participants (4 free seats,
6 tables for 24) starts on an auction turn (the Royal Treasure); simulated bidders each take
``--think`` seconds to bid. The auction runs in rounds: in a round every device asks one of the
bidders it holds among ``State.movers()`` (a device holds one bidder at a time: its hot-seat pass
screen), all of them bid at once, and the engine plays their bids (``play_as``) one after another.
The turn takes ``rounds × think`` seconds, plus the engine's own time for the bids (measured).

Two rooms: every participant on their own device, and one device per table (its seated players
pass it to one another). Under revision 3 ``movers()`` holds one bidder at a time (table after
table), so both rooms take one round per participant.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from plateau.games.arkhanis import GAME  # noqa: E402


def auction_rounds(rev: int, players: int, seed: int, room: str) -> tuple[int, int, float, int]:
    """(rounds of asks, bids, engine seconds, tables) of the first turn's auction."""
    names = [f"P{i}" for i in range(players)]
    s = GAME.start(names, {"schedule": "royal_treasure" + ",none" * 9, "_rev": rev}, seed)
    assert s.stage == "auction"
    tables = len(s.tables)
    rounds = bids = 0
    engine = 0.0
    while s.stage == "auction":
        movers = s.movers()
        if room == "own":  # every participant on their own device
            asked = list(movers)
        else:  # one device per table: each asks the first of its bidders who may bid now
            asked, seen = [], set()
            for p in movers:
                ti = s.seat_table[s.seat_of[p]]
                if ti not in seen:
                    seen.add(ti)
                    asked.append(p)
        rounds += 1
        for k, p in enumerate(asked):  # they all bid during this round; the host plays the bids as they come
            if p not in s.movers():
                continue
            amount = (seed + p + k) % (s.coins[p] + 1)
            t0 = time.perf_counter()
            text = f"bid:{s.seat_of[p]}:{amount}" if rev >= 4 else f"bid:{amount}"
            s.play_as(p, text)
            engine += time.perf_counter() - t0
            bids += 1
    return rounds, bids, engine, tables


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=24)
    ap.add_argument("--think", type=float, default=8.0, help="seconds each bidder takes to bid")
    ap.add_argument("--seeds", type=int, default=5)
    a = ap.parse_args()
    print(f"Auction turn, {a.players} participants, {a.think:g} s to bid each, {a.seeds} tournaments")
    print(f"{'rules':<28}{'room':<26}{'tables':>7}{'bids':>6}{'rounds':>8}{'turn (s)':>10}{'engine (ms)':>13}")
    for rev, label in ((3, "revision 3 (queue)"), (4, "revision 4 (all at once)")):
        for room, rname in (("own", "a device per participant"), ("table", "a device per table")):
            runs = [auction_rounds(rev, a.players, seed, room) for seed in range(a.seeds)]
            rounds = statistics.mean(r[0] for r in runs)
            bids = statistics.mean(r[1] for r in runs)
            engine = statistics.mean(r[2] for r in runs) * 1000
            tables = runs[0][3]
            print(f"{label:<28}{rname:<26}{tables:>7}{bids:>6.0f}{rounds:>8.1f}{rounds * a.think:>10.0f}"
                  f"{engine:>13.2f}")


if __name__ == "__main__":
    main()
