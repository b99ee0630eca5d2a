"""Computer players in the page: seats played by the computer, its thinking
in short slices, its moves shown and logged, and hints.

* Which seats the computer plays (and at what level) is the record option
  :data:`~plateau.core.game.SEATS_OPTION` (``"1:normal"``): replay, save
  and share links carry it; a record without it is all human, as before.
* The search (:mod:`plateau.ai`, imported on first use) runs in ~25 ms
  slices with ``await asyncio.sleep(0)`` between them, so clicks, menus and
  undo stay live. It is given only its own seat's view.
* A computer's move is played no sooner than ~600 ms after the previous
  one was drawn (the search runs meanwhile, so the wait is the longer of the
  two, not their sum); it is marked on the board until the next redraw and gets a
  line in the log. That is the "watch" pace; at the "fast" pace (a preference
  of the device, chosen on the play screen, not a rules option: records do
  not change) the computers play without that pause, think at most
  :data:`FAST_THINK_MS` a move, and while computers play one after another
  the board is drawn again at most every :data:`FAST_DRAW_S` (the log says
  each move): a tournament's computer slots take seconds, not minutes.
* Any change of the game shown (undo, another position, a new game, leaving
  the board) cancels the thinking: the move is dropped, never played.

The computer is a player of the :class:`~plateau.web.controller.PlayController`:
it listens to its changes and, when a seat it plays is to move at the live
position of the board on view, thinks and submits its move through the same
:meth:`~plateau.web.controller.PlayController.submit` as a click does.
"""

from __future__ import annotations

import asyncio
import secrets
import traceback

from plateau.core.i18n import tr

from pyodide.ffi import to_js

from .controller import LEVELS, Change, computer, has_computer
from .dom import button, by_id, document, el, listen, q
from .view import View


def _now() -> float:
    import js

    return js.performance.now()


def _measure(name: str, t0: float) -> None:
    """A User Timing entry ``name`` from ``t0`` to now (developer tools and
    ``bench/browser.py ai`` show what the computer spent its time on)."""
    import js

    try:
        js.performance.measure(name, to_js({"start": t0, "end": js.performance.now()},
                                             dict_converter=js.Object.fromEntries))
    except Exception:  # noqa: BLE001 — timing is never worth a failure
        pass
SLICE_MS = 12  # a slice stays well under 50 ms even when the machine is busy
PAUSE_S = 0.6
PACES = ("watch", "fast")
FAST_THINK_MS = 150  # at the fast pace, a computer's search stops after this (its level's limit when lower)
FAST_DRAW_S = 1.0  # at the fast pace, the board is drawn again at least this often while computers play

CATALOGUE = {
    "fr": {
        "seat.human": "Humain",
        "seat.computer": "Ordinateur ({level})",
        "seat.kind": "Joué par",
        "level.easy": "facile",
        "level.normal": "moyen",
        "level.hard": "fort",
        "thinking": "{name} (ordinateur) réfléchit…",
        "hint": "Conseil",
        "hint.busy": "Conseil…",
        "hint.move": "Conseil pour {name} : {move}",
        "error": "L'ordinateur n'a pas pu jouer : {msg}",
        "pace": "Rythme des ordinateurs",
        "pace.watch": "Posé",
        "pace.fast": "Rapide",
        "pace.help": "Posé : chaque coup d'un ordinateur reste affiché un instant. Rapide : les ordinateurs "
                     "jouent sans pause et réfléchissent moins longtemps.",
    },
    "en": {
        "seat.human": "Human",
        "seat.computer": "Computer ({level})",
        "seat.kind": "Played by",
        "level.easy": "easy",
        "level.normal": "normal",
        "level.hard": "hard",
        "thinking": "{name} (computer) is thinking…",
        "hint": "Hint",
        "hint.busy": "Hint…",
        "hint.move": "Hint for {name}: {move}",
        "error": "The computer could not play: {msg}",
        "pace": "Computers' pace",
        "pace.watch": "Watch",
        "pace.fast": "Fast",
        "pace.help": "Watch: each computer move stays in view a moment. Fast: the computers play without "
                     "pausing and think for less time.",
    },
}


