"""The Arkhanis tournament runs its tables from beside them: a table is a
plain Small World state whose clock is the tournament (rules notes §3.3, "for
slot j = 1..5, for each table in order, at its j-th seat s: … the player
seated at s since the start of the turn plays his Small World turn"), and
the tournament reads and changes its tables only through their public
methods and attributes."""

from __future__ import annotations

import ast
from pathlib import Path

from plateau.games.arkhanis import GAME
from plateau.games.arkhanis.tournament import TableClock
from plateau.games.smallworld import GAME as SW
from plateau.games.smallworld.clock import PLAIN
from plateau.games.smallworld.rules import SmallWorldState

ARKHANIS = Path(__file__).parents[2] / "py" / "plateau" / "games" / "arkhanis"


def private_uses(source: str) -> list[str]:
    """``x._name`` where ``x`` is not ``self`` (a module's own names, like
    ``C._x``, count too: nothing outside Small World reaches inside it)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                out.append(f"{ast.unparse(node)} (line {node.lineno})")
    return out


def test_the_private_use_check_sees_one():
    assert private_uses("def f(table):\n    table._start_turn()\n") == ["table._start_turn (line 2)"]
    assert private_uses("class A:\n    def f(self):\n        self._x = 1\n") == []


def test_nothing_in_the_tournament_reaches_inside_a_small_world_state():
    found = {p.name: private_uses(p.read_text(encoding="utf-8")) for p in sorted(ARKHANIS.glob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_tournament_class_is_a_small_world_state():
    for p in sorted(ARKHANIS.glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert all(ast.unparse(b) not in ("SmallWorldState", "rules.SmallWorldState") for b in node.bases), \
                    f"{p.name}: {node.name}"


def test_a_table_is_a_small_world_state_with_the_tournament_as_its_clock():
    s = GAME.start([f"P{i}" for i in range(5)], {}, 3)
    for i, t in enumerate(s.tables):
        assert type(t) is SmallWorldState
        assert isinstance(t.clock, TableClock) and t.clock.tour is s and t.clock.index == i
    c = s.clone()
    for i, t in enumerate(c.tables):  # a clone's tables answer to the clone
        assert t.clock.tour is c and t.clock.index == i
        assert c.reserved[i] is not s.reserved[i] and c.rosters[i] is not s.rosters[i]


def test_a_plain_game_is_its_own_clock():
    """Rules notes §1: the first player's turn starts when the game is set up."""
    s = SW.start(["Ann", "Bob"], {}, 1)
    assert s.clock is PLAIN
    assert s.phase == "pick" and s.cur == 0 and s.turn == 1
