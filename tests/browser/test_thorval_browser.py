"""Thorval in Chromium: a 3-player game clicked through its set-up and two
full turns (orks, dragon, mediator, first player, then each player's aid,
reinforcements and attack with its combat decisions), saved, reloaded and
shared along the way.

Moves are picked by a seeded :class:`random.Random` among the legal moves of
a native mirror of the game. The game's seed is the first one whose scripted
game, played natively beforehand, reaches every stop of the test and meets
every kind of decision; the browser then plays that same game. Set
``PLATEAU_SHOTS`` to a folder to keep screenshots of the board.
"""

from __future__ import annotations

import os
import random
import re

from plateau.core.game import RenderContext
from plateau.core.record import Record, decode
from plateau.games.thorval import GAME
from plateau.games.thorval import board as B
from plateau.games.thorval.catalogue import event_text
from plateau.core.game import must_pass_between
from plateau.web.session import Session

from harness import (board_dom, board_ply, check_save_and_reload, current_record, mirror, open_app, open_shared,
                     pass_screen_for, play_move_seen, reveal_if_needed, saved_games, start_game)

NAMES = ["Aline", "Bruno", "Chloé"]
FIRST_SEED = 1  # seeds are tried from here until one gives every kind of decision in two turns
LANG = "fr"
SETUP = {"castle", "terr", "hide", "ten"}
TURN = {"aid", "place", "attack"}
COMBAT = {"prep", "cont", "loss", "occupy"}
EPISODES = {"spread", "refill", "mediator", "first", "reinf"}
FACE_KINDS = ("coffret", "couronne", "anneau")

