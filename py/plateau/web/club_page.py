"""Club mode on the page: the host's devices panel on the play screen, a
guest's join screen, and the browser's part of the connection (WebRTC data
channels, QR codes drawn and read, the camera). What is sent and checked is
``club.py`` (pure Python); this module only carries it.

The browser's part is static/page/club.mjs. The QR libraries are vendored by
the build (``scripts/sitebuild/club_libraries.py``: ``CLUB_VENDOR``) and loaded
when first needed; the browser's ``BarcodeDetector`` reads the camera where it
exists, jsQR elsewhere."""

from __future__ import annotations

import asyncio
import json
import secrets
import traceback

import js
from pyodide.ffi import create_proxy

from plateau.core.i18n import tr

from . import club
from .club import Guest, Referee, Refused
from .controller import Change, MoveRefused
from .dom import button, by_id, clear, el, listen, tried_again
from .lazy_files import game_missing
from .view import View

QR_DRAW = "static/vendor/qrcode-generator-2.0.4/qrcode.js"
QR_READ = "static/vendor/jsqr-1.4.0/jsQR.js"
DEVICES = ("a", "b", "c", "d", "e")
PLAN_KEY = "club:"  # + saved game id: the host's devices (kept with the game: a reload brings them back)
GUEST_KEY = "club-guest"
#: a code read and no link this long after: the devices do not reach each other (said on the host's screen)
LINK_WAIT_S = 10
TAB_KEY = "plateau:club-tab"  # sessionStorage: this tab's name (club.held_elsewhere)
HELLO_AGAIN_S = 3  # a guest connected but not yet welcomed says hello again this often (a few times)
HELLO_TRIES = 6

