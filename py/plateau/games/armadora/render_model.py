"""What the Armadora board shows, decided before it is drawn: the
territories (their tint, outline, size and whether they are complete), the
gold, each warrior as ``ctx.viewer`` may see it (its value only when face
up, or the viewer's own, or in open hand), the palisades, the last move,
the targets, and the players' boxes. ``render.py`` draws it."""

from __future__ import annotations

from dataclasses import dataclass

from plateau.core.game import RenderContext

from .colours import colours
from .rules import LINE_INDEX, MINES, NSQ, SQ_INDEX, SQ_NAMES, ArmadoraState, _bits

INITIAL = {"orc": "O", "goblin": "G", "elf": "E", "mage": "M"}


@dataclass
class Warrior:
    s: int
    fill: str
    dark: str
    label: str
    value: int | None  # as the viewer may see it
    faceup: bool
    initial: str
    arrows: int
    reinforced: bool
    mark: int = 0  # its player's mark (``plateau.core.marks``: the seat)


@dataclass
class Box:
    """A player's box under the board."""

    p: int
    fill: str
    dark: str
    current: bool
    passed: bool
    initial: str
    name: str
    sub: str
    line: str  # the hand as the viewer may see it, or the gold at the end
    winner: bool
    reinf_token: bool
    powers: int
    mark: int = 0  # the player's mark (``plateau.core.marks``: the seat)


@dataclass
class Board:
    lang: str
    compact: bool
    palisades_left: str
    comp: list  # the territory of each square
    sizes: list  # each territory's size
    complete: set
    squares: list  # (name, label, target)
    gold: list  # (square, amount, label)
    warriors: list
    palisades: list  # line indices
    last_squares: list
    last_lines: list
    rings: list  # target squares holding a piece
    clicked: list  # clicked squares
    lines: list  # (name, label, clicked) of line targets and clicked lines
    boxes: list
    state: ArmadoraState  # for the badge spots' geometry (where the pieces stand)


def build(state: ArmadoraState, ctx: RenderContext) -> Board:
    t, lang = state.game.t, ctx.lang
    comp, sizes = state.territory_map()
    targets, clicks = ctx.targets, set(ctx.clicks)
    squares = [(SQ_NAMES[s], t(lang, "label.square", sq=SQ_NAMES[s]), SQ_NAMES[s] in targets) for s in range(NSQ)]
    gold = [(s, state.gold[s], t(lang, "label.gold", sq=SQ_NAMES[s], gold=state.gold[s])) for s in MINES]
    warriors = [_warrior(state, s, ctx.viewer, lang) for s in range(NSQ) if state.owner[s] >= 0]
    last_sqs, last_lines = last_marks(ctx.last.text) if ctx.last is not None else ([], [])
    rings = [SQ_INDEX[n] for n in sorted(targets)  # sorted: the same SVG in every process
             if n in SQ_INDEX and (state.owner[SQ_INDEX[n]] >= 0 or state.gold[SQ_INDEX[n]])]
    clicked = [SQ_INDEX[n] for n in sorted(clicks) if n in SQ_INDEX]
    lines = [(n, t(lang, "label.line", line=n), False) for n in sorted(targets) if n in LINE_INDEX and n not in clicks]
    lines += [(n, t(lang, "label.line", line=n), True) for n in sorted(clicks) if n in LINE_INDEX]
    boxes = [] if ctx.compact else [_box(state, p, ctx.viewer, lang) for p in range(state.n)]
    return Board(lang, ctx.compact, t(lang, "svg.palisades", n=state.pal_left), comp, sizes,
                 state.complete_territories(), squares, gold, warriors, list(_bits(state.pal)), last_sqs, last_lines,
                 rings, clicked, lines, boxes, state)


def last_marks(text: str) -> tuple[list[int], list[int]]:
    """Squares and lines touched by a move text."""
    sqs, lines = [], []
    body = text
    if ":" in body:
        body = body.split(":", 1)[1]
    if "@" in body:
        body = body.split("@", 1)[1]
    for part in body.split(","):
        if part in SQ_INDEX:
            sqs.append(SQ_INDEX[part])
        elif part in LINE_INDEX:
            lines.append(LINE_INDEX[part])
    return sqs, lines


def _warrior(state, s, viewer, lang):
    o = state.owner[s]
    fill, dark = colours(state, o)
    v = state.visible_value(s, viewer)
    ch = state.chars[o]
    who = state.game.t(lang, "char." + ch) if ch else str(o + 1)
    if v is None:
        label = state.game.t(lang, "label.warrior", char=who, sq=SQ_NAMES[s])
    else:
        label = state.game.t(lang, "label.warrior_v", char=who, sq=SQ_NAMES[s], v=v)
    return Warrior(s, fill, dark, label, v, bool(state.faceup[s]), INITIAL.get(ch, str(o + 1)), state.arrows[s],
                   bool(state.reinf[s]), o)


def hand_line(state: ArmadoraState, p: int, viewer, lang: str) -> str:
    """What a player's box says of their warriors: the values in hand for
    who may see them, else how many; the gold once the game is over."""
    t = state.game.t
    if state.phase == "over":
        return t(lang, "svg.gold", n=state.scores()[p])
    hand = state.hand[p]
    if state.hand_visible(p, viewer) and sum(hand):
        return t(lang, "svg.hand", values=" ".join(f"{v}×{hand[v - 1]}" for v in range(1, 6) if hand[v - 1]))
    return t(lang, "svg.warriors", n=sum(hand))


def _box(state, p, viewer, lang):
    t = state.game.t
    fill, dark = colours(state, p)
    over = state.phase == "over"
    ch = state.chars[p]
    parts = [t(lang, "char." + ch)] if ch else []
    if state.n == 4:
        parts.append(t(lang, "svg.team_short", k=state.side(p) + 1))
    if state.passed[p]:
        parts.append(t(lang, "svg.passed"))
    return Box(p, fill, dark, not over and state.cur == p, bool(state.passed[p]),
               str(INITIAL.get(ch, str(p + 1)) if ch else p + 1), state.players[p], " · ".join(parts),
               hand_line(state, p, viewer, lang), over and p in state.winners(),
               bool(state.advanced and state.reinf_left[p]), state.powers[p] if state.advanced else 0, p)
