"""Records: a game, its rules options, its seed, the players and the moves.

Replaying a record gives any position, so undo, the move list, saved games
and share links are all one object. The compact encoding is::

    "P1" + base64url(zlib(json)) ; the json carries a CRC-32 of its body

and :func:`decode` rejects anything that does not decode, does not check
out or does not describe a game Plateau knows, with a :class:`RecordError`
whose message says what is wrong.

>>> r = Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], ["dO11-O9"], ply=1)
>>> decode(encode(r)) == r
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field

from .game import REVISION_OPTION, IllegalMove, RulesError, State

PREFIX = "P1"
MAX_ENCODED = 200_000  # characters; a link longer than this is refused
MAX_MOVES = 20_000
MAX_NAME = 40
MAX_DEPTH = 32  # JSON nesting; records nest 3 deep, saves and settings a few more


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Raise ``ValueError`` when the JSON ``text`` nests arrays/objects
    deeper than ``limit``, without parsing it. Run before ``json.loads`` on
    anything untrusted: a deep ``[[[...]]]`` makes the parser recurse until
    the stack runs out (in Pyodide the JavaScript stack runs out first and
    the whole interpreter dies, before Python could raise RecursionError)."""
    if text.count("[") + text.count("{") <= limit:
        return
    depth = 0
    for tok in _TOKENS.findall(text):
        if tok in "[{":
            depth += 1
            if depth > limit:
                raise ValueError(f"data nested more than {limit} levels deep")
        elif tok in "]}":
            depth -= 1


def loads(text: str, limit: int = MAX_DEPTH):
    """``json.loads`` for untrusted text: refuses deep nesting first
    (``ValueError``), and turns the parser's own recursion failure into one."""
    check_depth(text, limit)
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("data nested too deeply") from None


class RecordError(ValueError):
    """A record that cannot be used; ``str(err)`` is a sentence for people.

    ``code`` names the problem for translation: ``empty``, ``prefix``,
    ``base64``, ``zlib``, ``json``, ``checksum``, ``schema``, ``game``,
    ``options``, ``players``, ``illegal``, ``too-long``, ``revision`` (made
    under rules newer than this version knows).
    """

    def __init__(self, code: str, message: str, ply: int | None = None, move: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ply = ply
        self.move = move


@dataclass
class Record:
    game: str
    options: dict = field(default_factory=dict)
    seed: int = 0
    players: list = field(default_factory=list)
    moves: list = field(default_factory=list)
    ply: int | None = None  # position shown (None: the last)
    title: str = ""

    def __post_init__(self) -> None:
        # a record made in code is played under its game's current rules; one
        # decoded from data made before its game had revisions gets 0 (from_json)
        if isinstance(self.options, dict) and REVISION_OPTION not in self.options:
            from .registry import revision

            current = revision(self.game) if isinstance(self.game, str) else None
            if current:
                self.options = {**self.options, REVISION_OPTION: current}

    def to_json(self) -> dict:
        d = {"g": self.game, "o": self.options, "s": self.seed, "p": self.players, "m": self.moves}
        if self.ply is not None:
            d["i"] = self.ply
        if self.title:
            d["t"] = self.title
        return d

    @classmethod
    def from_json(cls, d) -> "Record":
        if not isinstance(d, dict):
            raise RecordError("schema", "the data is not a game record")
        try:
            game, options, seed = d["g"], d.get("o", {}), d["s"]
            players, moves = d["p"], d.get("m", [])
        except KeyError as e:
            raise RecordError("schema", f"the record lacks its field {e.args[0]!r}") from None
        ply, title = d.get("i"), d.get("t", "")
        if not isinstance(game, str) or not game:
            raise RecordError("schema", "the record names no game")
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise RecordError("schema", "the record's rules options are malformed")
        for k, v in options.items():
            if v is not None and not isinstance(v, (str, int, float, bool)):
                raise RecordError("options", f"the rules option {k!r} has a value of the wrong type")
        if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < 2**64):
            raise RecordError("schema", "the record's seed is not a valid number")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("schema", "the record's player names are malformed")
        if any(len(p) > MAX_NAME for p in players):
            raise RecordError("players", f"a player name is longer than {MAX_NAME} characters")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("schema", "the record's moves are malformed")
        if len(moves) > MAX_MOVES:
            raise RecordError("too-long", "the record has too many moves")
        if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(moves)):
            raise RecordError("schema", "the record's position number is out of range")
        if not isinstance(title, str) or len(title) > 200:
            raise RecordError("schema", "the record's title is malformed")
        options = dict(options)
        if REVISION_OPTION not in options:  # made before its game's rules had revisions
            from .registry import revision

            if revision(game):
                options[REVISION_OPTION] = 0
        return cls(game, options, seed, list(players), list(moves), ply, title)

    # -- replay ---------------------------------------------------------
    def start(self) -> State:
        from .registry import get_game

        game = get_game(self.game)
        if game is None:
            raise RecordError("game", f"unknown game {self.game!r}")
        try:
            return game.start(self.players, self.options, self.seed)
        except RulesError as e:
            code = "players" if "players" in str(e) else "revision" if "newer rules" in str(e) else "options"
            raise RecordError(code, str(e)) from None

    def replay(self, upto: int | None = None) -> State:
        """The state after ``upto`` moves (all of them by default)."""
        state = self.start()
        n = len(self.moves) if upto is None else upto
        for i, text in enumerate(self.moves[:n]):
            try:
                state.play(text)
            except IllegalMove:
                raise RecordError("illegal", f"move {i + 1} ({text!r}) is not legal", ply=i, move=text) from None
        return state

    def states(self) -> list[State]:
        """Every position from the start to the end (cloned)."""
        state = self.start()
        out = [state.clone()]
        for i, text in enumerate(self.moves):
            try:
                state.play(text)
            except IllegalMove:
                raise RecordError("illegal", f"move {i + 1} ({text!r}) is not legal", ply=i, move=text) from None
            out.append(state.clone())
        return out


