"""The play screen: the board, its choices, the status line, the scores, the move
list and history, and hot-seat pass-the-device screens."""

from __future__ import annotations

import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy

from .dom import attr_values, button, by_id, clear, closest, el, listen, nn, q


class PlayScreen:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def show_play(self) -> None:
        s = self.session
        self.screen = "play"
        self.remember("play")
        if not self.embed:
            self.store.set_setting("screen", "play")
            if self.save_id:
                self.store.set_setting("current", self.save_id)
        g = s.game
        clear(self.root)
        if self.embed:
            link = el("a", {"href": self.share_url(), "target": "_blank", "rel": "noopener",
                            "text": self.t("embed.open"), "cls": "open-full"})
            self.root.appendChild(el("div", {"cls": "embed-bar"},
                                     el("span", {"id": "status", "cls": "status", "aria-live": "polite"}), link))
        else:
            self.root.appendChild(self.header(
                el("span", {"cls": "game-title", "text": g.name(self.lang)}),
                el("nav", {"cls": "tools"},
                   button(self.t("play.rules"), lambda: self.show_rules(g.id), data_action="rules"),
                   button(self.t("play.share"), self.show_share, data_action="share"),
                   button(self.t("play.embed"), self.show_embed, data_action="embed"),
                   button(self.t("play.export"), self.export_current, data_action="export"),
                   None if self.save_id else button(self.t("play.save"), self.save_now, data_action="save")),
            ))
            self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        layout = el("div", {"cls": "play"})
        board_col = el("div", {"cls": "board-col"})
        if not self.embed:
            board_col.appendChild(el("div", {"id": "status", "cls": "status", "aria-live": "polite"}))
        board_col.appendChild(el("div", {"id": "views", "cls": "views", "role": "tablist",
                                         "aria-label": self.t("play.views")}))
        board = el("div", {"id": "board", "cls": "board", "data-game": g.id})
        listen(board, "click", self.on_board_click)
        board_col.appendChild(board)
        board_col.appendChild(el("div", {"id": "tray", "cls": "tray", "aria-label": self.t("play.choices")}))
        board_col.appendChild(el("section", {"id": "board-panel", "cls": "panel", "aria-live": "polite"}))
        layout.appendChild(board_col)
        side = el("aside", {"cls": "side" + (" embed-side" if self.embed else "")})
        side.appendChild(el("div", {"id": "scores", "cls": "scores"}))
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
            side.appendChild(el("h2", {"text": self.t("play.moves")}))
            # one listener for the whole list (an entry per ply: a listener each made long games slow to draw)
            side.appendChild(el("ol", {"id": "moves", "cls": "moves"}, on={"click": self.on_moves_click}))
            side.appendChild(el("div", {"id": "result", "cls": "result"}))
        layout.appendChild(side)
        self.root.appendChild(layout)
        self.draw_messages()
        self.refresh()

    def save_now(self) -> None:
        """Keep a game opened from a link in the saved games without playing."""
        self.autosave()
        if self.save_id:
            self.flash(self.t("play.saved"), "info")
            self.show_play()

    def toggle_coords(self, on: bool) -> None:
        self.coords = on
        self.store.set_setting("coords", on)
        self.draw_board()

    def interactive(self) -> bool:
        return not self.view_only and self.session.may_play(self.holder)

    def viewer(self):
        """Whose eyes the page shows the game through (see Session.viewer)."""
        return self.session.viewer(self.holder, spectator=self.view_only)

    def refresh(self) -> None:
        self.draw_board()
        self.draw_moves()
        self.draw_side()

    def must_pass(self) -> bool:
        return not self.view_only and self.session.must_pass(self.holder)

    def draw_board(self) -> None:
        s = self.session
        board = by_id("board")
        tray = by_id("tray")
        if board is None:
            return
        board.setAttribute("data-ply", str(s.ply))
        if self.holder is None and s.ply == s.total:
            # nobody identified yet: the device goes to the player to move if they have nothing to
            # hide (never at an earlier move: what a player knew then is less than what they know now)
            self.holder = s.holder_after_move(None)
        if self.must_pass():
            name = s.record.players[s.state.to_play]
            self.drop_banners()  # what the last player was told is not for the next one
            clear(board)
            clear(tray)
            screen = el("div", {"id": "pass-screen", "cls": "pass-screen", "role": "dialog", "aria-modal": "true"},
                        el("h2", {"text": self.t("pass.title", name=name)}),
                        el("p", {"text": self.t("pass.body")}),
                        button(self.t("pass.ready", name=name), self.reveal, cls="primary", data_action="reveal"))
            if s.ply > 0:  # the last move's author may take it back; they identify again afterwards
                screen.appendChild(button(self.t("pass.undo"), self.undo, cls="secondary", data_action="pass-undo"))
            board.appendChild(screen)
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
        board.innerHTML = s.render(self.lang, self.coords, interactive, self.viewer(), self.compact,
                                   self.board_view)
        self.draw_panel(self.compact)
        board.setAttribute("data-version", str(int(nn(board.getAttribute("data-version")) or 0) + 1))
        if self.board_view:  # another view is looked at, not played on
            clear(tray)
            if not self.view_only:  # (a view-only embed is never played on)
                tray.appendChild(el("p", {"cls": "view-note", "text": self.t("play.view_back", view=views[0][1])}))
        else:
            self.draw_tray(interactive)
        self.draw_status()
        if self.keyboard:
            self.keyboard = False
            sel = q(".target", board) or q("[data-target]", board)
            if sel is not None and hasattr(sel, "focus"):
                sel.focus()

    def draw_views(self, views) -> None:
        """The switch between the game's views (``Game.views``), above the board."""
        box = by_id("views")
        if box is None:
            return
        clear(box)
        for vid, label in views:
            on = vid == self.board_view
            b = button(label, lambda vid=vid: self.show_view(vid), cls="view-tab" + (" on" if on else ""),
                       data_view=vid or "board")
            b.setAttribute("role", "tab")
            b.setAttribute("aria-selected", "true" if on else "false")
            box.appendChild(b)

    def show_view(self, view: str) -> None:
        self.board_view = view
        self.session.clear_clicks()
        self.draw_board()

    @staticmethod
    def is_narrow() -> bool:
        """A phone-sized window: boards leave their text panel to the page."""
        return int(js.window.innerWidth) <= 700

    def draw_panel(self, compact: bool) -> None:
        """The board's side panel as text, on narrow screens (Game.panel)."""
        box = by_id("board-panel")
        if box is None:
            return
        clear(box)
        if not compact:
            return
        for sec in self.session.panel(self.lang, self.viewer()):
            box.appendChild(el("h3", {"text": sec["title"]}))
            # a line starting with two spaces belongs to the one above it (Game.panel)
            items = [el("li", {"text": line.strip(), "cls": "sub" if line.startswith("  ") else None})
                     for line in sec["lines"]]
            box.appendChild(el("ul", {}, *items))

    def on_resize(self, e=None) -> None:
        if self.screen == "play" and self.session is not None and by_id("board") is not None \
                and self.is_narrow() != self.compact:
            self.draw_board()

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
        if not interactive and not self.view_only and s.decider() is not None and s.hidden:
            # a position where someone else decides: only they may look at it
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

    def draw_status(self) -> None:
        s = self.session
        st = s.state
        box = by_id("status")
        if box is None:
            return
        if st.is_over():
            winners = st.winners()
            text = self.t("play.over") + " — " + (
                self.t("play.winner", names=", ".join(s.record.players[i] for i in winners)) if winners
                else self.t("play.draw"))
        else:
            detail = st.status(self.lang)
            text = detail or self.t("play.turn", name=s.record.players[st.to_play])
        box.textContent = text

    def draw_side(self) -> None:
        s = self.session
        st = s.state
        scores = by_id("scores")
        if scores is not None:
            clear(scores)
            scores.appendChild(self.score_table())
        result = by_id("result")
        if result is not None:
            clear(result)
            if st.is_over():
                result.appendChild(el("h2", {"text": self.t("result.title")}))
                for line in st.result_lines(self.lang):
                    result.appendChild(el("p", {"text": line}))
        box = by_id("history-note")  # in the side panel, so that it never moves the board
        if box is not None:
            key = "play.history" if self.interactive() else "play.history_hidden"
            box.textContent = self.t(key, ply=s.ply, total=s.total) if s.ply < s.total else ""

    def score_table(self):
        """The game's score table (``State.score_table``) for the eyes the
        page is drawn for: what each column means, the one to decide marked."""
        s = self.session
        st = s.state
        table = st.score_table(self.lang, self.viewer())
        tbl = el("table", {"cls": "score-table"}, el("caption", {"text": table["caption"] or self.t("play.score")}))
        if len(table["columns"]) > 2 or table["caption"]:
            tbl.appendChild(el("tr", {"cls": "head"}, *[el("th", {"text": c, "scope": "col"}) for c in table["columns"]]))
        for i, row in enumerate(table["rows"]):
            tbl.appendChild(el("tr", {"cls": "to-play" if st.to_play == i and not st.is_over() else ""},
                               el("th", {"text": row[0], "scope": "row"}),
                               *[el("td", {"text": cell}) for cell in row[1:]]))
        box = el("div", {}, tbl)
        for note in table.get("notes", []):
            box.appendChild(el("p", {"cls": "score-note", "text": note}))
        return box

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
        self.dialog(self.t("play.over"), el("p", {"cls": "winner", "text": head}), self.score_table(), lines,
                    actions)

    def new_after_result(self) -> None:
        """The result dialog's "New game": the dialog closes and the form
        starts from the players, seats and options of the game just played."""
        s = self.session
        box = by_id("dialog")
        if box is not None:
            box.close()
        self.new_like(s.game.id, self.record_values(s.record))

    def rematch(self) -> None:
        s = self.session
        r = s.record
        players = list(r.players[1:]) + list(r.players[:1])
        box = by_id("dialog")
        if box is not None:
            box.close()
        self.new_game(s.game.id, players, dict(r.options), None)

    def draw_moves(self) -> None:
        s = self.session
        ol = by_id("moves")
        if ol is None:
            return
        clear(ol)
        ol.appendChild(self.move_item(0, self.t("play.start")))
        viewer = self.viewer()
        for i in range(s.total):  # each move in words, for the eyes the page is drawn for
            ol.appendChild(self.move_item(i + 1, f"{i + 1}. {s.move_line(i, viewer, self.lang)}"))
        if q(".current", ol) is not None:
            # at the next frame: reading positions now would lay out the whole page, the board just
            # drawn included, once more before the frame does
            js.requestAnimationFrame(create_once_callable(lambda _t: self.scroll_moves()))

    def scroll_moves(self) -> None:
        """The current entry of the move list in the middle of the list's own view (scrollIntoView
        would also scroll the page, on a phone)."""
        ol = by_id("moves")
        cur = q(".current", ol) if ol is not None else None
        if cur is not None:
            ol.scrollTop = ol.scrollTop + cur.getBoundingClientRect().top - ol.getBoundingClientRect().top \
                - ol.clientHeight / 2

    def move_item(self, ply: int, text: str):
        cls = "current" if ply == self.session.ply else ""
        return el("li", {"data-ply": str(ply), "cls": cls, "tabindex": "0", "role": "button",
                         "aria-current": "step" if cls else None, "text": text})

    def on_moves_click(self, e) -> None:
        li = closest(e.target, "#moves li[data-ply]")
        if li is not None:
            self.nav(int(li.getAttribute("data-ply")))

    def nav(self, ply: int) -> None:
        self.session.goto(ply)
        self.after_nav()

    def after_nav(self) -> None:
        if self.save_id and not self.embed:
            self.autosave()
        self.refresh()

    def undo(self) -> None:
        self.nav(self.session.ply - 1)

    def redo(self) -> None:
        self.nav(self.session.ply + 1)

    def reveal(self) -> None:
        """The player who decides at the position shown says they hold the
        device: the page now shows what they may see."""
        self.holder = self.session.decider()
        self.refresh()
        js.window.scrollTo(0, 0)  # the turn starts at the top: whose turn, then the board (also on a phone)

    def restore_replaced(self) -> None:
        s = self.session
        if s.restore_replaced():
            self.holder = s.holder_after_move(self.holder)
            if not self.embed:
                self.autosave()
        self.refresh()

    def on_board_click(self, e) -> None:
        if not e.target.isConnected or closest(e.target, "#board svg") is None:
            return  # a click on the pass screen's buttons, or on a board drawn anew by its own handler
        node = closest(e.target, "[data-target]")
        if e.isTrusted and e.detail > 0:  # a real click or tap (not a synthetic one): forgive small misses
            near = self.target_near(e.clientX, e.clientY)
            if near is not None:
                node = near
        if node is None:
            return
        self.on_target(str(node.getAttribute("data-target")))

    @staticmethod
    def target_near(x: float, y: float, least: float = 24.0):
        """The highlighted target a tap at (x, y) means: each target's box
        counts as at least ``least`` pixels each way (a thin palisade slot or
        a small castle on a phone), and where boxes overlap the smallest
        target wins, so that a thin one next to a big one stays reachable."""
        best, best_area = None, None
        for t in by_id("board").querySelectorAll(".target[data-target]"):
            r = t.getBoundingClientRect()
            w, h = float(r.width), float(r.height)
            gx, gy = max(0.0, (least - w) / 2), max(0.0, (least - h) / 2)
            if r.left - gx <= x <= r.right + gx and r.top - gy <= y <= r.bottom + gy:
                area = w * h
                if best_area is None or area < best_area:
                    best, best_area = t, area
        return best

    def on_target(self, target: str) -> None:
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
            played = self.session.click(target)
        except Exception as err:  # an engine bug must not freeze the page
            traceback.print_exc()
            self.flash(self.t("err.internal", msg=str(err)))
            self.session.clear_clicks()
            played = None
        self.after_click(played)

    def play_as_is(self) -> None:
        self.after_click(self.session.play_as_is())

    def cancel_clicks(self) -> None:
        self.session.clear_clicks()
        self.draw_board()

    def after_click(self, played) -> None:
        if played is None:
            self.draw_board()
            return
        if self.session.state.is_over() and not self.embed:
            js.setTimeout(create_proxy(lambda: self.show_result() if self.session.state.is_over() else None), 400)
        self.holder = self.session.holder_after_move(self.holder)
        self.board_view = ""  # after a move, the board where the next one is played
        replaced = self.session.replaced
        if replaced is not None and replaced[0] == self.session.ply - 1 and not self.embed \
                and not self.session.replaced_own:  # taking back one's own turn is no news
            self.flash(self.t("play.replaced", n=len(replaced[1])), "info")
        if not self.embed:
            self.autosave()
        self.refresh()
