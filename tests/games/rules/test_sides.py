"""The N-seat contract of games/rules/base.py: sides, side points, places per side."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.base import Game, partners_opposite
from games.rules.matches import higher_total_at_target
from games.rules.registry import all_games, get_game


class TableOfFour(Game):
    """A stand-in game of four in two partnerships, to 10 points."""

    slug = "test-four"
    name = "Test four"
    seats = (3, 4)
    options: dict[str, Any] = {}

    def sides(self, seats, options):
        return partners_opposite(seats) if seats == 4 else super().sides(seats, options)

    def match_winner(self, results, options):
        return higher_total_at_target(self.match_scores(results, options), 10)


def test_partners_sit_opposite_and_odd_tables_have_no_partnerships():
    assert partners_opposite(4) == ((0, 2), (1, 3))
    assert partners_opposite(6) == ((0, 2, 4), (1, 3, 5))
    with pytest.raises(ValueError):
        partners_opposite(3)


def test_side_of_names_each_seats_side_and_refuses_a_stranger():
    game = TableOfFour()
    assert [game.side_of(4, {}, seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [game.side_of(3, {}, seat) for seat in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError):
        game.side_of(4, {}, 4)


def test_match_scores_add_side_points_and_places_rank_the_sides():
    game = TableOfFour()
    results = [
        {"points": [3, 5, 3, 5], "side_points": [3, 5]},
        {"points": [8, 1, 8, 1], "side_points": [8, 1]},
    ]
    assert game.match_scores(results, {}) == [11, 6]
    assert game.match_winner(results, {}) == 0
    assert game.match_places(results, {}) == [1, 2]
    assert game.match_places(results[:1], {}) is None


def test_places_of_a_table_of_three_share_equal_totals_behind_the_winner():
    game = TableOfFour()
    results = [{"points": [4, 12, 4]}]
    assert game.match_scores(results, {}) == [4, 12, 4]
    assert game.match_places(results, {}) == [2, 1, 2]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_result_has_side_points_and_a_two_seat_side_is_its_seat(game):
    seats = game.seats[0]
    deal = game.new_deal(seats=seats, seed=7)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    result = deal.result()
    if game.sides(seats, deal.options) == tuple((seat,) for seat in range(seats)):
        assert deal.sides == tuple((seat,) for seat in range(seats))
        assert result["side_points"] == result["points"]
        assert deal.view(None)["sides"] == [[seat] for seat in range(seats)]
    assert len(result["side_points"]) == len(deal.sides)


def test_a_seat_count_the_game_does_not_allow_is_refused():
    with pytest.raises(ValueError, match="played by"):
        get_game("scopa").new_deal(seats=5)
