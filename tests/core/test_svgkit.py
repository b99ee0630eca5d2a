"""``svgkit.markup``: svgwrite's markup written without its byte stream,
character for character the same, and svgwrite itself left unchanged."""

from __future__ import annotations

import svgwrite
import svgwrite.base

from plateau.core import svgkit
from plateau.core.game import RenderContext
from plateau.core.registry import get_game


def sample():
    d = svgkit.drawing(100, 80, "board sample")
    d.defs.add(d.style(".a{fill:red} .b > c {stroke:'x'}"))
    g = d.add(d.g(class_="x", transform="translate(1,2) rotate(30)", **{"data-target": "a&b", "aria-label": 'say "hi" <b>'}))
    g.add(d.rect((0, 0), (10, 10), fill="#abc", stroke="rgb(1,2,3)", stroke_width=1.5, rx=2, opacity=0.5))
    g.add(d.text("Ann & <Bob> ‘é’", insert=(1, 2), font_size=12, text_anchor="middle"))
    g.add(d.circle((5, 5), 4, fill="none"))
    g.add(d.g())  # empty: a short tag
    t = d.text("", insert=(0, 0))
    t.add(d.tspan("a"))
    g.add(t)
    g.add(d.use("#p", insert=(1, 1)))
    return d


def test_markup_is_svgwrites_own():
    d = sample()
    assert svgkit.markup(d) == d.tostring()
    for elem in d.elements:
        assert svgkit.markup(elem) == elem.tostring()


def test_importing_svgkit_changes_nothing_in_svgwrite():
    assert svgwrite.base.BaseElement.tostring.__module__.startswith("svgwrite")


def test_the_boards_drawn_with_svgwrite_are_its_own_markup(monkeypatch):
    """Every game drawn with svgwrite gives the same board through svgwrite's own serialiser."""
    for gid, n in (("thud", 2), ("armadora", 2), ("troy", 2), ("thorval", 3)):
        game = get_game(gid)
        s = game.start([f"P{i}" for i in range(n)], {}, 3)
        for _ in range(6):
            if s.is_over():
                break
            s.play(s.legal_moves()[0])
        ctx = RenderContext(lang="en")
        fast = game.render(s, ctx)
        monkeypatch.setattr(svgkit, "markup", lambda elem: elem.tostring())
        assert game.render(s, ctx) == fast, gid
        monkeypatch.undo()


def test_a_frozen_part_is_the_markup_of_its_element():
    """``Frozen``: a part drawn once and shared by every drawing it is added to writes the same
    markup as the element itself, through markup() and through svgwrite's own serialiser."""
    d = sample()
    parts = list(d.elements)
    plain = svgkit.markup(d)
    d.elements[:] = [svgkit.Frozen(e) for e in parts]
    assert svgkit.markup(d) == plain
    assert d.tostring() == plain
    for e in parts:
        assert svgkit.Frozen(e).markup == e.tostring()
