"""Small World Underground: the Underground special powers (rules notes §2.2),
all but Magic (its Bag-o'-Many-Things copies relics: see :mod:`ug_items`).

Each effect is a small function hooked at a named moment (see
:mod:`content` for the moments); ``register`` adds the region-level rules
of this module to the game's lists.

State kept in ``st.x`` (public, like the markers on the table):

* ``queen`` — ``{str(rid): region}``: where each Royal race's Queen stands;
* ``armor`` — ``{str(region): n}``: Mushroom Armors (Shield);
* ``vengeance`` — ``{str(p): [q, …]}``: the players holding one of player
  ``p``'s Vengeance markers.

Per-turn state (Vampire's victims this turn) lives in ``st.tp``.
"""

from __future__ import annotations

from plateau.core.game import Move

from . import conquest, supply
from .records import Phase
from .ug_races import reading

ARMOR_MAX = 8  # Mushroom Armors in the box
VENGEANCE_MAX = 4  # Vengeance markers in the box

# powers that keep working In Decline: their badge stays with the race
KEEP = ("muddy", "reborn", "royal", "tomb", "wise")


# --- helpers --------------------------------------------------------------
def _count(test, even_declined=False):
    def f(st, rid, declined):
        if declined and not even_declined:
            return []
        n = sum(1 for r in st.regions_of(rid) if test(st, r))
        return [(st.recs[rid].power, n)] if n else []
    return f


def _feat(name):
    return lambda st, r: name in st.feat[r]


def _groups(st, regs, race_links=False, rid=None):
    """The separate groups of regions ``regs`` (sharing borders). With
    ``race_links`` the race's own adjacency counts too: Spiderines link all
    the regions bordering a Chasm (rules: "Flocking Spiderines spread out
    along separate Chasm Regions" still form one set)."""
    regs = list(regs)
    if not regs:
        return 0
    parent = {r: r for r in regs}

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(a, b):
        a, b = find(a), find(b)
        if a != b:
            parent[a] = b

    for r in regs:
        for n in st.nbrs[r]:
            if n in parent:
                join(r, n)
    if race_links and rid is not None and st.recs[rid].race == "spiderines":
        group = [r for r in regs if any(st.chasm[n] for n in st.nbrs[r])]
        if group and st.rev >= 1 and _spider_reading(st) == "any":
            group = regs  # a region by a Chasm borders every region they hold
        for a in group[1:]:
            join(group[0], a)
    return len({find(r) for r in regs})


def _spider_reading(st):
    return reading(st, "ug_spiderines")


def _player(st, rid):
    return st.recs[rid].p


# --- scoring powers -------------------------------------------------------
def _adventurous(st, rid, declined):
    if declined:
        return []
    n = sum(1 for r in st.regions_of(rid) if st.place[r])
    return [("adventurous", n)] if n else []


def _fisher(st, rid, declined):
    """Pairs of coastal regions: land bordering the River (a Sea or the Lake
    on a Small World map, §2.4), the River itself excluded."""
    if declined:
        return []
    n = sum(1 for r in st.regions_of(rid) if st.coastal[r]) // 2
    return [("fisher", n)] if n else []


def _flocking(st, rid, declined):
    if declined:
        return []
    regs = st.regions_of(rid)
    return [("flocking", 2)] if regs and _groups(st, regs, True, rid) == 1 else []


def _frightened(st, rid, declined):
    if declined:
        return []
    n = sum(1 for r in st.regions_of(rid) if st.tok[r] >= 3)
    return [("frightened", n)] if n else []


def _quarreling(st, rid, declined):
    if declined:
        return []
    n = _groups(st, st.regions_of(rid))
    return [("quarreling", n)] if n else []


def _wise(st, rid, declined):
    return [("wise", 2)] if declined and st.regions_of(rid) else []


# --- Immortal, Martyr ------------------------------------------------------
def _immortal_losses(st, rid, r, by):
    return 0 if not st.recs[rid].dec else None


