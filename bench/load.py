"""Load: N concurrent tournament matches played by scripted players against the scaling
deployment (bench/deploy.py: two uvicorn processes, Redis channel layer, Celery worker and
beat, PostgreSQL), every message audited, every acknowledged action checked in the database.

Not part of the test suite. Steps:
  1. start the deployment (own database, own redis-server on a free port);
  2. create N matches, each a two-player Spizzichino tournament with round 1 started
     (``bench.roundtrip.new_match``: real players, real session cookies);
  3. connect both seats of every match over WebSocket, seat 0 and seat 1 on different
     servers, alternating by match; each seat waits a think time, then plays a random
     action from its own view's ``legal_actions`` (``bench.client.SeatClient``), until the
     match ends or has had ``--actions-per-match`` actions;
  4. report actions/s, the action round trip (sent until the sender sees the new state)
     p50/p95/p99, the peak RSS (VmHWM) of every server process, and the error count
     (error messages, lost connections given up on, audit findings, tracebacks in the
     server logs);
  5. check from the database that every acknowledged action is stored exactly once at its
     place and that each match's seq equals its count (``bench.client.verify_stored``).

Usage:
    .venv/bin/python bench/load.py --matches 200 --actions-per-match 120 --think 0.2 0.9
    .venv/bin/python bench/load.py --compare-floor [bench/floor.py's options]
Prints one Markdown table row for docs/performance.md and, with --json, writes the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.deploy import SECRET_KEY, Deployment, exit_on_sigterm  # noqa: E402


def setup_django(deployment: Deployment) -> None:
    """Point this process at the deployment's database and Redis, then set Django up."""
    os.environ["DATABASE_URL"] = deployment.database_url
    os.environ["REDIS_URL"] = deployment.redis_url
    os.environ["FAST_PASSWORD_HASHER"] = "1"  # 2N players are created; hashing dominates
    os.environ["DB_CONN_MAX_AGE"] = "600"
    os.environ["SECRET_KEY"] = SECRET_KEY
    os.environ["DEBUG"] = "0"
    from bench import roundtrip

    roundtrip.setup_django()


def create_matches(count: int, *, options: dict | None = None, move_timeout=None) -> list:
    """``count`` started matches with their seats' session cookies: [(match_id, cookies)].

    ``options``/``move_timeout``: set on each match after ``bench.roundtrip.new_match``
    made it (the harness's forfeit run shortens the timeout; the load keeps the defaults).
    """
    from bench.roundtrip import new_match
    from games.models import Match

    matches = []
    started = time.monotonic()
    for index in range(count):
        match, cookies = new_match(index)
        if move_timeout is not None:
            Match.objects.filter(pk=match.pk).update(move_timeout=move_timeout)
        matches.append((match.pk, cookies))
        if (index + 1) % 100 == 0:
            print(f"  {index + 1} matches created", flush=True)
    print(f"created {count} matches in {time.monotonic() - started:.1f} s", flush=True)
    return matches


MATCH_URL = "ws://127.0.0.1:{port}/ws/matches/{match_id}/"


def seat_clients(
    matches,
    ports,
    stats,
    *,
    think,
    stop_after,
    seed=1,
    url_template=MATCH_URL,
    by_match=False,
    gate=None,
    stagger=0.0,
    **client_options,
):
    """Two SeatClients a match; seat s of match i starts on server (i + s) mod servers, or
    with ``by_match`` on server i mod servers, both seats of a match on one server (as a
    load balancer with a consistent hash on the match id routes them: docs/scaling.md).

    ``url_template``: the socket's URL, formatted with ``port``, ``match_id`` and ``seat``
    (bench/floor.py's echo app takes the seat in its URL). ``gate``: a
    ``bench.client.StartGate`` every seat waits for; ``stagger``: each match starts at a
    uniformly random offset in [0, ``stagger``] seconds after it opens (both seats alike).
    """
    from bench.client import SeatClient

    rng = random.Random(seed)
    clients = []
    for index, (match_id, cookies) in enumerate(matches):
        offset = rng.uniform(0.0, stagger) if stagger else 0.0
        for seat, cookie in sorted(cookies.items()):
            urls = [url_template.format(port=p, match_id=match_id, seat=seat) for p in ports]
            clients.append(
                SeatClient(
                    match_id=match_id,
                    seat=seat,
                    cookie=cookie,
                    urls=urls,
                    stats=stats,
                    start=index if by_match else index + seat,
                    think=think,
                    stop_after=stop_after,
                    rng=random.Random(rng.random()),
                    gate=gate,
                    start_offset=offset,
                    **client_options,
                )
            )
    return clients


