"""The protocol every Plateau game implements.

A game is described by a :class:`Game` (a module-level singleton: its id,
titles, player counts, rules options, catalogue and renderer) and played
through a :class:`State`:

* ``state.to_play`` — the index of the player who decides next (``None`` once
  the game is over). Several decisions in one turn are several moves.
* ``state.legal_moves()`` — a list of :class:`Move`, each with a canonical
  text in the game's notation and a *path* of targets for the board UI.
* ``state.play(move)`` — applies a legal move (mutates the state).
* ``state.is_over()``, ``state.scores()``, ``state.winners()``.
* ``state.view(player)`` — what that player may know, as plain data; the true
  state keeps everything, the view drops what is hidden from ``player``.
* the seeded :class:`~plateau.core.rng.Rng` lives inside the state, so dice
  and shuffles replay exactly from a :class:`~plateau.core.record.Record`.

What players read is the game's too: ``game.describe_move(state_before,
text, viewer, lang)`` puts a move in words for one viewer (``move_label``
adds a community notation where the game has one), ``state.score_table(lang,
viewer)`` says what the numbers mean, and :func:`must_pass_between` /
:func:`holder_after` decide from ``state.private_view_key(player)`` whether a
pass-the-device screen protects anything.

The board UI is generic: a move is a path of targets (piece, destination,
captures, an off-board choice such as a warrior's value...). After each click
the UI keeps the legal moves whose path starts with the clicks so far and
highlights the possible next targets; when the clicks complete exactly one
move it is played; when they complete a move that others extend, the UI
offers to play it as it is. ``Move.free`` marks where the order of the
remaining path elements no longer matters (e.g. which dwarfs a troll takes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from .i18n import pick, tr
from .rng import Rng


#: The viewer of a spectator (a view-only embed, a shared position looked at
#: by someone who plays no seat): what every player may know and nothing
#: that only some player may. ``state.view(PUBLIC)`` and a renderer given
#: ``RenderContext(viewer=PUBLIC)`` show public information only. It is a
#: string, not an int, so that code indexing per-player data with it fails
#: loudly instead of reading some player's secrets.
PUBLIC = "public"

#: the record option naming the seats played by the computer and their
#: level, e.g. ``"1:normal,2:easy"`` (read by plateau.web.computer)
SEATS_OPTION = "computers"
#: The rules revision a game was started under, kept in its options. A game
#: whose rules change in a way that changes legal moves or chance raises its
#: :attr:`Game.revision`; its states read ``options[REVISION_OPTION]`` (see
#: :func:`rules_revision`) and keep the older behaviour for older records.
#: :meth:`Game.full_options` fills it with the current revision; a record
#: decoded without it (made before its game had revisions) gets 0.
REVISION_OPTION = "_rev"


class RulesError(ValueError):
    """A move, option or position that the rules do not allow."""


class IllegalMove(RulesError):
    def __init__(self, text: str, reason: str = "") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"illegal move {text!r}" + (f": {reason}" if reason else ""))


@dataclass(frozen=True, init=False, slots=True)
class Move:
    """A move: its canonical notation ``text`` and the UI ``path`` of targets.

    ``free`` is the index in ``path`` from which the targets may be clicked in
    any order (defaults to ``len(path)``: the whole path is ordered).
    """

    text: str
    path: tuple[str, ...] = ()
    free: int = -1

    def __init__(self, text: str, path: tuple[str, ...] = (), free: int = -1) -> None:
        # engines make tens of thousands of moves a second: each field is set
        # once through its slot's own setter (a frozen class's ``__setattr__``
        # refuses, and ``object.__setattr__`` looks the slot up again each time)
        if not path:
            path = (text,)
        n = len(path)
        if free < 0 or free > n:
            free = n
        _SET_TEXT(self, text)
        _SET_PATH(self, path)
        _SET_FREE(self, free)

    def __str__(self) -> str:
        return self.text

    def matches(self, clicks: Sequence[str]) -> bool:
        """True when ``clicks`` can be the start of this move's path."""
        n = len(clicks)
        if n > len(self.path):
            return False
        k = min(n, self.free)
        if tuple(clicks[:k]) != self.path[:k]:
            return False
        rest = clicks[k:]
        if not rest:
            return True
        pool = list(self.path[self.free:])
        for c in rest:
            if c not in pool:
                return False
            pool.remove(c)
        return True

    def complete(self, clicks: Sequence[str]) -> bool:
        return len(clicks) == len(self.path) and self.matches(clicks)

    def next_targets(self, clicks: Sequence[str]) -> set[str]:
        """Targets that may follow ``clicks`` (assumes ``matches(clicks)``)."""
        n = len(clicks)
        if n >= len(self.path):
            return set()
        if n < self.free:
            return {self.path[n]}
        pool = list(self.path[self.free:])
        for c in clicks[self.free:]:
            pool.remove(c)
        return set(pool)


