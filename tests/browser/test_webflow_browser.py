"""What the table is told, with real pointer clicks (issue 26, items 2, 6, 9,
11 and 13): banners that come one at a time and stay with their game and
their player, a quiet undo and a "bring back" that says what it brings; the
result dialog's "New game" that keeps the seats; move-list lines that name
who played; forms that show what applies, in full, in the browser's language
and keep what was typed; and a few small faults (Armadora on a phone, rules
contents, the home page's order)."""

from __future__ import annotations

import random

from harness import board_ply, current_record, move_list, open_app, saved_games
from plateau.core.record import Record, encode
from plateau.web.session import Session

MSG = "#messages .msg"


# -- helpers: the pointer ------------------------------------------------------------------
def mouse_click(page, selector: str) -> None:
    """A real click at the middle of the first element ``selector`` names."""
    node = page.locator(selector).first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    assert box is not None, selector
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def click_move(page, move) -> None:
    """Click ``move``'s path with the mouse: board targets, else tray buttons."""
    before = board_ply(page)
    for t in move.path:
        if board_ply(page) != before:
            break
        on_board = f'#board .target[data-target="{t}"]'
        mouse_click(page, on_board if page.locator(on_board).count() else f'#tray [data-target="{t}"]')
    if board_ply(page) == before:
        mouse_click(page, '[data-action="as-is"]')
    page.wait_for_function(f"+document.querySelector('#board')?.dataset.ply === {before + 1} "
                           f"|| !!document.querySelector('#pass-screen')")


def open_record(page, base_url, record, query: str = "") -> None:
    open_app(page, base_url, clear=True)
    page.evaluate(f"location.href = {base_url + query + '#g=' + encode(record)!r}")
    page.wait_for_selector("#board")


def reveal(page) -> None:
    if page.locator("#pass-screen").count():
        mouse_click(page, '[data-action="reveal"]')
        page.wait_for_selector("#board svg")


def simple(session, rnd):
    """A move whose every click is on the board or a tray button (no "play as it is")."""
    moves = [m for m in session.legal() if m.text not in ("offer", "accept", "refuse")]
    return rnd.choice(moves)


# -- 2. Undo is quiet --------------------------------------------------------------------------
def test_undoing_ones_own_move_is_quiet_and_bring_back_says_what_it_restores(page, base_url):
    """Issue 26 §2: "Undoing a move in one's own turn shows no 'played in the past' banner […]
    'Bring back the replaced moves' shows only while it makes sense and says what it would restore"."""
    rnd = random.Random(3)
    s = Session(Record("thud", {}, 5, ["Ann", "Bob"], []))
    open_record(page, base_url, s.record)
    first = simple(s, rnd)
    click_move(page, first)
    s.play(first)
    mouse_click(page, '[data-action="undo"]')
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 0")
    s.goto(0)
    other = next(m for m in s.legal() if m.text != first.text and m.text not in ("offer", "accept", "refuse"))
    click_move(page, other)
    s.play(other)
    assert page.locator(MSG).count() == 0, page.inner_text("#messages")  # one's own move taken back: no news
    label = page.inner_text('#tray [data-action="restore"]')
    first_line = Session(Record("thud", {}, 5, ["Ann", "Bob"], [first.text])).move_line(0, None, "fr")
    assert "1 coup" in label and first_line in label, label
    # once the other player has played, bringing back Ann's old move would undo Bob's: not offered
    reply = simple(s, rnd)
    click_move(page, reply)
    s.play(reply)
    assert page.locator('#tray [data-action="restore"]').count() == 0
    # a move played in the past over someone else's: one banner, even when it happens twice
    for back in (2, 2):
        for _ in range(back):
            mouse_click(page, '[data-action="prev"]')
        page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {s.ply - back}")
        s.goto(s.ply - back)
        m = simple(s, rnd)
        click_move(page, m)
        s.play(m)
        reply = simple(s, rnd)
        click_move(page, reply)
        s.play(reply)
        assert page.locator(MSG).count() == 1, page.inner_text("#messages")
    assert "passé" in page.inner_text(MSG)
    # the game's banners stay with the game: the home page has none
    mouse_click(page, ".brand")
    page.wait_for_selector("#saved li[data-save]")
    assert page.locator(MSG).count() == 0, page.inner_text("#messages")


