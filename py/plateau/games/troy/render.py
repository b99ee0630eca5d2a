"""The board of Le Cheval de Troie as one SVG string.

The walled city fills the left square: 7 districts in a ring around the
central square where the wooden horse stands; the right-hand panel holds the
colours in playing order, the announcement, the hero cards, the bag and the
available heroes. Everything is drawn from ``ctx.viewer``'s point of view:
what is shown is decided first (``render_model.build``), then drawn one
part at a time, styled by the ``tr-`` classes of ``static/app.css``.
"""

from __future__ import annotations

import math
from functools import partial

from plateau.core import marks, svgkit
from plateau.core.game import RenderContext

from .colours import EDGE, MARK, MARK_INK, SOLID
from .render_model import build, log_lines  # noqa: F401 (log_lines: read here by the tests)
from .rules import BLACK, BONUS, ND, TRIDENT

W, H = 1130, 800
CX, CY = 400, 400
R_PLAZA = 150
R_IN = 156
R_OUT = 334
R_WALL = 362

FILL = {"r": "url(#tp-r)", "b": "url(#tp-b)", "y": "url(#tp-y)", "g": "url(#tp-g)", "k": "url(#tp-k)"}
DISTRICT_FILL = ("#ead8ae", "#e3cc9c")
HILITE = "#ffd54a"
SEL = "#ff7a00"
FONT = "Georgia, 'DejaVu Serif', serif"

STEP = 2 * math.pi / ND


def _angle(d: int) -> float:
    return -math.pi / 2 + d * STEP


def _pol(r: float, a: float) -> tuple[float, float]:
    return (round(CX + r * math.cos(a), 1), round(CY + r * math.sin(a), 1))


def _sector(r1: float, r2: float, a1: float, a2: float) -> str:
    x1, y1 = _pol(r2, a1)
    x2, y2 = _pol(r2, a2)
    x3, y3 = _pol(r1, a2)
    x4, y4 = _pol(r1, a1)
    return (f"M{x1},{y1} A{r2},{r2} 0 0 1 {x2},{y2} L{x3},{y3} "
            f"A{r1},{r1} 0 0 0 {x4},{y4} Z")


HERO_R = 12
_ROW_ONE = 250  # one row of heroes
_ROWS_TWO = (264, 237)  # outer, inner rows


def _row(r: float, a: float, k: int) -> list:
    step = (2 * HERO_R + 3) / r
    return [_pol(r, a + (i - (k - 1) / 2) * step) for i in range(k)]


def _hero_spots(a: float) -> list:
    """Where the heroes of a district stand, for 0..7 of them: on arcs in the
    band between the treasure card / counter (radius 190, reaching 219) and
    the number / bonus badges (radius 303, from 287), so they never cover
    them whatever the district's angle."""
    out = [[]]
    for k in range(1, 8):
        if k <= 4:
            out.append(_row(_ROW_ONE, a, k))
        else:
            outer = k - k // 2
            out.append(_row(_ROWS_TWO[0], a, outer) + _row(_ROWS_TWO[1], a, k - outer))
    return out


# geometry computed once
_SECTORS = []
_SLOTS = []  # per district: number badge, bonus badge, hero grid origin, card, capacity
for _d in range(ND):
    a = _angle(_d)
    gap = 0.022
    _SECTORS.append(_sector(R_IN, R_OUT, a - STEP / 2 + gap, a + STEP / 2 - gap))
    _SLOTS.append({
        "num": _pol(303, a - 0.15),
        "bonus": _pol(303, a + 0.15),
        "heroes": _hero_spots(a),
        "card": _pol(190, a - 0.15),
        "cap": _pol(190, a + 0.17),
        "label": _pol(250, a),
    })

_TOWERS = [_pol(R_WALL - 14, _angle(d) + STEP / 2) for d in range(ND)]


