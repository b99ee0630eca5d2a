"""Every sentence of the Arkhanis tournament, French first."""

from __future__ import annotations

from plateau.core.i18n import tr
from plateau.games.smallworld.catalogue import status_line as sw_status
from plateau.games.smallworld.catalogue import winner_line

CATALOGUE = {
    "fr": {
        "opt.free": "Places libres",
        "opt.free.1": "1", "opt.free.2": "2", "opt.free.3": "3", "opt.free.4": "4 (défaut)",
        "opt.boards": "Plateaux",
        "opt.boards.mixed": "Small World et Underground en alternance, plateau aléatoire en 3e (défaut)",
        "opt.boards.classic": "Small World seulement", "opt.boards.underground": "Underground seulement",
        "opt.content": "Peuples et pouvoirs par table",
        "opt.content.by_board": "ceux du jeu du plateau, les deux mélangés sur un plateau aléatoire (défaut)",
        "opt.content.mixed": "les deux jeux mélangés partout",
        "opt.events": "Événements",
        "opt.events.drawn": "tirés par Plateau au début (cachés jusqu'à leur tour, défaut)",
        "opt.events.none": "aucun",
        "opt.knight_discards": "Tuiles que le vainqueur du Chevalier d'Or ne garde pas",
        "opt.knight_discards.reserve": "remises sous la réserve (défaut)",
        "opt.knight_discards.out": "défaussées, hors du jeu",
        "ev.none": "Aucun événement",
        "ev.forbidden_forest": "La Forêt interdite : aucune région de forêt ne peut être conquise ce tour.",
        "ev.golden_age": "L'Âge d'or : personne ne peut passer en déclin ce tour.",
        "ev.art_of_combos": "L'Art des combinaisons : chaque table met aux enchères la dernière combinaison de "
                            "sa colonne ; le gagnant la prendra à son prochain choix de peuple, sans rien payer.",
        "ev.avalanche": "Avalanche (Plateau) : aucune région de montagne ne peut être conquise ce tour.",
        "ev.flood": "Crue (Plateau) : ni marais ni rivière ne peuvent être conquis ce tour.",
        "ev.new_blood": "Sang neuf (Plateau) : un peuple choisi ce tour reçoit 3 jetons de plus.",
        "ev.forced_march": "Marche forcée (Plateau) : chaque conquête coûte 1 jeton de moins (minimum 1) ce tour.",
        "ev.royal_treasure": "Le Trésor royal (Plateau) : chaque table met aux enchères 5 pièces de la banque.",
        "ev.long_winter": "Long hiver (Plateau) : ni champs ni collines ne peuvent être conquis ce tour.",
        "st.auction": "Tour {n} — {p} : votre enchère (cachée) pour la table {t} — en vente : {lot}",
        "lot.combo": "la combinaison {race} {power} ({n} jetons)", "lot.coins": "{n} pièces de la banque",
        "lot.nothing": "rien (la colonne est vide)",
        "log.auction.lot": "Table {t} : {p} remporte {lot} pour {bid} {bid:@pièce|pièces} (mises : {bids}).",
        "log.auction.tie": " Égalité à {bid} : le plus petit l'emporte ({who}).",
        "log.auction.tie_seat": " Égalité à {bid}, même taille : la plus petite place l'emporte ({who}).",
        "height": "{p} {h} cm", "height_seat": "{p} place {s}",
        "ov.lot": "En vente à la table {t} : {lot}",
        "st.move": "Tour {n} — {p} : choisissez une place libre",
        "st.over": "Tournoi terminé",
        "log.event": "Tour {n} : {event}",
        "log.auction": "Table {t} : {p} remporte l'enchère pour {bid} {bid:@pièce|pièces}.",
        "log.seat": "{p} quitte la place {old} pour la place {seat}.",
        "log.skip": "Place {seat} : pas de tour (libre ou arrivée ce tour).",
        "log.declined_score": "Place {seat} : le peuple en déclin de {p} compte ses points.",
        "log.bid": "{p} a misé.",
        "target.bid": "Miser", "bid": "Miser {k}",
        "seat": "Place {s}", "seat.free": "libre", "table": "Table {t}",
        "line.bid": "mise {k}", "line.bid_hidden": "mise", "line.seat": "s'assoit à la place {s}",
        "line.reserved": "prend la combinaison gagnée aux enchères",
        "panel.tournament": "Tournoi", "panel.tables": "Tables",
        "panel.turn": "Tour {n} / {m} — {event}",
        "panel.table": "Table {t} ({board}) : {seats}",
        "panel.tiles": "Lieux et reliques face cachée — {piles} ; réserve du tournoi : {k}",
        "panel.pile": "table {t} : {k}",
        "panel.waiting": "en déclin à la place {s} : {races}",
        "board.classic": "Small World", "board.underground": "Underground", "board.random": "plateau aléatoire",
        "result.win": "{p} gagne le tournoi avec {c} pièces.",
        "result.draw": "Victoire partagée : {ps} ({c} pièces).",
        "result.line": "{p} : {c} pièces.",
        "score.caption": "Pièces de victoire", "score.player": "Participant", "score.coins": "Pièces",
        "score.seat": "Place",
        "score.hidden": "Les pièces des autres participants restent cachées jusqu'à la fin (« ? »).",
        "target.reserved": "Prendre la combinaison gagnée aux enchères",
        "target.shield": "Ignorer l'événement (Pendentif)", "target.coin": "Prendre 1 pièce (Pendentif)",
        "st.pendant": "Tour {n} — {p} : Pendentif de Pierre de Lune — ignorer l'événement ou 1 pièce ?",
        "log.pendant": "{p} utilise le Pendentif de Pierre de Lune.",
        "log.relics_kept": "{p} garde ses reliques en passant en déclin.",
        "move.shield": "Ignore l'événement du tour (Pendentif)", "move.coin": "Prend 1 pièce (Pendentif)",
        "log.over": "Fin du tournoi.",
        "view.table": "Table {t} — en cours", "view.overview": "Vue d'ensemble (arbitre)", "view.other": "Table {t}",
        "ov.turn": "Tour {n} / {m}",
        "ov.coins": "{c} {c:@pièce|pièces}", "ov.coins_hidden": "pièces cachées", "ov.has_bid": "a misé",
        "ov.arrived": "arrivé ce tour : jouera au prochain", "ov.moving": "en déclin : choisit une place",
        "ov.no_race": "pas encore de peuple ici", "ov.free": "place libre",
        "ov.waiting": "en déclin ici : {races}",
        "ov.free_seats": "Places libres ({n}) : {seats}",
        "ov.choose": "Choisissez une place libre :", "ov.choice": "Place {s} — table {t} · {board}",
        "ov.choice.who": "À cette table : {names}", "ov.choice.nobody": "À cette table : personne",
        "ov.table": "Table {t} — {board} (places {a}–{b})",
        "ov.table.short": "Table {t} — {board}", "ov.seats": "Places {a} à {b}",
        "ov.free_here": "Libres ici : {seats}", "ov.running": "Joue : place {s}",
        "ov.log": "Journal du tour {n}", "ov.log_empty": "Rien pour l'instant.",
        "ov.now.auction": "Enchère de la table {t} : {p} mise",
        "ov.now.auction_many": "Enchère de la table {t} : {ps} misent",
        "wait.bid": "{p} mise à la table {t}", "wait.bids": "{ps} misent à la table {t}", "wait.move": "{p} choisit une place libre",
        "wait.pendant": "{p} choisit pour le Pendentif de Pierre de Lune", "wait.play": "{p} joue à la table {t}",
        "ov.now.move": "{p} (place {s}) choisit une place libre",
        "ov.now.play": "Créneau {slot} : table {t}, place {s} — {p} joue",
        "ov.now.table": "Table {t}, créneau {slot} : place {s} — {p} joue",
    },
    "en": {
        "opt.free": "Free seats",
        "opt.free.1": "1", "opt.free.2": "2", "opt.free.3": "3", "opt.free.4": "4 (default)",
        "opt.boards": "Boards",
        "opt.boards.mixed": "Small World and Underground in turn, a random board third (default)",
        "opt.boards.classic": "Small World only", "opt.boards.underground": "Underground only",
        "opt.content": "Races and powers per table",
        "opt.content.by_board": "those of the board's game, both mixed on a random board (default)",
        "opt.content.mixed": "both games mixed everywhere",
        "opt.events": "Events",
        "opt.events.drawn": "drawn by Plateau at the start (hidden until their turn, default)",
        "opt.events.none": "none",
        "opt.knight_discards": "Tiles the Golden Knight's winner does not keep",
        "opt.knight_discards.reserve": "back under the reserve (default)",
        "opt.knight_discards.out": "discarded, out of the game",
        "ev.none": "No event",
        "ev.forbidden_forest": "The Forbidden Forest: no Forest region may be conquered this turn.",
        "ev.golden_age": "The Golden Age: nobody may go into decline this turn.",
        "ev.art_of_combos": "The Art of Combos: each table auctions the last combo of its column; the winner "
                            "takes it at his next choice of race, paying nothing.",
        "ev.avalanche": "Avalanche (Plateau): no Mountain region may be conquered this turn.",
        "ev.flood": "Flood (Plateau): no Swamp or River region may be conquered this turn.",
        "ev.new_blood": "New Blood (Plateau): a race picked this turn gets 3 more tokens.",
        "ev.forced_march": "Forced March (Plateau): every conquest costs 1 token less (at least 1) this turn.",
        "ev.royal_treasure": "The Royal Treasure (Plateau): each table auctions 5 coins from the bank.",
        "ev.long_winter": "Long Winter (Plateau): no Farmland or Hill region may be conquered this turn.",
        "st.auction": "Turn {n} — {p}: your (hidden) bid for table {t} — on sale: {lot}",
        "lot.combo": "the combo {race} {power} ({n} tokens)", "lot.coins": "{n} coins from the bank",
        "lot.nothing": "nothing (the column is empty)",
        "log.auction.lot": "Table {t}: {p} wins {lot} for {bid} {bid:@coin|coins} (bids: {bids}).",
        "log.auction.tie": " A tie at {bid}: the shortest wins ({who}).",
        "log.auction.tie_seat": " A tie at {bid}, same height: the lowest seat wins ({who}).",
        "height": "{p} {h} cm", "height_seat": "{p} seat {s}",
        "ov.lot": "On sale at table {t}: {lot}",
        "st.move": "Turn {n} — {p}: choose a free seat",
        "st.over": "Tournament over",
        "log.event": "Turn {n}: {event}",
        "log.auction": "Table {t}: {p} wins the auction for {bid} {bid:@coin|coins}.",
        "log.seat": "{p} leaves seat {old} for seat {seat}.",
        "log.skip": "Seat {seat}: no turn (free, or its player arrived this turn).",
        "log.declined_score": "Seat {seat}: {p}'s declined race scores.",
        "log.bid": "{p} has bid.",
        "target.bid": "Bid", "bid": "Bid {k}",
        "seat": "Seat {s}", "seat.free": "free", "table": "Table {t}",
        "line.bid": "bids {k}", "line.bid_hidden": "bids", "line.seat": "takes seat {s}",
        "line.reserved": "takes the combo won at auction",
        "panel.tournament": "Tournament", "panel.tables": "Tables",
        "panel.turn": "Turn {n} / {m} — {event}",
        "panel.table": "Table {t} ({board}): {seats}",
        "panel.tiles": "Face-down places and relics — {piles}; tournament reserve: {k}",
        "panel.pile": "table {t}: {k}",
        "panel.waiting": "declined at seat {s}: {races}",
        "board.classic": "Small World", "board.underground": "Underground", "board.random": "random board",
        "result.win": "{p} wins the tournament with {c} coins.",
        "result.draw": "Shared win: {ps} ({c} coins).",
        "result.line": "{p}: {c} coins.",
        "score.caption": "Victory coins", "score.player": "Participant", "score.coins": "Coins",
        "score.seat": "Seat",
        "score.hidden": "The other participants' coins stay hidden until the end (\"?\").",
        "target.reserved": "Take the combo won at auction",
        "target.shield": "Ignore the event (Pendant)", "target.coin": "Take 1 coin (Pendant)",
        "st.pendant": "Turn {n} — {p}: Moonstone Pendant — ignore the event or 1 coin?",
        "log.pendant": "{p} uses the Moonstone Pendant.",
        "log.relics_kept": "{p} keeps his relics on going into decline.",
        "move.shield": "Ignores the turn's event (Pendant)", "move.coin": "Takes 1 coin (Pendant)",
        "log.over": "The tournament is over.",
        "view.table": "Table {t} — playing", "view.overview": "Overview (referee)", "view.other": "Table {t}",
        "ov.turn": "Turn {n} / {m}",
        "ov.coins": "{c} {c:@coin|coins}", "ov.coins_hidden": "coins hidden", "ov.has_bid": "has bid",
        "ov.arrived": "arrived this turn: plays next turn", "ov.moving": "declined: chooses a seat",
        "ov.no_race": "no race here yet", "ov.free": "free seat",
        "ov.waiting": "declined here: {races}",
        "ov.free_seats": "Free seats ({n}): {seats}",
        "ov.choose": "Choose a free seat:", "ov.choice": "Seat {s} — table {t} · {board}",
        "ov.choice.who": "At this table: {names}", "ov.choice.nobody": "At this table: nobody",
        "ov.table": "Table {t} — {board} (seats {a}–{b})",
        "ov.table.short": "Table {t} — {board}", "ov.seats": "Seats {a} to {b}",
        "ov.free_here": "Free here: {seats}", "ov.running": "Playing: seat {s}",
        "ov.log": "Log of turn {n}", "ov.log_empty": "Nothing yet.",
        "ov.now.auction": "Auction at table {t}: {p} bids",
        "ov.now.auction_many": "Auction at table {t}: {ps} bid",
        "wait.bid": "{p} bids at table {t}", "wait.bids": "{ps} bid at table {t}", "wait.move": "{p} chooses a free seat",
        "wait.pendant": "{p} chooses for the Moonstone Pendant", "wait.play": "{p} plays at table {t}",
        "ov.now.move": "{p} (seat {s}) chooses a free seat",
        "ov.now.play": "Slot {slot}: table {t}, seat {s} — {p} plays",
        "ov.now.table": "Table {t}, slot {slot}: seat {s} — {p} plays",
    },
}


