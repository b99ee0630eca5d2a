"""The app shell in Chromium: start-up, language, saved games, links, embed."""

from __future__ import annotations

import json
import random

from plateau.core.record import Record, encode
from plateau.web.session import Session

from harness import (GAME_KEY, fill_storage, board_dom, board_ply, current_record, mirror, open_app, play_move, saved_games,
                     start_game)


def test_page_becomes_ready_without_other_origins(page, base_url):
    foreign = open_app(page, base_url)
    assert foreign == []
    assert page.locator('[data-game="thud"]').count() == 1
    assert page.locator("#loading").count() == 0


def test_language_switch_is_remembered(page, base_url):
    open_app(page, base_url, clear=True)
    assert page.inner_text("main h2") == "Jeux"
    page.click('[data-testid="lang"]')
    assert page.inner_text("main h2") == "Games"
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.inner_text("main h2") == "Games"
    assert page.get_attribute("html", "lang") == "en"


def test_rules_page_in_both_languages(page, base_url):
    open_app(page, base_url, clear=True)
    page.click('[data-game="thud"] [data-action="rules"]')
    fr = page.inner_text("article.rules")
    assert "Thud" in fr and len(fr) > 500
    page.click('[data-testid="lang"]')
    en = page.inner_text("article.rules")
    assert en != fr and "dwarf" in en.lower()


