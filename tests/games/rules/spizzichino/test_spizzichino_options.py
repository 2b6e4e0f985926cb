"""Spizzichino's options: target, buongiochi, peek_bottom.

Source: ../shared/rules/README.md ("Spizzichino"), 000 ("Variations").
"""

from __future__ import annotations

from games.rules import Option
from tests.games.rules.spizzichino.test_spizzichino_helpers import GAME


def test_the_options_are_declared_with_their_choices_and_help():
    assert list(GAME.options) == ["target", "buongiochi", "peek_bottom"]
    assert GAME.options["target"].choices == (21, 31, 41, 51)
    assert GAME.options["buongiochi"] == Option(
        "buongiochi", "all", ("all", "initial_hand_only", "none"), GAME.options["buongiochi"].help
    )
    assert all(option.help for option in GAME.options.values())


def test_the_default_target_is_31_without_buongiochi_and_51_with_them():
    assert GAME.validate_options({"buongiochi": "none"})["target"] == 31
    assert GAME.validate_options({"buongiochi": "initial_hand_only"})["target"] == 51
    assert GAME.validate_options({"buongiochi": "none", "target": 41})["target"] == 41
