"""The rules page of a game (French or English)."""

from __future__ import annotations

import js


from plateau.core.registry import get_game

from . import markdown
from .controller import has_computer
from .dom import button, clear, el
from .view import View


class RulesView(View):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.gid = ""  # the game whose rules are shown

    def show_rules(self, gid: str) -> None:
        g = get_game(gid)
        app = self.app
        self.gid = gid
        back_to_play = app.screen == "play" and self.session is not None
        pushed = app.remember("rules", game=gid)
        clear(self.root)
        self.root.appendChild(app.header())
        art = el("article", {"cls": "rules", "lang": self.lang})
        back = app.show_play if back_to_play else app.show_home
        art.appendChild(button(self.t("rules.back"), js.history.back if pushed else back, cls="back"))
        art.appendChild(el("h1", {"text": self.t("rules.title", game=g.name(self.lang))}))
        markdown.render_into(art, g.rules(self.lang), contents=self.t("rules.contents"),
                             diagram=lambda name: g.rules_diagram(name, self.lang))
        if has_computer(gid):  # the game may be played on several devices (club mode): how, and what each sees
            part = el("section", {"id": "devices-help", "cls": "devices-help"})
            markdown.render_into(part, devices_help(self.lang))
            art.appendChild(part)
        self.root.appendChild(el("main", {"cls": "rules-main"}, art))


def devices_help(lang: str) -> str:
    """The "several devices" page of the rules help (``help/devices.<lang>.md``)."""
    from pathlib import Path

    here = Path(__file__).resolve().parent / "help"
    path = here / f"devices.{lang}.md"
    return (path if path.is_file() else here / "devices.fr.md").read_text(encoding="utf-8")
