"""The tournament on screen: the table being played (the Small World board
of that table), or, while players bid or choose a seat, an overview of every
table — its board, its seats and who sits there, the free seats (targets
when a seat is to be chosen). Coins stay hidden as in Small World. What the
overview shows is decided first (``render_model.build_overview``); the
functions here draw it, styled by the ``ak-`` classes of ``static/app.css``."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from plateau.core.game import RenderContext
from plateau.games.smallworld.render import panel as sw_panel
from plateau.games.smallworld.render import render as sw_render
from plateau.games.smallworld.render import strip as sw_strip  # noqa: F401 (the game's render_strip)

from .catalogue import event_name, log_text, t
from .render_model import board_name, build_overview, lot_lines  # noqa: F401 (lot_lines: the tests read it here)


def render(st, ctx: RenderContext) -> str:
    if st.stage == "play" and st.current is not None and st.win is None:
        return sw_render(st.tables[st.current], ctx)
    return overview(st, ctx)


def other_boards(st, ctx: RenderContext):
    """Each table's board other than the one :func:`render` draws at ``st``
    (one per map: tables on the same map share their drawing), then the
    overview when a board is drawn: what a step through the history may show
    next."""
    here = st.current if st.stage == "play" and st.current is not None and st.win is None else None
    seen = {st.tables[here].map_id} if here is not None else set()
    for ti, tb in enumerate(st.tables):
        if tb.map_id not in seen:
            seen.add(tb.map_id)
            yield sw_render(tb, ctx)
    if here is not None:
        yield overview(st, ctx)


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


class _Layout:
    """The cards' grid: one column on a phone (the seats under a row with
    the board's thumbnail), two on a wide screen."""

    def __init__(self, ov):
        ntab = len(ov.tables)
        self.compact = ov.compact
        self.cols = 1 if ov.compact else min(ntab, 2)
        self.card_w = 380 if ov.compact else 540
        self.thumb = 130 if ov.compact else 190
        self.seat_h = 64
        self.seats_top = 46 + (96 if ov.compact else 0)
        self.card_h = self.seats_top + max(len(tb.seats) for tb in ov.tables) * self.seat_h + 8
        self.W = self.cols * (self.card_w + 20) + 20
        self.inner = self.W - 40
        self.rows = -(-ntab // self.cols)


def _head(ov, L):
    """The turn, its event, the lot on sale (what the screen is for while
    bids are asked: at the top, on a phone's screen with the bid), the free
    seats and what the tournament waits for; returns the lines and the y
    under them."""
    inner, y = L.inner, 36
    out = [f'<text x="20" y="{y}" class="ak-title">{escape(ov.turn)}</text>']
    for line in _wrap(ov.event, inner, 17):
        y += 24
        out.append(f'<text x="20" y="{y}" class="ak-event">{escape(line)}</text>')
    for line in ov.lots:  # an auction: what is sold, and what it does
        for part in ([line] if _fit(line, inner, 17) == line else _wrap(line, inner, 17)):
            y += 24
            out.append(f'<text x="20" y="{y}" class="ak-lot">{escape(part)}</text>')
    y += 26
    out.append(f'<text x="20" y="{y}" class="ak-free">{escape(_fit(ov.free, inner, 17))}</text>')
    for line in ov.now:  # from revision 2, a line for each table playing (wrapped: every name is read)
        for part in ([line] if _fit(line, inner, 17) == line else _wrap(line, inner, 17)):
            y += 24
            out.append(f'<text x="20" y="{y}" class="ak-now">{escape(part)}</text>')
    return out, y + 18


def _seat(seat, sx, yy, sw, L, kind="ak-seat"):
    cls = [kind] + (["running"] if seat.running else [])  # no styling class here: the page tells targets apart by them
    label = " · ".join(x for x in (seat.label, seat.info, seat.waiting) if x)
    attrs = f' data-target="{seat.name}" aria-label={quoteattr(label)}'
    if seat.target:
        cls.append("target")
        attrs += ' tabindex="0" role="button"'
    else:
        attrs += ' role="img"'  # a labelled picture: what a screen reader says of it
    if seat.selected:
        cls.append("selected")
    mark = "▶ " if seat.running else ""
    vacant = ' class="ak-vacant"' if seat.free else ""
    out = [f'<g class="{" ".join(cls)}"{attrs}><rect x="{sx}" y="{yy}" width="{sw}" height="{L.seat_h - 6}" rx="6"'
           f'{vacant}/>'
           f'<text x="{sx + 10}" y="{yy + 20}" class="ak-who">{escape(_fit(mark + seat.label, sw - 20, 17))}</text>'
           # a space between the lines: read together (a seat's name for a screen reader), they stay words apart
           f' <text x="{sx + 10}" y="{yy + 37}" class="ak-info">{escape(_fit(seat.info, sw - 20, 14))}</text>']
    if seat.waiting:
        out.append(f' <text x="{sx + 10}" y="{yy + 53}" class="ak-waiting">{escape(_fit(seat.waiting, sw - 20, 14))}'
                   f'</text>')
    out.append("</g>")
    return "".join(out)


def _table(tb, top, L):
    """One table's card: its title, its board's thumbnail, its seats."""
    from plateau.games.smallworld import mapdraw

    x = 20 + (tb.ti % L.cols) * (L.card_w + 20)
    y = top + (tb.ti // L.cols) * (L.card_h + 20)
    cw, thumb = L.card_w, L.thumb
    out = [f'<g class="ak-table{" running" if tb.here else ""}" data-table="{tb.ti}">'
           f'<rect x="{x}" y="{y}" width="{cw}" height="{L.card_h}" rx="10"/>'
           f'<text x="{x + 14}" y="{y + 30}" class="ak-table-title">{escape(_fit(tb.title, cw - 28, 21))}</text>',
           f'<g transform="translate({x + 14} {y + 46})">{mapdraw.thumbnail(tb.map_id, thumb)}</g>']
    sx, sw = (x + 14, cw - 28) if L.compact else (x + thumb + 28, cw - thumb - 42)
    for k, line in enumerate(tb.notes):
        out.append(f'<text x="{x + thumb + 26}" y="{y + 66 + 22 * k}" class="ak-note">'
                   f'{escape(_fit(line, cw - thumb - 40, 15))}</text>')
    for j, seat in enumerate(tb.seats):
        out.append(_seat(seat, sx, y + L.seats_top + j * L.seat_h, sw, L))
    out.append("</g>")
    return "".join(out)


def _choices(ov, top, L):
    """The free seats a participant may choose, together under the heading
    (one column on a phone, two on a wide screen), each a target as its seat
    in its table's card; returns the lines and the y under them."""
    if not ov.choices:
        return [], top
    cols = 1 if L.compact else 2
    w = (L.inner - 20 * (cols - 1)) / cols
    out = [f'<g class="ak-choices"><text x="20" y="{top + 22}" class="ak-title">{escape(ov.choose)}</text>']
    y0 = top + 36
    for k, seat in enumerate(ov.choices):
        x, y = 20 + (k % cols) * (w + 20), y0 + (k // cols) * L.seat_h
        out.append(_seat(seat, round(x), y, round(w), L, "ak-choice"))
    out.append("</g>")
    rows = -(-len(ov.choices) // cols)
    return out, y0 + rows * L.seat_h + 12


def _log(ov, y, h, L):
    """The log of the turn, whole sentences wrapped."""
    out = [f'<g class="ak-log"><rect x="20" y="{y}" width="{L.inner}" height="{h}" rx="10"/>'
           f'<text x="34" y="{y + 28}" class="ak-log-title">{escape(ov.log_title)}</text>']
    for i, line in enumerate(_log_lines(ov, L) or [t(ov.lang, "ov.log_empty")]):
        out.append(f'<text x="34" y="{y + 52 + 22 * i}" class="ak-note">{escape(line)}</text>')
    out.append("</g>")
    return "".join(out)


def _log_lines(ov, L):
    # whole sentences, wrapped (an auction's result says who won, every bid and why)
    return [part for line in ov.log for part in _wrap(line, L.inner - 28, 15)][-16:]


def overview(st, ctx: RenderContext) -> str:
    """Every table at a glance, for the referee and the players, drawn for
    ``ctx.viewer``'s eyes: the turn and its event, each table's board, its
    seats (who sits there, whose seat is running, free seats, the declined
    races waiting to score there), and the log of the turn. Coins and bids of
    the others stay hidden; free seats are the targets of a seat choice."""
    ov = build_overview(st, ctx)
    L = _Layout(ov)
    head, top = _head(ov, L)
    choices, top = _choices(ov, top, L)
    log_h = 44 + 22 * max(1, len(_log_lines(ov, L)))
    H = top + L.rows * (L.card_h + 20) + log_h + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board arkhanis" viewBox="0,0,{L.W},{H}" width="{L.W}" '
           f'height="{H}" data-board="overview" font-family="sans-serif" role="group" '
           f'aria-label={quoteattr(t(ov.lang, "panel.tables"))}>',
           f'<rect width="{L.W}" height="{H}" class="ak-bg"/>', *head, *choices]
    out += [_table(tb, top, L) for tb in ov.tables]
    out.append(_log(ov, top + L.rows * (L.card_h + 20), log_h, L))
    out.append("</svg>")
    return "".join(out)


def panel(st, viewer, lang):
    lines = []
    ev = st.event or "none"
    lines.append(event_name(ev, lang))
    lines.extend(lot_lines(st, lang))
    for ti in range(len(st.tables)):
        seats = ", ".join(f"{s}: " + (st.players[st.occupant[s]] if st.occupant[s] is not None
                                      else t(lang, "seat.free")) for s in st.table_seats[ti])
        lines.append(t(lang, "panel.table", t=ti + 1, board=board_name(st, ti, lang), seats=seats))
    # how many tiles lie face down, never which (seed §6–7)
    piles = ", ".join(t(lang, "panel.pile", t=ti + 1, k=len(tb.pile)) for ti, tb in enumerate(st.tables))
    lines.append(t(lang, "panel.tiles", piles=piles, k=len(st.reserve)))
    log = [log_text(st, k, f, lang) for _, _, k, f in st.log[-8:]]
    out = [{"title": t(lang, "ov.turn", n=st.turn, m=10), "lines": lines},
           {"title": t(lang, "panel.tournament"), "lines": log}]
    if st.stage == "play" and st.current is not None and st.win is None:
        out.extend(sw_panel(st.tables[st.current], viewer, lang))
    return out
