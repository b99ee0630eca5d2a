import pytest

from plateau.core.record import Record, RecordError
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store, StoreFull, GAME


def new_session(**kw):
    return Session(Record("toy", {"max": 3}, kw.get("seed", 4), ["Ann", "Bob"], list(kw.get("moves", []))))


def test_clicks_build_and_play_a_move():
    s = new_session()
    assert s.next_targets() == {"take"}
    assert s.click("take") is None
    assert s.next_targets() == {"n1", "n2", "n3"}
    played = s.click("n2")
    assert played.text == "take2" and s.ply == 1 and s.record.moves == ["take2"]


def test_click_elsewhere_restarts_the_selection():
    s = new_session()
    s.click("take")
    s.click("bogus")
    assert s.clicks == []


def test_navigation_and_play_in_the_past_truncates():
    s = new_session()
    for t in ("take1", "take2", "take3"):
        s.play(t)
    s.undo(); s.undo()
    assert s.ply == 1 and s.total == 3
    s.redo()
    assert s.ply == 2
    s.goto(1)
    s.play("take3")
    assert s.record.moves == ["take1", "take3"] and s.ply == 2
    assert s.replaced == (1, ["take2", "take3"])


def test_a_replaced_continuation_can_be_brought_back():
    """Playing at an earlier move loses nothing: the moves it replaced come
    back on demand, and the new line is kept in exchange."""
    s = new_session()
    for t in ("take1", "take2", "take3"):
        s.play(t)
    s.goto(1)
    s.play("take1")
    assert s.record.moves == ["take1", "take1"]
    assert s.restore_replaced()
    assert s.record.moves == ["take1", "take2", "take3"] and s.ply == 3
    assert s.state.view(None) == s.record.replay(3).view(None)
    assert s.replaced == (1, ["take1"])
    assert s.restore_replaced() and s.record.moves == ["take1", "take1"]


def test_session_refuses_an_illegal_record():
    with pytest.raises(RecordError):
        new_session(moves=["take1", "take7"])


def test_store_lists_reports_corrupt_and_keeps_them():
    store = Store(MemoryStore())
    store.save("a", "first", Record("toy", {"max": 3}, 1, ["A", "B"], ["take1"]))
    store.backend.setItem(GAME + "bad", "{not json")
    store.backend.setItem(GAME + "bad2", '{"name": "x", "record": "P1garbage"}')
    games, bad = store.games()
    assert [g.name for g in games] == ["first"]
    assert sorted(bad) == [GAME + "bad", GAME + "bad2"]
    assert store.backend.getItem(GAME + "bad") == "{not json"  # left untouched


def test_store_full_raises_and_keeps_previous_content():
    store = Store(MemoryStore(quota=1500))
    rec = Record("toy", {"max": 3}, 1, ["A", "B"], ["take1"])
    store.save("a", "first", rec)
    before = store.backend.getItem(GAME + "a")
    big = Record("toy", {"max": 3}, 1, ["A" * 40, "B" * 40], ["take1"] * 3, title="x" * 200)
    with pytest.raises(StoreFull):
        store.save("a", "renamed" * 200, big)
    assert store.backend.getItem(GAME + "a") == before


def test_rename_and_delete():
    store = Store(MemoryStore())
    store.save("a", "first", Record("toy", {"max": 3}, 1, ["A", "B"], []))
    store.rename("a", "club")
    assert store.get("a").name == "club"
    store.delete("a")
    assert store.games() == ([], [])


def test_settings_survive_garbage():
    store = Store(MemoryStore())
    store.backend.setItem("plateau:v1:settings", "[1,2")
    assert store.settings() == {}
    store.set_setting("lang", "en")
    assert store.settings() == {"lang": "en"}
