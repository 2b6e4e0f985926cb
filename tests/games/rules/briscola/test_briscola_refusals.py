"""Briscola's refused actions: each says why and changes nothing.

Refusals every game shares (out of turn, after the end, malformed spellings),
records, replays and the command line are checked in test_contract.py.
Source: ../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from tests.games.rules.briscola.test_briscola_deal import new_deal
from tests.games.rules.helpers import assert_refused


def leading():
    return new_deal(bob=["4C", "KS", "2D"], alice=["5C", "6S", "7S"], upcard="QH")


def following():
    deal = leading()
    deal.apply("play KS")
    return deal


CASES = [
    (leading, "play 5C", "card_not_in_hand"),
    (leading, "play AD", "card_not_in_hand"),
    (leading, "play 3X", "malformed"),
    (leading, "play 10D", "malformed"),
    (leading, "play", "malformed"),
    (leading, "PLAY 4C", "malformed"),
    (leading, " play 4C", "malformed"),
    (leading, "pick 1", "malformed"),
    (leading, None, "malformed"),
    (leading, ["play 4C"], "malformed"),
    (following, "play KS", "card_not_in_hand"),
    (following, "play 4C", "card_not_in_hand"),
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    assert_refused(make(), action, key)


def test_the_message_of_a_malformed_action_shows_the_expected_spelling():
    with pytest.raises(IllegalAction, match=r"expected 'play XY' with XY a card code"):
        leading().apply("play 3X")
    with pytest.raises(IllegalAction, match=r"5C is not in your hand"):
        leading().apply("play 5C")
