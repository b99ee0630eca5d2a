"""An Arkhanis auction turn across the room (issue 40 item 1: "all bidders of all tables bid at the same
time, each on their device"; seed 001 §3: each table's auction is its own, bids hidden and revealed
together; item 5: a device names the participants it waits for, never "your" for them). The organiser's
browser hosts the tournament; tables 1 and 2 each play on their own Chromium, paired through the text codes.
Both table devices show their bid buttons at once; table 2 bids first, with the real pointer, while table
1's participant, the one a single device would ask first, has not bid; table 2's result is shown at table 2.

Set ``PLATEAU_SHOTS`` to a folder to keep screenshots (1440×900 and a 375×667 touch phone)."""

from __future__ import annotations

import pytest

from harness import current_record, open_app
from plateau.web.session import Session
from test_club_browser import offer, pair, play
from test_club_tables_browser import NAMES, click_inside, reveal_on, room, shoot, touch_shot  # noqa: F401 (room)

SEED = 11


def bid_on(page, session, p, k, others):
    """Participant ``p`` bids ``k`` on ``page`` with the mouse; every device shows the position after it."""
    st = session.state
    move = next(m for m in st.legal_moves_for(p) if m.text == f"bid:{st.seat_of[p]}:{k}")
    reveal_on(page)
    play(page, move, others, click=click_inside)
    session.play_as(p, move.text)


def status(page):
    return page.inner_text("#status")


@pytest.mark.slow
def test_both_table_devices_bid_at_the_same_time(room, base_url):
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
    h.click('[data-action="club-start"]')
    h.wait_for_selector('[data-device="t1"]')
    open_app(ta, base_url)
    open_app(tb, base_url)
    pair(h, ta, offer(h, "t1"), "t1")
    pair(h, tb, offer(h, "t2"), "t2")
    devices = {0: ta, 1: tb}
    session = Session(current_record(h))
    st = session.state
    assert st.rev == 4 and st.stage == "auction" and sorted(st.movers()) == list(range(6))

    # both devices are asked at once, each for the first participant seated at its table
    for ti, page in devices.items():
        reveal_on(page)
        page.wait_for_selector('#tray [data-target="bid"], #tray [data-target="b0"]', timeout=20_000)
        first = st.seated_at(ti)[0]
        assert f"{NAMES[first]}: your (hidden) bid for table {ti + 1}" in status(page)
        assert f"Playing here now: {NAMES[first]} (table {ti + 1})" in page.inner_text("#club")
    shoot(ta, "auction_table1")
    shoot(tb, "auction_table2")
    touch_shot(tb, "auction_table2")
    shoot(h, "auction_organiser")
    touch_shot(h, "auction_organiser")
    # every participant is away: the organiser's status names whom it waits for
    names = [", ".join(NAMES[p] for p in st.seated_at(ti)) + f" bid at table {ti + 1}" for ti in (0, 1)]
    assert status(h) == "Waiting: " + "; ".join(names)

    # table 2 bids first, every one of its participants, while table 1's first participant has not bid
    t1_first = st.seated_at(0)[0]
    for k, p in enumerate(st.seated_at(1)):
        bid_on(tb, session, p, 1 + k % 2, [h, ta])
        assert current_record(h).moves[-1].startswith(f"bid:{session.state.seat_of[p]}:")
        assert t1_first in session.state.movers() and session.state.to_play == t1_first
    # table 1's device was asked all along, and still is
    ta.wait_for_selector('#tray [data-target="bid"], #tray [data-target="b0"]')
    assert f"{NAMES[t1_first]}: your (hidden) bid for table 1" in status(ta)
    # table 2's device now waits for table 1, naming its participants
    tb.wait_for_function("document.querySelector('#status').innerText.startsWith('Waiting: ')")
    waiting = status(tb)
    assert "your" not in waiting and waiting == "Waiting: " + names[0]
    assert "Waiting: " in tb.inner_text("#club")
    shoot(tb, "auction_table2_waits")
    touch_shot(tb, "auction_table2_waits")
    # table 2's auction is settled: its result is in its own log, drawn on table 2's board
    settled = [f for _, _, k, f in session.state.log if k == "auction"]
    assert [f["t"] for f in settled] == [1]
    for p in st.seated_at(0):
        bid_on(ta, session, p, 0, [h, tb])
    assert session.state.stage == "play"
    rec = current_record(h)
    assert rec.moves == session.record.moves
    tb.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.total}")
    reveal_on(tb)  # its first participant plays next: the device passes to them
    tb.wait_for_function("document.querySelector('#board').textContent.includes(\"This table's auction\")",
                         timeout=20_000)
    shoot(tb, "after_auction_table2")
