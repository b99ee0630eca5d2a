"""What a Small World table holds and gives back (rules notes §1.3–§1.5):
a race's tokens on the map and off it, the markers left in the box, a
region emptied, a race leaving the board. Functions of the position ``st``
(a ``SmallWorldState``).
"""

from __future__ import annotations

from .records import EMPTY

#: how many of each piece the box holds (§1.1)
SUPPLY = {"lost_tribe": 18, "lair": 10, "fortress": 6, "mountain": 9, "camp": 5, "hole": 2,
          "hero": 2, "dragon": 1}


def take_off(st, rid, k):
    """Take ``k`` of race ``rid``'s tokens off the board until its next
    turn: from its hand first, then one at a time from its largest stack
    (the lowest region first), never the last token of a region. Returns
    how many could not be taken."""
    rec = st.recs[rid]
    take = min(k, rec.hand)
    rec.hand -= take
    k -= take
    while k > 0:
        held = sorted(st.regions_of(rid), key=lambda r: (-st.tok[r], r))
        if not held or st.tok[held[0]] <= 1:
            break
        st.tok[held[0]] -= 1
        k -= 1
    return k


def on_board(st, rid):
    return sum(st.tok[r] for r in range(st.R) if st.owner[r] == rid)


def supply_left(st, kind):
    used = {"lair": sum(st.lair), "fortress": sum(st.fort), "camp": sum(st.camp),
            "hole": sum(st.hole), "hero": sum(st.hero)}[kind]
    return SUPPLY[kind] - used


def race_tokens_on_board(st, p):
    rids = ([st.active[p]] if st.active[p] is not None else []) + st.declined[p]
    return sum(on_board(st, rid) for rid in rids)


def vanish(st, rid):
    """A race leaves the board: its tokens go back, its banner to the
    bottom of the banner stack (§1.3)."""
    rec = st.recs.pop(rid)
    for r in range(st.R):
        if st.owner[r] == rid:
            clear_region(st, r)
    p = rec.p
    if st.active[p] == rid:
        st.active[p] = None
    if rid in st.declined[p]:
        st.declined[p].remove(rid)
    st.banners.append(rec.race)
    if rec.power is not None and (not rec.dec or rec.power in st.ruleset.keep_badge):
        st.discard.append(rec.power)
    st.defq = [d for d in st.defq if d != rid]
    st.ev("vanish", p=p, race=rec.race)
    st.refill()


def clear_region(st, r):
    st.owner[r] = EMPTY
    st.tok[r] = 0
    st.lair[r] = False
    st.fort[r] = False
    st.camp[r] = 0
    st.hole[r] = False
    st.hero[r] = False
    if st.dragon == r:
        st.dragon = -1
    for f in st.ruleset.clear:
        f(st, r)


def check_gone(st, rid):
    rec = st.recs[rid]
    if rec.dec and not st.regions_of(rid) and rec.hand == 0:
        vanish(st, rid)
