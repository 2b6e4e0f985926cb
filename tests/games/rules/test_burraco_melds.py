"""Burraco melds: every placement rule of 004 and the rulings, worked example by example.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Melding", "Wild cards",
"Burrachi"), ../shared/rules/README.md ("Burraco"); the semi-clean burraco as the
Italian federation defines it (a wild card at one end of seven naturals).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.burraco.melds import build_meld, extend_meld, is_wild


def refused(key, tokens, old=None):
    with pytest.raises(IllegalAction) as error:
        if old is None:
            build_meld(tokens.split())
        else:
            extend_meld(build_meld(old.split()), tokens.split())
    assert error.value.key == key and str(error.value)


# -- runs and sets ---------------------------------------------------------------------


def test_a_run_is_three_consecutive_cards_of_a_suit_in_any_order():
    meld = build_meld(["5H", "3H", "4H"])
    assert (meld.kind, meld.suit, meld.spelling, meld.wild) == ("run", "H", "3H 4H 5H", None)


def test_a_set_is_three_or_more_of_a_rank_and_suits_may_repeat():
    meld = build_meld("7D 7C 7C 7S".split())
    assert (meld.kind, meld.rank, meld.spelling) == ("set", "7", "7C 7C 7D 7S")


@pytest.mark.parametrize(
    ("tokens", "key"),
    [
        ("3H 4H", "meld_too_short"),
        ("3H 4H 6H", "run_not_consecutive"),
        ("3H 4H 5S", "run_mixed_suits"),
        ("3H 3H 4H", "run_duplicate_rank"),  # two naturals of a rank: neither run nor set
        ("4X 5H 6H", "bad_card"),
        ("3H@4H 5H 6H", "natural_with_position"),
    ],
)
def test_it_refuses_what_is_neither_a_run_nor_a_set(tokens, key):
    refused(key, tokens)


def test_the_ace_is_low_or_high_but_never_both_ends():
    assert build_meld("AH 2H 3H".split()).low == 1
    assert build_meld("QH KH AH".split()).low == 12
    refused("run_not_consecutive", "KH AH 2H")
    refused("run_one_ace", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")


def test_a_run_holds_each_rank_once():
    refused("run_duplicate_rank", "5H 6H 6H 7H JK@8H")


def test_there_is_no_set_of_jokers_or_2s():
    refused("no_set_of_wilds", "2C 2D 2H")
    refused("no_set_of_wilds", "JK JK 2S")


# -- wild cards ---------------------------------------------------------------------------


def test_jokers_and_2s_are_the_wild_cards():
    assert [is_wild(c) for c in ("JK", "2C", "2S", "3S", "AS")] == [True, True, True, False, False]


def test_a_meld_holds_one_wild_card_only():
    refused("one_wild_per_meld", "7C 7D JK 2S")
    refused("one_wild_per_meld", "JK@5H 2C@6H 7H 8H")


def test_a_wild_card_in_a_set_needs_no_position_and_takes_only_that_rank():
    meld = build_meld("JK 7C 7D".split())
    assert (meld.spelling, meld.wild) == ("7C 7D JK", 2)
    assert build_meld("7C 7D JK@7S".split()).spelling == "7C 7D JK"
    refused("wild_position_mismatch", "7C 7D JK@8S")


def test_a_joker_in_a_run_must_say_which_card_it_stands_for():
    refused("wild_needs_position", "3H 4H JK")


def test_a_wild_card_may_fill_an_inside_place():
    meld = build_meld("7S JK@8S 9S".split())  # 004: 7-joker-9 of spades is valid
    assert (meld.wild, meld.spelling) == (1, "7S JK@8S 9S")


def test_a_wild_card_not_inside_goes_at_the_low_end():
    # 004: 7-8 of spades and a joker is not valid; it should be joker-7-8.
    refused("wild_at_low_end", "7S 8S JK@9S")
    assert build_meld("JK@6S 7S 8S".split()).low == 6


def test_after_an_ace_low_the_wild_card_goes_at_the_high_end():
    meld = build_meld("AH 2H 3H JK@4H".split())
    assert (meld.low, meld.wild) == (1, 3)


def test_a_2_in_its_own_place_in_its_suit_is_natural():
    # 004: 2-3-4 of hearts and a joker holds one wild card, the joker (placed low here).
    assert build_meld("2H 3H 4H".split()).wild is None
    meld = build_meld("JK@AH 2H 3H 4H".split())
    assert (meld.wild, meld.cards[meld.wild]) == (0, "JK")
    assert build_meld("2H@2H 3H 4H".split()).wild is None
    refused("wild_at_low_end", "2H 3H 4H JK@5H")


def test_a_2_of_another_suit_is_wild_and_needs_its_position():
    meld = build_meld("2C@4H 3H 5H".split())
    assert meld.spelling == "3H 2C@4H 5H"
    refused("run_mixed_suits", "2C 3H 4H")


# -- additions --------------------------------------------------------------------------


def test_adding_natural_cards_extends_a_run():
    new, added = extend_meld(build_meld("3H 4H 5H".split()), "3H 4H 5H 6H 7H".split())
    assert new.spelling == "3H 4H 5H 6H 7H" and sorted(added.elements()) == ["6H", "7H"]


def test_a_natural_2_may_be_pressed_into_service_as_the_wild_card():
    # 004: with 2-3-4 of hearts a player adds the 6 making 3-4-2-6, the 2 as the 5.
    new, added = extend_meld(build_meld("2H 3H 4H".split()), "3H 4H 2H@5H 6H".split())
    assert (new.spelling, list(added.elements())) == ("3H 4H 2H@5H 6H", ["6H"])


def test_the_joker_moves_to_the_high_end_to_extend_upwards():
    # 004: joker-7-8 of spades and the 10 in hand: 7-8-joker-10.
    new, added = extend_meld(build_meld("JK@6S 7S 8S".split()), "7S 8S JK@9S 10S".split())
    assert new.spelling == "7S 8S JK@9S 10S" and list(added.elements()) == ["10S"]


def test_the_natural_card_replaces_the_wild_which_goes_to_the_low_end():
    # 004: 7-8-joker-10 of spades and the 9 picked up: joker-7-8-9-10.
    old = "7S 8S JK@9S 10S"
    new, _ = extend_meld(build_meld(old.split()), "JK@6S 7S 8S 9S 10S".split())
    assert new.wild == 0
    refused("wild_at_low_end", "7S 8S 9S 10S JK@JS", old=old)


def test_a_wild_card_is_never_replaced_by_another_wild_card():
    # 004: e.g. to force a wild 2 into becoming a natural card.
    refused("wild_replaced_by_wild", "2S 3S JK@4S 5S", old="3S 2S@4S 5S")


def test_a_wild_2_moved_to_its_own_place_becomes_natural():
    new, _ = extend_meld(build_meld("3S 2S@4S 5S".split()), "2S 3S 4S 5S".split())
    assert new.wild is None


def test_an_addition_keeps_every_card_and_the_meld_kind():
    refused("add_removes_cards", "4H 5H 6H", old="3H 4H 5H")  # no splitting a run
    refused("add_nothing", "3H 4H 5H", old="5H 3H 4H")
    refused("add_changes_meld", "3S 4S 5S 6S", old="3H 4H 5H")
    refused("add_changes_meld", "8C 8D 8H 8S", old="7C 7D 7H")
    refused("one_wild_per_meld", "7C 7D 7H JK 2C", old="7C 7D 7H JK")


# -- burrachi ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tokens", "kind"),
    [
        ("3S 4S 5S 6S 7S 8S", None),
        ("3S 4S 5S 6S 7S 8S 9S", "clean"),
        ("7C 7C 7D 7D 7H 7H 7S", "clean"),
        ("2H 3H 4H 5H 6H 7H 8H", "clean"),  # the natural 2 keeps it clean
        ("3S 4S JK@5S 6S 7S 8S 9S", "dirty"),
        ("JK@3S 4S 5S 6S 7S 8S 9S", "dirty"),  # seven cards with the wild: dirty
        ("3S JK@4S 5S 6S 7S 8S 9S 10S", "dirty"),  # the wild inside
        ("JK@2S 3S 4S 5S 6S 7S 8S 9S", "semi_clean"),  # the wild at the end of seven
        ("AH 2H 3H 4H 5H 6H 7H 2C@8H", "semi_clean"),
        ("7C 7C 7D 7D 7H 7H JK", "dirty"),
        ("7C 7C 7D 7D 7H 7H 7S 2D", "semi_clean"),
    ],
)
def test_a_meld_of_seven_or_more_is_a_clean_semi_clean_or_dirty_burraco(tokens, kind):
    assert build_meld(tokens.split()).burraco == kind
