"""Small World's engine, two source trees side by side: ``legal_moves()`` on
mid-game positions and µs per ply of random games, each tree in its own
process, the measurements alternating between them so that a load on the
machine falls on both; the best of ``--reps`` rounds is kept for each.

Run: PYTHONPATH=py python3 bench/bench_smallworld_compare.py --ref OTHER/py [--reps 7] [--rev0]

``--ref`` is the ``py`` folder of another checkout (e.g. ``git worktree add
/tmp/ref <commit>``). ``--rev0`` plays this tree's games under rules revision 0
(``_rev``: 0), the rules of a record saved before the 2026-11 changes: a tree
from before them then plays exactly the same games and lists moves in exactly
the same positions, so the rows compare the same work. The positions and games
use the random policy of ``bench_smallworld.py`` with fixed seeds; CPU time
(``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROWS = [("2p", 2, {}), ("3p", 3, {}), ("4p", 4, {}), ("5p", 5, {}),
        ("Monsters 3p", 3, {"monsters": "random", "content": "mixed"}),
        ("Underground board 3p", 3, {"board": "underground", "content": "underground"}),
        ("random board 3p", 3, {"board": "random", "content": "mixed"})]
LEGAL = "legal_moves() (4p, mid-game)"


def worker(rev0: bool) -> None:
    """Reads a row's name per line, answers its µs (JSON) per line."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_smallworld import mid_game_samples, policy

    from plateau.core.rng import Rng
    from plateau.games.smallworld import GAME

    old = {"_rev": 0} if rev0 and "_rev" in GAME.full_options({}) else {}
    samples = mid_game_samples(old)
    rows = {label: (n, {**opts, **old}) for label, n, opts in ROWS}
    starts: dict = {}
    for line in sys.stdin:
        label = line.strip()
        if label == LEGAL:
            cl = [x.clone() for x in samples]
            t = time.process_time()
            for x in cl:
                x.legal_moves()
            v = (time.process_time() - t) / len(cl) * 1e6
        else:
            n, opts = rows[label]
            if label not in starts:
                starts[label] = [GAME.start([f"P{i}" for i in range(n)], opts, seed) for seed in range(4)]
            plies = 0
            dt = 0.0
            for seed, st in enumerate(starts[label]):
                s = st.clone()
                r = Rng(seed ^ 77)
                t = time.process_time()
                while not s.is_over():
                    s.play(policy(s, r))
                    plies += 1
                dt += time.process_time() - t
            v = dt / plies * 1e6
        print(json.dumps(v), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ref", required=True, help="the py folder of the other tree")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--rev0", action="store_true", help="this tree plays under rules revision 0")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.rev0)
        return
    here = str(Path(__file__).resolve().parent.parent / "py")
    trees = {"ref": (a.ref, False), "this": (here, a.rev0)}
    procs = {k: subprocess.Popen([sys.executable, __file__, "--worker", "--ref", path] + (["--rev0"] if rev0 else []),
                                 env={**os.environ, "PYTHONPATH": path}, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
             for k, (path, rev0) in trees.items()}
    labels = [LEGAL] + [label for label, _, _ in ROWS]
    best = {k: dict.fromkeys(labels, float("inf")) for k in procs}
    for rep in range(a.reps):
        for label in labels:
            for k in (("ref", "this") if rep % 2 == 0 else ("this", "ref")):
                procs[k].stdin.write(label + "\n")
                procs[k].stdin.flush()
                best[k][label] = min(best[k][label], json.loads(procs[k].stdout.readline()))
    for p in procs.values():
        p.stdin.close()
        p.wait()
    width = max(map(len, labels))
    print(f"Small World, µs (best of {a.reps}, alternating){' — this tree under revision 0' if a.rev0 else ''}")
    print(f"  {'':<{width}}  {'ref':>8}  {'this':>8}  ratio")
    for label in labels:
        r, t = best["ref"][label], best["this"][label]
        print(f"  {label:<{width}}  {r:8.1f}  {t:8.1f}  {t / r:5.2f}")


if __name__ == "__main__":
    main()
