"""The start of a Small World turn (rules notes §1.2–§1.3): troops readied
for the conquests, a combo's ``picked`` effects. Functions of the position
``st`` (a ``SmallWorldState``); ``SmallWorldState.start_turn`` begins here.
"""

from __future__ import annotations

from . import steps
from .records import Phase, Step


def main_part(st):
    p = st.cur
    st.tp.ghoul = False
    st.tp.fresh = True
    st.tp.die = None
    rid = st.active[p]
    if rid is None:
        st.phase = Phase.PICK
        st.acting = None
        return
    begin_conquer(st, rid)


def begin_conquer(st, rid):
    """Ready troops: all but one token of each region go to hand;
    Amazons' 4 come back (§1.2, §1.8)."""
    rec = st.recs[rid]
    st.acting = rid
    st.phase = Phase.CONQUER
    readied = {}
    for r in st.regions_of(rid):
        if st.tok[r] > 1:
            readied[r] = st.tok[r] - 1
            rec.hand += st.tok[r] - 1
            st.tok[r] = 1
    st.tp.readied = readied
    if rec.parked:
        rec.hand += rec.parked
        rec.parked = 0
    st.tp.roll = None
    st.clock.conquest_starting(st, rid)


def picked(st, rid, start):
    """The ``picked`` hooks in turn; one that asks a decision (``push``)
    pauses the others until it is taken (Shadow Mimes' swap comes
    before the power's own ``picked``)."""
    hs = st.hook(rid, "picked")
    for i in range(start, len(hs)):
        hs[i](st, rid)
        if steps.wait(st, Step.PICKED, i + 1):
            return
