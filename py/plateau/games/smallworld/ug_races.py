"""Small World Underground: the 15 Underground races (rules notes §2.1).

Each effect is a small function hooked at a named moment (see
:mod:`content` for the moments); ``register`` adds the region-level rules
of this module to the game's lists.

State kept in ``st.x`` (plain data, public — nothing here is secret):

* ``ancient`` — ``[rid, region]`` of the Cultists' Great Ancient (region
  −1 while it waits for their next conquest), ``ancient_moved`` —
  ``[turn, player]`` of its last move;
* ``volcano`` — the chasm holding the Volcano (Flames);
* ``hammers`` — ``[rid, n]``: the Iron Dwarves' Silver Hammers in reserve;
  while they conquer, the hammers are in their hand and counted in the
  record's ``extra`` (tokens that are not race tokens).

The pending decisions (``volcano``, ``mimic``, ``hammers``) concern the
deciding player's active race, so they need no data beyond ``kind`` and
``p`` (a view shows those two).

Choices made where the notes are unclear are listed in the rules page
(``rules.ug_races.*.md``).
"""

from __future__ import annotations

from plateau.core.game import Move

from . import conquest, redeploy, supply
from .records import Phase

EMPTY = -1  # as rules.EMPTY (rules imports content, which imports this module)
DIE_FACES = (0, 0, 0, 1, 2, 3)
HAMMERS = 7  # Silver Hammers in the box (rules notes §2)

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "cultists": "Le Grand Ancien garde leur première conquête (région imprenable) ; conquête à −1 (minimum 1) "
                    "des régions voisines de lui ; il peut changer de région au début de leurs tours suivants.",
        "drow": "+1 pièce par région dont aucune voisine ne contient une autre race (la vôtre en déclin comprise) "
                "ni des Monstres.",
        "flames": "Posent le Volcan sur un gouffre marqué du volcan ; les régions voisines du Volcan, ou reliées "
                  "à lui par des régions de Flammes, se conquièrent comme si elles étaient vides.",
        "gnomes": "Pendant le tour des autres joueurs, leurs régions ne peuvent pas être conquises grâce à un "
                  "pouvoir, un lieu ou une relique.",
        "iron_dwarves": "Au redéploiement, +1 Marteau d'argent par mine occupée : des jetons pour conquérir aux "
                        "tours suivants, retirés après chaque redéploiement, jusqu'au déclin.",
        "kraken": "Peuvent rester dans la Rivière et la compter, même en déclin (sur une carte Small World : "
                  "les mers et le lac).",
        "liches": "Qui conquiert une région de Liches en déclin leur paie 1 pièce ; un adversaire sans pièce ne "
                  "peut pas attaquer les Liches.",
        "lizardmen": "Traversent la Rivière, occupée ou non, sans la conquérir ; n'y restent jamais.",
        "mudmen": "Au redéploiement, +1 jeton de la réserve par marais boueux occupé.",
        "mummies": "Chaque conquête coûte 1 jeton de plus.",
        "ogres": "Toutes les conquêtes à −1 (minimum 1).",
        "shadow_mimes": "En les prenant, peuvent échanger leur pouvoir avec l'un des 5 autres pouvoirs visibles.",
        "shrooms": "+1 pièce par forêt de champignons occupée.",
        "spiderines": "Toute région au bord d'un gouffre est voisine de chacune de leurs régions ; entrent "
                      "par n'importe laquelle.",
        "will_o_wisps": "Avant de conquérir un cristal mystique ou une voisine d'un cristal qu'ils occupent, "
                        "peuvent lancer le dé (région nommée d'abord) ; si le dé suffit, la conquête est "
                        "obligatoire.",
    },
    "en": {
        "cultists": "The Great Ancient guards their first conquest (it cannot be taken); conquests next to it "
                    "cost 1 less (at least 1); it may change region at the start of their later turns.",
        "drow": "+1 coin per region none of whose neighbours holds another race (your In Decline one included) "
                "or Monsters.",
        "flames": "Put the Volcano on a chasm with the volcano symbol; regions next to the Volcano, or linked "
                  "to it through Flames regions, are conquered as if empty.",
        "gnomes": "During the other players' turns, their regions cannot be conquered with a power, a place or "
                  "a relic.",
        "iron_dwarves": "At redeployment, +1 Silver Hammer per mine held: tokens for conquering in later turns, "
                        "taken off after each redeployment, until the decline.",
        "kraken": "May stay in the River and score it, even In Decline (on a Small World map: the seas and the "
                  "lake).",
        "liches": "Whoever conquers an In Decline Liches region pays them 1 coin; an opponent with no coin "
                  "cannot attack the Liches.",
        "lizardmen": "Pass through the River, occupied or not, without conquering it; never stay there.",
        "mudmen": "At redeployment, +1 token from the tray per Mudpool held.",
        "mummies": "Every conquest costs 1 more token.",
        "ogres": "Every conquest costs 1 less (at least 1).",
        "shadow_mimes": "When taken, may swap their power with one of the 5 other visible powers.",
        "shrooms": "+1 coin per Mushroom Forest held.",
        "spiderines": "Every region by a chasm is a neighbour of each of their regions; they may enter through "
                      "any of them.",
        "will_o_wisps": "Before conquering a Mystic Crystal or a neighbour of a Crystal they hold, may roll the "
                        "die (region named first); if the roll is enough, the conquest must be made.",
    },
}

