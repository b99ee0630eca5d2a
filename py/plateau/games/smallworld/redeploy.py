"""Small World's redeployment (rules notes §1.5, "Redeploy"): the River
emptied, tokens put down and moved, the end of the redeployment and what
follows it (Diplomat's peace, the score). Functions of the position ``st``;
what may be played is :meth:`SmallWorldState.redeploy_moves`.
"""

from __future__ import annotations

from . import turn_end
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
                    st.clear_region(r)
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
            st.check_gone(rid)
        st.main_part()
        return
    st.call(rid, "redeployed")
    if st.pending:
        st.pending[-1].setdefault("then", Step.AFTER_REDEPLOY)
        return
    after(st)


def after(st):
    rid = st.acting
    p = st.cur
    if st.able(rid, "names_peace"):
        cands = st.peace_candidates(p)
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
