"""Bazzica's refused actions (each says why and changes nothing) and its records.

Refusals every game shares (out of turn, after the end, malformed spellings),
records, replays and the command line are checked in test_contract.py; here,
Bazzica's own refusals and a record full of declarations.
Source: ../shared/DESIGN.md ("Deal records"), ../shared/rules/README.md (General
rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import pytest

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    GAME,
    last_tricks,
    new_deal,
    trick,
)
from tests.games.rules.helpers import assert_refused, assert_replays, played


def leading():
    return new_deal(non_dealer=["AS", "QS", "JD", "8C"], dealer=["7C", "7C"], upcard="KH")


def declaring():
    deal = leading()
    trick(deal, "AS", "7C")
    return deal


def following_last():
    bob = ["KD", "AS", "9C", "KH", "10H", "JH", "7C", "8C"]
    alice = ["AD", "8D", "7S", "QH", "8H", "JD", "KS", "AD"]
    deal = last_tricks(bob, alice, upcard="QH", last="9C")
    deal.apply("play KD")
    return deal


CASES = [
    (leading, "play AH", "card_not_available"),
    (leading, "play 3C", "malformed"),
    (leading, "PLAY AS", "malformed"),
    (leading, "play AS ", "malformed"),
    (leading, None, "malformed"),
    (leading, ["play AS"], "malformed"),
    (leading, "draw", "wrong_phase"),
    (leading, "declare bezique JD QS", "wrong_phase"),
    (declaring, "play QS", "wrong_phase"),
    (declaring, "declare bezique QS JD", "malformed"),
    (declaring, "declare bezique", "malformed"),
    (declaring, "declare royal_marriage KC QC", "not_this_trump"),
    (declaring, "declare four_aces AC AD AH AS", "card_not_available"),
    (declaring, "declare exchange 7H", "card_not_available"),
    (following_last, "play 8D", "must_win"),
    (following_last, "play QH", "must_follow_suit"),
    (following_last, "play KS", "must_follow_suit"),
    (following_last, "draw", "wrong_phase"),
]


@pytest.mark.parametrize(("make", "action", "key"), CASES)
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, action, key):
    assert_refused(make(), action, key)


def test_a_refused_declaration_leaves_the_cards_unused_and_the_stock_untouched():
    deal = declaring()
    assert_refused(deal, "declare double_bezique JD JD QS QS", "card_not_available")
    deal.apply("declare bezique JD QS")
    assert deal.view(None)["stock_count"] == 45


@pytest.mark.parametrize("options", [{}, {"reuse": "class", "brisques": "tricks", "target": 2000}])
def test_a_record_full_of_declarations_replays_to_the_same_deal(options):
    deal = played(GAME, options=options, prefer="declare")
    record = deal.record()
    assert record["options"] == GAME.validate_options(options)
    assert record["actions"][0]["seat"] == ALICE  # bob deals, alice leads
    assert sum(a["action"].startswith("declare") for a in record["actions"]) >= 3
    assert_replays(deal)
    assert_replays(played(GAME, steps=41, prefer="declare"))
