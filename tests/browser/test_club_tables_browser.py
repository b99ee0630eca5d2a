"""An Arkhanis tournament across the room (issue 29 §4): the organiser's
browser hosts it and shows the overview; tables 1 and 2 each play on their
own Chromium browser, paired through the text codes. Turn 1's auction is
bid on each table's device, the tables play their seats with the real
pointer, and in turn 2 a participant declines, chooses a free seat of the
other table on their old table's device, and plays their next turn on the
new table's device.

Set ``PLATEAU_SHOTS`` to a folder to keep screenshots (1440×900 and a
375×667 touch phone)."""

from __future__ import annotations

import os

import pytest

from harness import current_record, open_app
from plateau.web.club import table_holds
from plateau.web.session import Session
from pointer import sample
from test_arkhanis_browser import choose, table_move
from test_club_browser import ARGS, offer, pair, play

NAMES = ["Frodo", "Sam", "Merry", "Pippin", "Aragorn", "Gimli"]
SEED = 11


@pytest.fixture
def room(playwright, base_url):
    """Three browsers: the organiser's and one for each table."""
    out = [playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS) for _ in range(3)]
    pages = [b.new_page(viewport={"width": 1440, "height": 900}) for b in out]
    for p in pages:
        p.on("dialog", lambda d: d.accept())
    yield out, pages
    for b in out:
        b.close()


def shoot(page, name):
    where = os.environ.get("PLATEAU_SHOTS")
    if where:
        os.makedirs(where, exist_ok=True)
        page.screenshot(path=os.path.join(where, f"club_tables_{name}.png"), full_page=False)


def phone_shot(browser, page, name):
    """The same page at a phone's size, 375×667."""
    if not os.environ.get("PLATEAU_SHOTS"):
        return
    page.set_viewport_size({"width": 375, "height": 667})
    shoot(page, name + "_phone")
    page.set_viewport_size({"width": 1440, "height": 900})


def touch_shot(page, name):
    """The page as a 375×667 touch phone shows it (touch emulated: the coarse pointer's layout)."""
    if not os.environ.get("PLATEAU_SHOTS"):
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    cdp.send("Emulation.setEmitTouchEventsForMouse", {"enabled": True, "configuration": "mobile"})
    page.set_viewport_size({"width": 375, "height": 667})
    page.wait_for_timeout(300)
    shoot(page, name + "_phone")
    cdp.send("Emulation.setEmitTouchEventsForMouse", {"enabled": False})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_timeout(300)
    cdp.detach()


