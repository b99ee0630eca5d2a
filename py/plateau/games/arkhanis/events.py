"""The events of the Arkhanis tournament (seed §3, rules notes §3.2, §4).

An event is revealed at the start of every turn, the first included, and
lasts that turn on every table. The organiser fixes the schedule before the
game (or lets Plateau draw one from the game's seed); nobody sees a turn's
event before it starts.

Three cards of *Tales & Legends* whose effect is recorded in the notes (§4):
the Forbidden Forest, the Golden Age, the Art of Combos. The others are
Plateau's own events of the same kinds (the notes' catalogue of kinds: a
terrain closed to conquest, no decline, bonus tokens for new races, cheaper
conquests, an auction for a combo or for coins); the rules page names them
as such.

Each event is data (``EVENTS``) read by small functions the turn engine
calls: ``closed`` terrains (a region with that feature cannot be conquered),
``no_decline``, ``bonus`` tokens for a race picked this turn, ``cheaper``
conquests, ``auction`` (``combo``: the bottom combo of the table's column is
set aside for the winner; ``coins``: the bank pays the winner ``prize``).
"""

from __future__ import annotations

from plateau.games.smallworld.ruleset import Ruleset

EVENTS = {
    "none": {},
    "forbidden_forest": {"closed": ("forest",), "source": "tales"},
    "golden_age": {"no_decline": True, "source": "tales"},
    "art_of_combos": {"auction": "combo", "source": "tales"},
    "avalanche": {"closed": ("mountain",)},
    "flood": {"closed": ("swamp", "river")},
    "new_blood": {"bonus": 3},
    "forced_march": {"cheaper": 1},
    "royal_treasure": {"auction": "coins", "prize": 5},
    "long_winter": {"closed": ("farmland", "hill")},
}
#: events an organiser may pick, in the order the setup lists them
ORDER = tuple(EVENTS)


def is_auction(event: str) -> bool:
    return "auction" in EVENTS.get(event, {})


def draw_schedule(rng, turns: int, mode=None) -> list[str]:
    """A schedule drawn from the game's seed: ``mode`` "none" gives no event;
    otherwise one event per turn, at least one of them an auction, no event
    twice in a row."""
    if mode == "none":
        return ["none"] * turns
    pool = [e for e in ORDER if e != "none"]
    while True:
        out = []
        for _ in range(turns):
            choices = [e for e in pool if not out or e != out[-1]]
            out.append(choices[rng.below(len(choices))])
        if any(is_auction(e) for e in out):
            return out


#: a turn of the organiser's schedule left to Plateau: drawn from the game's seed, hidden like the others
DRAWN = "drawn"


def parse_schedule(text: str, turns: int) -> list[str]:
    """An organiser's schedule written as event ids separated by commas
    (``drawn`` for a turn whose event Plateau draws)."""
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != turns:
        raise ValueError(f"the schedule needs {turns} events, one per turn, not {len(parts)}")
    for p in parts:
        if p not in EVENTS and p != DRAWN:
            raise ValueError(f"unknown event {p!r}")
    return parts


def fill_schedule(rng, schedule: list[str]) -> list[str]:
    """The organiser's schedule with its ``drawn`` turns drawn from the seed:
    no event twice in a row, and at least one auction in the tournament when
    the organiser fixed none and left some turn to Plateau. A schedule
    without ``drawn`` turns is returned as it is (no draw)."""
    if DRAWN not in schedule:
        return list(schedule)
    pool = [e for e in ORDER if e != "none"]
    need_auction = not any(is_auction(e) for e in schedule)
    while True:
        out = list(schedule)
        for i, e in enumerate(out):
            if e != DRAWN:
                continue
            near = {out[i - 1] if i else None, out[i + 1] if i + 1 < len(out) else None}
            choices = [x for x in pool if x not in near] or pool
            out[i] = choices[rng.below(len(choices))]
        if not need_auction or any(is_auction(e) for e in out):
            return out


def _event(st, p=None):
    """The turn's event as it applies to player ``p`` (the player whose turn
    it is by default): nothing for a Moonstone Pendant's owner who chose to
    ignore it."""
    tour = getattr(st.clock, "tour", None)
    if tour is None or not tour.event:
        return {}
    if (st.cur if p is None else p) in tour.immune:
        return {}
    return EVENTS.get(tour.event, {})


def may_decline(table) -> bool:
    return not _event(table).get("no_decline")


def on_pick(table, rid) -> None:
    """Bonus tokens for a race picked this turn (from the table's tray)."""
    k = _event(table, table.recs[rid].p if rid is not None else None).get("bonus")
    if k and rid is not None:
        rec = table.recs[rid]
        k = min(k, table.tray(rid))
        if k > 0:
            rec.hand += k
            table.ev("bonus_tokens", p=rec.p, n=k)


def auction_won(tour, table, p, bid) -> None:
    ev = EVENTS[tour.event]
    if ev["auction"] == "coins":
        tour.coins[p] += ev["prize"]
    elif ev["auction"] == "combo" and table.column:
        combo = table.column.pop()
        reserved = tour.reserved[table.clock.index]
        if p in reserved:  # won again before using the first: that one goes back under the column
            table.column.append(reserved.pop(p))
        reserved[p] = combo
        table.refill()


def _closed(st, rid, r):
    closed = _event(st, st.recs[rid].p).get("closed")
    return bool(closed) and any(t in st.feat[r] for t in closed)


def _cheaper(st, rid, r):
    return -_event(st, st.recs[rid].p).get("cheaper", 0)


#: the events' region-level rules, in the tournament's tables' ruleset only
RULES = Ruleset(protect=(_closed,), cost=(_cheaper,))

#: a table's own log (its board's list of events) tells its auction from revision 4: Small World's
#: words are looked up, so new keys only
TABLE_LOG = {
    "fr": {
        "ev.auction_combo": "Enchère de la table : {p} remporte {race} {power} pour {bid} {bid:@pièce|pièces} "
                            "(mises révélées : {bids}).",
        "ev.auction_coins": "Enchère de la table : {p} remporte {n} pièces de la banque pour {bid} "
                            "{bid:@pièce|pièces} (mises révélées : {bids}).",
        "ev.auction_nothing": "Enchère de la table : {p} paie {bid} {bid:@pièce|pièces} pour rien, la colonne est "
                              "vide (mises révélées : {bids}).",
        "ev.auction_none": "Enchère de la table : personne ne l'emporte (mises révélées : {bids}).",
        "ev.auction_tie": "Égalité à {bid} : {p} l'emporte (le plus petit, puis la plus petite place).",
    },
    "en": {
        "ev.auction_combo": "This table's auction: {p} wins {race} {power} for {bid} {bid:@coin|coins} "
                            "(bids revealed: {bids}).",
        "ev.auction_coins": "This table's auction: {p} wins {n} coins from the bank for {bid} {bid:@coin|coins} "
                            "(bids revealed: {bids}).",
        "ev.auction_nothing": "This table's auction: {p} pays {bid} {bid:@coin|coins} for nothing, the column is "
                              "empty (bids revealed: {bids}).",
        "ev.auction_none": "This table's auction: nobody wins (bids revealed: {bids}).",
        "ev.auction_tie": "A tie at {bid}: {p} wins (the shortest, then the lowest seat).",
    },
}


def _table_words():
    from plateau.games.smallworld.catalogue import CATALOGUE as SWC

    for lang in ("fr", "en"):
        SWC[lang].update(TABLE_LOG[lang])


_table_words()
