"""What the build asks the engine before Python runs in any browser: the
games index of the home screen and a picture of each game's opening board.

    PYTHONPATH=py:<svgwrite wheel> python3 scripts/prerender.py

Prints one JSON object: ``{"games": {id: {title, min_players,
max_players}}, "pictures": {id: {lang: svg}}, "text": {lang: {key: sentence}}}``.
Every game of the registry is there, in the registry's order: a new game
shows on the static home page with no hand edit. Run by scripts/build.py in
a separate interpreter (the engine imports svgwrite from the wheel).
"""

from __future__ import annotations

import json
import sys

from plateau.core.record import Record
from plateau.core.registry import GAMES, get_game
from plateau.web.messages import CATALOGUE
from plateau.web.session import Session

PICTURE_SEED = 1  # a fixed deal: the same sources give the same pictures
HOME_KEYS = ("app.title", "app.tagline", "loading", "nav.lang", "nav.lang.title", "home.games", "home.new",
             "home.rules", "home.players", "home.players.fixed", "home.saved")
PLAYER_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn")


def picture(gid: str, lang: str) -> str:
    """The opening board, drawn as a player sees it before the first move
    (the seat to move's view when information is hidden), without targets:
    a picture for the game card. The seed is fixed and public: no game in
    play uses it by default (the app draws a random seed)."""
    g = get_game(gid)
    n = g.min_players
    sess = Session(Record(gid, g.full_options({}), PICTURE_SEED, list(PLAYER_NAMES[:n]), []))
    return sess.render(lang, coords=False, interactive=False)


def main() -> None:
    games, pictures = {}, {}
    for gid in GAMES:
        g = get_game(gid)
        games[gid] = {"title": g.title, "min_players": g.min_players, "max_players": g.max_players}
        try:
            pictures[gid] = {lang: picture(gid, lang) for lang in CATALOGUE}
        except Exception as e:  # a card without a picture is better than no home page
            print(f"prerender: no picture for {gid}: {type(e).__name__}: {e}", file=sys.stderr)
    text = {lang: {k: CATALOGUE[lang][k] for k in HOME_KEYS if k in CATALOGUE[lang]} for lang in CATALOGUE}
    json.dump({"games": games, "pictures": pictures, "text": text}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