def click_inside(page, target):
    """A mouse click on ``target``: at a point inside its shape on the board (the browser's own hit-test
    finds it there), or in the middle of its tray button."""
    if page.locator(f'#board .target[data-target="{target}"]').count():
        inside = sample(page, target, 6)["inside"]
        assert inside, f"no point inside {target!r}"
        x, y = inside[len(inside) // 2]["x"], inside[len(inside) // 2]["y"]
    else:
        loc = page.locator(f'#tray [data-target="{target}"]').first
        loc.scroll_into_view_if_needed()
        b = loc.bounding_box()
        x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.mouse.click(x, y)


def play_inside(page, move, others):
    """``move`` clicked on ``page`` inside its shapes; every device then shows the position after it."""
    play(page, move, others, click=click_inside)


def choose_at(session, p):
    """``choose``'s script for a participant whose table plays while another table's participant is asked
    first: among the moves of his own table, as his table's device shows them."""
    st = session.state
    table = st.tables[st.seat_table[st.seat_of[p]]]
    return table_move(table, table.legal_moves())


def reveal_on(page):
    if page.locator("#pass-screen").count():
        b = page.locator('[data-action="reveal"]').first.bounding_box()
        page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        page.wait_for_selector("#pass-screen", state="detached")


@pytest.mark.slow
def test_a_tournament_with_each_table_on_its_own_browser(room, base_url):
    browsers, (h, ta, tb) = room
    open_app(h, base_url, clear=True)
    h.click('[data-game="arkhanis"] [data-action="new"]')
    h.wait_for_selector("form.ak-setup")
    for i, n in enumerate(NAMES):
        h.fill(f'input[name="player{i}"]', n)
        h.fill(f'input[name="height{i}"]', str(150 + 5 * i))
    h.click('[data-action="no-events"]')
    h.select_option('[name="event1"]', "royal_treasure")  # turn 1: an auction at each table
    h.click("details.seed summary")
    h.fill('input[name="seed"]', str(SEED))
    h.click('#new-game button[type="submit"]')
    h.wait_for_selector("#board")
    h.click("#club summary")
    assert h.locator("[data-club-table]").count() == 2
    assert h.locator('[data-club-table="0"]').input_value() == "own"
    h.click('[data-action="club-start"]')
    h.wait_for_selector('[data-device="t1"]')
    open_app(ta, base_url)
    open_app(tb, base_url)
    pair(h, ta, offer(h, "t1"), "t1")
    pair(h, tb, offer(h, "t2"), "t2")
    devices = {0: ta, 1: tb}
    session = Session(current_record(h))
    st = session.state
    for ti, page in devices.items():
        held = [NAMES[p] for p in st.seated_at(ti)]
        text = page.inner_text("#club")
        assert f"Table {ti + 1}" in text and all(n in text for n in held)
        assert all(n not in text for n in NAMES if n not in held)

    def step():
        st = session.state
        p = st.to_play
        ti = st.seat_table[st.seat_of[p]]
        page = devices[ti]
        move = choose(session)
        reveal_on(page)
        play(page, move, [h])
        session.play(move)
        return p, ti, move

    # turn 1's auction: each participant bids on their table's device
    assert st.stage == "auction"
    bids = []
    while session.state.stage == "auction":
        bids.append(step())
    assert {ti for _, ti, _ in bids} == {0, 1}
    shoot(h, "organiser_after_auction")

    # the tables play at the same time: the participant whose table is NOT the one asked first plays on
    # his table's device before the one asked first moves (rules notes §3.3, revision 2)
    st = session.state
    assert st.stage == "play" and len(st.movers()) == 2
    first, other = st.movers()
    t_first, t_other = (st.seat_table[st.seat_of[q]] for q in (first, other))
    assert t_first != t_other
    page = devices[t_other]
    reveal_on(page)
    page.wait_for_function(f"document.querySelector('#club').innerText.includes("
                           f"{NAMES[other] + ' (table ' + str(t_other + 1) + ')'!r})")
    assert f"Playing here now: {NAMES[other]} (table {t_other + 1})" in page.inner_text("#club")
    shoot(page, "not_asked_first")
    touch_shot(page, "not_asked_first")
    reveal_on(page)
    done = 0
    while session.state.to_play == first and other in session.state.movers() and done < 4:
        move = choose_at(session, other)
        play_inside(page, move, [h, devices[t_first]])
        session.play_as(other, move.text)
        done += 1
        rec = current_record(h)
        assert rec.moves[-1] == f"@t{t_other} {move.text}", rec.moves[-1]
        assert session.state.to_play == first  # the one asked first has not moved yet
    assert done >= 2
    # then the one asked first plays on his own device
    p, ti, move = step()
    assert p == first and ti == t_first and current_record(h).moves[-1] == move.text
    # turn 1 and turn 2 up to the decline's seat choice
    shots = False
    looked = False
    while session.state.stage != "move":
        st = session.state
        for k, page in devices.items():
            # nobody seated at table k may move while another table plays: its device shows table k
            if (not looked and st.stage == "play" and st.current != k
                    and not set(table_holds(st, k)) & set(st.movers())):
                page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.total}")
                page.wait_for_selector(f'#board[data-view="table{k + 1}"]', timeout=20_000)
                assert page.locator(f'#views [data-view="table{k + 1}"]').count() == 1
                assert page.locator("#tray .view-note").count() == 0  # no "go back to play": nobody may here
                shoot(page, "own_table_while_another_plays")
                looked = True
        if not shots and session.state.stage == "play":
            st = session.state
            ti = st.seat_table[st.seat_of[st.to_play]]
            reveal_on(devices[ti])
            shoot(devices[ti], "table_device")
            phone_shot(browsers[ti + 1], devices[ti], "table_device")
            shoot(h, "organiser")
            phone_shot(browsers[0], h, "organiser")
            shots = True
        step()
    assert looked
    st = session.state
    mover = st.to_play
    old_table = st.seat_table[st.seat_of[mover]]
    reveal_on(devices[old_table])
    shoot(devices[old_table], "seat_choice")
    p, ti, move = step()
    assert ti == old_table
    st = session.state
    new_table = st.seat_table[st.seat_of[mover]]
    assert new_table != old_table
    new_page, old_page = devices[new_table], devices[old_table]
    new_page.wait_for_function(f"document.querySelector('#club').innerText.includes({NAMES[mover]!r})")
    assert NAMES[mover] not in old_page.inner_text("#club")
    # their next turn happens on the new table's device
    while session.state.to_play != mover or session.state.stage != "play":
        step()
    reveal_on(new_page)
    assert f"{NAMES[mover]} (table {new_table + 1})" in new_page.inner_text("#club")
    shoot(new_page, "mover_on_new_table")
    p, ti, move = step()
    assert p == mover and ti == new_table
    rec = current_record(h)
    assert len(rec.moves) == session.total

    # the new table's device reloads: it joins again (a new code) and catches up
    did = f"t{new_table + 1}"
    new_page.reload()
    new_page.wait_for_selector("[data-join]", timeout=90_000)
    h.wait_for_selector(f'[data-device="{did}"][data-state="lost"]', timeout=30_000)
    pair(h, new_page, offer(h, did), did, fresh=False)
    new_page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.total}",
                               timeout=20_000)
    assert NAMES[mover] in new_page.inner_text("#club") and f"Table {new_table + 1}" in new_page.inner_text("#club")
    reveal_on(new_page)
    shoot(new_page, "table_device_rejoined")
    phone_shot(browsers[new_table + 1], new_page, "table_device_rejoined")
    step()  # the game goes on from the device that joined again
    h.click('#views [data-view="overview"]')
    h.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
    shoot(h, "organiser_overview")
    phone_shot(browsers[0], h, "organiser_overview")


