"""Dialogs of the play screen: share a link, embed the board, export files."""

from __future__ import annotations

import traceback
from urllib.parse import quote

import js

from plateau.core.record import encode

from .dom import button, by_id, document, download, el, listen, q


class Dialogs:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def share_url(self, embed: bool = False, view: bool = False) -> str:
        """The link to the game on screen, at the move shown (in embed mode
        when ``embed``, read-only when ``view``), on the view shown when it
        is not the board (``show=``, say a tournament's overview)."""
        base = str(js.location.origin) + str(js.location.pathname)
        params = [("embed=view" if view else "embed")] if embed else []
        if self.board_view:
            params.append("show=" + quote(self.board_view, safe=""))
        params.append("lang=" + self.lang)  # opens in this language unless the visitor chose one
        query = ("?" + "&".join(params)) if params else ""
        return base + query + "#g=" + encode(self.session.snapshot())

    def dialog(self, title: str, *body, on_close=None):
        """A modal dialog (the page's ``<dialog>`` element): the rest of the
        page is inert while it is open, Escape or "Close" closes it, and the
        focus goes back to what had it before (the button that opened it)."""
        old = by_id("dialog")
        if old is not None:
            old.close() if hasattr(old, "close") else None
            old.remove()
        opener = document.activeElement
        box = el("dialog", {"id": "dialog", "cls": "dialog", "aria-label": title},
                 el("div", {"cls": "dialog-body"},
                    el("h2", {"text": title}), *body,
                    button(self.t("close"), lambda: box.close(), cls="close-dialog", data_action="close")))

        def closed(e):
            box.remove()
            if on_close is not None:
                on_close()
            if opener is not None and hasattr(opener, "focus") and opener.isConnected:
                opener.focus()

        listen(box, "close", closed)
        document.body.appendChild(box)
        box.showModal()
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
        """The ``<iframe>`` code for the club's site, view-only or playable,
        sized to the board's shape with its controls, and a preview."""
        area = el("textarea", {"id": "embed-code", "readonly": True, "rows": "4"})
        check = el("input", {"type": "checkbox", "id": "embed-view"})
        preview = el("div", {"cls": "embed-preview", "aria-hidden": "true"})
        w, h = self.board_aspect()
        width = 640  # the largest the frame grows; it narrows with the host page
        height = round(width * h / w) + 170  # status bar, scores and history buttons

        def fill(*_):
            view = bool(check.checked)
            src = self.share_url(embed=True, view=view).replace('"', "%22")
            title = f"Plateau — {self.session.game.name(self.lang)}".replace('"', "'")
            area.value = (f'<iframe src="{src}" title="{title}" width="{width}" height="{height}" '
                          f'style="border:0;width:100%;max-width:{width}px;aspect-ratio:{width}/{height};'
                          f'height:auto" loading="lazy"></iframe>')
            viewer = self.session.viewer(self.holder, spectator=view)
            preview.innerHTML = self.session.render(self.lang, self.coords, False, viewer)

        listen(check, "change", fill)
        fill()
        body = [el("p", {"text": self.t("embed.body")}), area,
                el("label", {"cls": "check"}, check, el("span", {"text": self.t("embed.viewonly")})),
                self.copy_button(area), el("p", {"cls": "preview-title", "text": self.t("embed.preview")}), preview]
        if self.session.hidden:
            body.insert(1, el("p", {"cls": "warn", "text": self.t("embed.hidden")}))
        self.dialog(self.t("embed.title"), *body)

    def board_aspect(self) -> tuple[float, float]:
        """Width and height of the board's drawing (its SVG viewBox)."""
        svg = q("#board svg")
        box = str(svg.getAttribute("viewBox") or "") if svg is not None else ""
        try:
            _, _, w, h = (float(x) for x in box.replace(",", " ").split())
            if w > 0 and h > 0:
                return w, h
        except ValueError:
            pass
        return 4.0, 3.0

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
