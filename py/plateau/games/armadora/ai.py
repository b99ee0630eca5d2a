"""Computer player hooks for Armadora (imported by plateau.ai only).

Hidden: the values of face-down warriors and of the warriors still in hand.
:func:`determinize` deals, for each player, the values of their set (the
printed set for this player count) not seen face up or through the mage,
uniformly over their unseen face-down warriors and their hand (its size is
public). The player's own hand is known; with the option "no review" their
own face-down values are dealt the same way (the view hides them).
"""

from __future__ import annotations

from plateau.core.rng import Rng

from .rules import ArmadoraState
from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)

BUDGET = 500  # ISMCTS iterations ≈ 1 s in the vendored Pyodide (bench/bench_ai.py --calibrate)
HORIZON = 8
# "easy" plays a random move 60 % of the time (30 % elsewhere): with 30 %, 40
# iterations still won 38 % of 16 games against "normal" (bench/HISTORY.md)
LEVELS = {"easy": (0.08, 0.6)}


def public_path(move) -> tuple:
    """Another player's move as the searcher may label it: a face-down
    warrior's value is not seen."""
    t = move.text
    if t[:1] == "W" and "@" in t:
        return ("W?", t[3:])
    return move.path


def evaluate(state: ArmadoraState) -> list:
    """The count as if the game ended now (sampled values): 0.6 to the
    leading side(s), plus 0.4 × the side's share of the gold."""
    c = state.count()
    totals = c["totals"]
    best = max(totals)
    top = [sd for sd in range(len(totals)) if totals[sd] == best]
    gold = sum(totals) or 1
    out = []
    for p in range(state.n):
        sd = state.side(p)
        out.append((0.6 / len(top) if sd in top else 0.0) + 0.4 * totals[sd] / gold)
    return out


def terminal(state: ArmadoraState) -> list:
    return evaluate(state)


def rollout_move(state: ArmadoraState, rng: Rng):
    """A random move, the kind first (warrior, palisade, power or
    reinforcement; passing only when nothing else is left), so that the
    hundreds of palisade pairs do not crowd out the warriors."""
    moves = state.legal_moves()
    kinds: dict = {}
    for m in moves:
        t = m.text
        k = "W" if t[0] == "W" else ("P" if t[0] == "P" else ("pass" if t == "pass" else "x"))
        kinds.setdefault(k, []).append(m)
    if len(kinds) > 1:
        kinds.pop("pass", None)
    ks = list(kinds)
    group = kinds[ks[rng.below(len(ks))]]
    return group[rng.below(len(group))]
