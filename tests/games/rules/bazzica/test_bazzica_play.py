"""Bazzica's tricks: the first phase (play anything), the second (follow, win, trump),
who wins a trick, and the two copies of a code.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Valore delle carte",
"Prima fase", "Seconda fase"), ../shared/rules/README.md ("Bazzica").
"""

from __future__ import annotations

import pytest

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    hand,
    last_tricks,
    new_deal,
    trick,
)
from tests.games.rules.helpers import assert_refused

BOB_HAND = ["AS", "10S", "KD", "9D", "9D", "8C", "7C", "JH"]
ALICE_HAND = ["7S", "QS", "AD", "9C", "8H", "KH", "10H", "QC"]


def first_phase(upcard="KH", stock=()):
    return new_deal(non_dealer=BOB_HAND, dealer=ALICE_HAND, upcard=upcard, stock=stock)


def test_in_the_first_phase_any_card_may_be_played_and_each_code_is_offered_once():
    deal = first_phase()
    assert deal.legal_actions() == [
        "play 10S", "play 7C", "play 8C", "play 9D", "play AS", "play JH", "play KD",
    ]  # fmt: skip
    deal.apply("play 9D")
    # Alice holds the AD and need not follow with it nor trump.
    assert deal.legal_actions() == [f"play {code}" for code in sorted(ALICE_HAND)]
    deal.apply("play 7S")
    assert deal.view(None)["last_trick"]["winner"] == BOB


def test_playing_one_of_two_identical_cards_leaves_the_other_in_hand():
    deal = first_phase()
    deal.apply("play 9D")
    assert hand(deal, BOB).count("9D") == 1
    deal.apply("play QC")
    deal.apply("draw")
    assert "play 9D" in deal.legal_actions()


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("9D", "AD", ALICE),  # higher card of the suit led
        ("AS", "QS", BOB),  # lower card of the suit led
        ("10S", "QS", BOB),  # the ten beats the queen: A 10 K Q J 9 8 7
        ("AS", "8H", ALICE),  # a trump beats the suit led
        ("JH", "KH", ALICE),  # a higher trump
        ("JH", "AD", BOB),  # trumps led, another suit played
        ("8C", "QC", ALICE),
        ("7C", "9C", ALICE),
        ("KD", "QS", BOB),  # another suit, not trumps: the leader wins
    ],
)
def test_the_higher_trump_wins_else_the_higher_card_of_the_suit_led(lead, follow, winner):
    assert trick(first_phase(), lead, follow) == winner


def test_of_two_identical_cards_the_first_played_wins():
    deal = new_deal(non_dealer=["9C", "7D"], dealer=["9C", "8D"], upcard="KH")
    assert trick(deal, "9C", "9C") == BOB


def test_the_winner_of_a_first_phase_trick_is_asked_to_declare_or_draw_then_leads():
    deal = first_phase()
    assert trick(deal, "9D", "AD") == ALICE
    assert deal.phase == "declare" and deal.to_act == ALICE
    assert deal.legal_actions() == ["draw"]  # asked even with nothing to declare
    deal.apply("draw")
    assert deal.phase == "play" and deal.to_act == ALICE == deal.view(None)["leader"]


def test_in_the_second_phase_the_follower_must_beat_the_card_led_if_possible():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="QH", last="9C")
    deal.apply("play KD")
    assert deal.legal_actions() == ["play AD"]
    assert_refused(deal, "play 8D", "must_win")
    assert_refused(deal, "play QH", "must_follow_suit")
    deal.apply("play AD")
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_in_the_second_phase_a_follower_who_cannot_beat_still_follows_suit():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="QH", last="9C")
    deal.apply("play AS")
    assert deal.legal_actions() == ["play 7S", "play KS"]


def test_in_the_second_phase_a_follower_void_in_the_suit_must_trump():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="QH", last="9C")
    deal.apply("play 9C")
    assert deal.legal_actions() == ["play 8H", "play QH"]
    assert_refused(deal, "play 8D", "must_trump")


def test_in_the_second_phase_a_follower_with_no_card_of_the_suit_nor_trumps_plays_any():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="QH", last="9C")
    trick(deal, "KH", "QH")  # bob keeps the lead: the king beats the queen
    trick(deal, "10H", "8H")
    deal.apply("play 9C")
    assert deal.legal_actions() == ["play 7S", "play 8D", "play AD", "play JD", "play KS"]


def test_in_the_second_phase_trumps_led_must_be_beaten_with_a_higher_trump_if_possible():
    deal = last_tricks(BOB_LAST, ALICE_LAST, upcard="QH", last="9C")
    deal.apply("play JH")
    assert deal.legal_actions() == ["play QH"]


BOB_LAST = ["KD", "AS", "9C", "KH", "10H", "JH", "7C", "8C"]
ALICE_LAST = ["AD", "8D", "7S", "QH", "8H", "JD", "KS", "AD"]
