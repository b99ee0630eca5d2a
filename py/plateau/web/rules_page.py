"""The rules page of a game (French or English)."""

from __future__ import annotations

import js


from plateau.core.registry import get_game

from . import markdown
from .dom import button, clear, el


class RulesScreen:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def show_rules(self, gid: str) -> None:
        g = get_game(gid)
        self.rules_game = gid
        back_to_play = self.screen == "play" and self.session is not None
        self.screen = "rules"
        pushed = self.remember("rules", game=gid)
        clear(self.root)
        self.root.appendChild(self.header())
        art = el("article", {"cls": "rules", "lang": self.lang})
        back = self.show_play if back_to_play else self.show_home
        art.appendChild(button(self.t("rules.back"), js.history.back if pushed else back, cls="back"))
        art.appendChild(el("h1", {"text": self.t("rules.title", game=g.name(self.lang))}))
        markdown.render_into(art, g.rules(self.lang), contents=self.t("rules.contents"),
                             diagram=lambda name: g.rules_diagram(name, self.lang))
        self.root.appendChild(art)
