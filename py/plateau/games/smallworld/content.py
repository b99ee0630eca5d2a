"""Small World content as data: the 14 races and 20 special powers of the
base game (banner/badge values, box counts, names, effect texts) plus one
small function per effect, called by the turn engine at named moments.

Moments (hooks) a race or power may define, all optional:

* ``cost(st, rid, r)`` — a reduction (negative number) of the cost of
  conquering region ``r`` for race record ``rid``;
* ``score(st, rid, declined)`` — extra coins at the end of the owner's
  turn, as a list of ``(reason, coins)``; called for In Decline races too
  (the function decides whether it still works In Decline);
* ``on_conquer(st, rid, r)`` — after a region is taken;
* ``redeploy(st, rid)`` — when the redeploy step starts;
* ``redeployed(st, rid)`` — when the redeploy step ends, before scoring;
* ``picked(st, rid)`` — right after the combo is taken;
* ``start(st, rid)`` — at the start of the owner's turn, for each of his
  races on the board (active or In Decline);
* ``declined(st, rid)`` — when the race goes In Decline (before the older
  In Decline race leaves);
* ``end(st, rid)`` — at the end of the owner's turn, after scoring;
* ``reach(st, rid, r, held)`` — True lets the race attempt ``r`` although it
  does not border it (extra adjacency);
* ``entry(st, rid, r)`` — True lets a race entering the map start at ``r``;
* ``losses(st, rid, r, by)`` — tokens lost by race ``rid`` when ``by``
  conquers its region ``r`` (default 1), or None to leave it;
* ``lost(st, rid, r, by)`` — after race ``rid`` lost region ``r`` to ``by``;
* ``found(st, rid, r)`` — a place or relic drawn from the pile lands in ``r``;
* ``water(st, rid, r)`` — True lets the race attempt a Sea or the Lake
  (Kraken on a base board);
* ``region_score(st, rid, r)`` — the one-coin bonus a score effect owes to
  region ``r`` alone, when removing the region would not tell it (the
  Diamond Fields' own region; read by the Scepter of Avarice);
* ``moves(st, rid)`` — extra moves offered in the conquest and redeploy
  steps (``st.phase`` tells which); the move's head (before ``:``) is looked
  up in the ruleset's ``actions``;
* ``conquest_moves(st, rid, targets)`` — conquest moves of a race or power
  that has tokens in hand, offered right after the plain conquests
  (``targets``: the regions it may attempt);
* ``redeploy_moves(st, rid, held)`` — markers a power puts or takes back
  while redeploying (``held``: the race's regions), offered after the
  token moves;
* ``hold(st, rid)`` — True keeps the redeployment from ending (a marker
  still to place);
* ``beaten(st, rid, r)`` — a monster with rules of its own is beaten in
  region ``r``.

Qualities that are only yes or no (Berserk's roll first, Stout's decline
after scoring, Ghouls conquering In Decline…) are a record's ``flags`` (see
``ruleset.FLAGS``); the engine reads them, never a record's name.

Hooks are keyed by race, by special power (not In Decline unless the
function says so: ``declined`` tells), and by place or relic: the items in
the regions a race holds are its keys too (the function decides whether an
item still works In Decline).

Each race and power here becomes one record (``ruleset.Content``: values,
names, texts, hooks) of :data:`BASE`; the Underground's records and
region-level rules (``underground.RULES``) join them into :data:`STANDARD`,
the ruleset every Small World game plays with (``st.ruleset``). Region-level
rules that do not belong to one record are tables of the ruleset
(``defence``, ``protect``, ``pending``, ``actions``…; see ruleset.py). A
tournament builds its own ruleset from :data:`STANDARD` for its tables: no
module fills another's tables.

Terrain equivalences between the two games (rules notes §2.4) are read
through ``st.feat[r]``: a set holding the region's terrain, its symbols, and
their equivalents (Black Mountain ≡ Mountain, Mudpool ≡ Swamp, Mushroom
Forest ≡ Forest, Mine ≡ the mine symbol, Mystic Crystal ≡ the magic symbol).

A race or power without a real effect (Ratmen) has no function.
"""

