"""The words on the table (issue 34): what a person reads at each game's felt, drawn from
the engines' own views by the match page core without a server (table_harness.py), in
English and Italian. Cards are named in words, never as codes; each hand's result stays
on the felt until the next hand starts.
"""

from __future__ import annotations

import pytest

from tests.e2e.table_harness import TableHarness, state_of
from tests.games.rules.ziginette.test_ziginette import hand as ziginette_hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


@pytest.fixture
def english(browser):
    harness = TableHarness(browser, "en")
    yield harness
    harness.close()


@pytest.fixture
def italian(browser):
    harness = TableHarness(browser, "it")
    yield harness
    harness.close()


NAMES = ["alice", "bob", "carol"]


def _felt(harness, state) -> str:
    harness.render(state)
    return harness.page.locator("#table .lt-root").inner_text()


def test_ziginette_names_cards_and_says_what_each_card_won_or_lost(english, italian):
    # Board 3C 5D, bank KS; 3H matches 3C (the bank takes 7); 7C comes, bets go on it;
    # KC matches the bank's card: the bank pays every bet still on the board.
    deal = ziginette_hand(
        ["3C", "5D", "KS", "3H", "7C", "KC"],
        ["limits 1 10", "bet 3C 4", "bet 5D 2", "done", "bet 3C 3", "done",
         "bet 7C 5", "done", "done"],
    )  # fmt: skip
    assert deal.is_over
    state = state_of("ziginette", deal.view(None), NAMES)
    text = _felt(english, state)
    assert "Last card turned: Re di Bastoni" in text and "KC" not in text
    assert "Tre di Bastoni matched by Tre di Coppe: the bank takes 7 chips." in text
    assert "Re di Bastoni matches the bank's card: the bank pays every bet on the board." in text
    assert "Paid: bob 7" in text
    assert "out of play (matched): Tre" in text
    assert "THIS HAND" in text.upper() and "\tHAND\n" not in text.upper()
    italian_text = _felt(italian, state)
    assert "Ultima carta girata: Re di Bastoni" in italian_text
    assert "Tre di Bastoni presa da Tre di Coppe: il banco incassa 7 fiches." in italian_text
    assert "Pagati: bob 7" in italian_text


def test_ziginette_keeps_the_last_hands_result_on_the_felt_while_the_limits_are_set(english):
    deal = ziginette_hand(
        ["3C", "5D", "KS", "3H", "5S"],
        ["limits 1 10", "bet 3C 2", "bet 5D 2", "done", "done", "pass"],
    )
    following = ziginette_hand(["4C", "6D", "KH"], [], banker=2)
    last = {"number": 1, "result": deal.result()}
    text = _felt(english, state_of("ziginette", following.view(None), NAMES,
                                   deal_number=2, last_result=last))  # fmt: skip
    assert "Cinque di Denari matched by Cinque di Spade: the bank takes 2 chips." in text
    assert "The bank's card did not come" in text and "Next bank: carol" in text


def test_ziginette_says_the_bets_are_placed_not_that_the_hand_is_over(english):
    # bob has bet on both board cards: only "Done" is left while the bets are open.
    deal = ziginette_hand(["3C", "5D", "KS"], ["limits 1 10", "bet 3C 2", "bet 5D 2"])
    assert deal.legal_actions() == ["done"]
    state = state_of("ziginette", deal.view(1), NAMES)
    state["seat"] = 1
    text = _felt(english, state)
    assert "Your bets are placed:" in text and "The hand is over" not in text
