"""The Plateau app: screens, board events, saving and sharing.

Everything game-specific comes from the game's :class:`~plateau.core.game.Game`
(found through the registry): adding a game changes nothing here.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import traceback

import js

from plateau.core.i18n import DEFAULT_LANG, LANGS, pick, tr
from plateau.core.record import Record, RecordError, decode, encode
from plateau.core.registry import available, get_game

from . import markdown
from .dom import button, by_id, clear, closest, document, download, el, listen, nn, q
from .messages import CATALOGUE
from .session import Session
from .store import Store, StoreFull, StoreUnavailable


class LocalBackend:
    """localStorage, or a memory stand-in when the browser refuses it."""

    def __init__(self) -> None:
        self.ok = True
        try:
            self.ls = js.window.localStorage
            self.ls.getItem("plateau:probe")
        except Exception:
            self.ok = False
            from .store import MemoryStore

            self.ls = MemoryStore()

    @property
    def length(self):
        return self.ls.length

    def key(self, i):
        return nn(self.ls.key(i))

    def getItem(self, k):
        return nn(self.ls.getItem(k))

    def setItem(self, k, v):
        self.ls.setItem(k, v)

    def removeItem(self, k):
        self.ls.removeItem(k)


def _query() -> dict:
    q = {}
    search = str(js.location.search or "")
    for part in search.lstrip("?").split("&"):
        if part:
            k, _, v = part.partition("=")
            q[js.decodeURIComponent(k)] = js.decodeURIComponent(v)
    return q


class App:
    def __init__(self) -> None:
        self.backend = LocalBackend()
        self.store = Store(self.backend)
        settings = self.store.settings()
        self.lang = settings.get("lang") if settings.get("lang") in LANGS else DEFAULT_LANG
        self.coords = settings.get("coords", True) is not False
        q = _query()
        self.embed = "embed" in q
        self.view_only = self.embed and ("view" in q or q.get("embed") == "view")
        self.embed_game = q.get("game")
        self.session: Session | None = None
        self.save_id: str | None = None
        self.save_name = ""
        self.revealed_for: int | None = None  # hot-seat: who the board was revealed to
        self.keyboard = False
        self.root = by_id("app")
        self.messages: list[tuple[str, str]] = []
        self.screen = "home"

    # -- text -------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return tr(CATALOGUE, self.lang, key, **kw)

    def record_error(self, err: RecordError) -> str:
        if err.code == "illegal" and err.move is not None:
            detail = self.t("err.illegal", ply=(err.ply or 0) + 1, move=err.move)
        elif err.code == "illegal":  # an importer's own sentence (line and reason)
            detail = str(err)
        else:
            detail = self.t("err." + err.code)
            if detail == "err." + err.code:
                detail = str(err)
        return self.t("err.prefix") + detail

    def flash(self, text: str, kind: str = "error") -> None:
        self.messages.append((kind, text))
        self.draw_messages()

    def draw_messages(self) -> None:
        box = by_id("messages")
        if box is None:
            return
        clear(box)
        for i, (kind, text) in enumerate(self.messages):
            close = button("×", lambda i=i: self.dismiss(i), cls="close", aria_label=self.t("close"))
            box.appendChild(el("div", {"cls": f"msg {kind}", "role": "alert" if kind == "error" else "status"},
                               el("span", {"text": text}), close))

    def dismiss(self, i: int) -> None:
        if 0 <= i < len(self.messages):
            del self.messages[i]
        self.draw_messages()

    # -- start-up ---------------------------------------------------------
    def start(self) -> None:
        document.documentElement.setAttribute("lang", self.lang)
        if self.embed:
            document.documentElement.classList.add("embed")
        listen(document, "keydown", self.on_key)
        listen(js.window, "hashchange", lambda e: self.open_hash())
        if not self.backend.ok:
            self.messages.append(("error", self.t("err.storage")))
        if not self.open_hash():
            settings = self.store.settings()
            cur = settings.get("current")
            resumed = False
            if cur and settings.get("screen") == "play" and not self.embed:
                resumed = self.resume(cur, quiet=True)
            if not resumed:
                if self.embed:
                    self.new_game(self.embed_game if get_game(self.embed_game or "") else available()[0],
                                  None, None, None, save=False)
                else:
                    self.show_home()
        loading = by_id("loading")
        if loading is not None:
            loading.remove()
        document.documentElement.setAttribute("data-ready", "")

    def open_hash(self) -> bool:
        h = str(js.location.hash or "")
        if not h.startswith("#g="):
            return False
        data = h[3:]
        try:
            record = decode(data)
            session = Session(record)
        except RecordError as e:
            self.flash(self.record_error(e))
            self.show_home() if not self.embed else self.show_embed_error()
            return True
        self.session = session
        self.save_id = None
        self.save_name = ""
        self.revealed_for = None
        self.show_play()
        if not self.embed:
            self.flash(self.t("play.unsaved"), "info")
        return True

    def show_embed_error(self) -> None:
        clear(self.root)
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        self.draw_messages()

    # -- keyboard -----------------------------------------------------------
    def on_key(self, e) -> None:
        tag = str(getattr(e.target, "tagName", "") or "").lower()
        if tag in ("input", "textarea", "select"):
            return
        key = str(e.key)
        if self.screen != "play" or self.session is None:
            return
        target = closest(e.target, "[data-target]")
        if key in ("Enter", " ") and target is not None:
            e.preventDefault()
            self.keyboard = True
            self.on_target(str(target.getAttribute("data-target")))
            return
        if by_id("pass-screen") is not None:
            return
        moves = {"ArrowLeft": self.session.undo, "ArrowRight": self.session.redo,
                 "Home": lambda: self.session.goto(0), "End": lambda: self.session.goto(self.session.total)}
        if key in moves:
            e.preventDefault()
            moves[key]()
            self.after_nav()
        elif key == "Escape":
            self.session.clear_clicks()
            self.draw_board()

    # -- home -----------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.store.set_setting("lang", lang)
        document.documentElement.setAttribute("lang", lang)
        self.messages = []
        self.redraw()

    def redraw(self) -> None:
        if self.screen == "play" and self.session is not None:
            self.show_play()
        elif self.screen == "rules":
            self.show_rules(self.rules_game)
        else:
            self.show_home()

    def header(self, *extra):
        other = "en" if self.lang == "fr" else "fr"
        return el(
            "header", {"cls": "top"},
            el("a", {"cls": "brand", "href": "#", "text": self.t("app.title")},
               on={"click": lambda e: (e.preventDefault(), self.go_home())}),
            *extra,
            button(self.t("nav.lang"), lambda: self.set_lang(other), cls="lang", title=self.t("nav.lang.title"),
                   data_testid="lang"),
        )

    def go_home(self) -> None:
        if str(js.location.hash or "").startswith("#g="):
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
        self.show_home()

    def show_home(self) -> None:
        self.screen = "home"
        self.store.set_setting("screen", "home")
        clear(self.root)
        self.root.appendChild(self.header())
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        main = el("main", {"cls": "home"})
        main.appendChild(el("p", {"cls": "tagline", "text": self.t("app.tagline")}))
        main.appendChild(el("h2", {"text": self.t("home.games")}))
        grid = el("div", {"cls": "games"})
        for gid, g in home_games().items():
            players = (self.t("home.players.fixed", n=g.min_players) if g.min_players == g.max_players
                       else self.t("home.players", min=g.min_players, max=g.max_players))
            picture = (getattr(g, "picture", None) or {}).get(self.lang)  # drawn by the build (games index)
            grid.appendChild(el(
                "section", {"cls": "game-card", "data-game": gid},
                el("img", {"cls": "card-picture", "src": picture, "alt": "", "width": "320", "height": "200",
                           "decoding": "async"}) if picture else None,
                el("h3", {"text": g.name(self.lang)}),
                el("p", {"cls": "meta", "text": players}),
                el("div", {"cls": "actions"},
                   button(self.t("home.new"), lambda gid=gid: self.show_new(gid), cls="primary",
                          data_action="new"),
                   button(self.t("home.rules"), lambda gid=gid: self.show_rules(gid), data_action="rules")),
            ))
        main.appendChild(grid)
        main.appendChild(el("h2", {"text": self.t("home.saved")}))
        games, bad = self.store.games()
        for key in bad:
            self.messages.append(("error", self.t("saved.corrupt", entry=key)))
        ul = el("ul", {"cls": "saved", "id": "saved"})
        if not games:
            ul.appendChild(el("li", {"cls": "empty", "text": self.t("home.nosaved")}))
        for sg in games:
            g = home_games().get(sg.record.game)
            if g is None:
                continue
            date = str(js.Date.new(sg.updated * 1000).toLocaleString(self.lang))
            meta = self.t("saved.meta", game=g.name(self.lang), players=", ".join(sg.record.players),
                          plies=len(sg.record.moves), date=date)
            if sg.over:
                meta += " · " + self.t("saved.over")
            ul.appendChild(el(
                "li", {"data-save": sg.id},
                el("div", {"cls": "info"}, el("strong", {"text": sg.name}), el("span", {"cls": "meta", "text": meta})),
                el("div", {"cls": "actions"},
                   button(self.t("saved.resume"), lambda i=sg.id: self.resume(i), cls="primary", data_action="resume"),
                   button(self.t("saved.rename"), lambda i=sg.id: self.rename(i), data_action="rename"),
                   button(self.t("saved.export"), lambda i=sg.id: self.export_saved(i), data_action="export"),
                   button(self.t("saved.delete"), lambda i=sg.id: self.delete(i), cls="danger", data_action="delete")),
            ))
        main.appendChild(ul)
        inp = el("input", {"type": "file", "id": "import-file", "accept": ".plateau,.txt,.thud,text/plain"})
        listen(inp, "change", self.on_import)
        main.appendChild(el("label", {"cls": "import"}, el("span", {"text": self.t("home.import")}), inp))
        self.root.appendChild(main)
        self.draw_messages()

    def rename(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is None:
            return
        name = nn(js.window.prompt(self.t("saved.rename_prompt"), sg.name))
        if name is None:
            return
        name = str(name).strip()[:80]
        if name:
            self.guard_store(lambda: self.store.rename(gid, name))
            if gid == self.save_id:
                self.save_name = name
        self.show_home()

    def delete(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is None:
            return
        if js.window.confirm(self.t("saved.confirm_delete", name=sg.name)):
            self.store.delete(gid)
            if gid == self.save_id:
                self.save_id = None
        self.show_home()

    def file_stamp(self) -> str:
        return time.strftime("%Y%m%d-%H%M", time.localtime())

    def export_saved(self, gid: str) -> None:
        sg = self.store.get(gid)
        if sg is not None:
            download(f"{sg.record.game}-{self.file_stamp()}.plateau", encode(sg.record) + "\n")

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
                            self.flash(self.t("err.prefix") + str(err))
                            return
                        break
                if record is None:
                    self.flash(self.t("err.prefix") + self.t("err.foreign"))
                    return
            Session(record)  # every move checked before anything is stored
        except RecordError as err:
            self.flash(self.record_error(err))
            return
        name = f"{get_game(record.game).name(self.lang)} — {filename}"[:80]
        gid = Store.new_id()
        if self.guard_store(lambda: self.store.save(gid, name, record)):
            self.messages.append(("info", self.t("ok.imported", name=name)))
        self.show_home()

    def guard_store(self, fn) -> bool:
        try:
            fn()
            return True
        except StoreFull:
            self.flash(self.t("err.quota"))
        except StoreUnavailable:
            self.flash(self.t("err.storage"))
        return False

    # -- new game ---------------------------------------------------------------
    def show_new(self, gid: str) -> None:
        g = get_game(gid)
        self.screen = "new"
        clear(self.root)
        self.root.appendChild(self.header())
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
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
        self.revealed_for = None
        if save:
            self.save_id = Store.new_id()
            self.save_name = f"{g.name(self.lang)} — {', '.join(names)}"[:80]
            self.autosave()
        else:
            self.save_id = None
        self.messages = []
        self.show_play()

    def resume(self, gid: str, quiet: bool = False) -> bool:
        try:
            sg = self.store.get(gid)
            if sg is None:
                return False
            session = Session(sg.record)
        except (RecordError, ValueError, KeyError, TypeError) as e:
            if not quiet:
                self.flash(self.record_error(e) if isinstance(e, RecordError) else self.t("saved.corrupt", entry=gid))
            return False
        self.session = session
        self.save_id = gid
        self.save_name = sg.name
        self.revealed_for = None
        self.messages = []
        self.show_play()
        return True

    def autosave(self) -> None:
        if self.session is None or self.embed:
            return
        if self.save_id is None:
            self.save_id = Store.new_id()
            g = self.session.game
            self.save_name = f"{g.name(self.lang)} — {', '.join(self.session.record.players)}"[:80]
            if str(js.location.hash or "").startswith("#g="):
                js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
            unsaved = self.t("play.unsaved")
            if any(text == unsaved for _, text in self.messages):
                self.messages = [m for m in self.messages if m[1] != unsaved]
                self.draw_messages()
        rec = self.session.snapshot()
        if self.guard_store(lambda: self.store.save(self.save_id, self.save_name, rec, self.session.state.is_over())):
            self.store.set_setting("current", self.save_id)

    # -- rules ------------------------------------------------------------------
    def show_rules(self, gid: str) -> None:
        g = get_game(gid)
        self.rules_game = gid
        back_to_play = self.screen == "play" and self.session is not None
        self.screen = "rules"
        clear(self.root)
        self.root.appendChild(self.header())
        art = el("article", {"cls": "rules", "lang": self.lang})
        art.appendChild(button(self.t("rules.back"), self.show_play if back_to_play else self.show_home,
                               cls="back"))
        art.appendChild(el("h1", {"text": self.t("rules.title", game=g.name(self.lang))}))
        markdown.render_into(art, g.rules(self.lang))
        self.root.appendChild(art)

    # -- play ---------------------------------------------------------------------
    def show_play(self) -> None:
        s = self.session
        self.screen = "play"
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
                   button(self.t("play.export"), self.export_current, data_action="export")),
            ))
            self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        layout = el("div", {"cls": "play"})
        board_col = el("div", {"cls": "board-col"})
        if not self.embed:
            board_col.appendChild(el("div", {"id": "status", "cls": "status", "aria-live": "polite"}))
        board = el("div", {"id": "board", "cls": "board", "data-game": g.id})
        listen(board, "click", self.on_board_click)
        board_col.appendChild(board)
        board_col.appendChild(el("div", {"id": "tray", "cls": "tray", "aria-label": self.t("play.choices")}))
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
            side.appendChild(el("div", {"cls": "edit"},
                                button(self.t("play.undo"), self.undo, data_action="undo"),
                                button(self.t("play.redo"), self.redo, data_action="redo"),
                                el("label", {"cls": "coords"},
                                   el("input", {"type": "checkbox", "id": "coords", "checked": self.coords},
                                      on={"change": lambda e: self.toggle_coords(bool(e.target.checked))}),
                                   el("span", {"text": self.t("play.flip_coords")}))))
            side.appendChild(el("h2", {"text": self.t("play.moves")}))
            side.appendChild(el("ol", {"id": "moves", "cls": "moves"}))
            side.appendChild(el("div", {"id": "result", "cls": "result"}))
        layout.appendChild(side)
        self.root.appendChild(layout)
        self.draw_messages()
        self.refresh()

    def toggle_coords(self, on: bool) -> None:
        self.coords = on
        self.store.set_setting("coords", on)
        self.draw_board()

    def interactive(self) -> bool:
        return not self.view_only

    def refresh(self) -> None:
        self.draw_board()
        self.draw_moves()
        self.draw_side()

    def must_pass(self) -> bool:
        s = self.session
        st = s.state
        if self.view_only or st.is_over() or not st.hidden_info():
            return False
        return self.revealed_for != st.to_play

    def draw_board(self) -> None:
        s = self.session
        board = by_id("board")
        tray = by_id("tray")
        if board is None:
            return
        board.setAttribute("data-ply", str(s.ply))
        if self.must_pass():
            name = s.record.players[s.state.to_play]
            clear(board)
            clear(tray)
            board.appendChild(el("div", {"id": "pass-screen", "cls": "pass-screen", "role": "dialog",
                                         "aria-modal": "true"},
                                 el("h2", {"text": self.t("pass.title", name=name)}),
                                 el("p", {"text": self.t("pass.body")}),
                                 button(self.t("pass.ready", name=name), self.reveal, cls="primary",
                                        data_action="reveal")))
            self.draw_status()
            return
        interactive = self.interactive()
        board.innerHTML = s.render(self.lang, self.coords, interactive)
        board.setAttribute("data-version", str(int(nn(board.getAttribute("data-version")) or 0) + 1))
        self.draw_tray(interactive)
        self.draw_status()
        if self.keyboard:
            self.keyboard = False
            sel = q(".target", board) or q("[data-target]", board)
            if sel is not None and hasattr(sel, "focus"):
                sel.focus()

    def draw_tray(self, interactive: bool) -> None:
        s = self.session
        tray = by_id("tray")
        clear(tray)
        if not interactive or s.state.is_over():
            return
        board = by_id("board")
        on_board = {str(n.getAttribute("data-target")) for n in board.querySelectorAll("[data-target]")}
        picked = [c for c in s.clicks if c not in on_board]
        if picked:  # off-board choices already made in this move, shown as pressed
            tray.appendChild(el("span", {"cls": "picked", "data-picked": " ".join(picked)},
                                self.t("play.picked") + " ",
                                *[el("span", {"cls": "chip", "aria-pressed": "true",
                                              "text": s.game.target_label(c, self.lang)}) for c in picked]))
        drawn = {str(n.getAttribute("data-target")) for n in board.querySelectorAll(".target[data-target]")}
        for t in sorted(s.next_targets() - drawn):
            b = button(s.game.target_label(t, self.lang), lambda t=t: self.on_target(t), cls="choice")
            b.setAttribute("data-target", t)
            tray.appendChild(b)
        done = s.complete_moves()
        if len(done) == 1:
            b = button(self.t("play.as_is", move=done[0].text), self.play_as_is, cls="primary as-is",
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
            values = st.scores()
            tbl = el("table", {"cls": "score-table"},
                     el("caption", {"text": self.t("play.score")}))
            for i, name in enumerate(s.record.players):
                row = el("tr", {"cls": "to-play" if st.to_play == i and not st.is_over() else ""},
                         el("th", {"text": name, "scope": "row"}),
                         el("td", {"text": str(values[i]) if i < len(values) else ""}))
                tbl.appendChild(row)
            scores.appendChild(tbl)
        result = by_id("result")
        if result is not None:
            clear(result)
            if st.is_over():
                result.appendChild(el("h2", {"text": self.t("result.title")}))
                for line in st.result_lines(self.lang):
                    result.appendChild(el("p", {"text": line}))
        if s.ply < s.total and by_id("messages") is not None:
            box = by_id("history-note")
            if box is None:
                by_id("status").after(el("p", {"id": "history-note", "cls": "history-note",
                                               "text": self.t("play.history", ply=s.ply, total=s.total)}))
            else:
                box.textContent = self.t("play.history", ply=s.ply, total=s.total)
        elif by_id("history-note") is not None:
            by_id("history-note").remove()

    def draw_moves(self) -> None:
        s = self.session
        ol = by_id("moves")
        if ol is None:
            return
        clear(ol)
        ol.appendChild(self.move_item(0, self.t("play.start")))
        revealed = s.viewer() is None
        for i, text in enumerate(s.record.moves):
            ol.appendChild(self.move_item(i + 1, f"{i + 1}. {s.game.public_move_text(text, revealed)}"))
        cur = q(".current", ol)
        if cur is not None:
            cur.scrollIntoView(js.Object.fromEntries([["block", "nearest"]]))

    def move_item(self, ply: int, text: str):
        cls = "current" if ply == self.session.ply else ""
        li = el("li", {"data-ply": str(ply), "cls": cls, "tabindex": "0", "role": "button",
                       "aria-current": "step" if cls else None, "text": text},
                on={"click": lambda e, p=ply: self.nav(p)})
        return li

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
        self.revealed_for = self.session.state.to_play
        self.draw_board()

    # -- board events -----------------------------------------------------------------
    def on_board_click(self, e) -> None:
        node = closest(e.target, "[data-target]")
        if node is None:
            return
        self.on_target(str(node.getAttribute("data-target")))

    def on_target(self, target: str) -> None:
        if not self.interactive() or self.must_pass():
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
        if not self.embed:
            self.autosave()
        self.refresh()

    # -- share / embed / export ------------------------------------------------------------
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
        if self.session.state.hidden_info():
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
        self.dialog(self.t("embed.title"), el("p", {"text": self.t("embed.body")}), area,
                    el("label", {}, check, el("span", {"text": self.t("embed.viewonly")})), self.copy_button(area))

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

_HOME_GAMES: dict = {}


def home_games() -> dict:
    """Game id -> an object with ``name(lang)``, ``min_players`` and
    ``max_players`` for the home screen: read from the index the build
    writes (plateau/games/index.json), so that the home screen imports no
    game; the games themselves when there is no index for every game."""
    if not _HOME_GAMES:
        import json
        from pathlib import Path
        from types import SimpleNamespace

        from plateau.core.registry import GAMES

        try:
            path = Path(__file__).resolve().parent.parent / "games" / "index.json"
            raw = json.loads(path.read_text(encoding="utf-8"))
            if list(raw) != list(GAMES):
                raise ValueError("stale index")
            for gid, d in raw.items():
                _HOME_GAMES[gid] = SimpleNamespace(min_players=int(d["min_players"]),
                                                   max_players=int(d["max_players"]),
                                                   picture=dict(d.get("picture") or {}),
                                                   name=lambda lang, t=dict(d["title"]): pick(t, lang))
        except (OSError, ValueError, KeyError, TypeError):
            _HOME_GAMES.clear()
            _HOME_GAMES.update((gid, get_game(gid)) for gid in available())
    return _HOME_GAMES


def _defer_urllib_request() -> None:
    """svgwrite imports ``urllib.request`` (http.client, email, ssl: ~0.4 s
    in Pyodide) for a web-font helper Plateau never calls. Until something
    really uses it, ``urllib.request`` is a stand-in that imports the real
    module on first use of any of its names."""
    import sys
    import types

    name = "urllib.request"
    if name in sys.modules:
        return
    stub = types.ModuleType(name)

    def real():
        if sys.modules.get(name) is stub:
            del sys.modules[name]
        import importlib

        return importlib.import_module(name)

    def attr(key):
        if key.startswith("__"):  # what the import system asks about (__path__, __file__...)
            raise AttributeError(key)
        return getattr(real(), key)

    stub.__getattr__ = attr
    stub.urlopen = lambda *a, **k: real().urlopen(*a, **k)
    sys.modules[name] = stub
    import urllib

    urllib.request = stub


def main() -> App:
    _defer_urllib_request()
    app = App()
    try:
        app.start()
    except Exception as err:
        traceback.print_exc()
        document.documentElement.setAttribute("data-error", "start")
        text = by_id("loading-text")
        if text is not None:
            text.textContent = tr(CATALOGUE, app.lang, "err.internal", msg=f"{type(err).__name__}: {err}")
        raise
    return app
