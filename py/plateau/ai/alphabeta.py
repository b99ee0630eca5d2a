"""Iterative-deepening alpha-beta (negamax) written as a generator, so the
search can stop after any node and resume later (the page runs it in short
slices). It works on a *position adapter* — a private, mutable position the
searcher owns — with:

* ``moves()`` — the moves of the side to move, best-first if possible
  (empty: the position is terminal);
* ``make(mv)`` / ``unmake(mv)``;
* ``evaluate()`` — static value for the side to move;
* ``terminal_value()`` — exact value when there is no move;
* ``captures()`` — the moves searched by quiescence at the horizon
  (``None``/empty: stand pat).

The budget is counted in nodes; the best move of the last completed depth is
kept (the previous depth's order seeds the next one).
"""

from __future__ import annotations

INF = 10 ** 9


class AlphaBeta:
    chunk = 16

    def __init__(self, pos, root_moves: list, max_depth: int = 6, qdepth: int = 1) -> None:
        self.pos = pos
        self.root_moves = list(root_moves)
        self.max_depth = max_depth
        self.qdepth = qdepth
        self.best_move = self.root_moves[0]
        self.best_value = None
        self.depth_done = 0
        self.nodes = 0
        self._fin = False
        self._gen = self._driver()

    def finished(self) -> bool:
        return self._fin

    def run(self, n: int) -> int:
        if self._fin:
            return 0
        gen = self._gen
        for i in range(n):
            try:
                next(gen)
            except StopIteration:
                self._fin = True
                return i + 1
        return n

    def _driver(self):
        pos = self.pos
        order = list(self.root_moves)
        for depth in range(1, self.max_depth + 1):
            alpha = -INF
            best = order[0]
            scores = {}
            for mv in order:
                pos.make(mv)
                v = -(yield from self._neg(depth - 1, -INF, -alpha))
                pos.unmake(mv)
                scores[mv] = v
                if v > alpha:
                    alpha, best = v, mv
            order.sort(key=lambda m: -scores[m])
            self.best_move, self.best_value, self.depth_done = best, alpha, depth
            if len(order) == 1:
                return

    def _neg(self, depth, alpha, beta):
        self.nodes += 1
        yield
        pos = self.pos
        if depth <= 0:
            return (yield from self._quiesce(alpha, beta, self.qdepth))
        moves = pos.moves()
        if not moves:
            return pos.terminal_value()
        for mv in moves:
            pos.make(mv)
            v = -(yield from self._neg(depth - 1, -beta, -alpha))
            pos.unmake(mv)
            if v >= beta:
                return v
            if v > alpha:
                alpha = v
        return alpha

    def _quiesce(self, alpha, beta, q):
        pos = self.pos
        stand = pos.evaluate()
        if q <= 0 or stand >= beta:
            return stand
        caps = pos.captures()
        if not caps:
            return stand
        if stand > alpha:
            alpha = stand
        for mv in caps:
            self.nodes += 1
            yield
            pos.make(mv)
            v = -(yield from self._quiesce(-beta, -alpha, q - 1))
            pos.unmake(mv)
            if v >= beta:
                return v
            if v > alpha:
                alpha = v
        return alpha