from __future__ import annotations

from dataclasses import replace

from plateau.core.game import Move

from . import conquest, redeploy, supply
from . import underground as U
from .records import Phase
from .supply import SUPPLY  # noqa: F401 (read as content.SUPPLY)
from .ruleset import TABLES, Ruleset, records

# --- the values --------------------------------------------------------
# name: (banner, box tokens)
RACES = {
    "amazons": (6, 15), "dwarves": (3, 8), "elves": (6, 11), "ghouls": (5, 10),
    "giants": (6, 11), "halflings": (6, 11), "humans": (5, 10), "orcs": (5, 10),
    "ratmen": (8, 13), "skeletons": (6, 20), "sorcerers": (5, 18), "tritons": (6, 11),
    "trolls": (5, 10), "wizards": (5, 10),
}
# name: badge tokens
POWERS = {
    "alchemist": 4, "berserk": 4, "bivouacking": 5, "commando": 4, "diplomat": 5,
    "dragon_master": 5, "flying": 5, "forest": 4, "fortified": 3, "heroic": 5,
    "hill": 4, "merchant": 2, "mounted": 5, "pillaging": 5, "seafaring": 5,
    "spirit": 5, "stout": 4, "swamp": 4, "underworld": 5, "wealthy": 4,
}
AMAZON_EXTRA = 4
WATER = ("sea", "lake")

NAMES = {
    "fr": {
        "amazons": "Amazones", "dwarves": "Nains", "elves": "Elfes", "ghouls": "Goules",
        "giants": "Géants", "halflings": "Hobbits", "humans": "Humains", "orcs": "Orcs",
        "ratmen": "Hommes-rats", "skeletons": "Squelettes", "sorcerers": "Sorciers",
        "tritons": "Tritons", "trolls": "Trolls", "wizards": "Mages",
        "alchemist": "Alchimistes", "berserk": "Berserks", "bivouacking": "Bivouaqueurs",
        "commando": "Commandos", "diplomat": "Diplomates", "dragon_master": "Maîtres des dragons",
        "flying": "Volants", "forest": "Forestiers", "fortified": "Fortifiés", "heroic": "Héroïques",
        "hill": "des Collines", "merchant": "Marchands", "mounted": "Montés", "pillaging": "Pillards",
        "seafaring": "Marins", "spirit": "Ancestraux", "stout": "Vaillants", "swamp": "des Marais",
        "underworld": "Souterrains", "wealthy": "Fortunés",
    },
    "en": {
        "amazons": "Amazons", "dwarves": "Dwarves", "elves": "Elves", "ghouls": "Ghouls",
        "giants": "Giants", "halflings": "Halflings", "humans": "Humans", "orcs": "Orcs",
        "ratmen": "Ratmen", "skeletons": "Skeletons", "sorcerers": "Sorcerers",
        "tritons": "Tritons", "trolls": "Trolls", "wizards": "Wizards",
        "alchemist": "Alchemist", "berserk": "Berserk", "bivouacking": "Bivouacking",
        "commando": "Commando", "diplomat": "Diplomat", "dragon_master": "Dragon Master",
        "flying": "Flying", "forest": "Forest", "fortified": "Fortified", "heroic": "Heroic",
        "hill": "Hill", "merchant": "Merchant", "mounted": "Mounted", "pillaging": "Pillaging",
        "seafaring": "Seafaring", "spirit": "Spirit", "stout": "Stout", "swamp": "Swamp",
        "underworld": "Underworld", "wealthy": "Wealthy",
    },
}

