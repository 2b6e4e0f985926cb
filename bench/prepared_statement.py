"""What preparing the kept move's statement saves: the statement the event loop's
connections run for a move (``_STORE_MOVE_NO_FLUSH_SQL``, games/services/storage.py) with
the parameters bound on the client (as Django's cursors), bound on the server and not
prepared, and prepared (as games/async_db.py runs it), in alternating rounds on one
connection each.

    .venv/bin/python bench/prepared_statement.py [--runs 3000] [--rounds 2]

Prints, a statement: the client's round trip and CPU, and PostgreSQL's CPU (its backend
process, read from /proc: the server must run on this machine). The match named is not in
the database, so the statement finds no row: what is timed is its parse, plan and the
round trip, not the write. The database is bench/roundtrip.py's (DATABASE_URL), migrated
on the first run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import roundtrip  # noqa: E402  (sets the environment)

MODES = {
    # name: (cursor class name, prepare_threshold)
    "bound on the client": ("AsyncClientCursor", None),
    "bound on the server": ("AsyncCursor", None),
    "prepared": ("AsyncCursor", 5),
}


def _backend_cpu_ms(pid: int) -> float:
    """CPU time (user + system) of PostgreSQL's backend ``pid`` so far, in ms."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


async def _time(mode: str, runs: int) -> tuple[float, float, float]:
    """(round trip, client CPU, PostgreSQL CPU) a statement in ms, over ``runs``."""
    import psycopg

    from games import async_db
    from games.services.storage import _STORE_MOVE_NO_FLUSH_SQL

    cursor_name, threshold = MODES[mode]
    params = async_db._connection_kwargs()
    params["prepare_threshold"] = threshold
    now = datetime.now(UTC)
    values = [5, now, None, json.dumps([60.0, 60.0]), now, 2**31 - 1, 4, "in_progress"]
    values += [False, False, "no-such-session", now, 1, json.dumps([{"seat": 0}]), 2**31 - 1]
    conn = await psycopg.AsyncConnection.connect(
        **params, cursor_factory=getattr(psycopg, cursor_name)
    )
    try:
        pid = (await (await conn.execute("SELECT pg_backend_pid()")).fetchone())[0]
        for _ in range(50):
            await conn.execute(_STORE_MOVE_NO_FLUSH_SQL, values)
        server, wall, client = _backend_cpu_ms(pid), time.perf_counter(), time.process_time()
        for _ in range(runs):
            await conn.execute(_STORE_MOVE_NO_FLUSH_SQL, values)
        wall = (time.perf_counter() - wall) * 1000 / runs
        client = (time.process_time() - client) * 1000 / runs
        server = (_backend_cpu_ms(pid) - server) / runs
    finally:
        await conn.close()
    return wall, client, server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    roundtrip.setup_django()
    for _ in range(args.rounds):
        for mode in MODES:
            wall, client, server = asyncio.run(_time(mode, args.runs))
            print(
                f"{mode:20}: round trip {wall:.3f} ms  client CPU {client:.3f} ms  "
                f"PostgreSQL CPU {server:.3f} ms  ({args.runs} statements)",
                flush=True,
            )


if __name__ == "__main__":
    main()
