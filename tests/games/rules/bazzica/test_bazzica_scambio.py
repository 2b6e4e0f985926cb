"""Bazzica's scambio and the 7 of trumps.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Preparazione": the
turned 7; "Combinazioni e punti": scambio, the other 7 of trumps),
../shared/rules/README.md ("Bazzica": the scambio is a declaration).
Hearts are trumps; bob leads and wins the first trick (helpers.bob_wins).
"""

from __future__ import annotations

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    bob_wins,
    hand,
    last_tricks,
    new_deal,
    play_out,
    player,
    trick,
)
from tests.games.rules.helpers import assert_refused


def test_the_scambio_exchanges_the_7_of_trumps_for_the_upcard_which_becomes_known():
    deal = bob_wins(["AS", "7H", "7H", "8C"])
    deal.apply("declare exchange 7H")
    view = deal.view(ALICE)
    assert view["upcard"] == "7H" and view["trump"] == "H"
    assert view["players"][BOB]["known_cards"] == ["KH"]
    assert "KH" in hand(deal, BOB) and hand(deal, BOB).count("7H") == 1
    trick(deal, "8C", "7C")
    # The upcard is now a 7: nothing is left to exchange.
    assert "declare exchange 7H" not in deal.legal_actions()
    assert_refused(deal, "declare exchange 7H", "nothing_to_exchange")


def test_no_scambio_when_the_upcard_is_a_7():
    deal = bob_wins(["AS", "7H"], upcard="7H")
    assert deal.legal_actions() == ["draw"]


def test_the_other_7_of_trumps_scores_10_when_played_even_losing_the_trick():
    deal = new_deal(non_dealer=["AH", "8C"], dealer=["7H", "9D"], upcard="KH")
    assert trick(deal, "AH", "7H") == BOB
    assert player(deal, ALICE)["bonuses"] == [
        {"kind": "seven_played", "cards": ["7H"], "points": 10, "label": "7 di briscola giocato"}
    ]
    assert player(deal, ALICE)["declared_points"] == 10


def test_a_7_of_another_suit_scores_nothing():
    deal = new_deal(non_dealer=["AD", "8C"], dealer=["7D", "9D"], upcard="KH")
    trick(deal, "AD", "7D")
    assert player(deal, ALICE)["bonuses"] == []


def test_the_turned_7_scores_for_the_dealer_only_and_not_again_when_played():
    bob = ["AS", "AD", "KC", "QC", "9C", "8C", "7C", "10D"]
    alice = ["7H", "KD", "QD", "7S", "8S", "9S", "JS", "QS"]
    deal = last_tricks(bob, alice, upcard="7H", last="7C")
    # Bob played the other 7H in the first phase.
    assert [b["kind"] for b in player(deal, BOB)["bonuses"]] == ["seven_played"]
    play_out(deal)
    assert [b["kind"] for b in player(deal, ALICE)["bonuses"]] == ["seven_turned"]
    assert deal.result()["sevens"] == [10, 10]


def test_a_7_of_trumps_played_in_the_last_tricks_scores_10_too():
    bob = ["7H", "AS", "KC", "QC", "9C", "8C", "7C", "10D"]
    alice = ["QH", "KD", "QD", "7S", "8S", "9S", "JS", "QS"]
    deal = last_tricks(bob, alice, upcard="QH", last="7C")
    assert len(player(deal, BOB)["bonuses"]) == 1
    deal.apply("play 7H")
    assert [b["kind"] for b in player(deal, BOB)["bonuses"]] == ["seven_played"] * 2


def test_a_scambio_at_the_24th_trick_hands_the_7_to_the_loser_and_it_scores_no_more():
    def declare(deal):
        return "declare exchange 7H" if deal.tricks_played == 24 else "draw"

    # Bob played the other 7H in the first phase (10); he exchanges his at the 24th trick.
    bob = ["7H", "AS", "KC", "QC", "9C", "8C", "7C", "10D"]
    alice = ["QH", "KD", "QD", "7S", "8S", "9S", "JS", "QS"]
    deal = last_tricks(bob, alice, upcard="QH", last="7C", declare=declare)
    assert "QH" in hand(deal, BOB) and "7H" not in hand(deal, BOB)
    assert "7H" in hand(deal, ALICE) and "QH" not in hand(deal, ALICE)
    assert player(deal, ALICE, viewer=BOB)["known_cards"] == ["7H"]
    assert player(deal, BOB, viewer=ALICE)["known_cards"] == ["QH"]
    while "play 7H" not in deal.legal_actions():
        deal.apply(deal.legal_actions()[0])
    deal.apply("play 7H")
    assert player(deal, ALICE)["bonuses"] == [] and player(deal, ALICE)["declared_points"] == 0
    result = play_out(deal).result()
    assert result["sevens"] == [0, 10] and result["declared"] == [0, 10]
