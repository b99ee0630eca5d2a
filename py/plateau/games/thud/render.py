"""The Thud board as one SVG string (svgwrite).

Every playable square is one target element named by its square
(``data-target="F7"``); a piece is drawn inside its square's element, so a
click on the piece is a click on the square. Pieces are ``<use>`` of shared
symbols, which keeps the document small and the rendering fast. What is
shown is decided first (``render_model.build``), then drawn one layer at a
time, styled by the ``td-`` classes of ``static/app.css``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from plateau.core import svgkit
from plateau.core.game import RenderContext

from . import board as B
from .board import DWARF, EMPTY, STONE, TROLL
from .render_model import LABEL as _LABEL  # noqa: F401 (the tests read it here)
from .render_model import build

CELL = 40
MARGIN = 26
SIDE = MARGIN * 2 + CELL * 15

LAST = "#f2c230"  # (with CAPTURED, an attribute: the tests look for these colours)
CAPTURED = "#c0392b"

_OUTLINE = None


def _outline():
    """The board's octagonal outline (corners of the cut triangles)."""
    global _OUTLINE
    if _OUTLINE is None:
        m, c = MARGIN, CELL
        # the staircase edge follows the squares exactly
        poly = []
        left = []
        right = []
        for r in range(15):
            cols = [cc for cc in range(15) if B.on_board(r, cc)]
            left.append((cols[0], r))
            right.append((cols[-1] + 1, r))
        for x, r in right:
            poly.append((m + x * c, m + r * c))
            poly.append((m + x * c, m + (r + 1) * c))
        for x, r in reversed(left):
            poly.append((m + x * c, m + (r + 1) * c))
            poly.append((m + x * c, m + r * c))
        _OUTLINE = poly
    return _OUTLINE


