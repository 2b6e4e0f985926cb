"""Rumino's melds with jokers, the least deadwood and ruminos.

The engine's least deadwood is checked against a brute force written here from the
rules alone: every way to put each card in a group, the groups melds or deadwood.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino").
"""

from __future__ import annotations

import doctest
import importlib
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.rumino.game import PACK
from games.rules.rumino.melds import (
    _could_hold_rumino,
    codes,
    completes_rumino,
    deadwood_after_discards,
    deadwood_value,
    faces,
    is_meld,
    is_rumino,
    least_deadwood,
    rumino_in,
)

ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
VALUE = {"A": 1, "J": 10, "Q": 10, "K": 10, "JK": 10}


def value(card: str) -> int:
    rank = "JK" if card == "JK" else card[:-1]
    return VALUE[rank] if rank in VALUE else int(rank)


def fits(cards: list[str], sizes: range) -> bool:
    """The rules as written: of a kind or one suit in sequence (aces low), jokers wild."""
    if len(cards) not in sizes:
        return False
    naturals = [card for card in cards if card != "JK"]
    if len({card[:-1] for card in naturals}) <= 1:
        return True
    if len({card[-1] for card in naturals}) != 1:
        return False
    positions = sorted(ORDER.index(card[:-1]) for card in naturals)
    if len(set(positions)) != len(positions):
        return False
    # Some window of len(cards) consecutive ranks within A..K holds them all.
    return any(
        start <= positions[0] and positions[-1] < start + len(cards)
        for start in range(0, 14 - len(cards))
    )


