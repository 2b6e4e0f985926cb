"""Where slow moves come from: the harness's side of the probe (issue #32).

``bench/load.py --compare-floor --probe DIR`` (bench/floor.py) turns it on:

- the site's ASGI processes run ``games/live_probe.py`` (``LIVE_PROBE_DIR=DIR``) and write
  their collector pauses, event-loop lags and slow moves to ``DIR/asgi-<pid>.jsonl``;
- ``Sampler`` (a thread of the harness) writes ``DIR/samples.jsonl`` every
  ``Sampler.EVERY_S``: PostgreSQL's checkpoints and buffers written
  (``pg_stat_bgwriter``), its autovacuum workers and backends waiting on a lock or on I/O
  (``pg_stat_activity``), Redis's commands processed and its latency events (``LATENCY
  LATEST``, threshold ``REDIS_LATENCY_MS``), and the machine's busy CPU (``/proc/stat``);
- ``loop_lag`` (a task on the harness's own event loop) writes the client's lags to
  ``DIR/client.jsonl``, for the client side of the measurement;
- each window's round trips go to ``DIR/rtts-<kind>-<matches>-<scenario>-<n>.json`` as
  ``[[wall time s, ms], ...]``.

``report(DIR)`` (``python bench/probe.py DIR``) finds the seconds whose slow round trips
(over ``SLOW_MS``) are most numerous and prints, for each, what the servers, PostgreSQL,
Redis, the machine and the client did in it and the second before.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

SLOW_MS = 100.0
REDIS_LATENCY_MS = 5


class Sampler:
    """A thread sampling PostgreSQL (the site's ``database``), Redis (``redis_url``) and
    the machine every ``EVERY_S`` seconds into ``directory/samples.jsonl`` until
    ``stop()``. Use as a context manager."""

    EVERY_S = 0.25

    def __init__(self, directory: Path, database_url: str, redis_url: str) -> None:
        self.directory = directory
        self.database_url = database_url
        self.redis_url = redis_url
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="probe-sampler", daemon=True)

    def __enter__(self) -> Sampler:
        self.directory.mkdir(parents=True, exist_ok=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg
        import redis

        database = self.database_url.rsplit("/", 1)[1]
        server = redis.Redis.from_url(self.redis_url)
        server.config_set("latency-monitor-threshold", REDIS_LATENCY_MS)
        out = open(self.directory / "samples.jsonl", "a", buffering=1)  # noqa: SIM115
        with psycopg.connect(self.database_url, autocommit=True) as db, out:
            while not self._stop.is_set():
                row = db.execute(
                    "SELECT checkpoints_timed + checkpoints_req, buffers_checkpoint,"
                    " buffers_clean, buffers_backend FROM pg_stat_bgwriter"
                ).fetchone()
                activity = db.execute(
                    "SELECT count(*) FILTER (WHERE backend_type = 'autovacuum worker'),"
                    " count(*) FILTER (WHERE datname = %s AND wait_event_type = 'Lock'),"
                    " count(*) FILTER (WHERE datname = %s AND wait_event_type = 'IO'),"
                    " count(*) FILTER (WHERE datname = %s AND wait_event_type = 'LWLock'),"
                    " count(*) FILTER (WHERE datname = %s AND state = 'active')"
                    " FROM pg_stat_activity",
                    (database, database, database, database),
                ).fetchone()
                stats = server.info("stats")
                latency = server.execute_command("LATENCY", "LATEST")
                out.write(
                    json.dumps(
                        {
                            "t": round(time.time(), 3),
                            "checkpoints": row[0],
                            "buffers_checkpoint": row[1],
                            "buffers_clean": row[2],
                            "buffers_backend": row[3],
                            "autovacuum": activity[0],
                            "waiting_lock": activity[1],
                            "waiting_io": activity[2],
                            "waiting_lwlock": activity[3],
                            "active": activity[4],
                            "redis_commands": stats.get("total_commands_processed"),
                            "redis_latency": [
                                [_text(e[0]), int(e[1]), int(e[2])] for e in latency or []
                            ],
                            "cpu_busy": _machine_busy(),
                        }
                    )
                    + "\n"
                )
                self._stop.wait(self.EVERY_S)


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _machine_busy() -> float:
    """Seconds of CPU the whole machine has been busy since boot (/proc/stat)."""
    import os

    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    values = [int(v) for v in fields]
    idle = values[3] + values[4]
    return round((sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK"), 2)


async def loop_lag(directory: Path, every: float = 0.02, min_ms: float = 20.0) -> None:
    """Record this event loop's lags of at least ``min_ms`` (a sleep of ``every`` s that
    woke late) in ``directory/client.jsonl`` until cancelled."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "client.jsonl", "a", buffering=1) as out:
        while True:
            due = time.perf_counter() + every
            await asyncio.sleep(every)
            late = (time.perf_counter() - due) * 1000
            if late >= min_ms:
                out.write(json.dumps({"t": round(time.time(), 3), "lag_ms": round(late, 1)}))
                out.write("\n")