def _martyr_lost(st, rid, r, by):
    rec = st.recs[rid]
    if rec.dec or by not in st.recs or st.recs[by].p == rec.p:
        return
    st.pay(rec.p, 1)
    st.ev("martyr", p=rec.p, r=r)


# --- Reborn ------------------------------------------------------------------
def _reborn_start(st, rid):
    rec = st.recs[rid]
    if not rec.dec:
        return
    act = st.active[rec.p]
    if act is None or not st.regions_of(rid) or not _reborn_source(st, act):
        return
    st.push("reborn", rec.p, rid=rid, left=2)


def _reborn_source(st, act):
    return st.tray(act) > 0 or st.recs[act].hand > 0


def _reborn_moves(st, d):
    rid = d["rid"]
    out = []
    if rid in st.recs:
        out = [Move(f"reborn:{r}", (f"r{r}",)) for r in st.regions_of(rid)]
    return out + [Move("reborn_stop", ("reborn_stop",))]


def _reborn_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head != "reborn":
        return None
    rid = d["rid"]
    rec = st.recs[rid]
    act = st.active[rec.p]
    r = int(arg)
    if st.tray(act) <= 0:  # from the tray, else from the hand (§2.2)
        st.recs[act].hand -= 1
    supply.clear_region(st, r)
    st.owner[r] = act
    st.tok[r] = 1
    st.ev("reborn", p=rec.p, r=r)
    d["left"] -= 1
    supply.check_gone(st, rid)
    if d["left"] > 0 and rid in st.recs and st.regions_of(rid) and _reborn_source(st, act):
        return False
    return None


# --- Royal -----------------------------------------------------------------
def _queens(st):
    return st.x.get("queen") or {}


def _royal_end(st, rid):
    rec = st.recs[rid]
    if rec.dec:
        return  # In Decline the Queen stays where it is, frozen
    held = st.regions_of(rid)
    if not held:
        return
    q = _queens(st).get(str(rid))
    if len(held) == 1:
        _put_queen(st, rid, held[0], quiet=q == held[0])
        return
    st.push("royal", rec.p, rid=rid)


def _put_queen(st, rid, r, quiet=False):
    st.x.setdefault("queen", {})[str(rid)] = r
    if not quiet:
        st.ev("queen", p=st.recs[rid].p, r=r)


def _royal_moves(st, d):
    return [Move(f"queen:{r}", (f"r{r}",)) for r in st.regions_of(d["rid"])]


def _royal_apply(st, d, text):
    _put_queen(st, d["rid"], int(text.partition(":")[2]))


def _queen_immune(st, p, r):
    """``immune`` (ruleset table): a Queen's region is immune against the other players."""
    qs = st.x.get("queen")
    if not qs:
        return False
    for k, q in qs.items():
        if q == r:
            o = st.owner[r]
            return o >= 0 and o in st.recs and st.recs[o].p != p
    return False


def _queen_protect(st, rid, r):
    return _queen_immune(st, st.recs[rid].p, r)


def _queen_clear(st, r):
    qs = st.x.get("queen")
    if qs:
        for k in [k for k, q in qs.items() if q == r]:
            del qs[k]


# --- Shield ----------------------------------------------------------------
def _armor_in_play(st):
    return sum((st.x.get("armor") or {}).values())


def _shield_redeploy(st, rid):
    rec = st.recs[rid]
    if rec.dec:
        return
    held = st.regions_of(rid)
    n = sum(1 for r in held if "mushroom_forest" in st.feat[r])
    n = min(n, ARMOR_MAX - _armor_in_play(st))
    if n > 0 and held:
        st.push("shield", rec.p, rid=rid, left=n)


def _shield_moves(st, d):
    return [Move(f"armor:{r}", (f"r{r}",)) for r in st.regions_of(d["rid"])]


def _shield_apply(st, d, text):
    r = int(text.partition(":")[2])
    a = st.x.setdefault("armor", {})
    a[str(r)] = a.get(str(r), 0) + 1
    st.ev("armor", p=d["p"], r=r)
    d["left"] -= 1
    return False if d["left"] > 0 else None


