"""What the tournament's overview shows, decided before it is drawn: the
turn, its event and what the tournament waits for; per table its board,
its seats (who sits there, the running seat, free seats, targets of a seat
choice, the declined races waiting to score) and the log of the turn.
Built for ``ctx.viewer``'s eyes: the others' coins and bids stay hidden.
``render.py`` draws it."""

from __future__ import annotations

from dataclasses import dataclass

from plateau.core.game import RenderContext
from plateau.games.smallworld import content as C

from .catalogue import event_name, log_text, t


def running_seat(st):
    """The seat whose Small World turn is being played, or None."""
    if st.stage == "play" and st.current is not None and st.win is None:
        return st.seat_of[st.tables[st.current].cur]
    return None


def running_seats(st):
    """table -> the seat it is playing now. From revision 2 every table
    plays the turn at the same time: each table still playing a seat, also
    while a participant chooses a free seat. Before, one table at a time:
    the table being played."""
    if st.rev >= 2:
        return {ti: st.seat_of[st.tables[ti].cur] for ti in sorted(st.busy_tables())
                if st.tables[ti].to_play is not None}
    s = running_seat(st)
    return {st.current: s} if s is not None else {}


def board_name(st, ti, lang):
    return t(lang, "board." + st.layout[ti]["board"])


def seat_lines(st, table, s, viewer, lang):
    """What a seat's box says under its number and occupant: the occupant's
    coins (for the eyes allowed), his race on this board or why he waits;
    then the declined races left at this seat, waiting to score (§3.4)."""
    p = st.occupant[s]
    info = []
    if p is not None:
        if st.coins_visible(viewer, p):
            info.append(t(lang, "ov.coins", c=st.coins[p]))
        else:
            info.append(t(lang, "ov.coins_hidden"))
        if st.stage == "auction" and p in st.bids:
            info.append(t(lang, "ov.has_bid"))
        rid = table.active[p]
        if rid is not None and rid in table.recs:
            rec = table.recs[rid]
            info.append(C.name(rec.race, lang) + (f" · {C.name(rec.power, lang)}" if rec.power else ""))
        elif st.stage == "move" and p in st.seat_choosers:
            info.append(t(lang, "ov.moving"))
        elif st.arrived[p] >= st.turn:
            info.append(t(lang, "ov.arrived"))
        else:
            info.append(t(lang, "ov.no_race"))
    else:
        info.append(t(lang, "ov.free"))
    races = sorted((r for r in table.recs.values() if r.dec and r.seat == s), key=lambda r: r.age)
    waiting = t(lang, "ov.waiting", races=", ".join(
        f'{C.name(r.race, lang)} ({st.players[r.p]})' for r in races)) if races else ""
    return " · ".join(info), waiting


def lot_lines(st, lang):
    """While a table auctions: what it sells and, for a combo, what its race
    and power do."""
    if st.win is not None or st.stage != "auction" or st.bidder is None:
        return []
    from .catalogue import lot_text

    ti = st.auction_tables[st.auction_table]
    lot = st.auction_lot(ti)
    out = [t(lang, "ov.lot", t=ti + 1, lot=lot_text(lot, lang))]
    if st.rev >= 4:  # every table still bidding sells its own lot at the same time
        out += [t(lang, "ov.lot", t=k + 1, lot=lot_text(st.auction_lot(k), lang)) for k in bidding_tables(st)
                if k != ti]
    if lot[0] == "combo":
        out += [f"{C.name(k, lang)} : {C.text(k, lang)}" if lang == "fr" else f"{C.name(k, lang)}: {C.text(k, lang)}"
                for k in lot[1:]]
    return out


def bidding_tables(st):
    """Revision 4, during an auction: table -> the bidders it still waits
    for (its bids are hidden until the last one is in), tables in order."""
    out = {}
    if st.stage == "auction" and st.win is None:
        for k, p in st.open_bidders():
            out.setdefault(st.auction_tables[k], []).append(p)
    return out


