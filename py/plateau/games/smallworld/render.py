"""Small World board in SVG: the printed map (``mapdraw.terrain_layer``), a
clickable overlay per region, token stacks and markers at each region's
anchor, and a panel under the map with the combo column, the players and
the last events. What is drawn is decided first (``render_model.build``:
labels, targets, costs, and only what ``ctx.viewer`` may see: other
players' coins stay hidden unless the game is over or the table plays open
coins); the functions here draw it, one per layer, styled by the ``sw-``
classes of ``static/app.css``."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from plateau.core import marks
from plateau.core.game import RenderContext

from .catalogue import t
from .render_model import ABBR, DARK_TEXT, RACE_FILL, build, panel  # noqa: F401 (ABBR, panel: read here by others)

PANEL_H = 580  # room below the map before the final size is known
COL_W = 470  # the combo column beside the map
BOTTOM_H = 390  # players and events under the map


def _geometry(map_id):
    try:
        from . import mapdraw
    except ImportError:  # the drawing module is not in this tree: plain cells
        return None, None
    return mapdraw.geometry(map_id), mapdraw


class _Grid:
    """Stand-in geometry (a grid of cells) used only when ``mapdraw`` is absent."""

    def __init__(self, n):
        self.width, self.height = 1200, 800
        self.cols = 8
        self.n = n

    def _cell(self, r):
        w, h = self.width / self.cols, self.height / ((self.n + self.cols - 1) // self.cols)
        return (r % self.cols) * w, (r // self.cols) * h, w, h

    def path(self, r):
        x, y, w, h = self._cell(r)
        return f"M{x:.0f} {y:.0f}h{w:.0f}v{h:.0f}h{-w:.0f}Z"

    def anchor(self, r):
        x, y, w, h = self._cell(r)
        return x + w / 2, y + h / 2

    def mark(self, r):
        x, y, w, h = self._cell(r)
        return x + w / 2, y + h * 0.8


# A pictogram for each place and relic (and the tournament sheet's), drawn in
# a 24-unit box on its tile: what the thing is, seen at a glance; a key with no
# pictogram gets the initials of its name.
ICONS = {
    # relics (round tiles)
    "flying_doormat": '<g transform="skewX(-18)"><path d="M-8 -5h16v10h-16z" fill="#b23a48"/>'
                      '<path d="M-10 -5v10M10 -5v10" stroke="#5a1a22" stroke-width="2.5" stroke-dasharray="1.5 1.5"/>'
                      '<path d="M-5 -2h10M-5 2h10" stroke="#f3c969" stroke-width="1.2"/></g>',
    "froggys_ring": '<circle cy="3" r="7" fill="none" stroke="#c9a227" stroke-width="3"/>'
                    '<path d="M-4 -6l4 -5l4 5l-4 3z" fill="#2e7d32" stroke="#1b5e20"/>',
    "stinky_socks": '<path d="M-6 -11h8v11l5 3q3 4 -1 7h-8q-4 0 -4 -5z" fill="#f5f5f5" stroke="#555" stroke-width="1.5"/>'
                    '<path d="M5 -10q2.5 -2 0 -4M9 -6q2.5 -2 0 -4" stroke="#6b8e23" fill="none" stroke-width="1.6"/>',
    "scepter": '<path d="M-8 11L4 -3" stroke="#8a6d00" stroke-width="3.2" stroke-linecap="round"/>'
               '<circle cx="6" cy="-6" r="5" fill="#c62828" stroke="#5a0000" stroke-width="1.2"/>',
    "shiny_orb": '<circle r="9" fill="#5c9ded" stroke="#1d3f73" stroke-width="1.5"/>'
                 '<circle cx="-3.5" cy="-3.5" r="2.8" fill="#fff"/>',
    "killer_sword": '<path d="M0 -12L2.5 -9V3h-5V-9Z" fill="#cfd8dc" stroke="#37474f"/>'
                    '<path d="M-7 3h14v3h-14zM-1.6 6h3.2v6h-3.2z" fill="#6d4c41"/>',
    "pendant": '<path d="M-7 -10Q0 1 7 -10" fill="none" stroke="#c9a227" stroke-width="2"/>'
               '<path d="M0 -3l5 6l-5 7l-5 -7z" fill="#8e24aa" stroke="#4a148c"/>',
    # places (square tiles)
    "altar": '<path d="M-10 1h20v4h-20zM-7 5v6M7 5v6" stroke="#4e342e" fill="#8d6e63" stroke-width="1.6"/>'
             '<path d="M0 -12q6 7 0 12q-6 -5 0 -12z" fill="#ff7043"/>',
    "crypt": '<path d="M-7 11V-3a7 7 0 0 1 14 0V11z" fill="#9e9e9e" stroke="#424242" stroke-width="1.5"/>'
             '<path d="M0 -5v10M-3.5 -1.5h7" stroke="#424242" stroke-width="1.6"/>',
    "diamond_fields": '<path d="M-10 -3l4 -6h12l4 6l-10 13z" fill="#80deea" stroke="#00838f" stroke-width="1.5"/>'
                      '<path d="M-10 -3h20M-6 -9l6 6l6 -6M0 -3v13" stroke="#00838f" fill="none" stroke-width="1"/>',
    "brass_pipe": '<path d="M-11 -5h10a7 7 0 0 1 7 7v10" fill="none" stroke="#b8860b" stroke-width="6"/>'
                  '<path d="M-11 -8v6M3 9h6" stroke="#6d4c00" stroke-width="2"/>',
    "fountain": '<path d="M-10 5h20l-3 6h-14z" fill="#90a4ae" stroke="#455a64"/>'
                '<path d="M0 5V-5M0 -5q-6 -5 -8 5M0 -5q6 -5 8 5" stroke="#1e88e5" stroke-width="2" fill="none"/>',
    "keep": '<path d="M-7 11V-5h-2v-6h4v3h3v-3h4v3h3v-3h4v6h-2v16z" fill="#a1887f" stroke="#3e2723" stroke-width="1.3"/>'
            '<path d="M-2.5 11v-5a2.5 2.5 0 0 1 5 0v5z" fill="#3e2723"/>',
    "lost_mine": '<path d="M-11 11V0a11 11 0 0 1 22 0v11z" fill="#6d4c41"/>'
                 '<path d="M-6 11V1a6 6 0 0 1 12 0v10z" fill="#111"/><circle cy="6" r="2.2" fill="#ffd54f"/>',
    "stonehedge": '<path d="M-10 11V-4h5v15zM5 11V-4h5v15zM-12 -10h24v6h-24z" fill="#90a4ae" stroke="#37474f" '
                  'stroke-width="1.2"/>',
    "pentacle": '<circle r="10.5" fill="none" stroke="#6a1b9a" stroke-width="1.6"/>'
                '<path d="M0 -10L5.9 8.1L-9.5 -3.1H9.5L-5.9 8.1Z" fill="none" stroke="#6a1b9a" stroke-width="1.6"/>',
    "rusted_throne": '<path d="M-8 -12h6v13h10v5h-2v6h-3v-6h-6v6h-5z" fill="#a0522d" stroke="#4e2a12" '
                     'stroke-width="1.3"/><path d="M-6 -9h2M-6 -5h2" stroke="#e0a060" stroke-width="1.2"/>',
    "mill": '<path d="M-4 11l1 -12h6l1 12z" fill="#bcaaa4" stroke="#4e342e"/>'
            '<path d="M0 -3L-9 -12M0 -3L9 -12M0 -3L-9 6M0 -3L9 6" stroke="#4e342e" stroke-width="2.2"/>',
    "temple": '<path d="M-11 -4L0 -11L11 -4zM-10 9h20v2.5h-20z" fill="#d7ccc8" stroke="#5d4037"/>'
              '<path d="M-7 -3v12M-2.5 -3v12M2.5 -3v12M7 -3v12" stroke="#5d4037" stroke-width="2"/>',
    "discotroll": '<path d="M0 -12v4" stroke="#555" stroke-width="1.5"/><circle cy="1" r="8.5" fill="#b0bec5" '
                  'stroke="#37474f"/><path d="M-8 -2h16M-8 4h16M-4 -7v16M4 -7v16" stroke="#eceff1" stroke-width="1.2"/>',
    "skull": '<path d="M-8 1a8 8 0 1 1 16 0v3l-3 2v4h-10v-4l-3 -2z" fill="#eeeeee" stroke="#424242"/>'
             '<circle cx="-3.5" cy="0" r="2.4" fill="#424242"/><circle cx="3.5" cy="0" r="2.4" fill="#424242"/>',
    "tavern": '<path d="M-8 -6h11v17h-11z" fill="#ffca28" stroke="#6d4c41" stroke-width="1.5"/>'
              '<path d="M3 -2h4v8h-4" fill="none" stroke="#6d4c41" stroke-width="2"/>'
              '<path d="M-9 -6q2 -5 6 -2q3 -4 7 0v2h-13z" fill="#fff" stroke="#bbb" stroke-width=".8"/>',
    "mirror": '<ellipse cy="-2" rx="7" ry="9" fill="#b3e5fc" stroke="#8d6e63" stroke-width="2"/>'
              '<path d="M0 7v5" stroke="#8d6e63" stroke-width="2.5"/><path d="M-3 -6l3 -3" stroke="#fff" stroke-width="1.5"/>',
}


# the Underground's moving figures (``render_model.region_marks``): a pictogram on a disc
MARK_ICONS = {
    "balrog": '<path d="M-10 -11q2 7 5 7h10q3 0 5 -7q1 10 -4 12v5l-4 5h-4l-4 -5v-5q-5 -2 -4 -12z" fill="#e64a19" '
              'stroke="#ffab91" stroke-width=".8"/><circle cx="-3" cy="0" r="1.6" fill="#ffeb3b"/>'
              '<circle cx="3" cy="0" r="1.6" fill="#ffeb3b"/>',
    "ghost": '<path d="M-8 11v-11a8 8 0 0 1 16 0v11l-2.7 -3l-2.7 3l-2.6 -3l-2.6 3l-2.7 -3z" fill="#eceff1"/>'
             '<circle cx="-3" cy="-1" r="1.7" fill="#263238"/><circle cx="3" cy="-1" r="1.7" fill="#263238"/>',
}


def _item(x, y, key, name, title, relic):
    """A place (square tile) or a relic (round tile) found under a Monster:
    its pictogram (``ICONS``, else its initials), its name and effect as the tile's title."""
    shape = ('<circle r="17" class="sw-tile"/>' if relic else
             '<rect x="-17" y="-17" width="34" height="34" rx="5" class="sw-tile"/>')
    icon = ICONS.get(key)
    if icon is None:
        words = name.replace("'", " ").replace("-", " ").split()
        ab = "".join(w[0] for w in words if w[0].isupper())[:2] or words[0][:2]
        icon = f'<text y="1" class="sw-ab">{escape(ab)}</text>'
    return (f'<g class="sw-{"relic" if relic else "place"}" transform="translate({x:.0f} {y:.0f})" '
            f'pointer-events="none"><title>{escape(title)}</title>{shape}'
            f'{icon}</g>')