async def drive(deployment: Deployment, clients, *, faults=()) -> float:
    """Run every client to the end while sampling the servers' RSS and running ``faults``
    (coroutines, e.g. a kill after a delay). Returns the wall time in seconds.
    """

    async def sample() -> None:
        while True:
            deployment.sample_rss()
            await asyncio.sleep(1)

    sampler = asyncio.create_task(sample())
    fault_tasks = [asyncio.create_task(fault) for fault in faults]
    started = time.perf_counter()
    players = asyncio.ensure_future(asyncio.gather(*(client.run() for client in clients)))
    # SIGTERM cancels the run, so the caller's ``with Deployment`` stops every server. The
    # loop resets SIGTERM to its default when it closes: put the previous handler back.
    previous = signal.getsignal(signal.SIGTERM)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, players.cancel)
    try:
        await players
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        signal.signal(signal.SIGTERM, previous)
        elapsed = time.perf_counter() - started
        sampler.cancel()
        if fault_tasks and not players.cancelled():
            # A fault may still have a step to take (start a worker again): let it finish.
            await asyncio.wait(fault_tasks, timeout=30)
        for task in fault_tasks:
            if not task.done():
                task.cancel()
        for task in fault_tasks:
            try:
                await task
            except asyncio.CancelledError:
                pass
    return elapsed


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (/proc/<pid>/stat), 0 if gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime: fields 14 and 15


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine spent busy so far (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / TICK


def cpu_used(before: dict[str, Any], after: dict[str, Any]) -> dict[str, float]:
    """CPU seconds each part used between two ``CpuMeter.sample()`` results.

    A group of processes is summed process by process: a process that started in between
    counts whole, one that ended in between counts nothing past its last sample (its
    time is gone from /proc; PostgreSQL's backends come and go with the connections), so
    a part's figure can be short but never negative, where a difference of sums was
    (a site run of 500 matches gave PostgreSQL -5.3 ms an action).
    """
    used: dict[str, float] = {}
    for key, now in after.items():
        then = before.get(key)
        if isinstance(now, dict):
            then = then or {}
            used[key] = sum(
                seconds - then.get(pid, 0.0) if seconds >= then.get(pid, 0.0) else seconds
                for pid, seconds in now.items()
            )
        else:
            used[key] = now - (then or 0.0)
    return used


class CpuMeter:
    """CPU used by each part of the deployment between ``start()`` and ``stop()``: the
    figures that stay meaningful on a machine shared with other work, where wall-clock
    rates do not.
    """

    def __init__(self, deployment: Deployment) -> None:
        self.deployment = deployment

    def pids(self) -> dict[str, list[int]]:
        from django.db import connection

        groups: dict[str, list[int]] = {}
        for key, process in self.deployment.processes.items():
            group = "asgi" if key.startswith("asgi") else key
            groups.setdefault(group, []).extend(process.pids())
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()"
            )
            groups["postgres"] = [pid for (pid,) in cursor.fetchall()]
        return groups

    def sample(self) -> dict[str, Any]:
        """The CPU seconds used so far: ``{group: {pid: seconds}}`` for each group of
        server processes, and the ``"load generator"`` (this process) and the
        ``"machine"`` (every core) as seconds. ``cpu_used`` takes the difference."""
        used: dict[str, Any] = {
            group: {pid: cpu_seconds(pid) for pid in pids} for group, pids in self.pids().items()
        }
        times = os.times()
        used["load generator"] = times.user + times.system
        used["machine"] = machine_busy_seconds()
        return used

    def start(self) -> None:
        self.before = self.sample()
        self.started = time.perf_counter()

    def stop(self, actions: int) -> dict:
        after = self.sample()
        wall = time.perf_counter() - self.started
        used = cpu_used(self.before, after)
        ours = sum(v for k, v in used.items() if k != "machine")
        return {
            "cpu_ms_per_action": {
                k: round(1000 * v / actions, 2) for k, v in used.items() if k != "machine"
            }
            if actions
            else {},
            "cores_busy": {
                "ours": round(ours / wall, 2),
                "others": round(max(0.0, used["machine"] - ours) / wall, 2),
            },
        }


