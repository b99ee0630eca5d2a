"""Small World's conquests (rules notes §1.4, §2): a region taken, the
reinforcement die, the Berserk roll, a region abandoned, a Monster's tile
found. Functions of the position ``st`` (a ``SmallWorldState``), called by
the turn engine for its moves and by the races', powers' and items' effects.
"""

from __future__ import annotations

from . import redeploy
from .records import EMPTY, LT

DIE_FACES = (0, 0, 0, 1, 2, 3)  # the reinforcement die
_NONE: dict = {}


def occupied(st, r):
    """A Monster or a race token (Lost Tribe included) is there (§1.4, §2)."""
    return (st.owner[r] != EMPTY and st.tok[r] > 0) or st.monster[r] > 0


def take(st, rid, r, placed, how="c"):
    """Region ``r`` changes hands: defender losses, markers, hooks."""
    p = st.recs[rid].p
    o = st.owner[r]
    nonempty = occupied(st, r)
    if o == LT:
        pass
    elif o >= 0:
        orec = st.recs[o]
        lost = 1
        for f in st.hook(o, "losses", items=False):
            k = f(st, o, r, rid)
            if k is not None:
                lost = min(lost, k)
        if how == "sorc":
            lost = st.tok[r]
        elif how == "free":  # the defender takes every token back (Stinky Troll's Socks)
            lost = 0
        lost = min(lost, st.tok[r])
        back = st.tok[r] - lost
        orec.hand += back
        if orec.p != p and not orec.dec and orec.p not in st.tp.attacked:
            st.tp.attacked.append(orec.p)
        st.ev("lose", p=orec.p, race=orec.race, r=r, lost=lost, back=back)
        if back > 0 and o not in st.defq:
            st.defq.append(o)
    owner_before = o
    # markers that belong to the region's holder go away
    st.lair[r] = False
    st.fort[r] = False
    st.camp[r] = 0
    for f in st.ruleset.clear_on_conquest:
        f(st, r)
    st.owner[r] = rid
    st.tok[r] = placed
    st.tp.conq.append([r, nonempty])
    st.tp.conq_rid[r] = rid
    monsters = st.monster[r]
    if monsters:
        st.monster[r] = 0
        st.ev("monster", p=p, r=r, n=monsters)
    if owner_before >= 0 and owner_before in st.recs:
        for f in st.hook(owner_before, "lost", items=False):
            f(st, owner_before, r, rid)
    for f in st.hook(rid, "on_conquer", items=False):
        f(st, rid, r)
    if monsters and not st.special[r]:
        discover(st, rid, r)
    elif monsters and st.special[r]:
        sp = st.ruleset.hooks.get(st.special[r], _NONE).get("beaten")
        if sp:
            sp(st, rid, r)
    if owner_before >= 0 and owner_before in st.recs:
        st.check_gone(owner_before)


def discover(st, rid, r):
    """A Monster region is conquered: the top tile of the pile lands there
    and acts at once (§2)."""
    if not st.pile:
        return
    item = st.pile.pop(0)
    if item in st.ruleset.relics:
        st.relic[r] = item
    else:
        st.place[r] = item
    st.found += 1
    st.ev("found", p=st.recs[rid].p, r=r, item=item)
    f = st.ruleset.hooks.get(item, _NONE).get("found")
    if f:
        f(st, rid, r)


def first_action(st):
    st.tp.fresh = False


def conquer(st, r):
    rid = st.acting
    rec = st.recs[rid]
    roll = st.tp.roll
    need = st.need(rid, r, roll)
    st.tp.roll = None
    rec.hand -= need
    st.ev("conquer", p=rec.p, race=rec.race, r=r, cost=need)
    take(st, rid, r, need)


def die(st, r, cost=None, how="c"):
    """The final conquest with the reinforcement die; ``cost`` and
    ``how`` when a relic changes what the region costs or what the
    defender loses."""
    rid = st.acting
    rec = st.recs[rid]
    c = st.cost(rid, r) if cost is None else cost
    face = DIE_FACES[st.rng.below(6)]
    hand = rec.hand
    ok = hand + face >= c
    st.tp.die = [r, face, ok]
    st.ev("die", p=rec.p, race=rec.race, r=r, cost=c, hand=hand, face=face, ok=ok)
    if ok:
        rec.hand = 0
        take(st, rid, r, hand, how)
    redeploy.begin(st)


def roll(st):
    rid = st.acting
    rec = st.recs[rid]
    face = DIE_FACES[st.rng.below(6)]
    st.tp.roll = face
    st.ev("roll", p=rec.p, face=face)
    hand = rec.hand
    if not any(st.need(rid, r, face) <= hand for r in st.targets(rid)):
        # a conquest the roll cannot complete is the last one
        st.tp.roll = None
        st.ev("berserk_stop", p=rec.p)
        redeploy.begin(st)


def abandon(st, r):
    rid = st.acting
    rec = st.recs[rid]
    rec.hand += st.tok[r]
    st.clear_region(r)
    st.ev("abandon", p=rec.p, r=r)
