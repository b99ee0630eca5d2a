"""Small World's position as typed records: a race record is a
:class:`~plateau.games.smallworld.records.Race` (a misspelt field is an
error), and a clone shares nothing that changes with the position it was
copied from, whatever fields the position has."""

from __future__ import annotations

import dataclasses

import pytest

from plateau.core.game import Game
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME as ARK
from plateau.games.smallworld import GAME
from plateau.games.smallworld.clock import Clock
from plateau.games.smallworld.records import Race, _Unset
from plateau.games.smallworld.ruleset import Ruleset

from sw_factory import begin, fresh, give

#: shared on purpose: they do not change during a game (the effect memory's
#: "not set" mark has no state at all)
SHARED = (Game, Ruleset, Clock, _Unset)


def mutable_parts(x, seen=None):
    """Every mutable object reachable from ``x`` (by id), the shared kinds
    left out. A tuple is a value written whole, never changed (a log entry,
    a region's neighbours): the position's convention, which the engine
    keeps (``ev`` writes a log entry once)."""
    seen = {} if seen is None else seen
    if isinstance(x, (int, float, str, bool, type(None), frozenset, tuple)) or isinstance(x, SHARED) \
            or callable(x):
        return seen
    if id(x) in seen:
        return seen
    seen[id(x)] = x
    if isinstance(x, dict):
        for k, v in x.items():
            mutable_parts(k, seen)
            mutable_parts(v, seen)
    elif isinstance(x, (list, set)):
        for v in x:
            mutable_parts(v, seen)
    elif dataclasses.is_dataclass(x):
        for f in dataclasses.fields(x):
            mutable_parts(getattr(x, f.name), seen)
    elif hasattr(x, "__dict__"):
        for v in vars(x).values():
            mutable_parts(v, seen)
    return seen


def played(n, opts, seed, plies):
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed)
    for _ in range(plies):
        if s.is_over():
            break
        ms = s.legal_moves()
        s.play(ms[r.below(len(ms))])
    return s


@pytest.mark.parametrize("n,opts,seed,plies", [
    (3, {}, 1, 0), (3, {}, 2, 60), (4, {"board": "underground", "content": "underground"}, 3, 90),
    (3, {"monsters": "random", "content": "mixed"}, 4, 120),
])
def test_a_clone_shares_nothing_that_changes(n, opts, seed, plies):
    s = played(n, opts, seed, plies)
    c = s.clone()
    assert set(vars(c)) == set(vars(s))
    mine = mutable_parts(s)
    shared = [f"{k}: {type(v).__name__}" for k, v in vars(c).items()
              if set(mutable_parts(v)) & set(mine)]
    assert shared == []
    # and it is the same position
    assert c.view(None) == s.view(None)
    assert [m.text for m in c.legal_moves()] == [m.text for m in s.legal_moves()]


def test_the_check_sees_a_shared_list():
    s = played(3, {}, 1, 10)
    c = s.clone()
    c.tok = s.tok
    assert set(mutable_parts(c.tok)) & set(mutable_parts(s))


def test_a_tournament_table_clone_shares_nothing_but_its_tournament():
    s = ARK.start([f"P{i}" for i in range(5)], {}, 2)
    c = s.clone()
    mine = mutable_parts(s)
    for t in c.tables:
        for k, v in vars(t).items():
            if k in ("clock", "coins", "vp", "unused"):  # the clone tournament's own (its clock, coins, reserve)
                continue
            assert not set(mutable_parts(v)) & set(mine), k
        assert t.coins is c.coins and t.clock.tour is c


def test_a_race_record_has_its_fields_and_no_other():
    """A misspelt field is an error, not a new key."""
    s = fresh()
    rid = give(s, 0, "ratmen", "hill", {1: 3})
    rec = s.recs[rid]
    assert (rec.p, rec.race, rec.power, rec.dec, rec.hand) == (0, "ratmen", "hill", False, 0)
    with pytest.raises(AttributeError):
        rec.hnad = 3
    c = rec.copy()
    assert c == rec and c is not rec


# -- the clone follows the declared fields ------------------------------------

from plateau.games.smallworld.records import Copier, Turn  # noqa: E402
from plateau.games.smallworld.rules import SmallWorldState  # noqa: E402
import typing  # noqa: E402


@pytest.mark.parametrize("n,opts,seed,plies", [
    (3, {}, 2, 60), (4, {"board": "underground", "content": "underground"}, 3, 90),
    (3, {"monsters": "random", "content": "mixed"}, 4, 120), (2, {"board": "random", "content": "mixed"}, 5, 150),
])
def test_every_field_of_a_position_and_of_its_turn_is_declared(n, opts, seed, plies):
    """The clone copies a field as its declared type says; a field or turn
    key nobody declared is still copied, by a slower path, so this keeps
    every field in the declarations."""
    s = played(n, opts, seed, plies)
    assert set(vars(s)) <= set(typing.get_type_hints(SmallWorldState))
    assert s.tp is None or isinstance(s.tp, Turn)


