"""The colours of Le Cheval de Troie's heroes (red, blue, yellow, green and
the black heroes of nobody) and each player colour's mark
(``plateau.core.marks``), drawn on its heroes in ``MARK_INK``.

The colours are apart in lightness as well as hue: they stay apart under
protanopia, deuteranopia and tritanopia (``tests/core/test_marks.py``)."""

from __future__ import annotations

SOLID = {"r": "#922121", "b": "#0254a9", "y": "#fcdb12", "g": "#27a364", "k": "#1b1b1b"}
EDGE = {"r": "#4a0f0f", "b": "#012a55", "y": "#8a6300", "g": "#124a1c", "k": "#000"}
MARK = {"r": "star", "b": "square", "y": "triangle", "g": "diamond"}  # each colour's mark (plateau.core.marks)
MARK_INK = {"r": "#fff", "b": "#fff", "y": "#1b1b1b", "g": "#1b1b1b"}