def t(lang, key, **f):
    return tr(CATALOGUE, lang, key, **f)


def event_name(event, lang):
    return t(lang, "ev." + event)


def lot_text(lot, lang):
    """An auction's lot in words (``TournamentState.auction_lot``)."""
    if lot[0] == "combo":
        from plateau.games.smallworld import content as C

        race, power = lot[1], lot[2]
        return t(lang, "lot.combo", race=C.name(race, lang), power=C.name(power, lang),
                 n=C.RACES[race][0] + C.POWERS[power])
    if lot[0] == "coins":
        return t(lang, "lot.coins", n=lot[1])
    return t(lang, "lot.nothing")


def auction_text(st, f, lang):
    """An auction's result: who won what, for how much, every bid (revealed
    together) and, on a tie, why the winner won (heights, then seats)."""
    name = st.players
    bids = ", ".join(f"{name[int(p)]} {b}" for p, b in sorted(f["bids"].items(), key=lambda x: (-x[1], int(x[0]))))
    out = t(lang, "log.auction.lot", t=f["t"] + 1, p=name[f["p"]], lot=lot_text(f["lot"], lang), bid=f["bid"],
            bids=bids)
    tied = f.get("tied") or []
    if tied:
        hs = [st.heights[p] for p in tied]
        if hs.count(st.heights[f["p"]]) > 1:
            who = ", ".join(t(lang, "height_seat", p=name[p], s=f["seats"][str(p)])
                            for p in tied if st.heights[p] == st.heights[f["p"]])
            out += t(lang, "log.auction.tie_seat", bid=f["bid"], who=who)
        else:
            who = ", ".join(t(lang, "height", p=name[p], h=st.heights[p]) for p in sorted(tied, key=lambda q: st.heights[q]))
            out += t(lang, "log.auction.tie", bid=f["bid"], who=who)
    return out