CATALOGUE: dict[str, dict[str, str]] = {
    "fr": {
        "st.pending.mimic": "{p} : Mimes des ombres — échanger leur pouvoir avec celui d'une autre combinaison ?",
        "st.pending.volcano": "{p} : Flammes — sur quel gouffre poser le Volcan ?",
        "st.pending.hammers": "{p} : Nains de fer — quelle région quitter (il n'y reste qu'un Marteau) ?",
        "target.ancient": "Déplacer le Grand Ancien", "target.wisp": "Dé des Feux follets",
        "target.nomimic": "Garder son pouvoir",
        "move.ancient": "Déplace le Grand Ancien dans la {reg}",
        "move.wisp": "Lance le dé des Feux follets pour la {reg}",
        "move.mimic": "Prend le pouvoir {power} de la combinaison {arg}",
        "move.nomimic": "Garde le pouvoir de sa combinaison",
        "move.volcano": "Pose le Volcan sur la {reg}",
        "move.unhammer": "Quitte la {reg}, où ne restait qu'un Marteau",
        "ev.ancient": "{p} : le Grand Ancien s'installe en {r}.",
        "ev.volcano": "{p} : le Volcan se réveille en {r}.",
        "ev.mimic": "{p} : les Mimes des ombres prennent le pouvoir {power} et laissent {item}.",
        "ev.wisp": "{p} : dé des Feux follets {face} pour {r} (coût {cost}) — {ok}.",
        "ev.liches": "{q} paie 1 pièce à {p} pour les Liches de la {r}.",
        "ev.hammers": "{p} : {n} {n:@Marteau|Marteaux} d'argent de plus ({total} en réserve).",
        "ev.mudmen": "{p} : {n} {n:@Homme|Hommes} de boue de plus.",
        "mk.ancient": "Grand Ancien (région imprenable)",
        "mk.volcano": "Volcan des Flammes",
        "mk.hammer": "Marteaux d'argent des Nains de fer en réserve : {n}",
        "opt.ug_lizardmen": "Hommes-lézards et Rivière occupée",
        "opt.ug_lizardmen.empty": "ils ne traversent que la Rivière vide",
        "opt.ug_lizardmen.any": "ils traversent aussi la Rivière occupée (défaut)",
        "opt.ug_spiderines": "Voisinage des Arachnides",
        "opt.ug_spiderines.chasm": "depuis une de leurs régions au bord d'un gouffre",
        "opt.ug_spiderines.any": "depuis n'importe laquelle de leurs régions (défaut)",
    },
    "en": {
        "st.pending.mimic": "{p}: Shadow Mimes — swap their power with another combo's?",
        "st.pending.volcano": "{p}: Flames — on which chasm does the Volcano go?",
        "st.pending.hammers": "{p}: Iron Dwarves — which region to leave (only a Hammer is left there)?",
        "target.ancient": "Move the Great Ancient", "target.wisp": "Will-o'-Wisps' die",
        "target.nomimic": "Keep the power",
        "move.ancient": "Moves the Great Ancient to {reg}",
        "move.wisp": "Rolls the Will-o'-Wisps' die for {reg}",
        "move.mimic": "Takes the {power} power of combo {arg}",
        "move.nomimic": "Keeps the combo's power",
        "move.volcano": "Puts the Volcano on {reg}",
        "move.unhammer": "Leaves {reg}, where only a Hammer was left",
        "ev.ancient": "{p}: the Great Ancient settles in {r}.",
        "ev.volcano": "{p}: the Volcano wakes in {r}.",
        "ev.mimic": "{p}: the Shadow Mimes take the {power} power and leave {item}.",
        "ev.wisp": "{p}: Will-o'-Wisps' die {face} for {r} (cost {cost}) — {ok}.",
        "ev.liches": "{q} pays 1 coin to {p} for the Liches of {r}.",
        "ev.hammers": "{p}: {n} more Silver {n:@Hammer|Hammers} ({total} in reserve).",
        "ev.mudmen": "{p}: {n} more {n:@Mudman|Mudmen}.",
        "mk.ancient": "Great Ancient (the region cannot be taken)",
        "mk.volcano": "Volcano of the Flames",
        "mk.hammer": "Hammers of the Iron Dwarves in reserve: {n}",
        "opt.ug_lizardmen": "Lizardmen and an occupied River",
        "opt.ug_lizardmen.empty": "they pass through the empty River only",
        "opt.ug_lizardmen.any": "they pass through an occupied River too (default)",
        "opt.ug_spiderines": "Spiderines' neighbours",
        "opt.ug_spiderines.chasm": "from one of their regions by a chasm",
        "opt.ug_spiderines.any": "from any of their regions (default)",
    },
}


