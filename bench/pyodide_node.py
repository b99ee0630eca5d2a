"""Run Python code in the vendored Pyodide under node (the runtime the
page uses), with the repository mounted at /repo and ``py/`` on the path.

    from pyodide_node import run_pyodide
    out = run_pyodide("print(1 + 1)")   # the text printed by the code

Used by bench/bench_ai.py (calibration, think times) and tests/ai (the same
move natively and in Pyodide)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYO = ROOT / "node_modules" / "pyodide"

JS = r"""
const fs = await import("node:fs");
const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR, stdout: (s) => process.stdout.write(s + "\n") });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_REPO }, "/repo");
const code = fs.readFileSync(process.env.PLATEAU_CODE, "utf8");
py.runPython("import sys; sys.path.insert(0, '/repo/py'); sys.dont_write_bytecode = True");
await py.runPythonAsync(code);
"""


def available() -> bool:
    return shutil.which("node") is not None and (PYO / "pyodide.mjs").is_file()


def run_pyodide(code: str, timeout: float = 1800) -> str:
    if not available():
        raise RuntimeError("node or the vendored Pyodide (node_modules/pyodide) is missing")
    with tempfile.TemporaryDirectory(prefix="plateau-pyo-") as tmp:
        f = Path(tmp) / "code.py"
        f.write_text(code, encoding="utf-8")
        env = {**os.environ, "PLATEAU_PYODIDE_MJS": (PYO / "pyodide.mjs").as_uri(),
               "PLATEAU_PYODIDE_DIR": str(PYO) + "/", "PLATEAU_REPO": str(ROOT), "PLATEAU_CODE": str(f)}
        run = subprocess.run(["node", "--input-type=module", "-e", JS], env=env, cwd=tmp,
                             capture_output=True, text=True, timeout=timeout)
        if run.returncode != 0:
            raise RuntimeError(f"pyodide under node failed: {(run.stderr or run.stdout)[-2000:]}")
        return run.stdout
