"""Thud: the match state (two rounds, sides swapped), moves and scoring.

A position is a list of 225 cells (see :mod:`.board`). The match:

* round 1: player 0 commands the dwarfs, player 1 the trolls; round 2 swaps
  the sides (rules option ``rounds``: 2, the default, or 1); the dwarfs
  start every round;
* on its turn a side plays a board move or ``offer`` (to end the round);
  the other side then plays ``accept`` (the round ends) or ``refuse`` (play
  goes on and the side that offered plays a board move: it may not offer
  again in that same turn);
* a round also ends when the side to move has no legal board move;
* round score: 1 point per dwarf left for the dwarfs' commander, 4 per troll
  left for the trolls' commander; a tied round scores nothing for either;
  the larger total over the rounds wins (equal totals: a draw).

>>> from plateau.games.thud import GAME
>>> s = GAME.start(["Ann", "Bob"])
>>> s.to_play, len(s.legal_moves())
(0, 657)
>>> s.play("dF1-F3").text
'dF1-F3'
>>> s.to_play
1
"""

from __future__ import annotations

from plateau.core.game import IllegalMove, Move, RulesError, State
from plateau.core.rng import Rng

from . import board as B
from .board import DWARF, TROLL

OFFER, ACCEPT, REFUSE = "offer", "accept", "refuse"
POINTS = {DWARF: 1, TROLL: 4}


