"""The standard library the site ships: what is followed and left out, the
stand-ins, and the zips made of it (the start's part, inside the runtime's
``python_stdlib.zip``, and the later part). The modules are found and compiled
under node by sitebuild/precompile.py (in_pyodide/precompile.py)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from .common import ROOT, SVGWRITE_WHEEL, short_hash
from .compress import zip_best
from .snapshot import SNAPSHOT_IMPORTS, SNAPSHOT_PLATEAU

HERE = Path(__file__).resolve().parent


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
# Each stand-in is a file under standins/, at its place in the standard library.
STDLIB_STANDINS = {p.relative_to(HERE / "standins").as_posix(): p.read_text(encoding="utf-8")
                   for p in sorted((HERE / "standins").rglob("*.py"))}


def stdlib_config() -> str:
    """What in_pyodide/precompile.py follows and leaves out, as JSON (main.py's text included),
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