TEXT = {
    "fr": {
        "devices": "Plusieurs appareils",
        "devices.help": "Chaque joueur peut jouer sur son propre appareil (téléphone, tablette) : choisissez "
                        "où se joue chaque place. Cet appareil arbitre la partie et la garde.",
        "where": "{name} joue",
        "here": "ici",
        "device": "sur l'appareil {d}",
        "computer": "ordinateur",
        "spectator": "Un appareil spectateur (vue publique)",
        "start": "Jouer sur plusieurs appareils",
        "stop": "Tout jouer sur cet appareil",
        "dev": "Appareil {d}",
        "dev.seats": "Appareil {d} — {names}",
        "dev.public": "Appareil {d} — spectateur",
        "dev.table": "Table {t} — assis maintenant : {names}",
        "dev.table.empty": "Table {t} — personne à jouer ici maintenant",
        "table.where": "Table {t} ({names})",
        "table.here": "sur cet appareil",
        "table.own": "sur son propre appareil",
        "tables.help": "Chaque table peut jouer sur son appareil : il tient les participants assis à cette "
                       "table au moment où ils jouent (qui change de table joue ensuite sur l'appareil de sa "
                       "nouvelle table). Les participants joués par l'ordinateur restent sur cet appareil, "
                       "qui montre la vue d'ensemble et le classement.",
        "guest.table": "Table {t} — relié à l'appareil qui accueille. Assis ici maintenant : {names}.",
        "guest.table.empty": "Table {t} — relié à l'appareil qui accueille. Personne à jouer ici maintenant.",
        "guest.turn": "Joue ici maintenant : {name} (table {t}).",
        "guest.idle": "Personne ne joue ici maintenant : on attend les autres tables.",
        "guest.idle.who": "Personne ne joue ici maintenant. En attente : {what}.",
        "st.waiting": "pas encore relié",
        "st.connected": "relié",
        "st.lost": "déconnecté : montrez-lui un nouveau code",
        "st.apart": "injoignable depuis cet appareil : vérifiez le réseau, puis un nouveau code",
        "apart": "L'appareil {d} ne s'est pas relié : les deux appareils ne se joignent pas. Un Wi-Fi invité "
                 "isole souvent les appareils : mettez-les sur un même Wi-Fi ordinaire ou sur le partage de "
                 "connexion d'un téléphone, puis montrez un nouveau code.",
        "code.show": "Montrer un code",
        "code.new": "Nouveau code",
        "code.step1": "1. Sur l'autre appareil, scannez ce code (ou ouvrez le lien, ou collez le texte).",
        "code.step2": "2. Puis lisez ici le code qu'il affiche :",
        "code.copy": "Copier",
        "code.link": "Lien",
        "code.text": "Le code pour l'autre appareil, en texte",
        "join.text": "La réponse pour l'appareil qui accueille, en texte",
        "code.paste": "Coller le code de l'autre appareil",
        "code.read": "Relier",
        "code.scan": "Scanner",
        "code.stop": "Arrêter la caméra",
        "code.making": "Préparation du code…",
        "fail": "Les appareils ne se relient pas ? Ils doivent être sur le même Wi-Fi (un réseau invité "
                "isole souvent les appareils) ou sur le partage de connexion d'un des téléphones. Puis "
                "demandez un nouveau code.",
        "join.title": "Rejoindre une partie",
        "join.help": "Montrez ce code à l'appareil qui accueille la partie (il le scanne, ou collez-lui le "
                     "texte).",
        "join.paste": "Code de l'appareil qui accueille",
        "join.go": "Rejoindre",
        "join.elsewhere": "Cet appareil a déjà rejoint la partie dans un autre onglet ou une autre fenêtre de "
                          "ce navigateur : continuez-y (ou fermez-le, puis rechargez cette page).",
        "join.used": "Ce code a déjà servi. L'appareil qui accueille la partie peut en montrer un nouveau "
                     "pour cet appareil : scannez-le ou collez-le ici.",
        "join.wait": "En attente de l'appareil qui accueille…",
        "join.for.table": "Ce code est pour {game}, l'appareil de la table {t}.",
        "join.for.seats": "Ce code est pour {game} : cet appareil jouera {names}.",
        "join.for.public": "Ce code est pour {game}, en spectateur (vue publique).",
        "join.for.unknown": "Ce code ne dit pas pour quelle partie il est (appareil qui accueille d'une autre "
                            "version de Plateau).",
        "code.nocamera": "Pas de caméra utilisable sur cet appareil (aucune, ou page ouverte sans https) : "
                         "collez le code dans la case.",
        "code.rejoin": "Scanner ou coller un nouveau code",
        "join.connected": "Relié : la partie arrive.",
        "guest.on": "Relié à l'appareil qui accueille — vous jouez : {names}.",
        "guest.public": "Relié à l'appareil qui accueille — vue spectateur.",
        "guest.off": "Déconnecté : vous ne pouvez pas jouer. Demandez un nouveau code à l'appareil qui "
                     "accueille, puis scannez-le ou collez-le.",
        "guest.sent": "Coup envoyé…",
        "guest.refused": "Coup refusé par l'appareil qui accueille : {text}",
        "guest.version": "Cet appareil et celui qui accueille n'ont pas la même version de Plateau ({text}) "
                         "Rechargez les deux pages pendant qu'ils sont en ligne, puis reliez-les à nouveau.",
        "log": "Journal des appareils",
        "awake.on": "L'écran reste allumé tant que la partie se joue sur plusieurs appareils.",
        "awake.no": "Ce navigateur ne peut pas garder l'écran allumé ici : réglez la mise en veille de "
                    "l'appareil pour la soirée (un écran verrouillé coupe la liaison).",
        "how": "Comment ça marche",
    },
    "en": {
        "devices": "Several devices",
        "devices.help": "Each player may play on their own device (phone, tablet): choose where each seat "
                        "plays. This device referees the game and keeps it.",
        "where": "{name} plays",
        "here": "here",
        "device": "on device {d}",
        "computer": "computer",
        "spectator": "A spectator device (public view)",
        "start": "Play on several devices",
        "stop": "Play everything on this device",
        "dev": "Device {d}",
        "dev.seats": "Device {d} — {names}",
        "dev.public": "Device {d} — spectator",
        "dev.table": "Table {t} — seated now: {names}",
        "dev.table.empty": "Table {t} — nobody to play here now",
        "table.where": "Table {t} ({names})",
        "table.here": "on this device",
        "table.own": "on its own device",
        "tables.help": "Each table can play on its own device: it holds the participants seated at that "
                       "table when they play (whoever changes tables then plays on their new table's "
                       "device). The participants the computer plays stay on this device, which shows the "
                       "overview and the standings.",
        "guest.table": "Table {t} — connected to the host. Seated here now: {names}.",
        "guest.table.empty": "Table {t} — connected to the host. Nobody to play here now.",
        "guest.turn": "Playing here now: {name} (table {t}).",
        "guest.idle": "Nobody plays here now: waiting for the other tables.",
        "guest.idle.who": "Nobody plays here now. Waiting: {what}.",
        "st.waiting": "not paired yet",
        "st.connected": "connected",
        "st.lost": "disconnected: show it a new code",
        "st.apart": "cannot be reached from this device: check the network, then a new code",
        "apart": "Device {d} did not connect: the two devices cannot reach each other. A guest Wi-Fi often "
                 "keeps devices apart: put both on one ordinary Wi-Fi or on one phone's hotspot, then show a "
                 "new code.",
        "code.show": "Show a code",
        "code.new": "New code",
        "code.step1": "1. On the other device, scan this code (or open the link, or paste the text).",
        "code.step2": "2. Then read here the code it shows:",
        "code.copy": "Copy",
        "code.link": "Link",
        "code.text": "The code for the other device, as text",
        "join.text": "The answer for the host, as text",
        "code.paste": "Paste the other device's code",
        "code.read": "Connect",
        "code.scan": "Scan",
        "code.stop": "Stop the camera",
        "code.making": "Making the code…",
        "fail": "The devices do not connect? They must be on the same Wi-Fi (a guest network often keeps "
                "devices apart) or on one phone's hotspot. Then ask for a new code.",
        "join.title": "Join a game",
        "join.help": "Show this code to the device hosting the game: it scans it, or copy the text into it.",
        "join.paste": "The host's code",
        "join.go": "Join",
        "join.elsewhere": "This device already joined the game in another tab or window of this browser: go on "
                          "there (or close it, then reload this page).",
        "join.used": "This code was already used. The device hosting the game can show a new one for this "
                     "device: scan it or paste it here.",
        "join.wait": "Waiting for the host…",
        "join.for.table": "This code is for {game}, the device of table {t}.",
        "join.for.seats": "This code is for {game}: this device will play {names}.",
        "join.for.public": "This code is for {game}, as a spectator (public view).",
        "join.for.unknown": "This code does not say which game it is for (a host on another version of "
                            "Plateau).",
        "code.nocamera": "No camera can be used on this device (none, or the page was not opened over https): "
                         "paste the code into the box.",
        "code.rejoin": "Scan or paste a new code",
        "join.connected": "Connected: the game is coming.",
        "guest.on": "Connected to the host — you play: {names}.",
        "guest.public": "Connected to the host — spectator view.",
        "guest.off": "Disconnected: you cannot play. Ask the host for a new code, then scan it or paste it.",
        "guest.sent": "Move sent…",
        "guest.refused": "Move refused by the host: {text}",
        "guest.version": "This device and the host do not run the same version of Plateau ({text}) "
                         "Reload both pages while they are online, then pair them again.",
        "log": "Devices' log",
        "awake.on": "This screen stays on while the game is played on several devices.",
        "awake.no": "This browser cannot keep the screen on here: set the device's sleep delay for the "
                    "evening (a locked screen cuts the link).",
        "how": "How it works",
    },
}


