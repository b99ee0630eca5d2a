"""Club mode: a move made on one device, painted on the other, over loopback.

    python3 bench/bench_club.py [--site DIR] [--moves 30] [--game thud] [--tables] [--junk 1000]

Two separate Chromium browsers (a host and a guest) pair through the text
codes, then play ``--moves`` moves of a game by clicking with the mouse, in
turn. For each move: from the ``pointerdown`` of the click that completes it
on one device to the frame after the position reached the other device's
page (and, for a guest's move, back on the guest itself: the host's answer).
Times are read in each page as ``performance.timeOrigin + performance.now()``
(both browsers run on this machine, on its clock). bench/HISTORY.md has the
figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "scripts"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

from plateau.web.session import Session  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
DOWNS = "document.addEventListener('pointerdown', () => (window.benchDowns = window.benchDowns || [])" \
        ".push(performance.timeOrigin + performance.now()), true)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="an already built site (default: build one)")
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--game", default="thud")
    ap.add_argument("--tables", action="store_true",
                    help="an Arkhanis tournament: table 1 on the guest device, table 2 on the host")
    ap.add_argument("--junk", type=int, default=0,
                    help="a third browser, paired as a spectator device, sends this many junk messages "
                         "just before each of the guest's moves")
    args = ap.parse_args()
    if args.junk:
        return junk(args)
    url, srv = serve_site(args)
    import test_club_browser as T
    from harness import board_ply, open_app

    across, back = {"host→guest": [], "guest→host": []}, []
    with sync_playwright() as pw:
        browsers = [pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS) for _ in range(2)]
        h, g = [b.new_page(viewport={"width": 1280, "height": 900}) for b in browsers]
        for p in (h, g):
            p.on("dialog", lambda d: d.accept())
        if args.tables:
            start_tables(h, url)
            open_app(g, url)
            T.pair(h, g, T.offer(h, "t1"), "t1")
        else:
            T.start_club(h, url, args.game, 7)
            open_app(g, url)
            T.pair(h, g, T.offer(h))
        for p in (h, g):
            p.evaluate(DOWNS)
        rnd = random.Random(1)
        for _ in range(args.moves):
            s = Session(T.host_record(h))
            if s.state.is_over():
                break
            if args.tables:
                st = s.state
                me, other = (g, h) if st.seat_table[st.seat_of[st.to_play]] == 0 else (h, g)
                move = choose(s)
                reveal(me)
            else:
                me, other = (h, g) if s.state.to_play == 0 else (g, h)
                move = rnd.choice(s.legal())
            paints_other = other.evaluate("window.plateauClub.paints.length")
            paints_me = me.evaluate("window.plateauClub.paints.length")
            T.play(me, move, [other])
            other.wait_for_function(f"window.plateauClub.paints.length > {paints_other}")
            me.wait_for_function(f"window.plateauClub.paints.length > {paints_me}")
            down = me.evaluate("window.benchDowns[window.benchDowns.length - 1]")
            painted = other.evaluate(f"window.plateauClub.paints[{paints_other}]")
            across["host→guest" if me is h else "guest→host"].append(painted - down)
            if me is g:
                back.append(me.evaluate(f"window.plateauClub.paints[{paints_me}]") - down)
            assert board_ply(h) == board_ply(g)
        for b in browsers:
            b.close()
    srv.shutdown()
    print(f"club mode, {'arkhanis, one table per device' if args.tables else args.game}, {sum(len(v) for v in across.values())} moves over loopback (ms)")
    print(f"{'path':<34}{'n':>4}{'median':>9}{'p95':>9}{'max':>9}")
    rows = [(f"click on {k.split('→')[0]} → painted on {k.split('→')[1]}", v) for k, v in across.items()]
    rows.append(("click on guest → its own repaint", back))
    for name, xs in rows:
        if xs:
            xs = sorted(xs)
            p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
            print(f"{name:<34}{len(xs):>4}{statistics.median(xs):>9.1f}{p95:>9.1f}{max(xs):>9.1f}")


def serve_site(args):
    """The site (``--site``, else a fresh build in a temporary folder) served on
    the loopback: its address and its server (shut down by the caller)."""
    import subprocess
    import tempfile

    from serve import make_server

    site = args.site
    if not site:
        site = tempfile.mkdtemp(prefix="plateau-club-")
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", site], check=True,
                       stdout=subprocess.DEVNULL)
    srv = make_server(site, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_address[1]}/", srv


def junk(args) -> None:
    """A device that floods the host (``--junk`` messages, all at once) just
    before each of the honest guest's moves: how long that move takes to
    reach the host, and what became of the flooding device."""
    url, srv = serve_site(args)
    import test_club_browser as T
    from harness import open_app

    delays, states = [], []
    with sync_playwright() as pw:
        browsers = [pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS) for _ in range(3)]
        h, g, j = [b.new_page(viewport={"width": 1280, "height": 900}) for b in browsers]
        for p in (h, g, j):
            p.on("dialog", lambda d: d.accept())
        open_app(h, url, clear=True)
        h.click(f'[data-game="{args.game}"] [data-action="new"]')
        h.wait_for_selector("#new-game")
        h.click("details.seed summary")
        h.fill('input[name="seed"]', "7")
        h.click('#new-game button[type="submit"]')
        h.wait_for_selector("#board")
        h.click("#club summary")
        h.check("#club-spectator")
        h.click('[data-action="club-start"]')
        h.wait_for_selector('[data-device="b"]')
        for p, d in ((g, "a"), (j, "b")):
            open_app(p, url)
            T.pair(h, p, T.offer(h, d), d)
        g.evaluate(DOWNS)
        rnd = random.Random(1)
        for _ in range(args.moves):
            s = Session(T.host_record(h))
            if s.state.is_over() or len(delays) >= 4:
                break
            me, other = (h, g) if s.state.to_play == 0 else (g, h)
            if me is h:
                T.play(h, rnd.choice(s.legal()), [g])
                continue
            flood = not delays  # the first of the guest's moves follows the flood; the next ones do not
            if flood:
                j.evaluate("""(n) => { for (let k = 0; k < n; k++)
                    window.plateauClub.send('host', '{"v": 1, "t": "move", "junk": ' + k + '}'); }""", args.junk)
            paints = h.evaluate("window.plateauClub.paints.length")
            T.play(g, rnd.choice(s.legal()), [h])
            h.wait_for_function(f"window.plateauClub.paints.length > {paints}", timeout=120_000)
            down = g.evaluate("window.benchDowns[window.benchDowns.length - 1]")
            delays.append((flood, h.evaluate(f"window.plateauClub.paints[{paints}]") - down))
            h.wait_for_timeout(1000)
            states.append(h.get_attribute('[data-device="b"]', "data-state"))
        for b in browsers:
            b.close()
    srv.shutdown()
    print(f"club mode, {args.game}: a spectator device sends {args.junk} junk messages just before the guest's move")
    for k, ((flood, d), st) in enumerate(zip(delays, states)):
        print(f"  guest's move {k + 1}{' (after the flood)' if flood else ''}: click on guest → painted on host "
              f"{d:.0f} ms; the spectator device then: {st}")


def start_tables(h, url) -> None:
    """The organiser's tournament (6 participants, 2 tables, turn 1's auction): table 1 on its own device."""
    from harness import open_app

    open_app(h, url, clear=True)
    h.click('[data-game="arkhanis"] [data-action="new"]')
    h.wait_for_selector("form.ak-setup")
    h.click('[data-action="no-events"]')
    h.select_option('[name="event1"]', "royal_treasure")
    h.click("details.seed summary")
    h.fill('input[name="seed"]', "11")
    h.click('#new-game button[type="submit"]')
    h.wait_for_selector("#board")
    h.click("#club summary")
    h.select_option('[data-club-table="1"]', "here")
    h.click('[data-action="club-start"]')
    h.wait_for_selector('[data-device="t1"]')


def reveal(page) -> None:
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')
        page.wait_for_selector("#pass-screen", state="detached")


def choose(session):
    from test_arkhanis_browser import choose as script

    return script(session)


if __name__ == "__main__":
    main()
