"""The interpreter's memory snapshot (issue 13: "a snapshot that cannot be
used falls back to a normal boot, never to a broken page"; "add a browser
test that the snapshot path (if kept) and the fallback both reach
data-ready"; "tracebacks stay useful: an error in Plateau's code still names
the file and line").

The build boots the runtime under node and ships its memory
(static/vendor/pyodide-snapshot-<hash>.bin); the boot module restores it when
the browser already has the file and starts Python normally otherwise,
fetching the file once the app is ready. A browser profile on disk, as a
visitor's: its HTTP cache keeps the file from one visit to the next."""

from __future__ import annotations

import os
import re
import shutil
import struct
import tempfile

import pytest
from harness import READY

CHROMIUM = os.environ.get("PLATEAU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

SNAPSHOT = re.compile(r".*/static/vendor/pyodide-snapshot-[0-9a-f]+\.bin$")

# Python in the page: the interpreter the boot module started (the same module instance the page loads)
RUN_PY = """async ([boot, src]) => {
  const py = await (await import(boot)).started;
  return py.runPython(src);
}"""


# an error raised in Plateau's code, as the page's traceback shows it
TRACEBACK = """
import traceback
from plateau.core.record import decode
try:
    decode("#not a record")
except Exception:
    out = traceback.format_exc()
out
"""


@pytest.fixture()
def profile(playwright):
    """A Chromium profile on disk (service workers blocked: the HTTP cache alone)."""
    tmp = tempfile.mkdtemp(prefix="plateau-snap-profile-")
    ctx = playwright.chromium.launch_persistent_context(
        tmp, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block",
        viewport={"width": 1200, "height": 900})
    yield ctx
    ctx.close()
    shutil.rmtree(tmp, ignore_errors=True)


def run_python(page, src: str):
    boot = page.get_attribute('script[type=module][src*="pyodide-boot-"]', "src")
    return page.evaluate(RUN_PY, ["/" + boot, src])


def visit(ctx, url: str, settle: bool = False):
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    how = page.get_attribute("html", "data-python")
    if settle:  # the snapshot fetched for the next visit
        page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=60_000)
    return page, how, errors


def play_a_move(page) -> None:
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board .target")
    page.click("#board .target >> nth=0")
    page.wait_for_selector("#board .target")


def test_second_visit_restores_the_snapshot_and_plays(profile, base_url, site_dir):
    assert list((site_dir / "static" / "vendor").glob("pyodide-snapshot-*.bin"))
    page, how, errors = visit(profile, base_url, settle=True)
    assert how == "fresh"  # first visit: nothing cached, no download before the start
    # the runtime's script run once more, for Chromium to keep its compiled code for the next visit
    assert page.get_attribute("html", "data-runtime-compiled") == "twice"
    page.close()
    page, how, errors = visit(profile, base_url)
    assert how == "snapshot"
    assert page.is_enabled('[data-game="thud"] [data-action="new"]')
    play_a_move(page)
    # Python's chance is the visitor's own, not the build's
    drawn = [run_python(page, "import random; random.getrandbits(64)")]
    tb = run_python(page, TRACEBACK)
    assert re.search(r'File "[^"]*plateau/core/record\.py", line \d+, in decode', tb), tb
    assert "RecordError" in tb
    page.close()
    page, how, _ = visit(profile, base_url)
    assert how == "snapshot"
    drawn.append(run_python(page, "import random; random.getrandbits(64)"))
    assert drawn[0] != drawn[1]
    assert not errors


def serving(body: bytes, hits: list):
    def handler(route):
        hits.append(body)
        route.fulfill(status=200, body=body, headers={"Content-Type": "application/octet-stream"})
    return handler