# The two readings of the Lizardmen's and the Spiderines' texts (options
# ``ug_lizardmen``, ``ug_spiderines``): the rulebook's is the default from
# revision 1; a game of revision 0 that does not name them plays the older
# default (rules notes §2.1, corrected).
READING = {"ug_lizardmen": ("empty", "any"), "ug_spiderines": ("chasm", "any")}


def reading(st, key):
    """The reading of option ``key`` this game plays: the one its options
    name, else the default of its rules revision."""
    v = st.opts.get(key)
    if v is None:
        v = READING[key][1 if st.rev >= 1 else 0]
    return v




def _active(st, rid):
    return not st.recs[rid].dec


def _cost_reduction(n):
    def f(st, rid, r):
        return n if _active(st, rid) else 0
    return f


# --- Cultists -------------------------------------------------------------
def _ancient(st, rid=None):
    """The Great Ancient's region, or −1; ``rid``: only if it is that race's."""
    a = st.x.get("ancient")
    if not a or a[0] not in st.recs or (rid is not None and a[0] != rid):
        return -1
    return a[1]


def _cultists_conquer(st, rid, r):
    if not _active(st, rid):
        return
    if _ancient(st, rid) < 0:
        st.x["ancient"] = [rid, r]
        st.ev("ancient", p=st.recs[rid].p, r=r)


def _next_to(st, rid, a, r):
    """Is ``r`` next to region ``a`` for race ``rid`` (a neighbour, or made
    one by its power, place or relic: Underworld's caverns, ``reach``)?"""
    if a in st.nbrs[r]:
        return True
    if st.has(rid, "underworld") and "cavern" in st.feat[r] and "cavern" in st.feat[a]:
        return True
    return any(f(st, rid, r, [a]) for f in st.hook(rid, "reach"))


