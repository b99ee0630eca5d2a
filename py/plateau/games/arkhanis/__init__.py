"""Small World, Arkhanis tournament (seed 001, rules notes §3): several
Small World tables played in synchronised turns; a player who declines moves
to a free seat, usually at another table, and his declined race keeps
scoring at the seat he left.

>>> s = GAME.start([f"P{i}" for i in range(6)], {}, seed=1)
>>> [len(seats) for seats in s.table_seats], len(s.free_seats()), s.turn
([5, 5], 4, 1)
"""

from __future__ import annotations

import re

from plateau.core.game import Game, Option, RenderContext, RulesError

from . import events as E
from .catalogue import CATALOGUE
from .tournament import TURNS, TournamentState, at_table, read_bid
from .tournament import layout_for  # noqa: F401 (part of the package's API)


def _lab(key):
    return {lang: CATALOGUE[lang][key] for lang in ("fr", "en")}


OPTIONS = (
    Option("free", _lab("opt.free"), {k: _lab(f"opt.free.{k}") for k in (4, 3, 2, 1)}, 4),
    Option("boards", _lab("opt.boards"), {k: _lab(f"opt.boards.{k}") for k in ("mixed", "classic", "underground")},
           "mixed"),
    Option("content", _lab("opt.content"), {k: _lab(f"opt.content.{k}") for k in ("by_board", "mixed")},
           "by_board"),
    Option("events", _lab("opt.events"), {k: _lab(f"opt.events.{k}") for k in ("drawn", "none")}, "drawn"),
    # seed §8 says the Knight's other tiles are discarded, and that the Snow Thing's winner chooses among
    # the tiles "still available": Plateau keeps them findable by default (seed §7), or lets them go
    Option("knight_discards", _lab("opt.knight_discards"),
           {k: _lab(f"opt.knight_discards.{k}") for k in ("reserve", "out")}, "reserve"),
)
#: options written as text by the organiser's setup: heights in cm ("172,165,…", one per participant),
#: the event schedule ("golden_age,drawn,none,…", one per turn; "drawn": Plateau draws that turn's event)
#: the tables ("classic:1-5;underground/mixed:6-9": board kind, optional content, first-last seat)
TEXT_OPTIONS = ("heights", "schedule", "tables")
_HEIGHTS = re.compile(r"^\d{2,3}(,\d{2,3})*$")
_TABLE = re.compile(r"^(classic|underground|random)(?:/(base|underground|mixed))?:(\d{1,3})-(\d{1,3})$")


def parse_tables(text: str) -> list[dict]:
    """The organiser's tables written as text: ``kind[/content]:first-last`` separated by ``;`` —
    seat numbers unique, 2 to 5 seats a table, tables in increasing seat order."""
    out = []
    last = 0
    for part in str(text).split(";"):
        m = _TABLE.match(part.strip())
        if not m:
            raise RulesError(f"a table is written like classic:1-5 or underground/mixed:6-9, not {part.strip()!r}")
        kind, content, a, b = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
        if not 2 <= b - a + 1 <= 5:
            raise RulesError(f"a table has 2 to 5 seats ({a}-{b})")
        if a <= last:
            raise RulesError("seat numbers must be unique and go up from one table to the next")
        last = b
        default = {"classic": "base", "underground": "underground", "random": "mixed"}[kind]
        out.append({"board": kind, "seats": list(range(a, b + 1)), "content": content or default})
    if len(out) < 2:
        raise RulesError("a tournament needs at least 2 tables")
    covered = {c for t in out for c in ({"base"}, {"underground"}, {"base", "underground"})[
        ("base", "underground", "mixed").index(t["content"])]}
    if covered != {"base", "underground"}:
        # seed §7: every race, power and item not removed is on at least one board
        raise RulesError("the races and powers of both games must be on at least one table")
    return out


def _at_table(state, move_text) -> int | None:
    """The table of a move written ``@t<table> <move>`` (a table playing
    while another is asked first, revision 2); None for any other move."""
    ti = at_table(move_text or "")[0]
    if ti is None or ti >= len(state.tables) or state.tables[ti].to_play is None:
        return None
    return ti


def table_view(table: int) -> str:
    """The name of the view of table ``table`` (0-based) among the game's views."""
    return f"table{table + 1}"


def view_table(view: str) -> int | None:
    """The table (0-based) a view named by :func:`table_view` shows, or None."""
    if view.startswith("table") and view[5:].isdigit() and int(view[5:]) >= 1:
        return int(view[5:]) - 1
    return None


