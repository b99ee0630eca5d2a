"""The players' colours and marks, shared by every game that tells players
apart by colour.

Colour is never the only sign: each player also has a mark, a small shape
(a disc, a square, a triangle…) drawn on their tokens, flags and pieces and
beside their name. A mark is drawn dark on a white badge, so it reads the same
whatever the player's colour and whatever colours the eye tells apart.

:data:`COLOURS` is the palette of players in seat order. Its first six
(red, blue, green, yellow, violet, white) were chosen to stay apart under
protanopia, deuteranopia and tritanopia (``tests/core/test_marks.py``
measures it); the last four only come to a tournament's crowded table,
where the marks tell them apart.

    >>> mark_of(1)
    'square'
    >>> badge(0, 10, 20, 8)[:30]
    '<g class="pmark" transform="tr'
"""

from __future__ import annotations

#: the players' colours, in seat order
COLOURS = ("#a62626", "#1b4988", "#17ac5f", "#ffd90a", "#dd5bf9", "#f5f5f5",
           "#e67e22", "#00838f", "#6d4c41", "#c2185b")
#: the ink readable on each colour (WCAG contrast ≥ 4.5:1)
INK = ("#fff", "#fff", "#111", "#111", "#111", "#111", "#111", "#fff", "#fff", "#fff")

#: the players' marks, in seat order (the same order as the colours)
MARKS = ("disc", "square", "triangle", "diamond", "star", "plus", "down", "hourglass", "cross", "bar")

#: each mark as a path in a box of half-size 1 around (0, 0)
_SHAPES = {
    "disc": "M0,-0.8A0.8,0.8 0 1 1 0,0.8A0.8,0.8 0 1 1 0,-0.8Z",
    "square": "M-0.72,-0.72H0.72V0.72H-0.72Z",
    "triangle": "M0,-0.9L0.88,0.7H-0.88Z",
    "diamond": "M0,-0.95L0.8,0L0,0.95L-0.8,0Z",
    "star": "M0,-0.95L0.22,-0.3L0.9,-0.29L0.36,0.11L0.56,0.77L0,0.38L-0.56,0.77L-0.36,0.11L-0.9,-0.29L-0.22,-0.3Z",
    "plus": "M-0.28,-0.9H0.28V-0.28H0.9V0.28H0.28V0.9H-0.28V0.28H-0.9V-0.28H-0.28Z",
    "down": "M0,0.9L0.88,-0.7H-0.88Z",
    "hourglass": "M-0.75,-0.85H0.75L0,0L0.75,0.85H-0.75L0,0Z",
    "cross": "M-0.85,-0.45L-0.45,-0.85L0,-0.4L0.45,-0.85L0.85,-0.45L0.4,0L0.85,0.45L0.45,0.85L0,0.4L-0.45,0.85"
             "L-0.85,0.45L-0.4,0Z",
    "bar": "M-0.9,-0.32H0.9V0.32H-0.9Z",
}


def colour_of(i: int) -> str:
    """The colour of seat ``i`` (the palette repeats past its end)."""
    return COLOURS[i % len(COLOURS)]


def ink_of(i: int) -> str:
    """The text colour readable on :func:`colour_of` ``(i)``."""
    return INK[i % len(INK)]


def mark_of(i: int) -> str:
    """The mark of seat ``i``."""
    return MARKS[i % len(MARKS)]


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (or ``#rgb``), as WCAG 2.2 defines it."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
           for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2.2 contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_for(colour: str) -> str:
    """White or near-black, whichever reads better on ``colour``."""
    return "#fff" if contrast(colour, "#fff") >= contrast(colour, "#111") else "#111"


def path_d(mark: str | int) -> str:
    """The outline of ``mark`` (a name or a seat) in a box of half-size 1 around (0, 0)."""
    return _SHAPES[mark_of(mark) if isinstance(mark, int) else mark]


def shape(mark: str | int, x: float, y: float, r: float, fill: str = "#1b1b1b", extra: str = "") -> str:
    """The mark ``mark`` (a name or a seat) as one SVG path centred on
    ``(x, y)``, ``r`` its half-size, filled with ``fill``."""
    name = mark_of(mark) if isinstance(mark, int) else mark
    return (f'<path d="{_SHAPES[name]}" transform="translate({x:.1f} {y:.1f}) scale({r:.2f})" fill="{fill}" '
            f'stroke="none" data-mark="{name}"{extra}/>')


def badge(mark: str | int, x: float, y: float, r: float) -> str:
    """The mark on its white badge (a disc of radius ``r`` centred on
    ``(x, y)``, outlined dark): what tokens, flags and pieces carry."""
    name = mark_of(mark) if isinstance(mark, int) else mark
    return (f'<g class="pmark" transform="translate({x:.1f} {y:.1f})" pointer-events="none">'
            f'<circle r="{r:.1f}" fill="#fff" stroke="#1b1b1b" stroke-width="{max(0.8, r / 8):.1f}"/>'
            f'{shape(name, 0, 0, r * 0.62)}</g>')
