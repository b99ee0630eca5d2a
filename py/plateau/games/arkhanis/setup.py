"""The organiser's setup of an Arkhanis tournament (seed 001, rules notes
§3.1–3.2), in place of the generic new-game form: participants (name,
height, human or computer), tables (board, number of seats, content; seat
numbers running on from table to table), the free seats that follow, and the
event of every turn (fixed, or drawn by Plateau and hidden until its turn).

It writes what the engine reads (``Arkhanis.full_options``): the text
options ``tables``, ``heights`` and ``schedule`` and the usual options. Every
mistake is said next to its field, in French or English, before the engine
is asked; nothing typed is lost.

The tournament's own screen (``Arkhanis.setup_screen``): pure Python, it
builds the form with the elements the page hands it
(:class:`~plateau.core.setup.SetupHost`) and imports nothing of the browser.
"""

from __future__ import annotations

import traceback

from plateau.core.game import RulesError
from plateau.core.i18n import tr
from plateau.core.record import RecordError

from . import events as E
from .catalogue import event_name
from .tournament import TURNS, deal_counts, layout_for, tile_total

KINDS = ("classic", "underground", "random")
CONTENTS = ("base", "underground", "mixed")
DEFAULT_CONTENT = {"classic": "base", "underground": "underground", "random": "mixed"}
DEFAULT_COUNT = 6
MIN_H, MAX_H = 50, 250

