"""Spizzichino's options: target, buongiochi, peek_bottom.

Source: ../shared/rules/README.md ("Spizzichino"), 000 ("Variations").
"""

from __future__ import annotations

import pytest

from games.rules import Option
from tests.games.rules.helpers import GAME


def test_the_options_are_declared_with_their_choices_and_help():
    assert list(GAME.options) == ["target", "buongiochi", "peek_bottom"]
    assert GAME.options["target"].choices == (21, 31, 41, 51)
    assert GAME.options["buongiochi"] == Option(
        "buongiochi", "all", ("all", "initial_hand_only", "none"), GAME.options["buongiochi"].help
    )
    assert all(option.help for option in GAME.options.values())


def test_no_options_means_the_defaults():
    expected = {"target": 51, "buongiochi": "all", "peek_bottom": False}
    assert GAME.validate_options(None) == expected
    assert GAME.validate_options({}) == expected


def test_the_default_target_is_31_without_buongiochi_and_51_with_them():
    assert GAME.validate_options({"buongiochi": "none"})["target"] == 31
    assert GAME.validate_options({"buongiochi": "initial_hand_only"})["target"] == 51
    assert GAME.validate_options({"buongiochi": "none", "target": 41})["target"] == 41


def test_validated_options_are_a_fresh_dict_each_time():
    first = GAME.validate_options(None)
    first["target"] = 21
    assert GAME.validate_options(None)["target"] == 51


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"targte": 51}, "unknown option"),
        ({"target": 50}, "'target' cannot be 50"),
        ({"target": "51"}, "'target' cannot be '51'"),
        ({"target": 51.0}, "'target' cannot be 51.0"),
        ({"buongiochi": "some"}, "'buongiochi' cannot be 'some'"),
        ({"peek_bottom": 1}, "'peek_bottom' cannot be 1"),
        ({"peek_bottom": "yes"}, "'peek_bottom' cannot be 'yes'"),
    ],
)
def test_an_unknown_option_or_a_value_not_allowed_is_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.validate_options(options)
    with pytest.raises(ValueError, match=message):
        GAME.new_deal(seats=2, dealer=0, options=options, seed=1)


def test_a_deal_keeps_the_full_normalized_options():
    deal = GAME.new_deal(seats=2, dealer=0, options={"peek_bottom": True}, seed=1)
    assert deal.options == {"target": 51, "buongiochi": "all", "peek_bottom": True}
    assert deal.record()["options"] == deal.options
