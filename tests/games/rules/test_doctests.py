"""The examples in the engine's docstrings hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import games.rules

MODULES = [
    "games.rules",
    "games.rules.bazzica.cards",
    "games.rules.bazzica.melds",
    "games.rules.bazzica.table_scoring",
    "games.rules.banking",
    "games.rules.fairness",
    "games.rules.sette_e_mezzo.scoring",
    "games.rules.ziginette.deal",
    "games.rules.briscola.scoring",
    "games.rules.burraco.melds",
    "games.rules.burraco.scoring",
    "games.rules.calabrasella.scoring",
    "games.rules.captures",
    "games.rules.cards",
    "games.rules.machiavelli.melds",
    "games.rules.machiavelli.partition",
    "games.rules.machiavelli.scoring",
    "games.rules.matches",
    "games.rules.pinch_tarot.melds",
    "games.rules.pinch_tarot.scoring",
    "games.rules.registry",
    "games.rules.rumino.melds",
    "games.rules.rumino.scoring",
    "games.rules.scopa.scoring",
    "games.rules.spizzichino.scoring",
    "games.rules.tressette.scoring",
    "games.rules.tute.scoring",
    "games.rules.tricks",
    "games.rules.views",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_the_module_hold(name):
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0


def test_every_engine_module_with_docstring_examples_is_listed():
    names = [
        module.name
        for module in pkgutil.walk_packages(games.rules.__path__, "games.rules.")
        if module.name != "games.rules.__main__"  # running it is the command line
    ]
    with_examples = {
        name
        for name in ["games.rules", *names]
        if any(
            test.examples for test in doctest.DocTestFinder().find(importlib.import_module(name))
        )
    }
    assert with_examples == set(MODULES)
