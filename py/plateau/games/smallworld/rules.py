"""Small World's turn engine (rules notes §1).

Plain data: regions are indexes; ``owner[r]`` is a race record id (a race
in play for one player, active or In Decline), ``LT`` for a Lost Tribe or
``EMPTY``; ``tok[r]`` the number of tokens there. Coins and players are kept
apart from the board (``coins``, ``active``, ``declined``) so that a
multi-table tournament can reuse the board part.

A turn is a sequence of phases (``phase``, a :class:`records.Phase`; :data:`PHASES`
says what each offers and does):

* ``pick`` — choose a combo from the column (``pick:i``);
* ``conquer`` — ``c:R`` conquer, ``die:R`` final conquest with the die,
  ``abandon:R``, ``dragon:R``, ``sorc:R``, ``roll`` (Berserk), ``decline``
  (first action only), ``end``;
* ``redeploy`` — ``put:R`` (one token from hand), ``all:R`` (all of it),
  ``mv:A-B`` (one token), ``fort:R``, ``camp:R``/``uncamp:R``,
  ``hero:R``/``unhero:R``, ``done``;
* ``diplomat`` — ``peace:P`` or ``nopeace``;
* ``stout`` — ``decline`` or ``pass``;
* ``defend`` — a player whose tokens were taken back puts them into his
  remaining regions (``put:R``/``all:R``).

The phase is the bottom of the position's step stack (``stack``, see
steps.py): decisions an effect raises (``push``) go on top of it and are
taken first, and a piece of the turn they interrupt resumes under them
(:data:`RESUME`). The top step says who plays (``to_play``) and what
(``legal_moves``).
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq

from plateau.core.boards import load_board
from plateau.core import marks
from plateau.core.game import Game, Move, State, rules_revision
from plateau.core.rng import Rng

from . import conquest, redeploy, steps, supply, turn_end, turn_start
from . import region_moves as RM
from . import content as C
from .clock import PLAIN, Clock
from .records import EMPTY, LT, Copier, Decision, Effects, Phase, Race, Resume, Step, Turn, _Unset, deep_copy
from .ruleset import Ruleset

LOG_KEEP = 80
_NONE: dict = {}
_NO_MOMENT = ({}, False)


def board_id(nplayers: int, opts: dict, board_seed: int | None = None) -> str:
    """Which board a game is played on (option ``board``): the printed base
    map, the Underground board for the player count (the printed one for 2,
    Plateau's own for 3–5) or a random board built from ``board_seed``."""
    kind = opts.get("board", "classic")
    nplayers = opts.get("seats", nplayers)  # a tournament table: its seats, not everyone in the tournament
    if kind == "underground":
        return f"underground-{nplayers}p"
    if kind == "random":
        return f"random-{nplayers}p-{board_seed}"
    return f"base-{nplayers}p"


def map_for(nplayers: int, opts: dict, board_seed: int | None = None) -> dict:
    """The region graph of the game's board, with the 5-player disputes of
    the base map applied as the options say."""
    mid = board_id(nplayers, opts, board_seed)
    if mid.startswith("base-"):
        data = load_board("smallworld-graphs.json")["maps"][mid]
    else:
        from .mapdraw import board_graph

        data = board_graph(mid)
    regions = [dict(r, neighbours=list(r["neighbours"]), symbols=list(r.get("symbols", ())),
                    lost_tribe=bool(r.get("lost_tribe"))) for r in data["regions"]]
    if nplayers == 5 and mid.startswith("base-"):
        if opts.get("map5_border_13_19"):
            if 19 not in regions[13]["neighbours"]:
                regions[13]["neighbours"].append(19)
                regions[19]["neighbours"].append(13)
        if opts.get("map5_lt_19"):
            regions[19]["lost_tribe"] = True
        if opts.get("map5_terrain_28", "hill") == "farmland":
            regions[28]["terrain"] = "farmland"
    return {"id": mid, "turns": data["turns"], "regions": regions}


def monster_regions(rng: Rng, regions: list, count: int) -> list:
    """Regions for the Monsters on a base board by the compatibility rule
    (rules notes §2.4): ``count`` Lost Tribe regions, no two adjacent, chosen
    with ``rng``."""
    lt = [r["id"] for r in regions if r["lost_tribe"]]
    nb = {r["id"]: set(r["neighbours"]) for r in regions}
    for _ in range(200):
        chosen = []
        for r in rng.shuffled(lt):
            if len(chosen) == count:
                break
            if not nb[r] & set(chosen):
                chosen.append(r)
        if len(chosen) == count:
            return sorted(chosen)
    raise ValueError("no room for the Monsters on this board")  # the printed maps always have room


_dc = deep_copy  # the name the tournament and the computer player import

#: kinds a position shares with its clones: they never change during a game
_SHARED = (Game, Ruleset, Clock, _Unset)
_COPIERS: dict[type, Copier] = {}


class SmallWorldState(State):
    # Every field of a position, with its type: :meth:`clone` copies each
    # as its type says (a value is shared, a list of values copied whole…).
    game: Game
    clock: Clock
    ruleset: Ruleset
    players: list[str]
    n: int
    opts: dict  # options as the table chose them (lists among them)
    rev: int
    rng: Rng
    map_id: str
    turns: int
    R: int
    # the board's fixed arrays, one entry per region
    terrain: tuple[str, ...]
    symbols: tuple[tuple[str, ...], ...]
    nbrs: tuple[tuple[int, ...], ...]
    entry: tuple[bool, ...]
    #: seas and lakes touching the board's edge where a race that may conquer
    #: them may enter the map (option ``sea_entry``, see :func:`sea_entries`)
    sea_entry: tuple[bool, ...]
    feat: tuple[frozenset, ...]
    water: tuple[bool, ...]
    river: tuple[bool, ...]
    chasm: tuple[bool, ...]
    coastal: tuple[bool, ...]
    mountain: tuple[bool, ...]
    # what lies on each region
    owner: list[int]
    tok: list[int]
    monster: list[int]
    special: list[str | None]
    place: list[str | None]
    relic: list[str | None]
    lair: list[bool]
    fort: list[bool]
    camp: list[int]
    hole: list[bool]
    hero: list[bool]
    dragon: int
    # tiles, decks and the combo column
    vp: list[int]
    pile: list[str]
    unused: list[str]
    found: int
    deck_races: list[str]
    deck_powers: list[str]
    banners: list[str]
    badges: list[str]
    discard: list[str]
    column: list[list[str | int]]  # [race, power, coins on it]
    # players and their races
    coins: list[int]
    active: list[int | None]
    declined: list[list[int]]
    peace: list[int | None]
    recs: dict[int, Race]
    next_rid: int
    # the turn
    turn: int
    cur: int
    stack: list[Phase | Resume | Decision]  # the step stack (steps.py): the phase at the bottom
    acting: int | None
    tp: Turn | None
    x: Effects
    defq: list[int]
    win: list[int] | None
    log: list[tuple]
    seq: int
    mark: int
    _hooks_held: dict | None

    def __init__(self, game, players, options, seed, ruleset=None, clock=None):
        self.game = game
        #: who moves play on (see clock.py): the game itself, or a tournament
        #: for one of its tables; shared by clones (it keeps no state of the table)
        self.clock = PLAIN if clock is None else clock
        #: the rules this game plays with (races, powers, items and their
        #: effects; see ruleset.py), immutable and shared by clones
        self.ruleset = C.STANDARD if ruleset is None else ruleset
        self.players = list(players)
        self.n = len(players)
        self.opts = dict(options)
        #: the rules revision played (plateau.core.game.REVISION_OPTION): 0 for
        #: a record saved before the 2026-11 rules changes, which keeps the older
        #: behaviour; from 1 a redeployment ends (see ``redeploy.moves``),
        #: and the Underground effects and the Snow Thing follow the rulebook
        self.rev = rules_revision(self.opts, game)
        self.rng = Rng(seed)
        bseed = self.rng.below(1 << 30) if self.opts.get("board") == "random" else None
        m = map_for(self.n, self.opts, bseed)
        self.map_id = m["id"]
        self.turns = m["turns"]
        regs = m["regions"]
        self.R = len(regs)
        # the board's fixed arrays are tuples: values every clone shares
        self.terrain = tuple(r["terrain"] for r in regs)
        self.symbols = tuple(tuple(r["symbols"]) for r in regs)
        self.nbrs = tuple(tuple(sorted(r["neighbours"])) for r in regs)
        self.entry = tuple(bool(r["first_conquest_ok"]) for r in regs)
        self.sea_entry = sea_entries(regs, self.opts, self.rev)
        self.feat = tuple(C.features(self.terrain[r], self.symbols[r]) for r in range(self.R))
        self.water = tuple(t in C.WATER for t in self.terrain)
        self.river = tuple(t == "river" for t in self.terrain)
        self.chasm = tuple(t == "chasm" for t in self.terrain)
        wet = [self.water[r] or self.river[r] for r in range(self.R)]
        self.coastal = tuple(not wet[r] and not self.chasm[r] and any(wet[n] for n in self.nbrs[r])
                             for r in range(self.R))
        self.mountain = tuple("mountain" in f for f in self.feat)
        self.owner = [EMPTY] * self.R
        self.tok = [0] * self.R
        # Monsters (rules notes §2, §2.4): printed on Underground and random
        # boards, placed on Lost Tribe regions of a base board by option
        self.monster = [0] * self.R
        self.special = [None] * self.R
        printed = [r for r in range(self.R) if "monster" in self.symbols[r]]
        mode = self.opts.get("monsters", "none")
        if m["id"].startswith("base-") and mode == "random":
            printed = monster_regions(self.rng, regs, self.n + 1)
        # by hand: the first player puts them down during setup (pending ``monsters``)
        by_hand = m["id"].startswith("base-") and mode == "hand"
        for r in printed:
            self.monster[r] = 2
        monsters = self.ruleset.of_kind("monster")  # printed figures with their own rules (Golden Knight…)
        for r in range(self.R):
            for sp in monsters:
                if sp in self.symbols[r]:
                    self.special[r] = sp
            if self.special[r]:
                self.monster[r] = self.ruleset.content[self.special[r]].tokens
        for i, r in enumerate(regs):
            if r["lost_tribe"] and not self.monster[i]:
                self.owner[i] = LT
                self.tok[i] = 1
        # places and relics: as many face-down tiles as monster regions (§2)
        self.place = [None] * self.R
        self.relic = [None] * self.R
        self.vp = [0] * self.n  # end-of-game points (Golden Knight, Snow Thing)
        nmon = sum(1 for r in range(self.R) if self.monster[r] and not self.special[r])
        if by_hand:
            nmon = self.n + 1
        items = self.rng.shuffled([i for i in C.ITEMS if i not in self.opts.get("removed", ())]) if nmon else []
        self.pile = items[:nmon]
        self.unused = items[nmon:]
        self.found = 0  # tiles drawn from the pile so far
        self.x = Effects()  # what the Underground's and the tournament's effects remember
        self.stack = steps.new_stack()  # where the turn stands: its phase, and the decisions waiting
        if by_hand:
            self.push("monsters", 0, left=self.n + 1)
        self.lair = [False] * self.R
        self.fort = [False] * self.R
        self.camp = [0] * self.R
        self.hole = [False] * self.R
        self.hero = [False] * self.R
        self.dragon = -1
        # combo column
        races, powers = C.decks(self.opts.get("content", "base"))
        removed = set(self.opts.get("removed", ()))
        self.deck_races = [k for k in races if k not in removed]
        self.deck_powers = [k for k in powers if k not in removed]
        self.banners = self.rng.shuffled(self.deck_races)
        self.badges = self.rng.shuffled(self.deck_powers)
        self.discard = []
        self.column = []
        self.refill()
        # players
        self.coins = [5] * self.n
        self.active = [None] * self.n
        self.declined = [[] for _ in range(self.n)]
        self.peace = [None] * self.n  # peace[q] = player who may not attack q's active race
        self.recs = {}
        self.next_rid = 0
        self.turn = 1
        self.cur = 0
        self.acting = None
        self.tp = None
        self.defq = []
        self.win = None
        self.log = []
        self.seq = 0
        self.mark = 0
        self.clock.setup_done(self)

    # ------------------------------------------------------------------
    def clone(self):
        """A copy that shares nothing mutable with this position: every
        field is copied as its declared type says (:class:`records.Copier`);
        the game, the ruleset and the clock are shared (they do not change)."""
        cls = type(self)
        copy = _COPIERS.get(cls)
        if copy is None:
            copy = _COPIERS[cls] = Copier(cls, _SHARED)
        return copy(self)

    def shown_players(self):
        """The players the board's panel lists."""
        return self.clock.shown_players(self)

    def colour_index(self, p):
        return self.clock.colour_index(self, p)

    def pay(self, p, n):
        """Every change of a player's coins goes through here (a table of a
        tournament keeps its players' coins elsewhere and overrides this and
        ``coins``)."""
        self.coins[p] += n

    def ev(self, key, **f):
        self.seq += 1
        self.log.append((self.seq, self.turn, key, f))  # an entry is written once, never changed
        if len(self.log) > LOG_KEEP:
            del self.log[0]

    # -- supply ----------------------------------------------------------
    def regions_of(self, rid):
        # called for nearly every move checked: the scan runs in C (compress), not a Python loop
        return list(compress(range(self.R), map(eq, self.owner, repeat(rid))))

    def tray(self, rid):
        """Tokens of this race left in the box tray."""
        rec = self.recs[rid]
        # ``extra``: tokens in hand or on the map that are not race tokens (Silver Hammers);
        # ``lost``: tokens lost for good, back in the game box (the Snow Thing)
        box = self.ruleset.content[rec.race].box
        return box - supply.on_board(self, rid) - rec.hand - rec.parked + rec.extra - rec.lost

    def has(self, rid, key):
        """Race ``rid`` is of race ``key``, or has power ``key`` while active
        (or lent by Stonehedge): for a record that reads another by name."""
        rec = self.recs[rid]
        if rec.race == key or (not rec.dec and rec.power == key):
            return True
        return lent_power(self, rid) == key

    def able(self, rid, flag):
        """A quality (``ruleset.FLAGS``) of race ``rid``: of its race, of its
        power while active, or of the power Stonehedge lends it."""
        rec = self.recs[rid]
        flags = self.ruleset.flags
        if flag in flags.get(rec.race, ()) or (not rec.dec and flag in flags.get(rec.power, ())):
            return True
        sp = lent_power(self, rid)
        return sp is not None and flag in flags.get(sp, ())

    def keys(self, rid, items=True):
        """What may act for race ``rid``: its race, its power (while active,
        or In Decline when the badge says it keeps working), the places and
        relics in its regions."""
        rec = self.recs[rid]
        out = [rec.race]
        pw = rec.power
        if pw and (not rec.dec or pw in self.ruleset.keep_badge):
            out.append(pw)
        if self.found:
            sp = lent_power(self, rid)
            if sp and sp not in out:
                out.append(sp)
        if items:
            out.extend(items_of(self, rid))
        return out

    _hooks_held = None  # while a question is asked of the position (targets): hooks already looked up

    def hook(self, rid, moment, items=True):
        """The functions of ``moment`` for race ``rid`` (see content.py), in
        the order of :meth:`keys`."""
        held = self._hooks_held
        if held is not None:
            got = held.get((rid, moment, items))
            if got is not None:
                return got
        table, by_item = self.ruleset.moments.get(moment, _NO_MOMENT)
        if not table:
            got = []
        elif held is None:
            return [table[k] for k in self.keys(rid, items and by_item) if k in table]
        else:
            mine = (rid, items and by_item)
            ks = held.get(mine)  # what acts for the race, the same for every moment
            if ks is None:
                ks = held[mine] = self.keys(rid, mine[1])
            got = [table[k] for k in ks if k in table]
        if held is not None:
            held[rid, moment, items] = got
        return got

    def call(self, rid, moment, *args):
        for f in self.hook(rid, moment):
            f(self, rid, *args)

    # -- combo column --------------------------------------------------------
    def refill(self):
        """Fill the combo column up to 6 (§1.3)."""
        while len(self.column) < 6 and self.banners:
            if not self.badges and self.discard:
                self.badges = self.rng.shuffled(self.discard)
                self.discard = []
            if not self.badges:
                break
            self.column.append([self.banners.pop(0), self.badges.pop(0), 0])

    # -- turn flow -------------------------------------------------------
    def start_turn(self):
        """The current player's turn starts."""
        p = self.cur
        self.mark = self.seq + 1
        self.peace[p] = None
        self.tp = Turn()
        self.ev("turn", p=p, n=self.turn)
        for rid in ([self.active[p]] if self.active[p] is not None else []) + list(self.declined[p]):
            if rid in self.recs:
                self.call(rid, "start")
        flags = self.ruleset.flags
        again = [rid for rid in self.declined[p]
                 if "conquers_in_decline" in flags.get(self.recs[rid].race, ()) and self.regions_of(rid)]
        if again:  # an In Decline race that still conquers first (``tp.ghoul``)
            self.tp.ghoul = True
            self.tp.fresh = False
            turn_start.begin_conquer(self, again[0])
            return
        turn_start.main_part(self)

    def take_combo(self, i):
        p = self.cur
        race, power, coins = self.column[i]
        for j in range(i):
            self.column[j][2] += 1
        self.pay(p, coins - i)
        del self.column[i]
        self.refill()
        rid = self.next_rid
        self.next_rid += 1
        content = self.ruleset.content
        box = content[race].box
        n = content[race].tokens + content[power].tokens + content[race].extra
        self.recs[rid] = Race(rid, p, race, power, hand=min(n, box), spirit="decline_apart" in content[power].flags)
        self.active[p] = rid
        self.ev("pick", p=p, race=race, power=power, paid=i, got=coins)
        self.acting = rid
        self.phase = Phase.CONQUER
        self.tp.fresh = False
        self.tp.readied = {}
        turn_start.picked(self, rid, 0)
        self.clock.picked(self, rid)

    # -- conquest -------------------------------------------------------
    def cost(self, rid, r):
        """Tokens needed to conquer ``r`` (§1.4): the region's defence, then the
        race's and the region's changes, reductions never below 1
        (:func:`conquest.costs`)."""
        return conquest.costs(self, rid, (r,))[0]

    def need(self, rid, r, roll=None):
        """Tokens a conquest of ``r`` takes, after a Berserk roll if any (the
        roll is a power: it does not help against a power-proof region)."""
        c = self.cost(rid, r)
        if roll is None or conquest.proof(self, rid, r):
            return c
        return max(1, c - roll)

    def targets(self, rid):
        """The regions race ``rid`` may attempt."""
        return conquest.asking(self, conquest.target_list, self, rid)

    def conquer_moves(self):
        rid = self.acting
        rec = self.recs[rid]
        tp = self.tp
        out = conquest.opening_moves(self)
        hand = rec.hand
        if hand >= 1:
            roll = tp.roll
            berserk = self.able(rid, "roll_first")
            tg = conquest.asking(self, conquest.priced_targets, self, rid, hand, roll, berserk, out)
            if berserk and roll is None:
                out.append(RM.ROLL)
            for f in self.hook(rid, "conquest_moves", items=False):
                out.extend(f(self, rid, tg))
        for f in self.hook(rid, "moves"):
            out.extend(conquest.proof_filter(self, rec.p, f(self, rid)))
        for f in self.ruleset.moves:
            out.extend(conquest.proof_filter(self, rec.p, f(self, rid)))
        out.append(RM.END)
        return self.clock.allowed(self, out)

    def move_from_text(self, text):
        """A conquest (``c:N``, ``die:N``) is checked on its own region,
        ``end`` on the phase, ``done`` of a redeployment without its tokens'
        moves, and the commonest other moves of the conquests
        and the redeployment among the first moves the full list would give
        (:meth:`first_moves`), not by listing every legal move (a long record
        replays much faster); anything else, and a move those checks do not
        find, is looked up in :meth:`legal_moves` as usual. A question
        asked of the position, like the list (``conquest.asking``)."""
        if self._hooks_held is None:
            return conquest.asking(self, self.move_from_text, text)
        m = self._quick_conquest(text)
        if m is None:
            for m in self.first_moves() or ():
                if m.text == text:
                    return m
            return super().move_from_text(text)
        return m

    def first_moves(self):
        """The first moves of :meth:`legal_moves`, in its order (so the first
        one of a text there is the first one of that text in the full list),
        made without the rest; ``None`` where there is no such shortcut."""
        top = self.stack[-1]  # (a decision on top is neither phase)
        if self.win is not None or self.acting not in self.recs:
            return None
        if top is Phase.CONQUER:
            return conquest.first_moves(self)
        if top is Phase.REDEPLOY:
            return redeploy.first_moves(self)
        return None

    def _quick_conquest(self, text):
        """The move ``text`` if it is a conquest :meth:`conquer_moves` would
        list (the same :class:`Move`, the first one of that text), else
        ``None``: then the full list decides."""
        if text == "done":
            return redeploy.quick_done(self)
        if text.startswith(("put:", "all:", "mv:", "back:")):
            return redeploy.quick(self, text)
        if text == "end":  # ending the conquests: conquer_moves always lists it last
            ok = self.stack[-1] is Phase.CONQUER and self.win is None and self.acting in self.recs
            return conquest.clock_allows(self, RM.END) if ok else None
        head, _, arg = text.partition(":")
        if head not in ("c", "die") or not arg.isdigit() or str(int(arg)) != arg:
            return None
        if self.stack[-1] is not Phase.CONQUER or self.win is not None:
            return None
        r = int(arg)
        rid = self.acting
        if r >= self.R or rid is None or rid not in self.recs:
            return None
        hand = self.recs[rid].hand
        if hand < 1 or conquest.protected_from(self, rid, r) or not conquest.reachable(self, rid, r, self.regions_of(rid)):
            return None
        roll = self.tp.roll
        c = self.cost(rid, r)
        if roll is not None:
            ok = head == "c" and self.need(rid, r, roll) <= hand
        elif c <= hand:
            ok = head == "c"
        else:
            ok = head == "die" and not self.able(rid, "roll_first") and c - hand <= 3
        RM.covering(self.R)
        return conquest.clock_allows(self, (RM.CONQUER if head == "c" else RM.DIE)[r]) if ok else None

    # -- scoring, decline, end of turn --------------------------------------
    def next_player(self):
        """The next player's turn, or the end of the game after the last round."""
        self.cur += 1
        if self.cur >= self.n:
            self.cur = 0
            if self.turn >= self.turns:
                turn_end.game_over(self)
                return
            self.turn += 1
        self.start_turn()

    # -- the step stack (steps.py) -------------------------------------------
    @property
    def phase(self) -> Phase:
        """The part of the turn in play: the bottom of the step stack."""
        return self.stack[0]

    @phase.setter
    def phase(self, ph):
        self.stack[0] = ph if ph.__class__ is Phase else Phase(ph)  # (a value that is no phase is a ValueError)

    @property
    def pending(self) -> tuple:
        """The decisions waiting (the top of the step stack), the one to take now first."""
        return steps.decisions(self)

    # -- protocol ----------------------------------------------------------
    @property
    def to_play(self):
        """Who the top step asks: a decision's player, the defender, else the player whose turn it is."""
        if self.win is not None:
            return None
        top = self.stack[-1]
        if top.__class__ is Decision:
            return top["p"]
        if top is Phase.DEFEND:
            return self.recs[self.acting].p
        return self.cur

    def is_over(self):
        return self.win is not None

    def legal_moves(self):
        """The moves the top step offers: a decision's (the ruleset's
        ``pending``), or the phase's (:data:`PHASES`). Listing them is a
        question asked of the position (``conquest.asking``): each race's
        hooks are looked up once for the whole list."""
        if self._hooks_held is None:
            return conquest.asking(self, self.legal_moves)
        top = self.stack[-1]
        if top.__class__ is Decision:
            return conquest.proof_filter(self, top["p"], self.ruleset.pending[top["kind"]][0](self, top), keep_some=True)
        f = PHASES.get(top)
        moves = f[0](self) if f else []
        if self.clock is PLAIN:
            return moves
        return self.clock.more_moves(self, moves)

    def push(self, kind, p, **data):
        """A decision player ``p`` must take before play goes on (a kind of
        the ruleset's ``pending``): a step on the stack (``steps.push``)."""
        steps.push(self, kind, p, data)

    def apply(self, move):
        if self.clock is not PLAIN and self.clock.play(self, move):
            return
        t = move.text
        head, _, arg = t.partition(":")
        stack = self.stack
        d = stack[-1]
        if d.__class__ is Decision:
            if self.ruleset.pending[d["kind"]][1](self, d, t) is not False:
                steps.taken(self, d)
                while stack[-1].__class__ is Resume:  # the turn goes on where the decisions interrupted it
                    r = stack.pop()
                    RESUME[r.step](self, r.arg)
            return
        f = PHASES.get(d)
        if f:
            f[1](self, head, arg)

    def hidden_info(self):
        return not self.opts.get("open_coins", False)

    def scores(self):
        """Coins once the game is over or when the table plays open coins;
        "?" before that: the UI's score table is shown to whoever holds the
        device, and coins are secret (§1.5)."""
        if self.win is not None or self.opts.get("open_coins", False):
            return list(self.coins)
        return ["?"] * self.n

    def winners(self):
        return list(self.win or [])

    def player_marks(self, p):
        i = self.colour_index(p)
        return [(marks.colour_of(i), marks.mark_of(i))]

    def score_table(self, lang="fr", viewer=None):
        """Coins as ``viewer`` may see them (their own; everyone's once the
        game is over or with open coins), and the race tokens each player
        has on the map (public: they break ties)."""
        t = self.game.t
        tokens = [0] * self.n
        for r, o in enumerate(self.owner):
            if o is not None and o >= 0 and o in self.recs:
                tokens[self.recs[o].p] += self.tok[r]
        rows = [[name, str(self.coins[p]) if self.coins_visible(viewer, p) else "?", str(tokens[p])]
                for p, name in enumerate(self.players)]
        hidden = any(row[1] == "?" for row in rows)
        return {"caption": t(lang, "score.caption"),
                "columns": [t(lang, "score.player"), t(lang, "score.coins"), t(lang, "score.tokens")],
                "rows": rows, "notes": [t(lang, "score.hidden")] if hidden else []}

    def coins_visible(self, viewer, p):
        return viewer is None or viewer == p or self.win is not None or self.opts.get("open_coins", False)

    def view(self, player):
        shown = steps.shown(self)  # the step stack as a view writes it: phase and pending
        recs = {}
        for rid, rec in self.recs.items():
            recs[rid] = rec.public()
        v = {
            "players": list(self.players),
            "turn": self.turn, "turns": self.turns, "cur": self.cur, "phase": str(self.phase),
            "to_play": self.to_play, "acting": self.acting,
            "coins": [self.coins[p] if self.coins_visible(player, p) else None for p in range(self.n)],
            "column": [list(c) for c in self.column],
            "banners_left": len(self.banners), "badges_left": len(self.badges),
            "owner": list(self.owner), "tok": list(self.tok),
            "lair": list(self.lair), "fort": list(self.fort), "camp": list(self.camp),
            "hole": list(self.hole), "hero": list(self.hero), "dragon": self.dragon,
            "recs": recs, "active": list(self.active), "declined": [list(d) for d in self.declined],
            "peace": list(self.peace),
            "map": self.map_id, "monster": list(self.monster), "special": list(self.special),
            "place": list(self.place), "relic": list(self.relic), "pile_left": len(self.pile),
            "vp": list(self.vp), "x": self.x.as_dict(),
            # a decision waiting: its details for the one who takes it, who and what for the others
            "pending": [d if player is None or player == d["p"] else {k: v for k, v in d.items()
                                                                       if k in ("kind", "p")}
                        for d in _dc(shown)],
            # public facts a computer player rebuilds the position from: the
            # table's options, this turn's conquests and uses (everyone saw
            # them) and who still has tokens to put back
            "options": _dc(self.opts), "turn_state": None if self.tp is None else self.tp.as_dict(), "defq": list(self.defq),
            "winners": None if self.win is None else list(self.win),
            # a score event of a player whose coins are hidden keeps only who scored
            "events": [[s, t, k, _dc(f) if k != "score" or self.coins_visible(player, f["p"])
                        else {"p": f["p"], "total": None, "lines": None}] for s, t, k, f in self.log[-30:]],
        }
        if player is None:
            v["rng"] = self.rng.state
            v["banners"] = list(self.banners)
            v["badges"] = list(self.badges)
            v["tp"] = None if self.tp is None else self.tp.as_dict()
            v["pile"] = list(self.pile)
            v["unused"] = list(self.unused)
            v["pending_data"] = _dc(shown)
        return v

    # -- sentences ---------------------------------------------------------
    def status(self, lang="fr"):
        from .catalogue import status_line

        return status_line(self, lang)

    def result_lines(self, lang="fr"):
        from .catalogue import result_lines

        return result_lines(self, lang)


def _resume_picked(st, arg):
    if st.acting is not None and st.acting in st.recs:
        turn_start.picked(st, st.acting, arg)


def _decline_score(st, arg):
    turn_end.score(st, True)
    turn_end.finish(st)


#: where a turn goes on once the decisions that interrupted it are taken
#: (a :class:`Resume` on the step stack, its step and argument): f(state, arg)
RESUME = {
    Step.PICKED: _resume_picked,
    Step.AFTER_REDEPLOY: lambda st, arg: redeploy.after(st),
    Step.DEFEND: lambda st, arg: turn_end.to_defend(st),
    Step.DECLINE_SCORE: _decline_score,
}

# the engine's own moves by step and head: f(state, arg)
_CONQUER = {
    "decline": turn_end.go_decline,
    "c": lambda st, arg: conquest.conquer(st, int(arg)),
    "die": lambda st, arg: conquest.die(st, int(arg)),
    "roll": lambda st, arg: conquest.roll(st),
    "abandon": lambda st, arg: conquest.abandon(st, int(arg)),
    "end": lambda st, arg: redeploy.begin(st),
}
_REDEPLOY = {
    "put": redeploy.put,
    "all": redeploy.put_all,
    "mv": redeploy.move_one,
    "back": redeploy.take_back,
    "done": lambda st, arg: redeploy.end(st),
}


def _pick_moves(st):
    return [Move(f"pick:{i}", (f"combo{i}",)) for i in range(len(st.column)) if i <= st.coins[st.cur]]


def _diplomat_moves(st):
    return [Move(f"peace:{q}", (f"p{q}",)) for q in turn_end.peace_candidates(st, st.cur)] + [RM.NOPEACE]


def _stout_moves(st):
    if not st.clock.may_decline(st):
        return [RM.PASS]
    return [RM.DECLINE, RM.PASS]


def _defend_moves(st):
    rid = st.acting
    out = []
    RM.covering(st.R)
    for r in st.regions_of(rid):
        out.extend(redeploy.put_moves(r, st.recs[rid].hand))
    return out


def _pick(st, head, arg):
    st.take_combo(int(arg))


def _conquer(st, head, arg):
    if head != "decline":
        conquest.first_action(st)
    f = _CONQUER.get(head) or st.ruleset.actions.get(head)
    if f:
        f(st, arg)


def _redeploy(st, head, arg):
    f = _REDEPLOY.get(head) or st.ruleset.actions.get(head)
    if f:
        f(st, arg)


def _defend(st, head, arg):
    rec = st.recs[st.acting]
    f = _REDEPLOY.get(head) or st.ruleset.actions.get(head)
    if f and head != "back":
        f(st, arg)
    if rec.hand == 0:
        st.defq.pop(0)
        turn_end.next_defender(st)


def _diplomat(st, head, arg):
    if head == "peace":
        q = int(arg)
        st.peace[st.cur] = q
        st.ev("peace", p=st.cur, q=q)
    turn_end.score_and_finish(st)


def _stout(st, head, arg):
    if head == "decline":
        turn_end.decline(st, stout=True)
    turn_end.finish(st)


#: what each phase of a turn offers and does when no decision waits:
#: phase -> (moves(state), apply(state, head, arg)); a phase not here
#: (before the first turn, over, a tournament's idle table) offers nothing
PHASES = {
    Phase.PICK: (_pick_moves, _pick),
    Phase.CONQUER: (lambda st: st.conquer_moves(), _conquer),
    Phase.REDEPLOY: (lambda st: redeploy.moves(st), _redeploy),
    Phase.DIPLOMAT: (_diplomat_moves, _diplomat),
    Phase.STOUT: (_stout_moves, _stout),
    Phase.DEFEND: (_defend_moves, _defend),
}


def lent_power(st, rid):
    """A power a place lends to race ``rid`` (the ruleset's ``lend``:
    Stonehedge, rules notes §2.3), while that power may act (active, or
    In Decline when its badge keeps working)."""
    for f in st.ruleset.lend:
        pw = f(st, rid)
        if pw is not None:
            if st.recs[rid].dec and pw not in st.ruleset.keep_badge:
                return None
            return pw
    return None


def items_of(st, rid):
    """Places and relics in the regions race ``rid`` holds."""
    if not st.found:
        return []
    mine = list(map(eq, st.owner, repeat(rid)))  # called per target (hooks): scans in C
    return [x for x in compress(st.place, mine) if x] + [x for x in compress(st.relic, mine) if x]


def sea_entries(regs, opts, rev) -> tuple:
    """The seas and the lake that are border regions for a race entering the
    map, region by region. The rulebook's entry rule: the first conquest is "a
    region that borders the edge of the board, or a land region whose shore is
    on a sea bordering the edge" (rules notes §1.4); a sea touching the edge
    borders it, and a race that may conquer seas (Seafaring, and the Kraken on
    a Small World map) may enter there (option ``sea_entry``: ``edge``, the
    default from rules revision 2). ``land``: only land regions are border
    regions (revisions 0 and 1)."""
    if opts.get("sea_entry", "edge" if rev >= 2 else "land") != "edge":
        return (False,) * len(regs)
    return tuple(r["terrain"] in C.WATER and bool(r.get("at_edge")) for r in regs)