def now_lines(st, lang):
    """What the tournament is waiting for, in a few words: a line for each
    table playing a seat from revision 2 (the tables play at the same time,
    each at its own pace), after the seat choice that goes first; before,
    the one table being played."""
    if st.win is not None:
        return [t(lang, "st.over")]
    if st.stage == "auction":
        if st.rev >= 4:  # every table bids at once: who each one still waits for
            return [t(lang, "ov.now.auction" if len(ps) == 1 else "ov.now.auction_many", t=ti + 1,
                      p=st.players[ps[0]], ps=", ".join(st.players[p] for p in ps))
                    for ti, ps in bidding_tables(st).items()]
        ti = st.auction_tables[st.auction_table]
        return [t(lang, "ov.now.auction", t=ti + 1, p=st.players[st.bidder])]
    if st.stage == "pendant":  # no table is being played: the Pendant's holder decides
        return [t(lang, "st.pendant", n=st.turn, p=st.players[st.pendant])]
    out = []
    if st.stage == "move":
        out.append(t(lang, "ov.now.move", p=st.players[st.seat_choosers[0]], s=st.seat_of[st.seat_choosers[0]]))
    if st.rev >= 2:
        for ti, s in running_seats(st).items():
            out.append(t(lang, "ov.now.table", t=ti + 1, slot=st.tslot[ti] + 1, s=s,
                         p=st.players[st.tables[ti].cur]))
    elif st.stage == "play":
        out.append(t(lang, "ov.now.play", slot=st.slot + 1, t=st.current + 1, s=running_seat(st),
                     p=st.players[st.tables[st.current].cur]))
    return out


@dataclass
class Seat:
    s: int
    name: str  # its target name
    label: str  # "Seat 3 — Ann"
    info: str
    waiting: str
    running: bool
    free: bool
    target: bool
    selected: bool


@dataclass
class Table:
    ti: int
    title: str
    map_id: str
    here: bool  # the table being played, or auctioning
    notes: list  # beside the thumbnail, on a phone
    seats: list


@dataclass
class Overview:
    lang: str
    compact: bool
    turn: str
    event: str
    free: str
    now: list  # one line, or one per table playing (revision 2)
    lots: list
    tables: list
    log_title: str
    log: list
    choose: str = ""  # the heading of ``choices``
    choices: list = None  # the free seats the viewer may choose, each a Seat (its info: who sits at its table)


def seat_choices(st, ctx):
    """While a participant chooses a seat and the page may take his choice:
    the free seats, each with its table and who sits there, listed together
    so that every choice is in one place (on a phone the tables' cards run
    over several screens)."""
    lang = ctx.lang
    out = []
    if st.stage != "move" or st.win is not None:
        return out
    for s in st.free_seats():
        if f"seat{s}" not in ctx.targets:
            continue
        ti = st.seat_table[s]
        names = [st.players[p] for p in st.seated_at(ti)]
        info, waiting = seat_lines(st, st.tables[ti], s, ctx.viewer, lang)
        who = t(lang, "ov.choice.who", names=", ".join(names)) if names else t(lang, "ov.choice.nobody")
        out.append(Seat(s, f"seat{s}", t(lang, "ov.choice", s=s, t=ti + 1, board=board_name(st, ti, lang)), who,
                        waiting, False, True, True, f"seat{s}" in ctx.clicks))
    return out


def build_overview(st, ctx: RenderContext) -> Overview:
    lang = ctx.lang
    running = running_seats(st)
    free = st.free_seats()
    log = [log_text(st, k, f, lang) for _, n, k, f in st.log if n == st.turn]
    return Overview(lang, ctx.compact, t(lang, "ov.turn", n=st.turn, m=10), event_name(st.event or "none", lang),
                    t(lang, "ov.free_seats", n=len(free), seats=", ".join(map(str, free))), now_lines(st, lang),
                    lot_lines(st, lang), [_table(st, ti, ctx, running) for ti in range(len(st.tables))],
                    t(lang, "ov.log", n=st.turn), log[-12:], t(lang, "ov.choose"), seat_choices(st, ctx))


def _table(st, ti, ctx, running_at):
    lang, table, seats = ctx.lang, st.tables[ti], st.table_seats[ti]
    running = running_at.get(ti)
    here = running is not None or (
        st.stage == "auction" and st.bidder is not None and (
            ti in bidding_tables(st) if st.rev >= 4 else ti == st.auction_tables[st.auction_table]))
    title = t(lang, "ov.table" + (".short" if ctx.compact else ""), t=ti + 1, board=board_name(st, ti, lang),
              a=seats[0], b=seats[-1])
    notes = []
    if ctx.compact:  # beside the thumbnail: this table's free seats and who plays here
        free_here = [str(s) for s in seats if st.occupant[s] is None]
        notes = [t(lang, "ov.seats", a=seats[0], b=seats[-1]),
                 t(lang, "ov.free_here", seats=", ".join(free_here) or "—")]
        if here and running is not None:
            notes.append(t(lang, "ov.running", s=running))
    out = []
    for s in seats:
        p = st.occupant[s]
        who = st.players[p] if p is not None else t(lang, "seat.free")
        info, waiting = seat_lines(st, table, s, ctx.viewer, lang)
        out.append(Seat(s, f"seat{s}", t(lang, "seat", s=s) + " — " + who, info, waiting, s == running, p is None,
                        f"seat{s}" in ctx.targets, f"seat{s}" in ctx.clicks))
    return Table(ti, title, table.map_id, here, notes, out)
