"""Small World: 2 to 5 players, 14 races, 20 special powers, the four
printed maps (rules notes §1).

>>> GAME.id
'smallworld'
>>> s = GAME.start(["Ann", "Bob", "Cy"], {}, seed=1)
>>> s.turns, len(s.column), s.coins
(10, 6, [5, 5, 5])
>>> s.legal_moves()[0].text
'pick:0'
"""

from __future__ import annotations

import re

from plateau.core.game import REVISION_OPTION, Game, Option, RenderContext

from . import content as C
from .catalogue import CATALOGUE
from .rules import SmallWorldState
from .ug_races import READING


def _lab(key):
    return {lang: CATALOGUE[lang][key] for lang in ("fr", "en")}


YESNO = {False: _lab("opt.no"), True: _lab("opt.yes")}
MAP5 = {"players": (5,), "board": ("classic",)}
OPTIONS = (
    Option("flying_entry", _lab("opt.flying_entry"),
           {"anywhere": _lab("opt.flying_entry.anywhere"), "border": _lab("opt.flying_entry.border")}, "anywhere",
           when={"content": ("base", "mixed")}),  # Flying is a power of the base game
    # the rulebook's entry rule read for the seas from revision 2 (see rules.sea_entries and full_options)
    Option("sea_entry", _lab("opt.sea_entry"), {"edge": _lab("opt.sea_entry.edge"), "land": _lab("opt.sea_entry.land")},
           "edge", when={"board": ("classic", "random")}),
    Option("tiebreak", _lab("opt.tiebreak"),
           {"tokens": _lab("opt.tiebreak.tokens"), "shared": _lab("opt.tiebreak.shared")}, "tokens"),
    Option("open_coins", _lab("opt.open_coins"), YESNO, False),
    Option("board", _lab("opt.board"), {"classic": _lab("opt.board.classic"),
                                        "underground": _lab("opt.board.underground"),
                                        "random": _lab("opt.board.random")}, "classic"),
    Option("content", _lab("opt.content"), {"base": _lab("opt.content.base"),
                                            "underground": _lab("opt.content.underground"),
                                            "mixed": _lab("opt.content.mixed")}, "base"),
    Option("monsters", _lab("opt.monsters"), {"none": _lab("opt.monsters.none"),
                                              "random": _lab("opt.monsters.random"),
                                              "hand": _lab("opt.monsters.hand")}, "none",
           when={"board": ("classic",)}),  # Underground and random boards print theirs
    # the rulebook's readings are the defaults from revision 1 (see full_options)
    Option("ug_lizardmen", _lab("opt.ug_lizardmen"), {"empty": _lab("opt.ug_lizardmen.empty"),
                                                      "any": _lab("opt.ug_lizardmen.any")}, "any",
           when={"content": ("underground", "mixed")}),
    Option("ug_spiderines", _lab("opt.ug_spiderines"), {"chasm": _lab("opt.ug_spiderines.chasm"),
                                                        "any": _lab("opt.ug_spiderines.any")}, "any",
           when={"content": ("underground", "mixed")}),
    # the printed 5-player map's disputed points (rules notes): only with 5 players on a printed map
    Option("map5_border_13_19", _lab("opt.map5_border_13_19"), YESNO, False, when=MAP5),
    Option("map5_lt_19", _lab("opt.map5_lt_19"), YESNO, False, when=MAP5),
    Option("map5_terrain_28", _lab("opt.map5_terrain_28"),
           {"hill": _lab("opt.hill"), "farmland": _lab("opt.farmland")}, "hill", when=MAP5),
)

_COMBO = re.compile(r"combo(\d)$")
_PEACE = re.compile(r"p(\d)$")


