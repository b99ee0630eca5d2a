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

CARD_W, CARD_H = 420, 400


def render(st, ctx: RenderContext) -> str:
    if st.stage == "play" and st.current is not None and st.win is None:
        return sw_render(st.tables[st.current], ctx)
    return overview(st, ctx)


def _board_name(st, ti, lang):
    return t(lang, "board." + st.layout[ti]["board"])


def overview(st, ctx: RenderContext) -> str:
    lang = ctx.lang
    ntab = len(st.tables)
    cols = min(ntab, 3)
    rows = -(-ntab // cols)
    W = cols * (CARD_W + 20) + 20
    H = 90 + rows * (CARD_H + 20) + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board arkhanis" viewBox="0,0,{W},{H}" width="{W}" '
           f'height="{H}" font-family="sans-serif" role="group" aria-label={quoteattr(t(lang, "panel.tables"))}>',
           "<style>.arkhanis .ak-seat.target>rect{stroke:#d35400;stroke-width:5;cursor:pointer}"
           ".arkhanis .ak-seat.target:hover>rect,.arkhanis .ak-seat.target:focus>rect{fill:#ffe9b3}"
           ".arkhanis .ak-seat.selected>rect{stroke:#ffd600;stroke-width:6}</style>",
           f'<rect width="{W}" height="{H}" fill="#f4ecd8"/>']
    ev = st.event if st.event else "none"
    out.append(f'<text x="20" y="38" font-size="26" font-weight="bold" fill="#3a2a18">'
               f'{escape(t(lang, "panel.turn", n=st.turn, m=10, event=event_name(ev, lang).split(":")[0]))}</text>')
    out.append(f'<text x="20" y="70" font-size="17" fill="#3a2a18">{escape(event_name(ev, lang))}</text>')
    from plateau.games.smallworld import mapdraw

    for ti, table in enumerate(st.tables):
        x = 20 + (ti % cols) * (CARD_W + 20)
        y = 90 + (ti // cols) * (CARD_H + 20)
        out.append(f'<g class="ak-table" data-table="{ti}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
                   f'rx="10" fill="#fffdf5" stroke="#3a2a18" stroke-width="2"/>'
                   f'<text x="{x + 14}" y="{y + 30}" font-size="21" font-weight="bold" fill="#3a2a18">'
                   f'{escape(t(lang, "table", t=ti + 1) + " — " + _board_name(st, ti, lang))}</text>')
        thumb = mapdraw.thumbnail(table.map_id, 200)
        out.append(f'<g transform="translate({x + 14} {y + 44})">{thumb}</g>')
        sy = y + 44
        for j, s in enumerate(st.table_seats[ti]):
            p = st.occupant[s]
            name = f"seat{s}"
            who = st.players[p] if p is not None else t(lang, "seat.free")
            label = t(lang, "seat", s=s) + " — " + who
            cls = ["ak-seat"]
            attrs = f' data-target="{name}" aria-label={quoteattr(label)}'
            if name in ctx.targets:
                cls.append("target")
                attrs += ' tabindex="0" role="button"'
            if name in ctx.clicks:
                cls.append("selected")
            yy = sy + j * 46
            fill = "#ffffff" if p is not None else "#e8f5e9"
            out.append(f'<g class="{" ".join(cls)}"{attrs}><rect x="{x + 226}" y="{yy}" width="{CARD_W - 240}" '
                       f'height="40" rx="6" fill="{fill}" stroke="#8d7b5a" stroke-width="1.5"/>'
                       f'<text x="{x + 236}" y="{yy + 26}" font-size="17" fill="#222">{escape(label)}</text></g>')
        # declined races waiting at each seat of this table
        wy = y + 300
        for s in st.table_seats[ti]:
            races = [table.recs[rid] for rid in table.recs if table.recs[rid]["dec"]
                     and table.recs[rid].get("seat") == s]
            if races:
                txt = t(lang, "panel.waiting", s=s, races=", ".join(
                    f'{C.name(r["race"], lang)} ({st.players[r["p"]]})' for r in races))
                out.append(f'<text x="{x + 14}" y="{wy}" font-size="15" fill="#5a4a00">{escape(txt)}</text>')
                wy += 22
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def panel(st, viewer, lang):
    lines = []
    ev = st.event or "none"
    lines.append(event_name(ev, lang))
    for ti in range(len(st.tables)):
        seats = ", ".join(f"{s}: " + (st.players[st.occupant[s]] if st.occupant[s] is not None
                                      else t(lang, "seat.free")) for s in st.table_seats[ti])
        lines.append(t(lang, "panel.table", t=ti + 1, board=_board_name(st, ti, lang), seats=seats))
    log = [log_text(st, k, f, lang) for _, _, k, f in st.log[-8:]]
    out = [{"title": t(lang, "panel.turn", n=st.turn, m=10, event=""), "lines": lines},
           {"title": t(lang, "panel.tournament"), "lines": log}]
    if st.stage == "play" and st.current is not None and st.win is None:
        out.extend(sw_panel(st.tables[st.current], viewer, lang))
    return out
