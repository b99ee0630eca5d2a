"""Le Cheval de Troie (Alex Randolph, 1993) for 2 to 4 players.

>>> from plateau.games.troy import GAME
>>> s = GAME.start(["Ann", "Bob", "Cid"], seed=1)
>>> [m.text for m in s.legal_moves()]
['a1', 'a2', 'a3']
"""

from __future__ import annotations


from plateau.core.game import Game, Option, RenderContext
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

    def panel(self, state, viewer, lang: str) -> list[dict]:
        from .render import panel

        return panel(state, viewer, lang)

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

    def target_label(self, target: str, lang: str) -> str:
        if len(target) >= 2 and target[0] in "dt" and target[1:].isdigit():
            return tr(self.catalogue, lang, "target." + target[0], n=target[1:])
        return super().target_label(target, lang)


GAME = TroyGame()
