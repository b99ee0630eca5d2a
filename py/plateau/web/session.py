"""One game being played or looked at: the positions along it (the record
replayed, :class:`RecordPositions`; a guest's views, ``web/club.py``), the
ply shown and the clicks of the move being built.

Pure Python (no browser): the app drives it, and tests drive it natively.
"""

from __future__ import annotations

import gc
import itertools

from plateau.core.game import PUBLIC, Move, RenderContext, State, must_pass_between
from plateau.core.record import Record, RecordError
from plateau.core.registry import get_game


#: a position is kept every this many plies (and the last one): any other is
#: rebuilt from the one kept before it by replaying the moves in between. A
#: copy of a tournament's six tables costs about as much as applying 30 moves,
#: so a sparser spacing opens a long record faster (fewer copies) for a few
#: milliseconds more per position rebuilt (bench/HISTORY.md, "Opening a
#: finished tournament")
CHECKPOINT_EVERY = 128
#: the position every this many plies is kept too once made: on the way to a
#: position rebuilt for the history, or ahead while the page is idle
#: (:meth:`Session.positions_ahead`); any position of the history is then at
#: most this many moves from one kept. A rebuilt position costs a copy and
#: the moves replayed; 16 keeps a 2,500-ply tournament's step through the
#: history to a copy and at most 15 moves, for about 8 MB more than 32
#: (bench/HISTORY.md, "History clicks")
NEAR_EVERY = 16

#: a record of at most this many moves has its move list's words written while
#: its moves are checked; a longer one's are written when asked (a long move
#: list shows only the entries in view: ``web/movelist.py``)
WORDS_AHEAD = 400

_SERIALS = itertools.count(1)


class collector_paused:
    """Python's cycle collector held while a record is replayed: a long one
    makes hundreds of thousands of objects, mostly freed as soon as they are
    dropped, and each collection would walk every one still alive (a
    quarter of a 2,500-ply tournament's replay). Cycles made meanwhile are
    collected afterwards, as usual."""

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.was:
            gc.enable()