def test_a_damaged_snapshot_means_a_normal_start(profile, base_url, site_dir):
    page, how, _ = visit(profile, base_url, settle=True)
    page.close()
    real = next((site_dir / "static" / "vendor").glob("pyodide-snapshot-*.bin")).read_bytes()
    assert real[:4] == b"PLSN"
    length, page_size = struct.unpack("<2I", real[8:16])
    bitmap = (length + page_size - 1) // page_size
    first = 16 + (bitmap + 7) // 8  # the first page kept: Pyodide's header (magic, build id)
    wrong_runtime = real[:first] + bytes(64) + real[first + 64:]
    cases = {"not a snapshot": b"not a snapshot", "cut in half": real[: len(real) // 2],
             "cut in its header": real[:10], "a byte too many": real + b"\0",
             "another runtime's": wrong_runtime}
    for case, body in cases.items():
        hits: list[bytes] = []
        profile.route(SNAPSHOT, serving(body, hits))
        page, how, errors = visit(profile, base_url)
        assert hits, case  # the page did read that file
        assert how == "fresh", case
        read = page.evaluate("performance.getEntriesByName('plateau:snapshot-unpacked').length")
        assert read == (1 if case == "another runtime's" else 0), case  # Pyodide itself refused it
        assert page.is_enabled('[data-game="thud"] [data-action="new"]')
        play_a_move(page)
        page.evaluate("localStorage.clear()")  # the next visit opens the home page again
        page.close()
        profile.unroute(SNAPSHOT)


def test_a_snapshot_of_another_build_is_not_used(profile, base_url, site_dir):
    # The snapshot holds Plateau's modules that touch nothing of the page, imported
    # (scripts/sitebuild/snapshot.py, SNAPSHOT_PLATEAU): a build whose bundle differs must not run
    # them. Here the snapshot says it was taken with another bundle (its
    # plateau.__bundle__ rewritten, as a snapshot of the build before a deploy would
    # say): it is read and restored, then refused, and Python starts normally.
    page, how, _ = visit(profile, base_url, settle=True)
    page.close()
    page, how, _ = visit(profile, base_url)
    assert how == "snapshot"
    version = run_python(page, "import sys; sys.modules['plateau'].__bundle__")
    assert list((site_dir / "static" / "build").glob(f"plateau-{version}.bundle"))  # this build's
    assert run_python(page, "import sys; 'plateau.core.game' in sys.modules and 'plateau.web.controller' in sys.modules")
    page.close()
    real = next((site_dir / "static" / "vendor").glob("pyodide-snapshot-*.bin")).read_bytes()
    assert real.count(version.encode()) >= 1
    other = real.replace(version.encode(), b"0123456789ab")
    hits: list[bytes] = []
    profile.route(SNAPSHOT, serving(other, hits))
    warned: list[str] = []
    page = profile.new_page()
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert hits
    assert page.get_attribute("html", "data-python") == "fresh"
    # read and restored, then refused for what it holds
    assert page.evaluate("performance.getEntriesByName('plateau:snapshot-unpacked').length") == 1
    assert any("another build" in w and "0123456789ab" in w for w in warned), warned
    # the modules are this start's own (imported from the bundle, not restored)
    assert run_python(page, "import sys; getattr(sys.modules['plateau'], '__bundle__', None)") is None
    play_a_move(page)
    assert not errors
    page.close()
    profile.unroute(SNAPSHOT)


def test_nosnapshot_in_the_address_starts_python_normally(profile, base_url):
    page, how, _ = visit(profile, base_url, settle=True)
    page.close()
    page, how, _ = visit(profile, base_url + "?nosnapshot")
    assert how == "fresh"
    page.close()


def test_the_bundle_is_read_by_a_worker_or_by_the_page(profile, base_url):
    """boot.js reads the bundle in a worker (static/boot-read.mjs); a browser without
    module workers, or a worker that fails, leaves the reading to the page."""
    page, how, _ = visit(profile, base_url, settle=True)
    page.close()
    workers: list[str] = []
    profile.on("page", lambda p: p.on("worker", lambda w: workers.append(w.url)))
    page, how, errors = visit(profile, base_url)
    assert how == "snapshot" and not errors
    assert any("/boot-read-" in u for u in workers)
    page.close()
    cases = {  # (PyScript itself needs workers: only the boot's are taken away)
        "no module workers": "const W = window.Worker; window.Worker = class extends W { constructor(u, o) {"
                             " if (o && o.type === 'module') throw new TypeError('no module workers'); super(u, o); } }",
        "a worker that fails": "const W = window.Worker; window.Worker = class extends W { constructor(u, o) {"
                               " super(/boot-read-/.test(u) ? 'static/build/missing.mjs' : u, o); } }",
    }
    for case, script in cases.items():
        page = profile.new_page()
        page.add_init_script(script)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url)
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        assert page.get_attribute("html", "data-python") == "snapshot", case
        assert not errors, case
        play_a_move(page)
        page.evaluate("localStorage.clear()")
        page.close()


# a symbol of the main module looked up while Python runs (dlsym), and called
# through the function table: it gets its table slot then
LATE_SYMBOL = """
import ctypes
f = ctypes.CDLL(None).Py_GetVersion
f.restype = ctypes.c_char_p
f().decode().split()[0]
"""

GOT_SIZE = """async ([boot]) => {
  const py = await (await import(boot)).started;
  return Object.keys(py._module.GOT).length;
}"""


def test_the_linker_fills_the_main_modules_own_entries_and_links_the_rest_when_asked(profile, base_url):
    # scripts/sitebuild/runtime_patches.py RUNTIME_PATCHES: the global offset table holds the entries the
    # main module imports (~280), not one per export (~8,800 as shipped); a
    # symbol asked for later is still found and called
    page, how, errors = visit(profile, base_url, settle=True)
    for start in ("fresh", "snapshot"):
        if start == "snapshot":
            page.close()
            page, how, errors = visit(profile, base_url)
        assert how == start
        boot = page.get_attribute('script[type=module][src*="pyodide-boot-"]', "src")
        assert page.evaluate(GOT_SIZE, ["/" + boot]) < 1000
        assert run_python(page, LATE_SYMBOL).startswith("3.")
        play_a_move(page)
        page.evaluate("localStorage.clear()")
        assert not errors
    page.close()
