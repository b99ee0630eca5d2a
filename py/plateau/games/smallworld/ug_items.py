"""Small World Underground: the 6 relics and 9 places (rules notes §2.3), the
Magic power's Bag-o'-Many-Things (§2.2), Monsters put down by hand on a base
map (§2.4), and the random board's Golden Knight and Abominable Snow Thing
(§3.11).

Each effect is a small function hooked at a named moment (see
:mod:`content` for the moments); ``register`` adds the region-level rules
of this module to the game's lists.

Where things are:

* places and relics lie in ``st.place[r]`` / ``st.relic[r]``; a relic is
  used by the active race holding its region and moves to the region where it
  was last used (at most one relic per region: a relic whose use ends in a
  region that already holds another relic stays where it was);
* ``st.x["ghost"]`` / ``st.x["balrog"]``: the region of the Tomb-raider's
  Ghost / of the Balrog (-1: none);
* ``st.x["stonehedge"]``: ``[power, region]`` once Stonehedge is found;
* ``st.x["bag"]``: ``{"rid", "r", "copy"}``, the Magic race's Bag, the region
  it lies in (-1: in hand) and the relic it copies this turn;
* ``st.tp.relics``: what was used this turn (relic keys, ``"bag"``);
  ``st.tp.sc``: where the Scepter (or the Bag copying it) went this turn;
  ``st.tp.balrog``: the Balrog moved this turn.
"""

from __future__ import annotations

from plateau.core.game import Move

from . import conquest, supply
from .records import Phase

EMPTY = -1
LT = -2
# move heads of the relics used to conquer
HEAD = {"flying_doormat": "doormat", "killer_sword": "sword", "stinky_socks": "socks", "shiny_orb": "orb"}
CONQUEST_RELICS = tuple(HEAD)
RELICS = ("flying_doormat", "froggys_ring", "stinky_socks", "scepter", "shiny_orb", "killer_sword")
PLACES = ("altar", "crypt", "diamond_fields", "brass_pipe", "fountain", "keep", "lost_mine", "stonehedge",
          "pentacle")
MAX_COMMIT = 60  # tokens one may commit against the Snow Thing (more than any hand)
DIE_FACES = (0, 0, 0, 1, 2, 3)  # the reinforcement die
# terrains of the two games that are the same kind of land (rules notes §2.4)
SAME = {"black_mountain": "mountain", "mudpool": "swamp", "mushroom_forest": "forest"}
# score functions that take coins from players: never doubled by the Scepter
NOT_DOUBLED = {"thieving", "froggys_ring", "scepter", "magic", "liches"}

def _kind(terrain):
    return SAME.get(terrain, terrain)


def _is_relic(st, item):
    """A relic (a round tile) rather than a place, in the game's ruleset (a
    tournament's own relics count)."""
    return item in st.ruleset.relics


def _where(seq, item):
    return seq.index(item) if item in seq else -1


def _player(st, rid):
    return st.recs[rid].p


def _active(st, rid):
    """The race may use places and relics that do not work In Decline."""
    rec = st.recs[rid]
    return not rec.dec and st.active[rec.p] == rid


def _crypt_player(st):
    c = _where(st.place, "crypt")
    if c < 0 or st.owner[c] < 0:
        return None
    return st.recs[st.owner[c]].p


def _gnome_shield(st, rid, r):
    """Gnomes' regions can't be taken with places or relics during other
    players' turns (rules notes §2.1)."""
    o = st.owner[r]
    if o < 0:
        return False
    orec = st.recs[o]
    return orec.race == "gnomes" and not orec.dec and orec.p != st.recs[rid].p


def _marker_immune(st, p, r):
    """Region ``r`` is immune to player ``p`` through the Ghost or the Balrog."""
    x = st.x
    if r == x.get("balrog", -1):
        return True
    return r == x.get("ghost", -1) and _crypt_player(st) != p


def _protect(st, rid, r):
    """``protect`` (ruleset table): the Balrog's region (immune to all), the Ghost's (immune
    to everyone but the Crypt's holder), and the Snow Thing, which is never
    conquered the ordinary way (its own move ``snow``)."""
    if _marker_immune(st, st.recs[rid].p, r):
        return True
    return st.special[r] == "snow_thing" and st.monster[r] > 0


def _place_tile(st, rid, r, item):
    """A tile lands in region ``r`` (drawn, kept from the Golden Knight, or
    chosen for the Snow Thing) and acts at once."""
    if _is_relic(st, item):
        st.relic[r] = item
    else:
        st.place[r] = item
    st.found += 1
    st.ev("found", p=st.recs[rid].p, r=r, item=item)
    f = st.ruleset.hooks.get(item, {}).get("found")
    if f:
        f(st, rid, r)


def _knight_draw_for(st, r):
    """The Golden Knight was beaten in region ``r`` and his draw is still being
    chosen from: the relic kept lands there."""
    return any(d.get("kind") == "knight" and d.get("r") == r for d in st.pending)


def _move_relic(st, src, relic, r):
    """The relic (or the Bag) used in region ``r`` lies there now.

    From rules revision 2 a relic whose use took the Golden Knight's region
    stays where it was: the relic kept from the Knight's draw lands there (one
    relic a region), and every relic stays in the game (seed 001 §7).
    Revision 1 moved it there, and the relic kept from the draw then took its
    place (the used one was lost)."""
    if src == "bag":
        bag = st.x.get("bag")
        if bag and st.owner[r] == bag["rid"]:
            bag["r"] = r
        return
    if st.rev >= 2 and _knight_draw_for(st, r):
        return
    old = _where(st.relic, relic)
    if old != r and st.relic[r] is None and old >= 0:
        st.relic[old] = None
        st.relic[r] = relic


