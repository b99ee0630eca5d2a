"""Small World's redeployment under rules revision 0 (tokens may go back
and forth) and 1 (a redeployment ends): plies of 3-player games played by
random players, uniform ones and ones that end a redeployment only when
nothing else is left (a game is cut at 20,000 plies).

Run: PYTHONPATH=py python3 bench/bench_smallworld_redeploy.py
"""

from __future__ import annotations

import statistics

from plateau.core.rng import Rng
from plateau.games.smallworld import GAME

CAP = 20_000


def game(rev, seed, averse):
    s = GAME.start(["a", "b", "c"], {"_rev": rev}, seed)
    r = Rng(seed)
    plies = redeploy = 0
    while not s.is_over() and plies < CAP:
        ms = s.legal_moves()
        if s.phase == "redeploy" and not s.pending:
            redeploy += 1
            if averse:
                ms = [m for m in ms if m.text != "done"] or ms
        s.apply(ms[r.below(len(ms))])
        plies += 1
    return plies, redeploy, s.is_over()


def main(seeds=10):
    for averse in (False, True):
        for rev in (0, 1):
            res = [game(rev, k, averse) for k in range(seeds)]
            print(f"{'done-averse' if averse else 'uniform':11} rev {rev}: {sum(x[2] for x in res)}/{seeds} over, "
                  f"median plies {statistics.median(x[0] for x in res):g}, "
                  f"median redeployment plies {statistics.median(x[1] for x in res):g}")


if __name__ == "__main__":
    main()