TEXTS = {
    "fr": {
        "amazons": "4 jetons de plus, seulement pour conquérir : ils repartent après le redéploiement et reviennent au tour suivant.",
        "dwarves": "+1 pièce par région avec une mine, même en déclin.",
        "elves": "Quand on leur prend une région, ils ne perdent aucun jeton (tant qu'ils sont actifs).",
        "ghouls": "En déclin, tous leurs jetons restent et ils continuent de conquérir au début du tour de leur joueur.",
        "giants": "Conquête à −1 (minimum 1) d'une région voisine d'une montagne qu'ils occupent.",
        "halflings": "Entrent par n'importe quelle région ; un terrier dans chacune de leurs 2 premières conquêtes la rend imprenable.",
        "humans": "+1 pièce par région de champs.",
        "orcs": "+1 pièce par région non vide conquise ce tour.",
        "ratmen": "Pas de pouvoir : leur nombre suffit.",
        "skeletons": "Au redéploiement, +1 jeton de la réserve pour 2 régions non vides conquises ce tour.",
        "sorcerers": "Une fois par tour et par adversaire, changent en Sorcier un jeton actif seul dans une région voisine.",
        "tritons": "Conquête à −1 (minimum 1) des régions au bord d'une mer ou du lac.",
        "trolls": "Une tanière dans chaque région conquise : +1 en défense, même en déclin.",
        "wizards": "+1 pièce par région magique.",
        "alchemist": "+2 pièces à chaque tour tant que la race est active.",
        "berserk": "Peut lancer le dé avant chaque conquête, puis choisir la région.",
        "bivouacking": "5 campements à placer au redéploiement : +1 en défense chacun, protègent des Sorciers.",
        "commando": "Toutes les conquêtes à −1 (minimum 1).",
        "diplomat": "En fin de tour, désigne un adversaire non attaqué : il ne peut pas attaquer votre race active jusqu'à votre prochain tour.",
        "dragon_master": "Une fois par tour, conquiert une région avec 1 seul jeton et y pose le dragon : région imprenable.",
        "flying": "Peut conquérir n'importe quelle région de terre, même non voisine.",
        "forest": "+1 pièce par région de forêt.",
        "fortified": "Une forteresse par tour (6 au plus) : +1 pièce tant que la race est active, +1 en défense même en déclin.",
        "heroic": "En fin de tour, 2 héros dans 2 régions : ces régions sont imprenables.",
        "hill": "+1 pièce par région de collines.",
        "merchant": "+1 pièce par région occupée.",
        "mounted": "Conquête à −1 (minimum 1) des collines et des champs.",
        "pillaging": "+1 pièce par région non vide conquise ce tour.",
        "seafaring": "Peut conquérir les mers et le lac, et les garde et compte même en déclin.",
        "spirit": "Leur race en déclin ne compte pas dans la limite d'une race en déclin et n'en disparaît jamais.",
        "stout": "Peut passer en déclin à la fin d'un tour normal, après avoir compté ses pièces.",
        "swamp": "+1 pièce par région de marais.",
        "underworld": "Conquête à −1 (minimum 1) des régions à caverne ; toutes les cavernes sont voisines.",
        "wealthy": "+7 pièces une seule fois, à la fin du premier tour.",
    },
    "en": {
        "amazons": "4 extra tokens for conquering only: they leave after redeployment and come back next turn.",
        "dwarves": "+1 coin per region with a mine, even In Decline.",
        "elves": "When a region of theirs is taken they lose no token (while active).",
        "ghouls": "In Decline all their tokens stay, and they keep conquering at the start of their player's turn.",
        "giants": "Conquests cost 1 less (at least 1) next to a mountain they hold.",
        "halflings": "Enter through any region; a hole in each of their first 2 conquests makes it untouchable.",
        "humans": "+1 coin per farmland region.",
        "orcs": "+1 coin per non-empty region conquered this turn.",
        "ratmen": "No power: their numbers are enough.",
        "skeletons": "At redeployment, +1 token from the tray for every 2 non-empty regions conquered this turn.",
        "sorcerers": "Once a turn per opponent, turn a lone active enemy token in a neighbouring region into a Sorcerer.",
        "tritons": "Conquests of regions by a sea or the lake cost 1 less (at least 1).",
        "trolls": "A lair in every region they hold: +1 defence, even In Decline.",
        "wizards": "+1 coin per magic region.",
        "alchemist": "+2 coins every turn while the race is active.",
        "berserk": "May roll the die before each conquest, then choose the region.",
        "bivouacking": "5 encampments placed at redeployment: +1 defence each, and they stop Sorcerers.",
        "commando": "Every conquest costs 1 less (at least 1).",
        "diplomat": "At the end of the turn name an opponent you did not attack: he may not attack your active race until your next turn.",
        "dragon_master": "Once a turn, conquer a region with a single token and put the dragon there: it cannot be taken.",
        "flying": "May conquer any land region, neighbour or not.",
        "forest": "+1 coin per forest region.",
        "fortified": "One fortress a turn (6 at most): +1 coin while active, +1 defence even In Decline.",
        "heroic": "At the end of the turn 2 heroes in 2 regions: those regions cannot be taken.",
        "hill": "+1 coin per hill region.",
        "merchant": "+1 coin per region held.",
        "mounted": "Conquests of hills and farmland cost 1 less (at least 1).",
        "pillaging": "+1 coin per non-empty region conquered this turn.",
        "seafaring": "May conquer the seas and the lake, and keeps and scores them even In Decline.",
        "spirit": "Its In Decline race does not count toward the one-decline limit and never leaves because of it.",
        "stout": "May go In Decline at the end of a normal turn, after scoring.",
        "swamp": "+1 coin per swamp region.",
        "underworld": "Conquests of cavern regions cost 1 less (at least 1); all caverns are neighbours.",
        "wealthy": "+7 coins once, at the end of the first turn.",
    },
}