# ----------------------------------------------------------------------------
# relics used to conquer: Flying Doormat, Sword, Socks, Orb (and the Bag)
def _socks_cost(st, rid, r):
    """The cost of ``r`` as if it were empty: its tokens and Monsters left out.

    From revision 1 the cost is worked out on the region with its tokens and
    Monsters taken away, so that an effect that already prices it as empty
    (the Flames next to the Volcano) takes nothing off a second time; revision
    0 subtracted them from the full cost, reductions included."""
    if st.rev < 1:
        extra = st.monster[r] + (st.tok[r] if st.owner[r] != EMPTY else 0)
        return max(1, st.cost(rid, r) - extra)
    m, t = st.monster[r], st.tok[r]
    st.monster[r], st.tok[r] = 0, 0
    try:
        return st.cost(rid, r)
    finally:
        st.monster[r], st.tok[r] = m, t


def _orb_targets(st, rid):
    """Lone active enemy tokens the race could conquer (the Vampire's test:
    Black Mountain, Keep, Armor or an encampment don't protect; immunity does)."""
    return [r for r in conquest.lone_enemy_tokens(st, rid) if not _gnome_shield(st, rid, r)]


def _conquest_moves(st, rid, relic, src):
    rec = st.recs[rid]
    tp = st.tp
    if st.phase != Phase.CONQUER or rec.dec or tp.ghoul or tp.roll is not None:
        return []
    if src in (tp.relics or ()):
        return []
    head, name = HEAD[relic], relic
    if src == "bag":
        head, name = "bag" + head, "bag_" + relic
    else:
        name = head
    hand = rec.hand
    out = []
    if relic == "shiny_orb":
        if hand >= 1 or st.tray(rid) >= 1:
            out = [Move(f"{head}:{r}", (name, f"r{r}")) for r in _orb_targets(st, rid)]
        return out
    if hand < 1:
        return []
    if relic == "flying_doormat":
        held = st.regions_of(rid)
        sea = st.has(rid, "seafaring")
        for r in range(st.R):
            if st.chasm[r] or (st.water[r] and not sea) or st.owner[r] == rid:
                continue
            if conquest.reachable(st, rid, r, held) or conquest.protected_from(st, rid, r) or _gnome_shield(st, rid, r):
                continue
            if st.cost(rid, r) <= hand + 3:
                out.append(Move(f"{head}:{r}", (name, f"r{r}")))
        return out
    for r in st.targets(rid):
        if _gnome_shield(st, rid, r):
            continue
        if relic == "killer_sword":
            full = st.cost(rid, r)
            if full <= 1:
                continue
            c = max(1, full - 2)
        else:  # stinky_socks: only worth it where something stands
            if not conquest.occupied(st, r):
                continue
            c = _socks_cost(st, rid, r)
        if c <= hand + 3:
            out.append(Move(f"{head}:{r}", (name, f"r{r}")))
    return out


def _use_conquest(st, relic, src, r):
    rid = st.acting
    rec = st.recs[rid]
    p = rec.p
    if st.tp.relics is None:
        st.tp.relics = []
    st.tp.relics.append(src)
    st.ev("relic", p=p, item=relic, r=r, bag=src == "bag")
    if relic == "shiny_orb":
        if st.tray(rid) < 1:  # the bonus token comes from the tray, else from hand
            rec.hand -= 1
        conquest.take(st, rid, r, 1, how="sorc")
        _move_relic(st, src, relic, r)
        return
    how = "c"
    if relic == "killer_sword":
        c = max(1, st.cost(rid, r) - 2)
    elif relic == "stinky_socks":
        c = _socks_cost(st, rid, r)
        how = "free"
    else:
        c = st.cost(rid, r)
    if c <= rec.hand:
        rec.hand -= c
        st.ev("conquer", p=p, race=rec.race, r=r, cost=c)
        conquest.take(st, rid, r, c, how)
        _move_relic(st, src, relic, r)
    else:  # short by 3 or less: the final conquest with the die
        conquest.die(st, r, cost=c, how=how)
        if st.tp.die and st.tp.die[2]:
            _move_relic(st, src, relic, r)


def _relic_moves(relic):
    def f(st, rid):
        return _conquest_moves(st, rid, relic, relic)
    return f


def _relic_action(relic, src):
    def f(st, arg):
        _use_conquest(st, relic, src, int(arg))
    return f


# ----------------------------------------------------------------------------
# relics placed at the end of the turn: Scepter of Avarice, Froggy's Ring
def _placing_moves(kind):
    def f(st, d):
        rid = d["rid"]
        if rid not in st.recs:
            return [Move("no" + kind, ("no" + kind,))]
        relic = "scepter" if kind == "scepter" else "froggys_ring"
        out = []
        for r in st.regions_of(rid):
            if d["src"] == "bag" or st.relic[r] in (None, relic):
                out.append(Move(f"{kind}:{r}", (f"r{r}",)))
        out.append(Move("no" + kind, ("no" + kind,)))
        return out
    return f


def _region_value(st, rid, r):
    """Coins region ``r`` brings race ``rid``: its own coin and every one-coin
    bonus it adds (terrain, symbol, place…); group bonuses and coins taken
    from players are left out (rules notes §2.3, Scepter)."""
    if st.place[r] == "lost_mine":
        return 0
    if any(f(st, rid, r) for f in st.ruleset.no_score):
        return 0
    fs = []
    hooks = st.ruleset.hooks
    for k in st.keys(rid):
        h = hooks.get(k, {}).get("score")
        if h and k not in NOT_DOUBLED:
            fs.append(h)
    v = 1
    if st.rev >= 1:  # the bonus a place owes this very region (the Diamond Fields' own)
        for k in st.keys(rid):
            h = hooks.get(k, {}).get("region_score")
            if h and k not in NOT_DOUBLED:
                v += h(st, rid, r)
                fs = [f for f in fs if f is not hooks[k].get("score")]
    if fs:
        with_r = [sum(n for _, n in h(st, rid, False)) for h in fs]
        o, t = st.owner[r], st.tok[r]
        st.owner[r], st.tok[r] = EMPTY, 0
        try:
            without = [sum(n for _, n in h(st, rid, False)) for h in fs]
        finally:
            st.owner[r], st.tok[r] = o, t
        v += sum(1 for a, b in zip(with_r, without) if a - b == 1)
    return v


