"""Benchmark of the computer players.

Commands (run from the repository root):

* ``calibrate`` — in the vendored Pyodide under node: search units (MCTS
  iterations, alpha-beta nodes) done in 1.0 s, median over sampled
  positions, per game: the ``BUDGET`` of each game's ``ai.py`` ("normal").
* ``think`` — in Pyodide under node: time of a whole decision at "normal"
  as the page runs it (12 ms slices, the budget capped at 1 s of thinking)
  — p50, p95, max — and of forced moves (one legal move).
* ``match --vs random|greedy`` — natively, iteration budgets (so results do
  not depend on the machine's load): the computer at "normal" against copies
  of a baseline; seats rotate; win rate with its Wilson 95 % interval.
* ``ladder`` — hard vs normal and normal vs easy (2 players).
* ``stability`` — natively: how often the search picks the same move with
  different seeds at 1×, 3× (hard) and 9× the normal budget, at the real
  choices of one game between two computers at "normal" (seed 1000 +
  ``--first``): whether more iterations still change the decisions.

    PYTHONPATH=py python3 bench/bench_ai.py calibrate
    PYTHONPATH=py python3 bench/bench_ai.py match --vs random --n 20 --jobs 2
    PYTHONPATH=py python3 bench/bench_ai.py stability --games smallworld --npos 14
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))

NAMES = ["Ann", "Bob", "Cid", "Dee"]
GAMES = ["thud", "armadora", "troy", "thorval", "smallworld"]
# options used in matches: Thorval with a turn limit of 5 (a game without one
# lasts 400–700 decisions); Thud rounds capped at 60 board moves, then
# scored as if the end were agreed
OPTIONS = {"thorval": {"turn_limit": 5}}
ROUND_CAP = 60
# Thud: each match starts from 4 random board moves (the same in both rounds): two searchers without
# noise would otherwise play the same match whatever the seed
THUD_OPENING = 4
SLICE_MS = 12  # as the page slices the search (plateau.web.computer.SLICE_MS)


def sample_positions(gid: str, n: int, count: int, seed: int = 7, max_ply: int = 120, keep: int = 0):
    """``count`` positions with more than one legal move, from random games
    (with ``keep``: pairs of a position and the ``keep`` positions before it,
    from which the page gives a computer player its earlier views)."""
    from plateau.core.registry import get_game
    from plateau.core.rng import Rng

    from plateau.ai import hooks_for

    g = get_game(gid)
    prune = getattr(hooks_for(gid), "search_moves", None)
    r = Rng(seed)
    out = []
    k = 0
    while len(out) < count:
        k += 1
        s = g.start(NAMES[:n], OPTIONS.get(gid, {}), seed=seed * 1000 + k)
        stop = r.below(max_ply)
        before = []
        for _ in range(stop):
            if s.is_over():
                break
            if keep:
                before = (before + [s.clone()])[-keep:]
            ms = s.legal_moves()
            s.play(ms[r.below(len(ms))])
        if not s.is_over():
            ms = s.legal_moves()
            # a real choice (Small World's redeployment steps are planned, not searched)
            if len(prune(s, ms) if prune else ms) > 1:
                out.append((s, before) if keep else s)
    return out


def forced_positions(gid: str, n: int, count: int, seed: int = 11):
    from plateau.core.registry import get_game
    from plateau.core.rng import Rng

    from plateau.ai import hooks_for

    g = get_game(gid)
    prune = getattr(hooks_for(gid), "search_moves", None)
    r = Rng(seed)
    out = []
    k = 0
    while len(out) < count and k < 200:
        k += 1
        s = g.start(NAMES[:n], OPTIONS.get(gid, {}), seed=seed * 1000 + k)
        for _ in range(400):
            if s.is_over():
                break
            ms = s.legal_moves()
            # one legal move, or one move worth weighing (a planned step)
            if len(prune(s, ms) if prune else ms) == 1:
                out.append(s.clone())
                break
            s.play(ms[r.below(len(ms))])
    return out


# --------------------------------------------------------------------------
# in Pyodide
PYO_CALIBRATE = r"""
import json, statistics, sys
sys.path.insert(0, "/repo/bench")
from bench_ai import sample_positions
from plateau.ai import Thinker
from plateau.ai.api import TIME_LIMITS
from plateau.core.registry import get_game
res = {}
for gid in GAMES:
    g = get_game(gid)
    counts = []
    for s in sample_positions(gid, 2, NPOS):
        p = s.to_play
        # the level's search (its own settings, if any) for the level's thinking time
        t = Thinker(g, s.view(p), p, seed=1, level=LEVEL, budget=10**9)
        t.step(max_ms=TIME_LIMITS[LEVEL])
        counts.append(t.spent)
    res[gid] = {"median": statistics.median(counts), "min": min(counts), "max": max(counts)}
