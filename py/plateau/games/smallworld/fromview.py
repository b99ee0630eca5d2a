"""Small World's position from a player's view (``view(player)``): the
computer's search starts from it, a club device draws the host's position with it, and
the tournament builds each table's with it. What the view hides (other players' coins,
the decks' order, the face-down places and relics, future dice) is sampled with a
fresh generator."""

from __future__ import annotations

from plateau.core.game import rules_revision
from plateau.core.rng import Rng

from . import content as C
from . import steps
from .clock import PLAIN
from .records import Effects, Race, Turn
from .rules import SmallWorldState, _dc, map_for, sea_entries


#: the boards rebuilt from a view, by their options and map (a view names its board)
_TEMPLATES: dict = {}


def _income(s: SmallWorldState, p: int) -> int:
    """Coins player ``p`` would earn for the regions held now (one coin a
    region, active and In Decline; the race's bonuses are left to the
    search)."""
    rids = ([s.active[p]] if s.active[p] is not None else []) + list(s.declined[p])
    k = 0
    for r in range(s.R):
        if s.owner[r] in rids:
            k += 1
    return k

def _unit(rng: Rng) -> float:
    """A number in [0, 1) from ``rng``."""
    return rng.below(1 << 20) / float(1 << 20)


# ---------------------------------------------------------------------------
# rebuilding a position from a view
def _board(n: int, opts: dict, map_id: str) -> dict:
    """The fixed part of a game on board ``map_id`` (regions, terrain, the
    decks of this content), computed once per board as the engine does."""
    key = (n, map_id, repr(sorted((k, repr(v)) for k, v in opts.items())))
    b = _TEMPLATES.get(key)
    if b is not None:
        return b
    bseed = None
    if map_id.startswith("random-"):
        bseed = int(map_id.rsplit("-", 1)[1])
    m = map_for(n, opts, bseed)
    if m["id"] != map_id:
        raise ValueError(f"the options do not give the board {map_id!r}")
    regs = m["regions"]
    R = len(regs)
    from . import GAME

    terrain = [r["terrain"] for r in regs]
    symbols = [tuple(r["symbols"]) for r in regs]
    nbrs = [tuple(sorted(r["neighbours"])) for r in regs]
    feat = [C.features(terrain[r], symbols[r]) for r in range(R)]
    water = [t in C.WATER for t in terrain]
    river = [t == "river" for t in terrain]
    chasm = [t == "chasm" for t in terrain]
    wet = [water[r] or river[r] for r in range(R)]
    races, powers = C.decks(opts.get("content", "base"))
    removed = set(opts.get("removed", ()))
    b = {
        "turns": m["turns"], "R": R, "terrain": terrain, "symbols": symbols, "nbrs": nbrs,
        "entry": [bool(r["first_conquest_ok"]) for r in regs],
        "sea_entry": sea_entries(regs, opts, rules_revision(opts, GAME)),
        "feat": feat, "water": water,
        "river": river, "chasm": chasm,
        "coastal": [not wet[r] and not chasm[r] and any(wet[x] for x in nbrs[r]) for r in range(R)],
        "mountain": ["mountain" in f for f in feat],
        "deck_races": [k for k in races if k not in removed],
        "deck_powers": [k for k in powers if k not in removed],
        "items": [i for i in C.ITEMS if i not in removed],
    }
    _TEMPLATES[key] = b
    return b


def _ikeys(d):
    return {int(k): v for k, v in d.items()}


def _scored(view, rid: int, rec: dict) -> bool:
    """Whether an active race has already scored once (Wealthy's coins come
    at the end of its first turn): not when it was picked this very turn."""
    if rec["dec"] or view["active"][rec["p"]] != rid or rec["p"] != view["cur"]:
        return True
    for ev in view["events"]:
        if ev[2] == "pick" and ev[1] == view["turn"] and ev[3].get("p") == rec["p"] \
                and ev[3].get("race") == rec["race"]:
            return False
    return True


