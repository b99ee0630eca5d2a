"""Small World's redeployment (rules notes §1.5, "Redeploy"): the River
emptied, tokens put down and moved, the end of the redeployment and what
follows it (Diplomat's peace, the score). Functions of the position ``st``;
what may be played is :func:`moves`.
"""

from __future__ import annotations


from . import region_moves as RM
from . import steps, supply, turn_end, turn_start
from .clock import PLAIN
from .records import Phase, Step


def begin(st):
    """The acting race ends its conquests: River regions are emptied (§2) and
    its redeployment starts."""
    rid = st.acting
    rec = st.recs[rid]
    st.phase = Phase.REDEPLOY
    st.tp.roll = None
    if st.rev >= 1:  # what gave and what received in this redeployment (redeploy_moves)
        st.tp.rd = {"from": [], "to": []}
    # River regions are emptied (§2), unless something lets the race stay
    if any(st.river):
        stay = any(f(st, rid) for f in st.hook(rid, "river_stay"))
        if not stay:
            for r in st.regions_of(rid):
                if st.river[r]:
                    rec.hand += st.tok[r]
                    supply.clear_region(st, r)
                    st.ev("river", p=rec.p, r=r)
    for h in st.hook(rid, "redeploy", items=False):
        h(st, rid)


def note(st, kind, a=None, b=None):
    """Note (from rules revision 1) that region ``a`` gave and region ``b``
    received a token (``kind`` ""), a camp ("camp_") or a hero ("hero_")."""
    rd = st.tp.rd if st.phase == Phase.REDEPLOY and st.rev >= 1 else None
    if rd is None:
        return
    for key, r in ((kind + "from", a), (kind + "to", b)):
        if r is not None:
            got = rd.setdefault(key, [])
            if r not in got:
                got.append(r)


def end(st):
    rid = st.acting
    rec = st.recs[rid]
    if st.tp.ghoul:
        if not st.regions_of(rid):
            rec.hand = 0
            supply.check_gone(st, rid)
        turn_start.main_part(st)
        return
    st.call(rid, "redeployed")
    if steps.wait(st, Step.AFTER_REDEPLOY):  # (the Scepter to place first)
        return
    after(st)


def after(st):
    rid = st.acting
    p = st.cur
    if st.able(rid, "names_peace"):
        cands = turn_end.peace_candidates(st, p)
        if cands:
            st.phase = Phase.DIPLOMAT
            return
    turn_end.score_and_finish(st)


def put(st, arg):
    r = int(arg)
    st.recs[st.acting].hand -= 1
    st.tok[r] += 1


def put_all(st, arg):
    r = int(arg)
    rec = st.recs[st.acting]
    st.tok[r] += rec.hand
    rec.hand = 0


def move_one(st, arg):
    a, b = (int(x) for x in arg.split("-"))
    st.tok[a] -= 1
    st.tok[b] += 1
    note(st, "", a, b)


def take_back(st, arg):
    r = int(arg)
    st.recs[st.acting].hand += st.tok[r] - 1
    st.tok[r] = 1
    note(st, "", a=r)


def moves(st):
    """The redeployment's moves. From rules revision 1 a redeployment
    always ends (rules help, "Redeploy"): a region that gave tokens
    (``mv`` from it, ``back``) receives none again this redeployment, and
    one a token was moved to (``mv``) gives none; encampments and heroes
    likewise (a region that lost one does not get one back, one that got
    one does not lose it). Tokens in hand go anywhere not left. So
    ``back`` happens at most once per region and every ``mv`` sends a
    token for good. ``back:R`` takes all of R's tokens but
    one back in hand, to put them elsewhere. Revision 0 keeps the older
    moves (any token back and forth), so that older records replay."""
    rid = st.acting
    rec = st.recs[rid]
    held = st.regions_of(rid)
    out = first_moves(st, held)
    if rec.hand > 0 and held:
        return out
    return out + rest(st, rid, held)