def test_a_banner_does_not_follow_the_device_to_the_next_player(page, base_url):
    """Issue 26 §2: banners "never follow the device to the next player (cleared when the device
    is passed)"."""
    rnd = random.Random(8)
    s = Session(Record("armadora", {}, 2, ["Ann", "Bob"], []))
    for _ in range(4):
        s.play(rnd.choice(s.legal()))
    open_record(page, base_url, s.record)
    reveal(page)  # Ann
    assert s.state.to_play == 0
    for _ in range(2):  # back to Ann's previous turn, over Bob's move
        mouse_click(page, '[data-action="prev"]')
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 2")
    s.goto(2)
    moves = [m for m in s.legal() if all(not t.startswith("W") for t in m.path) and m.text != s.record.moves[2]]
    m = rnd.choice(moves or s.legal())
    click_move(page, m)
    s.play(m)
    # the device goes to Bob: what Ann was told ("you played in the past") is not shown to him
    page.wait_for_selector("#pass-screen")
    assert page.locator(MSG).count() == 0, page.inner_text("#messages")
    reveal(page)
    assert page.locator(MSG).count() == 0, page.inner_text("#messages")


# -- 6. Dialogs don't block ---------------------------------------------------------------------
def test_new_game_from_the_result_closes_it_and_keeps_players_seats_and_options(page, base_url):
    """Issue 26 §6: '"New game" from the result dialog closes it; the new-game form keeps the seats
    (human/computer and level) and names of the game just played.'"""
    s = Session(Record("thud", {"rounds": 1, "captures": "forced", "computers": "0:hard"}, 4, ["Zoé", "Yann"], []))
    s.play("offer")  # Zoé (the computer) offered to end the round; Yann answers
    open_record(page, base_url, s.record)
    mouse_click(page, '#tray [data-target="accept"]')
    page.wait_for_selector("dialog#dialog[open] [data-action='new-game']")
    mouse_click(page, "#dialog [data-action='new-game']")
    page.wait_for_selector("#new-game")
    assert page.locator("dialog#dialog[open]").count() == 0  # the form is not behind a modal dialog
    assert page.input_value('input[name="player0"]') == "Zoé"
    assert page.input_value('input[name="player1"]') == "Yann"
    assert page.input_value('select[data-seat="0"]') == "hard"
    assert page.input_value('select[data-seat="1"]') == "human"
    assert page.input_value('[data-option="rounds"]') == "1"
    assert page.input_value('[data-option="captures"]') == "forced"
    mouse_click(page, '#new-game button[type="submit"]')  # and the form works: a new game starts
    page.wait_for_selector("#board svg")
    rec = current_record(page)
    assert rec.players == ["Zoé", "Yann"] and rec.options["computers"] == "0:hard" and rec.options["rounds"] == 1


# -- 9. Moves list with who and where -------------------------------------------------------------
def test_move_list_lines_name_the_player_and_the_table(page, base_url):
    """Issue 26 §9: "Each move-list line names the player (and the table in an Arkhanis tournament)
    […] the words are the same as the status line's" (a Small World combo: race, then power, as the
    cards and the status line write it)."""
    rnd = random.Random(2)
    s = Session(Record("smallworld", {}, 9, ["Ann", "Bob"], []))
    for _ in range(3):
        s.play(rnd.choice(s.legal()))
    open_record(page, base_url, s.record)
    reveal(page)
    lines = move_list(page)
    assert lines[0].startswith("1. Ann prend "), lines
    race, power, _ = Session(Record("smallworld", {}, 9, ["Ann", "Bob"], [])).state.column[int(s.record.moves[0][5:])]
    from plateau.games.smallworld import content as C

    combo = f"{C.name(race, 'fr')} {C.name(power, 'fr')}"
    assert combo in lines[0]
    assert all(line.split(". ", 1)[1].startswith(("Ann ", "Bob ")) for line in lines), lines
    # Arkhanis: "Table n · name"
    a = Session(Record("arkhanis", {}, 3, ["Ann", "Bob", "Cy", "Dee"], []))
    for _ in range(2):
        a.play(rnd.choice(a.legal()))
    open_record(page, base_url, a.record)
    reveal(page)
    lines = move_list(page)
    assert all(" · " in line and line.split(". ", 1)[1].startswith("Table ") for line in lines), lines


