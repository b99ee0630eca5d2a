"""Thorval's rules: set-up, the five episodes of a turn, combat, treasures.

The state keeps plain data. Automatic parts (dice, the orks, the dragon, the
mediator) run inside :meth:`ThorvalState.apply` through a small stack of
*steps*; whenever a person must decide (where to place, which units to lose,
whether to go on fighting…) the run stops with a *decision* (``self.dec``)
and ``to_play`` is the player who decides. Every die is rolled with the
state's own :class:`~plateau.core.rng.Rng` and written in the event log.
"""

from __future__ import annotations

from plateau.core import marks
from plateau.core.game import Move, State, view_secrets
from plateau.core.rng import Rng

from . import board as B

ORKS = -2
EMPTY = -1
KINDS = ("chest", "crown", "ring")
LOG_KEEP = 60


def _dc(x):
    """Deep copy of plain data (dicts, lists, tuples of scalars)."""
    if isinstance(x, list):
        return [_dc(v) for v in x]
    if isinstance(x, dict):
        return {k: _dc(v) for k, v in x.items()}
    return x


def power_of(soldiers: int, hero: bool, mage: bool) -> int:
    """Combat power of a group: soldiers (or orks) up to 4, the hero +1,
    the small magician +2.

    >>> power_of(3, False, False), power_of(6, True, False), power_of(7, False, True)
    (3, 5, 6)
    """
    return min(soldiers, 4) + (1 if hero else 0) + (2 if mage else 0)


def defence_bonus(case: int, via: str) -> int:
    """What the defender of ``case`` adds when attacked ``via`` land, a
    bridge, the tunnel or a boat."""
    bonus = 0
    if B.ROUGH[case] and via != "tunnel":
        bonus += 1
    if case in B.CASTLES:
        bonus += 2
    if via in ("bridge", "tunnel"):
        bonus += 2
    return bonus


