"""One game being played or looked at: the record, the positions along it,
the ply shown and the clicks of the move being built.

Pure Python (no browser): the app drives it, and tests drive it natively.
"""

from __future__ import annotations

from plateau.core.game import Move, RenderContext, State
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
        """Play at the ply shown; moves after it are dropped."""
        text = move.text if isinstance(move, Move) else move
        state = self.state.clone()
        played = state.play(text)
        del self.record.moves[self.ply:]
        del self._states[self.ply + 1:]
        del self._played[self.ply:]
        for k in [k for k in self._legal if k > self.ply]:
            del self._legal[k]
        self.record.moves.append(played.text)
        self._states.append(state)
        self._played.append(played)
        self.ply += 1
        self.record.ply = None
        self.clicks = []
        return played

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

    # -- drawing ----------------------------------------------------------
    def viewer(self, open_hand: bool = False) -> int | None:
        """Whose eyes the board is drawn for: the player to decide while
        information is hidden, everyone otherwise."""
        s = self.state
        if open_hand or s.is_over() or not s.hidden_info():
            return None
        return s.to_play

    def context(self, lang: str = "fr", coords: bool = True, interactive: bool = True) -> RenderContext:
        return RenderContext(
            viewer=self.viewer(),
            clicks=tuple(self.clicks),
            targets=frozenset(self.next_targets()) if interactive else frozenset(),
            last=self.last_move(),
            lang=lang,
            coords=coords,
        )

    def render(self, lang: str = "fr", coords: bool = True, interactive: bool = True) -> str:
        return self.game.render(self.state, self.context(lang, coords, interactive))

    def snapshot(self, at_ply: bool = True) -> Record:
        """A copy of the record, positioned at the ply shown."""
        r = self.record
        ply = self.ply if at_ply and self.ply != self.total else None
        return Record(r.game, dict(r.options), r.seed, list(r.players), list(r.moves), ply, r.title)