def _cultists_cost(st, rid, r):
    a = _ancient(st, rid)
    if a < 0 or not _active(st, rid):
        return 0
    return -1 if _next_to(st, rid, a, r) else 0


def _cultists_declined(st, rid):
    if st.x.get("ancient") and st.x["ancient"][0] == rid:
        del st.x["ancient"]


def _cultists_moves(st, rid):
    a = _ancient(st, rid)
    if (st.phase != Phase.CONQUER or a < 0 or not _active(st, rid) or st.tp.conq or st.tp.roll is not None
            or st.tp.die is not None or st.x.get("ancient_moved") == [st.turn, st.cur]):
        return []
    return [Move(f"ancient:{r}", ("ancient", f"r{r}")) for r in st.regions_of(rid) if r != a]


def _do_ancient(st, arg):
    r = int(arg)
    rid = st.acting
    st.x["ancient"] = [rid, r]
    st.x["ancient_moved"] = [st.turn, st.cur]
    st.ev("ancient", p=st.recs[rid].p, r=r)


def _ancient_leaves(st, r):
    a = st.x.get("ancient")
    if a and a[1] == r:
        a[1] = -1  # back to the Cultists, for their next conquest


# --- Drow -------------------------------------------------------------------
def _drow_score(st, rid, declined):
    if declined:
        return []
    n = 0
    for r in st.regions_of(rid):
        if not any(st.monster[m] or st.owner[m] not in (EMPTY, rid) for m in st.nbrs[r]):
            n += 1
    return [("drow", n)] if n else []


# --- Flames -------------------------------------------------------------------
def _flames_picked(st, rid):
    spots = [r for r in range(st.R) if st.chasm[r] and "volcano" in st.symbols[r]]
    if len(spots) == 1:
        _put_volcano(st, rid, spots[0])
    elif spots:
        st.push("volcano", st.recs[rid].p)


def _put_volcano(st, rid, r):
    st.x["volcano"] = r
    st.ev("volcano", p=st.recs[rid].p, r=r)


def _volcano_moves(st, d):
    return [Move(f"volcano:{r}", (f"r{r}",)) for r in range(st.R) if st.chasm[r] and "volcano" in st.symbols[r]]


def _volcano_apply(st, d, text):
    _put_volcano(st, st.active[d["p"]], int(text.partition(":")[2]))


def _flames_cost(st, rid, r):
    v = st.x.get("volcano")
    if v is None or not _active(st, rid):
        return 0
    load = st.monster[r] + (st.tok[r] if st.owner[r] != EMPTY else 0)
    if not load:
        return 0
    if v not in st.nbrs[r]:
        if not any(st.owner[n] == rid for n in st.nbrs[r]):
            return 0
        # Flames regions linked to the Volcano through Flames regions
        seen = {n for n in st.nbrs[v] if st.owner[n] == rid}
        todo = list(seen)
        while todo:
            a = todo.pop()
            for b in st.nbrs[a]:
                if b not in seen and st.owner[b] == rid:
                    seen.add(b)
                    todo.append(b)
        if not any(n in seen for n in st.nbrs[r]):
            return 0
    return -load  # as if empty: no Monster and no token counts


# --- Gnomes -------------------------------------------------------------------
def _gnomes_proof(st, p, r):
    o = st.owner[r]
    if o < 0:
        return False
    rec = st.recs[o]
    return rec.race == "gnomes" and not rec.dec and rec.p != p and rec.p != st.cur


# --- Iron Dwarves -------------------------------------------------------------
def _hammers(st, rid):
    h = st.x.get("hammers")
    return h[1] if h and h[0] == rid else 0


def _dwarves_start(st, rid):
    rec = st.recs[rid]
    n = _hammers(st, rid)
    if n and not rec.dec:
        rec.hand += n
        rec.extra = n