class ThorvalState(State):
    def __init__(self, game, players, options, seed):
        self.game = game
        self.players = list(players)
        self.opts = dict(options)
        self.rng = Rng(seed)
        n = self.n = len(players)
        self.own = [EMPTY] * B.N
        self.cnt = [0] * B.N
        self.hero = [-1] * n
        self.mage = [-1] * n
        self.aids = [0] * n
        self.out = [False] * n
        self.tmove_used = False
        self.first = 0
        self.order: list = []
        self.turn = 0
        self.dragon = -1
        self.med = -1
        self.dec = None
        self.fight = None
        self.tp = None
        self.log: list = []
        self.seq = 0
        self.mark = 0  # seq of the first event of the last apply()
        self.win: list | None = None
        self.reason = ""
        kinds = list(KINDS) + (["blank"] if self.opts.get("blank_treasure") else [])
        # treasures: [owner, kind, case, found]; each owner's are shuffled
        # face down, so nobody knows which is which until one is found
        self.tre = []
        for p in range(n):
            for k in self.rng.shuffled(kinds):
                self.tre.append([p, k, -1, False])
        self.steps = []
        self._first_player_setup()
        self.steps = [("setup_ten", 0), ("setup_hide", 0, 0), ("setup_terr", 0),
                      ("setup_orks",), ("setup_castles", 0)]
        self._run()

    # ------------------------------------------------------------------
    # plain helpers
    def clone(self):
        s = object.__new__(ThorvalState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.copy()
        for k in ("own", "cnt", "hero", "mage", "aids", "out", "order", "steps", "log"):
            setattr(s, k, list(getattr(self, k)))
        s.tre = [t[:] for t in self.tre]
        s.dec = _dc(self.dec)
        s.fight = _dc(self.fight)
        s.tp = _dc(self.tp)
        s.win = None if self.win is None else list(self.win)
        return s

    def name(self, p: int) -> str:
        return self.players[p]

    def ev(self, key: str, **fields) -> None:
        self.seq += 1
        self.log.append([self.seq, key, fields])
        if len(self.log) > LOG_KEEP:
            del self.log[0]

    def die(self) -> int:
        return self.rng.die(6)

    def units(self, c: int) -> int:
        o = self.own[c]
        if o < 0:
            return self.cnt[c] if o == ORKS else 0
        return self.cnt[c] + (self.hero[o] == c) + (self.mage[o] == c)

    def special_at(self, c: int) -> str:
        o = self.own[c]
        if o < 0:
            return ""
        if self.hero[o] == c:
            return "hero"
        if self.mage[o] == c:
            return "mage"
        return ""

    def cases_of(self, p: int) -> list:
        return [c for c in range(B.N) if self.own[c] == p]

    def total_units(self, p: int) -> int:
        return sum(self.units(c) for c in range(B.N) if self.own[c] == p)

    def active(self) -> list:
        return [p for p in range(self.n) if not self.out[p]]

    def rotation(self, start: int) -> list:
        return [(start + i) % self.n for i in range(self.n) if not self.out[(start + i) % self.n]]

    def found_kinds(self, p: int) -> set:
        return {t[1] for t in self.tre if t[0] == p and t[3]}

    def treasure_at(self, c: int):
        for t in self.tre:
            if t[2] == c and not t[3]:
                return t
        return None

    def _remove_units(self, c: int, n: int, special_first: bool = False) -> None:
        """Remove ``n`` units from case ``c`` (soldiers first unless
        ``special_first``); empties and frees the case at zero."""
        o = self.own[c]
        if o == ORKS:
            self.cnt[c] = max(0, self.cnt[c] - n)
        elif o >= 0:
            sp = self.special_at(c)
            if sp and (special_first or n > self.cnt[c]):
                self._drop_special(o, sp)
                n -= 1
            self.cnt[c] = max(0, self.cnt[c] - n)
        if self.units(c) == 0:
            self.own[c] = EMPTY
            self.cnt[c] = 0
            if o >= 0:
                self._check_out(o)

    def _drop_special(self, p: int, sp: str) -> None:
        if sp == "hero":
            self.hero[p] = -1
        else:
            self.mage[p] = -1

    def _check_out(self, p: int) -> None:
        if not self.out[p] and self.turn_started() and self.total_units(p) == 0:
            self.out[p] = True
            self.ev("out", p=p)
            alive = self.active()
            if len(alive) == 1 and self.win is None:
                self._end([alive[0]], "last")

    def turn_started(self) -> bool:
        return self.turn > 0

    def _end(self, winners: list, reason: str) -> None:
        self.win = list(winners)
        self.reason = reason
        self.dec = None
        self.steps = []
        for p in winners:
            self.ev("win", p=p, why=reason)

    # ------------------------------------------------------------------
    # protocol
    @property
    def to_play(self):
        if self.win is not None or self.dec is None:
            return None
        return self.dec["p"]

    def is_over(self) -> bool:
        return self.win is not None

    def winners(self) -> list:
        return list(self.win or [])

    def scores(self) -> list:
        return [len(self.found_kinds(p) & set(KINDS)) for p in range(self.n)]

    def hidden_info(self) -> bool:
        return not self.opts.get("open_hand", False)

    def apply(self, move: Move) -> None:
        self.mark = self.seq + 1
        d = self.dec
        handler = getattr(self, "_do_" + d["k"])
        handler(d, move)
        self._run()

    # ------------------------------------------------------------------
    # the step machine
    def _run(self) -> None:
        while self.dec is None and self.win is None and self.steps:
            step = self.steps.pop()
            getattr(self, "_st_" + step[0])(*step[1:])

    def push(self, *steps) -> None:
        """Schedule ``steps`` to run in the order given."""
        self.steps.extend(reversed(steps))

    def decide(self, kind: str, p: int, **data) -> None:
        self.dec = {"k": kind, "p": p, **data}

    # ------------------------------------------------------------------
    # set-up
    def _roll_off(self, players: list) -> tuple:
        """Everyone in ``players`` rolls; the highest wins, ties roll again."""
        rounds = []
        while True:
            rolls = [[p, self.die()] for p in players]
            rounds.append(rolls)
            best = max(r for _, r in rolls)
            top = [p for p, r in rolls if r == best]
            if len(top) == 1:
                return top[0], rounds
            players = top

    def _first_player_setup(self) -> None:
        p, rounds = self._roll_off(list(range(self.n)))
        self.first = p
        self.ev("first", rolls=rounds, p=p)

    def _st_setup_castles(self, i):
        order = self.rotation(self.first)
        if i < len(order):
            self.push(("setup_castles", i + 1))
            self.decide("castle", order[i])
            return
        for c in B.CASTLES:
            if self.own[c] == EMPTY:
                self.own[c], self.cnt[c] = ORKS, 2
        self.ev("castle_orks")

    def _st_setup_orks(self):
        for r in range(6):
            a = self.die()
            b = self.die()
            rolls = [a, b]
            while b == a:
                b = self.die()
                rolls.append(b)
            for t in (a, b):
                c = B.territory(r + 1, t)
                self.own[c], self.cnt[c] = ORKS, 2
            self.ev("setup_orks", region=r, dice=rolls, c1=B.territory(r + 1, a), c2=B.territory(r + 1, b))

    def _st_setup_terr(self, i):
        if any(self.own[c] == EMPTY for c in B.TERRITORIES):
            order = self.rotation(self.first)
            self.push(("setup_terr", i + 1))
            self.decide("terr", order[i % len(order)])

    def hider_of(self, owner: int) -> int:
        """Each player gives their treasures to their left neighbour (the
        next player clockwise), who hides them."""
        return (owner + 1) % self.n

    def _st_setup_hide(self, rnd, i):
        per = 4 if self.opts.get("blank_treasure") else 3
        if rnd >= per:
            return
        order = self.rotation(self.first)
        if i >= len(order):
            self.push(("setup_hide", rnd + 1, 0))
            return
        hider = order[i]
        owner = (hider - 1) % self.n
        self.push(("setup_hide", rnd, i + 1))
        self.decide("hide", hider, owner=owner, t=owner * per + rnd, rnd=rnd)

    def hide_choices(self, d) -> list:
        taken = {t[2] for t in self.tre if not t[3]}
        if d["rnd"] == 0:
            free = [c for c in B.CASTLES if c not in taken]
            better = [c for c in free if self.own[c] != d["owner"]]
            return better or free
        return [c for c in B.TERRITORIES if c not in taken]

    def _st_setup_ten(self, i):
        order = self.rotation(self.first)
        if i < len(order):
            self.push(("setup_ten", i + 1))
            self.decide("ten", order[i])
            return
        self.turn = 1
        self.ev("start")
        self.push(("discover",), ("episodes",))

    # ------------------------------------------------------------------
    # the turn
    def _st_turn(self):
        self.turn += 1
        self.push(("episodes",))

    def _st_episodes(self):
        limit = self.opts.get("turn_limit", 0)
        if limit and self.turn > limit:
            self._end_by_limit()
            return
        self.ev("turn", n=self.turn)
        self.push(("spread",), ("ork_src", 0), ("refill",), ("dragon",), ("mediator",),
                  ("firstp",), ("pturn", 0), ("turn",))

    def _end_by_limit(self):
        alive = self.active()
        key = {p: (len(self.found_kinds(p) & set(KINDS)), self.total_units(p)) for p in alive}
        best = max(key.values())
        self._end(sorted(p for p in alive if key[p] == best), "limit")

    # 1.1 the orks spread
    def _st_spread(self):
        players = self.rotation(self.first)
        k = len(players)
        if k >= 6:
            regions = list(range(6))
            self.ev("spread_all")
        elif k == 5:
            r = self.die()
            regions = [x for x in range(6) if x != r - 1]
            self.ev("spread_but", p=players[0], die=r, region=r - 1)
        else:
            regions, rolls = [], []
            for p in players:
                while True:
                    r = self.die()
                    rolls.append([p, r])
                    if r - 1 not in regions:
                        regions.append(r - 1)
                        break
            self.ev("spread", rolls=rolls, regions=sorted(regions))
        added = 0
        for c in B.TERRITORIES:
            if B.REGION[c] in regions and self.own[c] == ORKS:
                self.cnt[c] += 1
                added += 1
        with_orks = {B.REGION[c] for c in B.TERRITORIES if self.own[c] == ORKS}
        for c in B.CASTLES:
            if self.own[c] != ORKS:
                continue
            touching = {B.REGION[x] for x in B.NEIGHBOURS[c] if B.REGION[x] >= 0}
            k = len(touching & set(regions) & with_orks)
            self.cnt[c] += k
            added += k
        self.ev("spread_done", n=added)

    # 1.2 the orks attack
    def ork_can_attack(self, c: int) -> bool:
        o = self.own[c]
        if o < 0 or c == self.dragon or c == self.med:
            return False
        return self.hero[o] != c

    def ork_targets(self, src: int) -> list:
        near = [c for c in B.NEIGHBOURS[src] if B.link(src, c) != "tunnel"]
        far = [c for c in B.NEIGHBOURS[src] if B.link(src, c) == "tunnel"]
        return [c for c in sorted(near) + far if self.ork_can_attack(c)]

    def _st_ork_src(self, i):
        for src in range(i, B.N):
            if self.own[src] == ORKS and self.cnt[src] >= 4 and self.ork_targets(src):
                self.push(("ork_tgts", src, tuple(self.ork_targets(src))), ("ork_src", src + 1))
                return

    def _st_ork_tgts(self, src, targets):
        if not targets:
            return
        tgt = targets[0]
        self.push(("ork_tgts", src, targets[1:]))
        # a band that has started attacking goes on to the next case while
        # two orks remain ("onward", the default); option "each": every new
        # attack needs 4 orks again
        need = 4 if self.opts.get("ork_attack", "onward") == "each" else 2
        if B.link(src, tgt) == "tunnel" and any(
                self.own[x] != ORKS for x in B.NEIGHBOURS[src] if x != tgt):
            return  # the tunnel only once every other neighbour is invaded
        if self.own[src] == ORKS and self.cnt[src] >= need and self.ork_can_attack(tgt):
            self.ev("ork_attack", src=src, tgt=tgt, p=self.own[tgt], n=self.cnt[src])
            self._start_fight(ORKS, src, tgt, "ork", B.link(src, tgt))
            self.push(("round",))

    # 1.3 empty cases refilled
    def _st_refill(self):
        n = 0
        for c in range(B.N):
            if self.own[c] == EMPTY:
                self.own[c], self.cnt[c] = ORKS, 1
                n += 1
        self.ev("refill", n=n)

    # 2 the dragon
    def _st_dragon(self):
        anyone = any(self.own[c] >= 0 for c in B.TERRITORIES)
        tries = []
        while True:
            r, t = self.die(), self.die()
            c = B.territory(r, t)
            tries.append([r, t])
            if self.own[c] >= 0 or not anyone:
                break
        self.dragon = c
        if self.own[c] < 0:
            self.ev("dragon_none", tries=tries, case=c)
            return
        bite = self.die()
        victim = self.own[c]
        n = min(bite, self.units(c))
        self.ev("dragon", tries=tries, case=c, die=bite, p=victim, n=n)
        self.push(("lose", c, n, "dragon"))

    # 3 the mediator
    def _st_mediator(self):
        r, t = self.die(), self.die()
        c = B.territory(r, t)
        self.med = c
        o = self.own[c]
        self.ev("mediator", dice=[r, t], case=c, p=o)
        if o == ORKS:
            self.cnt[c] += 3
        elif o >= 0:
            self._arrive(o, c, 3)  # 2 of them may be exchanged for the hero or small magician

    # 4 the first player
    def _st_firstp(self):
        p, rounds = self._roll_off(self.active())
        self.first = p
        self.order = self.rotation(p)
        self.ev("first", rolls=rounds, p=p)

    # 5 the players
    def _st_pturn(self, i):
        if i >= len(self.order):
            self.tp = None
            return
        p = self.order[i]
        self.push(("pturn", i + 1))
        if self.out[p]:
            return
        self.tp = {"p": p, "aid": 0, "bonus": 0, "boat": False, "extra": False, "atk": []}
        self.push(("p_aid",), ("p_reinf",), ("p_attack",))

    def _st_p_aid(self):
        p = self.tp["p"]
        if not self.out[p] and self.aids[p] < 10 and self.aid_choices(p):
            self.decide("aid", p)

    def aid_choices(self, p: int) -> list:
        out = [1, 2]
        if not self.tmove_used and self.tmove_moves(p):
            out.append(3)
        if self.total_units(p) < 7:
            out.append(4)
        boat = B.BOAT[self.opts.get("boat", "inland")]
        if any(c in boat for c in self.cases_of(p)):
            out.append(5)
        return out

    def reinforcements(self, p: int) -> int:
        mine = set(self.cases_of(p))
        counted = set()
        if self.opts.get("kingdom", "connected") == "castle":
            for c in B.CASTLES:
                if c in mine:
                    counted.add(c)
                    counted.update(x for x in B.NEIGHBOURS[c] if x in mine)
        else:
            seen = set()
            for c in sorted(mine):
                if c in seen:
                    continue
                comp, todo = {c}, [c]
                while todo:
                    x = todo.pop()
                    for y in B.NEIGHBOURS[x]:
                        if y in mine and y not in comp:
                            comp.add(y)
                            todo.append(y)
                seen |= comp
                if any(x in B.CASTLES for x in comp):
                    counted |= comp
        return max(4, len(counted))

    def _st_p_reinf(self):
        p = self.tp["p"]
        if self.out[p]:
            return
        n = self.reinforcements(p)
        self.ev("reinf", p=p, n=n)
        self.decide("place", p, n=n, why="reinf")

    def _st_p_attack(self):
        p = self.tp["p"]
        if not self.out[p] and self.attack_options(p):
            self.decide("attack", p, second=False)
        else:
            self.push(("bonus_lost",))

    def _st_p_fight(self, j):
        p = self.tp["p"]
        if self.out[p] or j >= len(self.tp["atk"]):
            return
        src, tgt, mode, boat = self.tp["atk"][j]
        ok = any(o[0] == src and o[1] == tgt and o[2] == boat for o in self.attack_options(p))
        if not ok:
            self.ev("cancelled", p=p, src=src, tgt=tgt)
            return
        via = "boat" if boat else B.link(src, tgt)
        self.ev("attack", p=p, src=src, tgt=tgt, mode=mode, via=via, d=self.own[tgt])
        self._start_fight(p, src, tgt, mode, via)
        self.push(("prep",), ("dprep",), ("round",))

    # ------------------------------------------------------------------
    # player attacks
    def attackable(self, p: int, tgt: int) -> bool:
        o = self.own[tgt]
        if o == EMPTY or o == p or tgt == self.dragon:
            return False
        if self.med >= 0 and B.REGION[tgt] >= 0 and B.REGION[tgt] == B.REGION[self.med]:
            return False
        return True

    def attack_options(self, p: int) -> list:
        """``(source, target, boat, extra)`` for every attack ``p`` may launch
        now; ``extra`` marks a boat attack on a case that a bridge or the
        tunnel also reaches (its path then ends with a ``boat`` click)."""
        out = []
        boat = bool(self.tp and self.tp.get("boat") and self.tp["p"] == p)
        waters = B.BOAT[self.opts.get("boat", "inland")]
        for src in range(B.N):
            if self.own[src] != p:
                continue
            for tgt in B.NEIGHBOURS[src]:
                if self.attackable(p, tgt):
                    out.append((src, tgt, False, False))
            if boat and src in waters:
                for tgt in sorted(waters):
                    if tgt == src or not self.attackable(p, tgt):
                        continue
                    lk = B.link(src, tgt)
                    if not lk:
                        out.append((src, tgt, True, False))
                    elif lk in ("bridge", "tunnel"):
                        out.append((src, tgt, True, True))
        return out

    def _start_fight(self, att, src, tgt, mode, via):
        self.fight = {"a": att, "d": self.own[tgt], "src": src, "tgt": tgt, "mode": mode,
                      "via": via, "rounds": 0}

    def fight_power(self, side: str) -> int:
        f = self.fight
        c = f["src"] if side == "a" else f["tgt"]
        o = self.own[c]
        if o == ORKS:
            p = power_of(self.cnt[c], False, False)
        elif o >= 0:
            p = power_of(self.cnt[c], self.hero[o] == c, self.mage[o] == c)
        else:
            p = 0
        if side == "d":
            p += defence_bonus(c, f["via"])
        return p

    def total_attack(self) -> bool:
        f = self.fight
        if f["mode"] == "ork":
            return False
        return f["mode"] == "total" or self.opts.get("attack_mode", "declare") == "free"

    def prep_moves(self, p: int, case: int, defender: bool) -> list:
        moves = []
        if self.total_attack():
            for x in B.NEIGHBOURS[case]:
                if self.own[x] == p and self.cnt[x] > 0:
                    spare = min(self.cnt[x], self.units(x) - 1)
                    for k in range(1, spare + 1):
                        moves.append(Move(f"+{k}<{B.NAMES[x]}", (B.TARGETS[x], f"n{k}")))
        if not defender or self.opts.get("defender_heroes", False):
            for sp, where in (("hero", self.hero[p]), ("mage", self.mage[p])):
                other = self.mage[p] if sp == "hero" else self.hero[p]
                if where >= 0 and where != case and other != case and self.units(where) >= 2:
                    moves.append(Move(f"{sp}>{B.NAMES[case]}", (sp,)))
        return moves

    def _st_prep(self):
        f = self.fight
        if f["a"] >= 0 and self.own[f["src"]] == f["a"] and self.prep_moves(f["a"], f["src"], False):
            self.decide("prep", f["a"], case=f["src"], side="a")

    def _st_dprep(self):
        f = self.fight
        d = self.own[f["tgt"]]
        if d >= 0 and self.total_attack() and self.prep_moves(d, f["tgt"], True):
            self.decide("prep", d, case=f["tgt"], side="d")

    def _st_round(self):
        f = self.fight
        src, tgt = f["src"], f["tgt"]
        pa, pd = self.fight_power("a"), self.fight_power("d")
        ra, rd = self.die(), self.die()
        ua, ud = self.units(src), self.units(tgt)
        ld = min(ra, ud) if ra <= pa else 0
        la = min(rd, ua) if rd <= pd else 0
        if ra > pa and rd > pd:
            la = 1
        f["rounds"] += 1
        self.ev("round", a=f["a"], d=self.own[tgt], src=src, tgt=tgt, ra=ra, pa=pa, rd=rd, pd=pd,
                la=la, ld=ld)
        self.push(("lose", src, la, "a"), ("lose", tgt, ld, "d"), ("after_round",))

    def _st_lose(self, c, n, why):
        if n <= 0:
            return
        o = self.own[c]
        if o >= 0:
            sp = self.special_at(c)
            if sp and n < self.units(c) and self.cnt[c] >= n:
                self.decide("loss", o, case=c, n=n, why=why)
                return
        self._remove_units(c, n)

    def _st_after_round(self):
        f = self.fight
        a_alive = self.own[f["src"]] == f["a"]
        d_alive = self.own[f["tgt"]] == f["d"]
        if not a_alive and not d_alive:
            self.ev("mutual", src=f["src"], tgt=f["tgt"])
            self.push(("fight_end",))
        elif not d_alive:
            self.ev("won", p=f["a"], src=f["src"], tgt=f["tgt"])
            self.push(("conquer", f["a"], f["src"], f["tgt"]), ("fight_end",))
        elif not a_alive:
            self.ev("won", p=f["d"], src=f["tgt"], tgt=f["src"])
            self.push(("conquer", f["d"], f["tgt"], f["src"]), ("fight_end",))
        elif f["a"] == ORKS:
            if self.cnt[f["src"]] <= 1:
                self.ev("orks_stop", src=f["src"], tgt=f["tgt"])
                self.push(("fight_end",))
            else:
                self.push(("round",))
        elif self.total_attack() and self.opts.get("attack_mode", "declare") == "declare":
            self.push(("round",))
        else:
            self.decide("cont", f["a"])

    def _st_conquer(self, who, frm, to):
        f = self.fight
        if f is not None and who == f["d"] and to not in B.NEIGHBOURS[frm]:
            # a failed boat attack: the winner occupies "from the contiguous
            # attack case", and across the water nobody may follow
            self.ev("no_occupy", p=who, tgt=to)
            return
        if who == ORKS:
            if self.own[frm] == ORKS and self.cnt[frm] >= 2:
                self.cnt[frm] -= 1
                self.own[to], self.cnt[to] = ORKS, 1
                self.ev("occupy", p=ORKS, src=frm, tgt=to, n=1)
            else:
                self.ev("no_occupy", p=ORKS, tgt=to)
            return
        if self.own[frm] != who or self.units(frm) < 2 or self.own[to] != EMPTY:
            self.ev("no_occupy", p=who, tgt=to)
            return
        self.decide("occupy", who, frm=frm, to=to)

    def _st_fight_end(self):
        self.fight = None
        self.push(("discover",))

    def _st_bonus(self, c):
        """Aid 1 or 2: the extra soldiers go to the case just taken."""
        tp = self.tp
        n = tp["bonus"]
        tp["bonus"] = 0
        p = tp["p"]
        if self.own[c] != p:
            return
        self.ev("bonus", p=p, case=c, n=n)
        self._arrive(p, c, n)

    def _arrive(self, p, c, n):
        """``n`` soldiers arrive in ``c``; when 2 or more arrive the player
        may take the hero or the small magician in place of 2 of them."""
        if n >= 2 and self.swap_options(p, c):
            self.decide("swap", p, case=c, n=n)
        else:
            self.cnt[c] += n

    def swap_options(self, p, c) -> list:
        out = []
        if self.hero[p] < 0 and self.mage[p] != c:
            out.append("hero")
        if self.mage[p] < 0 and self.hero[p] != c:
            out.append("mage")
        return out

    # ------------------------------------------------------------------
    # treasures
    def _st_discover(self):
        for t in self.tre:
            if not t[3] and t[2] >= 0 and self.own[t[2]] == t[0]:
                t[3] = True
                p, kind, c = t[0], t[1], t[2]
                self.ev("found", p=p, kind=kind, case=c)
                self.push(("discover",))
                if self.found_kinds(p) >= set(KINDS):
                    self._end([p], "treasures")
                    return
                if kind == "chest":
                    self._arrive(p, c, 4)
                elif kind == "crown":
                    self.decide("place", p, n=3, why="crown")
                elif kind == "ring":
                    if any(self.own[x] >= 0 and self.own[x] != p for x in range(B.N)):
                        self.push(("ring", p, 3, -1))
                return

    def _st_ring(self, p, left, victim):
        if left <= 0 or self.out[p]:
            if self.opts.get("ring", "remove") == "take":
                self.decide("place", p, n=3, why="ring")
            return
        if victim >= 0 and self.out[victim]:
            if self.opts.get("ring", "remove") == "take":
                self.decide("place", p, n=3, why="ring")
            return
        self.decide("ring", p, left=left, victim=victim)

    # ------------------------------------------------------------------
    # legal moves
    def legal_moves(self) -> list:
        if self.win is not None or self.dec is None:
            return []
        d = self.dec
        return getattr(self, "_mv_" + d["k"])(d)

    def _mv_castle(self, d):
        return [Move(B.NAMES[c], (B.TARGETS[c],)) for c in B.CASTLES if self.own[c] == EMPTY]

    def _mv_terr(self, d):
        return [Move(B.NAMES[c], (B.TARGETS[c],)) for c in B.TERRITORIES if self.own[c] == EMPTY]

    def _mv_hide(self, d):
        return [Move("hide " + B.NAMES[c], (B.TARGETS[c],)) for c in self.hide_choices(d)]

    def _mv_ten(self, d):
        p = d["p"]
        out = []
        mine = self.cases_of(p)
        for c in mine:
            nm, tg = B.NAMES[c], B.TARGETS[c]
            out.append(Move(f"10 {nm}", (tg,)))
            out.append(Move(f"10 {nm} H", (tg, "hero")))
            out.append(Move(f"10 {nm} M", (tg, "mage")))
            for y in mine:
                if y != c:
                    out.append(Move(f"10 {nm} H M:{B.NAMES[y]}", (tg, "hero", "mage", B.TARGETS[y])))
                    out.append(Move(f"10 {nm} M H:{B.NAMES[y]}", (tg, "mage", "hero", B.TARGETS[y])))
        return out

    def _mv_place(self, d):
        p, n = d["p"], d["n"]
        out = []
        for c in self.cases_of(p):
            nm, tg = B.NAMES[c], B.TARGETS[c]
            for k in range(1, n + 1):
                out.append(Move(f"+{k} {nm}", (tg, f"n{k}")))
            if n >= 2:
                for sp in self.swap_options(p, c):
                    out.append(Move(f"+{sp[0].upper()} {nm}", (tg, sp)))
        return out

    def _mv_swap(self, d):
        out = [Move(f"+{d['n']}", ("ok",))]
        for sp in self.swap_options(d["p"], d["case"]):
            out.append(Move(f"+{sp[0].upper()}+{d['n'] - 2}", (sp,)))
        return out

    def _mv_aid(self, d):
        out = [Move("no aid", ("noaid",))]
        for k in self.aid_choices(d["p"]):
            out.append(Move(f"aid {k}", (f"aid{k}",)))
        return out

    def tmove_moves(self, p) -> list:
        taken = {t[2] for t in self.tre if not t[3]}
        free = [c for c in range(B.N) if c not in taken]
        out = []
        for t in self.tre:
            if t[0] != p and not t[3] and t[2] >= 0:
                for y in free:
                    out.append(Move(f"treasure {B.NAMES[t[2]]}>{B.NAMES[y]}",
                                    (B.TARGETS[t[2]], B.TARGETS[y])))
        return out

    def _mv_tmove(self, d):
        return self.tmove_moves(d["p"])

    def _attack_moves(self, p, second):
        declare = self.opts.get("attack_mode", "declare") == "declare"
        out = []
        for src, tgt, boat, extra in self.attack_options(p):
            sym = "~" if boat else ">"
            base = (B.TARGETS[src], B.TARGETS[tgt]) + (("boat",) if extra else ())
            text = f"{B.NAMES[src]}{sym}{B.NAMES[tgt]}"
            if declare:
                out.append(Move(text + " total", base + ("total",)))
                out.append(Move(text + " partial", base + ("partial",)))
            else:
                out.append(Move(text, base))
        out.append(Move("none" if second else "pass", ("none" if second else "pass",)))
        return out

    def _mv_attack(self, d):
        return self._attack_moves(d["p"], d["second"])

    def _mv_prep(self, d):
        return self.prep_moves(d["p"], d["case"], d["side"] == "d") + [Move("fight", ("fight",))]

    def _mv_cont(self, d):
        return [Move("go", ("go",)), Move("stop", ("stop",))]

    def _mv_loss(self, d):
        sp = self.special_at(d["case"])
        return [Move(f"lose {d['n']}", ("lsol",)), Move(f"lose {sp[0].upper()}+{d['n'] - 1}", ("l" + sp,))]

    def _mv_occupy(self, d):
        frm = d["frm"]
        u, s = self.units(frm), self.cnt[frm]
        sp = self.special_at(frm)
        out = [Move(f"occupy {k}", (f"n{k}",)) for k in range(1, min(s, u - 1) + 1)]
        if sp:
            for k in range(1, u):
                if k - 1 <= s:
                    out.append(Move(f"occupy {sp[0].upper()}+{k - 1}", (sp, f"n{k}")))
        return out

    def _mv_ring(self, d):
        p, victim = d["p"], d["victim"]
        out = []
        for c in range(B.N):
            o = self.own[c]
            if o < 0 or o == p or (victim >= 0 and o != victim):
                continue
            nm, tg = B.NAMES[c], B.TARGETS[c]
            if self.cnt[c] > 0:
                out.append(Move(f"ring {nm}", (tg,)))
            sp = self.special_at(c)
            if sp:
                out.append(Move(f"ring {nm} {sp[0].upper()}", (tg, sp)))
        return out

    # ------------------------------------------------------------------
    # applying decisions
    def _done(self):
        self.dec = None

    def _do_castle(self, d, m):
        c = B.INDEX[m.text]
        self.own[c], self.cnt[c] = d["p"], 1
        self.ev("place", p=d["p"], case=c, n=1)
        self._done()

    _do_terr = _do_castle

    def _do_hide(self, d, m):
        c = B.INDEX[m.text.split(" ", 1)[1]]
        self.tre[d["t"]][2] = c
        self.ev("hide", p=d["p"], owner=d["owner"], case=c)
        self._done()

    def _do_ten(self, d, m):
        p = d["p"]
        parts = m.text.split(" ")
        c = B.INDEX[parts[1]]
        n = 10
        for part in parts[2:]:
            sp = "hero" if part[0] == "H" else "mage"
            where = c if ":" not in part else B.INDEX[part.split(":")[1]]
            if sp == "hero":
                self.hero[p] = where
            else:
                self.mage[p] = where
            n -= 2
        self.cnt[c] += n
        self.ev("ten", p=p, case=c, n=n, hero=self.hero[p], mage=self.mage[p])
        self._done()

    def _do_place(self, d, m):
        p = d["p"]
        what, name = m.text[1:].split(" ")
        c = B.INDEX[name]
        if what in ("H", "M"):
            if what == "H":
                self.hero[p] = c
            else:
                self.mage[p] = c
            d["n"] -= 2
            self.ev("place_sp", p=p, case=c, sp="hero" if what == "H" else "mage")
        else:
            k = int(what)
            self.cnt[c] += k
            d["n"] -= k
            self.ev("place", p=p, case=c, n=k)
        if d["n"] <= 0:
            self._done()

    def _do_swap(self, d, m):
        p, c, n = d["p"], d["case"], d["n"]
        sp = m.path[0]
        if sp == "hero":
            self.hero[p] = c
            n -= 2
        elif sp == "mage":
            self.mage[p] = c
            n -= 2
        self.cnt[c] += n
        self.ev("arrive", p=p, case=c, n=n, sp="" if sp == "ok" else sp)
        self._done()

    def _do_aid(self, d, m):
        p = d["p"]
        self._done()
        if m.path[0] == "noaid":
            return
        k = int(m.path[0][3:])
        self.aids[p] += 1
        self.tp["aid"] = k
        self.ev("aid", p=p, k=k, used=self.aids[p])
        if k == 1:
            self.tp["bonus"] = 2
        elif k == 2:
            self.tp["bonus"] = 1
            self.tp["extra"] = True
        elif k == 3:
            self.tmove_used = True
            self.decide("tmove", p)
        elif k == 4:
            self.decide("place", p, n=6, why="aid4")
        elif k == 5:
            self.tp["boat"] = True

    def _do_tmove(self, d, m):
        a, b = m.text.split(" ", 1)[1].split(">")
        src, dst = B.INDEX[a], B.INDEX[b]
        for t in self.tre:
            if t[2] == src and not t[3]:
                t[2] = dst
                self.ev("tmove", p=d["p"], owner=t[0], src=src, tgt=dst)
                break
        self._done()
        self.push(("discover",))

    def _do_attack(self, d, m):
        p = d["p"]
        self._done()
        if m.path[0] in ("pass", "none"):
            if not d["second"]:
                self.ev("pass", p=p)
                self.push(("bonus_lost",))
            return
        src, tgt = B.BY_TARGET[m.path[0]], B.BY_TARGET[m.path[1]]
        boat = "~" in m.text.split(" ")[0] or "boat" in m.path
        mode = m.path[-1] if m.path[-1] in ("total", "partial") else "free"
        self.tp["atk"].append([src, tgt, mode, boat])
        if not d["second"] and self.tp["extra"]:
            self.decide("attack", p, second=True)
            self.push(("p_fight", 0), ("p_fight", 1), ("bonus_lost",))
        elif not d["second"]:
            self.push(("p_fight", 0), ("bonus_lost",))

    def _st_bonus_lost(self):
        if self.tp and self.tp["bonus"]:
            self.ev("bonus_lost", p=self.tp["p"], n=self.tp["bonus"])
            self.tp["bonus"] = 0

    def _do_prep(self, d, m):
        p, case = d["p"], d["case"]
        if m.path[0] == "fight":
            self._done()
            return
        if m.path[0] in ("hero", "mage"):
            sp = m.path[0]
            frm = self.hero[p] if sp == "hero" else self.mage[p]
            if sp == "hero":
                self.hero[p] = case
            else:
                self.mage[p] = case
            self.ev("bring_sp", p=p, sp=sp, src=frm, tgt=case)
        else:
            k = int(m.path[1][1:])
            x = B.BY_TARGET[m.path[0]]
            self.cnt[x] -= k
            self.cnt[case] += k
            self.ev("bring", p=p, n=k, src=x, tgt=case)
        if not self.prep_moves(p, case, d["side"] == "d"):
            self._done()

    def _do_cont(self, d, m):
        self._done()
        f = self.fight
        if m.path[0] == "go":
            self.push(("round",))
        else:
            self.ev("break_off", p=f["a"], src=f["src"], tgt=f["tgt"])
            self.push(("fight_end",))

    def _do_loss(self, d, m):
        c, n = d["case"], d["n"]
        self._done()
        self._remove_units(c, n, special_first=m.path[0] != "lsol")

    def _do_occupy(self, d, m):
        p, frm, to = d["p"], d["frm"], d["to"]
        k = int(m.path[-1][1:])
        self._done()
        self.own[to] = p
        if m.path[0] in ("hero", "mage"):
            if m.path[0] == "hero":
                self.hero[p] = to
            else:
                self.mage[p] = to
            k -= 1
        self.cnt[frm] -= k
        self.cnt[to] = k
        self.ev("occupy", p=p, src=frm, tgt=to, n=int(m.path[-1][1:]))
        if self.tp and self.tp["p"] == p and self.tp["bonus"] and self.fight and self.fight["a"] == p:
            self.push(("bonus", to))

    def _do_ring(self, d, m):
        p = d["p"]
        c = B.BY_TARGET[m.path[0]]
        victim = self.own[c]
        self._done()
        if len(m.path) > 1:
            self._drop_special(victim, m.path[1])
            if self.units(c) == 0:
                self.own[c] = EMPTY
                self.cnt[c] = 0
        else:
            self._remove_units(c, 1)
        self.ev("ring", p=p, victim=victim, case=c, sp=m.path[1] if len(m.path) > 1 else "")
        self._check_out(victim)
        self.push(("ring", p, d["left"] - 1, victim))

    # ------------------------------------------------------------------
    # what the UI shows
    def view(self, player):
        show_all = player is None or self.opts.get("open_hand", False)
        tre = []
        for t in self.tre:
            tre.append({"owner": t[0], "case": t[2], "found": t[3],
                        "kind": t[1] if (t[3] or show_all) else None})
        v = {
            "players": list(self.players),
            "turn": self.turn,
            "first": self.first,
            "to_play": self.to_play,
            "decision": _dc(self.dec),
            "own": list(self.own),
            "count": list(self.cnt),
            "hero": list(self.hero),
            "mage": list(self.mage),
            "treasures": tre,
            "aids": list(self.aids),
            "treasure_move_used": self.tmove_used,
            "out": list(self.out),
            "dragon": self.dragon,
            "mediator": self.med,
            "fight": _dc(self.fight),
            "events": [[s, k, _dc(f)] for s, k, f in self.log[self._events_shown():]],
            "winners": None if self.win is None else list(self.win),
            # the bookkeeping of the turn (public: any player can follow it)
            "options": dict(self.opts),
            "steps": [list(s) for s in self.steps],
            "turn_state": _dc(self.tp),
            "order": list(self.order),
            "seq": self.seq,
            "mark": self.mark,
            "reason": self.reason,
        }
        if player is None:
            v["rng"] = self.rng.state
        return v

    def private_view_key(self, player) -> frozenset:
        """Nothing is known to one player only: the treasures lie face down
        for everyone alike (their owners and hiders included), so the device
        never needs a pass screen (read off :meth:`view`, which is the same
        for every player)."""
        if not self.hidden_info():
            return frozenset()
        return view_secrets(self, player)

    def player_marks(self, p):
        return [(marks.colour_of(p), marks.mark_of(p))]  # the flags' colours (render.PLAYER)

    def score_table(self, lang: str = "fr", viewer=None) -> dict:
        """Treasures found (the score), units on the island and aids used.

        >>> from plateau.games.thorval import GAME
        >>> GAME.start(["Ann", "Bob"], {}, seed=1).score_table("fr")["columns"]
        ['Joueur', 'Trésors trouvés', 'Unités', 'Aides utilisées']
        """
        from .catalogue import t

        cols = [t(lang, "score.player"), t(lang, "score.found"), t(lang, "score.units"),
                t(lang, "score.aids")]
        rows = []
        for p in range(self.n):
            found = sorted(self.found_kinds(p) & set(KINDS))
            cell = f"{len(found)}/3"
            if found:
                cell += " (" + ", ".join(t(lang, "kindshort." + k) for k in found) + ")"
            name = self.players[p] + (" — " + t(lang, "score.out") if self.out[p] else "")
            rows.append([name, cell, str(self.total_units(p)), f"{self.aids[p]}/10"])
        return {"caption": t(lang, "score.caption"), "columns": cols, "rows": rows, "notes": []}

    def _events_shown(self) -> int:
        """Where the events a view carries begin: the last 15, and every one
        since the previous turn began (what the board's events column draws
        from), so a position built from a view is drawn as the real one."""
        starts = [k for k, e in enumerate(self.log) if e[1] == "turn"]
        begin = starts[-2] if len(starts) > 1 else 0
        return max(0, min(begin, len(self.log) - 15))

    # ------------------------------------------------------------------
    # sentences
    def events_since(self, seq: int) -> list:
        return [e for e in self.log if e[0] >= seq]

    def event_texts(self, lang: str = "fr", last: int = 10) -> list:
        from .catalogue import event_text

        return [event_text(self.players, k, f, lang) for _, k, f in self.log[-last:]]

    def decision_text(self, lang: str = "fr") -> str:
        from .catalogue import t

        d = self.dec
        if self.win is not None or d is None:
            return t(lang, "st.over")
        p = self.players[d["p"]]
        k = d["k"]
        nm = B.NAMES
        if k == "hide":
            return t(lang, "st.hide0" if d["rnd"] == 0 else "st.hide", p=p, owner=self.players[d["owner"]])
        if k == "place":
            return t(lang, "st.place", p=p, n=d["n"], why=t(lang, "why." + d["why"]))
        if k == "swap":
            return t(lang, "st.swap", p=p, n=d["n"], case=nm[d["case"]])
        if k == "aid":
            return t(lang, "st.aid", p=p, left=10 - self.aids[d["p"]])
        if k == "attack":
            return t(lang, "st.attack2" if d["second"] else "st.attack", p=p)
        if k == "prep":
            return t(lang, "st.prep_" + d["side"], p=p, case=nm[d["case"]])
        if k == "cont":
            f = self.fight
            return t(lang, "st.cont", p=p, src=nm[f["src"]], tgt=nm[f["tgt"]],
                     pa=self.fight_power("a"), pd=self.fight_power("d"))
        if k == "loss":
            return t(lang, "st.loss", p=p, n=d["n"], case=nm[d["case"]],
                     sp=t(lang, "sp." + self.special_at(d["case"])))
        if k == "occupy":
            return t(lang, "st.occupy", p=p, frm=nm[d["frm"]], to=nm[d["to"]])
        if k == "ring":
            return t(lang, "st.ring", p=p, left=d["left"])
        return t(lang, "st." + k, p=p)

    def status(self, lang: str = "fr") -> str:
        from .catalogue import event_text, t

        head = self.decision_text(lang)
        if self.turn > 0 and self.win is None:
            head = t(lang, "st.turn", n=self.turn) + " — " + head
        recent = [e for e in self.log if e[0] >= self.mark and e[1] not in ("place", "hide", "turn")]
        if recent:
            texts = [event_text(self.players, k, f, lang) for _, k, f in recent[-3:]]
            head += " · " + t(lang, "st.last", ev=" ".join(texts))
        return head

    def result_lines(self, lang: str = "fr") -> list:
        from .catalogue import t

        if self.win is None:
            return []
        why = t(lang, "why." + self.reason)
        if len(self.win) == 1:
            lines = [t(lang, "result.win", p=self.players[self.win[0]], why=why)]
        else:
            lines = [t(lang, "result.draw", ps=", ".join(self.players[p] for p in self.win), why=why)]
        for p in range(self.n):
            lines.append(t(lang, "result.line", p=self.players[p],
                           found=len(self.found_kinds(p) & set(KINDS)), units=self.total_units(p),
                           aids=self.aids[p], out=t(lang, "result.out") if self.out[p] else ""))
        lines.extend(self.event_texts(lang, 5))
        return lines
