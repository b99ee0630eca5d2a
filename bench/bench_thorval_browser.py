"""Thorval: the engine work of one complete turn, natively and in the browser.

    python3 bench/bench_thorval_browser.py [--turns 40] [--site DIR] [--chromium PATH]

A *complete turn* is everything the engine does between two turns: each
player's decisions (aid, reinforcements, attack and its combat decisions)
and then the next turn's automatic episodes (orks spreading and attacking,
the dragon, the mediator, the first player's dice), which run inside the
move that ends the turn. For every decision the work is what the app asks of
the engine when a move is played: ``clone()``, ``play(text)`` (which checks
the text against the legal moves) and ``legal_moves()`` of the new
position. A second figure adds one board render per decision, drawn for the
player to decide, as the app does after every move.

Decisions are random (the engine's own :class:`~plateau.core.rng.Rng`,
seeded); the set-up is played first and not timed. The same Python source
runs natively (CPython) and in Chromium inside the app's own Pyodide, reached
through PyScript's ``whenDefined("py")`` once the page is ready: nothing is
added to the app. The site is built from the working tree into a temporary
folder and served on a free local port, as the browser tests do.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "scripts")]

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Runs unchanged in CPython and in Pyodide; returns JSON.
TURN_SRC = r'''
import json, time
from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.thorval import GAME


def turns(n, count, first_seed=0, per_game=6):
    """`count` complete turns of random `n`-player games: per turn the engine
    ms, the render ms and the number of decisions."""
    out = []
    seed = first_seed
    clock = time.perf_counter
    while len(out) < count:
        s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
        rng = Rng(seed * 7919 + n)
        seed += 1
        legal = s.legal_moves()
        while s.turn == 0 and not s.is_over():  # the set-up, not timed
            s = s.clone()
            s.play(rng.choice(legal).text)
            legal = s.legal_moves()
        engine = draw = 0.0
        decisions = 0
        turn = s.turn
        while not s.is_over() and s.turn <= per_game and len(out) < count:
            text = rng.choice(legal).text
            t0 = clock()
            nxt = s.clone()
            nxt.play(text)
            legal = nxt.legal_moves()
            t1 = clock()
            if not nxt.is_over():
                GAME.render(nxt, RenderContext(viewer=nxt.to_play,
                                               targets=frozenset(m.path[0] for m in legal)))
            t2 = clock()
            engine += t1 - t0
            draw += t2 - t1
            decisions += 1
            s = nxt
            if s.turn != turn:
                out.append([engine * 1000, draw * 1000, decisions])
                engine = draw = 0.0
                decisions = 0
                turn = s.turn
    return out


def run(players, count, first_seed):
    return json.dumps({str(n): turns(n, count, first_seed) for n in players})
'''

# Loads the source into the app's own Pyodide (PyScript's interpreter for
# <script type="py">), once; then RUN_IN_PAGE calls run() there.
LOAD_IN_PAGE = """async (src) => {
  const coreSrc = document.querySelector('script[type=module][src*="vendor/pyscript"]').getAttribute('src');
  const core = await import(new URL(coreSrc, location.href).href);
  const py = (await core.whenDefined('py')).interpreter;
  const ns = py.globals.get('dict')();
  py.runPython(src, {globals: ns});
  window.__thorvalBench = ns.get('run');
  return py.runPython('import sys; sys.version.split()[0]');
}"""

RUN_IN_PAGE = "([players, count, seed]) => window.__thorvalBench(players, count, seed)"


def quantile(xs, q):
    xs = sorted(xs)
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def measure(players, count, rounds, site, chromium) -> tuple[str, dict, dict]:
    """Native and in-page runs over the same seeded games, interleaved round
    by round so that both see the same load on the machine."""
    from playwright.sync_api import sync_playwright
    from serve import make_server

    ns: dict = {"__name__": "thorval_turn_bench"}
    exec(compile(TURN_SRC, "thorval_turn_bench", "exec"), ns)
    nat: dict = {str(n): [] for n in players}
    web: dict = {str(n): [] for n in players}
    tmp = None
    if site is None:
        tmp = Path(tempfile.mkdtemp(prefix="plateau-thorval-bench-"))
        site = tmp / "site"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(site)], check=True,
                       stdout=subprocess.DEVNULL)
    srv = make_server(site, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(service_workers="block").new_page()
                page.goto(f"http://127.0.0.1:{srv.server_address[1]}/index.html")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                version = page.evaluate(LOAD_IN_PAGE, TURN_SRC)
                ns["run"](players, 2, 10_000)  # warm-up: imports, the board's cached layers
                page.evaluate(RUN_IN_PAGE, [list(players), 2, 10_000])
                per = max(1, -(-count // rounds))
                for r in range(rounds):
                    seed = r * 1000
                    for n, xs in json.loads(ns["run"](players, per, seed)).items():
                        nat[n] += xs
                    for n, xs in json.loads(page.evaluate(RUN_IN_PAGE, [list(players), per, seed])).items():
                        web[n] += xs
            finally:
                browser.close()
    finally:
        srv.shutdown()
        srv.server_close()
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return version, nat, web


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=40, help="turns sampled per player count")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--rounds", type=int, default=5, help="native and browser runs alternate this many times")
    ap.add_argument("--site", help="serve this built site instead of building the working tree")
    ap.add_argument("--chromium", default=os.environ.get("PLATEAU_CHROMIUM", "/usr/bin/chromium"))
    args = ap.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    if not Path(args.chromium).exists():
        sys.exit(f"bench: Chromium not found at {args.chromium}")
    t_all = time.perf_counter()
    version, nat, web = measure(players, args.turns, args.rounds, Path(args.site).resolve() if args.site else None,
                                args.chromium)

    head = ["players, work", "turns", "decisions/turn", "native med", "p95", "browser med", "p95", "browser/native"]
    rows = []
    for n in players:
        a, b = nat[str(n)], web[str(n)]
        if [x[2] for x in a] != [x[2] for x in b]:  # the same seeds must give the same games
            sys.exit(f"bench: {n}-player games differ between CPython and Pyodide")
        dec = statistics.median(x[2] for x in a)
        for label, pick in (("engine", lambda x: x[0]), ("engine + render", lambda x: x[0] + x[1])):
            xs, ys = [pick(x) for x in a], [pick(x) for x in b]
            rows.append([f"{n}, {label}", str(len(xs)), f"{dec:.0f}",
                         f"{statistics.median(xs):.1f}", f"{quantile(xs, .95):.1f}",
                         f"{statistics.median(ys):.1f}", f"{quantile(ys, .95):.1f}",
                         f"{statistics.median(y / x for x, y in zip(xs, ys) if x > 0):.1f}x"])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    print(f"Thorval, one complete turn (ms): CPython {sys.version.split()[0]} vs Pyodide "
          f"(Python {version}) in Chromium")
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths))))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    print("engine = clone + play + legal_moves for every decision of the turn and the next turn's episodes;\n"
          "+ render = one SVG of the board per decision. Random decisions, turns 1-6 of seeded games, the same\n"
          "games in both (browser/native = median of the per-turn ratios; runs interleaved).")
    print(f"(wall time {time.perf_counter() - t_all:.0f} s)")


if __name__ == "__main__":
    main()