def _scepter_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head == "scepter":
        r = int(arg)
        _move_relic(st, d["src"], "scepter", r)
        if st.tp.sc is None:
            st.tp.sc = {}
        st.tp.sc[d["src"]] = r
        st.ev("scepter", p=d["p"], r=r)


def _scepter_score_for(src):
    def f(st, rid, declined):
        if declined:
            return []
        r = (st.tp.sc or {}).get(src)
        if r is None or st.owner[r] != rid:
            return []
        v = _region_value(st, rid, r)
        return [("scepter", v)] if v else []
    return f


def _scepter_redeployed(st, rid):
    if _active(st, rid) and st.acting == rid and not st.tp.ghoul:
        st.push("scepter", _player(st, rid), rid=rid, src="scepter")


def _ring_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head != "ring":
        return
    r = int(arg)
    p = d["p"]
    _move_relic(st, d["src"], "froggys_ring", r)
    victims = set()
    for n in st.nbrs[r]:
        o = st.owner[n]
        if o >= 0 and o in st.recs:
            orec = st.recs[o]
            if orec.dec or orec.p == p:
                continue
            if st.rev >= 1:  # every immune region, the Queen's and the Great Ancient's included
                if not conquest.immune_to(st, p, n):
                    victims.add(orec.p)
            elif not conquest.immune(st, n) and not _marker_immune(st, p, n):
                victims.add(orec.p)
    got = 0
    for q in sorted(victims):
        if st.coins[q] > 0:
            st.pay(q, -1)
            st.pay(p, 1)
            got += 1
    st.ev("ring", p=p, r=r, n=got)


def _ring_end(st, rid):
    if _active(st, rid):
        st.push("ring", _player(st, rid), rid=rid, src="froggys_ring")


# ----------------------------------------------------------------------------
# Magic: the Bag-o'-Many-Things
def _bag_of(st, rid):
    bag = st.x.get("bag")
    if bag and bag["rid"] == rid:
        return bag
    return None


def _magic_begin(st, rid):
    """Start of the Magic race's turn (or its pick): choose the relic the Bag
    copies this turn, among the relics in play."""
    if not _active(st, rid):
        return
    bag = _bag_of(st, rid)
    if bag is None:
        bag = st.x["bag"] = {"rid": rid, "r": -1, "copy": None}
    bag["copy"] = None
    if any(st.relic):
        st.push("bag", _player(st, rid), rid=rid)


def _magic_start(st, rid):
    _magic_begin(st, rid)


def _bag_moves(st, d):
    return [Move(f"bag:{k}", (f"bag_{k}",)) for k in sorted(k for k in st.relic if k)]


def _bag_apply(st, d, text):
    k = text.partition(":")[2]
    bag = _bag_of(st, d["rid"])
    if bag is not None:
        bag["copy"] = k
        st.ev("bag", p=d["p"], item=k)


def _magic_moves(st, rid):
    bag = _bag_of(st, rid)
    if bag is None or bag["copy"] not in CONQUEST_RELICS:
        return []
    return _conquest_moves(st, rid, bag["copy"], "bag")


def _magic_redeployed(st, rid):
    bag = _bag_of(st, rid)
    if bag and bag["copy"] == "scepter" and _active(st, rid) and st.acting == rid and not st.tp.ghoul:
        st.push("scepter", _player(st, rid), rid=rid, src="bag")


def _magic_end(st, rid):
    bag = _bag_of(st, rid)
    if bag and bag["copy"] == "froggys_ring" and _active(st, rid):
        st.push("ring", _player(st, rid), rid=rid, src="bag")


def _magic_declined(st, rid):
    if _bag_of(st, rid) is not None:  # the Bag goes away with the badge
        st.x["bag"] = None


def _back_to_hand(st, r):
    """``clear`` / ``clear_on_conquest`` (ruleset tables): the Bag is never left behind or
    stolen; the Crypt's Ghost leaves when the Crypt changes hands."""
    bag = st.x.get("bag")
    if bag and bag["r"] == r:
        bag["r"] = -1


def _crypt_taken(st, r):
    _back_to_hand(st, r)
    if st.place[r] == "crypt" and st.x.get("ghost", -1) >= 0:
        st.x["ghost"] = -1
        st.ev("ghost_free", r=r)


# ----------------------------------------------------------------------------
# places
def _held_place(st, rid, place):
    k = _where(st.place, place)
    return k if k >= 0 and st.owner[k] == rid else -1


def _keep_defence(st, r, rid):
    return 1 if st.place[r] == "keep" else 0


def _keep_score(st, rid, declined):  # kept In Decline
    return [("keep", 1)] if _held_place(st, rid, "keep") >= 0 else []


def _lost_mine_score(st, rid, declined):  # kept In Decline
    return [("lost_mine", 2)] if _held_place(st, rid, "lost_mine") >= 0 else []


def _diamond_score(st, rid, declined):  # works In Decline
    k = _held_place(st, rid, "diamond_fields")
    if k < 0:
        return []
    t = _kind(st.terrain[k])
    return [("diamond_fields", sum(1 for r in st.regions_of(rid) if _kind(st.terrain[r]) == t))]


def _diamond_region(st, rid, r):
    """The Fields' coin owed to region ``r``: 1 for the Fields' own region and
    for each other region of the same terrain (for the Scepter, which cannot
    tell it by taking the Fields' region away: the whole bonus would go)."""
    k = _held_place(st, rid, "diamond_fields")
    return 1 if k >= 0 and st.owner[r] == rid and _kind(st.terrain[r]) == _kind(st.terrain[k]) else 0


def _pipe_reach(st, rid, r, held):
    if not _active(st, rid):
        return False
    k = _held_place(st, rid, "brass_pipe")
    return k >= 0 and _kind(st.terrain[r]) == _kind(st.terrain[k]) and not _gnome_shield(st, rid, r)


def _fountain_start(st, rid):
    if _active(st, rid) and st.tray(rid) > 0:
        st.recs[rid].hand += 1
        st.ev("fountain", p=_player(st, rid))


