"""What the Small World board shows, decided before anything is drawn: per
region its label, its token stack, markers, monster, tiles and the cost of
attacking it; the combo column's cards; the players' boxes; the last
events. Built from the state for ``ctx.viewer``'s eyes (other players'
coins are left out unless that viewer may see them) and from the render
context (targets, clicks, language, width). ``render.py`` draws it.

The rules and the content (names, texts, token counts, markers) are asked
through the few functions under "what the rules say" below, each given the
state, and nowhere else in the drawing."""

from __future__ import annotations

from dataclasses import dataclass, field

from plateau.core import marks
from plateau.core.game import Hit, RenderContext

from . import content as C
from .catalogue import event_text, t
from .rules import EMPTY, LT

PLAYER = marks.COLOURS  # the players' colours (and marks: ``plateau.core.marks``)
RACE_FILL = {
    "amazons": "#c2185b", "dwarves": "#8d6e63", "elves": "#7cb342", "ghouls": "#5d6d7e",
    "giants": "#a1887f", "halflings": "#ffb74d", "humans": "#ffd54f", "orcs": "#4e7f2b",
    "ratmen": "#795548", "skeletons": "#eceff1", "sorcerers": "#7e57c2", "tritons": "#26a69a",
    "trolls": "#6d4c41", "wizards": "#3949ab",
    "cultists": "#6a1b9a", "drow": "#37474f", "flames": "#c24700", "gnomes": "#9ccc65", "iron_dwarves": "#546e7a",
    "kraken": "#00838f", "liches": "#b0bec5", "lizardmen": "#557f2d", "mudmen": "#6d5a3a", "mummies": "#d7ccc8",
    "ogres": "#8e6e53", "shadow_mimes": "#424242", "shrooms": "#ef9a9a", "spiderines": "#4e342e",
    "will_o_wisps": "#80deea",
}
DARK_TEXT = {"halflings", "humans", "skeletons", "elves", "giants", "gnomes", "liches", "mummies", "shrooms",
             "will_o_wisps", "tritons"}  # (the races whose initials are dark: white on them reads below 4.5:1)
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
# the markers drawn under a region's stack, in this order, and those its label names (camps apart)
MARKERS = ("lair", "fortress", "camp", "hole", "hero", "dragon")
LABEL_FLAGS = ("lair", "fortress", "hole", "hero", "dragon")


def colour(st, p):
    """The colour of player ``p`` on this board (a tournament table numbers
    its colours among the players it shows)."""
    return marks.colour_of(st.colour_index(p))


def mark(st, p):
    """The mark of player ``p`` on this board (numbered as the colours)."""
    return marks.mark_of(st.colour_index(p))


def initials(race, lang):
    return ABBR.get(lang, ABBR["en"])[race]


# --- what the rules say (the only calls into the rules while drawing) --------------------------

def attackable(st):
    """The regions the acting race may attack now, in the rules' order, as
    ``(region, cost, dice-free need)``: ``cost`` is what taking it costs
    before a reinforcement die, ``need`` what it costs after the die rolled
    (None before). Empty outside the conquest phase."""
    if st.phase != "conquer" or st.acting is None:
        return []
    roll = st.tp.roll
    return [(r, st.cost(st.acting, r), None if roll is None or st.win is not None else st.need(st.acting, r, roll))
            for r in st.targets(st.acting)]


def coins_shown(st, viewer, p):
    """Whether ``viewer`` may see player ``p``'s coins."""
    return st.coins_visible(viewer, p)


def region_marks(st, r, lang):
    """The Underground's own markers on region ``r`` (``C.REGION_MARKS``), as ``(kind, label)``."""
    return [m for f in C.REGION_MARKS for m in f(st, r, lang)]


def name(st, key, lang):
    """The name of a race, power, place or relic (its record in the game's ruleset)."""
    return st.ruleset.name(key, lang)


def text(st, key, lang):
    """What a race, power, place or relic does, in a sentence or two."""
    return st.ruleset.text(key, lang)


def combo_tokens(st, race, power):
    """The tokens a race and power take together."""
    return C.RACES[race][0] + C.POWERS[power]


def held(st, p):
    """The places and relics in player ``p``'s regions (public: they lie on
    the map), as ``(region, key, is a relic)``."""
    return [(r, item, relic) for r in range(st.R) if st.owner[r] >= 0 and st.recs[st.owner[r]].p == p
            for item, relic in ((st.relic[r], True), (st.place[r], False)) if item]


# --- the model ---------------------------------------------------------------------------------

@dataclass
class Stack:
    """A race's tokens on a region."""

    race: str
    initials: str
    fill: str
    ring: str
    dark_text: bool
    declined: bool
    n: int
    title: str
    mark: str = "disc"  # its player's mark (``plateau.core.marks``)


@dataclass
class Region:
    r: int
    hit: Hit
    empty: bool = True
    lost_tribe: bool = False
    stack: Stack | None = None
    markers: list = field(default_factory=list)  # (kind, count)
    monster: tuple | None = None  # (count, special or "", label)
    tiles: list = field(default_factory=list)  # ("place" | "relic" | "mark", key, label, name)