print("RESULT " + json.dumps(res))
"""

PYO_THINK = r"""
import json, statistics, sys, time
sys.path.insert(0, "/repo/bench")
from bench_ai import sample_positions, forced_positions
from plateau.ai import Thinker, memory_size
from plateau.ai.api import TIME_LIMITS
from plateau.core.registry import get_game
res = {}
for gid in GAMES:
    g = get_game(gid)
    times = []
    setups = []  # the set-up of a decision, one block before the first slice
    keep = memory_size(g)
    for s in sample_positions(gid, 2, NPOS, seed=23, keep=keep):
        s, before = s if keep else (s, [])
        p = s.to_play
        t0 = time.perf_counter()
        # as the page does: the player's views of the positions before (the game's memory)
        t = Thinker(g, s.view(p), p, seed=2, level=LEVEL, time_limit_ms=TIME_LIMITS[LEVEL],
                    memory=[b.view(p) for b in before])
        setup = (time.perf_counter() - t0) * 1000
        while not t.step(max_ms=SLICE):
            pass
        t.best()
        times.append((time.perf_counter() - t0) * 1000)
        setups.append(setup)
    forced = []
    for s in forced_positions(gid, 2, 10):
        p = s.to_play
        t0 = time.perf_counter()
        t = Thinker(g, s.view(p), p, seed=2, level=LEVEL)
        while not t.step(max_ms=SLICE):
            pass
        t.best()
        forced.append((time.perf_counter() - t0) * 1000)
    times.sort()
    res[gid] = {"n": len(times), "p50": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
                "max": max(times), "setup_max": max(setups), "forced_n": len(forced), "forced_max": max(forced) if forced else None,
                "forced_ms": [round(x, 1) for x in forced]}
