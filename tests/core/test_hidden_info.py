"""Hidden information in hot-seat play and for spectators (issue: "Trust").

* ``view(PUBLIC)`` — what a spectator may know — holds nothing that some
  player may not know;
* a board drawn for a spectator shows no player's secrets;
* a session decides what is shown from the player known to hold the device,
  never from the position displayed: browsing the history, undoing or being on
  a pass screen never shows a position through someone else's eyes.
"""

from __future__ import annotations

import random

import pytest

from leaks import leaves, secret_strings, strings
from plateau.core.game import PUBLIC, RenderContext
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.session import Session

HIDDEN_GAMES = [
    ("armadora", 2, {"rules": "basic"}),
    ("armadora", 4, {"rules": "advanced"}),
    ("troy", 2, {}),
    ("troy", 3, {"horse": "memory"}),
    ("thorval", 3, {}),
    ("smallworld", 3, {}),
]


def random_positions(gid, n, options, seed, every=3, limit=120):
    game = get_game(gid)
    s = game.start([f"P{i}" for i in range(n)], options, seed)
    rnd = random.Random(seed)
    out = []
    for ply in range(limit):
        if s.is_over():
            break
        if ply % every == 0:
            out.append(s.clone())
        s.play(rnd.choice(s.legal_moves()))
    return game, out