@dataclass
class Card:
    """One race and power of the combo column."""

    i: int
    hit: Hit
    race: str
    power: str
    race_name: str
    power_name: str
    tokens: int
    coins: int


@dataclass
class PlayerBox:
    p: int
    hit: Hit
    name: str
    colour: str
    active: bool
    coins: str
    lines: list  # (text, tooltip, declined)
    items: list  # (key, is a relic, name, label)
    mark: str = "disc"  # the player's mark (``plateau.core.marks``)


@dataclass
class Board:
    lang: str
    compact: bool
    regions: list
    cards: list
    players: list
    events: list
    column_title: str
    turn_text: str
    costs: list | None  # (region, cost, needs the die) written on the map; None: no costs' layer


def build(st, ctx: RenderContext) -> Board:
    lang = ctx.lang
    attack = attackable(st)
    label_cost = {r: cost for r, cost, _need in attack}
    costs_shown = st.phase == "conquer" and st.acting is not None and st.win is None
    costs = _drawn_costs(st, attack) if costs_shown else None
    regions = [_region(st, r, ctx, label_cost.get(r)) for r in range(st.R)]
    cards = [_card(st, i, combo, ctx) for i, combo in enumerate(st.column)]
    players = [] if ctx.compact else [_player(st, p, ctx) for p in st.shown_players()]
    events = [] if ctx.compact else [txt[:160] for txt in event_lines(st, ctx.viewer, lang)]
    return Board(lang, ctx.compact, regions, cards, players, events, t(lang, "panel.column"),
                 t(lang, "panel.turn", n=st.turn, m=st.turns), costs)


def _drawn_costs(st, attack):
    """The costs written on the map: after the die, what each target needs;
    before it, those the hand may pay, with the die's help at most."""
    hand = st.recs[st.acting].hand if attack else 0
    out = []
    for r, cost, need in attack:
        if need is not None:
            cost = need
        elif cost > hand + 3 or hand == 0:
            continue
        out.append((r, cost, cost > hand))
    return out


def _region(st, r, ctx, cost):
    lang = ctx.lang
    marks = region_marks(st, r, lang)
    reg = Region(r, ctx.hit(f"r{r}", _region_text(st, r, lang, marks, cost)))
    o = st.owner[r]
    reg.empty = o == EMPTY
    reg.lost_tribe = o == LT
    if o >= 0:
        reg.stack = _stack(st, st.recs[o], st.tok[r], lang)
    flags = {"lair": st.lair[r], "fortress": st.fort[r], "camp": st.camp[r], "hole": st.hole[r],
             "hero": st.hero[r], "dragon": st.dragon == r}
    reg.markers = [(k, st.camp[r] if k == "camp" else 1) for k in MARKERS if flags[k]]
    if st.monster[r]:
        sp = st.special[r]
        reg.monster = (st.monster[r], sp, t(lang, "mk." + sp) if sp else t(lang, "mk.monster", n=st.monster[r]))
    for kind, item in (("place", st.place[r]), ("relic", st.relic[r])):
        if item:
            reg.tiles.append((kind, item, name(st, item, lang) + " — " + text(st, item, lang), name(st, item, lang)))
    reg.tiles += [("mark", kind, label, label) for kind, label in marks]
    return reg


def terrain_name(terrain, lang):
    try:
        from . import mapdraw
    except ImportError:  # the drawing module is not in this tree
        return t(lang, "terrain." + terrain)
    return mapdraw.terrain_name(terrain, lang)


def holdings(st, r, lang, tooltip: bool = True) -> list[str]:
    """What region ``r`` holds, in words, part by part: its race and tokens
    (or the Lost Tribes), its markers and camps, its Monster, its place and
    relic. ``tooltip``: as the map's tooltip says them (a tile with its rules
    text); else as a description read aloud says them (``position.py``: the
    Lost Tribes' tokens counted, names without rules texts)."""
    parts = []
    o = st.owner[r]
    if o == LT:
        parts.append(t(lang, "lt") + ("" if tooltip else f" ×{st.tok[r]}"))
    elif o >= 0:
        rec = st.recs[o]
        s = f"{name(st, rec.race, lang)} ({st.players[rec.p]}) ×{st.tok[r]}"
        if rec.dec:
            s += " — " + t(lang, "declined")
        parts.append(s)
    flags = {"lair": st.lair[r], "fortress": st.fort[r], "hole": st.hole[r], "hero": st.hero[r],
             "dragon": st.dragon == r}
    parts += [t(lang, "mk." + key) for key in LABEL_FLAGS if flags[key]]
    if st.camp[r]:
        parts.append(t(lang, "mk.camp") + f" ×{st.camp[r]}")
    if st.monster[r]:
        sp = st.special[r]
        said = t(lang, "mk." + sp) if sp else t(lang, "mk.monster", n=st.monster[r])
        parts.append(said if tooltip or not sp else said.split(" (")[0])
    for item in (st.place[r], st.relic[r]):
        if item:
            parts.append(name(st, item, lang) + (" — " + text(st, item, lang) if tooltip else ""))
    return parts


