"""What a commit's flush to disk costs one small write on this machine's PostgreSQL.

A one-row UPDATE in autocommit, timed from the client, with ``synchronous_commit`` on (the
commit waits for the WAL to reach the disk) and off (it does not), in alternating rounds;
the site's kept move skips the flush (``LIVE_MOVE_SYNCHRONOUS_COMMIT``, docs/reliability.md,
"A PostgreSQL crash"), the floor of the live path never writes at all.

    .venv/bin/python bench/commit_flush.py [--writes 300] [--rounds 2] [--database URL]

(``--database``: default DATABASE_URL, else the local server's ``postgres`` database). A
scratch table ``bench_commit_flush`` is made and dropped.
"""

from __future__ import annotations

import argparse
import os
import time

import psycopg


def percentile(ordered: list[float], share: float) -> float:
    """The value at ``share`` (0..1) of the sorted list ``ordered`` (nearest rank)."""
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def time_writes(conn: psycopg.Connection, writes: int) -> list[float]:
    """``writes`` one-row UPDATEs, each its own transaction; their times in ms, sorted."""
    times = []
    for _ in range(writes):
        began = time.perf_counter()
        conn.execute("UPDATE bench_commit_flush SET v = v + 1 WHERE id = 1")
        times.append((time.perf_counter() - began) * 1000)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--database",
        default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
    )
    args = parser.parse_args()
    with psycopg.connect(args.database, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_commit_flush (id int primary key, v int)")
        conn.execute("INSERT INTO bench_commit_flush VALUES (1, 0) ON CONFLICT DO NOTHING")
        try:
            for _ in range(args.rounds):
                for mode in ("on", "off"):
                    conn.execute(f"SET synchronous_commit TO {mode}")
                    times = time_writes(conn, args.writes)
                    print(
                        f"synchronous_commit {mode:3}: p50 {percentile(times, 0.5):.2f} ms"
                        f"  p90 {percentile(times, 0.9):.2f}  p99 {percentile(times, 0.99):.2f}"
                        f"  ({args.writes} writes)",
                        flush=True,
                    )
        finally:
            conn.execute("DROP TABLE bench_commit_flush")


if __name__ == "__main__":
    main()