def test_play_reload_and_navigation(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Astrid", "Bruno"], seed=5)
    s = mirror(page)
    rnd = random.Random(1)
    for _ in range(6):
        play_move(page, s, rnd.choice([m for m in s.legal() if m.text not in ("offer",)]))
    assert page.locator("#moves li[data-ply]").count() == 7
    # navigation: click a ply, keys
    page.click('#moves li[data-ply="2"]')
    assert board_ply(page) == 2
    page.keyboard.press("ArrowRight")
    assert board_ply(page) == 3
    page.keyboard.press("End")
    assert board_ply(page) == 6
    page.keyboard.press("Home")
    assert board_ply(page) == 0
    page.click('[data-action="redo"]')
    assert board_ply(page) == 1
    # an entry of the move list is a button for the keyboard too
    page.focus('#moves li[data-ply="4"]')
    page.keyboard.press("Enter")
    assert board_ply(page) == 4
    page.focus('#moves li[data-ply="5"]')
    page.keyboard.press(" ")
    assert board_ply(page) == 5
    page.click('[data-action="redo"]')
    page.click('#moves li[data-ply="1"]')
    assert board_ply(page) == 1
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert board_ply(page) == 1
    assert current_record(page).moves == s.record.moves
    page.keyboard.press("End")
    svg_before = board_dom(page)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert board_dom(page) == svg_before


def test_keyboard_plays_a_move(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["A", "B"], seed=9)
    s = mirror(page)
    move = next(m for m in s.legal() if m.text.startswith("d"))
    for t in move.path:
        page.focus(f'#board .target[data-target="{t}"]')
        page.keyboard.press("Enter")
    assert board_ply(page) == 1
    assert current_record(page).moves == [move.text]


def test_share_link_opens_same_position_in_a_fresh_context(page, browser, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=11)
    s = mirror(page)
    rnd = random.Random(2)
    for _ in range(4):
        play_move(page, s, rnd.choice([m for m in s.legal() if m.text != "offer"]))
    page.click('#moves li[data-ply="3"]')
    page.click('[data-action="share"]')
    link = page.input_value("#share-url")
    assert "#g=P1" in link
    board = board_dom(page)
    ctx = browser.new_context(service_workers="block")
    other = ctx.new_page()
    open_app(other, link)
    assert board_ply(other) == 3
    assert board_dom(other) == board
    # the shared game is saved as a new game once a move is played there
    assert saved_games(other) == {}
    s.goto(3)
    play_move(other, s, s.legal()[0])
    assert len(saved_games(other)) == 1
    ctx.close()


def _bad_link_keeps_saves(page, base_url, fragment):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror(page)
    play_move(page, s, s.legal()[0])
    before = page.evaluate("JSON.stringify(localStorage)")
    page.goto(base_url + "#g=" + fragment)
    page.wait_for_selector("html[data-ready]", state="attached")
    page.wait_for_selector(".msg.error")
    message = page.inner_text(".msg.error")
    assert page.evaluate("JSON.stringify(localStorage)").count(GAME_KEY) == before.count(GAME_KEY)
    assert len(saved_games(page)) == 1
    assert page.locator("#saved li[data-save]").count() == 1
    return message


def test_truncated_link_is_refused(page, base_url):
    good = encode(Record("thud", {}, 1, ["A", "B"], ["dF1-F2"]))
    msg = _bad_link_keeps_saves(page, base_url, good[:-6])
    assert "refusé" in msg or "refused" in msg


def test_tampered_link_is_refused(page, base_url):
    good = encode(Record("thud", {}, 1, ["A", "B"], ["dF1-F2"]))
    bad = good[:10] + ("A" if good[10] != "A" else "B") + good[11:]
    msg = _bad_link_keeps_saves(page, base_url, bad)
    assert "refusé" in msg


def test_foreign_and_illegal_links_are_refused(page, base_url):
    msg = _bad_link_keeps_saves(page, base_url, "hello-world")
    assert "Plateau" in msg or "refusé" in msg
    illegal = encode(Record("thud", {}, 1, ["A", "B"], ["dF1-F2", "dF2-F1"]))
    msg = _bad_link_keeps_saves(page, base_url, illegal)
    assert "2" in msg and "dF2-F1" in msg


def test_corrupt_storage_is_reported_and_the_rest_loads(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    page.evaluate(f"localStorage.setItem('{GAME_KEY}broken', '{{oops')")
    page.evaluate(f"localStorage.setItem('{GAME_KEY}broken2', JSON.stringify({{name: 'x', record: 'P1zzzz'}}))")
    page.evaluate("localStorage.setItem('plateau:v1:settings', '[[[')")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    errors = page.inner_text("#messages")
    assert "2 sauvegardes sont illisibles" in errors  # one banner for both
    assert page.locator("#saved li[data-save]").count() == 1
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}broken')") == "{oops"


def test_full_storage_gives_a_message_and_loses_nothing(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror(page)
    play_move(page, s, s.legal()[0])
    before = page.evaluate("JSON.stringify(localStorage)")
    fill_storage(page)
    play_move(page, s, s.legal()[0])
    assert "plein" in page.inner_text(".msg.error")
    after = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    assert {k: v for k, v in after.items() if k.startswith(GAME_KEY)} == \
        {k: v for k, v in json.loads(before).items() if k.startswith(GAME_KEY)}


def test_saved_games_rename_delete_export_import(page, base_url, tmp_path):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror(page)
    play_move(page, s, s.legal()[0])
    page.click(".brand")
    page.once("dialog", lambda d: d.accept("Soirée du club <b>x</b>"))
    page.click('#saved [data-action="rename"]')
    assert page.inner_text("#saved li strong") == "Soirée du club <b>x</b>"  # shown as text, not HTML
    assert page.locator("#saved li strong b").count() == 0
    with page.expect_download() as dl:
        page.click('#saved [data-action="export"]')
    path = tmp_path / "game.plateau"
    dl.value.save_as(path)
    assert path.read_text().startswith("P1")
    page.once("dialog", lambda d: d.accept())
    page.click('#saved [data-action="delete"]')
    assert page.locator("#saved li[data-save]").count() == 0
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#saved li[data-save]")
    page.click('#saved [data-action="resume"]')
    assert board_ply(page) == 1
    # a foreign file is refused with a message, nothing stored
    junk = tmp_path / "notes.txt"
    junk.write_text("just some notes")
    page.click(".brand")
    page.set_input_files("#import-file", str(junk))
    page.wait_for_selector(".msg.error")
    assert len(saved_games(page)) == 1


def test_embed_mode_playable_and_view_only(page, base_url):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=3)
    s = mirror(page)
    play_move(page, s, s.legal()[0])
    page.click('[data-action="embed"]')
    code = page.input_value("#embed-code")
    assert code.startswith("<iframe") and "?embed&lang=fr#g=P1" in code  # it opens in the language it was made in
    src = code.split('src="')[1].split('"')[0]
    page.goto(src)
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.locator("header.top").count() == 0 and page.locator("#moves").count() == 0
    assert board_ply(page) == 1
    emb = Session(Record("thud", s.record.options, s.record.seed, s.record.players, list(s.record.moves)))
    play_move(page, emb, emb.legal()[0])
    # view only: nothing is clickable
    page.click('[data-action="close"]') if page.locator('[data-action="close"]').count() else None
    page.goto(src.replace("?embed&", "?embed=view&"))
    page.wait_for_selector("html[data-ready]", state="attached")
    assert page.locator("#board .target").count() == 0
    page.locator("#board [data-target]").first.dispatch_event("click")
    assert board_ply(page) == 1


def test_playing_in_the_past_keeps_the_replaced_moves(page, base_url):
    """Thud after 26 plies: a move played at move 5 replaces the 21 that
    followed, says so, and "bring back" restores them (nothing is lost)."""
    rnd = random.Random(26)
    s = Session(Record("thud", {}, 1, ["Ann", "Bob"], []))
    while s.total < 26:
        s.play(rnd.choice([m for m in s.legal() if m.text not in ("offer", "accept", "refuse")]))
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"])
    page.evaluate(f"location.hash = {'#g=' + encode(s.record)!r}")
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 26")
    page.click('#moves li[data-ply="5"]')
    assert "remplace" in page.inner_text("#history-note")
    s.goto(5)
    other = next(m for m in s.legal() if m.text != s.record.moves[5] and m.text not in ("offer",))
    play_move(page, s, other)
    assert current_record(page).moves[:6] == s.record.moves and len(current_record(page).moves) == 6
    assert "21" in page.inner_text("#messages")
    page.click('[data-action="restore"]')
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 26")
    restored = current_record(page).moves
    assert len(restored) == 26 and restored[5] != other.text
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert len(current_record(page).moves) == 26
