"""A refused action raises IllegalAction, says why, and changes nothing.

Source: ../shared/rules/README.md (General rulings: the engine refuses illegal
actions), ../shared/DESIGN.md ("Rules engine contract").
"""

from __future__ import annotations

import copy

import pytest

from games.rules import IllegalAction
from tests.games.rules.helpers import ALICE, BOB, GAME, deal_to_play


def snapshot(deal):
    return (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (0, 1, None)],
        deal.legal_actions(),
        deal.to_act,
    )


def picking():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=8)
    deal.apply("pick 2")
    return deal


def splitting():
    deal = picking()
    for action in ("pick 3", "pick 5", "pick 7"):
        deal.apply(action)
    return deal


def following():
    # Alice has no diamond in hand, 5D on a packet top and 6D under another top.
    deal = deal_to_play(
        {
            1: ["KD"],
            5: ["4C", "5C", "6C", "7C", "JC"],
            6: ["QC", "KH", "7H", "6H", "5H"],
            7: ["5D", "4H"],
            8: ["4S", "6D"],
        }
    )
    deal.apply("play KD")
    return deal


def finished():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=9)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    return deal


CASES = [
    (picking, "pick 2", "packet_taken"),
    (picking, "pick 9", "malformed"),
    (picking, "pick", "malformed"),
    (picking, "hand 1 2", "wrong_phase"),
    (picking, "PICK 1", "malformed"),
    (picking, " pick 1", "malformed"),
    (splitting, "hand 2 1", "malformed"),
    (splitting, "hand 1 2", "not_your_packet"),
    (splitting, "pick 1", "wrong_phase"),
    (following, "play 4C", "must_follow_suit"),
    (following, "play 6D", "card_not_available"),
    (following, "play KD", "card_not_available"),
    (following, "take 4S", "not_a_pizzico"),
    (following, "take 3D", "not_on_top"),
    (following, "play 3X", "malformed"),
    (following, "play 10D", "malformed"),
    (following, None, "malformed"),
    (following, ["play 5D"], "malformed"),
    (finished, "play 3D", "deal_over"),
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    deal = make()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(action)
    assert refusal.value.key == key
    assert isinstance(refusal.value, ValueError)
    assert str(refusal.value)  # a readable message
    assert snapshot(deal) == before


def test_an_action_by_the_seat_not_to_act_is_refused_and_changes_nothing():
    deal = following()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 5D", seat=BOB)
    assert refusal.value.key == "not_your_turn"
    assert "seat 1" in str(refusal.value) and "seat 0" in str(refusal.value)
    assert snapshot(deal) == before
    deal.apply("play 5D", seat=ALICE)  # the right seat may
    assert deal.actions_count == len(before[0]["actions"]) + 1


def test_the_message_of_a_malformed_action_shows_the_expected_spelling():
    with pytest.raises(IllegalAction, match=r"'hand N M' with 1 <= N < M <= 8"):
        splitting().apply("hand 2 1")
    with pytest.raises(IllegalAction, match=r"'play XY' with XY a card code"):
        following().apply("play 3X")
