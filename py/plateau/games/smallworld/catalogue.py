"""Every sentence Small World shows, French first, and the event texts."""

from __future__ import annotations

from plateau.core.i18n import tr

from . import content as C
from . import supply
from . import underground as U
from .records import Phase

CATALOGUE = {
    "fr": {
        "seat.0": "Rouge", "seat.1": "Bleu", "seat.2": "Vert", "seat.3": "Jaune", "seat.4": "Violet",
        "score.caption": "Pièces de victoire",
        "score.player": "Joueur", "score.coins": "Pièces", "score.tokens": "Pions sur la carte",
        "score.hidden": "Les pièces des autres joueurs restent cachées jusqu'à la fin (« ? »).",
        "opt.sea_entry": "Entrée par la mer (Marins, Kraken)",
        "opt.sea_entry.edge": "une mer au bord du plateau est une région du bord (défaut)",
        "opt.sea_entry.land": "seules les régions de terre sont des régions du bord",
        "opt.flying_entry": "Entrée des Volants",
        "opt.flying_entry.anywhere": "n'importe quelle région de terre (défaut)",
        "opt.flying_entry.border": "une région du bord, comme les autres",
        "opt.map5_border_13_19": "Carte à 5 : frontière entre 13 et 19",
        "opt.map5_lt_19": "Carte à 5 : tribu oubliée en 19",
        "opt.map5_terrain_28": "Carte à 5 : terrain de la région 28",
        "opt.hill": "collines (défaut)", "opt.farmland": "champs",
        "opt.tiebreak": "Égalité finale",
        "opt.tiebreak.tokens": "le plus de jetons de race sur la carte, puis victoire partagée (défaut)",
        "opt.tiebreak.shared": "victoire partagée",
        "opt.open_coins": "Pièces visibles de tous",
        "opt.no": "non", "opt.yes": "oui",
        "target.decline": "Passer en déclin", "target.end": "Fin des conquêtes", "target.done": "Fin du tour",
        "target.roll": "Lancer le dé (Berserks)", "target.abandon": "Abandonner une région",
        "target.dragon": "Dragon", "target.sorcery": "Sorcellerie", "target.fortress": "Poser une forteresse",
        "target.camp": "Poser un campement", "target.uncamp": "Reprendre un campement",
        "target.hero": "Poser un héros", "target.unhero": "Reprendre un héros",
        "target.all": "Tous les jetons en main", "target.pass": "Ne pas décliner",
        "target.nopeace": "Aucune paix",
        "target.combo": "{race} {power} — {n} jetons, coûte {cost}, {coins} {coins:@pièce|pièces} dessus",
        "target.peace": "Paix avec {p}", "target.peace_n": "Paix avec le joueur {n}",
        "st.turn": "Tour {n}/{m}",
        "st.pick": "{p} : choisissez un peuple et son pouvoir dans la colonne",
        "st.conquer": "{p} ({race}) : conquérez — {hand} {hand:@jeton|jetons} en main",
        "st.conquer_roll": "{p} ({race}) : dé des Berserks = {face}, choisissez la région",
        "st.ghoul": "{p} : les Goules en déclin conquièrent — {hand} {hand:@jeton|jetons} en main",
        "st.redeploy": "{p} ({race}) : redéployez — {hand} {hand:@jeton|jetons} en main",
        "st.redeploy.put": "un clic sur une de vos régions y pose un jeton (+1) ; « Tous les jetons en main » puis une région les y pose tous",
        "st.redeploy.move": "un clic sur une de vos régions puis un sur une autre y déplace un jeton ; « Tout reprendre » puis une région reprend ses jetons sauf un ; « Fin du tour » pour finir",
        "st.redeploy.move0": "un clic sur une de vos régions puis un sur une autre y déplace un jeton ; « Fin du tour » pour finir",
        "st.redeploy.done": "plus aucun jeton à déplacer : « Fin du tour » pour finir",
        "hint.from": "{reg} choisie : cliquez la région où va un de ses jetons (« Annuler la sélection » pour changer)",
        "hint.all": "« Tous les jetons en main » : cliquez la région où les poser",
        "hint.back": "« Tout reprendre » : cliquez la région dont vous reprenez les jetons (sauf un)",
        "target.back": "Tout reprendre",
        "st.redeploy.from": "{n:@la région|les régions} {regs} {n:@a|ont} donné des jetons : plus rien n'y revient",
        "st.redeploy.to": "{n:@la région|les régions} {regs} {n:@a|ont} reçu un jeton déplacé : {n:@elle n'en donne|elles n'en donnent} plus",
        "st.diplomat": "{p} : Diplomates — avec qui faire la paix ?",
        "st.stout": "{p} : Vaillants — passer en déclin maintenant ?",
        "st.defend": "{p} ({race}) : replacez vos {hand} {hand:@jeton|jetons} repris dans vos régions",
        "st.over": "Partie terminée",
        "st.last": "dernier : {ev}",
        "ev.turn": "Tour {n} de {p}.",
        "ev.pick": "{p} prend {race} {power} (paie {paid}, ramasse {got}).",
        "ev.conquer": "{p} ({race}) conquiert {r} pour {cost}.",
        "ev.die": "{p} ({race}) : dé {face} pour {r} (coût {cost}, {hand} en main) — {ok}.",
        "ev.ok.True": "réussi", "ev.ok.False": "raté",
        "ev.roll": "{p} (Berserks) lance le dé : {face}.",
        "ev.berserk_stop": "{p} ne peut rien conquérir avec ce dé : fin des conquêtes.",
        "ev.dragon": "{p} envoie le dragon en {r}.",
        "ev.sorcery": "{p} ensorcelle le jeton de {victim} en {r}.",
        "ev.abandon": "{p} abandonne {r}.",
        "ev.lose": "{p} ({race}) perd {r} : {lost} {lost:@jeton perdu|jetons perdus}, {back} repris.",
        "ev.vanish": "Les {race} de {p} quittent la carte.",
        "ev.skeletons": "{p} : {n} {n:@Squelette|Squelettes} de plus.",
        "ev.amazons": "{p} : {n} Amazones repartent jusqu'au prochain tour.",
        "ev.fortress": "{p} bâtit une forteresse en {r}.",
        "ev.peace": "{p} fait la paix avec {q}.",
        "ev.score": "{p} gagne {total} {total:@pièce|pièces} : {why}.",
        "ev.score_hidden": "{p} compte ses pièces.",
        "ev.decline": "{p} : les {race} passent en déclin.",
        "ev.over": "Partie terminée.",
        "why.regions": "{k} {k:@région|régions} {race}", "why.declined": "{k} {k:@région|régions} {race} en déclin",
        "why.bonus": "+{k} {what}",
        "why.zero": "{what} : rien",
        "glossary.title": "Ce que font les peuples, pouvoirs, lieux, reliques et monstres en jeu",
        "glossary.monsters": "Monstres", "glossary.golden_knight": "Chevalier d'Or",
        "glossary.snow_thing": "Abominable Machin des Neiges",
        "text.monsters": "2 jetons Monstre gardent la région : +1 au coût par jeton. Qui la conquiert tire une "
                         "tuile lieu ou relique et la pose là.",
        "text.golden_knight": "Un Monstre qui compte double ; le battre rapporte 5 points en fin de partie, un lieu "
                              "et une relique à garder.",
        "text.snow_thing": "Ne se prend que par « Attaquer le Machin des Neiges » : engagez des jetons, puis un dé "
                           "de 1 à 4 est lancé ; la victoire rapporte 3 points en fin de partie et une tuile.",
        "why.nothing": "rien",
        "gain": "{p}, ce tour vous rapporte +{total} {total:@pièce|pièces} : {why}.",
        "region": "région {r}",
        "pos.column": "Peuples et pouvoirs à prendre (pièces dessus) : {combos}",
        "pos.empty": "Régions vides : {regions}",
        "pos.race": "{race} ({p}) : {r} {r:@région|régions}, {n} {n:@jeton|jetons}",
        "pos.no_race": "aucun peuple sur la carte",
        "result.win": "{p} gagne avec {c} pièces.",
        "result.draw": "Victoire partagée : {ps} ({c} pièces).",
        "result.line": "{p} : {c} pièces, {t} jetons de race sur la carte.",
        "panel.turn": "Tour {n} / {m}",
        "panel.coins": "{c} pièces", "panel.coins_hidden": "pièces cachées",
        "panel.hand": "en main : {n}",
        "panel.items": "tient : {items}",
        "panel.column": "Peuples et pouvoirs", "panel.events": "Derniers événements",
        "cost": "coût {c}", "die_hint": "dé nécessaire",
        "terrain.sea": "mer", "terrain.lake": "lac", "terrain.farmland": "champs", "terrain.forest": "forêt",
        "terrain.hill": "collines", "terrain.swamp": "marais", "terrain.mountain": "montagne",
        "lt": "tribu oubliée", "declined": "en déclin",
        "mk.lair": "tanière de Trolls", "mk.fortress": "forteresse", "mk.camp": "campement",
        "mk.hole": "terrier", "mk.hero": "héros", "mk.dragon": "dragon",
        "mk.monster": "{n} {n:@Monstre|Monstres} (+{n} à la défense)",
        "mk.golden_knight": "Chevalier d'Or (compte pour 2 Monstres ; 5 points en fin de partie)",
        "mk.snow_thing": "Abominable Machin des Neiges (1 + un dé de renfort ; 3 points en fin de partie)",
        "opt.board": "Plateau",
        "opt.board.classic": "Small World (carte du nombre de joueurs, défaut)",
        "opt.board.underground": "Small World Underground (à 2 : la carte imprimée ; 3–5 : cartes de Plateau)",
        "opt.board.random": "plateau aléatoire (tuiles des deux jeux, Chevalier d'Or et Machin des Neiges)",
        "opt.content": "Peuples et pouvoirs",
        "opt.content.base": "Small World (défaut)", "opt.content.underground": "Small World Underground",
        "opt.content.mixed": "les deux mélangés",
        "opt.monsters": "Monstres sur une carte Small World",
        "opt.monsters.none": "aucun (défaut)",
        "opt.monsters.random": "placés au hasard (règle de compatibilité d'Underground)",
        "opt.monsters.hand": "placés par le premier joueur (règle de compatibilité d'Underground)",
        "ev.monster": "{p} bat {n} {n:@Monstre|Monstres} en {r}.",
        "ev.found": "{p} découvre en {r} : {item}.",
        "ev.river": "{p} quitte la rivière en {r}.",
        "ev.vp": "{p} : +{n} {n:@point|points} de fin de partie.",
        "card.tokens": "{n} jetons", "card.cost": "coûte {c} {c:@pièce|pièces}",
    },
    "en": {
        "seat.0": "Red", "seat.1": "Blue", "seat.2": "Green", "seat.3": "Yellow", "seat.4": "Purple",
        "score.caption": "Victory coins",
        "score.player": "Player", "score.coins": "Coins", "score.tokens": "Tokens on the map",
        "score.hidden": "The other players' coins stay hidden until the end (“?”).",
        "opt.sea_entry": "Entering by sea (Seafaring, Kraken)",
        "opt.sea_entry.edge": "a sea at the board's edge is a border region (default)",
        "opt.sea_entry.land": "only land regions are border regions",
        "opt.flying_entry": "Flying's entry",
        "opt.flying_entry.anywhere": "any land region (default)",
        "opt.flying_entry.border": "a border region, like the others",
        "opt.map5_border_13_19": "5-player map: border between 13 and 19",
        "opt.map5_lt_19": "5-player map: Lost Tribe on 19",
        "opt.map5_terrain_28": "5-player map: terrain of region 28",
        "opt.hill": "hill (default)", "opt.farmland": "farmland",
        "opt.tiebreak": "Final tie",
        "opt.tiebreak.tokens": "most race tokens on the map, then shared win (default)",
        "opt.tiebreak.shared": "shared win",
        "opt.open_coins": "Coins open to all",
        "opt.no": "no", "opt.yes": "yes",
        "target.decline": "Go In Decline", "target.end": "End conquests", "target.done": "End turn",
        "target.roll": "Roll the die (Berserk)", "target.abandon": "Abandon a region",
        "target.dragon": "Dragon", "target.sorcery": "Sorcery", "target.fortress": "Build a fortress",
        "target.camp": "Place an encampment", "target.uncamp": "Take an encampment back",
        "target.hero": "Place a hero", "target.unhero": "Take a hero back",
        "target.all": "All tokens in hand", "target.pass": "Do not decline",
        "target.nopeace": "No peace",
        "target.combo": "{race} {power} — {n} tokens, costs {cost}, {coins} {coins:@coin|coins} on it",
        "target.peace": "Peace with {p}", "target.peace_n": "Peace with player {n}",
        "st.turn": "Turn {n}/{m}",
        "st.pick": "{p}: choose a race and its power from the column",
        "st.conquer": "{p} ({race}): conquer — {hand} {hand:@token|tokens} in hand",
        "st.conquer_roll": "{p} ({race}): Berserk die = {face}, choose the region",
        "st.ghoul": "{p}: the In Decline Ghouls conquer — {hand} {hand:@token|tokens} in hand",
        "st.redeploy": "{p} ({race}): redeploy — {hand} {hand:@token|tokens} in hand",
        "st.redeploy.put": "a click on one of your regions puts a token there (+1); \"All tokens in hand\" then a region puts them all there",
        "st.redeploy.move": "a click on one of your regions then on another moves a token there; \"Take all back\" then a region takes its tokens back but one; \"End turn\" to finish",
        "st.redeploy.move0": "a click on one of your regions then on another moves a token there; \"End turn\" to finish",
        "st.redeploy.done": "no token left to move: \"End turn\" to finish",
        "hint.from": "{reg} chosen: click the region one of its tokens goes to (\"Clear selection\" to change)",
        "hint.all": "\"All tokens in hand\": click the region to put them on",
        "hint.back": "\"Take all back\": click the region whose tokens (but one) you take back",
        "target.back": "Take all back",
        "st.redeploy.from": "{n:@region|regions} {regs} gave tokens: none go back there",
        "st.redeploy.to": "{n:@region|regions} {regs} received a moved token: {n:@it gives|they give} none",
        "st.diplomat": "{p}: Diplomat — make peace with whom?",
        "st.stout": "{p}: Stout — go In Decline now?",
        "st.defend": "{p} ({race}): put your {hand} {hand:@token|tokens} taken back into your regions",
        "st.over": "Game over",
        "st.last": "last: {ev}",
        "ev.turn": "Turn {n} of {p}.",
        "ev.pick": "{p} takes {race} {power} (pays {paid}, collects {got}).",
        "ev.conquer": "{p} ({race}) conquers {r} for {cost}.",
        "ev.die": "{p} ({race}): die {face} for {r} (cost {cost}, {hand} in hand) — {ok}.",
        "ev.ok.True": "success", "ev.ok.False": "failed",
        "ev.roll": "{p} (Berserk) rolls the die: {face}.",
        "ev.berserk_stop": "{p} cannot conquer anything with this roll: conquests end.",
        "ev.dragon": "{p} sends the dragon to {r}.",
        "ev.sorcery": "{p} bewitches {victim}'s token in {r}.",
        "ev.abandon": "{p} abandons {r}.",
        "ev.lose": "{p} ({race}) loses {r}: {lost} {lost:@token|tokens} lost, {back} taken back.",
        "ev.vanish": "{p}'s {race} leave the map.",
        "ev.skeletons": "{p}: {n} more {n:@Skeleton|Skeletons}.",
        "ev.amazons": "{p}: {n} Amazons leave until next turn.",
        "ev.fortress": "{p} builds a fortress in {r}.",
        "ev.peace": "{p} makes peace with {q}.",
        "ev.score": "{p} scores {total} {total:@coin|coins}: {why}.",
        "ev.score_hidden": "{p} counts coins.",
        "ev.decline": "{p}: the {race} go In Decline.",
        "ev.over": "Game over.",
        "why.regions": "{k} {race} {k:@region|regions}", "why.declined": "{k} In Decline {race} {k:@region|regions}",
        "why.bonus": "+{k} {what}",
        "why.zero": "{what}: nothing",
        "glossary.title": "What the races, powers, places, relics and monsters in play do",
        "glossary.monsters": "Monsters", "glossary.golden_knight": "Golden Knight",
        "glossary.snow_thing": "Abominable Snow Thing",
        "text.monsters": "2 Monster tokens guard the region: +1 to its cost per token. Whoever conquers it draws a "
                         "place or relic tile and puts it there.",
        "text.golden_knight": "A Monster that counts double; beating it gives 5 points at game end, and a place and "
                              "a relic to keep.",
        "text.snow_thing": "Taken only with \"Attack the Snow Thing\": commit tokens, then a 1–4 die is rolled; "
                           "success gives 3 points at game end and a tile.",
        "why.nothing": "nothing",
        "gain": "{p}, this turn earns you +{total} {total:@coin|coins}: {why}.",
        "region": "region {r}",
        "pos.column": "Races and powers to take (coins on them): {combos}",
        "pos.empty": "Empty regions: {regions}",
        "pos.race": "{race} ({p}): {r} {r:@region|regions}, {n} {n:@token|tokens}",
        "pos.no_race": "no race on the map",
        "result.win": "{p} wins with {c} coins.",
        "result.draw": "Shared win: {ps} ({c} coins).",
        "result.line": "{p}: {c} coins, {t} race tokens on the map.",
        "panel.turn": "Turn {n} / {m}",
        "panel.coins": "{c} coins", "panel.coins_hidden": "coins hidden",
        "panel.hand": "in hand: {n}",
        "panel.items": "holds: {items}",
        "panel.column": "Races and powers", "panel.events": "Last events",
        "cost": "cost {c}", "die_hint": "die needed",
        "terrain.sea": "sea", "terrain.lake": "lake", "terrain.farmland": "farmland", "terrain.forest": "forest",
        "terrain.hill": "hill", "terrain.swamp": "swamp", "terrain.mountain": "mountain",
        "lt": "Lost Tribe", "declined": "In Decline",
        "mk.lair": "Troll lair", "mk.fortress": "fortress", "mk.camp": "encampment",
        "mk.hole": "hole-in-the-ground", "mk.hero": "hero", "mk.dragon": "dragon",
        "mk.monster": "{n} {n:@Monster|Monsters} (+{n} defence)",
        "mk.golden_knight": "Golden Knight (counts as 2 Monsters; 5 points at game end)",
        "mk.snow_thing": "Abominable Snow Thing (1 + a reinforcement die; 3 points at game end)",
        "opt.board": "Board",
        "opt.board.classic": "Small World (the map for the player count, default)",
        "opt.board.underground": "Small World Underground (2 players: the printed board; 3–5: Plateau's boards)",
        "opt.board.random": "random board (tiles of both games, Golden Knight and Snow Thing)",
        "opt.content": "Races and powers",
        "opt.content.base": "Small World (default)", "opt.content.underground": "Small World Underground",
        "opt.content.mixed": "both, mixed",
        "opt.monsters": "Monsters on a Small World map",
        "opt.monsters.none": "none (default)",
        "opt.monsters.random": "placed at random (Underground's compatibility rule)",
        "opt.monsters.hand": "placed by the first player (Underground's compatibility rule)",
        "ev.monster": "{p} defeats {n} {n:@Monster|Monsters} in {r}.",
        "ev.found": "{p} finds in {r}: {item}.",
        "ev.river": "{p} leaves the River in {r}.",
        "ev.vp": "{p}: +{n} end-of-game {n:@point|points}.",
        "card.tokens": "{n} tokens", "card.cost": "costs {c} {c:@coin|coins}",
    },
}


