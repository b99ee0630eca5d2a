"""Thud board geometry, square names and the fast move generator.

The board is a 15 × 15 square with a right triangle of 15 squares cut from
each corner (165 playable squares); the Thudstone stands on H8 (row 7,
column 7). Squares are indexed ``r * 15 + c`` (0..224) with rows and columns
numbered from the top left; off-board indexes are never reached because all
walks go through the precomputed tables below.

Square names follow the ``.thud`` notation: files A–P without I (A = column
0 … P = column 14), ranks 1–15 from the top (rank 1 = row 0).

>>> name(7 * 15 + 7)
'H8'
>>> square("F7") == 6 * 15 + 5
True
>>> len(PLAYABLE)
165

Board cells hold small integers: ``EMPTY``, ``DWARF``, ``TROLL``, ``STONE``
and ``OFF``. A move is a tuple ``(frm, to, caps)`` where ``caps`` is a tuple
of captured squares in increasing index order (the canonical order); a dwarf
hurl has ``caps == (to,)``.
"""

from __future__ import annotations

SIZE = 15
#: the two sides' default names, by language
SEAT_NAMES = {"fr": ["Joueur 1", "Joueur 2"], "en": ["Player 1", "Player 2"]}
EMPTY, DWARF, TROLL, STONE, OFF = 0, 1, 2, 3, 4
CHARS = ".dTR#"
FILES = "ABCDEFGHJKLMNOP"
STONE_SQ = 7 * SIZE + 7

# the eight directions; the opposite of direction i is 7 - i
DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

CONVENTIONS = ("any", "all", "forced")


def on_board(r: int, c: int) -> bool:
    return (
        0 <= r < SIZE and 0 <= c < SIZE
        and r + c >= 5 and r + (14 - c) >= 5 and (14 - r) + c >= 5 and (14 - r) + (14 - c) >= 5
    )


