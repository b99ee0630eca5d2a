"""Every sentence Thorval shows, French first, and the event texts."""

from __future__ import annotations

from plateau.core.i18n import tr

from . import board as B

CATALOGUE = {
    "fr": {
        "orks": "les Orks",
        "nobody": "personne",
        "kind.chest": "le coffret",
        "kind.crown": "la couronne",
        "kind.ring": "l'anneau magique",
        "kind.blank": "le trésor sans valeur",
        "sp.hero": "le héros",
        "sp.mage": "le petit magicien",
        "mode.total": "attaque totale",
        "mode.partial": "attaque partielle",
        "mode.free": "attaque",
        "via.bridge": ", par un pont",
        "via.tunnel": ", par le tunnel",
        "via.boat": ", en bateau",
        "via.land": "",
        "why.reinf": "renforts",
        "why.aid4": "renforts exceptionnels",
        "why.crown": "couronne",
        "why.ring": "anneau",
        "why.treasures": "ses trois trésors retrouvés, roi de Thorval",
        "why.last": "dernier joueur sur l'île",
        "why.limit": "limite de tours : le plus de trésors, puis d'unités",
        "aidname.1": "2 soldats de plus",
        "aidname.2": "1 soldat de plus + 1 attaque",
        "aidname.3": "déplacement d'un trésor",
        "aidname.4": "renforts exceptionnels",
        "aidname.5": "attaque par le fleuve ou la mer",
        # status lines
        "st.castle": "{p} : posez un soldat dans un château libre",
        "st.terr": "{p} : posez un soldat dans un territoire libre",
        "st.hide0": "{p} : cachez un trésor {owner:de} dans un château",
        "st.hide": "{p} : cachez un trésor {owner:de} dans un territoire sans trésor",
        "st.ten": "{p} : posez 10 soldats dans une de vos cases (2 peuvent devenir le héros ou le petit magicien)",
        "st.place": "{p} : placez {n} {n:@soldat|soldats} ({why}) — une case puis un nombre",
        "st.swap": "{p} : {n} soldats arrivent en {case} — en échanger 2 contre le héros ou le petit magicien ?",
        "st.aid": "{p} : demander l'aide du médiateur ? ({left} restantes)",
        "st.tmove": "{p} : déplacez un trésor adverse (sa case, puis une case sans trésor)",
        "st.attack": "{p} : attaquez (case d'attaque puis case attaquée) ou passez",
        "st.attack2": "{p} : choisissez l'attaque supplémentaire (aide 2) ou aucune",
        "st.prep_a": "{p} : renforcez la case d'attaque {case} (case voisine puis nombre), puis combattez",
        "st.prep_d": "{p} : renforcez la case attaquée {case} (case voisine puis nombre), puis combattez",
        "st.cont": "{p} : continuer le combat {src} → {tgt} ? ({pa} contre {pd})",
        "st.loss": "{p} : perdez {n} {n:@unité|unités} en {case} — des soldats ou {sp} ?",
        "st.occupy": "{p} : combien d'unités de {frm} occupent {to} ?",
        "st.ring": "{p} : anneau — prenez une unité à un adversaire ({left} {left:@restante|restantes})",
        "st.over": "Partie terminée",
        "st.turn": "Tour {n}",
        "st.last": "dernier : {ev}",
        "result.win": "{p} gagne : {why}.",
        "result.draw": "Égalité entre {ps} ({why}).",
        "result.line": "{p} : {found} {found:@trésor trouvé|trésors trouvés}, {units} {units:@unité|unités}, {aids} {aids:@aide utilisée|aides utilisées}{out}.",
        "result.out": ", éliminé",
        # targets
        "target.n": "{k}",
        "target.hero": "Héros",
        "target.mage": "Petit magicien",
        "target.ok": "Garder les soldats",
        "target.pass": "Ne pas attaquer",
        "target.none": "Pas d'attaque supplémentaire",
        "target.noaid": "Pas d'aide",
        "target.aid1": "Aide 1 : 2 soldats de plus",
        "target.aid2": "Aide 2 : 1 soldat + 1 attaque",
        "target.aid3": "Aide 3 : déplacer un trésor",
        "target.aid4": "Aide 4 : renforts exceptionnels (6)",
        "target.aid5": "Aide 5 : attaque en bateau",
        "target.total": "Attaque totale",
        "target.partial": "Attaque partielle",
        "target.boat": "En bateau",
        "target.fight": "Combattre",
        "target.go": "Continuer le combat",
        "target.stop": "Interrompre l'attaque",
        "target.lsol": "Perdre des soldats",
        "target.lhero": "Perdre le héros",
        "target.lmage": "Perdre le petit magicien",
        # options
        "opt.kingdom": "Royaume",
        "opt.kingdom.connected": "cases contiguës entre elles, avec un château",
        "opt.kingdom.castle": "seulement les cases touchant un château",
        "opt.defender_heroes": "Le défenseur peut amener héros et petit magicien",
        "opt.ork_attack": "Attaque des orks",
        "opt.ork_attack.onward": "une bande de 4 orks ou plus attaque case après case tant qu'il en reste 2",
        "opt.ork_attack.each": "chaque nouvelle attaque demande 4 orks",
        "opt.attack_mode": "Attaques",
        "opt.attack_mode.declare": "annoncées totales (renforts, jusqu'au bout) ou partielles (interruptibles)",
        "opt.attack_mode.free": "toujours renforçables et interruptibles",
        "opt.ring": "Anneau magique",
        "opt.ring.remove": "retire 3 unités à un adversaire",
        "opt.ring.take": "retire 3 unités à un adversaire et donne 3 soldats",
        "opt.blank_treasure": "Variante : quatrième trésor sans valeur",
        "opt.boat": "Bateaux (aide 5)",
        "opt.boat.inland": "fleuve et mer intérieure",
        "opt.boat.all": "fleuve, mer intérieure et mer extérieure",
        "opt.open_hand": "Trésors visibles (apprentissage)",
        "opt.turn_limit": "Limite de tours",
        "opt.no": "non",
        "opt.yes": "oui",
        "opt.none": "aucune",
        # board
        "board.turn": "Tour {n}",
        "board.setup": "Mise en place",
        "board.events": "Événements",
        "board.aids": "aides {n}/10",
        "board.dragon": "Dragon",
        "board.mediator": "Médiateur",
        "pos.cases": "{who} : {cases}",
        "pos.none": "aucune case",
        "pos.orks": "Orks : {cases}",
        "pos.treasures": "Trésors face cachée sur l'île : {items}",
        "pos.treasure": "trésor {p:de} en {case}",
        "pos.treasure_kind": "{kind} {p:de} en {case}",
        "pos.no_treasure": "Aucun trésor caché sur l'île",
        "pos.dragon": "Dragon en {case}",
        "pos.mediator": "Médiateur en {case}",
        "board.tunnel": "Grand tunnel",
        "board.marnon": "Mer de Marnon",
        "board.treasure": "Trésor {p:de}",
        "aria.case": "{case} ({what})",
        "aria.empty": "vide",
        "aria.orks": "{n} orks",
        "aria.units": "{n} {n:@soldat|soldats} {p}{sp}",
        # events
        "ev.first": "Dés pour le premier joueur : {rolls} → {p} commence.",
        "ev.castle_orks": "2 orks dans chaque château libre.",
        "ev.setup_orks": "Région {region} : dés {dice} → 2 orks en {c1} et {c2}.",
        "ev.place": "{p} pose {n} {n:@soldat|soldats} en {case}.",
        "ev.place_sp": "{p} pose {sp} en {case}.",
        "ev.hide": "{p} cache un trésor {owner:de} en {case}.",
        "ev.ten": "{p} pose ses 10 soldats en {case} ({n} soldats).",
        "ev.start": "L'île est peuplée : la partie commence.",
        "ev.turn": "— Tour {n} —",
        "ev.spread_all": "À six joueurs, les orks se propagent dans toutes les régions.",
        "ev.spread_but": "Dé {p:de} : {die} → les orks se propagent partout sauf en région {region}.",
        "ev.spread": "Dés de propagation : {rolls} → régions {regions}.",
        "ev.spread_done": "Propagation : {n} {n:@ork|orks} de plus.",
        "ev.ork_attack": "Les {n} orks de {src} attaquent {tgt} ({p}).",
        "ev.round": "{src}→{tgt} : dé {ra} pour {a} (puissance {pa}), dé {rd} pour {d} (puissance {pd}) ; pertes : {a} {la}, {d} {ld}.",
        "ev.mutual": "Anéantissement mutuel : {src} et {tgt} restent vides.",
        "ev.won": "Victoire {p:de} ({src}) : {tgt} est vidée.",
        "ev.won.orks": "Victoire des Orks ({src}) : {tgt} est vidée.",
        # the board's event panel: one line per episode
        "cx.spread": "Propagation : dés {rolls} → régions {regions} :",
        "cx.spread_done": "+{n} orks",
        "cx.ork_attack": "Orks {src} ({n}) → {tgt} ({p}) :",
        "cx.attack": "{p} : {src} → {tgt} ({d}), {mode}{via} :",
        "cx.dice": "dés",
        "cx.orks": "Attaques des orks :",
        "cx.sep": " ; ",
        "cx.bonus": "aide : +{n} en {case}",
        "cx.round": "{ra}-{rd} (−{la}/−{ld})",
        "cx.won": "{tgt} vidée, victoire : {p}",
        "cx.mutual": "anéantissement mutuel",
        "cx.orks_stop": "un seul ork reste, arrêt",
        "cx.occupy": "{n} {n:@unité occupe|unités occupent} {tgt}",
        "cx.no_occupy": "{tgt} reste vide",
        "cx.bring": "+{n} de {src}",
        "cx.bring_sp": "+{sp} de {src}",
        "cx.break_off": "interrompue",
        "cx.reinf": "{p} : {n} soldats de renfort :",
        "cx.place_head": "{p} :",
        "cx.place": "{case} +{n}",
        "cx.place_sp": "{case} {sp}",
        "cx.setup_orks": "Orks de départ :",
        "cx.setup_region": "{region} dés {dice} → {c1}, {c2}",
        "board.units": "{n} unités",
        "board.units1": "1 unité",
        "ev.orks_stop": "Il ne reste qu'un ork en {src} : l'attaque sur {tgt} s'arrête.",
        "ev.occupy": "{tgt} occupée par {p} : {n} {n:@unité venue|unités venues} de {src}.",
        "ev.no_occupy": "{tgt} reste vide.",
        "ev.refill": "Remplacement : {n} {n:@case vide reçoit|cases vides reçoivent} un ork.",
        "ev.dragon_none": "Le dragon (dés {tries}) se pose en {case} : personne à dévorer.",
        "ev.dragon": "Le dragon (dés {tries}) se pose en {case} ; dé {die} : {p} perd {n} {n:@unité|unités}.",
        "ev.mediator": "Le médiateur (dés {dice}) apparaît en {case}{what}.",
        "ev.med.soldiers": " : +3 soldats pour {p}",
        "ev.med.orks": " : +3 orks",
        "ev.med.empty": " (case vide)",
        "ev.reinf": "{p} reçoit {n} soldats de renfort.",
        "ev.aid": "{p} demande l'aide du médiateur « {aid} » ({used}/10).",
        "ev.tmove": "{p} déplace un trésor {owner:de} de {src} à {tgt}.",
        "ev.pass": "{p} n'attaque pas.",
        "ev.attack": "{p} attaque {tgt} ({d}) depuis {src} : {mode}{via}.",
        "ev.cancelled": "L'attaque {src}→{tgt} n'est plus possible : annulée.",
        "ev.bring": "{p} amène {n} {n:@soldat|soldats} de {src} en {tgt}.",
        "ev.bring_sp": "{p} amène {sp} de {src} en {tgt}.",
        "ev.break_off": "{p} interrompt l'attaque {src}→{tgt}.",
        "ev.bonus": "Aide du médiateur : {n} {n:@soldat|soldats} de plus en {case}.",
        "ev.bonus_lost": "Aucune case prise : {n:@le soldat|les soldats} de l'aide ({n}) {n:@est perdu|sont perdus}.",
        "ev.arrive": "{n} {n:@soldat arrive|soldats arrivent} en {case}{sp}.",
        "ev.arrive_sp": " avec {sp}",
        "ev.found": "{p} découvre son trésor en {case} : {kind} !",
        "ev.ring": "Anneau : {p} prend une unité {victim:de} en {case}.",
        "ev.out": "{p} n'a plus d'unité : éliminé.",
        "ev.win": "{p} gagne : {why}.",
        "colour.0": "rouge", "colour.1": "bleu", "colour.2": "vert",
        "colour.3": "jaune", "colour.4": "violet", "colour.5": "blanc",
        "seat.0": "Rouge", "seat.1": "Bleu", "seat.2": "Vert",
        "seat.3": "Jaune", "seat.4": "Violet", "seat.5": "Blanc",
        "score.player": "Joueur",
        "score.found": "Trésors trouvés",
        "score.units": "Unités",
        "score.aids": "Aides utilisées",
        "score.out": "éliminé",
        "score.caption": "Trouver ses trois trésors (coffret, couronne, anneau) fait roi de Thorval.",
        "kindshort.chest": "coffret",
        "kindshort.crown": "couronne",
        "kindshort.ring": "anneau",
    },
    "en": {
        "orks": "the orks",
        "nobody": "nobody",
        "kind.chest": "the chest",
        "kind.crown": "the crown",
        "kind.ring": "the magic ring",
        "kind.blank": "the worthless treasure",
        "sp.hero": "the hero",
        "sp.mage": "the small magician",
        "mode.total": "total attack",
        "mode.partial": "partial attack",
        "mode.free": "attack",
        "via.bridge": ", over a bridge",
        "via.tunnel": ", through the tunnel",
        "via.boat": ", by boat",
        "via.land": "",
        "why.reinf": "reinforcements",
        "why.aid4": "exceptional reinforcements",
        "why.crown": "crown",
        "why.ring": "ring",
        "why.treasures": "all three treasures found, king of Thorval",
        "why.last": "last player on the island",
        "why.limit": "turn limit: most treasures, then most units",
        "aidname.1": "2 more soldiers",
        "aidname.2": "1 more soldier + 1 attack",
        "aidname.3": "move a treasure",
        "aidname.4": "exceptional reinforcements",
        "aidname.5": "attack by river or sea",
        "st.castle": "{p}: put a soldier in a free castle",
        "st.terr": "{p}: put a soldier in a free territory",
        "st.hide0": "{p}: hide one of {owner}'s treasures in a castle",
        "st.hide": "{p}: hide one of {owner}'s treasures in a territory without a treasure",
        "st.ten": "{p}: put 10 soldiers in one of your cases (2 may become the hero or the small magician)",
        "st.place": "{p}: place {n} {n:@soldier|soldiers} ({why}) — a case, then a number",
        "st.swap": "{p}: {n} soldiers arrive in {case} — exchange 2 for the hero or the small magician?",
        "st.aid": "{p}: ask the mediator for help? ({left} left)",
        "st.tmove": "{p}: move an opponent's treasure (its case, then a case without a treasure)",
        "st.attack": "{p}: attack (attacking case, then attacked case) or pass",
        "st.attack2": "{p}: choose the extra attack (aid 2) or none",
        "st.prep_a": "{p}: reinforce the attacking case {case} (a neighbouring case, then a number), then fight",
        "st.prep_d": "{p}: reinforce the attacked case {case} (a neighbouring case, then a number), then fight",
        "st.cont": "{p}: go on fighting {src} → {tgt}? ({pa} against {pd})",
        "st.loss": "{p}: lose {n} {n:@unit|units} in {case} — soldiers or {sp}?",
        "st.occupy": "{p}: how many units from {frm} occupy {to}?",
        "st.ring": "{p}: ring — take a unit from an opponent ({left} left)",
        "st.over": "Game over",
        "st.turn": "Turn {n}",
        "st.last": "last: {ev}",
        "result.win": "{p} wins: {why}.",
        "result.draw": "Tie between {ps} ({why}).",
        "result.line": "{p}: {found} {found:@treasure|treasures} found, {units} {units:@unit|units}, {aids} {aids:@aid|aids} used{out}.",
        "result.out": ", out",
        "target.n": "{k}",
        "target.hero": "Hero",
        "target.mage": "Small magician",
        "target.ok": "Keep the soldiers",
        "target.pass": "Do not attack",
        "target.none": "No extra attack",
        "target.noaid": "No aid",
        "target.aid1": "Aid 1: 2 more soldiers",
        "target.aid2": "Aid 2: 1 soldier + 1 attack",
        "target.aid3": "Aid 3: move a treasure",
        "target.aid4": "Aid 4: exceptional reinforcements (6)",
        "target.aid5": "Aid 5: attack by boat",
        "target.total": "Total attack",
        "target.partial": "Partial attack",
        "target.boat": "By boat",
        "target.fight": "Fight",
        "target.go": "Go on fighting",
        "target.stop": "Break off the attack",
        "target.lsol": "Lose soldiers",
        "target.lhero": "Lose the hero",
        "target.lmage": "Lose the small magician",
        "opt.kingdom": "Kingdom",
        "opt.kingdom.connected": "cases connected to one another, with a castle",
        "opt.kingdom.castle": "only the cases touching a castle",
        "opt.defender_heroes": "The defender may bring the hero and small magician",
        "opt.ork_attack": "Ork attacks",
        "opt.ork_attack.onward": "a band of 4 orks or more attacks case after case while 2 remain",
        "opt.ork_attack.each": "every new attack needs 4 orks",
        "opt.attack_mode": "Attacks",
        "opt.attack_mode.declare": "declared total (reinforced, to the end) or partial (may stop)",
        "opt.attack_mode.free": "always reinforced and may always stop",
        "opt.ring": "Magic ring",
        "opt.ring.remove": "removes 3 units of an opponent",
        "opt.ring.take": "removes 3 units of an opponent and gives 3 soldiers",
        "opt.blank_treasure": "Variant: a fourth, worthless treasure",
        "opt.boat": "Boats (aid 5)",
        "opt.boat.inland": "river and inner sea",
        "opt.boat.all": "river, inner sea and outer sea",
        "opt.open_hand": "Treasures face up (teaching)",
        "opt.turn_limit": "Turn limit",
        "opt.no": "no",
        "opt.yes": "yes",
        "opt.none": "none",
        "board.turn": "Turn {n}",
        "board.setup": "Set-up",
        "board.events": "Events",
        "board.aids": "aids {n}/10",
        "board.dragon": "Dragon",
        "board.mediator": "Mediator",
        "pos.cases": "{who}: {cases}",
        "pos.none": "no case",
        "pos.orks": "Orks: {cases}",
        "pos.treasures": "Treasures face down on the island: {items}",
        "pos.treasure": "{p}'s treasure on {case}",
        "pos.treasure_kind": "{kind} of {p} on {case}",
        "pos.no_treasure": "No treasure hidden on the island",
        "pos.dragon": "Dragon on {case}",
        "pos.mediator": "Mediator on {case}",
        "board.tunnel": "Great tunnel",
        "board.marnon": "Marnon Sea",
        "board.treasure": "{p}'s treasure",
        "aria.case": "{case} ({what})",
        "aria.empty": "empty",
        "aria.orks": "{n} orks",
        "aria.units": "{n} {p} {n:@soldier|soldiers}{sp}",
        "ev.first": "Dice for the first player: {rolls} → {p} starts.",
        "ev.castle_orks": "2 orks in every free castle.",
        "ev.setup_orks": "Region {region}: dice {dice} → 2 orks in {c1} and {c2}.",
        "ev.place": "{p} puts {n} {n:@soldier|soldiers} in {case}.",
        "ev.place_sp": "{p} puts {sp} in {case}.",
        "ev.hide": "{p} hides one of {owner}'s treasures in {case}.",
        "ev.ten": "{p} puts their 10 soldiers in {case} ({n} soldiers).",
        "ev.start": "The island is peopled: the game begins.",
        "ev.turn": "— Turn {n} —",
        "ev.spread_all": "With six players the orks spread in every region.",
        "ev.spread_but": "{p}'s die: {die} → the orks spread everywhere but region {region}.",
        "ev.spread": "Spreading dice: {rolls} → regions {regions}.",
        "ev.spread_done": "Spreading: {n} more {n:@ork|orks}.",
        "ev.ork_attack": "The {n} orks of {src} attack {tgt} ({p}).",
        "ev.round": "{src}→{tgt}: die {ra} for {a} (power {pa}), die {rd} for {d} (power {pd}); losses: {a} {la}, {d} {ld}.",
        "ev.mutual": "Mutual destruction: {src} and {tgt} are left empty.",
        "ev.won": "Victory for {p} ({src}): {tgt} is emptied.",
        "ev.won.orks": "Victory for the orks ({src}): {tgt} is emptied.",
        "cx.spread": "Spreading: dice {rolls} → regions {regions}:",
        "cx.spread_done": "+{n} orks",
        "cx.ork_attack": "Orks {src} ({n}) → {tgt} ({p}):",
        "cx.attack": "{p}: {src} → {tgt} ({d}), {mode}{via}:",
        "cx.dice": "dice",
        "cx.orks": "Ork attacks:",
        "cx.sep": "; ",
        "cx.bonus": "aid: +{n} in {case}",
        "cx.round": "{ra}-{rd} (−{la}/−{ld})",
        "cx.won": "{tgt} emptied, victory: {p}",
        "cx.mutual": "mutual destruction",
        "cx.orks_stop": "a single ork left, stop",
        "cx.occupy": "{n} {n:@unit occupies|units occupy} {tgt}",
        "cx.no_occupy": "{tgt} stays empty",
        "cx.bring": "+{n} from {src}",
        "cx.bring_sp": "+{sp} from {src}",
        "cx.break_off": "broken off",
        "cx.reinf": "{p}: {n} reinforcement soldiers:",
        "cx.place_head": "{p}:",
        "cx.place": "{case} +{n}",
        "cx.place_sp": "{case} {sp}",
        "cx.setup_orks": "Starting orks:",
        "cx.setup_region": "{region} dice {dice} → {c1}, {c2}",
        "board.units": "{n} units",
        "board.units1": "1 unit",
        "ev.orks_stop": "Only one ork left in {src}: the attack on {tgt} stops.",
        "ev.occupy": "{tgt} occupied by {p}: {n} {n:@unit|units} from {src}.",
        "ev.no_occupy": "{tgt} stays empty.",
        "ev.refill": "Refill: {n} empty {n:@case gets|cases get} an ork.",
        "ev.dragon_none": "The dragon (dice {tries}) lands in {case}: nobody to eat.",
        "ev.dragon": "The dragon (dice {tries}) lands in {case}; die {die}: {p} loses {n} {n:@unit|units}.",
        "ev.mediator": "The mediator (dice {dice}) appears in {case}{what}.",
        "ev.med.soldiers": ": +3 soldiers for {p}",
        "ev.med.orks": ": +3 orks",
        "ev.med.empty": " (empty case)",
        "ev.reinf": "{p} receives {n} reinforcement soldiers.",
        "ev.aid": "{p} asks the mediator for “{aid}” ({used}/10).",
        "ev.tmove": "{p} moves one of {owner}'s treasures from {src} to {tgt}.",
        "ev.pass": "{p} does not attack.",
        "ev.attack": "{p} attacks {tgt} ({d}) from {src}: {mode}{via}.",
        "ev.cancelled": "The attack {src}→{tgt} is no longer possible: cancelled.",
        "ev.bring": "{p} brings {n} {n:@soldier|soldiers} from {src} to {tgt}.",
        "ev.bring_sp": "{p} brings {sp} from {src} to {tgt}.",
        "ev.break_off": "{p} breaks off the attack {src}→{tgt}.",
        "ev.bonus": "Mediator's aid: {n} more {n:@soldier|soldiers} in {case}.",
        "ev.bonus_lost": "No case taken: the aid's {n} {n:@soldier is|soldiers are} lost.",
        "ev.arrive": "{n} {n:@soldier arrives|soldiers arrive} in {case}{sp}.",
        "ev.arrive_sp": " with {sp}",
        "ev.found": "{p} finds their treasure in {case}: {kind}!",
        "ev.ring": "Ring: {p} takes a unit of {victim} in {case}.",
        "ev.out": "{p} has no unit left: out of the game.",
        "ev.win": "{p} wins: {why}.",
        "colour.0": "red", "colour.1": "blue", "colour.2": "green",
        "colour.3": "yellow", "colour.4": "purple", "colour.5": "white",
        "seat.0": "Red", "seat.1": "Blue", "seat.2": "Green",
        "seat.3": "Yellow", "seat.4": "Purple", "seat.5": "White",
        "score.player": "Player",
        "score.found": "Treasures found",
        "score.units": "Units",
        "score.aids": "Aids used",
        "score.out": "out",
        "score.caption": "Finding one's three treasures (chest, crown, ring) makes one king of Thorval.",
        "kindshort.chest": "chest",
        "kindshort.crown": "crown",
        "kindshort.ring": "ring",
    },
}