# three tables: table 1 on its own device (never paired here: its participants are away), tables 2 and 3
# the computer's, on the organiser's device
TABLES3 = "classic/base:1-3; classic/underground:4-6; classic/base:7-9"


@pytest.mark.slow
def test_the_computers_tables_play_while_a_table_device_holds_the_participant_asked_first(page, base_url):
    """Revision 2's tables at once, on the organiser's device: the tournament asks table 1's participant
    first, who plays on table 1's device and has not moved; the computer participants of tables 2 and 3
    play their tables' seats meanwhile, one after another, at the fast pace."""
    from plateau.core.game import SEATS_OPTION
    from plateau.core.record import Record, encode
    from plateau.core.registry import get_game
    from plateau.web.controller import seats_option

    g = get_game("arkhanis")
    options = g.full_options({"tables": TABLES3, "events": "none"})
    st = Session(Record("arkhanis", options, 5, list(NAMES), [])).state
    computers = sorted(table_holds(st, 1) + table_holds(st, 2))
    person = st.to_play
    assert person in table_holds(st, 0)
    options[SEATS_OPTION] = seats_option({c: "easy" for c in computers})
    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, base_url, clear=True)
    page.goto(base_url + "#g=" + encode(Record("arkhanis", options, 5, list(NAMES), [])))
    page.wait_for_selector("#board")
    page.click("#club summary")
    page.select_option('[data-club-table="1"]', "here")
    page.select_option('[data-club-table="2"]', "here")
    page.click('[data-action="club-start"]')
    page.wait_for_selector('[data-device="t1"]')
    b = page.locator('[data-action="pace-fast"]').bounding_box()
    page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    s = None
    for _ in range(240):
        page.wait_for_timeout(500)
        s = Session(current_record(page))
        if s.state.tslot[1] >= 1 and s.state.tslot[2] >= 1:
            break
    moves = s.record.moves
    assert s.state.tslot[1] >= 1 and s.state.tslot[2] >= 1, moves
    assert {m[:4] for m in moves} == {"@t1 ", "@t2 "}  # both computer tables, never the person's
    assert s.state.to_play == person and s.state.tslot[0] == 0
    # the organiser's log of the computers' moves names who played, at which table
    log = page.inner_text("#computer-log")
    assert "Table 2 · " in log or "Table 3 · " in log
    shoot(page, "computers_at_two_tables")
