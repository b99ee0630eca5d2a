"""The Armadora board as one SVG string.

Layout: the title runs along the top edge, the 8 × 5 squares below it
(columns ``a``–``h``, rows ``1``–``5`` from the top), one box per player
underneath. Every square carries ``data-target`` (its name), every free inner
line a thin clickable strip (``data-target="b2-c2"``) that only takes clicks
when it is a target. Warriors, gold and badges ignore the pointer, so a click
on a warrior reaches its square.
"""

from __future__ import annotations

from plateau.core import svgkit
from plateau.core.game import RenderContext

from .rules import (
    COLS, LINE_INDEX, LINES, MINES, NSQ, ROWS, SQ_INDEX, SQ_NAMES, ArmadoraState, _bits,
)

CELL = 80
X0 = 40
Y0 = 78
BW = COLS * CELL
BH = ROWS * CELL
W = X0 + BW + 40
PANEL_Y = Y0 + BH + 40
H = PANEL_Y + 78
HC = PANEL_Y + 4  # the height on a phone: the board, its coordinates and the frame's foot

CHAR_COLOURS = {
    "orc": ("#5d8a2a", "#33501a"),
    "goblin": ("#8a4f9e", "#4f2a5c"),
    "elf": ("#2f7fb5", "#1a4b6e"),
    "mage": ("#b8432f", "#6e2419"),
}
SEAT_COLOURS = [("#8d6b3f", "#54401f"), ("#5f7384", "#36434f"), ("#86607a", "#4d3546"), ("#6f7d50", "#414a2d")]
INITIAL = {"orc": "O", "goblin": "G", "elf": "E", "mage": "M"}
PALETTE = [("#f3e6b3", "#a8892a"), ("#cfe2f3", "#3f6f9f"), ("#f2d0d0", "#a04848"), ("#d5ecc2", "#4f8a2f"),
           ("#e3d5f0", "#6f4f9f"), ("#f6dcc0", "#a0652a"), ("#c8eee0", "#2f8a6a"), ("#e8e8c8", "#7a7a3a")]
HILITE = "#ffcf33"
LAST = "#ff7a1a"


def colours(state: ArmadoraState, p: int) -> tuple[str, str]:
    c = state.chars[p]
    return CHAR_COLOURS[c] if c else SEAT_COLOURS[p % 4]


