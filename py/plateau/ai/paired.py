"""Paired playouts: the options of one decision compared on the same futures.

A decision that shapes the rest of a game (Small World's combo, going into
decline) is hard to weigh with a tree whose rollouts stop after a couple of
turns: what an option brings comes later. :class:`Paired` plays each option
out to the game's end instead, and plays all of them in the same *round*:
one determinization of the view, copied for each option with its generator,
so that every option meets the same hidden parts and, as far as their paths
agree, the same dice and shuffles. The options' differences then come from
the options far more than from the luck of the draw (common random numbers),
so a few dozen rounds tell apart options whose mean rewards differ by a few
points. (The game's ``clone`` must copy the state's generator.)

* ``groups``: ``[(label, texts), …]`` — an option is a group of candidate
  moves; a group of one move plays that move, a larger group lets the game's
  ``rollout_first(state, rng, moves)`` choose among its moves in each
  playout (Small World: "not going into decline" is any conquest).
* ``score(state, player)``: the reward of a finished game for ``player``.
* Every ``step_cost`` moves played cost one search unit, so that the
  thinker's budget — MCTS iterations, about ``step_cost`` moves each —
  keeps its meaning in time. A playout may go on over several calls of
  :meth:`Paired.run`: a slice of the page stays short.
* ``share``: the part of the budget spent on the comparison. When the
  winning group has several moves, the rest of the budget goes to the
  common search (:class:`plateau.ai.ismcts.ISMCTS`), which then chooses
  among that group's moves only.
"""

from __future__ import annotations

from .ismcts import ISMCTS, _follow


class Paired:
    chunk = 1

    def __init__(self, thinker, root_state, groups, score, share: float = 1.0,
                 step_cost: int = 24, horizon: int = 100000) -> None:
        if len(groups) < 2:
            raise ValueError("paired playouts need at least two options")
        self.t = thinker
        self.hooks = getattr(thinker, "shooks", thinker.hooks)
        self.groups = [(lab, list(texts)) for lab, texts in groups]
        self.score = score
        self.step_cost = max(1, int(step_cost))
        self.horizon = horizon
        self.limit = max(len(self.groups), int(thinker.budget * share))
        self.used = 0  # search units spent (a unit: step_cost moves)
        self.moves = 0  # moves played in the playouts
        self.cur = None  # the playout under way
        self.steps = 0  # its moves so far
        self.sum = [0.0] * len(self.groups)
        self.n = [0] * len(self.groups)
        self.j = 0  # next option of the round
        self.first = root_state  # the determinization made for checking, used by round 1
        self.base = None  # the round's determinization
        self.choice = None  # index of the winning group, once decided
        self.sub = None  # the common search among the winning group's moves

    def finished(self) -> bool:
        return False

    # ------------------------------------------------------------------
    def run(self, k: int) -> int:
        """Play up to ``k × step_cost`` moves of playouts (a playout may go
        on at the next call: a slice of the page stays short); returns the
        search units they cost."""
        if self.sub is not None:
            return self.sub.run(k)
        if self.choice is not None:  # decided, nothing left to search
            return k
        stop = self.moves + k * self.step_cost
        while self.moves < stop and self.choice is None:
            s = self.cur
            if s is None:
                if self.j == 0:
                    if self.first is not None:
                        self.base, self.first = self.first, None
                    else:
                        self.base = self.t.determinize()
                # a copy of the round's position, its generator copied too: every
                # option meets the same dice and shuffles as far as their paths agree
                s = self.base.clone()
                texts = self.groups[self.j][1]
                if len(texts) == 1:
                    s.play(texts[0])
                else:
                    moves = [m for m in s.legal_moves() if m.text in texts]
                    s.apply(self.hooks.rollout_first(s, s.rng, moves))
                self.cur = s
                self.steps = 1
            else:
                s.apply(self.hooks.rollout_move(s, s.rng))
                self.steps += 1
            self.moves += 1
            if self.steps >= self.horizon or s.is_over():
                self._scored(self.score(s, self.t.player))
        units = self.moves // self.step_cost - self.used
        self.used += units
        return units

    def _scored(self, reward: float) -> None:
        self.sum[self.j] += reward
        self.n[self.j] += 1
        self.cur = None
        self.j += 1
        if self.j == len(self.groups):  # a round ends
            self.j = 0
            self.base = None
            if self.moves // self.step_cost >= self.limit:
                self._decide()

    def _decide(self) -> None:
        self.choice = max(range(len(self.groups)), key=lambda i: (self.mean(i), -i))
        texts = self.groups[self.choice][1]
        if len(texts) > 1 and self.t.budget > self.moves // self.step_cost:
            self.sub = ISMCTS(self.t, self.t.determinize())

    def mean(self, i: int) -> float:
        return self.sum[i] / self.n[i] if self.n[i] else -1.0

    # ------------------------------------------------------------------
    def best(self) -> str:
        i = self.choice
        if i is None:  # asked before the comparison ended (the page's time cap)
            i = max(range(len(self.groups)), key=lambda i: (self.mean(i), -i))
        texts = self.groups[i][1]
        if len(texts) == 1:
            return texts[0]
        if self.sub is not None and self.sub.root.n > 0:
            return _follow([c for c in self.t.cands if c in texts], self.sub._root_path, [self.sub.root])
        # no budget left for the search among them: the playouts' own choice
        s = self.t.determinize()
        return self.hooks.rollout_first(s, s.rng, [m for m in s.legal_moves() if m.text in texts]).text

    def noisy(self, rng) -> str:
        return self.t.cands[rng.below(len(self.t.cands))]

    def root_stats(self) -> dict:
        """Each option's rounds and mean reward (for tests and the bench)."""
        return {lab: (self.n[i], round(self.mean(i), 6)) for i, (lab, _) in enumerate(self.groups)}