def _region_text(st, r, lang, marks, cost):
    """What region ``r`` holds, in words (its label and tooltip)."""
    parts = [t(lang, "region", r=r).capitalize() + ", " + terrain_name(st.terrain[r], lang)]
    parts += holdings(st, r, lang)
    parts += [label for _kind, label in marks]
    if cost is not None:
        hand = st.recs[st.acting].hand
        parts.append(t(lang, "cost", c=cost) + ("" if cost <= hand else " — " + t(lang, "die_hint")))
    return "; ".join(parts)


def _stack(st, rec, n, lang):
    race, dec = rec.race, rec.dec
    power = rec.power and not dec
    title = name(st, race, lang) + (f" {name(st, rec.power, lang)}" if power else "")
    title += f" ({st.players[rec.p]})"
    if dec:
        title += " — " + t(lang, "declined")
    title += ": " + text(st, race, lang)
    if power:
        title += " " + text(st, rec.power, lang)
    return Stack(race, initials(race, lang), "#9e9e9e" if dec else RACE_FILL[race], colour(st, rec.p),
                 race in DARK_TEXT or dec, dec, n, title, mark(st, rec.p))


def _card(st, i, combo, ctx):
    lang = ctx.lang
    race, power, coins = combo
    n = combo_tokens(st, race, power)
    label = t(lang, "target.combo", race=name(st, race, lang), power=name(st, power, lang), n=n, cost=i, coins=coins)
    full = label + ". " + name(st, race, lang) + " : " + text(st, race, lang) + " " + name(st, power, lang) + " : " \
        + text(st, power, lang)
    return Card(i, ctx.hit(f"combo{i}", full), race, power, name(st, race, lang), name(st, power, lang), n, coins)


def _player(st, p, ctx):
    lang = ctx.lang
    coins = (t(lang, "panel.coins", c=st.coins[p]) if coins_shown(st, ctx.viewer, p)
             else t(lang, "panel.coins_hidden"))
    lines = []
    rid = st.active[p]
    if rid is not None:
        rec = st.recs[rid]
        lines.append((f"{name(st, rec.race, lang)} {name(st, rec.power, lang)}",
                      text(st, rec.race, lang) + " " + text(st, rec.power, lang), False))
        extra = t(lang, "panel.hand", n=rec.hand)
        if rec.parked:
            extra += f" (+{rec.parked})"
        lines.append((extra, "", False))
    for did in st.declined[p]:
        rec = st.recs[did]
        lines.append((f"{name(st, rec.race, lang)} — {t(lang, 'declined')}", text(st, rec.race, lang), True))
    return PlayerBox(p, ctx.hit(f"p{p}", t(lang, "target.peace", p=st.players[p])), st.players[p], colour(st, p),
                     st.to_play == p, coins, lines[:4],
                     [(item, relic, name(st, item, lang), name(st, item, lang) + " — " + text(st, item, lang))
                      for _r, item, relic in held(st, p)[:6]], mark(st, p))


def player_lines(st, p, viewer, lang):
    """Player ``p``'s box as lines of text (the page's panel on a phone)."""
    coins = (t(lang, "panel.coins", c=st.coins[p]) if coins_shown(st, viewer, p)
             else t(lang, "panel.coins_hidden"))
    lines = [f"{st.players[p]}{' ▶' if st.to_play == p else ''} — {coins}"]
    rid = st.active[p]
    if rid is not None:
        rec = st.recs[rid]
        extra = t(lang, "panel.hand", n=rec.hand) + (f" (+{rec.parked})" if rec.parked else "")
        lines.append(f"  {name(st, rec.race, lang)} {name(st, rec.power, lang)}, {extra}")
    for did in st.declined[p]:
        lines.append(f"  {name(st, st.recs[did].race, lang)} — {t(lang, 'declined')}")
    items = [f"{name(st, item, lang)} ({t(lang, 'region', r=r)})" for r, item, _ in held(st, p)]
    if items:
        lines.append("  " + t(lang, "panel.items", items=", ".join(items)))
    return lines


def event_lines(st, viewer, lang, last=8):
    """The last events, a score hidden from ``viewer`` told without its amount."""
    out = []
    for _, _, key, f in [e for e in st.log if e[2] != "turn"][-last:]:
        if key == "score" and not coins_shown(st, viewer, f["p"]):
            out.append(t(lang, "ev.score_hidden", p=st.players[f["p"]]))
        else:
            out.append(event_text(st.players, key, f, lang, rules=st.ruleset))
    return out


def panel(st, viewer, lang):
    """The text of the panel under the map, for a narrow screen."""
    players = []
    for p in st.shown_players():
        players.extend(player_lines(st, p, viewer, lang))
    return [{"title": t(lang, "panel.turn", n=st.turn, m=st.turns), "lines": players},
            {"title": t(lang, "panel.events"), "lines": event_lines(st, viewer, lang)}]