def test_a_computers_move_reads_as_the_move_list_writes_it(page, base_url):
    """Issue 26 §9: 'computer lines read naturally ("Chloé bids." not "Chloé (computer) plays Chloé
    has bid.")'."""
    rnd = random.Random(5)
    s = Session(Record("thud", {"computers": "1:easy"}, 6, ["Ann", "Chloé"], []))
    open_record(page, base_url, s.record)
    m = simple(s, rnd)
    click_move(page, m)
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 2", timeout=60_000)
    said = page.locator("#computer-log li").last.inner_text()
    assert said.startswith("Chloé: ") and "ordinateur" not in said, said
    assert move_list(page)[-1] == "2. " + said


# -- 11. Forms --------------------------------------------------------------------------------------
def visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def test_options_that_do_not_apply_are_hidden_and_long_choices_are_written_in_full(browser, base_url):
    """Issue 26 §11: "Options that do not apply are hidden (e.g. Small World's 5-player map disputes
    with 2 players, Lizardmen/Spiderines options without Underground races […]); option texts are
    not cut (check at 375 px)"."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block", locale="fr-FR")
    page = ctx.new_page()
    try:
        open_app(page, base_url, clear=True)
        page.locator('[data-game="smallworld"] [data-action="new"]').tap()
        page.wait_for_selector("#new-game")
        row = '[data-option-row="{}"]'
        assert not visible(page, row.format("map5_lt_19")) and not visible(page, row.format("ug_lizardmen"))
        assert not visible(page, row.format("ug_spiderines"))
        page.select_option("#player-count", "5")
        assert visible(page, row.format("map5_lt_19")) and visible(page, row.format("map5_terrain_28"))
        page.select_option('[data-option="board"]', "underground")  # the printed map's disputes: not there
        assert not visible(page, row.format("map5_lt_19")) and not visible(page, row.format("monsters"))
        page.select_option('[data-option="content"]', "mixed")
        assert visible(page, row.format("ug_lizardmen")) and visible(page, row.format("ug_spiderines"))
        # every shown choice is readable whole: in its select, or written under it when the select is narrower
        for sel in page.locator("#new-game fieldset.options select").all():
            if not sel.is_visible():
                continue
            text = sel.evaluate("s => s.options[s.selectedIndex].text")
            fits = sel.evaluate("""s => { const c = document.createElement('span'); c.textContent =
                s.options[s.selectedIndex].text; c.style.font = getComputedStyle(s).font; c.style.whiteSpace =
                'nowrap'; c.style.position = 'absolute'; document.body.appendChild(c);
                const w = c.getBoundingClientRect().width; c.remove(); return w <= s.clientWidth - 36; }""")
            note = sel.locator("xpath=following-sibling::small[contains(@class,'opt-choice')]")
            assert fits or (note.is_visible() and note.inner_text() == text), text
            if note.is_visible():
                box = note.bounding_box()
                assert box["x"] + box["width"] <= 375
        page.locator("#new-game details.seed summary").tap()
        page.fill('input[name="seed"]', "12")
        page.locator('#new-game button[type="submit"]').tap()
        page.wait_for_selector("#board")
        rec = current_record(page)
        assert rec.options["content"] == "mixed" and rec.options["board"] == "underground"
        assert rec.options["map5_lt_19"] is False  # hidden: its default
    finally:
        ctx.close()


def test_switching_language_keeps_what_was_typed(page, base_url):
    """Issue 26 §11: "switching language keeps what was typed in the form"."""
    open_app(page, base_url, clear=True)
    mouse_click(page, '[data-game="thorval"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    page.select_option("#player-count", "3")
    page.fill('input[name="player1"]', "Zoé")
    page.select_option('select[data-seat="2"]', "easy")
    page.select_option('[data-option="turn_limit"]', "5")
    mouse_click(page, '[data-testid="lang"]')
    page.wait_for_selector("#new-game h2:has-text('New')")
    assert page.input_value("#player-count") == "3"
    assert page.input_value('input[name="player1"]') == "Zoé"
    assert page.input_value('select[data-seat="2"]') == "easy"
    assert page.input_value('[data-option="turn_limit"]') == "5"
    # the tournament's organiser form too: participants and tables as they were
    mouse_click(page, ".brand")
    mouse_click(page, '[data-game="arkhanis"] [data-action="new"]')
    page.wait_for_selector("#ak-summary")
    page.select_option("#player-count", "9")
    page.fill('input[name="player3"]', "Élise")
    mouse_click(page, '[data-action="add-table"]')
    tables = page.locator(".ak-table-row").count()
    page.select_option('[name="event2"]', "golden_age")
    mouse_click(page, '[data-testid="lang"]')
    page.wait_for_selector("#ak-summary")
    assert page.input_value('input[name="player3"]') == "Élise" and page.input_value("#player-count") == "9"
    assert page.locator(".ak-table-row").count() == tables
    assert page.input_value('[name="event2"]') == "golden_age"


def test_each_tournament_event_has_its_effect_beside_its_name(page, base_url):
    """Issue 26 §11: "each Arkhanis tournament event has its one-line effect beside its name"."""
    from plateau.games.arkhanis import events as E
    from plateau.games.arkhanis.catalogue import event_name

    open_app(page, base_url, clear=True)
    mouse_click(page, '[data-game="arkhanis"] [data-action="new"]')
    page.wait_for_selector("#ak-event-list")
    listed = page.inner_text("#ak-event-list")
    for ev in E.ORDER:
        if ev != "none":
            name, _, effect = event_name(ev, "fr").partition(":")
            assert f"{name.strip()} — {effect.strip()}" in listed, ev


def test_first_visit_follows_the_browser_and_links_their_language(browser, base_url):
    """Issue 26 §11: "The first visit follows the browser's language (fr for fr-*, else en); a link or
    embed opens in the language it was made in […] unless the visitor chose a language before"."""
    seen = {}
    for locale in ("en-US", "fr-CA", "de-DE"):
        ctx = browser.new_context(service_workers="block", locale=locale)
        page = ctx.new_page()
        open_app(page, base_url)
        seen[locale] = page.get_attribute("html", "lang")
        ctx.close()
    assert seen == {"en-US": "en", "fr-CA": "fr", "de-DE": "en"}
    # a link made in French, opened by an English browser: French; by a visitor who chose English: English
    ctx = browser.new_context(service_workers="block", locale="fr-FR")
    page = ctx.new_page()
    s = Session(Record("thud", {}, 1, ["Ann", "Bob"], []))
    open_record(page, base_url, s.record)
    mouse_click(page, '[data-action="share"]')
    link = page.input_value("#share-url")
    ctx.close()
    assert "lang=fr" in link
    ctx = browser.new_context(service_workers="block", locale="en-GB")
    try:
        page = ctx.new_page()
        open_app(page, link)
        page.wait_for_selector("#board")
        assert page.get_attribute("html", "lang") == "fr" and page.inner_text('[data-action="share"]') == "Partager"
        mouse_click(page, '[data-testid="lang"]')  # the visitor chooses English
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.goto("about:blank")
        open_app(page, link)
        page.wait_for_selector("#board")
        assert page.get_attribute("html", "lang") == "en" and page.inner_text('[data-action="share"]') == "Share"
    finally:
        ctx.close()


