"""A guest's session is a :class:`Session` by composition (issue 38, item
3): one session class over a position source, the record replayed
(``RecordPositions``, on the host and in hot-seat) or the views a guest
received (``web/club.py``'s ``ViewPositions``). No class of the page
subclasses ``Session``, and none sets another object's private fields."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from plateau.core.record import Record
from plateau.web.club import STATE_SCHEMA, Guest, Refused, ViewPositions
from plateau.web.session import RecordPositions, Session

from test_club import host, joined

WEB = Path(__file__).resolve().parents[2] / "py" / "plateau" / "web"


def test_no_class_of_the_page_subclasses_the_session():
    subclasses = []
    for path in sorted(WEB.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                subclasses += [f"{path.name}: {node.name}" for b in node.bases if "Session" in ast.unparse(b)]
    assert subclasses == []


def test_no_module_sets_another_objects_private_fields():
    outside = []
    for path in sorted(WEB.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for t in targets:
                for sub in ast.walk(t):
                    if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                            and sub.attr.startswith("_") and not sub.attr.startswith("__")
                            and ast.unparse(sub.value) != "self"):
                        outside.append(f"{path.name}:{node.lineno}: {ast.unparse(sub)}")
    assert outside == []


def test_a_guest_session_is_a_session_over_the_views_it_received():
    ctl, ref = host("thud", moves=[])
    live = ctl.session
    ctl.submit(live.legal()[0].text)  # seat 0 plays here; seat 1 (on the guest) to move
    assert live.decider() == 1
    g = joined(ref)
    s = g.session
    assert type(s) is Session and isinstance(s.positions, ViewPositions)
    assert type(live.positions) is RecordPositions
    assert s.total == s.ply == live.total and s.positions.first == live.total
    assert s.decider() == 1 and sorted(m.text for m in s.legal()) == sorted(m.text for m in live.legal())
    assert s.record.players == live.record.players and s.record.moves == ["?"] * live.total
    # the live position only: the history is the move list's lines, not positions
    s.goto(0)
    s.undo()
    assert s.ply == live.total and s.last_move() is None and not s.finished
    assert s.move_line(0, 1, "en") == live.move_line(0, 1, "en")
    # a guest plays nothing itself: its moves go to the host
    with pytest.raises(RuntimeError, match="host"):
        s.play(s.legal()[0])
    with pytest.raises(RuntimeError, match="no record"):
        s.snapshot()


def test_the_record_source_opens_where_the_record_was_saved():
    first = Session(Record("thud", {}, 5, ["Ann", "Bob"], []))
    for _ in range(3):
        first.play(first.legal()[0])
    snap = first.snapshot(at_ply=False)
    snap.ply = 1
    s = Session(snap)
    assert s.ply == 1 and s.total == 3 and s.positions.opening == 1
    s.play(s.legal()[-1])  # a move in the past replaces the two after it
    assert s.total == 2 and s.replaced is not None and s.record.ply is None
    assert s.restore_replaced() and s.total == 3 and s.record.moves[1:] == snap.moves[1:]


# -- the state message's form (issue 38, item 4) -------------------------------------------
def _state_of(ref, did="d1"):
    """The host's state message for device ``did``, as a dict."""
    return json.loads(ref.state_for(ref.devices[did]))


@pytest.mark.parametrize("change, code, words", [
    ({"schema": 0}, "version", "form 0"),  # an older host
    ({"schema": 2}, "version", "form 2"),  # a newer one
    ({"schema": None}, "version", "form ?"),
    ({"rev": 999}, "version", "revision 999"),  # the same form, the game's rules of another revision
    ({"gid": "chess"}, "version", "does not know the game"),
    ({"ply": "3"}, "field", "'ply'"),
    ({"seats": [True]}, "field", "'seats'"),
    ({"views": []}, "field", "'views'"),
])
def test_a_guest_refuses_a_state_of_another_form_with_a_sentence(change, code, words):
    _, ref = host("thud")
    g = joined(ref)
    before = g.session
    msg = dict(_state_of(ref), **change)
    with pytest.raises(Refused) as got:
        g.receive(json.dumps(msg))
    assert got.value.code == code and words in got.value.text
    assert g.session is before  # nothing changed: the position it had stays


def test_the_host_refuses_a_guest_that_reads_another_form():
    ctl, ref = host("thud")
    hello = json.loads(Guest().hello("en"))
    assert hello["schema"] == STATE_SCHEMA
    for schema in (None, 0, STATE_SCHEMA + 1):
        older = dict(hello, schema=schema) if schema is not None else {k: v for k, v in hello.items() if k != "schema"}
        out = ref.receive("d1", json.dumps(older))
        assert [json.loads(text)["t"] for _, text in out] == ["error"]
        err = json.loads(out[0][1])
        assert err["code"] == "version" and "form" in err["text"]
        g = Guest()  # the refused guest reads the error (the messages' own version is unchanged)
        assert g.receive(out[0][1]) == "error" and g.errors[-1][0] == "version" and g.session is None
    assert [json.loads(text)["t"] for _, text in ref.receive("d1", json.dumps(hello))] == ["welcome", "state"]
