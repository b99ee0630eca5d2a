"""The board of Le Cheval de Troie as one SVG string.

The walled city fills the left square: 7 districts in a ring around the
central square where the wooden horse stands; the right-hand panel holds the
colours in playing order, the announcement, the hero cards, the bag and the
available heroes. Everything is drawn from ``ctx.viewer``'s point of view.
"""

from __future__ import annotations

import math

from plateau.core import svgkit
from plateau.core.game import RenderContext

from .rules import BLACK, BONUS, ND, TRIDENT

W, H = 1130, 800
CX, CY = 400, 400
R_PLAZA = 150
R_IN = 156
R_OUT = 334
R_WALL = 362

FILL = {"r": "url(#tp-r)", "b": "url(#tp-b)", "y": "url(#tp-y)", "g": "url(#tp-g)", "k": "url(#tp-k)"}
SOLID = {"r": "#c62828", "b": "#1e5bb8", "y": "#f2b50f", "g": "#2e8b3d", "k": "#1b1b1b"}
EDGE = {"r": "#6d1010", "b": "#0b2d63", "y": "#8a6300", "g": "#124a1c", "k": "#000"}
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


def _pawn(dwg, parent, x, y, c, r=10):
    parent.add(dwg.circle((x, y), r, fill=FILL[c], stroke=EDGE[c], stroke_width=1.2))


def _card_back(dwg, parent, x, y, w, h):
    parent.add(dwg.rect((x, y), (w, h), rx=4, fill="url(#tp-back)", stroke="#d4af37", stroke_width=1.5))
    parent.add(dwg.rect((x + 4, y + 4), (w - 8, h - 8), rx=2, fill="none", stroke="#d4af37",
                        stroke_width=0.8))


def _hero_card(dwg, parent, x, y, card, w=46, h=64):
    parent.add(dwg.rect((x, y), (w, h), rx=5, fill="#fbf3df", stroke="#5a4320", stroke_width=1.5))
    if card == TRIDENT:
        parent.add(dwg.text("\u03a8", insert=(x + w / 2, y + h / 2 + 12), font_size=34,
                            text_anchor="middle", fill="#1e5bb8", font_family=FONT, font_weight="bold"))
    else:
        parent.add(dwg.text(str(card), insert=(x + w / 2, y + h / 2 + 12), font_size=34,
                            text_anchor="middle", fill="#5a2a0a", font_family=FONT, font_weight="bold"))


def _text(dwg, parent, s, x, y, size=14, anchor="start", fill="#2b1d0e", weight="normal"):
    parent.add(dwg.text(s, insert=(x, y), font_size=size, text_anchor=anchor, fill=fill,
                        font_family=FONT, font_weight=weight))


