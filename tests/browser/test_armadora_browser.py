"""Armadora in Chromium: whole games clicked to the end screen, with saving,
reloading and sharing on the way, and the hidden-information rules of
hot-seat play (pass-the-device screens, only one's own values on the board,
``W?@..`` in the move list, everything revealed at the end)."""

from __future__ import annotations

import random
import re

from harness import (score_cells, table_cells, check_save_and_reload, shot_paths, check_share, mirror, move_list, open_app, pass_screen_for,
                     play_move_seen, reload_app, result_lines, reveal, start_game, svg_labels)
from plateau.games.armadora.rules import NSQ, SQ_INDEX, SQ_NAMES

WARRIOR_LABEL = re.compile(r"^Guerrier (?P<who>.+) en (?P<sq>[a-h][1-5])(?:, valeur (?P<v>\d+))?$")
POWERS = ("mage", "goblin", "orc", "elf")


def choose(session, rnd: random.Random):
    """A move that keeps the game going: warriors and palisades first,
    powers and reinforcements when there are some, a pass only when nothing
    else is left (so every game ends, in about 55-65 plies)."""
    moves = session.legal()
    st = session.state
    if st.phase == "pick":
        return rnd.choice(moves)
    powers = [m for m in moves if m.text.split(":")[0] in POWERS]
    reinf = [m for m in moves if m.text.startswith("reinf:")]
    warriors = [m for m in moves if m.text.startswith("W")]
    pals = [m for m in moves if m.text.startswith("P:")]
    pairs = [m for m in pals if "," in m.text]
    if powers and rnd.random() < 0.6:
        return rnd.choice(powers)
    if reinf and rnd.random() < 0.5:
        return rnd.choice(reinf)
    r = rnd.random()
    if warriors and (r < 0.6 or not pals):
        return rnd.choice(warriors)
    if pairs and r < 0.9:
        return rnd.choice(pairs)
    if pals:
        return rnd.choice(pals)
    if reinf:
        return rnd.choice(reinf)
    return next(m for m in moves if m.text == "pass")


def warriors_on_board(page) -> dict[str, int | None]:
    """square -> value as the SVG's aria-labels show it (None: face down)."""
    out = {}
    for label in svg_labels(page):
        m = WARRIOR_LABEL.match(label)
        if m:
            out[m["sq"]] = int(m["v"]) if m["v"] else None
    return out


def check_view(page, session) -> tuple[int, int]:
    """The board shows exactly what the player to move may know. Returns how
    many warriors of other players, and of the partner, had their value
    hidden."""
    st = session.state
    viewer = st.to_play
    shown = warriors_on_board(page)
    placed = {SQ_NAMES[s]: s for s in range(NSQ) if st.owner[s] >= 0}
    assert set(shown) == set(placed)
    hidden = partner = 0
    for sq, s in placed.items():
        owner = st.owner[s]
        expected = st.visible_value(s, viewer)
        assert shown[sq] == expected, (sq, owner, viewer, shown[sq], expected)
        if owner == viewer:
            assert shown[sq] == st.value[s]  # review allowed (default option): one's own values show
        elif not st.faceup[s] and s not in st.seen[viewer]:
            assert shown[sq] is None  # opponents' and the partner's face-down values never show
            hidden += 1
            partner += owner == st.partner(viewer)
    # no value text drawn for a hidden warrior
    assert page.locator("#board svg text.am-v").count() == sum(v is not None for v in shown.values())
    # only the viewer's hand is shown ("Main : 1×2 ..."); the others are counts
    panel = page.text_content("#board svg")
    assert panel.count("Main :") == (1 if sum(st.hand[viewer]) else 0)
    for p in range(st.n):
        if p != viewer and sum(st.hand[p]):
            assert f"Guerriers : {sum(st.hand[p])}" in panel
    # the move list is written for the viewer: a face-down value only where they may know it
    # (Game.describe_move, whose own tests change hidden values and check the words stay the same)
    assert move_list(page) == [f"{i + 1}. {session.move_line(i, viewer, 'fr')}" for i in range(session.total)]
    for i, line in enumerate(move_list(page)):
        text = session.record.moves[i]
        if text.startswith("W") and st.owner[SQ_INDEX[text.split("@")[1]]] != viewer \
                and not st.faceup[SQ_INDEX[text.split("@")[1]]]:
            assert "caché" in line, line  # an opponent's face-down warrior: no value
    return hidden, partner