_SET_TEXT = Move.text.__set__  # type: ignore[attr-defined]
_SET_PATH = Move.path.__set__  # type: ignore[attr-defined]
_SET_FREE = Move.free.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Option:
    """A rules option chosen when a game starts.

    ``choices`` maps each allowed value to its label ``{"fr":..., "en":...}``;
    the first value of ``choices`` is not special: ``default`` is.
    """

    id: str
    label: dict
    choices: dict
    default: Any
    help: dict = field(default_factory=dict)
    #: when the option means something: ``{"players": (5,)}`` (player counts),
    #: ``{"board": ("classic",)}`` (values of another option); every entry must
    #: hold. The new-game form hides an option that does not apply (it keeps its
    #: default). Empty: always.
    when: dict = field(default_factory=dict)

    def applies(self, n_players: int, chosen: dict) -> bool:
        """Whether the option matters for ``n_players`` players and the other
        options ``chosen`` (values; a missing one counts as unknown: it applies)."""
        for key, allowed in self.when.items():
            if key == "players":
                if n_players not in allowed:
                    return False
            elif key in chosen and chosen[key] not in allowed:
                return False
        return True

    def validate(self, value: Any) -> Any:
        """``value`` itself when it is one of the choices, of the same type
        (``True`` is not ``1``; a list or a dict is never a choice);
        :class:`RulesError` otherwise."""
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return value
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise RulesError(f"option {self.id!r} cannot be {shown}")


@dataclass
class RenderContext:
    """What the UI asks a renderer to show besides the position.

    * ``viewer`` — whose eyes the board is drawn for: a player index,
      :data:`PUBLIC` for a spectator (public information only), or ``None``
      for everything visible (the end of the game, "open hand" mode);
    * ``clicks`` — targets clicked so far in the move being built;
    * ``targets`` — targets that may be clicked next (draw them highlighted,
      clickable and focusable);
    * ``last`` — the last move played (mark it), or ``None``;
    * ``lang`` — ``"fr"`` or ``"en"`` for labels;
    * ``coords`` — whether to draw coordinates;
    * ``compact`` — a narrow screen (a phone): a game whose board carries a
      side panel of text leaves it out (:meth:`Game.panel` gives its content
      to the page as text, readable at any size) and crops its drawing;
    * ``live`` — whether the position shown is the game's live one; false
      while the history is looked at (an earlier position): what was only
      said aloud at the table then, and not written down, is not shown.

    Rendering rules shared by all games: every element that may be a target
    carries ``data-target="<name>"`` and an ``aria-label``; when its name is
    in ``targets`` it also gets ``class`` containing ``target``,
    ``tabindex="0"`` and ``role="button"``; clicked ones get ``selected``.
    Targets that the board does not draw (off-board choices) are drawn by the
    UI as buttons labelled with ``Game.target_label``.
    """

    viewer: int | str | None = None
    clicks: tuple = ()
    targets: frozenset = frozenset()
    last: Move | None = None
    lang: str = "fr"
    coords: bool = True
    compact: bool = False
    live: bool = True

    def hit(self, name: str, label: str) -> "Hit":
        """Target ``name`` as a render model holds it: may it be clicked next, was it clicked."""
        return Hit(name, label, name in self.targets, name in self.clicks)


