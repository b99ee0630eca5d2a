"""The island of Thorval in SVG.

The parts that never change (sea, terrain marks, river, Marnon sea, bridges,
tunnel, names) are serialised once and spliced into every drawing; the cases
(click targets), the armies, the tokens and the side panel are drawn for each
position: what they show is decided first (``render_model.build``), then
drawn one layer at a time, styled by the ``th-`` classes of ``static/app.css``.
"""

from __future__ import annotations

import math

from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

import svgwrite
import svgwrite.text

from plateau.core import marks, svgkit
from plateau.core.game import RenderContext

from . import board as B
from .catalogue import DICE, episode_lines, t
from .render_model import build
from .rules import ORKS

DATA = B.DATA
BW, BH = DATA["size"]
PANEL_H = 420  # the panel under the map: players and legend on the left, events on the right
WIDTH, HEIGHT = BW, BH + PANEL_H
LEFT_W = 600  # width of the players' column
EV_X = LEFT_W + 14  # the events column
EV_FONT, EV_LINE = 19.5, 23
EV_CHARS = 69  # characters per line of the events column
EV_TOP = 70  # first event baseline, below the panel's top
HEX = DATA["hex"]

REGION_FILL = {"I": "#ecd591", "II": "#b9da8e", "III": "#8fbf9c", "IV": "#e6b878", "V": "#6f9c64",
               "VI": "#bcc0d4"}
CASTLE_FILL = "#d8d0c0"
PLAYER = list(marks.COLOURS[:6])  # the six flags' colours; each player's mark goes with it
PLAYER_TEXT = list(marks.INK[:6])
SEA = "#3f7fb5"
WATER = "#5aa0d8"

CELLS = DATA["cell_centres"]


def _pts(loop):
    return " ".join(f"{x},{y}" for x, y in loop)


def _path(loops):
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in loop) + " Z" for loop in loops)


