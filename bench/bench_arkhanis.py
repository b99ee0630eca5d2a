"""Arkhanis tournament benchmark (issue 11, item 6).

Run: PYTHONPATH=py python3 bench/bench_arkhanis.py [--players 24] [--games 3] [--ai LEVEL] [--pyodide]
     PYTHONPATH=py python3 bench/bench_arkhanis.py --replay [--players 24] [--pyodide]

- a whole tournament of ``--players`` participants played to the end natively: wall time, plies, the
  state's memory (tracemalloc peak while playing, and the size of ``view(None)`` as JSON);
- the length of the share link and of the saved file of the finished tournament (a ``.plateau``
  file holds the same text as the link);
- ``--ai LEVEL``: the participants are computer players of that level (the tournament's AI hooks);
  otherwise random players (the property tests' policy);
- ``--pyodide``: the time of one slot (every table's seat of one rank) in the vendored Pyodide
  under node, on a tournament brought to turn 5 with the same policy.
- ``--replay``: opening finished tournaments as the page does (``Session`` of the decoded record: every
  move checked), natively and (with ``--pyodide``) in Pyodide: the time to open, the memory the
  session keeps, and the time to show positions of its history (``Session.goto`` then ``state``).
  Two tournaments: one played by the random players above (about 1,300 plies for 24 participants)
  and one by players who end their turns less often (about 3,000 plies).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from plateau.core.record import Record, encode  # noqa: E402
from plateau.core.rng import Rng  # noqa: E402
from plateau.games.arkhanis import GAME  # noqa: E402


def random_move(s, r):
    ms = s.legal_moves()
    ts = [m.text for m in ms]
    for pref in ("done", "end", "nopeace", "pass"):
        if pref in ts and r.below(3) == 0:
            return pref
    if "decline" in ts and r.below(5) == 0:
        return "decline"
    return r.choice(ms).text


def play(n, seed, ai=None):
    s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
    r = Rng(seed + 1)
    moves = []
    think = []
    while not s.is_over():
        if ai:
            from plateau.ai.api import choose

            p = s.to_play
            t0 = time.perf_counter()
            m = choose(GAME, s.view(p), p, level=ai, seed=len(moves))
            think.append(time.perf_counter() - t0)
        else:
            m = random_move(s, r)
        s.play(m)
        moves.append(m)
    return s, moves, think


def long_move(s, r):
    """A random player who seldom ends a turn or a phase early: longer tournaments."""
    ms = s.legal_moves()
    ts = [m.text for m in ms]
    if "decline" in ts and r.below(8) == 0:
        return "decline"
    rest = [m for m in ms if m.text not in ("done", "end", "nopeace", "pass", "decline")]
    return r.choice(rest).text if rest and r.below(6) == 0 else r.choice(ms).text


def shuffling_move(s, r):
    """A player who also moves tokens about during the redeployment before
    ending it (as long as such moves remain): the longest tournaments, about
    2,600 plies for 24 participants."""
    ms = s.legal_moves()
    shuffle = [m for m in ms if m.text.split(":")[0] in ("mv", "back", "put", "camp", "uncamp")]
    if shuffle and r.below(12) != 0:
        return r.choice(shuffle).text
    return long_move(s, r)


POLICIES = {"random": random_move, "long": long_move, "shuffle": shuffling_move}

# (policy, seed) of the finished tournaments of --replay
REPLAYS = (("random", 100), ("long", 300), ("shuffle", 300))


def finished_record(n, policy, seed):
    s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
    r = Rng(seed + 1)
    moves = []
    pick = POLICIES[policy]
    while not s.is_over():
        m = pick(s, r)
        s.play(m)
        moves.append(m)
    return Record("arkhanis", {}, seed, list(s.players), moves)


def _forget_boards(mapdraw):
    """The boards made and drawn so far forgotten, as in a page that opens."""
    mapdraw._GRAPHS.clear()
    for cached in (mapdraw.geometry, mapdraw.terrain_layer, mapdraw.thumbnail):
        cached.cache_clear()


def replay_numbers(link, navs=40, memory=True):
    """Open the record ``link`` as the page does and walk its history: a line of numbers."""
    import gc
    import random

    from plateau.core.record import decode
    from plateau.web.session import Session

    from plateau.games.smallworld import mapdraw

    _forget_boards(mapdraw)  # a page opening a link has not made its random boards yet
    gc.collect()
    c0, t0 = time.process_time(), time.perf_counter()
    rec = decode(link)
    t1 = time.perf_counter()
    rec.start()
    t2 = time.perf_counter()
    try:
        sess = Session(rec, "fr")  # as the page opens it: the move list's words written on the way
    except TypeError:  # a version whose sessions write them later
        sess = Session(rec)
    c3, t3 = time.process_time(), time.perf_counter()
    rnd = random.Random(7)
    times = []
    for _ in range(navs):
        t = time.perf_counter()
        sess.goto(rnd.randrange(sess.total + 1))
        sess.state.to_play
        times.append(time.perf_counter() - t)
    times.sort()
    t = time.perf_counter()
    for ply in range(sess.total - 1, max(-1, sess.total - 61), -1):  # back, one ply at a time
        sess.goto(ply)
        sess.state.to_play
    back = (time.perf_counter() - t) / min(60, sess.total)
    mem = ""
    if memory:
        import tracemalloc

        del sess
        _forget_boards(mapdraw)
        gc.collect()
        tracemalloc.start()
        sess = Session(decode(link))
        held, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        mem = f"; session keeps {held / 1e6:.1f} MB (peak {peak / 1e6:.1f} MB)"
    return (f"{len(rec.moves)} plies: decode {(t1 - t0) * 1000:.0f} ms, start {(t2 - t1) * 1000:.0f} ms, "
            f"open (Session) {(t3 - t2) * 1000:.0f} ms (all three: {(t3 - t0) * 1000:.0f} ms, CPU "
            f"{(c3 - c0) * 1000:.0f} ms); a ply of its history p50 "
            f"{times[len(times) // 2] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms, one back "
            f"{back * 1000:.1f} ms{mem}")


def replay_main(a):
    links = []
    for policy, seed in REPLAYS:
        links.append(encode(finished_record(a.players, policy, seed)))
    print(f"Arkhanis, {a.players} participants, finished tournaments opened (natively)")
    for (policy, seed), link in zip(REPLAYS, links):
        print(f"{policy} players, seed {seed}: " + replay_numbers(link))
    if a.pyodide:
        from pyodide_node import run_pyodide

        code = f"""
