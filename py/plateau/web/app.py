"""The Plateau app: start-up, language, banners and routing between screens.

The game on the page is the :class:`~plateau.web.controller.PlayController`
(``app.ctl``): session, who holds the device, saving, moves. Each screen is a
view of it in a module of its own (:class:`~plateau.web.view.View`): home.py
(games and saved games), newgame.py (new game, resume), play.py (board,
history, pass-the-device, keyboard), dialogs.py (share, embed, export),
rules_page.py, saving.py (what saving and other tabs tell the player); the
computer (computer.py) is a player the controller asks. Everything
game-specific comes from the game's :class:`~plateau.core.game.Game` (found
through the registry): adding a game changes nothing here.
"""

from __future__ import annotations

import asyncio
import traceback

import js

from plateau.core.i18n import DEFAULT_LANG, LANGS, tr
from plateau.core.record import RecordError, decode
from plateau.core.registry import get_game

from .club_page import ClubPage
from .computer import ComputerPlayer
from .controller import PlayController
from .dialogs import Dialogs
from .dom import button, by_id, clear, closest, document, el, game_missing, listen, nn, when_game_missing
from .home import HomeView, home_games
from .messages import CATALOGUE
from .newgame import NewGameView
from .play import PlayView
from .rules_page import RulesView
from .saving import SavingView
from .session import Session
from .startup import choose_lang, parse_query
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
    return parse_query(str(js.location.search or ""))


