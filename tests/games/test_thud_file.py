"""The .thud text format: import into a record (with clear errors), export,
round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau.core.record import Record, RecordError, decode, encode
from plateau.core.rng import Rng
from plateau.games.thud import GAME
from plateau.games.thud import board as B
from plateau.games.thud.thudfile import export_match, export_thud, import_thud, rounds_of

START = B.board_line(B.START_BOARD)
P = ["Ann", "Bob"]


def thud(*plies, first=START, eol="\n"):
    return eol.join([first, *plies]) + eol


def test_the_rules_notes_examples_import():
    """Rules notes: « `dO11-O9` (a move) … `TF7-D5xC4xC5` (a troll move or
    shove followed by each captured dwarf's square) »"""
    rec = import_thud(thud("dB5-C5", "TG7-F7", "dO11-O9", "TF7-D5xC4xC5"))
    assert rec.game == "thud" and rec.seed == 0
    assert rec.players == ["Joueur 1", "Joueur 2"]
    assert rec.options == {"captures": "any", "rounds": 2}
    assert rec.moves == ["dB5-C5", "TG7-F7", "dO11-O9", "TF7-D5xC4xC5"]
    s = rec.replay()
    assert s.material() == (30, 8)  # the shove (3 trolls in line H9-G8-F7) took two


def test_import_accepts_crlf_blank_lines_bom_case_and_any_capture_order():
    text = "\ufeff" + START + "\r\n\r\n" + "db5-c5\r\n  TG7-F7 \r\n\r\ndO11-O9\r\nTF7-D5xC5xC4\r\n\r\n"
    rec = import_thud(text)
    assert rec.moves[-1] == "TF7-D5xC4xC5"
    assert import_thud(text.encode("utf-8")).moves == rec.moves
    assert import_thud(text, players=["Ann", "Bob"], lang="en").players == ["Ann", "Bob"]
    assert import_thud(START, lang="en").players == ["Player 1", "Player 2"]


def test_import_accepts_a_hurl_written_with_or_without_its_capture():
    first = "dA6,dB6,dC6,dD6,TG6,TN9,RH8"
    a = import_thud(thud("dD6-G6xG6", first=first))
    b = import_thud(thud("dD6-G6", first=first))
    assert a.moves == b.moves == ["dD6-G6xG6"]
    assert a.options["start"] == first


def test_non_standard_start_is_kept_as_an_option_and_replays():
    first = "TG9,dA6,dB6,dC6,dD6,TG6,RH8"  # any order in the file
    rec = import_thud(thud("dD6-G6xG6", "TG9-G8", first=first))
    assert rec.options["start"] == "dA6,dB6,dC6,dD6,TG6,TG9,RH8"
    back = decode(encode(rec))
    s = back.replay()
    assert s.material() == (4, 1)
    assert export_thud(back).splitlines()[0] == rec.options["start"]


@pytest.mark.parametrize("text, code, words", [
    ("", "empty", "empty"),
    ("\r\n \n", "empty", "empty"),
    ("dF1-F3\n", "schema", "line 1"),
    ("dF1,dF1,RH8\n", "schema", "two pieces"),
    ("dF1,xQ4,RH8\n", "schema", "not a piece"),
    ("dA1,RH8\n", "schema", "not a square"),
    ("dF1,RH9\n", "schema", "H8 only"),
    ("dF1,dG1\n", "schema", "no Thudstone"),
    (START + "\n\nhello\n", "schema", "line 3"),
    (START + "\ndF1-F3\nTG7-G6\ndF3-F1x\n", "schema", "line 4"),
    (START + "\nTG7-G6\n", "illegal", "dwarfs' turn"),
    (START + "\ndF1-F3\ndG1-G3\n", "illegal", "trolls' turn"),
    (START + "\ndH1-H3\n", "illegal", "no dwarf on H1"),
    (START + "\ndF1-G3\n", "illegal", "cannot reach G3"),
    (START + "\ndF1-F3\nTG7-E5\n", "illegal", "cannot reach E5"),
    (START + "\ndF1-F3\nTG7-G6xF3\n", "illegal", "captures are not allowed"),
    (START + "\ndF1-F3\nTG7-G6xG6xG6\n", "illegal", "listed twice"),
    (START + "\ndF1-F3\nTG7-G6\ndQ3-F4\n", "schema", "line 4"),
    (START + "\ndF1-F3\nTG7-G6\ndF3-Z4\n", "schema", "line 4"),
])
def test_bad_thud_files_are_refused_with_line_and_reason(text, code, words):
    with pytest.raises(RecordError) as err:
        import_thud(text)
    assert err.value.code == code
    assert words in str(err.value)


def test_import_reports_the_line_number_of_an_illegal_ply():
    text = "\r\n".join([START, "", "dF1-F3", "", "TG7-G6", "dF3-F4", "TG6-G3"]) + "\r\n"
    with pytest.raises(RecordError) as err:
        import_thud(text)
    assert "line 7" in str(err.value) and err.value.ply == 3


def test_plies_after_the_end_of_the_round_are_refused():
    first = "dE5,TF5,dN8,RH8"
    with pytest.raises(RecordError) as err:
        import_thud(thud("dE5-F5xF5", "TF5-F6", first=first))
    assert "line 3" in str(err.value) and "over" in str(err.value)


def test_import_with_another_capture_convention():
    text = thud("dB5-C5", "TG7-F7", "dO11-O9", "TF7-D5xC4")
    assert import_thud(text).moves[-1] == "TF7-D5xC4"
    with pytest.raises(RecordError):
        import_thud(text, options={"captures": "forced"})  # must take both
    with pytest.raises(RecordError) as err:
        import_thud(text, options={"captures": "some"})
    assert err.value.code == "options"


def test_export_leaves_out_offers_and_splits_the_rounds():
    rec = Record("thud", {}, 0, P, ["dF1-F3", "offer", "refuse", "TG7-G6", "offer", "accept", "dG1-G3"])
    assert rounds_of(rec) == [["dF1-F3", "TG7-G6"], ["dG1-G3"]]
    one, two = export_match(rec)
    assert one == START + "\ndF1-F3\nTG7-G6\n"
    assert two == START + "\ndG1-G3\n"
    assert import_thud(two).moves == ["dG1-G3"]
    with pytest.raises(ValueError):
        export_thud(rec, 3)


def random_record(seed: int) -> Record:
    rng = Rng(seed)
    s = GAME.start(P, {}, seed)
    moves = []
    for _ in range(120):
        if s.is_over():
            break
        texts = [m.text for m in s.legal_moves()]
        if "accept" in texts:
            pick = rng.choice(["accept", "refuse"])
        else:
            caps = [t for t in texts if "x" in t]
            if caps and rng.below(2):
                pick = rng.choice(caps)
            elif "offer" in texts and rng.below(30) == 0:
                pick = "offer"
            else:
                pick = rng.choice([t for t in texts if t != "offer"])
        s.play(pick)
        moves.append(pick)
    return Record("thud", dict(s.options), seed, P, moves)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_export_then_import_gives_the_same_plies(seed):
    rec = random_record(seed)
    for i, text in enumerate(export_match(rec)):
        back = import_thud(text)
        assert back.moves == rounds_of(rec)[i]
        assert export_thud(back) == text
        # a Windows-style copy of the same file reads the same
        assert import_thud(text.replace("\n", "\r\n")).moves == back.moves
