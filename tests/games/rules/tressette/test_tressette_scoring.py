"""Tressette's count in thirds, accusi points and the end of the match (scoring.py).

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette": "Melding",
"Scoring"), ../shared/rules/README.md ("Tressette": exact thirds, match to 31).
"""

from __future__ import annotations

import doctest

import pytest

import games.rules.tressette.scoring as scoring
from games.rules.cards import ITALIAN_40 as P
from games.rules.tressette.scoring import (
    TOTAL_THIRDS,
    card_thirds,
    deal_result,
    find_accusi,
    match_winner,
)
from tests.games.rules.tressette.tables import GAME

SIDES = ((0, 2), (1, 3))


def test_the_doctests_of_scoring_pass():
    failed, tried = doctest.testmod(scoring)
    assert tried > 0 and failed == 0


@pytest.mark.parametrize(
    ("cards", "thirds"),
    [
        (["AC"], 3),
        (["3C", "2D", "KH"], 3),
        (["JC", "QC"], 2),
        (["7C", "6D", "5H", "4S"], 0),
        (["AC", "AD", "AH", "AS"], 12),
    ],
)
def test_card_values_in_thirds(cards, thirds):
    assert card_thirds(P.mask(cards)) == thirds


def test_a_whole_deal_holds_35_thirds_with_the_last_trick():
    assert card_thirds((1 << 40) - 1) == 32 and TOTAL_THIRDS == 35


def won(*codes: str) -> int:
    return P.mask(codes)


def test_a_side_scores_every_three_figures_one_point_the_remainder_dropped():
    # Side 0: two figures and an ace, side 1 the rest with the last trick.
    captured = [won("3C", "2C", "AC"), 0, 0, (1 << 40) - 1 - won("3C", "2C", "AC")]
    result = deal_result(SIDES, captured, 3, [[], [], [], []])
    assert result["card_thirds"] == [5, 30]
    assert result["card_points"] == [1, 10]  # 5 thirds: 1 point (2 thirds dropped)
    assert result["side_points"] == [1, 10] and result["points"] == [1, 10, 1, 10]


def test_remainders_are_dropped_on_both_sides_so_a_deal_holds_11_card_points():
    # 10 figures + 2 aces to side 0 (16 thirds -> 5), the rest + last trick to side 1.
    side0 = won("3C", "3D", "3H", "3S", "2C", "2D", "2H", "2S", "KC", "KD", "AC", "AD")
    captured = [side0, (1 << 40) - 1 - side0, 0, 0]
    result = deal_result(SIDES, captured, 1, [[], [], [], []])
    assert result["card_thirds"] == [16, 19]
    assert result["card_points"] == [5, 6] and sum(result["card_points"]) == 11


def test_announced_accusi_add_to_their_side():
    announced = [[], [{"kind": "four", "rank": "2", "points": 4}], [], [
        {"kind": "three", "rank": "A", "points": 3}, {"kind": "napoli", "suit": "S", "points": 3},
    ]]  # fmt: skip
    result = deal_result(SIDES, [(1 << 40) - 1, 0, 0, 0], 0, announced)
    assert result["accusi_points"] == [0, 10]
    assert result["side_points"] == [11, 10]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["AC", "AD", "AH", "AS"], [("four", "A")]),
        (["2C", "2D", "2H"], [("three", "2")]),
        (["3C", "3D", "3H", "2C", "2D", "2H"], [("three", "2"), ("three", "3")]),
        (["3S", "2S", "AS"], [("napoli", "S")]),
        (["3S", "2S", "AS", "3C", "2C", "AC"], [("napoli", "C"), ("napoli", "S")]),
        (["3S", "2S", "AS", "AC", "AD"], [("three", "A"), ("napoli", "S")]),
        (["KC", "KD", "KH", "KS", "7C", "7D", "7H"], []),  # only aces, 2s and 3s meld
        (["3S", "2S", "AD"], []),
    ],
)
def test_accusi_of_a_hand(cards, expected):
    found = [(m["kind"], m.get("rank") or m.get("suit")) for m in find_accusi(P.mask(cards))]
    assert found == expected
    points = {"four": 4, "three": 3, "napoli": 3}
    assert [m["points"] for m in find_accusi(P.mask(cards))] == [points[k] for k, _ in expected]


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ([31, 20], 31, 0),
        ([30, 30], 31, None),
        ([20, 31], 31, 1),
        ([33, 35], 31, 1),
        ([32, 32], 31, None),
        ([21, 10], 21, 0),
        ([40, 39], 41, None),
        ([41, 45], 41, 1),
    ],
)
def test_the_match_ends_after_the_deal_a_side_reaches_the_target_higher_total_winning(
    totals, target, winner
):
    assert match_winner(totals, target) == winner


def deal_points(side0: int, side1: int) -> dict:
    return {"points": [side0, side1, side0, side1], "side_points": [side0, side1]}


def test_the_games_match_winner_adds_side_points_and_reads_the_target_option():
    results = [deal_points(11, 0), deal_points(8, 3), deal_points(5, 6)]
    assert GAME.match_scores(results, {}) == [24, 9]
    assert GAME.match_winner(results, {}) is None
    assert GAME.match_winner(results, {"target": 21}) == 0
    assert GAME.match_places(results, {"target": 21}) == [1, 2]
    more = [*results, deal_points(4, 25)]  # 28 - 34: side 1 passes 31 first... and leads
    assert GAME.match_winner(more, {}) == 1
    level = [deal_points(30, 30), deal_points(5, 5)]
    assert GAME.match_winner(level, {}) is None
    with pytest.raises(ValueError):
        GAME.match_winner(results, {"target": 30})
