"""The runtime into the site: PyScript's core and Pyodide copied from
``node_modules`` into content-named folders, patched (sitebuild/runtime_patches.py),
marked for eager compilation, with the site's standard library and lock file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .common import ROOT, dir_hash, fail
from .runtime_patches import CLASSIC_RUNTIME, CORE_PATCHES, LOADER_PATCHES, RUNTIME_PATCHES

PYODIDE_FILES = [
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json", "package.json",
]


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


def site_lock_file(path: Path) -> None:
    """Pyodide's lock file, which the runtime reads at every start, without
    its list of packages: it names 354 packages of Pyodide's distribution,
    none of which the site ships (Plateau loads none), in 0.11 MB."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    lock["packages"] = {}
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