CATALOGUE = {
    "fr": {
        "intro": "Réglez le tournoi comme l'organisateur : participants, tables, événements. "
                 "Les réglages proposés suffisent pour commencer tout de suite.",
        "people": "Participants",
        "count": "Nombre de participants",
        "participant": "Participant {n}",
        "name": "Nom",
        "height": "Taille (cm)",
        "height.help": "La taille départage les égalités d'enchères : le plus petit gagne. Laissez toutes les "
                       "tailles vides si vous ne les connaissez pas : la place la plus basse gagne alors.",
        "kind": "Joué par",
        "tables": "Tables",
        "table": "Table {t}",
        "table.seats_range": "places {a} à {b}",
        "table.board": "Plateau",
        "table.nseats": "Places",
        "table.content": "Peuples et pouvoirs",
        "table.remove": "Retirer",
        "table.remove_label": "Retirer la table {t}",
        "table.add": "Ajouter une table",
        "table.auto": "Répartir automatiquement",
        "wish": "Places libres voulues (répartition automatique)",
        "board.classic": "Small World", "board.underground": "Small World Underground",
        "board.random": "Plateau aléatoire (Chevalier d'or, Abominable Chose des neiges)",
        "content.base": "ceux de Small World", "content.underground": "ceux d'Underground",
        "content.mixed": "les deux jeux mélangés",
        "summary": "{seats} places · {n} participants · {free} {free:@place libre|places libres}",
        "tiles.table": "Lieux et reliques : {k} {k:@tuile|tuiles} face cachée sous ses Monstres",
        "tiles.reserve": "Réserve du tournoi : {k} {k:@tuile|tuiles}, où piochent le Chevalier d'Or et le Machin "
                         "des Neiges des plateaux aléatoires.",
        "tiles.hidden": "Les {total} lieux et reliques sont mélangés face cachée au début du tournoi : personne ne "
                        "sait laquelle est où, l'organisateur non plus.",
        "tiles.unreachable": "Aucune table n'a de plateau aléatoire, donc ni Chevalier d'Or ni Machin des Neiges : "
                             "la réserve ({k} {k:@tuile|tuiles}) restera hors de portée pendant tout le tournoi. "
                             "Le tournoi peut commencer ainsi ; pour mettre la réserve en jeu, choisissez "
                             "« Plateau aléatoire » pour une table.",
        "summary.help": "Les numéros de place se suivent d'une table à l'autre. Changer le nombre de "
                        "participants refait la répartition.",
        "events": "Événements",
        "events.help": "Un événement par tour, révélé au début de son tour et caché jusque-là. Il faut au moins "
                       "une enchère dans le tournoi : si vous n'en fixez aucune, Plateau en tire une.",
        "turn": "Tour {n}",
        "ev.drawn": "Tiré par Plateau (caché)",
        "events.all_drawn": "Tout tirer par Plateau",
        "events.about": "Les événements et leur effet",
        "events.no_events": "Aucun événement",
        "err.name_empty": "Ce participant a besoin d'un nom.",
        "err.name_twice": "Deux participants s'appellent « {name} » : donnez-leur des noms différents.",
        "err.height": "Une taille en centimètres, un nombre entier de {lo} à {hi}.",
        "err.height_missing": "Donnez la taille de chaque participant, ou n'en donnez aucune.",
        "err.no_free": "Il faut au moins une place libre : {seats} places pour {n} participants. "
                       "Ajoutez une table ou des places.",
        "err.two_tables": "Un tournoi se joue sur au moins 2 tables.",
        "err.too_free": "Trop de places libres : chaque table doit pouvoir asseoir au moins 2 participants. "
                        "Retirez une table ou des places.",
        "err.content.base": "Les peuples et pouvoirs de Small World ne sont sur aucune table : choisissez « ceux "
                            "de Small World » ou « les deux jeux mélangés » pour au moins une table.",
        "err.content.underground": "Les peuples et pouvoirs d'Underground ne sont sur aucune table : choisissez "
                                   "« ceux d'Underground » ou « les deux jeux mélangés » pour au moins une table.",
        "err.form": "Le tournoi ne peut pas commencer : corrigez ce qui est signalé en rouge.",
        "err.engine": "Le tournoi ne peut pas commencer avec ces réglages ({detail}).",
    },
    "en": {
        "intro": "Set the tournament up as its organiser: participants, tables, events. "
                 "The settings offered are enough to start straight away.",
        "people": "Participants",
        "count": "Number of participants",
        "participant": "Participant {n}",
        "name": "Name",
        "height": "Height (cm)",
        "height.help": "Height breaks auction ties: the shortest wins. Leave every height empty if you do not "
                       "know them: the lowest seat number wins then.",
        "kind": "Played by",
        "tables": "Tables",
        "table": "Table {t}",
        "table.seats_range": "seats {a} to {b}",
        "table.board": "Board",
        "table.nseats": "Seats",
        "table.content": "Races and powers",
        "table.remove": "Remove",
        "table.remove_label": "Remove table {t}",
        "table.add": "Add a table",
        "table.auto": "Share out automatically",
        "wish": "Free seats wanted (automatic share-out)",
        "board.classic": "Small World", "board.underground": "Small World Underground",
        "board.random": "Random board (Golden Knight, Abominable Snow Thing)",
        "content.base": "those of Small World", "content.underground": "those of Underground",
        "content.mixed": "both games mixed",
        "summary": "{seats} seats · {n} participants · {free} free {free:@seat|seats}",
        "tiles.table": "Places and relics: {k} face-down {k:@tile|tiles} under its Monsters",
        "tiles.reserve": "Tournament reserve: {k} {k:@tile|tiles}, drawn by the Golden Knight and the Snow Thing "
                         "of the random boards.",
        "tiles.hidden": "The {total} places and relics are shuffled face down when the tournament starts: nobody "
                        "knows which is where, the organiser neither.",
        "tiles.unreachable": "No table has a random board, so there is no Golden Knight nor Snow Thing: "
                             "the reserve ({k} {k:@tile|tiles}) stays out of reach for the whole tournament. "
                             "The tournament can start like this; to bring the reserve into play, choose "
                             "“Random board” for a table.",
        "summary.help": "Seat numbers run on from one table to the next. Changing the number of participants "
                        "shares the tables out again.",
        "events": "Events",
        "events.help": "One event per turn, revealed at the start of its turn and hidden until then. The "
                       "tournament needs at least one auction: if you fix none, Plateau draws one.",
        "turn": "Turn {n}",
        "ev.drawn": "Drawn by Plateau (hidden)",
        "events.all_drawn": "Let Plateau draw them all",
        "events.about": "The events and what they do",
        "events.no_events": "No events",
        "err.name_empty": "This participant needs a name.",
        "err.name_twice": "Two participants are called “{name}”: give them different names.",
        "err.height": "A height in centimetres, a whole number from {lo} to {hi}.",
        "err.height_missing": "Give every participant's height, or none.",
        "err.no_free": "At least one seat must stay free: {seats} seats for {n} participants. "
                       "Add a table or seats.",
        "err.two_tables": "A tournament is played on at least 2 tables.",
        "err.too_free": "Too many free seats: every table must be able to seat at least 2 participants. "
                        "Remove a table or seats.",
        "err.content.base": "The races and powers of Small World are on no table: choose “those of Small World” "
                            "or “both games mixed” for at least one table.",
        "err.content.underground": "The races and powers of Underground are on no table: choose “those of "
                                   "Underground” or “both games mixed” for at least one table.",
        "err.form": "The tournament cannot start: fix what is marked in red.",
        "err.engine": "The tournament cannot start with these settings ({detail}).",
    },
}


