"""Benchmark: the round trip of one move through a real ASGI server on PostgreSQL and Redis.

Not part of the test suite. It migrates a database of its own, starts uvicorn with the
project's ASGI application, logs two players in (real session cookies), connects both
seats over WebSocket and plays random legal moves, timing each from the moment the mover
sends it until the mover receives the new state. Prints p50/p95/p99 in milliseconds.

Usage:
    .venv/bin/python bench/roundtrip.py [--moves 2000] [--port 8765]
        [--game spizzichino] [--seats 2] [--options '{"hands": 16}']
With ``--seats N`` the match is a table of N (every seat connected, each receiving its
own state on every move), e.g. ``--game sette-e-mezzo --seats 8``.
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cartelle_bench),
REDIS_URL (default redis://127.0.0.1:6379/2).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cartelle_bench")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/2")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-only-secret")
os.environ.setdefault("LIVE_MAX_MESSAGES_PER_SECOND", "1000")


def ensure_database(url: str, *, fresh: bool = False) -> None:
    """Create the benchmark database when it does not exist; with ``fresh``, drop it
    first (what earlier runs left, live matches among it, is work for beat's tasks)."""
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(url)
    admin = psycopg.connect(
        host=config["HOST"],
        port=config["PORT"] or 5432,
        user=config["USER"],
        dbname="postgres",
        autocommit=True,
    )
    if fresh:
        admin.execute(f'DROP DATABASE IF EXISTS "{config["NAME"]}" WITH (FORCE)')
    exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]])
    if exists.fetchone() is None:
        admin.execute(f'CREATE DATABASE "{config["NAME"]}"')
    admin.close()


def setup_django():
    ensure_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def new_match(
    index: int,
    game: str = "spizzichino",
    seats: int = 2,
    options=None,
    *,
    players=None,
    move_timeout=None,
):
    """A started match of ``game`` at a table of ``seats`` (two-player Spizzichino by
    default); returns (match, {seat: cookie}).

    ``players``: who sits (``seats`` of them; default: new players); ``move_timeout``: the
    tournament's move clock (a timedelta; default: the model's).
    """
    from django.conf import settings
    from django.test import Client

    from accounts.models import Player
    from tournaments import services
    from tournaments.models import Tournament

    stamp = f"{int(time.time())}-{index}-{random.randrange(10**6)}"
    if players is None:
        players = [Player.objects.create_user(f"b{p}-{stamp}", password="x") for p in range(seats)]
    extra = {} if move_timeout is None else {"move_timeout": move_timeout}
    tournament = Tournament.objects.create(
        name=f"Bench {stamp}",
        slug=f"bench-{stamp}",
        game=game,
        options=options or {},
        table_size=seats,
        **extra,
    )
    services.tournament_open_registration(tournament=tournament)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    services.tournament_make_schedule(tournament_id=tournament.pk)
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    match = round_.matches.get()
    cookies = {}
    for seat in match.seats.select_related("player"):
        client = Client()
        client.force_login(seat.player)
        cookies[seat.number] = (
            f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
        )
    return match, cookies


def wait_for_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


async def play_match(port: int, match_id: int, cookies: dict, moves_left: int, timings: list):
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/"
    origin = f"http://127.0.0.1:{port}"
    sockets, queues = {}, {}
    for seat, cookie in cookies.items():
        sockets[seat] = await websockets.connect(
            url, additional_headers={"Cookie": cookie}, origin=origin
        )
        queues[seat] = asyncio.Queue()

    async def reader(seat):
        async for raw in sockets[seat]:
            await queues[seat].put((time.perf_counter(), json.loads(raw)))

    readers = [asyncio.create_task(reader(seat)) for seat in sockets]
    states = {seat: (await queues[seat].get())[1] for seat in sockets}
    played = 0
    rng = random.Random(match_id)
    while played < moves_left:
        mover = next((s for s, st in states.items() if st["view"]["legal_actions"]), None)
        if mover is None or states[mover]["match"]["status"] != "in_progress":
            break
        seq = states[mover]["seq"]
        action = rng.choice(states[mover]["view"]["legal_actions"])
        sent = time.perf_counter()
        await sockets[mover].send(json.dumps({"type": "action", "action": action, "seq": seq}))
        for seat in sockets:
            while True:
                received, message = await queues[seat].get()
                if message["type"] == "error":
                    raise RuntimeError(message)
                if message["seq"] > seq:
                    states[seat] = message
                    if seat == mover:
                        timings.append((received - sent) * 1000)
                    break
        played += 1
    for task in readers:
        task.cancel()
    for ws in sockets.values():
        await ws.close()
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--game", default="spizzichino")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--options", type=json.loads, default=None)
    args = parser.parse_args()
    setup_django()
    env = dict(os.environ, DB_CONN_MAX_AGE="600")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--port",
            str(args.port),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_for_port(args.port)
        timings: list[float] = []
        index = 0
        while len(timings) < args.moves:
            match, cookies = new_match(index, args.game, args.seats, args.options)
            index += 1
            asyncio.run(
                play_match(args.port, match.pk, cookies, args.moves - len(timings), timings)
            )
        timings.sort()

        def pct(p: float) -> float:
            return timings[min(len(timings) - 1, int(p / 100 * len(timings)))]

        print(f"moves: {len(timings)} over {index} matches (one server process, uvicorn)")
        print(
            f"round trip ms: p50 {pct(50):.2f}  p95 {pct(95):.2f}  p99 {pct(99):.2f}  "
            f"mean {statistics.fmean(timings):.2f}  max {timings[-1]:.2f}"
        )
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a connection left open holds up the shutdown
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
