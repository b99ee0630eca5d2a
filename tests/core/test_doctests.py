"""Run the docstring examples of the pure modules."""

import doctest
import importlib

import pytest

MODULES = ["plateau.core.rng", "plateau.core.i18n", "plateau.core.record", "plateau.web.markdown",
           "plateau.web.controller"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
