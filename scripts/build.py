"""Assemble the publishable site into ``site/``.

    python3 scripts/build.py [--out site] [--bench]

Needs ``npm ci`` to have filled ``node_modules/`` (the pinned runtime), the
svgwrite wheel in ``static/vendor/`` and resvg-py (``requirements-build.txt``);
``scripts/setup.sh`` does all three.
The result is a folder of static files: upload it as it is to any web host.

Every file the page loads has a name that changes with its content, and
``sw.js`` lists them all with their SHA-256 (its cache is named from that
list), so a visitor's browser never pairs files of two builds:

* ``static/vendor/pyscript-<hash>/`` and ``static/vendor/pyodide-<v>-<hash>/``:
  the runtime, copied from ``node_modules`` (only the files the page loads),
  its standard library trimmed to the modules the site can import and
  precompiled to bytecode by the vendored Pyodide under node
  (``python_stdlib.zip`` then holds ``.pyc`` files only: STDLIB_PY), the
  modules the start does not import apart from it
  (``static/build/stdlib-later-<hash>.zip``, fetched once the app is ready),
  its lock file without Pyodide's package list;
* ``static/build/plateau-<hash>.bundle``: the ``plateau`` package (its
  bytecode in ``__pycache__``, an empty file in each source's place), svgwrite
  (its wheel's files, the same way) and the games index of the home screen,
  as a gzip-compressed zip; written into the interpreter's home by the boot
  module; ``game-<gid>-<hash>.bundle``: each game's package and its
  ``boards/`` files, the same way, fetched when the game is first needed or
  in the background once the app is ready; ``plateau-src-<hash>.bundle``:
  the sources of all those modules, for tracebacks, fetched once the app is
  ready;
* ``static/vendor/pyodide-snapshot-<hash>.bin``: the runtime's memory once
  started, which the boot module restores on later visits, and
  ``static/build/pyodide-boot-<hash>.mjs``, that module (PyScript's
  interpreter), with ``boot-read-<hash>.mjs``, which reads the bundle in a
  worker;
* ``index.html`` (the home screen already drawn, as static HTML, with
  each game's opening board drawn by the engine on its card: the drawing
  made a picture, ``static/build/card-<game>-<hash>.png``),
  ``pyscript-<hash>.json`` (from pyscript.toml), ``static/*`` (as ``?v=<hash>``) and ``sw.js``;
* ``static/vendor/qrcode-generator-<v>/`` and ``static/vendor/jsqr-<v>/``: club mode's QR libraries
  (CLUB_VENDOR: drawn and read in the page, never fetched from another site);
* with ``--bench``: ``bench/bare.html``, the baseline of bench/browser.py.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import html
import io
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = [
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json", "package.json",
]
SVGWRITE_WHEEL = "svgwrite-1.4.3-py3-none-any.whl"
ZIP_DATE = (2024, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same zip


def fail(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr)
    sys.exit(1)


# Compiles Python sources to the bytecode of the vendored Pyodide, run by node
# (the set-up's npm already needs it): the browser then loads .pyc files
# instead of compiling every module at each start.
PYC_JS = r"""
const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR });
// the modules the runtime's own start imported (before anything below)
py.globals.set("RUNTIME_START", py.runPython("import sys; sorted(sys.modules)"));
py.globals.set("STDLIB_PY", process.env.PLATEAU_STDLIB_PY);
py.globals.set("STDLIB_CFG", process.env.PLATEAU_STDLIB_CFG);
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_PYC_SRC }, "/src");
py.FS.mkdirTree("/std");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_PYC_STD }, "/std");
const ok = py.runPython(`
import compileall, py_compile, sys
exec(STDLIB_PY)
checked = py_compile.PycInvalidationMode.CHECKED_HASH
# Plateau's modules and svgwrite: unchecked, without docstrings (STDLIB_PY)
ours = compile_without_docstrings("/src", "/home/pyodide", skip="/src/pyscript/")
# PyScript's own package, which PyScript writes from its core at every start: checked against the
# sources it writes (a mismatch only means Python compiles them, as it would without these)
ours = compileall.compile_dir("/src/pyscript", ddir="/home/pyodide/pyscript", quiet=1, workers=1,
                              invalidation_mode=checked) and ours
# the standard library: the modules the site can import (STDLIB_PY), x.pyc beside x.py
std = stdlib_for_the_site(list(RUNTIME_START))
ours and std
`);
process.stdout.write(py.runPython("import sys; sys.implementation.cache_tag") + (ok ? "" : " errors") + "\n");
"""
PYODIDE_TAG = ""

# The standard library the site ships: only the modules it can import (a first
# visit downloads the whole zip before the app is ready; Pyodide's one holds
# 568 files, 4.5 MB as bytecode). Found at build time, in the vendored Pyodide
# under node, by following every import statement (at any depth: an import
# inside a function counts) from Plateau's modules, svgwrite, PyScript's
# package, main.py, the modules the runtime's own start imports and
# STDLIB_ENTRIES. Left out, and not followed (STDLIB_LEAVE_OUT): what only
# tools and programs reach — the REPL, debugger, help, test runners, command
# lines, subprocesses, servers and network clients, archives, mail. A module a
# kept one imports only inside a function of such a tool is then missing,
# which raises ImportError where that tool would be used; no module kept imports
# one left out at its top (tests/browser/test_stdlib.py imports every kept
# module in the trimmed runtime). Each module ships as bytecode without its
# docstrings (as ``python -OO`` leaves them; asserts kept), but Pyodide's own
# packages, which read docstrings to document JavaScript objects.
STDLIB_ENTRIES = (
    # what the snapshot imports (SNAPSHOT_IMPORTS) and what Python imports by name
    "hmac", "html", "html.entities", "ipaddress", "secrets", "urllib.parse", "xml.etree.ElementTree",
    "xml.etree.ElementPath", "stringprep",
    "encodings.aliases", "encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig",
    "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32",
    "encodings.utf_32_le", "encodings.utf_32_be", "encodings.cp437", "encodings.charmap",
    "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.idna", "encodings.punycode",
    # the browser tests' check of the runtime's linker (tests/browser/test_snapshot.py)
    # calls a function of the runtime found through it
    "ctypes",
    # Pyodide's Python API (its start imports most of it; pyodide.http is pyfetch)
    "_pyodide", "pyodide", "pyodide.ffi", "pyodide.code", "pyodide.http", "pyodide.webloop",
)
STDLIB_LEAVE_OUT = (
    "_pyrepl", "pdb", "bdb", "pydoc", "doctest", "unittest", "code", "cmd", "rlcompleter", "pyodide.console",
    "argparse", "getopt", "runpy", "modulefinder", "py_compile", "compileall", "platform",
    "multiprocessing", "concurrent.interpreters", "concurrent.futures.process",
    "concurrent.futures.interpreter", "asyncio.windows_events", "asyncio.windows_utils", "ctypes.wintypes",
    "encodings._win_cp_codecs", "http", "email", "importlib.metadata", "socketserver",
    "xmlrpc", "ftplib", "netrc", "webbrowser", "mimetypes", "tarfile", "plistlib", "pickle", "tracemalloc",
    # svgwrite's pretty printer (not used: Plateau writes compact SVG)
    "xml.dom",
    # the pure-Python twins of modules the runtime has built in (_datetime, _abc)
    "_pydatetime", "_py_abc",
)
# Modules of the standard library the site replaces by its own: imported at the
# top of modules the site uses, for helpers it never calls. urllib.request (a
# network client, with http.client, email and ssl behind it: 0.3 MB) is imported
# by svgwrite (a web-font helper) and xml.sax.saxutils (parsing from a URL);
# the stand-in has the names they import, which raise when called.
STDLIB_STANDINS = {
    "urllib/request.py": '''"""urllib.request is not part of this site's standard library (a network
client the page has no use for; scripts/build.py, STDLIB_STANDINS): its
functions raise ModuleNotFoundError when called."""


def _missing(*args, **kwargs):
    raise ModuleNotFoundError("urllib.request is not part of this site's standard library",
                              name="urllib.request")


urlopen = urlretrieve = build_opener = install_opener = pathname2url = url2pathname = _missing
getproxies = _missing


class Request:
    def __init__(self, *args, **kwargs):
        _missing()
''',
}
STDLIB_PY = r"""
import ast, importlib.util, json, modulefinder, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc


class _NoDocstrings(ast.NodeTransformer):
    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def _code(source, path, filename, docstrings=False):
    tree = ast.parse(source, path)
    if not docstrings:
        tree = ast.fix_missing_locations(_NoDocstrings().visit(tree))
    return compile(tree, filename, "exec", dont_inherit=True)


# each module under root as unchecked-hash bytecode in __pycache__, named as
# under ddir (where the page puts it), without its docstrings
def compile_without_docstrings(root, ddir, skip):
    ok = True
    for folder, _, files in sorted(os.walk(root)):
        if "__pycache__" in folder or (folder + "/").startswith(skip):
            continue
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(folder, f)
            with open(path, "rb") as fh:
                source = fh.read()
            try:
                code = _code(source, path, ddir + path[len(root):])
            except SyntaxError:
                ok = False
                continue
            cache = importlib.util.cache_from_source(path)
            os.makedirs(os.path.dirname(cache), exist_ok=True)
            with open(cache, "wb") as fh:
                fh.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return ok


def stdlib_for_the_site(runtime_start):
    cfg = json.loads(STDLIB_CFG)
    finder = modulefinder.ModuleFinder(path=["/src", "/std"], excludes=cfg["leave_out"])
    for root, _, files in os.walk("/src"):
        for f in sorted(files):
            if f.endswith(".py") and "__pycache__" not in root:
                mod = os.path.join(root, f)[len("/src/"):-3].replace("/", ".")
                finder.import_hook(mod[:-len(".__init__")] if mod.endswith(".__init__") else mod)
    with open("/tmp/plateau-main.py", "w", encoding="utf-8") as out:
        out.write(cfg["main"])
    finder.run_script("/tmp/plateau-main.py")
    for name in runtime_start + cfg["entries"]:
        if name not in cfg["leave_out"]:
            try:
                finder.import_hook(name)
            except ImportError:  # a built-in module (sys, _io...) or one left out
                pass
    keep = sorted(m for m, v in finder.modules.items() if (v.__file__ or "").startswith("/std/"))
    zip_path = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    ok = True
    for name in keep:
        path = finder.modules[name].__file__
        with open(path, "rb") as f:
            source = f.read()
        try:
            code = _code(source, path, zip_path + path[len("/std"):],
                         docstrings=name.split(".")[0] in ("_pyodide", "pyodide"))
        except SyntaxError:
            ok = False
            continue
        with open(path + "c", "wb") as f:
            f.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    files = {m: v.__file__ for m, v in finder.modules.items() if v.__file__}
    start = start_closure(runtime_start + cfg["start"] + sorted(_top_imports(cfg["main"], "__main__", False)),
                          files)
    with open("/std/.plateau-keep.json", "w") as f:
        json.dump({"keep": keep, "start": sorted(m for m in keep if m in start)}, f)
    return ok


