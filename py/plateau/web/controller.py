"""The game on the page: one controller that owns the session, who holds the
device, the saved entry, and every move whatever its source.

Pure Python (no browser): screens are views that draw from it and call its
methods; the computer is a player that listens to it and proposes moves
through the same :meth:`PlayController.submit` as a click does; tests drive
it natively over a :class:`~plateau.web.store.MemoryStore`.

A change is told to the listeners (:meth:`PlayController.subscribe`) as a
:class:`Change`, in the order they subscribed: the play screen first (it
draws), then the players that wait for their turn (the computer).
"""

from __future__ import annotations

import importlib
import importlib.util
import secrets
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Callable, Mapping

from plateau.core.game import SEATS_OPTION, Move
from plateau.core.i18n import pick
from plateau.core.record import Record, RecordError
from plateau.core.registry import get_game

from .session import Session
from .store import GAME, Store, StoreConflict, StoreFull, StoreUnavailable, extends

LEVELS = ("easy", "normal", "hard")

@dataclass(frozen=True)
class Source:
    """Where a move comes from: this device's pointer (``click``) or
    ``keyboard``, the ``computer`` (its level, when known) or another
    ``device`` (its id, when known; its seat is checked).

    >>> str(device("b")), str(CLICK), computer("hard").kind, device("b").remote
    ('device:b', 'click', 'computer', True)
    """

    kind: str
    of: str = ""  # the computer's level, the device's id

    def __str__(self) -> str:
        return f"{self.kind}:{self.of}" if self.of else self.kind

    @property
    def remote(self) -> bool:
        """A move made on another device."""
        return self.kind == "device"


def computer(level: str = "") -> Source:
    return Source("computer", level)


def device(did: str = "") -> Source:
    return Source("device", did)


#: this device's pointer and keyboard, the computer, another device (unnamed)
CLICK, KEYBOARD, COMPUTER, REMOTE = Source("click"), Source("keyboard"), computer(), device()


def has_computer(gid: str) -> bool:
    """Whether the game has computer-player hooks (without importing them)."""
    try:
        return importlib.util.find_spec(f"plateau.games.{gid}.ai") is not None
    except (ImportError, ValueError):
        return False


def seats_of(options: dict, n_players: int) -> dict[int, str]:
    """The computer seats recorded in ``options`` as ``"1:normal,2:easy"``
    (a plain string: record options hold scalars); bad entries ignored."""
    raw = options.get(SEATS_OPTION) if isinstance(options, dict) else None
    out: dict[int, str] = {}
    if isinstance(raw, str):
        for part in raw.split(","):
            seat, _, level = part.strip().partition(":")
            if seat.isdigit() and int(seat) < n_players and level in LEVELS:
                out[int(seat)] = level
    return out


def seats_option(seats: dict[int, str]) -> str:
    return ",".join(f"{k}:{v}" for k, v in sorted(seats.items()))


