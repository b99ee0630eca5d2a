"""The new-game screen: players, rules options and seed; starting, resuming and
saving a game."""

from __future__ import annotations

import importlib
import secrets
import traceback

import js

from plateau.core.i18n import pick
from plateau.core.record import Record, RecordError, encode
from plateau.core.registry import get_game

from .dom import button, clear, el, listen, q
from .session import Session
from .store import Store, StoreConflict, StoreFull, StoreUnavailable


#: games whose new-game screen is their own (a module of this package with ``show(app, game)``):
#: the Arkhanis tournament's organiser sets participants, tables and the schedule of events
SETUP_SCREENS = {"arkhanis": "plateau.web.setup_arkhanis"}


class NewGameScreen:
    """Methods of :class:`~plateau.web.app.App` (it holds the shared state)."""

    def show_new(self, gid: str) -> None:
        g = get_game(gid)
        self.screen = "new"
        self.remember("new", game=gid)
        clear(self.root)
        self.root.appendChild(self.header())
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        if gid in SETUP_SCREENS:  # a game whose setup is more than players and options
            importlib.import_module(SETUP_SCREENS[gid]).show(self, g)
            return
        form = el("form", {"cls": "new-game", "id": "new-game"})
        form.appendChild(el("h2", {"text": self.t("new.title", game=g.name(self.lang))}))
        names_box = el("fieldset", {"cls": "players"}, el("legend", {"text": self.t("new.players")}))
        defaults = pick(g.seat_names, self.lang) if g.seat_names else []

        def fill(n: int) -> None:
            old = [str(i.value) for i in names_box.querySelectorAll("input")]
            for node in list(names_box.querySelectorAll("label")):
                node.remove()
            for i in range(n):
                value = old[i] if i < len(old) else (defaults[i] if i < len(defaults) else self.t("new.player", n=i + 1))
                names_box.appendChild(el("label", {}, el("span", {"text": self.t("new.player", n=i + 1)}),
                                         el("input", {"name": f"player{i}", "value": value, "maxlength": "40",
                                                      "required": True, "autocomplete": "off"})))

        if g.min_players != g.max_players:
            sel = el("select", {"name": "count", "id": "player-count"})
            for n in range(g.min_players, g.max_players + 1):
                sel.appendChild(el("option", {"value": str(n), "text": str(n)}))
            listen(sel, "change", lambda e: fill(int(e.target.value)))
            form.appendChild(el("label", {"cls": "count"}, el("span", {"text": self.t("new.count")}), sel))
        form.appendChild(names_box)
        fill(g.min_players)
        if g.options:
            opts = el("fieldset", {"cls": "options"}, el("legend", {"text": self.t("new.options")}))
            for o in g.options:
                sel = el("select", {"name": "opt:" + o.id, "data-option": o.id})
                for value, label in o.choices.items():
                    node = el("option", {"value": str(value), "text": pick(label, self.lang)})
                    if value == o.default:
                        node.setAttribute("selected", "")
                    sel.appendChild(node)
                row = el("label", {}, el("span", {"text": pick(o.label, self.lang)}), sel)
                if o.help:
                    row.appendChild(el("small", {"text": pick(o.help, self.lang)}))
                opts.appendChild(row)
            form.appendChild(opts)
        form.appendChild(el("details", {"cls": "seed"}, el("summary", {"text": self.t("new.seed")}),
                            el("input", {"name": "seed", "inputmode": "numeric", "pattern": "[0-9]*",
                                         "autocomplete": "off"})))
        form.appendChild(el("div", {"cls": "actions"},
                            el("button", {"type": "submit", "cls": "primary", "text": self.t("new.start")}),
                            button(self.t("new.cancel"), self.show_home)))

        def submit(e):
            e.preventDefault()
            names = [str(i.value).strip()[:40] for i in names_box.querySelectorAll("input")]
            if not all(names):
                self.flash(self.t("new.name_empty"))
                return
            options = {}
            for o in g.options:
                raw = str(q(f'[data-option="{o.id}"]', form).value)
                for value in o.choices:
                    if str(value) == raw:
                        options[o.id] = value
            seed_raw = str(q('[name="seed"]', form).value).strip()
            seed = int(seed_raw) % (2**64) if seed_raw.isdigit() else None
            self.new_game(gid, names, options, seed)

        listen(form, "submit", submit)
        self.root.appendChild(form)

    def new_game(self, gid, names, options, seed, save: bool = True) -> None:
        g = get_game(gid)
        if names is None:
            defaults = pick(g.seat_names, self.lang) if g.seat_names else []
            names = [defaults[i] if i < len(defaults) else self.t("new.player", n=i + 1)
                     for i in range(g.min_players)]
        if seed is None:
            seed = secrets.randbits(48)
        record = Record(gid, g.full_options(options), seed, list(names), [])
        self.session = Session(record)
        self.holder = None
        self.board_view = ""
        self.save_rev = None
        self.save_trouble = ""
        if save:
            self.save_id = Store.new_id()
            self.save_name = f"{g.name(self.lang)} — {', '.join(names)}"[:80]
            self.autosave()
        else:
            self.save_id = None
        self.messages = []
        self.show_play()
        self.focus_board()

    def resume(self, gid: str, quiet: bool = False) -> bool:
        try:
            sg = self.store.get(gid)
            if sg is None:
                return False
            session = Session(sg.record, self.lang)
        except (RecordError, ValueError, KeyError, TypeError) as e:
            if not quiet:
                self.flash(self.record_error(e) if isinstance(e, RecordError) else self.t("saved.corrupt", entry=gid))
            return False
        self.session = session
        self.save_id = gid
        self.save_name = sg.name
        self.save_rev = sg.rev
        self.save_trouble = ""
        self.holder = None
        self.board_view = ""
        self.messages = []
        self.show_play()
        return True

    def autosave(self) -> None:
        if self.session is None or self.embed:
            return
        if self.save_id is None:
            self.save_id, self.save_rev = Store.new_id(), None
            g = self.session.game
            self.save_name = f"{g.name(self.lang)} — {', '.join(self.session.record.players)}"[:80]
            if str(js.location.hash or "").startswith("#g="):
                js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
            unsaved = self.t("play.unsaved")
            if any(m[1] == unsaved for m in self.messages):
                self.messages = [m for m in self.messages if m[1] != unsaved]
                self.draw_messages()
        rec = self.session.snapshot()
        self.save_tracked(rec)

    def save_tracked(self, rec) -> None:
        """Save the game on screen, never over newer moves of another tab;
        when it cannot be saved, say so once and offer a way to keep it."""
        try:
            self.save_rev = self.store.save(self.save_id, self.save_name, rec, self.session.state.is_over(),
                                            rev=self.save_rev)
        except StoreConflict as c:
            self.on_conflict(c.stored)
            return
        except StoreFull:
            self.keep_in_link(rec)
            if self.save_trouble != "quota":
                self.save_trouble = "quota"
                self.messages.append(("error", self.t("err.quota_play"),
                                      ("export", self.t("play.export"), self.export_current)))
                self.draw_messages()
            return
        except StoreUnavailable:
            self.keep_in_link(rec)
            if self.save_trouble != "storage":
                self.save_trouble = "storage"
                self.flash(self.t("err.storage"))
            return
        if self.save_trouble:
            self.save_trouble = ""
            self.messages = [m for m in self.messages if m[1] != self.t("err.quota_play")]
            if str(js.location.hash or "").startswith("#g="):
                js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
            self.flash(self.t("ok.saved_again"), "info")
        self.store.set_setting("current", self.save_id)

    def keep_in_link(self, rec) -> None:
        """Storage refused the game: keep it in the page address, so that a
        reload opens it again from there."""
        try:
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search)
                                    + "#g=" + encode(rec))
        except Exception:
            traceback.print_exc()