def _read_text(out: dict, k: str, v: str) -> None:
    """Check the text option ``k`` and put what it says in ``out["_" + k]``."""
    if k == "tables":
        out["_tables"] = parse_tables(v)
    elif k == "heights":
        if not _HEIGHTS.match(v):
            raise RulesError("heights are whole numbers of centimetres separated by commas")
        out["_heights"] = [int(x) for x in v.split(",")]
    else:
        try:
            out["_schedule"] = E.parse_schedule(v, TURNS)
        except ValueError as e:
            raise RulesError(str(e)) from None


class Arkhanis(Game):
    id = "arkhanis"
    #: rules revisions (see plateau.core.game.REVISION_OPTION): 0 before the
    #: 2026-11 rules changes; 1 from them; 2: the tables play each turn at the
    #: same time; 3: its tables play Small World's revision 2 (every place and
    #: relic stays in the game under the Snow Thing and the Golden Knight; see
    #: the rules page's "Revisions"); 4: every table's auction at the same time,
    #: a bid written ``bid:SEAT:COINS`` (see .tournament)
    revision = 4
    title = {"fr": "Small World — tournoi Arkhanis", "en": "Small World — Arkhanis tournament"}
    min_players = 4
    max_players = 24
    has_coords = False
    options = OPTIONS
    catalogue = CATALOGUE
    pitch = {"fr": "Plusieurs tables de Small World à la fois : passer en déclin, c'est changer de table.",
             "en": "Several Small World tables at once: going into decline means changing tables."}
    duration = {"fr": "3–4 h", "en": "3–4 h"}

    def as_asked(self, view: dict, player: int) -> dict:
        """From revision 2 the tables play at once: a participant whose
        table waits for them sees it as the table asked (see .asked)."""
        from .asked import as_asked

        return as_asked(view, player)

    def setup_screen(self):
        """The organiser's setup (participants, tables, events): see .setup."""
        from .setup import SetupForm

        return SetupForm

    def full_options(self, options):
        """The usual options, and the organiser's text options checked and
        kept as text (the record holds them as typed; ``new_state`` reads them)."""
        options = dict(options or {})
        text = {k: options.pop(k) for k in TEXT_OPTIONS if k in options}
        out = super().full_options(options)
        for k, v in text.items():
            if not isinstance(v, str):
                raise RulesError(f"option {k!r} is written as text")
            _read_text({}, k, v)  # checked here, read again by new_state
            out[k] = v
        return out

    def new_state(self, players, options, seed):
        options = dict(options)
        for k in TEXT_OPTIONS:
            if isinstance(options.get(k), str):
                _read_text(options, k, options[k])
        h = options.get("_heights")
        if h is not None and len(h) != len(players):
            raise RulesError(f"one height per participant: {len(players)} needed, {len(h)} given")
        if options.get("_tables"):
            layout = options["_tables"]
            seats = sum(len(t["seats"]) for t in layout)
            if seats - len(players) < 1:
                raise RulesError(f"{len(players)} participants need more than {seats} seats: one must stay free")
            if sum(min(5, len(t["seats"])) for t in layout) < len(players) or \
                    sum(len(t["seats"]) - 2 for t in layout) < seats - len(players):
                raise RulesError("these tables cannot seat every participant with 2 to 5 at each table")
        else:
            layout = layout_for(len(players), options["free"], options["boards"], options["content"])
        return TournamentState(self, players, options, seed, layout)

    def render(self, state, ctx: RenderContext) -> str:
        from .render import render

        return render(state, ctx)

    def other_boards(self, state, ctx: RenderContext):
        from .render import other_boards

        return other_boards(state, ctx)

    def home_regions(self, state, view, players):
        """On a table's board (the one played, or another table's view), the
        regions where the races of ``players`` stand; none on the overview."""
        k = view_table(view) if view else (
            state.current if state.stage == "play" and state.current is not None and state.win is None else None)
        if k is None or not 0 <= k < len(state.tables):
            return []
        from plateau.games.smallworld import GAME as SMALL_WORLD

        return SMALL_WORLD.home_regions(state.tables[k], "", players)

    def prepare(self, state, lang):
        """Every table's board drawn ahead (a step through the history shows any of them)."""
        from plateau.games.smallworld import mapdraw

        for m in dict.fromkeys(t.map_id for t in state.tables):
            yield from mapdraw.prepare(m, lang)

    def views(self, state, lang):
        """While a table is played, its board (the default), each other table's board (looked
        at: a table's own device shows its table while another is asked) or the overview of
        every table; while players bid or choose a seat the board already is the overview."""
        if state.stage == "play" and state.current is not None and state.win is None:
            from .catalogue import t

            others = [(table_view(k), t(lang, "view.other", t=k + 1))
                      for k in range(len(state.tables)) if k != state.current]
            return [("", t(lang, "view.table", t=state.current + 1)), *others,
                    ("overview", t(lang, "view.overview"))]
        return []

    def group_view(self, group):
        return table_view(group)

    def render_view(self, state, view, ctx):
        from .render import overview, sw_render

        if view == "overview":
            return overview(state, ctx)
        k = view_table(view)
        if k is not None and k < len(state.tables):
            return sw_render(state.tables[k], ctx)
        return self.render(state, ctx)

    def render_strip(self, state, view, ctx):
        """A table's combo column on a phone, under its map (Small World's); none under the overview."""
        from .render import sw_strip

        k = view_table(view) if view else (
            state.current if state.stage == "play" and state.current is not None and state.win is None else None)
        if k is None or not 0 <= k < len(state.tables):
            return ""
        return sw_strip(state.tables[k], ctx)

    def panel(self, state, viewer, lang):
        from .render import panel

        return panel(state, viewer, lang)

    def describe_position(self, state, viewer, lang):
        """Whose turn (the status line), the turn's event and what a table
        auctions, then the table ``viewer`` is seated at (a spectator: the
        table being played) as Small World describes it — its seats, the
        players' boxes with the coins ``viewer`` may see, the races on offer,
        its regions — and one line for each other table: its seats and each
        race on its map with the regions and tokens it holds; last, how many
        tiles lie face down (never which).

        >>> s = GAME.start([f"P{i}" for i in range(6)], {}, seed=1)
        >>> GAME.describe_position(s, 0, "en")[2][:38]
        'Table 1 (Small World): 1: P0, 2: P5, 3'
        """
        from plateau.games.smallworld.position import position, sep, table_line

        from .catalogue import event_name, t
        from .render_model import board_name, lot_lines

        colon, semi = sep(lang)
        lines = [state.status(lang), t(lang, "ov.turn", n=state.turn, m=10) + colon
                 + event_name(state.event or "none", lang)]
        lines += lot_lines(state, lang)[:1]
        mine = None
        if isinstance(viewer, int):
            seat = state.seat_of[viewer]
            mine = next((k for k, seats in enumerate(state.table_seats) if seat in seats), None)
        elif state.stage == "play" and state.current is not None and state.win is None:
            mine = state.current
        order = ([mine] if mine is not None else []) + [k for k in range(len(state.tables)) if k != mine]
        for k in order:
            seats = ", ".join(f"{s}: " + (state.players[state.occupant[s]] if state.occupant[s] is not None
                                          else t(lang, "seat.free")) for s in state.table_seats[k])
            head = t(lang, "panel.table", t=k + 1, board=board_name(state, k, lang), seats=seats)
            if k == mine:
                lines.append(head)
                lines += position(state.tables[k], viewer, lang)[1:]
            else:
                lines.append(head + semi + table_line(state.tables[k], lang))
        piles = ", ".join(t(lang, "panel.pile", t=k + 1, k=len(tb.pile)) for k, tb in enumerate(state.tables))
        lines.append(t(lang, "panel.tiles", piles=piles, k=len(state.reserve)))
        return lines

    def public_move_text(self, text, revealed):
        bid = read_bid(text)
        if bid is not None and not revealed:
            return "bid:?" if bid[0] is None else f"bid:{bid[0]}:?"  # who bid is public, not how much
        return text

    def describe_move(self, state_before, move_text, viewer=None, lang="fr"):
        from .catalogue import t

        ti, rest = at_table(move_text)  # revision 2: a move at another table
        if ti is not None and ti < len(state_before.tables):
            from plateau.games.smallworld.describe import describe

            return describe(state_before.tables[ti], rest, lang)
        head, _, arg = move_text.partition(":")
        bid = read_bid(move_text)
        if bid is not None:
            bidder = state_before.bidder_of(move_text)
            bidder = state_before.to_play if bidder is None else bidder
            if viewer is None or viewer == bidder:
                return t(lang, "bid", k=bid[1])
            return t(lang, "log.bid", p=state_before.players[bidder])
        if head == "seat":
            return t(lang, "seat", s=arg)
        if move_text == "reserved":
            return t(lang, "target.reserved")
        if head == "pendant":
            return t(lang, "move." + arg)
        if state_before.current is not None and state_before.stage == "play":
            from plateau.games.smallworld.describe import describe

            return describe(state_before.tables[state_before.current], move_text, lang)
        return move_text

    says_turn_gain = True

    def turn_gain(self, before, after, player, lang):
        """What the move scored for ``player`` on any table (the end of their
        turn), in the words of Small World; "" if nothing."""
        from plateau.games.smallworld.catalogue import turn_gain

        logs = [e for tb, ta in zip(before.tables, after.tables) for e in ta.log if e[0] > tb.seq]
        return turn_gain(logs, player, after.players, lang)

    def glossary(self, state, lang):
        """Small World's glossary: an auctioned combo's race and power first,
        then the table being played (every table between slots)."""
        from plateau.games.smallworld.catalogue import explain, glossary, t

        pairs = []
        if state.stage == "auction" and state.bidder is not None:
            lot = state.auction_lot(state.auction_tables[state.auction_table])
            if lot[0] == "combo":
                pairs += [e for e in (explain(k, lang) for k in lot[1:]) if e]
        tables = [state.tables[state.current]] if state.stage == "play" and state.current is not None \
            else state.tables
        for tb in tables:
            pairs += [e for e in glossary(tb, lang) if e not in pairs]
        return t(lang, "glossary.title"), pairs

    def click_hint(self, state, clicks, lang):
        """What the next click does on the table being played (Small World's hint)."""
        if state.stage != "play" or state.current is None:
            return ""
        from plateau.games.smallworld.catalogue import click_hint

        return click_hint(state.tables[state.current], clicks, lang)

    def move_author(self, state_before, players, lang="fr", move_text=None):
        """The participant, with the table the move is played at (a table's
        turn or its auction); choosing a seat or a Pendant belongs to no table.
        A move written ``@t<table>`` (revision 2: a table that plays while
        another is asked first) is its own table's player's."""
        from .catalogue import t

        who = players[state_before.to_play]
        table = None
        at = _at_table(state_before, move_text)
        bidder = state_before.bidder_of(move_text or "")
        if bidder is not None:  # revision 4: any table's bidder, the seat written in the bid
            ti = state_before.seat_table[state_before.seat_of[bidder]]
            return f"{t(lang, 'table', t=ti + 1)} · {players[bidder]}"
        if at is not None:
            table = at
            who = players[state_before.tables[at].to_play]
        elif state_before.stage == "play" and state_before.current is not None:
            table = state_before.current
        elif state_before.stage == "auction":
            table = state_before.auction_tables[state_before.auction_table]
        return f"{t(lang, 'table', t=table + 1)} · {who}" if table is not None else who

    def mover_of(self, state_before, move_text):
        """A bid's bidder (revision 4: any table's, by the seat in the bid), a
        move written ``@t<table>``'s table player, else the one to play."""
        bidder = state_before.bidder_of(move_text)
        if bidder is not None:
            return bidder
        at = _at_table(state_before, move_text)
        if at is not None:
            return state_before.tables[at].to_play
        return state_before.to_play

    def line_alike(self, state_before, move_text):
        return not move_text.startswith("bid:")  # a bid's amount is its bidder's until the review

    def move_line(self, state_before, move_text, players, viewer=None, lang="fr"):
        from plateau.games.smallworld.describe import sentence

        from .catalogue import t

        who = self.move_author(state_before, players, lang, move_text)
        head, _, arg = move_text.partition(":")
        bid = read_bid(move_text)
        if bid is not None:  # the amount only for its bidder (and in the review of a finished game)
            bidder = state_before.bidder_of(move_text)
            seen = viewer is None or viewer == (state_before.to_play if bidder is None else bidder)
            return f"{who} {t(lang, 'line.bid', k=bid[1]) if seen else t(lang, 'line.bid_hidden')}"
        if head == "seat":
            return f"{who} {t(lang, 'line.seat', s=arg)}"
        if move_text == "reserved":
            return f"{who} {t(lang, 'line.reserved')}"
        return sentence(who, self.move_label(state_before, move_text, viewer, lang))

    def target_label(self, target, lang):
        from .catalogue import t

        m = re.match(r"b(\d+)$", target)
        if m:
            return t(lang, "bid", k=int(m.group(1)))
        m = re.match(r"seat(\d+)$", target)
        if m:
            return t(lang, "seat", s=int(m.group(1)))
        key = "target." + target
        if key in CATALOGUE.get(lang, CATALOGUE["fr"]):
            return t(lang, key)
        from plateau.games.smallworld import GAME as SW

        return SW.target_label(target, lang)


GAME = Arkhanis()
