"""Le Cheval de Troie — the rules engine.

Vocabulary of the code:

* colours ``r`` (red, Odysseus), ``b`` (blue), ``y`` (yellow), ``g`` (green);
  ``k`` is a black neutral pawn;
* districts are numbered 1..7 (index 0..6 in the lists);
* the horse is a queue of two: ``horse[0]`` is the oldest hero (the next one
  to fall out of the belly), ``horse[1]`` the newest;
* treasure cards are identified by a number 0..6 whose value is
  ``TREASURES[id]``; ``dcard[d]`` is the card lying on district ``d``.
  Knowledge is kept per card (``known[player]`` is a set of card ids), so a
  trident swap moves what a player knows together with the card.

A turn is several moves (the :class:`State` says who decides next):

* ``a1`` / ``a2`` / ``a3`` — announce; the engine then draws the hero card;
* after a trident: ``x1-4`` (swap the treasures of districts 1 and 4, path
  ``t1``, ``t4`` in any order) or ``keep`` (no swap); then ``n3`` (insert the
  three available heroes) or ``n1``/``n2`` (the number announced) when the
  two differ;
* each insertion: ``d3r`` — the horse is turned to district 3 and a red hero
  is pushed in at the top; the oldest hero of the horse falls into district 3
  (path ``d3``, ``hr``).
"""

from __future__ import annotations

from plateau.core.boards import load_board
from plateau.core.game import Move, State, view_secrets
from plateau.core.rng import Rng

from .colours import MARK, SOLID

BOARD = load_board("troy.json")
BONUS = tuple(d["bonus"] for d in BOARD["districts"])
ND = len(BONUS)
TREASURES = tuple(BOARD["treasures"])
HEROES_PER_COLOUR = BOARD["heroes_per_colour"]
CAPACITY = {int(k): v for k, v in BOARD["capacity"].items()}
ALL_COLOURS = tuple(BOARD["colours"])  # canonical order: r, b, y, g
COLOURS_3 = tuple(BOARD["colours_for_3_players"])
BLACK = "k"
TRIDENT = "T"


def _hero_cards() -> list:
    out = []
    for k, n in BOARD["hero_cards"].items():
        out += [TRIDENT if k == TRIDENT else int(k)] * n
    return out


HERO_CARDS = tuple(_hero_cards())