def _stonehedge_found(st, rid, r):
    pool = st.badges if st.badges else st.discard
    if not pool:
        return
    power = pool.pop(st.rng.below(len(pool)))
    st.x["stonehedge"] = [power, r]
    st.ev("stonehedge", p=_player(st, rid), power=power)


def _ghost_moves(st, d):
    c = _where(st.place, "crypt")
    g = st.x.get("ghost", -1)
    out = [Move(f"ghost:{r}", (f"r{r}",)) for r in range(st.R) if r != c and r != g and not st.chasm[r]]
    out.append(Move("noghost", ("noghost",)))
    return out


def _ghost_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head == "ghost":
        st.x["ghost"] = int(arg)
        st.ev("ghost", p=d["p"], r=int(arg))


def _crypt_end(st, rid):
    if _active(st, rid):  # frozen while the Crypt's holder is In Decline
        st.push("ghost", _player(st, rid), rid=rid)


def _altar_end(st, rid):  # works In Decline
    p = _player(st, rid)
    if any(st.regions_of(d) for d in st.declined[p]):
        st.push("altar", p, rid=rid)


def _altar_moves(st, d):
    out = []
    for did in st.declined[d["p"]]:
        if did in st.recs:
            out.extend(Move(f"altar:{r}", (f"r{r}",)) for r in st.regions_of(did))
    out.append(Move("noaltar", ("noaltar",)))
    return out


def _altar_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head != "altar":
        return
    r = int(arg)
    o = st.owner[r]
    st.tok[r] -= 1
    if st.tok[r] == 0:
        supply.clear_region(st, r)
    st.pay(d["p"], 3)
    st.ev("altar", p=d["p"], r=r)
    if o in st.recs:
        supply.check_gone(st, o)


# the Wickedest Pentacle and its Balrog
def _balrog_targets(st, p):
    k = _where(st.place, "pentacle")
    if k < 0:
        return []
    b = st.x.get("balrog", -1)
    rev = st.rev
    out = []
    for n in st.nbrs[k]:
        if n == b or st.chasm[n] or st.water[n] or st.monster[n] or conquest.immune(st, n) or n == st.x.get("ghost", -1):
            continue
        if rev >= 1 and conquest.immune_to(st, p, n):  # an opponent's Queen or Great Ancient (revision 0 missed them)
            continue
        o = st.owner[n]
        if o >= 0:
            orec = st.recs[o]
            if orec.p == p or (orec.race == "gnomes" and not orec.dec):
                continue
            if rev >= 1 and orec.race == "liches" and st.coins[p] <= 0:  # no coin: no attack on Liches
                continue
        out.append(n)
    return out


def _balrog_to(st, p, n, rid=None):
    """The Balrog conquers region ``n`` for race ``rid`` of player ``p``: its
    occupant loses 2 tokens (not 1). From revision 1 it is a conquest for the
    region's effects too: what goes when a region changes hands goes
    (``clear_on_conquest``: a Vengeance marker is earned, a Queen leaves…)
    and the occupant's ``lost`` effects act (Martyr, Liches)."""
    o = st.owner[n]
    hooks = st.rev >= 1 and rid is not None and rid in st.recs
    if hooks:
        for f in st.ruleset.clear_on_conquest:
            f(st, n)
    if o >= 0:
        orec = st.recs[o]
        lost = min(2, st.tok[n])
        back = st.tok[n] - lost
        orec.hand += back
        st.ev("lose", p=orec.p, race=orec.race, r=n, lost=lost, back=back)
        if back > 0 and o not in st.defq:
            st.defq.append(o)
    supply.clear_region(st, n)
    if st.place[n] == "crypt":
        st.x["ghost"] = -1
    st.x["balrog"] = n
    st.ev("balrog", p=p, r=n)
    if hooks and o >= 0 and o in st.recs:
        for f in st.hook(o, "lost", items=False):
            f(st, o, n, rid)
    if o >= 0 and o in st.recs:
        supply.check_gone(st, o)


def _pentacle_found(st, rid, r):
    p = _player(st, rid)
    if st.rev >= 1:  # the Balrog moves from the next turn on (revision 0 let it move again at once)
        st.tp.balrog = True
    if _balrog_targets(st, p):
        st.push("balrog", p, rid=rid)


def _balrog_pending_moves(st, d):
    return [Move(f"balrog:{n}", (f"r{n}",)) for n in _balrog_targets(st, d["p"])]


def _balrog_pending_apply(st, d, text):
    _balrog_to(st, d["p"], int(text.partition(":")[2]), d.get("rid"))


def _pentacle_moves(st, rid):
    if st.phase not in ("conquer", "redeploy") or not _active(st, rid) or st.tp.balrog or st.tp.ghoul:
        return []
    return [Move(f"balrog:{n}", ("balrog", f"r{n}")) for n in _balrog_targets(st, _player(st, rid))]


def _balrog_action(st, arg):
    st.tp.balrog = True
    _balrog_to(st, st.recs[st.acting].p, int(arg), st.acting)


# ----------------------------------------------------------------------------
# Monsters put down by hand on a base map (rules notes §2.4)
def _independent(cands, nb, k):
    """Some ``k`` of ``cands`` are pairwise not neighbours."""
    if k <= 0:
        return True
    if len(cands) < k:
        return False
    first, rest = cands[0], cands[1:]
    if _independent([c for c in rest if c not in nb[first]], nb, k - 1):
        return True
    return _independent(rest, nb, k)


def _monster_choices(st, left):
    free = [r for r in range(st.R) if st.owner[r] == LT and not st.monster[r]
            and not any(st.monster[n] for n in st.nbrs[r])]
    nb = [set(x) for x in st.nbrs]
    return [r for r in free if _independent([c for c in free if c != r and c not in nb[r]], nb, left - 1)]


def _monsters_moves(st, d):
    return [Move(f"mon:{r}", (f"r{r}",)) for r in _monster_choices(st, d["left"])]