def from_view(view: dict, player: int, rng: Rng, ruleset=None) -> SmallWorldState:
    from . import GAME

    if "turn_state" not in view or "options" not in view:
        raise ValueError("the view lacks the table's options or the turn's public state")
    s = object.__new__(SmallWorldState)
    s.game = GAME
    s.ruleset = C.ruleset_for(view["options"]) if ruleset is None else ruleset  # a tournament table's own
    s.clock = PLAIN
    s.players = list(view["players"])
    n = s.n = len(s.players)
    s.opts = _dc(view["options"])
    s.rev = rules_revision(s.opts, GAME)
    s.rng = rng
    b = _board(n, s.opts, view["map"])
    s.map_id = view["map"]
    s.turns = int(view["turns"])
    R = s.R = b["R"]
    for k in ("terrain", "symbols", "nbrs", "entry", "sea_entry", "feat", "water", "river", "chasm", "coastal",
              "mountain"):
        setattr(s, k, tuple(b[k]))  # the board's fixed arrays are tuples, as the engine makes them
    s.deck_races = list(b["deck_races"])
    s.deck_powers = list(b["deck_powers"])
    for k in ("owner", "tok", "lair", "fort", "camp", "hole", "hero", "monster", "special", "place", "relic"):
        v = list(view[k])
        if len(v) != R:
            raise ValueError(f"{k}: {len(v)} regions, the board has {R}")
        setattr(s, k, v)
    s.dragon = int(view["dragon"])
    s.vp = [int(x) for x in view["vp"]]
    # deep copies: the search plays many positions from one view, none may
    # change it (a turn's conquests, an effect's state, a decision's details)
    s.x = Effects.from_dict(view["x"])
    steps.load(s, view["phase"], _dc(view["pending"]))  # the step stack: the phase, the decisions waiting
    s.recs = {}
    for k, rec in view["recs"].items():
        rid = int(k)
        try:
            s.recs[rid] = Race(id=rid, scored=_scored(view, rid, rec), **rec)
        except TypeError as e:
            raise ValueError(f"race {rid} of the view is not a race record: {e}") from None
    for o in s.owner:
        if o >= 0 and o not in s.recs:
            raise ValueError(f"a region belongs to race {o}, which is not in play")
    s.next_rid = max(list(s.recs) + [-1]) + 1
    s.active = [None if a is None else int(a) for a in view["active"]]
    s.declined = [[int(x) for x in d] for d in view["declined"]]
    s.peace = list(view["peace"])
    s.column = [list(c) for c in view["column"]]
    s.turn = int(view["turn"])
    s.cur = int(view["cur"])
    s.acting = view["acting"]
    tp = view["turn_state"]
    if tp is not None:
        tp = Turn.from_dict(tp)
        tp.conq_rid = _ikeys(tp.conq_rid)
        if tp.readied is not None:
            tp.readied = _ikeys(tp.readied)
    s.tp = tp
    s.defq = [int(x) for x in view["defq"]]
    s.win = None if view["winners"] is None else list(view["winners"])
    s.log = [tuple(e) for e in _dc(view["events"])]
    s.seq = s.log[-1][0] if s.log else 0
    s.mark = next((e[0] for e in reversed(s.log) if e[2] == "turn"), s.seq)
    s.found = sum(1 for r in range(R) if s.place[r] or s.relic[r])

    # -- hidden: the stacks, the pile, the others' coins --------------------
    in_column_r = {c[0] for c in s.column}
    in_column_p = {c[1] for c in s.column}
    on_board_r = {rec.race for rec in s.recs.values()}
    banners = [k for k in s.deck_races if k not in in_column_r and k not in on_board_r]
    if len(banners) != int(view["banners_left"]):
        raise ValueError(f"{len(banners)} banners unseen but the stack holds {view['banners_left']}")
    rng.shuffle(banners)
    s.banners = banners
    held = {rec.power for rec in s.recs.values() if not rec.dec or rec.power in s.ruleset.keep_badge}
    rest = [k for k in s.deck_powers if k not in in_column_p and k not in held]
    nb = int(view["badges_left"])
    if nb > len(rest):
        raise ValueError(f"{len(rest)} badges unseen but the stack holds {nb}")
    surely_out = {rec.power for rec in s.recs.values() if rec.dec and rec.power not in s.ruleset.keep_badge}
    rng.shuffle(rest)
    rest.sort(key=lambda k: k in surely_out)  # stable: declined races' badges last
    s.badges = rest[:nb]
    s.discard = rest[nb:]
    rng.shuffle(s.badges)
    seen_items = {x for x in s.place + s.relic if x}
    items = [i for i in b["items"] if i not in seen_items]
    rng.shuffle(items)
    k = int(view["pile_left"])
    if k > len(items):
        raise ValueError("more tiles in the pile than places and relics unseen")
    shown = next((d["choices"] for d in s.pending if d.get("kind") == "snowpick" and "choices" in d), None)
    if shown is not None:
        # the Snow Thing's beater looks through the tiles still available
        # (rules notes §3.11): those are the tiles put away; the pile comes
        # from the others (a tile may also have left the game)
        rest = [i for i in items if i not in shown]
        if any(i not in items for i in shown) or len(rest) < k:
            raise ValueError("the tiles to choose from do not match the tiles unseen")
        s.unused = [i for i in items if i in shown]
        s.pile = rest[:k]
    else:
        s.pile = items[:k]
        s.unused = items[k:]
    coins = list(view["coins"])
    if coins[player] is None:
        raise ValueError("the view does not show the player's own coins")
    mine = int(coins[player])
    inc = [_income(s, p) for p in range(n)]
    for p in range(n):
        if coins[p] is None:
            est = mine + (inc[p] - inc[player]) * max(0, s.turn - 1) / 2
            est *= 0.75 + 0.5 * _unit(rng)
            coins[p] = max(0, int(round(est)))
        else:
            coins[p] = int(coins[p])
    s.coins = coins
    if s.win is None and s.pending and s.pending[0].keys() <= {"kind", "p"}:
        # a pending decision's details are not in the view (none in the base game)
        kinds = s.ruleset.pending.get(s.pending[0]["kind"])
        if kinds is None:
            raise ValueError(f"unknown pending decision {s.pending[0]['kind']!r}")
    return s
