"""A static check that plateau.ai only handles states it built itself
(ai.md §7 "No handle to the truth"): the searchers get positions from a
game's ``determinize`` and nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from plateau.ai import AIError, Thinker
from plateau.core.registry import get_game

AI = Path(__file__).resolve().parents[2] / "py" / "plateau" / "ai"
SEARCH = ["api.py", "ismcts.py", "flat.py", "alphabeta.py", "search_common.py", "paired.py"]


def _tree(name):
    return ast.parse((AI / name).read_text(encoding="utf-8"))


def test_the_package_imports_no_game_and_no_record():
    for path in AI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mod = ("." * node.level) + (node.module or "")
                assert not mod.startswith("plateau.games"), path.name
                assert "record" not in mod, path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("plateau.games") for a in node.names), path.name


def _self_attr_from_determinize(tree, attr, seen=()):
    """True when every assignment of ``self.<attr>`` in ``tree`` takes a
    ``….determinize(…)`` result, ``self.first``, the ``root_state`` argument,
    None, or a local name itself bound to one of those or to a copy of such
    an attribute (Paired's ``self.base``, the round's determinization, and
    ``self.cur``, the playout under way: a copy of it)."""
    found = False
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef):
            continue
        for node in ast.walk(func):
            if not isinstance(node, ast.Assign):
                continue
            for tgt in node.targets:
                pairs = [(tgt, node.value)]
                if isinstance(tgt, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs = list(zip(tgt.elts, node.value.elts))
                for t, v in pairs:
                    if not (isinstance(t, ast.Attribute) and t.attr == attr and getattr(t.value, "id", "") == "self"):
                        continue
                    found = True
                    ok = (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute)
                          and v.func.attr == "determinize") \
                        or (isinstance(v, ast.Attribute) and v.attr == "first" and getattr(v.value, "id", "") == "self") \
                        or (isinstance(v, ast.Name) and v.id == "root_state") \
                        or (isinstance(v, ast.Constant) and v.value is None) \
                        or (isinstance(v, ast.Name) and _bound_from_determinize(func, v.id, tree, seen + (attr,)))
                    if not ok:
                        return False
    return found


def _bound_from_determinize(func, name, tree=None, seen=()):
    """True when every assignment of ``name`` in ``func`` takes a
    ``….determinize(…)`` result or ``self.first`` (itself a determinization,
    checked below), or a copy (``self.base.clone()``) of an attribute that
    only ever holds determinizations."""
    sources = []
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            for tgt in node.targets:
                if isinstance(tgt, ast.Name) and tgt.id == name:
                    sources.append(node.value)
                elif isinstance(tgt, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    for t, v in zip(tgt.elts, node.value.elts):
                        if isinstance(t, ast.Name) and t.id == name:
                            sources.append(v)
    if not sources:
        return False
    for v in sources:
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "determinize":
            continue
        if isinstance(v, ast.Attribute) and v.attr == "first" and isinstance(v.value, ast.Name) and v.value.id == "self":
            continue
        if (tree is not None and isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute)
                and v.func.attr == "clone" and isinstance(v.func.value, ast.Attribute)
                and getattr(v.func.value.value, "id", "") == "self"
                and _self_attr_from_determinize(tree, v.func.value.attr, seen)):
            continue
        if (tree is not None and isinstance(v, ast.Attribute) and getattr(v.value, "id", "") == "self"
                and v.attr != "first"
                and (v.attr in seen or _self_attr_from_determinize(tree, v.attr, seen + (v.attr,)))):
            # (an attribute already under check is assumed sound: a cycle
            # such as ``s = self.cur … self.cur = s`` adds no other source)
            continue
        return False
    return True


def test_generators_read_only_from_determinized_states():
    """``x.rng`` is read only on the computer's own generator (``self``) or
    on a state bound from ``determinize``: never a game's generator."""
    for name in SEARCH:
        tree = _tree(name)
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.Attribute) and node.attr == "rng":
                    recv = node.value
                    assert isinstance(recv, ast.Name), f"{name}:{node.lineno}"
                    if recv.id == "self":
                        continue
                    assert _bound_from_determinize(func, recv.id, tree), f"{name}:{node.lineno}: {recv.id}.rng"


def test_searchers_start_from_the_thinkers_determinization():
    """``self.first`` (the searchers' first position) is set from the
    ``root_state`` argument, which the Thinker passes from its own
    ``self.determinize()``."""
    for name in ("ismcts.py", "flat.py", "paired.py"):
        for node in ast.walk(_tree(name)):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Attribute) and t.attr == "first" for t in node.targets):
                v = node.value
                ok = (isinstance(v, ast.Name) and v.id == "root_state") or (
                    isinstance(v, ast.Constant) and v.value is None) or isinstance(v, ast.Tuple)
                assert ok, f"{name}:{node.lineno}"
    api = _tree("api.py")
    init = next(n for n in ast.walk(api) if isinstance(n, ast.FunctionDef) and n.name == "__init__"
                and any(isinstance(x, ast.Attribute) and x.attr == "searcher" for x in ast.walk(n)))
    assert _bound_from_determinize(init, "root")
    common = next(n for n in ast.walk(api) if isinstance(n, ast.FunctionDef) and n.name == "_common_searcher")
    made = 0
    for func in (init, common):
        for node in ast.walk(func):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "ISMCTS", "Ensemble", "FlatMC", "make_searcher", "own", "_common_searcher"):
                # every searcher gets the thinker's own determinization: ``root``
                # (in ``_common_searcher``, its parameter, given by ``__init__``)
                assert "root" in [a.id for a in node.args if isinstance(a, ast.Name)], ast.unparse(node)
                made += 1
    assert made >= 6
    assert [a.arg for a in common.args.args] == ["self", "root"]
    # Paired hands the rest of a decision to the common search with a fresh determinization
    paired = _tree("paired.py")
    for node in ast.walk(paired):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ISMCTS":
            arg = node.args[1]
            assert isinstance(arg, ast.Call) and arg.func.attr == "determinize", ast.unparse(node)


def test_the_thinker_takes_plain_views_only():
    g = get_game("troy")
    s = g.start(["Ann", "Bob"], seed=1)
    with pytest.raises(AIError, match="view"):
        Thinker(g, s, s.to_play)
    v = s.view(s.to_play)
    v["sneaky"] = s  # a handle to the true state does not survive
    with pytest.raises(AIError, match="plain data"):
        Thinker(g, v, s.to_play)


def test_the_computer_keeps_no_reference_to_the_callers_view():
    g = get_game("troy")
    s = g.start(["Ann", "Bob"], seed=1)
    p = s.to_play
    v = s.view(p)
    t = Thinker(g, v, p, seed=1, budget=30)
    v["districts"][0]["r"] = 99  # changing the caller's data later changes nothing
    v["bag"] = 0
    while not t.step(iterations=10):
        pass
    assert t.best() in [m.text for m in s.legal_moves()]
