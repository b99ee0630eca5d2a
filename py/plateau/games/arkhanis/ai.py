"""Computer participants for the Arkhanis tournament (imported by
plateau.ai only).

A participant sees (``TournamentState.view``): every table as Small World
shows it to him, the seats, the events revealed so far, his own coins and
bid. Hidden: the others' coins, the others' bids of a running auction, the
events still to come, each table's stacks and pile, the dice.
:func:`determinize` rebuilds a tournament from the view with the Small
World hooks for each table (``plateau.games.smallworld.ai``), one set of
sampled coins shared by every table, the future events drawn from the
catalogue, and the others' bids drawn between 0 and their (sampled) coins.

The search (information-set MCTS) weighs the same decisions as at a single
Small World table — the tables' own hooks reduce the small steps to a plan
— plus the bids (a few amounts), the seat to take (every free seat) and the
Moonstone Pendant's choice. :func:`evaluate` adds up, for each participant,
his coins and what his races on every board should still earn.
"""

from __future__ import annotations

import math

from plateau.core.game import Move, rules_revision
from plateau.core.rng import Rng

BUDGET = 60  # ISMCTS iterations: a tournament position is several boards (bench/bench_arkhanis.py --ai)
HORIZON = 12


def _sw():
    from plateau.games.smallworld import ai as SW

    return SW


def _unit(rng: Rng) -> float:
    return rng.below(1 << 20) / float(1 << 20)


def as_asked(view: dict, player: int) -> dict:
    """``player``'s view as if his own table were the one asked: from
    revision 2 the tables play at once, and a computer participant whom his
    table waits for (not the player a single device asks) thinks from there.
    The view itself is left as it is (a device rebuilds the real position
    from it)."""
    tslot = view.get("tslot")
    if not tslot or view.get("winners") is not None or view.get("stage") not in ("play", "move"):
        return view
    mine = [ti for ti, t in enumerate(view["tables"])
            if tslot[ti] < len(view["layout"][ti]["seats"]) and t.get("to_play") == player]
    if not mine or (view["stage"] == "play" and view["current"] in mine):
        return view
    ti = min(mine, key=lambda x: (tslot[x], x))
    return dict(view, stage="play", current=ti, slot=tslot[ti], tix=ti)


def determinize(view: dict, player: int, rng: Rng):
    from plateau.games.smallworld import GAME as SWGAME

    from . import GAME
    from . import events as E
    from .tournament import TABLE_RULES, TableClock, TournamentState

    SW = _sw()
    st = object.__new__(TournamentState)
    st.game = GAME
    st.game_sw = SWGAME
    st.players = list(view["players"])
    n = st.n = len(st.players)
    st.opts = dict(view.get("options") or {})
    st.rev = rules_revision(st.opts, GAME)
    st.rng = rng
    st.heights = [int(h) for h in view["heights"]]
    st.turn = int(view["turn"])
    st.stage = view["stage"]
    st.slot = int(view["slot"])
    st.tix = int(view["tix"])
    st.tslot = list(view.get("tslot") or [0] * len(view["layout"]))  # revision 2: each table's own seat
    st.current = view["current"]
    st.layout = [dict(t) for t in view["layout"]]
    st.table_seats = [list(t["seats"]) for t in st.layout]
    st.seat_table = {s: i for i, seats in enumerate(st.table_seats) for s in seats}
    st.occupant = {int(k): v for k, v in view["occupant"].items()}
    st.seat_of = list(view["seat_of"])
    st.arrived = list(view["arrived"])
    st.seat_choosers = list(view["movers"])
    st.vp = list(view["vp"])
    st.age = int(view["age"])
    st.log = [list(e) for e in view["log"]]
    st.seq = st.log[-1][0] if st.log else 0
    st.auction_tables = list(view["auction_tables"])
    st.auction_table = int(view["auction_table"])
    st.bidder = view["bidder"]
    st.pendant = view["pendant"]
    st.immune = list(view["immune"])
    st.relic_owner = dict(view["relic_owner"])
    st.off_board = dict(view["off_board"])
    st.win = None if view["winners"] is None else list(view["winners"])
    st.seat_finished = False
    # the events: those revealed, then a guess for each turn to come
    seen = list(view["events"])
    pool = [e for e in E.ORDER if e != "none"]
    st.schedule = seen + [pool[rng.below(len(pool))] for _ in range(10 - len(seen))]
    st.event = seen[-1] if seen else None
    # coins: his own, and a guess for each other participant around his own
    coins = list(view["coins"])
    if coins[player] is None:
        raise ValueError("the view does not show the player's own coins")
    mine = int(coins[player])
    for p in range(n):
        if coins[p] is None:
            coins[p] = max(0, int(round(mine * (0.75 + 0.5 * _unit(rng)))))
        else:
            coins[p] = int(coins[p])
    st.coins = coins
    st.bids = {}
    for k, b in view["bids"].items():
        p = int(k)
        st.bids[p] = int(b) if b is not None else rng.below(min(coins[p], 4) + 1)
    st.tables = []
    st.reserved = []
    st.rosters = []
    shown = None  # the tiles still available, shown to him while he chooses one for the Snow Thing
    for i, tv in enumerate(view["tables"]):
        reserved = {int(p): list(c) for p, c in view["reserved"][i].items()}
        snow = [d for d in tv["pending"] if d.get("kind") == "snowpick" and "choices" in d]
        if snow:
            # the reserve is the tournament's, not the table's: rebuilt below
            shown = list(snow[0]["choices"])
            tv = dict(tv, pending=[{k: v for k, v in d.items() if k != "choices"} for d in tv["pending"]])
        # a combo won at auction is set aside, out of the column and the stacks: shown with the column
        # while the table is rebuilt, then set aside again
        tv = dict(tv, coins=list(coins), column=list(tv["column"]) + [reserved[p] for p in sorted(reserved)])
        sw = SW.determinize(tv, player, Rng(rng.next64()), TABLE_RULES)
        if reserved:
            del sw.column[len(sw.column) - len(reserved):]
        sw.game = SWGAME
        sw.ruleset = TABLE_RULES
        sw.clock = TableClock(st, i)
        sw.coins = st.coins
        sw.vp = st.vp
        st.reserved.append(reserved)
        st.rosters.append(list(view["rosters"][i]))
        for rid, rec in sw.recs.items():  # a declined race scores for the seat it was left at
            at = (view.get("declined_at") or [{}] * len(view["tables"]))[i].get(str(rid))
            if at is not None:
                rec.seat, rec.age = int(at[0]), int(at[1])
        st.tables.append(sw)
    _deal_unseen(st, view, shown, rng)
    # the moves are checked only when they are the viewer's: another player's pending decision
    # keeps its details from him (a device showing that table draws the board, not those moves)
    if st.win is None and (st.to_play is None or (st.to_play == player and not st.legal_moves())):
        raise ValueError("this view does not rebuild into a position where someone can play")
    return st


