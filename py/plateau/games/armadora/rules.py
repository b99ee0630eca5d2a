"""Armadora: the position, its legal moves and the final count.

Squares are named ``a1`` … ``h5``: columns ``a``–``h`` from the left, rows
``1``–``5`` from the top (the title runs along the top edge). An inner line is
named by the two squares it separates, the upper or left one first:
``b2-c2`` (a vertical line) or ``d4-d5`` (a horizontal one).

Move texts (the record stores these):

* ``pick:elf`` — basic rules: choose a character (in turn order, first named first);
* ``W3@b2`` — place a warrior of value 3 face down on ``b2``;
* ``P:b2-c2`` or ``P:b2-c2,d4-d5`` — one or two palisades (canonical order);
* ``reinf:c4`` — put one's reinforcement on one's own warrior on ``c4``;
* ``mage:c4``, ``goblin:W1@c4``, ``orc:b2-c2``, ``elf:c4`` — a power, played
  first, then the same player plays a normal action;
* ``pass`` — out for the rest of the game.

>>> from plateau.games.armadora import GAME
>>> s = GAME.start(["Ann", "Bob"], {"rules": "advanced"}, seed=1)
>>> len(s.legal_moves()) > 2000
True
>>> s.play("P:a1-a2,b1-b2").text
'P:a1-a2,b1-b2'
"""

from __future__ import annotations

from plateau.core import marks
from plateau.core.boards import load_board
from plateau.core.game import IllegalMove, Move, State, view_secrets
from plateau.core.rng import Rng

from .colours import colours

BOARD = load_board("armadora.json")
COLS = BOARD["columns"]
ROWS = BOARD["rows"]
NSQ = COLS * ROWS
MIN_TERRITORY = BOARD["min_territory"]
MINES = tuple(r * COLS + c for r, c in BOARD["mines"])
GOLD_PILES = tuple(BOARD["gold_piles"])
PALISADES = BOARD["palisades"]
CHARACTERS = tuple(BOARD["characters"])
POWERS = dict(BOARD["powers"])
WARRIORS = {int(k): [v.get(str(i), 0) for i in range(1, 6)] for k, v in BOARD["warriors"].items()}
POWER_TARGET = {c: "pw-" + c for c in CHARACTERS}


