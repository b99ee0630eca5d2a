"""Small World and the Arkhanis tournament in Chromium, with the real pointer
(mouse on a desktop, touch on a phone): a redeployment in few clicks with a
status line that says what the next click does, the turn's gain shown to
the one who earned it before the device passes, the races and powers in play
explained one tap away, and an auction that names its lot.

Set ``PLATEAU_SHOTS`` to a folder to keep screenshots."""

from __future__ import annotations

import pytest

from plateau.core.record import Record, encode
from plateau.games.arkhanis import GAME as ARK
from plateau.games.smallworld import GAME

from harness import open_app, pointer_click, shot

DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True}

# a point inside a target's own shape, 8 px from any other element: scrolled into view first
_INSIDE = """(sel) => {
  const el = document.querySelector(sel);
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const mine = (x, y) => { const h = document.elementFromPoint(x, y); return h && h.closest('[data-target]') === el; };
  for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
    const x = r.left + r.width * i / 24, y = r.top + r.height * j / 24;
    if (x < 2 || y < 2 || x > innerWidth - 2 || y > innerHeight - 2) continue;
    if (mine(x, y) && [[8, 0], [-8, 0], [0, 8], [0, -8]].every(([dx, dy]) => mine(x + dx, y + dy))) return [x, y];
  }
  return null;
}"""


def press(page, sel: str, touch: bool) -> None:
    """A real click (or tap) inside the element ``sel``."""
    xy = page.evaluate(_INSIDE, sel)
    assert xy is not None, f"no point of {sel} is clear to click"
    if touch:
        page.touchscreen.tap(*xy)
    else:
        page.mouse.click(*xy)


def ply(page) -> int:
    return int(page.get_attribute("#board", "data-ply"))


def wait_ply(page, n: int) -> None:
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {n}")


def status(page) -> str:
    return page.inner_text("#status")