def _mark(x, y, kind, label):
    """A marker of Underground content (``render_model.region_marks``): a disc with a letter."""
    icon = MARK_ICONS.get(kind)
    if icon is None:
        icon = f'<text y="1" class="sw-ab sw-light">{escape(label[:1])}</text>'
    big = kind in MARK_ICONS
    return (f'<g class="sw-mark sw-{escape(kind)}" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{escape(label)}</title><circle r="{17 if big else 12}" class="sw-disc"/>{icon}</g>')


# a marker's shape, drawn in a 26-unit box under the stack
MARKER_SHAPES = {
    "lair": '<path d="M-11 8L0 -10L11 8Z"/>',
    "fortress": '<path d="M-10 9V-6h4v-4h4v4h4v-4h4v4h4V9Z"/>',
    "camp": '<path d="M-11 9L0 -9L11 9Z"/>',
    "hole": '<ellipse rx="12" ry="7"/>',
    "hero": '<path class="sw-shield" d="M-13 -13h26v12q0 10 -13 15q-13 -5 -13 -15z"/><path d="M-7 4v-7a7 7 0 0 1 14 0v7h-4v-4h-6v4z" '
            'class="sw-helm"/><path d="M0 -10v-4" class="sw-plume"/>',
    "dragon": '<path d="M-13 6Q-6 -12 0 -4Q6 -12 13 6Q4 0 0 10Q-4 0 -13 6Z"/>',
}


