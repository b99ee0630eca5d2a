"""Le Cheval de Troie in Chromium: whole games clicked to the end screen,
with saving, reloading and sharing on the way, and the hidden-information
rules of hot-seat play (pass-the-device screens, treasures face down for a
player who has not looked at them, the horse closed in the memory game,
everything revealed at the end)."""

from __future__ import annotations

import pytest

import random
import re

from harness import (check_save_and_reload, check_share, mirror, move_list, open_app, pass_screen_for,
                     play_move_seen, reload_app, result_lines, reveal, score_cells, shot, shot_paths, start_game,
                     table_cells)
from plateau.core.game import must_pass_between
from plateau.games.troy.rules import BONUS, ND

COLOUR = {"r": "Rouge", "b": "Bleu", "y": "Jaune", "g": "Vert"}


def choose(session, rnd: random.Random):
    """Any legal move."""
    return rnd.choice(session.legal())


def treasure_faces(page) -> list[str]:
    """What each district's treasure card shows on the board ("?" when face down)."""
    return [page.text_content(f'#board [data-target="t{d + 1}"]').strip() for d in range(ND)]


def check_view(page, session) -> int:
    """The board shows the treasures the player to move has seen, and only
    those. Returns how many treasures another player knows that this one
    does not (they must show face down)."""
    st = session.state
    viewer = st.to_play
    faces = treasure_faces(page)
    secret = 0
    for d in range(ND):
        if st.knows(viewer, d):
            assert faces[d] == str(st.treasure(d)), (d, faces[d])
        else:
            assert faces[d] == "?", (d, viewer, faces[d])
            if any(st.dcard[d] in st.known[p] for p in range(len(st.players)) if p != viewer):
                secret += 1
    svg = page.text_content("#board svg")
    glass = st.options["horse"] == "glass"
    assert ("?  ?" in svg) != glass  # the closed horse hides its two heroes
    assert page.locator("#board svg").count() == 1
    return secret


def check_end_screen(page, session) -> None:
    st = session.state
    assert st.is_over()
    assert pass_screen_for(page) is None
    assert page.inner_text("#status").startswith("Partie terminée")
    lines = result_lines(page)
    assert lines == st.result_lines("fr")
    # every district, its winner and its value (heroes + bonus + treasure)
    districts = [ln for ln in lines if ln.startswith("District ")]
    assert len(districts) == ND
    for d, line in enumerate(districts):
        m = re.match(r"^District (\d) \(bonus (\d), trésor (\d)\) : (.*) — (.*)$", line)
        assert m, line
        assert int(m[1]) == d + 1 and int(m[2]) == BONUS[d] and int(m[3]) == st.treasure(d)
        for c in st.order:
            if st.dist[d][c]:
                assert f"{COLOUR[c]} {st.dist[d][c]}" in m[4]
        w = st.district_winner(d)
        value = st.count(d) + BONUS[d] + st.treasure(d)
        if w is None:
            assert m[5] == "personne ne le conquiert"
        else:
            assert m[5] == f"conquis par {COLOUR[w]} ({st.players[st.owner[w]]}), {value} points"
    # totals per player and the winner
    scores = st.scores()
    for i, name in enumerate(st.players):
        assert any(ln.startswith(f"{name} (") and ln.endswith(f": {scores[i]} points") for ln in lines)
    assert all(st.players[i] in lines[-1] for i in st.winners())
    assert score_cells(page) == table_cells(st)
    # everything revealed: every treasure face up, the horse open, nothing to click
    assert treasure_faces(page) == [str(st.treasure(d)) for d in range(ND)]
    assert "?  ?" not in page.text_content("#board svg")
    assert page.locator("#board .target").count() == 0 and page.locator("#tray [data-target]").count() == 0


def run_game(page, browser, base_url, names, options, seed, rnd_seed, save_at, share_at, shots):
    open_app(page, base_url, clear=True)
    start_game(page, "troy", names, options, seed=seed)
    session = mirror(page)
    assert session.record.players == names
    if session.must_pass(None):  # only once someone knows a treasure the others do not
        assert session.record.players[session.state.to_play] in reveal(page)
    else:
        assert pass_screen_for(page) is None
    check_view(page, session)
    rnd = random.Random(rnd_seed)
    stats = {"pass": 0, "same": 0, "secret": 0, "seen": 0, "tray": set()}
    checkpoints = {
        save_at: lambda: check_save_and_reload(page, session),
        share_at: lambda: check_share(page, browser, session, lambda s: choose(s, random.Random(0)), check_view,
                                      shots[0]),
    }
    while not session.state.is_over():
        move = choose(session, rnd)
        mover = session.state.to_play
        for t in move.path:  # off-board choices are tray buttons with a label, not a raw name
            if page.locator(f'#tray [data-target="{t}"]').count():
                assert page.inner_text(f'#tray [data-target="{t}"]') not in ("", t)
                stats["tray"].add(t)
        shown = play_move_seen(page, session, move)
        st = session.state
        if st.is_over():
            assert shown is None
            break
        if must_pass_between(st, mover, st.to_play):  # the next player may see a treasure the mover may not
            assert shown is not None, f"no pass screen after {move.text}"
            assert st.players[st.to_play] in shown
            stats["pass"] += 1
        else:  # the same player goes on, or the next one knows nothing the mover does not
            assert shown is None
            stats["same"] += 1
        stats["secret"] += check_view(page, session)
        stats["seen"] += sum(st.knows(st.to_play, d) for d in range(ND))
        cb = checkpoints.pop(session.ply, None)
        if cb is not None:
            cb()
    assert not checkpoints, f"game ended before plies {sorted(checkpoints)}"
    check_end_screen(page, session)
    if shots[1]:
        page.screenshot(path=shots[1])
    reload_app(page)
    assert pass_screen_for(page) is None
    assert result_lines(page) == session.state.result_lines("fr")
    return session, stats