def _defs(dwg) -> None:
    for c, col in SOLID.items():
        g = dwg.radialGradient(center=("35%", "30%"), r="75%", id=f"tp-{c}")
        g.add_stop_color(0, "#ffffff" if c != "k" else "#8a8a8a", 0.85)
        g.add_stop_color(0.35, col)
        g.add_stop_color(1, EDGE[c])
        dwg.defs.add(g)
    stone = dwg.pattern(id="tp-stone", size=(24, 14), patternUnits="userSpaceOnUse")
    stone.add(dwg.rect((0, 0), (24, 14), fill="#a98f66"))
    stone.add(dwg.path("M0,7 H24 M12,0 V7 M0,7 V14 M24,7 V14", stroke="#7b6444", stroke_width=1.2, fill="none"))
    dwg.defs.add(stone)
    pave = dwg.pattern(id="tp-pave", size=(20, 20), patternUnits="userSpaceOnUse")
    pave.add(dwg.rect((0, 0), (20, 20), fill="#d9c8a3"))
    pave.add(dwg.path("M0,0 H20 V20", stroke="#bda97f", stroke_width=1, fill="none"))
    dwg.defs.add(pave)
    wood = dwg.linearGradient(start=(0, 0), end=(0, 1), id="tp-wood")
    wood.add_stop_color(0, "#b07a3c")
    wood.add_stop_color(1, "#6e4520")
    dwg.defs.add(wood)
    back = dwg.linearGradient(start=(0, 0), end=(1, 1), id="tp-back")
    back.add_stop_color(0, "#27406e")
    back.add_stop_color(1, "#101f3d")
    dwg.defs.add(back)


def _pawn(dwg, parent, x, y, c, r=10, width=1.2):
    parent.add(dwg.circle((x, y), r, fill=FILL[c], stroke=EDGE[c], stroke_width=width))
    if c in MARK:  # the colour's mark, besides the colour (the black heroes belong to nobody)
        parent.add(dwg.path(d=marks.path_d(MARK[c]), transform=f"translate({x:.1f} {y:.1f}) scale({r * 0.55:.2f})",
                            fill=MARK_INK[c], stroke=EDGE[c], stroke_width=round(0.8 / (r * 0.55), 3),
                            pointer_events="none", **{"data-mark": MARK[c]}))


def _card_back(dwg, parent, x, y, w, h):
    parent.add(dwg.rect((x, y), (w, h), rx=4, class_="tr-back"))
    parent.add(dwg.rect((x + 4, y + 4), (w - 8, h - 8), rx=2, class_="tr-back-in"))


def _hero_card(dwg, parent, x, y, card, w=46, h=64):
    parent.add(dwg.rect((x, y), (w, h), rx=5, class_="tr-card"))
    text = "\u03a8" if card == TRIDENT else str(card)
    parent.add(dwg.text(text, insert=(x + w / 2, y + h / 2 + 12),
                        class_="tr-hero-n tr-trident" if card == TRIDENT else "tr-hero-n"))


def _text(dwg, parent, s, x, y, cls):
    """A line of text styled by the ``tr-`` class ``cls`` (size, weight, colour in app.css)."""
    parent.add(dwg.text(s, insert=(x, y), class_=cls))


def render(state, ctx: RenderContext) -> str:
    board = build(state, ctx, _log_room)
    dwg = svgkit.drawing(W, H, "board troy")
    _defs(dwg)
    _ground(dwg, ctx.compact)
    for dist in board.districts:
        _district(dwg, board, dist, ctx)
    _horse(dwg, board)
    if ctx.compact:  # the panel goes to the page as text (Game.panel); its choices become buttons
        return svgkit.markup(dwg).replace(f'viewBox="0,0,{W},{H}"', 'viewBox="0,0,798,800"', 1)
    _panel(dwg, board, ctx)
    return svgkit.markup(dwg)


def _ground(dwg, compact) -> None:
    """The plain, the panel's paper, the walls with their towers, the central square."""
    add = dwg.add
    # (compact: the board alone, nothing right of it where a wide frame would show it)
    add(dwg.rect((0, 0), (798 if compact else W, H), class_="tr-plain"))
    if not compact:
        add(dwg.rect((800, 0), (W - 800, H), class_="tr-paper"))
        add(dwg.line((800, 0), (800, H), class_="tr-rule"))
    add(dwg.circle((CX, CY), R_WALL + 8, class_="tr-moat"))
    add(dwg.circle((CX, CY), R_WALL, class_="tr-wall"))
    add(dwg.circle((CX, CY), R_OUT + 2, class_="tr-ring"))
    for (x, y) in _TOWERS:
        add(dwg.rect((x - 13, y - 13), (26, 26), class_="tr-tower"))
        add(dwg.rect((x - 7, y - 7), (14, 14), class_="tr-tower-top"))
    add(dwg.circle((CX, CY), R_PLAZA, class_="tr-plaza"))


