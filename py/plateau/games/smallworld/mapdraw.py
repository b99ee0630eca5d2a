"""Drawing of the Small World boards: region shapes, terrain textures, printed
symbols and region numbers, as plain SVG strings (no svgwrite needed).

The region graphs come from ``boards/smallworld-graphs.json``, the shapes from
``boards/smallworld-shapes.json`` (computed from the graphs by
``scripts/smallworld_shapes.py``). Nothing here depends on the game state:
tokens, Lost Tribes still on the board and owners are drawn by the game's
renderer at each region's ``anchor``; :func:`lost_tribe_icon` and
:func:`mountain_icon` give it the markers' look.

>>> g = geometry("base-2p")
>>> g.width, g.height, len(g.ids)
(1200, 800, 23)
>>> g.path(0).startswith("M") and g.path(0).endswith("z")
True
>>> terrain_name("swamp", "fr"), terrain_name("mushroom_forest", "en")
('Marais', 'Mushroom Forest')
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from plateau.core.boards import load_board

GRAPHS = "smallworld-graphs.json"
SHAPES = "smallworld-shapes.json"
UNDERGROUND = "smallworld-underground.json"

#: printed icons: their size, and the spacing the shapes were placed for
ICON_SIZE = 28
ICON_STEP = 31

MAP_IDS = ("base-2p", "base-3p", "base-4p", "base-5p", "underground-2p", "underground-3p", "underground-4p",
           "underground-5p")

_TERRAIN_NAMES = {
    "farmland": ("Terres cultivées", "Farmland"),
    "forest": ("Forêt", "Forest"),
    "hill": ("Colline", "Hill"),
    "swamp": ("Marais", "Swamp"),
    "mountain": ("Montagne", "Mountain"),
    "sea": ("Mer", "Sea"),
    "lake": ("Lac", "Lake"),
    "chasm": ("Gouffre", "Abysmal Chasm"),
    "river": ("Rivière", "River"),
    "mine": ("Mine", "Mine"),
    "mudpool": ("Bourbier", "Mudpool"),
    "mystic_crystal": ("Cristaux mystiques", "Mystic Crystals"),
    "black_mountain": ("Montagne noire", "Black Mountain"),
    "mushroom_forest": ("Forêt de champignons", "Mushroom Forest"),
}

_SYMBOL_NAMES = {
    "cavern": ("Caverne", "Cavern"),
    "magic": ("Source magique", "Magic source"),
    "mine": ("Mine", "Mine"),
    "volcano": ("Volcan", "Volcano"),
    "monster": ("Monstres", "Monsters"),
    "golden_knight": ("Chevalier d'Or", "Golden Knight"),
    "snow_thing": ("Abominable Machin des Neiges", "Abominable Snow Thing"),
    "lost_tribe": ("Tribu oubliée", "Lost Tribe"),
    "mountain": ("Montagne (marqueur)", "Mountain marker"),
}

#: fill colour, texture colour per terrain: lightness differs between
#: neighbours' usual terrains and every terrain has its own texture, so the
#: map reads without relying on hue
_PALETTE = {
    "farmland": ("#ecd67c", "#b99632"),
    "forest": ("#3f7d3b", "#23502a"),
    "hill": ("#b3d57a", "#6d9a3c"),
    "swamp": ("#7f9f8c", "#3f5f4e"),
    "mountain": ("#aaa39a", "#6c645a"),
    "sea": ("#4a87c6", "#b9dcf7"),
    "lake": ("#79b5e3", "#e3f3ff"),
    "chasm": ("#2a2230", "#6d5a78"),
    "river": ("#3d8fcc", "#cde9fb"),
    "mine": ("#a27a52", "#5e4028"),
    "mudpool": ("#786540", "#c9b27a"),
    "mystic_crystal": ("#ab8ad2", "#ffffff"),
    "black_mountain": ("#5b5961", "#c9c6cf"),
    "mushroom_forest": ("#b65d4e", "#f3dccf"),
}
WATER = frozenset({"sea", "lake", "river"})


def terrain_name(terrain: str, lang: str = "fr") -> str:
    """The terrain's name in French (``fr``) or English (anything else)."""
    fr, en = _TERRAIN_NAMES[terrain]
    return fr if lang == "fr" else en


