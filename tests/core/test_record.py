import base64
import json
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from plateau.core.record import PREFIX, Record, RecordError, decode, encode, load


def sample(**kw):
    d = dict(game="toy", options={"max": 3}, seed=12, players=["Ann", "Bob"], moves=["take1", "take3"])
    d.update(kw)
    return Record(**d)


def test_round_trip_keeps_every_field():
    r = sample(ply=1, title="Club night")
    assert decode(encode(r)) == r


def test_encoding_is_url_safe():
    text = encode(sample(players=["Zoé <b>&amp;</b>", "日本"]))
    assert text.startswith(PREFIX)
    assert all(c.isalnum() or c in "-_" for c in text)


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_truncated_link_is_refused(cut):
    text = encode(sample())
    with pytest.raises(RecordError) as e:
        decode(text[:-cut])
    assert e.value.code in ("base64", "zlib", "json", "checksum")


def test_tampered_body_is_refused_by_checksum():
    text = encode(sample())
    raw = zlib.decompress(base64.urlsafe_b64decode(text[2:] + "=" * (-len(text[2:]) % 4)))
    outer = json.loads(raw)
    outer["r"] = outer["r"].replace('"s":12', '"s":13')
    forged = PREFIX + base64.urlsafe_b64encode(zlib.compress(json.dumps(outer).encode())).decode().rstrip("=")
    with pytest.raises(RecordError) as e:
        decode(forged)
    assert e.value.code == "checksum"


@pytest.mark.parametrize("text,code", [
    ("", "empty"), ("   ", "empty"), ("hello", "prefix"), ("P1", "base64"), ("P1$$$$", "base64"),
    ("P1AAAA", "zlib"), ("https://example.org/#g=P1", "prefix"),
])
def test_foreign_text_is_refused_with_a_code(text, code):
    with pytest.raises(RecordError) as e:
        decode(text)
    assert e.value.code == code
    assert str(e.value)


def test_illegal_move_in_record_names_the_move():
    with pytest.raises(RecordError) as e:
        load(encode(sample(moves=["take1", "take9"])))
    assert e.value.code == "illegal" and e.value.ply == 1 and "take9" in str(e.value)


def test_unknown_game_and_bad_options_are_refused():
    with pytest.raises(RecordError) as e:
        load(encode(sample(game="chess")))
    assert e.value.code == "game"
    with pytest.raises(RecordError) as e:
        load(encode(sample(options={"max": 7})))
    assert e.value.code == "options"
    with pytest.raises(RecordError) as e:
        load(encode(sample(players=["solo"])))
    assert e.value.code == "players"


@pytest.mark.parametrize("field,value", [("s", -1), ("s", "x"), ("p", "Ann"), ("m", [1]), ("i", 9), ("o", [])])
def test_schema_violations_are_refused(field, value):
    d = sample().to_json()
    d[field] = value
    with pytest.raises(RecordError):
        Record.from_json(d)


def test_load_positions_at_ply():
    rec, state = load(encode(sample(ply=1)))
    assert state.view(None) == rec.replay(1).view(None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 3), max_size=8), st.integers(0, 2**64 - 1), st.text(max_size=40))
def test_any_record_round_trips(takes, seed, name):
    r = sample(seed=seed, players=[name, "B"], moves=[f"take{t}" for t in takes])
    assert decode(encode(r)) == r
