"""What the board of Le Cheval de Troie shows, decided before it is drawn:
per district its heroes, capacity or final value, winner and treasure card
(face up only for a viewer who knows it), the last move, the horse (open
only when glass or the viewer loaded it), and the side panel (colours,
announcement, cards, bag, available heroes, the log as ``viewer`` heard it).
``render.py`` draws it."""

from __future__ import annotations

from dataclasses import dataclass

from plateau.core.game import Hit, RenderContext

from .rules import ND, TRIDENT


WORDS = ("title", "over", "announce", "pile", "card", "discard", "bag", "available", "log")


@dataclass
class District:
    d: int
    hit: Hit
    winner: str | None  # once the game is over
    last: bool  # the last move chose it
    pawns: list  # colours, in playing order
    count: int
    full: bool
    value: str  # its value, once the game is over ("—" when nobody won it)
    treasure: Hit
    known: int | None  # the treasure's value, when the viewer knows it
    treasure_last: bool  # the last move swapped it


@dataclass
class Colour:
    c: str
    label: str
    points: str
    current: bool


@dataclass
class Board:
    lang: str
    compact: bool
    over: bool
    districts: list
    cap: int  # heroes a district holds
    glass: bool  # the horse's content is seen
    horse: tuple  # (first in, second in) when seen
    colours: list
    announce: list  # (Hit, chosen)
    pile: int
    card: object  # the hero card drawn, or None
    discard: object  # the discard pile's top card, or None
    discarded: int
    bag: int
    avail: list  # (colour, Hit)
    blacks_out: bool
    log: list  # the log panel's lines as ``viewer`` may read them (sub-lines indented)
    words: dict  # the panel's headings


def build(state, ctx: RenderContext, log_room) -> Board:
    """``log_room(lines)``: how the log panel wraps a line (see ``render.log_lines``)."""
    t, lang = state.game.t, ctx.lang
    over = state.is_over()
    last = ctx.last.text if ctx.last is not None else ""
    last_d = int(last[1]) - 1 if len(last) == 3 and last[0] == "d" else None
    last_x = tuple(int(x) - 1 for x in last[1:].split("-")) if last.startswith("x") else ()
    districts = [_district(state, d, ctx, over, d == last_d, d in last_x) for d in range(ND)]
    pts = state.colour_points()
    colours = [Colour(c, f"{t(lang, 'colour.' + c)} — {state.players[state.owner[c]]}",
                      f"{pts[c]} {t(lang, 'svg.points')}", i == state.turn and not over)
               for i, c in enumerate(state.order)]
    announce = [(ctx.hit(f"a{n}", t(lang, f"target.a{n}")), state.announced == n and state.phase != "announce")
                for n in (1, 2, 3)]
    avail = [(c, ctx.hit(f"h{c}", t(lang, f"target.h{c}"))) for c in state.avail[:3]]
    glass = state.horse_visible(ctx.viewer)
    room, wrapped = log_room(over, len(state.order), len(state.pile))
    log = [] if ctx.compact else log_lines(state, ctx.viewer, t, lang, ctx.live, room, wrapped)
    return Board(lang, ctx.compact, over, districts, state.cap, glass, tuple(state.horse) if glass else (), colours,
                 announce, len(state.pile), state.card, state.discard[-1] if state.discard else None,
                 len(state.discard), len(state.bag), avail, state.blacks_out, log,
                 {k: t(lang, "title" if k == "title" else "svg." + k) for k in WORDS})


def _district(state, d, ctx, over, last, treasure_last):
    t, lang = state.game.t, ctx.lang
    w = state.district_winner(d) if over else None
    value = (f"{state.district_value(d)} {t(lang, 'svg.points')}" if w else "—") if over else ""
    known = state.treasure(d) if state.knows(ctx.viewer, d) else None
    return District(d, ctx.hit(f"d{d + 1}", t(lang, "target.d", n=d + 1)), w, last,
                    [c for c in state.order for _ in range(state.dist[d][c])], state.count(d),
                    state.count(d) >= state.cap, value, ctx.hit(f"t{d + 1}", t(lang, "target.t", n=d + 1)), known,
                    treasure_last)


def _turn_summary(entries, t, lang) -> list:
    """A finished turn in one line: the colours that went into the horse
    (what the table heard announced), or Odysseus's loading."""
    out = []
    who = None
    pushed = []
    for e in entries:
        if e[0] == "load":
            out.append(_log_line(e, t, lang))
        elif e[0] == "announce":
            who = t(lang, "colour." + e[1])
        elif e[0] == "insert":
            pushed.append(t(lang, "colour." + e[1]) if e[1] != "?" else "?")
    if who is not None:
        out.append(t(lang, "log.turn_in", colour=who, cols=", ".join(pushed)) if pushed
                   else t(lang, "log.turn_none", colour=who))
    return out


def log_lines(state, viewer, t, lang, live: bool = True, room: int = 12, wrapped=None) -> list:
    """The log panel's lines for ``viewer`` (sub-lines indented by two
    spaces): the announcements still in mind from the turns before the
    previous one, one line a turn; then the previous and the current turn
    entry by entry (``TroyState.public_log``). When that does not fit in
    ``room`` lines (``wrapped`` tells the lines a text takes) with the
    closed horse, the previous turn shrinks to one line too, so that no
    announcement heard is lost."""
    early = state.earlier_heard(viewer, live)
    entries = state.public_log(viewer, live)
    recent = entries[sum(len(x) for x in early):]
    head = [ln for turn in early for ln in _turn_summary(turn, t, lang)]
    full = head + [ln for ln in (_log_line(e, t, lang) for e in recent) if ln]

    def size(lines):
        return sum(len(wrapped(ln)) if wrapped else 1 for ln in lines)

    closed = live and not state.horse_visible(viewer) and state.options.get("horse") != "glass"
    if not closed or size(full) <= room:
        return full
    prev = recent[:len(state.prev_log)]
    cur = [ln for ln in (_log_line(e, t, lang) for e in recent[len(state.prev_log):]) if ln]
    return head + _turn_summary(prev, t, lang) + cur


def _log_line(e, t, lang) -> str:
    kind = e[0]

    def col(c):
        return t(lang, "colour." + c)

    if kind == "load":
        if "?" in e[1]:
            return t(lang, "log.load_hidden", n=len(e[1]))
        return t(lang, "log.load", cols=", ".join(col(c) for c in e[1]))
    if kind == "announce":
        return t(lang, "log.announce", colour=col(e[1]), n=e[2])
    if kind == "draw":
        card = t(lang, "log.trident") if e[1] == TRIDENT else str(e[1])
        return "  " + t(lang, "log.draw", card=card)
    if kind == "fail":
        return "  " + t(lang, "log.fail")
    if kind == "swap":
        return "  " + t(lang, "log.swap", i=e[1] + 1, j=e[2] + 1)
    if kind == "keep":
        return "  " + t(lang, "log.keep")
    if kind == "count":
        return "  " + t(lang, "log.count", n=e[1])
    if kind == "insert":
        if e[1] == "?":
            return "  " + t(lang, "log.insert_hidden", f=col(e[2]), d=e[3] + 1)
        return "  " + t(lang, "log.insert", c=col(e[1]), f=col(e[2]), d=e[3] + 1)
    if kind == "blacks":
        return t(lang, "log.blacks")
    if kind == "reshuffle":
        return t(lang, "log.reshuffle")
    return ""
