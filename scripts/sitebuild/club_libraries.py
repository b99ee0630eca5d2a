"""Club mode's QR-code libraries into the site (drawn and read in the page,
never fetched from another site)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .common import ROOT, fail


#: club mode's libraries (web/club_page.py loads them when a game is played on several devices):
#: npm package -> (its file, the licence file), pinned in package.json; copied to
#: static/vendor/<package>-<version>/, a path that changes with the version
CLUB_VENDOR = {"qrcode-generator": ("dist/qrcode.js", None), "jsqr": ("dist/jsQR.js", "LICENSE")}


def vendor_club(out: Path) -> list[str]:
    """The QR-code libraries (drawing: qrcode-generator, MIT; reading camera
    frames: jsQR, Apache-2.0) into the site; returns their site paths."""
    paths = []
    for name, (file, licence) in CLUB_VENDOR.items():
        pkg = ROOT / "node_modules" / name
        if not (pkg / file).is_file():
            fail(f"node_modules/{name} is missing: run `npm ci` first (scripts/setup.sh does)")
        version = json.loads((pkg / "package.json").read_text())["version"]
        dest = out / "static" / "vendor" / f"{name}-{version}"
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copy2(pkg / file, dest / Path(file).name)
        if licence:
            shutil.copy2(pkg / licence, dest / licence)
        paths.append((dest / Path(file).name).relative_to(out).as_posix())
    return paths
