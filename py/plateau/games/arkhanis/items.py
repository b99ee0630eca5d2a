"""The places and the relic the Arkhanis sheet adds or changes (seed §7,
rules notes §3.10): the Realms items (Rusted Throne, Mill of the Galinette,
Temple of Abel Simbou, Moonstone Pendant, Discotroll, Obsidian Skull) and the
6-player board's Glandulf's Tavern and Hall of Mirrors as the sheet changes
them. They go into the tables' piles beside the Underground tiles and are
found under Monsters like them.

Places act for the race that holds their region and, like every place, not
In Decline unless the text says so (the Temple says so); the Discotroll and
the Skull are places (§3.10 DEFAULT). The effects that choose something are
moves of the table (``temple:I:up``, ``mirror:Q``, ``tavern:Q``,
``pendant:shield``/``pendant:coin``).
"""

from __future__ import annotations

from plateau.core.game import Move
from plateau.games.smallworld.catalogue import CATALOGUE as SWC
from plateau.games.smallworld.rules import LT
from plateau.games.smallworld.ruleset import Ruleset, records

PLACES = ("rusted_throne", "mill", "temple", "discotroll", "skull", "tavern", "mirror")
RELICS = ("pendant",)
ITEMS = PLACES + RELICS

NAMES = {
    "fr": {"rusted_throne": "Trône Rouillé", "mill": "Moulin de la Galinette", "temple": "Temple de Abel Simbou",
           "pendant": "Pendentif de Pierre de Lune", "discotroll": "Discotroll", "skull": "Crâne d'Obsidienne",
           "tavern": "Gargotte de Glandulf", "mirror": "Galerie des Glaces"},
    "en": {"rusted_throne": "Rusted Throne", "mill": "Mill of the Galinette", "temple": "Temple of Abel Simbou",
           "pendant": "Moonstone Pendant", "discotroll": "Discotroll", "skull": "Obsidian Skull",
           "tavern": "Glandulf's Tavern", "mirror": "Hall of Mirrors"},
}
TEXTS = {
    "fr": {
        "rusted_throne": "À la fin de votre tour, chaque région voisine tenue par un autre joueur vous paie 1 pièce "
                         "(une tribu oubliée paie depuis la banque).",
        "mill": "Chaque région voisine se défend à +1 contre les peuples des autres joueurs que celui qui la tient "
                "(une région vide : contre tous sauf celui qui tient le Moulin).",
        "temple": "Une fois par tour, le joueur dont le peuple (actif ou en déclin) est ici peut déplacer une "
                  "combinaison de la colonne de deux places vers le haut ou le bas, avec ses pièces.",
        "pendant": "Chaque tour, son propriétaire choisit : ignorer l'événement du tour, ou 1 pièce (pas de pièce "
                   "s'il mise à une enchère).",
        "discotroll": "Cette région et ses voisines rapportent 1 pièce de moins à qui les tient.",
        "skull": "Qui a un peuple actif dans une région voisine doit, s'il a des jetons en main, attaquer cette région "
                 "en premier et payer 1 pièce à qui la tient ; il ne peut pas passer en déclin ce tour.",
        "tavern": "À la fin de votre tour, 2 pièces : une pour vous, une pour un adversaire de votre table (vous "
                  "devez partager).",
        "mirror": "Une fois par tour, échangez votre pouvoir spécial avec celui d'un adversaire actif de votre table "
                  "(les pions liés aux pouvoirs retournent dans la réserve).",
    },
    "en": {
        "rusted_throne": "At the end of your turn, each neighbouring region held by another player pays you 1 coin "
                         "(a Lost Tribe pays from the bank).",
        "mill": "Each neighbouring region defends at +1 against the races of players other than its holder (an "
                "empty region: against all but the Mill's holder).",
        "temple": "Once a turn, the player whose race (active or In Decline) is here may move one combo of the "
                  "column two places up or down, with its coins.",
        "pendant": "Each turn its owner chooses: ignore the turn's event, or 1 coin (no coin if he bids at an "
                   "auction).",
        "discotroll": "This region and its neighbours score 1 coin less for their holder.",
        "skull": "Whoever has an active race in a neighbouring region must, with tokens in hand, attack this region "
                 "first and pay its holder 1 coin; he may not go into decline this turn.",
        "tavern": "At the end of your turn, 2 coins: one for you, one for an opponent at your table (you must "
                  "share).",
        "mirror": "Once a turn, swap your special power with that of an active opponent at your table (tokens tied "
                  "to powers go back to the reserve).",
    },
}
CATALOGUE = {
    "fr": {
        "ev.throne": "{p} reçoit {n} {n:@pièce|pièces} de tribut (Trône Rouillé).",
        "ev.tavern": "{p} partage la Gargotte avec {q}.",
        "ev.mirror": "{p} échange son pouvoir avec {q} (Galerie des Glaces).",
        "ev.temple": "{p} déplace une combinaison de la colonne (Temple).",
        "ev.skull": "{p} doit attaquer le Crâne d'Obsidienne et paie 1 pièce.",
        "ev.pendant": "{p} : Pendentif de Pierre de Lune.",
        "st.pending.tavern": "{p} : avec quel adversaire partager la Gargotte de Glandulf ?",
        "st.pending.relic_place": "{p} : où poser votre relique (une région de votre peuple actif) ?",
        "ev.relic_placed": "{p} pose {item} en {r}.", "move.relic": "Pose sa relique dans la {reg}",
        "move.temple": "Déplace une combinaison au Temple ({arg})", "move.mirror": "Échange à la Galerie des Glaces ({arg})",
        "move.tavern": "Partage à la Gargotte ({arg})",
        "target.temple": "Temple", "target.mirror": "Galerie des Glaces",
    },
    "en": {
        "ev.throne": "{p} receives {n} tribute {n:@coin|coins} (Rusted Throne).",
        "ev.tavern": "{p} shares the Tavern with {q}.",
        "ev.mirror": "{p} swaps powers with {q} (Hall of Mirrors).",
        "ev.temple": "{p} moves a combo of the column (Temple).",
        "ev.skull": "{p} must attack the Obsidian Skull and pays 1 coin.",
        "ev.pendant": "{p}: Moonstone Pendant.",
        "st.pending.tavern": "{p}: which opponent shares Glandulf's Tavern?",
        "st.pending.relic_place": "{p}: where does your relic go (a region of your active race)?",
        "ev.relic_placed": "{p} puts {item} on {r}.", "move.relic": "Puts the relic on {reg}",
        "move.temple": "Moves a combo at the Temple ({arg})", "move.mirror": "Swaps at the Hall of Mirrors ({arg})",
        "move.tavern": "Shares at the Tavern ({arg})",
        "target.temple": "Temple", "target.mirror": "Hall of Mirrors",
    },
}


