"""Scopa deal records, replays, the command line and the docstring examples.

Source: ../shared/DESIGN.md ("Deal records", "Rules engine contract": command
line), ../shared/rules/README.md ("Scopa": the void deal is recorded).
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import IllegalAction, all_games, get_game
from tests.games.rules.test_scopa_deal import ALICE, BOB, GAME, make_deck

REPO = Path(__file__).resolve().parents[3]
VOID_DECK = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "KH", "5S"])


def played(seed=21, deck=None, options=None, steps=None):
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=seed, deck=deck, options=options)
    while not deal.is_over and (steps is None or deal.actions_count < steps):
        legal = deal.legal_actions()
        deal.apply(legal[deal.actions_count % len(legal)])
    return deal


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_scopa_is_registered_under_its_slug_with_its_name_seats_and_options():
    assert get_game("scopa") is GAME and GAME in all_games()
    assert (GAME.slug, GAME.name, GAME.seats) == ("scopa", "Scopa", (2,))
    assert GAME.validate_options({}) == {"target": 11, "last_play_scopa": False}


def test_a_record_holds_the_deal_its_redeals_and_once_over_the_result():
    deal = played(deck=VOID_DECK)
    record = deal.record()
    assert set(record) == {
        "game", "options", "seats", "dealer", "deck", "actions", "result", "redeals",
    }  # fmt: skip
    assert record["deck"] == VOID_DECK and len(record["redeals"]) == 1
    assert len(record["actions"]) == 36 and record["actions"][0]["seat"] == ALICE
    assert record["result"] == deal.result()
    assert json.loads(json.dumps(record)) == record
    assert "result" not in played(steps=5).record()


@pytest.mark.parametrize("deck", [None, VOID_DECK])
def test_replaying_a_record_rebuilds_the_same_deal(deck):
    deal = played(deck=deck, options={"target": 16, "last_play_scopa": True})
    again = GAME.replay(json.loads(json.dumps(deal.record())))
    assert again.record() == deal.record()
    assert [again.view(s) for s in (0, 1, None)] == [deal.view(s) for s in (0, 1, None)]
    unfinished = played(deck=deck, steps=17)
    assert GAME.replay(unfinished.record()).view(ALICE) == unfinished.view(ALICE)


def test_a_record_without_redeals_replays_the_same_redeal_from_its_deck():
    record = played(deck=VOID_DECK).record()
    del record["redeals"]
    assert GAME.replay(record).record()["redeals"] == played(deck=VOID_DECK).record()["redeals"]


def test_a_record_whose_redeals_do_not_follow_from_its_deck_is_refused():
    record = played(deck=VOID_DECK).record()
    record["redeals"] = [list(reversed(record["redeals"][0]))]
    with pytest.raises(ValueError, match="redeals"):
        GAME.replay(record)


def test_replay_stops_at_the_first_illegal_action_and_says_which():
    record = played().record()
    record["actions"][7]["action"] = "play 3X"
    with pytest.raises(IllegalAction) as refusal:
        GAME.replay(record)
    assert str(refusal.value).startswith(f"action 7 (seat {record['actions'][7]['seat']}, ")
    assert refusal.value.key == "malformed" and refusal.value.params["index"] == 7


def test_the_cli_replay_prints_the_result_of_a_finished_deal(tmp_path):
    record = played(deck=VOID_DECK).record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]
    record["actions"][4]["action"] = "play 3X"
    path.write_text(json.dumps(record))
    refused = run("replay", str(path))
    assert refused.returncode == 1 and "action 4" in refused.stdout


def test_the_cli_simulate_plays_random_scopa_deals():
    done = run("simulate", "scopa", "--deals", "30", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("30 deals, 1080 actions")  # 36 plays a deal
    assert re.fullmatch(r"\d+ deals/s", lines[-1])


@pytest.mark.parametrize(
    "name",
    ["games.rules.captures", "games.rules.scopa_scoring", "games.rules.scopa_view"],
)
def test_the_docstring_examples_of_the_scopa_modules_hold(name):
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0
