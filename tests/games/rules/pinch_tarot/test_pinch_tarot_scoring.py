"""Trick points, Bagatto urtimo, the score sheet of 003 and the end of the match.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Trick points",
"Bagatto urtimo", "Scoring": the score sheet example), ../shared/rules/README.md
("Pinch Tarot": match of 2 or 4 hands, the total decides).
"""

from __future__ import annotations

import pytest

from games.rules.cards import TAROT_78
from games.rules.pinch_tarot.scoring import card_points, count_points
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import (
    ALICE,
    BOB,
    GAME,
    TRUMPS,
    new_deal,
    play_out,
    play_trick,
)

A, B = ALICE, BOB  # the score sheet's players A and B

# The two hands of the score sheet in 003, as dealt (elder hand, dealer, talon
# top first) and played: each player plays its first legal card, keeping the
# cards listed (the last longest), and announces the melds listed when it can.
FIRST_HAND = {  # alice (A) deals
    "dealer": A,
    "bob": ["10C", "3C", "1T", "QD", "21T", "KH", "19T", "20T", "JD", "6S", "4H", "15T", "KD",
            "AH", "CD"],
    "alice": ["18T", "8T", "3T", "QS", "6T", "8H", "10T", "5T", "7H", "2T", "7T", "FOOL", "9T",
              "4T", "11T"],
    "talon": ["QC", "9H", "5H", "2S", "KS", "2H", "7S", "5C", "KC", "9D", "8C", "3S", "13T",
              "3H", "AS", "7D", "4C", "10H", "10S", "5S", "CS", "5D", "14T", "AC", "9S", "6C",
              "CH", "12T", "3D", "16T", "17T", "6H", "9C", "8D", "CC", "6D", "AD", "4S", "JC",
              "7C", "2C", "JS", "JH", "10D", "4D", "8S", "2D", "QH"],
}  # fmt: skip
FIRST_PLAY = {
    "melds": {
        A: ["meld tarocchi 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T",
            "meld tarocchi 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T"],
        B: ["meld family JD CD QD KD"],
    },
    "keep": {A: [*TRUMPS[1:], "FOOL"], B: ["19T", "20T", "21T", "1T"]},
}  # fmt: skip
SECOND_HAND = {  # bob (B) deals
    "dealer": B,
    "alice": ["5T", "7D", "QC", "8S", "5S", "9D", "CH", "9T", "11T", "CD", "QS", "CC", "3T",
              "7C", "4D"],
    "bob": ["1T", "19T", "KC", "17T", "4T", "13T", "FOOL", "20T", "KS", "KH", "KD", "6C", "9C",
            "18T", "21T"],
    "talon": ["8D", "10S", "JS", "AS", "4H", "8C", "5D", "6T", "2C", "2T", "3C", "3H", "2H",
              "JH", "8H", "CS", "2S", "9H", "5C", "AD", "4C", "2D", "10D", "JC", "7T", "5H",
              "10T", "4S", "12T", "8T", "QH", "3D", "3S", "9S", "6H", "6S", "15T", "16T", "QD",
              "AC", "AH", "10C", "JD", "14T", "10H", "7S", "6D", "7H"],
}  # fmt: skip
SECOND_PLAY = {
    "melds": {A: ["meld three CC CD CH", "meld four CC CD CH CS"],
              B: ["meld gatti 1T 20T FOOL"]},
    "keep": {A: ["CC", "CD", "CH", "CS"]},
}  # fmt: skip


def played(hand, play):
    deal = new_deal(**hand)
    assert play_out(deal, **play) == {A: [], B: []}  # every meld was announced
    return deal.result()


def column(result, seat):
    """The seat's rows on the score sheet for one hand: melds, Bagatto urtimo, trick points."""
    rows = [meld["points"] for meld in result["melds"][seat]]
    if result["bagatto_urtimo"] == seat:
        rows.append(20)
    return [*rows, result["trick_points"][seat]]


