"""Two tabs on one saved game: never write older moves over newer ones, and
follow (or report) what the other tab saved."""

from __future__ import annotations

from plateau.core.record import RecordError

from .dom import nn
from .session import Session
from .store import GAME, Store, extends


class OtherTabs:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def on_conflict(self, stored) -> None:
        """Another tab saved moves that this tab's save would erase."""
        if self.save_trouble == "conflict":
            return
        self.save_trouble = "conflict"
        self.messages.append(("error", self.t("tabs.conflict"),
                              ("load-other", self.t("tabs.load"), self.load_other),
                              ("save-copy", self.t("tabs.copy"), self.save_copy)))
        self.draw_messages()

    def load_other(self) -> None:
        """Show what the other tab saved (this tab's differing moves stay
        available through "save a copy" until then)."""
        self.messages = [m for m in self.messages if m[1] != self.t("tabs.conflict")]
        if self.save_id is None or not self.resume(self.save_id):
            self.show_home()

    def save_copy(self) -> None:
        self.messages = [m for m in self.messages if m[1] != self.t("tabs.conflict")]
        self.save_id, self.save_rev, self.save_trouble = Store.new_id(), None, ""
        self.save_name = (self.save_name + " " + self.t("tabs.copy_suffix"))[:80]
        self.autosave()
        self.flash(self.t("tabs.copied", name=self.save_name), "info")

    def on_storage(self, e) -> None:
        """Another tab changed storage: follow the game on screen when the
        other tab only added to it, otherwise tell the player."""
        key = nn(e.key)
        if self.save_id is None or self.session is None or key != GAME + self.save_id:
            return
        try:
            stored = self.store.get(self.save_id)
        except (ValueError, KeyError, TypeError, RecordError):
            return
        if stored is None:
            self.save_id, self.save_rev = None, None
            if self.screen == "play":
                self.flash(self.t("tabs.deleted"), "info")
            return
        mine = self.session.record
        if stored.record == mine or stored.record.moves == mine.moves and extends(stored.record, mine):
            self.save_rev = stored.rev  # same moves (another tab only looked at another ply)
            return
        if self.screen == "play" and extends(stored.record, mine) and not self.session.clicks:
            self.save_rev = stored.rev
            at_end = self.session.ply == self.session.total
            try:
                session = Session(stored.record, self.lang)
            except RecordError:
                return
            if not at_end:
                session.goto(self.session.ply)
            session.computers = self.session.computers
            self.session = session
            self.holder = None  # moves made elsewhere: whoever decides now says it is them
            head = self.t("tabs.followed", n="").split("(")[0]
            self.messages = [m for m in self.messages if not m[1].startswith(head)]
            self.flash(self.t("tabs.followed", n=len(stored.record.moves) - len(mine.moves)), "info")
            self.refresh()
        elif self.screen == "play":
            self.on_conflict(stored)
        else:
            self.save_rev = stored.rev
