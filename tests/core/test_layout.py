"""The engine stays pure Python: only plateau.web touches the browser."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BROWSER = {"js", "pyodide", "pyscript", "micropip"}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0]


def test_engine_imports_nothing_from_the_browser():
    bad = []
    for sub in ("core", "games", "ai"):
        for path in sorted((ROOT / "py" / "plateau" / sub).rglob("*.py")):
            hit = BROWSER & set(_imports(path))
            if hit:
                bad.append(f"{path.relative_to(ROOT)}: {sorted(hit)}")
    assert bad == []


def test_every_registered_game_loads_and_starts():
    from plateau.core.registry import GAMES, get_game

    for gid in ("thud", "armadora", "troy", "thorval"):
        assert gid in GAMES
        g = get_game(gid)
        assert g is not None and g.id == gid
        state = g.start([f"P{i}" for i in range(g.min_players)], {}, 1)
        assert state.legal_moves()
        assert g.rules("fr") and g.rules("en") and g.rules("fr") != g.rules("en")
        assert g.name("fr") and g.name("en")