def _anchor_points():
    """For each case: its label point, then its other hexagon centres from
    nearest to farthest (where tokens go)."""
    out = []
    for c in B.CASES:
        cx, cy = c["centre"]
        pts = sorted((tuple(p) for p in CELLS[c["name"]]), key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
        out.append(pts)
    return out


ANCHORS = _anchor_points()


def _token_spot(case: int, k: int):
    """Where the k-th token (1 treasure, 2 dragon, 3 mediator) of a case goes:
    on a hexagon of its own when the case has enough, else shared with an
    offset, else around the centre (castles)."""
    pts = ANCHORS[case]
    if len(pts) > k:
        return pts[k]
    if len(pts) > 1:
        x, y = pts[1 + (k - 1) % (len(pts) - 1)]
        dx = {1: -13, 2: 14, 3: 14}[k]
        return x + dx, y + (12 if k == 3 else -6)
    cx, cy = pts[0]
    ang = {1: 130, 2: 30, 3: 250}[k]
    return cx + 0.62 * HEX * math.cos(math.radians(ang)), cy + 0.62 * HEX * math.sin(math.radians(ang))


# ---------------------------------------------------------------------------
# static layers, built once
@lru_cache(maxsize=None)
def _static_below() -> str:
    d = svgwrite.Drawing(debug=False, profile="full")
    g = d.g(id="sea")
    g.add(d.rect((0, 0), (BW, BH), fill=SEA))
    for k in range(9):
        y = 40 + k * 95
        for x0 in range(20 if k % 2 else 80, int(BW), 190):
            g.add(d.path(d=f"M{x0},{y} q12,-8 24,0 t24,0", fill="none", stroke="#8dbce3",
                         stroke_width=1.6, opacity=0.55))
    g.add(d.path(d=_path(DATA["island"]), fill="#f3e6c0", stroke="#e9dcb0", stroke_width=14,
                 stroke_linejoin="round", opacity=0.9))
    return svgkit.markup(g)


def _tree(d, g, x, y, dark):
    g.add(d.rect((x - 1.2, y + 3), (2.4, 5), fill="#5b3a1e"))
    g.add(d.circle((x, y), 6, fill=dark, stroke="#24401f", stroke_width=0.8))


@lru_cache(maxsize=None)
def _static_above(lang: str = "fr") -> str:
    d = svgwrite.Drawing(debug=False, profile="full")
    g = d.g(id="scenery")  # the pointer goes through it (app.css)
    # terrain marks on the hexagons away from the label
    for i, c in enumerate(B.CASES):
        terr = c["terrain"]
        pts = ANCHORS[i][1:]
        for j, (x, y) in enumerate(pts):
            if j % 2 == 1 and len(pts) > 2:
                continue
            if terr == "forest":
                dark = "#3f6b39" if c["region"] == "V" else "#4f8a5e"
                _tree(d, g, x - 9, y + 4, dark)
                _tree(d, g, x + 8, y - 2, dark)
                _tree(d, g, x + 1, y + 12, dark)
            elif terr == "mountain":
                g.add(d.polygon([(x - 18, y + 10), (x - 5, y - 12), (x + 8, y + 10)], fill="#8d93ad",
                                stroke="#5d6380", stroke_width=1))
                g.add(d.polygon([(x - 9, y - 5), (x - 5, y - 12), (x - 1, y - 5)], fill="#eef2ff"))
                g.add(d.polygon([(x, y + 10), (x + 9, y - 6), (x + 18, y + 10)], fill="#a3a9c2",
                                stroke="#5d6380", stroke_width=1))
            elif terr == "plain":
                col = "#b99d45" if c["region"] in ("I", "IV") else "#6f9a45"
                for dx, dy in ((-10, 6), (6, -4), (10, 10)):
                    g.add(d.path(d=f"M{x + dx - 4},{y + dy} l4,-7 l4,7 M{x + dx},{y + dy} l0,-8",
                                 fill="none", stroke=col, stroke_width=1.4))
    # region borders
    for r in DATA["regions"]:
        g.add(d.path(d=_path(r["outline"]), fill="none", stroke="#4a3b2a", stroke_width=3.2,
                     stroke_linejoin="round", opacity=0.75))
    # water
    for key in ("river", "marnon"):
        g.add(d.path(d=_path(DATA[key]), fill=WATER, stroke="#2f6e9f", stroke_width=2, stroke_linejoin="round"))
    g.add(d.path(d=_path(DATA["island"]), fill="none", stroke="#6b5535", stroke_width=3, stroke_linejoin="round"))
    # bridges
    for b in DATA["bridges"]:
        (x1, y1), (x2, y2) = b["from"], b["to"]
        ang = math.degrees(math.atan2(y2 - y1, x2 - x1))
        length = math.hypot(x2 - x1, y2 - y1) + 16
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        br = d.g(transform=f"translate({cx},{cy}) rotate({ang})")
        br.add(d.rect((-length / 2, -8), (length, 16), rx=3, fill="#9a6a3c", stroke="#4e3318", stroke_width=2))
        for k in range(-2, 3):
            br.add(d.line((k * length / 6, -8), (k * length / 6, 8), stroke="#6d4722", stroke_width=1.2))
        g.add(br)
    # the great tunnel: a dotted road under the mountains, two portals
    a, b = (B.INDEX[x] for x in DATA["tunnel"])
    xa, ya = ANCHORS[a][-1]
    xb, yb = ANCHORS[b][-1]
    g.add(d.path(d=f"M{xa},{ya} C{xa + 200},{ya - 60} {xb - 200},{yb - 60} {xb},{yb}", fill="none",
                 stroke="#3b2a1a", stroke_width=4, stroke_dasharray="3,9", stroke_linecap="round", opacity=0.8))
    for x, y in ((xa, ya), (xb, yb)):
        g.add(d.path(d=f"M{x - 11},{y + 8} v-8 a11,11 0 0 1 22,0 v8 z", fill="#2a1d12", stroke="#c9b38a",
                     stroke_width=2))
    tx, ty = (xa + xb) / 2, min(ya, yb) - 40
    g.add(d.text(t(lang, "board.tunnel"), insert=(tx, ty), text_anchor="middle", font_size=14, font_style="italic",
                 fill="#3b2a1a", stroke="#f3e6c0", stroke_width=3, paint_order="stroke"))
    mx = sum(p[0] for p in DATA["marnon"][0]) / len(DATA["marnon"][0])
    my = sum(p[1] for p in DATA["marnon"][0]) / len(DATA["marnon"][0])
    g.add(d.text(t(lang, "board.marnon"), insert=(mx, my + 5), text_anchor="middle", font_size=15,
                 font_style="italic", fill="#e8f4ff", stroke="#1d4f7a", stroke_width=3, paint_order="stroke"))
    # castles: towers on their stone hexagon
    for c in B.CASTLES:
        x, y = ANCHORS[c][0]
        g.add(d.path(d=f"M{x - 20},{y + 18} v-20 h6 v5 h5 v-5 h6 v5 h6 v-5 h6 v5 h5 v-5 h6 v20 z",
                     fill="#9c9282", stroke="#4a4238", stroke_width=1.2, opacity=0.55))
    return svgkit.markup(g)




# ---------------------------------------------------------------------------
# dynamic layers, written as markup directly (svgwrite is used for every text
# that carries a player's name, so that it is escaped by svgwrite)
def _q(v) -> str:
    v = str(v)
    if "<" in v or ">" in v or "&" in v or '"' in v:
        return quoteattr(v)
    return f'"{v}"'


def _attrs(a: dict) -> str:
    return "".join(f" {k.replace('_', '-')}={_q(v)}" for k, v in a.items())


def _el(tag: str, inner: str = "", **a) -> str:
    if inner:
        return f"<{tag}{_attrs(a)}>{inner}</{tag}>"
    return f"<{tag}{_attrs(a)}/>"


def _text(text: str, x, y, **a) -> str:
    """A text node built by svgwrite (it escapes the text)."""
    return svgkit.markup(svgwrite.text.Text(text, insert=(round(x, 1), round(y, 1)), debug=False, **a))


def _fill(i: int) -> str:
    c = B.CASES[i]
    return CASTLE_FILL if c["kind"] == "castle" else REGION_FILL[c["region"]]


PATHS = [_path(c["outline"]) for c in B.CASES]


def _wrap(text: str, width: int) -> list:
    words, lines, cur = text.split(" "), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    if cur:
        lines.append(cur)
    return lines


def _hero(x, y, p):
    pts = [(x, y - 11), (x + 3.4, y - 3.5), (x + 11, y - 3.4), (x + 5, y + 2.2), (x + 7, y + 10),
           (x, y + 5.5), (x - 7, y + 10), (x - 5, y + 2.2), (x - 11, y - 3.4), (x - 3.4, y - 3.5)]
    return _el("polygon", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in pts), fill="#ffd84a",
               stroke=PLAYER[p], stroke_width=2.6, stroke_linejoin="round")


