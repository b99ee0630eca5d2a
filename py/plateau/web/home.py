"""The home screen: the games, the saved games (resume, rename, export, delete) and
importing files."""

from __future__ import annotations

import asyncio
import json

import js

from plateau.core.i18n import pick
from plateau.core.record import RecordError, decode, encode
from plateau.core.registry import available, get_game

from .dialogs import file_stamp
from .dom import button, clear, download, el, listen, nn
from .session import Session
from .store import GAME, Store
from .view import View


class HomeView(View):
    """The home screen and the saved games."""

    def show_home(self) -> None:
        app = self.app
        if app.screen != "home":  # a game's banners stay with the game
            app.forget_messages()
        app.remember("home")
        self.store.set_setting("screen", "home")
        clear(self.root)
        self.root.appendChild(app.header())
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        main = el("main", {"cls": "home"})
        main.appendChild(el("p", {"cls": "tagline", "text": self.t("app.tagline")}))
        grid = el("div", {"cls": "games"})
        for gid, g in home_games().items():
            players = (self.t("home.players.fixed", n=g.min_players) if g.min_players == g.max_players
                       else self.t("home.players", min=g.min_players, max=g.max_players))
            grid.appendChild(el(
                "section", {"cls": "game-card", "data-game": gid},
                app.card_pictures.get(gid),  # the build's drawing, taken from the static page (moved, not copied)
                el("h3", {"text": g.name(self.lang)}),
                el("p", {"cls": "pitch", "text": pick(g.pitch, self.lang)}) if g.pitch else None,
                el("p", {"cls": "meta", "text": players}),
                el("p", {"cls": "meta duration", "text": pick(g.duration, self.lang)}) if g.duration else None,
                el("div", {"cls": "actions"},
                   button(self.t("home.new"), lambda gid=gid: app.show_new(gid), cls="primary",
                          data_action="new"),
                   button(self.t("home.rules"), lambda gid=gid: app.show_rules(gid), data_action="rules")),
            ))
        games_box = el("section", {"cls": "home-games", "id": "home-games"},
                       el("h2", {"text": self.t("home.games")}), grid)
        saved_box = el("section", {"cls": "home-saved", "id": "home-saved"}, el("h2", {"text": self.t("home.saved")}))
        games, bad = self.store.games()
        # a player coming back finds their games first; a new visitor, the games to play
        main.appendChild(saved_box if games else games_box)
        main.appendChild(games_box if games else saved_box)
        # another device hosts a game this one is to join (club mode): its code is scanned or pasted there
        main.appendChild(el("section", {"cls": "home-join", "id": "home-join"},
                            el("h2", {"text": self.t("home.join.title")}),
                            el("p", {"text": self.t("home.join.text")}),
                            button(self.t("home.join.button"), lambda: app.club.join_screen(""),
                                   data_action="join")))
        app.forget_messages(action="reset-entry")
        if bad:  # one banner for all of them, whatever their number
            app.add_message("error", self.t("saved.unreadable", n=len(bad)),
                            ("reset-entry", self.t("saved.reset", n=len(bad)), lambda: self.reset_entries(bad)),
                            draw=False)
        ul = el("ul", {"cls": "saved", "id": "saved"})
        if not games:
            ul.appendChild(el("li", {"cls": "empty", "text": self.t("home.nosaved")}))
        by_game: dict[str, list] = {}  # the entries of each game Plateau knows
        for sg in games:
            g = home_games().get(sg.record.game)
            ms = sg.date_ms
            date = str(js.Date.new(ms).toLocaleString(self.lang)) if ms is not None else self.t("saved.nodate")
            meta = self.t("saved.meta", game=g.name(self.lang) if g is not None else sg.record.game[:40],
                          players=", ".join(sg.record.players), plies=len(sg.record.moves), date=date)
            if sg.over:
                meta += " · " + self.t("saved.over")
            # a game this version does not know is kept, and says so: it can be exported or deleted
            note = None if g is not None else self.t("saved.unknown_game", game=sg.record.game[:40])
            info = el("div", {"cls": "info"}, el("strong", {"text": sg.name}), el("span", {"cls": "meta", "text": meta}),
                      el("span", {"cls": "note", "text": note}) if note else None)
            li = el("li", {"data-save": sg.id, "data-unplayable": "unknown" if g is None else None}, info,
                    el("div", {"cls": "actions"},
                       button(self.t("saved.resume"), lambda i=sg.id: app.resume(i), cls="primary",
                              data_action="resume") if g is not None else None,
                       button(self.t("saved.rename"), lambda i=sg.id: self.rename(i), data_action="rename"),
                       button(self.t("saved.export"), lambda i=sg.id: self.export_saved(i), data_action="export"),
                       button(self.t("saved.delete"), lambda i=sg.id: self.delete(i), cls="danger",
                              data_action="delete")))
            ul.appendChild(li)
            if g is not None:
                by_game.setdefault(sg.record.game, []).append(sg.id)
        saved_box.appendChild(ul)
        for gid, ids in by_game.items():  # once the app is ready: a game whose files cannot be had says so
            app.check_game_files(gid, lambda gid=gid, ids=tuple(ids): self.files_missing(gid, ids))
        # the browser's own file button speaks the browser's language: a button of ours opens it
        inp = el("input", {"type": "file", "id": "import-file", "cls": "visually-hidden", "tabindex": "-1",
                           "accept": ".plateau,.txt,.thud,text/plain", "aria-label": self.t("home.import_button")})
        listen(inp, "change", self.on_import)
        saved_box.appendChild(el("div", {"cls": "import"},
                                 button(self.t("home.import_button"), lambda: inp.click(), data_action="import"),
                                 inp))
        self.root.appendChild(main)
        app.draw_messages()

    def files_missing(self, gid: str, ids: tuple) -> None:
        """The files of the game ``gid`` could not be had (offline, never
        stored on this device): its saved games ``ids``, still listed, say so."""
        g = home_games().get(gid)
        text = self.t("saved.no_files", name=g.name(self.lang) if g is not None else gid)
        for i in ids:
            li = nn(js.document.querySelector(f'#saved li[data-save="{i}"]'))
            if li is None or nn(li.querySelector(".note")) is not None:
                continue
            li.setAttribute("data-unplayable", "files")
            li.querySelector(".info").appendChild(el("span", {"cls": "note", "text": text}))

    def rename(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is None:
            return
        name = nn(js.window.prompt(self.t("saved.rename_prompt"), sg.name))
        if name is None:
            return
        name = str(name).strip()[:80]
        if name:
            self.app.guard_store(lambda: self.store.rename(gid, name))
            self.ctl.entry_renamed(gid, name)
        self.show_home()

    def reset_entries(self, keys: list[str]) -> None:
        """Remove the unreadable saved entries, after confirmation, offering
        their raw content as one file first (each entry's key and text)."""
        keys = [k for k in keys if k.startswith(GAME) and self.app.backend.getItem(k) is not None]
        if not keys:
            self.show_home()
            return
        if js.window.confirm(self.t("saved.reset_export", n=len(keys))):
            raw = {k: str(self.app.backend.getItem(k)) for k in keys}
            download(f"plateau-unreadable-{file_stamp()}.txt", json.dumps(raw, ensure_ascii=False, indent=1) + "\n")
        if js.window.confirm(self.t("saved.reset_confirm", n=len(keys))):
            for k in keys:
                self.app.backend.removeItem(k)
            self.app.forget_messages(action="reset-entry")
            self.show_home()

    def delete(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is None:
            return
        if js.window.confirm(self.t("saved.confirm_delete", name=sg.name)):
            self.store.delete(gid)
            self.ctl.entry_deleted(gid)
        self.show_home()

    def export_saved(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is not None:
            download(f"{sg.record.game}-{file_stamp()}.plateau", encode(sg.record) + "\n")

    def on_import(self, e) -> None:
        files = e.target.files
        if not files or files.length == 0:
            return
        f = files.item(0)
        name = str(f.name)

        async def read():
            try:
                text = str(await f.text())
            except Exception:
                self.flash(self.t("err.file_read"))
                return
            self.import_text(name, text)

        asyncio.ensure_future(read())

    def import_text(self, filename: str, text: str) -> None:
        text = text.lstrip("\ufeff")
        record = None
        try:
            if text.strip().startswith("P1"):
                record = decode(text)
            else:
                ext = "." + filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
                for gid in available():
                    g = get_game(gid)
                    if g.file_ext and g.file_ext == ext:
                        try:
                            record = g.import_text(text)
                        except RecordError as err:  # the importer's sentence names line and reason
                            self.flash(self.t("err.refused") + str(err))
                            return
                        break
                if record is None:
                    self.flash(self.t("err.refused") + self.t("err.foreign"))
                    return
            Session(record)  # every move checked before anything is stored
        except RecordError as err:
            self.flash(self.app.record_error(err))
            return
        name = f"{get_game(record.game).name(self.lang)} — {filename}"[:80]
        gid = Store.new_id()
        if self.app.guard_store(lambda: self.store.save(gid, name, record)):
            self.app.add_message("info", self.t("ok.imported", name=name), draw=False)
        self.show_home()


_HOME_GAMES: dict = {}


def home_games() -> dict:
    """Game id -> an object with ``name(lang)``, ``min_players`` and
    ``max_players`` for the home screen: read from the index the build
    writes (plateau/games/index.json, ``registry.index``), so that the home
    screen imports no game; the game itself when the index does not have it."""
    if not _HOME_GAMES:
        from types import SimpleNamespace

        from plateau.core.registry import GAMES, index

        said = index()
        for gid in GAMES:
            try:
                d = said[gid]
                _HOME_GAMES[gid] = SimpleNamespace(min_players=int(d["min_players"]),
                                                   max_players=int(d["max_players"]),
                                                   pitch=dict(d.get("pitch") or {}),
                                                   duration=dict(d.get("duration") or {}),
                                                   name=lambda lang, t=dict(d["title"]): pick(t, lang))
            except (ValueError, KeyError, TypeError):
                try:
                    g = get_game(gid)
                except Exception as e:  # a broken game must not hide the others
                    print(f"plateau: game {gid!r} failed to load: {type(e).__name__}: {e}")
                    g = None
                if g is not None:
                    _HOME_GAMES[gid] = g
    return _HOME_GAMES
