"""The Arkhanis tournament in Chromium (seed 001, rules notes §3; issue 11
items 3–5): the organiser's setup screen (its three-click default, a custom
3-table tournament with heights and a schedule, its messages next to the
fields), the referee overview reachable from the play screen, and a
6-participant, 2-table tournament played hot-seat through its first turn
(an auction with hidden bids) into the second, where a decline sends a
player to a seat of the other table chosen on the overview; then save,
reload and the share link.

Set ``PLATEAU_SHOTS`` to a folder to keep screenshots."""

from __future__ import annotations

import re


from harness import (check_save_and_reload, check_share, current_record, mirror, move_list, open_app, play_move,
                     reveal, reveal_if_needed, shot, svg_labels)

SEED = 11
#: each participant's bid when an auction comes (hidden from the others)
BIDS = [3, 1, 4, 1, 2, 2]


def _shot(page, name):
    shot(page, f"arkhanis_{name}")


def new_tournament(page, base_url):
    open_app(page, base_url, clear=True)
    page.click('[data-game="arkhanis"] [data-action="new"]')
    page.wait_for_selector("form.ak-setup")


def error_for(page, field):
    return page.inner_text(f'[data-error-for="{field}"]').strip()


def test_three_clicks_start_a_six_participant_tournament_on_two_tables(page, base_url):
    """Issue 11: "Sensible defaults make a 6-participant tournament on two tables start in three clicks"."""
    open_app(page, base_url, clear=True)
    page.click('[data-game="arkhanis"] [data-action="new"]')  # 1
    page.click('#new-game button[type="submit"]')  # 2
    page.wait_for_selector("#board")
    reveal(page)  # 3: the first participant to play says "it's me"
    rec = current_record(page)
    assert len(rec.players) == 6 and rec.options["tables"] == "classic:1-5;underground:6-10"
    assert rec.options["events"] == "drawn" and "schedule" not in rec.options
    session = mirror(page)
    st = session.state
    assert len(st.tables) == 2 and len(st.free_seats()) == 4  # seed §4: "4 places libres"
    # the first decision: bidding (a drawn auction) or a Small World turn at its table
    if st.stage == "play":
        tabs = page.locator("#views .view-tab")
        assert tabs.count() == 3 and "Table" in tabs.nth(0).inner_text()  # the table played, the other, overview
        other = 2 if st.current == 0 else 1
        assert tabs.nth(1).inner_text() == f"Table {other}"
        box = tabs.nth(1).bounding_box()  # the other table's board, looked at with the pointer
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_selector(f'#board[data-view="table{other}"] svg')
        assert page.locator("#board .target").count() == 0 and page.locator("#tray [data-target]").count() == 0
        assert page.locator("#tray .view-note").count() == 1  # "to play, go back to …"
        page.click('#views [data-view="overview"]')
        page.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
        assert page.locator("#tray [data-target]").count() == 0  # looked at, not played on
        page.click('#views [data-view="board"]')
        page.wait_for_selector('#board[data-view=""] svg')
    else:
        assert page.locator("#views .view-tab").count() == 0  # the board already is the overview
    assert page.locator("#board > svg").count() == 1


