"""Thud in Chromium: a whole round played by clicking, .thud files in and out."""

from __future__ import annotations

import random


from harness import score_cells, table_cells, board_ply, current_record, mirror, open_app, play_move, saved_games, start_game


def _board_moves(session):
    return [m for m in session.legal() if m.text not in ("offer", "accept", "refuse")]


def test_a_whole_round_is_played_by_clicking(page, base_url):
    """Round 1 from the start position to its end: the dwarfs (Ann) and the
    trolls (Bob) move by clicks, captures included; then one side offers to
    end the round, the other refuses once, later accepts; the scores follow
    the seed (dwarf 1, troll 4) and round 2 starts with the sides swapped."""
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=21)
    s = mirror(page)
    rnd = random.Random(7)
    captures = 0
    for i in range(40):
        moves = _board_moves(s)
        capturing = [m for m in moves if "x" in m.text]
        move = rnd.choice(capturing) if capturing and rnd.random() < 0.8 else rnd.choice(moves)
        captures += "x" in move.text
        play_move(page, s, move)
        if i == 20:  # the game survives a reload mid-round
            page.reload()
            page.wait_for_selector("html[data-ready]", state="attached")
            assert board_ply(page) == s.ply
    assert captures > 0
    play_move(page, s, s.move_from_text("offer") if hasattr(s, "move_from_text") else
              next(m for m in s.legal() if m.text == "offer"))
    play_move(page, s, next(m for m in s.legal() if m.text == "refuse"))
    play_move(page, s, rnd.choice(_board_moves(s)))
    play_move(page, s, next(m for m in s.legal() if m.text == "offer"))
    play_move(page, s, next(m for m in s.legal() if m.text == "accept"))
    state = s.state
    assert state.round == 2
    status = page.inner_text("#status")
    assert status  # whose turn in round 2
    assert score_cells(page) == table_cells(state)
    assert current_record(page).moves == s.record.moves


def test_thud_file_import_and_export(page, base_url, tmp_path):
    open_app(page, base_url, clear=True)
    start_game(page, "thud", ["Ann", "Bob"], seed=2)
    s = mirror(page)
    rnd = random.Random(3)
    for _ in range(5):
        play_move(page, s, rnd.choice(_board_moves(s)))
    page.click('[data-action="export"]')
    names = page.locator("#dialog [data-file]").all_inner_texts()
    assert names[0].endswith(".plateau") and names[1].endswith("-round1.thud")
    with page.expect_download() as dl:
        page.click(f'#dialog [data-file="{names[1]}"]')
    assert dl.value.suggested_filename == names[1]
    thud = tmp_path / "game.thud"
    dl.value.save_as(thud)
    page.click('[data-action="close"]')
    lines = thud.read_text().splitlines()
    assert lines[0].startswith("d") and "RH8" in lines[0] and lines[1:] == s.record.moves
    page.click(".brand")
    page.set_input_files("#import-file", str(thud))
    page.wait_for_selector(".msg.info")
    assert len(saved_games(page)) == 2
    # an illegal .thud is refused with the line named, nothing stored
    bad = tmp_path / "bad.thud"
    bad.write_text(lines[0] + "\ndF1-F2\ndF2-F1\n")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector(".msg.error")
    assert "3" in page.inner_text(".msg.error")
    assert len(saved_games(page)) == 2


def _pointer_path(page, move):
    """Click ``move``'s targets with the real pointer (board first, else the tray)."""
    from harness import pointer_click

    for t in move.path:
        sel = f'#board .target[data-target="{t}"]'
        pointer_click(page, sel if page.locator(sel).count() else f'#tray [data-target="{t}"]')


def test_undo_and_the_same_move_again_against_the_computer_goes_forward(page, base_url):
    """Issue 41 item 3: after Undo, the same move played again goes forward to the position the history holds
    (the computer's answer with it, as on Lichess): the line above the board names only the last computer
    move, and no "bring back the replaced moves" is offered."""
    from harness import pointer_click, move_list, shot
    from test_ai_browser import start_with_computers, wait_ply

    page.set_viewport_size({"width": 1440, "height": 900})
    open_app(page, base_url, clear=True)
    start_with_computers(page, "thud", ["Ann", "Bob"], {1: "easy"}, seed=5)
    s = mirror(page)
    mine = _board_moves(s)[0]
    _pointer_path(page, mine)
    wait_ply(page, 2)
    answer = current_record(page).moves[1]
    log = page.locator("#computer-log li")
    assert log.count() == 1 and log.first.inner_text().startswith("Bob")
    said = log.first.inner_text()
    pointer_click(page, '[data-action="undo"]')
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 0")
    assert page.locator("#computer-log li").count() == 0  # the answer taken back is not named
    _pointer_path(page, mine)
    page.wait_for_function("+document.querySelector('#board').dataset.ply === 2")
    page.wait_for_timeout(1500)  # (the computer would have answered by now, were it asked)
    assert current_record(page).moves == [mine.text, answer] and board_ply(page) == 2
    assert page.locator('[data-action="restore"]').count() == 0
    assert [li.inner_text() for li in page.locator("#computer-log li").all()] == [said]
    assert len(move_list(page)) == 2
    shot(page, "thud_same_move_again_1440")
    page.set_viewport_size({"width": 375, "height": 667})
    page.wait_for_timeout(300)
    shot(page, "thud_same_move_again_375")