def check_end_screen(page, session, team: bool) -> None:
    st = session.state
    assert st.is_over()
    assert pass_screen_for(page) is None
    assert page.inner_text("#status").startswith("Partie terminée")
    lines = result_lines(page)
    assert lines == st.result_lines("fr")
    assert page.inner_text("#result h2") == "Résultat"
    # every territory, its size, its gold and who took what
    terr = [ln for ln in lines if ln.startswith("Territoire ")]
    count = st.count()
    assert len(terr) == len(st.territory_squares()) == len(count["territories"])
    sizes = gold = 0
    for line, tr in zip(terr, count["territories"]):
        m = re.match(r"^Territoire (\d+) \(([a-h][1-5])…, (\d+) cases, (\d+) or\) : (.*) → (.*)$", line)
        assert m, line
        assert int(m[1]) == tr["index"] + 1 and m[2] == SQ_NAMES[tr["squares"][0]]
        assert int(m[3]) == tr["size"] and int(m[4]) == tr["gold"]
        sizes += int(m[3])
        gold += int(m[4])
        outcome = m[6]
        if tr["gold"] and len(tr["winners"]) == 1:
            assert st.side_name(tr["winners"][0]) in outcome and f"{tr['share']} or" in outcome
        elif tr["gold"] and tr["winners"]:
            assert "partagent" in outcome
        for sd in range(st.nsides()):
            if tr["present"][sd]:
                assert f"{st.side_name(sd)} {tr['points'][sd]}" in m[5]
    assert sizes == NSQ and gold == 40
    # totals per side, the winners named
    for sd in range(st.nsides()):
        assert any(ln.startswith(f"{st.side_name(sd)} : {count['totals'][sd]} or") for ln in lines)
    winners = " et ".join(st.side_name(sd) for sd in count["win_sides"])
    assert winners in lines[0] or winners in lines[1]
    if team:
        assert " & " in lines[0] or " & " in lines[1]
    # the score table: partners share their gold
    assert score_cells(page) == table_cells(st)
    # everything is revealed: every value on the board and in the move list
    shown = warriors_on_board(page)
    assert shown and all(shown[SQ_NAMES[s]] == st.value[s] for s in range(NSQ) if st.owner[s] >= 0)
    assert page.locator("#board svg text.am-v").count() == len(shown)
    assert move_list(page) == [f"{i + 1}. {session.move_line(i, None, 'fr')}" for i in range(session.total)]
    for i, line in enumerate(move_list(page)):  # the end shows every value
        text = session.record.moves[i]
        if text.startswith("W"):
            assert f" {text[1]} " in line, line
    assert page.text_content("#board svg").count("Or :") == len(session.record.players)
    assert page.locator("#board .target").count() == 0 and page.locator("#tray [data-target]").count() == 0


def play_to_end(page, session, rnd, stats, checkpoints=()):
    """Click moves until the end screen, checking the pass screen between
    players and the viewer's board after every move; ``checkpoints`` maps a
    ply to a callback run there."""
    checkpoints = dict(checkpoints)
    while not session.state.is_over():
        move = choose(session, rnd)
        mover = session.state.to_play
        for t in move.path[:1]:  # off-board choices are tray buttons with a label, not a raw name
            if page.locator(f'#tray [data-target="{t}"]').count():
                assert page.inner_text(f'#tray [data-target="{t}"]') not in ("", t)
                stats["tray"].add(t)
        shown = play_move_seen(page, session, move)
        st = session.state
        if st.is_over():
            assert shown is None
            break
        if st.to_play != mover:
            assert shown is not None, f"no pass screen after {move.text}"
            assert session.record.players[st.to_play] in shown
            stats["pass"] += 1
        else:  # a power: the same player goes on, no pass screen
            assert shown is None
            stats["same"] += 1
        hidden, partner = check_view(page, session)
        stats["hidden"] += hidden
        stats["partner"] += partner
        if move.text.startswith("mage:"):
            sq = move.text.split(":")[1]
            assert warriors_on_board(page)[sq] == st.value[SQ_INDEX[sq]]  # the Mage's look shows
            stats["mage"] += 1
        cb = checkpoints.pop(session.ply, None)
        if cb is not None:
            cb()
    assert not checkpoints, f"game ended before plies {sorted(checkpoints)}"


def run_game(page, browser, base_url, names, options, seed, rnd_seed, save_at, share_at, shots):
    open_app(page, base_url, clear=True)
    start_game(page, "armadora", names, options, seed=seed)
    session = mirror(page)
    assert session.record.players == names
    # the first player is asked for the device before anything shows
    assert names[0] in reveal(page)
    rnd = random.Random(rnd_seed)
    stats = {"pass": 0, "same": 0, "hidden": 0, "mage": 0, "partner": 0, "tray": set()}

    def share():
        check_share(page, browser, session, lambda s: choose(s, random.Random(0)), check_view, shots[0])

    play_to_end(page, session, rnd, stats, {save_at: lambda: check_save_and_reload(page, session), share_at: share})
    check_end_screen(page, session, team=len(names) == 4)
    if shots[1]:
        page.screenshot(path=shots[1])
    # the finished game stays finished after a reload
    reload_app(page)
    assert pass_screen_for(page) is None
    assert result_lines(page) == session.state.result_lines("fr")
    return session, stats


def test_two_player_basic_game_to_the_end(page, browser, base_url):
    names = ["Ana", "Bruno"]
    session, stats = run_game(page, browser, base_url, names, {"rules": "basic"}, seed=7, rnd_seed=1,
                              save_at=18, share_at=34,
                              shots=shot_paths("armadora_2p_mid.png", "armadora_2p_end.png"))
    moves = session.record.moves
    assert moves[0].startswith("pick:") and moves[1].startswith("pick:")
    assert moves.count("pass") == 2 and moves[-1] == "pass"
    assert any(m.startswith("W") for m in moves) and any("," in m for m in moves)
    assert stats["pass"] > 20 and stats["hidden"] > 0
    assert {"pass", "v1"} <= stats["tray"] and stats["tray"] & {"orc", "goblin", "elf", "mage"}


def test_four_player_advanced_team_game_to_the_end(page, browser, base_url):
    names = ["Ana", "Bruno", "Chloé", "David"]
    session, stats = run_game(page, browser, base_url, names, {"rules": "advanced"}, seed=12, rnd_seed=0,
                              save_at=14, share_at=30,
                              shots=shot_paths("armadora_4p_mid.png", "armadora_4p_end.png"))
    moves = session.record.moves
    used = {m.split(":")[0] for m in moves if m.split(":")[0] in POWERS}
    assert used == set(POWERS)  # every power was played by clicking
    assert any(m.startswith("reinf:") for m in moves)
    assert stats["same"] > 0 and stats["mage"] > 0 and stats["hidden"] > 0 and stats["partner"] > 0
    assert {"pass", "reinf", "pw-mage", "pw-goblin", "pw-orc", "pw-elf"} <= stats["tray"]
    st = session.state
    assert st.scores()[0] == st.scores()[2] and st.scores()[1] == st.scores()[3]