def redeploy_record():
    """Ann has picked her combo, conquered two regions and ended her conquests:
    she redeploys, tokens in hand."""
    s = GAME.start(["Ann", "Bob"], {}, 11)
    moves = ["pick:0"]
    s.play("pick:0")
    for _ in range(2):
        c = [m.text for m in s.legal_moves() if m.text.startswith("c:")]
        s.play(c[0])
        moves.append(c[0])
    s.play("end")
    moves.append("end")
    rec = s.recs[s.acting]
    assert s.phase == "redeploy" and rec.hand > 1 and len(s.regions_of(s.acting)) == 2
    return Record("smallworld", GAME.full_options({}), 11, ["Ann", "Bob"], moves), s.regions_of(s.acting)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_redeploy_in_few_clicks_then_the_turn_gain_before_the_pass_screen(browser, base_url, device):
    touch = device == "phone"
    rec, (a, b) = redeploy_record()
    ctx = browser.new_context(service_workers="block", **(PHONE if touch else DESKTOP))
    page = ctx.new_page()
    try:
        open_app(page, base_url, "#g=" + encode(rec))
        page.wait_for_selector("#board")
        if page.locator("#pass-screen").count():
            pointer_click(page, '[data-action="reveal"]', touch)
        page.wait_for_selector("#board svg")
        n = ply(page)
        assert "puts a token there (+1)" in status(page) or "y pose un jeton (+1)" in status(page)
        # "All tokens in hand" then region a: every token there
        pointer_click(page, '#tray [data-target="all"]', touch)
        press(page, f'#board .target[data-target="r{a}"]', touch)
        wait_ply(page, n + 1)
        text = status(page)
        assert "Take all back" in text or "Tout reprendre" in text
        shot(page, f"sw-redeploy-{device}")
        # one click on a, the status says what the next does; one on b moves a token
        press(page, f'#board .target[data-target="r{a}"]', touch)
        page.wait_for_function(f"document.querySelector('#status').textContent.includes('{a} ')")
        hint = status(page)
        assert f"Region {a} chosen" in hint or f"Région {a} choisie" in hint
        press(page, f'#board .target[data-target="r{b}"]', touch)
        wait_ply(page, n + 2)
        # "Take all back" then a: its tokens but one come back in hand, and go to b
        pointer_click(page, '#tray [data-target="back"]', touch)
        press(page, f'#board .target[data-target="r{a}"]', touch)
        wait_ply(page, n + 3)
        assert page.locator(f'#board .target[data-target="r{a}"]').count() == 0  # a gave: it gets none back
        press(page, f'#board .target[data-target="r{b}"]', touch)
        wait_ply(page, n + 4)
        while page.locator('#tray [data-target="done"]').count() == 0:
            press(page, f'#board .target[data-target="r{b}"]', touch)
            page.wait_for_timeout(50)
        k = ply(page)
        pointer_click(page, '#tray [data-target="done"]', touch)
        wait_ply(page, k + 1)
        # the gain, to Ann, on the pass screen that already hides the board from Bob
        page.wait_for_selector("#pass-screen .turn-gain")
        gain = page.inner_text("#pass-screen .turn-gain")
        assert gain.startswith("Ann, ") and ("+" in gain) and ("région" in gain or "region" in gain)
        assert page.locator("#board svg").count() == 0
        shot(page, f"sw-gain-{device}")
        pointer_click(page, '#pass-screen [data-action="gain-hide"]', touch)
        page.wait_for_selector("#turn-gain", state="detached")
        assert "Bob" in page.inner_text("#pass-screen") and "+" not in page.inner_text("#pass-screen")
        # hidden or not, it never reaches Bob's eyes: "I am Bob" draws the board without it
        pointer_click(page, '[data-action="reveal"]', touch)
        page.wait_for_selector("#board svg")
        assert gain not in page.inner_text("body")
    finally:
        ctx.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_races_and_powers_in_play_are_explained_one_tap_away(browser, base_url, device):
    from plateau.games.smallworld import content as C

    touch = device == "phone"
    rec = Record("smallworld", GAME.full_options({}), 4, ["Ann", "Bob"], [])
    first = rec.start().column[0]
    ctx = browser.new_context(service_workers="block", **(PHONE if touch else DESKTOP))
    page = ctx.new_page()
    try:
        open_app(page, base_url, "#g=" + encode(rec))
        page.wait_for_selector("#board")
        if page.locator("#pass-screen").count():
            pointer_click(page, '[data-action="reveal"]', touch)
        page.wait_for_selector("#glossary summary")
        dl = page.locator("#glossary dl")
        assert not dl.is_visible()
        pointer_click(page, "#glossary summary", touch)
        page.wait_for_selector("#glossary dl", state="visible")
        text = page.inner_text("#glossary")
        lang = "fr" if "Ce que font" in text else "en"
        for key in first[:2]:
            assert C.name(key, lang) in text and C.text(key, lang) in text
        shot(page, f"sw-glossary-{device}")
    finally:
        ctx.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_auction_names_its_lot_and_the_log_says_who_won(browser, base_url, device):
    opts = ARK.full_options({"schedule": "art_of_combos" + ",none" * 9, "heights": "170,160,160,155,199,171"})
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
    rec = Record("arkhanis", opts, 5, names, [])
    st = rec.start()
    ti = st.auction_tables[0]
    race, power, _ = st.tables[ti].column[-1]
    from plateau.games.smallworld import content as C

    touch = device == "phone"
    ctx = browser.new_context(service_workers="block", **(PHONE if touch else DESKTOP))
    page = ctx.new_page()
    try:
        open_app(page, base_url, "#g=" + encode(rec))
        page.wait_for_selector("#board")
        lang = None
        for _ in range(len(st._bidders(ti))):
            if page.locator("#pass-screen").count():
                pointer_click(page, '[data-action="reveal"]', touch)
            page.wait_for_selector("#board svg")
            line = status(page)
            lang = "fr" if "en vente" in line else "en"
            assert C.name(race, lang) in line and C.name(power, lang) in line
            assert C.text(power, lang)[:30] in page.inner_text("#board")  # the overview explains the lot
            n = ply(page)
            pointer_click(page, '#tray [data-target="bid"]', touch)
            pointer_click(page, '#tray [data-target="b1"], #board [data-target="b1"]', touch)
            wait_ply(page, n + 1)
        if page.locator("#pass-screen").count():
            pointer_click(page, '[data-action="reveal"]', touch)
        page.wait_for_selector("#board svg")
        want = ("remporte la combinaison" if lang == "fr" else "wins the combo")
        if page.locator('[data-view="overview"]').count():  # the overview's log of the turn
            pointer_click(page, '[data-view="overview"]', touch)
            page.wait_for_function("document.querySelector('#board').dataset.view === 'overview'")
        board = page.inner_text("#board")
        shot(page, f"ark-auction-result-{device}")
        assert want in board and "160 cm" in board
    finally:
        ctx.close()


def test_a_game_saved_before_the_finite_redeployment_still_opens(browser, base_url):
    """A Small World game played under rules revision 0 (tokens moved back and
    forth in its redeployments) opens from its link at its last move, the
    board drawn, no error."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent.parent / "games" / "smallworld_rev0_records.json").read_text())
    rec = Record.from_json(data["smallworld"]["record"])
    ctx = browser.new_context(service_workers="block", **DESKTOP)
    page = ctx.new_page()
    try:
        open_app(page, base_url, "#g=" + encode(rec))
        page.wait_for_selector("#board svg")
        assert ply(page) == len(rec.moves)
        assert page.locator("#messages .msg.error").count() == 0
        assert page.locator("#moves li").count() == len(rec.moves) + 1
    finally:
        ctx.close()
