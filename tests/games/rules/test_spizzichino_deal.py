"""Spizzichino's deal: packets from the deck, picking and splitting them.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Deal"),
../shared/rules/README.md ("Spizzichino": packet choice).
"""

from __future__ import annotations

import json

import pytest

from games.rules import IllegalAction
from games.rules.cards import ITALIAN_40
from tests.games.rules.helpers import ALICE, BOB, GAME, deal_to_play, make_deck, player, tops


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
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("pick 5")
    assert refusal.value.key == "packet_taken"
    assert "packet 5" in str(refusal.value)


def test_a_player_keeps_only_its_own_packets_in_hand():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=4)
    for number in (1, 2, 3, 4):
        deal.apply(f"pick {number}")
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("hand 1 5")
    assert refusal.value.key == "not_your_packet"
    deal.apply("hand 1 2")
    with pytest.raises(IllegalAction):
        deal.apply("hand 3 4")  # bob's packets, but alice is splitting now


def test_an_action_of_another_phase_is_refused_with_the_expected_spelling():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=5)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 3D")
    assert refusal.value.key == "wrong_phase"
    assert "pick N" in str(refusal.value)


def test_the_same_seed_deals_the_same_deck_and_no_seed_uses_the_csprng():
    first = GAME.new_deal(seats=2, dealer=ALICE, seed=99).deck
    assert GAME.new_deal(seats=2, dealer=ALICE, seed=99).deck == first
    assert GAME.new_deal(seats=2, dealer=ALICE, seed=100).deck != first
    unseeded = [GAME.new_deal(seats=2, dealer=ALICE).deck for _ in range(3)]
    assert all(sorted(deck) == sorted(first) for deck in unseeded)
    assert len({tuple(deck) for deck in unseeded}) == 3


def test_the_seed_appears_neither_in_the_record_nor_in_any_view():
    seed = 987654321987
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=seed)
    texts = [json.dumps(deal.record())] + [json.dumps(deal.view(s)) for s in (0, 1, None)]
    assert not any("seed" in text or str(seed) in text for text in texts)


@pytest.mark.parametrize(
    ("deck", "problem"),
    [
        (make_deck({})[:-1], "missing ['KS']"),
        (make_deck({})[:-1] + ["AC"], "surplus ['AC']"),
        (make_deck({})[:-1] + ["8S"], "surplus ['8S']"),
        ("AC 2C", "list of card codes"),
    ],
)
def test_a_deck_that_is_not_the_forty_card_pack_is_refused(deck, problem):
    with pytest.raises(ValueError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        GAME.new_deal(seats=2, dealer=ALICE, deck=deck)


@pytest.mark.parametrize(("seats", "dealer"), [(3, 0), (2, 2), (2, -1), (1, 0)])
def test_a_seat_count_or_dealer_the_game_does_not_have_is_refused(seats, dealer):
    with pytest.raises(ValueError):
        GAME.new_deal(seats=seats, dealer=dealer, seed=1)


def test_a_deal_ready_to_play_has_the_hands_and_tops_of_the_usual_table():
    deal = deal_to_play({1: ["KD"], 3: ["5C"], 5: ["QS"], 7: ["JH"]})
    assert "KD" in player(deal, BOB)["hand"] and "QS" in player(deal, ALICE)["hand"]
    assert tops(deal, BOB)[0] == "5C" and tops(deal, ALICE)[0] == "JH"
    assert deal.to_act == BOB
