"""What every stage of the build shares: where the sources are, how it stops,
content hashes for file names."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / ".tools"  # the build's own tools (scripts/setup.sh installs them there)
SVGWRITE_WHEEL = "svgwrite-1.4.3-py3-none-any.whl"
ZIP_DATE = (2024, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same zip


def fail(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr)
    sys.exit(1)


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def dir_hash(d: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(d.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(d).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:12]
