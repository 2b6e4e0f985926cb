"""games/game_options.py: every game's options and player counts as form fields, read back
exactly; bad values refused with a message."""

from __future__ import annotations

import pytest

from games.game_options import (
    describe_options,
    game_form,
    options_from_post,
    seats_from_post,
)
from games.rules import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_choice_of_every_option_reads_back_as_itself(game):
    form = game_form(game)
    defaults = game.validate_options({})
    assert form["default_seats"] == game.seat_counts(defaults)[0]
    assert set(game.seat_counts(defaults)) <= set(form["seat_choices"])
    assert [field["name"] for field in form["options"]] == list(game.options)
    assert options_from_post(game, {}) == defaults
    for field in form["options"]:
        option = game.options[field["name"]]
        assert [c["selected"] for c in field["choices"]].count(True) == 1
        for choice, shown in zip(option.choices, field["choices"], strict=True):
            try:
                expected = game.validate_options({field["name"]: choice})
            except ValueError:
                continue
            read = options_from_post(game, {field["field"]: shown["value"]})
            assert read == expected and type(read[field["name"]]) is type(choice)
            if choice != option.default:
                assert shown["label"] in describe_options(game, read)


def test_bad_values_and_counts_are_refused_with_a_message():
    from games.rules import get_game

    scopa, bazzica = get_game("scopa"), get_game("bazzica")
    with pytest.raises(ValueError, match="cannot be 12"):
        options_from_post(scopa, {"option-scopa-target": "12"})
    with pytest.raises(ValueError, match="played by 2"):
        seats_from_post(scopa, {"seats-scopa": "3"}, scopa.validate_options({}))
    with pytest.raises(ValueError, match="played by"):
        seats_from_post(scopa, {"seats-scopa": "two"}, scopa.validate_options({}))
    tre = options_from_post(bazzica, {"option-bazzica-variant": "tre"})
    assert seats_from_post(bazzica, {}, tre) == 3
    assert seats_from_post(bazzica, {"seats": "3"}, tre) == 3  # the plain field name too
    assert describe_options(scopa, scopa.validate_options({})) == ""