def _mage(x, y, p):
    return (_el("ellipse", cx=f"{x:.1f}", cy=f"{y + 7:.1f}", rx=12, ry=3.5, fill="#6b3fa0", stroke=PLAYER[p],
                stroke_width=2)
            + _el("polygon", points=f"{x:.1f},{y - 13:.1f} {x + 9:.1f},{y + 7:.1f} {x - 9:.1f},{y + 7:.1f}",
                  fill="#6b3fa0", stroke=PLAYER[p], stroke_width=2.6, stroke_linejoin="round")
            + _el("circle", cx=f"{x + 1:.1f}", cy=f"{y - 2:.1f}", r=1.8, fill="#ffe780"))


def _treasure(x, y, owner, kind, faded=False, mark=True):
    ink = PLAYER_TEXT[owner]
    out = [_el("rect", x=f"{x - 10:.1f}", y=f"{y - 10:.1f}", width=20, height=20, rx=4, fill=PLAYER[owner],
               stroke="#222", stroke_width=1.6, opacity=0.6 if faded else 1)]
    if mark:  # whose it is, besides the colour
        out.append(marks.badge(owner, x - 10, y - 10, 6.5))
    if kind is None:
        out.append(_el("text", "?", x=f"{x:.1f}", y=f"{y + 5.5:.1f}", text_anchor="middle", font_size=15,
                       font_weight="bold", fill=ink))
    elif kind == "chest":
        out.append(_el("rect", x=f"{x - 6.5:.1f}", y=f"{y - 3:.1f}", width=13, height=9, fill="#b7792f",
                       stroke=ink, stroke_width=1))
        out.append(_el("path", d=f"M{x - 6.5:.1f},{y - 3:.1f} q6.5,-6 13,0", fill="#d19444", stroke=ink,
                       stroke_width=1))
    elif kind == "crown":
        pts = [(x - 7, y + 5), (x - 7, y - 5), (x - 3.5, y), (x, y - 6), (x + 3.5, y), (x + 7, y - 5), (x + 7, y + 5)]
        out.append(_el("polygon", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in pts), fill="#ffd23a",
                       stroke=ink, stroke_width=1))
    elif kind == "ring":
        out.append(_el("circle", cx=f"{x:.1f}", cy=f"{y + 1:.1f}", r=5.5, fill="none", stroke="#ffd23a",
                       stroke_width=2.6))
        out.append(_el("circle", cx=f"{x:.1f}", cy=f"{y - 5:.1f}", r=2, fill="#7fe3ff", stroke=ink,
                       stroke_width=0.6))
    else:
        out.append(_el("line", x1=f"{x - 6:.1f}", y1=f"{y:.1f}", x2=f"{x + 6:.1f}", y2=f"{y:.1f}", stroke=ink,
                       stroke_width=2))
    return "".join(out)


