"""Scopa's deal records: the void deals redealt, and replaying them.

Records, replays and the command line of every game are checked in
test_contract.py; here, what the void deal adds.
Source: ../shared/DESIGN.md ("Deal records"), ../shared/rules/README.md
("Scopa": the void deal is recorded).
"""

from __future__ import annotations

import json

import pytest

from tests.games.rules.helpers import assert_cli_replays, assert_replays, played
from tests.games.rules.scopa.test_scopa_deal import ALICE, GAME, make_deck

VOID_DECK = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "KH", "5S"])


def test_a_record_holds_the_deal_its_redeals_and_once_over_the_result():
    deal = played(GAME, deck=VOID_DECK)
    record = deal.record()
    assert set(record) == {
        "game", "options", "seats", "dealer", "deck", "actions", "result", "redeals",
    }  # fmt: skip
    assert record["deck"] == VOID_DECK and len(record["redeals"]) == 1
    assert record["redeals"] == [list(deck) for deck in deal.decks[1:]]
    assert len(record["actions"]) == 36 and record["actions"][0]["seat"] == ALICE
    assert record["result"] == deal.result()
    assert json.loads(json.dumps(record)) == record
    assert "result" not in played(GAME, deck=VOID_DECK, steps=5).record()
    assert played(GAME, seed=1).record()["redeals"] == []


def test_replaying_a_record_of_a_void_deal_rebuilds_the_same_deal():
    assert_replays(played(GAME, deck=VOID_DECK, options={"target": 16, "last_play_scopa": True}))
    assert_replays(played(GAME, deck=VOID_DECK, steps=17))


def test_a_record_without_redeals_replays_the_same_redeal_from_its_deck():
    record = played(GAME, deck=VOID_DECK).record()
    del record["redeals"]
    assert (
        GAME.replay(record).record()["redeals"] == played(GAME, deck=VOID_DECK).record()["redeals"]
    )


def test_a_record_whose_redeals_do_not_follow_from_its_deck_is_refused():
    record = played(GAME, deck=VOID_DECK).record()
    record["redeals"] = [list(reversed(record["redeals"][0]))]
    with pytest.raises(ValueError, match="redeals"):
        GAME.replay(record)


def test_the_cli_replays_the_record_of_a_void_deal(tmp_path):
    assert_cli_replays(played(GAME, deck=VOID_DECK).record(), tmp_path / "deal.json", index=4)