def _crc(body: str) -> int:
    return zlib.crc32(body.encode("utf-8")) & 0xFFFFFFFF


def encode(record: Record) -> str:
    body = json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    payload = json.dumps({"c": _crc(body), "r": body}, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(payload.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> Record:
    """Decode :func:`encode`'s output; raise :class:`RecordError` otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise RecordError("empty", "the link or file holds no game")
    text = text.strip()
    if len(text) > MAX_ENCODED:
        raise RecordError("too-long", "the game data is too long")
    if not text.startswith(PREFIX):
        raise RecordError("prefix", "this is not a Plateau game (or it comes from a newer version)")
    raw = text[len(PREFIX):]
    if not raw or any(c not in _B64 for c in raw) or len(raw) % 4 == 1:
        raise RecordError("base64", "the game data is damaged (invalid characters or truncated)")
    try:
        packed = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("base64", "the game data is damaged (invalid characters or truncated)") from None
    try:
        d = zlib.decompressobj()
        payload = d.decompress(packed, 2_000_000)
        if d.unconsumed_tail or not d.eof:
            raise zlib.error("incomplete")
    except zlib.error:
        raise RecordError("zlib", "the game data is damaged or truncated") from None
    try:
        outer = loads(payload.decode("utf-8"))
        body = outer["r"]
        crc = outer["c"]
        if not isinstance(body, str):
            raise TypeError
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        raise RecordError("json", "the game data is not readable") from None
    if crc != _crc(body):
        raise RecordError("checksum", "the game data has been altered (checksum mismatch)")
    try:
        d = loads(body)
    except ValueError:
        raise RecordError("json", "the game data is not readable") from None
    return Record.from_json(d)


def load(text: str) -> tuple[Record, State]:
    """Decode and fully check a record: the game exists, the options and
    players are valid, every move is legal. Returns the record and the
    state at its ``ply``."""
    record = decode(text)
    states_end = record.replay()  # raises RecordError on the first illegal move
    if record.ply is not None and record.ply != len(record.moves):
        return record, record.replay(record.ply)
    return record, states_end


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