@pytest.mark.slow  # the same path as the two-player game, with more seats: in the long run
def test_three_player_game_to_the_end(page, browser, base_url):
    names = ["Hélène", "Pâris", "Hector"]
    session, stats = run_game(page, browser, base_url, names, {}, seed=4, rnd_seed=2, save_at=15, share_at=33,
                              shots=shot_paths("troy_3p_mid.png", "troy_3p_end.png"))
    st = session.state
    assert st.colours == ("r", "b", "y") and st.cap == 5
    assert sum(st.count(d) for d in range(ND)) == 30  # every coloured hero reached a district
    assert st.blacks_out
    assert stats["pass"] > 3 and stats["secret"] > 0 and stats["seen"] > 0
    assert any(m.startswith("x") for m in session.record.moves)  # a trident swap, clicked on the cards
    assert "n1" in stats["tray"]
    assert all(st.count(d) <= 5 for d in range(ND))


def test_two_player_game_to_the_end(page, browser, base_url):
    names = ["Ann", "Bob"]
    session, stats = run_game(page, browser, base_url, names, {"horse": "glass"}, seed=9, rnd_seed=5,
                              save_at=20, share_at=41,
                              shots=shot_paths("troy_2p_mid.png", "troy_2p_end.png"))
    st = session.state
    assert len(st.order) == 4 and sorted(st.owner.values()) == [0, 0, 1, 1]
    assert sum(st.count(d) for d in range(ND)) == 40 and st.cap == 7
    assert stats["pass"] > 0 and stats["same"] > stats["pass"] and stats["secret"] > 0 and stats["seen"] > 0
    assert {"n2", "n3"} <= stats["tray"]


def test_hot_seat_the_next_player_reads_the_colours_announced(page, base_url):
    """« Bien entendu, le joueur est tenu d'annoncer quelle couleur de héros il place dans le
    Cheval. » — two players on one device, closed horse: once the first has pushed heroes in and the
    device has gone to the other behind the pass screen, the other's board log names the colours
    announced; the move list does not, nor the previous position of the history."""
    open_app(page, base_url, clear=True)
    page.set_viewport_size({"width": 1440, "height": 900})
    start_game(page, "troy", ["Ann", "Bob"], {}, seed=11)
    session = mirror(page)
    assert not session.must_pass(None)
    rnd = random.Random(0)  # seed 11 with these choices: at the first hand-over after insertions,
    while True:             # the next player sees a treasure the one who held the device has not seen
        st = session.state
        mover = st.owner[st.colour]
        shown = play_move_seen(page, session, rnd.choice(session.legal()))
        st = session.state
        if st.to_play != mover and any(e[0] == "insert" for e in st.prev_log):
            break
        assert session.ply < 30
    listener = st.to_play
    assert shown is not None and st.players[listener] in shown  # the pass screen stood between them
    words = page.text_content("#board svg")
    inserts = [e for e in st.prev_log if e[0] == "insert"]
    for _, c, fallen, d in inserts:
        assert f"{COLOUR[c]} entre, {COLOUR[fallen]} tombe en {d + 1}" in words
    early = st.earlier_heard(listener)
    assert words.count("a fait entrer") + words.count("Odysseus charge le Cheval :") == len(early) > 0
    assert "un héros entre" not in words
    shot(page, "troy_announced_desktop")
    # the move list is a written record: it names no colour that went in
    listed = [m for m in move_list(page) if "Cheval vers le district" in m]
    assert len(listed) == sum(m.startswith("d") for m in session.record.moves)
    assert all("entre un héros," in m for m in listed)
    # one step back in the history: what was said aloud then is not shown
    page.click('[data-action="prev"]')
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.total - 1}")
    words = page.text_content("#board svg")
    assert "un héros entre" in words and "a fait entrer" not in words
    assert not any(f"{name} entre" in words for name in COLOUR.values())
    page.click('[data-action="last"]')
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.total}")
    assert f"{COLOUR[inserts[-1][1]]} entre" in page.text_content("#board svg")
    # on a phone the log is text beside the board: the same announcements
    page.set_viewport_size({"width": 375, "height": 667})
    page.wait_for_selector("#board-panel li")
    panel = page.inner_text("#board-panel")
    for _, c, fallen, d in inserts:
        assert f"{COLOUR[c]} entre, {COLOUR[fallen]} tombe en {d + 1}" in panel
    shot(page, "troy_announced_phone")
