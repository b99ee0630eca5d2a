"""Plateau's boot module into the site: ``static/pyodide-boot.mjs``, which
PyScript loads as its interpreter, with the site paths it needs written in,
``static/boot-read.mjs``, which reads the bundle in a worker, and the page's
JavaScript that Python calls (``static/page/*.mjs``), which it imports."""

from __future__ import annotations

import json
from pathlib import Path

from .bundles import bundle_version, sources_path
from .common import ROOT, fail, short_hash


def boot_module(out: Path, paths: dict[str, str], bundle_path: str, snap_rel: str,
                games: dict | None = None) -> dict[str, str]:
    """Plateau's boot module (``static/build/pyodide-boot-<hash>.mjs``, from
    static/pyodide-boot.mjs): it restores the snapshot ``snap_rel`` when the
    browser already has it and starts Python normally otherwise (only that
    without a snapshot). Returns the site paths of the boot module, of the
    snapshot ("" when there is none), of the bundle and of the reader."""
    build = out / "static" / "build"
    build.mkdir(parents=True, exist_ok=True)
    reader = (ROOT / "static" / "boot-read.mjs").read_bytes()
    read_name = f"boot-read-{short_hash(reader)}.mjs"
    (build / read_name).write_bytes(reader)
    src = (ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    src = src.replace("__READ__", "./" + read_name)
    src, page = page_modules(build, src)
    src = src.replace("__PYODIDE_MJS__", "../../" + paths["pyodide"])
    src = src.replace("__SNAPSHOT__", "../../" + snap_rel if snap_rel else "")
    src = src.replace("__BUNDLE__", "../../" + bundle_path)
    src = src.replace("__BUNDLE_VERSION__", bundle_version(bundle_path))
    later = sources_path(out, bundle_path)
    src = src.replace("__SOURCES__", "../../" + later if later else "")
    src = src.replace("__CORE__", "../../" + paths["core"])
    src = src.replace("__STDLIB_LATER__", "../../" + paths["stdlib_later"] if paths.get("stdlib_later") else "")
    src = src.replace('"__STDLIB_LATER_MODULES__"', json.dumps(paths.get("later_modules", [])))
    # each game's own bundle and the games it needs (bundles.bundle), paths relative to this module
    lazy = {gid: {"bundle": "../../" + g["bundle"], "needs": g["needs"]} for gid, g in (games or {}).items()}
    src = src.replace('"__GAMES__"', json.dumps(lazy, sort_keys=True))
    name = f"pyodide-boot-{short_hash(src.encode())}.mjs"
    (build / name).write_text(src, encoding="utf-8")
    return {"boot": f"static/build/{name}", "snapshot": snap_rel, "bundle": bundle_path,
            "read": f"static/build/{read_name}", "page": page}


def page_modules(build: Path, boot: str) -> tuple[str, list[str]]:
    """The page's JavaScript that Python calls (``static/page/*.mjs``), each
    written as ``static/build/page-<name>-<hash>.mjs``, and the boot module's
    source ``boot`` importing them by those names (``"./page/<name>.mjs"`` in
    static/pyodide-boot.mjs); returns it and their site paths. A module the
    boot module does not import fails the build (Python would miss it)."""
    paths = []
    for p in sorted((ROOT / "static" / "page").glob("*.mjs")):
        data = p.read_bytes()
        if b'from "./' in data or b"from './" in data:
            fail(f"static/page/{p.name} imports another file: the build names each by its own content only")
        name = f"page-{p.stem}-{short_hash(data)}.mjs"
        (build / name).write_bytes(data)
        ref = f'"./page/{p.name}"'
        if boot.count(ref) != 1:
            fail(f"static/pyodide-boot.mjs does not import static/page/{p.name} (once)")
        boot = boot.replace(ref, f'"./{name}"')
        paths.append(f"static/build/{name}")
    return boot, paths
