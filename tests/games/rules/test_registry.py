"""The registry and the engine's independence from Django; each game's entry is checked
in test_contract.py.

Source: ../shared/DESIGN.md ("Rules engine contract"), ../shared/STYLE.md.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from games.rules import IllegalAction, all_games, get_game
from tests.games.rules.helpers import REPO


def test_an_unknown_slug_is_a_key_error_naming_the_known_games():
    with pytest.raises(KeyError, match="unknown game 'poker'.*spizzichino"):
        get_game("poker")


def test_all_games_are_listed_sorted_by_slug():
    slugs = [game.slug for game in all_games()]
    assert "spizzichino" in slugs and len(slugs) == len(set(slugs))
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
