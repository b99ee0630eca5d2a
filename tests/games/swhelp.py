"""Small World test helpers: build small positions on the printed maps."""

from __future__ import annotations

from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld.records import Race
from plateau.games.smallworld.rules import EMPTY

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def fresh(n=2, seed=0, clear=True, **opts):
    s = GAME.start(NAMES[:n], opts, seed)
    if clear:
        for r in range(s.R):
            s.owner[r] = EMPTY
            s.tok[r] = 0
    return s


def give(s, p, race, power, regions, dec=False, hand=0):
    """Put a race record for player ``p`` on the board."""
    rid = s.next_rid
    s.next_rid += 1
    s.recs[rid] = Race(rid, p, race, power, dec=dec, hand=hand, spirit=power == "spirit")
    for r, k in regions.items():
        s.owner[r] = rid
        s.tok[r] = k
    if dec:
        s.declined[p].append(rid)
    else:
        s.active[p] = rid
    return rid


def begin(s, p):
    """Start player ``p``'s turn now."""
    s.cur = p
    s.start_turn()
    return s


def texts(s):
    return [m.text for m in s.legal_moves()]


def finish_turn(s):
    """Play out the current turn with the first legal choices that end it."""
    p = s.cur
    turn = s.turn
    for _ in range(500):
        if s.is_over() or (s.cur != p or s.turn != turn):
            return s
        ts = texts(s)
        for pref in ("end", "done", "nopeace", "pass"):
            if pref in ts:
                s.play(pref)
                break
        else:
            s.play(ts[0])
    raise AssertionError("turn did not end")


def put(s, r, item):
    """Put the place or relic ``item`` on region ``r``, as if found there."""
    if item in C.RELIC_SET:
        s.relic[r] = item
    else:
        s.place[r] = item
    s.found += 1