def _where(st, item):
    """The region holding ``item`` (a place or a relic), -1 if none."""
    found = [k.index(item) for k in (st.place, st.relic) if item in k]
    return min(found) if found else -1


def _holder(st, r):
    """The player whose race holds region ``r`` (None: empty or a Lost Tribe)."""
    o = st.owner[r]
    return st.recs[o].p if o >= 0 else None


def _active_here(st, rid):
    return not st.recs[rid].dec


# -- Rusted Throne: tribute at the end of the holder's turn (§3.10) -----------
def _throne_end(st, rid):
    if not _active_here(st, rid):
        return
    me = st.recs[rid].p
    r0 = _where(st, "rusted_throne")
    got = 0
    for r in st.nbrs[r0]:
        o = st.owner[r]
        if o == LT:
            got += 1
        elif o >= 0:
            q = st.recs[o].p
            if q != me and st.coins[q] > 0:  # a payer with no coin pays nothing
                st.pay(q, -1)
                got += 1
    if got:
        st.pay(me, got)
        st.ev("throne", p=me, n=got)


# -- Mill: +1 defence next to it against other players (§3.10, Q10) ----------
def _mill_defence(st, r, rid):
    if rid is None or not st.found:
        return 0
    m = _where(st, "mill")
    if m < 0 or r not in st.nbrs[m]:
        return 0
    me = st.recs[rid].p
    holder = _holder(st, r)
    if holder is None:
        return 0 if _holder(st, m) == me else 1
    return 0 if holder == me else 1


# -- Discotroll: its region and neighbours score 1 less (§3.10) --------------
def _disco_no_score(st, rid, r):
    if not st.found:
        return False
    d = _where(st, "discotroll")
    return d >= 0 and (r == d or r in st.nbrs[d])


# -- Tavern: must share its 2 coins with an opponent at the table (§3.10, Q9) -
def _tavern_end(st, rid):
    if not _active_here(st, rid):
        return
    me = st.recs[rid].p
    tour = getattr(st.clock, "tour", None)
    here = tour.seated_at(st.clock.index) if tour is not None else list(range(st.n))
    others = [q for q in here if q != me]
    if not others:
        st.pay(me, 1)
        return
    st.push("tavern", me, choices=others)


def _tavern_moves(st, d):
    return [Move(f"tavern:{q}", (f"p{q}",)) for q in d["choices"]]


def _tavern_apply(st, d, text):
    q = int(text.partition(":")[2])
    tour = getattr(st.clock, "tour", None)
    both = tour is not None and tour.opts.get("tavern") == "both"
    if not both:
        st.pay(d["p"], 1)
    st.pay(q, 2 if both else 1)
    st.ev("tavern", p=d["p"], q=q)


