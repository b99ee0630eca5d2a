"""The ``.thud`` text format: import into a Plateau record, export a round.

A ``.thud`` file holds one round: its first line lists every piece, comma
separated (``d`` dwarf, ``T`` troll, ``R`` the Thudstone, each followed by
its square), then one ply per line: ``dO11-O9`` (a move), ``dA6-D6xD6`` (a
hurl names the troll's square), ``TF7-D5xC4xC5`` (a troll step or shove
followed by the square of each dwarf it takes).

Import is tolerant of what other programs write: Windows line endings,
blank lines, a byte-order mark, lower/upper case square names and captured
squares listed in any order. Every ply is checked against the rules; the
first problem raises :class:`~plateau.core.record.RecordError` naming the
line and the reason.

>>> from plateau.games.thud.board import START_BOARD, board_line
>>> rec = import_thud(board_line(START_BOARD) + "\\r\\n\\r\\ndF1-F3\\r\\nTG7-G6\\r\\n")
>>> rec.moves
['dF1-F3', 'TG7-G6']
>>> export_thud(rec).splitlines()[1:]
['dF1-F3', 'TG7-G6']
"""

from __future__ import annotations

import re

from plateau.core.record import Record, RecordError

from . import board as B
from .board import DWARF, TROLL
from .rules import ACCEPT, OFFER, REFUSE

MAX_TEXT = 2_000_000
MAX_PLIES = 20_000

_PLY = re.compile(
    r"^([dDtT])\s*([A-HJ-Pa-hj-p])\s*(\d{1,2})\s*-\s*([A-HJ-Pa-hj-p])\s*(\d{1,2})"
    r"((?:\s*[xX]\s*[A-HJ-Pa-hj-p]\s*\d{1,2})*)\s*$"
)
_CAP = re.compile(r"[xX]\s*([A-HJ-Pa-hj-p])\s*(\d{1,2})")

_STANDARD = frozenset(B.board_line(B.START_BOARD).split(","))


def _sq(file: str, rank: str, lineno: int) -> int:
    nm = file.upper() + str(int(rank))
    if not B.is_square_name(nm):
        raise RecordError("schema", f"line {lineno}: {nm} is not a square of the Thud board")
    return B.square(nm)


