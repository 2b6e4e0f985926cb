"""Pinch Tarot's refusals, deal records, replays and the command line.

Source: ../shared/DESIGN.md ("Rules engine contract", "Deal records"),
../shared/rules/README.md (General rulings: the engine refuses illegal actions).
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import IllegalAction
from tests.games.rules.test_pinch_tarot_deal import ALICE, BOB, GAME, new_deal

REPO = Path(__file__).resolve().parents[3]


def snapshot(deal):
    return (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (0, 1, None)],
        deal.legal_actions(),
        deal.to_act,
    )


def played(seed=21, options=None, steps=None):
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=seed, options=options)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        deal.apply(legal[deal.actions_count * 7 % len(legal)])
    return deal


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
    deal = make()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(action)
    assert refusal.value.key == key
    assert str(refusal.value)
    assert snapshot(deal) == before


def test_a_meld_already_scored_is_refused_and_changes_nothing():
    deal = new_deal(bob=["JD", "CD", "QD", "KD"])
    deal.apply("meld family JD CD QD KD")
    before = snapshot(deal)
    with pytest.raises(IllegalAction, match="already scored") as refusal:
        deal.apply("meld family JD CD QD KD")
    assert refusal.value.key == "meld_already_scored"
    assert snapshot(deal) == before


def test_the_wrong_seat_and_a_finished_hand_are_refused_and_change_nothing():
    deal = following()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 5H", seat=BOB)
    assert refusal.value.key == "not_your_turn"
    assert snapshot(deal) == before
    deal.apply("play 2H", seat=ALICE)
    over = played()
    before = snapshot(over)
    with pytest.raises(IllegalAction) as refusal:
        over.apply("play 5H")
    assert refusal.value.key == "deal_over"
    assert snapshot(over) == before


def test_a_record_holds_the_deal_and_replays_to_the_same_hand():
    deal = played(options={"hands": 4})
    record = deal.record()
    assert set(record) == {"game", "options", "seats", "dealer", "deck", "actions", "result"}
    assert record["game"] == "pinch-tarot" and record["options"] == {"hands": 4}
    assert len(record["deck"]) == 78 and record["dealer"] == BOB
    again = GAME.replay(json.loads(json.dumps(record)))
    assert again.record() == record
    assert again.view(ALICE) == deal.view(ALICE)
    unfinished = played(steps=31)
    assert "result" not in unfinished.record()
    assert GAME.replay(unfinished.record()).view(None) == unfinished.view(None)


def test_replay_stops_at_the_first_illegal_action_and_says_which():
    record = played().record()
    record["actions"][9] = {"seat": record["actions"][9]["seat"], "action": "play 22T"}
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    assert str(refusal.value).startswith("action 9 (")
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 9


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_command_line_replays_a_pinch_tarot_record(tmp_path):
    record = played().record()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]
    record["actions"][4]["action"] = "play 0T"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 1 and "action 4" in done.stdout


def test_the_command_line_simulates_pinch_tarot_hands():
    done = run("simulate", "pinch-tarot", "--deals", "20", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("20 deals, ")
    assert re.fullmatch(r"\d+ deals/s", lines[-1])