def test_custom_setup_three_tables_heights_and_a_schedule_with_messages(page, base_url):
    new_tournament(page, base_url)
    page.select_option("#player-count", "9")
    names = ["Frodo", "Sam", "Merry", "Pippin", "Aragorn", "Gimli", "Legolas", "Boromir", "Bilbo"]
    heights = [107, 109, 110, 112, 198, 137, 183, 192, 102]
    for i, n in enumerate(names):
        page.fill(f'input[name="player{i}"]', n)
    for i, h in enumerate(heights[:5]):
        page.fill(f'input[name="height{i}"]', str(h))
    page.fill('input[name="player3"]', "frodo")  # the same name twice
    page.select_option("#free-wish", "2")  # 9 + 2 = 11 seats: three tables
    assert page.locator(".ak-table-row").count() == 3
    assert "11 places · 9 participants · 2 places libres" in page.inner_text("#ak-summary")
    for i in range(3):  # Small World content everywhere: Underground's is on no table
        page.select_option(f'select[data-table="{i}"][data-field="content"]', "base")
    assert "Underground" in error_for(page, "tables")
    page.select_option('[name="event1"]', "royal_treasure")
    page.select_option('[name="event2"]', "golden_age")
    assert "5 pièces" in page.inner_text(".ak-schedule li:first-child .ev-text")
    page.click('#new-game button[type="submit"]')
    # nothing starts, every mistake is said next to its field, nothing typed is lost
    assert page.locator("#board").count() == 0
    assert "Deux participants s'appellent" in error_for(page, "player3")
    assert "taille de chaque participant" in error_for(page, "player6")
    assert "Underground" in error_for(page, "tables")
    assert page.input_value('input[name="player4"]') == "Aragorn"
    assert page.input_value('[name="event1"]') == "royal_treasure"
    page.fill('input[name="player3"]', "Pippin")
    for i, h in enumerate(heights):
        page.fill(f'input[name="height{i}"]', str(h))
    page.fill('input[name="height5"]', "13a")
    page.select_option('select[data-table="1"][data-field="content"]', "mixed")
    page.click('#new-game button[type="submit"]')
    assert "nombre entier de 50 à 250" in error_for(page, "player5")
    assert error_for(page, "tables") == "" and error_for(page, "player3") == ""
    page.fill('input[name="height5"]', "137")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    rec = current_record(page)
    assert rec.players == names
    assert rec.options["heights"] == ",".join(map(str, heights))
    assert rec.options["tables"] == "classic:1-4;underground/mixed:5-8;random/base:9-11"
    assert rec.options["schedule"] == "royal_treasure,golden_age" + ",drawn" * 8
    st = mirror(page).state
    assert st.stage == "auction" and st.event == "royal_treasure" and st.heights == heights
    assert [len(s) for s in st.table_seats] == [4, 4, 3]
    reveal(page)
    assert page.locator("#board svg.arkhanis .ak-table").count() == 3
    event = page.eval_on_selector_all("#board svg .ak-event", "els => els.map(e => e.textContent)")
    assert "Trésor royal" in " ".join(event)


def choose(session):
    """A small script: bids from BIDS; a mover takes the first free seat of
    another table; at a table: the first combo, two cheapest conquests, end,
    every token put at once, no peace; the first player of turn 2 declines."""
    st = session.state
    moves = session.legal()
    by = {m.text: m for m in moves}
    p = st.to_play
    if st.stage == "auction":
        k = min(st.coins[p], BIDS[p % len(BIDS)])
        return by[f"bid:{st.seat_of[p]}:{k}" if st.rev >= 4 else f"bid:{k}"]  # revision 4: the seat in the bid
    if st.stage == "move":
        here = st.seat_table[st.seat_of[p]]
        other = [m for m in moves if st.seat_table[int(m.text.split(":")[1])] != here]
        return (other or moves)[0]
    table = st.tables[st.current]
    if "decline" in by and st.turn == 2 and not any(k == "seat" for _, _, k, _ in st.log):
        return by["decline"]
    return table_move(table, moves)


def table_move(table, moves):
    """The script's move at a table in play, among ``moves`` (the table's): the first combo, two cheapest
    conquests, end, every token put at once, no peace."""
    by = {m.text: m for m in moves}
    ph = table.phase
    if ph == "pick":
        return by.get("pick:0") or moves[0]
    if ph == "conquer":
        conq = [m for m in moves if m.text.startswith("c:")]
        if conq and len(table.tp.conq) < 2:
            return min(conq, key=lambda m: table.cost(table.acting, int(m.text.split(":")[1])))
        return by.get("end") or moves[0]
    if ph in ("redeploy", "defend"):
        if "done" in by:
            return by["done"]
        alls = [m for m in moves if m.text.startswith("all:")]
        return alls[0] if alls else [m for m in moves if m.text.startswith(("put:", "hero:", "camp:"))][0]
    for pref in ("nopeace", "pass"):
        if pref in by:
            return by[pref]
    return moves[0]


