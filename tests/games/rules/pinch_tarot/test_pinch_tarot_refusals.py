"""Pinch Tarot's refused actions: each says why and changes nothing.

Refusals every game shares (out of turn, after the end, malformed spellings),
records, replays and the command line are checked in test_contract.py.
Source: ../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import pytest

from tests.games.rules.helpers import assert_refused
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import new_deal


def leading():
    return new_deal(bob=["JD", "CD", "QD", "5H", "FOOL", "1T"], alice=["KH", "2H", "3T"])


def following():
    deal = leading()
    deal.apply("play 5H")
    return deal


CASES = [
    (leading, "play KH", "card_not_in_hand"),
    (leading, "play 1X", "malformed"),
    (leading, "play", "malformed"),
    (leading, "PLAY 5H", "malformed"),
    (leading, "play 5H ", "malformed"),
    (leading, None, "malformed"),
    (leading, ["play 5H"], "malformed"),
    (leading, "meld", "malformed"),
    (leading, "meld gatti", "malformed"),
    (leading, "meld gatti 1T 20T FOOL", "meld_cards_not_held"),
    (leading, "meld family JD CD QD KD", "meld_cards_not_held"),
    (leading, "meld tarocchi", "malformed"),
    (leading, "meld tarocchi 1T 2T 3T", "meld_too_few_trumps"),
    (following, "play 3T", "must_follow"),
    (following, "play KD", "card_not_in_hand"),
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    assert_refused(make(), action, key)


def test_a_meld_already_scored_is_refused_and_changes_nothing():
    deal = new_deal(bob=["JD", "CD", "QD", "KD"])
    deal.apply("meld family JD CD QD KD")
    refusal = assert_refused(deal, "meld family JD CD QD KD", "meld_already_scored")
    assert "already scored" in str(refusal)