# -- 13. Small faults ------------------------------------------------------------------------------
def test_armadora_on_a_phone_frame_and_hint_mark(browser, base_url):
    """Issue 26 §13: "Armadora's board frame on the phone, Armadora's hint mark as visible as the
    other games'"."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block", locale="fr-FR")
    page = ctx.new_page()
    try:
        rnd = random.Random(1)
        s = Session(Record("armadora", {}, 3, ["Ann", "Bob"], []))
        for _ in range(2):
            s.play(rnd.choice(s.legal()))
        open_record(page, base_url, s.record)
        reveal(page)
        # the frame is drawn whole: the outer frame fills the drawing, its foot inside the view
        vb = page.get_attribute("#board svg", "viewBox").replace(",", " ").split()
        frame_h = float(page.eval_on_selector("#board svg rect", "r => r.getAttribute('height')"))
        assert abs(frame_h - float(vb[3])) < 1, (frame_h, vb)
        page.locator('[data-action="hint"]').tap()
        page.wait_for_selector("#board .hint, #tray .hint", timeout=60_000)
        # a hinted square shows as a coloured square, not an outline under the territory lines
        for hinted in page.locator("#board .am-sq.hint").all():  # the computer's hint on a square, if it is one
            assert hinted.evaluate("n => getComputedStyle(n).fill") == "rgb(143, 209, 158)"
        sq = page.locator("#board .am-sq:not(.hint)").first.element_handle()  # this one, not the next match
        before = sq.evaluate("n => getComputedStyle(n).fill")
        sq.evaluate("n => n.classList.add('hint')")
        after = sq.evaluate("n => [getComputedStyle(n).fill, getComputedStyle(n).strokeWidth]")
        assert after[0] != before and after[0] == "rgb(143, 209, 158)" and float(after[1].rstrip("px")) >= 4
    finally:
        ctx.close()


def test_rules_contents_wrap_under_their_number(browser, base_url):
    """Issue 26 §13: "the rules pages' wrapped table of contents" — an entry on two lines keeps its
    number on its first line."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                              service_workers="block", locale="fr-FR")
    page = ctx.new_page()
    try:
        open_app(page, base_url, clear=True)
        page.locator('[data-game="smallworld"] [data-action="rules"]').tap()
        page.wait_for_selector("nav.toc li button")
        # where the number goes: the list marker sits on the entry's first line box, as a zero-width letter put
        # before the entry's button does; it must be level with the button's first line of text
        rows = page.eval_on_selector_all("nav.toc li", """lis => lis.map(li => {
            const b = li.querySelector('button'), probe = document.createElement('span');
            probe.textContent = '\u200b'; li.insertBefore(probe, b);
            const p = probe.getBoundingClientRect(), r = b.getBoundingClientRect(); probe.remove();
            return [r.height, p.top - r.top]; })""")
        wrapped = [r for r in rows if r[0] > 40]
        assert wrapped, rows  # the test needs an entry on two lines at 375 px
        assert all(abs(off) < 8 for _, off in wrapped), wrapped
    finally:
        ctx.close()


def test_saved_games_come_first_on_the_home_page_when_there_are_some(page, base_url):
    """Issue 26 §13: "saved games listed above the game cards on the home page when there are some"."""
    open_app(page, base_url, clear=True)
    order = page.eval_on_selector_all("#home-games, #home-saved", "els => els.map(e => e.id)")
    assert order == ["home-games", "home-saved"]  # a new visitor: the games first
    mouse_click(page, '[data-game="thud"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    mouse_click(page, '#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    assert len(saved_games(page)) == 1
    mouse_click(page, ".brand")
    page.wait_for_selector("#saved li[data-save]")
    order = page.eval_on_selector_all("#home-games, #home-saved", "els => els.map(e => e.id)")
    assert order == ["home-saved", "home-games"]