def _defs(d):
    g = d.defs
    grad = d.radialGradient(center=("40%", "35%"), r="65%", id="thud-dwarf-g")
    grad.add_stop_color(0, "#f7d77a")
    grad.add_stop_color(1, "#b5761c")
    g.add(grad)
    grad = d.radialGradient(center=("40%", "35%"), r="70%", id="thud-troll-g")
    grad.add_stop_color(0, "#86a86a")
    grad.add_stop_color(1, "#34502a")
    g.add(grad)
    grad = d.radialGradient(center=("35%", "30%"), r="75%", id="thud-stone-g")
    grad.add_stop_color(0, "#c9c6c0")
    grad.add_stop_color(1, "#5f5a55")
    g.add(grad)

    # dwarf: a golden token with a steel helmet and a braided beard
    s = d.symbol(id="thud-dwarf")
    s.viewbox(0, 0, 40, 40)
    s.add(d.rect((0, 0), (40, 40), fill="#000", fill_opacity="0"))
    s.add(d.circle((20, 21), 14.5, fill="#000", fill_opacity="0.25"))
    s.add(d.circle((20, 20), 14, fill="url(#thud-dwarf-g)", stroke="#5a3a10", stroke_width=1.6))
    s.add(d.path("M11.5,19 A8.5,8.5 0 0 1 28.5,19 Z", fill="#8a949e", stroke="#2f353b", stroke_width=1.1))
    s.add(d.rect((10, 18.2), (20, 2.8), rx=1.2, fill="#5e6770", stroke="#2f353b", stroke_width=0.8))
    s.add(d.path("M19.2,21 L20.8,21 L20.8,25 L19.2,25 Z", fill="#5e6770"))
    s.add(d.path("M13.5,22 Q20,33 26.5,22 Q23,25.5 20,25.5 Q17,25.5 13.5,22 Z",
                 fill="#8b4a1c", stroke="#4a2408", stroke_width=0.8))
    s.add(d.path("M12,14.5 L8.5,10.5 M28,14.5 L31.5,10.5", stroke="#f1ead8", stroke_width=2.2,
                 stroke_linecap="round"))
    g.add(s)

    # troll: a big mossy lump with eyes and tusks
    s = d.symbol(id="thud-troll")
    s.viewbox(0, 0, 40, 40)
    s.add(d.rect((0, 0), (40, 40), fill="#000", fill_opacity="0"))
    blob = "M20,2.5 L29.5,5.5 L36,13 L37.5,22 L34,31 L26,37 L14,37 L6,31 L2.5,22 L4,13 L10.5,5.5 Z"
    s.add(d.path(blob, fill="#000", fill_opacity="0.25", transform="translate(0.8,1.2)"))
    s.add(d.path(blob, fill="url(#thud-troll-g)", stroke="#1c2b14", stroke_width=1.8,
                 stroke_linejoin="round"))
    s.add(d.path("M10,13 L17,15.5 M30,13 L23,15.5", stroke="#1c2b14", stroke_width=2.2,
                 stroke_linecap="round"))
    s.add(d.circle((14, 18.5), 3, fill="#f3e9b5", stroke="#1c2b14", stroke_width=0.8))
    s.add(d.circle((26, 18.5), 3, fill="#f3e9b5", stroke="#1c2b14", stroke_width=0.8))
    s.add(d.circle((14.6, 19), 1.3, fill="#1a1a1a"))
    s.add(d.circle((25.4, 19), 1.3, fill="#1a1a1a"))
    s.add(d.path("M11,27 Q20,31.5 29,27", stroke="#1c2b14", stroke_width=2, fill="none",
                 stroke_linecap="round"))
    s.add(d.path("M13.5,27.6 L14.5,23.8 L16.2,28.6 Z M26.5,27.6 L25.5,23.8 L23.8,28.6 Z",
                 fill="#f6f1dc", stroke="#1c2b14", stroke_width=0.6))
    g.add(s)

    # the Thudstone: a grey rock
    s = d.symbol(id="thud-stone")
    s.viewbox(0, 0, 40, 40)
    s.add(d.rect((0, 0), (40, 40), fill="#000", fill_opacity="0"))
    rock = "M7,27 L5,18 L10,9 L19,5 L29,7 L35,15 L36,25 L30,33 L18,35 L10,33 Z"
    s.add(d.path(rock, fill="#000", fill_opacity="0.3", transform="translate(1,1.5)"))
    s.add(d.path(rock, fill="url(#thud-stone-g)", stroke="#2e2b28", stroke_width=1.6,
                 stroke_linejoin="round"))
    s.add(d.path("M12,13 L19,9 L25,10 M9,22 L15,20 L19,24 M24,20 L30,18 L32,24 M17,30 L24,28",
                 stroke="#3d3935", stroke_width=1.1, fill="none", stroke_linecap="round"))
    s.add(d.path("M13,11 L19,7.5 L26,8.5", stroke="#f2f0ea", stroke_width=1.2, fill="none",
                 stroke_opacity="0.7", stroke_linecap="round"))
    g.add(s)


_Frozen = svgkit.Frozen


_STATIC: dict = {}
_SQUARES: dict = {}


