"""Helpers shared by the games' SVG renderers (built on svgwrite).

``drawing(w, h)`` makes a Drawing without svgwrite's attribute checker (the
checker is slow and rejects ``data-*``/``aria-*`` attributes), and
``target(elem, name, label, ctx)`` applies the shared target conventions of
:class:`~plateau.core.game.RenderContext` to one element.

``markup(elem)`` is an svgwrite element's ``tostring()`` written straight
into a list of strings: svgwrite's own goes through an encoded byte stream (a
codec call per tag and attribute) and a namespace pass, which took most of
the time a click spends drawing a board built with svgwrite. The markup is
the same, character for character. (svgwrite itself is left as it is.)

``Frozen(elem)`` is an element whose markup is written once and then copied
into every drawing it is added to: the parts of a board that never change
(a frame, a grid, a square nobody may click) cost a string each, not a walk
over their attributes, at every click.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import svgwrite
from svgwrite.etree import CDATA_TAG, CDATA_TPL

from .game import RenderContext


class _Unusual(Exception):
    """A tree :func:`_write` leaves to ElementTree (comments, namespaced names)."""


RAW_TAG = "\0markup"  # an element standing for markup written before (Frozen): its text is that markup


def _write(elem, out: list, attr=ET._escape_attrib, text=ET._escape_cdata) -> None:
    """Serialise ``elem`` as ElementTree does (short empty tags, its escaping)."""
    tag = elem.tag
    if tag == RAW_TAG:
        out.append(elem.text)
        return
    if not isinstance(tag, str) or tag[:1] == "{":
        raise _Unusual
    if tag == CDATA_TAG:  # svgwrite's CDATA nodes (style sheets, scripts)
        out.append(CDATA_TPL % elem.text)
    else:
        out.append("<" + tag)
        for k, v in elem.items():
            if not isinstance(k, str) or k[:1] == "{" or not isinstance(v, str):
                raise _Unusual
            out.append(f' {k}="{attr(v)}"')
        body = elem.text
        if body or len(elem):
            out.append(">")
            if body:
                out.append(text(body))
            for child in elem:
                _write(child, out)
            out.append("</" + tag + ">")
        else:
            out.append(" />")
    if elem.tail:
        out.append(text(elem.tail))



def markup(elem) -> str:
    """The markup of svgwrite element ``elem``: ``elem.tostring()``, sooner."""
    global _fast
    out: list = []
    _fast = True  # a Frozen part gives its markup (svgwrite's own serialiser gets its element)
    try:
        xml = elem.get_xml()
    finally:
        _fast = False
    try:
        _write(xml, out)
    except _Unusual:
        if any(e.tag == RAW_TAG for e in xml.iter()):
            raise ValueError("markup: a drawing with frozen parts must be one markup() writes itself") from None
        return elem.tostring()
    return "".join(out)


_fast = False


class Frozen:
    """An element (svgwrite's, or an ElementTree element) whose markup is
    written once and shared by every drawing it is added to (svgwrite calls
    ``get_xml()`` on the children it writes; :func:`markup` copies the
    markup, svgwrite's ``tostring()`` writes the element)."""

    __slots__ = ("markup", "_xml", "_raw")

    def __init__(self, elem) -> None:
        self._xml = elem.get_xml() if hasattr(elem, "get_xml") else elem
        out: list = []
        _write(self._xml, out)
        self.markup = "".join(out)
        self._raw = ET.Element(RAW_TAG)
        self._raw.text = self.markup

    def get_xml(self):
        return self._raw if _fast else self._xml


def drawing(width: float, height: float, css_class: str = "board") -> svgwrite.Drawing:
    d = svgwrite.Drawing(size=("100%", "100%"), debug=False, profile="full")
    d.viewbox(0, 0, width, height)
    d["class"] = css_class
    d["preserveAspectRatio"] = "xMidYMid meet"
    return d


def target(elem, name: str, label: str, ctx: RenderContext, extra_class: str = ""):
    """Mark ``elem`` as the board element for target ``name``: a button
    while it may be chosen, else a labelled picture (its name is what a
    screen reader says of it)."""
    elem["data-target"] = name
    elem["aria-label"] = label
    classes = [extra_class] if extra_class else []
    if name in ctx.targets:
        classes.append("target")
        elem["tabindex"] = "0"
        elem["role"] = "button"
    else:
        elem["role"] = "img"
    if name in ctx.clicks:
        classes.append("selected")
    if classes:
        elem["class"] = " ".join(classes)
    return elem
