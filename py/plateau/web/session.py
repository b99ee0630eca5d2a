"""One game being played or looked at: the record, the positions along it,
the ply shown and the clicks of the move being built.

Pure Python (no browser): the app drives it, and tests drive it natively.
"""

from __future__ import annotations

from plateau.core.game import PUBLIC, Move, RenderContext, State, must_pass_between
from plateau.core.record import Record, RecordError
from plateau.core.registry import get_game


class Session:
    def __init__(self, record: Record) -> None:
        game = get_game(record.game)
        if game is None:
            raise RecordError("game", f"unknown game {record.game!r}")
        self.game = game
        self.record = record
        self._states: list[State] = [record.start()]
        self._played: list[Move] = []
        self._legal: dict[int, list[Move]] = {}
        self._extend(len(record.moves))  # validates every move
        self.ply = len(record.moves) if record.ply is None else record.ply
        self.clicks: list[str] = []
        #: the continuation that the last move played in the past replaced:
        #: ``(ply, moves)``, so that it can be brought back
        self.replaced: tuple[int, list[str]] | None = None
        self.replaced_own = False  # the replaced moves were the replacing player's own turn
        #: whether some players may not see everything (hot-seat hides it)
        self.hidden = self._states[0].hidden_info()
        #: seats played by the computer: the device never passes to them, and
        #: while they decide the page keeps showing what its holder may see
        self.computers: frozenset[int] = frozenset()
        self._screens: dict = {}  # (ply, holder) -> whether the decider there needs a pass screen
        self._labels: dict = {}  # (ply, viewer, lang) -> the move list's words for that move

    # -- positions ------------------------------------------------------
    def _extend(self, upto: int) -> None:
        while len(self._states) <= upto:
            i = len(self._states) - 1
            state = self._states[-1].clone()
            text = self.record.moves[i]
            try:
                self._played.append(state.play(text))
            except Exception:
                raise RecordError("illegal", f"move {i + 1} ({text!r}) is not legal", ply=i, move=text) from None
            self._states.append(state)

    @property
    def total(self) -> int:
        return len(self.record.moves)

    @property
    def state(self) -> State:
        return self._states[self.ply]

    def earlier_views(self, player: int, count: int) -> list[dict]:
        """``player``'s views of the ``count`` positions before the one
        shown, oldest first: what that player saw happen (a computer player
        keeps some of it in mind, as a person at the table does)."""
        if count <= 0:
            return []
        return [st.view(player) for st in self._states[max(0, self.ply - count):self.ply]]

    def legal(self) -> list[Move]:
        moves = self._legal.get(self.ply)
        if moves is None:
            moves = [] if self.state.is_over() else self.state.legal_moves()
            self._legal[self.ply] = moves
        return moves

    def last_move(self) -> Move | None:
        return self._played[self.ply - 1] if self.ply > 0 else None

    # -- the move being built -------------------------------------------
    def candidates(self) -> list[Move]:
        c = self.clicks
        return [m for m in self.legal() if m.matches(c)]

    def next_targets(self) -> set[str]:
        out: set[str] = set()
        for m in self.candidates():
            out |= m.next_targets(self.clicks)
        return out

    def complete_moves(self) -> list[Move]:
        return [m for m in self.candidates() if m.complete(self.clicks)]

    def click(self, target: str) -> Move | None:
        """Add a click; returns the move played, if the clicks completed one.

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
            return self.play(cands[0])
        return None

    def play_as_is(self) -> Move | None:
        done = self.complete_moves()
        if len(done) == 1:
            return self.play(done[0])
        return None

    def clear_clicks(self) -> None:
        self.clicks = []

    def play(self, move: Move | str) -> Move:
        """Play at the ply shown; the moves after it are replaced, and kept in
        :attr:`replaced` so that :meth:`restore_replaced` can bring them back."""
        text = move.text if isinstance(move, Move) else move
        state = self.state.clone()
        played = state.play(text)
        if self.ply < self.total:
            self.replaced = (self.ply, list(self.record.moves[self.ply:]))
            # the moves replaced were the mover's own (or the computer's answers to them):
            # taking back one's own turn, which needs no warning
            me = self._states[self.ply].to_play
            self.replaced_own = all(self._states[k].to_play in (me, *self.computers)
                                    for k in range(self.ply, self.total))
        del self.record.moves[self.ply:]
        del self._states[self.ply + 1:]
        del self._played[self.ply:]
        for k in [k for k in self._legal if k > self.ply]:
            del self._legal[k]
        self._forget_after(self.ply)
        self.record.moves.append(played.text)
        self._states.append(state)
        self._played.append(played)
        self.ply += 1
        self.record.ply = None
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
        del self.record.moves[ply:]
        del self._states[ply + 1:]
        del self._played[ply:]
        for k in [k for k in self._legal if k > ply]:
            del self._legal[k]
        self._forget_after(ply)
        self.record.moves.extend(moves)
        self._extend(len(self.record.moves))
        self.replaced = (ply, now) if now else None
        self.ply = self.total
        self.record.ply = None
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
        me = self._states[ply].to_play
        if any(self._states[k].to_play not in (me, *self.computers) for k in range(ply, self.total)):
            return None
        if self.hidden and holder != me:
            return None
        return len(moves), ply

    def replaced_line(self, viewer, lang: str) -> str:
        """The first replaced move as the move list would write it for ``viewer``."""
        ply, moves = self.replaced
        return self.game.move_line(self._states[ply], moves[0], list(self.record.players), viewer, lang)

    # -- navigation -----------------------------------------------------
    def goto(self, ply: int) -> None:
        ply = max(0, min(self.total, ply))
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
        """The game as recorded is over: its review may show everything."""
        return self._states[-1].is_over()

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
        """Who decides at the position shown (``None`` when it is over)."""
        s = self.state
        return None if s.is_over() else s.to_play

    def screen_needed(self, holder: int | None) -> bool:
        """Whether the decider at the position shown may see something that
        ``holder`` may not (the game decides: ``must_pass_between``); a pass
        screen then has to stand between them. Cached: it compares views."""
        d = self.decider()
        if not self.hidden or d is None or d == holder or d in self.computers:
            return False
        key = (self.ply, holder)
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
        the holder when the decider knows nothing the holder does not."""
        d = self.decider()
        if d is None or d in self.computers:
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
        """Move ``i`` (0-based) in words for ``viewer``, as the move list
        shows it (``Game.move_label``, from the position before it)."""
        key = (i, viewer, lang)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = self.game.move_label(self._states[i], self.record.moves[i], viewer, lang)
        return hit

    def move_line(self, i: int, viewer, lang: str) -> str:
        """Move ``i`` (0-based) as a line of the move list: who played it and
        what, for ``viewer`` (``Game.move_line``)."""
        key = ("line", i, viewer, lang)
        hit = self._labels.get(key)
        if hit is None:
            hit = self._labels[key] = self.game.move_line(self._states[i], self.record.moves[i],
                                                          list(self.record.players), viewer, lang)
        return hit

    def _forget_after(self, ply: int) -> None:
        """Cached facts about positions after ``ply`` are stale."""
        self._screens = {k: v for k, v in self._screens.items() if k[0] <= ply}
        self._labels = {k: v for k, v in self._labels.items() if k[-3] < ply}

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

    def snapshot(self, at_ply: bool = True) -> Record:
        """A copy of the record, positioned at the ply shown."""
        r = self.record
        ply = self.ply if at_ply and self.ply != self.total else None
        return Record(r.game, dict(r.options), r.seed, list(r.players), list(r.moves), ply, r.title)
