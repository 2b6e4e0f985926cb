"""Pinch Tarot's tricks: following suit and trumps, who wins, the fool and its exchange.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Following suit",
"Winning a trick", "The fool"), ../shared/rules/README.md ("Pinch Tarot": the
fool's exchange is automatic).
"""

from __future__ import annotations

import pytest

from tests.games.rules.helpers import assert_refused
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import (
    ALICE,
    BOB,
    hand,
    new_deal,
    play_trick,
)

# Bob (the elder hand) is dealt the cards given and then every club, so he
# always has a club to lead; alice is dealt hers and then diamonds from the ace.


def plays(deal):
    return [a[5:] for a in deal.legal_actions() if a.startswith("play ")]


def test_the_follower_must_follow_suit_but_may_always_play_the_fool():
    deal = new_deal(bob=["5H"], alice=["2H", "KH", "3T", "FOOL", "AS"])
    deal.apply("play 5H")
    assert plays(deal) == ["2H", "FOOL", "KH"]


def test_void_in_the_suit_led_the_follower_must_play_a_trump():
    deal = new_deal(bob=["5C"], alice=["3T", "9T", "FOOL", "AS", "2H"])
    deal.apply("play 5C")
    assert plays(deal) == ["3T", "9T", "FOOL"]
    assert_refused(deal, "play AS", "must_follow")


def test_void_in_the_suit_and_in_trumps_the_follower_may_play_any_card():
    deal = new_deal(bob=["5C"], alice=["AS", "2H"])
    deal.apply("play 5C")
    assert sorted(plays(deal)) == sorted(hand(deal, ALICE))


def test_to_a_trump_lead_the_follower_must_play_a_higher_trump_if_possible():
    deal = new_deal(bob=["8T"], alice=["3T", "9T", "12T", "FOOL", "KH"])
    deal.apply("play 8T")
    assert plays(deal) == ["12T", "9T", "FOOL"]


def test_with_only_lower_trumps_the_follower_must_still_play_a_trump():
    deal = new_deal(bob=["8T"], alice=["3T", "5T", "KH"])
    deal.apply("play 8T")
    assert plays(deal) == ["3T", "5T"]


def test_with_no_trump_at_all_any_card_answers_a_trump_lead():
    deal = new_deal(bob=["8T"], alice=["KH"])
    deal.apply("play 8T")
    assert sorted(plays(deal)) == sorted(hand(deal, ALICE))


def test_any_card_answers_the_fool_led():
    deal = new_deal(bob=["FOOL"], alice=["3T", "9T", "KH"])
    deal.apply("play FOOL")
    assert sorted(plays(deal)) == sorted(hand(deal, ALICE))


def test_the_leader_may_lead_any_card():
    deal = new_deal(bob=["FOOL", "21T"])
    assert sorted(plays(deal)) == sorted(hand(deal, BOB))


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("5H", "KH", ALICE),  # the higher card of the suit led
        ("KH", "CH", BOB),  # king over cavalier
        ("CH", "QH", ALICE),  # queen over cavalier
        ("JH", "10H", BOB),  # jack over ten
        ("5H", "2T", ALICE),  # a trump beats any suit card
        ("8T", "12T", ALICE),  # the higher trump
        ("8T", "3T", BOB),
        ("1T", "KD", BOB),  # the lowest trump beats a king of another suit
        ("5C", "AS", BOB),  # a discard of another suit never wins
        ("FOOL", "2D", ALICE),  # the fool always loses
        ("2C", "FOOL", BOB),
        ("21T", "FOOL", BOB),
    ],
)
def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(lead, follow, winner):
    deal = new_deal(bob=[lead], alice=[follow])
    play_trick(deal, lead, follow)
    assert deal.view(None)["last_trick"]["winner"] == winner
    assert deal.to_act == winner


def test_the_fool_stays_with_its_player_who_loses_the_trick():
    deal = new_deal(bob=["5H"], alice=["FOOL"])
    play_trick(deal, "5H", "FOOL")
    view = deal.view(None)
    assert view["last_trick"]["winner"] == BOB
    assert [p["captured_count"] for p in view["players"]] == [1, 1]
    assert view["fool"] == {"owner": ALICE, "status": "pending", "card": None}


def test_the_fools_owner_gives_the_lowest_card_of_the_next_trick_it_wins():
    deal = new_deal(bob=["5H", "6H", "2D"], alice=["FOOL", "KH", "KD"])
    play_trick(deal, "5H", "FOOL")  # bob wins and leads again
    play_trick(deal, "6H", "KH")  # alice wins: she gives the 6 of hearts
    view = deal.view(None)
    assert view["fool"] == {"owner": ALICE, "status": "exchanged", "card": "6H"}
    assert [p["captured_count"] for p in view["players"]] == [2, 2]
    play_trick(deal, "KD", "2D")  # later tricks are whole again
    assert [p["captured_count"] for p in deal.view(None)["players"]] == [4, 2]
    assert deal.view(None)["fool"]["card"] == "6H"


def test_the_exchange_waits_for_a_trick_the_owner_wins_not_just_the_next_trick():
    deal = new_deal(bob=["FOOL", "KH"], alice=["2H", "3H", "2D"])
    play_trick(deal, "FOOL", "2D")  # bob leads the fool: alice wins and leads
    play_trick(deal, "2H", "KH")  # bob wins: he gives the two of hearts
    assert deal.view(None)["fool"] == {"owner": BOB, "status": "exchanged", "card": "2H"}


@pytest.mark.parametrize(
    ("lead", "win", "given"),
    [
        ("QD", "2T", "2T"),  # fewer card points
        ("3D", "4T", "3D"),  # equal points: the suit card before the trump
        ("2D", "9D", "2D"),  # equal points, same suit: the weaker card
        ("KD", "1T", "KD"),  # 4 and 4: the suit card
    ],
)
def test_the_exchange_card_is_the_lowest_valued_of_the_trick(lead, win, given):
    deal = new_deal(bob=["FOOL", win], alice=["5H", lead])  # bob has no other diamond
    play_trick(deal, "FOOL", "5H")  # alice wins the fool's trick and leads
    play_trick(deal, lead, win)
    assert deal.view(None)["last_trick"]["winner"] == BOB
    assert deal.view(None)["fool"]["card"] == given


def test_a_card_not_in_hand_is_refused():
    deal = new_deal(bob=["5H"], alice=["KH"])
    assert_refused(deal, "play KH", "card_not_in_hand")
