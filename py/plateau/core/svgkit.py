"""Helpers shared by the games' SVG renderers (built on svgwrite).

``drawing(w, h)`` makes a Drawing without svgwrite's attribute checker (the
checker is slow and rejects ``data-*``/``aria-*`` attributes), and
``target(elem, name, label, ctx)`` applies the shared target conventions of
:class:`~plateau.core.game.RenderContext` to one element.
"""

from __future__ import annotations

import svgwrite

from .game import RenderContext


def drawing(width: float, height: float, css_class: str = "board") -> svgwrite.Drawing:
    d = svgwrite.Drawing(size=("100%", "100%"), debug=False, profile="full")
    d.viewbox(0, 0, width, height)
    d["class"] = css_class
    d["preserveAspectRatio"] = "xMidYMid meet"
    return d


def target(elem, name: str, label: str, ctx: RenderContext, extra_class: str = ""):
    """Mark ``elem`` as the board element for target ``name``."""
    elem["data-target"] = name
    elem["aria-label"] = label
    classes = [extra_class] if extra_class else []
    if name in ctx.targets:
        classes.append("target")
        elem["tabindex"] = "0"
        elem["role"] = "button"
    if name in ctx.clicks:
        classes.append("selected")
    if classes:
        elem["class"] = " ".join(classes)
    return elem
