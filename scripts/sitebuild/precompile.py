"""Python as bytecode: Plateau's modules, svgwrite and PyScript's package
compiled by the vendored Pyodide under node (node/precompile.mjs running
in_pyodide/precompile.py), and the standard library trimmed to what the site
can import (sitebuild/stdlib.py)."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

from .common import ROOT, SVGWRITE_WHEEL
from .stdlib import STDLIB_STANDINS, stdlib_config, stdlib_module, stdlib_zip

HERE = Path(__file__).resolve().parent


class Compiled(NamedTuple):
    """What ``precompile`` gives: the bytecode of the bundle's modules and of
    svgwrite (keyed by its ``__pycache__`` name), the runtime's cache tag and
    version (``cpython-314:0.29.0``, "" without bytecode), the standard library
    the start imports (the new ``python_stdlib.zip``) and its later part."""
    pyc: dict[str, bytes]
    tag: str
    stdlib: bytes
    later: bytes


NOTHING = Compiled({}, "", b"", b"")


@functools.cache
def pyscript_sources() -> dict[str, str]:
    """PyScript's Python package as its core would write it into the
    interpreter's home at every start (``pyscript/*.py``, from the npm
    package's stdlib artifact; the bundle holds it instead, CORE_PATCHES);
    empty if it cannot be read."""
    art = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    try:
        run = subprocess.run(["node", str(HERE / "node" / "pyscript_package.mjs"), art.as_uri()],
                             capture_output=True, text=True, timeout=60)
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


def python_sources(src: Path, files: list[tuple[Path, str]]) -> list[str]:
    """Plateau's modules (``files``), svgwrite's (from its wheel) and PyScript's
    package written under ``src`` as the page places them; returns their names."""
    names = []
    for p, name in files:
        if name.endswith(".py"):
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, src / name)
            names.append(name)
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    if wheel.is_file():
        with zipfile.ZipFile(wheel) as w:
            for name in w.namelist():
                if name.startswith("svgwrite/") and name.endswith(".py"):
                    (src / name).parent.mkdir(parents=True, exist_ok=True)
                    (src / name).write_bytes(w.read(name))
                    names.append(name)
    for name, text in pyscript_sources().items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
        names.append(name)
    return list(dict.fromkeys(names))


def precompile(files: list[tuple[Path, str]]) -> Compiled:
    """Bytecode of the bundle's modules (keyed by their source's name), of
    svgwrite, whose wheel ships sources only (keyed by its ``__pycache__``
    name), both unchecked-hash (used whatever the dates of the unpacked
    files), and the vendored standard library with every module as its
    bytecode alone (a new ``python_stdlib.zip``). Empty (NOTHING) when node or the
    vendored Pyodide cannot run: the site then ships sources and still works."""
    pyo = ROOT / "node_modules" / "pyodide"
    with tempfile.TemporaryDirectory(prefix="plateau-pyc-") as tmp:
        src = Path(tmp) / "src"
        std = Path(tmp) / "std"
        src.mkdir()
        names = python_sources(src, files)
        with zipfile.ZipFile(pyo / "python_stdlib.zip") as z:
            z.extractall(std)
            std_names = z.namelist()
        for name, text in STDLIB_STANDINS.items():
            (std / name).write_text(text, encoding="utf-8")
        env = {**os.environ, "PLATEAU_PYODIDE_MJS": (pyo / "pyodide.mjs").as_uri(),
               "PLATEAU_PYODIDE_DIR": str(pyo) + "/", "PLATEAU_PYC_SRC": str(src), "PLATEAU_PYC_STD": str(std),
               "PLATEAU_PRECOMPILE_PY": str(HERE / "in_pyodide" / "precompile.py"),
               "PLATEAU_STDLIB_CFG": stdlib_config()}
        try:
            run = subprocess.run(["node", str(HERE / "node" / "precompile.mjs")], env=env, cwd=tmp,
                                 capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f"build: no precompiled bytecode (node: {e}); the browser will compile the sources",
                  file=sys.stderr)
            return NOTHING
        tag = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
        if run.returncode != 0 or not tag.startswith("cpython-"):
            print(f"build: no precompiled bytecode ({(run.stderr or run.stdout).strip()[-300:]})", file=sys.stderr)
            return NOTHING
        if tag.endswith(" errors"):
            tag = tag.split()[0]
            print("build: some modules did not compile to bytecode (sources kept)", file=sys.stderr)
        out = {}
        for name in names:
            parent, _, stem = name.rpartition("/")
            pyc = src / parent / "__pycache__" / f"{stem[:-3]}.{tag}.pyc"
            if pyc.is_file():
                out[f"{parent}/__pycache__/{stem[:-3]}.{tag}.pyc"] = pyc.read_bytes()
        found = json.loads((std / ".plateau-keep.json").read_text())
        keep, start = set(found["keep"]), set(found["start"])
        return Compiled(out, tag + ":" + json.loads((pyo / "package.json").read_text())["version"],
                        stdlib_zip(std, [n for n in std_names if stdlib_module(n) in start]),
                        stdlib_zip(std, [n for n in std_names if stdlib_module(n) in keep - start]))
