"""The site's standard library holds the modules the site imports, and only
those (issue 30: a light first visit; scripts/sitebuild/stdlib.py): every
standard-library import of Plateau, svgwrite and main.py is in the trimmed
zip; every module kept imports in the trimmed runtime whenever it imports in
Pyodide's own; what only tools use is left out; and the page imports every
module of Plateau's bundle."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from harness import READY, open_app

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitebuild.common import SVGWRITE_WHEEL  # noqa: E402

NPM_PYODIDE = ROOT / "node_modules" / "pyodide"



#: imported by the code below only inside a function Plateau never calls, and left out
#: (scripts/sitebuild/stdlib.py, STDLIB_LEAVE_OUT)
NEVER_CALLED = {
    "xml.dom.minidom": "svgwrite.utils.pretty_xml (Plateau writes compact SVG)",
}


def _zip_modules(path: Path) -> set[str]:
    out = set()
    for n in zipfile.ZipFile(path).namelist():
        if n.endswith((".py", ".pyc")):
            mod = n.rsplit(".", 1)[0].replace("/", ".")
            out.add(mod[:-len(".__init__")] if mod.endswith(".__init__") else mod)
    return out


def _site_stdlib(site_dir: Path) -> Path:
    return next((site_dir / "static" / "vendor").glob("pyodide-*/python_stdlib.zip"))


def _site_later(site_dir: Path) -> Path:
    """The standard library's later part (scripts/sitebuild/stdlib.py, stdlib_later)."""
    return next((site_dir / "static" / "build").glob("stdlib-later-*.zip"))


def _site_modules(site_dir: Path) -> set[str]:
    """Every module of the site's standard library: the runtime's zip (what the
    start imports) and the later part."""
    return _zip_modules(_site_stdlib(site_dir)) | _zip_modules(_site_later(site_dir))


def _imports(source: str) -> set[str]:
    """Every module an import statement of ``source`` names, at any depth (a
    ``from a import b`` names ``a`` and, if it is one, the module ``a.b``)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def _app_sources() -> dict[str, str]:
    """Plateau's modules (its command-line entry points aside), svgwrite and main.py."""
    files = {p.relative_to(ROOT / "py").as_posix(): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "py" / "plateau").rglob("*.py"))
             if p.name != "__main__.py" and "__pycache__" not in p.parts}
    with zipfile.ZipFile(ROOT / "static" / "vendor" / SVGWRITE_WHEEL) as w:
        files.update({n: w.read(n).decode("utf-8-sig") for n in w.namelist() if n.endswith(".py")})
    files["main.py"] = (ROOT / "static" / "main.py").read_text(encoding="utf-8")
    return files


def test_every_standard_module_the_app_imports_is_in_the_site_zip(site_dir):
    full = _zip_modules(NPM_PYODIDE / "python_stdlib.zip")  # Pyodide's whole standard library
    kept = _site_modules(site_dir)
    wanted: dict[str, str] = {}
    for name, text in _app_sources().items():
        for mod in _imports(text):
            if mod in full:
                wanted.setdefault(mod, name)
    assert len(wanted) > 20  # json, re, dataclasses, xml.etree.ElementTree...
    missing = {m: by for m, by in wanted.items() if m not in kept and m not in NEVER_CALLED}
    assert not missing, missing
    # the parents of every kept module are kept (zipimport needs each package's __init__)
    assert not {m.rpartition(".")[0] for m in kept if "." in m} - kept


def test_what_only_tools_use_is_left_out(site_dir):
    kept = _site_modules(site_dir)
    full = _zip_modules(NPM_PYODIDE / "python_stdlib.zip")
    for mod in ("pydoc", "pdb", "doctest", "unittest", "_pyrepl", "argparse", "email", "http.client",
                "multiprocessing", "tarfile", "xml.dom.minidom", "_pydatetime"):
        assert mod in full and mod not in kept, mod
    # urllib.request, which svgwrite and xml.sax.saxutils import at their top: the site's stand-in
    with zipfile.ZipFile(_site_stdlib(site_dir)) as z:
        assert len(z.read("urllib/request.pyc")) < 2000
    assert len(kept) < len(full) / 2, (len(kept), len(full))
    # a module and its parents, encodings Python looks up by name, Pyodide's API: kept
    for mod in ("xml.etree.ElementTree", "xml.etree", "xml", "encodings.utf_8", "encodings.latin_1",
                "encodings.cp437", "pyodide.ffi", "_pyodide._importhook", "asyncio", "json", "secrets"):
        assert mod in kept, mod


