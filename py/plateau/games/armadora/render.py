"""The Armadora board as one SVG string.

Layout: the title runs along the top edge, the 8 × 5 squares below it
(columns ``a``–``h``, rows ``1``–``5`` from the top), one box per player
underneath. Every square carries ``data-target`` (its name), every free inner
line a thin clickable strip (``data-target="b2-c2"``) that only takes clicks
when it is a target. Warriors, gold and badges ignore the pointer, so a click
on a warrior reaches its square. What is shown is decided first
(``render_model.build``: what ``ctx.viewer`` may see of the warriors and
hands, the targets, the last move), then drawn one layer at a time, styled
by the ``am-`` classes of ``static/app.css``.
"""

from __future__ import annotations

from plateau.core import marks, svgkit
from plateau.core.game import RenderContext

from .render_model import Board, build, hand_line
from .rules import COLS, LINE_INDEX, LINES, NSQ, ROWS, ArmadoraState

CELL = 80
X0 = 40
Y0 = 78
BW = COLS * CELL
BH = ROWS * CELL
W = X0 + BW + 40
PANEL_Y = Y0 + BH + 40
H = PANEL_Y + 78
HC = PANEL_Y + 4  # the height on a phone: the board, its coordinates and the frame's foot

PALETTE = [("#f3e6b3", "#a8892a"), ("#cfe2f3", "#3f6f9f"), ("#f2d0d0", "#a04848"), ("#d5ecc2", "#4f8a2f"),
           ("#e3d5f0", "#6f4f9f"), ("#f6dcc0", "#a0652a"), ("#c8eee0", "#2f8a6a"), ("#e8e8c8", "#7a7a3a")]
HILITE = "#ffcf33"
LAST = "#ff7a1a"