def render(state, ctx: RenderContext) -> str:
    g = state.game
    lang = ctx.lang
    t = g.t
    viewer = ctx.viewer
    targets = ctx.targets
    clicks = ctx.clicks
    dwg = svgkit.drawing(W, H)
    _defs(dwg)
    add = dwg.add

    # -- ground, walls -------------------------------------------------
    # (compact: the board alone, nothing right of it where a wide frame would show it)
    add(dwg.rect((0, 0), (798 if ctx.compact else W, H), fill="#5d7a3a"))
    if not ctx.compact:
        add(dwg.rect((800, 0), (W - 800, H), fill="#efe3c4"))
        add(dwg.line((800, 0), (800, H), stroke="#5a4320", stroke_width=3))
    add(dwg.circle((CX, CY), R_WALL + 8, fill="#3f5a25", opacity=0.6))
    add(dwg.circle((CX, CY), R_WALL, fill="url(#tp-stone)", stroke="#4a3a22", stroke_width=3))
    add(dwg.circle((CX, CY), R_OUT + 2, fill="#cdb98f", stroke="#4a3a22", stroke_width=2))
    for (x, y) in _TOWERS:
        add(dwg.rect((x - 13, y - 13), (26, 26), fill="#9c8158", stroke="#4a3a22", stroke_width=2))
        add(dwg.rect((x - 7, y - 7), (14, 14), fill="#7b6444"))
    # the Scaean gate at the bottom
    gx, gy = _pol(R_WALL - 12, math.pi / 2 + STEP / 2)
    add(dwg.circle((CX, CY), R_PLAZA, fill="url(#tp-pave)", stroke="#8c7650", stroke_width=3))

    # -- districts -----------------------------------------------------
    last = ctx.last.text if ctx.last is not None else ""
    last_d = int(last[1]) - 1 if len(last) == 3 and last[0] == "d" else None
    last_x = tuple(int(x) - 1 for x in last[1:].split("-")) if last.startswith("x") else ()
    over = state.is_over()
    winners = [state.district_winner(d) for d in range(ND)] if over else [None] * ND
    for d in range(ND):
        name = f"d{d + 1}"
        slot = _SLOTS[d]
        is_t = name in targets
        full = state.count(d) >= state.cap
        fill = HILITE if is_t else DISTRICT_FILL[d % 2]
        if over and winners[d]:
            fill = SOLID[winners[d]]
        p = dwg.path(_sector(R_IN, R_OUT, _angle(d) - STEP / 2 + 0.022, _angle(d) + STEP / 2 - 0.022),
                     fill=fill, stroke=(SEL if name in clicks else "#6b5330"),
                     stroke_width=(5 if name in clicks else 2))
        if over and winners[d]:
            p["fill-opacity"] = 0.35
        elif is_t:
            p["fill-opacity"] = 0.85
        svgkit.target(p, name, t(lang, "target.d", n=d + 1), ctx, "district")
        add(p)
        # numbers, heroes and capacity let clicks through to the district under them
        deco = dwg.g(style="pointer-events:none")
        if d == last_d:
            deco.add(dwg.path(_SECTORS[d], fill="none", stroke="#b3122e", stroke_width=3,
                              stroke_dasharray="8,5"))
        # number and bonus
        nx, ny = slot["num"]
        deco.add(dwg.circle((nx, ny), 16, fill="#5a4320", stroke="#e8d5a9", stroke_width=2))
        _text(dwg, deco, str(d + 1), nx, ny + 6, 18, "middle", "#fff5dc", "bold")
        if BONUS[d]:
            bx, by = slot["bonus"]
            deco.add(dwg.circle((bx, by), 15, fill="#d4af37" if BONUS[d] == 3 else "#e7cf7a",
                                stroke="#7a5c10", stroke_width=2))
            _text(dwg, deco, f"+{BONUS[d]}", bx, by + 5, 14, "middle", "#3b2a00", "bold")
        # heroes
        pawns = [c for c in state.order for _ in range(state.dist[d][c])]
        spots = slot["heroes"][min(len(pawns), 7)]
        for k, c in enumerate(pawns):
            if k < len(spots):
                x, y = spots[k]
            else:  # beyond any capacity of the rules: stack on the last spot
                x, y = spots[-1][0], spots[-1][1] - 3 * (k - len(spots) + 1)
            _pawn(dwg, deco, x, y, c, HERO_R)
        # capacity, or the district's value once the game is over
        cx, cy = slot["cap"]
        if over:
            w = winners[d]
            deco.add(dwg.rect((cx - 26, cy - 13), (52, 24), rx=6, fill=SOLID[w] if w else "#777",
                              stroke="#2b1d0e", stroke_width=1.5))
            label = f"{state.district_value(d)} {t(lang, 'svg.points')}" if w else "—"
            _text(dwg, deco, label, cx, cy + 5, 13, "middle", "#fff" if w != "y" else "#2b1d0e", "bold")
        else:
            deco.add(dwg.rect((cx - 20, cy - 12), (40, 22), rx=6, fill="#8b1a1a" if full else "#fff8e6",
                              stroke="#6b5330", stroke_width=1))
            _text(dwg, deco, f"{state.count(d)}/{state.cap}", cx, cy + 4, 13, "middle",
                  "#fff" if full else "#3b2a10", "bold")
        add(deco)
        # treasure card
        kx, ky = slot["card"]
        tname = f"t{d + 1}"
        grp = dwg.g()
        if state.knows(viewer, d):
            grp.add(dwg.rect((kx - 14, ky - 19), (28, 38), rx=3, fill="#fff3c4", stroke="#a07c1a",
                             stroke_width=1.5))
            grp.add(dwg.text(str(state.treasure(d)), insert=(kx, ky + 7), font_size=20,
                             text_anchor="middle", fill="#7a4b00", font_family=FONT, font_weight="bold"))
        else:
            grp.add(dwg.rect((kx - 14, ky - 19), (28, 38), rx=3, fill="url(#tp-back)", stroke="#d4af37",
                             stroke_width=1.5))
            grp.add(dwg.text("?", insert=(kx, ky + 6), font_size=16, text_anchor="middle",
                             fill="#d4af37", font_family=FONT))
        if tname in targets or tname in clicks or d in last_x:
            grp.add(dwg.rect((kx - 18, ky - 23), (36, 46), rx=5, fill="none",
                             stroke=SEL if tname in clicks else (HILITE if tname in targets else "#b3122e"),
                             stroke_width=3))
        svgkit.target(grp, tname, t(lang, "target.t", n=d + 1), ctx, "treasure")
        add(grp)

    _horse(dwg, state, viewer, t, lang)
    if ctx.compact:  # the panel goes to the page as text (Game.panel); its choices become buttons
        return dwg.tostring().replace(f'viewBox="0,0,{W},{H}"', 'viewBox="0,0,798,800"', 1)
    _panel(dwg, state, ctx, t, lang)
    return dwg.tostring()


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


