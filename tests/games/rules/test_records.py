"""Deal records and replays.

Source: ../shared/DESIGN.md ("Deal records", "Rules engine contract").
"""

from __future__ import annotations

import json

import pytest

from games.rules import IllegalAction
from tests.games.rules.helpers import ALICE, BOB, GAME


def played(seed=21, options=None, steps=None):
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=seed, options=options)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        deal.apply(legal[deal.actions_count % len(legal)])
    return deal


def test_a_record_holds_game_options_seats_dealer_deck_actions_and_once_over_the_result():
    deal = played()
    record = deal.record()
    assert set(record) == {"game", "options", "seats", "dealer", "deck", "actions", "result"}
    assert record["game"] == "spizzichino" and record["seats"] == 2 and record["dealer"] == BOB
    assert record["deck"] == deal.deck and len(record["deck"]) == 40
    assert record["actions"][0] == {"seat": ALICE, "action": record["actions"][0]["action"]}
    assert len(record["actions"]) == deal.actions_count == len(deal.actions)
    assert record["result"] == deal.result()
    assert json.loads(json.dumps(record)) == record


def test_a_record_of_an_unfinished_deal_has_no_result():
    deal = played(steps=12)
    assert not deal.is_over
    assert "result" not in deal.record()
    with pytest.raises(ValueError, match="not over"):
        deal.result()


def test_replaying_a_record_rebuilds_the_same_deal():
    deal = played(options={"peek_bottom": True, "buongiochi": "initial_hand_only"})
    again = GAME.replay(json.loads(json.dumps(deal.record())))
    assert again.record() == deal.record()
    assert again.view(ALICE) == deal.view(ALICE)
    unfinished = played(steps=17)
    assert GAME.replay(unfinished.record()).view(None) == unfinished.view(None)


def test_replay_stops_at_the_first_illegal_action_and_says_which():
    record = played().record()
    record["actions"][7] = {"seat": record["actions"][7]["seat"], "action": "play 3X"}
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    seat = record["actions"][7]["seat"]
    assert str(refusal.value).startswith(f"action 7 (seat {seat}, 'play 3X'): ")
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 7


def test_replay_refuses_an_action_recorded_for_the_wrong_seat():
    record = played().record()
    record["actions"][0]["seat"] = BOB  # alice picks first: bob deals
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    assert refusal.value.key == "not_your_turn"


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(game="briscola"),
        lambda r: r.pop("deck"),
        lambda r: r.update(deck=r["deck"][:-1]),
        lambda r: r.update(actions=["pick 1"]),
        lambda r: r.update(options={"target": 7}),
    ],
)
def test_replay_refuses_what_is_not_a_record_of_this_game(change):
    record = played(steps=3).record()
    change(record)
    with pytest.raises(ValueError) as refusal:
        GAME.replay(record)
    assert not isinstance(refusal.value, IllegalAction)