DRAGON = ('<path d="M0,-4 C-8,-18 -22,-16 -26,-4 C-18,-8 -12,-4 -8,2 C-4,4 4,4 8,2 C12,-4 18,-8 26,-4 '
          'C22,-16 8,-18 0,-4 Z" fill="#c0392b" stroke="#4a0f0a" stroke-width="1.5"/>'
          '<ellipse cx="0" cy="3" rx="6" ry="9" fill="#e0562f" stroke="#4a0f0a" stroke-width="1.3"/>'
          '<circle cx="0" cy="-7" r="4" fill="#e0562f" stroke="#4a0f0a" stroke-width="1.2"/>')
MEDIATOR = ('<circle cx="0" cy="0" r="21" fill="#fff6cf" fill-opacity="0.55" stroke="#e0b400" stroke-width="2" '
            'stroke-dasharray="4,3"/>'
            '<path d="M-9,12 L-5,-4 L5,-4 L9,12 Z" fill="#f7f3e8" stroke="#3b3366" stroke-width="1.5"/>'
            '<circle cx="0" cy="-8" r="5" fill="#f0d7b0" stroke="#3b3366" stroke-width="1.3"/>'
            '<line x1="11" y1="-14" x2="11" y2="12" stroke="#7a5a2a" stroke-width="2.4"/>'
            '<circle cx="11" cy="-15" r="3.4" fill="#7fd7ff" stroke="#3b3366" stroke-width="1"/>')


def render(state, ctx: RenderContext) -> str:
    board = build(state, ctx, lambda st, lang: _event_lines(st, lang, EV_ROOM))
    d = svgkit.drawing(WIDTH, HEIGHT, "board thorval")
    d.add(d.g(id="thorval-dyn"))
    out = [_static_below(), _cases(board, ctx), _static_above(board.lang), _marks(board), _pieces(board)]
    if ctx.compact:  # the panel goes to the page as text (Game.panel)
        svg = svgkit.markup(d).replace(_MARK_DYN, "".join(out), 1)
        return svg.replace(f'viewBox="0,0,{float(WIDTH)},{float(HEIGHT)}"', f'viewBox="0,0,{float(WIDTH)},{float(BH)}"',
                           1)
    out.append(_panel(board))
    return svgkit.markup(d).replace(_MARK_DYN, "".join(out), 1)


