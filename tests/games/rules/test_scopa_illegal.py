"""A refused Scopa action raises IllegalAction, says why, and changes nothing.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import copy

import pytest

from games.rules import IllegalAction
from tests.games.rules.test_scopa_deal import ALICE, BOB, GAME, new_deal


def snapshot(deal):
    return (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (0, 1, None)],
        deal.legal_actions(),
        deal.to_act,
    )


def opening():
    # Bob: 7D pairs 7S or nothing else; 5C adds up 3C+2H; AC can only trail.
    return new_deal(["7D", "5C", "AC"], ["AD", "2D", "3D"], ["7S", "3C", "4S", "2H"])


def finished():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=9)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    return deal


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
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(action)
    assert refusal.value.key == key
    assert str(refusal.value)
    assert snapshot(deal) == before
    deal.apply(deal.legal_actions()[0])  # the deal goes on


def test_the_opening_offers_exactly_the_legal_plays():
    assert opening().legal_actions() == ["capture 5C 2H+3C", "capture 7D 7S", "play AC"]


def test_an_action_of_a_finished_deal_is_refused():
    deal = finished()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 3D")
    assert refusal.value.key == "deal_over" and snapshot(deal) == before


def test_an_action_by_the_seat_not_to_act_is_refused_and_changes_nothing():
    deal = opening()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play AC", seat=ALICE)
    assert refusal.value.key == "not_your_turn"
    assert snapshot(deal) == before
    deal.apply("play AC", seat=BOB)
    assert deal.to_act == ALICE


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