def _deal_unseen(st, view, shown, rng: Rng) -> None:
    """The face-down tiles: every tile of the tournament not seen on a board
    or with its owner, shuffled into the tables' piles (as many as each one
    holds) and, from revision 1, the shared reserve (as many as it holds; the
    very tiles it holds while he chooses one of them for the Snow Thing)."""
    from plateau.games.smallworld import content as C

    from . import items as I
    from .tournament import REMOVED

    seen = {x for t in st.tables for x in t.place + t.relic if x} | set(st.off_board)
    for t in st.tables:
        for d in t.pending:  # the Golden Knight's draw, shown to the one who keeps
            seen.update(d.get("drawn", ()))
    unseen = [i for i in C.ITEMS if i not in REMOVED and i not in seen] + [i for i in I.ITEMS if i not in seen]
    rng.shuffle(unseen)
    st.reserve = []
    st.discarded = []  # face down: among the tiles unseen, left out of the piles and the reserve
    if shown is not None:
        st.reserve = [i for i in shown if i in unseen]
        unseen = [i for i in unseen if i not in shown]
    for tv, t in zip(view["tables"], st.tables):
        k = min(int(tv["pile_left"]), len(unseen))
        t.pile, unseen = unseen[:k], unseen[k:]
        t.unused = st.reserve if st.rev >= 1 else []
    if shown is None and st.rev >= 1:
        st.reserve.extend(unseen[: int(view.get("reserve_left", 0))])
    for t in st.tables:
        for d in t.pending:
            if d.get("kind") == "snowpick" and "choices" not in d:
                d["choices"] = sorted(set(st.reserve))


def values(st) -> list:
    """Each participant's expected coins at the end: coins and end-of-game
    points now, plus what his races on every board should still earn."""
    SW = _sw()
    out = [float(st.coins[p] + st.vp[p]) for p in range(st.n)]
    for t in st.tables:
        v = SW.values(t)
        for p in range(st.n):
            out[p] += v[p] - t.coins[p] - t.vp[p]
    return out


def evaluate(st) -> list:
    v = values(st)
    n = len(v)
    out = []
    for p in range(n):
        other = max(v[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(v[p] - other) / 8.0)))
    return out


def search_moves(st, moves: list) -> list:
    if st.stage == "play" and st.current is not None:
        return _sw().search_moves(st.tables[st.current], moves)
    if st.stage == "auction":
        keep = {0, 1, 2, 3, st.coins[st.bidder] // 2}
        return [m for m in moves if int(m.text[4:]) in keep] or moves
    return moves


def rollout_move(st, rng: Rng) -> Move:
    moves = st.legal_moves()
    if st.stage == "play" and st.current is not None:
        return _sw().rollout_move(st.tables[st.current], rng)
    if st.stage == "auction":
        small = [m for m in moves if int(m.text[4:]) <= 2]
        return small[rng.below(len(small))]
    if st.stage == "pendant":
        return next(m for m in moves if m.text == "pendant:coin")
    return moves[rng.below(len(moves))]
