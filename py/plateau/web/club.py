"""Club mode: one game on several devices in the same room, without a server.

Pure Python (no browser): the pairing codes, the messages, the referee that
the hosting device runs and the session a guest device draws. The browser's
part (WebRTC, camera, QR codes) is ``club_page.py``; tests drive this module
natively.

* The **host** holds the record (its :class:`PlayController`, saved as any
  game). Each seat is played here, by the computer, or on another device.
  The host's :class:`Referee` pairs devices, checks every message a guest
  sends and plays a guest's move through ``ctl.submit(text,
  source=device(<id>), seat=s)`` only for a seat that device holds.
* A **guest** holds no record: it receives, for the seats it holds, only
  ``state.view(seat)`` (``view(PUBLIC)`` for a spectator device), builds a
  position from it with the game's ``from_view`` (its ``fromview`` module,
  which the computer player's search shares) and draws that position for its own seat
  (:func:`guest_session`), with the move list written for its players by
  the host. Its clicks make moves it sends; the host's answer is the next
  position.

Messages are JSON objects ``{"v": 1, "t": <type>, ...}``. A guest sends
``hello`` and ``move``; the host sends ``welcome``, ``state``, ``ack`` and
``error``. Every message goes through :func:`frames`: one that would not fit
in a data channel's message (:data:`MAX_FRAME`) goes as ``part`` frames, put
together again by the receiving side's :class:`Parts`. The host limits each
device (:class:`Bucket`): a device that floods it is warned, then dropped.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import secrets
import time
import zlib

from plateau.core.game import PUBLIC, State
from plateau.core.record import Record
from plateau.core.registry import get_game, revision
from plateau.core.rng import Rng

from .session import _SERIALS, Session

VERSION = 1
#: the most a guest's message may weigh (a move is a few dozen bytes): the host refuses a heavier one
#: before reading it
MAX_MESSAGE = 4096
#: the most one data channel message (a frame) weighs: 64 KiB, which every browser's data channel
#: carries (Chromium's own limit is 262,144 bytes); a longer message goes in ``part`` frames
MAX_FRAME = 65536
#: a ``part`` frame's characters of the message (escaped in JSON: at most twice as many bytes)
PIECE = 32000
#: the most a host's message may weigh once its parts are put together (a whole tournament's position
#: at move 600 for a table of four: about 330,000 bytes)
MAX_HOST_MESSAGE = 1 << 25
#: the deepest nesting of arrays and objects a message may have (a position nests about ten deep)
MAX_DEPTH = 64
#: a device's messages: at most BURST at once, then RATE a second (a token bucket; a move played
#: costs nothing); past that the host warns the device once, then drops it after OVER more
BURST, RATE, OVER = 20, 5.0, 20
#: the host answers a device's ``hello`` with the whole position at most this often (seconds), unless
#: the device paired again in between: a short ``hello`` never makes the host send a long answer twice
HELLO_EVERY = 10.0
MAX_CODE = 4096
#: seat kinds on the host's plan
HERE, COMPUTER_SEAT = "here", "computer"
SPECTATOR = "spectator"

GUEST_MESSAGES = {"hello", "move"}
HOST_MESSAGES = {"welcome", "state", "ack", "error"}

#: the form of the ``state`` message, numbered apart from the messages' own
#: :data:`VERSION` (which stays, so that a device of another Plateau still
#: reads the ``error`` that refuses it): a guest says in its ``hello`` which
#: form it reads, the host refuses any other, and a guest refuses a state of
#: another form, each with a sentence the person can act on
STATE_SCHEMA = 1
#: the ``state`` message's fields (:data:`STATE_SCHEMA`): what each holds, as
#: JSON types, and for lists what each item holds
STATE_FIELDS: dict[str, tuple] = {
    "schema": (int,), "rev": (int,), "game": (str,), "gid": (str,), "ply": (int,),
    "players": (list, str), "seats": (list, int), "to_play": (int, type(None)), "over": (bool,),
    "movers": (list, int), "table": (int, type(None)), "views": (dict,), "start": (int,),
    "lines": (dict,), "away": (list, int),
}

_DEVICE = re.compile(r"^[a-z0-9]{1,12}$")


class Refused(Exception):
    """A message or a code that is not accepted; ``code`` says why
    (``json``, ``version``, ``type``, ``size``, ``part``, ``rate``, ``field``,
    ``seat``, ``stale``, ``illegal``, ``busy``, ``code``, ``used``, ``unknown``)."""

    def __init__(self, code: str, text: str = "") -> None:
        super().__init__(f"{code}: {text}" if text else code)
        self.code = code
        self.text = text


# -- pairing codes --------------------------------------------------------------------
_SDP_LINE = re.compile(r"^a=candidate:(\S+) (\d) (udp|tcp) (\d+) (\S+) (\d+) typ (host|srflx|prflx|relay)")


def pack_sdp(sdp: str) -> list:
    """What a data channel's offer or answer needs to connect, shortly:
    ``[ufrag, pwd, fingerprint (base64url of its bytes), setup,
    [[address, port, priority], ...]]`` (UDP host candidates only: no
    server helps the devices meet, so they must share a network)."""
    ufrag = pwd = fp = setup = ""
    cands = []
    for line in sdp.replace("\r\n", "\n").split("\n"):
        if line.startswith("a=ice-ufrag:"):
            ufrag = line[12:]
        elif line.startswith("a=ice-pwd:"):
            pwd = line[10:]
        elif line.startswith("a=fingerprint:sha-256 "):
            raw = bytes.fromhex(line[22:].replace(":", ""))
            fp = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        elif line.startswith("a=setup:"):
            setup = line[8:]
        else:
            m = _SDP_LINE.match(line)
            if m and m.group(3) == "udp" and m.group(2) == "1":
                cands.append([m.group(5), int(m.group(6)), int(m.group(4))])
    if not (ufrag and pwd and fp and setup):
        raise Refused("code", "the connection's description lacks its keys")
    return [ufrag, pwd, fp, setup, cands]


def unpack_sdp(packed, kind: str) -> str:
    """The session description :func:`pack_sdp` shortened, whole again
    (``kind``: ``offer`` or ``answer``)."""
    try:
        ufrag, pwd, fp, setup, cands = packed
        raw = base64.urlsafe_b64decode(fp + "=" * (-len(fp) % 4))
        if len(raw) != 32 or setup not in ("actpass", "active", "passive"):
            raise ValueError
        finger = ":".join(f"{b:02X}" for b in raw)
        lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
                 "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "c=IN IP4 0.0.0.0"]
        for k, (addr, port, prio) in enumerate(cands):
            if not re.match(r"^[A-Za-z0-9.:\-]{1,64}$", str(addr)):
                raise ValueError
            lines.append(f"a=candidate:{k + 1} 1 udp {int(prio)} {addr} {int(port)} typ host generation 0")
        if not re.match(r"^[A-Za-z0-9+/]{4,256}$", ufrag) or not re.match(r"^[A-Za-z0-9+/]{22,256}$", pwd):
            raise ValueError
        lines += [f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", f"a=fingerprint:sha-256 {finger}",
                  f"a=setup:{setup}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    except (ValueError, TypeError):
        raise Refused("code", "this is not a pairing code") from None
    if kind not in ("offer", "answer"):
        raise ValueError(kind)
    return "\r\n".join(lines) + "\r\n"


def encode_code(obj) -> str:
    """A pairing code: JSON, compressed (raw deflate), base64url."""
    data = json.dumps(obj, separators=(",", ":")).encode()
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = z.compress(data) + z.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def code_text(text: str) -> str:
    """A code as typed, pasted or scanned, alone: no spaces, no link before it."""
    text = "".join(str(text).split())
    return text.split("#join=", 1)[1] if "#join=" in text else text


def decode_code(text: str):
    text = code_text(text)
    if not text or len(text) > MAX_CODE or not re.match(r"^[A-Za-z0-9_-]+$", text):
        raise Refused("code", "this is not a pairing code")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        d = zlib.decompressobj(-15)
        data = d.decompress(raw, 65536)
        if d.unconsumed_tail:
            raise ValueError
        return json.loads(data)
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise Refused("code", "this is not a pairing code") from None


def offer_code(nonce: str, game_id: str, device: str, sdp: str, game: str = "", names: list[str] | None = None,
               table: int | None = None) -> str:
    """The host's code for ``device``. It also says, for the person holding
    that device before it connects, which game (``game``: the game's id)
    and whom the device will play (``names``: the players of its seats) or
    which table it is (``table``)."""
    obj = {"k": "o", "v": VERSION, "n": nonce, "g": game_id, "d": device, "s": pack_sdp(sdp)}
    if game:
        obj.update(gi=game, w=[str(n)[:MAX_NAME] for n in (names or [])][:MAX_NAMES], t=table)
    return encode_code(obj)


#: what a code may say of the device's players (a code is read before anything is connected)
MAX_NAMES = 24
MAX_NAME = 60
_GAME_ID = re.compile(r"^[a-z0-9_]{1,40}$")


def code_for(obj: dict) -> dict:
    """What a host's code says it is for: ``{"gid", "names", "table"}``, or
    ``{}`` when it does not say (or says it in a form not understood)."""
    gid, names, table = obj.get("gi"), obj.get("w"), obj.get("t")
    if not isinstance(gid, str) or not _GAME_ID.match(gid) or not isinstance(names, list):
        return {}
    if len(names) > MAX_NAMES or not all(isinstance(n, str) and len(n) <= MAX_NAME for n in names):
        return {}
    if table is not None and (not isinstance(table, int) or isinstance(table, bool) or not 0 <= table < 64):
        return {}
    return {"gid": gid, "names": list(names), "table": table}


def answer_code(nonce: str, sdp: str) -> str:
    return encode_code({"k": "a", "v": VERSION, "n": nonce, "s": pack_sdp(sdp)})


def read_code(text: str, kind: str) -> dict:
    """A pairing code read back: ``{"nonce", "sdp", ...}``; ``kind``:
    ``o`` (the host's offer, read by a guest) or ``a`` (a guest's answer,
    read by the host). Raises :class:`Refused` (``code``)."""
    obj = decode_code(text)
    if not isinstance(obj, dict) or obj.get("v") != VERSION or not isinstance(obj.get("n"), str):
        raise Refused("code", "this is not a pairing code of this version")
    if obj.get("k") != kind:
        raise Refused("code", "this is the other device's code" if obj.get("k") in ("o", "a")
                      else "this is not a pairing code")
    out = {"nonce": obj["n"], "sdp": unpack_sdp(obj.get("s"), "offer" if kind == "o" else "answer")}
    if kind == "o":
        if not isinstance(obj.get("g"), str) or not isinstance(obj.get("d"), str) or not _DEVICE.match(obj["d"]):
            raise Refused("code", "this is not a pairing code")
        out.update(game=obj["g"], device=obj["d"], to=code_for(obj))
    return out


#: how many codes a guest remembers having answered (a reload never answers one of them again)
ANSWERED_KEPT = 16


def answered_before(saved: dict, nonce: str) -> bool:
    """Whether this guest already answered the code ``nonce`` (``saved``: its
    pairing as :func:`guest_pairing` wrote it): it was used, whatever link
    the page was opened with."""
    kept = saved.get("answered") if isinstance(saved.get("answered"), list) else []
    return nonce == saved.get("nonce") or nonce in kept


def guest_pairing(saved: dict, got: dict, tab: str = "", now: float = 0) -> dict:
    """A guest's pairing saved once it answers the host's code ``got``: the
    latest code's nonce, game and device, the codes answered before, and
    the browser tab that holds it (``tab``, seen at ``now``, in ms)."""
    kept = saved.get("answered") if isinstance(saved.get("answered"), list) else []
    before = [n for n in [*kept, saved.get("nonce")] if isinstance(n, str) and n != got["nonce"]]
    return {"nonce": got["nonce"], "game": got["game"], "device": got["device"],
            "answered": before[-ANSWERED_KEPT:], "tab": tab, "seen": now}


#: a guest's tab says this often (ms) that it still holds its pairing (:func:`held_elsewhere`)
TAB_ALIVE_MS = 5000


def held_elsewhere(saved: dict, tab: str, now: float) -> bool:
    """Whether another tab or window of this browser holds the pairing now
    (it said so less than three :data:`TAB_ALIVE_MS` ago): a second tab
    opening the same link, or another code, is told so and answers nothing."""
    seen = saved.get("seen")
    return (isinstance(saved.get("tab"), str) and saved["tab"] not in ("", tab)
            and isinstance(seen, (int, float)) and 0 <= now - seen < 3 * TAB_ALIVE_MS)


# -- messages -------------------------------------------------------------------------
def message(t: str, **fields) -> str:
    return json.dumps({"v": VERSION, "t": t, **fields}, separators=(",", ":"))


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})


def depth(text: str, most: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (its strings
    left out), up to ``most`` + 1, found without parsing it (a parser
    recurses: 2,040 levels overflow Python's): each pass takes out the
    innermost pairs of brackets."""
    marks = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_STEP)
    for level in range(most + 1):
        if not marks:
            return level
        shorter = marks.replace("()", "")
        if len(shorter) == len(marks):  # left: brackets that do not pair, whose openings nest still
            return min(most + 1, level + marks.count("("))
        marks = shorter
    return most + 1