def _xy(s: int) -> tuple[int, int]:
    return X0 + (s % COLS) * CELL, Y0 + (s // COLS) * CELL


def _line_rect(li: int, thick: float, shrink: float) -> tuple[float, float, float, float]:
    a, b = LINES[li]
    x, y = _xy(a)
    if b == a + 1:  # vertical line on the right side of a
        return x + CELL - thick / 2, y + shrink, thick, CELL - 2 * shrink
    return x + shrink, y + CELL - thick / 2, CELL - 2 * shrink, thick


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
    empty = svgkit.markup(d)
    head = empty[: empty.index(">", empty.index("<svg")) + 1]
    if head.endswith("/>"):
        head = head[:-2] + ">"
    els = [
        d.rect((0, 0), (W, H), rx=14, class_="am-frame"),
        d.rect((6, 6), (W - 12, H - 12), rx=10, class_="am-paper"),
        d.rect((X0 - 10, 14), (BW + 20, Y0 - 30), rx=8, class_="am-banner"),
        d.text("ARMADORA", insert=(X0 + BW / 2, 14 + (Y0 - 30) / 2 + 11), class_="am-title"),
        d.rect((X0 - 8, Y0 - 8), (BW + 16, BH + 16), rx=6, class_="am-wood"),
    ]
    if coords:
        g = d.g(class_="am-coords")
        for c in range(COLS):
            g.add(d.text("abcdefgh"[c], insert=(X0 + c * CELL + CELL / 2, Y0 + BH + 25)))
        for r in range(ROWS):
            g.add(d.text(str(r + 1), insert=(X0 - 22, Y0 + r * CELL + CELL / 2 + 5)))
        els.append(g)
    out = _STATIC[(coords, compact)] = (head, "".join(svgkit.markup(e) for e in els), "</svg>")
    return out


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render(state: ArmadoraState, ctx: RenderContext) -> str:
    """The board for ``ctx.viewer``'s eyes. Elements that can be targets and
    every player name are svgwrite elements; the decoration (gold, warriors,
    palisades, outlines, badges: numbers and catalogue words only) is written
    directly, which keeps a render to a few milliseconds."""
    board = build(state, ctx)
    head, static, tail = _static(bool(ctx.coords), bool(ctx.compact))
    d = svgkit.drawing(W, H, "board armadora")
    tone = _colouring(board.comp, len(board.sizes))
    out = [head, static,
           f'<text x="{X0 + BW}" y="{14 + (Y0 - 30) / 2 + 5}" class="am-t am-left">{_esc(board.palisades_left)}</text>',
           _squares(d, board, tone, ctx), _territories(board, tone), _gold(board),
           "".join(_warrior(w) for w in board.warriors), _palisades(board), _badges(board, tone),
           _marks(board), _lines(d, board, ctx)]
    if not ctx.compact:  # on a phone the players' boxes go to the page as text (Game.panel)
        _panel(d, board, out)
    out.append(tail)
    return "".join(out)


_SQUARES: dict = {}


def _squares(d, board, tone, ctx) -> str:
    """The squares, tinted by territory: targets. Each square's markup is written once per
    colour, label and state, then copied."""
    out = ["<g>"]
    for s, (name, label, target) in enumerate(board.squares):
        fill = "#fff1a6" if target else PALETTE[tone[board.comp[s]]][0]
        key = (s, name, label, fill, name in ctx.targets, name in ctx.clicks)
        text = _SQUARES.get(key)
        if text is None:
            if len(_SQUARES) > 20_000:  # (labels name what lies on a square: a long visit makes many)
                _SQUARES.clear()
            x, y = _xy(s)
            r = d.rect((x, y), (CELL, CELL), fill=fill)
            svgkit.target(r, name, label, RenderContext(targets=frozenset([name]) if key[4] else frozenset(),
                                                        clicks=(name,) if key[5] else ()), "am-sq")
            text = _SQUARES[key] = svgkit.markup(r)
        out.append(text)
    out.append("</g>")
    return "".join(out) if len(out) > 2 else "<g />"


def _territories(board, tone) -> str:
    """Each territory's outline, inset."""
    out = []
    for k in range(len(board.sizes)):
        segs = [seg for s in range(NSQ) if board.comp[s] == k for seg in _outline(s, board.comp, 6)]
        out.append(f'<path d="{"".join(segs)}" stroke="{PALETTE[tone[k]][1]}" class="am-out"/>')
    return "".join(out)


def _gold(board) -> str:
    """The gold piles: all cubes in one path, then the amounts."""
    out = [f'<path d="{"".join(_cubes(s, n) for s, n, _label in board.gold)}" class="am-gold am-np"/>']
    for s, n, label in board.gold:
        x, y = _xy(s)
        out.append(f'<circle cx="{x + CELL - 18}" cy="{y + CELL - 18}" r="12" class="am-goldc am-np" '
                   f'role="img" aria-label="{_esc(label)}"/>'
                   f'<text x="{x + CELL - 18}" y="{y + CELL - 13}" class="am-goldn am-np">{n}</text>')
    return "".join(out)


def _palisades(board) -> str:
    """Two paths for all the logs."""
    logs, shine = [], []
    for li in board.palisades:
        x, y, w, h = _line_rect(li, 10, -4)
        logs.append(_rrect(x, y, w, h, 4))
        if w > h:
            shine.append(f"M{x + w * 0.25:.1f} {y + 3:.1f}h{w * 0.5:.1f}v2h{-w * 0.5:.1f}z")
        else:
            shine.append(f"M{x + 3:.1f} {y + h * 0.25:.1f}v{h * 0.5:.1f}h2v{-h * 0.5:.1f}z")
    if not logs:
        return ""
    return f'<path d="{"".join(logs)}" class="am-pal am-np"/><path d="{"".join(shine)}" class="am-pal2 am-np"/>'


def _badges(board, tone) -> str:
    """Each territory's size (golden: complete), where it covers no piece."""
    out = []
    for k, (bx, by, r) in enumerate(_badge_spots(board.state, board.comp, len(board.sizes))):
        full = k in board.complete
        out.append(f'<circle cx="{bx}" cy="{by}" r="{r}" fill="{"#e8b923" if full else "#fffaf0"}" '
                   f'stroke="{"#6b4a10" if full else PALETTE[tone[k]][1]}" class="am-badge-disc am-np"/>'
                   f'<text x="{bx}" y="{by + r * 0.4:.1f}" font-size="{12 if r > 9 else 10}" '
                   f'class="am-badge am-np">{board.sizes[k]}</text>')
    return "".join(out)


def _marks(board) -> str:
    """The last move's squares and lines, rings on target squares that hold a piece, clicked squares."""
    out = []
    for s in board.last_squares:
        x, y = _xy(s)
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6" '
                   f'class="am-last am-np"/>')
    for li in board.last_lines:
        x, y, w, h = _line_rect(li, 16, -4)
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" class="am-lastl am-np"/>')
    for squares, cls in ((board.rings, "am-ring"), (board.clicked, "am-ringc")):
        for s in squares:
            x, y = _xy(s)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="8" '
                       f'class="{cls} am-np"/>')
    return "".join(out)


def _lines(d, board, ctx) -> str:
    """Inner lines that may be clicked (or were): thin strips with data-target."""
    g = d.g()
    for name, label, clicked in board.lines:
        li = LINE_INDEX[name]
        if clicked:
            x, y, w, h = _line_rect(li, 12, -2)
            r = d.rect((x, y), (w, h), rx=5, fill=LAST, stroke="#7a3300", stroke_width=1.5)
        else:
            x, y, w, h = _line_rect(li, 14, 10)
            r = d.rect((x, y), (w, h), rx=5, fill=HILITE, fill_opacity=0.6, stroke="#a67c00", stroke_width=1,
                       stroke_dasharray="4 3")
        svgkit.target(r, name, label, ctx, "line")
        g.add(r)
    return svgkit.markup(g) if g.elements else ""


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