def symbol_name(symbol: str, lang: str = "fr") -> str:
    """Name of a printed symbol (cavern, magic, mine, volcano, monster) or
    marker (lost_tribe, mountain)."""
    fr, en = _SYMBOL_NAMES[symbol]
    return fr if lang == "fr" else en


def _num(v: float) -> str:
    r = round(v, 1)
    if r == int(r):
        return str(int(r))
    t = str(r)
    return t.replace("0.", ".", 1) if t.startswith(("0.", "-0.")) else t


class MapGeometry:
    """Shapes and graph of one board. Region ids are ints (strings of digits
    are accepted too)."""

    def __init__(self, map_id: str, graph: dict | None = None, shape: dict | None = None):
        m = _RANDOM_ID.match(map_id) if graph is None or shape is None else None
        if m:  # a random board: each region's spots are made when first drawn
            parts = _random_parts(int(m.group(1)), int(m.group(2)))
            (w, h), graph = parts["size"], parts["graph"]
            shape = {"width": w, "height": h, "regions": {}}
            self._made = parts["region"]
            self._polys = parts["polygons"]
        elif graph is None or shape is None:
            graph, shape = board_data(map_id)
        g, s = graph, shape
        self.map_id = map_id
        self.width: int = s["width"]
        self.height: int = s["height"]
        self.regions: dict[int, dict] = {r["id"]: r for r in g["regions"]}
        self.ids: tuple[int, ...] = tuple(sorted(self.regions))
        self._shape = {int(k): v for k, v in s["regions"].items()}
        self._nb = {r["id"]: tuple(sorted(r["neighbours"])) for r in g["regions"]}
        self._paths: dict[int, str] = {}

    _made = None  # a random board's region drawings, made one by one
    _polys = None  # and its outlines, made with its graph

    def _polygon(self, rid):
        if self._polys is not None and int(rid) in self.regions:
            return self._polys[int(rid)]
        return self._s(rid)["polygon"]

    def _s(self, rid) -> dict:
        got = self._shape.get(int(rid))
        if got is None and self._made is not None and int(rid) in self.regions:
            got = self._shape[int(rid)] = self._made(int(rid))
        if got is None:
            raise KeyError(rid)
        return got

    def polygon(self, rid) -> list[tuple[float, float]]:
        return [tuple(p) for p in self._polygon(rid)]

    def path(self, rid) -> str:
        """SVG path data (``d``) of the region's outline."""
        rid = int(rid)
        d = self._paths.get(rid)
        if d is None:
            pts = self._polygon(rid)
            # relative moves, minus signs as separators: about half the size
            out = [f"M{_num(pts[0][0])} {_num(pts[0][1])}l"]
            first = True
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                for v in (_num(x1 - x0), _num(y1 - y0)):
                    out.append(v if first or v.startswith("-") else " " + v)
                    first = False
            out.append("z")
            d = "".join(out)
            self._paths[rid] = d
        return d

    def anchor(self, rid) -> tuple[float, float]:
        """Where the token stack of the region goes."""
        x, y = self._s(rid)["anchor"]
        return (x, y)

    def label(self, rid) -> tuple[float, float]:
        """Where the region number is printed."""
        x, y = self._s(rid)["label"]
        return (x, y)

    def mark(self, rid) -> tuple[float, float]:
        """Where the printed symbols and markers of the region are drawn."""
        x, y = self._s(rid)["mark"]
        return (x, y)

    def icons(self, rid) -> list[tuple[str, float, float]]:
        """The printed things of :meth:`marks` with the point where each is
        drawn (a row, a column or two rows around :meth:`mark`)."""
        pts = self._s(rid).get("icons")
        kinds = self.marks(rid)
        if pts is None or len(pts) != len(kinds):  # older shapes: a row at mark
            mx, my = self.mark(rid)
            pts = [(mx + (i - (len(kinds) - 1) / 2) * ICON_STEP, my) for i in range(len(kinds))]
        return [(k, x, y) for k, (x, y) in zip(kinds, pts)]

    def middle(self, rid) -> tuple[float, float]:
        """A point well inside the region, for a small drawing (a thumbnail's
        mark): :meth:`mark` when the region's spots are known, else the
        centre of its outline's area (a random board's regions are nearly
        convex), so that a thumbnail does not make the spots of every region."""
        if self._made is None or int(rid) in self._shape:
            return self.mark(rid)
        pts = self._polygon(rid)
        a = cx = cy = 0.0
        x0, y0 = pts[-1]
        for x1, y1 in pts:
            f = x0 * y1 - x1 * y0
            a += f
            cx += (x0 + x1) * f
            cy += (y0 + y1) * f
            x0, y0 = x1, y1
        if a == 0:
            return self.mark(rid)
        return (cx / (3 * a), cy / (3 * a))

    def neighbours(self, rid) -> tuple[int, ...]:
        return self._nb[int(rid)]

    def terrain(self, rid) -> str:
        return self.regions[int(rid)]["terrain"]

    def marks(self, rid) -> list[str]:
        """The printed things drawn at :meth:`mark`: symbols, then the
        Mountain marker and the Lost Tribe sigil where the board has them."""
        r = self.regions[int(rid)]
        out = list(r.get("symbols", ()))
        if r["terrain"] in ("mountain", "black_mountain"):
            out.append("mountain")
        if r.get("lost_tribe"):
            out.append("lost_tribe")
        return out


