"""Computer participants for the Arkhanis tournament (imported by
plateau.ai only).

A participant sees (``TournamentState.view``): every table as Small World
shows it to him, the seats, the events revealed so far, his own coins and
bid. Hidden: the others' coins, the others' bids of a running auction, the
events still to come, each table's stacks and pile, the dice.
:func:`determinize` rebuilds a tournament from the view with the Small
World hooks for each table (``plateau.games.smallworld.ai``), one set of
sampled coins shared by every table, the future events drawn from the
catalogue, and the others' bids drawn between 0 and their (sampled) coins.

The search (information-set MCTS) weighs the same decisions as at a single
Small World table — the tables' own hooks reduce the small steps to a plan
— plus the bids (a few amounts), the seat to take (every free seat) and the
Moonstone Pendant's choice. :func:`evaluate` adds up, for each participant,
his coins and what his races on every board should still earn.
"""

from __future__ import annotations

import math

from plateau.core.game import Move
from plateau.core.rng import Rng

from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)

BUDGET = 60  # ISMCTS iterations: a tournament position is several boards (bench/bench_arkhanis.py --ai)
HORIZON = 12


def _sw():
    from plateau.games.smallworld import ai as SW

    return SW


def values(st) -> list:
    """Each participant's expected coins at the end: coins and end-of-game
    points now, plus what his races on every board should still earn."""
    SW = _sw()
    out = [float(st.coins[p] + st.vp[p]) for p in range(st.n)]
    for t in st.tables:
        v = SW.values(t)
        for p in range(st.n):
            out[p] += v[p] - t.coins[p] - t.vp[p]
    return out


def evaluate(st) -> list:
    v = values(st)
    n = len(v)
    out = []
    for p in range(n):
        other = max(v[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(v[p] - other) / 8.0)))
    return out


def _amount(move) -> int:
    """A bid's coins: ``bid:N``, or ``bid:SEAT:N`` from revision 4."""
    return int(move.text.rpartition(":")[2])


def search_moves(st, moves: list) -> list:
    if st.stage == "play" and st.current is not None:
        return _sw().search_moves(st.tables[st.current], moves)
    if st.stage == "auction":
        keep = {0, 1, 2, 3, st.coins[st.bidder] // 2}
        return [m for m in moves if _amount(m) in keep] or moves
    return moves


def rollout_move(st, rng: Rng) -> Move:
    moves = st.legal_moves()
    if st.stage == "play" and st.current is not None:
        return _sw().rollout_move(st.tables[st.current], rng)
    if st.stage == "auction":
        small = [m for m in moves if _amount(m) <= 2]
        return small[rng.below(len(small))]
    if st.stage == "pendant":
        return next(m for m in moves if m.text == "pendant:coin")
    return moves[rng.below(len(moves))]
