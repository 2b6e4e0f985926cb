"""A refused Scopa action raises IllegalAction, says why, and changes nothing.

Refusals every game shares (out of turn, after the end) are checked in
test_contract.py.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from tests.games.rules.helpers import assert_refused
from tests.games.rules.scopa.test_scopa_deal import new_deal


def opening():
    # Bob: 7D pairs 7S or nothing else; 5C adds up 3C+2H; AC can only trail.
    return new_deal(["7D", "5C", "AC"], ["AD", "2D", "3D"], ["7S", "3C", "4S", "2H"])


CASES = [
    ("play 7D", "must_capture"),
    ("play 5C", "must_capture"),
    ("capture 7D 3C+4S", "must_pair"),
    ("capture 7D 4S+3C", "malformed"),
    ("capture 5C 3C+2H", "malformed"),
    ("capture 5C 3C+3C+2H", "malformed"),
    ("capture 5C 3C+4S", "wrong_sum"),
    ("capture 5C 4S", "wrong_sum"),
    ("capture AC 7S", "wrong_sum"),
    ("capture 5C 2H+AS", "not_on_board"),
    ("capture 7D 7C", "not_on_board"),
    ("capture AD 7S", "card_not_in_hand"),
    ("play AD", "card_not_in_hand"),
    ("capture 7D", "malformed"),
    ("capture 7D ", "malformed"),
    ("capture 7X 7S", "malformed"),
    ("play 10D", "malformed"),
    ("PLAY AC", "malformed"),
    (" play AC", "malformed"),
    ("trail AC", "malformed"),
    (None, "malformed"),
    (["play AC"], "malformed"),
]


@pytest.mark.parametrize(("action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(action, key):
    deal = opening()
    assert_refused(deal, action, key)
    deal.apply(deal.legal_actions()[0])  # the deal goes on


def test_the_opening_offers_exactly_the_legal_plays():
    assert opening().legal_actions() == ["capture 5C 2H+3C", "capture 7D 7S", "play AC"]


def test_the_messages_say_why_and_show_the_spelling():
    deal = opening()
    with pytest.raises(IllegalAction, match="pairing takes precedence"):
        deal.apply("capture 7D 3C+4S")
    with pytest.raises(IllegalAction, match="sorted order"):
        deal.apply("capture 5C 3C+2H")
    with pytest.raises(IllegalAction, match=r"'capture 7D 7S'"):
        deal.apply("play 7D")
    with pytest.raises(IllegalAction, match=r"add up to 7, not to 5"):
        deal.apply("capture 5C 3C+4S")
    with pytest.raises(IllegalAction, match=r"expected 'play XY' or 'capture XY AB\+CD'"):
        deal.apply("trail AC")