def sqname(i: int) -> str:
    return "abcdefgh"[i % COLS] + str(i // COLS + 1)


SQ_NAMES = tuple(sqname(i) for i in range(NSQ))
SQ_INDEX = {n: i for i, n in enumerate(SQ_NAMES)}

# The 67 inner lines (7 x 5 vertical, 8 x 4 horizontal) in board order: square
# by square in reading order, the line on its right, then the one below it.
LINES: list[tuple[int, int]] = []
for _s in range(NSQ):
    if _s % COLS < COLS - 1:
        LINES.append((_s, _s + 1))
    if _s // COLS < ROWS - 1:
        LINES.append((_s, _s + COLS))
LINES = tuple(LINES)
NLINES = len(LINES)
LINE_NAMES = tuple(f"{SQ_NAMES[a]}-{SQ_NAMES[b]}" for a, b in LINES)
LINE_INDEX = {n: i for i, n in enumerate(LINE_NAMES)}
ADJ: tuple = tuple(
    tuple((b if a == s else a, li) for li, (a, b) in enumerate(LINES) if s in (a, b)) for s in range(NSQ)
)


# ----------------------------------------------------------------------------
# Territories and palisade legality (pure functions of the palisade bitmask)
# ----------------------------------------------------------------------------
def territories(pal: int) -> tuple[list[int], list[int]]:
    """``(comp, sizes)``: the territory number of every square (numbered in
    reading order of their first square) and the size of each territory."""
    comp = [-1] * NSQ
    sizes = []
    k = 0
    for s in range(NSQ):
        if comp[s] >= 0:
            continue
        comp[s] = k
        stack = [s]
        n = 0
        while stack:
            u = stack.pop()
            n += 1
            for v, li in ADJ[u]:
                if comp[v] < 0 and not (pal >> li) & 1:
                    comp[v] = k
                    stack.append(v)
        sizes.append(n)
        k += 1
    return comp, sizes


def _small_regions() -> tuple:
    """Every connected set of fewer than ``MIN_TERRITORY`` squares, as
    ``(internal, boundary)`` bitmasks of lines: the lines inside the set and
    the inner lines between it and the rest of the board."""
    found = set()
    frontier = {frozenset([s]) for s in range(NSQ)}
    while frontier:
        found |= frontier
        grown = set()
        for region in frontier:
            if len(region) + 1 >= MIN_TERRITORY:
                continue
            for u in region:
                for v, _ in ADJ[u]:
                    if v not in region:
                        grown.add(region | {v})
        frontier = grown - found
    out = []
    for region in sorted(found, key=sorted):
        internal = boundary = 0
        for u in region:
            for v, li in ADJ[u]:
                if v in region:
                    internal |= 1 << li
                else:
                    boundary |= 1 << li
        out.append((internal, boundary))
    return tuple(out)


SMALL_REGIONS = _small_regions()


def forbidden(pal: int) -> tuple[int, set]:
    """Lines (bitmask) and pairs of lines (set of bitmasks) that may not take
    palisades: they would close a territory of fewer than ``MIN_TERRITORY``
    squares.

    A new territory that small is a connected set of at most 3 squares whose
    still-open lines to the rest of the board are exactly the palisades just
    placed: one line alone, or the two of a pair. So it is enough to look, for
    every such small set (about 270 on this board) whose inside is still open,
    at how many of its boundary lines are open.
    """
    single = 0
    pairs = set()
    for internal, boundary in SMALL_REGIONS:
        if internal & pal:
            continue
        open_ = boundary & ~pal
        if open_ & (open_ - 1) == 0:  # one line (none cannot happen: no territory under 4)
            single |= open_
        elif (open_ & (open_ - 1)) & ((open_ & (open_ - 1)) - 1) == 0:  # exactly two lines
            pairs.add(open_)
    return single, pairs


FREE_ALL = (1 << NLINES) - 1


def legal_lines(pal: int) -> int:
    """Bitmask of the lines where one palisade may go."""
    return FREE_ALL & ~pal & ~forbidden(pal)[0]


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SINGLE_MOVES = tuple(Move("P:" + n, (n,)) for n in LINE_NAMES)
_PAIR_MOVES: dict = {}
_PAL_CACHE: dict = {}


def _pair_move(l1: int, l2: int) -> Move:
    key = l1 * NLINES + l2
    m = _PAIR_MOVES.get(key)
    if m is None:
        n1, n2 = LINE_NAMES[l1], LINE_NAMES[l2]
        m = _PAIR_MOVES[key] = Move(f"P:{n1},{n2}", (n1, n2), 0)
    return m


def palisade_moves(pal: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """``(singles, pairs)``: the one- and two-palisade moves of a palisade
    configuration (cached: warriors do not change them)."""
    hit = _PAL_CACHE.get(pal)
    if hit is not None:
        return hit
    single, bad_pairs = forbidden(pal)
    legal = list(_bits(FREE_ALL & ~pal & ~single))
    singles = tuple(_SINGLE_MOVES[li] for li in legal)
    pairs = []
    get = _PAIR_MOVES.get
    for i, l1 in enumerate(legal):
        b1 = 1 << l1
        base = l1 * NLINES
        for l2 in legal[i + 1:]:
            if (b1 | (1 << l2)) in bad_pairs:
                continue
            m = get(base + l2)
            pairs.append(m if m is not None else _pair_move(l1, l2))
    out = (singles, tuple(pairs))
    if len(_PAL_CACHE) > 512:
        _PAL_CACHE.clear()
    _PAL_CACHE[pal] = out
    return out


def has_legal_line(pal: int) -> bool:
    return legal_lines(pal) != 0


# ----------------------------------------------------------------------------
# The position
# ----------------------------------------------------------------------------
class ArmadoraState(State):
    _FIELDS = (
        "game", "players", "n", "options", "advanced", "review", "open", "floor", "phase", "cur",
        "power_used", "pal", "pal_left", "plies",
    )
    _LISTS = ("chars", "gold", "owner", "value", "faceup", "arrows", "reinf", "powers", "reinf_left", "passed")

    def __init__(self, game, players, options: dict, seed: int) -> None:
        self.game = game
        self.players = list(players)
        self.n = len(players)
        self.options = dict(options)
        self.advanced = options["rules"] == "advanced"
        self.review = options["review"] == "yes"
        self.open = bool(options["open_hand"])
        self.floor = options.get("arrows", "minus") == "floor"
        self.rng = Rng(seed)
        self.gold = [0] * NSQ
        for sq, amount in zip(MINES, self.rng.shuffled(GOLD_PILES)):
            self.gold[sq] = amount
        if self.advanced:
            self.chars = self.rng.shuffled(CHARACTERS)[: self.n]
            self.phase = "play"
        else:
            self.chars = [None] * self.n
            self.phase = "pick"
        self.cur = 0
        self.power_used = ""
        self.owner = [-1] * NSQ
        self.value = [0] * NSQ
        self.faceup = [False] * NSQ
        self.arrows = [0] * NSQ
        self.reinf = [False] * NSQ
        self.hand = [list(WARRIORS[self.n]) for _ in range(self.n)]
        self.pal = 0
        self.pal_left = PALISADES
        self.powers = [POWERS[c] for c in self.chars] if self.advanced else [0] * self.n
        self.reinf_left = [self.advanced] * self.n
        self.seen = [set() for _ in range(self.n)]
        self.passed = [False] * self.n
        self.plies = 0
        self._terr = None
        self._legal = None
        self._result = None

    def clone(self) -> "ArmadoraState":
        s = ArmadoraState.__new__(ArmadoraState)
        for f in self._FIELDS:
            setattr(s, f, getattr(self, f))
        for f in self._LISTS:
            setattr(s, f, list(getattr(self, f)))
        s.rng = self.rng.copy()
        s.hand = [list(h) for h in self.hand]
        s.seen = [set(x) for x in self.seen]
        s._terr = self._terr
        s._legal = self._legal
        s._result = self._result
        return s

    # -- teams ------------------------------------------------------------
    def side(self, p: int) -> int:
        """The side (team) of player ``p``: with 4 players, 0 & 2 and 1 & 3."""
        return p % 2 if self.n == 4 else p

    def nsides(self) -> int:
        return 2 if self.n == 4 else self.n

    def members(self, side: int) -> list[int]:
        return [p for p in range(self.n) if self.side(p) == side]

    def partner(self, p: int) -> int | None:
        return (p + 2) % 4 if self.n == 4 else None

    def is_opponent(self, p: int, q: int) -> bool:
        return self.side(p) != self.side(q)

    # -- territories ------------------------------------------------------
    def territory_map(self) -> tuple[list[int], list[int]]:
        t = self._terr
        if t is None or t[0] != self.pal:
            comp, sizes = territories(self.pal)
            t = self._terr = (self.pal, comp, sizes)
        return t[1], t[2]

    def territory_squares(self) -> list[list[int]]:
        comp, sizes = self.territory_map()
        out = [[] for _ in sizes]
        for s in range(NSQ):
            out[comp[s]].append(s)
        return out

    def complete_territories(self) -> set[int]:
        comp, sizes = self.territory_map()
        full = [0] * len(sizes)
        for s in range(NSQ):
            if self.owner[s] >= 0 or self.gold[s]:
                full[comp[s]] += 1
        return {k for k, n in enumerate(sizes) if full[k] == n}

    def free_squares(self) -> list[int]:
        return [s for s in range(NSQ) if self.owner[s] < 0 and not self.gold[s]]

    # -- protocol ---------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return None if self.phase == "over" else self.cur

    def is_over(self) -> bool:
        return self.phase == "over"

    def hidden_info(self) -> bool:
        return not self.open

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._gen()
        return list(self._legal)

    def _gen(self) -> list[Move]:
        if self.phase == "over":
            return []
        p = self.cur
        if self.phase == "pick":
            taken = set(self.chars)
            return [Move("pick:" + c, (c,)) for c in CHARACTERS if c not in taken]
        moves = self._normal_actions(p)
        if not self.power_used:
            if self.advanced and self.powers[p] > 0:
                moves = self._power_moves(p) + moves
            moves.append(Move("pass", ("pass",)))
        elif not moves:  # cannot happen: a power is only offered when an action remains
            moves.append(Move("pass", ("pass",)))
        return moves

    def _normal_actions(self, p: int) -> list[Move]:
        moves = []
        free = self.free_squares()
        if free:
            for v in range(5, 0, -1):
                if self.hand[p][v - 1]:
                    vt = f"v{v}"
                    for s in free:
                        # value and square in either order: a click on an empty square first
                        # offers the values (free=0)
                        moves.append(Move(f"W{v}@{SQ_NAMES[s]}", (vt, SQ_NAMES[s]), 0))
        if self.pal_left >= 1:
            singles, pairs = palisade_moves(self.pal)
            moves.extend(singles)
            if self.pal_left >= 2:
                moves.extend(pairs)
        if self.advanced and self.reinf_left[p]:
            for s in self._reinf_squares(p):
                moves.append(Move("reinf:" + SQ_NAMES[s], ("reinf", SQ_NAMES[s])))
        return moves

    def _reinf_squares(self, p: int) -> list[int]:
        comp, _ = self.territory_map()
        complete = self.complete_territories()
        if not complete:
            return []
        taken = {comp[s] for s in range(NSQ) if self.reinf[s]}
        return [
            s for s in range(NSQ)
            if self.owner[s] == p and comp[s] in complete and comp[s] not in taken
        ]

    def _has_action(self, p: int) -> bool:
        if sum(self.hand[p]) and any(self.owner[s] < 0 and not self.gold[s] for s in range(NSQ)):
            return True
        if self.pal_left and has_legal_line(self.pal):
            return True
        return bool(self.advanced and self.reinf_left[p] and self._reinf_squares(p))

    def elf_targets(self, p: int) -> list[int]:
        comp, sizes = self.territory_map()
        complete = self.complete_territories()
        anywhere = len(sizes) == 1
        present = {comp[s] for s in range(NSQ) if self.owner[s] == p}
        return [
            s for s in range(NSQ)
            if self.owner[s] >= 0 and self.is_opponent(p, self.owner[s])
            and comp[s] not in complete and (anywhere or comp[s] in present)
        ]

    def mage_targets(self, p: int) -> list[int]:
        return [
            s for s in range(NSQ)
            if self.owner[s] >= 0 and self.is_opponent(p, self.owner[s])
            and not self.faceup[s] and s not in self.seen[p]
        ]

    def _power_moves(self, p: int) -> list[Move]:
        c = self.chars[p]
        pt = POWER_TARGET[c]
        out = []
        if c in ("mage", "elf"):
            # the board does not change: a normal action must exist now
            if not self._has_action(p):
                return []
            targets = self.mage_targets(p) if c == "mage" else self.elf_targets(p)
            for s in targets:
                out.append(Move(f"{c}:{SQ_NAMES[s]}", (pt, SQ_NAMES[s])))
        elif c == "goblin":
            free = self.free_squares()
            # a normal action surely remains: another warrior on another square, or a palisade
            sure = (sum(self.hand[p]) >= 2 and len(free) >= 2) or bool(self.pal_left and legal_lines(self.pal))
            for v in range(5, 0, -1):
                if self.hand[p][v - 1]:
                    for s in free:
                        cand = Move(f"goblin:W{v}@{SQ_NAMES[s]}", (pt, f"v{v}", SQ_NAMES[s]))
                        if sure or self._action_after(p, cand):
                            out.append(cand)
        elif c == "orc" and self.pal_left >= 1:
            sure = bool(sum(self.hand[p]) and self.free_squares())
            for li in _bits(legal_lines(self.pal)):
                cand = Move("orc:" + LINE_NAMES[li], (pt, LINE_NAMES[li]))
                if sure or self._action_after(p, cand):
                    out.append(cand)
        return out

    def _action_after(self, p: int, move: Move) -> bool:
        """Whether a normal action remains after the power ``move``."""
        s = self.clone()
        s._apply_power(p, move.text)
        return s._has_action(p)

    # -- applying ---------------------------------------------------------
    def apply(self, move: Move) -> None:
        text = move.text
        p = self.cur
        self._legal = None
        self.plies += 1
        if self.phase == "pick":
            self.chars[p] = text[5:]
            self.cur += 1
            if self.cur >= self.n:
                self.cur = 0
                self.phase = "play"
            return
        if text == "pass":
            self.passed[p] = True
            self._advance()
            return
        if ":" in text and text.split(":", 1)[0] in CHARACTERS:
            self._apply_power(p, text)
            self.powers[p] -= 1
            self.power_used = text.split(":", 1)[0]
            return
        if text[0] == "W":
            v = int(text[1])
            s = SQ_INDEX[text[3:]]
            self._place(p, v, s, False)
        elif text.startswith("P:"):
            for name in text[2:].split(","):
                self.pal |= 1 << LINE_INDEX[name]
                self.pal_left -= 1
        elif text.startswith("reinf:"):
            self.reinf[SQ_INDEX[text[6:]]] = True
            self.reinf_left[p] = False
        self._advance()

    def _place(self, p: int, v: int, s: int, faceup: bool) -> None:
        self.hand[p][v - 1] -= 1
        self.owner[s] = p
        self.value[s] = v
        self.faceup[s] = faceup

    def _apply_power(self, p: int, text: str) -> None:
        c, arg = text.split(":", 1)
        self._legal = None
        if c == "mage":
            self.seen[p].add(SQ_INDEX[arg])
        elif c == "elf":
            self.arrows[SQ_INDEX[arg]] += 1
        elif c == "goblin":
            self._place(p, int(arg[1]), SQ_INDEX[arg[3:]], True)
        elif c == "orc":
            self.pal |= 1 << LINE_INDEX[arg]
            self.pal_left -= 1

    def _advance(self) -> None:
        self.power_used = ""
        for k in range(1, self.n + 1):
            q = (self.cur + k) % self.n
            if not self.passed[q]:
                self.cur = q
                return
        self.phase = "over"
        self.cur = 0

    def move_from_text(self, text: str) -> Move:
        for m in self.legal_moves():
            if m.text == text:
                return m
        raise IllegalMove(text, self.why_illegal(text))

    def why_illegal(self, text: str) -> str:
        """A short English reason why ``text`` is not legal here."""
        if self.phase == "over":
            return "the game is over"
        if self.phase == "pick":
            return "each player first chooses a character (pick:orc, pick:goblin, pick:elf, pick:mage)"
        p = self.cur
        if text.startswith("P:"):
            names = text[2:].split(",")
            if any(n not in LINE_INDEX for n in names):
                return "no such inner line (name a line by the two squares it separates, e.g. b2-c2)"
            if len(names) > min(2, self.pal_left):
                return "not enough palisades left"
            if any((self.pal >> LINE_INDEX[n]) & 1 for n in names):
                return "that line already holds a palisade"
            if len(names) == 2 and LINE_INDEX[names[0]] >= LINE_INDEX[names[1]]:
                return f"write the two lines in board order: P:{names[1]},{names[0]}"
            return "a palisade may not create a territory of fewer than 4 squares"
        if text[:1] == "W" and "@" in text:
            sq = text.split("@", 1)[1]
            if sq not in SQ_INDEX:
                return "no such square"
            s = SQ_INDEX[sq]
            if self.owner[s] >= 0 or self.gold[s]:
                return "that square is not free"
            return "you have no warrior of that value left"
        if text == "pass" and self.power_used:
            return "after a power you must play a normal action"
        if text.split(":", 1)[0] in CHARACTERS:
            if not self.advanced:
                return "powers belong to the advanced rules"
            if self.power_used:
                return "only one power per turn"
            if self.chars[p] != text.split(":", 1)[0]:
                return "that is not your character's power"
            if not self.powers[p]:
                return "no power token left"
            return "that target is not allowed for this power"
        if text.startswith("reinf:"):
            return "a reinforcement goes on your own warrior in a complete territory without one"
        return "unknown move"

    # -- scoring ----------------------------------------------------------
    def effective(self, s: int) -> int:
        """A warrior's value at the count: +1 reinforcement, -1 per arrow
        (never below 0 under the option ``arrows: floor``)."""
        v = self.value[s] + (1 if self.reinf[s] else 0) - self.arrows[s]
        return max(0, v) if self.floor else v

    def count(self) -> dict:
        """The final count (computed on the true state; cached once over)."""
        if self._result is not None and self.phase == "over":
            return self._result
        ns = self.nsides()
        comp, sizes = self.territory_map()
        terrs = []
        piles = [[] for _ in range(ns)]
        for k, squares in enumerate(self.territory_squares()):
            gold = sum(self.gold[s] for s in squares)
            points = [0] * ns
            present = [False] * ns
            reinf_side = None
            for s in squares:
                o = self.owner[s]
                if o >= 0:
                    sd = self.side(o)
                    present[sd] = True
                    points[sd] += self.effective(s)
                    if self.reinf[s]:
                        reinf_side = sd
            contenders = [sd for sd in range(ns) if present[sd]]
            winners = []
            by_reinf = False
            if contenders:
                best = max(points[sd] for sd in contenders)
                winners = [sd for sd in contenders if points[sd] == best]
                if len(winners) > 1 and reinf_side in winners:
                    winners = [reinf_side]
                    by_reinf = True
            share = gold // len(winners) if winners else 0
            lost = gold - share * len(winners)
            if share:
                for sd in winners:
                    piles[sd].append(share)
            terrs.append({
                "index": k, "squares": squares, "size": len(squares), "gold": gold,
                "points": points, "present": present, "winners": winners, "share": share,
                "lost": lost, "by_reinf": by_reinf,
            })
        for pl in piles:
            pl.sort(reverse=True)
        totals = [sum(pl) for pl in piles]
        keys = [(totals[sd], piles[sd]) for sd in range(ns)]
        best = max(keys)
        win_sides = [sd for sd in range(ns) if keys[sd] == best]
        res = {"territories": terrs, "piles": piles, "totals": totals, "win_sides": win_sides}
        if self.phase == "over":
            self._result = res
        return res

    def scores(self) -> list:
        if self.phase != "over":
            return [0] * self.n
        totals = self.count()["totals"]
        return [totals[self.side(p)] for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        ws = self.count()["win_sides"]
        return [p for p in range(self.n) if self.side(p) in ws]

    # -- what a player sees ------------------------------------------------
    def visible_value(self, s: int, viewer: int | None) -> int | None:
        """The value of the warrior on ``s`` as ``viewer`` may know it."""
        if self.owner[s] < 0:
            return None
        if viewer is None or self.open or self.phase == "over" or self.faceup[s]:
            return self.value[s]
        if not isinstance(viewer, int):  # a spectator sees face-up values only
            return None
        if self.owner[s] == viewer and self.review:
            return self.value[s]
        if s in self.seen[viewer]:
            return self.value[s]
        return None

    def hand_visible(self, p: int, viewer: int | None) -> bool:
        return viewer is None or self.open or self.phase == "over" or viewer == p

    def view(self, player: int | None) -> dict:
        comp, sizes = self.territory_map()
        complete = self.complete_territories()
        warriors = []
        for s in range(NSQ):
            if self.owner[s] >= 0:
                warriors.append({
                    "sq": SQ_NAMES[s], "owner": self.owner[s], "value": self.visible_value(s, player),
                    "face_up": self.faceup[s], "arrows": self.arrows[s], "reinforced": self.reinf[s],
                })
        hands = []
        for p in range(self.n):
            h = {"count": sum(self.hand[p])}
            if self.hand_visible(p, player):
                h["values"] = list(self.hand[p])
            hands.append(h)
        d = {
            "game": "armadora",
            "players": list(self.players),
            "options": dict(self.options),
            "phase": self.phase,
            "to_play": self.to_play,
            "power_used": self.power_used,
            "characters": list(self.chars),
            "teams": [self.side(p) for p in range(self.n)],
            "gold": {SQ_NAMES[s]: self.gold[s] for s in MINES},
            "palisades": [LINE_NAMES[li] for li in _bits(self.pal)],
            "palisades_left": self.pal_left,
            "warriors": warriors,
            "hands": hands,
            "powers": list(self.powers),
            "reinforcements": list(self.reinf_left),
            "looked": [sorted(SQ_NAMES[s] for s in self.seen[p]) for p in range(self.n)],
            "passed": list(self.passed),
            "territories": [
                {"squares": [SQ_NAMES[s] for s in range(NSQ) if comp[s] == k], "size": n, "complete": k in complete}
                for k, n in enumerate(sizes)
            ],
            "plies": self.plies,
        }
        if player is None:
            d["rng"] = self.rng.state
        if self.phase == "over":
            c = self.count()
            d["result"] = {"piles": c["piles"], "totals": c["totals"], "winners": self.winners()}
        return d

    def private_view_key(self, player) -> frozenset:
        """What only ``player`` may know: its hand's values, its own face-down
        warriors (when it may look at them again) and those its Mage saw —
        read off :meth:`view` against a spectator's view."""
        if not self.hidden_info():
            return frozenset()
        return view_secrets(self, player)

    def player_marks(self, p):
        return [(colours(self, p)[0], marks.mark_of(p))]

    def score_table(self, lang: str = "fr", viewer=None) -> dict:
        """During the game: what is public (character, warriors placed and
        in hand), the gold shown as ``?`` since it is only counted at the end
        from hidden values; once over: gold and piles per player (a team's
        gold on each of its members' rows).

        >>> from plateau.games.armadora import GAME
        >>> t = GAME.start(["Ann", "Bob"], {"rules": "advanced"}, seed=1).score_table("en", 0)
        >>> t["columns"], t["rows"][0][-1]
        (['Player', 'Character', 'Warriors placed', 'Warriors in hand', 'Gold (counted at the end)'], '?')
        """
        t = self.game.t
        over = self.phase == "over"
        cols = [t(lang, "score.player")]
        has_chars = any(self.chars)
        if has_chars:
            cols.append(t(lang, "score.char"))
        if self.n == 4:
            cols.append(t(lang, "score.team"))
        rows = []
        if over:
            c = self.count()
            cols += [t(lang, "score.gold"), t(lang, "score.piles")]
        else:
            cols += [t(lang, "score.placed"), t(lang, "score.hand"), t(lang, "score.gold_hidden")]
        for p in range(self.n):
            row = [self.players[p]]
            if has_chars:
                row.append(t(lang, "char." + self.chars[p]) if self.chars[p] else "")
            if self.n == 4:
                row.append(str(self.side(p) + 1))
            if over:
                sd = self.side(p)
                row += [str(c["totals"][sd]), ", ".join(map(str, c["piles"][sd])) or "—"]
            else:
                placed = sum(1 for s in range(NSQ) if self.owner[s] == p)
                row += [str(placed), str(sum(self.hand[p])), "?"]
            rows.append(row)
        caption = t(lang, "score.caption_over" if over else "score.caption")
        return {"caption": caption, "columns": cols, "rows": rows, "notes": []}

    # -- texts ------------------------------------------------------------
    def side_name(self, side: int) -> str:
        return " & ".join(self.players[p] for p in self.members(side))

    def status(self, lang: str = "fr") -> str:
        t = self.game.t
        if self.phase == "over":
            c = self.count()
            names = [self.side_name(sd) for sd in c["win_sides"]]
            key = "status.over_pl" if self.n == 4 or len(names) > 1 else "status.over"
            return t(lang, key, winners=t(lang, "and").join(names), gold=c["totals"][c["win_sides"][0]])
        p = self.cur
        name = self.players[p]
        if self.phase == "pick":
            return t(lang, "status.pick", name=name)
        char = t(lang, "char." + self.chars[p])
        if self.power_used:
            return t(lang, "status.after_power", name=name, char=char)
        key = "status.turn_adv" if self.advanced and (self.powers[p] or self.reinf_left[p]) else "status.turn"
        return t(lang, key, name=name, char=char)

    def result_lines(self, lang: str = "fr") -> list[str]:
        if self.phase != "over":
            return []
        t = self.game.t
        c = self.count()
        ns = self.nsides()
        team = self.n == 4
        out = []
        totals, piles, ws = c["totals"], c["piles"], c["win_sides"]
        best = totals[ws[0]]
        tied = [sd for sd in range(ns) if totals[sd] == best]
        names = t(lang, "and").join(self.side_name(sd) for sd in ws)
        plural = team or len(ws) > 1
        if len(tied) > 1:
            detail = "; ".join(
                f"{self.side_name(sd)} {'-'.join(map(str, piles[sd])) or '0'}" for sd in tied
            )
            out.append(t(lang, "res.tie", gold=best, detail=detail))
            if len(ws) > 1:
                out.append(t(lang, "res.draw", names=names))
            else:
                out.append(t(lang, "res.win_tb" + ("_pl" if plural else ""), names=names))
        else:
            out.append(t(lang, "res.win" + ("_pl" if plural else ""), names=names, gold=best))
        for tr in c["territories"]:
            pts = [
                f"{self.side_name(sd)} {tr['points'][sd]}" for sd in range(ns) if tr["present"][sd]
            ]
            points = ", ".join(pts) if pts else t(lang, "res.nobody")
            w = tr["winners"]
            if tr["gold"] == 0:
                outcome = t(lang, "res.nogold")
            elif not w:
                outcome = t(lang, "res.unclaimed")
            elif tr["by_reinf"]:
                outcome = t(lang, "res.reinf", name=self.side_name(w[0]), gold=tr["share"])
            elif len(w) == 1:
                outcome = t(lang, "res.takes" + ("_pl" if team else ""), name=self.side_name(w[0]),
                            gold=tr["share"])
            else:
                outcome = t(lang, "res.split", names=t(lang, "and").join(self.side_name(sd) for sd in w),
                            share=tr["share"])
                if tr["lost"]:
                    outcome += t(lang, "res.lost", lost=tr["lost"])
            out.append(t(lang, "res.terr", k=tr["index"] + 1, first=SQ_NAMES[tr["squares"][0]],
                         size=tr["size"], gold=tr["gold"], points=points, outcome=outcome))
        for sd in range(ns):
            out.append(t(lang, "res.total", name=self.side_name(sd), gold=totals[sd],
                         piles=", ".join(map(str, piles[sd])) or "—"))
        return out