# --- effect functions ---------------------------------------------------
def _terrain_cost(terrains):
    def f(st, rid, r):
        return -1 if any(t in st.feat[r] for t in terrains) else 0
    return f


def _giants_cost(st, rid, r):
    for n in st.nbrs[r]:
        if st.owner[n] == rid and "mountain" in st.feat[n]:
            return -1
    return 0


def _tritons_cost(st, rid, r):
    return -1 if st.coastal[r] else 0


def _underworld_cost(st, rid, r):
    return -1 if "cavern" in st.feat[r] else 0


def _commando_cost(st, rid, r):
    return -1


def _count_bonus(reason, test, even_declined=False):
    def f(st, rid, declined):
        if declined and not even_declined:
            return []
        n = sum(1 for r in st.regions_of(rid) if test(st, r))
        return [(reason, n)] if n else []
    return f


def _terrain(t):
    return lambda st, r: t in st.feat[r]


def _symbol(s):
    return lambda st, r: s in st.feat[r]


def _nonempty_conquests(reason):
    def f(st, rid, declined):
        if declined:
            return []
        n = sum(1 for r, ne in st.tp.conq if ne and st.tp.conq_rid.get(r) == rid)
        return [(reason, n)] if n else []
    return f


def _alchemist(st, rid, declined):
    return [] if declined else [("alchemist", 2)]


def _merchant(st, rid, declined):
    return [] if declined else [("merchant", len(st.regions_of(rid)))]


def _fortified_score(st, rid, declined):
    if declined:
        return []
    n = sum(1 for r in st.regions_of(rid) if st.fort[r])
    return [("fortified", n)] if n else []


def _wealthy(st, rid, declined):
    if declined or st.recs[rid].scored:
        return []
    return [("wealthy", 7)]


def _halflings_conquer(st, rid, r):
    rec = st.recs[rid]
    if rec.holes < 2 and not rec.dec:
        rec.holes += 1
        st.hole[r] = True


def _trolls_conquer(st, rid, r):
    if supply.supply_left(st, "lair") > 0:
        st.lair[r] = True


def _skeletons_redeploy(st, rid):
    rec = st.recs[rid]
    if rec.dec:
        return
    n = sum(1 for r, ne in st.tp.conq if ne and st.tp.conq_rid.get(r) == rid) // 2
    n = min(n, st.tray(rid))
    if n:
        rec.hand += n
        st.ev("skeletons", p=rec.p, n=n)


