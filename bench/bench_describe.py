"""How long the move list's words and the pass-the-device rule take, natively.

For each game a random game is played once; then the script times, per
move, ``Game.describe_move`` (for a player and for everyone) and
``core.game.must_pass_between`` at the position after the move (two
``view`` calls behind it), and counts pass screens over the game with the
previous rule (every change of decider) and the new one.

    PYTHONPATH=py python3 bench/bench_describe.py
"""

from __future__ import annotations

import random
import time

from plateau.core.game import PUBLIC, holder_after, must_pass_between
from plateau.games.armadora import GAME as ARMADORA
from plateau.games.thorval import GAME as THORVAL
from plateau.games.thud import GAME as THUD
from plateau.games.troy import GAME as TROY

CASES = [
    (THUD, ["A", "B"], {}, 300),
    (ARMADORA, ["A", "B", "C"], {"rules": "advanced"}, 500),
    (TROY, ["A", "B", "C"], {}, 500),
    (THORVAL, ["A", "B", "C", "D"], {}, 600),
]


def play(game, players, options, plies, seed=1):
    rnd = random.Random(seed)
    s = game.start(players, options, seed)
    out = []
    while not s.is_over() and len(out) < plies:
        m = rnd.choice(s.legal_moves())
        before = s.clone()
        s.play(m)
        out.append((before, m.text, s.clone()))
    return out


def main() -> None:
    print(f"{'game':10} {'plies':>5} {'describe µs/move':>17} {'must_pass µs':>13} {'pass screens old→new':>21}")
    for game, players, options, plies in CASES:
        moves = play(game, players, options, plies)
        t0 = time.perf_counter()
        for before, text, _ in moves:
            for v in (0, PUBLIC, None):
                game.describe_move(before, text, v, "fr")
        t_desc = (time.perf_counter() - t0) / (3 * len(moves)) * 1e6
        t0 = time.perf_counter()
        for _, _, after in moves:
            if not after.is_over():
                must_pass_between(after, 0, after.to_play)
        t_pass = (time.perf_counter() - t0) / len(moves) * 1e6
        old = new = 0
        h_old = h_new = moves[0][0].to_play
        for _, _, after in moves:
            d = None if after.is_over() else after.to_play
            if after.hidden_info() and d is not None and d != h_old:
                old, h_old = old + 1, d
            h_new = holder_after(after, h_new)
            if h_new is None:
                new, h_new = new + 1, d
        print(f"{game.id:10} {len(moves):5} {t_desc:17.1f} {t_pass:13.1f} {old:>10} → {new}")


if __name__ == "__main__":
    main()