PLAYER_FIELDS = ("p", "owner", "victim", "a", "d")
CASE_FIELDS = ("case", "src", "tgt", "c1", "c2")


def t(lang: str, key: str, **fields) -> str:
    return tr(CATALOGUE, lang, key, **fields)


def who(players, p, lang) -> str:
    if p is None or p == -1:
        return t(lang, "nobody")
    if p == -2:
        return t(lang, "orks")
    return players[p]


def event_text(players, key: str, fields: dict, lang: str = "fr") -> str:
    """One event of the log as a sentence."""
    f = _fields(players, key, fields, lang)
    if key == "won" and fields["p"] == -2:
        key = "won.orks"  # « Victoire des Orks », not « de les Orks »
    return t(lang, "ev." + key, **f)


def _fields(players, key: str, fields: dict, lang: str) -> dict:
    f = dict(fields)
    for k in PLAYER_FIELDS:
        if k in f:
            f[k] = who(players, f[k], lang)
    for k in CASE_FIELDS:
        if k in f:
            f[k] = B.NAMES[f[k]] if f[k] >= 0 else "—"
    if "region" in f:
        f["region"] = B.ROMAN[f["region"]]
    if "regions" in f:
        f["regions"] = ", ".join(B.ROMAN[r] for r in f["regions"]) or "—"
    if "rolls" in f:
        if key == "first":
            f["rolls"] = " / ".join(", ".join(f"{players[p]} {r}" for p, r in rnd) for rnd in f["rolls"])
        else:
            f["rolls"] = ", ".join(f"{players[p]} {r}" for p, r in f["rolls"])
    if "dice" in f:
        f["dice"] = "-".join(str(x) for x in f["dice"])
    if "tries" in f:
        f["tries"] = ", ".join(f"{a}-{b}" for a, b in f["tries"])
    if "kind" in f:
        f["kind"] = t(lang, "kind." + f["kind"])
    if key == "arrive":
        f["sp"] = t(lang, "ev.arrive_sp", sp=t(lang, "sp." + f["sp"])) if f["sp"] else ""
    elif "sp" in f:
        f["sp"] = t(lang, "sp." + f["sp"]) if f["sp"] else ""
    if "mode" in f:
        f["mode"] = t(lang, "mode." + f["mode"])
    if "via" in f:
        f["via"] = t(lang, "via." + f["via"])
    if "why" in f:
        f["why"] = t(lang, "why." + f["why"])
    if key == "mediator":
        o = fields["p"]
        f["what"] = (t(lang, "ev.med.orks") if o == -2 else t(lang, "ev.med.empty") if o == -1
                     else t(lang, "ev.med.soldiers", p=f["p"]))
    if key == "aid":
        f["aid"] = t(lang, "aidname." + str(f["k"]))
    return f