def _monsters_apply(st, d, text):
    r = int(text.partition(":")[2])
    st.monster[r] = 2
    st.owner[r] = EMPTY
    st.tok[r] = 0
    d["left"] -= 1
    st.ev("monster_put", p=d["p"], r=r)
    return None if d["left"] <= 0 else False


# ----------------------------------------------------------------------------
# the random board's Golden Knight and Abominable Snow Thing (rules notes §3.11)
def _knight(st, rid, r):
    """Beaten: +5 at game end; draw 3 tiles from those put away, keep one
    place and one relic (both into the region)."""
    p = _player(st, rid)
    st.special[r] = None
    st.vp[p] += 5
    st.ev("knight", p=p, r=r)
    drawn = [st.unused.pop(0) for _ in range(min(3, len(st.unused)))]
    if not drawn:
        return
    kinds = sorted({_is_relic(st, i) for i in drawn})
    st.push("knight", p, rid=rid, r=r, drawn=drawn, want=kinds if len(kinds) == 2 else ["one"])


def _knight_moves(st, d):
    items = d["drawn"] if d["want"] == ["one"] else [i for i in d["drawn"] if _is_relic(st, i) in d["want"]]
    return [Move(f"keep:{i}", (f"keep_{i}",)) for i in items]


def _knight_apply(st, d, text):
    item = text.partition(":")[2]
    rid, r = d["rid"], d["r"]
    d["drawn"].remove(item)
    if rid in st.recs:
        _place_tile(st, rid, r, item)
    if d["want"] == ["one"]:
        # the three were of one kind: the others are discarded, and tiles are
        # drawn until one of the other kind comes
        other = not _is_relic(st, item)
        skipped = []
        while st.unused:
            nxt = st.unused.pop(0)
            if _is_relic(st, nxt) == other:
                if rid in st.recs:
                    _place_tile(st, rid, r, nxt)
                break
            skipped.append(nxt)
        st.clock.set_aside(st, d["drawn"] + skipped)
        return None
    d["want"] = [k for k in d["want"] if k != _is_relic(st, item)]
    if d["want"]:
        return False
    st.clock.set_aside(st, d["drawn"])  # the third tile drawn
    return None


def _snow_beaten(st, rid, r):
    p = _player(st, rid)
    st.special[r] = None
    st.vp[p] += 3
    st.ev("snow_ok", p=p, r=r)
    if st.unused:
        # the tiles still available, which the player looks through (and
        # sees in the decision's details)
        st.push("snowpick", p, rid=rid, r=r, choices=sorted(set(st.unused)))


def _snowpick_moves(st, d):
    return [Move(f"keep:{i}", (f"keep_{i}",)) for i in d["choices"]]


def _snowpick_apply(st, d, text):
    item = text.partition(":")[2]
    st.unused.remove(item)
    if d["rid"] in st.recs:
        _place_tile(st, d["rid"], d["r"], item)


def _snow_moves(st, rid):
    if st.phase != Phase.CONQUER or st.tp.roll is not None or "snow_thing" not in st.special:
        return []
    r = st.special.index("snow_thing")
    if not st.monster[r] or st.recs[rid].hand < 1:
        return []
    if _marker_immune(st, st.recs[rid].p, r) or not conquest.reachable(st, rid, r):
        return []
    return [Move(f"snow:{r}", ("snow", f"r{r}"))]


def _snow_action(st, arg):
    rid = st.acting
    st.push("commit", st.recs[rid].p, rid=rid, r=int(arg))


def _commit_moves(st, d):
    hand = st.recs[d["rid"]].hand
    return [Move(f"commit:{k}", (f"commit{k}",)) for k in range(1, min(hand, MAX_COMMIT) + 1)]


def _commit_apply(st, d, text):
    """Commit, then roll (rules notes §3.11 DEFAULT): success when the tokens
    committed reach the cost (2, +1 for the Snow Thing, markers, the race's
    reductions) plus the die. From revision 1 the die is the reinforcement
    die (faces 0, 0, 0, 1, 2, 3: the Snow Thing's strength is 1 to 4) and a
    failed attack loses one token for good (back in the box, seed 001 §8);
    revision 0 rolled 1–4 and put the token back in the tray."""
    k = int(text.partition(":")[2])
    rid, r = d["rid"], d["r"]
    rec = st.recs[rid]
    rev = st.rev
    die = DIE_FACES[st.rng.below(6)] if rev >= 1 else 1 + st.rng.below(4)
    need = st.cost(rid, r) + die
    ok = k >= need
    st.ev("snow_die", p=rec.p, r=r, k=k, face=die, need=need, ok=ok)
    if ok:
        rec.hand -= k
        conquest.take(st, rid, r, k)
        return
    rec.hand -= 1  # one token lost, the others stay in hand
    if rev >= 1:
        rec.lost = rec.lost + 1  # not back in the tray: in the box, for good
    st.ev("snow_fail", p=rec.p, r=r)
    if _snow_exits(st, r):
        st.push("snowmove", rec.p, r=r)


def _snow_exits(st, r):
    """The free neighbouring regions the Snow Thing may be pushed to (seed 001
    §8, "une région adjacente libre"): land (not a chasm, a sea, the River),
    no token, no Monster, not the Balrog's, and from rules revision 2 no place
    nor relic lying there (an abandoned region keeps its tiles: it is not free,
    and the tile chosen when the Snow Thing is beaten there would have to lie
    on top of one of them, which would leave the game, seed 001 §7).
    Revision 1 let it go onto such a region."""
    tiles = st.rev >= 2
    return [n for n in st.nbrs[r] if st.owner[n] == EMPTY and not st.monster[n] and not st.chasm[n]
            and not st.water[n] and not st.river[n] and n != st.x.get("balrog", -1)
            and not (tiles and (st.place[n] or st.relic[n]))]


def _snowmove_moves(st, d):
    return [Move(f"snowto:{n}", (f"r{n}",)) for n in _snow_exits(st, d["r"])]


def _snowmove_apply(st, d, text):
    n = int(text.partition(":")[2])
    r = d["r"]
    st.monster[n], st.special[n] = st.monster[r], "snow_thing"
    st.monster[r], st.special[r] = 0, None
    st.ev("snow_move", p=d["p"], r=n)