print("RESULT " + json.dumps(res))
"""


def in_pyodide(template: str, games, npos: int, level: str = "normal") -> dict:
    from pyodide_node import run_pyodide

    code = f"GAMES = {list(games)!r}\nNPOS = {npos}\nSLICE = {SLICE_MS}\nLEVEL = {level!r}\n" + template
    out = run_pyodide(code)
    line = [x for x in out.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[7:])


# --------------------------------------------------------------------------
# natively: matches
def _one(job):
    """One game: (gid, n, seat of the player under test, seed, test, base)."""
    from plateau.ai.play import ai_player, greedy_player, play_game, random_player
    from plateau.core.registry import get_game

    gid, n, seat, seed, test, base = job

    def make(spec):
        if spec == "random":
            return random_player
        if spec == "greedy":
            return greedy_player
        return ai_player(spec)

    g = get_game(gid)
    players = [make(base)] * n
    players[seat] = make(test)
    t0 = time.perf_counter()
    s = play_game(g, players, NAMES[:n], seed, OPTIONS.get(gid, {}), round_cap=ROUND_CAP,
                  opening=THUD_OPENING if gid == "thud" else 0)
    w = s.winners()
    if gid == "armadora" and n == 4:
        side = seat % 2
        score = 1.0 if w and all(p % 2 == side for p in w) else (0.5 if any(p % 2 == side for p in w) else 0.0)
    elif not w:
        score = 1.0 / n if n > 2 else 0.5  # a draw
    else:
        score = 1.0 / len(w) if seat in w else 0.0
    return {"game": gid, "n": n, "seat": seat, "seed": seed, "score": score, "scores": s.scores(),
            "secs": time.perf_counter() - t0}


def run_matches(configs, test, base, n_games, jobs, n_thud=None, out=None, first=0, paired=False):
    """Each configuration's games (seats rotating), its row printed as soon
    as it is done (and appended to ``out`` as JSON). Game ``i`` has seed
    ``1000 + i`` and the tested player in seat ``i mod n``; ``paired``: game
    ``i`` has seed ``1000 + i // n`` instead, so each seed is played once
    from every seat (the seat's and the deal's luck cancel out within a
    seed's games)."""
    from plateau.ai.play import wilson

    rows = []
    pool = None
    if jobs > 1:
        from multiprocessing import Pool

        pool = Pool(jobs)
    try:
        for gid, n in configs:
            count = n_thud if (gid == "thud" and n_thud is not None) else n_games
            work = [(gid, n, i % n, 1000 + (i // n if paired else i), test, base)
                    for i in range(first, first + count)]
            rs = []
            for r in (pool.imap_unordered(_one, work) if pool else map(_one, work)):
                rs.append(r)
                if out:  # each game as it ends: a run cut short still counts
                    with open(out + ".games", "a", encoding="utf-8") as f:
                        f.write(json.dumps(dict(r, test=test, vs=base)) + "\n")
            k = sum(r["score"] for r in rs)
            lo, hi = wilson(k, len(rs))
            chance = 0.5 if (n == 2 or gid == "armadora") else 1.0 / n
            row = {"game": gid, "players": n, "test": test, "vs": base, "games": len(rs),
                   "rate": k / len(rs), "lo": lo, "hi": hi, "chance": chance,
                   "secs_per_game": statistics.mean(r["secs"] for r in rs), "paired": paired}
            rows.append(row)
            print_rows([row])
            sys.stdout.flush()
            if out:
                with open(out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
    finally:
        if pool is not None:
            pool.close()
    return rows


def stability(gid: str, n: int, npos: int, first: int = 0) -> dict:
    """Agreement of the search's move across seeds at 1×, 3× and 9× the
    normal budget, at ``npos`` real choices (spread over one game between
    two computers at "normal"); ``same`` counts the positions where the 3×
    budget's most frequent move is the 1× one's, and the 9× one's."""
    import itertools
    from collections import Counter

    from plateau.ai import Thinker, hooks_for
    from plateau.ai.play import ai_player, play_game
    from plateau.core.registry import get_game

    g = get_game(gid)
    hooks = hooks_for(gid)
    prune = getattr(hooks, "search_moves", None)
    base = getattr(hooks, "BUDGET", 200)
    seen = []

    def check(s, text):
        ms = s.legal_moves()
        if len(prune(s, ms) if prune else ms) > 1:
            seen.append((s.view(s.to_play), s.to_play))

    play_game(g, [ai_player("normal")] * n, NAMES[:n], 1000 + first, OPTIONS.get(gid, {}), check=check,
              round_cap=ROUND_CAP, opening=THUD_OPENING if gid == "thud" else 0)
    picks = seen[::max(1, len(seen) // npos)][:npos]
    scales = ((1, 4), (3, 4), (9, 2))  # (× the normal budget, seeds)
    agree = {k: [] for k, _ in scales}
    same = [0, 0]
    for view, p in picks:
        res = {}
        for k, seeds in scales:
            res[k] = []
            for sd in range(1, seeds + 1):
                t = Thinker(g, view, p, seed=sd, budget=base * k)
                while not t.step():
                    pass
                res[k].append(t.best())
            pairs = [a == b for a, b in itertools.combinations(res[k], 2)]
            agree[k].append(sum(pairs) / len(pairs))
        mode = {k: Counter(res[k]).most_common(1)[0][0] for k, _ in scales}
        same[0] += mode[1] == mode[3]
        same[1] += mode[9] == mode[3]
    return {"game": gid, "players": n, "positions": len(picks), "budget": base,
            "agreement": {f"{k}x": round(sum(v) / len(v), 2) for k, v in agree.items()},
            "mode_1x_is_3x": same[0], "mode_9x_is_3x": same[1]}


def set_hard(games, spec) -> None:
    """Give each game's hard level the share of the budget and the search
    settings ``spec = [scale, {settings}]`` (an experiment: the games' own
    ``LEVELS`` are replaced in this process and its workers)."""
    from plateau.ai import hooks_for

    scale, settings = spec
    for gid in games:
        hooks = hooks_for(gid)
        hooks.LEVELS = dict(getattr(hooks, "LEVELS", None) or {}, hard=(float(scale), 0.0, dict(settings)))


def print_rows(rows):
    for r in rows:
        print(f"| {r['game']} {r['players']}p | {r['test']} vs {r['vs']} | {r['games']} | "
              f"{100 * r['rate']:.0f} % | [{100 * r['lo']:.0f}, {100 * r['hi']:.0f}] | "
              f"{100 * r['chance']:.0f} % | {r['secs_per_game']:.1f} s |")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="think", choices=["calibrate", "think", "match", "ladder", "stability"],
                    help="default: think (what bench/run.sh runs)")
    ap.add_argument("--vs", default="random", choices=["random", "greedy"])
    ap.add_argument("--n", type=int, default=20, help="games per configuration")
    ap.add_argument("--n-thud", type=int, default=None, help="matches for Thud (default: --n)")
    ap.add_argument("--npos", type=int, default=12, help="positions per game (Pyodide runs, stability)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--level", default="normal", choices=["easy", "normal", "hard"],
                    help="calibrate, think: the level (its search settings and thinking time)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--players", default="2", help="player counts, e.g. 2,4")
    ap.add_argument("--out", default=None, help="append each result row (JSON) to this file")
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first game (seeds 1000+i): extend an earlier sample with new games")
    ap.add_argument("--paired", action="store_true",
                    help="match, ladder: each seed played once from every seat (seeds 1000 + i // players)")
    ap.add_argument("--hard", default=None, metavar="JSON",
                    help='ladder: the hard level to try, e.g. \'[2.0, {"HORIZON": 48}]\' (its share of the budget '
                         'and search settings: plateau.ai.api.level_for), for every game of --games')
    a = ap.parse_args(argv)
    games = a.games.split(",")
    if a.hard:
        set_hard(games, json.loads(a.hard))
    if a.command == "calibrate":
        print(json.dumps(in_pyodide(PYO_CALIBRATE, games, a.npos, a.level), indent=1))
    elif a.command == "think":
        print(json.dumps(in_pyodide(PYO_THINK, games, a.npos, a.level), indent=1))
    elif a.command == "stability":
        for gid in games:
            for n in (int(x) for x in a.players.split(",")):
                print(json.dumps(stability(gid, n, a.npos, a.first)))
                sys.stdout.flush()
    elif a.command in ("match", "ladder"):
        configs = []
        for gid in games:
            for n in (int(x) for x in a.players.split(",")):
                if gid == "thud" and n != 2:
                    continue
                configs.append((gid, n))
        print("| game | match | games | score | Wilson 95 % | chance | time/game |")
        print("|---|---|---|---|---|---|---|")
        sys.stdout.flush()
        if a.command == "match":
            run_matches(configs, "normal", a.vs, a.n, a.jobs, a.n_thud, a.out, a.first, a.paired)
        else:
            run_matches(configs, "hard", "normal", a.n, a.jobs, a.n_thud, a.out, a.first, a.paired)
            run_matches(configs, "normal", "easy", a.n, a.jobs, a.n_thud, a.out, a.first, a.paired)


if __name__ == "__main__":
    main()
