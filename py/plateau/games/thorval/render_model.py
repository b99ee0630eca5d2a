"""What the island of Thorval shows, decided before it is drawn: per case
its label, its army (orks, a player's units, hero or mage), whether it may
be clicked, was clicked or was the last move; the fight under way; the
treasures still on the island (their kind only for a viewer who may see
every face: the end of the game, or the open hand); the dragon and the
mediator; the players' rows and the latest events. ``render.py`` draws it."""

from __future__ import annotations

from dataclasses import dataclass

from plateau.core.game import RenderContext

from . import board as B
from .catalogue import t
from .rules import ORKS


@dataclass
class Case:
    i: int
    name: str  # its target name
    label: str
    target: bool
    clicked: bool
    last: bool
    owner: int  # a player, ORKS, or -1
    count: int
    special: str  # "hero", "mage" or ""


@dataclass
class Row:
    """A player's row in the panel."""

    p: int
    label: str
    out: bool
    current: bool
    info: str
    found: list  # treasure kinds found (not the blanks)


@dataclass
class Board:
    lang: str
    coords: bool
    cases: list
    fight: tuple | None  # (source case, target case)
    treasures: list  # (case, owner, kind or None when hidden)
    dragon: int
    mediator: int
    title: str  # the turn, or the set-up
    rows: list
    events: list  # (lines, latest, a turn's heading)


def build(state, ctx: RenderContext, event_lines) -> Board:
    """``event_lines(state, lang)``: the events as the panel wraps them (``render._event_lines``)."""
    lang = ctx.lang
    clicks = set(ctx.clicks)
    last = set(ctx.last.path) if ctx.last is not None else set()
    cases = []
    for i, c in enumerate(B.CASES):
        tg = B.TARGETS[i]
        o = state.own[i]
        sp = state.special_at(i) if 0 <= o != ORKS else ""
        if o == ORKS:
            what = t(lang, "aria.orks", n=state.cnt[i])
        elif o >= 0:
            what = t(lang, "aria.units", p=t(lang, f"colour.{o}"), n=state.cnt[i],
                     sp=(" + " + t(lang, "sp." + sp)) if sp else "")
        else:
            what = t(lang, "aria.empty")
        cases.append(Case(i, tg, t(lang, "aria.case", case=c["name"], what=what), tg in ctx.targets, tg in clicks,
                          tg in last, o, state.cnt[i], sp))
    f = state.fight
    show_faces = ctx.viewer is None or state.opts.get("open_hand", False)
    treasures = [(case, owner, kind if show_faces else None) for owner, kind, case, found in state.tre
                 if case >= 0 and not found]
    title = t(lang, "board.turn", n=state.turn) if state.turn > 0 else t(lang, "board.setup")
    rows = [] if ctx.compact else [_row(state, p, name, lang) for p, name in enumerate(state.players)]
    events = [] if ctx.compact else event_lines(state, lang)
    return Board(lang, bool(ctx.coords), cases, (f["src"], f["tgt"]) if f is not None else None, treasures,
                 state.dragon, state.med, title, rows, events)


def _row(state, p, name, lang):
    first = p == state.first and state.turn > 0
    room = 11 if first else 13
    label = (name if len(name) <= room else name[:room - 1] + "…") + (" ①" if first else "")
    n = state.total_units(p)
    info = (t(lang, "board.units1") if n == 1 else t(lang, "board.units", n=n)) + " · " + \
        t(lang, "board.aids", n=state.aids[p])
    return Row(p, label, bool(state.out[p]), state.to_play == p, info,
               sorted(k for k in state.found_kinds(p) if k != "blank"))