# the modules a module's top imports as it runs (its functions' imports aside:
# they run later, if ever); relative imports resolved from ``name``
def _top_imports(source, name, is_package):
    out = set()
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if is_package else name.split(".")[:-1]
                base = ".".join(parts[:len(parts) - node.level + 1])
                mod = base + ("." + node.module if node.module else "") if base else (node.module or "")
            else:
                mod = node.module or ""
            if mod:
                out.add(mod)
                out.update(f"{mod}.{a.name}" for a in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return out


# every module imported, at any depth, when ``roots`` are imported and their
# tops run (each package's parents first)
def start_closure(roots, files):
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        path = files.get(name)
        if not path or not path.endswith(".py"):
            continue
        with open(path, "rb") as f:
            todo.extend(_top_imports(f.read(), name, path.endswith("__init__.py")))
    return seen
"""

# The standard library modules the app imports beyond what Pyodide's own start
# does (the home screen, a game resumed: svgwrite's xml.etree), imported before
# the snapshot is taken. urllib.request is the site's stand-in (STDLIB_STANDINS).
SNAPSHOT_IMPORTS = ("import hmac, html, html.entities, ipaddress, secrets, urllib.parse, "
                    "xml.etree.ElementTree, xml.etree.ElementPath")
# svgwrite, which every board is drawn with, is a pinned wheel: imported in
# the snapshot with its submodules, and one drawing of each kind of element
# Plateau uses made, so the first board of a visit is drawn without importing
# it or compiling its regular expressions.
SNAPSHOT_WARM = """
import gc, importlib, os, sys
if "" not in sys.path:
    sys.path.insert(0, "")
import svgwrite
base = os.path.dirname(svgwrite.__path__[0])
for folder, _, files in sorted(os.walk(svgwrite.__path__[0])):
    for f in sorted(files):
        if f.endswith(".py") and f != "__init__.py":
            importlib.import_module(os.path.relpath(os.path.join(folder, f[:-3]), base).replace(os.sep, "."))
d = svgwrite.Drawing(size=("100%", "100%"), debug=False, profile="full")
g = d.add(d.g(class_="x", transform="translate(1,2) rotate(30)"))
g.add(d.rect((0, 0), (10, 10), fill="#abc", stroke="rgb(1,2,3)", stroke_width=1.5, rx=2, opacity=0.5))
g.add(d.circle((5, 5), 4, fill="none", stroke_dasharray="2 1"))
g.add(d.line((0, 0), (3, 4), stroke="black"))
g.add(d.polygon([(0, 0), (1, 1), (2, 0)], fill="red"))
g.add(d.path(d="M0 0L1 1Z", fill="url(#p)"))
g.add(d.text("x", insert=(1, 2), font_size=12, text_anchor="middle"))
g.add(d.use("#p", insert=(1, 1)))
d.defs.add(d.linearGradient(id="lg"))
d.tostring()
del d, g, folder, files, f, base
gc.collect()
"""

# Plateau's modules the home screen imports that touch nothing of the page (no
# ``js`` at their top): the engine's core (the game protocol, records, the
# registry, words) and the web layer's own logic (the controller, sessions,
# saving, club mode's messages, the catalogue of sentences). Imported before
# the snapshot is taken, their classes (dataclasses write and compile their
# methods at import) are made once at build time instead of at every start.
# The modules that reach the page at import (dom.py and those that import it)
# are imported by main.py after the restore. The snapshot then belongs to this
# build's bundle: ``plateau.__bundle__`` holds the bundle's version, and the
# boot module starts Python normally when it is not its own
# (static/pyodide-boot.mjs, snapshotOfThisBuild). Only the games' modules,
# never imported by the home screen, stay out (a snapshot with the whole engine
# and its games measured no faster: 4.7 MB bigger).
SNAPSHOT_PLATEAU = ("plateau.core", "plateau.core.registry", "plateau.core.i18n", "plateau.web.messages",
                    "plateau.web.startup", "plateau.web.markdown", "plateau.web.view", "plateau.web.store",
                    "plateau.web.session", "plateau.web.controller", "plateau.web.club",
                    "plateau.web.lazy_files")
SNAPSHOT_PLATEAU_PY = """
import importlib, sys
if "" not in sys.path:
    sys.path.insert(0, "")
for name in NAMES.split():
    importlib.import_module(name)
sys.modules["plateau"].__bundle__ = BUNDLE
del importlib, name
"""

# Boots the site's runtime (precompiled standard library) once under node and
# prints nothing but writes the memory snapshot of the started interpreter
# (pyodide 314's `_makeSnapshot` / `makeMemorySnapshot`). Every source of
# chance and time the start reads is fixed first, so the same runtime gives
# the same bytes (the site's files are content-named): the page reseeds
# Python's `random` after restoring. PYTHONHASHSEED=0 for the same reason.
SNAPSHOT_JS = r"""
import fs from "fs";
import nodeCrypto from "crypto";
let seed = 1;
const fill = (a) => {
  const u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (let i = 0; i < u.length; i++) { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; u[i] = seed >>> 24; }
  return a;
};
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill });
nodeCrypto.randomFillSync = fill;
let clock = 0;
performance.now = () => (clock += 0.001);
let tick = 0;
Date.now = () => Date.UTC(2024, 0, 1) + tick++;
const dir = process.env.PLATEAU_PYODIDE_DIR;
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + dir).href);
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.runPython(process.env.PLATEAU_SNAPSHOT_IMPORTS);
// Plateau's bundle (svgwrite and Plateau's modules) written where the page
// puts it; svgwrite imported whole, and one drawing made so that the regular
// expressions it compiles on first use are compiled already; Plateau's
// modules that touch nothing of the page imported (SNAPSHOT_PLATEAU)
const files = JSON.parse(fs.readFileSync(process.env.PLATEAU_SNAPSHOT_FILES, "utf8"));
const home = py.FS.cwd();
for (const [name, b64] of Object.entries(files)) {
  const path = `${home}/${name}`;
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, Buffer.from(b64, "base64"));
}
py.runPython(process.env.PLATEAU_SNAPSHOT_WARM);
if (process.env.PLATEAU_SNAPSHOT_PLATEAU) {
  py.globals.set("NAMES", process.env.PLATEAU_SNAPSHOT_PLATEAU);
  py.globals.set("BUNDLE", process.env.PLATEAU_SNAPSHOT_BUNDLE);
  py.runPython(process.env.PLATEAU_SNAPSHOT_PLATEAU_PY);
  py.runPython("del NAMES, BUNDLE; import gc; gc.collect()");
}
fs.writeFileSync(process.env.PLATEAU_SNAPSHOT_OUT, py.makeMemorySnapshot());
"""


@functools.cache
def pyscript_sources() -> dict[str, str]:
    """PyScript's Python package as its core would write it into the
    interpreter's home at every start (``pyscript/*.py``, from the npm
    package's stdlib artifact; the bundle holds it instead, CORE_PATCHES);
    empty if it cannot be read."""
    import subprocess

    art = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    js = (f"const m = await import({json.dumps(art.as_uri())});"
          "process.stdout.write(JSON.stringify(m.default));")
    try:
        run = subprocess.run(["node", "--input-type=module", "-e", js], capture_output=True, text=True, timeout=60)
        tree = json.loads(run.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return {}
    out = {}

    def walk(base: str, node: dict) -> None:
        for k, v in node.items():
            if isinstance(v, str):
                if k.endswith(".py"):
                    out[f"{base}/{k}"] = v
            else:
                walk(f"{base}/{k}", v)
    walk("", tree)
    return {k.lstrip("/"): v for k, v in out.items()}


def precompile(files: list[tuple[Path, str]]) -> tuple[dict[str, bytes], tuple[bytes, bytes]]:
    """Bytecode of the bundle's modules (keyed by their source's name), of
    svgwrite, whose wheel ships sources only (keyed by its ``__pycache__``
    name), both unchecked-hash (used whatever the dates of the unpacked
    files), and the vendored standard library with every module as its
    bytecode alone (a new ``python_stdlib.zip``). Empty when node or the
    vendored Pyodide cannot run: the site then ships sources and still works."""
    global PYODIDE_TAG
    import subprocess
    import tempfile

    pyo = ROOT / "node_modules" / "pyodide"
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    with tempfile.TemporaryDirectory(prefix="plateau-pyc-") as tmp:
        src = Path(tmp) / "src"
        std = Path(tmp) / "std"
        src.mkdir()
        names = {}
        for p, name in files:
            if name.endswith(".py"):
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(p, src / name)
                names[name] = True
        if wheel.is_file():
            with zipfile.ZipFile(wheel) as w:
                for name in w.namelist():
                    if name.startswith("svgwrite/") and name.endswith(".py"):
                        (src / name).parent.mkdir(parents=True, exist_ok=True)
                        (src / name).write_bytes(w.read(name))
                        names[name] = False
        for name, text in pyscript_sources().items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_text(text, encoding="utf-8")
            names[name] = False
        with zipfile.ZipFile(pyo / "python_stdlib.zip") as z:
            z.extractall(std)
            std_names = z.namelist()
        for name, text in STDLIB_STANDINS.items():
            (std / name).write_text(text, encoding="utf-8")
        env = {**os.environ, "PLATEAU_PYODIDE_MJS": (pyo / "pyodide.mjs").as_uri(),
               "PLATEAU_PYODIDE_DIR": str(pyo) + "/", "PLATEAU_PYC_SRC": str(src), "PLATEAU_PYC_STD": str(std),
               "PLATEAU_STDLIB_PY": STDLIB_PY, "PLATEAU_STDLIB_CFG": stdlib_config()}
        try:
            run = subprocess.run(["node", "--input-type=module", "-e", PYC_JS], env=env, cwd=tmp,
                                 capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f"build: no precompiled bytecode (node: {e}); the browser will compile the sources",
                  file=sys.stderr)
            return {}, (b"", b"")
        tag = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
        if run.returncode != 0 or not tag.startswith("cpython-"):
            print(f"build: no precompiled bytecode ({(run.stderr or run.stdout).strip()[-300:]})", file=sys.stderr)
            return {}, (b"", b"")
        if tag.endswith(" errors"):
            tag = tag.split()[0]
            print("build: some modules did not compile to bytecode (sources kept)", file=sys.stderr)
        PYODIDE_TAG = tag + ":" + json.loads((pyo / "package.json").read_text())["version"]
        out = {}
        for name, ours in names.items():
            parent, _, stem = name.rpartition("/")
            pyc = src / parent / "__pycache__" / f"{stem[:-3]}.{tag}.pyc"
            if pyc.is_file():
                out[f"{parent}/__pycache__/{stem[:-3]}.{tag}.pyc"] = pyc.read_bytes()
        found = json.loads((std / ".plateau-keep.json").read_text())
        keep, start = set(found["keep"]), set(found["start"])
        return out, (stdlib_zip(std, [n for n in std_names if stdlib_module(n) in start]),
                     stdlib_zip(std, [n for n in std_names if stdlib_module(n) in keep - start]))


def stdlib_config() -> str:
    """What STDLIB_PY follows and leaves out, as JSON (main.py's text included),
    and what the start imports beside the runtime's own start and main.py: the
    snapshot's modules (SNAPSHOT_IMPORTS, svgwrite's, SNAPSHOT_PLATEAU)."""
    snap = [n.strip() for n in SNAPSHOT_IMPORTS.removeprefix("import ").split(",")]
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    svg = []
    if wheel.is_file():
        with zipfile.ZipFile(wheel) as w:
            svg = [stdlib_module(n) for n in w.namelist() if n.startswith("svgwrite/") and n.endswith(".py")]
    return json.dumps({"entries": list(STDLIB_ENTRIES), "leave_out": list(STDLIB_LEAVE_OUT),
                       "start": snap + svg + list(SNAPSHOT_PLATEAU),
                       "main": (ROOT / "static" / "main.py").read_text(encoding="utf-8")})


def stdlib_module(name: str) -> str | None:
    """The module a file of the standard library zip holds (``a/b/__init__.py``:
    ``a.b``; ``a/b.py``: ``a.b``), None for other files."""
    if not name.endswith(".py"):
        return None
    mod = name[:-3].replace("/", ".")
    return mod[:-len(".__init__")] if mod.endswith(".__init__") else mod


def stdlib_zip(std: Path, names: list[str]) -> bytes:
    """The standard library zip again, with the modules ``names`` lists, each
    that compiled as its ``.pyc`` alone (zipimport loads it without parsing
    anything); a module that did not compile keeps its source. Each entry is
    deflated on its own, as zipimport reads them (a zip stored and gzipped as
    a whole is 0.1 MB smaller, but inflating 4 MB in the page took 40-150 ms
    of its thread at every start), by ``zip_best``."""
    files = []
    for name in names:
        if name.endswith("/"):
            continue
        data_name = name
        if name.endswith(".py") and (std / (name + "c")).is_file():
            data_name = name + "c"
        files.append((data_name, (std / data_name).read_bytes()))
    return zip_best(files)


def zip_best(files: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``files`` whose entries are deflated as small as the build
    can (libdeflate's strongest level, ``deflate_best``; zlib's level 9
    without it): 49 kB less than zlib for the standard library. Stored when
    deflating does not help. Dates fixed (ZIP_DATE): the same files give the
    same bytes."""
    import struct
    import zlib

    y, mo, d, h, mi, se = ZIP_DATE
    dos_date, dos_time = ((y - 1980) << 9) | (mo << 5) | d, (h << 11) | (mi << 5) | (se // 2)
    out, central = bytearray(), bytearray()
    for name, data in files:
        raw_name = name.encode("utf-8")
        packed = deflate_best(data)
        method = 8
        if len(packed) >= len(data):
            packed, method = data, 0
        crc = zlib.crc32(data)
        at = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0x800, method, dos_time, dos_date, crc, len(packed),
                           len(data), len(raw_name), 0) + raw_name + packed
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0x800, method, dos_time, dos_date, crc,
                               len(packed), len(data), len(raw_name), 0, 0, 0, 0, 0, at) + raw_name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(files), len(files), len(central), len(out), 0)
    return bytes(out + central + end)