def test_the_score_sheet_of_003_adds_up_to_81_for_a_and_137_for_b():
    first, second = played(FIRST_HAND, FIRST_PLAY), played(SECOND_HAND, SECOND_PLAY)
    # Hand 1: A shows 10 trumps, later 12 (2 more); B a family of diamonds and
    # Bagatto urtimo; 39 trick points each.
    assert column(first, A) == [10, 2, 39]
    assert column(first, B) == [10, 20, 39]
    assert [m["label"] for m in first["melds"][A]] == ["taròcchi, 10 trumps", "taròcchi, 12 trumps"]
    assert first["melds"][B][0]["label"] == "family of diamonds"
    # Hand 2: A three cavaliers, then all four for 5 more; B gatti; 20 to 58.
    assert column(second, A) == [5, 5, 20]
    assert column(second, B) == [10, 58]
    assert [m["kind"] for m in second["melds"][A]] == ["three", "four"]
    assert second["melds"][B][0]["cards"] == ["1T", "20T", "FOOL"]
    assert second["bagatto_urtimo"] is None
    assert [first["points"], second["points"]] == [[51, 69], [30, 68]]
    assert GAME.match_scores([first, second], {}) == [81, 137]
    assert GAME.match_winner([first, second], {}) == B


def test_bagatto_urtimo_is_trump_1_in_the_last_trick_and_goes_to_its_winner():
    # In the first hand of the score sheet A keeps the fool and B the 1 to the end.
    deal = new_deal(**FIRST_HAND)
    play_out(deal, **FIRST_PLAY)
    assert deal.view(None)["last_trick"] == {
        "cards": [{"seat": A, "card": "FOOL"}, {"seat": B, "card": "1T"}],
        "winner": B,
    }
    result = deal.result()
    assert result["bagatto_urtimo"] == B
    assert result["points"][B] == result["trick_points"][B] + 10 + 20
    # The fool, played in the last trick, could not be exchanged: it went to B.
    assert result["fool"] == {"owner": A, "status": "given", "card": None}


def test_trump_1_played_before_the_last_trick_earns_no_bonus():
    deal = new_deal(bob=["1T"], alice=["2H"])
    play_trick(deal, "1T", "2H")
    play_out(deal)
    assert deal.result()["bagatto_urtimo"] is None


@pytest.mark.parametrize(
    ("cards", "points"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (38, 13), (40, 13)]
)
def test_captured_cards_count_a_point_a_three_a_remainder_of_two_rounding_up(cards, points):
    assert count_points(cards) == points


def test_card_points_are_4_for_trumps_1_and_20_the_fool_and_kings_3_2_1_for_q_c_j():
    def worth(*codes):
        return card_points(TAROT_78.mask(codes))

    assert [worth("1T"), worth("20T"), worth("FOOL"), worth("KC")] == [4, 4, 4, 4]
    assert [worth("QD"), worth("CH"), worth("JS")] == [3, 2, 1]
    assert worth("21T", "2T", "10H", "AS") == 0
    assert card_points(TAROT_78.mask(TAROT_78.codes)) == 52


def test_trick_points_of_a_hand_sum_to_78_and_points_add_melds_and_bagatto():
    for seed in range(12):
        deal = GAME.new_deal(seats=2, dealer=seed % 2, seed=seed)
        play_out(deal)
        result = deal.result()
        assert sum(result["trick_points"]) == 78
        assert sum(result["cards_captured"]) == 78
        for seat in (A, B):
            assert result["trick_points"][seat] == (
                count_points(result["cards_captured"][seat]) + result["card_points"][seat]
            )
            bonus = 20 if result["bagatto_urtimo"] == seat else 0
            melds = sum(m["points"] for m in result["melds"][seat])
            assert result["meld_points"][seat] == melds
            assert result["points"][seat] == result["trick_points"][seat] + melds + bonus


def results(*points):
    return [{"points": list(p)} for p in points]


@pytest.mark.parametrize(
    ("hands", "options", "winner"),
    [
        (results((61, 69)), {}, None),  # one hand of two
        (results((61, 69), (30, 68)), {}, B),
        (results((90, 40), (30, 68)), {}, A),
        (results((60, 50), (50, 60)), {}, None),  # equal: two more hands
        (results((60, 50), (50, 60), (70, 40)), {}, None),  # the extra pair is not over
        (results((60, 50), (50, 60), (70, 40), (40, 60)), {}, A),
        (results((60, 50), (50, 60), (70, 40), (40, 70)), {}, None),  # equal again
        (results((61, 69), (30, 68)), {"hands": 4}, None),
        (results((61, 69), (30, 68), (50, 40), (90, 10)), {"hands": 4}, A),
        ([], {}, None),
    ],
)
def test_the_match_is_two_or_four_hands_and_equal_totals_play_two_more(hands, options, winner):
    assert GAME.match_winner(hands, options) == winner