def _marker(kind, x, y, lang, n=1):
    body = MARKER_SHAPES[kind] + (f'<text y="5">{n}</text>' if kind == "camp" and n > 1 else "")
    return (f'<g class="sw-{kind}" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{escape(t(lang, "mk." + kind))}</title>{body}</g>')


def _hit_attrs(h):
    """The attributes of a clickable thing (``render_model.Hit``) and its classes."""
    a = f' data-target="{h.name}" aria-label={quoteattr(h.label)}'
    cls = []
    if h.target:
        cls.append("target")
        a += ' tabindex="0" role="button"'
    else:
        a += ' role="img"'  # a labelled picture: what a screen reader says of it
    if h.selected:
        cls.append("selected")
    return a, cls


def _token(x, y, s):
    """A race's stack (``render_model.Stack``): a disc with its initials and its count."""
    return (f'<g class="sw-stack{" sw-declined" if s.declined else ""}" transform="translate({x:.0f} {y:.0f})" '
            f'pointer-events="none"><title>{escape(s.title)}</title>'
            f'<circle r="19" fill="{s.fill}" stroke="{s.ring}" class="sw-ring"/>'
            f'<text y="1" class="sw-ini{" sw-dark" if s.dark_text else ""}">{escape(s.initials)}</text>'
            f'<circle cx="16" cy="-15" r="11" class="sw-badge"/><text x="16" y="-14" class="sw-n">{s.n}</text>'
            f'{marks.badge(s.mark, -17, 15, 11)}</g>')  # its player's mark, besides the ring's colour


