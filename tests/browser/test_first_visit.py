"""A light first visit (issue 30): the sources of Plateau's and svgwrite's
modules are not in the bundle the start waits for (only their bytecode, with
an empty file in each source's place); the page fetches them once the app is
ready, and tracebacks then show the lines of Plateau's code."""

from __future__ import annotations

import gzip
import io
import zipfile

from harness import open_app


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
    for name in later:
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
