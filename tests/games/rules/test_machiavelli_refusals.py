"""Machiavelli refuses every illegal action with a clear key and changes nothing.

Source: ../shared/rules/README.md (General rulings: the engine refuses an illegal
action; "Machiavelli": a turn that plays places at least one card from hand),
../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli").
"""

from __future__ import annotations

import pytest

from tests.games.rules.helpers import assert_refused
from tests.games.rules.test_machiavelli_play import (
    ALICE,
    BOB,
    deal_from,
    exhaust_stock,
    hand,
)


@pytest.fixture
def on_the_table():
    """Alice has laid 3H 4H 5H; bob holds 6H 9C 9D 9S and is to play."""
    deal = deal_from(["3H 4H 5H", "6H 9C 9D 9S"], stock="KD")
    deal.apply("table 3H 4H 5H")
    return deal


@pytest.mark.parametrize(
    "action",
    [
        "",
        "play 3H",
        "Draw",
        "table",
        "table ",
        "table 6H |",
        "table | 6H",
        "table 3H 4H 5H || 6H",
        "table 3H 4H 5H 6X",
        "table 3h 4h 5h 6h",
        None,
        42,
        ["table", "6H"],
    ],
)
def test_a_malformed_action_is_refused(on_the_table, action):
    assert_refused(on_the_table, action, "malformed")


def test_a_table_that_drops_a_card_of_the_old_table_is_refused(on_the_table):
    error = assert_refused(on_the_table, "table 9C 9D 9S | 3H 4H", "table_card_missing")
    assert error.params == {"card": "5H"}


def test_a_table_with_a_card_neither_on_the_table_nor_in_hand_is_refused(on_the_table):
    error = assert_refused(on_the_table, "table 3H 4H 5H | 9C 9D 9H", "card_not_in_hand")
    assert error.params == {"card": "9H"}


def test_a_table_using_a_card_of_the_hand_twice_is_refused(on_the_table):
    assert_refused(on_the_table, "table 3H 4H 5H 6H | 6H 7H 8H", "card_not_in_hand")


def test_a_table_that_places_nothing_from_hand_is_refused_even_if_rearranged(on_the_table):
    assert_refused(on_the_table, "table 3H 4H 5H", "no_card_from_hand")
    assert_refused(on_the_table, "table 5H 4H 3H", "no_card_from_hand")


def test_passing_while_the_stock_has_cards_is_refused(on_the_table):
    assert_refused(on_the_table, "pass", "stock_not_empty")


def test_drawing_from_an_empty_stock_is_refused():
    deal = deal_from(["", ""])
    exhaust_stock(deal)
    assert_refused(deal, "draw", "stock_empty")


def test_acting_out_of_turn_or_after_the_end_is_refused(on_the_table):
    assert_refused(on_the_table, "draw", "not_your_turn", seat=ALICE)
    deal = deal_from(["3H 4H 5H 6H 7C 7D 7S 9S 10S JS QS KS AS", ""])
    deal.apply("table 3H 4H 5H 6H | 7C 7D 7S | 9S 10S JS QS KS AS")
    assert_refused(deal, "draw", "deal_over")
    assert_refused(deal, "draw", "deal_over", seat=BOB)


def test_an_invalid_split_is_not_refused_but_penalised(on_the_table):
    before = hand(on_the_table, BOB)
    on_the_table.apply("table 3H 4H 5H | 6H 9C 9D 9S")
    assert len(hand(on_the_table, BOB)) == len(before) + 3 and "KD" in hand(on_the_table, BOB)
    assert on_the_table.to_act == ALICE
