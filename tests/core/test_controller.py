"""The page's controller, natively (issue 28 item 5): one object owns the
session, who holds the device and the saved entry; every move, whatever its
source (a click, the computer, another device), goes through
``PlayController.submit`` with the seat checked, is saved, and is told to the
listeners in the order they subscribed."""

from __future__ import annotations

import pytest

from plateau.core.game import SEATS_OPTION
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.controller import CLICK, COMPUTER, REMOTE, MoveRefused, PlayController
from plateau.web.session import Session
from plateau.web.store import GAME, MemoryStore, Store


def controller(quota=None, **kw):
    return PlayController(Store(MemoryStore(quota)), lambda: "en", **kw)


def toy(ctl, seats="", moves=()):
    options = {"max": 3, **({SEATS_OPTION: seats} if seats else {})}
    ctl.open(Session(Record("toy", options, 4, ["Ann", "Bob"], list(moves))), save_id="g1", save_name="Toy")
    return ctl.session


def armadora(ctl, seats=""):
    g = get_game("armadora")
    options = g.full_options({"rules": "basic"})
    if seats:
        options[SEATS_OPTION] = seats
    ctl.open(Session(Record("armadora", options, 3, ["Alice", "Bob"], [])))
    return ctl.session


def test_a_click_completing_a_move_goes_through_submit_to_storage_and_the_listeners_in_order():
    """Issue 28 §5: "a move's path from click to storage"; listeners are told "position changed"."""
    ctl = controller()
    heard = []
    ctl.subscribe(lambda c: heard.append(("first", c.kind, c.source, c.played.text if c.played else None)))
    ctl.subscribe(lambda c: heard.append(("second", c.kind)))
    s = toy(ctl)
    heard.clear()
    assert ctl.click("take") is None and heard == []  # the move being built is the device's own
    played = ctl.click("n2")
    assert played.text == "take2" and s.record.moves == ["take2"]
    assert heard == [("first", "move", CLICK, "take2"), ("second", "move")]
    assert ctl.store.get("g1").record.moves == ["take2"]  # saved before the listeners hear of it


def test_a_move_from_another_device_must_be_its_seats():
    """Issue 28 §5: "a move must be submittable as controller.submit(move_text, source=...) with the
    seat checked"."""
    ctl = controller()
    s = toy(ctl)
    assert s.decider() == 0
    with pytest.raises(MoveRefused) as err:
        ctl.submit("take1", REMOTE, seat=1)
    assert err.value.code == "seat" and s.record.moves == [] and ctl.store.get("g1") is None
    ctl.submit("take1", REMOTE, seat=0)
    assert s.record.moves == ["take1"] and s.decider() == 1


def test_an_illegal_or_late_move_is_refused_and_changes_nothing():
    ctl = controller()
    s = toy(ctl)
    version = s.version
    with pytest.raises(MoveRefused) as err:
        ctl.submit("take7")
    assert err.value.code == "illegal" and s.record.moves == [] and s.version == version
    while not s.state.is_over():
        ctl.submit("take3" if s.state.heap >= 3 else f"take{s.state.heap}")
    with pytest.raises(MoveRefused) as err:
        ctl.submit("take1")
    assert err.value.code == "over"


def test_the_computer_plays_only_its_seats_and_nobody_clicks_for_it():
    ctl = controller()
    s = toy(ctl, seats="1:normal")
    assert s.computers == {1}
    with pytest.raises(MoveRefused) as err:
        ctl.submit("take1", COMPUTER)  # seat 0, a person, decides
    assert err.value.code == "seat"
    ctl.submit("take1")
    with pytest.raises(MoveRefused) as err:
        ctl.submit("take1")  # the computer's turn: this device's clicks are refused
    assert err.value.code == "hidden"
    with pytest.raises(MoveRefused):
        ctl.submit("take1", REMOTE, seat=1)  # nor may another device play for it
    ctl.submit("take2", COMPUTER, seat=1)
    assert s.record.moves == ["take1", "take2"]