# Imports each module the zip holds (read from the zip itself), in a runtime
# under node; prints the ones that failed, as JSON.
IMPORT_ALL_JS = r"""
const { loadPyodide } = await import(process.env.PLATEAU_PYODIDE_MJS);
const py = await loadPyodide({ indexURL: process.env.PLATEAU_PYODIDE_DIR });
py.globals.set("NAMES", JSON.parse(process.env.PLATEAU_NAMES));
if (process.env.PLATEAU_LATER) {  // the site's later part, found as the page finds it (static/pyodide-boot.mjs)
  const fs = await import("fs");
  py.FS.writeFile("/lib/plateau-stdlib-later.zip", fs.readFileSync(process.env.PLATEAU_LATER));
  py.globals.set("LATER", JSON.parse(process.env.PLATEAU_LATER_NAMES));
  py.runPython(`
import sys, zipimport
class Later:
    def __init__(self, names):
        self.names = set(names)
    def find_spec(self, name, path=None, target=None):
        if name in self.names:
            package = name.rpartition(".")[0].replace(".", "/")
            return zipimport.zipimporter("/lib/plateau-stdlib-later.zip" + ("/" + package if package else "")).find_spec(name)
sys.meta_path.insert(0, Later(LATER))
`);
}
process.stdout.write(py.runPython(`
import importlib, json, sys
failed = {}
for name in NAMES:
    try:
        importlib.import_module(name)
    except BaseException as e:  # SystemExit, KeyboardInterrupt... from a module's top included
        failed[name] = type(e).__name__ + ": " + str(e)
json.dumps(failed)
`) + "\n");
"""


def _import_all(pyodide_dir: Path, names: list[str], later: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "PLATEAU_PYODIDE_MJS": (pyodide_dir / "pyodide.mjs").as_uri(),
           "PLATEAU_PYODIDE_DIR": str(pyodide_dir) + "/", "PLATEAU_NAMES": json.dumps(names),
           "PLATEAU_LATER": str(later or ""), "PLATEAU_LATER_NAMES": json.dumps(sorted(_zip_modules(later)) if later else [])}
    with tempfile.TemporaryDirectory(prefix="plateau-stdlib-") as tmp:
        run = subprocess.run(["node", "--input-type=module", "-e", IMPORT_ALL_JS], env=env, cwd=tmp,
                             capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_every_kept_module_imports_in_the_trimmed_runtime_as_in_the_whole_one(site_dir):
    stdlib = _site_stdlib(site_dir)
    names = sorted(_site_modules(site_dir))
    site_failed = _import_all(stdlib.parent, names, _site_later(site_dir))
    whole_failed = _import_all(NPM_PYODIDE, names)
    # a module that cannot import anywhere (a Windows one, say) is no loss of the trimming
    assert set(site_failed) <= set(whole_failed), {m: site_failed[m] for m in set(site_failed) - set(whole_failed)}
    assert len(names) - len(site_failed) > 150


def test_the_start_imports_nothing_of_the_later_part(site_dir):
    # the runtime's start and every module the snapshot imports, in the runtime with its own zip
    # alone: a module of the later part imported by the start would fail here
    stdlib = _site_stdlib(site_dir)
    start = sorted(_zip_modules(stdlib))
    later = _zip_modules(_site_later(site_dir))
    assert later and not later & set(start)
    assert {"statistics", "difflib", "fractions"} <= later  # the computer's and the games' helpers
    site_failed, whole_failed = _import_all(stdlib.parent, start), _import_all(NPM_PYODIDE, start)
    assert set(site_failed) <= set(whole_failed), {m: site_failed[m] for m in set(site_failed) - set(whole_failed)}


@pytest.mark.browser
def test_the_page_imports_every_module_of_plateau_and_svgwrite(page, base_url):
    open_app(page, base_url)
    # the games' files and the later part in place (nothing is fetched while Python imports)
    page.wait_for_selector("html[data-games=stored]", state="attached", timeout=60_000)
    boot = page.get_attribute('script[type=module][src*="pyodide-boot-"]', "src")
    mods = sorted({n[:-3].replace("/", ".").removesuffix(".__init__") for n in _app_sources()
                   if n.endswith(".py") and n != "main.py"})
    failed = page.evaluate("""async ([boot, names]) => {
      const py = await (await import(boot)).started;
      py.globals.set("NAMES", names);
      return py.runPython(`
import importlib, json
failed = {}
for name in NAMES:
    try:
        importlib.import_module(name)
    except Exception as e:
        failed[name] = type(e).__name__ + ": " + str(e)
json.dumps(failed)
`);
    }""", ["/" + boot, mods])
    assert json.loads(failed) == {}
    assert page.get_attribute("html", "data-error") is None
    assert page.locator(READY).count() == 1