import sys
sys.path.insert(0, '/repo/bench')
from bench_arkhanis import replay_numbers
for name, link in {[(f"{p} players, seed {s}", x) for (p, s), x in zip(REPLAYS, links)]!r}:
    replay_numbers(link, navs=2, memory=False)  # modules imported and compiled once
    print("pyodide: " + name + ": " + replay_numbers(link, memory=False))
"""
        print(run_pyodide(code).strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=24)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--ai", default=None)
    ap.add_argument("--pyodide", action="store_true")
    ap.add_argument("--replay", action="store_true", help="open finished tournaments (Session), natively and in Pyodide")
    a = ap.parse_args()
    if a.replay:
        replay_main(a)
        return
    print(f"Arkhanis, {a.players} participants, {'computer ' + a.ai if a.ai else 'random'} players")
    for g in range(a.games):
        tracemalloc.start()
        t0 = time.perf_counter()
        s, moves, think = play(a.players, 100 + g, a.ai)
        wall = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        view = len(json.dumps(s.view(None), separators=(",", ":")))
        link = encode(Record("arkhanis", {}, 100 + g, list(s.players), moves))
        extra = ""
        if think:
            think.sort()
            extra = f", think p50 {think[len(think) // 2] * 1000:.0f} ms p95 {think[int(len(think) * .95)] * 1000:.0f} ms"
        print(f"game {g}: {len(s.tables)} tables, {len(moves)} plies in {wall:.2f} s "
              f"({wall / len(moves) * 1000:.2f} ms/ply){extra}; memory peak {peak / 1e6:.1f} MB, "
              f"view(None) {view / 1000:.0f} kB; link {len(link)} chars (#g=…), file {len(link) + 1} bytes")
    if a.pyodide:
        from pyodide_node import run_pyodide

        code = f"""
import time, sys
sys.path.insert(0, '/repo/bench')
from bench_arkhanis import random_move
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME
times = []
for seed in range(3):
    s = GAME.start([f"P{{i}}" for i in range({a.players})], {{}}, seed)
    r = Rng(seed)
    while s.turn < 5:
        s.play(random_move(s, r))
    slot = s.slot
    t0 = time.perf_counter()
    n = 0
    while s.turn == 5 and s.slot == slot:
        s.play(random_move(s, r))
        n += 1
    times.append((time.perf_counter() - t0, n))
for t, n in times:
    print(f"pyodide: one slot of turn 5: {{n}} plies in {{t * 1000:.0f}} ms ({{t / max(n, 1) * 1000:.2f}} ms/ply)")
"""
        print(run_pyodide(code).strip())


if __name__ == "__main__":
    main()