def t(lang, key, **f):
    return tr(CATALOGUE, lang, key, **f)


def why_text(lines, lang, rules=C.STANDARD):
    """A score event's lines in words (``rules``: the game's ruleset, for
    the names of its races, powers and items)."""
    parts = []
    for why, k, race in lines:
        if why in ("regions", "declined"):
            parts.append(t(lang, "why." + why, k=k, race=rules.name(race, lang)))
        elif k == 0:  # an effect that gives nothing this turn (turn_end.score_lines)
            parts.append(t(lang, "why.zero", what=rules.name(why, lang)))
        else:
            parts.append(t(lang, "why.bonus", k=k, what=rules.name(why, lang)))
    return ", ".join(parts) or t(lang, "why.nothing")


def turn_gain(logs, player, players, lang):
    """The coins ``player`` scored in the events ``logs`` (log entries
    ``[seq, turn, key, fields]``), in words; "" if none."""
    found = [f for _, _, key, f in logs if key == "score" and f.get("p") == player]
    if not found:
        return ""
    total = sum(f["total"] for f in found)
    why = "; ".join(why_text(f["lines"], lang) for f in found)
    return t(lang, "gain", p=players[player], total=total, why=why)


def event_text(players, key, f, lang, viewer_sees=True, rules=C.STANDARD):
    """An event of the log in words (``rules``: the game's ruleset, for the
    names of its races, powers and items)."""
    g = dict(f)
    if "p" in g:
        g["p"] = players[g["p"]]
    for k in ("q", "victim"):
        if k in g:
            g[k] = players[g[k]]
    for k in ("race", "power", "item"):
        if k in g and g[k]:
            g[k] = rules.name(g[k], lang)
    if "r" in g:
        g["r"] = t(lang, "region", r=g["r"])
    if "ok" in f:  # the reinforcement die, the Will-o'-Wisps' die
        g["ok"] = t(lang, f"ev.ok.{f['ok']}")
    if key == "score":
        g["why"] = why_text(f["lines"], lang, rules)
    return t(lang, "ev." + key, **g)


