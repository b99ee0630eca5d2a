"""Assemble the publishable site into ``site/``.

    python3 scripts/build.py [--out site]

Needs ``npm ci`` to have filled ``node_modules/`` (the pinned runtime) and
the svgwrite wheel in ``static/vendor/`` (``scripts/setup.sh`` does both).
The result is a folder of static files: upload it as it is to any web host.

* ``static/vendor/pyscript/`` and ``static/vendor/pyodide/``: the runtime,
  copied from ``node_modules`` (only the files the page loads);
* ``static/build/plateau.zip``: the ``plateau`` package and ``boards/``,
  unpacked by PyScript's ``[files]`` into the interpreter's home;
* ``index.html``, ``pyscript.toml``, ``static/*`` and ``bench/bare.html``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
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


def vendor(out: Path) -> None:
    nm = ROOT / "node_modules"
    core = nm / "@pyscript" / "core" / "dist"
    pyo = nm / "pyodide"
    if not core.is_dir() or not pyo.is_dir():
        fail("node_modules is missing: run `npm ci` first (scripts/setup.sh does)")
    dest = out / "static" / "vendor"
    shutil.copytree(core, dest / "pyscript", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.map"))
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyo / name, dest / "pyodide" / name)
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    if not wheel.is_file():
        fail(f"{wheel.relative_to(ROOT)} is missing: run scripts/setup.sh")
    if wheel.resolve() != (dest / SVGWRITE_WHEEL).resolve():
        shutil.copy2(wheel, dest / SVGWRITE_WHEEL)


def bundle(out: Path) -> str:
    """Zip the engine, the web layer and the boards into
    ``static/build/plateau-<hash>.zip``; returns the hash."""
    target = out / "static" / "build" / "plateau.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    files = []
    for base, arc in ((ROOT / "py" / "plateau", "plateau"), (ROOT / "boards", "boards")):
        for p in sorted(base.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json", ".md", ".toml"):
                files.append((p, arc + "/" + p.relative_to(base).as_posix()))
    h = hashlib.sha256()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for p, name in files:
            data = p.read_bytes()
            h.update(name.encode() + b"\0" + data)
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    version = h.hexdigest()[:12]
    target.rename(target.with_name(f"plateau-{version}.zip"))
    return version


def pages(out: Path, version: str) -> None:
    shutil.copy2(ROOT / "index.html", out / "index.html")
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    # a new name for every new bundle: a cached old bundle is never mixed with a new page
    toml = toml.replace("/plateau.zip\"", f"/plateau-{version}.zip\"")
    (out / "pyscript.toml").write_text(toml, encoding="utf-8")
    for p in (ROOT / "static").iterdir():
        if p.name in ("vendor", "build"):
            continue
        if p.is_dir():
            shutil.copytree(p, out / "static" / p.name, dirs_exist_ok=True)
        else:
            shutil.copy2(p, out / "static" / p.name)
    bench = out / "bench"
    bench.mkdir(exist_ok=True)
    for name in ("bare.html", "bare.toml"):
        src = ROOT / "bench" / name
        if src.is_file():
            shutil.copy2(src, bench / name)
    # the service worker must sit at the site's root to cover index.html
    sw = out / "static" / "sw.js"
    if sw.is_file():
        (out / "sw.js").write_text(sw.read_text(encoding="utf-8").replace("__BUILD__", version), encoding="utf-8")
        sw.unlink()
    (out / "static" / "build" / "version.json").write_text(json.dumps({"build": version}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "site"))
    args = ap.parse_args()
    out = Path(args.out).resolve()
    if out == ROOT:
        fail("--out must not be the source tree")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    vendor(out)
    version = bundle(out)
    pages(out, version)
    print(f"build: site ready in {out} (bundle {version})")


if __name__ == "__main__":
    main()