def test_undo_against_the_computer_takes_back_its_answer_with_ones_move():
    ctl = controller()
    s = toy(ctl, seats="1:easy")
    ctl.submit("take1")
    ctl.submit("take1", COMPUTER)
    ctl.submit("take2")
    assert s.ply == 3
    ctl.undo()  # the person's position before their last move
    assert s.ply == 2 and s.decider() == 0
    ctl.undo()
    assert s.ply == 0
    ctl.redo()
    assert s.ply == 1 and ctl.store.get("g1").record.ply == 1  # navigation is saved too


def test_the_holder_is_the_controllers_alone_and_a_hidden_hand_waits_for_its_player():
    """Issue 28 §5: "holder — who may see what — written in 5 modules": the controller writes it."""
    ctl = controller()
    s = armadora(ctl)
    assert ctl.holder is None and ctl.must_pass()
    with pytest.raises(MoveRefused) as err:
        ctl.submit(s.legal()[0].text)  # nobody has said they hold the device
    assert err.value.code == "hidden" and s.record.moves == []
    ctl.reveal()
    me = s.decider()
    assert ctl.holder == me and ctl.interactive()
    ctl.submit(next(m.text for m in s.legal() if m.text != "pass"))
    assert ctl.holder is None and ctl.must_pass()  # the device passes: the next player says it is them
    # another device at the table plays for its own seat, hidden hand and all
    ctl.submit(next(m.text for m in s.legal() if m.text != "pass"), REMOTE, seat=1 - me)
    assert s.ply == 2


def test_one_person_against_the_computer_holds_the_device_from_the_start():
    ctl = controller()
    armadora(ctl, seats="1:normal")
    assert ctl.holder == 0 and not ctl.must_pass()


def test_a_new_game_records_its_computer_seats_from_its_first_save():
    ctl = controller()
    ctl.new_game("toy", ["Ann", "Bob"], {"max": 2}, 9, lambda n: f"P{n}", seats={1: "hard"})
    saved = ctl.store.get(ctl.save_id)
    assert saved.record.options[SEATS_OPTION] == "1:hard" and ctl.session.computers == {1}
    assert ctl.save_name == "Toy — Ann, Bob"


def test_a_full_store_keeps_the_game_in_the_link_and_says_so_once():
    ctl = controller(quota=10)  # nothing fits
    told = []
    ctl.subscribe(lambda c: told.append(c.problem) if c.kind == "save" else None)
    toy(ctl)
    ctl.submit("take1")
    ctl.submit("take1")
    assert told == ["link", "quota", "link"] and ctl.save_trouble == "quota"
    ctl.store = Store(MemoryStore())  # room again
    ctl.submit("take1")
    assert told[-1] == "again" and ctl.save_trouble == ""
    assert ctl.store.get("g1").record.moves == ["take1"] * 3


def test_another_tabs_added_moves_are_followed_and_its_different_ones_reported():
    ctl = controller()
    s = toy(ctl)
    ctl.submit("take1")
    other = Record("toy", dict(s.record.options), 4, ["Ann", "Bob"], ["take1", "take2"])
    ctl.store.save("g1", "Toy", other)
    heard = []
    ctl.subscribe(lambda c: heard.append((c.kind, c.problem)))
    assert ctl.other_tab_saved(GAME + "g1", on_play=True) == ("followed", 1)
    assert ctl.session.record.moves == ["take1", "take2"] and heard == [("follow", "")]
    ctl.store.save("g1", "Toy", Record("toy", dict(s.record.options), 4, ["Ann", "Bob"], ["take3"]))
    assert ctl.other_tab_saved(GAME + "g1", on_play=True) == ("conflict", 0)
    assert heard[-1] == ("save", "conflict") and ctl.save_trouble == "conflict"
    assert ctl.session.record.moves == ["take1", "take2"]  # nothing of this tab's is lost


