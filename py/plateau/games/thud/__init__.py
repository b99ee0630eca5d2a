"""Thud: dwarfs against trolls on a 165-square board, in two rounds.

>>> GAME.id
'thud'
>>> s = GAME.start(["Ann", "Bob"], {"captures": "forced"})
>>> s.status("en")
'Round 1/2 — Ann (dwarfs) to play (dwarfs 32 pts, trolls 32 pts)'
"""

from __future__ import annotations


from plateau.core.game import Game, Option, RenderContext, RulesError

from . import board
from .rules import ThudState, check_start
from .thudfile import export_match, import_thud


CATALOGUE = {
    "fr": {
        "side.dwarfs": "nains",
        "side.trolls": "trolls",
        "status.round": "Manche {round}/{rounds}",
        "status.material": "nains {dwarfs} pts, trolls {trolls} pts",
        "status.play": "{player} ({side}) joue",
        "status.refused": "{player} ({side}) joue : offre refusée, un coup est dû",
        "status.reply": "{player} ({side}) : accepter la fin de la manche ?",
        "result.win": "{player} gagne la partie, {points} points contre {other}.",
        "result.draw": "Partie nulle : {points} points partout.",
        "result.round": "Manche {round} : {dplayer} (nains) garde {dwarfs} {dwarfs:@nain|nains} = {dpoints} pts, "
                        "{tplayer} (trolls) garde {trolls} {trolls:@troll|trolls} = {tpoints} pts ; {reason}.",
        "result.agreed": "fin acceptée d'un commun accord",
        "result.blocked": "les {side} n'avaient plus de coup",
        "result.tie": "Manche nulle : aucun point retenu.",
        "result.totals": "Total : {p0} {s0}, {p1} {s1}.",
        "target.offer": "Proposer la fin de la manche",
        "target.accept": "Accepter la fin de la manche",
        "target.refuse": "Refuser, la manche continue",
        "aria.dwarf": "Nain en {sq}",
        "aria.troll": "Troll en {sq}",
        "aria.empty": "Case vide {sq}",
        "aria.stone": "Pierre de Thud en {sq}",
        "board.round": "Manche {round}/{rounds}",
        "board.offer": "Fin de manche\nproposée",
        "board.refused": "Offre refusée\nun coup est dû",
        "seat.0": "Joueur 1",
        "seat.1": "Joueur 2",
        "mv.dwarf": "Nain {frm} → {to}",
        "mv.troll": "Troll {frm} → {to}",
        "mv.hurl": "Nain {frm} → {to}, lancer : prend le troll",
        "mv.shove": "Troll {frm} → {to}, bousculade : prend {caps}",
        "mv.takes": "Troll {frm} → {to}, prend {caps}",
        "mv.offer": "Propose la fin de la manche",
        "mv.accept": "Accepte la fin de la manche",
        "mv.refuse": "Refuse la fin de la manche",
        "and": " et ",
        "pos.dwarfs": "Nains ({n}) : {squares}",
        "pos.trolls": "Trolls ({n}) : {squares}",
        "pos.stone": "Pierre de Thud : {sq}",
        "pos.totals": "Manches finies : {scores}",
        "pos.none": "aucun",
        "score.player": "Joueur",
        "score.round": "Manche {round}",
        "score.live": "Manche {round} (en cours)",
        "score.total": "Total",
        "score.cell": "{points} ({side})",
        "score.caption": "1 point par nain restant, 4 par troll restant ; une manche nulle ne compte pas",
        "score.note_live": "Manche en cours, si elle finissait maintenant : {dplayer} (nains) {dpoints} pts, "
                           "{tplayer} (trolls) {tpoints} pts. Le total ne compte que les manches finies.",
    },
    "en": {
        "side.dwarfs": "dwarfs",
        "side.trolls": "trolls",
        "status.round": "Round {round}/{rounds}",
        "status.material": "dwarfs {dwarfs} pts, trolls {trolls} pts",
        "status.play": "{player} ({side}) to play",
        "status.refused": "{player} ({side}) to play: offer refused, a move is due",
        "status.reply": "{player} ({side}): accept ending the round?",
        "result.win": "{player} wins the game, {points} points to {other}.",
        "result.draw": "Drawn game: {points} points each.",
        "result.round": "Round {round}: {dplayer} (dwarfs) kept {dwarfs} {dwarfs:@dwarf|dwarfs} = {dpoints} pts, "
                        "{tplayer} (trolls) kept {trolls} {trolls:@troll|trolls} = {tpoints} pts; {reason}.",
        "result.agreed": "ended by agreement",
        "result.blocked": "the {side} had no move left",
        "result.tie": "Tied round: no points kept.",
        "result.totals": "Totals: {p0} {s0}, {p1} {s1}.",
        "target.offer": "Offer to end the round",
        "target.accept": "Accept ending the round",
        "target.refuse": "Refuse, the round goes on",
        "aria.dwarf": "Dwarf on {sq}",
        "aria.troll": "Troll on {sq}",
        "aria.empty": "Empty square {sq}",
        "aria.stone": "Thudstone on {sq}",
        "board.round": "Round {round}/{rounds}",
        "board.offer": "End of round\noffered",
        "board.refused": "Offer refused\na move is due",
        "seat.0": "Player 1",
        "seat.1": "Player 2",
        "mv.dwarf": "Dwarf {frm} → {to}",
        "mv.troll": "Troll {frm} → {to}",
        "mv.hurl": "Dwarf {frm} → {to}, hurled: takes the troll",
        "mv.shove": "Troll {frm} → {to}, shoved: takes {caps}",
        "mv.takes": "Troll {frm} → {to}, takes {caps}",
        "mv.offer": "Offers to end the round",
        "mv.accept": "Accepts ending the round",
        "mv.refuse": "Refuses to end the round",
        "and": " and ",
        "pos.dwarfs": "Dwarfs ({n}): {squares}",
        "pos.trolls": "Trolls ({n}): {squares}",
        "pos.stone": "Thudstone: {sq}",
        "pos.totals": "Finished rounds: {scores}",
        "pos.none": "none",
        "score.player": "Player",
        "score.round": "Round {round}",
        "score.live": "Round {round} (in play)",
        "score.total": "Total",
        "score.cell": "{points} ({side})",
        "score.caption": "1 point per dwarf left, 4 per troll left; a tied round scores nothing",
        "score.note_live": "Round in play, if it ended now: {dplayer} (dwarfs) {dpoints} pts, "
                           "{tplayer} (trolls) {tpoints} pts. The total counts finished rounds only.",
    },
}

