"""Small World engine benchmark: random full games, legal-move generation,
play, clone, view and render time mid-game.

Run: PYTHONPATH=py python3 bench/bench_smallworld.py [--pyodide]

``--pyodide`` runs the same measurements in the vendored Pyodide under node
(node_modules/pyodide, as scripts/build.py uses it): the source tree is
mounted read-only into Pyodide's file system and this file's ``main`` runs
there unchanged.

Random games use the same policy as the property tests: a uniformly random
legal move, except that "end conquests", "end turn", "no peace" and "do not
decline" are taken one time in three when offered (otherwise a random player
shuffles tokens between its regions for a very long time).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME


def policy(s, r):
    ms = s.legal_moves()
    texts = [m.text for m in ms]
    for pref in ("done", "end", "nopeace", "pass"):
        if pref in texts and r.below(3) == 0:
            return ms[texts.index(pref)]
    return r.choice(ms)


def mid_game_samples(options=None):
    """Up to 200 positions of 4-player games, every 15th ply from the 60th
    (seeds 0-7, the random policy)."""
    samples = []
    for seed in range(8):
        s = GAME.start(["A", "B", "C", "D"], dict(options or {}), seed)
        r = Rng(seed)
        k = 0
        while not s.is_over():
            if 60 <= k and k % 15 == 0 and len(samples) < 200:
                samples.append(s.clone())
            s.play(policy(s, r))
            k += 1
    return samples


UNDERGROUND_OPTIONS = (
    ("base map, Monsters", {"monsters": "random", "content": "mixed"}),
    ("Underground board", {"board": "underground", "content": "underground"}),
    ("random board", {"board": "random", "content": "mixed"}),
)


def play_out(seed, n, opts=None):
    s = GAME.start([f"P{i}" for i in range(n)], opts or {}, seed)
    r = Rng(seed ^ 77)
    plies = 0
    while not s.is_over():
        s.play(policy(s, r))
        plies += 1
    return s, plies


def play_ug_powers(seed, n, forced):
    """A random game on the Underground board; with ``forced`` every badge is
    one of the Underground powers of ``ug_powers`` (each twice)."""
    from plateau.games.smallworld import ug_powers

    s = GAME.start([f"P{i}" for i in range(n)], {"board": "underground", "content": "underground"}, seed)
    r = Rng(seed ^ 77)
    if forced:
        deck = r.shuffled(sorted(ug_powers.HOOKS) * 2)
        s.badges = deck[len(s.column):]
        for i, c in enumerate(s.column):
            c[1] = deck[i]
    plies = 0
    while not s.is_over():
        s.play(policy(s, r))
        plies += 1
    return plies


def ug_rows(rows, budget=3):
    for forced, label in ((False, "Underground decks"), (True, "Underground powers only")):
        for n in (2, 4):
            t0 = time.perf_counter()
            games = plies = 0
            while time.perf_counter() - t0 < budget:
                plies += play_ug_powers(games, n, forced)
                games += 1
            dt = time.perf_counter() - t0
            rows.append((f"µs / ply, {label}, Underground board, {n}p", f"{dt / plies * 1e6:.0f}"))


def main():
    rows = []
    ug_rows(rows)
    for n in (2, 3, 4, 5):
        t0 = time.perf_counter()
        games = plies = 0
        while time.perf_counter() - t0 < 3:
            _, p = play_out(games, n)
            games += 1
            plies += p
        dt = time.perf_counter() - t0
        rows.append((f"random full games / s, {n} players", f"{games / dt:.1f}"))
        rows.append((f"  plies / game, µs / ply ({n}p)", f"{plies / games:.0f}, {dt / plies * 1e6:.0f}"))
    for label, opts in UNDERGROUND_OPTIONS:  # Monsters, places and relics in play
        t0 = time.perf_counter()
        games = plies = 0
        setup = playing = 0.0
        while time.perf_counter() - t0 < 3:
            t1 = time.perf_counter()
            s = GAME.start(["P0", "P1", "P2"], opts, games)
            t2 = time.perf_counter()
            r = Rng(games ^ 77)
            while not s.is_over():
                s.play(policy(s, r))
                plies += 1
            setup += t2 - t1
            playing += time.perf_counter() - t2
            games += 1
        rows.append((f"3p {label}: start ms, µs / ply", f"{setup / games * 1e3:.0f}, {playing / plies * 1e6:.0f}"))
    samples = mid_game_samples()
    t0 = time.perf_counter()
    for s in samples:
        s.legal_moves()
    rows.append(("legal_moves() µs / mid-game position (4p)", f"{(time.perf_counter() - t0) / len(samples) * 1e6:.0f}"))
    t0 = time.perf_counter()
    count = 0
    r = Rng(5)
    for s in samples:
        c = s.clone()
        if not c.is_over():
            c.play(policy(c, r).text)
            count += 1
    rows.append(("clone + play(text) µs / move", f"{(time.perf_counter() - t0) / count * 1e6:.0f}"))
    t0 = time.perf_counter()
    for s in samples:
        s.view(0)
    rows.append(("view(player) µs", f"{(time.perf_counter() - t0) / len(samples) * 1e6:.0f}"))
    GAME.render(samples[0], RenderContext())
    t0 = time.perf_counter()
    for s in samples:
        targets = frozenset(m.path[0] for m in s.legal_moves())
        GAME.render(s, RenderContext(viewer=s.to_play, targets=targets, lang="en"))
    rows.append(("render() ms / board (4p, mid-game)", f"{(time.perf_counter() - t0) / len(samples) * 1e3:.2f}"))
    try:
        from plateau.games.smallworld import mapdraw  # noqa: F401

        rows.append(("  (map drawing from mapdraw)", "yes"))
    except ImportError:
        rows.append(("  (map drawing from mapdraw)", "absent: plain cells"))
    width = max(len(a) for a, _ in rows)
    where = "Pyodide " + sys.version.split()[0] + " under node" if sys.platform == "emscripten" else "CPython"
    print(f"Small World benchmark ({where}, this machine)")
    for a, b in rows:
        print(f"  {a:<{width}}  {b:>10}")


NODE_JS = r"""
const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR });
py.FS.mkdirTree("/plateau");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_ROOT }, "/plateau");
py.setStdout({ batched: (s) => process.stdout.write(s + "\n") });
py.runPython(`
import os, sys
sys.path[:0] = ["/plateau/py", "/plateau/bench"]
os.environ["PLATEAU_BOARDS"] = "/plateau/boards"
import bench_smallworld
bench_smallworld.main()
`);
"""


def run_pyodide():
    root = Path(__file__).resolve().parent.parent
    pyo = root / "node_modules" / "pyodide"
    env = {**os.environ, "PLATEAU_PYODIDE_MJS": (pyo / "pyodide.mjs").as_uri(),
           "PLATEAU_PYODIDE_DIR": str(pyo) + "/", "PLATEAU_ROOT": str(root)}
    subprocess.run(["node", "--input-type=module", "-e", NODE_JS], env=env, check=True)


if __name__ == "__main__":
    if "--pyodide" in sys.argv[1:]:
        run_pyodide()
    else:
        main()