PLAYABLE: tuple = tuple(r * SIZE + c for r in range(SIZE) for c in range(SIZE) if on_board(r, c))
IS_PLAYABLE = tuple(on_board(i // SIZE, i % SIZE) for i in range(SIZE * SIZE))
NAMES: tuple = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
_BY_NAME = {NAMES[i]: i for i in PLAYABLE}


def name(sq: int) -> str:
    return NAMES[sq]


def square(text: str) -> int:
    """Index of a playable square name (``KeyError`` otherwise)."""
    return _BY_NAME[text.upper()]


def is_square_name(text: str) -> bool:
    return text.upper() in _BY_NAME


def _build_tables():
    # rays[sq][d] = squares from sq (excluded) in direction d, up to the edge
    # or the Thudstone; neigh[sq] = the neighbours a piece may stand on (the
    # first square of each ray). Walked over IS_PLAYABLE: this runs at every
    # start of the page that opens a Thud game.
    ok = IS_PLAYABLE
    none = ((),) * 8
    rays = []
    neigh = []
    for i in range(SIZE * SIZE):
        if not ok[i]:
            rays.append(none)
            neigh.append(())
            continue
        r, c = divmod(i, SIZE)
        per = []
        nb = []
        for dr, dc in DIRS:
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < SIZE and 0 <= cc < SIZE:
                j = rr * SIZE + cc
                if j == STONE_SQ or not ok[j]:
                    break
                ray.append(j)
                rr += dr
                cc += dc
            per.append(tuple(ray))
            if ray:
                nb.append(ray[0])
        rays.append(tuple(per))
        neigh.append(tuple(sorted(nb)))
    return tuple(rays), tuple(neigh)


RAYS, NEIGH = _build_tables()


def _start_board() -> list:
    b = [OFF] * (SIZE * SIZE)
    for i in PLAYABLE:
        b[i] = EMPTY
    b[STONE_SQ] = STONE
    for i in PLAYABLE:
        r, c = divmod(i, SIZE)
        rim = any(not on_board(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        if rim and r != 7 and c != 7:
            b[i] = DWARF
    for dr, dc in DIRS:
        b[STONE_SQ + dr * SIZE + dc] = TROLL
    return b


START_BOARD: tuple = tuple(_start_board())


def empty_board() -> list:
    b = [OFF] * (SIZE * SIZE)
    for i in PLAYABLE:
        b[i] = EMPTY
    b[STONE_SQ] = STONE
    return b


# ---------------------------------------------------------------------------
# move generation
# ---------------------------------------------------------------------------

def _subsets(caps: tuple, nonempty: bool) -> list:
    """Every subset of ``caps`` (kept in order), the empty one first unless
    ``nonempty``."""
    n = len(caps)
    out = []
    for mask in range(1 if nonempty else 0, 1 << n):
        out.append(tuple(caps[j] for j in range(n) if mask >> j & 1))
    return out


def dwarf_moves(b: list) -> list:
    """Every dwarf move and hurl on board ``b`` as ``(frm, to, caps)``."""
    out = []
    append = out.append
    rays_all = RAYS
    for s in PLAYABLE:
        if b[s] != DWARF:
            continue
        rays = rays_all[s]
        for d in range(8):
            k = 0
            for t in rays[d]:
                k += 1
                v = b[t]
                if v == EMPTY:
                    append((s, t, ()))
                    continue
                if v == TROLL:
                    n = 1
                    for u in rays[7 - d]:
                        if b[u] != DWARF:
                            break
                        n += 1
                        if n >= k:
                            break
                    if n >= k:
                        append((s, t, (t,)))
                break
    return out


def troll_moves(b: list, conv: str = "any") -> list:
    """Every troll step and shove on board ``b`` as ``(frm, to, caps)``
    under capture convention ``conv`` (``any``, ``all`` or ``forced``).

    A one-square shove is the same move as the step to that square, so
    shoves are generated for two squares or more only."""
    out = []
    append = out.append
    neigh = NEIGH
    for s in PLAYABLE:
        if b[s] != TROLL:
            continue
        rays = RAYS[s]
        for d in range(8):
            ray = rays[d]
            if not ray or b[ray[0]] != EMPTY:
                continue
            t = ray[0]
            caps = tuple(u for u in neigh[t] if b[u] == DWARF)
            if not caps:
                append((s, t, ()))
            elif conv == "any":
                for sub in _subsets(caps, False):
                    append((s, t, sub))
            elif conv == "all":
                append((s, t, ()))
                append((s, t, caps))
            else:
                append((s, t, caps))
            # shoves: n trolls in line (the mover at the front) push it up to n squares
            n = 1
            for u in rays[7 - d]:
                if b[u] != TROLL:
                    break
                n += 1
            if n < 2:
                continue
            for k in range(1, min(n, len(ray))):
                t = ray[k]
                if b[t] != EMPTY:
                    break
                caps = tuple(u for u in neigh[t] if b[u] == DWARF)
                if not caps:
                    continue
                if conv == "any":
                    for sub in _subsets(caps, True):
                        append((s, t, sub))
                else:
                    append((s, t, caps))
    return out


def gen_moves(b: list, side: int, conv: str = "any") -> list:
    return dwarf_moves(b) if side == DWARF else troll_moves(b, conv)


def make(b: list, mv: tuple, side: int) -> None:
    s, t, caps = mv
    b[s] = EMPTY
    for c in caps:
        b[c] = EMPTY
    b[t] = side


def unmake(b: list, mv: tuple, side: int) -> None:
    s, t, caps = mv
    b[t] = EMPTY
    enemy = TROLL if side == DWARF else DWARF
    for c in caps:
        b[c] = enemy
    b[s] = side


def count_moves(b: list, side: int, conv: str = "any") -> int:
    """``len(gen_moves(b, side, conv))`` without building the moves."""
    n_moves = 0
    if side == DWARF:
        for s in PLAYABLE:
            if b[s] != DWARF:
                continue
            rays = RAYS[s]
            for d in range(8):
                k = 0
                for t in rays[d]:
                    k += 1
                    v = b[t]
                    if v == EMPTY:
                        continue
                    if v == TROLL:
                        n = 1
                        for u in rays[7 - d]:
                            if b[u] != DWARF or n >= k:
                                break
                            n += 1
                        if n >= k:
                            n_moves += 1
                    k -= 1
                    break
                n_moves += k
        return n_moves
    neigh = NEIGH
    for s in PLAYABLE:
        if b[s] != TROLL:
            continue
        rays = RAYS[s]
        for d in range(8):
            ray = rays[d]
            if not ray or b[ray[0]] != EMPTY:
                continue
            a = 0
            for u in neigh[ray[0]]:
                if b[u] == DWARF:
                    a += 1
            if conv == "any":
                n_moves += 1 << a
            elif conv == "all" and a:
                n_moves += 2
            else:
                n_moves += 1
            n = 1
            for u in rays[7 - d]:
                if b[u] != TROLL:
                    break
                n += 1
            if n < 2:
                continue
            for k in range(1, min(n, len(ray))):
                t = ray[k]
                if b[t] != EMPTY:
                    break
                a = 0
                for u in neigh[t]:
                    if b[u] == DWARF:
                        a += 1
                if a:
                    n_moves += (1 << a) - 1 if conv == "any" else 1
    return n_moves


def perft(b: list, side: int, depth: int, conv: str = "any") -> int:
    """Number of move sequences of length ``depth`` (board moves only; a
    side with no move ends the sequence, counting nothing)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(b, side, conv)
    other = TROLL if side == DWARF else DWARF
    total = 0
    for mv in gen_moves(b, side, conv):
        make(b, mv, side)
        total += perft(b, other, depth - 1, conv)
        unmake(b, mv, side)
    return total


def move_text(side: int, mv: tuple) -> str:
    """The ``.thud`` ply text, e.g. ``dO11-O9``, ``dA6-D6xD6``, ``TF7-D5xC4xC5``."""
    s, t, caps = mv
    text = ("d" if side == DWARF else "T") + NAMES[s] + "-" + NAMES[t]
    for c in caps:
        text += "x" + NAMES[c]
    return text


def board_line(b) -> str:
    """The first line of a ``.thud`` file: every piece, comma separated
    (dwarfs, then trolls, then the Thudstone, each in board order)."""
    parts = []
    for kind in (DWARF, TROLL, STONE):
        ch = CHARS[kind]
        for i in PLAYABLE:
            if b[i] == kind:
                parts.append(ch + NAMES[i])
    return ",".join(parts)


def parse_board_line(line: str) -> list:
    """The board described by a ``.thud`` first line; ``ValueError`` with a
    sentence when it is malformed or not a Thud position Plateau can play
    (the Thudstone must stand on H8; at most 32 dwarfs and 8 trolls)."""
    b = [OFF] * (SIZE * SIZE)
    for i in PLAYABLE:
        b[i] = EMPTY
    stone = 0
    nd = nt = 0
    items = [x.strip() for x in line.strip().split(",")]
    if not items or items == [""]:
        raise ValueError("the position line is empty")
    for item in items:
        if len(item) < 3 or item[0] not in "dDtTrR":
            raise ValueError(f"{item!r} is not a piece (d, T or R followed by a square)")
        sqname = item[1:].upper()
        if sqname not in _BY_NAME:
            raise ValueError(f"{item!r}: {item[1:]!r} is not a square of the board")
        sq = _BY_NAME[sqname]
        if b[sq] != EMPTY:
            raise ValueError(f"{item!r}: square {sqname} holds two pieces")
        kind = item[0].lower()
        if kind == "r":
            if sq != STONE_SQ:
                raise ValueError(f"the Thudstone stands on {sqname}; Plateau plays it on H8 only")
            b[sq] = STONE
            stone += 1
        elif kind == "d":
            b[sq] = DWARF
            nd += 1
        else:
            b[sq] = TROLL
            nt += 1
    if stone == 0:
        raise ValueError("the position has no Thudstone (RH8)")
    if b[STONE_SQ] != STONE:
        raise ValueError("square H8 must hold the Thudstone")
    if nd > 32 or nt > 8:
        raise ValueError(f"the position has {nd} dwarfs and {nt} trolls (at most 32 and 8)")
    return b
