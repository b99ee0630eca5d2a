"""What the Thud board shows, decided before it is drawn: per playable
square its piece, label, and whether it may be clicked, was clicked, or was
touched by the last move (its two squares, the pieces it took, the troll
taken where a hurled dwarf lands); the cut corners' words (round, who
decides, material, finished rounds' scores, an offer to end the round).
Nothing in Thud is hidden. ``render.py`` draws it."""

from __future__ import annotations

from dataclasses import dataclass

from plateau.core.game import RenderContext

from . import board as B
from .board import DWARF, EMPTY, STONE, TROLL

LABEL = {EMPTY: "aria.empty", DWARF: "aria.dwarf", TROLL: "aria.troll", STONE: "aria.stone"}


@dataclass
class Square:
    sq: int
    name: str
    piece: int
    label: str
    target: bool
    selected: bool
    captured: bool  # taken by the last move
    hurl: bool  # a troll taken where the hurled dwarf now stands

    @property
    def plain(self) -> bool:
        return not (self.target or self.selected or self.captured or self.hurl)


@dataclass
class Corners:
    round: str
    side: int | None  # the side that decides now
    side_word: str
    who: str
    dwarfs: int
    trolls: int
    scores: list  # (name, total) once a round is finished
    offer: str  # "reply", "refused" or ""
    offer_lines: list


@dataclass
class Board:
    lang: str
    last: tuple  # the last move's two squares
    squares: list
    labels: dict  # the label pattern of each piece
    corners: Corners | None  # None on a phone (the page writes them)


def last_squares(last) -> tuple:
    """(from, to, captured) squares of the last move, or ``None``."""
    if last is None:
        return None
    text = getattr(last, "text", str(last))
    if len(text) < 5 or text[0] not in "dT" or "-" not in text:
        return None
    try:
        body = text[1:]
        parts = body.split("x")
        a, b = parts[0].split("-")
        return B.square(a), B.square(b), tuple(B.square(p) for p in parts[1:])
    except (KeyError, ValueError):
        return None


def build(game, state, ctx: RenderContext) -> Board:
    lang = ctx.lang
    last = last_squares(ctx.last)
    caps, hurl = set(), None
    if last:
        caps = set(last[2])
        if last[1] in caps:  # a hurl: the troll was taken on the square where the dwarf now stands
            caps.discard(last[1])
            hurl = last[1]
    labels = {v: game.t(lang, k) for v, k in LABEL.items()}
    squares = []
    for sq in B.PLAYABLE:
        nm, v = B.NAMES[sq], state.board[sq]
        squares.append(Square(sq, nm, v, labels[v].format(sq=nm), nm in ctx.targets, nm in ctx.clicks, sq in caps,
                              sq == hurl))
    return Board(lang, last[:2] if last else (), squares, labels,
                 None if ctx.compact else _corners(game, state, lang))


def _corners(game, state, lang) -> Corners:
    t = game.t
    side = state.deciding_side()
    word = who = ""
    if side is not None:
        who = state.players[state.to_play][:24]
        word = t(lang, "side.dwarfs" if side == DWARF else "side.trolls")
    nd, nt = state.material()
    scores = [(state.players[p][:18], state.totals[p]) for p in (0, 1)] if state.results else []
    offer = "reply" if state.phase == "reply" else "refused" if state.no_offer else ""
    lines = t(lang, "board.offer" if offer == "reply" else "board.refused").split("\n")[:2] if offer else []
    return Corners(t(lang, "board.round", round=state.round, rounds=state.n_rounds), side, word, who, nd, nt,
                   scores, offer, lines)
