"""Colour is never the only sign (issue 42): every game that tells its
players apart by colour gives each of them a mark of their own, and its
colours stay apart for a player with protanopia, deuteranopia or tritanopia.

How a colour looks under each deficiency is simulated with the matrices of
Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation
of Color Vision Deficiency", IEEE TVCG 15(6), 2009 (severity 1.0), applied to
linear RGB (sRGB decoded as IEC 61966-2-1 says). Two simulated colours are
compared by CIEDE2000 (CIE 142-2001; the formula as Sharma, Wu & Dalal,
"The CIEDE2000 color-difference formula: implementation notes", Color Res.
Appl. 30(1), 2005, whose test pairs are checked below) in CIELAB under D65.

The threshold, ΔE00 ≥ 15: a difference of 1 to 2 is just noticeable for two
large patches side by side; players' colours are small (a token's ring, an
army's disc, on a phone a few pixels) and seen apart, and the difference
needed grows as marks get smaller (Stone, Szafir & Setlur, "An Engineering
Model for Color Difference as a Function of Size", CIC 2014). 15 leaves a
wide margin over both, and the palettes chosen reach it; where a game has more
players than colours that reach it (a tournament's crowded table) the marks
tell them apart, and every pair of players of every game has distinct marks.

    python3 tests/core/test_marks.py   # the smallest difference per deficiency, per game
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from plateau.core import marks  # noqa: E402
from plateau.core.registry import get_game  # noqa: E402
from plateau.games.armadora.colours import CHAR_COLOURS, SEAT_COLOURS  # noqa: E402
from plateau.games.troy.colours import SOLID as TROY_SOLID  # noqa: E402

THRESHOLD = 15.0

# Machado et al. 2009, severity 1.0 (rows: R', G', B' from linear R, G, B)
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DEFICIENCIES = tuple(MACHADO)


def _linear(colour):
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
            for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))]


def _lab(rgb):
    """CIELAB (D65) of linear sRGB."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(colour, deficiency=None):
    """``colour`` as CIELAB, as seen with ``deficiency`` (None: normal vision)."""
    rgb = _linear(colour)
    if deficiency is not None:
        m = MACHADO[deficiency]
        rgb = [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    return _lab(rgb)


def ciede2000(lab1, lab2):
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def difference(c1, c2, deficiency=None):
    return ciede2000(seen(c1, deficiency), seen(c2, deficiency))


# --- the players of each game, as their boards draw them ------------------------------------------

def _players(gid, n, options=None):
    g = get_game(gid)
    st = g.start([f"P{i}" for i in range(n)], g.full_options(options or {}), 1)
    return [pm for p in range(n) for pm in st.player_marks(p)]


def palettes():
    """``name -> [(colour, mark or None)]``: every set of pieces that may
    share a board (``None``: a piece of nobody, told apart by colour alone)."""
    return {
        "smallworld (2-5 players)": _players("smallworld", 5),
        "thorval (2-6 players)": _players("thorval", 6),
        "troy (4 colours and the black heroes)": _players("troy", 4) + [(TROY_SOLID["k"], None)],
        "armadora (seats)": [(SEAT_COLOURS[p][0], marks.mark_of(p)) for p in range(4)],
        "armadora (characters)": [(CHAR_COLOURS[c][0], marks.mark_of(p)) for p, c in enumerate(CHAR_COLOURS)],
        # a tournament's table numbers its colours among the players it has shown (up to all ten)
        "arkhanis table (10 colours)": [(marks.colour_of(i), marks.mark_of(i)) for i in range(len(marks.COLOURS))],
    }


#: the palettes whose colours alone must stay apart (a tournament's ten need their marks)
BY_COLOUR = ("smallworld (2-5 players)", "thorval (2-6 players)", "troy (4 colours and the black heroes)",
             "armadora (seats)", "armadora (characters)")


def smallest(pieces, deficiency):
    return min((difference(a[0], b[0], deficiency), a[0], b[0]) for a, b in itertools.combinations(pieces, 2))


# --- the measure is the published one ------------------------------------------------------------

@pytest.mark.parametrize("lab1, lab2, expected", [
    # Sharma, Wu & Dalal 2005, Table 1: pairs 1, 7, 17, 25 and 34
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_gives_the_published_differences(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_greys_and_loses_what_each_deficiency_loses():
    # Machado's matrices keep white white; protanopia and deuteranopia fold red onto green, tritanopia
    # blue onto green (a pure red and a pure green come close for the first two)
    for d in DEFICIENCIES:
        assert difference("#ffffff", "#ffffff", d) == 0
        assert ciede2000(seen("#ffffff", d), seen("#ffffff")) < 1
    assert difference("#ff0000", "#00ff00") > 80
    assert difference("#cc3333", "#668833", "deuteranopia") < 10
    assert difference("#3366cc", "#33aa66", "tritanopia") < difference("#3366cc", "#33aa66")


# --- the players' colours and marks --------------------------------------------------------------

@pytest.mark.parametrize("name", list(palettes()))
def test_every_pair_of_players_has_distinct_marks(name):
    pieces = [p for p in palettes()[name] if p[1] is not None]
    assert len(pieces) >= 2
    for (c1, m1), (c2, m2) in itertools.combinations(pieces, 2):
        assert m1 != m2, f"{name}: {c1} and {c2} share the mark {m1}"
        assert m1 in marks.MARKS and m2 in marks.MARKS


@pytest.mark.parametrize("name", BY_COLOUR)
@pytest.mark.parametrize("deficiency", (None,) + DEFICIENCIES)
def test_the_players_colours_stay_apart(name, deficiency):
    pieces = palettes()[name]
    d, c1, c2 = smallest(pieces, deficiency)
    assert d >= THRESHOLD, f"{name}, {deficiency or 'normal vision'}: {c1} and {c2} are ΔE00 {d:.1f} apart"


def test_every_pair_is_apart_by_colour_or_by_mark():
    # the rule itself, over every palette: a pair too close in colour under some deficiency has two marks
    for name, pieces in palettes().items():
        for a, b in itertools.combinations(pieces, 2):
            close = min(difference(a[0], b[0], d) for d in (None,) + DEFICIENCIES) < THRESHOLD
            assert not close or (a[1] is not None and b[1] is not None and a[1] != b[1]), (name, a, b)


def test_the_ink_on_each_colour_is_readable():
    for colour, ink in zip(marks.COLOURS, marks.INK):
        assert marks.contrast(colour, ink) >= 4.5, (colour, ink)
        assert marks.ink_for(colour) in ("#fff", "#111")


def test_the_marks_differ_as_shapes():
    shapes = [marks.path_d(m) for m in marks.MARKS]
    assert len(set(shapes)) == len(shapes) == len(marks.COLOURS)
    assert marks.badge(3, 0, 0, 8).count('data-mark="diamond"') == 1


if __name__ == "__main__":
    for name, pieces in palettes().items():
        row = [f"{d or 'normal'} {smallest(pieces, d)[0]:.1f}" for d in (None,) + DEFICIENCIES]
        print(f"{name}: " + ", ".join(row))
