"""Burraco scoring: card values, bonuses, the pozzetto penalty, the match, and the
federation's Victory Point tables at every boundary.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scoring"),
../shared/rules/README.md ("Burraco"), issue #8 (the same tables).
"""

from __future__ import annotations

import pytest

from games.rules.burraco import Burraco
from games.rules.burraco.melds import build_meld
from games.rules.burraco.scoring import (
    card_value,
    side_score,
    side_victory_points,
    victory_points,
)

GAME = Burraco()

# The tables as the rulings write them, parsed here rather than copied as numbers.
TABLES = {
    3: "0-50 10-10, 55-150 11-9, 155-250 12-8, 255-350 13-7, 355-500 14-6, 505-650 15-5, "
    "655-800 16-4, 805-1000 17-3, 1005-1250 18-2, 1255-1500 19-1, over 1500 20-0",
    4: "0-100 10-10, 105-300 11-9, 305-500 12-8, 505-700 13-7, 705-900 14-6, 905-1100 15-5, "
    "1105-1300 16-4, 1305-1500 17-3, 1505-1700 18-2, 1705-2000 19-1, over 2000 20-0",
}


def _boundaries():
    for hands, table in TABLES.items():
        for band in table.split(", "):
            span, vp = band.rsplit(" ", 1)
            winner, loser = (int(x) for x in vp.split("-"))
            if span.startswith("over "):
                low = int(span.split()[1]) + 5
                yield hands, low, (winner, loser)
                yield hands, low * 10, (winner, loser)
            else:
                low, high = (int(x) for x in span.split("-"))
                yield hands, low, (winner, loser)
                yield hands, high, (winner, loser)


@pytest.mark.parametrize(("hands", "difference", "expected"), list(_boundaries()))
def test_victory_points_at_each_boundary_of_the_federation_tables(hands, difference, expected):
    assert victory_points(difference, hands) == expected


def test_every_band_meets_the_next_with_no_gap():
    for hands in (3, 4):
        for difference in range(0, 2600, 5):
            winner, loser = victory_points(difference, hands)
            assert winner + loser == 20 and winner >= 10
            assert victory_points(difference + 5, hands)[0] in (winner, winner + 1)


@pytest.mark.parametrize(("difference", "hands"), [(-5, 3), (10, 2), (10, 5), (5.0, 3)])
def test_victory_points_refuse_a_bad_difference_or_hand_count(difference, hands):
    with pytest.raises(ValueError):
        victory_points(difference, hands)


def test_each_side_gets_its_victory_points_whichever_won():
    assert side_victory_points([900, 1200], 3) == [7, 13]
    assert side_victory_points([1200, 900], 4) == [11, 9]  # 300: 105-300
    assert side_victory_points([500, 500], 3) == [10, 10]


@pytest.mark.parametrize(
    ("code", "value"),
    [("JK", 30), ("2S", 20), ("AH", 15), ("KD", 10), ("QC", 10), ("JS", 10), ("10H", 10),
     ("9D", 10), ("8C", 10), ("7S", 5), ("6H", 5), ("5D", 5), ("4C", 5), ("3S", 5)],
)  # fmt: skip
def test_card_values_are_those_of_004(code, value):
    assert card_value(code) == value


def test_a_side_scores_its_melds_bonuses_and_closing_less_its_cards_in_hand():
    melds = [
        build_meld("3S 4S 5S 6S 7S 8S 9S".split()),  # clean: 5*5 + 2*10 = 45, +200
        build_meld("7C 7D JK".split()),  # 5 + 5 + 30 = 40
        build_meld("JK@2H 3H 4H 5H 6H 7H 8H 9H".split()),  # semi-clean: 30+25+20 = 75, +150
    ]
    score = side_score(melds, ["AS", "2C"], pozzetto_taken=True, closed=True, semi_clean=True)
    assert score["melds"] == 45 + 40 + 75
    assert score["burracos"] == {"clean": 1, "semi_clean": 1, "dirty": 0}
    assert score["burraco_bonus"] == 350
    assert (score["closing"], score["pozzetto"], score["hand"]) == (100, 0, -35)
    assert score["total"] == 160 + 350 + 100 - 35


def test_without_the_semi_clean_option_it_counts_as_dirty():
    melds = [build_meld("JK@2H 3H 4H 5H 6H 7H 8H 9H".split())]
    score = side_score(melds, [], pozzetto_taken=True, closed=False, semi_clean=False)
    assert score["burracos"] == {"clean": 0, "semi_clean": 0, "dirty": 1}
    assert score["burraco_bonus"] == 100


def test_a_side_that_never_took_its_pozzetto_loses_100():
    score = side_score([], ["3C"], pozzetto_taken=False, closed=False, semi_clean=True)
    assert (score["pozzetto"], score["hand"], score["total"]) == (-100, -5, -105)


def _results(*totals):
    return [{"points": [a, b], "side_points": [a, b]} for a, b in totals]


def test_a_match_to_2000_ends_once_a_side_has_more_than_2000():
    options = {"match": "to_2000"}
    assert GAME.match_winner(_results((1000, 900), (1000, 900)), options) is None
    assert GAME.match_winner(_results((1000, 900), (1005, 900)), options) == 0
    assert GAME.match_winner(_results((1500, 1600), (600, 600)), options) == 1
    assert GAME.match_winner(_results((1500, 1500), (600, 600)), options) is None  # level
    assert GAME.match_target(options) == 2000


def test_a_match_of_three_hands_is_scored_in_victory_points():
    options = {"match": "3_hands"}
    two = _results((800, 300), (-100, 400))
    assert GAME.match_winner(two, options) is None
    assert GAME.victory_points(two, options) is None
    three = [*two, *_results((600, 100))]  # totals 1300 - 800: a difference of 500
    assert GAME.match_winner(three, options) == 0
    assert GAME.victory_points(three, options) == [14, 6]
    assert GAME.match_target(options) is None


def test_a_match_of_four_hands_with_level_totals_plays_on():
    options = {"match": "4_hands"}
    level = _results((100, 200), (200, 100), (50, 50), (0, 0))
    assert GAME.match_winner(level, options) is None
    assert GAME.victory_points(level, options) == [10, 10]
    assert GAME.match_winner([*level, *_results((5, 0))], options) == 0