def _amazons_park(st, rid):
    """After redeploying, the tokens for conquering only leave the board
    (from hand first, then from the largest stacks) until the next turn."""
    rec = st.recs[rid]
    if rec.dec:
        return
    extra = st.ruleset.content[rec.race].extra
    rec.parked = extra - supply.take_off(st, rid, extra)
    st.ev("amazons", p=rec.p, n=rec.parked)


def _elves_losses(st, rid, r, by):
    return None if st.recs[rid].dec else 0


def _anywhere(st, rid, r):
    return True


def _flying_entry(st, rid, r):
    return not st.water[r] and st.opts.get("flying_entry", "anywhere") == "anywhere"


def _flying_reach(st, rid, r, held):
    return not st.water[r]


def _underworld_reach(st, rid, r, held):
    return "cavern" in st.feat[r] and any("cavern" in st.feat[h] for h in held)


def sorcery_targets(st, rid):
    """Regions where the Sorcerers may turn a lone active token of another
    player into one of theirs: next to them, not behind an encampment, not a
    player already bewitched this turn."""
    out = []
    me = st.recs[rid].p
    for r in range(st.R):
        o = st.owner[r]
        if o < 0 or st.tok[r] != 1 or st.camp[r]:
            continue
        if st.water[r] and not st.able(rid, "sails"):
            continue
        orec = st.recs[o]
        if orec.dec or orec.p == me or orec.p in st.tp.sorc:
            continue
        if conquest.protected_from(st, rid, r) or conquest.proof(st, rid, r):
            continue
        if any(st.owner[n] == rid for n in st.nbrs[r]):
            out.append(r)
    return out


def _sorcery_moves(st, rid):
    if st.phase != Phase.CONQUER or st.tp.ghoul or st.recs[rid].dec or st.tray(rid) <= 0:
        return []
    return [Move(f"sorc:{r}", ("sorcery", f"r{r}")) for r in sorcery_targets(st, rid)]


def _do_sorcery(st, arg):
    r = int(arg)
    rid = st.acting
    rec = st.recs[rid]
    o = st.owner[r]
    st.tp.sorc.append(st.recs[o].p)
    st.ev("sorcery", p=rec.p, victim=st.recs[o].p, r=r)
    conquest.take(st, rid, r, 1, how="sorc")


def _dragon_moves(st, rid, targets):
    tp = st.tp
    if tp.ghoul or tp.dragon or tp.roll is not None:
        return []
    return [Move(f"dragon:{r}", ("dragon", f"r{r}")) for r in targets if not conquest.proof(st, rid, r)]


def _do_dragon(st, arg):
    r = int(arg)
    rid = st.acting
    rec = st.recs[rid]
    rec.hand -= 1
    st.tp.dragon = True
    st.ev("dragon", p=rec.p, r=r)
    conquest.take(st, rid, r, 1)
    st.dragon = r


def _redeploy_log(st, key):
    """What gave and what received in this redeployment (from rules revision 1, see
    ``redeploy.moves``): the regions under ``key + "from"`` and ``key + "to"``."""
    rd = st.tp.rd if st.rev >= 1 else None
    return (set(rd.get(key + "from", ())), set(rd.get(key + "to", ()))) if rd else (set(), set())


def _fortress_moves(st, rid, held):
    if st.tp.ghoul or st.tp.fort or supply.supply_left(st, "fortress") <= 0:
        return []
    return [Move(f"fort:{r}", ("fortress", f"r{r}")) for r in held if not st.fort[r]]


def _do_fortress(st, arg):
    r = int(arg)
    st.fort[r] = True
    st.tp.fort = True
    st.ev("fortress", p=st.recs[st.acting].p, r=r)


def _camp_moves(st, rid, held):
    if st.tp.ghoul:
        return []
    gave, got = _redeploy_log(st, "camp_")
    out = []
    if supply.supply_left(st, "camp") > 0:
        out += [Move(f"camp:{r}", ("camp", f"r{r}")) for r in held if r not in gave]
    return out + [Move(f"uncamp:{r}", ("uncamp", f"r{r}")) for r in held if st.camp[r] and r not in got]