def _monster(x, y, monster, md):
    """Monster tokens (or the Golden Knight / the Snow Thing) on a region."""
    n, special, label = monster
    icon = md._icon(special or "monster", 0, 0, 34, "") if md is not None else '<circle r="17" class="sw-beast"/>'
    count = "" if special or n < 2 else (
        f'<circle cx="16" cy="-15" r="10" class="sw-badge"/><text x="16" y="-14" class="sw-n sw-small">{n}</text>')
    return (f'<g class="sw-monster" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{escape(label)}</title>{icon}{count}</g>')


def _region_pieces(reg, geo, md, lang):
    """What lies on one region: the stack (or the Lost Tribe), markers, a monster, tiles."""
    ax, ay = geo.anchor(reg.r)
    out = []
    if reg.lost_tribe:
        out.append(md.lost_tribe_icon(ax, ay) if md is not None else
                   f'<circle cx="{ax:.0f}" cy="{ay:.0f}" r="14" class="sw-lt"/>')
    elif reg.stack is not None:
        out.append(_token(ax, ay, reg.stack))
    for i, (kind, n) in enumerate(reg.markers):
        out.append(_marker(kind, ax - 34 + i * 26, ay + 30, lang, n))
    if reg.monster:
        out.append(_monster(ax, ay if reg.empty else ay - 36, reg.monster, md))
    for i, (kind, key, label, name) in enumerate(reg.tiles):
        body = _mark(0, 0, key, label) if kind == "mark" else _item(0, 0, key, name, label, kind == "relic")
        out.append(f'<g transform="translate({ax - 42 + i * 38:.0f} {ay - 36:.0f})">{body}</g>')
    return "".join(out)


def _pieces(board, geo, md):
    return ('<g class="sw-pieces">' + "".join(_region_pieces(reg, geo, md, board.lang) for reg in board.regions)
            + "</g>")


def _costs(board, geo):
    """The cost of each region the acting race may attack, written on it."""
    if board.costs is None:
        return ""
    out = ['<g class="sw-costs" pointer-events="none">']
    for r, c, die in board.costs:
        x, y = geo.anchor(r)
        x, y = x + 46, y + 4  # right of the token stack
        die_cls = ' class="sw-die"' if die else ""
        out.append(f'<g transform="translate({x:.0f} {y:.0f})"><title>{escape(t(board.lang, "cost", c=c))}</title>'
                   f'<rect x="-17" y="-13" width="34" height="26" rx="6"{die_cls}/>'
                   f'<text y="1">{c}{"*" if die else ""}</text></g>')
    out.append("</g>")
    return "".join(out)


def _hits(board, geo):
    """The clickable overlay: one shape per region, labelled with what it holds."""
    out = ['<g class="sw-hits">']
    for reg in board.regions:
        a, cls = _hit_attrs(reg.hit)
        out.append(f'<path class="{" ".join(["sw-hit"] + cls)}" d="{geo.path(reg.r)}"{a}>'
                   f'<title>{escape(reg.hit.label)}</title></path>')
    out.append("</g>")
    return "".join(out)


