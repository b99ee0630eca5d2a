"""Dialogs of the play screen: share a link, embed the board, export files."""

from __future__ import annotations

import traceback

import js

from plateau.core.record import encode

from .dom import button, by_id, document, download, el, listen


class Dialogs:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def share_url(self, embed: bool = False, view: bool = False) -> str:
        """The link to the game on screen, at the move shown (in embed mode
        when ``embed``, read-only when ``view``)."""
        base = str(js.location.origin) + str(js.location.pathname)
        query = ("?embed" + ("=view" if view else "")) if embed else ""
        return base + query + "#g=" + encode(self.session.snapshot())

    def dialog(self, title: str, *body):
        old = by_id("dialog")
        if old is not None:
            old.remove()
        box = el("div", {"id": "dialog", "cls": "dialog", "role": "dialog", "aria-modal": "true",
                         "aria-label": title},
                 el("div", {"cls": "dialog-body"},
                    el("h2", {"text": title}), *body,
                    button(self.t("close"), lambda: by_id("dialog").remove(), cls="close-dialog",
                           data_action="close")))
        document.body.appendChild(box)
        return box

    def copy_button(self, field):
        def copy():
            field.select()
            try:
                js.navigator.clipboard.writeText(field.value)
            except Exception:
                document.execCommand("copy")
            b.textContent = self.t("share.copied")

        b = button(self.t("share.copy"), copy, data_action="copy")
        return b

    def show_share(self) -> None:
        url = self.share_url()
        field = el("input", {"id": "share-url", "readonly": True, "value": url})
        body = [el("p", {"text": self.t("share.body")}), field, self.copy_button(field)]
        if self.session.hidden:
            body.append(el("p", {"cls": "warn", "text": self.t("share.hidden")}))
        self.dialog(self.t("share.title"), *body)
        field.select()

    def show_embed(self) -> None:
        area = el("textarea", {"id": "embed-code", "readonly": True, "rows": "4"})
        check = el("input", {"type": "checkbox", "id": "embed-view"})

        def fill(*_):
            src = self.share_url(embed=True, view=bool(check.checked)).replace('"', "%22")
            title = f"Plateau — {self.session.game.name(self.lang)}".replace('"', "'")
            area.value = (f'<iframe src="{src}" title="{title}" width="560" height="620" '
                          f'style="border:0;max-width:100%" loading="lazy"></iframe>')

        listen(check, "change", fill)
        fill()
        body = [el("p", {"text": self.t("embed.body")}), area,
                el("label", {}, check, el("span", {"text": self.t("embed.viewonly")})), self.copy_button(area)]
        if self.session.hidden:
            body.append(el("p", {"cls": "warn", "text": self.t("embed.hidden")}))
        self.dialog(self.t("embed.title"), *body)

    def export_current(self) -> None:
        """A dialog offering the game as a Plateau file and in the game's
        own formats (e.g. .thud), one button per file."""
        s = self.session
        rec = s.snapshot(at_ply=False)
        stamp = self.file_stamp()
        files = [(f"{s.game.id}-{stamp}.plateau", encode(rec) + "\n")]
        try:
            files += [(f"{s.game.id}-{stamp}{suffix}", text) for suffix, text in s.game.export_files(rec)]
        except Exception:  # the game's own format is a bonus: never lose the main export
            traceback.print_exc()
        buttons = el("div", {"cls": "actions"})
        for name, text in files:
            buttons.appendChild(button(name, lambda n=name, t=text: download(n, t), data_file=name))
        self.dialog(self.t("export.title"), el("p", {"text": self.t("export.body")}), buttons)