def _do_camp(st, arg):
    st.camp[int(arg)] += 1
    redeploy.note(st, "camp_", b=int(arg))


def _do_uncamp(st, arg):
    st.camp[int(arg)] -= 1
    redeploy.note(st, "camp_", a=int(arg))


def _heroes_left(st, rid):
    return min(2, len(st.regions_of(rid))) - sum(st.hero)


def _hero_moves(st, rid, held):
    if st.tp.ghoul:
        return []
    gave, got = _redeploy_log(st, "hero_")
    out = []
    if _heroes_left(st, rid) > 0:
        free = [r for r in held if not st.hero[r]]
        out += [Move(f"hero:{r}", ("hero", f"r{r}")) for r in [r for r in free if r not in gave] or free]
    return out + [Move(f"unhero:{r}", ("unhero", f"r{r}")) for r in held if st.hero[r] and r not in got]


def _heroes_to_place(st, rid):
    return not st.tp.ghoul and _heroes_left(st, rid) > 0


def _heroes_follow(st, rid):
    """A hero stays only in a region the race still holds."""
    if st.tp.ghoul:
        return
    held = set(st.regions_of(rid))
    for r in range(st.R):
        if st.hero[r] and r not in held:
            st.hero[r] = False


def _do_hero(st, arg):
    st.hero[int(arg)] = True
    redeploy.note(st, "hero_", b=int(arg))


def _do_unhero(st, arg):
    st.hero[int(arg)] = False
    redeploy.note(st, "hero_", a=int(arg))


# hooks: name -> {moment: function}
HOOKS = {
    "giants": {"cost": _giants_cost},
    "tritons": {"cost": _tritons_cost},
    "dwarves": {"score": _count_bonus("dwarves", _symbol("mine"), even_declined=True)},
    "humans": {"score": _count_bonus("humans", _terrain("farmland"))},
    "wizards": {"score": _count_bonus("wizards", _symbol("magic"))},
    "orcs": {"score": _nonempty_conquests("orcs")},
    "amazons": {"redeployed": _amazons_park},
    "elves": {"losses": _elves_losses},
    "halflings": {"on_conquer": _halflings_conquer, "entry": _anywhere},
    "sorcerers": {"moves": _sorcery_moves},
    "trolls": {"on_conquer": _trolls_conquer},
    "skeletons": {"redeploy": _skeletons_redeploy},
    "commando": {"cost": _commando_cost},
    "mounted": {"cost": _terrain_cost(("hill", "farmland"))},
    "underworld": {"cost": _underworld_cost, "reach": _underworld_reach},
    "flying": {"entry": _flying_entry, "reach": _flying_reach},
    "dragon_master": {"conquest_moves": _dragon_moves},
    "fortified": {"score": _fortified_score, "redeploy_moves": _fortress_moves},
    "bivouacking": {"redeploy_moves": _camp_moves},
    "heroic": {"redeploy": _heroes_follow, "redeploy_moves": _hero_moves, "hold": _heroes_to_place},
    "alchemist": {"score": _alchemist},
    "merchant": {"score": _merchant},
    "forest": {"score": _count_bonus("forest", _terrain("forest"))},
    "hill": {"score": _count_bonus("hill", _terrain("hill"))},
    "swamp": {"score": _count_bonus("swamp", _terrain("swamp"))},
    "pillaging": {"score": _nonempty_conquests("pillaging")},
    "wealthy": {"score": _wealthy},
}
# qualities the engine reads as yes or no (ruleset.FLAGS)
FLAGS = {
    "ghouls": {"keeps_tokens", "conquers_in_decline"},
    "berserk": {"roll_first"},
    "diplomat": {"names_peace"},
    "seafaring": {"sails"},
    "spirit": {"decline_apart"},
    "stout": {"stout_decline"},
    "wealthy": {"once"},
}
# moves of the base races and powers, by head
BASE_ACTIONS = {"sorc": _do_sorcery, "dragon": _do_dragon, "fort": _do_fortress, "camp": _do_camp,
           "uncamp": _do_uncamp, "hero": _do_hero, "unhero": _do_unhero}
