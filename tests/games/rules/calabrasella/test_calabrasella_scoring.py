"""Calabrasella's count in thirds, the chips of a hand (004's worked examples) and the
match.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella": "Scoring"),
../shared/rules/README.md (General rulings: exact thirds; "Calabrasella": set-aside
cards score for no one, 35-0 doubled); the match is game.py's decision.
"""

from __future__ import annotations

import doctest

import pytest

import games.rules.calabrasella.scoring as scoring
from games.rules.calabrasella.scoring import (
    PACK,
    TOTAL_THIRDS,
    callable_cards,
    card_thirds,
    hand_result,
    settle,
)
from tests.games.rules.calabrasella.tables import (
    DEALER,
    GAME,
    LEFT,
    RIGHT,
    apply_all,
    new_deal,
    play_first_legal,
)


def test_the_docstring_examples_hold():
    assert doctest.testmod(scoring).failed == 0


def test_an_ace_is_three_thirds_a_three_two_or_court_card_one_the_rest_nothing():
    assert [card_thirds(PACK.mask([code])) for code in ("AS", "3S", "2S", "KS", "QS", "JS")] == [
        3, 1, 1, 1, 1, 1,
    ]  # fmt: skip
    assert [card_thirds(PACK.mask([code])) for code in ("7S", "6S", "5S", "4S")] == [0, 0, 0, 0]
    assert card_thirds(PACK.mask(PACK.codes)) == 32 and TOTAL_THIRDS == 35


@pytest.mark.parametrize(
    ("declarer_thirds", "defenders_thirds", "declarer_chips", "defender_chips"),
    [
        (19, 16, 6, -3),  # 004: each defender pays the declarer three chips
        (11, 24, -26, 13),  # 004: the declarer pays 26 chips in all, 13 to each
        (17, 17, 0, 0),  # equal scores pay nothing
        (35, 0, 140, -70),  # 004: 35-0, each payment 70 chips
        (0, 35, -140, 70),
        (33, 0, 66, -33),  # not 35-0 (points set aside): not doubled
    ],
)
def test_chips_as_004_settles_them(
    declarer_thirds, defenders_thirds, declarer_chips, defender_chips
):
    for declarer in range(3):
        chips, doubled = settle(declarer, declarer_thirds, defenders_thirds)
        expected = [defender_chips] * 3
        expected[declarer] = declarer_chips
        assert chips == expected and sum(chips) == 0
        assert doubled == ({declarer_thirds, defenders_thirds} == {0, 35})


def test_the_declarer_may_call_the_threes_he_lacks_or_the_twos_if_he_has_every_three():
    hand = PACK.mask(["3C", "3D", "2H", "AC"])
    assert PACK.codes_of(callable_cards(hand)) == ["3H", "3S"]
    threes = PACK.mask(["3C", "3D", "3H", "3S", "2H"])
    assert PACK.codes_of(callable_cards(threes)) == ["2C", "2D", "2S"]
    assert callable_cards(threes | PACK.rank_mask("2")) == 0


def test_a_hand_result_adds_the_defenders_and_gives_the_last_trick_three_thirds():
    captured = [PACK.mask(["AC", "KC", "7C"]), PACK.mask(["3D", "2D", "QD"]), PACK.mask(["AH"])]
    result = hand_result(1, captured, 2, PACK.mask(["AS", "JS"]))
    assert result["seat_thirds"] == [4, 3, 6]
    assert (result["declarer_thirds"], result["defenders_thirds"]) == (3, 10)
    assert result["set_aside_thirds"] == 4
    assert result["points"] == [7, -14, 7] and result["last_trick"] == 2
    assert result["passed_out"] is False and result["doubled"] is False


def test_a_declarer_winning_every_trick_with_nothing_set_aside_wins_35_0_doubled():
    # The dealer's left holds every 3 and 2 and three aces (and the 4S); the widow holds
    # the ace of spades and three 4s. He discards the 4S and takes the ace: every card
    # with points is his, and he wins every trick.
    deal = apply_all(new_deal(), "play", "discard 4S", "turn", "take AS")
    assert deal.phase == "play" and deal.to_act == RIGHT
    play_first_legal(deal)
    result = deal.result()
    assert deal.tricks_won(LEFT) == 12
    assert (result["declarer_thirds"], result["defenders_thirds"]) == (35, 0)
    assert result["set_aside_thirds"] == 0 and result["doubled"] is True
    assert result["points"] == [-70, 140, -70]
    assert result["side_points"] == result["points"]


def test_discarded_points_score_for_no_one():
    # As above, but the declarer discards the 2S (1 third) and takes the ace of spades:
    # he now holds the 4S, and when he leads it a defender wins the spade trick with
    # two court cards in it (2 thirds). 34 thirds are in play: 32-2, single payments.
    deal = apply_all(new_deal(), "play", "discard 2S", "turn", "take AS")
    play_first_legal(deal)
    result = deal.result()
    assert result["set_aside_thirds"] == 1
    assert deal.tricks_won(LEFT) == 11 and deal.tricks_won(RIGHT) == 1
    assert (result["declarer_thirds"], result["defenders_thirds"]) == (32, 2)
    assert result["points"] == [-30, 60, -30] and not result["doubled"]


def test_every_finished_hand_counts_35_thirds_with_the_set_aside_cards():
    for seed in range(30):
        deal = GAME.new_deal(seats=3, dealer=seed % 3, seed=seed)
        deal.apply("play")
        play_first_legal(deal)
        result = deal.result()
        assert (
            result["declarer_thirds"] + result["defenders_thirds"] + result["set_aside_thirds"]
            == TOTAL_THIRDS
        )
        assert sum(result["points"]) == 0


# -- the match ------------------------------------------------------------------------


def chips(*rows):
    return [{"points": list(row)} for row in rows]


def test_the_match_is_six_hands_by_default_and_the_most_chips_win():
    results = chips([6, -3, -3], [-26, 13, 13], [0, 0, 0], [4, -8, 4], [2, 2, -4], [1, -2, 1])
    assert GAME.match_winner(results[:5], {}) is None
    assert GAME.match_scores(results, {}) == [-13, 2, 11]
    assert GAME.match_winner(results, {}) == RIGHT
    assert GAME.match_places(results, {}) == [3, 2, 1]


def test_a_tie_for_the_most_chips_is_played_off_by_three_more_hands():
    results = chips([10, -5, -5], [-5, 10, -5], [0, 0, 0])
    assert GAME.match_winner(results, {"deals": 3}) is None
    more = results + chips([0, 0, 0], [2, -1, -1])
    assert GAME.match_winner(more, {"deals": 3}) is None  # after 5 hands: not a round yet
    more += chips([0, 0, 0])
    assert GAME.match_winner(more, {"deals": 3}) == DEALER


def test_places_share_equal_totals_behind_the_winner():
    results = chips([12, -6, -6], [0, 0, 0], [0, 0, 0])
    assert GAME.match_places(results, {"deals": 3}) == [1, 2, 2]


def test_the_number_of_hands_is_an_option_each_player_dealing_equally():
    assert GAME.options["deals"].choices == (3, 6, 9, 12)
    assert all(choice % 3 == 0 for choice in GAME.options["deals"].choices)
    with pytest.raises(ValueError, match="deals"):
        GAME.validate_options({"deals": 4})
    results = chips(*[[2, -1, -1]] * 9)
    assert GAME.match_winner(results[:8], {"deals": 9}) is None
    assert GAME.match_winner(results, {"deals": 9}) == DEALER
