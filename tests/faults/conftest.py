"""Fault fixtures: real uvicorn processes on the test database, an own redis-server.

The servers are subprocesses (so one can be SIGKILLed) started with bench/deploy.py's
helpers. They use the pytest test database (``transactional_db``: the test's rows are
committed, so they see them), the test's SECRET_KEY (so the test's session cookies are
theirs), and run Celery tasks eagerly as the test process does. Teardown stops them and
terminates their leftover database connections so the test database can be flushed.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import threading
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from bench.client import SeatClient, Stats, verify_stored
from bench.deploy import (
    POSTGRES,
    Process,
    asgi_argv,
    free_port,
    server_env,
    start_process,
    wait_for_port,
    wait_for_port_closed,
)


def cookie_for(player) -> str:
    """A real session cookie for ``player`` (the header value a browser would send)."""
    client = Client()
    client.force_login(player)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def terminate_other_connections() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@dataclass
class Servers:
    """uvicorn subprocesses serving the project against the test database."""

    redis_url: str
    log_dir: object
    extra_env: dict[str, str | None] = field(default_factory=dict)
    ports: list[int] = field(default_factory=list)
    processes: list[Process] = field(default_factory=list)
    retired: list[Process] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        return server_env(
            POSTGRES + connection.settings_dict["NAME"],
            self.redis_url,
            SECRET_KEY=settings.SECRET_KEY,
            CELERY_TASK_ALWAYS_EAGER="1",
            DB_CONN_MAX_AGE="0",
            CHANNELS_PREFIX=f"faults{self.redis_url.rsplit(':', 1)[-1].replace('/', '-')}",
            **self.extra_env,
        )

    def start(self, count: int) -> Servers:
        for _ in range(count):
            port = free_port()
            self.ports.append(port)
            self.processes.append(
                start_process(f"asgi-{port}", asgi_argv(port), self.env(), self.log_dir)
            )
        for port in self.ports:
            wait_for_port(port, timeout=60)
        return self

    def kill(self, index: int) -> None:
        """SIGKILL server ``index``: no shutdown, its connections and transactions drop."""
        self.processes[index].kill()
        wait_for_port_closed(self.ports[index])

    def restart(self, index: int) -> None:
        """Start server ``index`` again on its port (after ``kill``)."""
        port = self.ports[index]
        self.retired.append(self.processes[index])
        self.processes[index] = start_process(
            f"asgi-{port}-{len(self.retired)}", asgi_argv(port), self.env(), self.log_dir
        )
        wait_for_port(port, timeout=60)

    def urls(self, match_id: int) -> list[str]:
        return [f"ws://127.0.0.1:{port}/ws/matches/{match_id}/" for port in self.ports]

    def logs(self) -> str:
        return "\n".join(
            p.log.read_text(errors="replace") for p in [*self.retired, *self.processes]
        )

    def stop(self) -> None:
        for process in self.processes:
            process.kill()  # a graceful shutdown would wait for lingering sockets


@pytest.fixture
def servers(transactional_db, tmp_path):
    """A factory: ``servers(2)`` starts two uvicorn processes on the configured Redis;
    ``extra_env``: more of their environment (``bench.deploy.server_env``)."""
    started: list[Servers] = []

    def start(count: int = 2, *, redis_url: str | None = None, **extra_env) -> Servers:
        group = Servers(redis_url or settings.REDIS_URL, tmp_path, extra_env)
        started.append(group)
        return group.start(count)

    yield start
    for group in started:
        group.stop()
    terminate_other_connections()


@dataclass
class OwnRedis:
    """A redis-server of the test's own on a free port, with no persistence."""

    log_dir: object
    port: int = field(default_factory=free_port)
    process: Process | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> OwnRedis:
        argv = [
            "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", "no",
        ]  # fmt: skip
        self.process = start_process(f"redis-{self.port}", argv, {}, self.log_dir)
        wait_for_port(self.port)
        return self

    def kill(self) -> None:
        self.process.kill()
        wait_for_port_closed(self.port)


@pytest.fixture
def own_redis(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed")
    redis = OwnRedis(tmp_path).start()
    yield redis
    if redis.process is not None:
        redis.process.stop(timeout=5)


def run_at_once(calls) -> list:
    """Run each callable in its own thread, all released together; their results (or the
    ``ClientError`` code they raised), in completion order.
    """
    from games.errors import ClientError

    barrier = threading.Barrier(len(calls))
    results: list = []

    def run(call) -> None:
        barrier.wait()
        try:
            results.append(call())
        except ClientError as error:
            results.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def seat_clients(match, players, urls, stats: Stats, **options) -> list[SeatClient]:
    """One scripted client a seat; seat s starts on ``urls[s]`` (different servers)."""
    rng = random.Random(match.pk)
    return [
        SeatClient(
            match_id=match.pk,
            seat=seat,
            cookie=cookie_for(player),
            urls=urls,
            stats=stats,
            start=seat,
            rng=random.Random(rng.random()),
            **options,
        )
        for seat, player in sorted(players.items())
    ]


async def play_with_fault(clients, fault) -> None:
    """Run the clients to the end with ``fault`` (a coroutine) running alongside."""
    injected = asyncio.create_task(fault)
    try:
        await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), timeout=120)
    finally:
        if not injected.done():
            injected.cancel()
        await asyncio.gather(injected, return_exceptions=True)
    if not injected.cancelled() and injected.exception() is not None:
        raise injected.exception()  # a fault that failed to happen must not pass unseen
    await asyncio.gather(injected, return_exceptions=True)


async def wait_for_actions(stats: Stats, count: int, timeout: float = 60) -> None:
    """Wait until the clients have seen ``count`` actions acknowledged."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while sum(len(m) for m in stats.acked.values()) < count:
        if loop.time() > deadline:
            raise AssertionError(f"only {stats.acked} acknowledged")
        await asyncio.sleep(0.02)


def assert_nothing_lost(stats: Stats, clients, match) -> None:
    """Every acknowledged action stored once at its seq; the match's seq is its count; no
    error message, and nothing the audit found in what the clients received.
    """
    assert verify_stored(stats.acked, [match.pk]) == []
    assert stats.errors == {}, stats.errors
    assert [problem for client in clients for problem in client.audit.problems] == []
    assert stats.acked.get(match.pk)