_RANDOM_ID = re.compile(r"random-([2-5])p-(\d{1,10})$")


def board_data(map_id: str) -> tuple[dict, dict]:
    """The region graph and the shapes of a board: the printed maps
    (``base-Np``, ``underground-2p``), Plateau's Underground boards for 3–5
    players (``underground-Np``) and the random boards (``random-Np-SEED``),
    which are rebuilt from their seed."""
    graphs = load_board(GRAPHS)["maps"]
    shapes = load_board(SHAPES)["maps"]
    if map_id in graphs and map_id in shapes:
        return graphs[map_id], shapes[map_id]
    own = load_board(UNDERGROUND)
    if map_id in own["maps"]:
        return own["maps"][map_id], own["shapes"][map_id]
    m = _RANDOM_ID.match(map_id)
    if m:
        return _random(int(m.group(1)), int(m.group(2)))
    raise KeyError(f"unknown Small World map {map_id!r}")


_GRAPHS: dict = {}  # (players, seed) -> a random board's graph, its drawing made region by region


def board_graph(map_id: str) -> dict:
    """The region graph of a board (:func:`board_data`'s first half): all
    the rules need. A random board's is made without its drawing's spots,
    which take most of the time (a tournament opens sooner; a board drawn
    later gets its shapes then)."""
    m = _RANDOM_ID.match(map_id)
    if not m:
        return board_data(map_id)[0]
    return _random_parts(int(m.group(1)), int(m.group(2)))["graph"]


def _random_parts(players: int, seed: int) -> dict:
    """A random board's graph and the function drawing one of its regions
    (``boardgen.random_board(..., shapes=False)``), kept for the next call."""
    key = (players, seed)
    got = _GRAPHS.get(key)
    if got is None:
        from .boardgen import random_board

        if len(_GRAPHS) >= 16:
            _GRAPHS.clear()
        got = _GRAPHS[key] = random_board(players, seed, shapes=False)
    return got


def _random(players: int, seed: int) -> tuple[dict, dict]:
    """A random board's graph and all its shapes (the same as
    ``boardgen.random_board``'s, from the layout already made)."""
    parts = _random_parts(players, seed)
    graph = parts["graph"]
    regions = {str(r["id"]): parts["region"](r["id"]) for r in graph["regions"]}
    w, h = parts["size"]
    return graph, {"width": w, "height": h, "regions": regions}