def _region_marks(st, r, lang):
    out = []
    x = st.x
    if r == x.get("ghost", -1):
        out.append(("ghost", CATALOGUE[lang]["mark.ghost"]))
    if r == x.get("balrog", -1):
        out.append(("balrog", CATALOGUE[lang]["mark.balrog"]))
    bag = x.get("bag")
    if bag and bag["r"] == r and st.owner[r] == bag["rid"]:
        name = st.ruleset.name(bag["copy"], lang) if bag["copy"] else "—"
        out.append(("bag", CATALOGUE[lang]["mark.bag"].format(item=name)))
    sh = x.get("stonehedge")
    if sh and sh[1] == r:
        out.append(("stonehedge", CATALOGUE[lang]["mark.stonehedge"].format(power=st.ruleset.name(sh[0], lang))))
    return out


# ----------------------------------------------------------------------------
HOOKS: dict[str, dict] = {
    "flying_doormat": {"moves": _relic_moves("flying_doormat")},
    "killer_sword": {"moves": _relic_moves("killer_sword")},
    "stinky_socks": {"moves": _relic_moves("stinky_socks")},
    "shiny_orb": {"moves": _relic_moves("shiny_orb")},
    "scepter": {"redeployed": _scepter_redeployed, "score": _scepter_score_for("scepter")},
    "froggys_ring": {"end": _ring_end},
    "magic": {"picked": _magic_begin, "start": _magic_start, "moves": _magic_moves,
              "redeployed": _magic_redeployed, "end": _magic_end, "declined": _magic_declined,
              "score": _scepter_score_for("bag")},
    "altar": {"end": _altar_end},
    "crypt": {"end": _crypt_end},
    "diamond_fields": {"score": _diamond_score, "region_score": _diamond_region},
    "brass_pipe": {"reach": _pipe_reach},
    "fountain": {"start": _fountain_start},
    "keep": {"score": _keep_score},
    "lost_mine": {"score": _lost_mine_score},
    "stonehedge": {"found": _stonehedge_found},
    "pentacle": {"found": _pentacle_found, "moves": _pentacle_moves},
}
# the Keep's defence is a region-level rule (``defence``); the Snow Thing
# also moves through ``moves``
FLOW: set[str] = {"keep", "golden_knight", "snow_thing"}
#: the monsters printed on a board that are more than a Monster token: their
#: defence, and what happens when they are beaten (hook ``beaten``)
MONSTERS = {"golden_knight": 2, "snow_thing": 1}
HOOKS["golden_knight"] = {"beaten": _knight}
HOOKS["snow_thing"] = {"beaten": _snow_beaten}

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "flying_doormat": "Une fois par tour, conquiert une région même non voisine ; il s'y pose si la conquête réussit.",
        "froggys_ring": "En fin de tour, posé dans une de vos régions : 1 pièce de chaque joueur ayant un jeton actif à côté.",
        "stinky_socks": "Une fois par tour, conquiert une région comme si elle était vide ; l'occupant reprend tous ses jetons.",
        "scepter": "Avant le décompte, posé dans une de vos régions : les pièces de cette région comptent double.",
        "shiny_orb": "Une fois par tour, remplace un jeton ennemi actif seul dans sa région par un des vôtres.",
        "killer_sword": "Une fois par tour, une conquête coûte 2 jetons de moins (au moins 1).",
        "altar": "En fin de tour, défaussez un de vos jetons en déclin pour 3 pièces ; marche même en déclin.",
        "crypt": "En fin de tour, posez le Fantôme dans une autre région : elle devient imprenable.",
        "diamond_fields": "+1 pièce pour cette région et pour chaque région du même terrain de la même race, même en déclin.",
        "brass_pipe": "Toutes les régions du même terrain que le Tuyau sont voisines pour son occupant.",
        "fountain": "Au début de votre tour, +1 jeton de la réserve.",
        "keep": "+1 pièce et +1 en défense, même en déclin.",
        "lost_mine": "+2 pièces, même en déclin.",
        "stonehedge": "Tire un pouvoir au hasard : son occupant en profite (sans jetons de plus).",
        "pentacle": "Le Balrog conquiert une région voisine (2 jetons perdus) et la rend imprenable ; déplaçable une fois par tour.",
        "magic": "Le Sac à malices copie chaque tour une relique en jeu ; il ne peut pas être volé.",
    },
    "en": {
        "flying_doormat": "Once a turn, conquer a region even if not adjacent; it lands there when the conquest succeeds.",
        "froggys_ring": "At the end of the turn, put in one of your regions: 1 coin from each player with an active token next to it.",
        "stinky_socks": "Once a turn, conquer a region as if it were empty; its occupant takes all his tokens back.",
        "scepter": "Before scoring, put in one of your regions: that region's coins count double.",
        "shiny_orb": "Once a turn, replace a lone active enemy token in its region with one of yours.",
        "killer_sword": "Once a turn, one conquest costs 2 tokens less (at least 1).",
        "altar": "At the end of the turn, discard one of your In Decline tokens for 3 coins; works In Decline too.",
        "crypt": "At the end of the turn, put the Ghost in another region: it cannot be taken.",
        "diamond_fields": "+1 coin for this region and for each region of the same terrain of the same race, even In Decline.",
        "brass_pipe": "All regions of the Pipe's terrain are neighbours for its occupant.",
        "fountain": "At the start of your turn, +1 token from the tray.",
        "keep": "+1 coin and +1 defence, even In Decline.",
        "lost_mine": "+2 coins, even In Decline.",
        "stonehedge": "Draws a power at random: its occupant uses it (no extra tokens).",
        "pentacle": "The Balrog conquers a neighbouring region (2 tokens lost) and makes it untouchable; it moves once a turn.",
        "magic": "The Bag-o'-Many-Things copies one relic in play, chosen each turn; it cannot be stolen.",
    },
}

