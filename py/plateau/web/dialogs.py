"""Dialogs of the play screen: share a link, embed the board, export files."""

from __future__ import annotations

import time
import traceback
import zlib
from urllib.parse import quote

import js

from plateau.core.record import encode

from .dom import button, by_id, document, download, el, listen
from .view import View

EMBED_WIDTH = 640  # the widest an embedded board's frame grows (it narrows with the host page)


def _view_box(svg: str) -> tuple[float, float]:
    """Width and height of an SVG drawing's viewBox (4:3 when it has none)."""
    head = svg[:svg.find(">") + 1] if ">" in svg else svg
    i = head.find('viewBox="')
    if i >= 0:
        try:
            _, _, w, h = (float(x) for x in head[i + 9:head.index('"', i + 9)].replace(",", " ").split())
            if w > 0 and h > 0:
                return w, h
        except ValueError:
            pass
    return 4.0, 3.0


def _strip_height(html: str) -> float:
    """About how tall the strip under a narrow board is (``Game.render_strip``: a heading, then boxes of
    a line or two each), in CSS pixels: a line of text a block."""
    return html.count("<div") * 18 + html.count("<h3") * 30 if html else 0


def file_stamp() -> str:
    """The date and time in an exported file's name."""
    return time.strftime("%Y%m%d-%H%M", time.localtime())


class Dialogs(View):
    """The play screen's dialogs, drawn from the game the controller holds."""

    def share_url(self, embed: bool = False, view: bool = False) -> str:
        """The link to the game on screen, at the move shown (in embed mode
        when ``embed``, read-only when ``view``), on the view shown when it
        is not the board (``show=``, say a tournament's overview)."""
        base = str(js.location.origin) + str(js.location.pathname)
        params = [("embed=view" if view else "embed")] if embed else []
        board_view = self.app.play.board_view
        if board_view:
            params.append("show=" + quote(board_view, safe=""))
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
        field = el("input", {"id": "share-url", "readonly": True, "value": url, "aria-label": self.t("share.title")})
        body = [el("p", {"text": self.t("share.body")}), field, self.copy_button(field)]
        if self.session.hidden:
            body.append(el("p", {"cls": "warn", "text": self.t("share.hidden")}))
        self.dialog(self.t("share.title"), *body)
        field.select()

    def show_embed(self) -> None:
        """The ``<iframe>`` code for the club's site, view-only or playable,
        and a preview. What the dialog says of the frame is what it does: a
        view-only board shows public information only; a playable board of a
        game with hidden information is a table, hot-seat, where whoever says
        "I am …" sees that player's hidden information (so view-only is the
        choice it starts with for those games). The frame fits what it
        shows: its height is worked out for a 640-px wide frame, and the
        snippet's few lines of script let the board set the frame's height
        as it changes (the code works without them, at the first height)."""
        s = self.session
        area = el("textarea", {"id": "embed-code", "readonly": True, "rows": "5", "aria-label": self.t("embed.title")})
        check = el("input", {"type": "checkbox", "id": "embed-view", "checked": bool(s.hidden)})
        note = el("p", {"cls": "warn", "id": "embed-note"})
        preview = el("div", {"cls": "embed-preview", "aria-hidden": "true"})
        width = EMBED_WIDTH  # the largest the frame grows; it narrows with the host page

        def fill(*_):
            view = bool(check.checked)
            src = self.share_url(embed=True, view=view).replace('"', "%22")
            title = f"Plateau — {s.game.name(self.lang)}".replace('"', "'")
            height = self.embed_height(view)
            fid = "plateau-" + format(zlib.crc32(src.encode()) % 16 ** 6, "06x")
            area.value = (f'<iframe id="{fid}" src="{src}" title="{title}" width="{width}" height="{height}" '
                          f'style="border:0;width:100%;max-width:{width}px;aspect-ratio:{width}/{height};height:auto" '
                          f'loading="lazy"></iframe><script>addEventListener("message",function(e){{'
                          f'var f=document.getElementById("{fid}");'
                          f'if(f&&e.source===f.contentWindow&&e.data&&e.data.plateauHeight>0){{'
                          f'f.style.aspectRatio="auto";f.style.height=Math.ceil(e.data.plateauHeight)+"px"}}}})'
                          f'</script>')
            viewer = s.viewer(self.holder, spectator=True) if view or s.hidden else s.viewer(self.holder)
            preview.innerHTML = s.render(self.lang, self.coords, False, viewer, False, self.app.play.board_view)
            note.textContent = self.t("embed.hidden" if view else "embed.table")

        listen(check, "change", fill)
        fill()
        body = [el("p", {"text": self.t("embed.body")}), note if s.hidden else None, area,
                el("label", {"cls": "check"}, check, el("span", {"text": self.t("embed.viewonly")})),
                self.copy_button(area), el("p", {"cls": "preview-title", "text": self.t("embed.preview")}), preview]
        self.dialog(self.t("embed.title"), *body)

    def embed_height(self, view: bool) -> int:
        """The height, in CSS pixels, of the embedded page in a frame
        ``EMBED_WIDTH`` wide (a narrow page: the board drawn for it, its text
        panel under it): the status bar, the view switch, the board at full
        width, the choices, the panel's lines, the scores and the history
        buttons."""
        s = self.session
        viewer = s.viewer(self.holder, spectator=True) if view or s.hidden else s.viewer(self.holder)
        args = (self.lang, self.coords, False, viewer, True, self.app.play.board_view)
        svg = s.render(*args)
        w, h = _view_box(svg)
        inner = EMBED_WIDTH - 8  # the page's padding
        board = inner * h / w + _strip_height(s.render_strip(*args))
        lines = sum(1 + len(sec["lines"]) for sec in s.panel(self.lang, viewer))
        rows = len(s.state.score_table(self.lang, viewer)["rows"]) + 2
        views = 34 if s.game.views(s.state, self.lang) else 0
        return round(56 + views + board + 48 + 24 * lines + 26 * rows + 30)
    def export_current(self) -> None:
        """A dialog offering the game as a Plateau file and in the game's
        own formats (e.g. .thud), one button per file."""
        s = self.session
        rec = s.snapshot(at_ply=False)
        stamp = file_stamp()
        files = [(f"{s.game.id}-{stamp}.plateau", encode(rec) + "\n")]
        try:
            files += [(f"{s.game.id}-{stamp}{suffix}", text) for suffix, text in s.game.export_files(rec)]
        except Exception:  # the game's own format is a bonus: never lose the main export
            traceback.print_exc()
        buttons = el("div", {"cls": "actions"})
        for name, text in files:
            buttons.appendChild(button(name, lambda n=name, t=text: download(n, t), data_file=name))
        self.dialog(self.t("export.title"), el("p", {"text": self.t("export.body")}), buttons)