def _libdeflate():
    """The ``deflate`` package (libdeflate, requirements-build.txt), None without it."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    try:
        import deflate
    except ImportError:
        return None
    return deflate


def deflate_best(data: bytes) -> bytes:
    """``data`` as a raw deflate stream, libdeflate's level 12 or zlib's 9."""
    import zlib

    lib = _libdeflate()
    if lib is not None:
        return bytes(lib.deflate_compress(data, 12))
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return z.compress(data) + z.flush()


def gzip_best(data: bytes) -> bytes:
    """``data`` gzip-compressed as small as the build can: libdeflate's
    strongest level (the ``deflate`` package, requirements-build.txt), zlib's
    level 9 without it. No name, no date: the same bytes give the same file."""
    lib = _libdeflate()
    if lib is None:
        return gzip.compress(data, compresslevel=9, mtime=0)
    out = bytes(lib.gzip_compress(data, 12))
    return out[:4] + b"\0\0\0\0" + out[8:]  # no date (libdeflate writes none; the names hang on these bytes)


def prerender() -> dict:
    """The games index, a picture of each game's opening board and the home
    screen's sentences, from the engine (scripts/prerender.py, in a
    separate interpreter). Empty if a game does not load here: the page
    then shows only the loading line and the app asks the games themselves."""
    import subprocess

    path = os.pathsep.join([str(ROOT / "py"), str(ROOT / "static" / "vendor" / SVGWRITE_WHEEL)])
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "prerender.py")],
                         env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True)
    if run.returncode != 0:
        print(f"build: no games index ({run.stderr.strip()[-300:]})", file=sys.stderr)
        return {}
    return json.loads(run.stdout)


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def dir_hash(d: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(d.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(d).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:12]


COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"


def compile_hint(path: Path) -> None:
    """Mark a script whose functions nearly all run during the start
    (Pyodide's runtime and API, PyScript's core): Chromium then compiles
    them while it streams the file, on a background thread, instead of one
    by one on the page's thread at their first call (V8's explicit compile
    hints; other browsers read a comment)."""
    data = path.read_bytes()
    if not data.startswith(COMPILE_HINT):
        path.write_bytes(COMPILE_HINT + data)


# Two changes to the runtime's JavaScript (Emscripten's dynamic linker, run at
# every start, restored or not): its ~260 JavaScript functions that the
# WebAssembly imports through the table are each wrapped in a tiny WebAssembly
# module. As shipped, each one is first tried in the table directly, which
# throws a TypeError (each throw builds an error with its stack), and each
# wrapper module is compiled anew although it depends only on the signature.
# Patched: a JavaScript function (an exported WebAssembly function's name is
# its index) is wrapped at once, and the wrapper's module is compiled once per
# signature. The same slots in the same order: the snapshot's function
# pointers stay right.
RUNTIME_PATCHES = [
    (b"var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});",
     b"var module=(convertJsFunctionToWasm.modules??=new Map).get(sig);"
     b"if(!module){module=new WebAssembly.Module(bytes);convertJsFunctionToWasm.modules.set(sig,module)}"
     b"var instance=new WebAssembly.Instance(module,{e:{f:func}});"),
    (b"var ret=getEmptyTableSlot();try{setWasmTableEntry(ret,func)}",
     b"var ret=getEmptyTableSlot();if(sig&&!/^\\d+$/.test(func.name)){setWasmTableEntry(ret,convertJsFunctionToWasm(func,sig))}"
     b"else try{setWasmTableEntry(ret,func)}"),
    # the main module's global offset table: only the entries its own code
    # imports are filled at start. As shipped, every one of its ~8,600 exports
    # got an entry and a function-table slot (tens of ms of the page's thread
    # at every start), which only a side module could use. An entry a side
    # module asks for later is made and filled when it asks (GOTHandler, then
    # reportUndefinedSymbols), as for any symbol the main module lacks.
    (b"assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();",
     b"assignWasmExports(wasmExports);"
     b"updateGOT(Object.fromEntries(Object.keys(GOT).filter(s=>s in origExports).map(s=>[s,origExports[s]])));"
     b"LDSO.init();"),
    # the exports copied into the linker's symbol table by a plain loop (as
    # shipped: an array of all ~8,600 [name, export] pairs and a closure for
    # each, then collected), the same symbols, the same order, the same rule
    (b'mergeLibSymbols=(exports,libName)=>{for(var[sym,exp]of Object.entries(exports)){const setImport=target=>'
     b'{if(!isSymbolDefined(target)){wasmImports[target]=exp}};setImport(sym);const main_alias="__main_argc_argv";'
     b'if(sym=="main"){setImport(main_alias)}if(sym==main_alias){setImport("main")}}}',
     b'mergeLibSymbols=(exports,libName)=>{for(var sym in exports){var exp=exports[sym];'
     b'if(!isSymbolDefined(sym)){wasmImports[sym]=exp}'
     b'if(sym=="main"&&!isSymbolDefined("__main_argc_argv")){wasmImports["__main_argc_argv"]=exp}'
     b'if(sym=="__main_argc_argv"&&!isSymbolDefined("main")){wasmImports["main"]=exp}}}'),
]


# One change to the runtime's loader (pyodide.mjs): its WebAssembly file, when
# the network cannot give it, is read from the site's offline cache (the Cache
# API; the same file under the same content-named address). The service
# worker sends that one file to the network (static/sw.js: only then does
# Chromium keep its compiled code for the next start); offline, once the
# browser's HTTP cache has dropped it, the worker's copy is still there. As
# shipped, a failed fetch stopped the start. The fallback is chained as the
# fetch starts (a rejection left without a handler until the runtime's
# JavaScript is in would be reported as an error of the page).
LOADER_PATCHES = [
    (b'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();',
     b'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();'
     b'n&&(n=(q=>q.then(x=>x.ok?x:Promise.reject(x.status)).catch(()=>globalThis.caches'
     b'?caches.match(e+"pyodide.asm.wasm").then(x=>x||q):q))(n));'),
]


# One change to PyScript's core: its own Python package (``pyscript``: display,
# fetch, storage, websockets, workers...) is still written into the
# interpreter's home at every start, but no longer imported there and then.
# Importing it ran about 30 ms of Python on the page's thread between the
# interpreter ready and main.py (a warm start, bench/HISTORY.md), for a package
# Plateau never imports (its web layer talks to the page through ``js`` and
# ``pyodide.ffi``). PyScript imports it at once only for its workers, which
# Plateau does not use; ``import pyscript`` still works, at its first use.
CORE_PATCHES = [
    (b'"import pyscript as _pyscript"', b'""'),
    (b'["_Path","_path","_os","_pyscript"]', b'["_Path","_path","_os"]'),
    # nor does it write that package's files: the bundle holds them (bundle, pyscript_sources).
    # Its core wrote them with pathlib, from Python, at every start: 20-80 ms of the page's thread
    (b'ho=["import os as _os","from pathlib import Path as _Path","_path = None"]',
     b'ho=["_os = _Path = _path = None"]'),
    (b'wo(".",{pyscript:{', b'(()=>{})(".",{pyscript:{'),
]


# The runtime's JavaScript as a classic script (``pyodide.asm.js``, beside the
# module ``pyodide.asm.mjs`` it is made from). Chromium keeps the compiled code
# of a classic script in its code cache and reads it back off the page's
# thread at the next visit (~20 ms); it kept the module's compiled code as well
# but, for a module that ``import()`` loads, never read it back: every warm
# start parsed and compiled the module's 1.25 MB again (100-150 ms on a
# background thread, which the start waited for). The boot module loads the
# script with a <script> element and takes the runtime's factory from
# ``globalThis.__plateauCreatePyodideModule``; the module's own URL (where it
# finds its WebAssembly) comes from ``globalThis.__plateauAsmURL``; the script
# says "use strict", as a module is. The module stays for node (the build's
# snapshot), which imports it.
CLASSIC_RUNTIME = [
    (b"export default _createPyodideModule;", b"globalThis.__plateauCreatePyodideModule=_createPyodideModule;", 1),
    (b"import.meta.url", b"globalThis.__plateauAsmURL", 3),
]


def classic_runtime(mjs: Path) -> None:
    """``pyodide.asm.js`` beside ``mjs`` (CLASSIC_RUNTIME); each change must
    match as many times as said, or the build fails (another runtime)."""
    data = mjs.read_bytes()
    for old, new, times in CLASSIC_RUNTIME:
        if data.count(old) != times:
            fail(f"{mjs.name}: {old.decode()!r} is not there {times} time(s) "
                 "(the classic script of the runtime needs checking against this Pyodide version)")
        data = data.replace(old, new)
    if b"import.meta" in data or b"\nexport " in data or data.startswith(b"export "):
        fail(f"{mjs.name}: the runtime holds module syntax that a classic script cannot run")
    # strict, as the module was (a classic script is not unless it says so); after the compile hint,
    # which must open the file
    hint = COMPILE_HINT if data.startswith(COMPILE_HINT) else b""
    data = hint + b'"use strict";' + data[len(hint):]
    mjs.with_name("pyodide.asm.js").write_bytes(data)


def patch_runtime(path: Path, patches: list = RUNTIME_PATCHES) -> None:
    """Apply ``patches`` (RUNTIME_PATCHES to ``pyodide.asm.mjs``,
    LOADER_PATCHES to ``pyodide.mjs``, CORE_PATCHES to PyScript's core
    chunk); each must match exactly once:
    another runtime version fails the build here, not in a player's
    browser."""
    data = path.read_bytes()
    for old, new in patches:
        if data.count(old) != 1:
            fail(f"{path.name}: the runtime's code to patch is not there once ({old[:60]!r}…); "
                 "check the patches against this Pyodide version")
        data = data.replace(old, new)
    path.write_bytes(data)


def vendor(out: Path, stdlib: bytes) -> dict[str, str]:
    """Copy the runtime into content-named folders
    (``static/vendor/pyscript-<hash>/``, ``static/vendor/pyodide-<hash>/``):
    a new runtime gets new paths, so no cache ever pairs an old runtime with
    a new page. ``stdlib``: the precompiled standard library (the npm one
    when empty). Returns the site paths of PyScript's core and of
    ``pyodide.mjs``."""
    nm = ROOT / "node_modules"
    core = nm / "@pyscript" / "core" / "dist"
    pyo = nm / "pyodide"
    if not core.is_dir() or not pyo.is_dir():
        fail("node_modules is missing: run `npm ci` first (scripts/setup.sh does)")
    dest = out / "static" / "vendor"
    tmp_core, tmp_pyo = dest / "pyscript.tmp", dest / "pyodide.tmp"
    shutil.copytree(core, tmp_core, ignore=shutil.ignore_patterns("*.map"))
    tmp_pyo.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyo / name, tmp_pyo / name)
    if stdlib:
        (tmp_pyo / "python_stdlib.zip").write_bytes(stdlib)
    site_lock_file(tmp_pyo / "pyodide-lock.json")
    patch_runtime(tmp_pyo / "pyodide.asm.mjs")
    patch_runtime(tmp_pyo / "pyodide.mjs", LOADER_PATCHES)
    for chunk in tmp_core.glob("core-*.js"):
        patch_runtime(chunk, CORE_PATCHES)
    for js in [tmp_pyo / "pyodide.mjs", tmp_pyo / "pyodide.asm.mjs", *tmp_core.glob("core-*.js")]:
        compile_hint(js)
    classic_runtime(tmp_pyo / "pyodide.asm.mjs")
    version = json.loads((pyo / "package.json").read_text())["version"]
    core_dir = dest / f"pyscript-{dir_hash(tmp_core)}"
    pyo_dir = dest / f"pyodide-{version}-{dir_hash(tmp_pyo)}"
    tmp_core.rename(core_dir)
    tmp_pyo.rename(pyo_dir)
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
    return {"core": rel(core_dir / "core.js"), "pyodide": rel(pyo_dir / "pyodide.mjs")}


#: club mode's libraries (web/club_page.py loads them when a game is played on several devices):
#: npm package -> (its file, the licence file), pinned in package.json; copied to
#: static/vendor/<package>-<version>/, a path that changes with the version
CLUB_VENDOR = {"qrcode-generator": ("dist/qrcode.js", None), "jsqr": ("dist/jsQR.js", "LICENSE")}


def vendor_club(out: Path) -> list[str]:
    """The QR-code libraries (drawing: qrcode-generator, MIT; reading camera
    frames: jsQR, Apache-2.0) into the site; returns their site paths."""
    paths = []
    for name, (file, licence) in CLUB_VENDOR.items():
        pkg = ROOT / "node_modules" / name
        if not (pkg / file).is_file():
            fail(f"node_modules/{name} is missing: run `npm ci` first (scripts/setup.sh does)")
        version = json.loads((pkg / "package.json").read_text())["version"]
        dest = out / "static" / "vendor" / f"{name}-{version}"
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copy2(pkg / file, dest / Path(file).name)
        if licence:
            shutil.copy2(pkg / licence, dest / licence)
        paths.append((dest / Path(file).name).relative_to(out).as_posix())
    return paths


def site_lock_file(path: Path) -> None:
    """Pyodide's lock file, which the runtime reads at every start, without
    its list of packages: it names 354 packages of Pyodide's distribution,
    none of which the site ships (Plateau loads none), in 0.11 MB."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    lock["packages"] = {}
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


