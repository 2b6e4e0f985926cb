"""Bazzica's scoring: brisques, the last trick, the deal's result, the match and options.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Preparazione",
"Seconda fase", "Combinazioni e punti"), ../shared/rules/README.md ("Bazzica").
"""

from __future__ import annotations

import pytest

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    GAME,
    last_tricks,
    new_deal,
    play_out,
    player,
    trick,
)

BOB_LAST = ["AD", "10D", "AS", "KC", "QC", "9C", "8C", "7C"]
ALICE_LAST = ["KD", "QD", "7S", "8S", "9S", "JS", "QS", "9H"]


def test_brisques_are_10_for_each_ace_and_ten_won_and_the_last_trick_10():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="9H", last="7C")
    # Every ace and ten not in the hands above went to bob in the first phase.
    assert player(deal, BOB)["brisques"] == 10 * 13 and player(deal, ALICE)["brisques"] == 0
    assert trick(deal, "AD", "KD") == BOB
    assert trick(deal, "10D", "QD") == BOB
    assert trick(deal, "AS", "7S") == BOB
    assert trick(deal, "KC", "9H") == ALICE  # void in clubs, alice must trump
    for alice_card, bob_card in [("8S", "QC"), ("9S", "9C"), ("JS", "8C"), ("QS", "7C")]:
        assert trick(deal, alice_card, bob_card) == ALICE
    result = deal.result()
    assert result["brisques"][BOB] == 160 and result["brisques"][ALICE] == 0
    assert result["last_trick"] == ALICE
    assert result["points"][ALICE] == 10
    assert result["points"][BOB] == 160 + result["declared"][BOB] + result["sevens"][BOB]
    assert result["tricks"][BOB] == 27 and result["tricks"][ALICE] == 5


def test_with_brisques_by_trick_a_trick_holding_an_ace_and_a_ten_counts_10_once():
    deal = new_deal({"brisques": "tricks"}, non_dealer=["AS", "8C"], dealer=["10S"], upcard="KH")
    trick(deal, "AS", "10S")
    assert player(deal, BOB)["brisques"] == 10
    deal = new_deal(non_dealer=["AS", "8C"], dealer=["10S"], upcard="KH")
    trick(deal, "AS", "10S")
    assert player(deal, BOB)["brisques"] == 20


@pytest.mark.parametrize("seed", range(12))
def test_the_points_of_a_deal_are_declarations_sevens_brisques_and_last_trick(seed):
    deal = play_out(GAME.new_deal(seats=2, dealer=seed % 2, seed=seed), pick=seed)
    result = deal.result()
    last = [10 if seat == result["last_trick"] else 0 for seat in (0, 1)]
    assert result["brisques"][0] + result["brisques"][1] + 10 == 170
    assert (
        sum(result["sevens"])
        + 10 * sum(d["kind"] == "exchange" for seat in (0, 1) for d in result["declarations"][seat])
        == 20
    )  # each 7 of trumps scores once
    for seat in (0, 1):
        declared = sum(d["points"] for d in result["declarations"][seat])
        assert result["declared"][seat] == declared
        assert result["points"][seat] == (
            declared + result["sevens"][seat] + result["brisques"][seat] + last[seat]
        )
    assert sum(result["tricks"]) == 32


def test_the_result_lists_declarations_and_sevens_of_each_seat():
    deal = play_out(GAME.new_deal(seats=2, dealer=ALICE, seed=3))
    result = deal.result()
    assert set(result) == {
        "points", "side_points", "declared", "sevens", "brisques", "last_trick", "tricks",
        "declarations", "bonuses",
    }  # fmt: skip
    for seat in (0, 1):
        assert result["sevens"][seat] == 10 * len(result["bonuses"][seat])


def results(*points):
    return [{"points": list(p)} for p in points]


def test_the_match_ends_after_the_deal_in_which_someone_reaches_1000():
    assert GAME.match_winner(results((600, 300), (390, 500)), {}) is None
    assert GAME.match_winner(results((600, 300), (410, 500)), {}) == ALICE
    assert GAME.match_winner(results((600, 300), (410, 900)), {}) == BOB
    assert GAME.match_scores(results((600, 300), (410, 900)), {}) == [1010, 1200]


def test_equal_totals_at_or_over_the_target_mean_another_deal():
    assert GAME.match_winner(results((600, 500), (420, 520)), {}) is None
    assert GAME.match_winner(results((600, 500), (420, 520), (10, 0)), {}) == ALICE


def test_the_target_may_be_2000():
    assert GAME.match_winner(results((1500, 300)), {"target": 2000}) is None
    assert GAME.match_winner(results((1500, 300), (600, 0)), {"target": 2000}) == ALICE
