"""Every sentence Small World shows, French first, and the event texts."""

from __future__ import annotations

from plateau.core.i18n import tr

from . import content as C

CATALOGUE = {
    "fr": {
        "seat.0": "Rouge", "seat.1": "Bleu", "seat.2": "Vert", "seat.3": "Jaune", "seat.4": "Violet",
        "score.caption": "Pièces de victoire",
        "score.player": "Joueur", "score.coins": "Pièces", "score.tokens": "Pions sur la carte",
        "score.hidden": "Les pièces des autres joueurs restent cachées jusqu'à la fin (« ? »).",
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
        "why.nothing": "rien",
        "region": "région {r}",
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
        "why.nothing": "nothing",
        "region": "region {r}",
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


def why_text(lines, lang):
    parts = []
    for why, k, race in lines:
        if why in ("regions", "declined"):
            parts.append(t(lang, "why." + why, k=k, race=C.name(race, lang)))
        else:
            parts.append(t(lang, "why.bonus", k=k, what=C.name(why, lang)))
    return ", ".join(parts) or t(lang, "why.nothing")


def event_text(players, key, f, lang, viewer_sees=True):
    g = dict(f)
    if "p" in g:
        g["p"] = players[g["p"]]
    for k in ("q", "victim"):
        if k in g:
            g[k] = players[g[k]]
    for k in ("race", "power", "item"):
        if k in g and g[k]:
            g[k] = C.name(g[k], lang)
    if "r" in g:
        g["r"] = t(lang, "region", r=g["r"])
    if "ok" in f:  # the reinforcement die, the Will-o'-Wisps' die
        g["ok"] = t(lang, f"ev.ok.{f['ok']}")
    if key == "score":
        g["why"] = why_text(f["lines"], lang)
    return t(lang, "ev." + key, **g)


def status_line(st, lang):
    if st.win is not None:
        return t(lang, "st.over")
    p = st.players[st.to_play]
    ph = st.phase
    head = t(lang, "st.turn", n=st.turn, m=st.turns) + " — "
    rec = st.recs.get(st.acting) if st.acting is not None else None
    race = C.name(rec["race"], lang) if rec else ""
    hand = rec["hand"] if rec else 0
    if st.pending:
        head += t(lang, "st.pending." + st.pending[0]["kind"], p=p, race=race)
    elif ph == "conquer":
        if st.tp["ghoul"]:
            head += t(lang, "st.ghoul", p=p, hand=hand)
        elif st.tp["roll"] is not None:
            head += t(lang, "st.conquer_roll", p=p, race=race, face=st.tp["roll"])
        else:
            head += t(lang, "st.conquer", p=p, race=race, hand=hand)
    elif ph in ("redeploy", "defend"):
        head += t(lang, "st." + ph, p=p, race=race, hand=hand)
    else:
        head += t(lang, "st." + ph, p=p)
    recent = [e for e in st.log if e[0] >= st.mark and e[2] not in ("turn", "score")]
    if recent:
        head += " · " + t(lang, "st.last", ev=event_text(st.players, recent[-1][2], recent[-1][3], lang))
    return head


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
        out.append(t(lang, "result.line", p=st.players[p], c=st.coins[p], t=st.race_tokens_on_board(p)))
    return out


from . import underground as _U  # noqa: E402

for _lang in CATALOGUE:
    CATALOGUE[_lang].update(_U.CATALOGUE.get(_lang, {}))