def log_text(st, key, f, lang):
    if key == "auction" and "lot" in f:
        return auction_text(st, f, lang)
    g = dict(f)
    if "p" in g:
        g["p"] = st.players[g["p"]]
    if "event" in g:
        g["event"] = event_name(g["event"], lang)
    if "t" in g:
        g["t"] = g["t"] + 1
    g.pop("bids", None)
    return t(lang, "log." + key, **g)


def status_line(st, lang):
    if st.win is not None:
        return t(lang, "st.over")
    if st.stage == "auction":
        ti = st.auction_tables[st.auction_table]
        return t(lang, "st.auction", n=st.turn, p=st.players[st.bidder], t=ti + 1,
                 lot=lot_text(st.auction_lot(ti), lang))
    if st.stage == "move":
        return t(lang, "st.move", n=st.turn, p=st.players[st.seat_choosers[0]])
    if st.stage == "pendant":
        return t(lang, "st.pendant", n=st.turn, p=st.players[st.pendant])
    table = st.tables[st.current]
    return t(lang, "table", t=st.current + 1) + " · " + sw_status(table, lang)


def waiting_line(st, lang):
    """Who the tournament waits for, naming each of them (for a device where
    they are not): every bidder still to bid at his table, the seat chooser,
    the Pendant's holder, the player of each table playing."""
    if st.win is not None:
        return ""
    if st.stage == "auction":
        who = [st.bidder] if st.rev < 4 else [p for _, p in st.open_bidders()]
        tables = {}
        for p in who:  # by table, in order
            tables.setdefault(st.seat_table[st.seat_of[p]], []).append(st.players[p])
        return "; ".join(t(lang, "wait.bid" if len(ps) == 1 else "wait.bids", p=ps[0], ps=", ".join(ps), t=ti + 1)
                         for ti, ps in tables.items())
    if st.stage == "pendant":
        return t(lang, "wait.pendant", p=st.players[st.pendant])
    out = []
    if st.stage == "move":
        out.append(t(lang, "wait.move", p=st.players[st.seat_choosers[0]]))
        tables = [(ti, st.tables[ti].to_play) for ti in st.busy_tables()]
    else:
        tables = [(st.current, st.tables[st.current].to_play)] + [
            (ti, st.tables[ti].to_play) for ti in st.busy_tables() if ti != st.current]
    out += [t(lang, "wait.play", p=st.players[p], t=ti + 1) for ti, p in tables if p is not None]
    return ", ".join(out)


def result_lines(st, lang):
    if st.win is None:
        return []
    out = [winner_line(st, lang, t)]
    for p in sorted(range(st.n), key=lambda p: -st.coins[p]):
        out.append(t(lang, "result.line", p=st.players[p], c=st.coins[p]))
    return out
