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
"""

from __future__ import annotations

import asyncio
import secrets
import traceback

from plateau.core.game import SEATS_OPTION
from plateau.core.i18n import tr

from pyodide.ffi import to_js

from .dom import button, by_id, document, el, listen, q

LEVELS = ("easy", "normal", "hard")


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


def has_computer(gid: str) -> bool:
    """Whether the game has computer-player hooks (without importing them)."""
    import importlib.util

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


class ComputerPlayer:
    """Methods of :class:`~plateau.web.app.App` (mixed in before the screens,
    so that its overrides wrap theirs)."""

    _think_job = None  # (session, ply, total) of the search under way
    _hint_job = None
    _ai_log: list = []

    def ct(self, key: str, **kw) -> str:
        return tr(CATALOGUE, self.lang, key, **kw)

    # -- seats --------------------------------------------------------------
    def computer_seats(self) -> dict[int, str]:
        s = self.session
        if s is None:
            return {}
        return seats_of(s.record.options, len(s.record.players))

    def show_play(self) -> None:
        s = self.session
        seats = self.computer_seats()
        s.computers = frozenset(seats)
        humans = [p for p in range(len(s.record.players)) if p not in seats]
        if seats and len(humans) == 1 and self.holder is None:
            self.holder = humans[0]  # one person at the device: no pass screen ever
        if seats:
            self.warm_computer()
        if getattr(self, "_ai_log_session", None) is not s:
            self._ai_log_session = s
            self._ai_log = []
        super().show_play()
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

    def draw_ai_log(self) -> None:
        box = by_id("computer-log")
        if box is None:
            return
        box.replaceChildren(*[el("li", {"text": line}) for line in self._ai_log[-3:]])

    def ai_say(self, line: str) -> None:
        self._ai_log.append(line)
        self.draw_ai_log()

    # -- the new-game form: human or computer per seat ---------------------------
    def show_new(self, gid: str, values: list | None = None) -> None:
        super().show_new(gid)
        try:
            self.add_seat_kinds(gid)
        finally:
            self.restore_form(values or [])

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
                sel.appendChild(el("option", {"value": "human", "text": self.ct("seat.human")}))
                for lv in LEVELS:
                    sel.appendChild(el("option", {"value": lv,
                                                  "text": self.ct("seat.computer", level=self.ct("level." + lv))}))
                label.appendChild(sel)

        add_kinds()
        count = by_id("player-count")
        if count is not None:
            # the form rebuilds the seats when the count changes; add the choice again
            listen(count, "change", add_kinds)

    def new_game(self, gid, names, options, seed, save: bool = True) -> None:
        seats = {}
        form = by_id("new-game")
        if form is not None and self.screen == "new":
            for sel in qa("select.seat-kind", form):
                v = str(sel.value)
                if v in LEVELS:
                    seats[int(sel.getAttribute("data-seat"))] = v
        self.cancel_thinking()
        if not seats:
            super().new_game(gid, names, options, seed, save)
            return
        self._pending_seats = seats
        try:
            super().new_game(gid, names, options, seed, save)
        finally:
            self._pending_seats = None

    def autosave(self) -> None:
        pending = getattr(self, "_pending_seats", None)
        if pending and self.session is not None and SEATS_OPTION not in self.session.record.options:
            # a new game: the seats go into the record before its first save
            self.session.record.options[SEATS_OPTION] = seats_option(pending)
            self.session.computers = frozenset(pending)
        super().autosave()

    # -- thinking -------------------------------------------------------------------
    def refresh(self) -> None:
        super().refresh()
        self.maybe_think()

    def _job_key(self):
        s = self.session
        return (s, s.ply, s.total)

    def cancel_thinking(self) -> None:
        self._think_job = None
        self._hint_job = None

    def maybe_think(self) -> None:
        s = self.session
        if s is None or self.screen != "play" or self.view_only:
            return
        d = s.decider()
        seats = self.computer_seats()
        if d is None or d not in seats or s.ply != s.total:
            return
        key = self._job_key()
        status = by_id("status")
        if status is not None:
            status.textContent = self.ct("thinking", name=s.record.players[d])
        if self._think_job == key:
            return  # already thinking about this position
        self._think_job = key
        asyncio.ensure_future(self._think(key, d, seats[d]))

    def _still(self, key) -> bool:
        return self._think_job == key and self.screen == "play" and self._job_key() == key

    def warm_computer(self) -> None:
        """Import the search and the game's hooks while the person is still
        looking at the board, one module per turn of the event loop, so
        that the computer's first turn does not pay for them in one block."""
        s = self.session
        if s is None or getattr(self, "_warmed", None) == s.game.id:
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
            t = Thinker(s.game, s.state.view(player), player, level=level, seed=secrets.randbits(32),
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
            t0 = _now()
            played = s.play(text)
        except Exception as err:  # the page must survive a computer's failure
            traceback.print_exc()
            if self._think_job == key:
                self._think_job = None
                self.flash(self.ct("error", msg=str(err)))
            return
        self._think_job = None
        revealed = self.viewer() is None
        # the move list's line, as it reads to whoever holds the device ("Chloé bids")
        words = self._words(lambda: s.move_line(len(s.record.moves) - 1, self.viewer(), self.lang),
                            played.text, revealed)
        self.ai_say(words)
        if fast and self._quietly_on(s):
            _measure("ai:play", t0)
            return
        self._drawn_at = _now()
        self.after_click(played)
        self.mark_move(played, "ai-last", revealed)
        _measure("ai:play", t0)

    def _quietly_on(self, s) -> bool:
        """At the fast pace, another computer's move follows at once and the
        board was drawn less than FAST_DRAW_S ago: the move is saved and the
        next computer starts thinking, the board is drawn later. Returns
        whether it went so."""
        d = s.decider()
        if d is None or d not in self.computer_seats() or s.state.is_over():
            return False
        if (_now() - getattr(self, "_drawn_at", 0.0)) / 1000.0 >= FAST_DRAW_S:
            return False
        self.board_view = ""
        if not self.embed:
            self.autosave()
        self.maybe_think()
        return True

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

    # -- undo in a game against the computer --------------------------------------
    def undo(self) -> None:
        """Back to the last position where a person decides (taking back the
        computer's answer together with one's own move)."""
        s = self.session
        seats = self.computer_seats()
        self.cancel_thinking()
        if not seats or len(seats) == len(s.record.players):
            return super().undo()
        ply = s.ply - 1
        while ply > 0 and s.to_play_at(ply) in seats:
            ply -= 1
        self.nav(max(0, ply))

    # -- hints ------------------------------------------------------------------------
    def draw_tray(self, interactive: bool) -> None:
        super().draw_tray(interactive)
        s = self.session
        tray = by_id("tray")
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
        self.draw_tray(self.interactive())
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
        s.clear_clicks()
        self.draw_board()
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