def status_line(st, lang):
    if st.win is not None:
        return t(lang, "st.over")
    p = st.players[st.to_play]
    ph = st.phase
    head = t(lang, "st.turn", n=st.turn, m=st.turns) + " — "
    rec = st.recs.get(st.acting) if st.acting is not None else None
    race = C.name(rec.race, lang) if rec else ""
    hand = rec.hand if rec else 0
    if st.pending:
        kind = st.pending[0]["kind"]
        head += t(lang, "st.pending." + kind, p=p, race=race)
        about = explain(PENDING_ABOUT[kind], lang) if kind in PENDING_ABOUT else None
        if about:  # the question says what the thing asked about does
            head += " — " + about[0] + (" : " if lang == "fr" else ": ") + about[1]
    elif ph == "conquer":
        if st.tp.ghoul:
            head += t(lang, "st.ghoul", p=p, hand=hand)
        elif st.tp.roll is not None:
            head += t(lang, "st.conquer_roll", p=p, race=race, face=st.tp.roll)
        else:
            head += t(lang, "st.conquer", p=p, race=race, hand=hand)
    elif ph in ("redeploy", "defend"):
        head += t(lang, "st." + ph, p=p, race=race, hand=hand)
        if ph == "redeploy":
            head += " — " + t(lang, "st.redeploy." + redeploy_kind(st))
            rd = st.tp.rd if st.rev >= 1 else None
            for key in ("from", "to"):  # why some regions are no longer offered (rules revision 1)
                if rd and rd[key]:
                    head += " — " + t(lang, "st.redeploy." + key, regs=", ".join(map(str, sorted(rd[key]))),
                                      n=len(rd[key]))
    else:
        head += t(lang, "st." + ph, p=p)
    recent = [e for e in st.log if e[0] >= st.mark and e[2] not in ("turn", "score")]
    if recent:
        head += " · " + t(lang, "st.last", ev=event_text(st.players, recent[-1][2], recent[-1][3], lang,
                                                           rules=st.ruleset))
    return head


