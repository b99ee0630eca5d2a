"""What every screen of the page reads: the page (:class:`~plateau.web.app.App`:
language, banners, routing) and the game's controller
(:class:`~plateau.web.controller.PlayController`). A view draws from them and
calls their methods; the game's state is never written by a view."""

from __future__ import annotations


class View:
    def __init__(self, app) -> None:
        self.app = app
        self.ctl = app.ctl

    # the page's
    @property
    def lang(self) -> str:
        return self.app.lang

    def t(self, key: str, **kw) -> str:
        return self.app.t(key, **kw)

    def flash(self, text: str, kind: str = "error") -> None:
        self.app.flash(text, kind)

    @property
    def root(self):
        return self.app.root

    @property
    def store(self):
        return self.app.store

    @property
    def embed(self) -> bool:
        return self.app.embed

    @property
    def view_only(self) -> bool:
        return self.app.view_only

    @property
    def coords(self) -> bool:
        return self.app.coords

    # the game's (read only: the controller's methods change them)
    @property
    def session(self):
        return self.ctl.session

    @property
    def holder(self):
        return self.ctl.holder

    def viewer(self):
        """Whose eyes the page shows the game through (see Session.viewer)."""
        return self.ctl.viewer()

    def interactive(self) -> bool:
        return self.ctl.interactive()

    def must_pass(self) -> bool:
        return self.ctl.must_pass()
