"""Small World board in SVG: the printed map (``mapdraw.terrain_layer``), a
clickable overlay per region, token stacks and markers at each region's
anchor, and a panel under the map with the combo column, the players and
the last events. Only what ``ctx.viewer`` may see is drawn: other players'
coins stay hidden unless the game is over or the table plays open coins."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from plateau.core.game import RenderContext

from . import content as C
from .catalogue import event_text, t
from .rules import EMPTY, LT

PLAYER = ["#d62828", "#1f5fd6", "#1b8a3e", "#e0b000", "#8a3fc0", "#e67e22", "#00838f", "#6d4c41", "#c2185b",
          "#455a64"]


def colour(st, p):
    """The colour of player ``p`` on this board (a tournament table numbers
    its colours among the players it shows)."""
    return PLAYER[st.colour_index(p) % len(PLAYER)]
RACE_FILL = {
    "amazons": "#c2185b", "dwarves": "#8d6e63", "elves": "#7cb342", "ghouls": "#5d6d7e",
    "giants": "#a1887f", "halflings": "#ffb74d", "humans": "#ffd54f", "orcs": "#558b2f",
    "ratmen": "#795548", "skeletons": "#eceff1", "sorcerers": "#7e57c2", "tritons": "#26a69a",
    "trolls": "#6d4c41", "wizards": "#3949ab",
    "cultists": "#6a1b9a", "drow": "#37474f", "flames": "#e65100", "gnomes": "#9ccc65", "iron_dwarves": "#607d8b",
    "kraken": "#00838f", "liches": "#b0bec5", "lizardmen": "#689f38", "mudmen": "#6d5a3a", "mummies": "#d7ccc8",
    "ogres": "#8e6e53", "shadow_mimes": "#424242", "shrooms": "#ef9a9a", "spiderines": "#4e342e",
    "will_o_wisps": "#80deea",
}
DARK_TEXT = {"halflings", "humans", "skeletons", "elves", "giants", "gnomes", "liches", "mummies", "shrooms",
             "will_o_wisps"}
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


ABBR = {  # two letters per race, distinct in each language
    "fr": {"amazons": "Am", "dwarves": "Na", "elves": "El", "ghouls": "Go", "giants": "Gé", "halflings": "Hb",
           "humans": "Hu", "orcs": "Or", "ratmen": "Rt", "skeletons": "Sq", "sorcerers": "So", "tritons": "Tr",
           "trolls": "Tl", "wizards": "Ma", "cultists": "Cu", "drow": "Dr", "flames": "Fl", "gnomes": "Gn",
           "iron_dwarves": "NF", "kraken": "Kr", "liches": "Li", "lizardmen": "Lz", "mudmen": "HB", "mummies": "Mo",
           "ogres": "Og", "shadow_mimes": "Mi", "shrooms": "Ch", "spiderines": "Ar", "will_o_wisps": "FF"},
    "en": {"amazons": "Am", "dwarves": "Dw", "elves": "El", "ghouls": "Gh", "giants": "Gi", "halflings": "Ha",
           "humans": "Hu", "orcs": "Or", "ratmen": "Ra", "skeletons": "Sk", "sorcerers": "So", "tritons": "Tr",
           "trolls": "Tl", "wizards": "Wi", "cultists": "Cu", "drow": "Dr", "flames": "Fl", "gnomes": "Gn",
           "iron_dwarves": "ID", "kraken": "Kr", "liches": "Li", "lizardmen": "Lz", "mudmen": "Mu", "mummies": "Mm",
           "ogres": "Og", "shadow_mimes": "SM", "shrooms": "Sh", "spiderines": "Sp", "will_o_wisps": "WW"},
}


def _initials(race, lang):
    return ABBR.get(lang, ABBR["en"])[race]


def _attrs(name, ctx, label):
    a = f' data-target="{name}" aria-label={quoteattr(label)}'
    cls = []
    if name in ctx.targets:
        cls.append("target")
        a += ' tabindex="0" role="button"'
    if name in ctx.clicks:
        cls.append("selected")
    return a, cls


def _terrain_name(r_terrain, lang, md):
    if md is not None:
        return md.terrain_name(r_terrain, lang)
    return t(lang, "terrain." + r_terrain)


def _region_text(st, r, lang, md, attackable=None):
    """What region ``r`` holds, in words; ``attackable``: the regions the acting
    race may attack (computed once per drawing by its caller, else here)."""
    parts = [t(lang, "region", r=r).capitalize() + ", " + _terrain_name(st.terrain[r], lang, md)]
    o = st.owner[r]
    if o == LT:
        parts.append(t(lang, "lt"))
    elif o >= 0:
        rec = st.recs[o]
        s = f"{C.name(rec['race'], lang)} ({st.players[rec['p']]}) ×{st.tok[r]}"
        if rec["dec"]:
            s += " — " + t(lang, "declined")
        parts.append(s)
    for flag, key in ((st.lair[r], "lair"), (st.fort[r], "fortress"), (st.hole[r], "hole"),
                      (st.hero[r], "hero"), (st.dragon == r, "dragon")):
        if flag:
            parts.append(t(lang, "mk." + key))
    if st.camp[r]:
        parts.append(t(lang, "mk.camp") + f" ×{st.camp[r]}")
    if st.monster[r]:
        sp = st.special[r]
        parts.append(t(lang, "mk." + sp) if sp else t(lang, "mk.monster", n=st.monster[r]))
    for item in (st.place[r], st.relic[r]):
        if item:
            parts.append(C.name(item, lang) + " — " + C.text(item, lang))
    for f in C.REGION_MARKS:
        for _kind, label in f(st, r, lang):
            parts.append(label)
    if attackable is None:
        attackable = set(st.targets(st.acting)) if st.phase == "conquer" and st.acting is not None else set()
    if r in attackable:
        c = st.cost(st.acting, r)
        hand = st.recs[st.acting]["hand"]
        parts.append(t(lang, "cost", c=c) + ("" if c <= hand else " — " + t(lang, "die_hint")))
    return "; ".join(parts)


def _token(x, y, rec, n, players, lang, scale=1.0, st=None):
    race = rec["race"]
    fill = "#9e9e9e" if rec["dec"] else RACE_FILL[race]
    txt = "#222" if (race in DARK_TEXT or rec["dec"]) else "#fff"
    ring = colour(st, rec["p"]) if st is not None else PLAYER[rec["p"] % len(PLAYER)]
    r = 19 * scale
    title = C.name(race, lang) + (f" {C.name(rec['power'], lang)}" if rec["power"] and not rec["dec"] else "")
    title += f" ({players[rec['p']]})"
    if rec["dec"]:
        title += " — " + t(lang, "declined")
    title += ": " + C.text(race, lang)
    if rec["power"] and not rec["dec"]:
        title += " " + C.text(rec["power"], lang)
    out = [f'<g class="sw-stack{" sw-declined" if rec["dec"] else ""}" transform="translate({x:.0f} {y:.0f})" '
           f'pointer-events="none"><title>{escape(title)}</title>',
           f'<circle r="{r:.0f}" fill="{fill}" stroke="{ring}" stroke-width="{5 * scale:.0f}"/>',
           f'<text y="1" font-size="{15 * scale:.0f}" font-weight="bold" text-anchor="middle" '
           f'dominant-baseline="central" fill="{txt}">{escape(_initials(race, lang))}</text>']
    if True:  # the count, always shown
        out.append(f'<circle cx="{16 * scale:.0f}" cy="{-15 * scale:.0f}" r="{11 * scale:.0f}" fill="#fff" '
                   f'stroke="#222" stroke-width="1.5"/>'
                   f'<text x="{16 * scale:.0f}" y="{-14 * scale:.0f}" font-size="{14 * scale:.0f}" font-weight="bold" '
                   f'text-anchor="middle" dominant-baseline="central" fill="#111">{n}</text>')
    out.append("</g>")
    return "".join(out)


def _monster(x, y, n, special, lang, md):
    """Monster tokens (or the Golden Knight / the Snow Thing) on a region."""
    label = t(lang, "mk." + special) if special else t(lang, "mk.monster", n=n)
    if md is not None:
        icon = md._icon(special or "monster", 0, 0, 34, "")
    else:
        icon = '<circle r="17" fill="#7b2d26"/>'
    count = "" if special or n < 2 else (
        '<circle cx="16" cy="-15" r="10" fill="#fff" stroke="#222" stroke-width="1.5"/>'
        f'<text x="16" y="-14" font-size="13" font-weight="bold" text-anchor="middle" '
        f'dominant-baseline="central" fill="#111">{n}</text>')
    return (f'<g class="sw-monster" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{escape(label)}</title>{icon}{count}</g>')


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


def _item(x, y, key, lang, relic):
    """A place (square tile) or a relic (round tile) found under a Monster:
    its pictogram (``ICONS``), its name and effect as the tile's title."""
    shape = ('<circle r="17" fill="#fff3c4" stroke="#8a6d00" stroke-width="2.5"/>' if relic else
             '<rect x="-17" y="-17" width="34" height="34" rx="5" fill="#e8f0ff" stroke="#27466e" stroke-width="2.5"/>')
    icon = ICONS.get(key)
    if icon is None:
        words = C.name(key, lang).replace("'", " ").replace("-", " ").split()
        ab = "".join(w[0] for w in words if w[0].isupper())[:2] or words[0][:2]
        icon = (f'<text y="1" font-size="13" font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                f'fill="#222">{escape(ab)}</text>')
    return (f'<g class="sw-{"relic" if relic else "place"}" transform="translate({x:.0f} {y:.0f})" '
            f'pointer-events="none"><title>{escape(C.name(key, lang) + " — " + C.text(key, lang))}</title>{shape}'
            f'{icon}</g>')


# the Underground's moving figures (``C.REGION_MARKS``): a pictogram on a disc
MARK_ICONS = {
    "balrog": '<path d="M-10 -11q2 7 5 7h10q3 0 5 -7q1 10 -4 12v5l-4 5h-4l-4 -5v-5q-5 -2 -4 -12z" fill="#e64a19" '
              'stroke="#ffab91" stroke-width=".8"/><circle cx="-3" cy="0" r="1.6" fill="#ffeb3b"/>'
              '<circle cx="3" cy="0" r="1.6" fill="#ffeb3b"/>',
    "ghost": '<path d="M-8 11v-11a8 8 0 0 1 16 0v11l-2.7 -3l-2.7 3l-2.6 -3l-2.6 3l-2.7 -3z" fill="#eceff1"/>'
             '<circle cx="-3" cy="-1" r="1.7" fill="#263238"/><circle cx="3" cy="-1" r="1.7" fill="#263238"/>',
}


def _mark(x, y, kind, label):
    """A marker of Underground content (see ``C.REGION_MARKS``): a disc with a letter."""
    icon = MARK_ICONS.get(kind)
    if icon is None:
        icon = (f'<text y="1" font-size="13" font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                f'fill="#fff">{escape(label[:1])}</text>')
    big = kind in MARK_ICONS
    return (f'<g class="sw-mark sw-{escape(kind)}" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{escape(label)}</title><circle r="{17 if big else 12}" '
            f'fill="{"#3e0d0d" if kind == "balrog" else "#263238"}" stroke="#fff" stroke-width="1.5"/>{icon}</g>')


def _marker(kind, x, y, lang, n=1):
    lab = escape(t(lang, "mk." + kind))
    if kind == "lair":
        body = '<path d="M-11 8L0 -10L11 8Z" fill="#5d4037" stroke="#1b0f0a" stroke-width="1.5"/>'
    elif kind == "fortress":
        body = ('<path d="M-10 9V-6h4v-4h4v4h4v-4h4v4h4V9Z" fill="#9e9e9e" stroke="#212121" stroke-width="1.5"/>')
    elif kind == "camp":
        body = ('<path d="M-11 9L0 -9L11 9Z" fill="#ffcc80" stroke="#5d4037" stroke-width="1.5"/>'
                + (f'<text y="5" font-size="11" text-anchor="middle" fill="#3e2723">{n}</text>' if n > 1 else ""))
    elif kind == "hole":
        body = '<ellipse rx="12" ry="7" fill="#1b1b1b" stroke="#795548" stroke-width="2"/>'
    elif kind == "hero":  # a hero: a helmeted head on a gold shield, not a small star
        body = ('<path d="M-13 -13h26v12q0 10 -13 15q-13 -5 -13 -15z" fill="#ffd600" stroke="#5d4037" '
                'stroke-width="1.6"/><path d="M-7 4v-7a7 7 0 0 1 14 0v7h-4v-4h-6v4z" fill="#607d8b" '
                'stroke="#263238" stroke-width="1.2"/><path d="M0 -10v-4" stroke="#c62828" stroke-width="3"/>')
    else:  # dragon
        body = ('<path d="M-13 6Q-6 -12 0 -4Q6 -12 13 6Q4 0 0 10Q-4 0 -13 6Z" fill="#c62828" '
                'stroke="#3e0000" stroke-width="1.5"/>')
    return (f'<g class="sw-{kind}" transform="translate({x:.0f} {y:.0f})" pointer-events="none">'
            f'<title>{lab}</title>{body}</g>')


def render(st, ctx: RenderContext) -> str:
    lang = ctx.lang
    geo, md = _geometry(st.map_id)
    if geo is None:
        geo = _Grid(st.R)
    W, MH = geo.width, geo.height
    H = MH + PANEL_H
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board smallworld" viewBox="0,0,{W},{H}" '
           f'width="{W}" height="{H}" font-family="sans-serif" role="group" '
           f'aria-label={quoteattr("Small World")}>',
           "<style>.smallworld .sw-hit{fill:transparent;stroke:none}"
           ".smallworld .sw-hit.target{fill:rgba(255,255,255,.18);stroke:#fff;stroke-width:4;cursor:pointer;"
           "stroke-dasharray:10 6}"
           ".smallworld .sw-hit.target:hover,.smallworld .sw-hit.target:focus{fill:rgba(255,255,255,.38)}"
           ".smallworld .sw-hit.selected{fill:rgba(255,230,0,.35);stroke:#ffd600;stroke-width:5}"
           ".smallworld .sw-card.target>rect:first-of-type{stroke:#d35400;stroke-width:6;cursor:pointer}"
           ".smallworld .sw-card.target{cursor:pointer}"
           ".smallworld .sw-player.target>rect:first-of-type{stroke:#d35400;stroke-width:6;cursor:pointer}"
           ".smallworld .sw-card.target:hover>rect:first-of-type,.smallworld .sw-card.target:focus>rect:first-of-type"
           "{fill:#ffe9b3}"
           ".smallworld .sw-card.selected>rect:first-of-type{stroke:#ffd600;stroke-width:7}"
           "</style>"]
    if md is not None:
        out.append(md.terrain_layer(st.map_id, lang))
    else:
        out.append(f'<rect width="{W}" height="{MH}" fill="#4a87c6"/>')
        for r in range(st.R):
            out.append(f'<path d="{geo.path(r)}" fill="#d9cfa8" stroke="#333"/>')
    # markers and tokens
    out.append('<g class="sw-pieces">')
    for r in range(st.R):
        ax, ay = geo.anchor(r)
        o = st.owner[r]
        if o == LT:
            if md is not None:
                out.append(md.lost_tribe_icon(ax, ay))
            else:
                out.append(f'<circle cx="{ax:.0f}" cy="{ay:.0f}" r="14" fill="#c8b79a" stroke="#3d2f1e"/>')
        elif o >= 0:
            out.append(_token(ax, ay, st.recs[o], st.tok[r], st.players, lang, st=st))
        mk = []
        if st.lair[r]:
            mk.append(("lair", 1))
        if st.fort[r]:
            mk.append(("fortress", 1))
        if st.camp[r]:
            mk.append(("camp", st.camp[r]))
        if st.hole[r]:
            mk.append(("hole", 1))
        if st.hero[r]:
            mk.append(("hero", 1))
        if st.dragon == r:
            mk.append(("dragon", 1))
        for i, (k, n) in enumerate(mk):
            out.append(_marker(k, ax - 34 + i * 26 - (len(mk) - 1) * 0, ay + 30, lang, n))
        if st.monster[r]:
            out.append(_monster(ax, ay if o == EMPTY else ay - 36, st.monster[r], st.special[r], lang, md))
        extra = [_item(0, 0, st.place[r], lang, False)] if st.place[r] else []
        if st.relic[r]:
            extra.append(_item(0, 0, st.relic[r], lang, True))
        for f in C.REGION_MARKS:
            for kind, label in f(st, r, lang):
                extra.append(_mark(0, 0, kind, label))
        for i, body in enumerate(extra):
            out.append(f'<g transform="translate({ax - 42 + i * 38:.0f} {ay - 36:.0f})">{body}</g>')
    out.append("</g>")
    # the cost of each region the acting race may attack, written on it
    if st.phase == "conquer" and st.acting is not None and st.win is None:
        hand = st.recs[st.acting]["hand"]
        roll = st.tp["roll"]
        out.append('<g class="sw-costs" pointer-events="none" font-size="17" font-weight="bold" '
                   'text-anchor="middle" dominant-baseline="central">')
        for r in st.targets(st.acting):
            c = st.cost(st.acting, r)
            if roll is not None:
                c = st.need(st.acting, r, roll)
            elif c > hand + 3 or hand == 0:
                continue
            x, y = geo.anchor(r)
            x, y = x + 46, y + 4  # right of the token stack
            die = c > hand
            fill = "#fff3e0" if die else "#ffffff"
            out.append(f'<g transform="translate({x:.0f} {y:.0f})"><title>{escape(t(lang, "cost", c=c))}</title>'
                       f'<rect x="-17" y="-13" width="34" height="26" rx="6" fill="{fill}" stroke="#d35400" '
                       f'stroke-width="2"/><text y="1" fill="#7a2e00">{c}{"*" if die else ""}</text></g>')
        out.append("</g>")
    # clickable overlay
    out.append('<g class="sw-hits">')
    attackable = set(st.targets(st.acting)) if st.phase == "conquer" and st.acting is not None else set()
    for r in range(st.R):
        name = f"r{r}"
        text = _region_text(st, r, lang, md, attackable)
        a, cls = _attrs(name, ctx, text)
        out.append(f'<path class="{" ".join(["sw-hit"] + cls)}" d="{geo.path(r)}"{a}>'
                   f'<title>{escape(text)}</title></path>')
    out.append("</g>")
    # the combo column: beside the map on a wide screen, under it on a phone
    compact = ctx.compact
    if compact:
        cols, k, top = 2, 2.4, 60
        ox, oy, area = 0, MH, W
        ch = 118 * k
        rows = (len(st.column) + cols - 1) // cols or 1
        TW, TH = W, MH + top + rows * (ch + 12)
    else:
        cols, k, top = 1, 1.2, 44
        ox, oy, area = W, 0, COL_W
        ch = (MH - top - 6 * 12) / 6
        TW, TH = W + COL_W, MH + BOTTOM_H
    out[0] = out[0].replace(f'viewBox="0,0,{W},{H}"', f'viewBox="0,0,{TW:.0f},{TH:.0f}"').replace(
        f'width="{W}" height="{H}"', f'width="{TW:.0f}" height="{TH:.0f}"')
    out.append(f'<rect x="{ox}" y="{oy}" width="{TW - ox:.0f}" height="{TH - oy:.0f}" fill="#f4ecd8"/>')
    if not compact:
        out.append(f'<rect x="0" y="{MH}" width="{TW:.0f}" height="{TH - MH:.0f}" fill="#f4ecd8"/>')
    out.append(f'<text x="{ox + 12}" y="{oy + top - 12}" font-size="{18 * k:.0f}" font-weight="bold" '
               f'fill="#3a2a18">{escape(t(lang, "panel.column"))}</text>')
    # the turn counter, on the column's heading line (on the map it hid a region's number)
    out.append(f'<text class="sw-turn" x="{ox + area - 12}" y="{oy + top - 12}" text-anchor="end" '
               f'font-size="{18 * k:.0f}" font-weight="bold" fill="#3a2a18">'
               f'{escape(t(lang, "panel.turn", n=st.turn, m=st.turns))}</text>')
    cw = (area - 12 * (cols + 1)) / cols
    for i, (race, power, coins) in enumerate(st.column):
        x = ox + 12 + (i % cols) * (cw + 12)
        y = oy + top + (i // cols) * (ch + 12)
        name = f"combo{i}"
        n = C.RACES[race][0] + C.POWERS[power]
        label = t(lang, "target.combo", race=C.name(race, lang), power=C.name(power, lang), n=n, cost=i,
                  coins=coins)
        full = label + ". " + C.name(race, lang) + " : " + C.text(race, lang) + " " + C.name(power, lang) + " : " \
            + C.text(power, lang)
        a, cls = _attrs(name, ctx, full)
        hh = 34 * k
        if compact:
            body = (f'<text x="{x + 10:.0f}" y="{y + hh + 24 * k:.0f}" font-size="{17 * k:.0f}" font-weight="bold" '
                    f'fill="#3a2a18">{escape(C.name(power, lang))}</text>'
                    f'<text x="{x + 10:.0f}" y="{y + hh + 50 * k:.0f}" font-size="{17 * k:.0f}" fill="#3a2a18">'
                    f'{escape(t(lang, "card.tokens", n=n))}</text>'
                    f'<text x="{x + 10:.0f}" y="{y + hh + 74 * k:.0f}" font-size="{17 * k:.0f}" fill="#3a2a18">'
                    f'{escape(t(lang, "card.cost", c=i))}</text>')
        else:
            body = (f'<text x="{x + 12:.0f}" y="{y + hh + 26 * k:.0f}" font-size="{18 * k:.0f}" font-weight="bold" '
                    f'fill="#3a2a18">{escape(C.name(power, lang))}</text>'
                    f'<text x="{x + 12:.0f}" y="{y + hh + 52 * k:.0f}" font-size="{16 * k:.0f}" fill="#3a2a18">'
                    f'{escape(t(lang, "card.tokens", n=n))} · {escape(t(lang, "card.cost", c=i))}</text>')
        out.append(f'<g class="{" ".join(["sw-card"] + cls)}"{a}><title>{escape(full)}</title>'
                   f'<rect x="{x:.0f}" y="{y:.0f}" width="{cw:.0f}" height="{ch:.0f}" rx="10" fill="#fffdf5" '
                   f'stroke="#6d5a3a" stroke-width="2"/>'
                   f'<rect x="{x:.0f}" y="{y:.0f}" width="{cw:.0f}" height="{hh:.0f}" rx="10" fill="{RACE_FILL[race]}"/>'
                   f'<text x="{x + 10:.0f}" y="{y + hh * .7:.0f}" font-size="{19 * k:.0f}" font-weight="bold" '
                   f'fill="{"#222" if race in DARK_TEXT else "#fff"}">{escape(C.name(race, lang))}</text>' + body)
        if coins:
            out.append(f'<circle cx="{x + cw - 26 * k:.0f}" cy="{y + hh * .5:.0f}" r="{15 * k:.0f}" fill="#f9c74f" '
                       f'stroke="#7a5b00" stroke-width="2"/><text x="{x + cw - 26 * k:.0f}" y="{y + hh * .5 + 1:.0f}" '
                       f'font-size="{16 * k:.0f}" font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                       f'fill="#3a2a00">{coins}</text>')
        out.append("</g>")
    if compact:  # players and events go to the page as text (Game.panel)
        out.append("</svg>")
        return "".join(out)
    # players
    py = MH + 14
    shown = st.shown_players()
    pw = (TW - 12 * (len(shown) + 1)) / max(1, len(shown))
    for i, p in enumerate(shown):
        x = 12 + i * (pw + 12)
        active = st.to_play == p
        a, cls = _attrs(f"p{p}", ctx, t(lang, "target.peace", p=st.players[p]))
        out.append(f'<g class="{" ".join(["sw-player"] + cls)}" data-player="{p}"{a}>'
                   f'<rect x="{x:.0f}" y="{py}" width="{pw:.0f}" height="140" '
                   f'rx="8" fill="#fffdf5" stroke="{colour(st, p)}" stroke-width="{5 if active else 2}"/>'
                   f'<rect x="{x:.0f}" y="{py}" width="12" height="140" fill="{colour(st, p)}"/>')
        coins = (t(lang, "panel.coins", c=st.coins[p]) if st.coins_visible(ctx.viewer, p)
                 else t(lang, "panel.coins_hidden"))
        out.append(f'<text x="{x + 22:.0f}" y="{py + 28}" font-size="22" font-weight="bold" fill="#222">'
                   f'{escape(st.players[p])}{" ▶" if active else ""}</text>'
                   f'<text x="{x + pw - 10:.0f}" y="{py + 28}" font-size="19" text-anchor="end" fill="#5a4a00">'
                   f'{escape(coins)}</text>')
        lines = []
        rid = st.active[p]
        if rid is not None:
            rec = st.recs[rid]
            s = f"{C.name(rec['race'], lang)} {C.name(rec['power'], lang)}"
            lines.append((s, C.text(rec["race"], lang) + " " + C.text(rec["power"], lang), False))
            extra = t(lang, "panel.hand", n=rec["hand"])
            if rec["parked"]:
                extra += f" (+{rec['parked']})"
            lines.append((extra, "", False))
        for did in st.declined[p]:
            rec = st.recs[did]
            lines.append((f"{C.name(rec['race'], lang)} — {t(lang, 'declined')}", C.text(rec["race"], lang), True))
        for k, (s, tip, dec) in enumerate(lines[:4]):
            out.append(f'<text x="{x + 22:.0f}" y="{py + 56 + 24 * k}" font-size="18" '
                       f'fill="{"#777" if dec else "#222"}">{"<title>" + escape(tip) + "</title>" if tip else ""}'
                       f'{escape(s)}</text>')
        for k, (_r, item, relic) in enumerate(_held(st, p)[:6]):  # its places and relics, bottom right
            out.append(f'<g transform="translate({x + pw - 22 - 32 * k:.0f} {py + 116}) scale(.8)">'
                       f'{_item(0, 0, item, lang, relic)}</g>')
        out.append("</g>")
    # events
    ey = py + 170
    for k, txt in enumerate(event_lines(st, ctx.viewer, lang)):
        out.append(f'<text x="16" y="{ey + 25 * k}" font-size="19" fill="#3a2a18">{escape(txt[:160])}</text>')
    out.append("</svg>")
    return "".join(out)


def _held(st, p):
    """The places and relics in player ``p``'s regions (public: they lie on
    the map), as ``(region, key, is a relic)``."""
    return [(r, item, relic) for r in range(st.R) if st.owner[r] >= 0 and st.recs[st.owner[r]]["p"] == p
            for item, relic in ((st.relic[r], True), (st.place[r], False)) if item]


def _player_lines(st, p, viewer, lang):
    coins = (t(lang, "panel.coins", c=st.coins[p]) if st.coins_visible(viewer, p)
             else t(lang, "panel.coins_hidden"))
    lines = [f"{st.players[p]}{' ▶' if st.to_play == p else ''} — {coins}"]
    rid = st.active[p]
    if rid is not None:
        rec = st.recs[rid]
        extra = t(lang, "panel.hand", n=rec["hand"]) + (f" (+{rec['parked']})" if rec["parked"] else "")
        lines.append(f"  {C.name(rec['race'], lang)} {C.name(rec['power'], lang)}, {extra}")
    for did in st.declined[p]:
        lines.append(f"  {C.name(st.recs[did]['race'], lang)} — {t(lang, 'declined')}")
    held = [f"{C.name(item, lang)} ({t(lang, 'region', r=r)})" for r, item, _ in _held(st, p)]
    if held:
        lines.append("  " + t(lang, "panel.items", items=", ".join(held)))
    return lines


def event_lines(st, viewer, lang, last=8):
    out = []
    for _, _, key, f in [e for e in st.log if e[2] != "turn"][-last:]:
        if key == "score" and not st.coins_visible(viewer, f["p"]):
            out.append(t(lang, "ev.score_hidden", p=st.players[f["p"]]))
        else:
            out.append(event_text(st.players, key, f, lang))
    return out


def panel(st, viewer, lang):
    """The text of the panel under the map, for a narrow screen."""
    players = []
    for p in st.shown_players():
        players.extend(_player_lines(st, p, viewer, lang))
    return [{"title": t(lang, "panel.turn", n=st.turn, m=st.turns), "lines": players},
            {"title": t(lang, "panel.events"), "lines": event_lines(st, viewer, lang)}]
