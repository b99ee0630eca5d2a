"""The players' colours on Armadora's board: a character's when the players
chose characters, else the seat's. Each player also has the mark of their
seat (``plateau.core.marks``), drawn beside the colour.

The colours are apart in lightness as well as hue, so that they stay apart
under protanopia, deuteranopia and tritanopia (``tests/core/test_marks.py``),
and each is dark enough for white text on it."""

from __future__ import annotations

# (fill, edge)
CHAR_COLOURS = {
    "orc": ("#318604", "#1b4a02"),
    "goblin": ("#a63cf1", "#5b2185"),
    "elf": ("#0b3a80", "#062046"),
    "mage": ("#7a1f1a", "#43110e"),
}
SEAT_COLOURS = [("#3e2910", "#221709"), ("#192739", "#0e151f"), ("#9e5c9c", "#573356"), ("#677c35", "#39441d")]


def colours(state, p: int) -> tuple[str, str]:
    """Player ``p``'s (fill, edge) in ``state``."""
    c = state.chars[p]
    return CHAR_COLOURS[c] if c else SEAT_COLOURS[p % 4]