@dataclass
class Hit:
    """A clickable thing of a board's render model: its target name, spoken
    label, and whether it may be clicked next or was clicked."""

    name: str
    label: str
    target: bool = False
    selected: bool = False


class State:
    """Base class of a game position. Subclasses keep plain data only
    (ints, strings, tuples, lists, dicts, sets) so that :meth:`clone` is cheap
    and the state is easy to inspect."""

    game: "Game"
    rng: Rng
    players: list  # player names, index = player number

    # -- to implement ---------------------------------------------------
    @property
    def to_play(self) -> int | None:
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def apply(self, move: Move) -> None:
        """Apply ``move``, assumed legal (``play`` checks it)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list:
        """One number per player (or per team member), shown in the UI."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Indexes of the winning players once over ([] for none yet / draw)."""
        raise NotImplementedError

    def view(self, player: int | str | None) -> dict:
        """Plain data: what ``player`` may know (``None``: everything;
        :data:`PUBLIC`: what a spectator may know)."""
        raise NotImplementedError

    def public_view(self) -> dict:
        """What a spectator may know: no player's secrets."""
        return self.view(PUBLIC)

    def clone(self) -> "State":
        raise NotImplementedError

    # -- provided -------------------------------------------------------
    def move_from_text(self, text: str) -> Move:
        for m in self.legal_moves():
            if m.text == text:
                return m
        raise IllegalMove(text)

    def play(self, move: Move | str) -> Move:
        """Play a move given as a :class:`Move` or its text; returns the
        :class:`Move` played. Raises :class:`IllegalMove` when not legal."""
        text = move.text if isinstance(move, Move) else str(move)
        legal = self.move_from_text(text)
        self.apply(legal)
        return legal

    def movers(self) -> list[int]:
        """The players who may move now. Most games have one, :attr:`to_play`
        (none once over); a game whose players act at the same time (the
        tables of a tournament) lists them all, :attr:`to_play` first: the
        one a single device asks when nobody else has moved."""
        p = self.to_play
        return [] if p is None else [p]

    def legal_moves_for(self, player: int) -> list[Move]:
        """The moves ``player`` may make now ([] when not one of
        :meth:`movers`)."""
        return self.legal_moves() if player in self.movers() else []

    def play_as(self, player: int, move: Move | str) -> Move:
        """Play ``move`` for ``player``, who must be one of :meth:`movers`;
        raises :class:`IllegalMove` with the reason otherwise. With one mover
        this is :meth:`play`; a game with several overrides it and records
        the mover in the move it returns, so that a replay is exact."""
        text = move.text if isinstance(move, Move) else str(move)
        if player not in self.movers():
            raise IllegalMove(text, f"player {player} may not move now")
        return self.play(text)

    def asked_as(self, player: int) -> "State | None":
        """This position as the game would ask ``player``, one of
        :meth:`movers` who is not :attr:`to_play` (a copy whose ``to_play``
        is ``player``: a device where only ``player`` may move now shows it
        and plays its moves, which :meth:`play` accepts as they are written);
        None when the game cannot (the default)."""
        return None

    def table_count(self) -> int:
        """How many tables the game is played at (a tournament's); 0 for a
        game of one board."""
        return 0

    def seated_at(self, table: int) -> list[int]:
        """The players seated at ``table`` now, by seat (:meth:`table_count`
        tables); a club device that plays a table holds them."""
        return []

    def own_text(self, move_text: str) -> str:
        """A move's text as the board it is played on writes it: the text
        itself, unless a game records where a move was played (a tournament's
        move at a table other than the one asked first, ``@t<table> <move>``,
        is ``<move>`` at its table). What :meth:`play_as` accepts from a device
        that shows that board alone."""
        return move_text

    def status(self, lang: str = "fr") -> str:
        """One line for the UI: whose turn and what is being decided."""
        return ""

    def waiting_status(self, lang: str = "fr") -> str:
        """Who the game waits for, naming them, for a device where they do
        not play ("Ben bids at table 2"): never "your", which :meth:`status`
        may say to the one who decides. "" by default (the page names the
        player to move)."""
        return ""

    def hidden_info(self) -> bool:
        """True when some players may not see everything (hot-seat then
        shows a "pass the device" screen between players)."""
        return False

    def result_lines(self, lang: str = "fr") -> list[str]:
        """Plain-text lines explaining the final result (end screen)."""
        return []

    def player_marks(self, p: int) -> list:
        """How player ``p`` is told apart on the board: ``(colour, mark)``
        pairs (a colour as ``#rrggbb``, a mark of :mod:`plateau.core.marks`),
        one per colour the player plays; empty for a game whose players are
        not told apart by colour. The score table shows them beside the
        names."""
        return []

    def score_table(self, lang: str = "fr", viewer: int | str | None = None) -> dict:
        """The score table as ``viewer`` may see it, in the UI's language::

            {"caption": "...",                      # what the numbers mean ("" for none)
             "columns": ["Joueur", "Manche 1", "Total"],   # headings, first one over the names
             "rows": [["Ann", "12", "12"], ...],    # one row per player, seat order, all strings
             "notes": ["..."]}                       # short lines under the table (may be empty)

        Every row has as many cells as ``columns``. Values hidden from
        ``viewer`` are shown as ``"?"``. By default one column of
        :meth:`scores`.
        """
        head = "Joueur" if lang == "fr" else "Player"
        score = "Score"
        return {
            "caption": "",
            "columns": [head, score],
            "rows": [[str(name), str(v)] for name, v in zip(self.players, self.scores())],
            "notes": [],
        }

    def private_view_key(self, player: int | str | None) -> frozenset:
        """What only ``player`` may know (a player index, or :data:`PUBLIC`
        for someone who plays no seat), as a set of facts that can be
        compared between players: the device must be passed from ``a`` to
        ``b`` when ``b`` may know a fact that ``a`` may not (see
        :func:`must_pass_between`). An empty set means ``player`` knows
        nothing that a spectator does not.

        The default keeps every player apart in a game with hidden
        information (each one's key names the player), so the device is
        passed whenever the decider changes. A game whose :meth:`view` is
        exact may return :func:`view_secrets` ``(self, player)`` instead.
        """
        if not self.hidden_info():
            return frozenset()
        return frozenset({("player", player)})