OPTIONS = (
    Option(
        "captures",
        {"fr": "Captures d'un troll", "en": "Troll captures"},
        {
            "any": {"fr": "au choix parmi les nains voisins", "en": "any of the adjacent dwarfs"},
            "all": {"fr": "tous les voisins ou aucun", "en": "all adjacent dwarfs or none"},
            "forced": {"fr": "tous les voisins, obligatoirement", "en": "all adjacent dwarfs, forced"},
        },
        "any",
        {
            "fr": "Combien de nains voisins un troll capture en arrivant ; une bousculade en capture "
                  "toujours au moins un.",
            "en": "How many adjacent dwarfs a troll takes when it lands; a shove always takes at least one.",
        },
    ),
    Option(
        "rounds",
        {"fr": "Manches", "en": "Rounds"},
        {
            2: {"fr": "2 (chacun commande les nains une fois)", "en": "2 (each commands the dwarfs once)"},
            1: {"fr": "1 seule", "en": "1 only"},
        },
        2,
    ),
)


class Thud(Game):
    id = "thud"
    title = {"fr": "Thud", "en": "Thud"}
    min_players = 2
    max_players = 2
    pitch = {
        "fr": "Nains contre trolls autour de la pierre de Thud, en deux manches où l'on change de camp.",
        "en": "Dwarfs against trolls around the Thudstone, in two rounds with sides swapped.",
    }
    duration = {"fr": "60–90 min", "en": "60–90 min"}
    options = OPTIONS
    catalogue = CATALOGUE
    seat_names = board.SEAT_NAMES

    def full_options(self, options: dict | None) -> dict:
        """As :meth:`Game.full_options`, plus the optional ``start`` option:
        a ``.thud`` position line (used by imported games that do not start
        from the standard position; absent for the standard one)."""
        options = dict(options or {})
        start = options.pop("start", None)
        if "rounds" in options and isinstance(options["rounds"], str) and options["rounds"].isdigit():
            options["rounds"] = int(options["rounds"])
        out = super().full_options(options)
        if check_start(start) is not None:
            out["start"] = start
        return out

    def new_state(self, players, options: dict, seed: int) -> ThudState:
        start = check_start(options.get("start"))
        return ThudState(self, players, options, seed, start)

    def rules_diagram(self, name: str, lang: str) -> str:
        from .render import diagram

        return diagram(self, name, lang)

    def render(self, state: ThudState, ctx: RenderContext | None = None) -> str:
        from .render import render

        return render(self, state, ctx or RenderContext())

    def panel(self, state: ThudState, viewer, lang: str) -> list[dict]:
        from .render import panel

        return panel(self, state, lang)

    def describe_position(self, state: ThudState, viewer, lang: str) -> list[str]:
        """The round, whose turn and the points (the status line), the
        finished rounds' totals, then every dwarf, troll and the Thudstone
        by square, rank by rank from rank 1 (Thud hides nothing).

        >>> GAME.describe_position(GAME.start(["Ann", "Bob"]), 0, "en")[1][:36]
        'Dwarfs (32): F1, G1, J1, K1, E2, L2,'
        """
        rows = state.view(viewer)["board"]
        where = {ch: [] for ch in board.CHARS}
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                where[ch].append(board.NAMES[r * board.SIZE + c])
        dw, tr_ = where[board.CHARS[board.DWARF]], where[board.CHARS[board.TROLL]]
        none = self.t(lang, "pos.none")
        lines = [state.status(lang),
                 self.t(lang, "pos.dwarfs", n=len(dw), squares=", ".join(dw) or none),
                 self.t(lang, "pos.trolls", n=len(tr_), squares=", ".join(tr_) or none)]
        lines += [self.t(lang, "pos.stone", sq=sq) for sq in where[board.CHARS[board.STONE]]]
        if state.results and state.phase != "over":
            lines.insert(1, self.t(lang, "pos.totals", scores=", ".join(
                f"{state.players[p]} {state.totals[p]}" for p in (0, 1))))
        return lines

    def describe_move(self, state_before, move_text: str, viewer=None, lang: str = "fr") -> str:
        """The move in words (Thud hides nothing, so ``viewer`` changes
        nothing): the piece is named from the position before the move.

        >>> s = GAME.start(["Ann", "Bob"])
        >>> GAME.describe_move(s, "dF1-F3", 0, "fr"), GAME.describe_move(s, "offer", None, "en")
        ('Nain F1 → F3', 'Offers to end the round')
        >>> GAME.move_label(s, "dF1-F3", None, "en")
        'Dwarf F1 → F3 (dF1-F3)'
        """
        if move_text in ("offer", "accept", "refuse"):
            return self.t(lang, "mv." + move_text)
        from .rules import parse_move

        frm, to, caps = parse_move(move_text)
        piece = state_before.board[frm]
        kind = board.DWARF if piece == board.DWARF else board.TROLL if piece == board.TROLL else (
            board.DWARF if move_text[:1] == "d" else board.TROLL)
        names = [board.NAMES[c] for c in caps]
        f, t = board.NAMES[frm], board.NAMES[to]
        if kind == board.DWARF:
            return self.t(lang, "mv.hurl" if caps else "mv.dwarf", frm=f, to=t)
        if not caps:
            return self.t(lang, "mv.troll", frm=f, to=t)
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + self.t(lang, "and") + names[-1]
        dist = max(abs(frm // board.SIZE - to // board.SIZE), abs(frm % board.SIZE - to % board.SIZE))
        return self.t(lang, "mv.shove" if dist > 1 else "mv.takes", frm=f, to=t, caps=listed)

    def notation(self, move_text: str, viewer=None) -> str:
        """Board moves keep their ``.thud`` notation beside the words (the
        notation Thud players read); offers and answers have none."""
        return "" if move_text in ("offer", "accept", "refuse") else move_text

    # .thud files, the text format of other Thud programs
    file_ext = ".thud"

    def import_text(self, text: str):
        return import_thud(text)

    def export_files(self, record) -> list:
        return [(f"-round{i + 1}.thud", text) for i, text in enumerate(export_match(record))]


GAME = Thud()

__all__ = ["GAME", "Thud", "ThudState", "RulesError", "board"]
