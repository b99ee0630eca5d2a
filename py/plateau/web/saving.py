"""What the page says about saving the game on screen: a game from a link
gets an entry, storage full or refused (the game then stays in the page
address), and two tabs on one saved game (never write older moves over
newer ones; follow, or report, what the other tab saved).

A view of the controller's ``save`` changes (:mod:`plateau.web.controller`
saves; this module only tells the player and offers the ways out)."""

from __future__ import annotations

import traceback

import js

from plateau.core.record import encode

from .controller import Change
from .dom import nn
from .view import View


def _drop_link() -> None:
    """A game kept in the page address (``#g=``) is saved now: the address
    loses it."""
    if str(js.location.hash or "").startswith("#g="):
        js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))


class SavingView(View):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.ctl.subscribe(self.on_change)

    def on_change(self, change: Change) -> None:
        if change.kind != "save":
            return
        app = self.app
        problem = change.problem
        if problem == "new":  # a game opened from a link is saved from now on
            _drop_link()
            if app.forget_messages(self.t("play.unsaved")):
                app.draw_messages()
        elif problem == "conflict":  # another tab saved moves that this tab's save would erase
            app.add_message("error", self.t("tabs.conflict"),
                            ("load-other", self.t("tabs.load"), self.load_other),
                            ("save-copy", self.t("tabs.copy"), self.save_copy))
        elif problem == "link":
            self.keep_in_link(change.record)
        elif problem == "quota":
            app.add_message("error", self.t("err.quota_play"),
                            ("export", self.t("play.export"), app.dialogs.export_current))
        elif problem == "storage":
            self.flash(self.t("err.storage"))
        elif problem == "again":
            app.forget_messages(self.t("err.quota_play"))
            _drop_link()
            self.flash(self.t("ok.saved_again"), "info")

    @staticmethod
    def keep_in_link(rec) -> None:
        """Storage refused the game: keep it in the page address, so that a
        reload opens it again from there."""
        try:
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search)
                                    + "#g=" + encode(rec))
        except Exception:
            traceback.print_exc()

    # -- another tab -------------------------------------------------------------------
    def load_other(self) -> None:
        """Show what the other tab saved (this tab's differing moves stay
        available through "save a copy" until then)."""
        app = self.app
        app.forget_messages(self.t("tabs.conflict"))
        if self.ctl.save_id is None or not app.resume(self.ctl.save_id):
            app.show_home()

    def save_copy(self) -> None:
        app = self.app
        app.forget_messages(self.t("tabs.conflict"))
        self.ctl.save_copy(self.t("tabs.copy_suffix"))
        self.flash(self.t("tabs.copied", name=self.ctl.save_name), "info")

    def on_storage(self, e) -> None:
        """Another tab changed storage: follow the game on screen when the
        other tab only added to it, otherwise tell the player."""
        app = self.app
        what, n = self.ctl.other_tab_saved(nn(e.key), on_play=app.screen == "play")
        if what == "deleted" and app.screen == "play":
            self.flash(self.t("tabs.deleted"), "info")
        elif what == "followed":
            head = self.t("tabs.followed", n="").split("(")[0]
            app.forget_messages(prefix=head)
            self.flash(self.t("tabs.followed", n=n), "info")