def _district(dwg, board, dist, ctx) -> None:
    """A district (a target), its numbers, heroes and capacity, and its treasure card."""
    d, h = dist.d, dist.hit
    fill = HILITE if h.target else DISTRICT_FILL[d % 2]
    if dist.winner:
        fill = SOLID[dist.winner]
    p = dwg.path(_sector(R_IN, R_OUT, _angle(d) - STEP / 2 + 0.022, _angle(d) + STEP / 2 - 0.022),
                 fill=fill, stroke=(SEL if h.selected else "#6b5330"), stroke_width=(5 if h.selected else 2))
    if dist.winner:
        p["fill-opacity"] = 0.35
    elif h.target:
        p["fill-opacity"] = 0.85
    svgkit.target(p, h.name, h.label, ctx, "district")
    dwg.add(p)
    dwg.add(_district_deco(dwg, board, dist))
    dwg.add(_treasure(dwg, dist, ctx))


def _district_deco(dwg, board, dist):
    """Numbers, heroes and capacity: they let clicks through to the district under them."""
    d, slot = dist.d, _SLOTS[dist.d]
    deco = dwg.g(class_="tr-deco")
    if dist.last:
        deco.add(dwg.path(_SECTORS[d], stroke_dasharray="8,5", class_="tr-last"))
    nx, ny = slot["num"]
    deco.add(dwg.circle((nx, ny), 16, class_="tr-num-disc"))
    _text(dwg, deco, str(d + 1), nx, ny + 6, "tr-num")
    if BONUS[d]:
        bx, by = slot["bonus"]
        deco.add(dwg.circle((bx, by), 15, fill="#d4af37" if BONUS[d] == 3 else "#e7cf7a", class_="tr-bonus-disc"))
        _text(dwg, deco, f"+{BONUS[d]}", bx, by + 5, "tr-bonus")
    spots = slot["heroes"][min(len(dist.pawns), 7)]
    for k, c in enumerate(dist.pawns):
        if k < len(spots):
            x, y = spots[k]
        else:  # beyond any capacity of the rules: stack on the last spot
            x, y = spots[-1][0], spots[-1][1] - 3 * (k - len(spots) + 1)
        _pawn(dwg, deco, x, y, c, HERO_R)
    cx, cy = slot["cap"]  # capacity, or the district's value once the game is over
    if board.over:
        w = dist.winner
        deco.add(dwg.rect((cx - 26, cy - 13), (52, 24), rx=6, fill=SOLID[w] if w else "#666", class_="tr-value-box"))
        _text(dwg, deco, dist.value, cx, cy + 5, "tr-value tr-dark" if w in ("y", "g") else "tr-value")
    else:
        deco.add(dwg.rect((cx - 20, cy - 12), (40, 22), rx=6,
                          class_="tr-cap-box tr-full" if dist.full else "tr-cap-box"))
        _text(dwg, deco, f"{dist.count}/{board.cap}", cx, cy + 4, "tr-cap tr-full" if dist.full else "tr-cap")
    return deco


def _treasure(dwg, dist, ctx):
    """The district's treasure card: its value for a viewer who knows it, its back otherwise."""
    kx, ky = _SLOTS[dist.d]["card"]
    h = dist.treasure
    grp = dwg.g()
    if dist.known is not None:
        # (its colour and the last district's dashes stay attributes: the tests look for them)
        grp.add(dwg.rect((kx - 14, ky - 19), (28, 38), rx=3, fill="#fff3c4", class_="tr-face"))
        grp.add(dwg.text(str(dist.known), insert=(kx, ky + 7), class_="tr-treasure"))
    else:
        grp.add(dwg.rect((kx - 14, ky - 19), (28, 38), rx=3, class_="tr-back"))
        grp.add(dwg.text("?", insert=(kx, ky + 6), class_="tr-secret"))
    if h.target or h.selected or dist.treasure_last:
        grp.add(dwg.rect((kx - 18, ky - 23), (36, 46), rx=5, fill="none",
                         stroke=SEL if h.selected else (HILITE if h.target else "#b3122e"), stroke_width=3))
    svgkit.target(grp, h.name, h.label, ctx, "treasure")
    return grp