CATALOGUE: dict[str, dict[str, str]] = {
    "fr": {
        "target.doormat": "Paillasson volant", "target.sword": "Épée du Lapin tueur",
        "target.socks": "Chaussettes du Troll puant", "target.orb": "Orbe scintillant",
        "target.balrog": "Déplacer le Balrog", "target.snow": "Attaquer le Machin des Neiges",
        "target.noring": "Laisser l'Anneau", "target.noscepter": "Laisser le Sceptre",
        "target.noghost": "Laisser le Fantôme", "target.noaltar": "Pas d'offrande à l'Autel",
        "st.pending.monsters": "{p} : posez les Monstres, deux par région de tribu oubliée, jamais voisines",
        "st.pending.bag": "{p} : quelle relique le Sac à malices copie-t-il ce tour ?",
        "st.pending.scepter": "{p} : où poser le Sceptre d'Avarice (pièces doublées) ?",
        "st.pending.ring": "{p} : où poser l'Anneau de Froggy ?",
        "st.pending.ghost": "{p} : où poser le Fantôme de la Crypte ?",
        "st.pending.altar": "{p} : défausser un jeton en déclin à l'Autel des Âmes (+3 pièces) ?",
        "st.pending.balrog": "{p} : où envoyer le Balrog ?",
        "st.pending.knight": "{p} : Chevalier d'Or battu — gardez un lieu et une relique",
        "st.pending.snowpick": "{p} : Machin des Neiges battu — choisissez une tuile",
        "st.pending.commit": "{p} : combien de jetons engager contre le Machin des Neiges (dé lancé après) ?",
        "st.pending.snowmove": "{p} : où repousser le Machin des Neiges ?",
        "ev.relic": "{p} utilise {item} sur {r}.",
        "ev.scepter": "{p} pose le Sceptre d'Avarice en {r}.",
        "ev.ring": "{p} pose l'Anneau de Froggy en {r} et prend {n} {n:@pièce|pièces}.",
        "ev.bag": "{p} : le Sac à malices copie {item}.",
        "ev.ghost": "{p} pose le Fantôme en {r}.",
        "ev.ghost_free": "Le Fantôme quitte sa région : la Crypte change de mains.",
        "ev.altar": "{p} offre un jeton de {r} à l'Autel des Âmes : +3 pièces.",
        "ev.balrog": "Le Balrog de {p} fond sur {r}.",
        "ev.fountain": "{p} : +1 jeton de la Fontaine de Jouvence.",
        "ev.stonehedge": "Stonehedge donne le pouvoir {power}.",
        "ev.monster_put": "{p} pose 2 Monstres en {r}.",
        "ev.knight": "{p} bat le Chevalier d'Or en {r} : +5 points en fin de partie.",
        "ev.snow_ok": "{p} bat le Machin des Neiges en {r} : +3 points en fin de partie.",
        "ev.snow_die": "{p} engage {k} contre le Machin des Neiges : dé {face}, il fallait {need}.",
        "ev.snow_fail": "{p} est repoussé par le Machin des Neiges et perd un jeton.",
        "ev.snow_move": "Le Machin des Neiges va en {r}.",
        "mark.ghost": "Fantôme (région imprenable)", "mark.balrog": "Balrog (région imprenable, ne rapporte rien)",
        "mark.bag": "Sac à malices (copie : {item})", "mark.stonehedge": "Stonehedge : pouvoir {power}",
        "move.doormat": "Conquiert la {reg} avec le Paillasson volant",
        "move.sword": "Conquiert la {reg} avec l'Épée du Lapin tueur",
        "move.socks": "Conquiert la {reg} avec les Chaussettes du Troll puant",
        "move.orb": "Prend la {reg} avec l'Orbe scintillant",
        "move.bagdoormat": "Conquiert la {reg} avec le Sac (Paillasson volant)",
        "move.bagsword": "Conquiert la {reg} avec le Sac (Épée du Lapin tueur)",
        "move.bagsocks": "Conquiert la {reg} avec le Sac (Chaussettes du Troll puant)",
        "move.bagorb": "Prend la {reg} avec le Sac (Orbe scintillant)",
        "move.bag": "Copie avec le Sac à malices : {name}",
        "move.scepter": "Pose le Sceptre d'Avarice dans la {reg}", "move.noscepter": "Ne pose pas le Sceptre",
        "move.ring": "Pose l'Anneau de Froggy dans la {reg}", "move.noring": "Ne pose pas l'Anneau",
        "move.ghost": "Pose le Fantôme dans la {reg}", "move.noghost": "Laisse le Fantôme où il est",
        "move.altar": "Offre un jeton de la {reg} à l'Autel", "move.noaltar": "Ne fait pas d'offrande",
        "move.balrog": "Envoie le Balrog sur la {reg}",
        "move.mon": "Pose 2 Monstres dans la {reg}",
        "move.keep": "Garde la tuile : {name}",
        "move.snow": "Attaque le Machin des Neiges dans la {reg}",
        "move.commit": "Engage {arg} jetons contre le Machin des Neiges",
        "move.snowto": "Repousse le Machin des Neiges dans la {reg}",
    },
    "en": {
        "target.doormat": "Flying Doormat", "target.sword": "Sword of the Killer Rabbit",
        "target.socks": "Stinky Troll's Socks", "target.orb": "Shiny Orb",
        "target.balrog": "Move the Balrog", "target.snow": "Attack the Snow Thing",
        "target.noring": "Leave the Ring", "target.noscepter": "Leave the Scepter",
        "target.noghost": "Leave the Ghost", "target.noaltar": "No offering at the Altar",
        "st.pending.monsters": "{p}: put down the Monsters, two per Lost Tribe region, never side by side",
        "st.pending.bag": "{p}: which relic does the Bag-o'-Many-Things copy this turn?",
        "st.pending.scepter": "{p}: where does the Scepter of Avarice go (coins doubled)?",
        "st.pending.ring": "{p}: where does Froggy's Ring go?",
        "st.pending.ghost": "{p}: where does the Crypt's Ghost go?",
        "st.pending.altar": "{p}: discard an In Decline token at the Altar of Souls (+3 coins)?",
        "st.pending.balrog": "{p}: where does the Balrog go?",
        "st.pending.knight": "{p}: Golden Knight beaten — keep one place and one relic",
        "st.pending.snowpick": "{p}: Snow Thing beaten — choose a tile",
        "st.pending.commit": "{p}: how many tokens against the Snow Thing (the die is rolled after)?",
        "st.pending.snowmove": "{p}: where is the Snow Thing pushed to?",
        "ev.relic": "{p} uses {item} on {r}.",
        "ev.scepter": "{p} puts the Scepter of Avarice in {r}.",
        "ev.ring": "{p} puts Froggy's Ring in {r} and takes {n} {n:@coin|coins}.",
        "ev.bag": "{p}: the Bag-o'-Many-Things copies {item}.",
        "ev.ghost": "{p} puts the Ghost in {r}.",
        "ev.ghost_free": "The Ghost leaves its region: the Crypt changes hands.",
        "ev.altar": "{p} gives a token of {r} to the Altar of Souls: +3 coins.",
        "ev.balrog": "{p}'s Balrog falls on {r}.",
        "ev.fountain": "{p}: +1 token from the Fountain of Youth.",
        "ev.stonehedge": "Stonehedge gives the {power} power.",
        "ev.monster_put": "{p} puts 2 Monsters in {r}.",
        "ev.knight": "{p} beats the Golden Knight in {r}: +5 points at game end.",
        "ev.snow_ok": "{p} beats the Snow Thing in {r}: +3 points at game end.",
        "ev.snow_die": "{p} commits {k} against the Snow Thing: die {face}, {need} were needed.",
        "ev.snow_fail": "{p} is driven back by the Snow Thing and loses a token.",
        "ev.snow_move": "The Snow Thing moves to {r}.",
        "mark.ghost": "Ghost (region cannot be taken)", "mark.balrog": "Balrog (region cannot be taken, scores nothing)",
        "mark.bag": "Bag-o'-Many-Things (copies: {item})", "mark.stonehedge": "Stonehedge: {power} power",
        "move.doormat": "Conquers {reg} with the Flying Doormat",
        "move.sword": "Conquers {reg} with the Sword of the Killer Rabbit",
        "move.socks": "Conquers {reg} with the Stinky Troll's Socks",
        "move.orb": "Takes {reg} with the Shiny Orb",
        "move.bagdoormat": "Conquers {reg} with the Bag (Flying Doormat)",
        "move.bagsword": "Conquers {reg} with the Bag (Sword of the Killer Rabbit)",
        "move.bagsocks": "Conquers {reg} with the Bag (Stinky Troll's Socks)",
        "move.bagorb": "Takes {reg} with the Bag (Shiny Orb)",
        "move.bag": "Copies with the Bag-o'-Many-Things: {name}",
        "move.scepter": "Puts the Scepter of Avarice on {reg}", "move.noscepter": "Leaves the Scepter",
        "move.ring": "Puts Froggy's Ring on {reg}", "move.noring": "Leaves the Ring",
        "move.ghost": "Puts the Ghost on {reg}", "move.noghost": "Leaves the Ghost where it is",
        "move.altar": "Gives a token of {reg} to the Altar", "move.noaltar": "Makes no offering",
        "move.balrog": "Sends the Balrog to {reg}",
        "move.mon": "Puts 2 Monsters on {reg}",
        "move.keep": "Keeps the tile: {name}",
        "move.snow": "Attacks the Snow Thing on {reg}",
        "move.commit": "Commits {arg} tokens against the Snow Thing",
        "move.snowto": "Pushes the Snow Thing to {reg}",
    },
}
_BAG = {"fr": "Sac : {item}", "en": "Bag: {item}"}
_KEEP = {"fr": "Garder : {item}", "en": "Keep: {item}"}