class _Layout:
    """Where the combo column and the panel go: beside the map on a wide
    screen (players and events under it); on a phone the map alone (the
    column is the page's strip under it, :func:`strip`)."""

    def __init__(self, board, W, MH):
        self.compact = board.compact
        self.MH = MH
        if board.compact:
            self.TW, self.TH = W, MH
            return
        self.cols, self.k, self.top = 1, 1.2, 44
        self.ox, self.oy, self.area = W, 0, COL_W
        self.ch = (MH - self.top - 6 * 12) / 6
        self.TW, self.TH = W + COL_W, MH + BOTTOM_H
        self.cw = (self.area - 12 * (self.cols + 1)) / self.cols


def _column(board, L):
    """The combo column's background, heading, turn counter and cards."""
    k = L.k
    out = [f'<rect x="{L.ox}" y="{L.oy}" width="{L.TW - L.ox:.0f}" height="{L.TH - L.oy:.0f}" class="sw-panel"/>',
           f'<rect x="0" y="{L.MH}" width="{L.TW:.0f}" height="{L.TH - L.MH:.0f}" class="sw-panel"/>']
    out.append(f'<text x="{L.ox + 12}" y="{L.oy + L.top - 12}" font-size="{18 * k:.0f}" class="sw-head">'
               f'{escape(board.column_title)}</text>')
    # the turn counter, on the column's heading line (on the map it hid a region's number)
    out.append(f'<text class="sw-turn sw-head" x="{L.ox + L.area - 12}" y="{L.oy + L.top - 12}" '
               f'font-size="{18 * k:.0f}">{escape(board.turn_text)}</text>')
    for card in board.cards:
        out.append(_card(card, L, board.lang))
    return "".join(out)


def _card(card, L, lang):
    k, i = L.k, card.i
    x = L.ox + 12 + (i % L.cols) * (L.cw + 12)
    y = L.oy + L.top + (i // L.cols) * (L.ch + 12)
    hh = 34 * k
    a, cls = _hit_attrs(card.hit)
    tokens, cost = escape(t(lang, "card.tokens", n=card.tokens)), escape(t(lang, "card.cost", c=i))
    body = (f'<text x="{x + 12:.0f}" y="{y + hh + 26 * k:.0f}" font-size="{18 * k:.0f}" class="sw-power">'
            f'{escape(card.power_name)}</text>'
            f'<text x="{x + 12:.0f}" y="{y + hh + 52 * k:.0f}" font-size="{16 * k:.0f}">{tokens} · {cost}</text>')
    out = [f'<g class="{" ".join(["sw-card"] + cls)}"{a}><title>{escape(card.hit.label)}</title>'
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{L.cw:.0f}" height="{L.ch:.0f}" rx="10" class="sw-card-face"/>'
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{L.cw:.0f}" height="{hh:.0f}" rx="10" fill="{RACE_FILL[card.race]}"/>'
           f'<text x="{x + 10:.0f}" y="{y + hh * .7:.0f}" font-size="{19 * k:.0f}" '
           f'class="sw-race{" sw-dark" if card.race in DARK_TEXT else ""}">{escape(card.race_name)}</text>' + body]
    if card.coins:
        cx, cy = x + L.cw - 26 * k, y + hh * .5
        out.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{15 * k:.0f}" class="sw-coin"/>'
                   f'<text x="{cx:.0f}" y="{cy + 1:.0f}" font-size="{16 * k:.0f}" class="sw-coin-n">{card.coins}</text>')
    out.append("</g>")
    return "".join(out)


