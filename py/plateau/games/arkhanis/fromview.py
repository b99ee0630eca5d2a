"""The Arkhanis tournament's position from a participant's view (``view(player)``):
the computer's search starts from it, and a club device draws the host's position with
it. Each table is rebuilt with Small World's (``plateau.games.smallworld.fromview``);
the coins, the participants' unseen races and the tables' hidden parts are dealt with a
fresh generator."""

from __future__ import annotations

from plateau.core.game import rules_revision
from plateau.core.rng import Rng


def _unit(rng: Rng) -> float:
    return rng.below(1 << 20) / float(1 << 20)


def from_view(view: dict, player: int, rng: Rng):
    from plateau.games.smallworld import GAME as SWGAME

    from . import GAME
    from . import events as E
    from .tournament import TABLE_RULES, TableClock, TournamentState

    from plateau.games.smallworld.fromview import from_view as sw_from_view

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
    st.revealed = [int(p) for p in view.get("revealed") or []]  # revision 4: bids revealed at their table
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
        sw = sw_from_view(tv, player, Rng(rng.next64()), TABLE_RULES)
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
