"""Small World's conquests (rules notes §1.4, §2): a region taken, the
reinforcement die, the Berserk roll, a region abandoned, a Monster's tile
found. Functions of the position ``st`` (a ``SmallWorldState``), called by
the turn engine for its moves and by the races', powers' and items' effects.
"""

from __future__ import annotations


from . import redeploy, supply
from . import region_moves as RM
from .clock import PLAIN
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
        supply.check_gone(st, owner_before)


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
    supply.clear_region(st, r)
    st.ev("abandon", p=rec.p, r=r)


def immune(st, r):
    return st.hole[r] or st.hero[r] or st.dragon == r


def immune_to(st, p, r):
    """Region ``r`` is immune against player ``p`` (rules notes §2
    "Immunity"): a hole, a hero, the dragon, and the region-level
    ``immune`` table of the ruleset (an opponent's Queen or Great Ancient, the Ghost, the
    Balrog). Neither his conquests nor his powers, places and relics
    touch it."""
    if immune(st, r):
        return True
    return any(f(st, p, r) for f in st.ruleset.immune)


def power_proof(st, p, r):
    """True when player ``p`` may not use a racial or special power, a
    place or a relic to conquer or touch region ``r`` (the ``powerproof`` table:
    Gnomes during other players' turns, rules notes §2.1)."""
    for f in st.ruleset.powerproof:
        if f(st, p, r):
            return True
    return False


def protected_from(st, rid, r):
    """True when the acting race may not touch region ``r`` at all."""
    o = st.owner[r]
    if o == rid:
        return True
    if st.chasm[r]:
        return True
    for f in st.ruleset.protect:
        if f(st, rid, r):
            return True
    if o >= 0:
        if immune(st, r):
            return True
        orec = st.recs[o]
        me = st.recs[rid].p
        if orec.p != me and not orec.dec and st.peace[orec.p] == me:
            return True
    return False


def reachable(st, rid, r, held=None):
    """May the race attempt region ``r`` (adjacency, entry, water)?
    ``held``: the race's regions, when the caller has them. Against a
    power-proof region (``power_proof``) only the plain ways count: a
    border region to enter, a neighbour later."""
    if st.chasm[r]:
        return False
    if st.water[r]:
        if not (st.able(rid, "sails") or any(f(st, rid, r) for f in st.hook(rid, "water"))):
            return False
        if proof(st, rid, r):
            return False
    if held is None:
        held = st.regions_of(rid)
    if not held:
        if st.entry[r] or st.sea_entry[r]:
            return True
        ok = any(f(st, rid, r) for f in st.hook(rid, "entry"))
        return ok and not proof(st, rid, r)
    for n in st.nbrs[r]:
        if st.owner[n] == rid:
            return True
    ok = any(f(st, rid, r, held) for f in st.hook(rid, "reach"))
    return ok and not proof(st, rid, r)


def proof(st, rid, r):
    return bool(st.ruleset.powerproof) and st.owner[r] >= 0 and power_proof(st, st.recs[rid].p, r)


def defence(st, r, rid=None):
    """What region ``r`` opposes to a conquest by race ``rid``: 2 (1 for a
    River), +1 per marker and per token there, +1 per Monster token
    (§1.4, §2), and the region-level extras (the ``defence`` table)."""
    return costs(st, rid, (r,), plain=True)[0]


def asking(st, fn, *args):
    """``fn(*args)``, a question asked of the position ``st``: asking changes
    nothing, so the hooks of each race are looked up once for all the
    regions it asks about."""
    if st._hooks_held is not None:
        return fn(*args)
    st._hooks_held = {}
    try:
        return fn(*args)
    finally:
        st._hooks_held = None


def target_list(st, rid):
    """The regions race ``rid`` may attempt: those neither
    :func:`protected_from` it nor out of its reach (:func:`reachable`).

    The two tests are written out here once for all the regions asked
    about (this list is made for every conquest move listed): what does not
    change from one region to the next (the race's player, whether it
    sails, its hooks) is looked up once. ``tests/games/test_smallworld_targets.py``
    checks the list against the two functions region by region."""
    held = st.regions_of(rid)
    reach = st.hook(rid, "reach")
    if held and not reach:
        # only a neighbour of the race's regions can be reached without a
        # ``reach`` hook; the maps' neighbours go both ways, so each of these
        # regions has one of the race's regions beside it
        nbrs = st.nbrs
        regions = sorted({n for h in held for n in nbrs[h]})
        beside = True
    elif not held and not st.hook(rid, "entry"):
        # a first conquest: a border region (a sea at the edge for a race that may go on it, tested below)
        regions = [r for r in range(st.R) if st.entry[r] or st.sea_entry[r]]
        beside = True
    else:
        regions = range(st.R)
        beside = False
    owner, chasm, water = st.owner, st.chasm, st.water
    hole, hero, dragon = st.hole, st.hero, st.dragon
    protect = st.ruleset.protect
    recs, peace = st.recs, st.peace
    me = recs[rid].p
    sails = None  # whether the race may go on water: asked at the first water region
    out = []
    for r in regions:
        # protected_from
        o = owner[r]
        if o == rid or chasm[r]:
            continue
        if protect and _any_of(protect, st, rid, r):
            continue
        if o >= 0:
            if hole[r] or hero[r] or dragon == r:
                continue
            orec = recs[o]
            if orec.p != me and not orec.dec and peace[orec.p] == me:
                continue
        # reachable
        if water[r]:
            if sails is None:
                sails = st.able(rid, "sails")
            if not (sails or _any_of(st.hook(rid, "water"), st, rid, r)) or proof(st, rid, r):
                continue
        if beside or reachable(st, rid, r, held):
            out.append(r)
    return out