def import_thud(text: str, players=None, options: dict | None = None, lang: str = "fr") -> Record:
    """A :class:`Record` of the round written in ``text`` (a ``.thud`` file).

    ``options`` are Plateau rules options; ``captures`` defaults to ``any``,
    which accepts every ply written under the other conventions too. A
    position other than the standard start is kept in the ``start`` option.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError("schema", "the .thud file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise RecordError("schema", "the .thud data is not text")
    if len(text) > MAX_TEXT:
        raise RecordError("too-long", "the .thud file is too long")
    text = text.lstrip("\ufeff")
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    lines = [(n, ln) for n, ln in lines if ln]
    if not lines:
        raise RecordError("empty", "the .thud file is empty")
    if len(lines) - 1 > MAX_PLIES:
        raise RecordError("too-long", f"the .thud file has more than {MAX_PLIES} plies")

    first_no, first = lines[0]
    if _PLY.match(first):
        raise RecordError("schema", f"line {first_no}: the first line must list the pieces "
                                    "(e.g. dF1,dG1,…,RH8), not a ply")
    try:
        start = B.parse_board_line(first)
    except ValueError as e:
        raise RecordError("schema", f"line {first_no}: {e}") from None
    opts = dict(options or {})
    if frozenset(B.board_line(start).split(",")) != _STANDARD:
        opts["start"] = B.board_line(start)
    else:
        opts.pop("start", None)
    if players is None:
        players = list(B.SEAT_NAMES.get(lang) or B.SEAT_NAMES["fr"])
    record = Record("thud", opts, 0, list(players), [])
    state = record.start()
    record.options = {k: v for k, v in state.options.items()}

    for lineno, line in lines[1:]:
        m = _PLY.match(line)
        if not m:
            raise RecordError("schema", f"line {lineno}: {line[:40]!r} is not a Thud ply "
                                        "(expected e.g. dO11-O9 or TF7-D5xC4xC5)", ply=len(record.moves))
        if state.is_over() or state.round != 1:
            raise RecordError("illegal", f"line {lineno}: the round is already over (no legal move "
                                         "was left)", ply=len(record.moves))
        piece, f1, r1, f2, r2, capstr = m.groups()
        side = DWARF if piece in "dD" else TROLL
        frm = _sq(f1, r1, lineno)
        to = _sq(f2, r2, lineno)
        caps = [_sq(f, r, lineno) for f, r in _CAP.findall(capstr)]
        ply = len(record.moves)
        if len(set(caps)) != len(caps):
            raise RecordError("illegal", f"line {lineno}: a captured square is listed twice", ply=ply)
        if side != state.side:
            raise RecordError("illegal", f"line {lineno}: it is the {_side(state.side)}' turn, "
                                         f"not the {_side(side)}'", ply=ply)
        if state.board[frm] != side:
            raise RecordError("illegal", f"line {lineno}: there is no {_piece(side)} on {B.NAMES[frm]}",
                              ply=ply)
        if side == DWARF and not caps and state.board[to] == TROLL:
            caps = [to]  # a hurl written without its capture
        mv = (frm, to, tuple(sorted(caps)))
        ptext = B.move_text(side, mv)
        legal = state._legal()
        if ptext not in legal:
            raise RecordError("illegal", f"line {lineno}: {line[:40]} is not legal: "
                                         f"{_why(state, side, frm, to, mv[2])}", ply=ply)
        state.apply(legal[ptext])
        record.moves.append(ptext)
    return record


def _side(side: int) -> str:
    return "dwarfs" if side == DWARF else "trolls"


def _piece(side: int) -> str:
    return "dwarf" if side == DWARF else "troll"


def _why(state, side, frm, to, caps) -> str:
    same = [mv for mv in state.board_moves() if mv[0] == frm and mv[1] == to]
    if not same:
        if state.board[to] != B.EMPTY and not (side == DWARF and state.board[to] == TROLL):
            return f"{B.NAMES[to]} is occupied"
        if side == DWARF and state.board[to] == TROLL:
            return f"the line of dwarfs behind {B.NAMES[frm]} is too short to hurl onto {B.NAMES[to]}"
        if side == TROLL:
            return (f"the troll on {B.NAMES[frm]} cannot reach {B.NAMES[to]} (one square, or a shove "
                    "by a line of trolls that captures)")
        return f"the dwarf on {B.NAMES[frm]} cannot reach {B.NAMES[to]} (straight line over empty squares)"
    options = sorted({"x".join(B.NAMES[c] for c in mv[2]) or "none" for mv in same})
    return "those captures are not allowed here (possible: " + ", ".join(options[:8]) + (
        ", …" if len(options) > 8 else "") + ")"


def rounds_of(record: Record) -> list:
    """The board plies of each round of ``record`` (offers, acceptances and
    refusals are not board plies and are left out)."""
    state = record.start()
    out = [[]]
    for text in record.moves:
        rnd = state.round
        state.play(text)
        if text not in (OFFER, ACCEPT, REFUSE):
            while len(out) < rnd:
                out.append([])
            out[rnd - 1].append(text)
    if not state.is_over():
        while len(out) < state.round:
            out.append([])
    return out


def export_thud(record: Record, round: int = 1) -> str:
    """The ``.thud`` text of one round (1-based) of ``record``."""
    state = record.start()
    plies = rounds_of(record)
    if not 1 <= round <= max(len(plies), 1):
        raise ValueError(f"the game has no round {round}")
    lines = [B.board_line(state.start)]
    lines += plies[round - 1] if round - 1 < len(plies) else []
    return "\n".join(lines) + "\n"


def export_match(record: Record) -> list:
    """One ``.thud`` text per round played (or begun) in ``record``."""
    return [export_thud(record, i + 1) for i in range(len(rounds_of(record)))]
