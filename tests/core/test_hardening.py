"""Inputs that used to stop the app or lose moves (issue 8, items 5-7),
reproduced natively: deep JSON in links, files and storage; option values
of the wrong type; a stray % in the query; huge save dates; two tabs on one
saved game; a full store."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from plateau.core.game import RulesError
from plateau.core.record import MAX_DEPTH, Record, RecordError, check_depth, decode, encode, loads
from plateau.core.registry import get_game
from plateau.web.session import Session
from plateau.web.startup import parse_query
from plateau.web.store import GAME, SETTINGS, MemoryStore, Store, StoreConflict, StoreFull

DEEP = "[" * 100_000 + "]" * 100_000


def pack(payload: str) -> str:
    return "P1" + base64.urlsafe_b64encode(zlib.compress(payload.encode(), 9)).decode().rstrip("=")


def test_issue_link_of_100000_brackets_is_refused_clearly():
    link = pack(DEEP)
    assert len(link) < 400  # the issue's link is 296 characters
    with pytest.raises(RecordError) as e:
        decode(link)
    assert e.value.code == "json"


def test_deep_body_inside_a_valid_envelope_is_refused():
    body = DEEP
    payload = json.dumps({"c": zlib.crc32(body.encode()) & 0xFFFFFFFF, "r": body})
    with pytest.raises(RecordError) as e:
        decode(pack(payload))
    assert e.value.code == "json"


def test_depth_check_ignores_brackets_in_strings_and_allows_records():
    check_depth(json.dumps({"m": ["[" * 500, "{" * 500 + '"\\"['], "o": {}}))
    with pytest.raises(ValueError):
        check_depth("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    check_depth("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(ValueError):
        loads('{"a":' * 5000 + "1" + "}" * 5000)
    r = Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], ["dO11-O9"], ply=1)
    assert decode(encode(r)) == r


def test_deep_storage_entries_never_stop_the_app():
    mem = MemoryStore()
    mem.setItem(SETTINGS, DEEP)
    mem.setItem(GAME + "bad", DEEP)
    ok = Record("toy", {"max": 3}, 1, ["A", "B"], ["take1"])
    store = Store(mem)
    store.save("good", "fine", ok)
    assert store.settings() == {}
    games, bad = store.games()
    assert [g.id for g in games] == ["good"] and bad == [GAME + "bad"]
    assert mem.getItem(GAME + "bad") == DEEP  # left as it is until the player resets it
    with pytest.raises(ValueError):
        store.get("bad")
    store.set_setting("lang", "en")  # a damaged settings entry is replaced by a readable one
    assert store.settings() == {"lang": "en"}


@pytest.mark.parametrize("value", [[], {}, {"a": 1}, [1, 2]])
def test_option_values_of_the_wrong_type_are_refused(value):
    raw = {"g": "thud", "o": {"captures": value}, "s": 1, "p": ["A", "B"], "m": []}
    body = json.dumps(raw)
    payload = json.dumps({"c": zlib.crc32(body.encode()) & 0xFFFFFFFF, "r": body})
    with pytest.raises(RecordError) as e:
        decode(pack(payload))
    assert e.value.code == "options"


def test_option_validate_checks_type_without_type_error():
    for gid in ("thud", "armadora", "thorval"):
        g = get_game(gid)
        for o in g.options:
            for bad in ([], {}, ["x"], {"k": 1}, object()):
                with pytest.raises(RulesError):
                    o.validate(bad)
            for choice in o.choices:
                assert o.validate(choice) == choice
    # a record built in Python (not from JSON) with an unhashable value
    with pytest.raises(RecordError) as e:
        Session(Record("thud", {"captures": []}, 1, ["A", "B"], []))
    assert e.value.code == "options"


def test_bool_is_not_an_int_choice():
    from plateau.core.game import Option

    o = Option("n", {}, {1: {}, 2: {}}, 1)
    with pytest.raises(RulesError):
        o.validate(True)
    assert o.validate(2) == 2


@pytest.mark.parametrize("search, expected", [
    ("?embed=%", {"embed": "%"}),
    ("?utm=50%off", {"utm": "50%off"}),
    ("?embed=view&game=thud", {"embed": "view", "game": "thud"}),
    ("?a=%E9%", {"a": "\ufffd%"}),
    ("?%=%%", {"%": "%%"}),
    ("", {}),
])
def test_query_with_stray_percent(search, expected):
    assert parse_query(search) == expected


@pytest.mark.parametrize("updated", ["1e300", "1e400", "-5", "0", "8.7e12"])
def test_huge_or_odd_save_date_is_unknown(updated):
    mem = MemoryStore()
    rec = encode(Record("toy", {"max": 3}, 1, ["A", "B"], []))
    mem.setItem(GAME + "x", '{"name":"n","record":"%s","updated":%s}' % (rec, updated))
    games, bad = Store(mem).games()
    assert bad == [] and games[0].date_ms is None


def test_normal_save_date_is_known():
    store = Store(MemoryStore())
    store.save("x", "n", Record("toy", {"max": 3}, 1, ["A", "B"], []))
    assert store.get("x").date_ms > 1.7e12


def toy(*moves):
    return Record("toy", {"max": 3}, 1, ["A", "B"], list(moves))


def test_two_tabs_never_overwrite_newer_moves():
    """Issue 8 item 5: tab 1 plays two moves, tab 2 (opened before them)
    plays one: tab 2's save must not erase tab 1's moves."""
    mem = MemoryStore()
    tab1, tab2 = Store(mem), Store(mem)
    rev = tab1.save("g", "game", toy("take1"), rev=None)
    rev1 = rev2 = tab2.get("g").rev
    assert rev1 == rev
    rev1 = tab1.save("g", "game", toy("take1", "take2"), rev=rev1)
    rev1 = tab1.save("g", "game", toy("take1", "take2", "take1"), rev=rev1)
    with pytest.raises(StoreConflict) as e:
        tab2.save("g", "game", toy("take1", "take3"), rev=rev2)
    assert e.value.stored.record.moves == ["take1", "take2", "take1"]
    assert tab1.get("g").record.moves == ["take1", "take2", "take1"]  # nothing written
    # a tab that only extends what is stored may write even if it is behind
    rev2 = tab2.save("g", "game", toy("take1", "take2", "take1", "take1"), rev=rev2)
    assert tab1.get("g").rev == rev2 and rev2 > rev1
    # an older prefix (e.g. the other tab undid moves) is a conflict too
    with pytest.raises(StoreConflict):
        tab1.save("g", "game", toy("take1"), rev=rev1)
    # the same tab may undo and replace its own moves: its revision is current
    rev2 = tab2.save("g", "game", toy("take1", "take3"), rev=rev2)
    assert tab1.get("g").record.moves == ["take1", "take3"]


def test_rename_elsewhere_is_kept_by_a_later_save():
    mem = MemoryStore()
    a, b = Store(mem), Store(mem)
    rev = a.save("g", "old", toy("take1"), rev=None)
    b.rename("g", "new name")
    a.save("g", "old", toy("take1", "take2"), rev=rev)
    assert b.get("g").name == "new name" and b.get("g").record.moves == ["take1", "take2"]


def test_full_store_keeps_the_previous_save():
    mem = MemoryStore(quota=600)
    store = Store(mem)
    rev = store.save("g", "game", toy("take1"), rev=None)
    before = mem.getItem(GAME + "g")
    with pytest.raises(StoreFull):
        store.save("g", "game" * 100, toy("take1", "take2"), rev=rev)
    assert mem.getItem(GAME + "g") == before
