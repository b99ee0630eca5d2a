"""The tournament on screen: the table being played (the Small World board
of that table), or, while players bid or choose a seat, an overview of every
table — its board, its seats and who sits there, the free seats (targets
when a seat is to be chosen). Coins stay hidden as in Small World."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from plateau.core.game import RenderContext
from plateau.games.smallworld import content as C
from plateau.games.smallworld.render import panel as sw_panel
from plateau.games.smallworld.render import render as sw_render

from .catalogue import event_name, log_text, t

def render(st, ctx: RenderContext) -> str:
    if st.stage == "play" and st.current is not None and st.win is None:
        return sw_render(st.tables[st.current], ctx)
    return overview(st, ctx)


def _board_name(st, ti, lang):
    return t(lang, "board." + st.layout[ti]["board"])


def _fit(text, width, size):
    """``text`` cut to what ``width`` pixels hold at font ``size`` (an estimate), with "…"."""
    n = max(4, int(width / (0.5 * size)))
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _wrap(text, width, size):
    n = max(8, int(width / (0.53 * size)))
    lines, cur = [], ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > n:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return lines + ([cur] if cur else [])


def running_seat(st):
    """The seat whose Small World turn is being played, or None."""
    if st.stage == "play" and st.current is not None and st.win is None:
        return st.seat_of[st.tables[st.current].cur]
    return None


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
            info.append(C.name(rec["race"], lang) + (f" · {C.name(rec['power'], lang)}" if rec["power"] else ""))
        elif st.stage == "move" and p in st.movers:
            info.append(t(lang, "ov.moving"))
        elif st.arrived[p] >= st.turn:
            info.append(t(lang, "ov.arrived"))
        else:
            info.append(t(lang, "ov.no_race"))
    else:
        info.append(t(lang, "ov.free"))
    races = sorted((r for r in table.recs.values() if r["dec"] and r.get("seat") == s), key=lambda r: r.get("age", 0))
    waiting = t(lang, "ov.waiting", races=", ".join(
        f'{C.name(r["race"], lang)} ({st.players[r["p"]]})' for r in races)) if races else ""
    return " · ".join(info), waiting


def overview(st, ctx: RenderContext) -> str:
    """Every table at a glance, for the referee and the players, drawn for
    ``ctx.viewer``'s eyes: the turn and its event, each table's board, its
    seats (who sits there, whose seat is running, free seats, the declined
    races waiting to score there), and the log of the turn. Coins and bids of
    the others stay hidden; free seats are the targets of a seat choice."""
    lang, viewer = ctx.lang, ctx.viewer
    ntab = len(st.tables)
    compact = ctx.compact
    cols = 1 if compact else min(ntab, 2)
    # on a phone the seats take the card's whole width, under a row with the board's thumbnail
    card_w = 380 if compact else 540
    thumb = 130 if compact else 190
    seat_h = 64
    nseat = max(len(x) for x in st.table_seats)
    seats_top = 46 + (96 if compact else 0)
    card_h = seats_top + nseat * seat_h + 8
    W = cols * (card_w + 20) + 20
    inner = W - 40
    running = running_seat(st)
    ev = st.event if st.event else "none"
    head = []
    y = 36
    head.append(f'<text x="20" y="{y}" font-size="26" font-weight="bold" fill="#3a2a18">'
                f'{escape(t(lang, "ov.turn", n=st.turn, m=10))}</text>')
    for line in _wrap(event_name(ev, lang), inner, 17):
        y += 24
        head.append(f'<text x="20" y="{y}" font-size="17" fill="#3a2a18" class="ak-event">{escape(line)}</text>')
    free = st.free_seats()
    y += 26
    head.append(f'<text x="20" y="{y}" font-size="17" fill="#1b5e20" class="ak-free">'
                f'{escape(_fit(t(lang, "ov.free_seats", n=len(free), seats=", ".join(map(str, free))), inner, 17))}'
                f'</text>')
    y += 24
    head.append(f'<text x="20" y="{y}" font-size="17" font-weight="bold" fill="#7a3b00" class="ak-now">'
                f'{escape(_fit(now_line(st, lang), inner, 17))}</text>')
    for line in lot_lines(st, lang):  # an auction: what is sold, and what it does
        for part in _wrap(line, inner, 17):
            y += 24
            head.append(f'<text x="20" y="{y}" font-size="17" fill="#3a2a18" class="ak-lot">{escape(part)}</text>')
    top = y + 18
    rows = -(-ntab // cols)
    log = [log_text(st, k, f, lang) for _, n, k, f in st.log if n == st.turn]
    # whole sentences, wrapped (an auction's result says who won, every bid and why)
    log_lines = [part for line in log[-12:] for part in _wrap(line, inner - 28, 15)][-16:]
    log_h = 44 + 22 * max(1, len(log_lines))
    H = top + rows * (card_h + 20) + log_h + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board arkhanis" viewBox="0,0,{W},{H}" width="{W}" '
           f'height="{H}" font-family="sans-serif" role="group" aria-label={quoteattr(t(lang, "panel.tables"))}>',
           "<style>.arkhanis .ak-seat.target>rect{stroke:#d35400;stroke-width:5;cursor:pointer}"
           ".arkhanis .ak-seat.target:hover>rect,.arkhanis .ak-seat.target:focus>rect{fill:#ffe9b3}"
           ".arkhanis .ak-seat.selected>rect{stroke:#ffd600;stroke-width:6}</style>",
           f'<rect width="{W}" height="{H}" fill="#f4ecd8"/>', *head]
    from plateau.games.smallworld import mapdraw

    for ti, table in enumerate(st.tables):
        x = 20 + (ti % cols) * (card_w + 20)
        y = top + (ti // cols) * (card_h + 20)
        here = (ti == st.current and running is not None) or (
            st.stage == "auction" and st.bidder is not None and ti == st.auction_tables[st.auction_table])
        seats = st.table_seats[ti]
        title = t(lang, "ov.table" + (".short" if compact else ""), t=ti + 1, board=_board_name(st, ti, lang),
                  a=seats[0], b=seats[-1])
        out.append(f'<g class="ak-table{" running" if here else ""}" data-table="{ti}">'
                   f'<rect x="{x}" y="{y}" width="{card_w}" height="{card_h}" rx="10" fill="#fffdf5" '
                   f'stroke="{"#b5651d" if here else "#3a2a18"}" stroke-width="{5 if here else 2}"/>'
                   f'<text x="{x + 14}" y="{y + 30}" font-size="21" font-weight="bold" fill="#3a2a18">'
                   f'{escape(_fit(title, card_w - 28, 21))}</text>')
        out.append(f'<g transform="translate({x + 14} {y + 46})">{mapdraw.thumbnail(table.map_id, thumb)}</g>')
        sx, sw = (x + 14, card_w - 28) if compact else (x + thumb + 28, card_w - thumb - 42)
        if compact:  # beside the thumbnail: this table's free seats and who plays here
            free_here = [str(s) for s in seats if st.occupant[s] is None]
            notes = [t(lang, "ov.seats", a=seats[0], b=seats[-1]),
                     t(lang, "ov.free_here", seats=", ".join(free_here) or "—")]
            if here and running is not None:
                notes.append(t(lang, "ov.running", s=running))
            for k, line in enumerate(notes):
                out.append(f'<text x="{x + thumb + 26}" y="{y + 66 + 22 * k}" font-size="15" fill="#333">'
                           f'{escape(_fit(line, card_w - thumb - 40, 15))}</text>')
        for j, s in enumerate(seats):
            p = st.occupant[s]
            name = f"seat{s}"
            who = st.players[p] if p is not None else t(lang, "seat.free")
            label = t(lang, "seat", s=s) + " — " + who
            info, waiting = seat_lines(st, table, s, viewer, lang)
            cls = ["ak-seat"]
            if s == running:
                cls.append("running")
            attrs = f' data-target="{name}" aria-label={quoteattr(" · ".join(x for x in (label, info, waiting) if x))}'
            if name in ctx.targets:
                cls.append("target")
                attrs += ' tabindex="0" role="button"'
            if name in ctx.clicks:
                cls.append("selected")
            yy = y + seats_top + j * seat_h
            fill = "#fff3c4" if s == running else ("#ffffff" if p is not None else "#e8f5e9")
            mark = "▶ " if s == running else ""
            out.append(f'<g class="{" ".join(cls)}"{attrs}><rect x="{sx}" y="{yy}" width="{sw}" height="{seat_h - 6}" '
                       f'rx="6" fill="{fill}" stroke="#8d7b5a" stroke-width="1.5"/>'
                       f'<text x="{sx + 10}" y="{yy + 20}" font-size="17" font-weight="bold" fill="#222">'
                       f'{escape(_fit(mark + label, sw - 20, 17))}</text>'
                       f'<text x="{sx + 10}" y="{yy + 37}" font-size="14" fill="#444">'
                       f'{escape(_fit(info, sw - 20, 14))}</text>')
            if waiting:
                out.append(f'<text x="{sx + 10}" y="{yy + 53}" font-size="14" fill="#7a5a00" class="ak-waiting">'
                           f'{escape(_fit(waiting, sw - 20, 14))}</text>')
            out.append("</g>")
        out.append("</g>")
    # the log of the turn
    y = top + rows * (card_h + 20)
    out.append(f'<g class="ak-log"><rect x="20" y="{y}" width="{inner}" height="{log_h}" rx="10" fill="#fffdf5" '
               f'stroke="#8d7b5a" stroke-width="1.5"/><text x="34" y="{y + 28}" font-size="19" font-weight="bold" '
               f'fill="#3a2a18">{escape(t(lang, "ov.log", n=st.turn))}</text>')
    for i, line in enumerate(log_lines or [t(lang, "ov.log_empty")]):
        out.append(f'<text x="34" y="{y + 52 + 22 * i}" font-size="15" fill="#333">{escape(line)}</text>')
    out.append("</g></svg>")
    return "".join(out)


def lot_lines(st, lang):
    """While a table auctions: what it sells and, for a combo, what its race
    and power do."""
    if st.win is not None or st.stage != "auction" or st.bidder is None:
        return []
    from plateau.games.smallworld import content as C

    from .catalogue import lot_text

    ti = st.auction_tables[st.auction_table]
    lot = st.auction_lot(ti)
    out = [t(lang, "ov.lot", t=ti + 1, lot=lot_text(lot, lang))]
    if lot[0] == "combo":
        out += [f"{C.name(k, lang)} : {C.text(k, lang)}" if lang == "fr" else f"{C.name(k, lang)}: {C.text(k, lang)}"
                for k in lot[1:]]
    return out


def now_line(st, lang):
    """What the tournament is waiting for, in a few words."""
    if st.win is not None:
        return t(lang, "st.over")
    if st.stage == "auction":
        ti = st.auction_tables[st.auction_table]
        return t(lang, "ov.now.auction", t=ti + 1, p=st.players[st.bidder])
    if st.stage == "move":
        return t(lang, "ov.now.move", p=st.players[st.movers[0]], s=st.seat_of[st.movers[0]])
    if st.stage == "pendant":  # no table is being played: the Pendant's holder decides
        return t(lang, "st.pendant", n=st.turn, p=st.players[st.pendant])
    return t(lang, "ov.now.play", slot=st.slot + 1, t=st.current + 1, s=running_seat(st),
             p=st.players[st.tables[st.current].cur])


def panel(st, viewer, lang):
    lines = []
    ev = st.event or "none"
    lines.append(event_name(ev, lang))
    lines.extend(lot_lines(st, lang))
    for ti in range(len(st.tables)):
        seats = ", ".join(f"{s}: " + (st.players[st.occupant[s]] if st.occupant[s] is not None
                                      else t(lang, "seat.free")) for s in st.table_seats[ti])
        lines.append(t(lang, "panel.table", t=ti + 1, board=_board_name(st, ti, lang), seats=seats))
    # how many tiles lie face down, never which (seed §6–7)
    piles = ", ".join(t(lang, "panel.pile", t=ti + 1, k=len(tb.pile)) for ti, tb in enumerate(st.tables))
    lines.append(t(lang, "panel.tiles", piles=piles, k=len(st.reserve)))
    log = [log_text(st, k, f, lang) for _, _, k, f in st.log[-8:]]
    out = [{"title": t(lang, "ov.turn", n=st.turn, m=10), "lines": lines},
           {"title": t(lang, "panel.tournament"), "lines": log}]
    if st.stage == "play" and st.current is not None and st.win is None:
        out.extend(sw_panel(st.tables[st.current], viewer, lang))
    return out
