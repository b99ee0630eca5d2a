"""The engine's modules import without cycles (issue 28, item 1: "no import
cycle"). The graph is read from the source with ``ast``: an edge for every
import of a module of ``plateau.core``, ``plateau.games`` or ``plateau.ai``,
first at module level, then counting the imports inside functions too, so
that no function-level import is left to hide a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
LAYERS = ("core", "games", "ai")


def _modules() -> dict:
    out = {}
    for layer in LAYERS:
        for f in sorted((PY / "plateau" / layer).rglob("*.py")):
            parts = list(f.relative_to(PY).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


MODULES = _modules()
PACKAGES = {m for m, f in MODULES.items() if f.name == "__init__.py"}


def _targets(mod: str, node) -> list:
    """The modules an import statement of ``mod`` loads (a name imported from
    a package is its submodule when there is one, else the package)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        pkg = mod if mod in PACKAGES else mod.rpartition(".")[0]
        for _ in range(node.level - 1):
            pkg = pkg.rpartition(".")[0]
        base = pkg + ("." + base if base else "")
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]


def graph(module_level_only: bool) -> dict:
    g = {m: set() for m in MODULES}
    for m, f in MODULES.items():
        tree = ast.parse(f.read_text(encoding="utf-8"), str(f))
        nodes = tree.body if module_level_only else ast.walk(tree)
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                g[m] |= {t for t in _targets(m, node) if t in MODULES and t != m}
    return g


def cycle(g: dict) -> list:
    """One cycle of ``g`` as a list of modules, or [] when there is none."""
    state = {}
    path = []

    def visit(v):
        state[v] = 1
        path.append(v)
        for w in sorted(g[v]):
            if state.get(w) == 1:
                return path[path.index(w):] + [w]
            if w not in state:
                found = visit(w)
                if found:
                    return found
        state[v] = 2
        path.pop()
        return []

    for v in sorted(g):
        if v not in state:
            found = visit(v)
            if found:
                return found
    return []


def test_the_graph_sees_the_engine():
    g = graph(True)
    assert "plateau.games.smallworld.rules" in g and "plateau.core.game" in g
    assert "plateau.games.smallworld.content" in g["plateau.games.smallworld.rules"]
    assert "plateau.games.smallworld.ruleset" in g["plateau.games.arkhanis.items"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []


def test_module_level_imports_have_no_cycle():
    assert cycle(graph(True)) == []


def test_no_function_level_import_hides_a_cycle():
    """Imports inside functions count too: one that only held a cycle apart (a late-bound module, an import
    at the bottom of a file or inside the function that needs it) would show here."""
    assert cycle(graph(False)) == []
