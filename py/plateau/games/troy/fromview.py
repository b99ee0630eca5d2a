"""Le Cheval de Troie's position from a player's view (``view(player)``): the
computer's search starts from it, and a club device draws the host's position with it.
The hidden heroes and treasures are sampled with a fresh generator from what the view
leaves possible (the module docstring of ai.py says how)."""

from __future__ import annotations

from collections import Counter

from plateau.core.game import as_tuples
from plateau.core.rng import Rng

from .rules import BLACK, HERO_CARDS, HEROES_PER_COLOUR, ND, TREASURES, TroyState


def from_view(view: dict, player: int, rng: Rng) -> TroyState:
    from . import GAME

    s = TroyState.__new__(TroyState)
    s.game = GAME
    s.players = list(view["players"])
    s.options = dict(view["options"])
    s.rng = rng
    s.colours = tuple(view["colours"])
    s.owner = {c: int(p) for c, p in view["owner"].items()}
    s.order = tuple(view["order"])
    s.cap = int(view["capacity"])
    s.turn = s.order.index(view["turn"]) if view["phase"] != "over" else 0
    s.phase = view["phase"]
    s.announced = int(view["announced"])
    s.card = view["card"]
    s.remaining = int(view["remaining"])
    s.discard = list(view["discard"])
    s.swaps = int(view["swaps"])
    s.turns = int(view["turns"])
    s.ply = int(view["ply"])
    s.blacks_out = bool(view["blacks_out"])
    s.avail = list(view["available"])
    s.dist = [{c: int(d[c]) for c in s.colours} for d in view["districts"]]
    if len(s.dist) != ND:
        raise ValueError("wrong number of districts")
    s.log = [as_tuples(e) for e in view["log"]]
    s.prev_log = [as_tuples(e) for e in view["prev_log"]]
    s.earlier = [[as_tuples(e) for e in entries] for entries in view.get("earlier", ())]
    # the pile
    left = Counter(HERO_CARDS)
    left.subtract(Counter(s.discard))
    if s.card is not None:
        left[s.card] -= 1
    if any(v < 0 for v in left.values()) or sum(left.values()) != int(view["pile"]):
        raise ValueError("the hero cards do not add up")
    pile = sorted(left.elements(), key=str)
    rng.shuffle(pile)
    s.pile = pile
    # the heroes: bag and (closed) horse
    pool = {c: HEROES_PER_COLOUR for c in s.colours}
    for d in s.dist:
        for c in s.colours:
            pool[c] -= d[c]
    for c in s.avail:
        if c != BLACK:
            pool[c] -= 1
    horse = list(view["horse"])
    hidden = "?" in horse
    if not hidden:
        for c in horse:
            if c != BLACK:
                pool[c] -= 1
    if any(v < 0 for v in pool.values()):
        raise ValueError("more heroes than the box holds")
    rest = [c for c in s.colours for _ in range(pool[c])]
    rng.shuffle(rest)
    if hidden:
        nk = (2 - s.avail.count(BLACK)) if s.blacks_out else 0
        if nk < 0 or nk > 2 or len(rest) < 2 - nk:
            raise ValueError("the horse cannot be filled")
        mem = view.get("horse_memory") or [None, None]
        horse = []
        for i in range(2 - nk):
            # a remembered slot takes one of its possible colours (the
            # remaining heroes weigh them); else any remaining hero
            cand = mem[i] if i < len(mem) else None
            k = len(rest) - 1
            if cand:
                fit = [j for j, c in enumerate(rest) if c in cand]
                if fit:
                    k = fit[-1]  # ``rest`` is shuffled: the last fitting one is a fair draw
            horse.append(rest.pop(k))
        horse += [BLACK] * nk
    s.horse = horse
    if len(rest) != int(view["bag"]):
        raise ValueError(f"the bag should hold {view['bag']} heroes, {len(rest)} are unaccounted for")
    s.bag = rest
    # treasures
    ids = list(range(len(TREASURES)))
    dcard = [-1] * ND
    seen = set(int(d) - 1 for d in view.get("seen", ()))
    for d, v in enumerate(view["treasures"]):
        if v is not None:
            match = [i for i in ids if TREASURES[i] == v]
            if not match:
                raise ValueError("a treasure value that is not in the game")
            dcard[d] = match[0]
            ids.remove(match[0])
    rng.shuffle(ids)
    for d in range(ND):
        if dcard[d] < 0:
            dcard[d] = ids.pop()
    s.dcard = dcard
    n = len(s.players)
    s.known = [set() for _ in range(n)]
    # what the others know is unknown to this player; give them what the
    # rule surely gave them (two heroes of their colour in a district)
    for d in range(ND):
        for c in s.colours:
            if s.dist[d][c] >= 2:
                s.known[s.owner[c]].add(dcard[d])
    if 0 <= player < n:
        s.known[player] = {dcard[d] for d in seen}
    return s
