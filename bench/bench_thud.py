"""Thud engine speed, natively: perft at depths 1–3 for each capture
convention, legal-move generation, random games per second, rendering.

Run: PYTHONPATH=py python3 bench/bench_thud.py
"""

from __future__ import annotations

import statistics
import time

from plateau.core.game import Move, RenderContext
from plateau.core.record import Record
from plateau.core.rng import Rng
from plateau.games.thud import GAME
from plateau.games.thud import board as B


def timed(fn, repeat=1):
    best = None
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None or dt < best else best
    return out, best


def per_call(fn, n):
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n


def random_game(seed, max_plies=400):
    """A random match: captures favoured, an offer accepted after 150 plies."""
    rng = Rng(seed)
    s = GAME.start(["A", "B"], {}, seed)
    plies = 0
    moves = []
    while not s.is_over() and plies < max_plies:
        texts = [m.text for m in s.legal_moves()]
        if "accept" in texts:
            pick = "accept"
        elif "offer" in texts and s.round_plies > 150:
            pick = "offer"
        else:
            caps = [t for t in texts if "x" in t]
            pick = rng.choice(caps) if caps and rng.below(2) else rng.choice([t for t in texts if t != "offer"])
        s.play(pick)
        moves.append(pick)
        plies += 1
    return plies, moves


def main():
    print("Thud engine benchmark (CPython, this machine)\n")
    print(f"{'perft':<22}{'depth':>6}{'nodes':>12}{'seconds':>10}{'Mnodes/s':>10}")
    for conv in B.CONVENTIONS:
        for depth in (1, 2, 3):
            n, dt = timed(lambda: B.perft(list(B.START_BOARD), B.DWARF, depth, conv), 3 if depth < 3 else 1)
            print(f"{'captures=' + conv:<22}{depth:>6}{n:>12}{dt:>10.4f}{n / dt / 1e6:>10.2f}")

    s = GAME.start(["A", "B"])
    b = list(s.board)
    print()
    print(f"{'operation':<44}{'time':>12}")
    print(f"{'gen_moves (start, 656 dwarf moves)':<44}{per_call(lambda: B.gen_moves(b, B.DWARF), 2000) * 1e6:>9.1f} µs")
    s2 = s.clone()
    s2.play("dF1-F3")
    b2 = list(s2.board)
    print(f"{'gen_moves (trolls after 1 move)':<44}{per_call(lambda: B.gen_moves(b2, B.TROLL), 2000) * 1e6:>9.1f} µs")

    def legal():
        s._moves = None
        return s.legal_moves()

    print(f"{'state.legal_moves() with Move objects':<44}{per_call(legal, 500) * 1e3:>9.3f} ms")

    def play_one():
        c = s.clone()
        c.play("dF1-F3")

    print(f"{'clone + play(text) (fast check)':<44}{per_call(play_one, 2000) * 1e6:>9.1f} µs")

    # render: start position, and a mid-game position with targets and last move
    _, moves = random_game(3, 60)
    rec = Record("thud", {}, 3, ["A", "B"], moves)
    mid = rec.replay()
    ctx0 = RenderContext()
    ms = mid.legal_moves()
    board_moves = [m for m in ms if m.text[0] in "dT"]
    first = board_moves[0]
    targets = frozenset(m.path[1] for m in board_moves if m.path[0] == first.path[0])
    ctx1 = RenderContext(clicks=(first.path[0],), targets=targets, last=Move(moves[-1]) if moves else None)
    GAME.render(s, ctx0)
    samples = []
    for _ in range(300):
        t = time.perf_counter()
        GAME.render(mid, ctx1)
        samples.append(time.perf_counter() - t)
    samples.sort()
    print(f"{'render (start position)':<44}{per_call(lambda: GAME.render(s, ctx0), 300) * 1e3:>9.3f} ms")
    print(f"{'render (mid-game, selection+targets), median':<44}{statistics.median(samples) * 1e3:>9.3f} ms")
    print(f"{'render (mid-game, selection+targets), p95':<44}{samples[int(len(samples) * 0.95)] * 1e3:>9.3f} ms")

    # random games
    t = time.perf_counter()
    games = 0
    plies = 0
    while time.perf_counter() - t < 3.0:
        n, _ = random_game(1000 + games)
        plies += n
        games += 1
    dt = time.perf_counter() - t
    print(f"{'random games (2 rounds, ~300 plies) / s':<44}{games / dt:>9.2f}")
    print(f"{'random plies / s (legal_moves + play)':<44}{plies / dt:>9.0f}")

    # replaying a record (what undo, share links and saved games do)
    rec = Record("thud", {}, 0, ["A", "B"], random_game(7)[1])
    _, dt = timed(rec.replay, 3)
    print(f"{'replay a %d-ply record' % len(rec.moves):<44}{dt * 1e3:>9.1f} ms")


if __name__ == "__main__":
    main()
