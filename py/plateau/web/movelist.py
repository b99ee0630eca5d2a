"""The play screen's move list: an entry for the start and one per move,
the current one marked; a click on an entry shows that position.

A short list holds every entry. A long one (a tournament's thousands of
moves) holds only the entries scrolled into view and a margin around them:
every entry of a long list has the same fixed height (two lines of text,
a longer line cut with its whole text as a tooltip), so where each one sits
is known without laying the others out, the list keeps its full scroll
height (an empty entry above and one below those present), and an entry never
changes height under a finger. The words of a move are then asked of the
session only when its entry comes into view (``Session.move_line``). A step
through the history whose entry is already in view (an entry clicked, an arrow
key) leaves the list where it is: only the current mark moves, and no entry is
written; a step to an entry out of view brings it to the middle of the list.
"""

from __future__ import annotations

import math

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from .dom import by_id, clear, el, q

#: a list of at least this many entries holds only those in view
VIRTUAL_FROM = 400
#: a long list's entry height, in rem (static/app.css, ``ol.moves.virtual li``)
ROW_REM = 2.5
#: entries kept above and below the visible ones
MARGIN = 8


class MoveList:
    """Draws ``#moves`` for the play view ``view`` (its session, viewer and
    language)."""

    def __init__(self, view) -> None:
        self.view = view
        self._scroll_proxy = None
        self._frame_asked = False
        self._viewer = None
        self._row = 0.0  # a long list's entry height and visible height, in pixels, at the last frame
        self._height = 0.0
        self._top: float | None = None  # a long list's scroll position at the last frame

    # -- drawing ----------------------------------------------------------
    def draw(self) -> None:
        s = self.view.session
        ol = by_id("moves")
        if ol is None:
            return
        viewer = self.view.viewer()
        self._viewer = viewer
        lang = self.view.lang
        drawn = f"{s.serial}:{viewer}:{lang}"
        virtual = s.total + 1 >= VIRTUAL_FROM
        same = ol.getAttribute("data-drawn") == drawn and ol.classList.contains("virtual") == virtual
        if same:
            # the same game for the same eyes: the entries of the moves unchanged since it was drawn
            # stay, the others are written again
            had = int(ol.getAttribute("data-total") or 0)
            keep = min(had, s.unchanged_since(int(ol.getAttribute("data-version") or 0)))
            for li in list(ol.querySelectorAll("li[data-ply]")):
                if int(li.getAttribute("data-ply") or 0) > keep:
                    li.remove()
            old = q(".current", ol)
            if old is not None:
                old.classList.remove("current")
                old.removeAttribute("aria-current")
        else:
            clear(ol)
            ol.classList.toggle("virtual", virtual)
            if virtual:  # the room of the entries not in the page, above and below those that are
                for where in ("above", "below"):
                    ol.appendChild(el("li", {"cls": "gap " + where, "aria-hidden": "true", "role": "presentation"}))
            keep = -1
        for name, value in (("data-drawn", drawn), ("data-version", s.version), ("data-total", s.total)):
            ol.setAttribute(name, str(value))
        if virtual:
            self._listen(ol)
            # sizes known from the last frame (or guessed): reading them now would lay the page out
            # here, and again once the board is drawn
            row = self._row or ROW_REM * 16
            height = self._height or 0.4 * float(js.window.innerHeight or 800)
            top = self._top if same else None
            if top is not None and top <= s.ply * row and (s.ply + 1) * row <= top + height:
                # the current entry is in view (an entry clicked, a step back): the list stays
                # where it is, its entries with it; only the mark moves
                self.fill(ol, top, height, row)
                self.mark_current(ol)
                return
            self._top = None
            top = self.centred_top(s.ply, row, height, s.total + 1)
            self.fill(ol, top, height, row)
            self.mark_current(ol)
            # scrolled at the next frame: the page is laid out by then anyway
            js.requestAnimationFrame(create_once_callable(lambda _t: self.scroll_to_current()))
            return
        start = keep + 1
        texts = [self.text(i) for i in range(start, s.total + 1)]
        many = getattr(js.window, "plateauMoveItems", None)
        if many is not None and texts:
            many(ol, start, to_js(texts), s.ply)
        else:
            for i, text in enumerate(texts, start):
                ol.appendChild(self.item(i, text))
        self.mark_current(ol)
        if q(".current", ol) is not None:
            # at the next frame: reading positions now would lay out the whole page, the board just
            # drawn included, once more before the frame does
            js.requestAnimationFrame(create_once_callable(lambda _t: self.scroll_short()))

    def text(self, ply: int) -> str:
        """Entry ``ply``'s words: the start, or the move that led to it."""
        if ply == 0:
            return self.view.t("play.start")
        return f"{ply}. {self.view.session.move_line(ply - 1, self._viewer, self.view.lang)}"

    def item(self, ply: int, text: str, title: bool = False):
        cur = ply == self.view.session.ply
        return el("li", {"data-ply": str(ply), "cls": "current" if cur else "", "tabindex": "0",
                         "aria-current": "step" if cur else None, "text": text, "title": text if title else None})

    def mark_current(self, ol) -> None:
        cur = q(f'li[data-ply="{self.view.session.ply}"]', ol)
        if cur is not None:
            cur.classList.add("current")
            cur.setAttribute("aria-current", "step")

    def scroll_short(self) -> None:
        """The current entry of a short list in the middle of the list's own view (scrollIntoView
        would also scroll the page, on a phone)."""
        ol = by_id("moves")
        cur = q(".current", ol) if ol is not None else None
        if cur is not None:
            ol.scrollTop = ol.scrollTop + cur.getBoundingClientRect().top - ol.getBoundingClientRect().top \
                - ol.clientHeight / 2

    # -- a long list: the entries in view ------------------------------------
    def row_height(self) -> float:
        """A long list's entry height in pixels (``ROW_REM`` of the page's root font size)."""
        size = js.window.getComputedStyle(js.document.documentElement).fontSize
        try:
            self._row = ROW_REM * float(str(size).replace("px", ""))
        except ValueError:
            self._row = ROW_REM * 16
        return self._row

    def visible_height(self, ol, row: float) -> float:
        """The list's visible height: its own once laid out, else its greatest (40% of the
        window's height, static/app.css)."""
        h = float(ol.clientHeight or 0)
        self._height = h if h > row else 0.4 * float(js.window.innerHeight or 800)
        return self._height

    @staticmethod
    def centred_top(ply: int, row: float, height: float, count: int) -> float:
        """The scroll position that puts entry ``ply`` in the middle of the list's view."""
        top = ply * row + row / 2 - height / 2
        return max(0.0, min(top, count * row - height))

    def fill(self, ol, top: float, height: float, row: float) -> None:
        """Hold the entries seen from scroll position ``top`` (and a margin); the others are
        replaced by the two gaps of the same height."""
        s = self.view.session
        count = s.total + 1
        first = max(0, int(top // row) - MARGIN)
        last = min(count, int(math.ceil((top + height) / row)) + MARGIN)  # (excluded)
        rows = list(ol.querySelectorAll("li[data-ply]"))
        have = [int(li.getAttribute("data-ply")) for li in rows]
        lo, hi = (min(have), max(have) + 1) if have else (first, first)
        apart = hi <= first or lo >= last or hi - lo != len(have)  # nothing in common, or not one run
        for li, p in zip(rows, have):
            if apart or p < first or p >= last:
                li.remove()
        if apart:
            lo = hi = first
        lo, hi = max(lo, first), min(hi, last)
        if lo >= hi:
            lo = hi = first
        before = [self.item(i, self.text(i), True) for i in range(first, lo)]
        after = [self.item(i, self.text(i), True) for i in range(hi, last)]
        above, below = q("li.gap.above", ol), q("li.gap.below", ol)
        if before:
            frag = js.document.createDocumentFragment()
            for li in before:
                frag.appendChild(li)
            ol.insertBefore(frag, above.nextSibling)
        if after:
            frag = js.document.createDocumentFragment()
            for li in after:
                frag.appendChild(li)
            ol.insertBefore(frag, below)
        above.style.height = f"{first * row}px"
        below.style.height = f"{(count - last) * row}px"

    def scroll_to_current(self) -> None:
        """The current entry of a long list in the middle of the list's view."""
        ol = by_id("moves")
        s = self.view.session
        if ol is None or s is None or not ol.classList.contains("virtual"):
            return
        row = self.row_height()
        ol.scrollTop = self.centred_top(s.ply, row, self.visible_height(ol, row), s.total + 1)
        self.on_frame()  # the list's own height is known now: the entries for it

    def _listen(self, ol) -> None:
        if ol.getAttribute("data-listening") == "1":
            return
        if self._scroll_proxy is None:
            self._scroll_proxy = create_proxy(self.on_scroll)
        ol.addEventListener("scroll", self._scroll_proxy, to_js({"passive": True},
                                                                dict_converter=js.Object.fromEntries))
        ol.setAttribute("data-listening", "1")

    def on_scroll(self, _e=None) -> None:
        """The list scrolled: its entries follow at the next frame (once per frame)."""
        if self._frame_asked:
            return
        self._frame_asked = True
        js.requestAnimationFrame(create_once_callable(lambda _t: self.on_frame()))

    def on_frame(self) -> None:
        self._frame_asked = False
        ol = by_id("moves")
        if ol is None or not ol.classList.contains("virtual") or self.view.session is None:
            return
        row = self.row_height()
        self._top = float(ol.scrollTop)
        self.fill(ol, self._top, self.visible_height(ol, row), row)
        self.mark_current(ol)
