"""The memory snapshot of the started runtime, made under node
(node/snapshot.mjs), which the boot module restores on later visits."""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .common import short_hash

HERE = Path(__file__).resolve().parent


# The standard library modules the app imports beyond what Pyodide's own start
# does (the home screen, a game resumed: svgwrite's xml.etree), imported before
# the snapshot is taken. urllib.request is the site's stand-in (STDLIB_STANDINS).
SNAPSHOT_IMPORTS = ("import hmac, html, html.entities, ipaddress, secrets, urllib.parse, "
                    "xml.etree.ElementTree, xml.etree.ElementPath")


# svgwrite, which every board is drawn with, is a pinned wheel: imported in
# the snapshot with its submodules, and one drawing of each kind of element
# Plateau uses made, so the first board of a visit is drawn without importing
# it or compiling its regular expressions.
# (in_pyodide/snapshot_warm.py, read as it is: its text is run in the runtime
# the snapshot keeps)
SNAPSHOT_WARM = (HERE / "in_pyodide" / "snapshot_warm.py").read_text(encoding="utf-8")


# Plateau's modules the home screen imports that touch nothing of the page (no
# ``js`` at their top): the engine's core (the game protocol, records, the
# registry, words) and the web layer's own logic (the controller, sessions,
# saving, club mode's messages, the catalogue of sentences). Imported before
# the snapshot is taken, their classes (dataclasses write and compile their
# methods at import) are made once at build time instead of at every start.
# The modules that reach the page at import (dom.py and those that import it)
# are imported by main.py after the restore. The snapshot then belongs to this
# build's bundle: ``plateau.__bundle__`` holds the bundle's version, and the
# boot module starts Python normally when it is not its own
# (static/pyodide-boot.mjs, snapshotOfThisBuild). Only the games' modules,
# never imported by the home screen, stay out (a snapshot with the whole engine
# and its games measured no faster: 4.7 MB bigger).
SNAPSHOT_PLATEAU = ("plateau.core", "plateau.core.registry", "plateau.core.i18n", "plateau.web.messages",
                    "plateau.web.startup", "plateau.web.markdown", "plateau.web.view", "plateau.web.store",
                    "plateau.web.session", "plateau.web.controller", "plateau.web.club",
                    "plateau.web.lazy_files")


# (in_pyodide/snapshot_plateau.py: NAMES and BUNDLE are set before it runs)
SNAPSHOT_PLATEAU_PY = (HERE / "in_pyodide" / "snapshot_plateau.py").read_text(encoding="utf-8")


# the program node runs to make the snapshot
SNAPSHOT_JS = (HERE / "node" / "snapshot.mjs").read_text(encoding="utf-8")

SPARSE_MAGIC = b"PLSN"
SPARSE_PAGE = 4096


def sparse(data: bytes) -> bytes:
    """A memory snapshot without its pages of zeros (about 60 % of it): the
    magic ``PLSN``, then little-endian u32s: format 1, the snapshot's length,
    the page size; a bitmap with one bit per page (1: the page follows), the
    non-zero pages in order (the last one may be short). The boot module
    rebuilds the snapshot in a zero-filled buffer: no decompression to run,
    and a host's gzip still shrinks the download (12 MB to about 5)."""
    n = (len(data) + SPARSE_PAGE - 1) // SPARSE_PAGE
    bitmap = bytearray((n + 7) // 8)
    pages = []
    for i in range(n):
        page = data[i * SPARSE_PAGE:(i + 1) * SPARSE_PAGE]
        if page.count(0) != len(page):
            bitmap[i >> 3] |= 1 << (i & 7)
            pages.append(page)
    return SPARSE_MAGIC + struct.pack("<3I", 1, len(data), SPARSE_PAGE) + bytes(bitmap) + b"".join(pages)


def memory_snapshot(out: Path, pyodide: str, bundle_path: str, bundle_version: str) -> str:
    """The memory snapshot of the site's runtime (``pyodide``: the site path of
    its ``pyodide.mjs``), started with Plateau's bundle ``bundle_path`` (of version
    ``bundle_version``) in place, as
    ``static/vendor/pyodide-snapshot-<hash>.bin``, without its zero pages (see
    ``sparse``), made under node (node/snapshot.mjs). Returns its site path, ""
    when there is none (without node): every visit then starts Python."""
    pyo_dir = out / Path(pyodide).parent
    with tempfile.TemporaryDirectory(prefix="plateau-snap-") as tmp:
        target = Path(tmp) / "snapshot.bin"
        env = {**os.environ, "PLATEAU_PYODIDE_DIR": str(pyo_dir) + "/", "PLATEAU_SNAPSHOT_OUT": str(target),
               "PLATEAU_SNAPSHOT_IMPORTS": SNAPSHOT_IMPORTS, "PLATEAU_SNAPSHOT_WARM": SNAPSHOT_WARM,
               "PLATEAU_SNAPSHOT_FILES": str(Path(tmp) / "files.json"),
               "PLATEAU_SNAPSHOT_PLATEAU": " ".join(SNAPSHOT_PLATEAU), "PLATEAU_SNAPSHOT_PLATEAU_PY": SNAPSHOT_PLATEAU_PY,
               "PLATEAU_SNAPSHOT_BUNDLE": bundle_version}
        with zipfile.ZipFile(io.BytesIO(gzip.decompress((out / bundle_path).read_bytes()))) as z:
            sources = {n: base64.b64encode(z.read(n)).decode() for n in z.namelist()
                       if n.startswith(("svgwrite/", "plateau/")) and not n.endswith("/")}
        (Path(tmp) / "files.json").write_text(json.dumps(sources), encoding="utf-8")
        try:
            # given as text (``-e``), not as a file: run from the file, the runtime takes its path (process.argv)
            # for its program's name, which the snapshot keeps (other bytes)
            run = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_JS], env=env, cwd=tmp,
                                 capture_output=True, text=True, timeout=600)
            ok = run.returncode == 0 and target.is_file()
            why = (run.stderr or run.stdout).strip()[-300:]
        except (OSError, subprocess.TimeoutExpired) as e:
            ok, why = False, str(e)
        if not ok:
            print(f"build: no interpreter snapshot ({why}); every visit starts Python", file=sys.stderr)
            return ""
        data = sparse(target.read_bytes())
    name = f"pyodide-snapshot-{short_hash(data)}.bin"
    (out / "static" / "vendor" / name).write_bytes(data)
    return f"static/vendor/{name}"
