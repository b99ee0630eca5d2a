"""The island of Thorval as the engine sees it: 44 cases numbered 0–43.

Cases 0–35 are the territories, region by region (I/1 … I/6, II/1 …,
VI/6), cases 36–43 the castles C1 … C8. That numbering is also the order in
which the orks attack (regions first, lowest territory first, castles last).

Notation: a territory is written ``III/2``, a castle ``C3``; the board's
click targets drop the slash (``III2``, ``C3``).

>>> NAMES[0], NAMES[35], NAMES[36], TARGETS[NAMES.index("VI/1")]
('I/1', 'VI/6', 'C1', 'VI1')
>>> [NAMES[i] for i in NEIGHBOURS[INDEX["C3"]]]
['II/3', 'II/4', 'III/1', 'VI/1']
"""

from __future__ import annotations

from plateau.core.boards import load_board

DATA = load_board("thorval.json")
ROMAN = ("I", "II", "III", "IV", "V", "VI")
N = 44
CASES = DATA["cases"]
NAMES: list[str] = [c["name"] for c in CASES]
TARGETS: list[str] = [c["target"] for c in CASES]
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
BY_TARGET: dict[str, int] = {t: i for i, t in enumerate(TARGETS)}
#: region index 0–5 of each territory, -1 for castles
REGION: list[int] = [ROMAN.index(c["region"]) if c["region"] else -1 for c in CASES]
NUMBER: list[int] = [c["number"] for c in CASES]
CASTLES = tuple(range(36, 44))
TERRITORIES = tuple(range(36))
NEIGHBOURS: list[tuple[int, ...]] = [tuple(INDEX[n] for n in c["neighbours"]) for c in CASES]
NEIGHBOUR_SETS = [frozenset(n) for n in NEIGHBOURS]
BRIDGES = frozenset(frozenset(INDEX[n] for n in b["cases"]) for b in DATA["bridges"])
TUNNEL = frozenset(INDEX[n] for n in DATA["tunnel"])
WATERS: list[frozenset] = [frozenset(c["waters"]) for c in CASES]
#: +1 for defenders in forest or mountain (regions III, V, VI)
ROUGH = [c["terrain"] in ("forest", "mountain") for c in CASES]


def territory(region: int, number: int) -> int:
    """Case index of territory ``number`` (1–6) of region ``region`` (1–6)."""
    return (region - 1) * 6 + number - 1


def link(a: int, b: int) -> str:
    """How ``a`` and ``b`` touch: ``land``, ``bridge``, ``tunnel`` or ``""``."""
    if b not in NEIGHBOUR_SETS[a]:
        return ""
    pair = frozenset((a, b))
    if pair == TUNNEL:
        return "tunnel"
    if pair in BRIDGES:
        return "bridge"
    return "land"


def boat_cases(mode: str) -> frozenset:
    """Cases from which (and to which) a boat can sail: on the river or the
    Marnon sea (``inland``), or on any water including the outer sea (``all``).
    The river joins the Marnon sea and flows out into the outer sea, so all
    those waters form one network."""
    waters = set(DATA["waterways"][mode])
    return frozenset(i for i in range(N) if WATERS[i] & waters)


BOAT = {"inland": boat_cases("inland"), "all": boat_cases("all")}