PROBE = """() => {
    const b = document.querySelector('#board');
    const pieces = b.querySelector('svg #pieces');
    const panel = b.querySelector('svg #panel');
    const html = b.innerHTML.toLowerCase();
    return {
        status: document.querySelector('#status').textContent,
        panel: panel ? panel.textContent : '',
        faces: pieces ? pieces.querySelectorAll('[fill="#b7792f"], [fill="#ffd23a"], [stroke="#ffd23a"]').length : -1,
        backs: pieces ? [...pieces.querySelectorAll('text')].filter(t => t.textContent === '?').length : -1,
        kinds: %s.filter(k => html.includes(k)),
        scores: [...document.querySelectorAll('#scores tr:not(.head)')].map(
            r => [...r.querySelectorAll('th, td')].map(c => c.textContent)),
    };
}""" % repr(list(FACE_KINDS)).replace("'", '"')


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _shot(page, name: str) -> None:
    folder = os.environ.get("PLATEAU_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"thorval_{name}.png"), full_page=True)


def pick(session, rnd: random.Random):
    """A legal move, leaning towards fighting so that combats happen."""
    st = session.state
    moves = session.legal()
    kind = st.dec["k"]
    if kind == "attack":
        attacks = [m for m in moves if m.path[0] not in ("pass", "none")]
        if attacks and rnd.random() < 0.9:
            attacks.sort(key=lambda m: -st.units(B.BY_TARGET[m.path[0]]))
            return rnd.choice(attacks[:6])
        return rnd.choice(moves)
    if kind == "cont":
        return moves[0] if rnd.random() < 0.75 else moves[1]
    if kind == "prep":
        fight = [m for m in moves if m.path == ("fight",)]
        return fight[0] if rnd.random() < 0.4 else rnd.choice(moves)
    return rnd.choice(moves)


# Where the game is stopped: set-up done and turn 1's episodes run; a
# player's combat decision in turn 1 (save, reload); the second player's
# reinforcements in turn 2 (share); turn 2 over (turn 3's episodes run).
PHASES = {
    "turn 1": lambda st: st.tp is not None,
    "combat": lambda st: st.turn == 1 and st.dec["k"] in COMBAT and st.fight is not None and st.fight["a"] >= 0,
    "share": lambda st: (st.turn == 2 and st.tp is not None and len(st.order) > 1
                         and st.tp["p"] == st.order[1] and st.dec["k"] == "place"),
    "end": lambda st: st.turn == 3,
}


def _dry_run(seed: int):
    """The scripted game of ``seed`` played natively: the decisions it meets,
    or None when it misses a phase (ends early, no combat in turn 1...)."""
    s = Session(Record("thorval", GAME.full_options({}), seed, NAMES, []))
    rnd = random.Random(seed)
    decisions = set()
    for done in PHASES.values():
        while not done(s.state):
            if s.state.is_over() or s.state.turn > 3:
                return None
            decisions.add(s.state.dec["k"])
            s.play(pick(s, rnd))
    return decisions


def choose_seed() -> int:
    """The first seed whose scripted game reaches every phase and meets every
    kind of decision of the set-up, the turn and combat, preferring one that
    also meets the rarer ones (ring, treasure move, hero swap)."""
    fallback = None
    for seed in range(FIRST_SEED, FIRST_SEED + 200):
        got = _dry_run(seed)
        if got is None or not got >= SETUP | TURN | COMBAT:
            continue
        if got >= {"ring", "tmove", "swap"}:
            return seed
        fallback = seed if fallback is None else fallback
    assert fallback is not None, "no seed plays two full turns with every kind of decision"
    return fallback


class Play:
    """Plays on one page, checking after every move what everyone sees."""

    def __init__(self, session, rnd):
        self.s = session
        self.rnd = rnd
        self.decisions: set[str] = set()
        self.events: set[str] = set()
        self.passes = 0
        self.face_checks = 0

    def move(self, page) -> None:
        s = self.s
        st = s.state
        mover, kind = st.to_play, st.dec["k"]
        self.decisions.add(kind)
        seen = play_move_seen(page, s, pick(s, self.rnd))
        st = s.state
        if st.is_over():
            return
        # the device is passed only when the next decider may see more than the
        # player who moved: in Thorval the treasures are hidden from everyone
        # alike, so the device simply changes hands (must_pass_between)
        if must_pass_between(st, mover, st.to_play):
            assert seen is not None and NAMES[st.to_play] in seen, (s.ply, seen)
            self.passes += 1
        else:
            assert seen is None, (s.ply, kind, seen)
        self.check(page)

    def check(self, page) -> None:
        s = self.s
        st = s.state
        got = page.evaluate(PROBE)
        # the status line is the engine's, dice included
        assert got["status"] == st.status(LANG)
        # the newest events of the move are on screen for everyone
        new = [e for e in st.log if e[0] >= st.mark]
        self.events |= {e[1] for e in new}
        shown = _flat(got["panel"] + got["status"])
        for seq, key, fields in new[-4:]:
            assert _flat(event_text(NAMES, key, fields, LANG)) in shown, (s.ply, key)
        for seq, key, fields in new:
            if key in ("dragon", "dragon_none", "mediator", "first"):
                assert _flat(event_text(NAMES, key, fields, LANG)) in shown, (s.ply, key)
        # treasures lie face down for the player looking at the board
        hidden = [t for t in st.tre if t[2] >= 0 and not t[3]]
        assert got["faces"] == 0, s.ply
        assert got["backs"] == len(hidden), (s.ply, got["backs"], len(hidden))
        if not any(t[3] for t in st.tre):
            assert got["kinds"] == [], (s.ply, got["kinds"])
        if hidden:
            self.face_checks += 1
        # the score table lists the three players
        assert got["scores"] == st.score_table(LANG, st.to_play)["rows"]

    def until(self, page, phase: str) -> None:
        done = PHASES[phase]
        while not done(self.s.state):
            assert not self.s.state.is_over() and self.s.state.turn <= 3, phase
            self.move(page)


def _board(page) -> list:
    reveal_if_needed(page)
    return board_dom(page)


def test_three_players_two_turns_with_reload_and_share(page, browser, base_url):
    seed = choose_seed()
    open_app(page, base_url, clear=True)
    start_game(page, "thorval", NAMES, seed=seed)
    s = mirror(page)
    assert s.record.players == NAMES and s.record.seed == seed and s.ply == 0
    assert s.state.hidden_info()
    # nobody knows anything the others do not (treasures are hidden from all
    # alike): no pass screen, not even for the first decision
    assert pass_screen_for(page) is None
    reveal_if_needed(page)
    play = Play(s, random.Random(seed))
    play.check(page)
    _shot(page, "1_start")

    # set-up, in the rule sheet's order: castles, territories, treasures, the ten soldiers
    order = []
    while s.state.turn == 0:
        k = s.state.dec["k"]
        if not order or order[-1] != k:
            order.append(k)
        play.move(page)
    assert order == ["castle", "terr", "hide", "ten"]
    # turn 1's automatic episodes, up to the first player's aid
    play.until(page, "turn 1")
    assert s.state.turn == 1 and play.events >= {"spread", "refill", "mediator", "first"}
    assert play.events & {"dragon", "dragon_none"}
    # the faces are in a full view of the board: the players' views leave them out
    assert re.search(r'(fill|stroke)="#(b7792f|ffd23a)"', s.game.render(s.state, RenderContext(lang=LANG)))

    # turn 1 up to its first combat decision, then save and reload there
    play.until(page, "combat")
    _shot(page, "2_mid_turn")
    # saved as it was played; a reload, and a resume from the home screen, bring it back
    status = page.text_content("#status")
    check_save_and_reload(page, s)
    assert page.text_content("#status") == status
    assert page.locator("#moves li[data-ply]").count() == s.ply + 1
    play.check(page)

    # the rest of turn 1, then turn 2 up to the second player's turn
    play.until(page, "share")
    page.click('[data-action="share"]')
    assert page.locator("#dialog .warn").count() == 1  # the link holds the hidden treasures
    link = page.input_value("#share-url")
    page.click('#dialog [data-action="close"]')
    assert decode(link.split("#g=", 1)[1]).moves == s.record.moves
    before = _board(page)
    ply = s.ply

    # the link in a fresh browser: same position, same ply, and play goes on there
    ctx, other = open_shared(browser, link)
    try:
        assert board_ply(other) == ply
        assert pass_screen_for(other) is None
        assert _board(other) == before
        assert saved_games(other) == {}
        play.check(other)
        play.until(other, "end")
        assert len(saved_games(other)) == 1
        assert current_record(other).moves == s.record.moves
        _shot(other, "3_after_two_turns")
    finally:
        ctx.close()

    # every episode and every kind of decision came up
    assert play.decisions >= SETUP | TURN | COMBAT, play.decisions
    assert play.events >= EPISODES | {"attack", "round", "ork_attack"}, play.events
    assert play.passes == 0 and play.face_checks > 40  # Thorval never needs to hide the board
    print(f"thorval: seed {seed}, {s.ply} plies, {play.passes} hand-overs, decisions {sorted(play.decisions)}, "
          f"events {sorted(play.events)}")