# Effects with no hook or flag of their own: Trolls' lairs staying In
# Decline (a lair is a marker of the region). A test checks that each race
# and power has an effect somewhere.
FLOW = {"trolls"}


BASE_RACES = tuple(sorted(RACES))
BASE_POWERS = tuple(sorted(POWERS))

# terrain equivalences, both ways (rules notes §2.4)
EQUIVALENT = {"black_mountain": "mountain", "mudpool": "swamp", "mushroom_forest": "forest", "mine": "mine",
              "mystic_crystal": "magic"}


def features(terrain: str, symbols) -> frozenset:
    out = {terrain, *symbols}
    for a, b in EQUIVALENT.items():
        if a in out:
            out.add(b)
        if b in out:
            out.add(a)
    return frozenset(out)


#: Small World's base game as records (the races and powers above)
BASE = Ruleset(content={**records("race", RACES, NAMES, TEXTS, HOOKS, FLAGS, extra={"amazons": AMAZON_EXTRA}),
                        **records("power", POWERS, NAMES, TEXTS, HOOKS, FLAGS)},
               actions=BASE_ACTIONS)
#: the ruleset of every Small World game: the base game and the Underground
#: (a game's ``content`` option picks which races and powers are dealt; the
#: places, relics and monsters come with the board)
STANDARD = BASE.plus(U.RULES)
#: the ruleset of a game that can meet none of the Underground's races,
#: powers, places, relics or Monsters (:func:`ruleset_for`): the same records
#: and moves, without the Underground's region-level rules (its immune
#: regions, markers, extra defences…), which could only ever answer "none"
#: there and are asked of every region while moves are listed
BASE_ONLY = BASE.plus(replace(U.RULES, **{name: () for name in TABLES}))


def ruleset_for(options: dict) -> Ruleset:
    """The ruleset a game with these options plays with: :data:`BASE_ONLY`
    for Small World's base races and powers on its classic maps without
    Monsters, else :data:`STANDARD`."""
    plain = (options.get("content", "base") == "base" and options.get("board", "classic") == "classic"
             and options.get("monsters", "none") == "none")
    return BASE_ONLY if plain else STANDARD

# read-only views of the standard ruleset, by name (the engine reads a
# game's own ruleset, ``st.ruleset``; these serve the pages and the tests)
RACES = {k: (c.tokens, c.box) for k, c in STANDARD.content.items() if c.kind == "race"}
POWERS = {k: c.tokens for k, c in STANDARD.content.items() if c.kind == "power"}
HOOKS = STANDARD.hooks
FLOW = frozenset(FLOW | set(FLAGS) | U.FLOW)
KEEP_BADGE = STANDARD.keep_badge
KEEP_TOKENS = STANDARD.keep_tokens
ACTIONS = STANDARD.actions
PENDING = STANDARD.pending
REGION_MARKS = STANDARD.region_marks
UG_RACES = tuple(sorted(U.RACES))
UG_POWERS = tuple(sorted(U.POWERS))
ITEMS = U.RELICS + U.PLACES
RELIC_SET = STANDARD.relics


def decks(content: str) -> tuple[list, list]:
    """The banners and badges of a game's content: ``base``, ``underground``
    or ``mixed`` (any race may meet any power)."""
    races = {"base": BASE_RACES, "underground": UG_RACES}.get(content, BASE_RACES + UG_RACES)
    powers = {"base": BASE_POWERS, "underground": UG_POWERS}.get(content, BASE_POWERS + UG_POWERS)
    return sorted(races), sorted(powers)


def name(key: str, lang: str) -> str:
    """The name of a race, power, place or relic of Small World's standard
    ruleset (a tournament's own items: ``st.ruleset.name``)."""
    return STANDARD.name(key, lang)


def text(key: str, lang: str) -> str:
    return STANDARD.text(key, lang)
