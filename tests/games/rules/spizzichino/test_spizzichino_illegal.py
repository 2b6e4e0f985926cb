"""A refused Spizzichino action raises IllegalAction, says why, and changes nothing.

Refusals every game shares (out of turn, after the end, malformed spellings)
are checked in test_contract.py.

Source: ../shared/rules/README.md (General rulings: the engine refuses illegal
actions), ../shared/DESIGN.md ("Rules engine contract").
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from tests.games.rules.helpers import assert_refused
from tests.games.rules.spizzichino.test_spizzichino_helpers import ALICE, GAME, deal_to_play


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
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    assert_refused(make(), action, key)


def test_the_message_of_a_malformed_action_shows_the_expected_spelling():
    with pytest.raises(IllegalAction, match=r"'hand N M' with 1 <= N < M <= 8"):
        splitting().apply("hand 2 1")
    with pytest.raises(IllegalAction, match=r"'play XY' with XY a card code"):
        following().apply("play 3X")