def _frozen(d: Mapping[int, str]) -> Mapping[int, str]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Seating:
    """Who plays each seat of the game on the page, and from where.

    A seat is played by a person at this device unless the computer plays
    it (``computers``: seat -> level, from the record), another device does
    (``devices``: on the host of club mode, seat -> that device's id), or
    this device is a guest (``host``: where its moves go, as
    ``host(text, seat)``; the host plays them, and ``held`` are the seats
    it holds). ``waiting``: a guest whose
    move has not been answered yet, or that lost its host. The controller
    alone makes and changes it (:meth:`PlayController.seating`); who is
    away, the seats the computer plays, the pass-screen rule, the seats
    :meth:`PlayController.submit` accepts and where a move goes are read
    from it.

    >>> s = Seating(computers={1: "easy"}, devices={2: "b"})
    >>> sorted(s.away), sorted(s.elsewhere), s.people(4), s.kind(2)
    ([2], [1, 2], [0, 3], 'device:b')
    >>> s.kind(1), s.kind(0), Seating(host=print).kind(0)
    ('computer:easy', 'here', 'host')
    """

    computers: Mapping[int, str] = field(default_factory=dict)
    devices: Mapping[int, str] = field(default_factory=dict)
    host: Callable[[str, int], None] | None = field(default=None, compare=False)
    waiting: bool = False
    #: a guest's seats: the ones this device holds (the host sent their views)
    held: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "computers", _frozen(self.computers))
        object.__setattr__(self, "devices", _frozen(self.devices))
        object.__setattr__(self, "held", tuple(self.held))

    @property
    def away(self) -> frozenset[int]:
        """The seats other devices play (club mode, on the host)."""
        return frozenset(self.devices)

    @property
    def elsewhere(self) -> frozenset[int]:
        """The seats whose moves no person at this device makes: the
        computer's and the other devices' (the device never passes to them)."""
        return frozenset(self.computers) | self.away

    def people(self, n_players: int) -> list[int]:
        """The seats of the people at this device."""
        return [p for p in range(n_players) if p not in self.elsewhere]

    def kind(self, seat: int) -> str:
        """Who plays ``seat``, in words: ``here``, ``computer:<level>``,
        ``device:<id>`` or ``host`` (a guest's seats: played here, moved by the host)."""
        if seat in self.computers:
            return f"computer:{self.computers[seat]}"
        if seat in self.devices:
            return f"device:{self.devices[seat]}"
        return "host" if self.host is not None else "here"


class MoveRefused(Exception):
    """A move submitted that may not be played now; ``code`` says why:
    ``no-game``, ``over``, ``seat`` (not that seat's turn, or a seat the
    computer plays), ``hidden`` (this device may not play it now: view-only,
    or the player to move has not taken the device), ``illegal``."""

    def __init__(self, code: str, text: str = "") -> None:
        super().__init__(f"{code}: {text}" if text else code)
        self.code = code
        self.text = text


@dataclass
class Change:
    """What changed, told to the listeners.

    ``kind``: ``open`` (another game or record on the page), ``shown`` (the
    board was drawn anew: whoever waits for the position may act), ``move``
    (``played`` by ``source``; ``quiet``: computers play on and the board is
    drawn later), ``nav`` (another ply shown), ``reveal`` (the player to move
    took the device), ``restore`` (replaced moves brought back), ``follow``
    (another tab's moves taken), ``save`` (saving: ``problem`` is ``new``,
    ``conflict``, ``quota``, ``storage``, ``link`` (keep ``record`` in the
    address) or ``again``)."""

    kind: str
    played: Move | None = None
    source: Source | None = None
    quiet: bool = False
    problem: str = ""
    record: Record | None = None
    stored: object = None


