"""The computers' pace (issue 27, item 7: "With 4 computer participants of
6, a tournament turn in the browser spends ≤ 15 s on the computers' slots at
a "fast" pace the organiser can choose ...; the 0.6 s pause per step stays
for a "watch" pace"). The pace is a preference of the device, chosen on the
play screen: it is not a rules option and never goes into the record."""

from __future__ import annotations

import json

from harness import (board_ply, click_path, current_record, mirror, open_app, pointer_click, reveal_if_needed,
                     shot_paths)

COMPUTERS = {1: "easy", 2: "easy", 4: "easy", 5: "easy"}


def settings(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('plateau:v1:settings')") or "{}")


def start_tournament(page, base_url) -> None:
    open_app(page, base_url, clear=True)
    page.click('[data-game="arkhanis"] [data-action="new"]')
    page.wait_for_selector("form.ak-setup")
    for seat, level in COMPUTERS.items():
        page.select_option(f'select.seat-kind[data-seat="{seat}"]', level)
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    page.wait_for_selector("#computer-pace")


def human_move(session):
    """The person's decision: a low bid, the first free seat, the first combo,
    the cheapest conquest once, then end and put every token at once."""
    st = session.state
    moves = session.legal()
    by = {m.text: m for m in moves}
    if st.stage == "auction":
        return next((m for m in moves if m.text.rpartition(":")[2] == "1"), moves[0])  # bid:1, bid:SEAT:1
    if st.stage in ("move", "pendant"):
        return moves[0]
    table = st.tables[st.current]
    if table.phase == "pick":
        return by.get("pick:0") or moves[0]
    if table.phase == "conquer":
        conq = [m for m in moves if m.text.startswith("c:")]
        if conq and not table.tp.conq:
            return min(conq, key=lambda m: table.cost(table.acting, int(m.text.split(":")[1])))
        return by.get("end") or moves[0]
    for pref in ("done", "nopeace", "pass"):
        if pref in by:
            return by[pref]
    alls = [m for m in moves if m.text.startswith("all:")]
    return alls[0] if alls else moves[0]


def test_the_fast_pace_is_a_device_preference_and_the_computers_play_on(page, base_url):
    shots = shot_paths("pace-1440.png")
    page.set_viewport_size({"width": 1440, "height": 900})
    start_tournament(page, base_url)
    # "watch" until the organiser chooses otherwise
    assert page.get_attribute('[data-action="pace-watch"]', "aria-pressed") == "true"
    assert page.get_attribute('[data-action="pace-fast"]', "aria-pressed") == "false"
    pointer_click(page, '[data-action="pace-fast"]')
    page.wait_for_selector('[data-action="pace-fast"][aria-pressed="true"]')
    assert settings(page).get("pace") == "fast"
    if shots[0]:
        page.screenshot(path=shots[0], full_page=True)
    # the people play their moves; the four computers play theirs until turn 2 begins
    humans_played = 0
    for _ in range(400):
        s = mirror(page)
        st = s.state
        if st.turn >= 2:
            break
        if st.to_play in COMPUTERS:  # the computers play on by themselves
            page.wait_for_timeout(300)
            continue
        reveal_if_needed(page)
        page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {s.total}", timeout=60_000)
        click_path(page, human_move(s))
        humans_played += 1
    rec = current_record(page)
    st = mirror(page).state  # every move of the record is legal
    assert st.turn >= 2 and humans_played >= 2
    assert rec.options.get("computers") == ",".join(f"{k}:{v}" for k, v in COMPUTERS.items())
    assert not any("pace" in k for k in rec.options)  # a preference, not a rules option
    # the log says the computers' moves; the board ends up showing the last position
    log = page.inner_text("#computer-log")
    assert log.strip() and "Table " in log  # lines that name the table and who played there
    # the choice stays with the device
    page.reload()
    page.wait_for_selector("#computer-pace")
    assert page.get_attribute('[data-action="pace-fast"]', "aria-pressed") == "true"
    pointer_click(page, '[data-action="pace-watch"]')
    page.wait_for_selector('[data-action="pace-watch"][aria-pressed="true"]')
    assert settings(page).get("pace") == "watch"
    assert board_ply(page) >= 0


def test_the_pace_choice_on_a_phone(browser, base_url):
    shots = shot_paths("pace-375.png")
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block")
    page = ctx.new_page()
    try:
        start_tournament(page, base_url)
        pointer_click(page, '[data-action="pace-fast"]', touch=True)
        page.wait_for_selector('[data-action="pace-fast"][aria-pressed="true"]')
        assert settings(page).get("pace") == "fast"
        if shots[0]:
            page.screenshot(path=shots[0], full_page=True)
    finally:
        ctx.close()