def test_a_tournament_tables_fields_are_declared():
    s = ARK.start([f"P{i}" for i in range(5)], {}, 2)
    r = Rng(3)
    for _ in range(80):
        ms = s.legal_moves()
        s.play(ms[r.below(len(ms))])
    for t in s.tables:
        assert set(vars(t)) <= set(typing.get_type_hints(SmallWorldState))
        assert t.tp is None or isinstance(t.tp, Turn)


class _Grown(SmallWorldState):
    """A position with one more field, declared with its type only."""
    marks: list[list[int]]
    seen: dict[int, Race]


def test_a_field_added_to_the_class_is_copied_by_its_type():
    s = played(3, {}, 2, 40)
    g = object.__new__(_Grown)
    g.__dict__.update(s.clone().__dict__)
    g.marks = [[1, 2], [3]]
    g.seen = {0: Race(0, 0, "ratmen", "hill")}
    c = g.clone()
    assert c.marks == g.marks and c.marks is not g.marks and c.marks[0] is not g.marks[0]
    assert c.seen == g.seen and c.seen[0] is not g.seen[0]
    assert not set(mutable_parts(c)) & set(mutable_parts(g))


def test_a_field_nobody_declared_is_still_copied():
    s = played(3, {}, 2, 40)
    s.scribble = {"a": [1, 2]}  # an attribute the class does not declare
    c = s.clone()
    assert c.scribble == s.scribble and c.scribble["a"] is not s.scribble["a"]
    assert not set(mutable_parts(c)) & set(mutable_parts(s))


def test_the_turn_is_typed():
    """The turn (``tp``) is a :class:`Turn`: a misspelt key is an error, a
    clone copies it whole, and the view carries it as before, the keys a
    rule sets appearing once set."""
    s = played(4, {"board": "underground", "content": "underground"}, 3, 0)
    assert isinstance(s.tp, Turn)
    with pytest.raises(AttributeError):
        s.tp.ghuol = True
    assert set(s.view(None)["turn_state"]) == {"conq", "conq_rid", "attacked", "dragon", "fort", "sorc", "roll",
                                                "fresh", "ghoul", "die"}
    s.tp.vamp = [1]
    s.tp.conq.append([3, True])
    c = s.clone()
    assert c.tp == s.tp and c.tp.vamp is not s.tp.vamp and c.tp.conq[0] is not s.tp.conq[0]
    ts = c.view(None)["turn_state"]
    assert ts["vamp"] == [1] and ts["conq"] == [[3, True]] and "relics" not in ts
    assert Turn.from_dict(ts) == c.tp
    with pytest.raises(TypeError):
        Turn.from_dict(dict(ts, ghuol=True))
    # by key, as the tournament's clock reads it: a declared key only
    assert c.tp["attacked"] == c.tp.attacked and c.tp.get("skull") is None and c.tp.get("relics", ()) == ()
    c.tp["skull_done"] = True
    assert c.tp.skull_done is True
    with pytest.raises(KeyError):
        c.tp["ghuol"]
    with pytest.raises(KeyError):
        c.tp["ghuol"] = True


class _Odd:
    pass


class _Holder:
    odd: _Odd


def test_a_copier_refuses_a_type_it_cannot_copy():
    """A field whose type says nothing of how to copy it is an error when
    the copier is built, not a value shared silently."""
    with pytest.raises(TypeError, match="no way to copy"):
        Copier(_Holder)


def test_the_effect_memory_is_typed():
    """What the effects remember (``x``) has declared keys only: a misspelt
    one is an error, not a new key; a key never set is absent from the
    view, one set to None is there (the Bag once lost), and a clone copies
    what it holds."""
    from plateau.games.smallworld.records import Effects

    s = played(4, {"board": "underground", "content": "underground"}, 3, 0)
    assert isinstance(s.x, Effects) and s.view(None)["x"] == {}
    with pytest.raises(KeyError, match="no effect memory named 'gohst'"):
        s.x["gohst"] = 3
    with pytest.raises(KeyError):
        s.x.get("gohst")
    assert "ghost" not in s.x and s.x.get("ghost", -1) == -1
    with pytest.raises(KeyError):
        s.x["ghost"]
    s.x["bag"] = None
    s.x.setdefault("vengeance", {}).setdefault("0", []).append(2)
    s.x["ancient"] = [1, 5]
    del s.x["ancient"]
    assert s.view(None)["x"] == {"bag": None, "vengeance": {"0": [2]}}
    c = s.clone()
    assert c.x == s.x and c.x.vengeance["0"] is not s.x.vengeance["0"]
    assert Effects.from_dict(c.view(None)["x"]) == c.x


class _Child(_Holder):
    marks: list[int]


def test_a_base_class_field_of_an_unknown_type_is_copied_the_slow_way():
    """A field a base class declares (the engine core's ``State``) in terms
    the copier does not know is copied value by value, not refused: only
    the class's own declarations must be exact."""
    c = Copier(_Child)
    o = object.__new__(_Child)
    o.odd, o.marks = [[1]], [2]
    k = c(o)
    assert k.odd == [[1]] and k.odd[0] is not o.odd[0] and k.marks is not o.marks