class App:
    """The page: storage, language, banners, the screen shown and the
    browser's history; the game is the controller's, the screens are views."""

    def __init__(self) -> None:
        self.backend = LocalBackend()
        self.store = Store(self.backend)
        settings = self.store.settings()
        q = _query()
        try:
            browser = str(js.navigator.language or "")
        except Exception:
            browser = ""
        self.lang = choose_lang(settings.get("lang"), q, browser, LANGS)
        self.coords = settings.get("coords", True) is not False
        self.embed = "embed" in q
        self.view_only = self.embed and ("view" in q or q.get("embed") == "view")
        self.embed_game = q.get("game")
        self.root = by_id("app")
        # the board drawn on each card of the static home page (index.html): kept for every home screen
        self.card_pictures = {str(n.parentElement.getAttribute("data-game")): n for n in
                              document.querySelectorAll("#app .prerendered .game-card > .card-picture")}
        self.messages: list[tuple[str, str]] = []
        self.screen = "home"
        self._routing = False  # showing a screen because of the browser's Back/Forward
        self._routed = False  # the first screen shown replaces the page's history entry
        self._shown: dict = {}  # the screen shown (its history state)
        # the action waiting for a game's files (fetch_game): done when they come only if
        # the person has not gone elsewhere meanwhile, and only the last one asked
        self._waiting: object | None = None
        self.ctl = PlayController(self.store, lambda: self.lang, self.embed, self.view_only)
        # the views; those that listen to the controller in this order: the board is drawn
        # before the computer, which then says on it that it is thinking
        self.play = PlayView(self)
        self.computer = ComputerPlayer(self)
        self.saving = SavingView(self)
        self.home = HomeView(self)
        self.new = NewGameView(self)
        self.rules = RulesView(self)
        self.dialogs = Dialogs(self)
        self.club = ClubPage(self)  # club mode: the game on several devices (hosting, or a guest)

    @property
    def session(self) -> Session | None:
        return self.ctl.session

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
        return self.t("err.refused") + detail

    def flash(self, text: str, kind: str = "error") -> None:
        """A banner above the screen; it replaces the one shown (banners never
        pile up). Messages with a way out (a button) stay until dealt with."""
        self.messages = [m for m in self.messages if len(m) > 2] + [(kind, text)]
        self.draw_messages()

    def drop_banners(self) -> None:
        """Forget the banners (not the messages with a way out): the device
        passes to someone else, or the screen they were about is left."""
        kept = [m for m in self.messages if len(m) > 2]
        if kept != self.messages:
            self.messages = kept
            self.draw_messages()

    def add_message(self, kind: str, text: str, *actions, draw: bool = True) -> None:
        """A banner (``actions``: ``(name, label, fn)`` buttons, the way out
        that keeps it up until dealt with) after those shown."""
        self.messages.append((kind, text, *actions))
        if draw:
            self.draw_messages()

    def forget_messages(self, text: str | None = None, prefix: str | None = None, action: str | None = None) -> bool:
        """Drop every banner (not drawn again here), or those saying ``text``,
        starting with ``prefix`` or offering the button named ``action``;
        returns whether one went."""
        def goes(m) -> bool:
            return (m[1] == text or (prefix is not None and m[1].startswith(prefix))
                    or (action is not None and any(a[0] == action for a in m[2:])))
        kept = [] if text is None and prefix is None and action is None else [m for m in self.messages if not goes(m)]
        gone = len(kept) != len(self.messages)
        self.messages = kept
        return gone

    def set_coords(self, on: bool) -> None:
        """Whether boards show their coordinates (a setting of the device)."""
        self.coords = on
        self.store.set_setting("coords", on)

    def draw_messages(self) -> None:
        box = by_id("messages")
        if box is None:
            return
        clear(box)
        for i, (kind, text, *action) in enumerate(self.messages):
            close = button("×", lambda i=i: self.dismiss(i), cls="close", aria_label=self.t("close"))
            extra = [button(label, fn, data_action=name) for name, label, fn in action]
            box.appendChild(el("div", {"cls": f"msg {kind}", "role": "alert" if kind == "error" else "status"},
                               el("span", {"text": text}), *extra, close))

    def dismiss(self, i: int) -> None:
        if 0 <= i < len(self.messages):
            del self.messages[i]
        self.draw_messages()

    # -- start-up ---------------------------------------------------------
    def start(self) -> None:
        document.documentElement.setAttribute("lang", self.lang)
        if self.embed:
            document.documentElement.classList.add("embed")
        when_game_missing(self.fetch_game)
        listen(document, "keydown", self.play.on_key)
        listen(js.window, "hashchange", lambda e: self.open_hash())
        listen(js.window, "storage", self.saving.on_storage)
        listen(js.window, "popstate", self.on_pop)
        listen(js.window, "resize", self.play.on_resize)
        if not self.backend.ok:
            self.messages.append(("error", self.t("err.storage")))
        first = self.first_screen()
        try:
            first()
        except Exception as err:
            # the game the page opens first has no files here yet (offline, a device that never
            # stored them): the home page (an embed: its message) meanwhile, the game once they came
            gid = game_missing(err)
            if gid is None:
                raise
            self.show_embed_error() if self.embed else self.show_home()
            self.fetch_game(gid, first)
        loading = by_id("loading")
        if loading is not None:
            loading.remove()
        document.documentElement.setAttribute("data-ready", "")

    def first_screen(self):
        """What the page opens as it starts, as a function to call (again,
        once the files of its game came): a link's game, else the game the
        player left on its board, else an embed's game, else the home page."""
        if self.open_hash_asks():
            return lambda: self.open_hash() or self.show_home()
        settings = self.store.settings()
        cur = settings.get("current")
        if cur and settings.get("screen") == "play" and not self.embed:
            return lambda: self.resume(cur, quiet=True) or self.show_home()
        if self.embed:
            gid = self.embed_game if self.embed_game in home_games() else next(iter(home_games()))
            return lambda: self.new_game(gid, None, None, None, save=False)
        return self.show_home

    def open_hash_asks(self) -> bool:
        """Whether the page's address opens something of its own
        (:meth:`open_hash`: a link's game, a club device joining)."""
        h = str(js.location.hash or "")
        return h.startswith("#g=") or (h.startswith("#join") and not self.embed)

    def check_game_files(self, gid: str, missing) -> None:
        """Once the app is ready and idle, the files of the game ``gid`` are
        put in place if they are not (from the offline cache, else the
        network); ``missing()`` if they cannot be had."""
        try:
            import _plateau_games  # the boot module's (static/pyodide-boot.mjs)
        except ImportError:
            return  # every game's files are in place (the source tree)

        async def check() -> None:
            try:
                await _plateau_games.later(gid)
            except Exception:
                missing()

        asyncio.ensure_future(check())

    def open_hash(self) -> bool:
        h = str(js.location.hash or "")
        if h.startswith("#join") and not self.embed:  # another device's game to join (club mode)
            self.club.join_screen(h[6:] if h.startswith("#join=") else "")
            return True
        if not h.startswith("#g="):
            return False
        data = h[3:]
        try:
            record = decode(data)
            js.performance.mark("plateau:link-decoded")  # the game's modules imported on the way
            session = Session(record, self.lang)
            js.performance.mark("plateau:link-checked")  # bench/browser.py arkhanis: checking vs drawing
        except RecordError as e:
            self.show_home() if not self.embed else self.show_embed_error()
            self.flash(self.record_error(e))
            return True
        self.ctl.open(session)
        # the view the link was made on (a tournament's overview...): shown if the game has it
        self.play.board_view = str(_query().get("show", ""))[:40]
        self.show_play()
        if not self.embed:
            self.flash(self.t("play.unsaved"), "info")
        return True

    def fetch_game(self, gid: str, again) -> None:
        """An action needed the game ``gid`` before its files were in place
        (offline, before the page had stored them): fetch them in the
        background (from the offline cache), then do the action again; if
        they cannot be had, say so and change nothing."""
        import _plateau_games  # the boot module's (static/pyodide-boot.mjs)
        from pyodide.ffi import create_once_callable, to_js

        g = home_games().get(gid)
        name = g.name(self.lang) if g is not None else gid or "Plateau"  # "": the standard library's later part
        wait = self.t("game.fetching", name=name)
        self.flash(wait, "info")
        self._waiting = token = object()

        def done(_):
            if self.forget_messages(wait):
                self.draw_messages()
            if self._waiting is token:  # e.g. "Rules", then "Plateau" while they came: the home stays
                self._waiting = None
                again()

        def failed(err):
            self.forget_messages(wait)
            self.flash(self.t("err.game_files", name=name))
            box = by_id("messages")
            if box is not None:  # the button pressed may be far down a phone's screen: the reason comes into view
                box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))

        _plateau_games.fetch(gid).then(create_once_callable(done), create_once_callable(failed))

    def show_embed_error(self) -> None:
        clear(self.root)
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        self.draw_messages()

    # -- routing: the browser's Back goes back inside Plateau ---------------------
    def remember(self, screen: str, **data) -> bool:
        """``screen`` is now shown: give it its entry in the browser's history (the
        first one replaces the page's own entry; a redraw adds none).
        Returns whether an entry was added (Back then leads to the screen
        shown before). A screen other than the one shown starts at its top."""
        self.screen = screen
        state = {"plateau": screen, **{k: str(v) for k, v in data.items()}}
        if state != self._shown:
            self._shown = state
            self._waiting = None  # another screen: what was asked on the one before is not done late
            js.window.scrollTo(0, 0)  # e.g. "Start" at the foot of a long form on a phone
        if self._routing or self.embed:  # an embed must not fill its host page's history
            return False
        try:
            current = nn(js.history.state)
            current = current.to_py() if current is not None and hasattr(current, "to_py") else current
        except Exception:
            current = None
        if current == state:  # a redraw, or the entry a reload kept
            self._routed = True
            return False
        entry = js.Object.fromEntries([[k, v] for k, v in state.items()])
        url = str(js.location.pathname) + str(js.location.search) + str(js.location.hash)
        if not self._routed:
            js.history.replaceState(entry, "", url)
            self._routed = True
            return False
        js.history.pushState(entry, "", url)
        return True

    def on_pop(self, e) -> None:
        """Back or Forward: show the screen of that history entry."""
        state = nn(e.state)
        try:
            state = state.to_py() if state is not None and hasattr(state, "to_py") else None
        except Exception:
            state = None
        if not isinstance(state, dict) or "plateau" not in state:
            return
        screen, gid = state["plateau"], state.get("game")
        self._routing = True
        try:
            if screen == "play" and self.session is not None:
                self.show_play()
            elif screen == "rules" and get_game(gid or ""):
                self.show_rules(gid)
            elif screen == "new" and get_game(gid or ""):
                self.show_new(gid)
            else:
                self.show_home()
        finally:
            self._routing = False

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
            self.show_rules(self.rules.gid)
        elif self.screen == "new" and self.new.gid:
            before = self.new.setup_form
            self.new_like(self.new.gid, self.new.form_values())  # what was typed stays
            after = self.new.setup_form
            if before is not None and after is not None and after is not before:
                after.keep(before)  # a tournament's tables as the organiser left them
        else:
            self.show_home()

    # -- the screens ------------------------------------------------------------------
    def show_home(self) -> None:
        self.home.show_home()

    def show_new(self, gid: str, values: list | None = None) -> None:
        self.new.show_new(gid, values)

    def new_like(self, gid: str, values: list) -> None:
        """The new-game form of ``gid`` holding ``values`` (NewGameView.form_values)."""
        self.new.show_new(gid, values)

    def new_game(self, gid, names, options, seed, save: bool = True, computers: dict | None = None) -> None:
        self.new.new_game(gid, names, options, seed, save, computers)

    def resume(self, entry: str, quiet: bool = False) -> bool:
        return self.new.resume(entry, quiet)

    def show_play(self) -> None:
        self.play.show_play()

    def show_rules(self, gid: str) -> None:
        self.rules.show_rules(gid)

    def header(self, *extra):
        """The top bar: the brand (home), what the screen adds (a title, its
        tools) and the language switch. On a phone the tools fold behind a
        menu button so that the bar keeps one row."""
        other = "en" if self.lang == "fr" else "fr"
        bar = el("header", {"cls": "top"},
                 el("a", {"cls": "brand", "href": "#", "text": self.t("app.title")},
                    on={"click": lambda e: (e.preventDefault(), self.go_home())}),
                 *extra)
        navs = [x for x in extra if getattr(x, "tagName", "").lower() == "nav"]
        if navs:
            menu = button("☰", lambda: _show_menu(bar, not bar.classList.contains("open")), cls="menu",
                          aria_label=self.t("nav.menu"), data_action="menu")
            menu.setAttribute("aria-expanded", "false")
            bar.appendChild(menu)
            for nav in navs:
                listen(nav, "click", _fold_menu)
        bar.appendChild(button(self.t("nav.lang"), lambda: self.set_lang(other), cls="lang",
                               title=self.t("nav.lang.title"), data_testid="lang"))
        return bar

    def go_home(self) -> None:
        self._waiting = None  # the home asked for: what was asked before is not done late
        if str(js.location.hash or "").startswith("#g="):
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
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


def _fold_menu(event) -> None:
    """A tool chosen from the phone's menu folds the menu again (its dialog or
    screen is what the player wants to see next)."""
    if closest(event.target, "button, a") is None:
        return
    top = closest(event.currentTarget, "header")
    if top is not None and top.classList.contains("open"):
        _show_menu(top, False)


def _show_menu(top, opened: bool) -> None:
    """The phone's menu of the top bar ``top`` opened or folded, its button saying which."""
    top.classList.toggle("open", opened)
    toggle = top.querySelector('[data-action="menu"]')
    if toggle:
        toggle.setAttribute("aria-expanded", "true" if opened else "false")


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
    app = None
    try:
        app = App()
        app.start()
    except Exception as err:
        traceback.print_exc()
        document.documentElement.setAttribute("data-error", "start")
        lang = app.lang if app is not None else DEFAULT_LANG
        msg = tr(CATALOGUE, lang, "err.internal", msg=f"{type(err).__name__}: {err}")
        try:
            js.window.plateauBootFailed(msg)  # boot.js: the message and the ways out
        except Exception:
            text = by_id("loading-text")
            if text is not None:
                text.textContent = msg
        raise
    return app