def auto_tables(n: int, wish: int) -> list[dict]:
    """The engine's default share-out for ``n`` participants, with as many of
    the ``wish``-ed free seats (at least 1) as tables of 2–5 seats allow."""
    for free in range(max(1, wish), 0, -1):
        try:
            return [{"board": t["board"], "seats": len(t["seats"]), "content": t["content"]}
                    for t in layout_for(n, free)]
        except RulesError:
            continue
    return [{"board": "classic", "seats": 5, "content": "base"}, {"board": "underground", "seats": 5,
                                                                  "content": "underground"}]


def tables_text(tables: list[dict]) -> str:
    """The ``tables`` option: ``kind[/content]:first-last``, seat numbers running on from 1."""
    out, seat = [], 1
    for t in tables:
        c = "" if t["content"] == DEFAULT_CONTENT[t["board"]] else "/" + t["content"]
        out.append(f'{t["board"]}{c}:{seat}-{seat + t["seats"] - 1}')
        seat += t["seats"]
    return ";".join(out)


def table_problems(tables: list[dict], n: int) -> list[str]:
    """What is wrong with these tables for ``n`` participants (message keys)."""
    seats = sum(t["seats"] for t in tables)
    out = []
    if len(tables) < 2:
        out.append("err.two_tables")
    if seats - n < 1:
        out.append("err.no_free")
    elif sum(t["seats"] - 2 for t in tables) < seats - n:
        out.append("err.too_free")
    covered = set()
    for t in tables:
        covered |= {"base": {"base"}, "underground": {"underground"}, "mixed": {"base", "underground"}}[t["content"]]
    for part in ("base", "underground"):
        if part not in covered:
            out.append("err.content." + part)
    return out


def schedule_options(choices: list[str]) -> dict:
    """The options for a schedule of ``choices`` (event ids or ``drawn``):
    all drawn → Plateau draws every event; all ``none`` → no events;
    otherwise the ``schedule`` text."""
    if all(c == E.DRAWN for c in choices):
        return {"events": "drawn"}
    if all(c == "none" for c in choices):
        return {"events": "none"}
    return {"schedule": ",".join(choices)}