def _armor_defence(st, r, rid):
    a = st.x.get("armor")
    return a.get(str(r), 0) if a else 0


def _armor_clear(st, r):
    a = st.x.get("armor")
    if a:
        a.pop(str(r), None)


# --- Thieving --------------------------------------------------------------
def _thieving_end(st, rid):
    rec = st.recs[rid]
    if rec.dec:
        return
    p = rec.p
    mine = st.regions_of(rid)
    near = set()
    for r in mine:
        near.update(st.nbrs[r])
    victims = set()
    immunity = st.rev >= 1  # revision 0 took from a token in an immune region too
    for n in near:
        o = st.owner[n]
        if o >= 0 and o in st.recs:
            orec = st.recs[o]
            if orec.p != p and not orec.dec and not (immunity and conquest.immune_to(st, p, n)):
                victims.add(orec.p)
    for q in sorted(victims):
        if st.coins[q] > 0:  # never below 0
            st.pay(q, -1)
            st.pay(p, 1)
            st.ev("thieving", p=p, q=q)


# --- Tomb -------------------------------------------------------------------
def _tomb_declined(st, rid):
    """Every token stays (flag ``keeps_tokens``); one last redeploy follows, before
    the decline turn's scoring (not after a Stout decline: the race has just
    redeployed)."""
    rec = st.recs[rid]
    if st.phase == Phase.STOUT:
        return
    if any(st.tok[r] > 1 for r in st.regions_of(rid)) and len(st.regions_of(rid)) > 1:
        st.push("tomb", rec.p, rid=rid)


def _tomb_moves(st, d):
    rid = d["rid"]
    held = st.regions_of(rid) if rid in st.recs else []
    out = []
    # from rules revision 1 the last redeployment ends too (as redeploy.moves)
    gave, got = (set(d.get("from", ())), set(d.get("to", ()))) if st.rev >= 1 else (set(), set())
    for a in held:
        if st.tok[a] > 1 and a not in got:
            for b in held:
                if b != a and b not in gave:
                    out.append(Move(f"tmv:{a}-{b}", (f"r{a}", f"r{b}")))
    return out + [Move("tomb_done", ("tomb_done",))]


def _tomb_apply(st, d, text):
    head, _, arg = text.partition(":")
    if head == "tomb_done":
        return None
    a, b = (int(x) for x in arg.split("-"))
    st.tok[a] -= 1
    st.tok[b] += 1
    if st.rev >= 1:
        for key, r in (("from", a), ("to", b)):
            if r not in d.setdefault(key, []):
                d[key].append(r)
    return False


# --- Vampire -----------------------------------------------------------------
def vampire_targets(st, rid):
    """Regions where Vampire may swap a lone active enemy token for one of its
    own (once per opponent per turn): Black Mountain, the Keep and Mushroom
    Armor do not protect; Gnomes, immunity and peace do."""
    return [r for r in conquest.lone_enemy_tokens(st, rid, skip=st.tp.vamp or ())
            if st.recs[st.owner[r]].race != "gnomes"]


def _vampire_moves(st, rid):
    if st.phase != Phase.CONQUER or st.tp.ghoul or st.tp.roll is not None or st.recs[rid].dec:
        return []
    rec = st.recs[rid]
    if st.tray(rid) <= 0 and rec.hand <= 0:
        return []
    return [Move(f"vamp:{r}", ("vampire", f"r{r}")) for r in vampire_targets(st, rid)]


def _do_vampire(st, arg):
    rid = st.acting
    rec = st.recs[rid]
    r = int(arg)
    victim = st.recs[st.owner[r]].p
    if st.tp.vamp is None:
        st.tp.vamp = []
    st.tp.vamp.append(victim)
    if st.tray(rid) <= 0:  # from the tray, else from the hand
        rec.hand -= 1
    st.ev("vampire", p=rec.p, victim=victim, r=r)
    conquest.take(st, rid, r, 1, how="sorc")