@lru_cache(maxsize=None)
def geometry(map_id: str) -> MapGeometry:
    return MapGeometry(map_id)


# ---------------------------------------------------------------- textures

def _pattern(terrain: str) -> str:
    bg, fg = _PALETTE[terrain]
    pid = f"sw-tx-{terrain}"
    s = 24  # tile size
    body = ""
    if terrain == "farmland":  # furrows
        body = (f'<path d="M0 6h24M0 14h24M0 22h24" stroke="{fg}" stroke-width="1.6" opacity=".55"/>'
                f'<path d="M4 10l2-3 2 3M16 18l2-3 2 3" stroke="{fg}" stroke-width="1.2" fill="none" opacity=".7"/>')
    elif terrain == "forest":  # little firs
        body = (f'<path d="M6 3l-4 8h8zM18 15l-4 8h8z" fill="{fg}"/>'
                f'<path d="M6 11v3M18 23v1" stroke="{fg}" stroke-width="1.5"/>'
                f'<circle cx="18" cy="5" r="1.5" fill="#6aa05a"/><circle cx="6" cy="19" r="1.5" fill="#6aa05a"/>')
    elif terrain == "hill":  # rounded mounds
        body = (f'<path d="M1 11q5-7 10 0M13 23q5-7 10 0" stroke="{fg}" stroke-width="1.6" fill="none"/>')
    elif terrain == "swamp":  # reeds and water dashes
        body = (f'<path d="M3 10h7M14 21h7M16 7h5M2 20h4" stroke="#cfe3d6" stroke-width="1.4"/>'
                f'<path d="M6 9V3M8 9l2-5M4 9L3 4M18 20v-6M20 20l2-5" stroke="{fg}" stroke-width="1.3"/>')
    elif terrain == "mountain":  # peaks
        body = (f'<path d="M1 12l5-8 5 8M13 23l5-8 5 8" stroke="{fg}" stroke-width="1.7" fill="none"/>'
                f'<path d="M4.5 6.5l1.5-2.5 1.5 2.5M16.5 17.5l1.5-2.5 1.5 2.5" stroke="#f4f2ee" stroke-width="1.3" fill="none"/>')
    elif terrain in ("sea", "lake"):  # waves
        o = ".75" if terrain == "sea" else ".9"
        body = (f'<path d="M1 7q3-3 6 0t6 0M12 19q3-3 6 0t6 0" stroke="{fg}" stroke-width="1.5" fill="none" opacity="{o}"/>')
    elif terrain == "river":  # current
        body = (f'<path d="M0 6q6 4 12 0t12 0M0 18q6 4 12 0t12 0" stroke="{fg}" stroke-width="1.4" fill="none" opacity=".8"/>')
    elif terrain == "chasm":  # cracks
        body = (f'<path d="M2 2l5 6-2 4 5 5M14 4l3 4 5 1M13 22l4-4 4 2" stroke="{fg}" stroke-width="1.4" fill="none"/>')
    elif terrain == "mine":  # stone blocks
        body = (f'<path d="M0 8h24M0 20h24M8 8v12M20 0v8M4 20v4M16 20v4" stroke="{fg}" stroke-width="1.3" opacity=".7"/>')
    elif terrain == "mudpool":  # bubbles
        body = (f'<circle cx="6" cy="7" r="3" stroke="{fg}" fill="none" stroke-width="1.3"/>'
                f'<circle cx="17" cy="17" r="2.2" stroke="{fg}" fill="none" stroke-width="1.3"/>'
                f'<circle cx="19" cy="6" r="1.2" fill="{fg}"/><circle cx="7" cy="19" r="1.2" fill="{fg}"/>')
    elif terrain == "mystic_crystal":  # crystals
        body = (f'<path d="M6 2l3 5-3 5-3-5zM18 13l3 5-3 5-3-5z" fill="{fg}" opacity=".75"/>'
                f'<path d="M6 2v10M18 13v10" stroke="#7c58a8" stroke-width=".8"/>')
    elif terrain == "black_mountain":  # dark peaks
        body = (f'<path d="M1 12l5-8 5 8M13 23l5-8 5 8" stroke="{fg}" stroke-width="1.6" fill="none"/>')
    elif terrain == "mushroom_forest":  # mushrooms
        body = (f'<path d="M2 9a4 4 0 0 1 8 0zM14 21a4 4 0 0 1 8 0z" fill="{fg}"/>'
                f'<path d="M6 9v4M18 21v3" stroke="{fg}" stroke-width="1.8"/>')
    return (f'<pattern id="{pid}" width="{s}" height="{s}" patternUnits="userSpaceOnUse">'
            f'<rect width="{s}" height="{s}" fill="{bg}"/>{body}</pattern>')


