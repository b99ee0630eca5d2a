"""Small World positions for tests, built on the printed maps through a few
named steps instead of writing the state's lists and records by hand:

* :func:`fresh` — a new table, its map emptied;
* :func:`give` — a race record for a player, with its regions and tokens;
* :func:`region` / :func:`empty` — who holds a region and with how many tokens;
* :func:`turn` — fields of the turn under way (a :class:`Turn`: a misspelt
  field is an error);
* :func:`phase`, :func:`decision`, :func:`no_decisions` — where the turn
  stands (its step stack, steps.py): its phase (a :class:`Phase`) and a
  decision waiting on it (a kind the ruleset knows, the turn going on at a
  :class:`Step` once it is taken);
* :func:`begin`, :func:`finish_turn`, :func:`put`, :func:`coins`.
"""

from __future__ import annotations

from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld import steps
from plateau.games.smallworld.records import Phase, Race, Resume, Step
from plateau.games.smallworld.rules import EMPTY, LT

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


def region(s, r, owner, tokens):
    """Region ``r`` held by ``owner`` (a race record's id, ``LT`` for a
    Lost Tribe or ``EMPTY``) with ``tokens`` tokens."""
    if owner not in (EMPTY, LT) and owner not in s.recs:
        raise KeyError(f"no race record {owner!r} on this table")
    if (owner == EMPTY) != (tokens == 0):
        raise ValueError(f"region {r}: an empty region has no tokens, a held one has some")
    s.owner[r] = owner
    s.tok[r] = tokens
    return s


def empty(s, *regions):
    """The regions emptied of whoever held them."""
    for r in regions:
        region(s, r, EMPTY, 0)
    return s


def turn(s, **fields):
    """Set fields of the turn under way (``turn(s, ghoul=True)``)."""
    for k, v in fields.items():
        s.tp[k] = v
    return s


def phase(s, ph):
    """The turn's phase, a :class:`Phase` (or its value)."""
    s.phase = Phase(ph)
    return s


def decision(s, kind, p, then=None, **data):
    """A decision of ``kind`` player ``p`` must take before play goes on,
    the turn going on at the :class:`Step` ``then`` (``"picked:2"``: the
    step with its argument) once the decisions waiting are taken."""
    if kind not in s.ruleset.pending:
        raise KeyError(f"no decision {kind!r} in this table's rules")
    step = None if then is None else Resume.parse(then)  # (a step that does not exist is a ValueError)
    s.push(kind, p, **data)
    if step is not None:
        steps.wait(s, step.step, step.arg)
    return s


def no_decisions(s):
    """The decisions waiting are dropped (and what the turn would resume after them): its phase is left."""
    del s.stack[1:]
    return s


def coins(s, p, n):
    """Player ``p`` holds ``n`` coins."""
    s.coins[p] = n
    return s


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
