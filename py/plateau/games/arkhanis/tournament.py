"""The Arkhanis tournament (seed 001, rules notes §3): several Small World
tables played in synchronised turns; declining sends a player to a free seat.

Every table is an ordinary Small World game (a
:class:`~plateau.games.smallworld.rules.SmallWorldState` with the tournament
as its clock, :class:`TableClock`, and whose players are all
the participants, so that "one In Decline race per player per board" is the
base rule applied per board). What is global lives here: participants, their
heights and coins (one list shared by every table), seats, free seats, the
event schedule, and the clock of §3.3:

turn t: reveal event t (auctions per table if it asks); then for slot j =
1..5, for each table in order, at its j-th seat s: (a) every declined race
left at s scores, oldest first; (b) the player seated at s since the start of
the turn plays his Small World turn; at the end of the slot the players who
declined choose a free seat, lowest seat number first. Arrivals play from the
next turn. After 10 turns, most coins (plus end-of-game points) wins.

Decisions are moves of the table being played (the Small World move texts),
plus ``seat:S`` (a mover chooses seat S), ``bid:N`` (an auction bid) and
``reserved`` (take a combo won at auction).

From revision 4 every bidder of every auctioning table bids at the same time
(seed §3: each table's auction is its own, its bids hidden and revealed
together): a bid is written ``bid:S:N``, the participant at seat S bids N
coins, so that a record says who bid whatever order the bids came in. A
table's bids are revealed, and its auction settled, as soon as its last
bidder has bid, whatever the other tables do; the turn's seats start once
every table has settled. ``to_play`` is the first bidder who has not bid
(tables in order, then seats), the one a single device asks; ``bid:N`` is
read as that bidder's bid.
"""

from __future__ import annotations

from itertools import compress

from plateau.core.game import REVISION_OPTION, IllegalMove, Move, RulesError, State, rules_revision
from plateau.core.rng import Rng
from plateau.games.smallworld import content as C
from plateau.games.smallworld import supply, turn_end
from plateau.games.smallworld.clock import Clock
from plateau.games.smallworld.rules import SmallWorldState, _dc

from . import events as E
from . import items as I

TURNS = 10
START_COINS = 5
#: removed from the tournament (seed §7, rules notes §3.9)
REMOVED = ("ghouls", "spirit", "tomb", "reborn", "altar")
#: the rules of the tournament's tables: Small World's standard ruleset with
#: the tournament's items and events (a plain Small World game never sees them)
TABLE_RULES = C.STANDARD.plus(I.RULES, E.RULES)


def share_tiles(needs, total):
    """How many of ``total`` tiles each table's pile gets when table ``i``
    has ``needs[i]`` Monster regions (one tile at a time, table after table,
    while tiles last), and how many stay in the reserve."""
    counts = [0] * len(needs)
    left = total
    while left and any(counts[i] < needs[i] for i in range(len(needs))):
        for i in range(len(needs)):
            if left and counts[i] < needs[i]:
                counts[i] += 1
                left -= 1
    return counts, left


def monster_count(board, seats):
    """The Monster regions (Knight and Snow Thing left out) of a table with
    this board and number of seats: one more than its seats on a Small World
    board (put on Lost Tribe regions) and on a random board, the printed
    ones on an Underground board."""
    if board == "underground":
        from plateau.games.smallworld.rules import map_for

        return sum(1 for r in map_for(seats, {"board": "underground"})["regions"] if "monster" in r["symbols"])
    return seats + 1


def tile_total():
    """The places and relics a tournament deals (removed ones left out)."""
    return len([i for i in C.ITEMS if i not in REMOVED]) + len(I.ITEMS)


def deal_counts(tables):
    """What the organiser may know before the start, for tables given as
    ``(board, seats)``: how many face-down tiles each table's pile gets and
    how many stay in the reserve (which tiles go where is dealt at the start
    and seen by nobody)."""
    return share_tiles([monster_count(b, k) for b, k in tables], tile_total())


#: the Small World rules revision a tournament's tables play under, by the
#: tournament's revision (2 changed only the tournament's clock, 4 its auctions)
TABLE_REVISION = (0, 1, 1, 2, 2)
#: the first revision where every table's auction runs at the same time (``bid:S:N``)
AUCTIONS_AT_ONCE = 4


def bid_text(seat, amount):
    """Revision 4's bid: the participant at ``seat`` bids ``amount`` coins."""
    return f"bid:{seat}:{amount}"


def read_bid(text):
    """A bid's text → (seat or None, amount): ``bid:S:N`` (revision 4) or
    ``bid:N`` (before, or the shorthand for the bidder asked first); None
    for any other text."""
    head, _, rest = text.partition(":")
    if head != "bid":
        return None
    seat, sep, amount = rest.partition(":")
    if not sep:
        seat, amount = None, rest
    elif not seat.isdigit():
        return None
    if not amount.isdigit():
        return None
    return (int(seat) if seat is not None else None), int(amount)


def new_table(tour, index, board, seats, content, seed):
    """Table ``index`` of the tournament: a Small World game on ``board``
    for these ``seats``, with the tournament as its clock. Its arrays are
    indexed by participant, not by seat (a participant may sit at any table),
    and its coins and end-of-game points are the tournament's."""
    # the table plays the tournament's rules revision (an older record replays as it was played)
    opts = {"board": board, "content": content, "removed": list(REMOVED),
            "monsters": "random" if board == "classic" else "none", "seats": len(seats),
            REVISION_OPTION: TABLE_REVISION[tour.rev]}
    t = SmallWorldState(tour.game_sw, [str(s) for s in seats], opts, seed, ruleset=TABLE_RULES,
                        clock=TableClock(tour, index))
    t.players = list(tour.players)
    t.n = len(t.players)
    t.coins = tour.coins
    t.active = [None] * t.n
    t.declined = [[] for _ in range(t.n)]
    t.peace = [None] * t.n
    t.vp = tour.vp
    t.turns = TURNS
    t.turn = 1
    t.phase = "idle"
    t.acting = None
    t.log = []
    return t