def _players(board, L):
    """One box per player under the map: name, coins (when the viewer may
    see them), races, places and relics held."""
    py = L.MH + 14
    pw = (L.TW - 12 * (len(board.players) + 1)) / max(1, len(board.players))
    out = []
    for i, box in enumerate(board.players):
        x = 12 + i * (pw + 12)
        a, cls = _hit_attrs(box.hit)
        out.append(f'<g class="{" ".join(["sw-player"] + cls)}" data-player="{box.p}"{a}>'
                   f'<rect x="{x:.0f}" y="{py}" width="{pw:.0f}" height="140" rx="8" stroke="{box.colour}" '
                   f'class="sw-box{" sw-active" if box.active else ""}"/>'
                   f'<rect x="{x:.0f}" y="{py}" width="12" height="140" fill="{box.colour}"/>'
                   f'{marks.badge(box.mark, x + 34, py + 21, 11)}'
                   f'<text x="{x + 52:.0f}" y="{py + 28}" class="sw-name">'
                   f'{escape(box.name)}{" ▶" if box.active else ""}</text>'
                   f'<text x="{x + pw - 10:.0f}" y="{py + 28}" class="sw-coins">{escape(box.coins)}</text>')
        for k, (s, tip, dec) in enumerate(box.lines):
            out.append(f'<text x="{x + 22:.0f}" y="{py + 56 + 24 * k}" class="sw-line{" sw-gone" if dec else ""}">'
                       f'{"<title>" + escape(tip) + "</title>" if tip else ""}{escape(s)}</text>')
        for k, (item, relic, name, title) in enumerate(box.items):  # its places and relics, bottom right
            out.append(f'<g transform="translate({x + pw - 22 - 32 * k:.0f} {py + 116}) scale(.8)">'
                       f'{_item(0, 0, item, name, title, relic)}</g>')
        out.append("</g>")
    return "".join(out)


def _events(board, L):
    ey = L.MH + 14 + 170
    return "".join(f'<text x="16" y="{ey + 25 * k}" class="sw-event">{escape(txt)}</text>'
                   for k, txt in enumerate(board.events))


def render(st, ctx: RenderContext) -> str:
    board = build(st, ctx)
    geo, md = _geometry(st.map_id)
    if geo is None:
        geo = _Grid(st.R)
    L = _Layout(board, geo.width, geo.height)
    # data-board: which map this is; a page showing several (a tournament's tables) keeps each one's
    # drawing aside while another is shown, and lays the next position over it (web/play.py)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board smallworld" viewBox="0,0,{L.TW:.0f},{L.TH:.0f}" '
           f'width="{L.TW:.0f}" height="{L.TH:.0f}" data-board={quoteattr(str(st.map_id))} '
           f'font-family="sans-serif" role="group" '
           f'aria-label={quoteattr("Small World")}>']
    if md is not None:
        out.append(md.terrain_layer(st.map_id, ctx.lang))
    else:
        out.append(f'<rect width="{geo.width}" height="{geo.height}" class="sw-sea"/>')
        out += [f'<path d="{geo.path(r)}" class="sw-cell"/>' for r in range(st.R)]
    out += [_pieces(board, geo, md), _costs(board, geo), _hits(board, geo)]
    if not board.compact:  # on a phone, the column is the strip under the map (strip), players and events
        out += [_column(board, L), _players(board, L), _events(board, L)]  # go to the page as text (Game.panel)
    out.append("</svg>")
    return "".join(out)


def strip(st, ctx: RenderContext) -> str:
    """The combo column on a phone (``Game.render_strip``): one card a row at
    the screen's width, out of the map's zoom, its words wrapped rather than
    cut; each card clickable as on the wide board (``combo<i>``). "" on a
    wide screen."""
    if not ctx.compact:
        return ""
    board = build(st, ctx)
    lang = board.lang
    out = [f'<section class="board-strip sw-strip" aria-label={quoteattr(board.column_title)}>'
           f'<h3 class="sw-strip-head"><span>{escape(board.column_title)}</span>'
           f'<span class="sw-turn">{escape(board.turn_text)}</span></h3>']
    for card in board.cards:
        a, cls = _hit_attrs(card.hit)
        a = a.replace(' role="img"', ' role="group"')  # (a card nobody may take now: its words, labelled)
        coins = (f'<span class="sw-strip-coins" aria-hidden="true">{card.coins}</span>' if card.coins else "")
        # the race's colour a band on the card's left: its words stay dark on light, whatever the colour
        out.append(f'<div class="{" ".join(["sw-card"] + cls)}"{a} style="border-left-color:{RACE_FILL[card.race]}">'
                   f'<div class="sw-strip-race">'
                   f'<span>{escape(card.race_name)}</span>{coins}</div>'
                   f'<div class="sw-strip-power">{escape(card.power_name)}</div>'
                   f'<div class="sw-strip-more">{escape(t(lang, "card.tokens", n=card.tokens))} · '
                   f'{escape(t(lang, "card.cost", c=card.i))}</div></div>')
    out.append("</section>")
    return "".join(out)
