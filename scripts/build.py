"""Assemble the publishable site into ``site/``.

    python3 scripts/build.py [--out site]

Needs ``npm ci`` to have filled ``node_modules/`` (the pinned runtime) and
the svgwrite wheel in ``static/vendor/`` (``scripts/setup.sh`` does both).
The result is a folder of static files: upload it as it is to any web host.

* ``static/vendor/pyscript/`` and ``static/vendor/pyodide/``: the runtime,
  copied from ``node_modules`` (only the files the page loads);
* ``static/build/plateau-<hash>.zip``: the ``plateau`` package (as bytecode
  of the vendored Pyodide when node can run it, else as sources), svgwrite's
  bytecode, a games index for the home screen, and ``boards/``; unpacked by
  PyScript's ``[files]`` into the interpreter's home;
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


# Compiles Python sources to the bytecode of the vendored Pyodide, run by node
# (the set-up's npm already needs it): the browser then loads .pyc files
# instead of compiling every module at each start.
PYC_JS = r"""
const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.PLATEAU_PYC_SRC }, "/src");
const ok = py.runPython(`
import compileall, py_compile
compileall.compile_dir("/src", ddir="/home/pyodide", quiet=1, workers=1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
process.stdout.write(py.runPython("import sys; sys.implementation.cache_tag") + (ok ? "" : " errors") + "\n");
"""
PYODIDE_TAG = ""


def precompile(files: list[tuple[Path, str]]) -> dict[str, bytes]:
    """Bytecode of the bundle's modules (keyed by their source's name) and
    of svgwrite, whose wheel ships sources only (keyed by its
    ``__pycache__`` name; unchecked-hash, so used whatever the dates of the
    unpacked files). Empty when node or the vendored Pyodide cannot run:
    the bundle then ships sources and the site still works."""
    global PYODIDE_TAG
    import os
    import subprocess
    import tempfile

    pyo = ROOT / "node_modules" / "pyodide"
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    with tempfile.TemporaryDirectory(prefix="plateau-pyc-") as tmp:
        src = Path(tmp)
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
        env = {**os.environ, "PLATEAU_PYODIDE_MJS": (pyo / "pyodide.mjs").as_uri(),
               "PLATEAU_PYODIDE_DIR": str(pyo) + "/", "PLATEAU_PYC_SRC": str(src)}
        try:
            run = subprocess.run(["node", "--input-type=module", "-e", PYC_JS], env=env, cwd=tmp,
                                 capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f"build: no precompiled bytecode (node: {e}); the browser will compile the sources",
                  file=sys.stderr)
            return {}
        tag = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
        if run.returncode != 0 or not tag.startswith("cpython-"):
            print(f"build: no precompiled bytecode ({(run.stderr or run.stdout).strip()[-300:]})", file=sys.stderr)
            return {}
        if tag.endswith(" errors"):
            tag = tag.split()[0]
            print("build: some modules did not compile to bytecode (sources kept)", file=sys.stderr)
        PYODIDE_TAG = tag + ":" + json.loads((pyo / "package.json").read_text())["version"]
        out = {}
        for name, ours in names.items():
            parent, _, stem = name.rpartition("/")
            pyc = src / parent / "__pycache__" / f"{stem[:-3]}.{tag}.pyc"
            if pyc.is_file():
                out[name if ours else f"{parent}/__pycache__/{stem[:-3]}.{tag}.pyc"] = pyc.read_bytes()
        return out


def games_index() -> bytes:
    """Title and player counts of every registered game, for the home
    screen, which then imports no game. Empty if a game does not load here
    (the app then asks the games themselves)."""
    import os
    import subprocess

    code = ("import json; from plateau.core.registry import GAMES, get_game; "
            "print(json.dumps({i: {'title': g.title, 'min_players': g.min_players, 'max_players': g.max_players}"
            " for i, g in ((i, get_game(i)) for i in GAMES)}, ensure_ascii=False, sort_keys=False))")
    path = os.pathsep.join([str(ROOT / "py"), str(ROOT / "static" / "vendor" / SVGWRITE_WHEEL)])
    run = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": path},
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f"build: no games index ({run.stderr.strip()[-300:]})", file=sys.stderr)
        return b""
    return run.stdout.strip().encode()


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
    pyc = precompile(files)
    h.update(b"sourceless pyc:" + PYODIDE_TAG.encode() if pyc else b"")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        entries = []
        for p, name in files:
            data = p.read_bytes()
            h.update(name.encode() + b"\0" + data)
            # a compiled module ships as its bytecode alone (``x.pyc`` beside where ``x.py`` was)
            entries.append((name + "c", pyc.pop(name)) if name in pyc else (name, data))
        entries += sorted(pyc.items())  # svgwrite's, in its __pycache__ (its sources come from the wheel)
        index = games_index()
        if index:
            h.update(b"plateau/games/index.json\0" + index)
            entries.append(("plateau/games/index.json", index))
        for name, data in entries:
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
