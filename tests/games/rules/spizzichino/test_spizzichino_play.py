"""Spizzichino's tricks: following suit, pizzichi, who wins a trick.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play"),
../shared/rules/README.md ("Spizzichino": pizzichi, following suit).
"""

from __future__ import annotations

from tests.games.rules.helpers import assert_refused
from tests.games.rules.spizzichino.test_spizzichino_helpers import (
    ALICE,
    BOB,
    deal_to_play,
    player,
    tops,
)

# Bob holds diamonds; alice holds none in hand, one (5D) on a packet top and
# one (6D) under another packet's top.
NO_DIAMONDS_IN_HAND = {
    1: ["KD", "QD", "JD", "7D", "4D"],
    5: ["4C", "5C", "6C", "7C", "JC"],
    6: ["QC", "KH", "7H", "6H", "5H"],
    7: ["5D", "4H"],
    8: ["4S", "6D"],
}


def test_the_follower_must_follow_with_a_packet_top_when_the_hand_has_no_card_of_the_suit():
    deal = deal_to_play(NO_DIAMONDS_IN_HAND)
    deal.apply("play KD")
    assert deal.legal_actions() == ["play 5D"]
    assert_refused(deal, "play 4C", "must_follow_suit")


def test_a_card_under_a_packet_top_cannot_be_played():
    deal = deal_to_play(NO_DIAMONDS_IN_HAND)
    deal.apply("play KD")
    assert_refused(deal, "play 6D", "card_not_available")


def test_a_follower_without_the_suit_anywhere_may_play_any_available_card():
    deal = deal_to_play(NO_DIAMONDS_IN_HAND)
    deal.apply("play KD")
    deal.apply("play 5D")  # alice's 5D leaves her packet and 4H shows
    assert deal.to_act == BOB  # his king won
    deal.apply("play QD")
    assert tops(deal, ALICE) == ["4H", "4S"]
    expected = sorted(
        ["play " + c for c in ["4C", "5C", "6C", "7C", "JC", "QC", "KH", "7H", "6H", "5H"]]
        + ["play 4H", "play 4S"]
    )
    assert deal.legal_actions() == expected


def test_the_follower_follows_from_the_hand_when_the_tops_have_no_card_of_the_suit():
    deal = deal_to_play(
        {1: ["KC"], 5: ["4C", "KH", "7H", "6H", "5H"], 6: ["QH"], 7: ["5D"], 8: ["4S"]}
    )
    deal.apply("play KC")
    clubs_in_alices_hand = [c for c in player(deal, ALICE)["hand"] if c.endswith("C")]
    assert deal.legal_actions() == sorted("play " + c for c in clubs_in_alices_hand)
    assert "play 5D" not in deal.legal_actions()


def test_the_higher_card_of_the_led_suit_wins_in_the_order_three_two_ace_king():
    deal = deal_to_play({1: ["KD", "2S"], 5: ["AD", "3S"]})
    deal.apply("play KD")
    deal.apply("play AD")  # an ace beats a king
    assert deal.view(None)["last_trick"]["winner"] == ALICE
    deal.apply("play 3S")  # alice leads; a three beats everything, the two included
    deal.apply("play 2S")
    assert deal.view(None)["last_trick"] == {
        "cards": [{"seat": ALICE, "card": "3S"}, {"seat": BOB, "card": "2S"}],
        "winner": ALICE,
    }


def test_a_card_of_another_suit_never_wins_however_high():
    deal = deal_to_play(
        {
            1: ["4D", "JC", "QC", "KC", "7C"],
            2: ["6C", "5C", "4C", "AS", "2S"],
            3: ["3C"],
            4: ["2C"],
            5: ["3H", "2H", "AH", "KH", "QH"],
            6: ["JH", "7H", "6H", "5H", "4H"],
            7: ["KS"],
            8: ["QS"],
        }
    )
    deal.apply("play 4D")
    assert "play 3H" in deal.legal_actions()  # alice has no diamond anywhere
    deal.apply("play 3H")
    assert deal.view(None)["last_trick"]["winner"] == BOB
    assert deal.to_act == BOB


def test_a_pizzico_taken_into_the_hand_reveals_the_next_card_of_its_packet():
    deal = deal_to_play({3: ["3S", "2S", "7S"], 4: ["KS"]})
    assert deal.legal_actions()[-1] == "take 3S"
    deal.apply("take 3S")
    assert tops(deal, BOB) == ["2S", "KS"]
    assert "3S" in player(deal, BOB)["hand"] and player(deal, BOB)["hand_count"] == 11
    assert deal.to_act == BOB  # taking does not end the turn
    deal.apply("take 2S")
    assert tops(deal, BOB) == ["7S", "KS"]
    assert [p["size"] for p in player(deal, BOB)["packets"]] == [3, 5]
    assert not [a for a in deal.legal_actions() if a.startswith("take")]


def test_only_a_three_two_or_ace_on_top_of_ones_own_packet_can_be_taken():
    deal = deal_to_play({3: ["7S"], 4: ["KS"], 7: ["3H"]})
    for action, key in (("take 7S", "not_a_pizzico"), ("take 3H", "not_on_top")):
        assert_refused(deal, action, key)


def test_the_follower_may_take_pizzichi_before_following_and_play_the_card_taken():
    deal = deal_to_play(
        {
            1: ["KH"],
            5: ["4C", "5C", "6C", "7C", "JC"],
            6: ["QC", "KC", "7S", "6S", "5S"],
            7: ["AH", "3H"],
            8: ["4S"],
        }
    )
    deal.apply("play KH")
    assert deal.legal_actions() == ["play AH", "take AH"]
    deal.apply("take AH")
    # AH is now in hand and 3H shows: both hearts may follow.
    assert deal.legal_actions() == ["play 3H", "play AH", "take 3H"]
    deal.apply("play AH")
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_a_card_played_from_a_packet_uncovers_the_next_one_and_an_empty_packet_has_no_top():
    # All ten spades are bob's, so his spade leads win every trick and he leads again.
    deal = deal_to_play({1: ["AS", "2S", "3S", "QS", "KS"], 3: ["4S", "5S", "6S", "7S", "JS"]})
    for card in ("4S", "5S", "6S", "7S", "JS"):
        assert tops(deal, BOB)[0] == card
        deal.apply(f"play {card}")
        deal.apply(next(a for a in deal.legal_actions() if a.startswith("play")))
        assert deal.to_act == BOB
    packet = player(deal, BOB, viewer=None)["packets"][0]
    assert packet == {"number": 3, "top": None, "size": 0}
    assert tops(deal, BOB)[1] is not None