def _dwarves_redeployed(st, rid):
    rec = st.recs[rid]
    k = rec.extra
    if k:
        k = supply.take_off(st, rid, k)
        rec.extra = k
        if k > 0 and st.regions_of(rid):  # some regions hold nothing but a Hammer: the player leaves them
            st.push("hammers", rec.p)
            return
        rec.extra = 0  # (no region left to leave: nothing to ask)
    _gain_hammers(st, rid)


def _gain_hammers(st, rid):
    if st.recs[rid].dec:
        return
    have = _hammers(st, rid)
    n = min(HAMMERS - have, sum(1 for r in st.regions_of(rid) if "mine" in st.feat[r]))
    st.x["hammers"] = [rid, have + n]
    if n:
        st.ev("hammers", p=st.recs[rid].p, n=n, total=have + n)


def _hammers_moves(st, d):
    return [Move(f"unhammer:{r}", (f"r{r}",)) for r in st.regions_of(st.active[d["p"]])]


def _hammers_apply(st, d, text):
    rid = st.active[d["p"]]
    rec = st.recs[rid]
    r = int(text.partition(":")[2])
    supply.clear_region(st, r)
    st.ev("abandon", p=rec.p, r=r)
    rec.extra -= 1
    if rec.extra > 0 and st.regions_of(rid):
        return False
    rec.extra = 0
    _gain_hammers(st, rid)
    return None


def _dwarves_declined(st, rid):
    st.recs[rid].extra = 0
    if st.x.get("hammers") and st.x["hammers"][0] == rid:
        del st.x["hammers"]


# --- Kraken -------------------------------------------------------------------
def _kraken_stay(st, rid):
    return True


def _kraken_water(st, rid, r):
    return True  # Seas and the Lake stand for the River on a Small World map (§2.4)


# --- Liches -------------------------------------------------------------------
def _liches_lost(st, rid, r, by):
    rec = st.recs[rid]
    if not rec.dec or by not in st.recs or st.recs[by].p == rec.p:
        return
    q = st.recs[by].p
    st.pay(q, -1)
    st.pay(rec.p, 1)
    st.ev("liches", p=rec.p, q=q, r=r)


# --- Lizardmen ------------------------------------------------------------------
def _passable(st, rid, n):
    if not (st.river[n] or st.water[n]):
        return False
    o = st.owner[n]
    if o == EMPTY or reading(st, "ug_lizardmen") == "any":
        return True
    return o >= 0 and st.recs[o].p == st.recs[rid].p


def _river_reach(st, rid, starts):
    """The River (and Sea, Lake) regions the Lizardmen can pass through from
    the passable ones in ``starts``, following passable ones."""
    seen = {n for n in starts if _passable(st, rid, n)}
    todo = list(seen)
    while todo:
        a = todo.pop()
        for b in st.nbrs[a]:
            if b not in seen and _passable(st, rid, b):
                seen.add(b)
                todo.append(b)
    return seen


_LZ_MEMO: list = [None, None, None, None]  # state, race, held list, River regions passed: one ``targets`` call


def _lizard_reach(st, rid, r, held):
    if not _active(st, rid) or not any(st.river[n] or st.water[n] for n in st.nbrs[r]):
        return False
    m = _LZ_MEMO
    if m[0] is st and m[1] == rid and m[2] is held:  # the same question for another target
        ways = m[3]
    else:
        ways = _river_reach(st, rid, {n for h in held for n in st.nbrs[h]})
        m[:] = [st, rid, held, ways]
    return any(n in ways for n in st.nbrs[r])


def _lizard_entry(st, rid, r):
    if not any(st.river[n] or st.water[n] for n in st.nbrs[r]):
        return False
    ways = _river_reach(st, rid, [n for n in range(st.R) if (st.entry[n] or st.sea_entry[n]) and (st.river[n] or st.water[n])])
    return any(n in ways for n in st.nbrs[r])


