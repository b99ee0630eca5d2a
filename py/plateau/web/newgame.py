"""The new-game screen: players, rules options and seed; starting and resuming
a game (the controller opens it: :mod:`plateau.web.controller`)."""

from __future__ import annotations

import js

from plateau.core.i18n import pick
from plateau.core.record import RecordError
from plateau.core.registry import get_game

from .dom import button, by_id, clear, el, listen, nn, q
from .view import View


class PageSetupHost:
    """The page, as a game's own setup screen sees it (:class:`plateau.core.setup.SetupHost`)."""

    def __init__(self, view: "NewGameView", game) -> None:
        self.view = view
        self.game = game
        self.lang = view.lang
        self.el, self.button, self.listen, self.q, self.clear = el, button, listen, q, clear

    def text(self, key: str, **kw) -> str:
        return self.view.t(key, **kw)

    def seat_kinds(self) -> list[tuple[str, str]]:
        return self.view.app.computer.seat_kinds(self.game.id)

    @staticmethod
    def fire(node, event: str) -> None:
        node.dispatchEvent(js.Event.new(event))

    def start(self, names: list[str], options: dict, seed: int | None) -> None:
        self.view.new_game(self.game.id, names, options, seed)

    def cancel(self) -> None:
        self.view.app.show_home()

    def say(self, text: str, fresh: bool = False) -> None:
        if fresh:
            self.view.app.forget_messages()
        self.view.flash(text)