class Game:
    """Description of one game. Subclass and instantiate once per game."""

    id: str = ""
    title: dict = {}
    min_players: int = 2
    max_players: int = 2
    options: Sequence[Option] = ()
    catalogue: dict = {"fr": {}, "en": {}}
    #: default player names (per language) offered by the new-game dialog
    seat_names: dict = {}
    #: whether the board draws coordinates that ``RenderContext.coords`` may hide
    has_coords: bool = True
    #: one line that makes a newcomer want to play (per language), and the
    #: usual length of a game, for the home page's card
    pitch: dict = {}
    duration: dict = {}
    #: the current rules revision (see :data:`REVISION_OPTION`); raised when a
    #: rules change would replay an older record differently
    revision: int = 0

    def new_state(self, players: Sequence[str], options: dict, seed: int) -> State:
        raise NotImplementedError

    def render(self, state: State, ctx: RenderContext) -> str:
        """One SVG string (see :class:`RenderContext` for the conventions)."""
        raise NotImplementedError

    def rules(self, lang: str) -> str:
        """The rules help as a small markdown text (headings ``#``, lists
        ``-``, paragraphs), stating the choices made where the seed is
        unclear. By default ``rules.<lang>.md`` beside the game's module
        (French when the language has no file)."""
        import sys
        from pathlib import Path

        here = Path(sys.modules[type(self).__module__].__file__).resolve().parent
        path = here / f"rules.{lang}.md"
        if not path.is_file():
            path = here / "rules.fr.md"
        return path.read_text(encoding="utf-8")

    #: an extra text format this game reads (e.g. ``".thud"``, from other
    #: programs), handled by :meth:`import_text`; "" for none
    file_ext: str = ""

    def import_text(self, text: str):
        """Turn a file in ``file_ext`` format into a Record (raise
        :class:`~plateau.core.record.RecordError` with a clear message)."""
        raise NotImplementedError

    def export_files(self, record) -> list[tuple[str, str]]:
        """Files in the game's own format(s) for ``record``, as
        ``(file name suffix, text)`` pairs; none by default."""
        return []

    def rules_diagram(self, name: str, lang: str) -> str:
        """An SVG drawn by the game for its rules page (a ``!diagram name``
        line of the rules text), or "" when it has none by that name."""
        return ""

    def setup_screen(self):
        """A setup screen of the game's own, in place of the generic
        new-game form (players and :attr:`options`), for a game whose setup
        is more than that; None (the default) for the generic form. See
        :mod:`plateau.core.setup`: a class of the game's package, pure
        Python, built by the page as ``cls(host, game)``."""
        return None

    def panel(self, state: State, viewer, lang: str) -> list[dict]:
        """The text of the board's side panel for ``viewer`` (see
        :class:`RenderContext` ``compact``), as sections
        ``{"title": str, "lines": [str, ...]}``; ``[]`` when the board has no
        panel. Shows exactly what the drawn panel shows to that viewer. A
        line that starts with two spaces belongs to the line above it (the
        page indents it)."""
        return []

    def describe_position(self, state: State, viewer, lang: str) -> list[str]:
        """The position in a few short lines of plain text, for a player who
        does not see the board (a screen reader): whose turn, the scores or
        what the panel shows, and where every piece ``viewer`` may see
        stands, grouped by side, row or region, each square or region named
        as the game's moves and targets name it (so that a move typed with
        those words is the one meant).

        ``viewer`` is a player index, :data:`PUBLIC` or ``None`` (everything,
        as the review of a finished game shows). Only what
        ``state.view(viewer)`` shows may appear: a position rebuilt from that
        view (:meth:`from_view`) is described in the same words. By default
        the status line and the lines of :meth:`panel`."""
        lines = [state.status(lang)]
        for section in self.panel(state, viewer, lang):
            body = [line.strip() for line in section["lines"] if line.strip()]
            if body:
                lines.append(f"{section['title']}{' : ' if lang == 'fr' else ': '}{' · '.join(body)}")
        return [line for line in lines if line]

    def panel_for(self, state: State, ctx: RenderContext) -> list[dict]:
        """:meth:`panel` for the page drawn with ``ctx`` (its viewer and
        language); a game whose panel also depends on another field of the
        context (``live``) overrides this."""
        return self.panel(state, ctx.viewer, ctx.lang)

    def views(self, state: State, lang: str) -> list[tuple[str, str]]:
        """Other ways of drawing the position besides :meth:`render`, offered
        as a switch above the board (e.g. an overview of every table of a
        tournament): ``[(view id, label), ...]``, the first one being
        :meth:`render` itself (id ``""``); ``[]`` (the default) for no switch.
        The others are drawn by :meth:`render_view` for the same viewer, and
        are looked at, not played on: the UI offers no move on them."""
        return []

    def prepare(self, state: State, lang: str) -> Iterator[None]:
        """Drawing work the page may do ahead while it is idle, in small
        steps (each ``next`` a few milliseconds at most): what the first
        drawing of another part of the game would otherwise compute while
        the player waits (a tournament's other boards). Nothing by default."""
        return iter(())

    def other_boards(self, state: State, ctx: RenderContext) -> Iterator[str]:
        """The markup of the game's boards that :meth:`render` does not draw
        at ``state`` but may at another position (a tournament's other
        tables), one at a time: the page lays them aside while it is idle, so
        that a step through the history to another board updates a drawing
        already made. Nothing by default."""
        return iter(())

    def from_view(self, view: dict, player, rng: Rng) -> State:
        """A position consistent with ``view`` (what ``player`` may see:
        :meth:`State.view`), its hidden parts drawn with ``rng`` from what
        the view leaves possible: the computer searches from it, and a club
        device draws the host's position with it (it never holds more than
        its seats may see). The game's ``fromview`` module (its
        ``from_view``); a game without one has no position to rebuild."""
        import importlib

        package = type(self).__module__
        try:
            module = importlib.import_module(package + ".fromview")
        except ModuleNotFoundError as e:
            if e.name != package + ".fromview":
                raise
            raise NotImplementedError(f"{self.id}: no position from a view") from None
        return module.from_view(view, player, rng)

    def as_asked(self, view: dict, player: int) -> dict:
        """``player``'s view as if the game asked them now, when they may
        move though the game asks someone else first (a tournament's table
        that plays at the same time as another); the view as it is by
        default."""
        return view

    # -- what the play screen says beside the board (none by default) ---------------
    def home_regions(self, state: State, view: str, players) -> list[int]:
        """The regions where the pieces of ``players`` stand on view ``view``
        (public facts), which a phone's zoomed board opens on when nothing is
        to be clicked; none by default (the middle of the board)."""
        return []

    def glossary(self, state: State, lang: str) -> tuple[str, list]:
        """A heading and the ``(name, text)`` of each thing in play whose
        rules a player may want at hand (shown one tap away under the board);
        no pairs by default: no glossary."""
        return "", []

    def click_hint(self, state: State, clicks: list, lang: str) -> str:
        """What the next click does once ``clicks`` are made, for the status
        line of a game whose moves take several clicks; "" by default."""
        return ""

    #: whether :meth:`turn_gain` may say something (the page then rebuilds
    #: the position before the move to ask it)
    says_turn_gain = False

    def turn_gain(self, before: State, after: State, player: int, lang: str) -> str:
        """What the move from ``before`` to ``after`` earned ``player``, in
        words, said before the device passes (see :attr:`says_turn_gain`);
        "" by default (nothing said)."""
        return ""

    def group_view(self, group: int) -> str:
        """The view (see :meth:`views`) that shows seat group ``group`` — a
        tournament's table — for a device that holds that group's seats;
        "" when the game has no such view (its board shows every seat)."""
        return ""

    def render_strip(self, state: State, view: str, ctx: RenderContext) -> str:
        """On a phone (``ctx.compact``), what the page lays under the board at
        the screen's width, out of the board's zoom: markup of its own (HTML,
        one element), its clickable things following the board's conventions
        (see :class:`RenderContext`); "" when the board has none (the default).
        Small World's combo column is one: a map zoomed for its labels would
        cut its cards."""
        return ""

    def render_view(self, state: State, view: str, ctx: RenderContext) -> str:
        """The position drawn as the other view ``view`` (see :meth:`views`),
        for ``ctx.viewer``'s eyes like the board."""
        return self.render(state, ctx)

    def confirm_text(self, move_text: str, lang: str) -> str:
        """A question the UI asks before playing ``move_text`` (a move with
        lasting consequences, e.g. passing for the rest of the game), or ""
        to play it straight away."""
        return ""

    def public_move_text(self, text: str, revealed: bool) -> str:
        """A move's text as a move list may show it: a game with hidden
        information masks what only its author may know unless
        ``revealed`` (the viewer sees everything)."""
        return text

    def describe_move(self, state_before: State, move_text: str, viewer: int | str | None = None,
                      lang: str = "fr") -> str:
        """A short sentence naming the move ``move_text`` played from
        ``state_before`` (which is not changed), for the move list, the log,
        the buttons of off-board choices and "play as it is": "Palissade
        g2–g3", "Guerrier caché en c1".

        ``viewer`` is whose eyes the sentence is written for: a player
        index, :data:`PUBLIC` (a spectator) or ``None`` (everything shown,
        e.g. the review of a finished game). Nothing hidden from ``viewer``
        at the position after the move may appear in it. By default the
        move text as :meth:`public_move_text` shows it.
        """
        return self.public_move_text(move_text, viewer is None)

    def notation(self, move_text: str, viewer: int | str | None = None) -> str:
        """The move in a notation that players of this game read elsewhere
        (shown beside the description, e.g. ``TF6-F5xG4`` in Thud), or ""
        when the game has none worth showing (the default)."""
        return ""

    def move_label(self, state_before: State, move_text: str, viewer: int | str | None = None,
                   lang: str = "fr") -> str:
        """What a move list shows: :meth:`describe_move`, followed by the
        community :meth:`notation` in parentheses when the game has one."""
        text = self.describe_move(state_before, move_text, viewer, lang)
        n = self.notation(move_text, viewer)
        return f"{text} ({n})" if n and n != text else text

    def move_author(self, state_before: State, players: list[str], lang: str = "fr",
                    move_text: str | None = None) -> str:
        """Who plays a move from ``state_before``, as the move list names
        them: the name of the player to play (a tournament adds the table).
        ``move_text``, when given, is the move: a game where several may
        move at once (:meth:`State.movers`) names the one who made it."""
        return players[state_before.to_play]

    def mover_of(self, state_before: State, move_text: str) -> int | None:
        """The player who made ``move_text`` from ``state_before``: the one
        to play, unless the game lets several move at once
        (:meth:`State.movers`: a tournament's tables, its bidders)."""
        return state_before.to_play

    def line_alike(self, state_before: State, move_text: str) -> bool:
        """Whether every viewer reads the same :meth:`move_line` for this
        move (then it is written once for all of them). ``False`` unless a
        game knows its descriptions hide nothing (a wrong ``True`` would
        show a player's secret to others: ``tests/core/test_hidden_info``
        checks it)."""
        return False

    def move_line(self, state_before: State, move_text: str, players: list[str],
                  viewer: int | str | None = None, lang: str = "fr") -> str:
        """One line of the move list (and of the computer's log): who played
        and :meth:`move_label`, "Ann: Dwarf F1 → F3 (dF1-F3)". A game whose
        descriptions are verb phrases makes a sentence of them instead
        ("Ann conquers region 3"). Whose turn it is is public, so the name
        hides nothing."""
        return f"{self.move_author(state_before, players, lang, move_text)}: " \
               f"{self.move_label(state_before, move_text, viewer, lang)}"

    # -- provided -------------------------------------------------------
    def t(self, lang: str, key: str, **fields) -> str:
        return tr(self.catalogue, lang, key, **fields)

    def name(self, lang: str) -> str:
        return pick(self.title, lang)

    def target_label(self, target: str, lang: str) -> str:
        """Label of an off-board target (a tray button). Override as needed;
        by default a catalogue entry ``target.<name>`` or the name itself."""
        key = "target." + target
        text = tr(self.catalogue, lang, key)
        return target if text == key else text

    def full_options(self, options: dict | None) -> dict:
        """Fill defaults and validate; unknown option names are errors.
        :data:`SEATS_OPTION` (which seats the computer plays) is not a rules
        option: it stays in the record, the game never sees it."""
        options = dict(options or {})
        options.pop(SEATS_OPTION, None)
        revision = options.pop(REVISION_OPTION, None)
        known = {o.id: o for o in self.options}
        for k in options:
            if k not in known:
                raise RulesError(f"unknown option {k!r} for {self.id}")
        out = {}
        for o in self.options:
            out[o.id] = o.validate(options.get(o.id, o.default))
        if revision is not None or self.revision:
            out[REVISION_OPTION] = self.check_revision(revision)
        return out

    def check_revision(self, revision) -> int:
        """The rules revision ``revision`` (None: the current one), checked:
        a record made under rules newer than this Plateau knows is refused."""
        if revision is None:
            return self.revision
        if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
            raise RulesError("the record's rules revision is malformed")
        if revision > self.revision:
            raise RulesError(f"this game was played under newer rules (revision {revision}) than this "
                             f"version of Plateau knows (revision {self.revision}): open it with a newer version")
        return revision

    def check_players(self, players: Iterable[str]) -> list[str]:
        players = [str(p) for p in players]
        if not (self.min_players <= len(players) <= self.max_players):
            raise RulesError(
                f"{self.id} is for {self.min_players}–{self.max_players} players, not {len(players)}"
            )
        return players

    def start(self, players: Sequence[str], options: dict | None = None, seed: int = 0) -> State:
        """A new game, options filled and validated."""
        return self.new_state(self.check_players(players), self.full_options(options), int(seed))


