"""Start-up (issue 13): the home page is painted before Python ("game cards
with a picture of each board, drawn by the engine at build time as static
HTML, the buttons becoming live when Python is ready; a loading line that
means something to a player"), from the registry, so a new game needs no
hand edit; the bundle keeps Plateau's sources ("an error in Plateau's code
still names the file and line"); the standard library ships precompiled."""

from __future__ import annotations

import gzip
import io
import re
import struct
import xml.etree.ElementTree as ET
import zipfile
from html.parser import HTMLParser

from harness import READY, new_visitor

from plateau.core.registry import GAMES as _REGISTRY

# the games the site ships: the registry less what the tests add to it (tests/core registers a toy game)
GAMES = {gid: mod for gid, mod in _REGISTRY.items() if mod.startswith("plateau.games.")}


VOID = {"img", "br", "hr", "input", "link", "meta", "source"}


class Cards(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.games: list[str] = []
        self.pictures: dict[str, list[str]] = {}  # game: the tags of its card's picture
        self.ids: list[str] = []
        self.disabled: list[bool] = []
        self.loading = ""
        self._in_loading = False
        self._picture: list[str] | None = None
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"])
        if self._picture is not None:
            self._picture.append(tag)
        if tag == "section" and "game-card" in (a.get("class") or ""):
            self.games.append(a["data-game"])
        if tag == "div" and "card-picture" in (a.get("class") or "").split() and self.games:
            self._picture = self.pictures[self.games[-1]] = []
            self._depth = 0
        if self._picture is not None:
            self._depth += tag not in VOID  # an <img> has no end tag
            self._picture.append(" ".join(f"{k}={v}" for k, v in attrs))
        if tag == "button":
            self.disabled.append("disabled" in a)
        self._in_loading = a.get("id") == "loading-text"

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if self._picture is not None:
            self._depth -= 1
            if self._depth == 0:
                self._picture = None

    def handle_data(self, data):
        if self._in_loading:
            self.loading += data


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_static_home_page_lists_every_game_of_the_registry(site_dir):
    page = Cards()
    page.feed((site_dir / "index.html").read_text(encoding="utf-8"))
    assert page.games == list(GAMES)
    assert set(page.pictures) == set(GAMES)
    for gid, tags in page.pictures.items():
        # a picture of the board drawn at build time: decoded off the page's thread, nothing to lay out
        assert tags[1] == "img", gid
        attrs = dict(a.split("=", 1) for a in tags[2].split(" "))
        src = attrs["src"]
        assert re.fullmatch(rf"static/build/card-{gid}-[0-9a-f]{{12}}\.png", src), src
        assert attrs["alt"] == ""  # decorative: the card's heading names the game
        data = (site_dir / src).read_bytes()
        assert png_size(data) == (int(attrs["width"]), int(attrs["height"])) and attrs["height"] == "288"
        # a board, not an empty frame: many colours (the pictures are written with a palette of 128)
        from PIL import Image

        with Image.open(io.BytesIO(data)) as picture:
            assert len(picture.convert("RGBA").getcolors(1 << 16) or ()) > 16, gid
    assert len(page.ids) == len(set(page.ids))
    assert page.disabled and all(page.disabled)  # alive only once Python is ready
    assert page.loading.strip() == "Préparation des jeux…"


def test_card_pictures_are_the_opening_boards_without_words_or_controls():
    # what the build turns into the cards' pictures (scripts/prerender.py)
    import prerender

    for gid in GAMES:
        svg = prerender.picture(gid)
        root = ET.fromstring(svg)
        tags = [el.tag.rpartition("}")[2] for el in root.iter()]
        assert "text" not in tags and "title" not in tags, gid  # words would be specks, and one language
        assert len(tags) > 20, gid
        assert not any(k.startswith("data-") or k in ("tabindex", "role") for el in root.iter() for k in el.attrib)
        assert root.get("viewBox"), gid


def test_the_bundle_keeps_sources_beside_bytecode_and_the_stdlib_is_precompiled(site_dir):
    bundle = next((site_dir / "static" / "build").glob("plateau-[0-9a-f]*.bundle"))
    names = set(zipfile.ZipFile(io.BytesIO(gzip.decompress(bundle.read_bytes()))).namelist())
    py = {n for n in names if n.startswith("plateau/") and n.endswith(".py")}
    assert "plateau/web/app.py" in py
    for n in py:  # the source (for tracebacks) and the bytecode (what is loaded)
        parent, _, stem = n.rpartition("/")
        assert any(re.fullmatch(re.escape(f"{parent}/__pycache__/{stem[:-3]}.") + r"cpython-3\d+\.pyc", m)
                   for m in names), n
    stdlib = next((site_dir / "static" / "vendor").glob("pyodide-*/python_stdlib.zip"))
    std = zipfile.ZipFile(stdlib)
    assert std.testzip() is None  # each entry inflates to what its CRC says (scripts/sitebuild/compress.py, zip_best)
    names = std.namelist()
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names
    assert sum(n.endswith(".pyc") for n in names) > 10 * sum(n.endswith(".py") for n in names)


def test_the_runtime_and_pyscript_core_ask_for_eager_compilation(site_dir):
    # Chromium compiles a script marked so while streaming it, off the page's
    # thread; only the files whose functions nearly all run at the start carry it
    vendor = site_dir / "static" / "vendor"
    marked = [next(vendor.glob("pyodide-*/pyodide.asm.mjs")), next(vendor.glob("pyodide-*/pyodide.asm.js")),
              next(vendor.glob("pyodide-*/pyodide.mjs")), next(vendor.glob("pyscript-*/core-*.js"))]
    for path in marked:
        assert path.read_bytes().startswith(b"//# allFunctionsCalledOnLoad\n"), path.name
    others = [p for p in vendor.glob("pyscript-*/*.js") if p not in marked]
    assert others and not any(p.read_bytes().startswith(b"//# allFunctionsCalledOnLoad") for p in others)


def test_the_page_runs_the_runtimes_classic_script_made_from_its_module(site_dir, page, base_url):
    # scripts/sitebuild/runtime_patches.py, CLASSIC_RUNTIME: Chromium reads a classic script's kept compiled code
    # back at the next visit, not that of a module loaded with import(); the page loads the
    # runtime's JavaScript as a classic script, the same code as the module node imports
    folder = next((site_dir / "static" / "vendor").glob("pyodide-*/"))
    module = (folder / "pyodide.asm.mjs").read_text(encoding="utf-8")
    classic = (folder / "pyodide.asm.js").read_text(encoding="utf-8")
    assert "import.meta" not in classic and "export default" not in classic
    hint = "//# allFunctionsCalledOnLoad\n"
    assert module.startswith(hint)
    assert classic == hint + '"use strict";' + (module[len(hint):]
                                                .replace("export default _createPyodideModule;",
                                                         "globalThis.__plateauCreatePyodideModule=_createPyodideModule;")
                                                .replace("import.meta.url", "globalThis.__plateauAsmURL"))
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    names = page.evaluate("performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    asm = [n for n in names if n.rpartition("/")[2].startswith("pyodide.asm.")]
    assert set(asm) == {"/" + (folder / n).relative_to(site_dir).as_posix()
                        for n in ("pyodide.asm.js", "pyodide.asm.wasm")}, asm
    assert page.locator(f'script:not([type])[src$="/{folder.name}/pyodide.asm.js"]').count() >= 1
    # the offline cache holds what the page loads, not the module (node's only)
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert f"{folder.name}/pyodide.asm.js" in sw and "pyodide.asm.mjs" not in sw


def test_pyscripts_core_is_preloaded_and_fetched_once(site_dir, page, base_url):
    # scripts/sitebuild/pages.py, core_modules: the page names PyScript's core and the chunk it imports
    # as module preloads, so that they are fetched and compiled before the home page's paint
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="(static/vendor/pyscript-[^"]+)">', index)
    core = next(p for p in preloaded if p.endswith("/core.js"))
    imported = re.findall(r'from\s*"\./([\w.-]+)"', (site_dir / core).read_text(encoding="utf-8"))
    assert imported and sorted(preloaded) == sorted([core] + [core.rpartition("/")[0] + "/" + n for n in imported])
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    names = page.evaluate("performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    for path in preloaded:
        assert names.count("/" + path) == 1, (path, names)


def test_home_is_painted_before_python_then_comes_alive(browser, base_url):
    ctx = browser.new_context(service_workers="block")
    held = []
    ctx.route(re.compile(r".*/static/build/plateau-[0-9a-f]+\.bundle$"), lambda route: held.append(route))
    page = ctx.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    page.wait_for_function("[...document.querySelectorAll('#app .prerendered .game-card .card-picture img')]"
                           f".filter(i => i.complete && i.naturalWidth > 0).length == {len(GAMES)}")
    assert page.evaluate("document.querySelectorAll('#app svg').length") == 0  # pictures, not drawings to lay out
    drawn = page.eval_on_selector('#app .prerendered [data-game="thud"] .card-picture img',
                                  "s => { const r = s.getBoundingClientRect(); return [r.width, r.height]; }")
    assert drawn[0] > 100 and drawn[1] > 100
    # every picture fits its frame, whole (contained, not cut)
    fits = page.eval_on_selector_all("#app .prerendered .card-picture", """els => els.map(d => {
        const a = d.getBoundingClientRect(), i = d.querySelector('img'), b = i.getBoundingClientRect();
        return b.width > 0 && b.width <= a.width + 1 && b.height <= a.height + 1
          && getComputedStyle(i).objectFit === 'contain'; })""")
    assert all(fits) and len(fits) == len(GAMES)
    # Python cannot be ready: its bundle is held
    assert not page.evaluate("document.documentElement.hasAttribute('data-ready')")
    assert page.is_visible('#app .prerendered [data-game="thud"] h3')
    assert page.is_disabled('#app .prerendered [data-game="thud"] [data-action="new"]')
    assert page.inner_text("#loading-text") == "Préparation des jeux…"
    cards = page.eval_on_selector_all("#app .prerendered .game-card", "els => els.map(e => e.dataset.game)")
    assert cards == list(GAMES)
    while not held:
        page.wait_for_timeout(100)
    for r in held:
        r.continue_()
    ctx.unroute(re.compile(r".*/static/build/plateau-[0-9a-f]+\.bundle$"))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.locator("#app .prerendered").count() == 0
    assert not page.is_disabled('[data-game="thud"] [data-action="new"]')
    # Python's home screen shows the very pictures the page brought (moved, not fetched again)
    assert page.locator('[data-game="thud"] .card-picture img').count() == 1
    assert page.locator(".card-picture img").count() == len(GAMES)
    page.click('[data-game="thud"] [data-action="rules"]')
    page.click("header.top .brand")
    page.wait_for_selector('[data-game="thud"] .card-picture img')
    assert page.locator(".card-picture img").count() == len(GAMES)
    assert page.locator("#loading").count() == 0
    ctx.close()


def test_home_in_english_before_python_and_hidden_when_a_game_opens(browser, base_url):
    ctx = browser.new_context(service_workers="block", java_script_enabled=True)
    ctx.route(re.compile(r".*/static/build/plateau-[0-9a-f]+\.bundle$"), lambda route: None)  # Python never starts
    ctx.add_init_script("localStorage.setItem('plateau:v1:settings', JSON.stringify({lang: 'en'}))")
    page = ctx.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    assert page.inner_text("#loading-text") == "Preparing the games…"
    assert page.inner_text('#app .prerendered [data-game="troy"] h3') == "The Trojan Horse"
    assert page.inner_text('#app .prerendered [data-game="thud"] [data-action="new"]') == "New game"
    page.goto(base_url + "index.html#g=anything", wait_until="domcontentloaded")  # a shared game: no home page flash
    assert not page.is_visible("#app .prerendered")
    assert page.is_visible("#loading-text")
    ctx.close()


def test_the_start_throws_no_errors_of_its_own(browser, base_url):
    # Every exception thrown during a start builds an error and a message (a few
    # microseconds each, and the source positions of the function that threw):
    # the runtime's linker as shipped tried each of its ~260 JavaScript imports
    # in the function table first (a TypeError each), and writing the bundle
    # folder by folder for every file threw ~1,200 "exists" errors. Both are
    # gone (scripts/sitebuild/runtime_patches.py RUNTIME_PATCHES, static/pyodide-boot.mjs install).
    # The file lookups the runtime's writeFile makes (ENOENT, caught inside it)
    # remain, and the runtime's own few folders.
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    thrown = []

    def paused(ev):
        frames = [f["functionName"] for f in ev["callFrames"][:8]]
        thrown.append(((ev.get("data") or {}).get("className"), frames))
        cdp.send("Debugger.resume")

    cdp.on("Debugger.paused", paused)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.setPauseOnExceptions", {"state": "all"})
    page.goto(base_url + "?nosnapshot")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    cdp.send("Debugger.setPauseOnExceptions", {"state": "none"})
    table = [f for cls, f in thrown if cls == "TypeError" and "setWasmTableEntry" in f]
    # "exists": thrown by mknod itself (a lookup that finds nothing throws from lookup)
    folders = [f for cls, f in thrown if cls == "ErrnoError" and f[0] == "mknod" and "install" in f]
    assert thrown, "the debugger saw no exception at all: the check would not see these either"
    assert table == [] and folders == [], (len(table), len(folders))
    ctx.close()


PY_AT_READY = """async () => {
  const py = await (await import(document.querySelector('script[type=module][src*="pyodide-boot-"]').src)).started;
  const before = py.runPython("import sys; sorted(m for m in sys.modules if m.split('.')[0] == 'pyscript')").toJs();
  const after = py.runPython("import pyscript; [pyscript.document.title, pyscript.RUNNING_IN_WORKER]").toJs();
  return [before, after];
}"""


def test_pyscripts_own_package_comes_in_the_bundle_and_is_imported_only_when_asked(browser, base_url, site_dir):
    # scripts/sitebuild/runtime_patches.py CORE_PATCHES: PyScript's core wrote its Python package (pyscript/*.py)
    # from Python at every start (20-80 ms) and imported it there and then (~30 ms of the
    # page's thread, for a package Plateau does not use); the bundle now holds the package,
    # which is imported at its first use, and works then
    core = next((site_dir / "static" / "vendor").glob("pyscript-*/core-*.js")).read_text(encoding="utf-8")
    assert "from pathlib import Path as _Path" not in core and "import pyscript as _pyscript" not in core
    ctx, page, errors = new_visitor(browser)
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    before, after = page.evaluate(PY_AT_READY)
    assert before == [], before
    assert after == ["Plateau", False], after
    assert not errors, errors
    ctx.close()
