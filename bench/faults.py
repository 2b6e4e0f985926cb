"""Faults injected into the scaling deployment under play, at harness size.

Not part of the test suite (tests/faults holds the CI-sized versions). Each scenario starts
its own deployment (bench/deploy.py) on the database ``cartelle_faults_harness`` and its own
redis-server, plays matches with scripted players (bench/client.py), injects the fault, and
checks from the database that nothing was lost or applied twice, that every received message
passed the hidden-information audit, and the scenario's own promise:

  asgi-kill       SIGKILL one uvicorn process mid-play, restart it, then SIGKILL the other:
                  every client reconnects to the live one and finishes.
  redis-restart   SIGKILL redis-server (no persistence: groups and queued tasks are gone),
                  start it again; twice. Play resumes.
  duplicates      every seat has two tabs on different servers racing, and one of them sends
                  each action twice: exactly one action is stored a seq. The racing tabs'
                  syncs refused by the server's one-a-second limit (with ``retry_after``,
                  which the client honours) are reported as explained, not as failures.
  worker-kill     matches end by resignation in a burst; the Celery worker's pool is
                  SIGKILLed while recording, later the whole worker: every result is recorded
                  once (two rating changes a match, ratings and standings exact).
  forfeit         one seat never connects (half the matches) or leaves on move (the other
                  half); after the move timeout beat's task forfeits the match and the
                  connected player is sent the finished state with reason forfeit.
  spectator-flood --flood anonymous spectators (default 100) join the matches under play and
                  send ``sync`` as fast as they can for --flood-seconds; the players' move
                  round trip before and during the flood is reported (docs/security.md,
                  finding 5: each sync once took a row lock, and 100 such sockets took p50
                  from 12 to 480 ms).

Usage:
    .venv/bin/python bench/faults.py [--scenario NAME ...] [--matches 60] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.deploy import (  # noqa: E402
    LIVE_MESSAGE_BURST,
    LIVE_MESSAGE_LIMIT,
    Deployment,
    exit_on_sigterm,
)
from bench.load import (  # noqa: E402
    create_matches,
    drive,
    log_problems,
    seat_clients,
    setup_django,
)

DATABASE = "cartelle_faults_harness"
# Clients play like the browser (static/js/match.js): no timeouts of their own, a ping now
# and then (every 25 s there; 5 s here to keep runs short). A client that syncs on a timer
# would hide a connection that went deaf.
BROWSER = {"ack_timeout": None, "idle_timeout": None, "ping_every": 5.0}


def deployment_for(scenario: str, **options) -> Deployment:
    return Deployment(
        database=DATABASE, log_dir=ROOT / "bench" / "logs" / f"faults-{scenario}", **options
    )


async def after_acks(stats, count: int) -> None:
    while len(stats.ack_times) < count:
        await asyncio.sleep(0.05)


def common_report(stats, clients, deployment, matches, *, sent=None, explained=()) -> dict:
    """What every scenario checks: nothing lost or applied twice (``verify_stored``, with
    ``sent`` for racing tabs), nothing leaked (the clients' audits), no error message a
    client did not expect. ``explained``: error codes the scenario's fault accounts for,
    reported under ``explained_errors`` and not failing the verdict."""
    from bench.client import verify_stored

    ids = [match_id for match_id, _ in matches]
    problems = verify_stored(stats.acked, ids, sent=sent)
    audit = [p for c in clients for p in c.audit.problems]
    unexplained = {code: n for code, n in stats.errors.items() if code not in explained}
    return {
        "matches": len(matches),
        "actions_acknowledged": len(stats.ack_times),
        "messages_audited": sum(c.audit.checked for c in clients),
        "audit_problems": audit[:10],
        "stored_check_problems": problems[:10],
        "client_errors": unexplained,
        "explained_errors": {code: n for code, n in stats.errors.items() if code in explained},
        "events": dict(stats.events),
        "server_log_problems": log_problems(deployment),
        "ok": not problems and not audit and not unexplained,
    }


# Scenarios ---------------------------------------------------------------------------------


def asgi_kill(args) -> dict:
    from bench.client import Stats

    with deployment_for("asgi-kill") as deployment:
        setup_django(deployment)
        matches = create_matches(args.matches)
        stats = Stats()
        clients = seat_clients(
            matches, deployment.ports, stats, think=(0.05, 0.3), stop_after=args.actions, **BROWSER
        )
        marks = {}

        async def rolling_crash() -> None:
            await after_acks(stats, args.matches * 10)
            marks["kill_0"] = time.perf_counter()
            deployment.kill_asgi(0)
            await asyncio.sleep(3)
            await asyncio.to_thread(deployment.start_asgi, 0)
            await after_acks(stats, args.matches * 30)
            marks["kill_1"] = time.perf_counter()
            deployment.kill_asgi(1)

        elapsed = asyncio.run(drive(deployment, clients, faults=[rolling_crash()]))
        report = common_report(stats, clients, deployment, matches)
        report.update(
            elapsed_s=round(elapsed, 1),
            kills=len(marks),
            seats_reconnected=sum(1 for c in clients if c.connections > 1),
            longest_stall_after_a_kill_s=_stall_after(stats, marks.values()),
        )
        report["ok"] = report["ok"] and report["kills"] == 2 and _all_done(clients)
        return report


def redis_restart(args) -> dict:
    from bench.client import Stats

    with deployment_for("redis-restart") as deployment:
        setup_django(deployment)
        matches = create_matches(args.matches)
        stats = Stats()
        clients = seat_clients(
            matches, deployment.ports, stats, think=(0.05, 0.3), stop_after=args.actions, **BROWSER
        )
        restarts = []

        async def restart(down_for: float) -> None:
            deployment.kill_redis()
            await asyncio.sleep(down_for)
            await asyncio.to_thread(deployment.start_redis)
            restarts.append(time.perf_counter())

        async def twice() -> None:
            await after_acks(stats, args.matches * 10)
            await restart(2.0)
            await after_acks(stats, args.matches * 30)
            await restart(0.2)

        elapsed = asyncio.run(drive(deployment, clients, faults=[twice()]))
        report = common_report(stats, clients, deployment, matches)
        report.update(
            elapsed_s=round(elapsed, 1),
            restarts=len(restarts),
            seats_reconnected=sum(1 for c in clients if c.connections > 1),
            first_ack_after_each_restart_s=[
                round(min((t for t in stats.ack_times if t > r), default=r) - r, 2)
                for r in restarts
            ],
            longest_stall_after_a_restart_s=_stall_after(stats, [r - 2 for r in restarts]),
        )
        report["ok"] = report["ok"] and len(restarts) == 2 and _all_done(clients)
        return report


def duplicates(args) -> dict:
    from bench.client import SeatClient, Stats

    with deployment_for("duplicates") as deployment:
        setup_django(deployment)
        from games.models import Deal

        matches = create_matches(args.matches)
        stats = Stats(multi_tab=True)
        clients = seat_clients(
            matches,
            deployment.ports,
            stats,
            think=(0.0, 0.05),
            stop_after=args.actions,
            send_twice=True,
            message_limit=LIVE_MESSAGE_LIMIT,
            message_burst=LIVE_MESSAGE_BURST,
            **BROWSER,
        )
        rng = random.Random(7)
        rivals = [
            SeatClient(
                match_id=c.match_id,
                seat=c.seat,
                cookie=c.cookie,
                urls=c.urls,
                stats=stats,
                start=c.start + 1,  # the other server
                stop_after=args.actions,
                rng=random.Random(rng.random()),
                message_limit=LIVE_MESSAGE_LIMIT,
                message_burst=LIVE_MESSAGE_BURST,
                **BROWSER,
            )
            for c in clients
        ]
        elapsed = asyncio.run(drive(deployment, clients + rivals))
        # Two tabs of a seat racing (the fault) are refused as stale and each asks for a
        # sync; the server takes one sync a second a socket (docs/security.md, finding 5),
        # so a sync refused with its retry_after, honoured by the client, is this fault's
        # doing. So is a message refused by the limit of messages a second a socket when
        # the tab itself had sent that many within the last 1.5 s: a tab that sends every
        # action twice, 0-50 ms after each state, passes the limit when the server is fast
        # enough (``rate_limited_own_rate``; any other ``rate_limited`` still fails).
        # Anything lost, doubled or leaked still fails.
        report = common_report(
            stats,
            clients + rivals,
            deployment,
            matches,
            sent=stats.sent,
            explained=("rate_limited_sync", "rate_limited_own_rate"),
        )
        stored = sum(
            len(actions)
            for actions in Deal.objects.filter(match_id__in=[m for m, _ in matches]).values_list(
                "actions", flat=True
            )
        )
        sends = sum(len(per_seq) for m in stats.sent.values() for per_seq in m.values())
        report.update(
            elapsed_s=round(elapsed, 1),
            tabs=len(clients) + len(rivals),
            actions_stored=stored,
            distinct_actions_sent=sends,
            refused_as_stale=stats.events.get("error:stale", 0),
        )
        return report


def worker_kill(args) -> dict:
    from bench.client import Stats

    report: dict = {}
    extra = {}
    if args.visibility_timeout is not None:
        extra["CELERY_VISIBILITY_TIMEOUT"] = str(args.visibility_timeout)
    with deployment_for("worker-kill", extra_env=extra) as deployment:
        setup_django(deployment)
        for variant in ("pool", "whole"):
            matches = create_matches(args.matches)
            stats = Stats()
            clients = seat_clients(
                matches, deployment.ports, stats, think=(0.02, 0.1), stop_after=0, **BROWSER
            )
            for client in clients:
                if client.seat == 0:
                    client.resign_at = 12
            killed: dict = {}

            async def kill_while_recording(variant=variant, stats=stats, killed=killed) -> None:
                while len(stats.finished) < max(1, args.matches // 10):
                    await asyncio.sleep(0.02)
                killed["pids"] = deployment.kill_worker(pool_only=variant == "pool")
                killed["at"] = time.time()
                if variant == "whole":
                    await asyncio.sleep(2)
                    deployment.start_worker()

            elapsed = asyncio.run(drive(deployment, clients, faults=[kill_while_recording()]))
            ids = [match_id for match_id, _ in matches]
            recorded, done_at = _wait_recorded(ids, timeout=args.record_timeout)
            broker = _broker_state(deployment.redis_url)
            part = common_report(stats, clients, deployment, matches)
            part.update(
                elapsed_s=round(elapsed, 1),
                killed_pids=killed.get("pids"),
                finished=len(stats.finished),
                recorded_matches=recorded,
                seconds_until_all_recorded_after_kill=(
                    round(done_at - killed["at"], 1) if recorded == len(ids) else None
                ),
                rating_problems=_rating_problems(ids)[:10],
                broker_after=broker,
                killed_at=datetime.fromtimestamp(killed["at"]).astimezone().isoformat(),
                unrecorded_finished_at=_unrecorded(ids),
            )
            part["ok"] = part["ok"] and recorded == len(ids) and not part["rating_problems"]
            report[variant] = part
    report["ok"] = all(part["ok"] for part in report.values() if isinstance(part, dict))
    return report


def forfeit(args) -> dict:
    from django.utils import timezone

    from bench.client import Stats

    timeout = timedelta(seconds=args.move_timeout)
    with deployment_for("forfeit") as deployment:
        setup_django(deployment)
        from games.models import Match

        matches = create_matches(args.matches, move_timeout=timeout)
        Match.objects.filter(pk__in=[m for m, _ in matches]).update(
            move_deadline=timezone.now() + timeout
        )
        stats = Stats()
        clients = seat_clients(
            matches, deployment.ports, stats, think=(0.05, 0.2), stop_after=0, **BROWSER
        )
        absent = {}
        present = []
        for index, client in enumerate(clients):
            match_index = index // 2
            if match_index % 2 == 0:  # seat 1 never connects
                if client.seat == 1:
                    absent[client.match_id] = 1
                    continue
            elif client.seat == 0:  # seat 0 walks away once on move after 6 actions
                client.leave_at = 6
                absent[client.match_id] = 0
            client.give_up_after = 600
            present.append(client)
        elapsed = asyncio.run(drive(deployment, present))
        ids = [m for m, _ in matches]
        rows = Match.objects.in_bulk(ids)
        wrong = [
            f"match {m}: {rows[m].status} {rows[m].reason} winner {rows[m].winner_seat}"
            for m in ids
            if (rows[m].reason, rows[m].winner_seat) != ("forfeit", 1 - absent[m])
        ]
        told = [
            m
            for m in ids
            if stats.results.get(m, {}).get("reason") == "forfeit"
            and stats.results[m]["winner"] == 1 - absent[m]
        ]
        delays = sorted(
            r["at"] - datetime.fromisoformat(r["deadline"]).timestamp()
            for r in stats.results.values()
            if r.get("deadline")
        )
        report = common_report(stats, present, deployment, matches)
        report.update(
            elapsed_s=round(elapsed, 1),
            move_timeout_s=args.move_timeout,
            forfeited=len(ids) - len(wrong),
            wrong=wrong[:10],
            opponents_told=len(told),
            told_after_deadline_s={
                "min": round(delays[0], 1) if delays else None,
                "max": round(delays[-1], 1) if delays else None,
            },
            recording_problems=_rating_problems(ids, wait=60)[:10],
        )
        report["ok"] = (
            report["ok"]
            and not wrong
            and len(told) == len(ids)
            and not report["recording_problems"]
        )
        return report


# Checks ------------------------------------------------------------------------------------


def _all_done(clients) -> bool:
    return all(client.done for client in clients)


def _stall_after(stats, marks) -> list[float]:
    """For each fault time, the longest gap between two acks in the 10 s after it."""
    stalls = []
    for mark in marks:
        times = sorted(t for t in stats.ack_times if mark - 1 <= t <= mark + 10)
        gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
        stalls.append(round(max(gaps, default=0.0), 2))
    return stalls


def _wait_recorded(match_ids, *, timeout: float) -> tuple[int, float]:
    """Wait until every match has its rating changes: (matches recorded, wall time then)."""
    from tournaments.models import RatingChange

    deadline = time.monotonic() + timeout
    while True:
        recorded = (
            RatingChange.objects.filter(match_id__in=match_ids)
            .values("match_id")
            .distinct()
            .count()
        )
        if recorded == len(match_ids) or time.monotonic() > deadline:
            return recorded, time.time()
        time.sleep(0.5)


def _unrecorded(match_ids) -> dict[int, str]:
    """When each match without its rating changes finished (to set against the kill)."""
    from games.models import Match
    from tournaments.models import RatingChange

    rated = RatingChange.objects.values("match_id")
    return {
        match.pk: match.finished_at.isoformat()
        for match in Match.objects.filter(pk__in=match_ids).exclude(pk__in=rated)
    }


def _broker_state(url: str) -> dict:
    """Where Celery's messages are in Redis: queued, delivered but unacknowledged, and
    whether a sweeper holds the mutex that guards restoring them.
    """
    import redis

    client = redis.Redis.from_url(url)
    try:
        queued = Counter()
        for raw in client.lrange("celery", 0, -1):
            headers = json.loads(raw).get("headers", {})
            queued[f"{headers.get('task')}{headers.get('argsrepr')}"] += 1
        return {
            "queued": client.llen("celery"),
            "queued_tasks": dict(queued.most_common(10)),
            "unacked": client.hlen("unacked"),
            "unacked_mutex_ttl_s": client.ttl("unacked_mutex"),
        }
    finally:
        client.close()


def _rating_problems(match_ids, *, wait: float = 0) -> list[str]:
    """Each match's result counted exactly once: two rating changes, the players' ratings
    and rated matches as one Elo update from 1500 (each player plays one match here), and
    the standings of its tournament: played 1, the winner with the win.
    """
    from games.models import Match
    from tournaments.models import Rating, RatingChange, Standing

    if wait:
        _wait_recorded(match_ids, timeout=wait)
    problems = []
    for match in Match.objects.filter(pk__in=match_ids).prefetch_related("seats"):
        seats = sorted(match.seats.all(), key=lambda s: s.number)
        changes = list(RatingChange.objects.filter(match=match))
        if len(changes) != 2:
            problems.append(f"match {match.pk}: {len(changes)} rating changes")
            continue
        for seat in seats:
            rating = Rating.objects.get(player_id=seat.player_id, game=match.game)
            expected = 1520.0 if seat.number == match.winner_seat else 1480.0
            if (rating.rating, rating.rated_matches) != (expected, 1):
                problems.append(f"match {match.pk}: seat {seat.number} rated {rating.rating}")
        standings = {
            s.entry.player_id: (s.played, s.wins)
            for s in Standing.objects.filter(
                tournament_id=match.round.tournament_id
            ).select_related("entry")
        }
        for seat in seats:
            want = (1, 1 if seat.number == match.winner_seat else 0)
            if standings.get(seat.player_id) != want:
                problems.append(f"match {match.pk}: standings {standings}")
    return problems


def _without(argv: list[str], *flags: str) -> list[str]:
    """``argv`` without the given flags and the value after each."""
    kept, skip = [], False
    for item in argv:
        if skip:
            skip = False
            continue
        if item in flags:
            skip = item == "--json"
            continue
        kept.append(item)
    return kept


def spectator_flood(args) -> dict:
    import statistics

    import websockets

    from bench.client import Stats

    with deployment_for("spectator-flood") as deployment:
        setup_django(deployment)
        matches = create_matches(args.matches)
        stats = Stats()
        clients = seat_clients(
            matches, deployment.ports, stats, think=(0.2, 0.9), stop_after=args.actions, **BROWSER
        )
        marks: dict[str, float] = {}
        flood_stats: Counter = Counter()

        async def one_spectator(index: int, stop: asyncio.Event) -> None:
            match_id = matches[index % len(matches)][0]
            port = deployment.ports[index % len(deployment.ports)]
            url = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/"
            try:
                async with websockets.connect(url, origin=f"http://127.0.0.1:{port}") as ws:
                    flood_stats["connected"] += 1
                    while not stop.is_set():
                        await ws.send('{"type": "sync"}')
                        flood_stats["syncs_sent"] += 1
                        try:
                            answer = await asyncio.wait_for(ws.recv(), 0.02)
                            kind = "rate_limited" if "rate_limited" in answer else "answered"
                            flood_stats[kind] += 1
                        except TimeoutError:
                            pass
            except Exception as error:  # refused (over a cap) or closed: count it
                flood_stats[f"closed: {type(error).__name__}"] += 1

        async def flood() -> None:
            await after_acks(stats, args.matches * 8)
            marks["start"] = time.perf_counter()
            stop = asyncio.Event()
            spectators = [asyncio.create_task(one_spectator(i, stop)) for i in range(args.flood)]
            await asyncio.sleep(args.flood_seconds)
            stop.set()
            marks["end"] = time.perf_counter()
            await asyncio.gather(*spectators, return_exceptions=True)

        elapsed = asyncio.run(drive(deployment, clients, faults=[flood()]))
        report = common_report(stats, clients, deployment, matches)
        before = [rtt for at, rtt in stats.rtt_at if at < marks.get("start", 0)]
        during = [
            rtt for at, rtt in stats.rtt_at if marks.get("start", 0) <= at < marks.get("end", 0)
        ]

        def p(values: list[float], q: int) -> float | None:
            if not values:
                return None
            return (
                round(statistics.quantiles(values, n=100)[q - 1], 1)
                if len(values) > 1
                else values[0]
            )

        report.update(
            elapsed_s=round(elapsed, 1),
            spectators=args.flood,
            flood_seconds=args.flood_seconds,
            flood=dict(flood_stats),
            rtt_ms_before={"n": len(before), "p50": p(before, 50), "p99": p(before, 99)},
            rtt_ms_during={"n": len(during), "p50": p(during, 50), "p99": p(during, 99)},
        )
        return report


SCENARIOS = {
    "asgi-kill": asgi_kill,
    "redis-restart": redis_restart,
    "duplicates": duplicates,
    "worker-kill": worker_kill,
    "forfeit": forfeit,
    "spectator-flood": spectator_flood,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", nargs="+", choices=list(SCENARIOS), default=list(SCENARIOS))
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--actions", type=int, default=80, help="actions a match, then stop")
    parser.add_argument("--move-timeout", type=float, default=5.0)
    parser.add_argument("--visibility-timeout", type=int, default=None)
    parser.add_argument("--record-timeout", type=float, default=180.0)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--flood", type=int, default=100, help="spectator-flood: sockets")
    parser.add_argument("--flood-seconds", type=float, default=20.0)
    args = parser.parse_args()
    exit_on_sigterm()
    results = {}
    if len(args.scenario) > 1:
        # One process a scenario: each has its own deployment, Redis and Django setup.
        stopped: list = []
        scratch = Path(tempfile.mkdtemp(prefix="cartelle-faults-"))
        for name in args.scenario:
            out = scratch / f"{name}.json"
            forwarded = [a for a in sys.argv[1:] if a not in args.scenario]
            argv = [sys.executable, __file__, *_without(forwarded, "--scenario", "--json")]
            child = subprocess.Popen([*argv, "--scenario", name, "--json", str(out)])
            signal.signal(signal.SIGTERM, lambda *_, child=child: stopped.append(child.terminate()))
            child.wait()
            if stopped:  # terminated: stop here, the child has stopped its deployment
                sys.exit(143)
            results[name] = json.loads(out.read_text())[name] if out.exists() else {"ok": False}
    else:
        name = args.scenario[0]
        print(f"== {name}", flush=True)
        results[name] = SCENARIOS[name](args)
        print(json.dumps(results[name], indent=2, default=str), flush=True)
    print(json.dumps({name: r.get("ok") for name, r in results.items()}))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")


if __name__ == "__main__":
    main()
