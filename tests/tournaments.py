"""Whole Arkhanis tournaments played by random participants, the same every
time (shared by the history and move-list tests, natively and in the browser)."""

from __future__ import annotations

from plateau.core.record import Record
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME


def random_tournament(n: int, seed: int, plies: int | None = None) -> Record:
    """A finished tournament of ``n`` participants (``seed``), its moves drawn
    by ``Rng(seed + 1)``: a random legal move, except that ending a phase is
    taken one time in three when offered (else a random participant shuffles
    tokens for a very long time). ``plies``: its first moves only."""
    s = GAME.start([f"P{i}" for i in range(n)], {}, seed)
    r = Rng(seed + 1)
    moves = []
    while not s.is_over() and (plies is None or len(moves) < plies):
        ms = s.legal_moves()
        texts = [m.text for m in ms]
        ends = [t for t in ("done", "end", "nopeace", "pass") if t in texts]
        m = ends[0] if ends and r.below(3) == 0 else r.choice(ms).text
        s.play(m)
        moves.append(m)
    return Record("arkhanis", {}, seed, list(s.players), moves)