#: the decisions asked of a player (``st.pending.<kind>``) and what they are about: its text follows the question
PENDING_ABOUT = {"balrog": "pentacle", "ghost": "crypt", "ring": "froggys_ring", "scepter": "scepter",
                 "altar": "altar", "royal": "royal", "tomb": "tomb", "reborn": "reborn", "shield": "shield",
                 "volcano": "flames", "mimic": "shadow_mimes", "hammers": "iron_dwarves", "monsters": "monsters",
                 "knight": "golden_knight", "snowpick": "snow_thing", "commit": "snow_thing",
                 "snowmove": "snow_thing"}


def explain(key, lang):
    """``(name, text)`` of a race, power, place, relic or monster kind; None if it has no text."""
    if key in ("monsters", "golden_knight", "snow_thing"):
        return t(lang, "glossary." + key), t(lang, "text." + key)
    text = C.text(key, lang)
    return (C.name(key, lang), text) if text else None


def glossary(st, lang):
    """What is in play and what it does, as ``(name, text)`` pairs: the
    column's races and powers, the races on the map, the places and relics
    drawn, the monsters (all public)."""
    keys = []
    for race, power, _ in st.column:
        keys += [race, power]
    for rid in sorted(st.recs):
        rec = st.recs[rid]
        keys += [rec.race] + ([rec.power] if rec.power else [])
    keys += [x for x in st.place if x] + [x for x in st.relic if x]
    if any(m and not sp for m, sp in zip(st.monster, st.special)):
        keys.append("monsters")
    keys += [sp for sp in st.special if sp]
    out, seen = [], set()
    for k in keys:
        if k not in seen:
            seen.add(k)
            e = explain(k, lang)
            if e:
                out.append(e)
    return out