# --- Mudmen ---------------------------------------------------------------------
def _mudmen_redeploy(st, rid):
    rec = st.recs[rid]
    if rec.dec:
        return
    n = min(sum(1 for r in st.regions_of(rid) if "mudpool" in st.feat[r]), st.tray(rid))
    if n > 0:
        rec.hand += n
        st.ev("mudmen", p=rec.p, n=n)


# --- Shadow Mimes -------------------------------------------------------------
def _mimes_picked(st, rid):
    if min(5, len(st.column)) > 0:
        st.push("mimic", st.recs[rid].p)


def _mimic_moves(st, d):
    out = [Move(f"mimic:{j + 1}", (f"combo{j}",)) for j in range(min(5, len(st.column)))]
    return out + [Move("nomimic", ("nomimic",))]


def _mimic_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head != "mimic":
        return None
    content = st.ruleset.content
    rid = st.active[d["p"]]
    rec = st.recs[rid]
    j = int(arg) - 1
    old = rec.power
    new = st.column[j][1]
    st.column[j][1] = old
    rec.power = new
    box = content[rec.race].box
    # the tokens follow the badge now held (a bonus from elsewhere, a tournament event, stays)
    rec.hand = max(0, min(rec.hand + content[new].tokens - content[old].tokens, box))
    rec.spirit = "decline_apart" in content[new].flags
    st.ev("mimic", p=rec.p, power=new, item=old)
    return None


# --- Shrooms ------------------------------------------------------------------
def _shrooms_score(st, rid, declined):
    if declined:
        return []
    n = sum(1 for r in st.regions_of(rid) if "mushroom_forest" in st.feat[r])
    return [("shrooms", n)] if n else []


# --- Spiderines -----------------------------------------------------------------
_BY_CHASM: dict = {}  # board id -> regions by a chasm (a board never changes)


def _by_chasm(st, r):
    b = _BY_CHASM.get(st.map_id)
    if b is None:
        b = _BY_CHASM[st.map_id] = tuple(not st.chasm[x] and any(st.chasm[n] for n in st.nbrs[x])
                                         for x in range(st.R))
    return b[r]


def _spider_reach(st, rid, r, held):
    if not _active(st, rid) or not _by_chasm(st, r):
        return False
    if reading(st, "ug_spiderines") == "any":
        return bool(held)
    return any(_by_chasm(st, h) for h in held)


def _spider_entry(st, rid, r):
    return _by_chasm(st, r)


# --- Will-o'-Wisps ------------------------------------------------------------
def _crystal(st, r):
    return "mystic_crystal" in st.feat[r]


def _wisps_moves(st, rid):
    rec = st.recs[rid]
    if (st.phase != Phase.CONQUER or rec.dec or rec.hand < 1 or st.tp.roll is not None
            or st.tp.die is not None or st.tp.ghoul):
        return []
    held = st.regions_of(rid)
    near = {r for r in range(st.R) if _crystal(st, r)}
    for h in held:
        if _crystal(st, h):
            near.update(st.nbrs[h])
    out = []
    for r in sorted(near):
        if conquest.protected_from(st, rid, r) or not conquest.reachable(st, rid, r, held):
            continue
        if st.cost(rid, r) - 3 <= rec.hand:
            out.append(Move(f"wisp:{r}", ("wisp", f"r{r}")))
    return out


def _do_wisp(st, arg):
    r = int(arg)
    rid = st.acting
    rec = st.recs[rid]
    c = st.cost(rid, r)
    face = DIE_FACES[st.rng.below(6)]
    need = max(1, c - face)
    ok = need <= rec.hand
    st.ev("wisp", p=rec.p, r=r, face=face, cost=c, ok=ok)
    if ok:  # affordable after the roll: the conquest is made
        rec.hand -= need
        st.ev("conquer", p=rec.p, race=rec.race, r=r, cost=need)
        conquest.take(st, rid, r, need)
    else:  # like the reinforcement die, a failed roll ends the conquests
        redeploy.begin(st)