@pytest.mark.parametrize("gid,n,options", HIDDEN_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_public_view_knows_nothing_a_player_does_not(gid, n, options, seed):
    game, positions = random_positions(gid, n, options, seed)
    assert positions
    for s in positions:
        public = leaves(s.public_view())
        for p in range(n):
            mine = leaves(s.view(p))
            for path, value in public.items():
                if value in (None, "?"):  # unknown to the spectator: a player may know more
                    continue
                if value == () and any(k[:len(path)] == path for k in mine):
                    continue  # an empty list where the player's holds more (troy: announcements heard)
                assert path in mine and mine[path] == value, (gid, path, value, p)


@pytest.mark.parametrize("gid,n,options", HIDDEN_GAMES)
def test_spectator_board_shows_no_secret(gid, n, options):
    game, positions = random_positions(gid, n, options, 7, every=2)
    checked = 0
    for s in positions:
        shown = strings(game.render(s, RenderContext(viewer=PUBLIC)))
        for p in range(n):
            secrets = secret_strings(game, s, p)
            checked += len(secrets)
            assert not shown & secrets, (gid, p, shown & secrets)
    if gid != "thorval":  # Thorval's treasures are hidden from everyone alike
        assert checked, "the sample held no secret: the test would prove nothing"


def armadora_session(moves=8, seed=3):
    game = get_game("armadora")
    s = game.start(["Alice", "Bob"], {"rules": "basic"}, seed)
    rnd = random.Random(seed)
    texts = []
    for _ in range(moves):
        moves = s.legal_moves()
        warriors = [m for m in moves if m.text.startswith("W")]  # put warriors on the board
        m = rnd.choice(warriors or [m for m in moves if m.text != "pass"])
        s.play(m)
        texts.append(m.text)
    return Session(Record("armadora", game.full_options({"rules": "basic"}), seed, ["Alice", "Bob"], texts))


def test_nobody_known_to_hold_the_device_sees_public_information_only():
    s = armadora_session()
    assert s.hidden and s.must_pass(None)
    assert s.viewer(None) == PUBLIC
    s.undo()  # the '‹' button on a pass screen
    assert s.viewer(None) == PUBLIC and not s.may_play(None)


def test_history_is_drawn_through_the_holders_eyes_not_the_movers():
    s = armadora_session()
    holder = s.decider()
    assert s.viewer(holder) == holder and s.may_play(holder)
    s.undo()  # a position where the other player decided
    assert s.decider() != holder
    assert s.viewer(holder) == holder  # still the holder's eyes
    assert not s.may_play(holder) and not s.must_pass(holder)
    svg = s.render(viewer=s.viewer(holder))
    secrets = secret_strings(s.game, s.state, holder)
    assert secrets  # Bob's warrior values are on the board
    assert not strings(svg) & secrets


def test_device_passes_to_nobody_after_a_move_that_hands_over_the_decision():
    s = armadora_session()
    holder = s.decider()
    s.play(next(m for m in s.legal() if m.text != "pass"))
    assert s.decider() != holder
    assert s.holder_after_move(holder) is None
    assert s.must_pass(None)


def test_views_open_up_when_the_game_is_over_or_nothing_is_hidden():
    thud = Session(Record("thud", get_game("thud").full_options({}), 1, ["A", "B"], []))
    assert not thud.hidden and thud.viewer(None) is None and thud.may_play(None)
    game = get_game("troy")
    s = game.start(["A", "B"], {}, 5)
    rnd = random.Random(5)
    texts = []
    while not s.is_over():
        m = rnd.choice(s.legal_moves())
        s.play(m)
        texts.append(m.text)
    done = Session(Record("troy", game.full_options({}), 5, ["A", "B"], texts))
    assert done.finished and done.viewer(None) is None
    done.goto(3)
    assert done.viewer(None, spectator=True) is None  # the review of a finished game


def test_spectators_see_public_information_during_the_game():
    s = armadora_session()
    assert s.viewer(0, spectator=True) == PUBLIC


def test_the_device_never_passes_to_a_computer_seat():
    """One person against the computer: no pass screen for the computer's
    turns, and the board stays drawn through the person's eyes."""
    s = armadora_session()
    human = s.decider()
    s.set_elsewhere({1 - human})
    s.play(next(m for m in s.legal() if m.text != "pass"))
    assert s.decider() == 1 - human
    holder = s.holder_after_move(human)
    assert holder == human
    assert not s.must_pass(holder) and not s.may_play(holder)  # nobody clicks for the computer
    assert s.viewer(holder) == human
    s.play(next(m for m in s.legal() if m.text != "pass"))  # the computer's move
    assert s.decider() == human and s.holder_after_move(holder) == human and not s.must_pass(human)


@pytest.mark.parametrize("gid,n,options", HIDDEN_GAMES)
def test_the_panel_as_text_shows_what_the_drawn_panel_shows_and_no_secret(gid, n, options):
    """On a phone the board's panel is given to the page as text
    (Game.panel): it holds none of the viewer's secrets, and the compact
    drawing leaves the panel out."""
    game, positions = random_positions(gid, n, options, 5, every=4)
    for s in positions:
        for viewer in list(range(n)) + [PUBLIC]:
            # the panel's lines are made of the drawn panel's texts joined by " · "
            fields = {f.strip() for sec in game.panel(s, viewer, "fr") for line in [sec["title"], *sec["lines"]]
                      for f in line.split(" · ")}
            leaked = fields & secret_strings(game, s, viewer)
            assert not leaked, (gid, viewer, leaked)
        full = game.render(s, RenderContext())
        compact = game.render(s, RenderContext(compact=True))
        assert len(compact) < len(full) and 'viewBox="0,0,' in compact
        assert game.panel(s, 0, "en") and game.panel(s, 0, "fr")


def test_nobody_is_taken_for_the_holder_at_an_earlier_move():
    """Troy: the player to move knows a treasure, so the live position waits
    for them; at an earlier move where they knew nothing yet, they must not
    be taken for the holder (they would then skip the pass screen)."""
    game = get_game("troy")
    s = game.start(["A", "B", "C"], {}, 11)
    rnd = random.Random(11)
    texts = []
    while not s.view(s.to_play).get("seen"):
        m = rnd.choice(s.legal_moves())
        s.play(m)
        texts.append(m.text)
    sess = Session(Record("troy", game.full_options({}), 11, ["A", "B", "C"], texts))
    assert sess.must_pass(None)
    knower = sess.decider()
    sess.goto(0)
    assert sess.holder_after_move(None) is not None  # what the page must not adopt at an earlier move
    sess.goto(sess.total)
    assert sess.must_pass(None) and sess.must_pass(next(p for p in range(3) if p != knower))


@pytest.mark.parametrize("gid,n,options", HIDDEN_GAMES + [("arkhanis", 6, {}), ("thud", 2, {})])
def test_a_move_line_written_once_for_everyone_reads_the_same_for_everyone(gid, n, options):
    """The session writes a move's line once for all viewers when the game
    says they read alike (``Game.line_alike``): then no viewer's words may
    differ, or a player's secret would reach the others."""
    game, positions = random_positions(gid, n, options, 5, every=2, limit=240)
    players = [f"P{i}" for i in range(n)]
    alike = 0
    for s in positions:
        for m in s.legal_moves()[:12]:
            if not game.line_alike(s, m.text):
                continue
            alike += 1
            lines = {game.move_line(s, m.text, players, v, "en") for v in [None, PUBLIC, *range(n)]}
            assert len(lines) == 1, (gid, m.text, lines)
    if gid in ("smallworld", "arkhanis"):
        assert alike > 50
