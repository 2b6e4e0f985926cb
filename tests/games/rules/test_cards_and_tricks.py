"""Card codes, packs, shuffles and the shared trick helpers.

Source: ../shared/DESIGN.md ("Card codes"); trick rules from
../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play").
"""

from __future__ import annotations

import pytest

from games.rules.cards import (
    FRENCH_52,
    ITALIAN_40,
    PIQUET_32,
    format_card,
    mask_strings,
    parse_card,
)
from games.rules.tricks import (
    TRESSETTE_ORDER,
    beats_table,
    follow_suit,
    strength_table,
    trick_winner,
)

P = ITALIAN_40
STRENGTH = strength_table(P, TRESSETTE_ORDER)


def ids(*codes):
    return [P.index[code] for code in codes]


def test_card_codes_parse_into_rank_and_suit_and_back():
    assert parse_card("10H") == ("10", "H")
    assert parse_card("QS") == ("Q", "S")
    assert format_card("A", "D") == "AD"


@pytest.mark.parametrize("code", ["1C", "AX", "ad", "10", "", "KDD", None])
def test_anything_else_is_not_a_card_code(code):
    with pytest.raises(ValueError):
        parse_card(code)


def test_the_packs_have_their_cards():
    assert len(ITALIAN_40) == 40 and len(FRENCH_52) == 52 and len(PIQUET_32) == 32
    assert not {"8C", "9C", "10C"} & set(ITALIAN_40.codes)
    assert {"8C", "10C", "AC"} <= set(PIQUET_32.codes) and "2C" not in PIQUET_32.codes


def test_card_ints_follow_the_plain_string_order_of_codes():
    for pack in (ITALIAN_40, FRENCH_52, PIQUET_32):
        assert list(pack.codes) == sorted(pack.new_order)
        assert all(pack.index[code] == i for i, code in enumerate(pack.codes))


def test_a_mask_turns_into_sorted_strings():
    plays = mask_strings(["play " + code for code in P.codes])
    codes = ["KS", "2C", "AD", "7H", "3S", "JC", "QD", "4D", "5S", "6C", "2H", "AS"]
    assert plays(P.mask(codes)) == sorted("play " + c for c in codes)
    assert plays(0) == []
    assert plays(P.mask(P.codes)) == sorted("play " + c for c in P.codes)


def test_a_seeded_shuffle_is_a_repeatable_permutation_of_the_pack():
    deck = P.shuffled(2024)
    assert P.shuffled(2024) == deck and sorted(deck) == sorted(P.new_order)
    assert deck != list(P.new_order) and P.shuffled(2025) != deck


def test_following_suit_keeps_the_led_suit_if_held_else_everything():
    available = P.mask(["3D", "KD", "4S"])
    masks = [P.suit_mask(s) for s in "CDHS"]
    assert P.codes_of(follow_suit(available, P.suit_of[P.index["5D"]], masks)) == ["3D", "KD"]
    assert follow_suit(available, P.suit_of[P.index["5C"]], masks) == available
    assert follow_suit(available, None, masks) == available


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (("KD", "3D"), None, 1),
        (("3D", "2D"), None, 0),
        (("2D", "AD"), None, 0),
        (("AD", "KD"), None, 0),
        (("JD", "7D"), None, 0),
        (("4D", "5D"), None, 1),
        (("4D", "3S"), None, 0),
        (("4D", "3S", "5D"), None, 2),
        (("4D", "4S"), 3, 1),
        (("4D", "4S", "5S"), 3, 2),
    ],
)
def test_the_highest_card_of_the_led_suit_wins_unless_a_trump_was_played(cards, trump, winner):
    assert trick_winner(ids(*cards), P.suit_of, STRENGTH, trump) == winner


def test_the_two_card_table_agrees_with_trick_winner():
    beats = beats_table(P.suit_of, STRENGTH)
    for first in range(40):
        for second in range(40):
            if first != second:
                expected = trick_winner((first, second), P.suit_of, STRENGTH)
                assert beats[first * 40 + second] == expected
