"""Who plays each seat, and from where, is one value the controller owns
(issue 38, item 1): ``Seating`` in web/controller.py. Only the controller
changes it, through its methods (ClubPage and Referee call them), and what
was written from outside before is read from it: who is away, the seats
the computer plays, the pass-screen rule, the seats ``submit`` accepts and
where a move goes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from plateau.core.game import SEATS_OPTION
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.club import Referee
from plateau.web.controller import MoveRefused, PlayController, Seating
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store

WEB = Path(__file__).resolve().parents[2] / "py" / "plateau" / "web"
#: the controller's seating and holder, and the fields derived from them
CONTROLLER_FIELDS = {"holder", "_holder", "away", "relay", "waiting", "_seating"}


def _assigned_attributes(tree):
    """(attribute name, the expression it is set on, line) for every assignment to an attribute."""
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, (ast.Assign,)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                    yield sub.attr, ast.unparse(sub.value), node.lineno


def test_no_module_but_the_controller_writes_the_seating():
    outside = []
    for path in sorted(WEB.glob("*.py")):
        for attr, on, line in _assigned_attributes(ast.parse(path.read_text(encoding="utf-8"))):
            if attr in CONTROLLER_FIELDS and not (path.name == "controller.py" and on == "self"):
                outside.append(f"{path.name}:{line}: {on}.{attr}")
            # which seats no person here plays: the session's own field, set by its method
            if attr == "computers" and not (path.name == "session.py" and on == "self"):
                outside.append(f"{path.name}:{line}: {on}.{attr}")
    assert outside == []


def test_the_seating_is_read_only_from_outside():
    ctl = PlayController(Store(MemoryStore()))
    for name in ("holder", "away", "relay", "waiting", "seating"):
        with pytest.raises(AttributeError):
            setattr(ctl, name, None)
    with pytest.raises(AttributeError):  # frozen
        ctl.seating.waiting = True


def _armadora(ctl, seats=None):
    g = get_game("armadora")
    rec = Record("armadora", g.full_options({"rules": "basic"}), 3, ["A", "B", "C"], [])
    if seats:
        rec.options[SEATS_OPTION] = seats
    ctl.open(Session(rec, "en"), save_id="g1")


def test_the_computers_seats_come_from_the_record_and_stay_off_the_pass_screen():
    ctl = PlayController(Store(MemoryStore()))
    heard = []
    ctl.subscribe(lambda c: heard.append(c.kind))
    _armadora(ctl, "1:easy,2:hard")
    assert dict(ctl.seating.computers) == {1: "easy", 2: "hard"} == ctl.computer_seats()
    assert ctl.seating.kind(2) == "computer:hard" and ctl.seating.kind(0) == "here"
    assert ctl.people() == [0] and ctl.holder == 0  # one person against computers: no pass screen
    assert ctl.session.computers == {1, 2}
    assert heard == ["open"]


def test_devices_seated_on_the_host_are_away_and_their_moves_come_with_their_seat():
    ctl = PlayController(Store(MemoryStore()))
    _armadora(ctl)
    ref = Referee(ctl, {"b": [1], "c": [2]})
    heard = []
    ctl.subscribe(lambda c: heard.append(c.kind))
    ctl.seat_devices(ref.seat_devices(), settle=True)
    assert heard == ["seating"]
    assert ctl.away == {1, 2} and ctl.seating.kind(1) == "device:b" and ctl.session.computers == {1, 2}
    assert ctl.people() == [0] and ctl.holder == 0  # the host's one person holds it
    d = ctl.session.decider()
    text = ctl.session.legal()[0].text
    if d != 0:  # a seat of a device: played through its seat only
        with pytest.raises(MoveRefused):
            ctl.submit(text)
    ctl.seat_devices(ref.seat_devices())  # the same seating again: nobody is told
    assert heard == ["seating"]
    ctl.devices_gone()
    assert ctl.away == frozenset() and ctl.session.computers == frozenset() and ctl.people() == [0, 1, 2]


def test_a_guests_moves_go_to_the_host_and_it_waits_for_the_answer():
    sent = []
    ctl = PlayController(Store(MemoryStore()))
    _armadora(ctl)
    ctl.join_host(lambda text, seat: sent.append((text, seat)))
    assert ctl.seating.kind(0) == "host" and ctl.relay is not None
    if ctl.must_pass():
        ctl.reveal()
    d = ctl.session.decider()
    text = ctl.session.legal()[0].text
    assert ctl.submit(text) is None  # not played here
    assert sent == [(text, d)] and ctl.waiting and not ctl.interactive()
    assert ctl.session.total == 0
    ctl.wait_for_host(False)
    assert not ctl.waiting and ctl.interactive()


def test_seatings_compare_by_value():
    assert Seating(computers={1: "easy"}) == Seating(computers={1: "easy"})
    assert Seating(devices={1: "b"}).elsewhere == {1}
    assert Seating(computers={0: "hard"}, devices={2: "x"}).people(4) == [1, 3]
