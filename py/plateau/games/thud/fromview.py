"""Thud's position from a player's view (view(player)): the computer's
search starts from it, and a club device draws the host's position with it.
Thud hides nothing: the board is rebuilt square for square (the generator is unused)."""

from __future__ import annotations

from plateau.core.rng import Rng

from . import board as B
from .board import DWARF, PLAYABLE, STONE_SQ, TROLL
from .rules import ThudState, check_start


def from_view(view: dict, player: int, rng: Rng) -> ThudState:
    from . import GAME

    opts = dict(view["options"])
    start = check_start(opts.get("start"))
    s = ThudState(GAME, list(view["players"]), opts, 0, start_board=start)
    s.rng = rng
    rows = view["board"]
    if len(rows) != 15 or any(len(r) != 15 for r in rows):
        raise ValueError("a Thud board has 15 rows of 15 squares")
    board = [B.CHARS.index(ch) for r in rows for ch in r]
    if any(board[i] == B.OFF for i in PLAYABLE) or board[STONE_SQ] != B.STONE:
        raise ValueError("the board does not match the Thud board")
    s.board = board
    s.round = int(view["round"])
    s.n_rounds = int(view["rounds"])
    s.side = DWARF if view["side"] == "d" else TROLL
    s.phase = view["phase"]
    s.no_offer = bool(view["no_offer"])
    s.results = [dict(r) for r in view["results"]]
    s.totals = [int(x) for x in view["totals"]]
    s.round_plies = int(view["round_plies"])
    s._moves = None
    return s