def _static(d, coords: bool) -> list:
    """The parts of the drawing that never change: symbols, frame, chequer,
    grid and coordinates."""
    key = bool(coords)
    if key in _STATIC:
        return _STATIC[key]
    d = svgkit.drawing(SIDE, SIDE)  # a factory of its own: its defs are shared by every drawing
    out = []
    _defs(d)
    out.append(_Frozen(d.defs))
    out.append(_Frozen(d.polygon(_outline(), class_="td-frame")))
    light, dark = [], []
    for sq in B.PLAYABLE:
        r, c = divmod(sq, 15)
        cell = f"M{MARGIN + c * CELL},{MARGIN + r * CELL}h{CELL}v{CELL}h-{CELL}z"
        (light if (r + c) % 2 == 0 else dark).append(cell)
    out.append(_Frozen(d.path("".join(light), class_="td-light")))
    out.append(_Frozen(d.path("".join(dark), class_="td-dark")))
    grid = []
    for i in range(16):
        p = MARGIN + i * CELL
        rows = [r for r in range(15) if B.on_board(r, min(i, 14)) or (i > 0 and B.on_board(r, i - 1))]
        cols = [c for c in range(15) if B.on_board(min(i, 14), c) or (i > 0 and B.on_board(i - 1, c))]
        if rows:
            grid.append(f"M{p},{MARGIN + rows[0] * CELL}V{MARGIN + (rows[-1] + 1) * CELL}")
        if cols:
            grid.append(f"M{MARGIN + cols[0] * CELL},{p}H{MARGIN + (cols[-1] + 1) * CELL}")
    out.append(_Frozen(d.path("".join(grid), class_="td-grid")))
    if coords:
        font = {"class_": "td-coords", "aria-hidden": "true"}
        centres = [MARGIN + i * CELL + CELL / 2 for i in range(15)]
        xs = " ".join(f"{x:g}" for x in centres)
        out.append(_Frozen(d.text(B.FILES, x=[xs], y=[MARGIN - 9], **font)))
        out.append(_Frozen(d.text(B.FILES, x=[xs], y=[SIDE - 9], **font)))
        digits = "".join(str(i + 1) for i in range(15))
        for xc in (MARGIN / 2, SIDE - MARGIN / 2):
            gx, gy = [], []
            for i in range(15):
                cy = centres[i] + 4.5
                n = str(i + 1)
                if len(n) == 1:
                    gx.append(xc)
                    gy.append(cy)
                else:
                    gx += [xc - 3.9, xc + 3.9]
                    gy += [cy, cy]
            out.append(_Frozen(d.text(digits, x=[" ".join(f"{v:g}" for v in gx)],
                                      y=[" ".join(f"{v:g}" for v in gy)], **font)))
    _STATIC[key] = out
    return out


_HREF = {DWARF: "#thud-dwarf", TROLL: "#thud-troll", STONE: "#thud-stone"}


def _square_elem(d, sq: int, v: int):
    r, c = divmod(sq, 15)
    x = MARGIN + c * CELL
    y = MARGIN + r * CELL
    if v == EMPTY:
        return d.rect((x, y), (CELL, CELL), fill="#000", fill_opacity="0")
    return d.use(_HREF[v], insert=(x, y), size=(CELL, CELL))


_CELL = str(CELL)


def _square_frozen(sq: int, v: int, nm: str, label: str) -> _Frozen:
    """A square's element, neither target nor selected nor marked, as
    ``svgkit.target(_square_elem(...), nm, label, RenderContext(), "sq")`` makes it
    (the same attributes, in svgwrite's sorted order), built without going
    through svgwrite: the first drawing of a visit makes 145 of them."""
    r, c = divmod(sq, 15)
    attrs = {"aria-label": label, "class": "sq", "data-target": nm, "height": _CELL, "role": "img", "width": _CELL,
             "x": str(MARGIN + c * CELL), "y": str(MARGIN + r * CELL)}
    if v == EMPTY:
        tag = "rect"
        attrs["fill"] = "#000"
        attrs["fill-opacity"] = "0"
    else:
        tag = "use"
        attrs["xlink:href"] = _HREF[v]
    return _Frozen(ET.Element(tag, dict(sorted(attrs.items()))))



def render(game, state, ctx: RenderContext) -> str:
    board = build(game, state, ctx)
    d = svgkit.drawing(SIDE, SIDE, "board thud")
    d.elements.extend(_static(d, ctx.coords))
    for sq in board.last:
        r, c = divmod(sq, 15)
        d.add(d.rect((MARGIN + c * CELL, MARGIN + r * CELL), (CELL, CELL), fill=LAST, class_="td-last"))
    _squares(d, board, ctx)
    if board.corners is not None:  # on a phone the corners' text goes to the page (panel), legible
        _corners(d, board.corners)
    return svgkit.markup(d)


def _squares(d, board, ctx) -> None:
    """Every playable square, a target element holding its piece; marks on the marked ones. Each
    square's markup is written once per piece, label and marks, then copied (a click that shows
    a piece's moves changes a few squares of 165)."""
    cache = _SQUARES.setdefault(board.lang, {})
    for s in board.squares:
        if s.plain:
            key = s.sq * 8 + s.piece
            el = cache.get(key)
            if el is None:
                el = cache[key] = _square_frozen(s.sq, s.piece, s.name, s.label)
            d.elements.append(el)
            continue
        key = (s.sq, s.piece, s.label, s.target, s.selected, s.captured, s.hurl)
        el = cache.get(key)
        if el is None:
            el = cache[key] = svgkit.Frozen(_marked_square(d, s, ctx))
        d.elements.append(el)


