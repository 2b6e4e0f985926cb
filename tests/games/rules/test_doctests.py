"""The examples in the engine's docstrings hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "games.rules",
    "games.rules.cards",
    "games.rules.tricks",
    "games.rules.registry",
    "games.rules.spizzichino_scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_the_module_hold(name):
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0