def _horse(dwg, state, viewer, t, lang) -> None:
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
    glass = state.horse_visible(viewer)
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
        old, new = state.horse
        _pawn(dwg, dwg, CX - 25, CY + 8, old, 12)
        _pawn(dwg, dwg, CX + 8, CY - 12, new, 12)
        _text(dwg, dwg, "1", CX - 48, CY + 13, 12, "middle", "#2b1d0e", "bold")
        _text(dwg, dwg, "2", CX + 30, CY - 8, 12, "middle", "#2b1d0e", "bold")
    else:
        _text(dwg, dwg, "?  ?", CX - 5, CY + 8, 24, "middle", "#f5deb3", "bold")


PANEL_TEXT = 17  # ~13 px on screen when the board is ~870 px wide
PANEL_W = W - 818 - 14


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


def _panel(dwg, state, ctx, t, lang) -> None:
    add = dwg.add
    targets = ctx.targets
    clicks = ctx.clicks
    x0 = 818
    fs = PANEL_TEXT
    _text(dwg, dwg, t(lang, "title"), x0, 36, 25, "start", "#5a2a0a", "bold")
    # colours in playing order
    over = state.is_over()
    pts = state.colour_points()
    y = 72
    for i, c in enumerate(state.order):
        cur = (i == state.turn) and not over
        if cur:
            add(dwg.rect((x0 - 6, y - 19), (W - x0 - 8, 30), rx=6, fill="#fff7d1", stroke="#b3122e",
                         stroke_width=2))
        _pawn(dwg, dwg, x0 + 10, y - 4, c, 10)
        name = state.players[state.owner[c]]
        label = _fit(f"{t(lang, 'colour.' + c)} — {name}", fs, PANEL_W - 92)
        _text(dwg, dwg, label, x0 + 27, y + 2, fs, "start", "#2b1d0e", "bold" if cur else "normal")
        _text(dwg, dwg, f"{pts[c]} {t(lang, 'svg.points')}", W - 18, y + 2, fs - 1, "end", "#5a4320")
        y += 32
    if over:
        _text(dwg, dwg, t(lang, "svg.over"), x0, y + 8, 20, "start", "#b3122e", "bold")
        y += 28
    y += 12
    # announcement
    _text(dwg, dwg, t(lang, "svg.announce"), x0, y, fs, "start", "#5a4320", "bold")
    y += 8
    for n in (1, 2, 3):
        name = f"a{n}"
        bx = x0 + (n - 1) * 54
        grp = dwg.g()
        on = state.announced == n and state.phase != "announce"
        grp.add(dwg.rect((bx, y), (46, 36), rx=6,
                         fill=HILITE if name in targets else ("#b3122e" if on else "#f8efd8"),
                         stroke=SEL if name in clicks else "#6b5330", stroke_width=2))
        grp.add(dwg.text(str(n), insert=(bx + 23, y + 25), font_size=21, text_anchor="middle",
                         fill="#fff" if on else "#2b1d0e", font_family=FONT, font_weight="bold"))
        svgkit.target(grp, name, t(lang, "target." + name), ctx, "announce")
        add(grp)
    y += 64
    # hero cards: pile, card drawn, discard
    _text(dwg, dwg, t(lang, "svg.pile"), x0, y, fs - 1, "start", "#5a4320")
    _text(dwg, dwg, t(lang, "svg.card"), x0 + 100, y, fs - 1, "start", "#5a4320")
    _text(dwg, dwg, t(lang, "svg.discard"), x0 + 200, y, fs - 1, "start", "#5a4320")
    y += 8
    for k in range(min(3, max(1, len(state.pile) // 6 + (1 if state.pile else 0)))):
        _card_back(dwg, dwg, x0 + 4 - 2 * k, y + 2 * k, 46, 64)
    if not state.pile:
        add(dwg.rect((x0 + 4, y), (46, 64), rx=5, fill="none", stroke="#8c7650", stroke_dasharray="4,3"))
    _text(dwg, dwg, str(len(state.pile)), x0 + 60, y + 40, 18, "start", "#2b1d0e", "bold")
    if state.card is not None:
        _hero_card(dwg, dwg, x0 + 104, y, state.card)
    else:
        add(dwg.rect((x0 + 104, y), (46, 64), rx=5, fill="none", stroke="#8c7650", stroke_dasharray="4,3"))
    if state.discard:
        _hero_card(dwg, dwg, x0 + 204, y, state.discard[-1])
    else:
        add(dwg.rect((x0 + 204, y), (46, 64), rx=5, fill="none", stroke="#8c7650", stroke_dasharray="4,3"))
    _text(dwg, dwg, str(len(state.discard)), x0 + 258, y + 40, 18, "start", "#2b1d0e", "bold")
    y += 94
    # bag, available heroes, and the two black pawns while they wait
    _text(dwg, dwg, t(lang, "svg.bag"), x0, y, fs - 1, "start", "#5a4320")
    _text(dwg, dwg, t(lang, "svg.available"), x0 + 90, y, fs - 1, "start", "#5a4320")
    y += 8
    add(dwg.path(f"M{x0 + 22},{y + 14} q-26,14 -18,38 q4,10 28,10 q24,0 28,-10 q8,-24 -18,-38 "
                 f"l8,-12 h-36 Z", fill="#8b5e34", stroke="#3d2610", stroke_width=2))
    add(dwg.path(f"M{x0 + 18},{y + 14} h28", stroke="#e8c07a", stroke_width=3))
    _text(dwg, dwg, str(len(state.bag)), x0 + 32, y + 44, 18, "middle", "#fff5dc", "bold")
    for i in range(3):
        sx = x0 + 112 + i * 50
        sy = y + 32
        add(dwg.circle((sx, sy), 21, fill="#f8efd8", stroke="#8c7650", stroke_width=1.5,
                       stroke_dasharray="3,3"))
        if i < len(state.avail):
            c = state.avail[i]
            name = f"h{c}"
            grp = dwg.g()
            if name in targets or name in clicks:
                grp.add(dwg.circle((sx, sy), 21, fill=HILITE if name in targets else SEL, stroke="none"))
            grp.add(dwg.circle((sx, sy), 15, fill=FILL[c], stroke=EDGE[c], stroke_width=1.5))
            if c == BLACK:
                grp.add(dwg.circle((sx, sy), 17, fill="none", stroke="#f8efd8", stroke_width=1.5))
            svgkit.target(grp, name, t(lang, "target." + name), ctx, "hero")
            add(grp)
    if not state.blacks_out:  # the black pawns waiting in the box
        bx = x0 + 272
        add(dwg.rect((bx - 17, y + 4), (34, 56), rx=6, fill="#d9c8a3", stroke="#8c7650", stroke_width=1.2))
        _pawn(dwg, dwg, bx, y + 18, BLACK, 11)
        _pawn(dwg, dwg, bx, y + 46, BLACK, 11)
    y += 92
    # latest actions
    _text(dwg, dwg, t(lang, "svg.log"), x0, y, fs, "start", "#5a4320", "bold")
    room = max(1, int((H - 14 - y) // 22))

    def wrapped(ln):
        ind = ln.startswith("  ")
        return [(ind, k > 0, part)
                for k, part in enumerate(_wrap(ln.strip(), fs, PANEL_W - (14 if ind else 0) - (14 if k else 0)))]

    lines = [w for ln in log_lines(state, ctx.viewer, t, lang, ctx.live, room, wrapped) for w in wrapped(ln)]
    for ind, cont, part in lines[-room:]:
        y += 22
        _text(dwg, dwg, part, x0 + (14 if ind else 0) + (14 if cont else 0), y, fs,
              "start", "#2b1d0e" if ind else "#5a2a0a")


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