def qa(selector: str, root=None) -> list:
    return list((root or document).querySelectorAll(selector))


class ComputerPlayer(View):
    """The seats the computer plays, on the page: a listener of the
    controller (``self.ctl``) that submits moves, and the bits of the play
    and new-game screens that concern it (its log, the pace, the hint, the
    seat choice)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._think_job = None  # what the search under way is about: see _think_key
        self._last_mover = None  # the computer seat that played last (club mode: the next one thinks first)
        self._hint_job = None
        #: the computers' moves said, by ply: (the move's text, its line); and the hints, (ply, line)
        self._ai_log: dict[int, tuple[str, str]] = {}
        self._hints: list[tuple[int, str]] = []
        self._warmed = None
        self._drawn_at = 0.0
        self._quiet = False  # the last move submitted is drawn later (fast pace)
        self.ctl.subscribe(self.on_change)

    def ct(self, key: str, **kw) -> str:
        return tr(CATALOGUE, self.lang, key, **kw)

    def computer_seats(self) -> dict[int, str]:
        return self.ctl.computer_seats()

    def on_change(self, change: Change) -> None:
        """The game changed: a new game forgets the last one's log; any
        change drops a search about another position; the computer thinks
        when a seat it plays is to move (after the play screen drew the
        position: its status line then says who is thinking)."""
        kind = change.kind
        if kind == "open":
            self.cancel_thinking()
            self._ai_log = {}
            self._hints = []
            return
        if kind == "shown" and self.computer_seats():
            self.warm_computer()
        if kind == "nav":
            self.cancel_thinking()
        if kind in ("move", "nav", "restore", "follow"):
            self.draw_ai_log()  # the lines follow the position shown
        if kind in ("shown", "move", "nav", "reveal", "restore", "follow"):
            self.maybe_think()

    # -- on the play screen ------------------------------------------------------
    def add_to_play_screen(self) -> None:
        """The log of the computers' moves under the status line, and the
        pace choice when the computer plays a seat."""
        seats = self.computer_seats()
        status = by_id("status")
        if status is not None and by_id("computer-log") is None:
            log = el("ol", {"id": "computer-log", "cls": "computer-log", "aria-live": "polite"})
            status.after(log)
            self.draw_ai_log()
        if seats and by_id("computer-pace") is None:
            log = by_id("computer-log")
            if log is not None:
                box = el("div", {"id": "computer-pace", "cls": "computer-pace", "role": "group",
                                 "aria-label": self.ct("pace")})
                log.after(box)
                self.draw_pace()

    # -- pace ---------------------------------------------------------------------
    def pace(self) -> str:
        """How fast the computers play on this device (a preference, not a
        rules option: it is not in the record)."""
        try:
            v = self.store.settings().get("pace")
        except Exception:  # noqa: BLE001 — a preference never breaks the game
            v = None
        return v if v in PACES else "watch"

    def set_pace(self, pace: str) -> None:
        if pace in PACES:
            self.store.set_setting("pace", pace)
        self.draw_pace()

    def draw_pace(self) -> None:
        """The pace choice, under the computers' log: two buttons, the one in
        force pressed."""
        box = by_id("computer-pace")
        if box is None:
            return
        cur = self.pace()
        buttons = []
        for p in PACES:
            b = button(self.ct("pace." + p), lambda p=p: self.set_pace(p), cls="chip pace-choice",
                       data_action="pace-" + p)
            b.setAttribute("aria-pressed", "true" if p == cur else "false")
            buttons.append(b)
        box.replaceChildren(el("span", {"cls": "pace-label", "text": self.ct("pace")}), *buttons)
        box.setAttribute("title", self.ct("pace.help"))

    def log_lines(self) -> list[str]:
        """What the log says at the position shown: the last computers' moves
        that led to it (the latest run of them, at most 3, each still the
        record's move at its ply: a move taken back is not named, one played
        again is), then the hint asked at this position."""
        s = self.session
        if s is None:
            return []
        moves = s.record.moves
        log = self._ai_log
        k = min(s.ply, len(moves)) - 1
        while k >= 0 and not self._said(log, moves, k):  # a person's moves since
            k -= 1
        out = []
        while k >= 0 and len(out) < 3 and self._said(log, moves, k):
            out.append(log[k][1])
            k -= 1
        out.reverse()
        hints = [line for ply, line in self._hints if ply == s.ply]
        return (out + hints[-1:])[-3:]

    @staticmethod
    def _said(log, moves, k) -> bool:
        """The move at ply ``k`` is a computer's move the log said."""
        e = log.get(k)
        return e is not None and e[0] == moves[k]

    def draw_ai_log(self) -> None:
        box = by_id("computer-log")
        if box is None:
            return
        box.replaceChildren(*[el("li", {"text": line}) for line in self.log_lines()])

    def ai_say(self, line: str, ply: int | None = None, text: str | None = None) -> None:
        """A line for the log: the computer's move ``text`` played at ``ply``,
        else a hint for the position shown."""
        if ply is None:
            self._hints = self._hints[-9:] + [(self.session.ply, line)]
        else:
            self._ai_log[ply] = (text, line)
        self.draw_ai_log()

    # -- the new-game form: human or computer per seat ---------------------------
    def seat_kinds(self, gid: str) -> list[tuple[str, str]]:
        """Who may play a seat of ``gid``: ``(value, label)``, a person first,
        then the computer's levels; [] when the game has no computer player."""
        if not has_computer(gid):
            return []
        return [("human", self.ct("seat.human"))] + [
            (lv, self.ct("seat.computer", level=self.ct("level." + lv))) for lv in LEVELS]

    def add_seat_kinds(self, gid: str) -> None:
        form = by_id("new-game")
        if form is None or not has_computer(gid):
            return
        box = q("fieldset.players", form)
        if box is None:  # a game's own setup screen offers the choice itself
            return

        def add_kinds(e=None):
            for i, label in enumerate(qa("label", box)):
                if q("select.seat-kind", label) is not None:
                    continue
                sel = el("select", {"cls": "seat-kind", "data-seat": str(i), "aria-label": self.ct("seat.kind")})
                for value, text in self.seat_kinds(gid):
                    sel.appendChild(el("option", {"value": value, "text": text}))
                label.appendChild(sel)

        add_kinds()
        count = by_id("player-count")
        if count is not None:
            # the form rebuilds the seats when the count changes; add the choice again
            listen(count, "change", add_kinds)

    @staticmethod
    def form_seats() -> dict[int, str]:
        """The seats the new-game form gives the computer (seat -> level)."""
        seats = {}
        form = by_id("new-game")
        if form is not None:
            for sel in qa("select.seat-kind", form):
                v = str(sel.value)
                if v in LEVELS:
                    seats[int(sel.getAttribute("data-seat"))] = v
        return seats

    # -- thinking -------------------------------------------------------------------
    def _job_key(self):
        s = self.session
        return (s, s.ply, s.total)

    def cancel_thinking(self) -> None:
        self._think_job = None
        self._hint_job = None

    def _think_key(self, player: int):
        """What a search is about: on one device, the position (any move
        makes it another search); in club mode, the player on this session
        (the other tables' moves go on meanwhile: the search goes on while
        its player may still move, and its move is checked before it is
        played)."""
        s = self.session
        if self.ctl.away:
            return (s, None, None, player)
        return (s, s.ply, s.total, player)

    def maybe_think(self) -> None:
        """A computer seat moves now (:meth:`PlayController.computer_movers`):
        think for one of them. In club mode several may (a tournament's
        tables at the same time): they think one after another, each in turn
        after the last one that played, so that no table of computers waits
        for another's whole turn."""
        s = self.session
        if s is None or self.app.screen != "play" or self.view_only:
            return
        movers = self.ctl.computer_movers()
        if not movers:
            return
        seats = self.computer_seats()
        job = self._think_job
        if job is not None and job[3] in movers and self._still(job):
            d = job[3]  # already thinking for this player
        else:
            last = self._last_mover
            if last in movers and len(movers) > 1:
                i = movers.index(last)
                movers = movers[i + 1:] + movers[:i + 1]
            d = movers[0]
        status = by_id("status")
        if status is not None:
            status.textContent = self.ct("thinking", name=s.record.players[d])
        key = self._think_key(d)
        if self._think_job == key:
            return  # already thinking about this position
        self._think_job = key
        asyncio.ensure_future(self._think(key, d, seats[d]))

    def _still(self, key) -> bool:
        if self._think_job != key or self.app.screen != "play":
            return False
        s = self.session
        if key[1] is None:
            return s is key[0] and s.ply == s.total and key[3] in self.ctl.computer_movers()
        return self._job_key() == key[:3]

    def _legal_now(self, player: int, text: str) -> bool:
        """``text`` (as the computer's own table writes it) is still a move of
        ``player`` at the live position."""
        state = self.session.state
        return any(m.text == text or state.own_text(m.text) == text for m in state.legal_moves_for(player))

    def warm_computer(self) -> None:
        """Import the search and the game's hooks while the person is still
        looking at the board, one module per turn of the event loop, so
        that the computer's first turn does not pay for them in one block."""
        s = self.session
        if s is None or self._warmed == s.game.id:
            return
        self._warmed = s.game.id
        asyncio.ensure_future(self._warm(s.game.id))

    async def _warm(self, gid: str) -> None:
        import importlib

        for name in ("plateau.ai.api", "plateau.ai.search_common", "plateau.ai.ismcts", "plateau.ai.flat",
                     "plateau.ai.alphabeta", f"plateau.games.{gid}.ai"):
            await asyncio.sleep(0.02)
            t0 = _now()
            try:
                importlib.import_module(name)
            except ImportError:
                pass
            _measure("ai:import", t0)

    async def _think(self, key, player: int, level: str) -> None:
        s = key[0]
        shown = _now()  # the move just played is on screen from now on
        try:
            await asyncio.sleep(0)  # the board of the move just played is drawn first
            if not self._still(key):
                return
            t0 = _now()
            from plateau.ai import Thinker, memory_size
            from plateau.ai.api import TIME_LIMITS

            _measure("ai:import", t0)
            await asyncio.sleep(0)
            if not self._still(key):
                return
            t0 = _now()
            fast = self.pace() == "fast"
            limit = min(TIME_LIMITS[level], FAST_THINK_MS) if fast else TIME_LIMITS[level]
            t = Thinker(s.game, self.ctl.thinking_view(player), player, level=level, seed=secrets.randbits(32),
                        time_limit_ms=limit, memory=s.earlier_views(player, memory_size(s.game)))
            _measure("ai:setup", t0)
            while True:
                await asyncio.sleep(0)
                if not self._still(key):
                    return
                t0 = _now()
                done = t.step(max_ms=SLICE_MS)
                _measure("ai:slice", t0)
                if done:
                    break
            text = t.best()
            # the search ran during the pause: the previous move stays in
            # view at least PAUSE_S, and no longer than the search needs
            wait = (0.0 if fast else PAUSE_S) - (_now() - shown) / 1000.0
            if wait > 0:
                await asyncio.sleep(wait)
            if not self._still(key):
                return
            if key[1] is None and not self._legal_now(player, text):
                self._think_job = None  # its table changed meanwhile (a participant took a seat there)
                self.maybe_think()
                return
            t0 = _now()
            self._think_job = None  # its move is played: the next position is another job
            self._last_mover = player
            self._quiet = False
            # a table that plays while another is asked first: its board is not the one drawn here
            elsewhere = player != s.decider()
            played = self.ctl.submit(text, computer(level), seat=player, quiet=lambda: self._quietly_on(s, fast))
        except Exception as err:  # the page must survive a computer's failure
            traceback.print_exc()
            if self._think_job in (key, None):
                self._think_job = None
                self.flash(self.ct("error", msg=getattr(err, "text", "") or str(err)))
            return
        revealed = self.viewer() is None
        # the move list's line, as it reads to whoever holds the device ("Chloé bids")
        at = len(s.record.moves) - 1
        words = self._words(lambda: s.move_line(at, self.viewer(), self.lang), played.text, revealed)
        self.ai_say(words, at, s.record.moves[at])
        if self._quiet or elsewhere:
            _measure("ai:play", t0)
            return
        self.mark_move(played, "ai-last", revealed)
        _measure("ai:play", t0)

    def _quietly_on(self, s, fast: bool) -> bool:
        """At the fast pace, another computer's move follows at once and the
        board was drawn less than FAST_DRAW_S ago: the move is saved and the
        next computer starts thinking, the board is drawn later. Returns
        whether it goes so (asked by the controller once the move is played;
        otherwise the board is drawn now)."""
        self._quiet = fast and not (not self.ctl.computer_movers() or s.state.is_over()
                                    or (_now() - self._drawn_at) / 1000.0 >= FAST_DRAW_S)
        if not self._quiet:
            self._drawn_at = _now()
        return self._quiet

    def _words(self, label, text: str, revealed: bool) -> str:
        """A move in words (``label()``, as the move list writes it); a game
        whose words fail still shows the move, as public text."""
        try:
            return label()
        except Exception:
            return self.session.game.public_move_text(text, revealed)

    def mark_move(self, move, cls: str, revealed: bool) -> None:
        """Mark the targets of ``move`` on the board (those the viewer may
        see: a hidden part of another player's move stays unmarked)."""
        public = self.session.game.public_move_text(move.text, revealed)
        board = by_id("board")
        if board is None:
            return
        for t in move.path:
            if not revealed and public != move.text and t not in public:
                continue
            for node in qa(f'[data-target="{t}"]', board):
                node.classList.add(cls)

    # -- hints ------------------------------------------------------------------------
    def add_hint_button(self, tray, interactive: bool = True) -> None:
        """The hint button, at the end of the play screen's tray."""
        s = self.session
        if tray is None or not interactive or s.state.is_over() or s.ply != s.total or self.view_only:
            return
        busy = self._hint_job is not None and self._hint_job == self._job_key()
        b = button(self.ct("hint.busy" if busy else "hint"), self.ask_hint, cls="hint-button", data_action="hint")
        if busy:
            b.setAttribute("disabled", "")
        tray.appendChild(b)

    def ask_hint(self) -> None:
        s = self.session
        d = s.decider()
        if d is None or self._hint_job is not None:
            return
        key = self._job_key()
        self._hint_job = key
        self.app.play.draw_tray(self.interactive())
        asyncio.ensure_future(self._hint(key, d))

    async def _hint(self, key, player: int) -> None:
        s = key[0]
        try:
            from plateau.ai import Thinker, memory_size
            from plateau.ai.api import TIME_LIMITS

            t = Thinker(s.game, s.state.view(player), player, level="hard", seed=secrets.randbits(32),
                        time_limit_ms=TIME_LIMITS["hard"],
                        memory=s.earlier_views(player, memory_size(s.game)))
            while not t.step(max_ms=SLICE_MS):
                await asyncio.sleep(0)
                if self._hint_job != key or self._job_key() != key:
                    return
            text = t.best()
        except Exception as err:
            traceback.print_exc()
            self._hint_job = None
            self.flash(self.ct("error", msg=str(err)))
            return
        if self._hint_job != key or self._job_key() != key:
            return
        self._hint_job = None
        move = next((m for m in s.legal() if m.text == text), None)
        if move is None:
            return
        self.ctl.clear_clicks()
        self.app.play.draw_board()
        # in words, as the move list writes it for everyone: the line stays in
        # the log when the device passes on, so it names no secret of the
        # player hinted (Armadora: "Guerrier caché en a1", not its value) —
        # the marks on the board show that player the whole move
        public = s.viewer(None)
        words = self._words(lambda: s.game.move_label(s.state, text, public, self.lang), text, public is None)
        self.ai_say(self.ct("hint.move", name=s.record.players[player], move=words))
        for t in move.path:
            for node in qa(f'#board [data-target="{t}"], #tray [data-target="{t}"]'):
                node.classList.add("hint")