def as_tuples(x):
    """``x`` with every list in it (at any depth) made a tuple: a view's
    JSON lists back to the tuples a state holds (``Game.from_view``).

    >>> as_tuples([1, [2, [3]], "a"])
    (1, (2, (3,)), 'a')
    """
    return tuple(as_tuples(v) for v in x) if isinstance(x, list) else x


def rules_revision(options: dict, game: "Game") -> int:
    """The rules revision a state with these options plays under: the one
    its options name, else the game's current one."""
    rev = options.get(REVISION_OPTION) if isinstance(options, dict) else None
    return game.revision if rev is None else rev


# -- passing the device -----------------------------------------------------
def _leaves(data, path=()):
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, path + (str(k),))
    elif isinstance(data, (list, tuple)):
        if not data:
            yield path, ()
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    elif isinstance(data, set):
        yield path, tuple(sorted(data, key=repr))
    else:
        yield path, data


def view_secrets(state: State, player: int | str | None, ignore: Iterable[str] = ()) -> frozenset:
    """The facts of ``state.view(player)`` that a spectator's view lacks:
    ``(path, value)`` pairs of the view's leaves that differ from
    ``state.view(PUBLIC)``. ``ignore`` names top-level view fields that
    differ per player without being secret (left out). A game whose views
    are exact may use it as :meth:`State.private_view_key`.
    """
    if player == PUBLIC:
        return frozenset()
    skip = set(ignore)
    public = {k: v for k, v in _leaves(state.view(PUBLIC)) if not (k and k[0] in skip)}
    out = set()
    for k, v in _leaves(state.view(player)):
        if k and k[0] in skip:
            continue
        if k not in public or public[k] != v:
            out.add((k, v))
    return frozenset(out)


