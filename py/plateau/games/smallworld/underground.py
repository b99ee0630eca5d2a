"""Small World Underground content as data (rules notes §2): the 15 races,
the 21 special powers, the 6 relics and the 9 places, with their values and
names; their effects are small functions in :mod:`ug_races`,
:mod:`ug_powers` and :mod:`ug_items` (same moments as the base game's, see
:mod:`content`), gathered here into records and tables (:data:`RULES`).

Values where the sources disagree follow the notes' DEFAULT (§2.1, §2.2).
"""

from __future__ import annotations

from . import ug_items, ug_powers, ug_races
from .ruleset import Ruleset, records

# name: (banner, box tokens) — §2.1
RACES = {
    "cultists": (5, 10), "drow": (4, 9), "flames": (4, 9), "gnomes": (6, 11), "iron_dwarves": (7, 12),
    "kraken": (5, 10), "liches": (5, 10), "lizardmen": (7, 12), "mudmen": (5, 12), "mummies": (10, 15),
    "ogres": (5, 10), "shadow_mimes": (7, 12), "shrooms": (5, 10), "spiderines": (7, 12),
    "will_o_wisps": (6, 11),
}
# name: badge tokens — §2.2
POWERS = {
    "adventurous": 5, "fisher": 4, "flocking": 5, "frightened": 4, "immortal": 4, "magic": 5, "martyr": 4,
    "mining": 4, "muddy": 3, "mystic": 4, "quarreling": 3, "reborn": 5, "royal": 5, "shield": 3,
    "stone": 4, "thieving": 4, "tomb": 5, "vampire": 5, "vanishing": 5, "vengeful": 4, "wise": 4,
}
RELICS = ("flying_doormat", "froggys_ring", "stinky_socks", "scepter", "shiny_orb", "killer_sword")
PLACES = ("altar", "crypt", "diamond_fields", "brass_pipe", "fountain", "keep", "lost_mine", "stonehedge",
          "pentacle")
MONSTER_TOKENS = 14  # in the Underground box
SUPPLY = {"monster": 14, "black_mountain": 9, "armor": 8, "vengeance": 4, "hammer": 7}

