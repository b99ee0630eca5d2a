"""Le Cheval de Troie (Alex Randolph, 1993) for 2 to 4 players.

>>> from plateau.games.troy import GAME
>>> s = GAME.start(["Ann", "Bob", "Cid"], seed=1)
>>> [m.text for m in s.legal_moves()]
['a1', 'a2', 'a3']
"""

from __future__ import annotations


from plateau.core.game import Game, Move, Option, RenderContext
from plateau.core.i18n import tr

from .catalogue import CATALOGUE
from .rules import TroyState



def _lab(key: str) -> dict:
    return {lang: CATALOGUE[lang][key] for lang in ("fr", "en")}


class TroyGame(Game):
    id = "troy"
    title = {"fr": "Le Cheval de Troie", "en": "The Trojan Horse"}
    min_players = 2
    max_players = 4
    pitch = {
        "fr": "Glissez vos héros dans le Cheval de Troie et prenez les districts de la ville.",
        "en": "Slip your heroes into the Trojan Horse and take the districts of the city.",
    }
    duration = {"fr": "20–30 min", "en": "20–30 min"}
    has_coords = False  # districts are numbered on the board itself
    catalogue = CATALOGUE
    seat_names = {"fr": ["Hélène", "Pâris", "Hector", "Cassandre"],
                  "en": ["Helen", "Paris", "Hector", "Cassandra"]}
    options = (
        Option("horse", _lab("opt.horse"),
               {"memory": _lab("opt.horse.memory"), "glass": _lab("opt.horse.glass")}, "memory"),
        Option("open_hand", _lab("opt.open_hand"),
               {False: _lab("opt.no"), True: _lab("opt.yes")}, False),
        Option("tie", _lab("opt.tie"),
               {"rank": _lab("opt.tie.rank"), "seat": _lab("opt.tie.seat")}, "rank"),
        Option("opening", _lab("opt.opening"),
               {"setup": _lab("opt.opening.setup"), "play": _lab("opt.opening.play")}, "setup"),
        Option("trident", _lab("opt.trident"),
               {"announced": _lab("opt.trident.announced"), "none": _lab("opt.trident.none")}, "announced"),
    )

    def new_state(self, players, options, seed) -> TroyState:
        return TroyState.new(self, players, options, seed)

    def render(self, state, ctx: RenderContext) -> str:
        from .render import render

        return render(state, ctx)

    def panel(self, state, viewer, lang: str, live: bool = True) -> list[dict]:
        from .render import panel

        return panel(state, viewer, lang, live)

    def panel_for(self, state, ctx: RenderContext) -> list[dict]:
        """The panel as drawn for ``ctx``: at a position of the history
        (``ctx.live`` false) the log names no colour pushed into the closed
        horse, as on the board."""
        return self.panel(state, ctx.viewer, ctx.lang, ctx.live)

    def describe_position(self, state, viewer, lang: str) -> list[str]:
        """Whose turn (the status line), the players' colours and points,
        the announcement, pile and bag (the panel's first part: its log of
        past turns is left out), then each district's heroes, bonus and
        treasure (its value only where ``viewer`` knows it) and the Horse's
        content when it may be seen — all read from ``state.view(viewer)``.

        >>> s = GAME.start(["Ann", "Bob"], seed=1)
        >>> GAME.describe_position(s, 0, "en")[-1]
        'Closed horse: what it holds is hidden'
        """
        t = self.t
        v = state.view(viewer)
        sep, semi = (" : ", " ; ") if lang == "fr" else (": ", "; ")
        head = self.panel(state, viewer, lang)[0]
        lines = [state.status(lang), f"{head['title']}{sep}" + semi.join(x.lstrip("▶ ") for x in head["lines"])]
        for d, counts in enumerate(v["districts"]):
            heroes = ", ".join(f"{t(lang, 'colour.' + c)} {n}" for c, n in counts.items() if n)
            treasure = v["treasures"][d]
            lines.append(t(lang, "pos.district", n=d + 1, bonus=v["bonus"][d], heroes=heroes or t(lang, "pos.empty"),
                           treasure=t(lang, "pos.hidden") if treasure is None else treasure))
        horse = [c for c in v["horse"] if c]
        if "?" in horse:
            lines.append(t(lang, "pos.horse_hidden"))
        else:
            lines.append(t(lang, "pos.horse", content=", ".join(t(lang, "piece." + c) for c in horse)
                           or t(lang, "pos.empty")))
        return lines

    def public_move_text(self, text: str, revealed: bool) -> str:
        """An insertion ``d3r`` is listed as ``d3 ?`` unless everything is
        revealed: with the closed horse the players must remember which
        colours went in (where a hero falls shows on the board).

        >>> GAME.public_move_text("d3r", False), GAME.public_move_text("d3r", True)
        ('d3 ?', 'd3r')
        """
        if not revealed and len(text) == 3 and text[0] == "d" and text[1].isdigit():
            return text[:2] + " ?"
        return text

    def describe_move(self, state_before, move_text: str, viewer=None, lang: str = "fr") -> str:
        """The move in words for ``viewer``: an insertion names the colour
        pushed into the Horse only when ``viewer`` may see the Horse's
        content after the move (glass Horse, game over, or everything
        shown); the hero that falls lands on the board and is named.

        >>> s = GAME.start(["Ann", "Bob"], seed=1)
        >>> GAME.describe_move(s, "a2", 0, "fr"), GAME.describe_move(s, "x1-4", None, "en")
        ('Annonce 2 héros', 'Swaps the treasures of districts 1 and 4')
        """
        t = self.t
        if move_text[:1] == "a" and move_text[1:].isdigit():
            return t(lang, "mv.announce", n=int(move_text[1:]))
        if move_text == "keep":
            return t(lang, "mv.keep")
        if move_text[:1] == "x" and "-" in move_text:
            i, j = move_text[1:].split("-")
            return t(lang, "mv.swap", i=i, j=j)
        if move_text[:1] == "n" and move_text[1:].isdigit():
            n = int(move_text[1:])
            return t(lang, "mv.count0") if n == 0 else t(lang, "mv.count", n=n)
        if len(move_text) == 3 and move_text[0] == "d" and move_text[1].isdigit():
            d, c = move_text[1], move_text[2]
            fallen = t(lang, "piece." + state_before.horse[0])
            after = state_before.clone()
            after.apply(Move(move_text))
            if after.horse_visible(viewer):
                return t(lang, "mv.insert", d=d, c=t(lang, "piece." + c), f=fallen)
            return t(lang, "mv.insert_hidden", d=d, f=fallen)
        return self.public_move_text(move_text, viewer is None)

    def target_label(self, target: str, lang: str) -> str:
        if len(target) >= 2 and target[0] in "dt" and target[1:].isdigit():
            return tr(self.catalogue, lang, "target." + target[0], n=target[1:])
        return super().target_label(target, lang)


GAME = TroyGame()
