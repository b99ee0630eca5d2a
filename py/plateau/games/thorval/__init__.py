"""Thorval: six regions, eight castles, orks, a dragon, a mediator, and three
hidden treasures to find first. 2 to 6 players.

>>> GAME.id
'thorval'
>>> s = GAME.start(["Ann", "Bob", "Cy"], {}, seed=1)
>>> s.to_play in (0, 1, 2)
True
>>> s.legal_moves()[0].text.startswith("C")
True
"""

from __future__ import annotations

import re

from plateau.core.game import Game, Option, RenderContext

from .catalogue import CATALOGUE
from .rules import ORKS, ThorvalState



def _lab(key):
    return {lang: CATALOGUE[lang][key] for lang in ("fr", "en")}


OPTIONS = (
    Option("kingdom", _lab("opt.kingdom"),
           {"connected": _lab("opt.kingdom.connected"), "castle": _lab("opt.kingdom.castle")}, "connected"),
    Option("attack_mode", _lab("opt.attack_mode"),
           {"declare": _lab("opt.attack_mode.declare"), "free": _lab("opt.attack_mode.free")}, "declare"),
    Option("ork_attack", _lab("opt.ork_attack"),
           {"onward": _lab("opt.ork_attack.onward"), "each": _lab("opt.ork_attack.each")}, "onward"),
    Option("defender_heroes", _lab("opt.defender_heroes"),
           {False: _lab("opt.no"), True: _lab("opt.yes")}, False),
    Option("ring", _lab("opt.ring"), {"remove": _lab("opt.ring.remove"), "take": _lab("opt.ring.take")}, "remove"),
    Option("blank_treasure", _lab("opt.blank_treasure"), {False: _lab("opt.no"), True: _lab("opt.yes")}, False),
    Option("boat", _lab("opt.boat"), {"inland": _lab("opt.boat.inland"), "all": _lab("opt.boat.all")}, "inland"),
    Option("open_hand", _lab("opt.open_hand"), {False: _lab("opt.no"), True: _lab("opt.yes")}, False),
    Option("turn_limit", _lab("opt.turn_limit"),
           {0: _lab("opt.none"), **{k: {"fr": str(k), "en": str(k)} for k in (1, 2, 3, 5, 10, 20, 40)}}, 0),
)

_AMOUNT = re.compile(r"n(\d+)$")


class Thorval(Game):
    id = "thorval"
    title = {"fr": "Thorval", "en": "Thorval"}
    min_players = 2
    max_players = 6
    pitch = {
        "fr": "Conquérez l'île de Thorval entre orks, dragon et médiateur, et trouvez les trésors.",
        "en": "Conquer the island of Thorval among orks, a dragon and a mediator, and find the treasures.",
    }
    duration = {"fr": "60–90 min", "en": "60–90 min"}
    options = OPTIONS
    catalogue = CATALOGUE
    seat_names = {lang: [CATALOGUE[lang][f"seat.{i}"] for i in range(6)] for lang in ("fr", "en")}

    def new_state(self, players, options, seed):
        return ThorvalState(self, players, options, seed)

    def panel(self, state, viewer, lang: str) -> list[dict]:
        from .render import panel

        return panel(state, lang)

    def describe_position(self, state, viewer, lang: str) -> list[str]:
        """Whose turn (the status line), the players' rows (the panel: units,
        aids, treasures found), then each player's cases with their units
        (hero and small magician named), the orks' cases, the treasures
        still hidden on the island (whose, and where; their kind only where
        the view shows it: open hand, or everything shown), the dragon and
        the mediator — read from ``state.view(viewer)``.

        >>> s = GAME.start(["Ann", "Bob"], {}, seed=1)
        >>> GAME.describe_position(s, 0, "en")[2:]
        ['Red — Ann: no case', 'Blue — Bob: no case', 'Orks: no case', 'No treasure hidden on the island']
        """
        from . import board as B
        from .catalogue import t

        v = state.view(viewer)
        sep = " : " if lang == "fr" else ": "
        lines = [state.status(lang)]
        head = self.panel(state, viewer, lang)[0]
        lines += [f"{head['title']}{sep}" + ("; " if lang == "en" else " ; ").join(
            x.lstrip("▶ ") for x in head["lines"])]
        own, count = v["own"], v["count"]

        def army(c):
            o = own[c]
            sp = "hero" if o >= 0 and v["hero"][o] == c else "mage" if o >= 0 and v["mage"][o] == c else ""
            units = [str(count[c])] if count[c] or not sp else []
            return f"{B.NAMES[c]} (" + " + ".join(units + ([t(lang, "sp." + sp)] if sp else [])) + ")"

        for p, name in enumerate(v["players"]):
            cases = [army(c) for c in range(len(own)) if own[c] == p]
            who = f"{t(lang, f'colour.{p}').capitalize()} — {name}"
            lines.append(t(lang, "pos.cases", who=who, cases=", ".join(cases) or t(lang, "pos.none")))
        orks = [army(c) for c in range(len(own)) if own[c] == ORKS]
        lines.append(t(lang, "pos.orks", cases=", ".join(orks) or t(lang, "pos.none")))
        hidden = []
        for tr_ in v["treasures"]:
            if tr_["case"] >= 0 and not tr_["found"]:
                case, p = B.NAMES[tr_["case"]], v["players"][tr_["owner"]]
                hidden.append(t(lang, "pos.treasure", p=p, case=case) if tr_["kind"] is None else
                              t(lang, "pos.treasure_kind", p=p, case=case, kind=t(lang, "kind." + tr_["kind"])))
        lines.append(t(lang, "pos.treasures", items=", ".join(hidden)) if hidden else t(lang, "pos.no_treasure"))
        if v["dragon"] >= 0:
            lines.append(t(lang, "pos.dragon", case=B.NAMES[v["dragon"]]))
        if v["mediator"] >= 0:
            lines.append(t(lang, "pos.mediator", case=B.NAMES[v["mediator"]]))
        return lines

    def render(self, state, ctx: RenderContext) -> str:
        from .render import render

        return render(state, ctx)

    def target_label(self, target: str, lang: str) -> str:
        m = _AMOUNT.match(target)
        if m:
            return self.t(lang, "target.n", k=m.group(1))
        return super().target_label(target, lang)

    def describe_move(self, state_before, move_text: str, viewer=None, lang: str = "fr") -> str:
        """The move in words ("Attaque totale de IV/6 sur IV/4", "Perd 4
        soldats"): see :mod:`.describe`. Treasures are hidden from everyone
        alike, so ``viewer`` changes nothing."""
        from .describe import describe

        return describe(state_before, move_text, viewer, lang)


GAME = Thorval()