# --- Vanishing ---------------------------------------------------------------
def _vanishing_declined(st, rid):
    rec = st.recs[rid]
    regs = st.regions_of(rid)
    n = len(regs)
    for r in regs:
        supply.clear_region(st, r)
    if n:
        st.pay(rec.p, 2 * n)
    st.ev("vanishing", p=rec.p, n=n, k=2 * n)


# --- Vengeful ----------------------------------------------------------------
def _marks(st, p):
    return (st.x.get("vengeance") or {}).get(str(p), ())


def _vengeance_on_conquest(st, r):
    """A region changes hands during player ``st.cur``'s turn: if it belonged
    to a player whose active race is Vengeful, the attacker gets a marker."""
    o = st.owner[r]
    if o < 0 or o not in st.recs:
        return
    v = st.recs[o].p
    a = st.cur
    if v == a:
        return
    act = st.active[v]
    if act is None or not st.has(act, "vengeful"):
        return
    held = st.x.setdefault("vengeance", {}).setdefault(str(v), [])
    if a not in held and len(held) < VENGEANCE_MAX:
        held.append(a)
        st.ev("vengeance", p=v, q=a)


def _vengeful_cost(st, rid, r):
    marks = _marks(st, st.recs[rid].p)
    if not marks:
        return 0
    o = st.owner[r]
    return -1 if o >= 0 and o in st.recs and st.recs[o].p in marks else 0


def _vengeful_end(st, rid):
    v = st.x.get("vengeance")
    if v:
        v.pop(str(st.recs[rid].p), None)


