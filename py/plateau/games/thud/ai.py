"""Computer player hooks for Thud (imported by plateau.ai only).

Thud has no hidden information: :func:`determinize` rebuilds the position
from the view (the generator is unused). The searcher is alpha-beta on the
raw board (``board.gen_moves``/``make``/``unmake``) with an evaluation after
the terms of the strongest public Thud engine (koedem/Thud): material (1 per
dwarf, 4 per troll, as the rules score), dwarf connections (adjacent
pairs), presence near the Thudstone, troll mobility (free squares around
the trolls) and dwarfs left next to a troll; quiescence searches the
trolls' captures at the horizon.

Ending a round: the computer offers the end when the round has lasted, the
material favours it (or is level) and its search expects no more; it accepts
an offer when the material now is at least what its search expects.
"""

from __future__ import annotations

from . import board as B
from .board import DWARF, EMPTY, NEIGH, PLAYABLE, TROLL
from .rules import ACCEPT, OFFER, POINTS, REFUSE, ThudState
from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)

SEARCHER = "alphabeta"
BUDGET = 54000  # alpha-beta nodes ≈ 1 s in the vendored Pyodide (bench/bench_ai.py --calibrate)

W_DWARF, W_TROLL = 100 * POINTS[DWARF], 100 * POINTS[TROLL]
W_CONN, W_NEAR_D, W_NEAR_T, W_MOB, W_EXPOSED = 4, 5, 8, 3, 12
NEAR = tuple(
    i in PLAYABLE and max(abs(i // 15 - 7), abs(i % 15 - 7)) <= 2 for i in range(225)
)
OFFER_AFTER = 40  # board moves in the round before the computer offers to end it


def static(b: list) -> int:
    """Value for the dwarfs (centipoints; the trolls' is its opposite)."""
    nd = nt = conn = near_d = near_t = mob = exposed = 0
    for s in PLAYABLE:
        x = b[s]
        if x == DWARF:
            nd += 1
            if NEAR[s]:
                near_d += 1
            for t in NEIGH[s]:
                y = b[t]
                if y == DWARF:
                    conn += 1
                elif y == TROLL:
                    exposed += 1
        elif x == TROLL:
            nt += 1
            if NEAR[s]:
                near_t += 1
            for t in NEIGH[s]:
                if b[t] == EMPTY:
                    mob += 1
    return (W_DWARF * nd - W_TROLL * nt + W_CONN * conn + W_NEAR_D * near_d
            - W_NEAR_T * near_t - W_MOB * mob - W_EXPOSED * exposed)


def material(b: list) -> int:
    """Round points now, dwarfs minus trolls (centipoints)."""
    return W_DWARF * b.count(DWARF) - W_TROLL * b.count(TROLL)


class Position:
    """The adapter :class:`plateau.ai.alphabeta.AlphaBeta` searches."""

    def __init__(self, board: list, side: int, conv: str) -> None:
        self.b = list(board)
        self.side = side
        self.conv = conv

    def moves(self):
        ms = B.gen_moves(self.b, self.side, self.conv)
        ms.sort(key=lambda m: -len(m[2]))  # captures first, the biggest first
        return ms

    def captures(self):
        if self.side != TROLL:
            return None
        return [m for m in self.moves() if m[2]]

    def make(self, mv):
        B.make(self.b, mv, self.side)
        self.side = TROLL if self.side == DWARF else DWARF

    def unmake(self, mv):
        self.side = TROLL if self.side == DWARF else DWARF
        B.unmake(self.b, mv, self.side)

    def evaluate(self):
        v = static(self.b)
        return v if self.side == DWARF else -v

    def terminal_value(self):
        v = material(self.b)  # no move: the round ends with the material as it is
        return v if self.side == DWARF else -v


class ThudSearcher:
    """Alpha-beta over the board moves, then the round-end policy."""

    chunk = 16

    def __init__(self, thinker, root: ThudState) -> None:
        from plateau.ai.alphabeta import AlphaBeta

        self.t = thinker
        self.root = root
        self.reply = root.phase == "reply"
        side = root.side  # the side that moves on the board next (after a refusal: the offerer)
        self.pos = Position(root.board, side, root.conv)
        moves = self.pos.moves()
        self.me = root.deciding_side()
        self._AB = AlphaBeta
        self.empty = not moves
        self.ab = None
        # the root moves are ordered by their static value before the search,
        # a few dozen per call of run() (up to 656 dwarf moves: in one block
        # that would hold the page's main thread for a long task)
        self._todo = list(moves)
        self._keys: list = []
        if moves and self.reply:
            self._start(moves)

    def _start(self, root_moves) -> None:
        self._todo = []
        self.ab = self._AB(self.pos, root_moves, max_depth=6, qdepth=1)

    def _after(self, mv):
        self.pos.make(mv)
        v = -self.pos.evaluate()
        self.pos.unmake(mv)
        return v

    def finished(self) -> bool:
        return self.empty or (self.ab is not None and self.ab.finished())

    ORDER_STEP = 48

    def run(self, n: int) -> int:
        if self.empty:
            return n
        if self.ab is None:
            i = len(self._keys)
            for mv in self._todo[i:i + self.ORDER_STEP]:
                self._keys.append(-self._after(mv))
            if len(self._keys) == len(self._todo):
                # the same order as sorted(moves, key=…): stable on ties
                order = sorted(range(len(self._todo)), key=lambda k: self._keys[k])
                self._start([self._todo[k] for k in order])
            return 0  # ordering is not counted in the node budget
        return self.ab.run(n)

    def _margin(self) -> int:
        """Material now for the deciding side (centipoints)."""
        m = material(self.root.board)
        return m if self.me == DWARF else -m

    def best(self) -> str:
        root = self.root
        if self.reply:
            if self.ab is None or self.ab.best_value is None:
                return ACCEPT
            expect = -self.ab.best_value  # the offerer moves next if refused
            return ACCEPT if self._margin() >= expect - 50 else REFUSE
        mv = self.ab.best_move
        text = B.move_text(root.side, mv)
        if (OFFER in self.t.moves and root.round_plies >= OFFER_AFTER
                and (root.round_plies // 2) % 8 == 0 and self.ab.best_value is not None):
            m = self._margin()
            if m >= 0 and m >= self.ab.best_value - 50:
                return OFFER
        return text

    def noisy(self, rng) -> str:
        if self.reply:
            return self.best()
        board = [m for m in self.t.moves if m not in (OFFER, ACCEPT, REFUSE)]
        return board[rng.below(len(board))] if board else self.best()


def make_searcher(thinker, root: ThudState) -> ThudSearcher:
    return ThudSearcher(thinker, root)


def evaluate(state: ThudState) -> list:
    """For the generic baselines (greedy-1ply): the match as it stands,
    round points so far plus this round's material, as shares."""
    nd, nt = state.material()
    pts = list(state.totals)
    if state.phase != "over":
        dp = state.dwarf_player()
        v = static(state.board) / 100.0
        pts[dp] += max(v, 0)
        pts[1 - dp] += max(-v, 0)
    tot = (abs(pts[0]) + abs(pts[1])) or 1
    return [0.5 + (pts[p] - pts[1 - p]) / (2 * tot) for p in range(2)]