def _stonehedge_lends(st, rid):
    """``lend``: the power Stonehedge drew, for the race holding its region."""
    sh = st.x.get("stonehedge")
    return sh[0] if sh is not None and st.owner[sh[1]] == rid else None


def labels(names) -> dict:
    """Tray-button labels that name an item or a number, from the items'
    names (``names``: lang -> key -> name)."""
    out = {}
    for lang in ("fr", "en"):
        cat = out[lang] = {}
        for k in RELICS:
            cat[f"target.bag_{k}"] = _BAG[lang].format(item=names[lang][k])
        for k in RELICS + PLACES:
            cat[f"target.keep_{k}"] = _KEEP[lang].format(item=names[lang][k])
        word = ("jeton", "jetons") if lang == "fr" else ("token", "tokens")
        for k in range(1, MAX_COMMIT + 1):
            cat[f"target.commit{k}"] = f"{k} {word[k > 1]}"
    return out


_ACTIONS = {"balrog": _balrog_action, "snow": _snow_action}
for _relic, _head in HEAD.items():
    _ACTIONS[_head] = _relic_action(_relic, _relic)
    _ACTIONS["bag" + _head] = _relic_action(_relic, "bag")

#: this module's region-level rules and actions (see :mod:`ruleset`)
TABLES = dict(
    defence=(_keep_defence,), protect=(_protect,), immune=(_marker_immune,), clear=(_back_to_hand,),
    clear_on_conquest=(_crypt_taken,), region_marks=(_region_marks,), moves=(_snow_moves,),
    lend=(_stonehedge_lends,),
    actions=_ACTIONS,
    pending={
        "monsters": (_monsters_moves, _monsters_apply),
        "bag": (_bag_moves, _bag_apply),
        "scepter": (_placing_moves("scepter"), _scepter_apply),
        "ring": (_placing_moves("ring"), _ring_apply),
        "ghost": (_ghost_moves, _ghost_apply),
        "altar": (_altar_moves, _altar_apply),
        "balrog": (_balrog_pending_moves, _balrog_pending_apply),
        "knight": (_knight_moves, _knight_apply),
        "snowpick": (_snowpick_moves, _snowpick_apply),
        "commit": (_commit_moves, _commit_apply),
        "snowmove": (_snowmove_moves, _snowmove_apply),
    },
)