class SmallWorld(Game):
    id = "smallworld"
    #: rules revisions (see plateau.core.game.REVISION_OPTION): 0 before the
    #: 2026-11 rules changes; 1 from them; 2: every place and relic stays in the
    #: game under the Snow Thing and the Golden Knight (see the rules page's "Revisions")
    revision = 2
    title = {"fr": "Small World", "en": "Small World"}
    min_players = 2
    max_players = 5
    has_coords = False  # regions carry their numbers on the map itself
    pitch = {
        "fr": "Trop de peuples pour un si petit monde : conquérez, puis passez en déclin au bon moment.",
        "en": "Too many races for such a small world: conquer, then go into decline at the right moment.",
    }
    duration = {"fr": "40–80 min", "en": "40–80 min"}
    options = OPTIONS
    catalogue = CATALOGUE
    seat_names = {lang: [CATALOGUE[lang][f"seat.{i}"] for i in range(5)] for lang in ("fr", "en")}

    def full_options(self, options: dict | None) -> dict:
        """As for every game; a record of revision 0 that does not name the
        Lizardmen's or the Spiderines' reading gets the default it was played
        with (the defaults changed in revision 1), and one of revision 0 or 1
        the seas' entry it was played with (``land``, changed in revision 2)."""
        out = super().full_options(options)
        rev = out.get(REVISION_OPTION, self.revision)
        if rev < 1:
            for key, (old, _new) in READING.items():
                if key not in (options or {}):
                    out[key] = old
        if rev < 2 and "sea_entry" not in (options or {}):
            out["sea_entry"] = "land"  # the seas were no border regions before revision 2
        return out

    def new_state(self, players, options, seed):
        return SmallWorldState(self, players, options, seed, ruleset=C.ruleset_for(options))

    def rules(self, lang: str) -> str:
        """The base game's rules page, then the Underground parts (boards,
        races, powers, places and relics), each in its own file."""
        from pathlib import Path

        here = Path(__file__).resolve().parent
        lang = lang if (here / f"rules.{lang}.md").is_file() else "fr"
        parts = [(here / f"rules.{lang}.md").read_text(encoding="utf-8")]
        for part in ("underground", "ug_races", "ug_powers", "ug_items"):
            path = here / f"rules.{part}.{lang}.md"
            if path.is_file():
                parts.append(path.read_text(encoding="utf-8"))
        return "\n\n".join(p.rstrip("\n") for p in parts) + "\n"

    def render(self, state, ctx: RenderContext) -> str:
        from .render import render

        return render(state, ctx)

    def render_strip(self, state, view, ctx: RenderContext) -> str:
        from .render import strip

        return strip(state, ctx)

    def prepare(self, state, lang: str):
        from . import mapdraw

        return mapdraw.prepare(state.map_id, lang)

    def home_regions(self, state, view: str, players) -> list[int]:
        """The regions where the races of ``players`` stand (public: the
        board shows who holds what), which a phone's zoomed board opens on
        when nothing is to be clicked (``web/play.py``)."""
        want = set(players)
        return sorted({r for rid, rec in state.recs.items() if rec.p in want for r in state.regions_of(rid)})

    def panel(self, state, viewer, lang: str) -> list[dict]:
        from .render import panel

        return panel(state, viewer, lang)

    def describe_position(self, state, viewer, lang: str) -> list[str]:
        """Whose turn, the players' boxes (coins as ``viewer`` may see them),
        the races on offer, every region that holds something and the empty
        ones: see :mod:`.position`.

        >>> s = GAME.start(["Ann", "Bob"], {}, seed=1)
        >>> GAME.describe_position(s, 0, "en")[1]
        'Turn 1 / 10: Ann — 5 coins; Bob — coins hidden'
        """
        from .position import position

        return position(state, viewer, lang)

    def combo_label(self, state, i: int, lang: str) -> str:
        race, power, coins = state.column[i]
        n = C.RACES[race][0] + C.POWERS[power]
        return self.t(lang, "target.combo", race=C.name(race, lang), power=C.name(power, lang), n=n,
                      cost=i, coins=coins) + " — " + C.text(race, lang) + " " + C.text(power, lang)

    def describe_move(self, state_before, move_text: str, viewer=None, lang: str = "fr") -> str:
        from .describe import describe

        return describe(state_before, move_text, lang)

    says_turn_gain = True

    def turn_gain(self, before, after, player: int, lang: str) -> str:
        """What the move from ``before`` to ``after`` scored for ``player``
        (their turn's end), in words; "" if it scored nothing."""
        from .catalogue import turn_gain

        return turn_gain([e for e in after.log if e[0] > before.seq], player, after.players, lang)

    def glossary(self, state, lang: str) -> tuple[str, list]:
        """A heading and the ``(name, text)`` of every race, power, place,
        relic and monster in play (the play screen shows them one tap away)."""
        from .catalogue import glossary, t

        return t(lang, "glossary.title"), glossary(state, lang)

    def click_hint(self, state, clicks: list, lang: str) -> str:
        """What the next click does once ``clicks`` are made (the play
        screen's status line)."""
        from .catalogue import click_hint

        return click_hint(state, clicks, lang)

    def line_alike(self, state_before, move_text: str) -> bool:
        return True  # a move's words name nothing secret (coins are never in them)

    def move_line(self, state_before, move_text: str, players, viewer=None, lang: str = "fr") -> str:
        from .describe import sentence

        return sentence(self.move_author(state_before, players, lang),
                        self.move_label(state_before, move_text, viewer, lang))

    def target_label(self, target: str, lang: str) -> str:
        m = _PEACE.match(target)
        if m:
            return self.t(lang, "target.peace_n", n=int(m.group(1)) + 1)
        return super().target_label(target, lang)


GAME = SmallWorld()