def must_pass_between(state: State, holder: int | str | None, decider: int | None) -> bool:
    """Whether a pass-the-device screen must stand between ``holder`` (who
    holds the device: a player index, or ``None``/:data:`PUBLIC` when nobody
    is known to hold it) and ``decider`` (who decides next at ``state``).

    The screen protects something only when the decider may see a fact that
    the holder may not: the board is then drawn for the decider, and the
    holder must not see it. When the decider knows nothing more than the
    holder (equal keys, or an empty key for the decider), the device simply
    changes hands and the holder becomes the decider. A game over, a game
    without hidden information or the same player: no screen.
    """
    if decider is None or state.is_over() or not state.hidden_info():
        return False
    if holder == decider:
        return False
    hk = state.private_view_key(PUBLIC if holder is None else holder)
    dk = state.private_view_key(decider)
    return not dk <= hk


def holder_after(state: State, holder: int | str | None) -> int | str | None:
    """Who holds the device once a move has been played at ``state``: the
    decider when no screen is needed (see :func:`must_pass_between`),
    otherwise ``None`` (the device is being passed)."""
    decider = None if state.is_over() else state.to_play
    if decider is None or not state.hidden_info():
        return holder
    if holder == decider or not must_pass_between(state, holder, decider):
        return decider
    return None
