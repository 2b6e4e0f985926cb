"""Machiavelli's melds, the spelling of a table and the partition solver.

The solver is checked against a brute force written here from the rules alone (a
meld is a set of 3 or 4 different suits of a rank, or a run of 3+ consecutive cards
of a suit, the ace low or high but not both) on small random multisets.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/rules/README.md ("Machiavelli").
"""

from __future__ import annotations

import doctest
import importlib
import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.machiavelli.melds import (
    canonical,
    codes,
    counts_of,
    extensions,
    faces,
    format_table,
    meld_kind,
    parse_table,
)
from games.rules.machiavelli.partition import (
    SearchBudgetExceededError,
    find_partition,
    split_codes,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"


# -- an independent account of the rules ----------------------------------------


def is_meld(cards: list[str]) -> bool:
    """A valid meld by the rules as written, from codes alone."""
    if len(cards) < 3:
        return False
    ranks = [card[:-1] for card in cards]
    suits = [card[-1] for card in cards]
    if len(set(ranks)) == 1:
        return len(cards) <= 4 and len(set(suits)) == len(cards)
    if len(set(suits)) != 1:
        return False
    for ace in (1, 14):
        values = sorted(ace if rank == "A" else RANKS.index(rank) + 1 for rank in ranks)
        if values == list(range(values[0], values[0] + len(values))):
            return True
    return False


def all_melds() -> list[tuple[str, ...]]:
    """Every meld of the 52 codes, once each."""
    melds = []
    for rank in RANKS:
        for size in (3, 4):
            melds += [tuple(rank + s for s in chosen) for chosen in combinations(SUITS, size)]
    for suit in SUITS:
        for start in range(1, 13):
            for end in range(start + 2, min(start + 12, 14) + 1):
                melds.append(tuple(RANKS[(v - 1) % 13] + suit for v in range(start, end + 1)))
    return melds


MELDS = all_melds()


@cache
def splittable(cards: tuple[str, ...]) -> bool:
    """Brute force: can the sorted ``cards`` be split into valid melds? The first card
    must lie in some meld made of the cards; try each."""
    if not cards:
        return True
    first, rest = cards[0], list(cards)
    for meld in MELDS:
        if first not in meld:
            continue
        left = list(rest)
        try:
            for card in meld:
                left.remove(card)
        except ValueError:
            continue
        if splittable(tuple(left)):
            return True
    return False


# -- melds ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7C 7D 7S", "set"),
        ("7C 7D 7S 7H", "set"),
        ("7C 7D 7C", None),  # a set's suits are all different (rulings)
        ("7C 7D 7S 7H 7C", None),  # at most four
        ("7C 7D", None),  # three cards or more
        ("3H 4H 5H", "run"),
        ("5H 3H 4H", "run"),  # any order
        ("AS 2S 3S", "run"),  # ace low
        ("QS KS AS", "run"),  # ace high
        ("KS AS 2S", None),  # not both: no going round the corner
        ("3H 4H 6H", None),
        ("3H 4H 5D", None),
        ("3H 4H 4H 5H", None),
        ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "run"),  # thirteen
        ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "run"),
    ],
)
def test_a_meld_is_a_set_of_different_suits_or_a_run_of_one_suit(cards, kind):
    assert meld_kind(faces(cards)) == kind
    assert is_meld(cards.split()) == (kind is not None)


def test_a_run_of_fourteen_would_put_the_ace_at_both_ends_and_is_no_meld():
    cards = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    assert meld_kind(faces(cards)) is None


def test_every_meld_agrees_with_the_rules_as_written_and_lists_its_extensions():
    for meld in MELDS:
        ints = canonical(faces(meld))
        assert meld_kind(ints) is not None, meld
        longer = sorted(f for f in range(52) if is_meld([*codes(ints), codes([f])[0]]))
        assert sorted(extensions(ints)) == longer, meld


def test_canonical_order_lays_a_set_by_suit_and_a_run_upwards_with_a_high_ace_last():
    assert codes(canonical(faces("7S 7C 7H"))) == ["7C", "7H", "7S"]
    assert codes(canonical(faces("AH QH KH"))) == ["QH", "KH", "AH"]
    assert codes(canonical(faces("3H AH 2H"))) == ["AH", "2H", "3H"]


def test_a_table_is_spelled_as_melds_separated_by_bars_and_parses_back():
    melds = [canonical(faces("5H 3H 4H")), canonical(faces("7S 7C 7D"))]
    text = format_table(melds)
    assert text == "table 3H 4H 5H | 7C 7D 7S"
    assert [tuple(m) for m in parse_table(text)] == melds


