"""Armadora (Christwart Conrad): palisades, hidden warriors and Dwarf gold.

The engine is in :mod:`.rules`, the SVG board in :mod:`.render`, the rules
help in ``rules.fr.md`` / ``rules.en.md``.
"""

from __future__ import annotations


from plateau.core.game import Game, Option, RenderContext

from .catalogue import CATALOGUE
from .rules import ArmadoraState



class Armadora(Game):
    id = "armadora"
    title = {"fr": "Armadora", "en": "Armadora"}
    min_players = 2
    max_players = 4
    pitch = {
        "fr": "Des guerriers cachés, des palissades, et l'or des mines à partager.",
        "en": "Hidden warriors, palisades, and the gold of the mines to share.",
    }
    duration = {"fr": "30 min", "en": "30 min"}
    options = (
        Option(
            "rules",
            {"fr": "Règles", "en": "Rules"},
            {
                "basic": {"fr": "de base", "en": "basic"},
                "advanced": {"fr": "avancées (pouvoirs, renforts)", "en": "advanced (powers, reinforcements)"},
            },
            "basic",
        ),
        Option(
            "review",
            {"fr": "Revoir ses Guerriers posés", "en": "Look again at one's placed warriors"},
            {
                "yes": {"fr": "permis", "en": "allowed"},
                "no": {"fr": "interdit (il faut s'en souvenir)", "en": "not allowed (remember them)"},
            },
            "yes",
            {
                "fr": "Permis : chacun peut revoir la valeur de ses Guerriers posés. Interdit : il faut s'en "
                      "souvenir.",
                "en": "Decided at the start: may a player look again at their own warriors once placed?",
            },
        ),
        Option(
            "arrows",
            {"fr": "Flèches de l'Elfe", "en": "Elf's arrows"},
            {
                "minus": {"fr": "−1 par flèche, même sous 0", "en": "−1 per arrow, even below 0"},
                "floor": {"fr": "−1 par flèche, jamais sous 0", "en": "−1 per arrow, never below 0"},
            },
            "minus",
            {
                "fr": "Chaque flèche retire 1 point au Guerrier touché lors du décompte : un 1 touché deux "
                      "fois vaut −1 (par défaut) ou 0.",
                "en": "Each arrow takes 1 point off the warrior at the count: a 1 hit twice is worth −1 "
                      "(default) or 0.",
            },
        ),
        Option(
            "open_hand",
            {"fr": "Jeu à découvert (apprentissage)", "en": "Open hand (teaching)"},
            {
                False: {"fr": "non", "en": "no"},
                True: {"fr": "oui : toutes les valeurs visibles", "en": "yes: every value visible"},
            },
            False,
        ),
    )
    catalogue = CATALOGUE
    seat_names = {"fr": ["Ana", "Bruno", "Chloé", "David"], "en": ["Ann", "Bob", "Cleo", "Dan"]}

    def new_state(self, players, options, seed) -> ArmadoraState:
        return ArmadoraState(self, players, options, seed)

    def render(self, state: ArmadoraState, ctx: RenderContext) -> str:
        from .render import render

        return render(state, ctx)

    def public_move_text(self, text: str, revealed: bool) -> str:
        """A move text as it may be shown in a move list: a face-down
        warrior's value becomes ``?`` unless ``revealed`` (game over, open
        hand, or a viewer allowed to see everything).

        >>> GAME.public_move_text("W3@b2", False), GAME.public_move_text("goblin:W3@b2", False)
        ('W?@b2', 'goblin:W3@b2')
        """
        if not revealed and text[:1] == "W" and "@" in text:
            return "W?" + text[2:]
        return text

    def rules_diagram(self, name: str, lang: str) -> str:
        """``territories``: four palisades close the top-left corner into a
        territory of four squares, where one warrior stands; the rest of the
        board is still one open area."""
        if name != "territories":
            return ""
        s = self.start(["1", "2"], {"rules": "basic", "open_hand": True}, 1)
        for text in ("pick:goblin", "pick:mage", "P:a2-a3,b2-b3", "P:b1-c1,b2-c2", "W5@a1", "W2@e3"):
            s.play(text)
        return self.render(s, RenderContext(lang=lang, compact=True))

    def panel(self, state: ArmadoraState, viewer, lang: str) -> list[dict]:
        from .render import panel

        return panel(state, viewer, lang)

    def describe_position(self, state: ArmadoraState, viewer, lang: str) -> list[str]:
        """Whose turn (the status line), the players' boxes (the panel: a hand's
        values for who may see them), the gold of each mine, the warriors
        row by row (a value only where ``viewer`` may know it: the view
        decides), the palisades and the closed territories.

        >>> s = GAME.start(["Ann", "Bob"], {"rules": "basic"}, seed=1)
        >>> for m in ("pick:elf", "pick:orc", "W3@c1"): _ = s.play(m)
        >>> GAME.describe_position(s, 1, "en")[3], GAME.describe_position(s, 0, "en")[3]
        ('Row 1: c1 Ann, value hidden', 'Row 1: c1 Ann, 3')
        """
        t = self.t
        v = state.view(viewer)
        sep, semi = (" : ", " ; ") if lang == "fr" else (": ", "; ")
        lines = [state.status(lang)]
        lines += [f"{sec['title']}{sep}" + semi.join(sec["lines"]) for sec in self.panel(state, viewer, lang)
                  if sec["lines"]]
        lines.append(t(lang, "pos.gold", mines=", ".join(f"{sq} {n}" for sq, n in v["gold"].items())))
        rows: dict = {}
        for w in v["warriors"]:
            parts = [str(w["value"]) if w["value"] is not None else t(lang, "pos.hidden")]
            if w["face_up"]:
                parts.append(t(lang, "pos.face_up"))
            if w["arrows"]:
                parts.append(t(lang, "pos.arrows", n=w["arrows"]))
            if w["reinforced"]:
                parts.append(t(lang, "pos.reinf"))
            rows.setdefault(int(w["sq"][1:]), []).append(
                t(lang, "pos.warrior", sq=w["sq"], owner=v["players"][w["owner"]], v=", ".join(parts)))
        lines += [t(lang, "pos.row", r=r, warriors=semi.join(ws)) for r, ws in sorted(rows.items())]
        if not rows:
            lines.append(t(lang, "pos.no_warrior"))
        pal = [name.replace("-", "–") for name in v["palisades"]]
        lines.append(t(lang, "pos.palisades", n=len(pal), left=v["palisades_left"], lines=", ".join(pal)) if pal
                     else t(lang, "pos.no_palisade", left=v["palisades_left"]))
        lines += [t(lang, "pos.closed", n=k["size"], squares=", ".join(k["squares"]))
                  for k in v["territories"] if k["complete"]]
        return lines

    def confirm_text(self, move_text: str, lang: str) -> str:
        """Passing ends a player's game: the UI asks first.

        >>> GAME.confirm_text("pass", "en")[:4], GAME.confirm_text("P:a1-a2", "en")
        ('Pass', '')
        """
        return self.t(lang, "confirm.pass") if move_text == "pass" else ""

    def describe_move(self, state_before, move_text: str, viewer=None, lang: str = "fr") -> str:
        """The move in words, for ``viewer``: a face-down warrior's value
        (and what the Mage saw) only when ``viewer`` may know it once the
        move is played — the position after the move decides, through
        :meth:`ArmadoraState.visible_value`.

        >>> s = GAME.start(["Ann", "Bob"], {"rules": "basic"}, seed=1)
        >>> GAME.describe_move(s, "pick:elf", 1, "fr"), GAME.describe_move(s, "pick:goblin", 1, "en")
        ("Choisit l'Elfe", 'Picks the Goblin')
        >>> _ = s.play("pick:elf"); _ = s.play("pick:orc")
        >>> GAME.describe_move(s, "W3@c1", 1, "fr"), GAME.describe_move(s, "W3@c1", 0, "fr")
        ('Guerrier caché en c1', 'Guerrier 3 en c1, face cachée')
        >>> GAME.describe_move(s, "P:a1-a2,b1-b2", None, "en")
        'Palisades a1–a2 and b1–b2'
        """
        from .rules import SQ_INDEX
        from plateau.core.game import Move

        t = self.t
        line = lambda name: name.replace("-", "–")  # noqa: E731
        if move_text.startswith("pick:"):
            return t(lang, "mv.pick", char=t(lang, "char." + move_text[5:]))
        if move_text == "pass":
            return t(lang, "mv.pass")
        if move_text.startswith("P:"):
            names = [line(n) for n in move_text[2:].split(",")]
            if len(names) == 1:
                return t(lang, "mv.palisade", a=names[0])
            return t(lang, "mv.palisades", a=names[0], b=names[1])
        power, _, arg = move_text.partition(":") if ":" in move_text else ("", "", move_text)
        if power == "reinf":
            return t(lang, "mv.reinf", sq=arg)
        if power == "orc":
            return t(lang, "mv.orc", a=line(arg))
        if power == "elf":
            return t(lang, "mv.elf", sq=arg)
        if power == "goblin":
            return t(lang, "mv.goblin", v=arg[1], sq=arg[3:])
        after = state_before.clone()
        after.apply(Move(move_text))
        if power == "mage":
            v = after.visible_value(SQ_INDEX[arg], viewer)
            return t(lang, "mv.mage_v", sq=arg, v=v) if v is not None else t(lang, "mv.mage", sq=arg)
        if move_text[:1] == "W" and "@" in move_text:
            sq = move_text.split("@", 1)[1]
            v = after.visible_value(SQ_INDEX[sq], viewer)
            if v is None:
                return t(lang, "mv.warrior_hidden", sq=sq)
            return t(lang, "mv.warrior", v=v, sq=sq)
        return self.public_move_text(move_text, viewer is None)


GAME = Armadora()