def pile_regions(table):
    """How many Monster regions of a table give a tile from its pile (the
    Golden Knight and the Snow Thing draw from the tournament's reserve)."""
    return sum(1 for r in range(table.R) if table.monster[r] and not table.special[r])


def _skull(st):
    """The region the Skull's holder must attempt first this turn, while he
    has not (§3.10), else None."""
    tp = st.tp
    if not tp:
        return None
    s = tp.get("skull")
    return s if s is not None and tp.get("skull_done") is None else None


def written_at(table, text):
    """Move ``text`` played at ``table`` while another table is asked first:
    ``@t<table> <move>`` (read back by :func:`at_table`)."""
    return f"@t{table} {text}"


def at_table(text):
    """A move written ``@t<table> <move>`` (revision 2: played at a table
    while another is asked first) → (table, move); any other text → (None,
    text). Only the writing is read: whether that table plays is the
    position's to say."""
    if text.startswith("@t"):
        head, sep, rest = text.partition(" ")
        if sep and head[2:].isdigit():
            return int(head[2:]), rest
    return None, text


class TableClock(Clock):
    """The tournament as the clock of its table ``index``: it starts the
    table's turns (slot by slot, §3.3), takes the table back when a turn
    ends, scores declined races at their seat's time (§3.4), and adds the
    tournament's moves (a combo won at auction, the Temple, the Skull).
    What belongs to the table (its reserved combos, its roster) is kept by
    the tournament, so that a clock holds only where it belongs."""

    def __init__(self, tour, index):
        self.tour = tour
        self.index = index

    def setup_done(self, st):
        """A table waits for the tournament to start its turns."""

    def turn_done(self, st):
        st.phase = "idle"
        st.acting = None
        self.tour.seat_done(st)

    def declined_score_each_turn(self, st):
        """A player's active race scores at the end of his turn; his declined
        races score at their seat's slot (§3.4), except the race declined
        this very turn, which scores its decline turn as in Small World."""
        return False

    def may_decline(self, st):
        return E.may_decline(st) and not st.tp.get("skull_turn")

    def conquest_starting(self, st, rid):
        if st.tp.get("ghoul"):
            return
        s = I.skull_region(st, st.cur)
        if s >= 0 and st.recs[rid].hand >= 1:
            st.tp["skull_turn"] = True
            st.tp["skull"] = s
            if not any(m.text in (f"c:{s}", f"die:{s}") for m in st.conquer_moves()):
                self._skull_pay(st, s)  # the attempt is impossible: he only pays (§3.10, Q11)

    def _skull_pay(self, st, s):
        st.tp["skull_done"] = True
        q = st.owner[s]
        holder = st.recs[q].p if q >= 0 else None
        if holder is not None and holder != st.cur and st.coins[st.cur] > 0:
            st.pay(st.cur, -1)
            st.pay(holder, 1)
        st.ev("skull", p=st.cur)

    def picked(self, st, rid):
        E.on_pick(st, rid)

    def declining(self, st, p, rid):
        self.tour.claim_relics()

    def declined(self, st, p, rid):
        tour = self.tour
        if rid in st.recs:
            rec = st.recs[rid]
            rec.seat = tour.seat_of[p]
            rec.age = tour.next_age()
        tour.seat_choosers.append(p)
        tour.relics_off_board(p)

    def turn_ending(self, st, p):
        """At the end of his turn, the owner of a relic puts it in a region of
        his active race (§3.8): on this board, even if it lies on another."""
        tour = self.tour
        tour.claim_relics()
        rid = st.active[p]
        held = st.regions_of(rid) if rid is not None else []
        if held:
            items = sorted(k for k, q in tour.relic_owner.items() if q == p)
            if tour.rev >= 1:
                # one decision for his relics, one after the other, each in a region holding no
                # other relic (one relic a region, rules notes §2.3; revision 0 let one cover another,
                # which left the game); a relic with nowhere to go stays where it is
                d = {"kind": "relic_place", "p": p, "item": None, "more": items, "regions": held}
                if I.next_relic(st, d):
                    st.push("relic_place", p, item=d["item"], more=d["more"], regions=held)
            else:
                for item in items:
                    st.push("relic_place", p, item=item, regions=held)

    def allowed(self, st, moves):
        s = _skull(st)
        if s is not None:  # only the Skull's region may be attempted
            return [m for m in moves if m.text in (f"c:{s}", f"die:{s}")]
        if not self.may_decline(st):
            return [m for m in moves if m.text != "decline"]
        return moves

    def more_moves(self, st, moves):
        if st.phase == "pick" and st.cur in self.tour.reserved[self.index]:
            moves.append(Move("reserved", ("reserved",)))
        if st.phase in ("pick", "conquer") and _skull(st) is None:
            moves.extend(I.temple_moves(st, st.cur))
        return moves

    def play(self, st, move):
        if move.text == "reserved" and st.phase == "pick":
            combo = self.tour.reserved[self.index].pop(st.cur)
            st.column.insert(0, combo)
            st.take_combo(0)
            return True
        if move.text.startswith("temple:") and not st.pending:
            I.temple_apply(st, move.text.partition(":")[2])
            return True
        s = _skull(st)
        if s is not None and move.text in (f"c:{s}", f"die:{s}"):
            self._skull_pay(st, s)
        return False

    def set_aside(self, st, items):
        """Tiles the Golden Knight's finder does not keep go back under the
        tournament's reserve (from revision 1), so that every tile can still
        be found (seed §7), or, with the option ``knight_discards: out``, to
        the discard, out of the game."""
        tour = self.tour
        if tour.rev < 1:
            return
        if tour.opts.get("knight_discards", "reserve") == "reserve":
            st.unused.extend(items)
        else:
            tour.discarded.extend(items)

    def shown_players(self, st):
        """Who the table's panel lists: its seated players, then the owners
        of declined races left on this board."""
        here = self.tour.seated_at(self.index)
        others = [p for p in self.tour.rosters[self.index]
                  if p not in here and (st.active[p] is not None or st.declined[p])]
        return here + others

    def colour_index(self, st, p):
        roster = self.tour.rosters[self.index]
        if p not in roster:
            return len(roster)
        return roster.index(p)

    def peace_candidates(self, st, p):
        here = set(self.tour.seated_at(self.index))
        return [q for q in range(st.n) if q != p and q in here and q not in st.tp["attacked"]]