def panel(state, viewer, lang: str, live: bool = True) -> list[dict]:
    """The side panel as text (see Game.panel), for ``viewer``'s eyes
    (``live`` false: a position of the history, see ``public_log``)."""
    t = state.game.t
    sep = " : " if lang == "fr" else ": "
    over = state.is_over()
    pts = state.colour_points()
    players = []
    for i, c in enumerate(state.order):
        mark = "▶ " if i == state.turn and not over else ""
        players.append(f"{mark}{t(lang, 'colour.' + c)} — {state.players[state.owner[c]]}{sep}"
                       f"{pts[c]} {t(lang, 'svg.points')}")
    table = []
    if state.announced and state.phase != "announce":
        table.append(f"{t(lang, 'svg.announce')}{sep}{state.announced}")
    card = ("—" if state.card is None else t(lang, "log.trident") if state.card == TRIDENT else str(state.card))
    table.append(f"{t(lang, 'svg.pile')}{sep}{len(state.pile)} · {t(lang, 'svg.card')}{sep}{card} · "
                 f"{t(lang, 'svg.discard')}{sep}{len(state.discard)}")
    heroes = ", ".join(t(lang, "colour." + c) for c in state.avail) or "—"
    table.append(f"{t(lang, 'svg.bag')}{sep}{len(state.bag)} · {t(lang, 'svg.available')}{sep}{heroes}")
    log = [ln.rstrip() for ln in log_lines(state, viewer, t, lang, live, 12)]  # sub-lines keep their indent
    sections = [{"title": t(lang, "title"), "lines": players + table}]
    if log:
        sections.append({"title": t(lang, "svg.log"), "lines": log[-12:]})
    return sections


def _horse(dwg, board) -> None:
    add = dwg.add
    # platform and wheels
    add(dwg.rect((CX - 70, CY + 50), (140, 14), rx=3, fill="url(#tp-wood)", stroke="#3d2610"))
    for wx in (CX - 50, CX + 50):
        add(dwg.circle((wx, CY + 70), 11, fill="#6e4520", stroke="#2d1a08", stroke_width=2))
    # legs
    for lx in (CX - 45, CX - 28, CX + 22, CX + 39):
        add(dwg.rect((lx, CY + 10), (9, 42), fill="#8a5a2b", stroke="#3d2610"))
    # tail, neck and head
    add(dwg.path(f"M{CX - 62},{CY - 10} q-22,10 -16,42", stroke="#5a3a18", stroke_width=6, fill="none"))
    add(dwg.path(f"M{CX + 30},{CY - 20} L{CX + 48},{CY - 78} L{CX + 72},{CY - 78} L{CX + 62},{CY - 10} Z",
                 fill="url(#tp-wood)", stroke="#3d2610", stroke_width=2))
    add(dwg.path(f"M{CX + 44},{CY - 78} L{CX + 88},{CY - 92} L{CX + 96},{CY - 70} L{CX + 70},{CY - 60} Z",
                 fill="url(#tp-wood)", stroke="#3d2610", stroke_width=2))
    add(dwg.path(f"M{CX + 50},{CY - 82} l4,-16 l8,14 Z", fill="#6e4520", stroke="#3d2610"))
    add(dwg.circle((CX + 76, CY - 80), 3, fill="#1b1b1b"))
    glass = board.glass
    body = dwg.ellipse((CX - 5, CY - 2), (72, 34),
                       fill="#cfe9f5" if glass else "url(#tp-wood)",
                       stroke="#3d2610", stroke_width=3)
    if glass:
        body["fill-opacity"] = 0.8
    add(body)
    # hatch on top (in) and trapdoor under the belly (out)
    add(dwg.rect((CX - 20, CY - 40), (30, 8), fill="#3d2610"))
    add(dwg.rect((CX - 40, CY + 28), (30, 7), fill="#3d2610"))
    add(dwg.path(f"M{CX - 5},{CY - 58} v12 m-5,-5 l5,5 l5,-5", stroke="#2b1d0e", stroke_width=2, fill="none"))
    add(dwg.path(f"M{CX - 25},{CY + 36} v12 m-5,-5 l5,5 l5,-5", stroke="#2b1d0e", stroke_width=2, fill="none"))
    if glass:
        old, new = board.horse
        _pawn(dwg, dwg, CX - 25, CY + 8, old, 12)
        _pawn(dwg, dwg, CX + 8, CY - 12, new, 12)
        _text(dwg, dwg, "1", CX - 48, CY + 13, "tr-horse-n")
        _text(dwg, dwg, "2", CX + 30, CY - 8, "tr-horse-n")
    else:
        _text(dwg, dwg, "?  ?", CX - 5, CY + 8, "tr-horse-q")