class RecordPositions:
    """The positions along a record: a game played on this device, or the
    host's in club mode (a guest's come from the views it receives:
    ``web/club.py``, ``ViewPositions``). A :class:`Session` reads its
    positions from one of them, whichever it is.

    The positions are not all kept: a long game (a tournament of thousands
    of plies) would take hundreds of megabytes. Every move is checked once,
    when the record is opened or the move is played; the source keeps the
    :class:`Move` objects it got, a position every :data:`CHECKPOINT_EVERY`
    plies and the last one, and rebuilds any other position from the
    checkpoint before it (``State.apply`` of the moves already checked).
    Positions handed out (:meth:`state_at`) are never changed afterwards.

    >>> pos = RecordPositions(Record("thud", {}, 1, ["Ann", "Bob"], []))
    >>> pos.total, pos.first, pos.opening, pos.finished
    (0, 0, 0, False)
    """

    #: the first ply whose position is known: every one, from the start
    first = 0
    #: the seat this device plays for among those who may move now (a guest's); a record knows no device
    mover = None
    #: whose eyes the positions are built for: a record's hold everything
    eyes = None

    def __init__(self, record: Record, lang: str | None = None) -> None:
        """``lang``: the move list's language, when known; its words are
        then written while the moves are checked (for everyone's eyes, and
        a spectator's when something is hidden), without a second replay,
        unless the record is longer than :data:`WORDS_AHEAD` moves."""
        game = get_game(record.game)
        if game is None:
            raise RecordError("game", f"unknown game {record.game!r}")
        self.game = game
        self.record = record
        start = record.start()
        self._checkpoints: dict[int, State] = {0: start}  # ply -> position (multiples of CHECKPOINT_EVERY)
        self._played: list[Move] = []
        self._last: State = start  # the position after every move of the record
        self._shown: tuple[int, State] | None = None  # the last position rebuilt for state_at
        self._cursor: tuple[int, State] | None = None  # a scratch position walked forward (labels, views)
        self._near: dict[int, State] = {}  # ply -> a position kept between checkpoints (NEAR_EVERY)
        self._labels: dict = {}  # (ply, viewer, lang) -> the move list's words for that move
        #: this source among those of the page, and a number that changes with its moves
        #: (played, replaced, brought back): what was drawn from them is then stale
        self.serial = next(_SERIALS)
        self.version = 0
        self._edits: list[tuple[int, int]] = []  # (version, first ply whose move changed then)
        #: whether some players may not see everything
        self.hidden = start.hidden_info()
        viewers = (None, PUBLIC) if self.hidden else (None,)
        ahead = lang and len(record.moves) <= WORDS_AHEAD
        with collector_paused():  # a long record makes many objects at once, few of them garbage in cycles
            self.extend(0, list(record.moves), [(v, lang) for v in viewers] if ahead else [])  # validates every move
        #: the ply a session opens at: the one the record was saved at, else its end
        self.opening = len(record.moves) if record.ply is None else record.ply

    @property
    def total(self) -> int:
        return len(self.record.moves)

    @property
    def finished(self) -> bool:
        """The game as recorded is over: its review may show everything."""
        return self._last.is_over()

    def extend(self, ply: int, texts: list[str], labels=()) -> None:
        """Check and play ``texts`` from the position at ``ply`` (the last
        one kept), and append them to the record; ``labels``: the
        ``(viewer, lang)`` for which the move list's words are written on
        the way."""
        state = self.state_at(ply).clone()
        k = CHECKPOINT_EVERY
        players = list(self.record.players)
        self.version += 1
        self._edits.append((self.version, ply))
        for j, text in enumerate(texts):
            i = ply + j
            if labels:
                try:
                    alike = self.game.line_alike(state, text)
                except Exception:  # an illegal move: it is refused just below
                    alike = False
                lines = {}  # lang -> the words every viewer reads, when alike
                for viewer, lang in labels:
                    try:
                        line = lines.get(lang) if alike else None
                        if line is None:
                            line = lines[lang] = self.game.move_line(state, text, players, viewer, lang)
                        self._labels[("line", i, viewer, lang)] = line
                    except Exception:  # an illegal move has no words: it is refused just below
                        pass
            try:
                played = state.play(text)
            except Exception:
                del self._played[ply:]
                for key in [key for key in self._checkpoints if key > ply]:
                    del self._checkpoints[key]
                raise RecordError("illegal", f"move {i + 1} ({text!r}) is not legal", ply=i, move=text) from None
            self._played.append(played)
            if (i + 1) % k == 0:
                self._checkpoints[i + 1] = state
                state = state.clone()
        self._last = self._checkpoints.get(ply + len(texts), state)
        del self.record.moves[ply:]
        self.record.moves.extend(texts)

    def append(self, played: Move, state: State) -> None:
        """``played`` follows the record's last move; ``state``: the
        position after it (the session's copy, not to be changed again)."""
        ply = len(self._played)
        self.record.moves.append(played.text)
        self.version += 1
        self._edits.append((self.version, ply))
        self._played.append(played)
        self._last = state
        if (ply + 1) % CHECKPOINT_EVERY == 0:
            self._checkpoints[ply + 1] = state
        self.record.ply = None

    def truncate(self, ply: int) -> None:
        """Forget the moves after ``ply`` and what was known about them (the
        ply the record was saved at with them)."""
        last = self.state_at(ply)
        self.version += 1
        self._edits.append((self.version, ply))
        del self.record.moves[ply:]
        del self._played[ply:]
        for key in [key for key in self._checkpoints if key > ply]:
            del self._checkpoints[key]
        for name in ("_shown", "_cursor"):
            kept = getattr(self, name)
            if kept is not None and kept[0] > ply:
                setattr(self, name, None)
        for key in [key for key in self._near if key > ply]:
            del self._near[key]
        self._labels = {k: v for k, v in self._labels.items() if k[-3] < ply}
        self._last = last
        self.record.ply = None

    def _rebuilt(self, ply: int, scratch: bool) -> State:
        """The position after ``ply`` moves, rebuilt from the closest kept
        position before it (``scratch``: the source's scratch position may
        be walked forward and returned; the caller must not keep it)."""
        total = len(self._played)
        if ply == total:
            return self._last
        base = ply - ply % CHECKPOINT_EVERY
        state = self._checkpoints.get(ply)
        if state is not None:
            return state
        if self._shown is not None and self._shown[0] == ply:
            return self._shown[1]
        cur = self._cursor
        if scratch and cur is not None and base <= cur[0] <= ply:
            at, state = cur
        else:
            # the closest position known at or before ply: the checkpoint, the last one
            # shown, or the scratch position (copied: it is walked on afterwards)
            at, state = self._kept_before(ply)
            for known in (self._shown, cur):
                if known is not None and at < known[0] <= ply:
                    at, state = known
            state = state.clone()
            near = ply - ply % NEAR_EVERY
            if not scratch and at < near < ply:
                for i in range(at, near):
                    state.apply(self._played[i])
                self._near[near] = state
                at, state = near, state.clone()
        for i in range(at, ply):
            state.apply(self._played[i])
        if scratch:
            self._cursor = (ply, state)
        return state

    def _kept_before(self, ply: int) -> tuple[int, State]:
        """The closest position kept for good at or before ``ply`` (a
        checkpoint or one between them), and its ply."""
        base = ply - ply % CHECKPOINT_EVERY
        for at in range(ply - ply % NEAR_EVERY, base, -NEAR_EVERY):
            state = self._near.get(at)
            if state is not None:
                return at, state
        return base, self._checkpoints[base]

    def positions_ahead(self):
        """Keep the position every :data:`NEAR_EVERY` plies, one at a time
        (an iterator, for the page's idle time: ``web/idle.py``), so that
        any position of the history is rebuilt from one at most that many
        moves before it; it stops when the moves change."""
        version = self.version
        for ply in range(NEAR_EVERY, len(self._played), NEAR_EVERY):
            if self.version != version:
                return
            if ply % CHECKPOINT_EVERY == 0 or ply in self._near:
                continue
            at, state = self._kept_before(ply)
            state = state.clone()
            yield
            for i in range(at, ply):
                if self.version != version:
                    return
                state.apply(self._played[i])
                if i % 8 == 7:  # a step lasts a few milliseconds: a click never waits long
                    yield
            self._near[ply] = state

    def state_at(self, ply: int) -> State:
        """The position after ``ply`` moves (not to be changed)."""
        if not 0 <= ply <= len(self._played):
            raise IndexError(ply)
        with collector_paused():  # a copy and a few moves: thousands of objects, none of them garbage
            state = self._rebuilt(ply, scratch=False)
        if ply % CHECKPOINT_EVERY and ply != len(self._played):
            self._shown = (ply, state)
        return state

    def peek(self, ply: int) -> State:
        """The position after ``ply`` moves, for reading at once only (it
        may be the scratch position, changed by the next call)."""
        if ply == len(self._played) or ply % CHECKPOINT_EVERY == 0 or (self._shown and self._shown[0] == ply):
            return self._rebuilt(ply, scratch=False)
        return self._rebuilt(ply, scratch=True)

    def unchanged_since(self, version: int) -> int:
        """How many first moves are the same as at ``version`` (a move list
        drawn then only needs the entries after them)."""
        return min([ply for v, ply in self._edits if v > version], default=self.total)

    def last_move(self, ply: int) -> Move | None:
        """The move that led to the position after ``ply`` moves."""
        return self._played[ply - 1] if ply > 0 else None

    def earlier_views(self, ply: int, player: int, count: int) -> list[dict]:
        """``player``'s views of the ``count`` positions before ``ply``, oldest first."""
        if count <= 0:
            return []
        return [self.peek(i).view(player) for i in range(max(0, ply - count), ply)]

    def move_label(self, i: int, viewer, lang: str) -> str:
        """Move ``i`` (0-based) in words for ``viewer``, as the move list
        shows it (``Game.move_label``, from the position before it)."""
        key = (i, viewer, lang)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = self.game.move_label(self.peek(i), self.record.moves[i], viewer, lang)
        return hit

    def move_line(self, i: int, viewer, lang: str) -> str:
        """Move ``i`` (0-based) as a line of the move list: who played it and
        what, for ``viewer`` (``Game.move_line``)."""
        key = ("line", i, viewer, lang)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = self.line_of(i, self.record.moves[i], viewer, lang)
        return hit

    def line_of(self, ply: int, text: str, viewer, lang: str) -> str:
        """``text`` played at the position after ``ply`` moves, as the move
        list would write it for ``viewer``."""
        return self.game.move_line(self.peek(ply), text, list(self.record.players), viewer, lang)

    def words_ahead(self, viewer, lang: str, step: int = 24):
        """Write the move list's words for ``viewer`` of every move not yet
        written, ``step`` moves at a time (an iterator, for the page's idle
        time: ``web/idle.py``); it stops when the moves change."""
        version = self.version
        for first in range(0, self.total, step):
            if self.version != version:
                return
            for i in range(first, min(first + step, self.total)):
                self.move_line(i, viewer, lang)
            yield

    def choose_mover(self, holder) -> None:
        """A record plays every seat that may move: nobody to choose."""

    def look_as(self, holder) -> bool:
        """A record's positions hold everything: the same for every holder
        (whether the eyes changed: never)."""
        return False

    def snapshot(self, ply: int | None) -> Record:
        """A copy of the record, positioned at ``ply`` (None: its end)."""
        r = self.record
        return Record(r.game, dict(r.options), r.seed, list(r.players), list(r.moves), ply, r.title)


