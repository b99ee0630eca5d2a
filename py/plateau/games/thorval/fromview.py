"""Thorval's position from a player's view (``view(player)``): the computer's
search starts from it, and a club device draws the host's position with it. The kinds
not yet found are dealt with a fresh generator, per owner, over the unfound tokens."""

from __future__ import annotations

from plateau.core.game import as_tuples
from plateau.core.rng import Rng

from . import board as B
from .rules import KINDS, ThorvalState, _dc


def from_view(view: dict, player: int, rng: Rng) -> ThorvalState:
    from . import GAME

    s = object.__new__(ThorvalState)
    s.game = GAME
    s.players = list(view["players"])
    n = s.n = len(s.players)
    s.opts = dict(view["options"])
    s.rng = rng
    s.own = [int(x) for x in view["own"]]
    s.cnt = [int(x) for x in view["count"]]
    if len(s.own) != B.N or len(s.cnt) != B.N:
        raise ValueError("the map does not have 44 cases")
    s.hero = [int(x) for x in view["hero"]]
    s.mage = [int(x) for x in view["mage"]]
    s.aids = [int(x) for x in view["aids"]]
    s.out = [bool(x) for x in view["out"]]
    s.tmove_used = bool(view["treasure_move_used"])
    s.first = int(view["first"])
    s.order = [int(x) for x in view["order"]]
    s.turn = int(view["turn"])
    s.dragon = int(view["dragon"])
    s.med = int(view["mediator"])
    s.dec = _dc(view["decision"])  # copies: the engine changes them in place
    s.fight = _dc(view["fight"])
    s.tp = _dc(view["turn_state"])
    s.log = _dc(view["events"])
    s.seq = int(view["seq"])
    s.mark = int(view["mark"])
    s.win = None if view["winners"] is None else list(view["winners"])
    s.reason = view["reason"]
    s.steps = [as_tuples(st) for st in view["steps"]]
    kinds = list(KINDS) + (["blank"] if s.opts.get("blank_treasure") else [])
    tre = [[int(t["owner"]), t["kind"], int(t["case"]), bool(t["found"])] for t in view["treasures"]]
    for p in range(n):
        mine = [t for t in tre if t[0] == p]
        pool = list(kinds)
        for t in mine:
            if t[1] is not None:
                pool.remove(t[1])  # ValueError when the kinds do not add up
        blanks = [t for t in mine if t[1] is None]
        if len(blanks) != len(pool):
            raise ValueError(f"player {p}'s treasures do not add up")
        rng.shuffle(pool)
        for t in blanks:
            t[1] = pool.pop()
    s.tre = tre
    if s.dec is not None and s.win is None and not s.steps and s.dec.get("k") is None:
        raise ValueError("no decision to take")
    return s