def test_a_view_only_embed_never_plays_nor_saves():
    ctl = controller(embed=True, view_only=True)
    s = toy(ctl)
    with pytest.raises(MoveRefused):
        ctl.submit("take1")
    ctl.embed, ctl.view_only = True, False  # a playable embed: plays, saves nothing
    ctl.submit("take1")
    assert s.record.moves == ["take1"] and ctl.store.games() == ([], [])


def test_nobody_at_the_device_says_they_are_the_computer():
    """Hidden information stays hidden: "I am Bruno" is no way into the computer's hand, neither while
    it thinks nor at an earlier position where it decided."""
    ctl = controller()
    s = armadora(ctl, seats="1:normal")
    ctl.submit(next(m.text for m in s.legal() if m.text != "pass"))
    assert s.decider() == 1 and ctl.holder == 0
    ctl.reveal()
    assert ctl.holder == 0 and ctl.viewer() == 0
    ctl.submit(next(m.text for m in s.legal() if m.text != "pass"), COMPUTER)
    ctl.goto(1)  # the computer decided there
    ctl.reveal()
    assert ctl.holder == 0 and ctl.viewer() == 0


def test_the_same_move_again_after_undo_goes_forward_with_the_computers_answer():
    """Issue 41 item 3: after Undo, playing the move the history holds next goes forward (as on Lichess), with
    the computer's answer held after it; nothing is replaced, so nothing is offered back. Another move still
    replaces the continuation, which may then be brought back."""
    ctl = controller()
    s = toy(ctl, seats="1:easy")
    ctl.submit("take1")
    ctl.submit("take2", COMPUTER, seat=1)
    ctl.undo()
    assert s.ply == 0
    heard = []
    ctl.subscribe(lambda c: heard.append((c.kind, c.played.text if c.played else None)))
    version = s.version
    played = ctl.submit("take1")
    assert played.text == "take1" and s.record.moves == ["take1", "take2"] and s.ply == s.total == 2
    assert s.replaced is None and s.restore_offer(0) is None and s.version == version
    assert heard == [("move", "take1")] and ctl.store.get("g1").record.moves == ["take1", "take2"]
    ctl.undo()
    ctl.submit("take3")  # another move: the old continuation is replaced, and kept
    assert s.record.moves == ["take3"] and s.replaced == (0, ["take1", "take2"])


def test_the_same_move_again_keeps_what_an_earlier_move_replaced():
    """The session's part (``Session.play``): the move the history holds next only advances the ply shown; the
    moves an earlier fork replaced stay as they were."""
    s = Session(Record("toy", {"max": 3}, 4, ["Ann", "Bob"], ["take1", "take2", "take1"]))
    s.goto(1)
    s.play("take3")  # a fork: "take2", "take1" replaced
    assert s.replaced == (1, ["take2", "take1"])
    s.play("take1")
    s.goto(1)
    s.select("take")
    s.play("take3")  # the move held next: forward, nothing replaced, clicks cleared
    assert s.ply == 2 and s.total == 3 and s.replaced == (1, ["take2", "take1"]) and s.clicks == []


def test_thud_undo_and_the_same_move_again_offers_nothing_back():
    """The case reported (Thud, one person against the computer): Undo, then the same dwarf move again."""
    ctl = controller()
    g = get_game("thud")
    ctl.open(Session(Record("thud", {**g.full_options({}), SEATS_OPTION: "1:easy"}, 5, ["Ann", "Bob"], [])))
    s = ctl.session
    mine = next(m.text for m in s.legal() if m.text not in ("offer", "accept", "refuse"))
    ctl.submit(mine)
    answer = next(m.text for m in s.legal() if m.text not in ("offer", "accept", "refuse"))
    ctl.submit(answer, COMPUTER, seat=1)
    ctl.undo()
    assert s.ply == 0 and s.decider() == 0
    ctl.submit(mine)
    assert s.record.moves == [mine, answer] and s.ply == 2
    assert s.restore_offer(0) is None and s.replaced is None