def _any_of(fns, st, rid, r):
    for f in fns:
        if f(st, rid, r):
            return True
    return False


def costs(st, rid, regions, plain=False):
    """What each of ``regions`` costs race ``rid`` (§1.4, §2): what the region
    opposes — 2 (1 for a River), +1 per marker, per token there and per
    Monster token, and the region-level extras (the ``defence`` table) — then
    the race's ``cost`` hooks (no reduction against a power-proof region)
    and the region-level changes (the ``cost`` table), never below 1 when
    anything changed it. For a list of regions at once: the hooks and
    tables are looked up once. ``plain``: what the regions oppose, before
    the race's and the regions' changes (:func:`defence`)."""
    river, mountain, monster = st.river, st.mountain, st.monster
    lair, fort, camp, owner, tok = st.lair, st.fort, st.camp, st.owner, st.tok
    rs = st.ruleset
    extra, region_cost = rs.defence, rs.cost
    if plain:
        hooks, region_cost = (), ()
    else:
        hooks = st.hook(rid, "cost")
    out = []
    for r in regions:
        c = (1 if river[r] else 2) + mountain[r] + lair[r] + fort[r] + camp[r] + monster[r]
        if owner[r] != EMPTY:
            c += tok[r]
        for f in extra:
            c += f(st, r, rid)
        if hooks or region_cost:
            red = up = 0
            for h in hooks:
                k = h(st, rid, r)
                red += k
                if k > 0:
                    up += k
            if red < up and proof(st, rid, r):
                red = up  # no reduction against a power-proof region
            for h in region_cost:
                red += h(st, rid, r)
            if red:
                c = max(1, c + red)
        out.append(c)
    return out


def priced_targets(st, rid, hand, roll, berserk, out):
    """The conquests (``c:R``) and the conquests with the die (``die:R``)
    race ``rid`` may attempt with ``hand`` tokens, added to ``out``;
    returns its targets."""
    tg = target_list(st, rid)
    RM.covering(st.R)
    conquer, die = RM.CONQUER, RM.DIE
    for r, c in zip(tg, costs(st, rid, tg)):
        if roll is not None:
            if (c if proof(st, rid, r) else max(1, c - roll)) <= hand:  # ``need`` after the roll
                out.append(conquer[r])
        elif c <= hand:
            out.append(conquer[r])
        elif not berserk and c - hand <= 3:
            out.append(die[r])
    return tg


def first_moves(st):
    """The first moves ``SmallWorldState.conquer_moves`` lists: going into decline,
    abandoning a region."""
    return st.clock.allowed(st, opening_moves(st))


def opening_moves(st):
    """Going into decline, abandoning a region: the first conquest moves,
    before the clock's say."""
    rid = st.acting
    tp = st.tp
    out = []
    if tp.fresh and not tp.ghoul:
        out.append(RM.DECLINE)
    if not tp.conq and tp.die is None:
        RM.covering(st.R)
        out += map(RM.ABANDON.__getitem__, st.regions_of(rid))
    return out


def proof_filter(st, p, moves, keep_some=False):
    """Moves of a race, power, place or relic that name a region (path
    ``rN``) player ``p`` may not touch with them (``power_proof``) are
    left out; ``keep_some``: a forced choice keeps its moves rather than
    none at all."""
    if not st.ruleset.powerproof:
        return moves
    out = [m for m in moves if not any(
        len(x) > 1 and x[0] == "r" and x[1:].isdigit() and st.owner[int(x[1:])] >= 0
        and power_proof(st, p, int(x[1:])) for x in m.path)]
    return out if out or not keep_some else moves


def lone_enemy_tokens(st, rid, skip=()):
    """Regions race ``rid`` could attack that hold a single active token
    of another player (not one of the players in ``skip``): the test of
    the Vampire and of the Shiny Orb."""
    me = st.recs[rid].p
    held = st.regions_of(rid)
    out = []
    for r in range(st.R):
        o = st.owner[r]
        if o < 0 or st.tok[r] != 1:
            continue
        orec = st.recs[o]
        if orec.dec or orec.p == me or orec.p in skip:
            continue
        if protected_from(st, rid, r) or not reachable(st, rid, r, held):
            continue
        out.append(r)
    return out


def clock_allows(st, m):
    """Move ``m`` of the conquests if the clock allows it, else None."""
    return m if st.clock is PLAIN or st.clock.allowed(st, [m]) else None