class SetupForm:
    """The form on the page; ``host`` is the page (:class:`~plateau.core.setup.SetupHost`)."""

    def __init__(self, host, game) -> None:
        self.host = host
        self.g = game
        self.kinds = host.seat_kinds()  # human or computer (and its level), per participant
        self.tables = auto_tables(DEFAULT_COUNT, 4)
        self.wish = 4

    def t(self, key, **kw):
        return tr(CATALOGUE, self.host.lang, key, **kw)

    # -- building ---------------------------------------------------------------
    def build(self):
        host = self.host
        el, button, listen = host.el, host.button, host.listen
        form = el("form", {"cls": "new-game ak-setup", "id": "new-game", "novalidate": True})
        form.appendChild(el("h2", {"text": host.text("new.title", game=self.g.name(host.lang))}))
        form.appendChild(el("p", {"cls": "intro", "text": self.t("intro")}))
        form.appendChild(self.people_box())
        form.appendChild(self.tables_box())
        form.appendChild(self.events_box())
        form.appendChild(el("details", {"cls": "seed"}, el("summary", {"text": host.text("new.seed")}),
                            el("input", {"name": "seed", "inputmode": "numeric", "pattern": "[0-9]*",
                                         "autocomplete": "off"})))
        form.appendChild(el("div", {"cls": "actions"},
                            el("button", {"type": "submit", "cls": "primary", "text": host.text("new.start")}),
                            button(host.text("new.cancel"), host.cancel)))
        listen(form, "submit", self.submit)
        self.form = form
        self.fill(DEFAULT_COUNT)
        self.draw_tables()
        return form

    def people_box(self):
        el, listen = self.host.el, self.host.listen
        box = el("fieldset", {"cls": "ak-people"}, el("legend", {"text": self.t("people")}))
        sel = el("select", {"name": "count", "id": "player-count"})
        for n in range(self.g.min_players, self.g.max_players + 1):
            sel.appendChild(el("option", {"value": str(n), "text": str(n), "selected": n == DEFAULT_COUNT}))
        listen(sel, "change", lambda e: self.on_count(int(e.target.value)))
        box.appendChild(el("label", {"cls": "count"}, el("span", {"text": self.t("count")}), sel))
        box.appendChild(el("p", {"cls": "help", "text": self.t("height.help")}))
        self.rows = el("ol", {"cls": "ak-rows"})
        box.appendChild(self.rows)
        return box

    def fill(self, n: int) -> None:
        """``n`` participant rows, keeping what was typed in the others."""
        el, q, clear = self.host.el, self.host.q, self.host.clear
        old = [(str(q(f'[name="player{i}"]', r).value), str(q(f'[name="height{i}"]', r).value),
                str(q("select.seat-kind", r).value) if q("select.seat-kind", r) is not None else "human")
               for i, r in enumerate(self.rows.querySelectorAll("li"))]
        clear(self.rows)
        for i in range(n):
            name, height, kind = old[i] if i < len(old) else (self.t("participant", n=i + 1), "", "human")
            row = el("li", {"cls": "ak-person", "data-row": str(i)},
                     el("label", {"cls": "ak-name"}, el("span", {"cls": "sr", "text": self.t("name")}),
                        el("input", {"name": f"player{i}", "value": name, "maxlength": "40",
                                     "autocomplete": "off", "aria-label": self.t("participant", n=i + 1)})),
                     el("label", {"cls": "ak-height"}, el("span", {"text": self.t("height")}),
                        el("input", {"name": f"height{i}", "value": height, "inputmode": "numeric",
                                     "maxlength": "3", "autocomplete": "off", "placeholder": "cm",
                                     "aria-label": self.t("height") + " — " + self.t("participant", n=i + 1)})))
            if self.kinds:
                sel = el("select", {"cls": "seat-kind", "data-seat": str(i), "aria-label": self.t("kind")})
                for value, label in self.kinds:
                    sel.appendChild(el("option", {"value": value, "text": label,
                                                  "selected": value == kind and value != "human"}))
                row.appendChild(sel)
            row.appendChild(el("span", {"cls": "field-error", "data-error-for": f"player{i}", "role": "alert"}))
            self.rows.appendChild(row)

    def on_count(self, n: int) -> None:
        self.fill(n)
        self.tables = auto_tables(n, self.wish)
        self.draw_tables()

    def tables_box(self):
        el, button, listen = self.host.el, self.host.button, self.host.listen
        box = el("fieldset", {"cls": "ak-tables"}, el("legend", {"text": self.t("tables")}))
        wish = el("select", {"name": "wish", "id": "free-wish"})
        for k in (4, 3, 2, 1):
            wish.appendChild(el("option", {"value": str(k), "text": str(k), "selected": k == self.wish}))

        def on_wish(e):
            self.wish = int(e.target.value)
            self.tables = auto_tables(self.count(), self.wish)
            self.draw_tables()

        listen(wish, "change", on_wish)
        box.appendChild(el("label", {"cls": "wish"}, el("span", {"text": self.t("wish")}), wish))
        self.summary = el("p", {"cls": "ak-summary", "id": "ak-summary", "aria-live": "polite"})
        box.appendChild(self.summary)
        box.appendChild(el("p", {"cls": "help", "text": self.t("summary.help")}))
        self.table_list = el("ol", {"cls": "ak-table-list"})
        box.appendChild(self.table_list)
        # the places and relics: how many each board gets and the reserve, never which (dealt at the start)
        self.tiles_note = el("p", {"cls": "ak-tiles-note", "id": "ak-tiles", "aria-live": "polite"})
        box.appendChild(self.tiles_note)
        opt = next(o for o in self.g.options if o.id == "knight_discards")
        sel = el("select", {"name": "knight_discards", "id": "knight-discards"})
        for value, label in opt.choices.items():
            sel.appendChild(el("option", {"value": value, "text": label[self.host.lang],
                                          "selected": value == opt.default}))
        box.appendChild(el("label", {"cls": "ak-discards"}, el("span", {"text": opt.label[self.host.lang]}), sel))
        box.appendChild(el("p", {"cls": "field-error", "data-error-for": "tables", "role": "alert"}))
        box.appendChild(el("div", {"cls": "row-actions"},
                           button(self.t("table.add"), self.add_table, data_action="add-table"),
                           button(self.t("table.auto"), self.auto, data_action="auto-tables")))
        return box

    def keep(self, other: "SetupForm") -> None:
        """The tables and free-seat wish of ``other`` (the same form drawn in
        the other language)."""
        q = self.host.q
        self.tables = [dict(t) for t in other.tables]
        self.wish = other.wish
        wish = q("#free-wish", self.form)
        if wish is not None:
            wish.value = str(self.wish)
        self.draw_tables()

    def count(self) -> int:
        return len(self.rows.querySelectorAll("li"))

    def add_table(self) -> None:
        kind = KINDS[len(self.tables) % 2]
        self.tables.append({"board": kind, "seats": 4, "content": DEFAULT_CONTENT[kind]})
        self.draw_tables()

    def auto(self) -> None:
        self.tables = auto_tables(self.count(), self.wish)
        self.draw_tables()

    def draw_tables(self) -> None:
        el, button, clear = self.host.el, self.host.button, self.host.clear
        clear(self.table_list)
        seat = 1
        for i, tb in enumerate(self.tables):
            a, b = seat, seat + tb["seats"] - 1
            seat = b + 1
            li = el("li", {"cls": "ak-table-row", "data-table": str(i)},
                    el("h3", {"text": self.t("table", t=i + 1) + " · " + self.t("table.seats_range", a=a, b=b)}))
            li.appendChild(self.choice(i, "board", self.t("table.board"),
                                       [(k, self.t("board." + k)) for k in KINDS]))
            li.appendChild(self.choice(i, "seats", self.t("table.nseats"), [(k, str(k)) for k in range(2, 6)]))
            li.appendChild(self.choice(i, "content", self.t("table.content"),
                                       [(k, self.t("content." + k)) for k in CONTENTS]))
            rm = button(self.t("table.remove"), lambda i=i: self.remove_table(i), cls="secondary",
                        data_action="remove-table", aria_label=self.t("table.remove_label", t=i + 1))
            if len(self.tables) <= 2:
                rm.setAttribute("disabled", "")
            li.appendChild(rm)
            li.appendChild(el("p", {"cls": "ak-tiles", "data-tiles": str(i)}))
            self.table_list.appendChild(li)
        self.update_summary()

    def choice(self, i, key, label, items):
        el, listen = self.host.el, self.host.listen
        sel = el("select", {"data-table": str(i), "data-field": key})
        for value, text in items:
            sel.appendChild(el("option", {"value": str(value), "text": text,
                                          "selected": value == self.tables[i][key]}))

        def change(e):
            raw = str(e.target.value)
            tb = self.tables[i]
            if key == "seats":
                tb["seats"] = int(raw)
                self.draw_tables()  # the seat numbers of the tables after it move
                return
            if key == "board" and tb["content"] == DEFAULT_CONTENT[tb["board"]]:
                tb["content"] = DEFAULT_CONTENT[raw]  # the content follows the board unless chosen apart
                tb["board"] = raw
                self.draw_tables()
                return
            tb[key] = raw
            self.update_summary()

        listen(sel, "change", change)
        return el("label", {}, el("span", {"text": label}), sel)

    def remove_table(self, i: int) -> None:
        if len(self.tables) > 2:
            del self.tables[i]
            self.draw_tables()

    def update_summary(self) -> None:
        q = self.host.q
        n = self.count()
        seats = sum(t["seats"] for t in self.tables)
        self.summary.textContent = self.t("summary", seats=seats, n=n, free=max(0, seats - n))
        self.update_tiles()
        box = q('[data-error-for="tables"]', self.form) if hasattr(self, "form") else None
        if box is not None:
            box.textContent = " ".join(self.t(k, seats=seats, n=n) for k in table_problems(self.tables, n))

    def update_tiles(self) -> None:
        """Each table's face-down tiles and the reserve, as the tournament will deal them."""
        el, q, clear = self.host.el, self.host.q, self.host.clear
        counts, reserve = deal_counts([(t["board"], t["seats"]) for t in self.tables])
        for i, k in enumerate(counts):
            node = q(f'[data-tiles="{i}"]', self.table_list)
            if node is not None:
                node.textContent = self.t("tiles.table", k=k)
        clear(self.tiles_note)
        self.tiles_note.appendChild(el("span", {"text": self.t("tiles.reserve", k=reserve) + " "
                                                + self.t("tiles.hidden", total=tile_total())}))
        if reserve and not any(t["board"] == "random" for t in self.tables):
            # what the layout means, not an error: the tournament starts as it is (red is for what must change)
            self.tiles_note.appendChild(el("span", {"cls": "ak-tiles-out",
                                                    "text": " " + self.t("tiles.unreachable", k=reserve)}))

    def events_box(self):
        el, button, listen = self.host.el, self.host.button, self.host.listen
        box = el("fieldset", {"cls": "ak-events"}, el("legend", {"text": self.t("events")}),
                 el("p", {"cls": "help", "text": self.t("events.help")}))
        lang = self.host.lang
        lst = el("ol", {"cls": "ak-schedule"})
        for n in range(1, TURNS + 1):
            sel = el("select", {"name": f"event{n}", "data-turn": str(n)})
            sel.appendChild(el("option", {"value": E.DRAWN, "text": self.t("ev.drawn"), "selected": True}))
            for ev in E.ORDER:
                sel.appendChild(el("option", {"value": ev, "text": event_name(ev, lang).split(":")[0]}))
            text = el("small", {"cls": "ev-text"})

            def change(e, text=text):  # the chosen event's effect under it (a drawn one stays unknown)
                v = str(e.target.value)
                text.textContent = "" if v == E.DRAWN else event_name(v, self.host.lang)

            listen(sel, "change", change)
            lst.appendChild(el("li", {}, el("label", {}, el("span", {"text": self.t("turn", n=n)}), sel), text))
        box.appendChild(lst)
        # every event with its effect, to choose knowing what each does
        about = el("ul", {"cls": "ak-event-list", "id": "ak-event-list"})
        for ev in E.ORDER:
            if ev == "none":
                continue
            name, _, effect = event_name(ev, lang).partition(":")
            about.appendChild(el("li", {"data-event": ev}, el("strong", {"text": name.strip()}),
                                 el("span", {"text": " — " + effect.strip() if effect.strip() else ""})))
        box.appendChild(el("details", {"cls": "ak-events-about", "open": True},
                           el("summary", {"text": self.t("events.about")}), about))

        def set_all(value):
            for sel in self.form.querySelectorAll(".ak-schedule select"):
                sel.value = value
                self.host.fire(sel, "change")

        box.appendChild(el("div", {"cls": "row-actions"},
                           button(self.t("events.all_drawn"), lambda: set_all(E.DRAWN), data_action="all-drawn"),
                           button(self.t("events.no_events"), lambda: set_all("none"), data_action="no-events")))
        return box

    # -- reading and checking --------------------------------------------------------
    def read(self):
        """``(names, options, errors)``: errors maps a field to its message."""
        q = self.host.q
        errors: dict[str, str] = {}
        names, heights, seen = [], [], {}
        for i in range(self.count()):
            name = str(q(f'[name="player{i}"]', self.form).value).strip()[:40]
            names.append(name)
            if not name:
                errors[f"player{i}"] = self.t("err.name_empty")
            elif name.casefold() in seen:
                errors[f"player{i}"] = self.t("err.name_twice", name=name)
            seen.setdefault(name.casefold(), i)
            raw = str(q(f'[name="height{i}"]', self.form).value).strip()
            heights.append(raw)
            if raw and not (raw.isdigit() and MIN_H <= int(raw) <= MAX_H):
                errors.setdefault(f"player{i}", self.t("err.height", lo=MIN_H, hi=MAX_H))
        given = [h for h in heights if h]
        if given and len(given) < len(heights):
            for i, h in enumerate(heights):
                if not h:
                    errors.setdefault(f"player{i}", self.t("err.height_missing"))
        n = len(names)
        seats = sum(t["seats"] for t in self.tables)
        probs = table_problems(self.tables, n)
        if probs:
            errors["tables"] = " ".join(self.t(k, seats=seats, n=n) for k in probs)
        options = {"tables": tables_text(self.tables), "free": min(4, max(1, seats - n)),
                   "boards": "mixed", "content": "by_board",
                   "knight_discards": str(q('[name="knight_discards"]', self.form).value)}
        if given and len(given) == len(heights) and not any(k.startswith("player") for k in errors):
            options["heights"] = ",".join(str(int(h)) for h in heights)
        choices = [str(q(f'[name="event{k}"]', self.form).value) for k in range(1, TURNS + 1)]
        options.update(schedule_options(choices))
        return names, options, errors

    def show_errors(self, errors: dict) -> None:
        q = self.host.q
        for node in self.form.querySelectorAll(".field-error"):
            node.textContent = ""
            node.parentElement.classList.remove("has-error")
        first = None
        for field, msg in errors.items():
            node = q(f'[data-error-for="{field}"]', self.form)
            if node is None:
                continue
            node.textContent = msg
            node.parentElement.classList.add("has-error")
            first = first or node
        if first is not None:
            first.parentElement.scrollIntoView()

    def submit(self, e) -> None:
        q = self.host.q
        e.preventDefault()
        host = self.host
        names, options, errors = self.read()
        self.show_errors(errors)
        if errors:
            host.say(self.t("err.form"), fresh=True)
            return
        seed_raw = str(q('[name="seed"]', self.form).value).strip()
        seed = int(seed_raw) % (2**64) if seed_raw.isdigit() else None
        try:
            host.start(names, options, seed)
        except (RulesError, RecordError) as err:  # the checks above should leave nothing to the engine: say it anyway
            traceback.print_exc()
            host.say(self.t("err.engine", detail=str(err)))

