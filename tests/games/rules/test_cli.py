"""``python -m games.rules``: what it does whatever the game.

Replaying and simulating each game is checked in test_contract.py.
Source: ../shared/DESIGN.md ("Rules engine contract": command line).
"""

from __future__ import annotations

from tests.games.rules.helpers import run_cli


def test_replay_of_a_file_that_is_no_deal_record_exits_2(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text("{not json")
    assert run_cli("replay", str(path)).returncode == 2
    assert run_cli("replay", str(tmp_path / "missing.json")).returncode == 2


def test_simulate_of_an_unknown_game_is_a_usage_error():
    done = run_cli("simulate", "poker", "--deals", "3")
    assert done.returncode == 2
    assert "poker" in done.stderr