# ------------------------------------------------------------------- icons

def _icon_cavern(x: float, y: float, r: float) -> str:
    return (f'<g transform="translate({_num(x)} {_num(y)})">'
            f'<path d="M{-r} {r * .7}Q{-r} {-r} 0 {-r}Q{r} {-r} {r} {r * .7}Z" fill="#8a7458" stroke="#2e2418" stroke-width="1.5"/>'
            f'<path d="M{-r * .5} {r * .7}Q{-r * .5} {-r * .2} 0 {-r * .25}Q{r * .5} {-r * .2} {r * .5} {r * .7}Z" fill="#1b140e"/>'
            f'</g>')


def _icon_magic(x: float, y: float, r: float) -> str:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * .45
        pts.append(f"{_num(x + rr * math.cos(a))} {_num(y + rr * math.sin(a))}")
    return (f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 1.05)}" fill="#3b2a6b" stroke="#f5eaff" stroke-width="1.2"/>'
            f'<path d="M{"L".join(pts)}Z" fill="#f0d35a" stroke="#7a5a00" stroke-width=".8"/>')


def _icon_mine(x: float, y: float, r: float) -> str:
    # crossed pickaxes on a dark disc
    return (f'<g transform="translate({_num(x)} {_num(y)})">'
            f'<circle r="{_num(r * 1.05)}" fill="#4b3a2a" stroke="#f1e4cc" stroke-width="1.2"/>'
            f'<path d="M{-r * .6} {r * .6}L{r * .55} {-r * .55}M{r * .6} {r * .6}L{-r * .55} {-r * .55}" stroke="#c9a36b" stroke-width="2"/>'
            f'<path d="M{-r * .1} {-r * .85}Q{r * .55} {-r * .85} {r * .85} {-r * .1}M{r * .1} {-r * .85}Q{-r * .55} {-r * .85} {-r * .85} {-r * .1}" '
            f'stroke="#dfe3e8" stroke-width="2" fill="none"/></g>')


def _icon_volcano(x: float, y: float, r: float) -> str:
    return (f'<g transform="translate({_num(x)} {_num(y)})">'
            f'<path d="M{-r} {r * .8}L{-r * .3} {-r * .4}H{r * .3}L{r} {r * .8}Z" fill="#5a3b2e" stroke="#1a0f0a" stroke-width="1.3"/>'
            f'<path d="M{-r * .3} {-r * .4}Q0 {-r * .1} {r * .3} {-r * .4}L{r * .15} {r * .2}L0 {-r * .05}L{-r * .2} {r * .35}Z" fill="#ff7a1a"/>'
            f'<path d="M0 {-r * .5}q{-r * .3} {-r * .3} 0 {-r * .6}" stroke="#bbb" stroke-width="1.6" fill="none"/></g>')