# -- the board's event panel: the events of a turn, one line per episode ----
#: events that open a line of their own, in compact form (``cx.<key>``)
_HEADS = {"spread", "ork_attack", "attack", "reinf", "setup_orks"}
#: events that go on the line of the episode before them, and the episodes
#: they may follow
_TAIL = {
    "spread_done": {"spread", "spread_all", "spread_but"},
    "round": {"ork_attack", "attack"}, "won": {"ork_attack", "attack"},
    "mutual": {"ork_attack", "attack"}, "orks_stop": {"ork_attack", "attack"},
    "occupy": {"ork_attack", "attack"}, "no_occupy": {"ork_attack", "attack"},
    "bring": {"attack"}, "bring_sp": {"attack"}, "break_off": {"attack"},
    "bonus": {"attack"}, "arrive": {"attack", "mediator"},
    "place": {"reinf"}, "place_sp": {"reinf"}, "setup_orks": {"setup_orks"},
}
#: episodes whose line carries dice
DICE = {"first", "setup_orks", "spread", "spread_all", "spread_but", "ork_attack", "attack", "dragon",
        "dragon_none", "mediator"}


def _join(parts: list, sep: str) -> str:
    out = parts[0]
    for a in parts[1:]:
        out += (" " if out.endswith((".", ":", "!")) else sep) + a
    return out if out.endswith((".", "!", "—")) else out + "."