def parse(raw, allowed: set[str], limit: int = MAX_MESSAGE) -> dict:
    """A message received, checked: JSON text of at most ``limit`` bytes
    (a heavier one is refused unread), nested at most :data:`MAX_DEPTH`
    deep, an object of version :data:`VERSION` whose type is in ``allowed``.
    The nesting of a text of one frame is counted before it is parsed (a
    guest's message, a frame); a longer one, the host's position put
    together, is parsed at once, and refused if it nests too deep for the
    parser."""
    if not isinstance(raw, str):
        raise Refused("type", "a message is text")
    if len(raw) > limit or len(raw.encode("utf-8", "replace")) > limit:
        raise Refused("size", f"a message weighs at most {limit} bytes")
    if len(raw) <= MAX_FRAME and depth(raw) > MAX_DEPTH:
        raise Refused("json", f"the message nests deeper than {MAX_DEPTH} levels")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("json", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise Refused("json", "the message is not a JSON object")
    if msg.get("v") != VERSION:
        raise Refused("version", f"this device speaks version {VERSION}")
    if msg.get("t") not in allowed:
        raise Refused("type", f"unknown message type {str(msg.get('t'))[:20]!r}")
    return msg


_FRAME_IDS = itertools.count(secrets.randbits(20))


def frames(text: str) -> list[str]:
    """What a device sends for the message ``text``: the message itself when
    it fits in a data channel's message (:data:`MAX_FRAME` bytes), else its
    ``part`` frames ``{"t": "part", "id", "i", "n", "d"}``: the message's
    pieces in order (``i`` from 0 to ``n`` - 1, each at most :data:`PIECE`
    characters, every frame under :data:`MAX_FRAME` bytes), under one ``id``."""
    if len(text.encode("utf-8", "replace")) <= MAX_FRAME:
        return [text]
    size = PIECE if text.isascii() else PIECE // 6  # JSON writes a character in at most 2 bytes, or 12
    n = -(-len(text) // size)
    fid = next(_FRAME_IDS) % (1 << 30)
    return [message("part", id=fid, i=i, n=n, d=text[i * size:(i + 1) * size]) for i in range(n)]


class Parts:
    """A message that came in ``part`` frames, put together again: the frames
    of one message follow each other in order (a data channel keeps their
    order), ``n`` the same in each, the whole at most ``limit`` bytes. A frame
    that does not follow (another message's before the end, a wrong index or
    count, a piece too long) is refused and what came of that message is
    dropped; a new message (index 0) replaces one left unfinished."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.fid: int | None = None
        self.count = 0
        self.pieces: list[str] = []
        self.size = 0

    def _drop(self) -> None:
        self.fid, self.count, self.pieces, self.size = None, 0, [], 0

    def add(self, msg: dict) -> str | None:
        """The frame ``msg`` (a ``part`` message) taken; the whole message
        once its last frame came, else None. Raises :class:`Refused`."""
        fid, i, n, d = msg.get("id"), msg.get("i"), msg.get("n"), msg.get("d")
        if (any(isinstance(x, bool) or not isinstance(x, int) for x in (fid, i, n)) or not isinstance(d, str)
                or not 0 <= i < n):
            self._drop()
            raise Refused("part", "a message's part is damaged")
        if n > -(-self.limit // PIECE) * 6 or len(d) > PIECE:
            self._drop()
            raise Refused("size", f"a message weighs at most {self.limit} bytes")
        if i == 0:
            self._drop()
            self.fid, self.count = fid, n
        elif fid != self.fid or n != self.count or i != len(self.pieces):
            self._drop()
            raise Refused("part", "a message's parts do not follow each other")
        self.size += len(d.encode("utf-8", "replace"))
        if self.size > self.limit:
            self._drop()
            raise Refused("size", f"a message weighs at most {self.limit} bytes")
        self.pieces.append(d)
        if len(self.pieces) < self.count:
            return None
        whole = "".join(self.pieces)
        self._drop()
        return whole


class Bucket:
    """A device's allowance of messages (a token bucket): at most ``burst``
    at once, then ``rate`` a second."""

    def __init__(self, burst: int = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.at: float | None = None

    def take(self, now: float) -> bool:
        """Whether one more message is allowed at ``now`` (seconds)."""
        if self.at is not None:
            self.tokens = min(float(self.burst), self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def give_back(self) -> None:
        """The message taken was a move played: it costs nothing (a device
        moves only when the game lets it, at the players' pace)."""
        self.tokens = min(float(self.burst), self.tokens + 1)


def check_state(msg: dict) -> None:
    """A ``state`` message of the form this device reads (:data:`STATE_FIELDS`),
    written by the same rules revision of its game; else :class:`Refused`
    (``version``: another Plateau; ``field``: a damaged message).

    >>> check_state({"t": "state", "schema": 0})
    Traceback (most recent call last):
    ...
    plateau.web.club.Refused: version: the host writes positions in form 0 and this device reads form 1.
    """
    got = msg.get("schema")
    if got != STATE_SCHEMA:
        said = got if isinstance(got, int) and not isinstance(got, bool) else "?"
        raise Refused("version", f"the host writes positions in form {said} and this device reads form {STATE_SCHEMA}.")
    for key, kinds in STATE_FIELDS.items():
        value = msg.get(key)
        kind, item = (kinds[0], kinds[1]) if kinds[0] is list else (kinds, None)
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise Refused("field", f"the host's position has a wrong {key!r}")
        if not isinstance(value, kind) or item is not None and any(
                not isinstance(x, item) or isinstance(x, bool) for x in value):
            raise Refused("field", f"the host's position has a wrong {key!r}")
    if get_game(msg["gid"]) is None:
        raise Refused("version", f"this device does not know the game {msg['gid'][:40]!r}.")
    ours = revision(msg["gid"])
    if msg["rev"] != ours:
        raise Refused("version", f"the host plays {msg['gid']} by revision {msg['rev']} of its rules, "
                                 f"this device by revision {ours}.")


def _int(msg: dict, key: str, low: int = 0, high: int = 10 ** 9) -> int:
    v = msg.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise Refused("field", f"{key!r} must be a whole number")
    return v


def _json(obj):
    """``obj`` as the other device reads it (tuples become lists...)."""
    return json.loads(json.dumps(obj))


# -- the host: the referee ------------------------------------------------------------
def _own_moves(state, seat: int) -> list[str]:
    """``seat``'s moves now, as its own table writes them (a tournament
    writes a move at a table that is not the one asked first
    ``@t<table> <move>``; the same move, once that table is asked first,
    has no prefix)."""
    return sorted(state.own_text(m.text) for m in state.legal_moves_for(seat))


def table_holds(state, table: int) -> list[int]:
    """The participants seated at ``table`` of a tournament now, by seat
    (``State.seated_at``); [] for a game without tables or no such table."""
    return state.seated_at(table) if 0 <= table < state.table_count() else []


def table_count(state) -> int:
    """How many tables a tournament has (0 for another game)."""
    return state.table_count()


def table_label(table: int) -> str:
    """A table's name as the tournament writes it (``Table 1``...)."""
    return str(table + 1)


class Device:
    """A device the host plays with: its seats (none: a spectator showing
    the public view), or a tournament's table (``table``: its index; the
    device then holds whoever is seated at that table now, see
    :meth:`Referee.holds`), and what it was sent so far."""

    def __init__(self, did: str, seats: list[int], name: str = "", table: int | None = None) -> None:
        self.id = did
        self.seats = sorted(seats)
        self.table = table
        self.name = name or (f"table {table_label(table)}" if table is not None else did)
        self.connected = False
        self.lang = "en"
        self.sent_lines = 0  # move-list lines the device has
        self.sent_version = 0  # the session version they were written at
        self.sent_serial = 0
        self.done: dict[str, int] = {}  # move id -> ply after it (a move sent twice is played once)
        self.bucket = Bucket()  # its messages' allowance
        self.over = 0  # messages past the allowance since its last allowed one
        self.cut = False  # dropped for flooding the host: nothing it sends is read until it pairs again
        self.whole_at: float | None = None  # when a hello was last answered with the whole position


class Referee:
    """The host's side: the devices, the pairing codes it issued (each
    works once), and every guest message checked before the controller
    plays it. Returns the messages to send as ``(device, text)`` pairs; the
    page sends them (``club_page.py``)."""

    def __init__(self, ctl, plan: dict[str, list[int]], names: dict[str, str] | None = None,
                 tables: dict[str, int] | None = None, clock=time.monotonic) -> None:
        self.ctl = ctl
        self.clock = clock  # seconds, for each device's allowance of messages
        tables = tables or {}
        self.devices = {did: Device(did, [] if did in tables else seats, (names or {}).get(did, ""), tables.get(did))
                        for did, seats in plan.items()}
        for did, ti in tables.items():
            if did not in self.devices:
                self.devices[did] = Device(did, [], (names or {}).get(did, ""), ti)
        self.pending: dict[str, str] = {}  # nonce -> device, codes shown and not yet used
        self.used: set[str] = set()  # codes used, and codes replaced by a newer one for their device
        self.to_close: list[str] = []  # devices dropped for flooding the host, for the page to disconnect
        self.log: list[str] = []
        self._answer: list | None = None  # [device, move id, sent] while a guest's move is played

    @property
    def game_id(self) -> str:
        return self.ctl.save_id or ""

    def _live(self):
        s = self.ctl.session
        return None if s is None else s.state_at(s.total)

    def holds(self, dev: Device, state=None) -> list[int]:
        """The seats ``dev`` holds now: its own, or for a table device the
        participants seated at its table at the game's last move (the
        computer's seats stay on the host)."""
        if dev.table is None:
            return list(dev.seats)
        state = state if state is not None else self._live()
        if state is None:
            return []
        computers = self.ctl.computer_seats()
        return [p for p in table_holds(state, dev.table) if p not in computers]

    def seat_devices(self) -> dict[int, str]:
        """The seats played on other devices now, each with its device's id
        (the host never passes its screen to them); a table device's change
        as participants move."""
        st = self._live()
        return {s: d.id for d in self.devices.values() for s in self.holds(d, st)}

    def away(self) -> frozenset[int]:
        """The seats played on other devices now."""
        return frozenset(self.seat_devices())

    def refresh(self, settle: bool = False) -> None:
        """The host's controller told which seats are away now (a move may
        have seated a participant at another table); ``settle``: one person
        left at the host holds it."""
        self.ctl.seat_devices(self.seat_devices(), settle=settle)

    def holder_of(self, seat: int) -> Device | None:
        st = self._live()
        return next((d for d in self.devices.values() if seat in self.holds(d, st)), None)

    # -- pairing
    def new_nonce(self, did: str) -> str:
        """A new code's nonce for ``did``; the code shown before for it, if
        any, no longer pairs ("New code")."""
        if did not in self.devices:
            raise Refused("unknown", f"no device {did!r} in this game")
        self._revoke(did)
        nonce = secrets.token_urlsafe(9)
        self.pending[nonce] = did
        return nonce

    def _revoke(self, did: str) -> None:
        """The codes shown for ``did`` and not used pair no more."""
        for old in [n for n, d in self.pending.items() if d == did]:
            del self.pending[old]
            self.used.add(old)

    def accept_answer(self, nonce: str) -> str:
        """The device a guest's answer code pairs (the code's nonce is then
        spent: a code works once; a code replaced by a newer one, or made
        for a device that is connected, pairs nothing)."""
        if nonce in self.used:
            raise Refused("used", "this code was already used or replaced by a newer one: use the code shown now")
        did = self.pending.pop(nonce, None)
        if did is None:
            raise Refused("code", "this code was not made for this game")
        self.used.add(nonce)
        dev = self.devices[did]
        if dev.connected:
            raise Refused("busy", f"{dev.name} is connected: its code pairs no other device")
        dev.whole_at = None  # a new pairing: its hello gets the whole position
        dev.cut, dev.over, dev.bucket = False, 0, Bucket()  # and its allowance whole
        return did

    def take_cut(self) -> list[str]:
        """The devices dropped for sending too many messages since last
        asked: the page closes their connections."""
        out, self.to_close = self.to_close, []
        return out

    # -- messages from a guest
    def receive(self, did: str, raw) -> list[tuple[str, str]]:
        """A guest's message: its answer (and the news for every device)."""
        dev = self.devices.get(did)
        if dev is None or dev.cut:
            return []
        if not dev.bucket.take(self.clock()):
            return self._over(dev)
        dev.over = 0
        try:
            msg = parse(raw, GUEST_MESSAGES)
            if msg["t"] == "hello":
                return self.hello(dev, msg)
            return self.move(dev, msg)
        except Refused as r:
            mid = None
            try:  # the move's id, for a message that was read (one too heavy or not JSON has none)
                obj = json.loads(raw) if r.code not in ("size", "json") and isinstance(raw, str) else None
                mid = obj.get("id") if isinstance(obj, dict) and isinstance(obj.get("id"), int) else None
            except (ValueError, RecursionError):
                pass
            self.log.append(f"{dev.name}: refused ({r.code}) {r.text}")
            return [(did, message("error", code=r.code, text=r.text, id=mid))]

    def _over(self, dev: Device) -> list[tuple[str, str]]:
        """A message past ``dev``'s allowance, left unread: the first is
        answered with a warning, the next ones with nothing; past
        :data:`OVER` of them the device is dropped."""
        dev.over += 1
        if dev.over == 1:
            text = f"too many messages (at most {BURST} at once, then {RATE:g} a second): this one was not read"
            self.log.append(f"{dev.name}: refused (rate) {text}")
            return [(dev.id, message("error", code="rate", text=text, id=None))]
        if dev.over > OVER:
            self.log.append(f"{dev.name}: dropped: it sent too many messages")
            self.dropped(dev.id)
            dev.over = 0
            dev.cut = True
            self.to_close.append(dev.id)
        return []

    def hello(self, dev: Device, msg: dict) -> list[tuple[str, str]]:
        if msg.get("schema") != STATE_SCHEMA:  # a guest of another Plateau: it would misread the positions
            said = msg.get("schema") if isinstance(msg.get("schema"), int) else "?"
            raise Refused("version", f"this device reads positions in form {said} and the host writes "
                                     f"form {STATE_SCHEMA}.")
        lang = msg.get("lang")
        now = self.clock()
        if dev.connected and dev.whole_at is not None and now - dev.whole_at < HELLO_EVERY:
            return [(dev.id, self._welcome(dev))]  # the position is on its way: a hello again gets no second one
        self._revoke(dev.id)  # paired: a code shown for it before pairs no other device
        dev.whole_at = now
        dev.lang = lang if lang in ("fr", "en") else "en"
        dev.connected = True
        return self.welcome(dev)

    def _welcome(self, dev: Device) -> str:
        s = self.ctl.session
        return message("welcome", device=dev.id, seats=self.holds(dev), game=self.game_id, gid=s.game.id,
                       table=dev.table)

    def welcome(self, dev: Device) -> list[tuple[str, str]]:
        """The game for ``dev`` from the start: whom it plays, then the whole position."""
        dev.sent_lines = 0
        dev.sent_serial = 0
        return [(dev.id, self._welcome(dev)), (dev.id, self.state_for(dev))]

    def move(self, dev: Device, msg: dict) -> list[tuple[str, str]]:
        from .controller import MoveRefused, device

        seat = _int(msg, "seat", 0, 99)
        ply = _int(msg, "ply")
        mid = _int(msg, "id", 0, 2 ** 53)
        text = msg.get("move")
        if not isinstance(text, str) or not 0 < len(text) <= 400:
            raise Refused("field", "'move' must be a move's text")
        if str(mid) in dev.done:  # sent again after a reconnection: played once
            return [(dev.id, message("ack", id=mid, ply=dev.done[str(mid)]))]
        s = self.ctl.session
        live = s.state_at(s.total)
        if seat not in self.holds(dev, live):
            where = self.holder_of(seat)
            raise Refused("seat", f"this device does not hold seat {seat}"
                          + (f" ({where.name} does now)" if where is not None and where is not dev else ""))
        if seat not in live.movers():
            raise Refused("seat", f"seat {seat} may not move now")
        if s.ply != s.total:
            raise Refused("busy", "the host is looking at an earlier move")
        if ply != s.total and not self.still_valid(dev, seat, ply, live):
            raise Refused("stale", f"the game is at move {s.total}, not {ply}")
        self.refresh()
        self._answer = [dev.id, mid, False]  # acknowledged by broadcast() when the page sends the news at once
        try:
            self.ctl.submit(text, source=device(dev.id), seat=seat)
        except MoveRefused as err:
            raise Refused("seat" if err.code == "seat" else "illegal", err.text or err.code) from None
        finally:
            answered = self._answer[2]
            self._answer = None
            self.refresh()
        dev.done[str(mid)] = s.total
        dev.bucket.give_back()
        # the devices' log is read by anyone at the host: the move as the room may read it, its author
        # the player who made it (a table playing while another is asked first names its own player)
        self.log.append(f"{dev.name}: {self._line(s.total - 1, text)}")
        return [] if answered else [(dev.id, message("ack", id=mid, ply=s.total))]

    def still_valid(self, dev: Device, seat: int, ply: int, live) -> bool:
        """A move chosen at an earlier ``ply`` still stands: only moves of
        other players came since (a tournament's other tables, which play
        at the same time: two tables' devices that send at once are not
        refused for it), none of them sent by this device, and ``seat`` may
        make the same moves now as then (the same choice: nothing that
        concerns it changed). Otherwise it is stale."""
        s = self.ctl.session
        if not 0 <= ply < s.total or any(ply < after <= s.total for after in dev.done.values()):
            return False
        before = s.state_at(ply)
        return seat in before.movers() and _own_moves(before, seat) == _own_moves(live, seat)

    def _line(self, i: int, text: str) -> str:
        s = self.ctl.session
        try:
            return s.move_line(i, PUBLIC, self.ctl.lang())
        except Exception:  # noqa: BLE001 — a game whose words fail still logs the move, as public text
            return s.game.public_move_text(text, False)

    # -- what each device is sent
    def state_for(self, dev: Device) -> str:
        """The position as ``dev``'s players may see it: the views of its
        seats (the public view for a spectator), never the record, the seed
        nor another seat's view; the move list's new lines written for its
        viewers."""
        s = self.ctl.session
        st = s.state_at(s.total)
        held = self.holds(dev, st)
        viewers = list(held) or [PUBLIC]
        same = dev.sent_serial == s.serial
        start = min(dev.sent_lines, s.unchanged_since(dev.sent_version)) if same else 0
        lines = {str(v): [s.move_line(i, v, dev.lang) for i in range(start, s.total)] for v in viewers}
        out = message("state", schema=STATE_SCHEMA, rev=s.game.revision, game=self.game_id, gid=s.game.id,
                      ply=s.total, players=list(s.record.players),
                      seats=held, to_play=None if st.is_over() else st.to_play, over=st.is_over(),
                      movers=[] if st.is_over() else list(st.movers()), table=dev.table,
                      views={str(v): _json(st.view(v)) for v in viewers}, start=start, lines=lines,
                      away=sorted(set(range(len(s.record.players))) - set(held)))
        dev.sent_lines, dev.sent_version, dev.sent_serial = s.total, s.version, s.serial
        return out

    def broadcast(self) -> list[tuple[str, str]]:
        """The new position for every connected device; while a guest's move
        is being played, its ``ack`` first (the guest knows its move is in
        before the position after it arrives, and draws that position once,
        ready for its next move)."""
        out = []
        s = self.ctl.session
        if self._answer is not None and not self._answer[2] and s is not None:
            did, mid, _ = self._answer
            self._answer[2] = True
            out.append((did, message("ack", id=mid, ply=s.total)))
        return out + [(d.id, self.state_for(d)) for d in self.devices.values() if d.connected]

    def dropped(self, did: str) -> None:
        dev = self.devices.get(did)
        if dev is not None and dev.connected:
            dev.connected = False
            self.log.append(f"{dev.name}: disconnected")

    def next_game(self, ctl, moved: dict[int, int]) -> Referee:
        """The same devices, still paired, for the next game on this host (a
        rematch, a new game of the same people): each device's seats follow
        its people (``moved``: a seat of this game -> that person's seat in
        the next), a table's device stays that table's. The connected
        devices are then sent the new game (:meth:`welcome_all`)."""
        devs = list(self.devices.values())
        nxt = Referee(ctl, {d.id: [moved[s] for s in d.seats if s in moved] for d in devs},
                      {d.id: d.name for d in devs}, {d.id: d.table for d in devs if d.table is not None},
                      clock=self.clock)
        for d in devs:
            nxt.devices[d.id].connected, nxt.devices[d.id].lang = d.connected, d.lang
        nxt.log = self.log[-20:] + ["a new game: every device stays paired, its seats follow its players"]
        return nxt

    def welcome_all(self) -> list[tuple[str, str]]:
        return [m for d in self.devices.values() if d.connected for m in self.welcome(d)]

    def plan(self) -> dict:
        """What the host keeps with the saved game (a reload brings the
        devices back): each device's seats and name."""
        return {d.id: ({"seats": d.seats, "name": d.name} if d.table is None
                       else {"seats": [], "name": d.name, "table": d.table}) for d in self.devices.values()}


def people_moved(before: list[str], after: list[str]) -> dict[int, int] | None:
    """Each seat of a game -> the seat of the same person (by name) in the
    next game; None when the next game is not of the same people (a name
    missing or added, or a name written twice: who is who is not known)."""
    if sorted(before) != sorted(after) or len(set(before)) != len(before):
        return None
    at = {name: i for i, name in enumerate(after)}
    return {i: at[name] for i, name in enumerate(before)}


# -- a guest: the position built from what it may see ------------------------------------
def build_state(gid: str, view: dict, seat, asked: bool = False) -> State:
    """A position consistent with ``view`` (``seat``'s or the public one),
    made by the game's ``from_view`` (a fixed seed: the hidden parts are
    drawn from what the view allows, and never shown to ``seat``).
    ``asked``: ``seat`` may move now though the game asks someone else
    first (a tournament's table that plays at the same time as another):
    the position is built as if ``seat`` were the one asked, through the
    game's ``as_asked``, so that it draws ``seat``'s
    table and lists ``seat``'s moves."""
    game = get_game(gid)
    det = game.from_view
    if asked and isinstance(seat, int):
        view = game.as_asked(view, seat)
    if not isinstance(seat, int):
        # a spectator: the position is built as seat 0's, whose hidden coins (Small World, the
        # tournament) a spectator does not know: any count serves, the board drawn for a
        # spectator never shows them
        if isinstance(view.get("coins"), list) and view["coins"] and view["coins"][0] is None:
            view = dict(view, coins=[0 if c is None else c for c in view["coins"]])
        return det(view, 0, Rng(1))
    return det(view, seat, Rng(1))


class ViewPositions:
    """A guest's positions: the live one only, built from the views its
    seats received from the host (one per seat this device holds, or the
    public one); the moves before it are known by their lines in the move
    list, written by the host for this device's players. A guest's
    :class:`Session` reads them as a hot-seat game reads its record's
    (``web/session.py``, ``RecordPositions``); it plays nothing itself:
    its moves go to the host."""

    finished = False  # the host reviews the game with everything shown; a guest keeps its own eyes

    def __init__(self, msg: dict, lines: dict | None = None, serial: int = 0, edits: list | None = None) -> None:
        gid = msg["gid"]
        game = get_game(gid)
        if game is None:
            raise Refused("field", f"unknown game {gid!r}")
        self.game = game
        self.seats = [int(s) for s in msg["seats"]]
        #: the players who may move now (a tournament: one at each table playing, and a seat
        #: chooser), the one the game asks first leading; this device plays for those it holds
        self.movers = [int(p) for p in msg.get("movers") or []]
        self.mover = next((p for p in self.movers if p in self.seats), None)
        self.states: dict = {}
        for key, view in msg["views"].items():
            seat = int(key) if key.isdigit() else PUBLIC
            self.states[seat] = build_state(gid, view, seat, asked=seat in self.movers)
        #: whose view the position shown is built from
        self.eyes = self.seats[0] if self.seats else PUBLIC
        first = self.states[self.eyes]
        n = int(msg["ply"])
        self.first = self.opening = n
        self.record = Record(gid, dict(getattr(first, "options", None) or {}), 0, list(msg["players"]),
                             ["?"] * n)
        self.hidden = first.hidden_info()
        #: the seats played on no device here (the host's ``away``)
        self.elsewhere = [int(s) for s in msg.get("away", [])]
        self._lines = lines if isinstance(lines, dict) else {}
        #: the guest's game and the states received: the move list keeps the lines that did not change
        self.serial = serial
        self._edits = list(edits or [])
        self.version = self._edits[-1][0] if self._edits else 0

    @property
    def total(self) -> int:
        return self.first

    def state_at(self, ply: int) -> State:
        return self.states[self.eyes]

    def peek(self, ply: int) -> State:
        return self.states[self.eyes]

    def unchanged_since(self, version: int) -> int:
        return min([ply for v, ply in self._edits if v > version], default=self.total)

    def positions_ahead(self):
        return iter(())  # one position: nothing to keep ahead

    def last_move(self, ply: int):
        return None

    def earlier_views(self, ply: int, player: int, count: int) -> list[dict]:
        return []

    def move_line(self, i: int, viewer, lang: str) -> str:
        key = str(viewer if viewer in self._lines or str(viewer) in self._lines else self.eyes)
        lines = self._lines.get(key) or next(iter(self._lines.values()), [])
        return lines[i] if 0 <= i < len(lines) else ""

    def move_label(self, i: int, viewer, lang: str) -> str:
        return self.move_line(i, viewer, lang)

    def line_of(self, ply: int, text: str, viewer, lang: str) -> str:
        return ""  # a guest replaces no moves

    def words_ahead(self, viewer, lang: str, step: int = 24):
        return iter(())  # the lines came written

    def choose_mover(self, holder) -> None:
        """Several players this device holds may move now: the one holding
        the device goes on (the others wait behind the pass screen)."""
        if holder in self.movers and holder in self.seats:
            self.mover = holder

    def look_as(self, holder) -> bool:
        """Build the position shown from ``holder``'s view, when this device
        holds that seat; whether the eyes changed."""
        eyes = holder if holder in self.states else (self.seats[0] if self.seats else PUBLIC)
        if eyes == self.eyes:
            return False
        self.eyes = eyes
        return True

    def append(self, played, state) -> None:
        raise RuntimeError("a guest device plays its moves on the host")

    def extend(self, ply: int, texts, labels=()) -> None:
        raise RuntimeError("a guest device plays its moves on the host")

    def truncate(self, ply: int) -> None:
        raise RuntimeError("a guest device plays its moves on the host")

    def snapshot(self, ply) -> Record:
        raise RuntimeError("a guest device holds no record")


def guest_session(msg: dict, lines: dict | None = None, serial: int = 0, edits: list | None = None) -> Session:
    """A guest's game: a :class:`Session` over the views the host sent (:class:`ViewPositions`)."""
    positions = ViewPositions(msg, lines, serial, edits)
    session = Session(positions)
    session.set_elsewhere(positions.elsewhere)
    return session


class Guest:
    """A guest's side: the messages from the host checked, the session
    built from them, the moves of its seats sent with their ply and an id
    (acknowledged by the host: a move is played once)."""

    def __init__(self) -> None:
        self.device = ""
        self.game = ""
        self.table: int | None = None
        self.seats: list[int] = []
        self.lines: dict[str, list[str]] = {}
        self.session: Session | None = None
        self.pending: dict | None = None  # the move sent and not yet acknowledged
        self.acked = 0  # the game's move count after the last move of ours the host acknowledged
        # move ids start anywhere: a reloaded guest's first move is not taken for one it sent before
        self.next_id = secrets.randbits(40)
        self.errors: list[tuple[str, str]] = []
        self.serial = next(_SERIALS)
        self.edits: list[tuple[int, int]] = []  # (state received, first line that changed then)
        self.previous: Session | None = None  # the session of the state received before the last one
        self.parts = Parts(MAX_HOST_MESSAGE)  # a message coming in frames

    def receive(self, raw) -> str:
        """A host's message or frame; returns its type (``state``: a new
        session; ``part``: a frame of a message not complete yet)."""
        msg = parse(raw, HOST_MESSAGES | {"part"}, limit=MAX_HOST_MESSAGE)
        if msg["t"] == "part":
            whole = self.parts.add(msg)
            if whole is None:
                return "part"
            msg = parse(whole, HOST_MESSAGES, limit=MAX_HOST_MESSAGE)
        t = msg["t"]
        if t == "welcome":
            self.pending = None  # paired again: a move sent before is in the game or not, and the state says which
            self.device = str(msg.get("device", ""))
            self.seats = [int(s) for s in msg.get("seats", [])]
            self.table = msg["table"] if isinstance(msg.get("table"), int) else None
            if msg.get("game") != self.game:
                self.lines = {}
                self.serial, self.edits = next(_SERIALS), []
            self.game = str(msg.get("game", ""))
        elif t == "state":
            check_state(msg)
            start = msg["start"]
            for key, new in (msg.get("lines") or {}).items():
                self.lines[key] = self.lines.get(key, [])[:start] + [str(x) for x in new]
            self.edits.append((len(self.edits) + 1, start))
            # a table device's seats change as participants move between tables
            self.seats = [int(x) for x in msg.get("seats", self.seats)]
            if msg.get("table") is not None:
                self.table = int(msg["table"])
            # a move sent stays pending until the host answers it (its ack or error always follows):
            # another table's move may come first, and this device must not send a second one meanwhile
            self.previous = self.session
            self.session = guest_session(msg, self.lines, self.serial, self.edits)
        elif t == "ack":
            if self.pending is not None and msg.get("id") == self.pending["id"]:
                self.pending = None
            self.acked = msg["ply"] if isinstance(msg.get("ply"), int) else 0
        elif t == "error":
            if self.pending is not None and msg.get("id") == self.pending["id"]:
                self.pending = None
            self.errors.append((str(msg.get("code", "")), str(msg.get("text", ""))))
        return t

    def board_view(self, shown: str, lang: str) -> str:
        """The view a table's device shows (``shown``: the one shown now):
        the board asked first is another table's while nobody seated here
        may move, so the device looks at its own table's view instead
        (unless its player chose another); once someone seated here may move,
        the board they play on."""
        s = self.session
        if self.table is None or s is None:
            return shown
        own = s.game.group_view(self.table)
        if s.positions.mover is not None:
            return "" if shown == own else shown
        if shown == "" and own in [v for v, _ in s.game.views(s.state, lang)[1:]]:
            return own
        return shown

    def turn_gains(self, lang: str) -> list[str]:
        """What the participants this device holds scored between the state
        received before and the last one (``Game.turn_gain``, each from their
        own view: "+7: 5 regions…"), said on their own device; [] when
        nothing was scored or the game says no gains."""
        old, new = self.previous, self.session
        if old is None or new is None or not new.game.says_turn_gain or old.game is not new.game:
            return []
        out = []
        for seat in self.seats:
            before, after = old.positions.states.get(seat), new.positions.states.get(seat)
            if before is None or after is None:
                continue
            try:
                text = new.game.turn_gain(before, after, seat, lang)
            except (KeyError, IndexError, TypeError, ValueError):  # positions too far apart to compare
                text = ""
            if text:
                out.append(text)
        return out

    def hello(self, lang: str) -> str:
        return message("hello", lang=lang, game=self.game, schema=STATE_SCHEMA)

    def move(self, text: str, seat: int) -> str:
        """The message that asks the host to play ``text`` for ``seat``."""
        if self.session is None:
            raise Refused("busy", "not connected to the host")
        if seat not in self.seats:
            raise Refused("seat", f"this device does not hold seat {seat}")
        mid = self.next_id
        self.next_id += 1
        self.pending = {"id": mid, "ply": self.session.total, "move": text, "seat": seat}
        return message("move", seat=seat, move=text, ply=self.session.total, id=mid)