def _icon_monster(x: float, y: float, r: float) -> str:
    # a horned head
    return (f'<g transform="translate({_num(x)} {_num(y)})">'
            f'<path d="M{-r * .6} {-r * .3}L{-r * .95} {-r}L{-r * .2} {-r * .55}ZM{r * .6} {-r * .3}L{r * .95} {-r}L{r * .2} {-r * .55}Z" fill="#efe6d0" stroke="#2a1a10" stroke-width="1"/>'
            f'<circle r="{_num(r * .75)}" fill="#7b2d26" stroke="#2a1a10" stroke-width="1.3"/>'
            f'<circle cx="{_num(-r * .28)}" cy="{_num(-r * .1)}" r="{_num(r * .14)}" fill="#ffd84a"/>'
            f'<circle cx="{_num(r * .28)}" cy="{_num(-r * .1)}" r="{_num(r * .14)}" fill="#ffd84a"/>'
            f'<path d="M{-r * .35} {r * .35}l{r * .17} {-r * .15}l{r * .18} {r * .15}l{r * .18} {-r * .15}l{r * .17} {r * .15}" '
            f'stroke="#efe6d0" stroke-width="1.2" fill="none"/></g>')


def _icon_knight(x: float, y: float, r: float) -> str:
    # a golden helmet with a visor slit and a plume
    return (f'<g class="sw-knight" transform="translate({_num(x)} {_num(y)})">'
            f'<circle r="{_num(r * 1.05)}" fill="#5a4310" stroke="#fff3c4" stroke-width="1.2"/>'
            f'<path d="M{_num(-r * .55)} {_num(r * .6)}V{_num(-r * .1)}Q{_num(-r * .55)} {_num(-r * .7)} 0 {_num(-r * .7)}'
            f'Q{_num(r * .55)} {_num(-r * .7)} {_num(r * .55)} {_num(-r * .1)}V{_num(r * .6)}Z" fill="#f2c230" stroke="#3d2c05" stroke-width="1"/>'
            f'<path d="M{_num(-r * .4)} {_num(-r * .05)}H{_num(r * .4)}M0 {_num(-r * .05)}V{_num(r * .5)}" stroke="#3d2c05" stroke-width="1.6"/>'
            f'<path d="M0 {_num(-r * .7)}Q{_num(r * .5)} {_num(-r * 1.1)} {_num(r * .8)} {_num(-r * .7)}" stroke="#d62828" stroke-width="2" fill="none"/></g>')


def _icon_snow(x: float, y: float, r: float) -> str:
    # a shaggy white head with small dark eyes
    spikes = []
    for i in range(12):
        a = i * math.pi / 6
        rr = r * (1.0 if i % 2 == 0 else .78)
        spikes.append(f"{_num(rr * math.cos(a))} {_num(rr * math.sin(a))}")
    return (f'<g class="sw-snow" transform="translate({_num(x)} {_num(y)})">'
            f'<path d="M{"L".join(spikes)}Z" fill="#f4f8ff" stroke="#5b6b82" stroke-width="1.2"/>'
            f'<circle cx="{_num(-r * .28)}" cy="{_num(-r * .12)}" r="{_num(r * .12)}" fill="#1d2a3a"/>'
            f'<circle cx="{_num(r * .28)}" cy="{_num(-r * .12)}" r="{_num(r * .12)}" fill="#1d2a3a"/>'
            f'<path d="M{_num(-r * .3)} {_num(r * .35)}Q0 {_num(r * .15)} {_num(r * .3)} {_num(r * .35)}" stroke="#1d2a3a" stroke-width="1.3" fill="none"/></g>')


def mountain_icon(x: float, y: float, size: float = 24, dark: bool = False) -> str:
    """The Mountain marker (Black Mountain with ``dark``): a round piece with
    snowy peaks, centred on (x, y), ``size`` across."""
    r = size / 2
    bg, rock = ("#3b3940", "#8d8896") if dark else ("#d8d2c6", "#7a7064")
    return (f'<g class="sw-mountain" transform="translate({_num(x)} {_num(y)})">'
            f'<circle r="{_num(r)}" fill="{bg}" stroke="#2b2620" stroke-width="1.4"/>'
            f'<path d="M{_num(-r * .8)} {_num(r * .45)}L{_num(-r * .25)} {_num(-r * .5)}L{_num(r * .05)} 0L{_num(r * .35)} {_num(-r * .65)}L{_num(r * .85)} {_num(r * .45)}Z" '
            f'fill="{rock}" stroke="#2b2620" stroke-width="1"/>'
            f'<path d="M{_num(r * .22)} {_num(-r * .42)}L{_num(r * .35)} {_num(-r * .65)}L{_num(r * .5)} {_num(-r * .4)}Z" fill="#fff"/></g>')