def _xy(s: int) -> tuple[int, int]:
    return X0 + (s % COLS) * CELL, Y0 + (s // COLS) * CELL


def _line_rect(li: int, thick: float, shrink: float) -> tuple[float, float, float, float]:
    a, b = LINES[li]
    x, y = _xy(a)
    if b == a + 1:  # vertical line on the right side of a
        return x + CELL - thick / 2, y + shrink, thick, CELL - 2 * shrink
    return x + shrink, y + CELL - thick / 2, CELL - 2 * shrink, thick


def _last_marks(text: str) -> tuple[list[int], list[int]]:
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


STYLE = """
.am-sq{stroke:#b5a77e;stroke-width:.8}
.am-t{font-family:sans-serif;pointer-events:none}
.am-v{font-family:Georgia,serif;font-size:28px;font-weight:bold;text-anchor:middle}
.am-tile{stroke-width:2.5}
.am-out{fill:none;stroke-width:3.5;stroke-opacity:.9;stroke-linecap:square;pointer-events:none}
.am-pal{fill:#8b5a2b;stroke:#3d230c;stroke-width:1.5}
.am-pal2{fill:#c08a52}
.am-np{pointer-events:none}
.am-goldc{fill:#3b2a1a;stroke:#f2c230;stroke-width:2}
.am-last{fill:none;stroke:#ff7a1a;stroke-width:3;stroke-dasharray:8 4}
.am-lastl{fill:none;stroke:#ff7a1a;stroke-width:2.5}
.am-ring{fill:none;stroke:#ffcf33;stroke-width:5}
.am-ringc{fill:none;stroke:#ff7a1a;stroke-width:5}
.am-gold{fill:#f2c230;stroke:#8a6410;stroke-width:1.2}
.am-goldn{font-family:sans-serif;font-size:14px;font-weight:bold;fill:#f9dc6b;text-anchor:middle}
.am-known{fill:none;stroke:#fff;stroke-width:1.5;stroke-dasharray:3 3;stroke-opacity:.8}
.am-emb{fill:none;stroke:#fff;stroke-width:2;stroke-opacity:.7}
.am-embt{font-family:Georgia,serif;font-size:20px;font-weight:bold;fill:#fff;fill-opacity:.85;text-anchor:middle}
.am-arrow{fill:#7a1010;stroke:#7a1010;stroke-width:2.5}
.am-arrowb{fill:#c0392b;stroke:#fff;stroke-width:1}
.am-arrowt{font-family:sans-serif;font-size:11px;font-weight:bold;fill:#fff;text-anchor:middle}
.am-shield{fill:#f2c230;stroke:#5a3d08;stroke-width:1.5}
.am-shieldt{font-family:sans-serif;font-size:10px;font-weight:bold;fill:#3a2a08;text-anchor:middle}
.am-pn{font-family:sans-serif;font-size:14px;font-weight:bold;fill:#2a1d10}
.am-ps{font-family:sans-serif;font-size:11px;fill:#5a4128}
.am-ph{font-family:sans-serif;font-size:11px;fill:#2a1d10}
.am-pi{font-family:Georgia,serif;font-size:17px;font-weight:bold;fill:#fff;text-anchor:middle}
.am-badge{font-family:sans-serif;font-size:12px;font-weight:bold;fill:#3a2a12;text-anchor:middle}
"""


_STATIC: dict = {}


def _static(coords: bool, compact: bool = False) -> tuple[str, str, str]:
    """``(head, body, tail)``: the opening tag, the parts of the board that
    never change (drawn once with svgwrite), and the closing tag. On a phone
    (``compact``) the players' boxes are text under the board: the frame
    closes just below the board."""
    hit = _STATIC.get((coords, compact))
    if hit is not None:
        return hit
    H = HC if compact else globals()["H"]
    d = svgkit.drawing(W, H, "board armadora")
    empty = d.tostring()
    head = empty[: empty.index(">", empty.index("<svg")) + 1]
    if head.endswith("/>"):
        head = head[:-2] + ">"
    els = [
        d.style(STYLE),
        d.rect((0, 0), (W, H), rx=14, fill="#3b2a1a"),
        d.rect((6, 6), (W - 12, H - 12), rx=10, fill="#f4ead2", stroke="#c9a45a", stroke_width=2),
        d.rect((X0 - 10, 14), (BW + 20, Y0 - 30), rx=8, fill="#4a2f17", stroke="#c9a45a", stroke_width=2),
        d.text("ARMADORA", insert=(X0 + BW / 2, 14 + (Y0 - 30) / 2 + 11), text_anchor="middle",
               font_family="Georgia, 'Times New Roman', serif", font_size=32, font_weight="bold",
               letter_spacing=10, fill="#f2c94c", stroke="#7a4a12", stroke_width=0.8),
        d.rect((X0 - 8, Y0 - 8), (BW + 16, BH + 16), rx=6, fill="#6b4a26", stroke="#2e1d0c", stroke_width=2),
    ]
    if coords:
        g = d.g(font_family="sans-serif", font_size=13, fill="#5a4128", text_anchor="middle", pointer_events="none")
        for c in range(COLS):
            g.add(d.text("abcdefgh"[c], insert=(X0 + c * CELL + CELL / 2, Y0 + BH + 25)))
        for r in range(ROWS):
            g.add(d.text(str(r + 1), insert=(X0 - 22, Y0 + r * CELL + CELL / 2 + 5)))
        els.append(g)
    out = _STATIC[(coords, compact)] = (head, "".join(e.tostring() for e in els), "</svg>")
    return out


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render(state: ArmadoraState, ctx: RenderContext) -> str:
    """The board for ``ctx.viewer``'s eyes. Elements that can be targets and
    every player name are svgwrite elements; the decoration (gold, warriors,
    palisades, outlines, badges: numbers and catalogue words only) is written
    directly, which keeps a render to a few milliseconds."""
    t = state.game.t
    lang = ctx.lang
    viewer = ctx.viewer
    head, static, tail = _static(bool(ctx.coords), bool(ctx.compact))
    d = svgkit.drawing(W, H, "board armadora")
    comp, sizes = state.territory_map()
    complete = state.complete_territories()
    tone = _colouring(comp, len(sizes))
    targets = ctx.targets
    clicks = set(ctx.clicks)
    out = [head, static]
    raw = out.append

    raw(f'<text x="{X0 + BW}" y="{14 + (Y0 - 30) / 2 + 5}" text-anchor="end" font-size="13" fill="#f4ead2" '
        f'class="am-t">{_esc(t(lang, "svg.palisades", n=state.pal_left))}</text>')

    # squares (tinted by territory): targets
    g = d.g()
    for s in range(NSQ):
        x, y = _xy(s)
        name = SQ_NAMES[s]
        r = d.rect((x, y), (CELL, CELL), fill=("#fff1a6" if name in targets else PALETTE[tone[comp[s]]][0]))
        svgkit.target(r, name, t(lang, "label.square", sq=name), ctx, "am-sq")
        g.add(r)
    raw(g.tostring())

    # territory outlines (inset)
    for k in range(len(sizes)):
        segs = []
        for s in range(NSQ):
            if comp[s] == k:
                segs.extend(_outline(s, comp, 6))
        raw(f'<path d="{"".join(segs)}" stroke="{PALETTE[tone[k]][1]}" class="am-out"/>')

    # gold piles: all cubes in one path, then the amounts
    raw(f'<path d="{"".join(_cubes(s, state.gold[s]) for s in MINES)}" class="am-gold am-np"/>')
    for s in MINES:
        x, y = _xy(s)
        label = _esc(t(lang, "label.gold", sq=SQ_NAMES[s], gold=state.gold[s]))
        raw(f'<circle cx="{x + CELL - 18}" cy="{y + CELL - 18}" r="12" class="am-goldc am-np" aria-label="{label}"/>'
            f'<text x="{x + CELL - 18}" y="{y + CELL - 13}" class="am-goldn am-np">{state.gold[s]}</text>')

    # warriors
    for s in range(NSQ):
        if state.owner[s] >= 0:
            raw(_warrior(state, s, viewer, lang))

    # palisades: two paths for all the logs
    logs, shine = [], []
    for li in _bits(state.pal):
        x, y, w, h = _line_rect(li, 10, -4)
        logs.append(_rrect(x, y, w, h, 4))
        if w > h:
            shine.append(f"M{x + w * 0.25:.1f} {y + 3:.1f}h{w * 0.5:.1f}v2h{-w * 0.5:.1f}z")
        else:
            shine.append(f"M{x + 3:.1f} {y + h * 0.25:.1f}v{h * 0.5:.1f}h2v{-h * 0.5:.1f}z")
    if logs:
        raw(f'<path d="{"".join(logs)}" class="am-pal am-np"/><path d="{"".join(shine)}" class="am-pal2 am-np"/>')

    # size badges (golden: complete), where they cover no piece
    for k, (bx, by, r) in enumerate(_badge_spots(state, comp, len(sizes))):
        full = k in complete
        raw(f'<circle cx="{bx}" cy="{by}" r="{r}" fill="{"#e8b923" if full else "#fffaf0"}" '
            f'stroke="{"#6b4a10" if full else PALETTE[tone[k]][1]}" stroke-width="2" class="am-np"/>'
            f'<text x="{bx}" y="{by + r * 0.4:.1f}" font-size="{12 if r > 9 else 10}" '
            f'class="am-badge am-np">{sizes[k]}</text>')

    # last move marks
    last_sqs, last_lines = _last_marks(ctx.last.text) if ctx.last is not None else ([], [])
    for s in last_sqs:
        x, y = _xy(s)
        raw(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" class="am-last am-np"/>')
    for li in last_lines:
        x, y, w, h = _line_rect(li, 16, -4)
        raw(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" class="am-lastl am-np"/>')

    # target rings over occupied squares, clicked squares
    for name in sorted(targets):  # sorted: the same SVG in every process
        s = SQ_INDEX.get(name)
        if s is not None and (state.owner[s] >= 0 or state.gold[s]):
            x, y = _xy(s)
            raw(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="8" '
                f'class="am-ring am-np"/>')
    for name in sorted(clicks):
        s = SQ_INDEX.get(name)
        if s is not None:
            x, y = _xy(s)
            raw(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="8" '
                f'class="am-ringc am-np"/>')

    # inner lines that may be clicked (or were): thin strips with data-target
    g = d.g()
    for name in sorted(targets):
        li = LINE_INDEX.get(name)
        if li is not None and name not in clicks:
            x, y, w, h = _line_rect(li, 14, 10)
            r = d.rect((x, y), (w, h), rx=5, fill=HILITE, fill_opacity=0.6, stroke="#a67c00", stroke_width=1,
                       stroke_dasharray="4 3")
            svgkit.target(r, name, t(lang, "label.line", line=name), ctx, "line")
            g.add(r)
    for name in sorted(clicks):
        li = LINE_INDEX.get(name)
        if li is not None:
            x, y, w, h = _line_rect(li, 12, -2)
            r = d.rect((x, y), (w, h), rx=5, fill=LAST, stroke="#7a3300", stroke_width=1.5)
            svgkit.target(r, name, t(lang, "label.line", line=name), ctx, "line")
            g.add(r)
    if g.elements:
        raw(g.tostring())

    if ctx.compact:  # the players' boxes go to the page as text (Game.panel)
        out.append(tail)
        return "".join(out)
    _panel(d, state, viewer, lang, out)
    out.append(tail)
    return "".join(out)


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


def panel(state: ArmadoraState, viewer, lang: str) -> list[dict]:
    """The players' boxes as text (see Game.panel)."""
    t = state.game.t
    lines = []
    for p in range(state.n):
        parts = [state.players[p]]
        if state.chars[p]:
            parts.append(t(lang, "char." + state.chars[p]))
        if state.n == 4:
            parts.append(t(lang, "svg.team_short", k=state.side(p) + 1))
        if state.passed[p]:
            parts.append(t(lang, "svg.passed"))
        parts.append(hand_line(state, p, viewer, lang))
        if state.advanced and state.phase != "over":
            if state.reinf_left[p]:
                parts.append(t(lang, "panel.reinf"))
            if state.powers[p]:
                parts.append(t(lang, "panel.powers", n=state.powers[p]))
        lines.append(" · ".join(parts))
    return [{"title": t(lang, "panel.players"), "lines": lines}]


def _badge_spots(state: ArmadoraState, comp: list[int], count: int) -> list[tuple[float, float, int]]:
    """Centre and radius of each territory's size badge, chosen to cover no
    warrior, gold or palisade: the top-left corner of the territory's first
    square without a warrior (gold lies low in its square); else the middle
    of an inner line of the territory without a palisade, in the gap between
    two warriors; else (a lone square, all its sides walled) a small badge on
    the corner of the warrior's tile."""
    owner = state.owner
    pal = state.pal
    spots: list = [None] * count
    for s in range(NSQ):
        k = comp[s]
        if spots[k] is None and owner[s] < 0:
            x, y = _xy(s)
            spots[k] = (x + 18, y + 18, 10)
    for li, (a, b) in enumerate(LINES):
        k = comp[a]
        if spots[k] is None and comp[b] == k and not (pal >> li) & 1:
            x, y, w, h = _line_rect(li, 0, 0)
            spots[k] = (x + w / 2, y + h / 2, 10)
    for s in range(NSQ):
        k = comp[s]
        if spots[k] is None:
            x, y = _xy(s)
            spots[k] = (x + 15, y + 15, 8)
    return spots


def _colouring(comp: list[int], count: int) -> list[int]:
    """A palette index per territory, neighbouring territories differing."""
    near = [set() for _ in range(count)]
    for a, b in LINES:
        if comp[a] != comp[b]:
            near[comp[a]].add(comp[b])
            near[comp[b]].add(comp[a])
    tone = [0] * count
    for k in range(count):
        used = {tone[j] for j in near[k] if j < k}
        tone[k] = next(i for i in range(len(PALETTE)) if i not in used) if len(used) < len(PALETTE) else k % len(PALETTE)
    return tone


def _rrect(x: float, y: float, w: float, h: float, r: float) -> str:
    return (f"M{x + r:.1f} {y:.1f}h{w - 2 * r:.1f}a{r} {r} 0 0 1 {r} {r}v{h - 2 * r:.1f}"
            f"a{r} {r} 0 0 1 {-r} {r}h{2 * r - w:.1f}a{r} {r} 0 0 1 {-r} {-r}v{2 * r - h:.1f}"
            f"a{r} {r} 0 0 1 {r} {-r}z")


def _cubes(s: int, amount: int) -> str:
    x, y = _xy(s)
    cube = 12
    parts = []
    base_y = y + CELL - 22
    for row, count in enumerate((min(amount, 4), max(0, min(amount - 4, 3)))):
        x0 = x + CELL / 2 - count * cube / 2 - 6
        yy = base_y - row * (cube - 1) - cube
        for i in range(count):
            parts.append(f"M{x0 + i * cube:.1f} {yy:.1f}h{cube - 1}v{cube - 1}h{1 - cube}z")
    return "".join(parts)


def _outline(s: int, comp: list[int], e: float) -> list[str]:
    """Inset segments of square ``s`` along the sides its territory ends on."""
    r, c = divmod(s, COLS)
    x, y = _xy(s)
    k = comp[s]

    def same(rr: int, cc: int) -> bool:
        return 0 <= rr < ROWS and 0 <= cc < COLS and comp[rr * COLS + cc] == k

    up, down, left, right = same(r - 1, c), same(r + 1, c), same(r, c - 1), same(r, c + 1)
    out = []

    def ext(side_open: bool, diag: bool) -> float:
        # how far a side's inset line goes past the square's corner
        if not side_open:
            return -e  # convex corner: stop at the inset corner
        return e if diag else 0  # concave corner / straight run

    if not up:
        a = ext(left, same(r - 1, c - 1))
        b = ext(right, same(r - 1, c + 1))
        out.append(f"M{x - a:.1f} {y + e:.1f}H{x + CELL + b:.1f}")
    if not down:
        a = ext(left, same(r + 1, c - 1))
        b = ext(right, same(r + 1, c + 1))
        out.append(f"M{x - a:.1f} {y + CELL - e:.1f}H{x + CELL + b:.1f}")
    if not left:
        a = ext(up, same(r - 1, c - 1))
        b = ext(down, same(r + 1, c - 1))
        out.append(f"M{x + e:.1f} {y - a:.1f}V{y + CELL + b:.1f}")
    if not right:
        a = ext(up, same(r - 1, c + 1))
        b = ext(down, same(r + 1, c + 1))
        out.append(f"M{x + CELL - e:.1f} {y - a:.1f}V{y + CELL + b:.1f}")
    return out


def _warrior(state: ArmadoraState, s: int, viewer, lang: str) -> str:
    x, y = _xy(s)
    o = state.owner[s]
    fill, dark = colours(state, o)
    v = state.visible_value(s, viewer)
    tile = 54
    tx, ty = x + (CELL - tile) / 2, y + (CELL - tile) / 2
    ch = state.chars[o]
    who = state.game.t(lang, "char." + ch) if ch else str(o + 1)
    if v is None:
        label = state.game.t(lang, "label.warrior", char=who, sq=SQ_NAMES[s])
    else:
        label = state.game.t(lang, "label.warrior_v", char=who, sq=SQ_NAMES[s], v=v)
    out = [f'<rect x="{tx}" y="{ty}" width="{tile}" height="{tile}" rx="9" fill="{fill}" stroke="{dark}" '
           f'class="am-tile am-np" aria-label="{_esc(label)}"/>']
    cx, cy = x + CELL / 2, y + CELL / 2
    if state.faceup[s]:
        out.append(f'<rect x="{tx + 7}" y="{ty + 7}" width="{tile - 14}" height="{tile - 14}" rx="6" '
                   f'fill="#fbf4e2" stroke="{dark}" class="am-np"/>'
                   f'<text x="{cx}" y="{cy + 10}" fill="{dark}" class="am-v am-np">{v}</text>')
    elif v is not None:
        out.append(f'<rect x="{tx + 6}" y="{ty + 6}" width="{tile - 12}" height="{tile - 12}" rx="6" '
                   f'class="am-known am-np"/>'
                   f'<text x="{cx}" y="{cy + 10}" fill="#ffffff" class="am-v am-np">{v}</text>')
    else:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="16" class="am-emb am-np"/>'
                   f'<text x="{cx}" y="{cy + 7}" class="am-embt am-np">{INITIAL.get(ch, str(o + 1))}</text>')
    n = state.arrows[s]
    if n:  # the Elf's arrows, stuck in the tile's top-right corner, inside the square
        shafts = []
        for i in range(min(n, 3)):
            ex, ey = x + 70 - i * 10, y + 10  # fletching end
            px, py = ex - 15, ey + 16  # point, in the tile
            shafts.append(f"M{ex:.1f} {ey:.1f}L{px:.1f} {py:.1f}"
                          f"M{ex:.1f} {ey:.1f}l-5 .5m5 -.5l.5 5"
                          f"M{px - 4:.1f} {py + 5:.1f}l1.5 -8l6 5z")
        out.append(f'<path d="{"".join(shafts)}" class="am-arrow am-np"/>'
                   f'<rect x="{x + 48}" y="{y + 52}" width="22" height="16" rx="4" class="am-arrowb am-np"/>'
                   f'<text x="{x + 59}" y="{y + 64}" class="am-arrowt am-np">−{n}</text>')
    if state.reinf[s]:  # the reinforcement, on the tile's bottom-left corner, inside the square
        out.append(f'<path d="M{x + 8:.1f} {y + 48:.1f}h18v8q0 9 -9 13q-9 -4 -9 -13z" '
                   f'class="am-shield am-np"/>'
                   f'<text x="{x + 17}" y="{y + 62}" class="am-shieldt am-np">+1</text>')
    return "".join(out)


def _fit_attrs(text: str, size: float, em: float, room: float) -> dict:
    """Attributes that keep ``text`` within ``room`` pixels: a smaller font
    (down to 85 %), then glyphs squeezed to the room, judged on an estimate of
    ``em`` × size per character (a little generous for sans-serif)."""
    est = len(text) * em * size
    if est <= room:
        return {}
    small = max(size * 0.85, size * room / est)
    out = {"style": f"font-size:{small:.1f}px"}  # style: the class's font-size wins over an attribute
    if len(text) * em * small > room:
        out["textLength"] = f"{room:.0f}"
        out["lengthAdjust"] = "spacingAndGlyphs"
    return out


def _fit(text: str, size: float, room: float) -> str:
    """:func:`_fit_attrs` written as raw attributes (sans-serif, 11 px text)."""
    a = _fit_attrs(text, size, 0.56, room)
    if not a:
        return ""
    out = f' style="{a["style"]}"'
    if "textLength" in a:
        out += f' textLength="{a["textLength"]}" lengthAdjust="spacingAndGlyphs"'
    return out


def _panel(d, state: ArmadoraState, viewer, lang: str, out: list) -> None:
    """One box per player; names are svgwrite text nodes."""
    t = state.game.t
    raw = out.append
    n = state.n
    bw = (BW + 20 - (n - 1) * 8) / n
    over = state.phase == "over"
    winners = state.winners() if over else []
    for p in range(n):
        x = X0 - 10 + p * (bw + 8)
        y = PANEL_Y
        fill, dark = colours(state, p)
        current = not over and state.cur == p
        raw(f'<rect x="{x}" y="{y}" width="{bw}" height="64" rx="8" '
            f'fill="{"#e4dccb" if state.passed[p] else "#fffaf0"}" stroke="{HILITE if current else dark}" '
            f'stroke-width="{4 if current else 1.5}" class="am-np"/>'
            f'<rect x="{x + 8}" y="{y + 8}" width="30" height="30" rx="6" fill="{fill}" stroke="{dark}" class="am-np"/>')
        ch = state.chars[p]
        raw(f'<text x="{x + 23}" y="{y + 29}" class="am-pi am-np">{INITIAL.get(ch, str(p + 1)) if ch else p + 1}</text>')
        tokens = (1 if state.advanced and state.reinf_left[p] else 0) + (state.powers[p] if state.advanced else 0)
        room = bw - 46 - 8 - (22 * tokens if tokens else 0)
        name = state.players[p]
        most = min(18, max(6, int(room / 7)))  # about 7 px a character at the smallest size
        if len(name) > most:
            name = name[:most - 1] + "…"
        raw(d.text(name, insert=(x + 46, y + 22), class_="am-pn am-np", **_fit_attrs(name, 14, 0.62, room)).tostring())
        parts = [t(lang, "char." + ch)] if ch else []
        if n == 4:
            parts.append(t(lang, "svg.team_short", k=state.side(p) + 1))
        if state.passed[p]:
            parts.append(t(lang, "svg.passed"))
        sub = " · ".join(parts)
        raw(f'<text x="{x + 46}" y="{y + 38}" class="am-ps am-np"{_fit(sub, 11, bw - 46 - 6)}>{_esc(sub)}</text>')
        line = hand_line(state, p, viewer, lang)
        if over:
            if p in winners:
                raw(f'<text x="{x + bw - 22}" y="{y + 58}" fill="#d4a017" font-size="22" class="am-np">★</text>')
        room = bw - 16 - (24 if over and p in winners else 0)
        raw(f'<text x="{x + 8}" y="{y + 56}" class="am-ph am-np"{_fit(line, 11, room)}>{_esc(line)}</text>')
        ix = x + bw - 12
        if state.advanced:  # the reinforcement and power tokens in front of the screen
            if state.reinf_left[p]:
                raw(f'<path d="M{ix - 10:.1f} {y + 8:.1f}h16v7q0 7 -8 10q-8 -3 -8 -10z" class="am-shield am-np"/>')
                ix -= 22
            for _ in range(state.powers[p]):
                raw(f'<circle cx="{ix - 2}" cy="{y + 16}" r="8" fill="{fill}" stroke="#f2c230" stroke-width="2" '
                    f'class="am-np"/>')
                ix -= 20
