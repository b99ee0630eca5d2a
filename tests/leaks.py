"""What a page may not show: the game's own views decide it.

A board drawn for everyone (``viewer=None``) and the same board drawn for one
viewer differ exactly where something is hidden from that viewer. The texts
and labels that only the first one holds are that viewer's *secrets*: none may
reach a page shown to them, whatever they click. Tests use this instead of
hard-coding values, so they follow each game's ``view`` and renderer.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from plateau.core.game import RenderContext

LABELS = ("aria-label", "title", "data-value")


def strings(markup: str) -> set[str]:
    """Text nodes and label attributes of an SVG (or XHTML) fragment."""
    out: set[str] = set()
    for e in ET.fromstring(markup).iter():
        for k in LABELS:
            v = e.get(k)
            if v and v.strip():
                out.add(v.strip())
        for text in (e.text, e.tail):
            if text and text.strip():
                out.add(text.strip())
    return out


def secret_strings(game, state, viewer, lang: str = "fr") -> set[str]:
    """Strings of the board that ``viewer`` (a player or PUBLIC) may not see."""
    everything = strings(game.render(state, RenderContext(viewer=None, lang=lang)))
    seen = strings(game.render(state, RenderContext(viewer=viewer, lang=lang)))
    return everything - seen


def leaves(data, path=()) -> dict:
    """A view flattened to ``{path: value}``."""
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            out.update(leaves(v, path + (str(k),)))
        return out
    if isinstance(data, (list, tuple)):
        out = {}
        for i, v in enumerate(data):
            out.update(leaves(v, path + (i,)))
        return out or {path: ()}
    return {path: data}