@pytest.mark.parametrize(
    "action",
    ["table", "table ", "table 3H 4H | | 7C 7D 7S", "table 3H 4X 5H", "tables 3H 4H 5H", "3H"],
)
def test_a_malformed_table_is_refused_by_the_parser(action):
    with pytest.raises(ValueError):
        parse_table(action)


@pytest.mark.parametrize(
    "module",
    ["melds", "partition", "scoring"],
)
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(importlib.import_module(f"games.rules.machiavelli.{module}"))
    assert result.attempted > 0 and result.failed == 0


# -- the partition solver -------------------------------------------------------


def check_split(cards: list[str]) -> None:
    """The solver agrees with the brute force, and a split it gives is made of valid
    melds that hold exactly the cards."""
    split = find_partition(counts_of(faces(cards)))
    assert (split is not None) == splittable(tuple(sorted(cards)))
    if split is not None:
        assert sorted(code for meld in split for code in codes(meld)) == sorted(cards)
        assert all(is_meld(codes(meld)) for meld in split)


@pytest.mark.parametrize(
    "cards",
    [
        "",
        "3H 4H 5H 6H 7H 5C 5D 5S",  # a run and a set of one rank
        "3H 4H 5H 6H 7H 5C 5D",  # the 5H cannot serve both
        "3H 4H 5H 5H 6H 7H",  # a run split at a doubled card
        "QS KS AS 2S 3S 4S AD AC AS",  # one ace high, one in a set
        "KS AS 2S",  # round the corner
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",  # both aces of a suit
        "7C 7C 7D 7D 7H 7H",  # two sets of one rank
        "7C 7D 7H 7S 7C 7D 7H",  # sets of four and three
        "7C 7D 7H 7S 7C 7D 7H 7S",  # eight of a rank
        "2C 3C 4C 2C 3C 4C 2D 2H",  # two runs and the 2s do not make a set
    ],
)
def test_the_solver_splits_worked_examples_as_the_brute_force_does(cards):
    check_split(cards.split())


def small_multisets():
    """Up to 12 cards drawn from a few ranks and suits, at most two copies each, so that
    melds are likely and the brute force stays quick."""
    pool = [rank + suit for rank in ("A", "2", "3", "4", "Q", "K") for suit in "CDH"] * 2
    return st.lists(st.sampled_from(range(len(pool))), max_size=12, unique=True).map(
        lambda picks: [pool[i] for i in picks]
    )


@settings(max_examples=400, deadline=None)
@given(small_multisets())
def test_the_solver_agrees_with_a_brute_force_on_small_random_multisets(cards):
    check_split(cards)


def random_table(rng: random.Random, size: int) -> list[str]:
    """Cards that certainly split: random valid melds dealt until ``size`` cards."""
    counts: dict[str, int] = {}
    cards: list[str] = []
    while len(cards) < size:
        meld = rng.choice(MELDS)
        if all(counts.get(card, 0) < 2 for card in meld):
            for card in meld:
                counts[card] = counts.get(card, 0) + 1
            cards += meld
    return cards


@pytest.mark.parametrize("size", [40, 60, 80])
def test_the_solver_splits_full_random_tables(size):
    rng = random.Random(size)
    for _ in range(20):
        cards = random_table(rng, size)
        split = find_partition(counts_of(faces(cards)))
        assert split is not None
        assert sorted(code for meld in split for code in codes(meld)) == sorted(cards)
        assert all(is_meld(codes(meld)) for meld in split)


def test_the_solver_stops_at_its_budget_and_refuses_bad_counts():
    cards = random_table(random.Random(5), 80)
    with pytest.raises(SearchBudgetExceededError):
        find_partition(counts_of(faces(cards)), budget=1)
    with pytest.raises(ValueError):
        find_partition([3] + [0] * 51)
    with pytest.raises(ValueError):
        find_partition([0] * 51)


def test_the_solver_takes_and_gives_card_codes_for_bots_and_the_browser():
    split = split_codes("2H 3H 4H 4H 5H 6H 4C 4S".split())
    assert split is not None
    assert sorted(card for meld in split for card in meld) == sorted(
        "2H 3H 4H 4H 5H 6H 4C 4S".split()
    )
    assert all(is_meld(meld) for meld in split)
    assert split_codes(["KS", "AS", "2S"]) is None
    with pytest.raises(ValueError):
        split_codes(["7C", "7C", "7C"])
    with pytest.raises(ValueError):
        split_codes(["7X"])