def rest(st, rid, held):
    """The redeployment's moves after the tokens' (:func:`first_moves`,
    none of which is ``done``) once no token is left in hand: the race's
    markers, its other moves and ``done``."""
    out = []
    for f in st.hook(rid, "redeploy_moves", items=False):  # markers of a power (fortress, camps, heroes)
        out.extend(f(st, rid, held))
    for f in st.hook(rid, "moves"):
        out.extend(f(st, rid))
    if not any(f(st, rid) for f in st.hook(rid, "hold", items=False)):
        out.append(RM.DONE)
    return out


def first_moves(st, held=None):
    """The first moves of :func:`moves`: the tokens in hand put
    down (then they are all of it), or tokens moved between regions."""
    rid = st.acting
    if held is None:
        held = st.regions_of(rid)
    hand, gave, got, rd = marks(st, rid)
    out = []
    RM.covering(st.R)
    if hand > 0 and held:
        for r in put_to(held, gave):
            out.extend(put_moves(r, hand))
        return out
    for a in held:
        if may_give(st, a, got):
            to = receivers(a, held, gave)
            out += map(RM.mv_row(a).__getitem__, to)
            if rd is not None and to:
                out.append(RM.BACK[a])
    return out


# the redeployment's rules, shared by the list of moves and the replay's check of one
def marks(st, rid):
    """Tokens in hand, the regions that gave and got tokens this
    redeployment (revision 1; none before), and its record of moves."""
    rd = st.tp.rd if st.rev >= 1 else None
    return st.recs[rid].hand, set(rd["from"]) if rd else set(), set(rd["to"]) if rd else set(), rd


def put_to(held, gave):
    """Where tokens in hand go: a region that gave none, or any when all did."""
    return [r for r in held if r not in gave] or held


def put_moves(r, hand):
    """One token put in ``r``, and, with more than one in hand, all of them
    (``r`` within the tables: ``region_moves.covering``)."""
    one = RM.PUT[r]
    return [one, RM.ALL[r]] if hand > 1 else [one]


def may_give(st, a, got):
    """Region ``a`` may send a token elsewhere: it keeps one, and got none."""
    return st.tok[a] > 1 and a not in got


def receivers(a, held, gave):
    """The regions of ``held`` that may receive a token from ``a``: the
    others, that gave none."""
    return [b for b in held if b != a and b not in gave]


# -- a move's text checked on its own (``SmallWorldState.move_from_text``) --
def quick(st, text):
    """A move of tokens in the redeployment (``put:R``, ``all:R``,
    ``mv:A-B``, ``back:A``) checked on its own regions: the move
    :func:`first_moves` would list (each of its texts is there once),
    or ``None`` (then the full list decides)."""
    if st.stack[-1] is not Phase.REDEPLOY or st.win is not None or st.acting not in st.recs:
        return None
    head, _, arg = text.partition(":")
    parts = arg.split("-") if head == "mv" else [arg]
    if len(parts) != (2 if head == "mv" else 1) or not all(x.isdigit() and str(int(x)) == x for x in parts):
        return None
    regions = [int(x) for x in parts]
    rid = st.acting
    held = st.regions_of(rid)
    if any(r not in held for r in regions):
        return None
    hand, gave, got, rd = marks(st, rid)
    a = regions[0]
    RM.covering(st.R)
    if hand > 0:  # (held is not empty: a is in it)
        if head == "put" or (head == "all" and hand > 1):
            return put_moves(a, hand)[0 if head == "put" else 1] if a in put_to(held, gave) else None
        return None
    if head not in ("mv", "back") or not may_give(st, a, got):
        return None
    if head == "mv":
        b = regions[1]
        return RM.mv_row(a)[b] if b in receivers(a, held, gave) else None
    if rd is not None and receivers(a, held, gave):
        return RM.BACK[a]
    return None


def quick_done(st):
    """``done`` in the redeployment, checked without the tokens' moves
    (many on a large board): the move ``legal_moves`` would give, or
    ``None`` (then the full list decides)."""
    if st.stack[-1] is not Phase.REDEPLOY or st.win is not None or st.acting not in st.recs:
        return None
    rid = st.acting
    held = st.regions_of(rid)
    if st.recs[rid].hand > 0 and held:
        return None
    m = next((m for m in rest(st, rid, held) if m.text == "done"), None)
    if m is None or st.clock is PLAIN:
        return m
    return next((x for x in st.clock.more_moves(st, [m]) if x.text == "done"), None)