class PlayController:
    """The session on the page and everything that changes it."""

    def __init__(self, store: Store, lang: Callable[[], str] = lambda: "en", embed: bool = False,
                 view_only: bool = False) -> None:
        self.store = store
        self.lang = lang  # the page's language now (names of new saved entries, the move list's words)
        self.embed = embed  # a board in another site: nothing is saved
        self.view_only = view_only  # an embed that shows, never plays
        self.session: Session | None = None
        #: hot-seat: the player known to hold the device (see Session.viewer);
        #: written here only
        self._holder: int | None = None
        self.save_id: str | None = None
        self.save_name = ""
        self.save_rev: int | None = None  # revision of the saved entry this tab last read or wrote
        self.save_trouble = ""  # "quota" / "storage" / "conflict" while the game on screen is not saved
        #: who plays each seat, and from where (written here only: :meth:`seat`)
        self._seating = Seating()
        self._listeners: list[Callable[[Change], None]] = []

    # -- listeners --------------------------------------------------------------
    def subscribe(self, fn: Callable[[Change], None], first: bool = False) -> None:
        """``fn(change)`` at every change; ``first``: before the listeners
        already there (club mode: the other devices get a move before this
        page draws it)."""
        if first:
            self._listeners.insert(0, fn)
        else:
            self._listeners.append(fn)

    def notify(self, change: Change | str) -> None:
        if isinstance(change, str):
            change = Change(change)
        for fn in list(self._listeners):
            fn(change)

    # -- who plays --------------------------------------------------------------------
    @property
    def seating(self) -> Seating:
        """Who plays each seat, and from where."""
        return self._seating

    @property
    def holder(self) -> int | None:
        """The player known to hold the device (see Session.viewer)."""
        return self._holder

    @property
    def away(self) -> frozenset[int]:
        """Club mode, hosting: the seats played on other devices (the device
        never passes to them; their moves come through submit with their seat)."""
        return self._seating.away

    @property
    def relay(self) -> Callable[[str, int], None] | None:
        """Club mode, a guest: ``relay(text, seat)`` sends this device's moves
        to the host, which plays them (nothing is played nor saved here)."""
        return self._seating.host

    @property
    def waiting(self) -> bool:
        """Club mode, a guest: until the host answers (or while it is gone)."""
        return self._seating.waiting

    def _seat(self, seating: Seating, tell_session: bool = False) -> None:
        """The seating is now ``seating``; ``tell_session``: the session
        learns which seats no person here plays (a guest's session has that
        from the host). The listeners are told (``seating``) when it changed."""
        changed = seating != self._seating or seating.host is not self._seating.host
        self._seating = seating
        if tell_session and self.session is not None:
            self.session.set_elsewhere(seating.elsewhere, seating.away)
        if changed:
            self.notify("seating")

    def _seating_of(self, session) -> Seating:
        """The seating for ``session`` newly on the page: its record's computers, the rest kept."""
        computers = seats_of(session.record.options, len(session.record.players)) if session is not None else {}
        return replace(self._seating, computers=computers)

    def seat_devices(self, devices: Mapping[int, str], settle: bool = False) -> None:
        """Club mode, hosting: the seats other devices play now (seat ->
        device id; none: the game is played here alone again). ``settle``:
        with devices, one person left here holds the device."""
        self._seat(replace(self._seating, devices=devices), tell_session=True)
        if settle and self.session is not None and self.away:
            people = self.people()
            if len(people) == 1:
                self._holder = people[0]

    def devices_gone(self) -> None:
        """Club mode ended on the host: every seat is played here again, and
        whoever decides says it is them (or the one person against computers)."""
        self.seat_devices({})
        self._holder = None
        self.settle_holder()

    def join_host(self, relay: Callable[[str, int], None]) -> None:
        """Club mode, a guest: this device's moves go to the host through ``relay``."""
        self._seat(replace(self._seating, host=relay))

    def wait_for_host(self, waiting: bool = True) -> None:
        """Club mode, a guest: no move may be made here until the host
        answers (a move sent, the host gone), or again one may."""
        self._seat(replace(self._seating, waiting=waiting))

    def computer_seats(self) -> dict[int, str]:
        if self.session is None:
            return {}
        return dict(self._seating.computers)

    def computer_movers(self) -> list[int]:
        """The computer's seats that move now at the live position, the one
        to move first leading. On one device, the seat the game asks
        (:meth:`Session.decider`), as ever: the person at the device and the
        computers take turns on one screen, each computer move shown on the
        board being played, in the record's usual order. In club mode
        (:attr:`away`: seats played on other devices), every computer seat
        among the players who may move now (``State.movers``: a
        tournament's tables at the same time), so that a table of computers
        never waits for a person at another table."""
        s = self.session
        if s is None or s.ply != s.total:
            return []
        d = s.decider()
        seats = self.computer_seats()
        if d is None:
            return []
        if not self.away:
            return [d] if d in seats else []
        return [p for p in s.state.movers() if p in seats]

    def thinking_view(self, player: int) -> dict:
        """What the computer playing ``player`` thinks from: their own view
        of the live position; for a player who may move though the game asks
        someone else first, as if they were the one asked (the game's
        ``as_asked`` hook, when it has one: the tournament's table that
        waits for them)."""
        s = self.session
        st = s.state
        view = st.view(player)
        if player != st.to_play:
            view = s.game.as_asked(view, player)
        return view

    def people(self) -> list[int]:
        return self._seating.people(len(self.session.record.players)) if self.session else []

    def viewer(self, spectator: bool = False):
        """Whose eyes the page shows the game through (see Session.viewer)."""
        return self.session.viewer(self.holder, spectator=spectator or self.view_only)

    def interactive(self) -> bool:
        return not self.view_only and not self.waiting and self.session.may_play(self.holder)

    def must_pass(self) -> bool:
        return not self.view_only and self.session.must_pass(self.holder)

    def settle_holder(self) -> None:
        """Nobody identified yet: one person against computers holds the
        device; otherwise it goes to the player to move if they have nothing
        to hide (never at an earlier move: what a player knew then is less
        than what they know now)."""
        s = self.session
        if self.holder is not None or s is None:
            return
        people = self.people()
        if self.computer_seats() and len(people) == 1:
            self._holder = people[0]
        elif s.ply == s.total:
            self._holder = s.holder_after_move(None)

    # -- opening a game -----------------------------------------------------------
    def open(self, session: Session, save_id: str | None = None, save_name: str = "",
             save_rev: int | None = None) -> None:
        """Put ``session`` on the page (a saved game, a link, a new game)."""
        self.session = session
        self.save_id, self.save_name, self.save_rev = save_id, save_name, save_rev
        self.save_trouble = ""
        self._holder = None
        self._seating = replace(self._seating_of(session), held=())  # a record: no host sent its seats
        session.set_elsewhere(self._seating.elsewhere, self._seating.away)
        people = self.people()
        if self._seating.elsewhere and len(people) == 1:
            self._holder = people[0]  # one person at the device: no pass screen ever
        self.notify("open")

    def new_game(self, gid: str, names: list[str] | None, options: dict | None, seed: int | None,
                 default_name: Callable[[int], str], seats: dict[int, str] | None = None,
                 save: bool = True) -> None:
        """A new game of ``gid`` (``names``: the game's own seat names, or
        ``default_name(n)``, when None); ``seats``: the ones the computer
        plays (in the record from its first save on)."""
        g = get_game(gid)
        lang = self.lang()
        if names is None:
            defaults = pick(g.seat_names, lang) if g.seat_names else []
            names = [defaults[i] if i < len(defaults) else default_name(i + 1) for i in range(g.min_players)]
        if seed is None:
            seed = secrets.randbits(48)
        record = Record(gid, g.full_options(options), seed, list(names), [])
        if seats:
            record.options[SEATS_OPTION] = seats_option(seats)
        if save:  # its saved id from the start: whoever hears of it (a host's devices) knows where it is kept
            self.open(Session(record), Store.new_id(), f"{g.name(lang)} — {', '.join(names)}"[:80])
            self.autosave()
        else:
            self.open(Session(record))

    def resume(self, entry: str) -> bool:
        """Open the saved game ``entry``; False when there is none. A
        record that does not replay raises (RecordError, ValueError...)."""
        sg = self.store.get(entry)
        if sg is None:
            return False
        self.open(Session(sg.record, self.lang()), entry, sg.name, sg.rev)
        return True

    # -- moves ------------------------------------------------------------------------
    def submit(self, text: str, source: Source = CLICK, seat: int | None = None,
               quiet: Callable[[], bool] | bool = False) -> Move:
        """Play ``text`` at the position shown, for ``seat`` when the move
        comes from elsewhere (the seat must be the one to move), and tell the
        listeners. ``quiet`` (computers playing on at the fast pace): asked
        once the move is played, whether the board may be drawn later.
        Raises :class:`MoveRefused`; nothing changes then."""
        s = self.session
        if s is None:
            raise MoveRefused("no-game")
        d = s.decider()
        if d is None:
            raise MoveRefused("over")
        if source.kind == "computer":
            if seat is not None and seat != d and seat in self.computer_movers():
                # club mode: a computer whose table plays while another table's player is asked first
                try:
                    played = s.play_as(seat, text)
                except Exception as err:
                    raise MoveRefused("illegal", str(err)) from None
                return self._played(played, source, quiet)
            if d not in s.computers or seat not in (None, d):
                raise MoveRefused("seat", f"seat {d} is not played by the computer")
        elif seat is not None:
            # several may move at once (a tournament's tables): any of them, each from where it is played
            movers = s.state.movers()
            if seat not in movers or seat in self.computer_seats() or source.remote \
                    and self.away and seat not in self.away:
                raise MoveRefused("seat", f"seat {seat} may not play now (seat {d} decides)")
            if seat != d and self.relay is None:
                try:
                    played = s.play_as(seat, text)
                except Exception as err:
                    raise MoveRefused("illegal", str(err)) from None
                return self._played(played, source, quiet)
        elif not self.interactive():
            raise MoveRefused("hidden", f"this device may not play for seat {d} now")
        if self.relay is not None:  # a guest: the host plays it (and answers with the position after it)
            move = next((m for m in s.legal() if m.text == text), None)
            if move is None:
                raise MoveRefused("illegal", f"{text!r} is not legal here")
            self.relay(text, d if seat is None else seat)
            s.clear_clicks()
            self.wait_for_host()
            return None
        try:
            played = s.play(text)
        except Exception as err:  # the engine's own reason, for the message
            raise MoveRefused("illegal", str(err)) from None
        self._forward_over_answers()
        return self._played(played, source, quiet)

    def _forward_over_answers(self) -> None:
        """The move played was the one the history held next (the session
        went forward to it, see ``Session.play``): against the computer, its
        answers held next come along too, as :meth:`undo` took them back with
        the move (as on Lichess: the same move again is no new line)."""
        s = self.session
        seats = self.computer_seats()
        if s.ply >= s.total or not seats or len(seats) == len(s.record.players):
            return
        while s.ply < s.total and s.to_play_at(s.ply) in seats:
            s.goto(s.ply + 1)

    def _played(self, played: Move, source: Source, quiet) -> Move:
        s = self.session
        self._holder = s.holder_after_move(self._holder)
        quiet = bool(quiet()) if callable(quiet) else bool(quiet)
        if not self.embed:
            self.autosave()
        self.notify(Change("move", played=played, source=source, quiet=quiet))
        return played

    def click(self, target: str, source: Source = CLICK) -> Move | None:
        """A click on ``target``: the move it completes is submitted; None
        when it only changed the move being built."""
        move = self.session.select(target)
        if move is None:
            return None
        return self.submit(move.text, source)

    def play_as_is(self, source: Source = CLICK) -> Move | None:
        done = self.session.complete_moves()
        if len(done) != 1:
            return None
        return self.submit(done[0].text, source)

    def clear_clicks(self) -> None:
        self.session.clear_clicks()

    # -- moving through the game ----------------------------------------------------
    def goto(self, ply: int) -> None:
        self.session.goto(ply)
        if self.save_id and not self.embed:
            self.autosave()
        self.notify("nav")

    def undo(self) -> None:
        """One move back; against the computer, back to the last position
        where a person decides (the computer's answer goes with one's move)."""
        s = self.session
        seats = self.computer_seats()
        if not seats or len(seats) == len(s.record.players):
            return self.goto(s.ply - 1)
        ply = s.ply - 1
        while ply > 0 and s.to_play_at(ply) in seats:
            ply -= 1
        self.goto(max(0, ply))

    def redo(self) -> None:
        self.goto(self.session.ply + 1)

    def open_remote(self, session) -> None:
        """A guest: the host's new position (club mode, ``web/club.py``).
        One seat on this device: its player holds it; several: the pass
        screen stands between them as in any game."""
        seats = list(session.positions.seats)
        old = self.session
        session.choose_mover(self.holder)  # whoever holds the device plays on, if they may move
        self.session = session
        self._seating = replace(self._seating_of(session), waiting=False, held=seats)
        if len(seats) == 1:
            self._holder = seats[0]
        elif old is None or self._holder not in seats:
            self._holder = None
        else:
            self._holder = session.holder_after_move(self._holder)
        session.look_as(self._holder if self._holder is not None else session.decider())
        self.notify("open" if old is None else "follow")

    def reveal(self) -> None:
        """The player who decides at the position shown says they hold the
        device. Nobody is the computer: its seat's hidden information stays
        hidden from the people at the device."""
        d = self.session.decider()
        if d is not None and d in self.session.computers:
            return
        self._holder = d
        self.session.look_as(d)  # a guest holding several seats: the position as d sees it
        self.notify("reveal")

    def held_by(self, player: int) -> None:
        """``player`` holds the device now (a guest's seat whose table plays
        on); the position is shown through their eyes."""
        self._holder = player
        self.session.look_as(player)
        self.notify("reveal")

    def restore_replaced(self) -> None:
        s = self.session
        if s.restore_replaced():
            self._holder = s.holder_after_move(self._holder)
            if not self.embed:
                self.autosave()
        self.notify("restore")

    # -- saving -----------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game on screen (a game from a link gets an entry)."""
        if self.session is None or self.embed or self.relay is not None:
            return
        if self.save_id is None:
            self.save_id, self.save_rev = Store.new_id(), None
            g = self.session.game
            self.save_name = f"{g.name(self.lang())} — {', '.join(self.session.record.players)}"[:80]
            self.notify(Change("save", problem="new"))
        self.save_tracked(self.session.snapshot())

    def save_tracked(self, rec: Record) -> None:
        """Save, never over newer moves of another tab; a trouble is told once."""
        try:
            self.save_rev = self.store.save(self.save_id, self.save_name, rec, self.session.state.is_over(),
                                            rev=self.save_rev)
        except StoreConflict as c:
            if self.save_trouble != "conflict":
                self.save_trouble = "conflict"
                self.notify(Change("save", problem="conflict", stored=c.stored))
            return
        except (StoreFull, StoreUnavailable) as err:
            self.notify(Change("save", problem="link", record=rec))
            trouble = "quota" if isinstance(err, StoreFull) else "storage"
            if self.save_trouble != trouble:
                self.save_trouble = trouble
                self.notify(Change("save", problem=trouble))
            return
        if self.save_trouble:
            self.save_trouble = ""
            self.notify(Change("save", problem="again"))
        self.store.set_setting("current", self.save_id)

    def save_copy(self, suffix: str) -> None:
        """Save the game on screen as a new entry (this tab's moves, when another tab's differ)."""
        self.save_id, self.save_rev, self.save_trouble = Store.new_id(), None, ""
        self.save_name = (self.save_name + " " + suffix)[:80]
        self.autosave()

    def entry_renamed(self, entry: str, name: str) -> None:
        if entry == self.save_id:
            self.save_name = name

    def entry_deleted(self, entry: str) -> None:
        """The saved entry of the game on screen was deleted: its next save makes a new one."""
        if entry == self.save_id:
            self.save_id = None

    def other_tab_saved(self, key: str, on_play: bool) -> tuple[str, int]:
        """Another tab changed storage at ``key``. Returns what this tab did
        and how many moves came: ``("", 0)`` nothing, ``("deleted", 0)``,
        ``("followed", n)`` (the other tab only added moves: they are taken)
        or ``("conflict", 0)`` (the player must choose)."""
        if self.save_id is None or self.session is None or key != GAME + self.save_id:
            return "", 0
        try:
            stored = self.store.get(self.save_id)
        except (ValueError, KeyError, TypeError, RecordError):
            return "", 0
        if stored is None:
            self.save_id, self.save_rev = None, None
            return "deleted", 0
        mine = self.session.record
        if stored.record == mine or stored.record.moves == mine.moves and extends(stored.record, mine):
            self.save_rev = stored.rev  # same moves (another tab only looked at another ply)
            return "", 0
        if on_play and extends(stored.record, mine) and not self.session.clicks:
            self.save_rev = stored.rev
            at_end = self.session.ply == self.session.total
            try:
                session = Session(stored.record, self.lang())
            except RecordError:
                return "", 0
            if not at_end:
                session.goto(self.session.ply)
            session.set_elsewhere(self.session.computers)
            self.session = session
            self._holder = None  # moves made elsewhere: whoever decides now says it is them
            self.notify("follow")
            return "followed", len(stored.record.moves) - len(mine.moves)
        if on_play:
            if self.save_trouble != "conflict":
                self.save_trouble = "conflict"
                self.notify(Change("save", problem="conflict", stored=stored))
            return "conflict", 0
        self.save_rev = stored.rev
        return "", 0