def test_hot_seat_turn_one_auction_a_decline_and_the_seat_choice_then_reload_and_share(page, base_url, browser):
    new_tournament(page, base_url)
    names = ["Frodo", "Sam", "Merry", "Pippin", "Aragorn", "Gimli"]
    for i, n in enumerate(names):
        page.fill(f'input[name="player{i}"]', n)
        page.fill(f'input[name="height{i}"]', str(150 + 5 * i))
    page.select_option('[name="event1"]', "royal_treasure")
    page.click('[data-action="no-events"]')  # then the other turns without events...
    page.select_option('[name="event1"]', "royal_treasure")  # ...but turn 1's auction
    _shot(page, "setup")
    page.click("details.seed summary")
    page.fill('input[name="seed"]', str(SEED))
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    session = mirror(page)
    assert session.record.options["schedule"] == "royal_treasure" + ",none" * 9
    reveal_if_needed(page)
    # turn 1: the auction, bids hidden from the next bidder
    first_bidder = session.state.to_play
    while session.state.stage == "auction":
        bidder = session.state.to_play
        play_move(page, session, choose(session))
        if session.state.stage == "auction":
            seen = " ".join(move_list(page)) + " ".join(svg_labels(page)) + page.inner_text("#board")
            assert f"Miser {BIDS[bidder]}" not in seen and f"{names[bidder]} mise {BIDS[bidder]}" not in seen
            assert "a misé" in seen
            # the line names the bidder and the table whose lot is sold, not the amount
            assert re.search(rf"Table \d+ · {names[bidder]} mise$", move_list(page)[-1])
    st = session.state
    (auction,) = [f for _, _, k, f in st.log if k == "auction" and f["t"] == 0]
    assert auction["bid"] == max(BIDS[q] for q in st.seated_at(0))
    assert first_bidder is not None
    # turn 1 at the tables; the overview may be looked at from the table being played
    looked = False
    while session.state.turn == 1:
        if not looked and session.state.stage == "play" and page.locator("#pass-screen").count() == 0:
            looked = True
            page.click('#views [data-view="overview"]')
            page.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
            labels = svg_labels(page)
            viewer = session.state.to_play
            coins = [x for x in labels if "pièce" in x]
            assert sum("pièces cachées" in x for x in coins) == 5  # only the viewer's own coins are shown
            assert any(names[viewer] in x and "pièces cachées" not in x for x in coins)
            _shot(page, "overview")
            page.click('#views [data-view="board"]')
            page.wait_for_selector('#board[data-view=""] svg')
            _shot(page, "table")
        play_move(page, session, choose(session))
    assert looked
    # turn 2: the first player declines, then chooses a free seat of the other table on the overview
    while session.state.stage != "move":
        play_move(page, session, choose(session))
    mover = session.state.to_play
    old = session.state.seat_of[mover]
    reveal_if_needed(page)
    free = session.state.free_seats()
    targets = page.eval_on_selector_all("#board svg .ak-seat.target", "els => els.map(e => e.dataset.target)")
    assert sorted(targets) == sorted(f"seat{s}" for s in free)  # every free seat of every table, one screen
    _shot(page, "seat_choice")
    move = choose(session)
    play_move(page, session, move)
    st = session.state
    new = st.seat_of[mover]
    assert new == int(move.text.split(":")[1]) and st.seat_table[new] != st.seat_table[old]
    assert old in st.free_seats()
    check_save_and_reload(page, session)
    # the declined race waits at the old seat, on the overview (a switch away while a table is played)
    switched = page.locator('#views [data-view="overview"]').count() == 1
    if switched:
        page.click('#views [data-view="overview"]')
        page.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
    label = page.get_attribute(f'#board [data-target="seat{old}"]', "aria-label")
    assert "en déclin ici" in label and names[mover] in label
    if switched:
        page.click('#views [data-view="board"]')
        page.wait_for_selector('#board[data-view=""] svg')
    check_share(page, browser, session, choose)


def test_a_link_or_embed_made_on_the_overview_opens_on_the_overview(page, base_url, browser):
    """The club embeds the tournament's standings on its website: a share link
    or an embed code made while the overview is shown opens on the overview
    (``show=overview``); an unknown view in a link opens the board."""
    open_app(page, base_url, clear=True)
    page.click('[data-game="arkhanis"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    session = mirror(page)
    while session.state.stage != "play":  # the first auction, bids as in the hot-seat test
        reveal_if_needed(page)
        play_move(page, session, choose(session))
    reveal_if_needed(page)
    page.click('#views [data-view="overview"]')
    page.wait_for_selector('#board[data-view="overview"] svg.arkhanis')
    page.click('[data-action="embed"]')
    page.check("#embed-view")
    code = page.input_value("#embed-code")
    src = code.split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert "?embed=view&show=overview&lang=fr#g=" in src, src
    other = browser.new_page()
    other.goto(src)
    other.wait_for_selector('#board[data-view="overview"] svg.arkhanis', timeout=60_000)
    assert other.locator('#views [data-view="overview"][aria-selected="true"]').count() == 1
    assert other.locator("#tray .view-note").count() == 0  # view-only: no "go back to play"
    # a view the game does not have: the board, no error
    other.goto(src.replace("show=overview", "show=%3Cb%3Ex"))
    other.reload()
    other.wait_for_selector('#board[data-view=""] svg', timeout=60_000)
    assert other.locator(".msg.error").count() == 0
    other.close()