def _cases(board, ctx) -> str:
    """The cases: click targets, coloured by their region (targets and clicked ones by the style sheet)."""
    out = ['<g id="cases">']
    for c in board.cases:
        a = {"d": PATHS[c.i], "fill": _fill(c.i)}
        svgkit.target(a, c.name, c.label, ctx, "case")
        out.append("<path" + "".join(f" {k}={_q(v)}" for k, v in a.items()) + "/>")
    out.append("</g>")
    return "".join(out)


def _marks(board) -> str:
    """The last move's cases, dashed; a ring on each target."""
    out = ['<g id="marks">']
    for c in board.cases:
        if c.last:
            out.append(_el("path", d=PATHS[c.i], **{"class": "th-last"}))
        if c.target:
            x, y = ANCHORS[c.i][0]
            out.append(_el("circle", cx=x, cy=y, r=round(HEX * 0.82, 1), **{"class": "th-ring"}))
    out.append("</g>")
    return "".join(out)


def _fight(src, tgt) -> str:
    """The arrow of the fight under way."""
    (x1, y1), (x2, y2) = ANCHORS[src][0], ANCHORS[tgt][0]
    ang = math.atan2(y2 - y1, x2 - x1)
    ex, ey = x2 - 26 * math.cos(ang), y2 - 26 * math.sin(ang)
    pts = [(ex + 14 * math.cos(ang), ey + 14 * math.sin(ang)),
           (ex + 10 * math.cos(ang + 2.2), ey + 10 * math.sin(ang + 2.2)),
           (ex + 10 * math.cos(ang - 2.2), ey + 10 * math.sin(ang - 2.2))]
    return (_el("line", x1=x1, y1=y1, x2=f"{ex:.1f}", y2=f"{ey:.1f}", **{"class": "th-fight"})
            + _el("polygon", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in pts), **{"class": "th-fight-head"}))


def _army(c, coords) -> str:
    """A case's name (when coordinates are shown, always on a castle) and its army."""
    cd = B.CASES[c.i]
    x, y = ANCHORS[c.i][0]
    out = []
    if coords or cd["kind"] == "castle":
        label = cd["name"] if cd["kind"] == "territory" else cd["name"][1:]
        out.append(_el("text", label, x=x, y=y - 20, font_size=13 if cd["kind"] == "territory" else 15,
                       **{"class": "th-label"}))
    o = c.owner
    if o == ORKS:
        out.append(_el("rect", x=x - 15, y=y - 11, width=30, height=22, rx=6, **{"class": "th-orks"}))
        out.append(_el("path", d=f"M{x - 11},{y + 11} l2,-5 l2,5 M{x + 7},{y + 11} l2,-5 l2,5", **{"class": "th-tusks"}))
        out.append(_el("text", str(c.count), x=x, y=y + 6, **{"class": "th-orks-n"}))
    elif o >= 0:
        bx = x - (9 if c.special else 0)
        if c.count > 0 or not c.special:
            out.append(_el("circle", cx=bx, cy=y, r=14, fill=PLAYER[o], **{"class": "th-army"}))
            out.append(_el("text", str(c.count), x=bx, y=y + 6, fill=PLAYER_TEXT[o], **{"class": "th-army-n"}))
        if c.special == "hero":
            out.append(_hero(x + 14 if c.count else x, y, o))
        elif c.special == "mage":
            out.append(_mage(x + 14 if c.count else x, y, o))
        # the player's mark, besides the colour: on the army's disc, else on the hero or mage alone
        out.append(marks.badge(o, bx - 13, y - 11, 9) if c.count > 0 or not c.special
                   else marks.badge(o, x - 12, y - 11, 9))
    return "".join(out)