def episode_lines(players, events, full, lang: str = "fr") -> list:
    """``events`` (the log's [seq, key, fields]) as one sentence per episode:
    a list of (text, head key, seq of its first event, seq of its last event,
    whether it holds an event of ``full``). Events whose seq is
    in ``full`` are written out as in the log; the others may be shortened
    (dice of a combat as ``5-2 (−0/−1)``: attacker's die, defender's die,
    their losses)."""
    groups = []  # [head key, seq, parts, dice-part index or -1, player, last seq, holds full]
    for seq, key, fields in events:
        cur = groups[-1] if groups else None
        follows = (cur is not None and cur[0] in _TAIL.get(key, ())
                   and (key not in ("place", "place_sp") or cur[4] == fields.get("p")))
        if key in ("place", "place_sp") and not follows and cur is not None and cur[0] == "place" \
                and cur[4] == fields["p"]:
            follows = True
        if follows:
            cur[5] = seq
            cur[6] = cur[6] or seq in full
        if seq in full:
            text = event_text(players, key, fields, lang)
        elif key == "round":
            f = _fields(players, key, fields, lang)
            seg = t(lang, "cx.round", **f)
            if follows and cur[3] == len(cur[2]) - 1:
                cur[2][-1] += ", " + seg
                continue
            text = t(lang, "cx.dice") + " " + seg
        elif key == "spread":
            by = {}
            for p, r in fields["rolls"]:
                by.setdefault(p, []).append(str(r))
            regions = ", ".join(B.ROMAN[r] for r in fields["regions"]) or "—"
            text = t(lang, "cx.spread", rolls=", ".join(f"{players[p]} {'·'.join(v)}" for p, v in by.items()),
                     regions=regions)
        elif key == "setup_orks":
            f = _fields(players, key, fields, lang)
            text = t(lang, "cx.setup_region", **f)
            if not follows:
                groups.append(["setup_orks", seq, [t(lang, "cx.setup_orks"), text], -1, None, seq, False])
                continue
        elif key in ("place", "place_sp") and not follows:
            f = _fields(players, key, fields, lang)
            groups.append(["place", seq, [t(lang, "cx.place_head", p=f["p"]), t(lang, "cx." + key, **f)], -1,
                           fields["p"], seq, False])
            continue
        elif "cx." + key in CATALOGUE["fr"]:
            text = t(lang, "cx." + key, **_fields(players, key, fields, lang))
        else:
            text = event_text(players, key, fields, lang)
        if follows:
            cur[2].append(text)
            cur[3] = len(cur[2]) - 1 if key == "round" and seq not in full else -1
        else:
            groups.append([key, seq, [text], -1, fields.get("p"), seq, seq in full])
    semi = t(lang, "cx.sep")
    # the orks' attacks of a turn share one paragraph
    merged = []
    for g in groups:
        if g[0] == "ork_attack" and not g[6] and len(g[2]) > 1:
            head = g[2][0][:-1].rstrip()
            lead = CATALOGUE.get(lang, CATALOGUE["fr"])["cx.ork_attack"].split("{src}")[0]
            text = head[len(lead):] + " " + ", ".join(g[2][1:])
            prev = merged[-1] if merged else None
            if prev is not None and prev[0] == "orks":
                prev[2].append(text)
                prev[5] = g[5]
            else:
                merged.append(["orks", g[1], [t(lang, "cx.orks"), text], -1, None, g[5], False])
            continue
        merged.append(g)
    groups = [g if g[0] != "orks" else ["ork_attack"] + g[1:] for g in merged]
    return [(_join(parts, ", " if key in ("reinf", "place", "setup_orks") else semi), key, seq, last, held)
            for key, seq, parts, _, _, last, held in groups]
