"""With ``--bench``: the bare PyScript page of the start-up benchmark."""

from __future__ import annotations

import shutil
from pathlib import Path

from .common import ROOT
from .runtime import PYODIDE_FILES


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
