"""The engine stays pure Python: only plateau.web touches the browser."""

import ast
import re
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


def test_no_game_has_a_screen_in_the_page():
    """Issue 28 §5: "No game's screen lives in web/": the page imports no game by name; a game whose
    setup is more than players and options returns its own screen from its package."""
    from plateau.core.registry import GAMES, get_game

    web = ROOT / "py" / "plateau" / "web"
    named = []
    for path in sorted(web.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("plateau.games"):
                named.append(f"{path.name}: {node.module}")
            if isinstance(node, ast.Import):
                named += [f"{path.name}: {a.name}" for a in node.names if a.name.startswith("plateau.games")]
        named += [f"{path.name}: named after {gid}" for gid in GAMES if gid in path.stem]
    assert named == []
    screen = get_game("arkhanis").setup_screen()
    assert screen is not None and screen.__module__ == "plateau.games.arkhanis.setup"
    assert all(get_game(gid).setup_screen() is None for gid in ("thud", "armadora", "troy", "thorval", "smallworld"))


#: a line of JavaScript: a statement opening a block or ending in ``;``, or an arrow function
_JS_LINE = re.compile(r"^\s*(const|let|var|return|if|for|function)\b.*[;{]\s*$|=>")


def test_the_web_layer_holds_no_javascript_in_its_strings():
    """Each language in its own files (issue 38, item 5): the page's JavaScript that Python calls is
    in static/page/*.mjs, which the boot module imports and gives Python as ``js.plateauPage``;
    no module of plateau.web makes a function of a string (``js.eval``, ``Function.new``) or holds a
    program of many lines of JavaScript."""
    bad = []
    for path in sorted((ROOT / "py" / "plateau").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "js.eval(" in text or "Function.new(" in text or "new Function(" in text:
            bad.append(f"{path.relative_to(ROOT)}: makes a function of a string")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                lines = [ln for ln in node.value.splitlines() if _JS_LINE.search(ln)]
                if len(lines) >= 3:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {len(lines)} lines of JavaScript")
    assert bad == []
    boot = (ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    for module in sorted((ROOT / "static" / "page").glob("*.mjs")):
        assert f'from "./page/{module.name}"' in boot, f"the boot module does not import {module.name}"