def redeploy_kind(st):
    """What a click does in the redeployment now (``st.redeploy.<kind>``)."""
    heads = {m.text.partition(":")[0] for m in st.legal_moves()}
    if "put" in heads:
        return "put"
    if "back" in heads:
        return "move"
    return "move0" if "mv" in heads else "done"


def click_hint(st, clicks, lang):
    """What the next click does once ``clicks`` are made in a move of the
    redeployment (the play screen's status line); "" elsewhere."""
    if st.phase != Phase.REDEPLOY or st.pending or not clicks:
        return ""
    if clicks == ["all"] or clicks == ["back"]:
        return t(lang, "hint." + clicks[0])
    if len(clicks) == 1 and clicks[0].startswith("r") and clicks[0][1:].isdigit():
        reg = t(lang, "region", r=int(clicks[0][1:]))
        return t(lang, "hint.from", reg=reg[:1].upper() + reg[1:])
    return ""


def winner_line(st, lang, say=t):
    """The winner (or the shared win) with the winning coins, in the
    catalogue ``say`` reads (a tournament has its own)."""
    c = st.coins[st.win[0]]
    if len(st.win) == 1:
        return say(lang, "result.win", p=st.players[st.win[0]], c=c)
    return say(lang, "result.draw", ps=", ".join(st.players[p] for p in st.win), c=c)


def result_lines(st, lang):
    if st.win is None:
        return []
    out = [winner_line(st, lang)]
    for p in range(st.n):
        out.append(t(lang, "result.line", p=st.players[p], c=st.coins[p], t=supply.race_tokens_on_board(st, p)))
    return out


for _lang in CATALOGUE:
    CATALOGUE[_lang].update(U.CATALOGUE.get(_lang, {}))
