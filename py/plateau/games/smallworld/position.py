"""A Small World position in a few lines of text, for a player who does not
see the map (``Game.describe_position``): whose turn, each player's coins
as the viewer may see them, race and tokens in hand (the panel), the races
and powers on offer, then every region that holds something, by number —
its terrain, race and tokens, markers, monsters, place and relic — and the
empty regions. Regions are named as the moves name them ("region 5").

Nothing here is secret but the coins, which come through the panel (each
player's for themselves only); the tiles still face down are never named.
"""

from __future__ import annotations

from .catalogue import t
from .render_model import holdings, name, panel, region_marks, terrain_name
from .rules import EMPTY


def sep(lang: str) -> tuple[str, str]:
    """The colon and the semicolon as each language writes them."""
    return (" : ", " ; ") if lang == "fr" else (": ", "; ")


def region_line(st, r: int, lang: str) -> str:
    """What region ``r`` holds, in words, without the rules texts of the
    map's tooltips; "" when it holds nothing at all."""
    parts = holdings(st, r, lang, tooltip=False)
    parts += [label for _kind, label in region_marks(st, r, lang)]
    if not parts:
        return ""
    colon, _ = sep(lang)
    head = t(lang, "region", r=r).capitalize() + " (" + terrain_name(st.terrain[r], lang) + ")"
    return head + colon + ", ".join(parts)


def position(st, viewer, lang: str) -> list[str]:
    """The lines of ``Game.describe_position`` for one table."""
    colon, semi = sep(lang)
    lines = [st.status(lang)]
    players = panel(st, viewer, lang)[0]
    shown, line = [], ""
    for x in players["lines"]:  # a player's line, then their races indented under it
        if x.startswith("  "):
            line += ", " + x.strip()
        else:
            if line:
                shown.append(line)
            line = x.replace(" ▶", "")
    shown.append(line)
    lines.append(players["title"] + colon + semi.join(x for x in shown if x))
    if st.column and st.win is None:
        offer = [f"{name(st, race, lang)} {name(st, power, lang)} ({coins})" for race, power, coins in st.column]
        lines.append(t(lang, "pos.column", combos=", ".join(offer)))
    empty = []
    for r in range(st.R):
        text = region_line(st, r, lang)
        if text:
            lines.append(text)
        elif st.owner[r] == EMPTY:
            empty.append(str(r))
    if empty:
        lines.append(t(lang, "pos.empty", regions=", ".join(empty)))
    return lines


def table_line(st, lang: str) -> str:
    """One table in one line (a tournament's other tables): each race on
    the map with its player and how many regions and tokens it holds."""
    colon, semi = sep(lang)
    held: dict = {}
    for r in range(st.R):
        o = st.owner[r]
        if o >= 0:
            n_regions, n_tokens = held.get(o, (0, 0))
            held[o] = (n_regions + 1, n_tokens + st.tok[r])
    parts = []
    for o, (nr, nt) in held.items():
        rec = st.recs[o]
        race = name(st, rec.race, lang) + (" — " + t(lang, "declined") if rec.dec else "")
        parts.append(t(lang, "pos.race", race=race, p=st.players[rec.p], r=nr, n=nt))
    return semi.join(parts) or t(lang, "pos.no_race")
