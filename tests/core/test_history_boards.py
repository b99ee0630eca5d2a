"""A tournament's history (issue 27, item 5: "any ply of its history shows in
≤ 100 ms … Records stay the single source of truth"): the positions the
session keeps while the page is idle are the positions a replay from the
start gives, at every ply; each drawing says which board it is
(``data-board``), and the boards the page draws ahead at the position it
opens on (``Game.other_boards``) are every board its history shows."""

from __future__ import annotations

import random
import re

import pytest

from plateau.core.game import RenderContext
from plateau.core.record import Record, decode, encode
from tournaments import random_tournament
from plateau.games.arkhanis import GAME
from plateau.web import session as session_mod
from plateau.web.session import Session

KEY = re.compile(r'<svg\b[^>]*?\sdata-board="([^"]*)"')


def tournament(n: int, seed: int) -> Record:
    return random_tournament(n, seed)


@pytest.fixture(scope="module")
def record():
    return tournament(6, 21)


def board_of(state) -> str:
    if state.stage == "play" and state.current is not None and state.win is None:
        return state.tables[state.current].map_id
    return "overview"


def test_every_position_kept_ahead_is_a_replay_from_the_start(record, monkeypatch):
    """Once the idle page has kept its positions, every ply (in a random order, as clicks come) is
    the position a replay from the start gives, rebuilt from a kept one fewer than NEAR_EVERY
    moves before it."""
    plain = record.start()
    views = [plain.view(None)]
    for text in record.moves:
        plain.play(text)
        views.append(plain.view(None))
    sess = Session(decode(encode(record)))
    for _ in sess.positions_ahead():
        pass
    assert set(sess.positions._near) == {p for p in range(session_mod.NEAR_EVERY, sess.total, session_mod.NEAR_EVERY)
                               if p % session_mod.CHECKPOINT_EVERY}
    cls = type(sess.state_at(0))
    applied = []
    real_apply = cls.apply
    monkeypatch.setattr(cls, "apply", lambda self, m: (applied.append(1), real_apply(self, m))[1])
    order = list(range(sess.total + 1))
    random.Random(8).shuffle(order)
    for ply in order:
        applied.clear()
        sess.goto(ply)
        assert sess.state.view(None) == views[ply], ply
        assert len(applied) < session_mod.NEAR_EVERY, ply


def test_each_drawing_names_its_board_and_the_boards_drawn_ahead_are_all_the_history_shows(record):
    sess = Session(decode(encode(record)))
    ctx = RenderContext(viewer=None, lang="fr")
    shown = set()
    for ply in range(0, sess.total + 1, 3):
        sess.goto(ply)
        key = KEY.match(sess.render("fr", True, False, None, False, "")).group(1)
        assert key == board_of(sess.state), ply
        shown.add(key)
        others = [KEY.match(h).group(1) for h in GAME.other_boards(sess.state, ctx)]
        # one drawing per other board (tables on the same map share theirs), never the one shown
        assert len(others) == len(set(others)) and key not in others, ply
        maps = {t.map_id for t in sess.state.tables}
        assert set(others) == (maps | {"overview"}) - {key}, ply
    sess.goto(sess.total)  # where a finished tournament opens
    ahead = {board_of(sess.state)} | {KEY.match(h).group(1) for h in GAME.other_boards(sess.state, ctx)}
    assert shown <= ahead and len(shown) >= 3, (shown, ahead)
