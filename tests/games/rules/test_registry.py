"""The registry and the engine's independence from Django.

Source: ../shared/DESIGN.md ("Rules engine contract"), ../shared/STYLE.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import Game, IllegalAction, all_games, get_game

REPO = Path(__file__).resolve().parents[3]


def test_spizzichino_is_registered_under_its_slug_with_its_name_and_seats():
    game = get_game("spizzichino")
    assert isinstance(game, Game)
    assert (game.slug, game.name, game.seats) == ("spizzichino", "Spizzichino", (2,))


def test_an_unknown_slug_is_a_key_error_naming_the_known_games():
    with pytest.raises(KeyError, match="unknown game 'poker'.*spizzichino"):
        get_game("poker")


def test_all_games_are_listed_sorted_by_slug():
    slugs = [game.slug for game in all_games()]
    assert "spizzichino" in slugs
    assert slugs == sorted(slugs)


def test_an_illegal_action_is_a_value_error_with_a_message_key():
    error = IllegalAction("must_follow_suit", "you must follow suit", suit="D")
    assert isinstance(error, ValueError)
    assert (error.key, str(error), error.params) == (
        "must_follow_suit",
        "you must follow suit",
        {"suit": "D"},
    )


def test_the_engine_imports_nothing_from_django():
    code = (
        "import sys, games.rules, games.rules.cli;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