def brute_deadwood(cards: list[str]) -> int:
    """The least deadwood over every assignment of cards to melds (recursively: the first
    card is deadwood or in a meld with some of the rest)."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = value(first) + brute_deadwood(rest)
    n = len(rest)
    for mask in range(1, 1 << n):
        group = [rest[i] for i in range(n) if mask >> i & 1]
        if fits([first, *group], range(3, 5)):
            left = [rest[i] for i in range(n) if not mask >> i & 1]
            best = min(best, brute_deadwood(left))
    return best


@pytest.mark.parametrize(
    ("cards", "meld"),
    [
        ("9C 9D 9H", True),
        ("9C 9C 9D", True),  # two packs: suits may repeat (rulings)
        ("9C 9C 9D 9S", True),
        ("9C 9C 9D 9S 9H", False),  # three or four
        ("AS 2S 3S", True),  # aces low
        ("QS KS AS", False),
        ("JS QS KS", True),
        ("3H 4H 5H 6H", True),
        ("3H 4H 5H 6H 7H", False),  # three or four in sequence (004)
        ("3H JK 5H", True),  # a joker fills the gap
        ("JK JK 9D", True),
        ("3H 4H 4H", False),
        ("3H 4D 5H", False),
        ("JK KS QS", True),  # the joker is the jack
    ],
)
def test_a_meld_is_three_or_four_of_a_kind_or_in_suit_sequence_jokers_wild(cards, meld):
    assert is_meld(faces(cards)) == meld == fits(cards.split(), range(3, 5))


@pytest.mark.parametrize(
    ("cards", "deadwood"),
    [
        ("3H 4H 5H 9C 9D 9S KS", 10),
        ("3H 4H 5H 9C 9D JK KS", 10),
        ("AH 2H 3H 4H 5H 5C 5D", 0),  # the 5H goes to the set, the run keeps four
        ("AC 2D 3H 4S 6C 8D 10H", 34),  # nothing melds
        ("JK JK JK JK KS QS AH", 0),  # JK QS KS and JK JK JK AH, not four jokers alone
        ("JK 2C 9D KH 5S 10S 4H", 50),  # no two cards a joker can meld with: it counts 10
        ("JK 2C 9D KH 5S 7S 4H", 25),  # 5S JK 7S
        ("7D 8D 9D 10D 7C 7S 7H", 0),  # 7D in the set or the run: either way 0
    ],
)
def test_the_engine_finds_the_arrangement_with_the_least_deadwood(cards, deadwood):
    found, melds = least_deadwood(tuple(sorted(faces(cards))))
    assert found == deadwood == brute_deadwood(cards.split())
    used = [card for meld in melds for card in codes(meld)]
    assert all(is_meld(meld) for meld in melds)
    rest = list(cards.split())
    for card in used:
        rest.remove(card)
    assert sum(value(card) for card in rest) == deadwood


POOL = [rank + suit for rank in ("A", "2", "3", "4", "5", "J", "Q", "K") for suit in "CD"] * 2
POOL += ["JK"] * 4


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(POOL))), min_size=1, max_size=8, unique=True))
def test_the_least_deadwood_agrees_with_a_brute_force_on_random_hands(picks):
    cards = [POOL[i] for i in picks]
    found, melds = least_deadwood(tuple(sorted(faces(cards))))
    assert found == brute_deadwood(cards)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(POOL))), min_size=1, max_size=8, unique=True))
def test_the_deadwood_without_the_melds_agrees_with_a_brute_force(picks):
    """``deadwood_value`` (the best meld or pair of melds, for the hot paths) gives the
    brute force's least deadwood and ``least_deadwood``'s."""
    cards = [POOL[i] for i in picks]
    hand = tuple(sorted(faces(cards)))
    assert deadwood_value(hand) == brute_deadwood(cards) == least_deadwood(hand)[0]


def test_the_deadwood_without_the_melds_agrees_with_the_search_on_random_deals():
    """5 000 hands of 7 and 8 cards dealt from the Rumino pack (a few with many jokers):
    ``deadwood_value`` and ``deadwood_after_discards`` give what ``least_deadwood``'s
    search over subsets gives."""
    rng = random.Random(32)
    deck = faces(PACK.new_order)
    jokery = deck + faces(["JK"] * 8)
    for trial in range(5_000):
        hand = tuple(sorted(rng.sample(jokery if trial % 10 == 0 else deck, 7 + trial % 2)))
        assert deadwood_value(hand) == least_deadwood.__wrapped__(hand)[0], codes(hand)
        left = deadwood_after_discards(hand)
        for i in range(len(hand)):
            rest = hand[:i] + hand[i + 1 :]
            assert left[i] == least_deadwood.__wrapped__(rest)[0], (codes(hand), i)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(POOL))), min_size=2, max_size=8, unique=True))
def test_what_each_discard_leaves_agrees_with_a_brute_force(picks):
    """``deadwood_after_discards`` (one search for every discard, which the heuristic and
    the bots' playouts use) gives, for each card, the brute force's least deadwood of the
    hand without it."""
    cards = [POOL[i] for i in picks]
    hand = tuple(sorted(faces(cards)))
    left = deadwood_after_discards(hand)
    assert len(left) == len(hand)
    for i, card in enumerate(codes(hand)):
        rest = codes(hand)
        rest.pop(i)
        assert left[i] == brute_deadwood(rest), (codes(hand), card)


@pytest.mark.parametrize(
    ("cards", "rumino"),
    [
        ("7D 8D 9D 10D JD QD KD", True),
        ("AS 2S 3S 4S 5S 6S 7S", True),
        ("5C 5C 5D JK 5H 5S 5S", True),  # seven of a kind, jokers count
        ("7D 8D JK 10D JK QD KD", True),
        ("8D 9D 10D JD QD KD AD", False),  # aces low
        ("7D 8D 9D 10D JD QD QD", False),
        ("7D 8D 9D 10D JD QD", False),  # six cards
    ],
)
def test_a_rumino_is_seven_in_suit_sequence_or_seven_of_a_kind(cards, rumino):
    assert is_rumino(faces(cards)) == rumino == fits(cards.split(), range(7, 8))


def test_a_rumino_is_found_among_eight_cards_and_a_discard_can_complete_one():
    hand = sorted(faces("7D 8D 9D 10D JD QD 2C KD"))
    assert codes(rumino_in(hand)) == ["7D", "8D", "9D", "10D", "JD", "QD", "KD"]
    six = sorted(faces("7D 8D 9D 10D JD QD 2C"))
    assert rumino_in(six) is None
    assert codes(completes_rumino(six, faces("KD")[0])) == [
        "7D", "8D", "9D", "10D", "JD", "QD", "KD",
    ]  # fmt: skip
    assert completes_rumino(six, faces("6D")[0]) is not None
    assert completes_rumino(six, faces("JK")[0]) is not None
    assert completes_rumino(six, faces("KS")[0]) is None


@pytest.mark.parametrize("module", ["melds", "scoring"])
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(importlib.import_module(f"games.rules.rumino.{module}"))
    assert result.attempted > 0 and result.failed == 0


# Mostly diamonds and jokers, so that about one hand in thirty holds a rumino.
SUITED = [rank + "D" for rank in ORDER] * 2 + ["7C", "7S", "8H", "9C"] + ["JK"] * 4


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(SUITED))), min_size=1, max_size=12, unique=True))
def test_the_quick_rumino_test_counts_seven_of_a_rank_or_a_suit_jokers_with_both(picks):
    cards = faces([SUITED[i] for i in picks])
    jokers = cards.count(faces("JK")[0])
    naturals = [face for face in cards if face != faces("JK")[0]]
    most = max(
        [naturals.count(face) for face in naturals]
        + [sum(1 for other in naturals if other % 13 == face % 13) for face in naturals]
        + [sum(1 for other in naturals if other // 13 == face // 13) for face in naturals]
        + [0]
    )
    assert _could_hold_rumino(cards) == (jokers + most >= 7)
    assert _could_hold_rumino(tuple(cards)) == (jokers + most >= 7)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(SUITED))), min_size=7, max_size=8, unique=True))
def test_a_rumino_is_found_exactly_when_seven_of_the_cards_make_one(picks):
    cards = [SUITED[i] for i in picks]
    expected = any(fits(list(seven), range(7, 8)) for seven in combinations(cards, 7))
    assert (rumino_in(sorted(faces(cards))) is not None) == expected
    if len(cards) == 8:
        card, six_and_more = cards[-1], cards[:-1]
        completes = any(fits([*six, card], range(7, 8)) for six in combinations(six_and_more, 6))
        found = completes_rumino(sorted(faces(six_and_more)), faces([card])[0])
        assert (found is not None) == completes
