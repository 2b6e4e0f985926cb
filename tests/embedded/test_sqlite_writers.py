"""The embedded default's SQLite under concurrent writers (issue 29, item 5): live play
writes from several threads of one server (the moves, the bots' thread, the clocks), and a
move once failed with "database is locked". Here eight threads of a process on the
embedded default's settings each run read-then-write transactions on one row, the shape of
a move (read the deal, append the action); none may fail and none may be lost.

The process is a child of its own, since this run's settings are PostgreSQL's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.embedded.test_embedded_default import _embedded_env

ROOT = Path(__file__).resolve().parents[2]

WRITERS = """
import json, os, threading
import django

os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
django.setup()
from django.db import connection, connections, transaction

THREADS, EACH = 8, 40
with connection.cursor() as cursor:
    cursor.execute("create table counter (id integer primary key, n integer not null)")
    cursor.execute("insert into counter values (1, 0)")
    cursor.execute("pragma journal_mode")
    journal = cursor.fetchone()[0]
connections.close_all()
errors = []
start = threading.Barrier(THREADS)

def write():
    start.wait()
    try:
        for _ in range(EACH):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("select n from counter where id = 1")
                (n,) = cursor.fetchone()
                cursor.execute("update counter set n = %s where id = 1", [n + 1])
    except Exception as error:
        errors.append(repr(error))
    finally:
        connections.close_all()

threads = [threading.Thread(target=write) for _ in range(THREADS)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("select n from counter where id = 1")
    (count,) = cursor.fetchone()
expected = THREADS * EACH
print(json.dumps({"journal": journal, "errors": errors, "count": count, "expected": expected}))
"""


def test_concurrent_writers_on_the_embedded_default_never_meet_a_locked_database(tmp_path):
    env = _embedded_env(DEBUG="1", SQLITE_PATH=str(tmp_path / "writers.sqlite3"))
    done = subprocess.run(
        [sys.executable, "-c", WRITERS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["errors"] == []  # no "database is locked"
    assert outcome["count"] == outcome["expected"]  # no write lost
    assert outcome["journal"] == "wal"  # readers do not wait for a writer
