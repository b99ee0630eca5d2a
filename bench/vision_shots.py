"""Each game's play screen as a person with protanopia, deuteranopia or
tritanopia sees it (issue 42): Chromium's own simulation, DevTools'
``Emulation.setEmulatedVisionDeficiency``, on a position in play of every
game (``tests/browser/legible.py``'s positions, with more players where the
game takes them), on a desktop (1440×900) and a phone (375×667, touch).

    python3 bench/vision_shots.py [--site DIR] [--out /tmp/wt42b-shots] [--games smallworld,thorval]

Writes ``<game>-<device>-<deficiency>.png`` (and ``-none`` for normal vision)
into ``--out``: screenshots to look at, not a test (the test that the
players' colours stay apart is ``tests/core/test_marks.py``)."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "scripts"), str(ROOT / "tests" / "browser"), str(ROOT / "bench")]

from browser import CHROMIUM_ARGS, chromium_path, playwright_driver, served, site_dir  # noqa: E402

from plateau.core.record import Record, encode  # noqa: E402
from plateau.core.registry import get_game  # noqa: E402
from plateau.web.session import Session  # noqa: E402

DEFICIENCIES = ("none", "protanopia", "deuteranopia", "tritanopia")
DEVICES = {"desktop": {"viewport": {"width": 1440, "height": 900}, "service_workers": "block"},
           "phone": {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True,
                     "service_workers": "block"}}
# game -> (players, plies played at random): as many players as the game takes, pieces of each on the board
POSITIONS = {"thud": (2, 10), "armadora": (4, 24), "troy": (4, 24), "thorval": (6, 20), "smallworld": (5, 30),
             "arkhanis": (6, 30)}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def fragment(gid: str, seed: int = 4) -> str:
    n, plies = POSITIONS[gid]
    g = get_game(gid)
    s = Session(Record(gid, g.full_options({}), seed, NAMES[:n], []))
    rnd = random.Random(1)
    while s.total < plies and not s.state.is_over():
        s.play(rnd.choice(s.legal()))
    return "#g=" + encode(s.snapshot())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site")
    ap.add_argument("--out", default="/tmp/wt42b-shots")
    ap.add_argument("--games", default=",".join(POSITIONS))
    ap.add_argument("--devices", default=",".join(DEVICES))
    ap.add_argument("--chromium")
    ap.add_argument("--headed", action="store_true")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with site_dir(args.site) as site, served(site) as url, playwright_driver() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(args), args=CHROMIUM_ARGS, headless=not args.headed)
        try:
            for dev in args.devices.split(","):
                ctx = browser.new_context(**DEVICES[dev])
                page = ctx.new_page()
                cdp = ctx.new_cdp_session(page)
                for gid in args.games.split(","):
                    page.goto("about:blank")
                    page.goto(url + "/" + fragment(gid))
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                    page.wait_for_selector("#board")
                    if page.locator("#pass-screen").count():
                        page.click('[data-action="reveal"]')
                    page.wait_for_selector("#board svg")
                    page.wait_for_timeout(300)  # the board's last layout
                    for d in DEFICIENCIES:
                        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": d})
                        path = out / f"{gid}-{dev}-{d}.png"
                        page.screenshot(path=str(path), full_page=dev == "desktop")
                        print(path)
                    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
                ctx.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
