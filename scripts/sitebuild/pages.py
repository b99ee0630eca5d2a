"""The page: ``static/*`` copied, PyScript's config as JSON, ``index.html``
with every file it loads named by content (or ``?v=<hash>``)."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

from .common import ROOT, fail, short_hash

STATIC_SHELL = ("app.css", "boot.js", "icon.svg", "manifest.webmanifest")
#: files of static/ the build writes in its own way (or not at all: main.py goes into the page)
NOT_COPIED = ("vendor", "build", "sw.js", "pyodide-boot.mjs", "boot-read.mjs", "page", "main.py")


def pages(out: Path, version: str, paths: dict[str, str], home: str, label: str = "") -> list[str]:
    """index.html, the PyScript config and ``static/*``. Every file the page
    loads has a content name (or a ``?v=<hash>``), so the service worker's
    cache for one build holds that build alone. Returns the page's own files
    (index.html, the config, ``static/*?v=<hash>``), which the service worker
    lists first."""
    static = out / "static"
    v = static_files(static)
    config_name = pyscript_config(out, paths)
    page = index_page(v, paths, config_name, core_modules(out, paths["core"]) if "boot" in paths else [])
    page = page.replace("<!-- home -->", home)
    (out / "index.html").write_text(page, encoding="utf-8")
    (static / "build" / "version.json").write_text(json.dumps({"build": version, "label": label}))
    return ["index.html", config_name] + [f"static/{n}?v={h}" for n, h in v.items()]


def static_files(static: Path) -> dict[str, str]:
    """``static/*`` copied (but NOT_COPIED); returns the short hash of each
    file of STATIC_SHELL (the manifest's after its icon is versioned too)."""
    for p in (ROOT / "static").iterdir():
        if p.name in NOT_COPIED:
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
    return v


def pyscript_config(out: Path, paths: dict[str, str]) -> str:
    """PyScript's config as JSON (no TOML parser to load in the page), named
    by content; returns its name."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    config["interpreter"] = "./" + paths.get("boot", paths["pyodide"])
    data = json.dumps(config, indent=1).encode()
    config_name = f"pyscript-{short_hash(data)}.json"
    (out / config_name).write_bytes(data)
    return config_name


def index_page(v: dict[str, str], paths: dict[str, str], config_name: str, core: list[str]) -> str:
    """index.html with the site's paths: ``static/*?v=<hash>`` (``v``), the
    runtime, the boot module and what it preloads (``core``: PyScript's core
    modules), main.py inside the page."""
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
        # and the page's modules it imports (boot.page_modules)
        for path in paths.get("page", []):
            links += f'  <link rel="modulepreload" href="{path}">\n'
        # and PyScript's core (core.js and the chunks it imports): fetched and compiled while the
        # page's thread waits for the home page's paint, instead of after it, beside the runtime
        for path in core:
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
    return page.replace(tag, f'<script type="py" config="{config_name}">\n{main_py}</script>')


def core_modules(out: Path, core: str) -> list[str]:
    """PyScript's core module ``core`` (a site path) and the modules it
    imports statically (``from"./x.js"``, as its bundler writes them), as
    site paths: what loading the core fetches and compiles before it runs."""
    folder = core.rpartition("/")[0]
    text = (out / core).read_text(encoding="utf-8")
    return [core] + [f"{folder}/{name}" for name in re.findall(r'from\s*"\./([\w.-]+\.js)"', text)]
