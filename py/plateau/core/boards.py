"""Board data files (``boards/<name>.json``), found both in the source tree
and in the site bundle that the browser unpacks."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent  # .../plateau


def _candidates(name: str):
    env = os.environ.get("PLATEAU_BOARDS")
    if env:
        yield Path(env) / name
    yield _PKG.parent.parent / "boards" / name  # source tree: py/plateau -> boards/
    yield _PKG.parent / "boards" / name  # site bundle: <root>/plateau -> <root>/boards/


@lru_cache(maxsize=None)
def load_board(name: str) -> dict:
    """The parsed JSON of ``boards/<name>`` (``name`` includes ``.json``)."""
    for path in _candidates(name):
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
    raise FileNotFoundError(f"board file {name!r} not found")
