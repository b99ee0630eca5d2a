"""The computer seats travel in the record as the option ``computers``
(a plain string, as record options must be): links, saves and replays keep
them, the game never sees them, and records without it are unchanged."""

from __future__ import annotations

from plateau.core.game import SEATS_OPTION
from plateau.core.record import Record, decode, encode
from plateau.core.registry import get_game


def test_seats_option_round_trip_and_replay():
    g = get_game("troy")
    opts = {**g.full_options({}), SEATS_OPTION: "1:normal"}
    r = Record("troy", opts, 5, ["Ann", "Bob"], [])
    s = r.start()
    r.moves.append(s.legal_moves()[0].text)
    back = decode(encode(r))
    assert back.options[SEATS_OPTION] == "1:normal"
    state = back.replay()
    assert SEATS_OPTION not in state.options  # not a rules option: the game never sees it
    assert g.full_options(back.options) == g.full_options({})


def test_old_records_are_unchanged():
    r = Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], ["dO11-O9"], ply=1)
    assert decode(encode(r)) == r