def _warrior(w) -> str:
    """A warrior's tile (``render_model.Warrior``): its value when seen, else its emblem; arrows, reinforcement."""
    x, y = _xy(w.s)
    tile = 54
    tx, ty = x + (CELL - tile) / 2, y + (CELL - tile) / 2
    out = [f'<rect x="{tx}" y="{ty}" width="{tile}" height="{tile}" rx="9" fill="{w.fill}" stroke="{w.dark}" '
           f'class="am-tile am-np" role="img" aria-label="{_esc(w.label)}"/>']
    cx, cy = x + CELL / 2, y + CELL / 2
    if w.faceup:
        out.append(f'<rect x="{tx + 7}" y="{ty + 7}" width="{tile - 14}" height="{tile - 14}" rx="6" '
                   f'stroke="{w.dark}" class="am-face am-np"/>'
                   f'<text x="{cx}" y="{cy + 10}" fill="{w.dark}" class="am-v am-np">{w.value}</text>')
    elif w.value is not None:
        out.append(f'<rect x="{tx + 6}" y="{ty + 6}" width="{tile - 12}" height="{tile - 12}" rx="6" '
                   f'class="am-known am-np"/>'
                   f'<text x="{cx}" y="{cy + 10}" class="am-v am-white am-np">{w.value}</text>')
    else:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="16" class="am-emb am-np"/>'
                   f'<text x="{cx}" y="{cy + 7}" class="am-embt am-np">{w.initial}</text>')
    if w.arrows:  # the Elf's arrows, stuck in the tile's top-right corner, inside the square
        shafts = []
        for i in range(min(w.arrows, 3)):
            ex, ey = x + 70 - i * 10, y + 10  # fletching end
            px, py = ex - 15, ey + 16  # point, in the tile
            shafts.append(f"M{ex:.1f} {ey:.1f}L{px:.1f} {py:.1f}"
                          f"M{ex:.1f} {ey:.1f}l-5 .5m5 -.5l.5 5"
                          f"M{px - 4:.1f} {py + 5:.1f}l1.5 -8l6 5z")
        out.append(f'<path d="{"".join(shafts)}" class="am-arrow am-np"/>'
                   f'<rect x="{x + 48}" y="{y + 52}" width="22" height="16" rx="4" class="am-arrowb am-np"/>'
                   f'<text x="{x + 59}" y="{y + 64}" class="am-arrowt am-np">−{w.arrows}</text>')
    if w.reinforced:  # the reinforcement, on the tile's bottom-left corner, inside the square
        out.append(f'<path d="M{x + 8:.1f} {y + 48:.1f}h18v8q0 9 -9 13q-9 -4 -9 -13z" '
                   f'class="am-shield am-np"/>'
                   f'<text x="{x + 17}" y="{y + 62}" class="am-shieldt am-np">+1</text>')
    out.append(marks.badge(w.mark, tx + 2, ty + 2, 8))  # whose warrior, besides the colour
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


def _panel(d, board: Board, out: list) -> None:
    """One box per player; names are svgwrite text nodes."""
    raw = out.append
    n = len(board.boxes)
    bw = (BW + 20 - (n - 1) * 8) / n
    for box in board.boxes:
        x = X0 - 10 + box.p * (bw + 8)
        y = PANEL_Y
        raw(f'<rect x="{x}" y="{y}" width="{bw}" height="64" rx="8" stroke="{HILITE if box.current else box.dark}" '
            f'class="am-box{" am-passed" if box.passed else ""}{" am-current" if box.current else ""} am-np"/>'
            f'<rect x="{x + 8}" y="{y + 8}" width="30" height="30" rx="6" fill="{box.fill}" stroke="{box.dark}" '
            f'class="am-np"/>'
            f'<text x="{x + 23}" y="{y + 29}" class="am-pi am-np">{box.initial}</text>'
            + marks.badge(box.mark, x + 9, y + 37, 8))
        tokens = (1 if box.reinf_token else 0) + box.powers
        room = bw - 46 - 8 - (22 * tokens if tokens else 0)
        name = box.name
        most = min(18, max(6, int(room / 7)))  # about 7 px a character at the smallest size
        if len(name) > most:
            name = name[:most - 1] + "…"
        raw(svgkit.markup(d.text(name, insert=(x + 46, y + 22), class_="am-pn am-np", **_fit_attrs(name, 14, 0.62, room))))
        raw(f'<text x="{x + 46}" y="{y + 38}" class="am-ps am-np"{_fit(box.sub, 11, bw - 46 - 6)}>'
            f'{_esc(box.sub)}</text>')
        if box.winner:
            raw(f'<text x="{x + bw - 22}" y="{y + 58}" class="am-star am-np">★</text>')
        room = bw - 16 - (24 if box.winner else 0)
        raw(f'<text x="{x + 8}" y="{y + 56}" class="am-ph am-np"{_fit(box.line, 11, room)}>{_esc(box.line)}</text>')
        ix = x + bw - 12
        if box.reinf_token:  # the reinforcement and power tokens in front of the screen
            raw(f'<path d="M{ix - 10:.1f} {y + 8:.1f}h16v7q0 7 -8 10q-8 -3 -8 -10z" class="am-shield am-np"/>')
            ix -= 22
        for _ in range(box.powers):
            raw(f'<circle cx="{ix - 2}" cy="{y + 16}" r="8" fill="{box.fill}" class="am-power am-np"/>')
            ix -= 20