def lost_tribe_icon(x: float, y: float, size: float = 28, printed: bool = False) -> str:
    """A Lost Tribe token (round, sandstone, with a shield crest) centred on
    (x, y), ``size`` across. ``printed`` gives instead the sigil printed on
    the board where a Lost Tribe starts: the crest alone, in outline, so that
    it is not mistaken for a token."""
    r = size / 2
    shield = (f'M{_num(-r * .42)} {_num(-r * .45)}H{_num(r * .42)}V{_num(r * .05)}Q{_num(r * .42)} {_num(r * .45)} 0 {_num(r * .6)}'
              f'Q{_num(-r * .42)} {_num(r * .45)} {_num(-r * .42)} {_num(r * .05)}Z')
    cross = f'M0 {_num(-r * .35)}V{_num(r * .45)}M{_num(-r * .3)} {_num(-r * .05)}H{_num(r * .3)}'
    if printed:
        return (f'<g class="sw-lost-tribe" transform="translate({_num(x)} {_num(y)}) scale(1.5)" opacity=".8">'
                f'<path d="{shield}" fill="#f3ead6" fill-opacity=".5" stroke="#4a3822" stroke-width="1.1"/>'
                f'<path d="{cross}" stroke="#4a3822" stroke-width="1"/></g>')
    return (f'<g class="sw-lost-tribe" transform="translate({_num(x)} {_num(y)})">'
            f'<circle r="{_num(r)}" fill="#c8b79a" stroke="#3d2f1e" stroke-width="1.8"/>'
            f'<circle r="{_num(r * .78)}" fill="none" stroke="#8c7656" stroke-width="1"/>'
            f'<path d="{shield}" fill="#6b4f2e" stroke="#3d2f1e" stroke-width="1"/>'
            f'<path d="{cross}" stroke="#e9dcc0" stroke-width="1.3"/></g>')


def _icon(kind: str, x: float, y: float, size: float, terrain: str) -> str:
    r = size / 2
    if kind == "cavern":
        return _icon_cavern(x, y, r)
    if kind == "magic":
        return _icon_magic(x, y, r)
    if kind == "mine":
        return _icon_mine(x, y, r)
    if kind == "volcano":
        return _icon_volcano(x, y, r)
    if kind == "monster":
        return _icon_monster(x, y, r)
    if kind == "golden_knight":
        return _icon_knight(x, y, r)
    if kind == "snow_thing":
        return _icon_snow(x, y, r)
    if kind == "mountain":
        return mountain_icon(x, y, size, dark=terrain == "black_mountain")
    if kind == "lost_tribe":
        return lost_tribe_icon(x, y, size * .85, printed=True)
    raise ValueError(kind)


# -------------------------------------------------------------------- layer

def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def prepare(map_id: str, lang: str):
    """The drawing of board ``map_id`` made ahead, a step at a time (see
    ``Game.prepare``): each region's spots, then its printed layer."""
    g = geometry(map_id)
    yield
    for rid in g.ids:
        g.anchor(rid)
        g.path(rid)
        g.icons(rid)
        yield
    terrain_layer(map_id, lang)
    yield