def _pieces(board) -> str:
    """The fight, the armies, the treasures, the dragon and the mediator."""
    out = ['<g id="pieces">']
    if board.fight is not None:
        out.append(_fight(*board.fight))
    out += [_army(c, board.coords) for c in board.cases]
    for case, owner, kind in board.treasures:
        x, y = _token_spot(case, 1)
        out.append(_treasure(x, y, owner, kind))
    if board.dragon >= 0:
        x, y = _token_spot(board.dragon, 2)
        out.append(f'<g transform="translate({x:.1f},{y:.1f})">{DRAGON}'
                   f'<title>{escape(t(board.lang, "board.dragon"))}</title></g>')
    if board.mediator >= 0:
        x, y = _token_spot(board.mediator, 3)
        out.append(f'<g transform="translate({x:.1f},{y:.1f})">{MEDIATOR}'
                   f'<title>{escape(t(board.lang, "board.mediator"))}</title></g>')
    out.append("</g>")
    return "".join(out)


def panel(state, lang: str) -> list[dict]:
    """The panel under the map as text (see Game.panel): players, units,
    aids and treasures found, then the latest events. Nothing in it is
    hidden from anyone."""
    players = []
    for p, name in enumerate(state.players):
        n = state.total_units(p)
        info = t(lang, "board.units1") if n == 1 else t(lang, "board.units", n=n)
        found = sorted(k for k in state.found_kinds(p) if k != "blank")
        sep = " : " if lang == "fr" else ": "
        line = f"{'▶ ' if state.to_play == p else ''}{t(lang, f'colour.{p}').capitalize()} — {name}{sep}{info} · " + \
            t(lang, "board.aids", n=state.aids[p])
        if found:
            line += " · " + ", ".join(t(lang, "kind." + k) for k in found)
        players.append(line)
    head = t(lang, "board.turn", n=state.turn) if state.turn > 0 else t(lang, "board.setup")
    events = [" ".join(wrapped) for wrapped, _, _ in _event_lines(state, lang, 40)]
    return [{"title": head, "lines": players}, {"title": t(lang, "board.events"), "lines": events[-8:]}]


_MARK_DYN = '<g id="thorval-dyn" />'


def _panel(board):
    """The panel under the map: the players' rows and the legend on the left, the events on the right."""
    y0 = BH
    out = ['<g id="panel">',
           _el("rect", x=0, y=y0, width=WIDTH, height=PANEL_H, **{"class": "th-paper"}),
           _el("line", x1=LEFT_W, y1=y0 + 14, x2=LEFT_W, y2=HEIGHT - 14, **{"class": "th-rule"}),
           _el("text", "THORVAL", x=20, y=y0 + 40, **{"class": "th-title"}),
           _el("text", escape(board.title), x=LEFT_W - 20, y=y0 + 40, **{"class": "th-sub"})]
    y = y0 + 54
    for row in board.rows:
        out.append(f'<g class="th-row{" th-out" if row.out else ""}">')
        if row.current:
            out.append(_el("rect", x=8, y=y, width=LEFT_W - 16, height=40, rx=7, **{"class": "th-current"}))
        out.append(_el("circle", cx=28, cy=y + 20, r=12, fill=PLAYER[row.p], **{"class": "th-dot"}))
        out.append(marks.shape(row.p, 28, y + 20, 7.5, fill=PLAYER_TEXT[row.p]))  # the player's mark in the flag
        out.append(_text(row.label, 48, y + 28, class_="th-name"))
        out.append(_el("text", escape(row.info), x=272, y=y + 28, **{"class": "th-info"}))
        for j, kind in enumerate(row.found):
            out.append(_treasure(528 + j * 26, y + 20, row.p, kind, mark=False))
        out.append("</g>")
        y += 44
    out.append(LEGEND[board.lang])
    out.append(_events(board, y0))
    out.append("</g>")
    return "".join(out)