def _now() -> float:
    return float(js.performance.now())


class ClubPage(View):
    """Club mode's screens and connections: the host's referee or this
    device's guest role, and the panel each shows on the play screen."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.C = None  # the JS glue
        self.referee: Referee | None = None
        self.guest: Guest | None = None
        self.conns: dict[str, str] = {}  # host: connection id -> device
        self.codes: dict[str, str] = {}  # host: device -> its offer code shown
        self.apart: set[str] = set()  # host: devices whose code was read and that never linked
        self.joining = ""  # guest: the nonce of the code it answered
        self.connected = False
        self.welcomed = False  # guest: the host answered this connection's hello
        self.holding = False  # guest: this tab says that it holds the pairing (hold_pairing)
        self.note = ""
        self._players: list[str] = []  # host: the game whose devices are planned (its players, its game)
        self._gid = ""
        self.awake = "off"  # the screen kept on (static/page/club.mjs keepAwake): "on", "unavailable", "refused"
        self._awake_wanted = False
        # the first listener: the other devices get a move before this page draws it, and a game opened
        # is known to be played on several devices before anything is drawn or thought for it
        self.ctl.subscribe(self.on_change, first=True)

    def ct(self, key: str, **kw) -> str:
        return tr(TEXT, self.lang, key, **kw)

    # -- the browser's part ---------------------------------------------------------
    def glue(self):
        if self.C is None:
            self.C = js.plateauPage.club()  # static/page/club.mjs
            # a message that needs a game whose files are not in place yet: handled again once they are
            self.C.handler = create_proxy(tried_again(self.on_channel))
        return self.C

    async def qr_svg(self, text: str) -> str:
        C = self.glue()
        await C.load(QR_DRAW)
        return str(C.qr(text))

    def send(self, did: str, text: str) -> None:
        parts = club.frames(text)  # a long position in pieces that fit in a data channel's message
        for cid, d in self.conns.items():
            if d == did:
                for part in parts:
                    self.glue().send(cid, part)

    def on_channel(self, kind, cid, data) -> None:
        kind, cid, data = str(kind), str(cid), str(data)
        try:
            if self.referee is not None and cid in self.conns:
                self.host_channel(kind, cid, data)
            elif self.guest is not None and cid == "host":
                self.guest_channel(kind, data)
        except Exception as err:
            if game_missing(err) is not None:
                raise  # tried_again (glue): its files fetched, the message is handled again
            traceback.print_exc()

    # -- the host -----------------------------------------------------------------
    def plan_key(self) -> str:
        return PLAN_KEY + (self.ctl.save_id or "")

    def on_change(self, change: Change) -> None:
        kind = change.kind
        if self.guest is not None:
            if kind == "shown":
                self.draw_guest_panel()
            return
        if kind == "open":
            self.load_plan()
        elif kind == "shown":
            self.draw_host_panel()
        elif kind in ("move", "restore", "follow") and self.referee is not None:
            self.apply_away()  # a table device's participants change as they move between tables
            for did, text in self.referee.broadcast():
                self.send(did, text)
            self.glue().painted()

    def load_plan(self) -> None:
        """The game opened: its devices, if it is played on several (a host's
        reload brings them back; the guests pair again). A new game of the
        same people (a rematch...) keeps the devices paired: each device's
        seats follow its players, and each is sent the new game."""
        before, players, gid = self.referee, self._players, self._gid
        s = self.ctl.session
        self._players, self._gid = list(s.record.players), s.game.id
        if (before is not None and s.total == 0 and gid == s.game.id and self.ctl.save_id
                and not self.store.settings().get(self.plan_key())
                and any(d.connected for d in before.devices.values())):
            moved = club.people_moved(players, self._players)
            if moved is not None:
                self.referee = before.next_game(self.ctl, moved)
                self.codes = {}
                self.store.set_setting(self.plan_key(), self.referee.plan())
                self.apply_away()
                for did, text in self.referee.welcome_all():
                    self.send(did, text)
                return
        for cid in list(self.conns):
            self.glue().close(cid)
        self.conns, self.codes = {}, {}
        plan = self.store.settings().get(self.plan_key()) if self.ctl.save_id else None
        self.referee = None
        self.ctl.seat_devices({})
        if isinstance(plan, dict) and plan:
            try:
                self.referee = Referee(self.ctl, {d: [int(s) for s in v["seats"]] for d, v in plan.items()},
                                       {d: str(v.get("name", "")) for d, v in plan.items()},
                                       {d: int(v["table"]) for d, v in plan.items() if v.get("table") is not None})
            except (KeyError, TypeError, ValueError):
                self.referee = None
        if self.referee is None:
            self.stay_awake(False)
        self.apply_away()

    def apply_away(self) -> None:
        """The controller told which seats the other devices play now (one
        person left here then holds the device)."""
        if self.referee is not None:
            self.referee.refresh(settle=True)
        else:
            self.ctl.seat_devices({}, settle=True)

    def start_club(self, plan: dict[str, list[int]], tables: dict[str, int] | None = None) -> None:
        if self.ctl.save_id is None:
            self.ctl.autosave()
        tables = tables or {}
        self.referee = Referee(self.ctl, plan, {d: d.upper() for d in plan if d not in tables}, tables)
        self.store.set_setting(self.plan_key(), self.referee.plan())
        self.apply_away()
        self.app.show_play()

    def stop_club(self) -> None:
        for cid in list(self.conns):
            self.glue().close(cid)
        self.conns, self.codes = {}, {}
        self.referee = None
        self.stay_awake(False)
        self.store.set_setting(self.plan_key(), None)
        self.ctl.devices_gone()
        self.app.show_play()

    def host_channel(self, kind: str, cid: str, data: str) -> None:
        did = self.conns[cid]
        logged, quiet = len(self.referee.log), False
        try:
            if kind == "message":
                t0 = _now()
                out = self.referee.receive(did, data)
                for to, text in out:
                    self.send(to, text)
                if self.referee.devices[did].connected:
                    self.codes.pop(did, None)
                self.close_flooders()
                # a message past its device's allowance is left unread, and costs no drawing either
                quiet = not out and len(self.referee.log) == logged
                if not quiet:
                    js.console.debug(f"club: message from {did} handled in {_now() - t0:.1f} ms")
            elif kind == "close":
                self.referee.dropped(did)
                self.conns.pop(cid, None)
        finally:  # the panel tells what happened, whatever went wrong in between
            if not quiet:
                self.draw_devices()

    def close_flooders(self) -> None:
        """The connections of the devices the referee dropped for sending too many messages."""
        for did in self.referee.take_cut():
            for cid in [c for c, d in self.conns.items() if d == did]:
                self.glue().close(cid)
                self.conns.pop(cid, None)

    def draw_host_panel(self) -> None:
        """The devices' panel under the status line (a game with computer hooks:
        the guests build their position with the game's from_view)."""
        old = by_id("club")
        if old is not None:
            old.remove()
        s = self.ctl.session
        if s is None or self.embed or self.view_only or not has_club(s.game.id) or by_id("board") is None:
            return
        box = el("details", {"id": "club", "cls": "club", "open": self.referee is not None})
        box.appendChild(el("summary", {"text": self.ct("devices")}))
        box.appendChild(button(self.ct("how"), self.show_help, cls="small", data_action="club-help"))
        if self.referee is None:
            box.appendChild(self.plan_form())
        else:
            box.appendChild(el("div", {"id": "club-devices"}))
            box.appendChild(el("p", {"id": "club-awake", "cls": "club-help"}))
            box.appendChild(el("p", {"cls": "club-help", "text": self.ct("fail")}))
            box.appendChild(button(self.ct("stop"), self.stop_club, cls="small", data_action="club-stop"))
            box.appendChild(el("details", {"cls": "club-log"}, el("summary", {"text": self.ct("log")}),
                               el("ol", {"id": "club-log"})))
        board = by_id("board")
        if self.referee is not None:  # devices to pair or follow: above the board
            board.parentElement.insertBefore(box, board)
        else:  # an offer that stays out of the way of a game on one device: under the board and its panel
            board.parentElement.appendChild(box)
        if self.referee is not None:
            self.draw_devices()

    def stay_awake(self, on: bool, ask_before_leaving: bool = False) -> None:
        """While this device plays with others: its screen kept on (a phone
        that locks drops its connection), said in the panel; the host also
        asks before its page is closed or reloaded (every device would have to
        pair again)."""
        if not on and self.C is None:
            return  # club mode never used here: nothing to let go
        C = self.glue()
        C.askBeforeLeaving(ask_before_leaving)
        if on == self._awake_wanted:
            self.show_awake()
            return
        self._awake_wanted = on

        async def ask():
            self.awake = str(await C.keepAwake(on))
            self.show_awake()

        asyncio.ensure_future(ask())

    def show_awake(self) -> None:
        node = by_id("club-awake")
        if node is not None:
            node.textContent = ("" if not self._awake_wanted or self.awake == "off"
                                else self.ct("awake.on") if self.awake == "on" else self.ct("awake.no"))

    def show_help(self) -> None:
        self.app.show_rules(self.ctl.session.game.id)
        part = by_id("devices-help")
        if part is not None:
            part.scrollIntoView()

    def plan_form(self):
        s = self.ctl.session
        comp = self.ctl.computer_seats()
        live = s.state_at(s.total)
        if club.table_count(live):
            return self.tables_form(live, comp)
        form = el("div", {"cls": "club-plan"}, el("p", {"cls": "club-help", "text": self.ct("devices.help")}))
        for p, name in enumerate(s.record.players):
            if p in comp:
                form.appendChild(el("p", {"text": f"{self.ct('where', name=name)} : {self.ct('computer')}"}))
                continue
            sel = el("select", {"data-club-seat": p, "aria-label": self.ct("where", name=name)})
            sel.appendChild(el("option", {"value": "here", "text": self.ct("here")}))
            for d in DEVICES:
                sel.appendChild(el("option", {"value": d, "text": self.ct("device", d=d.upper())}))
            if p > 0 and len(s.record.players) - len(comp) >= 2:
                sel.value = DEVICES[0] if p == 1 else "here"
            form.appendChild(el("label", {"cls": "club-seat"}, el("span", {"text": self.ct("where", name=name)}), sel))
        form.appendChild(el("label", {"cls": "club-seat"},
                            el("input", {"type": "checkbox", "id": "club-spectator"}),
                            el("span", {"text": self.ct("spectator")})))

        def go():
            plan: dict[str, list[int]] = {}
            for node in js.document.querySelectorAll("[data-club-seat]"):
                v = str(node.value)
                if v != "here":
                    plan.setdefault(v, []).append(int(node.getAttribute("data-club-seat")))
            box = by_id("club-spectator")
            if box is not None and box.checked:
                spare = next(d for d in DEVICES + ("f", "g") if d not in plan)
                plan[spare] = []
            if plan:
                self.start_club(plan)

        form.appendChild(button(self.ct("start"), go, cls="primary", data_action="club-start"))
        return form

    def tables_form(self, live, comp):
        """A tournament: each table on this device or on its own."""
        names = self.ctl.session.record.players
        form = el("div", {"cls": "club-plan"}, el("p", {"cls": "club-help", "text": self.ct("tables.help")}))
        for ti in range(club.table_count(live)):
            t = club.table_label(ti)
            who = ", ".join(names[p] + (" (" + self.ct("computer") + ")" if p in comp else "")
                            for p in club.table_holds(live, ti))
            sel = el("select", {"data-club-table": ti, "aria-label": self.ct("table.where", t=t, names=who)})
            sel.appendChild(el("option", {"value": "own", "text": self.ct("table.own")}))
            sel.appendChild(el("option", {"value": "here", "text": self.ct("table.here")}))
            form.appendChild(el("label", {"cls": "club-seat"},
                                el("span", {"text": self.ct("table.where", t=t, names=who)}), sel))
        form.appendChild(el("label", {"cls": "club-seat"},
                            el("input", {"type": "checkbox", "id": "club-spectator"}),
                            el("span", {"text": self.ct("spectator")})))

        def go():
            tables: dict[str, int] = {}
            for node in js.document.querySelectorAll("[data-club-table]"):
                if str(node.value) == "own":
                    ti = int(node.getAttribute("data-club-table"))
                    tables["t" + club.table_label(ti)] = ti
            plan: dict[str, list[int]] = {d: [] for d in tables}
            box = by_id("club-spectator")
            if box is not None and box.checked:
                plan["tv"] = []
            if plan:
                self.start_club(plan, tables)

        form.appendChild(button(self.ct("start"), go, cls="primary", data_action="club-start"))
        return form

    def draw_devices(self) -> None:
        box = by_id("club-devices")
        if box is None or self.referee is None:
            return
        clear(box)
        names = self.ctl.session.record.players
        for dev in self.referee.devices.values():
            held = self.referee.holds(dev)
            if dev.table is not None:
                t = club.table_label(dev.table)
                label = (self.ct("dev.table", t=t, names=", ".join(names[p] for p in held)) if held
                         else self.ct("dev.table.empty", t=t))
            else:
                label = (self.ct("dev.seats", d=dev.id.upper(), names=", ".join(names[p] for p in dev.seats))
                         if dev.seats else self.ct("dev.public", d=dev.id.upper()))
            state = ("connected" if dev.connected else "lost" if dev.done or dev.sent_serial
                     else "apart" if dev.id in self.apart else "waiting")
            row = el("div", {"cls": "club-device", "data-device": dev.id, "data-state": state},
                     el("strong", {"text": label}), " · ", el("span", {"cls": "club-state",
                                                                     "text": self.ct("st." + state)}))
            if not dev.connected:
                row.appendChild(button(self.ct("code.show" if dev.id not in self.codes else "code.new"),
                                       lambda d=dev.id: asyncio.ensure_future(self.make_offer(d)),
                                       cls="small", data_action="club-code"))
            box.appendChild(row)
            code = self.codes.get(dev.id)
            if code and not dev.connected:
                box.appendChild(self.code_box(dev.id, code))
        linked = any(dev.connected for dev in self.referee.devices.values())
        self.stay_awake(linked, ask_before_leaving=linked)
        log = by_id("club-log")
        if log is not None:
            clear(log)
            for line in self.referee.log[-20:]:
                log.appendChild(el("li", {"text": line}))

    def join_link(self, code: str) -> str:
        return str(js.location.origin) + str(js.location.pathname) + "#join=" + code

    def code_box(self, did: str, code: str):
        link = self.join_link(code)
        box = el("div", {"cls": "club-code", "data-code-for": did})
        box.appendChild(el("p", {"text": self.ct("code.step1")}))
        box.appendChild(el("div", {"cls": "club-qr", "data-qr": did}))
        box.appendChild(el("textarea", {"cls": "club-text", "readonly": True, "rows": 3, "data-offer": did,
                                        "aria-label": self.ct("code.text"), "text": link}))
        box.appendChild(el("div", {"cls": "club-row"},
                           button(self.ct("code.copy"), lambda: js.navigator.clipboard.writeText(link), cls="small"),
                           el("a", {"href": link, "target": "_blank", "rel": "noopener", "text": self.ct("code.link")})))
        box.appendChild(el("p", {"text": self.ct("code.step2")}))
        area = el("textarea", {"cls": "club-text", "rows": 3, "data-answer": did,
                               "aria-label": self.ct("code.paste"), "placeholder": self.ct("code.paste")})
        box.appendChild(area)
        box.appendChild(el("div", {"cls": "club-row"},
                           button(self.ct("code.read"), lambda: self.read_answer(did), cls="primary",
                                  data_action="club-read"),
                           self.scan_button(area, lambda: asyncio.ensure_future(self.scan_into(area)))))
        asyncio.ensure_future(self.fill_qr(box, link))
        return box

    async def fill_qr(self, box, text: str) -> None:
        try:
            svg = await self.qr_svg(text)
        except Exception:
            traceback.print_exc()
            return
        node = box.querySelector(".club-qr")
        if node is not None:
            node.innerHTML = svg  # the library's own drawing (an SVG of squares): no user text in it

    async def make_offer(self, did: str) -> None:
        self.codes.pop(did, None)  # a code works once: the one shown before is forgotten
        self.apart.discard(did)
        if not self.referee.devices[did].connected:  # and its connection, which waited for an answer, closed
            for cid in [c for c, d in self.conns.items() if d == did]:
                self.glue().close(cid)
                self.conns.pop(cid, None)
        self.draw_devices()
        nonce = self.referee.new_nonce(did)
        cid = "h-" + nonce
        self.conns[cid] = did
        try:
            sdp = await self.glue().offer(cid)
        except Exception as err:
            self.flash(str(err))
            return
        dev = self.referee.devices[did]  # its code says which game and whom it plays (a table: which one)
        names = self.ctl.session.record.players
        self.codes[did] = club.offer_code(nonce, self.ctl.save_id or "", did, str(sdp), game=self.ctl.session.game.id,
                                          names=[] if dev.table is not None else [names[p] for p in dev.seats],
                                          table=dev.table)
        self.draw_devices()

    def read_answer(self, did: str) -> None:
        area = js.document.querySelector(f'[data-answer="{did}"]')
        text = str(area.value) if area is not None else ""
        asyncio.ensure_future(self.accept(text))

    async def accept(self, text: str) -> None:
        try:
            got = club.read_code(text, "a")
            did = self.referee.accept_answer(got["nonce"])
        except Refused as r:
            self.flash(r.text or r.code)
            return
        cid = "h-" + got["nonce"]
        self.conns[cid] = did
        try:
            await self.glue().accept(cid, got["sdp"])
        except Exception as err:
            self.flash(f"{self.ct('fail')} ({err})")
            return
        asyncio.ensure_future(self.watch_link(did, cid))

    async def watch_link(self, did: str, cid: str) -> None:
        """The device's answer was read: once it has had time to link and has
        not, the devices cannot reach each other (a guest Wi-Fi that keeps
        its devices apart, two networks): the host's screen says so."""
        await asyncio.sleep(LINK_WAIT_S)
        dev = self.referee.devices.get(did) if self.referee is not None else None
        if dev is None or dev.connected or self.conns.get(cid) != did:
            return
        self.apart.add(did)
        self.flash(self.ct("apart", d=dev.name.upper() if dev.table is None else dev.name))
        self.draw_devices()

    def scan_button(self, area, scan):
        """"Scan" beside the box a code is pasted into; where this device has
        no camera it can use, a line says so instead (the box stays)."""
        b = button(self.ct("code.scan"), scan, cls="small", data_action="club-scan")
        asyncio.ensure_future(self.no_camera_here(b))
        return b

    async def no_camera_here(self, b) -> None:
        if await has_camera():
            return
        if b.parentElement is not None:
            b.replaceWith(el("span", {"cls": "club-nocamera", "data-nocamera": "", "text": self.ct("code.nocamera")}))

    async def scan_into(self, area) -> None:
        parent = area.parentElement
        scans = list(parent.querySelectorAll('[data-action="club-scan"]'))
        for b in scans:  # one scan at a time
            b.disabled = True
        C = self.glue()
        video = el("video", {"cls": "club-video", "playsinline": True, "muted": True})
        holder = el("div", {"cls": "club-scan"}, video,
                    button(self.ct("code.stop"), lambda: C.stopScan(), cls="small", data_action="club-scan-stop"))
        parent.insertBefore(holder, area)
        C.scanStopped = False
        try:
            if not hasattr(js.window, "BarcodeDetector"):
                await C.load(QR_READ)
            text = await C.scan(video)
        except Exception as err:
            self.flash(str(err))
            return
        finally:
            holder.remove()
            for b in scans:
                b.disabled = False
        if text:  # nothing read (the player stopped): what was typed stays
            area.value = str(text)

    # -- a guest --------------------------------------------------------------------
    def join_screen(self, code: str) -> None:
        """``#join=<code>``: answer the host's code (once: a code already
        answered asks for a new one)."""
        self.guest = self.guest or Guest()
        saved = self.store.settings().get(GUEST_KEY)
        saved = saved if isinstance(saved, dict) else {}
        self.app.remember("join")
        clear(self.root)
        self.root.appendChild(self.app.header(el("span", {"cls": "game-title", "text": self.ct("join.title")})))
        self.root.appendChild(el("div", {"id": "messages", "cls": "messages"}))
        main = el("main", {"id": "club-join", "cls": "club-join"})
        self.root.appendChild(main)
        self.app.draw_messages()
        if club.held_elsewhere(saved, self.tab(), float(js.Date.now())):
            main.appendChild(el("p", {"cls": "club-help", "data-elsewhere": "", "text": self.ct("join.elsewhere")}))
            return
        try:
            got = club.read_code(code, "o") if code else None
        except Refused as r:
            self.flash(r.text)
            got = None
        if got is not None and club.answered_before(saved, got["nonce"]):  # the link of a code used before
            got = None
            main.appendChild(el("p", {"cls": "club-help", "text": self.ct("join.used")}))
        if got is None:
            area = el("textarea", {"cls": "club-text", "rows": 3, "data-join": "",
                                   "aria-label": self.ct("join.paste"), "placeholder": self.ct("join.paste")})
            main.appendChild(area)
            main.appendChild(el("div", {"cls": "club-row"},
                                button(self.ct("join.go"), lambda: self.join_screen(str(area.value)), cls="primary",
                                       data_action="club-join"),
                                self.scan_button(area, lambda: asyncio.ensure_future(self.scan_join(area)))))
            main.appendChild(el("p", {"cls": "club-help", "text": self.ct("fail")}))
            return
        main.appendChild(self.code_is_for(got.get("to") or {}))
        self.guest.game = saved.get("game", "") if saved.get("game") == got["game"] else self.guest.game
        self.store.set_setting(GUEST_KEY, club.guest_pairing(saved, got, self.tab(), float(js.Date.now())))
        asyncio.ensure_future(self.hold_pairing(self.guest))
        # the address names the code answered last (one pasted or scanned here): a reload finds it used
        js.history.replaceState(js.history.state, "", "#join=" + club.code_text(code))
        main.appendChild(el("p", {"id": "club-join-state", "text": self.ct("code.making")}))
        asyncio.ensure_future(self.answer(main, got))

    def tab(self) -> str:
        """This tab's name, kept across its reloads (sessionStorage), not shared with another tab."""
        name = js.sessionStorage.getItem(TAB_KEY)
        if not name:
            name = secrets.token_hex(6)
            js.sessionStorage.setItem(TAB_KEY, name)
        return str(name)

    async def hold_pairing(self, g: Guest) -> None:
        """While this tab is the guest, it says so (another tab of the browser then answers no code);
        closed, it lets go at once."""
        if self.holding:
            return
        self.holding = True
        listen(js.window, "pagehide", lambda e: self.let_go())
        while self.guest is g:
            await asyncio.sleep(club.TAB_ALIVE_MS / 1000)
            saved = self.store.settings().get(GUEST_KEY)
            if not isinstance(saved, dict) or saved.get("tab") != self.tab():
                return
            self.store.set_setting(GUEST_KEY, dict(saved, seen=float(js.Date.now())))

    def let_go(self) -> None:
        saved = self.store.settings().get(GUEST_KEY)
        if isinstance(saved, dict) and saved.get("tab") == self.tab():
            self.store.set_setting(GUEST_KEY, dict(saved, seen=0))

    def code_is_for(self, to: dict):
        """What the host's code says this device will be, shown before it connects."""
        from .home import home_games  # the game's name without its files

        g = home_games().get(to.get("gid", "")) if to else None
        if g is None:
            return el("p", {"id": "club-join-for", "text": self.ct("join.for.unknown")})
        game, names = g.name(self.lang), ", ".join(to["names"])
        if to.get("table") is not None:
            text = self.ct("join.for.table", game=game, t=club.table_label(to["table"]))
        elif names:
            text = self.ct("join.for.seats", game=game, names=names)
        else:
            text = self.ct("join.for.public", game=game)
        return el("p", {"id": "club-join-for", "cls": "club-for", "text": text})

    async def scan_join(self, area) -> None:
        await self.scan_into(area)
        if str(area.value):
            self.join_screen(str(area.value))

    async def answer(self, main, got: dict) -> None:
        try:
            sdp = await self.glue().answer("host", got["sdp"])
        except Exception as err:
            self.flash(f"{self.ct('fail')} ({err})")
            return
        self.joining = got["nonce"]
        code = club.answer_code(got["nonce"], str(sdp))
        state = by_id("club-join-state")
        if state is not None:
            state.textContent = self.ct("join.help")
        box = el("div", {"cls": "club-code", "data-code-for": "host"})
        box.appendChild(el("div", {"cls": "club-qr"}))
        box.appendChild(el("textarea", {"cls": "club-text", "readonly": True, "rows": 3, "data-answer-code": "",
                                        "aria-label": self.ct("join.text"), "text": code}))
        box.appendChild(el("div", {"cls": "club-row"},
                           button(self.ct("code.copy"), lambda: js.navigator.clipboard.writeText(code), cls="small")))
        box.appendChild(el("p", {"id": "club-wait", "text": self.ct("join.wait")}))
        box.appendChild(el("p", {"cls": "club-help", "text": self.ct("fail")}))
        main.appendChild(box)
        await self.fill_qr(box, code)

    def guest_channel(self, kind: str, data: str) -> None:
        g = self.guest
        if kind == "open":
            self.connected = True
            self.welcomed = False
            self.glue().send("host", g.hello(self.lang))
            asyncio.ensure_future(self.hello_again(g))
            wait = by_id("club-wait")
            if wait is not None:
                wait.textContent = self.ct("join.connected")
        elif kind == "close":
            self.connected = False
            self.ctl.join_host(self.relay)
            self.ctl.wait_for_host()  # not connected: no move can be made here (the panel says why)
            self.note = ""
            self.draw_guest_panel()
        elif kind == "message":
            was = g.game
            try:
                t = g.receive(data)
            except Refused as r:
                js.console.warn(f"club: a message from the host was refused: {r}")
                if r.code == "version":  # another Plateau on the host: the person must know what to do
                    self.note = self.ct("guest.version", text=r.text)
                    self.draw_guest_panel()
                return
            except (ValueError, KeyError, TypeError) as err:
                js.console.warn(f"club: a message from the host was not understood: {err}")
                return
            if t == "part":  # a piece of a longer message: the rest follows
                return
            if t in ("welcome", "state"):
                self.welcomed = True
            if t == "welcome" and was and g.game != was:  # the host started the next game: a dialog of the last goes
                box = by_id("dialog")
                if box is not None:
                    box.close()
            if t == "state":
                first = self.ctl.session is not g.session and (self.app.screen != "play"
                                                               or self.ctl.relay is None)
                self.ctl.join_host(self.relay)
                self.look_at_own_table(g)
                self.ctl.open_remote(g.session)
                if g.pending is not None:  # another device's move came first: this one's answer is on its way
                    self.ctl.wait_for_host()
                else:
                    self.note = ""
                if first:
                    self.app.show_play()
                else:
                    gains = g.turn_gains(self.lang)  # each participant's score, on their own device
                    if gains:
                        self.flash(" ".join(gains), "info")
                self.glue().painted()
            elif t == "ack":
                self.note = ""
                if self.ctl.waiting and g.session is not None and g.session.total >= g.acked:
                    # the position after the move came first (drawn while waiting): it may be played now
                    self.ctl.wait_for_host(False)
                    self.app.play.refresh()
            elif t == "error":
                code, text = g.errors[-1]
                self.ctl.wait_for_host(False)
                self.note = self.ct("guest.version" if code == "version" else "guest.refused", text=text or code)
                self.app.play.refresh()
            self.draw_guest_panel()

    def look_at_own_table(self, g: Guest) -> None:
        """A table's device shows its own table (see :meth:`Guest.board_view`)."""
        self.app.play.board_view = g.board_view(self.app.play.board_view, self.lang)

    async def hello_again(self, g: Guest) -> None:
        """Connected and still not welcomed: say hello again (the host
        answers every hello with the whole position, so a second one is
        harmless), a few times, while this connection lasts."""
        for _ in range(HELLO_TRIES):
            await asyncio.sleep(HELLO_AGAIN_S)
            if self.guest is not g or not self.connected or self.welcomed:
                return
            js.console.warn("club: no answer from the host yet; hello again")
            self.glue().send("host", g.hello(self.lang))

    def relay(self, text: str, seat: int) -> None:
        if not self.connected:
            raise MoveRefused("offline", self.ct("guest.off"))
        msg = self.guest.move(text, seat)
        self.note = self.ct("guest.sent")
        self.glue().send("host", msg)
        self.draw_guest_panel()

    def draw_guest_panel(self) -> None:
        if self.guest is None or self.guest.session is None or by_id("board") is None:
            return
        box = by_id("club")
        if box is None:
            box = el("div", {"id": "club", "cls": "club guest", "role": "status"})
            by_id("board").parentElement.insertBefore(box, by_id("board"))
        clear(box)
        players = self.ctl.session.record.players
        names = [players[p] for p in self.guest.seats]
        table = self.guest.table
        turn = ""
        if not self.connected:
            text = self.ct("guest.off")
        elif table is not None:
            t = club.table_label(table)
            text = (self.ct("guest.table", t=t, names=", ".join(names)) if names
                    else self.ct("guest.table.empty", t=t))
            here = self.guest.session.positions.mover  # the one this device plays for now, whoever else is asked first
            if here is not None:
                turn = self.ct("guest.turn", name=players[here], t=t)
            elif names:
                st = self.guest.session.state
                what = "" if st.is_over() else st.waiting_status(self.lang)
                turn = self.ct("guest.idle.who", what=what) if what else self.ct("guest.idle")
        elif names:
            text = self.ct("guest.on", names=", ".join(names))
        else:
            text = self.ct("guest.public")
        box.setAttribute("data-connected", "yes" if self.connected else "no")
        box.appendChild(el("p", {"text": text}))
        if turn:
            box.appendChild(el("p", {"cls": "club-turn", "text": turn}))
        if self.note:
            box.appendChild(el("p", {"cls": "club-note", "text": self.note}))
        box.appendChild(el("p", {"id": "club-awake", "cls": "club-help"}))
        self.stay_awake(self.connected)
        if not self.connected:
            box.appendChild(button(self.ct("code.rejoin"), lambda: self.join_screen(""), cls="primary",
                                   data_action="club-rejoin"))
        js.document.documentElement.classList.add("club-guest")


async def has_camera() -> bool:
    """Whether the page may film: a camera is there and the page may ask for
    it (a page opened over plain http from another machine has no
    ``mediaDevices``). Unknown (the list refused) counts as a camera: the
    scan then says what went wrong."""
    media = getattr(js.navigator, "mediaDevices", None)
    if media is None or getattr(media, "getUserMedia", None) is None:
        return False
    try:
        found = await media.enumerateDevices()
    except Exception:
        return True
    return any(str(d.kind) == "videoinput" for d in found)


def has_club(gid: str) -> bool:
    """Whether the game may be played on several devices: a guest rebuilds
    the host's position from its view (the game's ``fromview`` module)."""
    import importlib.util

    try:
        return importlib.util.find_spec(f"plateau.games.{gid}.fromview") is not None
    except (ImportError, ValueError):
        return False


def json_dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))