def save_rtts(directory: Path, name: str, rtt_at: list[tuple[float, float]]) -> None:
    """Write a window's round trips (``Stats.rtt_at``: perf_counter times, ms) with wall
    times to ``directory/rtts-<name>.json``."""
    offset = time.time() - time.perf_counter()
    rows = [[round(at + offset, 3), round(ms, 1)] for at, ms in rtt_at]
    (directory / f"rtts-{name}.json").write_text(json.dumps(rows))


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def report(directory: Path, *, top: int = 8) -> str:
    """The ``top`` seconds of the site's windows with the most slow round trips, each with
    the events of that second and the one before (see the module docstring)."""
    slow: Counter[int] = Counter()
    total: Counter[int] = Counter()
    for path in sorted(directory.glob("rtts-site-*.json")):
        for at, ms in json.loads(path.read_text()):
            total[int(at)] += 1
            if ms > SLOW_MS:
                slow[int(at)] += 1
    events: dict[int, list[str]] = defaultdict(list)
    for path in sorted(directory.glob("asgi-*.jsonl")):
        pid = path.stem.split("-", 1)[1]
        for event in _lines(path):
            fields = {k: v for k, v in event.items() if k not in ("t", "kind")}
            events[int(event["t"])].append(f"asgi {pid} {event['kind']} {fields}")
    client = directory / "client.jsonl"
    if client.exists():
        for event in _lines(client):
            events[int(event["t"])].append(f"client lag {event['lag_ms']} ms")
    samples = _lines(directory / "samples.jsonl") if (directory / "samples.jsonl").exists() else []
    for before, after in zip(samples, samples[1:], strict=False):
        second = int(after["t"])
        if after["checkpoints"] != before["checkpoints"]:
            events[second].append("PostgreSQL checkpoint counted")
        written = after["buffers_checkpoint"] - before["buffers_checkpoint"]
        if written:
            events[second].append(f"PostgreSQL checkpointer wrote {written} buffers")
        if after["autovacuum"]:
            events[second].append(f"autovacuum workers {after['autovacuum']}")
        for key in ("waiting_lock", "waiting_io", "waiting_lwlock"):
            if after[key]:
                events[second].append(f"PostgreSQL backends {key} {after[key]}")
        if after["redis_latency"] != before["redis_latency"]:
            events[second].append(f"Redis latency events {after['redis_latency']}")
        busy = (after["cpu_busy"] - before["cpu_busy"]) / max(after["t"] - before["t"], 1e-3)
        if busy > 1.8:
            events[second].append(f"machine {busy:.2f} cores busy")
    lines = [
        f"slow (> {SLOW_MS:.0f} ms) round trips: {sum(slow.values())} of {sum(total.values())}"
    ]
    for second, count in slow.most_common(top):
        stamp = time.strftime("%H:%M:%S", time.gmtime(second))
        lines.append(f"{stamp} UTC: {count} slow of {total[second]}")
        for at in (second - 1, second):
            for event in events.get(at, [])[:12]:
                lines.append(f"    {'-1 s' if at < second else '    '} {event}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1])))
