"""The move list's words of a long record (issue 27, item 5: a long
tournament opens sooner): written while the moves are checked for a record
of at most ``WORDS_AHEAD`` moves, otherwise when asked or in the page's idle
time (``Session.words_ahead``), and the same words either way."""

from __future__ import annotations

import pytest

import plateau.web.session as session_mod
from plateau.core.game import PUBLIC
from plateau.core.record import Record, RecordError
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME
from plateau.web.session import Session


def tournament_moves(players: int, seed: int, count: int) -> list[str]:
    s = GAME.start([f"P{i}" for i in range(players)], {}, seed)
    r = Rng(seed + 1)
    moves = []
    while not s.is_over() and len(moves) < count:
        m = r.choice(s.legal_moves()).text
        s.play(m)
        moves.append(m)
    return moves


def record(moves) -> Record:
    return Record("arkhanis", {}, 7, [f"P{i}" for i in range(6)], list(moves))


@pytest.fixture(scope="module")
def moves():
    return tournament_moves(6, 7, 120)


def written(s: Session) -> dict:
    return {k: v for k, v in s.positions._labels.items() if k[0] == "line"}


def test_a_long_records_words_wait_and_then_match_those_written_while_checking(moves, monkeypatch):
    monkeypatch.setattr(session_mod, "WORDS_AHEAD", len(moves))
    ahead = Session(record(moves), "en")
    assert len(written(ahead)) >= len(moves)  # every move's words (a spectator's too, where hidden)
    monkeypatch.setattr(session_mod, "WORDS_AHEAD", len(moves) - 1)
    later = Session(record(moves), "en")
    assert written(later) == {}
    steps = later.words_ahead(None, "en", step=10)
    next(steps)
    assert len(written(later)) == 10
    for _ in steps:
        pass
    for i in range(len(moves)):
        assert later.move_line(i, None, "en") == ahead.positions._labels[("line", i, None, "en")]
    if ahead.hidden:
        assert all(later.move_line(i, PUBLIC, "en") == ahead.positions._labels[("line", i, PUBLIC, "en")]
                   for i in range(len(moves)))


def test_words_ahead_stop_when_the_moves_change(moves, monkeypatch):
    monkeypatch.setattr(session_mod, "WORDS_AHEAD", 0)
    s = Session(record(moves), "en")
    steps = s.words_ahead(None, "en", step=10)
    next(steps)
    s.goto(5)
    s.play(next(m for m in s.legal() if m.text != s.record.moves[5]))  # the moves after ply 5 replaced
    assert list(steps) == []
    assert all(k[1] < 5 for k in written(s))


def test_a_tampered_long_record_is_still_refused(moves, monkeypatch):
    monkeypatch.setattr(session_mod, "WORDS_AHEAD", 0)
    bad = list(moves)
    bad[60] = "c:999"
    with pytest.raises(RecordError) as err:
        Session(record(bad), "en")
    assert err.value.ply == 60