def test_a_turn_resumes_at_a_step_member():
    """A decision's ``then`` is a :class:`Step` member (a misspelt one is an
    error where it is written), each with its place in ``RESUME``; the view
    shows its value as before."""
    import json

    from plateau.games.smallworld.records import Step
    from plateau.games.smallworld.rules import RESUME

    assert set(RESUME) == set(Step)
    with pytest.raises(AttributeError):
        Step.DEFNED  # noqa: B018
    assert Step.PICKED.at(2) == "picked:2" and json.dumps({"then": Step.DEFEND}) == '{"then": "defend"}'
    views = []
    for then in (Step.DEFEND, "defend"):  # the member, and its value as a view carries it
        s = GAME.start(["Ann", "Bob"], {"monsters": "hand"}, 0)
        s.pending[0].update(left=1, then=then)
        s.play(s.legal_moves()[0].text)
        assert not s.pending
        views.append(json.dumps(s.view(None), sort_keys=True))
    assert views[0] == views[1]


# -- phases and the position factory ------------------------------------------


def test_a_phase_is_a_member_and_each_playing_one_has_its_moves():
    """The turn's phase is a :class:`Phase` member (a misspelt one is an
    error where it is written); each phase a player acts in has its moves
    and its action in ``PHASES``; the view shows the value as before."""
    import json

    from plateau.games.smallworld.records import Phase
    from plateau.games.smallworld.rules import PHASES

    assert set(PHASES) == set(Phase) - {Phase.NONE, Phase.OVER, Phase.IDLE}
    with pytest.raises(AttributeError):
        Phase.CONQEUR  # noqa: B018
    with pytest.raises(ValueError):
        Phase("conqeur")
    s = fresh(2, clear=False)
    begin(s, 0)
    assert s.phase is Phase.PICK and s.view(None)["phase"] == "pick"
    assert type(s.view(None)["phase"]) is str and json.dumps(s.view(0)["phase"]) == '"pick"'
    s.play("pick:0")
    assert s.phase is Phase.CONQUER
    s.play("end")
    assert s.phase is Phase.REDEPLOY


def test_every_step_a_decision_resumes_at_has_a_writer():
    """Each :class:`Step` member is where some rule's decision goes on (none
    is left declared without a place that pushes it)."""
    import pathlib

    import plateau.games.smallworld as sw
    from plateau.games.smallworld.records import Step

    src = "".join(p.read_text() for p in pathlib.Path(sw.__file__).parent.glob("*.py") if p.name != "rules.py")
    rules = (pathlib.Path(sw.__file__).parent / "rules.py").read_text().split("\nRESUME = {")[0]
    for step in Step:
        assert f"Step.{step.name}" in src + rules, step


def test_the_factory_builds_what_play_builds():
    """A position built by the factory is the one play reaches: a decision
    pushed by :func:`decision` is the Monsters decision a table dealt "by
    hand" starts with, and a misspelt turn field, an unknown decision or a
    region held by no record is refused."""
    from sw_factory import decision, empty, no_decisions, region, turn

    from plateau.games.smallworld.records import Step
    from plateau.games.smallworld.rules import EMPTY, LT

    played_ = GAME.start(["Ann", "Bob"], {"monsters": "hand"}, 0)
    built = GAME.start(["Ann", "Bob"], {"monsters": "hand"}, 0)
    no_decisions(built)
    decision(built, "monsters", 0, left=3)
    assert built.view(None) == played_.view(None) and built.legal_moves() == played_.legal_moves()
    with pytest.raises(KeyError, match="no decision 'monstres'"):
        decision(built, "monstres", 0)
    with pytest.raises(ValueError):
        decision(built, "monsters", 0, then="defnd")
    decision(built, "monsters", 0, then=Step.DEFEND)
    assert built.view(None)["pending"][-1]["then"] == Step.DEFEND
    s = fresh(2)
    with pytest.raises(KeyError):
        region(s, 1, 7, 2)
    with pytest.raises(ValueError):
        region(s, 1, LT, 0)
    rid = give(s, 0, "ratmen", "hill", {1: 3})
    region(s, 2, rid, 1)
    empty(s, 1)
    assert (s.owner[1], s.tok[1], s.owner[2], s.tok[2]) == (EMPTY, 0, rid, 1)
    begin(s, 0)
    turn(s, ghoul=True)
    assert s.tp.ghoul is True
    with pytest.raises(KeyError):
        turn(s, ghuol=True)


def test_the_position_class_stays_small():
    """``SmallWorldState`` keeps the position and the questions asked on
    every move (at most 40 methods, issue 28 item 3); a phase's work is in
    its module (turn_start, conquest, redeploy, turn_end, supply)."""
    from plateau.games.smallworld import conquest, redeploy, supply, turn_end, turn_start
    from plateau.games.smallworld.rules import SmallWorldState

    methods = [k for k, v in vars(SmallWorldState).items() if callable(v) or isinstance(v, property)]
    assert len(methods) <= 40, methods
    for mod, fn in ((turn_start, "begin_conquer"), (conquest, "reachable"), (redeploy, "moves"),
                    (turn_end, "score_lines"), (supply, "vanish")):
        assert callable(getattr(mod, fn)) and not hasattr(SmallWorldState, fn)
