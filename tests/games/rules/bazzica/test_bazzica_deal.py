"""Bazzica's deal: the double pack, the 3-2-3 deal, the upcard, the stock and the draws.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Preparazione",
"Combinazioni e punti": drawing), ../shared/rules/README.md ("Bazzica").
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.bazzica.cards import PACK
from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    GAME,
    hand,
    make_deck,
    new_deal,
    player,
    to_last_tricks,
    trick,
)


def test_the_pack_is_two_piquet_packs_a_7_to_k_in_four_suits_each_code_twice():
    assert len(PACK) == 64
    counts = Counter(PACK.new_order)
    assert set(counts.values()) == {2}
    assert sorted({code[:-1] for code in counts}) == sorted(
        ["A", "7", "8", "9", "10", "J", "Q", "K"]
    )


def test_a_deck_with_a_third_copy_of_a_card_is_refused():
    deck = make_deck()
    deck[deck.index("7C")] = "AS"
    with pytest.raises(ValueError, match="missing"):
        GAME.new_deal(seats=2, dealer=ALICE, deck=deck)


def test_the_deal_is_3_2_3_the_non_dealer_first_then_upcard_then_stock():
    deck = list(PACK.new_order)
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    bob = deck[0:3] + deck[6:8] + deck[10:13]
    alice = deck[3:6] + deck[8:10] + deck[13:16]
    assert sorted(hand(deal, BOB)) == sorted(bob)
    assert sorted(hand(deal, ALICE)) == sorted(alice)
    view = deal.view(None)
    assert view["upcard"] == deck[16] == "AH" and view["trump"] == "H"
    assert view["stock_count"] == 47
    assert view["phase"] == "play" and view["to_act"] == BOB == view["leader"]


def test_with_bob_dealing_alice_gets_the_first_packets_and_leads():
    deck = list(PACK.new_order)
    deal = GAME.new_deal(seats=2, dealer=BOB, deck=deck)
    assert sorted(hand(deal, ALICE)) == sorted(deck[0:3] + deck[6:8] + deck[10:13])
    assert deal.to_act == ALICE


def test_a_7_turned_as_upcard_scores_10_for_the_dealer():
    deal = new_deal(upcard="7D")
    alice = player(deal, ALICE)
    assert alice["bonuses"] == [
        {"kind": "seven_turned", "cards": ["7D"], "points": 10, "label": "7 di briscola girato"}
    ]
    assert alice["declared_points"] == 10 and player(deal, BOB)["declared_points"] == 0


def test_any_other_upcard_scores_nothing():
    deal = new_deal(upcard="8D")
    assert player(deal, ALICE)["bonuses"] == [] and player(deal, ALICE)["declared_points"] == 0


def test_after_a_trick_the_winner_draws_the_top_of_the_stock_and_the_loser_the_next():
    deal = new_deal(
        non_dealer=["AS", "8C", "8C", "9C", "9C", "10C", "10C", "JC"],
        dealer=["7S", "8D", "8D", "9D", "9D", "10D", "10D", "JD"],
        upcard="KH",
        stock=["QH", "JH", "9H", "8H"],
    )
    assert trick(deal, "AS", "7S") == BOB
    assert deal.phase == "declare" and deal.to_act == BOB
    deal.apply("draw")
    assert "QH" in hand(deal, BOB) and "JH" in hand(deal, ALICE)
    assert deal.view(None)["stock_count"] == 45
    assert trick(deal, "8C", "8D") == BOB  # another suit, not trumps: the leader wins
    deal.apply("draw")
    assert "9H" in hand(deal, BOB) and "8H" in hand(deal, ALICE)


def test_the_last_draw_gives_the_winner_the_last_card_and_the_loser_the_upcard():
    deck = make_deck(upcard="KH")
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    while deal.view(None)["stock_count"] > 1 or deal.phase != "declare":
        deal.apply("draw" if deal.phase == "declare" else deal.legal_actions()[0])
    winner = deal.to_act
    assert deal.view(None)["upcard"] == "KH" and deal.tricks_played == 24
    before = Counter(hand(deal, 1 - winner))
    deal.apply("draw")
    view = deal.view(None)
    assert view["phase"] == "last_tricks" and view["upcard"] is None and view["stock_count"] == 0
    assert Counter(hand(deal, 1 - winner)) - before == Counter(["KH"])
    assert deck[63] in hand(deal, winner)
    assert player(deal, 1 - winner, viewer=winner)["known_cards"] == ["KH"]
    assert deal.to_act == winner == view["leader"]
    assert len(hand(deal, ALICE)) == len(hand(deal, BOB)) == 8


def test_the_first_phase_has_24_tricks_and_the_second_8():
    deal = to_last_tricks(new_deal())
    assert deal.tricks_played == 24
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.tricks_played == 32 and deal.view(None)["phase"] == "over"
