"""Small World's text panel (a phone's, under the map) names the places and
relics each player holds (issue 26, item 7: "with the holder's relics and
places in their panel"): a place or relic lies in a region; its holder is the
player whose race occupies that region."""

from __future__ import annotations

import random

from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.games.smallworld import content as C
from plateau.games.smallworld.render import panel
from plateau.web.session import Session


def test_each_holder_panel_lists_its_places_and_relics():
    g = get_game("smallworld")
    s = Session(Record("smallworld", g.full_options({"board": "underground", "content": "underground"}), 3,
                       ["Ann", "Bob", "Cy"], []))
    rnd = random.Random(2)
    seen = 0
    for _ in range(300):
        st = s.state
        if st.is_over():
            break
        lines = panel(st, None, "en")[0]["lines"]
        for p in range(len(st.players)):
            start = next(i for i, line in enumerate(lines) if line.split(" — ")[0].rstrip(" ▶") == st.players[p])
            end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
            mine = " ".join(lines[start:end])
            for r in range(st.R):
                for item in (st.relic[r], st.place[r]):
                    if not item or st.owner[r] < 0:
                        continue
                    named = f"{C.name(item, 'en')} (region {r})" in mine
                    assert named == (st.recs[st.owner[r]].p == p), (p, r, item, lines)
                    seen += named
        s.play(rnd.choice(s.legal()))
    assert seen > 0  # the game above does reach held places and relics


def test_places_relics_heroes_and_the_balrog_are_drawn_as_pictures():
    """Issue 26, item 7: "Heroes, the Balrog, relics and places drawn as
    recognisable markers (not a 10-px star or two letters)". Every place and
    relic of Underground and of the tournament sheet has its pictogram (no
    letters on its tile, its name and effect as the tile's title); the Balrog
    and the Ghost are figures; a hero is a shield as large as a token's marker."""
    import re

    from plateau.core.game import RenderContext
    from plateau.games.arkhanis import items as ak_items
    from plateau.games.smallworld import ug_items
    from plateau.games.smallworld.render import ICONS, render

    keys = ug_items.RELICS + ug_items.PLACES + ak_items.PLACES + ak_items.RELICS
    assert not [k for k in keys if k not in ICONS]
    g = get_game("smallworld")
    st = Session(Record("smallworld", g.full_options({"board": "underground", "content": "underground"}), 3,
                        ["Ann", "Bob", "Cy"], [])).state.clone()
    st.relic[1], st.place[2], st.hero[3] = "killer_sword", "keep", True
    st.x["balrog"], st.x["ghost"] = 4, 5
    svg = render(st, RenderContext(lang="en"))
    for cls, name in (("sw-relic", C.name("killer_sword", "en")), ("sw-place", C.name("keep", "en"))):
        tile = re.search(f'<g class="{cls}"[^>]*>(.*?)</g>', svg, re.S).group(1)
        assert "<text" not in tile and "<path" in tile
        assert f"<title>{name} — " in tile  # the title names it
    for kind in ("balrog", "ghost"):
        mark = re.search(f'<g class="sw-mark sw-{kind}"[^>]*>(.*?)</g>', svg, re.S).group(1)
        assert "<text" not in mark and "<path" in mark
    hero = re.search(r'<g class="sw-hero"[^>]*>(.*?)</g>', svg, re.S).group(1)
    xs = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", re.search(r'd="([^"]*)"', hero).group(1))]
    assert max(xs) - min(xs) >= 24  # not the 22-unit star


def test_the_drawn_player_box_shows_the_held_places_and_relics():
    """On a wide screen the panel is drawn under the map: each player's box
    shows the pictograms of the places and relics they hold."""
    from plateau.core.game import RenderContext
    from plateau.games.smallworld.render import render

    g = get_game("smallworld")
    s = Session(Record("smallworld", g.full_options({"board": "underground", "content": "underground"}), 3,
                       ["Ann", "Bob", "Cy"], []))
    rnd = random.Random(2)
    while not any(s.state.owner[r] >= 0 and (s.state.relic[r] or s.state.place[r]) for r in range(s.state.R)):
        s.play(rnd.choice(s.legal()))
    st = s.state
    svg = render(st, RenderContext(lang="en"))
    for p in range(3):
        held = [item for r in range(st.R) if st.owner[r] >= 0 and st.recs[st.owner[r]].p == p
                for item in (st.relic[r], st.place[r]) if item]
        start = svg.index(f'data-player="{p}"')
        end = svg.find('class="sw-player', start + 10)
        part = svg[start:end if end > 0 else len(svg)]
        for item in held:
            assert f"<title>{C.name(item, 'en')} — " in part, (p, item)
    assert any(st.owner[r] >= 0 and (st.relic[r] or st.place[r]) for r in range(st.R))