# --- regions an opponent may not touch ----------------------------------------
def _protect(st, rid, r):
    """The Great Ancient's region (immune to opponents), the Liches against
    an opponent with no coin (one function: ``protected_from`` asks it for
    every region)."""
    o = st.owner[r]
    if o < 0:
        return False
    orec = st.recs[o]
    race = orec.race
    if race == "liches":
        p = st.recs[rid].p
        return orec.p != p and st.coins[p] <= 0
    if race == "cultists":
        return _ancient_immune(st, st.recs[rid].p, r)
    return False


def _ancient_immune(st, p, r):
    """``immune`` (ruleset table): the Great Ancient's region is immune against the other
    players."""
    a = st.x.get("ancient")
    if not a or a[1] != r:
        return False
    o = st.owner[r]
    return o >= 0 and a[0] == o and o in st.recs and st.recs[o].p != p


# --- markers ----------------------------------------------------------------------
def _marks(st, r, lang):
    out = []
    if st.x.get("volcano") == r:
        out.append(("volcano", st.game.t(lang, "mk.volcano")))
    a = st.x.get("ancient")
    if a and a[1] == r and st.owner[r] == a[0]:
        out.append(("ancient", st.game.t(lang, "mk.ancient")))
    h = st.x.get("hammers")
    if h and h[1] and h[0] in st.recs:
        held = st.regions_of(h[0])
        if held and held[0] == r:
            out.append(("hammer", st.game.t(lang, "mk.hammer", n=h[1])))
    return out


HOOKS: dict[str, dict] = {
    "cultists": {"on_conquer": _cultists_conquer, "cost": _cultists_cost, "declined": _cultists_declined,
                 "moves": _cultists_moves},
    "drow": {"score": _drow_score},
    "flames": {"picked": _flames_picked, "cost": _flames_cost},
    "iron_dwarves": {"start": _dwarves_start, "redeployed": _dwarves_redeployed, "declined": _dwarves_declined},
    "kraken": {"river_stay": _kraken_stay, "water": _kraken_water},
    "liches": {"lost": _liches_lost},
    "lizardmen": {"reach": _lizard_reach, "entry": _lizard_entry},
    "mudmen": {"redeploy": _mudmen_redeploy},
    "mummies": {"cost": lambda st, rid, r: 1},
    "ogres": {"cost": _cost_reduction(-1)},
    "shadow_mimes": {"picked": _mimes_picked},
    "shrooms": {"score": _shrooms_score},
    "spiderines": {"reach": _spider_reach, "entry": _spider_entry},
    "will_o_wisps": {"moves": _wisps_moves},
}
# region-level effects (see ``register``): the Gnomes' power-proof regions, the
# Liches' 0-coin rule, the Great Ancient's immunity
FLOW: set[str] = {"gnomes"}


def _describe_mimic(st, arg, lang):
    try:
        return {"power": st.ruleset.name(st.column[int(arg) - 1][1], lang)}
    except (AttributeError, IndexError, TypeError, ValueError):
        return {"power": "?"}


# the words of a move that need the position (describe.py): head -> f(state, arg, lang) -> fields
DESCRIBE = {"mimic": _describe_mimic}


#: this module's region-level rules and actions (see :mod:`ruleset`)
TABLES = dict(
    powerproof=(_gnomes_proof,), protect=(_protect,), immune=(_ancient_immune,), clear=(_ancient_leaves,),
    clear_on_conquest=(_ancient_leaves,), region_marks=(_marks,),
    actions={"ancient": _do_ancient, "wisp": _do_wisp},
    pending={"volcano": (_volcano_moves, _volcano_apply), "mimic": (_mimic_moves, _mimic_apply),
             "hammers": (_hammers_moves, _hammers_apply)},
    describe=DESCRIBE,
)
