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

from .rules import (CHARACTERS, LINE_INDEX, MINES, NSQ, SQ_INDEX, WARRIORS, ArmadoraState)

BUDGET = 500  # ISMCTS iterations ≈ 1 s in the vendored Pyodide (bench/bench_ai.py --calibrate)
HORIZON = 8
# "easy" plays a random move 60 % of the time (30 % elsewhere): with 30 %, 40
# iterations still won 38 % of 16 games against "normal" (bench/HISTORY.md)
LEVELS = {"easy": (0.08, 0.6)}


def determinize(view: dict, player: int, rng: Rng) -> ArmadoraState:
    from . import GAME

    s = ArmadoraState.__new__(ArmadoraState)
    opts = dict(view["options"])
    s.game = GAME
    s.players = list(view["players"])
    n = s.n = len(s.players)
    s.options = opts
    s.advanced = opts["rules"] == "advanced"
    s.review = opts["review"] == "yes"
    s.open = bool(opts["open_hand"])
    s.floor = opts.get("arrows", "minus") == "floor"
    s.rng = rng
    s.phase = view["phase"]
    s.cur = int(view["to_play"]) if view["to_play"] is not None else 0
    s.power_used = view["power_used"]
    s.plies = int(view["plies"])
    s.chars = list(view["characters"])
    s.gold = [0] * NSQ
    for name, amount in view["gold"].items():
        s.gold[SQ_INDEX[name]] = int(amount)
    if sorted(SQ_INDEX[k] for k in view["gold"]) != sorted(MINES):
        raise ValueError("the gold mines are not where the board has them")
    s.owner = [-1] * NSQ
    s.value = [0] * NSQ
    s.faceup = [False] * NSQ
    s.arrows = [0] * NSQ
    s.reinf = [False] * NSQ
    unknown = [[] for _ in range(n)]
    left = [list(WARRIORS[n]) for _ in range(n)]  # counts of values 1..5 not yet placed
    for w in view["warriors"]:
        sq = SQ_INDEX[w["sq"]]
        o = int(w["owner"])
        s.owner[sq] = o
        s.faceup[sq] = bool(w["face_up"])
        s.arrows[sq] = int(w["arrows"])
        s.reinf[sq] = bool(w["reinforced"])
        if w["value"] is None:
            unknown[o].append(sq)
        else:
            s.value[sq] = v = int(w["value"])
            left[o][v - 1] -= 1
    s.hand = []
    for p in range(n):
        h = view["hands"][p]
        size = int(h["count"])
        if "values" in h:
            hand = [int(x) for x in h["values"]]
            for v in range(5):
                left[p][v] -= hand[v]
        else:
            hand = None
        if any(x < 0 for x in left[p]):
            raise ValueError(f"player {p} shows more warriors than their set")
        pool = [v + 1 for v in range(5) for _ in range(left[p][v])]
        need = len(unknown[p]) + (size if hand is None else 0)
        if len(pool) != need:
            raise ValueError(f"player {p}: {need} hidden warriors but {len(pool)} values left")
        rng.shuffle(pool)
        for sq in unknown[p]:
            s.value[sq] = pool.pop()
        if hand is None:
            hand = [0] * 5
            for v in pool:
                hand[v - 1] += 1
        if sum(hand) != size:
            raise ValueError(f"player {p}'s hand does not hold {size} warriors")
        s.hand.append(hand)
    s.pal = 0
    for name in view["palisades"]:
        s.pal |= 1 << LINE_INDEX[name]
    s.pal_left = int(view["palisades_left"])
    s.powers = [int(x) for x in view["powers"]]
    s.reinf_left = [bool(x) for x in view["reinforcements"]]
    s.seen = [set(SQ_INDEX[q] for q in lk) for lk in view["looked"]]
    s.passed = [bool(x) for x in view["passed"]]
    if any(c is not None and c not in CHARACTERS for c in s.chars):
        raise ValueError("unknown character")
    s._terr = None
    s._legal = None
    s._result = None
    return s


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