def _marked_square(d, s, ctx):
    """A square that is a target, selected or touched by the last move: its piece and marks."""
    r, c = divmod(s.sq, 15)
    x = MARGIN + c * CELL
    y = MARGIN + r * CELL
    grp = d.g()
    grp.add(_square_elem(d, s.sq, s.piece))
    # (the captured pieces' red stays an attribute: the tests look for it)
    if s.captured:
        grp.add(d.path(f"M{x + 9},{y + 9} L{x + 31},{y + 31} M{x + 31},{y + 9} L{x + 9},{y + 31}",
                       stroke=CAPTURED, class_="td-cross"))
    if s.hurl:
        grp.add(d.rect((x + 1.5, y + 1.5), (CELL - 3, CELL - 3), stroke=CAPTURED, class_="td-hurl"))
    if s.selected:
        grp.add(d.rect((x + 2, y + 2), (CELL - 4, CELL - 4), rx=5, class_="td-sel"))
    elif s.target:
        if s.piece == EMPTY:
            grp.add(d.circle((x + CELL / 2, y + CELL / 2), 7, class_="td-dot"))
        else:
            grp.add(d.circle((x + CELL / 2, y + CELL / 2), 17.5, class_="td-ring"))
    # the target's class and attributes as svgkit.target gives them (the square's own flags, which
    # are its name's place in ctx.targets and ctx.clicks)
    svgkit.target(grp, s.name, s.label, RenderContext(targets=frozenset([s.name] if s.target else []),
                                                      clicks=(s.name,) if s.selected else ()), "sq")
    return grp


def panel(game, state, lang: str) -> list[dict]:
    """What the cut corners say, as text: round, who decides, material, the
    finished rounds' scores, an offer to end the round."""
    t = game.t
    lines = []
    side = state.deciding_side()
    if side is not None:
        lines.append(f"{state.players[state.to_play]} — {t(lang, 'side.dwarfs' if side == DWARF else 'side.trolls')}")
    nd, nt = state.material()
    lines.append(f"{t(lang, 'side.dwarfs').capitalize()} × {nd} = {nd}")
    lines.append(f"{t(lang, 'side.trolls').capitalize()} × {nt} = {nt * 4}")
    if state.results:
        lines += [f"{state.players[p]} {state.totals[p]}" for p in (0, 1)]
    if state.phase == "reply" or state.no_offer:
        lines.append(t(lang, "board.offer" if state.phase == "reply" else "board.refused").replace("\n", " "))
    return [{"title": t(lang, "board.round", round=state.round, rounds=state.n_rounds), "lines": lines}]


def _corners(d, k):
    """Round, material and offer indications in the cut corners (``render_model.Corners``)."""
    add = d.add
    x0 = MARGIN + 6
    add(d.text(k.round, insert=(x0, MARGIN + 22), class_="td-t td-round"))
    if k.side is not None:
        add(d.use("#thud-dwarf" if k.side == DWARF else "#thud-troll", insert=(x0 - 2, MARGIN + 30), size=(26, 26)))
        add(d.text(k.side_word, insert=(x0 + 28, MARGIN + 48), class_="td-t td-side"))
        add(d.text(k.who, insert=(x0, MARGIN + 72), class_="td-t td-who"))
    # material in the bottom corners
    yb = SIDE - MARGIN - 14
    add(d.use("#thud-dwarf", insert=(x0 - 2, yb - 22), size=(26, 26)))
    add(d.text(f"× {k.dwarfs} = {k.dwarfs}", insert=(x0 + 28, yb - 4), class_="td-t td-count"))
    xr = SIDE - MARGIN - 6
    add(d.use("#thud-troll", insert=(xr - 100, yb - 22), size=(26, 26)))
    add(d.text(f"× {k.trolls} = {k.trolls * 4}", insert=(xr, yb - 4), class_="td-t td-count td-end"))
    # scores of finished rounds, top right
    y = MARGIN + 20
    for name, total in k.scores:
        add(d.text(f"{name} {total}", insert=(xr, y), class_="td-t td-score"))
        y += 17
    if k.offer:
        add(_offer(d, k, xr))