NAMES = {
    "fr": {
        "cultists": "Cultistes", "drow": "Drows", "flames": "Flammes", "gnomes": "Gnomes",
        "iron_dwarves": "Nains de fer", "kraken": "Kraken", "liches": "Liches", "lizardmen": "Hommes-lézards",
        "mudmen": "Hommes de boue", "mummies": "Momies", "ogres": "Ogres", "shadow_mimes": "Mimes des ombres",
        "shrooms": "Champignons", "spiderines": "Arachnides", "will_o_wisps": "Feux follets",
        "adventurous": "Aventuriers", "fisher": "Pêcheurs", "flocking": "Grégaires", "frightened": "Peureux",
        "immortal": "Immortels", "magic": "Magiques", "martyr": "Martyrs", "mining": "Mineurs",
        "muddy": "Boueux", "mystic": "Mystiques", "quarreling": "Querelleurs", "reborn": "Réincarnés",
        "royal": "Royaux", "shield": "à Bouclier", "stone": "de Pierre", "thieving": "Voleurs",
        "tomb": "D'outre-tombe", "vampire": "Vampires", "vanishing": "Évanescents", "vengeful": "Vengeurs",
        "wise": "Sages",
        "flying_doormat": "Paillasson volant", "froggys_ring": "Anneau de Froggy",
        "stinky_socks": "Chaussettes du Troll puant", "scepter": "Sceptre d'Avarice",
        "shiny_orb": "Orbe scintillant", "killer_sword": "Épée du Lapin tueur",
        "altar": "Autel des Âmes", "crypt": "Crypte du pilleur de tombes", "diamond_fields": "Champs de diamants",
        "brass_pipe": "Grand Tuyau de cuivre", "fountain": "Fontaine de Jouvence",
        "keep": "Donjon de la Mère Patrie", "lost_mine": "Mine du Nain perdu", "stonehedge": "Stonehedge",
        "pentacle": "Pentacle le plus maléfique",
    },
    "en": {
        "cultists": "Cultists", "drow": "Drow", "flames": "Flames", "gnomes": "Gnomes",
        "iron_dwarves": "Iron Dwarves", "kraken": "Kraken", "liches": "Liches", "lizardmen": "Lizardmen",
        "mudmen": "Mudmen", "mummies": "Mummies", "ogres": "Ogres", "shadow_mimes": "Shadow Mimes",
        "shrooms": "Shrooms", "spiderines": "Spiderines", "will_o_wisps": "Will-o'-Wisps",
        "adventurous": "Adventurous", "fisher": "Fisher", "flocking": "Flocking", "frightened": "Frightened",
        "immortal": "Immortal", "magic": "Magic", "martyr": "Martyr", "mining": "Mining", "muddy": "Muddy",
        "mystic": "Mystic", "quarreling": "Quarreling", "reborn": "Reborn", "royal": "Royal",
        "shield": "Shield", "stone": "Stone", "thieving": "Thieving", "tomb": "Tomb", "vampire": "Vampire",
        "vanishing": "Vanishing", "vengeful": "Vengeful", "wise": "Wise",
        "flying_doormat": "Flying Doormat", "froggys_ring": "Froggy's Ring", "stinky_socks": "Stinky Troll's Socks",
        "scepter": "Scepter of Avarice", "shiny_orb": "Shiny Orb", "killer_sword": "Sword of the Killer Rabbit",
        "altar": "Altar of Souls", "crypt": "Crypt of the Tomb-raider", "diamond_fields": "Diamond Fields",
        "brass_pipe": "Great Brass Pipe", "fountain": "Fountain of Youth", "keep": "Keep on the Motherland",
        "lost_mine": "Mine of the Lost Dwarf", "stonehedge": "Stonehedge", "pentacle": "Wickedest Pentacle",
    },
}

def _texts(lang):
    out = {}
    for m in MODULES:
        out.update(m.TEXTS[lang])
    return out


MODULES = (ug_races, ug_powers, ug_items)
TEXTS = {lang: _texts(lang) for lang in ("fr", "en")}
# sentences of the Underground effects (status lines ``st.pending.<kind>``, events ``ev.<key>``…, the tray
# buttons that name an item), merged into the game's catalogue
CATALOGUE = {lang: {} for lang in ("fr", "en")}
for _m in MODULES:
    for _lang in CATALOGUE:
        CATALOGUE[_lang].update(_m.CATALOGUE[_lang])
for _lang, _words in ug_items.labels(NAMES).items():
    CATALOGUE[_lang].update(_words)
# effects with no hook of their own (see content.FLOW)
FLOW = frozenset().union(*(m.FLOW for m in MODULES))
HOOKS = {}
for _m in MODULES:
    HOOKS.update(_m.HOOKS)


def _tables() -> dict:
    out = {}
    for m in MODULES:
        for k, v in m.TABLES.items():
            if isinstance(v, dict):
                out.setdefault(k, {}).update(v)
            else:
                out[k] = out.get(k, ()) + tuple(v)
    return out


#: the Underground's records and region-level rules, added by :mod:`content`
#: to the base game's into Small World's standard ruleset
RULES = Ruleset(
    content={**records("race", RACES, NAMES, TEXTS, HOOKS),
             **records("power", POWERS, NAMES, TEXTS, HOOKS, flags=ug_powers.FLAGS),
             **records("relic", dict.fromkeys(RELICS), NAMES, TEXTS, HOOKS),
             **records("place", dict.fromkeys(PLACES), NAMES, TEXTS, HOOKS),
             **records("monster", ug_items.MONSTERS, NAMES, TEXTS, HOOKS)},
    **_tables(),
)
