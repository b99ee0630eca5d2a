"""A light first visit (issue 30): the sources of Plateau's and svgwrite's
modules are not in the bundle the start waits for (only their bytecode, with
an empty file in each source's place); the page fetches them once the app is
ready, and tracebacks then show the lines of Plateau's code. The standard
library's modules that the start does not import come the same way, after it
(scripts/sitebuild/stdlib.py, stdlib_later)."""

from __future__ import annotations

import gzip
import io
import re
import zipfile

from harness import open_app, open_app_refusing, pointer_click


def _bundle(site_dir, pattern: str) -> dict[str, bytes]:
    path = next((site_dir / "static" / "build").glob(pattern))
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(path.read_bytes()))) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_the_sources_are_apart_from_the_bundle_the_start_waits_for(site_dir):
    main = _bundle(site_dir, "plateau-[0-9a-f]*.bundle")
    for path in (site_dir / "static" / "build").glob("game-*.bundle"):  # each game's own (test_game_bundles.py)
        main.update(_bundle(site_dir, path.name))
    later = _bundle(site_dir, "plateau-src-*.bundle")
    assert "plateau/core/record.py" in later and "svgwrite/drawing.py" in later
    assert b"def decode(" in later["plateau/core/record.py"]
    # the bytecode of PyScript's own package, which the start does not import
    # (scripts/sitebuild/runtime_patches.py, CORE_PATCHES); its sources, which PyScript no longer writes at the start, are in the bundle
    pyscript = [n for n in later if n.startswith("pyscript/")]
    assert pyscript and all("/__pycache__/" in n and n not in main for n in pyscript), pyscript
    assert b"RUNNING_IN_WORKER" in main["pyscript/__init__.py"] and main["pyscript/context.py"]
    for name in set(later) - set(pyscript):
        assert name.endswith(".py") and main[name] == b"", name  # its place kept, empty
        parent, _, stem = name.rpartition("/")
        assert any(n.startswith(f"{parent}/__pycache__/{stem[:-3]}.cpython-") for n in main), name
    # what is not Python bytecode stays in the bundle: the rules, the boards, the games index
    assert main["plateau/games/index.json"] and any(n.startswith("boards/") and main[n] for n in main)
    assert any(n.endswith(".md") and main[n] for n in main)


TRACEBACK = """
import linecache, traceback
from plateau.core.record import decode
linecache.checkcache()
try:
    decode("#not a record")
except Exception:
    out = traceback.format_exc()
out
"""


def test_a_traceback_shows_plateaus_lines_once_the_sources_are_in(page, base_url):
    open_app(page, base_url)
    page.wait_for_selector("html[data-sources=installed]", state="attached", timeout=60_000)
    boot = page.get_attribute('script[type=module][src*="pyodide-boot-"]', "src")
    tb = page.evaluate("""async ([boot, src]) => {
      const py = await (await import(boot)).started;
      return py.runPython(src);
    }""", ["/" + boot, TRACEBACK])
    assert "plateau/core/record.py" in tb and "RecordError" in tb
    # the line of Plateau's code that raised, quoted under its "File ..., line N" entry
    lines = tb.splitlines()
    at = max(i for i, line in enumerate(lines) if "plateau/core/record.py" in line)
    assert lines[at + 1].strip() and not lines[at + 1].strip().startswith(("File ", "RecordError")), tb
    # and the app still plays: a game opened after the sources were written
    page.click('[data-game="thud"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")


LATER = re.compile(r".*/static/build/stdlib-later-[0-9a-f]+\.zip$")
RUN_PY = """async (src) => {
  const py = await (await import(document.querySelector('script[type=module][src*="pyodide-boot-"]').src)).started;
  return py.runPython(src);
}"""
# statistics, fractions and difflib: in the later part (tests/browser/test_stdlib.py)
LATER_USE = "import statistics, fractions, difflib; str(statistics.mean([fractions.Fraction(1, 3), 1]))"


def test_the_standard_librarys_later_part_comes_after_the_start(page, base_url):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    warned: list[str] = []  # a background fetch that failed says so (static/pyodide-boot.mjs)
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    open_app(page, base_url)  # a first visit: Python starts from the runtime's zip alone
    assert page.get_attribute("html", "data-python") == "fresh", page.get_attribute("html", "data-python")
    ready = page.evaluate("performance.getEntriesByName('plateau:drawn')[0].startTime")
    page.wait_for_selector("html[data-games=stored]", state="attached", timeout=60_000)
    asked = page.evaluate("performance.getEntriesByType('resource').map(e => [e.name, e.startTime])")
    later = [t for u, t in asked if LATER.match(u)]
    assert len(later) == 1 and later[0] > ready, (later, ready)
    assert page.evaluate(RUN_PY, LATER_USE) == "2/3"
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "plateau:stdlib-later-fetched" not in marks, (asked, warned)  # it was in place: no download of its own
    assert not errors, errors


def test_a_module_of_the_later_part_imported_before_it_came_is_fetched_then(browser, base_url):
    """The background fetch refused: the first import of a module of the later
    part is an ImportError that names it (nothing is downloaded while Python
    waits, issue 43), the page fetches the zip and the action runs again;
    Thorval, whose drawing imports xml.sax, opens by the pointer."""
    ctx, page, errors = open_app_refusing(browser, base_url, LATER)
    said = page.evaluate(RUN_PY, "try:\n import statistics\n out = 'imported'\n"
                                 "except ImportError as e:\n out = f'{e} / {e.plateau_game!r}'\nout")
    assert "'statistics' of the standard library is not in place yet" in said and said.endswith("/ ''"), said
    # a game opened now: its files and the later part fetched, then the game (the action tried again)
    page.click('[data-game="thorval"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    pointer_click(page, '#new-game button[type="submit"]')
    page.wait_for_selector('#board[data-game="thorval"]', state="attached")
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "plateau:stdlib-later-fetched" in marks, marks
    assert page.evaluate(RUN_PY, LATER_USE) == "2/3"
    assert not errors, errors
    ctx.close()