class NewGameView(View):
    """The new-game form; starting a game asks the controller (``self.ctl``)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.gid = ""  # the game whose new-game form is shown
        self.setup_form = None  # the game's own setup screen, when it has one (Game.setup_screen)

    def show_new(self, gid: str, values: list | None = None) -> None:
        """The new-game form of ``gid``; ``values`` (see :meth:`form_values`)
        fill it: what was typed before a language switch, or the players,
        seats and options of the game just finished."""
        self.build_form(gid)
        try:
            self.app.computer.add_seat_kinds(gid)  # human or computer, per seat
        finally:
            self.restore_form(values or [])

    def build_form(self, gid: str) -> None:
        g = get_game(gid)
        self.gid = gid
        self.app.remember("new", game=gid)
        clear(self.root)
        self.root.appendChild(self.app.header())
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        screen = g.setup_screen()
        if screen is not None:  # a game whose setup is more than players and options
            self.setup_form = screen(PageSetupHost(self, g), g)
            self.root.appendChild(el("main", {"cls": "new-main"}, self.setup_form.build()))
            node = by_id("player-count")
            if node is not None:
                node.focus()
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
            form.appendChild(self.options_box(g, form))
        form.appendChild(el("details", {"cls": "seed"}, el("summary", {"text": self.t("new.seed")}),
                            el("input", {"name": "seed", "inputmode": "numeric", "pattern": "[0-9]*",
                                         "autocomplete": "off"})))
        form.appendChild(el("div", {"cls": "actions"},
                            el("button", {"type": "submit", "cls": "primary", "text": self.t("new.start")}),
                            button(self.t("new.cancel"), self.app.show_home)))
        count_sel = q("#player-count", form)
        if count_sel is not None:
            listen(count_sel, "change", lambda e: self.update_applies(g, form))

        def submit(e):
            e.preventDefault()
            names = [str(i.value).strip()[:40] for i in names_box.querySelectorAll("input")]
            if not all(names):
                self.flash(self.t("new.name_empty"))
                return
            chosen = self.chosen_options(g, form)
            options = {o.id: chosen[o.id] for o in g.options if o.id in chosen and o.applies(len(names), chosen)}
            seed_raw = str(q('[name="seed"]', form).value).strip()
            seed = int(seed_raw) % (2**64) if seed_raw.isdigit() else None
            self.new_game(gid, names, options, seed)

        listen(form, "submit", submit)
        self.root.appendChild(el("main", {"cls": "new-main"}, form))
        self.update_applies(g, form)

    def options_box(self, g, form):
        """The game's rules options, one select each (those that do not apply are hidden)."""
        opts = el("fieldset", {"cls": "options"}, el("legend", {"text": self.t("new.options")}))
        for o in g.options:
            sel = el("select", {"name": "opt:" + o.id, "data-option": o.id})
            for value, label in o.choices.items():
                node = el("option", {"value": str(value), "text": pick(label, self.lang)})
                if value == o.default:
                    node.setAttribute("selected", "")
                sel.appendChild(node)
            listen(sel, "change", lambda e: self.update_applies(g, form))
            # the choice in full under its select when the select is too narrow to show it all
            full = el("small", {"cls": "opt-choice", "data-choice-for": o.id, "aria-hidden": "true"})
            row = el("label", {"data-option-row": o.id}, el("span", {"text": pick(o.label, self.lang)}), sel,
                     full)
            if o.help:
                row.appendChild(el("small", {"text": pick(o.help, self.lang)}))
            opts.appendChild(row)
        return opts

    @staticmethod
    def chosen_options(g, form) -> dict:
        """The options' values as the form's selects have them (option id -> value)."""
        out = {}
        for o in g.options:
            node = q(f'[data-option="{o.id}"]', form)
            raw = str(node.value) if node is not None else str(o.default)
            for value in o.choices:
                if str(value) == raw:
                    out[o.id] = value
        return out

    def update_applies(self, g, form) -> None:
        """Show only the options that mean something for the player count and
        the other options chosen (``Option.when``); a hidden one keeps its default."""
        count = q("#player-count", form)
        n = int(count.value) if count is not None else g.min_players
        chosen = self.chosen_options(g, form)
        for o in g.options:
            row = q(f'[data-option-row="{o.id}"]', form)
            if row is not None:
                row.hidden = not o.applies(n, chosen)
                if not row.hidden:
                    self.show_choice_in_full(q("select", row), q(".opt-choice", row))

    @staticmethod
    def show_choice_in_full(sel, note) -> None:
        """A select shows its choice on one line, cut when it is longer than
        the select: then the whole text is written under it."""
        if sel is None or note is None or sel.selectedIndex < 0:
            return
        text = str(sel.options.item(sel.selectedIndex).text)
        probe = el("span", {"text": text})
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap"
        probe.style.font = js.getComputedStyle(sel).font
        sel.parentElement.appendChild(probe)
        room = float(sel.clientWidth) - 36  # the select's padding and its arrow
        cut = float(probe.getBoundingClientRect().width) > room
        probe.remove()
        note.textContent = text if cut else ""
        note.hidden = not cut

    # -- what the form holds, kept across a redraw (language) or given by a finished game ------------
    @staticmethod
    def form_values() -> list:
        """Every field of the new-game form as ``(key, value)`` in page order:
        inputs and selects by name, the seat choices as ``seat:<i>``."""
        form = q("#new-game")
        if form is None:
            return []
        out = []
        for node in form.querySelectorAll("input, select"):
            seat = nn(node.getAttribute("data-seat"))
            key = f"seat:{seat}" if seat is not None else str(nn(node.getAttribute("name")) or "")
            if key and str(node.type) != "file":
                out.append((key, bool(node.checked) if str(node.type) == "checkbox" else str(node.value)))
        return out

    @staticmethod
    def record_values(record) -> list:
        """The form's fields for a new game like ``record``: its players (and
        their seats: human or computer and level) and its rules options."""
        from plateau.core.game import SEATS_OPTION

        from .controller import seats_of

        out = [("count", str(len(record.players)))]
        out += [(f"player{i}", name) for i, name in enumerate(record.players)]
        seats = seats_of(record.options, len(record.players))
        out += [(f"seat:{i}", seats.get(i, "human")) for i in range(len(record.players))]
        out += [(f"opt:{k}", str(v)) for k, v in record.options.items() if k != SEATS_OPTION]
        return out

    def restore_form(self, values: list) -> None:
        """Put ``values`` (from :meth:`form_values`) back in the form: the
        player count first (it rebuilds the rows), then every other field."""
        form = q("#new-game")
        if form is None or not values:
            return
        change = js.Event.new("change")

        def node_for(key):
            if key.startswith("seat:"):
                return q(f'select[data-seat="{key[5:]}"]', form)
            return q(f'[name="{key}"]', form) if key.replace(":", "").replace("_", "").isalnum() else None

        def choose(node, value) -> bool:  # a select takes only one of its options
            old = str(node.value)
            node.value = value
            if str(node.value) != value:
                node.value = old
                return False
            return True

        for key, value in values:
            if key == "count":
                node = node_for(key)
                if node is not None and choose(node, value):
                    node.dispatchEvent(change)
        for key, value in values:
            node = node_for(key)
            if key == "count" or node is None:
                continue
            if isinstance(value, bool):
                node.checked = value
            elif str(node.tagName).lower() == "select":
                if choose(node, value):
                    node.dispatchEvent(change)
            else:
                node.value = value

    def new_game(self, gid, names, options, seed, save: bool = True, computers: dict | None = None) -> None:
        """Start a game of ``gid`` (the seats the computer plays, ``computers``
        or the form's, go in its record) and show it."""
        seats = (dict(computers) if computers is not None
                 else self.app.computer.form_seats() if self.app.screen == "new" else {})
        self.ctl.new_game(gid, names, options, seed, lambda n: self.t("new.player", n=n), seats, save)
        self.app.forget_messages()
        self.app.play.show_play()
        self.app.play.focus_board()

    def resume(self, entry: str, quiet: bool = False) -> bool:
        """Show the saved game ``entry``; False when it cannot be opened."""
        try:
            if not self.ctl.resume(entry):
                return False
        except (RecordError, ValueError, KeyError, TypeError) as e:
            if not quiet:
                self.flash(self.app.record_error(e) if isinstance(e, RecordError)
                           else self.t("saved.corrupt", entry=entry))
            return False
        self.app.forget_messages()
        self.app.play.show_play()
        return True