PANEL_TEXT = 17  # ~13 px on screen when the board is ~870 px wide (the tr- text classes' size)
PANEL_W = W - 818 - 14
X0 = 818  # the panel's left edge


def _fit(text: str, size: float, width: float) -> str:
    """``text`` cut (with an ellipsis) to at most ``width`` pixels at
    ``size``, in bold (the player to move is in bold: the same cut for every
    line, so a name does not change when its turn comes)."""
    most = max(4, int(width / (0.62 * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _wrap(text: str, size: float, width: float) -> list:
    """``text`` broken at spaces into lines of about ``width`` pixels."""
    most = max(8, int(width / (0.5 * size)))
    out, cur = [], ""
    for word in text.split(" "):
        if cur and len(cur) + 1 + len(word) > most:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    out.append(cur)
    return out


def _wrapped(ln, narrow=False):
    """The panel lines a log line takes: ``(indented, continued, text)``.
    Continuation lines are drawn 14 units further right; the width is the
    one the log has always used: 14 less when ``narrow`` (the pile drawn
    with several backs, see ``_log_room``)."""
    ind = ln.startswith("  ")
    return [(ind, k > 0, part)
            for k, part in enumerate(_wrap(ln.strip(), PANEL_TEXT,
                                           PANEL_W - (14 if ind else 0) - (14 if narrow else 0)))]


def _log_room(over: bool, colours: int, pile: int):
    """How many lines the log panel holds under the panel's other parts (see
    ``_panel``), and how it wraps a line."""
    y = 72 + 32 * colours + (28 if over else 0) + 12 + 72 + 102 + 100
    return max(1, int((H - 14 - y) // 22)), partial(_wrapped, narrow=pile >= 6)


def _panel(dwg, board, ctx) -> None:
    """The side panel: colours in playing order, the announcement, the hero
    cards, the bag and the available heroes, the latest actions."""
    _text(dwg, dwg, board.words["title"], X0, 36, "tr-title")
    y = _colours(dwg, board, 72)
    y = _announce(dwg, board, ctx, y + 12)
    y = _cards(dwg, board, y)
    y = _bag(dwg, board, ctx, y)
    _log(dwg, board, y)


def _colours(dwg, board, y):
    for col in board.colours:
        if col.current:
            dwg.add(dwg.rect((X0 - 6, y - 19), (W - X0 - 8, 30), rx=6, class_="tr-current"))
        _pawn(dwg, dwg, X0 + 10, y - 4, col.c, 10)
        _text(dwg, dwg, _fit(col.label, PANEL_TEXT, PANEL_W - 92), X0 + 27, y + 2,
              "tr-colour tr-now" if col.current else "tr-colour")
        _text(dwg, dwg, col.points, W - 18, y + 2, "tr-points")
        y += 32
    if board.over:
        _text(dwg, dwg, board.words["over"], X0, y + 8, "tr-over")
        y += 28
    return y


def _announce(dwg, board, ctx, y):
    _text(dwg, dwg, board.words["announce"], X0, y, "tr-head")
    y += 8
    for n, (h, on) in enumerate(board.announce, 1):
        bx = X0 + (n - 1) * 54
        grp = dwg.g()
        grp.add(dwg.rect((bx, y), (46, 36), rx=6, fill=HILITE if h.target else ("#b3122e" if on else "#f8efd8"),
                         stroke=SEL if h.selected else "#6b5330", stroke_width=2))
        grp.add(dwg.text(str(n), insert=(bx + 23, y + 25), class_="tr-announce tr-on" if on else "tr-announce"))
        svgkit.target(grp, h.name, h.label, ctx, "announce")
        dwg.add(grp)
    return y + 64


def _cards(dwg, board, y):
    """The hero cards: the pile, the card drawn, the discard."""
    _text(dwg, dwg, board.words["pile"], X0, y, "tr-label")
    _text(dwg, dwg, board.words["card"], X0 + 100, y, "tr-label")
    _text(dwg, dwg, board.words["discard"], X0 + 200, y, "tr-label")
    y += 8
    for k in range(min(3, max(1, board.pile // 6 + (1 if board.pile else 0)))):
        _card_back(dwg, dwg, X0 + 4 - 2 * k, y + 2 * k, 46, 64)
    if not board.pile:
        dwg.add(dwg.rect((X0 + 4, y), (46, 64), rx=5, class_="tr-none"))
    _text(dwg, dwg, str(board.pile), X0 + 60, y + 40, "tr-count")
    if board.card is not None:
        _hero_card(dwg, dwg, X0 + 104, y, board.card)
    else:
        dwg.add(dwg.rect((X0 + 104, y), (46, 64), rx=5, class_="tr-none"))
    if board.discard is not None:
        _hero_card(dwg, dwg, X0 + 204, y, board.discard)
    else:
        dwg.add(dwg.rect((X0 + 204, y), (46, 64), rx=5, class_="tr-none"))
    _text(dwg, dwg, str(board.discarded), X0 + 258, y + 40, "tr-count")
    return y + 94


def _bag(dwg, board, ctx, y):
    """The bag, the available heroes (targets), the two black pawns while they wait."""
    add = dwg.add
    _text(dwg, dwg, board.words["bag"], X0, y, "tr-label")
    _text(dwg, dwg, board.words["available"], X0 + 90, y, "tr-label")
    y += 8
    add(dwg.path(f"M{X0 + 22},{y + 14} q-26,14 -18,38 q4,10 28,10 q24,0 28,-10 q8,-24 -18,-38 "
                 f"l8,-12 h-36 Z", class_="tr-bag"))
    add(dwg.path(f"M{X0 + 18},{y + 14} h28", class_="tr-bag-tie"))
    _text(dwg, dwg, str(board.bag), X0 + 32, y + 44, "tr-bag-n")
    for i in range(3):
        sx, sy = X0 + 112 + i * 50, y + 32
        add(dwg.circle((sx, sy), 21, class_="tr-spot"))
        if i < len(board.avail):
            c, h = board.avail[i]
            grp = dwg.g()
            if h.target or h.selected:
                grp.add(dwg.circle((sx, sy), 21, fill=HILITE if h.target else SEL, stroke="none"))
            _pawn(dwg, grp, sx, sy, c, 15, 1.5)
            if c == BLACK:
                grp.add(dwg.circle((sx, sy), 17, class_="tr-black-ring"))
            svgkit.target(grp, h.name, h.label, ctx, "hero")
            add(grp)
    if not board.blacks_out:  # the black pawns waiting in the box
        bx = X0 + 272
        add(dwg.rect((bx - 17, y + 4), (34, 56), rx=6, class_="tr-box"))
        _pawn(dwg, dwg, bx, y + 18, BLACK, 11)
        _pawn(dwg, dwg, bx, y + 46, BLACK, 11)
    return y + 92


def _log(dwg, board, y):
    """The latest actions, as many wrapped lines as the panel holds."""
    _text(dwg, dwg, board.words["log"], X0, y, "tr-head")
    room = max(1, int((H - 14 - y) // 22))
    lines = [w for ln in board.log for w in _wrapped(ln, board.pile >= 6)]
    for ind, cont, part in lines[-room:]:
        y += 22
        _text(dwg, dwg, part, X0 + (14 if ind else 0) + (14 if cont else 0), y, "tr-log tr-sub" if ind else "tr-log")
