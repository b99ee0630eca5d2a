"""The play screen: the board, its choices, the status line, the scores, the move
list and history, and hot-seat pass-the-device screens.

A view of the :class:`~plateau.web.controller.PlayController`: it draws the
game the controller holds and hands it what the player does (a click, a key,
"it is me", undo); the controller's changes come back through
:meth:`PlayView.on_change`, whatever made them (the computer's moves too)."""

from __future__ import annotations

import itertools
import math
import re
import traceback

import js
from pyodide.ffi import create_once_callable

from plateau.core import marks
from plateau.core.game import REVISION_OPTION

from .controller import CLICK, KEYBOARD, Change, MoveRefused, Source
from .dom import attr_values, button, by_id, clear, closest, el, listen, morph, nn, q, svg_el
from .idle import when_idle
from .movelist import MoveList
from .view import View


LEGIBLE_PX = 11.0  # the smallest board text a phone shows unless the player zooms out (CSS px)
ZOOM_MAX = 4.0
ZOOM_STEP = 1.25

#: drawings of a game's other boards kept aside (``PlayView.lay``): a tournament's tables and its overview
BOARDS_ASIDE = 8
_BOARD_KEY = re.compile(r'<svg\b[^>]*?\sdata-board="([^"]*)"')


def _board_key(html: str) -> str:
    """Which board a drawing is (its root's ``data-board``), "" when it does not say."""
    m = _BOARD_KEY.match(html, 0, 600)
    return m.group(1) if m else ""


def _box(r) -> tuple:
    """A DOMRect as (left, top, right, bottom)."""
    return (float(r.left), float(r.top), float(r.right), float(r.bottom))


def _clip(r, frame) -> tuple:
    """What of the DOMRect ``r`` a window at ``frame`` (a DOMRect) shows; empty when nothing."""
    a, f = _box(r), _box(frame)
    out = (max(a[0], f[0]), max(a[1], f[1]), min(a[2], f[2]), min(a[3], f[3]))
    return out if out[2] > out[0] and out[3] > out[1] else (out[0], out[1], out[0], out[1])


def _union(rects) -> tuple:
    boxes = [_box(r) for r in rects]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _kind(node) -> str:
    """What kind of thing a target is: its classes but ``target`` and ``selected`` (board.mjs's hit test)."""
    return " ".join(sorted(c for c in str(node.getAttribute("class") or "").split() if c not in ("target", "selected")))


def _meets(r, view) -> bool:
    """Whether the DOMRect ``r`` shows in ``view`` (left, top, right, bottom)."""
    b = _box(r)
    return b[2] > view[0] and b[0] < view[2] and b[3] > view[1] and b[1] < view[3]