# --- the table ---------------------------------------------------------------
HOOKS: dict[str, dict] = {
    "adventurous": {"score": _adventurous},
    "fisher": {"score": _fisher},
    "flocking": {"score": _flocking},
    "frightened": {"score": _frightened},
    "immortal": {"losses": _immortal_losses},
    "martyr": {"lost": _martyr_lost},
    "mining": {"score": _count(_feat("mine"))},
    "muddy": {"score": _count(_feat("mudpool"), even_declined=True)},
    "mystic": {"score": _count(_feat("mystic_crystal"))},
    "quarreling": {"score": _quarreling},
    "reborn": {"start": _reborn_start},
    "royal": {"end": _royal_end},
    "shield": {"redeploy": _shield_redeploy},
    "stone": {"score": _count(_feat("black_mountain"))},
    "thieving": {"end": _thieving_end},
    "tomb": {"declined": _tomb_declined},
    "vampire": {"moves": _vampire_moves},
    "vanishing": {"declined": _vanishing_declined},
    "vengeful": {"cost": _vengeful_cost, "end": _vengeful_end, "declined": _vengeful_end},
    "wise": {"score": _wise},
}
# none of these powers is read by name in rules.py: the Queen's immunity,
# Mushroom Armor's defence, Vengeance markers and Tomb's tokens act through
# the region-level lists filled by ``register``
FLOW: set[str] = set()

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "adventurous": "+1 pièce par région occupée qui contient un lieu.",
        "fisher": "+1 pièce par paire complète de régions côtières occupées (au bord de la rivière ; d'une mer ou du lac sur une carte Small World).",
        "flocking": "+2 pièces si toutes vos régions forment un seul groupe.",
        "frightened": "+1 pièce par région occupée par au moins 3 de vos jetons.",
        "immortal": "Quand on vous prend une région, vous ne perdez aucun jeton.",
        "martyr": "+1 pièce de la banque chaque fois qu'un adversaire vous prend une région.",
        "mining": "+1 pièce par région de mine occupée.",
        "muddy": "+1 pièce par région de bourbier occupée, même en déclin.",
        "mystic": "+1 pièce par région de cristaux mystiques occupée.",
        "quarreling": "+1 pièce par groupe séparé de régions occupées.",
        "reborn": "En déclin, au début de chacun de vos tours : videz 1 ou 2 de leurs régions et mettez-y 1 jeton de votre peuple actif.",
        "royal": "En fin de tour, la Reine va dans une de vos régions et la rend imprenable ; en déclin, elle reste où elle est.",
        "shield": "Une Armure de champignon par forêt de champignons occupée à la fin des conquêtes : +1 en défense chacune, même en déclin (8 au plus).",
        "stone": "+1 pièce par région de montagne noire occupée.",
        "thieving": "En fin de tour, prend 1 pièce à chaque joueur qui a un jeton actif voisin de vos régions.",
        "tomb": "En passant en déclin, gardez tous vos jetons et redéployez-les une dernière fois ; ensuite, redéploient leurs jetons en surplus après une perte.",
        "vampire": "Une fois par tour et par adversaire, remplace un jeton actif seul d'une région attaquable par un Vampire de la réserve.",
        "vanishing": "En passant en déclin, tous vos jetons partent et chaque région rapporte 2 pièces au lieu de 1.",
        "vengeful": "Un marqueur de vengeance à chaque joueur qui attaque un de vos peuples : à votre tour suivant, ses régions vous coûtent 1 de moins.",
        "wise": "+2 pièces à la fin de chaque tour en déclin (dès le tour du déclin), s'il reste une région.",
    },
    "en": {
        "adventurous": "+1 coin per region held that holds a Popular Place.",
        "fisher": "+1 coin per complete pair of coastal regions held (by the River; by a Sea or the Lake on a Small World map).",
        "flocking": "+2 coins if all your regions form a single group.",
        "frightened": "+1 coin per region held by at least 3 of your tokens.",
        "immortal": "When a region of yours is taken you lose no token.",
        "martyr": "+1 coin from the bank each time an opponent takes one of your regions.",
        "mining": "+1 coin per Mine region held.",
        "muddy": "+1 coin per Mudpool region held, even In Decline.",
        "mystic": "+1 coin per Mystic Crystal region held.",
        "quarreling": "+1 coin per separate group of regions held.",
        "reborn": "In Decline, at the start of each of your turns: empty 1 or 2 of its regions and put 1 token of your active race in each.",
        "royal": "At the end of the turn the Queen goes to one of your regions and makes it immune; In Decline it stays where it is.",
        "shield": "One Mushroom Armor per Mushroom Forest held when conquests end: +1 defence each, even In Decline (8 at most).",
        "stone": "+1 coin per Black Mountain region held.",
        "thieving": "At the end of the turn take 1 coin from each player with an active token next to your regions.",
        "tomb": "On going In Decline keep all your tokens and redeploy them one last time; later, redeploy the surplus tokens after a loss.",
        "vampire": "Once a turn per opponent, replace a lone active token in a region you may attack with a Vampire from the tray.",
        "vanishing": "On going In Decline all your tokens leave and each region scores 2 coins instead of 1.",
        "vengeful": "A Vengeance marker to each player who attacks one of your races: on your next turn his regions cost you 1 less.",
        "wise": "+2 coins at the end of each turn In Decline (the decline turn included), if a region is left.",
    },
}

