"""Bazzica in the registry, and the examples in its modules' docstrings.

Source: ../shared/DESIGN.md ("Rules engine contract").
"""

from __future__ import annotations

import doctest
import importlib

import pytest

from games.rules import Game, all_games, get_game

MODULES = [
    "games.rules.bazzica_cards",
    "games.rules.bazzica_melds",
    "games.rules.bazzica_scoring",
]


def test_bazzica_is_registered_under_its_slug_with_its_name_and_seats():
    game = get_game("bazzica")
    assert isinstance(game, Game) and game in all_games()
    assert (game.slug, game.name, game.seats) == ("bazzica", "Bazzica", (2,))
    assert set(game.options) == {"target", "reuse", "brisques"}


@pytest.mark.parametrize("seats", [3, 4, 1])
def test_bazzica_is_for_two_players_only(seats):
    with pytest.raises(ValueError, match="played by"):
        get_game("bazzica").new_deal(seats=seats)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_the_module_hold(name):
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0
