"""The service worker (``sw.js`` at the site's root, from static/sw.js): every
file the page loads listed with its SHA-256, its cache named from that list."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import ROOT, short_hash


def service_worker(out: Path, shell: list[str]) -> str:
    """``sw.js`` listing ``shell`` (the page's own files, pages.pages) and
    every file of ``static/vendor`` and ``static/build``; returns the name of
    its cache."""
    static = out / "static"
    shell = list(shell)
    # (the runtime's module is only for node, which the build's snapshot runs: the page loads
    # the classic script made of it, runtime_patches.CLASSIC_RUNTIME)
    for p in sorted((static / "vendor").rglob("*")) + sorted((static / "build").rglob("*")):
        if p.is_file() and p.name not in ("version.json", "pyodide.asm.mjs"):
            shell.append(p.relative_to(out).as_posix())
    manifest = {}
    for url in shell:
        manifest[url] = hashlib.sha256((out / url.split("?")[0]).read_bytes()).hexdigest()
    cache = "plateau-" + short_hash(json.dumps(manifest, sort_keys=True).encode())
    # the service worker must sit at the site's root to cover index.html
    sw = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace('"__CACHE__"', json.dumps(cache)).replace("__MANIFEST__", json.dumps(manifest, indent=0))
    (out / "sw.js").write_text(sw, encoding="utf-8")
    return cache
