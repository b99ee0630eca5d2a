"""Computer player hooks for Thorval (imported by plateau.ai only).

Hidden: which of a player's face-down treasures is the chest, the crown or
the ring (nobody knows, not even their owner, until one is found).
:func:`determinize` deals, per owner, the kinds not yet found over that
owner's unfound treasures; every later die comes from the fresh generator.
"""

from __future__ import annotations


from . import board as B
from .rules import KINDS, ThorvalState
from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)

BUDGET = 750  # ISMCTS iterations ≈ 1 s in the vendored Pyodide (bench/bench_ai.py --calibrate)
HORIZON = 16


def evaluate(state: ThorvalState) -> list:
    """Treasures found (half the value, by thirds) and the share of the
    units on the island (the other half); a player who is out gets 0."""
    n = state.n
    units = [0] * n
    for c in range(B.N):
        o = state.own[c]
        if o >= 0:
            units[o] += state.units(c)
    tot = sum(units) or 1
    found = [len(state.found_kinds(p) & set(KINDS)) for p in range(n)]
    return [0.0 if state.out[p] else 0.5 * found[p] / 3 + 0.5 * units[p] / tot for p in range(n)]
