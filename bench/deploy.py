"""The deployment that scales, started on this machine for the load and fault harness.

Two ASGI server processes (uvicorn, one port each) share PostgreSQL and the Redis channel
layer; a Celery worker and Celery beat use the same Redis as their broker. By default the
harness runs its own ``redis-server`` on a free port (``--save "" --appendonly no``), so it
can kill and restart Redis without disturbing anyone else's runs, and uses a database of
its own. Every process runs with ``DEBUG=0`` and a ``SECRET_KEY``; logs go to one file a
process under ``--log-dir``.

Not part of the test suite. ``bench/load.py`` and ``bench/faults.py`` drive it;
``tests/faults`` use ``start_process``/``wait_for_port``/``peak_rss_kib`` to run
uvicorn subprocesses against the test database.

Usage (serves until Ctrl-C, printing the URLs and process ids):
    .venv/bin/python bench/deploy.py [--database cartelle_load] [--ports 8101 8102]
        [--redis-url redis://127.0.0.1:6379/5]   # else an own redis-server on a free port
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.roundtrip import ensure_database, wait_for_port  # noqa: E402, F401

PYTHON = str(ROOT / ".venv" / "bin" / "python")
POSTGRES = "postgres://postgres@127.0.0.1:5432/"
# Shared with the harness process, which logs players in: a session signed with another
# key would be "corrupted" to the servers.
SECRET_KEY = "load-harness-secret-key-not-for-production-0123456789"


def free_port() -> int:
    """A TCP port nobody listens on now (the kernel's pick)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_in_use(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def exit_on_sigterm() -> None:
    """Turn SIGTERM (kill, timeout) into SystemExit, so ``with Deployment()`` stops every
    child: they run in sessions of their own and would otherwise be left running.
    """
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def wait_for_port_closed(port: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"port {port} is still open")


LIVE_MESSAGE_LIMIT = 20
"""The servers' messages a second a socket (``LIVE_MAX_MESSAGES_PER_SECOND``)."""
LIVE_MESSAGE_BURST = 2 * LIVE_MESSAGE_LIMIT
"""The most messages a server takes on a socket at once (``LIVE_MESSAGE_BURST_SECONDS``
of 2 seconds' messages)."""


def server_env(database_url: str, redis_url: str, **extra: str | None) -> dict[str, str]:
    """The environment of every server process: production-like settings, explicit.

    Every key that changes behaviour is set here rather than inherited, so a harness (or a
    pytest process) with other settings in its own environment does not leak them in.
    ``extra``: more keys; one set to None is removed (the settings' default applies).
    """
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        CELERY_TASK_ALWAYS_EAGER="0",
        LOG_LEVEL="WARNING",
        DB_CONN_MAX_AGE="600",
        LIVE_MAX_MESSAGES_PER_SECOND=str(LIVE_MESSAGE_LIMIT),
        LIVE_MESSAGE_BURST_SECONDS=str(LIVE_MESSAGE_BURST // LIVE_MESSAGE_LIMIT),
        # Every simulated player connects from 127.0.0.1: lift the per-address socket cap
        # (docs/security.md) that a real deployment keeps.
        LIVE_MAX_CONNECTIONS_PER_ADDRESS="1000000",
        PYTHONUNBUFFERED="1",
    )
    env.update({key: value for key, value in extra.items() if value is not None})
    for key in [key for key, value in extra.items() if value is None]:
        env.pop(key, None)
    return env


@dataclass
class Process:
    """One child process, started in its own session, with its output in a log file."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    popen: subprocess.Popen | None = None
    peak_rss: dict[int, int] = field(default_factory=dict)

    def start(self) -> Process:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = self.log.open("ab")
        self.popen = subprocess.Popen(
            self.argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        out.close()
        return self

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def pids(self) -> list[int]:
        """This process and its descendants (a Celery worker's pool), read from /proc."""
        if not self.alive():
            return []
        return [self.pid, *descendants(self.pid)]

    def sample_rss(self) -> None:
        """Remember the peak RSS (VmHWM) of each of its processes seen so far."""
        for pid in self.pids():
            kib = vm_hwm_kib(pid)
            if kib:
                self.peak_rss[pid] = max(self.peak_rss.get(pid, 0), kib)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to this process only (a Celery pool's children see their parent go)."""
        if self.alive():
            self.sample_rss()
            os.kill(self.pid, sig)
            self.popen.wait(timeout=30)

    def stop(self, timeout: float = 15) -> None:
        """SIGTERM, then SIGKILL after ``timeout``; children of a killed parent likewise."""
        if not self.alive():
            return
        self.sample_rss()
        children = descendants(self.pid)
        os.kill(self.pid, signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.kill(self.pid, signal.SIGKILL)
            self.popen.wait(timeout=10)
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def descendants(pid: int) -> list[int]:
    """Every descendant of ``pid``, from /proc/<pid>/task/*/children (cheap: the harness
    samples this every second while it plays).
    """
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        try:
            tasks = list(Path(f"/proc/{parent}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found.extend(children)
            frontier.extend(children)
    return found


def vm_hwm_kib(pid: int) -> int:
    """The peak resident set size of ``pid`` in KiB (VmHWM of /proc/<pid>/status), 0 if gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def asgi_argv(port: int) -> list[str]:
    return [
        PYTHON, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
        "--port", str(port), "--log-level", "warning", "--no-access-log", "--lifespan", "off",
        "--timeout-graceful-shutdown", "3", "--ws-max-size", "65536",  # as bin/live
        "--ws-per-message-deflate", "false",
        # As bin/live: the site resolves the client's address itself (config/client_ip.py).
        "--no-proxy-headers",
    ]  # fmt: skip


def start_process(name: str, argv: list[str], env: dict[str, str], log_dir: Path) -> Process:
    return Process(name, argv, env, log_dir / f"{name}.log").start()


@dataclass
class Deployment:
    """The scaling deployment: ``len(ports)`` uvicorn processes, a worker, beat, Redis;
    with ``fresh_database``, on a database dropped and created again.

    Use as a context manager; every process it started is stopped on exit.
    """

    database: str = "cartelle_load"
    ports: tuple[int, ...] = (8101, 8102)
    redis_url: str | None = None
    worker_concurrency: int = 2
    beat: bool = True
    log_dir: Path = ROOT / "bench" / "logs"
    extra_env: dict[str, str | None] = field(default_factory=dict)
    processes: dict[str, Process] = field(default_factory=dict)
    redis_port: int | None = None
    retired: list[Process] = field(default_factory=list)
    fresh_database: bool = False

    @property
    def database_url(self) -> str:
        return POSTGRES + self.database

    @property
    def env(self) -> dict[str, str]:
        assert self.redis_url is not None
        return server_env(self.database_url, self.redis_url, **self.extra_env)

    def __enter__(self) -> Deployment:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        """1. an own redis-server unless ``redis_url`` was given; 2. create and migrate the
        database; 3. the ASGI servers, the worker and beat; 4. wait for every port.
        """
        self.log_dir.mkdir(parents=True, exist_ok=True)
        for old in self.log_dir.glob("*.log"):
            old.unlink()
        if self.redis_url is None:
            self.redis_port = free_port()
            self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
            self.start_redis()
        ensure_database(self.database_url, fresh=self.fresh_database)
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=ROOT, env=self.env, check=True,
        )  # fmt: skip
        for index in range(len(self.ports)):
            self.start_asgi(index, wait=False)
        self.start_worker()
        if self.beat:
            self.processes["beat"] = start_process(
                "beat",
                [PYTHON, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING"],
                self.env,
                self.log_dir,
            )
        for port in self.ports:
            wait_for_port(port, timeout=60)

    # Redis --------------------------------------------------------------------------------

    def start_redis(self) -> None:
        assert self.redis_port is not None, "only the harness's own Redis can be restarted"
        self.processes["redis"] = start_process(
            "redis",
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--maxclients",
                "10000",
            ],  # fmt: skip
            dict(os.environ),
            self.log_dir,
        )
        wait_for_port(self.redis_port)

    def kill_redis(self) -> None:
        """SIGKILL the harness's redis-server: every key (groups, queued tasks) is lost."""
        self._retire("redis").kill()
        assert self.redis_port is not None
        wait_for_port_closed(self.redis_port)

    # ASGI ---------------------------------------------------------------------------------

    def start_asgi(self, index: int, *, wait: bool = True) -> Process:
        port = self.ports[index]
        if port_in_use(port):  # else we would measure whoever is serving there
            raise RuntimeError(f"port {port} is in use: stop that server or pick --ports")
        process = start_process(f"asgi-{port}", asgi_argv(port), self.env, self.log_dir)
        self.processes[f"asgi-{index}"] = process
        if wait:
            wait_for_port(port, timeout=60)
        return process

    def kill_asgi(self, index: int) -> None:
        """SIGKILL one ASGI server mid-flight: no shutdown, its sockets simply drop."""
        self._retire(f"asgi-{index}").kill()

    # Celery -------------------------------------------------------------------------------

    def start_worker(self) -> Process:
        number = sum(1 for p in self.retired if p.name.startswith("worker")) + 1
        self.processes["worker"] = start_process(
            f"worker{number}",
            [
                PYTHON,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--loglevel=WARNING",
                f"--concurrency={self.worker_concurrency}",
                # As bin/live: gossip and mingle are for brokers with broadcast, and Celery's
                # gossip fails to restart after a Redis restart (an AttributeError).
                "--without-gossip",
                "--without-mingle",
                "-n",
                f"load{number}@%h",
            ],  # fmt: skip
            self.env,
            self.log_dir,
        )
        return self.processes["worker"]

    def kill_worker(self, *, pool_only: bool = False) -> list[int]:
        """SIGKILL the Celery worker: its pool processes only (the parent sees them lost
        and, with ``reject_on_worker_lost``, requeues their tasks), or the whole worker
        (its unacknowledged tasks come back after the broker's visibility timeout).

        Returns:
            The pids killed.
        """
        worker = self.processes["worker"]
        children = descendants(worker.pid)
        worker.sample_rss()
        if pool_only:
            for pid in children:
                os.kill(pid, signal.SIGKILL)
            return children
        for pid in [worker.pid, *children]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        worker.popen.wait(timeout=30)
        self._retire("worker")
        return [worker.pid, *children]

    # Bookkeeping --------------------------------------------------------------------------

    def _retire(self, key: str) -> Process:
        process = self.processes.pop(key)
        self.retired.append(process)
        return process

    def sample_rss(self) -> None:
        for process in self.processes.values():
            process.sample_rss()

    def peak_rss(self) -> dict[str, int]:
        """Peak RSS in KiB per server process (uvicorn, worker and its pool, beat), over
        every process started, including killed ones. Redis is left out.
        """
        self.sample_rss()
        peaks: dict[str, int] = {}
        for process in [*self.retired, *self.processes.values()]:
            if process.name == "redis":
                continue
            for pid, kib in process.peak_rss.items():
                label = process.name if pid == process.popen.pid else f"{process.name}-pool"
                peaks[label] = max(peaks.get(label, 0), kib)
        return peaks

    def stop(self) -> None:
        for key in [k for k in self.processes if k != "redis"] + ["redis"]:
            if key in self.processes:
                self.processes[key].stop()

    def describe(self) -> str:
        lines = [f"database {self.database_url}", f"redis {self.redis_url}"]
        for key, process in self.processes.items():
            lines.append(f"{key:8} pid {process.pid:7}  log {process.log}")
        for port in self.ports:
            lines.append(f"serving http://127.0.0.1:{port}/")
        return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="cartelle_load")
    parser.add_argument("--ports", type=int, nargs="+", default=[8101, 8102])
    parser.add_argument("--redis-url", default=None)
    parser.add_argument("--no-beat", action="store_true")
    args = parser.parse_args()
    deployment = Deployment(
        database=args.database,
        ports=tuple(args.ports),
        redis_url=args.redis_url,
        beat=not args.no_beat,
    )
    exit_on_sigterm()
    with deployment:
        print(deployment.describe(), flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