SPARSE_MAGIC = b"PLSN"
SPARSE_PAGE = 4096


def sparse(data: bytes) -> bytes:
    """A memory snapshot without its pages of zeros (about 60 % of it): the
    magic ``PLSN``, then little-endian u32s: format 1, the snapshot's length,
    the page size; a bitmap with one bit per page (1: the page follows), the
    non-zero pages in order (the last one may be short). The boot module
    rebuilds the snapshot in a zero-filled buffer: no decompression to run,
    and a host's gzip still shrinks the download (12 MB to about 5)."""
    import struct

    n = (len(data) + SPARSE_PAGE - 1) // SPARSE_PAGE
    bitmap = bytearray((n + 7) // 8)
    pages = []
    for i in range(n):
        page = data[i * SPARSE_PAGE:(i + 1) * SPARSE_PAGE]
        if page.count(0) != len(page):
            bitmap[i >> 3] |= 1 << (i & 7)
            pages.append(page)
    return SPARSE_MAGIC + struct.pack("<3I", 1, len(data), SPARSE_PAGE) + bytes(bitmap) + b"".join(pages)


def snapshot(out: Path, paths: dict[str, str], bundle_path: str, games: dict | None = None) -> dict[str, str]:
    """The memory snapshot of the site's runtime, started (as
    ``static/vendor/pyodide-snapshot-<hash>.bin``, without its zero pages: see
    ``sparse``), and Plateau's boot
    module (``static/build/pyodide-boot-<hash>.mjs``, from
    static/pyodide-boot.mjs), which PyScript loads as its interpreter: it
    restores the snapshot when the browser already has it and starts Python
    normally otherwise. Without node the module only starts Python normally.
    Returns the site paths of the boot module and of the snapshot ("" when
    there is none)."""
    import subprocess
    import tempfile

    pyo_dir = out / Path(paths["pyodide"]).parent
    snap_rel = ""
    with tempfile.TemporaryDirectory(prefix="plateau-snap-") as tmp:
        target = Path(tmp) / "snapshot.bin"
        env = {**os.environ, "PLATEAU_PYODIDE_DIR": str(pyo_dir) + "/", "PLATEAU_SNAPSHOT_OUT": str(target),
               "PLATEAU_SNAPSHOT_IMPORTS": SNAPSHOT_IMPORTS, "PLATEAU_SNAPSHOT_WARM": SNAPSHOT_WARM,
               "PLATEAU_SNAPSHOT_FILES": str(Path(tmp) / "files.json"),
               "PLATEAU_SNAPSHOT_PLATEAU": " ".join(SNAPSHOT_PLATEAU), "PLATEAU_SNAPSHOT_PLATEAU_PY": SNAPSHOT_PLATEAU_PY,
               "PLATEAU_SNAPSHOT_BUNDLE": bundle_version(bundle_path)}
        with zipfile.ZipFile(io.BytesIO(gzip.decompress((out / bundle_path).read_bytes()))) as z:
            sources = {n: base64.b64encode(z.read(n)).decode() for n in z.namelist()
                       if n.startswith(("svgwrite/", "plateau/")) and not n.endswith("/")}
        (Path(tmp) / "files.json").write_text(json.dumps(sources), encoding="utf-8")
        try:
            run = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_JS], env=env, cwd=tmp,
                                 capture_output=True, text=True, timeout=600)
            ok = run.returncode == 0 and target.is_file()
            why = (run.stderr or run.stdout).strip()[-300:]
        except (OSError, subprocess.TimeoutExpired) as e:
            ok, why = False, str(e)
        if ok:
            data = sparse(target.read_bytes())
            name = f"pyodide-snapshot-{short_hash(data)}.bin"
            (out / "static" / "vendor" / name).write_bytes(data)
            snap_rel = f"static/vendor/{name}"
        else:
            print(f"build: no interpreter snapshot ({why}); every visit starts Python", file=sys.stderr)
    build = out / "static" / "build"
    build.mkdir(parents=True, exist_ok=True)
    reader = (ROOT / "static" / "boot-read.mjs").read_bytes()
    read_name = f"boot-read-{short_hash(reader)}.mjs"
    (build / read_name).write_bytes(reader)
    src = (ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    src = src.replace("__READ__", "./" + read_name)
    src = src.replace("__PYODIDE_MJS__", "../../" + paths["pyodide"])
    src = src.replace("__SNAPSHOT__", "../../" + snap_rel if snap_rel else "")
    src = src.replace("__BUNDLE__", "../../" + bundle_path)
    src = src.replace("__BUNDLE_VERSION__", bundle_version(bundle_path))
    later = sources_path(out, bundle_path)
    src = src.replace("__SOURCES__", "../../" + later if later else "")
    src = src.replace("__CORE__", "../../" + paths["core"])
    src = src.replace("__STDLIB_LATER__", "../../" + paths["stdlib_later"] if paths.get("stdlib_later") else "")
    src = src.replace('"__STDLIB_LATER_MODULES__"', json.dumps(paths.get("later_modules", [])))
    # each game's own bundle and the games it needs (bundle()), paths relative to this module
    lazy = {gid: {"bundle": "../../" + g["bundle"], "needs": g["needs"]} for gid, g in (games or {}).items()}
    src = src.replace('"__GAMES__"', json.dumps(lazy, sort_keys=True))
    name = f"pyodide-boot-{short_hash(src.encode())}.mjs"
    (build / name).write_text(src, encoding="utf-8")
    return {"boot": f"static/build/{name}", "snapshot": snap_rel, "bundle": bundle_path,
            "read": f"static/build/{read_name}"}


def stdlib_later(out: Path, data: bytes) -> dict:
    """The standard library's later part (``static/build/stdlib-later-<hash>.zip``):
    the modules the site can import that the start does not (stdlib_for_the_site),
    fetched once the app is ready (static/pyodide-boot.mjs). Returns its site
    path and the modules it holds (none without it)."""
    if not data:
        return {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        modules = sorted(stdlib_module(n.removesuffix("c")) for n in z.namelist() if n.endswith((".py", ".pyc")))
    build = out / "static" / "build"
    build.mkdir(parents=True, exist_ok=True)
    name = f"stdlib-later-{short_hash(data)}.zip"
    (build / name).write_bytes(data)
    return {"stdlib_later": f"static/build/{name}", "later_modules": modules}


def bundle_version(bundle_path: str) -> str:
    """The version of Plateau's bundle named ``static/build/plateau-<version>.bundle``."""
    return bundle_path.rsplit("/plateau-", 1)[1].removesuffix(".bundle")


def bundle(out: Path, pyc: dict[str, bytes], index: dict, label: str = "") -> tuple[str, dict]:
    """Zip the engine, the web layer and svgwrite into
    ``static/build/plateau-<hash>.bundle``, and each game of ``index`` with its
    boards into ``static/build/game-<gid>-<hash>.bundle`` (``games_apart``);
    returns the hash and, per game, its bundle's path and the games it needs. Plateau's
    modules ship as their bytecode in ``__pycache__`` (what is loaded), their
    sources apart (``sources_apart``). The file is a zip whose entries are
    stored, the whole gzip-compressed: the page inflates it in one pass
    (native ``DecompressionStream``) and takes each file as it lies, where
    inflating the entries one by one cost ~90 ms of every start."""
    import gzip
    import io

    target = out / "static" / "build"
    target.mkdir(parents=True, exist_ok=True)
    files = bundle_files()
    h = hashlib.sha256()
    h.update(b"pyc:" + PYODIDE_TAG.encode() if pyc else b"")
    entries = []
    for p, name in files:
        data = p.read_bytes()
        h.update(name.encode() + b"\0" + data)
        entries.append((name, data))
    for name, data in wheel_entries():
        h.update(name.encode() + b"\0" + data)
        entries.append((name, data))
    for name, text in sorted(pyscript_sources().items()):
        data = text.encode()
        h.update(name.encode() + b"\0" + data)
        entries.append((name, data))
    for name, data in sorted(pyc.items()):
        h.update(name.encode() + b"\0" + data)
        entries.append((name, data))
    if label:
        h.update(b"plateau/build.txt\0" + label.encode())
        entries.append(("plateau/build.txt", label.encode()))
    if index:
        data = json.dumps(index, ensure_ascii=False).encode()
        h.update(b"plateau/games/index.json\0" + data)
        entries.append(("plateau/games/index.json", data))
    version = h.hexdigest()[:12]
    entries, sources = sources_apart(entries, pyc)
    entries, per_game = games_apart(entries, list(index))
    written = [(target / f"plateau-{version}.bundle", entries),
               (target / f"plateau-src-{version}.bundle", sources)]
    games = {}
    for gid, files in per_game.items():
        data = bundle_bytes(files)
        name = f"game-{gid}-{short_hash(data)}.bundle"
        (target / name).write_bytes(data)
        games[gid] = {"bundle": f"static/build/{name}", "needs": game_needs(gid, list(index))}
    for path, files in written:
        if files:
            path.write_bytes(bundle_bytes(files))
    return version, games


def bundle_bytes(files: list[tuple[str, bytes]]) -> bytes:
    """A bundle file: a zip of ``files``, stored, the whole gzip-compressed."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name, ZIP_DATE), data)
    return gzip_best(buf.getvalue())


def game_of(name: str, games: list[str]) -> str | None:
    """The game whose own bundle holds the file ``name``: its package
    (``plateau/games/<gid>/...``) and its boards (``boards/<gid>.json``,
    ``boards/<gid>-*.json``); None for what every screen may need."""
    parts = name.split("/")
    if len(parts) > 3 and parts[0] == "plateau" and parts[1] == "games" and parts[2] in games:
        return parts[2]
    if len(parts) == 2 and parts[0] == "boards":
        stem = parts[1].rsplit(".", 1)[0]
        for gid in games:
            if stem == gid or stem.startswith(gid + "-"):
                return gid
    return None


def games_apart(entries: list[tuple[str, bytes]], games: list[str]) -> tuple[list, dict]:
    """The bundle the start waits for, and apart from it each game's own
    files (its package's bytecode, data and empty source files, its boards):
    the home screen imports no game (plateau/games/index.json says what it
    shows), so a game's files are fetched when that game is first needed, or
    in the background once the app is ready (static/pyodide-boot.mjs)."""
    main, per_game = [], {}
    for name, data in entries:
        gid = game_of(name, games)
        if gid is None:
            main.append((name, data))
        else:
            per_game.setdefault(gid, []).append((name, data))
    return main, per_game


def game_needs(gid: str, games: list[str]) -> list[str]:
    """The other games whose packages the game's modules import (Arkhanis
    plays Small World's rules), in the order of ``games``."""
    import ast

    found = set()
    package = ROOT / "py" / "plateau" / "games" / gid
    for path in sorted(package.rglob("*.py")):
        # the package's modules are plateau.games.<gid>[.<sub>...].<module>: ``level`` dots up from one
        where = ["plateau", "games", *path.relative_to(package.parent).parent.parts]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # imports only, not words
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = where[:len(where) - node.level + 1] if node.level else []
                head = ".".join(base + ([node.module] if node.module else []))
                names = [head] + [f"{head}.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["plateau", "games"] and len(parts) > 2:
                    found.add(parts[2])
    return [g for g in games if g != gid and g in found]


def sources_apart(entries: list[tuple[str, bytes]], pyc: dict[str, bytes]) -> tuple[list, list]:
    """The bundle's files, and apart from them the sources of the modules that
    have their bytecode in it (Plateau's and svgwrite's). Those sources only
    serve tracebacks (the bytecode is unchecked: Python loads it without
    reading the source), so the page fetches them once the app is ready
    (``static/build/plateau-src-<hash>.bundle``, the boot module): in their
    place the bundle holds an empty file, which is enough for Python to find
    the module and its bytecode (0.35 MB less before the app is ready).
    The bytecode of PyScript's package goes with them: the start does not
    import that package (CORE_PATCHES); its sources stay in the bundle whole,
    as its bytecode is checked against them."""
    if not pyc or not PYODIDE_TAG:
        return entries, []
    tag = PYODIDE_TAG.split(":")[0]
    main, later = [], []
    for name, data in entries:
        parent, _, stem = name.rpartition("/")
        if name.startswith("pyscript/"):
            # PyScript's own package: the start no longer imports it (CORE_PATCHES)
            (main if name.endswith(".py") else later).append((name, data))
        elif name.endswith(".py") and f"{parent}/__pycache__/{stem[:-3]}.{tag}.pyc" in pyc:
            main.append((name, b""))
            later.append((name, data))
        else:
            main.append((name, data))
    return main, later


def sources_path(out: Path, bundle_path: str) -> str:
    """The site path of the sources apart from ``bundle_path`` ("" if none)."""
    path = bundle_path.replace("/plateau-", "/plateau-src-")
    return path if (out / path).is_file() else ""


def bundle_files() -> list[tuple[Path, str]]:
    files = []
    for base, arc in ((ROOT / "py" / "plateau", "plateau"), (ROOT / "boards", "boards")):
        for p in sorted(base.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json", ".md", ".toml"):
                files.append((p, arc + "/" + p.relative_to(base).as_posix()))
    return files


def wheel_entries() -> list[tuple[str, bytes]]:
    """svgwrite as its wheel ships it (sources, licence, metadata), for the
    bundle: the page then fetches one archive for all its Python."""
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    if not wheel.is_file():
        fail(f"{wheel.relative_to(ROOT)} is missing: run scripts/setup.sh")
    with zipfile.ZipFile(wheel) as w:
        return [(n, w.read(n)) for n in sorted(w.namelist()) if not n.endswith("/")]


def esc(text: str) -> str:
    return html.escape(str(text), quote=True)


# A card's picture: the board's drawing (scripts/prerender.py made it fit a
# card) turned into a PNG at build time. Drawn in the page as SVG, the six
# boards held the page's thread while it was parsed (style, layout and paint
# of ~1,700 elements and 240 kB of paths: the runtime took the thread ~150 ms
# later, bench/HISTORY.md); a PNG is decoded off that thread and painted as
# one layer. The frame is 9rem (144 CSS px) high: drawn 2x for
# phones and high-density screens.
CARD_PX = 288
SVG_NS = "http://www.w3.org/2000/svg"
TOOLS = ROOT / ".tools"  # the build's own tools (scripts/setup.sh installs them there)


def card_png(svg: str) -> tuple[bytes, int, int]:
    """``svg`` (a board's drawing, sized 100 %) as a PNG ``CARD_PX`` high,
    with its width and height in pixels."""
    import xml.etree.ElementTree as ET

    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    try:
        import resvg_py
    except ImportError:
        fail("resvg-py is missing: run scripts/setup.sh (or python3 -m pip install --target .tools"
             " -r requirements-build.txt); the build draws the home page's card pictures with it")
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ET.fromstring(svg)
    box = [float(x) for x in root.get("viewBox", "").replace(",", " ").split()]
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        fail("a card picture has no usable viewBox")
    h = CARD_PX
    w = max(1, round(box[2] * h / box[3]))
    root.set("width", str(w))
    root.set("height", str(h))
    png = bytes(resvg_py.svg_to_bytes(svg_string=ET.tostring(root, encoding="unicode"), width=w, height=h,
                                      skip_system_fonts=True))
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        fail("resvg-py did not give a PNG")
    return card_palette(png), w, h


# A card's drawing holds few colours (flat regions, thin lines): written with a
# palette of 128 it is a quarter of the full-colour PNG (220 kB -> 55 kB for the
# six cards, measured), and the eye sees no difference at a card's size.
CARD_COLOURS = 128


def card_palette(png: bytes) -> bytes:
    """``png`` written again with a palette of :data:`CARD_COLOURS`."""
    import io

    try:
        from PIL import Image
    except ImportError:
        fail("Pillow is missing: run scripts/setup.sh (or python3 -m pip install --target .tools"
             " -r requirements-build.txt); the build writes the card pictures with a palette")
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    out = io.BytesIO()
    image.quantize(colors=CARD_COLOURS, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def card_pictures(out: Path, pics: dict) -> dict[str, str]:
    """Each game's card picture written as ``static/build/card-<game>-<hash>.png``;
    returns the ``<img>`` of each (decorative: the card names the game)."""
    build = out / "static" / "build"
    build.mkdir(parents=True, exist_ok=True)
    tags = {}
    for gid, svg in pics.items():
        png, w, h = card_png(svg)
        name = f"card-{gid}-{short_hash(png)}.png"
        (build / name).write_bytes(png)
        tags[gid] = f'<img src="static/build/{esc(name)}" alt="" width="{w}" height="{h}" draggable="false">'
    return tags


def home_html(pre: dict, pictures: dict[str, str]) -> str:
    """The home screen as static HTML, drawn before Python runs: the header,
    a card per game of the registry (its picture, its name, its player
    count, its buttons, disabled until the app is live). French, with the
    English beside it in ``data-en`` (boot.js switches). Python redraws the
    screen, live, when it is ready."""
    if not pre:
        return ""
    fr, en = pre["text"]["fr"], pre["text"]["en"]

    def t(key: str, tag: str, attrs: str = "", **kw) -> str:
        a, b = fr[key].format(**kw), en[key].format(**kw)
        return f'<{tag}{attrs} data-en="{esc(b)}">{esc(a)}</{tag}>'

    new_btn = t("home.new", "button", ' type="button" class="primary" disabled data-action="new"')
    rules_btn = t("home.rules", "button", ' type="button" disabled data-action="rules"')
    cards = []
    for gid, g in pre["games"].items():
        n, m = g["min_players"], g["max_players"]
        players = (t("home.players.fixed", "p", ' class="meta"', n=n) if n == m
                   else t("home.players", "p", ' class="meta"', min=n, max=m))
        pic = f'<div class="card-picture">{pictures[gid]}</div>' if gid in pictures else ""
        title_fr = g["title"].get("fr", gid)
        title_en = g["title"].get("en", title_fr)
        pitch = g.get("pitch") or {}
        pitch_p = (f'<p class="pitch" data-en="{esc(pitch.get("en", pitch.get("fr", "")))}">'
                   f'{esc(pitch.get("fr", ""))}</p>' if pitch else "")
        dur = (g.get("duration") or {}).get("fr", "")
        dur_p = f'<p class="meta duration">{esc(dur)}</p>' if dur else ""
        cards.append(f'<section class="game-card" data-game="{esc(gid)}">{pic}'
                     f'<h3 data-en="{esc(title_en)}">{esc(title_fr)}</h3>{pitch_p}{players}{dur_p}'
                     f'<div class="actions">{new_btn}{rules_btn}</div></section>')
    lang_btn = t("nav.lang", "button", ' type="button" class="lang" disabled')
    tagline = t("app.tagline", "p", ' class="tagline"')
    return ('<div class="prerendered">'
            f'<header class="top"><a class="brand" href="#">{esc(fr["app.title"])}</a>{lang_btn}</header>'
            f'<main class="home">{tagline}{t("home.games", "h2")}'
            f'<div class="games">{"".join(cards)}</div></main></div>')


STATIC_SHELL = ("app.css", "boot.js", "icon.svg", "manifest.webmanifest")


def pages(out: Path, version: str, paths: dict[str, str], home: str, label: str = "") -> str:
    """index.html, the PyScript config, ``static/*`` and the service worker.
    Every file the page loads has a content name (or a ``?v=<hash>``), so
    the service worker's cache for one build holds that build alone.
    Returns the cache's name."""
    static = out / "static"
    for p in (ROOT / "static").iterdir():
        if p.name in ("vendor", "build", "sw.js", "pyodide-boot.mjs", "boot-read.mjs", "main.py"):
            continue
        if p.is_dir():
            shutil.copytree(p, static / p.name, dirs_exist_ok=True)
        else:
            shutil.copy2(p, static / p.name)
    v = {name: short_hash((static / name).read_bytes()) for name in STATIC_SHELL if (static / name).is_file()}
    if "manifest.webmanifest" in v:  # its icon, versioned too
        m = static / "manifest.webmanifest"
        m.write_text(m.read_text(encoding="utf-8").replace('"icon.svg"', f'"icon.svg?v={v["icon.svg"]}"'),
                     encoding="utf-8")
        v["manifest.webmanifest"] = short_hash(m.read_bytes())
    # PyScript's config as JSON (no TOML parser to load in the page)
    import tomllib

    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    config["interpreter"] = "./" + paths.get("boot", paths["pyodide"])
    data = json.dumps(config, indent=1).encode()
    config_name = f"pyscript-{short_hash(data)}.json"
    (out / config_name).write_bytes(data)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for name, h in v.items():
        page = page.replace(f'"static/{name}"', f'"static/{name}?v={h}"')
    page = page.replace('"static/vendor/pyscript/core.js"', f'"{paths["core"]}"')
    if "boot" in paths:  # Plateau's boot module, async: Python starts while PyScript sets itself up
        # boot.js asks for the snapshot (only if cached) and the bundle as the page starts
        early = (f' data-bundle="{paths["bundle"]}" data-read="{paths["read"]}"'
                 + (f' data-snapshot="{paths["snapshot"]}"' if paths.get("snapshot") else ""))
        page = page.replace(f'<script src="static/boot.js?v={v["boot.js"]}"></script>',
                            f'<script src="static/boot.js?v={v["boot.js"]}"{early}></script>')
        # pyodide.mjs, which the boot module imports, asked for with the module itself
        links = f'  <link rel="modulepreload" href="{paths["pyodide"]}">\n'
        # and PyScript's core (core.js and the chunks it imports): fetched and compiled while the
        # page's thread waits for the home page's paint, instead of after it, beside the runtime
        for path in core_modules(out, paths["core"]):
            links += f'  <link rel="modulepreload" href="{path}">\n'
        # PyScript's core is loaded by the boot module once the home page is painted
        page = page.replace(f'<script type="module" src="{paths["core"]}"></script>',
                            f'<script type="module" async src="{paths["boot"]}"></script>\n{links.rstrip()}')
    # main.py inside the page: PyScript runs it without asking for a file
    main_py = (ROOT / "static" / "main.py").read_text(encoding="utf-8")
    if "</" in main_py:
        fail("static/main.py cannot sit inside a <script> element: it holds '</'")
    tag = '<script type="py" src="static/main.py" config="pyscript.toml"></script>'
    if tag not in page:
        fail(f"index.html has no {tag}: the build puts main.py and the config there")
    page = page.replace(tag, f'<script type="py" config="{config_name}">\n{main_py}</script>')
    page = page.replace("<!-- home -->", home)
    (out / "index.html").write_text(page, encoding="utf-8")
    (static / "build" / "version.json").write_text(json.dumps({"build": version, "label": label}))
    shell = ["index.html", config_name] + [f"static/{n}?v={h}" for n, h in v.items()]
    # (the runtime's module is only for node, which the build's snapshot runs: the page loads
    # the classic script made of it, CLASSIC_RUNTIME)
    for p in sorted((static / "vendor").rglob("*")) + sorted((static / "build").rglob("*")):
        if p.is_file() and p.name not in ("version.json", "pyodide.asm.mjs"):
            shell.append(p.relative_to(out).as_posix())
    manifest = {}
    for url in shell:
        manifest[url] = hashlib.sha256((out / url.split("?")[0]).read_bytes()).hexdigest()
    cache = "plateau-" + short_hash(json.dumps(manifest, sort_keys=True).encode())
    # the service worker must sit at the site's root to cover index.html
    sw = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace('"__CACHE__"', json.dumps(cache)).replace("__MANIFEST__", json.dumps(manifest, indent=0))
    (out / "sw.js").write_text(sw, encoding="utf-8")
    return cache


def core_modules(out: Path, core: str) -> list[str]:
    """PyScript's core module ``core`` (a site path) and the modules it
    imports statically (``from"./x.js"``, as its bundler writes them), as
    site paths: what loading the core fetches and compiles before it runs."""
    import re

    folder = core.rpartition("/")[0]
    text = (out / core).read_text(encoding="utf-8")
    return [core] + [f"{folder}/{name}" for name in re.findall(r'from\s*"\./([\w.-]+\.js)"', text)]


def bench_pages(out: Path) -> None:
    """bench/: the bare PyScript page of the start-up benchmark, on PyScript
    and its runtime exactly as npm ships them (sources in the standard
    library; PyScript's core without the site's CORE_PATCHES and compile
    hint), in its own folder."""
    nm = ROOT / "node_modules"
    bench = out / "bench"
    (bench / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(nm / "pyodide" / name, bench / "pyodide" / name)
    shutil.copytree(nm / "@pyscript" / "core" / "dist", bench / "pyscript",
                    ignore=shutil.ignore_patterns("*.map"), dirs_exist_ok=True)
    page = (ROOT / "bench" / "bare.html").read_text(encoding="utf-8")
    (bench / "bare.html").write_text(page.replace('"../static/vendor/pyscript/core.js"', '"./pyscript/core.js"'),
                                     encoding="utf-8")
    toml = (ROOT / "bench" / "bare.toml").read_text(encoding="utf-8")
    (bench / "bare.toml").write_text(toml.replace('"../static/vendor/pyodide/pyodide.mjs"',
                                                  '"./pyodide/pyodide.mjs"'), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "site"))
    ap.add_argument("--label", default="", help="a name for this build (a date, a release), in version.json"
                    " and the bundle (plateau/build.txt)")
    ap.add_argument("--bench", action="store_true",
                    help="also bench/bare.html, the baseline page of bench/browser.py (not for publishing)")
    args = ap.parse_args()
    out = Path(args.out).resolve()
    if out == ROOT:
        fail("--out must not be the source tree")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pyc, (stdlib, later) = precompile(bundle_files())
    paths = vendor(out, stdlib)
    paths.update(stdlib_later(out, later))
    vendor_club(out)
    pre = prerender()
    index = pre.get("games", {})
    version, games = bundle(out, pyc, index, args.label)
    paths.update(snapshot(out, paths, f"static/build/plateau-{version}.bundle", games))
    pictures = card_pictures(out, pre.get("pictures", {}))
    cache = pages(out, version, paths, home_html(pre, pictures), args.label)
    if args.bench:
        bench_pages(out)
    print(f"build: site ready in {out} (bundle {version}, cache {cache})")


if __name__ == "__main__":
    main()
