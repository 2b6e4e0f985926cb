"""Spizzichino's deal: packets from the deck, picking and splitting them.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Deal"),
../shared/rules/README.md ("Spizzichino": packet choice).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.cards import ITALIAN_40
from tests.games.rules.helpers import assert_refused
from tests.games.rules.spizzichino.test_spizzichino_helpers import (
    ALICE,
    BOB,
    GAME,
    deal_to_play,
    player,
    tops,
)


def test_packet_k_is_the_kth_slice_of_five_cards_of_the_deck_in_face_up_order():
    deck = [code for code in ITALIAN_40.new_order]
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    for action in ("pick 8", "pick 3", "pick 5", "pick 1", "hand 1 3"):
        deal.apply(action)
    # Bob keeps packets 1 and 3 (deck[0:5] and deck[10:15]); 5 and 8 lie face up
    # showing deck[20] and deck[35].
    assert sorted(player(deal, BOB)["hand"]) == sorted(deck[0:5] + deck[10:15])
    assert tops(deal, BOB) == [deck[20], deck[35]]
    assert [p["size"] for p in player(deal, BOB, viewer=None)["packets"]] == [5, 5]


def test_the_non_dealer_picks_four_packets_and_the_dealer_is_left_the_other_four():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=1)
    assert deal.to_act == BOB
    assert deal.legal_actions() == [f"pick {k}" for k in range(1, 9)]
    for number in (2, 4, 6):
        deal.apply(f"pick {number}")
        assert deal.to_act == BOB and deal.view(None)["phase"] == "pick"
    assert deal.legal_actions() == ["pick 1", "pick 3", "pick 5", "pick 7", "pick 8"]
    deal.apply("pick 8")
    owners = [p["owner"] for p in deal.view(None)["packets"]]
    assert owners == [ALICE, BOB, ALICE, BOB, ALICE, BOB, ALICE, BOB]
    assert deal.view(None)["phase"] == "split"


def test_the_non_dealer_splits_first_then_the_dealer_then_the_non_dealer_leads():
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=2)  # alice does not deal this time
    for number in (1, 2, 3, 4):
        deal.apply(f"pick {number}", seat=ALICE)
    assert deal.to_act == ALICE
    assert deal.legal_actions() == [
        "hand 1 2", "hand 1 3", "hand 1 4", "hand 2 3", "hand 2 4", "hand 3 4",
    ]  # fmt: skip
    deal.apply("hand 2 4", seat=ALICE)
    assert deal.to_act == BOB
    assert deal.legal_actions() == [
        "hand 5 6", "hand 5 7", "hand 5 8", "hand 6 7", "hand 6 8", "hand 7 8",
    ]  # fmt: skip
    deal.apply("hand 5 8", seat=BOB)
    view = deal.view(None)
    assert view["phase"] == "play" and view["to_act"] == ALICE and view["leader"] == ALICE
    assert [p["number"] for p in view["players"][ALICE]["packets"]] == [1, 3]
    assert [p["number"] for p in view["players"][BOB]["packets"]] == [6, 7]
    assert [p["hand_count"] for p in view["players"]] == [10, 10]
    assert view["packets"] == []


def test_a_packet_cannot_be_picked_twice():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=3)
    deal.apply("pick 5")
    refusal = assert_refused(deal, "pick 5", "packet_taken")
    assert "packet 5" in str(refusal)


def test_a_player_keeps_only_its_own_packets_in_hand():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=4)
    for number in (1, 2, 3, 4):
        deal.apply(f"pick {number}")
    assert_refused(deal, "hand 1 5", "not_your_packet")
    deal.apply("hand 1 2")
    with pytest.raises(IllegalAction):
        deal.apply("hand 3 4")  # bob's packets, but alice is splitting now


def test_an_action_of_another_phase_is_refused_with_the_expected_spelling():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=5)
    refusal = assert_refused(deal, "play 3D", "wrong_phase")
    assert "pick N" in str(refusal)


def test_a_deal_ready_to_play_has_the_hands_and_tops_of_the_usual_table():
    deal = deal_to_play({1: ["KD"], 3: ["5C"], 5: ["QS"], 7: ["JH"]})
    assert "KD" in player(deal, BOB)["hand"] and "QS" in player(deal, ALICE)["hand"]
    assert tops(deal, BOB)[0] == "5C" and tops(deal, ALICE)[0] == "JH"
    assert deal.to_act == BOB
