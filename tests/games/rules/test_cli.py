"""``python -m games.rules replay`` and ``simulate``.

Source: ../shared/DESIGN.md ("Rules engine contract": command line).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.games.rules.helpers import ALICE, GAME

REPO = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def finished_record():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=31)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return deal.record()


def test_replay_prints_the_result_of_a_finished_deal_and_exits_0(tmp_path):
    record = finished_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record["result"]


def test_replay_prints_the_first_illegal_action_and_why_and_exits_1(tmp_path):
    record = finished_record()
    record["actions"][10]["action"] = "play 3X"
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 1
    assert "action 10" in done.stdout and "play 3X" in done.stdout


def test_replay_of_a_file_that_is_no_deal_record_exits_2(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text("{not json")
    assert run("replay", str(path)).returncode == 2
    assert run("replay", str(tmp_path / "missing.json")).returncode == 2


def test_simulate_plays_random_deals_and_ends_with_the_deals_per_second_line():
    done = run("simulate", "spizzichino", "--deals", "30", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("30 deals, ")
    assert re.fullmatch(r"\d+ deals/s", lines[-1])


def test_simulate_of_an_unknown_game_is_a_usage_error():
    done = run("simulate", "poker", "--deals", "3")
    assert done.returncode == 2
    assert "poker" in done.stderr
