"""Flat Monte Carlo: the fallback for a game whose hooks give only
``determinize``. Each iteration determinizes the view, plays one root move
(in turn, so every move gets the same share), then random moves to the end
(or ``HORIZON`` plies, then the scores shown decide), and keeps the mean
reward of each root move."""

from __future__ import annotations

from .search_common import playout, reward_of


class FlatMC:
    chunk = 1

    def __init__(self, thinker, root_state) -> None:
        self.t = thinker
        self.hooks = thinker.hooks
        self.horizon = getattr(self.hooks, "HORIZON", 2000)
        self.n = {m: 0 for m in thinker.cands}
        self.w = {m: 0.0 for m in thinker.cands}
        self.i = 0
        self.first = root_state

    def finished(self) -> bool:
        return False

    def run(self, k: int) -> int:
        moves = self.t.cands
        for _ in range(k):
            if self.first is not None:
                s, self.first = self.first, None
            else:
                s = self.t.determinize()
            text = moves[self.i % len(moves)]
            self.i += 1
            s.play(text)
            playout(self.hooks, s, s.rng, self.horizon)
            r = reward_of(self.hooks, s, self.t.player)
            self.n[text] += 1
            self.w[text] += r[self.t.player]
        return k

    def best(self) -> str:
        def key(m):
            n = self.n[m]
            return (self.w[m] / n if n else -1.0, n)

        return max(self.t.cands, key=key)

    def noisy(self, rng) -> str:
        return self.t.cands[rng.below(len(self.t.cands))]