class Session:
    """One game being played or looked at on this device: the ply shown,
    the clicks of the move being built and who may see and play what, over
    the game's positions (:attr:`positions`: the record replayed,
    :class:`RecordPositions`, made from a :class:`Record`; or a guest's
    views in club mode, ``web/club.py``'s ``ViewPositions``)."""

    def __init__(self, source, lang: str | None = None) -> None:
        """``source``: a :class:`Record`, replayed (``lang``: see
        :class:`RecordPositions`), or positions already made."""
        positions = RecordPositions(source, lang) if isinstance(source, Record) else source
        self.positions = positions
        self.game = positions.game
        self.ply = positions.opening
        self.clicks: list[str] = []
        #: the continuation that the last move played in the past replaced:
        #: ``(ply, moves)``, so that it can be brought back
        self.replaced: tuple[int, list[str]] | None = None
        self.replaced_own = False  # the replaced moves were the replacing player's own turn
        #: whether some players may not see everything (hot-seat hides it)
        self.hidden = positions.hidden
        #: seats no person at this device plays (the computer's, other devices'):
        #: the device never passes to them, and while they decide the page keeps
        #: showing what its holder may see (:meth:`set_elsewhere`)
        self.computers: frozenset[int] = frozenset()
        self._legal: dict = {}  # (ply, eyes) -> the legal moves there
        self._screens: dict = {}  # (ply, eyes, holder) -> whether the decider there needs a pass screen
        self._asked: tuple | None = None  # (live position, seats elsewhere, it as asked of a person here or None)
        self._away: frozenset[int] = frozenset()  # the seats played on other devices (hosting)
        self._built_memo = None

    def set_elsewhere(self, seats, away=()) -> None:
        """The seats no person at this device plays are now ``seats``
        (the controller's seating: web/controller.py, ``Seating.elsewhere``);
        ``away``: those of them played on other devices (club mode, hosting)."""
        self.computers = frozenset(seats)
        self._away = frozenset(away)

    # -- positions (the source's) ------------------------------------------
    @property
    def record(self) -> Record:
        return self.positions.record

    @property
    def serial(self) -> int:
        """This game among those of the page (a guest's: among the states received)."""
        return self.positions.serial

    @property
    def version(self) -> int:
        """A number that changes with the moves: what was drawn from them is then stale."""
        return self.positions.version

    def unchanged_since(self, version: int) -> int:
        return self.positions.unchanged_since(version)

    def positions_ahead(self):
        return self.positions.positions_ahead()

    @property
    def total(self) -> int:
        return self.positions.total

    @property
    def state(self) -> State:
        """The position shown; at the live position, when the player the game
        asks first plays elsewhere (another device, or the computer while
        other devices play: club mode, hosting) while a person here may move at
        the same time (a tournament's bidders), that position as the game asks
        it of them (``State.asked_as``)."""
        real = self.positions.state_at(self.ply)
        if self.positions.mover is not None or self.ply != self.total or not self._away:
            return real  # on one device the game asks its players in its own order
        if self._asked is None or self._asked[0] is not real or self._asked[1] != self.computers:
            self._asked = (real, self.computers, self._asked_of(real))  # worked out once a position
        return self._asked[2] or real

    def _asked_of(self, real: State) -> State | None:
        """The live position as the game asks a person here who may move now
        though the one it asks first plays elsewhere (see :attr:`state`), or
        None."""
        if real.is_over() or real.to_play not in self.computers:
            return None
        here = next((p for p in real.movers() if p not in self.computers), None)
        return None if here is None else real.asked_as(here)

    def state_at(self, ply: int) -> State:
        """The position after ``ply`` moves (not to be changed)."""
        return self.positions.state_at(ply)

    def to_play_at(self, ply: int) -> int | None:
        """Who decides at the position after ``ply`` moves."""
        return self.positions.peek(ply).to_play

    def earlier_views(self, player: int, count: int) -> list[dict]:
        """``player``'s views of the ``count`` positions before the one
        shown, oldest first: what that player saw happen (a computer player
        keeps some of it in mind, as a person at the table does)."""
        return self.positions.earlier_views(self.ply, player, count)

    def legal(self) -> list[Move]:
        key = (self.ply, self.positions.eyes, self.state.to_play)
        moves = self._legal.get(key)
        if moves is None:
            moves = [] if self.state.is_over() else self.state.legal_moves()
            self._legal[key] = moves
        return moves

    def last_move(self) -> Move | None:
        return self.positions.last_move(self.ply)

    def _truncate(self, ply: int) -> None:
        """Forget the moves after ``ply`` and what was known about them."""
        self.positions.truncate(ply)
        self._legal = {k: v for k, v in self._legal.items() if k[0] <= ply}
        self._screens = {k: v for k, v in self._screens.items() if k[0] <= ply}

    # -- the move being built -------------------------------------------
    def _built(self) -> tuple:
        """The moves the clicks so far may begin, and the targets that may
        follow them: asked several times while one click is drawn (the board,
        its tray, the status line), worked out once per position and clicks."""
        legal, clicks = self.legal(), tuple(self.clicks)
        memo = self._built_memo
        if memo is None or memo[0] is not legal or memo[1] != clicks:
            cands = [m for m in legal if m.matches(clicks)]
            nxt: set[str] = set()
            for m in cands:
                nxt |= m.next_targets(clicks)
            memo = self._built_memo = (legal, clicks, cands, frozenset(nxt))
        return memo

    def candidates(self) -> list[Move]:
        return list(self._built()[2])

    def next_targets(self) -> set[str]:
        return set(self._built()[3])

    def complete_moves(self) -> list[Move]:
        return [m for m in self.candidates() if m.complete(self.clicks)]

    def click(self, target: str) -> Move | None:
        """Add a click; returns the move played, if the clicks completed one
        (the page plays it through its controller: :meth:`select`)."""
        move = self.select(target)
        return self.play(move) if move is not None else None

    def typed(self, text: str, viewer, lang: str) -> list[Move]:
        """The legal moves ``text`` names, typed as a player may type one
        without the board (as Lichess's blind mode takes them): its notation
        as the record writes it, else its words as the move list or the
        board's description says them to ``viewer``; case and spaces aside.

        >>> s = Session(Record("thud", {}, 1, ["Ann", "Bob"], []))
        >>> [m.text for m in s.typed("  DF1-F3 ", None, "en")], [m.text for m in s.typed("dwarf f1 → f3", None, "en")]
        (['dF1-F3'], ['dF1-F3'])
        >>> s.typed("Dwarf F1 → K10", None, "en")
        []
        """
        want = " ".join(text.split()).casefold()
        if not want:
            return []
        legal, state = self.legal(), self.state
        exact = [m for m in legal if m.text.casefold() == want]
        if exact:
            return exact

        def said(m: Move) -> set[str]:
            return {" ".join(w.split()).casefold() for w in (self.game.move_label(state, m.text, viewer, lang),
                                                             self.game.describe_move(state, m.text, viewer, lang))}
        return [m for m in legal if want in said(m)]

    def select(self, target: str) -> Move | None:
        """Add a click; returns the move the clicks complete, if any (not played).

        A click on something that does not continue the move being built
        starts a new one from that target (or clears the selection)."""
        if target in self.clicks and self.clicks and target == self.clicks[-1]:
            self.clicks.pop()  # clicking the last selection again undoes it
            return None
        if target in self.next_targets():
            self.clicks.append(target)
        else:
            self.clicks = [target]
            if not self.candidates():
                self.clicks = []
                return None
        cands = self.candidates()
        if len(cands) == 1 and cands[0].complete(self.clicks):
            return cands[0]
        return None

    def play_as_is(self) -> Move | None:
        done = self.complete_moves()
        if len(done) == 1:
            return self.play(done[0])
        return None

    def clear_clicks(self) -> None:
        self.clicks = []

    def play_as(self, seat: int, move: Move | str) -> Move:
        """Play ``move`` for ``seat``, one of the players who may move now
        (``State.movers``: a tournament's tables play at the same time); the
        record keeps the move as the game writes it for that player."""
        return self.play(move, seat)

    def play(self, move: Move | str, seat: int | None = None) -> Move:
        """Play at the ply shown (for ``seat``, when given: :meth:`play_as`);
        the moves after it are replaced, and kept in :attr:`replaced` so that
        :meth:`restore_replaced` can bring them back. The move the record
        already holds next only goes forward to it: nothing is replaced."""
        text = move.text if isinstance(move, Move) else move
        if self.ply < self.total and text == self.record.moves[self.ply]:
            self.ply += 1
            self.clicks = []
            return self.positions.last_move(self.ply)
        state = self.positions.state_at(self.ply).clone()  # the position itself, whoever it is shown to
        played = state.play(text) if seat is None else state.play_as(seat, text)
        if self.ply < self.total:
            self.replaced = (self.ply, list(self.record.moves[self.ply:]))
            # the moves replaced were the mover's own (or the computer's answers to them):
            # taking back one's own turn, which needs no warning
            me = self.to_play_at(self.ply)
            self.replaced_own = all(self.to_play_at(k) in (me, *self.computers)
                                    for k in range(self.ply, self.total))
        self._truncate(self.ply)
        self.positions.append(played, state)
        self.ply += 1
        self.clicks = []
        return played

    def restore_replaced(self) -> bool:
        """Bring back the continuation the last move in the past replaced
        (the moves played since are dropped in exchange, and kept in turn)."""
        if self.replaced is None:
            return False
        ply, moves = self.replaced
        if ply > self.total:
            self.replaced = None
            return False
        now = list(self.record.moves[ply:])
        self._truncate(ply)
        self.positions.extend(ply, list(moves))
        self.replaced = (ply, now) if now else None
        self.ply = self.total
        self.clicks = []
        return True

    def restore_offer(self, holder: int | None = None) -> tuple[int, int] | None:
        """While bringing back the replaced moves makes sense: at the live
        position, when every move since the replacement is the replacing
        player's (or the computer's answers) and, in a game with hidden
        information, that player holds the device. Returns how many moves
        would come back and the fork's ply, or None."""
        if self.replaced is None or self.ply != self.total or self.state.is_over():
            return None
        ply, moves = self.replaced
        if ply >= self.total or not moves:
            return None
        me = self.to_play_at(ply)
        if any(self.to_play_at(k) not in (me, *self.computers) for k in range(ply, self.total)):
            return None
        if self.hidden and holder != me:
            return None
        return len(moves), ply

    def replaced_line(self, viewer, lang: str) -> str:
        """The first replaced move as the move list would write it for ``viewer``."""
        ply, moves = self.replaced
        return self.positions.line_of(ply, moves[0], viewer, lang)

    # -- navigation -----------------------------------------------------
    def goto(self, ply: int) -> None:
        ply = max(self.positions.first, min(self.total, ply))  # a guest has the live position only
        if ply != self.ply:
            self.ply = ply
            self.clicks = []

    def undo(self) -> None:
        self.goto(self.ply - 1)

    def redo(self) -> None:
        self.goto(self.ply + 1)

    # -- who may see what (hot-seat) ----------------------------------------
    # ``holder`` is the player known to hold the device: the one who last
    # said "it is me" on a pass screen, or ``None`` while the device is being
    # passed (after a move that hands the decision to someone else) and after
    # a reload. Everything shown is decided from the holder, never from the
    # position displayed, so browsing the history cannot show anyone's
    # secrets to the wrong person.
    @property
    def finished(self) -> bool:
        """The game as recorded is over: its review may show everything
        (a guest's never is: the host reviews the game with everything shown,
        a guest keeps its own eyes)."""
        return self.positions.finished

    def viewer(self, holder: int | None = None, spectator: bool = False) -> int | str | None:
        """Whose eyes the position shown is drawn for: everyone's when nothing
        is hidden or the game is over; a spectator's (public information
        only) for view-only pages; otherwise the holder's, or public
        information while nobody is known to hold the device."""
        if not self.hidden or self.finished:
            return None
        if spectator or holder is None:
            return PUBLIC
        return holder

    def decider(self) -> int | None:
        """Who decides at the position shown (``None`` when it is over): on
        a guest, the player this device holds who may move now, whoever the
        game asks first (another table's player may be asked first and still
        be thinking); else the one the game asks."""
        s = self.state
        if s.is_over():
            return None
        mover = self.positions.mover
        return s.to_play if mover is None else mover

    def choose_mover(self, holder) -> None:
        """Several players this device holds may move now (a guest): the one
        holding the device goes on (the others wait behind the pass screen)."""
        self.positions.choose_mover(holder)

    def look_as(self, holder) -> None:
        """Whose position the page draws, on a guest holding several seats:
        the holder's (a record's positions are the same for everyone)."""
        if self.positions.look_as(holder):
            self.clicks = []

    def screen_needed(self, holder: int | None) -> bool:
        """Whether the decider at the position shown may see something that
        ``holder`` may not (the game decides: ``must_pass_between``); a pass
        screen then has to stand between them. Cached: it compares views."""
        d = self.decider()
        if not self.hidden or d is None or d == holder or d in self.computers:
            return False
        key = (self.ply, self.positions.eyes, holder, d)
        hit = self._screens.get(key)
        if hit is None:
            hit = self._screens[key] = must_pass_between(self.state, holder, d)
        return hit

    def must_pass(self, holder: int | None) -> bool:
        """The live position waits for a player who has not shown they hold
        the device, and who may see something the holder may not: the board
        stays hidden behind a pass screen."""
        return not self.finished and self.ply == self.total and self.screen_needed(holder)

    def may_play(self, holder: int | None) -> bool:
        """Moves may be made at the position shown: by anyone when nothing is
        hidden, otherwise by its decider once they hold the device, or by
        the holder when the decider knows nothing the holder does not. A
        finished game's past positions are looked at, not played: its review
        shows everyone's secrets (``viewer``), and a move there would replace
        the game's end."""
        d = self.decider()
        if d is None or d in self.computers or (self.finished and self.ply < self.total):
            return False
        return not self.hidden or self.finished or d == holder or not self.screen_needed(holder)

    def holder_after_move(self, holder: int | None) -> int | None:
        """The holder once a move is played (or the page opened): the decider
        when no pass screen is needed, unchanged while the computer decides,
        nobody while the device passes to someone who may see more."""
        if not self.hidden:
            return holder
        d = self.decider()
        if d is None or d in self.computers:  # the device stays with the person holding it
            return holder
        if d == holder or not self.screen_needed(holder):
            return d
        return None

    def move_label(self, i: int, viewer, lang: str) -> str:
        """Move ``i`` (0-based) in words for ``viewer``, as the move list shows it."""
        return self.positions.move_label(i, viewer, lang)

    def move_line(self, i: int, viewer, lang: str) -> str:
        """Move ``i`` (0-based) as a line of the move list: who played it and what, for ``viewer``."""
        return self.positions.move_line(i, viewer, lang)

    def words_ahead(self, viewer, lang: str, step: int = 24):
        """The move list's words written ahead, for the page's idle time (:meth:`RecordPositions.words_ahead`)."""
        return self.positions.words_ahead(viewer, lang, step)

    # -- drawing ----------------------------------------------------------
    def context(self, lang: str = "fr", coords: bool = True, interactive: bool = True,
                viewer: int | str | None = None, compact: bool = False) -> RenderContext:
        return RenderContext(
            compact=compact,
            viewer=viewer,
            clicks=tuple(self.clicks),
            targets=frozenset(self.next_targets()) if interactive else frozenset(),
            last=self.last_move(),
            lang=lang,
            coords=coords,
            live=self.ply == self.total,
        )

    def panel(self, lang: str = "fr", viewer: int | str | None = None) -> list[dict]:
        """The board's side panel as text for ``viewer`` (``Game.panel``), at
        the position shown."""
        ctx = self.context(lang, interactive=False, viewer=viewer, compact=True)
        return self.game.panel_for(self.state, ctx)

    def render(self, lang: str = "fr", coords: bool = True, interactive: bool = True,
               viewer: int | str | None = None, compact: bool = False, view: str = "") -> str:
        """The position shown, drawn for ``viewer`` (see :meth:`viewer`); ``view``
        names another view of the game (``Game.views``), looked at, not played on."""
        if view:
            ctx = self.context(lang, coords, False, viewer, compact)
            return self.game.render_view(self.state, view, ctx)
        return self.game.render(self.state, self.context(lang, coords, interactive, viewer, compact))

    def render_strip(self, lang: str = "fr", coords: bool = True, interactive: bool = True,
                     viewer: int | str | None = None, compact: bool = False, view: str = "") -> str:
        """What a phone lays under the board drawn by :meth:`render` with the
        same arguments, out of its zoom (``Game.render_strip``)."""
        if not compact:
            return ""
        return self.game.render_strip(self.state, view, self.context(lang, coords, interactive and not view, viewer,
                                                                      compact))

    def snapshot(self, at_ply: bool = True) -> Record:
        """A copy of the record, positioned at the ply shown."""
        return self.positions.snapshot(self.ply if at_ply and self.ply != self.total else None)
