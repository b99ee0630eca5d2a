"""Small World Underground races benchmark: random full games with the
Underground races and powers on the Underground boards, and the cost of
``legal_moves()`` for a race whose power adds reach, cost or moves (the
computer's playouts call it at every conquest step).

Run: PYTHONPATH=py python3 bench/bench_smallworld_ug_races.py

Random games use the property tests' policy (a random legal move, "end" and
"done" one time in three).
"""

from __future__ import annotations

import sys
import time

from plateau.core.rng import Rng
from plateau.games.smallworld import GAME
from plateau.games.smallworld.records import Race
from plateau.games.smallworld.rules import EMPTY


def policy(s, r):
    ms = s.legal_moves()
    texts = [m.text for m in ms]
    for pref in ("done", "end", "nopeace", "pass"):
        if pref in texts and r.below(3) == 0:
            return ms[texts.index(pref)]
    return r.choice(ms)


def position(race, power="mining"):
    """Underground 2-player board, the race in 3 regions with 6 tokens in
    hand, an opponent spread over 6 regions (River and chasm sides)."""
    s = GAME.start(["A", "B"], {"board": "underground", "content": "underground"}, 1)
    for r in range(s.R):
        s.owner[r] = EMPTY
        s.tok[r] = 0
    for p, rc, regs in ((1, "ratmen", {9: 2, 23: 2, 26: 1, 24: 1, 17: 2, 5: 1}), (0, race, {3: 2, 6: 2, 10: 1})):
        rid = s.next_rid
        s.next_rid += 1
        s.recs[rid] = Race(rid, p, rc, power, hand=6 if p == 0 else 0)
        for r, k in regs.items():
            s.owner[r] = rid
            s.tok[r] = k
        s.active[p] = rid
    if race == "cultists":
        s.x["ancient"] = [s.active[0], 6]
    if race == "flames":
        s.x["volcano"] = 7
    s.cur = 0
    s.start_turn()
    return s


def main():
    rows = []
    opts = {"board": "underground", "content": "underground"}
    for n in (2, 3, 4, 5):
        t0 = time.perf_counter()
        games = plies = 0
        while time.perf_counter() - t0 < 3:
            s = GAME.start([f"P{i}" for i in range(n)], opts, games)
            r = Rng(games ^ 77)
            while not s.is_over():
                s.play(policy(s, r))
                plies += 1
            games += 1
        dt = time.perf_counter() - t0
        rows.append((f"Underground random games / s, {n} players", f"{games / dt:.1f}"))
        rows.append((f"  plies / game, µs / ply ({n}p)", f"{plies / games:.0f}, {dt / plies * 1e6:.0f}"))
    for race in ("ratmen", "ogres", "cultists", "flames", "gnomes", "lizardmen", "spiderines", "will_o_wisps",
                 "kraken", "mummies"):
        s = position(race)
        best = 1e9
        for _ in range(7):  # the best of 7 batches: the machine is shared
            t0 = time.perf_counter()
            for _ in range(300):
                s.legal_moves()
            best = min(best, (time.perf_counter() - t0) / 300)
        rows.append((f"legal_moves() µs, {race} conquering", f"{best * 1e6:.0f}"))
    width = max(len(a) for a, _ in rows)
    where = "Pyodide " + sys.version.split()[0] + " under node" if sys.platform == "emscripten" else "CPython"
    print(f"Small World Underground races benchmark ({where}, this machine)")
    for a, b in rows:
        print(f"  {a:<{width}}  {b:>10}")


if __name__ == "__main__":
    main()