@lru_cache(maxsize=None)
def terrain_layer(map_id: str, lang: str = "fr") -> str:
    """The printed board as an SVG ``<g>``: textured terrains, water, frame,
    printed symbols, Mountain markers, Lost Tribe sigils and region numbers.
    Each region's ``<path>`` carries ``data-region``."""
    g = geometry(map_id)
    W, H = g.width, g.height
    terrains = sorted({g.terrain(r) for r in g.ids})
    out = [f'<g class="sw-map" data-map="{map_id}">', "<defs>"]
    out += [_pattern(t) for t in terrains]
    out.append("</defs>")
    out.append(f'<rect class="sw-frame-bg" x="0" y="0" width="{W}" height="{H}" fill="#4a87c6"/>')
    # regions
    for rid in g.ids:
        t = g.terrain(rid)
        title = f"{rid} · {terrain_name(t, lang)}"
        extra = [symbol_name(k, lang) for k in g.marks(rid) if k != "mountain"]
        if extra:
            title += " · " + ", ".join(extra)
        out.append(f'<path class="sw-region sw-t-{t}" data-region="{rid}" d="{g.path(rid)}" '
                   f'fill="url(#sw-tx-{t})" stroke="#2d2418" stroke-width="1.6" stroke-linejoin="round">'
                   f'<title>{_esc(title)}</title></path>')
    # surf along the shores of seas, lakes and rivers
    surf = [g.path(r) for r in g.ids if g.terrain(r) in WATER]
    if surf:
        out.append(f'<path class="sw-surf" d="{"".join(surf)}" fill="none" stroke="#eef8ff" stroke-width="7" '
                   f'stroke-linejoin="round" opacity=".55" pointer-events="none"/>')
        out.append(f'<path d="{"".join(surf)}" fill="none" stroke="#1d4e7a" stroke-width="1.6" '
                   f'stroke-linejoin="round" pointer-events="none"/>')
    # chasm rims
    rims = [g.path(r) for r in g.ids if g.terrain(r) == "chasm"]
    if rims:
        out.append(f'<path d="{"".join(rims)}" fill="none" stroke="#0d0a10" stroke-width="5" '
                   f'stroke-linejoin="round" opacity=".6" pointer-events="none"/>')
    # frame
    out.append(f'<rect class="sw-frame" x="2" y="2" width="{W - 4}" height="{H - 4}" fill="none" '
               f'stroke="#3a2a18" stroke-width="4" pointer-events="none"/>')
    out.append(f'<rect x="7" y="7" width="{W - 14}" height="{H - 14}" fill="none" stroke="#c9a86a" '
               f'stroke-width="1.5" pointer-events="none"/>')
    # symbols and markers
    out.append('<g class="sw-marks" pointer-events="none">')
    for rid in g.ids:
        for k, x, y in g.icons(rid):
            out.append(_icon(k, x, y, ICON_SIZE, g.terrain(rid)))
    out.append("</g>")
    # region numbers
    out.append('<g class="sw-numbers" pointer-events="none" font-family="Georgia, serif" font-weight="bold" '
               'font-size="25" text-anchor="middle" dominant-baseline="central" '
               'stroke="#fffaf0" stroke-width="4" paint-order="stroke" fill="#2b2118">')
    for rid in g.ids:
        x, y = g.label(rid)
        out.append(f'<text x="{_num(x)}" y="{_num(y)}">{rid}</text>')
    out.append("</g></g>")
    return "".join(out)


@lru_cache(maxsize=None)
def thumbnail(map_id: str, size: int = 240) -> str:
    """A small complete ``<svg>`` of the board, ``size`` pixels wide: flat
    terrain colours and borders (no ids inside, so several fit on a page)."""
    g = geometry(map_id)
    h = round(size * g.height / g.width)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sw-thumb" width="{size}" height="{h}" '
           f'viewBox="0 0 {g.width} {g.height}" role="img" aria-label="{_esc(map_id)}">']
    for rid in g.ids:
        t = g.terrain(rid)
        out.append(f'<path d="{g.path(rid)}" fill="{_PALETTE[t][0]}" stroke="#2d2418" stroke-width="3"/>')
    for rid in g.ids:
        if "mountain" in g.marks(rid):
            x, y = g.middle(rid)
            out.append(f'<path d="M{_num(x - 22)} {_num(y + 14)}l22-32 22 32z" fill="#6c645a"/>')
    out.append(f'<rect x="3" y="3" width="{g.width - 6}" height="{g.height - 6}" fill="none" '
               f'stroke="#3a2a18" stroke-width="8"/></svg>')
    return "".join(out)
