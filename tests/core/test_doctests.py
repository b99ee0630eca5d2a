"""Every docstring example of the engine and of the web layer's pure
modules runs (issue 38, item 6): the modules are found by reading the
sources, so a new example is run without being listed here."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[2] / "py"


def _modules_with_examples() -> list[str]:
    out = []
    for path in sorted((PY / "plateau").rglob("*.py")):
        if ">>> " not in path.read_text(encoding="utf-8"):
            continue
        name = ".".join(path.relative_to(PY).with_suffix("").parts).removesuffix(".__init__")
        out.append(name)
    return out


MODULES = _modules_with_examples()


def test_the_examples_are_found():
    assert {"plateau.core.record", "plateau.web.controller", "plateau.games.thud.board"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
