"""Armadora's position from a player's view (``view(player)``): the computer's
search starts from it, and a club device draws the host's position with it. What the
player may not see is dealt with a fresh generator, from what is left of each set."""

from __future__ import annotations

from plateau.core.rng import Rng

from .rules import CHARACTERS, LINE_INDEX, MINES, NSQ, SQ_INDEX, WARRIORS, ArmadoraState


def from_view(view: dict, player: int, rng: Rng) -> ArmadoraState:
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
