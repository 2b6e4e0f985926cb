"""Briscola's scoring: card points, winning a hand, the two-hand match and its options.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": scoring,
the match), ../shared/rules/README.md ("Briscola": 120 points, 61 wins, 60-60
drawn; two hands, a tie broken by one more hand).
"""

from __future__ import annotations

import pytest

from games.rules import Option
from games.rules.briscola.scoring import PACK, card_points, hand_result
from tests.games.rules.briscola.test_briscola_deal import ALICE, BOB, GAME, play_first_legal

# With alice dealing and both players always playing their first legal
# action, this deck ends 60-60.
DRAWN_DECK = [
    "7C", "6H", "2H", "6C", "JS", "QS", "6D", "KS", "KC", "AC", "QC", "5H", "3C", "3S",
    "5S", "2D", "JH", "4D", "QD", "2C", "4H", "4C", "5C", "7D", "5D", "AH", "AS", "QH",
    "KD", "3H", "4S", "3D", "JC", "7H", "JD", "KH", "7S", "2S", "6S", "AD",
]  # fmt: skip


def results(*points):
    return [{"points": list(p)} for p in points]


@pytest.mark.parametrize(
    ("rank", "value"),
    [("A", 11), ("3", 10), ("K", 4), ("Q", 3), ("J", 2), ("7", 0), ("6", 0), ("5", 0),
     ("4", 0), ("2", 0)],
)  # fmt: skip
def test_each_card_is_worth_its_rank_value_in_every_suit(rank, value):
    for suit in "CDHS":
        assert card_points(PACK.mask([rank + suit])) == value


def test_the_pack_holds_120_card_points():
    assert card_points(PACK.mask(PACK.codes)) == 120


def test_61_card_points_win_the_hand():
    alice = PACK.mask(["AC", "AD", "AH", "3C", "3D", "KC", "KD"])  # 33 + 20 + 8
    result = hand_result([alice, PACK.mask(PACK.codes) ^ alice], "two_hands")
    assert result["card_points"] == [61, 59]
    assert result["points"] == [61, 59] and result["winner"] == ALICE


def test_a_whole_hand_ends_with_the_card_points_of_each_players_tricks():
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=DRAWN_DECK)
    play_first_legal(deal)
    result = deal.result()
    assert set(result) == {"points", "side_points", "card_points", "winner", "tricks", "trump"}
    assert result["trump"] == "D" and sum(result["tricks"]) == 20


def test_a_60_60_hand_is_drawn():
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=DRAWN_DECK)
    play_first_legal(deal)
    assert deal.result()["card_points"] == [60, 60]
    assert deal.result()["points"] == [60, 60] and deal.result()["winner"] is None


def test_a_drawn_hand_scores_nothing_when_the_match_counts_hands_won():
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=DRAWN_DECK, options={"match": "one_hand"})
    play_first_legal(deal)
    assert deal.result()["points"] == [0, 0] and deal.result()["card_points"] == [60, 60]
    assert GAME.match_winner([deal.result()], deal.options) is None


def test_the_match_goes_on_after_the_first_hand_whatever_its_score():
    assert GAME.match_winner(results(), {}) is None
    assert GAME.match_winner(results([120, 0]), {}) is None


def test_after_two_hands_the_higher_total_wins_even_with_one_hand_each():
    history = results([70, 50], [55, 65])
    assert GAME.match_scores(history, {}) == [125, 115]
    assert GAME.match_winner(history, {}) == ALICE
    assert GAME.match_winner(results([70, 50], [40, 80]), {}) == BOB


def test_equal_totals_after_two_hands_are_broken_by_one_more_hand():
    history = results([70, 50], [50, 70])
    assert GAME.match_winner(history, {}) is None
    assert GAME.match_winner([*history, *results([59, 61])], {}) == BOB
    assert GAME.match_winner([*history, *results([61, 59])], {}) == ALICE


def test_a_drawn_tie_breaker_is_followed_by_another_hand():
    history = results([70, 50], [50, 70], [60, 60])
    assert GAME.match_winner(history, {}) is None
    assert GAME.match_winner([*history, *results([30, 90])], {}) == BOB


def test_best_of_three_is_won_by_the_first_to_win_two_hands():
    options = {"match": "best_of_three"}
    assert GAME.match_winner(results([1, 0]), options) is None
    assert GAME.match_winner(results([1, 0], [0, 1]), options) is None
    assert GAME.match_winner(results([1, 0], [0, 1], [0, 0]), options) is None
    assert GAME.match_winner(results([1, 0], [0, 1], [0, 0], [0, 1]), options) == BOB
    assert GAME.match_winner(results([1, 0], [1, 0]), options) == ALICE


def test_a_one_hand_match_is_decided_by_the_first_hand_won():
    assert GAME.match_winner(results([0, 1]), {"match": "one_hand"}) == BOB


def test_a_match_played_deal_after_deal_ends_after_two_hands_or_more_with_the_dealer_alternating():
    for first_dealer in (ALICE, BOB):
        history, dealers, dealer, seed = [], [], first_dealer, 0
        while GAME.match_winner(history, {}) is None:
            deal = GAME.new_deal(seats=2, dealer=dealer, seed=seed)
            play_first_legal(deal)
            history.append(deal.result())
            dealers.append(dealer)
            dealer, seed = GAME.next_dealer(dealer, 2), seed + 1
        totals = GAME.match_scores(history, {})
        assert len(history) >= 2 and sum(totals) == 120 * len(history)
        assert GAME.match_winner(history, {}) == totals.index(max(totals))
        assert dealers[:2] == [first_dealer, 1 - first_dealer]


def test_the_options_are_declared_with_their_choices_defaults_and_help():
    assert GAME.options == {
        "match": Option(
            "match",
            "two_hands",
            ("two_hands", "best_of_three", "one_hand"),
            GAME.options["match"].help,
        ),
        "show_points": Option(
            "show_points", False, (False, True), GAME.options["show_points"].help
        ),
    }