class TournamentState(State):
    def __init__(self, game, players, options, seed, layout):
        self.game = game
        from plateau.games.smallworld import GAME as SW

        self.game_sw = SW
        self.players = list(players)
        self.n = len(players)
        self.opts = dict(options)
        self.rev = rules_revision(self.opts, game)
        self.rng = Rng(seed)
        self.heights = list(options.get("_heights") or [0] * self.n)
        self.coins = [START_COINS] * self.n
        self.vp = [0] * self.n
        self.turn = 1
        self.age = 0
        self.log = []
        self.seq = 0
        # tables and seats
        self.layout = [dict(t) for t in layout]
        self.table_seats = [list(t["seats"]) for t in self.layout]
        self.tables = []
        self.discarded = []  # tiles out of the game (the Golden Knight's, with knight_discards: out)
        for i, t in enumerate(self.layout):
            self.tables.append(new_table(self, i, t["board"], t["seats"], t["content"], self.rng.below(1 << 30)))
        self.reserved = [{} for _ in self.tables]  # by table: participant -> combo won at auction, set aside
        self.rosters = [[] for _ in self.tables]  # by table: who sat there, in order of arrival (their colours)
        self._deal_items()
        self.seat_table = {s: i for i, seats in enumerate(self.table_seats) for s in seats}
        self.occupant = {s: None for s in self.seat_table}
        start = options.get("_start") or self._random_seating()
        self.seat_of = [None] * self.n
        for p, s in enumerate(start):
            self.occupant[s] = p
            self.seat_of[p] = s
        self.arrived = [0] * self.n  # turn in which the player sat down at his seat
        self.relic_owner = {}  # relic -> the player it belongs to (§3.8)
        self.off_board = {}  # relic -> its owner, while he has no active race to put it with
        for ti, seats in enumerate(self.table_seats):
            self.rosters[ti] = [self.occupant[x] for x in seats if self.occupant[x] is not None]
        #: a table's player finished his turn during the move being played (the table told
        #: :meth:`seat_done`): the clock moves on once that move is over
        self.seat_finished = False
        # events (§3.2): fixed before the game, hidden until their turn
        given = options.get("_schedule")
        self.schedule = E.fill_schedule(self.rng, given) if given else E.draw_schedule(self.rng, TURNS,
                                                                                      options.get("events"))
        self.event = None
        self.bids = {}
        #: from revision 4, the participants whose bid is revealed this turn (their table's last bid is in)
        self.revealed = []
        self.stage = "start"
        self.slot = 0
        self.tix = -1
        self.seat_choosers = []
        self.current = None  # table being played (from revision 2: the table of ``to_play``)
        #: from revision 2, each table's own clock within a turn: the index of the seat it plays
        #: (or plays next); a table at ``len(seats)`` has finished the turn and waits for the others
        self.tslot = [0] * len(self.tables)
        self.win = None
        self._begin_turn()

    def _deal_items(self):
        """Every place and relic not removed, the tournament's own included,
        is shuffled face down (seed §7). From revision 1 each table's pile
        gets as many tiles as it has Monster regions (dealt one at a time,
        table after table, while tiles last) and the others form the
        tournament's reserve, which the Golden Knight and the Snow Thing draw
        from on every random board: every tile can be found. Revision 0 dealt
        every tile to the piles in turn, leaving some under no Monster."""
        items = [i for i in C.ITEMS if i not in REMOVED] + list(I.ITEMS)
        items = self.rng.shuffled(items)
        for t in self.tables:
            t.pile, t.unused = [], []
        if self.rev < 1:
            self.reserve = []
            for k, item in enumerate(items):
                self.tables[k % len(self.tables)].pile.append(item)
            return
        counts, _ = share_tiles([pile_regions(t) for t in self.tables], len(items))
        left = list(counts)
        k = 0
        while any(left):
            for i, t in enumerate(self.tables):
                if left[i]:
                    t.pile.append(items[k])
                    k += 1
                    left[i] -= 1
        self.reserve = items[k:]
        for t in self.tables:
            t.unused = self.reserve  # one reserve, shared by every table

    # -- seating ---------------------------------------------------------
    def _random_seating(self):
        """Players on seats uniformly at random; the free seats leave every
        table 2–5 seated (§3.1)."""
        free = len(self.seat_table) - self.n
        for _ in range(1000):
            seats = self.rng.shuffled(sorted(self.seat_table))
            empty = set(seats[:free])
            if all(2 <= sum(1 for s in ts if s not in empty) <= 5 for ts in self.table_seats):
                taken = sorted(s for s in seats if s not in empty)
                return self.rng.shuffled(taken)
        raise ValueError("these tables cannot seat every player with 2 to 5 at each table")

    def table_count(self) -> int:
        return len(self.table_seats)

    def seated_at(self, ti):
        """The participants seated at table ``ti`` now (whoever declined
        there and has a free seat to choose is still seated there until they
        choose), by seat."""
        return [self.occupant[s] for s in self.table_seats[ti] if self.occupant[s] is not None]

    def free_seats(self):
        return sorted(s for s, p in self.occupant.items() if p is None)

    def next_age(self):
        self.age += 1
        return self.age

    # -- log -----------------------------------------------------------------
    def ev(self, key, **f):
        self.seq += 1
        self.log.append([self.seq, self.turn, key, f])
        if len(self.log) > 200:
            del self.log[0]

    # -- the clock (§3.3) -------------------------------------------------------
    def _begin_turn(self):
        self.event = self.schedule[self.turn - 1]
        self.ev("event", n=self.turn, event=self.event)
        for t in self.tables:
            t.turn = self.turn
        self.immune = []
        self.pendant = self._pendant_owner()
        if self.pendant is not None and not E.is_auction(self.event):
            if self.event == "none":
                self._pendant_coin()
            else:
                self.stage = "pendant"
                return
        self.bids = {}
        self._after_pendant()

    # -- relics belong to players (§3.8) ---------------------------------------
    def claim_relics(self):
        """Who owns each relic on a board: its finder, then whoever takes its
        region (a relic in a region held by another player's race was taken
        by that player)."""
        for t in self.tables:
            relics = t.relic
            for r in compress(range(len(relics)), relics):  # the regions holding one (a scan in C)
                item = t.relic[r]
                o = t.owner[r]
                holder = t.recs[o].p if o >= 0 else None
                if item not in self.relic_owner or (holder is not None and holder != self.relic_owner[item]):
                    if holder is not None:
                        self.relic_owner[item] = holder

    def relics_off_board(self, p):
        """A player going In Decline keeps his relics: they leave the board with him."""
        for item, q in self.relic_owner.items():
            if q != p:
                continue
            for t in self.tables:
                for r in range(t.R):
                    if t.relic[r] == item:
                        t.relic[r] = None
            self.off_board[item] = p
        if any(q == p for q in self.off_board.values()):
            self.ev("relics_kept", p=p, items=sorted(k for k, q in self.off_board.items() if q == p))

    def place_relic(self, table, item, r):
        for t in self.tables:
            for x in range(t.R):
                if t.relic[x] == item:
                    t.relic[x] = None
        self.off_board.pop(item, None)
        table.relic[r] = item
        table.found = max(table.found, 1)

    def _pendant_owner(self):
        """The owner of the Moonstone Pendant while it lies on a board."""
        self.claim_relics()
        p = self.relic_owner.get("pendant")
        if p is None or "pendant" in self.off_board:
            return None
        return p

    def _pendant_coin(self):
        self.coins[self.pendant] += 1
        self.ev("pendant", p=self.pendant, coin=True)

    def _after_pendant(self):
        if E.is_auction(self.event):
            self.stage = "auction"
            self.auction_tables = [i for i in range(len(self.tables)) if len(self.seated_at(i)) >= 1]
            self.auction_table = 0
            if self.rev >= AUCTIONS_AT_ONCE:
                self.bids = {}
                self.revealed = []
            self._next_bidder()
            return
        self._start_slots()

    def _bidders(self, ti):
        return [self.occupant[s] for s in self.table_seats[ti] if self.occupant[s] is not None]

    def open_bidders(self):
        """Revision 4: (index among ``auction_tables``, participant) of every
        bidder who has not bid yet, tables in order then seats: all of them
        bid at the same time (seed §3: each table's auction is its own)."""
        return [(k, p) for k, ti in enumerate(self.auction_tables) for p in self._bidders(ti) if p not in self.bids]

    def _next_bidder(self):
        if self.rev >= AUCTIONS_AT_ONCE:
            self._next_bidder_at_once()
            return
        while self.auction_table < len(self.auction_tables):
            ti = self.auction_tables[self.auction_table]
            for p in self._bidders(ti):
                if p not in self.bids:
                    self.bidder = p
                    return
            self._settle_auction(ti)
            self.auction_table += 1
        self.bidder = None
        if self.pendant is not None and self.bids.get(self.pendant, 0) == 0:
            self._pendant_coin()  # he did not take part in the auction
        self._start_slots()

    def _next_bidder_at_once(self):
        """Revision 4: every table whose last bid is in reveals its bids and
        settles, whatever the other tables do; the first bidder left is the
        one a single device asks; the seats' turns start once no bid is
        missing anywhere."""
        for ti in self.auction_tables:
            bidders = self._bidders(ti)
            if all(p in self.bids for p in bidders) and not all(p in self.revealed for p in bidders):
                self.revealed.extend(bidders)
                self._settle_auction(ti)
        left = self.open_bidders()
        if left:
            self.auction_table, self.bidder = left[0]
            return
        self.auction_table = len(self.auction_tables)
        self.bidder = None
        if self.pendant is not None and self.bids.get(self.pendant, 0) == 0:
            self._pendant_coin()  # he did not take part in the auction
        self._start_slots()

    def _bid_moves(self, p):
        """Participant ``p``'s bids: 0 to his coins."""
        if self.rev >= AUCTIONS_AT_ONCE:
            s = self.seat_of[p]
            return [Move(bid_text(s, k), ("bid", f"b{k}")) for k in range(self.coins[p] + 1)]
        return [Move(f"bid:{k}", ("bid", f"b{k}")) for k in range(self.coins[p] + 1)]

    def bidder_of(self, text):
        """The participant a bid's text is made by at this position (``bid:S:N``:
        the one at seat S; ``bid:N``: the bidder asked first), None if none."""
        bid = read_bid(text)
        if bid is None or self.stage != "auction":
            return None
        return self.bidder if bid[0] is None else self.occupant.get(bid[0])

    def _table_log_auction(self, ti, bidders, win, best, tied):
        """Revision 4: the table's own log says its auction, as its board shows
        it: every bid, revealed together (names and numbers, the same in every
        language), then who won what."""
        table = self.tables[ti]
        bids = ", ".join(f"{self.players[q]} {self.bids[q]}"
                         for q in sorted(bidders, key=lambda q: (-self.bids[q], self.seat_of[q])))
        if win is None:
            table.ev("auction_none", bids=bids)
            return
        lot = self.auction_lot(ti)
        if lot[0] == "combo":
            table.ev("auction_combo", p=win, bid=best, race=lot[1], power=lot[2], bids=bids)
        elif lot[0] == "coins":
            table.ev("auction_coins", p=win, bid=best, n=lot[1], bids=bids)
        else:
            table.ev("auction_nothing", p=win, bid=best, bids=bids)
        if tied:
            table.ev("auction_tie", p=win, bid=best)

    def _settle_auction(self, ti):
        ps = self._bidders(ti)
        everyone = list(ps)
        if self.pendant in ps and self.bids.get(self.pendant, 0) == 0:
            ps.remove(self.pendant)  # the Pendant's owner bidding nothing stays out: he takes his coin
        if not ps:
            if self.rev >= AUCTIONS_AT_ONCE:
                self._table_log_auction(ti, everyone, None, 0, False)
            return
        best = max(self.bids[p] for p in ps)
        tied = [p for p in ps if self.bids[p] == best]
        win = min(tied, key=lambda p: (self.heights[p], self.seat_of[p]))
        if self.rev >= AUCTIONS_AT_ONCE:
            self._table_log_auction(ti, everyone, win, best, len(tied) > 1)
        self.coins[win] -= best
        # the bids are revealed together (seed §3): the log says what was sold, every bid and how a tie was broken
        self.ev("auction", t=ti, p=win, bid=best, bids={str(p): self.bids[p] for p in ps}, lot=self.auction_lot(ti),
                tied=tied if len(tied) > 1 else [], seats={str(p): self.seat_of[p] for p in tied})
        E.auction_won(self, self.tables[ti], win, best)

    def auction_lot(self, ti):
        """What table ``ti`` auctions this turn: ``["combo", race, power]``
        (the last combo of its column), ``["coins", n]`` or ``["nothing"]``."""
        ev = E.EVENTS.get(self.event, {})
        if ev.get("auction") == "coins":
            return ["coins", ev["prize"]]
        col = self.tables[ti].column
        return ["combo", col[-1][0], col[-1][1]] if col else ["nothing"]

    def _start_slots(self):
        self.stage = "play"
        self.slot = 0
        self.tix = -1
        if self.rev >= 2:
            self.tslot = [0] * len(self.tables)
            for ti in range(len(self.tables)):
                self._run_table(ti)
            self._settle_clock()
            return
        self._advance()

    def _score_declined(self, ti, s):
        """Declined races left at seat ``s`` score, oldest first (§3.4)."""
        table = self.tables[ti]
        for rid in sorted((rid for rid, r in table.recs.items() if r.dec and r.seat == s),
                          key=lambda rid: table.recs[rid].age):
            rec = table.recs[rid]
            lines = turn_end.declined_lines(table, rid)
            total = sum(k for _, k, _ in lines)
            table.pay(rec.p, total)
            table.ev("score", p=rec.p, total=total, lines=[list(x) for x in lines])
            self.ev("declined_score", p=rec.p, seat=s, total=total, t=ti, rid=rid)

    # -- from revision 2: every table plays the turn at the same time ------------
    def _run_table(self, ti):
        """Table ``ti`` moves on by itself until one of its seats must decide
        or it has finished the turn: each seat's declined races score when
        its time comes on this table, whatever their owner does elsewhere."""
        seats = self.table_seats[ti]
        table = self.tables[ti]
        while self.tslot[ti] < len(seats):
            s = seats[self.tslot[ti]]
            self._score_declined(ti, s)
            p = self.occupant[s]
            if p is None or self.arrived[p] >= self.turn:
                self.ev("skip", seat=s)
                self.tslot[ti] += 1
                continue
            table.cur = p
            table.start_turn()
            if table.phase != "idle":
                return
            self.tslot[ti] += 1

    def busy_tables(self):
        """The tables playing a seat, in the order one device asks them:
        rank by rank across the tables, as the clock of revisions 0-1."""
        if self.rev < 2 or self.win is not None or self.stage not in ("play", "move"):
            return []
        return self.busy_tables_now()

    def _settle_clock(self):
        """After each step of revision 2's clock: seat choosers first (lowest
        seat number first, §3.3), else the first busy table is asked; the
        next turn begins when every table is done and no seat is being
        chosen (the turns are synchronised between tables)."""
        if self.seat_choosers:
            self.seat_choosers.sort(key=lambda p: self.seat_of[p])
            self.stage = "move"
            self.current = None
            return
        busy = self.busy_tables_now()
        if busy:
            self.stage = "play"
            self.current = busy[0]
            self.slot = self.tslot[busy[0]]
            self.tix = busy[0]
            return
        self._end_turn()

    def busy_tables_now(self):
        busy = [ti for ti in range(len(self.tables)) if self.tslot[ti] < len(self.table_seats[ti])]
        return sorted(busy, key=lambda ti: (self.tslot[ti], ti))

    def _advance(self):
        """Run the clock until someone must decide."""
        while True:
            self.tix += 1
            if self.tix >= len(self.tables):
                # end of slot: movers choose seats, lowest seat number first (§3.3 step 3)
                if self.seat_choosers:
                    self.seat_choosers.sort(key=lambda p: self.seat_of[p])
                    self.stage = "move"
                    self.current = None
                    return
                self.slot += 1
                self.tix = 0
                if self.slot >= 5:
                    self._end_turn()
                    return
            ti = self.tix
            seats = self.table_seats[ti]
            if self.slot >= len(seats):
                continue
            s = seats[self.slot]
            table = self.tables[ti]
            self._score_declined(ti, s)  # (a) declined races left at this seat score, oldest first
            # (b) the player seated here since the start of the turn plays
            p = self.occupant[s]
            if p is None or self.arrived[p] >= self.turn:
                self.ev("skip", seat=s)
                continue
            self.current = ti
            self.stage = "play"
            table.cur = p
            table.start_turn()
            if table.phase != "idle":
                return

    def seat_done(self, table):
        """The table's player finished his turn (called from inside the table's move)."""
        self.seat_finished = True

    def _end_turn(self):
        self.current = None
        if self.turn >= TURNS:
            self._game_over()
            return
        self.turn += 1
        self._begin_turn()

    def _game_over(self):
        self.stage = "over"
        for p in range(self.n):
            if self.vp[p]:
                self.coins[p] += self.vp[p]
        best = max(self.coins)
        win = [p for p in range(self.n) if self.coins[p] == best]
        if len(win) > 1:  # §3.6: most race tokens on all boards, then shared
            toks = {p: sum(supply.race_tokens_on_board(t, p) for t in self.tables) for p in win}
            m = max(toks.values())
            win = [p for p in win if toks[p] == m]
        self.win = win
        self.ev("over", winners=list(win))

    # -- protocol -----------------------------------------------------------
    @property
    def to_play(self):
        if self.win is not None:
            return None
        if self.stage == "auction":
            return self.bidder
        if self.stage == "pendant":
            return self.pendant
        if self.stage == "move":
            return self.seat_choosers[0]
        return self.tables[self.current].to_play

    def is_over(self):
        return self.win is not None

    def asked_as(self, player):
        """Revision 4, during an auction: the position as the auction asks
        ``player`` (any bidder who has not bid; his bids, written with his
        seat, are played as they are). None otherwise."""
        if self.win is not None or self.stage != "auction" or self.rev < AUCTIONS_AT_ONCE:
            return None
        left = dict((p, k) for k, p in self.open_bidders())
        if player not in left:
            return None
        c = self.clone()
        c.bidder, c.auction_table = player, left[player]
        return c

    def _table_movers(self):
        """(table, player) for every table playing a seat, ``to_play``'s first."""
        return [(ti, self.tables[ti].to_play) for ti in self.busy_tables()
                if self.tables[ti].to_play is not None]

    def movers(self):
        """From revision 2, while the tables play: the seat chooser (lowest
        seat first) or ``to_play``, then the player each other table waits
        for. Before (and in the other stages) only ``to_play``."""
        p = self.to_play
        if p is None:
            return []
        if self.stage == "auction" and self.rev >= AUCTIONS_AT_ONCE:
            return [q for _, q in self.open_bidders()]  # every table's bidders at once, ``to_play`` first
        out = [p]
        for _, q in self._table_movers():
            if q not in out:
                out.append(q)
        return out

    def _own_table_moves(self, player):
        """The moves ``player`` may make at the tables other than
        ``to_play``'s, each written ``@t<table> <move>`` so that a record
        says where it was played."""
        first = self.current if self.stage == "play" else None
        out = []
        for ti, q in self._table_movers():
            if q == player and ti != first:
                out.extend(Move(written_at(ti, m.text), m.path, m.free) for m in self.tables[ti].legal_moves())
        return out

    def legal_moves_for(self, player):
        if player not in self.movers():
            return []
        if self.stage == "auction":
            return self._bid_moves(player)
        own = self.legal_moves() if player == self.to_play else []
        return own + self._own_table_moves(player)

    def play_as(self, player, move):
        text = move.text if isinstance(move, Move) else str(move)
        movers = self.movers()
        if player not in movers:
            why = "the game is over" if self.win is not None else f"player {player} may not move now"
            if self.rev >= 2 and self.seat_choosers and player in self.seat_choosers:
                why = f"player {player} chooses a seat after player {self.seat_choosers[0]} (lowest seat first)"
            raise IllegalMove(text, why)
        if self.stage == "auction" and self.rev >= AUCTIONS_AT_ONCE:
            bid = read_bid(text)
            if bid is not None and bid[0] is None:  # ``bid:N``: his own bid
                text = bid_text(self.seat_of[player], bid[1])
            for m in self._bid_moves(player):
                if m.text == text:
                    self.apply(m)
                    return m
            raise IllegalMove(text, f"not a bid player {player} may make now (0 to his coins, at his own seat)")
        if player == self.to_play and any(m.text == text for m in self.legal_moves()):
            return self.play(text)
        if not text.startswith("@t"):
            for ti, q in self._table_movers():
                if q == player and ti != (self.current if self.stage == "play" else None):
                    if any(m.text == text for m in self.tables[ti].legal_moves()):
                        text = written_at(ti, text)
                        break
        for m in self._own_table_moves(player):
            if m.text == text:
                self.apply(m)
                return m
        raise IllegalMove(text, f"not a legal move for player {player} now")

    def _split(self, text):
        """``@t<table> <move>`` → (table, move text), else (None, text)."""
        if self.rev >= 2 and text.startswith("@t"):
            ti, rest = at_table(text)
            if ti is None:
                raise IllegalMove(text, "unknown table")
            if ti not in self.busy_tables():
                raise IllegalMove(text, f"table {ti} is not playing now")
            return ti, rest
        return None, text

    def own_text(self, move_text):
        return at_table(move_text)[1]

    def legal_moves(self):
        if self.win is not None:
            return []
        if self.stage == "auction":
            return self._bid_moves(self.bidder)
        if self.stage == "move":
            return [Move(f"seat:{s}", (f"seat{s}",)) for s in self.free_seats()]
        if self.stage == "pendant":
            return [Move("pendant:shield", ("shield",)), Move("pendant:coin", ("coin",))]
        return self.tables[self.current].legal_moves()

    def move_from_text(self, text):
        if self.win is None and self.stage == "auction" and self.rev >= AUCTIONS_AT_ONCE:
            # any bidder who has not bid yet (a record keeps the bids in the order they came)
            p = self.bidder_of(text)
            if p is not None and p in self.movers():
                amount = read_bid(text)[1]
                for m in self._bid_moves(p):
                    if m.text == bid_text(self.seat_of[p], amount):
                        return m
            raise IllegalMove(text, "not a bid of a bidder who has not bid yet (bid:SEAT:COINS, 0 to his coins)")
        ti, rest = self._split(text)
        if ti is not None:
            m = self.tables[ti].move_from_text(rest)
            return Move(text, m.path, m.free)
        if self.win is None and self.stage not in ("auction", "move", "pendant"):
            return self.tables[self.current].move_from_text(text)  # its legal moves are the table's
        return super().move_from_text(text)

    def apply(self, move):
        t = move.text
        if self.stage == "pendant":
            if t == "pendant:shield":
                self.immune.append(self.pendant)
                self.ev("pendant", p=self.pendant, coin=False)
            else:
                self._pendant_coin()
            self._after_pendant()
            return
        if self.stage == "auction":
            p = self.bidder_of(t)
            self.bids[p] = read_bid(t)[1]
            self.ev("bid", p=p)
            self._next_bidder()
            return
        ti, rest = self._split(t)
        if ti is not None:
            self._play_at(ti, self.tables[ti].move_from_text(rest))
            return
        if self.stage == "move":
            p = self.seat_choosers.pop(0)
            s = int(t.partition(":")[2])
            old = self.seat_of[p]
            self.occupant[old] = None
            self.occupant[s] = p
            self.seat_of[p] = s
            self.arrived[p] = self.turn
            roster = self.rosters[self.seat_table[s]]
            if p not in roster:
                roster.append(p)
            # a combo set aside at auction goes back when its winner leaves
            for tb, reserved in zip(self.tables, self.reserved):
                if p in reserved:
                    tb.column.append(reserved.pop(p))
            self.ev("seat", p=p, seat=s, old=old)
            if self.rev >= 2:
                self._settle_clock()
            elif not self.seat_choosers:
                self._advance()
            return
        if self.rev >= 2:
            self._play_at(self.current, move)
            return
        table = self.tables[self.current]
        self.seat_finished = False
        table.apply(move)
        self.claim_relics()
        if self.seat_finished:
            self.seat_finished = False
            self._advance()

    def _play_at(self, ti, move):
        """Revision 2: ``move`` at table ``ti``; when its seat has finished
        the turn, that table goes on by itself."""
        table = self.tables[ti]
        self.seat_finished = False
        table.apply(move)
        self.claim_relics()
        if self.seat_finished:
            self.seat_finished = False
            self.tslot[ti] += 1
            self._run_table(ti)
        self._settle_clock()

    def scores(self):
        if self.win is not None:
            return list(self.coins)
        return ["?"] * self.n

    def winners(self):
        return list(self.win or [])

    def hidden_info(self):
        return True

    def coins_visible(self, viewer, p):
        return viewer is None or viewer == p or self.win is not None

    def view(self, player):
        v = {
            "players": list(self.players), "turn": self.turn, "stage": self.stage, "slot": self.slot,
            "current": self.current, "to_play": self.to_play,
            "coins": [self.coins[p] if self.coins_visible(player, p) else None for p in range(self.n)],
            "vp": list(self.vp), "seat_of": list(self.seat_of), "arrived": list(self.arrived),
            "occupant": {str(s): p for s, p in sorted(self.occupant.items())},
            "tables": [t.view(player) for t in self.tables], "layout": _dc(self.layout),
            "events": self.schedule[: self.turn] if self.stage != "start" else [],
            "movers": list(self.seat_choosers), "heights": list(self.heights), "immune": list(self.immune),
            "relic_owner": dict(self.relic_owner), "off_board": dict(self.off_board),
            "options": {k: _dc(v) for k, v in self.opts.items() if k not in ("schedule", "_schedule")},
            "bids": {str(p): (b if player is None or player == p or self.win is not None or p in self.revealed
                              else None)
                     for p, b in self.bids.items()},
            "winners": None if self.win is None else list(self.win),
            # the clock's public state (a computer participant rebuilds the position from it)
            "tix": self.tix, "auction_tables": list(getattr(self, "auction_tables", [])),
            "auction_table": getattr(self, "auction_table", 0), "bidder": getattr(self, "bidder", None),
            "pendant": self.pendant, "age": self.age, "log": [[q, t, k, _dc(f) if k != "declined_score" or self.coins_visible(player, f["p"])
                     else dict(f, total=None)] for q, t, k, f in self.log[-40:]],
            "reserved": [{str(p): list(c) for p, c in r.items()} for r in self.reserved],
            "rosters": [list(r) for r in self.rosters],
            # where each declined race was left and when (public: it scores for its seat, §3.4)
            "declined_at": [{str(rid): [r.seat, r.age] for rid, r in t.recs.items() if r.seat is not None}
                            for t in self.tables],
            # the reserve is face down: everyone sees how many tiles it holds
            "reserve_left": len(self.reserve),
        }
        if self.rev >= 2:
            v["tslot"] = list(self.tslot)  # the seat each table plays (public: the tables play at once)
        if self.rev >= AUCTIONS_AT_ONCE:
            v["revealed"] = list(self.revealed)  # whose bid is revealed (their table's last bid is in)
        if player is None:
            v["schedule"] = list(self.schedule)
            v["rng"] = self.rng.state
            v["reserve"] = list(self.reserve)
            v["discarded"] = list(self.discarded)
        return v

    def clone(self):
        s = object.__new__(TournamentState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.copy()
        s.coins = list(self.coins)
        s.vp = list(self.vp)
        s.log = list(self.log)
        s.seat_of = list(self.seat_of)
        s.arrived = list(self.arrived)
        s.occupant = dict(self.occupant)
        s.seat_choosers = list(self.seat_choosers)
        s.tslot = list(self.tslot)
        s.bids = dict(self.bids)
        s.revealed = list(self.revealed)
        s.immune = list(self.immune)
        s.relic_owner = dict(self.relic_owner)
        s.off_board = dict(self.off_board)
        s.schedule = list(self.schedule)
        s.win = None if self.win is None else list(self.win)
        s.tables = []
        s.reserved = [{k: list(v) for k, v in r.items()} for r in self.reserved]
        s.rosters = [list(r) for r in self.rosters]
        for i, t in enumerate(self.tables):
            c = t.clone()
            c.clock = TableClock(s, i)
            c.coins = s.coins
            c.vp = s.vp
            s.tables.append(c)
        s.reserve = list(self.reserve)
        s.discarded = list(self.discarded)
        if self.rev >= 1:
            for c in s.tables:
                c.unused = s.reserve
        return s

    def score_table(self, lang="fr", viewer=None):
        """Each participant's seat and coins; another participant's coins are
        "?" until the end (hidden as in Small World)."""
        from .catalogue import t

        rows = [[self.players[p], str(self.seat_of[p]),
                 str(self.coins[p]) if self.coins_visible(viewer, p) else "?"] for p in range(self.n)]
        return {"caption": t(lang, "score.caption"),
                "columns": [t(lang, "score.player"), t(lang, "score.seat"), t(lang, "score.coins")],
                "rows": rows, "notes": [] if viewer is None else [t(lang, "score.hidden")]}

    def status(self, lang="fr"):
        from .catalogue import status_line

        return status_line(self, lang)

    def waiting_status(self, lang="fr"):
        from .catalogue import waiting_line

        return waiting_line(self, lang)

    def result_lines(self, lang="fr"):
        from .catalogue import result_lines

        return result_lines(self, lang)


def layout_for(nplayers: int, free: int, boards: str = "mixed", content: str = "by_board") -> list[dict]:
    """Tables for ``nplayers`` participants and ``free`` free seats: as few
    tables of 2–5 seats as hold them, seat counts as even as possible, seats
    numbered from 1 table after table; boards alternate Small World /
    Underground (a random board third) unless one kind is asked for."""
    total = nplayers + free
    ntab = max(2, -(-total // 5))
    sizes = [total // ntab + (1 if i < total % ntab else 0) for i in range(ntab)]
    if max(sizes) > 5 or min(sizes) < 2:
        raise RulesError(f"{nplayers} participants and {free} free seats do not fit tables of 2 to 5 seats")
    if sum(k - 2 for k in sizes) < free:
        raise RulesError("too many free seats: every table needs at least 2 seated players")
    cycle = {"mixed": ("classic", "underground", "random"), "classic": ("classic",),
             "underground": ("underground",)}[boards]
    kinds = [cycle[i % len(cycle)] for i in range(ntab)]
    both = "classic" in kinds and ("underground" in kinds or "random" in kinds)
    out, seat = [], 1
    for k, kind in zip(sizes, kinds):
        if content == "by_board" and both:
            c = {"classic": "base", "underground": "underground", "random": "mixed"}[kind]
        else:
            c = "mixed"  # every race, power and item must be on at least one board (seed §7)
        out.append({"board": kind, "seats": list(range(seat, seat + k)), "content": c})
        seat += k
    return out