def _offer(d, k, xr):
    """The offer to end the round (or its refusal) under a small white flag."""
    y = MARGIN + 64 if k.scores else MARGIN + 30
    box = d.g(class_="offer")
    box.add(d.rect((xr - 150, y - 18), (150, 56), rx=8, stroke="#b7791f" if k.offer == "reply" else "#9b2c2c",
                   class_="td-offer"))
    box.add(d.path(f"M{xr - 140},{y + 30} V{y - 10}", class_="td-pole"))
    box.add(d.path(f"M{xr - 139},{y - 10} L{xr - 121},{y - 6} L{xr - 139},{y + 2} Z", class_="td-flag"))
    for i, w in enumerate(k.offer_lines):
        box.add(d.text(w, insert=(xr - 8, y + 2 + i * 18), class_="td-t td-offer-t"))
    return box


def diagram(game, name: str, lang: str) -> str:
    """A corner of the board for the rules page: ``hurl`` (three dwarfs in a
    line throw the front one at a troll two squares away) or ``shove`` (two
    trolls in a line push the front one two squares, next to a dwarf it
    takes). The move is shown as the board shows it while it is chosen:
    the piece selected, the square it goes to highlighted."""
    from . import board as B
    from .rules import ThudState

    if name == "hurl":
        pieces, side, piece, dest = {"C6": B.DWARF, "D6": B.DWARF, "E6": B.DWARF, "G6": B.TROLL}, B.DWARF, "E6", "G6"
        cols, rows = (1, 7), (3, 8)
    elif name == "shove":
        pieces, side, piece, dest = {"C10": B.TROLL, "D10": B.TROLL, "G10": B.DWARF}, B.TROLL, "D10", "F10"
        cols, rows = (1, 7), (7, 12)
    else:
        return ""
    b = B.empty_board()
    for sq, v in pieces.items():
        b[B.square(sq)] = v
    state = ThudState(game, ["", ""], game.full_options({}), 0, start_board=b)
    state.side = side
    state._moves = None
    move = next(m for m in state.legal_moves() if m.path[:2] == (piece, dest))
    ctx = RenderContext(clicks=(piece,), targets=frozenset(move.path[1:2]), lang=lang, coords=True)
    svg = render(game, state, ctx)
    sx, sy = MARGIN + cols[0] * CELL, MARGIN + rows[0] * CELL  # the first square shown
    w, h = (cols[1] - cols[0]) * CELL, (rows[1] - rows[0]) * CELL
    # the crop's own coordinates, on a band along its top and left edges
    band = [f'<rect x="{sx - 20}" y="{sy - 20}" width="{w + 24}" height="20" class="td-band"/>',
            f'<rect x="{sx - 20}" y="{sy - 20}" width="20" height="{h + 24}" class="td-band"/>']
    for c in range(cols[0], cols[1]):
        band.append(f'<text x="{MARGIN + c * CELL + CELL / 2}" y="{sy - 6}" class="td-band-t">{B.FILES[c]}</text>')
    for r in range(rows[0], rows[1]):
        band.append(f'<text x="{sx - 10}" y="{MARGIN + r * CELL + CELL / 2 + 5}" class="td-band-t">{r + 1}</text>')
    svg = svg.replace("</svg>", "".join(band) + "</svg>")
    x0, y0, w, h = sx - 20, sy - 20, w + 24, h + 24
    svg = svg.replace(f'viewBox="0,0,{SIDE},{SIDE}"', f'viewBox="{x0},{y0},{w},{h}"', 1)
    # a diagram is a picture, not a control: no focus, no clicks, its squares labelled pictures
    return svg.replace(' tabindex="0"', "").replace(' role="button"', ' role="img"')
