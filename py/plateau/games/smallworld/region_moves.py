"""Small World's commonest moves, each made once and shared.

A :class:`Move` is immutable and compares by value, and the legal moves of
one position after another name the same conquests, the same tokens put down
and moved, the same phase ends. Listing them takes the moves from these
tables instead of making each again (its text, its path, the object): the
tables of moves that name a region by number grow to the largest board met.
"""

from __future__ import annotations

from plateau.core.game import Move

END = Move("end", ("end",))
DONE = Move("done", ("done",))
DECLINE = Move("decline", ("decline",))
ROLL = Move("roll", ("roll",))
PASS = Move("pass", ("pass",))
NOPEACE = Move("nopeace", ("nopeace",))

#: by region number: ``c:R``, ``die:R``, ``abandon:R``, ``put:R``, ``all:R``, ``back:R``
CONQUER: list[Move] = []
DIE: list[Move] = []
ABANDON: list[Move] = []
PUT: list[Move] = []
ALL: list[Move] = []
BACK: list[Move] = []
#: ``MV[a][b]``: ``mv:a-b``, a row made the first time a token may leave ``a``
MV: list[list[Move] | None] = []


def covering(n: int) -> int:
    """Make the tables cover regions ``0 .. n-1`` (they only grow); returns ``n``."""
    have = len(CONQUER)
    if have >= n:
        return n
    for r in range(have, n):
        rr = f"r{r}"
        CONQUER.append(Move(f"c:{r}", (rr,)))
        DIE.append(Move(f"die:{r}", (rr,)))
        ABANDON.append(Move(f"abandon:{r}", ("abandon", rr)))
        PUT.append(Move(f"put:{r}", (rr,)))
        ALL.append(Move(f"all:{r}", ("all", rr)))
        BACK.append(Move(f"back:{r}", ("back", rr)))
    MV[:] = [None] * n  # rows are remade at the new width when asked
    return n


def mv_row(a: int) -> list[Move]:
    """The moves ``mv:a-b`` for every region ``b`` the tables cover."""
    row = MV[a]
    if row is None:
        ra = f"r{a}"
        row = MV[a] = [Move(f"mv:{a}-{b}", (ra, f"r{b}")) for b in range(len(CONQUER))]
    return row