HIT_RADIUS = 12.0  # CSS px: how far from a target a mouse click still reaches it
HIT_RADIUS_TOUCH = 16.0  # a finger covers more than a mouse pointer
class PlayView(View):
    """The play screen, drawn from the controller (``self.ctl``)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.board_view = ""  # the game's view shown instead of its board ("": the board; Game.views)
        self.compact = False  # the board drawn for a phone (its panel as text under it)
        self.keyboard = False  # the last move was begun from the keyboard: the focus goes back to the board
        self.zoom_now = None  # the board's zoom on a phone (None: not zoomable, the board fits the page)
        self.zoom_choice: dict = {}  # (game, view) -> the zoom a player chose on a phone (fit_zoom)
        self.zoom_auto: dict = {}  # (game, view) -> the zoom the board's text needed so far
        self.pan_at: dict = {}  # ((game, view, drawing), holder) -> the middle of the zoomed window (remember_pan)
        self._pan_key = None  # that key for the board shown now
        self.choices_seen: dict = {}  # the same key -> the things to click this person last saw there
        self.last_touch = None
        self._height_due = False
        self.move_list = MoveList(self)
        self._aside_of = None  # the board element the drawings put aside came from (lay)
        self._aside: dict = {}  # data-board -> its drawing's nodes (its root, its strip), not shown now
        self.ctl.subscribe(self.on_change)

    def show_play(self) -> None:
        s = self.session
        app = self.app
        app.remember("play")
        if not self.embed:
            self.store.set_setting("screen", "play")
            if self.ctl.save_id:
                self.store.set_setting("current", self.ctl.save_id)
        g = s.game
        self.remember_pan()  # (the screen is built anew: a zoomed board's window comes back where it was)
        clear(self.root)
        if self.embed:
            link = el("a", {"href": app.dialogs.share_url(), "target": "_blank", "rel": "noopener",
                            "text": self.t("embed.open"), "cls": "open-full"})
            self.root.appendChild(el("div", {"cls": "embed-bar"},
                                     el("span", {"id": "status", "cls": "status", "aria-live": "polite"}), link))
        else:
            self.root.appendChild(app.header(
                el("h1", {"cls": "game-title", "text": g.name(self.lang)}),
                el("nav", {"cls": "tools"},
                   button(self.t("play.rules"), lambda: app.show_rules(g.id), data_action="rules"),
                   button(self.t("play.share"), app.dialogs.show_share, data_action="share"),
                   button(self.t("play.embed"), app.dialogs.show_embed, data_action="embed"),
                   button(self.t("play.export"), app.dialogs.export_current, data_action="export"),
                   None if self.ctl.save_id else button(self.t("play.save"), self.save_now, data_action="save")),
            ))
            self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        layout = el("main", {"cls": "play"})
        board_col = el("div", {"cls": "board-col"})
        if not self.embed:
            board_col.appendChild(el("div", {"id": "status", "cls": "status", "aria-live": "polite"}))
        # what just happened, said to a screen reader: the move as the move list writes it for the
        # eyes the page shows (the status line, live too, says whose turn it is)
        board_col.appendChild(el("p", {"id": "announce", "cls": "visually-hidden", "aria-live": "polite",
                                       "aria-atomic": "true"}))
        board_col.appendChild(el("div", {"id": "views", "cls": "views", "role": "tablist",
                                         "aria-label": self.t("play.views")}))
        board_col.appendChild(el("div", {"id": "zoom", "cls": "zoom", "role": "group",
                                         "aria-label": self.t("zoom.label")}))
        board = el("div", {"id": "board", "cls": "board", "data-game": g.id, "role": "region",
                           "aria-label": self.t("play.board")})
        listen(board, "click", self.on_board_click)
        listen(board, "pointerup", self.on_board_pointerup)
        listen(board, "scroll", lambda e: self.remember_pan())  # where the person moves the zoomed window
        board_col.appendChild(board)
        board_col.appendChild(el("div", {"id": "tray", "cls": "tray", "role": "group",
                                         "aria-label": self.t("play.choices")}))
        board_col.appendChild(el("section", {"id": "board-panel", "cls": "panel", "aria-live": "polite"}))
        # the position in words, on request, for the eyes the page shows (see describe_position)
        board_col.appendChild(el("div", {"cls": "describe"},
                                 button(self.t("play.describe"), self.describe_position, cls="small",
                                        data_action="describe", aria_controls="position-text"),
                                 el("div", {"id": "position-text", "cls": "position-text", "role": "region",
                                            "aria-label": self.t("play.position")})))
        layout.appendChild(board_col)
        side = el("aside", {"cls": "side" + (" embed-side" if self.embed else "")})
        # a wide table scrolls sideways in its box: a keyboard reaches it and scrolls it
        side.appendChild(el("div", {"id": "scores", "cls": "scores", "tabindex": "0", "role": "region",
                                    "aria-label": self.t("play.scores")}))
        nav = el("div", {"cls": "nav"},
                 button("«", lambda: self.nav(0), title=self.t("play.first"), aria_label=self.t("play.first"),
                        data_action="first"),
                 button("‹", lambda: self.nav(self.session.ply - 1), title=self.t("play.prev"),
                        aria_label=self.t("play.prev"), data_action="prev"),
                 button("›", lambda: self.nav(self.session.ply + 1), title=self.t("play.next"),
                        aria_label=self.t("play.next"), data_action="next"),
                 button("»", lambda: self.nav(self.session.total), title=self.t("play.last"),
                        aria_label=self.t("play.last"), data_action="last"))
        side.appendChild(nav)
        if not self.embed:
            side.appendChild(el("p", {"id": "history-note", "cls": "history-note", "aria-live": "polite"}))
            side.appendChild(el("div", {"cls": "edit"},
                                button(self.t("play.undo"), self.undo, data_action="undo"),
                                button(self.t("play.redo"), self.redo, data_action="redo"),
                                el("label", {"cls": "coords"},
                                   el("input", {"type": "checkbox", "id": "coords", "checked": self.coords},
                                      on={"change": lambda e: self.toggle_coords(bool(e.target.checked))}),
                                   el("span", {"text": self.t("play.flip_coords")})) if g.has_coords else None))
            # a move typed as text, for a player who does not see the board (Session.typed)
            typed = el("form", {"id": "typed", "cls": "typed"},
                       el("label", {"for": "typed-move", "text": self.t("typed.label")}),
                       el("input", {"id": "typed-move", "type": "text", "autocomplete": "off",
                                    "spellcheck": "false", "autocapitalize": "off"}),
                       button(self.t("typed.play"), None, cls="small", type="submit", data_action="typed-play"))
            listen(typed, "submit", self.on_typed_move)
            side.appendChild(typed)
            side.appendChild(el("h2", {"text": self.t("play.moves")}))
            # one listener for the whole list (an entry per ply: a listener each made long games slow to draw)
            side.appendChild(el("ol", {"id": "moves", "cls": "moves"}, on={"click": self.on_moves_click}))
            side.appendChild(el("div", {"id": "result", "cls": "result"}))
        layout.appendChild(side)
        self.root.appendChild(layout)
        app.computer.add_to_play_screen()  # the computers' log and pace, under the status line
        app.draw_messages()
        self.refresh()
        # the game's other boards drawn ahead, then the words of a long move list and the
        # positions of its history kept closer together
        when_idle(itertools.chain(g.prepare(s.state, self.lang), self.boards_ahead(),
                                  s.words_ahead(self.viewer(), self.lang), s.positions_ahead()))
        self.ctl.notify("shown")  # the computer, if it is its turn, starts thinking

    def on_change(self, change: Change) -> None:
        """The controller changed the game: draw it again (a move's news first)."""
        kind = change.kind
        if kind == "open":
            self.board_view = ""
            return
        if kind not in ("move", "nav", "reveal", "restore", "follow"):
            return
        if kind in ("move", "reveal"):
            self.board_view = ""  # after a move, the board where the next one is played; "I am …": to play
        if kind == "move":
            if change.quiet:
                return
            self.after_move(change.played)
            return
        self.refresh()

    def save_now(self) -> None:
        """Keep a game opened from a link in the saved games without playing."""
        self.ctl.autosave()
        if self.ctl.save_id:
            self.flash(self.t("play.saved"), "info")
            self.show_play()

    def toggle_coords(self, on: bool) -> None:
        self.app.set_coords(on)
        self.draw_board()

    def refresh(self) -> None:
        self.draw_board()
        self.draw_moves()
        self.draw_side()

    def draw_board(self) -> None:
        s = self.session
        board = by_id("board")
        tray = by_id("tray")
        if board is None:
            return
        self.remember_pan()
        board.setAttribute("data-ply", str(s.ply))
        self.ctl.settle_holder()  # nobody identified yet: who holds the device, if it can be known
        self.describe_position(say=False)  # a description asked for follows the position and the eyes
        if self.must_pass() and self.board_view and self.board_view in [v for v, _ in s.game.views(s.state, self.lang)[1:]]:
            self.draw_public_view()
            return
        if self.must_pass():
            name = s.record.players[s.state.to_play]
            self.app.drop_banners()  # what the last player was told is not for the next one
            clear(board)
            clear(tray)
            screen = el("div", {"id": "pass-screen", "cls": "pass-screen", "role": "dialog", "aria-modal": "true",
                                "aria-labelledby": "pass-title"},
                        el("h2", {"id": "pass-title", "text": self.t("pass.title", name=name)}),
                        el("p", {"text": self.t("pass.body")}),
                        button(self.t("pass.ready", name=name), self.reveal, cls="primary", data_action="reveal"))
            if s.ply > 0:  # the last move's author may take it back; they identify again afterwards
                screen.appendChild(button(self.t("pass.undo"), self.undo, cls="secondary", data_action="pass-undo"))
            if self.embed:  # an embedded playable table says what it is
                screen.appendChild(el("p", {"cls": "embed-table", "text": self.t("embed.table_note")}))
            board.appendChild(screen)
            self.set_zoom(None)
            self.draw_views([])
            self.draw_panel(False)
            self.draw_status()
            return
        interactive = self.interactive()
        self.compact = self.is_narrow()
        views = s.game.views(s.state, self.lang)
        if self.board_view not in [v for v, _ in views[1:]]:
            self.board_view = ""
        self.draw_views(views)
        board.setAttribute("data-view", self.board_view)
        args = (self.lang, self.coords, interactive, self.viewer(), self.compact, self.board_view)
        self.lay(board, s.render(*args) + s.render_strip(*args))
        self.draw_panel(self.compact)
        board.setAttribute("data-version", str(int(nn(board.getAttribute("data-version")) or 0) + 1))
        self.fit_zoom()
        if self.board_view:  # another view is looked at, not played on
            clear(tray)
            if interactive:  # (not a view-only embed, nor a device whose players may not move now)
                tray.appendChild(el("p", {"cls": "view-note", "text": self.t("play.view_back", view=views[0][1])}))
        else:
            self.draw_tray(interactive)
        self.place_tray()
        self.draw_status()
        self.bring_choices_into_view()
        if self.keyboard:
            self.keyboard = False
            sel = q(".target", board) or q("[data-target]", board)
            if sel is not None and hasattr(sel, "focus"):
                sel.focus()

    # -- keyboard -----------------------------------------------------------
    def on_key(self, e) -> None:
        tag = str(getattr(e.target, "tagName", "") or "").lower()
        if tag in ("input", "textarea", "select"):
            return
        key = str(e.key)
        if self.app.screen != "play" or self.session is None or by_id("dialog") is not None:
            return
        target = closest(e.target, "[data-target]")
        if key.startswith("Arrow") and closest(e.target, "#board") is not None:
            e.preventDefault()  # on the board, arrows move between the clickable things
            self.move_focus(e.target, key)
            return
        if key in ("Enter", " ") and target is not None:
            e.preventDefault()
            self.keyboard = True
            self.on_target(str(target.getAttribute("data-target")), KEYBOARD)
            return
        entry = closest(e.target, "#moves li[data-ply]")
        if key in ("Enter", " ") and entry is not None:  # an entry of the move list, as a button is
            e.preventDefault()
            self.nav(int(entry.getAttribute("data-ply")))
            return
        moves = {"ArrowLeft": self.session.ply - 1, "ArrowRight": self.session.ply + 1,
                 "Home": 0, "End": self.session.total}
        if key in moves:
            e.preventDefault()
            self.nav(moves[key])
        elif key == "Escape":
            self.cancel_clicks()

    def move_focus(self, node, key: str) -> None:
        """Focus the board target nearest to ``node`` in the arrow's direction."""
        dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
        here = node.getBoundingClientRect()
        hx, hy = here.left + here.width / 2, here.top + here.height / 2
        best, best_d = None, None
        for t in by_id("board").querySelectorAll('[tabindex="0"]'):
            r = t.getBoundingClientRect()
            x, y = r.left + r.width / 2 - hx, r.top + r.height / 2 - hy
            ahead = x * dx + y * dy
            if ahead <= 1:
                continue
            d = ahead + 2 * abs(x * dy + y * dx)  # straight ahead first
            if best_d is None or d < best_d:
                best, best_d = t, d
        if best is not None:
            best.focus()

    def focus_board(self) -> None:
        """Keyboard play starts on the board: its first clickable thing, or
        the pass screen's button."""
        node = q('[data-action="reveal"]') or q("#board .target") or q("#board [data-target]")
        if node is not None and hasattr(node, "focus"):  # without scrolling: the turn's status stays in view
            node.focus(js.Object.fromEntries([["preventScroll", True]]))

    # -- zoom (phones) ------------------------------------------------------------------
    def zoom_key(self) -> tuple:
        """What a zoom is remembered for: the game, the view and the drawing shown (its root's
        ``data-board``: a tournament's overview is not zoomed as its tables' maps are)."""
        svg = q("#board > svg")
        drawn = str(nn(svg.getAttribute("data-board")) or "") if svg is not None else ""
        return (self.session.game.id, self.board_view, drawn)

    def remember_pan(self) -> None:
        """Keep where the zoomed board's window is (its middle, in the board's unzoomed pixels) for
        the drawing shown and the person holding the device, before the board is drawn anew: a
        redraw, another position received from the host, the screen built again."""
        board = by_id("board")
        key = getattr(self, "_pan_key", None)
        if board is None or key is None or not self.zoom_now or self.zoom_now <= 1.0 \
                or not board.classList.contains("zoomed") or q("#board > svg") is None:
            return
        z = self.zoom_now
        self.pan_at[key] = ((float(board.scrollLeft) + float(board.clientWidth) / 2) / z,
                            (float(board.scrollTop) + float(board.clientHeight) / 2) / z)

    def fit_zoom(self) -> None:
        """On a phone the board is drawn as large as its smallest text needs
        (``LEGIBLE_PX``), up to ``ZOOM_MAX`` times the screen's width, and
        scrolls sideways; "−" and "+" change it (the player's choice then
        stays for this game, view and drawing); the board then scrolls in a window of the
        screen. Elsewhere, and in an embed until "+" is pressed, the board
        fits its column. The window stays where the person left it across
        redraws (``remember_pan``); a new choice out of its view is brought into it."""
        if not self.compact or q("#board > svg") is None:
            self.set_zoom(None)
            return
        key = self.zoom_key()
        chosen = self.zoom_choice.get(key)
        if chosen is None and self.embed:  # an embedded board starts at the frame's width
            chosen = 1.0
        if chosen is None:
            least = float(js.plateauPage.smallestText(by_id("board")))  # at the zoom drawn now
            now = self.zoom_now or 1.0
            need = now * LEGIBLE_PX * 1.03 / least if least > 0 else 1.0  # (a frame's border, rounding)
            chosen = min(ZOOM_MAX, max(1.0, self.zoom_auto.get(key, 1.0), math.ceil(need * 20) / 20))
            self.zoom_auto[key] = chosen
        self.set_zoom(chosen)
        board = by_id("board")
        pan_key = (key, self.ctl.holder)
        self._pan_key = pan_key
        if chosen <= 1.0:
            return
        kept = self.pan_at.get(pan_key)
        if kept is not None:  # where this person left this board's window
            board.scrollLeft = kept[0] * chosen - float(board.clientWidth) / 2
            board.scrollTop = kept[1] * chosen - float(board.clientHeight) / 2
        else:
            self.pan_to_focus()
        if self.new_choice():
            self.frame_in_window(list(board.querySelectorAll(".target")))
        self.remember_pan()

    def new_choice(self) -> bool:
        """Whether the things to click on the board differ from those this person last saw on this
        drawing (a choice not seen yet: looking at another view and back shows none)."""
        key, now = self.choice_now()
        return bool(now) and self.choices_seen.get(key) != now

    def choice_now(self) -> tuple:
        """((game, view, drawing), holder) and the names of the things to click on the board now."""
        return ((self.zoom_key(), self.ctl.holder),
                tuple(attr_values(by_id("board"), ".target[data-target]", "data-target")))

    def frame_in_window(self, spots) -> None:
        """Scroll the zoomed board's window as little as needed to show ``spots`` whole; when they
        cannot all be shown and none is in view, the window goes to their middle."""
        board = by_id("board")
        if not spots:
            return
        frame = board.getBoundingClientRect()
        rects = [t.getBoundingClientRect() for t in spots]
        box = _union(rects)
        view = (float(frame.left), float(frame.top), float(frame.left) + float(board.clientWidth),
                float(frame.top) + float(board.clientHeight))
        for axis, (lo, hi, vlo, vhi) in enumerate(((box[0], box[2], view[0], view[2]),
                                                  (box[1], box[3], view[1], view[3]))):
            span, room = hi - lo, vhi - vlo
            if lo >= vlo and hi <= vhi:
                continue
            if span <= room - 8:
                shift = lo - vlo - 4 if lo < vlo else hi - vhi + 4
            elif not any(_meets(r, view) for r in rects):
                shift = (lo + hi) / 2 - (vlo + vhi) / 2
            else:
                continue
            if axis == 0:
                board.scrollLeft = float(board.scrollLeft) + shift
            else:
                board.scrollTop = float(board.scrollTop) + shift

    def place_tray(self) -> None:
        """The choices that are not on the board go under it; on a phone, when the board has
        nothing to click (a tournament's bid: the lot on sale at the top of a long overview), above
        it, where the player sees them with what the board says first."""
        board, tray = by_id("board"), by_id("tray")
        if board is None or tray is None:
            return
        above = (self.compact and not self.board_view and q(".target", board) is None
                 and q("[data-target]", tray) is not None)
        if above and not tray.nextElementSibling == board:
            board.parentNode.insertBefore(tray, board)
        elif not above and not board.nextElementSibling == tray:
            board.parentNode.insertBefore(tray, board.nextSibling)
        tray.classList.toggle("above", bool(above))

    def bring_choices_into_view(self) -> None:
        """A choice the player has not seen yet opens in the screen: the page scrolls as little as
        needed to show the board's things to click (else the choices under the board) where they
        are visible (inside the zoomed board's window); when they cannot all be shown, and none
        is, the page goes to the first of them. A choice already seen stays where the person left
        the page."""
        board, tray = by_id("board"), by_id("tray")
        if board is None or self.must_pass() or not self.interactive():
            return
        fresh = self.new_choice()
        key, now = self.choice_now()
        self.choices_seen[key] = now
        spots = list(board.querySelectorAll(".target"))
        if spots and not fresh:
            return
        if spots:  # the first kind of thing drawn (a list of every choice comes before the same in place)
            kind = _kind(spots[0])
            spots = [t for t in spots if _kind(t) == kind]
        if not spots:  # the choices under the board, once: a new set of buttons
            spots = list(tray.querySelectorAll("[data-target]")) if tray is not None else []
            names = tuple(str(b.getAttribute("data-target")) for b in spots)
            if not names or names == getattr(self, "_tray_seen", None):
                return
            self._tray_seen = names
        rects = [t.getBoundingClientRect() for t in spots]
        if board.classList.contains("zoomed"):  # what the window shows of them
            frame = board.getBoundingClientRect()
            rects = [_clip(r, frame) if board.contains(t) else _box(r) for t, r in zip(spots, rects)]
        else:
            rects = [_box(r) for r in rects]
        rects = sorted((r for r in rects if r[3] > r[1]), key=lambda r: r[1])
        if not rects:
            return
        height = float(js.window.innerHeight)
        # as many of them as the screen holds, from the first down
        top, bottom = rects[0][1], rects[0][3]
        for r in rects[1:]:
            if max(bottom, r[3]) - top > height - 16:
                break
            bottom = max(bottom, r[3])
        if top >= 0 and bottom <= height:
            return
        shift = top - 8 if top < 0 or bottom - top > height - 16 else bottom - height + 8
        js.window.scrollBy(0, shift)

    def focus_players(self) -> list[int]:
        """The players the device is for: a club device's seats, else the
        player holding it, else the people playing on it."""
        seats = self.ctl.seating.held  # a club guest's
        if seats:
            return list(seats)
        if self.ctl.holder is not None:
            return [self.ctl.holder]
        return self.ctl.people()

    def pan_to_focus(self) -> None:
        """The window of a zoomed board goes to what matters to the device's
        players: the things they may click now; else the regions where their
        pieces stand (``Game.home_regions``, for the games that have them);
        else the middle of the map (never a corner of it)."""
        board = by_id("board")
        spots = list(board.querySelectorAll(".target"))
        if not spots:
            regions = []
            try:
                regions = self.session.game.home_regions(self.session.state, self.board_view, self.focus_players())
            except Exception:  # where to look first is a courtesy: the board stays
                traceback.print_exc()
            if regions:
                spots = list(board.querySelectorAll(",".join(f'[data-region="{int(r)}"]' for r in regions)))
        if not spots:
            spots = list(board.querySelectorAll("[data-region]"))  # the map, without its side column
        rects = [t.getBoundingClientRect() for t in spots] or [q("#board > svg").getBoundingClientRect()]
        left = min(float(r.left) for r in rects)
        right = max(float(r.right) for r in rects)
        top = min(float(r.top) for r in rects)
        bottom = max(float(r.bottom) for r in rects)
        frame = board.getBoundingClientRect()
        board.scrollLeft = float(board.scrollLeft) + (left + right) / 2 - float(frame.left) - float(board.clientWidth) / 2
        board.scrollTop = float(board.scrollTop) + (top + bottom) / 2 - float(frame.top) - float(board.clientHeight) / 2

    def set_zoom(self, zoom) -> None:
        board, bar = by_id("board"), by_id("zoom")
        if board is None:
            return
        self.zoom_now = zoom
        if zoom is None or zoom <= 1.0:
            board.classList.remove("zoomed")
            board.style.removeProperty("--zoom")
            board.removeAttribute("tabindex")
        else:
            board.classList.add("zoomed")
            board.style.setProperty("--zoom", str(zoom))
            board.setAttribute("tabindex", "0")  # a window the board scrolls in: the keyboard scrolls it too
        if bar is None:
            return
        clear(bar)
        if zoom is None:
            return
        bar.appendChild(button("−", lambda: self.change_zoom(1 / ZOOM_STEP), data_action="zoom-out",
                               aria_label=self.t("zoom.out"), title=self.t("zoom.out"), disabled=zoom <= 1.0))
        bar.appendChild(el("span", {"cls": "zoom-level", "text": f"× {zoom:.2f}".rstrip("0").rstrip(".")}))
        bar.appendChild(button("+", lambda: self.change_zoom(ZOOM_STEP), data_action="zoom-in",
                               aria_label=self.t("zoom.in"), title=self.t("zoom.in"), disabled=zoom >= ZOOM_MAX))

    def change_zoom(self, factor: float) -> None:
        """Zoom the board in or out around the middle of what is shown."""
        board = by_id("board")
        old = self.zoom_now or 1.0
        new = min(ZOOM_MAX, max(1.0, round(old * factor, 2)))
        if new < 1.05:
            new = 1.0
        self.zoom_choice[self.zoom_key()] = new
        mid_x = (float(board.scrollLeft) + float(board.clientWidth) / 2) / old
        mid_y = (float(board.scrollTop) + float(board.clientHeight) / 2) / old
        self.set_zoom(new)
        board.scrollLeft = mid_x * new - float(board.clientWidth) / 2
        board.scrollTop = mid_y * new - float(board.clientHeight) / 2
        self.remember_pan()

    def draw_public_view(self) -> None:
        """A view other than the board (a tournament's overview), asked for by
        a link or an embed while the device waits for the player to move: it
        is shown through public eyes, with the way to the board (and that
        player's hidden information) beside it."""
        s = self.session
        board, tray = by_id("board"), by_id("tray")
        self.remember_pan()
        self.compact = self.is_narrow()
        views = s.game.views(s.state, self.lang)
        self.draw_views(views)
        board.setAttribute("data-view", self.board_view)
        public = s.viewer(None, spectator=True)
        args = (self.lang, self.coords, False, public, self.compact, self.board_view)
        self.lay(board, s.render(*args) + s.render_strip(*args))
        self.draw_panel(self.compact, public)
        board.setAttribute("data-version", str(int(nn(board.getAttribute("data-version")) or 0) + 1))
        self.fit_zoom()
        clear(tray)
        name = s.record.players[s.state.to_play]
        tray.appendChild(el("span", {"cls": "pass-here", "text": self.t("pass.here", name=name) + " "}))
        tray.appendChild(button(self.t("pass.ready", name=name), self.reveal, data_action="reveal"))
        self.draw_status()

    def lay(self, board, html: str) -> None:
        """Show ``html`` (a board's markup) in ``board``, changing only what
        differs from what is shown (``morph``). A game with several boards
        names each drawing (``data-board`` on its root: a tournament's
        tables' maps); the drawing of another board is put aside while it is
        not shown (the last :data:`BOARDS_ASIDE`), and laid under the next
        markup of its own board when that comes back: its printed map, its
        regions' outlines stay the nodes they were. A board never seen
        before is drawn afresh rather than laid over another one's nodes."""
        key = _board_key(html)
        shown = nn(board.firstElementChild)
        was = str(nn(shown.getAttribute("data-board")) or "") if shown is not None and str(
            shown.localName) == "svg" else None
        if self._aside_of is None or not self._aside_of == board:  # a new screen: the drawings aside were the old one's
            self._aside_of, self._aside = board, {}
        if was is not None and was != key:
            self.put_aside(was, list(board.children))  # (with the strip under it: Game.render_strip)
            back = self._aside.pop(key, None)
            if back is not None:
                board.replaceChildren(*back)
            else:
                clear(board)
        morph(board, html)

    def put_aside(self, key: str, nodes: list) -> None:
        """Keep ``nodes``, the drawing of board ``key``, for when that board is shown again (``lay``)."""
        self._aside.pop(key, None)
        self._aside[key] = nodes  # (the most recent last)
        while len(self._aside) > BOARDS_ASIDE:
            self._aside.pop(next(iter(self._aside)))

    def boards_ahead(self):
        """The game's other boards (``Game.other_boards``: a tournament's
        other tables, its overview) drawn while the page is idle and put
        aside, one a step, so that the first step through the history to
        one of them lays the position over a drawing already made. They are
        drawn for the eyes the page shows the game through, and stay out of
        the page until their board is shown."""
        s = self.session
        board = by_id("board")
        if board is None or self._aside_of is None or not self._aside_of == board:
            return
        ctx = s.context(self.lang, self.coords, False, self.viewer(), self.compact)
        boards = s.game.other_boards(s.state, ctx)
        while True:
            yield
            if self.session is not s or not self._aside_of == board:
                return  # another game or screen meanwhile
            html = next(boards, None)
            if html is None:
                return
            key = _board_key(html)
            shown = nn(board.firstElementChild)
            if not key or key in self._aside or (shown is not None and nn(shown.getAttribute("data-board")) == key):
                continue
            yield  # (the markup drawn, then laid out in a step of its own)
            holder = js.document.createElement("div")
            morph(holder, html)
            node = nn(holder.firstElementChild)
            if node is not None and self._aside_of == board:
                node.remove()
                self.put_aside(key, [node])

    def report_height(self) -> None:
        """An embedded board tells the page around it how tall it is (the
        embed snippet's script sets the frame's height from it), once the
        next frame is laid out."""
        if getattr(self, "_height_due", False):
            return
        self._height_due = True
        js.requestAnimationFrame(create_once_callable(lambda _t: self.post_height()))

    def post_height(self) -> None:
        """The page's height with the board at its full width (in a frame the
        board is at most as tall as the frame: a frame made taller lets it
        grow to its width)."""
        self._height_due = False
        root = self.root.getBoundingClientRect()
        height = float(root.height)
        svg = q("#board > svg")
        if svg is not None:
            r = svg.getBoundingClientRect()
            box = svg.viewBox.baseVal if svg.viewBox else None
            if box is not None and box.width > 0 and float(r.width) > 0:
                height += float(r.width) * float(box.height) / float(box.width) - float(r.height)
        data = js.Object.new()
        data.plateauHeight = round(height + 4)
        js.window.parent.postMessage(data, "*")

    def draw_views(self, views) -> None:
        """The switch between the game's views (``Game.views``), above the board."""
        box = by_id("views")
        if box is None:
            return
        drawn = repr((views, self.board_view))
        if getattr(self, "_views_drawn", None) == (box, drawn):
            return  # the same tabs, the same one on: left as they are (a click on the board changes neither)
        self._views_drawn = (box, drawn)
        clear(box)
        for vid, label in views:
            on = vid == self.board_view
            b = button(label, lambda vid=vid: self.show_view(vid), cls="view-tab" + (" on" if on else ""),
                       data_view=vid or "board")
            b.setAttribute("role", "tab")
            b.setAttribute("aria-selected", "true" if on else "false")
            box.appendChild(b)
        self.scroll_view_tab(box)

    @staticmethod
    def scroll_view_tab(box) -> None:
        """On a phone the tabs are one row that scrolls sideways: the tab
        shown is brought into it (the row only, never the page)."""
        tab = q(".view-tab.on", box)
        if tab is None or int(box.scrollWidth) <= int(box.clientWidth):
            return
        r, b = tab.getBoundingClientRect(), box.getBoundingClientRect()
        left = float(r.left) - float(b.left) + float(box.scrollLeft)
        right = left + float(r.width)
        if left < float(box.scrollLeft):
            box.scrollLeft = max(0.0, left - 8)
        elif right > float(box.scrollLeft) + float(box.clientWidth):
            box.scrollLeft = right - float(box.clientWidth) + 8

    def show_view(self, view: str) -> None:
        self.board_view = view
        self.session.clear_clicks()
        self.draw_board()

    @staticmethod
    def is_narrow() -> bool:
        """A phone-sized window: boards leave their text panel to the page."""
        return int(js.window.innerWidth) <= 700

    def draw_panel(self, compact: bool, viewer="") -> None:
        """The board's side panel as text, on narrow screens (Game.panel), for
        ``viewer`` (the page's eyes when not given)."""
        box = by_id("board-panel")
        if box is None:
            return
        clear(box)
        self.draw_glossary()
        if not compact:
            return
        for sec in self.session.panel(self.lang, self.viewer() if viewer == "" else viewer):
            box.appendChild(el("h3", {"text": sec["title"]}))
            # a line starting with two spaces belongs to the one above it (Game.panel)
            items = [el("li", {"text": line.strip(), "cls": "sub" if line.startswith("  ") else None})
                     for line in sec["lines"]]
            box.appendChild(el("ul", {}, *items))

    def draw_glossary(self) -> None:
        """What the races, powers, places… in play do (``Game.glossary``),
        under the board, one tap away on any screen (a hover tooltip is not
        enough on a phone). Hidden behind a pass screen; stays open or
        closed as the reader left it."""
        glossary = self.session.game.glossary
        panel = by_id("board-panel")
        box = by_id("glossary")
        if panel is None or box is None and not glossary(self.session.state, self.lang)[1]:
            return  # a game without one (Game.glossary's default): no box
        if box is None:
            box = el("details", {"id": "glossary", "cls": "glossary"})
            panel.parentNode.insertBefore(box, panel.nextSibling)
            self._glossary_drawn = None
        if self.must_pass() or self.board_view:
            clear(box)
            self._glossary_drawn = None
            box.hidden = True
            return
        title, pairs = glossary(self.session.state, self.lang)
        if getattr(self, "_glossary_drawn", None) == (title, pairs):
            return  # the same races, powers and places: the list stays as it is (and as open as it was)
        self._glossary_drawn = (title, pairs)
        was_open = bool(box.open)
        clear(box)
        box.hidden = not pairs
        box.appendChild(el("summary", {"text": title}))
        items = []
        for name, text in pairs:
            items.append(el("dt", {"text": name}))
            items.append(el("dd", {"text": text}))
        box.appendChild(el("dl", {}, *items))
        box.open = was_open

    def on_resize(self, e=None) -> None:
        if self.app.screen == "play" and self.session is not None and by_id("board") is not None \
                and self.is_narrow() != self.compact:
            self.draw_board()
        elif self.embed and self.app.screen == "play":
            self.report_height()

    def draw_tray(self, interactive: bool) -> None:
        s = self.session
        tray = by_id("tray")
        clear(tray)
        offer = None if self.view_only else s.restore_offer(self.holder)
        if offer is not None:  # what it would bring back, in the move list's words
            try:
                first = s.replaced_line(self.viewer(), self.lang)
            except Exception:  # the words are a courtesy: the button stays
                traceback.print_exc()
                first = ""
            tray.appendChild(button(self.t("play.restore_what", n=offer[0], first=first), self.restore_replaced,
                                    data_action="restore"))
        if not interactive and not self.view_only and s.decider() is not None and s.hidden \
                and s.decider() not in s.computers and not s.finished:
            # a position where someone else decides: only they may look at it (never the computer's seat)
            name = s.record.players[s.decider()]
            tray.appendChild(el("span", {"cls": "pass-here", "text": self.t("pass.here", name=name) + " "}))
            tray.appendChild(button(self.t("pass.ready", name=name), self.reveal, data_action="reveal"))
        if not interactive or s.state.is_over():
            return
        board = by_id("board")
        on_board = set(attr_values(board, "[data-target]", "data-target"))
        picked = [c for c in s.clicks if c not in on_board]
        if picked:  # off-board choices already made in this move, shown as pressed
            tray.appendChild(el("span", {"cls": "picked", "data-picked": " ".join(picked)},
                                self.t("play.picked") + " ",
                                *[el("span", {"cls": "chip", "aria-pressed": "true",
                                              "text": s.game.target_label(c, self.lang)}) for c in picked]))
        drawn = set(attr_values(board, ".target[data-target]", "data-target"))
        for t in sorted(s.next_targets() - drawn):
            b = button(s.game.target_label(t, self.lang), lambda t=t: self.on_target(t), cls="choice")
            b.setAttribute("data-target", t)
            tray.appendChild(b)
        done = s.complete_moves()
        if len(done) == 1:
            words = s.game.describe_move(s.state, done[0].text, self.viewer(), self.lang)
            b = button(self.t("play.as_is", move=words), self.play_as_is, cls="primary as-is",
                       data_action="as-is")
            tray.appendChild(b)
        if s.clicks:
            tray.appendChild(button(self.t("play.cancel_clicks"), self.cancel_clicks, data_action="clear"))
        self.app.computer.add_hint_button(tray)

    def draw_status(self) -> None:
        s = self.session
        st = s.state
        box = by_id("status")
        if box is None:
            return
        if self.embed:
            self.report_height()
        if st.is_over():
            winners = st.winners()
            text = self.t("play.over") + " — " + (
                self.t("play.winner", names=", ".join(s.record.players[i] for i in winners)) if winners
                else self.t("play.draw"))
        elif self.decides_elsewhere():
            # the one who decides plays on another device: named, never "your" (a status says it to them)
            what = st.waiting_status(self.lang) or self.t("play.turn", name=s.record.players[s.decider()])
            text = self.t("play.waiting", what=what)
        else:
            detail = st.status(self.lang)
            text = detail or self.t("play.turn", name=s.record.players[st.to_play])
            text = self.with_click_hint(text)
        box.textContent = text

    def decides_elsewhere(self) -> bool:
        """The player who decides now plays on another device (club mode),
        not at this one nor as this device's computer."""
        s = self.session
        d = s.decider()
        return d is not None and d in s.computers and d not in self.ctl.computer_seats() and s.ply == s.total

    def with_click_hint(self, text: str) -> str:
        """The status line, with what the next click does once a move is
        begun (``Game.click_hint``, for games whose moves take several clicks)."""
        s = self.session
        if not s.clicks or not self.interactive():
            return text
        words = s.game.click_hint(s.state, list(s.clicks), self.lang)
        return text + " — " + words if words else text

    def draw_side(self) -> None:
        s = self.session
        st = s.state
        scores = by_id("scores")
        if scores is not None:
            table = (st.score_table(self.lang, self.viewer()), st.to_play, st.is_over(), self.lang)
            if getattr(self, "_scores_drawn", None) != (scores, table):  # a move that scores nothing leaves it
                self._scores_drawn = (scores, table)
                clear(scores)
                scores.appendChild(self.score_table(table[0]))
        result = by_id("result")
        if result is not None:
            clear(result)
            if st.is_over():
                result.appendChild(el("h2", {"text": self.t("result.title")}))
                for line in st.result_lines(self.lang):
                    result.appendChild(el("p", {"text": line}))
        box = by_id("history-note")  # in the side panel, so that it never moves the board
        if box is not None:
            key = ("play.history_over" if s.finished else
                   "play.history" if self.interactive() else "play.history_hidden")
            box.textContent = self.t(key, ply=s.ply, total=s.total) if s.ply < s.total else ""

    def score_table(self, table: dict | None = None):
        """The game's score table (``State.score_table``, or ``table`` when
        already asked) for the eyes the page is drawn for: what each column
        means, the one to decide marked."""
        s = self.session
        st = s.state
        if table is None:
            table = st.score_table(self.lang, self.viewer())
        tbl = el("table", {"cls": "score-table"}, el("caption", {"text": table["caption"] or self.t("play.score")}))
        if len(table["columns"]) > 2 or table["caption"]:
            tbl.appendChild(el("tr", {"cls": "head"}, *[el("th", {"text": c, "scope": "col"}) for c in table["columns"]]))
        for i, row in enumerate(table["rows"]):
            tbl.appendChild(el("tr", {"cls": "to-play" if st.to_play == i and not st.is_over() else ""},
                               el("th", {"scope": "row"}, self.player_name(st, i, row[0])),
                               *[el("td", {"text": cell}) for cell in row[1:]]))
        box = el("div", {}, tbl)
        for note in table.get("notes", []):
            box.appendChild(el("p", {"cls": "score-note", "text": note}))
        return box

    @classmethod
    def player_name(cls, st, p, name):
        """A row's name, after the player's marks when the game has some (kept on the name's line)."""
        shown = cls.player_marks(st, p)
        if not shown:
            return name
        return el("span", {"cls": "who"}, *shown, el("span", {"cls": "name", "text": name}))

    @staticmethod
    def player_marks(st, p) -> list:
        """Player ``p``'s colours and marks as they are on the board (``State.player_marks``):
        small pictures before the name (the name says who it is: they are hidden from screen readers)."""
        return [svg_el("svg", {"class": "pmark", "viewBox": "-1 -1 2 2", "width": "16", "height": "16",
                               "aria-hidden": "true", "focusable": "false"},
                       svg_el("circle", {"r": ".92", "fill": colour, "stroke": "#1b1b1b", "stroke-width": ".12"}),
                       svg_el("path", {"d": marks.path_d(mark), "transform": "scale(.55)",
                                       "fill": marks.ink_for(colour)}))
                for colour, mark in st.player_marks(p)]

    def show_result(self) -> None:
        """The end of the game: who won, the final table and what the game
        says about it, then a rematch (same players, seats rotated), a new
        game or a look at the finished game."""
        s = self.session
        st = s.state
        winners = st.winners()
        head = (self.t("play.winner", names=", ".join(s.record.players[i] for i in winners)) if winners
                else self.t("play.draw"))
        lines = el("div", {"cls": "result-lines"}, *[el("p", {"text": line}) for line in st.result_lines(self.lang)])
        actions = el("div", {"cls": "actions"},
                     button(self.t("result.rematch"), self.rematch, cls="primary", data_action="rematch"),
                     button(self.t("result.new"), self.new_after_result, data_action="new-game"))
        self.app.dialogs.dialog(self.t("play.over"), el("p", {"cls": "winner", "text": head}), self.score_table(),
                                lines, actions)

    def new_after_result(self) -> None:
        """The result dialog's "New game": the dialog closes and the form
        starts from the players, seats and options of the game just played."""
        s = self.session
        box = by_id("dialog")
        if box is not None:
            box.close()
        self.app.new_like(s.game.id, self.app.new.record_values(s.record))

    def rematch(self) -> None:
        """The same people again, seats rotated by one (the second player
        takes the first seat); the computer plays the same people as before (and the
        devices of a game on several hold them, ``ClubPage.load_plan``)."""
        s = self.session
        r = s.record
        n = len(r.players)
        players = list(r.players[1:]) + list(r.players[:1])
        computers = {(seat - 1) % n: level for seat, level in self.ctl.computer_seats().items()}
        box = by_id("dialog")
        if box is not None:
            box.close()
        # a rematch is a new game: today's rules, whatever revision the last one was played under
        options = {k: v for k, v in r.options.items() if k != REVISION_OPTION}
        self.app.new_game(s.game.id, players, options, None, computers=computers)

    def draw_moves(self) -> None:
        self.move_list.draw()

    def on_moves_click(self, e) -> None:
        li = closest(e.target, "#moves li[data-ply]")
        if li is not None:
            self.nav(int(li.getAttribute("data-ply")))

    def nav(self, ply: int) -> None:
        self.ctl.goto(ply)

    def undo(self) -> None:
        self.ctl.undo()

    def redo(self) -> None:
        self.ctl.redo()

    def reveal(self) -> None:
        """The player who decides at the position shown says they hold the
        device: the page now shows what they may see."""
        js.window.scrollTo(0, 0)  # the turn starts at the top: whose turn, then the board (also on a phone)
        self.ctl.reveal()  # (drawn at the top; a choice lower down is brought into the screen)

    def restore_replaced(self) -> None:
        self.ctl.restore_replaced()

    def on_board_pointerup(self, e) -> None:
        """Where a finger left the screen: a tap's click event may carry a point the browser moved
        towards a nearby focusable shape (touch adjustment); the pointer's own point is this one."""
        self.last_touch = ((float(e.clientX), float(e.clientY), float(e.timeStamp))
                           if str(e.pointerType) == "touch" else None)

    def on_board_click(self, e) -> None:
        if not e.target.isConnected or closest(e.target, "#board svg, #board .board-strip") is None:
            return  # a click on the pass screen's buttons, or on a board drawn anew by its own handler
        node = closest(e.target, "[data-target]")
        board = by_id("board")
        if e.isTrusted and e.detail > 0:  # a real click or tap (keyboard and synthetic clicks have detail 0)
            tap = getattr(self, "last_touch", None)
            if tap is not None and abs(float(e.timeStamp) - tap[2]) < 1000:
                # a tap: the shape under the finger's own point
                x, y = tap[0], tap[1]
                under, radius = nn(js.document.elementFromPoint(x, y)), HIT_RADIUS_TOUCH
            else:
                # a click: the event's target is the browser's own hit-test at the pointer's exact
                # point (clientX/clientY are whole pixels)
                x, y = float(e.clientX), float(e.clientY)
                under, radius = e.target, HIT_RADIUS
            self.last_touch = None
            node = self.target_at(under, x, y, radius)
            # what the click meant, for anyone looking at the page (tests and bench/browser.py pointer read it;
            # with data-dry on the board they measure the pointer without playing)
            board.setAttribute("data-hit", str(node.getAttribute("data-target")) if node is not None else "")
            if board.hasAttribute("data-dry"):
                return
        if node is None:
            return
        self.on_target(str(node.getAttribute("data-target")))

    @staticmethod
    def target_at(under, x: float, y: float, radius: float):
        """The highlighted target a click or tap at (x, y) means, or None.

        ``under`` is the element under the pointer (a click's event target; for a tap, the element
        at the finger's own point). The target it belongs to (its real shape, as the browser
        hit-tests it) always wins. A point on no target is forgiven to the nearest highlighted target within ``radius`` CSS pixels
        of it, measured to that target's shape: rays from the point, sampled every 1.5 px, stop at
        the first shape they enter, so a forgiven click never crosses another shape of the board. A
        point inside a shape that is not a target (a region, square or hex nobody may play now)
        reaches only a target of another kind beside it (a palisade slot on a square's border), never
        a neighbouring region of its own kind."""
        return nn(js.plateauPage.hitTarget(by_id("board"), under, x, y, radius))  # static/page/board.mjs

    def on_target(self, target: str, source: Source = CLICK) -> None:
        if not self.interactive() or self.must_pass():
            return
        s = self.session
        if target in s.next_targets():  # a move that cannot be taken back lightly asks first
            clicks = s.clicks + [target]
            done = [m for m in s.candidates() if m.complete(clicks)]
            ask = s.game.confirm_text(done[0].text, self.lang) if len(done) == 1 else ""
            if ask and not js.window.confirm(ask):
                return
        try:
            played = self.ctl.click(target, source)  # a completed move is drawn by on_change
        except Exception as err:  # an engine bug must not freeze the page
            traceback.print_exc()
            self.flash(self.t("err.internal", msg=err.text if isinstance(err, MoveRefused) else str(err)))
            self.ctl.clear_clicks()
            played = None
        if played is None:
            self.draw_board()

    def on_typed_move(self, e) -> None:
        """A move typed as text (see :meth:`Session.typed`): played as a
        click completes one, or refused with a sentence; the field keeps the
        text until the move is played."""
        e.preventDefault()
        field = by_id("typed-move")
        text = str(field.value or "").strip() if field is not None else ""
        if not text:
            return
        if not self.interactive() or self.must_pass():
            self.flash(self.t("typed.not_now"))
            return
        s = self.session
        moves = s.typed(text, self.ctl.viewer(), self.lang)
        if len(moves) != 1:
            self.flash(self.t("typed.several" if moves else "typed.unknown", move=text[:80]))
            return
        ask = s.game.confirm_text(moves[0].text, self.lang)
        if ask and not js.window.confirm(ask):
            return
        try:
            self.ctl.submit(moves[0].text, KEYBOARD)
        except MoveRefused as err:
            self.flash(self.t("typed.refused", move=text[:80], why=err.text or err.code))
            return
        field = by_id("typed-move")  # (looked up again: the move may have drawn the screen anew)
        if field is not None:
            field.value = ""
            field.focus()

    def play_as_is(self) -> None:
        if self.ctl.play_as_is() is None:
            self.draw_board()

    def cancel_clicks(self) -> None:
        self.ctl.clear_clicks()
        self.draw_board()

    def after_move(self, played) -> None:
        """A move was played (here, by the computer or elsewhere): the page
        shows the position after it, and what it brought."""
        if self.session.state.is_over() and not self.embed:
            js.setTimeout(create_once_callable(lambda: self.show_result() if self.session.state.is_over() else None),
                          400)
        gain = self.turn_gain_text()
        replaced = self.session.replaced
        if replaced is not None and replaced[0] == self.session.ply - 1 and not self.embed \
                and not self.session.replaced_own:  # taking back one's own turn is no news
            self.flash(self.t("play.replaced", n=len(replaced[1])), "info")
        self.refresh()
        self.announce_move()
        if gain:
            self.show_turn_gain(gain)

    def describe_position(self, say: bool = True) -> None:
        """Fill the region under the board with the position in words
        (``Game.describe_position``) for the eyes the page shows: whoever
        holds the device, public information only while it is passed;
        ``say``: the button was pressed, its first line goes to the live
        region too. Without ``say`` a description already shown is written
        again (the position or the eyes changed), none is started. Text
        nodes only: names typed by players are never read as markup."""
        box, s = by_id("position-text"), self.session
        if box is None or s is None or not (say or int(box.childElementCount)):
            return
        viewer = self.ctl.viewer(spectator=True) if self.must_pass() else self.viewer()
        lines = s.game.describe_position(s.state, viewer, self.lang)
        clear(box)
        for line in lines:
            box.appendChild(el("p", {"text": line}))
        said = by_id("announce")
        if say and said is not None and lines:
            said.textContent = lines[0]

    def announce_move(self) -> None:
        """Say the move just played in the live region, as the move list
        writes it for the eyes the page shows now (public ones while the
        device passes: never another player's secret)."""
        box, s = by_id("announce"), self.session
        if box is None or s.ply == 0 or s.ply != s.total:
            return
        box.textContent = s.move_line(s.ply - 1, self.ctl.viewer(), self.lang)

    def turn_gain_text(self) -> str:
        """What the move just played earned the person who played it
        (``Game.turn_gain``: "+7: 5 regions, +2 Merchant"), "" if nothing
        was scored or a computer played it."""
        s = self.session
        if not s.game.says_turn_gain or self.embed or s.ply == 0 or s.ply != s.total:
            return ""
        before = s.state_at(s.ply - 1)
        # the player who made it (a tournament's other table, a bidder): said on their own device only
        mover = s.game.mover_of(before, s.record.moves[s.ply - 1])
        if mover is None or mover in s.computers:
            return ""
        return s.game.turn_gain(before, s.state, mover, self.lang)

    def show_turn_gain(self, text: str) -> None:
        """The turn's gain, to the player who earned it before the device
        passes: on top of the pass screen, until they hide it or the next
        player shows they hold the device (coins may be secret: it is never
        drawn for the next player's eyes). When the device stays (the
        computer plays next), the board's list of events says it to its
        holder; a banner would stay on screen for whoever holds it later."""
        screen = by_id("pass-screen")
        if self.must_pass() and screen is not None:
            box = el("div", {"id": "turn-gain", "cls": "turn-gain-box", "role": "status"},
                     el("h3", {"text": self.t("play.gain_title")}),
                     el("p", {"cls": "turn-gain", "text": text}))
            box.appendChild(button(self.t("play.gain_hide"), self.hide_turn_gain, data_action="gain-hide"))
            screen.insertBefore(box, screen.firstChild)

    @staticmethod
    def hide_turn_gain() -> None:
        box = by_id("turn-gain")  # (looked up: a handler holding its own node would never be released)
        if box is not None:
            box.remove()