EV_ROOM = int((PANEL_H - EV_TOP - 8) // EV_LINE) + 1  # the lines the events column holds


def _events(board, y0):
    out = [_el("text", escape(t(board.lang, "board.events")), x=EV_X + 6, y=y0 + 36, **{"class": "th-head"}),
           _el("line", x1=EV_X + 6, y1=y0 + 46, x2=WIDTH - 16, y2=y0 + 46, **{"class": "th-rule-thin"})]
    y = y0 + EV_TOP
    for wrapped, latest, step in board.events:
        cls = "th-ev" + (" th-latest" if latest else "") + (" th-step" if step else "")
        for j, line in enumerate(wrapped):
            out.append(_text(line, EV_X + 6 + (18 if j else 0), y, class_=cls))
            y += EV_LINE
    return "".join(out)


def _event_lines(state, lang, room):
    """The episodes of the previous and the current turn, one sentence each,
    as many as ``room`` lines hold: older turns go first, then this turn's
    episodes without dice, then the oldest. The last move's newest events
    that the status line does not show are written out in full."""
    log = state.log
    starts = [k for k, e in enumerate(log) if e[1] == "turn"]
    cur = starts[-1] if starts else 0
    begin = starts[-2] if len(starts) > 1 else 0
    new = [e for e in log if e[0] >= state.mark]
    shown = [e for e in new if e[1] not in ("place", "hide", "turn")][-3:]  # as status() shows them
    full = {e[0] for e in new[-4:]} - {e[0] for e in shown}
    full |= {e[0] for e in new if e[1] in ("dragon", "dragon_none", "mediator", "first")}
    lines = episode_lines(state.players, log[begin:], full, lang)
    cur_seq = log[cur][0] if log else 0
    items, marker = [], None
    for text, key, seq, last, held in lines:
        wrapped = _wrap(text, EV_CHARS)
        keep = (4 if held else 3 if (seq >= cur_seq and key in DICE) or last >= state.mark
                else 2 if seq >= cur_seq else 1 if key in DICE else 0)
        items.append([wrapped, key, seq, len(wrapped), keep, last])
        if key == "turn" and seq == cur_seq:
            marker = items[-1]  # the title shows this turn: its line only parts it from the one before
    older = sum(1 for i in items if i[2] < cur_seq)
    total = sum(i[3] for i in items) - (marker[3] if marker and not older else 0)
    for level in (0, 1, 2, 3):
        for i in items:
            if total <= room:
                break
            if i[4] == level and i[3] and i is not marker:
                if level >= 3 and i[3] - (total - room) >= 1:
                    cut = total - room  # keep the end of a long paragraph
                    i[0] = ["… " + i[0][cut]] + i[0][cut + 1:]
                    i[3] -= cut
                    total = room
                    break
                total -= i[3]
                i[3] = 0
                if i[2] < cur_seq:
                    older -= 1
                    if not older and marker:
                        total -= marker[3]
    if marker is not None and not older:
        marker[3] = 0
    return [(wrapped, last >= state.mark, key == "turn") for wrapped, key, seq, n, _, last in items if n]


LEGEND_H = 92


def _legend(lang):
    y0 = HEIGHT - LEGEND_H
    out = [_el("line", x1=16, y1=y0, x2=LEFT_W - 16, y2=y0, **{"class": "th-rule-thin"})]
    for k, r in enumerate(DATA["regions"]):
        x = 16 + (k % 2) * 290
        y = y0 + 28 + (k // 2) * 27
        out.append(_el("rect", x=x, y=y - 15, width=26, height=19, rx=3, fill=REGION_FILL[r["id"]],
                       **{"class": "th-swatch"}))
        out.append(_el("text", escape(f"{r['id']} · {r['name'][lang]}"), x=x + 34, y=y + 1, **{"class": "th-legend"}))
    return "".join(out)


LEGEND = {lang: _legend(lang) for lang in ("fr", "en")}