class ThudState(State):
    def __init__(self, game, players, options: dict, seed: int, start_board=None) -> None:
        self.game = game
        self.players = list(players)
        self.options = dict(options)
        self.rng = Rng(seed)
        self.conv = self.options.get("captures", "any")
        self.n_rounds = int(self.options.get("rounds", 2))
        self.start = list(start_board) if start_board is not None else list(B.START_BOARD)
        self.board = list(self.start)
        self.round = 1  # 1-based
        self.side = DWARF  # side to move (or that offered, while an offer is pending)
        self.phase = "play"  # "play", "reply" (an offer awaits an answer), "over"
        self.no_offer = False  # the side to move has just had its offer refused
        self.results: list = []  # one dict per finished round
        self.totals = [0, 0]
        self.round_plies = 0  # board moves played in the current round
        self._moves = None  # cached legal moves: dict text -> Move
        self._round_start_check()

    # -- copying ----------------------------------------------------------
    def clone(self) -> "ThudState":
        s = ThudState.__new__(ThudState)
        s.game = self.game
        s.players = list(self.players)
        s.options = dict(self.options)
        s.rng = self.rng.copy()
        s.conv = self.conv
        s.n_rounds = self.n_rounds
        s.start = self.start  # never mutated
        s.board = list(self.board)
        s.round = self.round
        s.side = self.side
        s.phase = self.phase
        s.no_offer = self.no_offer
        s.results = [dict(r) for r in self.results]
        s.totals = list(self.totals)
        s.round_plies = self.round_plies
        s._moves = self._moves
        return s

    # -- who plays ----------------------------------------------------------
    def dwarf_player(self, rnd: int | None = None) -> int:
        """Index of the player commanding the dwarfs in round ``rnd``."""
        return ((rnd or self.round) - 1) % 2

    def commander(self, side: int, rnd: int | None = None) -> int:
        d = self.dwarf_player(rnd)
        return d if side == DWARF else 1 - d

    @property
    def to_play(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "reply":
            return 1 - self.commander(self.side)
        return self.commander(self.side)

    def deciding_side(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "reply":
            return TROLL if self.side == DWARF else DWARF
        return self.side

    # -- moves ------------------------------------------------------------
    def board_moves(self) -> list:
        """The raw board moves ``(frm, to, caps)`` of the side to move."""
        return B.gen_moves(self.board, self.side, self.conv)

    def _legal(self) -> dict:
        if self._moves is not None:
            return self._moves
        out = {}
        if self.phase == "play":
            side = self.side
            make = self._make_move
            for mv in B.gen_moves(self.board, side, self.conv):
                text = B.move_text(side, mv)
                out[text] = make(text, mv)
            if not self.no_offer:
                out[OFFER] = Move(OFFER, (OFFER,))
        elif self.phase == "reply":
            out[ACCEPT] = Move(ACCEPT, (ACCEPT,))
            out[REFUSE] = Move(REFUSE, (REFUSE,))
        self._moves = out
        return out

    def legal_moves(self) -> list[Move]:
        return list(self._legal().values())

    def move_from_text(self, text: str) -> Move:
        if self._moves is None and self.phase == "play" and text[:1] in ("d", "T"):
            # fast path (replaying records): check the one move, build one Move
            side = self.side
            if text[0] != ("d" if side == DWARF else "T"):
                raise IllegalMove(text, "not this side's turn")
            mv = parse_move(text)
            if B.move_text(side, mv) != text or mv not in B.gen_moves(self.board, side, self.conv):
                raise IllegalMove(text)
            return self._make_move(text, mv)
        m = self._legal().get(text)
        if m is None:
            raise IllegalMove(text)
        return m

    def _make_move(self, text: str, mv: tuple) -> Move:
        names = B.NAMES
        s, t, caps = mv
        if self.side == DWARF or not caps:
            return Move(text, (names[s], names[t]))
        return Move(text, (names[s], names[t]) + tuple(names[c] for c in caps), 2)

    def apply(self, move: Move) -> None:
        text = move.text if isinstance(move, Move) else str(move)
        self._moves = None
        if text == OFFER:
            self.phase = "reply"
            return
        if text == REFUSE:
            self.phase = "play"
            self.no_offer = True
            return
        if text == ACCEPT:
            self._end_round("agreed")
            return
        mv = parse_move(text)
        B.make(self.board, mv, self.side)
        self.round_plies += 1
        self.no_offer = False
        self.side = TROLL if self.side == DWARF else DWARF
        if not B.count_moves(self.board, self.side, self.conv):
            self._end_round("blocked")

    def _round_start_check(self) -> None:
        # a (custom) start position where the dwarfs cannot move ends at once
        if self.phase == "play" and not B.count_moves(self.board, self.side, self.conv):
            self._end_round("blocked")

    def _end_round(self, reason: str) -> None:
        nd, nt = self.material()
        dp = self.dwarf_player()
        pts = [0, 0]
        dwarf_pts, troll_pts = nd * POINTS[DWARF], nt * POINTS[TROLL]
        if dwarf_pts != troll_pts:
            pts[dp] = dwarf_pts
            pts[1 - dp] = troll_pts
        blocked = None
        if reason == "blocked":
            blocked = "d" if self.side == DWARF else "T"
        self.results.append({
            "round": self.round, "dwarfs": nd, "trolls": nt, "dwarf_player": dp,
            "points": pts, "reason": reason, "blocked": blocked, "plies": self.round_plies,
        })
        self.totals[0] += pts[0]
        self.totals[1] += pts[1]
        self._moves = None
        if self.round >= self.n_rounds:
            self.phase = "over"
            return
        self.round += 1
        self.board = list(self.start)
        self.side = DWARF
        self.phase = "play"
        self.no_offer = False
        self.round_plies = 0
        self._round_start_check()

    # -- results ----------------------------------------------------------
    def material(self) -> tuple[int, int]:
        """(dwarfs, trolls) on the board."""
        b = self.board
        return b.count(DWARF), b.count(TROLL)

    def round_points(self) -> tuple[int, int]:
        """(dwarf points, troll points) if the round ended now."""
        nd, nt = self.material()
        return nd * POINTS[DWARF], nt * POINTS[TROLL]

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list:
        return list(self.totals)

    def winners(self) -> list[int]:
        if self.phase != "over" or self.totals[0] == self.totals[1]:
            return []
        return [0 if self.totals[0] > self.totals[1] else 1]

    def hidden_info(self) -> bool:
        return False

    def view(self, player: int | None = None) -> dict:
        b = self.board
        rows = ["".join(B.CHARS[b[r * 15 + c]] for c in range(15)) for r in range(15)]
        dp, tp = self.round_points()
        return {
            "board": rows,
            "round": self.round,
            "rounds": self.n_rounds,
            "side": "d" if self.side == DWARF else "T",
            "phase": self.phase,
            "no_offer": self.no_offer,
            "to_play": self.to_play,
            "players": list(self.players),
            "options": dict(self.options),
            "dwarf_player": self.dwarf_player(),
            "material": {"dwarfs": b.count(DWARF), "trolls": b.count(TROLL),
                         "dwarf_points": dp, "troll_points": tp},
            "round_plies": self.round_plies,
            "results": [dict(r) for r in self.results],
            "totals": list(self.totals),
        }

    # -- texts ------------------------------------------------------------
    def _t(self, lang, key, **kw):
        return self.game.t(lang, key, **kw)

    def side_name(self, side: int, lang: str) -> str:
        return self._t(lang, "side.dwarfs" if side == DWARF else "side.trolls")

    def status(self, lang: str = "fr") -> str:
        if self.phase == "over":
            lines = self.result_lines(lang)
            return lines[0] if lines else ""
        dp, tp = self.round_points()
        score = self._t(lang, "status.material", dwarfs=dp, trolls=tp)
        head = self._t(lang, "status.round", round=self.round, rounds=self.n_rounds)
        side = self.deciding_side()
        who = self.players[self.to_play]
        if self.phase == "reply":
            key = "status.reply"
        elif self.no_offer:
            key = "status.refused"
        else:
            key = "status.play"
        body = self._t(lang, key, player=who, side=self.side_name(side, lang))
        return f"{head} — {body} ({score})"

    def score_table(self, lang: str = "fr", viewer=None) -> dict:
        """Points per round and in total; the round in play shows its live
        score (the pieces on the board now) beside the finished rounds.

        >>> from plateau.games.thud import GAME
        >>> t = GAME.start(["Ann", "Bob"]).score_table("fr")
        >>> t["columns"], t["rows"]
        (['Joueur', 'Manche 1 (en cours)', 'Manche 2', 'Total'], [['Ann', '32 (nains)', '', '0'], ['Bob', '32 (trolls)', '', '0']])
        """
        t = self._t
        cols = [t(lang, "score.player")]
        rows = [[name] for name in self.players]
        done = {r["round"]: r for r in self.results}
        for rnd in range(1, self.n_rounds + 1):
            live = rnd == self.round and self.phase != "over" and rnd not in done
            cols.append(t(lang, "score.live" if live else "score.round", round=rnd))
            for p in range(2):
                side = DWARF if self.dwarf_player(rnd) == p else TROLL
                if rnd in done:
                    pts = done[rnd]["points"][p]
                elif live:
                    dp, tp = self.round_points()
                    pts = dp if side == DWARF else tp
                else:
                    rows[p].append("")
                    continue
                rows[p].append(t(lang, "score.cell", points=pts, side=self.side_name(side, lang)))
        cols.append(t(lang, "score.total"))
        for p in range(2):
            rows[p].append(str(self.totals[p]))
        notes = []
        if self.phase != "over":
            dp, tp = self.round_points()
            d = self.dwarf_player()
            notes.append(t(lang, "score.note_live", dplayer=self.players[d], tplayer=self.players[1 - d],
                           dpoints=dp, tpoints=tp))
        return {"caption": t(lang, "score.caption"), "columns": cols, "rows": rows, "notes": notes}

    def result_lines(self, lang: str = "fr") -> list[str]:
        lines = []
        if self.phase == "over":
            t0, t1 = self.totals
            if t0 == t1:
                lines.append(self._t(lang, "result.draw", points=t0))
            else:
                w = 0 if t0 > t1 else 1
                lines.append(self._t(lang, "result.win", player=self.players[w],
                                     points=self.totals[w], other=self.totals[1 - w]))
        for r in self.results:
            dp = r["dwarf_player"]
            reason = self._t(lang, "result.agreed") if r["reason"] == "agreed" else self._t(
                lang, "result.blocked",
                side=self.side_name(DWARF if r["blocked"] == "d" else TROLL, lang))
            line = self._t(lang, "result.round", round=r["round"],
                           dplayer=self.players[dp], tplayer=self.players[1 - dp],
                           dwarfs=r["dwarfs"], trolls=r["trolls"],
                           dpoints=r["dwarfs"] * POINTS[DWARF], tpoints=r["trolls"] * POINTS[TROLL],
                           reason=reason)
            if r["points"] == [0, 0]:
                line += " " + self._t(lang, "result.tie")
            lines.append(line)
        if self.phase == "over":
            lines.append(self._t(lang, "result.totals", p0=self.players[0], s0=self.totals[0],
                                 p1=self.players[1], s1=self.totals[1]))
        return lines


def parse_move(text: str) -> tuple:
    """``(frm, to, caps)`` from a canonical ply text (no legality check)."""
    try:
        body = text[1:]
        parts = body.split("x")
        a, b = parts[0].split("-")
        return (B.square(a), B.square(b), tuple(B.square(p) for p in parts[1:]))
    except (KeyError, ValueError):
        raise IllegalMove(text, "not a Thud move") from None


def check_start(value) -> list | None:
    """The board of a ``start`` option (a ``.thud`` first line), ``None``
    for the standard position; :class:`RulesError` when invalid."""
    if value in (None, "", "standard"):
        return None
    if not isinstance(value, str) or len(value) > 2000:
        raise RulesError("option 'start' must be a .thud position line")
    try:
        return B.parse_board_line(value)
    except ValueError as e:
        raise RulesError(f"option 'start': {e}") from None