CATALOGUE: dict[str, dict[str, str]] = {
    "fr": {
        "ev.martyr": "{p} (Martyrs) reçoit 1 pièce pour la perte de {r}.",
        "ev.reborn": "{p} (Réincarnés) : un jeton actif renaît en {r}.",
        "ev.queen": "{p} place la Reine en {r}.",
        "ev.armor": "{p} pose une Armure de champignon en {r}.",
        "ev.thieving": "{p} (Voleurs) prend 1 pièce à {q}.",
        "ev.vampire": "{p} (Vampires) remplace le jeton de {victim} en {r}.",
        "ev.vanishing": "{p} : les Évanescents disparaissent de {n} {n:@région|régions} (+{k} {k:@pièce|pièces}).",
        "ev.vengeance": "{q} reçoit un marqueur de vengeance de {p}.",
        "st.pending.reborn": "{p} : Réincarnés — videz une de leurs régions pour y mettre un jeton actif, ou arrêtez",
        "st.pending.royal": "{p} : où placer la Reine ?",
        "st.pending.shield": "{p} : posez vos Armures de champignon dans vos régions",
        "st.pending.tomb": "{p} : D'outre-tombe — redéployez une dernière fois vos jetons",
        "target.vampire": "Vampire", "target.reborn_stop": "Ne plus réincarner", "target.tomb_done": "Fin du redéploiement",
        "move.vamp": "Vampirise la {reg}", "move.reborn": "Réincarne la {reg}",
        "move.reborn_stop": "Arrête les réincarnations", "move.queen": "Place la Reine dans la {reg}",
        "move.armor": "Pose une Armure de champignon dans la {reg}", "move.tmv": "Déplace un pion d'outre-tombe ({arg})",
        "move.tomb_done": "Termine le dernier redéploiement",
        "mk.queen": "Reine (région imprenable)", "mk.armor": "{n} {n:@Armure|Armures} de champignon (+{n} en défense)",
    },
    "en": {
        "ev.martyr": "{p} (Martyr) receives 1 coin for losing {r}.",
        "ev.reborn": "{p} (Reborn): an active token is reborn in {r}.",
        "ev.queen": "{p} puts the Queen in {r}.",
        "ev.armor": "{p} puts a Mushroom Armor in {r}.",
        "ev.thieving": "{p} (Thieving) takes 1 coin from {q}.",
        "ev.vampire": "{p} (Vampire) replaces {victim}'s token in {r}.",
        "ev.vanishing": "{p}: the Vanishing leave {n} {n:@region|regions} (+{k} {k:@coin|coins}).",
        "ev.vengeance": "{q} gets a Vengeance marker from {p}.",
        "st.pending.reborn": "{p}: Reborn — empty one of its regions to put an active token there, or stop",
        "st.pending.royal": "{p}: where does the Queen go?",
        "st.pending.shield": "{p}: put your Mushroom Armors in your regions",
        "st.pending.tomb": "{p}: Tomb — redeploy your tokens one last time",
        "target.vampire": "Vampire", "target.reborn_stop": "No more rebirths", "target.tomb_done": "End the redeployment",
        "move.vamp": "Vampirizes {reg}", "move.reborn": "Is reborn in {reg}",
        "move.reborn_stop": "Stops the rebirths", "move.queen": "Puts the Queen in {reg}",
        "move.armor": "Puts a Mushroom Armor in {reg}", "move.tmv": "Moves a Tomb token ({arg})",
        "move.tomb_done": "Ends the last redeployment",
        "mk.queen": "Queen (immune region)", "mk.armor": "{n} Mushroom {n:@Armor|Armors} (+{n} defence)",
    },
}


def _marks_on(st, r, lang):
    out = []
    qs = st.x.get("queen")
    if qs and r in qs.values():
        out.append(("queen", st.game.t(lang, "mk.queen")))
    a = st.x.get("armor")
    if a and a.get(str(r)):
        out.append(("armor", st.game.t(lang, "mk.armor", n=a[str(r)])))
    return out




#: the qualities of these powers read by the engine (see ruleset.FLAGS)
FLAGS = {k: {"keeps_badge"} for k in KEEP}
FLAGS["tomb"] = {"keeps_badge", "keeps_tokens"}

#: this module's region-level rules and actions (see :mod:`ruleset`)
TABLES = dict(
    protect=(_queen_protect,), immune=(_queen_immune,), defence=(_armor_defence,),
    clear=(_queen_clear, _armor_clear), clear_on_conquest=(_vengeance_on_conquest, _queen_clear, _armor_clear),
    region_marks=(_marks_on,), actions={"vamp": _do_vampire},
    pending={"reborn": (_reborn_moves, _reborn_apply), "royal": (_royal_moves, _royal_apply),
             "shield": (_shield_moves, _shield_apply), "tomb": (_tomb_moves, _tomb_apply)},
)