def log_problems(deployment: Deployment) -> dict[str, int]:
    """Tracebacks and ERROR lines per server log (the deployment truncated them at start)."""
    found = {}
    for log in sorted(deployment.log_dir.glob("*.log")):
        if log.name.startswith("redis"):
            continue
        text = log.read_text(errors="replace")
        count = text.count("Traceback") + sum(
            1 for line in text.splitlines() if line.startswith("ERROR") or " ERROR/" in line
        )
        if count:
            found[log.name] = count
    return found


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def summarize(
    args, stats, clients, elapsed: float, deployment: Deployment, problems, cpu=None
) -> dict:
    acked = sum(len(per_match) for per_match in stats.acked.values())
    audited = sum(client.audit.checked for client in clients)
    audit = [p for client in clients for p in client.audit.problems]
    stats.audit_problems.extend(audit)
    logs = log_problems(deployment)
    rss = deployment.peak_rss()
    window = (stats.last_ack or 0) - (stats.first_send or 0)
    return {
        "matches": args.matches,
        "actions_per_match": args.actions_per_match,
        "think": list(args.think),
        "elapsed_s": round(elapsed, 1),
        "actions": acked,
        "play_window_s": round(window, 1),
        "actions_per_s": round(acked / window, 1) if window > 0 else 0,
        "rtt_ms": {
            "p50": round(percentile(stats.rtts_ms, 50), 1),
            "p95": round(percentile(stats.rtts_ms, 95), 1),
            "p99": round(percentile(stats.rtts_ms, 99), 1),
            "mean": round(statistics.fmean(stats.rtts_ms), 1) if stats.rtts_ms else 0,
            "max": round(max(stats.rtts_ms), 1) if stats.rtts_ms else 0,
        },
        "peak_rss_mib": {name: round(kib / 1024) for name, kib in sorted(rss.items())},
        **(cpu or {}),
        "errors": dict(stats.errors),
        "events": dict(stats.events),
        "messages_audited": audited,
        "audit_problems": audit[:20],
        "server_log_problems": logs,
        "finished_matches": len(stats.finished),
        "stored_check_problems": problems[:20],
        "error_count": stats.error_count() + sum(logs.values()) + len(problems),
    }


def table_row(summary: dict) -> str:
    rtt, rss = summary["rtt_ms"], summary["peak_rss_mib"]
    asgi = "/".join(str(v) for k, v in rss.items() if k.startswith("asgi"))
    worker = sum(v for k, v in rss.items() if k.startswith("worker"))
    return (
        f"| {summary['matches']} | {summary['actions_per_match'] or 'to the end'} "
        f"| {summary['think'][0]}–{summary['think'][1]} | {summary['actions']} "
        f"| {summary['actions_per_s']} | {rtt['p50']} | {rtt['p95']} | {rtt['p99']} "
        f"| {asgi} | {worker} | {rss.get('beat', 0)} | {summary['error_count']} "
        f"| {'none' if not summary['stored_check_problems'] else 'PROBLEMS'} |"
    )


def main() -> None:
    if "--compare-floor" in sys.argv:
        # The site against the floor of its stack, back to back: bench/floor.py's options.
        # Run as its own script (bench/floor.py imports this module, not the other way).
        import runpy

        sys.argv.remove("--compare-floor")
        sys.argv[0] = str(Path(__file__).with_name("floor.py"))
        runpy.run_path(sys.argv[0], run_name="__main__")
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument(
        "--actions-per-match",
        type=int,
        default=120,
        help="stop a match after K actions; 0: play every match to the end",
    )
    parser.add_argument(
        "--think", type=float, nargs=2, default=(0.2, 0.9), metavar=("LOW", "HIGH"),
        help="seconds a player waits before each action, uniformly in [LOW, HIGH]",
    )  # fmt: skip
    parser.add_argument("--database", default="cartelle_load")
    parser.add_argument("--ports", type=int, nargs="+", default=[8101, 8102])
    parser.add_argument("--redis-url", default=None, help="default: an own redis-server")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ack-timeout",
        type=float,
        default=30.0,
        help="seconds without an answer to an action before the client sends sync",
    )
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument(
        "--server-env",
        nargs="*",
        default=[],
        metavar="KEY=VALUE",
        help="more environment for the servers (DJANGO_SETTINGS_MODULE=bench.settings_pubsub)",
    )
    args = parser.parse_args()
    exit_on_sigterm()

    import uvloop

    deployment = Deployment(
        database=args.database,
        ports=tuple(args.ports),
        redis_url=args.redis_url,
        extra_env=dict(item.split("=", 1) for item in args.server_env),
    )
    with deployment:
        setup_django(deployment)
        matches = create_matches(args.matches)
        from bench.client import Stats, verify_stored

        stats = Stats()
        clients = seat_clients(
            matches,
            args.ports,
            stats,
            think=tuple(args.think),
            stop_after=args.actions_per_match,
            seed=args.seed,
            ack_timeout=args.ack_timeout,
            idle_timeout=max(60.0, args.ack_timeout),
            ping_every=25.0,  # as the browser
        )
        print(f"playing: {len(clients)} seats over {len(args.ports)} servers", flush=True)
        meter = CpuMeter(deployment)
        meter.start()
        elapsed = uvloop.run(drive(deployment, clients))
        acked = sum(len(per_match) for per_match in stats.acked.values())
        cpu = meter.stop(acked)
        problems = verify_stored(stats.acked, [match_id for match_id, _ in matches])
        summary = summarize(args, stats, clients, elapsed, deployment, problems, cpu)
    print(json.dumps(summary, indent=2))
    print(table_row(summary))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
