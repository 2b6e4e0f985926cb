"""The shared tarot pieces: card codes, the 78-card pack and the tarot trick rules.

Source: ../shared/DESIGN.md ("Card codes": tarot), ../shared/rules/sources/
003_7513308a0e62a486.txt ("Deck", "Following suit", "Winning a trick").
"""

from __future__ import annotations

import random

import pytest

from games.rules.cards import (
    FOOL_SUIT,
    TAROT_78,
    TAROT_SUITS,
    TRUMP_SUIT,
    parse_card,
    parse_tarot_card,
)
from games.rules.tricks import TarotTricks

P = TAROT_78
RULES = TarotTricks(P)


def ids(*codes):
    return [P.index[code] for code in codes]


@pytest.mark.parametrize(
    ("code", "parsed"),
    [
        ("CH", ("C", "H")),
        ("CC", ("C", "C")),
        ("10C", ("10", "C")),
        ("AS", ("A", "S")),
        ("KD", ("K", "D")),
        ("1T", ("1", "T")),
        ("21T", ("21", "T")),
        ("FOOL", ("FOOL", "")),
    ],
)
def test_tarot_codes_parse_into_rank_and_suit(code, parsed):
    assert parse_tarot_card(code) == parsed


@pytest.mark.parametrize("code", ["0T", "22T", "AT", "CT", "1C", "JK", "fool", "11", "", None])
def test_anything_else_is_not_a_tarot_code(code):
    with pytest.raises(ValueError):
        parse_tarot_card(code)


def test_standard_card_codes_still_refuse_tarot_cards():
    for code in ("CH", "21T", "FOOL"):
        with pytest.raises(ValueError):
            parse_card(code)
    assert parse_card("10C") == ("10", "C")


def test_the_tarot_pack_has_56_suit_cards_21_trumps_and_the_fool():
    assert len(P) == len(P.codes) == 78
    suits = [P.suit_of[i] for i in range(78)]
    assert [suits.count(s) for s in range(6)] == [14, 14, 14, 14, 21, 1]
    assert TAROT_SUITS[TRUMP_SUIT] == "T" and P.suit_of[P.index["FOOL"]] == FOOL_SUIT
    assert P.codes_of(P.rank_mask("C")) == ["CC", "CD", "CH", "CS"]  # the cavaliers
    assert P.suit_of[P.index["CC"]] == 0 and P.suit_of[P.index["10C"]] == 0
    assert list(P.codes) == sorted(P.new_order)
    assert P.new_order[:3] == ("AC", "2C", "3C") and P.new_order[-2:] == ("21T", "FOOL")
    assert sorted(P.shuffled(5)) == sorted(P.codes) and P.shuffled(5) == P.shuffled(5)


def test_suit_cards_rank_from_the_ace_up_to_jack_cavalier_queen_king():
    order = ["AH", "2H", "9H", "10H", "JH", "CH", "QH", "KH"]
    assert [RULES.strength[P.index[c]] for c in order] == [1, 2, 9, 10, 11, 12, 13, 14]
    assert [RULES.strength[P.index[c]] for c in ("1T", "20T", "21T", "FOOL")] == [1, 20, 21, 0]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (("KH", "QH"), 0),
        (("QH", "KH"), 1),
        (("KH", "1T"), 1),
        (("KH", "AS"), 0),
        (("20T", "21T"), 1),
        (("FOOL", "2C"), 1),
        (("21T", "FOOL"), 0),
        (("FOOL", "2C", "3C"), 2),  # with more players the fool lets the next card lead
        (("5D", "3T", "9T"), 2),
    ],
)
def test_the_highest_trump_wins_else_the_highest_of_the_suit_led_never_the_fool(cards, winner):
    assert RULES.winner(ids(*cards)) == winner
    if len(cards) == 2:
        first, second = ids(*cards)
        assert RULES.beats[first * 78 + second] == winner


def test_with_a_trump_in_the_trick_a_player_void_in_the_suit_must_beat_it_if_able():
    hand = P.mask(["4T", "12T", "2S"])
    assert P.codes_of(RULES.playable(hand, ids("5D", "9T"))) == ["12T"]
    assert P.codes_of(RULES.playable(P.mask(["4T", "2S"]), ids("5D", "9T"))) == ["4T"]
    assert RULES.playable(hand, []) == hand
    assert RULES.playable(hand, ids("FOOL")) == hand


def test_following_a_single_card_from_tables_agrees_with_the_general_rule():
    rng = random.Random(7)
    for _ in range(3000):
        hand = P.mask(rng.sample(P.codes, rng.randint(1, 15)))
        led = rng.randrange(78)
        if not hand >> led & 1:
            assert RULES.follow(hand, led) == RULES.playable(hand, [led])
