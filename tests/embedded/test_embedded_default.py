"""The README's first command serves the site on the embedded default (SQLite, the in-memory
channel layer, Celery tasks run eagerly), while the rest of the suite runs on PostgreSQL and
Redis as CI does. These tests run the embedded default in processes of their own, so that
what a new user gets from ``bin/serve`` is proved on every run: the demo data load (twice,
as every start of ``bin/serve`` loads it), and live play through the services, the
consumers (moves, a tournament match, Rumino's claim window, a whole match against the
ISMCTS bot of every game, a long run of bots' moves).

On a run that is itself on the embedded default (no ``DATABASE_URL``), the second test is
skipped: the whole suite already runs there.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LIVE_TESTS = [
    "tests/games/test_store_portable.py",
    "tests/games/test_consumers.py",
    "tests/games/test_rumino_consumers.py",
    "tests/games/test_ismcts_matches.py",
    "tests/games/test_eager_bot_moves.py",
]
"""What the nested run plays on the embedded default: the kept and stored move, the
consumers (a tournament match, Rumino's claim window), every game against the ISMCTS bot
and a long run of bots' moves. The browser tests are not played again: they reach the same
services through the same consumers, and the suite keeps to one browser match a game. To
run them there by hand: ``env -u DATABASE_URL -u REDIS_URL FAST_PASSWORD_HASHER=1
SECRET_KEY=x .venv/bin/python -m pytest tests/e2e``."""


def _embedded_env(**extra: str) -> dict[str, str]:
    """This process's environment without PostgreSQL and Redis (the embedded default)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(extra)
    return env


def _run(command: list[str], env: dict[str, str], timeout: int) -> subprocess.CompletedProcess:
    """Run ``command`` in the project's root; fail the test with its output's tail if it
    exits non-zero."""
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, (
        f"{' '.join(command)} exited {done.returncode}:\n{done.stdout[-4000:]}\n"
        f"{done.stderr[-4000:]}"
    )
    return done


def test_the_demo_loads_on_the_embedded_default_and_again_on_the_next_start(tmp_path):
    database = tmp_path / "demo.sqlite3"
    env = _embedded_env(DEBUG="1", SQLITE_PATH=str(database))
    manage = [sys.executable, "manage.py"]
    _run([*manage, "migrate", "--no-input", "-v", "0"], env, timeout=300)
    first = _run([*manage, "demo"], env, timeout=300)
    second = _run([*manage, "demo"], env, timeout=300)

    assert "Demo data ready." in first.stdout and "Demo data ready." in second.stdout
    live = [line for line in first.stdout.splitlines() if "live now:" in line]
    assert len(live) >= 10 and live == [
        line for line in second.stdout.splitlines() if "live now:" in line
    ]
    with sqlite3.connect(database) as db:
        players = db.execute("select count(*) from accounts_player").fetchone()[0]
        playing = db.execute(
            "select count(*) from games_match where status = 'in_progress'"
        ).fetchone()[0]
    assert players == 9 and playing == len(live)


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL") or os.environ.get("EMBEDDED_NESTED") == "1",
    reason="this run is on the embedded default already",
)
def test_live_play_on_the_embedded_default():
    env = _embedded_env(EMBEDDED_NESTED="1")
    pytest_args = ["-p", "no:cacheprovider", "-o", "addopts=", "-q", *LIVE_TESTS]
    done = _run([sys.executable, "-m", "pytest", *pytest_args], env, timeout=1200)
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