# -- Hall of Mirrors: swap powers with an active opponent at the table --------
def _mirror_moves(st, rid):
    if not _active_here(st, rid) or st.phase != "conquer" or st.x.get("mirror_used") == st.turn:
        return []
    tour = getattr(st.clock, "tour", None)
    here = tour.seated_at(st.clock.index) if tour is not None else list(range(st.n))
    me = st.recs[rid].p
    return [Move(f"mirror:{q}", ("mirror", f"p{q}")) for q in here
            if q != me and st.active[q] is not None and st.active[q] in st.recs]


def _strip_power_tokens(st, rid):
    """Tokens tied to a special power leave the board (§3.10)."""
    for r in st.regions_of(rid):
        st.camp[r] = 0
        st.hero[r] = False
        st.fort[r] = False
        if st.dragon == r:
            st.dragon = -1
    f = st.ruleset.hooks.get(st.recs[rid].power, {}).get("power_lost")
    if f:
        f(st, rid)


def _mirror_apply(st, arg):
    q = int(arg)
    rid = st.acting
    other = st.active[q]
    _strip_power_tokens(st, rid)
    _strip_power_tokens(st, other)
    a, b = st.recs[rid], st.recs[other]
    a.power, b.power = b.power, a.power
    st.x["mirror_used"] = st.turn
    st.ev("mirror", p=a.p, q=q)


# -- Temple: move a combo two places up or down --------------------------------
def temple_moves(st, p):
    """Temple moves for player ``p`` (active or In Decline race in the Temple's region), once a turn."""
    if not st.found or st.x.get("temple_used") == st.turn:
        return []
    t = _where(st, "temple")
    if t < 0 or _holder(st, t) != p:
        return []
    out = []
    for i in range(len(st.column)):
        if i - 2 >= 0:
            out.append(Move(f"temple:{i}:up", ("temple", f"combo{i}", "up")))
        if i + 2 < len(st.column):
            out.append(Move(f"temple:{i}:down", ("temple", f"combo{i}", "down")))
    return out


def temple_apply(st, arg):
    i, _, way = arg.partition(":")
    i = int(i)
    j = i - 2 if way == "up" else i + 2
    combo = st.column.pop(i)
    st.column.insert(j, combo)
    st.x["temple_used"] = st.turn
    st.ev("temple", p=st.cur)


# -- Obsidian Skull: forced attack, 1 coin, no decline ---------------------------
def skull_region(st, p):
    """The Skull's region when player ``p``'s active race borders it (and does not hold it)."""
    if not st.found:
        return -1
    s = _where(st, "skull")
    rid = st.active[p]
    if s < 0 or rid is None or st.owner[s] == rid:
        return -1
    if any(st.owner[n] == rid for n in st.nbrs[s]):
        return s
    return -1


# -- a relic put with its owner's active race (§3.8) ----------------------------
def _relic_place_moves(st, d):
    regions = d["regions"]
    if "more" in d:  # revision 1: not on top of another relic
        regions = [r for r in regions if st.relic[r] in (None, d["item"])]
    return [Move(f"relic:{r}", (f"r{r}",)) for r in regions]


def next_relic(st, d):
    """The next of the player's relics that has a region to go to (into
    ``d["item"]``); False when none is left."""
    while d["more"]:
        d["item"] = d["more"].pop(0)
        if _relic_place_moves(st, d):
            return True
    return False


def _relic_place_apply(st, d, text):
    r = int(text.partition(":")[2])
    st.clock.tour.place_relic(st, d["item"], r)
    st.ev("relic_placed", p=d["p"], r=r, item=d["item"])
    if "more" in d and next_relic(st, d):
        return False
    return None


#: the tournament's items as records of its tables' ruleset (see
#: plateau.games.smallworld.ruleset), with their region-level rules and moves;
#: :mod:`tournament` adds them to Small World's standard ruleset for its tables only
RULES = Ruleset(
    content={**records("place", dict.fromkeys(PLACES), NAMES, TEXTS,
                       {"rusted_throne": {"end": _throne_end}, "tavern": {"end": _tavern_end},
                        "mirror": {"moves": _mirror_moves}}),
             **records("relic", dict.fromkeys(RELICS), NAMES, TEXTS, {})},
    defence=(_mill_defence,), no_score=(_disco_no_score,),
    pending={"tavern": (_tavern_moves, _tavern_apply), "relic_place": (_relic_place_moves, _relic_place_apply)},
    actions={"mirror": _mirror_apply, "temple": temple_apply},
)


# the items' sentences (statuses, events, tray buttons) where a table's Small
# World words are looked up: new keys only, no Small World sentence changes
for _lang in ("fr", "en"):
    SWC[_lang].update(CATALOGUE[_lang])
