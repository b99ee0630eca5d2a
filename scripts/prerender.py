"""What the build asks the engine before Python runs in any browser: the
games index of the home screen and a picture of each game's opening board.

    PYTHONPATH=py:<svgwrite wheel> python3 scripts/prerender.py

Prints one JSON object: ``{"games": {id: {title, min_players,
max_players}}, "pictures": {id: svg}, "text": {lang: {key: sentence}}}``.
Every game of the registry is there, in the registry's order: a new game
shows on the static home page with no hand edit. Run by scripts/build.py in
a separate interpreter (the engine imports svgwrite from the wheel).
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from plateau.core.record import Record
from plateau.core.registry import GAMES, get_game
from plateau.web.messages import CATALOGUE
from plateau.web.session import Session

PICTURE_SEED = 1  # a fixed deal: the same sources give the same pictures
HOME_KEYS = ("app.title", "app.tagline", "loading", "nav.lang", "nav.lang.title", "home.games", "home.new",
             "home.rules", "home.players", "home.players.fixed", "home.saved")
PLAYER_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn")


SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
ET.register_namespace("ev", "http://www.w3.org/2001/xml-events")
WORDS = {f"{{{SVG_NS}}}text", f"{{{SVG_NS}}}title", f"{{{SVG_NS}}}desc"}
APP_CSS = Path(__file__).resolve().parent.parent / "static" / "app.css"
BOARD_STYLES = "/* ---- the boards' drawings"  # where the boards' part of the style sheet starts


def board_styles() -> str:
    """The boards' part of the style sheet (the end of ``static/app.css``,
    from its ``BOARD_STYLES`` heading): the card's picture is drawn outside
    the page, so it carries them."""
    css = APP_CSS.read_text(encoding="utf-8")
    start = css.find(BOARD_STYLES)
    if start < 0:
        raise ValueError(f"static/app.css has no {BOARD_STYLES!r} part")
    return css[start:]


def picture(gid: str) -> str:
    """The opening board, drawn as a player sees it before the first move
    (the seat to move's view when information is hidden), without targets:
    a picture for the game card (scripts/build.py makes it a PNG). The seed is fixed
    and public: no game in play uses it by default (the app draws a random
    seed)."""
    g = get_game(gid)
    n = g.min_players
    sess = Session(Record(gid, g.full_options({}), PICTURE_SEED, list(PLAYER_NAMES[:n]), []))
    return card_svg(sess.render("fr", coords=False, interactive=False), gid)


def card_svg(svg: str, gid: str) -> str:
    """A board's drawing made fit for a card inside the page: its words go
    (a few pixels high on a card, and the picture then serves every
    language), it carries the boards' part of the style sheet (drawn
    outside the page, the picture has no other), its ids take the card's
    prefix (unique should the drawings ever share one document again), and
    it is hidden from screen readers and from clicks (the card names the
    game, its buttons act)."""
    root = ET.fromstring(svg)
    style = ET.Element(f"{{{SVG_NS}}}style")  # the boards' styles (their references renamed below)
    style.text = board_styles()
    root.insert(0, style)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in WORDS:
                parent.remove(child)
    prefix = f"card-{gid}-"
    ids = {el.get("id") for el in root.iter() if el.get("id")}

    def ref(m: re.Match) -> str:
        return m.group(1) + (prefix if m.group(2) in ids else "") + m.group(2) + m.group(3)

    href = f"{{{XLINK_NS}}}href"
    for el in root.iter():
        for name, value in list(el.attrib.items()):
            if name.startswith(("data-", "aria-")) or name in ("tabindex", "role", "focusable"):
                del el.attrib[name]  # a picture, not a control: nothing to click, focus or read out
            elif name == "id":
                el.set(name, prefix + value)
            elif name in ("href", href) and value.startswith("#") and value[1:] in ids:
                el.set(name, "#" + prefix + value[1:])
            elif "url(#" in value:
                el.set(name, re.sub(r"(url\(#)([^)]+)(\))", ref, value))
        if el.text and "url(#" in el.text:  # a style sheet's rules
            el.text = re.sub(r"(url\(#)([^)]+)(\))", ref, el.text)
    root.set("width", "100%")  # the card's frame sizes it; the viewBox keeps its shape
    root.set("height", "100%")
    root.attrib.pop("preserveAspectRatio", None)  # centred, whole: the default
    root.set("aria-hidden", "true")
    root.set("focusable", "false")
    return ET.tostring(root, encoding="unicode")


def main() -> None:
    games, pictures = {}, {}
    for gid in GAMES:
        g = get_game(gid)
        games[gid] = {"title": g.title, "min_players": g.min_players, "max_players": g.max_players,
                      "revision": g.revision, "pitch": dict(g.pitch), "duration": dict(g.duration)}
        try:
            pictures[gid] = picture(gid)
        except Exception as e:  # a card without a picture is better than no home page
            print(f"prerender: no picture for {gid}: {type(e).__name__}: {e}", file=sys.stderr)
    text = {lang: {k: CATALOGUE[lang][k] for k in HOME_KEYS if k in CATALOGUE[lang]} for lang in CATALOGUE}
    json.dump({"games": games, "pictures": pictures, "text": text}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