class TroyState(State):
    __slots__ = (
        "game", "players", "options", "rng", "colours", "owner", "order", "turn", "phase",
        "announced", "card", "remaining", "pile", "discard", "bag", "avail", "horse",
        "blacks_out", "dist", "cap", "dcard", "known", "log", "prev_log", "earlier", "turns",
        "ply", "swaps",
    )

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, game, players, options, seed) -> "TroyState":
        s = cls.__new__(cls)
        s.game = game
        s.players = list(players)
        s.options = dict(options)
        s.rng = Rng(seed)
        n = len(players)
        s.colours = ALL_COLOURS if n in (2, 4) else COLOURS_3
        s.cap = CAPACITY[n]
        rng = s.rng
        # the bag: 10 heroes of each colour in play, well mixed
        s.bag = [c for c in s.colours for _ in range(HEROES_PER_COLOUR)]
        rng.shuffle(s.bag)
        # the 20 hero cards, face down
        s.pile = list(HERO_CARDS)
        rng.shuffle(s.pile)
        s.discard = []
        # colour cards shuffled and dealt (two each with 2 players)
        cards = list(s.colours)
        rng.shuffle(cards)
        per = 2 if n == 2 else 1
        s.owner = {}
        for i, c in enumerate(cards):
            s.owner[c] = (i // per) % n
        s.order = tuple(_turn_order(s.colours, s.owner, n))
        # treasures: one face down per district
        s.dcard = list(range(len(TREASURES)))
        rng.shuffle(s.dcard)
        s.known = [set() for _ in range(n)]
        s.dist = [dict.fromkeys(s.colours, 0) for _ in range(ND)]
        # Odysseus loads the horse with 2 heroes and sets out 3 available ones
        s.horse = [s.bag.pop(), s.bag.pop()]
        s.avail = []
        s.blacks_out = False
        s.log = [("load", tuple(s.horse))]
        s.prev_log = []
        s.earlier = []
        s._refill()
        s.card = None
        s.announced = 0
        s.remaining = 0
        s.swaps = 0
        s.turns = 0
        s.ply = 0
        s.phase = "announce"
        # the loading is red's first turn (default) — or red also plays
        s.turn = 0 if s.options.get("opening") == "play" else 1 % len(s.order)
        if s.turn != 0:
            s.prev_log, s.log = s.log, []
        return s

    def clone(self) -> "TroyState":
        s = TroyState.__new__(TroyState)
        s.game = self.game
        s.players = self.players
        s.options = self.options
        s.rng = self.rng.copy()
        s.colours = self.colours
        s.owner = self.owner
        s.order = self.order
        s.cap = self.cap
        s.turn = self.turn
        s.phase = self.phase
        s.announced = self.announced
        s.card = self.card
        s.remaining = self.remaining
        s.pile = self.pile[:]
        s.discard = self.discard[:]
        s.bag = self.bag[:]
        s.avail = self.avail[:]
        s.horse = self.horse[:]
        s.blacks_out = self.blacks_out
        s.dist = [dict(d) for d in self.dist]
        s.dcard = self.dcard[:]
        s.known = [set(k) for k in self.known]
        s.log = self.log[:]
        s.prev_log = self.prev_log
        s.earlier = self.earlier[:]
        s.turns = self.turns
        s.ply = self.ply
        s.swaps = self.swaps
        return s

    # ------------------------------------------------------------- helpers
    @property
    def colour(self) -> str:
        """The colour whose turn it is."""
        return self.order[self.turn]

    @property
    def to_play(self):
        if self.phase == "over":
            return None
        return self.owner[self.colour]

    def count(self, d: int) -> int:
        """Coloured heroes in district index ``d``."""
        return sum(self.dist[d].values())

    def open_districts(self) -> list[int]:
        return [d for d in range(ND) if self.count(d) < self.cap]

    def insertable(self) -> int:
        """Pieces that may still be pushed into the horse this turn."""
        extra = 2 if (not self.blacks_out and not self.bag) else 0
        return len(self.avail) + extra

    def treasure(self, d: int) -> int:
        return TREASURES[self.dcard[d]]

    def _refill(self) -> None:
        """Odysseus draws from the bag until 3 heroes are available; when the
        bag and the available heroes are both exhausted the 2 black pawns
        become the available pieces."""
        while len(self.avail) < 3 and self.bag:
            self.avail.append(self.bag.pop())
        if len(self.avail) > 0 or self.bag:
            return
        if not self.blacks_out:
            self.blacks_out = True
            self.avail = [BLACK, BLACK]
            self.log.append(("blacks",))

    def _peek(self) -> None:
        """A colour with 2 heroes in a district lets its player see the
        treasure lying there (knowledge is kept per card)."""
        for d in range(ND):
            dd = self.dist[d]
            for c in self.colours:
                if dd[c] >= 2:
                    self.known[self.owner[c]].add(self.dcard[d])

    # ------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        ph = self.phase
        if ph == "announce":
            return [Move("a1", ("a1",)), Move("a2", ("a2",)), Move("a3", ("a3",))]
        if ph == "insert":
            out = []
            cols = []
            for c in self.avail:
                if c not in cols:
                    cols.append(c)
            for d in self.open_districts():
                for c in cols:
                    out.append(insert_move(d, c))
            return out
        if ph == "swap":
            out = [Move("keep", ("keep",))]
            for i in range(ND):
                for j in range(i + 1, ND):
                    out.append(Move(f"x{i + 1}-{j + 1}", (f"t{i + 1}", f"t{j + 1}"), 0))
            return out
        if ph == "count":
            return [Move(f"n{k}", (f"n{k}",)) for k in sorted({self._decline(), 3})]
        return []

    def apply(self, move: Move) -> None:
        t = move.text
        self.ply += 1
        ph = self.phase
        if ph == "announce":
            self._announce(int(t[1]))
        elif ph == "insert":
            d = int(t[1]) - 1
            self._insert(d, t[2])
        elif ph == "swap":
            if t != "keep":
                i, j = (int(x) - 1 for x in t[1:].split("-"))
                self.dcard[i], self.dcard[j] = self.dcard[j], self.dcard[i]
                self.swaps += 1
                self.log.append(("swap", i, j))
                self._peek()
            else:
                self.log.append(("keep",))
            self._after_trident_swap()
        elif ph == "count":
            self.log.append(("count", int(t[1])))
            if t == "n0":  # option trident "none": the 3 heroes declined, nothing inserted
                self._end_turn()
            else:
                self._start_insertions(int(t[1]))
        else:  # pragma: no cover - play() checks legality
            raise AssertionError(t)

    def _announce(self, n: int) -> None:
        self.announced = n
        self.log.append(("announce", self.colour, n))
        if not self.pile:  # pragma: no cover - the pile is refilled at once
            self._reshuffle()
        self.card = self.pile.pop()
        self.log.append(("draw", self.card))
        if self.card == TRIDENT:
            self.phase = "swap"
        elif self.card >= n:
            self._start_insertions(n)
        else:
            self.log.append(("fail",))
            self._end_turn()

    def _decline(self) -> int:
        """Heroes inserted after a Trident when the player declines the 3:
        the number announced (default) or none (option ``trident: none``)."""
        return 0 if self.options.get("trident") == "none" else self.announced

    def _after_trident_swap(self) -> None:
        ins = self.insertable()
        if min(self._decline(), ins) == min(3, ins):
            self._start_insertions(3)
        else:
            self.phase = "count"

    def _start_insertions(self, k: int) -> None:
        self.remaining = min(k, self.insertable())
        self.phase = "insert"

    def _insert(self, d: int, c: str) -> None:
        self.avail.remove(c)
        fallen = self.horse.pop(0)
        self.horse.append(c)
        self.dist[d][fallen] += 1
        self.log.append(("insert", c, fallen, d))
        if self.dist[d][fallen] >= 2:
            self.known[self.owner[fallen]].add(self.dcard[d])
        self.remaining -= 1
        if not self.avail and not self.bag and not self.blacks_out:
            self._refill()  # the black pawns come out
        if self.horse[0] == BLACK and self.horse[1] == BLACK:
            self._finish()
            return
        if self.remaining <= 0:
            self._end_turn()

    def _reshuffle(self) -> None:
        self.pile = self.discard
        self.discard = []
        self.rng.shuffle(self.pile)
        self.log.append(("reshuffle",))

    def _end_turn(self) -> None:
        self.discard.append(self.card)
        self.card = None
        if not self.pile:
            self._reshuffle()
        self._refill()
        self.announced = 0
        self.remaining = 0
        self.turns += 1
        self.turn = (self.turn + 1) % len(self.order)
        self.phase = "announce"
        self._close_log()

    def _close_log(self) -> None:
        """The turn's log becomes the previous turn's; the logs of the turns
        before it are kept while someone may still have them in mind (one
        round of turns: see :meth:`heard`). A finished turn's log is never
        changed again, so copies of the state may share it."""
        if self.turns > 1 or self.options.get("opening") != "play":  # there was a turn before
            self.earlier.append(self.prev_log)
            del self.earlier[: max(0, len(self.earlier) - (len(self.order) - 1))]
        self.prev_log, self.log = self.log, []

    def _finish(self) -> None:
        self.discard.append(self.card)
        self.card = None
        self.announced = 0
        self.remaining = 0
        self.turns += 1
        self.phase = "over"

    # ------------------------------------------------------------- results
    def is_over(self) -> bool:
        return self.phase == "over"

    def district_winner(self, d: int):
        """The colour that conquers district index ``d`` (or ``None``)."""
        return district_winner(self.dist[d], self.order, self.options.get("tie", "rank"))

    def district_value(self, d: int, with_treasure: bool = True) -> int:
        v = self.count(d) + BONUS[d]
        if with_treasure:
            v += self.treasure(d)
        return v

    def colour_points(self, with_treasure: bool | None = None) -> dict:
        if with_treasure is None:
            with_treasure = self.is_over()
        pts = dict.fromkeys(self.colours, 0)
        for d in range(ND):
            w = self.district_winner(d)
            if w is not None:
                pts[w] += self.district_value(d, with_treasure)
        return pts

    def scores(self) -> list:
        """Points per player: the final scores once over; during the game the
        points of the districts as they stand, treasures not counted (they
        are face down)."""
        pts = self.colour_points()
        out = [0] * len(self.players)
        for c, v in pts.items():
            out[self.owner[c]] += v
        return out

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        sc = self.scores()
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def hidden_info(self) -> bool:
        return not self.options.get("open_hand", False)

    # ------------------------------------------------------------- views
    def knows(self, player, d: int) -> bool:
        """Whether ``player`` may see the treasure of district index ``d``."""
        if player is None or self.phase == "over" or self.options.get("open_hand"):
            return True
        if not isinstance(player, int):  # a spectator knows no treasure
            return False
        return self.dcard[d] in self.known[player]

    def horse_visible(self, player) -> bool:
        return player is None or self.phase == "over" or self.options.get("horse") == "glass"

    def heard(self, player) -> int:
        """How many finished turns' announcements ``player`` still has in
        mind (the previous turn counts as one): « Bien entendu, le joueur
        est tenu d'annoncer quelle couleur de héros il place dans le
        Cheval » — the colours pushed in (and those Odysseus loads) are
        announced to the whole table, and are then a matter of memory.
        Plateau lets a seated player read what was announced since the end
        of their own previous turn — what they heard while the others
        played — and everyone the previous turn; older announcements are
        gone. The current turn is always heard.

        >>> from plateau.games.troy import GAME
        >>> s = GAME.start(["Ann", "Bob", "Cid", "Dee"], seed=1)
        >>> [s.heard(p) for p in range(4)], s.heard("public")
        ([1, 1, 1, 1], 1)
        """
        past = len(self.earlier) + 1
        if player is None:
            return past
        if not isinstance(player, int) or self.phase == "over":
            return 1
        n = len(self.order)
        k = 0
        while k < past and self.owner[self.order[(self.turn - k - 1) % n]] != player:
            k += 1
        return max(1, k)

    def public_log(self, player, live: bool = True) -> list:
        """The log panel's entries as ``player`` may read them: the
        announcements they still have in mind (:meth:`heard`: the turns
        since the end of their previous turn for a seated player, the
        previous one for a spectator) and the current turn, colours named.
        ``live`` false — a position of the history, earlier than the game's
        live one — shows the previous and current turns without the colours
        pushed into the closed horse: what was only said aloud then is not
        written anywhere (the move list does not name them either). The
        glass horse and a finished game show everything."""
        if self.horse_visible(player):
            return self.prev_log + self.log
        if not live:
            return _unsaid(self.prev_log + self.log)
        out = []
        for entries in self.earlier_heard(player):
            out += entries
        return out + self.prev_log + self.log

    def earlier_heard(self, player, live: bool = True) -> list:
        """The logs of the finished turns before the previous one whose
        announcements ``player`` still has in mind (oldest first; see
        :meth:`heard`); none at a position of the history (``live``
        false) nor when the horse is seen through (glass horse, game over)
        by a player; all those kept for ``None``."""
        if not live or (player is not None and self.horse_visible(player)):
            return []
        k = self.heard(player) - 1
        return self.earlier[len(self.earlier) - k:] if k > 0 else []

    def view(self, player) -> dict:
        v = {
            "players": list(self.players),
            "colours": list(self.colours),
            "owner": {c: self.owner[c] for c in self.colours},
            "order": list(self.order),
            "turn": self.colour,
            "phase": self.phase,
            "announced": self.announced,
            "card": self.card,
            "remaining": self.remaining,
            "pile": len(self.pile),
            "discard": list(self.discard),
            "bag": len(self.bag),
            "available": list(self.avail),
            "blacks_out": self.blacks_out,
            "capacity": self.cap,
            "districts": [dict(d) for d in self.dist],
            "bonus": list(BONUS),
            "treasures": [self.treasure(d) if self.knows(player, d) else None for d in range(ND)],
            "swaps": self.swaps,
            "horse": list(self.horse) if self.horse_visible(player) else ["?", "?"],
            "log": [list(e) for e in self.log],
            "prev_log": [list(e) for e in self.prev_log],
            "earlier": [[list(e) for e in entries] for entries in self.earlier_heard(player)],
            "turns": self.turns,
            "ply": self.ply,
            "to_play": self.to_play,
            "options": dict(self.options),
        }
        if isinstance(player, int):
            v["seen"] = sorted(
                d + 1 for d in range(ND) if self.dcard[d] in self.known[player]
            )
        elif player is None:
            v["pile_cards"] = list(self.pile)
            v["bag_heroes"] = list(self.bag)
            v["dcard"] = list(self.dcard)
            v["known"] = [sorted(k) for k in self.known]
            v["rng"] = self.rng.state
        return v

    def private_view_key(self, player) -> frozenset:
        """What only ``player`` may know: the treasures it has seen (its own
        ``seen`` list repeats them). The Horse's content is hidden from
        everyone alike; the announcements a player still has in mind
        (``earlier``) were made aloud to the whole table, so they call for
        no pass screen."""
        if not self.hidden_info():
            return frozenset()
        return view_secrets(self, player, ignore=("seen", "earlier"))

    def player_marks(self, p):
        return [(SOLID[c], MARK[c]) for c in self.order if self.owner[c] == p]

    def score_table(self, lang: str = "fr", viewer=None) -> dict:
        """Per player: colours, districts conquered now, points — without
        the face-down treasures until the game is over.

        >>> from plateau.games.troy import GAME
        >>> GAME.start(["Ann", "Bob"], seed=1).score_table("en")["columns"]
        ['Player', 'Colours', 'Districts conquered', 'Points (without treasures)']
        """
        t = self.game.t
        over = self.is_over()
        cols = [t(lang, "score.player"), t(lang, "score.colours"), t(lang, "score.districts"),
                t(lang, "score.points" if over else "score.points_live")]
        sc = self.scores()
        won = [[] for _ in self.players]
        for d in range(ND):
            w = self.district_winner(d)
            if w is not None:
                won[self.owner[w]].append(str(d + 1))
        rows = []
        for i, name in enumerate(self.players):
            cols_i = ", ".join(t(lang, "colour." + c) for c in self.order if self.owner[c] == i)
            rows.append([name, cols_i, ", ".join(won[i]) or "—", str(sc[i])])
        return {"caption": t(lang, "score.caption_over" if over else "score.caption"),
                "columns": cols, "rows": rows, "notes": []}

    # ------------------------------------------------------------- texts
    def _who(self, lang: str, colour: str | None = None) -> str:
        c = colour or self.colour
        return self.game.t(lang, "who", colour=self.game.t(lang, "colour." + c),
                           name=self.players[self.owner[c]])

    def status(self, lang: str = "fr") -> str:
        g = self.game
        if self.phase == "over":
            w = self.winners()
            names = ", ".join(self.players[i] for i in w)
            return g.t(lang, "status.over", names=names, points=max(self.scores()))
        who = self._who(lang)
        if self.phase == "announce":
            return g.t(lang, "status.announce", who=who)
        if self.phase == "swap":
            return g.t(lang, "status.swap", who=who)
        if self.phase == "count":
            if self._decline() == 0:
                return g.t(lang, "status.count0", who=who)
            return g.t(lang, "status.count", who=who, n=self.announced)
        done = self._insertions_done()
        return g.t(lang, "status.insert", who=who, i=done + 1, n=done + self.remaining)

    def _insertions_done(self) -> int:
        return sum(1 for e in self.log if e[0] == "insert")

    def result_lines(self, lang: str = "fr") -> list[str]:
        if not self.is_over():
            return []
        g = self.game
        out = []
        for d in range(ND):
            counts = ", ".join(
                f"{g.t(lang, 'colour.' + c)} {self.dist[d][c]}" for c in self.order if self.dist[d][c]
            ) or "—"
            w = self.district_winner(d)
            win = (g.t(lang, "result.won", who=self._who(lang, w), points=self.district_value(d))
                   if w else g.t(lang, "result.nobody"))
            out.append(g.t(lang, "result.district", d=d + 1, heroes=self.count(d), bonus=BONUS[d],
                           treasure=self.treasure(d), value=self.district_value(d),
                           counts=counts, win=win))
        sc = self.scores()
        for i in sorted(range(len(self.players)), key=lambda i: -sc[i]):
            cols = ", ".join(g.t(lang, "colour." + c) for c in self.order if self.owner[c] == i)
            out.append(g.t(lang, "result.player", name=self.players[i], colours=cols, points=sc[i]))
        w = self.winners()
        key = "result.winner" if len(w) == 1 else "result.shared"
        out.append(g.t(lang, key, names=", ".join(self.players[i] for i in w), points=max(sc)))
        return out


def insert_move(d: int, c: str) -> Move:
    """The insertion that turns the horse to district index ``d`` and
    pushes a ``c`` hero in (``d3r``: path ``d3``, ``hr``)."""
    return Move(f"d{d + 1}{c}", (f"d{d + 1}", f"h{c}"))


def _unsaid(entries: list) -> list:
    """``entries`` without the colours that were only said aloud: those
    pushed into the closed horse and those Odysseus loaded."""
    out = []
    for e in entries:
        if e[0] == "insert":
            e = ("insert", "?", e[2], e[3])
        elif e[0] == "load":
            e = ("load", ("?",) * len(e[1]))
        out.append(e)
    return out


def _turn_order(colours, owner, n) -> list:
    """Colours in playing order: red first, then clockwise round the table
    (the order of ``players``); a player with two colours plays them one
    after the other, red first, else in the order blue, yellow, green."""
    red_seat = owner["r"]
    out = []
    for k in range(n):
        seat = (red_seat + k) % n
        mine = [c for c in colours if owner[c] == seat]
        mine.sort(key=lambda c: (c != "r", ALL_COLOURS.index(c)))
        out += mine
    return out


def district_winner(counts: dict, order, tie: str = "rank"):
    """Who conquers a district with ``counts`` heroes per colour.

    ``rank`` (default): the colour with the most heroes; when several tie for
    the most, they drop out and the next rank is considered ("the next
    player"), and so on; a colour needs at least one hero to win.
    ``seat``: when several tie for the most, the first colour after them in
    playing order (clockwise from the last tied colour, skipping tied ones)
    that has at least one hero there wins.

    >>> district_winner({"r": 3, "b": 3, "y": 1, "g": 0}, "rbyg")
    'y'
    """
    present = [(n, c) for c, n in counts.items() if n > 0]
    if not present:
        return None
    if tie == "seat":
        best = max(n for n, _ in present)
        tied = [c for n, c in present if n == best]
        if len(tied) == 1:
            return tied[0]
        order = list(order)
        last = max(order.index(c) for c in tied)
        # the tied block seen clockwise: start after the last tied colour
        for k in range(1, len(order)):
            c = order[(last + k) % len(order)]
            if c not in tied and counts.get(c, 0) > 0:
                return c
        return None
    values = sorted({n for n, _ in present}, reverse=True)
    for v in values:
        group = [c for n, c in present if n == v]
        if len(group) == 1:
            return group[0]
    return None
