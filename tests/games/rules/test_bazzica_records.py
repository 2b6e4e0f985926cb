"""Bazzica's refusals (nothing changes), deal records, replays and the command line.

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
from tests.games.rules.test_bazzica_helpers import (
    ALICE,
    BOB,
    GAME,
    last_tricks,
    new_deal,
    play_out,
    trick,
)

REPO = Path(__file__).resolve().parents[3]


def snapshot(deal):
    return (
        copy.deepcopy(deal.record()),
        [deal.view(seat) for seat in (0, 1, None)],
        deal.legal_actions(),
        deal.to_act,
        list(deal.used),
    )


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


def finished():
    return play_out(GAME.new_deal(seats=2, dealer=ALICE, seed=9), pick=-1)


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
    (finished, "play AS", "deal_over"),
    (finished, "draw", "deal_over"),
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


def test_an_action_by_the_seat_not_to_act_is_refused_and_changes_nothing():
    deal = leading()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 7C", seat=ALICE)
    assert refusal.value.key == "not_your_turn"
    assert snapshot(deal) == before
    deal.apply("play AS", seat=BOB)


def test_a_refused_declaration_leaves_the_cards_unused_and_the_stock_untouched():
    deal = declaring()
    before = snapshot(deal)
    with pytest.raises(IllegalAction):
        deal.apply("declare double_bezique JD JD QS QS")
    assert snapshot(deal) == before
    deal.apply("declare bezique JD QS")
    assert deal.view(None)["stock_count"] == 45


def played(seed=21, steps=None, options=None):
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=seed, options=options)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        # Declare whenever possible, so that records hold declarations.
        deal.apply(
            legal[0] if legal[0].startswith("declare") else legal[deal.actions_count % len(legal)]
        )
    return deal


def test_a_record_holds_the_deck_the_actions_and_once_over_the_result():
    deal = played()
    record = deal.record()
    assert set(record) == {"game", "options", "seats", "dealer", "deck", "actions", "result"}
    assert record["game"] == "bazzica" and len(record["deck"]) == 64
    assert record["options"] == {"target": 1000, "reuse": "kind", "brisques": "cards"}
    assert record["actions"][0]["seat"] == ALICE  # bob deals, alice leads
    assert any(a["action"].startswith("declare") for a in record["actions"])
    assert json.loads(json.dumps(record)) == record


@pytest.mark.parametrize("options", [{}, {"reuse": "class", "brisques": "tricks", "target": 2000}])
def test_replaying_a_record_rebuilds_the_same_deal(options):
    deal = played(options=options)
    again = GAME.replay(json.loads(json.dumps(deal.record())))
    assert again.record() == deal.record()
    assert [again.view(s) for s in (0, 1, None)] == [deal.view(s) for s in (0, 1, None)]
    unfinished = played(steps=41)
    assert GAME.replay(unfinished.record()).view(BOB) == unfinished.view(BOB)


def test_replay_stops_at_the_first_illegal_action_and_says_which():
    record = played().record()
    record["actions"][5]["action"] = "play 3X"
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 5


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_cli_replays_a_bazzica_record_and_prints_its_result(tmp_path):
    record = played().record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]
    record["actions"][3]["action"] = "declare bezique QS JD"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 1 and "action 3" in done.stdout


def test_the_cli_simulates_bazzica_deals():
    done = run("simulate", "bazzica", "--deals", "20", "--seed", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("20 deals, ")
    assert re.fullmatch(r"\d+ deals/s", lines[-1])
