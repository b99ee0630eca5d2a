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
                    assert named == (st.recs[st.owner[r]]["p"] == p), (p, r, item, lines)
                    seen += named
        s.play(rnd.choice(s.legal()))
    assert seen > 0  # the game above does reach held places and relics
